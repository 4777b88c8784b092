"""TOML programs (a static site's `program.toml`, `[[talks]]` tables): loaded with
the standard library's reader and read as the JSON tree they are
(`table.parse_tree`), as YAML programs are (ingest/formats/yamltree.py).

A TOML document is recognised by its lines and its reading: its first line that
says something (comments aside) is a table header ("[conference]", "[[talks]]") or
a key and its value ("name = ..."), a header comes somewhere, and the text loads as
TOML into tables that hold a table or a list. Dates and date-times come back as the ISO text JSON would hold; a
local date-time (no offset) is read in the document's zone, as in JSON.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from ingest.formats import table
from ingest.formats.registry import Format, Options, Result, register
from ingest.formats.yamltree import as_json, with_cut
from talkbase.core.errors import InputError

NAME = "toml"
_HEAD = 65536
_HEADER = re.compile(r"""^\[\[?\s*[\w"'.\- ]+\s*\]\]?\s*(?:#.*)?$""")
_KEY = re.compile(r"""^(?:[\w\-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[\w\-]+|"[^"]*"))*\s*=""")


def load(text: str, document: str) -> object:
    """The tree of a TOML document; an InputError naming its place where it is none."""
    try:
        root = tomllib.loads(text.lstrip("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        last = f"line {max(len(text.splitlines()), 1)}"  # (its end: a file cut short)
        end = "at end of document" in str(exc)
        where = f"line {found[1]}, column {found[2]}" if found else last if end else "line 1"
        raise InputError(document, f"not valid TOML ({str(exc).split(' (at')[0]})", where) from exc
    return as_json(root)


def looks_like(text: str) -> bool:
    lines = [
        line.rstrip()
        for line in text[:_HEAD].lstrip("\ufeff").splitlines()
        if line.strip() and not line[0].isspace() and not line.startswith("#")
    ]
    if not lines or not (_HEADER.match(lines[0]) or _KEY.match(lines[0])):
        return False
    if not any(_HEADER.match(x) for x in lines):
        return False
    try:  # (the lines of a multi-line string sit at the margin too: the reader decides)
        root = load(text, "")
    except InputError:
        return False
    return isinstance(root, dict) and any(isinstance(v, list | dict) for v in root.values())


def _parse(text: str, document: str, options: Options) -> Result:
    root: Any = load(text, document)
    read = table.parse_tree(root, document, NAME, options.mapping, options.default_tz)
    return with_cut(read, root, text, document)


register(Format(NAME, 56, looks_like, _parse, suffixes=(".toml",), syntax=load))

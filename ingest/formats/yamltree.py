"""YAML programs (a Jekyll or Hugo site's `_data/schedule.yml`): loaded safely and
read as the JSON tree they are (`table.parse_tree`, `jsontree`), so a talk is
found wherever it sits, as in a JSON program.

A YAML document is recognised by its lines, not tried on any text: its first line
that says something (comments, "---" and "%YAML" aside) is a key ("days:",
"conference: PyData") or a list item ("- title: ..."), no line at the left margin
is prose, it loads as a list of mappings or a mapping holding a list or a mapping,
and no mapping says a key twice. Markdown is none of these: its headings are comments to YAML, but its paragraphs and its bullets of
text are not keys, and its front matter ("---" ... "---" then text) is two
documents. YAML 1.1's readings that a program never means are not made: "10:00"
is a clock time, not 600 (sexagesimal), and dates come back as the ISO text JSON
would hold.

A site's data files name what a program refers to by id: Jekyll's
`_data/schedule.yml` gives `speakers: [kaarel]`, and `_data/speakers.yml` says who
`kaarel` is (`site.data.speakers`). Such a file holds no talks and is refused as a
program; given in the same command as the program (its folder ingested), it is the
program's reference table (`reference_tables`: a YAML or JSON list of objects with
an id, or a mapping of ids to objects, under a file name or key that names
speakers, rooms or tracks in any language `columns.FIELDS` knows) and its names
replace the ids the programs' talks give (ingest/lookups.py), said in a notice; the
file itself is then told as what it is, not as a failure.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import yaml

from ingest.formats import jsontree, table
from ingest.formats.registry import Format, Options, Result, cut_short, register
from talkbase.core.errors import InputError

NAME = "yaml"
_HEAD = 65536
_SAID = re.compile(r"^(?:---|\.\.\.|%YAML\b|#)")  # a line that says nothing of the tree
_KEY = re.compile(r"""^(?:[^\s#'"\-?:,\[\]{}&*!|>%@`][^:#]*|"[^"]*"|'[^']*'):(?:\s|$)""")
_ITEM = re.compile(r"^-(?:\s|$)")


class _Loader(yaml.SafeLoader):
    """The safe loader, with integers and floats as YAML 1.2 reads them (no
    sexagesimal "10:00" = 600, no "0o17"), so clock times stay text; and a key said
    twice in one mapping refused, as YAML says (the second would silently win: a
    Markdown page of "room: A" lines under headings is no mapping)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[object] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if isinstance(key, str | int | float | bool) and key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} is said twice", key_node.start_mark
                )
            seen.add(key if isinstance(key, str | int | float | bool) else id(key_node))
        return super().construct_mapping(node, deep=deep)


_NUMBERS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
_BOOL = "tag:yaml.org,2002:bool"
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in (*_NUMBERS, _BOOL)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
# (YAML 1.2's booleans only: a talk titled "No" or a room "On" stays text, not False)
_Loader.add_implicit_resolver(
    _BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_Loader.add_implicit_resolver(
    _NUMBERS[0], re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789")
)
_Loader.add_implicit_resolver(
    _NUMBERS[1], re.compile(r"^[-+]?[0-9]*\.[0-9]+(?:[eE][-+]?[0-9]+)?$"), list("-+.0123456789")
)


def _margin_lines(text: str) -> list[str]:
    """The lines at the left margin that say something."""
    return [
        line.rstrip()
        for line in text[:_HEAD].lstrip("\ufeff").splitlines()
        if line.strip() and not line[0].isspace() and not _SAID.match(line)
    ]


def load(text: str, document: str) -> object:
    """The tree of a YAML document; an InputError naming its line where it is none."""
    try:
        root = yaml.load(text.lstrip("\ufeff"), Loader=_Loader)  # noqa: S506 (a safe loader)
    except yaml.MarkedYAMLError as exc:
        mark, problem = exc.problem_mark, exc.problem
        if (
            exc.context
            and exc.context_mark
            and re.search(r"end of stream|<stream end>", str(problem))
        ):
            # (a quote or a bracket never closed: where it opens, not the text's end)
            mark, problem = exc.context_mark, f"{problem} {exc.context} that starts here"
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "line 1"
        raise InputError(document, f"not valid YAML ({problem})", where) from exc
    except (yaml.YAMLError, ValueError, OverflowError, RecursionError) as exc:
        # (a date YAML matches but the calendar has not, "2024-13-45", is a ValueError)
        raise InputError(document, f"not readable YAML ({exc})") from exc
    return as_json(root, document, [MAX_NODES])


MAX_NODES = 2_000_000  # entries a document may hold once its aliases are expanded


def as_json(node: object, document: str = "", budget: list[int] | None = None) -> object:
    """A tree a YAML or TOML reader loaded, as JSON would hold it: dates, times and
    date-times as ISO text, keys as text. Given a `budget` of entries (YAML's: each
    alias, `*name`, is copied where it stands), a document of a few lines whose
    aliases nest ("a billion laughs") is refused once it expands past it."""
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise InputError(
                document, f"its aliases expand to more than {MAX_NODES:,} entries", "line 1"
            )
    if isinstance(node, datetime | date | time):
        return node.isoformat()
    if isinstance(node, dict):
        return {str(k): as_json(v, document, budget) for k, v in node.items()}
    if isinstance(node, list):
        return [as_json(v, document, budget) for v in node]
    return node


def looks_like(text: str) -> bool:
    lines = _margin_lines(text)
    if not lines or not all(_KEY.match(x) or _ITEM.match(x) for x in lines):
        return False
    if _ITEM.match(lines[0]) and not all(_ITEM.match(x) for x in lines):
        return False  # (a list at the top, then keys: no YAML document)
    try:
        root = load(text, "")
    except InputError:
        return False
    items = root if isinstance(root, list) else [root]
    if not items or not all(isinstance(x, dict) for x in items):
        return False
    # a program is a tree: a list somewhere, or mappings in a mapping (one flat
    # mapping of text under comment lines is a Markdown page's "Room: B" lines); and
    # some record in it says two things (a list of one-key mappings under "#" lines is
    # a Markdown page's "- Speaker: Jane Doe" or "- 09:00: Opening" bullets)
    tree = isinstance(root, list) or (
        isinstance(root, dict) and any(isinstance(v, dict | list) for v in root.values())
    )
    return tree and _says_two_things(root)


def _says_two_things(node: object, depth: int = 0) -> bool:
    """Whether a mapping of two keys or more sits in the tree (looked for to a depth
    of 8, along the first 50 entries of each list)."""
    if depth > 8:
        return False
    if isinstance(node, dict):
        return len(node) >= 2 or any(_says_two_things(v, depth + 1) for v in node.values())
    if isinstance(node, list):
        return any(_says_two_things(v, depth + 1) for v in node[:50])
    return False


MAX_TABLE_BYTES = 4 << 20  # a site's data file of people or rooms; a larger one is no lookup
_TABLE_SUFFIXES = (".yml", ".yaml", ".json")


def reference_tables(path: Path) -> tuple[dict[str, dict[str, dict[str, Any]]], str]:
    """The reference tables a site's data file holds (kind -> id -> object, as
    `jsontree.tables` reads them): a list of objects with an id, or a mapping of
    ids to objects, whose file name names their kind ("speakers.yml"), or such
    lists under keys naming it; {} for any other file or one that cannot be read.
    And the sha256 of the file's bytes."""
    if path.suffix.lower() not in _TABLE_SUFFIXES:
        return {}, ""
    try:
        if path.stat().st_size > MAX_TABLE_BYTES:
            return {}, ""
        data = path.read_bytes()
        text = data.decode("utf-8-sig")
        tree = json.loads(text) if path.suffix.lower() == ".json" else load(text, path.name)
    except (OSError, UnicodeDecodeError, ValueError, InputError):
        return {}, ""
    root = dict(tree) if isinstance(tree, dict) else {}
    if (listed := _listed(tree)) is not None:
        root = {path.stem: listed}
    found = jsontree.tables({k: _listed(v) or v for k, v in root.items()}).by_kind
    return {kind: ids for kind, ids in found.items() if ids}, hashlib.sha256(data).hexdigest()


def _listed(node: object) -> list[dict[str, Any]] | None:
    """A list of objects, or a mapping of ids to objects as that list (each object
    given its key as "id" where it says none); None for anything else."""
    if isinstance(node, list) and node and all(isinstance(x, dict) for x in node):
        return node
    if isinstance(node, dict) and node and all(isinstance(x, dict) for x in node.values()):
        return [{"id": key, **value} for key, value in node.items()]
    return None


def cut_record(root: object, text: str) -> tuple[int, str] | None:
    """(line, what is left open) where a data file read into a tree (YAML's, TOML's)
    looks cut short: its text ends with no end of line, and a record its last value
    sits in (the last entry of a list or mapping, at any depth, beside other records
    of it) stops before a key that every record beside it gives after all the keys it
    gives itself (`_stops_before`): a download that stopped inside a record ("duration:
    4" of "duration: 40", its "room" after it lost) still loads. A record that merely
    lacks a key the others give before or among its own (a closing talk without a
    speaker) is no cut, nor is any record of a text that ends its last line. None
    where it does not look cut."""
    if not text.strip() or text.endswith(("\n", "\r")):
        return None
    node = root
    for _ in range(64):  # (a tree deeper than this holds no talk records)
        entries = list(node.values()) if isinstance(node, dict) else node
        if not isinstance(entries, list) or not entries:
            return None
        last, others = entries[-1], [e for e in entries[:-1] if isinstance(e, dict)]
        beside = "the record" if len(others) == 1 else f"each of the {len(others)} records"
        if isinstance(last, dict) and others and (lost := _stops_before(last, others)):
            keys = ", ".join(repr(k) for k in lost[:4])
            return (
                len(text.splitlines()),
                f"the text ends with no end of line in a record that stops before {keys}, "
                f"which {beside} beside it gives",
            )
        if not isinstance(last, dict | list):
            return _cut_mid_sentence(root, node, text)
        node = last
    return None


def _records(node: object, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Every mapping of a tree, depth first."""
    if depth > 64:
        return
    if isinstance(node, dict):
        yield node
    for value in (
        node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    ):
        yield from _records(value, depth + 1)


def _cut_mid_sentence(root: object, record: object, text: str) -> tuple[int, str] | None:
    """(line, what is left open) where the text's last record (the mapping its last
    value sits in) ends its last value, text of several words, mid-sentence, while
    every other record of the tree giving that key ends its sentence there (two at
    least): a block scalar cut inside its text ("A look" of "A look ahead.")."""
    if not isinstance(record, dict) or not record:
        return None
    key = next(reversed(record))
    others = [r for r in _records(root) if r is not record and key in r]
    if len(others) < 2 or not _stops_mid_sentence(record, others):
        return None
    return (
        len(text.splitlines()),
        f"the text ends with no end of line inside the last record's {key!r}, which stops "
        f"mid-sentence where each of the {len(others)} others ends one",
    )


_SENTENCE_END = re.compile(r"[.!?\u2026\u3002][\"'\u201d\u2019)\]]*\s*$")


def _stops_mid_sentence(record: dict[str, Any], others: list[dict[str, Any]]) -> str | None:
    """The last key of `record` where its text (of several words: an abstract) ends
    no sentence while each of `others` ends one under that key: a block cut inside
    its text ("A look" of "A look ahead."); None where not."""
    key = next(reversed(record), None) if record else None
    if key is None:
        return None
    said = record.get(key)
    theirs = [o.get(key) for o in others]
    if not isinstance(said, str) or not said.strip() or _SENTENCE_END.search(said):
        return None
    if all(isinstance(t, str) and len(t.split()) > 1 and _SENTENCE_END.search(t) for t in theirs):
        return str(key)
    return None


def _stops_before(record: dict[str, Any], others: list[dict[str, Any]]) -> list[str]:
    """The keys every one of `others` gives (a value that is not empty) that `record`
    does not, and that come in each of them after every key `record` gives: where
    `record` was cut off; [] where there is none."""
    given = [k for k, v in record.items() if v not in (None, "")]

    def after(other: dict[str, Any], key: str) -> bool:
        order = list(other)
        return all(order.index(k) < order.index(key) for k in given if k in other)

    common = [k for k in others[0] if all(o.get(k) not in (None, "") for o in others)]
    return [k for k in common if record.get(k) in (None, "") and all(after(o, k) for o in others)]


def with_cut(talks_warnings: Result, root: object, text: str, document: str) -> Result:
    """A tree's talks and warnings, with the warning that its text looks cut short
    (`cut_record`) where it does."""
    talks, warnings = talks_warnings
    if talks and (cut := cut_record(root, text)) is not None:
        warnings = [*warnings, cut_short(document, *cut, talks[-1].title)]
    return talks, warnings


def _parse(text: str, document: str, options: Options) -> Result:
    root: Any = load(text, document)
    if not isinstance(root, dict | list):
        raise InputError(document, "the YAML holds no mapping or list of talks", "line 1")
    read = table.parse_tree(root, document, NAME, options.mapping, options.default_tz)
    return with_cut(read, root, text, document)


register(Format(NAME, 55, looks_like, _parse, suffixes=(".yml", ".yaml"), syntax=load))

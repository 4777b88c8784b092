"""Recognising tables: CSV and TSV by a header row of known column names (under a
few lines of title, if any: `table.header_row`), JSON Lines by a first line that
is a whole JSON object, JSON by its first character; and registering the four
table formats."""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable, Iterable

from ingest.formats import table
from ingest.formats.registry import Format, Options, Result, register


def _first_lines(text: str) -> list[str]:
    """The first non-blank lines (but a "sep=;" line): a header row and the lines
    of title it may sit under (`table.header_row`)."""
    lines: list[str] = []
    for raw in text[:65536].lstrip("\ufeff").splitlines():
        if raw.strip() and not (not lines and re.match(r"^\s*sep=.\s*$", raw)):
            lines.append(raw)
            if len(lines) > table.PREAMBLE:
                break
    return lines


def _looks_delimited(text: str, delimiter: str) -> bool:
    lines = _first_lines(text)
    found = table.header_row(lines, delimiter)
    if found is None or delimiter not in lines[found]:
        return False
    cells = [c for c in next(csv.reader([lines[found]], delimiter=delimiter), []) if c.strip()]
    return len(cells) >= 2 and not any(len(c) > 60 for c in cells)


def looks_like_tsv(text: str) -> bool:
    return _looks_delimited(text, "\t")


def looks_like_csv(text: str) -> bool:
    return _looks_delimited(text, ",") or _looks_delimited(text, ";")


def looks_like_jsonl(text: str) -> bool:
    """A first line that is a whole JSON object, and a second record after it. The
    first line is read whole, however long (an abstract can make it megabytes)."""
    body = text.lstrip("\ufeff \t\r\n")
    if not body.startswith("{"):
        return False
    end = body.find("\n")
    if end < 0 or not body[end : end + 65536].lstrip().startswith("{"):
        return False
    try:
        return isinstance(json.loads(body[:end]), dict)
    except (ValueError, RecursionError):
        return False


def looks_like_json(text: str) -> bool:
    return text[:1024].lstrip("\ufeff \t\r\n")[:1] in ("[", "{")


def _table(kind: str) -> Callable[[str, str, Options], Result]:
    def parse_table(text: str, document: str, options: Options) -> Result:
        return table.parse(text, document, kind, options.mapping, options.default_tz)

    return parse_table


def _lines(kind: str) -> Callable[[Iterable[str], str, Options], Result]:
    def parse_lines(lines: Iterable[str], document: str, options: Options) -> Result:
        return table.parse_lines(lines, document, kind, options.mapping, options.default_tz)

    return parse_lines


# The tables (ingest/formats/table.py reads them all), registered here beside how
# each is recognised.
for _name, _rank, _looks_like, _suffixes, _streams in (
    ("jsonl", 40, looks_like_jsonl, (".jsonl", ".ndjson"), True),
    ("json", 50, looks_like_json, (".json",), False),
    ("tsv", 80, looks_like_tsv, (".tsv",), True),
    ("csv", 90, looks_like_csv, (".csv",), True),
):
    register(
        Format(
            _name,
            _rank,
            _looks_like,
            _table(_name),
            suffixes=_suffixes,
            table=True,
            parse_lines=_lines(_name) if _streams else None,
        )
    )

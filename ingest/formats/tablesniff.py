"""Recognising tables: CSV and TSV by a header row of known column names, JSON
Lines by a first line that is a whole JSON object, JSON by its first character."""

from __future__ import annotations

import csv
import json
import re

from ingest.formats.table import resolve


def _first_line(text: str) -> str:
    for raw in text[:65536].lstrip("\ufeff").splitlines():
        if raw.strip() and not re.match(r"^\s*sep=.\s*$", raw):
            return raw
    return ""


def _looks_delimited(text: str, delimiter: str) -> bool:
    line = _first_line(text)
    if delimiter not in line:
        return False
    try:
        cells = next(csv.reader([line], delimiter=delimiter))
    except (csv.Error, StopIteration):
        return False
    if len(cells) < 2 or any(len(c) > 60 for c in cells):
        return False
    return len(resolve(c.strip() for c in cells if c.strip())) >= 2


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

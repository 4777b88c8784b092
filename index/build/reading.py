"""What a document is read with besides its bytes: the time zone its times are read
in where it names none (TALKBASE_TIMEZONE), and the conference, column map and format
an ingest gives (`--conference`, `--map`, `--format`). A stored document is the same
document again only where both its bytes and these are: a file ingested again in
another zone, or under another conference name, is read again and its talks changed
as by a new version of the file (index/build/delta.py). A base from before these were
kept stores none: "" is unknown, and such a document is read again too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping

from ingest.detect import ParsedDocument
from talkbase.core import settings

# each option, as a sentence names it, in the order it names them
_NAMED = {"zone": "time zone", "conference": "conference", "map": "column map", "format": "format"}
_UNSET = {"conference": "the one the document names", "map": "none", "format": "detected"}


def options(fmt: str | None, mapping: dict[str, str] | None, conference: str | None) -> str:
    """The options of this ingest's reading, as stored beside each document it reads."""
    said = {
        "zone": settings.timezone(),
        "conference": (conference or "").strip(),
        "map": dict(sorted((mapping or {}).items())),
        "format": fmt or "",
    }
    return json.dumps(said, sort_keys=True, ensure_ascii=False)


def same(sha256: str, read_with: str, bytes_now: str, reading_now: str) -> bool:
    """Whether a stored document (its bytes' `sha256`, what it was `read_with`) is
    the one read now (`bytes_now`, `reading_now`): the same bytes read the same way
    (not so where how it was stored is unknown, ""; by its bytes alone where how it is
    read now is not told)."""
    return sha256 == bytes_now and (not reading_now or read_with == reading_now)


def again(sha256: str, read_with: str, bytes_now: str, reading_now: str) -> bool:
    """Whether the document read now is a stored one of the same bytes read another way."""
    return sha256 == bytes_now and not same(sha256, read_with, bytes_now, reading_now)


def read_again(docs: Iterable[ParsedDocument], stored: Mapping[str, tuple[str, str]]) -> list[str]:
    """What the summary says of the documents of `docs` that are stored documents
    (`stored`: name -> (sha256, what it was read with)) of the same bytes read
    another way: why each is read again."""
    return [
        why_again(d.name, stored[d.name][1], d.read_with)
        for d in docs
        if d.name in stored and again(*stored[d.name], d.sha256, d.read_with)
    ]


def why_again(name: str, read_with: str, reading_now: str) -> str:
    """What the summary says of a document of unchanged bytes read again."""
    if not read_with:
        return (
            f"{name}: read again: the options it was read with before (time zone, "
            "conference, column map, format) were not kept by the talkbase that stored it"
        )
    before, now = json.loads(read_with), json.loads(reading_now)
    changed = [
        f"{said} now {_shown(key, now.get(key))} (was {_shown(key, before.get(key))})"
        for key, said in _NAMED.items()
        if before.get(key) != now.get(key)
    ]
    return f"{name}: read again: " + "; ".join(changed)


def _shown(key: str, value: object) -> str:
    if isinstance(value, dict):
        value = ", ".join(f"{field}={column}" for field, column in value.items())
    return str(value) if value else _UNSET.get(key, "none")

"""Finding a talk by what a person calls it: its exact title, a unique start of it,
words inside it, or a close spelling, all compared by `ingest.text.title_key`.

A build of format 3 stores each talk's title key (`talks.title_key`) and is asked
in SQL; an older build has its keys made here, from every title.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

import duckdb

from index.store import reads
from ingest.text import title_key
from talkbase.core.errors import TalkNotFound

Scanned = dict[int, tuple[str, str]]  # id -> (title key, title)
Found = list[tuple[int, str]]  # (id, title) of candidates
Describe = Callable[[Found], list[str]]


def plainly(found: Found) -> list[str]:
    """Candidates as "id: title"."""
    return [f"{i}: {title}" for i, title in found]


def find(
    con: duckdb.DuckDBPyConnection, text: str, stored: bool, describe: Describe = plainly
) -> int:
    """The id of the one talk `text` names (the database `con` holds the title keys
    when `stored`); TalkNotFound, listing the candidates (as `describe` words them),
    when it names none or several."""
    key = title_key(text)
    if not key:
        raise TalkNotFound(text)
    scanned = None
    if not stored:
        scanned = {tid: (title_key(title), title) for tid, title in reads.titles(con)}
    for how in ("equal", "prefix", "contains"):
        found = _matching(con, key, how, scanned)
        if len(found) == 1:
            return found[0][0]
        if found:
            raise TalkNotFound(text, describe(found))
    by_key = (
        {tid: k for tid, (k, _) in scanned.items()}
        if scanned is not None
        else dict(reads.title_keys(con))
    )
    close = difflib.get_close_matches(key, list(by_key.values()), n=5, cutoff=0.75)
    ids = [tid for tid, k in by_key.items() if k in close]
    if len(ids) == 1:
        return ids[0]
    titles = reads.titles_of(con, ids)
    raise TalkNotFound(text, describe([(i, titles[i]) for i in ids]))


def _matching(
    con: duckdb.DuckDBPyConnection, key: str, how: str, scanned: Scanned | None
) -> list[tuple[int, str]]:
    """(id, title) of the talks whose title key equals, starts with or contains `key`
    (`how`), by id: asked of the database, or looked up in `scanned` when given."""
    if scanned is None:
        return reads.titles_by_key(con, key, how)
    test = {
        "equal": lambda k: k == key,
        "prefix": lambda k: k.startswith(key),
        "contains": lambda k: key in k,
    }[how]
    return [(tid, title) for tid, (k, title) in scanned.items() if test(k)]

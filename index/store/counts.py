"""The counted tables a build keeps up to date as talks come and go: `words` (how
many talks hold each word of titles and abstracts) and `acronyms` (how many talks
define each acronym one way: talkbase/core/acronyms.py).

A build adds what its new talks bring and takes away what the talks it replaces
or removes brought, so opening a large base reads counts, never every talk.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import duckdb

from index.store.reads import has_table, titles_and_abstracts, words_cut_through
from index.store.schema import ACRONYMS_DDL
from talkbase.core.acronyms import Pair, of_talk


def _add(
    con: duckdb.DuckDBPyConnection, table: str, keys: tuple[str, ...], count: str, change: Counter
) -> None:
    """Add `change` (key tuple -> talks gained, negative when lost) to `table`'s
    `count` column, by its `keys` columns; rows left at 0 go."""
    import pandas as pd  # (see tables.py: not for an ingest that fails on its input)

    change = Counter({k: n for k, n in change.items() if n})
    if not change:
        return
    rows = [k if isinstance(k, tuple) else (k,) for k in change]
    frame = pd.DataFrame({c: [r[i] for r in rows] for i, c in enumerate(keys)})
    frame["_d"] = list(change.values())
    view = f"_{table}_change"
    same = " AND ".join(f"{table}.{c} = v.{c}" for c in keys)
    con.register(view, frame)
    try:
        con.execute(f"UPDATE {table} SET {count} = {count} + v._d FROM {view} v WHERE {same}")
        con.execute(
            f"INSERT INTO {table} SELECT {', '.join('v.' + c for c in keys)}, v._d FROM {view} v "
            f"WHERE NOT EXISTS (SELECT 1 FROM {table} WHERE {same})"
        )
        con.execute(f"DELETE FROM {table} WHERE {count} <= 0")
    finally:
        con.unregister(view)


def add_words(con: duckdb.DuckDBPyConnection, change: Counter[str]) -> None:
    """Add `change` (word -> talks gained, negative when lost) to the `words` table."""
    _add(con, "words", ("word",), "df", change)


def add_acronyms(con: duckdb.DuckDBPyConnection, change: Counter[Pair]) -> None:
    """Add `change` ((short, long form words) -> talks gained or lost) to `acronyms`."""
    _add(
        con,
        "acronyms",
        ("short", "long"),
        "talks",
        Counter({(short, " ".join(long)): n for (short, long), n in change.items()}),
    )


def start_acronyms(con: duckdb.DuckDBPyConnection) -> None:
    """Give a database copied from a build made before the `acronyms` table existed
    its table, counted from the talks it holds, once; a database that has one is
    left as it is."""
    if has_table(con, "acronyms"):
        return
    con.execute(ACRONYMS_DDL)
    found: Counter[Pair] = Counter()
    for rows in titles_and_abstracts(con):
        for title, abstract in rows:
            found.update(of_talk(title, abstract or ""))
    add_acronyms(con, found)


def start_words(
    con: duckdb.DuckDBPyConnection, marks: str, words_of: Callable[[str, str], set[str]]
) -> None:
    """Count a database's `words` table anew from the talks it holds (`words_of` a title
    and an abstract), where it was copied from a build whose table cuts its words at
    the `marks` after their letters (`reads.words_cut_through`): the table a build grows
    is then cut as its reader cuts words. A table cut so already is left as it is."""
    if not has_table(con, "words") or words_cut_through(con, marks):
        return
    found: Counter[str] = Counter()
    for rows in titles_and_abstracts(con):
        for title, abstract in rows:
            found.update(words_of(title, abstract or ""))
    con.execute("DELETE FROM words")
    add_words(con, found)


def mark_words_cut(con: duckdb.DuckDBPyConnection, marks: str) -> None:
    """Say in the database that its `words` table is counted with words going on through
    the `marks` after their letters (`reads.words_cut_through` then reads no talk: the
    check was a scan of every title and abstract on each open of an English base)."""
    con.execute("CREATE TABLE IF NOT EXISTS words_cut (marks VARCHAR)")
    con.execute("DELETE FROM words_cut")
    con.execute("INSERT INTO words_cut VALUES (?)", [marks])


def acronym_counts(con: duckdb.DuckDBPyConnection) -> Counter[Pair]:
    """(short, long form words) -> talks defining it; empty for a build without the
    table (one made before it existed, not grown since)."""
    if not has_table(con, "acronyms"):
        return Counter()
    rows = con.execute("SELECT short, long, talks FROM acronyms").fetchall()
    return Counter({(short, tuple(long.split())): int(n) for short, long, n in rows})

"""Read-only queries the search side makes of a build's database (the tables of
index/store/schema.py), so that opening a large knowledge base reads nothing per talk
and a query reads only the talks it touches.

`Talks` is the talks table as a read-only mapping of id -> Talk: records are
read by id, in batches, and the last CACHED_TALKS are kept. The functions are
one query each: sentence runs and texts, title lookups, the values a base's
vocabulary is made of, and start times to list talks in time order.

Values are written into the SQL as literals (`filters.sql_literal`): binding
Python parameters makes DuckDB import pandas.
"""

from __future__ import annotations

import json
import threading
from collections.abc import (
    Callable,
    ItemsView,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
    ValuesView,
)
from datetime import date
from typing import Any

import duckdb
import numpy as np

from index.store.sql import sql_literal
from talkbase.core.lru import Bounded
from talkbase.core.records import Talk, talk_from_dict
from talkbase.core.terms import cancelled_state

CACHED_TALKS = 4096  # talks kept in memory once read
BATCH = 1000  # ids per query when many talks are read at once

# What a phrase or an excluded word is looked for in: the fields search shows as
# the talk's text, in the same order (search.talk_text).
TALK_TEXT = (
    "concat_ws(' ', title, coalesce(track, ''), coalesce(abstract, ''), "
    "coalesce(notes_text, ''), coalesce(speakers_text, ''))"
)


def id_list(ids: Iterable[int]) -> str:
    """Talk ids written for an `IN (...)` list."""
    return ", ".join(str(int(i)) for i in ids)


# -- what a build holds ---------------------------------------------------------------
def has_table(con: duckdb.DuckDBPyConnection, table: str) -> bool:
    row = con.execute(
        f"SELECT count(*) FROM duckdb_tables() WHERE table_name = {sql_literal(table)}"
    ).fetchone()
    return bool(row and row[0])


def has_column(con: duckdb.DuckDBPyConnection, table: str, column: str) -> bool:
    row = con.execute(
        "SELECT count(*) FROM duckdb_columns() "
        f"WHERE table_name = {sql_literal(table)} AND column_name = {sql_literal(column)}"
    ).fetchone()
    return bool(row and row[0])


# -- talks ------------------------------------------------------------------------------
def talk_ids(con: duckdb.DuckDBPyConnection) -> np.ndarray:
    """Every talk id, ascending."""
    found = con.execute("SELECT id FROM talks ORDER BY id").fetchnumpy()["id"]
    return np.asarray(found, dtype=np.int64)


def ids_where(con: duckdb.DuckDBPyConnection, where: str) -> np.ndarray:
    """Ids of the talks (table alias t) passing a WHERE clause (index.search.limits.filters.to_sql), ascending."""
    found = con.execute(f"SELECT t.id FROM talks t WHERE {where} ORDER BY t.id").fetchnumpy()
    return np.asarray(found["id"], dtype=np.int64)


def night_days(con: duckdb.DuckDBPyConnection, program_day: str) -> dict[int, date]:
    """The talks that `program_day` (an SQL expression over the talks table, alias t:
    index.search.limits.filters.PROGRAM_DAY) files under an earlier day than the date
    they start on, each with that day: the night talks, with the day whose night it is."""
    rows = con.execute(
        f"SELECT id, d FROM (SELECT t.id, CAST(t.start_time AS DATE) AS own, {program_day} AS d"
        " FROM talks t WHERE t.start_time IS NOT NULL) WHERE d < own ORDER BY id"
    ).fetchall()
    return {int(i): d for i, d in rows}


def records(con: duckdb.DuckDBPyConnection, ids: Sequence[int]) -> list[tuple[int, str]]:
    """(id, record JSON) of the talks `ids` that exist, in no particular order."""
    if not ids:
        return []
    rows = con.execute(f"SELECT id, record FROM talks WHERE id IN ({id_list(ids)})").fetchall()
    return [(int(i), r) for i, r in rows]


def talk_texts(con: duckdb.DuckDBPyConnection, ids: Sequence[int]) -> list[tuple[int, str]]:
    """(id, text) of the talks `ids`: title, track, abstract, notes and speakers."""
    if not ids:
        return []
    rows = con.execute(f"SELECT id, {TALK_TEXT} FROM talks WHERE id IN ({id_list(ids)})")
    return [(int(i), t) for i, t in rows.fetchall()]


# A talk's title with its track ("Rust in the kernel. Rust devroom"): what the
# multilingual vectors of a program in English read (index/build/multilingual.py)
TALK_TITLE = "concat_ws('. ', title, nullif(track, ''))"


def all_talk_texts(
    con: duckdb.DuckDBPyConnection, titles: bool = False
) -> Iterator[list[tuple[int, str]]]:
    """`talk_texts` of every talk (`titles`: each one's title and track alone), BATCH *
    10 at a time, in one pass over the table (through a connection of its own)."""
    cur = con.cursor()
    try:
        cur.execute(f"SELECT id, {TALK_TITLE if titles else TALK_TEXT} FROM talks")
        while rows := cur.fetchmany(BATCH * 10):
            yield [(int(i), t) for i, t in rows]
    finally:
        cur.close()


class Talks(Mapping[int, Talk]):
    """The talks of a build as a read-only mapping, id -> Talk, in ascending id order.

    Nothing is read when it is made; a talk is read when first asked for, and
    `get_many` (and `values()`/`items()`, a batch at a time) read many in one
    query each. The last CACHED_TALKS talks read are kept. Reads go through a
    connection of its own, under a lock: safe beside queries on the connection
    it was made from, from any thread. `dress`, where given, is applied to each talk
    as it is read (the knowledge base gives a night talk the day its filter files it
    under: `KnowledgeBase.nights`).
    """

    def __init__(
        self,
        con: duckdb.DuckDBPyConnection,
        cached: int = CACHED_TALKS,
        dress: Callable[[Talk], Talk] | None = None,
    ) -> None:
        self._con = con.cursor()
        self._dress = dress
        self._lock = threading.Lock()
        self._cache: Bounded[int, Talk] = Bounded(max(1, cached))
        self._ids: np.ndarray | None = None

    @property
    def ids(self) -> np.ndarray:
        """Every talk id, ascending (read once)."""
        if self._ids is None:
            with self._lock:
                self._ids = talk_ids(self._con)
        return self._ids

    def __len__(self) -> int:
        return len(self.ids)

    def __iter__(self) -> Iterator[int]:
        return iter(self.ids.tolist())

    def __contains__(self, key: object) -> bool:
        if isinstance(key, bool) or not isinstance(key, (int, np.integer)):
            return False
        ids = self.ids
        at = int(np.searchsorted(ids, key))
        return at < len(ids) and int(ids[at]) == int(key)

    def __getitem__(self, key: int) -> Talk:
        with self._lock:
            found = self._cache.get(int(key)) if isinstance(key, (int, np.integer)) else None
            if found is not None:
                return found
        if key not in self:
            raise KeyError(key)
        return self.get_many([int(key)])[0]

    def get_many(self, ids: Sequence[int]) -> list[Talk]:
        """The talks `ids`, in that order, read in as few queries as it takes.
        KeyError names the first id that is no talk."""
        ids = [int(i) for i in ids]
        with self._lock:
            have = {i: t for i in dict.fromkeys(ids) if (t := self._cache.get(i)) is not None}
            missing = [i for i in dict.fromkeys(ids) if i not in have]
            for lo in range(0, len(missing), BATCH):
                for tid, record in records(self._con, missing[lo : lo + BATCH]):
                    talk = talk_from_dict(json.loads(record))
                    have[tid] = self._dress(talk) if self._dress else talk
            for tid in ids:
                if tid not in have:
                    raise KeyError(tid)
                self._cache.put(tid, have[tid])
        return [have[i] for i in ids]

    def batches(self) -> Iterator[list[tuple[int, Talk]]]:
        """Every (id, talk), BATCH talks at a time, in id order."""
        ids = self.ids.tolist()
        for lo in range(0, len(ids), BATCH):
            part = ids[lo : lo + BATCH]
            yield list(zip(part, self.get_many(part), strict=True))

    def values(self) -> ValuesView[Talk]:
        return _Values(self)

    def items(self) -> ItemsView[int, Talk]:
        return _Items(self)

    def close(self) -> None:
        with self._lock:
            self._con.close()
            self._cache.clear()

    def __repr__(self) -> str:
        return f"<Talks: {len(self)} talks, {len(self._cache)} read>"


class _Values(ValuesView[Talk]):
    def __init__(self, talks: Talks) -> None:
        super().__init__(talks)
        self._talks = talks

    def __iter__(self) -> Iterator[Talk]:
        for batch in self._talks.batches():
            yield from (t for _, t in batch)


class _Items(ItemsView[int, Talk]):
    def __init__(self, talks: Talks) -> None:
        super().__init__(talks)
        self._talks = talks

    def __iter__(self) -> Iterator[tuple[int, Talk]]:
        for batch in self._talks.batches():
            yield from batch


# -- sentences --------------------------------------------------------------------------
def sentence_runs(con: duckdb.DuckDBPyConnection) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each talk's run of rows in the sentence vectors: talk ids (ascending), first
    row, and the row after its last (a talk's sentences are stored together)."""
    found = con.execute(
        "SELECT talk_id, min(row) AS a, max(row) + 1 AS b FROM sentences "
        "GROUP BY talk_id ORDER BY talk_id"
    ).fetchnumpy()
    return (
        np.asarray(found["talk_id"], dtype=np.int64),
        np.asarray(found["a"], dtype=np.int64),
        np.asarray(found["b"], dtype=np.int64),
    )


RANGE_QUERIES = 32  # talks up to which sentences are read by row range (one UNION ALL)


def sentence_texts(
    con: duckdb.DuckDBPyConnection, runs: Sequence[tuple[int, int, int]]
) -> dict[int, list[tuple[int, str]]]:
    """The (row, text) of the sentences of some talks, given (talk id, first row,
    row after the last) each; by talk id, in row order. A few talks are read by
    their rows (each a short range), many by talk id (one pass over the table)."""
    out: dict[int, list[tuple[int, str]]] = {int(tid): [] for tid, _, _ in runs}
    if len(runs) <= RANGE_QUERIES:
        parts = [
            f"SELECT talk_id, row, text FROM sentences "
            f"WHERE row >= {int(a)} AND row < {int(b)} AND talk_id = {int(tid)}"
            for tid, a, b in runs
        ]
        queries = [" UNION ALL ".join(parts)] if parts else []
    else:
        ids = [tid for tid, _, _ in runs]
        queries = [
            f"SELECT talk_id, row, text FROM sentences WHERE talk_id IN ({id_list(part)})"
            for part in (ids[lo : lo + BATCH] for lo in range(0, len(ids), BATCH))
        ]
    for query in queries:
        for tid, row, text in con.execute(query + " ORDER BY row").fetchall():
            out[int(tid)].append((int(row), text))
    return out


# -- titles -----------------------------------------------------------------------------
def titles_by_key(
    con: duckdb.DuckDBPyConnection, key: str, how: str = "equal"
) -> list[tuple[int, str]]:
    """(id, title) of the talks whose `title_key` equals, starts with or contains
    (`how`) `key`, by id. Builds of format 3 only (the column is theirs)."""
    test = {
        "equal": "title_key = {}",
        "prefix": "starts_with(title_key, {})",
        "contains": "contains(title_key, {})",
    }[how].format(sql_literal(key))
    rows = con.execute(f"SELECT id, title FROM talks WHERE {test} ORDER BY id").fetchall()
    return [(int(i), t) for i, t in rows]


def title_keys(con: duckdb.DuckDBPyConnection) -> list[tuple[int, str]]:
    """(id, title_key) of every talk, by id (format 3)."""
    rows = con.execute("SELECT id, title_key FROM talks ORDER BY id").fetchall()
    return [(int(i), k or "") for i, k in rows]


def titles(con: duckdb.DuckDBPyConnection) -> list[tuple[int, str]]:
    """(id, title) of every talk, by id."""
    return [
        (int(i), t) for i, t in con.execute("SELECT id, title FROM talks ORDER BY id").fetchall()
    ]


def titles_holding(
    con: duckdb.DuckDBPyConnection, some: Sequence[str], others: Sequence[str], least: int
) -> list[tuple[int, str]]:
    """(id, title) of the talks whose `title_key` holds one of `some` and at least
    `least` of `others` (each as text within the key: a superset of the titles holding
    them as words), by id. Builds of format 3 only (the column is theirs)."""
    if not some:
        return []
    one = " OR ".join(f"contains(title_key, {sql_literal(w)})" for w in some)
    count = " + ".join(f"CAST(contains(title_key, {sql_literal(w)}) AS INT)" for w in others)
    enough = f" AND ({count}) >= {int(least)}" if least > 0 else ""
    if least > len(others):
        return []
    rows = con.execute(f"SELECT id, title FROM talks WHERE ({one}){enough} ORDER BY id")
    return [(int(i), t) for i, t in rows.fetchall()]


def titles_of(con: duckdb.DuckDBPyConnection, ids: Sequence[int]) -> dict[int, str]:
    if not ids:
        return {}
    rows = con.execute(f"SELECT id, title FROM talks WHERE id IN ({id_list(ids)})")
    return {int(i): t for i, t in rows.fetchall()}


def cancelled_ids(con: duckdb.DuckDBPyConnection) -> frozenset[int]:
    """The talks whose "Status" note says they will not take place
    (`Talk.cancelled`: `terms.cancelled_state`)."""
    rows = con.execute("SELECT talk_id, text FROM notes WHERE label = 'Status'").fetchall()
    return frozenset(int(i) for i, text in rows if cancelled_state(text or ""))


# -- time order -------------------------------------------------------------------------
def start_seconds(con: duckdb.DuckDBPyConnection) -> tuple[np.ndarray, np.ndarray]:
    """(ids ascending, start) of every talk: the start as written in its own time
    zone, in seconds (NaN without one). Within 14 hours of the true instant."""
    found = con.execute(
        "SELECT id, coalesce(CAST(epoch(start_time) AS DOUBLE), 'NaN'::DOUBLE) AS s "
        "FROM talks ORDER BY id"
    ).fetchnumpy()
    return np.asarray(found["id"], dtype=np.int64), np.asarray(found["s"], dtype=np.float64)


def untimed_by_title(
    con: duckdb.DuckDBPyConnection, limit: int, ids: Sequence[int] | None = None
) -> list[int]:
    """Ids of up to `limit` talks without a start time (among `ids`), by title, then id."""
    where = "" if ids is None else f"AND id IN ({id_list(ids)})"
    if ids is not None and not ids:
        return []
    rows = con.execute(
        f"SELECT id FROM talks WHERE start_time IS NULL {where} "
        f"ORDER BY title, id LIMIT {int(limit)}"
    ).fetchall()
    return [int(r[0]) for r in rows]


# -- what the vocabulary is made of (index.search.read.vocab.Vocab.from_store) ---------------------------
def talk_count(con: duckdb.DuckDBPyConnection) -> int:
    row = con.execute("SELECT count(*) FROM talks").fetchone()
    return int(row[0]) if row else 0


def days(con: duckdb.DuckDBPyConnection) -> list[date]:
    """The days talks start on (in their own time zone), ascending."""
    rows = con.execute(
        "SELECT DISTINCT CAST(start_time AS DATE) AS d FROM talks "
        "WHERE start_time IS NOT NULL ORDER BY d"
    ).fetchall()
    return [r[0] for r in rows]


def spread(con: duckdb.DuckDBPyConnection, column: str) -> list[tuple[str, int, int]]:
    """Each value of a talks column (room, track or format; empty ones left out) with
    the first and last talk id holding it, by first id."""
    if column not in ("room", "track", "format"):
        raise ValueError(f"no such column: {column}")
    rows = con.execute(
        f"SELECT {column}, min(id) AS a, max(id) AS b FROM talks "
        f"WHERE {column} <> '' GROUP BY {column} ORDER BY a"
    ).fetchall()
    return [(v, int(a), int(b)) for v, a, b in rows]


def format_counts(con: duckdb.DuckDBPyConnection) -> list[tuple[str, int]]:
    """Each session type (format) the talks have, with how many have it."""
    rows = con.execute(
        "SELECT format, count(*) FROM talks WHERE format <> '' GROUP BY format ORDER BY format"
    ).fetchall()
    return [(str(f), int(n)) for f, n in rows]


def format_languages(con: duckdb.DuckDBPyConnection) -> list[tuple[str, str]]:
    """Each session type (format) with each language some talk of that type is in."""
    rows = con.execute(
        "SELECT DISTINCT format, json_extract_string(record, '$.language') AS l FROM talks "
        "WHERE format <> '' AND l IS NOT NULL AND l <> '' ORDER BY format, l"
    ).fetchall()
    return [(str(f), str(code)) for f, code in rows]


def languages(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The languages the talks are in (ISO 639-1 codes, as their records say), most talks first."""
    return [code for code, _ in language_counts(con)]


def language_counts(con: duckdb.DuckDBPyConnection) -> list[tuple[str, int]]:
    """Each language the talks are in, with how many are (talks without one left out),
    most talks first."""
    rows = con.execute(
        "SELECT json_extract_string(record, '$.language') AS l, count(*) AS n FROM talks "
        "WHERE l IS NOT NULL AND l <> '' GROUP BY l ORDER BY n DESC, l"
    ).fetchall()
    return [(str(code), int(n)) for code, n in rows]


def conference_count(con: duckdb.DuckDBPyConnection) -> int:
    """How many conferences the talks name (talks without one left out)."""
    row = con.execute(
        "SELECT count(DISTINCT conference) FROM talks WHERE conference IS NOT NULL "
        "AND conference <> ''"
    ).fetchone()
    return int(row[0]) if row else 0


def speaker_spread(con: duckdb.DuckDBPyConnection) -> list[tuple[str, int, int]]:
    """Each speaker name with its first and last place among every talk's speakers
    (talks by id, each talk's speakers in order), by first place."""
    rows = con.execute(
        """
        SELECT s.name, min(x.seq) AS a, max(x.seq) AS b
        FROM (
            SELECT speaker_id, row_number() OVER (ORDER BY talk_id, position) AS seq
            FROM talk_speakers
        ) x JOIN speakers s ON s.id = x.speaker_id
        GROUP BY s.name ORDER BY a
        """
    ).fetchall()
    return [(n, int(a), int(b)) for n, a, b in rows]


def affiliations(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Every speaker affiliation written in the base (each once)."""
    rows = con.execute(
        "SELECT DISTINCT affiliation FROM talk_speakers WHERE affiliation <> '' ORDER BY 1"
    ).fetchall()
    return [r[0] for r in rows]


def words(con: duckdb.DuckDBPyConnection) -> list[tuple[str, int]]:
    """(word, talks holding it) from the `words` table (format 3)."""
    return [(w, int(df)) for w, df in con.execute("SELECT word, df FROM words").fetchall()]


def words_cut_through(con: duckdb.DuckDBPyConnection, marks: str) -> bool:
    """Whether the `words` table's words go on through the `marks` after their letters
    (a regular expression's class: index/search/rank/tokens.py `kept_marks`), as the
    reader cuts words since sweep 23: it holds a word with such a mark, or no talk's
    title or abstract has one after a letter (then both cuts are the same). A table
    cut at them (a base made before) is no table of the reader's words. A build written
    since says so itself (`counts.mark_words_cut`): its word is taken, and no talk read."""
    if (
        has_table(con, "words_cut")
        and con.execute("SELECT 1 FROM words_cut WHERE marks = ? LIMIT 1", [marks]).fetchone()
    ):
        return True
    if con.execute(
        "SELECT 1 FROM words WHERE regexp_matches(word, ?) LIMIT 1", [f"[{marks}]"]
    ).fetchone():
        return True
    return not con.execute(
        "SELECT 1 FROM talks WHERE regexp_matches(coalesce(title, '') || ' ' || "
        "coalesce(abstract, ''), ?) LIMIT 1",
        [rf"[\pL\pN][{marks}]"],
    ).fetchone()


def titles_and_abstracts(con: duckdb.DuckDBPyConnection) -> Iterator[list[tuple[str, Any]]]:
    """Every talk's (title, abstract), BATCH * 10 rows at a time (for bases without
    a `words` table). Reads through its own connection."""
    cur = con.cursor()
    try:
        cur.execute("SELECT title, abstract FROM talks")
        while rows := cur.fetchmany(BATCH * 10):
            yield rows
    finally:
        cur.close()


def track_codes(
    con: duckdb.DuckDBPyConnection,
) -> tuple[list[tuple[str, str]], np.ndarray, np.ndarray]:
    """Every (conference, track) pair the talks name (conference '' where none), in
    order, and two arrays: the talk ids ascending and each talk's place in that
    list (-1: no track)."""
    named = con.execute(
        "SELECT DISTINCT coalesce(conference, '') AS c, track AS t FROM talks "
        "WHERE track IS NOT NULL AND track <> '' ORDER BY c, t"
    ).fetchall()
    found = con.execute(
        "WITH coded AS (SELECT DISTINCT coalesce(conference, '') AS c, track AS t, "
        "  dense_rank() OVER (ORDER BY coalesce(conference, ''), track) - 1 AS code "
        "  FROM talks WHERE track IS NOT NULL AND track <> '') "
        "SELECT talks.id, coalesce(coded.code, -1) AS code FROM talks LEFT JOIN coded "
        "  ON coalesce(talks.conference, '') = coded.c AND talks.track = coded.t "
        "ORDER BY talks.id"
    ).fetchnumpy()
    return (
        [(str(c), str(t)) for c, t in named],
        np.asarray(found["id"], dtype=np.int64),
        np.asarray(found["code"], dtype=np.int64),
    )

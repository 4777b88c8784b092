"""The stored talks an ingest's records may be the same talks as (index/build/delta.py
asks): by title key, by source uid, by a speaker's surname in the conference with a
title of about the same length, and the documents each such talk comes from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import duckdb
import numpy as np

from index.store.sql import sql_literal
from index.store.tables import Rows, rows_for


def conferences_named(con: duckdb.DuckDBPyConnection, leaving: Sequence[str]) -> Rows:
    """(conference as a record names it, conference of its talk) pairs, over the
    records of every document but those `leaving`."""
    skip = f"WHERE NOT list_contains({sql_literal(list(leaving))}, r.document)" if leaving else ""
    return con.execute(f"""
        SELECT DISTINCT coalesce(r.conference, ''), t.conference
        FROM records r JOIN talks t ON t.id = r.talk_id {skip}
    """).fetchall()


def same_title(
    con: duckdb.DuckDBPyConnection,
    keys: Iterable[str],
    stems: Iterable[str] = (),
    ends: Iterable[str] = (),
) -> Rows:
    """(id, title_key, conference) of talks whose title key is one of `keys`, or one
    of `stems` with a blank and one of `ends` after it ("graph databases workshop"
    for the stem "graph databases" and the end "workshop") or before it ("panel
    graph databases"): each stem with every end is made here, in one query, not by
    the caller one by one."""
    import pandas as pd

    stems, ends = list(dict.fromkeys(stems)), list(dict.fromkeys(ends))
    frames = {"_keys": list(dict.fromkeys(keys))}
    wanted = "SELECT k FROM _keys"
    if stems and ends:
        frames |= {"_stems": stems, "_ends": ends}
        wanted += " UNION ALL SELECT s.k || ' ' || e.k FROM _stems s CROSS JOIN _ends e"
        wanted += " UNION ALL SELECT e.k || ' ' || s.k FROM _stems s CROSS JOIN _ends e"
    for name, values in frames.items():
        con.register(name, pd.DataFrame({"k": pd.Series(values, dtype=object)}))
    try:
        return con.execute(
            f"SELECT id, title_key, conference FROM talks WHERE title_key IN ({wanted})"
        ).fetchall()
    finally:
        for name in frames:
            con.unregister(name)


def same_uid(con: duckdb.DuckDBPyConnection, uids: Iterable[str]) -> Rows:
    """(talk id, uid, conference) of talks with a record of one of these source uids."""
    import pandas as pd

    con.register("_uids", pd.DataFrame({"u": list(dict.fromkeys(uids))}))
    try:
        return con.execute("""
            SELECT DISTINCT r.talk_id, u.u, t.conference
            FROM records r JOIN talks t ON t.id = r.talk_id
            JOIN _uids u ON json_extract_string(r.record, '$.uid') = u.u
        """).fetchall()
    finally:
        con.unregister("_uids")


def same_surname(con: duckdb.DuckDBPyConnection, wanted: Rows) -> tuple[np.ndarray, np.ndarray]:
    """(want index, talk id) arrays of the talks with a speaker of the given
    surname, in the conference (any when ''), whose title key is within the
    length bounds: `wanted` holds (index, surname, conference, shortest, longest)."""
    import pandas as pd

    frame = pd.DataFrame.from_records(wanted, columns=["i", "surname", "conf", "lo", "hi"])
    con.register("_want", frame)
    try:
        # equality on both columns lets DuckDB hash-join (a surname alone is common)
        found = con.execute("""
            SELECT DISTINCT w.i, t.id
            FROM talk_speakers s
            JOIN talks t ON t.id = s.talk_id
            JOIN _want w ON s.surname = w.surname AND t.conference = w.conf
            WHERE length(t.title_key) BETWEEN w.lo AND w.hi
            UNION
            SELECT DISTINCT w.i, t.id
            FROM talk_speakers s
            JOIN talks t ON t.id = s.talk_id
            JOIN _want w ON s.surname = w.surname AND w.conf = ''
            WHERE length(t.title_key) BETWEEN w.lo AND w.hi
        """).fetchnumpy()
    finally:
        con.unregister("_want")
    return np.asarray(found["i"], dtype=np.int64), np.asarray(found["id"], dtype=np.int64)


def title_keys(con: duckdb.DuckDBPyConnection, ids: np.ndarray) -> dict[int, str]:
    sql = "SELECT id, title_key FROM talks WHERE id IN (SELECT id FROM _want)"
    return {int(i): k for i, k in rows_for(con, np.unique(ids).tolist(), sql)}


def documents_of(con: duckdb.DuckDBPyConnection, ids: Iterable[int]) -> dict[int, set[str]]:
    """talk id -> the documents its records come from."""
    rows = rows_for(
        con,
        ids,
        "SELECT DISTINCT talk_id, document FROM records WHERE talk_id IN (SELECT id FROM _want)",
    )
    out: dict[int, set[str]] = {}
    for tid, doc in rows:
        out.setdefault(int(tid), set()).add(doc)
    return out


def documents_sharing_titles(
    con: duckdb.DuckDBPyConnection, keys: Iterable[str], most: int
) -> list[str]:
    """The stored documents (at most `most`) whose talks hold the most of these title
    keys, the most first."""
    import pandas as pd

    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return []
    con.register("_keys", pd.DataFrame({"k": wanted}, dtype=str))
    try:
        rows = con.execute(
            """
            SELECT r.document, count(DISTINCT t.title_key) AS n
            FROM talks t JOIN records r ON r.talk_id = t.id
            WHERE t.title_key IN (SELECT k FROM _keys)
            GROUP BY r.document ORDER BY n DESC, r.document LIMIT ?
            """,
            [most],
        ).fetchall()
    finally:
        con.unregister("_keys")
    return [str(d) for d, _ in rows]

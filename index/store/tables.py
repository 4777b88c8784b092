"""Writing and reading the tables of a build's database (the store layer's SQL).

A whole build fills a new database; a build that changes a few talks copies
the previous database and applies the change: delete the rows of the talks it
replaces or removes, insert the new ones, recount the summaries.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

import duckdb
import numpy as np

from index.store.reads import has_table
from index.store.schema import DDL, INGESTS_DDL, READINGS_DDL, TALK_TABLES
from index.store.sql import sql_literal
from ingest.merge.people import surname
from ingest.text import title_key
from talkbase.core.records import Talk, talk_from_dict

# pandas (0.4 s to import) is imported by the functions that hand DuckDB a frame,
# so an ingest that fails on its input answers before paying for it
# (tests/test_imports.py checks that a failed ingest never imports it).
Rows = list[tuple[Any, ...]]
CHUNK = 5_000  # rows per insert: memory stays flat however large the build


def create(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(DDL)


def bulk(con: duckdb.DuckDBPyConnection, table: str, rows: Rows) -> None:
    """Insert many rows at once through a DataFrame (executemany is slow in DuckDB)."""
    import pandas as pd

    if not rows:
        return
    columns = [c[0] for c in con.execute(f"SELECT * FROM {table} LIMIT 0").description]
    for lo in range(0, len(rows), CHUNK):
        frame = pd.DataFrame.from_records(rows[lo : lo + CHUNK], columns=columns)
        con.register("_rows", frame)
        try:
            con.execute(f"INSERT INTO {table} SELECT * FROM _rows")
        finally:
            con.unregister("_rows")


def speakers_text(talk: Talk) -> str:
    return "; ".join(f"{s.name} {s.affiliation or ''}".strip() for s in talk.speakers)


def notes_text(talk: Talk) -> str:
    return " ".join(text for _, text in talk.notes)


def insert_talks(
    con: duckdb.DuckDBPyConnection, talks: Sequence[Talk], speaker_ids: dict[str, int]
) -> None:
    """Rows of `talks` in talks, talk_speakers, notes, sources, conflicts; speakers
    not yet in `speaker_ids` are given the next ids (and `speaker_ids` grows)."""
    known = max(speaker_ids.values(), default=0)
    next_id = known + 1
    for lo in range(0, len(talks), CHUNK):
        talk_rows: Rows = []
        ts_rows: Rows = []
        note_rows: Rows = []
        src_rows: Rows = []
        conf_rows: Rows = []
        for t in talks[lo : lo + CHUNK]:
            record = json.dumps(t.to_dict(), ensure_ascii=False)
            talk_rows.append(
                (
                    t.id,
                    t.title,
                    t.conference,
                    t.day,
                    t.start.replace(tzinfo=None) if t.start else None,
                    t.end.replace(tzinfo=None) if t.end else None,
                    t.start.strftime("%H:%M") if t.start else None,
                    t.end.strftime("%H:%M") if t.end else None,
                    str(t.start.tzinfo) if t.start else None,
                    t.room,
                    t.track,
                    t.format,
                    t.abstract,
                    t.abstract_only,
                    speakers_text(t),
                    notes_text(t),
                    hashlib.sha256(record.encode("utf-8")).hexdigest(),
                    record,
                    title_key(t.title),
                    t.track_description,
                )
            )
            for pos, s in enumerate(t.speakers):
                sid = speaker_ids.get(s.name)
                if sid is None:
                    sid = speaker_ids[s.name] = next_id
                    next_id += 1
                ts_rows.append((t.id, sid, pos, s.affiliation, s.org, surname(s.name)))
            note_rows += [(t.id, label, text) for label, text in t.notes]
            src_rows += [(t.id, s.document, s.parser, s.location, s.section) for s in t.sources]
            conf_rows += [(t.id, c.field, d, v) for c in t.conflicts for d, v in c.values]
        for table, data in (
            ("talks", talk_rows),
            ("talk_speakers", ts_rows),
            ("notes", note_rows),
            ("sources", src_rows),
            ("conflicts", conf_rows),
        ):
            bulk(con, table, data)
    new = [(i, n) for n, i in speaker_ids.items() if i > known]
    bulk(con, "speakers", new)


def insert_documents(con: duckdb.DuckDBPyConnection, docs: Iterable[Any]) -> None:
    """Rows of parsed documents (ingest.detect.ParsedDocument) in `documents`, and the
    number of the ingest that stored each in `ingests` (a database copied from a base
    from before gets the table)."""
    docs = list(docs)
    bulk(
        con,
        "documents",
        [
            (d.name, d.path, d.format, d.sha256, len(d.talks), json.dumps(list(d.warnings)))
            for d in docs
        ],
    )
    con.execute(INGESTS_DDL)
    if docs:  # (a row an older talkbase left of a document it removed goes first)
        names = sql_literal([d.name for d in docs])
        con.execute(f"DELETE FROM ingests WHERE list_contains({names}, document)")
    bulk(con, "ingests", [(d.name, d.ingested) for d in docs])
    con.execute(READINGS_DDL)
    if docs:
        con.execute(f"DELETE FROM readings WHERE list_contains({names}, document)")
    bulk(con, "readings", [(d.name, d.read_with) for d in docs if d.read_with])


def insert_records(con: duckdb.DuckDBPyConnection, rows: Rows) -> None:
    """(document, position, talk_id, Talk) rows in `records`."""
    out: Rows = []
    for doc, pos, tid, rec in rows:
        out.append((doc, pos, tid, rec.conference, json.dumps(rec.to_dict(), ensure_ascii=False)))
        if len(out) >= CHUNK:
            bulk(con, "records", out)
            out = []
    bulk(con, "records", out)


def insert_sentences(con: duckdb.DuckDBPyConnection, rows: Rows) -> None:
    """(row, talk_id, position, text) rows in `sentences`."""
    bulk(con, "sentences", rows)


def insert_keys(
    con: duckdb.DuckDBPyConnection, keys: np.ndarray, talk_ids: np.ndarray, rows: np.ndarray
) -> None:
    """Where each text's vector lies: a talk id (else -1) or a sentence row (else -1)."""
    import pandas as pd

    if not len(keys):
        return
    frame = pd.DataFrame(
        {
            "key": keys,
            "talk_id": pd.array(talk_ids, dtype="Int64"),
            "row": pd.array(rows, dtype="Int64"),
        }
    )
    frame.loc[frame["talk_id"] < 0, "talk_id"] = None  # -1: not there
    frame.loc[frame["row"] < 0, "row"] = None
    con.register("_keys", frame)
    try:
        con.execute("INSERT INTO embeddings SELECT key, talk_id, row FROM _keys")
    finally:
        con.unregister("_keys")


def refresh_summaries(con: duckdb.DuckDBPyConnection) -> None:
    """Recount tracks and conferences, and drop speakers left without a talk."""
    con.execute("DELETE FROM tracks")
    con.execute("""
        INSERT INTO tracks
        SELECT track, conference, any_value(track_description), count(*)
        FROM talks WHERE track IS NOT NULL GROUP BY track, conference
    """)
    con.execute("DELETE FROM conferences")
    con.execute("""
        INSERT INTO conferences
        SELECT conference, year(min(day)), any_value(timezone), count(*), min(day), max(day)
        FROM talks GROUP BY conference
    """)
    con.execute("DELETE FROM speakers WHERE id NOT IN (SELECT speaker_id FROM talk_speakers)")


def _id_table(con: duckdb.DuckDBPyConnection, name: str, ids: Iterable[int]) -> None:
    import pandas as pd

    con.register(name, pd.DataFrame({"id": np.fromiter((int(i) for i in ids), np.int64)}))


def rows_for(con: duckdb.DuckDBPyConnection, ids: Iterable[int], sql: str) -> Rows:
    """The rows of `sql`, which reads the wanted ids from the table `_want(id)`."""
    _id_table(con, "_want", ids)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.unregister("_want")


def delete_talks(con: duckdb.DuckDBPyConnection, ids: Iterable[int]) -> None:
    """Remove the rows of these talks from every table (their vectors' keys too)."""
    _id_table(con, "_gone", ids)
    try:
        con.execute("""
            DELETE FROM embeddings WHERE talk_id IN (SELECT id FROM _gone)
               OR row IN (SELECT row FROM sentences WHERE talk_id IN (SELECT id FROM _gone))
        """)
        for table in TALK_TABLES:
            con.execute(f"DELETE FROM {table} WHERE talk_id IN (SELECT id FROM _gone)")
        con.execute("DELETE FROM talks WHERE id IN (SELECT id FROM _gone)")
    finally:
        con.unregister("_gone")


def delete_documents(con: duckdb.DuckDBPyConnection, names: Sequence[str]) -> None:
    if names:
        con.execute(f"DELETE FROM documents WHERE list_contains({sql_literal(list(names))}, name)")
        if has_table(con, "ingests"):
            gone = sql_literal(list(names))
            con.execute(f"DELETE FROM ingests WHERE list_contains({gone}, document)")
        if has_table(con, "readings"):
            gone = sql_literal(list(names))
            con.execute(f"DELETE FROM readings WHERE list_contains({gone}, document)")
        con.execute(
            f"DELETE FROM records WHERE list_contains({sql_literal(list(names))}, document)"
        )


# -- reads for the next build -----------------------------------------------------
def stored_documents(con: duckdb.DuckDBPyConnection) -> dict[str, tuple[str, str, str, list[str]]]:
    """name -> (path, format, sha256, warnings) of every document in the base."""
    rows = con.execute("SELECT name, path, format, sha256, warnings FROM documents").fetchall()
    return {n: (p, f, s, json.loads(w)) for n, p, f, s, w in rows}


def ingest_numbers(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """name -> the number of the ingest that stored the document (none in a base from
    before they were kept, nor for a document an older talkbase stored: each counts
    0, the oldest)."""
    if not has_table(con, "ingests"):
        return {}
    rows = con.execute(
        "SELECT i.document, i.number FROM ingests i JOIN documents d ON d.name = i.document"
    ).fetchall()
    return {str(n): int(i or 0) for n, i in rows}


def readings(con: duckdb.DuckDBPyConnection) -> dict[str, str]:
    """name -> what the document was read with besides its bytes (index/build/reading.py);
    none in a base from before they were kept: unknown."""
    if not has_table(con, "readings"):
        return {}
    rows = con.execute(
        "SELECT r.document, r.options FROM readings r JOIN documents d ON d.name = r.document"
    ).fetchall()
    return {str(n): str(o or "") for n, o in rows}


def records_of_documents(
    con: duckdb.DuckDBPyConnection, names: Sequence[str]
) -> dict[str, list[Talk]]:
    """The parsed records of these documents, document by document, in document order."""
    out: dict[str, list[Talk]] = {n: [] for n in names}
    if names and has_records_table(con):
        for doc, rec in con.execute(
            "SELECT document, record FROM records "
            f"WHERE list_contains({sql_literal(list(names))}, document) "
            "ORDER BY document, position"
        ).fetchall():
            out[doc].append(talk_from_dict(json.loads(rec)))
    return out


def zones_of_conferences(
    con: duckdb.DuckDBPyConnection, conferences: Iterable[str]
) -> list[tuple[str, str, str]]:
    """(conference, zone, document) of the stored records of these conferences (their
    names in any case) that start in a zone ("America/New_York", "UTC+01:00"): the
    zones each document gives a conference's talks (index/build/kindred.py)."""
    names = sorted({c.lower() for c in conferences if c})
    if not names or not has_records_table(con):
        return []
    rows = con.execute(
        "SELECT DISTINCT conference, json_extract_string(record, '$.timezone') AS zone, document "
        f"FROM records WHERE list_contains({sql_literal(names)}, lower(conference)) "
        "AND zone IS NOT NULL"
    ).fetchall()
    return [(str(c), str(z), str(d)) for c, z, d in rows]


def titles_in_several_conferences(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """title key -> the number of conferences holding a talk of that title, for the
    titles that several conferences hold ("Opening", "Lightning Talks")."""
    rows = con.execute(
        "SELECT title_key, count(DISTINCT conference) FROM talks WHERE title_key <> '' "
        "GROUP BY title_key HAVING count(DISTINCT conference) > 1"
    ).fetchall()
    return {str(k): int(n) for k, n in rows}


def has_records_table(con: duckdb.DuckDBPyConnection) -> bool:
    found = con.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'records'"
    ).fetchone()
    return bool(found and found[0])


def records_by_document(con: duckdb.DuckDBPyConnection) -> dict[str, list[Talk]]:
    """Every parsed record, document by document, in document order."""
    out: dict[str, list[Talk]] = {}
    if has_records_table(con):
        for doc, rec in con.execute(
            "SELECT document, record FROM records ORDER BY document, position"
        ).fetchall():
            out.setdefault(doc, []).append(talk_from_dict(json.loads(rec)))
        return out
    for name, records in con.execute("SELECT name, records FROM documents").fetchall():
        out[name] = [talk_from_dict(r) for r in json.loads(records)]  # format 2
    return out


def rooms_named(con: duckdb.DuckDBPyConnection, documents: Iterable[str]) -> list[tuple[str, str]]:
    """(document, room) of each room the stored records of these documents name, as
    written (none without the records table: a base of format 2). Only the records
    of these documents are read, however large the base."""
    names = sorted(set(documents))
    if not names or not has_records_table(con):
        return []
    rows = con.execute(
        "SELECT DISTINCT document, json_extract_string(record, '$.room') FROM records "
        f"WHERE list_contains({sql_literal(names)}, document)"
    ).fetchall()
    return [(str(doc), str(room)) for doc, room in rows if room]


def records_of(con: duckdb.DuckDBPyConnection, talk_ids: Iterable[int]) -> Rows:
    """(document, position, talk_id, Talk) of the records behind these talks."""
    rows = rows_for(
        con,
        talk_ids,
        "SELECT document, position, talk_id, record FROM records "
        "WHERE talk_id IN (SELECT id FROM _want) ORDER BY talk_id, document, position",
    )
    return [(d, p, t, talk_from_dict(json.loads(r))) for d, p, t, r in rows]


def talks_of_documents(con: duckdb.DuckDBPyConnection, names: Sequence[str]) -> set[int]:
    if not names:
        return set()
    rows = con.execute(
        f"SELECT DISTINCT talk_id FROM records WHERE list_contains({sql_literal(list(names))}, document)"
    ).fetchall()
    return {int(r[0]) for r in rows}


def talks_by_id(con: duckdb.DuckDBPyConnection, ids: Iterable[int]) -> dict[int, Talk]:
    rows = rows_for(
        con,
        ids,
        "SELECT id, record FROM talks WHERE id IN (SELECT id FROM _want)",
    )
    return {int(i): talk_from_dict(json.loads(r)) for i, r in rows}


def all_ids(con: duckdb.DuckDBPyConnection) -> np.ndarray:
    found = con.execute("SELECT id FROM talks").fetchnumpy()
    return np.asarray(found["id"], dtype=np.int64)


def speaker_ids(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    return {n: int(i) for i, n in con.execute("SELECT id, name FROM speakers").fetchall()}


def vector_places(
    con: duckdb.DuckDBPyConnection, keys: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(key, talk id or -1, sentence row or -1) of the stored vectors: all of them,
    or only those of `keys`."""
    import pandas as pd

    if keys is None:
        found = con.execute("SELECT key, talk_id, row FROM embeddings").fetchnumpy()
    else:
        con.register("_keys", pd.DataFrame({"k": np.unique(np.asarray(keys, np.int64))}))
        try:
            found = con.execute(
                "SELECT key, talk_id, row FROM embeddings WHERE key IN (SELECT k FROM _keys)"
            ).fetchnumpy()
        finally:
            con.unregister("_keys")

    def ints(col: Any) -> np.ndarray:
        arr = (
            np.ma.filled(np.ma.asarray(col).astype(np.float64), -1)
            if np.ma.isMaskedArray(col)
            else np.asarray(col, dtype=np.float64)
        )
        return np.nan_to_num(arr, nan=-1).astype(np.int64)

    return np.asarray(found["key"], dtype=np.int64), ints(found["talk_id"]), ints(found["row"])


def counts(con: duckdb.DuckDBPyConnection) -> dict[str, Any]:
    """What the manifest records of the tables (conference_names: to pop)."""
    one = lambda q: int((con.execute(q).fetchone() or (0,))[0])  # noqa: E731
    return {
        "talks": one("SELECT count(*) FROM talks"),
        "sentences": one("SELECT count(*) FROM sentences"),
        "speakers": one("SELECT count(DISTINCT name) FROM speakers"),
        "merged": one(
            "SELECT count(*) FROM (SELECT talk_id FROM sources GROUP BY talk_id HAVING count(*) > 1)"
        ),
        "conflicts": one("SELECT count(*) FROM (SELECT DISTINCT talk_id, field FROM conflicts)"),
        "conference_names": [
            r[0]
            for r in con.execute(
                "SELECT DISTINCT conference FROM talks ORDER BY conference"
            ).fetchall()
        ],
    }

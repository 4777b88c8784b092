"""What a knowledge base holds, read with SQL: the summary `talkbase stats` prints and
the tables the Python API hands out as DataFrames (`Talkbase.talks()` and the others).

Each runs on a cursor of its own (the same database, its own session), as
`KnowledgeBase.sql` does, and binds no parameters (binding makes DuckDB import pandas).
"""

from __future__ import annotations

from typing import Any

import duckdb

from index.store.schema import LENGTH_MINUTES

TABLES: dict[str, str] = {
    # every talk, by start time (talks without a time last); start and end are the
    # talk's local clock, in its time zone (`timezone`: each conference's own)
    "talks": f"""
SELECT t.id, t.title, t.day, t.start_time AS "start", t.end_time AS "end", t.timezone,
       CAST({LENGTH_MINUTES} AS BIGINT) AS minutes, t.room, t.track, t.format,
       (SELECT string_agg(s.name, ', ' ORDER BY ts.position) FROM talk_speakers ts
          JOIN speakers s ON s.id = ts.speaker_id WHERE ts.talk_id = t.id) AS speakers,
       t.conference, t.abstract, t.abstract_only,
       (SELECT count(*) FROM sources so WHERE so.talk_id = t.id) AS sources,
       (SELECT count(DISTINCT c.field) FROM conflicts c WHERE c.talk_id = t.id) AS conflicts
FROM talks t ORDER BY t.start_time NULLS LAST, t.room, t.title
""",
    # every speaker with their affiliations and number of talks, busiest first
    "speakers": """
SELECT s.id, s.name,
       string_agg(DISTINCT ts.affiliation, '; ' ORDER BY ts.affiliation) AS affiliations,
       count(DISTINCT ts.talk_id) AS talks
FROM speakers s LEFT JOIN talk_speakers ts ON ts.speaker_id = s.id
GROUP BY s.id, s.name ORDER BY talks DESC, s.name
""",
    # every track with its conference, description and number of talks
    "tracks": """
SELECT name AS track, conference, description, talks FROM tracks ORDER BY talks DESC, name
""",
    # where the program documents disagree: one row per (talk, field, document)
    "conflicts": """
SELECT c.talk_id, t.title, c.field, c.document, c.value
FROM conflicts c JOIN talks t ON t.id = c.talk_id ORDER BY t.title, c.field, c.document
""",
}

_COUNT_TALKS = "SELECT count(*) FROM talks"
_COUNT_SPEAKERS = "SELECT count(*) FROM speakers"
_DOCUMENTS = "SELECT name, format, talks FROM documents ORDER BY name"
_MERGED = "SELECT count(*) FROM (SELECT talk_id FROM sources GROUP BY talk_id HAVING count(*) > 1)"
_CONFLICTS = "SELECT count(DISTINCT (talk_id, field)) FROM conflicts"
_DAYS = "SELECT DISTINCT day FROM talks WHERE day IS NOT NULL ORDER BY 1"
_TRACKS = "SELECT name, conference, talks FROM tracks ORDER BY talks DESC, name, conference"
_ROOMS = "SELECT DISTINCT room FROM talks WHERE room IS NOT NULL ORDER BY 1"


def table(con: duckdb.DuckDBPyConnection, name: str) -> duckdb.DuckDBPyConnection:
    """One of `TABLES` as a pending result (`.df()` makes it a DataFrame)."""
    return con.cursor().execute(TABLES[name])


def summary(con: duckdb.DuckDBPyConnection) -> dict[str, Any]:
    """Counts of talks, speakers, merged talks and conflicts, and the documents, days,
    tracks and rooms, in the order and shape `talkbase stats --json` prints them."""
    q = con.cursor().execute

    def count(sql: str) -> int:
        return int(q(sql).fetchone()[0])  # type: ignore[index]  # a count has one row

    return {
        "talks": count(_COUNT_TALKS),
        "speakers": count(_COUNT_SPEAKERS),
        "documents": [
            dict(zip(("name", "format", "talks"), r, strict=True)) for r in q(_DOCUMENTS).fetchall()
        ],
        "merged": count(_MERGED),
        "conflicts": count(_CONFLICTS),
        "days": [str(r[0]) for r in q(_DAYS).fetchall()],
        # (each of its conference: two conferences may each have a track of one name)
        "tracks": [
            dict(zip(("track", "conference", "talks"), r, strict=True))
            for r in q(_TRACKS).fetchall()
        ],
        "rooms": [r[0] for r in q(_ROOMS).fetchall()],
    }

"""Which talks of an open base are housekeeping sessions (welcome, opening,
closing, breaks: `ingest.housekeeping`), each talk judged once.

A search puts the housekeeping sessions among its first results last. Whether a
talk is one depends only on its title, and an open base never changes (an ingest
makes a new build, opened as a new base), so each talk's title is read and judged
on the first query that ranks it, and remembered for the base's life: a query
reads and judges only the talks no earlier query ranked.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import duckdb

from index.store import reads
from ingest.housekeeping import is_housekeeping


class Chores:
    """The housekeeping sessions among the talks of the open database `con`."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        self._judged: set[int] = set()  # talks whose title was judged
        self._chores: set[int] = set()  # those of them that are housekeeping
        self._judging = threading.Lock()  # queries from several threads share the sets

    def among(self, ids: Sequence[int]) -> set[int]:
        """The housekeeping sessions among `ids` (a talk the base lacks is none)."""
        with self._judging:
            unknown = list(dict.fromkeys(t for t in ids if t not in self._judged))
        if unknown:
            titles = reads.titles_of(self.con, unknown)
            found = {t for t in unknown if is_housekeeping(titles.get(t, ""))}
            with self._judging:
                self._chores |= found
                self._judged.update(unknown)
        with self._judging:
            return {t for t in ids if t in self._chores}

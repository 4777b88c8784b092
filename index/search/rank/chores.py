"""Which talks of an open base are housekeeping sessions (welcome, opening,
closing, breaks: `ingest.housekeeping`) and which are for newcomers
(`ingest.audience`), each talk judged once, by its title.

A search puts the housekeeping sessions among its first results last, and raises
the newcomers' talks when it asks where to start. Both verdicts depend only on
the talk's title, and an open base never changes (an ingest makes a new
build, opened as a new base), so each talk is read and judged on the first query
that needs it, and remembered for the base's life: a query reads and judges only
the talks no earlier query did.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import duckdb

from index.store import reads
from ingest.audience import is_introductory
from ingest.housekeeping import is_housekeeping


class Judged:
    """The talks of the open database `con` whose title one rule (`_judge`) holds
    for, each talk judged once."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.con = con
        self._judged: set[int] = set()  # talks judged
        self._held: set[int] = set()  # those of them the rule holds for
        self._judging = threading.Lock()  # queries from several threads share the sets

    def _judge(self, title: str) -> bool:
        raise NotImplementedError

    def among(self, ids: Sequence[int]) -> set[int]:
        """Those of `ids` the rule holds for (never for a talk the base lacks)."""
        with self._judging:
            unknown = list(dict.fromkeys(t for t in ids if t not in self._judged))
        if unknown:
            titles = reads.titles_of(self.con, unknown)
            found = {t for t in unknown if t in titles and self._judge(titles[t])}
            with self._judging:
                self._held |= found
                self._judged.update(unknown)
        with self._judging:
            return {t for t in ids if t in self._held}


class Chores(Judged):
    """The housekeeping sessions."""

    def _judge(self, title: str) -> bool:
        return is_housekeeping(title)


class Introductions(Judged):
    """The talks for newcomers."""

    def _judge(self, title: str) -> bool:
        return is_introductory(title)

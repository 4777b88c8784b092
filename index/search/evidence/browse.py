"""A search with nothing to rank by ("talks in the Go devroom on Sunday", "the last
talk in Janson"): the talks its limits let through, in time order (or latest in their
day first, `latest_in_the_day`), each as a hit of score 0. Called by
index/search/kb.py with the base's talk starts (read once)."""

from __future__ import annotations

from typing import Any

import duckdb
import numpy as np

from index.search.rank.ranking import first_by_time, positions, time_order
from index.store import reads
from talkbase.core.records import Hit


def in_time(
    talks: Any,
    con: duckdb.DuckDBPyConnection,
    starts: tuple[np.ndarray, np.ndarray],
    allowed: list[int] | None,
    k: int,
    latest: bool = False,
) -> list[Hit]:
    """The first `k` talks of `allowed` (None: of all) in time order: timed talks by
    their start, then by title; then the untimed ones by title. `latest`: the last `k`
    timed talks, the latest first ("the last talk on Sunday"). `talks` reads talks by
    id (`reads.Talks`); `starts` is (ids, starts as written in seconds, NaN untimed)."""
    ids, written = starts
    pos, timed = _where(starts, allowed)
    sign = -1.0 if latest else 1.0
    window = timed[first_by_time(sign * written[timed], k)]
    chosen = talks.get_many(ids[window].tolist())  # by id: ties stay in id order
    chosen.sort(key=time_order, reverse=latest)
    del chosen[k:]
    if len(chosen) < k and not latest:
        untimed = pos[np.isnan(written[pos])]
        if len(untimed):
            among = None if allowed is None else ids[untimed].tolist()
            rest = reads.untimed_by_title(con, k - len(chosen), among)
            chosen += talks.get_many(rest)
    return [Hit(t, 0.0) for t in chosen]


DAY_S = 86_400


def latest_in_the_day(
    talks: Any, starts: tuple[np.ndarray, np.ndarray], allowed: list[int] | None, k: int
) -> list[Hit]:
    """The `k` timed talks of `allowed` (None: of all) that start latest in their day,
    by their clock time as written (ties: the later day first): for a time said "from
    then on" that no talk reaches ("after midnight"), the nearest talks to it."""
    ids, written = starts
    _, timed = _where(starts, allowed)
    clock = np.mod(written[timed], DAY_S)
    order = np.lexsort((-written[timed], -clock))[:k]
    return [Hit(t, 0.0) for t in talks.get_many(ids[timed[order]].tolist())]


def _where(
    starts: tuple[np.ndarray, np.ndarray], allowed: list[int] | None
) -> tuple[np.ndarray, np.ndarray]:
    """The positions in `starts` of the talks of `allowed` (None: all), and of those timed."""
    ids, written = starts
    if allowed is None:
        pos = np.arange(len(ids))
    else:
        pos, found = positions(ids, allowed)
        pos = pos[found]
    return pos, pos[~np.isnan(written[pos])]

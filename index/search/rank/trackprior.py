"""The track prior: a conference program's own grouping of its talks as evidence.

A program puts talks on one subject in one track (a devroom, a session). When
the talks a hybrid search ranks first gather in a track, the other talks of that
track are likelier to be on the question too, even where their words or vectors
say less. On FOSDEM 2024, "8-bit retro computers" lifts the Retrocomputing
devroom's "Controlling a 6 degree Robot Arm using a 48K ZX Spectrum" from 17th to
10th, and "tools for writing technical documentation" the Tool the docs devroom's
"Taming Abstraction" from 22nd to 10th.

The rule (cluster-based smoothing of the fused scores, the tracks as clusters):
each track's share of the first TRACK_WINDOW fused talks' scores (each score as
a share of the best; talks without a track count towards the whole but lend no
track anything) is its prior; every listed talk of a track gains TRACK_BONUS of
the best fused score times that share. A track the first talks do not reach
gains nothing, no talk gains more than TRACK_BONUS of the best score, and a
base without tracks (a plain collection) ranks as before. Only the hybrid mode
fuses, and only its "scaled" fusion (the default) weighs tracks
(index/search/rank/signals.py says why).
Tracks are told apart by conference: two programs' "Keynotes" are two tracks.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import duckdb
import numpy as np

from index.search.rank.ranking import positions
from index.store import reads

TRACK_BONUS = 0.2  # of the best fused score, for a track holding all of the first talks
TRACK_WINDOW = 10  # fused talks whose tracks are read as evidence (a page of results)

Track = tuple[str, str]  # (conference, track name)


def shares(
    scored: Sequence[tuple[int, float]], tracks: Mapping[int, Track], window: int = TRACK_WINDOW
) -> dict[Track, float]:
    """Each track's share of the scores of the first `window` of `scored` (best first;
    each score taken as a share of the best): the prior of the track."""
    head = scored[:window]
    if not head or head[0][1] <= 0:
        return {}
    top = head[0][1]
    mass: dict[Track, float] = {}
    total = 0.0
    for tid, score in head:
        part = max(score, 0.0) / top
        total += part
        track = tracks.get(tid)
        if track is not None:
            mass[track] = mass.get(track, 0.0) + part
    return {t: m / total for t, m in mass.items()} if total > 0 else {}


def lift(
    scored: Sequence[tuple[int, float]],
    tracks: Mapping[int, Track],
    bonus: float = TRACK_BONUS,
    window: int = TRACK_WINDOW,
) -> list[tuple[int, float]]:
    """`scored` (best first) with each talk's score raised by `bonus` of the best
    score times its track's share (`shares`), sorted again (ties keep their order)."""
    prior = shares(scored, tracks, window) if bonus > 0 else {}
    if not prior:
        return list(scored)
    gain = bonus * scored[0][1]
    raised = [
        (tid, score + gain * prior.get(tracks[tid], 0.0) if tid in tracks else score)
        for tid, score in scored
    ]
    raised.sort(key=lambda p: -p[1])
    return raised


class TrackTable:
    """Every talk's track of one open base, read once (two arrays: the ids
    ascending and a code per talk, -1 without a track), so a query looks its
    talks' tracks up without asking the database."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        self.tracks, self.ids, self.codes = reads.track_codes(con)

    def of(self, ids: Sequence[int]) -> dict[int, Track]:
        """The (conference, track) of each of `ids` that has one."""
        if not len(self.ids) or not len(ids):
            return {}
        pos, found = positions(self.ids, ids)
        codes = np.where(found, self.codes[pos], -1)
        return {
            int(tid): self.tracks[code]
            for tid, code in zip(ids, codes.tolist(), strict=True)
            if code >= 0
        }


_TABLES: weakref.WeakKeyDictionary[Any, TrackTable] = weakref.WeakKeyDictionary()
_READING = threading.Lock()


def table(base: Any) -> TrackTable:
    """The `TrackTable` of the open `base`, read on its first query (a base never
    changes once open: an ingest makes a new build, opened as a new base)."""
    with _READING:
        found = _TABLES.get(base)
        if found is None:
            found = _TABLES[base] = TrackTable(base.con)
    return found


def weigh(base: Any, scored: Sequence[tuple[int, float]]) -> list[tuple[int, float]]:
    """`lift` of the fused list `scored` of a search on the open `base`."""
    if TRACK_BONUS <= 0 or not scored:
        return list(scored)
    tracks = table(base).of([tid for tid, _ in scored])
    return lift(scored, tracks, TRACK_BONUS, TRACK_WINDOW) if tracks else list(scored)

"""Which talks pass a query's limits: its filters (one value each), and what its words
ask beyond them: a talk of any of several people, organisations, tracks or rooms
("by A or B", "the Rust and Go devrooms", "in building K", "in room 2 or room 3",
"sat and sun": `Understood.any_of`), of none of the tracks left out ("not in the Go
devroom"), passing none of the limits left out ("not on Saturday", "not before
10am"), holding every quoted phrase and none of the words left out. The open base
(index/search/kb.py's KnowledgeBase) reads the ids each filter lets through
(`allowed`, remembered) and keeps what this finds per query reading."""

from __future__ import annotations

from typing import Any

from index.search.limits import phrases
from index.search.limits.filters import Filters
from index.search.read.understand import Understood


def key(filters: Filters, u: Understood) -> tuple[Any, ...]:
    """What `ids` depends on, to remember its answer by."""
    return (
        filters,
        u.any_speakers,
        u.any_orgs,
        u.any_tracks,
        u.excluded_tracks,
        u.any_rooms,
        u.any_days,
        u.phrases,
        u.excluded,
        u.excluded_limits,
    )


def ids(base: Any, filters: Filters, u: Understood) -> set[int] | None:
    """The ids of the talks passing `filters` and what `u` asks; None: every talk."""
    allowed = base.allowed(filters)
    found = None if allowed is None else set(allowed)
    for name, values in u.any_of.items():
        union: set[int] = set()
        for value in values:
            union.update(base.allowed(Filters(**{name: value})) or ())
        found = union if found is None else found & union
    if u.excluded_tracks:  # "not in the Go devroom": the talks of every other track
        left_out: set[int] = set()
        for track in u.excluded_tracks:
            left_out.update(base.allowed(Filters(track=track)) or ())
        found = (set(base.talks.ids.tolist()) if found is None else found) - left_out
    if u.excluded_limits:  # "not on Saturday": the talks of any limit left out go
        gone: set[int] = set()
        for limit in u.excluded_limits:
            if limit.active():
                gone.update(base.allowed(limit) or ())
        found = (set(base.talks.ids.tolist()) if found is None else found) - gone
    if u.phrases or u.excluded:
        everyone = base.talks.ids
        found = phrases.limit(base.con, base.bm25, everyone, u.phrases, u.excluded, found)
    return found

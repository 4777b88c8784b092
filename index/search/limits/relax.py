"""When no talk passes every limit read from a query's words, which to drop.

"What's on in the Rust devroom on Sunday" at a program whose Rust devroom met on
Saturday: dropping every limit would answer with any talk at all; dropping the day
answers with the Rust devroom, which is what the person is after. A search tries
the ways to keep fewer limits in `attempts`' order and keeps the first that leaves
talks (index/search/kb.py); the answer says which it dropped (`Answer.dropped`).

Limits go by kind, the one a person is likeliest to bend first: a talk's length
("short talks"), the time of day, then the day, the room or format, the track or
conference, the people, and last the quoted phrases, excluded words and limits
left out. How long,
when and where bend alone first ("Go devroom on Sunday afternoon" at a program
whose Go devroom met on Saturday keeps the afternoon); then kinds are dropped
together in that order, so what a talk is about (its track, its people, its
phrases) is kept longest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from index.search.read.understand import Understood
from talkbase.core.filters import CLOCK_LIMITS

# Kinds of limit (the chip fields of each), in the order they are given up
KINDS: tuple[tuple[str, ...], ...] = (
    ("max_minutes", "min_minutes"),
    CLOCK_LIMITS,
    ("day",),
    ("room", "format"),
    ("track", "conference", "language"),
    ("speaker", "org"),
    ("phrase", "exclude", "not"),
)
BENDS = 4  # the first kinds (how long, when and where), each tried dropped alone first
_FILTER_FIELDS = frozenset(f for kind in KINDS[:-1] for f in kind)


def without(u: Understood, fields: frozenset[str]) -> Understood:
    """`u` with the limits of the chip `fields` dropped (their chips too)."""
    cleared = {f: None for f in fields & _FILTER_FIELDS if f in u.filters.__dataclass_fields__}
    return replace(
        u,
        filters=replace(u.filters, **cleared),
        chips=tuple(c for c in u.chips if c.field not in fields),
        any_speakers=() if "speaker" in fields else u.any_speakers,
        any_orgs=() if "org" in fields else u.any_orgs,
        any_tracks=() if "track" in fields else u.any_tracks,
        excluded_tracks=() if "track" in fields else u.excluded_tracks,
        any_rooms=() if "room" in fields else u.any_rooms,
        any_days=() if "day" in fields else u.any_days,
        phrases=() if "phrase" in fields else u.phrases,
        excluded=() if "exclude" in fields else u.excluded,
        excluded_limits=() if "not" in fields else u.excluded_limits,
    )


def attempts(u: Understood) -> Iterator[tuple[Understood, tuple[str, ...]]]:
    """Readings of `u` with fewer limits, the most kept first, each with the labels of
    the limits it dropped: each of the first `BENDS` kinds `u` holds dropped alone,
    then the kinds it holds dropped together in `KINDS` order (the last attempt keeps
    none of them)."""
    held = [frozenset(k) for k in KINDS if any(c.field in k for c in u.chips)]
    alone = [k for k in held if k in {frozenset(b) for b in KINDS[:BENDS]}]
    seen: set[frozenset[str]] = set()
    tries = [*alone, *(frozenset().union(*held[: n + 1]) for n in range(len(held)))]
    for fields in tries:
        if fields in seen:
            continue
        seen.add(fields)
        dropped = tuple(c.label for c in u.chips if c.field in fields)
        yield without(u, fields), dropped


def fewest_dropped(
    u: Understood, passing: Callable[[Understood], list[int] | None]
) -> tuple[list[int] | None, tuple[str, ...], str] | None:
    """The first of `attempts(u)` that leaves talks, by `passing` (the ids of the talks
    a reading lets through, None for every talk): those ids, the labels of the limits
    dropped and the label of those kept ("" when none is); None when none leaves any."""
    for fewer, dropped in attempts(u):
        allowed = passing(fewer)
        if allowed != []:
            return allowed, dropped, fewer.label
    return None

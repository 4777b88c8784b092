"""When two talks clash: the one overlap rule of the agenda's conflict flags,
of "fits my agenda" and of recommendations."""

from __future__ import annotations

from collections.abc import Iterable

from talkbase.core.records import Talk


def timed(talk: Talk) -> bool:
    """A talk with a start and an end after it."""
    return talk.start is not None and talk.end is not None and talk.end > talk.start


def overlap_minutes(a: Talk, b: Talk) -> int:
    """Minutes two talks share; 0 when either has no time or they only touch."""
    if not (timed(a) and timed(b)):
        return 0
    assert a.start and a.end and b.start and b.end
    shared = (min(a.end, b.end) - max(a.start, b.start)).total_seconds()
    return max(0, int(shared // 60))


def clashes(talk: Talk, agenda_talks: Iterable[Talk]) -> list[Talk]:
    """The talks of an agenda that run at the same time as `talk` (never itself)."""
    return [t for t in agenda_talks if t.id != talk.id and overlap_minutes(talk, t) > 0]


def fits(talk: Talk, agenda_talks: Iterable[Talk]) -> bool:
    """True when `talk` has a time and nothing in the agenda runs at that time."""
    return timed(talk) and not clashes(talk, agenda_talks)

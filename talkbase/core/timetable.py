"""When two talks clash: the one overlap rule of the agenda's conflict flags,
of "fits my agenda" and of recommendations; and when a talk fills the hole between
two saved ones in their room (`between`); the day of the program a talk is on, as
the day filter reads it (`program_day`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime
from types import MappingProxyType

from talkbase.core.records import Talk


def timed(talk: Talk) -> bool:
    """A talk with a start and an end after it."""
    return talk.start is not None and talk.end is not None and talk.end > talk.start


def overlap_minutes(a: Talk, b: Talk) -> int:
    """Minutes two talks share, between their instants (in UTC: wall clocks repeat an
    hour the night summer time ends); 0 when either has no time or they only touch."""
    if not (timed(a) and timed(b)):
        return 0
    assert a.start and a.end and b.start and b.end
    ends = min(a.end.astimezone(UTC), b.end.astimezone(UTC))
    starts = max(a.start.astimezone(UTC), b.start.astimezone(UTC))
    shared = (ends - starts).total_seconds()
    return max(0, int(shared // 60))


def clashes(talk: Talk, agenda_talks: Iterable[Talk]) -> list[Talk]:
    """The talks of an agenda that run at the same time as `talk` (never itself)."""
    return [t for t in agenda_talks if t.id != talk.id and overlap_minutes(talk, t) > 0]


# Minutes to change buildings between two talks, where the rooms' codes name their
# buildings ("H.2215" and "K.3.201" at FOSDEM): a talk that starts sooner after one in
# another building ends (or ends sooner before it starts) does not fit beside it
CHANGE_MINUTES = 5
_CODE = re.compile(r"([A-Za-z]{1,3})(?=[0-9.])")


def building_of(room: str) -> str:
    """The building a room's code names ("K" of "K.3.201", "UB" of "UB2.252A
    (Lameere)"), upper case; "" when its name starts with no code ("Janson")."""
    m = _CODE.match(room.strip())
    return m.group(1).upper() if m else ""


def too_tight(a: Talk, b: Talk) -> bool:
    """Whether one of two talks starts less than CHANGE_MINUTES after the other ends,
    in another building as their room codes name them (no building named: no rule)."""
    if not (timed(a) and timed(b)) or overlap_minutes(a, b) > 0:
        return False
    here, there = building_of(a.room or ""), building_of(b.room or "")
    if not here or not there or here == there:
        return False
    assert a.start and a.end and b.start and b.end
    gap = min(abs((b.start - a.end).total_seconds()), abs((a.start - b.end).total_seconds()))
    return gap < CHANGE_MINUTES * 60


def fits(talk: Talk, agenda_talks: Iterable[Talk]) -> bool:
    """True when `talk` has a time, nothing in the agenda runs at that time, and no
    saved talk in another building ends or starts too close to it (`too_tight`)."""
    agenda_talks = list(agenda_talks)
    return (
        timed(talk)
        and not clashes(talk, agenda_talks)
        and not any(too_tight(talk, t) for t in agenda_talks if t.id != talk.id)
    )


NO_NIGHTS: Mapping[int, date] = MappingProxyType({})  # a program without night talks


def program_day(talk: Talk, nights: Mapping[int, date] = NO_NIGHTS) -> date | None:
    """The day of the program a talk is on, as the day filter reads it: the day whose
    night it is for one of `nights` (the base's night talks by id: `Service.nights`,
    the search's own rule), else its `day`. The app's Program grid and agenda place a
    talk on this day, as its card names it (`present.when`)."""
    return nights.get(talk.id, talk.day)


def program_order(talk: Talk) -> tuple[bool, date, bool, float, str]:
    """A sort key in the program's order: by day (talks with none last), on a day by
    start, then the day's talks whose time the program does not give, then by title."""
    day = talk.day
    return (
        day is None,
        day or date.min,
        talk.start is None,
        talk.start.timestamp() if talk.start else 0.0,
        talk.title,
    )


def between(talk: Talk, agenda_talks: Iterable[Talk]) -> tuple[Talk, Talk] | None:
    """The saved talks just before and just after `talk` in its room on its day, when
    it fills the hole between them (no other talk as long fits beside it: it runs
    more than half of the hole), so that the attendee would sit through it without
    moving; else None."""
    if not (timed(talk) and talk.room):
        return None
    assert talk.start and talk.end
    here = [
        t
        for t in agenda_talks
        if t.id != talk.id and timed(t) and t.room == talk.room and t.day == talk.day
    ]
    before = [t for t in here if t.end and t.end <= talk.start]
    after = [t for t in here if t.start and t.start >= talk.end]
    if not (before and after):
        return None
    first, last = max(before, key=_start_of), min(after, key=_start_of)
    assert first.end and last.start
    hole = (last.start - first.end).total_seconds()
    return (first, last) if 2 * (talk.end - talk.start).total_seconds() > hole else None


def _start_of(talk: Talk) -> datetime:
    assert talk.start
    return talk.start.astimezone(UTC)

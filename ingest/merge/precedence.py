"""Which value a merged talk keeps where its records disagree: each record's
standing (`Priority`: current, timed, in a zone a document names, described), then for a
time or room the document ingested last (`_latest`), a guessed zone's times first read on a
named zone's clock (`_on_named_clock`), rooms compared only in one vocabulary
(`_one_vocabulary`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import NamedTuple
from zoneinfo import ZoneInfo

from ingest.merge.revisions import Moves, _document, outdated
from ingest.merge.same import minutes_apart
from ingest.text import title_key
from ingest.when import instant, named_zone, on_the_clock, wall_clock
from talkbase.core.records import Talk

# the fields the document ingested last decides where documents disagree (`_latest`):
# a title, track or format may differ as two languages' versions of one program do
SCHEDULE = ("start", "end", "room")


def zone_guessed(talk: Talk, guessed: Mapping[str, str]) -> bool:
    """The record's time is in the zone its document's times were read in for want of
    one it names (`guessed`: document -> that zone, the default's)."""
    zone = guessed.get(_document(talk) or "")
    return bool(zone and talk.start and getattr(talk.start.tzinfo, "key", None) == zone)


class Priority(NamedTuple):
    """A record's standing among the records of its talk (`_priority`; less is first)."""

    outdated: int  # another document revises it (`outdated`)
    untimed: int  # it gives no time
    guessed: int  # its time is in the zone its document's times were read in for want of one
    unnamed: int  # its time is in UTC or a bare offset, not a zone the tz database names
    undescribed: int  # it has no abstract

    def overrules(self, first: Priority, read_anew: bool) -> bool:
        """Whether a record of this standing may give its value in place of the `first`
        record's by the ingest order alone (`_latest`): as current a revision, as timed,
        and not a time in a zone guessed against one a document gives, unless it was read
        on the clock of the zone an older record names (`read_anew`: `_on_named_clock`;
        an export in UTC says no clock to read it on; True for a room, of no zone)."""
        return (self.outdated, self.untimed) == (first.outdated, first.untimed) and (
            not self.guessed or bool(first.guessed) or read_anew
        )


def _priority(
    talk: Talk, others: Sequence[Talk], guessed: Mapping[str, str], moves: Moves
) -> Priority:
    # A newer revision of the event (a later export of the calendar) says where it is
    # now; records with a schedule (times, room) speak for the program itself; in a
    # zone a document names more than in the default one a document's times were read
    # in; in the program's own zone more than a UTC export of it.
    return Priority(
        1 if outdated(talk, others, moves) else 0,
        0 if talk.start else 1,
        1 if zone_guessed(talk, guessed) else 0,
        0 if named_zone(talk.start) else 1,
        0 if talk.abstract else 1,
    )


def on_clock(talk: Talk, assumed: str, clock: ZoneInfo) -> Talk:
    """The talk's times in `clock` where they were read in the zone `assumed` (their
    wall clock times kept: `when.on_the_clock` reads them on a day the clocks change)."""
    if talk.start is None or getattr(talk.start.tzinfo, "key", None) != assumed:
        return talk
    start = wall_clock(talk.start.replace(tzinfo=None), clock)
    end = wall_clock(talk.end.replace(tzinfo=None), clock) if talk.end is not None else None
    start, end, _ = on_the_clock(start, end)
    return replace(talk, start=instant(start), end=instant(end) if end is not None else None)


def _on_named_clock(
    records: Sequence[Talk], guessed: Mapping[str, str], ingested: Mapping[str, int]
) -> dict[int, Talk]:
    """The records (by `id`) whose times to read on another clock before the ingest
    order compares them: one whose zone is guessed (`zone_guessed`), of a document
    ingested after that of a record whose time is in a zone a document names (the
    first such, in `records`' order), read on that zone's clock, its wall clock kept
    (`on_clock`: a CSV naming no zone after the conference's calendar in Berlin says
    Berlin's clock times, not the default's)."""
    named = next((r for r in records if named_zone(r.start) and not zone_guessed(r, guessed)), None)
    if named is None or named.start is None:
        return {}
    zone = getattr(named.start.tzinfo, "key", None)
    after = ingested.get(_document(named) or "", 0)
    if not isinstance(zone, str):
        return {}
    clock = ZoneInfo(zone)
    return {
        id(r): on_clock(r, guessed[_document(r) or ""], clock)
        for r in records
        if zone_guessed(r, guessed) and ingested.get(_document(r) or "", 0) > after
    }


def _disagree(values: Sequence[object]) -> bool:
    """The values differ: times as instants (minutes_apart), text by title key."""
    if all(isinstance(v, datetime) for v in values):
        return any(minutes_apart(a, b) for a in values for b in values)  # type: ignore[arg-type]
    return len({title_key(str(v)) for v in values}) > 1


def _latest(
    present: Sequence[tuple[Talk, object]],
    rank: Mapping[int, Priority],
    ingested: Mapping[str, int],
    alike: Callable[[Talk, Talk], bool] | None = None,
    read_anew: Collection[int] | None = None,
) -> tuple[Talk, object]:
    """Of the records giving a field a value (in `_priority` order; `rank`: each one's,
    by `id`), the one whose value the talk keeps: the first, unless the values disagree
    and a document ingested later (`ingested`: document -> its ingest number, 0 when
    unknown) gives one in a record that `Priority.overrules` the first (`read_anew`, for
    a time: the ids of records whose times were read on a named zone's clock) and, where
    `alike` is given, of the first's kind (rooms named in one vocabulary): then the
    latest's value, as the first record giving it gives it (the same instant in a zone
    a document names rather than a guessed one)."""
    if len(present) < 2 or not _disagree([v for _, v in present]):
        return present[0]
    first = present[0][0]
    peers = [
        p
        for p in present
        if rank[id(p[0])].overrules(rank[id(first)], read_anew is None or id(p[0]) in read_anew)
        and (alike is None or alike(first, p[0]))
    ]
    _, value = max(peers, key=lambda p: ingested.get(_document(p[0]) or "", 0))
    return next(p for p in peers if not _disagree([p[1], value]))


def room_names(named: Iterable[tuple[str | None, str | None]]) -> dict[str, frozenset[str]]:
    """document -> the rooms it names (`named`: (document, room) of its records), by
    title key ("Hall A" is "hall a")."""
    rooms: dict[str, set[str]] = {}
    for doc, room in named:
        if doc is not None and room and (key := title_key(room)):
            rooms.setdefault(doc, set()).add(key)
    return {d: frozenset(r) for d, r in rooms.items()}


def _one_vocabulary(rooms: Mapping[str, frozenset[str]]) -> Callable[[Talk, Talk], bool]:
    """Whether two records' documents name rooms in one vocabulary: they share a room's
    name (`rooms`: document -> its rooms' names). An English and a German version of one
    program ("Hall A", "Saal A") share none: the later is no news of where a talk is."""

    def alike(a: Talk, b: Talk) -> bool:
        da, db = _document(a), _document(b)
        return da == db or bool(rooms.get(da or "", frozenset()) & rooms.get(db or "", frozenset()))

    return alike

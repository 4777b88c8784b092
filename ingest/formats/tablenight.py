"""A table's rows after midnight under the day before: the night rule of a program
that gives no day of its own to its talks after midnight (`when.night_runs_on`, the
calendar's and a Markdown list's), read in a table's own order.

A table's date column gives the date a talk starts (talkbase's own export writes it
so, with a `program_day` column beside it for a night's talks). A festival's table
often lists its night under the festival day instead: "2026-11-13, 23:00–00:30"
then "2026-11-13, 00:45–02:00". A row is that night's, a day later, when all of
these hold (`nights`):

- its start cell is a clock time alone, dated by the row's date cell (or a day
  heading), before `NIGHT_ENDS`, and the table has no `program_day` column;
- the timed row before it is of the same day and starts later: the clock runs back;
- that day's rows above it run on to it past midnight, talk after talk, with no
  break over `NIGHT_GAP` (`night_runs_on`);
- no row of that day below it starts at `NIGHT_ENDS` or later: the day's listing
  ends with its night. A table sorted by room, whose next room's day starts with a
  row in the small hours and goes on into the morning, keeps that row on its date.

A row that meets the first three but not the last is kept as its date says, and
said so. A moved row is said too, with the date it is read on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta

from ingest import when
from talkbase.core.records import Talk
from talkbase.core.when import NIGHT_ENDS, night_runs_on

_DAY = timedelta(days=1)


def _day(talk: Talk) -> date | None:
    """The program day a read talk is on: its listed night's, else its start's date."""
    return talk.program_day or (talk.start.date() if talk.start else None)


def nights(
    talks: Sequence[Talk], clock_only: set[str], document: str
) -> tuple[list[Talk], list[str]]:
    """`talks` (a table's, in its rows' order) with the rows of a night listed under
    the day before read a day later, by the rules above, and what was assumed.
    `clock_only`: the places of the rows whose start cell gives no date of its own.
    (One pass: a table of many rows is read in time linear in them.)"""
    read: list[Talk] = []
    said: list[str] = []
    # each day's timed rows read so far, and the last timed row (start, end, day)
    of_day: dict[date, list[tuple[datetime, datetime | None]]] = {}
    last: tuple[datetime, datetime | None, date | None] | None = None
    # the last row of each date that starts in the day (at NIGHT_ENDS or later)
    day_goes_on = {
        t.start.date(): i
        for i, t in enumerate(talks)
        if t.start is not None and t.program_day is None and t.start.time() >= NIGHT_ENDS
    }

    def keep(talk: Talk) -> None:
        nonlocal last
        read.append(talk)
        if talk.start is not None:
            last = (talk.start, talk.end, _day(talk))
            if last[2] is not None:
                of_day.setdefault(last[2], []).append((talk.start, talk.end))

    for i, talk in enumerate(talks):
        start, where = talk.start, talk.sources[0].location if talk.sources else ""
        if (
            start is None
            or talk.program_day is not None
            or where not in clock_only
            or start.time() >= NIGHT_ENDS
            or last is None
            or last[2] != start.date()
            or start >= last[0]
        ):
            keep(talk)
            continue
        day = start.date()
        night = when.plus(start, _DAY)
        if not night_runs_on(night, of_day.get(day, [])):
            keep(talk)
            continue
        before, ends = last[0], last[1]
        shown = f"{document} {where}: {talk.title!r} at {start:%H:%M} on {day:%Y-%m-%d} comes"
        ran = (
            "after that day's talks run on past midnight, talk after talk (the row before "
            f"it: {before:%H:%M}" + (f"–{ends:%H:%M})" if ends else ")")
        )
        if day_goes_on.get(day, -1) > i:
            said.append(
                f"{shown} {ran}, but rows of {day:%Y-%m-%d} below it go on into the day; "
                f"kept on {day:%Y-%m-%d} as its date says (if it is that night's, date it "
                f"{night:%Y-%m-%d})"
            )
            keep(talk)
            continue
        said.append(
            f"{shown} {ran}: read as that night's, on {night:%Y-%m-%d} at {start:%H:%M} "
            f"(its date gives the day the night belongs to)"
        )
        end = talk.end and when.plus(talk.end, _DAY)
        keep(replace(talk, start=night, end=end, program_day=day))
    return read, said

"""Time rules every layer agrees on: what ingest keeps as a talk's end is what the
app's program grid draws; a part of the day is the same in a query's words
("Saturday morning") and in the app's time-of-day filter; "now" and "today" in a
query's words are the conference's, by the clock of its zone (`now`, `today`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

LONGEST_TALK = timedelta(days=1)  # a later end is a mistake in the program, not a talk

# A night across midnight, by the program's own day change: a talk that starts after
# midnight and before `NIGHT_ENDS` (where a program names no change of day) belongs to
# the night of the day before. A frab program lists such talks under that day itself
# (ingest/formats/frab.py, `program_day`); where a program gives no day of its own to
# any talk after midnight (an iCalendar, a table), a query's day and part-of-day limits
# read a talk so when the day before's night runs on to it without a break longer than
# `NIGHT_GAP`: a talk of that day ends after midnight or within `NIGHT_GAP` of it, and
# so on, talk after talk, up to this talk's start (index/search/limits/filters.py): the
# 00:45 screening after Friday's 23:30 one is Friday night's ("after midnight on
# Friday"), a 05:30 sunrise yoga after a concert that ended at 00:30 stays Saturday's.
# A clock time before `NIGHT_ENDS` ("after 03:00") is read on the talk's own date.
NIGHT_ENDS = time(6, 0)
NIGHT_GAP = timedelta(hours=1)


def night_runs_on(start: datetime, talks: Iterable[tuple[datetime, datetime | None]]) -> bool:
    """Whether a talk at `start`, after midnight and before `NIGHT_ENDS`, is the night
    of the day before by the rule above: of `talks` (start, end: ingest's list of that
    day, say), those that start from the day before on and before `start`, each
    followed by at most `NIGHT_GAP`, cover the time from midnight to `start`, talk
    after talk. (The `_DAY` of index/search/limits/filters.py reads a base so.)"""
    if start.time() >= NIGHT_ENDS or not program_date(start):
        return False
    midnight = datetime.combine(start.date(), time(0), start.tzinfo)
    reached: datetime | None = None  # (how far the talks reach, one after another)
    for begins, reach in sorted(
        (s, (e or s) + NIGHT_GAP) for s, e in talks if midnight - timedelta(days=1) <= s < start
    ):
        if begins >= midnight and (reached is None or begins > reached):
            break  # (a break in the night before `start`)
        reached = reach if reached is None else max(reached, reach)
    return reached is not None and reached >= start


# The years a program's dates fall in (the years a program names as its own: ingest's
# `when.YEAR`, 1900 to 2099). A date beyond them is a placeholder ("9999-12-31" for a
# date to be announced, "0001-01-01" for none), never a day of a program: ingest keeps
# its talk without a time (ingest/limits.py, `limit_times`), and a talk stored so by an
# older talkbase is read without it (`records.talk_from_dict`), so that no clock
# arithmetic runs off the calendar's end (Python's dates stop at 9999-12-31).
PROGRAM_YEARS = range(1900, 2100)


def program_date(day: date | datetime) -> bool:
    """Whether `day` (or a moment's date) can be a day of a program: in `PROGRAM_YEARS`."""
    return day.year in PROGRAM_YEARS


def elapsed(start: datetime, end: datetime) -> timedelta:
    """The time from `start` to `end` as it passes, whatever their clocks say: a talk
    from 01:30+02:00 to 02:30+01:00, the night summer time ends, lasts two hours
    though its wall clock says one. (Python's `end - start` reads the wall clocks of
    two moments of one zone; this reads their offsets too, and never runs off the
    calendar's end as a conversion to UTC would.) A naive moment counts as UTC."""
    wall = end.replace(tzinfo=None) - start.replace(tzinfo=None)
    return wall - ((end.utcoffset() or timedelta(0)) - (start.utcoffset() or timedelta(0)))


# Parts of the day, by when a talk starts (a talk starting at 11:40 is a morning talk,
# even when it runs past noon): each as the limits that hold its talks (Filters fields
# and their HH:MM), the first where it begins, the second (if any) where it ends. The
# afternoon's end (18:00) and the night's start (21:00) are CLDR's English day periods
# (Italian, German and French end the afternoon at 18:00 too); the evening starts at
# 17:00, as attendees' "early evening" does, so it overlaps the afternoon's last hour,
# and ends at midnight, where CLDR's French, German and Italian evenings end ("soir",
# "Abend", "sera": 18:00-24:00): a 22:30 debate is "jeudi soir" and "Thursday evening".
# The night runs from 21:00 on across midnight to the program day's end (a 00:15 talk
# the program lists under Thursday is Thursday night's, never its evening's): evening
# and night share 21:00-24:00, as they do in speech. Both ends are the talk's start.
EVENING_ENDS = "24:00"
# The last hour a clock time of a program day may name: "47:59", the last minute of
# the night after it ("24:30" is half past midnight that night, as `--at` reads it)
LAST_HOUR = 47
PARTS_OF_DAY: dict[str, tuple[tuple[str, str], ...]] = {
    "morning": (("starts_before", "12:00"),),
    "afternoon": (("after", "12:00"), ("starts_before", "18:00")),
    "evening": (("after", "17:00"), ("starts_before", EVENING_ENDS)),
    "night": (("after", "21:00"),),
}
# "tonight": from the evening on, however late
TONIGHT: tuple[tuple[str, str], ...] = (("after", "17:00"),)

# "early" and "late" said alone ("early sunday", "late talks", "first thing"): the
# first talks of a day (an early morning's) and its last (a late afternoon's)
EARLY = ("starts_before", "10:00")
LATE = ("after", "15:00")

# "late afternoon": a part of the day narrowed, as one or two limits on when a talk
# starts (index/search/read/whenwords.py reads them in a query's words)
SHADES_OF_DAY: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {
    ("early", "morning"): (EARLY,),
    ("late", "morning"): (("after", "10:00"), ("starts_before", "12:00")),
    ("early", "afternoon"): (("after", "12:00"), ("starts_before", "14:00")),
    ("late", "afternoon"): (LATE, ("starts_before", "18:00")),
    ("early", "evening"): (("after", "17:00"), ("starts_before", "19:00")),
    ("late", "evening"): (("after", "19:00"), ("starts_before", EVENING_ENDS)),
    ("late", "night"): (("after", "22:00"),),
    ("early", "talk"): (EARLY,),  # "early talks", "late sessions"
    ("early", "session"): (EARLY,),
    ("late", "talk"): (LATE,),
    ("late", "session"): (LATE,),
}


def now(zone: str = "") -> datetime:
    """This moment on the clock of `zone` (an IANA name or an offset as a program
    without a named zone gives it, "UTC+01:00"), else of this machine's zone (a test
    swaps it; `today` reads it too)."""
    offset = re.fullmatch(r"UTC([+-])(\d{2}):(\d{2})", zone)
    if offset:
        sign = 1 if offset.group(1) == "+" else -1
        span = timedelta(hours=int(offset.group(2)), minutes=int(offset.group(3)))
        return datetime.now(timezone(sign * span))
    try:
        return datetime.now(ZoneInfo(zone)) if zone else datetime.now().astimezone()
    except (ZoneInfoNotFoundError, ValueError):
        return datetime.now().astimezone()


def today(zone: str = "") -> date:
    """The date "today" and "tomorrow" count from: the conference's, by the clock of
    its `zone` (as "now" reads it: index/search/read/nowwords.py), else this machine's."""
    return now(zone).date()

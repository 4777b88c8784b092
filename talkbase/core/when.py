"""Time rules every layer agrees on: what ingest keeps as a talk's end is what the
app's program grid draws; a part of the day is the same in a query's words
("Saturday morning") and in the app's time-of-day filter; "now" and "today" in a
query's words are the conference's, by the clock of its zone (`now`, `today`)."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

LONGEST_TALK = timedelta(days=1)  # a later end is a mistake in the program, not a talk

# Parts of the day, by when a talk starts (a talk starting at 11:40 is a morning talk,
# even when it runs past noon): each as the filter that holds its talks (a Filters
# field and its HH:MM).
PARTS_OF_DAY: dict[str, tuple[str, str]] = {
    "morning": ("starts_before", "12:00"),
    "afternoon": ("after", "12:00"),
    "evening": ("after", "17:00"),
}

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
    ("late", "afternoon"): (LATE,),
    ("early", "evening"): (("after", "17:00"), ("starts_before", "19:00")),
    ("late", "evening"): (("after", "19:00"),),
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

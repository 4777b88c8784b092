"""How a talk is told to a person, one function per idea, for the app, the CLI, the
API and the notebooks alike: when it is, who gives it, how many of a thing.

Plain text only; the app escapes it before it reaches the page.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime
from typing import Any

from talkbase.core.records import Speaker

NEAREST = "No close match; nearest talks:"  # said before talks only near in meaning
NEAREST_AFTER = "Nearest talks (no close match):"  # the same, after the talks that match
# ...where the list holds every talk passing the query's limits: not the nearest, the rest
WITHIN = "No close match; all the talks within the limits:"
WITHIN_AFTER = "The other talks within the limits (no close match):"
# what a query leaves out that no talk holds ("not in the evening" at a conference that
# ends at five): said for each, by the server's answer and the static site alike
NONE_LEFT_OUT = "No talk matches {said}, so nothing was left out for it."
NO_TIME = "Time not given"
NO_SPEAKERS = "Speakers not given"
# a saved id the program does not hold, kept in the app's agenda, named, removable: an
# update may have dropped it, or it came from another program (a link, a base served
# before on the same address); the app cannot tell which (what it kept of the talk
# when it was saved, where it did, came from whatever base was served then)
UNHELD = "Saved, but not in this program"
UNHELD_WHY = "it may have been dropped by an update, or saved from another program"

# an agenda calendar's SEQUENCE (RFC 5545 3.8.7.4) counts seconds from here
SEQUENCE_EPOCH = datetime(2020, 1, 1, tzinfo=UTC)


def calendar_sequence(built_at: str | None) -> int:
    """The SEQUENCE of every event of an agenda's calendar exported from the build
    stamped `built_at` (its manifest's `built_at`): the seconds from `SEQUENCE_EPOCH`
    to it (0 where no stamp is read). A talk's time, room, title or status changes
    only in a new build, and a new build is stamped later, so a calendar exported after
    a change carries a higher SEQUENCE than every one exported before it, as RFC 5545
    asks of a revised event (a calendar app may keep its old copy otherwise), however
    often the talk changed or the agenda acknowledged it. The app's calendar
    (appviews/models/ics.py) and the offline site's (index/site/assets/calendar.mjs,
    given this number in meta.json's `sequence`) write the same one."""
    try:
        moment = datetime.fromisoformat(built_at or "")
    except ValueError:
        return 0
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return max(0, int((moment - SEQUENCE_EPOCH).total_seconds()))


def gone_title(talk_id: int) -> str:
    """How an agenda names a saved talk it knows only by its id."""
    return f"A talk saved as {talk_id}"


def when(t: Any, year: bool = False, day: date | None = None) -> str:
    """ "Tue 20 Oct 09:00–09:25" (with the year, for terminals and logs where dates
    sort: "Tue 2026-10-20 09:00–09:25"; an end on a later day with its weekday:
    "Thu 15 Oct 18:00–Fri 12:00"),
    the start alone when the end is unknown, the day alone when the program gives no
    time ("Tue 20 Oct, time not given"), or "Time not given". `t` is anything with
    `start` and `end` datetimes (a Talk, a row), and a `day` where it has one.

    A night talk is told by the day whose night it is, then by its own date and clock
    ("Fri 13 Feb night, Sat 14 Feb 01:45–03:35"): the day the day filter finds it
    under first, so a person who looks for Friday's talks sees it on Friday, and the
    date it really starts on after. `day` is that day where the caller knows it (the
    search's night rule: `Service.nights`); else the talk's own `day` (the day a frab
    program lists it under)."""
    on = day or getattr(t, "day", None)
    if isinstance(on, datetime):  # (a row's day read as a moment)
        on = on.date()
    if not t.start:
        if not isinstance(on, date):
            return NO_TIME
        return f"{_date(on, year)}, {NO_TIME[0].lower()}{NO_TIME[1:]}"
    night = f"{_date(on, year)} night, " if isinstance(on, date) and on < t.start.date() else ""
    end = f"–{t.end:%H:%M}" if t.end else ""
    ends = t.end.astimezone(t.start.tzinfo) if t.end and t.start.tzinfo and t.end.tzinfo else t.end
    if ends and ends.date() > t.start.date():
        # a night's or an overnight event's end: on its own day ("Thu 18:00–Fri 12:00")
        end = f"–{ends:%a %H:%M}"
    return f"{night}{_date(t.start, year)} {t.start:%H:%M}{end}"


def _date(on: date, year: bool) -> str:
    """ "Tue 20 Oct", or with the year "Tue 2026-10-20" (a datetime: its date)."""
    return f"{on:%a %Y-%m-%d}" if year else f"{on:%a} {on.day} {on:%b}"


def speakers(people: Iterable[Speaker]) -> str:
    """ "Name (Affiliation), Name", in the program's order; "" when none are given."""
    return ", ".join(s.label for s in people)


def speakers_line(people: Iterable[Speaker]) -> str:
    """`speakers`, or a sentence saying the program gives none."""
    return speakers(people) or NO_SPEAKERS


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 saved talk", "3 saved talks", "0 pairs" ("many" for irregular plurals)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def minutes(n: int) -> str:
    """A span of time as a person says it: "25 min", "1 h", "6 h 55 min"."""
    hours, rest = divmod(max(0, n), 60)
    if not hours:
        return f"{rest} min"
    return f"{hours} h" + (f" {rest} min" if rest else "")


# what a spreadsheet may run as a formula at a cell's start (OWASP's CSV injection)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(text: str) -> str:
    """Program text as a CSV cell a spreadsheet shows, never runs as a formula: a "'"
    before text that starts so, after any quotes of its own ("'=x" is "''=x"), so that
    `spreadsheet_text` gives every text back as it was."""
    return "'" + text if text.lstrip("'")[:1] in _FORMULA_STARTS else text


def spreadsheet_text(cell: str) -> str:
    """The text of a cell `spreadsheet_cell` wrote: without the "'" it put before it.
    For talkbase's own export only (`exportcsv.own_export`): anyone else's "'" may be
    the text's own."""
    return cell[1:] if cell[:1] == "'" and cell.lstrip("'")[:1] in _FORMULA_STARTS else cell

"""What the home page (Search with an empty query) says the base holds: each
conference with where it is held, its dates and time zone, e.g.
"FOSDEM 2024 · ULB, Brussels · Sat 3 – Sun 4 Feb 2024 · Europe/Brussels"."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from talkbase.core.records import Talk

NO_NAME = "This program"


def _day(d: date, month: bool = True, year: bool = True) -> str:
    text = f"{d:%a} {d.day}"
    if month:
        text += f" {d:%b}"
    return text + (f" {d.year}" if year else "")


def date_range(first: date, last: date) -> str:
    """ "Sat 3 Feb 2024", "Sat 3 – Sun 4 Feb 2024", "Fri 30 Nov – Sun 2 Dec 2024",
    "Sat 30 Dec 2023 – Mon 1 Jan 2024"."""
    if first == last:
        return _day(first)
    same_year = first.year == last.year
    same_month = same_year and first.month == last.month
    return f"{_day(first, month=not same_month, year=not same_year)} – {_day(last)}"


def _zone(talk: Talk) -> str:
    tz = talk.start.tzinfo if talk.start else None
    if tz is None:
        return ""
    return str(getattr(tz, "key", None) or tz.tzname(talk.start) or tz)


def conference_lines(talks: Iterable[Talk]) -> list[str]:
    """One line per conference the talks belong to (in order of their first day):
    its name, where it is held (as its program says), the days its timed talks take,
    their time zones."""
    days: dict[str, list[date]] = {}
    zones: dict[str, dict[str, None]] = {}
    venues: dict[str, dict[str, None]] = {}
    for t in talks:
        name = t.conference or NO_NAME
        days.setdefault(name, [])
        zones.setdefault(name, {})
        if t.venue:
            venues.setdefault(name, {})[t.venue] = None
        if t.start is not None:
            days[name].append(t.start.date())
            zone = _zone(t)
            if zone:
                zones[name][zone] = None
    lines = []
    for name in sorted(days, key=lambda n: (min(days[n], default=date.max), n.casefold())):
        parts = [name, *venues.get(name, {})]
        if days[name]:
            parts.append(date_range(min(days[name]), max(days[name])))
        if zones[name]:
            parts.append(", ".join(zones[name]))
        lines.append(" · ".join(parts))
    return lines

"""A zone a calendar defines in its own VTIMEZONE, under a name the tz database does
not know ("Custom Time Zone 1"; a Windows name CLDR does not map): its clocks on
every day of a program, summer time included, from its STANDARD and DAYLIGHT parts
(RFC 5545 3.6.5: each an onset, DTSTART in the clock time before it, repeated by an
RRULE or listed by RDATE, and the offsets before and after it).

    BEGIN:VTIMEZONE
    TZID:Custom Time Zone 1
    BEGIN:STANDARD                     BEGIN:DAYLIGHT
    DTSTART:16010407T030000            DTSTART:16011006T020000
    RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4    RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=10
    TZOFFSETFROM:+1030                 TZOFFSETFROM:+0930
    TZOFFSETTO:+0930                   TZOFFSETTO:+1030
    END:STANDARD                       END:DAYLIGHT
    END:VTIMEZONE

The onsets are worked out once, up to the last year a program can be in
(`core.when.PROGRAM_YEARS`), and looked up as the standard library's zones look up
theirs (PEP 495: a wall time shown twice is the first with fold 0, the second with
fold 1; one the clocks skip is read with the offset before the change, as RFC 5545
reads it)."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone, tzinfo
from itertools import islice, takewhile

from dateutil.rrule import rrulestr

from talkbase.core.when import PROGRAM_YEARS

_ONSET = re.compile(r"(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})")
_OFFSET = re.compile(r"([+-])(\d{2}):?(\d{2})(?::?(\d{2}))?")
_LAST = datetime(PROGRAM_YEARS[-1] + 1, 1, 1)
_MOST_ONSETS = 2000  # of one part: two a year for every year up to _LAST, and more


@dataclass
class Change:
    """One STANDARD or DAYLIGHT part of a VTIMEZONE, as its lines say it."""

    lines: dict[str, list[str]] = field(default_factory=dict)

    def add(self, name: str, value: str) -> None:
        self.lines.setdefault(name, []).append(value.strip())

    def onsets(self) -> list[tuple[datetime, timedelta, timedelta]] | None:
        """(onset in UTC, offset before, offset after) for each onset up to `_LAST`;
        None where its lines cannot be read."""
        before, after = (_offset(self.first(n)) for n in ("TZOFFSETFROM", "TZOFFSETTO"))
        start = _wall(self.first("DTSTART"))
        if before is None or after is None or start is None:
            return None
        walls = [start]
        for rule in self.lines.get("RRULE", []):
            text = re.sub(r"(UNTIL=\d{8}T\d{6})Z", r"\1", rule, flags=re.IGNORECASE)
            try:
                found = rrulestr(text, dtstart=start, cache=False)
                walls += islice(takewhile(lambda w: w < _LAST, found), _MOST_ONSETS)
            except (ValueError, TypeError, OverflowError):
                return None
        for listed in self.lines.get("RDATE", []):
            walls += [w for w in map(_wall, listed.split(",")) if w is not None]
        return [(w - before, before, after) for w in sorted(set(walls)) if w < _LAST]

    def first(self, name: str) -> str:
        return next(iter(self.lines.get(name, [])), "")


def _wall(value: str) -> datetime | None:
    m = _ONSET.match(value.strip())
    try:
        year, month, day, hour, minute, second = (int(g) for g in m.groups()) if m else (0,) * 6
        return datetime(year, month, day, hour, minute, second) if m else None
    except ValueError:
        return None


def _offset(value: str) -> timedelta | None:
    m = _OFFSET.fullmatch(value.strip())
    if m is None:
        return None
    sign = -1 if m.group(1) == "-" else 1
    hours, minutes, seconds = (int(g or 0) for g in m.groups()[1:])
    return sign * timedelta(hours=hours, minutes=minutes, seconds=seconds)


class OwnZone(tzinfo):
    """The clocks a VTIMEZONE defines (`own_zone`), looked up as `zoneinfo` looks up
    a zone's: by its onsets in UTC, and in wall time for each fold."""

    def __init__(self, name: str, onsets: list[tuple[datetime, timedelta, timedelta]]) -> None:
        self.name = name
        self._utc = [at for at, _, _ in onsets]
        self._before = [before for _, before, _ in onsets]
        self._after = [after for _, _, after in onsets]
        self._first = onsets[0][1]
        # a change's wall time with the later of its two offsets (fold 0: a time
        # shown twice is the first, one skipped is read before the change), the
        # earlier (fold 1)
        self._wall = (
            [at + max(b, a) for at, b, a in onsets],
            [at + min(b, a) for at, b, a in onsets],
        )

    def utcoffset(self, dt: datetime | None) -> timedelta:
        if dt is None:
            return self._first
        at = bisect_right(self._wall[dt.fold], dt.replace(tzinfo=None))
        return self._after[at - 1] if at else self._first

    def dst(self, dt: datetime | None) -> timedelta | None:
        return None  # (not said: a record keeps the offset, not how it is made up)

    def tzname(self, dt: datetime | None) -> str | None:
        return self.name

    def fromutc(self, dt: datetime) -> datetime:
        utc = dt.replace(tzinfo=None)
        at = bisect_right(self._utc, utc)
        offset = self._after[at - 1] if at else self._first
        wall = utc + offset
        back = self._before[at - 1] - offset if at else timedelta(0)
        if back > timedelta(0) and utc - self._utc[at - 1] < back:
            # (the second of a wall time shown twice, the hour after the clocks go back)
            return wall.replace(tzinfo=self, fold=1)
        return wall.replace(tzinfo=self)

    def __repr__(self) -> str:
        return f"<VTIMEZONE {self.name!r}>"


def own_zone(name: str, changes: list[Change]) -> OwnZone | None:
    """The zone of a VTIMEZONE named `name` from its parts; None where one cannot be
    read or none changes its clocks (its standard offset then stands for it)."""
    onsets: list[tuple[datetime, timedelta, timedelta]] = []
    for change in changes:
        found = change.onsets()
        if found is None:
            return None
        onsets += found
    onsets.sort()
    if len({after for _, _, after in onsets}) < 2:
        return None
    return OwnZone(name, onsets)


def at_offset(moment: datetime | None) -> datetime | None:
    """A moment in a zone of a calendar's own (`OwnZone`) at the offset its clocks
    then keep ("2027-01-18T09:30+10:30", whose record names the zone "UTC+10:30"),
    as every stored moment is in a zone the tz database names or at an offset; any
    other moment as it is."""
    if moment is None or not isinstance(moment.tzinfo, OwnZone):
        return moment
    return moment.astimezone(timezone(moment.utcoffset() or timedelta(0)))

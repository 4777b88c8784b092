"""iCalendar (RFC 5545) for an agenda: one VEVENT per talk that has a time.

- UIDs come from talk ids, which survive re-ingests, so importing a newer
  export updates the events of an older one instead of adding duplicates.
- Times are written in UTC ("...Z"), converted from the program's own timezone,
  so every calendar places them at the right instant whatever its own zone.
- TEXT values are escaped (backslash, semicolon, comma, newline), lines are
  folded at 75 octets without splitting a UTF-8 character, lines end in CRLF.
  Every character that some reader takes for a line end (CR, LF, VT, FF, the file,
  group and record separators, NEL U+0085, U+2028, U+2029) is written as an escaped
  newline, so `str.splitlines()` finds no line the export did not write; other
  control characters are dropped.
- A talk the program calls off (`Talk.cancelled`) keeps its event, marked
  STATUS:CANCELLED (as the offline site's export writes it): a calendar that
  imported it before marks it cancelled or removes it. So does a saved talk the
  program no longer holds, where the agenda kept it as saved (`agenda.SavedAs`): its
  event as saved (title, time, room), with its UID, cancelled, as the site's
  `calendarTalks` writes it. A talk the program moved is written at its new time.
- Every event carries the SEQUENCE of the build it was exported from
  (`present.calendar_sequence`, as the site's calendar writes it): a calendar exported
  after the program moved, retitled or cancelled a talk raises it, so an app that
  imported an older one takes the revision.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

from appviews.models.agenda import SavedAs
from talkbase.core import present
from talkbase.core.records import Talk

PRODID = "-//talkbase//talkbase agenda 1.0//EN"
UID_DOMAIN = "talkbase"
CRLF = "\r\n"
FOLD_AT = 75  # octets per line, excluding the CRLF
# what str.splitlines() (and some calendar readers) split lines on, CR LF first
_LINE_END = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_CONTROL = re.compile("[\x00-\x08\x0e-\x1b\x1f\x7f-\x9f]")


def event_uid(talk: Talk) -> str:
    """The event's UID: stable for as long as the talk keeps its id."""
    return f"talk-{talk.id}@{UID_DOMAIN}"


def escape_text(value: str) -> str:
    """A TEXT property value (RFC 5545 3.3.11): \\ ; , and newlines escaped; every line
    separator is a newline, other control characters are dropped."""
    value = _LINE_END.sub("\n", value)
    value = _CONTROL.sub("", value)
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold(line: str) -> str:
    """One content line folded at 75 octets (RFC 5545 3.1), UTF-8 characters kept whole."""
    out: list[str] = []
    current, size = "", 0
    limit = FOLD_AT
    for ch in line:
        n = len(ch.encode("utf-8"))
        if size + n > limit:
            out.append(current)
            current, size = " ", 1  # a continuation line starts with one space
        current += ch
        size += n
    out.append(current)
    return CRLF.join(out)


def utc_stamp(moment: datetime) -> str:
    """A DATE-TIME in UTC form; a naive time is taken to be UTC already."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y%m%dT%H%M%SZ")


def exportable(talks: Iterable[Talk]) -> tuple[list[Talk], list[Talk]]:
    """(talks with a start and end, talks the program gives no time for)."""
    timed: list[Talk] = []
    untimed: list[Talk] = []
    for t in talks:
        (timed if t.start and t.end and t.end > t.start else untimed).append(t)
    return timed, untimed


def dropped(gone: Mapping[int, SavedAs]) -> list[Talk]:
    """Saved talks the program no longer holds (`gone`: their ids and what the agenda
    kept of them as saved), as talks of their saved title, time and room: those the
    calendar writes as cancelled events: those kept with a start and a later end (a
    kept entry is the browser's: two times of which one names its zone are left out)."""
    return [
        Talk(was.title, start=was.start, end=was.end, room=was.room or None, id=tid)
        for tid, was in gone.items()
        if was.start
        and was.end
        and (was.start.tzinfo is None) == (was.end.tzinfo is None)
        and was.end > was.start
    ]


def _description(talk: Talk) -> str:
    parts = []
    if talk.speakers:
        parts.append("Speakers: " + "; ".join(s.label for s in talk.speakers))
    if talk.track:
        parts.append(f"Track: {talk.track}")
    if talk.abstract:
        parts.append(talk.abstract)
    parts.append(f"talkbase talk {talk.id}" + (f" - {talk.conference}" if talk.conference else ""))
    return "\n\n".join(parts)


def _event(talk: Talk, stamp: str, held: bool = True, sequence: int = 0) -> list[str]:
    """One talk's VEVENT; one the program no longer holds (`held` false), cancelled."""
    assert talk.start and talk.end
    lines = [
        "BEGIN:VEVENT",
        f"UID:{event_uid(talk)}",
        f"SEQUENCE:{sequence}",
        f"DTSTAMP:{stamp}",
        f"LAST-MODIFIED:{stamp}",
        f"DTSTART:{utc_stamp(talk.start)}",
        f"DTEND:{utc_stamp(talk.end)}",
        f"SUMMARY:{escape_text(talk.title)}",
    ]
    if talk.room:
        lines.append(f"LOCATION:{escape_text(talk.room)}")
    about = _description(talk) if held else f"{present.UNHELD}: {present.UNHELD_WHY}."
    lines.append(f"DESCRIPTION:{escape_text(about)}")
    if talk.track:
        lines.append(f"CATEGORIES:{escape_text(talk.track)}")
    if talk.cancelled or not held:
        lines.append("STATUS:CANCELLED")
    lines += ["TRANSP:OPAQUE", "END:VEVENT"]
    return lines


def calendar(
    talks: Iterable[Talk],
    name: str = "talkbase agenda",
    stamp: datetime | None = None,
    gone: Mapping[int, SavedAs] | None = None,
    sequence: int = 0,
) -> str:
    """A VCALENDAR with one event per timed talk, in time order, and one cancelled
    event per saved talk the program no longer holds (`gone`: as saved, `dropped`).

    `stamp` is the DTSTAMP of every event (default: now); pass one for
    reproducible output. Talks without a time are left out (see `exportable`).
    `sequence`: every event's SEQUENCE, the build's (`present.calendar_sequence`).
    """
    timed, _ = exportable(talks)
    held = {t.id for t in timed}
    off = [t for t in dropped(gone or {}) if t.id not in held]
    # (by the instant: a kept time without its zone never meets one with it)
    events = sorted([*timed, *off], key=lambda t: (t.start.timestamp() if t.start else 0, t.id))
    when = utc_stamp(stamp or datetime.now(UTC))
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(name)}",
    ]
    for talk in events:
        lines += _event(talk, when, held=talk.id in held, sequence=sequence)
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + CRLF for line in lines)

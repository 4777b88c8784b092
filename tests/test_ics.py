"""iCalendar export: valid RFC 5545 that the icalendar package reads back exactly."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import icalendar
import pytest

from appviews.models import ics
from talkbase.core.records import Speaker, Talk

PDT = timezone(timedelta(hours=-7))
STAMP = datetime(2026, 9, 1, 12, 0, tzinfo=UTC)


def talk(tid: int, start: datetime | None, minutes: int = 25, **kw) -> Talk:
    end = start + timedelta(minutes=minutes) if start else None
    kw.setdefault("title", f"Talk {tid}")
    return Talk(start=start, end=end, id=tid, **kw)


def events(text: str) -> list[icalendar.Event]:
    cal = icalendar.Calendar.from_ical(text)
    return list(cal.walk("VEVENT"))


def test_escape_text() -> None:
    assert ics.escape_text("a,b;c\\d\ne\r\nf") == "a\\,b\\;c\\\\d\\ne\\nf"
    assert ics.escape_text("bell\x07 gone") == "bell gone"


def test_fold_keeps_lines_short_and_characters_whole() -> None:
    line = "SUMMARY:" + "é" * 100 + "x" * 80
    folded = ics.fold(line)
    parts = folded.split("\r\n")
    assert all(len(p.encode("utf-8")) <= 75 for p in parts)
    assert all(p.startswith(" ") for p in parts[1:])
    assert "".join(p[1:] if i else p for i, p in enumerate(parts)) == line
    assert ics.fold("SHORT:x") == "SHORT:x"


def test_calendar_round_trips_through_icalendar() -> None:
    hard = talk(
        7,
        datetime(2026, 10, 20, 16, 20, tzinfo=PDT),
        title="Fault-tolerant, resilient; collectives\\ on “RDMA” — über " + "long " * 30,
        speakers=(Speaker("Ann O'Neil", "Meta"), Speaker("Bo")),
        room="LL21ABC",
        track="Compilers, Graph Capture & Dynamic Shapes",
        abstract="Line one.\nLine two, with comma; and semicolon.",
    )
    plain = talk(3, datetime(2026, 10, 21, 10, 35, tzinfo=PDT), minutes=10)
    untimed = talk(9, None, title="No time in the program")
    text = ics.calendar([hard, plain, untimed], name="My, agenda", stamp=STAMP)

    assert text.startswith("BEGIN:VCALENDAR\r\n") and text.endswith("END:VCALENDAR\r\n")
    assert "\n" not in text.replace("\r\n", "")  # every line ends in CRLF
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n"))

    cal = icalendar.Calendar.from_ical(text)
    assert str(cal["VERSION"]) == "2.0" and str(cal["PRODID"]) == ics.PRODID
    # an X- property is TEXT by default (RFC 5545 3.8.8.2): escaped; icalendar keeps it raw
    assert cal["X-WR-CALNAME"].to_ical() == b"My\\, agenda"
    evs = events(text)
    assert [str(e["UID"]) for e in evs] == ["talk-7@talkbase", "talk-3@talkbase"]  # time order
    e = evs[0]
    assert str(e["SUMMARY"]) == hard.title
    assert str(e["LOCATION"]) == "LL21ABC"
    assert e.decoded("DTSTART") == hard.start  # the same instant...
    assert e.decoded("DTSTART").utcoffset() == timedelta(0)  # ...written in UTC
    assert e.decoded("DTSTART") == datetime(2026, 10, 20, 23, 20, tzinfo=UTC)
    assert e.decoded("DTEND") - e.decoded("DTSTART") == timedelta(minutes=25)
    assert e.decoded("DTSTAMP") == STAMP
    description = str(e["DESCRIPTION"])
    assert "Ann O'Neil (Meta); Bo" in description
    assert "Line one.\nLine two, with comma; and semicolon." in description
    assert "Track: Compilers, Graph Capture & Dynamic Shapes" in description
    categories = e["CATEGORIES"].cats
    assert [str(c) for c in categories] == ["Compilers, Graph Capture & Dynamic Shapes"]
    assert "No time" not in text


def test_uids_are_stable_so_reimport_updates_instead_of_duplicating() -> None:
    """A calendar keeps one event per UID; a later export replaces the earlier events."""
    a = talk(1, datetime(2026, 10, 20, 10, 0, tzinfo=PDT), title="Old title")
    b = talk(2, datetime(2026, 10, 20, 11, 0, tzinfo=PDT))
    first = ics.calendar([a, b], stamp=STAMP)
    moved = talk(1, datetime(2026, 10, 20, 14, 0, tzinfo=PDT), title="New title")
    second = ics.calendar([moved, b], stamp=STAMP + timedelta(days=1))

    store: dict[str, icalendar.Event] = {}
    for text in (first, second):  # what a calendar application does on import
        for e in events(text):
            store[str(e["UID"])] = e
    assert len(store) == 2
    assert str(store["talk-1@talkbase"]["SUMMARY"]) == "New title"
    assert store["talk-1@talkbase"].decoded("DTSTART").astimezone(PDT).hour == 14
    assert ics.calendar([a, b], stamp=STAMP) == first  # same input, same bytes


def test_empty_agenda_is_still_a_valid_calendar() -> None:
    cal = icalendar.Calendar.from_ical(ics.calendar([], stamp=STAMP))
    assert cal.walk("VEVENT") == []
    assert str(cal["VERSION"]) == "2.0"


@pytest.mark.model
def test_demo_program_exports(demo_kb) -> None:
    talks = list(demo_kb.talks.values())
    timed, untimed = ics.exportable(talks)
    evs = events(ics.calendar(talks, stamp=STAMP))
    assert len(evs) == len(timed) and untimed  # the digest-only talks have no time
    uids = [str(e["UID"]) for e in evs]
    assert len(set(uids)) == len(uids)
    by_uid = {str(e["UID"]): e for e in evs}
    for t in timed:
        e = by_uid[ics.event_uid(t)]
        assert e.decoded("DTSTART") == t.start and e.decoded("DTEND") == t.end
        assert str(e["SUMMARY"]) == t.title


def test_a_cancelled_talk_is_written_as_a_cancelled_event() -> None:
    """Sweep 19 F1: as the offline site's export does (STATUS:CANCELLED), so a calendar
    app never shows a called-off concert as a real one."""
    start = datetime(2026, 7, 18, 21, 30, tzinfo=UTC)
    off = talk(1, start, title="Concert called off", notes=(("Status", "cancelled"),))
    on = talk(2, start + timedelta(hours=2), title="Concert that takes place")
    got = {str(e["SUMMARY"]): e for e in events(ics.calendar([off, on], stamp=STAMP))}
    assert got["Concert called off"]["STATUS"] == "CANCELLED"
    assert "STATUS" not in got["Concert that takes place"]


def test_a_saved_talk_the_program_dropped_is_written_cancelled_as_saved() -> None:
    """Sweep 24: as the offline site's `calendarTalks` writes it: a saved talk the
    program no longer holds, kept as saved (`agenda.SavedAs`), is its event as saved,
    cancelled, with its UID (a calendar that imported it drops or marks it); one kept
    with no time, or held by the program after all, is not written twice; a moved talk
    is written at its new time."""
    from appviews.models.agenda import SavedAs

    start = datetime(2030, 2, 13, 20, 30, tzinfo=UTC)
    moved = talk(1, start, title="Opening night film", room="Kino 2")
    was = SavedAs("Late screening", start + timedelta(hours=1), start + timedelta(hours=2))
    gone = {
        7: SavedAs(was.title, was.start, was.end, room="Kino 1"),
        8: SavedAs("Saved without a time"),
        1: SavedAs.of(talk(1, start - timedelta(minutes=30), title="Opening night film")),
    }
    evs = events(ics.calendar([moved], stamp=STAMP, gone=gone))
    assert [str(e["UID"]) for e in evs] == ["talk-1@talkbase", "talk-7@talkbase"]
    now, off = evs
    assert now.decoded("DTSTART") == start and "STATUS" not in now
    assert str(off["SUMMARY"]) == "Late screening" and str(off["LOCATION"]) == "Kino 1"
    assert off.decoded("DTSTART") == was.start and off.decoded("DTEND") == was.end
    assert off["STATUS"] == "CANCELLED"
    assert "not in this program" in str(off["DESCRIPTION"])
    # an entry the browser kept of one time with its zone and one without is left out
    odd = {9: SavedAs("Odd", start.replace(tzinfo=None), start + timedelta(hours=1))}
    assert events(ics.calendar([], stamp=STAMP, gone=odd)) == []

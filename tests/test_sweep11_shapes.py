"""Sweep 11: program documents whose shape the readers got wrong silently."""

from __future__ import annotations

from datetime import date

import pytest

from ingest import parse_text

DATE_ONLY = {
    "csv": (
        "program.csv",
        "Title,Speaker,Start,Room,Timezone\n"
        "Date only,Toni Date,2026-09-11,Saal 1,Europe/Vienna\n"
        "At midnight,Uli Time,2026-09-11 00:00,Saal 1,Europe/Vienna\n",
    ),
    "json": (
        "program.json",
        '{"conference": "C", "timezone": "Europe/Vienna", "talks": ['
        '{"title": "Date only", "speaker": "Sepp Maier", "start": "2026-09-11"},'
        '{"title": "At midnight", "speaker": "Uli Time", "start": "2026-09-11T00:00:00"}]}',
    ),
    "yaml": (
        "program.yml",
        "conference: C\ntimezone: Europe/Vienna\ntalks:\n"
        "  - title: Date only\n    speaker: Quirin Lang\n    start: 2026-09-11\n"
        "  - title: At midnight\n    speaker: Rosa Klein\n    start: '2026-09-11 00:00'\n",
    ),
    "toml": (
        "program.toml",
        'title = "C"\ntimezone = "Europe/Vienna"\n'
        '[[talks]]\ntitle = "Date only"\nspeaker = "Nico Bauer"\nstart = 2026-09-11\n'
        '[[talks]]\ntitle = "At midnight"\nspeaker = "Uli Time"\nstart = 2026-09-11T00:00:00\n',
    ),
}


@pytest.mark.parametrize("kind", sorted(DATE_ONLY))
def test_a_start_that_is_a_date_alone_is_its_day_at_no_time(kind):
    """F36: "2026-09-11" as a start is the talk's day and no time (program_day),
    never 00:00; a written 00:00 stays midnight."""
    name, text = DATE_ONLY[kind]
    _, talks, _ = parse_text(text, name)
    by = {t.title: t for t in talks}
    assert by["Date only"].start is None
    assert by["Date only"].program_day == date(2026, 9, 11)
    midnight = by["At midnight"].start
    assert midnight is not None and (midnight.hour, midnight.minute) == (0, 0)
    assert midnight.date() == date(2026, 9, 11)


ATTENDIFY = """{"name": "AttendConf 2026", "timezone": "Europe/Warsaw",
 "speakers": [{"id": "sp1", "firstName": "Xena", "lastName": "Kowalska", "company": "Allegro"},
              {"id": "sp2", "firstName": "Yan", "lastName": "Nowak", "company": "CD Projekt"}],
 "locations": [{"id": "loc1", "name": "Sala Glowna"}, {"id": "loc2", "name": "Sala B"}],
 "sessions": [
  {"id": "s1", "title": "Game engines in Rust", "startTime": "2026-06-18T09:00:00",
   "endTime": "2026-06-18T09:45:00", "location": "loc1", "speakers": ["sp2"]},
  {"id": "s2", "title": "Marketplace search", "startTime": "2026-06-18T10:00:00",
   "endTime": "2026-06-18T10:30:00", "location": "loc2", "speakers": ["sp1", "sp2"]}]}"""

BIZZABO = """{"content": [
 {"id": 5501, "title": "Platform engineering at scale", "startTimeUtc": "2026-06-10T07:00:00Z",
  "endTimeUtc": "2026-06-10T07:45:00Z", "location": {"id": 3, "name": "Hall 1"},
  "speakers": [{"id": 1, "firstName": "Ann", "lastName": "Lee", "company": "Spotify"}]},
 {"id": 5502, "title": "Developer portals", "startTimeUtc": "2026-06-10T08:00:00Z",
  "endTimeUtc": "2026-06-10T08:40:00Z", "location": {"id": 4, "name": "Hall 2"},
  "speakers": [{"id": 2, "firstName": "Ben", "lastName": "Ode", "company": "Humanitec"}]}],
 "page": {"size": 20, "totalElements": 2, "totalPages": 1, "number": 0},
 "event": {"name": "PlatformCon Live 2026", "timezone": "Europe/Stockholm"}}"""


def test_a_named_root_holding_its_sessions_is_the_program_not_a_talk():
    """F24: a root with a name beside its sessions and the speakers and rooms they
    name by id is the program: its sessions are the talks, its name the conference."""
    _, talks, _ = parse_text(ATTENDIFY, "attendify.json")
    assert [t.title for t in talks] == ["Game engines in Rust", "Marketplace search"]
    assert {t.conference for t in talks} == {"AttendConf 2026"}
    first, second = talks
    assert first.start is not None and first.start.isoformat() == "2026-06-18T09:00:00+02:00"
    assert (first.room, second.room) == ("Sala Glowna", "Sala B")
    assert [s.name for s in second.speakers] == ["Xena Kowalska", "Yan Nowak"]


def test_a_page_of_sessions_beside_its_event_reads_the_sessions():
    """F15: {"content": [sessions], "page", "event": {name, timezone}}: the sessions
    are the talks, in the event's name; the event is no talk. (Their startTimeUtc
    is not read: a "*_utc" value without "Z" would be read as a local time.)"""
    _, talks, _ = parse_text(BIZZABO, "bizzabo.json")
    assert [t.title for t in talks] == ["Platform engineering at scale", "Developer portals"]
    assert {t.conference for t in talks} == {"PlatformCon Live 2026"}
    assert [t.room for t in talks] == ["Hall 1", "Hall 2"]


@pytest.mark.parametrize(
    "text",
    [
        '{"title": "Keynote", "start": "2026-09-11T09:00:00+02:00", "room": "Main",'
        ' "speakers": [{"name": "Ann Lee"}],'
        ' "recordings": [{"title": "Keynote video", "speakers": ["Ann Lee"]}]}',
        '{"title": "Keynote", "speakers": [{"name": "Ann Lee"}], "abstract": "A talk.",'
        ' "related_sessions": [{"title": "Other", "start": "2026-09-12T10:00:00+02:00"}]}',
        '{"name": "Keynote", "dateTime": "2026-09-11T09:00:00+02:00",'
        ' "series": [{"title": "Keynote #1", "dateTime": "2026-08-11T09:00:00+02:00"}]}',
    ],
)
def test_a_talk_holding_talk_like_objects_is_still_the_talk(text):
    """R1: a single talk whose root holds a list of talk-like objects (recordings,
    related sessions, past editions) is the talk: only a root titled by "name" (or
    by an object) that says no time of day of its own is a program."""
    _, talks, _ = parse_text(text, "talk.json")
    assert [t.title for t in talks] == ["Keynote"]


def test_a_start_utc_key_is_not_read_as_a_local_start():
    """R4: a "start_utc" without "Z" beside a local "time" does not win over it."""
    text = (
        '{"conference": "C", "timezone": "Europe/Berlin", "talks": [{"title": "T",'
        ' "time": "2026-09-11 09:00", "start_utc": "2026-09-11 07:00"}]}'
    )
    _, talks, _ = parse_text(text, "program.json")
    assert talks[0].start is not None and talks[0].start.isoformat() == "2026-09-11T09:00:00+02:00"


def _calendar(name: str, zone: str, title: str, uid: str) -> str:
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//a//b\r\n"
        f"X-WR-CALNAME:{name}\r\n"
        + (f"X-WR-TIMEZONE:{zone}\r\n" if zone else "")
        + f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:{title}\r\n"
        "DTSTART:20260610T090000\r\nDTEND:20260610T094500\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )


def test_each_calendar_of_a_file_is_read_with_its_own_zone_and_name():
    """F23, F6: two VCALENDARs in one .ics: each one's floating times are in its own
    X-WR-TIMEZONE, its events in its own X-WR-CALNAME, and the file is said to hold
    several calendars."""
    text = _calendar("Cal One", "Asia/Tokyo", "Tokyo talk", "t1@x") + _calendar(
        "Cal Two", "America/Denver", "Denver talk", "d1@x"
    )
    _, talks, warnings = parse_text(text, "two.ics")
    by = {t.title: t for t in talks}
    tokyo, denver = by["Tokyo talk"], by["Denver talk"]
    assert tokyo.start is not None and tokyo.start.isoformat() == "2026-06-10T09:00:00+09:00"
    assert denver.start is not None and denver.start.isoformat() == "2026-06-10T09:00:00-06:00"
    assert (tokyo.conference, denver.conference) == ("Cal One", "Cal Two")
    assert any("2 calendars" in w for w in warnings)


def test_a_calendar_naming_no_zone_takes_the_one_zone_the_file_names():
    """R2: one program exported as calendars where only one names its zone: a
    calendar naming none takes that zone, not the default one."""
    text = _calendar("Day 1", "Europe/Berlin", "Opening", "o1@x") + _calendar(
        "Day 2", "", "Closing", "c1@x"
    )
    _, talks, warnings = parse_text(text, "days.ics")
    by = {t.title: t for t in talks}
    for title in ("Opening", "Closing"):
        start = by[title].start
        assert start is not None and start.isoformat() == "2026-06-10T09:00:00+02:00"
    assert not any("no time zone" in w for w in warnings)

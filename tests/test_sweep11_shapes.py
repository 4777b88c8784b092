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


def test_a_page_of_sessions_beside_its_event_reads_the_sessions_at_their_instants():
    """F15: {"content": [sessions], "page", "event": {name, timezone}}: the sessions
    are the talks, at the instants their startTimeUtc/endTimeUtc give, in the
    event's zone; the event is no talk."""
    _, talks, _ = parse_text(BIZZABO, "bizzabo.json")
    assert [t.title for t in talks] == ["Platform engineering at scale", "Developer portals"]
    assert {t.conference for t in talks} == {"PlatformCon Live 2026"}
    first = talks[0]
    assert first.start is not None and first.end is not None
    assert first.start.isoformat() == "2026-06-10T09:00:00+02:00"
    assert first.end.isoformat() == "2026-06-10T09:45:00+02:00"

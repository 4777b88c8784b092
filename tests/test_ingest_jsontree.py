"""JSON programs of any shape: a community conference's pretalx-fed schedule.json
(talks keyed by day, minute and room id; `slot` in one year, `slots` and speakers by
code in the other) ingests every talk right; files of rooms, people or tracks, or
with talks left out, are refused in one sentence."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from ingest.detect import parse_path, parse_text
from talkbase.core.errors import InputError
from tests.test_formats import FIX


def _expected(path):
    """(title, day, start, room) of every slot in the file, read by hand from its shape."""
    root = json.loads(path.read_text(encoding="utf-8"))
    rooms = {str(r["id"]): r["name"] for r in root["rooms"]}
    rooms = {k: v["en"] if isinstance(v, dict) else v for k, v in rooms.items()}
    zone = root.get("extra", {}).get("timezone")
    out = set()
    for day, minutes in root["schedule"].items():
        for minute, by_room in minutes.items():
            for room_id, sub in by_room.items():
                slots = [sub["slot"]] if "slot" in sub else sub["slots"]
                for slot in slots:
                    start = datetime.fromisoformat(slot["start"].replace("Z", "+00:00"))
                    if zone:
                        start = start.astimezone(ZoneInfo(zone))
                    if start.date().isoformat() != day:
                        continue
                    if start.hour * 60 + start.minute != int(minute):
                        continue
                    out.add((sub["title"], day, start.strftime("%H:%M"), rooms[room_id]))
    return out


@pytest.mark.parametrize(
    ("name", "count"), [("community2023_schedule.json", 40), ("community2024_schedule.json", 29)]
)
def test_every_talk_of_a_pretalx_fed_schedule(name: str, count: int) -> None:
    doc = parse_path(FIX / name)
    assert doc.format == "json" and doc.warnings == ()
    got = {
        (t.title, t.day.isoformat(), t.start.strftime("%H:%M"), t.room)
        for t in doc.talks
        if t.start
    }
    assert len(doc.talks) == count and got == _expected(FIX / name)
    assert all(t.speakers and t.abstract and t.uid for t in doc.talks)
    assert not any(t.title in ("B003", "B411", "Garden", "Sala Grande") for t in doc.talks)
    assert sum(t.sources[0].location.startswith("line ") for t in doc.talks) >= count - 1


def test_speakers_by_code_zone_and_repeat() -> None:
    doc = parse_path(FIX / "community2024_schedule.json")
    root = json.loads((FIX / "community2024_schedule.json").read_text(encoding="utf-8"))
    names = {p["name"] for p in root["speakers"]}
    assert all(s.name in names for t in doc.talks for s in t.speakers)
    assert {t.zone for t in doc.talks} == {"Europe/Rome"}
    (code,) = {
        sub["code"]
        for minutes in root["schedule"].values()
        for by_room in minutes.values()
        for sub in by_room.values()
        if len(sub["slots"]) == 2
    }
    twice = [t for t in doc.talks if t.uid.split("#")[0] == code]
    assert len(twice) == 2 and len({t.start for t in twice}) == 2 and twice[1].uid.endswith("#2")
    assert {t.language for t in doc.talks} <= {"en", "it"}
    assert all(t.track in ("Core Python", "Data", "Web", "Community") for t in doc.talks)
    first = doc.talks[0]
    assert first.end - first.start == timedelta(minutes=30)


@pytest.mark.parametrize(
    "body",
    [
        {"rooms": [{"name": "B003"}, {"name": "B411"}]},
        [{"name": "B003"}, {"name": "B411"}],
        {"speakers": [{"code": "A1", "name": "Ann Lee", "biography": "Writes code."}]},
        {"tracks": [{"id": 1, "name": "Data", "description": "All about data"}]},
        {"schedule": {"rooms": [{"id": "r1", "name": "B003"}]}, "speakers": [{"name": "A"}]},
    ],
)
def test_rooms_people_tracks_are_refused(body: object) -> None:
    with pytest.raises(InputError, match="look like rooms, people or tracks.*--format") as err:
        parse_text(json.dumps(body), "schedule.json")
    assert err.value.path == "schedule.json"


def test_talks_far_fewer_than_titled_objects_are_refused() -> None:
    body = {
        "talks": [{"title": "A", "start": "2024-01-01T10:00"}],
        "items": [{"title": "x"}, {"title": "y"}],
    }
    with pytest.raises(InputError, match="1 talk.*2 other titled objects"):
        parse_text(json.dumps(body), "p.json")


def test_a_list_of_titles_and_metadata_objects_still_read() -> None:
    _, talks, _ = parse_text(json.dumps([{"title": "A"}, {"title": "B"}]), "p.json")
    assert [t.title for t in talks] == ["A", "B"]
    body = {
        "conference": {"title": "Conf", "start": "2024-01-01"},
        "sessions": [{"title": "A", "start": "2024-01-01T10:00", "room": "R"}],
    }
    _, talks, _ = parse_text(json.dumps(body), "p.json")
    assert [(t.title, t.room) for t in talks] == [("A", "R")]


def test_an_indico_timetable_reads_its_date_time_objects_and_sessions() -> None:
    """Indico writes a time as {"date", "time", "tz"}: read whole (not the date alone,
    at midnight), in its zone; a contribution inside a session slot has the slot's
    title as its track; the serializer's "_type" is no session type."""
    doc = parse_path(FIX / "indico_timetable.json")
    got = {
        t.title: (
            f"{t.start:%Y-%m-%d %H:%M}",
            f"{t.end:%H:%M}",
            str(t.start.tzinfo),
            t.room,
            t.track,
        )
        for t in doc.talks
    }
    assert got == {
        "Silicon pixel detectors for the HL-LHC": (
            "2024-06-10 09:00",
            "09:30",
            "Europe/Zurich",
            "Main Auditorium",
            "Detectors",
        ),
        "Timing layers with LGADs": (
            "2024-06-10 09:30",
            "10:00",
            "Europe/Zurich",
            "Main Auditorium",
            "Detectors",
        ),
        "Machine learning triggers on FPGAs": (
            "2024-06-10 11:00",
            "11:30",
            "Europe/Zurich",
            "Room 2",
            None,
        ),
    }
    assert all(t.format is None for t in doc.talks)
    assert all(s.location.startswith("line ") for t in doc.talks for s in t.sources)


def test_a_google_calendar_export_reads_summary_as_title_and_its_times() -> None:
    body = {
        "kind": "calendar#events",
        "items": [
            {
                "kind": "calendar#event",
                "id": "a1",
                "summary": "Podman deep dive",
                "description": "Rootless containers explained.",
                "location": "Room D105",
                "start": {"dateTime": "2025-06-12T10:00:00+02:00", "timeZone": "Europe/Prague"},
                "end": {"dateTime": "2025-06-12T10:40:00+02:00", "timeZone": "Europe/Prague"},
            },
            {
                "kind": "calendar#event",
                "id": "a2",
                "summary": "Fedora release party",
                "description": "Cake and a demo.",
                "start": {"dateTime": "2025-06-12T18:00:00+02:00"},
                "end": {"dateTime": "2025-06-12T19:00:00+02:00"},
            },
        ],
    }
    _, talks, _ = parse_text(json.dumps(body, indent=1), "devconf.json")
    got = {t.title: (f"{t.start:%H:%M}", f"{t.end:%H:%M}", t.room, t.format) for t in talks}
    assert got == {
        "Podman deep dive": ("10:00", "10:40", "Room D105", None),
        "Fedora release party": ("18:00", "19:00", None, None),
    }
    assert str(talks[0].start.tzinfo) == "Europe/Prague"
    assert {t.abstract for t in talks} == {"Rootless containers explained.", "Cake and a demo."}


def test_a_date_time_object_and_a_serializers_note_read_alone() -> None:
    from ingest.formats.columns import resolve
    from ingest.when import moment_text

    assert moment_text({"date": "2024-06-10", "time": "09:00:00", "tz": "Europe/Zurich"}) == (
        "2024-06-10 09:00:00",
        "Europe/Zurich",
    )
    assert moment_text({"dateTime": "2025-06-12T10:00:00+02:00"}) == (
        "2025-06-12T10:00:00+02:00",
        "",
    )
    assert moment_text({"name": "Room 1"}) is None and moment_text("10:00") is None
    assert "format" not in resolve(["title", "_type", "@type", "__typename"])
    assert resolve(["title", "type"])["format"] == "type"
    # a summary is the title only where the record has no title and says iCalendar's words
    assert resolve(["summary", "description"])["title"] == "summary"
    assert resolve(["title", "summary"])["abstract"] == "summary"


def test_a_conference_or_a_day_holding_talks_is_no_session() -> None:
    """Only an object from one clock time to another the same day (at most 12 hours)
    gives its talks its title as their track: not a conference with a start and no
    end, not one of several days, not a day."""
    talk = {"title": "Rust in the kernel", "start": "2024-06-13T10:00:00+02:00", "speakers": ["A"]}
    shapes = [
        {
            "conference": {
                "name": "DevConf.CZ 2024",
                "start": "2024-06-13T09:00:00+02:00",
                "talks": [talk],
            }
        },
        {
            "event": {
                "title": "PyCon Italia",
                "startDate": "2024-06-13T09:00:00",
                "endDate": "2024-06-15T18:00:00",
                "sessions": [talk],
            }
        },
        {"days": [{"title": "Day 1", "date": "2024-06-13T00:00:00", "talks": [talk]}]},
    ]
    for body in shapes:
        _, talks, _ = parse_text(json.dumps(body, indent=1), "p.json")
        assert [(t.title, t.track) for t in talks] == [("Rust in the kernel", None)], body


def test_date_time_objects_and_tags_read_with_care() -> None:
    """A time that is no clock time keeps the date; an end in its own zone is read in
    it; a session type with "#" is one unless it is an API's tag under "kind"; a
    record with a title under another name keeps it over its summary."""
    body = [
        {
            "title": "A",
            "speakers": ["X"],
            "type": "Talk#1",
            "start": {"date": "2024-06-13", "time": "09:00", "tz": "Europe/Zurich"},
            "end": {"date": "2024-06-13", "time": "08:30", "tz": "UTC"},
        },
        {"title": "B", "speakers": ["Y"], "date": {"date": "2024-06-14", "time": "morning"}},
        {"sessionTitle": "Scaling Postgres", "summary": "Short teaser", "description": "Long."},
    ]
    _, talks, warnings = parse_text(json.dumps(body, indent=1), "p.json")
    a, b, c = talks
    assert (a.format, f"{a.end:%H:%M %Z}") == ("Talk#1", "10:30 CEST")
    assert warnings == []  # B's day alone needs no zone, and A's is named
    assert b.start is None and f"{b.day:%Y-%m-%d}" == "2024-06-14"  # its day, no time
    assert c.title == "Scaling Postgres"


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (  # a package search: a name, an author, and the time the package was published
            {
                "objects": [
                    {
                        "package": {
                            "name": "left-pad",
                            "date": "2018-04-09T01:28:52.375Z",
                            "author": {"name": "azer"},
                            "description": "Pad",
                        }
                    },
                    {
                        "package": {
                            "name": "pad-left",
                            "date": "2016-03-10T12:00:00.000Z",
                            "author": {"name": "jon"},
                            "description": "Pad",
                        }
                    },
                ],
                "total": 2,
            },
            "'date'",
        ),
        (  # an issue tracker's list: a title, a body, and when each was opened and changed
            [
                {
                    "id": 1,
                    "title": "Crash on start",
                    "user": {"login": "a"},
                    "body": "Steps",
                    "created_at": "2024-09-01T10:00:00Z",
                    "updated_at": "2024-09-02T10:00:00Z",
                },
                {
                    "id": 2,
                    "title": "Dark mode",
                    "user": {"login": "b"},
                    "body": "Please",
                    "createdAt": "2024-09-03T10:00:00Z",
                },
            ],
            "'created_at', 'updated_at', 'createdAt'",
        ),
    ],
)
def test_records_timed_only_by_their_own_life_are_no_program(body: object, said: str) -> None:
    """Records whose only times say when each was made or changed (a key naming it,
    or a time to the second), naming no room, track, end, duration or presenter, are
    refused in one sentence naming the file and the keys."""
    with pytest.raises(InputError, match="no sessions") as err:
        parse_text(json.dumps(body), "found.json")
    assert err.value.path == "found.json"
    assert said in str(err.value) and "\n" not in str(err.value)


def test_talks_beside_their_records_life_still_read() -> None:
    """A time off the whole minute in one record, or a "created_at", does not refuse
    talks that name a room, speakers or a session's time."""
    body = {
        "sessions": [
            {"title": "A", "start": "2024-05-01T10:00:00Z", "created_at": "2024-01-02T03:04:05Z"},
            {"title": "B", "start": "2024-05-01T11:00:17Z", "room": "R1"},
            {"title": "C", "updated": "2024-01-02T03:04:05Z", "speakers": ["Ann Lee"]},
        ]
    }
    _, talks, _ = parse_text(json.dumps(body), "p.json")
    assert [t.title for t in talks] == ["A", "B", "C"]
    # nor a list of titles with no times at all (nothing says they are other records)
    _, talks, _ = parse_text(json.dumps([{"title": "A", "body": "x"}]), "p.json")
    assert [t.title for t in talks] == ["A"]


def test_the_only_event_of_a_result_list_names_the_conference() -> None:
    """Indico's export holds its event as the only object of `results`: its title is
    the conference; a list of one track or one session names none."""
    day = {"date": "2024-06-11", "time": "09:30:00", "tz": "Europe/Zurich"}
    talk = {"title": "Fast tracking", "startDate": day, "speakers": [{"fullName": "Rossi, Maria"}]}
    event = {
        "title": "Workshop on Detector Software 2024",
        "startDate": {"date": "2024-06-11", "time": "09:00:00", "tz": "Europe/Zurich"},
        "endDate": {"date": "2024-06-12", "time": "18:00:00", "tz": "Europe/Zurich"},
        "contributions": [talk, dict(talk, title="Slow tracking")],
    }
    body = {"count": 1, "_type": "HTTPAPIResult", "results": [event]}
    _, talks, _ = parse_text(json.dumps(body), "export.json")
    assert {t.conference for t in talks} == {"Workshop on Detector Software 2024"}
    tracks = {"tracks": [{"id": 1, "name": "Security", "talks": event["contributions"]}]}
    _, talks, _ = parse_text(json.dumps(tracks), "export.json")
    assert {t.conference for t in talks} == {"export"}

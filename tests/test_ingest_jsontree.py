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

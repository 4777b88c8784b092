"""Merging through a real ingest: a talk a program gives in its own zone and an iCal
export gives in UTC keeps the program's zone, its equal instants no conflict (sweep 4,
#38); a re-download of a newer version giving a talk the same guid at another time,
under another title, is one talk, its times kept as a conflict (#52)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest.when import named_zone
from talkbase.cli import main

GUID = "e1d3c4f0-1111-5000-8000-000000000001"


@pytest.fixture(autouse=True)
def _hashing(monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")


def _event(guid: str, code: str, at: str, title: str, room: str, who: str) -> dict:
    day, clock = at.split("T")
    return {
        "guid": guid,
        "code": code,
        "date": f"{at}:00+01:00",
        "start": clock,
        "duration": "00:40",
        "room": room,
        "title": title,
        "type": "Talk",
        "language": "en",
        "abstract": f"{title}, explained.",
        "persons": [{"code": who[:3].upper(), "name": who}],
    }


def _frab(path: Path, version: str, days: dict[str, list[dict]]) -> Path:
    """A pretalx schedule.json of Open Source Days in Europe/Copenhagen."""
    schedule = {
        "schedule": {
            "version": version,
            "conference": {
                "acronym": "osd24",
                "title": "Open Source Days 2024",
                "time_zone_name": "Europe/Copenhagen",
                "days": [
                    {"index": i, "date": day, "rooms": {"Aud 1": events}}
                    for i, (day, events) in enumerate(days.items(), 1)
                ],
            },
        }
    }
    path.write_text(json.dumps(schedule), encoding="utf-8")
    return path


def _home_assistant() -> dict:
    """The talk both versions hold at 11:00 on 7 November."""
    return _event(
        "e1d3-2", "RTY456", "2024-11-07T11:00", "Home Assistant at scale", "Aud 1", "Lars Nielsen"
    )


def _first_day() -> dict[str, list[dict]]:
    """The program's first version: two talks on 7 November, in Aud 1."""
    return {
        "2024-11-07": [
            _event(
                GUID,
                "QWE123",
                "2024-11-07T10:00",
                "Postgres logical replication",
                "Aud 1",
                "Mette Jensen",
            ),
            _home_assistant(),
        ]
    }


def _export(capsys, home: Path) -> list[dict]:
    capsys.readouterr()
    assert main(["--home", str(home), "export"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_a_talk_merged_from_a_utc_calendar_keeps_the_programs_zone(tmp_path, capsys):
    docs = tmp_path / "docs"
    docs.mkdir()
    _frab(
        docs / "schedule.json",
        "1.0",
        _first_day(),
    )
    # the same talks as an attendee's calendar export writes them: in UTC, no speakers,
    # another room for one, an abstract too (and first in the folder: first ingested)
    (docs / "a_personal_export.ics").write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Open Source Days 2024\r\n"
        "BEGIN:VEVENT\r\nUID:osd24-QWE123@pretalx.example\r\nDTSTART:20241107T090000Z\r\n"
        "DTEND:20241107T094000Z\r\nSUMMARY:Postgres Logical Replication\r\n"
        "DESCRIPTION:Replication slots.\r\nLOCATION:Aud 3\r\n"
        "END:VEVENT\r\nBEGIN:VEVENT\r\nUID:osd24-RTY456@pretalx.example\r\n"
        "DTSTART:20241107T100000Z\r\nDTEND:20241107T104000Z\r\nSUMMARY:Home Assistant at scale\r\n"
        "LOCATION:Aud 1\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
        encoding="utf-8",
    )
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(docs)]) == 0
    talks = {t["title"]: t for t in _export(capsys, home)}
    assert set(talks) == {"Postgres logical replication", "Home Assistant at scale"}
    postgres = talks["Postgres logical replication"]
    assert (postgres["start"], postgres["end"], postgres["timezone"]) == (
        "10:00",
        "10:40",
        "Europe/Copenhagen",
    )
    # not start, end, speakers; the two abstracts both kept
    assert [c["field"] for c in postgres["conflicts"]] == ["room", "abstract"]
    assert {v["value"] for v in postgres["conflicts"][0]["values"]} == {"Aud 1", "Aud 3"}
    assert {v["value"] for v in postgres["conflicts"][1]["values"]} == {
        "Postgres logical replication, explained.",
        "Replication slots.",
    }
    assert talks["Home Assistant at scale"]["conflicts"] == []
    argv = ["--home", str(home), "search", "--json", "--after", "10:00", "--before", "10:45"]
    assert main([*argv, "postgres replication"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [t["title"] for t in found] == ["Postgres logical replication"]


def test_named_zones_and_offsets():
    from datetime import UTC, datetime, timedelta, timezone
    from zoneinfo import ZoneInfo

    at = datetime(2024, 11, 7, 10)
    assert named_zone(at.replace(tzinfo=ZoneInfo("Europe/Copenhagen")))
    assert not named_zone(at.replace(tzinfo=UTC))
    assert not named_zone(at.replace(tzinfo=ZoneInfo("Etc/UTC")))
    assert not named_zone(at.replace(tzinfo=ZoneInfo("Etc/GMT-1")))
    assert not named_zone(at.replace(tzinfo=timezone(timedelta(hours=1))))
    assert not named_zone(at) and not named_zone(None)


def _moved(path: Path) -> Path:
    """The program's next version: one talk moved to the next day at 14:00, retitled."""
    return _frab(
        path,
        "1.0",
        {
            "2024-11-07": [
                _home_assistant(),
            ],
            "2024-11-08": [
                _event(
                    GUID,
                    "QWE123",
                    "2024-11-08T14:00",
                    "Logical replication in Postgres 17",
                    "Aud 1",
                    "Mette Jensen",
                ),
            ],
        },
    )


def _first_then(tmp_path: Path, capsys, name: str) -> tuple[dict, Path, Path]:
    """The first version ingested, then the next one as the file `name`: the one talk
    of GUID (there must be one, of two talks), and the two files."""
    first = _frab(tmp_path / "osd24_schedule.json", "0.9", _first_day())
    again = _moved(tmp_path / name)
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(first)]) == 0
    assert main(["--home", str(home), "ingest", str(again)]) == 0
    talks = _export(capsys, home)
    moved = [t for t in talks if t["uid"] == GUID]
    assert len(moved) == 1 and len(talks) == 2
    return moved[0], first, again


def test_a_second_document_giving_one_guid_another_time_and_title_is_one_talk(tmp_path, capsys):
    """Two documents of one conference kept side by side (another file name: an
    update sheet, not the same file again) that carry one guid are one talk."""
    talk, first, again = _first_then(tmp_path, capsys, "osd24_update.json")
    moved = [talk]
    conflicts = {c["field"]: {v["value"][:16] for v in c["values"]} for c in moved[0]["conflicts"]}
    assert conflicts["start"] == {"2024-11-07 10:00", "2024-11-08 14:00"}
    assert {s["document"] for s in moved[0]["sources"]} == {first.name, again.name}


def test_a_browsers_redownload_is_the_new_version(tmp_path, capsys):
    """The browser's "osd24_schedule (1).json" is the same file again: it replaces the
    first, so the moved talk is at its new time only (index/build/identity.py)."""
    talk, _, _ = _first_then(tmp_path, capsys, "osd24_schedule (1).json")
    assert (talk["day"], talk["start"]) == ("2024-11-08", "14:00")
    assert not talk["conflicts"]


def test_two_day_files_numbering_their_rows_alike_keep_their_talks(tmp_path, capsys):
    day1, day2 = tmp_path / "day1.csv", tmp_path / "day2.csv"
    day1.write_text(
        "id,title,speaker,start,conference\n"
        "1,Opening keynote on open data,Ann Berg,2024-11-07T09:00+01:00,Open Data Days 2024\n",
        encoding="utf-8",
    )
    day2.write_text(
        "id,title,speaker,start,conference\n"
        "1,Closing panel on licences,Bo Lund,2024-11-08T16:00+01:00,Open Data Days 2024\n",
        encoding="utf-8",
    )
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(day1), str(day2)]) == 0
    talks = _export(capsys, home)
    assert sorted(t["title"] for t in talks) == [
        "Closing panel on licences",
        "Opening keynote on open data",
    ]
    assert all(t["uid"] == "1" for t in talks)

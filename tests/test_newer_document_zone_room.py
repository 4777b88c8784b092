"""The document ingested last gives a talk's time and room (tests/test_newer_document.py),
but (review of sweep 13 F2): a newer record whose times were read in a guessed zone is
read on the clock an older record's named zone gives (the same wall clock is no change,
another is a retime in that zone); and a newer document naming rooms in another
vocabulary (a translated program: "Hall A", "Saal A") moves no talk."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from ingest.merge import merge_grouped
from talkbase.core.records import Source, Talk

BERLIN, LA = ZoneInfo("Europe/Berlin"), ZoneInfo("America/Los_Angeles")  # LA: the default
PROGRAM = [  # uid, title, speaker, day, start, end, room
    ("devc-000@devconf.example", "Rust async runtimes", "Ana Lima", "20", "09:00", "09:45"),
    ("devc-001@devconf.example", "eBPF tracing in production", "Bo Chen", "20", "10:00", "10:45"),
    ("devc-002@devconf.example", "Kubernetes operators", "Dmitri Ivanov", "21", "12:00", "12:45"),
]
ROOMS = {"en": ("Hall A", "Hall B", "Hall B"), "de": ("Saal A", "Saal B", "Saal B")}
EBPF = PROGRAM[1][1]


def _ics(path: Path) -> Path:
    events = [
        "BEGIN:VEVENT\n"
        f"UID:{uid}\nDTSTAMP:20260901T000000Z\n"
        f"DTSTART;TZID=Europe/Berlin:202610{day}T{start.replace(':', '')}00\n"
        f"DTEND;TZID=Europe/Berlin:202610{day}T{end.replace(':', '')}00\n"
        f"SUMMARY:{title}\nLOCATION:{room}\nDESCRIPTION:A talk about {title.lower()}.\n"
        "END:VEVENT\n"
        for (uid, title, _, day, start, end), room in zip(PROGRAM, ROOMS["en"], strict=True)
    ]
    text = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//x//y//EN\nX-WR-CALNAME:DevConf\n"
    path.write_text(text + "".join(events) + "END:VCALENDAR\n", encoding="utf-8")
    return path


def _csv(path: Path, rooms=ROOMS["en"], moved: dict[str, tuple[str, str, str]] | None = None):
    lines = ["uid,title,speakers,date,start,end,room"]
    for (uid, title, who, day, start, end), room in zip(PROGRAM, rooms, strict=True):
        start, end, room = (moved or {}).get(title, (start, end, room))
        lines.append(f"{uid},{title},{who},2026-10-{day},{start},{end},{room}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _talk(home: Path, embedder, title: str = EBPF) -> Talk:
    with KnowledgeBase(home, embedder) as kb:
        return next(t for t in kb.talks.values() if t.title == title)


@pytest.fixture
def home(tmp_path, monkeypatch, hashing_embedder):
    monkeypatch.delenv("TALKBASE_TIMEZONE", raising=False)  # a CSV's zone guessed: the default's
    home = tmp_path / "home"
    ingest([_ics(tmp_path / "program.ics")], home, hashing_embedder)
    assert _talk(home, hashing_embedder).start == datetime(2026, 10, 20, 10, tzinfo=BERLIN)
    return home


def test_a_newer_csv_in_a_guessed_zone_at_the_same_clock_keeps_the_calendars_zone(
    home, tmp_path, hashing_embedder
):
    report = ingest([_csv(tmp_path / "update.csv")], home, hashing_embedder, conference="DevConf")
    talk = _talk(home, hashing_embedder)
    assert talk.start == datetime(2026, 10, 20, 10, tzinfo=BERLIN)
    assert getattr(talk.start.tzinfo, "key", None) == "Europe/Berlin"
    assert talk.end == datetime(2026, 10, 20, 10, 45, tzinfo=BERLIN)
    assert not report.changes.retimed and not report.changes.moved


def test_a_newer_csv_in_a_guessed_zone_at_another_clock_retimes_in_the_calendars_zone(
    home, tmp_path, hashing_embedder
):
    update = _csv(tmp_path / "update.csv", moved={EBPF: ("16:00", "16:45", "Hall B")})
    report = ingest([update], home, hashing_embedder, conference="DevConf")
    talk = _talk(home, hashing_embedder)
    assert (talk.start, talk.end) == (
        datetime(2026, 10, 20, 16, tzinfo=BERLIN),
        datetime(2026, 10, 20, 16, 45, tzinfo=BERLIN),
    )
    assert getattr(talk.start.tzinfo, "key", None) == "Europe/Berlin"
    assert [c.title for c in report.changes.retimed] == [EBPF]
    before = talk.to_dict()
    ingest([update], home, hashing_embedder, rebuild=True, conference="DevConf")  # whole
    assert _talk(home, hashing_embedder).to_dict() == before


def _record(doc: str, start: datetime, room: str = "Hall B") -> Talk:
    return Talk(
        title=EBPF,
        speakers=(),
        start=start,
        end=None,
        room=room,
        conference="DevConf",
        uid="devc-001@devconf.example",
        sources=(Source(doc, "csv", "line 2"),),
    )


def test_a_guessed_zone_read_on_the_named_clock_before_the_ingest_order_compares():
    named = _record("program.ics", datetime(2026, 10, 20, 10, tzinfo=BERLIN))
    guessed = _record("update.csv", datetime(2026, 10, 20, 10, tzinfo=LA))
    zones = {"update.csv": "America/Los_Angeles"}
    [(talk, _)] = merge_grouped(
        [named, guessed], zones, ingested={"program.ics": 1, "update.csv": 2}
    )
    assert talk.start == datetime(2026, 10, 20, 10, tzinfo=BERLIN)
    later = _record("update.csv", datetime(2026, 10, 20, 10, 20, tzinfo=LA))
    [(talk, _)] = merge_grouped([named, later], zones, ingested={"program.ics": 1, "update.csv": 2})
    assert talk.start == datetime(2026, 10, 20, 10, 20, tzinfo=BERLIN)
    [(talk, _)] = merge_grouped([named, later], zones, ingested={"program.ics": 1, "update.csv": 1})
    assert talk.start == named.start  # one ingest: as before


def test_a_translated_program_ingested_later_moves_no_room(tmp_path, hashing_embedder):
    home = tmp_path / "home"
    ingest([_csv(tmp_path / "program-en.csv")], home, hashing_embedder, conference="DevConf")
    german = _csv(tmp_path / "programm-de.csv", ROOMS["de"])
    report = ingest([german], home, hashing_embedder, conference="DevConf")
    assert not report.changes.moved
    assert _talk(home, hashing_embedder).room == "Hall B"


def test_a_move_within_the_rooms_both_documents_name_follows_the_newer(tmp_path, hashing_embedder):
    home = tmp_path / "home"
    ingest([_csv(tmp_path / "program.csv")], home, hashing_embedder, conference="DevConf")
    update = _csv(tmp_path / "update.csv", moved={EBPF: ("10:00", "10:45", "Hall A")})
    report = ingest([update], home, hashing_embedder, conference="DevConf")
    assert [c.title for c in report.changes.moved] == [EBPF]
    assert _talk(home, hashing_embedder).room == "Hall A"


def test_the_documents_table_keeps_the_shape_an_older_talkbase_writes(tmp_path, hashing_embedder):
    # (an older talkbase inserts six values a row into `documents` of a base it updates:
    # the ingest numbers live in a table of their own, which it leaves alone)
    home = tmp_path / "home"
    ingest([_csv(tmp_path / "program.csv")], home, hashing_embedder, conference="DevConf")
    ingest([_csv(tmp_path / "update.csv")], home, hashing_embedder, conference="DevConf")
    with KnowledgeBase(home, hashing_embedder) as kb:
        columns = [c[0] for c in kb.sql("SELECT * FROM documents LIMIT 0").description]
        assert columns == ["name", "path", "format", "sha256", "talks", "warnings"]
        numbers = kb.sql("SELECT document, number FROM ingests ORDER BY document").fetchall()
    assert numbers == [("program.csv", 1), ("update.csv", 2)]


def test_a_guessed_zone_with_no_named_clock_to_read_it_on_does_not_move_a_utc_time():
    # (an iCal export in UTC names no clock: the CSV's "10:00", read in the default's
    # zone for want of one, is no evidence of another instant)
    in_utc = _record("program.ics", datetime(2026, 10, 20, 8, tzinfo=UTC))
    guessed = _record("update.csv", datetime(2026, 10, 20, 10, tzinfo=LA))
    zones = {"update.csv": "America/Los_Angeles"}
    [(talk, _)] = merge_grouped([in_utc, guessed], zones, {"program.ics": 1, "update.csv": 2})
    assert talk.start == in_utc.start

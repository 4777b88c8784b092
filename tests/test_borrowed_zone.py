"""A document naming no zone for its times, read as one program with another document
that does (an outside tester's W7: a CSV beside the same conference's calendar in
Europe/Oslo): its clock times are read in that zone, no longer in the default's, each
of its talks a false conflict (`kindred._in_zone_of`); its warning says whose zone it
took (`detect.zone_borrowed`), and the merge still prefers the times of the document
that names its zone."""

from __future__ import annotations

from pathlib import Path

import pytest

from index.build.builder import ingest
from index.encoders.embed import HashingEmbedder
from index.search.kb import KnowledgeBase
from ingest.detect import zone_assumed

CSV = """Date,Start,End,Title,Speaker,Room
2026-06-18,09:00,09:40,Phishing-resistant MFA rollouts,Ingrid Solberg,Sal 1
2026-06-18,10:00,10:40,Hunting with Sigma rules,Magnus Haugen,Sal 1
2026-06-18,10:00,10:40,Firmware reverse engineering 101,Sara Lie,Sal 2
2026-06-18,11:00,11:40,Red teaming OT networks,Kristian Berg,Sal 1
"""
# (the calendar moved the last talk to 11:15)
EVENTS = [
    ("0700", "0740", "Phishing-resistant MFA rollouts - Ingrid Solberg", "Sal 1"),
    ("0800", "0840", "Hunting with Sigma rules - Magnus Haugen", "Sal 1"),
    ("0800", "0840", "Firmware reverse engineering 101 - Sara Lie", "Sal 2"),
    ("0915", "0955", "Red teaming OT networks - Kristian Berg", "Sal 1"),
]


def _calendar(zone_line: str) -> str:
    events = "".join(
        f"BEGIN:VEVENT\nUID:bso-{n}@sched\nDTSTART:20260618T{a}00Z\nDTEND:20260618T{b}00Z\n"
        f"SUMMARY:{title}\nLOCATION:{room}\nEND:VEVENT\n"
        for n, (a, b, title, room) in enumerate(EVENTS)
    )
    return (
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Sched.com//EN\nX-WR-CALNAME:BSides Oslo 2026\n"
        f"{zone_line}{events}END:VCALENDAR\n"
    )


@pytest.fixture(autouse=True)
def _default_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TALKBASE_TIMEZONE", raising=False)


def _files(tmp_path: Path, zone_line: str = "X-WR-TIMEZONE:Europe/Oslo\n") -> tuple[Path, Path]:
    csv, ics = tmp_path / "bsides_oslo.csv", tmp_path / "bsides_oslo.ics"
    csv.write_text(CSV, encoding="utf-8")
    ics.write_text(_calendar(zone_line), encoding="utf-8")
    return csv, ics


def _conflicts(home: Path) -> dict[str, list[str]]:
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        return {t.title: [c.field for c in t.conflicts] for t in kb.talks.values()}


def test_a_csv_beside_its_conferences_calendar_takes_its_zone(tmp_path: Path) -> None:
    csv, ics = _files(tmp_path)
    report = ingest([csv, ics], tmp_path / "home", HashingEmbedder())
    conflicts = _conflicts(tmp_path / "home")
    assert conflicts.pop("Red teaming OT networks") == ["start", "end"]  # (really moved)
    assert conflicts and not any(conflicts.values())  # (were 9 hours apart, every one)
    (read,) = [d for d in report.documents if d.name == "bsides_oslo.csv"]
    said = [w for w in read.warnings if zone_assumed([w])]
    assert len(said) == 1 and "Europe/Oslo, the zone of bsides_oslo.ics" in said[0]
    with KnowledgeBase(tmp_path / "home", HashingEmbedder()) as kb:
        moved = next(t for t in kb.talks.values() if t.title == "Red teaming OT networks")
    assert moved.start is not None and f"{moved.start:%H:%M}" == "11:15"  # (the calendar's)


def test_a_csv_given_after_its_stored_calendar_takes_its_zone(tmp_path: Path) -> None:
    csv, ics = _files(tmp_path)
    ingest([ics], tmp_path / "home", HashingEmbedder())
    ingest([csv], tmp_path / "home", HashingEmbedder())
    conflicts = _conflicts(tmp_path / "home")
    assert sum(bool(c) for c in conflicts.values()) == 1


def test_a_stored_csv_takes_the_zone_of_its_conferences_calendar_given_after(
    tmp_path: Path,
) -> None:
    csv, ics = _files(tmp_path)
    ingest([csv], tmp_path / "home", HashingEmbedder())
    ingest([ics], tmp_path / "home", HashingEmbedder())
    conflicts = _conflicts(tmp_path / "home")
    assert sum(bool(c) for c in conflicts.values()) == 1
    with KnowledgeBase(tmp_path / "home", HashingEmbedder()) as kb:
        first = next(t for t in kb.talks.values() if t.title.startswith("Phishing"))
    assert first.zone == "Europe/Oslo" and f"{first.start:%H:%M}" == "09:00"


def test_a_calendar_in_utc_lends_no_zone(tmp_path: Path) -> None:
    """UTC is how the calendar was exported, not the conference's clock."""
    csv, ics = _files(tmp_path, zone_line="")
    report = ingest([csv, ics], tmp_path / "home", HashingEmbedder())
    (read,) = [d for d in report.documents if d.name == "bsides_oslo.csv"]
    assert zone_assumed(read.warnings) == "America/Los_Angeles"


def test_a_csv_whose_clock_is_not_the_calendars_keeps_the_default(tmp_path: Path) -> None:
    """Shared titles, days and speakers say one program, but the CSV's clock times are
    two hours before the calendar's in Oslo (written in UTC without saying so): no sign
    its times are on Oslo's clock, so it takes no zone and its warning still says to set
    one (review of W7: borrowing needs the clocks to agree)."""
    csv, ics = _files(tmp_path)
    csv.write_text(
        CSV.replace(",09:00,09:40,", ",07:00,07:40,")
        .replace(",10:00,10:40,", ",08:00,08:40,")
        .replace(",11:00,11:40,", ",09:00,09:40,"),
        encoding="utf-8",
    )
    report = ingest([csv, ics], tmp_path / "home", HashingEmbedder(), dry_run=True)
    (read,) = [d for d in report.documents if d.name == "bsides_oslo.csv"]
    said = [w for w in read.warnings if zone_assumed([w])]
    assert len(said) == 1 and "the default" in said[0] and "Europe/Oslo" not in said[0]
    first = next(t for t in read.talks if t.title == "Phishing-resistant MFA rollouts")
    assert first.start is not None and first.zone != "Europe/Oslo"

"""A talk that runs into the next day is under way then (sweep 9, A14): Thursday 18:00
to Friday 12:00 is found by "--day Fri --at 10:00" and by "--at 10:00", while "--day
Fri" alone still lists the talks the program puts on Friday."""

from __future__ import annotations

from pathlib import Path

import pytest

from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from talkbase.core.filters import Filters

ICS = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//test//EN
BEGIN:VEVENT
UID:a1@test
DTSTART;TZID=Europe/Berlin:20261015T180000
DTEND;TZID=Europe/Berlin:20261016T120000
SUMMARY:Overnight hackathon
DESCRIPTION:Eighteen hours of building things together.
END:VEVENT
BEGIN:VEVENT
UID:a2@test
DTSTART;TZID=Europe/Berlin:20261016T093000
DTEND;TZID=Europe/Berlin:20261016T103000
SUMMARY:Morning talk on Rust
DESCRIPTION:A talk.
END:VEVENT
BEGIN:VEVENT
UID:a3@test
DTSTART;TZID=Europe/Berlin:20261015T100000
DTEND;TZID=Europe/Berlin:20261015T110000
SUMMARY:Thursday morning talk
DESCRIPTION:A talk.
END:VEVENT
END:VCALENDAR
"""


@pytest.fixture
def kb(tmp_path: Path, hashing_embedder, monkeypatch):
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    path = tmp_path / "camp.ics"
    path.write_text(ICS, encoding="utf-8")
    ingest([path], tmp_path / "home", hashing_embedder)
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as opened:
        yield opened


def _titles(kb, **limits) -> set[str]:
    allowed = kb.allowed(Filters(**limits))
    return {kb.talks[t].title for t in (allowed or [])}


def test_a_night_that_runs_into_the_next_day_is_under_way_then(kb):
    both = {"Overnight hackathon", "Morning talk on Rust"}
    assert _titles(kb, day="Fri", at="10:00") == both
    assert _titles(kb, day="2026-10-16", at="10:00") == both
    assert _titles(kb, at="10:00") == both | {"Thursday morning talk"}
    assert _titles(kb, day="Fri", at="13:00") == set()  # (over at 12:00)
    assert _titles(kb, day="Thu", at="23:00") == {"Overnight hackathon"}
    assert _titles(kb, day="Fri") == {"Morning talk on Rust"}  # the program's day: as before

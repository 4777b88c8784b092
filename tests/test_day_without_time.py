"""A talk the program puts on a day at no time it says (a row with a date and no
time, or a time that cannot be read) is on that day at no time: never a 00:00 talk
that time limits let through (sweep 5), shown as its day with "time not given"."""

from __future__ import annotations

import json

import pytest

from talkbase.cli import main
from talkbase.core import present
from talkbase.core.records import Talk

CSV = (
    "Title,Speaker,Date,Start,End,Room\n"
    "Schema migrations at scale,Tunde Bakare,2026-05-20,nach Absprache,,Room 1\n"
    "Reliable webhooks,Ana Lima,2026-05-20,07:30,08:00,Room 2\n"
    "Rate limiting patterns,Jo Kim,2026-05-21,,,Room 1\n"
)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")
    doc = tmp_path / "program.csv"
    doc.write_text(CSV, encoding="utf-8")
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(doc)]) == 0
    return home


def _search(capsys, home, *argv: str) -> list[dict]:
    capsys.readouterr()
    assert main(["--home", str(home), "search", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_no_midnight_talk_passes_a_time_limit(home, capsys):
    early = _search(capsys, home, "--starts-before", "08:00", "talks")
    assert [t["title"] for t in early] == ["Reliable webhooks"]


def test_the_day_still_limits_and_the_time_is_said_not_given(home, capsys):
    found = _search(capsys, home, "--day", "2026-05-20", "schema migrations")
    schema = next(t for t in found if t["title"] == "Schema migrations at scale")
    assert (schema["day"], schema["start"], schema["start_iso"]) == ("2026-05-20", None, None)
    capsys.readouterr()
    assert main(["--home", str(home), "show", "Rate limiting patterns"]) == 0
    shown = capsys.readouterr().out
    assert "Thu 2026-05-21, time not given" in shown and "00:00" not in shown


def test_present_when_says_the_day_alone():
    from datetime import date

    assert present.when(Talk("x", program_day=date(2026, 5, 21))) == "Thu 21 May, time not given"
    assert present.when(Talk("x")) == present.NO_TIME


def test_export_lists_a_talk_on_its_day_after_that_days_timed_talks(home, capsys):
    """A talk on a day at no time was exported after every timed talk of every day."""
    capsys.readouterr()
    assert main(["--home", str(home), "export", "--format", "jsonl"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["title"] for r in rows] == [
        "Reliable webhooks",
        "Schema migrations at scale",
        "Rate limiting patterns",
    ]

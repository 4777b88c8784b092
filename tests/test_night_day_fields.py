"""A night talk of a program that names no day of its own (an iCalendar: a Friday set
22:30-00:00, then 00:15 and 01:45 sets) has one program day in every field a person
or a program reads, the day the day filter finds it on (`KnowledgeBase.nights`):
search --json's `day`, the API's `Talk.day`, the CSV export's and the app agenda's
`program_day`, the offline site's `day` (its Program, day filter and day words), not
the date it starts on (sweep 19 F3). Its date and clock stay as they are, and an
export reads back to the same days and times; a program that names its own days (frab)
is read as before."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from pathlib import Path

import pytest

from appviews.models import agenda
from talkbase.cli import main
from tests.conftest import calendar, vevent
from tests.test_export_program_day import FRAB

FRI, SAT = date(2026, 7, 17), date(2026, 7, 18)
NIGHT = ("Midnight kuduro set", "Small hours guitar jam")
FESTIVAL = calendar(
    *(
        vevent(uid, start, end, title, zone="Europe/Lisbon", description="A festival set.")
        for uid, start, end, title in (
            ("a", "20260717T190000", "20260717T200000", "Fado talk in the garden"),
            ("b", "20260717T223000", "20260718T000000", "Electronic set on the beach"),
            ("c", "20260718T001500", "20260718T013000", NIGHT[0]),
            ("d", "20260718T014500", "20260718T030000", NIGHT[1]),
            ("e", "20260718T150000", "20260718T160000", "Saturday talk on samba history"),
        )
    )
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    doc = tmp_path / "festival.ics"
    doc.write_text(FESTIVAL, encoding="utf-8")
    assert main(["--home", str(tmp_path / "home"), "ingest", str(doc)]) == 0
    return tmp_path / "home"


def _out(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_search_json_day_is_the_day_the_filter_finds_a_night_talk_on(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for day, want in ((FRI, "Fri"), (SAT, "Sat")):
        found = json.loads(
            _out(capsys, "--home", str(home), "search", "set jam talk", "--day", want, "--json")
        )
        assert found and {r["day"] for r in found} == {day.isoformat()}, want
        assert (set(NIGHT) <= {r["title"] for r in found}) == (day == FRI)
    friday = json.loads(
        _out(capsys, "--home", str(home), "search", "jam", "--day", "Fri", "--json")
    )
    jam = next(r for r in friday if r["title"] == NIGHT[1])
    # its date and clock are the moment it starts; the program's day is Friday
    assert (jam["day"], jam["date"], jam["start"], jam["program_day"]) == (
        "2026-07-17",
        "2026-07-18",
        "01:45",
        "2026-07-17",
    )


def test_the_api_s_talk_day_is_the_night_s_day(home: Path) -> None:
    import talkbase as api

    with api.open(home) as tb:
        hits = tb.search("kuduro set")
        kuduro = next(h.talk for h in hits if h.talk.title == NIGHT[0])
        assert (kuduro.day, kuduro.calendar_day) == (FRI, SAT)
        assert tb.talk(NIGHT[1]).day == FRI
        assert tb.talk("Saturday talk on samba history").day == SAT
        table = tb.talks()
        assert set(table[table["day"].dt.date == FRI]["title"]) == {
            *NIGHT,
            "Fado talk in the garden",
            "Electronic set on the beach",
        }


def test_csv_exports_give_a_night_talk_its_program_day(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _out(capsys, "--home", str(home), "export", "--format", "csv")
    rows = {r["title"]: r for r in csv.DictReader(io.StringIO(text))}
    for title in NIGHT:
        assert (rows[title]["day"], rows[title]["program_day"]) == ("2026-07-18", "2026-07-17")
    assert rows["Electronic set on the beach"]["program_day"] == ""
    assert rows["Saturday talk on samba history"]["program_day"] == ""
    from index.search.kb import KnowledgeBase

    with KnowledgeBase(home) as kb:  # the app agenda's .csv of the same talks
        talks = [t for t in kb.talks.values() if t.title in NIGHT]
    saved = list(csv.DictReader(io.StringIO(agenda.to_csv(talks))))
    assert [(r["day"], r["program_day"]) for r in saved] == [("2026-07-18", "2026-07-17")] * 2


def _days(home: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, tuple[object, ...]]:
    """Each talk's start, end and day, and the titles `--day` finds on each day."""
    talks = [json.loads(x) for x in _out(capsys, "--home", str(home), "export").splitlines()]
    out: dict[str, tuple[object, ...]] = {
        t["title"]: (t["start_iso"], t["end_iso"], t["day"]) for t in talks
    }
    for day in ("Fri", "Sat"):
        found = _out(capsys, "--home", str(home), "search", "a", "--day", day, "--json", "-n", "20")
        out[day] = tuple(sorted(r["title"] for r in json.loads(found)))
    return out


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_an_export_of_a_calendar_s_night_reads_back_to_the_same_days(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    before = _days(home, capsys)
    assert before[NIGHT[0]][2] == "2026-07-17" and set(NIGHT) <= set(before["Fri"])
    exported = tmp_path / f"export.{fmt}"
    exported.write_text(_out(capsys, "--home", str(home), "export", "--format", fmt), "utf-8")
    again = tmp_path / "again"
    assert main(["--home", str(again), "ingest", str(exported)]) == 0
    assert _days(again, capsys) == before


def test_the_site_files_a_night_talk_under_its_night(home: Path, tmp_path: Path) -> None:
    from index.search.kb import KnowledgeBase
    from index.site.export import export_site

    with KnowledgeBase(home) as kb:
        export_site(kb, tmp_path / "site")
    talks = json.loads((tmp_path / "site" / "data" / "talks.json").read_text("utf-8"))
    days = {t["title"]: (t["day"], t["start"][:10]) for t in talks}
    assert days[NIGHT[0]] == days[NIGHT[1]] == ("2026-07-17", "2026-07-18")
    assert days["Saturday talk on samba history"] == ("2026-07-18", "2026-07-18")


def test_a_program_that_names_its_own_days_is_read_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """frab's day change: the talks the base gives are its records, unchanged."""
    from index.search.kb import KnowledgeBase
    from index.store import reads

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    doc = tmp_path / "film.json"
    doc.write_text(json.dumps(FRAB), encoding="utf-8")
    assert main(["--home", str(tmp_path / "home"), "ingest", str(doc)]) == 0
    with KnowledgeBase(tmp_path / "home") as kb:
        talks = list(kb.talks.values())
        assert talks == list(reads.Talks(kb.con).values())  # as stored
        days = {t.title: t.day for t in talks}
    assert days == {
        "Evening film": date(2026, 2, 13),
        "Midnight film": date(2026, 2, 13),
        "Saturday film": date(2026, 2, 14),
    }


def test_now_and_next_after_midnight_shows_the_night_s_set_under_way(home: Path) -> None:
    """Filed under Friday, the 00:15 set is still what runs at 00:30 on Saturday."""
    from datetime import datetime

    from appviews.models import program
    from index.search.kb import KnowledgeBase

    with KnowledgeBase(home) as kb:
        talks = list(kb.talks.values())
    (room,) = program.now_and_next(talks, datetime(2026, 7, 18, 0, 30))
    assert [t.title for t in room.now] == [NIGHT[0]] and room.next and room.next.title == NIGHT[1]

"""A talk after midnight that the program lists under the day before (frab's day
change: `Talk.day` is that day) is exported with the date it really starts on: the
CSV's `day` and `start` (and the app agenda's .csv) give its date and time, the
program's day is its own column, `program_day`, which ingest reads back; the JSON
keeps `day` (the program's day, what `--day` filters on) and adds `date`, the date
its `start` is on (sweep 15 F2). Re-ingesting the product's own CSV (or JSON lines)
gives back the same start, end and day."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from pathlib import Path

import pytest

from appviews.models import agenda
from ingest import parse_path
from ingest.detect import parse_text
from talkbase.cli import main

ZONE = "Europe/Berlin"


def _event(n: int, title: str, when: str, start: str, duration: str) -> dict[str, object]:
    return {
        "id": n,
        "guid": f"film-{n}",
        "title": title,
        "date": f"{when}T{start}:00+01:00",
        "start": start,
        "duration": duration,
        "room": "Kino 1",
        "type": "Screening",
        "persons": [{"public_name": f"Director {n}"}],
        "abstract": f"A film, number {n}.",
    }


# A festival's frab program: Friday's late show runs on past midnight, and the
# program lists the film at 01:45 on Saturday under Friday
FRAB = {
    "schedule": {
        "conference": {
            "title": "Filmfest 2026",
            "acronym": "ff26",
            "time_zone_name": ZONE,
            "start": "2026-02-13",
            "end": "2026-02-14",
            "days": [
                {
                    "index": 1,
                    "date": "2026-02-13",
                    "day_start": "2026-02-13T06:00:00+01:00",
                    "day_end": "2026-02-14T06:00:00+01:00",
                    "rooms": {
                        "Kino 1": [
                            _event(1, "Evening film", "2026-02-13", "21:00", "02:00"),
                            _event(2, "Midnight film", "2026-02-14", "01:45", "01:50"),
                        ]
                    },
                },
                {
                    "index": 2,
                    "date": "2026-02-14",
                    "day_start": "2026-02-14T06:00:00+01:00",
                    "day_end": "2026-02-15T06:00:00+01:00",
                    "rooms": {
                        "Kino 1": [_event(3, "Saturday film", "2026-02-14", "15:00", "01:30")]
                    },
                },
            ],
        }
    }
}

# A congress's table: a 00:15 talk after a 22:30 debate, on the calendar date it starts on
CONGRESS = (
    "title,speakers,date,start,end,room\n"
    "Evening debate,Ann Lee,2026-03-12,22:30,23:30,Amphi A\n"
    "Night shift,Bo Ray,2026-03-13,00:15,01:00,Amphi A\n"
    "Morning talk,Cy Dee,2026-03-13,09:00,09:45,Amphi A\n"
)


@pytest.fixture
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")


def _export(home: Path, fmt: str, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["--home", str(home), "export", "--format", fmt]) == 0
    return capsys.readouterr().out


def _times(home: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, tuple[object, ...]]:
    """Each talk's start, end and program day, as the jsonl export gives them."""
    talks = [json.loads(line) for line in _export(home, "jsonl", capsys).splitlines()]
    return {t["title"]: (t["start_iso"], t["end_iso"], t["day"]) for t in talks}


def _ingested(tmp_path: Path, name: str, text: str, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    home = tmp_path / f"home-{name}"
    assert main(["--home", str(home), "ingest", str(path)]) == 0
    return home


@pytest.mark.usefixtures("_hashing")
def test_csv_export_gives_a_night_talks_real_date_and_its_program_day(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = _ingested(tmp_path, "film.json", json.dumps(FRAB), capsys)
    rows = {r["title"]: r for r in csv.DictReader(io.StringIO(_export(home, "csv", capsys)))}
    night = rows["Midnight film"]
    assert (night["day"], night["start"], night["end"]) == ("2026-02-14", "01:45", "03:35")
    assert night["program_day"] == "2026-02-13" and night["timezone"] == ZONE
    assert (rows["Evening film"]["day"], rows["Evening film"]["program_day"]) == ("2026-02-13", "")
    assert rows["Saturday film"]["program_day"] == ""
    # the JSON keeps `day` (the program's) and gives the date the start is on
    line = next(
        json.loads(x)
        for x in _export(home, "jsonl", capsys).splitlines()
        if json.loads(x)["title"] == "Midnight film"
    )
    assert (line["day"], line["date"], line["start"]) == ("2026-02-13", "2026-02-14", "01:45")
    assert line["start_iso"].startswith(f"{line['date']}T{line['start']}")


@pytest.mark.usefixtures("_hashing")
@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
@pytest.mark.parametrize(("name", "text"), [("film.json", json.dumps(FRAB)), ("c.csv", CONGRESS)])
def test_an_export_reads_back_to_the_same_times_and_days(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, fmt: str
) -> None:
    home = _ingested(tmp_path, name, text, capsys)
    before = _times(home, capsys)
    exported = tmp_path / f"export.{fmt}"
    exported.write_text(_export(home, fmt, capsys), encoding="utf-8")
    again = tmp_path / "again"
    assert main(["--home", str(again), "ingest", str(exported)]) == 0
    assert _times(again, capsys) == before
    assert len(before) == 3


def test_a_program_day_column_is_read_only_as_the_night_before() -> None:
    text = (
        "title,day,start,end,timezone,program_day\n"
        f"Night film,2026-02-14,01:45,03:35,{ZONE},2026-02-13\n"
        f"Day film,2026-02-14,15:00,16:30,{ZONE},2026-02-13\n"
        f"Plain film,2026-02-14,17:00,18:30,{ZONE},\n"
        f"Same day film,2026-02-14,19:00,20:30,{ZONE},2026-02-14\n"
    )
    _, talks, warnings = parse_text(text, "export.csv")
    night, day, plain, same = talks
    assert same.day == date(2026, 2, 14) and same.program_day is None
    assert (
        night.day == date(2026, 2, 13) and night.start and night.start.date() == date(2026, 2, 14)
    )
    assert day.day == date(2026, 2, 14) and plain.day == date(2026, 2, 14)
    assert [w for w in warnings if "program day" in w] == [
        "export.csv line 3: the program day '2026-02-13' of 'Day film' is not the day "
        "before its start (2026-02-14 15:00) in the night; left out"
    ]


def test_the_agenda_csv_gives_a_night_talks_real_date(tmp_path: Path) -> None:
    path = tmp_path / "film.json"
    path.write_text(json.dumps(FRAB), encoding="utf-8")
    talks = [t for t in parse_path(path).talks if t.title == "Midnight film"]
    (row,) = csv.DictReader(io.StringIO(agenda.to_csv(talks)))
    assert (row["day"], row["start"], row["program_day"]) == ("2026-02-14", "01:45", "2026-02-13")


def test_a_foreign_program_day_column_is_said_once_per_document() -> None:
    """A table of another tool whose `program_day` column holds some other day on every
    row gets one warning with the count, not one per row (review of sweep 15 F2)."""
    rows = "".join(
        f"Talk {n},2026-01-16,{9 + n // 4}:{n % 4 * 15:02d},,{ZONE},2026-01-15\n" for n in range(30)
    )
    _, talks, warnings = parse_text("title,day,start,end,timezone,program_day\n" + rows, "f.csv")
    said = [w for w in warnings if "program day" in w]
    assert len(talks) == 30 and all(t.day == date(2026, 1, 16) for t in talks)
    assert said == [
        "f.csv line 2: the program day '2026-01-15' of 'Talk 0' is not the day before its "
        "start (2026-01-16 09:00) in the night; left out (and 29 more rows like it)"
    ]

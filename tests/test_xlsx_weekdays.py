"""Workbook sheets named for a weekday alone, in any language CLDR names weekdays in
(sweep 16's F9): "Zaterdag" and "Zondag", whose "Zondag" holds a row dated Sunday 15
November, are Saturday 14 and Sunday 15 November, said once per sheet; with no date
anywhere to anchor them, their rows stay undated as before. A title cell holding a
formula with no value saved is said to be one, not "a row without a title"."""

from __future__ import annotations

from datetime import datetime, time
from pathlib import Path

from ingest import when
from ingest.formats import xlsx
from ingest.formats.registry import Options
from tests.conftest import workbook

HEADER = ("Tijd", "Titel", "Spreker", "Zaal")


def _read(path: Path, sheets: dict[str, list[tuple[object, ...]]]) -> tuple[dict, list[str]]:
    workbook(path, sheets)
    talks, warnings = xlsx.read_workbook(
        path.read_bytes(), path.name, Options(default_tz="Europe/Amsterdam")
    )
    return {t.title: t.start and f"{t.start:%a %Y-%m-%d %H:%M}" for t in talks}, warnings


def test_weekday_names_are_cldrs_in_every_language_read() -> None:
    assert [when.weekday_named(w) for w in ("Zaterdag", "Samstag", "sábado", "Sunday")] == [
        5,
        5,
        5,
        6,
    ]
    assert when.weekday_named("Notes") is None
    assert when.weekday_named("Friday 5 June") is None


def test_weekday_sheets_are_dated_by_a_dated_row_of_one_of_them(tmp_path: Path) -> None:
    read, warnings = _read(
        tmp_path / "retro.xlsx",
        {
            "Zaterdag": [HEADER, (time(10), "Pixel art", "Anouk Smit", "Zaal 1")],
            "Zondag": [
                HEADER,
                (time(10), "Speedruns", "Iris Bos", "Zaal 1"),
                (datetime(2026, 11, 15, 14), "Arcade restoration", "Pieter Dekker", "Werkplaats"),
            ],
        },
    )
    assert read == {
        "Pixel art": "Sat 2026-11-14 10:00",
        "Speedruns": "Sun 2026-11-15 10:00",
        "Arcade restoration": "Sun 2026-11-15 14:00",
    }
    weekday = [w for w in warnings if "named for a weekday" in w]
    assert len(weekday) == 2
    assert "'Zaterdag'" in weekday[0] and "2026-11-14" in weekday[0] and "'Zondag'" in weekday[0]


def test_a_sheet_named_for_its_date_anchors_the_weekday_sheets_after_it(tmp_path: Path) -> None:
    read, _ = _read(
        tmp_path / "fest.xlsx",
        {
            "Fri 13 Nov 2026": [HEADER, (time(20), "Opening", "Ada Park", "Hall")],
            "Samstag": [HEADER, (time(11), "Workshop", "Ravi Iyer", "Room 2")],
        },
    )
    assert read["Workshop"] == "Sat 2026-11-14 11:00"


def test_weekday_sheets_without_any_date_stay_undated(tmp_path: Path) -> None:
    read, warnings = _read(
        tmp_path / "undated.xlsx",
        {"Saturday": [HEADER, (time(10), "Pixel art", "Anouk Smit", "Zaal 1")]},
    )
    assert read == {"Pixel art": None}
    assert not any("named for a weekday" in w for w in warnings)
    assert any("no date" in w for w in warnings)


def test_a_title_formula_with_no_saved_value_is_said_to_be_one(tmp_path: Path) -> None:
    read, warnings = _read(
        tmp_path / "formula.xlsx",
        {
            "Program": [
                ("Start", "Title", "Speaker"),
                (datetime(2026, 11, 15, 10), "Speedruns", "Iris Bos"),
                (datetime(2026, 11, 15, 11), '=CONCATENATE("For","mule")', "Formula Man"),
            ]
        },
    )
    assert list(read) == ["Speedruns"]
    said = [w for w in warnings if "row 3" in w]
    assert len(said) == 1 and "formula with no value saved" in said[0]
    assert not any("a row without a title" in w for w in warnings)

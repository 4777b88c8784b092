"""Excel workbooks (ingest/formats/xlsx.py): each sheet that holds a table of talks is
read as its CSV export is; dates and times stored as Excel cells given in ISO; a
merged title row above the header skipped; a sheet named for a day, or titled with
one, dates its rows; a sheet without a table ignored with a warning; a workbook with
none, or a cut or damaged one, refused in one sentence naming the file."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

from ingest.detect import expand, parse_path
from ingest.formats.xlsx import cell_text, is_workbook
from talkbase.core.errors import InputError
from tests.conftest import workbook

HEADER = ("Title", "Speaker", "Company", "Start", "End", "Room")


def _program(tmp_path: Path) -> Path:
    return workbook(
        tmp_path / "secdev.xlsx",
        {
            "Mon 7 Oct": [
                ("SecDevCon 2024 — Mon 7 Oct 2024 (times in Europe/Dublin)",),
                HEADER,
                ("Opening keynote", "Ada Park", "Microsoft", "09:00", "09:45", "Main Hall"),
                ("Zero-trust networking", "Ravi Iyer", "Cloudflare", "10:00", "10:40", "Room 2"),
            ],
            "Tue 8 Oct": [
                ("SecDevCon 2024 — Tue 8 Oct 2024 (times in Europe/Dublin)",),
                HEADER,
                ("SBOMs for everyone", "Lina Haddad", "Anchore", "09:00", "09:40", "Main Hall"),
            ],
            "Notes": [("Internal notes: catering order 120 sandwiches",), ("AV check at 08:00",)],
        },
        merge="A1:F1",
    )


def test_a_workbook_reads_each_day_sheet_and_ignores_its_notes(tmp_path):
    doc = parse_path(_program(tmp_path))
    assert doc.format == "xlsx"
    got = [(t.title, t.start.isoformat(), t.end.isoformat(), t.room) for t in doc.talks]
    assert got == [
        ("Opening keynote", "2024-10-07T09:00:00+01:00", "2024-10-07T09:45:00+01:00", "Main Hall"),
        (
            "Zero-trust networking",
            "2024-10-07T10:00:00+01:00",
            "2024-10-07T10:40:00+01:00",
            "Room 2",
        ),
        (
            "SBOMs for everyone",
            "2024-10-08T09:00:00+01:00",
            "2024-10-08T09:40:00+01:00",
            "Main Hall",
        ),
    ]
    assert doc.talks[0].speakers[0].affiliation == "Microsoft"
    assert doc.talks[2].sources[0].location == "sheet 'Tue 8 Oct' row 3"
    assert "secdev.xlsx sheet 'Notes': no table of talks" in "\n".join(doc.warnings)
    assert any(
        w.startswith("secdev.xlsx sheet 'Mon 7 Oct' row 1: not the table but a title above its")
        and w.endswith("rows that give no date are on 2024-10-07")
        for w in doc.warnings
    )


def test_date_and_time_cells_read_as_the_values_they_hold(tmp_path):
    path = workbook(
        tmp_path / "cells.xlsx",
        {
            "Program": [
                ("Title", "Date", "Start", "End", "Speaker"),
                ("Datetime cell", datetime(2025, 3, 14, 0, 0), time(9, 30), time(10, 15), "A B"),
                ("Full moment", None, datetime(2025, 3, 14, 11, 0), datetime(2025, 3, 14, 11, 45)),
            ]
        },
    )
    doc = parse_path(path)
    starts = [(f"{t.start:%Y-%m-%d %H:%M}", f"{t.end:%H:%M}") for t in doc.talks]
    assert starts == [("2025-03-14 09:30", "10:15"), ("2025-03-14 11:00", "11:45")]


def test_cells_as_the_table_reader_reads_them():
    assert cell_text(datetime(2024, 10, 7)) == "2024-10-07"
    assert cell_text(datetime(2024, 10, 7, 9, 30)) == "2024-10-07T09:30"
    assert cell_text(datetime(1899, 12, 30, 14, 5)) == "14:05"  # a time Excel stores alone
    assert cell_text(date(2024, 10, 7)) == "2024-10-07"
    assert cell_text(time(9, 0, 30)) == "09:00:30"
    assert cell_text(timedelta(minutes=90)) == "1:30"
    assert cell_text(45.0) == "45" and cell_text(0.5) == "0.5" and cell_text(None) == ""


def test_a_sheet_of_speakers_beside_timed_sheets_is_no_program(tmp_path):
    path = workbook(
        tmp_path / "conf.xlsx",
        {
            "Talks": [("Title", "Date", "Start"), ("Rust at work", "2024-05-02", "10:00")],
            "Speakers": [("Name", "Company", "Bio"), ("Ada Park", "Microsoft", "Ada works on…")],
        },
    )
    doc = parse_path(path)
    assert [t.title for t in doc.talks] == ["Rust at work"]
    assert any("sheet 'Speakers': its table gives no session times" in w for w in doc.warnings)


def test_a_column_mapping_names_a_sheets_columns(tmp_path):
    path = workbook(
        tmp_path / "map.xlsx", {"S": [("Paper Name", "Day"), ("On graphs", "2024-05-02")]}
    )
    doc = parse_path(path, mapping={"title": "Paper Name"})
    assert [(t.title, t.day) for t in doc.talks] == [("On graphs", date(2024, 5, 2))]


def test_a_sheet_per_room_gives_its_talks_that_room(tmp_path):
    """Outside re-check N01: one sheet per room ("Saal Wien", "Raum Graz") whose rows
    name none: the room was lost. A sheet named otherwise gives no room."""
    rows = [("Date", "Start", "Title", "Speaker"), ("2025-05-22", "09:00", "Signals", "Ann Lee")]
    path = workbook(tmp_path / "rooms.xlsx", {"Saal Wien": rows, "Raum Graz": rows, "Talks": rows})
    doc = parse_path(path)
    assert sorted(str(t.room) for t in doc.talks) == ["None", "Raum Graz", "Saal Wien"]
    assert sum("the sheet's name is one" in w for w in doc.warnings) == 2


def test_a_workbook_without_a_table_of_talks_is_refused_naming_it(tmp_path):
    path = workbook(tmp_path / "budget.xlsx", {"Budget": [("Item", "Cost"), ("Coffee", 120)]})
    with pytest.raises(InputError) as err:
        parse_path(path)
    assert str(err.value).startswith(
        f"{path.name}: no sheet of this workbook ('Budget') holds a table of talks"
    )


@pytest.mark.parametrize("keep", [0.5, 0.9])
def test_a_cut_workbook_is_refused_in_one_sentence_naming_it(tmp_path, keep):
    whole = _program(tmp_path).read_bytes()
    cut = tmp_path / "cut.xlsx"
    cut.write_bytes(whole[: int(len(whole) * keep)])
    assert is_workbook(cut.read_bytes())
    with pytest.raises(InputError) as err:
        parse_path(cut)
    message = str(err.value)
    assert message.startswith(
        f"{cut.name}: an Excel workbook that cannot be read; it looks cut short"
    )
    assert "\n" not in message


def test_a_damaged_part_is_refused_naming_the_file(tmp_path):
    import zipfile

    good = _program(tmp_path)
    bad = tmp_path / "bad.xlsx"
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(bad, "w") as dst:
        for item in src.infolist():
            data = src.read(item)
            dst.writestr(
                item, b"<worksheet><sheetData><row" if "worksheets/" in item.filename else data
            )
    with pytest.raises(InputError) as err:
        parse_path(bad)
    assert str(err.value).startswith(f"{bad.name}: an Excel workbook that cannot be read")


def test_a_workbook_named_as_another_format_is_refused_saying_so(tmp_path):
    with pytest.raises(InputError) as err:
        parse_path(_program(tmp_path), "csv")
    assert "is 'xlsx' (told by its bytes), not 'csv'" in str(err.value)
    text = tmp_path / "t.csv"
    text.write_text("Title,Start\nA,2024-05-02 10:00\n")
    with pytest.raises(InputError) as err:
        parse_path(text, "xlsx")
    assert str(err.value).startswith(f"{text}: not a 'xlsx' file")


def test_a_folder_reads_its_workbooks(tmp_path):
    _program(tmp_path)
    (tmp_path / "macro.xlsm").write_bytes((tmp_path / "secdev.xlsx").read_bytes())
    assert sorted(p.name for p in expand([tmp_path])) == ["macro.xlsm", "secdev.xlsx"]


def test_a_sheet_named_for_a_day_dates_its_rows(tmp_path):
    rows = [("Talk", "Time", "Room"), ("Keynote", "09:00", "A"), ("Dated", "2024-10-06 10:00", "B")]
    path = workbook(
        tmp_path / "days.xlsx", {"Samstag, 5. Oktober 2024": rows, "Sunday 6 October": rows}
    )
    doc = parse_path(path)
    got = [(t.title, f"{t.start:%Y-%m-%d %H:%M}") for t in doc.talks]
    assert got[:2] == [("Keynote", "2024-10-05 09:00"), ("Dated", "2024-10-06 10:00")]
    assert got[2] == ("Keynote", "2024-10-06 09:00")  # its year the workbook's (2024)


_CELL = st.text(st.characters(exclude_categories=("Cs",)), max_size=40).map(
    lambda s: ILLEGAL_CHARACTERS_RE.sub("", s)  # (what a workbook cannot hold)
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=_CELL, name=_CELL, room=_CELL, when=_CELL, sheet=_CELL)
def test_any_text_in_a_workbooks_cells_gives_talks_or_one_error(
    tmp_path_factory, title, name, room, when, sheet
):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.xlsx"
    wb = Workbook()
    ws = wb.active
    ws.title = re.sub(r"[\[\]:*?/\\']", "", sheet)[:31] or "S"
    for row in [(title,), ("Title", "Speaker", "Room", "Start"), (title, name, room, when)]:
        ws.append(list(row))
    ws.append([title, name, room, datetime(2024, 5, 2, 10, 0)])
    wb.save(path)
    try:
        doc = parse_path(path)
    except InputError as exc:
        assert exc.path == "fuzz.xlsx" and "\n" not in str(exc)
        return
    assert doc.talks and all(isinstance(t.title, str) and t.title for t in doc.talks)
    assert all(w.startswith("fuzz.xlsx") for w in doc.warnings)

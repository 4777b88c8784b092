"""Sweep 21 (tables, csv-rows): a table program is never silently wrong. A column of
clock times no header names is the start only where its values behave as starts
(written before the end's column, on the minute, before each row's end): a
"Submitted" column of when each proposal was sent stays unread, said; a title row's
zone abbreviation ("all times CET") is the table's zone where it names one zone, and
said where it names several ("IST"); the cases each test names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest import parse_text
from ingest.detect import parse_path
from talkbase.cli import main
from tests.conftest import workbook

HEAD = "Title,Speaker,Date,End,Submitted,Room\n"
ROWS = [
    ("Reliable Webhooks", "Grace Obi", "2026-05-20", "10:00", "08:12", "Hall A"),
    ("Feature Flags Done Right", "Ifeanyi Nwosu", "2026-05-20", "11:00", "07:55", "Hall B"),
    ("Chaos Days", "Ada Obi", "2026-05-21", "13:45", "09:40", "Hall A"),
]


def _table(head: str = HEAD, rows=ROWS) -> str:
    return head + "".join(",".join(r) + "\n" for r in rows)


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    said = capsys.readouterr()
    return code, said.out, said.err


@pytest.fixture(autouse=True)
def _hashing(monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")


def test_a_submitted_column_after_the_end_is_no_start_and_said_unread(tmp_path, capsys):
    # sweep 20 left it: "Submitted" (when the proposal was sent, before the talk's
    # end on the clock) was read as each talk's start, 08:12 to 10:00
    path, home = tmp_path / "program.csv", tmp_path / "home"
    path.write_text(_table(), encoding="utf-8")
    code, out, _ = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 0
    assert "column(s) not read, as no field is named so: 'Submitted'" in out, out
    assert "read as the start times" not in out
    code, out, _ = _cli(capsys, "--home", str(home), "export", "--format", "jsonl")
    talks = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert len(talks) == 3 and not any(t.get("start") for t in talks), talks


def test_a_submitted_column_stamped_to_the_second_is_no_start():
    # written before the end's column, before each end, but stamped to the second
    rows = [(*r[:3], r[4] + ":31", r[3], r[5]) for r in ROWS]
    _, talks, warnings = parse_text(
        _table("Title,Speaker,Date,Submitted,End,Room\n", rows), "p.csv"
    )
    assert not any(t.start for t in talks)
    assert any("not read" in w and "'Submitted'" in w for w in warnings), warnings


def test_a_column_of_starts_before_the_end_is_still_the_start_and_said():
    # the case that works (tests/test_sweep19_headers.py keeps its own): starts on the
    # minute, written before the end's column, each before its end
    rows = [(*r[:3], s, r[3], r[5]) for r, s in zip(ROWS, ("09:30", "10:15", "13:00"), strict=True)]
    _, talks, warnings = parse_text(_table("Title,Speaker,Date,Açılış,End,Room\n", rows), "p.csv")
    assert [t.start.strftime("%H:%M") for t in talks] == ["09:30", "10:15", "13:00"]
    assert any("'Açılış' read as the start times by its values" in w for w in warnings)


ZONED = (
    ("Date", "Start", "End", "Title", "Speaker", "Room"),
    ("2026-11-14", "09:30", "10:00", "Açılış Konuşması", "Ayşe Yılmaz", "Ana Salon"),
    ("2026-11-14", "10:15", "11:00", "Kubernetes Üzerinde Sıfır Kesinti", "Can Öztürk", "Salon B"),
)


def _both(tmp_path: Path, title: str) -> list:
    """The program under a title row, as a workbook and as a CSV, each read."""
    book = workbook(tmp_path / "program.xlsx", {"Program": [(title,), *ZONED]}, merge="A1:F1")
    flat = tmp_path / "program.csv"
    flat.write_text(title + "\n" + "".join(",".join(r) + "\n" for r in ZONED), encoding="utf-8")
    return [parse_path(book), parse_path(flat)]


@pytest.mark.parametrize(
    ("title", "offset"),
    [
        ("DevFest Türkiye 2026 — all times in TRT", "+0300"),
        ("Moscow Python Conf 2026 (times MSK)", "+0300"),
        ("PyBay 2026 · all times PDT", "-0800"),
        ("DevDays 2026 - All times CET", "+0100"),
        ("DevDays 2026 - All times EEST", "+0200"),
    ],
)
def test_a_title_rows_zone_abbreviation_is_the_tables_zone(tmp_path, monkeypatch, title, offset):
    # sweep 20 left it: "TRT", "MSK", "PDT" said no zone; the times were read in the
    # default zone (November: standard time in each)
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Asia/Tokyo")
    for doc in _both(tmp_path, title):
        assert [t.start.strftime("%H:%M%z") for t in doc.talks] == [
            f"09:30{offset}",
            f"10:15{offset}",
        ], doc.warnings
        assert not any("names no time zone" in w for w in doc.warnings), doc.warnings


def test_an_abbreviation_of_several_zones_is_said_not_guessed(tmp_path, monkeypatch):
    # "IST": India's, Israel's or Ireland's; the times are read in the default, said
    # in the warning that they are (no zone set: a zone the user set is their choice)
    monkeypatch.delenv("TALKBASE_TIMEZONE")
    for doc in _both(tmp_path, "PyCon 2026 — all times IST"):
        assert [t.start.strftime("%H:%M%z") for t in doc.talks][:1] == ["09:30-0800"]
        (said,) = [w for w in doc.warnings if "'IST'" in w]
        assert (
            "names several zones (India: Asia/Kolkata, Israel: Asia/Jerusalem, "
            "Ireland: Europe/Dublin)" in said
        )
        assert "TALKBASE_TIMEZONE" in said, said


def test_a_row_pasted_with_another_separator_is_read_by_it_not_one_title():
    # before, its whole line was one talk's title, without a day or a time
    text = (
        "Title,Speaker,Date,Start,Room\n"
        "Reliable Webhooks,Grace Obi,2026-05-20,09:00,Room 1\n"
        "Feature Flags Done Right;Ifeanyi Nwosu;2026-05-20;10:00;Room 2\n"
        "Chaos Days,Ada Obi,2026-05-21,11:00,Room 1\n"
    )
    _, talks, warnings = parse_text(text, "p.csv")
    assert [(t.title, t.start.strftime("%d %H:%M"), t.room) for t in talks] == [
        ("Reliable Webhooks", "20 09:00", "Room 1"),
        ("Feature Flags Done Right", "20 10:00", "Room 2"),
        ("Chaos Days", "21 11:00", "Room 1"),
    ]
    assert "p.csv line 3: its cells are separated by ';', not the header's ',': read so" in warnings


def test_a_one_cell_row_with_commas_in_a_semicolon_table_stays_as_written():
    # a note of three words and commas is no row of another separator: no date in it
    text = (
        "Title;Speaker;Date;Start\n"
        "Reliable Webhooks;Grace Obi;2026-05-20;09:00\n"
        "Lunch, coffee, cake, and talk\n"
        "Chaos Days;Ada Obi;2026-05-20;11:00\n"
    )
    _, talks, warnings = parse_text(text, "p.csv")
    assert "Lunch, coffee, cake, and talk" in [t.title for t in talks]
    assert not any("separated by" in w for w in warnings)


def test_a_row_pasted_with_another_separator_with_the_files_in_a_cell_is_read_by_it():
    # (review 5) its abstract holds a comma, the file's separator: before, the row was
    # two cells ("Scaling Postgres;Bo Chen;…;Sharding" a title, "replicas and pools" a
    # speaker), without a day or a time
    text = (
        "title,speaker,start,end,room,abstract\n"
        "Intro to Rust,Ana Silva,2026-11-14 10:00,2026-11-14 10:45,Room A,Memory safety\n"
        "Scaling Postgres;Bo Chen;2026-11-14 11:00;2026-11-14 11:45;Room B;Sharding, replicas\n"
        "Edge ML,Cy Diaz,2026-11-14 12:00,2026-11-14 12:45,Room A,Tiny models\n"
    )
    _, talks, warnings = parse_text(text, "p.csv")
    assert [(t.title, t.speakers[0].name, t.start.strftime("%H:%M"), t.abstract) for t in talks][
        1
    ] == ("Scaling Postgres", "Bo Chen", "11:00", "Sharding, replicas")
    assert "p.csv line 3: its cells are separated by ';', not the header's ',': read so" in warnings

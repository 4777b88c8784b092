"""Outside test, sweep 6: tables whose header sits under a row of group headings
("Session", "", "Schedule", ""), whose last rows are a footer ("Total: 3
sessions"), and whose late-night clocks run past 24:00 ("25:30")."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from ingest.detect import parse_path, parse_text

GROUPED = (
    "Session,,,Schedule,,,Speaker,\n"
    "Title,Track,Abstract,Date,Start,End,Name,Company\n"
    "Zero Trust for Small Teams,Security,How a startup adopted zero trust.,"
    "2026-07-08,09:00,09:40,Hannah Becker,Tailscale\n"
    "Postgres as a Queue,Data,SKIP LOCKED and friends.,2026-07-08,10:00,10:40,Marco Rossi,Supabase\n"
)


def test_a_row_of_group_headings_above_the_header_is_neither_header_nor_talk():
    _, talks, warnings = parse_text(GROUPED, "grouped.csv")
    assert [t.title for t in talks] == ["Zero Trust for Small Teams", "Postgres as a Queue"]
    queue = talks[1]
    assert queue.start is not None and queue.start.isoformat().startswith("2026-07-08T10:00")
    assert queue.end is not None and queue.end.isoformat().startswith("2026-07-08T10:40")
    assert queue.track == "Data" and queue.abstract == "SKIP LOCKED and friends."
    assert [(s.name, s.affiliation) for s in queue.speakers] == [("Marco Rossi", "Supabase")]
    said = [w for w in warnings if "group headings" in w]
    assert len(said) == 1 and "line 1" in said[0] and "line 2" in said[0]
    assert not any("not read" in w for w in warnings)


def test_group_headings_under_a_title_line_are_told_apart_from_the_title():
    _, talks, warnings = parse_text("DataConf 2026 program\n" + GROUPED, "titled.csv")
    assert [t.title for t in talks] == ["Zero Trust for Small Teams", "Postgres as a Queue"]
    assert any("line 1: not the table but a title" in w for w in warnings)
    assert any("line 2: a row of group headings" in w and "line 3" in w for w in warnings)


def test_a_plain_header_with_a_data_row_below_is_kept_as_it_was():
    text = "Title,Speaker,Start\nKeynote,Ada Park,2026-07-08 09:00\n"
    _, talks, warnings = parse_text(text, "plain.csv")
    assert [t.title for t in talks] == ["Keynote"]
    assert not any("group headings" in w for w in warnings)


def test_a_workbook_sheet_with_group_headings_reads_as_its_csv(tmp_path: Path):
    wb = Workbook()
    ws = wb.active
    ws.title = "Program"
    for line in GROUPED.splitlines():
        ws.append(line.split(","))
    path = tmp_path / "grouped.xlsx"
    wb.save(path)
    doc = parse_path(str(path))
    assert [t.title for t in doc.talks] == ["Zero Trust for Small Teams", "Postgres as a Queue"]
    assert [(s.name, s.affiliation) for s in doc.talks[1].speakers] == [("Marco Rossi", "Supabase")]
    assert any("row 1: a row of group headings" in w for w in doc.warnings)
    assert not any("not the table but a title" in w for w in doc.warnings)

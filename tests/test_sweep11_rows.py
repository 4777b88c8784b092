"""Sweep 11: rows of a table that are no talks — a header row said again under each
day heading (F32), a second table's own header (F9), a footer that writes its label
and its count in two cells (F8) — and a speaker cell of a name over its company (F7)."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from ingest.detect import parse_path, parse_text

REPEATED = (
    '"Thursday, 5 March 2026",,,\n'
    "Time,Session,Speaker,Room\n"
    "09:00-09:30,Welcome,Kim Yoon,Hall 1\n"
    "09:30-10:15,Async Rust,Lee Min,Hall 1\n"
    ",,,\n"
    '"Friday, 6 March 2026",,,\n'
    "Time,Session,Speaker,Room\n"
    "09:00-09:45,Embedded Rust,Park Ji,Hall 2\n"
    "10:00-10:30,Closing,Kim Yoon,Hall 1\n"
)


def test_a_header_row_said_again_under_a_day_heading_is_no_talk():
    _, talks, warnings = parse_text(REPEATED, "repeated.csv")
    assert [t.title for t in talks] == ["Welcome", "Async Rust", "Embedded Rust", "Closing"]
    assert not any(s.name == "Speaker" for t in talks for s in t.speakers)
    assert [t.start.date().isoformat() for t in talks if t.start] == [
        "2026-03-05",
        "2026-03-05",
        "2026-03-06",
        "2026-03-06",
    ]
    said = [w for w in warnings if "header row again" in w]
    assert len(said) == 1 and "line 7" in said[0]


TWO_TABLES = (
    "Date,Start,End,Title,Speaker,Room\n"
    "2026-07-02,09:00,09:45,API design,Dora Lee,Room 1\n"
    "2026-07-02,10:00,10:45,GraphQL federation,Ed Park,Room 1\n"
    "\n"
    "Workshops,,,,,\n"
    "Date,Time,Length,Workshop,Trainer,Room\n"
    "2026-07-02,14:00,90,Hands-on Terraform,Fay Wong,Lab\n"
    "2026-07-02,14:00,120,Kubernetes operators,Gus Hill,Lab 2\n"
)


def test_a_second_table_s_header_row_gives_the_columns_of_the_rows_below_it():
    _, talks, warnings = parse_text(TWO_TABLES, "two.csv")
    assert [t.title for t in talks] == [
        "API design",
        "GraphQL federation",
        "Hands-on Terraform",
        "Kubernetes operators",
    ]
    ends = [t.end.strftime("%H:%M") if t.end else None for t in talks]
    assert ends == ["09:45", "10:45", "15:30", "16:00"]  # (its Length column, read)
    assert [[s.name for s in t.speakers] for t in talks[2:]] == [["Fay Wong"], ["Gus Hill"]]
    assert [t.room for t in talks] == ["Room 1", "Room 1", "Lab", "Lab 2"]
    said = [w for w in warnings if "a header row (" in w]
    assert len(said) == 1 and "line 6" in said[0] and "'Workshop' as 'Title'" in said[0]


def test_a_talk_with_a_one_word_title_in_a_room_named_so_is_still_a_talk():
    text = (
        "Time,Session,Speaker,Room\n"
        "09:00,Opening,Kim Yoon,Hall 1\n"
        "10:00,Workshop,Ada Park,Room\n"
        "11:00,Session,,Room\n"
        "12:00,Keynote,Speaker TBA,Hall 1\n"
    )
    _, talks, warnings = parse_text(text, "one_word.csv")
    assert [t.title for t in talks] == ["Opening", "Workshop", "Session", "Keynote"]
    assert not any("header row" in w for w in warnings)


def _workbook(tmp_path: Path, text: str) -> Path:
    """The CSV `text` as a workbook's sheet, a day heading ("Friday, 6 March 2026")
    in one cell."""
    wb = Workbook()
    ws = wb.active
    for line in text.replace('"', "").splitlines():
        cells = line.split(",")
        ws.append([", ".join(cells[:2])] if cells[0].endswith("day") else cells)
    path = tmp_path / "program.xlsx"
    wb.save(path)
    return path


PIPES = """# Program

| Time | Session | Speaker | Room |
|---|---|---|---|
| Thursday, 5 March 2026 | | | |
| 2026-03-05 09:00 | Welcome | Kim Yoon | Hall 1 |
| 2026-03-05 09:30 | Async Rust | Lee Min | Hall 1 |
| Time | Session | Speaker | Room |
| 2026-03-06 09:00 | Embedded Rust | Park Ji | Hall 2 |
| 2026-03-06 10:00 | Closing | Kim Yoon | Hall 1 |
"""


def test_a_workbook_s_header_rows_in_its_body_are_read_as_a_csv_s(tmp_path: Path):
    doc = parse_path(str(_workbook(tmp_path, REPEATED)))
    assert [t.title for t in doc.talks] == ["Welcome", "Async Rust", "Embedded Rust", "Closing"]
    assert any("row 7: the header row again" in w for w in doc.warnings)
    doc = parse_path(str(_workbook(tmp_path, TWO_TABLES)))
    ends = [t.end.strftime("%H:%M") if t.end else None for t in doc.talks]
    assert ends == ["09:45", "10:45", "15:30", "16:00"]


def test_a_pipe_table_s_header_row_said_again_is_no_talk():
    _, talks, warnings = parse_text(PIPES, "program.md")
    assert [t.title for t in talks] == ["Welcome", "Async Rust", "Embedded Rust", "Closing"]
    assert not any(s.name == "Speaker" for t in talks for s in t.speakers)
    assert any("the header row again" in w for w in warnings)


FOOTED = (
    "Date,Start,End,Title,Speaker\n"
    "2026-07-01,09:00,09:30,Welcome,Alan Grant\n"
    "2026-07-01,09:30,10:15,Serverless pitfalls,Beth Moss\n"
    "2026-07-01,10:30,11:00,Cost control,Carl Dunn\n"
    "Total,,,3 sessions,\n"
)


def test_a_footer_of_a_label_and_a_count_in_two_cells_is_dropped_with_a_warning():
    _, talks, warnings = parse_text(FOOTED, "footed.csv")
    assert [t.title for t in talks] == ["Welcome", "Serverless pitfalls", "Cost control"]
    said = [w for w in warnings if "footer" in w]
    assert len(said) == 1 and "line 5" in said[0] and "Total 3 sessions" in said[0]


def test_a_last_talk_with_a_word_for_its_date_and_a_title_that_is_no_count_is_a_talk():
    text = FOOTED.replace("Total,,,3 sessions,", "TBD,,,Lightning talks 5x5,")
    _, talks, warnings = parse_text(text, "tbd.csv")
    assert [t.title for t in talks][-1] == "Lightning talks 5x5"
    assert not any("footer" in w for w in warnings)


def test_a_speaker_cell_of_a_name_over_a_company_s_name_is_one_speaker_and_the_company():
    text = (
        "Date,Start,End,Title,Speaker\n"
        "2026-07-01,09:00,09:30,Welcome,Alan Grant\n"
        '2026-07-01,09:30,10:15,Serverless pitfalls,"Beth Moss\nAcme Ltd"\n'
        '2026-07-01,10:30,11:00,Pair talk,"Carl Dunn\nDora Lee"\n'
    )
    _, talks, _ = parse_text(text, "broken.csv")
    assert [(s.name, s.affiliation) for s in talks[1].speakers] == [("Beth Moss", "Acme Ltd")]
    assert [s.name for s in talks[2].speakers] == ["Carl Dunn", "Dora Lee"]  # (two people)

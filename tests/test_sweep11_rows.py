"""Sweep 11: a header row said again under each day heading is no talk (F32), and a
speaker cell of a name over its company is that person and the company (F7). A row
that only looks like a header (a second table's, with other names; column words as a
talk's placeholders) and a last row of a label beside a count stay rows of data, as
before (F9, F8 are left: a row of column words can be a talk): guards below."""

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


def test_a_workbook_s_header_row_said_again_is_no_talk_as_in_a_csv(tmp_path: Path):
    doc = parse_path(str(_workbook(tmp_path, REPEATED)))
    assert [t.title for t in doc.talks] == ["Welcome", "Async Rust", "Embedded Rust", "Closing"]
    assert any("row 7: the header row again" in w for w in doc.warnings)


def test_a_pipe_table_s_header_row_said_again_is_no_talk():
    _, talks, warnings = parse_text(PIPES, "program.md")
    assert [t.title for t in talks] == ["Welcome", "Async Rust", "Embedded Rust", "Closing"]
    assert not any(s.name == "Speaker" for t in talks for s in t.speakers)
    assert any("the header row again" in w for w in warnings)


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


def test_a_speaker_cell_of_two_lines_each_an_organisation_s_shape_stays_two_people():
    text = (
        "Time,Title,Speaker,Room\n"
        '09:00,A,"Alex Group\nBen Labs",Hall A\n'
        '10:00,B,"Ann Bank\nRob Hall",Hall A\n'
    )
    _, talks, _ = parse_text(text, "orgish.csv")
    assert [[s.name for s in t.speakers] for t in talks] == [
        ["Alex Group", "Ben Labs"],
        ["Ann Bank", "Rob Hall"],
    ]


PLACEHOLDER = (
    "Title,Speaker,Room,Track\n"
    "Intro to Rust,Ada Park,Hall A,Systems\n"
    "Keynote,Speaker,Room,Track\n"
    "Panel,Moderator,Room,Track\n"
)


def test_a_talk_of_column_words_is_no_header_row_again(tmp_path: Path):
    # "Keynote" under "Title": the row does not repeat the header as written
    _, talks, warnings = parse_text(PLACEHOLDER, "placeholder.csv")
    assert [t.title for t in talks] == ["Intro to Rust", "Keynote", "Panel"]
    assert not any("header row" in w for w in warnings)
    doc = parse_path(str(_workbook(tmp_path, PLACEHOLDER)))
    assert [t.title for t in doc.talks] == ["Intro to Rust", "Keynote", "Panel"]
    pipes = (
        "# Program\n\n| Time | Title | Speaker | Room |\n|---|---|---|---|\n"
        "| 2026-03-05 09:00 | Intro to Rust | Ada Park | Hall A |\n"
        "| | Title | Speaker | Room |\n"  # (a talk whose time is merged with the one above)
        "| 2026-03-05 11:00 | Panel | Moderator | Room |\n"
    )
    _, talks, _ = parse_text(pipes, "placeholder.md")
    assert [t.title for t in talks] == ["Intro to Rust", "Title", "Panel"]


def test_a_header_row_said_only_in_part_is_a_row_as_before():
    text = "Time,Title,Speaker,Room\n09:00,Opening,Ada Park,Hall A\nTime,Title,,\n"
    text += "10:00,Rust,Ben Cole,Hall A\n"
    _, talks, warnings = parse_text(text, "partial.csv")
    assert [t.title for t in talks] == ["Opening", "Title", "Rust"]
    assert [(s.name, s.affiliation) for s in talks[2].speakers] == [("Ben Cole", None)]
    assert talks[2].room == "Hall A"
    assert not any("header row" in w for w in warnings)


def test_a_row_of_column_words_under_a_merged_time_is_a_talk_and_no_new_header():
    # (a second table's header is not read: the rows below keep the header's columns)
    text = (
        "Time,Title,Speaker,Room,Format\n"
        "09:00,Opening,Ada Park,Hall A,Keynote\n"
        "10:00,Rust,Ben Cole,Hall A,Talk\n"
        ",Session,,Stage,Talk\n"
        "11:00,Go,Cara Diaz,Hall A,Talk\n"
        "12:00,Closing,Dan Eto,Hall A,Talk\n"
    )
    _, talks, warnings = parse_text(text, "merged.csv")
    assert [t.title for t in talks] == ["Opening", "Rust", "Session", "Go", "Closing"]
    assert [[s.name for s in t.speakers] for t in talks[3:]] == [["Cara Diaz"], ["Dan Eto"]]
    assert not any("header row" in w for w in warnings)


def test_a_last_talk_titled_a_number_and_a_word_is_no_footer():
    text = "Time,Title,Speaker,Room\n09:00,Opening,Ada Park,Hall A\n"
    text += "10:00,Rust,Ben Cole,Hall A\nEvening,99 Problems,,\n"
    _, talks, warnings = parse_text(text, "last.csv")
    assert [t.title for t in talks] == ["Opening", "Rust", "99 Problems"]
    assert not any("footer" in w for w in warnings)


def test_a_row_with_more_filled_cells_than_the_header_is_named_in_a_warning():
    # sweep 13: a row holding cells past the header was read with no word of it (a
    # row whose cells are out of place is realigned: tests/test_ragged_rows.py)
    text = (
        "title\tspeakers\tdate\tstart\tend\troom\n"
        "Session 6\tPerson 6\t2026-04-02\t09:00\t09:45\tRoom 1\n"
        "Session 7\tPerson 7\t2026-04-02\t10:00\t10:45\tRoom 2\textra\tmore\n"
        "Session 8\tPerson 8\t2026-04-02\t11:00\t11:45\tRoom 1\t\t\n"
    )
    _, talks, warnings = parse_text(text, "prog.tsv")
    assert [t.title for t in talks] == ["Session 6", "Session 7", "Session 8"]
    assert talks[1].room == "Room 2"
    said = [w for w in warnings if "more cells than the header" in w]
    assert len(said) == 1 and said[0].startswith("prog.tsv line 3:")  # not line 4: empty cells

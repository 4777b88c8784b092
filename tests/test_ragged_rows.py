"""A delimited table's row of a cell missing or too many (sweep 13 F8) is realigned by
the kinds of values its columns hold in the rows of the header's length
(ingest/formats/ragged.py): read as the one placement of its cells that puts each
date and clock time under a column of its kind, and said; where none or several fit,
no value is read under a column of another kind, the talk is kept under its title
and the cells not read are named. Rows of the header's length, and short rows whose
cells are of their columns' kinds (a last cell left blank), are read as before."""

from __future__ import annotations

from ingest.detect import parse_text

HEADER = "title,speakers,date,start,end,room\n"
WELL = (
    "Session A,Ada Park,2026-04-01,09:00,09:45,Room 1\n"
    "Session B,Ben Cole,2026-04-01,10:00,10:45,Room 2\n"
)


def _read(text: str, name: str) -> tuple[dict[str, tuple[object, ...]], list[str]]:
    _, talks, warnings = parse_text(text, name)
    seen = {
        t.title: (
            tuple(s.name for s in t.speakers),
            t.start.strftime("%Y-%m-%d %H:%M") if t.start else None,
            t.end.strftime("%H:%M") if t.end else None,
            t.room,
        )
        for t in talks
    }
    return seen, warnings


def test_a_tsv_row_missing_its_date_and_one_missing_its_speaker_are_realigned():
    # sweep 13 F8 (prog.tsv): line 6 lost its time and room, line 9 stored the
    # speaker "2026-04-02" and the room "extra"
    text = (
        "title\tspeakers\tdate\tstart\tend\troom\n"
        "Session 0\tPerson 0\t2026-04-01\t09:00\t09:45\tRoom 1\n"
        "Session 1\tPerson 1\t2026-04-01\t10:00\t10:45\tRoom 2\n"
        "Session 4\tPerson 4\t10:00\t10:45\tRoom 1\n"
        "Session 6\tPerson 6\t2026-04-02\t09:00\t09:45\tRoom 1\n"
        "Session 7\t2026-04-02\t10:00\t10:45\tRoom 2\textra\tmore\n"
        "Session 8\tPerson 8\t2026-04-02\t11:00\t11:45\tRoom 1\t\t\n"
    )
    talks, warnings = _read(text, "prog.tsv")
    # (no date cell: the clock times are kept without a day, never the row above's)
    assert talks["Session 4"] == (("Person 4",), None, None, "Room 1")
    assert talks["Session 7"] == ((), "2026-04-02 10:00", "10:45", "Room 2")
    assert talks["Session 8"] == (("Person 8",), "2026-04-02 11:00", "11:45", "Room 1")
    said = [w for w in warnings if "where the header has 6" in w]
    assert said == [
        "prog.tsv line 4: 5 cells where the header has 6: read as if the 'date' cell were "
        "missing; kept without its 'date' (none taken from the row above)",
        "prog.tsv line 6: 7 cells where the header has 6: read as if the 'speakers' cell "
        "were missing; the cells past the header's columns are not read: 'extra', 'more'",
    ]
    assert not any("more cells than the header" in w for w in warnings)


def test_a_csv_row_missing_its_speaker_is_read_with_its_time_and_room():
    text = HEADER + WELL + "Session C,2026-04-01,11:00,11:45,Room 1\n"
    talks, warnings = _read(text, "prog.csv")
    assert talks["Session C"] == ((), "2026-04-01 11:00", "11:45", "Room 1")
    assert any(
        w.startswith(
            "prog.csv line 4: 5 cells where the header has 6: read as if the "
            "'speakers' cell were missing"
        )
        for w in warnings
    )


def test_a_csv_row_of_one_cell_too_many_drops_that_cell():
    text = HEADER + WELL + "Session C,Cara Diaz,2026-04-01,11:00,Track B,11:45,Room 1\n"
    talks, warnings = _read(text, "prog.csv")
    assert talks["Session C"] == (("Cara Diaz",), "2026-04-01 11:00", "11:45", "Room 1")
    assert any(
        w == "prog.csv line 4: 7 cells where the header has 6: read as if the cell "
        "'Track B' were one too many"
        for w in warnings
    )


def test_an_ambiguous_row_reads_no_cell_under_a_column_of_another_kind():
    # 10:00 may be the start or the end: neither is read, the rest is
    text = HEADER + WELL + "Session C,2026-04-01,10:00,Room 1\n"
    talks, warnings = _read(text, "prog.csv")
    speakers, _, end, room = talks["Session C"]
    assert speakers == () and end is None and room == "Room 1"
    said = [w for w in warnings if w.startswith("prog.csv line 4: 4 cells where")]
    assert len(said) == 1 and said[0].endswith(
        "not read: '10:00'; kept without its 'start' (none taken from the row above)"
    )


def test_a_row_no_placement_fits_keeps_its_title_and_no_value_of_another_kind():
    # a short row (its room left out) whose date cell says "TBD": no placement with up
    # to two cells missing fits; read as written, but "TBD" is no date
    text = HEADER + WELL + "Session C,Cara Diaz,TBD,11:00,11:45\n"
    talks, warnings = _read(text, "prog.csv")
    assert talks["Session C"][0] == ("Cara Diaz",) and talks["Session C"][3] is None
    said = [w for w in warnings if w.startswith("prog.csv line 4: 5 cells where")]
    assert len(said) == 1 and said[0].endswith(
        "not read: 'TBD'; kept without its 'date' (none taken from the row above)"
    )


def test_a_quoted_separator_a_blank_last_cell_and_a_footer_are_no_ragged_rows():
    # (guards: read as before, no word of them)
    text = (
        HEADER
        + WELL
        + 'Session C,"Diaz, Cara",2026-04-01,11:00,11:45,"Room 3, east"\n'
        + "Session D,Dan Eto,2026-04-01,12:00,12:45\n"
        + "Session E,2026-04-01,13:00,13:45,Room 1\n"  # (ragged: makes the check run)
        + "Total: 5 sessions\n"  # (one filled cell: a footer, as before)
    )
    talks, warnings = _read(text, "prog.csv")
    assert "Total: 5 sessions" not in talks and any("footer" in w for w in warnings)
    assert talks["Session C"][1:] == ("2026-04-01 11:00", "11:45", "Room 3, east")
    assert talks["Session D"] == (("Dan Eto",), "2026-04-01 12:00", "12:45", None)
    said = [w for w in warnings if "where the header has" in w]
    assert len(said) == 1 and said[0].startswith("prog.csv line 6:")


def test_a_title_that_reads_as_a_date_is_never_the_cell_too_many():
    # an unquoted comma in the abstract of a talk titled like a date: main's reading
    # (by position, warned of the cell past the header), never the speaker as title
    header = "title,speakers,date,start,end,room,abstract\n"
    rows = (
        "Intro,Ada Park,2026-04-01,09:00,09:45,Room 1,Basics\n"
        "Async,Ben Cole,2026-04-01,10:00,10:45,Room 2,Futures\n"
        "2038-01-19,Dan Eve,2026-04-01,12:00,12:45,Room 3,Y2038, explained\n"
    )
    talks, warnings = _read(header + rows, "p.csv")
    assert talks["2038-01-19"] == (("Dan Eve",), "2026-04-01 12:00", "12:45", "Room 3")
    assert "Dan Eve" not in talks
    assert any(w.startswith("p.csv line 4: more cells than the header") for w in warnings)


def test_a_time_cell_the_realignment_leaves_out_is_not_taken_from_the_row_above():
    # E's "when" cell is left out, in a room other than D's: before, the rule for sessions
    # side by side (blank time cells) gave it D's time; it is kept without one, and said
    text = (
        "title,speaker,when,room,abstract\n"
        "A,Ada,2026-04-01 10:00,R1,aa\n"
        "B,Ben,2026-04-01 10:00,R2,bb\n"
        "D,Dan,2026-04-01 11:00,R1,dd\n"
        "E,Eve,R2,ee\n"
    )
    talks, warnings = _read(text, "p.csv")
    assert talks["E"] == (("Eve",), None, None, "R2")
    assert talks["D"][1] == "2026-04-01 11:00"
    assert any(
        w.startswith("p.csv line 5: 4 cells where the header has 5: read as if the 'when'")
        and w.endswith("kept without its 'when' (none taken from the row above)")
        for w in warnings
    )
    assert not any("read at the time of the row above" in w for w in warnings)


def test_where_readings_differ_a_cell_of_its_column_kind_stays_where_it_stands():
    # the end time left out mid-row: 11:00 stays the start; an unquoted comma in the
    # speakers: the first speaker stays; two columns named "speaker": Cara is read
    talks, _ = _read(HEADER + WELL + "Panel,Cara,2026-04-01,11:00,Room 3\n", "p.csv")
    assert talks["Panel"] == (("Cara",), "2026-04-01 11:00", None, "Room 3")
    talks, warnings = _read(
        HEADER + WELL + "Panel,Cara Diaz, Dan Eve,2026-04-01,11:00,11:45,Room 3\n", "p.csv"
    )
    assert talks["Panel"] == (("Cara Diaz",), "2026-04-01 11:00", "11:45", "Room 3")
    assert any(w.startswith("p.csv line 4:") and w.endswith("'Dan Eve'") for w in warnings)
    text = (
        "title,speaker,speaker,date,start,,room\n"
        "A,Ada,Ben,2026-04-01,09:00,x,R1\n"
        "B,Cara,2026-04-01,10:00,y,R2\n"
    )
    talks, _ = _read(text, "p.csv")
    assert talks["B"][0] == ("Cara",) and talks["B"][1] == "2026-04-01 10:00"

"""A table whose header names no column talkbase knows (a language no list holds) is
refused saying it is a table and how to name its columns, not "not a program format";
with --map naming its columns it is read as the table it is, no --format needed
(sweep 5, 10; sweep 6, 02)."""

from __future__ import annotations

import pytest

from ingest import parse_text
from talkbase.core.errors import InputError

# (Latvian: Lithuanian's headers are known since sweep 24, Latvian's are not)
LITHUANIAN = (
    "Nosaukums;Runātājs;Datums;Sākums;Telpa\n"
    "Rust gamyboje;Jonas Kazlauskas;2026-11-12;9:30;A1\n"
    "Stebėjimas pigiai;Ona Petraitienė;2026-11-12;10:30;A2\n"
)


def test_an_unknown_header_is_said_to_be_a_table_and_how_to_map_it():
    with pytest.raises(InputError) as refused:
        parse_text(LITHUANIAN, "programa.csv")
    said = str(refused.value)
    assert refused.value.path == "programa.csv"
    assert "a table (CSV) whose header names no column" in said and "Nosaukums" in said
    assert "--map title='Nosaukums'" in said


def test_with_map_it_is_read_as_the_table_it_is():
    mapping = {
        "title": "Nosaukums",
        "speakers": "Runātājs",
        "date": "Datums",
        "start": "Sākums",
    }
    fmt, talks, _ = parse_text(LITHUANIAN, "programa.csv", mapping=mapping)
    assert fmt == "csv"
    assert [
        (t.title, [s.name for s in t.speakers], f"{t.start:%Y-%m-%d %H:%M}") for t in talks
    ] == [
        ("Rust gamyboje", ["Jonas Kazlauskas"], "2026-11-12 09:30"),
        ("Stebėjimas pigiai", ["Ona Petraitienė"], "2026-11-12 10:30"),
    ]


def test_prose_is_no_table():
    with pytest.raises(InputError) as refused:
        parse_text("Dear all,\nsee you soon.\nBest, Ana\n", "note.txt")
    assert "not a program format" in str(refused.value)

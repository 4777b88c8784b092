"""Times, dates and durations in tables as a third outside sweep found them misread:
a range in one time cell ("9:30 – 10:15", "14h - 14h45"), clock times as French and
German programs write them ("14h", "10:00 Uhr", "9 Uhr") or in words ("Noon"); a
weekday before a date, or a date in words, in any language ("Sa, 16.11.2024",
"samedi 5 avril 2025") under a day column named in it ("Tag", "Jour"); sessions side
by side whose time cells a spreadsheet merged; durations in hours ("Dauer (Std.)",
"0,75"). A row whose time cannot be read keeps its date, with a warning."""

from __future__ import annotations

from datetime import UTC, date, time, timedelta

import pytest

from ingest import when
from ingest.formats import table
from ingest.formats.columns import duration_unit, resolve
from tests.test_shapes_tables import _read, _when


def _times(talks) -> list[str | None]:
    return [_when(t) if t.end else (t.start.isoformat() if t.start else None) for t in talks]


def test_clock_times_as_programs_write_them_in_their_languages():
    assert when.parse_clock("14h") == time(14)
    assert when.parse_clock("9h30") == time(9, 30)
    assert when.parse_clock("10:00 Uhr") == time(10)
    assert when.parse_clock("14.30 Uhr") == time(14, 30)
    assert when.parse_clock("9 Uhr") == time(9)
    assert when.parse_clock("9 a.m.") == time(9)
    assert when.parse_clock("Noon") == when.parse_clock("midi") == time(12)
    assert when.parse_clock("mediodía") == when.parse_clock("12 noon") == time(12)
    assert when.parse_clock("mezzanotte") == when.parse_clock("Mitternacht") == time(0)
    # a bare number is no clock time; nor is an hour past 23
    assert when.parse_clock("9") is None and when.parse_clock("25h") is None


def test_a_range_in_one_cell_gives_start_and_end():
    day = date(2025, 4, 5)

    def clocks(text: str) -> tuple[str, str]:
        start, end = when.parse_when(text, None, UTC, day)
        assert start is not None and end is not None, text
        return f"{start:%H:%M}", f"{end:%H:%M}"

    assert clocks("9:30 – 10:15") == clocks("9:30-10:15") == ("09:30", "10:15")
    assert clocks("14h-15h30") == ("14:00", "15:30")
    assert clocks("9:00 AM - 9:50 AM") == ("09:00", "09:50")
    # am/pm written once, after the end, holds for the start where it keeps the order
    assert clocks("9:00 - 9:50 AM") == ("09:00", "09:50")
    assert clocks("11:30 - 1 PM") == ("11:30", "13:00")
    assert clocks("2025-04-05 17h15 – 18h") == ("17:15", "18:00")


@pytest.mark.parametrize(
    ("text", "name", "zone", "expected"),
    [
        (  # ranges in one time column
            "Date,Time,Title,Room\n"
            "2025-04-05,9:30 – 10:15,Opening,Hall A\n"
            "2025-04-05,2:00 PM - 2:45 PM,Maps,Hall A\n"
            "2025-04-05,14h - 14h45,Bikes,Hall B\n"
            "2025-04-05,Noon,Lunch talk,Hall B\n",
            "ranges.csv",
            "Europe/Paris",
            [
                "2025-04-05T09:30:00+02:00 -> 2025-04-05T10:15:00+02:00",
                "2025-04-05T14:00:00+02:00 -> 2025-04-05T14:45:00+02:00",
                "2025-04-05T14:00:00+02:00 -> 2025-04-05T14:45:00+02:00",
                "2025-04-05T12:00:00+02:00",
            ],
        ),
        (  # a Markdown pipe table with French ranges under a day heading
            "# Programme\n\n## Samedi 5 avril 2025\n\n"
            "| Horaire | Titre | Intervenant | Salle |\n|---|---|---|---|\n"
            "| 9h30 – 10h15 | Ouverture | Claire Dubois | Amphi A |\n"
            "| 17h15 – 18h | Table ronde | Hugo Faure | Amphi A |\n",
            "programme.md",
            "Europe/Paris",
            [
                "2025-04-05T09:30:00+02:00 -> 2025-04-05T10:15:00+02:00",
                "2025-04-05T17:15:00+02:00 -> 2025-04-05T18:00:00+02:00",
            ],
        ),
        (
            "Tag;Beginn;Ende;Titel;Vortragende;Raum\n"
            "Sa, 16.11.2024;10:00 Uhr;10:45 Uhr;Eröffnung;Henrike Albers;Saal 1\n"
            "So, 17.11.2024;9 Uhr;9.45 Uhr;Rust im Kernel;Jakob Weber;Saal 1\n",
            "programm.csv",
            "Europe/Berlin",
            [
                "2024-11-16T10:00:00+01:00 -> 2024-11-16T10:45:00+01:00",
                "2024-11-17T09:00:00+01:00 -> 2024-11-17T09:45:00+01:00",
            ],
        ),
        (
            "Jour;Heure de début;Heure de fin;Titre;Intervenant;Salle\n"
            "samedi 5 avril 2025;14h;14h45;OpenStreetMap;Léa Martin;Amphi A\n"
            "dimanche 6 avril 2025;10h00;10h40;Debian;Pierre-Yves Caron;Salle 2\n",
            "programme.csv",
            "Europe/Paris",
            [
                "2025-04-05T14:00:00+02:00 -> 2025-04-05T14:45:00+02:00",
                "2025-04-06T10:00:00+02:00 -> 2025-04-06T10:40:00+02:00",
            ],
        ),
    ],
)
def test_days_and_clocks_as_tables_write_them_in_their_languages(
    monkeypatch, text, name, zone, expected
):
    _, talks, warnings = _read(text, name, zone, monkeypatch)
    assert _times(talks) == expected
    assert warnings == []


def test_dates_in_words_in_a_cell():
    # the reader of Markdown's day headings, in any language, serves a date cell
    assert table.date_in_words("Saturday, April 5, 2025") == date(2025, 4, 5)
    assert table.date_in_words("sabato 5 aprile 2025") == date(2025, 4, 5)
    assert table.date_in_words("Rust 2025") is None


def test_an_unreadable_time_keeps_the_row_date_and_an_unreadable_date_is_said(monkeypatch):
    text = (
        "Date,Start,End,Title\n"
        "2025-03-12,after lunch,14:00,Opening\n"
        "someday,10:00,11:00,Keynote\n"
        "someday,,,Party\n"
    )
    _, talks, warnings = _read(text, "odd.csv", "Europe/Madrid", monkeypatch)
    assert talks[0].day == date(2025, 3, 12) and talks[0].end is None
    assert talks[1].start is None and talks[2].start is None
    assert warnings == [
        "odd.csv line 2: cannot read the start time 'after lunch' of 'Opening'; kept on its "
        "day (2025-03-12) without a time",
        "odd.csv line 3: cannot read the date 'someday' of 'Keynote', so its start time "
        "('10:00') has no day; kept without a time",
        "odd.csv line 4: cannot read the date 'someday' of 'Party'; kept without a day",
    ]


SHEET = (
    "Day,Start,End,Room,Session,Presenter\n"
    "Mon 9/16/2024,9:00 AM,9:50 AM,Grand Ballroom,Welcome Keynote,Rebecca Stone\n"
    ",10:00 AM,10:45 AM,Room 101,Designing APIs,Omar Haddad\n"
    ",,,Room 102,Testing in Production,Julia Chen\n"
    ",,,Room 103,Scaling Teams,Ken Adams\n"
    ",,,Room 103,Untimed Follow-up,Ken Adams\n"
    "Tue 9/17/2024,9:00 AM,9:50 AM,Grand Ballroom,Day 2 Keynote,Akira Sato\n"
)


def test_merged_time_cells_of_sessions_side_by_side_carry_down(monkeypatch):
    _, talks, warnings = _read(SHEET, "sheet.csv", "America/Chicago", monkeypatch)
    by = {t.title: t for t in talks}
    for title in ("Designing APIs", "Testing in Production", "Scaling Teams"):
        assert _when(by[title]) == "2024-09-16T10:00:00-05:00 -> 2024-09-16T10:45:00-05:00"
    # a second talk in a room of the slot is no session beside it: no time, and said
    assert by["Untimed Follow-up"].start is None
    assert warnings == [
        "sheet.csv lines 4, 5: 2 talk(s) with blank time cells, each in a room other than "
        "the talks above it, are read at the time of the row above (a spreadsheet's merged "
        "cells: sessions side by side)",
        "sheet.csv line 6: 1 talk(s) with blank time and date cells are kept without a day "
        "and a time",
    ]


def test_a_range_column_carries_down_too():
    rows = [
        ({"Day": "Mon 9/16/2024", "Time": "9:00 AM - 9:50 AM", "Room": "A", "T": "x"}, "line 2"),
        ({"Day": "", "Time": "", "Room": "B", "T": "y"}, "line 3"),
    ]
    cols = resolve(["Day", "Time", "Room", "T"], {"title": "T"})
    out, filled, untimed = table.carry_times(rows, cols)
    assert out[1][0]["Time"] == "9:00 AM - 9:50 AM" and filled == ["line 3"] and not untimed
    assert table.carry_dates(out, cols)[1][0]["Day"] == "Mon 9/16/2024"


def test_durations_in_the_unit_their_header_names_or_their_column_tells(monkeypatch):
    assert duration_unit("Dauer (Std.)") == duration_unit("Duration (hours)") == "hours"
    assert duration_unit("hrs") == duration_unit("Durée (heures)") == "hours"
    assert duration_unit("Dauer (Min.)") == duration_unit("Minuten") == "minutes"
    assert duration_unit("Dauer") == "" and duration_unit("Duration (slots)") == "slots"
    assert duration_unit("Sat") is None and duration_unit("Length of abstract") is None
    assert when.parse_duration("1,5", when.HOUR) == timedelta(minutes=90)
    head = "Datum;Beginn;{};Titel\n"
    rows = "05.10.2024;9.30;{};Datenschutz\n06.10.2024;9.00;{};Keynote\n"
    for header, values in (("Dauer (Std.)", ("0,75", "1")), ("Dauer (Min.)", ("45", "60"))):
        text = head.format(header) + rows.format(*values)
        _, talks, warnings = _read(text, "p.csv", "Europe/Berlin", monkeypatch)
        assert [t.duration_minutes for t in talks] == [45, 60] and not warnings
    # no unit named: numbers no talk lasts in minutes are hours, and that is said
    text = head.format("Dauer") + rows.format("0,75", "1")
    _, talks, warnings = _read(text, "p.csv", "Europe/Berlin", monkeypatch)
    assert [t.duration_minutes for t in talks] == [45, 60]
    assert "column 'Dauer' names no unit" in warnings[0] and "read as hours" in warnings[0]
    text = head.format("Dauer") + rows.format("45", "5")
    _, talks, warnings = _read(text, "p.csv", "Europe/Berlin", monkeypatch)
    assert [t.duration_minutes for t in talks] == [45, 5] and not warnings
    # whole numbers, however small, are minutes (review: lightning talks of "3", "4")
    text = head.format("Dauer") + rows.format("3", "4")
    _, talks, warnings = _read(text, "p.csv", "Europe/Berlin", monkeypatch)
    assert [t.duration_minutes for t in talks] == [3, 4] and not warnings
    # a unit this reader does not know: left out, and said
    text = head.format("Duration (slots)") + rows.format("2", "3")
    _, talks, warnings = _read(text, "p.csv", "Europe/Berlin", monkeypatch)
    assert [t.end for t in talks] == [None, None]
    assert warnings == [
        "p.csv: column 'Duration (slots)' seems to give each talk's duration, in 'slots', "
        "a unit this reader does not know; left out (name it in minutes or hours)"
    ]


def test_a_tag_column_is_keywords_unless_it_holds_dates(monkeypatch):
    """German "Tag" is a day, English "Tag" a keyword (`columns.TWO_WAYS`): the
    column's own values decide."""
    english = (
        "Title,Tag,Start,End,Speaker\n"
        "Rust in the kernel,systems,2024-11-16 10:00,2024-11-16 10:45,Ann Lee\n"
    )
    _, talks, warnings = _read(english, "program.csv", "Europe/Berlin", monkeypatch)
    assert talks[0].start is not None and talks[0].start.hour == 10
    assert "systems" not in str(talks[0].start) and warnings == []

"""A table's night listed under the festival day (sweep 16's F4): a row dated Friday
whose clock runs back to 00:45 after Friday's rows ran on past midnight, talk after
talk (`when.night_runs_on`, the calendar's and a Markdown list's rule), is Friday
night's: Saturday 00:45, program day Friday, said with its line. A table sorted by
room, a morning out of order, a start cell with its own date and talkbase's own export
(with `program_day`) read as written."""

from __future__ import annotations

from datetime import date

from ingest.formats import table

HEAD = "date,start,end,title,room\n"
FRI, SAT = date(2026, 11, 13), date(2026, 11, 14)


def _read(rows: str) -> tuple[dict[str, tuple[str, str | None, date | None]], list[str]]:
    talks, warnings = table.parse(HEAD + rows, "fest.csv", default_tz="Europe/Amsterdam")
    read = {
        t.title: (
            f"{t.start:%Y-%m-%d %H:%M}" if t.start else "",
            f"{t.end:%Y-%m-%d %H:%M}" if t.end else None,
            t.program_day,
        )
        for t in talks
    }
    return read, warnings


FESTIVAL = (
    "2026-11-13,20:00,21:00,Opening,Great Hall\n"
    "2026-11-13,21:30,22:30,Modular improvisation,Small Hall\n"
    "2026-11-13,23:00,00:30,Night concert,Great Hall\n"
    "2026-11-13,00:45,02:00,Ambient till morning,Small Hall\n"
    "2026-11-14,10:00,11:00,Build a synth,Workshop\n"
)


def test_a_row_after_a_set_past_midnight_is_that_nights_and_said() -> None:
    read, warnings = _read(FESTIVAL)
    assert read["Ambient till morning"] == ("2026-11-14 00:45", "2026-11-14 02:00", FRI)
    assert read["Night concert"] == ("2026-11-13 23:00", "2026-11-14 00:30", None)
    assert read["Build a synth"] == ("2026-11-14 10:00", "2026-11-14 11:00", None)
    assert len(warnings) == 1
    assert "line 5" in warnings[0] and "that night's, on 2026-11-14 at 00:45" in warnings[0]


def test_the_night_goes_on_talk_after_talk_within_the_hour() -> None:
    read, _ = _read(
        "2026-11-13,22:00,23:30,Late show,A\n"
        "2026-11-13,00:15,01:00,Midnight film,A\n"
        "2026-11-13,01:30,03:00,Small hours film,A\n"
    )
    assert read["Midnight film"][0] == "2026-11-14 00:15"
    assert read["Small hours film"] == ("2026-11-14 01:30", "2026-11-14 03:00", FRI)


def test_a_table_sorted_by_room_keeps_a_rooms_small_hours_on_their_date() -> None:
    # room B's day starts in the small hours of its date and goes on into the day
    read, warnings = _read(
        "2026-11-13,20:00,22:00,Room A evening,A\n"
        "2026-11-13,23:00,00:30,Room A night,A\n"
        "2026-11-13,00:45,02:00,Room B small hours,B\n"
        "2026-11-13,09:00,10:00,Room B morning,B\n"
    )
    assert read["Room B small hours"] == ("2026-11-13 00:45", "2026-11-13 02:00", None)
    assert read["Room B morning"][0] == "2026-11-13 09:00"
    assert len(warnings) == 1 and "kept on 2026-11-13 as its date says" in warnings[0]


def test_a_morning_out_of_order_and_a_sunrise_after_a_break_stay() -> None:
    read, warnings = _read(
        "2026-11-13,17:00,18:00,Room A last,A\n"
        "2026-11-13,09:00,10:00,Room B first,B\n"
        "2026-11-14,22:00,00:30,Concert,A\n"
        "2026-11-14,05:30,06:30,Sunrise yoga,B\n"
    )
    assert read["Room B first"][0] == "2026-11-13 09:00"
    assert read["Sunrise yoga"] == ("2026-11-14 05:30", "2026-11-14 06:30", None)
    assert warnings == []


def test_a_start_cell_with_its_own_date_is_read_as_written() -> None:
    read, warnings = _read(
        "2026-11-13,2026-11-13 23:00,2026-11-14 00:30,Night concert,A\n"
        "2026-11-13,2026-11-13 00:45,2026-11-13 02:00,Early set,A\n"
    )
    assert read["Early set"][0] == "2026-11-13 00:45"
    assert warnings == []


def test_a_table_that_gives_its_program_days_is_read_as_it_says() -> None:
    talks, warnings = table.parse(
        "date,start,end,title,program_day\n"
        "2026-11-13,23:00,00:30,Night concert,\n"
        "2026-11-13,00:45,02:00,Early set,\n",
        "export.csv",
        default_tz="Europe/Amsterdam",
    )
    assert [(t.start and f"{t.start:%Y-%m-%d %H:%M}", t.program_day) for t in talks] == [
        ("2026-11-13 23:00", None),
        ("2026-11-13 00:45", None),
    ]
    assert warnings == []

"""Program shapes an outside sweep fed the Markdown and iCalendar readers: a Markdown
program of timed list lines under day headings in Spanish, and a calendar with a
recurring workshop, session kinds in CATEGORIES and an all-day registration desk."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from ingest.formats import ical, markdown
from talkbase.core.errors import InputError
from talkbase.core.records import Speaker

CEST = timezone(timedelta(hours=2))

PYCONES = """\
# Programa — PyConES 2024 (Vigo)

> Todas las horas están en hora peninsular española (CEST, UTC+2).

## Viernes 4 de octubre

### Auditorio Abanca

- 09:30–10:15 · **Keynote:** El futuro de Python — Ana Martínez
- 10:30–11:00 · Tipado gradual en proyectos grandes — Luis Gómez y Carmen Ruiz
- 11:00–11:30 · ☕ Pausa café

### Sala Álvaro Cunqueiro

- 10:30–12:00 · **Taller:** Introducción a Polars — Lucía Torres

## Sábado 5 de octubre

### Auditorio Abanca

- 10:30–10:35 · ⚡ Charla relámpago: Mi primer PR a CPython — Irene Domínguez
- 16:00–16:40 · Rust y Python con PyO3 (charla en inglés) — Sofía Iglesias
"""


def _md(text: str, tz: str = "America/Los_Angeles") -> tuple[list, list[str]]:
    return markdown.parse(text, "prog.md", default_tz=tz)


def test_markdown_day_headings_in_spanish_and_timed_list_lines() -> None:
    talks, warnings = _md(PYCONES)
    assert warnings == []
    assert [t.title for t in talks] == [
        "Keynote: El futuro de Python",  # (a format's label stays: sweep 16, F10)
        "Tipado gradual en proyectos grandes",
        "Pausa café",  # a break is kept, as every format keeps one
        "Taller: Introducción a Polars",
        "Charla relámpago: Mi primer PR a CPython",
        "Rust y Python con PyO3 (charla en inglés)",
    ]
    keynote, typed, _, polars, lightning, rust = talks
    assert keynote.format == "Keynote" and keynote.speakers == (Speaker("Ana Martínez"),)
    assert typed.speakers == (Speaker("Luis Gómez"), Speaker("Carmen Ruiz"))
    # the zone the opening lines state (UTC+2), not TALKBASE_TIMEZONE
    assert typed.start == datetime(2024, 10, 4, 10, 30, tzinfo=CEST)
    assert typed.end == datetime(2024, 10, 4, 11, 0, tzinfo=CEST)
    assert typed.room == "Auditorio Abanca" and typed.track is None
    assert polars.format == "Workshop" and polars.room == "Sala Álvaro Cunqueiro"
    assert polars.start == datetime(2024, 10, 4, 10, 30, tzinfo=CEST)
    assert lightning.format == "Lightning Talk"
    assert lightning.start == datetime(2024, 10, 5, 10, 30, tzinfo=CEST)
    assert lightning.speakers == (Speaker("Irene Domínguez"),)
    assert rust.speakers == (Speaker("Sofía Iglesias"),) and rust.room == "Auditorio Abanca"
    assert {t.conference for t in talks} == {"Programa — PyConES 2024 (Vigo)"}
    assert not any(markdown.date_of(t.title, (2024,)) for t in talks)  # no day as a talk


def test_markdown_other_list_line_forms_and_german_days() -> None:
    text = """\
# Konferenz 2025

## Samstag, 4. Oktober

### Track Security

- **10:00** Threat modelling for humans, Jane Doe
* 14:00-14:45 Fuzzing in CI (Room 101)
  Continuous fuzzing with cargo-fuzz.
- Posters all day
"""
    talks, warnings = _md(text, "Europe/Berlin")
    first, second = talks
    assert (first.title, first.speakers) == ("Threat modelling for humans", (Speaker("Jane Doe"),))
    assert first.start is not None and first.start.isoformat() == "2025-10-04T10:00:00+02:00"
    assert first.end is None and first.track == "Track Security" and first.room is None
    assert (second.title, second.room) == ("Fuzzing in CI", "Room 101")
    assert second.end is not None and second.end.isoformat() == "2025-10-04T14:45:00+02:00"
    assert second.abstract == "Continuous fuzzing with cargo-fuzz."
    assert warnings == [
        "prog.md line 10: a list line without a time under 'Track Security'; not read as a talk"
    ]


def test_markdown_day_heading_without_a_year_is_refused() -> None:
    text = "# Programa\n\n## Viernes 4 de octubre\n\n- 10:00 Uno — Ana Martínez\n- 11:00 Dos\n"
    with pytest.raises(InputError) as err:
        _md(text)
    assert err.value.where == "line 3"
    assert "gives no year, and the document names none" in err.value.problem


def test_markdown_day_heading_whose_weekday_is_wrong_is_refused() -> None:
    text = "# PyConES 2024\n\n## Jueves 4 de octubre\n\n- 10:00 Uno\n- 11:00 Dos\n"
    with pytest.raises(InputError) as err:  # 4 October 2024 is a Friday
        _md(text)
    assert err.value.where == "line 3" and "2024" in err.value.problem


def test_markdown_day_heading_left_as_a_talk_is_refused() -> None:
    text = "# Conf 2024\n\n## Friday, 4 October 2024\n\nMorning: talks.\n\n## Saturday, 5 October 2024\n\nMore.\n"
    with pytest.raises(InputError) as err:
        _md(text)
    assert err.value.where == "line 3" and "would be read as a talk" in err.value.problem


def test_markdown_one_timed_line_under_a_talk_heading_stays_its_time() -> None:
    text = """\
# Conf 2026

## Tuesday, 20 October 2026

### Fast builds

- 16:20–16:30 · Room 210

How we made builds fast.

### Slow tests

- 17:00–17:30 · Room 211

Why tests are slow.
"""
    talks, _ = _md(text, "UTC")
    assert [(t.title, t.room) for t in talks] == [
        ("Fast builds", "Room 210"),
        ("Slow tests", "Room 211"),
    ]
    assert talks[0].start == datetime(2026, 10, 20, 16, 20, tzinfo=UTC)


LINUXWOCHEN = """\
BEGIN:VCALENDAR
VERSION:2.0
X-WR-CALNAME:Linuxwochen Wien 2024
X-WR-TIMEZONE:Europe/Vienna
BEGIN:VEVENT
UID:lww-002
DTSTART;TZID=Europe/Vienna:20240923T101500
DTEND;TZID=Europe/Vienna:20240923T110000
SUMMARY:Btrfs-Snapshots im Alltag
ATTENDEE;ROLE=CHAIR;CN=Stefan Gruber:mailto:s.gruber@example.at
LOCATION:Raum Großglockner (F1.24)
CATEGORIES:Vortrag,Systemadministration
END:VEVENT
BEGIN:VEVENT
UID:lww-003
DTSTART;TZID=Europe/Vienna:20240923T140000
DTEND;TZID=Europe/Vienna:20240923T170000
RRULE:FREQ=DAILY;COUNT=3
SUMMARY:Rust für Einsteiger:innen
ATTENDEE;CN=Lena Wimmer:mailto:lena@example.at
ATTENDEE;CN=Tobias Auer:mailto:tobias@example.at
CATEGORIES:Workshop,Rust
END:VEVENT
BEGIN:VEVENT
UID:lww-000
DTSTART;VALUE=DATE:20240923
DTEND;VALUE=DATE:20240926
SUMMARY:Registrierung & Info-Stand (ganztägig)
LOCATION:Foyer
END:VEVENT
BEGIN:VEVENT
UID:lww-006
DTSTART:20240925T150000Z
DTEND:20240925T153000Z
SUMMARY:Closing: The year of the Linux desktop
CATEGORIES:Keynote
END:VEVENT
END:VCALENDAR
"""


def _ics(text: str) -> tuple[list, list[str]]:
    return ical.parse(text, "lww.ics", default_tz="America/Los_Angeles")


def test_ics_rrule_kinds_and_all_day_event() -> None:
    talks, warnings = _ics(LINUXWOCHEN)
    assert [t.title for t in talks] == [
        "Btrfs-Snapshots im Alltag",
        *["Rust für Einsteiger:innen"] * 3,
        "Closing: The year of the Linux desktop",
    ]
    btrfs, *rust, closing = talks
    assert (btrfs.format, btrfs.track) == ("Talk", "Systemadministration")  # Vortrag: a kind
    assert btrfs.speakers == (Speaker("Stefan Gruber"),)
    assert btrfs.start == datetime(2024, 9, 23, 10, 15, tzinfo=CEST)
    assert [t.start.isoformat() for t in rust if t.start] == [
        "2024-09-23T14:00:00+02:00",
        "2024-09-24T14:00:00+02:00",
        "2024-09-25T14:00:00+02:00",
    ]
    assert [t.end.isoformat() for t in rust if t.end][-1] == "2024-09-25T17:00:00+02:00"
    assert [t.uid for t in rust] == ["lww-003", "lww-003#20240924T1400", "lww-003#20240925T1400"]
    assert {(t.format, t.track) for t in rust} == {("Workshop", "Rust")}
    assert rust[2].speakers == (Speaker("Lena Wimmer"), Speaker("Tobias Auer"))
    assert [s.section for t in rust for s in t.sources] == [
        "2024-09-23",
        "2024-09-24",
        "2024-09-25",
    ]
    assert (closing.format, closing.track) == ("Keynote", None)
    assert closing.start is not None and closing.start.isoformat() == "2024-09-25T17:00:00+02:00"
    assert warnings == [
        "lww.ics line 24: 'Registrierung & Info-Stand (ganztägig)' is an all-day event "
        "(DTSTART;VALUE=DATE), not a session; skipped"
    ]


def _weekly(rule: str, extra: str = "") -> str:
    return f"""\
BEGIN:VCALENDAR
BEGIN:VEVENT
UID:w1
DTSTART;TZID=Europe/Berlin:20240305T180000
DTEND;TZID=Europe/Berlin:20240305T190000
RRULE:{rule}
{extra}SUMMARY:Meetup talk night
END:VEVENT
END:VCALENDAR
"""


def test_ics_weekly_until_with_exdate_keeps_wall_time_across_summer_time() -> None:
    text = _weekly(
        "FREQ=WEEKLY;UNTIL=20240409T160000Z", "EXDATE;TZID=Europe/Berlin:20240319T180000\n"
    )
    talks, warnings = _ics(text)
    assert warnings == []
    assert [t.start.isoformat() for t in talks if t.start] == [
        "2024-03-05T18:00:00+01:00",
        "2024-03-12T18:00:00+01:00",
        "2024-03-26T18:00:00+01:00",
        "2024-04-02T18:00:00+02:00",  # summer time began on 31 March: still 18:00
        "2024-04-09T18:00:00+02:00",
    ]


def test_ics_long_rrule_is_capped_with_a_warning() -> None:
    talks, warnings = _ics(_weekly("FREQ=DAILY;COUNT=400"))
    assert len(talks) == ical.MAX_OCCURRENCES
    assert warnings == [
        f"lww.ics line 2: 'Meetup talk night' its RRULE repeats it more than "
        f"{ical.MAX_OCCURRENCES} times; the first {ical.MAX_OCCURRENCES} are kept"
    ]


def _event(uid: str, start: str, end: str, summary: str, extra: str = "") -> str:
    return (
        f"BEGIN:VEVENT\nUID:{uid}\nDTSTART;TZID=Europe/Berlin:{start}\n"
        f"DTEND;TZID=Europe/Berlin:{end}\n{extra}SUMMARY:{summary}\nEND:VEVENT\n"
    )


def test_ics_rrule_without_end_is_read_up_to_the_calendars_last_session() -> None:
    """A daily breakfast without UNTIL or COUNT at a three-day conference is three
    breakfasts, not years of them."""
    text = (
        "BEGIN:VCALENDAR\n"
        + _event("b", "20240305T080000", "20240305T083000", "Breakfast", "RRULE:FREQ=DAILY\n")
        + _event("t1", "20240305T090000", "20240305T100000", "Opening keynote")
        + _event("t2", "20240306T140000", "20240306T150000", "Compilers today")
        + _event("t3", "20240307T160000", "20240307T170000", "Closing panel")
        + "END:VCALENDAR\n"
    )
    talks, warnings = _ics(text)
    assert sorted(f"{t.start:%m-%d %H:%M} {t.title}" for t in talks if t.start) == [
        "03-05 08:00 Breakfast",
        "03-05 09:00 Opening keynote",
        "03-06 08:00 Breakfast",
        "03-06 14:00 Compilers today",
        "03-07 08:00 Breakfast",
        "03-07 16:00 Closing panel",
    ]
    assert warnings == [
        "lww.ics line 2: 'Breakfast' repeats without end (its RRULE has no UNTIL or "
        "COUNT); read up to the calendar's last session (2024-03-07)"
    ]


def test_ics_personal_calendar_is_refused_naming_the_file() -> None:
    """A birthday, a dentist and a weekly 1:1 without end: most events are no sessions."""
    text = (
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:p1\nDTSTART;VALUE=DATE:20240915\n"
        "SUMMARY:Mum birthday\nEND:VEVENT\n"
        + _event("p2", "20240916T090000", "20240916T093000", "Dentist")
        + _event("p3", "20240917T180000", "20240917T183000", "1:1", "RRULE:FREQ=WEEKLY\n")
        + "END:VCALENDAR\n"
    )
    with pytest.raises(InputError) as err:
        _ics(text)
    assert str(err.value).startswith("lww.ics (line 13): not a program: 2 of its 3 events")
    assert "repeating without end" in str(err.value)
    with pytest.raises(InputError, match="1 repeating without end"):
        _ics(_weekly("FREQ=DAILY"))  # nothing but a meeting that repeats for ever


def test_ics_start_off_the_rule_is_still_the_first_occurrence_and_counts() -> None:
    """RFC 5545: DTSTART always counts as the first occurrence, even where the rule
    would not match it (a Tuesday start of a Wednesday-and-Thursday rule), and COUNT
    counts it."""
    talks, warnings = _ics(_weekly("FREQ=WEEKLY;BYDAY=WE,TH;COUNT=3"))
    assert warnings == []
    assert [f"{t.start:%a %m-%d %H:%M}" for t in talks if t.start] == [
        "Tue 03-05 18:00",
        "Wed 03-06 18:00",
        "Thu 03-07 18:00",
    ]


def test_ics_unreadable_rrule_keeps_the_event_once() -> None:
    talks, warnings = _ics(_weekly("FREQ=SOMETIMES"))
    assert [t.start.isoformat() for t in talks if t.start] == ["2024-03-05T18:00:00+01:00"]
    assert len(warnings) == 1 and "cannot be read" in warnings[0] and "line 2" in warnings[0]


def test_ics_recurrence_id_replaces_its_occurrence() -> None:
    text = _weekly("FREQ=WEEKLY;COUNT=3").replace(
        "END:VCALENDAR",
        "BEGIN:VEVENT\nUID:w1\nRECURRENCE-ID;TZID=Europe/Berlin:20240312T180000\n"
        "DTSTART;TZID=Europe/Berlin:20240312T190000\nDTEND;TZID=Europe/Berlin:20240312T200000\n"
        "SUMMARY:Meetup talk night (moved)\nEND:VEVENT\nEND:VCALENDAR",
    )
    talks, warnings = _ics(text)
    assert warnings == []
    assert sorted((t.start.isoformat(), t.title, t.uid) for t in talks if t.start) == [
        ("2024-03-05T18:00:00+01:00", "Meetup talk night", "w1"),
        ("2024-03-12T19:00:00+01:00", "Meetup talk night (moved)", "w1#20240312T1800"),
        ("2024-03-19T18:00:00+01:00", "Meetup talk night", "w1#20240319T1800"),
    ]


def test_ics_only_all_day_events_is_refused() -> None:
    text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART;VALUE=DATE:20240923\nSUMMARY:Conference\nEND:VEVENT\nEND:VCALENDAR\n"
    with pytest.raises(InputError) as err:
        _ics(text)
    assert err.value.where == "line 2" and "all-day" in err.value.problem


def test_a_japanese_format_before_a_full_width_colon_is_the_talks_format() -> None:
    """Sweep 12 (side note): "ワークショップ：" and "ライトニングトーク：" before a title gave
    no format, while "Workshop:" and "Lightning talk:" in a Dutch program did."""
    text = (
        "# Pythonもくもく会 2026\n\n## 2026年11月21日（土）\n\n"
        "- 10:45–12:45 ワークショップ：FastAPIでWeb API入門 — 田中 健（フリーランス）— ルームB\n"
        "- 14:30–14:35 ライトニングトーク：私の自作キーボード — 高橋 美咲 — ホールA\n"
        "- 15:00–15:45 日本語の形態素解析入門 — 山本 さくら — ホールA\n"
    )
    talks, _ = _md(text, "Asia/Tokyo")
    assert [(t.title, t.format) for t in talks] == [
        ("ワークショップ：FastAPIでWeb API入門", "Workshop"),  # (the label stays: sweep 16, F10)
        ("ライトニングトーク：私の自作キーボード", "Lightning Talk"),
        ("日本語の形態素解析入門", None),
    ]

"""Sweep 7's tables: header names in Hindi, Thai, Russian, Ukrainian, Greek, Persian,
Swahili and Estonian, their scripts' marks kept inside a word (`columns.norm`); a
--map naming a header's column makes that line the header, its unread columns then
named (02); a table refused says truly what it lacks (02, 10)."""

from __future__ import annotations

import pytest

from ingest import parse_text
from ingest.formats.columns import norm, resolve
from talkbase.core.errors import InputError

HINDI = (
    "शीर्षक,वक्ता,संस्था,दिनांक,प्रारंभ,समाप्ति,कक्ष,ट्रैक\n"
    "भारतीय भाषाओं के लिए बड़े भाषा मॉडल,अनीता शर्मा,IIT Bombay,2026-12-05,09:30,10:15,सभागार 1,AI\n"
    "UPI का स्केलिंग अनुभव,विक्रम सिंह,NPCI,2026-12-06,09:30,10:15,सभागार 1,Systems\n"
)


def test_a_devanagari_or_thai_header_is_one_word_whole():
    assert norm("शीर्षक") == "शीर्षक" and norm("ट्रैक") == "ट्रैक"
    assert norm("วันที่") == "วันที่"
    assert norm("Début") == "debut" and norm("Τίτλος") == "τιτλοσ"  # (accents still folded)


@pytest.mark.parametrize(
    "header",
    [
        "शीर्षक,वक्ता,दिनांक,प्रारंभ,कक्ष",
        "หัวข้อ,วิทยากร,วันที่,เวลา,ห้อง",
        "Название,Докладчик,Дата,Начало,Зал",
        "Назва,Доповідач,Дата,Початок,Зала",
        "Τίτλος,Ομιλητής,Ημερομηνία,Ώρα,Αίθουσα",
        "عنوان,سخنران,تاریخ,شروع,سالن",
        "Kichwa,Mzungumzaji,Tarehe,Mwanzo,Ukumbi",
        "Pealkiri,Esineja,Kuupäev,Algus,Ruum",
    ],
)
def test_header_names_in_more_languages(header: str):
    cols = resolve(header.split(","))
    assert [cols.get(f) for f in ("title", "speakers", "date", "start", "room")] == header.split(
        ","
    )


def test_a_hindi_program_is_read_by_its_header():
    _, talks, _ = parse_text(HINDI, "program.csv")
    first = talks[0]
    assert [s.name for s in first.speakers] == ["अनीता शर्मा"]
    assert first.speakers[0].affiliation == "IIT Bombay"
    assert f"{first.start:%Y-%m-%d %H:%M}" == "2026-12-05 09:30" and first.room == "सभागार 1"


LATVIAN = (
    "Nosaukums,Datums,Sākums,Runātājs,Telpa\n"
    "Talk one,2026-12-05,09:30,Jaan Tamm,Saal A\n"
    "Talk two,2026-12-06,10:30,Mari Kask,Saal B\n"
)


def test_map_naming_a_column_makes_its_line_the_header_and_names_the_unread():
    _, talks, warnings = parse_text(LATVIAN, "kava.csv", mapping={"title": "Nosaukums"})
    said = " ".join(warnings)
    assert [t.program_day.isoformat() for t in talks] == ["2026-12-05", "2026-12-06"]
    assert "'Datums' read as the dates" in said
    assert "not read" in said and "'Sākums'" in said and "'Telpa'" in said


def test_a_header_naming_one_known_column_is_refused_truly():
    text = LATVIAN.replace("Nosaukums", "Title", 1)
    with pytest.raises(InputError) as refused:
        parse_text(text, "kava.csv")
    said = str(refused.value)
    assert "names no column" not in said
    assert "names only 'Title' (the title)" in said and "'Sākums'" in said
    assert "--map date='Datums'" in said


# ---- 20: "Name, Org" where the affiliation column's cell is empty --------------------

NAME_ORG = (
    "Title,Speakers,Affiliation,Date,Start\n"
    'Postgres 18,"Bruce Momjian, EDB",,2026-04-15,09:00\n'
    'Rust,"Jane Doe; John Roe","Mozilla; Ferrous",2026-04-15,10:00\n'
)


def _people(text: str) -> list[list[tuple[str, str | None]]]:
    _, talks, _ = parse_text(text, "program.csv")
    return [[(s.name, s.affiliation) for s in t.speakers] for t in talks]


def test_name_org_where_the_affiliation_cell_is_empty():
    assert _people(NAME_ORG) == [
        [("Bruce Momjian", "EDB")],
        [("Jane Doe", "Mozilla"), ("John Roe", "Ferrous")],
    ]


def test_two_people_beside_an_empty_affiliation_stay_two():
    text = NAME_ORG.replace('"Bruce Momjian, EDB"', '"Alice Smith, Bob Jones"')
    assert _people(text)[0] == [("Alice Smith", None), ("Bob Jones", None)]


def test_a_column_that_separates_people_with_commas_keeps_doing_so():
    text = NAME_ORG + 'Panel,"Carl Ek, Dan Berg","Acme; Beta",2026-04-15,11:00\n'
    assert [n for n, _ in _people(text)[0]] == ["Bruce Momjian", "EDB"]


# ---- 10: a grid of rooms by times, as a CSV --------------------------------------------

GRID = (
    "Time,Hall A,Hall B,Hall C\n"
    "09:00-09:45,Keynote: The state of Rust (Niko Matsakis),,\n"
    "10:00-10:45,Async Rust (Dario N),WebAssembly (Lin Clark),Rust in Linux (Miguel Ojeda)\n"
)


def test_a_grid_csv_is_refused_as_a_grid():
    with pytest.raises(InputError) as refused:
        parse_text(GRID, "grid.csv")
    said = str(refused.value)
    assert "a grid of rooms by times" in said and "'Hall A'" in said and "'Time'" in said
    assert "--map title=" not in said and "names no column" not in said


# ---- 09: a "Day 1 / Day 2" column, the dates in a title row above the header ----------

DAYS = (
    "AfricaDevCon Nairobi 2026 — 3–4 June 2026 (all times EAT)\n"
    "Day,Time,Session,Speaker,Venue\n"
    "Day 1,09:00 - 09:45,Opening keynote,Wanjiru Kamau (Safaricom),Main Hall\n"
    "Day 2,10:00 - 10:45,Securing USSD services,Grace Njeri (Cellulant),Room 2\n"
)


def test_numbered_days_dated_by_the_title_row():
    _, talks, warnings = parse_text(DAYS, "days.csv")
    assert [f"{t.start:%Y-%m-%d %H:%M}" for t in talks] == ["2026-06-03 09:00", "2026-06-04 10:00"]
    assert any("numbers the days" in w and "2026-06-03" in w for w in warnings)


def test_numbered_days_no_text_dates_are_said_once_and_kept_apart():
    _, talks, warnings = parse_text(DAYS.split("\n", 1)[1], "days.csv")
    assert [t.start for t in talks] == [None, None]
    assert [dict(t.notes).get("Day") for t in talks] == ["Day 1", "Day 2"]
    assert sum("numbers the days" in w for w in warnings) == 1
    assert not any("cannot read" in w or "no date" in w for w in warnings)


def test_more_numbered_days_than_the_title_names_are_not_guessed():
    text = DAYS.replace("3–4 June", "3 June").replace("Day 2,", "Day 3,")
    _, talks, _ = parse_text(text, "days.csv")
    assert [t.start for t in talks] == [None, None]

"""Sweep 24 (langs5): programs in Georgian, Armenian, Sinhala, Catalan, Croatian,
Lithuanian and Yoruba read at ingest: a real title word ("Naslov", "Títol") wins over a
topic word that names a title or a track ("Tema"), in either order of the columns; their
headers and Markdown labels, cancelled words (Catalan's "l·l" however it is written),
language names and Georgian day headings; the zero-width joiner inside a name kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.detect import parse_path
from ingest.formats.columns import resolve
from talkbase.core.errors import InputError
from talkbase.core.languages import language_code
from talkbase.core.names import clean_name
from talkbase.core.terms import called_off, cancelled_state

CROATIAN = ["Datum", "Početak", "Dvorana", "Naslov", "Predavač", "Vrsta", "Tema", "Jezik"]


@pytest.mark.parametrize("headers", [CROATIAN, list(reversed(CROATIAN))])
def test_a_title_word_wins_over_tema_in_either_order(headers: list[str]) -> None:
    cols = resolve(headers)
    assert (cols["title"], cols["track"]) == ("Naslov", "Tema")
    assert (cols["speakers"], cols["room"], cols["format"], cols["language"]) == (
        "Predavač",
        "Dvorana",
        "Vrsta",
        "Jezik",
    )


def test_tema_alone_stays_the_title() -> None:
    assert resolve(["Tema", "Predavač", "Dvorana"])["title"] == "Tema"


@pytest.mark.parametrize(
    "headers",
    [
        "Data,Inici,Sala,Títol,Ponent,Tipus,Idioma,Estat,Resum",
        "Data,Pradžia,Pabaiga,Salė,Pavadinimas,Pranešėjas,Tipas,Sekcija,Kalba,Santrauka,Būsena",
        "Ամսաթիվ,Սկիզբ,Ավարտ,Դահլիճ,Վերնագիր,Բանախոս,Տեսակ,Թեմա,Լեզու,Նկարագրություն,Կարգավիճակ",
        "თარიღი,დასაწყისი,დასასრული,დარბაზი,სათაური,მომხსენებელი,ტიპი,თემა,ენა,აღწერა,სტატუსი",
        "Ọjọ́,Ìbẹ̀rẹ̀,Òpin,Gbọ̀ngàn,Àkọlé,Olùsọ̀rọ̀,Irú,Ẹ̀ka,Èdè,Àkópọ̀,Ipò",
    ],
)
def test_headers_of_these_languages_are_each_read(headers: str) -> None:
    cols = resolve(headers.split(","))
    assert set(cols.values()) == set(headers.split(",")), cols


@pytest.mark.parametrize(
    "status",
    [
        *("Cancel·lada", "cancel.lat", "CANCEL·LADA", "canceŀlada", "Anul·lada", "anullat"),
        *("Otkazano", "Atšaukta", "Չեղարկված", "გაუქმებულია", "Fagilé"),
    ],
)
def test_cancelled_words_of_these_languages(status: str) -> None:
    assert cancelled_state(status)


def test_catalan_titles_called_off_with_the_middle_dot() -> None:
    assert called_off("CANCEL·LADA: Optimització de bases de dades") == (
        "Optimització de bases de dades",
        "CANCEL·LADA",
    )
    assert called_off("Programari lliure (cancel·lat)")[1] == "cancel·lat"


@pytest.mark.parametrize(
    ("said", "code"),
    [("ქართული", "ka"), ("ინგლისური", "en"), ("հայերեն", "hy"), ("անգլերեն", "en")],
)
def test_language_cells_of_these_languages(said: str, code: str) -> None:
    assert language_code(said) == code


def test_a_zero_width_joiner_inside_a_name_is_kept() -> None:
    name = "සඳුනි ප්\u200dරනාන්දු"
    assert clean_name(name) == name
    assert clean_name("\u200dAnn Lee\u200c") == "Ann Lee"


ICS = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//t//t//EN
BEGIN:VEVENT
UID:a1
DTSTART;TZID=Asia/Colombo:20261014T110000
DTEND;TZID=Asia/Colombo:20261014T114500
SUMMARY:දත්ත ගබඩා
ATTENDEE;ROLE=CHAIR;CN=සඳුනි ප්\u200dරනාන්දු:mailto:x@lk.example
END:VEVENT
END:VCALENDAR
"""


def test_an_ical_attendee_keeps_the_joiner(tmp_path: Path) -> None:
    path = tmp_path / "si.ics"
    path.write_text(ICS, encoding="utf-8")
    (talk,) = parse_path(path).talks
    assert [s.name for s in talk.speakers] == ["සඳුනි ප්\u200dරනාන්දු"]


GEORGIAN = """# თბილისის კონფერენცია 2026

## დღე 1 — ოთხშაბათი, 14 ოქტომბერი 2026

### 09:30–10:15 · ხელოვნური ინტელექტი ქართულ ენაში

- **მომხსენებელი:** ნინო ბერიძე
- **დარბაზი:** დიდი დარბაზი
- **ტიპი:** სემინარი
- **თემა:** ხელოვნური ინტელექტი
- **ენა:** ინგლისური

როგორ ვასწავლოთ ენობრივ მოდელებს.

### 10:30–11:15 · მონაცემთა ბაზების ოპტიმიზაცია (გაუქმებულია)

- **მომხსენებელი:** გიორგი კაპანაძე
- **დარბაზი:** დარბაზი B
- **ენა:** ქართული

ინდექსები და გეგმები.
"""


def test_a_georgian_markdown_program_reads_its_days_and_labels(tmp_path: Path) -> None:
    path = tmp_path / "ka.md"
    path.write_text(GEORGIAN, encoding="utf-8")
    first, second = parse_path(path).talks
    assert first.start is not None and (first.start.month, first.start.day) == (10, 14)
    assert [s.name for s in first.speakers] == ["ნინო ბერიძე"]
    assert (first.room, first.format, first.track, first.language) == (
        "დიდი დარბაზი",
        "სემინარი",
        "ხელოვნური ინტელექტი",
        "en",
    )
    assert first.abstract.startswith("როგორ ვასწავლოთ")
    assert (second.title, second.cancelled, second.language) == (
        "მონაცემთა ბაზების ოპტიმიზაცია",
        True,
        "ka",
    )


PAGE = """<html><body><h1>Konferencija 2026</h1>
<table>
<tr><th>Date</th><th>Start</th><th>Kraj</th><th>Room</th><th>Title</th><th>Speaker</th></tr>
<tr><td>2026-10-14</td><td>09:30</td><td>10:15</td><td>Hall A</td><td>Kubernetes in production</td>
<td>Ivana Horvat</td></tr>
<tr><td>2026-10-14</td><td>10:30</td><td>11:15</td><td>Hall B</td><td>Web accessibility basics</td>
<td>Marko Kovač</td></tr>
</table></body></html>
"""


def test_a_pages_table_says_its_unread_columns_as_a_csv_does(tmp_path: Path) -> None:
    path = tmp_path / "hr.html"
    path.write_text(PAGE, encoding="utf-8")
    doc = parse_path(path)
    assert [t.title for t in doc.talks] == ["Kubernetes in production", "Web accessibility basics"]
    assert any("not read" in str(w) and "'Kraj'" in str(w) for w in doc.warnings), doc.warnings


UNREAD_DAY = """# Conference 2026

## Day 1 — 14 Zorblat 2026

### 09:30–10:15 · Observability in practice

How to trace a request.

### 10:30–11:15 · Testing at scale

How to test.
"""


def test_an_unread_day_heading_is_blamed_not_the_times(tmp_path: Path) -> None:
    path = tmp_path / "p.md"
    path.write_text(UNREAD_DAY, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        parse_path(path)
    said = str(caught.value)
    assert "could not read as a day" in said and "Zorblat" in said, said

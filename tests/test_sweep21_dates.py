"""Dates, times and list lines of programs in Persian, Thai, Hindi and Vietnamese that
an outside sweep (sweep 20, new language families: findings 4, 5, 6, 7 and 20) found
read wrong or not at all: digits of other scripts in dates, the Solar Hijri calendar,
Thai Buddhist-era years and abbreviated months, a word for the hour after both clocks
of a range, a Thai room word inside its name, and the word "programme" after the
conference's name in a heading. The documents are the sweep's (tests/data/sweep21)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from ingest import parse_text, when
from ingest.formats import markdown

DATA = Path(__file__).parent / "data" / "sweep21"


def _talks(name: str) -> list[tuple[str, str | None, str | None, str | None, tuple[str, ...]]]:
    """(title, start, end, room, speakers) of each talk of a document of the sweep."""
    path = DATA / name
    _, talks, _ = parse_text(path.read_text(encoding="utf-8"), path.name)
    return [
        (
            t.title,
            t.start and f"{t.start:%Y-%m-%d %H:%M}",
            t.end and f"{t.end:%H:%M}",
            t.room,
            tuple(s.name for s in t.speakers),
        )
        for t in talks
    ]


# ---- finding 7: digits of other scripts, and the Solar Hijri calendar ----------------


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("۲۰۲۶-۱۱-۱۱", date(2026, 11, 11)),  # Persian digits, ISO
        ("۲۰۲۶/۱۱/۱۱", date(2026, 11, 11)),
        ("٢٠٢٦-١١-١١", date(2026, 11, 11)),  # Arabic-Indic
        ("२०२६-११-१४", date(2026, 11, 14)),  # Devanagari
        ("๒๐๒๖-๑๑-๑๔", date(2026, 11, 14)),  # Thai
        ("１４.１１.２０２６", date(2026, 11, 14)),  # fullwidth
    ],
)
def test_a_date_in_the_digits_of_any_script_is_read(written: str, day: date) -> None:
    """Finding 7: clock times in Persian digits were read, dates were "cannot read the
    date" (`terms.ascii_digits`, the one folding of digits)."""
    assert when.parse_date(written) == day


def test_a_persian_table_of_gregorian_dates_in_persian_digits_keeps_its_times() -> None:
    """Finding 7: "۲۰۲۶-۱۱-۱۱" in a table's date column lost every talk its time."""
    talks = _talks("fa-program-greg.csv")
    assert [t[1] for t in talks] == [
        "2026-11-11 09:00",
        "2026-11-11 09:30",
        "2026-11-11 09:30",
        "2026-11-11 10:30",
        "2026-11-11 10:30",
    ]
    assert talks[0][2] == "09:15"


@pytest.mark.parametrize(
    ("solar", "gregorian"),
    [
        ((1405, 8, 20), date(2026, 11, 11)),
        ((1403, 1, 1), date(2024, 3, 20)),
        ((1404, 1, 1), date(2025, 3, 21)),
        ((1405, 1, 1), date(2026, 3, 21)),
        ((1403, 12, 30), date(2025, 3, 20)),  # 1403 is a leap year
        ((1402, 12, 29), date(2024, 3, 19)),
        ((1399, 1, 1), date(2020, 3, 20)),
        ((1357, 11, 22), date(1979, 2, 11)),
        ((1405, 6, 31), date(2026, 9, 22)),  # the last day of the months of 31
        ((1405, 7, 1), date(2026, 9, 23)),
    ],
)
def test_solar_hijri_dates_are_the_gregorian_days_they_name(
    solar: tuple[int, int, int], gregorian: date
) -> None:
    assert when.solar_hijri(*solar) == gregorian


def test_solar_hijri_leap_years_and_days_no_month_has() -> None:
    """1403 and 1408 are leap years, five years apart (no 1407: the 33-year rule's
    gap); a 30 Esfand of another year, a 31st of the months of 30, is no day."""
    leaps = [y for y in range(1395, 1414) if when.solar_hijri(y, 12, 30)]
    assert leaps == [1395, 1399, 1403, 1408, 1412]
    assert when.solar_hijri(1405, 7, 31) is None
    assert when.solar_hijri(1405, 13, 1) is None
    assert when.solar_hijri(2026, 1, 1) is None  # (no Solar Hijri year now)


def test_a_persian_table_of_solar_hijri_dates_reads_them() -> None:
    """Finding 7: "۱۴۰۵/۰۸/۲۰" (20 Aban 1405) is 2026-11-11; it was "cannot read the
    date". Only written year first in Persian digits is it read so."""
    assert when.parse_date("۱۴۰۵/۰۸/۲۰") == date(2026, 11, 11)
    assert [t[1] for t in _talks("fa-program-hijri.csv")][:2] == [
        "2026-11-11 09:00",
        "2026-11-11 09:30",
    ]


def test_a_solar_hijri_year_not_read_as_one_is_said_so_never_a_wrong_date() -> None:
    """In ASCII digits "1405/08/20" is no Solar Hijri date to this reader: its talk is
    kept without a time, the warning naming the calendar."""
    text = "title,date,start\nOpening talk,1405/08/20,09:00\n"
    _, talks, warnings = parse_text(text, "program.csv")
    assert talks[0].start is None
    # (sweep 22 review #7: not read as 1405 at all, its calendar named on its line)
    assert any("line 2" in w and "a Hijri calendar (lunar or Solar)" in w for w in warnings)


def test_a_date_column_of_other_digits_under_english_headers_no_longer_crashes() -> None:
    """A column whose dates no value tells the order of ("۰۳/۱۰/۲۰۲۶") under English
    headers: the warning that says how they are read raised a ValueError (an ISO
    date in Persian digits) and sank the ingest."""
    text = "title,date,start\nAlpha talk,۰۳/۱۰/۲۰۲۶,۰۹:۰۰\nBeta talk,۰۴/۱۰/۲۰۲۶,۱۰:۰۰\n"
    _, talks, warnings = parse_text(text, "program.csv")
    assert [f"{t.start:%Y-%m-%d %H:%M}" for t in talks if t.start] == [
        "2026-03-10 09:00",
        "2026-04-10 10:00",
    ]
    assert any("read month first" in w for w in warnings)


# ---- finding 6: Thai Buddhist-era years and abbreviated months -----------------------


def test_a_thai_table_of_buddhist_era_years_reads_them_as_the_common_era() -> None:
    """Finding 6: "14/11/2569" in a Thai table is 14 November 2026 (2569 - 543); every
    talk was "beyond any program's dates"."""
    assert [t[1] for t in _talks("th-program-be.csv")][:2] == [
        "2026-11-14 09:00",
        "2026-11-14 09:30",
    ]


def test_a_buddhist_era_29_february_is_the_common_era_one() -> None:
    """2567 is 2024, a leap year (2567 itself is none): the year is read in the era
    before the date is."""
    text = "หัวข้อ,วันที่,เวลาเริ่ม\nเปิดงาน,29/02/2567,09:00\n"
    _, talks, _ = parse_text(text, "program.csv")
    assert f"{talks[0].start:%Y-%m-%d %H:%M}" == "2024-02-29 09:00"


def test_a_buddhist_era_year_without_thai_is_kept_unread_and_said() -> None:
    """Elsewhere a year 2569 stays beyond any program's dates, the warning asking
    whether it is a Buddhist-era year."""
    text = "title,date,start\nOpening talk,14/11/2569,09:00\n"
    _, talks, warnings = parse_text(text, "program.csv")
    assert talks[0].start is None
    assert any("a Buddhist-era year?" in w for w in warnings)


def test_thai_day_headings_of_buddhist_era_years_and_abbreviated_months() -> None:
    """Finding 6: "วันเสาร์ที่ 14 พฤศจิกายน 2569" (2569: 2026) and "วันอาทิตย์ที่ 15
    พ.ย. 2026" (พ.ย.: CLDR's abbreviated November, dots inside) were days this reader
    cannot read, so their talks lost their times."""
    for name in ("th-program-be.md", "th-program-ce.md"):
        starts = [t[1] for t in _talks(name)]
        assert starts == [
            "2026-11-14 09:00",
            "2026-11-14 10:00",
            "2026-11-14 13:00",
            "2026-11-15 09:00",
            "2026-11-15 10:00",
            "2026-11-15 14:00",
        ], name


# ---- findings 4 and 5: a word for the hour after both clocks; a Thai room ------------


def test_a_thai_list_line_whose_clocks_say_the_hour_keeps_its_end_and_title() -> None:
    """Finding 4: "- 14:00 น.–14:30 น. การออกแบบ API ที่ดี — … — ห้อง 202" left
    "น.–14:30 น." in the title and lost the end."""
    last = _talks("th-program-ce.md")[-1]
    assert last == (
        "การออกแบบ API ที่ดี",
        "2026-11-15 14:00",
        "14:30",
        "ห้อง 202",
        ("ชัยวัฒน์ พรหมมา",),
    )


@pytest.mark.parametrize(
    ("line", "title", "end"),
    [
        ("- 11:00 Uhr - 12:00 Uhr Zweiter Vortrag — Max Muster", "Zweiter Vortrag", "12:00"),
        ("- 14:00 giờ – 15:00 giờ Hội thảo dữ liệu — Nguyễn Văn An", "Hội thảo dữ liệu", "15:00"),
        ("- 14:00 h - 15:00 h Apertura del congreso — Ana Souza", "Apertura del congreso", "15:00"),
    ],
)
def test_a_word_for_the_hour_after_both_clocks_of_a_range_is_theirs(
    line: str, title: str, end: str
) -> None:
    """Finding 4, in general: the word written after a clock ("Uhr", "giờ", "h": CLDR's,
    `when.clock_suffixes`) after the first clock of a range, and again after the
    second, is theirs, not the title's."""
    text = f"# Conf 2026\n\n## 14.11.2026\n\n{line}\n"
    talks, _ = markdown.parse(text, "program.md", "Europe/Berlin")
    assert (talks[0].title, f"{talks[0].end:%H:%M}" if talks[0].end else None) == (title, end)


def test_a_thai_room_named_by_its_room_word_inside_a_run_of_thai() -> None:
    """Finding 5: "… — ธนาธร ศรีสุข — ห้องประชุมใหญ่" stayed one title: "ห้อง" (room)
    begins the name with no space after it, as Thai is written."""
    first = _talks("th-program-ce.md")[0]
    assert first[0] == "การประมวลผลภาษาไทยด้วยโมเดลภาษาขนาดใหญ่"
    assert first[3:] == ("ห้องประชุมใหญ่", ("ธนาธร ศรีสุข",))


# ---- finding 20: the heading's word for the programme --------------------------------


@pytest.mark.parametrize(
    ("heading", "conference"),
    [
        ("पायकॉन इंडिया 2026 — कार्यक्रम", "पायकॉन इंडिया 2026"),
        ("PyData Amsterdam 2026 — Programme", "PyData Amsterdam 2026"),
        ("DevConf 2026 Schedule", "DevConf 2026"),
        ("Hội nghị 2026 - Chương trình", "Hội nghị 2026"),
        ("Conference Agenda", "Conference Agenda"),  # (no year, no separator: a name)
    ],
)
def test_the_conference_named_by_a_heading_leaves_out_its_word_for_the_programme(
    heading: str, conference: str
) -> None:
    """Finding 20: "पायकॉन इंडिया 2026 — कार्यक्रम" ("— Programme") was the name."""
    text = f"# {heading}\n\n## Saturday, 14 November 2026\n\n- 09:00–09:30 Opening — Ana Souza\n"
    talks, _ = markdown.parse(text, "program.md", "Asia/Kolkata")
    assert talks[0].conference == conference


@pytest.mark.parametrize(
    ("title", "heading", "day"),
    [
        ("همایش توسعه‌دهندگان ۲۰۲۶", "چهارشنبه ۱۱ نوامبر", "2026-11-11"),
        ("ThaiDev Conference ๒๕๖๙", "วันเสาร์ที่ 14 พฤศจิกายน", "2026-11-14"),
        ("ThaiDev Conference 2569", "วันเสาร์ที่ 14 พฤศจิกายน", "2026-11-14"),
    ],
)
def test_the_year_a_title_names_in_other_digits_or_era_dates_its_yearless_days(
    title: str, heading: str, day: str
) -> None:
    """The year of a day heading that gives none is the one the document's title
    names, in any digits ("۲۰۲۶") and, in a Thai document, in the Buddhist era
    ("2569"); before, the document "names none" and the ingest was refused."""
    text = f"# {title}\n\n## {heading}\n\n- 09:00–09:45 การออกแบบ API — ชัยวัฒน์ พรหมมา\n"
    talks, _ = markdown.parse(text, "program.md", "Asia/Bangkok")
    assert f"{talks[0].start:%Y-%m-%d}" == day

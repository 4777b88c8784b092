"""Sweep 21 (md-days): the day headings of a Markdown program (and of an HTML page read
as Markdown) whose dates are numbers are read in one order for the whole document, as
tables decide it (`languages.day_first`: where its zone is, in its language), by the
days they give, and said where the US order is assumed."""

from __future__ import annotations

from ingest.formats import markdown

THAI = """# ThaiDev 2026

## 07/11/2026

- 09:00–09:45 ความปลอดภัยของแอปพลิเคชันบนมือถือ — วิภาวดี รัตนพงษ์ — ห้อง 201

## 08/11/2026

- 10:00–10:30 ปัญญาประดิษฐ์เพื่อการเกษตร — สุภาพร มีสุข — ห้อง 202
"""

ONE_DAY = """# DevDay 2026

## {day}

- 09:00–09:45 Mobile app security in practice — Ana Lima — Room 201
- 10:00–10:30 Farming with machine learning — Bo Chen — Room 202
"""


def _days(text: str, zone: str = "UTC") -> tuple[list[str], list[str]]:
    talks, warnings = markdown.parse(text, "program.md", zone)
    return sorted({t.start.date().isoformat() for t in talks if t.start}), warnings


def test_a_thai_program_s_numeric_day_headings_are_day_first():
    days, warnings = _days(THAI)
    assert days == ["2026-11-07", "2026-11-08"]
    assert not any("month first" in w for w in warnings)


def test_two_headings_a_day_apart_day_first_are_read_so_in_english_too():
    english = THAI.replace("ความปลอดภัยของแอปพลิเคชันบนมือถือ", "Mobile security").replace(
        "ปัญญาประดิษฐ์เพื่อการเกษตร", "Farming with AI"
    )
    assert _days(english)[0] == ["2026-11-07", "2026-11-08"]
    # (and a program a day apart month first stays so: 1 and 2 October)
    us = english.replace("07/11/2026", "10/01/2026").replace("08/11/2026", "10/02/2026")
    assert _days(us)[0] == ["2026-10-01", "2026-10-02"]


def test_one_numeric_heading_is_read_as_where_the_zone_is():
    text = ONE_DAY.format(day="07/11/2026")
    assert _days(text, "Asia/Ho_Chi_Minh") == (["2026-11-07"], [])
    assert _days(text, "Asia/Bangkok")[0] == ["2026-11-07"]


def test_one_numeric_heading_nothing_decides_is_read_month_first_and_said():
    days, warnings = _days(ONE_DAY.format(day="07/11/2026"))
    assert days == ["2026-07-11"]
    assert any("month first, as in the US" in w and "'07/11/2026'" in w for w in warnings)


def test_a_buddhist_era_numeric_heading_in_a_thai_program_is_converted():
    text = THAI.replace("07/11/2026", "14/11/2569").replace("08/11/2026", "15/11/2569")
    assert _days(text)[0] == ["2026-11-14", "2026-11-15"]


ICAL = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//t//EN
X-WR-CALNAME:DevDay 2026
BEGIN:VEVENT
UID:a@x
DTSTART;TZID=Asia/Bangkok:20261114T090000
DTEND;TZID=Asia/Bangkok:20261114T094500
SUMMARY:Mobile security - Somchai Dee
DESCRIPTION:{label}: Somchai Dee\\nTesting banking apps.
END:VEVENT
END:VCALENDAR
"""


def test_ical_speaker_labels_in_thai_and_hindi_are_read_as_csv_headers_are():
    from ingest.detect import parse_text

    for label in ("ผู้บรรยาย", "วิทยากร", "वक्ता"):
        _, talks, _ = parse_text(ICAL.format(label=label), "program.ics")
        assert [s.name for s in talks[0].speakers] == ["Somchai Dee"], label
        assert talks[0].title == "Mobile security", label


def test_a_markdown_talk_s_thai_speaker_label_is_read():
    text = """# DevDay 2026

## 2026-11-14

### Mobile security
ผู้บรรยาย: Somchai Dee
Time: 09:00 - 09:45
"""
    talks, _ = markdown.parse(text, "program.md", "Asia/Bangkok")
    assert [s.name for s in talks[0].speakers] == ["Somchai Dee"]


def test_a_vietnamese_weekday_of_two_words_before_a_numeric_date_is_a_day():
    for heading in ("Thứ Bảy 14/11/2026", "Thứ Bảy, 14.11.2026"):
        text = (
            f"# VWS 2026\n\n## {heading}\n\n"
            "- 09:00–09:45 Xử lý ngôn ngữ tự nhiên tiếng Việt — Nguyễn Văn An — Phòng 2\n"
        )
        assert _days(text)[0] == ["2026-11-14"], heading


def test_one_numeric_heading_of_a_thai_program_is_day_first_whatever_the_default_zone():
    thai = THAI.split("## 08/11/2026")[0]
    assert _days(thai, "America/Los_Angeles") == (["2026-11-07"], [])


def test_an_html_page_s_numeric_day_headings_are_read_in_one_order():
    from ingest.detect import parse_text

    page = (
        "<html><head><title>ThaiDev 2026</title></head><body><h1>ThaiDev 2026</h1>"
        "<h2>07/11/2026</h2><ul><li>09:00–09:45 ความปลอดภัยของแอปพลิเคชันบนมือถือ — "
        "วิภาวดี รัตนพงษ์ — ห้อง 201</li></ul><h2>08/11/2026</h2><ul><li>10:00–10:30 "
        "ปัญญาประดิษฐ์เพื่อการเกษตร — สุภาพร มีสุข — ห้อง 202</li></ul></body></html>"
    )
    _, talks, _ = parse_text(page, "program.html")
    assert sorted(str(t.start.date()) for t in talks if t.start) == ["2026-11-07", "2026-11-08"]

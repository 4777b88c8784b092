"""Sweep 22 (ingest-left): what Sweep 21 left wrong or unclear in ingest (docs/formats.md,
"Sweep 21: what is left"): numeric dates of a Markdown program's talk lines read in the
document's one order, a CSV title cut at an unquoted comma, "all times" in other
languages' words, an abbreviation of several zones named in its warning, Solar Hijri
dates in words or day first and lunar Hijri ones, and a Thai clock's word "น." kept out
of the title."""

from __future__ import annotations

from ingest import parse_text
from ingest.formats import markdown


def _md(text: str, zone: str = "UTC") -> tuple[list[tuple[str, str]], list[str]]:
    talks, warnings = markdown.parse(text, "program.md", zone)
    return [(t.title, t.start and f"{t.start:%Y-%m-%d %H:%M}") for t in talks], warnings


# ---- 1: a date of numbers in a talk's lines, in the document's one order -------------

WHEN = """# DevDay 2026

## Mobile security

When: 08/11/2026 14:00

Testing banking apps.
"""


def test_a_when_line_s_numeric_date_is_read_in_the_zone_s_order():
    # (Asia/Bangkok writes dates day first, as the day headings are read there)
    talks, warnings = _md(WHEN, "Asia/Bangkok")
    assert talks == [("Mobile security", "2026-11-08 14:00")]
    assert not any("month first" in w for w in warnings)


def test_a_when_line_nothing_decides_is_read_month_first_and_said():
    talks, warnings = _md(WHEN)
    assert talks == [("Mobile security", "2026-08-11 14:00")]
    assert any("month first, as in the US" in w and "'08/11/2026'" in w for w in warnings)


def test_a_list_line_s_numeric_date_is_read_as_the_language_writes_it():
    thai = """# ThaiDev 2026

## ความปลอดภัยของแอปพลิเคชัน

- 07/11/2026 10:00–10:45 ห้อง 201

ทดสอบแอปธนาคาร
"""
    talks, warnings = _md(thai)
    assert [s for _, s in talks] == ["2026-11-07 10:00"]
    assert not any("month first" in w for w in warnings)


# ---- 4: an abbreviation of several zones is named with its candidates ---------------


def test_ist_in_a_time_cell_names_the_zones_it_may_be():
    _, talks, warnings = parse_text(
        "title,speaker,date,start,room\nRust in production,Bo Chen,2026-11-14,11:00 IST,Room 2\n",
        "program.csv",
    )
    assert talks[0].start is None
    said = next(w for w in warnings if "'11:00 IST'" in w)
    assert "India: Asia/Kolkata" in said and "Israel: Asia/Jerusalem" in said
    assert "Ireland: Europe/Dublin" in said and "none of them is assumed" in said


# ---- 6: a Thai clock's word after a lone clock is no part of the title ---------------


def test_thai_clock_word_after_a_lone_clock_is_not_the_title_s():
    thai = """# ThaiDev 2026

## 14 พฤศจิกายน 2026

- {a} ความปลอดภัยของแอปพลิเคชัน
- {b} ปัญญาประดิษฐ์
"""
    for a, b in (
        ("10.00 น.", "11.00 น."),
        ("10:00 น.", "11:00 น."),
        ("10.00–10.45 น.", "11.00–11.45 น."),
    ):
        talks, _ = _md(thai.format(a=a, b=b))
        assert talks == [
            ("ความปลอดภัยของแอปพลิเคชัน", "2026-11-14 10:00"),
            ("ปัญญาประดิษฐ์", "2026-11-14 11:00"),
        ], (a, talks)


# ---- 2: a title cut at an unquoted comma ---------------------------------------------


def _csv(rows: str, header: str = "title,speaker,date,start,end,room") -> tuple[list, list[str]]:
    _, talks, warnings = parse_text(f"{header}\n{rows}", "program.csv")
    return [(t.title, tuple(s.name for s in t.speakers), t.room) for t in talks], warnings


def test_a_title_cut_at_an_unquoted_comma_is_joined_where_the_columns_tell():
    talks, warnings = _csv(
        "Scaling Postgres, replicas and pools,2026-11-14,10:00,10:45,Ana Lima,Room 1\n"
        "Rust in production,2026-11-14,11:00,11:45,Bo Chen,Room 2\n",
        "title,date,start,end,speaker,room",
    )
    assert talks[0] == ("Scaling Postgres, replicas and pools", ("Ana Lima",), "Room 1")
    assert any("line 2" in w and "joined" in w for w in warnings)
    # (review #4: before a column of names the cell may be a speaker's, "danah boyd":
    # never glued, said)
    talks, warnings = _csv(
        "Scaling Postgres, replicas and pools,Ana Lima,2026-11-14,10:00,10:45,Room 1\n"
        "Rust in production,Bo Chen,2026-11-14,11:00,11:45,Room 2\n"
    )
    assert talks[0][0] == "Scaling Postgres"
    assert any("line 2" in w and "the title was cut" in w for w in warnings)


def test_a_title_perhaps_cut_where_the_columns_do_not_tell_is_said():
    talks, warnings = _csv(
        "Scaling Postgres, replicas and pools,Ana Lima,Room 1\nRust in production,Bo Chen,Room 2\n",
        "title,speaker,room",
    )
    assert talks[0][0] == "Scaling Postgres"
    assert any(
        "line 2" in w and "the title was cut" in w and "'Scaling Postgres'" in w for w in warnings
    )


# ---- 5: Solar Hijri dates in words or day first; lunar Hijri dates said --------------


def test_solar_hijri_dates_in_words_and_day_first_are_read():
    from datetime import date

    from ingest import when

    assert when.parse_date("۱۵ آذر ۱۴۰۵") == date(2026, 12, 6)
    assert when.parse_date("یکشنبه ۱۵ آذر ۱۴۰۵") == date(2026, 12, 6)  # (a Sunday)
    # (a weekday the day is not on: no day is read, never a wrong one)
    assert when.parse_date("شنبه ۱۵ آذر ۱۴۰۵") is None
    assert when.parse_date("۱۵/۰۹/۱۴۰۵") == date(2026, 12, 6)
    assert when.parse_date("۱۴۰۵/۰۹/۱۵") == date(2026, 12, 6)  # (as before)


def test_a_solar_hijri_day_heading_in_words_is_read():
    text = "# همایش ۱۴۰۵\n\n## پنجشنبه ۲۸ آبان ۱۴۰۵\n\n- ۰۹:۰۰–۰۹:۴۵ معرفی لینوکس\n- ۱۰:۰۰–۱۰:۳۰ پایتون\n"
    talks, _ = markdown.parse(text, "fa.md", "Asia/Tehran")
    assert [f"{t.start:%Y-%m-%d %H:%M%z}" for t in talks] == [
        "2026-11-19 09:00+0330",
        "2026-11-19 10:00+0330",
    ]


def test_a_lunar_hijri_day_heading_is_said_not_read():
    text = """# مؤتمر المطورين 2026

## ١٥ رمضان ١٤٤٨ هـ

- 10:00 أمن التطبيقات
- 11:00 الذكاء الاصطناعي
"""
    talks, warnings = _md(text)
    assert all(s is None for _, s in talks)
    assert any("line 3" in w and "lunar Hijri" in w for w in warnings)


# ---- 3: "all times <zone>" in another language's words ------------------------------


def test_turkish_all_times_in_a_title_row_is_the_zone():
    _, talks, _ = parse_text(
        "DevFest İstanbul 2026 — tüm saatler TRT\ntitle,speaker,date,start,room\n"
        "Rust in production,Bo Chen,2026-11-14,11:00,Room 2\n",
        "program.csv",
    )
    assert f"{talks[0].start:%Y-%m-%d %H:%M%z}" == "2026-11-14 11:00+0300"


def test_ist_after_a_list_line_s_clock_is_said_with_its_zones_and_off_the_title():
    text = "# DevConf 2026\n\n## 14 November 2026\n\n- 11:00 IST · Kubernetes intro\n"
    talks, warnings = _md(text)
    assert talks == [("Kubernetes intro", "2026-11-14 11:00")]
    said = next(w for w in warnings if "line 5" in w)
    assert "India: Asia/Kolkata" in said and "read in UTC" in said
    # (where it may begin the title, it stays there, and is said)
    talks, warnings = _md(text.replace(" · ", " "))
    assert talks == [("IST Kubernetes intro", "2026-11-14 11:00")]
    assert any("the title begins with 'IST'" in w for w in warnings)


def test_a_lunar_hijri_date_cell_is_said_not_read():
    _, talks, warnings = parse_text(
        "title,date,start\nOpening talk,١٥ رمضان ١٤٤٨ هـ,09:00\n", "program.csv"
    )
    assert talks[0].start is None
    assert any("line 2" in w and "lunar Hijri (Islamic) calendar" in w for w in warnings)


def test_the_hour_s_word_states_a_zone_only_before_its_abbreviation():
    from ingest.formats import mdparts

    assert str(mdparts.stated_zone(["DevFest 2026 — tüm saatler TRT"])) == "Europe/Istanbul"
    assert "India: Asia/Kolkata" in (mdparts.ambiguous_zone(["DevFest (tüm saatler IST)"]) or "")
    # (a length in hours speaks of no zone)
    assert mdparts.zone_said(["เวิร์กช็อป 3 ชั่วโมง สำหรับนักพัฒนา"]) is None
    assert mdparts.zone_said(["Ein Workshop von 3 Stunden für Einsteiger"]) is None

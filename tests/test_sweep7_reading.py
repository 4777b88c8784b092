"""Documents of the seventh outside sweep that were read wrong, each reduced to what
it showed: room words of more languages, ..."""

from __future__ import annotations

import pytest

from ingest.formats import markdown
from ingest.formats.mdparts import room_named


@pytest.mark.parametrize(
    "name", ["Зала 2", "Большой зал", "Аудиторія 5", "Αίθουσα Α", "سالن ۲", "ห้อง 3", "会議室"]
)
def test_room_words_of_more_languages_name_rooms(name: str) -> None:
    assert room_named(name)


def test_a_ukrainian_room_word_ends_a_list_line() -> None:
    """Sweep 7: "— Olena Kovalenko — Зала 2" put the speaker and the room in the title."""
    text = (
        "# Conf 2026\n\n## Monday, 12 October 2026\n\n"
        "- 09:30–10:15 Microservices in banking — Олена Коваленко — Hall 1\n"
        "- 10:30–11:00 Kotlin in practice — Olena Kovalenko — Зала 2\n"
    )
    (_, talk), _ = markdown.parse(text, "uk.md", "Europe/Kyiv")
    assert (talk.title, talk.speakers[0].name, talk.room) == (
        "Kotlin in practice",
        "Olena Kovalenko",
        "Зала 2",
    )


def test_a_zone_named_after_a_list_lines_clocks_is_read_not_titled() -> None:
    """Sweep 7: "- 14:00 CET – 14:45 CET Webhooks done right" was titled "CET – 14:45
    CET Webhooks done right" with no end; capitals that name no zone stay the title's."""
    text = (
        "# Nordic APIs Summit 2026\n\n## Tuesday, 2 June 2026\n\n"
        "- 14:00 CET – 14:45 CET Webhooks done right — Anders Berg — Main Hall\n"
        "- 15:00 CEST–15:30 CEST Late talk — Erik Johansson\n"
        "- 16:00–16:30 IT Security for all — Sara Nilsson\n"
    )
    talks, _ = markdown.parse(text, "apis.md", "Europe/Stockholm")
    got = [(t.title, t.start.isoformat(), t.end.isoformat()) for t in talks]
    assert got == [
        ("Webhooks done right", "2026-06-02T14:00:00+02:00", "2026-06-02T14:45:00+02:00"),
        ("Late talk", "2026-06-02T15:00:00+02:00", "2026-06-02T15:30:00+02:00"),
        ("IT Security for all", "2026-06-02T16:00:00+02:00", "2026-06-02T16:30:00+02:00"),
    ]
    assert talks[0].start.tzinfo.key == "CET" and talks[2].start.tzinfo.key == "Europe/Stockholm"


@pytest.mark.parametrize(
    ("said", "read"),
    [("9.30 uur", "09:30"), ("09:30 uur", "09:30"), ("14.30 Uhr", "14:30"), ("9 uur", "09:00")],
)
def test_dutch_writes_uur_after_a_clock_as_german_writes_uhr(said, read) -> None:
    """Sweep 7: a Dutch program's "9.30 uur" was no time (German "Uhr" was one)."""
    from ingest.when import parse_clock

    assert parse_clock(said).strftime("%H:%M") == read


@pytest.mark.parametrize(
    "said", ["0:45 hours", "2 hours", "3 Stunden", "10:15 heures", "10:00 time"]
)
def test_a_length_in_hours_stays_no_clock(said) -> None:
    """Review: a name of an hour after a clock made "0:45 hours" a start at 00:45."""
    from ingest.when import parse_clock

    assert parse_clock(said) is None


def test_a_swahili_room_ends_a_list_line_and_is_no_speaker() -> None:
    """Sweep 7: "— Neema Mushi — Ukumbi Mkuu" made the room the speaker."""
    text = (
        "# PyCon Tanzania 2026\n\n## Jumamosi, 5 Desemba 2026\n\n"
        "- 09:00–09:45 Python kwa wanaoanza — Neema Mushi — Ukumbi Mkuu\n"
        "- 10:00–10:30 Pandas — Baraka Mwakyusa — Chumba B\n"
    )
    talks, _ = markdown.parse(text, "sw.md", "Africa/Dar_es_Salaam")
    assert [(t.title, [s.name for s in t.speakers], t.room) for t in talks] == [
        ("Python kwa wanaoanza", ["Neema Mushi"], "Ukumbi Mkuu"),
        ("Pandas", ["Baraka Mwakyusa"], "Chumba B"),
    ]


def test_thai_day_headings_speakers_and_rooms_are_read() -> None:
    """Sweep 7: Thai day headings were no days (the month's vowel signs split it into
    pieces, and "วันเสาร์ที่" glues "ที่" to the weekday as CLDR's full date does), and
    Thai names, in a script without capitals, were no speakers."""
    text = (
        "# PyCon Thailand 2026\n\nเวลาทั้งหมดเป็นเวลาประเทศไทย (Asia/Bangkok)\n\n"
        "## วันเสาร์ที่ 14 พฤศจิกายน 2026\n\n"
        "- 09:00–09:45 การทดสอบซอฟต์แวร์ด้วย pytest — ณัฐพล วงศ์ใหญ่ — ห้อง A\n"
        "- 10:00–10:30 Data pipelines ด้วย Polars — วิภาวรรณ ศรีสุข — ห้อง B\n"
    )
    talks, _ = markdown.parse(text, "th.md")
    got = [(t.title, t.start.isoformat(), [s.name for s in t.speakers], t.room) for t in talks]
    assert got == [
        ("การทดสอบซอฟต์แวร์ด้วย pytest", "2026-11-14T09:00:00+07:00", ["ณัฐพล วงศ์ใหญ่"], "ห้อง A"),
        ("Data pipelines ด้วย Polars", "2026-11-14T10:00:00+07:00", ["วิภาวรรณ ศรีสุข"], "ห้อง B"),
    ]


def test_one_timed_line_under_a_day_heading_is_its_one_talk() -> None:
    """Sweep 7: a day heading over a single timed list line was refused, saying its
    lines were none this reader knows."""
    text = "# PyCon TH 2026\n\n## 14 November 2026\n\n- 09:00–09:45 Testing with pytest — Somchai Jaidee — Room A\n"
    (talk,), _ = markdown.parse(text, "one.md", "Asia/Bangkok")
    assert (talk.title, talk.start.isoformat(), talk.room) == (
        "Testing with pytest",
        "2026-11-14T09:00:00+07:00",
        "Room A",
    )


def test_a_label_before_names_is_no_name_in_a_script_without_capitals() -> None:
    from ingest.formats.mdparts import names_line

    assert names_line("נועה כהן") and not names_line("מרצים: נועה כהן (שיבא)")


def test_times_under_a_day_heading_that_cannot_be_read_say_so() -> None:
    """Sweep 7: under a Persian (Solar Hijri) day heading the warning said the line
    gave "no date"; it names the heading it could not read. Speakers and rooms in a
    script without capitals are read."""
    text = (
        "# همایش ۱۴۰۵\n\n## چهارشنبه ۲۸ آبان ۱۴۰۵\n\n"
        "- ۰۹:۰۰–۰۹:۴۵ معرفی لینوکس — علی رضایی — سالن اصلی\n"
        "- ۱۰:۰۰–۱۰:۳۰ پایتون — مریم احمدی — سالن ۲\n"
    )
    talks, warnings = markdown.parse(text, "fa.md", "Asia/Tehran")
    assert [(t.title, t.start, [s.name for s in t.speakers], t.room) for t in talks] == [
        ("معرفی لینوکس", None, ["علی رضایی"], "سالن اصلی"),
        ("پایتون", None, ["مریم احمدی"], "سالن ۲"),
    ]
    assert "a day this reader cannot read" in warnings[0] and "چهارشنبه" in warnings[0]


PAGE = """---
title: "Writing API references people read"
date: 2026-09-14T11:00:00+02:00
duration: 45
speakers: ["Tomáš Dvořák", "Jana Svobodová"]
room: "Main stage"
---
Structure, examples and the reference nobody reads.
"""


def test_a_page_of_one_talk_is_read_from_its_front_matter() -> None:
    """Sweep 7: a static site's folder of one file per talk (Hugo) was refused: the
    front matter gives the talk, its text the abstract."""
    from ingest.detect import parse_text

    fmt, (talk,), _ = parse_text(PAGE, "api-reference.md")
    assert fmt == "markdown"
    assert (talk.title, talk.start.isoformat(), talk.end.isoformat(), talk.room) == (
        "Writing API references people read",
        "2026-09-14T11:00:00+02:00",
        "2026-09-14T11:45:00+02:00",
        "Main stage",
    )
    assert [s.name for s in talk.speakers] == ["Tomáš Dvořák", "Jana Svobodová"]
    assert talk.abstract == "Structure, examples and the reference nobody reads."


def test_a_blog_posts_front_matter_is_no_talk() -> None:
    from talkbase.core.errors import InputError

    post = PAGE.replace("duration: 45\n", "").replace('room: "Main stage"\n', "author: Jana\n")
    with pytest.raises(InputError):
        markdown.parse(post, "post.md")

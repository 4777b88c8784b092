"""Sweep 6's text programs: a front matter's zone, room headings over talk
headings, list lines whose room word is Finnish or Vietnamese, Arabic labels."""

from ingest.formats import markdown

_DAY_ROOM_TALK = """---
title: RubyConf Brasil 2026
timezone: America/Sao_Paulo
---

# Sábado, 21 de novembro de 2026

## Sala Ipê

### 10:00–10:40 Ractors em produção
Palestrante: Júlia Costa (Shopify)

Concorrência real em Ruby 3.4.

## Sala Jatobá

### 10:00–10:40 YJIT por dentro
Palestrante: Marina Souza (GitHub)

Como o JIT do Ruby gera código.
"""


def test_a_front_matter_zone_is_the_times_zone():
    talks, warnings = markdown.parse(_DAY_ROOM_TALK, "rb.md", "America/Los_Angeles")
    assert [f"{t.start:%Y-%m-%d %H:%M %z}" for t in talks] == [
        "2026-11-21 10:00 -0300",
        "2026-11-21 10:00 -0300",
    ]
    assert talks[0].conference == "RubyConf Brasil 2026"
    assert warnings == []


def test_a_front_matter_key_whose_value_is_a_zone_name_names_it():
    text = _DAY_ROOM_TALK.replace("timezone:", "zona:")
    talks, _ = markdown.parse(text, "rb.md", "America/Los_Angeles")
    assert f"{talks[0].start:%z}" == "-0300"


def test_a_room_heading_over_talk_headings_is_their_room_not_their_track():
    talks, _ = markdown.parse(_DAY_ROOM_TALK, "rb.md", "UTC")
    assert [(t.title, t.room, t.track) for t in talks] == [
        ("Ractors em produção", "Sala Ipê", None),
        ("YJIT por dentro", "Sala Jatobá", None),
    ]
    assert talks[0].speakers[0].name == "Júlia Costa"


def test_a_track_heading_over_talk_headings_stays_their_track():
    text = _DAY_ROOM_TALK.replace("## Sala Ipê", "## Concorrência")
    talks, _ = markdown.parse(text, "rb.md", "UTC")
    assert (talks[0].room, talks[0].track) == (None, "Concorrência")
    assert (talks[1].room, talks[1].track) == ("Sala Jatobá", None)


def test_finnish_and_vietnamese_room_words_end_a_list_line():
    fi = (
        "# Päivä 2026\n\n## Torstai 15. lokakuuta 2026\n\n"
        "- 10:00–10:45 Tyyppivihjeet käytännössä — Mikko Korhonen (Wolt), Sali 2\n"
        "- 11:00–11:30 Datan laatu — Laura Nieminen (Tilastokeskus), Sali 1\n"
    )
    talks, _ = markdown.parse(fi, "fi.md", "Europe/Helsinki")
    t = talks[0]
    assert (t.title, t.room, t.speakers[0].name, t.speakers[0].affiliation) == (
        "Tyyppivihjeet käytännössä",
        "Sali 2",
        "Mikko Korhonen",
        "Wolt",
    )
    vi = (
        "Saturday 7 November 2026\n\n"
        "08:30 - 09:15 | Khai mạc: Hệ sinh thái web | Nguyễn Văn An (VNG) | Hội trường A\n"
        "09:30 - 10:15 | Tối ưu hiệu năng với Next.js | Trần Thị Bích (Tiki) | Phòng B\n"
    )
    talks, _ = markdown.parse(vi, "vi.txt", "Asia/Ho_Chi_Minh")
    assert [(t.room, [s.name for s in t.speakers]) for t in talks] == [
        ("Hội trường A", ["Nguyễn Văn An"]),
        ("Phòng B", ["Trần Thị Bích"]),
    ]


def test_room_words_of_other_languages_name_rooms():
    from ingest.formats.mdparts import room_named

    for name in ("Sali 1", "Phòng B", "Hội trường A", "Nagy terem", "Ruang 3", "قاعة 2", "Sala 4"):
        assert room_named(name), name
    assert not room_named("Trường học")  # (one word of the two is no room)


def test_dotted_list_times_under_day_headings_are_clock_times():
    """Sweep 6: "- 9.00–9.45" under "Torstai 15. lokakuuta 2026" was refused; under
    headings that name days, a range of two dotted clock times in order is a time."""
    text = (
        "# Ohjelma 2026\n\n## Torstai 15. lokakuuta 2026\n\n"
        "- 9.00–9.45 Avaus — Aino Virtanen, Sali 1\n"
        "- **13.15 - 14.00** Koneoppiminen — Juha Mäkinen, Sali 2\n"
    )
    talks, _ = markdown.parse(text, "fi.md", "Europe/Helsinki")
    got = [(t.title, t.start.strftime("%d %H:%M"), t.end.strftime("%H:%M")) for t in talks]
    assert got == [("Avaus", "15 09:00", "09:45"), ("Koneoppiminen", "15 13:15", "14:00")]
    assert [t.room for t in talks] == ["Sali 1", "Sali 2"]


def test_dotted_ranges_that_are_no_times_in_order_are_refused_saying_why():
    import pytest

    from talkbase.core.errors import InputError

    backwards = (  # 15.10–12.10: days of October, not times
        "# Ohjelma 2026\n\n## Torstai 15. lokakuuta 2026\n\n"
        "- 9.00–9.45 Avaus — Aino Virtanen, Sali 1\n- 15.10–12.10 Näyttely\n"
    )
    with pytest.raises(InputError) as caught:
        markdown.parse(backwards, "fi.md", "Europe/Helsinki")
    assert "9.00–9.45" in str(caught.value) and "9:00–9:45" in str(caught.value)


def test_timed_lines_under_no_readable_day_are_refused_saying_so():
    import pytest

    from talkbase.core.errors import InputError

    text = "Hello,\n\nSaturday the seventh\n\n08:30 - 09:15 | A | B\n09:30 - 10:15 | C | D\n"
    with pytest.raises(InputError) as caught:
        markdown.parse(text, "vi.txt", "UTC")
    said = str(caught.value)
    assert "line 5" in said and "day" in said and "and it has none" not in said


def test_arabic_labels_give_a_talks_speaker_and_room():
    text = (
        "# ملتقى المطورين العرب 2026\n\nجميع الأوقات بتوقيت الرياض (Asia/Riyadh).\n\n"
        "## السبت 14 نوفمبر 2026\n\n### 10:00–10:45 الذكاء الاصطناعي باللغة العربية\n"
        "**المتحدث:** أحمد العتيبي (أرامكو)\n**القاعة:** القاعة الكبرى\n\n"
        "نماذج لغوية عربية مفتوحة المصدر وتقييمها.\n"
    )
    talks, _ = markdown.parse(text, "ar.md", "UTC")
    t = talks[0]
    assert (t.speakers[0].name, t.speakers[0].affiliation, t.room) == (
        "أحمد العتيبي",
        "أرامكو",
        "القاعة الكبرى",
    )
    assert t.abstract == "نماذج لغوية عربية مفتوحة المصدر وتقييمها."


def test_column_names_of_more_languages_name_their_fields():
    from ingest.formats.columns import resolve

    got = resolve(["Judul", "Pembicara", "Ruang", "Tanggal", "Waktu"])
    assert got == {
        "title": "Judul",
        "speakers": "Pembicara",
        "room": "Ruang",
        "date": "Tanggal",
        "start": "Waktu",
    }
    assert resolve(["Előadó", "Terem"]) == {"speakers": "Előadó", "room": "Terem"}


def test_vietnamese_dates_with_their_unit_words_and_two_word_names_are_days():
    """Sweep 6: "Thứ Bảy, ngày 7 tháng 11 năm 2026" (Saturday, day 7 month 11 year
    2026) was no day: its weekday and month are two words each, and "ngày", "năm"
    are Vietnamese's words for day and year (CLDR's unit names)."""
    from ingest.formats.mdparts import spoken_day

    assert spoken_day("Thứ Bảy, ngày 7 tháng 11 năm 2026", ("vi",)) == (5, 7, 11, 2026)
    assert spoken_day("Chủ Nhật, 8 tháng 11, 2026", ("vi",)) == (6, 8, 11, 2026)
    assert spoken_day("Mac OS 9", ("en", "vi")) is None
    text = (
        "Tiêu đề: Lịch trình chính thức - Vietnam Web Summit 2026\n\n"
        "Thứ Bảy, ngày 7 tháng 11 năm 2026\n\n"
        "08:30 - 09:15 | Khai mạc | Nguyễn Văn An (VNG) | Hội trường A\n"
        "09:30 - 10:15 | Tối ưu hiệu năng với Next.js | Trần Thị Bích (Tiki) | Phòng B\n"
    )
    talks, _ = markdown.parse(text, "vi.txt", "Asia/Ho_Chi_Minh")
    assert [(t.title, t.start.isoformat()) for t in talks] == [
        ("Khai mạc", "2026-11-07T08:30:00+07:00"),
        ("Tối ưu hiệu năng với Next.js", "2026-11-07T09:30:00+07:00"),
    ]
    assert {t.conference for t in talks} == {"Vietnam Web Summit 2026"}
    assert [t.room for t in talks] == ["Hội trường A", "Phòng B"]

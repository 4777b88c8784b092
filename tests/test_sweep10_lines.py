"""Documents of the tenth outside sweep whose list lines, headings or tables were read
wrong, each reduced to what it showed, and the cases a review of a first, broader fix
found that fix to break (they must read as before)."""

from __future__ import annotations

from ingest.formats import markdown


def _read(text: str, zone: str = "Europe/Madrid") -> list[tuple[str, list[str], str | None]]:
    talks, _ = markdown.parse(text, "program.md", zone)
    return [(t.title, [s.name for s in t.speakers], t.room) for t in talks]



def test_the_arabic_list_comma_sets_the_room_off_the_speakers() -> None:
    """Sweep 10, S9: "— سارة العتيبي، القاعة الرئيسية" (the Arabic script's list comma,
    CLDR's "،") left the speaker and the room in the title."""
    text = (
        "# مؤتمر المطورين 2026\n\n## الثلاثاء، 10 نوفمبر 2026\n\n"
        "- 09:00–09:30 كلمة الافتتاح — سارة العتيبي، القاعة الرئيسية\n"
        "- 10:30–11:15 معالجة اللغة — ليلى حسن، عمر خالد، القاعة 2\n"
    )
    assert _read(text, "Asia/Riyadh") == [
        ("كلمة الافتتاح", ["سارة العتيبي"], "القاعة الرئيسية"),
        ("معالجة اللغة", ["ليلى حسن", "عمر خالد"], "القاعة 2"),
    ]


def test_hebrew_room_words_and_a_hebrew_day_heading() -> None:
    """Sweep 10, S9: "— נועה כהן, אולם ראשי" and "— מיכל אברהם — חדר 2" kept speaker
    and room in the title (Hebrew had no room words), and the day heading "יום שלישי,
    10 בנובמבר 2026" was no day (CLDR's Hebrew date glues "ב" to the month: "d בMMMM
    y"), so every talk lost its time."""
    text = (
        "# כנס מפתחים 2026\n\n## יום שלישי, 10 בנובמבר 2026\n\n"
        "- 09:00–09:30 דברי פתיחה — נועה כהן, אולם ראשי\n"
        "- 10:30–11:15 אבטחת תוכנה — מיכל אברהם (Check Point) — חדר 2\n"
    )
    talks, _ = markdown.parse(text, "program.md", "Asia/Jerusalem")
    got = [(t.title, [s.name for s in t.speakers], t.room, t.start.isoformat()) for t in talks]
    assert got == [
        ("דברי פתיחה", ["נועה כהן"], "אולם ראשי", "2026-11-10T09:00:00+02:00"),
        ("אבטחת תוכנה", ["מיכל אברהם"], "חדר 2", "2026-11-10T10:30:00+02:00"),
    ]
    assert talks[1].speakers[0].affiliation == "Check Point"


def test_a_cjk_day_heading_with_its_weekday_after_a_space_is_a_day() -> None:
    """Sweep 10, W6: "## 2026年11月21日 星期六" was no day (only "（星期六）" was), so
    its talks lost their time; the weekday after it is read as CLDR names it, in
    parentheses or not, and a word that is no weekday keeps the heading no date."""
    from ingest.when import parse_date

    text = (
        "# 2026 开源技术大会\n\n## 2026年11月21日 星期六\n\n"
        "- 09:00–09:30 开幕致辞 — 王磊（开源中国）— 主会场\n"
        "- 09:30–10:15 大模型推理 — 李娜 — 主会场\n"
    )
    talks, _ = markdown.parse(text, "program.md", "Asia/Shanghai")
    assert [t.start.isoformat() for t in talks] == [
        "2026-11-21T09:00:00+08:00",
        "2026-11-21T09:30:00+08:00",
    ]
    assert parse_date("2024년 10월 5일 토요일").isoformat() == "2024-10-05"
    assert parse_date("2024年10月5日土曜日").isoformat() == "2024-10-05"
    assert parse_date("2026年11月21日 会场") is None


def test_a_chinese_program_table_headed_in_its_usual_words_is_read() -> None:
    """Sweep 10, R1: a table headed "时间 | 议题 | 讲者 | 地点" was refused (议题, the
    topic, named no title column); the same words in traditional characters too."""
    from ingest.formats.columns import resolve

    text = (
        "# 2026 开源技术大会 议程\n\n## 2026年11月21日（星期六）\n\n"
        "| 时间 | 议题 | 讲者 | 地点 |\n| --- | --- | --- | --- |\n"
        "| 09:00–09:30 | 开幕致辞 | 王磊（开源中国） | 主会场 |\n"
        "| 下午2:00–2:45 | 鸿蒙应用开发入门 | 赵敏（华为）、周婷 | 分会场A |\n"
    )
    talks, _ = markdown.parse(text, "program.md", "Asia/Shanghai")
    assert [
        (t.title, [s.name for s in t.speakers], t.room, t.start.isoformat()) for t in talks
    ] == [
        ("开幕致辞", ["王磊"], "主会场", "2026-11-21T09:00:00+08:00"),
        ("鸿蒙应用开发入门", ["赵敏", "周婷"], "分会场A", "2026-11-21T14:00:00+08:00"),
    ]
    assert talks[0].speakers[0].affiliation == "开源中国"
    assert resolve(["時間", "議題", "講者", "地點"]) == {
        "start": "時間",
        "title": "議題",
        "speakers": "講者",
        "room": "地點",
    }

"""Documents of the tenth outside sweep whose list lines, headings or tables were read
wrong, each reduced to what it showed, and the cases a review of a first, broader fix
found that fix to break (they must read as before)."""

from __future__ import annotations

import pytest

from ingest import parse_text
from ingest.formats import markdown
from talkbase.core.errors import InputError


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


def test_a_session_headings_room_in_parentheses_is_the_room_the_rest_the_track() -> None:
    """Sweep 10, S6: under "### Session 1: Testing and Verification (09:00–10:30, Room
    Copacabana)" every paper's room was the whole heading, and no track; the room
    is the part of its parentheses that names one, the session the words before."""
    text = (
        "# Workshop 2026\n\n## Tuesday, April 14, 2026\n\n"
        "### Session 1: Testing (09:00–10:30, Room Copacabana)\n\n"
        "- 09:00–09:20 **Mutation testing** — Lucas Almeida (UFPE)\n"
        "- 09:20–09:40 **Flaky tests** — Sarah Kim (KAIST)\n\n"
        "### Keynote (11:00–12:00, Hall B)\n\n"
        "- 11:00–11:30 **The Global South** — Carlos Jensen\n"
        "- 11:30–12:00 **Questions** — Carlos Jensen\n\n"
        "### Sala Ipê\n\n"
        "- 14:00–14:30 **Open data** — Ana Lima\n"
        "- 14:30–15:00 **Closed data** — Rui Costa\n"
    )
    talks, _ = markdown.parse(text, "papers.md", "America/Sao_Paulo")
    assert [(t.title, t.room, t.track) for t in talks] == [
        ("Mutation testing", "Room Copacabana", "Session 1: Testing"),
        ("Flaky tests", "Room Copacabana", "Session 1: Testing"),
        ("The Global South", "Hall B", "Keynote"),
        ("Questions", "Hall B", "Keynote"),
        ("Open data", "Sala Ipê", None),
        ("Closed data", "Sala Ipê", None),
    ]


def test_talk_headings_under_a_session_heading_with_its_room_in_parentheses() -> None:
    """The same heading over talks written as headings: the room in its parentheses,
    the session its track (a heading that gives a time and a room with nothing apart,
    "## 14:00–15:30 · Room 2", still names a session)."""
    text = (
        "# Workshop 2026\n\n## Tuesday, April 14, 2026\n\n"
        "### Session 1: Testing (09:00–10:30, Room Copacabana)\n\n"
        "#### 09:00 Mutation testing\n\nSpeakers: Lucas Almeida\n\nAbout mutants.\n\n"
        "#### 09:20 Flaky tests\n\nSpeakers: Sarah Kim\n\nAbout flakes.\n"
    )
    talks, _ = markdown.parse(text, "papers.md", "America/Sao_Paulo")
    assert [(t.title, t.room, t.track) for t in talks] == [
        ("Mutation testing", "Room Copacabana", "Session 1: Testing"),
        ("Flaky tests", "Room Copacabana", "Session 1: Testing"),
    ]


def test_a_time_block_with_its_room_in_parentheses_keeps_the_track_above() -> None:
    """Review of the first S6 fix, R3: "#### Morning block (Room K.1.105)" under "###
    Security devroom" gives the room, and the devroom stays the track (the block only
    frames time in it)."""
    text = (
        "# FOSDEM-like 2026\n\n## Saturday, 7 February 2026\n\n### Security devroom\n\n"
        "#### Morning block (Room K.1.105)\n\n- 09:00 Secure boot — Alice Martin\n"
        "- 09:30 Sigstore in practice — Bob Jones\n\n"
        "#### Afternoon block (Room K.1.105)\n\n- 14:00 SBOMs — Carol White\n"
    )
    talks, _ = markdown.parse(text, "program.md", "Europe/Brussels")
    assert [(t.title, t.room, t.track) for t in talks] == [
        ("Secure boot", "Room K.1.105", "Security devroom"),
        ("Sigstore in practice", "Room K.1.105", "Security devroom"),
        ("SBOMs", "Room K.1.105", "Security devroom"),
    ]


def test_parentheses_that_only_mention_a_room_read_as_before() -> None:
    """Review of the first S6 fix: "(Chair: Jane Room)", "(Room for discussion)" and
    "(streamed from Room 101 to Hall B)" mention a room but hold no room's name alone
    (`mdparts.room_name`): the heading is read as before, the room (review G2 of the
    second fix: no heading main gave a room loses it); "(Main Hall, moderated by Dan
    Brown)" names one."""
    text = (
        "# SE Days 2026\n\n## Wednesday, 13 May 2026\n\n"
        "### Session A: Security (Chair: Jane Room)\n\n"
        "#### 09:00 Secure boot in practice\nAlice Martin\n\n"
        "#### 09:30 Supply chain attacks\nBob Jones\n\n"
        "### Session B: Education (Room for discussion)\n\n#### 11:00 Teaching Git\nCarol White\n\n"
        "### Web track (streamed from Room 101 to Hall B)\n\n#### 12:00 Axum\nDan Brown\n\n"
        "### Panel (Main Hall, moderated by Dan Brown)\n\n"
        "#### 14:00 Open source sustainability\nEve Adams\n"
    )
    talks, _ = markdown.parse(text, "program.md", "America/Los_Angeles")
    assert [(t.title, t.room, t.track) for t in talks] == [
        ("Secure boot in practice", "Session A: Security (Chair: Jane Room)", None),
        ("Supply chain attacks", "Session A: Security (Chair: Jane Room)", None),
        ("Teaching Git", "Session B: Education (Room for discussion)", None),
        ("Axum", "Web track (streamed from Room 101 to Hall B)", None),
        ("Open source sustainability", "Main Hall", "Panel"),
    ]


_NOT_A_ROOM_ALONE = (
    "Closing (Main Hall & livestream)",
    "Session 5 (aula magna)",
    "Demos (Room 2 / online)",
    "Session 6 (17:00–18:00 Room 6)",
    "Session A (Chair: X Hall)",
)


@pytest.mark.parametrize("track", [None, "Security devroom"])
def test_a_heading_whose_parentheses_hold_no_rooms_name_alone_keeps_its_room(
    track: str | None,
) -> None:
    """Review G2 of the second S6 fix: "#### Closing (Main Hall & livestream)", "(aula
    magna)", "(Room 2 / online)", "(17:00–18:00 Room 6)" name a room beside other
    words; their talks lost the room (the whole heading, as main read it) and, under
    "### Security devroom", the heading replaced the devroom as their track. Where no
    part of the parentheses is a room's name alone, the heading reads as before."""
    above = f"### {track}\n\n" if track else ""
    body = "".join(
        f"#### {h}\n\n- 09:00 Talk {i}a — Alice Martin\n- 09:30 Talk {i}b — Bob Jones\n\n"
        for i, h in enumerate(_NOT_A_ROOM_ALONE)
    )
    text = f"# Conf 2026\n\n## Monday, 16 March 2026\n\n{above}{body}"
    talks, _ = markdown.parse(text, "program.md", "Europe/Brussels")
    assert [(t.title, t.room, t.track) for t in talks] == [
        (f"Talk {i}{x}", h, track) for i, h in enumerate(_NOT_A_ROOM_ALONE) for x in "ab"
    ]
    headed = "".join(
        f"#### {h}\n\n##### 09:00 Talk {i}\n\nSpeakers: Alice Martin\n\nAbout.\n\n"
        for i, h in enumerate(_NOT_A_ROOM_ALONE)
    )
    text = f"# Conf 2026\n\n## Monday, 16 March 2026\n\n{above}{headed}"
    talks, _ = markdown.parse(text, "program.md", "Europe/Brussels")
    # (a heading that gives a time beside its room names a session, as before)
    assert [(t.title, t.room, t.track) for t in talks] == [
        (f"Talk {i}", None if "17:00" in h else h, h if "17:00" in h else track)
        for i, h in enumerate(_NOT_A_ROOM_ALONE)
    ]


def test_a_chinese_topic_column_beside_a_title_column_is_the_track() -> None:
    """Review G1 of the R1 fix: in a table headed "时间 | 主题 | 题目 | 讲者 | 地点" the
    session's theme (主题) was taken for every talk's title and the titles (题目)
    dropped; a topic word (主题, 议题) is the title only where no other word names it,
    else the track, as "Tema" beside "Titolo" and "Topic" beside "Title" are."""
    from ingest.formats.columns import resolve

    text = (
        "# 2026 开源技术大会\n\n## 2026年11月21日（星期六）\n\n"
        "| 时间 | 主题 | 题目 | 讲者 | 地点 |\n| --- | --- | --- | --- | --- |\n"
        "| 09:00 | 云原生 | Kubernetes 实践 | 王芳 | 主会场 |\n"
        "| 10:00 | 云原生 | 服务网格 | 李娜 | 主会场 |\n"
    )
    talks, _ = markdown.parse(text, "program.md", "Asia/Shanghai")
    assert [(t.title, [s.name for s in t.speakers], t.room, t.track) for t in talks] == [
        ("Kubernetes 实践", ["王芳"], "主会场", "云原生"),
        ("服务网格", ["李娜"], "主会场", "云原生"),
    ]
    assert resolve(["时间", "议题", "讲题", "讲者"]) == {
        "start": "时间",
        "title": "讲题",
        "track": "议题",
        "speakers": "讲者",
    }
    assert resolve(["時間", "議題", "講者"])["title"] == "議題"


def test_an_h_after_the_clocks_before_a_separator_is_no_part_of_the_title() -> None:
    """Sweep 10, S7: "- 9:00 a 9:30 h · Bienvenida — Laura Sanchis, Sala Ausiàs March"
    was titled "h", its title the speaker, its speaker in the room: the "h" written
    after a clock (CLDR's, `when.clock_suffixes`) before a spaced separator is read
    with the clocks."""
    text = (
        "# Jornadas 2026\n\n## Viernes, 20 de noviembre de 2026\n\n"
        "- 9:00 a 9:30 h · Bienvenida — Laura Sanchis, Sala Ausiàs March\n"
        "- 9:30 a 10:15 h · GNOME en la Generalitat — Vicent Ferrer (Generalitat "
        "Valenciana), Sala Ausiàs March\n"
        "- 11:30 h · Pausa café\n"
    )
    assert _read(text) == [
        ("Bienvenida", ["Laura Sanchis"], "Sala Ausiàs March"),
        ("GNOME en la Generalitat", ["Vicent Ferrer"], "Sala Ausiàs March"),
        ("Pausa café", [], None),
    ]


def test_uur_after_a_range_before_a_colon_is_no_part_of_the_title() -> None:
    """Sweep 10, S8: "- 09.00 - 09.30 uur: Welkom door de schepen — Sofie Claes, Aula"
    was titled "uur: Welkom door de schepen"."""
    text = (
        "# Open Data Dag Gent 2026\n\n## Donderdag 12 maart 2026\n\n"
        "- 09.00 - 09.30 uur: Welkom door de schepen — Sofie Claes, Aula\n"
        "- 10.30 - 11.15 uur: Open data voor mobiliteit — Lotte Jacobs (De Lijn), Zaal B\n"
    )
    assert _read(text, "Europe/Brussels") == [
        ("Welkom door de schepen", ["Sofie Claes"], "Aula"),
        ("Open data voor mobiliteit", ["Lotte Jacobs"], "Zaal B"),
    ]


def test_a_titles_first_word_that_names_the_hour_stays_in_the_title() -> None:
    """Review of the first S7/S8 fix, R1: words for the hour, or a clock's word before
    a bare hyphen, a colon after a single clock, or a title's next word, are the
    title's first word ("Time-travel", "Hora: …", "Giờ cao điểm", "Gio — a toolkit",
    "h: the Planck constant"), after a clock or a range."""
    titles = [
        "Time-travel debugging with rr",
        "Hours: a history of timekeeping",
        "Std-lib secrets of Python",
        "Jam — everyone welcome",
        "Jam-session with the house band",
        "Stunden-Zettel automatisieren",
        "Ora: tempo reale con asyncio",
        "Godzina: zero downtime",
        "Timer: hvorfor alt tager længere tid",
        "Saat-Kulesi projesi",
        "Hora: o tempo em Python",
        "Heure-d'été et fuseaux horaires",
        "Jam: arsitektur event loop",
        "Час: измерение задержек",
        "ч. Ошибки в кэше",
        "Timmar: tidrapportering med Rust",
        "Giờ cao điểm với Kubernetes",
        "Gio — a Go GUI toolkit",
        "Gio Ponti and modern interfaces",
        "Uur-glass patterns in UI",
        "h-index para ingenieros",
        "h: the Planck constant in code",
        "Sat-solvers for scheduling",
    ]
    for clocks in ("10:00", "10:00–10:30", "10.00 - 10.30 uur:", "10:00 – 10:30 h ·"):
        lines = "".join(f"- {clocks} {t} — Ana Souza, Sala 1\n" for t in titles)
        text = f"# Conf 2026\n\n## Monday, 16 March 2026\n\n{lines}"
        assert [t for t, _, _ in _read(text)] == titles, clocks


def test_a_clock_words_copy_without_accents_stays_in_the_title() -> None:
    """Review G4 of the S7/S8 fix: "10:00–10:30 gio: setting up Gio" was titled
    "setting up Gio" ("gio", the Vietnamese "giờ" without its accents, was read as the
    word after the clocks); only the word as CLDR writes it is."""
    text = (
        "# Gio Day 2026\n\n## Monday, 16 March 2026\n\n"
        "- 10:00–10:30 gio: setting up Gio — Ana Souza, Sala 1\n"
        "- 11:00–11:30 giờ: Giờ vàng — Ana Souza, Phòng 2\n"
    )
    assert _read(text, "Asia/Ho_Chi_Minh") == [
        ("gio: setting up Gio", ["Ana Souza"], "Sala 1"),
        ("Giờ vàng", ["Ana Souza"], "Phòng 2"),
    ]


def test_a_csv_grid_whose_times_give_their_date_is_refused_as_a_grid() -> None:
    """Sweep 10, R2: a grid of rooms by times in CSV whose time cells give their date
    first ("2026-05-13 09:00-09:45") was refused as a table naming only 'Time', with
    "--map title='Hall A'"; it is refused saying it is a grid. (Grids are still not
    read, in CSV nor in Markdown.)"""
    text = (
        "Time,Hall A,Hall B,Room 3\n"
        "2026-05-13 09:00-09:45,Keynote: Thirty years of Java — Anna Kowalska (Oracle),,\n"
        "2026-05-13 10:00-10:45,Virtual threads — Piotr Nowak,Kotlin — Marta Wiśniewska,\n"
    )
    with pytest.raises(InputError) as refused:
        parse_text(text, "grid.csv")
    said = str(refused.value)
    assert "a grid of rooms by times" in said and "'Room 3'" in said
    assert "--map title=" not in said


def test_a_csv_converting_clock_times_between_zones_is_no_grid_of_rooms() -> None:
    """Review of the first R2 fix, R4: a table of clock times by zones ("Time, UTC, CET,
    EST") was refused as "a grid of rooms by times (the rooms 'UTC', 'CET', 'EST')";
    its cells are times, not talks, so it is refused as a table naming only 'Time'."""
    text = "Time,UTC,CET,EST\n09:00,09:00,10:00,04:00\n10:00,10:00,11:00,05:00\n"
    with pytest.raises(InputError) as refused:
        parse_text(text, "zones.csv")
    said = str(refused.value)
    assert "grid" not in said and "'UTC'" in said

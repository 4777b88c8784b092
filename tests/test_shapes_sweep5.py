"""Program documents of the fifth outside sweep: Portuguese and Turkish day headings
that name the weekday ("Quinta-feira, 3 de dezembro de 2026", "5 Aralık 2026,
Cumartesi"), list lines "time | Title | Speaker | Room" and "time Title — Speaker
(Org), Salon A", and an e-mail's closing words after the last list."""

from __future__ import annotations

import pytest

from ingest import parse_text

PT = """Assunto: Grade final - Python Brasil 2026

Olá, pessoal! Segue a grade final das palestras.

## Quinta-feira, 3 de dezembro de 2026

- 9:30 - 10:15 | Abertura: O Futuro da Comunidade | Fernanda Oliveira (APyB) | Auditório Principal
- 10:30 - 11:15 | Pandas 3.0 na prática | Rafael Souza (Nubank) | Sala Ipê

## Sexta-feira, 4 de dezembro de 2026

- 9:00 - 9:45 | Visão computacional no agronegócio | João Pedro Almeida (Embrapa) | Sala Ipê
- 16:15 - 17:00 | Encerramento e sorteios | Comissão | Auditório Principal

Abraços,
Comissão organizadora
"""

TR = """# Ruby Türkiye Buluşması 2026

Saatler İstanbul saatiyle (Europe/Istanbul) verilmiştir.

## 5 Aralık 2026, Cumartesi

- 10:00–10:40 Rails 8 ile Sıfırdan Üretime — Elif Şahin (Papara), Salon A
- 11:00–11:30 Hotwire ve Stimulus İpuçları — Burak Aydoğan, Salon B

## 6 Aralık 2026, Pazar

- 14:00–14:45 Ractor'lar — Deniz Arslan (Insider), Salon A
"""


def _rows(text: str, name: str) -> list[tuple]:
    _, talks, _ = parse_text(text, name)
    return [
        (
            t.title,
            f"{t.start:%Y-%m-%d %H:%M}" if t.start else None,
            t.room,
            [(s.name, s.affiliation) for s in t.speakers],
        )
        for t in talks
    ]


def test_a_portuguese_program_with_pipes_and_a_closing():
    assert _rows(PT, "grade.md") == [
        (
            "Abertura: O Futuro da Comunidade",
            "2026-12-03 09:30",
            "Auditório Principal",
            [("Fernanda Oliveira", "APyB")],
        ),
        ("Pandas 3.0 na prática", "2026-12-03 10:30", "Sala Ipê", [("Rafael Souza", "Nubank")]),
        (
            "Visão computacional no agronegócio",
            "2026-12-04 09:00",
            "Sala Ipê",
            [("João Pedro Almeida", "Embrapa")],
        ),
        (
            "Encerramento e sorteios",
            "2026-12-04 16:15",
            "Auditório Principal",
            [("Comissão", None)],
        ),
    ]


def test_a_turkish_list_with_the_room_after_the_speaker():
    assert _rows(TR, "ruby.md") == [
        ("Rails 8 ile Sıfırdan Üretime", "2026-12-05 10:00", "Salon A", [("Elif Şahin", "Papara")]),
        ("Hotwire ve Stimulus İpuçları", "2026-12-05 11:00", "Salon B", [("Burak Aydoğan", None)]),
        ("Ractor'lar", "2026-12-06 14:00", "Salon A", [("Deniz Arslan", "Insider")]),
    ]


def test_a_comma_part_that_is_no_room_stays_a_speaker():
    text = (
        "# Meetup 2026\n\n## 5 December 2026\n\n"
        "- 10:00 Talk one — Ana Lima, Jo Kim\n- 11:00 Talk two — Bo Li\n"
    )
    assert [r[3] for r in _rows(text, "x.md")] == [
        [("Ana Lima", None), ("Jo Kim", None)],
        [("Bo Li", None)],
    ]


EMAIL = """Subject: Final schedule — Open Source Summit Nairobi 2026

Hi all,

Here is the final schedule. All times are East Africa Time (Africa/Nairobi).

Tuesday 9 June 2026
09:00-09:45  Building M-Pesa Integrations in Go — Wanjiru Kamau (Safaricom) — Hall 1
10:00-10:30  Offline-First Apps for Rural Clinics — Otieno Odhiambo — Hall 2

Wednesday 10 June 2026
14h - 14h45 | Open Data for Agriculture | Amina Hassan (KALRO) | Hall 1

Cheers,
The program committee
"""


def test_a_plain_text_email_schedule_is_read():
    fmt, talks, warnings = parse_text(EMAIL, "schedule.txt")
    assert fmt == "markdown" and warnings == []
    assert {t.conference for t in talks} == {"Open Source Summit Nairobi 2026"}  # its subject
    assert [
        (
            t.title,
            f"{t.start:%Y-%m-%d %H:%M %Z}",
            f"{t.end:%H:%M}",
            t.room,
            [(s.name, s.affiliation) for s in t.speakers],
        )
        for t in talks
    ] == [
        (
            "Building M-Pesa Integrations in Go",
            "2026-06-09 09:00 EAT",
            "09:45",
            "Hall 1",
            [("Wanjiru Kamau", "Safaricom")],
        ),
        (
            "Offline-First Apps for Rural Clinics",
            "2026-06-09 10:00 EAT",
            "10:30",
            "Hall 2",
            [("Otieno Odhiambo", None)],
        ),
        (
            "Open Data for Agriculture",
            "2026-06-10 14:00 EAT",
            "14:45",
            "Hall 1",
            [("Amina Hassan", "KALRO")],
        ),
    ]


def test_prose_with_a_date_and_times_is_no_plain_schedule():
    from ingest.formats.markdown import plain_schedule

    letter = "Dear all,\n\nTuesday 9 June 2026\n\nWe meet at 10:00 in the hall.\nBring food.\n"
    assert plain_schedule(letter.split("\n")) is None


PAGE = """<!DOCTYPE html><html><head><title>DevFest 2026 - Program</title></head><body>
<h1>DevFest 2026</h1><p>All times Europe/Istanbul.</p>
<h2>5 December 2026</h2>
<table><thead><tr><th>Time</th><th>Title</th><th>Speaker</th><th>Room</th></tr></thead>
<tbody>
<tr><td rowspan="2">10:00 - 10:45</td><td>Flutter everywhere</td><td>Ayşe Yılmaz (Trendyol)</td><td>Salon 1</td></tr>
<tr><td>Kotlin coroutines</td><td>Mehmet Demir</td><td>Salon 2</td></tr>
<tr><td>12:00 - 13:00</td><td colspan="2">Lunch</td><td>Foyer</td></tr>
</tbody></table></body></html>
"""


def test_a_page_tables_spanning_cells_keep_every_cell_under_its_header():
    assert _rows(PAGE, "program.html") == [
        ("Flutter everywhere", "2026-12-05 10:00", "Salon 1", [("Ayşe Yılmaz", "Trendyol")]),
        ("Kotlin coroutines", "2026-12-05 10:00", "Salon 2", [("Mehmet Demir", None)]),
        ("Lunch", "2026-12-05 12:00", "Foyer", []),
    ]


def test_a_table_of_fields_under_turkish_headers_is_no_room_grid():
    """Turkish headers (Saat, Oturum, Konuşmacı, Salon) name the fields: a column of
    rooms and one of people, never a grid whose "rooms" are the headers."""
    turkish = PAGE.replace(
        "<th>Time</th><th>Title</th><th>Speaker</th><th>Room</th>",
        "<th>Saat</th><th>Oturum</th><th>Konuşmacı</th><th>Salon</th>",
    )
    assert _rows(turkish, "program.html") == _rows(PAGE, "program.html")


def test_a_column_of_rooms_tells_a_table_of_fields_from_a_room_grid():
    from ingest.formats.htmlpage import _Cell, _grid

    def row(*texts: str) -> list:
        return [_Cell((t,), 1, 1) for t in texts]

    fields = [
        row("", "Oturum", "Yer"),
        row("10:00", "Flutter", "Salon 1"),
        row("11:00", "Kotlin", "Salon 2"),
    ]
    assert _grid(fields, ("en", "tr")) is None
    rooms = [
        row("", "Hall A", "Hall B"),
        row("10:00", "Flutter", "Kotlin"),
        row("11:00", "Rust", "Go"),
    ]
    assert _grid(rooms, ("en",)) is not None


JA_MD = """# PyCon JP 2026 プログラム

時刻はすべて日本時間（Asia/Tokyo）です。

## 2026年12月5日（土）

### 11:00–11:30 型ヒントを大規模コードベースに導入する
**登壇者:** 佐藤 花子、鈴木 一郎（株式会社サンプル）
**会場:** ルームB
**トラック:** 品質

50万行のコードにmypyを段階的に導入した経験を共有します。

### 13:30–14:15 機械学習パイプラインの監視
**登壇者:** Emily Clark（Mercari）
**会場:** ホールA
"""

JA_CSV = (
    "タイトル,登壇者,日付,開始,終了,会場,言語\n"
    "Pythonで始める量子計算,高橋 健,2026年12月5日,13:00,13:40,ホールA,日本語\n"
    "Scaling Rails at Cookpad,Maria Lopez,2026年12月5日,午後2時,午後2時40分,ホールB,英語\n"
)


def test_japanese_labels_and_commas():
    _, talks, warnings = parse_text(JA_MD, "pyconjp.md")
    first = talks[0]
    assert (first.room, first.track) == ("ルームB", "品質")
    assert [(s.name, s.affiliation) for s in first.speakers] == [
        ("佐藤 花子", "株式会社サンプル"),
        ("鈴木 一郎", "株式会社サンプル"),
    ]
    assert first.abstract.startswith("50万行")
    assert [(s.name, s.affiliation) for s in talks[1].speakers] == [("Emily Clark", "Mercari")]


def test_japanese_headers_clocks_and_language_names():
    _, talks, _ = parse_text(JA_CSV, "jp.csv")
    assert [
        (
            t.title,
            f"{t.start:%Y-%m-%d %H:%M}",
            f"{t.end:%H:%M}",
            t.room,
            t.language,
            [s.name for s in t.speakers],
        )
        for t in talks
    ] == [
        ("Pythonで始める量子計算", "2026-12-05 13:00", "13:40", "ホールA", "ja", ["高橋 健"]),
        ("Scaling Rails at Cookpad", "2026-12-05 14:00", "14:40", "ホールB", "en", ["Maria Lopez"]),
    ]


def test_a_stray_quote_loses_its_row_only():
    text = (
        "title,speakers,date,start,end,room\n"
        "Reliable Webhooks,Grace Obi,2026-05-20,09:00,09:30,Room 1\n"
        '"Broken ""quote row,Bola Ade,2026-05-20,12:00,12:30,Room 2\n'
        "Feature Flags Done Right,Ifeanyi Nwosu,2026-05-21,14:00,14:45,Room 1\n"
        "Chaos Days,Ada Obi,2026-05-21,15:00,15:45,Room 2\n"
    )
    _, talks, warnings = parse_text(text, "bad.csv")
    assert [(t.title, t.sources[0].location) for t in talks] == [
        ("Reliable Webhooks", "line 2"),
        ("Feature Flags Done Right", "line 4"),
        ("Chaos Days", "line 5"),
    ]
    (said,) = [w for w in warnings if "quote" in w]
    assert said.startswith("bad.csv line 3:") and "the 2 rows after it are read" in said
    assert "cut short" not in said


def test_a_file_cut_inside_a_quoted_abstract_is_still_said_cut_short():
    text = (
        "title,speakers,date,start,abstract\n"
        "Reliable Webhooks,Grace Obi,2026-05-20,09:00,Short.\n"
        'Feature Flags,Ifeanyi Nwosu,2026-05-21,14:00,"First line of the abstract\n'
        "and a second line, cut"
    )
    _, talks, warnings = parse_text(text, "cut.csv")
    assert [t.title for t in talks] == ["Reliable Webhooks"]
    assert any("looks cut short" in w for w in warnings)


def test_a_pages_conference_is_the_title_part_naming_a_year():
    page = PAGE.replace(
        "<title>DevFest 2026 - Program</title>", "<title>DevFest İstanbul 2026 - Program</title>"
    )
    page = page.replace("<h1>DevFest 2026</h1>", "<h1>DevFest İstanbul 2026</h1>")
    _, talks, _ = parse_text(page, "program.html")
    assert {t.conference for t in talks} == {"DevFest İstanbul 2026"}


def test_a_korean_csv_and_kana_headers_are_read_by_their_names():
    korean = (
        "제목,발표자,소속,날짜,시작,종료,장소,트랙,언어,설명\n"
        "Rust로 만드는 게임 서버,이서연,넥슨,2026-10-21,11:00,11:40,룸 B,게임,한국어,메모리 안전성\n"
    )
    _, (talk,), _ = parse_text(korean, "ko.csv")
    assert (talk.room, talk.track, talk.language, talk.abstract) == (
        "룸 B",
        "게임",
        "ko",
        "메모리 안전성",
    )
    assert [(s.name, s.affiliation) for s in talk.speakers] == [("이서연", "넥슨")]
    kana = "タイトル,スピーカー,日付,時間\nRust入門,山田 太郎,2026-12-05,10:00\n"
    _, (talk,), _ = parse_text(kana, "ja.csv")
    assert [s.name for s in talk.speakers] == ["山田 太郎"] and f"{talk.start:%H:%M}" == "10:00"


def test_list_times_past_midnight_are_the_nights_of_their_day():
    text = (
        "# Night 2026\n\n## 18 July 2026\n\n"
        "- 22:30-24:00 Late talk — Ana Lima\n- 25:00-26:00 Later talk — Bo Li\n"
    )
    _, talks, warnings = parse_text(text, "night.md")
    assert [(f"{t.start:%m-%d %H:%M}", f"{t.end:%m-%d %H:%M}", f"{t.day}") for t in talks] == [
        ("07-18 22:30", "07-19 00:00", "2026-07-18"),
        ("07-19 01:00", "07-19 02:00", "2026-07-18"),
    ]
    assert not [w for w in warnings if "cannot be read" in w]


def test_what_the_new_readings_leave_alone():
    """Review of this round's readings: a length ("3h workshop") is no clock, a log to
    the second is no program, a subject line that is a sentence names no conference,
    a dated title part that is no heading of the page names none."""
    from ingest.formats.markdown import plain_schedule, subject_line
    from ingest.formats.mdparts import timed_bullet

    assert timed_bullet("- 3h workshop on Kubernetes") is None
    assert timed_bullet("- 14h - 14h45 | Keynote") is not None
    log = ["Server log", "Mon 2 March 2026", "10:00:01 INFO started", "10:00:02 WARN disk full"]
    assert plain_schedule(log) is None
    assert subject_line(["Subject: Re: Fwd: Room changes for 2026"]) == ""
    assert subject_line(["Subject: Final schedule — Open Source Summit 2026"]) == (
        "Open Source Summit 2026"
    )
    page = PAGE.replace(
        "<title>DevFest 2026 - Program</title>", "<title>Updated 2026-03-01 - Program</title>"
    )
    _, talks, _ = parse_text(page, "program.html")
    assert {t.conference for t in talks} != {"Updated 2026-03-01"}


def test_a_list_line_that_calls_its_talk_off():
    """ "— ODWOŁANE", "(ENTFÄLLT)", a title struck through: the talk is kept and said
    cancelled, the word never a speaker; "Uhr:" after the time is no part of a title."""
    text = (
        "# Java Days 2026\n\n## 22 October 2026\n\n"
        "- 11:00–11:40 Spring Boot 4 — Katarzyna Zielińska (VMware), Sala Główna — ODWOŁANE\n"
        "- 11:30–12:00 Uhr: Chaos Engineering – Sophie Wagner, Raum Elbe (ENTFÄLLT)\n"
        "- 13:00–13:30 ~~GraalVM native image~~ — Tomasz Lewandowski\n"
        "- 14:00–14:30 Wirtualne wątki — Piotr Wiśniewski (Allegro)\n"
    )
    _, talks, _ = parse_text(text, "java.md")
    assert [(t.title, [s.name for s in t.speakers], t.room, t.cancelled) for t in talks] == [
        ("Spring Boot 4", ["Katarzyna Zielińska"], "Sala Główna", True),
        ("Chaos Engineering", ["Sophie Wagner"], "Raum Elbe", True),
        ("GraalVM native image", ["Tomasz Lewandowski"], None, True),
        ("Wirtualne wątki", ["Piotr Wiśniewski"], None, False),
    ]


PDF = """KubeCon India 2026                 Conference Program
All times IST (Asia/Kolkata)

Wednesday, 9 December 2026

09:00 - 09:30   Cloud Native in India
                Priya Sharma, CNCF
                Hall 1
10:00 - 10:35   eBPF Observability Without the Pain
                Arjun Mehta, Flipkart
                Hall 2

                                                   Page 1 of 2
KubeCon India 2026                 Conference Program

11:00 - 11:35   Scaling Kubernetes Multi-Tenancy at
                Razorpay
                Neha Gupta, Razorpay
                Hall 1

                                                   Page 2 of 2
"""


def test_a_program_pasted_from_a_pdf():
    """Its lines under a time give speakers and rooms, a title cut by the page's
    column goes on, the page headers and counters are no abstract (sweep 6, 09)."""
    _, talks, _ = parse_text(PDF, "pasted.txt")
    assert [
        (t.title, t.room, [(s.name, s.affiliation) for s in t.speakers], t.abstract) for t in talks
    ] == [
        ("Cloud Native in India", "Hall 1", [("Priya Sharma", "CNCF")], ""),
        ("eBPF Observability Without the Pain", "Hall 2", [("Arjun Mehta", "Flipkart")], ""),
        (
            "Scaling Kubernetes Multi-Tenancy at Razorpay",
            "Hall 1",
            [("Neha Gupta", "Razorpay")],
            "",
        ),
    ]
    assert {t.conference for t in talks} == {"KubeCon India 2026"}


def test_a_lone_hash_is_refused_in_a_sentence():
    """(a fuzz case: "#" read as a page's count of pages with no number)"""
    from talkbase.core.errors import InputError

    for text in ("#", "#\n#\n", "# 1\n# 2\n"):
        with pytest.raises(InputError):
            parse_text(text, "x.md")

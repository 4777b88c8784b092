"""Sweep 21 (programs in Hindi, Thai, Persian, Vietnamese and Indonesian): the language
a program states or its talks' words say, its headers and its speakers' labels. Each
test names what was read wrong before (/tmp/s20/REPORT-sweep-newlangs.md)."""

from __future__ import annotations

from ingest.detect import parse_text
from ingest.formats.columns import resolve
from talkbase.core.languages import language_code

HINDI_ROWS = (
    "14/11/2026,09:00,09:15,उद्घाटन समारोह,राहुल शर्मा,मुख्य सभागार,हिंदी\n"
    "14/11/2026,09:30,10:15,बड़े भाषा मॉडल से हिंदी पाठ का विश्लेषण,प्रिया वर्मा,मुख्य सभागार,हिंदी\n"
    "14/11/2026,09:30,10:00,Scaling Django at Flipkart,Arjun Mehta,कक्ष 2,अंग्रेज़ी\n"
    "14/11/2026,10:30,10:50,मोबाइल बैंकिंग ऐप की सुरक्षा,अनीता सिंह,कक्ष 2,हिंदी\n"
    "14/11/2026,10:30,11:15,Rust for embedded devices,Anna Kowalski,मुख्य सभागार,अंग्रेज़ी\n"
    "15/11/2026,09:00,09:45,कृषि में कृत्रिम बुद्धिमत्ता,सुरेश पटेल,मुख्य सभागार,हिंदी\n"
    "15/11/2026,10:00,10:20,अच्छे API का डिज़ाइन,मनीष तिवारी,कक्ष 3,हिंदी\n"
    "15/11/2026,10:00,10:45,Go concurrency patterns,Lisa Chen,कक्ष 2,अंग्रेज़ी\n"
    "15/11/2026,16:30,16:45,समापन समारोह,राहुल शर्मा,मुख्य सभागार,हिंदी\n"
)


def _languages(text: str, name: str) -> dict[str, str | None]:
    _, talks, _ = parse_text(text, name)
    return {t.title: t.language for t in talks}


def test_a_language_cell_in_hindi_as_hindi_writes_it_is_kept() -> None:
    """(2) "हिंदी" (Hindi, its nasal written as an anusvara, as most Hindi text does)
    was no language: the table's cell said nothing, and three short Devanagari titles
    the identifier took for Nepali or Sanskrit had none, though every cell said Hindi."""
    assert language_code("हिंदी") == language_code("हिन्दी") == "hi"
    header = "दिनांक,आरंभ,समाप्ति,शीर्षक,वक्ता,कक्ष,भाषा\n"
    said = _languages(header + HINDI_ROWS, "program.csv")
    assert said["उद्घाटन समारोह"] == said["समापन समारोह"] == "hi"
    assert said["कृषि में कृत्रिम बुद्धिमत्ता"] == "hi"
    assert said["Go concurrency patterns"] == "en"


def test_short_devanagari_titles_of_a_hindi_program_that_states_no_language() -> None:
    """(2) Without a language column, the same three titles had none: the identifier
    ranks Hindi second or third for them, and Hindi is what the program's other
    Devanagari titles are in."""
    header = "दिनांक,आरंभ,समाप्ति,शीर्षक,वक्ता,कक्ष\n"
    rows = "".join(r.rsplit(",", 1)[0] + "\n" for r in HINDI_ROWS.splitlines())
    said = _languages(header + rows, "program.csv")
    assert said["उद्घाटन समारोह"] == said["समापन समारोह"] == "hi"
    assert said["कृषि में कृत्रिम बुद्धिमत्ता"] == "hi"


def test_english_titles_among_thai_or_persian_ones_are_english() -> None:
    """(3) A title wholly in Latin letters among Thai or Persian ones got the program's
    language, so "talks in English" missed it: it is in no language written in Thai or
    Arabic letters, and the identifier, unsure of so few words, is asked which of the
    program's languages written in Latin letters it is."""
    thai = (
        "# ThaiDev Conference 2026\n\n## วันเสาร์ที่ 14 พฤศจิกายน 2026\n\n"
        "- 09:00–09:45 การประมวลผลภาษาไทย — ธนาธร ศรีสุข — ห้อง 201\n"
        "- 10:00–10:30 Scaling Kubernetes at LINE — Kenji Tanaka — ห้อง 201\n"
        "- 13:00–13:20 ความปลอดภัยของแอปพลิเคชันบนมือถือ — วิภาวดี รัตนพงษ์ — ห้อง 201\n"
        "- 14:00–14:45 ปัญญาประดิษฐ์เพื่อการเกษตร — สุภาพร มีสุข — ห้อง 202\n"
        "- 15:00–15:45 Go concurrency patterns — Lisa Chen — ห้อง 201\n"
    )
    said = _languages(thai, "program.md")
    assert said["Scaling Kubernetes at LINE"] == said["Go concurrency patterns"] == "en"
    assert said["ความปลอดภัยของแอปพลิเคชันบนมือถือ"] == "th"
    persian = (
        "# همایش توسعه‌دهندگان ۲۰۲۶\n\n## چهارشنبه ۱۱ نوامبر ۲۰۲۶\n\n"
        "- ۰۹:۳۰–۱۰:۱۵ پردازش زبان فارسی با مدل‌های زبانی بزرگ — علی رضایی — سالن اصلی\n"
        "- ۱۰:۳۰–۱۰:۵۰ امنیت برنامه‌های موبایل بانکی — سارا محمدی — اتاق ۲\n"
        "- 09:00–09:45 هوش مصنوعی در کشاورزی — فاطمه موسوی — سالن اصلی\n"
        "- 10:00–10:45 Go concurrency patterns — Lisa Chen — اتاق ۲\n"
    )
    said = _languages(persian, "program.md")
    assert said["Go concurrency patterns"] == "en"
    assert said["هوش مصنوعی در کشاورزی"] == "fa"


def test_indonesian_end_and_language_headers_are_read() -> None:
    """(8) "Selesai" (end) and "Bahasa" (language) were no headers: the talks lost their
    end and their stated language; "Indonesia", Indonesian's own name for itself, is
    read in a language cell though it is a country's name in English."""
    text = (
        "Judul,Pembicara,Tanggal,Mulai,Selesai,Ruang,Bahasa\n"
        "Keamanan aplikasi perbankan seluler,Budi Santoso,14/11/2026,09:00,09:45,"
        "Ruang Utama,Indonesia\n"
        "Scaling Kafka at Tokopedia,Andi Wijaya,14/11/2026,10:00,10:30,Ruang 2,Inggris\n"
        "Go concurrency patterns,Lisa Chen,15/11/2026,09:00,09:45,Ruang Utama,Inggris\n"
    )
    _, talks, warnings = parse_text(text, "program.csv")
    assert not any("not read" in w for w in warnings)
    assert all(t.end is not None for t in talks)
    assert [t.language for t in talks] == ["id", "en", "en"]
    assert language_code("Indonesia") == "id" and language_code("Japan") is None


def test_header_words_of_more_languages() -> None:
    """(8) The common headers of Indonesian, Malay, Vietnamese, Hindi and Polish that
    the table of other languages' words lacked."""
    said = {
        "Berakhir": "end",
        "Tamat": "end",
        "Koniec": "end",
        "Bahasa": "language",
        "Ngôn ngữ": "language",
        "Język": "language",
        "Tajuk": "title",
        "Tytuł": "title",
        "Penceramah": "speakers",
        "Mula": "start",
        "Początek": "start",
        "शुरू": "start",
        "Bilik": "room",
        "Tarikh": "date",
        "Topik": "track",
        "Ścieżka": "track",
    }
    assert {w: next(iter(resolve([w])), None) for w in said} == said


VIETNAMESE = (
    "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//vn//EN\nX-WR-TIMEZONE:Asia/Ho_Chi_Minh\n"
    "BEGIN:VEVENT\nUID:vn-0@x\nDTSTART;TZID=Asia/Ho_Chi_Minh:20261107T090000\n"
    "DTEND;TZID=Asia/Ho_Chi_Minh:20261107T094500\n"
    "SUMMARY:Xử lý ngôn ngữ tự nhiên tiếng Việt - Nguyễn Văn An\n"
    "DESCRIPTION:{label}: Nguyễn Văn An\\nTách từ tiếng Việt và tinh chỉnh mô hình.\n"
    "END:VEVENT\nBEGIN:VEVENT\nUID:vn-1@x\nDTSTART;TZID=Asia/Ho_Chi_Minh:20261107T100000\n"
    "DTEND;TZID=Asia/Ho_Chi_Minh:20261107T103000\n"
    "SUMMARY:Scaling Kafka at Tiki - Trần Minh Đức\n"
    "DESCRIPTION:{label}: Trần Minh Đức\\nHow Tiki runs Kafka clusters every day.\n"
    "END:VEVENT\nEND:VCALENDAR\n"
)


def test_a_vietnamese_speaker_label_in_a_calendar_is_read() -> None:
    """(1) "Diễn giả:" (two words) was no label: a label had to be one word, so no talk
    had a speaker and every title kept " - Name"; and with "Speakers:" the title
    "… - Nguyễn Văn An" kept its tail, "An" being an English article to the test of
    a name, though the calendar names her on the speaker's line."""
    for label in ("Diễn giả", "Speakers"):
        _, talks, _ = parse_text(VIETNAMESE.format(label=label), "program.ics")
        assert [(t.title, [s.name for s in t.speakers]) for t in talks] == [
            ("Xử lý ngôn ngữ tự nhiên tiếng Việt", ["Nguyễn Văn An"]),
            ("Scaling Kafka at Tiki", ["Trần Minh Đức"]),
        ], label
        assert not talks[0].abstract.startswith(label)


def test_a_label_of_two_words_in_markdown() -> None:
    """(1) The same labels in a Markdown program's talk lines ("Diễn giả: …")."""
    text = (
        "# Vietnam Web Summit 2026\n\n## 2026-11-07\n\n"
        "### Xử lý ngôn ngữ tự nhiên tiếng Việt\n\n"
        "Diễn giả: Nguyễn Văn An\n\nThời gian: 09:00\n\n"
        "Tách từ tiếng Việt và tinh chỉnh mô hình ngôn ngữ lớn.\n"
    )
    _, talks, _ = parse_text(text, "program.md")
    assert [s.name for s in talks[0].speakers] == ["Nguyễn Văn An"]
    assert talks[0].start is not None and talks[0].start.hour == 9


def test_a_latin_title_english_ranks_low_for_in_a_japanese_program_stays_without() -> None:
    """(review 6) A short title in Latin letters among Japanese ones is English only where
    the identifier ranks English among its first few for it ("Kubernetes at Scale": 5th);
    before, any such title was English however low English ranked ("Hacia la nube",
    Spanish: English 36th), so "talks in English" found it."""
    rows = (
        "title,speaker,abstract,start\n"
        "大規模言語モデルの推論最適化,佐藤 健,推論サーバーの設計と運用について話します。,2030-01-05T10:00\n"
        "コンテナセキュリティ入門,鈴木 花子,コンテナの脆弱性と対策を紹介します。,2030-01-05T11:00\n"
        "データベースの可観測性,田中 一郎,メトリクスとトレースを使った監視。,2030-01-05T12:00\n"
        "分散システムの障害対応,高橋 誠,障害から学ぶ設計。,2030-01-05T13:00\n"
        "Hacia la nube,Ana García,,2030-01-05T16:00\n"
        "Kubernetes at Scale,John Smith,,2030-01-05T17:00\n"
    )
    said = _languages(rows, "talks.csv")
    assert said["Hacia la nube"] is None
    assert said["Kubernetes at Scale"] == "en"
    assert said["コンテナセキュリティ入門"] == "ja"

"""Sweep 9 (text, Markdown, HTML, calendars): programs read from their words, times
and zones as the documents write them. Each test names what was read wrong before."""

from __future__ import annotations

from ingest.detect import parse_text
from ingest.language import guess


def test_a_program_of_titles_alone_is_in_the_language_they_are_written_in() -> None:
    """A Korean, Greek or Polish program whose talks are titles alone had every talk's
    language None (each title too short for a guess), so the base took its talks for
    English."""
    korean = (
        "# 파이콘 한국 2026\n\n## 2026년 10월 24일 (토)\n\n"
        "- 10:00–10:40 파이썬 타입 힌트의 미래 — 김민수 — 101호\n"
        "- 11:00–11:40 FastAPI로 대규모 서비스 운영하기 — 이지은 — 102호\n"
        "- 13:30–14:10 데이터 엔지니어를 위한 Polars — 박서준 — 101호\n"
        "- 14:30–15:10 장애 대응 자동화 이야기 — 최유진 — 103호\n"
        "- 16:00–16:30 폐회사 — 준비위원회 — 101호\n"
    )
    _, talks, _ = parse_text(korean, "program.md")
    assert [t.language for t in talks] == ["ko"] * 5
    greek = (
        "Τίτλος,Ομιλητής,Ημερομηνία,Ώρα\n"
        "Καλωσόρισμα,Οργανωτική επιτροπή,2026-11-14,09:30\n"
        "Μηχανική μάθηση στο Android με Gemini Nano,Γιώργος Παπαδόπουλος,2026-11-14,10:00\n"
        "Ασφάλεια στο Firebase,Νίκος Αλεξίου,2026-11-14,11:00\n"
        "Kotlin Multiplatform στην παραγωγή,Δημήτρης Ιωάννου,2026-11-15,10:00\n"
        "Λήξη,,2026-11-15,12:00\n"
    )
    _, talks, _ = parse_text(greek, "programma.csv")
    assert [t.language for t in talks] == ["el"] * 5


def test_a_title_in_another_language_than_its_programs_is_not_given_the_programs() -> None:
    text = (
        "Title,Speaker,Date,Start\n"
        "Scaling Kafka consumers,Jane Doe,2026-04-14,09:00\n"
        "Event sourcing without regret,John Roe,2026-04-14,10:00\n"
        "Flink SQL in production,Ana Lima,2026-04-14,11:00\n"
        "The joy of writing a query planner,Max Muster,2026-04-14,12:00\n"
        "Wie wir unsere Datenbanken betreiben,Max Muster,2026-04-14,13:00\n"
    )
    _, talks, _ = parse_text(text, "kafka.csv")
    assert [t.language for t in talks] == ["en", "en", "en", "en", None]


def test_a_language_the_identifier_splits_into_varieties_is_still_told() -> None:
    """Arabic text was shared out between Arabic and its Moroccan and Egyptian
    varieties, which have no ISO 639-1 code, and no guess was sure."""
    abstract = "تصميم واجهات تدعم الكتابة من اليمين إلى اليسار في تطبيقات الويب والجوال الحديثة"
    assert guess("", abstract) == "ar"

"""Sweep 21: a program's language cell that names the language with its word for
"language" before or after the name ("Bahasa Inggris", "ภาษาไทย", "English language",
"langue française", "Sprache: Deutsch") was read as no language, and said nothing: the
talk silently lost the language its program states. A cell that names no language at
all ("Klingon", "??") is now said, once per file, at its first place."""

from __future__ import annotations

import json

import pytest

from ingest.detect import parse_text
from talkbase.core import languages
from talkbase.core.languages import language_code


@pytest.mark.parametrize(
    ("cell", "code"),
    [
        ("Bahasa Inggris", "en"),
        ("bahasa Indonesia", "id"),
        ("ภาษาไทย", "th"),
        ("ภาษาอังกฤษ", "en"),
        ("زبان فارسی", "fa"),
        ("زبان انگلیسی", "en"),
        ("язык: русский", "ru"),
        ("английский язык", "en"),
        ("English language", "en"),
        ("Language: English", "en"),
        ("langue française", "fr"),
        ("lingua italiana", "it"),
        ("lingua inglese", "en"),
        ("Sprache: Deutsch", "de"),
        ("Deutsche Sprache", "de"),
        ("lengua española", "es"),
        ("língua portuguesa", "pt"),
        ("Nederlandse taal", "nl"),
        ("język polski", "pl"),
        ("اللغة العربية", "ar"),
        ("भाषा: हिंदी", "hi"),
    ],
)
def test_a_language_named_with_its_word_for_language(cell: str, code: str) -> None:
    assert language_code(cell) == code


@pytest.mark.parametrize(
    "cell",
    ["Programming language", "Rust language", "Programming language: Python", "Bahasa", "??"],
)
def test_a_word_for_language_with_no_language_names_none(cell: str) -> None:
    """The word for "language" beside what is no language's name says no language
    (a Sessionize category "Programming language: Python" stays a track)."""
    assert language_code(cell) is None


def test_the_query_reader_reads_the_same_words_for_language() -> None:
    """One table: the reader's words for "language" are the ground's."""
    from index.search.read import lexicon

    assert lexicon.LANGUAGE_WORDS is getattr(languages, "LANGUAGE_WORDS", None)
    assert "bahasa" in lexicon.language_cues(frozenset({"id"}))


INDONESIAN = (
    "Tanggal,Mulai,Selesai,Judul,Pembicara,Ruang,Bahasa\n"
    "2026-11-14,09:00,09:45,Pembukaan acara,Budi Santoso,Aula,Bahasa Indonesia\n"
    "2026-11-14,10:00,10:45,Mengelola klaster Kubernetes,Siti Rahma,Aula,Bahasa Inggris\n"
    "2026-11-14,11:00,11:45,Keamanan aplikasi seluler,Andi Wijaya,Ruang 2,Bahasa Inggris\n"
    "2026-11-14,13:00,13:45,Penutupan acara,Budi Santoso,Aula,Bahasa Indonesia\n"
)


def _languages(text: str, name: str) -> tuple[dict[str, str | None], list[str]]:
    _, talks, warnings = parse_text(text, name)
    return {t.title: t.language for t in talks}, [str(w) for w in warnings]


def test_a_csv_language_column_in_indonesian_words_is_read() -> None:
    said, warnings = _languages(INDONESIAN, "program.csv")
    assert said["Mengelola klaster Kubernetes"] == "en"
    assert said["Keamanan aplikasi seluler"] == "en"
    assert said["Pembukaan acara"] == said["Penutupan acara"] == "id"
    assert not [w for w in warnings if "language" in w]


def _frab(*languages: str) -> str:
    events = [
        {
            "guid": f"g{n}",
            "id": n,
            "title": title,
            "date": f"2026-11-14T{9 + n}:00:00+07:00",
            "start": f"{9 + n}:00",
            "duration": "00:45",
            "room": "R1",
            "language": language,
            "persons": [{"public_name": "Ana Silva"}],
        }
        for n, (title, language) in enumerate(
            zip(("Kubernetes บนคลาวด์", "Rust for embedded devices"), languages, strict=True)
        )
    ]
    day = {"index": 1, "date": "2026-11-14", "rooms": {"R1": events}}
    schedule = {"conference": {"title": "Conf", "time_zone_name": "Asia/Bangkok", "days": [day]}}
    return json.dumps({"schedule": schedule})


def test_a_frab_language_field_in_thai_words_is_read() -> None:
    said, _ = _languages(_frab("ภาษาไทย", "ภาษาอังกฤษ"), "schedule.json")
    assert said == {"Kubernetes บนคลาวด์": "th", "Rust for embedded devices": "en"}


def test_a_markdown_language_line_with_its_word_for_language_is_read() -> None:
    text = (
        "# Conf 2026\n\n## 2026-11-14\n\n### 09:00-09:45 Kubernetes im Betrieb\n\n"
        "Speaker: Ana Silva\nLanguage: English language\n\n"
        "### 10:00-10:45 Rust für eingebettete Geräte\n\nSpeaker: Bo Chen\n"
        "Language: langue française\n"
    )
    said, _ = _languages(text, "program.md")
    assert said == {"Kubernetes im Betrieb": "en", "Rust für eingebettete Geräte": "fr"}


CSV_UNREAD = (
    "date,start,end,title,speaker,room,language\n"
    "2026-11-14,09:00,09:45,Scaling Postgres at work,Ana Silva,Room 1,English\n"
    "2026-11-14,10:00,10:45,Writing fast Rust code,Bo Chen,Room 1,Klingon\n"
    "2026-11-14,11:00,11:45,Observability with OpenTelemetry,Cy Diaz,Room 2,??\n"
)


def _unread(warnings: list[str]) -> list[str]:
    return [w for w in warnings if "names no language" in w]


def test_a_csv_language_cell_that_names_no_language_is_said_once() -> None:
    _, warnings = _languages(CSV_UNREAD, "program.csv")
    assert _unread(warnings) == [
        "program.csv line 3: the language 'Klingon' (and 1 more) names no language "
        "talkbase knows; the talk's language is read from its own words where they say it"
    ]


def test_a_frab_markdown_or_ical_language_that_names_no_language_is_said() -> None:
    _, frab = _languages(_frab("xx-YY", "English"), "schedule.json")
    assert _unread(frab) and _unread(frab)[0].startswith(
        "schedule.json event g0: the language 'xx-YY'"
    )
    md = (
        "# Conf 2026\n\n## 2026-11-14\n\n### 09:00-09:45 Rust\n\nSpeaker: Ana Silva\nLanguage: ??\n"
    )
    _, said = _languages(md, "program.md")
    assert _unread(said) and _unread(said)[0].startswith("program.md line 5: the language '??'")
    ics = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:1\r\n"
        "DTSTART:20261114T090000Z\r\nDTEND:20261114T094500Z\r\n"
        "SUMMARY;LANGUAGE=Klingon:Scaling Postgres at work\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    _, said = _languages(ics, "program.ics")
    assert _unread(said) and _unread(said)[0].startswith(
        "program.ics line 4: the language 'Klingon'"
    )


def test_a_language_read_says_nothing() -> None:
    _, warnings = _languages(_frab("Bahasa Inggris", "en-US"), "schedule.json")
    assert not _unread(warnings)

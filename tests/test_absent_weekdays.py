"""A weekday the program has no talks on, named in full in a language of the talks, is
said back ("no talks on Monday") whatever its length: Amharic "ሰኞ" and "እሑድ", Japanese
"月曜日" are full names (CLDR's wide ones) though short, as Greek "Δευτέρα", Bengali
"সোমবার" and Swahili "Jumatatu" are; a weekday the program holds still filters (sweep 22,
verify report's new problem 3)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core.records import Talk


def _talks(zone: str, language: str, talks: list[tuple[str, str, str]]) -> list[Talk]:
    """`talks` (title, abstract, room) in `language` on Friday 13 and Saturday 14
    November 2026, at 10:00 and 14:00."""
    return [
        Talk(
            title=f"{title} {day}-{hour}",
            abstract=abstract,
            language=language,
            room=room,
            start=datetime(2026, 11, day, hour, tzinfo=ZoneInfo(zone)),
            end=datetime(2026, 11, day, hour, 45, tzinfo=ZoneInfo(zone)),
        )
        for day in (13, 14)
        for hour in (10, 14)
        for title, abstract, room in talks
    ]


def _program(zone: str, language: str, talks: list[tuple[str, str, str]]) -> Vocab:
    return Vocab.from_talks(_talks(zone, language, talks))


PROGRAMS = {
    "el": ("Europe/Athens", [("Ασφάλεια εφαρμογών", "Δοκιμές διείσδυσης.", "Αίθουσα Α")]),
    "bn": ("Asia/Dhaka", [("নিরাপত্তা পরীক্ষা", "অ্যাপ্লিকেশন নিরাপত্তা।", "কক্ষ ১")]),
    "sw": ("Africa/Nairobi", [("Usalama wa programu", "Majaribio ya kupenya.", "Ukumbi A")]),
    "am": ("Africa/Addis_Ababa", [("የመተግበሪያ ደህንነት", "የመግባት ሙከራ።", "አዳራሽ 1")]),
    "ja": ("Asia/Tokyo", [("セキュリティ入門", "ウェブの安全。", "ホールA")]),
}


@pytest.fixture(scope="module")
def programs() -> dict[str, Vocab]:
    return {code: _program(zone, code, talks) for code, (zone, talks) in PROGRAMS.items()}


@pytest.mark.parametrize(
    ("code", "query", "day"),
    [
        ("el", "Δευτέρα", "Monday"),
        ("el", "την Τρίτη", "Tuesday"),
        ("bn", "সোমবার", "Monday"),
        ("bn", "রবিবার", "Sunday"),
        ("sw", "Jumatatu", "Monday"),
        ("sw", "Jumanne", "Tuesday"),
        ("am", "ሰኞ", "Monday"),
        ("am", "እሑድ", "Sunday"),
        ("ja", "月曜日", "Monday"),
    ],
)
def test_an_absent_weekday_of_the_talks_language_is_said_back(programs, code, query, day):
    u = understand(query, programs[code])
    assert u.filters.day is None, u.label
    assert any(s.startswith(f"no talks on {day}") for s in u.not_understood), u.not_understood
    assert u.said_back_only, u.topic  # (no word of the topic to rank by)


@pytest.mark.parametrize(
    ("code", "query", "day"),
    [
        ("el", "Σάββατο", "Sat"),
        ("bn", "শনিবার", "Sat"),
        ("sw", "Ijumaa", "Fri"),
        ("am", "ቅዳሜ", "Sat"),
        ("am", "ዓርብ", "Fri"),
        ("ja", "土曜日", "Sat"),
    ],
)
def test_a_held_weekday_still_filters(programs, code, query, day):
    u = understand(query, programs[code])
    assert u.filters.day == day and not u.not_understood, (u.label, u.not_understood)


def test_an_absent_weekday_beside_a_topic_keeps_the_topic(programs):
    u = understand("ሰኞ ደህንነት", programs["am"])
    assert any(s.startswith("no talks on Monday") for s in u.not_understood)
    assert "ደህንነት" in u.topic and not u.said_back_only


def test_an_ordinal_of_one_language_is_no_weekday_in_a_program_of_several():
    """Greek "δεύτερη μέρα" is the second day, never Monday ("Δευτέρα") said inflected,
    in a program in Ukrainian too (both inflect their weekdays: the words one language
    kept from being read as an inflection were replaced by the next language's)."""
    both = Vocab.from_talks(
        [
            *_talks("Europe/Athens", "el", [("Ασφάλεια", "Προστασία εφαρμογών.", "Αίθουσα 1")]),
            *_talks("Europe/Athens", "uk", [("Безпека", "Захист застосунків.", "Зала А")]),
        ]
    )
    for query in ("δεύτερη μέρα", "τη δεύτερη ημέρα"):
        u = understand(query, both)
        assert u.filters.day == "2026-11-14" and not u.not_understood, (query, u.not_understood)
    assert understand("Δευτέρα", both).not_understood[0].startswith("no talks on Monday")

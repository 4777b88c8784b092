"""Zones a program names in words, read word by whole word (an outside tester's S2):
a Devanagari vowel sign ends no word, so Hindi's "… समय में हैं" ("the times are in
…") is no "माहे" (Mahé, Indian/Mahe: the Seychelles) and "जापान मानक समय" is Japan's
time, not Nome's (`languages.WORD`, by which `name_key` and the Markdown reader cut
words); a zone's name in a script written without spaces is read inside a run of it,
Thai's as Chinese's (`languages.UNSPACED`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest import detect
from ingest.formats import mdparts
from talkbase.core import languages

HINDI = """# पायकॉन इंडिया 2026 — कार्यक्रम

सभी समय भारतीय मानक समय (IST) में हैं।

## शनिवार, 26 सितंबर 2026

- 09:30–10:00 उद्घाटन सत्र — अनिल शर्मा, मुख्य सभागार
- 10:00–10:45 पायथन में हिंदी पाठ का विश्लेषण — प्रिया वर्मा (IIT दिल्ली), मुख्य सभागार
"""


def test_the_testers_hindi_program_is_in_indian_standard_time(tmp_path: Path) -> None:
    path = tmp_path / "hindi.md"
    path.write_text(HINDI, encoding="utf-8")
    talk = detect.parse_path(path).talks[0]
    assert talk.zone == "Asia/Kolkata" and f"{talk.start:%H:%M%z}" == "09:30+0530"


def test_are_in_is_no_city() -> None:
    """ "सभी समय IST में हैं।" ("All times are in IST", the tester's 17v): IST names
    several zones, so none is read, and the default's warning says what was seen."""
    assert languages.name_key("में हैं") != languages.name_key("माहे")
    assert mdparts.stated_zone(["सभी समय IST में हैं।"]) is None
    assert mdparts.zone_said(["सभी समय IST में हैं।"]) is not None


@pytest.mark.parametrize(
    ("line", "zone"),
    [
        ("सभी समय भारतीय मानक समय (IST) में हैं।", "Asia/Kolkata"),
        ("कार्यक्रम का समय: जापान मानक समय", "Asia/Tokyo"),
        ("เวลาทั้งหมดเป็นเวลาอินโดจีน", "Asia/Bangkok"),
        ("ทุกเวลาเป็น เวลาญี่ปุ่น", "Asia/Tokyo"),
        ("所有时间均为中国标准时间", "Asia/Shanghai"),
        ("All times are Korean Standard Time", "Asia/Seoul"),
    ],
)
def test_a_zone_named_in_words_of_any_script(line: str, zone: str) -> None:
    found = mdparts.stated_zone([line])
    assert found is not None and getattr(found, "key", None) == zone


def test_a_word_keeps_its_combining_marks() -> None:
    assert languages.WORD.findall("सभी समय में हैं") == ["सभी", "समय", "में", "हैं"]
    assert languages.time_word("ta") == "நேரம்"  # (Tamil's, its virama inside the word)

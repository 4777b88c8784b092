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
    """ "सभी समय IST में हैं।" ("All times are in IST", the tester's 17v) is no Mahé: it
    is India's time, as Hindi writes IST (CLDR's abbreviation in Hindi; see below)."""
    assert languages.name_key("में हैं") != languages.name_key("माहे")
    found = mdparts.stated_zone(["सभी समय IST में हैं।"])
    assert found is not None and getattr(found, "key", None) == "Asia/Kolkata"


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


# -- zones a person reads (the tester's W5) ------------------------------------------


@pytest.mark.parametrize(
    ("line", "zone"),
    [
        # CLDR's abbreviations in a language other than English, in a line that speaks
        # of time in that language
        ("Alle Zeiten in MESZ.", "Europe/Warsaw"),
        ("सभी समय IST में हैं।", "Asia/Kolkata"),
        # CLDR's names, an adjective inflected ("Indische Normalzeit" in the dative)
        ("Alle Zeiten in mitteleuropäischer Sommerzeit", "Europe/Warsaw"),
        ("Alle Zeiten in Indischer Normalzeit", "Asia/Kolkata"),
        ("All times are Indian Standard Time (IST)", "Asia/Kolkata"),
    ],
)
def test_a_zone_as_people_write_it(line: str, zone: str) -> None:
    found = mdparts.stated_zone([line])
    assert found is not None and getattr(found, "key", None) == zone


@pytest.mark.parametrize(
    "line",
    [
        "All times MESZ",  # (German's abbreviation, in an English line)
        "All times are IST",  # (India's, Ireland's or Israel's: English names several)
        "All times CST",
        "Sessions on Indian cuisine and standard times",
    ],
)
def test_an_abbreviation_of_another_language_or_of_several_zones_names_none(line: str) -> None:
    assert mdparts.stated_zone([line]) is None


def test_the_testers_german_program_in_mesz(tmp_path: Path) -> None:
    path = tmp_path / "bonn.md"
    path.write_text(
        "# FrOSCon Satellit Bonn 2026\n\nAlle Zeiten in MESZ.\n\n## Samstag, 22. August 2026\n\n"
        "- 10:00–10:45 Uhr: Eröffnung — Jana Keller\n",
        encoding="utf-8",
    )
    doc = detect.parse_path(path)
    assert f"{doc.talks[0].start:%H:%M%z}" == "10:00+0200"
    assert not any("names no time zone" in w for w in doc.warnings)


@pytest.mark.parametrize(
    "line",
    [
        # (the review's N3: another place's zone, in a line that does not state the
        # program's times, is no zone of the program's)
        "Hinweis: Der Livestream für unsere Gäste in Indien beginnt um 14:30 Indischer Normalzeit.",
        "Note: the livestream for our guests in India starts at 14:30 Indian Standard Time.",
        "Zeit der Übertragung aus Athen: OEZ. Die Konferenz selbst findet in Berlin statt.",
    ],
)
def test_a_zone_written_in_passing_is_not_the_programs(line: str) -> None:
    assert mdparts.stated_zone([line]) is None

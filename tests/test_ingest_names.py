"""Speakers as people: co-speakers packed into one iCal CN are split, names are
cleaned of what a source leaks into them, and surnames keep their particles."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.detect import parse_path, parse_text
from ingest.formats.icalnames import people
from ingest.merge.people import surname
from talkbase.core.names import clean_name, surname_words
from talkbase.core.records import Speaker

MOCA = Path(__file__).resolve().parents[2] / "shared" / "schedules" / "moca2024.ics"


def test_clean_name() -> None:
    assert clean_name("Stefano SteveDEFT Fratepietro\\n") == "Stefano SteveDEFT Fratepietro"
    assert clean_name(" Ann\u200b\tLee\x07 ") == "Ann Lee"


@pytest.mark.parametrize(
    ("name", "want"),
    [
        ("Luca Di Vita", "di vita"),
        ("Vito De Laurentis", "de laurentis"),
        ("Ludwig van Beethoven", "van beethoven"),
        ("Ann Lee", "lee"),
        ("Di Vita", "vita"),  # never the whole name
        ("Madonna", "madonna"),
    ],
)
def test_surname_keeps_particles(name: str, want: str) -> None:
    assert surname(name) == want


def test_surname_words() -> None:
    assert surname_words(["Maria", "de", "la", "Cruz"]) == ["de", "la", "Cruz"]
    assert surname_words([]) == []


def test_people_split_full_names_only() -> None:
    assert people("Gregorio Palamà, Luca Di Vita") == (
        Speaker("Gregorio Palamà"),
        Speaker("Luca Di Vita"),
    )
    assert people("Ann Lee & Bo Chen") == (Speaker("Ann Lee"), Speaker("Bo Chen"))
    assert people("Ann Lee and Bo Chen") == (Speaker("Ann Lee"), Speaker("Bo Chen"))
    assert people("Lee, Ann") == (Speaker("Lee, Ann"),)  # Lastname, Firstname
    assert people("Johnson & Johnson") == (Speaker("Johnson & Johnson"),)


def test_ical_cn_with_two_speakers() -> None:
    ics = (
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART:20240203T100000Z\r\n"
        "SUMMARY:One\r\nORGANIZER;CN=Gregorio Palamà, Luca Di Vita:MAILTO:a@b.c\r\n"
        "END:VEVENT\r\nBEGIN:VEVENT\r\nUID:2\r\nDTSTART:20240203T110000Z\r\n"
        "SUMMARY:Two\r\nORGANIZER;CN=Stefano Fratepietro\\n:MAILTO:a@b.c\r\n"
        "END:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    _, (one, two), _ = parse_text(ics, "c.ics")
    assert [s.name for s in one.speakers] == ["Gregorio Palamà", "Luca Di Vita"]
    assert [s.name for s in two.speakers] == ["Stefano Fratepietro"]


@pytest.mark.skipif(not MOCA.exists(), reason="the real program is not here")
def test_moca_names() -> None:
    doc = parse_path(MOCA)
    names = {s.name for t in doc.talks for s in t.speakers}
    assert "Luca Di Vita" in names and "Gregorio Palamà" in names
    assert not any("\\" in n or "\n" in n for n in names)
    assert "Gregorio Palamà, Luca Di Vita" not in names

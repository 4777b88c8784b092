"""Questions in Catalan, Croatian, Georgian, Armenian and Sinhala (sweep 24, the
programs of /tmp/s23/sweep-langs5/, docs/formats.md "Sweep 24", "Reader: Catalan,
Croatian, Georgian, Armenian, Sinhala"). Before, Catalan "després de les 15:00" and
Croatian "nakon 15:00" read as "at 15:00", the opposite of what was asked, and
"abans de les 11", "prije 11" read no limit at all."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core.records import Talk

ZONES = {
    "ca": "Europe/Madrid",
    "hr": "Europe/Zagreb",
    "ka": "Asia/Tbilisi",
    "hy": "Asia/Yerevan",
    "si": "Asia/Colombo",
}
TITLES = {
    "ca": ("Seguretat a la banca", "Intel·ligència artificial", "Bases de dades"),
    "hr": ("Sigurnost u bankarstvu", "Umjetna inteligencija", "Baze podataka"),
    "ka": ("უსაფრთხოება ბანკებში", "ხელოვნური ინტელექტი", "მონაცემთა ბაზები"),
    "hy": ("Անվտանգություն բիզնեսում", "Արհեստական բանականություն", "Բաց կոդ"),
    "si": ("ආරක්ෂාව", "කෘත්‍රිම බුද්ධිය", "දත්ත ගබඩා"),
}
# each program's two rooms
ROOMS = {
    "ca": ("Sala A", "Sala B"),
    "hr": ("Dvorana A", "Dvorana B"),
    "ka": ("დარბაზი A", "დარბაზი B"),
    "hy": ("Դահլիճ Ա", "Դահլիճ Բ"),
    "si": ("ශාලාව A", "ශාලාව B"),
}
# Wednesday 18 and Thursday 19 November 2026
DAY1, DAY2 = "2026-11-18", "2026-11-19"


def _vocab(code: str) -> Vocab:
    """Two days: talks in `code` at 10:00, 14:00 and 16:00 (in its first room, its
    second, its first) and one in English at 11:00."""
    tz = ZoneInfo(ZONES[code])
    talks = []
    for day in (18, 19):
        rooms = (ROOMS[code][0], ROOMS[code][1], ROOMS[code][0])
        for title, hour, room in zip(TITLES[code], (10, 14, 16), rooms, strict=True):
            start = datetime(2026, 11, day, hour, tzinfo=tz)
            end = start.replace(minute=45)
            talk = Talk(title=f"{title} {day}", start=start, end=end, language=code)
            talks.append(replace(talk, room=room))
        start = datetime(2026, 11, day, 11, tzinfo=tz)
        talks.append(Talk(title=f"Zero Trust {day}", start=start, language="en"))
    return Vocab.from_talks(talks)


@pytest.fixture(scope="module")
def vocabs() -> dict[str, Vocab]:
    return {code: _vocab(code) for code in ZONES}


def _read(vocabs, code, query):
    u = understand(query, vocabs[code])
    return u.filters.active(), [x.active() for x in u.excluded_limits], u


@pytest.mark.parametrize(
    ("code", "query", "limits"),
    [
        ("ca", "després de les 15:00", {"after": "15:00"}),
        ("ca", "a partir de les 15:00", {"after": "15:00"}),
        ("ca", "abans de les 11", {"before": "11:00"}),
        ("hr", "nakon 15:00", {"after": "15:00"}),
        ("hr", "poslije 15 sati", {"after": "15:00"}),
        ("hr", "prije 11", {"before": "11:00"}),
        ("hy", "15:00-ից հետո", {"after": "15:00"}),
        ("hy", "12:00-ից առաջ", {"before": "12:00"}),
        ("ka", "15:00-ის შემდეგ", {"after": "15:00"}),
    ],
)
def test_after_and_before_a_time_are_read(vocabs, code, query, limits):
    """Before, "after 15:00" read as "at 15:00" (its cue left in the topic), and
    "before 11" read no limit at all; Armenian and Georgian, which say the cue after
    the time, its case ending joined by a hyphen, read "at 15:00" too."""
    filters, _, u = _read(vocabs, code, query)
    assert (filters, u.topic) == (limits, ""), u.label


@pytest.mark.parametrize(
    ("code", "query", "topic", "excluded"),
    [
        ("hr", "sigurnost ali ne bankarstvo", "sigurnost", ["bankarstvo"]),
        ("ka", "უსაფრთხოება მაგრამ არა ბანკები", "უსაფრთხოება", ["ბანკები"]),
        ("hy", "անվտանգություն բայց ոչ բիզնես", "անվտանգություն", ["բիզնես"]),
        ("ca", "seguretat però no banca", "seguretat", ["banca"]),
    ],
)
def test_but_not_leaves_the_words_out(vocabs, code, query, topic, excluded):
    """Before, Croatian "ali ne", Georgian "მაგრამ არა" and Armenian "բայց ոչ" (but
    not) stayed in the topic, and the talk to leave out ranked first."""
    _, _, u = _read(vocabs, code, query)
    assert (u.topic, list(u.excluded)) == (topic, excluded), u.label


def test_armenian_but_is_never_corrected():
    """Before, Armenian "բայց" (but) was no word of the lexicon, and search "corrected"
    it into "բաց" (open), a word of a talk's title: a word of the lexicon never is."""
    from index.search.read import lexicon

    assert "բայց" in lexicon.own_words("hy")
    assert "ali" in lexicon.own_words("hr")


MORNING = {"starts_before": "12:00"}
AFTERNOON = {"after": "12:00", "starts_before": "18:00"}


@pytest.mark.parametrize(
    ("code", "query", "limits"),
    [
        ("ka", "ოთხშაბათს დილით", {"day": "Wed", **MORNING}),
        ("ka", "ხუთშაბათს", {"day": "Thu"}),
        ("si", "බ්‍රහස්පතින්දා", {"day": "Thu"}),
        ("ca", "dimecres al matí", {"day": "Wed", **MORNING}),
        ("ca", "dijous a la tarda", {"day": "Thu", **AFTERNOON}),
    ],
)
def test_weekdays_and_parts_of_the_day_are_read(vocabs, code, query, limits):
    """Before, Georgian's weekdays said "on" (the dative "-ს") read no day, so
    "Wednesday morning" showed Thursday's mornings too; Sinhala's Thursday, which CLDR
    writes with a zero-width joiner, read nothing; Catalan "al matí" was no morning
    (and its "al" left alone in the topic matched no talk)."""
    filters, _, u = _read(vocabs, code, query)
    assert (filters, u.topic) == (limits, ""), u.label


@pytest.mark.parametrize(
    ("code", "query", "day"),
    [
        ("ca", "el segon dia", DAY2),
        ("hr", "drugi dan", DAY2),
        ("hr", "prvi dan", DAY1),
        ("ka", "მეორე დღეს", DAY2),
        ("hy", "երկրորդ օրը", DAY2),
        ("si", "දෙවන දිනයේ", DAY2),
    ],
)
def test_the_nth_day_is_read(vocabs, code, query, day):
    """Before, "the second day" in these languages read no limit."""
    filters, _, u = _read(vocabs, code, query)
    assert filters == {"day": day}, u.label


@pytest.mark.parametrize(
    ("code", "query", "only", "left_out"),
    [
        ("hr", "ne na engleskom", None, "en"),
        ("hr", "predavanja na engleskom", "en", None),
        ("ka", "არა ინგლისურად", None, "en"),
        ("ka", "ინგლისურად", "en", None),
        ("hy", "անգլերենով", "en", None),
    ],
)
def test_the_talks_language_is_read(vocabs, code, query, only, left_out):
    """Before, "(not) in English" in Croatian and Georgian read no limit."""
    filters, excluded, u = _read(vocabs, code, query)
    assert filters.get("language") == only, u.label
    assert excluded == ([{"language": left_out}] if left_out else []), u.label
    assert u.topic == "", u.label


# each program's types as it names them: a talk, a workshop, a keynote, a panel
TYPES = {
    "ca": ("Xerrada", "Taller", "Conferència inaugural", "Taula rodona"),
    "hr": ("Predavanje", "Radionica", "Uvodno predavanje", "Okrugli stol"),
    "ka": ("მოხსენება", "სემინარი", "საკვანძო მოხსენება", "პანელი"),
    "hy": ("զեկույց", "աշխատաժողով", "հիմնական ելույթ", "քննարկում"),
}


@pytest.fixture(scope="module")
def typed() -> dict[str, Vocab]:
    """A program per language whose four talks are of its four types."""
    out = {}
    for code, types in TYPES.items():
        tz = ZoneInfo(ZONES[code])
        talks = [
            Talk(
                title=f"{TITLES[code][i % 3]} {i}",
                start=datetime(2026, 11, 18, 10 + i, tzinfo=tz),
                language=code,
                format=kind,
            )
            for i, kind in enumerate(types)
        ]
        out[code] = Vocab.from_talks(talks)
    return out


@pytest.mark.parametrize(
    ("code", "query", "kind"),
    [
        ("ca", "keynotes", 2),
        ("hr", "workshops", 1),
        ("ka", "workshops", 1),
        ("ka", "პანელები", 3),
        ("hy", "workshops", 1),
        ("hy", "աշխատաժողովներ", 1),
    ],
)
def test_kinds_of_session_reach_the_programs_own_type(typed, code, query, kind):
    """Before, "workshops", "keynotes", "panels" (and their plurals in the program's
    language) stayed topic words, finding nothing, on programs whose types are in
    these languages."""
    u = understand(query, typed[code])
    assert (u.filters.active(), u.topic) == ({"format": TYPES[code][kind]}, ""), u.label

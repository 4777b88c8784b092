"""Questions in Swedish, Norwegian, Finnish, Hungarian, Romanian, Serbian, Urdu and
Tagalog (sweep 24, the programs of /tmp/s23/sweep-langs4/, docs/formats.md "Sweep 24",
"Reader: Nordic, Hungarian, Romanian, Serbian, Urdu, Tagalog"). Before, "after 15:00"
said in these languages read as "at 15:00" (a different question); Norwegian "ikke på
torsdag" read as Thursday's talks, the opposite of what was asked; Hungarian weekdays
in their usual "-on"/"-en" forms, "in English", "the second day" and the name Tagalog
or Filipino read nothing; and "in Hungarian" of a program called "Hungarian DevDays"
was taken as the conference's name."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core.languages import language_code, weekday_names
from talkbase.core.records import Talk

ZONES = {
    "sv": "Europe/Stockholm",
    "no": "Europe/Oslo",
    "fi": "Europe/Helsinki",
    "hu": "Europe/Budapest",
    "ro": "Europe/Bucharest",
    "sr": "Europe/Belgrade",
    "ur": "Asia/Karachi",
    "tl": "Asia/Manila",
}
# Thursday 19 and Friday 20 November 2026
DAY1, DAY2 = "2026-11-19", "2026-11-20"


def _vocab(code: str, conference: str = "") -> Vocab:
    """Two days: talks in `code` at 10:00, 14:00 and 16:00, and one in English at 11:00."""
    tz = ZoneInfo(ZONES[code])
    talks = []
    for day in (19, 20):
        for n, hour in enumerate((10, 14, 16)):
            start = datetime(2026, 11, day, hour, tzinfo=tz)
            talk = Talk(title=f"Talk {n} {day}", start=start, end=start.replace(minute=45))
            talks.append(replace(talk, language=code, room=f"Room {n}", conference=conference))
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
        ("sv", "efter 15:00", {"after": "15:00"}),
        ("sv", "före 12:00", {"before": "12:00"}),
        ("sv", "efter kl. 15", {"after": "15:00"}),
        ("sv", "efter klockan 15", {"after": "15:00"}),
        ("no", "etter 14:00", {"after": "14:00"}),
        ("no", "etter kl. 14", {"after": "14:00"}),
        ("fi", "kello 15:00 jälkeen", {"after": "15:00"}),
        ("fi", "klo 14 jälkeen", {"after": "14:00"}),
        ("fi", "ennen klo 12", {"before": "12:00"}),
        ("hu", "15:00 után", {"after": "15:00"}),
        ("hu", "14 óra után", {"after": "14:00"}),
        ("hu", "12:00 előtt", {"before": "12:00"}),
        ("ro", "după 15:00", {"after": "15:00"}),
        ("ro", "după ora 14", {"after": "14:00"}),
        ("ro", "înainte de 12:00", {"before": "12:00"}),
        ("sr", "после 14 часова", {"after": "14:00"}),
        ("sr", "posle 15:00", {"after": "15:00"}),
        ("ur", "15:00 کے بعد", {"after": "15:00"}),
        ("ur", "12:00 سے پہلے", {"before": "12:00"}),
        ("tl", "pagkatapos ng 14:00", {"after": "14:00"}),
        ("tl", "bago ang 12:00", {"before": "12:00"}),
    ],
)
def test_after_and_before_a_time_are_read(vocabs, code, query, limits):
    """Before, read as "at" the time, or (without a colon) not at all."""
    filters, _, u = _read(vocabs, code, query)
    assert (filters, u.topic) == (limits, ""), u.label


@pytest.mark.parametrize(
    ("code", "query"),
    [
        ("no", "ikke på torsdag"),
        ("no", "sikkerhet men ikke på torsdag"),
        ("sr", "безбедност али не у четвртак"),
        ("sr", "sigurnost ali ne u četvrtak"),
        ("tl", "seguridad pero hindi sa Huwebes"),
        ("hu", "biztonság de nem csütörtökön"),
        ("hu", "biztonság, de csütörtök nem"),
    ],
)
def test_thursday_said_to_be_left_out_is_left_out(vocabs, code, query):
    """Before, Norwegian and Hungarian read Thursday's talks (the opposite), Serbian
    and Tagalog nothing."""
    filters, left_out, u = _read(vocabs, code, query)
    assert (filters, left_out) == ({}, [{"day": "Thu"}]), u.label


@pytest.mark.parametrize("query", ["csütörtökön", "pénteken délután", "csütörtökön délután"])
def test_hungarian_weekdays_in_their_usual_forms_are_read(vocabs, query):
    filters, _, u = _read(vocabs, "hu", query)
    day = "Fri" if "pénteken" in query else "Thu"
    assert filters.get("day") == day and u.topic == "", u.label


def test_every_hungarian_weekday_has_its_on_form():
    """ "hétfőn", "kedden", "szerdán", "csütörtökön", "pénteken", "szombaton"."""
    from index.search.read.lexicon import WEEKDAYS_MORE

    said = WEEKDAYS_MORE["hu"]
    forms = ("hétfőn", "kedden", "szerdán", "csütörtökön", "pénteken", "szombaton")
    assert [said.get(w) for w in forms] == [0, 1, 2, 3, 4, 5]
    assert set(weekday_names("hu")) - set(said)  # (the plain names stay CLDR's)


@pytest.mark.parametrize(
    ("code", "query", "only", "left_out"),
    [
        ("sv", "föredrag på engelska", "en", None),
        ("no", "foredrag på engelsk", "en", None),
        ("no", "ikke på engelsk", None, "en"),
        ("fi", "esitykset englanniksi", "en", None),
        ("fi", "englanninkieliset esitykset", "en", None),
        ("fi", "ei englanniksi", None, "en"),
        ("hu", "előadások angolul", "en", None),
        ("hu", "angol nyelvű előadások", "en", None),
        ("hu", "nem angolul", None, "en"),
        ("sr", "предавања на енглеском", "en", None),
        ("sr", "predavanja na engleskom", "en", None),
        ("ur", "انگریزی میں لیکچر", "en", None),
        ("tl", "talks in Tagalog", "tl", None),
        ("tl", "not in Filipino", None, "tl"),
    ],
)
def test_the_talks_language_is_read(vocabs, code, query, only, left_out):
    """Before, none of these read a limit: a topic search listing talks in the
    language the user left out."""
    filters, excluded, u = _read(vocabs, code, query)
    assert filters.get("language") == only, u.label
    assert excluded == ([{"language": left_out}] if left_out else []), u.label
    assert u.topic == "", u.label


@pytest.mark.parametrize("name", ["Tagalog", "Filipino", "fil", "tl", "tgl"])
def test_tagalog_and_filipino_name_one_language(name):
    """Before, only "tl": "--language Tagalog" was refused."""
    assert language_code(name) == "tl"


def test_tagalog_weekdays_are_cldrs_filipino():
    """CLDR keeps Tagalog's data under "fil"; before, "tl" had no weekdays at all."""
    assert weekday_names("tl").get("huwebes") == 3


@pytest.mark.parametrize(
    ("code", "query", "day"),
    [
        ("sv", "andra dagen", DAY2),
        ("sv", "första dagen", DAY1),
        ("no", "andre dag", DAY2),
        ("fi", "toisena päivänä", DAY2),
        ("hu", "második nap", DAY2),
        ("hu", "a második napon", DAY2),
        ("ro", "a doua zi", DAY2),
        ("ro", "prima zi", DAY1),
        ("sr", "други дан", DAY2),
        ("ur", "دوسرے دن", DAY2),
        ("tl", "ikalawang araw", DAY2),
    ],
)
def test_the_nth_day_is_read(vocabs, code, query, day):
    filters, _, u = _read(vocabs, code, query)
    assert filters == {"day": day}, u.label


@pytest.mark.parametrize(
    ("query", "only", "left_out"),
    [
        ("talks in Hungarian", "hu", None),
        ("not in Hungarian", None, "hu"),
        ("but not in Hungarian", None, "hu"),
    ],
)
def test_a_language_opening_the_conferences_name_is_still_the_language(query, only, left_out):
    """Before, "in Hungarian" of a program called "Hungarian DevDays 2026" was taken
    as "at the conference" (no limit, no topic): every Hungarian talk was listed."""
    u = understand(query, _vocab("hu", "Hungarian DevDays 2026"))
    assert u.filters.active().get("language") == only, u.label
    assert [x.active() for x in u.excluded_limits] == (
        [{"language": left_out}] if left_out else []
    ), u.label


def test_the_conferences_whole_name_is_still_the_conference():
    u = understand("talks at Hungarian DevDays 2026", _vocab("hu", "Hungarian DevDays 2026"))
    assert (u.filters.active(), u.topic) == ({}, ""), u.label


@pytest.mark.parametrize(
    ("code", "query"),
    [("sv", "i morgon"), ("sv", "i morgon eftermiddag"), ("no", "i morgen ettermiddag")],
)
def test_tomorrow_said_in_two_words_is_no_morning(vocabs, code, query):
    """Before, "i morgon" (tomorrow, CLDR's relative day in two words) read as the
    morning: its last word is ambiguous as German "morgen" is, a part of the day only
    next to a day ("torsdag morgon")."""
    filters, _, u = _read(vocabs, code, query)
    assert filters.get("starts_before") != "12:00" and "morning" not in u.label, u.label
    assert _read(vocabs, code, "torsdag morgon" if code == "sv" else "torsdag morgen")[0] == {
        "day": "Thu",
        "starts_before": "12:00",
    }


SPEAKERS_PROGRAM = (
    "title,speakers,language,start,end\n"
    "Gráfadatbázisok,Kovács Anna,hu,2026-06-04T10:00,2026-06-04T10:45\n"
    "Biztonság,Nagy Péter,hu,2026-06-04T11:00,2026-06-04T11:45\n"
    "Rust,Annabel Kovács,en,2026-06-04T12:00,2026-06-04T12:45\n"
)


@pytest.mark.parametrize("said", ["Anna Kovács", "Kovács Anna", "anna kovacs"])
def test_the_speaker_filter_takes_a_name_of_two_words_in_either_order(
    tmp_path, hashing_embedder, said
):
    """Before, `--speaker "Anna Kovács"` found no talk of the program's "Kovács Anna"
    (Hungarian writes the family name first), though "by Anna Kovács" in the words
    was read right; Annabel Kovács is still no Anna Kovács."""
    import talkbase
    from index.build.builder import ingest

    (tmp_path / "program.csv").write_text(SPEAKERS_PROGRAM, encoding="utf-8")
    ingest([tmp_path / "program.csv"], tmp_path / "home", hashing_embedder)
    with talkbase.open(tmp_path / "home", embedder=hashing_embedder) as tb:
        found = tb.search("", literal=True, speaker=said)
        assert [h.talk.title for h in found] == ["Gráfadatbázisok"], found.notes


def _rooms_vocab(code: str, rooms: tuple[str, ...]) -> Vocab:
    tz = ZoneInfo(ZONES.get(code, "Europe/London"))
    talks = [
        Talk(
            title=f"Talk {n}",
            start=datetime(2026, 11, 19, 9 + n, tzinfo=tz),
            room=room,
            language=code,
        )
        for n, room in enumerate(rooms)
    ]
    return Vocab.from_talks(talks)


@pytest.mark.parametrize(
    ("code", "rooms", "query", "room"),
    [
        ("fi", ("Sali 2", "Pääsali"), "salissa 2", "Sali 2"),
        ("fi", ("Sali 2", "Pääsali"), "Pääsalissa", "Pääsali"),
        ("hu", ("B terem", "Díszterem"), "a B teremben", "B terem"),
        ("hu", ("B terem", "Díszterem"), "a Díszteremben", "Díszterem"),
        ("sr", ("Сала 2", "Сала 3"), "у Сали 2", "Сала 2"),
    ],
)
def test_a_room_said_with_a_case_ending_is_read(code, rooms, query, room):
    """Before, only the room as written was read ("Sali 2", "B terem"): Finnish and
    Hungarian glue a case ending to the whole word, and CLDR's tables say neither
    Hungarian nor Serbian inflects, so no form of their rooms was read."""
    u = understand(query, _rooms_vocab(code, rooms))
    assert (u.filters.active(), u.topic) == ({"room": room}, ""), u.label


def test_an_english_base_reads_no_room_with_an_ending():
    """ "halls" is no form of the room "Hall" in a program all in English."""
    vocab = _rooms_vocab("en", ("Hall", "Stage 2"))
    assert vocab.room_forms is None
    assert "room" not in understand("halls", vocab).filters.active()


@pytest.mark.parametrize(
    ("code", "query", "limits"),
    [
        ("sv", "workshops på torsdag", {"day": "Thu"}),
        ("no", "på fredag", {"day": "Fri"}),
        ("sr", "у петак", {"day": "Fri"}),
        ("tl", "sa Huwebes", {"day": "Thu"}),
    ],
)
def test_the_word_for_on_before_a_weekday_is_no_topic(vocabs, code, query, limits):
    """Before, "på", "у", "sa" stayed the topic, which the talks were then ranked by
    ("matches: 0", highlights of "på"): English's "on" was the only word taken with
    its day; now a word of `lexicon.PLACE_WORDS` of the talks' languages is too."""
    filters, _, u = _read(vocabs, code, query)
    assert filters == limits and u.topic in ("", "workshops"), u.label

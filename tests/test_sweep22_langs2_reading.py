"""Questions in Bengali, Tamil, Ukrainian, Greek, Amharic and Swahili (sweep 22, the
programs of /tmp/s21/sweep-langs2/, docs/formats.md "Sweep 22", "Reader: Bengali,
Tamil, Ukrainian, Greek, Amharic, Swahili"). Before, "after 15:00" said in them read
as "at 15:00" (or not at all), Bengali "except Saturday" as Saturday only, Ukrainian
"день" (day) as the afternoon, "the second day", the talks' language, Tamil
"-க்கிழமை" and Bengali "-এ" weekdays were not read, Greek "βράδυ"/"απόγευμα" and
Tamil "மாலை" were read as other parts of the day, Swahili "mazungumzo" (talks) was a
type limit that dropped the workshops, and "workshops" did not find the program's own
type."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from index.search.read import lexicon
from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core.records import Talk

ZONES = {
    "bn": "Asia/Dhaka",
    "ta": "Asia/Kolkata",
    "uk": "Europe/Kyiv",
    "el": "Europe/Athens",
    "am": "Africa/Addis_Ababa",
    "sw": "Africa/Nairobi",
}
TITLES = {
    "bn": ("নিরাপত্তা", "কৃত্রিম বুদ্ধিমত্তা", "ডেটাবেস"),
    "ta": ("பாதுகாப்பு", "செயற்கை நுண்ணறிவு", "தரவுத்தளம்"),
    "uk": ("Безпека", "Машинне навчання", "Бази даних"),
    "el": ("Ασφάλεια", "Μηχανική μάθηση", "Βάσεις δεδομένων"),
    "am": ("ደህንነት", "ሰው ሰራሽ አስተውሎት", "ዳታቤዝ"),
    "sw": ("Usalama", "Akili bandia", "Hifadhidata"),
}
# each program's types as it names them: a talk, a workshop, a lightning talk
TYPES = {
    "bn": ("বক্তৃতা", "কর্মশালা", "লাইটনিং টক"),
    "ta": ("உரை", "பயிற்சிப் பட்டறை", "மின்னல் உரை"),
    "uk": ("Доповідь", "Воркшоп", "Бліц-доповідь"),
    "el": ("Ομιλία", "Εργαστήριο", "Σύντομη ομιλία"),
    "am": ("ንግግር", "ወርክሾፕ", "አጭር ንግግር"),
    "sw": ("Mazungumzo", "Warsha", "Mazungumzo mafupi"),
}
SAT, SUN = "2026-11-14", "2026-11-15"


def _vocab(code: str) -> Vocab:
    """Saturday 14 and Sunday 15 November 2026: talks in `code` at 10:00, 14:00 and
    18:00 (a talk, a workshop, a lightning talk) and one in English at 11:00."""
    tz = ZoneInfo(ZONES[code])
    talks = []
    for day in (14, 15):
        for title, hour, kind in zip(TITLES[code], (10, 14, 18), TYPES[code], strict=True):
            start = datetime(2026, 11, day, hour, tzinfo=tz)
            end = start.replace(minute=45)
            talks.append(
                Talk(title=f"{title} {day}", start=start, end=end, language=code, format=kind)
            )
        start = datetime(2026, 11, day, 11, tzinfo=tz)
        talks.append(Talk(title=f"Zero Trust {day}", start=start, language="en", format="Talk"))
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
        ("bn", "১৫:০০ এর পরে", {"after": "15:00"}),
        ("bn", "১২:০০ এর আগে", {"before": "12:00"}),
        ("ta", "15:00 க்குப் பிறகு", {"after": "15:00"}),
        ("ta", "12:00 க்கு முன்", {"before": "12:00"}),
        ("uk", "після 15:00", {"after": "15:00"}),
        ("uk", "після 15 години", {"after": "15:00"}),
        ("el", "μετά τις 15:00", {"after": "15:00"}),
        ("el", "πριν τις 12:00", {"before": "12:00"}),
        ("sw", "baada ya saa 15:00", {"after": "15:00"}),
        ("sw", "kabla ya saa 12:00", {"before": "12:00"}),
        ("am", "ከ15:00 በኋላ", {"after": "15:00"}),  # ("from" glued to the time)
        ("am", "ከ12:00 በፊት", {"before": "12:00"}),
    ],
)
def test_after_and_before_a_time_are_read(vocabs, code, query, limits):
    """Before, read as "at" the time (or, in Amharic, not at all)."""
    filters, _, u = _read(vocabs, code, query)
    assert (filters, u.topic) == (limits, ""), u.label


@pytest.mark.parametrize(
    ("code", "query", "topic"),
    [
        ("bn", "শনিবার ছাড়া নিরাপত্তা", "নিরাপত্তা"),
        ("bn", "শনিবার বাদে নিরাপত্তা", "নিরাপত্তা"),
        ("bn", "শনিবার নয়", ""),
        ("ta", "சனிக்கிழமை தவிர பாதுகாப்பு", "பாதுகாப்பு"),
        ("ta", "சனி தவிர பாதுகாப்பு", "பாதுகாப்பு"),
        ("am", "ከቅዳሜ በስተቀር ደህንነት", "ደህንነት"),
        ("am", "ቅዳሜ በስተቀር ደህንነት", "ደህንነት"),
    ],
)
def test_a_day_said_to_be_left_out_is_left_out(vocabs, code, query, topic):
    """Before, Bengali's read as Saturday's talks only, the opposite of what was asked;
    Tamil's and Amharic's as no limit."""
    filters, left_out, u = _read(vocabs, code, query)
    assert (filters, left_out, u.topic) == ({}, [{"day": "Sat"}], topic), u.label


def test_the_six_languages_say_how_to_leave_out():
    """Each language whose programs the reader now reads has its words to leave out
    (test_newlangs_queries holds every language of the lexicon's tables to it)."""
    for code in ZONES:
        said = lexicon.LEAVE_OUT.get(code)
        assert said is not None and (said.words or said.limits or said.after), code


MORNING = {"starts_before": "12:00"}
AFTERNOON = {"after": "12:00", "starts_before": "18:00"}
EVENING = {"after": "17:00", "starts_before": "24:00"}


@pytest.mark.parametrize(
    ("code", "query", "limits"),
    [
        ("uk", "вранці", MORNING),
        ("uk", "зранку", MORNING),
        ("uk", "вдень", AFTERNOON),
        ("uk", "після обіду", AFTERNOON),
        ("uk", "ввечері", EVENING),
        ("uk", "у неділю ввечері", {"day": "Sun", **EVENING}),
        ("bn", "সকাল", MORNING),
        ("bn", "বিকেলের", AFTERNOON),
        ("bn", "সন্ধ্যায়", EVENING),
        ("am", "ጠዋት", MORNING),
        ("ta", "மாலை", EVENING),  # (CLDR's afternoon: the evening as Tamils say it)
        ("el", "το βράδυ", EVENING),  # (CLDR's night)
        ("el", "το απόγευμα", AFTERNOON),  # (CLDR's evening, from 17:00)
    ],
)
def test_parts_of_the_day_are_read_as_speakers_mean_them(vocabs, code, query, limits):
    filters, _, u = _read(vocabs, code, query)
    assert filters == limits, u.label


@pytest.mark.parametrize("query", ["день", "другий день", "перший день"])
def test_the_ukrainian_day_is_no_afternoon(vocabs, query):
    """Before, "день" (day) was CLDR's afternoon: "другий день" dropped Sunday's
    morning talks."""
    filters, _, u = _read(vocabs, "uk", query)
    assert "starts_before" not in filters and "after" not in filters, u.label


@pytest.mark.parametrize(
    ("code", "query", "day"),
    [
        ("bn", "দ্বিতীয় দিনে", SUN),
        ("ta", "இரண்டாம் நாள்", SUN),
        ("uk", "другий день машинне навчання", SUN),
        ("uk", "перший день", SAT),
        ("el", "δεύτερη μέρα", SUN),
        ("am", "ሁለተኛ ቀን", SUN),
        ("sw", "siku ya pili", SUN),
    ],
)
def test_the_second_day_is_read(vocabs, code, query, day):
    filters, _, u = _read(vocabs, code, query)
    assert filters == {"day": day}, u.label


@pytest.mark.parametrize(
    ("code", "query", "day"),
    [
        ("ta", "சனிக்கிழமை பாதுகாப்பு", "Sat"),
        ("ta", "ஞாயிற்றுக்கிழமை பாதுகாப்பு", "Sun"),
        ("ta", "சனிக்கிழமையன்று பாதுகாப்பு உரைகள்", "Sat"),
        ("bn", "শনিবারে নিরাপত্তা", "Sat"),
    ],
)
def test_a_weekday_in_its_common_forms_is_read(vocabs, code, query, day):
    filters, _, u = _read(vocabs, code, query)
    assert filters == {"day": day}, u.label


@pytest.mark.parametrize(
    ("code", "query", "only", "left_out"),
    [
        ("bn", "ইংরেজিতে বক্তৃতা", "en", None),
        ("bn", "বাংলায় বক্তৃতা", "bn", None),
        ("bn", "ইংরেজি ছাড়া বক্তৃতা", None, "en"),
        ("bn", "talks in Bengali", "bn", None),
        ("bn", "talks not in Bengali", None, "bn"),
        ("ta", "ஆங்கிலத்தில் உரைகள்", "en", None),
        ("ta", "தமிழில் உரைகள்", "ta", None),
        ("ta", "ஆங்கிலம் அல்லாத உரைகள்", None, "en"),
        ("uk", "доповіді англійською", "en", None),
        ("uk", "не англійською", None, "en"),
        ("uk", "українською мовою", "uk", None),
        ("el", "ομιλίες στα αγγλικά", "en", None),
        ("el", "όχι στα αγγλικά", None, "en"),
        ("el", "στα ελληνικά", "el", None),
        ("am", "በእንግሊዝኛ", "en", None),
        ("am", "በአማርኛ", "am", None),
        ("am", "talks in Amharic", "am", None),
        ("sw", "kwa Kiingereza", "en", None),
        ("sw", "si kwa Kiingereza", None, "en"),
        ("sw", "kwa Kiswahili", "sw", None),
    ],
)
def test_the_talks_language_asked_in_the_language_is_read(vocabs, code, query, only, left_out):
    filters, excluded, u = _read(vocabs, code, query)
    assert filters.get("language") == only, u.label
    assert excluded == ([{"language": left_out}] if left_out else []), u.label
    assert u.topic == "", u.label


@pytest.mark.parametrize(
    ("code", "query"),
    [
        ("sw", "mazungumzo ya usalama"),
        ("sw", "mazungumzo"),
        ("bn", "বক্তৃতা নিরাপত্তা"),
        ("ta", "உரைகள் பாதுகாப்பு"),
        ("uk", "доповіді безпека"),
        ("el", "ομιλίες ασφάλεια"),
        ("am", "ንግግር ደህንነት"),
    ],
)
def test_a_languages_word_for_talks_is_no_type_limit(vocabs, code, query):
    """Before, Swahili "mazungumzo" (talks) was the program's type "Mazungumzo": the
    workshops were left out, as English "talks" never leaves them out."""
    filters, _, u = _read(vocabs, code, query)
    assert "format" not in filters, u.label


@pytest.mark.parametrize(
    ("code", "query", "kind"),
    [
        ("bn", "workshops", 1),
        ("bn", "lightning talks", 2),
        ("ta", "lightning talks", 2),
        ("ta", "பயிற்சிப் பட்டறைகள்", 1),
        ("uk", "воркшопи", 1),
        ("el", "workshops", 1),
        ("el", "εργαστήρια", 1),
        ("el", "σύντομες ομιλίες", 2),
        ("am", "workshops", 1),
        ("am", "ወርክሾፖች", 1),
        ("sw", "workshops", 1),
        ("uk", "бліц-доповіді", 2),  # (a plural written with a hyphen)
    ],
)
def test_a_kind_of_session_finds_the_programs_own_type(vocabs, code, query, kind):
    """Before, English "workshops" and the plurals in the language were topic words."""
    filters, _, u = _read(vocabs, code, query)
    assert filters == {"format": TYPES[code][kind]}, u.label


@pytest.mark.parametrize(
    ("code", "query", "topic"),
    [
        ("uk", "воркшопи з безпеки", "з безпеки"),
        ("ta", "பயிற்சிப் பட்டறைகள் பாதுகாப்பு", "பாதுகாப்பு"),
        ("am", "ወርክሾፖች ደህንነት", "ደህንነት"),
        ("el", "εργαστήρια ασφάλεια", "ασφάλεια"),
        ("bn", "কর্মশালাগুলো নিরাপত্তা", "নিরাপত্তা"),
    ],
)
def test_a_kind_said_in_the_plural_beside_a_topic_is_the_type(vocabs, code, query, topic):
    """A plural the stems do not give (lexicon.KIND_PLURALS) says the kind as "workshops
    on security" does, beside a topic too."""
    filters, _, u = _read(vocabs, code, query)
    assert (filters, u.topic) == ({"format": TYPES[code][1]}, topic), u.label

"""Weekdays and parts of the day as languages that inflect them say them (sweep 9,
A11): "w środę" (Polish, "środa"), "в пятницу" (Russian, "пятница"), "утром" ("утро")
are read on a program in that language; CLDR's names where Babel leaves a language's
wide day periods empty ("rano", "wieczorem"); and a name's stem never reads a word the
talks use or a stem two names share."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from index.search.read.inflection import Inflected
from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core import languages
from talkbase.core.records import Talk

WARSAW = ZoneInfo("Europe/Warsaw")


def _program(code: str, abstract: str = "Opis.") -> Vocab:
    talks = [
        Talk(
            title=f"Talk {day}-{hour}",
            abstract=abstract,
            language=code,
            start=datetime(2026, 4, day, hour, tzinfo=WARSAW),
            end=datetime(2026, 4, day, hour, 45, tzinfo=WARSAW),
        )
        for day in (21, 22, 24, 25)  # Tuesday, Wednesday, Friday, Saturday
        for hour in (9, 14, 19)
    ]
    return Vocab.from_talks(talks)


def test_which_languages_inflect_is_read_from_cldr():
    assert languages.inflects("pl") and languages.inflects("ru") and languages.inflects("cs")
    assert not any(languages.inflects(c) for c in ("en", "it", "fr", "de", "ja"))


def test_day_periods_babel_gives_abbreviated_only_and_never_a_bare_before_or_after():
    polish = languages.day_part_names("pl")
    assert polish["rano"] == "morning" and polish["wieczorem"] == "evening"
    turkish = languages.day_part_names("tr")
    assert turkish["sabah"] == "morning" and turkish["akşam"] == "evening"
    assert "sonra" not in turkish and "önce" not in turkish  # "after", "before" (noon)
    assert languages.day_part_names("it")["sera"] == "evening"  # ("di sera": as before)


@pytest.mark.parametrize(
    ("code", "query", "day", "part"),
    [
        ("pl", "prelekcje w środę wieczorem", "Wed", ("after", "17:00")),
        ("pl", "wtorek rano", "Tue", ("starts_before", "12:00")),
        ("ru", "базы данных в пятницу", "Fri", None),
        ("ru", "доклады в среду утром", "Wed", ("starts_before", "12:00")),
    ],
)
def test_an_inflected_weekday_or_part_of_the_day_is_read(code, query, day, part):
    u = understand(query, _program(code))
    assert u.filters.day == day, u.label
    if part:
        assert getattr(u.filters, part[0]) == part[1], u.label


def test_a_word_the_talks_use_is_never_read_as_an_inflection():
    # "sobotnie" (of Saturday) is a word of these talks: a topic, not a day
    v = _program("pl", "Sobotnie warsztaty dla dzieci.")
    assert understand("sobotnie warsztaty", v).filters.day is None
    assert understand("w sobotę", v).filters.day == "Sat"  # (its inflected form is read)


def test_inflected_names_answer_lookups_and_shared_stems_answer_none():
    names = Inflected()
    names["sroda"] = 2
    names.inflect("sroda", 2)
    names.inflect("rano", "morning")
    names.inflect("ranx", "evening")  # the same stem "ran" for two values: neither read
    assert names.get("srode") == 2 and "srode" in names and names["srodzie"] == 2
    assert names.get("ranem") is None and "ranem" not in names
    assert names.get("sr") is None and list(names) == ["sroda"]  # iterating: the names
    names.blocked = frozenset({"srodek"})
    assert names.get("srodek") is None
    with pytest.raises(KeyError):
        names["nothing"]

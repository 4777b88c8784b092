"""A calendar's night across midnight, times said as English words in another
language, and limit words that are a talk's own title (sweep 12, Q4, Q12, Q3).

An iCalendar gives no program day: a screening at 00:45 after Friday's 23:30 one is
Friday night's by the program's own day change ("after midnight on Friday"), and
"après minuit" finds it. "voor de lunch" and "después de medianoche" are read as
"before lunch" and "after midnight". "la fièvre du samedi soir", the title of a
Friday film, is that film, not a Saturday-evening limit that leaves it out."""

from __future__ import annotations

from datetime import datetime
from functools import partial

import pytest

from index.search.kb import KnowledgeBase
from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core.records import Talk
from tests.conftest import calendar, program_kb, vevent

_event = partial(vevent, zone="Europe/Paris", description="Une séance du festival de cinéma.")
CALENDAR = calendar(
    _event("a", "20261113T190000", "20261113T210000", "La Fièvre du samedi soir : le remake"),
    _event("b", "20261113T233000", "20261114T003000", "Nuit du court métrage"),
    _event("c", "20261114T004500", "20261114T021500", "Midnight Movie : Rocky Horror"),
    _event("d", "20261114T100000", "20261114T113000", "Documentaire du matin"),
    _event("e", "20261114T200000", "20261114T213000", "Ciné-concert : Nosferatu"),
    _event("f", "20261114T234500", "20261115T010000", "Séance tardive"),
    _event("g", "20261115T003000", "20261115T020000", "Late night shorts"),
    _event("h", "20261115T100000", "20261115T113000", "Documentaires du dimanche"),
)
AFTER_MIDNIGHT = {"Midnight Movie : Rocky Horror", "Late night shorts"}


@pytest.fixture(scope="module")
def festival(tmp_path_factory: pytest.TempPathFactory, hashing_embedder):
    folder = tmp_path_factory.mktemp("festival")
    with program_kb(folder, hashing_embedder, "festival.ics", CALENDAR) as kb:
        yield kb


def _matched(kb: KnowledgeBase, query: str) -> tuple[list[str], set[str], tuple[str, ...]]:
    answer = kb.answer(query, 10)
    titles = {h.talk.title for h in answer.hits}  # (the talks its limits let through)
    return [c.label for c in answer.understood.chips], titles, answer.dropped


@pytest.mark.parametrize("query", ["après minuit", "after midnight", "films after midnight"])
def test_after_midnight_on_a_calendar_is_its_nights_talks(festival, query):
    chips, titles, dropped = _matched(festival, query)
    assert chips == ["after midnight"] and dropped == (), (chips, dropped)
    assert titles == AFTER_MIDNIGHT


def test_a_calendars_night_belongs_to_the_day_before(festival):
    assert _matched(festival, "films after midnight on Friday")[1] == {
        "Midnight Movie : Rocky Horror"
    }
    assert _matched(festival, "vendredi après minuit")[1] == {"Midnight Movie : Rocky Horror"}
    late = _matched(festival, "late at night on Saturday")[1]
    assert late == {"Séance tardive", "Late night shorts"}
    # the night is not the next day's morning
    assert _matched(festival, "documentaires le dimanche matin")[1] == {"Documentaires du dimanche"}


def test_a_morning_talk_with_no_evening_before_it_stays_on_its_own_date(tmp_path, hashing_embedder):
    """A program whose day before ends in the afternoon has no night running on: its
    05:30 talk is that day's early morning."""
    early = calendar(
        _event("a", "20261113T140000", "20261113T150000", "Afternoon session"),
        _event("b", "20261114T053000", "20261114T063000", "Sunrise session"),
        name="",
    )
    with program_kb(tmp_path, hashing_embedder, "early.ics", early) as kb:
        assert _matched(kb, "sessions on Saturday morning")[1] == {"Sunrise session"}
        assert _matched(kb, "sessions after midnight")[2] != ()  # none: dropped, said


def _vocab(language: str) -> Vocab:
    start = datetime.fromisoformat("2026-11-07T10:00:00+01:00")
    return Vocab.from_talks([Talk(title="t", abstract="a", language=language, start=start)])


def test_a_time_said_as_english_says_it_after_a_cue_of_another_language():
    dutch = understand("voor de lunch op zaterdag", _vocab("nl"))
    assert dutch.filters.before == "12:00" and dutch.filters.day == "Sat", dutch.label
    assert understand("na de lunch", _vocab("nl")).filters.after == "13:00"
    spanish = understand("después de medianoche", _vocab("es"))
    assert spanish.filters.after == "24:00" and spanish.topic == "", spanish.label
    # a cue with no time after it stays a word ("voor de beginners")
    assert understand("python voor de beginners", _vocab("nl")).filters.active() == {}


@pytest.mark.parametrize("query", ["tips voor de lunch", "recepten voor de lunch"])
def test_a_cue_after_a_word_of_the_topic_says_for_not_before(query):
    """Only limits and session types may stand before such a cue: "tips voor de lunch"
    is tips for lunch, its words a topic (review of sweep 12, R5)."""
    understood = understand(query, _vocab("nl"))
    assert understood.filters.active() == {} and understood.topic == query, understood.label
    # limits and session types before the cue: still read
    assert understand("talks na de lunch", _vocab("nl")).filters.after == "13:00"
    assert understand("zaterdag voor de lunch", _vocab("nl")).filters.before == "12:00"


def test_limit_words_that_are_an_excluded_talks_title_are_words(festival):
    answer = festival.answer("la fièvre du samedi soir", 10)
    assert answer.understood.chips == () and answer.dropped == ()
    assert answer.hits[0].talk.title == "La Fièvre du samedi soir : le remake"
    # the same day and part of the day said around other words: still limits
    chips, titles, _ = _matched(festival, "séances du samedi soir")
    assert chips[0] == "Saturday" and "La Fièvre du samedi soir : le remake" not in titles
    # a title holding the limit words and one more (no more of the question's words)
    assert _matched(festival, "films du samedi")[0] == ["Saturday"]


def test_the_titles_that_may_hold_a_limits_words_are_asked_of_the_database(festival):
    """Only titles holding one of the limit's words and two more of the question's are
    read in Python: a scan of every title took a second a query on 100,000 talks."""
    said = festival._titles_holding(["samedi", "soir"], ["la", "fievre", "du"], 2)
    assert [t for _, t in said] == ["La Fièvre du samedi soir : le remake"]
    # the accents of the question's words are the title key's: dropped on both sides
    assert festival._titles_holding(["samedi"], ["fièvre", "remake"], 2) == said
    assert festival._titles_holding(["samedi"], ["nosferatu", "remake"], 2) == []
    assert festival._titles_holding([], ["la", "fievre"], 1) == []

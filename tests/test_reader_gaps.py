"""Reading gaps a sweep found on programs of other kinds (sweep 15, F9): a room said
after an article elided onto its name ("dans l'Amphi A", "nell'Aula Magna"), and the
header over a list that holds every talk passing the query's limits, none of them
holding its words ("Filme nach Mitternacht" at a festival whose night films never
say "Film"): the rest of what the limits hold, not "nearest talks"."""

from __future__ import annotations

import io
from datetime import datetime
from functools import partial
from zoneinfo import ZoneInfo

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase import output
from talkbase.core import present
from talkbase.core.records import Talk
from tests.conftest import calendar, program_kb, vevent

PARIS = ZoneInfo("Europe/Paris")


def _talk(title: str, day: int, hour: int, room: str, language: str) -> Talk:
    start = datetime(2026, 3, day, hour, tzinfo=PARIS)
    return Talk(title=title, start=start, room=room, language=language, abstract=title)


@pytest.fixture(scope="module")
def congress() -> Vocab:
    return Vocab.from_talks(
        [
            _talk("Santé mentale des soignants", 14, 9, "Amphi A", "fr"),
            _talk("Telemedicine in rural areas", 14, 9, "Salle B", "en"),
            _talk("Cardiologie interventionnelle", 12, 10, "Amphi A", "fr"),
            _talk("Chirurgia robotica", 13, 11, "Aula Magna", "it"),
        ]
    )


@pytest.mark.parametrize(
    ("query", "room", "day"),
    [
        ("dans l'Amphi A samedi", "Amphi A", "Sat"),
        ("dans l’Amphi A", "Amphi A", None),  # (a typographic apostrophe)
        ("nell'Aula Magna venerdì", "Aula Magna", "Fri"),
    ],
)
def test_a_room_after_an_elided_article_is_read(congress, query, room, day) -> None:
    u = understand(query, congress)
    assert (u.filters.room, u.filters.day, u.topic) == (room, day, "")


def test_an_elided_article_before_no_room_stays_words(congress) -> None:
    assert understand("l'amphi", congress).topic == "l'amphi"  # (no room's whole name)
    assert understand("pas dans l'Amphi A", congress).excluded_limits[0].room == "Amphi A"


_event = partial(vevent, zone="Europe/Berlin", description="Eine Vorführung des Festivals.")
CALENDAR = calendar(
    _event("a", "20260213T193000", "20260213T210000", "Short films from Africa"),
    _event("b", "20260213T233000", "20260214T003000", "Late screening"),
    _event("c", "20260214T004500", "20260214T021500", "Midnight documentary: Citizenfour"),
    _event("d", "20260214T100000", "20260214T113000", "Masterclass: Schnitt"),
    _event("e", "20260214T200000", "20260214T213000", "Podium: Frauen hinter der Kamera"),
    _event("f", "20260214T230000", "20260215T003000", "Animation for adults"),
    _event("g", "20260215T013000", "20260215T030000", "Late night horror: The Thing"),
)


@pytest.fixture(scope="module")
def festival(tmp_path_factory: pytest.TempPathFactory, hashing_embedder):
    folder = tmp_path_factory.mktemp("festival")
    with program_kb(folder, hashing_embedder, "festival.ics", CALENDAR) as kb:
        yield kb


def _printed(answer) -> str:
    out, err = io.StringIO(), io.StringIO()
    output.print_answer(answer, out, err)
    return out.getvalue()


def test_every_talk_the_limits_hold_is_no_nearest_talk(festival) -> None:
    answer = festival.answer("xylophones after midnight", 10)
    assert {h.talk.title for h in answer.hits} == {
        "Midnight documentary: Citizenfour",
        "Late night horror: The Thing",
    }
    assert not answer.matches and answer.all_within_limits
    printed = _printed(answer)
    assert printed.startswith(present.WITHIN[:1].lower() + present.WITHIN[1:])
    assert present.NEAREST.lower() not in printed.lower()


def test_a_list_cut_short_or_with_no_limit_still_shows_the_nearest(festival) -> None:
    for query, k in (("xylophones after midnight", 1), ("xylophones", 10)):
        answer = festival.answer(query, k)
        assert not answer.all_within_limits, query
        assert _printed(answer).lower().startswith(present.NEAREST.lower())


def test_the_evening_runs_to_midnight_and_the_night_past_it(festival) -> None:
    """A 23:30 screening is Friday evening's (the evening ends at midnight, as
    CLDR's "soir", "Abend", "sera" do: talkbase/core/when.py); the 00:45 one after it
    is Friday night's, not its evening's (sweep 15, F7: "jeudi soir" missed 22:30)."""
    for query in ("Friday evening", "vendredi soir", "Freitag Abend"):
        answer = festival.answer(query, 10)
        assert answer.dropped == (), query
        assert {h.talk.title for h in answer.hits} == {"Short films from Africa", "Late screening"}
    night = {h.talk.title for h in festival.answer("Friday night", 10).hits}
    assert {"Late screening", "Midnight documentary: Citizenfour"} <= night

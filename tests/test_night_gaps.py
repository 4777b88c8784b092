"""A calendar's night runs on across midnight only without a break (review of sweep
12's Q4): a talk before the night's end moves to the day before when that day's talks,
each followed by at most an hour, reach it; a sunrise class hours after the last concert
ended is its own morning's. A clock time in the small hours ("after 03:00", "before
05:00 on Saturday") is read on the talk's own date and clock."""

from __future__ import annotations

import pytest

from index.build.builder import ingest
from index.search.kb import KnowledgeBase


def _event(uid: str, start: str, end: str, title: str) -> str:
    return (
        f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTART;TZID=Europe/Paris:{start}\r\n"
        f"DTEND;TZID=Europe/Paris:{end}\r\nSUMMARY:{title}\r\n"
        "DESCRIPTION:A session of the programme.\r\nEND:VEVENT\r\n"
    )


def _calendar(*events: str) -> str:
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        + "".join(events)
        + "END:VCALENDAR\r\n"
    )


CAMP = _calendar(  # a concert ends at 00:30; the yoga starts five hours later
    _event("a", "20260605T180000", "20260605T190000", "Opening keynote on open hardware"),
    _event("b", "20260605T233000", "20260606T003000", "Late concert under the stars"),
    _event("c", "20260606T053000", "20260606T063000", "Sunrise yoga"),
    _event("d", "20260606T090000", "20260606T100000", "Soldering for beginners"),
    _event("e", "20260606T233000", "20260607T003000", "Midnight drum circle"),
    _event("f", "20260607T050000", "20260607T170000", "Hackathon kickoff"),
    _event("g", "20260607T100000", "20260607T110000", "Repairing radios"),
)
RUNS = _calendar(  # a social starts exactly six hours before the next day's run
    _event("a", "20261105T090000", "20261105T100000", "Thursday talk on compilers"),
    _event("b", "20261105T230000", "20261105T235900", "Thursday late social"),
    _event("c", "20261106T050000", "20261106T060000", "Early morning run"),
    _event("d", "20261106T090000", "20261106T100000", "Friday talk on linkers"),
    _event("e", "20261106T234500", "20261107T004500", "Friday late party"),
    _event("f", "20261107T053000", "20261107T063000", "Saturday early morning run"),
    _event("g", "20261107T100000", "20261107T110000", "Saturday talk on debuggers"),
)
MARATHON = _calendar(  # one film after another through the night
    _event("a", "20261009T140000", "20261009T153000", "Afternoon talk on film restoration"),
    _event("b", "20261009T220000", "20261009T235500", "Marathon film one"),
    _event("c", "20261010T000000", "20261010T015500", "Marathon film two"),
    _event("d", "20261010T020000", "20261010T035500", "Marathon film three"),
    _event("e", "20261010T040000", "20261010T055500", "Marathon film four"),
    _event("f", "20261010T063000", "20261010T073000", "Breakfast with the directors"),
    _event("g", "20261010T230000", "20261010T235900", "Last film of the festival"),
)
FESTIVAL = (  # a Markdown program's night after its day heading (sweep 14's F8)
    "# Film Festival 2026\n\nAll times are Europe/Paris.\n\n## Friday 5 June 2026\n\n"
    "- 18:00–19:45 Opening film on cinema history — Marie Dubois\n"
    "- 22:30–00:30 Short film night — Claire Bernard\n"
    "- 01:00–03:00 Midnight fantasy marathon — Paul Petit\n"
    "\n## Saturday 6 June 2026\n\n- 10:00–11:30 Ocean documentary — Sophie Laurent\n"
)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory, hashing_embedder):
    folder = tmp_path_factory.mktemp("night-docs")
    for name, text in (("camp", CAMP), ("runs", RUNS), ("marathon", MARATHON)):
        (folder / f"{name}.ics").write_text(text, encoding="utf-8")
    (folder / "festival.md").write_text(FESTIVAL, encoding="utf-8")
    where = tmp_path_factory.mktemp("night-home")
    ingest([folder], where, hashing_embedder)
    with KnowledgeBase(where, hashing_embedder) as kb:
        yield kb


def _matched(kb: KnowledgeBase, query: str) -> set[str]:
    answer = kb.answer(query, 20)
    assert answer.dropped == (), (query, answer.dropped)
    return {h.talk.title for h in answer.hits[: answer.matches]}


def test_a_morning_talk_hours_after_the_night_ended_is_its_own_days(home):
    assert "Sunrise yoga" in _matched(home, "talks on Saturday")
    assert "Sunrise yoga" in _matched(home, "Saturday morning")
    assert "Sunrise yoga" not in _matched(home, "what's on Friday night")
    assert "Hackathon kickoff" in _matched(home, "talks on Sunday")
    assert "Hackathon kickoff" in _matched(home, "Sunday morning")


def test_six_hours_after_a_talk_began_is_no_longer_its_night(home):
    friday = _matched(home, "what's on Friday")
    assert "Early morning run" in friday and "Saturday early morning run" not in friday
    assert "Early morning run" not in _matched(home, "what's on Thursday night")
    assert "Saturday early morning run" in _matched(home, "talks on Saturday")


def test_a_night_without_a_break_runs_on_film_after_film(home):
    films = {"Marathon film one", "Marathon film two", "Marathon film three"}
    assert films | {"Marathon film four"} <= _matched(home, "films on Friday night")
    assert "Breakfast with the directors" in _matched(home, "Saturday morning")
    assert not films & _matched(home, "Saturday morning")


def test_a_clock_time_in_the_small_hours_is_read_on_the_talks_own_clock(home):
    after = _matched(home, "films after 03:00")
    assert "Marathon film four" in after
    assert not {"Marathon film two", "Marathon film three"} & after
    assert _matched(home, "films before 05:00 on Saturday") >= {
        "Marathon film two",
        "Marathon film three",
    }
    assert "Early morning run" in _matched(home, "before 06:00")


def test_a_markdown_program_s_film_after_midnight_is_its_day_heading_s_night(home):
    assert "Midnight fantasy marathon" in _matched(home, "after midnight on Friday")
    assert "Midnight fantasy marathon" in _matched(home, "Friday night")
    saturday = _matched(home, "talks on Saturday")
    assert "Ocean documentary" in saturday and "Midnight fantasy marathon" not in saturday

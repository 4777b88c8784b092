"""A limit said to be left out leaves its talks out, never applies itself (issue 35:
"rust talks not on saturday" answered with Saturday talks only). Read on the real
FOSDEM 2024 program (Sat 3 and Sun 4 Feb 2024), searched with the hashing encoder."""

from __future__ import annotations

import pytest

from index.search.read.understand import understand
from talkbase.core.filters import Filters

SAT, SUN = "2024-02-03", "2024-02-04"


def _hits(kb, query: str, k: int = 40):
    answer = kb.answer(query, k)
    assert not answer.relaxed, answer.notes()
    return answer, [h.talk for h in answer.hits]


@pytest.mark.parametrize(
    "query",
    [
        "rust talks not on saturday",
        "avoid saturday",
        "I can't make saturday",
        "no rust talks on saturday",
    ],
)
def test_a_day_left_out_lists_none_of_its_talks(fosdem_kb, query):
    answer, talks = _hits(fosdem_kb, query)
    assert talks and all(t.start.date().isoformat() == SUN for t in talks), query
    assert answer.understood.filters.day is None
    assert "not Saturday" in answer.understood.label


def test_the_words_between_an_opening_no_and_its_limit_stay_the_topic(fosdem_kb):
    u = understand("no rust talks on sunday", fosdem_kb.vocab)
    assert u.topic.lower().split() == ["rust"]
    assert [f.active() for f in u.excluded_limits] == [{"day": "Sun"}]


@pytest.mark.parametrize(
    ("query", "kept"),
    [
        ("not before 10am", lambda t: t.start.strftime("%H:%M") >= "10:00"),
        ("not in the morning", lambda t: t.start.strftime("%H:%M") >= "12:00"),
        ("not between 9 and 12", lambda t: t.end.strftime("%H:%M") > "12:00"),
        ("not in building K", lambda t: not t.room.upper().startswith("K")),
        ("not by Lennart", lambda t: all("lennart" not in s.name.lower() for s in t.speakers)),
    ],
)
def test_each_kind_of_limit_left_out(fosdem_kb, query, kept):
    answer, talks = _hits(fosdem_kb, query)
    assert talks and all(kept(t) for t in talks), (query, [(t.start, t.room) for t in talks])
    assert answer.understood.label.startswith("not "), answer.understood.label
    assert not answer.understood.filters.active()


def test_every_talk_passes_or_is_left_out_never_both(fosdem_kb):
    everyone = set(fosdem_kb.talks.ids.tolist())
    sat = set(fosdem_kb.allowed(Filters(day=SAT)))
    u = understand("not on saturday", fosdem_kb.vocab)
    assert set(fosdem_kb._allowed_for(u.filters, u)) == everyone - sat


@pytest.mark.parametrize(
    "query",
    ["not rust", "why go is not about simplicity", "notebooks without a server", "no-code tools"],
)
def test_a_cue_with_no_limit_after_it_leaves_out_nothing(fosdem_kb, query):
    u = understand(query, fosdem_kb.vocab)
    assert u.excluded_limits == () and not u.filters.active()


def test_not_in_the_go_devroom_is_still_every_other_track(fosdem_kb):
    u = understand("talks not in the go devroom", fosdem_kb.vocab)
    assert u.excluded_tracks and u.excluded_limits == ()


def test_dropping_the_chip_searches_without_it(fosdem_kb):
    u = understand("rust talks not on saturday", fosdem_kb.vocab)
    (chip,) = [c for c in u.chips if c.field == "not"]
    assert u.without(chip) == "rust talks"


@pytest.mark.parametrize(
    ("query", "left_out"),
    [
        ("testing talks except sunday morning", [{"day": "Sun", "starts_before": "12:00"}]),
        ("ebpf, sunday excluded", [{"day": "Sun"}]),
        ("saturday networking talks outside UB4.136", [{"room": "UB4.136"}]),
        ("postgres, anything but the morning", [{"starts_before": "12:00"}]),
        ("javascript on saturday but nothing from 4pm on", [{"after": "16:00"}]),
        ("nix stuff, nothing by malka", [{"speaker": "Malka"}]),
        ("sdr / ham radio, no morning sessions", [{"starts_before": "12:00"}]),
    ],
)
def test_more_ways_to_leave_a_limit_out(fosdem_kb, query, left_out):
    u = understand(query, fosdem_kb.vocab)
    assert [f.active() for f in u.excluded_limits] == left_out, u.label


def test_limits_joined_or_apart_are_left_out_one_by_one(fosdem_kb):
    u = understand("web security except saturday, and nothing in the evening", fosdem_kb.vocab)
    assert sorted(map(str, (f.active() for f in u.excluded_limits))) == sorted(
        ["{'day': 'Sat'}", "{'after': '17:00', 'starts_before': '24:00'}"]
    )
    u = understand("avoid the Janson room on sunday", fosdem_kb.vocab)
    assert u.filters.day == "Sun"  # said apart: kept, not left out with the room


def test_a_zero_width_space_or_direction_mark_never_hides_a_day(fosdem_kb):
    """Issue 35 (small): a right-to-left mark or zero-width space inside "saturday"
    stopped the day being read."""
    for query in (
        "rust talks on satur\u200bday",
        "rust on \u200fsaturday",
        "rust \u2066saturday\u2069",
    ):
        assert understand(query, fosdem_kb.vocab).filters.day == "Sat", repr(query)


def test_a_slashed_date_outside_the_program_or_ambiguous_is_said_back(fosdem_kb):
    u = understand("talks on 1/2", fosdem_kb.vocab)
    assert u.filters.day is None and any("01 Feb" in n for n in u.not_understood), u.chips
    from datetime import date

    from index.search.read.vocab import Vocab

    both = Vocab(days=(date(2031, 2, 3), date(2031, 3, 2)), timed=True)
    u = understand("talks on 3/2", both)
    assert u.filters.day is None
    assert any("write the month" in n for n in u.not_understood), u.not_understood

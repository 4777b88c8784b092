"""Limits no talk passes together: the search drops as few as it can, time first, and
says which (index/search/limits/relax.py); "at 10:00" holds the talks under way then."""

from __future__ import annotations

import pytest

from index.search.limits import relax
from index.search.read.understand import Chip, Understood
from talkbase.core.filters import Filters

QUANT = "Quantization & Low-Precision Training"  # the demo's: Wednesday only
INFERENCE = "Inference & Serving Optimization"  # Tuesday only


def test_when_and_where_bend_alone_then_kinds_go_together_in_order() -> None:
    u = Understood(
        "kernels in the Rust devroom on Sunday at 10:00",
        "kernels",
        Filters(day="Sun", at="10:00", track="Rust devroom"),
        (
            Chip("track", "Rust devroom", "track: Rust devroom"),
            Chip("day", "Sun", "Sunday"),
            Chip("at", "10:00", "at 10:00"),
        ),
    )
    tries = list(relax.attempts(u))
    assert [dropped for _, dropped in tries] == [
        ("at 10:00",),
        ("Sunday",),
        ("Sunday", "at 10:00"),
        ("track: Rust devroom", "Sunday", "at 10:00"),
    ]
    fewer, _ = tries[1]
    assert fewer.filters == Filters(at="10:00", track="Rust devroom")
    assert [c.field for c in fewer.chips] == ["track", "at"]
    assert tries[-1][0].filters == Filters() and tries[-1][0].topic == "kernels"


def test_people_and_phrases_go_with_their_chips() -> None:
    u = Understood(
        'by Ada or Bob "graph capture"',
        "",
        Filters(),
        (
            Chip("speaker", "Ada", "speaker: Ada"),
            Chip("speaker", "Bob", "speaker: Bob"),
            Chip("phrase", "graph capture", '"graph capture"'),
        ),
        phrases=("graph capture",),
        any_speakers=("Ada", "Bob"),
    )
    (people, _), (both, _) = relax.attempts(u)  # what a talk is about goes in order
    assert people.any_speakers == () and people.phrases == ("graph capture",)
    assert both.any_speakers == () and both.phrases == ()


def test_a_track_that_met_on_another_day_keeps_the_track(fake_kb) -> None:
    answer = fake_kb.answer(f"talks in the {QUANT} track on Tuesday", 10)
    assert answer.relaxed and answer.dropped == ("Tuesday",)
    assert answer.hits and all(h.talk.track == QUANT for h in answer.hits)
    assert {h.talk.start.strftime("%a") for h in answer.hits} == {"Wed"}
    (note,) = [n for n in answer.notes() if n.startswith("No talk matches")]
    assert note.endswith("showing results without Tuesday.")
    assert answer.to_dict()["dropped"] == ["Tuesday"]


def test_the_track_outlasts_the_day_and_time_together(fake_kb) -> None:
    answer = fake_kb.answer(f"talks in the {INFERENCE} track on Wednesday at 17:30", 10)
    assert answer.relaxed and answer.hits
    assert answer.dropped == ("Wednesday", "at 17:30")  # the track met on Tuesday only
    assert all(h.talk.track == INFERENCE for h in answer.hits)
    (note,) = [n for n in answer.notes() if n.startswith("No talk matches")]
    assert note.endswith("showing results without Wednesday · at 17:30.")


@pytest.mark.parametrize("moment", ["11:20", "11:10", "15:30"])
def test_at_holds_the_talks_under_way(fake_kb, moment: str) -> None:
    hits = fake_kb.search("pytorch", 100, Filters(at=moment))
    assert hits
    for h in hits:
        start, end = h.talk.start.strftime("%H:%M"), h.talk.end.strftime("%H:%M")
        assert start <= moment < end or start == moment, (start, end)
    every = fake_kb.search("pytorch", 100)
    running = [
        h
        for h in every
        if h.talk.start
        and h.talk.end
        and h.talk.start.strftime("%H:%M") <= moment < h.talk.end.strftime("%H:%M")
    ]
    assert {h.talk.id for h in running} <= {h.talk.id for h in hits}


def test_at_in_the_words_is_the_moment(fake_kb) -> None:
    answer = fake_kb.answer("what's on at 3:30pm on Wednesday", 20)
    assert answer.understood.filters.active() == {"day": "Wed", "at": "15:30"}
    assert not answer.relaxed and answer.hits
    assert all(h.talk.start.strftime("%a %H:%M") <= "Wed 15:30" for h in answer.hits)
    assert all(h.talk.end.strftime("%H:%M") > "15:30" for h in answer.hits)


def test_a_night_no_talk_reaches_lists_the_latest_talks_first(tmp_path, hashing_embedder):
    """ "late at night on saturday" at a program whose Saturday ends at 18:45: the time is
    dropped and the day's talks come latest first (they were listed from the morning)."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    rows = ["title,abstract,start,end"]
    rows += [f"Talk at {h},About {h}.,2030-01-05T{h}:00,2030-01-05T{h}:45" for h in (9, 14, 18)]
    (tmp_path / "p.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    ingest([tmp_path / "p.csv"], tmp_path / "home", hashing_embedder)
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as kb:
        answer = kb.answer("late at night on saturday", k=3)
        assert answer.relaxed and answer.latest_first
        assert [h.talk.title for h in answer.hits] == ["Talk at 18", "Talk at 14", "Talk at 9"]
        assert answer.notes()[0].endswith("showing results without late night, the latest first.")
        early = kb.answer("saturday before 8am", k=3)  # a limit from below: earliest first
        assert early.relaxed and not early.latest_first
        assert early.hits[0].talk.title == "Talk at 9"
        alone = kb.answer("after midnight", k=2)  # the time alone: no words searched for
        assert alone.latest_first and [h.talk.title for h in alone.hits] == [
            "Talk at 18",
            "Talk at 14",
        ]
        asked = kb.answer("first talk after 10pm on saturday", k=1)  # "first" is kept
        assert not asked.latest_first and asked.hits[0].talk.title == "Talk at 9"

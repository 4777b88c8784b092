"""A title said with its session format after it ("Graph databases in practice
(Workshop)") in one document and without it in another, by the same speaker at the
same time, is one talk, and keeps that format (sweep 13 F7); two talks of no shared
speaker, or two parts of one series ("Intro (Part 1)", "Intro (Part 2)"), stay two."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from ingest.merge import merge_talks
from ingest.merge.same import same_talk
from talkbase.core.records import Source, Speaker, Talk

BERLIN = ZoneInfo("Europe/Berlin")


def talk(title: str, document: str, speaker: str = "Tom Becker", hour: int = 12) -> Talk:
    return Talk(
        title=title,
        speakers=(Speaker(speaker),),
        start=datetime(2026, 10, 20, hour, tzinfo=BERLIN),
        end=datetime(2026, 10, 20, hour, 45, tzinfo=BERLIN),
        room="Saal 2",
        conference="K",
        sources=(Source(document, "csv", "line 4"),),
    )


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("Graph databases in practice (Workshop)", "Workshop"),
        ("Graph databases in practice [Tutorial]", "Tutorial"),
        ("Graph databases in practice - Workshop", "Workshop"),
        ("Graph databases in practice \u2013 Lightning Talk", "Lightning Talk"),
        ("Graph databases in practice (Taller)", "Workshop"),
    ],
)
def test_a_title_with_its_format_after_it_is_the_same_talk(said: str, kind: str) -> None:
    a, b = talk("Graph databases in practice", "a.csv"), talk(said, "b.csv")
    assert same_talk(a, b)
    (merged,) = merge_talks([a, b])
    assert merged.format == kind


def test_the_merged_talk_keeps_the_format_whichever_document_comes_first() -> None:
    a = talk("Graph databases in practice (Workshop)", "a.csv")
    b = talk("Graph databases in practice", "b.csv")
    (merged,) = merge_talks([a, b])
    assert merged.format == "Workshop"


def test_no_shared_speaker_is_two_talks() -> None:
    a = talk("Graph databases in practice", "a.csv")
    b = talk("Graph databases in practice (Workshop)", "b.csv", speaker="Ann Lee")
    assert not same_talk(a, b)
    assert len(merge_talks([a, b])) == 2


def test_another_time_is_two_talks() -> None:
    a = talk("Graph databases in practice", "a.csv")
    b = talk("Graph databases in practice (Workshop)", "b.csv", hour=15)
    assert len(merge_talks([a, b])) == 2


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Intro (Part 1)", "Intro (Part 2)"),
        ("Graph databases", "Graph databases (Part 2)"),
        ("Rust", "Rust - the good parts"),
        ("Lunch", "Lunch (Talk)"),
    ],
)
def test_what_is_no_format_joins_nothing(one: str, other: str) -> None:
    a, b = talk(one, "a.csv"), talk(other, "b.csv")
    assert not same_talk(a, b)


def test_format_suffix_reads_only_a_format() -> None:
    from talkbase.core.terms import format_suffix

    assert format_suffix("Graph databases in practice (Workshop)") == (
        "Graph databases in practice",
        "Workshop",
    )
    assert format_suffix("Rust - Past - Workshop") == ("Rust - Past", "Workshop")  # the last dash
    assert format_suffix("Intro (Part 2)") is None
    assert format_suffix("Rust - the good parts") is None
    assert format_suffix("Workshop") is None


def test_a_later_ingest_joins_the_stored_talk(tmp_path) -> None:
    """An incremental build finds the stored talk by the title without (or with) its
    format (index/build/delta.py), as a whole build of both documents does."""
    from index.build.builder import ingest
    from index.encoders.embed import HashingEmbedder
    from index.search.kb import KnowledgeBase

    head = "title,speakers,date,start,end,room,conference\n"
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    a.write_text(head + "Graph databases in practice,Tom Becker,2026-10-20,12:00,12:45,Saal 2,K\n")
    b.write_text(
        head + "Graph databases in practice (Workshop),Tom Becker,2026-10-20,12:00,12:45,Saal 2,K\n"
    )
    for first, second in ((a, b), (b, a)):
        home = tmp_path / first.stem
        ingest([first], home, HashingEmbedder())
        ingest([second], home, HashingEmbedder())
        with KnowledgeBase(home, HashingEmbedder()) as kb:
            (t,) = kb.talks.values()
        assert t.format == "Workshop"


def slot(
    title: str, document: str, start: tuple[int, int], end: tuple[int, int], room: str
) -> Talk:
    """A record of Ana Silva's on 20 October, from `start` to `end` (hour, minute)."""
    return Talk(
        title=title,
        speakers=(Speaker("Ana Silva"),),
        start=datetime(2026, 10, 20, *start, tzinfo=BERLIN),
        end=datetime(2026, 10, 20, *end, tzinfo=BERLIN),
        room=room,
        conference="K",
        sources=(Source(document, "csv", "line 2"),),
    )


def test_a_talk_and_the_workshop_right_after_it_are_two() -> None:
    """Review Q1: 10:00-10:30 and 10:30-12:00 do not overlap (another room too)."""
    for room in ("Room A", "Lab"):
        a = slot("Intro to Go", "talks.csv", (10, 0), (10, 30), "Room A")
        b = slot("Intro to Go (Workshop)", "workshops.csv", (10, 30), (12, 0), room)
        assert not same_talk(a, b)
        assert len(merge_talks([a, b])) == 2


def test_overlapping_spans_in_one_room_are_one_talk() -> None:
    a = slot("Intro to Go", "talks.csv", (10, 0), (12, 0), "Lab")
    b = slot("Intro to Go (Workshop)", "workshops.csv", (10, 15), (12, 0), "Lab")
    (merged,) = merge_talks([a, b])
    assert merged.format == "Workshop"


def test_two_untimed_pages_keep_the_talk_and_the_workshop_apart() -> None:
    """Review Q2: a talks page and a workshops page, no times: two sessions."""
    a = replace(slot("Intro to Go", "talks.html", (10, 0), (10, 30), ""), start=None, end=None)
    b = replace(a, title="Intro to Go (Workshop)", sources=(Source("ws.html", "html", "h2"),))
    assert not same_talk(a, b)
    assert len(merge_talks([a, b])) == 2


def test_an_untimed_record_joins_its_own_title_whatever_the_row_order() -> None:
    """Review Q3: the speakers page's undated "Intro to Go", read first, joins the
    talk, not the workshop the schedule lists before it."""
    page = replace(
        slot("Intro to Go", "speakers.csv", (10, 0), (10, 30), ""),
        start=None,
        end=None,
        abstract="Why Go: a tour.",
    )
    workshop = replace(
        slot("Intro to Go (Workshop)", "sched.csv", (14, 0), (17, 0), "Lab"),
        start=datetime(2026, 10, 21, 14, tzinfo=BERLIN),
        end=datetime(2026, 10, 21, 17, tzinfo=BERLIN),
    )
    talk_ = slot("Intro to Go", "sched.csv", (10, 0), (10, 30), "Room A")
    merged = merge_talks([page, workshop, talk_])
    assert len(merged) == 2
    by_title = {t.title: t for t in merged}
    assert by_title["Intro to Go"].abstract == "Why Go: a tour."
    assert not by_title["Intro to Go (Workshop)"].abstract

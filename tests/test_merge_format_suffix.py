"""A title said with its session format after it ("Graph databases in practice
(Workshop)") in one document and without it in another, by the same speaker at the
same time, is one talk, and keeps that format (sweep 13 F7); two talks of no shared
speaker, or two parts of one series ("Intro (Part 1)", "Intro (Part 2)"), stay two."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from ingest.merge import merge_talks, same_talk
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

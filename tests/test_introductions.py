"""Talks for newcomers (ingest/audience.py), on real FOSDEM 2024 titles and
abstracts, and what a search that asks where to start does with them
(index/search/reorder.py `introductions_first`), on the real program ingested with
the hashing encoder. (Each talk judged once per base: test_base_caches.py.)"""

from __future__ import annotations

import pytest

from index.search import reorder
from ingest.audience import asks_for_introductions, is_introductory
from ingest.housekeeping import asks_for_housekeeping

STARTING = "how do I start contributing to open source"
NEWCOMERS = (  # the FOSDEM 2024 talks its judgments grade 2 and a title tells
    "A beginner's guide to Backports",
    "GCC for new contributors",
    "You're already running my code in production: My simple journey to becoming a Go contributor.",
    "Outreachy: My journey working and contributing to an open source community as a user "
    "experience design intern",
)


def test_talks_for_newcomers_from_real_titles_and_abstracts():
    for title in (
        *NEWCOMERS,
        "An Introduction to Open Source AI",
        "[JMAP] JMAP: Getting Started",
        "WASM 101: porting a Sega Game Gear emulator to the browser",
        "From Scratch to PyTorch: Demystifying ML Frameworks by Building Your Own",
    ):
        assert is_introductory(title), title
    for title in (
        "Introducing Incus",  # a launch
        "Introduction to the Public Code and Digital Public Goods devroom",  # housekeeping
        "The Journey to Ubuntu Touch 20.04 on PINE64",  # a project's journey, not mine
        "Kubernetes Operators: Expanding Automation in Containerized Applications",
    ):
        assert not is_introductory(title), title
    # an abstract says it in plain words only: "the introduction of" a feature is no
    assert is_introductory(
        "Build your first Clang compilation database plugin",
        "No prior knowledge of Clang internals is needed.",
    )
    assert not is_introductory("Rust 1.75", "The introduction of async fn in traits.")


def test_queries_that_ask_where_to_start():
    for query in (STARTING, "getting started with Nix", "Rust for beginners", "intro to eBPF"):
        assert asks_for_introductions(query), query
    for query in (
        "contributing to open source",
        "fast start-up of JVM containers",
        "start time of the keynote",
        "talks that start in room K.3.401",
        "GraalVM native images",
    ):
        assert not asks_for_introductions(query), query
    # "intro to" asks for a newcomers' talk, not for a devroom's intro
    assert asks_for_housekeeping("the intro of the Kernel devroom")
    assert not asks_for_housekeeping("intro to eBPF")


def _newcomers(kb) -> set[int]:
    return {tid for tid, t in kb.talks.items() if t.title in NEWCOMERS}


def test_a_query_asking_where_to_start_raises_the_talks_for_newcomers(fosdem_kb, monkeypatch):
    newcomers = _newcomers(fosdem_kb)
    assert len(newcomers) == len(NEWCOMERS)
    raised = [h.talk.id for h in fosdem_kb.search(STARTING, 10)]
    monkeypatch.setattr(reorder, "INTRO_BONUS", 0.0)
    plain = [h.talk.id for h in fosdem_kb.search(STARTING, 10)]
    assert len(newcomers & set(raised)) > len(newcomers & set(plain))
    assert fosdem_kb.introductions.among(raised)  # the raised ones are judged for newcomers
    # a query that does not ask where to start ranks them as any talk
    monkeypatch.setattr(reorder, "INTRO_BONUS", 5.0)
    big = [h.talk.id for h in fosdem_kb.search("contributing to open source", 10)]
    monkeypatch.setattr(reorder, "INTRO_BONUS", 0.0)
    assert big == [h.talk.id for h in fosdem_kb.search("contributing to open source", 10)]


def test_the_answer_says_when_it_raised_talks_for_newcomers(fosdem_kb, monkeypatch):
    answer = fosdem_kb.answer(STARTING, 10)
    assert answer.newcomers and answer.to_dict()["newcomers_first"] is True
    assert "Talks for newcomers first, as the query asks where to start." in answer.notes()
    for plain in (
        fosdem_kb.answer("contributing to open source", 10),
        fosdem_kb.answer(STARTING, 10, mode="lexical"),  # one signal's list, as ranked
    ):
        assert not plain.newcomers
        assert not any("newcomers" in n for n in plain.notes())
    # a program with no talk for newcomers: nothing raised, nothing to say
    monkeypatch.setattr(fosdem_kb.introductions, "among", lambda ids: set())
    assert not fosdem_kb.answer(STARTING, 10).newcomers


@pytest.mark.parametrize("mode", ["lexical", "dense"])
def test_one_signal_s_ranking_is_not_raised(fosdem_kb, monkeypatch, mode):
    with_bonus = [h.talk.id for h in fosdem_kb.search(STARTING, 10, mode=mode)]
    monkeypatch.setattr(reorder, "INTRO_BONUS", 0.0)
    assert with_bonus == [h.talk.id for h in fosdem_kb.search(STARTING, 10, mode=mode)]

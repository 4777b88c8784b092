"""Talks for newcomers (ingest/audience.py), on real FOSDEM titles, and what a
search that asks where to start does with them (index/search/rank/reorder.py
`introductions_first`), on the real program ingested with the hashing encoder. (Each talk judged once per base: test_base_caches.py.)"""

from __future__ import annotations

import pytest

from index.search.rank import agreement, reorder
from ingest.audience import asks_for_introductions, is_introductory, without_starter_words
from ingest.housekeeping import asks_for_housekeeping

STARTING = "how do I start contributing to open source"
NEWCOMERS = (  # the FOSDEM 2024 talks its judgments grade 2 and a title tells
    "A beginner's guide to Backports",
    "GCC for new contributors",
    "You're already running my code in production: My simple journey to becoming a Go contributor.",
    "Outreachy: My journey working and contributing to an open source community as a user "
    "experience design intern",
)


def test_talks_for_newcomers_from_real_titles():
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
        "Introductory remarks",  # housekeeping too
        "Not for beginners: advanced Nix",  # said the other way round
        "Advanced eBPF: beyond the basics",
        "The Gentle Art of Patching",
        "Room 101: surveillance",
        "The Journey to Ubuntu Touch 20.04 on PINE64",  # a project's journey, not mine
        "Kubernetes Operators: Expanding Automation in Containerized Applications",
    ):
        assert not is_introductory(title), title
    # FOSDEM 2019's: "the introduction of" a feature is none, nor "beyond the first steps"
    assert not is_introductory("AMENDMENT Introduction of OSS Weaviate")
    assert not is_introductory("Beyond The First Steps")


def test_queries_that_ask_where_to_start():
    for query in (
        STARTING,
        "getting started with Nix",
        "Rust for beginners",
        "intro to eBPF",
        "where do I start",
        "how to get into open source",
        "talks for new contributors",
        "Kubernetes 101",
        "I'm new, how do I get involved in an open source community",
        "how can I get involved in Debian",
        "getting involved in KDE",
        "I am new to Rust",
    ):
        assert asks_for_introductions(query), query
    for query in (
        "contributing to open source",
        "fast start-up of JVM containers",
        "start time of the keynote",
        "talks that start in room K.3.401",
        "talks in room 101",
        "talks in H.101",
        "start to finish CI pipelines",
        "what's new to PostgreSQL 17",
        "how do packets get into the kernel",
        "not for beginners",
        "GraalVM native images",
        "the people involved in a Debian release",
        "what's new in Python 3.12",
    ):
        assert not asks_for_introductions(query), query
    # such a query asks BM25 for its subject: "new" and "involved" say where to start
    assert without_starter_words("I'm new, how do I get involved in Debian") == (
        "I'm how do I get in Debian"
    )
    # "intro to" asks for a newcomers' talk, not for a devroom's intro
    assert asks_for_housekeeping("the intro of the Kernel devroom")
    assert not asks_for_housekeeping("intro to eBPF")
    assert asks_for_housekeeping("intro to the Go devroom")


def test_a_query_asking_where_to_start_asks_bm25_for_its_subject_only(fosdem_kb, monkeypatch):
    assert without_starter_words("where do I start with Go") == "where do I with Go"
    assert without_starter_words("intro to eBPF") == "to eBPF"
    assert without_starter_words("beginners") == "beginners"  # nothing else: as typed
    import index.search.kb as kb_mod

    query = "where do I start with Go"
    hits = fosdem_kb.search(query, 30)
    assert not any("start" in h.why.matched_terms for h in hits)
    monkeypatch.setattr(kb_mod, "without_starter_words", lambda text: text)
    assert any("start" in h.why.matched_terms for h in fosdem_kb.search(query, 30))


def _newcomers(kb) -> set[int]:
    return {tid for tid, t in kb.talks.items() if t.title in NEWCOMERS}


def test_a_query_asking_where_to_start_raises_the_talks_for_newcomers(fosdem_kb, monkeypatch):
    # the hashing vectors' closeness is noise: fused at the configured weights
    monkeypatch.setattr(agreement, "FAR_KEEPS", 1.0)  # (that rule: test_agreement.py)
    monkeypatch.setattr(agreement, "SENTENCE_KEEPS", 1.0)
    newcomers = _newcomers(fosdem_kb)
    assert len(newcomers) == len(NEWCOMERS)
    raised = [h.talk.id for h in fosdem_kb.search(STARTING, 10)]
    monkeypatch.setattr(reorder, "INTRO_BONUS", 0.0)
    plain = [h.talk.id for h in fosdem_kb.search(STARTING, 10)]
    assert len(newcomers & set(raised)) > len(newcomers & set(plain))
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
    # said only of the first page: a talk for newcomers at the 30th hit is not "first"
    monkeypatch.setattr(reorder, "INTRO_BONUS", 0.0)
    hits = fosdem_kb.answer(STARTING, 40).hits
    monkeypatch.setattr(fosdem_kb.introductions, "among", lambda ids: {hits[29].talk.id} & set(ids))
    assert not fosdem_kb.answer(STARTING, 40).newcomers
    monkeypatch.setattr(fosdem_kb.introductions, "among", lambda ids: {hits[3].talk.id} & set(ids))
    assert fosdem_kb.answer(STARTING, 40).newcomers


def test_the_newcomers_note_comes_before_a_correction_s(fosdem_kb):
    answer = fosdem_kb.answer("how do I start contributting to open source", 10)
    assert answer.searched_instead == "how do I start contributing to open source"
    assert answer.newcomers
    notes = answer.notes()
    assert notes[-1].startswith("Showing results for how do I start contributing")
    assert notes[-2] == answer.newcomers_note  # (the CLI reads the correction last)


def test_the_cli_says_it_on_stderr_and_in_batch_lines(tmp_path, monkeypatch, capsys):
    import json

    from talkbase.cli import main

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    talks = [  # FOSDEM 2024's words, shortened, and talks on other things
        (
            "GCC for new contributors",
            "An overview of GCC's internals for people wanting to contribute.",
        ),
        (
            "The State of Funding Free & Open Source Software",
            "Who pays contributors to open source.",
        ),
        ("Meritocracy or Do-ocracy", "Why diversity in open source contributing is still hard."),
        ("Sustainable Open Source Development", "Contributing to open source for the long run."),
        ("Rust in the Linux kernel", "Drivers written in Rust, and what the kernel gains."),
        ("PostgreSQL query planning", "How the planner picks a join order."),
        ("Ceph on Kubernetes with Rook", "Storage clusters run by an operator."),
        ("Passkeys and passwordless login", "WebAuthn for every web site."),
    ]
    program = tmp_path / "program.jsonl"
    lines = [
        json.dumps({"uid": f"t{i}", "title": t, "abstract": a}) for i, (t, a) in enumerate(talks)
    ]
    program.write_text("\n".join(lines) + "\n")
    home = str(tmp_path / "home")
    assert main(["--home", home, "ingest", str(program)]) == 0
    queries = tmp_path / "queries.txt"
    queries.write_text(f"{STARTING}\ncontributing to open source\n")
    capsys.readouterr()
    note = "Talks for newcomers first, as the query asks where to start."
    for json_out in ([], ["--json"]):
        assert main(["--home", home, "search", STARTING, "-n", "5", *json_out]) == 0
        out, err = capsys.readouterr()
        assert note in err and note not in out and "GCC for new contributors" in out
    assert main(["--home", home, "search", "--batch", str(queries)]) == 0
    asked, plain = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert asked["newcomers_first"] is True and plain["newcomers_first"] is False


@pytest.mark.parametrize("mode", ["lexical", "dense"])
def test_one_signal_s_ranking_is_not_raised(fosdem_kb, monkeypatch, mode):
    monkeypatch.setattr(reorder, "INTRO_BONUS", 5.0)  # enough to reorder any list it touched
    with_bonus = [h.talk.id for h in fosdem_kb.search(STARTING, 10, mode=mode)]
    monkeypatch.setattr(reorder, "INTRO_BONUS", 0.0)
    assert with_bonus == [h.talk.id for h in fosdem_kb.search(STARTING, 10, mode=mode)]


def test_talks_for_newcomers_in_the_other_languages_the_reader_knows():
    """Titles and queries in German, French, Italian, Spanish, Dutch, Russian and
    Arabic, accents (and Arabic's hamza) typed or not; the languages are those the
    query reader has words for."""
    from index.search.read import lexicon
    from ingest.audience import INTRODUCTION_IN, NEWCOMERS_IN

    assert set(NEWCOMERS_IN) == set(INTRODUCTION_IN) == set(lexicon.ASKED_IN)
    for title in (
        "Einführung in Nix",
        "Congress für Neulinge",
        "Workshop für Einsteiger*innen",
        "Python pour débutants",
        "Rust per principianti",
        "Introduzione a Kubernetes",
        "Los primeros pasos con Go",
        "Introduccion a Rust",
        "Kennismaking met Nix",
        "Tips for first-timers",
        "Введение в Rust",
        "Kubernetes для начинающих",
        "ورشة للمبتدئين",
        "مقدمة في بايثون",
    ):
        assert is_introductory(title), title
    for title in (
        "Einsteins Feldgleichungen",
        "Principia Mathematica",
        "Timer interrupts",
        "Пентест веб-приложений",
        "مقدمة",
    ):
        assert not is_introductory(title), title
    for query in (
        "good talks for first-timers",
        "talk facili per chi è alle prime armi",
        "Vorträge für Anfänger",
        "charlas para principiantes",
        "exposés pour débutants",
        "talks voor nieuwkomers",
        "доклады для новичков",
        "محاضرات للمبتدئين",
    ):
        assert asks_for_introductions(query), query
    assert not asks_for_introductions("timer interrupts on ARM")
    assert without_starter_words("Vorträge für Einsteiger") == "Vorträge für"
    assert without_starter_words("good talks for first-timers") == "good talks for"


def test_a_session_for_first_timers_comes_first_when_they_ask(tmp_path, monkeypatch, capsys):
    """Through the CLI on an ingested program: a query for first-timers raises the
    session for them, titled in German, and counts it a match."""
    import json

    from talkbase.cli import main

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    talks = [
        ("Mesh networks in the camp", "How the camp's network is built, what is there."),
        ("Soldering workshop", "Solder your own badge at the camp: what is there to solder."),
        ("Rust in the Linux kernel", "Drivers written in Rust."),
        ("Rundgang für Neulinge", "Ein Rundgang über das Gelände."),
        ("Opening", "Welcome to the camp."),
    ]
    program = tmp_path / "program.jsonl"
    program.write_text(
        "".join(
            json.dumps({"uid": f"t{i}", "title": t, "abstract": a}) + "\n"
            for i, (t, a) in enumerate(talks)
        )
    )
    home = str(tmp_path / "home")
    assert main(["--home", home, "ingest", str(program)]) == 0
    capsys.readouterr()

    def hits(query: str) -> list[dict]:
        assert main(["--home", home, "search", query, "-n", "5", "--json"]) == 0
        return json.loads(capsys.readouterr().out)

    # it shares no word of the query, yet matches it: the query asks for newcomers
    first = hits("what is there for first-timers")[0]
    assert first["title"] == "Rundgang für Neulinge" and first["why"]["match"] is True
    # ...of nothing else: asked of a subject no talk holds, nothing matches
    assert not any(h["why"]["match"] for h in hits("Haskell for first-timers"))
    # where talks hold words of the query, those decide what matches
    matched = {h["title"]: h["why"]["match"] for h in hits("first-timers at the camp")}
    assert matched["Rundgang für Neulinge"] is False and matched["Soldering workshop"] is True
    matched = {h["title"]: h["why"]["match"] for h in hits("good talks")}
    assert not any(matched.values())  # not asked: no match

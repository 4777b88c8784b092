"""What an open base remembers between queries (issue 19: a search page run with a
new query costs less): each talk's housekeeping and newcomers' verdicts
(index/search/rank/chores.py) and each talk's sentences (`SentenceRows.of`).
Remembered or made again, the answers are the same."""

from __future__ import annotations

import dataclasses

import duckdb
import pytest

import index.search.evidence.sentences as sentences_mod
import index.search.rank.chores as chores_mod
from index.search.rank.chores import Chores, Introductions
from ingest.housekeeping import is_housekeeping
from ingest.text import talk_sentences

TITLES = {
    1: "Welcome to the RISC-V devroom",
    2: "Taming Abstraction",
    3: "Community DevRoom Concluding Remarks Day 1",
    4: "Welcome to Nix!",  # a newcomers' talk, not housekeeping
    5: "Lunch",
    6: "Controlling a 6 degree Robot Arm using a 48K ZX Spectrum",
}


@pytest.fixture
def titled() -> duckdb.DuckDBPyConnection:
    con = duckdb.connect(":memory:")
    con.execute("CREATE TABLE talks (id BIGINT, title VARCHAR)")
    con.executemany("INSERT INTO talks VALUES (?, ?)", list(TITLES.items()))
    yield con
    con.close()


def _counted(monkeypatch: pytest.MonkeyPatch, name: str) -> list[list[int]]:
    """The ids of every call of `reads.<name>` the judges make, as they make it."""
    read = getattr(chores_mod.reads, name)
    asked: list[list[int]] = []

    def counting(con, ids):  # type: ignore[no-untyped-def]
        asked.append(list(ids))
        return read(con, ids)

    monkeypatch.setattr(chores_mod.reads, name, counting)
    return asked


def test_chores_are_the_housekeeping_rule_judged_once(titled, monkeypatch):
    asked = _counted(monkeypatch, "titles_of")
    chores = Chores(titled)
    want = {tid for tid, title in TITLES.items() if is_housekeeping(title)}
    assert want == {1, 3, 5}
    assert chores.among([2, 1, 4]) == {1}
    assert asked == [[2, 1, 4]]
    assert chores.among(list(TITLES) + [99]) == want  # 99: no such talk, no chore
    assert asked[1] == [3, 5, 6, 99]  # only the talks not judged before
    assert chores.among(list(TITLES)) == want
    assert chores.among([]) == set()
    assert len(asked) == 2  # nothing read again


def test_introductions_are_judged_once_per_talk(titled, monkeypatch):
    asked = _counted(monkeypatch, "titles_of")
    intro = Introductions(titled)
    assert intro.among([2, 1]) == set()  # the RISC-V devroom's welcome is housekeeping
    assert intro.among([1, 4, 6, 99]) == set()  # "Welcome to Nix!" says none; 99: no talk
    titled.execute("INSERT INTO talks VALUES (7, 'GCC for new contributors')")
    assert intro.among([7, 2]) == {7}  # (2 was judged before: only 7 is read)
    assert asked == [[2, 1], [4, 6, 99], [7]]
    assert intro.among([7, 1, 4]) == {7} and len(asked) == 3


def test_sentences_are_made_once_per_talk(fake_kb, monkeypatch):
    talks = fake_kb.talks.get_many(list(fake_kb.talks)[:6])
    runs = {tid: (a, b) for tid, a, b in fake_kb.sentences.runs([t.id for t in talks])}
    made = {
        t.id: list(zip(range(*runs[t.id]), talk_sentences(t), strict=True))
        for t in talks
        if t.id in runs
    }
    assert made and all(made.values())
    calls: list[int] = []
    monkeypatch.setattr(
        sentences_mod, "talk_sentences", lambda t: calls.append(t.id) or talk_sentences(t)
    )
    assert fake_kb.sentences.of(talks) == made
    assert sorted(calls) == sorted(made)  # made from each talk
    assert fake_kb.sentences.of(list(reversed(talks))) == made
    assert list(fake_kb.sentences.of(list(reversed(talks)))) == [t.id for t in reversed(talks)]
    assert sorted(calls) == sorted(made)  # remembered: not made again
    changed = dataclasses.replace(talks[0], abstract=talks[0].abstract + " One more sentence.")
    fake_kb.sentences.of([changed])
    assert calls[-1] == changed.id and len(calls) == len(made) + 1  # another talk: made again


@pytest.mark.parametrize(
    "query", ["fault tolerance", "welcome to the devroom", "compilers on tuesday", "kernels"]
)
def test_answers_are_the_same_remembered_or_not(fake_kb, query):
    k = len(fake_kb.talks)

    def answered():
        return [(h.talk.id, h.score, h.why) for h in fake_kb.answer(query, k).hits]

    def forget():
        fake_kb.chores = Chores(fake_kb.con)
        fake_kb.sentences._made.clear()

    forget()
    fresh = answered()
    assert len(fresh) > 10  # (a day in the query keeps that day's talks only)
    assert answered() == fresh  # remembered
    forget()
    assert answered() == fresh

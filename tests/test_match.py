"""One match rule (index/search/rank/match.py): a talk matches when it shares a word of
the query that is not in most talks, or is close enough in meaning; search uses
it, and every hit carries its verdict."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest

from index.search import kb as kb_module
from index.search.rank import match, signals, wordparts
from index.search.rank.match import Matches, sharing
from index.search.rank.ranking import LexScores, Query, Ranking
from talkbase.core.records import Hit, Talk, Why


@dataclass
class StubIndex:
    holding: dict[str, set[int]]
    asked: list[str] = field(default_factory=list)

    def sharing(self, query: str, tids: list[int]) -> np.ndarray:
        self.asked.append(query)
        words = query.split()
        return np.array([any(t in self.holding.get(w, ()) for w in words) for t in tids])


@dataclass
class StubVocab:
    common: frozenset[str]


@dataclass
class StubBase:
    vocab: StubVocab
    bm25: StubIndex


SCORES = LexScores(np.array([1, 2, 3, 4]), np.array([0.0, 1.5, 0.2, 0.0]))


def base(common: set[str]) -> StubBase:
    return StubBase(StubVocab(frozenset(common)), StubIndex({"kernels": {1}, "gpu": {3, 4}}))


def test_a_talk_matches_by_a_rare_word_or_by_closeness():
    rule = Matches(frozenset({1}), {2: 0.45, 3: 0.39}, 0.40)
    assert rule(1) and rule(2)  # a shared word; close enough in meaning
    assert not rule(3) and not rule(4)  # not close enough; not ranked by meaning at all
    assert Matches(frozenset(), {5: -1.0}, -1.0)(5)


def test_a_talk_matches_by_closeness_in_any_language_from_its_own_floor():
    rule = Matches(frozenset(), {1: 0.2, 2: 0.2}, 0.40, {1: 0.06, 2: 0.04})
    assert rule(1) and not rule(2)  # the multilingual score, less its mean: 0.05 counts
    assert not Matches(frozenset(), {1: 0.2}, 0.40)(1)  # no multilingual ranking: dense alone


def test_a_talk_close_by_the_dense_score_alone_is_confirmed_in_any_language():
    """Ninth session: MiniLM finds a quarter of a Japanese program "close" to a
    Japanese question; where the multilingual signal ranked, it must agree a little."""
    rule = Matches(frozenset(), {1: 0.5, 2: 0.5, 3: 0.5}, 0.40, {1: 0.04, 2: 0.03})
    assert rule(1)  # near in any language too (CONFIRMED_FLOOR 0.035)
    assert not rule(2) and not rule(3)  # not near enough, or not ranked there
    assert Matches(frozenset(), {2: 0.5}, 0.40)(2)  # no multilingual ranking: dense alone


def test_rare_words_are_read_off_the_word_scores_when_every_word_is_rare():
    stub = base(set())
    assert sharing(stub, SCORES, "gpu kernels", [1, 2, 3, 4]) == {2, 3}  # scoring above 0
    assert sharing(stub, None, "gpu kernels", [1, 2, 3, 4]) == set()  # no word scores
    assert stub.bm25.asked == []


def test_a_common_word_alone_makes_no_match():
    stub = base({"pytorch"})
    assert sharing(stub, SCORES, "pytorch", [1, 2, 3, 4]) == set()
    # with rarer words beside it, only they are looked up (postings, not a second BM25)
    assert sharing(stub, SCORES, "pytorch kernels", [1, 2, 3, 4]) == {1}
    assert sharing(stub, None, "pytorch gpu", [1, 2, 3, 4]) == {3, 4}
    assert stub.bm25.asked == ["kernels", "gpu"]


def test_judge_reads_the_words_and_the_meaning_signals(monkeypatch):
    words = Ranking([(2, 1.5), (3, 0.2)], scores=SCORES)
    meaning = Ranking([(4, 0.5), (1, 0.1)])
    stub = base(set())
    both = Matches.judge(stub, "gpu kernels", [2, 3, 4, 1], {"lexical": words, "dense": meaning})
    assert both.sharing == {2, 3} and both.near == {4: 0.5, 1: 0.1} and both.floor == 0.40
    assert [t for t in (1, 2, 3, 4) if both(t)] == [2, 3, 4]
    assert not Matches.judge(stub, "gpu kernels", [4], {"dense": Ranking([(4, 0.3)])})(4)
    monkeypatch.setenv("TALKBASE_MATCH_FLOOR", "0.25")
    assert Matches.judge(stub, "gpu kernels", [4], {"dense": Ranking([(4, 0.3)])})(4)


def test_callers_with_hits_read_the_verdict_the_hits_carry():
    talk = Talk(title="t")
    hits = [Hit(talk, 1.0, Why(match=True)), Hit(talk, 0.5, Why(match=False))]
    assert match.matching(hits) == hits[:1] and match.count(hits) == 1


@pytest.mark.parametrize("mode", ["hybrid", "lexical", "dense"])
def test_every_hit_carries_the_rule_s_verdict(fake_kb, mode):
    for query in ("fault-tolerant collectives", "pytorch", "zzzqqq nonsense", "kernels"):
        answer = fake_kb.answer(query, 15, mode=mode)
        text = answer.understood.topic
        rankings = signals.rank(_query(fake_kb, text, 15), signals.chosen(mode))
        ids = [h.talk.id for h in answer.hits]
        rule = Matches.judge(fake_kb, _words(fake_kb, text), ids, rankings)
        assert [h.why.match for h in answer.hits] == [rule(t) for t in ids], (query, mode)
        assert answer.matches == match.count(answer.hits)
        # the matches come first, the nearest talks after them
        flags = [h.why.match for h in answer.hits]
        assert flags == sorted(flags, reverse=True)


def test_the_floor_setting_moves_the_line(fake_kb, monkeypatch):
    monkeypatch.setenv("TALKBASE_MATCH_FLOOR", "-1")
    assert all(h.why.match for h in fake_kb.search("zzzqqq nonsense", 10, mode="dense"))
    monkeypatch.setenv("TALKBASE_MATCH_FLOOR", "1")
    assert not any(h.why.match for h in fake_kb.search("zzzqqq nonsense", 10, mode="dense"))
    words = fake_kb.search("fault-tolerant collectives", 10, mode="hybrid")
    assert any(h.why.match for h in words)  # by its words, whatever the floor
    assert all(h.why.matched_terms for h in words if h.why.match)


def _words(kb, text: str) -> str:
    return wordparts.expand(text, kb.vocab.words)


def _query(kb, text: str, k: int) -> Query:
    return Query(kb, text, _words(kb, text), None, k, kb_module.POOL)

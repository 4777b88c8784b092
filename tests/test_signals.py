"""Ranking signals as a registry: the two built-in signals rank exactly as the
two-list search did, and a signal registered here (a toy ranking by talk id)
ranks, shows in `Why.ranks` and moves the fusion, then goes without a trace."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from appviews.models import evidence
from index.search import kb as kb_module
from index.search.limits.filters import Filters
from index.search.rank import (
    agreement,
    feedback,
    lexical,
    reorder,
    signals,
    trackprior,
    wordparts,
)
from index.search.rank.fusion import relative_score, rrf, scaled_score
from index.search.rank.ranking import Query, Ranking, word_pool
from talkbase.core import records, settings
from talkbase.core.errors import BadQuery

QUERIES = [
    "fault-tolerant collectives",
    "kernels and compilers",
    "distributed training",
    "teaching people how deep learning libraries work inside",
    "pytorch",
    "FP4 inference",
    "cudagraphs",
    "gpu memory",
    "zzzqqq nonsense",
    "quantization of large language models",
]
MODES = ("hybrid", "lexical", "dense")
FUSIONS = ("scaled", "relative", "rrf")


# -- today's two-list search, written out as it was before the registry -------------
def two_list_fuse(
    lex: list[tuple[int, float]], dense: list[tuple[int, float]]
) -> list[tuple[int, float]]:
    how = settings.fusion()
    w = settings.lexical_weight()
    if how == "rrf":
        return rrf([[t for t, _ in lex], [t for t, _ in dense]], k=settings.rrf_k())
    if how == "relative":
        return relative_score([lex, dense], [w, 1.0 - w])
    return scaled_score([lex, dense], [w, 1.0 - w], [0.0, settings.dense_floor()])


def two_list_search(kb, text: str, k: int, allowed: list[int] | None, mode: str) -> list[tuple]:
    """(id, score, ranks in order, match) of each hit, as the two-list `_ranked` found them."""
    pool = kb_module.POOL
    words = wordparts.expand(text, kb.vocab.words)
    lex = None
    if mode != "dense":
        lex = kb.bm25.score_all(words)
        lex = lex if allowed is None else lex.within(allowed)
    dense: list[tuple[int, float]] = []
    if mode != "lexical":
        qvec = kb.query_vector(text)
        n = len(kb.vectors) if allowed is None else len(allowed)
        doc = kb.vectors.search(qvec, min(n, pool), allowed)
        best = kb.sentences.best_scores(qvec, [t for t, _ in doc])
        dense = sorted(((t, (s + best.get(t, s)) / 2) for t, s in doc), key=lambda h: (-h[1], h[0]))
    by_words, lex_rank = (
        word_pool(lex, lex.best(max(pool, k)), [t for t, _ in dense]) if lex else ([], {})
    )
    scored = {"lexical": by_words, "dense": dense}.get(mode) or two_list_fuse(by_words, dense)
    if mode != "hybrid":
        scored = by_words if mode == "lexical" else dense
    terms = lexical.query_terms(words)
    kept = [t for t in terms if t not in kb.vocab.common]
    tids = [t for t, _ in scored]
    if len(kept) == len(terms):
        held = (lex.at(tids) > 0).tolist() if lex is not None else [False] * len(tids)
    elif not kept:
        held = [False] * len(tids)
    else:
        held = kb.bm25.sharing(" ".join(kept), tids).tolist()
    shared = {t for t, h in zip(tids, held, strict=True) if h}
    near = dict(dense)

    def is_match(tid: int) -> bool:
        return tid in shared or near.get(tid, -1.0) >= settings.match_floor()

    matches = [(t, s) for t, s in scored if is_match(t)][:k]
    seen = {t for t, _ in matches}
    matches += [(t, s) for t, s in scored if t not in seen][: k - len(matches)]
    dense_rank = {t: r for r, (t, _) in enumerate(dense, start=1)}
    out = []
    for tid, score in matches:
        ranks = []
        rank = lex_rank.get(tid)
        if rank is None and lex is not None and tid in dict(by_words):
            rank = lex.rank(tid)
        if rank is not None:
            ranks.append(("lexical", rank))
        if tid in dense_rank:
            ranks.append(("dense", dense_rank[tid]))
        out.append((tid, float(score), ranks, is_match(tid)))
    return out


def registry_search(kb, text: str, k: int, allowed: list[int] | None, mode: str) -> list[tuple]:
    # the fused lists as such: the later, query-level steps (tracks weighed, rare
    # terms lifted, housekeeping sessions last, `reorder.last_touches`, off in
    # `assert_as_before`) are tested on their own in test_trackprior.py and
    # test_conference_scale.py
    hits = kb._ranked(text, k, allowed, mode, signals.chosen(mode))
    return [(h.talk.id, h.score, list(h.why.ranks.items()), h.why.match) for h in hits]


def assert_as_before(kb, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(reorder, "last_touches", lambda base, asked, text, scored, k, hy: scored)
    monkeypatch.setattr(trackprior, "TRACK_BONUS", 0.0)  # (tested in test_trackprior.py)
    monkeypatch.setattr(feedback, "FEEDBACK_WEIGHT", 0.0)  # (tested in test_feedback.py)
    monkeypatch.setattr(agreement, "FAR_KEEPS", 1.0)  # (tested in test_agreement.py)
    monkeypatch.setattr(agreement, "SENTENCE_KEEPS", 1.0)
    tuesday = kb.allowed(Filters(day="Tue"))
    assert tuesday
    compared = 0
    for fusion in FUSIONS:
        monkeypatch.setenv("TALKBASE_FUSION", fusion)
        for text in QUERIES:
            for mode in MODES:
                for allowed, k in ((None, 10), (None, 40), (tuesday, 5)):
                    want = two_list_search(kb, text, k, allowed, mode)
                    got = registry_search(kb, text, k, allowed, mode)
                    assert got == want, (fusion, text, mode, k)  # ids, order, exact scores
                    compared += 1
    return compared


def test_the_registry_searches_the_hashing_base_as_the_two_list_search(fake_kb, monkeypatch):
    assert assert_as_before(fake_kb, monkeypatch) == len(FUSIONS) * len(QUERIES) * 9
    # and so does a large base's hybrid query, whose dense half runs on the worker
    monkeypatch.setattr(kb_module, "BOTH_AT_ONCE", 1)
    monkeypatch.setenv("TALKBASE_FUSION", "scaled")
    for text in QUERIES:
        want = two_list_search(fake_kb, text, 10, None, "hybrid")
        assert registry_search(fake_kb, text, 10, None, "hybrid") == want, text
    assert fake_kb.worker.started


def test_the_registry_searches_the_demo_base_as_the_two_list_search(demo_kb, monkeypatch):
    assert assert_as_before(demo_kb, monkeypatch) == len(FUSIONS) * len(QUERIES) * 9


def test_the_built_in_signals_are_registered_in_order_on_the_ground():
    assert list(signals.SIGNALS) == ["lexical", "dense", "multilingual"]
    assert {n: s.label for n, s in signals.SIGNALS.items()} == records.SIGNALS
    assert signals.modes() == ("hybrid", "lexical", "dense", "multilingual")
    assert [s.name for s in signals.chosen("hybrid")] == ["lexical", "dense", "multilingual"]
    assert signals.LEXICAL.setting == signals.DENSE.setting == "lexical_weight"
    assert signals.MULTILINGUAL.setting == "multilingual_weight"
    assert signals.MULTILINGUAL.lowers == ("dense", 0.5)
    with pytest.raises(BadQuery, match="mode must be one of hybrid, lexical, dense, multil"):
        signals.chosen("fuzzy")


def test_a_signal_is_registered_once_under_a_word_and_its_label(monkeypatch):
    def nothing(query: Query) -> Ranking:
        return Ranking([])

    with pytest.raises(ValueError, match="already registered"):
        signals.register(signals.Signal("dense", "by meaning", None, lambda: 1.0, nothing))
    with pytest.raises(ValueError, match="already registered"):
        signals.register(signals.Signal("hybrid", "by all", None, lambda: 1.0, nothing))
    with pytest.raises(ValueError, match="both `ahead` and `finish`"):
        signals.Signal("x", "by x", None, lambda: 1.0, nothing, ahead=lambda q: None)
    with pytest.raises(ValueError, match="one word"):
        records.name_signal("two words", "by two")
    with pytest.raises(ValueError, match="already said"):
        records.name_signal("lexical", "by letters")
    assert list(signals.SIGNALS) == ["lexical", "dense", "multilingual"]
    assert records.SIGNALS == {
        "lexical": "by words",
        "dense": "by meaning",
        "multilingual": "by meaning in any language",
    }


# -- a third signal, registered here --------------------------------------------------
def by_talk_id(query: Query) -> Ranking:
    """A toy signal: the allowed talks by id, highest first (score: the id)."""
    ids = query.base.talks.ids if query.allowed is None else np.asarray(query.allowed)
    best = sorted((int(t) for t in ids), reverse=True)[: query.pool]
    scored = [(t, float(t)) for t in best]
    return Ranking(scored, {t: r for r, (t, _) in enumerate(scored, start=1)})


@pytest.fixture
def toy_weight() -> Iterator[list[float]]:
    """The toy signal registered for one test (its weight: the list's one value)."""
    weight = [0.5]
    signals.register(signals.Signal("talk_id", "by talk id", None, lambda: weight[0], by_talk_id))
    try:
        yield weight
    finally:
        signals.unregister("talk_id")


def test_a_third_signal_ranks_shows_its_rank_and_moves_the_fusion(fake_kb, toy_weight, monkeypatch):
    monkeypatch.setattr(trackprior, "TRACK_BONUS", 0.0)  # the fusion's own arithmetic
    text = "distributed training"
    assert signals.modes() == ("hybrid", "lexical", "dense", "multilingual", "talk_id")
    assert records.SIGNALS["talk_id"] == "by talk id"
    place = {t: r for r, t in enumerate(sorted(fake_kb.talks.ids.tolist(), reverse=True), 1)}
    hits = fake_kb.search(text, 10)
    assert hits and all(h.why.ranks["talk_id"] == place[h.talk.id] for h in hits)
    assert [n for n in hits[0].why.ranks][-1] == "talk_id"  # after the built-in ones
    shown = hits[0].why.to_dict()
    assert shown["ranks"]["talk_id"] == place[hits[0].talk.id]
    assert {"lexical_rank", "dense_rank", "carried_by"} <= set(shown)  # the contract stays
    assert f"#{place[hits[0].talk.id]} by talk id" in evidence.signal(hits[0].why)

    # the fused score of each hit is the two-signal one plus the toy's share
    lists = signals.rank(
        Query(fake_kb, text, wordparts.expand(text, fake_kb.vocab.words), None, 10, kb_module.POOL),
        signals.chosen("hybrid"),
    )
    top = max(t for t, _ in lists["talk_id"].scored)
    fused = dict(
        scaled_score(
            [lists["lexical"].scored, lists["dense"].scored],
            [0.6, 0.4],
            [0.0, settings.dense_floor()],
        )
    )
    for h in hits:
        assert h.score == pytest.approx(fused.get(h.talk.id, 0.0) + 0.5 * h.talk.id / top)

    # weighed heavily, it orders the matches by id; what matches stays the same
    toy_weight[0] = 1e6
    heavy = fake_kb.search(text, 10)
    matching = [h.talk.id for h in heavy if h.why.match]
    assert matching == sorted(matching, reverse=True) and len(matching) > 1
    verdict = {h.talk.id: h.why.match for h in hits}
    assert all(verdict[h.talk.id] == h.why.match for h in heavy if h.talk.id in verdict)

    # and it is a mode of its own: its list alone (matches first, as ever)
    alone = fake_kb.search(text, 5, mode="talk_id")
    assert all(list(h.why.ranks) == ["talk_id"] for h in alone)
    assert all(h.score == float(h.talk.id) for h in alone)


def test_unregistering_a_signal_leaves_search_as_it_was(fake_kb):
    before = [(h.talk.id, h.score, h.why) for h in fake_kb.search("kernels and compilers", 10)]

    def toy(query: Query) -> Ranking:
        return by_talk_id(query)

    signals.register(signals.Signal("toy", "by toy", None, lambda: 2.0, toy))
    try:
        changed = [(h.talk.id, h.score, h.why) for h in fake_kb.search("kernels and compilers", 10)]
        assert changed != before
    finally:
        signals.unregister("toy")
    assert "toy" not in records.SIGNALS
    assert signals.modes() == ("hybrid", "lexical", "dense", "multilingual")
    after = [(h.talk.id, h.score, h.why) for h in fake_kb.search("kernels and compilers", 10)]
    assert after == before

"""Broad queries widened by their first talks' words (index/search/rank/feedback.py), on
the real FOSDEM 2024 program (hashing encoder: the words are what is tested), and
the weighted BM25 pass it runs (index/store/postings.py)."""

from __future__ import annotations

import re

import numpy as np

from index.search.rank import feedback, lexical, wordparts
from index.search.rank.match import Matches
from index.search.rank.ranking import Query
from index.store.postings import Postings, build_segment

BROAD = "how do I start contributing to open source"


def _terms(kb, text: str) -> list[str]:
    return kb.bm25.tokens(lexical.lexical_query(text))


def test_weighted_postings_are_the_weighted_sum_of_each_term():
    seg = build_segment([10, 11, 12, 13], [[0, 1, 1], [1, 2], [2, 2, 2, 3], [0]], n_terms=4)
    p = Postings([seg])
    parts = [p.dense([t]) for t in (0, 2, 3)]
    got = p.dense([0, 2, 3], [0.5, 2.0, 0.0])
    assert np.allclose(got, 0.5 * parts[0] + 2.0 * parts[1], atol=1e-6)
    assert np.allclose(p.dense([0, 2]), parts[0] + parts[1], atol=1e-6)  # no weights: 1 each


def test_a_broad_query_is_widened_by_its_first_talks_words(fosdem_kb):
    kb = fosdem_kb
    terms = _terms(kb, BROAD)
    assert terms == ["start", "contributing", "open", "source"]
    n = len(kb.vectors)
    assert all(kb.bm25.doc_freq(t) > feedback.rare_limit(n) for t in terms)  # none rare
    own = kb.bm25.score_all(BROAD)
    words = feedback.fed_back(kb, terms, own, lexical.FILLER)
    assert 0 < len(words) <= feedback.FEEDBACK_TERMS
    assert [w for w, _ in words] == [w for w, _ in sorted(words, key=lambda p: -p[1])]
    for word, _ in words:
        assert word not in terms and word not in lexical.FILLER
        assert 2 <= kb.bm25.doc_freq(word) <= feedback.FEEDBACK_MAX_SHARE * n
    # the fed-back words come from the first talks by words
    first = [kb.talks[t] for t in own.best(feedback.FEEDBACK_TALKS)[0].tolist()]
    said = set(kb.bm25.tokens(" ".join(f"{t.title} {t.abstract}" for t in first)))
    assert {w for w, _ in words} <= said
    wide = feedback.widened(kb, terms, own, None)
    assert np.all(wide.scores >= own.scores - 1e-6)
    gained = np.flatnonzero(wide.scores > own.scores + 1e-6)
    assert len(gained) > 0
    # talks holding none of the query's words are reached through the fed-back ones
    assert np.any(own.scores[gained] == 0)


def test_a_query_with_a_rare_word_ranks_as_typed(fosdem_kb):
    kb = fosdem_kb
    for text in ("GraalVM native images", "kuberentes operators"):  # rare; not held at all
        terms = _terms(kb, text)
        own = kb.bm25.score_all(text)
        assert feedback.widened(kb, terms, own, None) is own


def test_a_very_large_base_ranks_a_broad_query_as_typed(fosdem_kb, monkeypatch):
    own = fosdem_kb.bm25.score_all(BROAD)
    assert feedback.widened(fosdem_kb, _terms(fosdem_kb, BROAD), own, None) is not own
    monkeypatch.setattr(feedback, "FEEDBACK_MAX_TALKS", len(fosdem_kb.vectors) - 1)
    assert feedback.widened(fosdem_kb, _terms(fosdem_kb, BROAD), own, None) is own


def test_filters_hold_and_the_match_rule_reads_the_query_words_alone(fosdem_kb):
    kb = fosdem_kb
    sunday = [t.id for t in kb.talks.values() if t.start and t.start.date().day == 4]
    terms = _terms(kb, BROAD)
    own = lexical.word_scores(kb.bm25, BROAD, sunday)
    wide = feedback.widened(kb, terms, own, sunday)
    outside = np.ones(len(wide.scores), bool)
    outside[own.lookup[1][np.searchsorted(own.lookup[0], sorted(sunday))]] = False
    assert not np.any(wide.scores[outside])
    ranking = lexical.rank(Query(kb, BROAD, BROAD, None, 10, len(kb.vectors)))  # every talk
    assert ranking.scores is not None
    widened_only = [
        tid
        for tid, _ in ranking.scored
        if not np.any(ranking.scores.at([tid]) > 0)  # listed by fed-back words alone
    ]
    assert widened_only, "the broad query lists talks by the fed-back words"
    verdict = Matches.judge(kb, BROAD, widened_only, {"lexical": ranking})
    assert not any(verdict(t) for t in widened_only)


def test_a_doing_word_finds_the_talks_that_name_its_doers(fosdem_kb):
    """ "contributing" stems to "contribut", "contributors" to "contributor": the
    query is widened by the doer the base holds (wordparts.doers), so "GCC for new
    contributors" and the other talks naming contributors in their titles match."""
    query = "contributing"
    words = wordparts.expand(query, fosdem_kb.vocab.words, fosdem_kb.vocab.long_forms)
    assert words == "contributing contributors"
    named = {
        tid
        for tid, t in fosdem_kb.talks.items()
        if re.search(r"\bcontributors?\b", t.title.lower())
    }
    assert len(named) >= 4  # "GCC for new contributors", "... becoming a Go contributor", ...
    assert not named <= {tid for tid, _ in fosdem_kb.bm25.search(query)}
    hits = fosdem_kb.search(query, 60, mode="lexical")
    assert named <= {h.talk.id for h in hits if h.why.match}

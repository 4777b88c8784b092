"""Broad queries widened by the words of their first talks (pseudo-relevance feedback).

A query none of whose words is rare in the base ("how do I start contributing to
open source": each word in more than RARE_SHARE of the talks) is a broad one: BM25
ranks by common words, and the talks that say the same thing in other words are
missed. So the words the first FEEDBACK_TALKS talks by words use most (weighed by
those talks' scores, each word by its share of its talk's words), and that neither
the query holds nor most talks do, are asked for too, at FEEDBACK_WEIGHT of the
query's own words. A query with a rare word (or one the base does not hold) is
specific and ranks as typed.

Measured with `python bench/quality.py` (hybrid nDCG@10, dev / CACM / FOSDEM 2024):
0.956 / 0.561 / 0.906 before; with this 0.957 / 0.564 / 0.909. Every setting
tried gained on all three (3 or 8 talks, 5 or 20 words, weights 0.1 to 0.2, rare
shares of 0.5% or 2%); at 0.3 "kuberentes operators" lost, and feeding back every
query, specific ones too, lost 0.017 on CACM.

Which talks share a word with the query (what the match rule reads) is still told
by the query's own words: a talk the fed-back words alone reach is ranked, never
counted a match for them. A base of over FEEDBACK_MAX_TALKS talks ranks as typed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import Any

from index.search.rank.ranking import LexScores

RARE_SHARE = 0.01  # a term in at most this share of the talks is rare
RARE_MIN_TALKS = 5  # (or in at most this many, in a small base)
FEEDBACK_TALKS = 5  # the first talks by words whose words are fed back
FEEDBACK_TERMS = 10  # words fed back
FEEDBACK_WEIGHT = 0.15  # their weight, all together, against the query's own words
FEEDBACK_MAX_SHARE = 0.2  # a word in more of the talks says nothing of a topic
# Above this many talks a broad query ranks as typed: the fed-back words' pass over
# the postings costs about what the query's own does (0.66 against 0.67 ms at
# 100,000 synthetic talks, `bench/scale.py`'s base; p50 13.0-13.3 against 11.2-11.4
# ms), which at a million talks would take the p50 past its 30 ms target.
FEEDBACK_MAX_TALKS = 200_000


def rare_limit(talks: int) -> float:
    """The most talks a rare term is in, in a base of `talks` talks."""
    return max(RARE_MIN_TALKS, RARE_SHARE * talks)


def widened(
    base: Any,
    terms: Sequence[str],
    scores: LexScores,
    allowed: Sequence[int] | None,
    skip: Collection[str] = (),
) -> LexScores:
    """`scores` (BM25 of the query's `terms`, 0 outside `allowed`) plus the fed-back
    words' BM25 (never those of `skip`: the words questions are wrapped in), at
    FEEDBACK_WEIGHT; `scores` itself for a specific query."""
    index = base.bm25
    n = len(base.vectors)
    if FEEDBACK_WEIGHT <= 0 or not terms or n > FEEDBACK_MAX_TALKS:
        return scores
    if any(index.doc_freq(t) <= rare_limit(n) for t in dict.fromkeys(terms)):
        return scores
    words = fed_back(base, terms, scores, skip)
    if not words:
        return scores
    scale = FEEDBACK_WEIGHT * len(terms) / sum(w for _, w in words)
    more = index.weighted([(word, w * scale) for word, w in words])
    if allowed is not None:
        more = more.within(allowed)
    # (both score every talk of the index, in its one order)
    return LexScores(scores.ids, scores.scores + more.scores, scores.lookup)


def fed_back(
    base: Any, terms: Sequence[str], scores: LexScores, skip: Collection[str] = ()
) -> list[tuple[str, float]]:
    """The words fed back for a query of `terms` whose BM25 is `scores`: (word,
    weight), heaviest first, at most FEEDBACK_TERMS. Words are counted as written
    ("contributors" is not the query's "contributing", though BM25 stems both
    alike: counted by stem, CACM fell 0.004 below counting words)."""
    index = base.bm25
    ids, top = scores.best(FEEDBACK_TALKS)
    if not len(ids) or top[0] <= 0:
        return []
    asked = set(terms)
    weight: Counter[str] = Counter()
    for tid, share in zip(ids.tolist(), (top / top[0]).tolist(), strict=True):
        talk = base.talks[tid]
        tokens = index.tokens(f"{talk.title} {talk.abstract}")
        for word, count in Counter(tokens).items():
            if word not in asked and word not in skip:
                weight[word] += share * count / len(tokens)
    index.stem_all(list(weight))  # one database call for the stems `doc_freq` looks up
    most = FEEDBACK_MAX_SHARE * len(base.vectors)
    out: list[tuple[str, float]] = []
    for word, w in sorted(weight.items(), key=lambda p: (-p[1], p[0])):
        if 2 <= index.doc_freq(word) <= most:
            out.append((word, w))
            if len(out) == FEEDBACK_TERMS:
                break
    return out

"""The dense signal: talks ranked by closeness in meaning to the query.

A talk's dense score is the cosine of its own vector with the query's, plus that
of its best sentence, halved. The talk vector sees the whole talk; the best
sentence rewards one passage squarely on the question. Together they beat either
alone. Only the nearest `query.pool` talks by their own vector are scored (all of
a small base): a talk further away gets nothing from this signal.

A large base's hybrid query finds the nearest talks on the base's worker thread
(`find`, which also has the disk start reading their sentence vectors) while the
words are scored, then scores their sentences (`rank_found`).
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Sequence
from typing import Any

import numpy as np

from index.encoders.cut import embedding_text, unread
from index.search.rank.ranking import Query, Ranking
from talkbase.core.records import Talk

Found = tuple[np.ndarray, list[tuple[int, float]]]  # the query's vector, its nearest talks


def nearest(query: Query, qvec: np.ndarray) -> list[tuple[int, float]]:
    """The best `query.pool` talks (of those allowed) by the cosine of their own vector."""
    vectors = query.base.vectors
    n = len(vectors) if query.allowed is None else len(query.allowed)
    found: list[tuple[int, float]] = vectors.search(qvec, min(n, query.pool), query.allowed)
    return found


def find(query: Query) -> Found:
    """The query's vector and its nearest talks, whose sentence vectors the disk
    starts reading at once (they are scored once the words are): what may run on
    the worker thread, which must not use the database."""
    qvec = query.base.query_vector(query.text)
    doc = nearest(query, qvec)
    query.base.sentences.prefetch([tid for tid, _ in doc])
    return qvec, doc


def rank(query: Query) -> Ranking:
    """The dense signal's ranking, found and scored on the calling thread."""
    qvec = query.base.query_vector(query.text)
    return _scored(query, qvec, nearest(query, qvec), prefetched=False)


def rank_found(query: Query, found: Found) -> Ranking:
    """The dense signal's ranking of the talks `find` found (their sentence vectors
    already asked of the disk)."""
    qvec, doc = found
    return _scored(query, qvec, doc, prefetched=True)


def _scored(
    query: Query, qvec: np.ndarray, doc: list[tuple[int, float]], prefetched: bool
) -> Ranking:
    """Each of `doc` scored by its own cosine and its best sentence's, halved, by
    score then id; a talk's place is its place in that list."""
    sentences = query.base.sentences
    best = sentences.best_scores(qvec, [tid for tid, _ in doc], prefetched=prefetched)
    scored = [(tid, (s + best.get(tid, s)) / 2) for tid, s in doc]
    scored.sort(key=lambda h: (-h[1], h[0]))
    places = {tid: r for r, (tid, _) in enumerate(scored, start=1)}
    return Ranking(scored, places, vector=qvec)


# A talk whose text the dense model cannot read at this share or more (its words
# unknown to the model's tokenizer, or cut letter by letter: Thai, Devanagari, Persian
# to MiniLM; index/encoders/cut.unread) gets no closeness from it in `similar` and
# `recommend` where the multilingual vectors can decide: such talks' vectors are near
# each other whatever they say (docs/quality.md, Sweep 22). Japanese is read in part
# (the ideographs MiniLM knows: tokyo2026's talks at 0.5 to 0.87): at 0.5,
# bench/recommend.py's similar talks on tokyo2026 fell from 0.557 to 0.521; at 0.8 no
# judged row falls, and the retellings' twins rank as at 0.5.
UNREAD = 0.8


def unread_shares(kb: Any, talks: Sequence[Talk]) -> dict[int, float]:
    """Talk id -> the share of the text its dense vector is made from
    (index/encoders/cut.embedding_text) that the base's model cannot read
    (index/encoders/cut.unread), each talk's measured once per open base."""
    known = _SHARES.get(kb)
    if known is None:
        known = _SHARES.setdefault(kb, {})
    new = [t for t in talks if t.id not in known]
    if new:
        shares = unread([embedding_text(t) for t in new], kb.model_name)
        known.update((t.id, share) for t, share in zip(new, shares, strict=True))
    return {t.id: known[t.id] for t in talks}


def unread_by_model(kb: Any, talks: Sequence[Talk]) -> frozenset[int]:
    """The ids of `talks` the base's dense model cannot read (`UNREAD`)."""
    return frozenset(t for t, share in unread_shares(kb, talks).items() if share >= UNREAD)


def blind_to(query: Query) -> bool:
    """Whether the base's dense model cannot read the text it embeds for `query`
    (`UNREAD`: "డేటాబేస్" to MiniLM). Its closeness then says nothing (every talk in a
    script it cannot read is near every such query), and the multilingual signal ranks
    for it whatever language the identifier names (index/search/rank/multilingual.py)."""
    text = query.text.strip()
    return bool(text) and _unread_query(text, query.base.model_name)


@functools.lru_cache(maxsize=256)
def _unread_query(text: str, model: str) -> bool:
    """`blind_to`'s answer for one text, once a query (it is asked by the fusion's
    weights, the multilingual signal and the match rule)."""
    return unread([text], model)[0] >= UNREAD


_SHARES: weakref.WeakKeyDictionary[Any, dict[int, float]] = weakref.WeakKeyDictionary()

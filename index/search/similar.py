"""More talks like this one: the nearest talks by embedding, never the talk itself
nor its other showings (index/search/showings.py), one showing of each, diversified
by maximal marginal relevance; talks the program calls off (`Talk.cancelled`) only
where too few others are near, and last. It takes the open base (index/search/kb.py's
KnowledgeBase, whose `similar` calls it: its vectors, talks and sentences), typed
loosely so the two modules do not import each other.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from index.search import showings
from index.search.rank import dense, signals
from index.search.rank.fusion import mmr
from index.search.rank.ranking import below, best_sentence
from talkbase.core.filters import Filters
from talkbase.core.records import Hit, Talk, Why

# A short abstract says little to embed: the program's own structure (the talks of the
# seed's track, and those of its speakers) leans in, by this much for a seed with no
# text at all and less as the text grows, to nothing from SHORT_WORDS words on.
TRACK_WEIGHT = 0.05
SPEAKER_WEIGHT = 0.05
SHORT_WORDS = 80
MATES = 60  # track and speaker mates added to the candidates, at most
# Where the base has multilingual vectors (index/store/multilingual.py), a candidate's
# closeness by them (cosine less the seed's mean over the base) counts this many times
# beside the English model's cosine (docs/quality.md, similar talks in any language).
ANY_LANGUAGE_WEIGHT = 12.0


def _structure(kb: Any, seed: Talk, near: list[int], allowed: list[int] | None) -> dict[int, float]:
    """Talk id -> how much the program's structure adds to its closeness to `seed`:
    the same track, a speaker in common; scaled by how short the seed's text is."""
    lean = max(0.0, 1.0 - len((seed.abstract or "").split()) / SHORT_WORDS)
    if lean <= 0 or not (seed.track or seed.speakers):
        return {}
    mates: list[int] = []
    for f in [Filters(track=seed.track)] if seed.track else []:
        mates += kb.allowed(f) or []
    for s in seed.speakers[:3]:
        mates += kb.allowed(Filters(speaker=s.name)) or []
    keep = None if allowed is None else set(allowed)
    ids = [
        t
        for t in dict.fromkeys([*near, *mates[: MATES * 2]])
        if t != seed.id and (keep is None or t in keep)
    ]
    names = {s.name for s in seed.speakers}
    out: dict[int, float] = {}
    for t in kb.talks.get_many(ids):
        bonus = TRACK_WEIGHT * (bool(seed.track) and t.track == seed.track)
        bonus += SPEAKER_WEIGHT * bool(names & {s.name for s in t.speakers})
        if bonus:
            out[t.id] = lean * bonus
    return out


def _any_language(kb: Any, seed: Talk, n: int, allowed: list[int] | None) -> dict[int, float]:
    """The `n` talks (of `allowed`) nearest to `seed` by the multilingual vectors, each
    with ANY_LANGUAGE_WEIGHT times its cosine less the seed's mean over the base; empty
    where the base has no such vectors of its talks' whole text (a program in English
    has them of its titles alone, for questions in other languages)."""
    vectors = getattr(kb, "multilingual", None)
    if vectors is None or not vectors.whole_text or not n:
        return {}
    found, rows = vectors.rows([seed.id])
    if not len(found):
        return {}
    qvec = vectors.vectors[int(rows[0])]
    ids, scores = vectors.closeness(qvec, allowed)
    order = [i for i in scores.argsort(kind="stable")[::-1] if int(ids[i]) != seed.id][:n]
    return {int(ids[i]): ANY_LANGUAGE_WEIGHT * float(scores[i]) for i in order}


def _read_only(
    kb: Any, seed: Talk, qvec: np.ndarray, vecs: dict[int, np.ndarray], prior: dict[int, float]
) -> tuple[np.ndarray, dict[int, np.ndarray], dict[int, float]]:
    """The seed's vector, the candidates' (`vecs`) and their priors for `mmr`, with no
    closeness from the dense model where it cannot read one of the pair
    (dense.unread_by_model: a Thai talk's vector is every Thai talk's): such a talk's
    vector is left out (zero: no closeness to the seed, no likeness to the talks picked
    before it). Every candidate of an unreadable seed is as close as any other; an
    unreadable candidate of a readable seed is as close as the readable candidates are
    on average. The other signals (the multilingual vectors, the program's structure)
    decide between them."""
    candidates = list(vecs)
    blind = dense.unread_by_model(kb, [seed, *kb.talks.get_many(candidates)])
    if not blind:
        return qvec, vecs, prior
    unread = blind & set(candidates)
    read = [float(vecs[t] @ qvec) for t in candidates if t not in blind]
    vecs = {tid: np.zeros_like(v) if tid in unread else v for tid, v in vecs.items()}
    if seed.id in blind:
        return np.zeros_like(qvec), vecs, prior
    typical = sum(read) / len(read) if read else 0.0
    return qvec, vecs, {**prior, **{tid: prior.get(tid, 0.0) + typical for tid in unread}}


def nearest_talks(
    kb: Any, seed: Talk, k: int, allowed: list[int] | None, diversity: float
) -> list[Hit]:
    """The `k` talks (of `allowed`) nearest to `seed` by embedding, never `seed`
    itself, picked by maximal marginal relevance (`diversity` 0: the plain
    nearest), highest score first, each with its sentence closest to `seed`."""
    qvec = kb.vectors.vector(seed.id)
    if allowed is None:  # the seed is one of the base's talks (it has a vector)
        want = min(len(kb.vectors) - 1, max(4 * k, 20))
        near = [h for h in kb.vectors.search(qvec, want + 1) if h[0] != seed.id][:want]
    else:
        pool = [tid for tid in allowed if tid != seed.id]
        near = kb.vectors.search(qvec, min(len(pool), max(4 * k, 20)), pool) if pool else []
    if not near:
        return []
    candidates = [tid for tid, _ in near]
    any_language = _any_language(kb, seed, len(near), allowed)
    candidates += [tid for tid in any_language if tid not in set(candidates)]
    prior = _structure(kb, seed, candidates, allowed)
    candidates += [tid for tid in prior if tid not in set(candidates)]
    for tid, closeness in any_language.items():
        prior[tid] = prior.get(tid, 0.0) + closeness
    # the seed's other showings, and a second showing of a talk, say nothing new
    keep = showings.collapse(kb.talks.get_many(candidates), held=[seed])
    candidates = [tid for tid, k in zip(candidates, keep, strict=True) if k]
    if not candidates:
        return []
    # a talk the program calls off is no talk to go to instead: listed (last) only
    # where fewer than `k` others are near
    off: frozenset[int] = getattr(kb, "cancelled", frozenset())
    if off and len(live := [t for t in candidates if t not in off]) >= k:
        candidates = live
    vecs = {tid: kb.vectors.vector(tid) for tid in candidates}
    towards = qvec
    if any_language:  # another closeness to decide where the dense model reads nothing
        towards, vecs, prior = _read_only(kb, seed, qvec, vecs, prior)
    picked = mmr(towards, candidates, vecs, k, lambda_=1.0 - diversity, prior=prior)
    picked.sort(key=lambda p: -p[1])
    picked = below(picked, set(off)) if off else picked
    # each talk's rank by what brought it among the candidates: its place among the
    # nearest by the model's vectors ("dense"), else among the nearest by the
    # multilingual vectors ("multilingual"); one the program's structure alone brought
    # (a track or speaker mate) has no rank by meaning to give (it once got one past
    # the nearest, the same "#21" for each)
    dense_rank = {tid: r for r, (tid, _) in enumerate(near, start=1)}
    any_rank = {tid: r for r, tid in enumerate(any_language, start=1)}

    def ranks(tid: int) -> dict[str, int]:
        if tid in dense_rank:
            return {signals.DENSE.name: dense_rank[tid]}
        return {signals.MULTILINGUAL.name: any_rank[tid]} if tid in any_rank else {}

    ids = [tid for tid, _ in picked]
    talks = dict(zip(ids, kb.talks.get_many(ids), strict=True))
    sentences = kb.sentences.of(list(talks.values()))
    sims = kb.sentences.sims(qvec, sentences)
    hits = []
    for tid, score in picked:
        sentence, source = best_sentence(talks[tid], sentences[tid], sims.get(tid), ())
        hits.append(
            Hit(
                talks[tid],
                score,
                Why(
                    best_sentence=sentence,
                    sentence_source=source,
                    ranks=ranks(tid),
                ),
            )
        )
    return hits

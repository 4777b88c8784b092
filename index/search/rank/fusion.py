"""Fusion and diversification: pure functions of ranked lists and vectors.

Every fusion here takes any number of ranked lists, one per signal, each of
(item, score) best first (`rrf`: of items), and gives one list, best first.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

import numpy as np

from talkbase.core.settings import FUSIONS  # the ways `fuse` knows (TALKBASE_FUSION)

K = TypeVar("K", bound=Hashable)


def rrf(
    rankings: Sequence[Sequence[K]], k: int = 60, weights: Sequence[float] | None = None
) -> list[tuple[K, float]]:
    """Reciprocal rank fusion: score(d) = sum_i w_i / (k + rank_i(d)), ranks from 1.

    Items missing from a list get nothing from it. Ties keep first-seen order.
    """
    if weights is None:
        weights = [1.0] * len(rankings)
    if len(weights) != len(rankings):
        raise ValueError("one weight per ranking")
    scores: dict[K, float] = {}
    for ranking, w in zip(rankings, weights, strict=True):
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + w / (k + rank)
    order = {item: i for i, item in enumerate(dict.fromkeys(x for r in rankings for x in r))}
    return sorted(scores.items(), key=lambda kv: (-kv[1], order[kv[0]]))


def minmax(scored: Sequence[tuple[K, float]]) -> dict[K, float]:
    """Scores rescaled to [0, 1] within one list (all equal -> all 1)."""
    if not scored:
        return {}
    values = [s for _, s in scored]
    lo, hi = min(values), max(values)
    if hi - lo < 1e-12:
        return {item: 1.0 for item, _ in scored}
    return {item: (s - lo) / (hi - lo) for item, s in scored}


def relative_score(
    scored_lists: Sequence[Sequence[tuple[K, float]]], weights: Sequence[float] | None = None
) -> list[tuple[K, float]]:
    """Relative score fusion: each list's scores min-max scaled, then a weighted sum.

    Unlike RRF it keeps how far apart the scores are, so a strong lexical match
    is not flattened to "rank 1". Items missing from a list get 0 from it.
    """
    if weights is None:
        weights = [1.0 / len(scored_lists)] * len(scored_lists)
    if len(weights) != len(scored_lists):
        raise ValueError("one weight per list")
    total: dict[K, float] = {}
    for scored, w in zip(scored_lists, weights, strict=True):
        for item, s in minmax(scored).items():
            total[item] = total.get(item, 0.0) + w * s
        for item, _ in scored:
            total.setdefault(item, 0.0)
    order = {
        item: i for i, item in enumerate(dict.fromkeys(x for sl in scored_lists for x, _ in sl))
    }
    return sorted(total.items(), key=lambda kv: (-kv[1], order[kv[0]]))


def scaled_score(
    scored_lists: Sequence[Sequence[tuple[K, float]]],
    weights: Sequence[float] | None = None,
    floors: Sequence[float] | None = None,
) -> list[tuple[K, float]]:
    """Score fusion that keeps credit for every match: each list's scores scaled
    by its best, from a floor, then a weighted sum.

    An item scores w * (s - floor) / (best - floor) from each list, never below 0.
    With floor 0 (BM25, whose scores start at 0) the last lexical match keeps the
    share of the best score it earned, where min-max scaling gave it nothing. A
    floor for cosines (e.g. 0.2) is where closeness in meaning starts to count.
    Items missing from a list get 0 from it. Ties keep first-seen order.
    """
    n = len(scored_lists)
    weights = [1.0 / n] * n if weights is None else weights
    floors = [0.0] * n if floors is None else floors
    if len(weights) != n or len(floors) != n:
        raise ValueError("one weight and one floor per list")
    total: dict[K, float] = {}  # in first-seen order, which the stable sort keeps for ties
    for scored, w, floor in zip(scored_lists, weights, floors, strict=True):
        if not scored:
            continue
        best = max(s for _, s in scored)
        span = best - floor
        if span > 1e-12:
            for item, s in scored:
                above = s - floor
                total[item] = total.get(item, 0.0) + (w * above / span if above > 0 else 0.0)
        else:
            for item, s in scored:
                total[item] = total.get(item, 0.0) + (w if s >= best else 0.0)
    return sorted(total.items(), key=lambda kv: -kv[1])


def fuse(
    scored_lists: Sequence[Sequence[tuple[K, float]]],
    weights: Sequence[float],
    floors: Sequence[float] | None = None,
    how: str = "scaled",
    k: int = 60,
) -> list[tuple[K, float]]:
    """Any number of ranked lists fused into one by `how`: "scaled" (`scaled_score`
    with one weight and one floor per list), "relative" (`relative_score`, weighted;
    floors are not read) or "rrf" (`rrf` with constant `k` over the lists' orders;
    every list counts once, as search has always fused: weights are not read)."""
    if how not in FUSIONS:
        raise ValueError(f"fusion must be one of {', '.join(FUSIONS)}, not {how!r}")
    if len(weights) != len(scored_lists):
        raise ValueError("one weight per list")
    if how == "rrf":
        return rrf([[item for item, _ in scored] for scored in scored_lists], k=k)
    if how == "relative":
        return relative_score(scored_lists, weights)
    return scaled_score(scored_lists, weights, floors)


def mmr(
    query: np.ndarray,
    candidates: Sequence[K],
    vectors: Mapping[K, np.ndarray],
    k: int,
    lambda_: float = 0.7,
    prior: Mapping[K, float] | None = None,
) -> list[tuple[K, float]]:
    """Maximal marginal relevance over normalised vectors.

    Picks, one at a time, the candidate maximising
    lambda * (sim(query, c) + prior(c)) - (1 - lambda) * max sim(c, already picked).
    Returns (item, its relevance: sim to query plus its prior) in pick order.
    """
    remaining = list(dict.fromkeys(candidates))
    if not remaining or k <= 0:
        return []
    mat = np.vstack([vectors[c] for c in remaining]).astype(np.float32)
    rel = mat @ np.asarray(query, dtype=np.float32).reshape(-1)
    if prior:
        rel = rel + np.array([prior.get(c, 0.0) for c in remaining], dtype=np.float32)
    picked: list[int] = []
    redundancy = np.full(len(remaining), -np.inf, dtype=np.float32)
    while len(picked) < min(k, len(remaining)):
        red = np.where(np.isfinite(redundancy), redundancy, 0.0)
        score = lambda_ * rel - (1 - lambda_) * red
        score[picked] = -np.inf
        best = int(np.argmax(score))
        picked.append(best)
        redundancy = np.maximum(redundancy, mat @ mat[best])
    return [(remaining[i], float(rel[i])) for i in picked]

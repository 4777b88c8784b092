"""More talks like this one: the nearest talks by embedding, never the talk itself,
diversified by maximal marginal relevance. It takes the open base
(index/search/kb.py's KnowledgeBase, whose `similar` calls it: its vectors, talks
and sentences), typed loosely so the two modules do not import each other.
"""

from __future__ import annotations

from typing import Any

from index.search.rank import signals
from index.search.rank.fusion import mmr
from index.search.rank.ranking import best_sentence
from talkbase.core.records import Hit, Talk, Why


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
    vecs = {tid: kb.vectors.vector(tid) for tid, _ in near}
    picked = mmr(qvec, [tid for tid, _ in near], vecs, k, lambda_=1.0 - diversity)
    picked.sort(key=lambda p: -p[1])
    dense_rank = {tid: r for r, (tid, _) in enumerate(near, start=1)}
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
                    ranks={signals.DENSE.name: dense_rank[tid]},
                ),
            )
        )
    return hits

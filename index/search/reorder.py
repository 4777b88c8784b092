"""The last touches of a hybrid search's fused list, before the match rule reads it:
talks holding the query's rare terms raised, housekeeping sessions put last.

Both take the open base (index/search/kb.py's KnowledgeBase: its lexical index,
its vectors' count, its `Chores`) and a fused list of (talk id, score), best first,
and return the list reordered; neither adds or drops a talk.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from index.search import lexical
from index.search.feedback import rare_limit
from index.search.ranking import below

RARE_BONUS = 0.2  # of the best fused score, given for holding every rare query term
RARE_WINDOW = 100  # talks of the fused list weighed
HOUSEKEEPING_WINDOW = 60  # of the best this many, housekeeping sessions go last


def rare_terms_first(
    base: Any, text: str, scored: list[tuple[int, float]]
) -> list[tuple[int, float]]:
    """The fused list with each of its first RARE_WINDOW talks' score raised by the
    share of the query's rare terms (`feedback.rare_limit`) it holds:
    a specific word ("GraalVM") outweighs common ones, and the talks near in
    meaning that hold none of them fall behind those that do."""
    head = scored[:RARE_WINDOW]
    if not head:
        return scored
    n = max(len(base.vectors), 1)
    ids = [tid for tid, _ in head]
    held = np.zeros(len(ids))
    rare = 0
    for term in dict.fromkeys(base.bm25.tokens(lexical.lexical_query(text))):
        found = base.bm25.score_all(term)
        df = int(np.count_nonzero(found.scores))
        if 0 < df <= rare_limit(n):
            rare += 1
            held += found.at(ids) > 0
    if not rare:
        return scored
    top = max(abs(head[0][1]), 1e-9)
    raised = [
        (tid, sc + RARE_BONUS * top * h / rare) for (tid, sc), h in zip(head, held, strict=True)
    ]
    raised.sort(key=lambda p: -p[1])
    return raised + list(scored[RARE_WINDOW:])


def housekeeping_last(
    base: Any, scored: list[tuple[int, float]], window: int = HOUSEKEEPING_WINDOW
) -> list[tuple[int, float]]:
    """The first `window` of `scored` with the housekeeping sessions among them last
    (`ingest.housekeeping`: welcome, opening, closing, breaks)."""
    head = [tid for tid, _ in scored[:window]]
    if not head:
        return scored
    pushed = base.chores.among(head)  # each talk's title judged once per base
    if not pushed:
        return scored
    return below(scored[:window], pushed) + list(scored[window:])

"""The last touches of a search's ranked list, before the match rule reads it
(`last_touches`, in this order): in the hybrid mode, talks holding the query's rare
terms raised, and the talks for newcomers raised when the query asks where to
start; in every mode, housekeeping sessions put last unless the query asks for
them.

Each takes the open base (index/search/kb.py's KnowledgeBase: its lexical index,
its vectors' count, its `Chores` and `Introductions`) and a ranked list of (talk
id, score), best first, and returns the list reordered; none adds or drops a talk.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from index.search.rank import lexical
from index.search.rank.feedback import rare_limit
from index.search.rank.ranking import below
from ingest.audience import asks_for_introductions
from ingest.housekeeping import asks_for_housekeeping

RARE_BONUS = 0.2  # of the best fused score, given for holding every rare query term
RARE_WINDOW = 100  # talks of the fused list weighed
HOUSEKEEPING_WINDOW = 60  # of the best this many, housekeeping sessions go last
INTRO_BONUS = 0.3  # of the best fused score, for a talk for newcomers, when asked
INTRO_WINDOW = 100  # talks of the fused list weighed
INTRO_PAGE = 10  # the first hits, a page, where a raised one is said to be


def last_touches(
    base: Any, asked: str, text: str, scored: list[tuple[int, float]], k: int, hybrid: bool
) -> list[tuple[int, float]]:
    """`scored`, the ranking of `text` (the words of the query `asked`, as typed,
    that BM25 was asked for), with the touches of this module for a search of `k`
    hits (`hybrid`: fused)."""
    if hybrid and base.manifest.lexical is not None:
        scored = rare_terms_first(base, text, scored)
    if raises_introductions(asked, hybrid):
        scored = introductions_first(base, scored)
    if not asks_for_housekeeping(asked):
        scored = housekeeping_last(base, scored, max(k, HOUSEKEEPING_WINDOW))
    return scored


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
        if 0 < base.bm25.doc_freq(term) <= rare_limit(n):  # (stored postings: a count)
            rare += 1
            held += base.bm25.score_all(term).at(ids) > 0
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


def raises_introductions(asked: str, hybrid: bool) -> bool:
    """Whether a search for the query `asked` raises the talks for newcomers: a
    hybrid one, of a query asking where to start."""
    return hybrid and asks_for_introductions(asked)


def newcomers_shown(base: Any, asked: str, hybrid: bool, ids: Sequence[int]) -> bool:
    """Whether the search raised talks for newcomers and the first page of its hits
    `ids` (INTRO_PAGE) holds one: what its answer says (`Answer.newcomers`)."""
    first = list(ids[:INTRO_PAGE])
    return raises_introductions(asked, hybrid) and bool(base.introductions.among(first))


def introductions_first(
    base: Any, scored: list[tuple[int, float]], window: int = INTRO_WINDOW
) -> list[tuple[int, float]]:
    """The first `window` of `scored` with the talks for newcomers among them
    (`ingest.audience`: a beginner's guide, a talk for new contributors) raised by
    INTRO_BONUS of the best score: for a query asking where to start."""
    head = scored[:window]
    if not head:
        return scored
    raised_ids = base.introductions.among([tid for tid, _ in head])  # judged once per base
    if not raised_ids:
        return scored
    bonus = INTRO_BONUS * max(abs(head[0][1]), 1e-9)
    raised = [(tid, sc + bonus * (tid in raised_ids)) for tid, sc in head]
    raised.sort(key=lambda p: -p[1])
    return raised + list(scored[window:])

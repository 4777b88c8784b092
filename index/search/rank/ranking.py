"""The arithmetic of a search, apart from where its inputs are read: lexical scores
looked up by talk id, what a ranking signal is asked (`Query`) and answers
(`Ranking`), the sentence a hit quotes, and the order talks are listed in when
nothing is asked. (Fusing the signals' rankings: index/search/rank/signals.py.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from talkbase.core.records import Talk

NOTE_PENALTY = 0.15  # how much better a note must be than the abstract to be quoted
# A start as written in its own zone is within 14 hours of the true instant (zones run
# from -12:00 to +14:00): the first k talks by instant start at most this much after
# the k-th by written time.
ZONE_SPREAD_S = 26 * 3600


def positions(ids: np.ndarray, wanted: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each of `wanted` stands in the ascending `ids`, and whether it is there."""
    want = np.asarray(wanted, dtype=np.int64).reshape(-1)
    if not len(ids):
        return np.zeros(len(want), np.int64), np.zeros(len(want), bool)
    pos = np.minimum(np.searchsorted(ids, want), len(ids) - 1)
    return pos, ids[pos] == want


@dataclass(frozen=True)
class LexScores:
    """One query's BM25 score of every talk of the lexical index (0: shares no term),
    beside the talk id of each score. The ids are ascending, or in any order (a
    stored index's positions, where a dead talk scores 0) with `lookup`: the live
    ids ascending and where each one's score lies. Looking up a talk costs a binary
    search, so a query needs no pass over every talk but the one that scored them."""

    ids: np.ndarray
    scores: np.ndarray
    lookup: tuple[np.ndarray, np.ndarray] | None = None

    def _where(self, tids: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """Where the score of each of `tids` lies, and whether it is there."""
        if self.lookup is None:
            return positions(self.ids, tids)
        sorted_ids, at = self.lookup
        pos, found = positions(sorted_ids, tids)
        return (at[pos] if len(at) else pos), found

    def at(self, tids: Sequence[int]) -> np.ndarray:
        """The score of each of `tids` (0 for a talk the index does not hold)."""
        pos, found = self._where(tids)
        return np.where(found, self.scores[pos], 0.0) if len(pos) else np.zeros(0)

    def within(self, allowed: Sequence[int]) -> LexScores:
        """These scores with every talk not in `allowed` set to 0."""
        pos, found = self._where(allowed)
        kept = np.zeros_like(self.scores)
        kept[pos[found]] = self.scores[pos[found]]
        return LexScores(self.ids, kept, self.lookup)

    def best(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        """The first `n` talks sharing a term, by score then id: ids and scores."""
        hit = self._contenders(n)
        if len(hit) > n > 0:
            values = self.scores[hit]
            edge = np.partition(values, len(values) - n)[len(values) - n]  # the n-th best
            above = hit[values > edge]
            tied = hit[values == edge]  # the lowest ids of them: positions need not be in id order
            tied = tied[np.argsort(self.ids[tied], kind="stable")][: n - len(above)]
            hit = np.concatenate([above, tied])
        elif n <= 0:
            hit = hit[:0]
        order = hit[np.lexsort((self.ids[hit], -self.scores[hit]))]
        return self.ids[order], self.scores[order]

    def _contenders(self, n: int) -> np.ndarray:
        """Positions of the talks that may be among the best `n`: every talk sharing a
        term, or in a large index only those scoring at least a bound read off a
        sample of the scores (kept when at least `n` talks reach it, so none is lost)."""
        step = len(self.scores) // (16 * max(n, 1))
        if step >= 4:  # a sample of about 16n scores: its j-th best is a safe bound
            sample = self.scores[::step]
            j = min(len(sample), 2 * -(-n // step) + 4)
            bound = float(np.partition(sample, len(sample) - j)[len(sample) - j])
            if bound > 0:
                hit = np.flatnonzero(self.scores >= bound)
                if len(hit) >= n:
                    return hit
        return np.flatnonzero(self.scores > 0)

    def rank(self, tid: int) -> int | None:
        """The 1-based place of `tid` among the talks sharing a term (None: it shares none)."""
        score = self.at([tid])[0]
        if score <= 0:
            return None
        ahead = np.count_nonzero(self.scores > score)
        tied = np.count_nonzero(self.ids[np.flatnonzero(self.scores == score)] < tid)
        return 1 + int(ahead) + int(tied)


def word_pool(
    lex: LexScores, best: tuple[np.ndarray, np.ndarray], near: Sequence[int]
) -> tuple[list[tuple[int, float]], dict[int, int]]:
    """The lexical list search fuses: the best talks by words (`lex.best(n)`), and
    those of `near` (close in meaning) that share a word, as (id, score) by score
    then id; and the rank of each of the best (the others' ranks: `lex.rank`)."""
    top_ids, top_scores = best
    ranks = {t: r for r, t in enumerate(top_ids.tolist(), start=1)}
    pairs = list(zip(ranks, top_scores.tolist(), strict=True))
    more = [t for t in near if t not in ranks]
    if more:
        pairs += [(t, s) for t, s in zip(more, lex.at(more).tolist(), strict=True) if s > 0]
        pairs.sort(key=lambda h: (-h[1], h[0]))
    return pairs, ranks


@dataclass(frozen=True)
class Query:
    """What every ranking signal ranks for: one search's text on one open base."""

    base: Any  # the open KnowledgeBase (index/search/kb.py, which imports this module)
    text: str  # the topic as asked: what the dense signal embeds
    words: str  # the text with its `alternatives` after it (`wordparts.expand`)
    allowed: list[int] | None  # the talks it may rank (None: every talk)
    k: int  # how many hits the search returns
    pool: int  # how many talks each signal puts forward at least (kb.POOL)
    # the words of `words` that stand for others (`wordparts.alternatives`)
    alternatives: tuple[tuple[str, tuple[str, ...]], ...] = ()
    alone: bool = False  # one signal's list asked for (a mode), not fused
    # the topic with every word the visitor said, which the multilingual signal reads
    # (`text` less a visitor's language's function words where no talk is in it)
    whole: str = ""


@dataclass(frozen=True, eq=False)
class Ranking:
    """One signal's answer to a `Query`: `scored`, its (talk id, score) best first,
    the list fusion reads; and the 1-based place of a talk in the signal's whole
    ranking (`place`), which a hit shows in `Why.ranks`.

    `places` holds the places known up front; `past` finds the place of another
    listed talk (one past the signal's own best, added by `widened`). A signal may
    also score the talks the other signals found (`widen`: the lexical one scores
    the talks near in meaning by their words), and hand on what the rest of the
    search reads: the query's `vector` (the dense signal's: the quoted sentence is
    chosen by it) and its `scores` of every talk (the lexical signal's LexScores:
    the match rule reads which talks share a word from them). `query` is the
    `Query` it answers (`signals.rank` sets it: fusion reads the base through it)."""

    scored: list[tuple[int, float]]
    places: Mapping[int, int] = field(default_factory=dict)
    past: Callable[[int], int | None] | None = None
    widen: Callable[[Sequence[int]], Ranking] | None = None
    vector: np.ndarray | None = None
    scores: LexScores | None = None
    query: Query | None = None

    def place(self, tid: int) -> int | None:
        """The 1-based place of `tid` in this signal's ranking (None: it has none)."""
        found = self.places.get(tid)
        if found is None and self.past is not None:
            return self.past(tid)
        return found

    def widened(self, found: Sequence[int]) -> Ranking:
        """This ranking with the talks other signals `found` that it also scores."""
        return self if self.widen is None else self.widen(found)


def talk_text(t: Talk) -> str:
    """A talk's text as search shows and matches it: title, track, abstract, notes,
    speakers and their affiliations (`reads.TALK_TEXT` reads the same from the table)."""
    notes = " ".join(text for _, text in t.notes)
    speakers = " ".join(f"{s.name} {s.affiliation or ''}" for s in t.speakers)
    return f"{t.title} {t.track or ''} {t.abstract} {notes} {speakers}"


def best_sentence(
    talk: Talk, sentences: Sequence[tuple[int, str]], sims: np.ndarray | None, terms: Sequence[str]
) -> tuple[str, str]:
    """The sentence that best answers the query, and where it comes from, given the
    talk's (row, text) sentences and their cosines with the query (None without a
    query vector).

    Sentences of the abstract come first; a digest's notes are commentary on
    the talk, so a note is quoted only when it is clearly better, and is
    labelled "notes in <document>". Without an abstract the title speaks.
    """
    texts = [text for _, text in sentences]
    in_abstract = np.array([t in talk.abstract for t in texts], dtype=bool)
    if not texts or (
        not in_abstract.any() and terms and any(t in talk.title.lower() for t in terms)
    ):
        return talk.title, "title"
    overlap = (
        np.array([sum(t in s.lower() for t in terms) for s in texts], dtype=np.float32)
        if terms
        else np.zeros(len(texts), dtype=np.float32)  # most hits share no word: skip the loop
    )
    score = 0.1 * overlap - np.where(in_abstract, 0.0, NOTE_PENALTY)
    if sims is not None:
        score = score + sims
    best = int(np.argmax(score))
    if in_abstract[best]:
        return texts[best], "abstract"
    documents = [s.document for s in talk.sources if s.parser == "digest"]
    documents = documents or [s.document for s in talk.sources]
    where = f"notes in {documents[0]}" if documents else "notes"
    return texts[best], where


def time_order(t: Talk) -> tuple[int, float, str]:
    """Timed talks first, by start, then by title; then the others by title."""
    return (0 if t.start else 1, t.start.timestamp() if t.start else 0.0, t.title)


def first_by_time(written: np.ndarray, k: int) -> np.ndarray:
    """Which of some talks, given their starts as written in their own zones (seconds,
    none NaN), may be among the first `k` by true instant: those starting at most
    ZONE_SPREAD_S after the k-th by written time. Sort them by `time_order`."""
    if not len(written) or k < 1:
        return np.zeros(len(written), dtype=bool)
    n = min(k, len(written))
    edge = float(np.partition(written, n - 1)[n - 1])
    return written <= edge + ZONE_SPREAD_S


def below(scored: Sequence[tuple[int, float]], pushed: set[int]) -> list[tuple[int, float]]:
    """`scored` with the talks of `pushed` (housekeeping sessions, cancelled talks)
    moved after all the others, each group in its own order; the scores stay what they
    were."""
    return [p for p in scored if p[0] not in pushed] + [p for p in scored if p[0] in pushed]

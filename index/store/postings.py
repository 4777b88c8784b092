"""BM25 over postings stored in segments, so an ingest adds to the index
instead of rebuilding it.

A segment holds the talks one build added: their ids, their lengths (terms
after stopwords) and, for each term id, the rows of the talks containing it
with the term's count (a compressed sparse column matrix). Segments never
change once written; a later build hard-links them and lists the positions of
talks it removed or replaced as dead. Term ids come from one lexicon that only
grows, so every segment speaks the same ids.

Scores are BM25 in Lucene's form (k1 1.2, b 0.75), with the statistics (live
talks, average length, document frequency of each query term) counted over
the live talks of every segment at query time: a base built in one go and
one built in ten ingests score alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

K1, B = 1.2, 0.75


def idf(talks: int, df: int) -> float:
    """BM25's inverse document frequency (Lucene's form) of a term `df` of `talks`
    talks hold (0 for a term none holds)."""
    return math.log(1 + (talks - df + 0.5) / (df + 0.5)) if df else 0.0


ARRAYS = ("ids", "lengths", "indptr", "rows", "tf")


@dataclass(frozen=True)
class Segment:
    ids: np.ndarray  # int64 talk id of each row
    lengths: np.ndarray  # int32 terms in each talk
    indptr: np.ndarray  # int64, one more than the lexicon had terms when written
    rows: np.ndarray  # int32 rows containing each term, term by term
    tf: np.ndarray  # uint16 count of the term in that row

    def __len__(self) -> int:
        return len(self.ids)

    def postings(self, term: int) -> tuple[np.ndarray, np.ndarray]:
        if term + 1 >= len(self.indptr):  # a term newer than this segment
            return _NONE_ROWS, _NONE_TF
        a, b = int(self.indptr[term]), int(self.indptr[term + 1])
        return self.rows[a:b], self.tf[a:b]


_NONE_ROWS = np.zeros(0, np.int32)
_NONE_TF = np.zeros(0, np.uint16)


def build_segment(
    ids: Sequence[int], docs: Sequence[Sequence[int] | np.ndarray], n_terms: int
) -> Segment:
    """A segment of talks `ids`, each given as its term ids (repeats counted)."""
    lengths = np.fromiter((len(d) for d in docs), dtype=np.int64, count=len(docs))
    flat = (
        np.concatenate([np.asarray(d, dtype=np.int64) for d in docs])
        if len(docs) and lengths.sum()
        else np.zeros(0, np.int64)
    )
    row_of = np.repeat(np.arange(len(docs), dtype=np.int64), lengths)
    # one entry per (term, row): sort by term then row and count the runs
    order = np.lexsort((row_of, flat))
    terms, rows = flat[order], row_of[order]
    if len(terms):
        starts = np.flatnonzero(np.r_[True, (terms[1:] != terms[:-1]) | (rows[1:] != rows[:-1])])
        counts = np.diff(np.r_[starts, len(terms)])
        terms, rows = terms[starts], rows[starts]
    else:
        counts = np.zeros(0, np.int64)
    indptr = np.zeros(n_terms + 1, dtype=np.int64)
    np.add.at(indptr, terms + 1, 1)
    return Segment(
        ids=np.asarray(ids, dtype=np.int64),
        lengths=lengths.astype(np.int32),
        indptr=np.cumsum(indptr),
        rows=rows.astype(np.int32),
        tf=np.minimum(counts, np.iinfo(np.uint16).max).astype(np.uint16),
    )


class Postings:
    """Segments in order, with the positions (over all segments, in order) that are dead."""

    def __init__(self, segments: Sequence[Segment], dead: np.ndarray | None = None) -> None:
        self.segments = list(segments)
        self.offsets = np.cumsum([0] + [len(s) for s in self.segments])
        total = int(self.offsets[-1])
        self.alive = np.ones(total, dtype=bool)
        if dead is not None and len(dead):
            self.alive[np.asarray(dead, dtype=np.int64)] = False
        self.ids = (
            np.concatenate([s.ids for s in self.segments])
            if self.segments
            else np.zeros(0, np.int64)
        )
        lengths = (
            np.concatenate([s.lengths for s in self.segments])
            if self.segments
            else np.zeros(0, np.int32)
        )
        self.lengths = lengths.astype(np.float64)
        self.n_live = int(self.alive.sum())
        live_len = float(self.lengths[self.alive].sum()) if self.n_live else 0.0
        self.avg_length = live_len / self.n_live if self.n_live else 1.0
        self._by_id: tuple[np.ndarray, np.ndarray] | None = None

    def lookup(self) -> tuple[np.ndarray, np.ndarray]:
        """The live talk ids ascending, and the position of each (made once)."""
        if self._by_id is None:
            live = np.flatnonzero(self.alive)
            order = np.argsort(self.ids[live], kind="stable")
            self._by_id = (self.ids[live][order], live[order])
        return self._by_id

    def positions_of(self, ids: Sequence[int]) -> np.ndarray:
        """The live positions of these talk ids (absent ids are skipped)."""
        want = np.asarray(list(ids), dtype=np.int64)
        if not len(want) or not self.n_live:
            return np.zeros(0, np.int64)
        sorted_ids, positions = self.lookup()
        at = np.minimum(np.searchsorted(sorted_ids, want), len(sorted_ids) - 1)
        return positions[at[sorted_ids[at] == want]]

    def _prepare(self) -> tuple[np.ndarray, list[tuple[Segment, int, int, bool]]]:
        """The length part of each talk's denominator (float32), and each segment
        with the span of positions it holds and whether any of them is dead."""
        found = self.__dict__.get("_prepared")
        if found is None:
            norm = (K1 * ((1 - B) + B * self.lengths / self.avg_length)).astype(np.float32)
            spans = [
                (seg, a, b, not self.alive[a:b].all())
                for seg, a, b in zip(
                    self.segments,
                    self.offsets[:-1].tolist(),
                    self.offsets[1:].tolist(),
                    strict=True,
                )
            ]
            found = self.__dict__["_prepared"] = (norm, spans)
        return found

    def df(self, term: int) -> int:
        """Live talks holding `term`, remembered (a base never changes once open)."""
        cache: dict[int, int] = self.__dict__.setdefault("_df", {})
        found = cache.get(term)
        if found is None:
            _, spans = self._prepare()
            found = 0
            for seg, a, b, dead in spans:
                rows, _ = seg.postings(term)
                found += int(np.count_nonzero(self.alive[a:b][rows])) if dead else len(rows)
            if len(cache) > 100_000:
                cache.clear()
            cache[term] = found
        return found

    def idf(self, term: int) -> float:
        return idf(self.n_live, self.df(term))

    def dense(self, terms: Sequence[int], weights: Sequence[float] | None = None) -> np.ndarray:
        """The BM25 score of every position (0 where dead or sharing no term), in
        float32: a million talks' scores are one pass over 4 MB. Each segment's
        postings are scored in place, through views of the scores and the lengths
        (row numbers index them as they are), and dead talks are zeroed once at the end.
        With `weights` (one per term), each term's part is weighed by its own."""
        out = np.zeros(len(self.alive), dtype=np.float32)
        norm, spans = self._prepare()
        weight = dict(zip(terms, weights, strict=True)) if weights is not None else {}
        for term in dict.fromkeys(terms):
            idf = np.float32(self.idf(term) * weight.get(term, 1.0))
            if not idf:
                continue
            for seg, a, b, _ in spans:
                rows, tf = seg.postings(term)
                if not len(rows):
                    continue
                counts = tf.astype(np.float32)
                part = np.take(norm[a:b], rows)  # (take and add.at need no cast of the rows)
                part += counts
                np.multiply(counts, idf, out=counts)  # idf * tf / (norm + tf), in that order
                np.divide(counts, part, out=part)
                np.add.at(out[a:b], rows, part)
        if any(dead for *_, dead in spans):
            out[~self.alive] = 0.0
        return out

    def holding(self, terms: Sequence[int], positions: np.ndarray) -> np.ndarray:
        """Whether each of `positions` (live ones) holds any of `terms`: a binary
        search in each term's rows, with no pass over the base."""
        pos = np.asarray(positions, dtype=np.int64)
        found = np.zeros(len(pos), dtype=bool)
        if not len(pos):
            return found
        _, spans = self._prepare()
        order = np.argsort(pos, kind="stable")
        ranked = pos[order]
        bounds = np.searchsorted(ranked, self.offsets).tolist()  # each segment's share
        terms = list(dict.fromkeys(terms))
        for k, (seg, a, _, _) in enumerate(spans):
            lo, hi = bounds[k], bounds[k + 1]
            if lo == hi:
                continue
            local = ranked[lo:hi] - a
            for term in terms:
                rows, _ = seg.postings(term)
                if len(rows):
                    at = np.minimum(np.searchsorted(rows, local), len(rows) - 1)
                    found[order[lo:hi][rows[at] == local]] = True
        return found

    def scores(self, terms: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """Live positions sharing a term with `terms` and their BM25 scores."""
        dense = self.dense(terms)
        pos = np.flatnonzero(dense)
        return pos, dense[pos]

    def ranked(
        self, terms: Sequence[int], allowed: Sequence[int] | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Talk ids sharing a term with `terms` and their scores, best first (ties by id)."""
        pos, score = self.scores(terms)
        if allowed is not None:
            keep = np.isin(pos, self.positions_of(allowed))
            pos, score = pos[keep], score[keep]
        ids = self.ids[pos]
        order = np.lexsort((ids, -score))
        return ids[order], score[order]

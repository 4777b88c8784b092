"""A base's sentences as search uses them: each talk's run of rows, the rows'
vectors and their texts, read for the talks a query is about.

The build writes a talk's sentences (`ingest.text.talk_sentences`) as one run of
consecutive rows of the `sentences` table, each row the index of its vector in
the sentence files (`index.store.files.Sentences`). Rows of removed talks may stay in
the files, dead: only the runs the table lists count.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import duckdb
import numpy as np

from index.search.rank.ranking import positions
from index.store import disk as store
from index.store import reads
from ingest.text import talk_sentences
from talkbase.core.lru import Bounded
from talkbase.core.records import Talk

WHOLE_SENTENCES = 20000  # up to this many sentence rows, keep them all as float32 in memory

Run = tuple[int, int, int]  # talk id, first row, row after the last
Sentence = tuple[int, str]  # row, text


class SentenceRows:
    """The sentences of the build `build` (its database `con` and its sentence vectors)."""

    def __init__(self, con: duckdb.DuckDBPyConnection, build: store.Build, vectors: Any) -> None:
        self.con, self.build, self.vectors = con, build, vectors
        self._runs: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        self._whole: np.ndarray | None = None
        self._stored: Bounded[int, list[Sentence]] = Bounded(reads.CACHED_TALKS)
        # each talk's sentences as `of` made them from the talk (the talk, its rows)
        # (with the splitter that made them: one swapped in, a test's, makes them again)
        self._made: Bounded[int, tuple[Talk, Any, list[Sentence]]] = Bounded(reads.CACHED_TALKS)
        self._storing = threading.Lock()  # queries from several threads share the caches

    def close(self) -> None:
        """Close the sentence vector files (format 2's arrays need nothing)."""
        closing = getattr(self.vectors, "close", None)
        if closing is not None:
            closing()

    def runs(self, tids: Sequence[int]) -> list[Run]:
        """The run of rows of each of `tids` that has sentences, in the order given."""
        if self._runs is None:
            with store.reading(self.build):
                self._runs = reads.sentence_runs(self.con)
        talk, first, end = self._runs
        pos, found = positions(talk, tids)
        want = np.asarray(tids, dtype=np.int64).reshape(-1)
        at = pos[found]  # (as lists: Python ints, made at once)
        return list(zip(want[found].tolist(), first[at].tolist(), end[at].tolist(), strict=True))

    def prefetch(self, tids: Sequence[int]) -> None:
        """Have the disk start reading these talks' sentence vectors, in a base large
        enough to read them from its files (returns at once)."""
        ahead = getattr(self.vectors, "prefetch_runs", None)
        if ahead is None or len(self.vectors) <= WHOLE_SENTENCES:
            return
        runs = self.runs(tids)
        ahead([a for _, a, _ in runs], [b - a for _, a, b in runs])

    def rows_vectors(self, rows: np.ndarray, prefetched: bool = False) -> np.ndarray:
        """The vectors of sentence `rows` as float32. A base of at most WHOLE_SENTENCES
        rows keeps all of them, cast once; a larger one reads only the rows asked for
        (`prefetched`: the disk was already asked for them, see `prefetch`)."""
        if len(self.vectors) > WHOLE_SENTENCES:
            reader = getattr(self.vectors, "read_runs", None)
            if reader is None or not len(rows):
                return np.asarray(self.vectors[rows], dtype=np.float32)
            rows = np.asarray(rows, dtype=np.int64)
            begins = np.flatnonzero(np.r_[True, np.diff(rows) != 1])  # runs of rows
            sizes = np.diff(np.r_[begins, len(rows)])
            found = reader(rows[begins].tolist(), sizes.tolist(), announce=not prefetched)
            return np.asarray(found, dtype=np.float32)
        if self._whole is None:  # stored compactly (float16): cast once, not per query
            self._whole = np.asarray(self.vectors, dtype=np.float32)
        return self._whole[rows]

    def best_scores(
        self, qvec: np.ndarray, tids: Sequence[int], prefetched: bool = False
    ) -> dict[int, float]:
        """The cosine of each talk's best sentence with `qvec`, for these talks only."""
        runs = self.runs(tids)
        if not runs:
            return {}
        first = np.fromiter((a for _, a, _ in runs), dtype=np.int64, count=len(runs))
        size = np.fromiter((b - a for _, a, b in runs), dtype=np.int64, count=len(runs))
        starts = np.cumsum(size) - size  # where each talk's run begins in `rows`
        rows = np.arange(int(size.sum())) + np.repeat(first - starts, size)
        best = np.maximum.reduceat(self.rows_vectors(rows, prefetched) @ qvec, starts)
        return dict(zip((t for t, _, _ in runs), best.tolist(), strict=True))

    def of(self, talks: Sequence[Talk]) -> dict[int, list[Sentence]]:
        """The (row, text) of each talk's sentences, by talk id: made again from the
        talk, as the build wrote them; read from the table only for a talk whose
        stored run has another length (a build made by older code). What is made is
        remembered per talk (the last reads.CACHED_TALKS), for the same talk: the base
        never changes once open, and splitting a talk's text costs more than the rest
        of a query's work on it. The lists are shared: read them, never change them."""
        out: dict[int, list[Sentence]] = {}
        split = talk_sentences
        with self._storing:
            for talk in talks:
                kept = self._made.get(talk.id)
                if kept is not None and kept[1] is split and (kept[0] is talk or kept[0] == talk):
                    out[talk.id] = kept[2]
        todo = [t for t in talks if t.id not in out]
        runs = {tid: (a, b) for tid, a, b in self.runs([t.id for t in todo])} if todo else {}
        made: list[tuple[Talk, list[Sentence]]] = []
        for talk in todo:
            a, b = runs.get(talk.id, (0, 0))
            texts = split(talk)
            if len(texts) == b - a:
                out[talk.id] = list(zip(range(a, b), texts, strict=True))
                made.append((talk, out[talk.id]))
        if made:
            with self._storing:
                for talk, found in made:
                    self._made.put(talk.id, (talk, split, found))
        out = {t.id: out[t.id] for t in talks if t.id in out}  # in the order given
        missing = [t.id for t in talks if t.id not in out]
        if missing:
            out.update(self.stored(missing))
        return out

    def stored(self, tids: Sequence[int]) -> dict[int, list[Sentence]]:
        """The (row, text) of each talk's sentences as the table holds them, the last
        reads.CACHED_TALKS talks' remembered."""
        known: dict[int, list[Sentence]] = {}
        with self._storing:
            for tid in dict.fromkeys(tids):
                kept = self._stored.get(tid)
                if kept is not None:
                    known[tid] = kept
        missing = [t for t in dict.fromkeys(tids) if t not in known]
        if missing:
            with store.reading(self.build):
                found = reads.sentence_texts(self.con, self.runs(missing))
            with self._storing:
                for tid in missing:
                    known[tid] = self._stored.put(tid, found.get(tid, []))
        return {t: known[t] for t in tids}

    def sims(
        self, qvec: np.ndarray | None, sentences: dict[int, list[Sentence]]
    ) -> dict[int, np.ndarray]:
        """The cosine of each of these sentences with `qvec`, by talk (one product)."""
        if qvec is None or not sentences:
            return {}
        rows = np.fromiter(
            (r for run in sentences.values() for r, _ in run),
            dtype=np.int64,
            count=sum(len(run) for run in sentences.values()),
        )
        sims = self.rows_vectors(rows) @ qvec if len(rows) else np.zeros(0)
        ends = np.cumsum([len(run) for run in sentences.values()])
        return dict(zip(sentences, np.split(sims, ends[:-1]), strict=True))

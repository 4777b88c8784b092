"""Open a knowledge base and ask it things: search, similar talks, lookups.

Every function here returns `Hit`s sorted by score, best first.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np

from index import lexical, store
from index.embed import Embedder
from index.embed import load as load_embedder
from index.filters import Filters, to_sql
from index.fusion import minmax, mmr, relative_score, rrf
from index.vectors import FaissIndex, VectorIndex
from ingest.text import title_key
from talkbase import settings
from talkbase.errors import BadQuery, ModelMismatch, TalkNotFound
from talkbase.records import Hit, Talk, Why, talk_from_dict

Mode = Literal["hybrid", "lexical", "dense"]
MODES: tuple[str, ...] = ("hybrid", "lexical", "dense")


class KnowledgeBase:
    """A read-only view of the build in use in `home`."""

    def __init__(self, home: str | Path | None = None, embedder: Embedder | None = None) -> None:
        self.home = settings.home(home)
        self.build = store.require(self.home)
        self.manifest = self.build.manifest
        self.model_name: str = self.manifest["model"]
        self._embedder = embedder
        if embedder is not None and embedder.name != self.model_name:
            raise ModelMismatch(str(self.home), self.model_name, embedder.name)
        self.con = store.connect(self.build.db_path, read_only=True)
        self.vectors: VectorIndex = FaissIndex.load(str(self.build.vectors_path))
        self.talks: dict[int, Talk] = {}
        for tid, record in self.con.execute("SELECT id, record FROM talks ORDER BY id").fetchall():
            self.talks[int(tid)] = talk_from_dict(json.loads(record))
        rows = self.con.execute("SELECT talk_id, text FROM sentences ORDER BY row").fetchall()
        self._sent_talk = np.array([r[0] for r in rows], dtype=np.int64)
        self._sent_text = [r[1] for r in rows]
        self._sent_vecs = store.load_sentences(self.build)
        self._qcache: dict[str, np.ndarray] = {}

    # -- parts loaded on demand -------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            configured = settings.model_name()
            if configured != self.model_name:
                raise ModelMismatch(str(self.home), self.model_name, configured)
            self._embedder = load_embedder(configured)
        return self._embedder

    def query_vector(self, query: str) -> np.ndarray:
        """The query's embedding, remembered for the last few hundred queries."""
        vec = self._qcache.get(query)
        if vec is None:
            vec = self.embedder.embed([query])[0]
            if len(self._qcache) >= 256:
                self._qcache.pop(next(iter(self._qcache)))
            self._qcache[query] = vec
        return vec

    def close(self) -> None:
        self.con.close()

    def __enter__(self) -> KnowledgeBase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- lookups ------------------------------------------------------------------
    def allowed(self, filters: Filters | None) -> list[int] | None:
        """Ids of talks passing `filters`, or None when no filter is set."""
        if filters is None or not filters.active():
            return None
        where, params = to_sql(filters)
        rows = self.con.execute(f"SELECT t.id FROM talks t WHERE {where} ORDER BY t.id", params)
        return [int(r[0]) for r in rows.fetchall()]

    def talk(self, ref: str | int) -> Talk:
        """A talk by id, exact title, unique title prefix, or close title match."""
        text = str(ref).strip()
        if text.isdigit() and int(text) in self.talks:
            return self.talks[int(text)]
        key = title_key(text)
        if not key:
            raise TalkNotFound(text)
        by_key = {tid: title_key(t.title) for tid, t in self.talks.items()}
        for test in (lambda k: k == key, lambda k: k.startswith(key), lambda k: key in k):
            found = [tid for tid, k in by_key.items() if test(k)]
            if len(found) == 1:
                return self.talks[found[0]]
            if found:
                raise TalkNotFound(text, [f"{i}: {self.talks[i].title}" for i in found])
        close = difflib.get_close_matches(key, list(by_key.values()), n=5, cutoff=0.75)
        ids = [tid for tid, k in by_key.items() if k in close]
        if len(ids) == 1:
            return self.talks[ids[0]]
        raise TalkNotFound(text, [f"{i}: {self.talks[i].title}" for i in ids])

    def sql(self, query: str, params: Sequence[Any] | None = None) -> Any:
        """Run read-only SQL on the knowledge base; returns a DuckDB relation result."""
        return self.con.execute(query, list(params or []))

    # -- search -------------------------------------------------------------------
    def _rank_lexical(self, query: str, allowed: list[int] | None) -> list[tuple[int, float]]:
        return lexical.bm25(self.con, query, allowed)

    def _rank_dense(self, qvec: np.ndarray, allowed: list[int] | None) -> list[tuple[int, float]]:
        """Cosine of the talk vector plus that of its best sentence, halved.

        The talk vector sees the whole talk; the best sentence rewards one
        passage squarely on the question. Together they beat either alone.
        """
        n = len(self.talks) if allowed is None else len(allowed)
        doc = self.vectors.search(qvec, n, allowed)
        best = self._best_sentence_scores(qvec)
        scored = [(tid, (s + best.get(tid, s)) / 2) for tid, s in doc]
        scored.sort(key=lambda h: (-h[1], h[0]))
        return scored

    def _best_sentence_scores(self, qvec: np.ndarray) -> dict[int, float]:
        if not len(self._sent_talk):
            return {}
        sims = self._sent_vecs @ qvec
        order = np.lexsort((-sims, self._sent_talk))  # by talk, best sentence first
        talks = self._sent_talk[order]
        first = np.ones(len(talks), dtype=bool)
        first[1:] = talks[1:] != talks[:-1]
        return {int(t): float(v) for t, v in zip(talks[first], sims[order][first], strict=True)}

    def search(
        self, query: str, k: int = 10, filters: Filters | None = None, mode: Mode = "hybrid"
    ) -> list[Hit]:
        if mode not in MODES:
            raise BadQuery(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if k < 1:
            raise BadQuery("the number of results must be at least 1")
        allowed = self.allowed(filters)
        query = query.strip()
        if not query:
            return self._browse(allowed, k)
        lex = self._rank_lexical(query, allowed) if mode != "dense" else []
        qvec = self.query_vector(query) if mode != "lexical" else None
        dense = self._rank_dense(qvec, allowed) if qvec is not None else []
        lex_rank = {tid: r for r, (tid, _) in enumerate(lex, start=1)}
        dense_rank = {tid: r for r, (tid, _) in enumerate(dense, start=1)}
        if mode == "lexical":
            scored = lex[:k]
        elif mode == "dense":
            scored = dense[:k]
        else:
            scored = fuse(lex, dense)[:k]
        lex_part, dense_part = minmax(lex), minmax(dense)
        ids = [tid for tid, _ in scored]
        terms = lexical.matched_terms(self.con, query, {tid: self._text(tid) for tid in ids})
        hits = []
        for tid, score in scored:
            why = Why(
                matched_terms=terms.get(tid, ()),
                best_sentence=self._best_sentence(tid, qvec, terms.get(tid, ())),
                lexical_rank=lex_rank.get(tid),
                dense_rank=dense_rank.get(tid),
                carried_by=_carried_by(lex_part.get(tid, 0.0), dense_part.get(tid, 0.0), mode),
            )
            hits.append(Hit(self.talks[tid], float(score), why))
        return hits

    def _browse(self, allowed: list[int] | None, k: int) -> list[Hit]:
        ids = list(self.talks) if allowed is None else allowed
        talks = sorted((self.talks[i] for i in ids), key=_time_order)
        return [Hit(t, 0.0) for t in talks[:k]]

    def similar(self, ref: str | int | Talk, k: int = 5, filters: Filters | None = None,
                diversity: float = 0.3) -> list[Hit]:
        """Talks nearest to `ref` by embedding, never `ref` itself, diversified by MMR."""
        seed = ref if isinstance(ref, Talk) else self.talk(ref)
        allowed = self.allowed(filters)
        pool = [tid for tid in (allowed if allowed is not None else self.talks) if tid != seed.id]
        if not pool:
            return []
        qvec = self.vectors.vector(seed.id)
        near = self.vectors.search(qvec, min(len(pool), max(4 * k, 20)), pool)
        vecs = {tid: self.vectors.vector(tid) for tid, _ in near}
        picked = mmr(qvec, [tid for tid, _ in near], vecs, k, lambda_=1.0 - diversity)
        picked.sort(key=lambda p: -p[1])
        dense_rank = {tid: r for r, (tid, _) in enumerate(near, start=1)}
        return [
            Hit(self.talks[tid], score, Why(
                best_sentence=self._best_sentence(tid, qvec, ()),
                dense_rank=dense_rank[tid], carried_by="semantic",
            ))
            for tid, score in picked
        ]

    # -- evidence -----------------------------------------------------------------
    def _text(self, tid: int) -> str:
        t = self.talks[tid]
        notes = " ".join(text for _, text in t.notes)
        speakers = " ".join(f"{s.name} {s.affiliation or ''}" for s in t.speakers)
        return f"{t.title} {t.track or ''} {t.abstract} {notes} {speakers}"

    def _best_sentence(self, tid: int, qvec: np.ndarray | None, terms: Sequence[str]) -> str:
        rows = np.flatnonzero(self._sent_talk == tid)
        if not len(rows):
            return ""
        lowered = [self._sent_text[r].lower() for r in rows]
        overlap = np.array([sum(t in s for t in terms) for s in lowered], dtype=np.float32)
        score = 0.1 * overlap
        if qvec is not None:
            score = score + self._sent_vecs[rows] @ qvec
        return self._sent_text[rows[int(np.argmax(score))]]


def fuse(lex: list[tuple[int, float]], dense: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """The hybrid ranking, by the configured fusion (see talkbase.settings)."""
    if settings.fusion() == "rrf":
        return rrf([[t for t, _ in lex], [t for t, _ in dense]], k=settings.rrf_k())
    w = settings.lexical_weight()
    return relative_score([lex, dense], [w, 1.0 - w])


def _carried_by(lex: float, dense: float, mode: str) -> str:
    """Which signal carried a hit: each signal's strength scaled to [0, 1] in its list."""
    if mode != "hybrid":
        return "lexical" if mode == "lexical" else "semantic"
    if lex >= 0.5 and dense >= 0.5:
        return "both"
    return "lexical" if lex > dense else "semantic"


def _time_order(t: Talk) -> tuple[int, float, str]:
    return (0 if t.start else 1, t.start.timestamp() if t.start else 0.0, t.title)

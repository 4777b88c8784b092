"""Open a knowledge base and ask it things: search, similar talks, lookups.

Every function here returns `Hit`s sorted by score, best first.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

import numpy as np

from index import lexical, store
from index.answer import Answer
from index.embed import Embedder, built_identity, identity_of
from index.embed import identity as embedder_identity
from index.embed import load as load_embedder
from index.filters import Filters, inline, to_sql
from index.fusion import mmr, relative_score, rrf, scaled_score
from index.understand import FRAME, Understood, understand
from index.understand import literal as literal_query
from index.vectors import VectorIndex
from index.vocab import Vocab, plain_text, suggest
from ingest.text import title_key
from talkbase import settings
from talkbase.errors import BadQuery, ModelMismatch, TalkNotFound
from talkbase.records import Hit, Talk, Why, talk_from_dict

Mode = Literal["hybrid", "lexical", "dense"]
MODES: tuple[str, ...] = ("hybrid", "lexical", "dense")
WHOLE_SENTENCES = 20000  # up to this many sentences, keep them as float32 and score all
POOL = 200  # talks fused from each list: the best by words, the nearest by their vector
NOTE_PENALTY = 0.15  # how much better a note must be than the abstract to be quoted


def _one_thread_per_query() -> None:
    """A query's products are small (one vector against a few thousand): one thread
    answers them faster than several competing for the cores. On a busy 2-core
    machine FAISS took 30 ms with two threads and 0.4 ms with one, at 3,204 talks.
    Set once per process, for FAISS's OpenMP and NumPy's BLAS."""
    if _one_thread_per_query.__dict__.get("done"):
        return
    _one_thread_per_query.__dict__["done"] = True
    try:
        import faiss

        faiss.omp_set_num_threads(1)
    except ImportError:  # pragma: no cover - faiss is a dependency
        pass
    try:
        from threadpoolctl import threadpool_limits

        threadpool_limits(1, user_api="blas")
    except ImportError:  # pragma: no cover - comes with scikit-learn
        pass


class KnowledgeBase:
    """A read-only view of the build in use in `home`."""

    def __init__(self, home: str | Path | None = None, embedder: Embedder | None = None) -> None:
        self.home = settings.home(home)
        self.build = store.require(self.home)
        self.manifest = self.build.manifest
        self.model_name: str = self.manifest["model"]
        self._embedder = embedder
        self.encoder: str = built_identity(self.manifest) or self.model_name
        if embedder is not None and identity_of(embedder) != self.encoder:
            raise ModelMismatch(str(self.home), self.encoder, identity_of(embedder))
        # Checked against the manifest: a damaged file is KnowledgeBaseDamaged.
        self.con, vectors, self._sent_vecs = store.open_build(self.build)
        self.vectors: VectorIndex = vectors
        self.talks: dict[int, Talk] = {}
        with store.reading(self.build):
            for tid, record in self.con.execute(
                "SELECT id, record FROM talks ORDER BY id"
            ).fetchall():
                self.talks[int(tid)] = talk_from_dict(json.loads(record))
            rows = self.con.execute("SELECT talk_id, text FROM sentences ORDER BY row").fetchall()
        self._sent_talk = np.array([r[0] for r in rows], dtype=np.int64)
        self._sent_text = [r[1] for r in rows]
        self._qcache: dict[str, np.ndarray] = {}
        _one_thread_per_query()

    # -- parts loaded on demand -------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            configured = settings.model_name()
            wanted = embedder_identity(configured)  # known before loading anything
            if wanted != self.encoder:
                raise ModelMismatch(str(self.home), self.encoder, wanted)
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
        cache = self.__dict__.setdefault("_allowed_cache", {})  # the base is read-only
        found = cache.get(filters)
        if found is None:
            where = inline(*to_sql(filters))  # no bound parameters: see `sql_literal`
            rows = self.con.execute(f"SELECT t.id FROM talks t WHERE {where} ORDER BY t.id")
            found = [int(r[0]) for r in rows.fetchall()]
            if len(cache) >= 256:
                cache.pop(next(iter(cache)))
            cache[filters] = found
        return list(found)

    def talk(self, ref: str | int) -> Talk:
        """A talk by id, exact title, unique title prefix, or close title match."""
        text = str(ref).strip()
        if re.fullmatch(r"[0-9]{1,18}", text) and int(text) in self.talks:  # ASCII digits only
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
    @property
    def vocab(self) -> Vocab:
        """The days, rooms, tracks, formats, people, organisations and words of this base."""
        vocab = self.__dict__.get("_vocab")
        if vocab is None:
            vocab = self.__dict__["_vocab"] = Vocab.from_talks(self.talks.values())
        return vocab

    def understand(self, query: str, literal: bool = False) -> Understood:
        """What `search` reads out of `query` (nothing when `literal`)."""
        return literal_query(query) if literal else understand(query, self.vocab)

    @property
    def bm25(self) -> lexical.Bm25Index:
        """The in-memory BM25 index, built from the database on first use."""
        index = self.__dict__.get("_bm25")
        if index is None:
            index = self.__dict__["_bm25"] = lexical.Bm25Index(self.con)
        return index

    def _rank_lexical(self, query: str, allowed: list[int] | None) -> list[tuple[int, float]]:
        ids, scores = self._lexical(query, allowed)
        return list(zip(ids.tolist(), scores.tolist(), strict=True))

    def _lexical(self, query: str, allowed: list[int] | None) -> tuple[np.ndarray, np.ndarray]:
        """BM25 ids and scores, best first. The first query goes to DuckDB's FTS index
        (nothing to build: right for a one-shot command); from the second on, the
        in-memory index answers (built once, then far under a millisecond). Both rank
        alike (tests/test_search.py compares them)."""
        if "_bm25" not in self.__dict__ and not self.__dict__.get("_asked"):
            self.__dict__["_asked"] = True
            found = lexical.bm25(self.con, query, allowed)
            return (
                np.array([t for t, _ in found], dtype=np.int64),
                np.array([s for _, s in found], dtype=np.float64),
            )
        return self.bm25.ranked(query, allowed)

    def _rank_dense(self, qvec: np.ndarray, allowed: list[int] | None) -> list[tuple[int, float]]:
        """Cosine of the talk vector plus that of its best sentence, halved.

        The talk vector sees the whole talk; the best sentence rewards one
        passage squarely on the question. Together they beat either alone.
        Only the nearest talks by their own vector are scored (all of a small base).
        """
        n = len(self.talks) if allowed is None else len(allowed)
        doc = self.vectors.search(qvec, min(n, POOL), allowed)
        best = self._best_sentence_scores(qvec, [tid for tid, _ in doc])
        scored = [(tid, (s + best.get(tid, s)) / 2) for tid, s in doc]
        scored.sort(key=lambda h: (-h[1], h[0]))
        return scored

    def _sentence_rows(self) -> dict[int, tuple[int, int]]:
        """Each talk's run of rows in the sentence table (stored talk by talk)."""
        spans = self.__dict__.get("_sent_rows")
        if spans is None:
            spans = {}
            if len(self._sent_talk):
                talk = self._sent_talk
                starts = np.flatnonzero(np.r_[True, talk[1:] != talk[:-1]])
                ends = np.r_[starts[1:], len(talk)]
                spans = {int(talk[a]): (int(a), int(b)) for a, b in zip(starts, ends, strict=True)}
            self.__dict__["_sent_rows"] = spans
        return spans

    def _best_sentence_scores(self, qvec: np.ndarray, tids: Sequence[int]) -> dict[int, float]:
        """The cosine of each talk's best sentence, for these talks only."""
        spans = self._sentence_rows()
        if len(self._sent_talk) <= WHOLE_SENTENCES:  # one product over every sentence
            starts = self.__dict__.get("_sent_starts")
            if starts is None:
                starts = self.__dict__["_sent_starts"] = np.fromiter(
                    (a for a, _ in spans.values()), dtype=np.int64, count=len(spans)
                )
            if not len(starts):
                return {}
            whole = self.__dict__.get("_sent_f32")
            if whole is None:  # stored compactly (e.g. float16): cast once, not per query
                whole = self.__dict__["_sent_f32"] = np.asarray(self._sent_vecs, dtype=np.float32)
            where = self.__dict__.get("_sent_where")
            if where is None:  # talk id -> its position among the runs
                where = self.__dict__["_sent_where"] = {t: i for i, t in enumerate(spans)}
            best_all = np.maximum.reduceat(whole @ qvec, starts)
            return {t: float(best_all[where[t]]) for t in tids if t in where}
        have = [(t, spans[t]) for t in tids if t in spans]
        if not have:
            return {}
        first = np.fromiter((a for _, (a, _b) in have), dtype=np.int64, count=len(have))
        size = np.fromiter((b - a for _, (a, b) in have), dtype=np.int64, count=len(have))
        starts = np.cumsum(size) - size  # where each talk's run begins in `rows`
        rows = np.arange(int(size.sum())) + np.repeat(first - starts, size)
        sims = np.asarray(self._sent_vecs[rows], dtype=np.float32) @ qvec
        best = np.maximum.reduceat(sims, starts)
        return dict(zip((t for t, _ in have), best.tolist(), strict=True))

    def _allowed_for(self, filters: Filters, u: Understood) -> list[int] | None:
        """Talks passing the filters and what the query itself asks (any of several
        people or organisations, phrases to contain, words to avoid)."""
        allowed = self.allowed(filters)
        ids = None if allowed is None else set(allowed)
        for name, values in (("speaker", u.any_speakers), ("org", u.any_orgs)):
            if values:
                union: set[int] = set()
                for value in values:
                    union.update(self.allowed(Filters(**{name: value})) or ())
                ids = union if ids is None else ids & union
        if u.phrases or u.excluded:
            texts = self._plain_texts()
            pool = ids if ids is not None else set(self.talks)
            phrases = [f" {plain_text(p)} " for p in u.phrases]
            avoid = [f" {plain_text(w)} " for w in u.excluded]
            ids = {
                tid
                for tid in pool
                if all(p in texts[tid] for p in phrases) and not any(w in texts[tid] for w in avoid)
            }
        return None if ids is None else sorted(ids)

    def _sharing(self, lex_ids: np.ndarray, words: str, allowed: list[int] | None) -> set[int]:
        """The talks sharing a word with the query that is not in most talks: in a
        PyTorch program "pytorch" alone does not make a talk a match."""
        terms = lexical.query_terms(words)
        common = self.vocab.common
        kept = [t for t in terms if t not in common]
        if len(kept) == len(terms):
            return set(lex_ids.tolist())
        if not kept:
            return set()
        return set(self._lexical(" ".join(kept), allowed)[0].tolist())

    def _plain_texts(self) -> dict[int, str]:
        texts = self.__dict__.get("_plain")
        if texts is None:
            texts = self.__dict__["_plain"] = {
                tid: f" {plain_text(self._text(tid))} " for tid in self.talks
            }
        return texts

    def search(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        mode: Mode = "hybrid",
        literal: bool = False,
    ) -> list[Hit]:
        """The best `k` talks for `query`: matches first, then (marked `why.match`
        False) the nearest talks when fewer match. What the query was read as is
        kept in `last_answer` (see `answer`)."""
        return self.answer(query, k, filters, mode, literal).hits

    def answer(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        mode: Mode = "hybrid",
        literal: bool = False,
    ) -> Answer:
        """`search` with what it understood: the query read into topic and filters
        (`literal` turns that off), whether those filters had to be dropped because
        no talk passes them, and "did you mean" suggestions."""
        if mode not in MODES:
            raise BadQuery(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if k < 1:
            raise BadQuery("the number of results must be at least 1")
        u = self.understand(query.strip(), literal)
        given = filters.active() if filters is not None else {}
        allowed = self._allowed_for(replace(u.filters, **given), u)
        relaxed = False
        topic = u.topic
        if allowed == [] and u.chips and (filters is None or self.allowed(filters) != []):
            relaxed, allowed = True, self.allowed(filters)
            topic = topic or " ".join(w for w in query.split() if w.lower() not in FRAME)
        text = " ".join([topic, *u.phrases]).strip()
        if not text:
            hits = self._browse(allowed, k)
            suggestions: dict[str, str] = {}
        else:
            hits = self._ranked(text, k, allowed, mode)
            suggestions = suggest(text, self.vocab, FRAME)
        result = Answer(u, hits, relaxed, suggestions)
        self.last_answer = result
        return result

    def _ranked(self, text: str, k: int, allowed: list[int] | None, mode: str) -> list[Hit]:
        words = lexical.expand(text, self.vocab.words)
        lex_ids, lex_scores = (
            self._lexical(words, allowed)
            if mode != "dense"
            else (np.empty(0, dtype=np.int64), np.empty(0))
        )
        qvec = self.query_vector(text) if mode != "lexical" else None
        dense = self._rank_dense(qvec, allowed) if qvec is not None else []
        # Fused over the best POOL by words and every talk near in meaning: a talk
        # outside both gets at most the POOL-th word score, too little to reach the top.
        pool = max(POOL, k)
        take = np.zeros(len(lex_ids), dtype=bool)
        take[:pool] = True
        if dense:
            take |= np.isin(lex_ids, np.fromiter((t for t, _ in dense), dtype=np.int64))
        picked = np.flatnonzero(take)
        lex = list(zip(lex_ids[picked].tolist(), lex_scores[picked].tolist(), strict=True))
        lex_rank = dict(zip(lex_ids[picked].tolist(), (picked + 1).tolist(), strict=True))
        dense_rank = {tid: r for r, (tid, _) in enumerate(dense, start=1)}
        if mode == "lexical":
            scored = lex
        elif mode == "dense":
            scored = dense
        else:
            scored = fuse(lex, dense)
        near = dict(dense)
        floor = settings.match_floor()
        shared = self._sharing(lex_ids, words, allowed)

        def is_match(tid: int) -> bool:
            return tid in shared or near.get(tid, -1.0) >= floor

        matches = [(t, s) for t, s in scored if is_match(t)][:k]
        if len(matches) < k:  # the nearest talks fill up the list, marked as such
            seen = {t for t, _ in matches}
            matches += [(t, s) for t, s in scored if t not in seen][: k - len(matches)]
        ids = [tid for tid, _ in matches]
        terms = lexical.matched_terms(
            self.con if "_bm25" not in self.__dict__ else self.bm25,
            words,
            {tid: self._words(tid) for tid in ids},
        )
        hits = []
        for tid, score in matches:
            ranks = {}
            if tid in lex_rank:
                ranks["lexical"] = lex_rank[tid]
            if tid in dense_rank:
                ranks["dense"] = dense_rank[tid]
            sentence, source = self._best_sentence(tid, qvec, terms.get(tid, ()))
            why = Why(
                matched_terms=terms.get(tid, ()),
                best_sentence=sentence,
                ranks=ranks,
                sentence_source=source,
                match=is_match(tid),
            )
            hits.append(Hit(self.talks[tid], float(score), why))
        return hits

    def _browse(self, allowed: list[int] | None, k: int) -> list[Hit]:
        ids = list(self.talks) if allowed is None else allowed
        talks = sorted((self.talks[i] for i in ids), key=_time_order)
        return [Hit(t, 0.0) for t in talks[:k]]

    def similar(
        self,
        ref: str | int | Talk,
        k: int = 5,
        filters: Filters | None = None,
        diversity: float = 0.3,
    ) -> list[Hit]:
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
        hits = []
        for tid, score in picked:
            sentence, source = self._best_sentence(tid, qvec, ())
            hits.append(
                Hit(
                    self.talks[tid],
                    score,
                    Why(
                        best_sentence=sentence,
                        sentence_source=source,
                        ranks={"dense": dense_rank[tid]},
                    ),
                )
            )
        return hits

    # -- evidence -----------------------------------------------------------------
    def _words(self, tid: int) -> list[str]:
        """The words of a talk's text (as `lexical.words`), remembered."""
        cache = self.__dict__.setdefault("_word_cache", {})
        found = cache.get(tid)
        if found is None:
            found = cache[tid] = lexical.words(self._text(tid))
        return found

    def _text(self, tid: int) -> str:
        t = self.talks[tid]
        notes = " ".join(text for _, text in t.notes)
        speakers = " ".join(f"{s.name} {s.affiliation or ''}" for s in t.speakers)
        return f"{t.title} {t.track or ''} {t.abstract} {notes} {speakers}"

    def _best_sentence(
        self, tid: int, qvec: np.ndarray | None, terms: Sequence[str]
    ) -> tuple[str, str]:
        """The sentence that best answers the query, and where it comes from.

        Sentences of the abstract come first; a digest's notes are commentary on
        the talk, so a note is quoted only when it is clearly better, and is
        labelled "notes in <document>". Without an abstract the title speaks.
        """
        talk = self.talks[tid]
        a, b = self._sentence_rows().get(tid, (0, 0))
        texts = self._sent_text[a:b]
        in_abstract = np.array([t in talk.abstract for t in texts], dtype=bool)
        if not texts or (
            not in_abstract.any() and terms and any(t in talk.title.lower() for t in terms)
        ):
            return talk.title, "title"
        overlap = np.array([sum(t in s.lower() for t in terms) for s in texts], dtype=np.float32)
        score = 0.1 * overlap - np.where(in_abstract, 0.0, NOTE_PENALTY)
        if qvec is not None:
            vecs = self.__dict__.get("_sent_f32")
            vecs = vecs[a:b] if vecs is not None else np.asarray(self._sent_vecs[a:b], np.float32)
            score = score + vecs @ qvec
        rows = range(a, b)
        best = int(np.argmax(score))
        if in_abstract[best]:
            return self._sent_text[rows[best]], "abstract"
        documents = [s.document for s in talk.sources if s.parser == "digest"]
        documents = documents or [s.document for s in talk.sources]
        where = f"notes in {documents[0]}" if documents else "notes"
        return self._sent_text[rows[best]], where


def fuse(lex: list[tuple[int, float]], dense: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """The hybrid ranking, by the configured fusion (see talkbase.settings)."""
    how = settings.fusion()
    w = settings.lexical_weight()
    if how == "rrf":
        return rrf([[t for t, _ in lex], [t for t, _ in dense]], k=settings.rrf_k())
    if how == "relative":
        return relative_score([lex, dense], [w, 1.0 - w])
    return scaled_score([lex, dense], [w, 1.0 - w], [0.0, settings.dense_floor()])


def _time_order(t: Talk) -> tuple[int, float, str]:
    return (0 if t.start else 1, t.start.timestamp() if t.start else 0.0, t.title)

"""Lexical BM25, and the terms a talk matched.

A build stores its postings (index/build/lexicon.py writes them; `LexicalIndex`
over index/store/postings.py reads them): BM25 in
Lucene's form over title, abstract, speakers, track and notes, with DuckDB's
Porter stems and English stopwords, so it ranks as DuckDB's FTS index over the
same fields (checked by a test) without building anything when a base opens.
Builds of format 2 have no postings: `Bm25Index` (bm25s, in memory) serves
them. `bm25` (DuckDB's FTS macro, on a database given such an index) stays as
the reference the tests compare with.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import duckdb
import numpy as np

from index.search.rank import feedback
from index.search.rank.ranking import LexScores, Query, Ranking, positions, word_pool
from index.search.rank.stopwords import FILLER, english_stopwords, language_list, lexical_query
from index.search.rank.tokens import tokenize, without_article, word_marks
from index.search.rank.wordparts import Alternative, alternative_weights
from index.store import files as sf
from index.store.postings import Postings, idf
from index.store.schema import FTS_FIELDS
from index.store.sql import sql_literal
from ingest.text import STOPWORDS, words


def bm25(
    con: duckdb.DuckDBPyConnection, query: str, allowed: Sequence[int] | None = None
) -> list[tuple[int, float]]:
    """Talk ids matching `query` by BM25 over all indexed fields, best first.

    (Counting the title a second time was measured and made results worse.)
    """
    where = ""
    if allowed is not None:
        if not allowed:
            return []
        where = "AND id IN (" + ", ".join(str(int(t)) for t in allowed) + ")"
    # the query is written in as a literal: bound parameters make DuckDB import pandas
    rows = con.execute(
        f"""
        SELECT id, score FROM (
            SELECT id, fts_main_talks.match_bm25(id, {sql_literal(lexical_query(query))}) AS score
            FROM talks
        ) WHERE score IS NOT NULL {where}
        ORDER BY score DESC, id
        """
    ).fetchall()
    return [(int(i), float(s)) for i, s in rows]


REMEMBER_WORDS = 200_000  # stems kept by a lexical index before it starts afresh
REMEMBER_TALKS = 20_000  # talks whose stems `matched_terms` keeps


class Terms:
    """What both lexical indexes share: tokens, Porter stems (remembered), `search`."""

    con: duckdb.DuckDBPyConnection
    stopwords: frozenset[str]
    _stem: dict[str, str]
    pairs: bool = True  # Chinese and Japanese cut into pairs (tokens.TOKENS 2 and on)
    articles: bool = True  # Arabic words without their article (tokens.TOKENS 3 and on)
    marks: bool = True  # a word goes on through its letters' marks (tokens.TOKENS 4 and on)

    def tokens(self, text: str) -> list[str]:
        return tokenize(text, self.stopwords, self.pairs, self.articles, self.marks)

    def stem_all(self, tokens: Collection[str]) -> dict[str, str]:
        """Porter stems (DuckDB's `stem`, as the FTS index), remembered."""
        new = [t for t in dict.fromkeys(tokens) if t not in self._stem]
        if new:
            if len(self._stem) > REMEMBER_WORDS:  # a long-lived process: start afresh
                self._stem = {}
                new = list(dict.fromkeys(tokens))
            self._stem.update(stems(self.con, new))
        return self._stem

    def ranked(
        self, query: str, allowed: Sequence[int] | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        raise NotImplementedError

    def search(self, query: str, allowed: Sequence[int] | None = None) -> list[tuple[int, float]]:
        """`ranked` as (id, score) pairs."""
        ids, scores = self.ranked(query, allowed)
        return list(zip(ids.tolist(), scores.tolist(), strict=True))


class Bm25Index(Terms):
    """BM25 (Lucene's formula, k1 1.2, b 0.75, as DuckDB's FTS) over the talks' indexed
    fields, built once from the database when first needed (bases of format 2)."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        import bm25s  # (only builds of format 2; it costs scipy, 0.3 s, on import)

        self.con = con
        cols = ", ".join(f"coalesce({f}, '')" for f in FTS_FIELDS)
        rows = con.execute(f"SELECT id, concat_ws(' ', {cols}) FROM talks ORDER BY id").fetchall()
        try:
            found = con.execute("SELECT sw FROM fts_main_talks.stopwords").fetchall()
            self.stopwords = frozenset(r[0] for r in found)
        except duckdb.Error:
            self.stopwords = STOPWORDS
        docs = [self.tokens(text) for _, text in rows]
        self._stem: dict[str, str] = {}
        self.stem_all({w for d in docs for w in d})
        self.ids = np.array([int(r[0]) for r in rows], dtype=np.int64)
        self.position = {int(tid): i for i, tid in enumerate(self.ids)}
        self.retriever: Any = bm25s.BM25(method="lucene", k1=1.2, b=0.75)
        if rows:
            self.retriever.index([[self._stem[w] for w in d] for d in docs], show_progress=False)

    def ranked(
        self, query: str, allowed: Sequence[int] | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Ids of the talks sharing a term with `query` and their BM25 scores, as
        arrays, best first (ties by id)."""
        none = (np.empty(0, dtype=np.int64), np.empty(0, dtype=np.float64))
        if allowed is not None and not allowed:
            return none
        terms = list(dict.fromkeys(self.tokens(lexical_query(query))))
        stem = self.stem_all(terms)
        vocab = self.retriever.vocab_dict if len(self.ids) else {}
        wanted = [t for t in dict.fromkeys(stem[w] for w in terms) if t in vocab]
        if not wanted:
            return none
        scores = np.asarray(self.retriever.get_scores(wanted), dtype=np.float64)
        hit = np.flatnonzero(scores > 0)
        if allowed is not None:
            keep = np.array(
                [self.position[t] for t in allowed if t in self.position], dtype=np.int64
            )
            hit = np.intersect1d(hit, keep)
        order = hit[np.lexsort((self.ids[hit], -scores[hit]))]
        return self.ids[order], scores[order]

    def score_all(self, query: str) -> LexScores:
        """`scores` beside `ids`."""
        return LexScores(self.ids, self.scores(query))

    def doc_freq(self, word: str) -> int:
        """How many talks hold `word` (its stem)."""
        return int(np.count_nonzero(self.scores(word)))

    def idf(self, word: str) -> float:
        """BM25's inverse document frequency of `word` (its stem)."""
        return idf(len(self.ids), self.doc_freq(word))

    def weighted(self, words: Sequence[tuple[str, float]]) -> LexScores:
        """The BM25 of every talk for `words`, each (word, weight) weighed by its own."""
        out = np.zeros(len(self.ids), dtype=np.float64)
        for word, weight in words:
            out += weight * self.scores(word)
        return LexScores(self.ids, out)

    def sharing(self, query: str, tids: Sequence[int]) -> np.ndarray:
        """Whether each of `tids` holds a term of `query`."""
        return np.asarray(self.score_all(query).at(tids) > 0, dtype=bool).reshape(-1)

    def scores(self, query: str) -> np.ndarray:
        """The BM25 score of every talk of `ids` (ascending; 0 where it shares no term)."""
        terms = list(dict.fromkeys(self.tokens(lexical_query(query))))
        stem = self.stem_all(terms)
        vocab = self.retriever.vocab_dict if len(self.ids) else {}
        wanted = [t for t in dict.fromkeys(stem[w] for w in terms) if t in vocab]
        if not wanted:
            return np.zeros(len(self.ids), dtype=np.float64)
        return np.asarray(self.retriever.get_scores(wanted), dtype=np.float64)


def open_index(build: Any, con: duckdb.DuckDBPyConnection) -> LexicalIndex | Bm25Index:
    """The lexical index of `build`: its stored postings (format 3), or for an
    older build the in-memory bm25s index made from its database."""
    meta = build.manifest.lexical
    if not isinstance(meta, dict):
        return Bm25Index(con)
    folder = build.path
    segments = [sf.load_segment(folder, name) for name in meta["segments"]]
    dead = sf.load_array(folder / sf.LEXICAL_DIR / "dead.npy")
    return LexicalIndex(
        con,
        stored_stopwords(build),
        sf.load_lines(folder / sf.LEXICAL_DIR / "lexicon.txt"),
        Postings(segments, dead),
        index_tokens(build) >= 2,
        index_tokens(build) >= 3,
        index_tokens(build) >= 4,
    )


def stored_stopwords(build: Any) -> frozenset[str]:
    """The stop words `build`'s lexical index leaves out (format 3; empty before)."""
    if not isinstance(build.manifest.lexical, dict):
        return frozenset()
    return frozenset(sf.load_lines(build.path / sf.LEXICAL_DIR / "stopwords.txt"))


def index_tokens(build: Any) -> int:
    """How `build`'s lexical index cut its text (index/search/rank/tokens.py's
    `TOKENS`; 1 for a build from before it was recorded)."""
    meta = build.manifest.lexical if build is not None else None
    return int(meta.get("tokens", 1)) if isinstance(meta, dict) else 1


def index_languages(build: Any) -> tuple[str, ...]:
    """The languages whose stop words `build`'s lexical index leaves out besides
    English's (index/build/lexicon.py; none for a build from before they were recorded)."""
    meta = build.manifest.lexical if build is not None else None
    return tuple(meta.get("languages", ())) if isinstance(meta, dict) else ()


def unnamed(stopwords: frozenset[str], languages: Sequence[str]) -> frozenset[str]:
    """Of a build's `stopwords`, those a match never names: where its program is
    written in other `languages`, their function words (index/search/rank/stopwords.py:
    "per", "della"; "per" is in English's list too); none for an English program, whose
    matches name what they always did ("value", "help", "C++")."""
    if not languages:
        return frozenset()
    listed = frozenset().union(*(language_list(code) for code in languages))
    return frozenset(w for w in stopwords if w in listed or w not in english_stopwords())


class LexicalIndex(Terms):
    """BM25 over the postings a build stored (index/store/postings.py): nothing to build
    when a base opens, and an ingest only adds a segment. Ranks as `Bm25Index`."""

    def __init__(
        self,
        con: duckdb.DuckDBPyConnection,
        stopwords: frozenset[str],
        lexicon: list[str],
        postings: Any,
        pairs: bool = True,
        articles: bool = True,
        marks: bool = True,
    ) -> None:
        self.con = con
        self.pairs = pairs
        self.articles = articles
        self.marks = marks
        self.stopwords = stopwords
        self.lexicon = lexicon
        self.term_id = {stem: i for i, stem in enumerate(lexicon)}
        self.postings = postings
        self._stem: dict[str, str] = {}

    @property
    def ids(self) -> np.ndarray:
        """The talk ids of the index, ascending (the order of `scores`)."""
        found = self.__dict__.get("_ids")
        if found is None:
            live = np.flatnonzero(self.postings.alive)
            order = np.argsort(self.postings.ids[live], kind="stable")
            found = self.__dict__["_ids"] = self.postings.ids[live][order]
            slot = np.full(len(self.postings.alive), -1, dtype=np.int64)
            slot[live[order]] = np.arange(len(order))
            self.__dict__["_slot"] = slot  # position in the segments -> index in `ids`
        return found

    def scores(self, query: str) -> np.ndarray:
        """The BM25 score of every talk of `ids` (0 where it shares no term)."""
        ids = self.ids  # (also maps positions to their index in `ids`)
        wanted = self._term_ids(query)
        if not wanted:
            return np.zeros(len(ids), dtype=np.float64)
        order = self.__dict__.get("_order")
        if order is None:  # index in `ids` -> position in the segments
            slot = self.__dict__["_slot"]
            order = self.__dict__["_order"] = np.empty(len(self.ids), dtype=np.int64)
            have = slot >= 0
            order[slot[have]] = np.flatnonzero(have)
        return self.postings.dense(wanted)[order]

    def score_all(self, query: str) -> LexScores:
        """`scores` in the order the postings hold the talks (no permutation of a
        million scores per query), with the lookup that finds a talk's score."""
        postings = self.postings
        wanted = self._term_ids(query)
        dense = postings.dense(wanted) if wanted else np.zeros(len(postings.ids), np.float32)
        return LexScores(postings.ids, dense, postings.lookup())

    def doc_freq(self, word: str) -> int:
        """How many live talks hold `word` (its stem): the postings' count, remembered."""
        wanted = self._term_ids(word)
        return self.postings.df(wanted[0]) if wanted else 0

    def idf(self, word: str) -> float:
        """BM25's inverse document frequency of `word` (its stem)."""
        wanted = self._term_ids(word)
        return self.postings.idf(wanted[0]) if wanted else 0.0

    def weighted(self, words: Sequence[tuple[str, float]]) -> LexScores:
        """`score_all` of `words`, each (word, weight) weighed by its own: one pass."""
        ids, weights = [], []
        for word, weight in words:
            for term in self._term_ids(word):
                if term not in ids:
                    ids.append(term)
                    weights.append(weight)
        postings = self.postings
        dense = postings.dense(ids, weights) if ids else np.zeros(len(postings.ids), np.float32)
        return LexScores(postings.ids, dense, postings.lookup())

    def sharing(self, query: str, tids: Sequence[int]) -> np.ndarray:
        """Whether each of `tids` holds a term of `query` (a lookup per talk and term)."""
        wanted = self._term_ids(query)
        want = np.asarray(tids, dtype=np.int64).reshape(-1)
        found = np.zeros(len(want), dtype=bool)
        if wanted and len(want):
            sorted_ids, at = self.postings.lookup()
            pos, present = positions(sorted_ids, want)
            if present.any():
                found[present] = self.postings.holding(wanted, at[pos[present]])
        return found

    def _term_ids(self, query: str) -> list[int]:
        terms = list(dict.fromkeys(self.tokens(lexical_query(query))))
        stem = self.stem_all(terms)
        return [self.term_id[s] for s in dict.fromkeys(stem[w] for w in terms) if s in self.term_id]

    def ranked(
        self, query: str, allowed: Sequence[int] | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        none = (np.empty(0, dtype=np.int64), np.empty(0, dtype=np.float64))
        if allowed is not None and not allowed:
            return none
        wanted = self._term_ids(query)
        if not wanted:
            return none
        return self.postings.ranked(wanted, allowed)


def word_scores(
    index: LexicalIndex | Bm25Index,
    words: str,
    allowed: Sequence[int] | None,
    alternatives: Sequence[Alternative] = (),
) -> LexScores:
    """The BM25 score of every talk for `words` (0 outside `allowed`), each of the
    `alternatives` among them weighed by `alternative_weights`."""
    weights = alternative_weights(index, alternatives)
    if any(w < 1.0 for w in weights.values()):
        terms = dict.fromkeys(index.tokens(lexical_query(words)))
        scores = index.weighted([(t, weights.get(t, 1.0)) for t in terms])
    else:
        scores = index.score_all(words)
    return scores if allowed is None else scores.within(allowed)


def rank(query: Query) -> Ranking:
    """The lexical signal's ranking: the best `query.pool` talks (at least k) by
    BM25 over the query's words, in the base's lexical index (a broad query's words
    widened by feedback: index/search/rank/feedback.py). Widened by the talks other
    signals found that share a word; a talk's place is its place among every talk
    sharing a word with the query (`LexScores.rank`). The ranking's `scores` are
    the query's own words' (the match rule reads which talks hold one)."""
    scores = word_scores(query.base.bm25, query.words, query.allowed, query.alternatives)
    n = max(query.pool, query.k)
    terms = query.base.bm25.tokens(lexical_query(query.words))
    ranked = feedback.widened(query.base, terms, scores, query.allowed, FILLER)
    return _pooled(ranked, ranked.best(n), (), scores)


def _pooled(
    ranked: LexScores, best: tuple[np.ndarray, np.ndarray], found: Sequence[int], own: LexScores
) -> Ranking:
    """The best talks by words with those of `found` that share one (`word_pool`)."""
    pairs, places = word_pool(ranked, best, found)
    listed = {tid for tid, _ in pairs}
    return Ranking(
        pairs,
        places,
        past=lambda tid: ranked.rank(tid) if tid in listed else None,
        widen=lambda more: _pooled(ranked, best, more, own),
        scores=own,
    )


def words_of(text: str, marks: bool = False) -> list[str]:
    """`text`'s words as a match names them (`ingest.text.words`), each going on through
    the marks after its letters where `marks` (a base whose index cuts its words so,
    `tokens.TOKENS` 4 on: "নিরাপত্তা" whole, not "পত"); cut at them otherwise."""
    return words(text, word_marks() if marks else "")


def query_terms(query: str, left_out: Collection[str] = (), marks: bool = False) -> list[str]:
    """Query words worth showing as evidence; "fault-tolerant" also gives its parts.
    `left_out`: the words a match never names (`unnamed`): a word of letters only.
    `marks`: words cut as a `tokens.TOKENS` 4 index cuts them (`words_of`)."""
    out: list[str] = []
    for w in words_of(query, marks):
        out.append(w)
        if "-" in w:
            out += w.split("-")
    kept = [w for w in dict.fromkeys(out) if w not in STOPWORDS and w not in FILLER and len(w) > 1]
    return list(named(kept, left_out))


def named(terms: Sequence[str], left_out: Collection[str]) -> tuple[str, ...]:
    """`terms` but those a match never names: a word of letters only that is one of
    `left_out` (the index's tokens: "Não" is "nao")."""
    if not left_out:
        return tuple(terms)
    return tuple(w for w in terms if not (w.isalpha() and _one_of(tokenize(w, ()), left_out)))


def _one_of(tokens: list[str], words: Collection[str]) -> bool:
    return len(tokens) == 1 and tokens[0] in words


def stems(con: duckdb.DuckDBPyConnection, tokens: Sequence[str]) -> dict[str, str]:
    uniq = list(dict.fromkeys(tokens))
    if not uniq:
        return {}
    row = con.execute(
        f"SELECT list_transform({sql_literal(uniq)}::VARCHAR[], x -> stem(x, 'porter'))"
    ).fetchone()
    out = row[0] if row else uniq
    return dict(zip(uniq, out, strict=True))


def matched_terms(
    con: duckdb.DuckDBPyConnection | Terms,
    query: str,
    texts: Mapping[int, str | list[str]],
    left_out: Collection[str] = (),
    marks: bool = False,
) -> dict[int, tuple[str, ...]]:
    """For each talk text (or its `words_of`), the query terms it contains (compared by
    Porter stem), but the stop words `left_out`. Given a lexical index, its
    remembered stems are used (no database call). `marks`: words whole through the
    marks after their letters, as a `tokens.TOKENS` 4 index cuts them (`words_of`)."""
    terms = query_terms(query, left_out, marks)
    per_text = {
        tid: words_of(text, marks) if isinstance(text, str) else text for tid, text in texts.items()
    }
    known = con.__dict__.setdefault("_have", {}) if isinstance(con, Terms) else {}
    if len(known) > REMEMBER_TALKS:  # bounded: a long-lived process sees many talks
        known.clear()
    every = terms + [w for tid, ws in per_text.items() if tid not in known for w in ws]
    cut = {w: without_article(w) for w in every}  # ("الفدية" is "فدية", as the index cuts it)
    every = list(cut.values())
    stem_of = con.stem_all(every) if isinstance(con, Terms) else stems(con, every)
    stem_of = {w: stem_of[c] for w, c in cut.items()}
    out: dict[int, tuple[str, ...]] = {}
    for tid, ws in per_text.items():
        have = known.get(tid)
        if have is None:  # the talk's stems and hyphen parts, remembered by the index
            have = {stem_of[w] for w in ws}
            have |= {p for w in ws for p in w.split("-")}  # "fault-tolerant" matches "fault"
            if isinstance(con, Terms):
                known[tid] = have
        found = [t for t in terms if stem_of[t] in have or t in have]
        # a matched whole ("fault-tolerant") makes its parts redundant
        out[tid] = tuple(t for t in found if not any(t != f and t in f.split("-") for f in found))
    return out

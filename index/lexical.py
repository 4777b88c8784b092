"""Lexical BM25, and the terms a talk matched.

Ranking uses `Bm25Index` (the bm25s library over sparse matrices, held in memory):
it reads the same fields, stopwords and Porter stems as DuckDB's FTS index of the
build, so both rank alike (checked by a test), but answers in well under a
millisecond where the FTS macro takes 10 ms or more. `bm25` (the FTS macro) stays
as the reference.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import duckdb
import numpy as np

from index.filters import sql_literal
from ingest.text import STOPWORDS, words

# Words people wrap their question in ("talks about ...", "any sessions on ...").
# They say nothing about the topic, yet "talk" and "session" occur in abstracts.
FILLER = frozenset(
    """talk talks session sessions presentation presentations speaker speakers about any
    anything something related regarding interested looking find show me want i i'm im
    please there are is which what who where""".split()
)


def lexical_query(query: str) -> str:
    """The query without conversational filler; the query itself if nothing is left."""
    kept = [w for w in query.split() if w.lower().strip("?.,!:;\"'") not in FILLER]
    return " ".join(kept) or query


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


_TOKEN = re.compile(r"[^\W_]+")  # as the FTS index: runs of letters and digits


class Bm25Index:
    """BM25 (Lucene's formula, k1 1.2, b 0.75, as DuckDB's FTS) over the talks' indexed
    fields, built once from the database when first needed."""

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        import bm25s

        from index.schema import FTS_FIELDS

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

    def tokens(self, text: str) -> list[str]:
        text = text.lower()
        if not text.isascii():
            text = unicodedata.normalize("NFKD", text)
            text = "".join(c for c in text if not unicodedata.combining(c))
        return [w for w in _TOKEN.findall(text) if w not in self.stopwords]

    def stem_all(self, tokens: Collection[str]) -> dict[str, str]:
        """Porter stems (DuckDB's `stem`, as the FTS index), remembered."""
        new = [t for t in dict.fromkeys(tokens) if t not in self._stem]
        if new:
            self._stem.update(stems(self.con, new))
        return self._stem

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

    def search(self, query: str, allowed: Sequence[int] | None = None) -> list[tuple[int, float]]:
        """`ranked` as (id, score) pairs."""
        ids, scores = self.ranked(query, allowed)
        return list(zip(ids.tolist(), scores.tolist(), strict=True))


def query_terms(query: str) -> list[str]:
    """Query words worth showing as evidence; "fault-tolerant" also gives its parts."""
    out: list[str] = []
    for w in words(query):
        out.append(w)
        if "-" in w:
            out += w.split("-")
    return [w for w in dict.fromkeys(out) if w not in STOPWORDS and w not in FILLER and len(w) > 1]


def expand(query: str, vocabulary: Collection[str]) -> str:
    """The query with the base's words that contain a query word as a part:
    "FP4" also asks for "nvfp4", "CUDA graphs" for "cudagraphs", "cudagraphs" for
    "cuda graphs". Parts are whole pieces: letters joined to digits ("fp4" in
    "nvfp4", "mxfp4"), or two query words written as one."""
    ws = [w for w in words(query) if w not in STOPWORDS]
    extra: list[str] = []
    for w in ws:
        if any(c.isdigit() for c in w) and any(c.isalpha() for c in w) and len(w) >= 3:
            extra += [
                v
                for v in vocabulary
                if v != w
                and (v.endswith(w) or v.startswith(w))
                and v.isalnum()
                and len(v) <= len(w) + 4
            ]
        elif w not in vocabulary and w.isalpha() and len(w) >= 6:
            for i in range(3, len(w) - 2):  # "cudagraphs" -> "cuda graphs"
                if w[:i] in vocabulary and w[i:] in vocabulary:
                    extra += [w[:i], w[i:]]
                    break
    for a, b in zip(ws, ws[1:], strict=False):
        if a + b in vocabulary:
            extra.append(a + b)
    extra = [e for e in dict.fromkeys(extra) if e not in ws]
    return " ".join([query, *extra]) if extra else query


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
    con: duckdb.DuckDBPyConnection | Bm25Index,
    query: str,
    texts: Mapping[int, str | list[str]],
) -> dict[int, tuple[str, ...]]:
    """For each talk text (or its `words`), the query terms it contains (compared by
    Porter stem). Given a `Bm25Index`, its remembered stems are used (no database call)."""
    terms = query_terms(query)
    per_text = {tid: words(text) if isinstance(text, str) else text for tid, text in texts.items()}
    known = con.__dict__.setdefault("_have", {}) if isinstance(con, Bm25Index) else {}
    every = terms + [w for tid, ws in per_text.items() if tid not in known for w in ws]
    stem_of = con.stem_all(every) if isinstance(con, Bm25Index) else stems(con, every)
    out: dict[int, tuple[str, ...]] = {}
    for tid, ws in per_text.items():
        have = known.get(tid)
        if have is None:  # the talk's stems and hyphen parts, remembered by the index
            have = {stem_of[w] for w in ws}
            have |= {p for w in ws for p in w.split("-")}  # "fault-tolerant" matches "fault"
            if isinstance(con, Bm25Index):
                known[tid] = have
        found = [t for t in terms if stem_of[t] in have or t in have]
        # a matched whole ("fault-tolerant") makes its parts redundant
        out[tid] = tuple(t for t in found if not any(t != f and t in f.split("-") for f in found))
    return out

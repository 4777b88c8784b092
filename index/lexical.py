"""Lexical BM25 through DuckDB's FTS extension, and the terms a talk matched."""

from __future__ import annotations

from collections.abc import Sequence

import duckdb

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
    params: list[object] = [lexical_query(query)]
    if allowed is not None:
        if not allowed:
            return []
        where = "AND id IN (SELECT unnest(?::BIGINT[]))"
        params.append(list(allowed))
    rows = con.execute(
        f"""
        SELECT id, score FROM (
            SELECT id, fts_main_talks.match_bm25(id, ?) AS score FROM talks
        ) WHERE score IS NOT NULL {where}
        ORDER BY score DESC, id
        """,
        params,
    ).fetchall()
    return [(int(i), float(s)) for i, s in rows]


def query_terms(query: str) -> list[str]:
    """Query words worth showing as evidence; "fault-tolerant" also gives its parts."""
    out: list[str] = []
    for w in words(query):
        out.append(w)
        if "-" in w:
            out += w.split("-")
    return [w for w in dict.fromkeys(out) if w not in STOPWORDS and len(w) > 1]


def stems(con: duckdb.DuckDBPyConnection, tokens: Sequence[str]) -> dict[str, str]:
    uniq = list(dict.fromkeys(tokens))
    if not uniq:
        return {}
    row = con.execute(
        "SELECT list_transform(?::VARCHAR[], x -> stem(x, 'porter'))", [uniq]
    ).fetchone()
    out = row[0] if row else uniq
    return dict(zip(uniq, out, strict=True))


def matched_terms(
    con: duckdb.DuckDBPyConnection, query: str, texts: dict[int, str]
) -> dict[int, tuple[str, ...]]:
    """For each talk text, the query terms it contains (compared by Porter stem)."""
    terms = query_terms(query)
    per_text = {tid: words(text) for tid, text in texts.items()}
    stem_of = stems(con, terms + [w for ws in per_text.values() for w in ws])
    out: dict[int, tuple[str, ...]] = {}
    for tid, ws in per_text.items():
        have = {stem_of[w] for w in ws}
        have |= {p for w in ws for p in w.split("-")}  # "fault-tolerant" matches "fault"
        found = [t for t in terms if stem_of[t] in have or t in have]
        # a matched whole ("fault-tolerant") makes its parts redundant
        out[tid] = tuple(t for t in found if not any(t != f and t in f.split("-") for f in found))
    return out

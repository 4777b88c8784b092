"""The words a search leaves out: those a new build's lexical index leaves out
(`index_stopwords`: DuckDB FTS's English stopwords, so both rank alike, less the
`KEPT_WORDS` that name things at a technical conference, "Go" first), and a
query's conversational filler (`FILLER`, `lexical_query`: "talks about", "I'm
looking for", and "go" said as a verb)."""

from __future__ import annotations

import duckdb

from index.store.disk import fts_extension_path

# Words people wrap their question in ("talks about ...", "any sessions on ...", "how
# do I get started with ..."). They say nothing about the topic, yet "talk" and
# "session" occur in abstracts, and "started" made "how do I get started as a
# contributor" match the demo's talks that say "start" before its contributing one.
FILLER = frozenset(
    """talk talks session sessions presentation presentations speaker speakers about any
    anything something related regarding interested looking find show me want i i'm im
    please there are is which what who where get getting started""".split()
)


def lexical_query(query: str) -> str:
    """The query without conversational filler (and "go" said as a verb: "should I
    go", "go beyond"); the query itself if nothing is left."""
    said = [w.lower().strip("?.,!:;\"'") for w in query.split()]
    kept = [
        w
        for i, (w, low) in enumerate(zip(query.split(), said, strict=True))
        if low not in FILLER and not _go_verb(said, i)
    ]
    return " ".join(kept) or query


def _go_verb(said: list[str], i: int) -> bool:
    """Whether said[i] is "go" as a verb rather than the language."""
    if said[i] != "go":
        return False
    before, after = (said[i - 1] if i else ""), (said[i + 1] if i + 1 < len(said) else "")
    return before in GO_SUBJECTS or after in GO_WHERE


GO_SUBJECTS = frozenset("i we you should can could let's lets".split())  # "should I go"
GO_WHERE = frozenset("through beyond about deeper further".split())  # "go beyond"


# Words of DuckDB's English list that name things at a technical conference: the Go
# language, "zero trust", "zero-copy", "self-hosted". A new build indexes them. (Not
# "c" or "r": on FOSDEM 2019 a lone letter found C#, C++ and "R&D" alike.)
KEPT_WORDS = frozenset({"go", "zero", "self"})


def index_stopwords() -> frozenset[str]:
    """The stopwords a new build leaves out of its index (and so every query of it):
    DuckDB FTS's English ones but `KEPT_WORDS`. A build keeps the list it was made
    with (`stopwords.txt`), so a base built before ranks as it did."""
    return english_stopwords() - KEPT_WORDS


def english_stopwords() -> frozenset[str]:
    """DuckDB FTS's English stopwords (read from the extension, so both agree)."""
    con = duckdb.connect()
    try:
        con.execute(f"LOAD '{fts_extension_path()}'")
        con.execute("CREATE TABLE t (id INTEGER, x VARCHAR)")
        con.execute("PRAGMA create_fts_index('t', 'id', 'x', stopwords='english')")
        return frozenset(
            r[0] for r in con.execute("SELECT sw FROM fts_main_t.stopwords").fetchall()
        )
    finally:
        con.close()

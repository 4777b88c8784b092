"""The words a search leaves out: those a new build's lexical index leaves out
(`index_stopwords`: DuckDB FTS's English stopwords, so both rank alike, less the
`KEPT_WORDS` that name things at a technical conference, "Go" first; and the function
words of each other language the program is written in, `own_stopwords`), and a
query's conversational filler (`FILLER`, `lexical_query`: "talks about", "I'm
looking for", and "go" said as a verb)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import duckdb

from index.search.rank.tokens import tokenize
from index.store.disk import fts_extension_path
from talkbase.core.terms import fold

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


def index_stopwords(own: Iterable[str] = ()) -> frozenset[str]:
    """The stopwords a new build leaves out of its index (and so every query of it):
    DuckDB FTS's English ones but `KEPT_WORDS`, and `own` (`own_stopwords`). A build
    keeps the list it was made with (`stopwords.txt`), so a base built before ranks
    as it did."""
    return (english_stopwords() - KEPT_WORDS) | frozenset(own)


# -- the program's own languages ---------------------------------------------------
#
# A program in Italian (or half in it) has Italian function words in every abstract:
# "per", "della", "che" matched as if they were topics. Each language the program is
# written in (`talkbase.core.languages.own_languages`: a tenth of its talks or more)
# adds its stop words, from the `stop-words` package's lists (BSD-3-Clause), as far as
# the base itself shows them to be: a listed word common in the talks of that language
# (COMMON_SHARE) and not held by a larger share of the talks in other languages ("fine"
# of English "fine-tuning" beside Italian's "alla fine"). A rarer listed word says
# something there ("per chi è alle prime armi": for beginners) and keeps its BM25
# weight. The base decides it once, when its lexical index is made
# (index/build/lexicon.py).


@functools.cache
def listed(code: str) -> tuple[str, ...]:
    """The stop words of the language `code` ("it") as its list writes them; none for a
    language without a list."""
    import stop_words

    try:
        return tuple(stop_words.get_stop_words(code))
    except stop_words.StopWordError:
        return ()


@functools.cache
def language_list(code: str) -> frozenset[str]:
    """The stop words of the language `code` ("it"), as the index tokenizes them
    (lowercase, accents off, "all'" -> "all"; an Arabic word also without its article,
    "الذي" -> "ذي", as an index cuts it from `tokens.TOKENS` 3 on; a word with its
    letters' marks whole, "के", as an index cuts it from `TOKENS` 4 on, and as one made
    before and the query's readers cut it, "क"); empty for a language without a list."""
    return frozenset(
        w
        for word in listed(code)
        for cut in (False, True)
        for w in tokenize(word, (), articles=cut, marks=cut)
    )


@functools.cache
def written_list(code: str) -> frozenset[str]:
    """The stop words of the language `code` as whole words, folded (`fold`: "को",
    "dalam"), to know them in a topic as written (`language_list` cuts some as the
    index does: "को" is "क" there)."""
    return frozenset(fold(w) for w in listed(code))


# A listed word leaves the index only where it is common: held by at least this share of
# the talks in its language. A rarer one keeps the weight BM25 gives it there.
COMMON_SHARE = 0.2


def own_stopwords(
    languages: Sequence[str], talks: Iterable[tuple[str | None, Sequence[str]]]
) -> frozenset[str]:
    """The stop words of the program's own `languages` (not English) that the base
    keeps out: for each, its list's words held by at least COMMON_SHARE of its talks
    and by no larger share of the talks in other languages. `talks` gives each
    talk's language (None when unknown) and its tokens."""
    listed = {code: language_list(code) for code in languages}
    every = frozenset().union(*listed.values())
    if not every:
        return frozenset()
    held: dict[str | None, dict[str, int]] = {}
    sizes: dict[str | None, int] = {}
    for language, tokens in talks:
        sizes[language] = sizes.get(language, 0) + 1
        counts = held.setdefault(language, {})
        for w in every.intersection(tokens):
            counts[w] = counts.get(w, 0) + 1
    total = sum(sizes.values())
    out: set[str] = set()
    for code, words in listed.items():
        mine, theirs = sizes.get(code, 0), total - sizes.get(code, 0)
        for w in words:
            in_mine = held.get(code, {}).get(w, 0)
            in_theirs = sum(c.get(w, 0) for lang, c in held.items() if lang != code)
            common = in_mine > 0 and in_mine >= COMMON_SHARE * mine
            if common and (not theirs or in_mine * theirs >= in_theirs * mine):
                out.add(w)
    return frozenset(out)


@functools.cache
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

"""Writing a build's lexical index (read by index/search/rank/lexical.py): each talk's
title, abstract, speakers, track and notes tokenized as DuckDB's FTS index does
(English stopwords, Porter stems), in postings segments of SEGMENT_TALKS talks
(index/store/postings.py); a changing base shares its previous segments and
marks its removed talks dead.

The stop words are decided when an index is made, for the languages the program is
written in (`languages`, recorded in the manifest): English's, and those of each of
its own languages the base shows to be function words (rank/stopwords.py's
`own_stopwords`). A change that alters those languages makes the index anew
(`fits`); any other keeps the index's stop words, so its segments stay comparable.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

import duckdb
import numpy as np

from index.search.rank.lexical import index_languages, index_tokens, stems, stored_stopwords
from index.search.rank.stopwords import index_stopwords, own_stopwords
from index.search.rank.tokens import TOKENS, tokenize
from index.store import files as sf
from index.store.postings import Postings, build_segment


def index_text(
    title: str, abstract: str, speakers_text: str, track: str | None, notes_text: str
) -> str:
    """What the lexical index reads of a talk: the fields DuckDB's FTS index read."""
    return " ".join(x for x in (title, abstract, speakers_text, track or "", notes_text) if x)


SEGMENT_TALKS = 20_000  # talks tokenized (and held) at a time
Talks = Callable[[], Iterable[tuple[int, str, str | None]]]  # (id, index_text, language)


def fits(build: Any, languages: Sequence[str]) -> bool:
    """Whether `build`'s lexical index was made for the program's `languages`
    (talkbase.core.languages.own_languages) and cut into words as text is now
    (index/search/rank/tokens.py's `TOKENS`): else the index is made anew."""
    return index_languages(build) == tuple(languages) and index_tokens(build) == TOKENS


def _cut(text: str, stopwords: Collection[str]) -> list[str]:
    """`text`'s words as a new index cuts them (`TOKENS`: Arabic words without their
    article, a word going on through its letters' marks)."""
    return tokenize(text, stopwords, articles=True, marks=True)


def extend_index(
    folder: Any,
    previous: Any,
    talks: Talks,
    removed: Collection[int],
    con: duckdb.DuckDBPyConnection,
    name: str,
    languages: Sequence[str] = (),
) -> dict[str, Any]:
    """Write the lexical index of a new build into `folder`: the segments of
    `previous` (a store.Build of format 3, or None) hard-linked, with the talks
    `removed` marked dead, and new segments for `talks()` ((id, index_text,
    language)); an index made anew (no `previous`) leaves out the stop words of
    `languages` too (read twice then: the base decides which). Returns what the
    manifest records."""
    meta = previous.manifest.lexical if previous is not None else None
    lexdir = folder / sf.LEXICAL_DIR
    if isinstance(meta, dict):
        languages = index_languages(previous)
        old = previous.path
        stopwords = stored_stopwords(previous)
        lexicon = sf.load_lines(old / sf.LEXICAL_DIR / "lexicon.txt")
        names = list(meta["segments"])
        segments = [sf.load_segment(old, n) for n in names]
        for n in names:
            for rel in sf.segment_files(n):
                sf.share(old / rel, folder / rel)
        dead_before = sf.load_array(old / sf.LEXICAL_DIR / "dead.npy")
        dead = dead_before
        if removed:
            gone = Postings(segments, dead_before).positions_of(list(removed))
            dead = np.union1d(dead_before, gone)
    else:
        own = (
            own_stopwords(languages, ((lang, _cut(text, ())) for _, text, lang in talks()))
            if languages
            else frozenset()
        )
        stopwords, lexicon, names = index_stopwords(own), [], []
        dead = np.zeros(0, np.int64)
    term_id = {stem: i for i, stem in enumerate(lexicon)}
    id_of: dict[str, int] = {}  # token -> term id (of its stem)
    pending = ((tid, text) for tid, text, _ in talks())
    for lo in itertools.count(0, SEGMENT_TALKS):
        part = list(itertools.islice(pending, SEGMENT_TALKS))
        if not part:
            break
        docs: list[np.ndarray] = []
        for a in range(0, len(part), 2_000):  # tokens live as strings only briefly
            tokens = [_cut(text, stopwords) for _, text in part[a : a + 2_000]]
            fresh = sorted({w for d in tokens for w in d if w not in id_of})
            for token, stem in stems(con, fresh).items():
                if stem not in term_id:
                    term_id[stem] = len(lexicon)
                    lexicon.append(stem)
                id_of[token] = term_id[stem]
            docs += [np.fromiter((id_of[w] for w in d), np.int32, len(d)) for d in tokens]
        seg_name = f"{name}-{lo // SEGMENT_TALKS}"
        segment = build_segment([tid for tid, _ in part], docs, len(lexicon))
        sf.save_segment(folder, seg_name, segment)
        names.append(seg_name)
    sf.save_lines(lexdir / "lexicon.txt", lexicon)
    sf.save_lines(lexdir / "stopwords.txt", sorted(stopwords))
    sf.save_array(lexdir / "dead.npy", np.asarray(dead, dtype=np.int64))
    return {
        "segments": names,
        "terms": len(lexicon),
        "dead": len(dead),
        "languages": list(languages),
        "own_stopwords": len(stopwords - index_stopwords()),
        "tokens": TOKENS,
    }

"""Writing a build's lexical index (read by index/search/rank/lexical.py): each talk's
title, abstract, speakers, track and notes tokenized as DuckDB's FTS index does
(English stopwords, Porter stems), in postings segments of SEGMENT_TALKS talks
(index/store/postings.py); a changing base shares its previous segments and
marks its removed talks dead.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable
from typing import Any

import duckdb
import numpy as np

from index.search.rank.lexical import stems, tokenize
from index.search.rank.stopwords import index_stopwords
from index.store import files as sf
from index.store.postings import Postings, build_segment


def index_text(
    title: str, abstract: str, speakers_text: str, track: str | None, notes_text: str
) -> str:
    """What the lexical index reads of a talk: the fields DuckDB's FTS index read."""
    return " ".join(x for x in (title, abstract, speakers_text, track or "", notes_text) if x)


SEGMENT_TALKS = 20_000  # talks tokenized (and held) at a time


def extend_index(
    folder: Any,
    previous: Any,
    talks: Iterable[tuple[int, str]],
    removed: Collection[int],
    con: duckdb.DuckDBPyConnection,
    name: str,
) -> dict[str, Any]:
    """Write the lexical index of a new build into `folder`: the segments of
    `previous` (a store.Build of format 3, or None) hard-linked, with the talks
    `removed` marked dead, and new segments for `talks` ((id, index_text) pairs).
    Returns what the manifest records."""
    meta = previous.manifest.lexical if previous is not None else None
    lexdir = folder / sf.LEXICAL_DIR
    if isinstance(meta, dict):
        old = previous.path
        stopwords = frozenset(sf.load_lines(old / sf.LEXICAL_DIR / "stopwords.txt"))
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
        stopwords, lexicon, names, dead = index_stopwords(), [], [], np.zeros(0, np.int64)
    term_id = {stem: i for i, stem in enumerate(lexicon)}
    id_of: dict[str, int] = {}  # token -> term id (of its stem)
    pending = iter(talks)
    for lo in itertools.count(0, SEGMENT_TALKS):
        part = list(itertools.islice(pending, SEGMENT_TALKS))
        if not part:
            break
        docs: list[np.ndarray] = []
        for a in range(0, len(part), 2_000):  # tokens live as strings only briefly
            tokens = [tokenize(text, stopwords) for _, text in part[a : a + 2_000]]
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
    return {"segments": names, "terms": len(lexicon), "dead": len(dead)}

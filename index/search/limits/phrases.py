"""Phrases a talk must hold ("fault tolerance" in quotes) and words it must not
(-nccl), compared as `vocab.plain_text`: lower case, no accents, words apart.

A talk holding a phrase holds each of its words, so the lexical index names the
talks worth reading (`holding`); only those are read and checked exactly. Talks
whose text is ASCII are checked without being rewritten (`PhraseTest`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Any

import duckdb
import numpy as np

from index.search.read.vocab import plain_text
from index.store import reads


def limit(
    con: duckdb.DuckDBPyConnection,
    index: Any,
    everyone: np.ndarray,
    phrases: Sequence[str],
    excluded: Sequence[str],
    pool: set[int] | None,
) -> set[int]:
    """The talks of `pool` (of `everyone`, the base's ids ascending, when None) whose
    text holds every phrase and none of the excluded words. `index` is the base's
    lexical index (`lexical.open_index`), `con` its database."""
    test = PhraseTest(phrases, excluded)
    within = None if pool is None else np.fromiter(pool, np.int64, len(pool))

    def read(ids: np.ndarray) -> Iterator[tuple[int, str]]:
        ids = ids if within is None else ids[np.isin(ids, within)]
        return texts(con, ids, len(everyone))

    if test.want:
        found = holding(index, test.words())
        return {tid for tid, text in read(everyone if found is None else found) if test(text)}
    if not test.avoid:  # phrases of punctuation only ask nothing
        return set(everyone.tolist()) if pool is None else pool
    suspects = [holding(index, p.split()) for p in test.avoid]
    check = np.unique(np.concatenate([everyone if h is None else h for h in suspects]))
    dropped = {tid for tid, text in read(check) if not test(text)}
    return (set(everyone.tolist()) if pool is None else pool) - dropped


def holding(index: Any, words: Collection[str]) -> np.ndarray | None:
    """Ids of the talks the lexical index finds every one of `words` in (compared by
    stem: a superset of the talks holding them as written), or None when it indexes
    none of them (stopwords only)."""
    tokens = list(dict.fromkeys(t for w in words for t in index.tokens(w)))
    if not tokens:
        return None
    mask = np.ones(len(index.ids), dtype=bool)
    for token in tokens:
        mask &= index.scores(token) > 0
    return np.asarray(index.ids[mask], dtype=np.int64)


def texts(con: duckdb.DuckDBPyConnection, ids: np.ndarray, total: int) -> Iterator[tuple[int, str]]:
    """(id, text) of the talks `ids` (ascending) of a base of `total` talks: read by id
    a batch at a time, or in one pass over the table when they are most of it."""
    if len(ids) > total // 4:
        wanted = set(ids.tolist())
        for batch in reads.all_talk_texts(con):
            yield from ((tid, text) for tid, text in batch if tid in wanted)
        return
    for lo in range(0, len(ids), reads.BATCH):
        yield from reads.talk_texts(con, ids[lo : lo + reads.BATCH].tolist())


class PhraseTest:
    """Whether a text holds every phrase of `want` and none of `avoid`, compared as
    `plain_text` (" fault tolerance " in the plain text). ASCII text is searched with
    an equivalent regular expression instead of being rewritten: the same answer,
    several times faster over many talks. Phrases without a word are left out."""

    def __init__(self, want: Iterable[str], avoid: Iterable[str] = ()) -> None:
        self.want = [p for p in map(plain_text, want) if p]
        self.avoid = [p for p in map(plain_text, avoid) if p]
        self._want_re = [_phrase_re(p) for p in self.want]
        self._avoid_re = [_phrase_re(p) for p in self.avoid]

    def __call__(self, text: str) -> bool:
        if text.isascii():
            low = text.lower()
            return all(_holds(low, *r) for r in self._want_re) and not any(
                _holds(low, *r) for r in self._avoid_re
            )
        plain = f" {plain_text(text)} "
        return all(f" {p} " in plain for p in self.want) and not any(
            f" {p} " in plain for p in self.avoid
        )

    def words(self) -> list[str]:
        """The words of the phrases a text must hold."""
        return [w for p in self.want for w in p.split()]


def _phrase_re(phrase: str) -> tuple[str, re.Pattern[str]]:
    """A plain phrase's first word, and the phrase as words in a row with anything but
    letters and digits between them, ending a word: in lower-case ASCII text, what
    `plain_text` joins by a space."""
    words = phrase.split()
    return words[0], re.compile(r"\W+".join(map(re.escape, words)) + r"\b")


def _holds(low: str, first: str, phrase: re.Pattern[str]) -> bool:
    """Whether lower-case ASCII `low` holds `phrase` starting at a word's start. The
    first word is found by plain substring search (far faster than a regex scan)."""
    at = low.find(first)
    while at >= 0:
        if (at == 0 or not (low[at - 1].isalnum() or low[at - 1] == "_")) and phrase.match(low, at):
            return True
        at = low.find(first, at + 1)
    return False

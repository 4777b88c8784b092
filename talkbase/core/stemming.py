"""Words of one language compared by their stem: "Podiumsdiskussionen" is
"Podiumsdiskussion", "Führungen" "Führung", "lezingen" "lezing", "conferenze"
"conferenza", whatever plural or ending a language gives them -- but not another
word of the same stem ("networks" and "Networking", "breaking" and "Break": only an
ending of a letter or two, `a_form_of`).

A language's stemmer is Snowball's (the `snowballstemmer` package, pure Python) of
that language, found by its English name (`languages.english_name`: "de" -> "german");
a language Snowball has no rules for has no stems here, and its words compare as
written. Words are folded first (`terms.fold`: case and accents off), as the reader
compares them, so "Vorträge" and "vortrag" stem alike.

Used where a program's own names are matched against what a visitor typed (its
session types: index/search/read/understand.py), never to rank by: stems in every
language of a program were measured for ranking and left out (docs/quality.md).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from talkbase.core.languages import english_name
from talkbase.core.terms import fold

_LOCK = threading.Lock()  # a Snowball stemmer keeps its word in itself while it works


@lru_cache(maxsize=64)
def _stemmer(code: str) -> Any | None:
    """Snowball's stemmer of the language `code` (ISO 639-1), or None."""
    import snowballstemmer

    name = (english_name(code) or "").lower()
    return snowballstemmer.stemmer(name) if name in snowballstemmer.algorithms() else None


@lru_cache(maxsize=20_000)
def stem(word: str, code: str) -> str:
    """`word` folded and stemmed by the rules of the language `code` (folded alone
    where Snowball has none for it)."""
    folded = fold(word)
    stemmer = _stemmer(code)
    if stemmer is None:
        return folded
    with _LOCK:
        return str(stemmer.stemWord(folded))


# how a word's other form may differ from it at its end: its last letter changed or
# dropped, and at most this many letters added ("Führung" -> "Führungen", "conferenza"
# -> "conferenze", "laboratorio" -> "laboratori"); a longer ending makes another word
# of the same stem ("networking" is no "networks", "Vortragende" no "Vorträge")
ENDING_LETTERS = 2


def a_form_of(word: str, other: str, codes: Iterable[str]) -> bool:
    """Whether `word` is `other` in another form (a plural, another ending of the same
    word): the same stem in one of the languages `codes`, and the same letters but
    for the end (`ENDING_LETTERS`)."""
    a, b = fold(word), fold(other)
    if a == b:
        return True
    if a[: len(b) - 1] != b[:-1] or not -1 <= len(a) - len(b) <= ENDING_LETTERS:
        return False
    return any(stem(a, c) == stem(b, c) for c in codes)


def same_words(said: Iterable[str], named: Iterable[str], codes: Iterable[str]) -> bool:
    """Whether the words `said` are the words `named`, one by one, each a form of the
    other (`a_form_of`)."""
    a, b = list(said), list(named)
    if len(a) != len(b) or not a:
        return False
    return all(a_form_of(x, y, codes) for x, y in zip(a, b, strict=True))

"""What a knowledge base holds, for reading queries: its days, rooms, tracks,
formats, people, organisations (under all their spellings) and words, built once
per base from its talks; and "did you mean" for words it does not hold.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from talkbase.records import Talk

COMMON_SHARE = 0.4  # a word in more of the talks than this does not make a match alone
COMMON_MIN_TALKS = 20  # in a smaller base every shared word counts
_PARTS_SPLIT = re.compile(r"[.+-]")


def norm(text: str) -> str:
    if text.isascii():
        return text.casefold()
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def word_tuple(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[\w][\w.+-]*[\w]|\w", norm(text)))


@dataclass
class Vocab:
    """The values a knowledge base holds, to recognise in queries. Built once per base."""

    days: tuple[date, ...] = ()
    rooms: dict[tuple[str, ...], str] = field(default_factory=dict)  # words -> room
    tracks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # track -> its words
    formats: tuple[str, ...] = ()
    speakers: dict[tuple[str, ...], str] = field(default_factory=dict)  # full name words -> name
    surnames: dict[str, str] = field(default_factory=dict)  # last name -> a full name
    orgs: dict[tuple[str, ...], str] = field(default_factory=dict)  # spelling words -> canonical
    timed: bool = False
    words: frozenset[str] = frozenset()  # every word of titles and abstracts
    common: frozenset[str] = frozenset()  # words in over COMMON_SHARE of the talks

    @classmethod
    def from_talks(cls, talks: Iterable[Talk]) -> Vocab:
        v = cls()
        days: set[date] = set()
        vocab_words: set[str] = set()
        org_names: set[str] = set()
        df: Counter[str] = Counter()
        n = 0
        for t in talks:
            n += 1
            if t.start is not None:
                v.timed = True
                days.add(t.start.date())
            if t.room:
                v.rooms[word_tuple(t.room)] = t.room
            if t.track:
                v.tracks[t.track] = word_tuple(t.track)
            if t.format and t.format not in v.formats:
                v.formats += (t.format,)
            for s in t.speakers:
                last, comma, first = s.name.partition(",")  # "Salton, G." is G. Salton
                key = word_tuple(f"{first} {last}" if comma else s.name)
                if len(key) >= 2 and len(key[-1]) >= 3:
                    if sum(len(w) >= 2 for w in key) >= 2:  # "I. M." is not a name to spot
                        v.speakers[key] = s.name
                    v.surnames.setdefault(key[-1], s.name)
                if s.affiliation:
                    org_names.update(o.name for o in _orgs_of(s.affiliation))
            own = set(word_tuple(f"{t.title} {t.abstract}"))
            own |= {p for w in own if not w.isalnum() for p in _PARTS_SPLIT.split(w) if p}
            vocab_words |= own
            df.update(own)
        v.days = tuple(sorted(days))
        for name in org_names:
            for spelling in _aliases(name):
                key = word_tuple(spelling)
                if key:
                    v.orgs.setdefault(key, name)
        v.words = frozenset(vocab_words)
        if n >= COMMON_MIN_TALKS:
            v.common = frozenset(w for w, c in df.items() if c > COMMON_SHARE * n)
        return v

    def weekdays(self) -> set[int]:
        return {d.weekday() for d in self.days}


def _orgs_of(text: str) -> tuple[Any, ...]:
    try:
        from ingest.orgs import orgs_of
    except ImportError:  # pragma: no cover - ingest/orgs.py ships with talkbase
        return ()
    return orgs_of(text)


def _aliases(name: str) -> tuple[str, ...]:
    try:
        from ingest.orgs import aliases
    except ImportError:  # pragma: no cover
        return (name,)
    return aliases(name) or (name,)


def plain_text(text: str) -> str:
    """Lower case, no accents, words separated by single spaces: for phrase tests."""
    return " ".join(re.findall(r"\w+", norm(text)))


def suggest(text: str, vocab: Vocab, skip: Collection[str] = ()) -> dict[str, str]:
    """ "Did you mean": each word of `text` the base does not know (and not in `skip`)
    that is one edit (two for words of ten letters or more) from a word it does know,
    starting with the same letter."""
    try:
        from rapidfuzz import process
        from rapidfuzz.distance import Levenshtein
    except ImportError:  # pragma: no cover - rapidfuzz is a dependency
        return {}
    known = vocab.__dict__.get("_known")
    if known is None:
        known = vocab.__dict__["_known"] = sorted(w for w in vocab.words if w.isalpha())
    seen: dict[str, str | None] = vocab.__dict__.setdefault("_suggested", {})
    out: dict[str, str] = {}
    for word in dict.fromkeys(word_tuple(text)):
        if len(word) < 4 or not word.isalpha() or word in vocab.words or word in skip:
            continue
        if _known_form(word, vocab.words):
            continue
        if word not in seen:
            limit = 2 if len(word) >= 10 else 1
            # typos rarely touch the first letter: "lightning" is not "fighting"
            same_start = [w for w in known if w[:1] == word[:1]]
            found = process.extractOne(
                word, same_start, scorer=Levenshtein.distance, score_cutoff=limit
            )
            seen[word] = found[0] if found else None
        if seen[word]:
            out[word] = seen[word]  # type: ignore[assignment]
    return out


def _known_form(word: str, words: frozenset[str]) -> bool:
    """A plural or a run of two known words ("cudagraphs") is no typo."""
    if word.endswith("s") and word[:-1] in words:
        return True
    return any(word[:i] in words and word[i:] in words for i in range(3, len(word) - 2))

"""Showings: one talk a program runs more than once (a workshop each morning, a lab
for children three times a day, a film at the opening night and again on Saturday)
is several records at several times. To a person they are one talk: recommending
another showing of a talk they saved, or listing the same talk twice among talks
like another one, is a slot wasted on news they already have.

Two talks are showings of one when their conference, speakers and abstract are the
same and the abstract says something (two "Lightning talks" or "Closing remarks"
slots with no abstract may hold anything, even with one host), and their titles are
one (`ingest.text.title_key`: case, accents and punctuation aside) or one is the
other's with a label set before it (`labelled`: "Eröffnung: Der Himmel über Berlin",
"Workshop: Rust for beginners", "【再演】Rustで作るWebサーバー"; never a numbered one,
"Part 2: Intro", a series' next part); or, with no abstract, a specific title and
the same speakers at the same instant (a keynote in two rooms at once, `simulcast`).
The same talk given at another conference of the base (a speaker's tour: `toured`)
is one too: the same specific title key and the same speakers, where their abstracts
do not differ (one copy may say none; two abstracts that differ may be two talks of
one title, a yearly "State of X"), and where no conference holds two talks of that
title and those speakers that are not one already.
`labels` numbers talks by that relation (joined through a third: "Opening: X", "X"
and "Encore: X" are one), `collapse` keeps the first of each and drops those of
talks already held. Every "same talk shown again" (similar, recommend and its
`--fits` and the app's "For you", bench/recommend.py) asks here; two records of one
talk in two documents are ingest's (`ingest.merge`), which keeps showings apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC

from ingest.text import generic_title, title_key
from talkbase.core.records import Talk

Key = tuple[str, str, tuple[str, ...], str]

# what ends a label set before a title: a colon or bar and a blank ("Eröffnung: ",
# "Kino | "), a dash between blanks, a full-width colon or bar, a closing bracket
# ("【再演】", "[Encore] ")
_LABEL_END = re.compile(
    r"\s*[:|]\s+|\s[-\u2013\u2014]\s+|\s*[\uff1a\uff5c]\s*|\s*[\]\u3011\u300d\u300f]\s*"
)
# a numeral of a series' part written in Roman figures, two letters or more ("II", "XIV")
_ROMAN = re.compile(r"(?=[ivx]{2})x{0,3}(?:ix|iv|v?i{0,3})")


def key(talk: Talk) -> Key | None:
    """What a talk shares with its other showings of one title; None where too little
    is said of it to tell (no abstract, and not `simulcast`)."""
    abstract = _abstract(talk)
    if not abstract:
        if not simulcast(talk):
            return None
        abstract = f"@{talk.start.astimezone(UTC).isoformat()}"  # type: ignore[union-attr]
    return (talk.conference or "", title_key(talk.title), _speakers(talk), abstract)


def _abstract(talk: Talk) -> str:
    return " ".join((talk.abstract or "").split())


def _speakers(talk: Talk) -> tuple[str, ...]:
    return tuple(sorted(s.name.casefold() for s in talk.speakers))


def simulcast(talk: Talk) -> bool:
    """Whether a talk with no abstract is still told by its title, speakers and start:
    a specific title (`ingest.text.generic_title`: not "Lightning talks"), speakers
    named, a start. The same at the same instant in another room is one talk shown
    in two (a keynote streamed to an overflow hall)."""
    return bool(
        talk.start is not None and talk.speakers and not generic_title(title_key(talk.title))
    )


def labelled(title: str, other: str) -> bool:
    """Whether `title` is `other` with a label set before it (`_LABEL_END`): "Eröffnung:
    Der Himmel über Berlin" of "Der Himmel über Berlin". The label has a letter and
    no numeral ("Part 2: Intro", "Teil II – Intro", "第2部：Intro" are a series' parts),
    and `other` is a specific title (`generic_title`: "Opening: Welcome" is no
    showing of "Welcome")."""
    return title_key(other) in _unlabelled(title)


def _unlabelled(title: str) -> set[str]:
    """The title keys of `title` less each label set before it, those of a specific
    title only (`labelled`)."""
    out = set()
    for end in _LABEL_END.finditer(title):
        bare = title_key(title[end.end() :])
        if _names(title[: end.start()]) and not generic_title(bare):
            out.add(bare)
    return out


def _names(label: str) -> bool:
    """A label that names (has a letter) and does not number (no numeral)."""
    words = title_key(label).split()
    return (
        any(c.isalpha() for c in label)
        and not any(c.isnumeric() for c in label)
        and not any(_ROMAN.fullmatch(w) for w in words)
    )


def labels(talks: Sequence[Talk]) -> list[int]:
    """One number per talk, the same for showings of one talk (0, 1, ... in order of
    first appearance); a talk `key` tells nothing of has one of its own."""
    found = [key(t) for t in talks]
    parent = list(range(len(talks)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[Key, int] = {}
    # conference, speakers and abstract -> title key -> the first talk of that key
    said: dict[tuple[str, tuple[str, ...], str], dict[str, int]] = {}
    for i, k in enumerate(found):
        if k is None:
            continue
        if k in first:
            parent[root(i)] = root(first[k])
            continue
        first[k] = i
        if _abstract(talks[i]):  # (`simulcast`'s instant is no text to share)
            said.setdefault((k[0], k[2], k[3]), {})[k[1]] = i
    for titled in said.values():  # a title less its label is looked up, not tried on each
        for i in titled.values():
            for bare in _unlabelled(talks[i].title) & titled.keys():
                parent[root(i)] = root(titled[bare])
    for members in toured(talks, root):
        for i in members[1:]:
            parent[root(i)] = root(members[0])
    number: dict[int, int] = {}
    return [number.setdefault(root(i), len(number)) for i in range(len(talks))]


def toured(talks: Sequence[Talk], root: Callable[[int], int]) -> list[list[int]]:
    """The positions of talks that are one talk given at several conferences (a tour),
    one list per talk: of one specific title key (`generic_title`: never "Keynote" or
    "Lightning talks") and the same speakers, named; no two abstracts that differ;
    at each conference one talk (`root`: the showings joined so far), so no tour joins
    two talks one program keeps apart."""
    by: dict[tuple[str, tuple[str, ...]], list[int]] = {}
    for i, t in enumerate(talks):
        if t.speakers and (k := title_key(t.title)) and not generic_title(k):
            by.setdefault((k, _speakers(t)), []).append(i)
    out = []
    for members in by.values():
        held: dict[str, set[int]] = {}
        for i in members:
            held.setdefault(talks[i].conference or "", set()).add(root(i))
        said = {a for i in members if (a := _abstract(talks[i]))}
        if len(held) > 1 and len(said) <= 1 and all(len(r) == 1 for r in held.values()):
            out.append(members)
    return out


def collapse(talks: Sequence[Talk], held: Iterable[Talk] = ()) -> list[bool]:
    """For each of `talks` in order: whether it is kept, i.e. it is neither a
    showing of a talk in `held` nor of one before it in `talks`."""
    held = list(held)
    number = labels([*held, *talks])
    seen = set(number[: len(held)])
    out = []
    for n in number[len(held) :]:
        out.append(n not in seen)
        seen.add(n)
    return out

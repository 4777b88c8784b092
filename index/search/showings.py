"""Showings: one talk a program runs more than once (a workshop each morning, a lab
for children three times a day) is several records at several times. To a person
they are one talk: recommending another showing of a talk they saved, or listing
the same talk twice among talks like another one, is a slot wasted on news they
already have.

Two talks are showings of one when their conference, title (`ingest.text.title_key`:
case, accents and punctuation aside), speakers and abstract are the same and the
abstract says something (two "Lightning talks" or "Closing remarks" slots with no
abstract may hold anything, even with one host), or, with no abstract, a specific
title and the same speakers at the same instant (a keynote in two rooms at once,
`simulcast`). `key` is that identity;
`collapse` keeps the first of each and drops those of talks already held.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC

from ingest.text import generic_title, title_key
from talkbase.core.records import Talk

Key = tuple[str, str, tuple[str, ...], str]


def key(talk: Talk) -> Key | None:
    """What a talk shares with its other showings; None where too little is said of
    it to tell (no abstract, and not `simulcast`)."""
    speakers = tuple(sorted(s.name.casefold() for s in talk.speakers))
    abstract = " ".join((talk.abstract or "").split())
    if not abstract:
        if not simulcast(talk):
            return None
        abstract = f"@{talk.start.astimezone(UTC).isoformat()}"  # type: ignore[union-attr]
    return (talk.conference or "", title_key(talk.title), speakers, abstract)


def simulcast(talk: Talk) -> bool:
    """Whether a talk with no abstract is still told by its title, speakers and start:
    a specific title (`ingest.text.generic_title`: not "Lightning talks"), speakers
    named, a start. The same at the same instant in another room is one talk shown
    in two (a keynote streamed to an overflow hall)."""
    return bool(
        talk.start is not None and talk.speakers and not generic_title(title_key(talk.title))
    )


def collapse(talks: Sequence[Talk], held: Iterable[Talk] = ()) -> list[bool]:
    """For each of `talks` in order: whether it is kept, i.e. it is neither a
    showing of a talk in `held` nor of one before it in `talks`."""
    seen = {k for k in map(key, held) if k is not None}
    out = []
    for talk in talks:
        k = key(talk)
        out.append(k is None or k not in seen)
        if k is not None:
            seen.add(k)
    return out

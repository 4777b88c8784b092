"""How the records of one talk compare their speakers: a speaker's surname in key
form (what a nearly equal title must share) and a person's key without the titles written
before the name."""

from __future__ import annotations

from ingest.text import name_key
from talkbase.core.names import surname_words, untitled
from talkbase.core.records import Talk


def _surnames(talk: Talk) -> set[str]:
    return {n for n in (surname(s.name) for s in talk.speakers) if n}


def surname(name: str) -> str:
    """A name's surname, its particles kept ("di vita" of "Luca Di Vita"; the rule is
    talkbase.core.names'), in key form: what fuzzy title matches must share."""
    return " ".join(surname_words(name_key(name).split()))


def _person(name: str) -> str:
    """A speaker's name as records of one talk are compared: its key, without the titles
    written before it (`names.untitled`: "Dr. Lena Fischer" is "lena fischer")."""
    return name_key(untitled(name))

"""The words the query reader reads by, per language, in one place.

English's are read in every base; another language's only where some talk of the
base is in it (`Vocab.languages`), so a word of one language is never a cue in a
program of another ("no" is Italian and Spanish for "not", and an English word).
Days, parts of the day and language names come from CLDR instead
(talkbase/core/languages.py); this holds what CLDR does not: how people say to
leave something out, and what they call a room.

Each entry is a tuple of words said in a row.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class LeaveOut:
    """How a language says to leave something out."""

    # before words or a limit: "but not Rust", "except Sunday morning", "tranne sabato"
    words: tuple[tuple[str, ...], ...] = ()
    # before a limit only (otherwise a word of the topic): "not on Saturday", "skip sunday"
    limits: tuple[tuple[str, ...], ...] = ()
    # after a limit: "sunday excluded", "domenica esclusa"
    after: tuple[tuple[str, ...], ...] = ()


LEAVE_OUT: dict[str, LeaveOut] = {
    "en": LeaveOut(
        words=(
            ("but", "not"),
            ("except", "for"),
            ("except",),
            ("excluding",),
            ("other", "than"),
            ("not", "about"),  # "security talks not about containers"
            ("aren't", "about"),  # "Rust talks that aren't about embedded"
            ("arent", "about"),
        ),
        limits=(
            ("cannot", "make"),
            ("can't", "make"),
            ("cant", "make"),
            ("can't", "do"),
            ("stay", "out", "of"),
            ("anything", "but"),
            ("not",),
            ("isn't",),
            ("isnt",),
            ("aren't",),
            ("no",),
            ("nothing",),
            ("avoid",),
            ("avoiding",),
            ("skip",),
            ("skipping",),
            ("outside",),
            ("miss",),
        ),
        after=(("excluded",),),
    ),
    "it": LeaveOut(
        words=(("ma", "non"), ("tranne",), ("eccetto",), ("salvo",), ("escluso",), ("esclusa",)),
        limits=(("non",), ("no",), ("niente",), ("evitando",), ("evita",), ("senza",), ("fuori",)),
        after=(("escluso",), ("esclusa",), ("esclusi",), ("escluse",)),
    ),
    "de": LeaveOut(
        words=(("aber", "nicht"), ("außer",), ("ausser",)),
        limits=(("nicht",), ("kein",), ("keine",), ("ohne",)),
        after=(("ausgenommen",),),
    ),
    "fr": LeaveOut(
        words=(("mais", "pas"), ("sauf",), ("excepté",), ("hormis",)),
        limits=(("pas",), ("sans",), ("hors",), ("éviter",)),
        after=(("exclu",), ("exclus",), ("exclue",)),
    ),
    "es": LeaveOut(
        words=(("pero", "no"), ("excepto",), ("salvo",), ("menos",)),
        limits=(("no",), ("sin",), ("evitando",)),
        after=(("excluido",), ("excluida",), ("excluidos",)),
    ),
}

# What people call a room, said before or after its name ("room K.3.201", "the Lameere
# room", "sala MOV", "palco XOR", "the XOR stage")
ROOM_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("room", "hall", "stage", "track room"),
    "it": ("sala", "aula", "palco", "stanza"),
    "de": ("raum", "saal", "bühne", "buehne"),
    "fr": ("salle", "scène", "scene", "amphi"),
    "es": ("sala", "aula", "escenario"),
}


# Words that join the items of a list: "rust, go or zig", "Alice and Bob"
LISTING = frozenset((",", "and", "or"))

# Words before a place: "in K.3.201", "at the Lameere room"
AT_PLACE = ("in", "at")
PLACE_CUES = frozenset((*AT_PLACE, "the"))


# Session types so generic that a program's own type of that name ("Talk", "session")
# is never read from the words without a cue: every query says "talks"
GENERIC_SESSION_WORDS = frozenset(("talk", "session", "presentation", "lecture", "event"))


def _of(languages: Collection[str]) -> list[str]:
    return ["en", *(code for code in sorted(languages) if code != "en")]


def leave_out(languages: frozenset[str]) -> LeaveOut:
    """The ways to leave something out in English and the given languages, longest
    cue first within each kind (so "but not" is read before "not"); made once per set
    of languages (every query asks)."""
    return _leave_out(languages)


@lru_cache(maxsize=64)
def _leave_out(languages: frozenset[str]) -> LeaveOut:
    kinds: dict[str, list[tuple[str, ...]]] = {"words": [], "limits": [], "after": []}
    for code in _of(languages):
        entry = LEAVE_OUT.get(code)
        if entry is not None:
            for kind, cues in kinds.items():
                cues.extend(c for c in getattr(entry, kind) if c not in cues)
    return LeaveOut(**{k: tuple(sorted(v, key=len, reverse=True)) for k, v in kinds.items()})


@lru_cache(maxsize=64)
def room_words(languages: frozenset[str]) -> frozenset[str]:
    """The words for a room in English and the given languages (one word each); made
    once per set of languages (the room reader asks at every token)."""
    return frozenset(w for code in _of(languages) for w in ROOM_WORDS.get(code, ()) if " " not in w)

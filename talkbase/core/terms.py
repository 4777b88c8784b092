"""The shared vocabularies: words more than one layer knows, said once.

Weekdays (query understanding, filters), session formats (the parsers that
strip "Keynote: " from a title, the blog parser's format lines, the words a
query names a format with), and the search modes.
"""

from __future__ import annotations

import re
import unicodedata

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WEEKDAY_ABBREVIATIONS = tuple(d[:3] for d in WEEKDAYS)  # "mon" ... "sun"

# Session formats as programs write them, before a title ("Keynote: ...") or on
# a line of their own (a blog post's format line).
SESSION_FORMATS = (
    "Birds of a Feather",
    "BoF",
    "Keynote",
    "Panel",
    "Lightning Talk",
    "Tutorial",
    "Workshop",
    "Poster",
    "Demo",
    "Demo Theater",
    "Community Expo",
)
# The formats a query names (lowercase), and the words a talk's format may use for it
# (each a word's start there: "lightning" is FOSDEM's "lightningtalk").
FORMAT_WORDS: dict[str, tuple[str, ...]] = {
    "keynote": ("keynote",),
    "bof": ("bof", "birds of a feather"),
    "birds of a feather": ("bof", "birds of a feather"),
    "demo": ("demo",),
    "lightning": ("lightning",),
    "workshop": ("workshop",),
    "panel": ("panel",),
    "tutorial": ("tutorial",),
    "poster": ("poster",),
    "main track": ("main track", "maintrack"),
}

HYBRID = "hybrid"  # every ranking signal, fused
MODES = (HYBRID, "lexical", "dense", "multilingual")  # hybrid, or one signal's list alone


def formats_pattern(names: tuple[str, ...] = SESSION_FORMATS) -> str:
    """A regex alternation of `names`, longest first (so "Demo Theater" wins over "Demo")."""
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


def singular(word: str) -> str:
    """A lower-case word without its plural "s", so a word and its plural compare
    equal ("collectives", "collective"); "class" and short words ("gps") stay."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def fold(text: str) -> str:
    """`text` as words compare: case folded, accents dropped ("Müller" -> "muller")."""
    if text.isascii():
        return text.casefold()
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()

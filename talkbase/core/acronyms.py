"""Acronyms a program defines in its own words: "a Unified Kernel Image (UKI)",
"UKI (Unified Kernel Image)", "large language models (LLMs)".

A pair counts only when the acronym's letters are the initials of the words
before (or inside) the brackets, in order, small words ("of", "and") free to
give a letter or not: "software bill of materials (SBOM)" is one, "Kubernetes
(K8s)" and "the looks of something created (mostly)" are none. The acronym is
kept as its letters ("UKIs" -> "uki", "RTOS" -> "rtos"), the long form as word
keys (lower case, no accents, plural "s" dropped), so a query saying "unified
kernel images" finds "uki".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from talkbase.core.terms import fold, singular

SMALL_WORDS = frozenset("a an and as at by de for in of on or the to with".split())
_BRACKETS = re.compile(r"\(([^()]{2,80})\)")
_SHORT = re.compile(r"[A-Z][A-Za-z0-9]{1,7}")
_WORD = re.compile(r"[^\W_]+(?:[-‐'’][^\W_]+)*")  # "Retrieval-Augmented" is one
MAX_EXTRA_WORDS = 3  # small words a long form may hold beyond one per letter

Pair = tuple[str, tuple[str, ...]]  # (acronym's `_letters`, long form's word keys)


def key(word: str) -> str:
    """A word as acronyms compare it: lower case, no accents, no plural "s"."""
    return singular(fold(word))


def _is_short(text: str) -> bool:
    """An acronym as programs write one: 2-8 letters or digits, starting with a
    capital, holding two capitals at least ("UKI", "LLMs", "GraalVM" too)."""
    return bool(_SHORT.fullmatch(text)) and sum(c.isupper() for c in text) >= 2


def _letters(short: str) -> str:
    """The letters an acronym's words must start with, also its key: a lower-case
    plural "s" dropped ("LLMs" -> "llm"), a capital S kept ("RTOS" -> "rtos")."""
    letters = short[:-1] if short.endswith("s") and short[:-1].isupper() else short
    return fold(letters)


def _fits(letters: str, words: list[str]) -> bool:
    """Whether `words` give `letters` in order, a letter per word (a hyphenated
    word may give one per part), small words free to give none."""
    if not words:
        return not letters
    first, rest = words[0], words[1:]
    low = first.casefold()
    if low in SMALL_WORDS and _fits(letters, rest):
        return True
    if not letters:
        return False
    parts = [p for p in re.split(r"[-‐]", low) if p]
    # a hyphenated word gives its first letter, or one letter per part
    # ("Retrieval-Augmented" gives "r" or "ra")
    for heads in dict.fromkeys((parts[0][0], "".join(p[0] for p in parts))):
        if letters.startswith(heads) and _fits(letters[len(heads) :], rest):
            return True
    return False


def _long_form(letters: str, words: list[str]) -> tuple[str, ...] | None:
    """The shortest run of words ending `words` whose initials give `letters`, as
    word keys; None when no run of at most len(letters) + MAX_EXTRA_WORDS does."""
    for n in range(max(1, len(letters) // 2), len(letters) + MAX_EXTRA_WORDS + 1):
        if n > len(words):
            break
        run = words[-n:]
        if run[0].casefold() in SMALL_WORDS:
            continue
        if _fits(letters, run):
            return tuple(key(w) for w in re.split(r"[\s\-‐]+", " ".join(run)) if w)
    return None


def pairs(text: str) -> set[Pair]:
    """The acronyms `text` defines, as (short key, long form word keys)."""
    out: set[Pair] = set()
    for m in _BRACKETS.finditer(text):
        inside = m.group(1).strip()
        before = _WORD.findall(text[max(0, m.start() - 160) : m.start()])
        if _is_short(inside):  # long form (SF)
            found = _long_form(_letters(inside), before)
            if found and len(found) >= 2:
                out.add((_letters(inside), found))
        elif before and _is_short(before[-1]):  # SF (long form)
            words = _WORD.findall(inside)
            while words and words[0].casefold() in SMALL_WORDS:  # "DPDK (the Data Plane ...)"
                words = words[1:]
            letters = _letters(before[-1])
            if words and len(words) <= len(letters) + MAX_EXTRA_WORDS and _fits(letters, words):
                long = tuple(key(w) for w in re.split(r"[\s\-‐]+", " ".join(words)) if w)
                if len(long) >= 2:
                    out.add((letters, long))
    return out


def of_talk(title: str, abstract: str) -> set[Pair]:
    """The acronyms a talk's title and abstract define."""
    return pairs(f"{title}\n{abstract}")


def table(counts: Mapping[Pair, int]) -> dict[str, tuple[str, ...]]:
    """short key -> its long form: the one defined in most talks (then the first
    in order) for an acronym defined several ways. A two-letter acronym counts
    once two talks define it alike: one talk's "open source (OS)" must not
    make every "OS" mean open source."""
    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    for (short, long), n in sorted(counts.items()):
        if n < (2 if len(short) < 3 else 1):
            continue
        if short not in best or n > best[short][0]:
            best[short] = (n, long)
    return {short: long for short, (_, long) in best.items()}


@dataclass(frozen=True)
class LongForms:
    """A base's acronyms by their long forms' words, to read queries with (made once
    per base: `of`)."""

    acronym: Mapping[tuple[str, ...], str]
    lengths: tuple[int, ...]  # the long forms' lengths in words

    @classmethod
    def of(cls, known: Mapping[str, tuple[str, ...]]) -> LongForms:
        """From `table`'s short key -> long form."""
        acronym = {long: short for short, long in known.items()}
        return cls(acronym, tuple(sorted({len(long) for long in acronym})))

    def stood_for(self, words: Iterable[str]) -> list[tuple[str, tuple[str, ...]]]:
        """The acronyms of the long forms a query of `words` says, each with the long
        form's words it stands for (as `key` writes them): "unified kernel images"
        also asks for ("uki", ("unified", "kernel", "image")). Not the other way:
        "LLMs" asking for "large", "language" and "model" would rank by words every
        talk has; the talks on LLMs say "LLM"."""
        keys = [key(p) for w in words for p in re.split(r"[-‐]", w) if p]
        out: dict[str, tuple[str, ...]] = {}
        for i in range(len(keys)):
            for n in self.lengths:
                run = tuple(keys[i : i + n])
                if run in self.acronym and self.acronym[run] not in keys:
                    out.setdefault(self.acronym[run], run)
        return list(out.items())


NONE = LongForms({}, ())

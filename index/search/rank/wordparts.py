"""A query's words widened by the words the base holds (what BM25 is asked for).

"FP4" also asks for "nvfp4", "CUDA graphs" for "cudagraphs", "cudagraphs" for
"cuda graphs", "unified kernel images" for "uki" where the program defines
that acronym (talkbase/core/acronyms.py), and "contributing" for "contributors"
(`doers`). The knowledge base calls `expand` once a
query (`Query.words`); the lexical signal ranks by what it gives.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ingest.text import STOPWORDS, words
from talkbase.core.acronyms import NONE, LongForms


def _with_digits(vocabulary: Collection[str]) -> Collection[str]:
    """The words holding a digit (the only ones a part like "fp4" can be in),
    remembered per vocabulary: a large base's words are scanned once."""
    if not isinstance(vocabulary, frozenset):
        return vocabulary
    return _digit_words(vocabulary)


@functools.lru_cache(maxsize=4)
def _digit_words(vocabulary: frozenset[str]) -> tuple[str, ...]:
    return tuple(v for v in vocabulary if any(c.isdigit() for c in v))


_NUMERONYM = re.compile(r"([a-z])(\d{1,2})([a-z])")  # "k8s", "i18n", "a11y"


@functools.lru_cache(maxsize=4)
def _by_shape(vocabulary: frozenset[str]) -> dict[tuple[str, int, str], tuple[str, ...]]:
    """The words of letters only by (first letter, length, last letter): the words a
    numeronym can stand for, found without scanning the vocabulary again."""
    out: dict[tuple[str, int, str], list[str]] = {}
    for v in vocabulary:
        if len(v) >= 5 and v.isalpha():
            out.setdefault((v[0], len(v), v[-1]), []).append(v)
    return {key: tuple(sorted(found)) for key, found in out.items()}


def numeronyms(
    word: str, vocabulary: Collection[str], counts: Mapping[str, int] | None = None
) -> list[str]:
    """The base's word a numeronym stands for, the one most talks hold ("k8s":
    "kubernetes", "i18n": "internationalization", "a11y": "accessibility"). Numbers
    under 3 ("e2e", "p2p") are words of their own. Not the other way: the talks saying
    "k8s" mostly say "Kubernetes" too, and BM25 counts both, so "Kubernetes talks" asking
    for "k8s" put those first (on FOSDEM 2019, nDCG@10 0.952 to 0.845).

        >>> numeronyms("k8s", frozenset({"kubernetes", "k8s", "keystrokes"}), {"kubernetes": 9})
        ['kubernetes']
        >>> numeronyms("kubernetes", frozenset({"kubernetes", "k8s"}))
        []
    """
    m = _NUMERONYM.fullmatch(word)
    if m is None or int(m.group(2)) < 3 or not isinstance(vocabulary, frozenset):
        return []
    found = _by_shape(vocabulary).get((m.group(1), int(m.group(2)) + 2, m.group(3)), ())
    held = counts or {}
    return [max(found, key=lambda v: held.get(v, 0))] if found else []


def doers(word: str, vocabulary: Collection[str]) -> list[str]:
    """The base's word for who does what `word` says, or for what the doer does:
    "contributing" -> "contributors", "editors" -> "editing". The Porter stemmer
    keeps an -or noun apart from its verb ("contributor" against "contribut"),
    save the -ator ones ("translator" and "translating" are both "transl"), left
    alone here. One word at most, and only one the base holds (a gerund: "compositor"
    asks for "compositing", never "composite").

        >>> doers("contributing", {"contributors", "contributor"})
        ['contributors']
        >>> doers("editors", {"editing"})
        ['editing']
        >>> doers("translating", {"translators"})
        []
    """
    if len(word) < 6:
        return []
    if word.endswith("ing"):
        root = word[:-3]
        if root.endswith("t") and not root.endswith("at"):
            return [w for w in (root + "ors", root + "or") if w in vocabulary][:1]
    elif word.endswith(("tor", "tors")) and not word.endswith(("ator", "ators")):
        root = word[: -3 if word.endswith("s") else -2]
        return [root + "ing"] if root + "ing" in vocabulary else []
    return []


Alternative = tuple[str, tuple[str, ...]]  # a word the base holds, the query's words it stands for


def alternatives(
    query: str,
    vocabulary: Collection[str],
    long_forms: LongForms = NONE,
    counts: Mapping[str, int] | None = None,
) -> list[Alternative]:
    """The base's words that contain a query word as a part, each with the query's
    words it stands for: "FP4" also asks for "nvfp4", "CUDA graphs" for
    "cudagraphs", "cudagraphs" for "cuda graphs". Parts are whole pieces: letters
    joined to digits ("fp4" in "nvfp4", "mxfp4"), or two query words written as
    one. And the acronyms of the long forms it says, as the base's talks define
    them (`long_forms`: Vocab's): "unified kernel images" also asks for "uki". And
    each word's doer (`doers`): "contributing" also asks for "contributors". And
    a numeronym's word (`numeronyms`, by the base's word `counts`): "k8s" asks for
    "kubernetes". BM25 weighs each no higher than the words it stands for (`alternative_weights`).

        >>> alternatives("open source AI", {"opensource", "open", "source"})
        [('opensource', ('open', 'source'))]
    """
    said = words(query)
    ws = [w for w in said if w not in STOPWORDS]
    extra: list[Alternative] = []
    for w in ws:
        if any(c.isdigit() for c in w) and any(c.isalpha() for c in w) and len(w) >= 3:
            extra += [
                (v, (w,))
                for v in _with_digits(vocabulary)
                if v != w
                and (v.endswith(w) or v.startswith(w))
                and v.isalnum()
                and len(v) <= len(w) + 4
            ]
        elif w not in vocabulary and w.isalpha() and len(w) >= 6:
            for i in range(3, len(w) - 2):  # "cudagraphs" -> "cuda graphs"
                if w[:i] in vocabulary and w[i:] in vocabulary:
                    extra += [(w[:i], (w,)), (w[i:], (w,))]
                    break
        extra += [(d, (w,)) for d in doers(w, vocabulary)]
        extra += [(n, (w,)) for n in numeronyms(w, vocabulary, counts)]
    for a, b in zip(ws, ws[1:], strict=False):
        if a + b in vocabulary:
            extra.append((a + b, (a, b)))
    extra += long_forms.stood_for(said)  # (stopwords too: "bill of materials")
    first: dict[str, tuple[str, ...]] = {}
    for word, stood in extra:
        if word not in ws:
            first.setdefault(word, stood)
    return list(first.items())


def expand(
    query: str,
    vocabulary: Collection[str],
    long_forms: LongForms = NONE,
    counts: Mapping[str, int] | None = None,
) -> str:
    """The query with its `alternatives` after it (what a search's `Query.words` is)."""
    return written(query, alternatives(query, vocabulary, long_forms, counts))


def written(query: str, extra: Sequence[Alternative]) -> str:
    """`query` with the words of `extra` (its `alternatives`) after it: what BM25 is asked."""
    return " ".join([query, *(word for word, _ in extra)]) if extra else query


def alternative_weights(index: Any, alternatives: Sequence[Alternative]) -> dict[str, float]:
    """The weight in BM25 (`index`: index/search/rank/lexical.py's) of each word standing
    for some of the query's (`alternatives`): as much as those words' inverse
    document frequencies add up to, at most its own. "opensource" stands for "open source": the few talks writing it so would
    otherwise outrank every talk saying "open source" on that one rare spelling (a
    talk on Russian crypto standards came first for "how do I get involved in an
    open source community"). Words the index does not hold weigh nothing to cap by."""
    out: dict[str, float] = {}
    for word, stood in alternatives:
        own = index.idf(word)
        cap = sum(index.idf(w) for w in dict.fromkeys(stood))
        if own > 0 and cap > 0:
            out[word] = min(1.0, cap / own)
    return out

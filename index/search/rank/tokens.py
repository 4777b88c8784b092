"""How the lexical index cuts text into words, in one place: what a build indexes
(index/build/lexicon.py), what a query asks (index/search/rank/lexical.py) and how a
language's stop words are written (index/search/rank/stopwords.py)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

_TOKEN = re.compile(r"[^\W_]+")  # as the FTS index: runs of letters and digits


def tokenize(text: str, stopwords: Collection[str]) -> list[str]:
    """Lower-cased, accent-free runs of letters and digits, without stopwords (as the FTS index)."""
    text = text.lower()
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    return [w for w in _TOKEN.findall(text) if w not in stopwords]

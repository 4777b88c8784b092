"""Vectors already computed, looked up by the hash of their text.

A build keeps no separate copy of its vectors: its `embeddings` table maps the
64-bit key of each text's sha256 to where the vector lies (a talk id in
vectors.faiss, or a row of the sentence files), and the next ingest reads only
the rows it needs from those files. A 64-bit
key collision between two different texts has a probability of about n²/2⁶⁵
(5·10⁻⁶ for 13 million texts).
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def key_of(h: str) -> int:
    """The signed 64-bit key of a hex sha256 (what the `embeddings` table stores)."""
    return int(h[:16], 16) - (1 << 63)


class VectorCache:
    """hash -> vector of the previous build, read from its files on demand (those of
    talks leaving the index are read ahead: `pin`)."""

    def __init__(
        self,
        dim: int,
        keys: np.ndarray | None = None,
        talk_ids: np.ndarray | None = None,
        rows: np.ndarray | None = None,
        talks: Any = None,
        sentences: Any = None,
    ) -> None:
        self.dim = dim
        order = np.argsort(keys) if keys is not None else np.zeros(0, np.int64)
        self._keys = keys[order] if keys is not None else np.zeros(0, np.int64)
        self._talk = talk_ids[order] if talk_ids is not None else np.zeros(0, np.int64)
        self._row = rows[order] if rows is not None else np.zeros(0, np.int64)
        self.talks = talks  # the previous FaissIndex (or None)
        self._sentences = sentences
        self._pinned: dict[str, np.ndarray] = {}
        tk = self._talk >= 0
        self.talk_keys: dict[int, int] = dict(
            zip(self._talk[tk].tolist(), self._keys[tk].tolist(), strict=True)
        )

    def has(self, hashes: list[str]) -> np.ndarray:
        """Whether each hash's vector is known (stored, or pinned)."""
        keys = np.fromiter((key_of(h) for h in hashes), dtype=np.int64, count=len(hashes))
        pos = np.minimum(np.searchsorted(self._keys, keys), max(len(self._keys) - 1, 0))
        found = self._keys[pos] == keys if len(self._keys) else np.zeros(len(keys), dtype=bool)
        if self._pinned:
            found |= np.fromiter((h in self._pinned for h in hashes), bool, count=len(hashes))
        return found

    def pin(self, hashes: list[str], leaving: set[int]) -> None:
        """Read now the vectors of `hashes` that lie in talks about to leave the
        previous index (`leaving`), so they can still be reused after."""
        for h in hashes:
            i = self._find(key_of(h))
            if i >= 0 and int(self._talk[i]) in leaving and self._row[i] < 0:
                self._pinned[h] = self.talks.vector(int(self._talk[i]))

    def _find(self, key: int) -> int:
        i = int(np.searchsorted(self._keys, key))
        return i if i < len(self._keys) and self._keys[i] == key else -1

    def gather(self, hashes: list[str]) -> np.ndarray:
        """The vectors of `hashes` (each must be in the cache), as float32 rows."""
        out = np.zeros((len(hashes), self.dim), dtype=np.float32)
        old: list[int] = []
        for i, h in enumerate(hashes):
            v = self._pinned.get(h)
            if v is None:
                old.append(i)
            else:
                out[i] = v
        if old:
            keys = np.fromiter((key_of(hashes[i]) for i in old), dtype=np.int64, count=len(old))
            pos = np.searchsorted(self._keys, keys)
            pos[pos >= len(self._keys)] = 0
            if not np.all(self._keys[pos] == keys):
                raise KeyError("a text missing from the vector cache")
            where = np.asarray(old)
            rows = self._row[pos]
            in_file = rows >= 0
            if in_file.any() and self._sentences is not None:
                picked = rows[in_file]
                order = np.argsort(picked)  # read the files front to back
                vecs = np.asarray(self._sentences[picked[order]], dtype=np.float32)
                out[where[in_file][order]] = vecs
            for i, tid in zip(
                where[~in_file].tolist(), self._talk[pos][~in_file].tolist(), strict=True
            ):
                out[i] = self.talks.vector(int(tid))
        return out

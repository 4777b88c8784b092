"""The vector index behind a narrow interface.

Cosine similarity = L2-normalised vectors + inner product. `FaissIndex` is the
product's index; `NumpyIndex` is the exact reference the tests compare it to.
Ids are the DuckDB talk ids.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import numpy as np


class VectorIndex(Protocol):
    dim: int

    def __len__(self) -> int: ...

    def add(self, ids: np.ndarray, vectors: np.ndarray) -> None: ...

    def search(
        self, query: np.ndarray, k: int, allowed: Iterable[int] | None = None
    ) -> list[tuple[int, float]]:
        """The k nearest ids with their cosine, best first; only `allowed` ids if given."""
        ...

    def vector(self, id_: int) -> np.ndarray: ...


def _as_ids(ids: Iterable[int]) -> np.ndarray:
    return np.fromiter((int(i) for i in ids), dtype=np.int64)


class NumpyIndex:
    def __init__(self, dim: int) -> None:
        self.dim = dim
        self._ids = np.zeros(0, dtype=np.int64)
        self._vecs = np.zeros((0, dim), dtype=np.float32)

    def __len__(self) -> int:
        return len(self._ids)

    def add(self, ids: np.ndarray, vectors: np.ndarray) -> None:
        self._ids = np.concatenate([self._ids, _as_ids(ids)])
        self._vecs = np.vstack([self._vecs, np.asarray(vectors, dtype=np.float32)])

    def search(
        self, query: np.ndarray, k: int, allowed: Iterable[int] | None = None
    ) -> list[tuple[int, float]]:
        scores = self._vecs @ np.asarray(query, dtype=np.float32).reshape(-1)
        mask = np.ones(len(self._ids), dtype=bool)
        if allowed is not None:
            mask = np.isin(self._ids, _as_ids(allowed))
        idx = np.flatnonzero(mask)
        order = idx[np.lexsort((self._ids[idx], -scores[idx]))][:k]
        return [(int(self._ids[i]), float(scores[i])) for i in order]

    def vector(self, id_: int) -> np.ndarray:
        hit = np.flatnonzero(self._ids == id_)
        if not len(hit):
            raise KeyError(id_)
        return self._vecs[hit[0]]


class FaissIndex:
    """Exact inner-product search (IndexFlatIP) with our ids (IndexIDMap2)."""

    def __init__(self, dim: int, index: object | None = None) -> None:
        import faiss

        self.dim = dim
        self._faiss = faiss
        self.index = index if index is not None else faiss.IndexIDMap2(faiss.IndexFlatIP(dim))

    def __len__(self) -> int:
        return int(self.index.ntotal)  # type: ignore[attr-defined]

    def add(self, ids: np.ndarray, vectors: np.ndarray) -> None:
        vecs = np.ascontiguousarray(vectors, dtype=np.float32)
        self.index.add_with_ids(vecs, _as_ids(ids))  # type: ignore[attr-defined]

    def search(
        self, query: np.ndarray, k: int, allowed: Iterable[int] | None = None
    ) -> list[tuple[int, float]]:
        faiss = self._faiss
        q = np.ascontiguousarray(np.asarray(query, dtype=np.float32).reshape(1, -1))
        params = None
        limit = len(self)
        if allowed is not None:
            allowed_ids = _as_ids(allowed)
            if not len(allowed_ids):
                return []
            params = faiss.SearchParameters(sel=faiss.IDSelectorBatch(allowed_ids))
            limit = min(limit, len(allowed_ids))
        k = min(k, limit)
        if k <= 0:
            return []
        scores, ids = self.index.search(q, k, params=params)  # type: ignore[attr-defined]
        hits = [(int(i), float(s)) for i, s in zip(ids[0], scores[0], strict=True) if i != -1]
        hits.sort(key=lambda h: (-h[1], h[0]))
        return hits

    def vector(self, id_: int) -> np.ndarray:
        return np.asarray(self.index.reconstruct(int(id_)), dtype=np.float32)  # type: ignore[attr-defined]

    def save(self, path: str) -> None:
        self._faiss.write_index(self.index, path)  # type: ignore[call-overload]

    @classmethod
    def load(cls, path: str) -> FaissIndex:
        import faiss

        index = faiss.read_index(path)
        return cls(index.d, index)

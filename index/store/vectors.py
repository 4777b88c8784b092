"""The vector index behind a narrow interface.

Cosine similarity = L2-normalised vectors + inner product. `FaissIndex` is the
product's index; `NumpyIndex` is the exact reference the tests compare it to.
Ids are the DuckDB talk ids.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, Protocol

import numpy as np

from talkbase.core import settings


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


def exact_top_k(ids: np.ndarray, vectors: np.ndarray, query: np.ndarray, k: int) -> np.ndarray:
    """The ids of the k vectors with the largest inner product with `query` (exact)."""
    scores = np.asarray(vectors, dtype=np.float32) @ np.asarray(query, dtype=np.float32).ravel()
    k = min(k, len(ids))
    if k <= 0:
        return np.zeros(0, dtype=np.int64)
    top = np.argpartition(-scores, k - 1)[:k]
    return np.asarray(ids)[top[np.lexsort((np.asarray(ids)[top], -scores[top]))]]


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


EXACT_WITHIN = 20_000  # a filtered search over at most this many ids is exact
TRAIN_SAMPLE = 65_536  # vectors a product quantizer learns its codebooks from
# A "pq" search rescores at least 1/REFINE_SHARE of the base: measured on a million
# hashing vectors, 2,000 candidates found 0.83 of the exact top 10, 10,000 found 0.98.
REFINE_SHARE = 100


def pq_codes(dim: int) -> int:
    """Sub-quantizers of a "pq" index: one 4-bit code per dimension (measured on
    100,000 hashing vectors of 256 dimensions, rescoring 1,000 candidates: recall@10
    0.985 in 0.7 ms; one code per two dimensions: 0.953 in 0.5 ms; exact: 4.5 ms)."""
    return dim


class FaissIndex:
    """Inner-product search with our ids (IndexIDMap2): exact (IndexFlatIP) for a
    base up to TALKBASE_INDEX_THRESHOLD talks; above it (TALKBASE_LARGE_INDEX)
    either "pq": a product-quantized fast scan (IndexPQFastScan, one 4-bit code
    per dimension) whose best TALKBASE_REFINE candidates are rescored
    exactly with the full vectors (IndexRefineFlat), or "hnsw" (IndexHNSWFlat).

    A filtered search over few ids is always exact, so a narrow filter returns
    min(k, matching) talks whatever the index.
    """

    def __init__(
        self,
        dim: int,
        index: object | None = None,
        kind: str = "flat",
        m: int = 32,
        ef_construction: int = 80,
    ) -> None:
        import faiss

        self.dim = dim
        self._faiss = faiss
        self.refine = 2000
        if index is None:
            inner: Any
            if kind == "hnsw":
                inner = faiss.IndexHNSWFlat(dim, m, faiss.METRIC_INNER_PRODUCT)
                inner.hnsw.efConstruction = ef_construction
            elif kind == "pq":
                codes = faiss.IndexPQFastScan(dim, pq_codes(dim), 4, faiss.METRIC_INNER_PRODUCT)
                inner = faiss.IndexRefineFlat(codes)
                inner.own_fields = True
                codes.this.disown()  # type: ignore[attr-defined]
            else:
                inner = faiss.IndexFlatIP(dim)
            index = faiss.IndexIDMap2(inner)
            self._inner = inner  # the map does not own it: keep it alive here
        self.index = index

    @property
    def inner(self) -> Any:
        return self._faiss.downcast_index(self.index.index)  # type: ignore[attr-defined]

    @property
    def kind(self) -> str:
        inner = self.inner
        if hasattr(inner, "hnsw"):
            return "hnsw"
        return "pq" if hasattr(inner, "refine_index") else "flat"

    def params(self) -> dict[str, Any]:
        """What the manifest records about this index."""
        inner = self.inner
        if self.kind == "hnsw":
            return {
                "kind": "hnsw",
                "M": int(inner.hnsw.nb_neighbors(1)),
                "ef_construction": int(inner.hnsw.efConstruction),
                "ef_search": int(inner.hnsw.efSearch),
            }
        if self.kind == "pq":
            return {"kind": "pq", "codes": pq_codes(self.dim), "bits": 4, "refine": self.refine}
        return {"kind": "flat"}

    def set_ef_search(self, ef: int) -> None:
        if self.kind == "hnsw":
            self.inner.hnsw.efSearch = int(ef)

    def set_refine(self, candidates: int) -> None:
        """How many candidates of a "pq" search are rescored exactly."""
        self.refine = max(1, int(candidates))

    def __len__(self) -> int:
        return int(self.index.ntotal)  # type: ignore[attr-defined]

    def add(self, ids: np.ndarray, vectors: np.ndarray) -> None:
        vecs = np.ascontiguousarray(vectors, dtype=np.float32)
        if len(vecs):
            if not self.index.is_trained:  # type: ignore[attr-defined]
                # the codebooks learn from the first vectors added (a whole build's first chunk)
                step = max(1, len(vecs) // TRAIN_SAMPLE)
                self.index.train(vecs[::step])  # type: ignore[attr-defined]
            self.index.add_with_ids(vecs, _as_ids(ids))  # type: ignore[attr-defined]
            self.__dict__.pop("_sorted", None)

    def remove(self, ids: Iterable[int]) -> None:
        """Drop `ids` in place (an HNSW graph cannot forget: it is rebuilt without them)."""
        drop = _as_ids(ids)
        if not len(drop):
            return
        self.__dict__.pop("_sorted", None)
        if self.kind == "flat":
            self.index.remove_ids(self._faiss.IDSelectorBatch(drop))  # type: ignore[attr-defined]
            return
        if self.kind == "pq":
            self._remove_pq(drop)
            return
        all_ids, vecs = self.all_vectors()
        keep = ~np.isin(all_ids, drop)
        params = self.params()
        fresh = FaissIndex(
            self.dim,
            kind=self.kind,
            m=params.get("M", 32),
            ef_construction=params.get("ef_construction", 80),
        )
        fresh.refine = self.refine
        fresh.add(all_ids[keep], vecs[keep])
        self.index, self._inner = fresh.index, fresh._inner

    def _remove_pq(self, drop: np.ndarray) -> None:
        """Drop ids from a "pq" index in place: from the codes and the full vectors
        alike (both keep their order), then from the id map. FAISS's IndexRefine
        cannot remove by itself; rebuilding would retrain the codebooks."""
        faiss = self._faiss
        stored = self.all_ids()
        gone = np.isin(stored, drop)
        if not gone.any():
            return
        rows = faiss.IDSelectorBatch(np.flatnonzero(gone).astype(np.int64))
        inner = self.inner
        codes = faiss.downcast_index(inner.base_index)
        full = faiss.downcast_index(inner.refine_index)
        if codes.remove_ids(rows) != full.remove_ids(rows):  # pragma: no cover - FAISS invariant
            raise RuntimeError("the pq index lost its alignment")
        inner.ntotal = codes.ntotal
        faiss.copy_array_to_vector(stored[~gone], self.index.id_map)  # type: ignore[attr-defined]
        self.index.ntotal = codes.ntotal  # type: ignore[attr-defined]
        self.index.construct_rev_map()  # type: ignore[attr-defined]

    def search(
        self, query: np.ndarray, k: int, allowed: Iterable[int] | None = None
    ) -> list[tuple[int, float]]:
        faiss = self._faiss
        q = np.ascontiguousarray(np.asarray(query, dtype=np.float32).reshape(1, -1))
        params = None
        limit = len(self)
        kind = self.kind  # (read once: it asks FAISS for the inner index each time)
        if allowed is not None:
            allowed_ids = _as_ids(allowed)
            if not len(allowed_ids):
                return []
            if kind != "flat" and len(allowed_ids) <= EXACT_WITHIN:
                return self._exact_within(q[0], k, allowed_ids)
            if kind == "pq":  # no selector in a fast scan: ask for more, keep the allowed
                return self._filtered(q, k, allowed_ids)
            params = faiss.SearchParameters(sel=faiss.IDSelectorBatch(allowed_ids))
            if kind == "hnsw":
                params = faiss.SearchParametersHNSW(
                    sel=params.sel, efSearch=max(self.inner.hnsw.efSearch, 2 * k)
                )
            limit = min(limit, len(allowed_ids))
        k = min(k, limit)
        if k <= 0:
            return []
        if kind == "hnsw" and params is None and k > self.inner.hnsw.efSearch:
            params = faiss.SearchParametersHNSW(efSearch=k)
        if kind == "pq":
            # a larger base has more near-ties to sort out: 1% of it, when that is more
            candidates = max(self.refine, len(self) // REFINE_SHARE)
            params = faiss.IndexRefineSearchParameters(k_factor=max(1.0, candidates / k))
        scores, ids = self.index.search(q, k, params=params)  # type: ignore[attr-defined]
        hits = [(i, s) for i, s in zip(ids[0].tolist(), scores[0].tolist(), strict=True) if i != -1]
        hits.sort(key=lambda h: (-h[1], h[0]))
        return hits

    def exact(self, query: np.ndarray, k: int) -> list[tuple[int, float]]:
        """The exact top k over the full vectors this index keeps (no copy of them):
        what an approximate index is measured against."""
        inner = self.inner
        if self.kind == "pq":
            inner = self._faiss.downcast_index(inner.refine_index)
        elif self.kind == "hnsw":
            inner = self._faiss.downcast_index(inner.storage)
        q = np.ascontiguousarray(np.asarray(query, dtype=np.float32).reshape(1, -1))
        scores, rows = inner.search(q, min(k, len(self)))
        ids = self.all_ids()
        hits = [(int(ids[r]), float(s)) for r, s in zip(rows[0], scores[0], strict=True) if r >= 0]
        hits.sort(key=lambda h: (-h[1], h[0]))
        return hits

    def _filtered(self, q: np.ndarray, k: int, allowed: np.ndarray) -> list[tuple[int, float]]:
        want = min(k, len(allowed))
        ask = min(len(self), max(2 * k, int(k * len(self) / len(allowed) * 2)))
        while True:
            hits = [h for h in self.search(q[0], ask) if h[0] in set(allowed.tolist())]
            if len(hits) >= want or ask >= len(self):
                return hits[:k]
            ask = min(len(self), ask * 4)

    def _exact_within(self, q: np.ndarray, k: int, ids: np.ndarray) -> list[tuple[int, float]]:
        stored = self.sorted_ids()
        at = np.minimum(np.searchsorted(stored, ids), max(len(stored) - 1, 0))
        present = np.unique(ids[stored[at] == ids]) if len(stored) else ids[:0]
        if not len(present):
            return []
        vecs = np.asarray(self.index.reconstruct_batch(present), dtype=np.float32)  # type: ignore[attr-defined]
        scores = vecs @ q
        top = exact_top_k(present, vecs, q, k)
        pos = {int(i): n for n, i in enumerate(present.tolist())}
        return [(int(i), float(scores[pos[int(i)]])) for i in top]

    def sorted_ids(self) -> np.ndarray:
        """The stored ids, ascending (kept until the index changes)."""
        found = self.__dict__.get("_sorted")
        if found is None or len(found) != len(self):
            found = self.__dict__["_sorted"] = np.sort(self.all_ids())
        return found

    def vector(self, id_: int) -> np.ndarray:
        return np.asarray(self.index.reconstruct(int(id_)), dtype=np.float32)  # type: ignore[attr-defined]

    def all_ids(self) -> np.ndarray:
        return self._faiss.vector_to_array(self.index.id_map).astype(np.int64)  # type: ignore[attr-defined]

    def all_vectors(self) -> tuple[np.ndarray, np.ndarray]:
        """(ids, vectors) of everything stored, in insertion order."""
        ids = self._faiss.vector_to_array(self.index.id_map).astype(np.int64)  # type: ignore[attr-defined]
        if not len(self):
            return ids, np.zeros((0, self.dim), np.float32)
        return ids, np.asarray(self.inner.reconstruct_n(0, len(self)), dtype=np.float32)

    def save(self, path: str) -> None:
        self._faiss.write_index(self.index, path)  # type: ignore[call-overload]

    @classmethod
    def load(cls, path: str) -> FaissIndex:
        import faiss

        index = faiss.read_index(path)
        loaded = cls(index.d, index)
        loaded.set_ef_search(settings.hnsw_ef())
        loaded.set_refine(settings.refine())
        return loaded


# the fewest talks a "pq" index is made for, whatever TALKBASE_INDEX_THRESHOLD says: its
# 4-bit codes train 16 centroids on the vectors (FAISS refuses fewer points than that)
PQ_FROM = 64


def index_kind(talks: int, threshold: int, large: str) -> str:
    """The kind of vector index a base of `talks` talks gets: exact ("flat") up to
    `threshold`, `large` above it, but a "pq" index only from PQ_FROM talks."""
    if talks <= threshold or (large == "pq" and talks < PQ_FROM):
        return "flat"
    return large


def grow(
    previous: FaissIndex | None,
    dim: int,
    keep: Collection[int] | np.ndarray,
    total: int,
    threshold: int,
    m: int,
    ef_construction: int,
    large: str = "pq",
) -> FaissIndex:
    """The next build's index, ready for its new vectors: `previous` without the ids
    not in `keep`. Only what changed is touched, unless the base crosses `threshold`
    talks (then the index is made anew: exact below it, `large` above)."""
    kind = index_kind(total, threshold, large)
    kept = keep if isinstance(keep, np.ndarray) else np.fromiter(keep, np.int64, len(keep))
    if previous is not None and previous.dim == dim and previous.kind == kind:
        stored = previous.all_ids()
        previous.remove(stored[~np.isin(stored, kept)])
        return previous
    index = FaissIndex(dim, kind=kind, m=m, ef_construction=ef_construction)
    if previous is not None and previous.dim == dim and len(kept):
        old_ids, old_vecs = previous.all_vectors()
        mask = np.isin(old_ids, kept)
        index.add(old_ids[mask], old_vecs[mask])
    return index

"""FAISS index against the exact NumPy reference."""

from __future__ import annotations

import numpy as np

from index.encoders.embed import HashingEmbedder, normalise
from index.store.vectors import FaissIndex, NumpyIndex


def _data(n=200, dim=32, seed=0):
    rng = np.random.default_rng(seed)
    return np.arange(1000, 1000 + n, dtype=np.int64), normalise(rng.normal(size=(n, dim)))


def test_faiss_matches_numpy_reference():
    ids, vecs = _data()
    f, ref = FaissIndex(32), NumpyIndex(32)
    f.add(ids, vecs)
    ref.add(ids, vecs)
    rng = np.random.default_rng(1)
    for q in normalise(rng.normal(size=(10, 32))):
        got, want = f.search(q, 10), ref.search(q, 10)
        assert [i for i, _ in got] == [i for i, _ in want]
        np.testing.assert_allclose([s for _, s in got], [s for _, s in want], rtol=1e-5)


def test_allowed_ids_filter_before_ranking():
    ids, vecs = _data()
    f, ref = FaissIndex(32), NumpyIndex(32)
    f.add(ids, vecs)
    ref.add(ids, vecs)
    allowed = [1003, 1050, 1199]
    got = f.search(vecs[0], 10, allowed)
    assert sorted(i for i, _ in got) == allowed  # min(k, matching) results
    assert [i for i, _ in got] == [i for i, _ in ref.search(vecs[0], 10, allowed)]
    assert f.search(vecs[0], 10, []) == []


def test_cosine_is_inner_product_of_normalised_vectors():
    ids, vecs = _data(5, 8)
    f = FaissIndex(8)
    f.add(ids, vecs)
    (top, score), *_ = f.search(vecs[2], 1)
    assert top == ids[2] and abs(score - 1.0) < 1e-5
    np.testing.assert_allclose(f.vector(int(ids[3])), vecs[3], rtol=1e-6)


def test_save_and_load(tmp_path):
    ids, vecs = _data(20, 8)
    f = FaissIndex(8)
    f.add(ids, vecs)
    f.save(str(tmp_path / "v.faiss"))
    g = FaissIndex.load(str(tmp_path / "v.faiss"))
    assert len(g) == 20 and g.search(vecs[4], 1)[0][0] == ids[4]


def test_hashing_embedder_is_deterministic_and_normalised():
    e = HashingEmbedder(64)
    a, b = e.embed(["fault tolerant collectives", "fault tolerant collectives"])
    np.testing.assert_array_equal(a, b)
    assert abs(np.linalg.norm(a) - 1) < 1e-6
    c = e.embed(["cooking recipes"])[0]
    assert float(a @ e.embed(["collectives that are fault tolerant"])[0]) > float(a @ c)

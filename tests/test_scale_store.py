"""The store at scale: vectors reused by text, only what changed touched, the index
chosen by size, compact memory-mapped sentence vectors, and the crash/concurrency
guarantees on a larger base (a synthetic program from bench/scale.py)."""

from __future__ import annotations

import json
import threading

import numpy as np
import pytest

from bench.scale import talks as synthetic_talks
from bench.scale import write_jsonl
from index.build.builder import ingest
from index.encoders.embed import HashingEmbedder
from index.search.kb import KnowledgeBase
from index.store import disk as store
from index.store import files as sf
from index.store.vectors import FaissIndex, NumpyIndex, grow
from tests.conftest import DIGEST


def _index(home) -> FaissIndex:
    return FaissIndex.load(str(store.require(home).vectors_path))


def _program(tmp_path, name, n, seed, start=0):
    path = tmp_path / name
    write_jsonl(path, synthetic_talks(n, seed, start_uid=start))
    return path


def test_unchanged_talks_keep_their_vectors_bit_for_bit(fake_home, tmp_path):
    before_ids, before = _index(fake_home).all_vectors()
    text = DIGEST.read_text(encoding="utf-8")
    changed = tmp_path / DIGEST.name
    changed.write_text(text.replace("Disaggregated", "Split-up", 1), encoding="utf-8")
    report = ingest([changed], fake_home, HashingEmbedder())
    assert 0 < report.embedded < 10  # one title/abstract and its sentences
    after_ids, after = _index(fake_home).all_vectors()
    old = dict(zip(before_ids.tolist(), before, strict=True))
    new = dict(zip(after_ids.tolist(), after, strict=True))
    same = [i for i in new if i in old and np.array_equal(new[i], old[i])]
    assert len(same) >= 69 and len(new) == 71


def test_sentence_vectors_are_float16_and_memory_mapped(fake_home):
    build = store.require(fake_home)
    assert build.manifest.sentence_dtype == "float16"
    assert build.manifest.format_version == store.FORMAT_VERSION
    mapped = store.load_sentences(build, mmap=True)
    # large chunks are read run by run (pread), never loaded or mapped whole
    assert all(isinstance(c, sf.RawChunk) for c in mapped.chunks) and mapped.dtype == np.float16
    assert mapped.shape == (build.count("sentences"), build.manifest.dimension)
    norms = np.linalg.norm(np.asarray(mapped, dtype=np.float32), axis=1)
    assert np.allclose(norms, 1.0, atol=2e-3)


@pytest.mark.parametrize("large", ["hnsw", "pq"])
def test_index_is_exact_below_the_threshold_and_large_above(fake_home, monkeypatch, large):
    assert store.require(fake_home).manifest.vector_index == {"kind": "flat"}
    flat_ids, flat_vecs = _index(fake_home).all_vectors()
    monkeypatch.setenv("TALKBASE_INDEX_THRESHOLD", "50")  # 71 talks: now the large kind
    monkeypatch.setenv("TALKBASE_LARGE_INDEX", large)
    ingest([DIGEST], fake_home, HashingEmbedder())
    params = store.require(fake_home).manifest.vector_index
    if large == "hnsw":
        assert params["kind"] == "hnsw" and params["M"] == 32 and params["ef_search"] == 512
    else:
        assert params == {"kind": "pq", "codes": 256, "bits": 4, "refine": 2000}
    hnsw = _index(fake_home)
    ids, vecs = hnsw.all_vectors()
    order = np.argsort(ids)
    assert np.array_equal(ids[order], np.sort(flat_ids))  # the same vectors, moved over
    assert np.allclose(vecs[order], flat_vecs[np.argsort(flat_ids)])
    ref = NumpyIndex(hnsw.dim)
    ref.add(ids, vecs)
    with KnowledgeBase(fake_home, HashingEmbedder()) as kb:
        for q in ("kernels", "prompt caching", "distributed training"):
            qv = kb.query_vector(q)
            got = {i for i, _ in kb.vectors.search(qv, 10)}
            want = {i for i, _ in ref.search(qv, 10)}
            assert len(got & want) >= 9


@pytest.mark.parametrize("kind", ["hnsw", "pq"])
def test_filtered_search_in_a_large_index_is_exact_within_the_ids(kind):
    rng = np.random.default_rng(3)
    vecs = rng.standard_normal((3000, 32)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    ids = np.arange(1, 3001, dtype=np.int64)
    idx = FaissIndex(32, kind=kind, m=8, ef_construction=40)
    idx.add(ids, vecs)
    idx.set_ef_search(16)
    idx.set_refine(20)
    ref = NumpyIndex(32)
    ref.add(ids, vecs)
    allowed = list(range(5, 3000, 97))  # 31 scattered ids: a narrow filter
    q = vecs[100]
    got = idx.search(q, 50, allowed)
    assert len(got) == len(allowed)  # min(k, matching): nothing starved
    assert [i for i, _ in got] == [i for i, _ in ref.search(q, 50, allowed)]


def test_pq_index_finds_the_exact_top_10_after_rescoring(monkeypatch):
    rng = np.random.default_rng(8)
    vecs = rng.standard_normal((20_000, 64)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    ids = np.arange(1, 20_001, dtype=np.int64) * 3
    idx = FaissIndex(64, kind="pq")
    idx.add(ids, vecs)
    ref = NumpyIndex(64)
    ref.add(ids, vecs)
    recall = []
    for q in vecs[:50] + 0.3 * rng.standard_normal((50, 64)).astype(np.float32):
        got = idx.search(q, 10)
        want = ref.search(q, 10)
        recall.append(len({i for i, _ in got} & {i for i, _ in want}) / 10)
        assert [s for _, s in got] == sorted((s for _, s in got), reverse=True)
        # the scores are exact cosines (rescored), not the codes' estimates
        assert dict(got)[got[0][0]] == pytest.approx(float(vecs[got[0][0] // 3 - 1] @ q), abs=1e-5)
    assert np.mean(recall) >= 0.95
    q = vecs[7]  # `exact` is the reference: exact search over the kept full vectors
    assert [i for i, _ in idx.exact(q, 10)] == [i for i, _ in ref.search(q, 10)]
    monkeypatch.setattr("index.store.vectors.REFINE_SHARE", 10**9)  # no share of the base
    idx.set_refine(10)  # rescoring only the codes' own top 10: the estimates show
    poor = np.mean(
        [
            len({i for i, _ in idx.search(q, 10)} & {i for i, _ in ref.search(q, 10)}) / 10
            for q in vecs[:50] + 0.3 * rng.standard_normal((50, 64)).astype(np.float32)
        ]
    )
    assert poor < np.mean(recall)
    drop = ids[::3]  # removed in place: the rest stays findable, exactly rescored
    idx.remove(drop)
    ref2 = NumpyIndex(64)
    ref2.add(ids[1::3], vecs[1::3])
    ref2.add(ids[2::3], vecs[2::3])
    assert len(idx) == len(ids) - len(drop) and sorted(idx.all_ids()) == sorted(ref2._ids)
    idx.set_refine(2000)
    for q in vecs[:20]:
        assert {i for i, _ in idx.search(q, 10)} == {i for i, _ in ref2.search(q, 10)}
    assert np.allclose(idx.vector(int(ids[1])), vecs[1], atol=1e-6)


@pytest.mark.parametrize("kind", ["flat", "hnsw", "pq"])
def test_remove_and_grow_touch_only_what_changed(kind):
    rng = np.random.default_rng(5)
    vecs = rng.standard_normal((200, 16)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    ids = np.arange(1, 201, dtype=np.int64)
    idx = FaissIndex(16, kind=kind, m=8, ef_construction=40)
    idx.add(ids, vecs)
    keep = set(range(1, 151))
    nxt = grow(
        idx,
        16,
        keep,
        160,
        threshold=10**9 if kind == "flat" else 0,
        m=8,
        ef_construction=40,
        large="pq" if kind == "flat" else kind,
    )
    assert nxt is idx  # same kind: changed in place, not rebuilt from the vectors
    nxt.add(np.arange(1001, 1011, dtype=np.int64), vecs[:10])
    assert sorted(nxt.all_ids().tolist()) == sorted([*keep, *range(1001, 1011)])
    assert np.allclose(nxt.vector(7), vecs[6])


# -- guarantees on a larger base ----------------------------------------------------


@pytest.fixture(scope="module")
def _large_master(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("large")
    home = tmp / "home"
    ingest([_program(tmp, "big.jsonl", 1500, seed=11)], home, HashingEmbedder())
    return home


@pytest.fixture
def large_home(_large_master, tmp_path):
    import shutil

    home = tmp_path / "home"
    shutil.copytree(_large_master, home)
    return home


def test_large_base_crash_while_adding_leaves_the_previous_whole(large_home, tmp_path, monkeypatch):
    before = store.require(large_home)

    def boom(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr(FaissIndex, "save", boom)
    with pytest.raises(RuntimeError):
        ingest(
            [_program(tmp_path, "more.jsonl", 100, seed=12, start=1500)],
            large_home,
            HashingEmbedder(),
        )
    assert store.require(large_home).path == before.path
    with KnowledgeBase(large_home, HashingEmbedder()) as kb:
        assert len(kb.talks) == 1500 and kb.search("kernel scheduler", 5)


def test_large_base_two_ingests_at_once_lose_nothing(large_home, tmp_path):
    files = [
        _program(tmp_path, f"add{n}.jsonl", 50, seed=20 + n, start=2000 + 100 * n) for n in range(2)
    ]
    errors: list[BaseException] = []

    def run(path):
        try:
            ingest([path], large_home, HashingEmbedder())
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(f,)) for f in files]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    build = store.require(large_home)
    assert build.manifest.counts["talks"] == 1600
    assert set(build.manifest.documents) == {"big.jsonl", "add0.jsonl", "add1.jsonl"}
    with KnowledgeBase(large_home, HashingEmbedder()) as kb:
        assert len(kb.talks) == len(kb.vectors) == 1600
    assert json.loads((build.path / store.MANIFEST_FILE).read_text())["files"]


def test_scale_bench_reads_the_ingest_report_of_its_child():
    """bench/scale.py --model default computes texts/s from the child's --json report."""
    import os
    import sys

    from bench.scale import _run_report

    code = "print('progress line'); print('{\"embedded\": 12, \"talks\": 3}')"
    seconds, rss, report = _run_report([sys.executable, "-c", code], dict(os.environ))
    assert report == {"embedded": 12, "talks": 3}
    assert seconds > 0 and rss > 0

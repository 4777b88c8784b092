"""The shared data files of a build (index/store/files.py): sentence chunks read as
one array by row number, raw float16 files checked against the manifest's rows."""

from __future__ import annotations

import numpy as np
import pytest

from index.store import files as sf


def _write(folder, name, vectors):
    writer = sf.ChunkWriter(folder, name)
    for lo in range(0, len(vectors), 3):  # appended piece by piece, as a build does
        writer.append(vectors[lo : lo + 3])
    writer.close()
    return {"file": writer.file, "rows": writer.rows}


def _two_chunks(folder, seed):
    """A manifest of two sentence files (7 and 5 rows of 4), and their rows as one array."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((7, 4)).astype(np.float16)
    b = rng.standard_normal((5, 4)).astype(np.float16)
    manifest = {
        "dimension": 4,
        "sentence_chunks": [_write(folder, "a", a), _write(folder, "b", b)],
    }
    return manifest, np.concatenate([a, b])


def test_chunks_read_as_one_array_by_row_number(tmp_path):
    manifest, both = _two_chunks(tmp_path, 1)
    for mmap in (False, True):
        vecs = sf.load_sentences(
            tmp_path, manifest["sentence_chunks"], manifest["dimension"], mmap=mmap
        )
        assert vecs.shape == (12, 4) and len(vecs) == 12 and vecs.dtype == np.float16
        rows = np.array([11, 0, 6, 7, 3, 7])  # across the boundary, repeated, out of order
        assert np.array_equal(vecs[rows], both[rows])
        rng_rows = np.random.default_rng(2).integers(0, 12, 40)
        assert np.array_equal(vecs[rng_rows], both[rng_rows])
        assert np.array_equal(vecs[2:9], both[2:9])
        assert np.array_equal(np.asarray(vecs, dtype=np.float32), both.astype(np.float32))


def test_runs_of_rows_are_read_in_the_order_asked_across_chunks(tmp_path):
    manifest, both = _two_chunks(tmp_path, 4)
    vecs = sf.load_sentences(
        tmp_path, manifest["sentence_chunks"], manifest["dimension"], mmap=False
    )
    firsts, sizes = [9, 0, 5, 3, 11], [2, 2, 4, 1, 1]  # 5..8 crosses into the second file
    rows = [r for f, n in zip(firsts, sizes, strict=True) for r in range(f, f + n)]
    assert np.array_equal(vecs.read_runs(firsts, sizes), both[rows])
    vecs.prefetch_runs(firsts, sizes)
    assert np.array_equal(vecs.read_runs(firsts, sizes, announce=False), both[rows])
    assert vecs.read_runs([], []).shape == (0, 4)
    with pytest.raises(IndexError):
        vecs.read_runs([10], [3])


def test_a_chunk_of_the_wrong_size_is_refused(tmp_path):
    chunk = _write(tmp_path, "a", np.ones((4, 8), np.float16))
    with pytest.raises(ValueError, match="does not hold 5 vectors"):
        sf.load_sentences(tmp_path, [{**chunk, "rows": 5}], 8)


def test_shared_files_are_one_file_under_two_names(tmp_path):
    src = tmp_path / "one" / "x.bin"
    src.parent.mkdir()
    src.write_bytes(b"abc")
    dst = tmp_path / "two" / "sub" / "x.bin"
    sf.share(src, dst)
    assert dst.read_bytes() == b"abc" and dst.stat().st_ino == src.stat().st_ino


def test_document_copies_round_trip_and_are_named_by_content(tmp_path):
    row = {"name": "prog.csv", "sha256": "ab" * 32, "records": [{"title": "Café ☕"}]}
    rel = sf.save_document(tmp_path, row)
    assert sf.load_document(tmp_path / rel) == row
    assert sf.document_file("prog.csv", "cd" * 32) != rel  # another version, another file

"""The data files inside one build folder, beside its database (the store layer).

Files that never change once written are shared between builds by hard
link, so a build that adds a few talks writes only what is new:

    sentences/<chunk>.f16        float16 sentence vectors, raw (rows x dimension,
                                 little-endian; the manifest's `sentence_chunks`
                                 give each file's rows); the build's rows are
                                 the chunks in manifest order.
                                 Rows of removed talks stay until the next whole
                                 build; only rows the `sentences` table names count.
    lexical/<segment>.<array>.npy  postings segments (index/store/postings.py)
    lexical/lexicon.txt          one stem per line: term id = line number
    lexical/stopwords.txt        the stopwords left out of the index
    lexical/dead.npy             positions of removed talks in the segments
    documents/<name>.jsonl.gz    one parsed document each, to rebuild a lost database

Builds of format 2 kept one `sentences.npy` and one `documents.jsonl.gz`;
they still open.
"""

from __future__ import annotations

import bisect
import contextlib
import gzip
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from index.store.postings import ARRAYS, Segment

SENTENCE_DTYPE = np.float16
SENTENCES_DIR, LEXICAL_DIR, DOCUMENTS_DIR = "sentences", "lexical", "documents"
LEGACY_SENTENCES = "sentences.npy"


def share(src: Path, dst: Path) -> None:
    """Give `dst` the file `src` (a hard link; a copy where links are refused)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(src, dst)
    except OSError:
        shutil.copyfile(src, dst)


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` whole (written aside, synced, renamed), honouring the umask."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        os.fchmod(fd, 0o666 & ~umask())  # mkstemp makes 0600
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


# -- sentence vectors ---------------------------------------------------------------
_WILLNEED = getattr(os, "POSIX_FADV_WILLNEED", None)  # (not on every system)


class RawChunk:
    """A raw float16 chunk read with `pread`, run by run: the rows a query gathers
    pass through the page cache without being mapped into the process, so its
    memory stays flat however large the file (a memory map counts every page it
    touched, ~6 GB at a million talks)."""

    def __init__(self, path: Path, rows: int, dim: int) -> None:
        self.path, self.rows, self.dim = path, rows, dim
        # open now: a later ingest may prune this build while a reader holds it,
        # and an open file outlives its name
        self._fd: int | None = os.open(path, os.O_RDONLY)
        self.shape = (rows, dim)
        self.ndim = 2
        self.dtype = np.dtype("<f2")

    def __len__(self) -> int:
        return self.rows

    def _read(self, first: int, count: int) -> np.ndarray:
        if self._fd is None:
            raise OSError(f"{self.path.name} is closed")
        size = self.dim * 2
        data = os.pread(self._fd, count * size, first * size)
        if len(data) != count * size:
            raise OSError(f"{self.path.name} ends before row {first + count}")
        return np.frombuffer(data, dtype=self.dtype).reshape(count, self.dim)

    def prefetch(self, first: int, count: int) -> None:
        """Ask the kernel to start reading these rows (returns at once). Asked for
        every run of a query before the first is read, the reads go to the disk
        together: 200 talks' sentences from a cold file took 12.5 ms one read
        after another, 3.0 ms prefetched (a million-talk base on this machine)."""
        if self._fd is not None and _WILLNEED is not None:
            os.posix_fadvise(self._fd, first * self.dim * 2, count * self.dim * 2, _WILLNEED)

    def read_into(self, buffer: memoryview, first: int) -> None:
        """Fill `buffer` (whole rows' bytes) with the rows from `first` on: one read."""
        if self._fd is None:
            raise OSError(f"{self.path.name} is closed")
        if os.preadv(self._fd, [buffer], first * self.dim * 2) != len(buffer):
            raise OSError(
                f"{self.path.name} ends before row {first + len(buffer) // (self.dim * 2)}"
            )

    def __getitem__(self, rows: Any) -> np.ndarray:
        if isinstance(rows, slice):
            a, b, step = rows.indices(self.rows)
            if step == 1:
                return self._read(a, max(0, b - a))
            rows = np.arange(a, b, step)
        rows = np.asarray(rows, dtype=np.int64)
        if not len(rows):
            return np.zeros((0, self.dim), self.dtype)
        if rows.min() < 0 or rows.max() >= self.rows:
            raise IndexError(f"row outside {self.path.name}")
        order = np.argsort(rows, kind="stable")
        ranked = rows[order]
        starts_run = np.r_[True, np.diff(ranked) > 1]  # runs of neighbouring (or equal) rows
        run = np.cumsum(starts_run) - 1
        firsts = ranked[starts_run]
        lasts = ranked[np.r_[starts_run[1:], True]]
        sizes = lasts - firsts + 1
        block = np.concatenate(
            [self._read(int(a), int(n)) for a, n in zip(firsts, sizes, strict=True)]
        )
        begins = np.r_[0, np.cumsum(sizes)[:-1]]  # where each run lies in `block`
        out = np.empty((len(rows), self.dim), self.dtype)
        out[order] = block[begins[run] + ranked - firsts[run]]
        return out

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        whole = self._read(0, self.rows)
        return whole if dtype is None else whole.astype(dtype)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        self.close()


class Sentences:
    """The rows of every chunk as one read-only (rows, dim) array: index it with
    row numbers (`vecs[rows]`); large chunks are read row run by row run."""

    def __init__(self, chunks: Sequence[Any], dim: int) -> None:
        self.chunks = list(chunks)
        self.dim = dim
        self.starts = np.cumsum([0] + [len(c) for c in self.chunks])
        self.dtype = self.chunks[0].dtype if self.chunks else np.dtype(SENTENCE_DTYPE)
        self.shape = (int(self.starts[-1]), dim)
        self.ndim = 2

    def __len__(self) -> int:
        return self.shape[0]

    def __getitem__(self, rows: Any) -> np.ndarray:
        if len(self.chunks) == 1:
            return np.asarray(self.chunks[0][rows])
        if isinstance(rows, slice):
            rows = np.arange(*rows.indices(len(self)))
        rows = np.asarray(rows, dtype=np.int64)
        if rows.ndim == 0:
            return self[rows.reshape(1)][0]
        out = np.zeros((len(rows), self.dim), dtype=self.dtype)
        which = np.searchsorted(self.starts, rows, side="right") - 1
        for c in np.unique(which).tolist():
            sel = which == c
            out[sel] = self.chunks[c][rows[sel] - self.starts[c]]
        return out

    def read_runs(
        self, firsts: Sequence[int], sizes: Sequence[int], announce: bool = True
    ) -> np.ndarray:
        """Rows `first` to `first + size - 1` of each run, one run after another: a
        talk's sentences lie together, so a query reads once per talk it scores,
        straight into the array it returns."""
        total = int(sum(sizes))
        out = np.empty((total, self.dim), dtype=self.dtype)
        if not all(isinstance(c, RawChunk) for c in self.chunks):  # arrays (format 2)
            rows = [r for a, n in zip(firsts, sizes, strict=True) for r in range(a, a + n)]
            out[:] = self[np.asarray(rows, dtype=np.int64)] if total else out
            return out
        data = memoryview(out.reshape(-1).view(np.uint8))  # type: ignore[arg-type]
        width = self.dim * out.itemsize
        pieces = self._pieces(firsts, sizes)
        if announce and len(pieces) > 1:  # (not when `prefetch_runs` already did)
            self._prefetch(pieces)
        done = 0
        for c, local, n in pieces:
            self.chunks[c].read_into(data[done * width : (done + n) * width], local)
            done += n
        return out

    def prefetch_runs(self, firsts: Sequence[int], sizes: Sequence[int]) -> None:
        """Have the disk start reading these runs of rows (`read_runs` reads them)."""
        if all(isinstance(c, RawChunk) for c in self.chunks):
            self._prefetch(self._pieces(firsts, sizes))

    def _prefetch(self, pieces: Sequence[tuple[int, int, int]]) -> None:
        for c, local, n in pieces:
            self.chunks[c].prefetch(local, n)

    def _pieces(self, firsts: Sequence[int], sizes: Sequence[int]) -> list[tuple[int, int, int]]:
        """(chunk, first row in it, rows) of each run: a run crossing into the next
        chunk is two pieces."""
        starts = self.starts.tolist()
        pieces = []
        for first, size in zip(firsts, sizes, strict=True):
            first, size = int(first), int(size)
            if first < 0 or first + size > starts[-1]:
                raise IndexError("a sentence row outside the build's sentence files")
            while size:
                c = bisect.bisect_right(starts, first) - 1
                n = min(size, starts[c + 1] - first)
                pieces.append((c, first - starts[c], n))
                first, size = first + n, size - n
        return pieces

    def close(self) -> None:
        for chunk in self.chunks:
            if isinstance(chunk, RawChunk):
                chunk.close()

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        whole = (
            np.concatenate([np.asarray(c) for c in self.chunks])
            if self.chunks
            else np.zeros((0, self.dim), self.dtype)
        )
        return whole if dtype is None else whole.astype(dtype)


Chunks = Sequence[Mapping[str, Any]]  # the manifest's sentence_chunks: {"file", "rows"}


def chunk_names(chunks: Chunks | None) -> list[str]:
    """Paths (relative to the build) of the sentence files, in row order (None: the
    one file of format 2)."""
    if chunks is None:
        return [LEGACY_SENTENCES]
    return [f"{SENTENCES_DIR}/{c['file']}" for c in chunks]


def load_sentences(
    folder: Path, chunks: Chunks | None, dim: int, mmap: bool | None = None
) -> Sentences:
    """The sentence vectors of the build `folder`: its `chunks` (None: format 2's
    one .npy file) of `dim` dimensions."""
    sizes = [int(c["rows"]) for c in chunks] if chunks is not None else [None]
    arrays = []
    for name, rows in zip(chunk_names(chunks), sizes, strict=True):
        path = folder / name
        use_mmap = path.stat().st_size >= 1 << 20 if mmap is None else mmap
        if rows is None:  # format 2: one .npy file
            arr = np.load(path, mmap_mode="r" if use_mmap else None)
        elif path.stat().st_size != rows * dim * 2:
            raise ValueError(f"{name} does not hold {rows} vectors of {dim} dimensions")
        elif rows == 0:
            continue
        elif use_mmap:
            arr = RawChunk(path, rows, dim)
        else:
            arr = np.fromfile(path, dtype="<f2").reshape(rows, dim)
        if arr.ndim == 2 and arr.shape[0]:
            arrays.append(arr)
    return Sentences(arrays, dim)


class ChunkWriter:
    """Appends float16 rows to a new sentence chunk, front to back (written
    through the file, not a memory map: a large build's pages are not held)."""

    def __init__(self, folder: Path, name: str) -> None:
        self.file = f"{name}.f16"
        path = folder / SENTENCES_DIR / self.file
        path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(path, "wb")  # noqa: SIM115 - closed by close()
        self.rows = 0

    def append(self, vectors: np.ndarray) -> None:
        self._fh.write(np.ascontiguousarray(vectors, dtype="<f2").tobytes())
        self.rows += len(vectors)

    def close(self) -> None:
        self._fh.flush()
        os.fsync(self._fh.fileno())
        self._fh.close()


# -- lexical postings -----------------------------------------------------------------
def save_segment(folder: Path, name: str, segment: Segment) -> None:
    (folder / LEXICAL_DIR).mkdir(parents=True, exist_ok=True)
    for array in ARRAYS:
        np.save(folder / LEXICAL_DIR / f"{name}.{array}.npy", getattr(segment, array))


def load_segment(folder: Path, name: str) -> Segment:
    parts = {}
    for array in ARRAYS:
        path = folder / LEXICAL_DIR / f"{name}.{array}.npy"
        found = np.load(path, mmap_mode="r" if path.stat().st_size >= 1 << 20 else None)
        parts[array] = found.view(np.ndarray)  # slices of a plain view cost less than a memmap's
    return Segment(**parts)


def segment_files(name: str) -> list[str]:
    return [f"{LEXICAL_DIR}/{name}.{array}.npy" for array in ARRAYS]


def save_lines(path: Path, lines: Iterable[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        for line in lines:
            fh.write(line + "\n")


def load_lines(path: Path) -> list[str]:
    with open(path, encoding="utf-8") as fh:
        return fh.read().splitlines()


def save_array(path: Path, array: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    np.save(path, array)


def load_array(path: Path) -> np.ndarray:
    return np.load(path)


# -- documents copies ----------------------------------------------------------------
def document_file(name: str, sha256: str) -> str:
    """The copy of one parsed document: named by a hash of its name and content."""
    digest = hashlib.sha256(f"{name}\0{sha256}".encode()).hexdigest()[:24]
    return f"{DOCUMENTS_DIR}/{digest}.json.gz"


def save_document(folder: Path, row: dict[str, Any]) -> str:
    rel = document_file(row["name"], row["sha256"])
    path = folder / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wb", compresslevel=3) as fh:  # one write: json.dump writes in bits
        fh.write(json.dumps(row, ensure_ascii=False).encode("utf-8"))
    return rel


def load_document(path: Path) -> dict[str, Any]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        row = json.load(fh)
    if not isinstance(row, dict):
        raise ValueError(f"{path.name} holds no document")
    return row

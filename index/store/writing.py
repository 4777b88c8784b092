"""Writing a knowledge base: the home's write lock, a build written aside in a
`.partial-*` folder and renamed into place, CURRENT replaced by rename, the
builds kept (KEEP_BUILDS), and a failure to write turned into its one-sentence
error (a read-only home, a full disk). Readers never see a half-written build
(index/store/disk.py reads them).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import duckdb

from index.store import files as sf
from talkbase.core.errors import BaseReadOnly, DiskFull, HomeNotAFolder, TalkbaseError

KEEP_BUILDS = 2


def builds(home: Path) -> list[Path]:
    """Complete build folders, oldest first (names start with their time)."""
    folder = home / "builds"
    if not folder.is_dir():
        return []
    return sorted(
        (p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")),
        key=lambda p: p.name,
    )


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
    inside = filename is None or _inside(home, filename)
    if code in (errno.ENOSPC, errno.EDQUOT) or (
        isinstance(exc, (duckdb.Error, RuntimeError))
        and ("No space left on device" in text or "Disk quota exceeded" in text)
    ):
        if filename is None:  # DuckDB and FAISS name the file in their message
            quoted = _QUOTED.search(text)
            filename = quoted[1] if quoted else None
        # the home's own files (a build being written) are the home; another disk by name
        elsewhere = None
        if filename is not None and not _inside(home, filename):
            elsewhere = str(Path(filename).parent)
        return DiskFull(str(home), elsewhere)
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


_QUOTED = re.compile(r'"(/[^"]+)"')


def _inside(home: Path, filename: object) -> bool:
    try:
        return Path(os.path.abspath(str(filename))).is_relative_to(os.path.abspath(home))
    except (TypeError, ValueError):
        return True


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


@contextlib.contextmanager
def locked(home: Path, waiting: Callable[[int | None], None] | None = None) -> Iterator[list[str]]:
    """Hold the home's write lock: one ingest at a time reads the current build,
    builds the next one and swaps it in, so no ingest loses another's documents.
    When another holds it, `waiting` is told first (with the holder's process id,
    which the holder writes into the lock file, when it can be read), then this waits.
    Yields the sentences saying what an interrupted writer left and was removed."""
    check_home(home)
    with writes_to(home):
        home.mkdir(parents=True, exist_ok=True)
        # opened for writing, never truncated: a read-only home says so here, first
        fd = os.open(home / ".lock", os.O_RDWR | os.O_CREAT, 0o666)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if waiting is not None:
                waiting(_holder(fd))
            fcntl.flock(fd, fcntl.LOCK_EX)
        with contextlib.suppress(OSError):  # who holds it, for the next one waiting
            os.ftruncate(fd, 0)
            os.pwrite(fd, str(os.getpid()).encode(), 0)
        # nobody else writes now: what is half-written was a crash, or a writer stopped
        yield interrupted(remove_leftovers(home))
    finally:
        os.close(fd)


def _holder(fd: int) -> int | None:
    """The process id the lock's holder wrote into the lock file, or None."""
    try:
        text = os.pread(fd, 20, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


def interrupted(gone: list[tuple[str, float]]) -> list[str]:
    """What `remove_leftovers` removed, said: an unfinished build means an ingest
    stopped before it finished (killed, the machine down), whose documents are not in
    the base."""
    builds = sorted(when for name, when in gone if name.startswith(".partial-"))
    if not builds:
        return []
    at = time.strftime("%Y-%m-%d %H:%M", time.localtime(builds[-1]))
    return [
        f"an earlier ingest was stopped before it finished (its unfinished build, last "
        f"written {at}, was removed): the documents it was reading are not in the base "
        "unless given again"
    ]


def remove_leftovers(home: Path) -> list[tuple[str, float]]:
    """Remove what crashed writers left: `.partial-*` build folders and `.CURRENT.*`
    temp files. Call it only under `locked(home)`: then nobody is writing them."""
    gone = []
    folder = home / "builds"
    partials = list(folder.glob(".partial-*")) if folder.is_dir() else []
    for p in partials + list(home.glob(".CURRENT.*")):
        try:
            when = p.lstat().st_mtime
        except OSError:
            when = 0.0
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p, ignore_errors=True)
        else:
            with contextlib.suppress(FileNotFoundError):
                p.unlink()
        gone.append((p.name, when))
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
            os.chmod(tmp, 0o777 & ~sf.umask())  # mkdtemp makes 0700
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
    sf.write_atomic(home / "CURRENT", name + "\n")
    _prune(home / "builds", keep=name)


def _prune(folder: Path, keep: str) -> None:
    old = [p for p in builds(folder.parent) if p.name != keep]
    for p in old[: max(0, len(old) - (KEEP_BUILDS - 1))]:
        shutil.rmtree(p, ignore_errors=True)

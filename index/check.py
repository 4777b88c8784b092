"""`talkbase check`: verify every file of a knowledge base, say what is wrong and
how to recover, and (`--repair`) recover.

Checking reads everything: the sha256 of every file against the manifest, every
row of every DuckDB table (DuckDB verifies its block checksums as it reads), the
FAISS ids against the talk ids, the norms of the vectors, and every stored talk
and record read back as search, export and a rebuild read them (a value that breaks
reading leaves every checksum whole: such records rebuild nothing). Recovery prefers
what loses nothing: rebuild from the documents stored in the current build's
database (only texts missing from its embedding cache are embedded again);
else go back to the previous build, which `store.KEEP_BUILDS` keeps.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path
from typing import Any

import duckdb
import numpy as np

from index.build.builder import restore
from index.store import disk as store
from index.store import tables
from index.store.manifest import Manifest
from talkbase.core.errors import (
    KnowledgeBaseDamaged,
    KnowledgeBaseMissing,
    NewerFormat,
    TalkbaseError,
)
from talkbase.core.records import talk_from_dict


@dataclass(frozen=True)
class BuildState:
    name: str
    problems: tuple[str, ...]
    database_ok: bool  # its stored documents can be read: they can rebuild the base
    documents: tuple[str, ...] = ()
    manifest: Manifest | None = field(default=None, repr=False)  # None: it cannot be read

    @property
    def whole(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class CheckReport:
    home: str
    current: str | None  # the build CURRENT names (None if it names none)
    problems: tuple[str, ...]  # of the base in use; empty when it is whole
    builds: tuple[BuildState, ...]
    advice: str
    repaired: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {
            "home": self.home,
            "current": self.current,
            "ok": self.ok,
            "problems": list(self.problems),
            "advice": self.advice,
            "repaired": self.repaired,
            "builds": [
                {
                    "name": b.name,
                    "whole": b.whole,
                    "problems": list(b.problems),
                    "database_ok": b.database_ok,
                }
                for b in self.builds
            ],
        }


def _read_all_tables(path: Path) -> int:
    """Read every row of every table (DuckDB checks block checksums on the way)."""
    con = store.connect(path, read_only=True)
    try:
        rows = 0
        tables = con.execute("SELECT schema_name, table_name FROM duckdb_tables()").fetchall()
        for schema, table in tables:
            (n,) = con.execute(
                f'SELECT count(*) FROM "{schema}"."{table}" AS t WHERE hash(t) IS NOT NULL'
            ).fetchone() or (0,)
            rows += int(n)
        return rows
    finally:
        con.close()


def _stored_documents(path: Path) -> tuple[str, ...]:
    con = store.connect(path, read_only=True)
    try:
        return tuple(
            r[0] for r in con.execute("SELECT name FROM documents ORDER BY name").fetchall()
        )
    finally:
        con.close()


def _norms_ok(vectors: np.ndarray) -> bool:
    if not len(vectors):
        return True
    norms = np.linalg.norm(np.asarray(vectors, dtype=np.float32), axis=1)
    return bool(np.all(np.isfinite(norms)) and np.all(np.abs(norms - 1.0) < 1e-2))


def check_build(path: Path) -> BuildState:
    """Everything wrong with the build folder `path` (nothing: it is whole)."""
    problems: list[str] = []
    manifest: Manifest | None
    try:
        manifest = store.read_manifest(path)
    except KnowledgeBaseDamaged as exc:
        problems.append(exc.problem)
        manifest = None
    build = store.Build(path, manifest or Manifest.empty())
    if manifest is not None:
        problems += store.verify_files(build, hashes=True)
    database_ok = False
    documents: tuple[str, ...] = ()
    db_changed = any(p.startswith(store.DB_FILE) for p in problems)
    if build.db_path.exists():
        try:  # the stored documents can rebuild everything, even from a damaged file
            with store.reading(build):
                documents = _stored_documents(build.db_path)
            database_ok = True
            with store.reading(build):
                _read_all_tables(build.db_path)
        except KnowledgeBaseDamaged as exc:
            if not db_changed:
                problems.append(exc.problem.split(": ", 1)[-1])
    if not database_ok and manifest is not None:
        copy = store.load_documents(build)  # the documents' copy beside the database
        if copy is not None:
            database_ok = True
            documents = tuple(sorted(str(d["name"]) for d in copy))
    if manifest is not None and database_ok and not problems:
        problems += _check_contents(build)
    if database_ok and not problems:
        unread = _unreadable_records(build)
        problems += unread
        database_ok = not unread  # (its documents' records cannot rebuild the base)
    return BuildState(path.name, tuple(problems), database_ok, documents, manifest)


_STORED_RECORDS = (  # the talks search and export read, the records a rebuild reads
    ("talk", "SELECT id, record FROM talks"),
    ("record", "SELECT talk_id, record FROM records"),
)
_SAID = 3  # unreadable records named, of each kind


def _unreadable_records(build: store.Build) -> list[str]:
    """The stored talks and records that do not read back as the talk they were
    written from (`talk_from_dict`, then as search and export show it): a value that
    breaks reading (a moment Python's calendar cannot hold) leaves every file's
    checksum whole but makes each search a failure."""
    problems: list[str] = []
    with store.reading(build):
        con = store.connect(build.db_path, read_only=True)
        try:
            for kind, query in _STORED_RECORDS:
                if kind == "record" and not tables.has_records_table(con):
                    continue
                bad: list[str] = []
                rows = con.execute(query)
                while batch := rows.fetchmany(10_000):
                    bad += [f"{i} ({why})" for i, r in batch if (why := _unreadable(r))]
                if bad:
                    more = f" and {len(bad) - _SAID:,} more" if len(bad) > _SAID else ""
                    problems.append(
                        f"stored {kind}(s) that cannot be read back: {'; '.join(bad[:_SAID])}{more}"
                    )
        finally:
            con.close()
    return problems


def _unreadable(record: str) -> str | None:
    """Why a stored record does not read back as a talk and out again; None when it does."""
    try:
        talk = talk_from_dict(json.loads(record))
        talk.to_dict()
        _ = talk.duration_minutes, [m.astimezone(UTC) for m in (talk.start, talk.end) if m]
    except (ValueError, TypeError, KeyError, OverflowError, AttributeError) as exc:
        return f"{type(exc).__name__}: {' '.join(str(exc).split())[:80]}"
    return None


def _check_contents(build: store.Build) -> list[str]:
    """Counts, ids and norms: what a checksum cannot vouch for in an old manifest."""
    try:
        con, vectors, sentences = store.open_build(build)
    except KnowledgeBaseDamaged as exc:
        return [exc.problem.split(": ", 1)[-1]]
    try:
        with store.reading(build):
            ids = np.array(
                sorted(r[0] for r in con.execute("SELECT id FROM talks").fetchall()), dtype=np.int64
            )
            index = vectors.index
            faiss_ids = (
                np.sort(vectors.all_ids()) if hasattr(index, "id_map") else np.zeros(0, np.int64)
            )
            problems = []
            if hasattr(index, "id_map") and not np.array_equal(ids, faiss_ids):
                problems.append(f"the ids in {store.VECTORS_FILE} are not the talk ids")
            talk_vecs = (
                np.vstack([vectors.vector(int(i)) for i in ids[:10_000]])
                if len(ids)
                else np.zeros((0, 1), np.float32)
            )
            if not _norms_ok(talk_vecs):
                problems.append(f"{store.VECTORS_FILE} holds vectors that are not unit length")
            parts = getattr(sentences, "chunks", [sentences])
            step = 100_000  # a slice at a time: a large base's vectors do not fit in memory
            if not all(_norms_ok(c[a : a + step]) for c in parts for a in range(0, len(c), step)):
                problems.append(f"{store.SENTENCES_FILE} holds vectors that are not unit length")
            return problems
    except KnowledgeBaseDamaged as exc:
        return [exc.problem.split(": ", 1)[-1]]
    finally:
        con.close()


def check(home: Path) -> CheckReport:
    """Check the base in use and every build kept beside it; say how to recover.

    A base in use of a newer format than this talkbase reads is refused
    (NewerFormat): this talkbase can neither vouch for it nor repair it."""
    store.check_home(home)
    marker = home / "CURRENT"
    kept = store.builds(home)
    name = marker.read_text(encoding="utf-8", errors="replace").strip() if marker.exists() else ""
    if not kept and not marker.exists():
        raise KnowledgeBaseMissing(str(home))
    in_use = home / "builds" / name
    if name and in_use in kept:
        try:
            store.read_manifest(in_use)
        except NewerFormat:
            raise
        except KnowledgeBaseDamaged:
            pass  # said below, with the rest of what is wrong
    states = tuple(check_build(p) for p in reversed(kept))  # newest first
    by_name = {s.name: s for s in states}
    problems: list[str] = []
    if not marker.exists():
        problems.append("CURRENT is missing")
    elif not name:
        problems.append("CURRENT is empty")
    elif name not in by_name:
        problems.append(f"CURRENT names the build {name}, which is missing")
    else:
        problems += [f"build {name}: {p}" for p in by_name[name].problems]
    advice = _advice(problems, name, states) + _unfinished(home)
    return CheckReport(str(home), name or None, tuple(problems), states, advice)


def _unfinished(home: Path) -> str:
    """A sentence on an unfinished build beside the base ("" for none): checked
    without the write lock, it is an ingest writing now or one stopped before it
    finished."""
    partials = sorted((home / "builds").glob(".partial-*")) if (home / "builds").is_dir() else []
    if not partials:
        return ""
    at = time.strftime("%Y-%m-%d %H:%M", time.localtime(max(p.stat().st_mtime for p in partials)))
    return (
        f" An unfinished build (last written {at}) lies beside it: an ingest is writing now, "
        "or one was stopped before it finished; the next ingest removes it and says so."
    )


def _plan(name: str, states: tuple[BuildState, ...]) -> tuple[str, BuildState] | None:
    """("rebuild", state) from its stored documents, or ("switch", state) to a whole build."""
    cur = next((s for s in states if s.name == name), None)
    if cur is None and states:
        cur = states[0]  # CURRENT lost: the newest build is the one that was in use
    if cur is not None and cur.whole and cur.name != name:
        return ("switch", cur)
    if cur is not None and cur.database_ok:
        return ("rebuild", cur)
    for s in states:
        if s.whole:
            return ("switch", s)
    for s in states:
        if s.database_ok:
            return ("rebuild", s)
    return None


def _advice(problems: list[str], name: str, states: tuple[BuildState, ...]) -> str:
    if not problems:
        return "The knowledge base is whole."
    plan = _plan(name, states)
    if plan is None:
        return (
            "No build holds readable documents to recover from: ingest the program files "
            "again with 'talkbase ingest --replace PATH'."
        )
    how, state = plan
    if how == "rebuild":
        return (
            f"Recover with 'talkbase check --repair': it rebuilds the base from the "
            f"{len(state.documents)} document(s) stored in build {state.name}."
        )
    cur = next((s for s in states if s.name == name), None)
    lost = sorted(set(cur.documents if cur else ()) - set(state.documents))
    tail = f" Ingest again what came after it: {', '.join(lost)}." if lost else ""
    return (
        f"Recover with 'talkbase check --repair': it goes back to build {state.name}, "
        f"which is whole.{tail}"
    )


def repair(home: Path, embedder: Any) -> CheckReport:
    """Recover as `check` advises, under the write lock; return the new check."""
    with store.locked(home):
        report = check(home)
        if report.ok:
            return report
        plan = _plan(report.current or "", report.builds)
        if plan is None:
            raise TalkbaseError(report.advice)
        how, state = plan
        try:
            done = _recover(home, embedder, how, state)
        except (TalkbaseError, OSError, duckdb.Error) as exc:
            # a database that checked out partly can still fail when read whole:
            # fall back to any other build that is whole
            fallback = next((s for s in report.builds if s.whole and s.name != state.name), None)
            if fallback is None:
                raise TalkbaseError(
                    f"Repair failed ({exc}); ingest the program files again with "
                    "'talkbase ingest --replace PATH'."
                ) from None
            store.commit(home, fallback.name)
            done = f"went back to build {fallback.name} (rebuilding {state.name} failed)"
        store.remove_leftovers(home)
    after = check(home)
    return CheckReport(after.home, after.current, after.problems, after.builds, after.advice, done)


def _recover(home: Path, embedder: Any, how: str, state: BuildState) -> str:
    if how == "switch":
        store.commit(home, state.name)
        return f"went back to build {state.name}"
    trusted = not any(p.startswith(store.DB_FILE) for p in state.problems)
    vectors_ok = not any(
        word in p
        for p in state.problems
        for word in (store.VECTORS_FILE, store.SENTENCES_FILE, "cannot be read")
    )
    result = restore(
        home,
        embedder,
        home / "builds" / state.name,
        state.manifest,
        reuse_vectors=vectors_ok and trusted,
        use_copy=not trusted,
    )
    return (
        f"rebuilt {result.talks} talks from the {len(state.documents)} documents "
        f"of build {state.name} ({result.embedded} texts embedded again)"
    )

"""Build a knowledge base from program documents, aside, then swap it in.

Ingest keeps every document it has seen (its parsed records are stored in the
build), so adding one document re-merges it with the others; re-ingesting a
document replaces its old version. Only texts not embedded before (by content
hash, same model) go through the model.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from index import store
from index.cache import VectorCache, key_of
from index.changes import Changes, compare
from index.embed import Embedder, built_identity, describe, identity_of
from index.schema import DDL, FTS_FIELDS
from index.vectors import FaissIndex, grow
from ingest.detect import ParsedDocument, expand_all, parse_path
from ingest.merge import merge_talks
from ingest.text import sentences, title_key
from talkbase import settings
from talkbase.errors import InputError, KnowledgeBaseDamaged, ModelMismatch
from talkbase.records import Talk, talk_from_dict

ID_SPACE = 10**9
HNSW_EF_CONSTRUCTION = 80


Progress = Callable[[str, int, int], None]  # (stage, done, total): "parse", "embed"


@dataclass
class Report:
    documents: list[ParsedDocument] = field(default_factory=list)
    failed: list[InputError] = field(default_factory=list)
    removed_documents: list[str] = field(default_factory=list)
    talks: int = 0
    merged: int = 0
    conflicts: int = 0
    embedded: int = 0
    reused: int = 0
    seconds: float = 0.0
    embed_seconds: float = 0.0  # time spent in the encoder (texts/s = embedded / this)
    home: str = ""
    changes: Changes = field(default_factory=Changes)
    written: bool = False
    notices: list[str] = field(default_factory=list)

    @property
    def warnings(self) -> list[str]:
        return self.notices + [w for d in self.documents for w in d.warnings]


def embedding_text(talk: Talk) -> str:
    """What one talk's vector is made from: its title and abstract.

    Measured on the dev judgments (see README, "Search quality"): adding the
    track name or the digest's notes did not help; the notes are searched
    through their own sentence vectors and BM25 instead.
    """
    return f"{talk.title}\n{talk.abstract}".strip()


def talk_sentences(talk: Talk) -> list[str]:
    """The sentences "why it matched" can quote: abstract first, then the notes."""
    out = sentences(talk.abstract) if talk.abstract else []
    for _label, text in talk.notes:
        out += [s for s in sentences(text) if s not in out]
    return out or [talk.title]


def stable_id(talk: Talk, taken: set[int]) -> int:
    """An id that survives re-ingests: from the source's own id when it has one,
    else from the conference year and the title (not the conference's full
    name, which can change when another document names it more fully)."""
    m = re.search(r"\b(19|20)\d\d\b", talk.conference)
    year = m.group(0) if m else (str(talk.start.year) if talk.start else "")
    ident = f"uid:{year}|{talk.uid}" if talk.uid else f"{year}|{title_key(talk.title)}"
    n = int.from_bytes(hashlib.sha1(ident.encode()).digest()[:8], "big") % ID_SPACE or 1
    while n in taken:
        n = n % (ID_SPACE - 1) + 1
    taken.add(n)
    return n


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _previous(
    home: Path,
    model: str,
    rebuild: bool = False,
    replace_all: bool = False,
) -> tuple[dict[str, ParsedDocument], dict[str, np.ndarray], dict[int, Talk]]:
    """Documents, embeddings and talks of the build in use.

    `rebuild` re-embeds everything (needed after changing the model);
    `replace_all` forgets the stored documents, and is the one way to start
    afresh over a damaged base (any other ingest refuses: KnowledgeBaseDamaged).
    """
    try:
        build = store.current(home)
        if build is not None and not replace_all:
            problems = store.verify_files(build, hashes=True)
            if problems:
                raise build.damaged(problems[0])
    except KnowledgeBaseDamaged:
        if replace_all:
            return {}, {}, {}
        raise
    if build is None:
        return {}, {}, {}
    built_with = built_identity(build.manifest)
    if built_with != model and not rebuild:
        raise ModelMismatch(str(home), str(built_with), model)
    with store.reading(build):
        return _read_previous(build, model, rebuild, replace_all)


def _read_previous(
    build: store.Build,
    model: str,
    rebuild: bool,
    replace_all: bool,
) -> tuple[dict[str, ParsedDocument], dict[str, np.ndarray], dict[int, Talk]]:
    built_with = built_identity(build.manifest)
    con = store.connect(build.db_path)
    try:
        docs = {}
        for name, path, fmt, sha, warnings, records in con.execute(
            "SELECT name, path, format, sha256, warnings, records FROM documents ORDER BY name"
        ).fetchall():
            talks = tuple(talk_from_dict(r) for r in json.loads(records))
            docs[name] = ParsedDocument(path, name, fmt, sha, talks, tuple(json.loads(warnings)))
        cache: Any = {}
        if built_with == model and not rebuild and build.manifest.get("format_version", 1) >= 2:
            cache = _previous_vectors(build, con)
        old = {
            int(i): talk_from_dict(json.loads(r))
            for i, r in con.execute("SELECT id, record FROM talks").fetchall()
        }
    finally:
        con.close()
    return ({} if replace_all else docs), cache, old


def _previous_vectors(build: store.Build, con: Any) -> VectorCache:
    """The previous build's vectors, by text hash, read from its files on demand."""
    found = con.execute("SELECT key, talk_id, row FROM embeddings").fetchnumpy()
    return VectorCache(
        int(build.manifest["dimension"]),
        np.asarray(found["key"], dtype=np.int64),
        np.nan_to_num(np.asarray(found["talk_id"], dtype=np.float64), nan=-1).astype(np.int64),
        np.nan_to_num(np.asarray(found["row"], dtype=np.float64), nan=-1).astype(np.int64),
        FaissIndex.load(str(build.vectors_path)),
        store.load_sentences(build, mmap=True),
    )


def _embed(
    texts: list[str],
    embedder: Embedder,
    cache: dict[str, np.ndarray],
    progress: Progress | None = None,
) -> tuple[np.ndarray, int]:
    hashes = [_hash(t) for t in texts]
    first = {h: texts[i] for i, h in reversed(list(enumerate(hashes)))}
    # shortest first: texts of one batch have similar lengths, so little padding
    todo = sorted((h for h in dict.fromkeys(hashes) if h not in cache), key=lambda h: len(first[h]))
    step = getattr(embedder, "preferred_batch", 64)  # the Ray engine wants the whole list
    for lo in range(0, len(todo), step):
        chunk = todo[lo : lo + step]
        vecs = embedder.embed([first[h] for h in chunk])
        for h, v in zip(chunk, vecs, strict=True):
            cache[h] = v
        if progress:
            progress("embed", min(lo + step, len(todo)), len(todo))
    dim = embedder.dim
    if isinstance(cache, VectorCache):
        return cache.gather(hashes), len(todo)
    out = np.vstack([cache[h] for h in hashes]) if texts else np.zeros((0, dim), np.float32)
    return out.astype(np.float32), len(todo)


def parse_all(
    paths: Iterable[str | Path],
    fmt: str | None,
    report: Report,
    progress: Progress | None = None,
    mapping: dict[str, str] | None = None,
    conference: str | None = None,
) -> list[ParsedDocument]:
    """Parse every file; unreadable ones go to `report.failed`."""
    files, skipped = expand_all(paths)
    report.failed.extend(skipped)
    parsed: list[ParsedDocument] = []
    for n, path in enumerate(files, start=1):
        try:
            parsed.append(parse_path(path, fmt, mapping, conference))
        except InputError as exc:
            report.failed.append(exc)
        if progress:
            progress("parse", n, len(files))
    if not parsed:
        if report.failed:
            raise report.failed[0]
        raise InputError(", ".join(map(str, paths)) or "(nothing)", "no program files found")
    return _distinct_names(parsed)


def _distinct_names(parsed: list[ParsedDocument]) -> list[ParsedDocument]:
    """Two files of one name (fosdem/schedule.xml, ccc/schedule.xml) are two
    documents: each is then named with its folder."""
    count: dict[str, int] = {}
    for doc in parsed:
        count[doc.name] = count.get(doc.name, 0) + 1
    out = []
    for doc in parsed:
        if count[doc.name] > 1:
            name = f"{Path(doc.path).parent.name}/{doc.name}"
            talks = tuple(
                replace(
                    t,
                    sources=tuple(
                        replace(src, document=name) if src.document == doc.name else src
                        for src in t.sources
                    ),
                )
                for t in doc.talks
            )
            doc = replace(doc, name=name, talks=talks)
        out.append(doc)
    return out


def ingest(
    paths: Iterable[str | Path],
    home: Path,
    embedder: Embedder,
    fmt: str | None = None,
    rebuild: bool = False,
    progress: Progress | None = None,
    dry_run: bool = False,
    mapping: dict[str, str] | None = None,
    replace_all: bool = False,
    conference: str | None = None,
) -> Report:
    """Parse `paths`, merge with what the knowledge base holds, build, swap in.

    A file that cannot be read is reported in `Report.failed` and skipped; when
    no file could be read, the first error is raised and nothing changes.
    `mapping` names table columns ({"title": "Paper Name"}). `rebuild`
    re-embeds every text (after a model change); `replace_all` keeps only the
    documents given now. With `dry_run`, nothing is embedded or written: the report only tells what
    would change (`talkbase diff`).
    """
    t0 = time.perf_counter()
    report = Report(home=str(home))
    paths = list(paths)
    parsed = parse_all(paths, fmt, report, progress, mapping, conference)
    with contextlib.nullcontext() if dry_run else store.locked(home):
        docs, cache, old = _previous(home, identity_of(embedder), rebuild, replace_all)
        for doc in parsed:
            earlier = docs.get(doc.name)
            if earlier is not None and earlier.path != doc.path and earlier.sha256 != doc.sha256:
                report.notices.append(
                    f"{doc.path}: replaces the document of the same name read from {earlier.path}"
                )
            docs[doc.name] = doc
        report.documents = parsed
        _build(home, embedder, docs, cache, old, report, progress, dry_run)
    report.seconds = time.perf_counter() - t0
    return report


def remove(
    home: Path,
    embedder: Embedder,
    documents: Iterable[str] = (),
    conference: str | None = None,
    dry_run: bool = False,
) -> Report:
    """Remove documents (by file name) and/or every talk of a conference."""
    with contextlib.nullcontext() if dry_run else store.locked(home):
        return _remove(home, embedder, list(documents), conference, dry_run)


def _remove(
    home: Path, embedder: Embedder, names: list[str], conference: str | None, dry_run: bool
) -> Report:
    t0 = time.perf_counter()
    report = Report(home=str(home))
    store.require(home)
    docs, cache, old = _previous(home, identity_of(embedder))
    unknown = [n for n in names if n not in docs]
    if unknown:
        raise InputError(
            unknown[0], "no such document in the knowledge base; known: " + ", ".join(sorted(docs))
        )
    conf_key = title_key(conference) if conference else None
    if conf_key and not any(title_key(t.conference) == conf_key for t in old.values()):
        known = sorted({t.conference for t in old.values()})
        raise InputError(conference or "", "no such conference; known: " + ", ".join(known))
    for name in names:
        del docs[name]
        report.removed_documents.append(name)
    if conf_key:
        for name, doc in list(docs.items()):
            keep = tuple(t for t in doc.talks if title_key(_conference_of(t, old)) != conf_key)
            if not keep:
                del docs[name]
                report.removed_documents.append(name)
            elif len(keep) != len(doc.talks):
                docs[name] = replace(doc, talks=keep)
    _build(home, embedder, docs, cache, old, report, None, dry_run)
    report.seconds = time.perf_counter() - t0
    return report


def restore(
    home: Path,
    embedder: Embedder,
    folder: Path,
    manifest: dict[str, Any],
    reuse_vectors: bool = True,
    use_copy: bool = False,
) -> Report:
    """Rebuild the base from the documents stored in the build `folder` and swap
    it in (`talkbase check --repair`). Call it under `store.locked(home)`.
    Without a manifest, or with `reuse_vectors=False` (its vector files are
    damaged), every text is embedded again. `use_copy` reads the documents
    from the copy beside the database (when the database is damaged)."""
    t0 = time.perf_counter()
    report = Report(home=str(home))
    built_with = built_identity(manifest)
    if built_with is not None and built_with != identity_of(embedder):
        raise ModelMismatch(str(home), str(built_with), identity_of(embedder))
    build = store.Build(folder, manifest)
    copy = store.load_documents(build) if use_copy else None
    if copy is not None:  # the database is damaged: its documents' copy rebuilds everything
        docs: dict[str, ParsedDocument] = documents_from(copy)
        cache: Any = {}
        old: dict[int, Talk] = {}
    else:
        with store.reading(build):
            docs, cache, old = _read_previous(
                build, identity_of(embedder), built_with is None or not reuse_vectors, False
            )
    _build(home, embedder, docs, cache, old, report, None, False)
    report.seconds = time.perf_counter() - t0
    return report


def document_rows(docs: Iterable[ParsedDocument]) -> list[dict[str, Any]]:
    """Parsed documents as plain data, for the copy kept beside the database."""
    return [
        {
            "name": d.name,
            "path": d.path,
            "format": d.format,
            "sha256": d.sha256,
            "warnings": list(d.warnings),
            "records": [t.to_dict() for t in d.talks],
        }
        for d in docs
    ]


def documents_from(rows: list[dict[str, Any]]) -> dict[str, ParsedDocument]:
    return {
        r["name"]: ParsedDocument(
            r["path"],
            r["name"],
            r["format"],
            r["sha256"],
            tuple(talk_from_dict(t) for t in r["records"]),
            tuple(r["warnings"]),
        )
        for r in rows
    }


def _conference_of(record: Talk, old: dict[int, Talk]) -> str:
    """The (canonical) conference a parsed record ended up in."""
    key = title_key(record.title)
    for t in old.values():
        if title_key(t.title) == key and any(s in t.sources for s in record.sources):
            return t.conference
    return record.conference


def _build(
    home: Path,
    embedder: Embedder,
    docs: dict[str, ParsedDocument],
    cache: dict[str, np.ndarray],
    old: dict[int, Talk],
    report: Report,
    progress: Progress | None,
    dry_run: bool,
) -> None:
    talks = merge_talks(t for d in docs.values() for t in d.talks)
    taken: set[int] = set()
    talks = [replace(t, id=stable_id(t, taken)) for t in talks]
    report.changes = compare(old, {t.id: t for t in talks})
    report.talks = len(talks)
    report.merged = sum(1 for t in talks if len(t.sources) > 1)
    report.conflicts = sum(len(t.conflicts) for t in talks)
    if dry_run:
        return
    rows = [(t.id, i, s) for t in talks for i, s in enumerate(talk_sentences(t))]
    talk_keys = [key_of(_hash(embedding_text(t))) for t in talks]
    with store.building(home) as folder:
        index = _vectors(folder, talks, talk_keys, rows, embedder, cache, report, progress)
        report.reused = len(talks) + len(rows) - report.embedded
        keys = (
            np.array(talk_keys + [key_of(_hash(r[2])) for r in rows], dtype=np.int64),
            np.array([t.id for t in talks] + [-1] * len(rows), dtype=np.int64),
            np.r_[np.full(len(talks), -1, np.int64), np.arange(len(rows), dtype=np.int64)],
        )
        _write_database(folder / store.DB_FILE, talks, list(docs.values()), rows, keys)
        store.save_documents(folder, document_rows(docs.values()))
        index.save(str(folder / store.VECTORS_FILE))
        store.write_manifest(
            folder,
            {
                "format_version": store.FORMAT_VERSION,
                "model": embedder.name,
                "encoder": identity_of(embedder),
                "encoder_info": describe(identity_of(embedder)),
                "dimension": embedder.dim,
                "embedding_text": "title + abstract; one vector per sentence of abstract and notes",
                "counts": {
                    "talks": len(talks),
                    "documents": len(docs),
                    "sentences": len(rows),
                    "speakers": len({s.name for t in talks for s in t.speakers}),
                    "merged": report.merged,
                    "conflicts": report.conflicts,
                },
                "documents": sorted(docs),
                "conferences": sorted({t.conference for t in talks}),
                "versions": store.versions(),
                "built_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "vector_index": index.params(),
                "sentence_dtype": np.dtype(store.SENTENCE_DTYPE).name,
            },
        )
    report.written = True


EMBED_CHUNK = 50_000  # texts embedded (and held in memory) at a time


def _vectors(
    folder: Path,
    talks: list[Talk],
    talk_keys: list[int],
    rows: list[tuple[int, int, str]],
    embedder: Embedder,
    cache: Any,
    report: Report,
    progress: Progress | None,
) -> FaissIndex:
    """Write the sentence vectors into `folder` and return the talk index.

    A talk whose text is unchanged keeps its vector in the previous build's
    index (only removed and new vectors are touched); sentence vectors come
    from the previous build's file when their text is unchanged. Texts are
    embedded in chunks, so memory stays flat however large the base."""
    known = getattr(cache, "talk_keys", {})
    keep = {t.id for t, k in zip(talks, talk_keys, strict=True) if known.get(t.id) == k}
    fresh = [t for t in talks if t.id not in keep]
    index = grow(
        getattr(cache, "talks", None),
        embedder.dim,
        keep,
        len(talks),
        settings.index_threshold(),
        settings.hnsw_m(),
        HNSW_EF_CONSTRUCTION,
    )
    index.set_ef_search(settings.hnsw_ef())
    sent_file = store.sentence_file(folder, len(rows), embedder.dim)
    texts = [embedding_text(t) for t in fresh] + [r[2] for r in rows]
    t_embed = time.perf_counter()
    report.embedded = 0
    # the Ray engine starts its workers once per call: it asks for bigger chunks
    chunk = max(EMBED_CHUNK, getattr(embedder, "preferred_batch", 0))
    for lo in range(0, len(texts), chunk):
        part, new = _embed(texts[lo : lo + chunk], embedder, cache, progress)
        report.embedded += new
        n_talk = max(0, min(len(fresh) - lo, len(part)))
        index.add(np.array([t.id for t in fresh[lo : lo + n_talk]], dtype=np.int64), part[:n_talk])
        s_lo = max(0, lo - len(fresh))
        sent_file[s_lo : s_lo + len(part) - n_talk] = part[n_talk:]
        if isinstance(cache, VectorCache):
            cache.forget_new()  # written out: memory stays flat
    report.embed_seconds = time.perf_counter() - t_embed
    if isinstance(sent_file, np.memmap):
        sent_file.flush()
    del sent_file
    return index


def _bulk(con: Any, table: str, rows: list[tuple[Any, ...]]) -> None:
    """Insert many rows at once through a DataFrame (executemany is slow in DuckDB)."""
    if not rows:
        return
    import pandas as pd

    columns = [c[0] for c in con.execute(f"SELECT * FROM {table} LIMIT 0").description]
    frame = pd.DataFrame.from_records(rows, columns=columns)
    con.register("_rows", frame)
    try:
        con.execute(f"INSERT INTO {table} SELECT * FROM _rows")
    finally:
        con.unregister("_rows")


def _write_database(
    path: Path,
    talks: list[Talk],
    docs: list[ParsedDocument],
    rows: list[tuple[int, int, str]],
    keys: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> None:
    con = store.connect(path, read_only=False)
    try:
        con.execute(DDL)
        speaker_ids: dict[str, int] = {}
        talk_rows, ts_rows, note_rows, src_rows, conf_rows = [], [], [], [], []
        for t in talks:
            record = json.dumps(t.to_dict(), ensure_ascii=False)
            talk_rows.append(
                (
                    t.id,
                    t.title,
                    t.conference,
                    t.day,
                    t.start.replace(tzinfo=None) if t.start else None,
                    t.end.replace(tzinfo=None) if t.end else None,
                    t.start.strftime("%H:%M") if t.start else None,
                    t.end.strftime("%H:%M") if t.end else None,
                    str(t.start.tzinfo) if t.start else None,
                    t.room,
                    t.track,
                    t.format,
                    t.abstract,
                    t.abstract_only,
                    "; ".join(f"{s.name} {s.affiliation or ''}".strip() for s in t.speakers),
                    " ".join(text for _, text in t.notes),
                    _hash(record),
                    record,
                )
            )
            for pos, s in enumerate(t.speakers):
                sid = speaker_ids.setdefault(s.name, len(speaker_ids) + 1)
                ts_rows.append((t.id, sid, pos, s.affiliation, s.org))
            note_rows += [(t.id, label, text) for label, text in t.notes]
            src_rows += [(t.id, s.document, s.parser, s.location, s.section) for s in t.sources]
            conf_rows += [(t.id, c.field, d, v) for c in t.conflicts for d, v in c.values]
        if talk_rows:
            _bulk(con, "talks", talk_rows)
        if speaker_ids:
            _bulk(con, "speakers", [(i, n) for n, i in speaker_ids.items()])
        for table, data in (
            ("talk_speakers", ts_rows),
            ("notes", note_rows),
            ("sources", src_rows),
            ("conflicts", conf_rows),
        ):
            _bulk(con, table, data)
        con.execute("""
            INSERT INTO tracks
            SELECT track, conference, any_value(json_extract_string(record, '$.track_description')),
                   count(*)
            FROM talks WHERE track IS NOT NULL GROUP BY track, conference
        """)
        con.execute("""
            INSERT INTO conferences
            SELECT conference, year(min(day)), any_value(timezone), count(*), min(day), max(day)
            FROM talks GROUP BY conference
        """)
        if docs:
            _bulk(
                con,
                "documents",
                [
                    (
                        d.name,
                        d.path,
                        d.format,
                        d.sha256,
                        len(d.talks),
                        json.dumps(list(d.warnings)),
                        json.dumps([t.to_dict() for t in d.talks], ensure_ascii=False),
                    )
                    for d in docs
                ],
            )
        if rows:
            _bulk(
                con, "sentences", [(i, tid, pos, text) for i, (tid, pos, text) in enumerate(rows)]
            )
        if len(keys[0]):
            import pandas as pd

            frame = pd.DataFrame(
                {
                    "key": keys[0],
                    "talk_id": pd.array(keys[1], dtype="Int64"),
                    "row": pd.array(keys[2], dtype="Int64"),
                }
            )
            frame.loc[frame["talk_id"] < 0, "talk_id"] = None
            frame.loc[frame["row"] < 0, "row"] = None
            con.register("_keys", frame)
            con.execute("INSERT INTO embeddings SELECT key, talk_id, row FROM _keys")
            con.unregister("_keys")
        fields = ", ".join(f"'{f}'" for f in FTS_FIELDS)
        con.execute(
            f"PRAGMA create_fts_index('talks', 'id', {fields}, stemmer='porter', "
            "stopwords='english', ignore='[^\\p{L}\\p{N}]+', strip_accents=1, lower=1, "
            "overwrite=1)"
        )
        con.execute("CHECKPOINT")
    finally:
        con.close()

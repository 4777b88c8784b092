"""Writing one build: the talks of a plan (index/build/delta.py) embedded, stored in
the database's tables, the vector index, a new sentence-vector file and a new
postings segment, with the unchanged files of the previous build shared by
hard link, then the manifest; all in a folder aside, swapped in at the end.
"""

from __future__ import annotations

import shutil
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

from index.build import delta, lexicon
from index.build import multilingual as multilingual_vectors
from index.build.cache import VectorCache, key_of, text_hash
from index.build.report import Report
from index.build.texts import (
    late_docs,
    sentence_hashes,
    sentence_mode,
    talk_texts,
    talk_tokens,
)
from index.encoders.embed import Embedder, describe, identity_of
from index.search.rank.tokens import kept_marks
from index.search.read.vocab import talk_words, words_of
from index.store import disk as store
from index.store import files as sf
from index.store import reads, tables
from index.store.counts import (
    add_acronyms,
    add_words,
    mark_words_cut,
    start_acronyms,
    start_words,
)
from index.store.manifest import (
    EMBEDDING_TEXT,
    FORMAT_VERSION,
    Manifest,
    built_now,
    versions,
)
from index.store.manifest import write as write_manifest
from index.store.vectors import FaissIndex, grow
from ingest.detect import ParsedDocument
from ingest.text import talk_sentences
from talkbase.core import settings
from talkbase.core.acronyms import Pair, of_talk
from talkbase.core.errors import TalkbaseError
from talkbase.core.languages import own_languages
from talkbase.core.records import Talk

HNSW_EF_CONSTRUCTION = 80
Progress = Callable[[str, int, int], None]  # (stage, done, total): "parse", "embed"
Waiting = Callable[[int | None], None]  # told that another change holds the lock (its pid)


def embed_texts(
    texts: list[str],
    embedder: Embedder,
    cache: VectorCache,
    progress: Progress | None = None,
) -> tuple[np.ndarray, int]:
    """The vectors of `texts` (float32 rows) and how many distinct texts went
    through the model; the others come from `cache`."""
    hashes = [text_hash(t) for t in texts]
    out = np.zeros((len(texts), embedder.dim), dtype=np.float32)
    where: dict[str, list[int]] = {}
    for i, h in enumerate(hashes):
        where.setdefault(h, []).append(i)
    cached = cache.has(hashes)
    known = np.flatnonzero(cached).tolist()
    if known:
        out[known] = cache.gather([hashes[i] for i in known])
    # shortest first: texts of one batch have similar lengths, so little padding
    todo = sorted(
        (h for h, at in where.items() if not cached[at[0]]), key=lambda h: len(texts[where[h][0]])
    )
    step = getattr(embedder, "preferred_batch", 64)  # the Ray engine wants the whole list
    for lo in range(0, len(todo), step):
        chunk = todo[lo : lo + step]
        vecs = embedder.embed([texts[where[h][0]] for h in chunk])
        for h, v in zip(chunk, vecs, strict=True):
            out[where[h]] = v
        if progress:
            progress("embed", min(lo + step, len(todo)), len(todo))
    return out, len(todo)


LATE_BATCH = 32  # talks per embed_late call: their token vectors stay small


def _late_vectors(
    index: FaissIndex,
    talks: list[Talk],
    texts: list[str],
    same: set[int],
    rows: list[tuple[int, int, int, str]],
    embedder: Embedder,
    cache: Any,
    writer: sf.ChunkWriter,
    progress: Progress | None,
) -> int:
    """`_vectors` with late sentence vectors: one pass per talk (and one per
    talk with notes) gives its vector and its sentences'; a talk whose vectors
    are all in `cache` takes no pass. Returns how many vectors were made."""
    talk_h = [text_hash(x) for x in texts]  # (whole in this mode: `talk_texts`)
    sent_h = sentence_hashes(talks, "late")
    known_t, known_s = cache.has(talk_h), cache.has(sent_h)
    out = np.zeros((len(sent_h), embedder.dim), np.float32)
    if known_s.any():
        out[known_s] = cache.gather([h for h, k in zip(sent_h, known_s, strict=True) if k])
    tvecs = np.zeros((len(talks), embedder.dim), np.float32)
    if known_t.any():
        tvecs[known_t] = cache.gather([h for h, k in zip(talk_h, known_t, strict=True) if k])
    first = np.cumsum([0] + [len(talk_sentences(t)) for t in talks])
    todo = [
        i
        for i, t in enumerate(talks)
        if (t.id not in same and not known_t[i]) or not known_s[first[i] : first[i + 1]].all()
    ]
    made = 0
    for lo in range(0, len(todo), LATE_BATCH):
        chunk = todo[lo : lo + LATE_BATCH]
        passes = [(i, d) for i in chunk for d in late_docs(talks[i])]
        tv, sv = embedder.embed_late([(text, spans) for _, (text, spans, _) in passes])  # type: ignore[attr-defined]
        for n, (i, (_, _, positions)) in enumerate(passes):
            if n == 0 or passes[n - 1][0] != i:  # the talk's own pass
                if not known_t[i]:
                    tvecs[i] = tv[n]
                    made += talks[i].id not in same
            out[first[i] + np.asarray(positions, np.int64)] = sv[n]
            made += len(positions)
        if progress:
            progress("embed", min(lo + LATE_BATCH, len(todo)), len(todo))
    fresh = [i for i, t in enumerate(talks) if t.id not in same]
    index.add(np.array([talks[i].id for i in fresh], dtype=np.int64), tvecs[fresh])
    writer.append(out)
    return made


def document_rows(docs: Iterable[ParsedDocument]) -> list[dict[str, Any]]:
    """Parsed documents as plain data, for the copy kept beside the database."""
    return [
        {
            "name": d.name,
            "path": d.path,
            "format": d.format,
            "sha256": d.sha256,
            "warnings": list(d.warnings),
            "ingested": d.ingested,
            "read_with": d.read_with,
            "records": [t.to_dict() for t in d.talks],
        }
        for d in docs
    ]


WRITE_CHUNK = 5_000  # talks embedded and written at a time: memory stays flat
TEXTS_PER_TALK = 12  # about: the talk and its sentences (FOSDEM: 7,479 texts, 943 talks)


def write(
    home: Path,
    previous: store.Build | None,
    plan: delta.Plan,
    embedder: Embedder,
    cache: Any,
    report: Report,
    progress: Progress | None,
    own: list[str] | None = None,
) -> None:
    """Write the build `plan` describes (aside), then swap it in. A change
    (`plan.delta`) starts from a copy of `previous`'s database and shares its
    unchanged files; a whole build writes everything. `own`: each talk's own text
    (`talk_texts`), when the caller already made them to look the previous
    vectors up (tokenizing them again would be the same work twice)."""
    report.changes = plan.changes
    report.talks = plan.total
    name = uuid.uuid4().hex[:12]  # of the files this build adds to the shared ones
    prev = previous if plan.delta else None
    with store.building(home) as folder:
        if prev is not None:
            shutil.copyfile(prev.db_path, folder / store.DB_FILE)
        con = store.connect(folder / store.DB_FILE, read_only=False)
        try:
            if prev is not None:
                start_acronyms(con)  # (a base from before the table)
                start_words(con, kept_marks(), words_of)  # (one whose words cut at marks)
                tables.delete_talks(con, plan.removed)
                tables.delete_documents(con, plan.removed_documents)
                speaker_ids = tables.speaker_ids(con)
                row = prev.sentence_rows()
            else:
                tables.create(con)
                speaker_ids, row = {}, 0
            mode = sentence_mode(embedder)
            limit = talk_tokens(prev)
            texts = own if own is not None else talk_texts(plan.talks, embedder, mode, limit)
            talk_keys = [key_of(text_hash(t)) for t in texts]
            index, same = _start_index(plan, texts, talk_keys, embedder, cache)
            writer = sf.ChunkWriter(folder, name)
            words: Counter[str] = Counter()
            acronyms: Counter[Pair] = Counter()
            embed_seconds = 0.0
            report.embedded = 0
            # the Ray engine starts its workers once per call: it asks for bigger chunks
            step = max(WRITE_CHUNK, getattr(embedder, "preferred_batch", 0) // TEXTS_PER_TALK)
            for lo in range(0, len(plan.talks), step):
                part = plan.talks[lo : lo + step]
                rows = [(row + n, *r) for n, r in enumerate(_sentence_rows(part))]
                row += len(rows)
                keys = talk_keys[lo : lo + step]
                t_embed = time.perf_counter()
                vectors = _late_vectors if mode == "late" else _vectors
                report.embedded += vectors(
                    index,
                    part,
                    texts[lo : lo + step],
                    same,
                    rows,
                    embedder,
                    cache,
                    writer,
                    progress,
                )
                embed_seconds += time.perf_counter() - t_embed
                tables.insert_talks(con, part, speaker_ids)
                tables.insert_sentences(con, rows)
                tables.insert_keys(
                    con,
                    np.array(keys + [key_of(h) for h in sentence_hashes(part, mode)], np.int64),
                    np.array([t.id for t in part] + [-1] * len(rows), dtype=np.int64),
                    np.r_[
                        np.full(len(part), -1, np.int64), np.array([r[0] for r in rows], np.int64)
                    ],
                )
                for t in part:
                    words.update(talk_words(t))
                    acronyms.update(of_talk(t.title, t.abstract))
            writer.close()
            report.embed_seconds = embed_seconds
            tables.insert_documents(con, plan.documents)
            tables.insert_records(con, plan.records)
            for t in plan.old.values():
                words.subtract(talk_words(t))
                acronyms.subtract(of_talk(t.title, t.abstract))
            add_words(con, words)
            mark_words_cut(con, kept_marks())  # (as `vocab.word_tuple` cuts: read on open)
            add_acronyms(con, acronyms)
            tables.refresh_summaries(con)
            lexical_meta = _lexical_index(folder, prev, plan, con, name)
            report.stopword_languages = tuple(lexical_meta["languages"])
            report.own_stopwords = int(lexical_meta.get("own_stopwords", 0))
            in_use = previous if previous is not None else _in_use(home)
            made, seconds, why = multilingual_vectors.write(
                folder, con, in_use, embedder.name, progress
            )
            report.multilingual, report.multilingual_seconds, report.multilingual_why = (
                made,
                seconds,
                why,
            )
            counts = tables.counts(con)
            con.execute("CHECKPOINT")
        finally:
            con.close()
        chunks = list(prev.manifest.sentence_chunks or ()) if prev is not None else []
        if writer.rows or not chunks:
            chunks.append({"file": writer.file, "rows": writer.rows})
        else:
            (folder / sf.SENTENCES_DIR / writer.file).unlink()
        doc_files = _document_files(folder, prev, plan)
        # (a copy written now is no shared one, though the same bytes read another way,
        # another --conference or zone, give it the previous copy's name)
        fresh = {sf.document_file(d.name, d.sha256) for d in plan.documents}
        shared: dict[str, Any] = {}
        if prev is not None:
            recorded = prev.manifest.files or {}
            for rel in [*prev.manifest.chunk_names(), *doc_files.values()]:
                if (prev.path / rel).exists() and not (folder / rel).exists():
                    sf.share(prev.path / rel, folder / rel)
                if rel in recorded and rel not in fresh:
                    shared[rel] = recorded[rel]
            for seg in lexical_meta["segments"]:
                for rel in sf.segment_files(seg):
                    if rel in recorded:
                        shared[rel] = recorded[rel]
        index.save(str(folder / store.VECTORS_FILE))
        report.merged, report.conflicts = counts["merged"], counts["conflicts"]
        report.reused = counts["talks"] + counts["sentences"] - report.embedded
        conferences = counts.pop("conference_names")  # a list, not a count
        ident = identity_of(embedder)
        manifest = Manifest(
            format_version=FORMAT_VERSION,
            model=embedder.name,
            encoder=ident,
            encoder_info={
                **describe(ident),
                "sentence_vectors": mode,
                "talk_tokens": str(limit if mode == "separate" else 0),
            },
            dimension=embedder.dim,
            embedding_text=EMBEDDING_TEXT,
            counts={
                **counts,
                "documents": len(plan.all_documents),
                "sentence_rows": sum(int(c["rows"]) for c in chunks),
            },
            documents=tuple(plan.all_documents),
            document_files=doc_files,
            conferences=tuple(conferences),
            versions=versions(),
            built_at=built_now(),
            vector_index=index.params(),
            sentence_dtype=np.dtype(store.SENTENCE_DTYPE).name,
            sentence_chunks=tuple(chunks),
            lexical=lexical_meta,
        )
        write_manifest(folder, manifest, shared)
    report.written = True


def _lexical_index(
    folder: Path, prev: store.Build | None, plan: delta.Plan, con: Any, name: str
) -> dict[str, Any]:
    """The build's lexical index: `prev`'s extended with the plan's talks, or made
    anew from every talk of the build (its database open as `con`) when there is no
    `prev` or the languages the program is written in changed (lexicon.fits)."""
    languages = own_languages(reads.language_counts(con))
    if prev is None or lexicon.fits(prev, languages):  # the plan's talks: new or changed
        return lexicon.extend_index(
            folder, prev, lambda: _index_texts(plan.talks), plan.removed, con, name, languages
        )
    every = reads.Talks(con)  # the languages changed: every talk of the build, anew
    try:
        return lexicon.extend_index(
            folder, None, lambda: _index_texts(every.values()), (), con, name, languages
        )
    finally:
        every.close()


def _index_texts(talks: Iterable[Talk]) -> Iterable[tuple[int, str, str | None]]:
    for t in talks:
        text = lexicon.index_text(
            t.title, t.abstract, tables.speakers_text(t), t.track, tables.notes_text(t)
        )
        yield t.id, text, t.language


def _in_use(home: Path) -> store.Build | None:
    """The build in use, whose multilingual vectors a whole build may reuse; None when
    there is none or it cannot be read (a repair rebuilds from the documents)."""
    try:
        return store.current(home)
    except TalkbaseError:
        return None


def _sentence_rows(talks: list[Talk]) -> list[tuple[int, int, str]]:
    """(talk id, position, sentence) of every sentence of these talks."""
    return [(t.id, i, s) for t in talks for i, s in enumerate(talk_sentences(t))]


def _document_files(folder: Path, prev: store.Build | None, plan: delta.Plan) -> dict[str, str]:
    """Write the copy of each new document; name the copies of the others (shared)."""
    files = dict(prev.manifest.document_files or {}) if prev is not None else {}
    for name in plan.removed_documents:
        files.pop(name, None)
    for row in document_rows(plan.documents):
        files[row["name"]] = sf.save_document(folder, row)
    return {n: files[n] for n in plan.all_documents if n in files}


def _start_index(
    plan: delta.Plan, texts: list[str], talk_keys: list[int], embedder: Embedder, cache: Any
) -> tuple[FaissIndex, set[int]]:
    """The talk index of the next build before its new vectors: the previous one,
    less the talks that leave it. Returns it with the ids of the talks whose
    vector stays (same id, same text)."""
    known = getattr(cache, "talk_keys", {})
    talks = plan.talks
    same = {t.id for t, k in zip(talks, talk_keys, strict=True) if known.get(t.id) == k}
    before = getattr(cache, "talks", None)
    stored = before.all_ids() if before is not None else np.zeros(0, np.int64)
    if plan.delta:  # arrays, not sets: a large base holds a million ids
        leaving = set(plan.removed) - same
        keep = stored[~np.isin(stored, np.fromiter(leaving, np.int64, len(leaving)))]
    else:
        keep = np.fromiter(same, np.int64, len(same))
        leaving = set(stored[~np.isin(stored, keep)].tolist())
    if isinstance(cache, VectorCache) and leaving:  # read before they leave the index
        cache.pin(
            [text_hash(x) for t, x in zip(talks, texts, strict=True) if t.id not in same], leaving
        )
    index = grow(
        before,
        embedder.dim,
        keep,
        plan.total,
        settings.index_threshold(),
        settings.hnsw_m(),
        HNSW_EF_CONSTRUCTION,
        settings.large_index(),
    )
    index.set_ef_search(settings.hnsw_ef())
    index.set_refine(settings.refine())
    return index, same


def _vectors(
    index: FaissIndex,
    talks: list[Talk],
    texts: list[str],
    same: set[int],
    rows: list[tuple[int, int, int, str]],
    embedder: Embedder,
    cache: Any,
    writer: sf.ChunkWriter,
    progress: Progress | None,
) -> int:
    """Add the vectors of `talks` (those not in `same`; `texts`: each one's
    `talk_texts`) to `index` and append those of their sentences `rows` to `writer`;
    returns how many texts went through the model (every other vector is read from
    the previous build)."""
    fresh = [t for t in talks if t.id not in same]
    own = [x for t, x in zip(talks, texts, strict=True) if t.id not in same]
    vectors, new = embed_texts(own + [r[3] for r in rows], embedder, cache, progress)
    index.add(np.array([t.id for t in fresh], dtype=np.int64), vectors[: len(fresh)])
    writer.append(vectors[len(fresh) :])
    return new

"""Build a knowledge base from program documents, aside, then swap it in.

Ingest keeps every document it has seen (its parsed records are stored in the
build). Adding or re-ingesting documents changes only the talks they touch
(index/build/delta.py): the next build copies the database, shares the unchanged
vector, postings and document files with the build in use by hard link, and
writes only what is new. A whole build (the first ingest, --rebuild,
--replace, remove, repair, or when shared files have piled up) merges every
stored record again. Only texts not embedded before (by content hash, same
model) go through the model.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from index.build import (
    delta,
    identity,
    kindred,
    lexicon,
    multilingual,
    previous,
    reading,
    texts,
    write,
)
from index.build.cache import VectorCache, key_of, text_hash
from index.build.report import Report
from index.build.texts import embedding_text, talk_sentences  # noqa: F401 (re-exported)
from index.build.write import Progress, Waiting
from index.encoders.embed import Embedder, built_identity, identity_of
from index.store import candidates, reads, tables
from index.store import disk as store
from index.store.manifest import FORMAT_VERSION, Manifest
from index.store.vectors import index_kind
from ingest import lookups
from ingest.detect import ParsedDocument, expand_all, join_pages, parse_path, zone_assumed
from ingest.text import title_key
from talkbase.core import settings
from talkbase.core.errors import InputError, KnowledgeBaseDamaged, ModelMismatch
from talkbase.core.languages import own_languages
from talkbase.core.records import Talk

MAX_CHUNKS = 24  # shared sentence files before a whole build folds them into one...
FOLD_UP_TO = 200_000  # ...in a base of at most this many talks (a whole build of a
# larger one holds every record in memory: it keeps adding files instead)
MAX_DEAD_SHARE = 0.25  # rows of removed talks kept in shared files, before a whole build
KIN_LOOKED_AT = 5  # stored documents of other names compared with those given: the most alike


def parse_all(
    paths: Iterable[str | Path],
    fmt: str | None,
    report: Report,
    progress: Progress | None = None,
    mapping: dict[str, str] | None = None,
    conference: str | None = None,
) -> list[ParsedDocument]:
    """Parse every file; unreadable ones go to `report.failed`, but for a site's
    reference table read beside a program (lookups.named_by_tables: a notice)."""
    files, skipped = expand_all(paths, notices=report.notices)
    report.failed.extend(skipped)
    parsed: list[ParsedDocument] = []
    refused: list[tuple[Path, InputError]] = []
    for n, path in enumerate(files, start=1):
        try:
            parsed.append(parse_path(path, fmt, mapping, conference))
        except InputError as exc:
            refused.append((path, exc))
        if progress:
            progress("parse", n, len(files))
    parsed, failed, notices = lookups.named_by_tables(parsed, refused)
    report.failed.extend(failed)
    report.notices.extend(notices)
    if not parsed:
        if report.failed:
            raise report.failed[0]
        raise InputError(", ".join(map(str, paths)) or "(nothing)", "no program files found")
    read_with = reading.options(fmt, mapping, conference)  # (stored beside each: reading.py)
    return [replace(d, read_with=read_with) for d in join_pages(parsed)]


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
    shrink: bool = False,
    waiting: Waiting | None = None,
) -> Report:
    """Parse `paths`, merge with what the knowledge base holds, build, swap in.

    A file that cannot be read is reported in `Report.failed` and skipped; when
    no file could be read, the first error is raised and nothing changes.
    `mapping` names table columns ({"title": "Paper Name"}). `rebuild`
    re-embeds every text (after a model change); `replace_all` keeps only the
    documents given now, and the stored versions of the files given that could not be
    read or were refused (a file named is never taken as gone; sweep 22). With `dry_run`, nothing is embedded or written: the report only tells what
    would change (`talkbase diff`).
    """
    t0 = time.perf_counter()
    report = Report(home=str(home))
    paths = list(paths)
    parsed = parse_all(paths, fmt, report, progress, mapping, conference)
    lock: contextlib.AbstractContextManager[list[str]] = (
        contextlib.nullcontext([]) if dry_run else store.locked(home, waiting)
    )
    with lock as stopped:
        report.notices += stopped
        parsed, renamed, rezoned = _identified(home, parsed, report, shrink, replace_all)
        report.documents = parsed
        if not (rebuild or replace_all or renamed or rezoned) and _change_in_place(
            home, embedder, parsed, report, progress, dry_run
        ):
            report.seconds = time.perf_counter() - t0
            return report
        unread: list[str] = []  # stored documents of files given but not read: kept
        if replace_all:  # said, never silent: a whole program may go (sweep 13 F8)
            report.removed_documents, unread = previous.forgotten(
                home, {d.name for d in parsed}, [e.path for e in report.failed]
            )
            report.notices += [_kept_unread(name) for name in unread]
        docs, cache, old = previous.of_home(home, embedder, rebuild, replace_all, set(unread))
        for name, conference in renamed.items():  # (the talks of another name's program)
            if name in docs:
                docs[name] = replace(
                    docs[name],
                    talks=tuple(replace(t, conference=conference) for t in docs[name].talks),
                )
        for name, (zone, other) in rezoned.items():  # (the times of another's program)
            if name in docs:
                docs[name] = kindred.in_zone(docs[name], zone, other)
        known = {n: (d.sha256, d.read_with, d.ingested) for n, d in docs.items()}
        report.notices += reading.read_again(
            parsed, {n: (d.sha256, d.read_with) for n, d in docs.items()}
        )
        for doc in delta.numbered(parsed, known):
            docs[doc.name] = doc
        _build(home, embedder, docs, cache, old, report, progress, dry_run)
    report.seconds = time.perf_counter() - t0
    return report


def _kept_unread(name: str) -> str:
    """The notice that `--replace` keeps a stored document whose file it was given
    but could not read (or refused): a file named is never taken as gone."""
    return (
        f"{name}: its file was given but not read (skipped), so --replace keeps its "
        "stored version; mend the file and ingest it again, or remove the stored one "
        f"with: talkbase remove {name}"
    )


def _identified(
    home: Path, parsed: list[ParsedDocument], report: Report, shrink: bool, replace_all: bool
) -> tuple[list[ParsedDocument], dict[str, str], dict[str, tuple[str, str]]]:
    """`parsed` under the names of the stored documents they are again, or names of
    their own (index/build/identity.py), each of the conference of a document of
    another name that holds the same program, where one of them names its conference
    after its file (index/build/kindred.py); and the stored documents whose talks take
    another conference so, or another's zone (a whole build renames or moves them). A file refused as cut short
    goes to `report.failed`, and when every file is refused the first refusal is
    raised."""
    stored: dict[str, identity.Stored] = {}
    others: dict[str, identity.Stored] = {}
    spread: dict[str, int] = {}
    zoned: list[tuple[str, str, str]] = []  # (conference, zone, document) stored
    unzoned: set[str] = set()  # the stored documents that name no zone of their own
    # (--replace forgets the stored documents of other names, but a file given again
    # is its stored namesake's new version, refused as any other where it looks cut)
    build = previous.in_use(home, replace_all)
    try:
        if build is not None:
            bases = {identity.file_key(d.name) for d in parsed}
            keys = {title_key(t.title) for d in parsed for t in kindred.specific(d.talks)}
            with store.reading(build):
                con = store.connect(build.db_path)
                try:
                    docs = tables.stored_documents(con)
                    names = [n for n in docs if identity.file_key(n) in bases]
                    alike = (
                        []
                        if replace_all
                        else candidates.documents_sharing_titles(
                            con, keys, KIN_LOOKED_AT + len(names)
                        )
                    )
                    records = tables.records_of_documents(con, list(dict.fromkeys(names + alike)))
                    if names or alike:
                        spread = tables.titles_in_several_conferences(con)
                    # the zones of the stored talks of the conferences of the documents that
                    # name no zone of their own (index/build/kindred.py `held`)
                    zoned = tables.zones_of_conferences(
                        con,
                        set()
                        if replace_all
                        else {
                            t.conference
                            for d in parsed
                            if zone_assumed(d.warnings)
                            for t in d.talks
                        },
                    )
                    unzoned = {n for n in docs if zoned and zone_assumed(docs[n][3])}
                finally:
                    con.close()
            stored = {
                n: identity.Stored(n, docs[n][0], tuple(records[n]), tuple(docs[n][3]))
                for n in names
            }
            others = {
                n: identity.Stored(n, docs[n][0], tuple(records[n]), tuple(docs[n][3]))
                for n in alike
            }
    except KnowledgeBaseDamaged as exc:  # (the store's word for it: `store.reading`)
        if not replace_all:
            raise
        report.notices.append(
            f"the stored base cannot be read ({exc.problem}): --replace starts afresh"
        )
        stored, others, spread, zoned, unzoned = {}, {}, {}, [], set()
    named = identity.name_documents(parsed, stored, shrink, spread, replacing=replace_all)
    report.notices += named.notices
    report.failed += named.refused
    if not named.documents:
        raise named.refused[0]
    again = {d.name for d in named.documents} | unzoned  # (their zones are not the base's)
    held: dict[str, frozenset[str]] = {}
    for conference, zone, document in zoned:
        if document not in again:
            held[conference] = held.get(conference, frozenset()) | {zone}
    kin = kindred.related(
        named.documents, {} if replace_all else {**others, **stored}, spread, held
    )
    report.notices += kin.notices
    return kin.documents, kin.renamed, kin.rezoned


def _change_in_place(
    home: Path,
    embedder: Embedder,
    parsed: list[ParsedDocument],
    report: Report,
    progress: Progress | None,
    dry_run: bool = False,
    dropped: Sequence[str] = (),
) -> bool:
    """Add `parsed` to the build in use touching only the talks they change (with
    `dry_run`, only say what would change); False when a whole build is due (no
    base yet, an older format, shared files piled up, or a change that renames
    stored talks)."""
    build = previous.in_use(home, False)
    if build is None or not _can_change(build):
        return False
    previous.check_model(home, build, embedder, False)
    with store.reading(build):
        con = store.connect(build.db_path)
        try:
            plan = delta.change(con, parsed, dropped)
            if plan is None:
                return False
            unchanged = not (plan.talks or plan.removed or plan.removed_documents)
            if (
                unchanged
                and _index_fits(build)
                and multilingual.fits(build.path, con, embedder.name)
                and lexicon.fits(build, own_languages(reads.language_counts(con)))
            ):
                # nothing new (the same documents again): the build in use stays
                report.talks = plan.total
                report.merged = build.count("merged") or 0
                report.conflicts = build.count("conflicts") or 0
                report.reused = plan.total + (build.count("sentences") or 0)
                report.changes = plan.changes
                return True
            if dry_run:
                report.notices += plan.notices
                report.changes, report.talks = plan.changes, plan.total
                # the base's counts, less the talks replaced, plus their new versions
                for attr, count in (
                    ("merged", lambda ts: sum(1 for t in ts if len(t.sources) > 1)),
                    ("conflicts", lambda ts: sum(len(t.conflicts) for t in ts)),
                ):
                    before = (build.count(attr) or 0) - count(plan.old.values())
                    setattr(report, attr, before + count(plan.talks))
                return True
            limit = texts.talk_tokens(build if plan.delta else None)
            own = texts.talk_texts(plan.talks, embedder, texts.sentence_mode(embedder), limit)
            keys = _keys_of(plan.talks, own, embedder)
            cache = previous.vectors(build, con, np.array(keys, dtype=np.int64))
        finally:
            con.close()
    report.notices += plan.notices
    write.write(home, build, plan, embedder, cache, report, progress, own)
    return True


def _index_fits(build: store.Build) -> bool:
    """The build's vector index is of the kind the settings ask for at its size."""
    want = index_kind(build.count("talks") or 0, settings.index_threshold(), settings.large_index())
    return build.manifest.index_kind == want


def _can_change(build: store.Build) -> bool:
    m = build.manifest
    if m.format_version != FORMAT_VERSION or m.lexical is None:
        return False
    rows, used = build.sentence_rows(), build.count("sentences") or 0
    lexical_dead = int(m.lexical.get("dead", 0))
    talks = build.count("talks") or 0
    return (
        (len(m.sentence_chunks or ()) < MAX_CHUNKS or talks > FOLD_UP_TO)
        and rows - used <= MAX_DEAD_SHARE * max(rows, 1)
        and lexical_dead <= MAX_DEAD_SHARE * max(talks + lexical_dead, 1)
    )


def _keys_of(talks: list[Talk], own: list[str], embedder: Embedder) -> list[int]:
    """The keys of every vector of these talks (talk, then sentences), as `embedder`
    makes them: `own` holds each talk's own text (texts.talk_texts), the sentences'
    keys follow texts.sentence_mode."""
    return [key_of(text_hash(t)) for t in own] + [
        key_of(h) for h in texts.sentence_hashes(talks, texts.sentence_mode(embedder))
    ]


def remove(
    home: Path,
    embedder: Embedder,
    documents: Iterable[str] = (),
    conference: str | None = None,
    dry_run: bool = False,
    waiting: Waiting | None = None,
) -> Report:
    """Remove documents (by file name) and/or every talk of a conference. `waiting`
    (as `ingest`'s) is told when another change to the base holds its lock."""
    with contextlib.nullcontext() if dry_run else store.locked(home, waiting):
        return _remove(home, embedder, list(documents), conference, dry_run)


def _remove(
    home: Path, embedder: Embedder, names: list[str], conference: str | None, dry_run: bool
) -> Report:
    t0 = time.perf_counter()
    report = Report(home=str(home))
    store.require(home)
    if (
        not conference
        and names
        and _change_in_place(home, embedder, [], report, None, dry_run, dropped=names)
    ):
        report.removed_documents = list(names)
        report.seconds = time.perf_counter() - t0
        return report
    docs, cache, old = previous.of_home(home, embedder)
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
    manifest: Manifest | None,
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
    manifest = manifest or Manifest.empty()
    built_with = built_identity(manifest)
    if built_with is not None and built_with != identity_of(embedder):
        raise ModelMismatch(str(home), str(built_with), identity_of(embedder))
    build = store.Build(folder, manifest)
    copy = store.load_documents(build) if use_copy else None
    if copy is not None:  # the database is damaged: its documents' copy rebuilds everything
        docs: dict[str, ParsedDocument] = previous.documents_from(copy)
        cache: Any = {}
        old: dict[int, Talk] = {}
    else:
        with store.reading(build):
            docs, cache, old = previous.read(
                build, identity_of(embedder), built_with is None or not reuse_vectors, False
            )
    _build(home, embedder, docs, cache, old, report, None, False)
    report.seconds = time.perf_counter() - t0
    return report


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
    cache: Any,
    old: dict[int, Talk],
    report: Report,
    progress: Progress | None,
    dry_run: bool,
) -> None:
    """A whole build: every stored record merged again, every file written anew."""
    plan = delta.whole(docs, old)
    if not isinstance(cache, VectorCache):  # new vectors leave memory once written
        cache = VectorCache(embedder.dim)
    if dry_run:
        report.changes = plan.changes
        report.talks = plan.total
        report.merged = sum(1 for t in plan.talks if len(t.sources) > 1)
        report.conflicts = sum(len(t.conflicts) for t in plan.talks)
        return
    write.write(home, None, plan, embedder, cache, report, progress)

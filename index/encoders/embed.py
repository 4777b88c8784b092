"""Embedders: one method, `embed(texts) -> (n, dim) float32`, rows L2-normalised.

The encoders, chosen by TALKBASE_MODEL and TALKBASE_ENCODER (index/encoders/registry.py):
  onnx-int8, onnx  the bundled MiniLM as int8 (default) or fp32 ONNX, run by
         onnxruntime (index/encoders/onnx_encoder.py): no torch, fast to load and to run;
  torch  sentence-transformers: any model by name or folder (torch_encoder.py);
  hashing  TALKBASE_MODEL=hashing, bag-of-words vectors for tests and scale runs.

Every embedder has an `identity` ("model|backend|model-hash"), known without
loading it (`identity()`); the manifest records it and a knowledge base
answers only queries embedded with the same one. Heavy libraries are imported
only when a model loads, and a model loads once per process. `LazyEmbedder`
loads on the first `embed` call: ingest reads and checks every file before that.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

import numpy as np

from index.encoders import registry
from index.encoders.base import (
    HASHING,
    Embedder,
    describe,
    identity_of,
    known_words,
    normalise,
    resolve_model_path,
)
from index.encoders.hashing import HashingEmbedder
from index.encoders.late import Doc
from index.encoders.registry import encoder_setting
from index.encoders.torch_encoder import SentenceTransformerEmbedder
from talkbase.core import settings
from talkbase.core.errors import TalkbaseError

__all__ = [
    "HASHING",
    "Embedder",
    "HashingEmbedder",
    "LazyEmbedder",
    "SentenceTransformerEmbedder",
    "built_identity",
    "describe",
    "encoder_setting",
    "identity",
    "identity_of",
    "kept_encoder",
    "load",
    "normalise",
    "resolve_model_path",
]


def identity(name: str | None = None, encoder: str | None = None) -> str:
    """What a knowledge base records about the embedder `load(name)` gives under
    TALKBASE_ENCODER=`encoder`, computed without loading it:
    "model|backend|model-hash", e.g.
    "sentence-transformers/all-MiniLM-L6-v2|onnx-int8-avx512_vnni|1b2c3d4e5f60"."""
    name = name or settings.model_name()
    if registry.by_model(name) is not None:
        return registry.choose(name).identity(name, "")
    return _identity(name, encoder or encoder_setting())


@lru_cache(maxsize=8)
def _identity(name: str, encoder: str) -> str:
    return registry.choose(name, encoder).identity(name, encoder)


class Recorded(Protocol):
    """What a build's manifest says of its encoder (index.store.manifest.Manifest)."""

    @property
    def model(self) -> str: ...

    @property
    def encoder(self) -> str | None: ...


def built_identity(manifest: Recorded) -> str | None:
    """The identity a knowledge base was built with. Older ones recorded only the
    model: a real local model then ran through torch."""
    if manifest.encoder:
        return manifest.encoder
    model = manifest.model
    if not model:  # no manifest could be read
        return None
    if registry.by_model(model) is None and os.path.isdir(resolve_model_path(model)):
        return identity(model, "torch")
    return model


class LazyEmbedder:
    """An embedder whose name and identity are known at once and whose model
    loads on the first `embed` (or `dim`, when it cannot be read from the
    model's files)."""

    def __init__(self, name: str | None = None, device: str | None = None) -> None:
        self.name = name or settings.model_name()
        self.device = device
        self.identity = identity(self.name)
        self._encoder: str | None = None  # TALKBASE_ENCODER's value unless `follow` set one
        self._real: Embedder | None = None

    def follow(self, recorded: str) -> bool:
        """Embed as a base built as `recorded` was, when `kept_encoder` allows it (then
        True, and nothing is loaded yet); False when it does not."""
        encoder = kept_encoder(self.name, recorded)
        if encoder is None:
            return False
        if self.identity != recorded:
            self._encoder, self.identity, self._real = encoder, recorded, None
        return True

    @property
    def loaded(self) -> bool:
        return self._real is not None

    def real(self) -> Embedder:
        if self._real is None:
            self._real = load(self.name, self.device, self._encoder)
        return self._real

    @property
    def dim(self) -> int:
        if self._real is None:
            known = registry.choose(self.name).known_dim(self.name)
            if known:
                return known
        return self.real().dim

    def embed(self, texts: list[str]) -> np.ndarray:
        return self.real().embed(texts)

    def words(self) -> frozenset[str]:
        """The whole words the model's tokenizer knows (loading it: base.known_words)."""
        return known_words(self.real())

    @property
    def sentence_vectors(self) -> str:
        """'late' when the encoder pools sentence vectors from a text's own pass
        (`embed_late`), known without loading; else 'separate'."""
        if self._real is not None:
            return str(getattr(self._real, "sentence_vectors", "separate"))
        return "late" if registry.choose(self.name).late else "separate"

    def embed_late(self, docs: Sequence[Doc]) -> tuple[np.ndarray, list[np.ndarray]]:
        return self.real().embed_late(docs)  # type: ignore[attr-defined,no-any-return]


def load(
    name: str | None = None, device: str | None = None, encoder: str | None = None
) -> Embedder:
    """The embedder for `name` (default: the configured model) run the configured
    way (TALKBASE_ENCODER, or `encoder`), loaded once per process: `load()` and
    `load(<the configured name>)` give the same object."""
    name = name or settings.model_name()
    setting = "" if registry.by_model(name) is not None else encoder or encoder_setting()
    return _load(name, device or settings.get("device"), setting)


AUTO_INT8 = "onnx-int8"  # the setting that leaves the int8 config to the machine


def kept_encoder(name: str, recorded: str) -> str | None:
    """The TALKBASE_ENCODER value that embeds exactly as a base recorded as
    `recorded` was built, when the configured way differs from it only in the int8
    config the machine picked (TALKBASE_ENCODER=onnx-int8: a base built on another
    CPU family, or with the config an earlier version picked): that config's ONNX
    file is made from the same installed model, so queries and new talks go on
    being embedded as the base's were. None when the setting names a config or
    backend of its own, or the base was built some other way."""
    if registry.by_model(name) is not None or encoder_setting() != AUTO_INT8:
        return None
    model, _, rest = recorded.partition("|")
    backend = rest.partition("|")[0]
    if model != name or not backend.startswith(AUTO_INT8 + "-"):
        return None
    try:
        same = identity(name, backend) == recorded
    except TalkbaseError:  # a config this version does not know
        return None
    return backend if same else None


@lru_cache(maxsize=4)
def _load(name: str, device: str, encoder: str) -> Embedder:
    return registry.choose(name, encoder).load(name, device, encoder)

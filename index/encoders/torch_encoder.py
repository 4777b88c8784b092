"""The torch encoder (TALKBASE_ENCODER=torch): sentence-transformers, any model by
name or folder. torch and sentence-transformers are imported only when a model
loads: a search through the ONNX encoder never pays for them."""

from __future__ import annotations

import os

import numpy as np

from index.encoders.base import model_hash, normalise, resolve_model_path, whole_words
from talkbase.core import settings
from talkbase.core.errors import ModelUnavailable

BACKEND = "torch-fp32"


class SentenceTransformerEmbedder:
    def __init__(self, name: str, device: str = "cpu", batch_size: int = 32) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        try:  # heavy (seconds): only when a torch model is asked for
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

    def words(self) -> frozenset[str]:
        """The whole words of the model's tokenizer (base.whole_words)."""
        found = self.__dict__.get("_words")
        if found is None:
            vocab = self._model.tokenizer.get_vocab()
            found = self.__dict__["_words"] = whole_words(vocab)
        return found

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


def serves(model: str) -> bool:
    return True  # any model sentence-transformers can load


def identity(model: str, setting: str) -> str:
    """ "model|torch-fp32|model-hash" (the hash only for a model on disk)."""
    path = resolve_model_path(model)
    digest = model_hash(path)[:12] if os.path.isdir(path) else ""
    return f"{model}|{BACKEND}|{digest}".rstrip("|")


def load(model: str, device: str, setting: str) -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder(model, device=device, batch_size=settings.batch_size())

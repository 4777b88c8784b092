"""The default encoder: the bundled MiniLM as ONNX, run by onnxruntime + tokenizers.

No torch at query time. The ONNX files are made once from the installed model
(index/encoders/onnx_prepare.py: `python -m index.encoders.onnx_encoder`, run by
`make install`, or on first use), nothing is downloaded. int8 is the fp32 export
quantized dynamically for the CPU's family; it runs one text per call (its
activation scales are a batch's), several calls side by side during ingest.

Pooling is what sentence-transformers does for this model: mean over the
attention mask, then L2 normalisation; texts are cut at the model's
max_seq_length (256 tokens).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from tokenizers import Tokenizer

from index.encoders import late, onnx_prepare
from index.encoders.base import (  # noqa: F401 (model_hash: re-exported)
    bundled_path,
    max_seq_length,
    model_hash,
    normalise,
    pooled_dim,
    whole_words,
)
from index.encoders.onnx_prepare import (  # noqa: F401 (the encoder's names, re-exported)
    CONFIGS,
    INPUTS,
    OPSET,
    QUANTIZED_OPS,
    RECIPE,
    Plan,
    cpu_config,
    plan,
    prepare,
    quantization_for,
)
from talkbase.core import settings
from talkbase.core.errors import ModelUnavailable

# A text of at most this many tokens embeds alone on one thread (the side-by-side
# session): waking a second thread for each of its operators costs more than it saves.
# On the 2-core AVX2 EPYC, the demo's dev queries 50 ms apart: search p50 6.2-6.7 ms
# against 6.7-7.3 ms; back to back, 4.4-4.9 against 5.8-7.5 ms of CPU a query.
SOLO_TOKENS = 32


def threads() -> int:
    # A Ray actor (the Ray engine) is told its share of cores through OMP_NUM_THREADS.
    if os.environ.get("OMP_NUM_THREADS", "").isdigit():
        return max(1, int(os.environ["OMP_NUM_THREADS"]))
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def workers() -> int:
    """How many single-text runs go side by side (TALKBASE_ENCODER_WORKERS; 0: one
    per core this process may use)."""
    return settings.encoder_workers() or threads()


def _session(path: Path, n_threads: int) -> Any:
    import onnxruntime as ort  # heavy: only when the encoder loads

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = n_threads
    opts.inter_op_num_threads = 1
    # no busy-waiting between runs: a query's Python work (and other
    # processes on a small machine) get the cores back at once
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    opts.log_severity_level = 3
    return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])


class OnnxEmbedder:
    """`embed(texts)` with onnxruntime; texts sorted by token count and batched,
    so a batch pads little. With batches of one (int8), several texts run side by
    side, each call on one core of its own (`workers`): a short text keeps one
    core busy better than it keeps every core busy."""

    def __init__(self, name: str, p: Plan, batch_size: int = 32) -> None:
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        path = prepare(p)
        self._path = path
        self._pool: Any = None  # the session on every core, made when first needed
        self._pool_lock = threading.Lock()
        try:
            self._solo = _session(path, 1)  # short texts, and side-by-side runs
            self._tokenizer = Tokenizer.from_file(str(p.model_path / "tokenizer.json"))
        except Exception as exc:
            raise ModelUnavailable(name, f"{type(exc).__name__}: {exc}".split("\n")[0]) from exc
        self.max_tokens = max_seq_length(p.model_path)
        self._tokenizer.enable_truncation(self.max_tokens)
        self._tokenizer.no_padding()
        self._whole = Tokenizer.from_str(self._tokenizer.to_str())  # no truncation: windows
        self._whole.no_truncation()
        self._inputs = {i.name for i in self._solo.get_inputs()}
        self.name = name
        self.plan = p
        self.identity = f"{name}|{p.backend}|{p.model_hash[:12]}"
        self.batch_size = batch_size
        size = self._solo.get_outputs()[0].shape[-1]
        self.dim = size if isinstance(size, int) else pooled_dim(p.model_path) or 384

    sentence_vectors = "late"  # can pool sentence vectors from a text's pass (`embed_late`)

    def words(self) -> frozenset[str]:
        """The whole words of the model's tokenizer (base.whole_words)."""
        found = self.__dict__.get("_words")
        if found is None:
            found = self.__dict__["_words"] = whole_words(self._tokenizer.get_vocab())
        return found

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        encodings = self._tokenizer.encode_batch(list(texts))
        hidden = self._run([e.ids for e in encodings])
        return normalise(np.vstack([h.mean(axis=0) for h in hidden]))

    def embed_late(self, docs: Sequence[late.Doc]) -> tuple[np.ndarray, list[np.ndarray]]:
        """One pass per text (windows when longer than the model's): the texts'
        vectors, as `embed` gives them, and each text's sentence vectors, pooled
        from its token vectors over the sentences' character spans."""
        if not docs:
            return np.zeros((0, self.dim), np.float32), []
        encodings = self._whole.encode_batch([text for text, _ in docs])
        lay = late.layout(encodings, docs, self.max_tokens)
        texts, sentences = late.pool(lay, self._run([w.ids for w in lay.windows]))
        for (text, spans), places, rows in zip(docs, lay.places, sentences, strict=True):
            alone = [i for i, (w, _, _) in enumerate(places) if w < 0]
            if alone:  # no token of its own (rare): the sentence is embedded by itself
                rows[alone] = self.embed([text[spans[i][0] : spans[i][1]] for i in alone])
        return normalise(texts), [normalise(s) for s in sentences]

    def _every_core(self) -> Any:
        """The session that runs one call on every core (`threads`), for batches and
        long texts; made on the first that needs it (a query of a few words runs on
        the one-thread session that side-by-side calls share: onnxruntime runs one
        session from several threads at once)."""
        with self._pool_lock:
            if self._pool is None:
                self._pool = _session(self._path, threads())
            return self._pool

    def _one(self, session: Any, ids: Sequence[int]) -> np.ndarray:
        """The token vectors of one id sequence, run alone."""
        row = np.asarray([ids], dtype=np.int64)
        feed = {"input_ids": row, "attention_mask": np.ones_like(row), "token_type_ids": row * 0}
        hidden = session.run(None, {k: v for k, v in feed.items() if k in self._inputs})[0]
        return np.asarray(hidden[0], np.float32)

    def _run(self, sequences: Sequence[Sequence[int]]) -> list[np.ndarray]:
        """The token vectors of each id sequence; sorted by length and batched,
        padding masked out (so a sequence's vectors do not depend on its batch).
        Batches of one run side by side on `workers` cores when there are several."""
        if len(sequences) == 1 and len(sequences[0]) <= SOLO_TOKENS:  # a query, mostly
            return [self._one(self._solo, sequences[0])]
        n = workers()
        if self.batch_size == 1 and n > 1 and len(sequences) > 1:
            with ThreadPoolExecutor(max_workers=min(n, len(sequences))) as pool:
                return list(pool.map(lambda ids: self._one(self._solo, ids), sequences))
        order = np.argsort([len(s) for s in sequences], kind="stable")
        out: list[np.ndarray] = [np.empty(0)] * len(sequences)
        for lo in range(0, len(order), self.batch_size):
            batch = [int(i) for i in order[lo : lo + self.batch_size]]
            width = max(len(sequences[i]) for i in batch)
            ids = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros((len(batch), width), dtype=np.int64)
            for r, i in enumerate(batch):
                n = len(sequences[i])
                ids[r, :n] = sequences[i]
                mask[r, :n] = 1
            feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            wanted = {k: v for k, v in feed.items() if k in self._inputs}
            hidden = self._every_core().run(None, wanted)[0]
            for r, i in enumerate(batch):
                out[i] = np.asarray(hidden[r, : len(sequences[i])], np.float32)
        return out


def serves(model: str) -> bool:
    """The ONNX encoders serve the bundled MiniLM alone."""
    return bundled_path(model) is not None


def _plan_for(model: str, setting: str) -> Plan:
    path = bundled_path(model)
    if path is None:
        raise ModelUnavailable(model, "the ONNX encoders serve the bundled MiniLM only")
    return plan(path, setting)


def identity(model: str, setting: str) -> str:
    """ "model|onnx-<quantization>|model-hash", known without loading."""
    p = _plan_for(model, setting)
    return f"{model}|{p.backend}|{p.model_hash[:12]}"


def load(model: str, device: str, setting: str) -> OnnxEmbedder:
    p = _plan_for(model, setting)
    if p.quantization != "fp32":
        # Dynamic int8 scales activations per batch, so a text batched with
        # others gets another vector (cosine ~0.98) than alone. One text per
        # run makes a vector a function of its text alone, as a query's is,
        # so cached, re-ingested and Ray-built vectors all agree; measured
        # ~10% slower than batches of 8 on 2 cores.
        batch = 1
    else:  # small batches of length-sorted texts were fastest (8: ~20% over 32)
        batch = settings.batch_size() if os.environ.get("TALKBASE_BATCH_SIZE", "").strip() else 8
    return OnnxEmbedder(model, p, batch_size=batch)


def main(argv: list[str] | None = None) -> int:
    """`python -m index.encoders.onnx_encoder [--all]`: see onnx_prepare.main."""
    return onnx_prepare.main(argv)


if __name__ == "__main__":
    raise SystemExit(main())

"""The default encoder: the bundled MiniLM as ONNX, run by onnxruntime + tokenizers.

No torch at query time. The ONNX files are made once from the installed model
(`python -m index.encoders.onnx_encoder`, run by `make install`, or on first use) and
kept in TALKBASE_ENCODER_CACHE, in a folder named after a hash of the model's
files, so a changed model never meets stale ONNX files. Nothing is downloaded.

    int8: the fp32 export quantized dynamically (weights int8 per channel,
          activations uint8 at run time), with the settings that fit the CPU:
          avx512_vnni, avx512, avx2 or arm64; any other CPU gets fp32.

Pooling is what sentence-transformers does for this model: mean over the
attention mask, then L2 normalisation; texts are cut at the model's
max_seq_length (256 tokens).
"""

from __future__ import annotations

import json
import logging
import os
import platform
import subprocess
import sys
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from tokenizers import Tokenizer

from index.encoders import late
from index.encoders.base import (
    bundled_path,
    cache_root,
    max_seq_length,
    model_hash,
    normalise,
    pooled_dim,
    resolve_model_path,
    write_atomic,
)
from talkbase.core import settings
from talkbase.core.errors import ModelUnavailable, TalkbaseError

# quantization config -> weight type for onnxruntime's quantize_dynamic (all
# per channel, symmetric weights, full 8-bit range; u8 weights on AVX2 as
# optimum's AutoQuantizationConfig.avx2 does).
CONFIGS: dict[str, str] = {
    "avx512_vnni": "QInt8",
    "avx512": "QInt8",
    "avx2": "QUInt8",
    "arm64": "QInt8",
}
# What int8 quantizes: the matrix products and the token-embedding table (the table
# in int8 halves the load time and saves ~60 MB of memory; every demo text stays
# within cosine 0.98 of torch fp32). The version names the files, so a changed
# recipe never reuses older files.
QUANTIZED_OPS = ("MatMul", "Gather")
RECIPE = "v2"
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
OPSET = 17


def cpu_config() -> str | None:
    """The quantization config that fits this CPU, or None (use fp32)."""
    machine = platform.machine().lower()
    if machine in ("arm64", "aarch64"):
        return "arm64"
    if machine not in ("x86_64", "amd64", "i686", "x86"):
        return None
    flags: set[str] = set()
    try:
        for line in (
            Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace").splitlines()
        ):
            if line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                break
    except OSError:
        return None
    if "avx512_vnni" in flags:
        return "avx512_vnni"
    if "avx512f" in flags and "avx512bw" in flags:
        return "avx512"
    if "avx2" in flags:
        return "avx2"
    return None


def quantization_for(encoder: str) -> str:
    """'fp32' or 'int8-<config>' for the TALKBASE_ENCODER value `encoder`
    ('onnx', 'onnx-int8', or 'onnx-int8-<config>' to force one)."""
    if encoder == "onnx":
        return "fp32"
    forced = encoder.removeprefix("onnx-int8").lstrip("-")
    if forced:
        if forced not in CONFIGS:
            raise TalkbaseError(
                f"TALKBASE_ENCODER={encoder!r}: the int8 configs are "
                + ", ".join(f"onnx-int8-{c}" for c in CONFIGS)
            )
        return f"int8-{forced}"
    config = cpu_config()
    return f"int8-{config}" if config else "fp32"


@dataclass(frozen=True)
class Plan:
    """Which ONNX file serves `model_path` with `quantization`, and where it lives."""

    model_path: Path
    model_hash: str
    quantization: str  # "fp32" or "int8-<config>"

    @property
    def folder(self) -> Path:
        return cache_root() / f"{self.model_path.name}-{self.model_hash[:16]}"

    @property
    def onnx_path(self) -> Path:
        suffix = "" if self.quantization == "fp32" else f"-{RECIPE}"
        return self.folder / f"model-{self.quantization}{suffix}.onnx"

    @property
    def backend(self) -> str:
        return f"onnx-{self.quantization}"


@lru_cache(maxsize=8)
def plan(model_path: str, encoder: str) -> Plan:
    return Plan(Path(model_path), model_hash(model_path), quantization_for(encoder))


def _export_fp32(model_path: Path, target: Path) -> None:
    """torch.onnx export of the transformer (prepare time only: needs torch)."""
    import torch
    from transformers import AutoModel

    base = AutoModel.from_pretrained(str(model_path), attn_implementation="eager").eval()

    class Hidden(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.base = base

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            return self.base(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    ids = torch.ones(2, 8, dtype=torch.long)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            Hidden(),
            (ids, ids, torch.zeros_like(ids)),
            str(tmp),
            input_names=list(INPUTS),
            output_names=["last_hidden_state"],
            opset_version=OPSET,
            dynamo=False,
            dynamic_axes={n: {0: "batch", 1: "tokens"} for n in (*INPUTS, "last_hidden_state")},
        )
    os.replace(tmp, target)


def _export_in_subprocess(model_path: Path, target: Path) -> None:
    """The export in a process of its own: torch never enters the caller's (a
    search that prepares on first use stays torch-free), and onnxruntime's
    quantizer misreads models in a process that has run torch's exporter."""
    root = str(Path(__file__).resolve().parents[2])  # the folder holding `index`
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([root, *filter(None, [os.environ.get("PYTHONPATH")])]),
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "index.encoders.onnx_encoder",
            "--export-fp32",
            str(model_path),
            str(target),
        ],
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0 or not target.exists():
        lines = [x for x in (done.stderr or "").strip().splitlines() if x.strip()]
        raise RuntimeError(lines[-1] if lines else f"exit status {done.returncode}")


def _quantize(source: Path, target: Path, config: str) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    logging.getLogger().setLevel(logging.ERROR)  # "consider pre-processing" is advice, not news
    quantize_dynamic(
        str(source),
        str(tmp),
        op_types_to_quantize=list(QUANTIZED_OPS),
        per_channel=True,
        reduce_range=False,
        weight_type=getattr(QuantType, CONFIGS[config]),
        extra_options={"WeightSymmetric": True, "ActivationSymmetric": False},
    )
    os.replace(tmp, target)


def prepare(p: Plan, quiet: bool = False) -> Path:
    """Make the ONNX file of plan `p` unless it exists; returns its path."""
    if p.onnx_path.exists():
        return p.onnx_path
    if not quiet:
        sys.stderr.write(f"Preparing the {p.backend} encoder once in {p.folder} ...\n")
    t0 = time.perf_counter()
    p.folder.mkdir(parents=True, exist_ok=True)
    fp32 = p.folder / "model-fp32.onnx"
    try:
        if not fp32.exists():
            _export_in_subprocess(p.model_path, fp32)
        if p.quantization != "fp32":
            _quantize(fp32, p.onnx_path, p.quantization.removeprefix("int8-"))
    except Exception as exc:
        raise ModelUnavailable(
            str(p.model_path),
            f"could not make the ONNX encoder "
            f"({type(exc).__name__}: {exc}); set TALKBASE_ENCODER=torch "
            "to use the model through torch".split("\n")[0],
        ) from exc
    write_atomic(
        p.folder / "about.json",
        json.dumps(
            {
                "model_path": str(p.model_path),
                "model_sha256": p.model_hash,
                "opset": OPSET,
                "made_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            },
            indent=2,
        ).encode(),
    )
    if not quiet:
        sys.stderr.write(f"... done in {time.perf_counter() - t0:.0f} s\n")
    return p.onnx_path


def threads() -> int:
    # A Ray actor (the Ray engine) is told its share of cores through OMP_NUM_THREADS.
    if os.environ.get("OMP_NUM_THREADS", "").isdigit():
        return max(1, int(os.environ["OMP_NUM_THREADS"]))
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class OnnxEmbedder:
    """`embed(texts)` with onnxruntime; texts sorted by token count and batched,
    so a batch pads little."""

    def __init__(self, name: str, p: Plan, batch_size: int = 32) -> None:
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        path = prepare(p)
        try:
            import onnxruntime as ort  # heavy: only when the encoder loads

            opts = ort.SessionOptions()
            opts.intra_op_num_threads = threads()
            opts.inter_op_num_threads = 1
            # no busy-waiting between runs: a query's Python work (and other
            # processes on a small machine) get the cores back at once
            opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
            opts.log_severity_level = 3
            self._session = ort.InferenceSession(
                str(path), opts, providers=["CPUExecutionProvider"]
            )
            self._tokenizer = Tokenizer.from_file(str(p.model_path / "tokenizer.json"))
        except Exception as exc:
            raise ModelUnavailable(name, f"{type(exc).__name__}: {exc}".split("\n")[0]) from exc
        self.max_tokens = max_seq_length(p.model_path)
        self._tokenizer.enable_truncation(self.max_tokens)
        self._tokenizer.no_padding()
        self._whole = Tokenizer.from_str(self._tokenizer.to_str())  # no truncation: windows
        self._whole.no_truncation()
        self._inputs = {i.name for i in self._session.get_inputs()}
        self.name = name
        self.plan = p
        self.identity = f"{name}|{p.backend}|{p.model_hash[:12]}"
        self.batch_size = batch_size
        size = self._session.get_outputs()[0].shape[-1]
        self.dim = size if isinstance(size, int) else pooled_dim(p.model_path) or 384

    sentence_vectors = "late"  # can pool sentence vectors from a text's pass (`embed_late`)

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

    def _run(self, sequences: Sequence[Sequence[int]]) -> list[np.ndarray]:
        """The token vectors of each id sequence; sorted by length and batched,
        padding masked out (so a sequence's vectors do not depend on its batch)."""
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
            hidden = self._session.run(None, wanted)[0]
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
    """`python -m index.encoders.onnx_encoder [--all]`: make the configured encoder's ONNX
    file now (with --all: fp32 and the int8 file for this CPU)."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--export-fp32"] and len(args) == 3:
        _export_fp32(Path(args[1]), Path(args[2]))
        return 0
    model_path = resolve_model_path(settings.model_name())
    if not os.path.isdir(model_path):
        sys.stderr.write(
            f"{settings.model_name()} is not a local model folder: nothing to prepare\n"
        )
        return 0
    encoders = ["onnx", "onnx-int8"] if "--all" in args else [settings.get("encoder")]
    for encoder in encoders:
        if encoder.startswith("onnx"):
            path = prepare(plan(model_path, encoder))
            print(f"{encoder}: {path}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

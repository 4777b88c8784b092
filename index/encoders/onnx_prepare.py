"""Making the ONNX files of the default encoder, once per model and CPU family.

The fp32 file is torch's export of the bundled MiniLM (in a process of its own,
so torch never enters a searching process); the int8 file is that export
quantized dynamically (weights int8 per channel, activations uint8 at run
time) with the config that fits the CPU: avx512_vnni, avx512, avx2_s8 (AVX2:
7-bit signed weights; "avx2", unsigned weights, was the default until
2026-12 and still serves the bases built with it) or arm64 (any other CPU
gets fp32). Files live in TALKBASE_ENCODER_CACHE, in a folder
named after a hash of the model's files; `python -m index.encoders.onnx_prepare`
(or `python -m index.encoders.onnx_encoder`, which `make install` runs) makes them now.
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
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from index.encoders.base import (
    cache_root,
    model_hash,
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
    "avx2_s8": "QInt8",
    "avx2": "QUInt8",
    "arm64": "QInt8",
}
# configs whose weights use 7 of their 8 bits: AVX2 multiplies u8 activations by s8
# weights in pairs summed into int16 (vpmaddubsw), which full-range weights can
# overflow; 7-bit weights cannot, and that kernel is ~18% faster than u8 x u8.
REDUCED_RANGE = frozenset({"avx2_s8"})
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
        return "avx2_s8"
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
            "index.encoders.onnx_prepare",
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
        reduce_range=config in REDUCED_RANGE,
        weight_type=getattr(QuantType, CONFIGS[config]),
        extra_options={"WeightSymmetric": True, "ActivationSymmetric": False},
    )
    os.replace(tmp, target)


def prepare(p: Plan, quiet: bool = False) -> Path:
    """Make the ONNX file of plan `p` unless it exists; returns its path."""
    if p.onnx_path.exists():
        return p.onnx_path
    try:
        p.folder.mkdir(parents=True, exist_ok=True)
        probe = p.folder / f".writable.{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:  # a file, /proc, a read-only folder: the setting's fault, said so
        raise ModelUnavailable(
            str(p.model_path),
            f"the encoder cache {p.folder} cannot be written ({exc.strerror or exc}); point "
            "TALKBASE_ENCODER_CACHE at a writable folder",
        ) from exc
    if not quiet:
        sys.stderr.write(f"Preparing the {p.backend} encoder once in {p.folder} ...\n")
    t0 = time.perf_counter()
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


def main(argv: list[str] | None = None) -> int:
    """`python -m index.encoders.onnx_prepare [--all]`: make the configured encoder's ONNX
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

"""The Ray engine: embed through a Ray Dataset spread over many workers.

`RayEmbedder` is an ordinary `Embedder` (`name`, `dim`, `embed(texts)`), so the
build does not know it is there: texts go into a `ray.data` Dataset, a pool of
actors each loads the configured encoder once (with `index.encoders.embed.load`, exactly
as the local engine does) and embeds batches, and the rows come back in their
order. Its name (and identity, when the encoder has one) are those of the local
encoder, so a base built with either engine is the same base.

Without `RAY_ADDRESS` it starts a private local Ray; with it, it joins that
cluster (every node needs talkbase installed with its model). Ray is an optional
extra and is imported only here, only when the engine is asked for.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
import warnings
from collections.abc import Iterator
from types import TracebackType
from typing import Any

import numpy as np

from index.encoders.base import normalise
from index.encoders.embed import load
from index.encoders.registry import encoder_setting
from talkbase.core import settings
from talkbase.core.errors import TalkbaseError

EXTRA_HINT = "pip install -e '.[ray]'"


class RayMissing(TalkbaseError):
    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(
            f"The Ray engine needs Ray, which is not installed ({reason}); "
            f"install the extra with: {EXTRA_HINT}"
        )


class RayFailed(TalkbaseError):
    """The Ray engine could not join its cluster, or a worker failed."""


def import_ray() -> Any:
    """The `ray` module with Ray Data, or RayMissing naming the extra."""
    try:
        import ray
        import ray.data  # noqa: F401  (the [data] part of the extra)
    except ImportError as exc:
        raise RayMissing(str(exc)) from exc
    return ray


class _Encode:
    """One Ray actor: loads the encoder once, then embeds the batches it is given.

    `RayEmbedder` subclasses it with `model` and `device` set, so the actors need
    no constructor arguments (Ray Data would park those in the object store)."""

    model: str = ""
    device: str | None = None

    def __init__(self) -> None:
        self.encoder = load(self.model, self.device)

    def __call__(self, batch: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        cpu = time.process_time()
        vectors = self.encoder.embed([str(t) for t in batch["text"]])
        rows = len(batch["row"])
        spent = np.full(rows, (time.process_time() - cpu) / max(rows, 1))  # CPU s per text
        return {
            "row": batch["row"],
            "vector": np.asarray(vectors, dtype=np.float32),
            "cpu_s": spent,
        }


def _describe(model: str, device: str | None) -> dict[str, Any]:
    """What the workers' encoder calls itself (run as a Ray task)."""
    encoder = load(model, device)
    return {
        "name": encoder.name,
        "dim": int(encoder.dim),
        "identity": getattr(encoder, "identity", None),
    }


class RayEmbedder:
    """Embeds through `ray.data.Dataset.map_batches` with a pool of encoder actors.

    `actors` defaults to one per CPU of the cluster (or per GPU with `gpus`);
    `batch_size` is the rows one actor embeds at a time (64, as the local engine's
    build: the int8 encoder's vectors depend a little on a text's batch-mates, so
    equal batches give equal vectors); `gpus` is the GPUs each
    actor takes (0: CPU only). `num_cpus` sizes the local Ray started when
    `RAY_ADDRESS` is not set (default: `actors`, else every core).
    Use it as a context manager, or call `close()`: a Ray it started is stopped.
    """

    #: build.py hands an embedder at most this many texts per call (the local
    #: engine gets 64). A Ray pipeline starts its actors, which load the model,
    #: once per call (~10 s); 500,000 texts hold ~0.8 GB of vectors in the driver.
    preferred_batch = 500_000
    #: CPU seconds the workers spent embedding, over every call (for sizing).
    worker_cpu_s = 0.0

    def __init__(
        self,
        model: str | None = None,
        actors: int | None = None,
        batch_size: int = 64,
        gpus: float = 0.0,
        num_cpus: int | None = None,
        address: str | None = None,
    ) -> None:
        if actors is not None and actors < 1:
            raise TalkbaseError(f"--ray-actors must be at least 1, not {actors}")
        if batch_size < 1:
            raise TalkbaseError(f"--ray-batch-size must be at least 1, not {batch_size}")
        if gpus > 0:
            if encoder_setting() != "torch":
                raise TalkbaseError(
                    "--ray-gpus needs TALKBASE_ENCODER=torch (the ONNX encoders run on CPUs); "
                    "the base then answers queries made with TALKBASE_ENCODER=torch"
                )
        self._ray = ray = import_ray()
        self.model = model or settings.model_name()
        self.device = "cuda" if gpus > 0 else None
        self.batch_size = batch_size
        self.gpus = gpus
        self._started = connect(
            ray,
            address or os.environ.get("RAY_ADDRESS") or None,
            num_cpus or actors or os.cpu_count() or 1,
        )
        try:
            _quiet(ray)
            if actors is None:
                resources = ray.cluster_resources()
                have = resources.get("GPU", 0) / gpus if gpus > 0 else resources.get("CPU", 1)
                actors = max(1, int(have))
            self.actors = actors
            probe = ray.remote(_describe).options(num_cpus=0, num_gpus=gpus)
            about = self._get(probe.remote(self.model, self.device))
        except BaseException:
            self.close()
            raise
        self.name: str = about["name"]
        self.dim: int = about["dim"]
        if about["identity"] is not None:
            self.identity = about["identity"]

    def _get(self, ref: Any) -> Any:
        """`ray.get`, with a failure on a worker told as one sentence."""
        try:
            return self._ray.get(ref)
        except self._ray.exceptions.RayError as exc:
            raise _failure(exc) from exc

    def embed(self, texts: list[str]) -> np.ndarray:
        import pandas as pd  # (as lazy as ray: `talkbase ingest` builds this engine's table)

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        # One block per batch, so every actor gets work however the texts arrive.
        step = self.batch_size
        frames = [
            pd.DataFrame(
                {
                    "row": np.arange(lo, min(lo + step, len(texts)), dtype=np.int64),
                    "text": texts[lo : lo + step],
                }
            )
            for lo in range(0, len(texts), step)
        ]
        encode = type("Encode", (_Encode,), {"model": self.model, "device": self.device})
        ds = self._ray.data.from_pandas(frames).map_batches(
            encode,
            batch_size=self.batch_size,
            batch_format="numpy",
            concurrency=self.actors,
            num_cpus=1,
            num_gpus=self.gpus or None,
        )
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        seen = 0
        with warnings.catch_warnings():  # "fewer blocks than actors" on small inputs
            warnings.filterwarnings("ignore", category=UserWarning, module="ray")
            try:
                for batch in ds.iter_batches(batch_size=None, batch_format="numpy"):
                    out[batch["row"]] = batch["vector"]
                    seen += len(batch["row"])
                    self.worker_cpu_s += float(batch["cpu_s"].sum())
            except self._ray.exceptions.RayError as exc:
                raise _failure(exc) from exc
        if seen != len(texts):  # a lost or doubled batch would be a silent wrong base
            raise TalkbaseError(f"the Ray engine returned {seen} vectors for {len(texts)} texts")
        return normalise(out)

    def close(self) -> None:
        """Stop the local Ray this embedder started (a joined cluster is left running)."""
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False

    def __enter__(self) -> RayEmbedder:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def connect(ray: Any, address: str | None, num_cpus: int) -> bool:
    """Join the cluster at `address`, or start a private local Ray of `num_cpus`
    CPUs (no dashboard); True when this call started one. A Ray already
    initialised in this process is used as it is."""
    if ray.is_initialized():
        return False
    # Ray's C++ layer would log to the terminal; its logs stay in /tmp/ray/session_*/logs.
    os.environ.setdefault("RAY_BACKEND_LOG_LEVEL", "fatal")
    env = {
        k: v for k, v in os.environ.items() if k.startswith(("TALKBASE_", "HF_", "TRANSFORMERS_"))
    }
    common: dict[str, Any] = dict(
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
        runtime_env={"env_vars": env} if env else None,
    )
    if address:
        try:
            with _hushed_stderr():
                ray.init(address=address, **common)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            hint = str(exc).strip().splitlines()[0]
            if "auth" in _chain_text(exc).lower():  # `ray start` turns token auth on
                hint = (
                    "the cluster wants its token: set RAY_AUTH_MODE=token, with the "
                    "head's ~/.ray/auth_token here or RAY_AUTH_TOKEN"
                )
            raise RayFailed(
                f"could not join the Ray cluster at {address} (RAY_ADDRESS): {hint}"
            ) from exc
        return False
    with _hushed_stderr():
        ray.init(address="local", num_cpus=num_cpus, **common)
    return True


@contextlib.contextmanager
def _hushed_stderr() -> Iterator[None]:
    """Ray's C++ core says on stderr, at start, which log level it read; Python
    errors still come out as exceptions."""
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # no real stderr (pytest capture)
        yield
        return
    sys.stderr.flush()
    saved = os.dup(fd)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), fd)
            yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, fd)
        os.close(saved)


def _chain_text(exc: BaseException | None) -> str:
    parts: list[str] = []
    while exc is not None and len(parts) < 10:
        parts.append(f"{type(exc).__name__}: {exc}")
        exc = exc.__cause__ or exc.__context__
    return "\n".join(parts)


def _failure(exc: BaseException) -> TalkbaseError:
    """A worker's error as the domain error it was, or one sentence."""
    cause = getattr(exc, "cause", None)
    if isinstance(cause, TalkbaseError):
        return cause
    lines = [line for line in str(exc).strip().splitlines() if line.strip()]
    return RayFailed(f"a Ray worker failed: {lines[-1] if lines else type(exc).__name__}")


def _quiet(ray: Any) -> None:
    """No progress bars or execution banners from Ray Data on the user's terminal."""
    ctx = ray.data.DataContext.get_current()
    ctx.enable_progress_bars = False
    ctx.enable_operator_progress_bars = False
    ctx.print_on_execution_start = False
    ctx.enable_auto_log_stats = False
    ctx.verbose_stats_logs = False
    for name in ("ray", "ray.data"):
        logging.getLogger(name).setLevel(logging.ERROR)

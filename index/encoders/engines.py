"""The engines that run an encoder for a build (`talkbase ingest --engine NAME`):
`local` in this process, `ray` on a Ray Dataset over many workers. Each is a
factory of an `Embedder`; to add one, write its module and add one row to `ENGINES`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from index.encoders.base import Embedder
from index.encoders.embed import LazyEmbedder
from index.encoders.rayengine import RayEmbedder


@dataclass(frozen=True)
class EngineOptions:
    """What `talkbase ingest` passes to an engine (the Ray engine's knobs)."""

    actors: int | None = None
    batch_size: int = 64
    gpus: float = 0.0


def _local(options: EngineOptions) -> Embedder:
    # loads only once every file is read and something new needs embedding
    return LazyEmbedder()


def _ray(options: EngineOptions) -> Embedder:
    return RayEmbedder(actors=options.actors, batch_size=options.batch_size, gpus=options.gpus)


ENGINES: dict[str, Callable[[EngineOptions], Embedder]] = {"local": _local, "ray": _ray}


def make(name: str, options: EngineOptions | None = None) -> Embedder:
    """The embedder of engine `name`; close it after use when it has `close()`."""
    return ENGINES[name](options or EngineOptions())


def close(embedder: object) -> None:
    """Release what an engine holds (the Ray engine stops a Ray it started)."""
    closing = getattr(embedder, "close", None)
    if callable(closing):
        closing()

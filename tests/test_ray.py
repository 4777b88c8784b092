"""The Ray engine (`talkbase ingest --engine ray`) builds the same base as the local one.

The end-to-end test starts a private 2-CPU Ray (about 10-30 s on 2 cores) and is
marked `ray`; it is skipped, saying why, when the [ray] extra is not installed.
The other tests need no Ray at all.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import PROGRAMS

from talkbase.cli import main

HAVE_RAY = importlib.util.find_spec("ray") is not None


def test_without_ray_the_engine_is_one_sentence_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now raises ImportError
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(PROGRAMS), "--engine", "ray"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert "pip install -e '.[ray]'" in err and "Ray" in err
    assert not (home / "builds").exists() or not any((home / "builds").iterdir())


@pytest.mark.parametrize(
    "flag", [["--ray-actors", "0"], ["--ray-batch-size", "0"], ["--ray-gpus", "1"]]
)
def test_nonsense_ray_options_are_one_sentence(
    flag: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("TALKBASE_ENCODER", raising=False)  # the default: int8 ONNX, CPU only
    assert main(["--home", str(tmp_path), "ingest", str(PROGRAMS), "--engine", "ray", *flag]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and flag[0] in err


class _FakeRay:
    """Records how `connect` starts or joins Ray."""

    def __init__(self, initialised: bool = False) -> None:
        self.initialised = initialised
        self.calls: list[dict[str, Any]] = []

    def is_initialized(self) -> bool:
        return self.initialised

    def init(self, **kwargs: Any) -> None:
        self.calls.append(kwargs)
        self.initialised = True


def test_connect_starts_a_private_local_ray_without_ray_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from index.encoders.rayengine import connect

    monkeypatch.setenv("TALKBASE_ENCODER", "torch")
    ray = _FakeRay()
    assert connect(ray, None, 2) is True
    (call,) = ray.calls
    assert call["address"] == "local" and call["num_cpus"] == 2
    assert call["include_dashboard"] is False
    # the workers embed with the same settings as this process
    assert call["runtime_env"]["env_vars"]["TALKBASE_ENCODER"] == "torch"


def test_connect_joins_the_cluster_named_by_ray_address() -> None:
    from index.encoders.rayengine import connect

    ray = _FakeRay()
    assert connect(ray, "10.0.0.5:6379", 2) is False  # joined, so not ours to stop
    (call,) = ray.calls
    assert call["address"] == "10.0.0.5:6379" and "num_cpus" not in call
    already = _FakeRay(initialised=True)
    assert connect(already, None, 2) is False and already.calls == []


def test_connect_failure_is_one_sentence() -> None:
    from index.encoders.rayengine import RayFailed, connect

    class Unreachable(_FakeRay):
        def init(self, **kwargs: Any) -> None:
            raise ConnectionError("Could not find any running Ray instance.\nmore detail")

    with pytest.raises(RayFailed, match=r"could not join the Ray cluster at 1\.2\.3\.4:6379") as e:
        connect(Unreachable(), "1.2.3.4:6379", 2)
    assert "\n" not in str(e.value)


def test_the_build_hands_the_ray_engine_its_whole_list(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A Ray pipeline starts its actors once per call: the build must not chop the
    texts into the local engine's chunks (64 texts, or its memory chunk)."""
    from index.build import builder as build
    from index.build import write
    from index.encoders.embed import HashingEmbedder

    calls: list[int] = []

    class Big(HashingEmbedder):
        preferred_batch = 100_000

        def embed(self, texts: list[str]) -> np.ndarray:
            calls.append(len(texts))
            return super().embed(texts)

    monkeypatch.setattr(write, "WRITE_CHUNK", 10)  # the demo corpus has 71 talks
    report = build.ingest([PROGRAMS], tmp_path / "home", Big())
    assert calls == [report.embedded] and report.embedded > 200
    small: list[int] = []

    class Small(HashingEmbedder):
        def embed(self, texts: list[str]) -> np.ndarray:
            small.append(len(texts))
            return super().embed(texts)

    build.ingest([PROGRAMS], tmp_path / "home-small", Small())
    assert max(small) <= 64 and len(small) > 3  # the local engine keeps its small calls


def _cos(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.sum(a * b, axis=1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


@pytest.mark.ray
@pytest.mark.skipif(not HAVE_RAY, reason="Ray is not installed: pip install -e '.[ray]'")
def test_ray_engine_builds_the_same_base_as_the_local_engine(
    demo_home: Path, tmp_path: Path, real_embedder: Any
) -> None:
    import ray

    from index.search.kb import KnowledgeBase
    from index.store import disk as store

    home = tmp_path / "ray-home"
    # By default the Ray engine embeds batches of 64 texts, as the local engine's build
    # does: the int8 encoder's vectors depend slightly on a text's batch-mates (dynamic
    # activation scales), so only equal batches give equal vectors. ~5 blocks over 2
    # actors: rows that came back out of order would show as vectors of other texts.
    rc = main(
        [
            "--home",
            str(home),
            "ingest",
            str(PROGRAMS),
            "--engine",
            "ray",
            "--ray-actors",
            "2",
            "--json",
        ]
    )
    assert rc == 0
    assert not ray.is_initialized()  # the local Ray it started is stopped again

    local, remote = store.require(demo_home), store.require(home)
    assert remote.manifest.model == local.manifest.model == real_embedder.name
    assert remote.manifest.dimension == local.manifest.dimension
    with KnowledgeBase(demo_home, real_embedder) as a, KnowledgeBase(home, real_embedder) as b:
        assert sorted(a.talks) == sorted(b.talks) and len(a.talks) > 10
        for tid, talk in a.talks.items():
            assert b.talks[tid] == talk  # every field
        ids = sorted(a.talks)
        va = np.vstack([a.vectors.vector(i) for i in ids])
        vb = np.vstack([b.vectors.vector(i) for i in ids])
        assert _cos(va, vb).min() >= 0.999
        sa, sb = store.load_sentences(local), store.load_sentences(remote)
        assert sa.shape == sb.shape and len(sa) > len(ids)
        assert _cos(np.asarray(sa, np.float32), np.asarray(sb, np.float32)).min() >= 0.999
        # and the base answers a query the same way
        assert [h.talk.id for h in a.search("rust", 3)] == [h.talk.id for h in b.search("rust", 3)]


def test_a_cluster_that_wants_a_token_says_how_to_give_it() -> None:
    from index.encoders.rayengine import RayFailed, connect

    class Guarded(_FakeRay):
        def init(self, **kwargs: Any) -> None:
            try:
                raise RuntimeError("AuthenticationError: InvalidAuthToken: token is missing")
            except RuntimeError as inner:
                raise ConnectionError("Failed to connect to Ray cluster at 1.2.3.4:6379") from inner

    with pytest.raises(RayFailed, match="RAY_AUTH_MODE=token"):
        connect(Guarded(), "1.2.3.4:6379", 2)


@pytest.mark.ray
@pytest.mark.skipif(not HAVE_RAY, reason="Ray is not installed: pip install -e '.[ray]'")
def test_a_failure_on_the_workers_is_one_sentence_and_stops_ray(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The workers get this process's TALKBASE_* settings (here a bad one, which
    fails fast in the worker's `load`), and its error comes back as one sentence."""
    import ray

    from index.encoders.rayengine import RayEmbedder
    from talkbase.core.errors import TalkbaseError

    monkeypatch.setenv("TALKBASE_ENCODER", "bogus-encoder")
    with pytest.raises(TalkbaseError) as e:
        RayEmbedder(actors=1, num_cpus=1)
    assert "bogus-encoder" in str(e.value) and "\n" not in str(e.value)
    assert not ray.is_initialized()

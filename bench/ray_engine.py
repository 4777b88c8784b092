"""Local engine vs Ray engine: one ingest each of the same program, on the same cores.

    .venv/bin/python bench/ray_engine.py --talks 200 --cpus 2

The program is the demo corpus plus `--talks` synthetic talks from
bench/scale.py (120-200-word abstracts, seeded). Each engine ingests it into a
fresh base through `index.build.builder.ingest`, the function `talkbase ingest` calls:
the local engine as configured (every core), the Ray engine on a private local
Ray of `--cpus` CPUs with one single-threaded actor per CPU. Besides wall-clock
texts/s it reports the CPU seconds the encoder spent per text (summed over the
Ray actors; the driver's for the local engine), which holds on a busy machine
where wall-clock rates do not, and is what the README's sizing paragraph
uses. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


class Timed:
    """An embedder that adds up the CPU seconds (all threads) of its calls."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.name = inner.name  # type: ignore[attr-defined]
        self.dim = inner.dim  # type: ignore[attr-defined]
        self.cpu_s = 0.0

    def embed(self, texts: list[str]) -> np.ndarray:
        t0 = time.process_time()
        try:
            return self.inner.embed(texts)  # type: ignore[attr-defined]
        finally:
            self.cpu_s += time.process_time() - t0


def run(engine: object, folder: Path, cpu_of: object) -> dict[str, float]:
    from index.build.builder import ingest

    with tempfile.TemporaryDirectory() as home:
        t0 = time.perf_counter()
        report = ingest([ROOT / "data" / "programs", folder], Path(home), engine)  # type: ignore[arg-type]
        wall = time.perf_counter() - t0
    embed_s = getattr(report, "embed_seconds", 0.0) or wall
    cpu = float(cpu_of())  # type: ignore[operator]
    return {
        "talks": report.talks,
        "texts": report.embedded,
        "ingest_s": round(wall, 1),
        "embed_s": round(embed_s, 1),
        "texts_per_s": round(report.embedded / embed_s, 1),
        "cpu_s_per_text": round(cpu / max(report.embedded, 1), 4),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--talks", type=int, default=200)
    p.add_argument("--cpus", type=int, default=2)
    p.add_argument("--batch", type=int, default=256)
    args = p.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import scale

    from index.encoders.embed import load
    from index.encoders.rayengine import RayEmbedder

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        scale.write_jsonl(folder / "synthetic.jsonl", scale.talks(args.talks, 7))
        local = Timed(load())
        local.embed(["warm up"])
        local.cpu_s = 0.0
        result: dict[str, object] = {
            "cpus": args.cpus,
            "machine_cores": os.cpu_count(),
            "encoder": getattr(local.inner, "identity", local.name),
            "local": run(local, folder, lambda: local.cpu_s),
        }
        t0 = time.perf_counter()
        with RayEmbedder(actors=args.cpus, batch_size=args.batch, num_cpus=args.cpus) as ray:
            started = time.perf_counter() - t0
            result["ray"] = {
                "actors": args.cpus,
                "batch": args.batch,
                "ray_start_s": round(started, 1),
                **run(ray, folder, lambda: ray.worker_cpu_s),
            }
    local_rate = result["local"]["texts_per_s"]  # type: ignore[index]
    result["ray_vs_local_wall"] = round(result["ray"]["texts_per_s"] / local_rate, 2)  # type: ignore[index]
    result["load_average_1m"] = round(os.getloadavg()[0], 1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()

"""Speed and memory of the real pipeline, printed as a table.

    python bench/run.py              # demo corpus
    python bench/run.py --scale 1000 # plus a synthetic program of 1000 talks

Measures: model load, cold ingest (empty home), re-ingest with nothing
changed, open, search latency per mode over the dev queries, similar-talk
latency, knowledge-base size on disk and peak memory (RSS).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from index.build import ingest  # noqa: E402
from index.embed import load  # noqa: E402
from index.search import KnowledgeBase  # noqa: E402

PROGRAMS = ROOT / "data" / "programs"
QUERIES = [q["query"] for q in json.loads((ROOT / "tests/data/dev_queries.json").read_text())]


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def synthetic_program(n: int, path: Path) -> None:
    """A blog-shaped program of n talks built from the demo abstracts, reshuffled."""
    rng = random.Random(7)
    kb_words = (PROGRAMS / "001_8fbb4517d0e7d07e.txt").read_text(encoding="utf-8").split()
    words = [w for w in kb_words if w.isalpha() and w.islower()]
    parts = ["Synthetic Summit 2027 in San Jose. Register now. "]
    for i in range(n):
        if i % 50 == 0:
            parts.append(f"Track Number {i // 50} & Friends This track is about topic {i // 50} "
                         "and many things that go with it in practice. ")
        title = " ".join(w.capitalize() for w in rng.sample(words, 6))
        abstract = " ".join(rng.sample(words, 40)).capitalize() + "."
        day, hour = 20 + (i % 3), 9 + (i % 8)
        parts.append(f"{title} for Session {i} Ann Example (Org {i % 17}) "
                     f"Tue {day} Oct, {hour:02d}:00–{hour:02d}:25, R{i % 12} {abstract} ")
    path.write_text("".join(parts), encoding="utf-8")


def bench(paths: list[Path], label: str, rows: list[tuple[str, str]]) -> None:
    embedder = load()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        report, cold = timed(lambda: ingest(paths, home, embedder))
        rows.append((f"{label}: cold ingest ({report.talks} talks, {report.embedded} texts)",
                     f"{cold:.2f} s"))
        _, warm = timed(lambda: ingest(paths, home, embedder))
        rows.append((f"{label}: re-ingest, nothing changed", f"{warm:.2f} s"))
        kb, opened = timed(lambda: KnowledgeBase(home, embedder))
        rows.append((f"{label}: open knowledge base", f"{opened * 1000:.0f} ms"))
        for mode in ("lexical", "dense", "hybrid"):
            kb.search(QUERIES[0], 10, mode=mode)  # warm caches
            lat = []
            for q in QUERIES * 3:
                kb._qcache.clear()  # time the query's embedding too, every time
                lat.append(timed(lambda q=q, m=mode: kb.search(q, 10, mode=m))[1] * 1000)
            rows.append((f"{label}: search {mode} p50 / p95",
                         f"{statistics.median(lat):.1f} / {pct(lat, 95):.1f} ms"))
        ids = list(kb.talks)[:20]
        lat = [timed(lambda i=i: kb.similar(i, 5))[1] * 1000 for i in ids]
        rows.append((f"{label}: similar p50 / p95",
                     f"{statistics.median(lat):.1f} / {pct(lat, 95):.1f} ms"))
        size = sum(p.stat().st_size for p in (home / "builds").rglob("*") if p.is_file())
        rows.append((f"{label}: size on disk", f"{size / 1e6:.1f} MB"))
        kb.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=int, default=0, help="also bench a synthetic program of N talks")
    args = ap.parse_args()
    rows: list[tuple[str, str]] = []
    _, secs = timed(load)
    rows.append(("load model (first time in process)", f"{secs:.2f} s"))
    bench([PROGRAMS], "demo", rows)
    if args.scale:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "synthetic.txt"
            synthetic_program(args.scale, path)
            bench([path], f"synthetic {args.scale}", rows)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rows.append(("peak memory (RSS)", f"{peak:.0f} MB"))
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':{width}s}  value")
    print(f"{'-' * width}  {'-' * 18}")
    for name, value in rows:
        print(f"{name:{width}s}  {value}")


if __name__ == "__main__":
    main()

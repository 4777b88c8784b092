"""How talkbase scales, with no model in the way (TALKBASE_MODEL=hashing), or with it.

    python bench/scale.py --talks 100000
    python bench/scale.py --talks 1000000 --keep /tmp/tb-1m   # keep the base
    python bench/scale.py --talks 10000 --model default       # the real encoder

Generates a synthetic program of N talks (seeded: titles, 120-200-word
abstracts, speakers, organisations, days, rooms, tracks, drawn from a fixed
vocabulary), ingests it through the real `talkbase ingest` command (a
subprocess), adds 1,000 more talks the same way, then times hybrid queries in a
fresh process and compares dense top-10 with exact search over the same
vectors. Prints one JSON line:

    {"talks", "ingest_s", "add_1000_s", "query_p50_ms", "query_p95_ms",
     "recall_at_10", "peak_rss_mb", "disk_mb", ...details}

peak_rss_mb is the largest of the ingest, add and query processes (each is
also given). `--model default` ingests with the configured encoder instead of
hashing vectors (the MiniLM int8 ONNX model unless TALKBASE_MODEL /
TALKBASE_ENCODER say otherwise) and adds "ingest_talks_per_s" and
"ingest_texts_per_s" (texts through the model, from the ingest's own report),
what the README's sizing paragraph is computed from. Timings on a shared machine are noisy: compare runs made together.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TOPICS = (
    "kernel",
    "compiler",
    "database",
    "scheduler",
    "storage",
    "network",
    "browser",
    "firmware",
    "GPU",
    "inference",
    "training",
    "search",
    "cache",
    "queue",
    "shell",
    "container",
    "sandbox",
    "filesystem",
    "observability",
    "telemetry",
    "packaging",
    "type checker",
    "garbage collector",
    "query planner",
    "vector index",
    "tokenizer",
    "language server",
    "build system",
    "CI pipeline",
    "package registry",
    "hypervisor",
    "microcontroller",
    "radio stack",
    "map renderer",
    "font engine",
    "audio driver",
    "video codec",
    "consensus protocol",
    "key store",
    "identity provider",
)
VERBS = (
    "Scaling",
    "Debugging",
    "Rewriting",
    "Securing",
    "Profiling",
    "Testing",
    "Shipping",
    "Porting",
    "Measuring",
    "Teaching",
    "Designing",
    "Operating",
    "Migrating",
    "Fuzzing",
    "Verifying",
    "Tuning",
    "Embedding",
    "Distributing",
    "Simplifying",
    "Replacing",
)
CONTEXTS = (
    "at planet scale",
    "on a budget",
    "in Rust",
    "in Python",
    "with eBPF",
    "for embedded Linux",
    "without downtime",
    "in the browser",
    "on RISC-V",
    "with WebAssembly",
    "for ten million users",
    "in production",
    "from scratch",
    "with formal methods",
    "on ARM laptops",
    "for scientists",
    "in a monorepo",
    "across regions",
    "at the edge",
    "for accessibility",
)
WORDS = (
    "latency",
    "throughput",
    "memory",
    "allocation",
    "lock",
    "thread",
    "actor",
    "fiber",
    "benchmark",
    "regression",
    "flame graph",
    "trace",
    "span",
    "metric",
    "alert",
    "SLO",
    "rollout",
    "canary",
    "feature flag",
    "schema",
    "migration",
    "index",
    "shard",
    "replica",
    "snapshot",
    "checkpoint",
    "log",
    "compaction",
    "bloom filter",
    "hash table",
    "B-tree",
    "LSM tree",
    "vector",
    "embedding",
    "quantization",
    "attention",
    "batch",
    "pipeline",
    "operator",
    "plugin",
    "API",
    "protocol",
    "parser",
    "grammar",
    "AST",
    "bytecode",
    "JIT",
    "interpreter",
    "runtime",
    "heap",
    "stack",
    "syscall",
    "driver",
    "interrupt",
    "DMA",
    "cache line",
    "prefetch",
    "branch predictor",
    "SIMD",
    "compiler pass",
    "linker",
    "symbol",
    "debugger",
    "core dump",
    "crash",
    "fuzzer",
    "sanitizer",
    "proof",
    "invariant",
    "contract",
    "test suite",
    "mutation",
    "coverage",
    "community",
    "maintainer",
    "release",
    "license",
    "governance",
    "documentation",
    "tutorial",
    "onboarding",
    "contributor",
)
FIRST = (
    "Ada",
    "Alan",
    "Grace",
    "Linus",
    "Margaret",
    "Dennis",
    "Barbara",
    "Ken",
    "Frances",
    "Edsger",
    "Radia",
    "Guido",
    "Hedy",
    "Bjarne",
    "Sophie",
    "Yukihiro",
    "Anita",
    "Rasmus",
    "Karen",
    "Niklaus",
    "Jean",
    "Leslie",
    "Shafi",
    "Donald",
    "Lynn",
    "Tim",
    "Mary",
    "Juan",
    "Priya",
    "Wei",
    "Amara",
    "Kofi",
    "Ingrid",
    "Mateo",
    "Aiko",
    "Olga",
    "Farah",
    "Tariq",
)
LAST = (
    "Lovelace",
    "Turing",
    "Hopper",
    "Torvalds",
    "Hamilton",
    "Ritchie",
    "Liskov",
    "Thompson",
    "Allen",
    "Dijkstra",
    "Perlman",
    "van Rossum",
    "Lamarr",
    "Stroustrup",
    "Wilson",
    "Matsumoto",
    "Borg",
    "Lerdorf",
    "Jones",
    "Wirth",
    "Sammet",
    "Lamport",
    "Goldwasser",
    "Knuth",
    "Conway",
    "Berners-Lee",
    "Keller",
    "Garcia",
    "Raman",
    "Zhang",
    "Okafor",
    "Mensah",
    "Larsen",
    "Rossi",
    "Tanaka",
    "Ivanova",
    "Haddad",
    "Aziz",
    "Novak",
    "Silva",
)
ORGS = (
    "Meta",
    "Google",
    "Amazon Web Services",
    "Microsoft",
    "IBM Research",
    "Red Hat",
    "Canonical",
    "SUSE",
    "Mozilla",
    "Intel",
    "AMD",
    "NVIDIA",
    "Arm",
    "Igalia",
    "Collabora",
    "CERN",
    "Inria",
    "ETH Zurich",
    "MIT",
    "Stanford University",
    "TU Munich",
    "Sorbonne",
    "Tweag",
    "Ferrous Systems",
    "Isovalent",
    "Grafana Labs",
    "Elastic",
    "DuckDB Labs",
    "Hugging Face",
    "independent",
)
TRACKS = (
    "Kernel",
    "Databases",
    "Rust",
    "Python",
    "Security",
    "Embedded",
    "AI and ML",
    "Web",
    "Networking",
    "Observability",
    "Distributions",
    "Compilers",
    "Community",
    "Hardware",
    "Science",
    "Legal and Policy",
    "Testing",
    "Graphics",
    "Mobile",
    "Cloud",
)
ROOMS = tuple(f"{b}.{n}" for b in ("H", "K", "UA", "UB", "AW") for n in range(1, 9))
CONFERENCES = tuple(
    f"{name} {year}"
    for name in ("FOSDEM", "OSSummit", "PyCon", "RustConf", "KubeCon", "SCALE", "LPC", "CCC")
    for year in range(2000, 2027)
)
QUERIES = (
    "kernel scheduler latency",
    "database compaction",
    "rust async runtime",
    "gpu inference quantization",
    "fuzzing parsers",
    "observability traces and metrics",
    "compiler optimisation passes",
    "securing containers",
    "python packaging",
    "vector index embeddings",
    "browser rendering",
    "formal verification of protocols",
    "migrating schemas without downtime",
    "risc-v firmware",
    "community governance",
    "webassembly sandbox",
    "garbage collector pauses",
    "network driver interrupts",
    "build system caching",
    "accessibility in the browser",
)


def _abstract(rng: random.Random, topic: str) -> str:
    n = rng.randint(120, 200)
    out, words = [], 0
    while words < n:
        k = rng.randint(9, 20)
        picked = [rng.choice(WORDS) for _ in range(k)]
        if rng.random() < 0.5:
            picked[rng.randrange(k)] = topic
        sentence = " ".join(picked)
        out.append(sentence[0].upper() + sentence[1:] + ".")
        words += k
    return " ".join(out)


def talks(n: int, seed: int, start_uid: int = 0) -> list[dict[str, object]]:
    """N synthetic talks (distinct titles), the same for the same seed."""
    return list(generate(n, seed, start_uid))


def generate(n: int, seed: int, start_uid: int = 0) -> Iterator[dict[str, object]]:
    """`talks`, one at a time."""
    rng = random.Random(seed)
    seen: set[str] = set()
    for i in range(n):
        topic = rng.choice(TOPICS)
        while True:
            title = (
                f"{rng.choice(VERBS)} the {topic} {rng.choice(CONTEXTS)}: "
                f"{rng.choice(WORDS)} and {rng.choice(WORDS)} #{rng.randrange(10**6)}"
            )
            if title not in seen:
                seen.add(title)
                break
        conference = CONFERENCES[(start_uid + i) % len(CONFERENCES)]
        year = int(conference[-4:])
        day = f"{year}-02-0{1 + rng.randrange(3)}"
        hour, minute = 9 + rng.randrange(9), rng.choice((0, 15, 30, 45))
        speakers = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(rng.randint(1, 3))]
        yield (
            {
                "uid": f"t{start_uid + i}",
                "title": title,
                "abstract": _abstract(rng, topic),
                "speakers": "|".join(speakers),
                "affiliation": "|".join(rng.choice(ORGS) for _ in speakers),
                "start": f"{day}T{hour:02d}:{minute:02d}:00+01:00",
                "duration": rng.choice((15, 25, 40, 50)),
                "room": rng.choice(ROOMS),
                "track": rng.choice(TRACKS),
                "conference": conference,
            }
        )


def write_jsonl(path: Path, rows: Iterable[dict[str, object]]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def _run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one child process."""
    seconds, rss, _ = _run_report(cmd, env)
    return seconds, rss


def _run_report(cmd: list[str], env: dict[str, str]) -> tuple[float, float, dict[str, Any]]:
    """Wall seconds, peak RSS (MB) and the JSON report (`--json`) of one child."""
    with tempfile.TemporaryFile() as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            out.seek(0)
            sys.stderr.write(out.read().decode(errors="replace")[-4000:])
            raise SystemExit(f"failed: {' '.join(cmd)}")
        out.seek(0)
        text = out.read().decode(errors="replace")
    start = text.find("{")
    try:
        report = json.loads(text[start:]) if start >= 0 else {}
    except json.JSONDecodeError:
        report = {}
    return seconds, usage.ru_maxrss / 1024, report if isinstance(report, dict) else {}


def _disk_mb(path: Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 2**20


def query_phase(home: str, queries: int) -> dict[str, Any]:
    """Run in its own process: open, time hybrid queries, measure dense recall@10."""
    import numpy as np

    from index.search.kb import KnowledgeBase

    t0 = time.perf_counter()
    kb = KnowledgeBase(home)
    open_s = time.perf_counter() - t0
    texts = [
        QUERIES[i % len(QUERIES)] + ("" if i < len(QUERIES) else f" {WORDS[i % len(WORDS)]}")
        for i in range(queries)
    ]
    kb.search(texts[0], 10)  # warm: first touches of the files
    times = []
    for q in texts:
        t = time.perf_counter()
        kb.search(q, 10)
        times.append((time.perf_counter() - t) * 1000)
    recalls = []
    for q in texts:
        qvec = kb.query_vector(q)
        approx = {tid for tid, _ in kb.vectors.search(qvec, 10)}
        # exact search over the same full vectors the index keeps (no second copy)
        exact = {tid for tid, _ in kb.vectors.exact(qvec, 10)}  # type: ignore[attr-defined]
        recalls.append(len(approx & exact) / max(1, len(exact)))
    t = time.perf_counter()
    narrow = kb.search("kernel", 10, _narrow_filter(kb))
    narrow_ms = (time.perf_counter() - t) * 1000
    times.sort()
    return {
        "open_s": round(open_s, 2),
        "query_p50_ms": round(statistics.median(times), 1),
        "query_p95_ms": round(times[int(0.95 * (len(times) - 1))], 1),
        "recall_at_10": round(float(np.mean(recalls)), 3),
        "narrow_filter_hits": len(narrow),
        "narrow_filter_ms": round(narrow_ms, 1),
        "index": kb.manifest.index_kind,
        "peak_rss_query_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    }


def _narrow_filter(kb: object) -> Any:
    """One conference's one track: about 1/4000 of the talks."""
    from index.search.limits.filters import Filters

    return Filters(conference="FOSDEM 2003", track="Kernel")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--talks", type=int, default=10_000)
    ap.add_argument("--add", type=int, default=1_000)
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument(
        "--per-file",
        type=int,
        default=100_000,
        help="talks per program file; a larger N is ingested file by file, one "
        "`talkbase ingest` each (ingest_s is their sum)",
    )
    ap.add_argument(
        "--model",
        choices=("hashing", "default"),
        default="hashing",
        help="hashing vectors (no model: the store and search alone), or the "
        "configured real encoder (default), for ingest talks/s and texts/s",
    )
    ap.add_argument("--keep", help="build the base in this folder and keep it")
    ap.add_argument("--query-phase", metavar="HOME", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.query_phase:
        print(json.dumps(query_phase(args.query_phase, args.queries)))
        return
    work = Path(args.keep or tempfile.mkdtemp(prefix="talkbase-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    home, data = work / "home", work / "data"
    if home.exists():
        shutil.rmtree(home)
    data.mkdir(exist_ok=True)
    t0 = time.perf_counter()
    rows = generate(args.talks, args.seed)
    files = []
    for k in range(max(1, -(-args.talks // args.per_file))):
        files.append(data / ("main.jsonl" if k == 0 else f"main-{k:02d}.jsonl"))
        write_jsonl(files[-1], itertools.islice(rows, args.per_file))
    write_jsonl(data / "more.jsonl", talks(args.add, args.seed + 1, start_uid=args.talks))
    generate_s = time.perf_counter() - t0
    env = {**os.environ, "TALKBASE_HOME": str(home)}
    if args.model == "hashing":
        env["TALKBASE_MODEL"] = "hashing"
    cli = [sys.executable, "-m", "talkbase.cli"]
    ingest_s, rss_ingest, embedded = 0.0, 0.0, 0
    for path in files:
        seconds, rss, report = _run_report([*cli, "ingest", str(path), "--json"], env)
        ingest_s, rss_ingest = ingest_s + seconds, max(rss_ingest, rss)
        embedded += int(report.get("embedded", 0))
        print(f"ingested {path.name}: {seconds:.1f} s, {rss:.0f} MB", file=sys.stderr)
    add_s, rss_add = _run([*cli, "ingest", str(data / "more.jsonl"), "--json"], env)
    proc = subprocess.run(
        [sys.executable, __file__, "--query-phase", str(home), "--queries", str(args.queries)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode:
        raise SystemExit(proc.stderr[-4000:])
    q = json.loads(proc.stdout.strip().splitlines()[-1])
    out = {
        "talks": args.talks,
        "ingest_s": round(ingest_s, 1),
        "add_1000_s": round(add_s, 1),
        "query_p50_ms": q.pop("query_p50_ms"),
        "query_p95_ms": q.pop("query_p95_ms"),
        "recall_at_10": q.pop("recall_at_10"),
        "peak_rss_mb": round(max(rss_ingest, rss_add, q["peak_rss_query_mb"])),
        "disk_mb": round(_disk_mb(home)),
        "peak_rss_ingest_mb": round(rss_ingest),
        "ingest_files": len(files),
        "peak_rss_add_mb": round(rss_add),
        "generate_s": round(generate_s, 1),
        "model": args.model,
        "ingest_talks_per_s": round(args.talks / ingest_s, 1) if ingest_s else None,
        "ingest_texts_per_s": round(embedded / ingest_s, 1) if ingest_s else None,
        "texts_embedded": embedded,
        **q,
    }
    print(json.dumps(out))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

"""Search quality by encoder: torch fp32, ONNX fp32 and ONNX int8 side by side.

    python bench/quality.py                  # dev queries + the whole CACM collection
    python bench/quality.py --modes dense    # the encoder alone

Builds the demo programs and the CACM collection (3,204 documents, 52 judged
queries) once per encoder in a temporary folder and prints nDCG@10 per mode
(dense isolates the encoder; hybrid is what people get), with each
encoder's ingest speed.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import collection  # noqa: E402

from index.build.builder import ingest  # noqa: E402
from index.encoders import embed  # noqa: E402
from index.evaluate import evaluate, load_judgments  # noqa: E402
from index.search.kb import KnowledgeBase  # noqa: E402

MODEL = "sentence-transformers/all-MiniLM-L6-v2"
ENCODERS = ("torch", "onnx", "onnx-int8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modes", nargs="+", default=["dense", "hybrid"])
    ap.add_argument("--encoders", nargs="+", default=list(ENCODERS))
    ap.add_argument("--docs", type=int, default=0, help="only the first N CACM documents")
    ap.add_argument("--dev-only", action="store_true", help="skip the CACM collection")
    args = ap.parse_args()
    dev = load_judgments(ROOT / "tests" / "data" / "dev_queries.json")
    with tempfile.TemporaryDirectory(prefix="tb-quality-") as tmp:
        qfile = Path(tmp) / "cacm_queries.json"
        qfile.write_text(json.dumps(collection.queries(args.docs or None)))
        cacm = load_judgments(qfile)
        program = collection.program(args.docs or None, Path(tmp) / "cacm")
        rows = []
        for enc in args.encoders:
            embedder = embed._load(MODEL, "cpu", enc)
            row: dict[str, Any] = {"encoder": embed.identity_of(embedder).split("|")[1]}
            sets = [("dev", [ROOT / "data" / "programs"], dev), ("cacm", [program], cacm)]
            for name, paths, judged in sets[: 1 if args.dev_only else 2]:
                home = Path(tmp) / f"{name}-{enc}"
                t0 = time.perf_counter()
                report = ingest(paths, home, embedder)
                row[f"{name} texts/s"] = report.embedded / (time.perf_counter() - t0)
                with KnowledgeBase(home, embedder) as kb:
                    for r in evaluate(kb, judged, args.modes):
                        row[f"{name} {r['mode']}"] = r["ndcg@10"]
            rows.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
    cols = list(rows[0])
    print(" | ".join(cols))
    print(" | ".join("---" for _ in cols))
    for row in rows:
        print(
            " | ".join(
                v if isinstance(v, str) else f"{v:.4f}" if v < 2 else f"{v:.0f}"
                for v in row.values()
            )
        )


if __name__ == "__main__":
    main()

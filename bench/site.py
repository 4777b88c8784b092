"""The static site's search against the server's, on every judged set (issue 40).

    python bench/site.py                   # dev, CACM, FOSDEM 2024 and 2019, MOCA 2024
    python bench/site.py --sets fosdem2024

For each set: its base (built once and kept under --cache, as bench/quality.py does),
exported with `export --format site`, and the site's own search.mjs run under Node
(node bench/site_search.mjs) with its own vendored onnxruntime-web and model: the
first ten talks of each judged query by words only and by words and meaning, scored
with nDCG@10 beside the server's hybrid search. Prints a table, with the CPU and the
median time a query took in the site's code (embedding included).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import quality  # noqa: E402

from index.encoders import embed  # noqa: E402
from index.evaluate import evaluate, load_judgments, ndcg_at  # noqa: E402
from index.search.kb import KnowledgeBase  # noqa: E402
from index.site.export import export_site  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--sets", nargs="+", default=["dev", "cacm", "fosdem2024", "fosdem2019", "moca2024"]
    )
    ap.add_argument("--cache", type=Path, default=Path("/tmp/q22"))
    args = ap.parse_args()
    known = quality.sets(args.cache)
    embedder = embed.load()
    print(f"CPU: {quality.cpu()}; model {embed.identity_of(embedder)}\n")
    print(
        "| set | talks | server hybrid | site words | site words + meaning | site ms/query (median) |"
    )
    print("|---|---|---|---|---|---|")
    for name in args.sets:
        paths, qfile = known[name]
        home = quality.built(name, paths, embedder, args.cache, False)
        judged = load_judgments(qfile)
        with KnowledgeBase(home, embedder) as kb, tempfile.TemporaryDirectory() as tmp:
            server = next(r for r in evaluate(kb, judged, ["hybrid"]))["ndcg@10"]
            site = Path(tmp) / "site"
            report = export_site(kb, site)
            lines = "\n".join(json.dumps(j.query) for j in judged) + "\n"
            run = subprocess.run(
                ["node", str(ROOT / "bench" / "site_search.mjs"), str(site)],
                input=lines,
                capture_output=True,
                text=True,
                check=True,
                timeout=3600,
            )
            out = [json.loads(x) for x in run.stdout.splitlines() if x.strip()]
            talks = {str(t.id): t for t in kb.talks.values()}
            scores: dict[str, list[float]] = {"words": [], "both": []}
            for j, got in zip(judged, out, strict=True):
                for how in scores:
                    ranked = [j.key(talks[i]) for i in got[how]]
                    scores[how].append(ndcg_at(ranked, j.relevant))
            ms = sorted(x["ms"] for x in out)[len(out) // 2]
            mean = {h: sum(v) / len(v) for h, v in scores.items()}
            print(
                f"| {name} | {report.talks} | {server:.3f} | {mean['words']:.3f} | "
                f"{mean['both']:.3f} | {ms:.0f} |"
            )


if __name__ == "__main__":
    main()

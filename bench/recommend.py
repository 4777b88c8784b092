"""Recommendations from an agenda (issue 23), on the FOSDEM 2024 judged queries.

    python bench/recommend.py                # builds /tmp/recbench/home once (a few minutes)
    python bench/recommend.py --sweep        # and the recommender's knobs around the defaults

Each judged query with at least four grade-2 talks is a person's interest: half of
those talks (every other one in time order) are saved, nothing is hidden, ten talks
are recommended, and held-out recall@10 counts how many of the other half come back.
Mixed agendas put two queries' saved halves together (ten pairs of queries judging
no talk in common): both interests are served when the ten hold a talk judged for
each (grade 1 or 2). Lopsided ones save one query's half and a single talk of the
other. With --fits, no recommended talk may overlap a saved one (the agenda's rule).

Two baselines run on the same base: the talks nearest the centroid of the saved
vectors, and the union of each saved talk's `similar` list, taken in turns.
The base is FOSDEM 2024 built with the real model by `talkbase ingest`, kept in
--home and reused.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared" if (ROOT.parent / "shared").is_dir() else Path("/work/shared")

from appviews.models.agenda import overlap_minutes  # noqa: E402
from index.search.kb import KnowledgeBase  # noqa: E402
from index.search.recommend import TUNING, Tuning, recommend  # noqa: E402

K = 10
SWEEP = (  # --sweep: one knob at a time around the defaults (index/search/recommend.py)
    ("threshold", (0.2, 0.4, 0.5)),
    ("centroid_share", (0.5, 1.0)),
    ("word_weight", (0.0, 1.0)),
    ("track_weight", (0.0, 0.5)),
    ("diversity", (0.0, 0.5)),
)
Method = Callable[[KnowledgeBase, list[int]], list[int]]


def norm_title(title: str) -> str:
    """As the collection's README says: NFKC, case-folded, non-alphanumerics as one space."""
    text = unicodedata.normalize("NFKC", title).casefold()
    return re.sub(r"[\W_]+", " ", text).strip()


def build(home: Path, schedule: Path) -> None:
    """FOSDEM 2024 with the configured (real) model, once."""
    if (home / "CURRENT").is_file():
        return
    talkbase = Path(sys.executable).parent / "talkbase"
    command = [str(talkbase)] if talkbase.is_file() else [sys.executable, "-m", "talkbase.cli"]
    print(f"building {home} from {schedule.name} (a few minutes)...", file=sys.stderr)
    subprocess.run([*command, "--home", str(home), "ingest", str(schedule)], check=True)


def judged(kb: KnowledgeBase, path: Path) -> list[dict]:
    """The queries, each judgment mapped to a talk id by title + day + start."""
    by_key: dict[tuple[str, str | None, str | None], int] = {}
    for tid, talk in kb.talks.items():
        d = talk.to_dict()
        by_key[(norm_title(talk.title), d["day"], d["start"])] = tid
    out = []
    for q in json.loads(path.read_text(encoding="utf-8")):
        grades: dict[int, int] = {}
        for r in q["relevant"]:
            found = by_key.get((norm_title(r["title"]), r["day"], r["start"]))
            if found is None:
                print(f"unmatched judgment: {r['title']} {r['day']} {r['start']}", file=sys.stderr)
            else:
                grades[found] = r["grade"]
        best = sorted((t for t, g in grades.items() if g == 2), key=lambda t: _when(kb, t))
        out.append({"query": q["query"], "grades": grades, "saved": best[::2], "held": best[1::2]})
    return out


def _when(kb: KnowledgeBase, tid: int) -> tuple[float, str]:
    talk = kb.talks[tid]
    return (talk.start.timestamp() if talk.start else 0.0, talk.title)


# -- the methods ------------------------------------------------------------------


def centroid(kb: KnowledgeBase, saved: list[int]) -> list[int]:
    centre = np.mean([kb.vectors.vector(t) for t in saved], axis=0)
    centre /= np.linalg.norm(centre) or 1.0
    near = kb.vectors.search(centre, K + len(saved))
    return [t for t, _ in near if t not in saved][:K]


def union_similar(kb: KnowledgeBase, saved: list[int]) -> list[int]:
    lists = [[h.talk.id for h in kb.similar(t, K)] for t in saved]
    out: list[int] = []
    for rank in range(K):
        for found in lists:
            if rank < len(found) and found[rank] not in saved and found[rank] not in out:
                out.append(found[rank])
    return out[:K]


def recommender(tuning: Tuning = TUNING, fits: bool = False) -> Method:
    def run(kb: KnowledgeBase, saved: list[int]) -> list[int]:
        return [h.talk.id for h in recommend(kb, saved, k=K, fits=fits, tuning=tuning)]

    return run


# -- the measures -----------------------------------------------------------------


def mixed_pairs(queries: list[dict], n: int = 10) -> list[tuple[dict, dict]]:
    """`n` pairs of queries judging no talk in common: each with the one half the list
    further on (then the next ones), so two topics far apart in the file meet."""
    pairs: list[tuple[dict, dict]] = []
    half = len(queries) // 2
    for shift in range(half, len(queries)):
        for i, a in enumerate(queries):
            b = queries[(i + shift) % len(queries)]
            if len(pairs) < n and not set(a["grades"]) & set(b["grades"]):
                if not any({a["query"], b["query"]} == {x["query"], y["query"]} for x, y in pairs):
                    pairs.append((a, b))
    return pairs


def served(top: Sequence[int], query: dict, saved: Sequence[int]) -> bool:
    return any(t in query["grades"] and t not in saved for t in top)


def clashes(kb: KnowledgeBase, top: Sequence[int], saved: Sequence[int]) -> int:
    mine = kb.talks.get_many(list(saved))
    return sum(any(overlap_minutes(kb.talks[t], s) > 0 for s in mine) for t in top)


def measure(kb: KnowledgeBase, method: Method, queries: list[dict], pairs) -> dict:
    recall, took = [], []
    clashing = 0
    for q in queries:
        began = time.perf_counter()
        top = method(kb, q["saved"])
        took.append(time.perf_counter() - began)
        recall.append(len(set(top) & set(q["held"])) / len(q["held"]))
        clashing += clashes(kb, top, q["saved"])
    both = lopsided = 0
    for a, b in pairs:
        saved = a["saved"] + b["saved"]
        top = method(kb, saved)
        both += served(top, a, saved) and served(top, b, saved)
        clashing += clashes(kb, top, saved)
        for big, small in ((a, b), (b, a)):  # one talk of the second interest
            saved = big["saved"] + small["saved"][:1]
            top = method(kb, saved)
            lopsided += served(top, big, saved) and served(top, small, saved)
    return {
        "recall": float(np.mean(recall)),
        "both": both,
        "lopsided": lopsided,
        "clashing": clashing,
        "ms": 1000 * float(np.median(took)),
    }


def row(name: str, m: dict, pairs: int) -> str:
    return (
        f"| {name:<36} | {m['recall']:13.3f} | {m['both']:>8}/{pairs} | "
        f"{m['lopsided']:>5}/{2 * pairs} | {m['clashing']:>7} | {m['ms']:7.1f} |"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--home", type=Path, default=Path("/tmp/recbench/home"))
    ap.add_argument("--schedule", type=Path, default=SHARED / "schedules" / "fosdem2024.xml")
    ap.add_argument(
        "--queries", type=Path, default=SHARED / "collections" / "fosdem2024_queries.json"
    )
    ap.add_argument("--sweep", action="store_true", help="also the knobs around the defaults")
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    build(args.home, args.schedule)
    with KnowledgeBase(args.home) as kb:
        queries = [q for q in judged(kb, args.queries) if len(q["saved"]) + len(q["held"]) >= 4]
        pairs = mixed_pairs(queries)
        methods: list[tuple[str, Method]] = [
            ("centroid of the saved vectors", centroid),
            ("union of per-talk similar (in turns)", union_similar),
            ("recommend", recommender()),
            ("recommend --fits", recommender(fits=True)),
        ]
        if args.sweep:
            for field, values in SWEEP:
                for v in values:
                    tuned = replace(TUNING, **{field: v})  # type: ignore[arg-type]
                    methods.append((f"recommend {field}={v}", recommender(tuned)))
        print(
            f"FOSDEM 2024, {len(kb.talks)} talks, model {kb.model_name}; {len(queries)} queries "
            f"with >= 4 grade-2 talks, {len(pairs)} mixed agendas; CPU: {cpu()}\n"
        )
        print(f"| {'method':<36} | held-out R@10 | both served | lopsided | clashes | ms/call |")
        print(f"|{'-' * 38}|{'-' * 15}|{'-' * 13}|{'-' * 10}|{'-' * 9}|{'-' * 9}|")
        for name, method in methods:
            print(row(name, measure(kb, method, queries, pairs), len(pairs)), flush=True)


def cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return f"{line.split(':', 1)[1].strip()} ({os.cpu_count()} cores)"
    except OSError:
        pass
    return platform.processor() or platform.machine()


if __name__ == "__main__":
    main()

"""Search quality on every judged set at once: nDCG@10 and R@5 per set, mode and kind.

    python bench/quality.py                       # dev, CACM, FOSDEM 2024 and 2019, MOCA 2024,
                                                  # FOSDEM 2024 asked in German and Italian,
                                                  # vague questions on FOSDEM 2019
    python bench/quality.py --sets fosdem2024     # one set
    python bench/quality.py --encoders torch onnx onnx-int8 --modes dense hybrid
    python bench/quality.py --queries             # also each query's nDCG@10 (hybrid)

Sets: the demo programs with tests/data/dev_queries.json; the CACM collection
(3,204 documents, 52 queries judged by id); the FOSDEM 2024 program (674 talks,
40 attendee queries judged by title + day + start, with kinds); the FOSDEM 2019
program (775 talks) with bench/data/fosdem2019_queries.json, 40 queries of the same
kinds and format, our own (how they were made: bench/data/README.md); the MOCA 2024
camp (88 events, Italian and English) with its 24 judged queries; FOSDEM 2024's
queries asked in German and in Italian; 32 questions in everyday words on FOSDEM 2019
(bench/data/fosdem2019_vague.json, 8 of them in German, French, Spanish or Italian),
24 on FOSDEM 2024 and 16 on MOCA 2024 (bench/data/fosdem2024_vague.json and
moca2024_vague.json, held out: written and judged after the code they measure); a
French/English/Spanish public-health conference (bench/data/villes_sante_2025.json, 85
sessions, 36 queries: a program of another kind, written and judged by a helper); and
a German/English/Dutch libraries-and-archives conference in frab XML
(bench/data/dba2025.xml, 91 sessions, 40 queries in German, English and Dutch, held
out: written and judged by a helper that saw no code, measured before any change); and
a Japanese/English open-source conference in Tokyo (bench/data/osc_tokyo_2026.json, 79
sessions, 40 queries in Japanese and English, held out the same way, then the set the
reading of Japanese queries was built on) and a second, in Osaka
(bench/data/dskansai_2027.json, 69 sessions, 40 queries: held out from that work); and
a Portuguese/English/Spanish open-data conference in Recife (bench/data/dadosbr_2027.json,
98 sessions, 40 queries, held out: written and judged by a helper that saw no code); and
a German/English digital-humanities conference in Graz as an iCalendar file
(bench/data/dhd_2027.ics, 117 events, 40 queries in German and English, held out the
same way). Each set's base is
built once per encoder and kept under --cache (default /tmp/q22/), so a rerun after
a change to search (not to ingest: pass --rebuild then) takes seconds.
R@5 is the recall of the grade-2 talks in the first five (of all judged talks where
the set grades nothing 2). The multilingual signal is a mode of its own on the bases
that have its vectors (TALKBASE_MULTILINGUAL: with 'auto', MOCA 2024 only); to see
it on every set, build them aside:

    TALKBASE_MULTILINGUAL=on python bench/quality.py --cache /tmp/q22-on
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import collection  # noqa: E402

from index.build.builder import ingest  # noqa: E402
from index.encoders import embed  # noqa: E402
from index.evaluate import evaluate, load_judgments, per_query  # noqa: E402
from index.search.kb import KnowledgeBase  # noqa: E402
from index.store import disk as store  # noqa: E402

MODES = ("lexical", "dense", "multilingual", "hybrid")  # multilingual: where a base has it
FOSDEM = collection.SHARED / "schedules" / "fosdem2024.xml"
FOSDEM_QUERIES = collection.SHARED / "collections" / "fosdem2024_queries.json"
FOSDEM2019 = collection.SHARED / "schedules" / "fosdem2019.xml"
# our own: 40 attendee queries on FOSDEM 2019, judged by helper sessions (bench/data/README.md)
FOSDEM2019_QUERIES = ROOT / "bench" / "data" / "fosdem2019_queries.json"
# a bilingual (Italian/English) camp of four rooms: ../shared/collections/README.md
MOCA = collection.SHARED / "schedules" / "moca2024.ics"
MOCA_QUERIES = collection.SHARED / "collections" / "moca2024_queries.json"
# a French/English/Spanish public-health conference in pretalx JSON (85 sessions)
VILLES = ROOT / "bench" / "data" / "villes_sante_2025.json"
# a German/English/Dutch libraries-and-archives conference in frab XML (91 sessions)
DBA = ROOT / "bench" / "data" / "dba2025.xml"
# a Japanese/English open-source conference in Tokyo, one JSON of its own (79 sessions)
TOKYO = ROOT / "bench" / "data" / "osc_tokyo_2026.json"
# a Japanese/English data-science conference in Osaka, pretalx-like JSON (69 sessions)
OSAKA = ROOT / "bench" / "data" / "dskansai_2027.json"
# a Portuguese/English/Spanish open-data and digital-government conference in Recife,
# frab-style JSON (98 sessions; held out: written and judged by a helper that saw no code)
RECIFE = ROOT / "bench" / "data" / "dadosbr_2027.json"
# a German/English digital-humanities conference in Graz, an iCalendar file (117 events;
# held out: written and judged by a helper that saw no code)
GRAZ = ROOT / "bench" / "data" / "dhd_2027.ics"


def sets(cache: Path) -> dict[str, tuple[list[Path], Path]]:
    """name -> (program paths, judgments file)."""
    cacm_q = cache / "cacm_queries.json"
    if not cacm_q.exists():
        cache.mkdir(parents=True, exist_ok=True)
        cacm_q.write_text(json.dumps(collection.queries()))
    cacm_dir = cache / "cacm-program"
    if not (cacm_dir / "cacm.jsonl").exists():
        collection.program(None, cacm_dir)
    return {
        "dev": ([ROOT / "data" / "programs"], ROOT / "tests" / "data" / "dev_queries.json"),
        "cacm": ([cacm_dir / "cacm.jsonl"], cacm_q),
        "fosdem2024": ([FOSDEM], FOSDEM_QUERIES),
        "fosdem2019": ([FOSDEM2019], FOSDEM2019_QUERIES),
        "moca2024": ([MOCA], MOCA_QUERIES),
        # the same program asked in German and in Italian (bench/data/README.md)
        "fosdem2024-de": ([FOSDEM], ROOT / "bench" / "data" / "fosdem2024_queries_de.json"),
        "fosdem2024-it": ([FOSDEM], ROOT / "bench" / "data" / "fosdem2024_queries_it.json"),
        # 32 questions in everyday words on FOSDEM 2019, 8 of them in four other languages
        "fosdem2019-vague": ([FOSDEM2019], ROOT / "bench" / "data" / "fosdem2019_vague.json"),
        # held out: 24 on FOSDEM 2024 (6 in Italian or German), 16 on MOCA 2024 (8 Italian)
        "fosdem2024-vague": ([FOSDEM], ROOT / "bench" / "data" / "fosdem2024_vague.json"),
        "moca2024-vague": ([MOCA], ROOT / "bench" / "data" / "moca2024_vague.json"),
        # a program of another kind, written and judged by helper sessions (bench/data/README.md)
        "villes2025": ([VILLES], ROOT / "bench" / "data" / "villes_sante_2025_queries.json"),
        "dba2025": ([DBA], ROOT / "bench" / "data" / "dba2025_queries.json"),
        "tokyo2026": ([TOKYO], ROOT / "bench" / "data" / "osc_tokyo_2026_queries.json"),
        "osaka2027": ([OSAKA], ROOT / "bench" / "data" / "dskansai_2027_queries.json"),
        "recife2027": ([RECIFE], ROOT / "bench" / "data" / "dadosbr_2027_queries.json"),
        "graz2027": ([GRAZ], ROOT / "bench" / "data" / "dhd_2027_queries.json"),
    }


# sets that ask a program another set builds: its base is built once, under that name
SAME_BASE = {
    "fosdem2024-de": "fosdem2024",
    "fosdem2024-it": "fosdem2024",
    "fosdem2019-vague": "fosdem2019",
    "fosdem2024-vague": "fosdem2024",
    "moca2024-vague": "moca2024",
}


def cpu() -> str:
    """The machine and the vector extension its int8 encoder runs on (say it with
    every timing: the CPU differs between sessions)."""
    flags = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    kind = "AVX-512 VNNI" if "avx512_vnni" in flags else ("AVX2" if "avx2" in flags else "?")
    return f"{platform.machine()} {kind}"


def built(name: str, paths: list[Path], embedder: Any, cache: Path, rebuild: bool) -> Path:
    ident = embed.identity_of(embedder)
    home = cache / f"{name}-{hashlib.sha1(ident.encode()).hexdigest()[:10]}"
    if rebuild or store.current(home) is None:
        t0 = time.perf_counter()
        ingest(paths, home, embedder)
        print(f"built {name} ({ident}) in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return home


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modes", nargs="+", default=list(MODES))
    ap.add_argument("--encoders", nargs="+", default=[""], help="default: the configured one")
    ap.add_argument(
        "--sets",
        nargs="+",
        default=[
            "dev",
            "cacm",
            "fosdem2024",
            "fosdem2019",
            "moca2024",
            "villes2025",
            "dba2025",
            "tokyo2026",
            "osaka2027",
            "recife2027",
            "graz2027",
            *SAME_BASE,
        ],
    )
    ap.add_argument("--cache", type=Path, default=Path("/tmp/q22"))
    ap.add_argument("--rebuild", action="store_true", help="build every base again")
    ap.add_argument("--queries", action="store_true", help="each query's hybrid nDCG@10")
    ap.add_argument("--json", type=Path, help="also write the rows here")
    args = ap.parse_args()
    known = sets(args.cache)
    rows: list[dict[str, Any]] = []
    for enc in args.encoders:
        embedder = embed._load(embed.settings.model_name(), "cpu", enc) if enc else embed.load()
        label = embed.identity_of(embedder).split("|")[1]
        for name in args.sets:
            paths, qfile = known[name]
            home = built(SAME_BASE.get(name, name), paths, embedder, args.cache, args.rebuild)
            judged = load_judgments(qfile)
            with KnowledgeBase(home, embedder) as kb:
                modes = [m for m in args.modes if m != "multilingual" or kb.multilingual]
                for r in evaluate(kb, judged, modes):
                    rows.append({"encoder": label, "set": name, **r})
                if args.queries:
                    for q in per_query(kb, judged, "hybrid"):
                        print(f"  {name} {q['kind']:10s} {q['ndcg@10']:.3f}  {q['query']}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    kinds = sorted({kd for r in rows for kd in r["kinds"]})
    head = ["encoder", "set", "mode", "nDCG@10", "R@5", *kinds]
    print(" | ".join(head))
    print(" | ".join("---" for _ in head))
    for r in rows:
        cells = [r["encoder"], r["set"], r["mode"], f"{r['ndcg@10']:.3f}", f"{r['recall@5']:.3f}"]
        cells += [f"{r['kinds'][kd]['ndcg@10']:.3f}" if kd in r["kinds"] else "" for kd in kinds]
        print(" | ".join(cells))


if __name__ == "__main__":
    main()

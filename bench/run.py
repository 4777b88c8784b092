"""Speed and memory of the real pipeline, against issue 8's targets, in one table.

    python bench/run.py               # every row; txtai beside it when installed
    python bench/run.py --no-txtai --no-app --repeat 3

Rows (each timed the way a person meets it):
  new-process `talkbase search` on the demo base: wall time and peak RSS;
  `talkbase ingest empty.csv` (an error case): wall time;
  `talkbase --help` (nothing but the argument parser): wall time;
  the app: `streamlit run` until a deep link /?q=... shows results (Chromium);
  first search through `talkbase.open()` in a new process (import to answer);
  warm hybrid query p50 on the demo base (each query embedded afresh);
  warm hybrid query p50 on 1,400 CACM documents with the 52 CACM queries, and
  ingest docs/s of the same documents, with txtai (`hybrid=True`, the same
  MiniLM files) run on the same documents and queries in the same run.
The machine is shared and noisy: ratios measured in one run mean more than
absolute times. Needs the `[bench]` extra for txtai (`make bench` installs it).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import collection  # noqa: E402

from talkbase.serve import app_command  # noqa: E402

PROGRAMS = ROOT / "data" / "programs"
DEV = [q["query"] for q in json.loads((ROOT / "tests/data/dev_queries.json").read_text())]
TALKBASE = str(Path(sys.executable).parent / "talkbase")
QUERY = "fault-tolerant collectives"
N_DOCS = 1400


def child(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float, int, str]:
    """Run `cmd` in a new process: (wall s, peak RSS MB, exit status, stderr tail)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        cmd,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024, proc.returncode, err[-400:]


def median_child(cmd: list[str], env: dict[str, str], repeat: int) -> tuple[float, float]:
    runs = [child(cmd, env) for _ in range(repeat)]
    bad = [r for r in runs if r[2] not in (0, 1)]
    if bad:
        raise SystemExit(f"{' '.join(cmd)} failed: {bad[0][3]}")
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs)


def p50_ms(kb, queries: list[str], rounds: int = 3) -> float:
    for q in queries[:3]:
        kb.search(q, 10)  # warm: files, BM25 statistics, the encoder
    lat = []
    for _ in range(rounds):
        for q in queries:
            getattr(kb, "_qcache", {}).clear()  # embed the query each time
            t0 = time.perf_counter()
            kb.search(q, 10)
            lat.append((time.perf_counter() - t0) * 1000)
    return statistics.median(lat)


def first_search(home: Path, repeat: int) -> float:
    code = (
        "import time; t = time.perf_counter(); import talkbase; "
        f"tb = talkbase.open({str(home)!r}); tb.search({QUERY!r}); "
        "print(time.perf_counter() - t)"
    )
    times = []
    for _ in range(repeat):
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
        )
        if done.returncode:
            raise SystemExit(f"talkbase.open() failed: {done.stderr[-400:]}")
        times.append(float(done.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


def app_deep_link(home: Path) -> tuple[float | None, str]:
    """Seconds from `streamlit run` to results shown for /?q=..., in headless Chromium."""
    if not (Path("/usr/bin/chromium").exists() and Path("/usr/bin/chromedriver").exists()):
        return None, "no chromium (make browser)"
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError:
        return None, "no selenium"
    opts = Options()
    opts.binary_location = "/usr/bin/chromium"
    profile = tempfile.mkdtemp(prefix="tb-bench-chromium-")
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        f"--user-data-dir={profile}",
    ):
        opts.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/"
    cmd = app_command("127.0.0.1", port, watch_files=False)
    t0 = time.perf_counter()
    server = subprocess.Popen(
        cmd,
        cwd=ROOT,
        env={**os.environ, "TALKBASE_HOME": str(home)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while True:
            try:
                with urllib.request.urlopen(url + "_stcore/health", timeout=1):
                    break
            except OSError:
                if time.perf_counter() - t0 > 120 or server.poll() is not None:
                    return None, "streamlit did not start"
                time.sleep(0.05)
        driver.get(url + "?q=" + QUERY.replace(" ", "+"))
        WebDriverWait(driver, 120, poll_frequency=0.05).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, ".tb-title")
        )
        return time.perf_counter() - t0, "streamlit run -> results of /?q=... in Chromium"
    finally:
        server.terminate()
        server.wait(timeout=30)
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def talkbase_collection(tmp: Path, program: Path, queries: list[str]) -> tuple[float, float]:
    """(ingest docs/s, warm hybrid p50 ms) of talkbase on the collection, in this process."""
    from index.build.builder import ingest
    from index.encoders.embed import LazyEmbedder
    from index.search.kb import KnowledgeBase

    home = tmp / "cacm-home"
    t0 = time.perf_counter()
    report = ingest([program], home, LazyEmbedder())
    rate = report.talks / (time.perf_counter() - t0)
    with KnowledgeBase(home) as kb:
        return rate, p50_ms(kb, queries)


def txtai_collection(docs: list[dict], queries: list[str]) -> tuple[float, float] | None:
    """(index docs/s including the model load, warm p50 ms) of txtai hybrid=True, in a
    process of its own (torch's and FAISS's OpenMP threads in one process slow both)."""
    done = subprocess.run(
        [sys.executable, __file__, "--txtai-side", str(len(docs))],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        sys.stderr.write(f"txtai side failed: {done.stderr[-600:]}\n")
        return None
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return None if out is None else (out[0], out[1])


def txtai_side(docs: list[dict], queries: list[str]) -> tuple[float, float] | None:
    try:
        from txtai import Embeddings
    except ImportError:
        return None
    from index.encoders.embed import resolve_model_path

    t0 = time.perf_counter()
    emb = Embeddings(
        path=resolve_model_path("sentence-transformers/all-MiniLM-L6-v2"), hybrid=True, content=True
    )
    emb.index([(d["UID"], collection.text(d), None) for d in docs])
    rate = len(docs) / (time.perf_counter() - t0)
    for q in queries[:3]:
        emb.search(q, 10)
    lat = []
    for _ in range(3):
        for q in queries:
            t = time.perf_counter()
            emb.search(q, 10)
            lat.append((time.perf_counter() - t) * 1000)
    return rate, statistics.median(lat)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="new-process runs per row (median)")
    ap.add_argument("--no-txtai", action="store_true", help="skip the txtai side")
    ap.add_argument("--no-app", action="store_true", help="skip the Chromium app row")
    ap.add_argument("--json", help="also write the rows to this JSON file")
    ap.add_argument("--txtai-side", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.txtai_side:
        queries = [q["query"] for q in collection.queries()]
        print(json.dumps(txtai_side(collection.documents(args.txtai_side), queries)))
        return
    rows: list[tuple[str, str, str, bool | None]] = []
    tmp = Path(tempfile.mkdtemp(prefix="tb-bench-"))
    try:
        home = tmp / "demo-home"
        env = {"TALKBASE_HOME": str(home)}
        wall, rss, rc, err = child([TALKBASE, "ingest", str(PROGRAMS)], env)
        if rc:
            raise SystemExit(f"demo ingest failed: {err}")
        rows.append(("demo ingest (71 talks, new process)", f"{wall:.2f} s", "", None))
        wall, rss = median_child([TALKBASE, "search", QUERY], env, args.repeat)
        rows.append(
            (f'`talkbase search "{QUERY}"`, new process', f"{wall:.2f} s", "<= 1.0 s", wall <= 1.0)
        )
        rows.append(("  peak RSS of that process", f"{rss:.0f} MB", "<= 300 MB", rss <= 300))
        empty = tmp / "empty.csv"
        empty.write_text("")
        wall, _ = median_child([TALKBASE, "ingest", str(empty)], env, args.repeat)
        rows.append(
            ("`talkbase ingest empty.csv` (an error)", f"{wall:.2f} s", "<= 1 s", wall <= 1)
        )
        wall, _ = median_child([TALKBASE, "--help"], env, args.repeat)
        rows.append(("`talkbase --help`, new process", f"{wall:.2f} s", "<= 1 s", wall <= 1))
        if not args.no_app:
            secs, how = app_deep_link(home)
            rows.append(
                (
                    f"app deep link ({how})",
                    f"{secs:.1f} s" if secs else "n/a",
                    "<= 4 s",
                    None if secs is None else secs <= 4,
                )
            )
        secs = first_search(home, args.repeat)
        rows.append(
            (
                "first search via talkbase.open(), new process",
                f"{secs:.2f} s",
                "<= 1.5 s",
                secs <= 1.5,
            )
        )
        from index.search.kb import KnowledgeBase

        with KnowledgeBase(home) as kb:
            demo = p50_ms(kb, DEV)
        rows.append(
            (
                "warm hybrid query p50, demo base (dev queries)",
                f"{demo:.1f} ms",
                "<= 5 ms",
                demo <= 5,
            )
        )
        docs = collection.documents(N_DOCS)
        queries = [q["query"] for q in collection.queries()]
        program = collection.program(N_DOCS, tmp / "cacm")
        rate, p50 = talkbase_collection(tmp, program, queries)
        theirs = None if args.no_txtai else txtai_collection(docs, queries)
        if theirs:
            t_rate, t_p50 = theirs
            rows.append(
                (
                    f"warm hybrid p50, {N_DOCS} CACM docs, 52 queries",
                    f"{p50:.1f} ms vs txtai {t_p50:.1f} ms = {p50 / t_p50:.2f}x",
                    "<= 0.5x txtai",
                    p50 / t_p50 <= 0.5,
                )
            )
            rows.append(
                (
                    f"ingest of the {N_DOCS} docs (docs/s, model load included)",
                    f"{rate:.1f} vs txtai {t_rate:.1f} = {rate / t_rate:.2f}x",
                    ">= 2x txtai",
                    rate / t_rate >= 2,
                )
            )
        else:
            rows.append(
                (
                    f"warm hybrid p50, {N_DOCS} CACM docs",
                    f"{p50:.1f} ms",
                    "<= 0.5x txtai (not installed)",
                    None,
                )
            )
            rows.append(
                (
                    f"ingest of the {N_DOCS} docs",
                    f"{rate:.1f} docs/s",
                    ">= 2x txtai (not installed)",
                    None,
                )
            )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rows.append(("peak RSS of this bench process", f"{peak:.0f} MB", "", None))
    print_table(rows)
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                [dict(zip(("what", "measured", "target", "met"), r, strict=True)) for r in rows],
                indent=2,
            )
        )


def print_table(rows: list[tuple[str, str, str, bool | None]]) -> None:
    widths = [max(len(str(r[i])) for r in rows) for i in range(3)]
    head = ("what", "measured", "target")
    print(" | ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)) + " | met")
    print("-|-".join("-" * w for w in widths) + "-|----")
    for what, measured, target, met in rows:
        mark = "" if met is None else ("yes" if met else "NO")
        print(
            f"{what.ljust(widths[0])} | {measured.ljust(widths[1])} | "
            f"{target.ljust(widths[2])} | {mark}"
        )


if __name__ == "__main__":
    main()

"""The static site on a phone, in real Chromium (issue 40's budgets), one command:

    python bench/site_phone.py --home DIR      # a base built with the real model

Exports the base's site, serves it on localhost with a plain static server, opens it
in headless Chromium at 390x844 with the CPU throttled 4x (CDP), and prints: what the
first visit downloaded before its first search worked, the time to that first search
by words, the time until search by meaning was ready, and the median and worst time
of a search in the page (the query embedded by the model, then ranked), over queries
of a judged set when given (--queries FILE), else a fixed list.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from quality import cpu  # noqa: E402

from index.encoders import embed  # noqa: E402
from index.search.kb import KnowledgeBase  # noqa: E402
from index.site.export import export_site  # noqa: E402

QUERIES = [
    "fault-tolerant collectives",
    "keep training going when hardware breaks",
    "kernels",
    "compilers on tuesday",
    "serving large language models",
    "rust",
    "security",
    "how do I get started as a contributor",
    "distributed checkpointing",
    "graph breaks",
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--queries", type=Path, help="a judged set: its queries are searched")
    ap.add_argument("--throttle", type=float, default=4.0)
    args = ap.parse_args()
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    queries = QUERIES
    if args.queries:
        queries = [q["query"] for q in json.loads(args.queries.read_text(encoding="utf-8"))]
    embedder = embed.load()
    with KnowledgeBase(args.home, embedder) as kb, tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        report = export_site(kb, site)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
            cwd=site,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        profile = tempfile.mkdtemp()
        opts = Options()
        opts.binary_location = "/usr/bin/chromium"
        for a in (
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--no-first-run",
            f"--user-data-dir={profile}",
        ):
            opts.add_argument(a)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
        try:
            time.sleep(0.5)
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True},
            )
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
            t0 = time.perf_counter()
            driver.get(f"http://127.0.0.1:{port}/")
            while not driver.execute_script("return document.body.dataset.ready"):
                time.sleep(0.02)
            ready = time.perf_counter() - t0
            first = driver.execute_script(
                "return performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))"
                ".reduce((n, e) => n + (e.transferSize || e.encodedBodySize || 0), 0)"
            )
            while "by meaning." not in driver.execute_script(
                "return document.getElementById('status').textContent"
            ):
                time.sleep(0.1)
                if time.perf_counter() - t0 > 600:
                    raise SystemExit("the model never loaded")
            meaning = time.perf_counter() - t0
            took = driver.execute_async_script(
                """const [qs, done] = arguments; (async () => {
                     const out = [];
                     for (const q of qs) {
                       const t0 = performance.now();
                       const qv = await window.talkbaseEmbed(q);
                       window.talkbaseSearch(q, qv);
                       out.push(performance.now() - t0);
                     }
                     done(out); })();""",
                queries,
            )
        finally:
            driver.quit()
            server.kill()
            shutil.rmtree(profile, ignore_errors=True)
    took = sorted(took)
    print(f"CPU: {cpu()}; Chromium at 390x844, CPU throttled x{args.throttle:g}")
    print(f"{report.talks} talks; the model and onnxruntime: {report.model_bytes / 1e6:.1f} MB\n")
    print("| measure | value |")
    print("|---|---|")
    print(f"| first visit, bytes before the first search works | {first / 1e6:.2f} MB |")
    print(f"| first search by words works after | {ready:.2f} s |")
    print(f"| search by meaning ready after | {meaning:.1f} s |")
    print(f"| a search with meaning, median of {len(took)} | {took[len(took) // 2]:.0f} ms |")
    print(f"| a search with meaning, worst | {took[-1]:.0f} ms |")


if __name__ == "__main__":
    main()

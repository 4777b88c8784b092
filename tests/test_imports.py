"""Nothing heavy on the way to an answer: each check runs in a new process and
looks at `sys.modules` afterwards (torch alone costs seconds to import)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("torch", "sentence_transformers", "transformers")

SCRIPT = """
import contextlib, io, json, sys
from talkbase.cli import main
out = {}
for argv in %s:
    with contextlib.redirect_stdout(io.StringIO()) as buf:
        code = main(argv)
    out[argv[0]] = [code, len(buf.getvalue())]
if %r:
    import talkbase
    tb = talkbase.open()
    out["api"] = [0, len(tb.search("fault-tolerant collectives"))]
out["heavy"] = [m for m in %r if m in sys.modules]
out["onnxruntime"] = "onnxruntime" in sys.modules
print(json.dumps(out))
"""


def run(argvs: list[list[str]], home: Path, api: bool = False, **env: str) -> dict:
    code = SCRIPT % (json.dumps(argvs), api, HEAVY)
    environ = {**os.environ, "TALKBASE_HOME": str(home), "PYTHONPATH": str(ROOT), **env}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=environ,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.model
def test_search_and_lookups_never_import_torch(demo_home):
    out = run(
        [
            ["search", "fault-tolerant collectives"],
            ["search", "--mode", "dense", "gpu"],
            ["stats"],
            ["export"],
        ],
        demo_home,
        api=True,
    )
    assert out["heavy"] == [], f"imported {out['heavy']} on the query path"
    assert out["onnxruntime"]  # the query was embedded, by the ONNX encoder
    assert out["search"][0] == 0 and out["search"][1] > 0
    assert out["api"][1] > 0 and out["stats"][0] == 0 and out["export"][1] > 0


@pytest.mark.model
def test_show_and_similar_never_import_torch(demo_kb, demo_home):
    some = next(iter(demo_kb.talks))
    out = run([["show", str(some)], ["similar", str(some)]], demo_home)
    assert out["show"][0] == 0 and out["similar"][0] == 0 and out["similar"][1] > 0
    assert out["heavy"] == []


def test_ingest_of_a_bad_file_fails_fast_without_an_encoder(tmp_path):
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    code = (
        "import sys, time; t = time.perf_counter()\n"
        "from talkbase.cli import main\n"
        f"rc = main(['ingest', {str(empty)!r}])\n"
        "print(rc, round(time.perf_counter() - t, 3), "
        "[m for m in ('torch', 'onnxruntime', 'faiss', 'sentence_transformers', 'pandas') "
        "if m in sys.modules])"
    )
    environ = {**os.environ, "TALKBASE_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=environ,
        cwd=ROOT,
        timeout=120,
    )
    wall = time.perf_counter() - t0
    rc, inside, loaded = done.stdout.strip().split(" ", 2)
    assert rc == "1" and "empty" in done.stderr
    assert loaded == "[]", f"loaded {loaded} before reading the file"
    # pandas alone took 0.4-0.6 s of the 1.1 s it used to take; about 0.45 s without it
    assert float(inside) < 3.0 and wall < 10.0
    assert not (tmp_path / "home").exists() or not any((tmp_path / "home").iterdir())


def test_a_search_of_a_current_base_loads_no_bm25s(fake_home):
    # bm25s (and scipy with it) serves only bases of format 2; importing it costs
    # about 0.3 s of every query process, so it stays inside Bm25Index
    code = (
        "import sys\n"
        "from index.encoders.hashing import HashingEmbedder\n"
        "from index.search.kb import KnowledgeBase\n"
        f"kb = KnowledgeBase({str(fake_home)!r}, HashingEmbedder())\n"
        "assert kb.search('gpu kernels', 5)\n"
        "print([m for m in ('bm25s', 'scipy') if m in sys.modules])"
    )
    environ = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environ, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"

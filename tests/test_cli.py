"""The CLI contract: ingest / search --json / search --batch / similar / show / stats / export."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from talkbase.cli import main
from tests.conftest import PROGRAMS, ROOT

pytestmark = pytest.mark.model
TALKBASE = str(Path(sys.executable).parent / "talkbase")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def home(demo_home, monkeypatch):
    monkeypatch.setenv("TALKBASE_HOME", str(demo_home))
    return demo_home


def test_ingest_console_script_end_to_end(tmp_path):
    env = {**os.environ, "TALKBASE_HOME": str(tmp_path / "kb")}
    p = subprocess.run(
        [TALKBASE, "ingest", str(PROGRAMS)], capture_output=True, text=True, env=env, timeout=300
    )
    assert p.returncode == 0, p.stderr
    assert "000_3ed018f1c49838da.txt: 19 talks (digest)" in p.stdout
    assert "001_8fbb4517d0e7d07e.txt: 62 talks (blog)" in p.stdout
    assert "71 talks, 10 seen in several documents and merged" in p.stdout
    p = subprocess.run(
        [TALKBASE, "search", "talks about fault-tolerant collectives", "--json", "--limit", "3"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    titles = [r["title"] for r in json.loads(p.stdout)]
    assert titles[0].startswith("MCCL") or titles[1].startswith("MCCL")


def test_search_json_fields(home, capsys):
    code, out, _ = run(capsys, "search", "dynamic shapes in the compiler", "--json", "-n", "4")
    assert code == 0
    results = json.loads(out)
    assert len(results) == 4
    r = results[0]
    assert {
        "id",
        "title",
        "score",
        "speakers",
        "day",
        "start",
        "end",
        "room",
        "track",
        "abstract",
        "why",
    } <= set(r)
    assert r["day"] == "2026-10-21" and len(r["start"]) == 5 and ":" in r["end"]
    assert all({"name", "affiliation"} <= set(s) for s in r["speakers"])
    assert r["why"]["best_sentence"] and r["why"]["matched_terms"]


def test_search_filters_from_the_command_line(home, capsys):
    code, out, _ = run(
        capsys, "search", "kernels", "--json", "--day", "Tue", "--org", "Meta", "--limit", "50"
    )
    results = json.loads(out)
    assert code == 0 and results
    assert all(r["day"] == "2026-10-20" for r in results)
    assert all(any("Meta" in (s["affiliation"] or "") for s in r["speakers"]) for r in results)


def test_search_json_says_which_limits_it_dropped(home, capsys):
    query = "talks in the Quantization & Low-Precision Training track on Tuesday"
    code, out, err = run(capsys, "search", query, "--json", "-n", "5")
    assert code == 0
    assert {r["track"] for r in json.loads(out)} == {"Quantization & Low-Precision Training"}
    assert "showing results without Tuesday." in err


def test_search_human_output_and_empty_result(home, capsys):
    code, out, _ = run(capsys, "search", "prompt caching", "-n", "2")
    assert code == 0 and out.startswith(" 1. LMCache") and "why:" in out
    code, out, _ = run(capsys, "search", "x", "--room", "Moon Base")
    assert code == 0 and "No talks match with --room Moon Base" in out
    # which limit no talk holds at all, not only that none matched (sweep 19 F10)
    assert "No talk's room matches 'Moon Base' ('talkbase stats' lists them)." in out
    code, out, _ = run(capsys, "search", "x", "--conference", "Nope", "--org", "Meta")
    assert code == 0 and "No talk's conference matches 'Nope'." in out
    assert "org matches" not in out  # (Meta gives talks: only the two together give none)


def test_search_json_names_a_filter_no_talk_holds(home, capsys, tmp_path):
    """--json says it on stderr with the other notes, --batch lines as a field."""
    code, out, err = run(capsys, "search", "x", "--conference", "Nope", "--json")
    assert code == 0 and json.loads(out) == []
    assert "No talk's conference matches 'Nope'." in err.splitlines()
    queries = tmp_path / "q.txt"
    queries.write_text("kernels\n", encoding="utf-8")
    code, out, _ = run(capsys, "search", "--batch", str(queries), "--room", "Moon Base")
    assert json.loads(out)["held_by_no_talk"] == {"room": "Moon Base"}
    code, out, _ = run(capsys, "search", "--batch", str(queries))
    assert "held_by_no_talk" not in json.loads(out)


def test_search_batch_one_json_line_per_query(home, tmp_path):
    queries = tmp_path / "q.txt"
    queries.write_text("running PyTorch on Google TPUs\n\nAWS Trainium\n", encoding="utf-8")
    env = {**os.environ, "TALKBASE_HOME": str(home)}
    t0 = time.perf_counter()
    p = subprocess.run(
        [TALKBASE, "search", "--batch", str(queries), "--limit", "3"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert p.returncode == 0, p.stderr
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    assert [x["query"] for x in lines] == ["running PyTorch on Google TPUs", "AWS Trainium"]
    assert all(len(x["results"]) == 3 for x in lines)
    assert lines[1]["results"][0]["title"].startswith("TorchNeuron")
    assert time.perf_counter() - t0 < 120


def test_similar_by_title_prefix_and_ambiguity(home, capsys):
    code, out, _ = run(capsys, "similar", "MCCL", "--json", "--limit", "4")
    data = json.loads(out)
    assert code == 0 and len(data["results"]) == 4
    assert data["talk"]["title"].startswith("MCCL")
    assert data["talk"]["id"] not in [r["id"] for r in data["results"]]
    code, _, err = run(capsys, "similar", "Scaling")
    assert code == 1 and "matches several talks" in err and "Scaling PyTorch" in err


def test_show_lists_sources_and_conflicts(home, capsys):
    code, out, _ = run(capsys, "show", "Monarch")
    assert code == 0
    assert "conflict in speakers" in out and "Thomas Wang (Meta); Zach DeVito (Meta)" in out
    assert "000_3ed018f1c49838da.txt (digest" in out and "001_8fbb4517d0e7d07e.txt (blog" in out
    # sweep 21 (21): the talk's language, which `export` gave and `show` did not
    assert "\n  language: English (en)\n" in out


def test_stats(home, capsys):
    code, out, _ = run(capsys, "stats", "--json")
    s = json.loads(out)
    assert code == 0 and s["talks"] == 71 and s["merged"] == 10 and len(s["tracks"]) == 12
    assert s["days"] == ["2026-10-20", "2026-10-21"]


def test_export_jsonl_and_csv(home, capsys, tmp_path):
    code, out, _ = run(capsys, "export")
    rows = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(rows) == 71
    monarch = next(r for r in rows if r["title"].startswith("Monarch"))
    assert len(monarch["sources"]) == 2 and monarch["conflicts"]
    assert all(r["speakers"] for r in rows)
    target = tmp_path / "talks.csv"
    code, _, _ = run(capsys, "export", "--format", "csv", "--output", str(target))
    table = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert code == 0 and len(table) == 71
    kuntai = next(r for r in table if r["title"].startswith("LMCache"))
    assert kuntai["speakers"] == "Kuntai Du (Tensormesh, Inc.)" and kuntai["room"] == "LL20CD"


def test_errors_are_one_sentence(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_HOME", str(tmp_path / "empty"))
    code, _, err = run(capsys, "search", "anything")
    assert code == 1 and err.startswith("talkbase: No knowledge base in") and err.count("\n") == 1
    bad = tmp_path / "bad.txt"
    bad.write_text("", encoding="utf-8")
    code, _, err = run(capsys, "ingest", str(bad))
    assert code == 1 and "bad.txt" in err and "empty" in err


def test_help_imports_nothing_heavy():
    # How fast --help answers is a row of bench/run.py, not a timed test here.
    code = (
        "import sys; from talkbase.cli import parser; parser().format_help(); "
        "print([m for m in ('torch', 'faiss', 'duckdb', 'onnxruntime', 'pandas') "
        "if m in sys.modules])"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"


def test_export_csv_never_writes_a_formula_and_bad_paths_are_one_sentence(home, capsys, tmp_path):
    code, _, err = run(capsys, "export", "--format", "csv", "-o", str(tmp_path / "no" / "x.csv"))
    assert code == 1 and err.startswith("talkbase: ") and "cannot write" in err
    target = tmp_path / "t.csv"
    assert run(capsys, "export", "--format", "csv", "-o", str(target))[0] == 0
    cells = [c for row in csv.reader(io.StringIO(target.read_text(encoding="utf-8"))) for c in row]
    assert not any(c[:1] in ("=", "+", "@") for c in cells)


def test_bad_setting_is_one_sentence(home, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_LEXICAL_WEIGHT", "abc")
    code, _, err = run(capsys, "search", "kernels")
    assert code == 1 and "TALKBASE_LEXICAL_WEIGHT must be a number" in err

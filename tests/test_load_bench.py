"""bench/load.py: the load generator that speaks Streamlit's websocket protocol.

One real test serves the demo base with `bench/load.py --serve` (a real `talkbase
app`), sends 2 users x 5 page runs in turn over every page type through real
websocket sessions, and reads the table and the JSON it writes; the others check
the parts that need no server (loopback only, the mix, percentiles, the table).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench import load

ROOT = Path(__file__).resolve().parent.parent
LOAD_S = 240  # the whole run on a busy 2-core machine: start, warm-up, 10 page runs, stop


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8501/",
        "http://127.3.4.5:9000",
        "http://localhost:8501/app/",
        "ws://[::1]:8501/_stcore/stream",
    ],
)
def test_loopback_targets_are_accepted(url: str) -> None:
    t = load.target(url, "127.0.0.1", None)
    assert load.is_loopback(t.host)
    assert t.ws.startswith("ws://") and t.ws.endswith("/_stcore/stream")
    assert t.http.endswith("/")


@pytest.mark.parametrize(
    "url",
    ["http://10.0.0.1:8501/", "http://example.com/", "http://0.0.0.0:8501/", "https://[::2]/"],
)
def test_anything_not_loopback_is_refused(url: str) -> None:
    with pytest.raises(load.LoadError):
        load.target(url, "127.0.0.1", None)
    with pytest.raises(load.LoadError):
        load.target(None, load.urlsplit(url).hostname or "", 8501)


def test_the_command_refuses_a_remote_host_without_sending_anything() -> None:
    assert load.main(["--host", "192.168.1.1", "--port", "8501", "--runs", "1"]) == 2


def test_mix_weights_and_unknown_page_types() -> None:
    assert load.parse_mix("search=3,words,program=0") == {
        "search": 3.0,
        "words": 1.0,
        "program": 0.0,
    }
    assert set(load.parse_mix("all")) == set(load.PAGES)
    for bad in ("search=x", "nosuchpage", "search=0", "search=-1"):
        with pytest.raises(load.LoadError):
            load.parse_mix(bad)


def test_cycle_order_covers_every_page_type_in_as_many_runs() -> None:
    picker = load.Picker(load.parse_mix("all"), cycle=True)
    rng = load.random.Random(0)
    assert {picker.next(rng) for _ in load.PAGES} == set(load.PAGES)


def test_nearest_rank_percentiles() -> None:
    values = [float(v) for v in range(1, 21)]  # 1..20
    assert load.percentile(values, 50) == 10.0
    assert load.percentile(values, 95) == 19.0
    assert load.percentile(values, 100) == 20.0
    assert load.percentile([0.3], 95) == 0.3


def test_table_counts_errors_apart_from_latencies() -> None:
    tally = load.Tally()
    tally.add(load.Outcome("search", 0.2))
    tally.add(load.Outcome("search", 0.4))
    tally.add(load.Outcome("search", 9.0, "socket closed"))
    rows = {r["page"]: r for r in tally.rows()}
    assert rows["search"]["runs"] == 3 and rows["search"]["errors"] == 1
    assert rows["search"]["max_s"] == 0.4  # a failed run's time is not a latency
    assert rows["all"]["errors"] == 1
    lines = load.table(tally)
    assert lines[0].split()[:3] == ["page", "type", "runs"]
    assert any(line.startswith("search") for line in lines)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_load_on_a_served_demo_base_answers_every_page_type(
    demo_home: Path, tmp_path: Path
) -> None:
    out = tmp_path / "load.json"
    cmd = [sys.executable, str(ROOT / "bench" / "load.py"), "--serve", "--home", str(demo_home)]
    cmd += ["--users", "2", "--runs", "5", "--think", "0", "--order", "cycle", "--timeout", "60"]
    cmd += ["--json", str(out)]
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    done = subprocess.run(
        cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=LOAD_S, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(out.read_text())
    rows = {r["page"]: r for r in result["pages"]}
    assert set(rows) == {*load.PAGES, "all"}  # 10 runs in turn: every page type once
    for kind in load.PAGES:
        assert rows[kind]["runs"] == 1 and rows[kind]["errors"] == 0, rows[kind]
        assert 0 < rows[kind]["p50_s"] <= rows[kind]["max_s"]
    assert rows["all"]["runs"] == 10 and result["errors"] == 0
    assert result["catalog"]["talks"] > 0 and result["catalog"]["speakers"] > 0
    # the table, with each page type, the rate and the server's RSS before and after
    text = done.stdout
    assert "page type" in text and "page runs/s:" in text
    for label in load.PAGES.values():
        assert any(line.startswith(label) for line in text.splitlines()), label
    names = {v["name"] for v in result["rss_mb"].values()}
    assert any(n.startswith("streamlit :") for n in names), names
    for pid, rss in result["rss_mb"].items():
        if rss["name"].startswith("streamlit"):
            assert rss["before"] > 0 and rss["after"] > 0
        assert not _alive(int(pid)), f"{rss['name']} ({pid}) still runs after --serve"

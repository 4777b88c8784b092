"""`talkbase app`: the served command line, and `--replicas 2` behind a real HAProxy.

The real test starts `talkbase app --replicas 2` on the demo base (two Streamlit
processes on loopback ports, HAProxy in front), gets pages through the proxy (the
sticky cookie set, then honoured), runs real websocket page runs through it with
bench/load.py, kills a replica (restarted), then SIGTERMs `talkbase app` alone and
checks that every process it started is gone. `make serve-deps` installs HAProxy.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from talkbase import cli, proxy, serve

ROOT = Path(__file__).resolve().parent.parent
START_S = 120  # two replicas starting on a busy 2-core machine
LOAD_S = 240
HAPROXY = proxy.shutil.which("haproxy", path=os.pathsep.join([os.environ["PATH"], *proxy.SBIN]))

if os.environ.get("CI") and HAPROXY is None:  # `make test` installs it: never skip silently in CI
    raise RuntimeError("CI: haproxy is missing; scripts/ensure-haproxy.sh should have installed it")

needs_haproxy = pytest.mark.skipif(
    HAPROXY is None, reason="needs Debian's haproxy: run `make serve-deps`"
)


def test_the_served_app_hides_error_details_and_drops_closed_sessions() -> None:
    cmd = serve.app_command("127.0.0.1", 8600, watch_files=False)
    assert cmd[:4] == [sys.executable, "-m", "streamlit", "run"]
    assert Path(cmd[4]) == serve.app_script() and serve.app_script().is_file()
    options = dict(zip(cmd[5::2], cmd[6::2], strict=True))
    assert options["--client.showErrorDetails"] == "none"  # no traceback, no server path
    assert options["--runner.postScriptGC"] == "false"  # no full collection after each run
    assert 0 < int(options["--server.disconnectedSessionTTL"]) <= 120
    assert options["--server.fileWatcherType"] == "none"


def test_the_proxy_configuration_is_sticky_by_cookie_and_health_checked() -> None:
    cfg = proxy.render("127.0.0.1", 8600, [9001, 9002])
    assert "bind 127.0.0.1:8600" in cfg
    assert "server r1 127.0.0.1:9001 cookie r1" in cfg and "cookie r2" in cfg
    assert f"cookie {proxy.COOKIE} insert" in cfg and "balance source" not in cfg
    assert "option httpchk GET /_stcore/health" in cfg and "timeout tunnel" in cfg
    assert "bind [::1]:8600" in proxy.render("::1", 8600, [9001])


def test_replicas_without_haproxy_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no haproxy on it
    monkeypatch.setattr(proxy, "SBIN", ())
    assert cli.main(["app", "--replicas", "2", "--port", "1"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("talkbase: ") and err.endswith(".")
    assert "`haproxy`" in err and "Traceback" not in err


def test_replicas_must_be_a_positive_number(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["app", "--replicas", "0"])
    assert "--replicas" in capsys.readouterr().err


# -- the real thing -------------------------------------------------------------------


def _session(sid: int) -> list[int]:
    """The live processes of the session `talkbase app` leads."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[-1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            pids.append(int(stat.parent.name))
    return sorted(pids)


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _get(url: str, cookie: str | None = None) -> tuple[int, list[str], str]:
    req = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.status, r.headers.get_all("Set-Cookie") or [], r.read().decode(errors="replace")


def _wait(what, timeout: float, why: str):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = what()
        if got:
            return got
        time.sleep(0.25)
    pytest.fail(why)


@pytest.fixture
def replicas(demo_home: Path, tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    port = proxy.free_ports(1)[0]
    env = {**os.environ, "TALKBASE_HOME": str(demo_home), "HF_HUB_OFFLINE": "1"}
    cmd = [sys.executable, "-m", "talkbase.cli", "app", "--port", str(port), "--replicas", "2"]
    log = tmp_path / "app.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        _wait(
            lambda: proc.poll() is not None or proxy.healthy(f"http://127.0.0.1:{port}"),
            START_S,
            "no answer through the proxy",
        )
        assert proc.poll() is None, log.read_text()[-2000:]
        yield proc, port
    finally:
        for pid in _session(proc.pid):  # whatever the test left running
            os.kill(pid, signal.SIGKILL)
        proc.wait(timeout=10)


@pytest.mark.model
@needs_haproxy
def test_two_replicas_behind_haproxy_serve_sticky_sessions_and_stop_together(
    replicas: tuple[subprocess.Popen[bytes], int], tmp_path: Path
) -> None:
    proc, port = replicas
    url = f"http://127.0.0.1:{port}/"
    kids = _session(proc.pid)
    apps = [p for p in kids if "streamlit run" in _cmdline(p)]
    assert len(apps) == 2 and any("haproxy" in _cmdline(p) for p in kids), kids
    assert all("appviews/script/app.py" in _cmdline(p) for p in apps)

    # each replica had a first session of its own before HAProxy sent it a visitor
    log = tmp_path / "app.log"
    _wait(lambda: "talkbase app: serving" in log.read_text(), 30, "never said it was serving")
    said = log.read_text(errors="replace")
    warmed = re.findall(r"warmed up http://127\.0\.0\.1:(\d+)/: (\d+) pages in .*", said)
    assert len(warmed) == 2 and all(int(n) >= 8 for _, n in warmed), said[-2000:]
    assert "failed" not in " ".join(re.findall(r"warmed up .*", said))
    assert said.index("warmed up") < said.index("talkbase app: serving")

    status, cookies, body = _get(url)
    assert status == 200 and 'id="root"' in body  # Streamlit's page
    (sticky,) = [c for c in cookies if c.startswith(proxy.COOKIE + "=")]
    value = re.match(rf"{proxy.COOKIE}=(r[12]);", sticky)
    assert value and "HttpOnly" in sticky, sticky
    status, cookies, _ = _get(url + "_stcore/health", f"{proxy.COOKIE}={value[1]}")
    assert status == 200 and not [c for c in cookies if c.startswith(proxy.COOKIE)]  # honoured

    out = tmp_path / "load.json"
    cmd = [sys.executable, str(ROOT / "bench" / "load.py"), "--port", str(port)]
    cmd += ["--users", "2", "--runs", "4", "--think", "0", "--timeout", "60", "--json", str(out)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=LOAD_S)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    result = json.loads(out.read_text())
    (every,) = [r for r in result["pages"] if r["page"] == "all"]
    assert result["errors"] == 0 and every["runs"] >= 4 and every["errors"] == 0

    os.kill(apps[0], signal.SIGKILL)  # a crashed replica is started again
    _wait(
        lambda: (
            len([p for p in _session(proc.pid) if "streamlit run" in _cmdline(p)]) == 2
            and apps[0] not in _session(proc.pid)
        ),
        30,
        "the killed replica was not restarted",
    )
    # (while the new one starts, its start-up takes the cores: an answer may pass
    # the health check's 2 s)
    _wait(lambda: proxy.healthy(url.rstrip("/")), 20, "the proxy stopped answering")

    os.kill(proc.pid, signal.SIGTERM)  # `talkbase app` alone, not its process group
    assert proc.wait(timeout=30) == 0
    _wait(lambda: not _session(proc.pid), 20, f"still running: {_session(proc.pid)}")


def test_one_process_is_warmed_up_before_it_says_it_is_serving(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`serve_one` runs the warm-up once the process answers, then says "serving"."""
    said: list[str] = []

    class Child:
        returncode = 0
        polls = 0

        def poll(self) -> int | None:
            self.polls += 1
            return None if self.polls < 6 else 0

    child = Child()
    monkeypatch.setattr(proxy, "start", lambda cmd, env: child)
    monkeypatch.setattr(proxy, "stop", lambda procs: None)
    monkeypatch.setattr(proxy, "POLL_S", 0.01)
    monkeypatch.setattr(proxy, "wait_healthy", lambda urls, procs, stopping: True)

    def warm_up(urls: list[str], env: object, stopping: object) -> proxy.Warmth:
        said.append(f"warm {urls[0]}")
        return proxy.Warmth(True)

    monkeypatch.setattr(proxy, "warm_up", warm_up)
    monkeypatch.setattr(proxy, "say", said.append)
    assert serve.serve_one(["streamlit"], {}, "http://127.0.0.1:8601/") == 0
    assert said == ["warm http://127.0.0.1:8601/", "serving http://127.0.0.1:8601/"]


@pytest.mark.model
def test_the_warm_up_is_a_real_first_session(demo_home: Path, tmp_path: Path) -> None:
    """`talkbase app` (one process) warms itself up through the websocket before it
    says it is serving: the base opened, every page drawn once, so a visitor's first
    page costs a fraction of the warm-up's first."""
    from talkbase import warmup

    port = proxy.free_ports(1)[0]
    env = {**os.environ, "TALKBASE_HOME": str(demo_home), "HF_HUB_OFFLINE": "1"}
    log = tmp_path / "app.log"
    cmd = [sys.executable, "-m", "talkbase.cli", "app", "--port", str(port)]
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            cmd, cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        _wait(
            lambda: proc.poll() is not None or "talkbase app: serving" in log.read_text(),
            START_S,
            "never said it was serving",
        )
        said = log.read_text(errors="replace")
        found = re.search(r"warmed up \S+: (\d+) pages in [\d.]+ s \(the first ([\d.]+) s\)", said)
        assert found and said.index("warmed up") < said.index("serving"), said[-2000:]
        assert int(found[1]) >= 8 and "failed" not in found[0], found[0]
        visit = asyncio.run(warmup.warm(f"http://127.0.0.1:{port}/"))
        assert not visit.errors, visit.errors
        assert {q.split("=")[0] for q, _ in visit.pages} >= {"", "q", "view", "talk"}
        home_s = visit.pages[0][1]  # a fresh session's first page, after the warm-up
        assert home_s < max(0.5, float(found[2]) / 2), (home_s, found[0])
    finally:
        for pid in _session(proc.pid):
            os.kill(pid, signal.SIGKILL)
        proc.wait(timeout=10)


def test_a_page_that_shows_an_error_is_not_served(monkeypatch: pytest.MonkeyPatch) -> None:
    """The warm-up's pages showed an error: `serve_one` says so and does not claim to serve."""
    said: list[str] = []

    class Child:
        returncode = None

        def poll(self) -> int | None:
            return None

    monkeypatch.setattr(proxy, "start", lambda cmd, env: Child())
    monkeypatch.setattr(proxy, "stop", lambda procs: None)
    monkeypatch.setattr(proxy, "wait_healthy", lambda urls, procs, stopping: True)
    shown = ("?: The knowledge base in /x is damaged: CURRENT names a missing build",)
    monkeypatch.setattr(proxy, "warm_up", lambda urls, env, stopping: proxy.Warmth(True, shown))
    monkeypatch.setattr(proxy, "say", said.append)
    with pytest.raises(proxy.CannotServe) as err:
        serve.serve_one(["streamlit"], {}, "http://127.0.0.1:8601/")
    assert "shows an error on its home page" in err.value.sentence()
    assert "CURRENT names a missing build" in err.value.sentence() and not said


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (["--port", "70000"], "--port"),
        (["--port", "-1"], "--port"),
        (["--port", "eighty"], "--port"),
        (["--address", "256.1.1.1"], "--address"),
    ],
)
def test_odd_ports_and_addresses_are_refused_by_the_parser(
    args: list[str], word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["app", *args])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert word in err.splitlines()[-1] and "Traceback" not in err


def test_too_many_replicas_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    started: list[object] = []
    assert cli.main(["app", "--replicas", "500", "--port", "1"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--replicas 500" in err and "at most" in err
    assert not started


def _listener(reuseport: bool) -> socket.socket:
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuseport:  # as HAProxy binds by default
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    s.bind(("127.0.0.1", 0))
    s.listen()
    return s


@pytest.mark.parametrize("replicas", ["1", "2"])
def test_a_port_in_use_is_refused_before_anything_starts(
    replicas: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def start(*args: object, **kw: object) -> None:
        raise AssertionError("started a process on a port in use")

    monkeypatch.setattr(proxy, "start", start)
    monkeypatch.setattr(proxy, "proxy_binary", lambda: "/usr/sbin/haproxy")
    with _listener(reuseport=True) as taken:
        port = taken.getsockname()[1]
        assert cli.main(["app", "--port", str(port), "--replicas", replicas]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"port {port} is in use" in err, err


def test_port_0_picks_a_free_port_and_says_which(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    served: list[str] = []
    monkeypatch.setattr(serve, "serve_one", lambda cmd, env, url: served.append(url) or 0)
    assert cli.main(["app", "--port", "0"]) == 0
    (url,) = served
    port = int(url.rsplit(":", 1)[1].rstrip("/"))
    assert port > 0 and f"serving on port {port}" in capsys.readouterr().err


@needs_haproxy
def test_haproxy_binds_without_reuseport_so_a_second_one_fails() -> None:
    """One fleet per port: the configuration says `noreuseport`, so a second HAProxy on a
    port one already holds cannot bind (with SO_REUSEPORT the kernel split visitors)."""
    assert HAPROXY
    port = proxy.free_ports(1)[0]
    cfg = ROOT / ".pytest_cache"
    cfg.mkdir(exist_ok=True)
    path = cfg / f"haproxy-{port}.cfg"
    path.write_text(proxy.render("127.0.0.1", port, [proxy.free_ports(1)[0]]))
    first = subprocess.Popen([HAPROXY, "-db", "-f", str(path)], stderr=subprocess.PIPE)
    try:
        _wait(lambda: _port_taken(port), 10, "the first HAProxy never listened")
        second = subprocess.run(
            [HAPROXY, "-db", "-f", str(path)], capture_output=True, text=True, timeout=20
        )
        assert second.returncode != 0 and "cannot bind" in second.stderr, second.stderr
    finally:
        first.terminate()
        first.wait(timeout=10)
        path.unlink()


def _port_taken(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@needs_haproxy
def test_a_configuration_haproxy_refuses_is_its_own_first_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = proxy.template().replace("balance leastconn", "frobnicate leastconn")
    monkeypatch.setattr(proxy, "template", lambda: broken)
    monkeypatch.setattr(proxy, "start", lambda *a, **k: pytest.fail("started a replica"))
    assert cli.main(["app", "--replicas", "2", "--port", str(proxy.free_ports(1)[0])]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "refused its configuration: " in err
    assert "frobnicate" in err and "()" not in err, err


def test_a_killed_parent_leaves_no_run_folder(tmp_path: Path) -> None:
    """kill -9 of `talkbase app`: its janitor removes the run folder; one left by a
    parent that died anyway is removed by the next start."""
    code = "from talkbase import proxy; import time; f, j = proxy.run_folder(); print(f, flush=True); time.sleep(60)"
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    parent = subprocess.Popen(
        [sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    folder = Path(parent.stdout.readline().strip())
    assert folder.is_dir() and folder.name.startswith(proxy.RUN_PREFIX)
    parent.kill()
    parent.wait()
    _wait(lambda: not folder.exists(), 10, f"{folder} left behind")

    stale = tmp_path / f"{proxy.RUN_PREFIX}{parent.pid}-left"
    stale.mkdir()
    monkey_tmp = tmp_path
    import tempfile

    before = tempfile.tempdir
    tempfile.tempdir = str(monkey_tmp)
    try:
        mine, janitor = proxy.run_folder()
        assert not stale.exists() and mine.is_dir()
    finally:
        tempfile.tempdir = before
        import shutil

        shutil.rmtree(mine, ignore_errors=True)
        proxy._end_janitor(janitor)

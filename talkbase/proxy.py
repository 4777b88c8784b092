"""`talkbase app --replicas N`: N Streamlit processes behind one HAProxy.

A Streamlit session lives in one process's memory, so the proxy keeps each
visitor on one replica with a cookie it inserts (every load-test user, and every
visitor behind one NAT, comes from the same address: hashing the address would
send them all to one replica). Websockets pass through as tunnels; each replica is
health-checked on /_stcore/health and leaves the rotation while it fails.

`Fleet` starts the replicas on free loopback ports and HAProxy on the public port
with a configuration written from the package's template (talkbase/templates/
haproxy.cfg) into a temporary run folder, restarts a replica that exits, and stops
every process it started when asked (SIGTERM, Ctrl-C) or when HAProxy exits.
"""

from __future__ import annotations

import ctypes
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template

from talkbase.core.errors import ProxyFailed, ProxyMissing

PROXY = "haproxy"
PACKAGE = "haproxy"  # the Debian package that holds it (`make serve-deps`)
# HAProxy sits in sbin, which a non-root user's PATH often lacks
SBIN = ("/usr/sbin", "/usr/local/sbin")
COOKIE = "TALKBASE_REPLICA"
HEALTH = "/_stcore/health"
STOP_S = 10  # from SIGTERM to SIGKILL for a process that does not stop
RESTARTS = 5  # a replica that exits more often than this within RESTART_WINDOW_S ...
RESTART_WINDOW_S = 60.0  # ... stays out of the rotation
POLL_S = 0.5
START_S = 120  # for every replica to answer before HAProxy starts anyway
WARM_S = 300  # for the warm-up of every replica (talkbase/warmup.py)


def proxy_binary(path: str | None = None) -> str:
    """The HAProxy executable on PATH (or in sbin); ProxyMissing when there is none."""
    search = os.pathsep.join([path if path is not None else os.environ.get("PATH", ""), *SBIN])
    found = shutil.which(PROXY, path=search)
    if found is None:
        raise ProxyMissing(PACKAGE)
    return found


def template() -> str:
    """The configuration template shipped in the package."""
    return resources.files("talkbase").joinpath("templates", "haproxy.cfg").read_text()


def hostport(address: str, port: int) -> str:
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def render(address: str, port: int, replicas: Sequence[int]) -> str:
    """The HAProxy configuration: `address:port` in front of the replicas' ports."""
    servers = "".join(
        f"    server r{i} 127.0.0.1:{p} cookie r{i}\n" for i, p in enumerate(replicas, 1)
    )
    return Template(template()).substitute(
        bind=hostport(address, port), cookie=COOKIE, servers=servers.rstrip("\n")
    )


def free_ports(n: int) -> list[int]:
    """`n` distinct free loopback ports (held open together while chosen)."""
    socks = []
    try:
        for _ in range(n):
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            socks.append(s)
        return [int(s.getsockname()[1]) for s in socks]
    finally:
        for s in socks:
            s.close()


def healthy(url: str, timeout: float = 2.0) -> bool:
    try:
        with urllib.request.urlopen(url + HEALTH, timeout=timeout) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


def say(line: str) -> None:
    sys.stderr.write(f"talkbase app: {line}\n")
    sys.stderr.flush()


def start(
    cmd: Sequence[str], env: Mapping[str, str] | None = None, quiet: bool = False
) -> subprocess.Popen[bytes]:
    """A child that gets SIGTERM should `talkbase app` itself die (Linux); `quiet`
    drops its standard output (a replica's "view your app at" banner names an
    internal port), never its log on standard error."""
    return subprocess.Popen(
        list(cmd),
        env=dict(env) if env is not None else None,
        stdout=subprocess.DEVNULL if quiet else None,
        preexec_fn=_die_with_parent,
    )


def _die_with_parent() -> None:
    with suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, 15)  # PR_SET_PDEATHSIG, SIGTERM


def stop(procs: Sequence[subprocess.Popen[bytes]]) -> None:
    """SIGTERM to each, then SIGKILL to those still running after STOP_S."""
    for p in procs:
        if p.poll() is None:
            p.terminate()
    deadline = time.monotonic() + STOP_S
    for p in procs:
        try:
            p.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def wait_healthy(
    urls: Sequence[str],
    procs: Sequence[subprocess.Popen[bytes]],
    stopping: threading.Event,
    timeout: float = START_S,
) -> bool:
    """Wait until every URL answers its health check; False when told to stop, when a
    process exits or after `timeout` seconds."""
    waiting = list(urls)
    deadline = time.monotonic() + timeout
    while waiting:
        if stopping.is_set() or any(p.poll() is not None for p in procs):
            return False
        if time.monotonic() > deadline:
            say(f"no answer from {', '.join(waiting)} within {timeout:g} s")
            return False
        waiting = [u for u in waiting if not healthy(u.rstrip("/"))]
        if waiting:
            stopping.wait(0.2)
    return True


def warm_up(urls: Sequence[str], env: Mapping[str, str], stopping: threading.Event) -> bool:
    """One real first session on each URL (`python -m talkbase.warmup`, which says how
    it went on standard error), so that the first visitor finds the base open, the model
    loaded and every page's first-use work done; True when every page ran."""
    child = start([sys.executable, "-m", "talkbase.warmup", *urls], env, quiet=True)
    deadline = time.monotonic() + WARM_S
    try:
        while child.poll() is None:
            if stopping.wait(POLL_S / 5):
                return False
            if time.monotonic() > deadline:
                say(f"the warm-up took more than {WARM_S} s; serving anyway")
                return False
    finally:
        stop([child])
    return child.returncode == 0


@dataclass
class Replica:
    port: int
    proc: subprocess.Popen[bytes]
    exits: list[float]
    retired: bool = False


class Fleet:
    """N replicas and HAProxy, started, watched and stopped together."""

    def __init__(
        self,
        command: Callable[[int], list[str]],
        env: Mapping[str, str],
        address: str,
        port: int,
        replicas: int,
        binary: str,
    ) -> None:
        self.command, self.address, self.port, self.n = command, address, port, replicas
        # one cookie secret for all: a visitor redispatched after a crash keeps a valid XSRF cookie
        self.env = {**env, "STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(32)}
        self.binary = binary
        self.replicas: list[Replica] = []
        self.proxy: subprocess.Popen[bytes] | None = None

    def run(self, stopping: threading.Event) -> int:
        """Serve until `stopping` is set or HAProxy exits; every process stopped after."""
        run_dir = Path(tempfile.mkdtemp(prefix="talkbase-serve-"))
        try:
            ports = free_ports(self.n)
            config = run_dir / "haproxy.cfg"
            config.write_text(render(self.address, self.port, ports))
            checked = subprocess.run(
                [self.binary, "-c", "-q", "-f", str(config)], capture_output=True, text=True
            )
            if checked.returncode:
                raise ProxyFailed(f"refused its configuration ({checked.stderr.strip()[-300:]})")
            self.replicas = [Replica(p, self._replica(p), []) for p in ports]
            if not self._ready(stopping):
                return 0
            # every replica warmed up before HAProxy sends it a visitor
            warm_up([f"http://127.0.0.1:{r.port}/" for r in self.replicas], self.env, stopping)
            if stopping.is_set():
                return 0
            self.proxy = start([self.binary, "-db", "-f", str(config)])
            return self._watch(stopping)
        finally:
            stop([r.proc for r in self.replicas] + ([self.proxy] if self.proxy else []))
            shutil.rmtree(run_dir, ignore_errors=True)

    def _replica(self, port: int) -> subprocess.Popen[bytes]:
        return start(self.command(port), self.env, quiet=True)

    def _ready(self, stopping: threading.Event) -> bool:
        """Wait until every replica answers its health check (HAProxy then starts with
        all of them in the rotation); False when told to stop meanwhile."""
        waiting = {r.port for r in self.replicas}
        deadline = time.monotonic() + START_S
        while waiting and time.monotonic() < deadline:
            if stopping.wait(POLL_S):
                return False
            for r in self.replicas:
                self._mind(r)
            waiting = {p for p in waiting if not healthy(f"http://127.0.0.1:{p}")}
        if waiting:
            say(f"no answer from the replicas on ports {sorted(waiting)} yet; starting anyway")
        return True

    def _watch(self, stopping: threading.Event) -> int:
        assert self.proxy is not None
        here = "127.0.0.1" if self.address in ("0.0.0.0", "::", "") else self.address
        url = f"http://{hostport(here, self.port)}"
        announced = False
        while not stopping.wait(POLL_S):
            code = self.proxy.poll()
            if code is not None:
                raise ProxyFailed(f"exited with {code} (is port {self.port} free?)")
            for r in self.replicas:
                self._mind(r)
            if not announced and healthy(url):
                ports = ", ".join(str(r.port) for r in self.replicas)
                say(f"serving {url}/ ({self.n} replicas behind HAProxy, on ports {ports})")
                announced = True
        return 0

    def _mind(self, r: Replica) -> None:
        """Restart a replica that exited; retire one that keeps exiting."""
        code = r.proc.poll()
        if code is None or r.retired:
            return
        now = time.monotonic()
        r.exits = [t for t in r.exits if now - t < RESTART_WINDOW_S] + [now]
        if len(r.exits) > RESTARTS:
            r.retired = True
            say(f"the replica on port {r.port} keeps exiting; it stays out of the rotation")
            return
        say(f"the replica on port {r.port} exited with {code}; restarting it")
        r.proc = self._replica(r.port)

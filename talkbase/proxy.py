"""`talkbase app --replicas N`: N Streamlit processes behind one HAProxy.

A Streamlit session lives in one process's memory, so the proxy keeps each
visitor on one replica with a cookie it inserts (every load-test user, and every
visitor behind one NAT, comes from the same address: hashing the address would
send them all to one replica). Websockets pass through as tunnels; each replica is
health-checked on /_stcore/health (with a timeout) and leaves the rotation while it
fails.

`Fleet` starts HAProxy on the public port with a configuration written from the
package's template (talkbase/templates/haproxy.cfg) into a run folder, every server
in maintenance; then each replica on a free loopback port, and puts it in the
rotation (HAProxy's runtime API, a socket in the run folder) only once it is warmed
up (talkbase/warmup.py), at the start and after every restart. It supervises:

- a replica that exits is started again at once, up to RESTARTS times in a row;
  after that with a back-off (BACKOFF_S, doubled each time, at most BACKOFF_MAX_S),
  never given up while another replica serves; when none serves and every one keeps
  exiting, `run` raises CannotServe, so that `talkbase app` exits non-zero;
- a replica stopped (SIGSTOP) for FROZEN_S, or alive but unanswering for HUNG_S, is
  taken out of the rotation (its connections closed) and killed, then restarted;
- HAProxy exiting is started again (RESTARTS times within RESTART_WINDOW_S; one that
  exits within PROXY_GRACE_S of its start, or too often, ends the service with its
  own first error line).

Every process it started is stopped when asked (SIGTERM, Ctrl-C). Should the
parent be killed (-9), the children get SIGTERM from the kernel and a janitor (a
shell waiting on a pipe from the parent) removes the run folder; a run folder left
by a parent that died anyway is removed by the next start.
"""

from __future__ import annotations

import collections
import ctypes
import json
import os
import re
import secrets
import shutil
import signal
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

from talkbase.core.errors import ProxyFailed, ProxyMissing, TalkbaseError

PROXY = "haproxy"
PACKAGE = "haproxy"  # the Debian package that holds it (`make serve-deps`)
# HAProxy sits in sbin, which a non-root user's PATH often lacks
SBIN = ("/usr/sbin", "/usr/local/sbin")
COOKIE = "TALKBASE_REPLICA"
BACKEND = "replicas"  # the template's backend, for the runtime API
HEALTH = "/_stcore/health"
STOP_S = 10  # from SIGTERM to SIGKILL for a process that does not stop
RESTARTS = 5  # a replica restarted at once this many times in a row ...
BACKOFF_S = 2.0  # ... then after this, doubled each time ...
BACKOFF_MAX_S = 60.0  # ... up to this
RESTART_WINDOW_S = 60.0  # in the rotation this long: its exits are forgiven; HAProxy's window
PROXY_GRACE_S = 3.0  # HAProxy exiting this soon after its start will not do better next time
FROZEN_S = 1.0  # a replica stopped (SIGSTOP) this long is replaced
HUNG_S = 20.0  # a replica in the rotation that answers no health check this long is replaced
PROBE_S = 2.0  # between the fleet's own health checks of a replica (each with that timeout)
POLL_S = 0.5
START_S = 120  # for a replica to answer its first health check
WARM_S = 300  # for the warm-up of a replica (talkbase/warmup.py)
RUN_PREFIX = "talkbase-serve-"
SOCKET_MAX = 100  # bytes of a unix socket's path (the kernel's limit is 108)
_LOG_PREFIX = re.compile(r"^\[(?:ALERT|WARNING|NOTICE)\]\s*(?:\(\d+\)\s*)?:\s*")


class CannotServe(TalkbaseError):
    """`talkbase app` would not serve its visitors: every page shows an error, no
    replica stays up, the port is taken, or the arguments cannot be served."""

    def __init__(self, problem: str) -> None:
        self.problem = problem
        super().__init__(problem if problem.endswith(".") else problem + ".")


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


def render(
    address: str,
    port: int,
    replicas: Sequence[int],
    admin: Path | None = None,
    down: Sequence[int] = (),
) -> str:
    """The HAProxy configuration: `address:port` in front of the replicas' ports;
    `admin` the runtime API's socket, the servers of `down` (indexes) in maintenance."""
    servers = "".join(
        f"    server r{i} 127.0.0.1:{p} cookie r{i}{' disabled' if i - 1 in down else ''}\n"
        for i, p in enumerate(replicas, 1)
    )
    return Template(template()).substitute(
        bind=hostport(address, port),
        cookie=COOKIE,
        backend=BACKEND,
        admin=f"    stats socket {admin} mode 600 level admin" if admin else "",
        servers=servers.rstrip("\n"),
    )


def first_error(output: str) -> str:
    """HAProxy's own first alert in what it printed (its last line when none), without
    its "[ALERT] (pid) :" prefix."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    alerts = [line for line in lines if line.startswith("[ALERT]")]
    chosen = alerts[0] if alerts else (lines[-1] if lines else "")
    return _LOG_PREFIX.sub("", chosen)[:300].rstrip(".") or "nothing said"


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
    """SIGTERM to each, then SIGKILL to those still running after STOP_S (a stopped
    process gets SIGCONT too, or SIGTERM would wait)."""
    for p in procs:
        if p.poll() is None:
            p.terminate()
            with suppress(OSError):
                os.kill(p.pid, signal.SIGCONT)
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


@dataclass(frozen=True)
class Warmth:
    """How a warm-up went: `done` when it ran to its end; `shown` the errors its pages
    showed (a visitor would meet them), each "?query: error"."""

    done: bool
    shown: tuple[str, ...] = ()


def warm_up(urls: Sequence[str], env: Mapping[str, str], stopping: threading.Event) -> Warmth:
    """One real first session on each URL (`python -m talkbase.warmup`, which says how
    it went on standard error), so that the first visitor finds the base open, the model
    loaded and every page's first-use work done."""
    cmd = [sys.executable, "-m", "talkbase.warmup", "--json", *urls]
    child = subprocess.Popen(
        cmd, env=dict(env), stdout=subprocess.PIPE, preexec_fn=_die_with_parent
    )
    deadline = time.monotonic() + WARM_S
    try:
        while child.poll() is None:
            if stopping.wait(POLL_S / 5):
                return Warmth(False)
            if time.monotonic() > deadline:
                say(f"the warm-up took more than {WARM_S} s; serving anyway")
                return Warmth(False)
        out = child.stdout.read().decode("utf-8", "replace") if child.stdout else ""
    finally:
        stop([child])
        if child.stdout:
            child.stdout.close()
    shown: list[str] = []
    for line in out.splitlines():
        with suppress(ValueError, TypeError, AttributeError):
            shown += [str(e) for e in json.loads(line).get("shown", ())]
    return Warmth(child.returncode in (0, 1), tuple(shown))


def cannot_serve(where: str, shown: Sequence[str]) -> CannotServe:
    page, _, error = shown[0].partition(": ")
    which = "its home page" if page == "?" else f"the page {page}"
    return CannotServe(
        f"the app at {where} shows an error on {which}, so it does not serve: {error}"
    )


# -- the run folder -----------------------------------------------------------------


def run_folder() -> tuple[Path, subprocess.Popen[bytes] | None]:
    """A private folder for HAProxy's configuration and socket, and its janitor: a
    shell that removes it once the pipe from this process closes, however it ends.
    Folders that parents now dead left behind are removed first."""
    tmp = Path(tempfile.gettempdir())
    _remove_stale(tmp)
    if len(str(tmp)) > SOCKET_MAX - 40:  # the socket's path must fit
        tmp = Path("/tmp")
    folder = Path(tempfile.mkdtemp(prefix=f"{RUN_PREFIX}{os.getpid()}-", dir=tmp))
    try:
        janitor = subprocess.Popen(
            ["sh", "-c", 'cat >/dev/null; rm -rf -- "$1"', "talkbase-janitor", str(folder)],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # a signal to the app's process group spares it
        )
    except OSError:
        janitor = None
    return folder, janitor


def _remove_stale(tmp: Path) -> None:
    for folder in tmp.glob(f"{RUN_PREFIX}*"):
        pid = folder.name[len(RUN_PREFIX) :].split("-", 1)[0]
        with suppress(OSError, ValueError):
            if folder.stat().st_uid != os.getuid() or not folder.is_dir():
                continue
            try:
                os.kill(int(pid), 0)
            except ProcessLookupError:
                shutil.rmtree(folder, ignore_errors=True)


def _end_janitor(janitor: subprocess.Popen[bytes] | None) -> None:
    if janitor is None:
        return
    with suppress(OSError):
        if janitor.stdin:
            janitor.stdin.close()
    with suppress(subprocess.TimeoutExpired):
        janitor.wait(timeout=5)


# -- HAProxy and the replicas -------------------------------------------------------


class _HAProxy:
    """The HAProxy process: started, its log passed on, restarted when it exits."""

    def __init__(self, binary: str, config: Path, admin: Path) -> None:
        self.binary, self.config, self.admin = binary, config, admin
        self.proc: subprocess.Popen[bytes] | None = None
        self.started = 0.0
        self.exits: list[float] = []
        self.said: collections.deque[str] = collections.deque(maxlen=20)

    def check(self) -> None:
        """ProxyFailed with HAProxy's own first error when it refuses the configuration."""
        checked = subprocess.run(
            [self.binary, "-c", "-f", str(self.config)], capture_output=True, text=True
        )
        if checked.returncode:
            problem = first_error(checked.stderr + "\n" + checked.stdout)
            raise ProxyFailed(f"refused its configuration: {problem}")

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.binary, "-db", "-f", str(self.config)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=_die_with_parent,
        )
        self.started = time.monotonic()
        threading.Thread(target=self._pass_on, args=(self.proc,), daemon=True).start()

    def _pass_on(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stderr is not None
        for raw in proc.stderr:
            line = raw.decode("utf-8", "replace")
            self.said.append(line)
            sys.stderr.write(line)
            sys.stderr.flush()

    def ask(self, command: str) -> str | None:
        """One command to the runtime API; its answer (None when it cannot be reached)."""
        answer = b""
        try:
            with socket.socket(socket.AF_UNIX) as s:
                s.settimeout(2.0)
                s.connect(str(self.admin))
                s.sendall(command.encode() + b"\n")
                while chunk := s.recv(4096):
                    answer += chunk
        except OSError:
            return None
        return answer.decode("utf-8", "replace")

    def exited(self) -> int | None:
        return None if self.proc is None else self.proc.poll()

    def problem(self) -> str:
        """What it said last before it exited (its first alert, if any)."""
        time.sleep(0.2)  # the last lines on their way through the pipe
        return first_error("".join(self.said))


@dataclass
class Replica:
    """One replica: its name in HAProxy (r1, ...), its port, its process (None while
    waiting to be started again) and what the fleet knows of it."""

    name: str
    port: int
    proc: subprocess.Popen[bytes] | None = None
    streak: int = 0  # exits since it was last in the rotation for RESTART_WINDOW_S
    start_at: float = 0.0  # when to start it (again)
    ready_since: float | None = None  # in the rotation since
    answered: float = 0.0  # the last health check it answered (the fleet's own)
    stopped_since: float | None = None
    why: str = ""  # why it last left: an exit status or an error its pages showed
    shown: tuple[str, ...] = ()  # the errors its pages showed, from its last warm-up
    outcome: tuple[subprocess.Popen[bytes], Warmth | None] | None = None  # from its warm thread
    first: bool = True  # not yet through a first start
    told: str = "maint"  # the state HAProxy was last told (or configured with)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


def _state(pid: int) -> str:
    """The process's state letter (R, S, T stopped, t traced, Z, ...)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
    except (OSError, IndexError):
        return "?"


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
        self.proxy: _HAProxy | None = None
        self.stopping = threading.Event()

    def run(self, stopping: threading.Event) -> int:
        """Serve until `stopping` is set; every process stopped after. CannotServe
        when no replica can serve, ProxyFailed when HAProxy cannot."""
        self.stopping = stopping
        run_dir, janitor = run_folder()
        try:
            self.replicas = [Replica(f"r{i}", p) for i, p in enumerate(free_ports(self.n), 1)]
            self.proxy = _HAProxy(self.binary, run_dir / "haproxy.cfg", run_dir / "admin.sock")
            self._configure()
            self.proxy.check()
            self.proxy.start()
            return self._watch()
        finally:
            procs = [r.proc for r in self.replicas if r.proc is not None]
            if self.proxy is not None and self.proxy.proc is not None:
                procs.append(self.proxy.proc)
            stop(procs)
            shutil.rmtree(run_dir, ignore_errors=True)
            _end_janitor(janitor)

    def _configure(self) -> None:
        """The configuration for the replicas as they are: those not warmed up in
        maintenance (HAProxy restarted sends no visitor to a cold one)."""
        assert self.proxy is not None
        down = [i for i, r in enumerate(self.replicas) if r.ready_since is None]
        for r in self.replicas:
            r.told = "maint" if r.ready_since is None else "ready"
        ports = [r.port for r in self.replicas]
        text = render(self.address, self.port, ports, self.proxy.admin, down)
        self.proxy.config.write_text(text)

    def _watch(self) -> int:
        here = "127.0.0.1" if self.address in ("0.0.0.0", "::", "") else self.address
        url = f"http://{hostport(here, self.port)}"
        announced = False
        probe = threading.Thread(target=self._probe, daemon=True)
        probe.start()
        while not self.stopping.is_set():
            self._mind_proxy()
            for r in self.replicas:
                self._mind(r)
            if not announced and all(not r.first for r in self.replicas):
                if any(r.ready_since is not None for r in self.replicas):
                    ports = ", ".join(str(r.port) for r in self.replicas)
                    say(f"serving {url}/ ({self.n} replicas behind HAProxy, on ports {ports})")
                    announced = True
                elif any(r.shown for r in self.replicas):
                    shown = next(r.shown for r in self.replicas if r.shown)
                    raise cannot_serve(f"{url}/", shown)
            if all(r.ready_since is None and r.streak > RESTARTS for r in self.replicas):
                raise CannotServe(
                    f"no replica stays up on port {self.port}: each failed "
                    f"{min(r.streak for r in self.replicas)} times in a row (the last: "
                    f"{self.replicas[-1].why}), so it stops serving; see the lines above"
                )
            self.stopping.wait(POLL_S)
        return 0

    def _mind_proxy(self) -> None:
        assert self.proxy is not None
        code = self.proxy.exited()
        if code is None:
            return
        now = time.monotonic()
        problem = self.proxy.problem()
        if code >= 0 and now - self.proxy.started < PROXY_GRACE_S:  # not killed: its own
            raise ProxyFailed(f"exited with {code} as it started: {problem}")
        self.proxy.exits = [t for t in self.proxy.exits if now - t < RESTART_WINDOW_S] + [now]
        if len(self.proxy.exits) > RESTARTS:
            raise ProxyFailed(
                f"exited {len(self.proxy.exits)} times within {RESTART_WINDOW_S:g} s "
                f"(the last with {code}: {problem})"
            )
        say(f"HAProxy exited with {code}; starting it again")
        self._configure()
        self.proxy.start()

    def _mind(self, r: Replica) -> None:
        """Start a replica that is due; put a warmed one in the rotation; take out and
        restart one that exited, froze or stopped answering."""
        now = time.monotonic()
        if r.proc is None:
            if now >= r.start_at:
                self._start(r, now)
            return
        code = r.proc.poll()
        if code is not None:
            self._exited(r, code, now)
            self._tell(r)
            return
        if r.outcome is not None and r.outcome[0] is r.proc:
            self._warmed(r, r.outcome[1], now)
        self._tell(r)
        frozen = _state(r.proc.pid) in ("T", "t")
        r.stopped_since = (r.stopped_since or now) if frozen else None
        if r.stopped_since is not None and now - r.stopped_since >= FROZEN_S:
            self._replace(r, "is stopped (frozen)")
        elif r.ready_since is not None and now - max(r.answered, r.ready_since) > HUNG_S:
            self._replace(r, f"answered no health check for {HUNG_S:g} s")

    def _tell(self, r: Replica) -> None:
        """HAProxy told whether the replica is in the rotation, until it has heard."""
        assert self.proxy is not None
        state = "maint" if r.ready_since is None else "ready"
        if (
            r.told != state
            and self.proxy.ask(f"set server {BACKEND}/{r.name} state {state}") is not None
        ):
            r.told = state

    def _start(self, r: Replica, now: float) -> None:
        r.proc, r.outcome, r.why, r.answered = self._replica(r.port), None, "", now
        threading.Thread(target=self._warm, args=(r, r.proc), daemon=True).start()

    def _replica(self, port: int) -> subprocess.Popen[bytes]:
        return start(self.command(port), self.env, quiet=True)

    def _warm(self, r: Replica, proc: subprocess.Popen[bytes]) -> None:
        """In a thread of its own: wait until the new process answers, warm it up, and
        leave the outcome for the fleet's loop (None: it never answered)."""
        warmth = None
        if wait_healthy([r.url], [proc], self.stopping):
            warmth = warm_up([r.url], self.env, self.stopping)
        r.outcome = (proc, warmth)

    def _warmed(self, r: Replica, warmth: Warmth | None, now: float) -> None:
        assert self.proxy is not None and r.proc is not None
        r.outcome = None
        if self.stopping.is_set():
            return
        if warmth is None or warmth.shown:
            r.shown = warmth.shown if warmth else ()
            r.why = f"showed {r.shown[0]}" if r.shown else "never answered"
            if not r.first or not r.shown:
                say(f"the replica on port {r.port} {r.why}; starting it again")
            r.first = False
            r.proc.kill()
            return
        r.shown = ()
        r.ready_since = r.answered = now
        if not r.first:
            say(f"the replica on port {r.port} is warmed up and back in the rotation")
        r.first = False

    def _exited(self, r: Replica, code: int, now: float) -> None:
        """Out of the rotation; started again at once, or after a back-off once it
        has failed RESTARTS times in a row (`why` says what, when the fleet killed it)."""
        if r.ready_since is not None and now - r.ready_since >= RESTART_WINDOW_S:
            r.streak = 0  # it served a while: a fresh start
        killed = bool(r.why)  # the fleet killed it, and said why
        r.why = r.why or f"exited with {code}"
        r.proc, r.ready_since, r.stopped_since, r.first = None, None, None, False
        r.streak += 1
        if r.streak <= RESTARTS:
            r.start_at = now
            if not killed:
                say(f"the replica on port {r.port} {r.why}; restarting it")
            return
        wait = min(BACKOFF_MAX_S, BACKOFF_S * 2 ** (r.streak - RESTARTS - 1))
        r.start_at = now + wait
        say(
            f"the replica on port {r.port} keeps failing ({r.streak} times in a row, "
            f"the last: {r.why}); trying it again in {wait:g} s"
        )

    def _replace(self, r: Replica, why: str) -> None:
        """Out of the rotation, its visitors' connections closed, then killed."""
        assert self.proxy is not None and r.proc is not None
        say(f"the replica on port {r.port} {why}; replacing it")
        self.proxy.ask(f"set server {BACKEND}/{r.name} state maint")
        self.proxy.ask(f"shutdown sessions server {BACKEND}/{r.name}")
        r.proc.kill()
        r.why = why

    def _probe(self) -> None:
        """The fleet's own health checks of the replicas in the rotation, in a thread."""
        while not self.stopping.is_set():
            for r in list(self.replicas):
                proc = r.proc
                if proc is None or r.ready_since is None or r.stopped_since is not None:
                    continue
                if healthy(r.url.rstrip("/"), timeout=PROBE_S) and r.proc is proc:
                    r.answered = time.monotonic()
            self.stopping.wait(PROBE_S)

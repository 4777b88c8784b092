"""`talkbase app`: the command line that serves the app, and starting it.

The script Streamlit runs comes from the installed package (appviews/script/app.py),
so `pip install .` then `talkbase app` works from any folder. One process by
default (`make run`); `--replicas N` puts N of them behind HAProxy on one port
(talkbase/proxy.py). Either way SIGTERM or Ctrl-C to `talkbase app` stops every
process it started.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path

from talkbase import proxy

# Safe for visitors: an uncaught error shows a generic message, never a traceback or
# a server path (those go to the log); a closed tab's session is dropped a minute after
# its websocket went (a dropped connection that comes back within it keeps its session;
# one that comes back later starts afresh from its URL, which holds the state).
SHOW_ERROR_DETAILS = "none"
DISCONNECTED_SESSION_TTL_S = 60
# Streamlit collects garbage (a full collection) after every page run by default, on
# the script's thread before the page's last message is sent: with the modules, the
# charts' schemas and the caches of a warmed process, 20-60 ms of every page run.
# Python's own collector still runs as objects are made; appviews.library freezes what
# the first run of each page made.
POST_SCRIPT_GC = "false"
# what one replica takes (a Streamlit process with the base open and the model loaded,
# measured at about 430 MB), and how many replicas a core can carry: --replicas is capped
# by the memory available and the cores
REPLICA_MB = 450
REPLICAS_PER_CORE = 2


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(
            f"must be a port number from 1 to 65535 (0: any free one), not {text!r}"
        )
    return n


def _address(text: str) -> str:
    try:
        socket.getaddrinfo(text, None, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError, ValueError):
        raise argparse.ArgumentTypeError(
            f"must be an address of this machine (127.0.0.1, 0.0.0.0 for all of them) "
            f"or a host name it knows, not {text!r}"
        ) from None
    return text


def _replicas(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of 1 or more, not {text!r}")
    return n


def app_script() -> Path:
    """The app's script in the installed package (what `streamlit run` runs)."""
    return Path(str(resources.files("appviews.script").joinpath("app.py")))


def app_command(address: str, port: int, watch_files: bool = True) -> list[str]:
    """The `streamlit run` command line, for `talkbase app`, the browser tests and
    the benchmark alike."""
    cmd = [sys.executable, "-m", "streamlit", "run", str(app_script())]
    cmd += ["--server.address", address, "--server.port", str(port)]
    cmd += ["--server.headless", "true", "--browser.gatherUsageStats", "false"]
    cmd += ["--client.toolbarMode", "minimal"]
    cmd += ["--client.showErrorDetails", SHOW_ERROR_DETAILS]
    cmd += ["--server.disconnectedSessionTTL", str(DISCONNECTED_SESSION_TTL_S)]
    cmd += ["--runner.postScriptGC", POST_SCRIPT_GC]
    if not watch_files:
        cmd += ["--server.fileWatcherType", "none"]
    return cmd


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `talkbase app`."""
    p.add_argument("--port", type=_port, default=8501, help="0: any free port (said which)")
    p.add_argument("--address", type=_address, default="127.0.0.1")
    p.add_argument(
        "--replicas",
        type=_replicas,
        default=1,
        metavar="N",
        help="N app processes behind HAProxy on --port, with sticky sessions "
        f"(one per core; at most {REPLICAS_PER_CORE} a core and one per {REPLICA_MB} MB "
        "of memory available; needs the `haproxy` package)",
    )


@contextmanager
def stop_signals() -> Iterator[threading.Event]:
    """An event set by SIGTERM, SIGINT or SIGHUP while inside (handlers put back after)."""
    stopping = threading.Event()
    names = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
    before = {s: signal.signal(s, lambda *_: stopping.set()) for s in names}
    try:
        yield stopping
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def claim(address: str, port: int) -> int:
    """The port to serve on, checked free on `address` (0: a free one, picked); one
    sentence (CannotServe) when it is in use or cannot be had. One fleet per port: a
    second `talkbase app` there refuses before it starts anything."""
    try:
        family, kind, _, _, where = socket.getaddrinfo(
            address, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise proxy.CannotServe(f"{address!r} is no address of this machine ({exc})") from None
    with socket.socket(family, kind) as s:
        # as Streamlit and HAProxy bind: a port left in TIME_WAIT is free, a listener is not
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(where)
        except PermissionError:
            raise proxy.CannotServe(
                f"port {port} needs root's privileges: choose one above 1023 with --port"
            ) from None
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise proxy.CannotServe(
                    f"port {port} is in use on {address} (another talkbase app or server): "
                    "stop it or choose another port with --port"
                ) from None
            if exc.errno == errno.EADDRNOTAVAIL:
                raise proxy.CannotServe(
                    f"{address} is not an address of this machine: choose one of its own "
                    "with --address (127.0.0.1, or 0.0.0.0 for all of them)"
                ) from None
            raise proxy.CannotServe(
                f"cannot listen on {proxy.hostport(address, port)}: {exc.strerror}"
            ) from None
        return int(s.getsockname()[1])


def _available_mb() -> int:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    return int(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2**20)


def most_replicas() -> tuple[int, str]:
    """How many replicas this machine can run now, and why that many."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = max(1, cores or 1)
    mb = _available_mb()
    most = max(1, min(REPLICAS_PER_CORE * cores, mb // REPLICA_MB))
    why = (
        f"{cores} core{'s' if cores > 1 else ''} and {mb / 1024:.1f} GB of memory available; "
        f"a replica takes about {REPLICA_MB} MB"
    )
    return most, why


def check_replicas(n: int) -> None:
    most, why = most_replicas()
    if n > most:
        raise proxy.CannotServe(
            f"--replicas {n} is more than this machine can run: at most {most} here ({why})"
        )


def serve_one(cmd: list[str], env: dict[str, str], url: str) -> int:
    """One Streamlit process until it exits or `talkbase app` is told to stop; warmed
    up (`talkbase.warmup`) once it answers, then said to be serving on `url`; a page
    that shows an error in the warm-up is CannotServe (every visitor would meet it)."""
    with stop_signals() as stopping:
        child = proxy.start(cmd, env)
        try:
            if proxy.wait_healthy([url], [child], stopping) and child.poll() is None:
                warmth = proxy.warm_up([url], env, stopping)
                if warmth.shown and child.poll() is None and not stopping.is_set():
                    raise proxy.cannot_serve(url, warmth.shown)
                if child.poll() is None and not stopping.is_set():
                    proxy.say(f"serving {url}")
            while child.poll() is None and not stopping.wait(proxy.POLL_S):
                pass
        finally:
            proxy.stop([child])
    return 0 if stopping.is_set() else int(child.returncode or 0)


def cmd_app(args: argparse.Namespace) -> int:
    env = dict(os.environ)
    if args.home:
        env["TALKBASE_HOME"] = str(args.home)
    n = int(getattr(args, "replicas", 1))
    if n > 1:
        check_replicas(n)
        binary = proxy.proxy_binary()
    port = claim(args.address, args.port)
    if port != args.port:
        proxy.say(f"--port {args.port}: serving on port {port}, a free one")
    if n == 1:
        here = "127.0.0.1" if args.address in ("0.0.0.0", "::", "") else args.address
        url = f"http://{proxy.hostport(here, port)}/"
        return serve_one(app_command(args.address, port), env, url)
    fleet = proxy.Fleet(
        lambda p: app_command("127.0.0.1", p, watch_files=False),
        env,
        args.address,
        port,
        n,
        binary,
    )
    with stop_signals() as stopping:
        return fleet.run(stopping)

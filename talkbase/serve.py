"""`talkbase app`: the command line that serves the app, and starting it.

The script Streamlit runs comes from the installed package (appviews/script/app.py),
so `pip install .` then `talkbase app` works from any folder. One process by
default (`make run`); `--replicas N` puts N of them behind HAProxy on one port
(talkbase/proxy.py). Either way SIGTERM or Ctrl-C to `talkbase app` stops every
process it started.
"""

from __future__ import annotations

import argparse
import os
import signal
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
    p.add_argument("--port", type=int, default=8501)
    p.add_argument("--address", default="127.0.0.1")
    p.add_argument(
        "--replicas",
        type=_replicas,
        default=1,
        metavar="N",
        help="N app processes behind HAProxy on --port, with sticky sessions "
        "(one per core; needs the `haproxy` package)",
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


def serve_one(cmd: list[str], env: dict[str, str], url: str) -> int:
    """One Streamlit process until it exits or `talkbase app` is told to stop; warmed
    up (`talkbase.warmup`) once it answers, then said to be serving on `url`."""
    with stop_signals() as stopping:
        child = proxy.start(cmd, env)
        try:
            if proxy.wait_healthy([url], [child], stopping) and child.poll() is None:
                proxy.warm_up([url], env, stopping)
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
    if n == 1:
        here = "127.0.0.1" if args.address in ("0.0.0.0", "::", "") else args.address
        url = f"http://{proxy.hostport(here, args.port)}/"
        return serve_one(app_command(args.address, args.port), env, url)
    fleet = proxy.Fleet(
        lambda port: app_command("127.0.0.1", port, watch_files=False),
        env,
        args.address,
        args.port,
        n,
        proxy.proxy_binary(),
    )
    with stop_signals() as stopping:
        return fleet.run(stopping)

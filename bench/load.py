"""Load on the app as browser tabs make it, through Streamlit's own websocket protocol.

    python bench/load.py --port 8501 --users 10 --think 2 --duration 60
    python bench/load.py --serve --users 20 --think 2 --duration 45
    python bench/load.py --serve --users 8 --reingest 4
    python bench/load.py --serve --sessions 2000

Each virtual user is a browser tab: it fetches /_stcore/health (which sets the
`_streamlit_xsrf` cookie), opens one websocket session on /_stcore/stream (the
`streamlit` subprotocol, then the XSRF token, as the frontend sends them), and
then loops: draw a page from the mix, send it as a `rerun_script` BackMsg with
the page's query string (what a deep link, Back or Forward sends), read
ForwardMsgs until `script_finished`, record the latency, think, repeat. A page
run is an error when the stream shows an exception element or an error alert, the
socket closes, or no `script_finished` comes within --timeout. Before the load,
one session opens the home page and the program, which warms the server and
yields the talk ids, speakers and organizations the talk, agenda, speaker and
organization pages use.

It prints, per page type, the runs, errors and p50/p95/max latency (send to
`script_finished`, seconds), the page runs per second, and each server
process's RSS before (after the warm-up) and after. The server processes are
those listening on the port (from /proc), those named with --pid, or with
--serve every process `talkbase app` started.

--serve starts one `talkbase app` on a scratch home (built from --docs with
`talkbase ingest`, or the existing --home) and stops it afterwards. --reingest N
(with --serve or --home) runs the load while the base is re-ingested N times,
each time with a document removed and added back, then a new talk added; the new
talk's title is searched through the websocket until the page shows it, and the
seconds that took are reported (the target: within 5 s). --sessions N opens and
closes N sessions (connect, one page, disconnect) instead and reports the RSS
before and after. Only loopback servers are accepted; every run is bounded in
page runs and time and stops by itself. The exit status is 1 when any page
run failed or a new talk took longer than 5 s to show.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import ipaddress
import itertools
import json
import math
import os
import random
import re
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.proto.Alert_pb2 import Alert  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402
from websockets.typing import Origin, Subprotocol  # noqa: E402

from talkbase.core.errors import TalkbaseError  # noqa: E402

PAGES = {  # page type -> what the table calls it
    "home": "home",
    "search": "search",
    "words": "plain-word search",
    "program": "program",
    "agenda": "agenda",
    "now": "now & next",
    "browse": "browse",
    "talk": "talk page",
    "speaker": "speaker page",
    "org": "org page",
}
NEEDS_TALKS = {"talk", "agenda"}
SEARCHES = (
    "compilers",
    "kernels",
    "distributed training",
    "quantization",
    "inference",
    "agents",
    "rdma",
    "fault tolerance",
    "profiling",
    "open source",
)
PLAIN_SEARCHES = (
    "talks on tuesday afternoon about compilers",
    "something about running models on small devices",
    "who speaks about kernels on wednesday morning",
    "talks about making training faster",
    "an introduction to agents for beginners",
    "how do people debug large gpu clusters",
)
XSRF_COOKIE = "_streamlit_xsrf"
STREAM_PATH = "_stcore/stream"
HEALTH_PATH = "_stcore/health"
MAX_USERS = 2000
MAX_SESSIONS = 100_000
MAX_DURATION_S = 3600.0
RUNS_ONLY_LIMIT_S = 900.0  # --runs without --duration still stops after this
DEFAULT_DURATION_S = 30.0
SERVER_START_S = 240.0  # started, then warmed up
SERVING = "talkbase app: serving"  # said once warmed up (talkbase/serve.py, proxy.py)
VISIBLE_TARGET_S = 5.0
VISIBLE_GIVE_UP_S = 60.0
CLI_TIMEOUT_S = 600.0
SHOWN_ERRORS = 5
_WIDGET_TALK = re.compile(r"-(?:who|open|save|skip|remove)-([0-9]{1,18})$")
_DATA_TALK = re.compile(r'data-talk="([0-9]{1,18})"')
_TAG = re.compile(r"<[^>]*>")


class LoadError(TalkbaseError):
    """The load could not be run as asked (a target that is not loopback, a server
    that does not start or answer, options that do not fit)."""

    def __init__(self, what: str, problem: str) -> None:
        self.what, self.problem = what, problem
        super().__init__(f"{what}: {problem}")


# -- where the app is --------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """A loopback Streamlit server: host, port and the path the app is served under."""

    host: str
    port: int
    path: str = "/"

    @property
    def _netloc(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def http(self) -> str:
        return f"http://{self._netloc}{self.path}"

    @property
    def ws(self) -> str:
        return f"ws://{self._netloc}{self.path}{STREAM_PATH}"

    @property
    def origin(self) -> str:
        return f"http://{self._netloc}"


def is_loopback(host: str) -> bool:
    """localhost, ::1 or an address in 127.0.0.0/8; nothing else."""
    host = host.strip("[]")
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def target(url: str | None, host: str, port: int | None) -> Target:
    """The server to load, from --url or --host/--port; refuses anything not loopback."""
    path = "/"
    if url:
        parts = urlsplit(url if "//" in url else f"http://{url}")
        if parts.scheme not in ("http", "ws"):
            raise LoadError(url, "only http:// or ws:// URLs of a loopback server are loaded")
        try:
            url_port = parts.port
        except ValueError as exc:
            raise LoadError(url, f"the port is not a number ({exc})") from exc
        host, port = parts.hostname or "", url_port or port or 80
        path = parts.path.removesuffix(STREAM_PATH) or "/"
        path = path if path.endswith("/") else path + "/"
    if not is_loopback(host):
        raise LoadError(
            host or "(no host)",
            "load is only sent to this machine (127.0.0.0/8, localhost or ::1)",
        )
    if port is None or not 0 < port < 65536:
        raise LoadError(str(port), "the port must be between 1 and 65535")
    return Target(host.strip("[]"), port, path)


# -- one browser tab ---------------------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """What a page showed: its text, and the talks, speakers and organizations it
    links to (read only when asked for)."""

    text: str
    talks: frozenset[int] = frozenset()
    speakers: frozenset[str] = frozenset()
    orgs: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Outcome:
    kind: str
    seconds: float
    error: str | None = None
    messages: int = 0
    seen: Seen | None = None


def xsrf_cookie(t: Target, timeout: float) -> str | None:
    """The `_streamlit_xsrf` cookie the health check sets (as the frontend gets it)."""
    with urllib.request.urlopen(t.http + HEALTH_PATH, timeout=timeout) as answer:
        for header in answer.headers.get_all("Set-Cookie") or ():
            name, _, rest = header.partition("=")
            if name.strip() == XSRF_COOKIE:
                return rest.split(";", 1)[0]
    return None


def _element_text(el: Any) -> str:
    kind = el.WhichOneof("type")
    if kind is None:
        return ""
    sub = getattr(el, kind)
    fields = sub.DESCRIPTOR.fields_by_name
    parts = [getattr(sub, n) for n in ("body", "label", "message") if n in fields]
    if kind == "button_group":
        parts += [o.content for o in sub.options]
    text = " ".join(p for p in parts if isinstance(p, str))
    return html.unescape(_TAG.sub("", text)) if kind == "html" else text


def _element_error(el: Any) -> str | None:
    kind = el.WhichOneof("type")
    if kind == "exception":
        return f"exception {el.exception.type}: {el.exception.message}"[:300]
    if kind == "alert" and el.alert.format == Alert.ERROR:
        return f"error shown: {el.alert.body}"[:300]
    return None


class Tab:
    """One browser tab: one websocket session, page runs one after another."""

    def __init__(self, t: Target, timeout: float) -> None:
        self.target, self.timeout = t, timeout
        self.ws: ClientConnection | None = None
        self.page_hash = ""

    async def open(self) -> None:
        try:
            token = await asyncio.to_thread(xsrf_cookie, self.target, self.timeout)
            protocols = [Subprotocol("streamlit")] + ([Subprotocol(token)] if token else [])
            headers = {"Cookie": f"{XSRF_COOKIE}={token}"} if token else {}
            self.ws = await connect(
                self.target.ws,
                subprotocols=protocols,
                additional_headers=headers,
                origin=Origin(self.target.origin),
                open_timeout=self.timeout,
                max_size=None,
            )
        except (OSError, InvalidHandshake, TimeoutError) as exc:
            raise LoadError(self.target.ws, f"no session ({type(exc).__name__}: {exc})") from exc

    async def close(self) -> None:
        ws, self.ws = self.ws, None
        if ws is not None:
            with suppress(OSError, TimeoutError, ConnectionClosed):
                await asyncio.wait_for(ws.close(), self.timeout)

    def _rerun(self, query: str) -> bytes:
        msg = BackMsg()
        run = msg.rerun_script
        run.query_string = query
        run.page_script_hash = self.page_hash
        run.context_info.url = self.target.http + (f"?{query}" if query else "")
        run.context_info.timezone = "UTC"
        run.context_info.timezone_offset = 0
        run.context_info.locale = "en-US"
        return msg.SerializeToString()

    async def page(self, kind: str, query: str, read: bool = False) -> Outcome:
        """Send `query` as a rerun and wait for the run to finish. A failed run
        leaves the tab closed (the next page opens a new session)."""
        if self.ws is None:
            await self.open()
        assert self.ws is not None
        texts: list[str] = []
        talks: set[int] = set()
        speakers: set[str] = set()
        orgs: set[str] = set()
        messages = 0
        start = time.monotonic()
        error: str | None = None
        try:
            async with asyncio.timeout(self.timeout):
                await self.ws.send(self._rerun(query))
                while True:
                    raw = await self.ws.recv()
                    if isinstance(raw, str):
                        error = "the server sent a text frame, not a ForwardMsg"
                        break
                    msg = ForwardMsg()
                    msg.ParseFromString(raw)
                    messages += 1
                    what = msg.WhichOneof("type")
                    if what == "new_session":
                        self.page_hash = msg.new_session.page_script_hash
                    elif what == "delta" and msg.delta.WhichOneof("type") == "new_element":
                        el = msg.delta.new_element
                        error = error or _element_error(el)
                        if read:
                            texts.append(_element_text(el))
                            _links(el, talks, speakers, orgs)
                    elif what == "script_finished":
                        status = msg.script_finished
                        if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                            continue  # a rerun replaced it; its own end follows
                        if status == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                            error = error or "the script did not compile"
                        break
                    elif what == "page_not_found":
                        error = error or "page not found"
        except TimeoutError:
            error = f"no script_finished within {self.timeout:g} s"
        except ConnectionClosed as exc:
            error = f"socket closed ({exc})"
        except OSError as exc:
            error = f"socket error ({exc})"
        seconds = time.monotonic() - start
        if error and not error.startswith(("exception", "error shown")):
            await self.close()
        seen = Seen(" ".join(texts), frozenset(talks), frozenset(speakers), frozenset(orgs))
        return Outcome(kind, seconds, error, messages, seen if read else None)


def _links(el: Any, talks: set[int], speakers: set[str], orgs: set[str]) -> None:
    kind = el.WhichOneof("type")
    if kind in ("button", "button_group"):
        found = _WIDGET_TALK.search(getattr(el, kind).id)
        if found:
            talks.add(int(found.group(1)))
    if kind == "html":
        talks.update(int(i) for i in _DATA_TALK.findall(el.html.body))
    if kind == "button_group" and "-who-" in el.button_group.id:
        for option in el.button_group.options:
            name = re.sub(r"\\(.)", r"\1", option.content)  # the app's markdown escapes
            if "person" in option.content_icon:
                speakers.add(name)
            elif "apartment" in option.content_icon:
                orgs.add(name)


# -- the pages ---------------------------------------------------------------------


class Queries:
    """What search pages ask: drawn at random from SEARCHES and PLAIN_SEARCHES (so
    queries come back, and the app answers many from its cache), or, from a file
    (--queries), each in turn over all users together: every search page asks a
    query not asked before until the file's are used up."""

    def __init__(
        self,
        searches: Sequence[str] = SEARCHES,
        plain: Sequence[str] = PLAIN_SEARCHES,
        in_turn: bool = False,
    ) -> None:
        self.searches, self.plain = tuple(searches), tuple(plain)
        self._turns = (
            {"search": itertools.cycle(self.searches), "words": itertools.cycle(self.plain)}
            if in_turn
            else None
        )

    def next(self, kind: str, rng: random.Random) -> str:
        """The next query of a "search" or a "words" page."""
        if self._turns is not None:
            return next(self._turns[kind])
        return rng.choice(self.searches if kind == "search" else self.plain)


PLAIN_WORDS = 4  # a query of this many words or more is a plain-word search


def queries_from(path: Path) -> Queries:
    """The queries of a JSON file, in turn: a list of texts or of objects with a
    "query" (the judged queries' files); the short ones for search pages, those of
    PLAIN_WORDS words or more for plain-word searches (all for both when one kind
    has none)."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
        texts = [q["query"] if isinstance(q, dict) else q for q in found]
    except (OSError, ValueError, TypeError, KeyError) as exc:
        raise LoadError(str(path), f"not a JSON list of queries ({exc})") from None
    texts = [t.strip() for t in texts if isinstance(t, str) and t.strip()]
    if not texts:
        raise LoadError(str(path), "holds no query")
    short = [t for t in texts if len(t.split()) < PLAIN_WORDS]
    long = [t for t in texts if len(t.split()) >= PLAIN_WORDS]
    return Queries(short or texts, long or texts, in_turn=True)


@dataclass(frozen=True)
class Catalog:
    """What the warm-up pages linked to: what talk, agenda and people pages ask for;
    and what search pages ask."""

    talks: tuple[int, ...] = ()
    speakers: tuple[str, ...] = ()
    orgs: tuple[str, ...] = ()
    queries: Queries = field(default_factory=Queries)

    def can_show(self, kind: str) -> bool:
        if kind in NEEDS_TALKS:
            return bool(self.talks)
        if kind == "speaker":
            return bool(self.speakers)
        if kind == "org":
            return bool(self.orgs)
        return True


def query_for(kind: str, catalog: Catalog, rng: random.Random) -> str:
    """The query string a tab opens for a page of this type."""
    if kind == "home":
        return ""
    if kind in ("search", "words"):
        return urlencode({"q": catalog.queries.next(kind, rng)})
    if kind in ("program", "now", "browse"):
        return urlencode({"view": kind})
    if kind == "agenda":
        saved = rng.sample(catalog.talks, min(len(catalog.talks), rng.randint(2, 5)))
        return urlencode({"view": "agenda", "saved": "-".join(map(str, saved))})
    if kind == "talk":
        return urlencode({"talk": rng.choice(catalog.talks)})
    if kind == "speaker":
        return urlencode({"speaker": rng.choice(catalog.speakers)})
    if kind == "org":
        return urlencode({"org": rng.choice(catalog.orgs)})
    raise LoadError(kind, f"no such page type (one of {', '.join(PAGES)})")


def parse_mix(text: str) -> dict[str, float]:
    """ "search=3,words=2,program" -> weights; "all" (or empty) -> every page type once."""
    if text.strip() in ("", "all"):
        return dict.fromkeys(PAGES, 1.0)
    mix: dict[str, float] = {}
    for part in text.split(","):
        name, _, weight = part.strip().partition("=")
        if name not in PAGES:
            raise LoadError(f"--mix {text}", f"no page type {name!r} (one of {', '.join(PAGES)})")
        try:
            mix[name] = float(weight) if weight else 1.0
        except ValueError as exc:
            raise LoadError(f"--mix {text}", f"the weight of {name} is not a number") from exc
        if mix[name] < 0:
            raise LoadError(f"--mix {text}", f"the weight of {name} is negative")
    if not any(mix.values()):
        raise LoadError(f"--mix {text}", "every weight is 0")
    return mix


async def discover(t: Target, timeout: float) -> tuple[Catalog, Outcome]:
    """Open the home page, the program and a few talk pages in one session (warming
    the server) and collect what they link to (a talk page links its speakers).
    Returns the catalog and the first page's outcome."""
    tab = Tab(t, timeout)
    try:
        first = await tab.page("home", "", read=True)
        if first.error:
            raise LoadError(t.http, f"the home page failed ({first.error})")
        program = await tab.page("program", "view=program", read=True)
        pages = [first, program]
        talks = sorted(set().union(*(o.seen.talks for o in pages if o.seen)))
        for tid in talks[:3]:
            pages.append(await tab.page("talk", urlencode({"talk": tid}), read=True))
    finally:
        await tab.close()
    seen = [o.seen for o in pages if o.seen]
    catalog = Catalog(
        tuple(sorted(set().union(*(s.talks for s in seen)))),
        tuple(sorted(set().union(*(s.speakers for s in seen)))),
        tuple(sorted(set().union(*(s.orgs for s in seen)))),
    )
    return catalog, first


# -- the server's processes ------------------------------------------------------


def listening_pids(port: int) -> list[int]:
    """The processes with a socket listening on `port` (from /proc; those of this user)."""
    inodes: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            cols = row.split()
            if len(cols) > 9 and cols[3] == "0A" and int(cols[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(f"socket:[{cols[9]}]")
    pids = []
    for proc in _procs():
        try:
            if any(os.readlink(fd) in inodes for fd in (proc / "fd").iterdir()):
                pids.append(int(proc.name))
        except OSError:
            continue
    return pids


def _procs() -> Iterator[Path]:
    try:
        yield from (p for p in Path("/proc").iterdir() if p.name.isdigit())
    except OSError:
        return


def session_pids(sid: int) -> list[int]:
    """Every process of the session `sid` (what a `start_new_session` child started)."""
    pids = []
    for proc in _procs():
        try:
            stat = (proc / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[-1].split()
        if len(fields) > 3 and int(fields[3]) == sid:
            pids.append(int(proc.name))
    return sorted(pids)


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def describe(pid: int) -> str:
    """A short name for a server process: `streamlit :8501`, `talkbase app`, `nginx`."""
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return "?"
    if any("streamlit" in a for a in args) and "--server.port" in args:
        i = args.index("--server.port")
        return f"streamlit :{args[i + 1] if i + 1 < len(args) else '?'}"
    if any(a.endswith(("talkbase", "talkbase.cli")) for a in args) and "app" in args:
        return "talkbase app"
    return Path(args[0]).name if args and args[0] else "?"


def rss_of(pids: Sequence[int]) -> dict[int, float | None]:
    return {pid: rss_mb(pid) for pid in pids}


# -- statistics ------------------------------------------------------------------


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank percentile (p in 0-100) of non-empty `values`."""
    ordered = sorted(values)
    rank = min(len(ordered), max(1, math.ceil(len(ordered) * p / 100)))
    return ordered[rank - 1]


@dataclass
class Tally:
    """Page runs by page type, as they come."""

    seconds: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)
    messages: Counter[str] = field(default_factory=Counter)
    started: float = field(default_factory=time.monotonic)
    ended: float = 0.0

    def add(self, o: Outcome) -> None:
        self.seconds.setdefault(o.kind, [])
        if o.error:
            self.errors[o.kind] += 1
            self.messages[o.error] += 1
        else:
            self.seconds[o.kind].append(o.seconds)

    def rows(self) -> list[dict[str, Any]]:
        out = []
        kinds = [k for k in PAGES if k in self.seconds]
        every = [s for k in kinds for s in self.seconds[k]]
        for kind, values in [(k, self.seconds[k]) for k in kinds] + [("all", every)]:
            errors = self.errors[kind] if kind != "all" else sum(self.errors.values())
            row: dict[str, Any] = {"page": kind, "runs": len(values) + errors, "errors": errors}
            if values:
                row |= {
                    "p50_s": percentile(values, 50),
                    "p95_s": percentile(values, 95),
                    "max_s": max(values),
                }
            out.append(row)
        return out

    @property
    def elapsed(self) -> float:
        return max(1e-9, (self.ended or time.monotonic()) - self.started)

    @property
    def runs(self) -> int:
        return sum(len(v) for v in self.seconds.values()) + sum(self.errors.values())


def table(tally: Tally) -> list[str]:
    lines = [f"{'page type':<18} {'runs':>6} {'errors':>6} {'p50 s':>7} {'p95 s':>7} {'max s':>7}"]
    for row in tally.rows():
        name = PAGES.get(row["page"], row["page"])
        times = (
            f"{row['p50_s']:>7.3f} {row['p95_s']:>7.3f} {row['max_s']:>7.3f}"
            if "p50_s" in row
            else f"{'-':>7} {'-':>7} {'-':>7}"
        )
        lines.append(f"{name:<18} {row['runs']:>6} {row['errors']:>6} {times}")
    good = tally.runs - sum(tally.errors.values())
    lines.append(
        f"page runs/s: {good / tally.elapsed:.2f} ({good} finished page runs in "
        f"{tally.elapsed:.1f} s)"
    )
    return lines


def rss_table(before: dict[int, float | None], after: dict[int, float | None]) -> list[str]:
    if not before and not after:
        return ["server RSS: no server process found (give --pid)"]
    lines = [f"{'server process (RSS MB)':<34} {'before':>8} {'after':>8} {'change':>8}"]
    for pid in sorted(set(before) | set(after)):
        b, a = before.get(pid), after.get(pid)
        change = f"{(a - b) / b * 100:+.1f}%" if a and b else "gone" if b and not a else "-"
        cells = [f"{v:>8.1f}" if v else f"{'-':>8}" for v in (b, a)]
        lines.append(f"  {pid:>7} {describe(pid):<24} {cells[0]} {cells[1]} {change:>8}")
    return lines


def machine() -> str:
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{model}, {os.cpu_count()} CPUs, load average {load:.2f}"


def client_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# -- the load ----------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    users: int
    think_s: float
    exponential: bool
    duration_s: float
    runs: int | None
    ramp_s: float
    timeout_s: float
    mix: dict[str, float]
    cycle: bool
    seed: int


class Picker:
    """Page types drawn from the mix (weighted at random), or in turn (--order cycle:
    over all users together, so N runs cover N page types)."""

    def __init__(self, mix: dict[str, float], cycle: bool) -> None:
        self.kinds = [k for k, w in mix.items() if w > 0]
        self.weights = [mix[k] for k in self.kinds]
        self._turn = itertools.cycle(self.kinds) if cycle else None

    def next(self, rng: random.Random) -> str:
        if self._turn is not None:
            return next(self._turn)
        return rng.choices(self.kinds, self.weights)[0]


async def one_user(
    index: int,
    t: Target,
    plan: Plan,
    catalog: Catalog,
    picker: Picker,
    tally: Tally,
    end: float,
    stop: asyncio.Event,
) -> None:
    rng = random.Random(plan.seed * 100_003 + index)
    await asyncio.sleep(plan.ramp_s * index / max(1, plan.users))
    tab = Tab(t, plan.timeout_s)
    done = 0
    try:
        while (
            (plan.runs is None or done < plan.runs) and time.monotonic() < end and not stop.is_set()
        ):
            kind = picker.next(rng)
            try:
                outcome = await tab.page(kind, query_for(kind, catalog, rng))
            except LoadError as exc:
                outcome = Outcome(kind, 0.0, exc.problem)
            tally.add(outcome)
            done += 1
            if plan.think_s > 0 and (plan.runs is None or done < plan.runs):
                pause = rng.expovariate(1 / plan.think_s) if plan.exponential else plan.think_s
                await asyncio.sleep(max(0.0, min(pause, end - time.monotonic())))
    finally:
        await tab.close()


async def run_load(
    t: Target, plan: Plan, catalog: Catalog, tally: Tally, stop: asyncio.Event | None = None
) -> None:
    """The users, until each has made --runs page runs, --duration is over or `stop`
    is set."""
    picker = Picker(plan.mix, plan.cycle)
    stop = stop or asyncio.Event()
    tally.started = time.monotonic()
    end = tally.started + plan.duration_s
    users = [one_user(i, t, plan, catalog, picker, tally, end, stop) for i in range(plan.users)]
    await asyncio.gather(*users)
    tally.ended = time.monotonic()


async def run_sessions(t: Target, plan: Plan, catalog: Catalog, n: int, tally: Tally) -> None:
    """`n` sessions, --users at a time: connect, one page run, disconnect."""
    picker = Picker(plan.mix, plan.cycle)
    todo = iter(range(n))
    end = time.monotonic() + plan.duration_s

    async def worker(index: int) -> None:
        rng = random.Random(plan.seed * 100_003 + index)
        for _ in todo:
            if time.monotonic() > end:
                return
            kind = picker.next(rng)
            tab = Tab(t, plan.timeout_s)
            try:
                tally.add(await tab.page(kind, query_for(kind, catalog, rng)))
            except LoadError as exc:
                tally.add(Outcome(kind, 0.0, exc.problem))
            finally:
                await tab.close()

    tally.started = time.monotonic()
    await asyncio.gather(*(worker(i) for i in range(plan.users)))
    tally.ended = time.monotonic()


# -- re-ingest while serving -----------------------------------------------------


@dataclass(frozen=True)
class Reingest:
    cycle: int
    seconds: float  # remove + re-ingest + add, the CLI's time
    failed: tuple[str, ...]  # CLI commands that did not succeed
    visible_s: float | None  # from the new talk's ingest ending to a page showing it


def cli_command(home: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "talkbase.cli", "--home", str(home), *args]


def _env(home: Path) -> dict[str, str]:
    env = {**os.environ, "TALKBASE_HOME": str(home)}
    env.setdefault("HF_HUB_OFFLINE", "1")
    return env


async def _cli(home: Path, *args: str) -> str | None:
    """Run a talkbase command; None when it succeeded, else what failed."""
    proc = await asyncio.create_subprocess_exec(
        *cli_command(home, *args),
        cwd=ROOT,
        env=_env(home),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        _, err = await asyncio.wait_for(proc.communicate(), CLI_TIMEOUT_S)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        return f"talkbase {' '.join(args)}: still running after {CLI_TIMEOUT_S:g} s"
    if proc.returncode:
        tail = err.decode(errors="replace").strip().splitlines()[-1:] or ["?"]
        return f"talkbase {' '.join(args)}: exit {proc.returncode}: {tail[0]}"
    return None


def documents(paths: Sequence[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        out += sorted(f for f in p.iterdir() if f.is_file()) if p.is_dir() else [p]
    return out


async def until_visible(t: Target, title: str, timeout: float) -> float | None:
    """Seconds until a search for `title` shows it; None if not within VISIBLE_GIVE_UP_S."""
    start = time.monotonic()
    tab = Tab(t, timeout)
    try:
        while time.monotonic() - start < VISIBLE_GIVE_UP_S:
            try:
                o = await tab.page("probe", urlencode({"q": title}), read=True)
            except LoadError:
                o = Outcome("probe", 0.0, "no session")
            if o.seen and title in o.seen.text:
                return time.monotonic() - start
            await asyncio.sleep(0.2)
    finally:
        await tab.close()
    return None


async def reingest_loop(
    t: Target, home: Path, docs: Sequence[Path], n: int, scratch: Path, timeout: float
) -> list[Reingest]:
    """n times: remove a document, re-ingest the base (which adds it back), add a new
    talk and time until a page shows it, then remove that talk's document again."""
    files = documents(docs)
    if not files:
        raise LoadError(" ".join(map(str, docs)), "no document to re-ingest")
    token = secrets.token_hex(4)
    out = []
    for cycle in range(1, n + 1):
        start = time.monotonic()
        failed = [f for f in [await _cli(home, "remove", files[0].name)] if f]
        failed += [f for f in [await _cli(home, "ingest", *map(str, docs))] if f]
        title = f"Load probe {token} number {cycle}"
        probe = scratch / f"load-probe-{token}-{cycle}.jsonl"
        talk = {
            "uid": f"load-probe-{token}-{cycle}",
            "title": title,
            "speakers": [{"name": "Load Probe", "affiliation": "talkbase bench"}],
            "room": "Probe room",
            "track": "Probe",
            "abstract": "A talk added while the app is under load, to time when it shows.",
        }
        probe.write_text(json.dumps(talk) + "\n", encoding="utf-8")
        added = await _cli(home, "ingest", str(probe))
        seconds = time.monotonic() - start
        visible = None if added else await until_visible(t, title, timeout)
        failed += [f for f in [added, await _cli(home, "remove", probe.name)] if f]
        out.append(Reingest(cycle, seconds, tuple(failed), visible))
    return out


# -- serving -----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _healthy(t: Target) -> bool:
    try:
        with urllib.request.urlopen(t.http + HEALTH_PATH, timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False


@dataclass(frozen=True)
class Served:
    target: Target
    home: Path
    pid: int  # `talkbase app`, the leader of a session of its own
    log: Path


@contextmanager
def served(
    home: Path | None,
    docs: Sequence[Path],
    port: int,
    app_args: Sequence[str],
    say: TextIO,
    private: bool = False,
) -> Iterator[Served]:
    """One `talkbase app` on `home` (on a copy of it when `private`: the load will
    change it), or on a scratch home built from `docs`; healthy, and stopped with
    every process it started afterwards."""
    scratch = Path(tempfile.mkdtemp(prefix="talkbase-load-"))
    proc: subprocess.Popen[bytes] | None = None
    try:
        if home is not None and private:
            shutil.copytree(home, scratch / "home")
            home = scratch / "home"
        if home is None:
            home = scratch / "home"
            say.write(f"building a scratch base from {' '.join(map(str, docs))} ...\n")
            done = subprocess.run(
                cli_command(home, "ingest", *map(str, docs)),
                cwd=ROOT,
                env=_env(home),
                capture_output=True,
                text=True,
                timeout=CLI_TIMEOUT_S,
            )
            if done.returncode:
                raise LoadError("talkbase ingest", done.stderr.strip()[-500:] or "failed")
        t = Target("127.0.0.1", port)
        log = scratch / "app.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                cli_command(home, "app", "--port", str(port), *app_args),
                cwd=ROOT,
                env=_env(home),
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + SERVER_START_S
        while not _healthy(t):
            if proc.poll() is not None:
                raise LoadError("talkbase app", f"exited with {proc.returncode}: {_tail(log)}")
            if time.monotonic() > deadline:
                raise LoadError("talkbase app", f"no answer within {SERVER_START_S:g} s")
            time.sleep(0.2)
        # `talkbase app` warms each process up before it says it is serving
        while SERVING not in _read_log(log) and proc.poll() is None:
            if time.monotonic() > deadline:
                raise LoadError("talkbase app", f"not serving within {SERVER_START_S:g} s")
            time.sleep(0.2)
        for line in _read_log(log).splitlines():
            if "warmed up" in line:
                say.write(line.strip() + "\n")
        yield Served(t, home, proc.pid, log)
    finally:
        if proc is not None:
            _stop(proc)
        shutil.rmtree(scratch, ignore_errors=True)


def _read_log(log: Path) -> str:
    try:
        return log.read_text(errors="replace")
    except OSError:
        return ""


def _tail(log: Path) -> str:
    try:
        return " | ".join(log.read_text(errors="replace").strip().splitlines()[-5:])
    except OSError:
        return "(no log)"


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the whole session `talkbase app` leads, then SIGKILL what is left."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, sig)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if proc.poll() is not None and not [
                p for p in session_pids(proc.pid) if not _zombie(p)
            ]:
                return
            time.sleep(0.1)
    proc.wait(timeout=5)


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0] == "Z"
    except (OSError, IndexError):
        return True


# -- the command -------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bench/load.py",
        description="Load the talkbase app as browser tabs do (Streamlit's websocket protocol).",
    )
    where = p.add_argument_group("where (loopback only)")
    where.add_argument("--url", help="the app's address, e.g. http://127.0.0.1:8501/")
    where.add_argument("--host", default="127.0.0.1")
    where.add_argument("--port", type=int, help="default 8501 (a free port with --serve)")
    where.add_argument(
        "--pid", type=int, action="append", default=[], help="a server process to measure"
    )
    load = p.add_argument_group("the load")
    load.add_argument("--users", type=int, default=1, help="browser tabs at once (default 1)")
    load.add_argument("--think", type=float, default=2.0, help="seconds between page runs")
    load.add_argument("--think-dist", choices=("exp", "fixed"), default="exp")
    load.add_argument("--duration", type=float, help=f"seconds (default {DEFAULT_DURATION_S:g})")
    load.add_argument("--runs", type=int, help="page runs per user (then stop)")
    load.add_argument(
        "--mix",
        default="all",
        help=f"page types and weights, e.g. search=3,words=2,program=1 "
        f"(types: {', '.join(PAGES)}; default all, equally)",
    )
    load.add_argument("--order", choices=("random", "cycle"), default="random")
    load.add_argument(
        "--queries",
        type=Path,
        help='a JSON file of queries (texts, or objects with a "query") that search '
        "pages ask in turn, each once before any again (default: a few, drawn at random)",
    )
    load.add_argument("--ramp", type=float, default=0.0, help="seconds over which users start")
    load.add_argument("--timeout", type=float, default=30.0, help="seconds a page run may take")
    load.add_argument("--seed", type=int, default=1)
    modes = p.add_argument_group("modes")
    modes.add_argument("--serve", action="store_true", help="start one `talkbase app` first")
    modes.add_argument("--home", type=Path, help="the base --serve serves or --reingest changes")
    modes.add_argument(
        "--docs",
        type=Path,
        nargs="+",
        default=[ROOT / "data" / "programs"],
        help="documents of the scratch base (default data/programs)",
    )
    modes.add_argument(
        "--app-arg",
        action="append",
        default=[],
        help="one more argument to `talkbase app` (repeat; --app-arg=--replicas --app-arg=2)",
    )
    modes.add_argument("--reingest", type=int, default=0, metavar="N", help="re-ingest N times")
    modes.add_argument("--sessions", type=int, default=0, metavar="N", help="N short sessions")
    modes.add_argument(
        "--settle", type=float, default=0.0, help="seconds to wait before the last RSS reading"
    )
    p.add_argument("--json", type=Path, help="also write the results as JSON to this file")
    return p


def plan_of(args: argparse.Namespace) -> Plan:
    if not 1 <= args.users <= MAX_USERS:
        raise LoadError("--users", f"between 1 and {MAX_USERS}")
    if args.think < 0 or args.ramp < 0 or args.timeout <= 0:
        raise LoadError("--think/--ramp/--timeout", "seconds, not negative (a timeout above 0)")
    if args.runs is not None and args.runs < 1:
        raise LoadError("--runs", "at least 1")
    duration = args.duration
    if duration is None:
        bounded_otherwise = args.runs or args.sessions or args.reingest
        duration = RUNS_ONLY_LIMIT_S if bounded_otherwise else DEFAULT_DURATION_S
    if not 0 < duration <= MAX_DURATION_S:
        raise LoadError("--duration", f"above 0 and at most {MAX_DURATION_S:g} s")
    if not 0 <= args.sessions <= MAX_SESSIONS or not 0 <= args.reingest <= 100:
        raise LoadError("--sessions/--reingest", f"at most {MAX_SESSIONS} and 100")
    if args.reingest and not (args.serve or args.home):
        raise LoadError("--reingest", "needs --serve or the --home the server reads")
    return Plan(
        args.users,
        args.think,
        args.think_dist == "exp",
        duration,
        args.runs,
        args.ramp,
        args.timeout,
        parse_mix(args.mix),
        args.order == "cycle",
        args.seed,
    )


async def measure(
    args: argparse.Namespace,
    t: Target,
    plan: Plan,
    pids: Callable[[], list[int]],
    home: Path | None,
) -> tuple[list[str], dict[str, Any], bool]:
    """Warm up, run the load (or the sessions), and say what was measured.
    Returns the report's lines, the results as JSON, and whether all went well."""
    cpu0 = client_cpu_s()
    catalog, first = await discover(t, plan.timeout_s)
    skipped = [k for k in plan.mix if plan.mix[k] > 0 and not catalog.can_show(k)]
    mix = {k: w for k, w in plan.mix.items() if k not in skipped}
    if not any(mix.values()):
        raise LoadError(t.http, "the pages found no talks to open: nothing left in the mix")
    plan = replace(plan, mix=mix)
    if args.queries is not None:
        catalog = replace(catalog, queries=queries_from(args.queries))
    before = rss_of(pids())
    tally = Tally()
    cycles: list[Reingest] = []
    if args.sessions:
        await run_sessions(t, plan, catalog, args.sessions, tally)
    elif args.reingest and home is not None:
        scratch = Path(tempfile.mkdtemp(prefix="talkbase-probe-"))
        try:
            stop = asyncio.Event()
            load = asyncio.create_task(run_load(t, plan, catalog, tally, stop))
            try:
                cycles = await reingest_loop(
                    t, home, args.docs, args.reingest, scratch, plan.timeout_s
                )
            finally:
                stop.set()  # the load goes on until the last re-ingest is done
                await load
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    else:
        await run_load(t, plan, catalog, tally)
    after = rss_of(sorted(set(before) | set(pids())))
    settled = {}
    if args.settle > 0:
        await asyncio.sleep(args.settle)
        settled = rss_of(sorted(set(after) | set(pids())))
    what = (
        f"{args.sessions} sessions (connect, one page, disconnect), {plan.users} at a time"
        if args.sessions
        else f"{plan.users} users, think {plan.think_s:g} s "
        f"({'exponential' if plan.exponential else 'fixed'}), "
        + (f"{plan.runs} page runs each, " if plan.runs else "")
        + f"at most {plan.duration_s:g} s, ramp {plan.ramp_s:g} s"
    )
    lines = [f"talkbase load on {t.http}: {what}", f"machine: {machine()}"]
    lines.append(
        f"first page of a fresh session (warm-up, {len(catalog.talks)} talks, "
        f"{len(catalog.speakers)} speakers, {len(catalog.orgs)} organizations linked): "
        f"{first.seconds:.2f} s"
    )
    if skipped:
        lines.append(f"left out of the mix (nothing to open): {', '.join(skipped)}")
    lines += table(tally)
    lines += rss_table(before, after)
    if settled:
        lines += [f"after {args.settle:g} s more:"] + rss_table(before, settled)[1:]
    late = False
    for c in cycles:
        shown = f"{c.visible_s:.2f} s" if c.visible_s is not None else "not shown"
        late = late or c.visible_s is None or c.visible_s > VISIBLE_TARGET_S
        lines.append(
            f"re-ingest {c.cycle}: remove + re-ingest + add {c.seconds:.1f} s; new talk shown "
            f"after {shown}" + (f"; failed: {'; '.join(c.failed)}" if c.failed else "")
        )
    errors = sum(tally.errors.values())
    for message, count in tally.messages.most_common(SHOWN_ERRORS):
        lines.append(f"error ×{count}: {message}")
    lines.append(f"client: {client_cpu_s() - cpu0:.1f} s CPU (this process, user + sys)")
    result = {
        "target": t.http,
        "users": plan.users,
        "think_s": plan.think_s,
        "sessions": args.sessions,
        "first_page_s": first.seconds,
        "catalog": {k: len(getattr(catalog, k)) for k in ("talks", "speakers", "orgs")},
        "queries": len(catalog.queries.searches) + len(catalog.queries.plain),
        "pages": tally.rows(),
        "runs_per_s": (tally.runs - errors) / tally.elapsed,
        "elapsed_s": tally.elapsed,
        "errors": errors,
        "error_messages": dict(tally.messages),
        "rss_mb": {
            str(pid): {"name": describe(pid), "before": before.get(pid), "after": after.get(pid)}
            | ({"settled": settled.get(pid)} if settled else {})
            for pid in sorted(set(before) | set(after))
        },
        "reingest": [c.__dict__ | {"failed": list(c.failed)} for c in cycles],
    }
    ok = errors == 0 and not late and not any(c.failed for c in cycles)
    return lines, result, ok


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        plan = plan_of(args)
        if args.serve:
            port = args.port or free_port()
            private = bool(args.reingest)
            with served(args.home, args.docs, port, args.app_arg, sys.stdout, private) as s:

                def started() -> list[int]:
                    return args.pid or [p for p in session_pids(s.pid) if not _zombie(p)]

                lines, result, ok = asyncio.run(measure(args, s.target, plan, started, s.home))
        else:
            t = target(args.url, args.host, args.port if args.port or args.url else 8501)
            if not _healthy(t):
                raise LoadError(t.http, "no Streamlit server answers there (/_stcore/health)")

            def listening() -> list[int]:
                return args.pid or listening_pids(t.port)

            lines, result, ok = asyncio.run(measure(args, t, plan, listening, args.home))
    except LoadError as exc:
        sys.stderr.write(f"load: {exc.sentence()}\n")
        return 2
    sys.stdout.write("\n".join(lines) + "\n")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

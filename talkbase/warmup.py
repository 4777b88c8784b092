"""Warm an app process up before it takes visitors: one real browser session.

    python -m talkbase.warmup http://127.0.0.1:8601/ [http://127.0.0.1:8602/ ...]

`talkbase app` runs this (in a process of its own, so the command line does not pay
for importing Streamlit) once a replica answers its health check and before it
says it is serving (with `--replicas`, before HAProxy puts the replica in the
rotation). For each URL it opens one session as the frontend does (the health
check sets the XSRF cookie; a websocket on /_stcore/stream with the `streamlit`
subprotocol and the token), then runs the pages one after another as reruns with
their query strings, each until `script_finished`: the home page (which opens the
knowledge base and loads the model), a search, a search in plain words, the
program, now & next, a talk page, a speaker's and an organization's page, the agenda
with two saved talks, and browse (the topic map). What a first visitor would
otherwise wait for (the base, the model, the first query, the first chart, the topic
map, modules imported on first use) is then done, and the app keeps what it made
(`appviews.library`). The URLs are warmed at the same time.

A page failed when it shows an error: an exception or an error alert (`st.error`,
what the app draws when it cannot open the base). It prints one line per URL on
standard error (with `--json`, one JSON object per URL on standard output too) and
exits 1 when a page showed an error (a visitor would meet it: `talkbase app` then
refuses to say it serves), 3 when a session could not be opened or broke off.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, WebSocketError, websocket_connect

XSRF_COOKIE = "_streamlit_xsrf"
ERROR_CHARS = 400  # of an error a page shows, kept to say why
PAGE_S = 120.0  # one page run, the first included (the base and the model open)
SEARCH = "kernels"
PLAIN_SEARCH = "talks about making training faster on tuesday afternoon"
CLOSED = "the session closed"
_TALK = re.compile(r"-open-([0-9]{1,18})$")
_ICON = re.compile(r":material/(person|apartment):")
_MD_ESCAPE = re.compile(r"\\(.)")  # a label's markdown escapes (appviews.render.md_label)


@dataclass
class Warmed:
    """What one URL's warm-up did: the pages run (query, seconds), every error, and
    those of them a page showed (a visitor meets these; the others are the session's)."""

    url: str
    pages: list[tuple[str, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)

    def record(self) -> dict[str, object]:
        return {
            "url": self.url,
            "pages": len(self.pages),
            "errors": self.errors,
            "shown": self.shown,
        }

    def line(self) -> str:
        total = sum(s for _, s in self.pages)
        first = self.pages[0][1] if self.pages else 0.0
        said = (
            f"warmed up {self.url}: {len(self.pages)} pages in {total:.1f} s "
            f"(the first {first:.1f} s)"
        )
        return said + (f"; {len(self.errors)} failed: {self.errors[0]}" if self.errors else "")


@dataclass
class _Seen:
    talks: list[int] = field(default_factory=list)
    speakers: list[str] = field(default_factory=list)
    orgs: list[str] = field(default_factory=list)


def _xsrf(url: str, cookie: str | None = None) -> str | None:
    ask = urllib.request.Request(
        url + "_stcore/health", headers={"Cookie": cookie} if cookie else {}
    )
    with urllib.request.urlopen(ask, timeout=PAGE_S) as answer:
        for header in answer.headers.get_all("Set-Cookie") or ():
            name, _, rest = header.partition("=")
            if name.strip() == XSRF_COOKIE:
                return rest.split(";", 1)[0]
    return None


def _rerun(url: str, query: str, page_hash: str) -> bytes:
    msg = BackMsg()
    run = msg.rerun_script
    run.query_string = query
    run.page_script_hash = page_hash
    run.context_info.url = url + (f"?{query}" if query else "")
    run.context_info.timezone = "UTC"
    run.context_info.locale = "en-US"
    return msg.SerializeToString()


def _read(el: object, seen: _Seen) -> str | None:
    """Note the talks, speakers and organizations an element links to; its error, if any."""
    kind = el.WhichOneof("type")  # type: ignore[attr-defined]
    if kind == "exception":
        return f"{el.exception.type}: {el.exception.message}"[:ERROR_CHARS]  # type: ignore[attr-defined]
    if kind == "alert" and el.alert.format == Alert.ERROR:  # type: ignore[attr-defined]
        return _MD_ESCAPE.sub(r"\1", el.alert.body)[:ERROR_CHARS]  # type: ignore[attr-defined]
    if kind == "button":
        found = _TALK.search(el.button.id)  # type: ignore[attr-defined]
        if found:
            seen.talks.append(int(found.group(1)))
    elif kind == "button_group":
        for option in el.button_group.options:  # type: ignore[attr-defined]
            icon = _ICON.search(option.content_icon)
            if icon:
                name = _MD_ESCAPE.sub(r"\1", option.content)
                (seen.speakers if icon.group(1) == "person" else seen.orgs).append(name)
    return None


class _Session:
    def __init__(self, url: str, ws: WebSocketClientConnection) -> None:
        self.url, self.ws, self.page_hash = url, ws, ""

    async def page(self, query: str, seen: _Seen) -> str | None:
        """Run one page; its error, or None."""
        await self.ws.write_message(_rerun(self.url, query, self.page_hash), binary=True)
        error = None
        while True:
            raw = await asyncio.wait_for(self.ws.read_message(), PAGE_S)
            if raw is None:
                return CLOSED
            if isinstance(raw, str):
                continue
            msg = ForwardMsg()
            msg.ParseFromString(raw)
            what = msg.WhichOneof("type")
            if what == "new_session":
                self.page_hash = msg.new_session.page_script_hash
            elif what == "delta" and msg.delta.WhichOneof("type") == "new_element":
                error = error or _read(msg.delta.new_element, seen)
            elif what == "script_finished":
                if msg.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    continue
                return error


async def _connect(url: str, cookie: str | None = None) -> WebSocketClientConnection:
    token = await asyncio.to_thread(_xsrf, url, cookie)
    parts = urlsplit(url)
    ws_url = f"ws://{parts.netloc}{parts.path}_stcore/stream"
    headers = {"Origin": f"http://{parts.netloc}"}
    cookies = [cookie] if cookie else []
    if token:
        cookies.append(f"{XSRF_COOKIE}={token}")
    if cookies:
        headers["Cookie"] = "; ".join(cookies)
    request = HTTPRequest(ws_url, headers=headers, connect_timeout=PAGE_S)
    protocols = ["streamlit"] + ([token] if token else [])
    return await websocket_connect(request, subprotocols=protocols, max_message_size=1 << 30)


def _pages(seen: _Seen) -> list[str]:
    """The pages that follow the home page, from what the pages before linked to."""
    out = [urlencode({"q": SEARCH}), urlencode({"q": PLAIN_SEARCH}), "view=program", "view=now"]
    if seen.talks:
        out.append(urlencode({"talk": seen.talks[0]}))
    return out


async def warm(url: str, cookie: str | None = None, pages: int | None = None) -> Warmed:
    """One session through `url`'s pages (see the module's text); `cookie` goes with
    every request (a proxy's sticky cookie: one replica behind it), `pages` stops
    after that many."""
    url = url if url.endswith("/") else url + "/"
    done = Warmed(url)
    try:
        session = _Session(url, await _connect(url, cookie))
    except (OSError, TimeoutError, HTTPClientError, WebSocketError) as exc:
        done.errors.append(f"no session ({type(exc).__name__}: {exc})")
        return done
    seen = _Seen()
    queue = [""]
    asked: set[str] = set()
    try:
        while queue and (pages is None or len(done.pages) < pages):
            query = queue.pop(0)
            if query in asked:
                continue
            asked.add(query)
            start = time.monotonic()
            broke = None
            try:
                error = await session.page(query, seen)
            except (OSError, TimeoutError, HTTPClientError, WebSocketError) as exc:
                error = broke = f"{type(exc).__name__}: {exc}"
            done.pages.append((query, time.monotonic() - start))
            if error:
                done.errors.append(f"?{query}: {error}")
                if broke is None and error != CLOSED:
                    done.shown.append(f"?{query}: {error}")
            if query == "":
                queue += _pages(seen)
            elif query.startswith("talk="):
                queue += [urlencode({"speaker": s}) for s in seen.speakers[:1]]
                queue += [urlencode({"org": o}) for o in seen.orgs[:1]]
                saved = "-".join(str(t) for t in list(dict.fromkeys(seen.talks))[:2])
                queue.append(urlencode({"view": "agenda", "saved": saved}))
                queue.append("view=browse")
    finally:
        session.ws.close()
    return done


async def warm_all(urls: Sequence[str]) -> list[Warmed]:
    return list(await asyncio.gather(*(warm(u) for u in urls)))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m talkbase.warmup", description=__doc__)
    p.add_argument("urls", nargs="+", help="a served app's address, e.g. http://127.0.0.1:8601/")
    p.add_argument("--json", action="store_true", help="one JSON object per URL on stdout")
    args = p.parse_args(argv)
    results = asyncio.run(warm_all(args.urls))
    for r in results:
        sys.stderr.write(f"talkbase app: {r.line()}\n")
        if args.json:
            sys.stdout.write(json.dumps(r.record()) + "\n")
    if any(r.shown for r in results):
        return 1
    return 3 if any(r.errors or not r.pages for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())

"""A talk's own links (its page, slides, video, ...) as (label, URL) pairs, each URL
checked where it comes in: an absolute http or https address with a host, no
spaces or control characters, at most MAX_URL characters. Anything else (a
`javascript:` or `file:` address, a relative path, text) is no link."""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from ingest.html import inline

MAX_URL = 2048
MAX_LINKS = 50  # of one talk
MAX_LABEL = 200
_BAD = re.compile(r"[\s\x00-\x1f\x7f<>\"\ud800-\udfff]")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")


def web_url(text: object) -> str | None:
    """`text` as an http(s) URL, or None when it is not one."""
    if not isinstance(text, str):
        return None
    url = text.strip()
    if not url or len(url) > MAX_URL or _BAD.search(url):
        return None
    try:
        parts = urlsplit(url)
        port_ok = parts.port is None or 0 < parts.port < 65536
    except ValueError:  # a malformed host or port
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or not port_ok:
        return None
    return url


def link_pairs(items: Iterable[tuple[object, object]]) -> tuple[tuple[tuple[str, str], ...], int]:
    """The (label, url) pairs whose URL is a web address, each URL once, the first
    label kept; and how many were refused: addresses of another scheme
    (`javascript:`, `file:`, `data:`). A relative path (`/media/...` with no site
    named) and an empty placeholder ("http://", FOSDEM 2019 has nine) are no
    address and are left out without counting."""
    out: dict[str, str] = {}
    refused = 0
    for label, raw in items:
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            continue
        url = web_url(raw)
        if url is None:
            scheme = _SCHEME.match(raw.strip()) if isinstance(raw, str) else None
            refused += scheme is not None and scheme.group(1).lower() not in ("http", "https")
        elif url not in out and len(out) < MAX_LINKS:
            out[url] = (inline(label if isinstance(label, str) else "") or "Link")[:MAX_LABEL]
    return tuple((label, url) for url, label in out.items()), refused

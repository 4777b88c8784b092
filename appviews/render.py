"""Safe building blocks: program text only ever reaches the page escaped.

- `st.text` and dataframes show text verbatim, nothing is interpreted;
- the `*_html` helpers build HTML from `html.escape`d text (and <mark> around
  matched words) for st.html, which also sanitises what it receives;
- Markdown elements (captions, labels, headers) only ever carry the app's own
  words and numbers.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import streamlit as st

from talkbase import evidence
from talkbase.records import Speaker, Talk

CSS = """<style>
.tb-title { font-size: 1.15rem; font-weight: 600; margin: 0 0 .15rem 0; line-height: 1.35; }
.tb-title-big { font-size: 1.7rem; font-weight: 700; margin: 0 0 .3rem 0; line-height: 1.25; }
.tb-meta { color: rgba(49, 51, 63, .75); font-size: .92rem; }
.tb-badge { display: inline-block; padding: 0 .5rem; border-radius: .6rem; font-size: .8rem;
            background: #e8eefc; color: #1f3b8f; margin-left: .35rem; }
.tb-quote { border-left: 3px solid #d0d7e5; padding-left: .6rem; margin: .3rem 0;
            font-size: .95rem; }
.tb-why { color: rgba(49, 51, 63, .7); font-size: .85rem; }
.tb-warn { color: #9a3412; font-size: .9rem; }
.tb-ok { color: #166534; font-size: .9rem; }
mark { background: #fde68a; padding: 0 .1rem; border-radius: .15rem; }
</style>"""

def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def style() -> None:
    st.html(CSS)


def speakers_line(speakers: Iterable[Speaker]) -> str:
    return ", ".join(s.label for s in speakers) or "Speakers not given"


def when(t: Talk) -> str:
    if t.start and t.end:
        return f"{t.start:%a %d %b %H:%M}–{t.end:%H:%M}"
    if t.start:
        return f"{t.start:%a %d %b %H:%M}"
    return "Time not given"


def meta_html(t: Talk) -> str:
    """Day, time, room, and the track as a badge."""
    parts = [esc(when(t)), esc(t.room or "Room not given")]
    badge = f'<span class="tb-badge">{esc(t.track)}</span>' if t.track else ""
    return f'<div class="tb-meta">{" · ".join(parts)}{badge}</div>'


def title_html(title: str, terms: Iterable[str] = (), big: bool = False) -> str:
    cls = "tb-title-big" if big else "tb-title"
    return f'<div class="{cls}">{evidence.as_html(evidence.highlight(title, terms))}</div>'


def quote_html(sentence: str, terms: Iterable[str]) -> str:
    return f'<div class="tb-quote">{evidence.as_html(evidence.highlight(sentence, terms))}</div>'


def line_html(text: str, cls: str) -> str:
    return f'<div class="{cls}">{esc(text)}</div>'

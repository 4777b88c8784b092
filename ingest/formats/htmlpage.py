"""A program published as a web page: its headings, lists, tables and paragraphs
written out as the Markdown they stand for ("<h2>Saturday 8 November 2025</h2>" is
"## Saturday 8 November 2025", "<li>" a list line, "<tr>" a table row) and read by
the Markdown reader (ingest/formats/markdown.py): day headings, timed list lines,
tables with a title column under a day heading.

A page is one when it is an HTML document (a doctype, an `<html>` or `<body>` tag).
Its navigation, header, footer, scripts and styles are left out. A page whose
program is in its schema.org data is read by ingest/formats/jsonld.py first. A page
whose Markdown names no session time and no speaker holds no program (any page has
headings and paragraphs) and is refused, as is one the Markdown reader refuses, in a
sentence naming the page (and the line of its text as read).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from ingest.formats import markdown
from ingest.formats.registry import Format, Options, Result, register
from talkbase.core.errors import InputError

NAME = "html"
_PAGE = re.compile(r"<!doctype\s+html|<html[\s>]|<body[\s>]", re.IGNORECASE)
_LEFT_OUT = frozenset("script style nav header footer noscript template svg form".split())
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_BREAKS = frozenset("p div section article main br dl dt dd blockquote ul ol table".split())


class _Markdown(HTMLParser):
    """The page's text as Markdown lines."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line: list[str] = []
        self.left_out = 0  # depth inside an element left out
        self.cells: list[str] | None = None  # the cells of the table row being read

    def _end_line(self) -> None:
        text = " ".join("".join(self.line).split())
        if text:
            self.lines.append(text)
        self.line = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _LEFT_OUT:
            self.left_out += 1
        if self.left_out:
            return
        if tag in _HEADINGS:
            self._end_line()
            self.lines.append("")
            self.line = ["#" * _HEADINGS[tag] + " "]
        elif tag == "li":
            self._end_line()
            self.line = ["- "]
        elif tag == "tr":
            self._end_line()
            self.cells = []
        elif tag in ("td", "th") and self.cells is not None:
            self.line = []
        elif self.cells is not None:
            self.line.append(" ")  # (a cell's parts: "Title<br>Speaker", "<span>s")
        elif tag in _BREAKS:
            self._end_line()

    def handle_endtag(self, tag: str) -> None:
        if tag in _LEFT_OUT:
            self.left_out = max(0, self.left_out - 1)
            return
        if self.left_out:
            return
        if tag in ("td", "th") and self.cells is not None:
            self.cells.append(" ".join("".join(self.line).split()).replace("|", "/"))
            self.line = []
        elif tag == "tr" and self.cells is not None:
            row = "| " + " | ".join(self.cells) + " |"
            self.lines.append(row)
            if len(self.lines) < 2 or not self.lines[-2].startswith("|"):
                self.lines.append("|" + "---|" * len(self.cells))  # a header row's rule
            self.cells = None
        elif tag in _HEADINGS:
            self._end_line()
            self.lines.append("")
        elif tag in _BREAKS or tag == "li":
            self._end_line()

    def handle_data(self, data: str) -> None:
        if not self.left_out:
            self.line.append(data.replace("\x00", ""))


def to_markdown(page: str) -> str:
    """The Markdown a page's markup stands for."""
    parser = _Markdown()
    try:
        parser.feed(page)
        parser.close()
    except (AssertionError, ValueError):  # the stdlib parser gave up: no page to read
        return ""
    parser._end_line()
    return "\n".join(parser.lines) + "\n"


def looks_like(text: str) -> bool:
    return bool(_PAGE.search(text[:4096]))


def _parse(text: str, document: str, options: Options) -> Result:
    written = to_markdown(text)
    if not written.strip():
        raise InputError(document, "a web page with no text to read a program from", "line 1")
    try:
        talks, warnings = markdown.parse(written, document, options.default_tz)
    except InputError as exc:
        raise InputError(
            document, f"{exc.problem} (in the page's text, read as Markdown)", exc.where
        ) from exc
    if not any(t.start or t.speakers for t in talks):
        # (any page has headings and paragraphs: a program says when, or who speaks)
        raise InputError(
            document,
            "a web page whose headings and lists name no session time and no speaker "
            "(in the page's text, read as Markdown): no program found",
            "line 1",
        )
    return talks, warnings


register(Format(NAME, 95, looks_like, _parse, suffixes=(".html", ".htm")))

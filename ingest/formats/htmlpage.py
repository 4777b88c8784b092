"""A program published as a web page: its headings, lists, tables and paragraphs
written out as the Markdown they stand for ("<h2>Saturday 8 November 2025</h2>" is
"## Saturday 8 November 2025", "<li>" a list line, "<tr>" a table row) and read by
the Markdown reader (ingest/formats/markdown.py): day headings, timed list lines,
tables with a title column under a day heading.

A page is one when it begins as an HTML document does (a doctype, an `<html>`,
`<head>` or `<body>` tag, after comments). Its navigation, footer, scripts and styles
are left out; cells and rows whose end tags HTML lets a page leave out are closed by
the next one; a `<pre>` block's lines are list lines. A page whose
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
# a document that begins as a page does (a Markdown program may name "<body>" in a title)
_PAGE = re.compile(
    r"\A\ufeff?\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])",
    re.IGNORECASE | re.DOTALL,
)
_LEFT_OUT = frozenset("script style nav footer noscript template svg form".split())
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
        self.in_cell = False  # (HTML may leave a cell's and a row's end tags out)
        self.pre = 0  # depth inside <pre>: its lines are lines

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
            self._end_row()
            self._end_line()
            self.cells = []
        elif tag in ("td", "th"):
            if self.cells is None:  # (a cell without its row's tag)
                self._end_line()
                self.cells = []
            self._end_cell()
            self.line, self.in_cell = [], True
        elif tag == "pre":
            self._end_line()
            self.pre += 1
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
        if tag in ("td", "th"):
            self._end_cell()
        elif tag in ("tr", "table"):
            self._end_row()
        elif tag == "pre":
            self._end_line()
            self.pre = max(0, self.pre - 1)
        elif tag in _HEADINGS:
            self._end_line()
            self.lines.append("")
        elif tag in _BREAKS or tag == "li":
            self._end_line()

    def _end_cell(self) -> None:
        if self.in_cell and self.cells is not None:
            self.cells.append(" ".join("".join(self.line).split()).replace("|", "/"))
            self.line = []
        self.in_cell = False

    def _end_row(self) -> None:
        """The row being read written out as a table row (after a header row's rule,
        where it is the table's first)."""
        self._end_cell()
        if self.cells:
            before = self.lines[-1] if self.lines else ""
            self.lines.append("| " + " | ".join(self.cells) + " |")
            if not before.startswith("|"):
                self.lines.append("|" + "---|" * len(self.cells))
        self.cells = None

    def handle_data(self, data: str) -> None:
        if self.left_out:
            return
        data = data.replace("\x00", "")
        if self.pre and "\n" in data:  # a preformatted program's lines: list lines
            first, *rest = data.split("\n")
            self.line.append(first)
            for part in rest:
                self._end_line()
                self.line.append(f"- {part}" if part.strip() else "")
            return
        self.line.append(data)


def to_markdown(page: str) -> str:
    """The Markdown a page's markup stands for."""
    parser = _Markdown()
    try:
        parser.feed(page)
        parser.close()
    except (AssertionError, ValueError):  # the stdlib parser gave up: no page to read
        return ""
    parser._end_row()
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

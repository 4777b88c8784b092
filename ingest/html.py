"""HTML and odd markup to plain text, for the schedule parsers.

Schedule exports put HTML in abstracts ("<p>We show&nbsp;how&hellip;</p>"),
double-escape entities ("&amp;amp;") or send plain text with CRLF. `plain`
turns any of these into text with paragraphs separated by one blank line;
`inline` does the same for one-line fields such as titles and rooms, and
`text_of` reads any JSON value as text. Letters
are never changed: German, French or any other text is kept as it is.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from html.parser import HTMLParser

from talkbase.core.languages import language_code

_BLOCK = frozenset(
    [
        "p",
        "div",
        "section",
        "article",
        "header",
        "footer",
        "blockquote",
        "pre",
        "table",
        "tr",
        "ul",
        "ol",
        "dl",
        "dd",
        "dt",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "hr",
        "figure",
        "details",
        "summary",
        "main",
        "aside",
        "nav",
        "address",
        "fieldset",
        "form",
    ]
)
_SKIP = frozenset(["script", "style", "head", "title", "template", "noscript", "svg", "iframe"])
_KNOWN_TAG = re.compile(
    r"</?(?:p|br|div|span|a|em|strong|b|i|u|ul|ol|li|h[1-6]|blockquote|pre|code|table|tr|td|th"
    r"|img|hr|section|article|sup|sub|small|font|script|style|html|body|dl|dt|dd)\b[^<>]*>",
    re.IGNORECASE,
)
_ENTITY = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});")
_SPACES = re.compile(r"[ \t\f\v\u00a0\u202f\u2007\u200b\ufeff]+")
_LIST_ITEM = re.compile(r"^(?:[-*\u2022]\s|\d{1,3}[.)]\s)")
# Paragraph and line markers the HTML walker emits; they survive whitespace cleaning.
_PARA, _LINE = "\x00P\x00", "\x00L\x00"


class _Text(HTMLParser):
    def __init__(self, skip: frozenset[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = skip
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.skip:
            self.skipping += 1
        elif tag == "br":
            self.out.append(_LINE)
        elif tag == "li":
            self.out.append(_LINE + "- ")
        elif tag in ("td", "th"):
            self.out.append(" ")
        elif tag in _BLOCK:
            self.out.append(_PARA)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.skip:
            self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.skip:
            self.skipping = max(0, self.skipping - 1)
        elif tag in _BLOCK:
            self.out.append(_PARA)
        elif tag == "li":
            self.out.append(_LINE)

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.out.append(data.replace("\x00", ""))


def looks_like_html(text: str) -> bool:
    return bool(_KNOWN_TAG.search(text))


def html_to_text(markup: str) -> str:
    """Text of an HTML fragment: scripts and styles dropped, paragraphs kept."""
    low = markup.lower()
    # Only elements that are closed are dropped: "the <script> tag" is text, kept as such.
    for tag in (t for t in ("script", "style") if f"<{t}" in low and f"</{t}" not in low):
        markup = re.sub(rf"<(?={tag}\b)", "&lt;", markup, flags=re.IGNORECASE)
    parser = _Text(frozenset(t for t in _SKIP if f"</{t}" in low))
    try:
        parser.feed(markup.replace("\x00", ""))
        parser.close()
        raw = "".join(parser.out)
    except (AssertionError, ValueError):  # the stdlib parser gave up: strip tags instead
        raw = html.unescape(re.sub(r"<[^<>]*>", " ", markup))
    return _normalise(raw, markup_breaks=True)


def _normalise(text: str, markup_breaks: bool = False) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if markup_breaks:
        # Source newlines inside HTML are plain spaces; only tags break lines. Elsewhere a
        # single newline is a soft wrap, except before a list item.
        text = text.replace("\n", " ")
        text = re.sub(f"(?:{_LINE}\\s*)+", _LINE, text)  # "</li><li>" is one line break
        text = text.replace(_PARA, "\n\n").replace(_LINE, "\n")
    paragraphs: list[str] = []
    for block in re.split(r"\n[ \t\f\v\u00a0]*\n", text):
        lines: list[str] = []
        for raw in block.split("\n"):
            line = _SPACES.sub(" ", raw).strip()
            if not line:
                continue
            if lines and not markup_breaks and not _LIST_ITEM.match(line):
                lines[-1] += " " + line
            else:
                lines.append(line)
        if lines:
            paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


# Whether the text being read is a page's text as shown (`as_shown`)
_SHOWN: ContextVar[bool] = ContextVar("shown", default=False)


@contextmanager
def as_shown() -> Iterator[None]:
    """Within: the fields read are a web page's text as the page shows it, its markup
    already read and its entities decoded (ingest/formats/htmlpage.py), so `plain`
    takes no "<div>" or "&amp;" in them for markup or an entity: the page's
    "Why &lt;div&gt; soup hurts" is the title "Why <div> soup hurts"."""
    token = _SHOWN.set(True)
    try:
        yield
    finally:
        _SHOWN.reset(token)


def plain(value: object) -> str:
    """Plain text of a field that may hold HTML, entities or odd whitespace."""
    if value is None:
        return ""
    text = str(value).replace("\x00", "")
    if _SHOWN.get():
        return _normalise(text)
    if looks_like_html(text):
        return html_to_text(text)
    if _ENTITY.search(text):
        text = html.unescape(text)
        if looks_like_html(text):  # it was escaped HTML ("&lt;p&gt;...")
            return html_to_text(text)
    return _normalise(text)


def text_of(value: object) -> str:
    """Text of a JSON value: lists joined with " | ", objects by their name or their
    English translation (pretalx writes {"en": ..., "de": ...}), Sessionize
    categories by their items; a translation (every key a language) whose English
    is empty by the first language that says something (OpenAgenda's {"fr": "...",
    "en": ""}); an object with none of those keys by its first text. An object whose
    name is empty says nothing: not its id nor its colour."""
    if value is None or isinstance(value, bool):
        return ""
    if isinstance(value, list):
        return " | ".join(t for t in map(text_of, value) if t)
    if isinstance(value, dict):
        named = [key for key in ("categoryItems", "name", "en", "title") if key in value]
        if said := next((s for key in named if (s := text_of(value[key]))), ""):
            return said
        if named and not all(language_code(str(k)) for k in value):
            return ""
        return next((text_of(v) for v in value.values() if isinstance(v, str) and v.strip()), "")
    return str(value)


def inline(value: object) -> str:
    """One line of plain text (titles, names, rooms)."""
    return " ".join(plain(value).split())

"""A program published as a web page: its headings, lists, tables and paragraphs
written out as the Markdown they stand for ("<h2>Saturday 8 November 2025</h2>" is
"## Saturday 8 November 2025", "<li>" a list line, "<tr>" a table row) and read by
the Markdown reader (ingest/formats/markdown.py): day headings, timed list lines,
tables with a title column under a day heading.

A page is one when it begins as an HTML document does (a doctype, an `<html>`,
`<head>` or `<body>` tag, after comments). Its navigation, footer, scripts and styles
are left out, and so is an `<aside>` outside any `<article>` (the page's sidebar; one
inside an article is of its talk); cells and rows whose end tags HTML lets a page leave
out are closed by the next one; a `<pre>` block's lines are list lines.

What the page itself says decides the rest:

- a table whose header row names no field (`columns.resolve`: "Hall A", "Hall B", not
  "Title" or "Speaker") above a first column of clock times is a room x time grid
  (`_grid`), unless a column's cells are all rooms' names or all people's (a table
  of fields in a language the header is not read in): each cell a talk in its
  column's room at its row's time, its first line
  the title, a next line of names its speakers (a cell of one line read as a list
  line's text is, "Title — Speaker (Org)", where half of the grid's cells of one line
  or more name speakers so: `_one_line`); a cell spanning columns is one talk
  in each room it spans, one spanning rows lasts to the last row's end; an empty
  cell is no talk. It is written as the table of talks it stands for.
- in any other table, a cell spanning rows gives its text to each row it spans (the
  time of talks side by side), and one spanning columns keeps the next cells under
  their headers (`_spread`).
- a row of one cell spanning the whole table (a break, "<td colspan=5>Coffee break</td>",
  or a section's heading) is no talk: the table is read as its parts above and below
  it, each under the header row, and the row is left out, or, where it is a day, is
  the day of the rows below it as a paragraph above a table is (`_sections`).
- a paragraph or heading that is a day and a remark with no clock time ("Thursday 21
  November 2024 · all times CET") is the day (`_days`): a paragraph so above a table
  or a list is their day heading, the remark a line of its own; a time zone such
  lines state is the times' zone where the text names none at its opening.
- a line of parts ("10:00–10:45 · Hörsaal 1 · Track: Web") whose part is labelled by
  a name a table's column takes (`columns.resolve`: "Track", "Raum", "Sprecher")
  gives that field as a labelled line ("Track: Web"), as the Markdown reader reads one.
- the conference is the one part of the page's `<title>` that names a year, is no
  date and is its heading too ("DevFest İstanbul 2026 - Program" under an `<h1>`
  "DevFest İstanbul 2026"), else the part that is no date and that
  none of its headings holds ("Agenda — DataEngConf 2024": the page's own name is its
  heading's), or else its `og:site_name`; where none decides, the Markdown reader's.

A page whose
program is in its schema.org data is read by ingest/formats/jsonld.py first. A page
whose Markdown names no session time and no speaker holds no program (any page has
headings and paragraphs) and is refused, as is one the Markdown reader refuses, in a
sentence naming the page (and the line of its text as read).

A page cut short (a download or a save that stopped) is told from one that merely
leaves out its last end tags by what is left open where it ends (`_cut`): a tag or a
comment ("…Ansible<"), or a table, a list, a `<pre>` or an `<article>`, whose end tags
HTML requires. Its last talk is kept, with a warning that it may be incomplete
(`registry.CutShort`): it never replaces a stored version of itself that it would
take talks or a field of that talk from (index/build/identity.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, tzinfo
from html.parser import HTMLParser

from ingest import when
from ingest.formats import htmlcards, markdown, registry
from ingest.formats.columns import resolve
from ingest.formats.mdparts import (
    CLOCK_RANGE,
    HAS_CLOCK,
    LABEL,
    date_of,
    document_years,
    names_line,
    read_bullet,
    room_named,
    spoken_day,
    stated_zone,
    title_zone,
    zone_said,
)
from ingest.formats.registry import Format, Options, Result, ZoneUnread, register
from ingest.html import as_shown
from ingest.speakers import name_shaped
from talkbase.core import languages
from talkbase.core.errors import InputError
from talkbase.core.terms import ascii_digits, fold

NAME = "html"
# a document that begins as a page does (a Markdown program may name "<body>" in a title)
_PAGE = re.compile(
    r"\A\ufeff?\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>])",
    re.IGNORECASE | re.DOTALL,
)
_LEFT_OUT = frozenset("script style nav footer noscript template svg form".split())
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_BREAKS = frozenset("p div section article main br dl dt dd blockquote ul ol table".split())
# what breaks a cell's text into its lines ("<b>Title</b><br>Speaker")
_CELL_LINES = _BREAKS | frozenset(_HEADINGS) | {"li", "pre", "hr"}
_STRUCK = frozenset(("del", "s", "strike"))  # text struck through: written "~~text~~"
_MAX_SPAN = 100  # the most columns or rows one cell is taken to span
# the elements that hold a program's talks and whose end tags HTML requires: one left
# open where a page ends says it is cut short (`_cut`), by what it is left open inside
_HOLDING = {
    "table": "a table",
    "ul": "a list",
    "ol": "a list",
    "dl": "a list",
    "pre": "a preformatted block",
    "article": "an article",
}
_ENDED = re.compile(r"</(?:html|body)\s*>\s*\Z", re.IGNORECASE)  # a page's last end tags


@dataclass(frozen=True)
class _Cell:
    """A table cell: its lines, and how many columns and rows it spans."""

    parts: tuple[str, ...]
    cols: int = 1
    rows: int = 1

    @property
    def text(self) -> str:
        return " ".join(self.parts).replace("|", "/")


def _span(attrs: list[tuple[str, str | None]], name: str) -> int:
    value = dict(attrs).get(name) or ""
    return min(int(value), _MAX_SPAN) if value.strip().isdigit() and int(value) > 0 else 1


class _Markdown(HTMLParser):
    """The page's text as Markdown lines."""

    def __init__(self, langs: tuple[str, ...] = ("en",)) -> None:
        super().__init__(convert_charrefs=True)
        self.langs = langs  # the languages its days are read in
        self.lines: list[str] = []
        self.line: list[str] = []
        self.left_out = 0  # depth inside an element left out
        self.table: list[list[_Cell]] = []  # the rows of the table being read
        self.cells: list[_Cell] | None = None  # the cells of the table row being read
        self.in_cell = False  # (HTML may leave a cell's and a row's end tags out)
        self.span = (1, 1)  # the columns and rows the cell being read spans
        self.pre = 0  # depth inside <pre>: its lines are lines
        self.article = 0  # depth inside <article>
        self.asides: list[bool] = []  # of each open <aside>: whether it is left out
        self.in_article: set[int] = set()  # the lines written inside an <article>
        self.title: list[str] | None = None  # the <title>'s text, while it is read
        self.titled = ""  # the <title>'s text, read
        self.site = ""  # the page's og:site_name
        self.open: dict[str, int] = {}  # of each element of `_HOLDING`: how many are open
        self.across: set[int] = set()  # the lines of rows across a table (`_sections`)

    def _put(self, line: str) -> None:
        self._end_table()
        if self.article:
            self.in_article.add(len(self.lines))
        self.lines.append(line)

    def _end_line(self) -> None:
        text = " ".join("".join(self.line).split())
        if text:
            self._put(text)
        self.line = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HOLDING and not self.left_out:
            self.open[tag] = self.open.get(tag, 0) + 1
        if tag == "aside":
            self.asides.append(bool(self.left_out or not self.article))
            self.left_out += self.asides[-1]
        elif tag in _LEFT_OUT:
            self.left_out += 1
        if self.left_out:
            return
        if tag == "title" and not self.titled:
            self.title = []
        elif tag == "meta" and (dict(attrs).get("property") or "").lower() == "og:site_name":
            self.site = " ".join((dict(attrs).get("content") or "").split())
        elif tag == "article":
            self.article += 1
        if tag in _STRUCK:
            self.line.append("~~")  # (a talk struck through: called off, as Markdown's)
        elif self.in_cell and tag in _CELL_LINES:
            self.line.append("\n")  # (a cell's lines: "Title<br>Speaker")
        elif self.in_cell and tag not in ("tr", "td", "th", "table"):
            self.line.append(" ")  # (a cell's parts: "<span>s")
        elif tag in _HEADINGS:
            self._end_line()
            self._put("")
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
            self.span = (_span(attrs, "colspan"), _span(attrs, "rowspan"))
        elif tag == "pre":
            self._end_line()
            self.pre += 1
        elif self.cells is not None:
            self.line.append(" ")  # (between a row's cells)
        elif tag == "table":
            self._end_line()
            self._end_table()
        elif tag in _BREAKS:
            self._end_line()

    def handle_endtag(self, tag: str) -> None:
        if tag in _HOLDING and not self.left_out:
            self.open[tag] = max(0, self.open.get(tag, 0) - 1)
        if tag == "aside" and self.asides:
            self.left_out = max(0, self.left_out - self.asides.pop())
            return
        if tag in _LEFT_OUT:
            self.left_out = max(0, self.left_out - 1)
            return
        if self.left_out:
            return
        if tag == "title" and self.title is not None:
            self.titled, self.title = " ".join("".join(self.title).split()), None
        elif tag == "article":
            self.article = max(0, self.article - 1)
        if tag in _STRUCK:
            self.line.append("~~")
        elif self.in_cell and tag in _CELL_LINES and tag != "table":
            self.line.append("\n")
        elif tag in ("td", "th"):
            self._end_cell()
        elif tag == "tr":
            self._end_row()
        elif tag == "table":
            self._end_row()
            self._end_table()
        elif tag == "pre":
            self._end_line()
            self.pre = max(0, self.pre - 1)
        elif tag in _HEADINGS:
            self._end_line()
            self._put("")
        elif tag in _BREAKS or tag == "li":
            self._end_line()

    def _end_cell(self) -> None:
        if self.in_cell and self.cells is not None:
            parts = (" ".join(p.split()) for p in "".join(self.line).split("\n"))
            self.cells.append(_Cell(tuple(p for p in parts if p), *self.span))
            self.line = []
        self.in_cell = False

    def _end_row(self) -> None:
        self._end_cell()
        if self.cells:
            self.table.append(self.cells)
        self.cells = None

    def _end_table(self) -> None:
        """The rows read written out as a table's rows (after a header row's rule,
        where they begin one), or as the table of talks a grid stands for."""
        rows, self.table = self.table, []
        for said, part in _sections(rows):
            if said:  # (a day is read as a paragraph above a table is: `_days`)
                self.across.add(len(self.lines))
                self.lines.append(said)
            if not part:
                continue
            written = _grid(part, self.langs) or _spread(part)
            for n, cells in enumerate(written):
                before = self.lines[-1] if self.lines else ""
                self.lines.append("| " + " | ".join(cells) + " |")
                if n == 0 and not before.startswith("|"):
                    self.lines.append("|" + "---|" * len(cells))

    def handle_data(self, data: str) -> None:
        if self.title is not None:
            self.title.append(data)
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


def _sections(rows: list[list[_Cell]]) -> list[tuple[str, list[list[_Cell]]]]:
    """A table's rows cut at each row of one cell spanning the whole table, which is no
    talk: a break ("<td colspan=5>Coffee break</td>") or a section's heading (a day, a
    track). Each part: the text of the row above it ("" for the first) and its rows,
    under the table's header row again (none where no row follows). `_days` reads a
    row that is a day as the day of the rows below it, as it reads a paragraph above a
    table, and leaves out any other (a blank line between the parts)."""
    width = max((sum(c.cols for c in row) for row in rows if len(row) > 1), default=0)
    across = {r for r, row in enumerate(rows) if len(row) == 1 and row[0].cols >= width > 1}
    if not across:
        return [("", rows)]
    head = min(set(range(len(rows))) - across)  # (rows above it: a caption, a day)
    out: list[tuple[str, list[list[_Cell]]]] = [("", [])]
    for r, row in enumerate(rows):
        if r in across:
            out.append((row[0].text, []))
        elif r > head and not out[-1][1]:
            out[-1][1].extend((rows[head], row))
        else:
            out[-1][1].append(row)
    return out


def _spread(rows: list[list[_Cell]]) -> list[list[str]]:
    """A table's rows as the cells of a plain table: a cell spanning rows gives its
    text to each row it spans, in its column ("<td rowspan=2>10:00</td>": the time of
    two talks side by side), and one spanning columns fills the first of them, the
    others left empty, so that every cell stays under its column's header. A cell's
    lines stay lines (`_lines_apart`)."""
    height = len(rows)
    at: dict[tuple[int, int], tuple[str, ...]] = {}
    for r, row in enumerate(rows):
        c = 0
        for cell in row:
            while (r, c) in at:
                c += 1
            for dr in range(min(cell.rows, height - r)):
                for dc in range(cell.cols):
                    at.setdefault((r + dr, c + dc), cell.parts if dc == 0 else ())
            c += cell.cols
    width = 1 + max((c for _, c in at), default=-1)
    return _lines_apart([[at.get((r, c), ()) for c in range(width)] for r in range(height)])


def _lines_apart(rows: list[list[tuple[str, ...]]]) -> list[list[str]]:
    """A table's cells, each given as its lines, written as a Markdown table's: a
    cell's lines joined by "<br>", the line break the table reader reads
    (ingest/formats/table.py: two people, or a name over an organisation, in a
    speaker cell), the header's by blanks. Where the header names the title's column
    but not the speakers' or the abstract's, a title cell's lines are the title, a
    next line of names its speakers, the lines after it the abstract ("<b>Streaming
    ETL with Flink</b><br><i>Kadri Tamm</i><br>Macros and tests…", as a grid's cells
    are read: `_grid`), and a title cell of one line "Title — Speaker" is read as
    a grid's is (`_one_line`), where half of those cells name speakers so."""
    text = [[[p.replace("|", "/") for p in cell] for cell in row] for row in rows]
    if not text:
        return []
    head = [" ".join(cell) for cell in text[0]]
    cols = resolve(head)
    at = head.index(cols["title"]) if "title" in cols and cols["title"] in head else None
    wanted = [f for f in ("speakers", "abstract") if f not in cols]
    body = text[1:]
    plain = [head] + [["<br>".join(cell) for cell in row] for row in body]
    if at is None or not wanted:
        return plain
    ones = [_one_line(r[at][0]) for r in body if at < len(r) and len(r[at]) == 1]
    split = "speakers" in wanted and sum(1 for _, p, _ in ones if p) * 2 >= max(len(ones), 1)
    if not split and not any(at < len(r) and len(r[at]) > 1 for r in body):
        return plain  # (no title cell of lines, none "Title — Speaker": columns as they are)
    written = [head + [f.capitalize() for f in wanted]]
    for row in body:
        lines = list(row[at]) if at < len(row) else []
        title, *rest = lines or [""]
        people = ""
        if "speakers" in wanted and rest and names_line(rest[0]):
            people = rest.pop(0)
        elif split and not rest:
            title, people, _ = _one_line(title)
        if "abstract" not in wanted and rest:  # (the abstract's own column: a subtitle)
            title, rest = "<br>".join([title, *rest]), []
        added = {"speakers": people, "abstract": " ".join(rest)}
        cells = ["<br>".join(cell) for cell in row]
        if at < len(cells):
            cells[at] = title
        written.append(cells + [""] * (len(head) - len(cells)) + [added[f] for f in wanted])
    return written


def _grid(rows: list[list[_Cell]], langs: tuple[str, ...]) -> list[list[str]] | None:
    """The table of talks (time, room, title, speakers, abstract) a room x time grid
    stands for; None for a table that is no such grid (module docstring)."""
    rooms = [c.text for c in rows[0][1:] for _ in range(c.cols)]
    if len(rows) < 2 or not rooms:
        return None
    weekdays = {w for code in langs for w in languages.weekday_names(code)}
    for name in rooms:
        if not name or resolve([name]) or fold(name) in weekdays or _is_day(name, (), langs):
            return None  # (a header naming fields, or days: no rooms)
    width, height = len(rooms) + 1, len(rows) - 1
    at: dict[tuple[int, int], _Cell] = {}
    origin: dict[int, tuple[int, int]] = {}  # by cell: its first row and column
    for r, row in enumerate(rows[1:]):
        c = 0
        for cell in row:
            while (r, c) in at:
                c += 1
            origin[id(cell)] = (r, c)
            for dr in range(min(cell.rows, height - r)):
                for dc in range(min(cell.cols, width - c)):
                    at.setdefault((r + dr, c + dc), cell)
            c += cell.cols
    for c in range(1, width):
        said = [
            held.text
            for r in range(height)
            if (held := at.get((r, c))) is not None and origin.get(id(held)) == (r, c)
        ]
        whole_names = all(names_line(t) and len(t.split()) >= 2 for t in said)
        if len(said) >= 2 and (all(map(room_named, said)) or whole_names):
            return None  # a column of rooms or of people: a table of fields, not of rooms
    clocks: list[tuple[str, str | None]] = []
    for r in range(height):
        first = at.get((r, 0))
        m = CLOCK_RANGE.fullmatch(first.text.strip()) if first is not None else None
        if first is None or first.cols > 1 or m is None:
            return None
        clocks.append((m.group(1), m.group(2)))
    # (a row that gives no end ends where the next begins)
    nexts = [start for start, _ in clocks[1:]] + [""]
    ends = [end or after for (_, end), after in zip(clocks, nexts, strict=True)]
    cells = [
        (r, c, held)
        for r in range(height)
        for c in range(1, width)
        if (held := at.get((r, c))) is not None and origin.get(id(held)) == (r, c) and held.parts
    ]
    lines = [_one_line(held.parts[0]) for _, _, held in cells if len(held.parts) == 1]
    split = sum(1 for _, people, _ in lines if people) * 2 >= len(lines)
    written = [["Time", "Room", "Title", "Speakers", "Abstract", "Format"]]
    for r, c, held in cells:
        last = min(r + held.rows, height) - 1
        room = ", ".join(dict.fromkeys(rooms[c - 1 : c - 1 + held.cols]))
        start, end = clocks[r][0], ends[last]
        title, *rest = (p.replace("|", "/") for p in held.parts)
        people = rest.pop(0) if rest and names_line(rest[0]) else ""
        one = split and len(held.parts) == 1  # (a cell of one line: "Title — Speaker")
        title, people, fmt = _one_line(title) if one else (title, people, "")
        span = f"{start}\u2013{end}" if end else start
        written.append([span, room, title, people, " ".join(rest), fmt])
    return written


# the dash a grid's cell writes between its title and its people: an em or en dash
# between blanks (a hyphen joins a title's parts: "Intro to Go - Hands On")
_DASHED = re.compile(r"\s[\u2014\u2013]\s")


def _one_line(text: str) -> tuple[str, str, str]:
    """(title, speakers, format) of a grid cell of one line, read as a list line's text
    is (`mdparts.read_bullet`): "Keynote: Thirty years of Java — Anna Kowalska
    (Oracle)" is a keynote, its title, and its speaker with her organisation, where an
    em or en dash leads in people's names (`speakers.name_shaped`, no room's); a line
    that names no speakers so is the title as written. (`_grid` reads its cells so where
    half of its cells of one line or more name speakers: a grid of titles alone keeps
    "Q&A - Open Floor" whole.)"""
    said = read_bullet(text, None, UTC)
    if not (
        said.speakers
        and _DASHED.search(text)
        and all(name_shaped(s.name) and not room_named(s.name) for s in said.speakers)
    ):  # ("Q&A - Open Floor", "Demo — Live", "Opening — Warsaw Stage": no people)
        return text, "", ""
    people = "; ".join(
        f"{s.name} ({s.affiliation})" if s.affiliation else s.name for s in said.speakers
    )
    return said.title, people.replace("|", "/"), said.format or ""


def _column(place: tuple[int, int]) -> int:
    return place[1]


# a day stated before a remark: "Saturday, 15 March 2025 (all times CET)", "Thursday 21
# November 2024 · all times CET"
_REMARK = re.compile(r"\s*(?:[(\[\u00b7|\u2022,;]|\s[\u2013\u2014-]\s)")


def _is_day(text: str, years: tuple[int, ...], langs: tuple[str, ...]) -> bool:
    """Whether a text is nothing but a date ("Saturday, 15 March 2025", "2025-03-15"),
    or a day in words without a year where `years` give it one."""
    if when.parse_date(text):
        return True
    return spoken_day(text, langs) is not None and (
        not years or date_of(text, years, langs) is not None
    )


def _day(text: str, years: tuple[int, ...], langs: tuple[str, ...]) -> tuple[str, str] | None:
    """(the day, the remark after it, or "") of a line that is a day, or a day and a
    remark with no clock time; None for any other line."""
    if HAS_CLOCK.search(text) or len(text) > 160:
        return None
    if _is_day(text, years, langs) and date_of(text, years, langs):
        return text, ""
    for m in reversed(list(_REMARK.finditer(text))):
        day = text[: m.start()].strip()
        if _is_day(day, years, langs) and date_of(day, years, langs):
            return day, text[m.start() :].strip(" \u00b7|\u2022,;\u2013\u2014-")
    return None


def _days(parser: _Markdown, langs: tuple[str, ...]) -> tuple[list[str], tzinfo | None]:
    """The page's lines with each day stated before a remark as its day (a heading;
    a paragraph so above a table or a list, outside an article, as its day heading),
    and the time zone such lines state."""
    lines = parser.lines
    years = document_years(lines)
    after = [""] * len(lines)  # the next line that is not blank, of each line
    for i in range(len(lines) - 2, -1, -1):
        after[i] = lines[i + 1] if lines[i + 1].strip() else after[i + 1]
    out: list[str] = []
    level = 1  # the level of the heading above
    said: list[str] = []
    for i, line in enumerate(lines):
        heading = re.match(r"(#{1,6}) (.*)", line)
        if heading:
            level = len(heading.group(1))
        elif (
            i in parser.in_article
            or line.startswith(("|", "- "))
            or not after[i].startswith(("|", "- "))
        ):
            out.append("" if i in parser.across else line)  # (a break across a table)
            continue
        text = heading.group(2) if heading else line
        found = _day(text, years, langs)
        said += [text] if found else []
        if found is None or (heading and (not found[1] or date_of(text, years, langs))):
            # (a heading that is a day already, as the reader reads it)
            out.append("" if i in parser.across else line)
            continue
        day, remark = found
        mark = heading.group(1) if heading else "#" * min(6, level + 1)
        out += [f"{mark} {day}", *([remark] if remark else [])]
    return out, stated_zone(said)


def _labelled(lines: list[str]) -> list[str]:
    """The page's lines with each part of a line of parts that a column's name labels
    ("Track: Web", "Raum: C116") written as a labelled line of its own."""
    out: list[str] = []
    for line in lines:
        if line.startswith(("#", "|", "- ")) or ":" not in line:
            out.append(line)
            continue
        rest: list[str] = []
        labelled: list[str] = []
        for part in re.split(r"\s+[\u00b7|\u2022]\s+", line):
            m = re.fullmatch(r"([^\W\d][^\W\d ]*(?: [^\W\d]+)?)\s*:\s+(\S.*)", part)
            field = list(resolve([m.group(1)])) if m else []
            if m and len(field) == 1 and field[0] in _LABELS and not LABEL.match(part):
                labelled.append(f"{_LABELS[field[0]]}: {m.group(2)}")
            elif m and LABEL.match(part) and part != line:
                labelled.append(part)
            else:
                rest.append(part)
        out += ([" \u00b7 ".join(rest)] if rest else []) + labelled
    return out


# the Markdown reader's label of each field a column's name may label
_LABELS = {
    "room": "Room",
    "track": "Track",
    "speakers": "Speakers",
    "format": "Format",
    "keywords": "Tags",
}
_TITLE_PARTS = re.compile(r"\s+(?:[|\u2013\u2014\u00b7\u2022\u00bb/-]|::)\s+")


def _conference(parser: _Markdown, lines: list[str], langs: tuple[str, ...]) -> str:
    """The conference's name as the page's `<title>` and `og:site_name` tell it
    (module docstring), or ""."""
    heads = [m.group(1) for ln in lines if (m := re.match(r"#{1,6} (.*)", ln))]
    dated = [
        part
        for part in _TITLE_PARTS.split(parser.titled)
        if when.YEAR.search(ascii_digits(part))  # (in any script's digits: "२०२६")
        and not re.search(r"\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{4}", part)
        and not _is_day(part, (), langs)
    ]
    held = [p for p in dated if any(fold(p) == fold(h) for h in heads)]
    if len(dated) == 1 and held:  # "DevFest İstanbul 2026 - Program" under its <h1>
        return dated[0]
    # a heading naming the year that the title's one dated part holds with more words
    # ("WebConf 2026" in "WebConf 2026 Schedule"): the heading is the name, the rest
    # what the page is of it
    named = [
        h
        for h in heads
        if len(dated) == 1
        and when.YEAR.search(ascii_digits(h))
        and not _is_day(h, (), langs)
        and re.search(rf"(?<!\w){re.escape(fold(h))}(?!\w)", fold(dated[0]))
    ]
    if named:
        return max(named, key=len)
    parts = [
        part
        for part in _TITLE_PARTS.split(parser.titled)
        if part
        and not _is_day(part, (), langs)
        and not any(re.search(rf"(?<!\w){re.escape(part)}(?!\w)", h, re.IGNORECASE) for h in heads)
    ]
    return parts[0] if len(parts) == 1 else parser.site


@dataclass(frozen=True)
class _Page:
    markdown: str
    conference: str  # as its title tells it, or ""
    zone: tzinfo | None  # as its day lines state it
    cut: tuple[int, str] | None = None  # where the page looks cut short, and why (`_cut`)
    read_to: int | None = None  # where its text read ends: before a tag cut short


def _open_tag(page: str) -> int | None:
    """Where the tag or comment a page ends inside begins ("…Ansible<", "<td class=",
    "<!-- generated"): a `<` with no `>` after it that begins a tag, or a `<!--` with no
    `-->` after it; None where the page ends outside any."""
    comment = page.rfind("<!--")
    if comment >= 0 and page.find("-->", comment + 4) < 0:
        return comment
    at = page.rfind("<")
    begins = page[at + 1 : at + 2]
    if at >= 0 and ">" not in page[at:] and (not begins or begins.isalpha() or begins in "/!?"):
        return at
    return None


def _cut(page: str, parser: _Markdown, tag: int | None) -> tuple[int, str] | None:
    """(line, what is left open there) where a page looks cut short: it does not end
    with its `</body>` or `</html>` (a page may leave them out; a page cut short always
    lacks them) and it ends inside a tag or a comment (`tag`: where it begins), or
    inside a table, a list, a preformatted block or an article whose end tag HTML
    requires (`_HOLDING`, as `parser` read them: a table row when one is being read);
    None otherwise."""
    if _ENDED.search(page):
        return None
    if tag is not None:
        inside = "a comment" if page.startswith("<!--", tag) else "a tag"
        shown = " ".join(page[tag : tag + 30].split())
        return page.count("\n", 0, tag) + 1, f"the page ends inside {inside} ({shown!r})"
    left = [what for name, what in _HOLDING.items() if parser.open.get(name)]
    if parser.cells is not None:
        left.insert(0, "a table row")
    if not left:
        return None
    return page.rstrip().count("\n") + 1, f"the page ends inside {left[0]}, never closed"


def _read(page: str) -> _Page:
    said = re.search(r"<html\b[^>]*\blang\s*=\s*[\"']?([A-Za-z]{2,3})\b", page[:4096])
    code = said.group(1).lower() if said else "en"
    langs = tuple(dict.fromkeys(("en", code) if code in languages.written_in() else ("en",)))
    parser = _Markdown(langs)
    tag = None if _ENDED.search(page) else _open_tag(page)
    try:
        parser.feed(page[:tag])  # (a tag cut short is no text: "Ansible<")
        cut = _cut(page, parser, tag)
        parser.close()
    except (AssertionError, ValueError):  # the stdlib parser gave up: no page to read
        return _Page("", "", None)
    parser._end_row()
    parser._end_line()
    parser._end_table()
    lines, zone = _days(parser, langs)
    lines = _labelled(lines)
    return _Page("\n".join(lines) + "\n", _conference(parser, lines, langs), zone, cut, tag)


def to_markdown(page: str) -> str:
    """The Markdown a page's markup stands for."""
    return _read(page).markdown


def looks_like(text: str) -> bool:
    return bool(_PAGE.search(text[:4096]))


def _zone_name(zone: tzinfo) -> str:
    """A zone as `when.zone` reads it: its tz database name, or its offset."""
    if key := getattr(zone, "key", None):
        return str(key)
    offset = zone.utcoffset(None)
    minutes = int(offset.total_seconds() // 60) if offset is not None else 0
    return f"{'-' if minutes < 0 else '+'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _cards_zone(page: _Page, zone: str, titled: bool) -> tuple[str, str | None]:
    """The zone of a page of cards' clock times that name none: the one its day lines
    state, else the one its opening lines state (those above its first clock time,
    "All times are in Budapest time"), else `zone` (the default, or the zone of the
    city its title names: `titled`); and what those lines seem to say of the zone
    where neither reads one (`zone_said`), else None."""
    if page.zone is not None:
        return zone, None
    lines = page.markdown.splitlines()
    first = next((i for i, line in enumerate(lines) if HAS_CLOCK.search(line)), len(lines))
    stated = stated_zone(lines[:first])
    if stated is not None:
        return _zone_name(stated), None
    return zone, None if titled else zone_said(lines[:first])


def _as_markdown(
    written: str, document: str, zone: str, mapping: dict[str, str] | None = None
) -> Result:
    """The talks of the Markdown a page stands for, refused as the page; its tables'
    columns named by `mapping` (`--map`) as a Markdown table's are."""
    try:
        return markdown.parse(written, document, zone, title_city=False, mapping=mapping)
    except InputError as exc:
        raise InputError(
            document, f"{exc.problem} (in the page's text, read as Markdown)", exc.where
        ) from exc


def _parse(text: str, document: str, options: Options) -> Result:
    with as_shown():  # (the page's text is read as shown, its markup already read)
        return _read_page(text, document, options)


def _read_page(text: str, document: str, options: Options) -> Result:
    page = _read(text)
    written = page.markdown
    if not written.strip():
        raise InputError(document, "a web page with no text to read a program from", "line 1")
    # (the zone its day lines state, else that of the city its title names)
    titled = title_zone(page.conference) if page.zone is None else None
    found = page.zone or titled
    zone = _zone_name(found) if found is not None else options.default_tz
    cards_zone, said = _cards_zone(page, zone, titled is not None)
    carded = htmlcards.read(text[: page.read_to], document, cards_zone)
    if carded is not None:  # (a page of talk cards: ingest/formats/htmlcards.py)
        talks, warnings = carded
        warnings = [ZoneUnread(said), *warnings] if said else warnings
    else:
        talks, warnings = _as_markdown(written, document, zone, options.mapping)
    if not any(t.start or t.speakers for t in talks):
        # (any page has headings and paragraphs: a program says when, or who speaks)
        raise InputError(
            document,
            "a web page whose headings and lists name no session time and no speaker "
            "(in the page's text, read as Markdown): no program found",
            "line 1",
        )
    if page.conference:
        talks = [replace(t, conference=page.conference) for t in talks]
    if page.cut is not None:  # (the last talk kept, as the Markdown reader keeps it)
        warnings = [*warnings, registry.cut_short(document, *page.cut, talks[-1].title)]
    return talks, warnings


register(Format(NAME, 95, looks_like, _parse, suffixes=(".html", ".htm", ".xhtml"), table=True))

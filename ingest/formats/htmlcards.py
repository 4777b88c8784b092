"""Talk cards on a web page: an agenda saved from a browser whose talks are repeated
elements ("<article class="session">", "<li class="talk">", "<div>"), each holding
its talk's heading and a `<time datetime="...">` (ingest/formats/htmlpage.py asks
`read` before it writes the page out as Markdown, where a card's time, written
above its heading, would read as the card before's).

What the page says decides, card by card:

- a card is the outermost element holding one heading (h1-h6) and a `<time>` with
  a `datetime`, or a part whose class names its time ("time", "session-time",
  "start") and whose text shows a clock (`_time_part`), wherever it sits in the card
  (before the heading or after it: a card's parts are its own, whatever their
  order); the page is a page of cards when two of them or more are alike (the
  same tag, and a class in common or no class at all) and at least half of those
  show a clock time in their first `<time>` or time part (a list of blog posts shows
  the date it was posted, no clock). A card not alike any other is no talk of the
  program.
- the card's first `<time datetime>` is the talk's start, as its machine-readable
  value says, offset included ("2026-09-24T09:30:00+02:00"); a value that is only a
  date takes the clock its text shows, one that is only a clock ("09:30") the day of
  the day heading above the card. A second `<time>` is the end (its `datetime`, a
  duration "PT45M", or the clock its text shows, on the start's day in the start's
  zone); else a range the first one's text shows ("09:30–10:15"). A clock without
  an offset is in the zone the page states, else the default, as any reader's. A
  value that reads as none of these is kept as it is and warned about by the
  talk's line, never taken from another card. A card with no `<time datetime>`
  starts at the first clock its time part shows, on the day of the day heading
  above it, and ends at the range's second clock or a second time part's.
- the heading is the title (a session format leading it, "Keynote: ...", is the
  talk's format: `terms.format_prefix`); a part of the card whose microdata property
  (`itemprop`: schema.org's "performer", "location", "description") or class names a
  field as a table's column does (`columns.resolve`: "speakers", "room", "track",
  "abstract"), or a line labelled so ("Room: Main Stage"), gives that field (an item's
  `name` property where the part is an item, `itemscope`: a Place's name, not its
  address; a part per person, microdata's, gives one speaker each); an
  unlabelled line is the room where it names a room (`mdparts.room_named`), the
  speakers where it is nothing but names (`mdparts.names_line`), else a paragraph
  of the abstract.
- in the speakers' part, the people are what the card marks as people: elements
  whose property or class names the speakers field, else its links (a speaker's
  page); the text after each up to the next (less separators and a joining word,
  "Igalia &") is their organisation, unless the person is an item whose property
  names it (`itemprop="affiliation"`). A part that marks no one is read as a table's
  speakers cell.

The talks are read as a JSON program's records are (`table.parse_tree`), so what
cannot be read is warned about as there, naming the card's line.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from html.parser import HTMLParser
from typing import Any

from ingest import when
from ingest.formats import table
from ingest.formats.columns import resolve
from ingest.formats.mdparts import (
    CLOCK_RANGE,
    HAS_CLOCK,
    SEPARATED,
    date_of,
    names_line,
    room_named,
)
from talkbase.core.records import Talk
from talkbase.core.terms import format_prefix

_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
_LEFT_OUT = frozenset("script style template noscript svg title nav footer iframe".split())
_HEADINGS = frozenset(f"h{n}" for n in range(1, 7))
# the elements a paragraph's start closes ("<p>a<div>": the paragraph ends)
_CLOSES_P = frozenset(
    "address article aside blockquote details div dl fieldset figure form h1 h2 h3 h4 h5 h6 "
    "header hr main ol p pre section table ul".split()
)
# an element whose next one closes it, up to the element holding them
_SIBLINGS = {
    "li": {"ul", "ol"},
    "dt": {"dl"},
    "dd": {"dl"},
    "tr": {"table", "tbody", "thead", "tfoot"},
    "td": {"tr"},
    "th": {"tr"},
}
_INLINE = frozenset(
    "a abbr b bdi bdo cite code data dfn em i kbd mark q s samp small span strong sub sup "
    "time u var br img wbr".split()
)
# the fields a card's part may give (its title and times are its heading and <time>s)
_CARD_FIELDS = frozenset(
    "speakers affiliation room track abstract keywords format language".split()
)
# the fields a part of a card names by its class when it shows the card's time
_TIME_FIELDS = frozenset(("start", "end"))


@dataclass(eq=False)
class _Node:
    tag: str
    attrs: dict[str, str]
    line: int
    kids: list[_Node | str] = field(default_factory=list)

    def elements(self) -> Iterator[_Node]:
        """This element and every element inside it, in the page's order."""
        stack: list[_Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(k for k in reversed(node.kids) if isinstance(k, _Node))

    def text(self) -> str:
        """The element's text on one line."""
        out: list[str] = []
        stack: list[_Node | str] = [self]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                out.append(item)
            else:
                out.append(" " if item.tag not in _INLINE or item.tag == "br" else "")
                stack.extend(reversed(item.kids))
        return " ".join("".join(out).split())

    @property
    def classes(self) -> frozenset[str]:
        return frozenset(self.attrs.get("class", "").split())


class _Tree(HTMLParser):
    """The page's elements as a tree, less scripts, styles and navigation; end tags
    HTML lets a page leave out are implied."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("#root", {}, 1)
        self.open: list[_Node] = [self.root]
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _LEFT_OUT and tag not in _VOID:
            self.skipping += 1
        if self.skipping:
            return
        self._implied(tag)
        node = _Node(tag, {k: v or "" for k, v in attrs}, self.getpos()[0])
        self.open[-1].kids.append(node)
        if tag not in _VOID:
            self.open.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.skipping and tag not in _LEFT_OUT:
            self._implied(tag)
            self.open[-1].kids.append(_Node(tag, {k: v or "" for k, v in attrs}, self.getpos()[0]))

    def handle_endtag(self, tag: str) -> None:
        if tag in _LEFT_OUT:
            self.skipping = max(0, self.skipping - 1)
        elif not self.skipping:
            for i in range(len(self.open) - 1, 0, -1):
                if self.open[i].tag == tag:
                    del self.open[i:]
                    return

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.open[-1].kids.append(data.replace("\x00", ""))

    def _implied(self, tag: str) -> None:
        """Close what `tag`'s start closes: an open paragraph, a list item before the next."""
        if self.open[-1].tag == "p" and tag in _CLOSES_P:
            self.open.pop()
        holders = _SIBLINGS.get(tag, set())
        for i in range(len(self.open) - 1, 0, -1):
            if not holders or self.open[i].tag in holders:
                return
            if self.open[i].tag == tag:
                del self.open[i:]
                return


def _tree(page: str) -> _Node | None:
    parser = _Tree()
    try:
        parser.feed(page)
        parser.close()
    except (AssertionError, ValueError):  # the stdlib parser gave up
        return None
    return parser.root


_ROWS = frozenset("li tr dt dd".split())


def _counts(root: _Node) -> dict[int, tuple[int, int, int]]:
    """(headings, timed `<time>`s, timed `<time>`s in a list item or a table row of
    its own) inside each element, itself included, by id."""
    counts: dict[int, tuple[int, int, int]] = {}
    for node in reversed(list(root.elements())):
        heads = int(node.tag in _HEADINGS)
        timed = int(node.tag == "time" and bool(node.attrs.get("datetime", "").strip()))
        listed = 0
        for kid in node.kids:
            if isinstance(kid, _Node):
                h, t, n = counts[id(kid)]
                heads, timed, listed = heads + h, timed + t, listed + (t if kid.tag in _ROWS else n)
        if _time_part(node):  # (one time, or the times it holds: "start" and "end")
            timed = max(timed, 1)
        counts[id(node)] = (heads, timed, listed)
    return counts


@dataclass(frozen=True)
class _Card:
    node: _Node
    day: date | None  # of the day heading above it


def _cards(root: _Node) -> list[_Card]:
    """The outermost elements holding one heading, which is no day, and one or two
    timed `<time>`s, none in a list item or a table row of its own (a day's section
    holding its talks' lines is no card), each with the day of the last heading
    above it that is a day."""
    counts = _counts(root)
    years = tuple(
        dict.fromkeys(
            int(y)
            for n in root.elements()
            if n.tag in _HEADINGS
            for y in when.YEAR.findall(n.text())
        )
    )
    found: list[_Card] = []
    day: date | None = None
    stack: list[_Node] = [root]
    while stack:
        node = stack.pop()
        heads, timed, listed = counts[id(node)]
        if (
            heads == 1
            and 1 <= timed <= 2
            and not listed
            and node.tag not in _HEADINGS
            and node.tag != "#root"
            and date_of(_heading(node).text(), years) is None
        ):
            found.append(_Card(node, day))
            continue
        if node.tag in _HEADINGS:
            day = date_of(node.text(), years) or day
        stack.extend(k for k in reversed(node.kids) if isinstance(k, _Node))
    return found


def _heading(node: _Node) -> _Node:
    return next(n for n in node.elements() if n.tag in _HEADINGS)


def _kinds(node: _Node) -> list[tuple[str, str]]:
    """What makes cards alike: the same tag and a class in common, or no class."""
    return [(node.tag, c) for c in node.classes] or [(node.tag, "")]


def _times(node: _Node) -> list[_Node]:
    """The `<time>` elements of a card, else its time parts (`_time_part`), outermost
    ones only, in the page's order."""
    tags = [n for n in node.elements() if n.tag == "time"]
    if any(t.attrs.get("datetime", "").strip() for t in tags):
        return tags
    parts: list[_Node] = []
    for n in node.elements():  # (an outer part comes before the parts inside it)
        if _time_part(n) and not any(n in p.elements() for p in parts):
            parts.append(n)
    return parts


def _time_part(node: _Node) -> bool:
    """A part of a card whose class names its time ("time", "session-time", "start",
    "end") and whose text shows a clock, no `<time>` element itself."""
    return (
        node.tag not in ("time", "#root")
        and node.tag not in _HEADINGS
        and _field_of(node, _TIME_FIELDS) is not None
        and HAS_CLOCK.search(node.text()) is not None
    )


def _program(cards: list[_Card]) -> list[_Card]:
    """The cards alike another, where at least half of them show a clock time."""
    seen = Counter(kind for c in cards for kind in _kinds(c.node))
    kept = [c for c in cards if any(seen[kind] >= 2 for kind in _kinds(c.node))]
    clocked = sum(
        1 for c in kept if (t := _started(c.node)) is not None and HAS_CLOCK.search(t.text())
    )
    return kept if kept and clocked * 2 >= len(kept) else []


def _started(card: _Node) -> _Node | None:
    """A card's first `<time datetime>`, else its first time part."""
    return next(
        (t for t in _times(card) if t.tag != "time" or t.attrs.get("datetime", "").strip()),
        None,
    )


_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d")
_DATE_ONLY = re.compile(r"\d{4}-\d{2}-\d{2}")
_CLOCK_ONLY = re.compile(r"\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?")
_DURATION = re.compile(r"P(?=\d|T\d)(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)?", re.I)


def _instant(value: str) -> datetime | None:
    """The moment an ISO 8601 date and time is (naive where it names no offset)."""
    if not _MOMENT.match(value):
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def _clock(text: str, at: int = 1) -> str | None:
    """The first (`at` 1) or second (2) clock time a text shows, as "HH:MM"."""
    for m in CLOCK_RANGE.finditer(text):
        said = when.parse_clock(m.group(at)) if m.group(at) else None
        if said is not None:
            return said.strftime("%H:%M")
    return None


def _start(time_: _Node, day: date | None) -> tuple[str, datetime | None]:
    """The talk's start as the tree reader reads it, and as a moment where it is one."""
    value = time_.attrs.get("datetime", "").strip()
    if time_.tag != "time":  # (a time part: the first clock its text shows)
        value = _clock(time_.text()) or time_.text()
    if (moment := _instant(value)) is not None:
        return moment.isoformat(), moment
    if _DATE_ONLY.fullmatch(value) and (clock := _clock(time_.text())):
        value = f"{value}T{clock}"
    elif _CLOCK_ONLY.fullmatch(value) and day is not None:
        value = f"{day.isoformat()}T{value}"
    return value, _instant(value)


def _end(start: datetime, time_: _Node | None, shown: str) -> dict[str, str]:
    """The end (or duration) a card's second `<time>` gives, or its first one's text
    shows as a range's end: {"end": ...} or {"duration": ...} or {}."""
    value = time_.attrs.get("datetime", "").strip() if time_ is not None else ""
    if (moment := _instant(value)) is not None:
        return {"end": moment.isoformat()}
    if _DURATION.fullmatch(value):
        return {"duration": value}
    clock = value if _CLOCK_ONLY.fullmatch(value) else None
    clock = clock or (_clock(time_.text()) if time_ is not None else _clock(shown, 2))
    said = when.parse_clock(clock) if clock else None
    if said is None:
        return {}
    end = when.past_midnight(start, datetime.combine(start.date(), said, start.tzinfo))
    return {"end": (end if end >= start else when.plus(end, timedelta(days=1))).isoformat()}


def _when(card: _Card) -> dict[str, str]:
    """The start and end fields of a card."""
    times = _times(card.node)
    first = _started(card.node)
    assert first is not None  # (a card holds one)
    start, moment = _start(first, card.day)
    fields = {"start": start}
    if moment is None:
        return fields
    later = times[times.index(first) + 1 :]
    return fields | _end(moment, later[0] if later else None, first.text())


def _property_of(node: _Node, fields: frozenset[str] = _CARD_FIELDS) -> str | None:
    """The field of `fields` a part of a card gives by its microdata property
    (schema.org's `itemprop="performer"`, `"location"`)."""
    for name in node.attrs.get("itemprop", "").split():
        found = list(resolve([name]))
        if len(found) == 1 and found[0] in fields:
            return found[0]
    return None


def _field_of(node: _Node, fields: frozenset[str] = _CARD_FIELDS) -> str | None:
    """The field of `fields` a part of a card gives by its microdata property
    (`_property_of`), else by its class ("speakers", "session-room")."""
    if (said := _property_of(node, fields)) is not None:
        return said
    for name in sorted(node.classes):
        for key in (name, *reversed(re.split(r"[-_]+", name))):
            found = list(resolve([key])) if key else []
            if len(found) == 1 and found[0] in fields:
                return found[0]
    return None


_SEPARATORS = " \t,;:&+/|\u00b7\u2022\u2013\u2014-"


def _organisation(text: str) -> str:
    """The organisation the text after a person's name says ("(Igalia) and", ", Vercel")."""
    said = " ".join(text.split()).strip(_SEPARATORS)
    last = said.rsplit(None, 1)
    if len(last) == 2 and last[1].isalpha() and last[1].islower() and len(last[1]) <= 4:
        said = last[0].strip(_SEPARATORS)  # (a joining word: "and", "und", "et")
    elif said.isalpha() and said.islower() and len(said) <= 4:
        said = ""
    if said.startswith("(") and said.endswith(")"):
        said = said[1:-1].strip()
    return said if len(said) <= 100 and any(c.isalpha() for c in said) else ""


def _marked_people(part: _Node) -> list[_Node]:
    inside = [n for n in part.elements() if n is not part and n.text()]
    return [n for n in inside if _field_of(n) == "speakers"] or [n for n in inside if n.tag == "a"]


def _props(item: _Node) -> Iterator[tuple[str, _Node]]:
    """The microdata properties of an item (`itemscope`): (name, element) of each
    element inside it naming one (`itemprop`), not those of the items inside it."""
    stack = [k for k in reversed(item.kids) if isinstance(k, _Node)]
    while stack:
        node = stack.pop()
        for name in node.attrs.get("itemprop", "").split():
            yield name, node
        if "itemscope" not in node.attrs:
            stack.extend(k for k in reversed(node.kids) if isinstance(k, _Node))


def _item_name(node: _Node) -> str:
    """The text of an element; of an item (schema.org's Person or Place, `itemscope`)
    with a `name` property, that name ("Studio", not the Place's address too)."""
    if "itemscope" in node.attrs:
        named = [n.text() for name, n in _props(node) if name == "name" and n.text()]
        if named:
            return named[0]
    return node.text()


def _item_affiliation(node: _Node) -> str | None:
    """A person item's organisation, as its property naming the affiliation field
    says (`itemprop="affiliation"`, the item's name where it is an Organization
    item itself); None where it names none."""
    if "itemscope" not in node.attrs:
        return None
    said = [
        _item_name(n)
        for name, n in _props(node)
        if list(resolve([name])) == ["affiliation"] and n.text()
    ]
    return said[0] if said else None


def _person(node: _Node) -> dict[str, Any]:
    """{"name", "affiliation"} of an element marking one person: its text, or an item's
    (schema.org's Person, `itemscope`) `name` property and organisation, by its
    property or as the text after the name says ("<span itemprop=name>Karin
    Lund</span> (IKEA)")."""
    name = _item_name(node)
    said = _item_affiliation(node)
    if said is None and name != node.text():
        said = _organisation(node.text().replace(name, " ", 1)) or None
    return {"name": name, "affiliation": said}


def _people(part: _Node) -> object:
    """The speakers a card's speakers part marks, each {"name", "affiliation"}; its
    text where it marks no one. A part that is one person's item itself (schema.org's
    `itemprop="performer" itemscope`, one such part per person) is that person."""
    if "itemscope" in part.attrs and any(name == "name" for name, _ in _props(part)):
        return [_person(part)]
    marked = _marked_people(part)
    if not marked:
        return part.text()
    ids = {id(n) for n in marked}
    people: list[dict[str, Any]] = []
    after: list[str] = []
    stack: list[_Node | str] = list(reversed(part.kids))
    while stack:
        item = stack.pop()
        if isinstance(item, _Node) and id(item) in ids:
            if people:
                people[-1]["affiliation"] = (
                    people[-1]["affiliation"] or _organisation(" ".join(after)) or None
                )
            people.append(_person(item))
            after = []
        elif isinstance(item, _Node):
            stack.extend(reversed(item.kids))
        else:
            after.append(item)
    if people:
        people[-1]["affiliation"] = (
            people[-1]["affiliation"] or _organisation(" ".join(after)) or None
        )
    return people


_LABELLED = re.compile(r"([^\W\d][^:]{0,30}):\s+(\S.*)")


def _parts(card: _Node, heading: _Node) -> Iterator[tuple[str | None, _Node | str]]:
    """A card's parts other than its heading and times: (its field, the element) for
    a part whose class names one, (None, a line of text) for any other line."""
    line: list[str] = []
    times = _times(card)
    stack: list[_Node | str | None] = list(reversed(card.kids))
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            line.append(item)
            continue
        if item is not None and (item is heading or item.tag == "time" or item in times):
            line.append(" ")
            continue
        if item is not None and (said := _field_of(item)):
            yield from _line(line)
            yield said, item
            continue
        if item is not None and item.tag in _INLINE and not _blocks_in(item):
            line.append(item.text() if item.tag != "br" else "\n")
            continue
        yield from _line(line)
        if item is not None:
            stack.append(None)  # (the element's end ends its last line)
            stack.extend(reversed(item.kids))
    yield from _line(line)


def _blocks_in(node: _Node) -> bool:
    return any(n.tag not in _INLINE for n in node.elements() if n is not node)


def _line(pieces: list[str]) -> Iterator[tuple[None, str]]:
    """The lines of text gathered (emptied), less those of no word ("–")."""
    text, pieces[:] = "".join(pieces), []
    for raw in text.split("\n"):
        said = " ".join(raw.split())
        if any(c.isalnum() for c in said):
            yield None, said


def _line_fields(line: str, record: dict[str, Any]) -> dict[str, str]:
    """The fields a line of a card gives (`_line_field`): of each of its parts where
    it is a line of parts between spaced dots or bars, each of which gives one ("–
    · Sal 1 · Track: AppSec", what a line of times says after its `<time>`s: the
    room "Sal 1", the track "AppSec"), else of the whole line; {} for a paragraph."""
    parts = [p.strip(" \u2013\u2014-") for p in SEPARATED.split(line)]
    parts = [p for p in parts if any(c.isalnum() for c in p)]
    found: dict[str, str] = {}
    for part in parts if len(parts) > 1 else ():
        if (one := _line_field(part, {**record, **found})) is None:
            break
        found[one[0]] = one[1]
    else:
        if found:
            return found
    whole = _line_field(line, record)
    return {whole[0]: whole[1]} if whole else {}


def _line_field(line: str, record: dict[str, Any]) -> tuple[str, str] | None:
    """(field, value) of a line of a card that names no field by its class: a line
    labelled by a field's name ("Room: Main Stage"), a room's name, a line of names;
    None for a paragraph of the abstract. A field the record has is not given twice."""
    labelled = _LABELLED.fullmatch(line)
    if labelled is not None:
        named = list(resolve([labelled.group(1)]))
        if len(named) == 1 and named[0] in _CARD_FIELDS and named[0] not in record:
            return named[0], labelled.group(2)
    if "room" not in record and len(line) <= 80 and room_named(line):
        return "room", line
    if "speakers" not in record and names_line(line):
        return "speakers", line
    return None


def _value(part: _Node, said: str) -> str:
    """The text a card's part gives its field: an item's name (`_item_name`); of a
    room's part named so by its microdata property only, that text where it names a
    room or is a Place's name (`mdparts.room_named`: a venue's street address is no
    room); "" where it shows nothing (`<meta itemprop="location" content=…>`)."""
    text = _item_name(part)
    if said != "room" or _property_of(part) != said or room_named(text):
        return text
    named = "itemscope" in part.attrs and any(n == "name" for n, _ in _props(part))
    return text if named else ""


def _joined(people: object, more: object) -> object:
    """The speakers of two speakers parts of one card, in order: both lists of people
    joined (each person once, by name), else their texts joined as a speakers cell's
    ("A (Org); B")."""
    if isinstance(people, list) and isinstance(more, list):
        names = {p["name"].casefold() for p in people}
        return people + [p for p in more if p["name"].casefold() not in names]

    def text(said: object) -> str:
        if not isinstance(said, list):
            return str(said)
        return "; ".join(
            f"{p['name']} ({p['affiliation']})" if p["affiliation"] else p["name"] for p in said
        )

    return f"{text(people)}; {text(more)}"


def _record(card: _Card) -> dict[str, Any]:
    """The record a card stands for, with the tree reader's field names."""
    heading = _heading(card.node)
    times = _times(card.node)
    title = " ".join(
        "".join(
            k if isinstance(k, str) else "" if k.tag == "time" or k in times else k.text()
            for k in heading.kids
        ).split()
    )
    record: dict[str, Any] = {"title": title, **_when(card)}
    abstract: list[str] = []
    by_property = False  # whether the speakers so far are of microdata's performer parts
    for said, part in _parts(card.node, heading):
        if isinstance(part, _Node):
            if said is not None and not _value(part, said):
                continue  # (an empty <meta itemprop>, a Place of only an address: no value)
            if said == "speakers" and said in record and _property_of(part) == said:
                # (a part per person: microdata's performers, each joined to the
                # performers before; a part after a part a class names so is no more
                # people, "speaker-bio")
                if by_property:
                    record[said] = _joined(record[said], _people(part))
            elif said is not None and said not in record:
                record[said] = _people(part) if said == "speakers" else _value(part, said)
                by_property = said == "speakers" and _property_of(part) == said
        elif found := _line_fields(part, record):
            record.update(found)
        else:
            abstract.append(part)
    if abstract:
        record["abstract"] = "\n\n".join([*filter(None, [record.get("abstract", "")]), *abstract])
    if led := format_prefix(title):  # ("Keynote: Title", as a Markdown heading reads it)
        record.setdefault("format", led[0])
    return record


def _named(root: _Node, cards: list[_Card]) -> str:
    """The conference a page of cards names: its one `<h1>` outside the cards, where
    that names a year ("JSConf 2026"; "Schedule" names the page, not the
    conference), else "" (htmlpage.py's reading of the `<title>` comes first)."""
    inside = {id(n) for c in cards for n in c.node.elements()}
    tops = [n.text() for n in root.elements() if n.tag == "h1" and id(n) not in inside]
    return tops[0] if len(tops) == 1 and when.YEAR.search(tops[0]) else ""


def read(page: str, document: str, default_tz: str) -> tuple[list[Talk], list[str]] | None:
    """The talks of a page of cards and the warnings on them; None for a page that is
    none (module docstring). `default_tz`: the zone of clock times that name none."""
    root = _tree(page)
    cards = _program(_cards(root)) if root is not None else []
    if root is None or not cards:
        return None
    records = [_record(c) for c in cards]
    talks, warnings = table.parse_tree(records, document, "html", None, default_tz)
    lines = {f"[{n}]": f"line {c.node.line}" for n, c in enumerate(cards)}
    said = re.compile(rf"^{re.escape(document)} (\[\d+\])")
    warnings = [
        said.sub(lambda m: f"{document} {lines.get(m.group(1), m.group(1))}", w) for w in warnings
    ]
    named = _named(root, cards)
    talks = [
        replace(
            t,
            conference=named or t.conference,
            sources=tuple(
                replace(s, location=lines.get(s.location, s.location)) for s in t.sources
            ),
        )
        for t in talks
    ]
    return talks, warnings

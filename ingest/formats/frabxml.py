"""frab / pentabarf schedule XML (`schedule.xml`, as FOSDEM and CCC publish it).

Shape:

    <schedule>
      <conference><title/><acronym/><time_zone_name/><day_change>09:00</day_change></conference>
      <day date="2024-02-03" index="1" start="2024-02-03T09:00:00+01:00">
        <room name="Janson">
          <event id="15790" guid="...">
            <date>2024-02-03T09:30:00+01:00</date><start>09:30</start><duration>00:25</duration>
            <room>Janson</room><title/><subtitle/><track>Keynotes</track><type/><language/>
            <abstract>&lt;p&gt;HTML, escaped or not&lt;/p&gt;</abstract><description/>
            <persons><person id="5901">Name</person></persons><url/>
          </event>

Each event becomes a dict of frab JSON's shape and goes through `frab.event_talk`,
so both formats map fields the same way. Parsing is safe: `defusedxml` refuses
entity declarations (no "billion laughs") and external entities; a malformed
file is an InputError naming the line and column.
"""

from __future__ import annotations

import re
from datetime import UTC
from typing import Any
from xml.etree.ElementTree import Element, ParseError, tostring

from defusedxml import ElementTree as SafeET
from defusedxml.common import DefusedXmlException

from ingest import when
from ingest.formats import frab
from ingest.formats.registry import Format, Options, Result, not_valid, register
from ingest.html import inline
from ingest.locate import IdLines
from talkbase.core.errors import InputError
from talkbase.core.records import Talk

NAME = "frabxml"
_FIELDS = (
    "date",
    "start",
    "duration",
    "room",
    "title",
    "subtitle",
    "track",
    "type",
    "language",
    "url",
    "slug",
)
_HEAD = 65536


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _child(el: Element, name: str) -> Element | None:
    return next((c for c in el if _local(c.tag) == name), None)


def _text(el: Element | None) -> str:
    return "".join(el.itertext()) if el is not None else ""


def _markup(el: Element) -> str:
    """An element's content with any child markup kept, for HTML-to-text."""
    if len(el) == 0:
        return el.text or ""
    inner = [el.text or ""]
    for child in el:
        piece = tostring(child, encoding="unicode")
        inner.append(re.sub(r"\sxmlns(?::\w+)?=\"[^\"]*\"", "", piece))
    return "".join(inner)


def event_dict(el: Element) -> dict[str, Any]:
    ev: dict[str, Any] = {"id": el.get("id") or "", "guid": el.get("guid") or ""}
    for child in el:
        name = _local(child.tag)
        if name == "persons":
            ev["persons"] = [
                {"public_name": _text(p), "id": p.get("id")}
                for p in child
                if _local(p.tag) == "person"
            ]
        elif name in ("links", "attachments"):  # <link href="...">Video</link>
            ev[name] = [
                {"url": item.get("href") or "", "title": _text(item) or item.get("type") or ""}
                for item in child
                if _local(item.tag) in ("link", "attachment")
            ]
        elif name in ("abstract", "description"):
            ev[name] = _markup(child)
        elif name in _FIELDS:
            ev[name] = _text(child)
    if not ev["guid"]:
        ev.pop("guid")
    return ev


def looks_like(text: str) -> bool:
    head = text[:_HEAD].lstrip("\ufeff \t\r\n")
    return (
        head.startswith("<")
        and re.search(r"<schedule[\s>]", head) is not None
        and re.search(r"<(?:event|day|conference)[\s>/]", head) is not None
    )


# one id attribute of an <event> tag (an event's guid and id each give a match)
_EVENT_IDS = re.compile(r"""<event\b[^>]*?\b(?P<key>guid|id)=["'](?P<value>[^"'<>]*)["']""")


def _line(text: str, pattern: str) -> int | None:
    m = re.search(pattern, text)
    return text.count("\n", 0, m.start()) + 1 if m else None


def load(text: str, document: str) -> Element:
    """Parse XML safely; every problem is an InputError naming the place."""
    try:
        return SafeET.fromstring(text.lstrip("\ufeff"))
    except DefusedXmlException as exc:
        line = _line(text, r"<!ENTITY") or _line(text, r"<!DOCTYPE") or 1
        raise InputError(
            document,
            "the XML declares entities (<!ENTITY ...>); talkbase refuses to expand them "
            f"(they can blow up memory or read outside files) [{type(exc).__name__}]",
            f"line {line}",
        ) from exc
    except ParseError as exc:
        line, column = getattr(exc, "position", (1, 0))
        reason = str(exc).split(":", 1)[0]
        said = not_valid("XML", reason, text, line)
        raise InputError(
            document,
            said.replace("not valid XML", "malformed XML"),
            f"line {line}, column {column + 1}",
        ) from exc
    except (ValueError, RecursionError) as exc:
        raise InputError(document, f"unreadable XML ({exc})", "line 1") from exc


def parse(text: str, document: str, default_tz: str = "UTC") -> tuple[list[Talk], list[str]]:
    root = load(text, document)
    if _local(root.tag) != "schedule":
        raise InputError(
            document, f"the root element is <{_local(root.tag)}>, not <schedule>", "line 1"
        )
    try:
        return _read(root, text, document, default_tz)
    except RecursionError as exc:
        raise InputError(document, "the schedule nests too deeply to read") from exc


def _read(root: Element, text: str, document: str, default_tz: str) -> tuple[list[Talk], list[str]]:
    conf = _child(root, "conference")
    title = inline(_text(_child(conf, "title"))) if conf is not None else ""
    acronym = inline(_text(_child(conf, "acronym"))) if conf is not None else ""
    tz_name = inline(_text(_child(conf, "time_zone_name"))) if conf is not None else ""
    if not when.zone(tz_name) and conf is not None:  # FOSDEM names only its city
        tz_name = when.city_zone(inline(_text(_child(conf, "city")))) or tz_name
    change = when.parse_clock(_text(_child(conf, "day_change")) if conf is not None else "")

    places = IdLines(text, _EVENT_IDS)

    def locate(ev: dict[str, Any], nth: int) -> int | None:
        for key in ("guid", "id"):
            if ev.get(key):
                line = places.line(key, ev[key], nth)
                if line is not None:
                    return line
        return None

    ctx = frab.Context(
        document,
        NAME,
        title or acronym or when.document_stem(document),
        when.zone(tz_name),
        when.zone(default_tz) or UTC,
        locate,
        frab.venue_of(_text(_child(conf, "venue")), _text(_child(conf, "city")))
        if conf is not None
        else None,
    )
    talks: list[Talk] = []
    days = [d for d in root if _local(d.tag) == "day"]
    if not days:
        raise InputError(document, "the schedule has no <day> elements", "line 1")
    for d_no, day in enumerate(days, start=1):
        day_date = when.iso_date(day.get("date"))
        start = when.parse_datetime(day.get("start"), ctx.tz, ctx.fallback)
        day_change = start.time() if start is not None else change
        label = day.get("date") or str(d_no)
        for holder in day:
            kind = _local(holder.tag)
            if kind == "room":
                room, events = inline(holder.get("name") or ""), list(holder)
            elif kind == "event":
                room, events = "", [holder]
            else:
                continue
            for e_no, el in enumerate(events, start=1):
                if _local(el.tag) != "event":
                    continue
                ev = event_dict(el)
                where = f"day {label}, room {room!r}, event {e_no}"
                talk = frab.event_talk(ev, ctx, where, day_date, room or None, day_change)
                if talk is not None:
                    talks.append(talk)
    return talks, ctx.said()


def _parse(text: str, document: str, options: Options) -> Result:
    return parse(text, document, default_tz=options.default_tz)


register(Format(NAME, 20, looks_like, _parse, suffixes=(".xml",)))

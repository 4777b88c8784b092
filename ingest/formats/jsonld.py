"""A web page whose program is in its schema.org data: the `<script
type="application/ld+json">` blocks of an HTML page (an Event with its `subEvent`s,
or a list of Events), or a bare JSON-LD document of them (a `.jsonld` file), read as the JSON tree they are (`table.parse_tree`, which
reads schema.org's names: `startDate`, `performer`, `location`, `inLanguage`).

A page is one when its blocks name two Events or more (`"@type": "Event"` or one
of its kinds, such as "EducationEvent"): a page naming only its conference holds no
program there. The page's other blocks
(a BreadcrumbList, an Organization) are read too and give no talks; a block that
is no JSON is skipped with a warning naming its line.

schema.org's own words are read as the tree reader reads its fields' (`_as_talks`):
a performer's `worksFor` is their affiliation where they name none; an `eventStatus`
other than EventScheduled is the talk's "Status" note ("cancelled", as the iCal
reader notes STATUS:CANCELLED; "postponed", "moved online"); and the Event holding
the talks as its `subEvent`s (inline, in the page's `@graph`, or by `@id`), or the
one `superEvent` the talks name, is the conference: its name, and its location the
venue.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from ingest.formats import registry, table
from ingest.formats.registry import Format, Options, Result, Unreadable, register
from ingest.html import inline, text_of
from talkbase.core.errors import InputError
from talkbase.core.records import Talk
from talkbase.core.terms import fold

NAME = "jsonld"
_BLOCK = re.compile(
    r"""<script\b[^>]*\btype\s*=\s*["']?application/ld\+json["']?[^>]*>(.*?)</script\s*>""",
    re.IGNORECASE | re.DOTALL,
)
_EVENT = re.compile(r""""@type"\s*:\s*(?:\[[^\]]*)?"\w*Event\"""")
# a JSON-LD document's context naming schema.org's vocabulary ("@context": "https://schema.org")
_CONTEXT = re.compile(r""""@context"\s*:\s*[\[{]?[^\]}]*?schema\.org""")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def _is_event(node: object) -> bool:
    kinds = node.get("@type") if isinstance(node, dict) else None
    return any(str(k).endswith("Event") for k in (kinds if isinstance(kinds, list) else [kinds]))


def _status(value: object) -> str:
    """The words of an `eventStatus` ("https://schema.org/EventCancelled" ->
    "cancelled", "EventMovedOnline" -> "moved online"); "" for EventScheduled, the
    status of any talk that says none."""
    last = re.split(r"[/:#]", inline(text_of(value)))[-1].removeprefix("Event")
    words = _CAMEL.sub(" ", last).lower().strip()
    return "" if words in ("", "scheduled") else words


def _as_talks(node: object) -> object:
    """The tree with schema.org's words put as the tree reader reads them: a person's
    `worksFor` as their `affiliation`, a lone performer object as a list of one, an
    Event's `eventStatus` as its "Status" note."""
    if isinstance(node, list):
        return [_as_talks(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _as_talks(v) for k, v in node.items()}
    if out.get("worksFor") and not out.get("affiliation"):
        out["affiliation"] = out["worksFor"]
    if _is_event(out):
        for key in ("performer", "performers"):
            if isinstance(out.get(key), dict):
                out[key] = [out[key]]
        if (said := _status(out.get("eventStatus"))) and "notes" not in out:
            out["notes"] = {"Status": said}
        if text_of(out.get("eventStatus")).strip():  # (read as its words, not its URL)
            out["eventStatus"] = said or "scheduled"
    return out


def _conference(trees: list[Any]) -> tuple[list[Any], dict[str, Any] | None]:
    """The trees without an Event that only points at its talks (`"subEvent":
    [{"@id": ...}]`, the talks beside it in the `@graph`), and the Event that is the
    conference: the one holding subEvents, else the one `superEvent` the talks name."""
    parents = [t for t in trees if _is_event(t) and t.get("subEvent")]
    kept = [
        t
        for t in trees
        if not any(t is p for p in parents)
        or not all(isinstance(s, dict) and set(s) <= {"@id", "@type"} for s in _listed(t))
    ]
    if len(parents) == 1:
        return kept, parents[0]
    supers = {
        _name(s): s
        for t in trees
        if _is_event(t)
        for s in [t.get("superEvent")]
        if isinstance(s, dict) and _name(s)
    }
    return kept, next(iter(supers.values())) if len(supers) == 1 else None


def _name(node: dict[str, Any]) -> str:
    return inline(text_of(node.get("name")))


def _listed(event: dict[str, Any]) -> list[Any]:
    sub = event.get("subEvent")
    return sub if isinstance(sub, list) else [sub]


def _blocks(text: str) -> list[tuple[int, str]]:
    """Each ld+json block's text, with the line it starts on; a bare JSON-LD document's
    whole text (a `.jsonld` file: no page around it) as its one block."""
    found = [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in _BLOCK.finditer(text)]
    return found or ([(1, text)] if _bare(text) else [])


def _bare(text: str) -> bool:
    """Whether `text` is a JSON document itself, as a JSON-LD file is: it opens as JSON
    does and names a JSON-LD `@context`."""
    return text.lstrip("\ufeff \t\r\n")[:1] in ("{", "[") and _CONTEXT.search(text) is not None


def looks_like(text: str) -> bool:
    if "ld+json" not in text.lower() and not _bare(text):
        return False
    # (two events at least: a page naming only its conference so holds no program)
    return sum(len(_EVENT.findall(body)) for _, body in _blocks(text)) >= 2


def _parse(text: str, document: str, options: Options) -> Result:
    trees: list[Any] = []
    warnings: list[str] = []
    for line, body in _blocks(text):
        try:
            tree = json.loads(body.strip().removeprefix("<!--").removesuffix("-->"))
        except (json.JSONDecodeError, RecursionError) as exc:
            if isinstance(exc, json.JSONDecodeError) and body is text:  # (a bare document)
                where = f"line {exc.lineno}, column {exc.colno}"
                raise InputError(document, f"not valid JSON ({exc.msg})", where) from exc
            warnings.append(
                Unreadable(
                    f"{document} line {line}: a schema.org block that is no JSON ({exc}); skipped"
                )
            )
            continue
        graph = tree.get("@graph") if isinstance(tree, dict) else None
        trees.extend(
            graph if isinstance(graph, list) else tree if isinstance(tree, list) else [tree]
        )
    if not trees:
        raise InputError(document, "its schema.org blocks hold no JSON to read", "line 1")
    trees, parent = _conference(trees)
    try:
        read = _as_talks(trees)
    except RecursionError as exc:
        raise InputError(document, "a schema.org block nests too deeply to read") from exc
    talks, more = table.parse_tree(read, document, NAME, options.mapping, options.default_tz)
    if parent is not None and (name := _name(parent)):
        place = parent.get("location")
        venue = (_name(place) if isinstance(place, dict) else inline(text_of(place))) or None
        talks = [replace(t, conference=name, venue=t.venue or venue) for t in talks]
    return talks, [*warnings, *more, *_page_only(text, document, options, talks)]


def _page_only(text: str, document: str, options: Options, talks: list[Talk]) -> list[str]:
    """The warning that the page around the JSON-LD shows a program (a table, headings)
    holding talks its events do not (by title, folded), naming them: many sites' plugins describe only part of their program so. The
    page's talks are not added (read as a page they may be its menus'): `--format html`
    reads the page's program instead."""
    page = registry.get("html")
    if page is None or _bare(text) or not talks:
        return []
    try:
        shown, _ = page.parse(text, document, options)
    except InputError:
        return []
    known = {fold(t.title) for t in talks}
    extra = [t for t in shown if fold(t.title) not in known and t.format != "break"]
    if not extra:
        return []
    named = ", ".join(repr(t.title) for t in extra[:3]) + (
        f" and {len(extra) - 3} more" if len(extra) > 3 else ""
    )
    return [
        f"{document}: the page's own program (its table or list, as --format html reads "
        f"it) holds "
        f"{len(extra)} talk(s) its JSON-LD ({len(talks)} events, the ones read) does not "
        f"({named}); not read: ingest the page with --format html to read its program instead"
    ]


register(Format(NAME, 45, looks_like, _parse, suffixes=(".html", ".htm", ".xhtml", ".jsonld")))

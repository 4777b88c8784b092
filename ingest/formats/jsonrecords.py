"""Finding the talk records inside a JSON document, each with its line.

A JSON table is an array of objects, an object holding such an array under a usual
key ("talks", "sessions" ...), or Sessionize's "all data" export whose sessions
name speakers, rooms and categories by id. Records are decoded one by one so that
each keeps the line it starts on for warnings.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from ingest import when
from ingest.formats.columns import FIELDS, norm
from ingest.html import text_of
from ingest.locate import IdLines
from talkbase.core.errors import InputError

RECORD_KEYS = (
    "talks",
    "sessions",
    "papers",
    "events",
    "items",
    "data",
    "results",
    "entries",
    "schedule",
    "program",
    "presentations",
    "submissions",
    "records",
)
_WS = re.compile(r"\s*")


def _norm(key: object) -> str:
    return re.sub(r"[^0-9a-z]+", "_", str(key).lower()).strip("_")


def _skip(body: str, pos: int) -> int:
    """The position after any whitespace at `pos`."""
    m = _WS.match(body, pos)
    return m.end() if m else pos


def array_items(body: str, document: str) -> Iterator[tuple[str, object]]:
    """The items of a top-level JSON array, each with its line, decoded one by one."""
    decoder, line, counted = json.JSONDecoder(), 1, 0
    pos = _skip(body, body.index("[") + 1)
    while not body.startswith("]", pos):
        try:
            obj, end = decoder.raw_decode(body, pos)
        except json.JSONDecodeError as exc:
            raise InputError(
                document, f"not valid JSON ({exc.msg})", f"line {exc.lineno}, column {exc.colno}"
            ) from exc
        except (ValueError, RecursionError) as exc:
            raise InputError(document, f"not readable JSON ({exc})") from exc
        line, counted = line + body.count("\n", counted, pos), pos
        yield f"line {line}", obj
        pos = _skip(body, end)
        if body.startswith(",", pos):
            pos = _skip(body, pos + 1)
        elif not body.startswith("]", pos):
            raise InputError(
                document,
                "not valid JSON (expected ',' or ']')",
                f"line {line + body.count(chr(10), counted, pos)}",
            )


def records(root: object, is_record: Callable[[object], bool]) -> list[object]:
    """The list of talk objects inside a JSON object: under a usual key, else the largest."""
    if is_record(root):
        return [root]
    found: list[tuple[bool, int, list[object]]] = []
    queue: list[tuple[object, int]] = [(root, 0)]
    while queue:
        node, depth = queue.pop(0)
        if not isinstance(node, dict) or depth > 3:
            continue
        for key, value in node.items():
            if isinstance(value, list):
                count = sum(isinstance(x, dict) for x in value)
                if count:
                    found.append((_norm(key) in RECORD_KEYS, count, value))
            elif isinstance(value, dict):
                queue.append((value, depth + 1))
    return max(found, key=lambda f: (f[0], f[1]))[2] if found else []


# what a page of a paginated API says of the whole list: its size, and where the next
# page is (at the top, or in a "pagination"/"meta"/"links" object: Django REST
# framework's count/next, Eventbrite's pagination.object_count/has_more_items)
_TOTAL_KEYS = ("count", "total", "total_count", "object_count", "total_items", "total_results")
_NEXT_KEYS = ("next", "next_page", "next_url", "has_more_items", "has_more")


def page_left(root: object, document: str, held: int) -> str | None:
    """The warning for one page of a paginated API: it counts more records than the
    `held` it holds and names a next page; None for a whole list."""
    if not isinstance(root, dict):
        return None
    places = [root, *(v for v in root.values() if isinstance(v, dict))]
    said = {_norm(k): v for place in places for k, v in place.items()}
    total = next((said[k] for k in _TOTAL_KEYS if isinstance(said.get(k), int)), None)
    more = next((said[k] for k in _NEXT_KEYS if said.get(k)), None)
    if isinstance(total, bool) or total is None or total <= held or not more:
        return None
    where = f" ({more})" if isinstance(more, str) else ""
    return (
        f"{document}: holds {held} of the {total} records its API counts, one page of a "
        f"paginated list with a next page{where}; the other pages must be fetched and "
        "ingested too"
    )


_IDS = re.compile(r'"(?P<key>id)"\s*:\s*(?:"(?P<s>[^"\n]*)"|(?P<n>[^\s,}\]"]+))\s*[,}\]]')


def located(text: str, objs: list[object], label: str) -> list[tuple[str, object]]:
    """Each record with its line, found by its id after the previous one's (from an
    index of every "id" in the text, built once)."""
    places = IdLines(
        text, _IDS, lambda m: m.group("s") if m.group("s") is not None else m.group("n")
    )
    out: list[tuple[str, object]] = []
    pos = 0
    for n, obj in enumerate(objs, start=1):
        ident = text_of(obj.get("id")) if isinstance(obj, dict) else ""
        at = places.first_after("id", ident, pos) if ident else None
        if at is not None:
            pos = at
        out.append((f"line {places.line_at(at)}" if at is not None else f"{label} {n}", obj))
    return out


# the fields a category of Sessionize (or any program) may stand for, by its title
# ("Session format", "Formato", "Language", "Track"); the rest stay tracks and notes
_CATEGORY_FIELDS = ("format", "language", "track")


def category_field(title: object) -> str | None:
    """The talk field a category's title names, by the names `FIELDS` gives the
    fields: the whole title, else its words from the last ("Session format" is the
    format, "Language" the language, "Level" none)."""
    words = [w for w in norm(title).split("_") if w]
    for said in ("_".join(words), *reversed(words)):
        for fld in _CATEGORY_FIELDS:
            if said in FIELDS[fld]:
                return fld
    return None


def _service(obj: dict[str, Any]) -> bool:
    """A session the program itself marks as no talk: Sessionize's isServiceSession
    (a coffee break, a lunch: "Kaffeepause", "Pranzo")."""
    return obj.get("isServiceSession") is True


def references(root: object) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Sessionize's "all data" JSON names speakers, rooms and categories by id; its
    grid and its lists name categories inline ({"name": "Track", "categoryItems":
    [...]}). Each category goes to the field its title names (`category_field`),
    the others to the track; a service session is kept typed "break", as the
    product keeps breaks (ingest/housekeeping.py)."""
    top = root if isinstance(root, dict) else {}

    def table(key: str, name_keys: tuple[str, ...]) -> dict[str, str]:
        rows = [r for r in when.as_list(top.get(key)) if isinstance(r, dict)]
        return {
            text_of(r.get("id")): text_of(next((r[k] for k in name_keys if r.get(k)), ""))
            for r in rows
        }

    people = table("speakers", ("fullName", "name"))
    rooms = table("rooms", ("name",))
    items = {  # item id -> (the field its category names, its name)
        text_of(i.get("id")): (category_field(text_of(c.get("title") or c.get("name"))), text_of(i))
        for c in when.as_list(top.get("categories"))
        if isinstance(c, dict)
        for i in when.as_list(c.get("items"))
        if isinstance(i, dict)
    }

    def by_field(named: list[tuple[str | None, str]], obj: dict[str, Any]) -> None:
        fields: dict[str, list[str]] = {}
        for fld, name in named:
            if name:
                fields.setdefault(fld or "track", []).append(name)
        for fld, names in fields.items():
            if not obj.get(fld):
                obj[fld] = names if fld == "track" else names[0]

    def resolve_refs(obj: dict[str, Any]) -> dict[str, Any]:
        obj = dict(obj)
        if isinstance(obj.get("speakers"), list):
            obj["speakers"] = [
                s if isinstance(s, dict) else people.get(text_of(s), s) for s in obj["speakers"]
            ]
        if obj.get("roomId") is not None and not obj.get("room"):
            obj["room"] = rooms.get(text_of(obj["roomId"]))
        if isinstance(obj.get("categoryItems"), list) and not obj.get("track"):
            by_field([items.get(text_of(i), (None, "")) for i in obj["categoryItems"]], obj)
        inline = [c for c in when.as_list(obj.get("categories")) if isinstance(c, dict)]
        if inline and all("categoryItems" in c for c in inline):
            obj.pop("categories")
            by_field([(category_field(text_of(c.get("name"))), text_of(c)) for c in inline], obj)
        if _service(obj) and not obj.get("format"):
            obj["format"] = "break"
        return obj

    return resolve_refs

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


def references(root: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Sessionize's "all data" JSON names speakers, rooms and categories by id."""

    def table(key: str, name_keys: tuple[str, ...]) -> dict[str, str]:
        rows = [r for r in when.as_list(root.get(key)) if isinstance(r, dict)]
        if key == "categories":
            rows = [i for r in rows for i in when.as_list(r.get("items")) if isinstance(i, dict)]
        return {
            text_of(r.get("id")): text_of(next((r[k] for k in name_keys if r.get(k)), ""))
            for r in rows
        }

    people = table("speakers", ("fullName", "name"))
    rooms, items = table("rooms", ("name",)), table("categories", ("name",))

    def resolve_refs(obj: dict[str, Any]) -> dict[str, Any]:
        obj = dict(obj)
        if isinstance(obj.get("speakers"), list):
            obj["speakers"] = [
                s if isinstance(s, dict) else people.get(text_of(s), s) for s in obj["speakers"]
            ]
        if obj.get("roomId") is not None and not obj.get("room"):
            obj["room"] = rooms.get(text_of(obj["roomId"]))
        if isinstance(obj.get("categoryItems"), list) and not obj.get("track"):
            obj["track"] = [items.get(text_of(i), "") for i in obj["categoryItems"]]
        return obj

    return resolve_refs

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
from ingest.formats.columns import FIELDS, norm, resolve
from ingest.formats.icalnames import ROLE_OR_ORG
from ingest.formats.registry import not_valid
from ingest.html import inline, text_of
from ingest.locate import IdLines
from ingest.speakers import ORG_KEYS, person_name
from talkbase.core.errors import InputError
from talkbase.core.languages import language_code
from talkbase.core.terms import fold

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


def singular(key: str) -> str:
    return key[:-1] if key.endswith("s") and not key.endswith("ss") else key


def kind_of(key: object) -> str | None:
    """ "room", "speaker" or "track" when a key names a list of those (by the names
    `FIELDS` gives each field, singular or plural), else None. A key naming talk
    records ("sessions", `RECORD_KEYS`) is none of them."""
    name = norm(key)
    if not name or name in RECORD_KEYS:
        return None
    for kind, names in _KIND_NAMES:
        if name in names or singular(name) in names or name.replace("_", "") in names:
            return kind
    return None


# the names of each kind `kind_of` reads, normalised once (it is asked at every key)
_KIND_NAMES = tuple(
    (kind, frozenset(norm(n) for n in FIELDS[fld]))
    for kind, fld in (("room", "room"), ("speaker", "speakers"), ("track", "track"))
)


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
                document,
                not_valid("JSON", exc.msg, body, exc.lineno),
                f"line {exc.lineno}, column {exc.colno}",
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
# (and the previous) page is (at the top, or in a "pagination"/"meta"/"links" object:
# Django REST framework's count/next/previous, Eventbrite's
# pagination.object_count/has_more_items)
_TOTAL_KEYS = ("count", "total", "total_count", "object_count", "total_items", "total_results")
_NEXT_KEYS = ("next", "next_page", "next_url", "has_more_items", "has_more")
_PREVIOUS_KEYS = ("previous", "prev", "previous_page", "prev_page", "previous_url", "prev_url")


class PageLeft(str):
    """The warning that a document is one page of a paginated list (`page_left`),
    with what the page says of the list: the address the list is fetched from
    (`listing`: its next or previous page's, without the query, None where it names
    none), how many records the list holds (`total`), how many this page does
    (`held`), and its next page's address (`next`, "" where it names none), so that
    the pages of one list read together are one program (ingest/detect.py
    `join_pages`)."""

    listing: str | None
    total: int
    held: int
    next: str


def _listing(link: object) -> str | None:
    """The address of a list as a link to one of its pages gives it: the link
    without its query ("https://pretalx.com/api/events/x/talks/")."""
    return link.split("?", 1)[0].split("#", 1)[0] if isinstance(link, str) and link else None


def page_left(root: object, document: str, held: int) -> PageLeft | None:
    """The warning for one page of a paginated API: it counts more records than the
    `held` it holds and names a next or a previous page; None for a whole list."""
    if not isinstance(root, dict):
        return None
    places = [root, *(v for v in root.values() if isinstance(v, dict))]
    said = {_norm(k): v for place in places for k, v in place.items()}
    total = next((said[k] for k in _TOTAL_KEYS if isinstance(said.get(k), int)), None)
    more = next((said[k] for k in _NEXT_KEYS if said.get(k)), None)
    before = next((said[k] for k in _PREVIOUS_KEYS if said.get(k)), None)
    if isinstance(total, bool) or total is None or total <= held or not (more or before):
        return None
    if more:
        where = f" ({more})" if isinstance(more, str) else ""
        side = f"a next page{where}"
    else:
        side = f"a previous page ({before})" if isinstance(before, str) else "a previous page"
    left = PageLeft(
        f"{document}: holds {held} of the {total} records its API counts, one page of a "
        f"paginated list with {side}; the other pages must be fetched and ingested too"
    )
    left.listing = _listing(more) or _listing(before)
    left.total, left.held = total, held
    left.next = more if isinstance(more, str) else ""
    return left


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
# ("Session format", "Type of session", "Language", "Session duration", "Track");
# the rest are notes under their titles ("Level: Advanced": `by_field`)
_CATEGORY_FIELDS = ("format", "language", "duration", "track")


def category_field(title: object) -> str | None:
    """The talk field a category's title names, by the names `FIELDS` gives the
    fields: the whole title, else its words from the last, those before an "of"
    ("Session format" and "Type of session" are the format, "Language" the language,
    "Level" none)."""
    words = [w for w in norm(title).split("_") if w]
    head = words[: words.index("of")] if "of" in words[1:] else words
    for said in ("_".join(words), *reversed(head)):
        for fld in _CATEGORY_FIELDS:
            if said in FIELDS[fld]:
                return fld
    return None


def category_value(fld: str | None, name: str) -> str | None:
    """The field a category's item goes to: the one its title names (`category_field`)
    where the item is a value of it (a language the product knows, a duration it
    reads: "Programming language: Python" is none), else the track (None)."""
    if fld == "language" and language_code(name) is None:
        return None
    if fld == "duration" and when.parse_duration(name) is None:
        return None
    return fld


def _service(obj: dict[str, Any]) -> bool:
    """A session the program itself marks as no talk: Sessionize's isServiceSession
    (a coffee break, a lunch: "Kaffeepause", "Pranzo")."""
    return obj.get("isServiceSession") is True


_AT = re.compile(r"\s(?:at|@)\s+(?=\S)")


def _organisation(text: str) -> bool:
    """A short name written as an organisation's: one to six words, the first
    capitalised or a number, none a job title or a company word (`ROLE_OR_ORG`,
    the words the calendar reader knows: "Senior Engineer" is a role, and "Acme
    Labs" cannot be told from one)."""
    words = text.split()
    return (
        0 < len(words) <= 6
        and len(text) <= 60
        and (text[0].isupper() or text[0].isdigit())
        and not any(w.lower().strip(".,()") in ROLE_OR_ORG for w in words)
    )


def tagline_affiliation(tagline: object) -> str | None:
    """The organisation a speaker's tag line names (Sessionize's `tagLine`), where it
    says one: after "at" or "@" ("Principal Engineer at MPK Kraków") or after the one
    comma of "Role, Org" ("SRE, Allegro"), or after the last comma of a line that
    begins with a role ("SRE, Grafana Labs": `_role`, `_named_org`); None for any other
    line, which is kept
    nowhere: a line alone cannot be told a role from an organisation ("JetBrains",
    "Freelancer", "DevRel", "Microsoft MVP": review), nor a list or prose."""
    said = inline(text_of(tagline))
    if not said or len(said) > 120 or "\n" in said:
        return None
    found = list(_AT.finditer(said))
    if found:
        org = said[found[-1].end() :].strip(" .")  # (a name: "at scale" is none)
        return org if org[:1].isupper() and len(org.split()) <= 6 and len(org) <= 60 else None
    parts = [p.strip() for p in said.split(",")]
    if len(parts) == 2 and all(parts) and _organisation(parts[1]):
        return parts[1]
    if len(parts) >= 2 and all(parts) and _role(parts[0]) and _named_org(parts[-1]):
        return parts[-1]  # ("SRE, Grafana Labs": a company's word ends its name)
    return None


def _role(text: str) -> bool:
    """A job title: a role's word in it ("Staff Engineer": `ROLE_OR_ORG`), or one
    short word in capitals ("SRE", "CTO")."""
    words = text.split()
    return any(w.lower().strip(".,()") in ROLE_OR_ORG for w in words) or (
        len(words) == 1 and words[0].isalpha() and words[0].isupper() and len(words[0]) <= 4
    )


def _named_org(text: str) -> bool:
    """An organisation's name after a role: as `_organisation` reads one, or two words
    or more whose last alone is a company's word ("Grafana Labs"); never a role
    ("Staff Engineer", "Engineer")."""
    words = text.split()
    return _organisation(text) or (
        len(words) >= 2 and _organisation(" ".join(words[:-1])) and words[0][:1].isupper()
    )


def _person(row: dict[str, Any], asked: dict[str, str] | None = None) -> object:
    """A speaker of Sessionize's speakers table as the reader reads speakers: the
    name, and the affiliation their answer to a question titled as one names
    (`asked`: the questions' titles by id; "Company", "Organisation", by the names
    `FIELDS` gives it), else their tag line (`tagline_affiliation`)."""
    name = person_name(row)
    answered = [
        " ".join(text_of(a.get("answerValue")).split())
        for a in when.as_list(row.get("questionAnswers"))
        if isinstance(a, dict)
        and norm((asked or {}).get(text_of(a.get("questionId")), "")) in FIELDS["affiliation"]
    ]
    own = next((inline(text_of(row[k])) for k in ORG_KEYS if text_of(row.get(k)).strip()), "")
    org = next((a for a in answered if a), None) or own or tagline_affiliation(row.get("tagLine"))
    return {"name": name, "affiliation": org} if name and org else name


# the keys of the id a table's object is named by elsewhere in its document
# (Sessionize's "id", pretalx's "code": `jsontree.tables`)
ID_KEYS = ("id", "code", "guid", "uuid", "slug")
# an id as Sessionize's tables write theirs: a UUID, a number, a slug with a digit
# ("3f2504e0-4f89-…", "5000", "a1b2c3d4-0009"), never a person's name as written
_ID = re.compile(r"(?=[^\s]*\d)[A-Za-z0-9][\w.-]*")


# a key naming the id (or ids) of a room, a speaker or a track: "room_id", "roomId",
# "speaker_ids", "speakerIds", "trackID"
_ID_KEY = re.compile(r"(.+?)_?ids?")
# where an id key's kind is joined: the field the table reader reads it under
_JOINED = {"room": "room", "speaker": "speakers", "track": "track"}


def id_kind(key: object) -> str | None:
    """The kind (`kind_of`) whose id or ids a key names ("speaker_ids", "roomId",
    "track_id"), else None."""
    split = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", str(key))
    m = _ID_KEY.fullmatch(norm(split))
    return kind_of(m.group(1)) if m else None


def _dangling(said: object, table: set[str]) -> bool:
    """Whether a session's speaker is an id (`_ID`) that the document's speakers'
    table (its ids), where it has one, does not hold."""
    if isinstance(said, dict) or not table or isinstance(said, bool):
        return False
    ident = text_of(said).strip()
    return ident not in table and bool(_ID.fullmatch(ident))


def references(root: object) -> Callable[..., dict[str, Any]]:
    """Sessionize's "all data" JSON names speakers, rooms and categories by id; its
    grid and its lists name categories inline ({"name": "Track", "categoryItems":
    [...]}). Each category goes to the field its title names (`category_field`),
    the others to the track; a service session is kept typed "break", as the
    product keeps breaks (ingest/housekeeping.py); a speaker's tag line gives its
    affiliation where it names one (`tagline_affiliation`). An id its tables do not
    hold is left out, and said (`resolve_refs`)."""
    top = root if isinstance(root, dict) else {}

    asked = {  # (Sessionize's questions to speakers: their titles by id)
        text_of(q.get("id")): text_of(q.get("question"))
        for q in when.as_list(top.get("questions"))
        if isinstance(q, dict)
    }
    people = {
        text_of(r.get("id")): _person(r, asked)
        for r in when.as_list(top.get("speakers"))
        if isinstance(r, dict)
    }
    # every id the speakers' table gives its people, under any key of one (pretalx's
    # "code": `jsontree.tables` follows those): an id none of them holds is dangling
    held = {
        text_of(r[k])
        for r in when.as_list(top.get("speakers"))
        if isinstance(r, dict)
        for k in ID_KEYS
        if r.get(k) is not None
    }
    # each list of rooms, speakers or tracks under a key naming them (`kind_of`), by
    # any id its objects hold (`ID_KEYS`): what a session's id keys name (`id_kind`)
    by_kind: dict[str, dict[str, tuple[str, object]]] = {}
    for key, value in top.items():
        kind = kind_of(key)
        if kind is None:
            continue
        for r in when.as_list(value):
            if not isinstance(r, dict):
                continue
            said = (
                _person(r, asked) if kind == "speaker" else text_of(r.get("name") or r.get("title"))
            )
            for k in ID_KEYS:
                if r.get(k) is not None and not isinstance(r[k], dict | list):
                    by_kind.setdefault(kind, {}).setdefault(text_of(r[k]), (str(key), said))
    items = {  # item id -> (the field its category names, its name, the category's title)
        text_of(i.get("id")): (category_field(said), text_of(i), said)
        for c in when.as_list(top.get("categories"))
        if isinstance(c, dict)
        for said in [inline(text_of(c.get("title") or c.get("name")))]
        for i in when.as_list(c.get("items"))
        if isinstance(i, dict)
    }

    def by_field(named: list[tuple[str | None, str, str]], obj: dict[str, Any]) -> None:
        """Each category item in the field its category names; an item of a category
        named as no field ("Level", "Audience") is a note under the category's title
        ("Level: Intermediate"), not a track, unless the category has no title."""
        fields: dict[str, list[str]] = {}
        notes: dict[str, list[str]] = {}
        for fld, name, said in named:
            if not name:
                continue
            to = category_value(fld, name)
            if to is None and said and fld is None:
                notes.setdefault(said, []).append(name)
            else:
                fields.setdefault(to or "track", []).append(name)
        for fld, names in fields.items():
            if not obj.get(fld):
                obj[fld] = names if fld == "track" else names[0]
        if notes:  # (read as talkbase's own export's notes: {"Level": "Intermediate"})
            old = obj.get("notes")
            kept: dict[str, Any] = old if isinstance(old, dict) else {}
            obj["notes"] = {**{k: ", ".join(v) for k, v in notes.items()}, **kept}

    def resolve_refs(obj: dict[str, Any], lost: list[str] | None = None) -> dict[str, Any]:
        """The session with the speakers, room and categories its ids name; an id
        the document's table does not hold (a speaker deleted, their session kept)
        left out, and said in `lost` ("speaker id '3f25…' is not in speakers")."""
        obj, dangling = dict(obj), [] if lost is None else lost
        if isinstance(obj.get("speakers"), list):
            listed = obj["speakers"]
            gone = [s for s in listed if _dangling(s, held)]
            obj["speakers"] = [
                s if isinstance(s, dict) else people.get(text_of(s), s)
                for s in listed
                if s not in gone
            ]
            dangling += [f"speaker id {text_of(s)!r} is not in speakers" for s in gone]
        cols = resolve(obj)
        for key in [k for k in obj if k not in cols.values()]:
            kind = id_kind(key)
            joined, named = by_kind.get(kind or ""), obj[key]
            fld = _JOINED.get(kind or "", "")
            if not joined or named is None or text_of(cols.get(fld) and obj[cols[fld]]):
                continue  # (what the session says itself wins)
            ids = named if isinstance(named, list) else [named]
            listed = [text_of(i) for i in ids if text_of(i).strip()]
            found = [joined[i][1] for i in listed if i in joined and joined[i][1]]
            table_key = next(iter(joined.values()))[0]
            dangling += [
                f"{kind} id {i!r} is not in {table_key}" for i in listed if i not in joined
            ]
            if found:
                obj[cols.get(fld, fld)] = found if kind == "speaker" else ", ".join(map(str, found))
        if isinstance(obj.get("categoryItems"), list) and not obj.get("track"):
            by_field([items.get(text_of(i), (None, "", "")) for i in obj["categoryItems"]], obj)
            dangling += [
                f"category item id {text_of(i)!r} is not in categories"
                for i in obj["categoryItems"]
                if items and text_of(i) not in items
            ]
        inline = [c for c in when.as_list(obj.get("categories")) if isinstance(c, dict)]
        if inline and all("categoryItems" in c for c in inline):
            obj.pop("categories")
            by_field(  # (under its title: a "Level" no track, as All Data's)
                [
                    (category_field(said), text_of(c), said)
                    for c in inline
                    for said in [" ".join(text_of(c.get("name")).split())]
                ],
                obj,
            )
        if _service(obj) and not obj.get("format"):
            obj["format"] = "break"
        return obj

    return resolve_refs


def unread_lists(root: object, talks: list[dict[str, Any]]) -> list[tuple[str, str, int]]:
    """The top-level lists of rooms, speakers or tracks (under a key naming them,
    `kind_of`) whose objects' names none of the talks read (`talks`, as joined) says:
    a table the reader did not join (its talks name them by a key it
    does not know), each as (its key, its kind, its number of objects)."""
    out: list[tuple[str, str, int]] = []
    for key, value in (root if isinstance(root, dict) else {}).items():
        kind = kind_of(key)
        rows = [r for r in value if isinstance(r, dict)] if isinstance(value, list) else []
        if kind is None or not rows or not talks:
            continue
        named = [  # (a category's items by theirs: Sessionize's categories)
            *rows,
            *(i for r in rows for i in when.as_list(r.get("items")) if isinstance(i, dict)),
        ]
        names = {
            fold(person_name(r) if kind == "speaker" else text_of(r.get("name") or r.get("title")))
            for r in named
        } - {""}
        said = fold(json.dumps(talks, ensure_ascii=False, default=str))
        if names and not any(n in said for n in names):
            out.append((str(key), kind, len(rows)))
    return out


# ---- shapes read as the plain tree they stand for ---------------------------------------


def _resource(node: object) -> bool:
    """A JSON:API resource object: a type, an id and an `attributes` object."""
    return (
        isinstance(node, dict)
        and isinstance(node.get("type"), str)
        and isinstance(node.get("id"), str | int)
        and isinstance(node.get("attributes"), dict)
    )


def _resources(value: object) -> list[dict[str, Any]]:
    """The resources of a JSON:API `data` or `included` member (one or a list)."""
    items = value if isinstance(value, list) else [value]
    return [r for r in items if isinstance(r, dict) and _resource(r)]


def _flat(res: dict[str, Any]) -> dict[str, Any]:
    """A resource as a plain object: its attributes, its id, and its JSON:API type
    kept as "_type" (the class of the resource, as JSON-LD's "@type" is: a "session"
    resource's type is not the session's type)."""
    return {"id": res["id"], "_type": res["type"], **res["attributes"]}


def jsonapi(root: object) -> object:
    """A JSON:API document (`{"data": [{"type", "id", "attributes", "relationships"}],
    "included": [...]}`: Open Event's, Drupal's exports) as the plain tree the reader
    reads: each resource of `data` flattened (`_flat`), each of its relationships
    replaced by the resource(s) it names, found by (type, id) among `included` and
    `data` (flattened too, their own relationships not followed: they may loop), so
    that a session's speakers, room, track and type are under its relationships'
    names; an identifier found nowhere stays its id. `included` is dropped (joined).
    Any other document is returned as it is."""
    if not isinstance(root, dict):
        return root
    data = root.get("data")
    listed = _resources(data)
    if not listed or len(listed) != (len(data) if isinstance(data, list) else 1):
        return root
    index = {
        (str(r["type"]), str(r["id"])): _flat(r)
        for r in (*_resources(root.get("included")), *listed)
    }

    def named(ident: object) -> object:
        if not isinstance(ident, dict):
            return ident
        return index.get((str(ident.get("type")), str(ident.get("id"))), ident.get("id"))

    def joined(res: dict[str, Any]) -> dict[str, Any]:
        out = _flat(res)
        relations = res.get("relationships")
        for name, rel in (relations if isinstance(relations, dict) else {}).items():
            linkage = rel.get("data") if isinstance(rel, dict) else None
            if isinstance(linkage, list):
                out.setdefault(name, [named(i) for i in linkage])
            elif isinstance(linkage, dict):
                out.setdefault(name, named(linkage))
        return out

    flat = [joined(r) for r in listed]
    rest = {k: v for k, v in root.items() if k not in ("data", "included")}
    return {**rest, "data": flat if isinstance(data, list) else flat[0]}


# the words a record's keys may be prefixed with, naming the record itself
# ("event_start", "session_type", "talkTitle"): the first words of the compound
# names of a title (`FIELDS`' "event_title", "session_name", "talk_title" ...)
_RECORD_PREFIXES = tuple(sorted({n.split("_")[0] for n in FIELDS["title"] if "_" in n}))


def _prefix_of(key: object) -> str | None:
    """The record-naming word a key starts with ("event" of "event_start"), if a
    word follows it."""
    name = norm(key).replace("_", "")
    return next((p for p in _RECORD_PREFIXES if name.startswith(p) and name != p), None)


def unprefixed(obj: dict[str, Any]) -> dict[str, Any]:
    """An object whose keys share a prefix naming the record (Sched's API:
    "event_key", "event_start", "event_end", "event_type") with each such key that
    names no field as it is, and names one once the prefix is set aside, renamed to
    that name ("start", "end", "type"), where no other key names that field. Two keys
    or more must share the prefix (one "event_start" beside a "title" could be the
    conference's). Then `subtyped`."""
    prefixes = [p for k in obj if (p := _prefix_of(k))]
    shared = {p for p in prefixes if prefixes.count(p) > 1}
    if not shared:
        return subtyped(obj)
    cols = resolve(obj)
    named_by = {c: f for f, c in cols.items()}
    out: dict[str, Any] = {}
    for key, value in obj.items():
        prefix = _prefix_of(key)
        rest = norm(key).replace("_", "")[len(prefix) :] if prefix in shared else ""
        fld = next(iter(resolve([rest])), None) if rest and key not in named_by else None
        if fld is not None and fld not in cols and rest not in obj:
            cols[fld] = rest
            out[rest] = value
        else:
            out[key] = value
    return subtyped(out)


def subtyped(obj: dict[str, Any]) -> dict[str, Any]:
    """A record with a type and a subtype (any key ending so: Sched's "event_type":
    "Linux Kernel", "event_subtype": "Talk") says its kind of session in the subtype, its category in
    the type: the subtype, where it says one, is the format, the type the track
    (where no key names one)."""
    sub = next((k for k in obj if norm(k).replace("_", "").endswith("subtype")), None)
    said = text_of(obj.get(sub)).strip() if sub is not None else ""
    cols = resolve(obj)
    if sub is None or not said or "format" not in cols or cols["format"] == sub:
        return obj
    out = dict(obj)
    if "track" not in cols:
        out["track"] = out.pop(cols["format"])
    else:
        out.pop(cols["format"])
    out["type"] = said
    out.pop(sub)
    return out


def grouped(obj: dict[str, Any]) -> dict[str, Any]:
    """A group of Sessionize's Sessions list ({"groupName": "Data & Ops", "sessions":
    [...]}) with its name as the track of its sessions that name none, where the
    sessions are grouped by track: not its default group of all ("isDefault"), nor
    a group named by a date or by its sessions' room (grouped by day or by room); a
    session's own "Track" category comes first."""
    sessions = obj.get("sessions")
    name = inline(text_of(obj.get("groupName")))
    if not name or obj.get("groupId") is None or obj.get("isDefault") is True:
        return obj  # (its "All" group: no grouping)
    talks = [t for t in sessions if isinstance(t, dict)] if isinstance(sessions, list) else []
    rooms = {fold(inline(text_of(t.get("room")))) for t in talks}
    if not talks or when.parse_date(name) or rooms == {fold(name)}:
        return obj

    def own(talk: dict[str, Any]) -> bool:  # (a track of its own, its "Track" category's)
        said = [c for c in when.as_list(talk.get("categories")) if isinstance(c, dict)]
        return bool(talk.get("track")) or any(
            category_field(c.get("name")) == "track" for c in said
        )

    return {**obj, "sessions": [t if own(t) else {**t, "track": name} for t in talks]}


# OpenAgenda's event status codes, as its API documents them, in the words a status
# is read in (talkbase/core/terms.py: taking place, postponed, cancelled)
_OPENAGENDA_STATUS = {
    1: "scheduled",
    2: "rescheduled",
    3: "moved online",
    4: "postponed",
    5: "full",
    6: "cancelled",
}


def openagenda(obj: dict[str, Any]) -> dict[str, Any]:
    """An OpenAgenda event (told by its `uid`, `slug` and list of `timings`) with its
    numeric `status` said in words (`_OPENAGENDA_STATUS`: 6 is cancelled); any other
    object as it is (a number is no status elsewhere)."""
    code = obj.get("status")
    if (
        isinstance(code, int)
        and not isinstance(code, bool)
        and code in _OPENAGENDA_STATUS
        and {"uid", "slug"} <= obj.keys()
        and isinstance(obj.get("timings"), list)
    ):
        return {**obj, "status": _OPENAGENDA_STATUS[code]}
    return obj


def plain_tree(root: object, depth: int = 0) -> object:
    """A JSON program's tree as the reader reads it: a JSON:API document joined
    (`jsonapi`), each object's record-prefixed keys read (`unprefixed`), an
    OpenAgenda event's status code in words (`openagenda`)."""
    if depth == 0:
        root = jsonapi(root)
    if depth > 64:  # (deeper is refused by the tree reader, not read here)
        return root
    if isinstance(root, dict):
        kept = {k: plain_tree(v, depth + 1) for k, v in root.items()}
        return unprefixed(grouped(openagenda(kept)))
    if isinstance(root, list):
        return [plain_tree(v, depth + 1) for v in root]
    return root

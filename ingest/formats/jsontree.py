"""The talks of a JSON program of any shape: found wherever they sit in the tree,
their references followed, their place in the tree read, and a sanity gate.

A program's JSON puts its talks in a list ("talks", "sessions", ...), or deep in
a tree keyed by day, minute and room (`{"schedule": {"2024-07-17": {"540": {"r1":
{...talk...}}}}, "rooms": [...], "speakers": [...]}`, as sites fed from pretalx
publish), and names rooms, speakers and tracks by id or code from tables beside
them. Here:

- a talk is an object with a title and a start (or a `slot`/`slots`), or speakers,
  or an abstract (`level`); the names each field accepts are `columns.FIELDS`'.
  An object that has only a name (and maybe a description) is no talk: rooms,
  people and tracks have one;
- objects are grouped by their place in the tree (list positions and the keys
  that are data, days, minutes, ids, as "*"): a group holding talks is talks,
  every member (a "Lunch" with a title and a room, too);
- a reference table is a list of objects with an id or code; a talk's room,
  track and speakers written as such an id are replaced by what the table names;
- a talk's place says what it does not: a day key (2024-07-17), a minute key
  under it (540 = 09:00), a room key (an id of the rooms table, or a key under
  a "rooms" key), an enclosing room object, an enclosing session (a titled
  object from a clock time to another the same day, Indico's slots: its title is
  the track);
- a talk holding a list of talks (Whova's `sub_sessions`) is a block (`holds_talks`):
  its talks are read, given its title as their track and its room; so is a titled
  object holding talks in a list under "tracks" (`_block`; its room only where it
  names a place, `_a_room`);
- a person holding talks in a list naming speakers (not authors, group members or
  hosts) is their speaker (`_presenter`: a person's name, no team's or company's);
  a key under a day of room words and a number or letter ("Aula 1", "Room B") is
  their room (`_room_key`); what the talk says itself wins over its place;
- a slot holding its talk under its title's key ({"start", "end", "talk": {...}})
  is that talk at the slot's times, with the slot's people where it names them
  (`_held`); speakers given as a GraphQL connection ({"edges": [{"node": ...}]})
  are its nodes (`_connection`);
- `slot` ({room, start, end}) is the talk's time and room; `slots` (or any list
  of times: OpenAgenda's `timings` [{begin, end}]) is one talk per slot (a
  workshop given twice), the one its place in the tree names when it has one; a
  talk that says its own start is held at it (a list of times in it is its
  chapter marks, not its slots);
- the gate (`Gate`): objects under a key naming rooms, people or tracks
  ("rooms", "speakers", "tracks", by `columns.FIELDS`) are never talks unless
  they have times or speakers and nothing else does; a file where only such
  objects (or only names) are found, or where the talks found are far fewer
  than the other titled objects of the tree, is refused with one sentence saying
  what was found; so is an OpenAPI or Swagger spec (`api_description`), a file
  whose only talks sit under `example`/`examples` keys (documentation), and one
  whose talks are mostly records of something else (`not_sessions`: a package
  search, an issue tracker's list, a library's loans): their only times say when
  each record was made or changed (or its status is one of publication, a blog's: its
  date is when it was published), or run over days (dates days apart under keys naming
  no field: a loan from "Checked out" to "Due"), and none names a room, a track (category ids alone name
  none), an end, a duration or who presents it; so is a GeoJSON map whose features
  say no time of day and no presenter (places, `_geojson`);
- the conference is named as the document names it (`conference`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from ingest import when
from ingest.formats.columns import FIELDS, listed_name, norm, resolve
from ingest.formats.icalnames import name_like
from ingest.formats.jsonrecords import ID_KEYS, RECORD_KEYS, kind_of, singular
from ingest.formats.mdparts import room_name, room_named
from ingest.html import inline, text_of
from ingest.links import web_url
from ingest.speakers import ORG_KEYS, name_shaped, person_name
from talkbase.core.orgs import names_organisation
from talkbase.core.terms import DAY_NOUNS, WEEKDAYS, fold

MAX_DEPTH = 24  # deeper is damage, not a program
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_NUMBER = re.compile(r"-?\d+")
_CLOCK = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")


def _has(obj: dict[str, Any], cols: dict[str, str], fld: str) -> bool:
    return fld in cols and bool(text_of(obj.get(cols[fld])).strip())


def level(obj: dict[str, Any]) -> str:
    """How much an object looks like a talk: "strong" (a title and a start, slot or
    speakers), "weak" (a title and an abstract), "titled" (a title only, by a key
    other than "name"), "named" (a name only: a room, a person, a track, a product,
    a package: an object titled by "name" that neither names who presents it,
    `_presented`, nor says when at a time of day, `_at_a_time_of_day`), ""."""
    cols = resolve(obj)
    if not _has(obj, cols, "title"):
        return ""
    if norm(cols["title"]) == "name" and not (
        _presented(obj, cols) or _at_a_time_of_day(obj, cols)
    ):
        return "named"  # (a name, an author, a description and a date: a package, a place)
    if _has(obj, cols, "start") or bool(_slots(obj)[1]) or _has(obj, cols, "speakers"):
        return "strong"
    if _has(obj, cols, "abstract"):
        return "weak"
    return "titled"


# the names of a talk's speakers (`FIELDS`) that say who wrote a thing ("author": a
# package's, a release's, a post's) or who belongs to a group ("people"), not who
# presents: what an object titled by "name" holds under them makes it no talk
_NOT_PRESENTERS = frozenset(
    n for n in FIELDS["speakers"] if n.startswith("author") or n in ("people", "persons")
)


def _presented(obj: dict[str, Any], cols: dict[str, str]) -> bool:
    """Whether an object names who presents it: speakers under a name of `FIELDS`
    other than `_NOT_PRESENTERS` ("speakers", "presenter", "Referent"), or a list of
    them ("speakerList"; "authorList" is not)."""
    said = listed_name(cols.get("speakers", "")) or norm(cols.get("speakers", ""))
    return _has(obj, cols, "speakers") and said not in _NOT_PRESENTERS


def _at_a_time_of_day(obj: dict[str, Any], cols: dict[str, str]) -> bool:
    """Whether an object says when it happens as a session does: a start at a time of
    day, its date beside it or not ("time": "09:00" beside "date"; a day it sits
    under), ending, where it says, within a day (a product "from" March "to" June is
    no session); or a slot. A date alone is not (a date is when anything was made or
    sold), nor midnight: a date written as a date-time or a Unix time is at 00:00.
    What an object titled only by a name, naming no presenter, must say to be a talk."""
    if _slots(obj)[1]:
        return True  # (their own times)
    begins = cols.get("start") or cols.get("date")  # ("startDate" is read as a date)
    if begins is None:
        return False
    moment = when.moment_text(obj[begins])
    said = moment[0] if moment else text_of(obj[begins])
    clock = when.parse_clock(said)
    if clock is not None:  # a time alone: its date is beside it, or where it sits
        return clock != time()
    start, _ = when.parse_when(said, None, UTC)
    if start is None or start.time() == time():
        return False
    if not (_CLOCK.search(said) or when.parse_epoch(said, None, UTC)):
        return False
    if "end" not in cols:
        return True
    moment = when.moment_text(obj[cols["end"]])
    said = moment[0] if moment else text_of(obj[cols["end"]])
    end, _ = when.parse_when(said, None, UTC, start.date())
    return end is None or when.end_problem(start, end) is None


@dataclass
class _Found:
    path: tuple[object, ...]  # keys and list positions from the root
    obj: dict[str, Any]
    level: str


def _variable(key: object, ids: set[str]) -> bool:
    """A key that is data (a day, a minute, a clock time, a number, an id) rather
    than a name: objects under such keys are one group."""
    text = str(key)
    return bool(
        isinstance(key, int)
        or _DATE.fullmatch(text)
        or _NUMBER.fullmatch(text)
        or _CLOCK.fullmatch(text)
        or text in ids
    )


def listed_objects(tree: object, depth: int = 6) -> list[dict[str, Any]]:
    """The longest list of objects in a JSON tree (to `depth` levels): where a
    program of an unknown shape keeps its talks ("agenda": [{"heading": ...}])."""
    best: list[dict[str, Any]] = []
    stack: list[tuple[object, int]] = [(tree, 0)]
    while stack:
        node, level = stack.pop()
        children = (
            node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        )
        if isinstance(node, list):
            objects = [o for o in node if isinstance(o, dict)]
            if len(objects) > len(best):
                best = objects
        if level < depth:
            stack.extend((c, level + 1) for c in children if isinstance(c, dict | list))
    return best


def inner_objects(objects: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]] | None:
    """The objects that `objects` hold in lists, under the key that holds the most of
    them ("acts" of a festival's stages, `{"stage", "acts": [{"act", "when"}]}`), and
    that key; then those the inner objects hold so, and on, the deepest (to 4 levels):
    where a program of an unknown shape keeps its talks, below the longest list. None
    where they hold no list of objects."""
    found: tuple[str, list[dict[str, Any]]] | None = None
    for _ in range(4):
        held: dict[str, list[dict[str, Any]]] = {}
        for obj in objects:
            for key, value in obj.items():
                if isinstance(value, list):
                    held.setdefault(str(key), []).extend(x for x in value if isinstance(x, dict))
        most = max((k for k in held if held[k]), key=lambda k: len(held[k]), default=None)
        if most is None:
            return found
        found = most, held[most]
        objects = held[most]
    return found


def named_as(root: object, mapping: dict[str, str]) -> object | None:
    """`root` with each object that holds a key `mapping` names for a field
    (`--map title=act`) holding its value under the field's own name too ("title"),
    where it holds no key read as that field: the talks a mapping names that sit below
    a list of lists (a festival's stages' acts) are then found where they sit, and
    take their stage and festival from around them, as if they said "title"
    themselves. None where no object holds a key the mapping names."""
    own = {
        fld: next((n for n in (fld, *FIELDS.get(fld, ())) if resolve([n]).get(fld) == n), fld)
        for fld in mapping
    }
    touched = False

    def named(node: object, depth: int) -> object:
        nonlocal touched
        if depth > MAX_DEPTH:
            return node
        if isinstance(node, list):
            return [named(x, depth + 1) for x in node]
        if not isinstance(node, dict):
            return node
        out = {k: named(v, depth + 1) for k, v in node.items()}
        cols = resolve(node)
        for fld, key in mapping.items():
            touched = touched or key in node
            if key in node and fld not in cols and own[fld] not in out:
                out[own[fld]] = node[key]
        return out

    tree = named(root, 0)
    return tree if touched else None


def holds_talks(node: dict[str, Any]) -> bool:
    """Whether a talk-like object is a block of talks: it holds a list of objects
    that are talks by themselves, each with a title and a time or speakers (Whova's
    "Lightning Round" with its `sub_sessions`). The block is no talk: its talks are,
    and take from it what they do not say (`context`), as the talks of Indico's
    session slots do; the objects inside a talk (its speakers, its slots) are none."""
    return any(
        isinstance(value, list) and any(isinstance(x, dict) and level(x) == "strong" for x in value)
        for value in node.values()
    )


def holds_program(node: dict[str, Any]) -> bool:
    """Whether a titled root holding talks (`holds_talks`) is the program itself
    (Attendify's, Sessionize's, Bizzabo's: a name beside its sessions, and the
    speakers and rooms they name), not one talk: it is titled by "name", as a
    program is, or by an object (Bizzabo's "event": {"name", "timezone"}), and says
    no time of day of its own. A talk titled otherwise, or said to be at a time,
    keeps what it holds (its recordings, related sessions, agenda, past editions)
    as no talks of its own."""
    cols = resolve(node)
    titled = cols.get("title", "")
    return (
        holds_talks(node)
        and (norm(titled) == "name" or isinstance(node.get(titled), dict))
        and not _at_a_time_of_day(node, cols)
    )


class _TooDeep(Exception):
    pass


def _walk(root: object, ids: set[str]) -> Iterator[_Found]:
    """Every object with a title, in the order of the text; the objects inside a
    talk (its speakers, its slot, its links) are not visited. An object at a place
    of one (no list position, no data key on its path: `{"conference": {"title",
    "start", "days": [...]}}`) describes the program, not a talk: it is not one,
    and what it holds is visited."""
    stack: list[tuple[object, tuple[object, ...]]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise _TooDeep
        children: list[tuple[object, object]] = []
        if isinstance(node, dict):
            many = any(isinstance(k, int) or _variable(k, ids) for k in path)
            found = level(node) if path and many else ""
            if found in ("strong", "weak") and holds_talks(node):
                pass  # a block of talks (`holds_talks`): they are visited, not it
            elif found:
                yield _Found(path, node, found)
                if found in ("strong", "weak"):
                    continue
            children = list(node.items())
        elif isinstance(node, list):
            children = list(enumerate(node))
        for key, value in reversed(children):
            if isinstance(value, dict | list):
                stack.append((value, (*path, key)))


@dataclass
class Tables:
    """The reference tables of a tree: for each kind (room, speaker, track), id or
    code -> the object it names."""

    by_kind: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    zone: str | None = None
    # each object holding talks -> its title and room when it is a session
    # (`_session_title`), judged once per file: a day of 400 sessions is asked of by
    # each of its talks
    sessions: dict[int, tuple[str | None, str | None]] = field(default_factory=dict)
    # each object holding talks -> the day and clock times it gives them (`_gives`)
    gives: dict[int, tuple[date | None, str | None, str | None]] = field(default_factory=dict)

    # each block of talks (`holds_talks`) -> its title and room, given to its talks
    blocks: dict[int, tuple[str | None, str | None]] = field(default_factory=dict)

    @property
    def ids(self) -> set[str]:
        return {i for table in self.by_kind.values() for i in table}

    def name(self, kind: str, value: object) -> object:
        """What `value` names in the table of `kind` (its object), else the value."""
        if isinstance(value, str | int) and not isinstance(value, bool):
            return self.by_kind.get(kind, {}).get(str(value), value)
        return value


def _zone_name(value: object) -> str | None:
    """A value that is a zone's name in the tz database ("America/Santiago"; with
    its "/": "UTC" or "CET" alone may be anything's code), else None."""
    if not isinstance(value, str) or "/" not in value or len(value) > 40:
        return None
    said = value.strip()
    return said if " " not in said and when.zone(said) is not None else None


def tables(root: object) -> Tables:
    """Lists of objects with ids under keys naming rooms, speakers or tracks, in the
    first three levels; and the program's time zone where a key there names one
    (`FIELDS["timezone"]`), else where the root, or else an object in it (the
    conference's), holds a zone's name (`_zone_name`) under a key of any language
    ("zona_horaria": "America/Santiago"), one zone only at that level."""
    out = Tables()
    zone_keys = {norm(n) for n in FIELDS["timezone"]}
    named: dict[int, set[str]] = {0: set(), 1: set()}  # level -> the zones' names said
    queue: list[tuple[object, int]] = [(root, 0)]
    while queue:
        node, depth = queue.pop(0)
        if not isinstance(node, dict) or depth > 2:
            continue
        for key, value in node.items():
            if depth in named and (said := _zone_name(value)):
                named[depth].add(said)
            kind = kind_of(key)
            if kind and isinstance(value, list):
                table = out.by_kind.setdefault(kind, {})
                for item in value:
                    if isinstance(item, dict):
                        for k in ID_KEYS:
                            if item.get(k) is not None and not isinstance(item[k], dict | list):
                                table.setdefault(str(item[k]), item)
                                break
            elif norm(key) in zone_keys and out.zone is None and when.zone(value) is not None:
                out.zone = str(value)
            elif isinstance(value, dict):
                queue.append((value, depth + 1))
    if out.zone is None:
        zones = named[0] or named[1]
        out.zone = next(iter(zones)) if len(zones) == 1 else None
    return out


def _place(path: tuple[object, ...], ids: set[str]) -> tuple[str, ...]:
    return tuple("[]" if isinstance(k, int) else "*" if _variable(k, ids) else str(k) for k in path)


def _holder(path: tuple[object, ...], ids: set[str]) -> str:
    """The nearest key of the path that is a name, not data ("rooms", "schedule")."""
    return next((str(k) for k in reversed(path) if not _variable(k, ids)), "")


@dataclass(frozen=True)
class Context:
    """What a talk's place in the tree says of it."""

    day: date | None = None
    minute: int | None = None
    room: str | None = None
    session: str | None = None  # the title of a timed object holding it (Indico's slots)
    start: str | None = None  # the clock times of an untitled object holding it (a slot)
    end: str | None = None
    speaker: dict[str, Any] | None = None  # a person holding it in a list of speakers


SESSION_HOURS = 12  # the longest a titled object that holds talks may last to be a session


def _session_title(node: object, refs: Tables) -> tuple[str | None, str | None]:
    """The title of an object that holds talks as a session does: titled, with a start
    and an end at clock times on one day, at most SESSION_HOURS apart (Indico's
    {"title": "Detectors", "startDate": {"date", "time"}, "endDate": ..., "entries":
    {...}}), and its room where it names one (its talks' where they name none: Indico's
    contributions inherit their session block's location, `"room": ""`); a conference
    (days long, or no end) or a day (a date alone) is none: (None, None)."""
    if not isinstance(node, dict):
        return None, None
    cols = resolve(node)
    begins = cols.get("start") or cols.get("date")  # ("startDate" is read as a date)
    if "title" not in cols or begins is None or "end" not in cols:
        return None, None
    utc = UTC
    moments = []
    for key in (begins, cols["end"]):
        moment = when.moment_text(node[key])
        said = moment[0] if moment else text_of(node[key])
        at, _ = when.parse_when(said, None, utc) if _CLOCK.search(said) else (None, None)
        moments.append(at)
    start, end = moments
    if start is None or end is None or start.date() != end.date():
        return None, None
    if not timedelta(0) < end - start <= timedelta(hours=SESSION_HOURS):
        return None, None
    room = inline(text_of(refs.name("room", node.get(cols.get("room", "")))))
    return inline(text_of(node[cols["title"]])) or None, room or None


def _gives(node: dict[str, Any]) -> tuple[date | None, str | None, str | None]:
    """The day, start and end an object in a list gives the talks it holds where they
    name none: a day's date ({"date": "2024-07-10", "slots": [...]}), an untitled
    slot's clock times ({"start": "10:00", "end": "10:30", "sessions": [...]}, as a
    Jekyll site's schedule.yml nests them); an object that is a talk gives none, nor
    does one that spans days (a conference's edition from the 4th to the 6th: which of
    its days its talks are on it does not say)."""
    if level(node) in ("strong", "weak"):
        return None, None, None
    cols = resolve(node)
    on = when.iso_date(text_of(node.get(cols.get("date", ""))))
    last = when.iso_date(text_of(node.get(cols.get("end", ""))))
    if on is not None and last is not None and last != on:
        on = None
    if "title" in cols:
        return on, None, None
    said = {f: text_of(node.get(cols.get(f, ""))).strip() for f in ("start", "end")}
    start = said["start"] if when.parse_clock(said["start"]) else None
    end = said["end"] if start and when.parse_clock(said["end"]) else None
    return on, start, end


def _block(node: dict[str, Any], refs: Tables, listed: object) -> tuple[str | None, str | None]:
    """The title and room a block of talks (`holds_talks`) gives them: a talk-like
    object holding talks (Whova's), or a titled object holding them in a list under a
    key naming tracks by the field's own name (`listed`: {"tracks": [{"name":
    "Systems", "room": "Hall A", "slots": [...]}]}; not "topics", "streams", "areas":
    tags, videos, places), whose room counts where it names a room (`_a_room`);
    (None, None) for any other object."""
    found = level(node)
    track = found != "" and singular(norm(listed)) == "track"
    if not (found in ("strong", "weak") or track) or not holds_talks(node):
        return None, None
    cols = resolve(node)
    title = inline(text_of(node.get(cols["title"])))
    room = (
        inline(text_of(refs.name("room", node.get(cols.get("room", ""))))) if "room" in cols else ""
    )
    if found not in ("strong", "weak") and not _a_room(room):
        room = ""  # (a track's chat URL, "online")
    return title or None, room or None


def _a_room(text: str) -> bool:
    """Whether a track object's room is a place: no URL (`links.web_url`), and a
    room's word or code in it (`mdparts.room_named`: "Hall A", "Sala 1", "F1.24")."""
    return bool(text) and web_url(text) is None and room_named(text)


# the names of a talk's speakers (`FIELDS`) under which a list of objects holding
# talks is no list of their presenters: authors and group members (`_NOT_PRESENTERS`),
# hosts (an organisation hosting events)
_NOT_HOLDERS = _NOT_PRESENTERS | frozenset(n for n in FIELDS["speakers"] if n.startswith("host"))


def _presenter(node: object, listed: object) -> dict[str, Any] | None:
    """A person holding talks in a list of speakers (`listed`, a key naming speakers
    but not `_NOT_HOLDERS`), as the talks' speaker: the object without what it holds
    (its talks), read as a talk's speaker is (`_person`), where it names a person
    under a key of a person's name (`speakers.person_name`) shaped as a person's name
    (`speakers.name_shaped`, `icalnames.name_like`: no "The", "Team", "Speaker") and no
    organisation's (`orgs.names_organisation`); else None."""
    name = norm(listed)
    if not isinstance(node, dict) or kind_of(listed) != "speaker" or name in _NOT_HOLDERS:
        return None
    person = {k: v for k, v in node.items() if not isinstance(v, dict | list)}
    said = person_name(person)
    if not (name_shaped(said) and name_like(said) and not names_organisation(said)):
        return None
    found = _person(person)
    return found if isinstance(found, dict) else None


def _room_key(key: str) -> bool:
    """Whether a key under a day is a room's name: a room's name (`mdparts.room_name`)
    of room words and one number or letter ("Aula 1", "Room B", "Sala 3"; not "Main
    Hall", "Town Hall", "Growth Stage", "Room Changes", nor "Morning")."""
    words = key.split()
    ids = [w for w in words if any(c.isdigit() for c in w) or (len(w) == 1 and w.isupper())]
    rest = [w for w in words if w not in ids]
    return len(ids) == 1 and bool(rest) and room_name(key) and all(room_named(w) for w in rest)


def context(root: object, path: tuple[object, ...], refs: Tables) -> Context:
    day: date | None = None
    minute: int | None = None
    room: str | None = None
    session: str | None = None
    start: str | None = None
    end: str | None = None
    speaker: dict[str, Any] | None = None
    node = root
    parent_key: object = None
    list_key: object = None  # (the key of the list an object in a list is in)
    for depth, key in enumerate(path):
        text = str(key)
        if depth < len(path) - 1:  # (an object the talk sits in, not the talk)
            if id(node) not in refs.sessions:  # (the tree outlives the read: ids hold)
                refs.sessions[id(node)] = _session_title(node, refs)
            title, held = refs.sessions[id(node)]
            session, room = title or session, held or room
            if isinstance(node, dict) and isinstance(parent_key, int):
                if id(node) not in refs.blocks:
                    refs.blocks[id(node)] = _block(node, refs, list_key)
                title, where_held = refs.blocks[id(node)]
                session, room = title or session, where_held or room
        if isinstance(node, dict) and isinstance(parent_key, int):  # (an object in a list)
            if id(node) not in refs.gives:
                refs.gives[id(node)] = _gives(node)
            on, at, until = refs.gives[id(node)]
            day, start, end = on or day, at or start, (until if at else end)
        if isinstance(node, list) and isinstance(key, int) and kind_of(parent_key) == "room":
            # an enclosing room object: {"rooms": [{"name": "A", "talks": [...]}]}
            holder = node[key] if key < len(node) else None
            name = inline(text_of(holder)) if isinstance(holder, dict) else ""
            room = name or room
        elif (
            isinstance(node, list)
            and isinstance(key, int)
            and kind_of(parent_key) == "speaker"
            and depth < len(path) - 1  # (a person holding it, not the talk itself)
        ):
            # an enclosing person: {"speakers": [{"name": "A", "company": "B", "talks": [...]}]}
            speaker = _presenter(node[key] if key < len(node) else None, parent_key) or speaker
        elif isinstance(node, dict) and not isinstance(key, int):
            if _DATE.fullmatch(text):
                day = when.iso_date(text)
            elif day is not None and _NUMBER.fullmatch(text) and 0 <= int(text) < 48 * 60:
                if text in refs.by_kind.get("room", {}) and minute is not None:
                    room = inline(text_of(refs.by_kind["room"][text]))
                else:
                    minute = int(text)
            elif text in refs.by_kind.get("room", {}):
                room = inline(text_of(refs.by_kind["room"][text])) or text
            elif kind_of(parent_key) == "room" or (day is not None and _room_key(text)):
                room = text
        node = (
            node.get(key)
            if isinstance(node, dict)
            else (
                node[key]
                if isinstance(node, list) and isinstance(key, int) and key < len(node)
                else None
            )
        )
        list_key = parent_key if isinstance(key, int) else list_key
        parent_key = key
    return Context(day, minute, room, session, start, end, speaker)


def _timing(item: object) -> bool:
    """An object that is a time, not a thing: a start (by `FIELDS`' names), no title,
    and no objects inside (a slot holding sessions is their place, not a time)."""
    if not isinstance(item, dict):
        return False
    cols = resolve(item)
    holds = any(isinstance(v, list) and any(isinstance(x, dict) for x in v) for v in item.values())
    return "start" in cols and "title" not in cols and not holds


def _slots(obj: dict[str, Any]) -> tuple[str | None, list[dict[str, Any]]]:
    """The key and the times of a talk held more than once, or held in a slot:
    pretalx's `slot` ({room, start, end}) and `slots`, OpenAgenda's `timings`
    ([{begin, end}]): any list of objects that are each a time (`_timing`). A talk
    that says its own start is held at it: a list of times inside it is something
    else (a video's chapter marks, `{"start": "00:12:30", "description": ...}`)."""
    if isinstance(obj.get("slot"), dict):
        return "slot", [obj["slot"]]
    if _has(obj, resolve(obj), "start"):
        return None, []
    for key, value in obj.items():
        if isinstance(value, list) and value and all(_timing(s) for s in value):
            return str(key), value
    return None, []


def _slot_field(slot: dict[str, Any], fld: str) -> object:
    """A slot's start, end or room, by the names `FIELDS` gives them ("begin")."""
    col = resolve(slot).get(fld)
    return slot.get(col) if col else None


def _fits(slot: dict[str, Any], ctx: Context, refs: Tables, zone: object) -> bool:
    """Does a slot's start fall on the day and minute (and in the room) of the place?"""
    tz = when.zone(zone)
    start = when.parse_datetime(_slot_field(slot, "start"), tz, tz or when.zone("UTC"))  # type: ignore[arg-type]
    if start is not None and ctx.day is not None:
        wall = start.replace(tzinfo=None)
        if ctx.minute is not None and tz is not None:  # minutes from the day's midnight
            if wall - datetime.combine(ctx.day, time()) != timedelta(minutes=ctx.minute):
                return False  # (a minute past 1440 is that night, after midnight)
        elif (start.date() - ctx.day).days != (ctx.minute or 0) // 1440:
            return False
    room = inline(text_of(refs.name("room", _slot_field(slot, "room"))))
    return not (ctx.room and room and room != ctx.room)


def _a_name(said: str) -> bool:
    """A line that may be a name of one word or a few ("Tomás", "bob_dev"): at most
    four words, no digit, address or sentence's end ("Loves Rust." is a bio; "Jr."
    is no end)."""
    return (
        len(said.split()) <= 4
        and not any(c.isdigit() or c in "@/:" for c in said)
        and not (said[-1:] in "!?" or (said.endswith(".") and len(said.split()[-1]) > 4))
    )


def _person(person: object) -> object:
    """A talk's speaker as the table reader reads one: an object naming a person by
    a key it knows ("name", "fullName", "firstName": `speakers.person_name`) as it
    is; one naming it under another key, of any language ({"nombre": "Camila
    Rojas", "empresa": "Cornershop"}), given that name as "name": the value, under
    a key no field of `FIELDS` claims, that is shaped as a person's name
    (`speakers.name_shaped`), or the only short line of text under such keys that
    may be a name (`_a_name`); and
    its organisation under another language's key ("empresa") as "affiliation"."""
    if not isinstance(person, dict):
        return person
    cols = resolve(person)
    org = cols.get("affiliation")
    if org and "affiliation" not in person and norm(org) not in ORG_KEYS:
        person = {**person, "affiliation": person[org]}
    if person_name(person):
        return person
    claimed = set(cols.values())
    said = [
        inline(v)
        for k, v in person.items()
        if k not in claimed and isinstance(v, str) and 0 < len(inline(v)) <= 60
    ]
    name = next((n for n in said if name_shaped(n) and _a_name(n)), None)
    if name is None and len(said) == 1 and _a_name(said[0]):
        name = said[0]
    return {**person, "name": name} if name else person


def _longer_text(obj: dict[str, Any], cols: dict[str, str]) -> str | None:
    """The key of an object's longer text besides its abstract, where it says more:
    frab's and pretalx's "description" beside "abstract", Open Event's
    "long-abstract" beside "short-abstract" (a name of an abstract in `FIELDS`
    beginning "long"); None where there is none, or nothing more in it."""
    if "abstract" not in cols:
        return None
    short = text_of(obj.get(cols["abstract"])).strip()
    for key in obj:
        name = norm(key)
        if key == cols["abstract"] or name not in FIELDS["abstract"]:
            continue
        if name == "description" or name.startswith("long_"):
            said = text_of(obj[key]).strip()
            return key if said and said not in short else None
    return None


def join_people(
    kept: dict[str, Any],
    again: dict[str, Any],
    path: tuple[object, ...],
    root: object,
    refs: Tables,
) -> None:
    """Gives a talk read twice the speaker its second reading has from the person
    holding it in a list of speakers (`Context.speaker`: a co-presented talk listed
    under each of its speakers), where that reading names no speakers of its own, says
    the same as the first but for its speakers, and the first does not name that person
    (`speakers.person_name`, folded); a talk read twice otherwise (a tree and a list of
    the same talks) is left as its first reading."""
    person = context(root, path, refs).speaker
    key = resolve(again).get("speakers", "")
    said, more = kept.get(resolve(kept).get("speakers", "")), again.get(key)
    if person is None or more != [person] or not isinstance(said, list):
        return
    if {k: v for k, v in kept.items() if k != key} != {k: v for k, v in again.items() if k != key}:
        return  # (two talks of one title under two people: not one talk)
    names = {fold(person_name(p) if isinstance(p, dict) else text_of(p)) for p in said}
    if fold(person_name(person)) not in names:
        said.append(person)


def _held(obj: dict[str, Any]) -> dict[str, Any]:
    """The talk a slot holds under its title's key ({"start": "09:00", "end": "09:45",
    "talk": {"title", "speakers"}}): that object, a talk by itself (its title and
    speakers, or an abstract), given the slot's times and people (its own win: a
    slot's presenter over a paper's authors) and what the slot says of the other
    fields it does not name (its room); any other object as it is, and so a slot whose
    held object names a start of its own where the slot names one (a conference's
    date, not the talk's time)."""
    cols = resolve(obj)
    inner = obj.get(cols.get("title", ""))
    if not isinstance(inner, dict) or level(inner) not in ("strong", "weak"):
        return dict(obj)
    said = resolve(inner)
    if _has(inner, said, "start") and _has(obj, cols, "start"):
        return dict(obj)
    out = dict(inner)
    for fld, key in cols.items():
        if fld == "title" or (fld in said and fld not in ("start", "end", "speakers")):
            continue
        if fld in said and _has(obj, cols, fld):
            out.pop(said[fld], None)  # (the slot's own times and people win)
        if fld not in said or _has(obj, cols, fld):
            out[key] = obj[key]
    return out


def _connection(value: object) -> object:
    """A GraphQL connection ({"edges": [{"node": {...}}, ...]}, Relay's) as the list of
    its nodes; any other value as it is."""
    edges = value.get("edges") if isinstance(value, dict) else None
    if (
        isinstance(edges, list)
        and edges
        and all(isinstance(e, dict) and "node" in e for e in edges)
    ):
        return [e["node"] for e in edges]
    return value


def events(
    path: tuple[object, ...], found: dict[str, Any], root: object, refs: Tables
) -> list[dict[str, Any]]:
    """The talk object as the table reader reads it (the talk a slot holds, `_held`):
    references followed, its slot (or each of its slots) as start, end and room, its
    place's day, minute, room and speaker where it names none, the program's zone,
    abstract and description one."""
    obj = _held(found)
    ctx = context(root, path, refs)
    cols = resolve(obj)
    if "room" in cols:
        obj[cols["room"]] = refs.name("room", obj[cols["room"]])
    if "track" in cols:
        obj[cols["track"]] = refs.name("track", obj[cols["track"]])
    if "speakers" in cols:
        obj[cols["speakers"]] = _connection(obj[cols["speakers"]])
    if "speakers" in cols and isinstance(obj[cols["speakers"]], list):
        obj[cols["speakers"]] = [_person(refs.name("speaker", s)) for s in obj[cols["speakers"]]]
    if ctx.speaker and not _has(obj, cols, "speakers"):
        obj[cols.get("speakers", "speakers")] = [ctx.speaker]
    if longer := _longer_text(obj, cols):  # frab, pretalx: short abstract, long text
        short = text_of(obj.get(cols["abstract"])).strip()
        said = text_of(obj.pop(longer)).strip()
        obj[cols["abstract"]] = said if short in said else f"{short}\n\n{said}"
    zone_col = cols.get("timezone")
    if refs.zone and not (zone_col and when.zone(obj.get(zone_col))):
        obj["timezone"] = refs.zone
    zone = obj.get(cols.get("timezone", "timezone"))
    held, every = _slots(obj)
    slots = list(enumerate(every))
    placed = ctx.day is not None or ctx.room is not None  # (else each time is a session)
    if len(every) > 1 and placed and any(_fits(s, ctx, refs, zone) for s in every):
        slots = [(n, s) for n, s in slots if _fits(s, ctx, refs, zone)][:1]
    out: list[dict[str, Any]] = []
    chosen: list[tuple[int, dict[str, Any] | None]] = list(slots) or [(0, None)]
    for n, slot in chosen:
        ev = dict(obj)
        if n and "uid" in cols and text_of(ev.get(cols["uid"])):  # its second time: an id
            ev[cols["uid"]] = f"{text_of(ev[cols['uid']])}#{n + 1}"
        if slot is not None:
            ev.pop(held or "slot", None)
            room = inline(text_of(refs.name("room", _slot_field(slot, "room"))))
            ev.update(start=_slot_field(slot, "start"), end=_slot_field(slot, "end"))
            if room and not inline(text_of(ev.get(cols.get("room", "room")))):
                ev[cols.get("room", "room")] = room
        ev_cols = resolve(ev)
        said = text_of(ev.get(ev_cols["start"])).strip() if "start" in ev_cols else ""
        if not said:
            if ctx.day is not None and ctx.minute is not None:
                at = datetime.combine(ctx.day, time()) + timedelta(minutes=ctx.minute)
                ev["start"] = f"{at:%Y-%m-%dT%H:%M}"  # a minute past 1440: the next date
            elif ctx.day is not None and "date" not in ev_cols:
                ev["date"] = ctx.day.isoformat()
            if ctx.start and "start" not in resolve(ev):  # its slot's times
                ev["start"] = ctx.start
                if ctx.end and "end" not in ev_cols:
                    ev["end"] = ctx.end
        elif ctx.day is not None and "date" not in ev_cols and when.clocks(said) is not None:
            ev["date"] = ctx.day.isoformat()  # a clock time (or two) on its day's date
        if ctx.room and not inline(text_of(ev.get(ev_cols.get("room", "room")))):
            ev["room"] = ctx.room
        if ctx.session and not inline(text_of(ev.get(ev_cols.get("track", "track")))):
            ev[ev_cols.get("track", "track")] = ctx.session
        out.append(ev)
    return out


_EXAMPLE_KEYS = ("example", "examples")  # what documentation shows, not a program


def _geojson(root: object) -> bool:
    """Whether a document is GeoJSON (a "FeatureCollection" of "Feature"s, or one):
    a map, whose features are places."""
    return isinstance(root, dict) and (
        (root.get("type") == "FeatureCollection" and isinstance(root.get("features"), list))
        or (root.get("type") == "Feature" and "geometry" in root)
    )


def api_description(root: object) -> str | None:
    """Why a document is an API's description, not a program (an OpenAPI or Swagger
    spec: its root names the version of `openapi` or `swagger` and holds `paths`,
    the talks in its examples are documentation); None for any other."""
    if not isinstance(root, dict) or not isinstance(root.get("paths"), dict):
        return None
    said = next((k for k in ("openapi", "swagger") if isinstance(root.get(k), str)), None)
    if said is None:
        return None
    spec = "an OpenAPI" if said == "openapi" else "a Swagger"
    return (
        f"{spec} description of a web API (its root names {said!r} and 'paths'), not a "
        "program: the talks in its examples are documentation"
    )


# the keys naming the conference in the objects that hold a program: `FIELDS`' names
# of a talk's conference ("conference_name", "event_name") and their first words
_CONFERENCE_KEYS = frozenset(
    (*FIELDS["conference"], *(n.split("_")[0] for n in FIELDS["conference"]))
)


def _named(value: object) -> str | None:
    """A conference's name as a key gives it: a line of text, or the title (or name)
    of an object ({"conference": {"name": ..., "city": ...}})."""
    if isinstance(value, dict):
        cols = resolve(value)
        value = value.get(cols["title"]) if "title" in cols else None
    said = inline(value) if isinstance(value, str) else ""
    return said if 0 < len(said) <= 200 else None


# a day's own name, folded: a weekday, or "Day 2" ("Tag 2", "Jour 2", "Día 2", "Dag 2":
# `terms.DAY_NOUNS`)
_DAY_NOUN = "|".join(["day", *(w for nouns in DAY_NOUNS.values() for w in nouns)])
_DAY_NAME = re.compile(rf"(?:{'|'.join(WEEKDAYS)})|(?:{_DAY_NOUN})\s*\d{{1,2}}")


def _a_day(node: dict[str, Any]) -> bool:
    """Whether an object is one day of a program: it gives a date alone (no end:
    an event of one day gives its start and end), or its name is a day's ("Tuesday",
    "Day 1")."""
    cols = resolve(node)
    if "end" not in cols and when.iso_date(text_of(node.get(cols.get("date", "")))):
        return True
    return "title" in cols and bool(_DAY_NAME.fullmatch(fold(inline(text_of(node[cols["title"]])))))


def _sole(items: list[Any], key: object) -> bool:
    """Whether a list holding talks is a place of one: it holds one object, which is
    no room, person or track (by the key of the list, `kind_of`) nor a session
    (`_session_title`) nor a day (`_a_day`: a program of one day is no conference):
    Indico's export, `{"count": 1, "results": [{"title": the event, "startDate",
    "endDate", "contributions": [...]}]}`."""
    return (
        len(items) == 1
        and isinstance(items[0], dict)
        and kind_of(key) is None
        and _session_title(items[0], Tables())[0] is None
        and not _a_day(items[0])
    )


def conference(root: object, paths: list[tuple[object, ...]]) -> str | None:
    """The conference's name where the document gives one: in the objects that hold
    the talks at places of one (no list position but a list's only object, `_sole`;
    no data key: `{"data": {"event": {"name": "JSConf Madrid 2025", "sessions":
    [...]}}}`), the nearest first, a key naming the conference (`_CONFERENCE_KEYS`:
    a name, or an object's name; the root's wins over an inner object's title) or else
    the object's own title (a schema.org Event holding its subEvents); then such a
    key in an object beside them at the root (JSON:API's `"meta": {"event": ...}`).
    None where it gives none (the file's name is the conference then)."""
    if not paths or not isinstance(root, dict):
        return None
    holders: list[dict[str, Any]] = [root]
    at: object = root
    parent: object = None
    for keys in zip(*(p[:-1] for p in paths), strict=False):  # (not the talks themselves)
        key = keys[0]
        if any(k != key for k in keys):
            break
        if isinstance(key, int):  # the only object of a list: `_sole`
            if not (isinstance(at, list) and _sole(at, parent)):
                break
            at = at[0]
        elif isinstance(at, dict) and not _variable(key, set()):
            at = at.get(str(key))
        else:
            break
        if isinstance(at, dict):
            holders.append(at)
        elif not isinstance(at, list):
            break
        parent = key
    held = {id(h) for h in holders}
    beside = [v for v in root.values() if isinstance(v, dict) and id(v) not in held]
    for node in reversed(holders):
        for key, value in node.items():
            if _conference_key(key, value) and (name := _named(value)):
                return name
    for node in reversed(holders):
        cols = resolve(node)
        if "title" in cols and (name := _named(node.get(cols["title"]))):
            return name
    for node in beside:
        for key, value in node.items():
            if _conference_key(key, value) and (name := _named(value)):
                return name
    return None


def _conference_key(key: object, value: object) -> bool:
    """Whether `key` names the conference (`_CONFERENCE_KEYS`), or is an object under
    a key of its words and more ("event_info": {"name": ...}; not "event_end", a date)."""
    said = norm(key)
    return said in _CONFERENCE_KEYS or (
        isinstance(value, dict) and said.split("_")[0] in _CONFERENCE_KEYS
    )


def where(path: tuple[object, ...]) -> str:
    return ".".join(f"[{k}]" if isinstance(k, int) else str(k) for k in path) or "the root"


# the words of a key saying when a record was made or changed, in its life as data
# ("created_at", "updatedAt", "date_modified", "publishedAt", "closed_at"): a record's
# times, never a session's
_LIFE_WORDS = frozenset(
    (
        "created",
        "updated",
        "modified",
        "published",
        "edited",
        "changed",
        "closed",
        "merged",
        "deleted",
        "pushed",
        "posted",
        "uploaded",
        "released",
        "timestamp",
    )
)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SECONDS = re.compile(r"\d{1,2}:\d{2}:(\d{2})(?:[.,](\d+))?")
# what a session says besides its title and time, one of which a talk names
_SESSION_FIELDS = ("room", "track", "end", "duration")


def life_key(key: object) -> bool:
    """A key naming when a record was made or changed (`_LIFE_WORDS`)."""
    return any(w in _LIFE_WORDS for w in norm(_CAMEL.sub("_", str(key))).split("_"))


def _stamp(value: object) -> bool:
    """A time off the whole minute ("2018-04-09T01:28:52.375Z", a Unix time at 52
    seconds): a machine's clock noting when a record was made, never a session's
    planned start."""
    moment = when.moment_text(value)
    said = moment[0] if moment else value if isinstance(value, str | int) else ""
    if isinstance(said, int) and not isinstance(said, bool):
        at = when.parse_epoch(str(said), None, UTC)
        return at is not None and (at.second, at.microsecond) != (0, 0)
    m = _SECONDS.search(str(said))
    return bool(m and (m.group(1) != "00" or (m.group(2) or "").strip("0")))


# a content record's state of publication (WordPress's "publish", "draft", "future"):
# its date is when it was, or will be, published, never a session's start
_PUBLICATION = re.compile(r"publish(?:ed)?|draft|future|unpublished", re.IGNORECASE)
_STATUS_KEYS = ("status", "state", "post_status")


def _published(obj: dict[str, Any]) -> bool:
    """Whether a record's status is a state of publication (`_PUBLICATION`)."""
    return any(
        isinstance(obj.get(k), str) and _PUBLICATION.fullmatch(obj[k].strip()) is not None
        for k in _STATUS_KEYS
    )


def _posted(objs: list[dict[str, Any]], timed: tuple[str, ...]) -> bool:
    """Whether records in a state of publication (`_published`) are dated as posts
    are, most on a day of their own; sessions share their days (review: a program's
    sessions "published" on one day were refused as a blog's posts)."""
    days = [
        str(o[key])[:10]
        for o in objs
        if _published(o)
        for key in [next((resolve(o)[f] for f in timed if _has(o, resolve(o), f)), None)]
        if key is not None
    ]
    return bool(days) and len(set(days)) >= POSTED_SHARE * len(days)


POSTED_SHARE = 0.8  # of records in a state of publication on days of their own: posts


def _only_ids(value: object) -> bool:
    """A value of whole numbers only (a blog's category ids, [3]): ids of a table the
    document does not hold, naming no track."""
    items = value if isinstance(value, list) else [value]
    return bool(items) and all(
        isinstance(v, int) and not isinstance(v, bool) or (isinstance(v, str) and v.isdigit())
        for v in items
    )


def _dated(value: object) -> date | None:
    """The day a record's value is dated (a date, or a date-time: "2026-03-23 10:15"),
    or None for any other value."""
    if not isinstance(value, str) or not _DATE_START.match(value.strip()):
        return None
    at, _ = when.parse_when(value.strip(), None, UTC)
    return at.date() if at is not None else when.parse_date(value.strip())


_DATE_START = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{4}")


def _lasting(obj: dict[str, Any], cols: dict[str, str]) -> list[str]:
    """The keys naming no field of a talk under which a record gives dates more than a
    day apart ("Checked out" 2026-03-02, "Due" 2026-03-23: a loan; an issue's "Created"
    and "Due Date"): a record that runs for days, as no session does; [] otherwise."""
    named = set(cols.values())
    days = {k: d for k, v in obj.items() if k not in named and (d := _dated(v)) is not None}
    if len(days) < 2 or (max(days.values()) - min(days.values())).days <= 1:
        return []
    return [str(k) for k in days]


def not_sessions(
    talks: Sequence[tuple[tuple[object, ...], dict[str, Any]]],
    mapping: dict[str, str] | None = None,
) -> str | None:
    """Why the talks found are records of something else (a package, an issue, a
    loan), or None: most of them name no room, track, end, duration, slot or presenter
    (`_presented`: a package's author is none), and the only times they give are
    when each was made or changed: under a key saying so (`life_key`), or under
    their start or date where one of them is off the whole minute (`_stamp`: a
    program plans its sessions on minutes, so the key is a record's timestamp), or
    dates days apart under keys naming no field of a talk (`_lasting`: a loan, a
    task). `mapping`: the fields a table's columns were named with (a table's rows,
    as records of its header's keys, are judged so too: ingest/formats/tablesniff.py)."""
    objs = [o for _, o in talks]
    timed = ("start", "date")
    posts = _posted(objs, timed)
    stamped_keys = {
        key
        for o in objs
        for fld in timed
        if (key := resolve(o, mapping).get(fld)) is not None
        and (life_key(key) or _stamp(o[key]) or (posts and _published(o)))
    }
    shown: list[str] = []

    def no_session(obj: dict[str, Any]) -> bool:
        cols = resolve(obj, mapping)
        said = [f for f in _SESSION_FIELDS if _has(obj, cols, f)]
        if [f for f in said if f != "track" or not _only_ids(obj[cols[f]])] or _slots(obj)[1]:
            return False
        if _presented(obj, cols):
            return False
        times = [cols[f] for f in timed if _has(obj, cols, f)]
        if any(k not in stamped_keys for k in times):
            return False
        lives = [k for k, v in obj.items() if life_key(k) and text_of(v).strip()]
        lasting = [] if times or lives else _lasting(obj, cols)
        for key in (*times, *lives, *lasting):
            if key not in shown:
                shown.append(str(key))
        return bool(times or lives or lasting)

    records = [o for o in objs if no_session(o)]
    if len(records) * 2 <= len(objs) or not shown:
        return None
    first = next(p for p, o in talks if o is records[0])
    cols = resolve(records[0], mapping)
    titled = f"titled by {cols['title']!r}" if "title" in cols else "found"
    keys = ", ".join(repr(k) for k in shown[:4])
    example = next((text_of(o[shown[0]]) for o in records if text_of(o.get(shown[0]))), "")
    said = f" (e.g. {example[:40]!r})" if example else ""
    return (
        f"{len(records)} of its {len(objs)} records {titled} (the first at {where(first)}: "
        f"{inline(text_of(records[0]))[:40]!r}) are no sessions: the only times they give, "
        f"{keys}{said}, say when a record was made or changed (a key naming that, a time "
        "to the second, or a status of publication) or run over days, and none names a "
        "room, a track, an end, a duration or who presents it"
    )


def untitled(
    root: object, talks: Sequence[tuple[tuple[object, ...], object]]
) -> list[tuple[tuple[object, ...], dict[str, Any]]]:
    """The objects beside the talks found (`talks`, by path) in their lists that name
    a title's key but give it no value (`"title": null`, "") and give a talk's start,
    speakers or abstract: talks whose title is lost, which no reading takes, to be
    said skipped rather than left out unsaid. In the order of their lists."""
    taken = {path for path, _ in talks}
    lists = dict.fromkeys(p[:-1] for p, _ in talks if p and isinstance(p[-1], int))
    out: list[tuple[tuple[object, ...], dict[str, Any]]] = []
    for at in lists:
        node: object = root
        for key in at:
            if isinstance(node, dict):
                node = node.get(key)
            else:
                node = node[key] if isinstance(node, list) and isinstance(key, int) else None
        if not isinstance(node, list):
            continue
        for n, obj in enumerate(node):
            path = (*at, n)
            if path in taken or not isinstance(obj, dict) or level(obj):
                continue
            cols = resolve(obj)
            if "title" in cols and any(
                _has(obj, cols, f) for f in ("start", "speakers", "abstract")
            ):
                if not any(p[: len(path)] == path for p in taken):  # (no block of talks)
                    out.append((path, obj))
    return out


@dataclass(frozen=True)
class Gate:
    """What the walk found, and whether the file holds talks."""

    talks: list[tuple[tuple[object, ...], dict[str, Any]]]  # (path, object), text order
    refused: str | None  # the sentence saying why the file is not read, or None


def find(root: object, formats: str = "") -> Gate:
    """The talk objects of `root` by the rules of the module's docstring; `formats`
    is what a refusal suggests ("try --format frab, ...")."""
    if described := api_description(root):
        return Gate([], described)
    refs = tables(root)
    ids = refs.ids
    hint = f" If it is a program, {formats}." if formats else ""
    try:
        walked = list(_walk(root, ids))
    except _TooDeep:
        return Gate([], f"the JSON nests deeper than {MAX_DEPTH} levels")
    groups: dict[tuple[str, ...], list[_Found]] = {}
    for f in walked:
        groups.setdefault(_place(f.path, ids), []).append(f)

    def kind(members: list[_Found]) -> str | None:
        return kind_of(_holder(members[0].path, ids))

    talky = {p: m for p, m in groups.items() if any(f.level in ("strong", "weak") for f in m)}
    chosen = {p for p, m in talky.items() if kind(m) is None}
    if not chosen:  # talks kept under a key naming rooms or people: only with times or speakers
        chosen = {p for p, m in talky.items() if any(f.level == "strong" for f in m)}
    if not chosen:  # only titles: a list of titles under a name that is no room, person, track
        chosen = {
            p
            for p, m in groups.items()
            if kind(m) is None
            and any(f.level == "titled" for f in m)
            and (p[-1:] == ("[]",) or norm(_holder(m[0].path, ids)) in RECORD_KEYS)
        }
    talks = [(f.path, f.obj) for f in walked if _place(f.path, ids) in chosen]
    shown = [(p, o) for p, o in talks if not any(norm(k) in _EXAMPLE_KEYS for k in p)]
    if talks and not shown:
        return Gate(
            [],
            f"the only talks found are examples (the first at {where(talks[0][0])}), as an "
            "API's documentation shows them: no program",
        )
    talks = shown
    if not talks:
        if not groups:
            return Gate([], None)
        described = "; ".join(
            (f"{len(m)} under {h!r}" if (h := _holder(m[0].path, ids)) else f"{len(m)} in the list")
            + (f" (e.g. {inline(text_of(m[0].obj))[:40]!r})" if inline(text_of(m[0].obj)) else "")
            for m in sorted(groups.values(), key=len, reverse=True)[:3]
        )
        return Gate(
            [],
            "no talks found, only objects that look like rooms, people or tracks, or "
            "named things such as products or places (a name, and no title with a time "
            f"of day, speakers or abstract): {described}.{hint}",
        )
    if why := not_sessions(talks):
        return Gate([], f"{why}: no program.{hint}")
    if _geojson(root) and not any(level(o) == "strong" for _, o in talks):
        return Gate(
            [],
            f"a GeoJSON map ({root.get('type') if isinstance(root, dict) else ''}): its {len(talks)} titled features (the "
            f"first at {where(talks[0][0])}: {inline(text_of(talks[0][1]))[:40]!r}) are "
            "places, none saying when at a time of day or who presents it: no program."
            f"{hint}",
        )
    others = [
        f
        for p, m in groups.items()
        if p not in chosen and kind(m) is None and p[-1:] == ("[]",)
        for f in m
        if f.level == "titled"
    ]
    if len(others) > len(talks):
        return Gate(
            [],
            f"found {len(talks)} talk(s) with a time, speakers or abstract, but "
            f"{len(others)} other titled objects (the first at {where(others[0].path)}) "
            f"that may be talks too; refused rather than leave them out.{hint}",
        )
    return Gate(talks, None)

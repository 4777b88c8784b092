"""frab / pretalx schedule JSON (`schedule.json`). Date and time parsing is in
`ingest/when.py`.

Shape (as frab, pretalx and the c3voc tools export it):

    {"schedule": {"conference": {"title": ..., "acronym": ..., "time_zone_name": ...,
        "days": [{"date": "2024-02-03", "day_start": ..., "rooms": {
            "Room A": [{"guid": ..., "id": 12, "title": ..., "date": "2024-02-03T10:00:00+01:00",
                        "start": "10:00", "duration": "00:30", "room": ..., "track": ...,
                        "type": ..., "language": ..., "abstract": ..., "description": ...,
                        "persons": [{"public_name": ..., "biography": ...}], "url": ...}]}}]}}}

Two pretalx variants are read too: the schedule widget data (`{"talks": [...],
"rooms": [...], "speakers": [...], "tracks": [...], "timezone": ...}`) and the
REST API's paginated talks (`{"results": [{"code", "title", "slot": {...}}]}`).
`frabxml` turns XML schedules into the same event dicts and calls `event_talk`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any

from ingest.formats.jsonrecords import page_left
from ingest.formats.registry import Format, Options, Result, Unreadable, not_valid, register
from ingest.html import inline, plain, text_of
from ingest.language import stated_language, unread_languages
from ingest.links import link_pairs
from ingest.locate import IdLines
from ingest.speakers import ORG_KEYS, person_name
from ingest.when import (
    as_list,
    city_zone,
    document_stem,
    iso_date,
    localise,
    parse_clock,
    parse_datetime,
    parse_duration,
    plus,
    talk_end,
    unique_uid,
    zone,
)
from talkbase.core.errors import InputError
from talkbase.core.records import Source, Speaker, Talk
from talkbase.core.terms import placeholder_speaker, unlisted_state
from talkbase.core.when import NIGHT_ENDS

NAME = "frab"
_HEAD = 65536
# ---- events to talks -------------------------------------------------------------------


@dataclass
class Context:
    """What every event of one document shares."""

    document: str
    parser: str
    conference: str
    tz: tzinfo | None  # the schedule's own zone, if it names one
    fallback: tzinfo  # talkbase's default zone
    locate: Callable[[dict[str, Any], int], int | None] = lambda ev, nth: None
    venue: str | None = None  # where the conference is held ("ULB, Brussels")
    seen: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    unread_language: list[tuple[str, str]] = field(default_factory=list)  # (`stated_language`)

    def said(self) -> list[str]:
        """The document's warnings, with the one of its unread language values."""
        return [*self.warnings, *unread_languages(self.document, self.unread_language)]

    def warn(
        self, ev: dict[str, Any], where: str, problem: str, nth: int = 1, skipped: bool = False
    ) -> None:
        """A warning naming the event's line when `locate` finds its id (the nth time);
        `skipped`: the event is not read (said as `Unreadable`)."""
        line = self.locate(ev, nth)
        said = f"{self.document} {f'line {line}' if line else where}: {problem}"
        self.warnings.append(Unreadable(said) if skipped else said)


def speakers_of(persons: object) -> tuple[Speaker, ...]:
    out: list[Speaker] = []
    for p in persons if isinstance(persons, list) else []:
        if isinstance(p, dict):
            name = person_name(p)
            org = next(
                (inline(text_of(p[k])) for k in ORG_KEYS if p.get(k)),
                "",
            )
            if name:
                out.append(Speaker(name, org or None))
        elif name := inline(text_of(p)):
            out.append(Speaker(name))
    # (a program's stand-in, "TBA", "Több előadó", is no person: as every speaker list)
    return tuple(s for s in out if not placeholder_speaker(s.name))


# where frab and pretalx put a talk's links, and the keys of a link's address and label
_LINK_LISTS = ("links", "attachments", "resources", "recordings")
_LINK_URL = ("url", "href", "link", "resource")
_LINK_LABEL = ("title", "label", "name", "description", "type")


def links_of(ev: dict[str, Any]) -> tuple[tuple[tuple[str, str], ...], int]:
    """The talk's own links (its page, then `links`, `attachments`, pretalx
    `resources`) as (label, URL), web addresses only; and how many were refused."""
    found: list[tuple[object, object]] = [("Program page", ev.get("url"))]
    for key in _LINK_LISTS:
        for item in as_list(ev.get(key)):
            if isinstance(item, dict):
                url = next((item[k] for k in _LINK_URL if item.get(k)), None)
                label = next((text_of(item[k]) for k in _LINK_LABEL if text_of(item.get(k))), "")
                found.append((label or key.rstrip("s").capitalize(), url))
            elif isinstance(item, str):
                found.append((key.rstrip("s").capitalize(), item))
    return link_pairs(found)


def _start(
    ev: dict[str, Any], day: date | None, day_change: time | None, ctx: Context
) -> datetime | None:
    for key in ("date", "start", "start_time"):
        when = parse_datetime(ev.get(key), ctx.tz, ctx.fallback)
        if when is not None:
            return when
    clock = parse_clock(ev.get("start"))
    if clock is None or day is None:
        return None
    when = datetime.combine(day, clock)
    if day_change is not None and clock < day_change:
        when = plus(when, timedelta(days=1))  # after midnight, still the previous program day
    return localise(when, ctx.tz, ctx.fallback)


def event_talk(
    ev: dict[str, Any],
    ctx: Context,
    where: str,
    day: date | None = None,
    room: str | None = None,
    day_change: time | None = None,
) -> Talk | None:
    """One frab event (or an event dict in frab's shape) as a Talk; None if it has no title."""
    title = inline(text_of(ev.get("title")))
    if not title:
        ctx.warn(ev, where, "an event without a title; skipped", skipped=True)
        return None
    start = _start(ev, day, day_change, ctx)
    end = parse_datetime(ev.get("end"), ctx.tz, ctx.fallback)
    length = parse_duration(ev.get("duration"))
    if start is None:
        ctx.warn(ev, where, f"{title!r} has no readable start time; kept without one")
    end, problem = talk_end(start, end, length)
    if problem:
        ctx.warn(ev, where, f"{title!r} {problem}")
    ident = next((text_of(ev[k]) for k in ("guid", "code", "id", "uid") if text_of(ev.get(k))), "")
    uid, repeated = unique_uid(ident, ctx.seen)
    if repeated:
        ctx.warn(ev, where, f"the id {ident!r} is used again; kept as {uid!r}", ctx.seen[ident])
    parts = [plain(text_of(ev.get(k))) for k in ("abstract", "description")]
    abstract = parts[0]
    if parts[1] and parts[1] not in abstract:  # frab: a short abstract, a long description
        abstract = parts[1] if parts[0] in parts[1] else f"{abstract}\n\n{parts[1]}".strip()
    state = inline(text_of(ev.get("state"))).lower()  # pretalx's submission state
    off = OFF_STATES.get(state, "") or (state if unlisted_state(state, False) else "")
    if off and not unlisted_state(state, start is not None):  # (else left out: proposals.py)
        ctx.warn(ev, where, f"{title!r} is marked {state} by the program; kept with that status")
    notes = tuple(
        (label, text)
        for label, text in (
            ("Subtitle", inline(text_of(ev.get("subtitle")))),
            ("Language", inline(text_of(ev.get("language") or ev.get("content_locale")))),
            ("URL", inline(text_of(ev.get("url")))),
            ("Status", off),  # (as a calendar's STATUS:CANCELLED: ingest/formats/ical.py)
        )
        if text
    )
    persons = ev.get("persons") if ev.get("persons") is not None else ev.get("speakers")
    speakers = speakers_of(persons)
    links, refused = links_of(ev)
    if refused:
        ctx.warn(
            ev, where, f"{title!r}: {refused} link(s) not a web address (http/https); left out"
        )
    language = inline(text_of(ev.get("language") or ev.get("content_locale")))
    section = day.isoformat() if day else (start.date().isoformat() if start else None)
    place = f"event {ident}" if ident else where
    return Talk(
        title=title,
        speakers=speakers,
        start=start,
        end=end,
        room=inline(text_of(ev.get("room"))) or room or None,
        track=inline(text_of(ev.get("track"))) or None,
        format=inline(text_of(ev.get("type") or ev.get("submission_type"))) or None,
        abstract=abstract,
        notes=notes,
        conference=ctx.conference,
        sources=(Source(ctx.document, ctx.parser, place, section),),
        uid=uid,
        language=stated_language(language, place, ctx.unread_language),
        links=links,
        venue=ctx.venue,
        program_day=program_day(start, day, day_change),
    )


# pretalx's states of a submission that will not take place, as the "Status" note says
# them (the other readers' word: a calendar's STATUS:CANCELLED is "cancelled")
OFF_STATES = {
    "canceled": "cancelled",
    "cancelled": "cancelled",
    "withdrawn": "withdrawn",
    "rejected": "rejected",
}


def program_day(start: datetime | None, day: date | None, change: time | None) -> date | None:
    """The program's `day` for a talk listed under it that starts after midnight,
    before the day's change of date (`change`, or 06:00 where the program names
    none): it belongs to that night, not to the next day. None otherwise."""
    if start is None or day is None or (start.date() - day).days != 1:
        return None
    return day if start.time() < (change or NIGHT_ENDS) else None


# ---- the JSON shapes ----------------------------------------------------------------------


def _rooms(value: object) -> list[tuple[str, object]]:
    if isinstance(value, dict):
        return [(str(k), v) for k, v in value.items()]
    if isinstance(value, list):  # [{"name": ..., "events": [...]}]
        return [
            (inline(text_of(r.get("name"))), r.get("events") or r.get("talks"))
            for r in value
            if isinstance(r, dict)
        ]
    return []


def venue_of(venue: object, city: object) -> str | None:
    """Where a conference is held, from its program's venue and city ("ULB (Université
    Libre de Bruxelles)", "Brussels" -> "ULB (Université Libre de Bruxelles), Brussels");
    the city alone when the venue does not name it."""
    place, town = inline(text_of(venue)), inline(text_of(city))
    if town and town.casefold() not in place.casefold():
        place = f"{place}, {town}" if place else town
    return place or None


def _frab(root: dict[str, Any], ctx: Context, conference: dict[str, Any]) -> list[Talk]:
    ctx.venue = venue_of(conference.get("venue"), conference.get("city"))
    days = conference.get("days")
    if not isinstance(days, list):
        raise InputError(
            ctx.document, "schedule.conference.days is not a list of days", "schedule.conference"
        )
    talks: list[Talk] = []
    for d_no, day in enumerate(days):
        if not isinstance(day, dict):
            ctx.warnings.append(
                Unreadable(f"{ctx.document} day {d_no + 1}: not an object; skipped")
            )
            continue
        day_date = iso_date(day.get("date"))
        day_start = parse_datetime(day.get("day_start"), ctx.tz, ctx.fallback)
        change = day_start.time() if day_start else None
        for room, events in _rooms(day.get("rooms")):
            for e_no, ev in enumerate(events if isinstance(events, list) else []):
                where = f"day {day.get('date') or d_no + 1}, room {room!r}, event {e_no + 1}"
                if not isinstance(ev, dict):
                    ctx.warnings.append(
                        Unreadable(f"{ctx.document} {where}: not an object; skipped")
                    )
                    continue
                talk = event_talk(ev, ctx, where, day_date, room or None, change)
                if talk is not None:
                    talks.append(talk)
    return talks


def _by_id(items: object) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict):
            key = text_of(item.get("id") if item.get("id") is not None else item.get("code"))
            out[key] = item
    return out


def _widget(root: dict[str, Any], ctx: Context) -> list[Talk]:
    """pretalx widget data: talks refer to rooms, tracks and speakers by id or code."""
    rooms, tracks, people = (_by_id(root.get(k)) for k in ("rooms", "tracks", "speakers"))
    talks: list[Talk] = []
    for n, item in enumerate(as_list(root.get("talks"))):
        if not isinstance(item, dict):
            continue
        ev = dict(item)
        for key, table in (("room", rooms), ("track", tracks)):
            ev[key] = text_of(table.get(text_of(item.get(key)), item.get(key)))
        ev["persons"] = [
            s if isinstance(s, dict) else people.get(text_of(s), {"name": s})
            for s in as_list(item.get("speakers"))
        ]
        ev.setdefault("date", item.get("start"))
        talk = event_talk(ev, ctx, f"talk {n + 1}")
        if talk is not None:
            talks.append(talk)
    return talks


def _api(root: dict[str, Any], ctx: Context) -> list[Talk]:
    """The pretalx REST API's talk list: each talk has its slot (room, start, end)."""
    talks: list[Talk] = []
    for n, item in enumerate(as_list(root.get("results"))):
        if not isinstance(item, dict):
            continue
        slot: dict[str, Any] = item["slot"] if isinstance(item.get("slot"), dict) else {}
        ev = dict(item, room=text_of(slot.get("room")), date=slot.get("start"), end=slot.get("end"))
        talk = event_talk(ev, ctx, f"result {n + 1}")
        if talk is not None:
            talks.append(talk)
    return talks


def _shape(root: object) -> str | None:
    if not isinstance(root, dict):
        return None
    sched = root.get("schedule")
    if isinstance(sched, dict) and isinstance(sched.get("conference"), dict):
        return "frab"
    if isinstance(root.get("conference"), dict) and "days" in root["conference"]:
        return "frab"
    if all(isinstance(root.get(k), list) for k in ("talks", "rooms", "speakers")):
        return "widget"
    results = root.get("results")
    if isinstance(results, list) and any(isinstance(r, dict) and "slot" in r for r in results):
        return "api"
    return None


def _named(head: str) -> bool:
    """Whether the start of a text names the keys of frab's or pretalx's shapes."""
    if re.search(r'"schedule"\s*:\s*\{', head) and re.search(
        r'"conference"\s*:\s*\{|"days"\s*:\s*\[\s*\{', head
    ):  # frab's conference, or its list of day objects ("days": ["2024-07-17"] is not)
        return True
    if all(re.search(rf'"{k}"\s*:\s*\[', head) for k in ("talks", "rooms", "speakers")):
        return True
    return bool(re.search(r'"results"\s*:\s*\[', head) and re.search(r'"slot"\s*:', head))


def looks_like(text: str) -> bool:
    """A JSON object naming frab's or pretalx's keys (`_named`) whose tree, where the
    whole text is at hand and reads as JSON, has one of their shapes (`_shape`): a
    GraphQL response holding `{"data": {"conference": {"schedule": {"edges": ...}}}}`
    names the keys in other places, and is left to the other JSON readers. A text
    that does not read as JSON (a head, a file cut short) is taken on its keys: frab's
    reader then says what is wrong with it."""
    head = text[:_HEAD].lstrip("\ufeff \t\r\n")
    if not head.startswith("{") or not _named(head):
        return False
    try:
        root = json.loads(text.lstrip("\ufeff"))
    except (ValueError, RecursionError):
        return True
    return _shape(root) is not None


_ID_PLACES = re.compile(
    r'"(?P<key>guid|code|id|uid)"\s*:\s*(?:"(?P<s>[^"\n]*)"|(?P<n>[^\s,}\]"]+))\s*[,}\]]'
)


def id_locator(text: str) -> Callable[[dict[str, Any], int], int | None]:
    """`line_of_id` for one text, answering from an index built in one pass."""
    places = IdLines(
        text, _ID_PLACES, lambda m: m.group("s") if m.group("s") is not None else m.group("n")
    )

    def locate(ev: dict[str, Any], nth: int = 1) -> int | None:
        for key in ("guid", "code", "id", "uid"):
            value = text_of(ev.get(key))
            if value:
                line = places.line(key, value, nth)
                if line is not None:
                    return line
        return None

    return locate


def line_of_id(text: str, ev: dict[str, Any], nth: int = 1) -> int | None:
    """The line where the nth object with this event's guid, code or id appears."""
    return id_locator(text)(ev, nth)


def load_json(text: str, document: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(
            document,
            not_valid("JSON", exc.msg, text, exc.lineno),
            f"line {exc.lineno}, column {exc.colno}",
        ) from exc
    except (ValueError, RecursionError) as exc:
        raise InputError(document, f"not readable JSON ({exc})") from exc


def parse(text: str, document: str, default_tz: str = "UTC") -> tuple[list[Talk], list[str]]:
    root = load_json(text, document)
    shape = _shape(root)
    if shape is None or not isinstance(root, dict):
        raise InputError(
            document,
            "not a frab or pretalx schedule (expected "
            "schedule.conference.days, or pretalx talks/rooms/speakers); if it is a "
            "program of another shape, try --format json",
            "line 1",
        )
    fallback = zone(default_tz) or UTC
    conference: dict[str, Any] = {}
    if shape == "frab":
        sched: dict[str, Any] = root["schedule"] if isinstance(root.get("schedule"), dict) else root
        conference = sched["conference"]
    name = inline(text_of(conference.get("title") or conference.get("acronym")))
    tz = zone(conference.get("time_zone_name") or root.get("timezone")) or zone(
        city_zone(conference.get("city"))
    )

    ctx = Context(document, NAME, name or document_stem(document), tz, fallback, id_locator(text))
    try:
        if shape == "frab":
            talks = _frab(root, ctx, conference)
        elif shape == "widget":
            talks = _widget(root, ctx)
        else:
            talks = _api(root, ctx)
            left = page_left(root, document, len(as_list(root.get("results"))))
            ctx.warnings.extend([left] if left else [])
    except RecursionError as exc:
        raise InputError(document, "the schedule nests too deeply to read") from exc
    return talks, ctx.said()


def _parse(text: str, document: str, options: Options) -> Result:
    return parse(text, document, default_tz=options.default_tz)


register(Format(NAME, 10, looks_like, _parse, suffixes=(".json",)))

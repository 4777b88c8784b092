"""What a URL asks the app for, every part checked: `parse` is the one place a
URL's text enters the app. Every parameter is read here, with ASCII-digit ids and
bounded text; anything unknown or malformed is ignored and reported as a notice,
never an exception. `appviews.state` fills the session from a `Parsed` and writes
the URL back from the session.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from appviews.models import agenda as agenda_mod
from appviews.models.agenda import Agenda
from appviews.models.facets import FACETS
from talkbase.core import settings
from talkbase.core.when import LAST_HOUR

VIEW_PARAM = {
    "Search": "",
    "Program": "program",
    "Now & next": "now",
    "My agenda": "agenda",
    "Browse": "browse",
}
# Facets in the URL; the speaker and organization filters get their own names, since
# ?speaker=NAME and ?org=NAME open those pages.
FACET_PARAM = {
    "day": "day",
    "time": "time",
    "track": "track",
    "org": "from",
    "speaker": "by",
    "room": "room",
    "conference": "conference",
}
DAY_VIEWS = ("Program", "Now & next")  # the views a link's date is a day of
MAX_TEXT = 300  # characters of a query or a name taken from a URL
MAX_NOTICES = 5
ROOM_SEP = "|"  # between the rooms, and between the tracks, of a Program preset
PAGE_PARAMS = ("talk", "speaker", "org")
TOGGLES = ("loose", "literal", "print", "fits")  # "1" in the URL when on
_KNOWN = {
    "q",
    "view",
    *PAGE_PARAMS,
    *FACET_PARAM.values(),
    *TOGGLES,
    "date",
    "at",
    "rooms",
    "tracks",
    "shown",
    agenda_mod.SAVED_PARAM,
    agenda_mod.SKIPPED_PARAM,
}
_HM = re.compile(r"([0-9]{2}):[0-5][0-9]")  # and hours up to LAST_HOUR: "24:30" is that night
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


@dataclass(frozen=True)
class Known:
    """What the knowledge base holds, to check a URL against."""

    talks: Collection[int]
    candidates: Mapping[str, Sequence[tuple[str, str]]]
    speakers: Mapping[str, str]  # casefolded name -> name as written
    org: Callable[[str], str | None]  # any spelling -> canonical name, None if unknown
    rooms: Collection[str] = ()
    tracks: Collection[str] = ()
    # each conference's program days ("2024-02-03"; a night's talks on the day whose
    # night it is, as the Program grid files them): the conference a link's date names
    days: Mapping[str, Collection[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Parsed:
    """The state a URL asks for, every part checked."""

    q: str = ""
    view: str = "Search"
    talk: int | None = None
    speaker: str | None = None
    org: str | None = None
    facets: dict[str, str] = field(default_factory=dict)
    toggles: dict[str, bool] = field(default_factory=dict)
    agenda: Agenda = Agenda()
    date: str | None = None
    at: str | None = None
    rooms: tuple[str, ...] = ()
    notices: tuple[str, ...] = ()
    tracks: tuple[str, ...] = ()
    shown: str | None = None  # the conference the Program grid shows (a base of several)


def clean(text: str, limit: int = MAX_TEXT) -> str:
    """URL text made safe to keep: control and direction characters and lone
    surrogates dropped, whitespace collapsed, at most `limit` characters."""
    return " ".join(_CONTROL.sub("", text[: limit * 4 + 64]).split())[:limit]


def _shown(text: str) -> str:
    text = clean(text)
    return text if len(text) <= 40 else text[:39] + "…"


def parse(params: Mapping[str, Sequence[str]], known: Known) -> Parsed:
    """The state a URL's query parameters ask for. Never raises: a value that is not
    valid is dropped with a notice saying which and why."""
    notices: list[str] = []

    def one(name: str) -> str:
        values = params.get(name) or [""]
        return values[-1] if isinstance(values[-1], str) else ""

    for name in params:
        if name not in _KNOWN:
            notices.append(f"Ignored the unknown link parameter “{_shown(name)}”.")
    longest = settings.max_query_chars()
    q = clean(one("q"), longest + 1)
    if len(q) > longest:
        notices.append(
            f"The link's query is longer than the {longest:,} characters a query may have "
            f"(TALKBASE_MAX_QUERY_CHARS); searched its first {longest:,}."
        )
        q = q[:longest]
    view_raw = one("view")
    view = next((v for v, p in VIEW_PARAM.items() if p and p == view_raw), "Search")
    if view_raw and view == "Search":
        notices.append(f"There is no view called “{_shown(view_raw)}”; showing Search.")
    talk = None
    if one("talk"):
        talk = agenda_mod.parse_id(one("talk"))
        if talk is None or talk not in known.talks:
            notices.append(f"No talk has the id “{_shown(one('talk'))}”.")
            talk = None
    speaker = None
    if one("speaker").strip():
        speaker = known.speakers.get(clean(one("speaker")).casefold())
        if speaker is None:
            notices.append(f"No speaker called “{_shown(one('speaker'))}” in the knowledge base.")
    org = None
    if one("org").strip():
        org = known.org(clean(one("org")))
        if org is None:
            notices.append(f"No organization called “{_shown(one('org'))}” in the knowledge base.")
    facets: dict[str, str] = {}
    for f in FACETS:
        value = one(FACET_PARAM[f.name])
        if not value:
            continue
        allowed = {v for v, _ in known.candidates.get(f.name, ())}
        if value in allowed:
            facets[f.name] = value
        else:
            notices.append(
                f"Ignored the {f.label.lower()} filter “{_shown(value)}”: no talk has it."
            )
    toggles = {t: one(t) == "1" for t in TOGGLES}
    shared = agenda_mod.from_query(
        {k: list(params.get(k) or ()) for k in (agenda_mod.SAVED_PARAM, agenda_mod.SKIPPED_PARAM)}
    )
    for name, what in (
        (agenda_mod.SAVED_PARAM, "saved"),
        (agenda_mod.SKIPPED_PARAM, "not-interested"),
    ):
        junk = agenda_mod.not_ids(agenda_mod.SEPARATOR.join(params.get(name) or ()))
        if junk:
            notices.append(
                f"Ignored “{_shown(', '.join(junk))}” in the link's {what} talks: "
                "a talk's id is a number."
            )
    day = one("date") if _ISO_DAY.fullmatch(one("date")) and _valid_day(one("date")) else None
    if one("date") and day is None:
        notices.append(f"Ignored the date “{_shown(one('date'))}”: it wants YYYY-MM-DD.")
    hm = _HM.fullmatch(one("at"))
    at = one("at") if hm and int(hm.group(1)) <= LAST_HOUR else None
    if one("at") and at is None:
        notices.append(
            f"Ignored the time “{_shown(one('at'))}”: it wants HH:MM, such as 14:30, "
            "or 24:30 for half past midnight that day's night."
        )
    rooms = _preset(one("rooms"), known.rooms)
    tracks = _preset(one("tracks"), known.tracks)
    shown = one("shown") if one("shown") in dict(known.candidates.get("conference", ())) else None
    if one("shown") and shown is None:
        notices.append(
            f"Ignored the conference “{_shown(one('shown'))}”: the base holds none so named."
        )
    if day is not None and view in DAY_VIEWS:
        names = [v for v, _ in known.candidates.get("conference", ())]  # the app's order
        held = dict(sorted(known.days.items(), key=lambda kv: _place(names, kv[0])))
        shown, day, said = _conference_of(day, shown, held)
        notices += [said] if said else []
    return Parsed(
        q,
        view,
        talk,
        speaker,
        org,
        facets,
        toggles,
        # saved ids the base no longer holds stay (My agenda names them until removed)
        Agenda(shared.saved, tuple(i for i in shared.skipped if i in known.talks)),
        day,
        at,
        rooms,
        tuple(notices[:MAX_NOTICES]),
        tracks,
        shown,
    )


def _place(names: Sequence[str], name: str) -> int:
    return names.index(name) if name in names else len(names)


def _conference_of(
    day: str, shown: str | None, days: Mapping[str, Collection[str]]
) -> tuple[str | None, str | None, str]:
    """The conference and day a link's date opens, and a sentence where it cannot open
    that day as asked: a date names the conference whose program holds it, where only
    one does (a base of several, the link naming none); where the conference the link
    names, or every conference, has no program that day, or several do, it says so,
    never showing another day in silence. (A base of one: `days` has one entry.)"""
    if not days:
        return shown, day, ""
    on = date.fromisoformat(day)
    words = f"{on:%a} {on.day} {on:%b %Y}"
    if shown is not None:
        if day in days.get(shown, ()):
            return shown, day, ""
        return shown, None, f"{shown} has no program on {words}; showing another of its days."
    holders = [c for c, held in days.items() if day in held]
    several = len(days) > 1
    if len(holders) == 1:
        return (holders[0] if several else None), day, ""
    if holders:
        return (
            holders[0],
            day,
            f"{len(holders)} conferences have a program on {words} ({', '.join(holders)}); "
            f"showing {holders[0]}'s: choose another above.",
        )
    if several:
        return (
            None,
            None,
            f"No conference of this base has a program on {words}; showing another day.",
        )
    return None, None, f"The program has nothing on {words}; showing another of its days."


def _preset(text: str, known: Collection[str]) -> tuple[str, ...]:
    """The names of a preset ("A|B") that the base holds, each once, in link order."""
    return tuple(dict.fromkeys(n for n in text.split(ROOM_SEP) if n in known)) if text else ()


def _valid_day(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True

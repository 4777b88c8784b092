"""iCalendar (`.ics`) schedules: one talk per VEVENT.

    BEGIN:VEVENT
    UID:SCHED-4f2a@example.sched.com
    DTSTART;TZID=Europe/Berlin:20240203T093000      (or ...Z, or floating + X-WR-TIMEZONE)
    DTEND;TZID=Europe/Berlin:20240203T100000        (or DURATION:PT30M)
    SUMMARY:Title - Jane Doe\\, Staff Engineer\\, Acme & Max Muster\\, Beispiel GmbH
    RRULE:FREQ=DAILY;COUNT=3 (+ EXDATE)               -> one talk per occurrence
    LOCATION:Room A          -> room
    CATEGORIES:Security      -> track (a session kind, "Workshop", "Vortrag": format)
    DESCRIPTION:...\\n...    -> abstract ("Speaker: Name (Org)" lines: speakers)
    SUMMARY;LANGUAGE=de:...  -> language
    URL:https://...
    END:VEVENT

Sched-style exports pack speakers into SUMMARY ("Title - Name, Role, Org", several
joined by " & "); they are split off only when every part looks like a person's
name. Folded lines are unfolded and `\\n \\, \\; \\\\` unescaped; a fold that a
writer put inside a multi-byte UTF-8 character (RFC 5545 3.1 folds octets, not
characters) is mended in the bytes, before they are decoded
(`mend_split_characters`). Malformed lines are skipped with a warning, unclosed
events are kept (an event or the calendar left open at the end of the file: it looks
cut short, `registry.CutShort`). A UID that events of other titles share (an
export giving every event its calendar's number) names none of them: they are read
without one, told apart by title and time, so that a talk's id never follows the
events' order (`_shared_uids`); a recurring event's override (RECURRENCE-ID) is
"UID#<its start>", and one title under one UID at two times is two showings
("UID#2"); two events of one UID may be two revisions of one event (RFC
5545 3.8.7.4: a higher SEQUENCE, or at one SEQUENCE a later LAST-MODIFIED, else
DTSTAMP): then the newer is the event
and the older is left out with a warning (`_superseded`). Each talk's source keeps
its event's revision (`Source.sequence`, `Source.revised`), so that a newer export of
the calendar, ingested beside an older one, gives the merged talk its times
(ingest/merge/precedence.py).

A recurring event (RRULE, expanded by python-dateutil in the event's own wall time,
less its EXDATEs and the occurrences a RECURRENCE-ID event replaces) is one talk per
occurrence: a three-day workshop is three sessions, each but the first with the UID
"UID#<its start>"; a rule that says no end (no UNTIL or COUNT: a weekly meeting) is
read up to the end of the calendar's other sessions (a daily breakfast of a three-day
conference is three), and kept once where there are none; any rule stops at
MAX_OCCURRENCES, with a warning. An all-day event (DTSTART;VALUE=DATE: a registration
desk, the conference itself) is no session at midnight: it is skipped with a warning,
unless its own text says it is a session (`day_session`: it names its speakers or a
session kind, "Workshop: eBPF for operators"); then it is kept on its first day with
no time (`Talk.program_day`), and one of several days says so in a warning and a
"Days" note.

A TZID is a tz database zone, a Windows name CLDR maps to one ("W. Europe Standard
Time"), else the calendar's own VTIMEZONE, read by its rules, summer time included
(`resolve_tzid`, ingest/formats/icalzone.py).

A file of several calendars (one VCALENDAR after another) reads each one's events
with that calendar's own name (X-WR-CALNAME, their conference) and zone
(X-WR-TIMEZONE, for its floating times), and says that it holds several.

A calendar most of whose events are no sessions, all-day or repeating without end (a
birthday, a weekly 1:1: someone's own calendar), is no program: refused.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from itertools import islice

from dateutil.rrule import rrulestr

from ingest import when
from ingest.formats import registry
from ingest.formats.icalnames import (
    SummaryNames,
    people,
    people_labels,
    split_description,
    split_summary,
)
from ingest.formats.icalzone import Change, OwnZone, at_offset, own_zone
from ingest.formats.registry import Format, Options, Result, register
from ingest.html import inline, plain
from ingest.language import stated_language, unread_languages
from ingest.links import link_pairs
from ingest.speakers import comma_affiliation, family_first
from ingest.text import title_key
from talkbase.core.errors import InputError
from talkbase.core.records import Source, Speaker, Talk
from talkbase.core.terms import format_named

NAME = "ical"
MAX_LINE_WARNINGS = 20
MAX_DEPTH = 16  # VCALENDAR > VEVENT > VALARM is 3; deeper is damage
MAX_OCCURRENCES = 366  # of one recurring event: a daily rule for a year; more is a mistake
_PARAM = re.compile(r';([A-Za-z0-9-]+)=((?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)')
_WHEN = re.compile(r"(\d{4})-?(\d{2})-?(\d{2})(?:T(\d{2}):?(\d{2})(?::?(\d{2}))?(?:\.\d+)?(Z)?)?")


@dataclass
class _Event:
    line: int
    calendar: int = -1  # which VCALENDAR of the file holds it (-1: none)
    props: dict[str, list[tuple[dict[str, str], str]]] = field(default_factory=dict)

    def get(self, name: str) -> tuple[dict[str, str], str] | None:
        values = self.props.get(name)
        return values[0] if values else None

    def text(self, name: str) -> str:
        found = self.get(name)
        return unescape(found[1]) if found else ""


_CALENDAR_HEAD = re.compile(rb"(?:\xef\xbb\xbf)?\s*BEGIN:V(?:CALENDAR|EVENT)\s", re.IGNORECASE)
# the start of a character, the fold (a line break and one blank), the rest of it
_SPLIT_CHARACTER = re.compile(
    rb"([\xc0-\xf7][\x80-\xbf]{0,2})((?:(?:\r\n|\n|\r)[ \t])+)([\x80-\xbf]{1,3})"
)


def mend_split_characters(data: bytes) -> bytes:
    """The bytes of an iCalendar with every fold that splits a UTF-8 character moved
    to after that character, so that the text decodes as UTF-8 (and not, with one
    split "ö", as Windows-1252); other bytes, and the line numbers, are unchanged.
    Moving bytes across a fold changes no unfolded line, whatever the encoding."""
    if not _CALENDAR_HEAD.match(data[:4096]):
        return data
    mended = data
    for _ in range(3):  # a character folded twice (lines of a few octets)
        data, mended = mended, _SPLIT_CHARACTER.sub(rb"\1\3\2", mended)
        if mended == data:
            break
    return mended


def unfold(text: str) -> list[tuple[int, str]]:
    """Logical lines with the number of the physical line each starts on."""
    out: list[tuple[int, str]] = []
    pieces: list[str] = []  # the logical line being unfolded, joined once at its end
    start = 0
    for no, raw in enumerate(re.split(r"\r\n|\n|\r", text), start=1):
        if raw[:1] in (" ", "\t") and pieces:
            pieces.append(raw[1:])
            continue
        if pieces:
            out.append((start, "".join(pieces)))
        start, pieces = no, [raw]
    if pieces:
        out.append((start, "".join(pieces)))
    return out


def content_line(raw: str) -> tuple[str, dict[str, str], str] | None:
    """NAME;PARAM=value;...:VALUE -> (NAME, params, VALUE); None if malformed."""
    m = re.match(r"[A-Za-z0-9-]+", raw)
    if not m:
        return None
    params: dict[str, str] = {}
    i = m.end()
    while i < len(raw) and raw[i] == ";":
        pm = _PARAM.match(raw, i)
        if not pm:
            return None
        params[pm.group(1).upper()] = pm.group(2).replace('"', "")
        i = pm.end()
    if i >= len(raw) or raw[i] != ":":
        return None
    return m.group().upper(), params, raw[i + 1 :]


def tzid_text(value: str) -> str:
    """A VTIMEZONE's TZID as its events' TZID parameters name it: without the double
    quotes some writers put around it (`TZID:"My Office"`). A parameter value holds no
    DQUOTE (RFC 5545 3.1: `TZID="My Office"` names My Office), so quotes around the
    property's text can only be such quoting, never part of the name a parameter refers to."""
    name = value.strip()
    if len(name) >= 2 and name[0] == name[-1] == '"':
        return name[1:-1].strip()
    return name


def unescape(value: str) -> str:
    return re.sub(r"\\([\\;,:nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


def split_list(value: str) -> list[str]:
    """A comma-separated property (CATEGORIES), honouring escaped commas."""
    return [unescape(p).strip() for p in re.split(r"(?<!\\),", value) if p.strip()]


def resolve_tzid(tzid: str, offsets: dict[str, tzinfo]) -> tzinfo | None:
    """The zone a TZID names: a tz database zone or a Windows name CLDR maps to one
    ("Cen. Australia Standard Time": Australia/Adelaide: `when.zone`), also at the end
    of a path ("/mozilla.org/20050126_1/Australia/Adelaide"), else the calendar's own
    VTIMEZONE of that TZID (`offsets`: its rules, `icalzone.own_zone`)."""
    found = when.zone(tzid)
    if found is not None:
        return found
    parts = [p for p in tzid.strip().split("/") if p]
    for k in range(1, len(parts)):  # "/freeassociation.sourceforge.net/Tzfile/Europe/Berlin"
        found = when.zone("/".join(parts[k:]))
        if found is not None:
            return found
    if "/" not in tzid:  # pentabarf writes "Europe-Brussels"
        found = when.zone(tzid.strip().replace("-", "/", 1))
    return found or offsets.get(tzid)


@dataclass
class _Part:
    """One VCALENDAR of a file: its own X-WR-CALNAME and X-WR-TIMEZONE."""

    name: str = ""
    tz_name: str = ""


@dataclass
class _Calendar:
    document: str
    name: str = ""
    tz_name: str = ""
    parts: list[_Part] = field(default_factory=list)  # each VCALENDAR, in the file's order
    producer: str = ""  # PRODID
    # TZID -> the zone its VTIMEZONE defines: its rules (`icalzone.own_zone`), else the
    # offset of its standard time
    offsets: dict[str, tzinfo] = field(default_factory=dict)
    rules: dict[str, list[Change]] = field(default_factory=dict)  # TZID -> its parts
    tzids: list[str] = field(default_factory=list)
    events: list[_Event] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    unread_language: list[tuple[str, str]] = field(default_factory=list)  # (`_language`)
    bad_lines: int = 0


_CHANGES = ("STANDARD", "DAYLIGHT")  # a VTIMEZONE's parts, each a change of its clocks


def _scan(text: str, document: str) -> _Calendar:
    cal = _Calendar(document)
    stack: list[str] = []
    current: _Event | None = None
    tzid = ""

    def bad(no: int, problem: str) -> None:
        cal.bad_lines += 1
        if cal.bad_lines <= MAX_LINE_WARNINGS:
            cal.warnings.append(f"{document} line {no}: {problem}")

    last = 0  # the last line read
    for no, raw in unfold(text.lstrip("\ufeff")):
        if not raw.strip():
            continue
        last = no
        parsed = content_line(raw)
        if parsed is None:
            bad(no, f"not an iCalendar line ({raw[:40]!r}); skipped")
            continue
        name, params, value = parsed
        comp = value.strip().upper()
        if name == "BEGIN":
            if comp == "VEVENT" and current is not None:
                cal.warnings.append(
                    f"{document} line {no}: a VEVENT begins before the one at "
                    f"line {current.line} ended; that one ends here"
                )
                cal.events.append(current)
                del stack[stack.index("VEVENT") :]
            if len(stack) >= MAX_DEPTH and comp != "VEVENT":
                bad(no, f"BEGIN:{comp} nests deeper than {MAX_DEPTH} components; ignored")
                continue
            stack.append(comp)
            if comp == "VCALENDAR":
                cal.parts.append(_Part())
            if comp == "VEVENT":
                current = _Event(no, len(cal.parts) - 1)
            elif comp == "VTIMEZONE":
                tzid = ""
            elif comp in _CHANGES and "VTIMEZONE" in stack and tzid:
                cal.rules.setdefault(tzid, []).append(Change())
            continue
        if name == "END":
            if comp not in stack:
                bad(no, f"END:{comp} without BEGIN; ignored")
                continue
            closing = stack[stack.index(comp) :]
            del stack[stack.index(comp) :]
            if "VEVENT" in closing and current is not None:
                if comp != "VEVENT":
                    cal.warnings.append(
                        f"{document} line {current.line}: the VEVENT is not "
                        f"closed before line {no}; kept"
                    )
                cal.events.append(current)
                current = None
            continue
        top = stack[-1] if stack else ""
        if top == "VEVENT" and current is not None:
            current.props.setdefault(name, []).append((params, value))
        elif top in ("VCALENDAR", "") and name in ("X-WR-CALNAME", "NAME") and not cal.name:
            cal.name = inline(unescape(value))
            if cal.parts and not cal.parts[-1].name:
                cal.parts[-1].name = cal.name
        elif top in ("VCALENDAR", "") and name in ("X-WR-CALNAME", "NAME"):
            if cal.parts and not cal.parts[-1].name:
                cal.parts[-1].name = inline(unescape(value))
        elif top in ("VCALENDAR", "") and name in ("X-WR-TIMEZONE", "TIMEZONE-ID"):
            cal.tz_name = value.strip()
            if cal.parts:
                cal.parts[-1].tz_name = value.strip()
        elif top in ("VCALENDAR", "") and name in ("VTIMEZONE", "TZID") and not cal.tz_name:
            cal.tz_name = value.strip()  # a malformed bare "VTIMEZONE: Europe/Rome" line
        elif top in ("VCALENDAR", "") and name == "PRODID":
            cal.producer = value.lower()
        elif top == "VTIMEZONE" and name == "TZID":
            tzid = tzid_text(value)
            cal.tzids.append(tzid)
        elif top in _CHANGES and tzid:
            if tzid in cal.rules:
                cal.rules[tzid][-1].add(name, value)
            offset = when.zone(value.strip()[:3] + ":" + value.strip()[3:5])
            if name == "TZOFFSETTO" and offset is not None:
                if top == "STANDARD" or tzid not in cal.offsets:
                    cal.offsets[tzid] = offset
    if current is not None:  # (a file cut short: the event is kept, perhaps without its end)
        said = "the VEVENT is not closed (read to the end of the file)"
        summary = inline(current.text("SUMMARY")) or None
        cal.warnings.append(registry.cut_short(document, current.line, said, summary))
        cal.events.append(current)
    elif "VCALENDAR" in stack:  # (every event closed, the calendar never: cut between them)
        said = "the calendar ends here, with no END:VCALENDAR"
        cal.warnings.append(registry.cut_short(document, last, said, None))
    for name, changes in cal.rules.items():  # (a zone of its own: its summer time too)
        if (zone := own_zone(name, changes)) is not None:
            cal.offsets[name] = zone
    if cal.bad_lines > MAX_LINE_WARNINGS:
        cal.warnings.append(
            f"{document}: … and {cal.bad_lines - MAX_LINE_WARNINGS} more malformed lines skipped"
        )
    return cal


def _when(
    prop: tuple[dict[str, str], str] | None,
    cal_tz: tzinfo | None,
    fallback: tzinfo,
    offsets: dict[str, tzinfo],
) -> datetime | None:
    if prop is None:
        return None
    params, value = prop
    m = _WHEN.fullmatch(value.strip())
    if not m:
        return None
    try:
        day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        clock = time(int(m.group(4) or 0), int(m.group(5) or 0), min(59, int(m.group(6) or 0)))
    except ValueError:
        return None
    moment = datetime.combine(day, clock)
    if m.group(7):
        return when.localise(moment.replace(tzinfo=UTC), cal_tz, fallback)
    if params.get("TZID"):
        tz = resolve_tzid(params["TZID"], offsets)
        if tz is not None:
            return when.wall_clock(moment, tz)
    return when.wall_clock(moment, cal_tz or fallback)


def _revision(ev: _Event, cal: _Calendar) -> tuple[int | None, str | None]:
    """The event's SEQUENCE and its LAST-MODIFIED (else DTSTAMP) as an ISO instant in
    UTC; None for what it does not say or says unreadably."""
    number = ev.text("SEQUENCE").strip()
    sequence = int(number) if number.isdigit() else None
    stamp = None
    for name in ("LAST-MODIFIED", "DTSTAMP"):
        moment = _when(ev.get(name), UTC, UTC, cal.offsets)
        if moment is not None:
            stamp = moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            break
    return sequence, stamp


def _superseded(cal: _Calendar, document: str) -> dict[int, str]:
    """The events (by id) that a later revision of the same UID in this calendar
    replaces, each with its warning: of the events sharing a UID and no RECURRENCE-ID,
    each one SEQUENCE says is older than the newest, where it names the same talk
    (its SUMMARY). Events of one UID and one SEQUENCE (or none said) are kept, as
    showings, whatever their stamps (a workshop on two days exported a second apart),
    and so are events of other titles (an exporter giving every event one UID)."""
    by_uid: dict[str, list[_Event]] = {}
    for ev in cal.events:
        uid = inline(ev.text("UID"))
        if uid and ev.get("RECURRENCE-ID") is None:
            by_uid.setdefault(uid, []).append(ev)
    out: dict[int, str] = {}
    for uid, events in by_uid.items():
        if len(events) < 2:
            continue
        said = [Source("", "", "", None, *_revision(ev, cal)).revision for ev in events]
        revisions = [r for r in said if r is not None]
        titles = {inline(ev.text("SUMMARY")).casefold() for ev in events}
        numbered = [ev.text("SEQUENCE").strip() for ev in events]
        if len(revisions) < len(events) or len(titles) > 1 or len(set(numbered)) < 2:
            continue  # no revision: showings, or other talks under one UID
        newest = max(range(len(events)), key=lambda i: revisions[i])
        top = revisions[newest]
        for ev, revision in zip(events, revisions, strict=True):
            if revision < top:
                out[id(ev)] = (
                    f"{document} line {ev.line}: the event {uid!r} is revised at line "
                    f"{events[newest].line} (SEQUENCE {revision[0]} then {top[0]}); "
                    "the older revision is left out"
                )
    return out


def _shared_uids(cal: _Calendar, older: dict[int, str]) -> dict[str, int]:
    """The UIDs events of other titles share, each with how many events give it: not
    one event's revisions (`older`), showings (one title at two times: "UID#2") nor a
    recurring event's overrides (RECURRENCE-ID), but an export that gives every event
    its calendar's number. Such a UID names no event: kept as "UID#2", "UID#3" in the
    events' order, a talk's id would pass to the next talk when one is deleted."""
    titles: dict[str, set[str]] = {}
    counts: Counter[str] = Counter()
    for ev in cal.events:
        uid = inline(ev.text("UID"))
        if uid and id(ev) not in older and ev.get("RECURRENCE-ID") is None:
            titles.setdefault(uid, set()).add(title_key(inline(ev.text("SUMMARY"))))
            counts[uid] += 1
    return {uid: counts[uid] for uid, said in titles.items() if len(said) > 1}


def _organizers(cal: _Calendar) -> dict[int, tuple[Speaker, ...]]:
    """ORGANIZER;CN=Name of each event (by id of the event), where it names the
    speaker: not when it is the calendar's own name, nor when every event of several
    has the same organizer (then it is whoever publishes the calendar)."""
    names = {
        id(ev): inline((ev.get("ORGANIZER") or ({}, ""))[0].get("CN", "")) for ev in cal.events
    }
    distinct = {n.casefold() for n in names.values()}
    if len(cal.events) > 1 and len(distinct) == 1:
        return {}
    own = cal.name.casefold()
    return {
        key: people(unescape(name))
        for key, name in names.items()
        if name and name.casefold() != own and "@" not in name
    }


def _attendees(ev: _Event) -> tuple[Speaker, ...]:
    """The people of an event's ATTENDEE;CN=… (a CN of two people is both)."""
    return tuple(
        s for p, _ in ev.props.get("ATTENDEE", []) for s in people(unescape(p.get("CN", "")))
    )


def _roles(
    cal: _Calendar,
    style: str,
    organizers: dict[int, tuple[Speaker, ...]],
    after_comma: bool,
    family: bool,
) -> frozenset[str]:
    """The labels of DESCRIPTION lines that name a session's people beside a
    speaker's ("Moderation:", "Leitung:"), as the calendar shows them
    (`icalnames.people_labels`) by the people it names elsewhere: in a SUMMARY, on a
    speaker's line, as an ATTENDEE or an ORGANIZER."""
    named = (
        s
        for ev in cal.events
        for s in (
            *split_summary(inline(ev.text("SUMMARY")), style)[1],
            *split_description(ev.text("DESCRIPTION"), after_comma, family=family)[1],
            *_attendees(ev),
            *organizers.get(id(ev), ()),
        )
    )  # (read only where a calendar has lines of other labels listing people)
    return people_labels((ev.text("DESCRIPTION") for ev in cal.events), named)


def _summary_names(cal: _Calendar, organizers: dict[int, tuple[Speaker, ...]]) -> SummaryNames:
    """Which one name after a title's dash ("Title - Jane Doe") is a speaker's
    (`icalnames.SummaryNames`): one the calendar names elsewhere, none of its rooms
    and tracks."""
    return SummaryNames.of(
        [
            *(inline(ev.text("LOCATION")) for ev in cal.events),
            *(
                inline(c)
                for ev in cal.events
                for p in ev.props.get("CATEGORIES", [])
                for c in split_list(p[1])
            ),
        ],
        [
            s
            for ev in cal.events
            for s in (
                *split_description(ev.text("DESCRIPTION"))[1],
                *_attendees(ev),
                *organizers.get(id(ev), ()),
            )
        ],
    )


def all_day(prop: tuple[dict[str, str], str] | None) -> bool:
    """DTSTART;VALUE=DATE:20240923 (or a bare date): an event of whole days, no session."""
    if prop is None:
        return False
    params, value = prop
    return params.get("VALUE", "").upper() == "DATE" or bool(re.fullmatch(r"\d{8}", value.strip()))


def whole_days(ev: _Event) -> tuple[date, date] | None:
    """The first and the last day of an all-day event (DTEND;VALUE=DATE is the day
    after its last, RFC 5545 3.6.1; none, or one not after DTSTART, is one day);
    None when its DTSTART cannot be read."""
    first = _date_of(ev.get("DTSTART"))
    if first is None:
        return None
    after = _date_of(ev.get("DTEND"))
    return first, (after - timedelta(days=1) if after and after > first else first)


def _date_of(prop: tuple[dict[str, str], str] | None) -> date | None:
    """The date a DTSTART/DTEND value begins with; None when it is unreadable."""
    m = _WHEN.fullmatch(prop[1].strip()) if prop else None
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else None
    except ValueError:
        return None


def day_session(title: str, speakers: tuple[Speaker, ...], kinds: list[str]) -> bool:
    """Whether an all-day event is a session of the program rather than a day's
    frame (a registration desk, the conference itself, a holiday, "Venue closed", a
    birthday in someone's own calendar): its own text names who gives it (speakers in
    its SUMMARY or a speaker line of its DESCRIPTION; an ATTENDEE or ORGANIZER is only
    invited) or a session kind (CATEGORIES "Workshop", or a title led by one:
    "Workshop: eBPF for operators"). It is kept on its first day with no time
    (`Talk.program_day`), as a program's talk whose day is given and not its time."""
    head = title.split(":", 1)[0] if ":" in title else ""
    return bool(speakers or kinds or (head and format_named(head)))


def _local(moment: datetime, tz: tzinfo | None) -> datetime:
    """`moment` as a wall-clock time (naive) in `tz`: the time a recurrence repeats."""
    return (moment.astimezone(tz) if tz is not None else moment).replace(tzinfo=None)


def open_ended(rule: str) -> bool:
    """Whether an RRULE says no end (neither UNTIL nor COUNT): it repeats for ever."""
    return not re.search(r"(?:^|;)\s*(?:UNTIL|COUNT)=", rule, re.IGNORECASE)


def _readable(rule: str, start: datetime) -> bool:
    """Whether python-dateutil reads an RRULE (an unreadable one is kept once)."""
    try:
        rrulestr(rule.strip(), dtstart=_local(start, start.tzinfo), cache=False)
    except (ValueError, TypeError, OverflowError):
        return False
    return True


def occurrences(
    start: datetime, rule: str, skipped: set[datetime], until: datetime | None = None
) -> tuple[list[datetime], str | None]:
    """The starts of a recurring event (RRULE `rule` from `start`, in `start`'s zone's
    wall time, so that a daily 14:00 stays 14:00 across a change of summer time), less
    those in `skipped` (EXDATE and overridden occurrences, as wall times), at most
    MAX_OCCURRENCES; a rule without an end (`open_ended`) up to `until` (the end of
    the calendar's other sessions), and only once where there is none; `start`
    itself always the first (RFC 5545, even where the rule would not match it, and
    counted in COUNT); and what to say when the rule cannot be read or goes on beyond."""
    tz = start.tzinfo

    def wall(m: re.Match[str]) -> str:  # UNTIL=...Z against a start in a zone
        until = datetime.strptime(m.group(1), "%Y%m%dT%H%M%S").replace(tzinfo=UTC)
        return f"UNTIL={_local(until, tz):%Y%m%dT%H%M%S}"

    text = re.sub(r"UNTIL=(\d{8}T\d{6})Z", wall, rule.strip(), flags=re.IGNORECASE)
    first = _local(start, tz)
    if open_ended(text):
        # (a rule without an end, or one that matches nothing for years,
        # "FREQ=MINUTELY;BYMONTHDAY=30;BYMONTH=2", is not searched to the year 9999)
        if (until is None or _local(until, tz) <= first) and _readable(rule, start):
            return ([start] if first not in skipped else []), None
        until = until or start  # (an unreadable rule: its problem said below)
        text += f";UNTIL={_local(until, tz):%Y%m%dT%H%M%S}"
    try:
        found = list(islice(rrulestr(text, dtstart=first, cache=False), MAX_OCCURRENCES + 1))
    except (ValueError, TypeError, OverflowError) as exc:
        return [start], f"the RRULE {rule.strip()[:60]!r} cannot be read ({exc}); kept once"
    if not found or found[0] != first:
        # RFC 5545: DTSTART is always the first occurrence, and counts in COUNT
        found = [first, *found]
        if re.search(r"(?:^|;)\s*COUNT=", text, re.IGNORECASE) and len(found) > 1:
            found = found[:-1]
    problem = None
    if len(found) > MAX_OCCURRENCES:
        found = found[:MAX_OCCURRENCES]
        problem = (
            f"its RRULE repeats it more than {MAX_OCCURRENCES} times; "
            f"the first {MAX_OCCURRENCES} are kept"
        )
    return [m.replace(tzinfo=tz) for m in found if m not in skipped], problem


def looks_like(text: str) -> bool:
    head = text[:4096].lstrip("\ufeff \t\r\n").upper()
    return head.startswith("BEGIN:VCALENDAR") or bool(re.match(r"BEGIN:VEVENT\s", head))


def _unknown_zone(cal: _Calendar) -> str:
    """The first zone an event's start or end names by a TZID that is no zone
    (`resolve_tzid`: neither the tz database's nor a VTIMEZONE of the file's:
    "Mars/Olympus"), else an X-WR-TIMEZONE that is none where nothing else gives the
    calendar's; "" where every zone it names is one."""
    for ev in cal.events:
        for name in ("DTSTART", "DTEND"):
            said = (ev.get(name) or ({}, ""))[0].get("TZID", "")
            if said and resolve_tzid(said, cal.offsets) is None:
                return said
    named = cal.tz_name
    if named and when.zone(named) is None and len(set(cal.tzids)) != 1:
        return named
    return ""


def parse(text: str, document: str, default_tz: str = "UTC") -> tuple[list[Talk], list[str]]:
    cal = _scan(text, document)
    if not cal.events:
        raise InputError(document, "no VEVENT in this calendar", "line 1")
    fallback = when.zone(default_tz) or UTC
    cal_tz = when.zone(cal.tz_name)
    if cal_tz is None and len(set(cal.tzids)) == 1:
        cal_tz = resolve_tzid(cal.tzids[0], cal.offsets)
    if unknown := _unknown_zone(cal):
        cal.warnings.append(
            registry.ZoneUnknown(
                f"{unknown[:60]!r}, which neither the tz database nor a VTIMEZONE in it defines"
            )
        )
    hints = cal.producer + " ".join(ev.text("UID") + ev.text("URL") for ev in cal.events[:20])
    style = "sched" if "sched" in hints.lower() else "pretalx" if "pretalx" in hints.lower() else ""
    conference = cal.name or when.document_stem(document)
    organizers = _organizers(cal)
    replaced = _replaced(cal, cal_tz, fallback)
    said: list[str] = []  # the singular speaker lines of the descriptions, as written
    heard: list[str] = []  # every speaker line
    after_comma: str | None = None
    for ev in cal.events:
        split_description(ev.text("DESCRIPTION"), said=said, heard=heard)
    if family := family_first(heard):
        cal.warnings.append(
            f'{document}: the speaker lines read as "Family, Given" ({family}): '
            "each speaker is named given name first"
        )
    elif after_comma := comma_affiliation(said):
        cal.warnings.append(
            f'{document}: the speaker lines read as "Name, Organisation" ({after_comma}): '
            "the part after the comma is taken as the speaker's affiliation"
        )
    roles = _roles(cal, style, organizers, bool(after_comma), bool(family))
    names = _summary_names(cal, organizers)
    several = len(cal.parts) > 1 and len({ev.calendar for ev in cal.events}) > 1
    zones = {part.tz_name for part in cal.parts if part.tz_name}
    if several:
        cal.warnings.append(
            f"{document}: holds {len(cal.parts)} calendars (VCALENDAR); each one's events "
            "are read with its own name and zone"
        )
    seen: dict[str, int] = {}
    talks: list[Talk] = []
    skipped_days: list[str] = []
    older = _superseded(cal, document)
    shared = _shared_uids(cal, older)
    if shared:
        one, count = next(iter(shared.items()))
        cal.warnings.append(
            f"{document}: {count} events share the UID {one!r}"
            + (f" ({len(shared)} UIDs are shared so)" if len(shared) > 1 else "")
            + "; it names none of them, so they are told apart by title and time"
        )
    # the events repeating without end: (where, talk, RRULE, skipped wall times)
    endless: list[tuple[str, Talk, str, set[datetime]]] = []
    for ev in cal.events:
        where = f"{document} line {ev.line}"
        summary = inline(ev.text("SUMMARY"))
        if id(ev) in older:
            cal.warnings.append(older[id(ev)])
            continue
        if not summary:
            cal.warnings.append(
                registry.Unreadable(f"{where}: a VEVENT without a SUMMARY; skipped")
            )
            continue
        title, speakers = split_summary(summary, style, names.alone(summary))
        categories = [c for p in ev.props.get("CATEGORIES", []) for c in split_list(p[1])]
        kinds = [k for k in (format_named(c) for c in categories) if k]
        topics = [c for c in categories if format_named(c) is None]
        labels: dict[str, str] = {}  # a description's "Type:", "Language:" lines
        described, listed, labelled_track = split_description(
            ev.text("DESCRIPTION"), bool(after_comma), family=bool(family), fields=labels
        )
        days = whole_days(ev) if all_day(ev.get("DTSTART")) else None
        if all_day(ev.get("DTSTART")) and not (
            days and day_session(title, speakers or listed, kinds)
        ):
            skipped_days.append(where)
            cal.warnings.append(
                f"{where}: {summary[:60]!r} is an all-day event (DTSTART;VALUE=DATE), "
                "not a session; skipped"
            )
            continue
        own_tz = resolve_tzid(ev.text("TZID"), cal.offsets) if ev.text("TZID") else None
        part = cal.parts[ev.calendar] if several and ev.calendar >= 0 else None
        ev_tz = own_tz or cal_tz
        if part is not None and len(zones) > 1:
            # calendars naming different zones: each its own; one naming none takes
            # no other calendar's (one zone named in the file: it is the file's)
            ev_tz = own_tz or when.zone(part.tz_name) or (None if cal.tz_name else cal_tz)
        start = end = None
        if days is None:
            start = _when(ev.get("DTSTART"), ev_tz, fallback, cal.offsets)
            end = _when(ev.get("DTEND"), ev_tz, fallback, cal.offsets)
            if start is None:
                cal.warnings.append(
                    f"{where}: {title!r} has no readable DTSTART; kept without a time"
                )
            length = when.parse_duration(ev.text("DURATION")) if ev.text("DURATION") else None
            end, problem = when.talk_end(start, end, length)
            if problem:
                cal.warnings.append(f"{where}: {title!r} {problem}")
        elif days[1] > days[0]:
            cal.warnings.append(
                f"{where}: {title!r} is an all-day event of {(days[1] - days[0]).days + 1} days "
                f"({days[0]} to {days[1]}); kept on its first day with no time"
            )
        uid, repeated = when.unique_uid(inline(ev.text("UID")), seen)
        recurrence = _when(ev.get("RECURRENCE-ID"), ev_tz, fallback, cal.offsets)
        if inline(ev.text("UID")) in shared:
            uid = None  # (no identity: one talk's id must not follow the events' order)
        elif repeated and recurrence is not None:
            uid = f"{inline(ev.text('UID'))}#{recurrence:%Y%m%dT%H%M}"
        elif repeated:
            cal.warnings.append(f"{where}: the UID of this event was used before; kept as {uid!r}")
        speakers = speakers or listed or _attendees(ev) or organizers.get(id(ev), ())
        if not speakers and roles:  # "Moderation: …" where nothing else names anyone
            described, speakers, labelled_track = split_description(
                ev.text("DESCRIPTION"),
                bool(after_comma),
                family=bool(family),
                roles=roles,
                fields=labels,
            )
        abstract = plain(described) or plain(ev.text("X-ALT-DESC"))
        notes = [("URL", inline(ev.text("URL")))]
        if days is not None and days[1] > days[0]:
            notes.append(("Days", f"{days[0]} to {days[1]}"))
        if len(categories) > 1:
            notes.append(("Categories", ", ".join(categories)))
        if ev.text("STATUS").strip().upper() == "CANCELLED":
            notes.append(("Status", "cancelled"))
        links, refused = link_pairs(("Program page", v) for _, v in ev.props.get("URL", []))
        if refused:
            cal.warnings.append(f"{where}: a URL that is not a web address (http/https); left out")
        track = inline(topics[0]) if topics else labelled_track
        talk = Talk(
            title=title,
            speakers=speakers,
            start=start,
            end=end,
            room=inline(ev.text("LOCATION")) or None,
            track=track or None,
            format=kinds[0]
            if kinds
            else format_named(labels.get("format", "")) or labels.get("format"),
            abstract=abstract,
            notes=tuple((k, v) for k, v in notes if v),
            conference=(part.name if part is not None else "") or conference,
            sources=(
                Source(
                    document,
                    NAME,
                    f"line {ev.line}",
                    _section(start, track, days[0] if days else None),
                    *_revision(ev, cal),
                ),
            ),
            uid=uid,
            links=links,
            language=_language(ev, cal.unread_language)
            or (
                stated_language(labels["language"], f"line {ev.line}", cal.unread_language)
                if "language" in labels
                else None
            ),
            program_day=days[0] if days else None,
        )
        rule = ev.text("RRULE")
        if start is None or not rule or recurrence is not None:
            talks.append(talk)
            continue
        skipped = {_local(m, start.tzinfo) for m in _exdates(ev, ev_tz, fallback, cal)}
        skipped |= replaced.get(inline(ev.text("UID")), set())
        if open_ended(rule) and _readable(rule, start):  # read once the others say how far
            endless.append((where, talk, rule, skipped))
            continue
        talks.extend(_recurring(talk, rule, skipped, where, None, cal.warnings))
    if endless and len(endless) + len(skipped_days) > len(talks):
        where = endless[0][0].removeprefix(f"{document} ")
        raise InputError(
            document,
            f"not a program: {len(endless) + len(skipped_days)} of its {len(cal.events)} "
            f"events are no sessions ({len(skipped_days)} all-day, {len(endless)} repeating "
            "without end: an RRULE without UNTIL or COUNT), as in someone's own calendar",
            where,
        )
    until = max((t.end or t.start for t in talks if t.start), default=None)
    for where, talk, rule, skipped in endless:
        cal.warnings.append(
            f"{where}: {talk.title!r} repeats without end (its RRULE has no UNTIL or COUNT); "
            + (
                f"read up to the calendar's last session ({until:%Y-%m-%d})"
                if until is not None and talk.start is not None and until > talk.start
                else "kept once"
            )
        )
        talks.extend(_recurring(talk, rule, skipped, where, until, cal.warnings))
    if skipped_days and not talks:
        raise InputError(
            document,
            "every event is an all-day event (DTSTART;VALUE=DATE) or has no SUMMARY; no sessions",
            skipped_days[0].removeprefix(f"{document} "),
        )
    return [_at_offsets(t) for t in talks], [
        *cal.warnings,
        *unread_languages(document, cal.unread_language),
    ]


def _at_offsets(talk: Talk) -> Talk:
    """A talk in a zone of the calendar's own at the offsets its clocks then keep
    (`icalzone.at_offset`), its times first read as the clocks mean them on a day they
    change (`when.on_the_clock`); any other talk as it is."""
    if talk.start is None or not isinstance(talk.start.tzinfo, OwnZone):
        return talk
    start, end, _ = when.on_the_clock(talk.start, talk.end)
    return replace(talk, start=at_offset(start), end=at_offset(end))


def _recurring(
    talk: Talk,
    rule: str,
    skipped: set[datetime],
    where: str,
    until: datetime | None,
    warnings: list[str],
) -> list[Talk]:
    """The talks of a recurring event's occurrences (`occurrences`), with what to say."""
    if talk.start is None:
        return [talk]
    starts, problem = occurrences(talk.start, rule, skipped, until)
    if problem:
        warnings.append(f"{where}: {talk.title!r} {problem}")
    if not starts:
        warnings.append(f"{where}: every occurrence of {talk.title!r} is excluded; skipped")
    return [_occurrence(talk, at, n == 0) for n, at in enumerate(starts)]


def _language(ev: _Event, unread: list[tuple[str, str]]) -> str | None:
    """The language an event's text says it is in: the LANGUAGE parameter of its
    SUMMARY or DESCRIPTION (RFC 5545 3.2.10, "SUMMARY;LANGUAGE=de:…", Outlook's); where
    each it holds names none, the first is added to `unread` (`stated_language`)."""
    tried: list[tuple[str, str]] = []
    for name in ("SUMMARY", "DESCRIPTION"):
        found = ev.get(name)
        said = found[0].get("LANGUAGE", "") if found else ""
        if code := stated_language(said, f"line {ev.line}", tried):
            return code
    unread.extend(tried[:1])
    return None


def _section(start: datetime | None, track: str | None, day: date | None = None) -> str | None:
    """The part of the program a talk is in: its day (its start's, or an all-day
    event's), else its track."""
    if start is not None:
        return start.date().isoformat()
    return day.isoformat() if day else track


def _exdates(ev: _Event, tz: tzinfo | None, fallback: tzinfo, cal: _Calendar) -> list[datetime]:
    """The starts EXDATE takes out of a recurring event (each line may list several)."""
    out: list[datetime] = []
    for params, value in ev.props.get("EXDATE", []):
        for one in value.split(","):
            found = _when((params, one), tz, fallback, cal.offsets)
            if found is not None:
                out.append(found)
    return out


def _replaced(cal: _Calendar, cal_tz: tzinfo | None, fallback: tzinfo) -> dict[str, set[datetime]]:
    """UID -> the occurrences (wall times) that an event with a RECURRENCE-ID replaces."""
    out: dict[str, set[datetime]] = {}
    for ev in cal.events:
        own = resolve_tzid(ev.text("TZID"), cal.offsets) if ev.text("TZID") else None
        moment = _when(ev.get("RECURRENCE-ID"), own or cal_tz, fallback, cal.offsets)
        if moment is not None:
            base = _when(ev.get("DTSTART"), own or cal_tz, fallback, cal.offsets)
            zone = base.tzinfo if base is not None else moment.tzinfo
            out.setdefault(inline(ev.text("UID")), set()).add(_local(moment, zone))
    return out


def _occurrence(talk: Talk, at: datetime, first: bool) -> Talk:
    """One occurrence of a recurring talk: its start, its end as long after, and (but
    for the first) a UID of its own."""
    if talk.start is None or at == talk.start:
        return talk
    end = at + (talk.end - talk.start) if talk.end else None
    uid = talk.uid if first or not talk.uid else f"{talk.uid}#{at:%Y%m%dT%H%M}"
    source = replace(talk.sources[0], section=_section(at, talk.track))
    return replace(talk, start=at, end=end, uid=uid, sources=(source,))


def _parse(text: str, document: str, options: Options) -> Result:
    return parse(text, document, default_tz=options.default_tz)


register(Format(NAME, 30, looks_like, _parse, suffixes=(".ics", ".ical")))

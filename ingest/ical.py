"""iCalendar (`.ics`) schedules: one talk per VEVENT.

    BEGIN:VEVENT
    UID:SCHED-4f2a@example.sched.com
    DTSTART;TZID=Europe/Berlin:20240203T093000      (or ...Z, or floating + X-WR-TIMEZONE)
    DTEND;TZID=Europe/Berlin:20240203T100000        (or DURATION:PT30M)
    SUMMARY:Title - Jane Doe\\, Staff Engineer\\, Acme & Max Muster\\, Beispiel GmbH
    LOCATION:Room A          -> room
    CATEGORIES:Security      -> track
    DESCRIPTION:...\\n...    -> abstract
    URL:https://...
    END:VEVENT

Sched-style exports pack speakers into SUMMARY ("Title - Name, Role, Org", several
joined by " & "); they are split off only when every part looks like a person's
name. Folded lines are unfolded and `\\n \\, \\; \\\\` unescaped. Malformed lines
are skipped with a warning, unclosed events are kept, and a UID seen twice is
kept as "UID#2" so that no event is lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, tzinfo

from ingest import when
from ingest.html import inline, plain
from ingest.speakers import parse_speakers
from talkbase.errors import InputError
from talkbase.records import Source, Speaker, Talk

NAME = "ical"
MAX_LINE_WARNINGS = 20
_PARAM = re.compile(r';([A-Za-z0-9-]+)=((?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)')
_WHEN = re.compile(r"(\d{4})-?(\d{2})-?(\d{2})(?:T(\d{2}):?(\d{2})(?::?(\d{2}))?(?:\.\d+)?(Z)?)?")
_WINDOWS_ZONES = {
    "pacific standard time": "America/Los_Angeles", "mountain standard time": "America/Denver",
    "central standard time": "America/Chicago", "eastern standard time": "America/New_York",
    "gmt standard time": "Europe/London", "w. europe standard time": "Europe/Berlin",
    "romance standard time": "Europe/Paris", "central europe standard time": "Europe/Budapest",
    "central european standard time": "Europe/Warsaw", "india standard time": "Asia/Kolkata",
    "china standard time": "Asia/Shanghai", "tokyo standard time": "Asia/Tokyo",
    "singapore standard time": "Asia/Singapore", "aus eastern standard time": "Australia/Sydney",
}
_PARTICLES = frozenset(["de", "da", "di", "del", "der", "van", "von", "la", "le", "du", "dos",
                        "bin", "al", "ten", "ter", "y", "zu"])
_NOT_NAMES = frozenset(
    ["part", "day", "session", "track", "room", "hall", "keynote", "panel", "workshop", "lunch",
     "break", "coffee", "registration", "remarks", "opening", "closing", "welcome", "q&a",
     "introduction", "intro", "demo", "tutorial", "lab", "lightning", "talks", "talk", "the", "a",
     "an", "and", "of", "in", "on", "for", "with", "to", "sponsored", "level", "floor", "online",
     "virtual", "stage", "reception", "party", "meetup", "networking", "office", "hours"]
)
_ROLE_OR_ORG = frozenset(
    ["director", "engineer", "manager", "ceo", "cto", "cfo", "coo", "cio", "founder", "co-founder",
     "head", "lead", "vp", "president", "architect", "developer", "scientist", "professor",
     "researcher", "maintainer", "chair", "officer", "evangelist", "advocate", "consultant",
     "student", "fellow", "analyst", "specialist", "principal", "staff", "senior", "chief",
     "executive", "product", "program", "programme", "member", "partner", "owner", "contributor",
     "inc", "inc.", "llc", "ltd", "gmbh", "corp", "corporation", "foundation", "university",
     "institute", "labs", "lab", "technologies", "technology", "systems", "software", "group",
     "company", "cloud", "solutions", "network", "networks", "college", "school", "ag", "sa"]
)
_CORPORATE = re.compile(r"^(?:Inc\.?|LLC|Ltd\.?|GmbH|Corp\.?|Co\.?|S\.A\.?|AG|SE|PLC|B\.V\.?|"
                        r"L\.P\.?|Pty\.? Ltd\.?|SAS|S\.r\.l\.?)$", re.IGNORECASE)


@dataclass
class _Event:
    line: int
    props: dict[str, list[tuple[dict[str, str], str]]] = field(default_factory=dict)

    def get(self, name: str) -> tuple[dict[str, str], str] | None:
        values = self.props.get(name)
        return values[0] if values else None

    def text(self, name: str) -> str:
        found = self.get(name)
        return unescape(found[1]) if found else ""


def unfold(text: str) -> list[tuple[int, str]]:
    """Logical lines with the number of the physical line each starts on."""
    out: list[tuple[int, str]] = []
    for no, raw in enumerate(re.split(r"\r\n|\n|\r", text), start=1):
        if raw[:1] in (" ", "\t") and out:
            out[-1] = (out[-1][0], out[-1][1] + raw[1:])
        else:
            out.append((no, raw))
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


def unescape(value: str) -> str:
    return re.sub(r"\\([\\;,:nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


def split_list(value: str) -> list[str]:
    """A comma-separated property (CATEGORIES), honouring escaped commas."""
    return [unescape(p).strip() for p in re.split(r"(?<!\\),", value) if p.strip()]


def _name_like(text: str) -> bool:
    """Two to six capitalised words, none a job title or a company word."""
    words = text.split()
    if not 2 <= len(words) <= 6 or len(text) > 60:
        return False
    for w in words:
        low = w.lower().strip(".,")
        if low in _NOT_NAMES or low in _ROLE_OR_ORG or any(c.isdigit() for c in w):
            return False
        if low in _PARTICLES:
            continue
        if not w[0].isupper() or not re.fullmatch(r"[^\W\d_][\w'\u2019.\-]*", w):
            return False
    return True


def _speaker(chunk: str, style: str) -> list[Speaker] | None:
    """One " & "-separated part of the speaker tail: "Name, Role, Org", or "Name, Name"."""
    parts = [p.strip() for p in chunk.split(",") if p.strip()]
    if not parts or not _name_like(parts[0]):
        return None
    if style == "pretalx" or (style != "sched" and len(parts) > 1
                              and all(_name_like(p) for p in parts)):
        return [Speaker(p) for p in parts] if all(_name_like(p) for p in parts) else None
    org = None
    if len(parts) >= 3 and _CORPORATE.match(parts[-1]):
        org = f"{parts[-2]}, {parts[-1]}"
    elif len(parts) >= 2:
        org = parts[-1]
    return [Speaker(parts[0], org)]


def split_summary(summary: str, style: str = "") -> tuple[str, tuple[Speaker, ...]]:
    """"Title - Name, Role, Org & Name2, Org2" -> (Title, speakers), conservatively.

    `style` is what the calendar's producer says: "sched" (Name, Role, Org), "pretalx"
    (Name, Name, ...) or "" (decided per part: job titles and company words are no names).
    """
    summary = re.sub(r"\s[-\u2013\u2014]$", "", summary)  # pretalx: "Title - " with nobody
    seps = list(re.finditer(r"\s[-\u2013\u2014]\s", summary))
    if not seps:
        return summary, ()
    title, tail = summary[: seps[-1].start()].strip(), summary[seps[-1].end() :].strip()
    if not title or not tail:
        return summary, ()
    chunks: list[str] = []
    for piece in re.split(r"\s+&\s+|;\s+", tail):
        if chunks and not _name_like(piece.split(",")[0].strip()):
            chunks[-1] += " & " + piece  # "Johnson & Johnson" is an organisation
        else:
            chunks.append(piece)
    found = [_speaker(c, style) for c in chunks]
    if not found or any(s is None for s in found):
        return summary, ()
    if "," not in tail and len(chunks) == 1 and not style:
        return summary, ()  # "Title - Two Words" alone is too weak a sign
    return title, tuple(s for group in found if group for s in group)


_LABELLED = re.compile(r"^(Speakers?|Track)\s*:\s*(.+)$", re.IGNORECASE)


def split_description(text: str) -> tuple[str, tuple[Speaker, ...], str | None]:
    """Leading "Speakers: ..." and "Track: ..." lines of a DESCRIPTION, and the rest."""
    speakers: tuple[Speaker, ...] = ()
    track = None
    lines = text.split("\n")
    while lines and (m := _LABELLED.match(lines[0].strip())):
        if m.group(1).lower().startswith("speaker"):
            speakers = parse_speakers(m.group(2))
        else:
            track = m.group(2).strip()
        lines.pop(0)
        while lines and not lines[0].strip():
            lines.pop(0)
    return "\n".join(lines), speakers, track


def resolve_tzid(tzid: str, offsets: dict[str, tzinfo]) -> tzinfo | None:
    found = when.zone(tzid)
    if found is not None:
        return found
    parts = [p for p in tzid.strip().split("/") if p]
    for k in range(1, len(parts)):  # "/freeassociation.sourceforge.net/Tzfile/Europe/Berlin"
        found = when.zone("/".join(parts[k:]))
        if found is not None:
            return found
    windows = _WINDOWS_ZONES.get(tzid.strip().lower())
    if windows:
        return when.zone(windows)
    if "/" not in tzid:  # pentabarf writes "Europe-Brussels"
        found = when.zone(tzid.strip().replace("-", "/", 1))
    return found or offsets.get(tzid)


@dataclass
class _Calendar:
    document: str
    name: str = ""
    tz_name: str = ""
    producer: str = ""  # PRODID
    offsets: dict[str, tzinfo] = field(default_factory=dict)
    tzids: list[str] = field(default_factory=list)
    events: list[_Event] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    bad_lines: int = 0


def _scan(text: str, document: str) -> _Calendar:
    cal = _Calendar(document)
    stack: list[str] = []
    current: _Event | None = None
    tzid = ""
    for no, raw in unfold(text.lstrip("\ufeff")):
        if not raw.strip():
            continue
        parsed = content_line(raw)
        if parsed is None:
            cal.bad_lines += 1
            if cal.bad_lines <= MAX_LINE_WARNINGS:
                cal.warnings.append(f"{document} line {no}: not an iCalendar line "
                                    f"({raw[:40]!r}); skipped")
            continue
        name, params, value = parsed
        comp = value.strip().upper()
        if name == "BEGIN":
            if comp == "VEVENT" and current is not None:
                cal.warnings.append(f"{document} line {no}: a VEVENT begins before the one at "
                                    f"line {current.line} ended; that one ends here")
                cal.events.append(current)
                del stack[stack.index("VEVENT") :]
            stack.append(comp)
            if comp == "VEVENT":
                current = _Event(no)
            continue
        if name == "END":
            if comp not in stack:
                cal.warnings.append(f"{document} line {no}: END:{comp} without BEGIN; ignored")
                continue
            closing = stack[stack.index(comp) :]
            del stack[stack.index(comp) :]
            if "VEVENT" in closing and current is not None:
                if comp != "VEVENT":
                    cal.warnings.append(f"{document} line {current.line}: the VEVENT is not "
                                        f"closed before line {no}; kept")
                cal.events.append(current)
                current = None
            continue
        top = stack[-1] if stack else ""
        if top == "VEVENT" and current is not None:
            current.props.setdefault(name, []).append((params, value))
        elif top in ("VCALENDAR", "") and name in ("X-WR-CALNAME", "NAME") and not cal.name:
            cal.name = inline(unescape(value))
        elif top in ("VCALENDAR", "") and name in ("X-WR-TIMEZONE", "TIMEZONE-ID"):
            cal.tz_name = value.strip()
        elif top in ("VCALENDAR", "") and name == "PRODID":
            cal.producer = value.lower()
        elif top == "VTIMEZONE" and name == "TZID":
            tzid = value.strip()
            cal.tzids.append(tzid)
        elif top in ("STANDARD", "DAYLIGHT") and name == "TZOFFSETTO" and tzid:
            offset = when.zone(value.strip()[:3] + ":" + value.strip()[3:5])
            if offset is not None and (top == "STANDARD" or tzid not in cal.offsets):
                cal.offsets[tzid] = offset
    if current is not None:
        cal.warnings.append(f"{document} line {current.line}: the VEVENT is not closed; "
                            "read to the end of the file")
        cal.events.append(current)
    if cal.bad_lines > MAX_LINE_WARNINGS:
        cal.warnings.append(f"{document}: {cal.bad_lines - MAX_LINE_WARNINGS} more malformed "
                            "lines skipped")
    return cal


def _when(prop: tuple[dict[str, str], str] | None, cal_tz: tzinfo | None, fallback: tzinfo,
          offsets: dict[str, tzinfo]) -> datetime | None:
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
            return moment.replace(tzinfo=tz)
    return moment.replace(tzinfo=cal_tz or fallback)


def looks_like(text: str) -> bool:
    head = text[:4096].lstrip("\ufeff \t\r\n").upper()
    return head.startswith("BEGIN:VCALENDAR") or bool(re.match(r"BEGIN:VEVENT\s", head))


def parse(text: str, document: str, default_tz: str = "UTC") -> tuple[list[Talk], list[str]]:
    cal = _scan(text, document)
    if not cal.events:
        raise InputError(document, "no VEVENT in this calendar", "line 1")
    fallback = when.zone(default_tz) or UTC
    cal_tz = when.zone(cal.tz_name)
    if cal_tz is None and len(set(cal.tzids)) == 1:
        cal_tz = resolve_tzid(cal.tzids[0], cal.offsets)
    hints = cal.producer + " ".join(ev.text("UID") + ev.text("URL") for ev in cal.events[:20])
    style = "sched" if "sched" in hints.lower() else "pretalx" if "pretalx" in hints.lower() else ""
    conference = cal.name or when.document_stem(document)
    seen: dict[str, int] = {}
    talks: list[Talk] = []
    for ev in cal.events:
        where = f"{document} line {ev.line}"
        summary = inline(ev.text("SUMMARY"))
        if not summary:
            cal.warnings.append(f"{where}: a VEVENT without a SUMMARY; skipped")
            continue
        title, speakers = split_summary(summary, style)
        own_tz = resolve_tzid(ev.text("TZID"), cal.offsets) if ev.text("TZID") else None
        start = _when(ev.get("DTSTART"), own_tz or cal_tz, fallback, cal.offsets)
        end = _when(ev.get("DTEND"), own_tz or cal_tz, fallback, cal.offsets)
        if start is None:
            cal.warnings.append(f"{where}: {title!r} has no readable DTSTART; kept without a time")
            end = None
        elif end is None or end <= start:
            length = when.parse_duration(ev.text("DURATION"))
            end = start + length if length else None
        uid, repeated = when.unique_uid(inline(ev.text("UID")), seen)
        if repeated:
            cal.warnings.append(f"{where}: the UID of this event was used before; kept as {uid!r}")
        categories = [c for p in ev.props.get("CATEGORIES", []) for c in split_list(p[1])]
        described, listed, labelled_track = split_description(ev.text("DESCRIPTION"))
        attendees = tuple(Speaker(inline(p["CN"])) for p, _ in ev.props.get("ATTENDEE", [])
                          if inline(p.get("CN", "")))
        speakers = speakers or listed or attendees
        abstract = plain(described) or plain(ev.text("X-ALT-DESC"))
        notes = [("URL", inline(ev.text("URL")))]
        if len(categories) > 1:
            notes.append(("Categories", ", ".join(categories)))
        if ev.text("STATUS").strip().upper() == "CANCELLED":
            notes.append(("Status", "cancelled"))
        track = inline(categories[0]) if categories else labelled_track
        section = start.date().isoformat() if start else track
        talks.append(Talk(
            title=title,
            speakers=speakers,
            start=start,
            end=end,
            room=inline(ev.text("LOCATION")) or None,
            track=track or None,
            abstract=abstract,
            notes=tuple((k, v) for k, v in notes if v),
            conference=conference,
            sources=(Source(document, NAME, f"line {ev.line}", section),),
            uid=uid,
        ))
    return talks, cal.warnings

"""Blog posts flattened into one long line of text.

Shape (see data/programs/001_*.txt): an introduction, then for each track a
heading and a one-sentence description, then its talks, each written as

    Title Speakers (Affiliation) Tue 20 Oct, 16:20–16:30, Room Abstract...

Nothing marks where an abstract ends and the next title begins. The parser
anchors on the schedule markers ("Tue 20 Oct, 16:20–16:30, Room") and works
backwards from each: speakers end at the marker, the title ends where the
speakers begin, and the title starts after the last sentence of the previous
abstract (or after a track heading and its description).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from ingest.formats.blognames import (
    FUNCTION_WORDS,
    capitalised,
    lowercase_vocab,
    split_speakers,
    tokens,
)
from ingest.formats.registry import Format, Options, Result, register
from ingest.speakers import parse_speakers
from ingest.text import clean
from ingest.when import wall_clock
from talkbase.core.records import Source, Talk
from talkbase.core.terms import formats_pattern

NAME = "blog"
_DAYS = "Mon|Tue|Wed|Thu|Fri|Sat|Sun"
_MONTHS = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec"
MARKER = re.compile(
    rf"\b(?P<dow>{_DAYS})[a-z]*\.?,?\s+(?P<day>\d{{1,2}})\s+(?P<mon>{_MONTHS})[a-z]*\.?,?\s+"
    r"(?P<start>\d{1,2}:\d{2})\s*[\u2013\u2014-]\s*(?P<end>\d{1,2}:\d{2}),\s*"
)
_ROOM_CODE = re.compile(r"[A-Z0-9][A-Z0-9\-]*\d[A-Z0-9\-]*\b|\d+[A-Za-z]*\b")
# A sentence ends at . ! ? (maybe closed by a quote); the next starts with a capital,
# a digit, or a camel-case name such as "rocSHMEM" or "vLLM".
_BOUNDARY = re.compile(
    r"(?<=[.!?])[\"'\u201d\u2019)]?\s+(?=[\"'\u201c\u2018]?(?:[A-Z0-9]|[a-z]+[A-Z]))"
)
_ABBREV = re.compile(r"\b(?:e\.g|i\.e|vs|etc|Inc|Dr|Mr|Ms|St|[A-Z])\.$")
_DESC_START = frozenset(
    [
        "The",
        "A",
        "An",
        "How",
        "What",
        "Why",
        "When",
        "Where",
        "This",
        "These",
        "Those",
        "Everything",
        "All",
        "Our",
        "From",
    ]
)
_FORMATS = re.compile(rf"^({formats_pattern()})$", re.IGNORECASE)
_CLOSING = re.compile(
    r"^(Conclusion|Conclusions|Summary|Final Thoughts|Closing Thoughts|Wrapping Up|Register)\b"
)
ROOM_WINDOW = 500
_MONTH_NO = {m: i for i, m in enumerate(_MONTHS.split("|"), start=1)}
_CITY_TZ = {
    "San Jose": "America/Los_Angeles",
    "San Francisco": "America/Los_Angeles",
    "Los Angeles": "America/Los_Angeles",
    "Seattle": "America/Los_Angeles",
    "Vancouver": "America/Vancouver",
    "New York": "America/New_York",
    "Boston": "America/New_York",
    "Chicago": "America/Chicago",
    "Austin": "America/Chicago",
    "London": "Europe/London",
    "Paris": "Europe/Paris",
    "Berlin": "Europe/Berlin",
    "Amsterdam": "Europe/Amsterdam",
    "Brussels": "Europe/Brussels",
    "Hamburg": "Europe/Berlin",
    "Shanghai": "Asia/Shanghai",
    "Tokyo": "Asia/Tokyo",
}


@dataclass(frozen=True)
class Heading:
    name: str
    start: int  # where the heading starts in the searched text
    desc_start: int  # where its description starts


def looks_like(text: str) -> bool:
    return len(MARKER.findall(text)) >= 2


def conference_facts(text: str, default_tz: str) -> tuple[str, int, str]:
    """Conference name, year and timezone as the introduction states them."""
    head = text[:3000]
    years = Counter(re.findall(r"\b(20\d\d)\b", head))
    year = int(years.most_common(1)[0][0]) if years else date.today().year
    m = re.search(
        r"((?:[A-Z][\w.+-]*\s){1,6}(?:Conference|Summit|Con|Days|Symposium|Forum)"
        r"(?:\s[A-Z][\w.+-]*){0,3}\s" + str(year) + r")",
        head,
    )
    name = m.group(1).strip() if m else f"Conference {year}"
    tz = default_tz
    for city, zone in _CITY_TZ.items():
        if city in head:
            tz = zone
            break
    return name, year, tz


def _boundaries(text: str) -> list[int]:
    out = []
    for m in _BOUNDARY.finditer(text):
        if not _ABBREV.search(text[: m.start()].rstrip("\"'\u201d\u2019)")):
            out.append(m.end())
    return out


def find_heading(text: str, at_start: bool) -> Heading | None:
    """A track heading followed by its description, e.g.
    "Communication & Collective Libraries The collective-communication layer ..."."""
    toks = tokens(text)
    words = [text[s:e] for s, e in toks]
    anchors = [i for i, w in enumerate(words) if w == "&"]
    if at_start and words and capitalised(words[0]):
        anchors.append(0)
    for a in reversed(anchors):
        lo = a
        while lo > 0 and capitalised(words[lo - 1]) and not words[lo - 1].endswith((".", "?", "!")):
            lo -= 1
            if a - lo > 6:
                break
        if at_start and lo != 0:
            continue
        hi = a
        while hi + 1 < len(words) and (capitalised(words[hi + 1]) or words[hi + 1] == "&"):
            hi += 1
        if hi + 1 >= len(words) or hi - lo < 2:
            continue
        desc = next((j for j in range(lo + 2, hi + 1) if words[j] in _DESC_START and j > a), hi)
        name = text[toks[lo][0] : toks[desc - 1][1]].rstrip(",")
        if name.endswith("&") or len(words) - desc < 6 or len(name.split()) < 2:
            continue
        return Heading(name, toks[lo][0], toks[desc][0])
    return None


def title_case_start(text: str) -> int:
    """Start of the longest Title-Case run that ends `text`."""
    toks = tokens(text)
    i = len(toks)
    while i > 0:
        w = text[toks[i - 1][0] : toks[i - 1][1]]
        if capitalised(w) or w.lower() in FUNCTION_WORDS or w[0].isdigit() or w in "&–—-:":
            i -= 1
        else:
            break
    while i < len(toks) and text[toks[i][0] : toks[i][1]].lower() in FUNCTION_WORDS:
        i += 1
    return toks[i][0] if i < len(toks) else len(text)


def _room(after: str, known: dict[str, list[str]]) -> tuple[str, str | None, int]:
    """Room, format named in the room (if any), and how many characters it took.
    `known`: the rooms seen so far by their first word, longest first."""
    for room in known.get(after.split(" ", 1)[0], ()):
        if after.startswith(room + " "):
            return room, None, len(room)
    m = _ROOM_CODE.match(after)
    if m:
        return m.group(0), None, m.end()
    m = re.match(r"((?:[A-Z][\w\-]*\s){1,4}?)\((.{1,40}?)\)", after)
    if m:
        base, inner = m.group(1).strip(), m.group(2).strip()
        fmt = inner if _FORMATS.match(inner) else None
        return (base if fmt else f"{base} ({inner})"), fmt, m.end()
    toks = re.match(r"((?:[A-Z][\w\-]*\s)+)", after)
    if toks:
        words = toks.group(1).split()
        room = " ".join(words[:-1]) or words[0]
        return room, None, len(room)
    word = after.split(" ", 1)[0]
    return word, None, len(word)


def parse(
    text: str, document: str, default_tz: str = "America/Los_Angeles"
) -> tuple[list[Talk], list[str]]:
    text = clean(text)
    conference, year, tz_name = conference_facts(text, default_tz)
    tz = ZoneInfo(tz_name)
    vocab = lowercase_vocab(text)
    markers = list(MARKER.finditer(text))
    warnings: list[str] = []
    rooms: list[tuple[str, str | None, int]] = []
    known: dict[str, list[str]] = {}  # kept as rooms are found, not rebuilt per talk
    for m in markers:
        # a room name is short: look at the text right after the marker, not all the rest
        found = _room(text[m.end() : m.end() + ROOM_WINDOW], known)
        rooms.append(found)
        same_start = known.setdefault(found[0].split(" ", 1)[0], [])
        if found[0] not in same_start:
            same_start.append(found[0])
            same_start.sort(key=len, reverse=True)
    talks: list[Talk] = []
    track: str | None = None
    track_desc: str | None = None
    prev_end = 0
    prev_start: datetime | None = None
    drafts: list[dict] = []
    for i, m in enumerate(markers):
        pre = text[prev_end : m.start()]
        sp = split_speakers(pre, vocab, text)
        speakers_text, head = pre[sp:].strip(), pre[:sp]
        day = date(year, _MONTH_NO[m.group("mon")], int(m.group("day")))
        start = wall_clock(
            datetime.combine(day, datetime.strptime(m.group("start"), "%H:%M").time()), tz
        )
        end = wall_clock(
            datetime.combine(day, datetime.strptime(m.group("end"), "%H:%M").time()), tz
        )
        reset = prev_start is not None and start < prev_start
        bounds = [0] + _boundaries(head)
        t0 = bounds[-1]
        candidate = head[t0:]
        h = find_heading(candidate, at_start=False)
        abstract_end = t0
        title_at = h.desc_start + title_case_start(candidate[h.desc_start :]) if h else 0
        if h is not None and len(candidate[h.desc_start : title_at].split()) < 4:
            h = None  # a title with "&" in it, not a heading and its description
        if h is not None:
            track, track_desc = h.name, clean(candidate[h.desc_start : title_at])
            abstract_end = t0 + h.start
            title = candidate[title_at:]
        else:
            title = candidate
            s0 = bounds[-2] if len(bounds) > 1 else 0
            last = head[s0:t0]
            if (
                last.rstrip().endswith(("?", "!"))
                and title_case_start(last.rstrip()) == 0
                and s0 > 0
            ):
                title, abstract_end = last + title, s0  # a title with "?" in it
            else:
                hh = find_heading(last, at_start=True) if (reset or " & " in last) else None
                if hh is not None and (reset or " & " in last[: hh.desc_start]):
                    track, track_desc = hh.name, clean(last[hh.desc_start :])
                    abstract_end = s0 + hh.start
        if drafts:
            drafts[-1]["abstract"] = clean(head[:abstract_end])
        room, fmt, room_len = rooms[i]
        after_room = m.end() + room_len
        title = clean(title)
        if start.strftime("%a") != m.group("dow")[:3]:
            warnings.append(
                f"{document} char {m.start()}: {m.group(0).strip()} names a weekday that "
                f"does not match {day.isoformat()}; kept the date"
            )
        if not title:
            warnings.append(f"{document} char {m.start()}: no title before {m.group(0).strip()}")
        drafts.append(
            dict(
                title=title,
                speakers=parse_speakers(speakers_text),
                start=start,
                end=end,
                room=room,
                format=fmt,
                track=track,
                track_description=track_desc,
                location=f"char {prev_end + len(head)}",
            )
        )
        prev_end = after_room
        prev_start = start
    if drafts:
        tail = _boundaries_sentences(text[prev_end:])
        drafts[-1]["abstract"] = clean(" ".join(tail))
    for d in drafts:
        if not d.get("abstract"):
            warnings.append(f"{document} {d['location']}: {d['title']!r} has no abstract")
        if not d["speakers"]:
            warnings.append(f"{document} {d['location']}: {d['title']!r} lists no speakers")
        talks.append(
            Talk(
                title=d["title"],
                speakers=d["speakers"],
                start=d["start"],
                end=d["end"],
                room=d["room"],
                track=d["track"],
                track_description=d["track_description"],
                format=d["format"],
                abstract=d.get("abstract", ""),
                conference=conference,
                sources=(Source(document, NAME, d["location"], d["track"]),),
            )
        )
    return [t for t in talks if t.title], warnings


def _boundaries_sentences(text: str) -> list[str]:
    """The sentences of the last abstract, stopping at the post's closing section."""
    cuts = [0] + _boundaries(text) + [len(text)]
    out: list[str] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        sentence = text[a:b].strip()
        if out and _CLOSING.match(sentence):
            break
        out.append(sentence)
        if len(out) >= 6:
            break
    return out


def _parse(text: str, document: str, options: Options) -> Result:
    return parse(text, document, default_tz=options.default_tz)


register(Format(NAME, 70, looks_like, _parse, suffixes=(".txt", ".md")))

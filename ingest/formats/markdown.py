"""Markdown and plain-text programs built from headings and paragraphs.

Shapes read (and mixed):

    # Conference 2026                     a lone top heading names the conference
    ## Tuesday, 20 October 2026           a heading that is a date sets the day
    ## Compilers                          any other heading above the talks is a track;
    The compiler track covers ...         its first paragraph describes it
    ### 10:00–10:30 Keynote: Talk Title   talk headings (the level with the most
    Jane Doe (Acme), Max Muster (Beispiel)    distinct headings); a time may lead
    **When:** 16:20–16:30 · Room 210      labelled lines: Speakers, By, When, Time,
    Abstract paragraphs ...               Date, Room, Where, Track, Format, Tags

Unlabelled lines: a first short line of names is the speaker list, a first short
line with a clock time is the time (and room), the rest is the abstract.
Headings may be ATX ("## Title") or setext (a title underlined with === or ---).

A file cut short (a download or copy that stopped) is told apart from one that
merely lacks a final newline by what is left open at its end: a code fence
(``` or ~~~) never closed, an HTML comment never closed, or a last line that
stops inside a link ("[slides](https://exa"). Then the last talk is kept, with a
warning that it may be incomplete.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, tzinfo

from ingest import when
from ingest.formats.registry import Format, Options, Result, register
from ingest.html import plain
from ingest.speakers import parse_speakers
from talkbase.core.errors import InputError
from talkbase.core.records import Source, Talk
from talkbase.core.terms import formats_pattern

NAME = "markdown"
_ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_LABEL = re.compile(
    r"^(speakers?|presenters?|authors?|by|with|time|when|date|schedule|room|where|location|"
    r"venue|track|topic|format|type|abstract|description|summary|tags|keywords|url|link)"
    r"\s*[:\uff1a]\s*(.*)$",
    re.IGNORECASE,
)
_FIELD = {
    "speaker": "speakers",
    "speakers": "speakers",
    "presenter": "speakers",
    "presenters": "speakers",
    "author": "speakers",
    "authors": "speakers",
    "by": "speakers",
    "with": "speakers",
    "time": "when",
    "when": "when",
    "date": "when",
    "schedule": "when",
    "room": "room",
    "where": "room",
    "location": "room",
    "venue": "room",
    "track": "track",
    "topic": "track",
    "format": "format",
    "type": "format",
    "abstract": "abstract",
    "description": "abstract",
    "summary": "abstract",
    "tags": "keywords",
    "keywords": "keywords",
    "url": "url",
    "link": "url",
}
# A clock time needs its minutes or am/pm, so that dates ("20 Oct", "2026-10-20") are not times.
_CLK = (
    r"(?<![\d:])\d{1,2}(?:[:h]\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?|\s*[AaPp]\.?[Mm]\.?)"
    r"(?![\w:])"
)
_CLOCK_RANGE = re.compile(rf"({_CLK})(?:{when.RANGE_SEP}({_CLK}))?")
_HAS_CLOCK = re.compile(r"\b\d{1,2}[:.h]\d{2}\b|\b\d{1,2}\s*[ap]\.?m\b", re.IGNORECASE)
_FORMAT_PREFIX = re.compile(rf"^({formats_pattern()})\s*:\s+(?=\S)", re.IGNORECASE)
_PARTS = re.compile(r"\s*(?:[|\u00b7\u2022,;]|\s[\u2013\u2014-]\s)\s*")


@dataclass
class _Heading:
    line: int  # 1-based
    level: int
    text: str
    body: int  # 0-based index of the first line under it


@dataclass
class _Block:
    fields: dict[str, str] = field(default_factory=dict)
    abstract: list[str] = field(default_factory=list)


def strip_markup(text: str) -> str:
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)([^*]+?)\*(?![\w*])", r"\1", text)
    text = re.sub(r"(?<![\w_])_(?!\s)([^_]+?)_(?![\w_])", r"\1", text)
    return text.strip()


def _headings(lines: list[str]) -> list[_Heading]:
    out: list[_Heading] = []
    fenced = False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        if m := _ATX.match(line):
            if m.group(2).strip():
                out.append(_Heading(i + 1, len(m.group(1)), strip_markup(m.group(2)), i + 1))
        elif (
            (m := _SETEXT.match(line))
            and i > 0
            and lines[i - 1].strip()
            and (i < 2 or not lines[i - 2].strip())
            and not _ATX.match(lines[i - 1])
            and not re.match(r"^\s*(?:[-*+>]|\d+[.)])\s", lines[i - 1])
        ):
            out.append(
                _Heading(i, 1 if m.group(1)[0] == "=" else 2, strip_markup(lines[i - 1]), i + 1)
            )
    return out


def _talk_level(heads: list[_Heading]) -> int | None:
    """The level with the most distinct headings (labels such as "Abstract" repeat).

    A heading counts once per day it is under: "Lightning talks" or "Lunch" under
    each day heading are different talks. A level of nothing but day headings is
    not the talk level while deeper headings exist."""
    keys: list[tuple[int, tuple[date | None, str]]] = []
    days: list[date | None] = []  # the date of each day heading
    scope: list[tuple[int, date | None]] = []  # (level, day) of the headings above
    for h in heads:
        while scope and scope[-1][0] >= h.level:
            scope.pop()
        text = h.text.lower()
        label = text.rstrip(" :") in _FIELD  # labels stay labels whatever the day
        day = None if label else next((d for _, d in reversed(scope) if d), None)
        keys.append((h.level, (day, text)))
        days.append(_date_of(h.text) if not _HAS_CLOCK.search(h.text) else None)
        scope.append((h.level, days[-1]))
    deepest = max((h.level for h in heads), default=0)
    best: tuple[int, int] | None = None
    for level in sorted({h.level for h in heads}):
        mine = [k for lv, k in keys if lv == level]
        distinct = len(set(mine))
        if distinct < 0.8 * len(mine):
            continue
        only_days = all(d for h, d in zip(heads, days, strict=True) if h.level == level)
        if level < deepest and only_days:
            continue
        if best is None or distinct >= best[1]:
            best = (level, distinct)
    return best[0] if best else None


def looks_like(text: str) -> bool:
    head = text[:200000]
    atx = len(re.findall(r"(?m)^ {0,3}#{1,6}[ \t]+\S", head))
    setext = len(re.findall(r"(?m)^\S[^\n]*\n {0,3}(?:={3,}|-{3,})[ \t]*$", head))
    return atx + setext >= 2


def _date_of(text: str) -> date | None:
    for candidate in (text, *re.split(r"\s[\u2013\u2014-]\s|:\s", text)):
        found = when.parse_date(strip_markup(candidate))
        if found:
            return found
    m = re.search(r"\d{4}-\d{2}-\d{2}", text)
    return date.fromisoformat(m.group()) if m and when.parse_date(m.group()) else None


def _when(
    text: str, day: date | None, fallback: tzinfo
) -> tuple[datetime | None, datetime | None, str]:
    """Start, end and whatever else the line says (a room, usually)."""
    m = _CLOCK_RANGE.search(text)
    if not m or when.parse_clock(m.group(1)) is None:
        return None, None, text
    before, after = text[: m.start()], text[m.end() :]
    on = _date_of(before.strip(" ,|\u00b7-")) if before.strip(" ,|\u00b7-") else None
    rest = after if on is not None or not before.strip(" ,|\u00b7-") else before + " " + after
    on = on or day
    if on is None:
        return None, None, rest
    first, second = when.parse_clock(m.group(1)), when.parse_clock(m.group(2) or "")
    if first is None:
        return None, None, rest
    start = datetime.combine(on, first).replace(tzinfo=fallback)
    end = datetime.combine(on, second).replace(tzinfo=fallback) if second else None
    return start, end, rest  # an end before the start is judged by `when.talk_end`


def _names(line: str) -> bool:
    people = parse_speakers(line)
    return (
        bool(people)
        and len(line) < 200
        and all(
            1 <= len(s.name.split()) <= 5
            and all(
                w[:1].isupper()
                or w.lower() in ("de", "van", "von", "der", "da", "di", "la", "le", "du")
                for w in s.name.split()
            )
            and not re.search(r"\d", s.name)
            for s in people
        )
    )


def _read_block(lines: list[str]) -> _Block:
    block = _Block()
    pending: str | None = None
    para: list[str] = []

    def flush() -> None:
        nonlocal pending
        if para:
            text = " ".join(para)
            if pending and pending != "abstract":
                block.fields.setdefault(pending, text)
            else:
                block.abstract.append(text)
            pending = None
            para.clear()

    for raw in lines:
        line = strip_markup(re.sub(r"^\s*(?:[-*+>]|\d+[.)])\s+", "", raw)).strip()
        if not line:
            flush()
            continue
        if m := _ATX.match(raw):  # a sub-heading inside a talk works as a label
            flush()
            label = strip_markup(m.group(2)).rstrip(":").lower()
            pending = _FIELD.get(label, "abstract")
            continue
        if (m := _LABEL.match(line)) and not para:
            fld = _FIELD[m.group(1).lower()]
            if m.group(2).strip():
                block.fields.setdefault(fld, m.group(2).strip())
            else:
                pending = fld
            continue
        if not para and not block.abstract and pending is None:
            names = re.sub(r"^(?:by|with)\s+", "", line, flags=re.IGNORECASE)
            if "speakers" not in block.fields and _names(names):
                block.fields["speakers"] = names
                continue
            if "when" not in block.fields and _HAS_CLOCK.search(line) and len(line) < 120:
                block.fields["when"] = line
                continue
        para.append(line)
    flush()
    return block


def parse(text: str, document: str, default_tz: str = "UTC") -> tuple[list[Talk], list[str]]:
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    conference = ""
    if lines and lines[0].strip() == "---":  # YAML front matter
        end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), 0)
        for ln in lines[1:end]:
            if m := re.match(r"^(?:title|conference)\s*:\s*[\"']?(.*?)[\"']?\s*$", ln):
                conference = conference or m.group(1)
        lines = [""] * (end + 1) + lines[end + 1 :]
    heads = _headings(lines)
    level = _talk_level(heads)
    if level is None:
        raise InputError(document, "no Markdown headings to read talks from", "line 1")
    above = [h for h in heads if h.level < level]
    top = min((h.level for h in above), default=None)
    if (
        not conference
        and top is not None
        and sum(h.level == top for h in above) == 1
        and above[0].level == top
        and _date_of(above[0].text) is None
    ):
        # A lone top heading names the conference when it says a year or a conference word,
        # or when sections, not talks, follow it; else it is the first track.
        after = heads[heads.index(above[0]) + 1] if above[0] is not heads[-1] else None
        if re.search(
            r"\b(?:19|20)\d\d\b|\b(?:conf\w*|summit|symposium|forum|days|con|meetup|"
            r"workshop|program(?:me)?|schedule|agenda)\b",
            above[0].text,
            re.I,
        ) or (after is not None and after.level < level):
            conference = above[0].text
    fallback = when.zone(default_tz) or UTC
    talks: list[Talk] = []
    warnings: list[str] = []
    sections: dict[int, tuple[str, date | None, str]] = {}  # level -> (name, day, description)
    # where each heading's body ends: the next heading at the talk level or above,
    # found in one backward pass (a search per heading would make long programs quadratic)
    ends: list[int] = [len(lines) + 1] * len(heads)
    following = len(lines) + 1
    for i in range(len(heads) - 1, -1, -1):
        ends[i] = following
        if heads[i].level <= level:
            following = heads[i].line
    for i, h in enumerate(heads):
        nxt = ends[i]
        body = lines[h.body : nxt - 1]
        if h.level < level:
            for deeper in [k for k in sections if k >= h.level]:
                del sections[deeper]
            if h.text != conference or h.level != top:
                intro = _read_block(
                    lines[h.body : heads[i + 1].line - 1 if i + 1 < len(heads) else len(lines)]
                )
                sections[h.level] = (h.text, _date_of(h.text), " ".join(intro.abstract))
            continue
        if h.level > level:
            continue
        talk = _talk(
            h,
            _read_block(body),
            sections,
            conference or when.document_stem(document),
            document,
            fallback,
            warnings,
        )
        if talk is not None:
            talks.append(talk)
    cut = cut_short(lines)
    if cut and talks:
        last = talks[-1]
        warnings.append(
            f"{document} line {cut[0]}: {cut[1]}; the file looks cut short, so "
            f"the last talk ({last.title[:60]!r}) may be incomplete"
        )
    return talks, warnings


_OPEN_LINK = re.compile(r"\[[^\]]*\]\([^)\s]*$|\[[^\]]*$")


def cut_short(lines: list[str]) -> tuple[int, str] | None:
    """(line, what is left open) when the text ends inside a fence, an HTML comment
    or a link; None when it ends cleanly."""
    fence: int | None = None
    comment: int | None = None
    for no, raw in enumerate(lines, start=1):
        if comment is None and _FENCE.match(raw):
            fence = None if fence is not None else no
        elif fence is None:
            if comment is None and "<!--" in raw and "-->" not in raw.split("<!--")[-1]:
                comment = no
            elif comment is not None and "-->" in raw:
                comment = None
    if fence is not None:
        return fence, "a code block opened here is never closed"
    if comment is not None:
        return comment, "an HTML comment opened here is never closed"
    last = next((no for no in range(len(lines), 0, -1) if lines[no - 1].strip()), 0)
    if last and _OPEN_LINK.search(lines[last - 1].rstrip()):
        return last, "the last line stops inside a link"
    return None


def _talk(
    h: _Heading,
    block: _Block,
    sections: dict[int, tuple[str, date | None, str]],
    conference: str,
    document: str,
    fallback: tzinfo,
    warnings: list[str],
) -> Talk | None:
    title, fmt = h.text, block.fields.get("format")
    day = next((d for _, (_, d, _) in sorted(sections.items(), reverse=True) if d), None)
    track_of = next(
        ((n, desc) for _, (n, d, desc) in sorted(sections.items(), reverse=True) if d is None), None
    )
    start = end = None
    if m := re.match(rf"^\(?({_CLOCK_RANGE.pattern})\)?\s*(?:[|\u00b7:\u2013\u2014-]\s*)?", title):
        start, end, _ = _when(m.group(1), day, fallback)
        title = title[m.end() :].strip() if start or day is None else title
    if m := _FORMAT_PREFIX.match(title):
        fmt, title = fmt or m.group(1).title(), title[m.end() :]
    room = block.fields.get("room")
    if "when" in block.fields:
        s2, e2, rest = _when(block.fields["when"], _date_of(block.fields["when"]) or day, fallback)
        start, end = start or s2, end or e2
        leftover = [p for p in _PARTS.split(rest) if p.strip() and _date_of(p) is None]
        if not room and leftover and len(leftover[-1]) <= 60:
            room = re.sub(r"^in\s+", "", leftover[-1].strip(), flags=re.I) or None
    if start is None and ("when" in block.fields or _HAS_CLOCK.match(h.text)):
        warnings.append(
            f"{document} line {h.line}: {title!r} gives a time but no date; kept without a time"
        )
    if not (block.abstract or block.fields):
        warnings.append(
            f"{document} line {h.line}: the heading {title!r} has nothing under "
            "it; not read as a talk"
        )
        return None
    end, problem = when.talk_end(start, end)
    if problem:
        warnings.append(f"{document} line {h.line}: {title.strip()!r} {problem}")
    keywords = block.fields.get("keywords", "")
    notes = tuple(
        (k, v) for k, v in (("Keywords", keywords), ("URL", block.fields.get("url", ""))) if v
    )
    track = block.fields.get("track") or (track_of[0] if track_of else None)
    return Talk(
        title=title.strip(),
        speakers=parse_speakers(
            re.sub(r"^(?:by|with)\s+", "", block.fields.get("speakers", ""), flags=re.I)
        ),
        start=start,
        end=end,
        room=room,
        track=track,
        track_description=(track_of[1] or None) if track_of and track == track_of[0] else None,
        format=fmt,
        abstract=plain("\n\n".join(block.abstract)),
        notes=notes,
        conference=conference,
        sources=(
            Source(document, NAME, f"line {h.line}", track or (day.isoformat() if day else None)),
        ),
    )


def _parse(text: str, document: str, options: Options) -> Result:
    return parse(text, document, default_tz=options.default_tz)


register(Format(NAME, 100, looks_like, _parse, suffixes=(".md", ".markdown", ".txt", ".text")))

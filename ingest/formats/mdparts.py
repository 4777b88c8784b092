"""The parts a Markdown or plain-text program is read from (ingest/formats/markdown.py
puts them together): headings, ATX or setext, outside code fences (`headings`);
the level the talks are at (`talk_level`); and a talk's block under its heading,
labelled lines ("**When:** 16:20", "Speakers: ...") and paragraphs (`read_block`),
with the clock times and dates in its lines (`times`, `date_of`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo

from ingest import when
from ingest.speakers import parse_speakers

ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
FENCE = re.compile(r"^ {0,3}(```|~~~)")
LABEL = re.compile(
    r"^(speakers?|presenters?|authors?|by|with|time|when|date|schedule|room|where|location|"
    r"venue|track|topic|format|type|abstract|description|summary|tags|keywords|url|link)"
    r"\s*[:\uff1a]\s*(.*)$",
    re.IGNORECASE,
)
FIELD = {
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
CLOCK_RANGE = re.compile(rf"({_CLK})(?:{when.RANGE_SEP}({_CLK}))?")
HAS_CLOCK = re.compile(r"\b\d{1,2}[:.h]\d{2}\b|\b\d{1,2}\s*[ap]\.?m\b", re.IGNORECASE)


@dataclass
class Heading:
    line: int  # 1-based
    level: int
    text: str
    body: int  # 0-based index of the first line under it


@dataclass
class Block:
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


def headings(lines: list[str]) -> list[Heading]:
    out: list[Heading] = []
    fenced = False
    for i, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        if m := ATX.match(line):
            if m.group(2).strip():
                out.append(Heading(i + 1, len(m.group(1)), strip_markup(m.group(2)), i + 1))
        elif (
            (m := SETEXT.match(line))
            and i > 0
            and lines[i - 1].strip()
            and (i < 2 or not lines[i - 2].strip())
            and not ATX.match(lines[i - 1])
            and not re.match(r"^\s*(?:[-*+>]|\d+[.)])\s", lines[i - 1])
        ):
            out.append(
                Heading(i, 1 if m.group(1)[0] == "=" else 2, strip_markup(lines[i - 1]), i + 1)
            )
    return out


def talk_level(heads: list[Heading]) -> int | None:
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
        label = text.rstrip(" :") in FIELD  # labels stay labels whatever the day
        day = None if label else next((d for _, d in reversed(scope) if d), None)
        keys.append((h.level, (day, text)))
        days.append(date_of(h.text) if not HAS_CLOCK.search(h.text) else None)
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


def date_of(text: str) -> date | None:
    for candidate in (text, *re.split(r"\s[\u2013\u2014-]\s|:\s", text)):
        found = when.parse_date(strip_markup(candidate))
        if found:
            return found
    m = re.search(r"\d{4}-\d{2}-\d{2}", text)
    return date.fromisoformat(m.group()) if m and when.parse_date(m.group()) else None


def times(
    text: str, day: date | None, fallback: tzinfo
) -> tuple[datetime | None, datetime | None, str]:
    """Start, end and whatever else the line says (a room, usually)."""
    m = CLOCK_RANGE.search(text)
    if not m or when.parse_clock(m.group(1)) is None:
        return None, None, text
    before, after = text[: m.start()], text[m.end() :]
    on = date_of(before.strip(" ,|\u00b7-")) if before.strip(" ,|\u00b7-") else None
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


def names_line(line: str) -> bool:
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


def read_block(lines: list[str]) -> Block:
    block = Block()
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
        if m := ATX.match(raw):  # a sub-heading inside a talk works as a label
            flush()
            label = strip_markup(m.group(2)).rstrip(":").lower()
            pending = FIELD.get(label, "abstract")
            continue
        if (m := LABEL.match(line)) and not para:
            fld = FIELD[m.group(1).lower()]
            if m.group(2).strip():
                block.fields.setdefault(fld, m.group(2).strip())
            else:
                pending = fld
            continue
        if not para and not block.abstract and pending is None:
            names = re.sub(r"^(?:by|with)\s+", "", line, flags=re.IGNORECASE)
            if "speakers" not in block.fields and names_line(names):
                block.fields["speakers"] = names
                continue
            if "when" not in block.fields and HAS_CLOCK.search(line) and len(line) < 120:
                block.fields["when"] = line
                continue
        para.append(line)
    flush()
    return block

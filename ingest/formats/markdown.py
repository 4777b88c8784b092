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
Headings may be ATX ("## Title") or setext (a title underlined with === or ---). The
headings and each talk's block are read by ingest/formats/mdparts.py.

A file cut short (a download or copy that stopped) is told apart from one that
merely lacks a final newline by what is left open at its end: a code fence
(``` or ~~~) never closed, an HTML comment never closed, or a last line that
stops inside a link ("[slides](https://exa"). Then the last talk is kept, with a
warning that it may be incomplete.
"""

from __future__ import annotations

import re
from datetime import UTC, date, tzinfo

from ingest import when
from ingest.formats.mdparts import (
    CLOCK_RANGE,
    FENCE,
    HAS_CLOCK,
    Block,
    Heading,
    date_of,
    headings,
    read_block,
    talk_level,
    times,
)
from ingest.formats.registry import Format, Options, Result, register
from ingest.html import plain
from ingest.speakers import parse_speakers
from talkbase.core.errors import InputError
from talkbase.core.records import Source, Talk
from talkbase.core.terms import formats_pattern

NAME = "markdown"
_FORMAT_PREFIX = re.compile(rf"^({formats_pattern()})\s*:\s+(?=\S)", re.IGNORECASE)
_PARTS = re.compile(r"\s*(?:[|\u00b7\u2022,;]|\s[\u2013\u2014-]\s)\s*")


def looks_like(text: str) -> bool:
    head = text[:200000]
    atx = len(re.findall(r"(?m)^ {0,3}#{1,6}[ \t]+\S", head))
    setext = len(re.findall(r"(?m)^\S[^\n]*\n {0,3}(?:={3,}|-{3,})[ \t]*$", head))
    return atx + setext >= 2


def parse(text: str, document: str, default_tz: str = "UTC") -> tuple[list[Talk], list[str]]:
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    conference = ""
    if lines and lines[0].strip() == "---":  # YAML front matter
        end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), 0)
        for ln in lines[1:end]:
            if m := re.match(r"^(?:title|conference)\s*:\s*[\"']?(.*?)[\"']?\s*$", ln):
                conference = conference or m.group(1)
        lines = [""] * (end + 1) + lines[end + 1 :]
    heads = headings(lines)
    level = talk_level(heads)
    if level is None:
        raise InputError(document, "no Markdown headings to read talks from", "line 1")
    above = [h for h in heads if h.level < level]
    top = min((h.level for h in above), default=None)
    if (
        not conference
        and top is not None
        and sum(h.level == top for h in above) == 1
        and above[0].level == top
        and date_of(above[0].text) is None
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
                intro = read_block(
                    lines[h.body : heads[i + 1].line - 1 if i + 1 < len(heads) else len(lines)]
                )
                sections[h.level] = (h.text, date_of(h.text), " ".join(intro.abstract))
            continue
        if h.level > level:
            continue
        talk = _talk(
            h,
            read_block(body),
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
        if comment is None and FENCE.match(raw):
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
    h: Heading,
    block: Block,
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
    if m := re.match(rf"^\(?({CLOCK_RANGE.pattern})\)?\s*(?:[|\u00b7:\u2013\u2014-]\s*)?", title):
        start, end, _ = times(m.group(1), day, fallback)
        title = title[m.end() :].strip() if start or day is None else title
    if m := _FORMAT_PREFIX.match(title):
        fmt, title = fmt or m.group(1).title(), title[m.end() :]
    room = block.fields.get("room")
    if "when" in block.fields:
        s2, e2, rest = times(block.fields["when"], date_of(block.fields["when"]) or day, fallback)
        start, end = start or s2, end or e2
        leftover = [p for p in _PARTS.split(rest) if p.strip() and date_of(p) is None]
        if not room and leftover and len(leftover[-1]) <= 60:
            room = re.sub(r"^in\s+", "", leftover[-1].strip(), flags=re.I) or None
    if start is None and ("when" in block.fields or HAS_CLOCK.match(h.text)):
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

"""Markdown and plain-text programs built from headings and paragraphs.

Shapes read (and mixed):

    # Conference 2026                     a lone top heading names the conference
    ## Tuesday, 20 October 2026           a heading that is a date sets the day
    ## Compilers                          any other heading above the talks is a track
                                          (a room, "## Sala Ipê", where it has a room word);
    The compiler track covers ...         its first paragraph describes it
    ### 10:00–10:30 Keynote: Talk Title   talk headings (the level with the most
    Jane Doe (Acme), Max Muster (Beispiel)    distinct headings); a time may lead
    **When:** 16:20–16:30 · Room 210      labelled lines: Speakers, By, When, Time,
    Abstract paragraphs ...               Date, Room, Where, Track, Format, Language, Tags

A program written as lists is read too: under day headings ("## Viernes 4 de octubre",
a day in words in any language CLDR knows, its year from the document), and maybe
room or track headings ("### Sala Álvaro Cunqueiro": a room by its room word), every
list line that starts with a clock time or a range is a talk:

    - 10:00–10:30 · Keynote: Title — Jane Doe y Max Muster (Room 2)
    - **10:00** Title, Speaker
    * 14:00-14:45 Title (Room)

A program written as pipe tables is read too: under day headings, each row of a table
whose header names a title and a time or date column ("| Zeit | Titel | Referent |
Raum |") is a talk, its columns named as a CSV's are (ingest/formats/columns.py), its
date the day heading's where no column gives one:

    ## Samstag, 14. Juni 2025
    | Zeit        | Titel                     | Referent          | Raum        |
    |-------------|---------------------------|-------------------|-------------|
    | 09:30–10:15 | Eröffnungs-Keynote: ...   | Dr. Sabine Krüger | Hörsaal Süd |

A heading whose own lines are mostly such lines, or that holds such a table, holds
talks, not a talk. A text whose talks would all be without a time, a day heading, a
speaker, a room and a session kind (a README's "Installation", "Usage", "License") is
no program: refused. A day
heading that gives no year where the document names none, or whose weekday is not
that date's, is refused; so is a day heading left as a talk's title. A time zone
the front matter names ("timezone: America/Sao_Paulo") or the opening lines state
("Europe/Madrid", "CEST, UTC+2") is the times' zone.

Unlabelled lines: a first short line of names is the speaker list, a first short
line with a clock time is the time (and room), the rest is the abstract.
Headings may be ATX ("## Title") or setext (a title underlined with === or ---). The
headings and each talk's block are read by ingest/formats/mdparts.py.

A file cut short (a download or copy that stopped) is told apart from one that
merely lacks a final newline by what is left open at its end: a code fence
(``` or ~~~) never closed, an HTML comment never closed, a last line that
stops inside a link ("[slides](https://exa"), or a last line with no end of line
that leaves bold text or a code span open ("- 17:00 **Visita guiada"). Then the
last talk is kept, with a warning that it may be incomplete.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import cache

from ingest import when
from ingest.formats import registry
from ingest.formats.columns import FIELDS, norm, resolve
from ingest.formats.mdparts import (
    ATX,
    CLOCK_RANGE,
    FENCE,
    HAS_CLOCK,
    Block,
    Heading,
    ListShape,
    PipeTable,
    date_of,
    day_languages,
    day_problem,
    document_years,
    headings,
    label_line,
    labelled,
    leading_clocks,
    list_shape,
    names_its_talk,
    names_line,
    other_calendar_day,
    pipe_tables,
    program_word_off,
    read_block,
    read_bullet,
    room_name,
    room_named,
    rooms_after_speakers,
    rooms_said,
    sessions,
    several_said,
    several_zones,
    stated_zone,
    strip_markup,
    talk_level,
    timed_bullet,
    times,
    title_zone,
    unread_clocks,
    zone_said,
    zones_said,
)
from ingest.formats.registry import Format, Options, Result, ZoneUnread, register
from ingest.formats.table import header_again, read_rows, repeats_said, status_note
from ingest.formats.tablesniff import UNREAD_COLUMNS, by_values
from ingest.html import plain
from ingest.language import guess, stated_language, unread_languages
from ingest.speakers import name_shaped, parse_speakers
from talkbase.core import languages
from talkbase.core.errors import InputError
from talkbase.core.records import Source, Speaker, Talk
from talkbase.core.terms import ascii_digits, format_named, format_prefix, taking_place_state
from talkbase.core.when import NIGHT_ENDS, night_runs_on

NAME = "markdown"
_PARTS = re.compile(r"\s*(?:[|\u00b7\u2022,;]|\s[\u2013\u2014-]\s)\s*")


_SECONDS = re.compile(r"\d{1,2}:\d{2}:\d{2}\b")  # a clock to the second: a log's


def plain_schedule(lines: list[str], furniture: set[str] | None = None) -> list[str] | None:
    """A plain-text program (an e-mail's: "Tuesday 9 June 2026" on a line of its own,
    then "09:00-09:45  Title — Speaker — Hall 1" lines) written as the Markdown this
    reader knows: each line that is nothing but a date a day heading ("## "), each
    line that starts with a clock time or a range a list line ("- "), but for one to
    the second (a log's "10:00:01 WARN"); None where the text has headings or list
    lines of its own, no date line or fewer than two timed lines. `furniture`: its
    pages' headers and counters (`_page_furniture`), where they are already known."""
    if any(ATX.match(ln) or re.match(r"^ {0,3}[-*+][ \t]+\S", ln) for ln in lines):
        return None
    furniture = _page_furniture(lines) if furniture is None else furniture
    out: list[str] = []
    days = timed = 0
    for ln in lines:
        bare = ln.strip()
        if bare and (_digitless(bare) in furniture or " ".join(bare.split()) in furniture):
            out.append("")  # a page's header or footer, said again on each page
            continue
        if (
            bare
            and len(bare) <= 60
            and not ln[:1].isspace()
            and re.search(r"\d", bare)
            and re.search(r"[^\W\d_]", bare)
            and date_of(bare, (), languages.written_in()) is not None
        ):
            out.append(f"## {bare}")
            days += 1
        elif (
            bare
            and not ln[:1].isspace()
            and not _SECONDS.match(bare)  # "10:00:01 WARN ...": a log's line, no session
            and timed_bullet(f"- {bare}") is not None
        ):
            out.append(f"- {bare}")
            timed += 1
        else:
            out.append(ln)
    return out if days and timed >= 2 else None


# a page's number as a PDF's text says it: "Page 1 of 2", "- 2 -", "3/10", "Seite 2"
_PAGE_COUNTER = re.compile(r"\W*(?:[^\W\d_]+\W*)?#(?:\W*(?:[^\W\d_]+|/)\W*#)?\W*")


def _digitless(line: str) -> str:
    return re.sub(r"\d+", "#", " ".join(line.split()))


def _page_furniture(lines: list[str]) -> set[str]:
    """The lines a text pasted from a PDF says on every page: the lines counting its
    pages ("Page 1 of 2", "- 2 -": by `_digitless` key, their numbers counting on),
    and an untimed line the text says again, word for word, each time beside one or
    at the top of the text ("KubeCon India 2026   Conference Program"); none where no
    line counts pages."""
    said = [" ".join(ln.split()) for ln in lines if ln.strip()]
    numbers: dict[str, list[int]] = {}
    for ln in said:
        if re.search(r"\d", ln) and _PAGE_COUNTER.fullmatch(key := _digitless(ln)):
            numbers.setdefault(key, []).append(int(re.findall(r"\d+", ln)[0]))
    # (pages count on: 1, 2, 3...; rooms "Hall 1", "Hall 2", "Hall 1" do not)
    counters = {
        k for k, ns in numbers.items() if len(ns) >= 2 and ns == list(range(ns[0], ns[0] + len(ns)))
    }
    if not counters:
        return set()
    paged = [_digitless(ln) in counters for ln in said]
    beside = {
        said[i + d]
        for i, is_counter in enumerate(paged)
        if is_counter
        for d in (-1, 1)
        if 0 <= i + d < len(said) and not paged[i + d]
    }
    # (said again, and beside a page's count each time, or at the top of the first page)
    near = {i + d for i, c in enumerate(paged) if c for d in (-1, 1)} | {0, 1}
    again = {
        k
        for k in beside
        if said.count(k) >= 2
        and timed_bullet(f"- {k}") is None
        and all(i in near for i, v in enumerate(said) if v == k)
    }
    return counters | again


def _page_header(lines: list[str], furniture: set[str]) -> str:
    """The conference a PDF's page header names (among its `_page_furniture`): its
    part that names a year, between runs of spaces ("KubeCon India 2026      Conference
    Program"); "" where none does."""
    for said in dict.fromkeys(ln for ln in lines if " ".join(ln.split()) in furniture):
        parts = [p.strip() for p in re.split(r"\s{2,}|\t", said) if p.strip()]
        dated = [p for p in parts if when.YEAR.search(p)]
        if len(dated) == 1 and len(dated[0]) <= 120:
            return dated[0]
    return ""


def subject_line(lines: list[str]) -> str:
    """The conference an e-mail's first line names: the one part of it naming a year
    after its label, written as a name, most of its words capitalised ("Subject: Final
    schedule — Open Source Summit Nairobi 2026", "Assunto: Grade final - Python Brasil
    2026", "Tiêu đề: Lịch trình - Vietnam Web Summit 2026": a label of up to three
    words; not "Re: Room changes for 2026"); "" where it names none or several."""
    first = next((ln.strip() for ln in lines if ln.strip()), "")
    m = re.match(r"^[^\W\d_][\w-]{0,20}(?: [^\W\d_][\w-]{0,20}){0,2}\s*:\s*(.+)$", first)
    if not m:
        return ""
    parts = re.split(r"\s+[\u2013\u2014|-]\s+|:\s+", m.group(1))
    dated = [p.strip() for p in parts if when.YEAR.search(p)]
    if len(dated) != 1 or len(dated[0]) > 120:
        return ""
    words = re.findall(r"[^\W\d_]+", dated[0])
    capital = sum(w[0].isupper() for w in words)
    return dated[0] if words and 2 * capital > len(words) else ""  # a name, not a sentence


# a page of one talk, as static site generators keep one file per talk (Hugo, Jekyll):
# YAML front matter giving its title, its start with a clock time, and its room or
# length ("room:", "duration:", "end:"); a blog post's front matter gives neither
_FRONT_CLOCK = re.compile(r"(?m)^[A-Za-z_]+:\s*['\"]?\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}")
_FRONT_PLACE = re.compile(r"(?mi)^(?:room|location|venue|end|end_time|duration|length):\s*\S")


def talk_page(text: str) -> bool:
    """Whether a text opens with the front matter of a page of one talk (`_FRONT_CLOCK`,
    `_FRONT_PLACE`, a "title:")."""
    if not text.lstrip("\ufeff").startswith("---"):
        return False
    front = text.lstrip("\ufeff").split("\n---", 2)[0][:4000]
    return bool(
        re.search(r"(?m)^title:\s*\S", front)
        and _FRONT_CLOCK.search(front)
        and _FRONT_PLACE.search(front)
    )


def _talk_page(
    front: list[str], lines: list[str], document: str, default_tz: str
) -> tuple[list[Talk], list[str]] | None:
    """The one talk of a page whose front matter describes it (`talk_page`), read as a
    YAML record is (its fields by the columns' names), its text its abstract; None
    for any other page."""
    text = "\n".join(["---", *front, "---"])
    if not front or not talk_page(text):
        return None
    from ingest.formats import table, yamltree  # (a Markdown program rarely needs YAML)

    tree = yamltree.load("\n".join(front), document)
    if not isinstance(tree, dict):
        return None
    talks, warnings = table.parse_tree([tree], document, NAME, None, default_tz)
    if len(talks) != 1 or talks[0].start is None:
        return None
    body = plain(" ".join(ln.strip() for ln in lines if ln.strip()))
    talk = talks[0]
    return [replace(talk, abstract=talk.abstract or body)], warnings


def looks_like(text: str) -> bool:
    if talk_page(text):
        return True
    head = text[:200000]
    atx = len(re.findall(r"(?m)^ {0,3}#{1,6}[ \t]+\S", head))
    setext = len(re.findall(r"(?m)^\S[^\n]*\n {0,3}(?:={3,}|-{3,})[ \t]*$", head))
    if atx + setext >= 2:
        return True
    if atx + setext == 0 and plain_schedule(head.split("\n")[:2000]) is not None:
        return True
    # one heading over a pipe table of talks ("# Day 1 (Tuesday 24 October 2023)")
    return atx + setext == 1 and any(
        program_table(t) for t in pipe_tables(head.split("\n")[:2000], 1)
    )


def parse(
    text: str,
    document: str,
    default_tz: str = "UTC",
    *,
    title_city: bool = True,
    mapping: dict[str, str] | None = None,
) -> tuple[list[Talk], list[str]]:
    """The talks of a Markdown program and the warnings of its reading; its clock
    times in the zone it states (front matter, opening lines: `stated_zone`), else
    (`title_city`) the zone of the city its title names (`title_zone`: "PyData
    Amsterdam 2026"), else `default_tz`, and then what it seems to say of its zone
    unread is a warning (`ZoneUnread`). `mapping` (`--map`) names the columns of its
    pipe tables as a CSV's (`mapped`)."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    conference, front_zone, front = "", None, []
    if lines and lines[0].strip() == "---":  # YAML front matter
        end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), 0)
        front = lines[1:end]
        conference, front_zone = _front_matter(front)
        lines = [""] * (end + 1) + lines[end + 1 :]
    pasted = False  # a plain-text program, its lines laid out by a page's columns
    if not headings(lines):
        furniture = _page_furniture(lines)
        if (written := plain_schedule(lines, furniture)) is not None:
            conference = conference or subject_line(lines) or _page_header(lines, furniture)
            lines, pasted = written, True  # its date lines and timed lines, as Markdown
    heads = headings(lines)
    # (the day headings' dates of numbers read in one order: "07/11/2026", "08/11/2026"
    # day first in a Thai program, or where Asia/Bangkok is)
    # (and so are the dates of numbers of its talks' lines: "- 07/11/2026 10:00 Title",
    # "When: 08/11/2026 14:00", in the one order of the document)
    era = when.era_of(lines)
    numbered = [h.line - 1 for h in heads] + _dated_lines(lines, heads)
    first, order_said = when.headings_day_first(
        (lines[k] for k in numbered), era, lambda: _written_order(text, front_zone, default_tz)
    )
    if first or era:
        for k in numbered:
            lines[k] = when.iso_dates(lines[k], first, era)
        heads = headings(lines)
    years = document_years(lines)
    langs = day_languages(heads, text)
    lines = _dotted_clocks([_hour_word_off(ln) for ln in lines], heads, years, langs)
    for h in heads:
        if problem := day_problem(h.text, years, langs):
            raise InputError(document, problem, f"line {h.line}")
    # (a program whose clocks read "11:00" then "1:00": its afternoon has no "13:00")
    twelve = when.twelve_hour(
        c for ln in lines if (bullet := timed_bullet(ln)) for c in leading_clocks(bullet)
    )
    # (a program that writes its rooms last, after its speakers: "— Lola Rey, Alcázar")
    rooms_last = rooms_after_speakers([b for ln in lines if (b := timed_bullet(ln))])
    # (and the shape most of its list lines share: "Title — Speaker — Room")
    shape = list_shape([b for ln in lines if (b := timed_bullet(ln))])
    unsplit: list[tuple[int, str]] = []  # (its lines of that shape kept whole: said once)
    dotted: list[tuple[int, str, str]] = []  # (lines whose title keeps a " · ": said once)
    if mapping and not any(mapped(t, mapping) for t in pipe_tables(lines, 1)):
        missing = sorted(set(mapping.values()))
        raise InputError(
            document,
            "the mapping names column(s) that no table's header holds: " + ", ".join(missing),
            "line 1",
        )
    tables = tabled_talks(lines, heads, mapping)
    lists = listed_talks(lines, heads, lambda h: date_of(h.text, years, langs) is not None)
    framing = lists | set(tables) | _above(heads, lists | set(tables))
    level = talk_level([h for i, h in enumerate(heads) if i not in framing], years, langs)
    if level is None and not lists and not tables:
        if one := _talk_page(front, lines, document, default_tz):
            return one
        raise InputError(document, _nothing_read(heads, lines), "line 1")
    deepest = level if level is not None else max(h.level for h in heads) + 1
    above = [h for h in heads if h.level < deepest]
    leading = _times_above(lines, heads, deepest, framing)
    for i in leading:
        lines[heads[i].line - 2] = ""  # (the line is the talk's below, not the one above's)
    top = min((h.level for h in above), default=None)
    if (
        not conference
        and top is not None
        and sum(h.level == top for h in above) == 1
        and above[0].level == top
        and date_of(above[0].text, years, langs) is None
    ):
        # A lone top heading names the conference when it says a year or a conference word,
        # or when sections, not talks, follow it; else it is the first track.
        after = heads[heads.index(above[0]) + 1] if above[0] is not heads[-1] else None
        if re.search(
            r"\b(?:19|20)\d\d\b|\b(?:conf\w*|summit|symposium|forum|days|con|meetup|"
            r"workshop|program(?:me|a)?|schedule|agenda)\b",
            above[0].text,
            re.I,
        ) or (after is not None and after.level < deepest):
            conference = above[0].text
    # the lines above the first heading after the conference's, and that heading (a
    # day's: "Day 1 (Tuesday 24 October 2023, Dublin, UTC+1)")
    opening = lines[: next((h.line for h in heads if h.text != conference), len(lines))]
    zoned = front_zone or stated_zone(opening) or (title_zone(conference) if title_city else None)
    fallback = zoned or when.zone(default_tz) or UTC
    talks: list[Talk] = []
    warnings: list[str] = [f"{document}: {order_said}"] if order_said else []
    # (a day of the lunar Hijri calendar, "## ١٥ رمضان ١٤٤٨ هـ", or of a Hijri year
    # with no calendar said, "## 15/09/1448": not read, said)
    warnings += [
        f"{document} line {k + 1}: {strip_markup(lines[k]).strip('# ')[:80]!r} is a date of "
        f"{calendar}, which talkbase does not read; no day is read from it"
        for k in sorted({h.line - 1 for h in heads} | set(_dated_lines(lines, heads)))
        if (calendar := when.hijri_calendar(lines[k]))
    ]
    unread_language: list[tuple[str, str]] = []  # (`stated_language`)
    if zoned is None and (unread := zone_said(opening)):
        warnings.append(ZoneUnread(unread))
    dated = False  # whether a talk is under a day heading
    sections: dict[int, tuple[str, date | None, str]] = {}  # level -> (name, day, description)
    # where each heading's body ends: the next heading at the talk level or above,
    # found in one backward pass (a search per heading would make long programs quadratic)
    ends: list[int] = [len(lines) + 1] * len(heads)
    following = len(lines) + 1
    for i in range(len(heads) - 1, -1, -1):
        ends[i] = following
        if heads[i].level <= deepest:
            following = heads[i].line
    for i, h in enumerate(heads):
        nxt = ends[i]
        body = lines[h.body : nxt - 1]
        own = lines[h.body : heads[i + 1].line - 1 if i + 1 < len(heads) else len(lines)]
        if i in framing or h.level < deepest:
            for deeper in [k for k in sections if k >= h.level]:
                del sections[deeper]
            if h.text != conference or h.level != top:
                intro = read_block([ln for ln in own if timed_bullet(ln) is None])
                sections[h.level] = (
                    h.text,
                    date_of(h.text, years, langs),
                    " ".join(intro.abstract),
                )
            if i in tables:
                found, said = _tabled(
                    tables[i],
                    sections,
                    conference or when.document_stem(document),
                    document,
                    fallback,
                    years,
                    mapping,
                )
                talks.extend(found)
                warnings.extend(w for w in said if UNREAD_COLUMNS not in w or w not in warnings)
            if i in lists:
                talks.extend(
                    _listed(
                        h,
                        own,
                        sections,
                        conference or when.document_stem(document),
                        document,
                        fallback,
                        warnings,
                        pasted,
                        twelve,
                        rooms_last,
                        shape,
                        unsplit,
                        unread_language,
                        dotted,
                    )
                )
            continue
        if h.level > deepest:
            continue
        if date_of(h.text, years, langs) and (cause := _unread_shape(own, h.body + 1)):
            raise InputError(
                document,
                f"the talks under the day heading {h.text!r} are not read: {cause[0]}",
                cause[1],
            )
        if date_of(h.text, years, langs):
            raise InputError(
                document,
                f"the day heading {h.text!r} would be read as a talk: its lines are no "
                "talks this reader knows (headings, list lines that start with a time, or "
                "a table with a title column and a time column)"
                + _dotted_hint(own)
                + (
                    f"; {table_said[1]}"
                    if (table_said := _unread_table(own, h.body + 1, mapping))
                    else ""
                ),
                f"line {h.line}",
            )
        given, body = sessions([leading[i], *body] if i in leading else body)
        body, titled = _titled_below(h.text, body)
        talk = _talk(
            h,
            read_block(body),
            sections,
            conference or when.document_stem(document),
            document,
            fallback,
            warnings,
            titled,
            talks,
            unread_language,
        )
        if talk is not None:
            talks.extend(_given(talk, given, sections, document, h.line, fallback, warnings))
            dated = dated or any(d for _, d, _ in sections.values())
    if talks and not (
        lists or tables or dated or any(t.start or t.speakers or t.room or t.format for t in talks)
    ):
        if table_said := _unread_table(
            lines, 1, mapping
        ):  # (a table its header does not name: said there)
            line, why = table_said
            raise InputError(document, f"no program found: {why}", f"line {line}")
        raise InputError(document, _no_program(heads), "line 1")
    if unsplit and shape:
        warnings.append(_unsplit_said(document, unsplit, shape))
    if dotted:
        no, title, dot = dotted[0]
        more = f" (and {len(dotted) - 1} more line(s) like it)" if len(dotted) > 1 else ""
        warnings.append(
            f"{document} line {no}: {title[:80]!r} keeps parts parted by ' {dot} ' in its "
            f"title{more}: they were not told as its speakers or its room"
        )
    cut = cut_short(lines)
    if cut and talks:
        warnings.append(registry.cut_short(document, *cut, talks[-1].title))
    aside = re.search(r"\s*\(([^()]*)\)\s*$", conference)
    named = conference
    if aside and stated_zone([aside.group(1)]):  # "PyCon Kenya 2026 (all times EAT)"
        named = conference[: aside.start()]
    named = program_word_off(named)  # ("PyCon India 2026 — Programme": "PyCon India 2026")
    if named != conference:
        talks = [replace(t, conference=named) if t.conference == conference else t for t in talks]
    return talks, [*warnings, *unread_languages(document, unread_language)]


_FRONT_KEY = re.compile(r"^([^\s:#][^:]*?)\s*:\s*[\"']?(.*?)[\"']?\s*$")


# a list line that begins with a date of numbers and a clock time ("- 07/11/2026 10:00
# Title", "- **07/11/2026, 10:00–10:45** Title")
_DATE_FIRST = re.compile(rf"^\s*[-*+]\s+(?:\*\*)?{when.NUMERIC_DATE.pattern}")


def _dated_lines(lines: list[str], heads: list[Heading]) -> list[int]:
    """The lines (by index) but headings that give a talk's time with a date of
    numbers: a "When:" line ("When: 08/11/2026 14:00", "- **When:** ..."), or a list
    line that begins with the date and a clock time (`_DATE_FIRST`)."""
    heading = {h.line - 1 for h in heads}
    out = []
    for k, raw in enumerate(lines):
        if k in heading or not when.NUMERIC_DATE.search(ascii_digits(raw)):
            continue
        line = strip_markup(re.sub(r"^\s*(?:[-*+>]|\d+[.)])\s+", "", raw)).strip()
        said = labelled(line)
        if (said and said[0] == "when") or (
            _DATE_FIRST.match(ascii_digits(raw)) and HAS_CLOCK.search(raw)
        ):
            out.append(k)
    return out


def _written_order(text: str, front_zone: tzinfo | None, default_tz: str) -> bool | None:
    """Whether dates of numbers are written day first where the document's zone is (its
    front matter's, else `default_tz`), else in the language it is written in
    (`languages.day_first`)."""
    zone = str(getattr(front_zone, "key", "") or default_tz)
    code = guess("", " ".join(text[:20000].split())) or ""
    return languages.day_first(zone if zone != "UTC" else "", code)


def front_title(text: str) -> str:
    """The title (or conference) a page's YAML front matter names; "" for none."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != "---":
        return ""
    end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), 0)
    return _front_matter(lines[1:end])[0]


def _front_matter(lines: list[str]) -> tuple[str, tzinfo | None]:
    """The conference and time zone a YAML front matter names: its "title" or
    "conference" key; a key naming the zone field ("timezone", "tz", "time_zone": the
    zone column's names, ingest/formats/columns.py) whose value is a zone, else any
    key whose value is the tz database's name of a zone ("zone: Europe/Vienna")."""
    conference, named, other = "", None, None
    for ln in lines:
        if not (m := _FRONT_KEY.match(ln)):
            continue
        key, value = norm(m.group(1)), m.group(2)
        if key in ("title", "conference"):
            conference = conference or value
        elif key in FIELDS["timezone"] or key.replace("_", "") in FIELDS["timezone"]:
            named = named or when.zone(value)
        elif "/" in value and not other:
            other = when.zone(value)
    return conference, named or other


def _times_above(
    lines: list[str], heads: list[Heading], level: int, framing: set[int]
) -> dict[int, str]:
    """The talk headings (by index) right above which, with no blank line between,
    stands a line that begins with a clock time ("**14h30 – 15h10 — Auditório**" over
    "### Title"), while the heading itself gives none: that line is the talk's time
    (and room), as it is where every talk of a program writes it so; line -> text."""
    found: dict[int, str] = {}
    for i, h in enumerate(heads):
        if h.level != level or i in framing or h.line < 2 or HAS_CLOCK.match(h.text):
            continue
        above = lines[h.line - 2]
        text = strip_markup(above.strip())
        clock = CLOCK_RANGE.match(text)
        if (
            clock
            and not ATX.match(above)
            and not re.match(r"^\s*(?:[-*+>]\s|\||\d+[.)]\s)", above)
            and when.parse_clock(clock.group(1)) is not None
        ):
            found[i] = text
    return found if len(found) * 2 >= sum(h.level == level for h in heads) else {}


_TIME_FIRST = re.compile(
    rf"^\(?{when.RANGE_FROM}?({CLOCK_RANGE.pattern})\)?\s*(?:[|\u00b7:\u2013\u2014-]\s*)?"
)
_STRONG_LINE = re.compile(r"^\s*(\*\*|__)(?=\S)(.+?)\1\s*$")


def _titled_below(heading: str, body: list[str]) -> tuple[list[str], str | None]:
    """A heading that gives a time and a room, nothing else ("### 09:00–09:45 · Sala
    Wawel"), over a first line in bold ("**Architektura heksagonalna**"): that line is
    the talk's title. Returns the body without it, and the title (None otherwise)."""
    lead = _TIME_FIRST.match(heading)
    if not lead or not room_named(heading[lead.end() :].strip()):
        return body, None
    first = next((k for k, ln in enumerate(body) if ln.strip()), None)
    if first is None or not (m := _STRONG_LINE.match(body[first])):
        return body, None
    return [*body[:first], *body[first + 1 :]], strip_markup(m.group(2))


def _nothing_read(heads: list[Heading], lines: list[str]) -> str:
    """Why a text gave no talks, saying what it would be read from: a plain text (an
    e-mail) has no headings at all, which is no Markdown program, not a broken one;
    one whose lines start with times but say no day its reader reads is told so."""
    ways = (
        "headings ('## 10:00 Title'), list lines that start with a time, or a table "
        "with a title column and a time column"
    )
    timed = [
        (no, ln.strip())
        for no, ln in enumerate(lines, start=1)
        if ln.strip() and timed_bullet(f"- {ln.strip()}") is not None
    ]
    if not heads and len(timed) >= 2:
        no, first = timed[0]
        return (
            f"no talks found: its lines that start with a time (line {no}: {first[:40]!r}) "
            "follow no line this reader reads as their day; write each day on a line "
            "of its own, as '2026-11-07' or 'Saturday 7 November 2026'"
        )
    if not heads:
        return (
            f"no talks found: a text program is read from its {ways}, and it has none"
            + _dotted_hint(lines)
        )
    return f"no talks found: no level of its headings reads as talks, nor any of its {ways}"


# a line that starts with a range of two times written with a dot ("- 9.00–9.45")
_DOTTED = re.compile(
    r"^\s*(?:[-*+]\s+)?(?:\*\*)?(\d{1,2})\.(\d{2})\s*[\u2013\u2014-]\s*(\d{1,2})\.(\d{2})\b"
)


def _dotted_ranges(lines: list[str]) -> dict[int, tuple[re.Match[str], time, time]]:
    """Line index -> the range of two times written with a dot a list line starts
    with (`_DOTTED`), both read as clock times, the second after the first."""
    out = {}
    for k, ln in enumerate(lines):
        m = _DOTTED.match(ln)
        if m:
            start = when.parse_clock(f"{m.group(1)}:{m.group(2)}")
            end = when.parse_clock(f"{m.group(3)}:{m.group(4)}")
            if start is not None and end is not None and end > start:
                out[k] = (m, start, end)
    return out


_LIST_START = re.compile(r"^(\s*[-*+]\s+(?:\*\*)?)(\S.*)")


def _hour_word_off(line: str) -> str:
    """A list line without the word for an hour written before its clock ("- godz.
    9.00–9.45 — Otwarcie" is "- 9.00–9.45 — Otwarcie": `when.hour_word_off`)."""
    m = _LIST_START.match(line)
    return m.group(1) + when.hour_word_off(m.group(2)) if m else line


def _dotted_clocks(
    lines: list[str], heads: list[Heading], years: tuple[int, ...], langs: tuple[str, ...]
) -> list[str]:
    """`lines` with the ranges of times written with a dot that list lines start with
    ("- 9.00–9.45 Title", Finnish, Danish, Norwegian, Italian, British usage) written
    with a colon, where the document says these are times: the lines under headings
    that name days, every dotted range there two clock times in order on a program's
    grid (their minutes a multiple of five: "12.03–14.04" is a span of dates). Elsewhere
    a dotted "12.05" is as often a date or a version ("3.10–3.12"), and the lines are
    left as they are (`_dotted_hint` says how to write them)."""
    lines = [_worded_clock(ln) for ln in lines]
    under = _under_days(lines, heads, years, langs)
    found = {k: f for k, f in _dotted_ranges(lines).items() if k in under}
    if not found:
        return lines
    dotted = [k for k in under if _DOTTED.match(lines[k])]
    if any(k not in found or not _on_the_grid(found[k]) for k in dotted):
        return lines  # a dotted range that is no pair of clocks in order: dates, versions
    out = list(lines)
    for k, (m, _, _) in found.items():
        chars = list(lines[k])
        chars[m.start(2) - 1] = chars[m.start(4) - 1] = ":"  # the dot before each minutes
        out[k] = "".join(chars)
    return out


@cache
def _worded() -> re.Pattern[str]:
    """A list line's lone clock time written with a dot and then a word said after a
    clock (`when.clock_suffixes`) in a script written without spaces, with its dot and
    a space after it ("- 10.00 น. Title", Thai): what `mdparts._leading_time` takes
    off the title there."""
    unspaced = re.compile(f"[{languages.UNSPACED}]+")
    words = [w for w in when.clock_suffixes() if unspaced.fullmatch(w)]
    return re.compile(
        rf"^(\s*[-*+]\s+(?:\*\*)?\d{{1,2}})\.(\d{{2}}\s*(?:{'|'.join(map(re.escape, words))})"
        rf"\.(?:\*\*)?(?=\s))"
    )


def _worded_clock(line: str) -> str:
    """A list line whose lone clock time is written with a dot and a word said after a
    clock (`_worded`: "- 10.00 น. ชื่อเรื่อง") with a colon: the word says it is a time
    ("- 10:00 น. ชื่อเรื่อง"); any other line as it is."""
    m = _worded().match(line)
    if (
        m is None
        or when.parse_clock(f"{m.group(1).split()[-1].strip('*')}:{m.group(2)[:2]}") is None
    ):
        return line
    return f"{m.group(1)}:{line[m.end(1) + 1 :]}"


def _on_the_grid(found: tuple[re.Match[str], time, time]) -> bool:
    _, start, end = found
    return start.minute % 5 == 0 and end.minute % 5 == 0


def _under_days(
    lines: list[str], heads: list[Heading], years: tuple[int, ...], langs: tuple[str, ...]
) -> set[int]:
    """The indexes of the lines under a heading that names a day, down to the next
    heading of its level or above."""
    out: set[int] = set()
    for i, h in enumerate(heads):
        if date_of(h.text, years, langs) is None:
            continue
        end = next((g.line - 1 for g in heads[i + 1 :] if g.level <= h.level), len(lines))
        out.update(range(h.body, end))
    return out


_NESTED = re.compile(r"^(?: {2,}|\t+)(?:[-*+]|\d{1,3}[.)])\s+\S")  # an indented list line


def _unread_shape(lines: list[str], first: int) -> tuple[str, str] | None:
    """What stops a day's `lines` (the first of them line `first`) from being read, in
    a sentence, and its place, where it is a shape this reader does not read: a pipe
    table whose header names rooms beside a column of times (a grid of rooms by times,
    which a page's HTML table is read as: ingest/formats/htmlpage.py), or list lines
    that start with a time holding indented list lines under them; None otherwise."""
    for table in pipe_tables(lines, first):
        named = resolve(table.header)
        times = [r[0] for _, r in table.rows if r and r[0].strip()]
        if "title" not in named and times and all(HAS_CLOCK.search(t) for t in times):
            rooms = ", ".join(repr(c) for c in table.header[1:4] if c.strip())
            return (
                f"its table is a grid of rooms by times (its columns {rooms} are rooms), which "
                "the Markdown reader does not read: write a row per talk with Time, Room "
                "and Title columns, or give the grid as an HTML table",
                f"line {table.line}",
            )
    for n, line in enumerate(lines[1:], start=1):
        if _NESTED.match(line) and timed_bullet(lines[n - 1]) is not None:
            return (
                f"its list lines that start with a time hold indented list lines ({line.strip()!r}),"
                " which this reader does not read: write a talk's speakers and room on its list "
                'line ("- 09:30–10:15 Title — Speaker (Organisation), Room 1")',
                f"line {first + n}",
            )
    return None


def _dotted_hint(lines: list[str]) -> str:
    """Where lines start with a range of times written with a dot ("9.00–9.45"), which
    are not read as clock times (a dotted "12.05" is as often a date), a sentence
    saying so and how to write them; "" otherwise."""
    for ln in lines:
        m = _DOTTED.match(ln)
        if (
            m
            and int(m.group(1)) < 24
            and int(m.group(3)) < 24
            and max(int(m.group(2)), int(m.group(4))) < 60
        ):
            a, b = f"{m.group(1)}.{m.group(2)}", f"{m.group(3)}.{m.group(4)}"
            return (
                f"; its lines start with times written with a dot ({a}–{b}), which are "
                f"not read as clock times (a dotted number is a date as often): write them "
                f"{a.replace('.', ':')}–{b.replace('.', ':')}"
            )
    return ""


def _unread_table(
    lines: list[str], first: int, mapping: dict[str, str] | None = None
) -> tuple[int, str] | None:
    """The line of the first pipe table among `lines` (the first of them line `first`)
    that has rows but is no table of talks (`program_table`) as its header does not
    name its columns, and a sentence saying so and naming the columns no name here
    reads (the same names a CSV's header is read by: English's and those of the
    languages `columns.IN_OTHER_LANGUAGES` holds); None where there is none."""
    for t in pipe_tables(lines, first):
        known = resolve(t.header, mapped(t, mapping))
        unknown = [c for c in t.header if c and c not in known.values()]
        if not t.rows or not unknown or program_table(t, mapping):
            continue
        listed = ", ".join(repr(c) for c in unknown[:6]) + (", …" if len(unknown) > 6 else "")
        return t.line, (
            f"its table at line {t.line} names in its header no title column and time "
            f"column this reader knows ({listed} are no column names it reads), as a "
            "table of talks needs; write its header as a CSV's is written ('Title', "
            "'Time', 'Speaker', 'Room', or their names in a language talkbase reads), "
            "or name its columns with --map FIELD=COLUMN (--map title=COLUMN)"
        )
    return None


def _no_program(heads: list[Heading]) -> str:
    """Why a text whose headings read as talks is no program: none of them says when
    (a time, or a day heading above it), who speaks, where or what kind of session it
    is, as a README's "Installation", "Usage" and "License" do not."""
    named = ", ".join(repr(h.text) for h in heads[:3])
    timed = [h for h in heads if HAS_CLOCK.search(h.text)]
    dated = [
        h
        for h in heads
        if _DATE_SHAPED.search(ascii_digits(h.text)) and not HAS_CLOCK.search(h.text)
    ]
    if timed and dated:  # a day heading not read: the times are not to blame (sweep 24)
        return (
            f"no program found: its headings name times (line {timed[0].line}: "
            f"{timed[0].text[:60]!r}) under a heading shaped as a date that this reader "
            f"could not read as a day (line {dated[0].line}: {dated[0].text[:60]!r}: a "
            "month's name in a language it does not know), so its talks have no day; "
            "write the day heading's date as 2026-10-14"
        )
    if timed:  # a time it could not give its talks: said, not denied
        return (
            f"no program found: its headings name times (line {timed[0].line}: "
            f"{timed[0].text[:60]!r}) that this reader could not read as the times of "
            "the talks under or beside them, and their talks name no speaker or room "
            "it could read"
        )
    return (
        f"no program found: its headings ({named}, …) name no session time, no day, "
        "no speaker and no room, as a program's talks do (a list of talks with no "
        "more than a title and an abstract reads as a CSV with those two columns)"
    )


def listed_talks(
    lines: list[str], heads: list[Heading], dated: Callable[[Heading], bool] = lambda h: False
) -> set[int]:
    """The headings (by index) whose own lines are mostly list lines that start with a
    clock time: they hold talks, not a talk. Read only where some heading holds two
    such lines or more, or one under a heading that names a day and has no heading
    under it (`dated`: a talk's one "- 16:20 · Room 210" line is its time, such a
    day's one line its one talk). The lines
    after the last heading's last timed line, below a blank line, close the document
    (an e-mail's "Cheers, / The program committee"): they are not counted."""
    found: dict[int, tuple[int, int]] = {}  # heading -> (timed lines, all top-level lines)
    for i, h in enumerate(heads):
        own = lines[h.body : heads[i + 1].line - 1 if i + 1 < len(heads) else len(lines)]
        if i == len(heads) - 1:
            own = _without_closing(own)
        items = [ln for ln in own if ln.strip() and not ln[:1].isspace()]
        timed = sum(timed_bullet(ln) is not None for ln in items)
        if timed and not names_its_talk(own):
            found[i] = (timed, len(items))

    def day_alone(i: int) -> bool:  # a day heading with no heading under it
        return dated(heads[i]) and (i + 1 == len(heads) or heads[i + 1].level <= heads[i].level)

    if not any((t >= 2 or day_alone(i)) and 2 * t > n for i, (t, n) in found.items()):
        return set()
    return {i for i, (t, n) in found.items() if 2 * t > n}


def _without_closing(own: list[str]) -> list[str]:
    """A heading's lines without what follows its last timed list line below a blank
    line: the closing words of the document, not the heading's own text."""
    last = max((k for k, ln in enumerate(own) if timed_bullet(ln) is not None), default=None)
    if last is None:
        return own
    blank = next((k for k in range(last + 1, len(own)) if not own[k].strip()), None)
    return own if blank is None else own[:blank]


def mapped(t: PipeTable, mapping: dict[str, str] | None) -> dict[str, str] | None:
    """The column mapping (`--map`) a pipe table is read with: `mapping`, where its
    header holds every column it names, as a CSV's or a workbook sheet's must; None
    for a table of another header (a talk's own table), read by its names alone."""
    header = {c.strip() for c in t.header}
    return mapping if mapping and set(mapping.values()) <= header else None


def program_table(t: PipeTable, mapping: dict[str, str] | None = None) -> bool:
    """Whether a pipe table lists talks: its header names a title and a time or date
    column, as a CSV's would (`columns.resolve`), or `mapping` (`mapped`) names them;
    any other table is a talk's text."""
    cols = resolve(t.header, mapped(t, mapping))
    return "title" in cols and any(f in cols for f in ("start", "date", "end"))


def tabled_talks(
    lines: list[str], heads: list[Heading], mapping: dict[str, str] | None = None
) -> dict[int, list[PipeTable]]:
    """The headings (by index) whose own lines hold a table of talks (`program_table`),
    with those tables."""
    found: dict[int, list[PipeTable]] = {}
    for i, h in enumerate(heads):
        own = lines[h.body : heads[i + 1].line - 1 if i + 1 < len(heads) else len(lines)]
        if kept := [t for t in pipe_tables(own, h.body + 1) if program_table(t, mapping)]:
            found[i] = kept
    return found


# a heading's last words in parentheses ("Session 1: Testing (09:00–10:30, Room 2)")
_ASIDE = re.compile(r"^(?P<head>.*?\S)\s*\((?P<aside>[^()]+)\)\s*$")


def _room_of(name: str) -> tuple[str | None, str | None]:
    """A section heading as (room, session): one whose last words in parentheses name
    a room among the session's time ("Session 1: Testing and Verification (09:00–10:30,
    Room Copacabana)", "Keynote (09:00–10:00, Room Copacabana)") is in that room, its
    session the words before them; any other that names a room is a room ("## Sala
    Ipê", and "Closing (Main Hall & livestream)", "Session A (Chair: Jane Room)", whose
    parentheses hold no part that is a room's name alone: `mdparts.room_name`; session
    None); one that names none is a session or track (room None)."""
    if (m := _ASIDE.match(name)) and not room_named(head := m.group("head")):
        parts = [p.strip() for p in _PARTS.split(m.group("aside"))]
        rooms = [p for p in parts if p and room_name(p) and not HAS_CLOCK.search(p)]
        if len(rooms) == 1:
            return rooms[0], head
    return (name, None) if room_named(name) else (None, name)


def _track(names: list[str], said: list[tuple[str | None, str | None]]) -> int | None:
    """Which of the headings above (nearest first, as `_room_of` read them) names the
    track: the nearest session or track heading that is the whole heading ("###
    Security devroom"), else the nearest whose room stood apart in its parentheses
    ("#### Morning block (Room K.1.105)" frames a time in the devroom above it)."""
    whole = [k for k, (n, (_, s)) in enumerate(zip(names, said, strict=True)) if s == n]
    apart = [k for k, (_, s) in enumerate(said) if s]
    return next(iter(whole or apart), None)


# a heading shaped as a date: a day's number, a word (a month's name) and a year, in any
# script's digits ("शनिवार, २१ नोव्हेंबर २०२६", "Sábado 21 de brumário de 2026"), read
# or not; not "Track 1 — 2026"
_DATE_SHAPED = re.compile(
    r"(?<!\d)\d{1,2}(?!\d)\D{0,40}?[^\W\d_]\D{0,40}?(?<!\d)(?:19|20)\d\d(?!\d)"
)


def _context(
    sections: dict[int, tuple[str, date | None, str]], conference: str
) -> tuple[date | None, str | None, str | None]:
    """The day, room and track the headings above a list or a table name: the
    nearest day heading, the nearest room another heading names (else none), the
    nearest session or track one names (`_room_of`). A heading shaped as a date that
    is not read as one (`_DATE_SHAPED`: a month's name in a language not known here)
    names no room or track: its talks' times are unread, and said so."""
    day = next((d for _, (_, d, _) in sorted(sections.items(), reverse=True) if d), None)
    places = [n for _, (n, d, _) in sorted(sections.items(), reverse=True) if d is None]
    places = [n for n in places if n != conference and not _DATE_SHAPED.search(ascii_digits(n))]
    said = [_room_of(n) for n in places]
    room = next((r for r, _ in said if r), None)
    k = _track(places, said)
    return day, room, said[k][1] if k is not None else None


def _tabled(
    found: list[PipeTable],
    sections: dict[int, tuple[str, date | None, str]],
    conference: str,
    document: str,
    fallback: tzinfo,
    years: tuple[int, ...] = (),
    mapping: dict[str, str] | None = None,
) -> tuple[list[Talk], list[str]]:
    """The talks of a heading's pipe tables, each row read as a CSV row is
    (`table.read_rows`: `mapping`'s columns too, `mapped`), on the day of the nearest day heading, in the room or
    track the nearest other heading names where no column names one; a date cell
    in words without its year takes one of `years` (the document's)."""
    day, room, track = _context(sections, conference)
    talks: list[Talk] = []
    warnings: list[str] = []
    for t in found:
        again = {no for no, cells in t.rows if header_again(cells, t.header)}  # (no talks)
        rows = [
            ({h: c for h, c in zip(t.header, cells, strict=False) if h}, f"line {no}")
            for no, cells in t.rows
            if no not in again
        ]
        warnings.extend(repeats_said(document, [f"line {no}" for no in sorted(again)]))
        # (the columns no header names, told by their values, and those still unread
        # said, as a CSV's and a page's table's are: sweep 24)
        cells = [list(c) for no, c in t.rows if no not in again]
        by_value, told = by_values(list(t.header), cells, mapped(t, mapping))
        said_once = [f"{document}: {s}" for s in told]  # (said once: `parse`)
        warnings.extend(w for w in said_once if w not in warnings)
        read, said = read_rows(
            rows,
            document,
            NAME,
            fallback,
            conference,
            day,
            years,
            mapping={**by_value, **(mapped(t, mapping) or {})} or None,
        )
        talks.extend(
            replace(
                x,
                room=x.room or room,
                track=x.track or track,
                sources=tuple(
                    replace(src, section=x.track or track or src.section) for src in x.sources
                ),
            )
            for x in read
        )
        warnings.extend(said)
    return talks, warnings


def _unsplit_said(document: str, unsplit: list[tuple[int, str]], shape: ListShape) -> str:
    """The one warning for a document's list lines of its own shape kept whole as their
    titles (`read_bullet`'s `unsplit`): the first of them, and how many others."""
    no, title = unsplit[0]
    others = len(unsplit) - 1
    why = (
        "the part before the last is not read as names"
        if shape.told
        else "no line of that shape ends with a word for a room this reader knows, and "
        "without one a name in a script without capital letters cannot be told from a "
        "title's words"
    )
    return (
        f"{document} line {no}: {title[:80]!r}"
        + (f" (and {others} other list line{'s' * (others > 1)} like it)" if others else "")
        + f": most list lines here have {shape.parts} parts joined by {shape.joint!r}, "
        f"but the parts after this line's title were not read as speaker and room ({why}); "
        "the line is kept whole as the title"
    )


def _above(heads: list[Heading], inner: set[int]) -> set[int]:
    """The headings (by index) that the headings `inner` are under."""
    out: set[int] = set()
    for i in inner:
        level = heads[i].level
        for j in range(i - 1, -1, -1):
            if heads[j].level < level:
                out.add(j)
                level = heads[j].level
    return out


def _listed(
    h: Heading,
    own: list[str],
    sections: dict[int, tuple[str, date | None, str]],
    conference: str,
    document: str,
    fallback: tzinfo,
    warnings: list[str],
    pasted: bool = False,
    twelve: bool = False,
    rooms_last: bool = False,
    shape: ListShape | None = None,
    unsplit: list[tuple[int, str]] | None = None,
    unread_language: list[tuple[str, str]] | None = None,
    dotted: list[tuple[int, str, str]] | None = None,
) -> list[Talk]:
    """The talks of a heading's timed list lines, on the day of the nearest day heading,
    in the room (or track) the nearest other heading names; an indented line under one
    gives its speakers where the line gives none and it is nothing but a person's
    name and organisation ("Priya Sharma, CNCF"), its room where it names one and the
    line does not ("Hall 1": a program pasted from a PDF), goes on with its title
    where the title was cut at a page's column (`_runs_on`, in a plain-text program:
    `pasted`), else adds to its abstract; an untimed list line is told and left. In a
    program written the 12-hour way without am or pm (`twelve`: `when.twelve_hour`),
    a clock that runs back past noon is the afternoon's (`when.afternoon`), said once.
    A line of the document's shape (`shape`: `mdparts.list_shape`) kept whole, its parts
    after the title not told, is added to `unsplit` (line, title): said once, by `parse`.
    A line's labelled last parts ("· Track: AI · Type: Talk · Language: English", in any
    language the one list of labels holds: `mdparts.Bullet.labels`) give its track,
    format and language, and its speakers where it names none otherwise. A line whose
    title still holds a spaced middle dot or bullet (its parts not told apart) is added
    to `dotted` (line, title, the dot) where its speakers and room are not both told:
    said once, by `parse`."""
    day, room, track = _context(sections, conference)
    timed = [t for raw in own if (t := timed_bullet(raw)) is not None]
    zones, rooms, severals = zones_said(timed), rooms_said(timed), several_said(timed)
    told_several: set[str] = set()  # (an abbreviation of several zones: said once)
    talks: list[Talk] = []
    abstracts: list[list[str]] = []
    told = False  # (that the 12-hour clock's afternoon was read: said once)
    for no, raw in enumerate(own, start=h.body + 1):
        text = timed_bullet(raw)
        if text is None:
            if raw[:1].isspace() and raw.strip() and abstracts:
                said = raw.strip()
                last = talks[-1]
                if not abstracts[-1] and (labels := label_line(said)) and _labels_read(labels):
                    talks[-1] = _labelled(
                        last, labels, f"line {no}", unread_language, warnings, document
                    )
                elif not last.speakers and not abstracts[-1] and (who := _person_line(said)):
                    talks[-1] = replace(last, speakers=who)
                elif last.room in (None, room) and not abstracts[-1] and room_name(said):
                    talks[-1] = replace(last, room=said)
                elif (
                    pasted
                    and not abstracts[-1]
                    and not last.speakers
                    and _runs_on(last.title, said)
                ):
                    talks[-1] = replace(last, title=f"{last.title} {said}")
                else:
                    abstracts[-1].append(said)
            elif re.match(r"^ {0,3}[-*+]\s+\S", raw):
                warnings.append(
                    f"{document} line {no}: a list line without a time under {h.text!r}; "
                    "not read as a talk"
                )
            continue
        text, several, off = several_zones(text, severals)
        if several and several not in told_several:  # ("11:00 IST · Title": said once)
            told_several.add(several)
            zone_read = getattr(fallback, "key", None) or str(fallback)
            warnings.append(
                f"{document} line {no}"
                + (" (and the list's other lines that write it)" if several in severals else "")
                + ": "
                + (
                    f"the time is written with {when.several_zones(several)}; none of them "
                    f"is assumed: it is read in {zone_read}, the document's zone"
                    if off
                    else f"the title begins with {when.several_zones(several)}; if that is "
                    f"the time's zone, none of them is assumed: it is read in {zone_read}, "
                    "the document's zone"
                )
            )
        b = read_bullet(text, day, fallback, zones, rooms, rooms_last, shape)
        if b.unsplit and unsplit is not None:
            unsplit.append((no, b.title))
        elif (
            dotted is not None
            and not (b.speakers and b.room)  # (both told: the dot is the title's own)
            and (dot := re.search(r"\s([\u00b7\u2022])\s", b.title))
        ):
            dotted.append((no, b.title, dot.group(1)))
        if unread := unread_clocks(text):
            warnings.append(
                f"{document} line {no}: {b.title!r}: the time {unread[0]!r} cannot be read; "
                + ("kept without a time" if b.start is None else "kept without an end")
            )
        elif day is None:
            said = (
                f"gives a time under {track!r}, a day this reader cannot read"
                if track and re.search(r"\d", track)
                else "gives a time but no date"
            )
            if track and (calendar := other_calendar_day(track)):
                # ("ቅዳሜ፣ ነሐሴ 16": no year to convert it exactly by, none guessed)
                said = (
                    f"gives a time under {track!r}, a date of {calendar} that does not "
                    "name its year, or names a weekday it does not fall on, which this "
                    "reader does not guess"
                )
            warnings.append(f"{document} line {no}: {b.title!r} {said}; kept without a time")
        start, end = b.start, b.end
        if twelve and start is not None and (first := next(_starts(talks), None)):
            start, end = when.afternoon(start, end, first, talks[-1].start or first)
            if (start, end) != (b.start, b.end) and not told:
                told = True
                warnings.append(when.afternoon_said(f"{document} line {no}", b.title, start, end))
        start, end = _in_the_night(start, end, day, talks)
        end, problem = when.talk_end(start, end)
        if problem:
            warnings.append(f"{document} line {no}: {b.title!r} {problem}")
        talk = Talk(
            title=b.title,
            speakers=b.speakers,
            start=start,
            end=end,
            # a start past 24:00 ("25:00") is in the night of its heading's day
            program_day=day if start is not None and day and start.date() > day else None,
            room=b.room or room,
            track=track,
            format=b.format,
            notes=(("Status", b.status),) if b.status else (),
            conference=conference,
            sources=(
                Source(document, NAME, f"line {no}", track or (day.isoformat() if day else None)),
            ),
        )
        talks.append(_labelled(talk, b.labels, f"line {no}", unread_language, warnings, document))
        abstracts.append([])
    return [
        replace(t, abstract=plain(" ".join(a))) if a else t
        for t, a in zip(talks, abstracts, strict=True)
    ]


def _status(status: str, title: str, where: str, warnings: list[str]) -> str:
    """A talk's "Status:" label as its "Status" note, as a table's status cell
    (`table.status_note`: "cancelled", "geannuleerd" call the talk off); "" for any
    other, one that is no word for a talk off or taking place warned of."""
    note = status_note(status)
    if status and not note and not taking_place_state(status):
        warnings.append(
            f"{where}: the status {status[:40]!r} of {title!r} is no word talkbase knows "
            "for a talk called off or taking place; kept as taking place"
        )
    return note


# a value that reads as a sentence, no name: a clause's comma or semicolon, a
# sentence's end ("beginners welcome, no Rust needed"); or of more words than a name
_SENTENCE = re.compile(r"[,;!?]|\.\s")
_NAME_WORDS = 5


def _labels_read(labels: Sequence[tuple[str, str]]) -> bool:
    """Whether each value of a label line under a list line reads as its field, so that
    the line is labels, not the talk's text ("Format: bring a laptop with Docker
    installed" is its abstract): a format a word names (`terms.format_named`), a
    language the base knows (`language_code`), a status word (`table.status_note`,
    `terms.taking_place_state`), speakers who are people's names, and any other (a
    track, a room) short and name-like: no clause or sentence (`_SENTENCE`), at most
    `_NAME_WORDS` words; keywords and links as written. A language or status of one
    or two words that names none is still a value (warned of, as before)."""

    def word(value: str) -> bool:
        return not _SENTENCE.search(value) and len(value.split()) <= 2

    def reads(field: str, value: str) -> bool:
        if field == "format":
            return format_named(value) is not None
        if field == "language":  # ("Klingon": a value, warned of as names no language)
            return languages.language_code(value) is not None or word(value)
        if field == "status":  # ("tentative": a value, warned of as no status word)
            return bool(status_note(value)) or taking_place_state(value) or word(value)
        if field == "speakers":
            people = parse_speakers(value)
            return bool(people) and all(name_shaped(p.name) for p in people)
        if field in ("keywords", "url"):
            return True
        return room_name(value) or (
            not _SENTENCE.search(value) and len(value.split()) <= _NAME_WORDS
        )

    return all(reads(f, v) for f, v in labels)


def _labelled(
    talk: Talk,
    labels: Sequence[tuple[str, str]],
    where: str,
    unread_language: list[tuple[str, str]] | None,
    warnings: list[str],
    document: str,
) -> Talk:
    """A list line's talk with what its labelled parts or lines say (`mdparts.labelled`:
    "Track: AI · Type: Talk · Language: English", "Vorm: keynote", "Status: cancelled",
    in any language the one list of labels holds), each over what the line's headings
    and title said of it (its speakers only where it names none); a status as a table's status cell (`table.status_note`: the talk called off),
    one that is no word for a talk off or taking place warned of."""
    said = dict(labels)
    note = _status(said.get("status", ""), talk.title, f"{document} {where}", warnings)
    language = (
        stated_language(said["language"], where, unread_language)
        if "language" in said and unread_language is not None
        else talk.language
    )
    return replace(
        talk,
        speakers=talk.speakers or parse_speakers(said.get("speakers", "")),
        room=said.get("room") or talk.room,
        track=said.get("track") or talk.track,
        format=said.get("format") or talk.format,
        language=language,
        notes=(
            *[n for n in talk.notes if n[0] != "Status" or not note],
            *((("Status", note),) if note else ()),
        ),
    )


def _in_the_night(
    start: datetime | None, end: datetime | None, day: date | None, talks: Sequence[Talk]
) -> tuple[datetime | None, datetime | None]:
    """A talk's start and end a day later where its clock on its day heading's `day`
    runs back before the talk above and is the night after that day, that day's
    `talks` read before it running on to it (`night_runs_on`: a film at 01:00 after
    one that ends at 00:30); else as they are (a morning listed out of order stays)."""
    # (a talk with its own date, or at "25:00", is read as it says)
    if start is None or start.date() != day or start.time() >= NIGHT_ENDS:
        return start, end
    above = [
        (t.start, t.end)
        for t in talks
        if t.start is not None and (t.program_day or t.start.date()) == day
    ]
    night = when.plus(start, timedelta(days=1))
    if not above or start >= above[-1][0] or not night_runs_on(night, above):
        return start, end
    return night, end and when.plus(end, timedelta(days=1))


def _starts(talks: list[Talk]) -> Iterator[datetime]:
    """The starts of `talks` that have one."""
    return (t.start for t in talks if t.start is not None)


def _runs_on(title: str, line: str) -> bool:
    """Whether a short line under a talk goes on with its title, cut where a page's
    column ended ("Scaling Multi-Tenancy at" / "Razorpay"): the title ends in a word
    in lowercase, the line is short and ends no sentence."""
    last = title.split()[-1] if title.split() else ""
    return last.isalpha() and last.islower() and len(line) <= 40 and line[-1:] not in ".!?"


def _person_line(line: str) -> tuple[Speaker, ...]:
    """The people a line under a talk names, where it is nothing but names ("Priya
    Sharma", "Ana Lima (Acme)") or one whole name and an organisation after a comma
    ("Arjun Mehta, Flipkart"); () for any other line."""
    if len(line) > 120:
        return ()
    name, comma, org = line.partition(", ")
    if comma and name_shaped(name) and org and not name_shaped(org) and not re.search(r"\d", org):
        return (Speaker(name, org),)
    found = parse_speakers(line) if names_line(line) else ()
    return found if found and all(name_shaped(s.name) for s in found) else ()


_OPEN_LINK = re.compile(r"\[[^\]]*\]\([^)\s]*$|\[[^\]]*$")


def cut_short(lines: list[str]) -> tuple[int, str] | None:
    """(line, what is left open) when the text ends inside a fence, an HTML comment
    or a link, or with no end of line inside bold text or a code span (`_left_open`:
    `lines` end with "" where the text ends its last line); None when it ends cleanly."""
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
    if lines and lines[-1].strip() and (left := _left_open(lines[-1])):
        return len(lines), f"the text ends with no end of line inside {left}"
    return None


def _left_open(line: str) -> str:
    """What a line leaves open at its end: a code span (an odd count of backticks), or
    bold text (an odd count of `**` outside code spans: "**Visita guiada"); "" if
    nothing, or for a code fence's line."""
    if FENCE.match(line):
        return ""
    if line.count("`") % 2:
        return "a code span (`)"
    return "bold text (**)" if re.sub(r"`[^`]*`", "", line).count("**") % 2 else ""


def _given(
    talk: Talk,
    given: list[tuple[str, str | None]],
    sections: dict[int, tuple[str, date | None, str]],
    document: str,
    line: int,
    fallback: tzinfo,
    warnings: list[str],
) -> list[Talk]:
    """A talk once per session its list lines give ("- 10:00–12:00 · Room 1", "-
    14:00–16:00 · Room 2"), each at its time and in its room; the talk itself where
    it gives its own time or no session."""
    if not given or talk.start is not None:
        return [talk]
    day = next((d for _, (_, d, _) in sorted(sections.items(), reverse=True) if d), None)
    out: list[Talk] = []
    for clock, room in given:
        start, end, _ = times(clock, day, fallback)
        if start is None:
            warnings.append(
                f"{document} line {line}: {talk.title!r} gives a time but no date; "
                "kept without a time"
            )
        end, problem = when.talk_end(start, end)
        if problem:
            warnings.append(f"{document} line {line}: {talk.title!r} {problem}")
        out.append(replace(talk, start=start, end=end, room=room or talk.room))
    return out


def _talk(
    h: Heading,
    block: Block,
    sections: dict[int, tuple[str, date | None, str]],
    conference: str,
    document: str,
    fallback: tzinfo,
    warnings: list[str],
    titled: str | None = None,
    above: Sequence[Talk] = (),
    unread: list[tuple[str, str]] | None = None,
) -> Talk | None:
    """The talk of a heading and its block; `titled` is its title where the heading
    gives only its time and room (`_titled_below`); `above`, the talks read before it
    (a night after its day heading's day: `_in_the_night`); `unread`, the document's
    language values read so far that name no language (`stated_language`)."""
    title, fmt = h.text, block.fields.get("format")
    day = next((d for _, (_, d, _) in sorted(sections.items(), reverse=True) if d), None)
    places = [(n, desc) for _, (n, d, desc) in sorted(sections.items(), reverse=True) if d is None]
    # (a heading above with a room word is the talks' room, as over a list: "## Sala Ipê";
    # one that gives a time too, "## 14 h 30 – 15 h 15 · salle Turing", names a session,
    # unless its room stands apart in parentheses: "## Session 1 (09:00–10:30, Room 2)")
    names = [n for n, _ in places]
    said = [_room_of(n) for n in names]
    room_of = next(
        (r for (r, s), n in zip(said, names, strict=True) if r and (s or not HAS_CLOCK.search(n))),
        None,
    )
    sessions = [
        (r, s or (n if HAS_CLOCK.search(n) else None))
        for (r, s), n in zip(said, names, strict=True)
    ]
    k = _track(names, sessions)
    track_of = (sessions[k][1], places[k][1]) if k is not None else None
    start = end = None
    if m := _TIME_FIRST.match(title):
        start, end, _ = times(m.group(1), day, fallback)
        rest = title[m.end() :].strip()  # (a heading of a clock alone keeps it as its title)
        title = rest if rest and (start or day is None or titled) else title
    room = block.fields.get("room")
    if titled:
        room, title = room or title, titled
    if led := format_prefix(title):  # ("Keynote: Title": a Keynote, its title kept whole)
        fmt = fmt or led[0]
    if "when" in block.fields:
        s2, e2, rest = times(block.fields["when"], date_of(block.fields["when"]) or day, fallback)
        start, end = start or s2, end or e2
        leftover = [p for p in _PARTS.split(rest) if p.strip() and date_of(p) is None]
        if not room and leftover and len(leftover[-1]) <= 60:
            room = re.sub(r"^in\s+", "", leftover[-1].strip(), flags=re.I) or None
    room = room or room_of
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
    night = _in_the_night(start, end, day, above)
    start, end, program_day = *night, (day if night[0] != start else None)
    end, problem = when.talk_end(start, end)
    if problem:
        warnings.append(f"{document} line {h.line}: {title.strip()!r} {problem}")
    keywords = block.fields.get("keywords", "")
    notes = tuple(
        (k, v) for k, v in (("Keywords", keywords), ("URL", block.fields.get("url", ""))) if v
    )
    track = block.fields.get("track") or (track_of[0] if track_of else None)
    status = _status(
        block.fields.get("status", ""), title.strip(), f"{document} line {h.line}", warnings
    )
    notes += (("Status", status),) if status else ()
    return Talk(
        title=title.strip(),
        speakers=parse_speakers(
            re.sub(r"^(?:by|with)\s+", "", block.fields.get("speakers", ""), flags=re.I)
        ),
        start=start,
        end=end,
        program_day=program_day,
        room=room,
        track=track,
        track_description=(track_of[1] or None) if track_of and track == track_of[0] else None,
        format=fmt,
        abstract=plain("\n\n".join(block.abstract)),
        language=stated_language(
            block.fields.get("language"), f"line {h.line}", [] if unread is None else unread
        ),
        notes=notes,
        conference=conference,
        sources=(
            Source(document, NAME, f"line {h.line}", track or (day.isoformat() if day else None)),
        ),
    )


def _parse(text: str, document: str, options: Options) -> Result:
    return parse(text, document, default_tz=options.default_tz, mapping=options.mapping)


register(
    Format(
        NAME,
        100,
        looks_like,
        _parse,
        suffixes=(".md", ".markdown", ".txt", ".text"),
        table=True,  # (its pipe tables take a column mapping: `mapped`)
    )
)

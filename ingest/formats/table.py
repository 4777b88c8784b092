"""Tables of talks: CSV, TSV, JSON (an array of objects) and JSON Lines.

One row or object is one talk. Columns are found by name (case, spaces and
underscores ignored; see `FIELDS` for the names each field accepts, first match
wins) or named explicitly with `mapping={"title": "Paper Name", ...}`. Only the
title is required: a table without one is an InputError naming its header line.

Values: authors/speakers split on "|" (Mini-Conf), else as speaker lines
("Name (Org), Name; Name — Org"), or lists of names or {name, affiliation}
objects; affiliations from their own column, "|"-aligned with the names;
times as ISO date-times, or a date column plus clock times ("10:00", "4:20 PM",
"9h45", "14h", "10:00 Uhr", "Noon": `when.parse_clock`) or a range in one cell
("16:20–16:30", "9:00 AM - 9:50 AM"), end from an end column or a duration ("00:30",
"45", "PT45M"; a bare number in the unit its header names, "Dauer (Std.)", else
minutes unless the whole column reads only as hours: `duration_per`);
a date of numbers ("03/10/2024", "20-06-2024") is read day or month first as its
whole column tells (`date_order`), never row by row; a date may follow a weekday or
be written in words, in any language programs are written in ("Sa, 16.11.2024",
"samedi 5 avril 2025": `date_in_words`); a row whose time cannot be read keeps its
date, with a warning. A spreadsheet that writes a day's date (`carry_dates`), or the
time of sessions side by side (`carry_times`), only on the first of its rows has it
carried down;
keywords split on "|" ";" or ",". CSV and JSONL are read line by line
(`parse_lines` takes any iterable of lines); a CSV's header row may sit under a
few lines of title (`header_row`), which are skipped with a warning, or under a
row of group headings (`group_row`); last rows that fill only their first cell
below talks that all fill more ("Total: 3 sessions") are a footer (`footer`),
dropped with a warning; a row without a title whose one filled cell is a date is a
day heading inside the table (`_Reader.day_rows`), and a title row above a CSV's
header naming one day dates the rows that give none (`day_named`).
"""

from __future__ import annotations

import contextlib
import csv
import io
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import lru_cache
from typing import Any, TypeVar

from ingest import when
from ingest.formats import frab, jsontree, mdparts, ragged, registry, tablenight
from ingest.formats.columns import (
    FIELDS,
    TWO_WAYS,
    column_number,
    duration_unit,
    in_utc,
    more_columns,
    name_parts,
    norm,
    numbered,
    of_other_tools,
    resolve,
    said_in_another_language,
)
from ingest.formats.icalnames import split_description
from ingest.formats.jsonrecords import (
    array_items,
    located,
    page_left,
    plain_tree,
    records,
    references,
    unread_lists,
)
from ingest.html import inline, plain, text_of
from ingest.language import stated_language, unread_languages
from ingest.links import link_pairs
from ingest.speakers import (
    comma_affiliation,
    family_first,
    family_first_objects,
    given_first,
    name_shaped,
    no_person,
    own_affiliations,
    parse_speakers,
    plain_commas,
)
from talkbase.core import settings
from talkbase.core.errors import InputError
from talkbase.core.exportcsv import cell_speakers, conflicts_of, own_export, own_record
from talkbase.core.languages import day_first, written_in
from talkbase.core.names import ROLE_OR_ORG
from talkbase.core.present import spreadsheet_text
from talkbase.core.records import Source, Speaker, Talk
from talkbase.core.terms import (
    DAY_NOUNS,
    SESSION_ROLES,
    ascii_digits,
    cancelled_state,
    fold,
    format_named,
    postponed_state,
    taking_place_state,
    unlisted_state,
)

# ---- values ------------------------------------------------------------------------------


def status_note(value: object) -> str:
    """A status cell as the talk's "Status" note where it says the talk will not take
    place ("cancelled", "Abgesagt": `terms.cancelled_state`) or is a proposal that may
    not be on the program ("submitted", "rejected": `terms.unlisted_state`, read by
    ingest/proposals.py); "" for any other status ("confirmed", "accepted"), which
    tells an attendee nothing."""
    said = inline(text_of(value))
    return said if said and (cancelled_state(said) or unlisted_state(said, False)) else ""


# a line break in a cell: a Markdown table's "<br>", a CSV's quoted newline
_BREAK = re.compile(r"<br\s*/?>|\r?\n", re.IGNORECASE)
# what separates two people in one line of a speaker cell
_PEOPLE_SEP = re.compile(r"[,;|&\u3001]|\s(?:and|und|et|y|e)\s")


def cell_lines(value: object) -> list[str]:
    """The lines of a cell, each as one line of plain text, the empty ones left out."""
    return [line for part in _BREAK.split(text_of(value)) if (line := inline(part))]


def _line_broken(value: object, affiliation_after_break: bool) -> Speaker | None:
    """The one speaker of a cell of two lines, a name and the organisation under it
    ("Ruth Suehle<br>*Apache Software Foundation*"), no separator of people in it:
    where the second line is no person's name and the first is one (`speakers.no_person`:
    "Acme Ltd" names an organisation; over "Alex Group" it tells nothing), or the
    column writes each cell so (`affiliation_after_break`); None for any other cell."""
    if not isinstance(value, str) or not _BREAK.search(value):
        return None
    lines = cell_lines(value)
    if len(lines) != 2 or _PEOPLE_SEP.search(" ".join(lines)):
        return None
    name, org = lines
    said = no_person(org, name) and not no_person(name, org)
    if not name_shaped(name) or not (said or affiliation_after_break):
        return None
    return Speaker(name, org)


def speakers_of(
    value: object,
    orgs: object = None,
    affiliation_after_comma: bool = False,
    family_names_first: bool = False,
    affiliation_after_break: bool = False,
    own_orgs: bool = False,
) -> tuple[Speaker, ...]:
    """The speakers of a cell (`own_orgs`: where its column gives people their own
    "(Org)", `speakers.own_affiliations`); `affiliation_after_comma` where its column writes
    "Name, Organisation" (`speakers.comma_affiliation`), `family_names_first` where
    it writes "Family, Given" (`speakers.family_first`), `affiliation_after_break`
    where it writes a name and its organisation on two lines (`_line_broken`);
    other lines are a person each, with the line of the same place of `orgs` where
    that cell has as many ("Aoife Byrne⏎Cian Walsh" beside "Teagasc⏎UCD")."""
    names, places = (cell_lines(v) if isinstance(v, str) else [] for v in (value, orgs))
    if len(names) == len(places) > 1:
        return tuple(
            s
            for name, place in zip(names, places, strict=True)
            for s in speakers_of(
                name, place, affiliation_after_comma, family_names_first, own_orgs=own_orgs
            )
        )
    if (one := _line_broken(value, affiliation_after_break)) is not None:
        org = inline(text_of(orgs))
        return (Speaker(one.name, org or one.affiliation),)
    if isinstance(value, str) and _BREAK.search(value):
        value = "; ".join(cell_lines(value))  # (a person per line)
    if isinstance(value, list):
        found = [
            s
            for v in value
            for s in (
                frab.speakers_of([given_first(v) if family_names_first else v])
                if isinstance(v, dict)
                else parse_speakers(unlabelled(text_of(v)))[:1]
            )
        ]
    else:
        raw = unlabelled(_LINKED.sub("", inline(text_of(value))))
        found = (
            [Speaker(*_name_org(n)) for n in raw.split("|") if n.strip()]
            if "|" in raw
            else list(parse_speakers(raw, affiliation_after_comma, family_names_first, own_orgs))
        )
    org_text = inline(text_of(orgs))
    if org_text and found:
        # (split at the separators the speakers are: "陈静、Sarah Chen" beside "PingCAP、
        # Linux Foundation")
        org_list = plain_commas(org_text)
        parts = [p.strip() for p in re.split(r"\s*[|;]\s*", org_list)]
        listed = [p.strip() for p in org_list.split(",")]
        if (
            len(parts) == 1
            and len(listed) == len(found) > 1
            and "," in plain_commas(text_of(value))
        ):
            parts = listed  # (lists joined alike: Airtable's "A,B" beside "Org A,Org B")
        if len(parts) == len(found) and len(parts) > 1:
            found = [
                Speaker(s.name, s.affiliation or p or None)
                for s, p in zip(found, parts, strict=True)
            ]
        else:
            found = [Speaker(s.name, s.affiliation or org_text) for s in found]
    return tuple(found)


# a web address in parentheses after a name (Notion's relation to a person's page:
# "Lea Fischer (https://www.notion.so/Lea-Fischer-8d1e...)"): a link, not an organisation
_LINKED = re.compile(r"\s*\((?:https?://|www\.)[^()\s]*\)")
# a label before the people of a speaker cell, or of one of its parts ("Chair: Samuel
# Ortiz", "Moderation: A; Panel: B, C", "登壇者：山田太郎"): a word or three and a colon
_LABEL = re.compile(
    r"(?:^|(?<=[;|]))(\s*)([^\W\d_][\w'.\-]*(?:\s[^\W\d_][\w'.\-]*){0,2})(?::\s+|\uff1a\s*)(?=\S)"
)


def unlabelled(cell: str) -> str:
    """A speaker cell without the labels before its people ("Chair: Samuel Ortiz" is
    Samuel Ortiz, "Keynote Speaker: Jane Doe" Jane Doe): a label all of whose words
    are words for a talk's people, roles or formats (a speakers' column's name,
    `columns.resolve`; a session's role, `terms.SESSION_ROLES`, or a job's,
    `names.ROLE_OR_ORG`; a format's, `terms.format_named`);
    a word of a person's name beside them keeps the whole ("Samuel Chair: Acme Corp",
    "Ng: Acme", "山田太郎：株式会社ABC" and "Jane Doe: CTO" keep their names)."""

    def label(m: re.Match[str]) -> str:
        said = m.group(2)
        role = resolve([said]).keys() == {"speakers"} or all(
            w.lower().strip(".") in ROLE_OR_ORG
            or fold(w) in SESSION_ROLES
            or resolve([w]).keys() == {"speakers"}
            or format_named(w) is not None
            for w in said.split()
        )
        return m.group(1) if role else m.group(0)

    return _LABEL.sub(label, cell)


def _name_org(item: str) -> tuple[str, str | None]:
    m = re.match(r"^(.*?)\s*\((.*)\)\s*$", item.strip())
    return (m.group(1), m.group(2) or None) if m and m.group(1) else (item.strip(), None)


# ---- the order of a column's dates --------------------------------------------------------

# A date of numbers whose order (day or month first) its column decides: `when.NUMERIC_DATE`
_NUMERIC_DATE = when.NUMERIC_DATE


@dataclass
class DateColumn:
    """What the values of one column say of the order of their dates: the first
    value (and its place) only day first can read ("14/10/2024"), only month first
    can ("10/14/2024"), and both can, as different days ("03/10/2024")."""

    day_first: tuple[str, str] | None = None
    month_first: tuple[str, str] | None = None
    either: tuple[str, str] | None = None

    def see(self, value: str, where: str) -> None:
        for m in _NUMERIC_DATE.finditer(value):
            a, b = int(m.group(1)), int(m.group(3))
            as_day, as_month = 1 <= b <= 12 and 1 <= a <= 31, 1 <= a <= 12 and 1 <= b <= 31
            if as_day and not as_month:
                self.day_first = self.day_first or (m.group(0), where)
            elif as_month and not as_day:
                self.month_first = self.month_first or (m.group(0), where)
            elif as_day and a != b:
                self.either = self.either or (m.group(0), where)


def date_order(
    column: str,
    seen: DateColumn,
    day_first_language: bool,
    document: str,
    by_zones: Sequence[str] = (),
) -> tuple[bool, str | None]:
    """Whether a column's dates are day first, decided once from all its values, and
    what to warn: a value past the 12th tells; else headers in a language that writes
    the day first (`IN_OTHER_LANGUAGES`), or the zones of the rows where dates are so
    written (`languages.day_first`), do; else the US order is assumed, and said.
    Values that only one order each can read, in both orders, are refused: which
    day any other one is cannot be known. Where the zones alone (`by_zones`, the
    headers' language saying nothing) put the day first, that is said."""
    if seen.day_first and seen.month_first:
        (a, where_a), (b, where_b) = seen.day_first, seen.month_first
        raise InputError(
            document,
            f"the dates of column {column!r} are written day first ({a!r}, {where_a}) and "
            f"month first ({b!r}, {where_b}); write them in one order, or as 2024-10-03",
            where_b,
        )
    if seen.day_first or seen.month_first:
        return seen.day_first is not None, None
    if seen.either is None or (day_first_language and not by_zones):
        return day_first_language, None
    value, where = seen.either
    # (either order reads it; its digits maybe of another script: "۰۳/۱۰/۲۰۲۶")
    read = date.fromisoformat(ascii_digits(when.iso_dates(value, day_first_language)))
    if day_first_language:
        return True, (
            f"{document} {where}: no date of column {column!r} tells whether it is written "
            f"day or month first (none is past the 12th); they are read day first, as "
            f"dates are written where the zone column says ({', '.join(by_zones)}): "
            f"{value!r} is {read.day} {read:%B %Y}"
        )
    return False, (
        f"{document} {where}: no date of column {column!r} tells whether it is written day "
        f"or month first (none is past the 12th) and the headers are in English, so they "
        f"are read month first, as in the US: {value!r} is {read.day} {read:%B %Y}"
    )


# a zone named in parentheses after a clock ("9:00 AM (CEST)"), and an arrow between a
# span's two ends (Notion's "October 20, 2026 9:00 AM (CEST) → 9:40 AM")
_ZONE_ASIDE = re.compile(rf"(?<=[\dMm.])\s*\(({when.ZONE_ABBREVIATION})\)")
_ARROW = re.compile(r"\s*[\u2192\u27f6\u21d2]\s*")


def moment_cell(value: str) -> str:
    """A date or time cell as `when.parse_when` reads it: a zone in parentheses after
    its clock written after the whole cell, an arrow between its two ends a range's
    dash, the end's date left out where it repeats the start's ("October 20, 2026 9:00
    AM (CEST) → 9:40 AM": "October 20, 2026 9:00 AM – 9:40 AM CEST")."""
    zones = _ZONE_ASIDE.findall(value)
    if len(set(zones)) != 1 and not _ARROW.search(value):
        return value
    text = _ZONE_ASIDE.sub("", value) if len(set(zones)) == 1 else value
    parts = _ARROW.split(text)
    if len(parts) == 2:
        first, second = parts
        on = re.fullmatch(rf"(.+?)[ ,T]+({when.clock_span()})", second)
        before = re.fullmatch(rf"(.+?)[ ,T]+({when.clock_span()})", first)
        if on and before and when.parse_date(on.group(1)) == when.parse_date(before.group(1)):
            second = on.group(2)  # (the same day: only its clock)
        text = f"{first} \u2013 {second}"
    return f"{text} {zones[0]}" if len(set(zones)) == 1 else text


@lru_cache(maxsize=4096)
def date_in_words(text: str, years: tuple[int, ...] = ()) -> date | None:
    """A date cell written in words, in any language programs are read in ("samedi 5
    avril 2025", "Samstag, 16. November 2024"): read as a Markdown program's day
    headings are (`mdparts.date_of`), one language at a time, English first; the
    first reading that is a day (its weekday, where it names one, that date's) wins.
    A date in words without its year ("Samstag, 5. April", "5 avril") takes one of
    `years` (the document's, most named first): the one its weekday falls on, or
    the only one; else it is none (`yearless`)."""
    if not re.search(r"[^\W\d_]", text) or not re.search(r"\d", text) or len(text) > 60:
        return None
    for code in written_in():
        if (found := mdparts.date_of(text, (), (code,))) is not None:
            return found
    for code in written_in() if years else ():
        spoken = mdparts.spoken_in(text, (code,))
        if spoken is None or (spoken[0] is None and len(years) > 1):
            continue
        if (found := mdparts.date_of(text, years, (code,))) is not None:
            return found
    return None


def day_named(text: str, years: tuple[int, ...] = ()) -> date | None:
    """The day a title above a table names (a workbook's sheet name or title row, a
    CSV's title row), read as a date cell is (in numbers, or in words in any language:
    `date_in_words`), or as a Markdown day heading is ("Day 1 — Thursday 5 March
    2026"); an aside in parentheses is no part of it ("(times in Europe/Dublin)")."""
    bare = " ".join(_ASIDE.sub(" ", text).split())
    return when.parse_date(bare) or date_in_words(bare, years) or mdparts.date_of(bare, years)


_ASIDE = re.compile(r"\([^()]*\)")


def title_conference(title: str, years: tuple[int, ...] = ()) -> str | None:
    """The conference a table's first title row names (a CSV's line, a workbook's row
    above the header): the first part of it (`mdparts.title_parts`) that says a year
    and names no day, its asides in parentheses left out ("DevFest İstanbul 2026 (tüm
    saatler TRT)": "DevFest İstanbul 2026"; "SecDevCon 2024 — Mon 7 Oct 2024":
    "SecDevCon 2024"); None where no part does ("Day 1 — Thursday 5 March 2026")."""
    bare = " ".join(_ASIDE.sub(" ", title).split())
    return next(
        (
            p.strip()
            for p in mdparts.title_parts(bare)
            if when.YEAR.search(p) and day_named(p, years) is None
        ),
        None,
    )


@lru_cache(maxsize=4096)
def _spoken(text: str) -> mdparts.Spoken | None:
    """A date cell in words as the first language programs are read in that reads
    it does (`mdparts.spoken_in`): its weekday, day, month and year (None where it
    names none)."""
    return next((f for c in written_in() if (f := mdparts.spoken_in(text, (c,))) is not None), None)


def wrong_weekday(text: str) -> int | None:
    """The year a date cell in words writes out where it names a weekday that date
    is not in ("Sat 3 Feb 2026": 3 February 2026 is a Tuesday); None for any other
    cell. Such a cell is no date, as one without its year is (`yearless`)."""
    if not re.search(r"[^\W\d_]", text) or len(text) > 60:
        return None
    spoken = _spoken(" ".join(text.split()))
    if spoken is None or spoken[0] is None or spoken[3] is None:
        return None
    weekday, day, month, year = spoken
    try:
        return year if date(year or 0, month, day).weekday() != weekday else None
    except ValueError:
        return None


def yearless(text: str, years: tuple[int, ...]) -> str | None:
    """Why a date cell in words is no date: it gives no year and the document names
    none, names several and the cell no weekday to tell which, or none its weekday
    falls on; or it gives its year and a weekday that date is not in
    (`wrong_weekday`); None for any other cell."""
    if not re.search(r"[^\W\d_]", text) or len(text) > 60:
        return None
    if (year := wrong_weekday(text)) is not None:
        return f"names a weekday that date is not in {year}"
    spoken = _spoken(" ".join(text.split()))
    if spoken is None or spoken[3] is not None:
        return None
    if not years:
        return "gives no year, and the document names none"
    if spoken[0] is None and len(years) > 1:
        named = ", ".join(str(y) for y in years[:4])
        return f"gives no year, and the document names several ({named}) and no weekday tells which"
    return f"names a weekday that date is not in {' or '.join(str(y) for y in years[:4])}"


# ---- the unit of a column's durations ----------------------------------------------------

_LONGEST_IN_HOURS = 12  # a column of durations in hours holds none longer


def duration_per(
    column: str, values: Sequence[tuple[object, str]], document: str
) -> tuple[timedelta, str | None]:
    """What a bare number of a duration column counts, and what to warn: hours or
    minutes as its header names them ("Dauer (Std.)", "Duration (min)"); else, from
    all its values (as `date_order` decides a column's dates), hours where every
    number is at most 12 and one has a fraction ("0.75", "1,5": no talk lasts a
    fraction of a minute), said in a warning; else minutes (a lightning talk's "3")."""
    unit = duration_unit(column)
    if unit in ("hours", "minutes"):
        return (when.HOUR if unit == "hours" else when.MINUTE), None
    numbers = [(n, v, where) for v, where in values if (n := when.bare_number(v)) is not None]
    if not numbers or any(n > _LONGEST_IN_HOURS for n, _, _ in numbers):
        return when.MINUTE, None
    if not any(n != int(n) for n, _, _ in numbers):  # whole numbers: minutes ("3", "4")
        return when.MINUTE, None
    said = ", ".join(dict.fromkeys(text_of(v).strip() for _, v, _ in numbers[:4]))
    return when.HOUR, (
        f"{document} {numbers[0][2]}: column {column!r} names no unit for its durations "
        f"({said}...), and a fraction of a minute is no talk's length: they are read as hours"
    )


# ---- rows to talks -----------------------------------------------------------------------


# a title struck through ("~~Title~~", "<del>Title</del>", "<s>Title</s>"), maybe with
# a word after it that calls the talk off ("~~Title~~ *cancelled*")
_STRUCK = re.compile(r"^(?:~~(.+?)~~|<(del|s|strike)>(.+?)</\2>)\s*(.*)$", re.IGNORECASE)


def _title(value: object) -> tuple[str, str]:
    """A title cell's title and the word calling its talk off ("" where none does):
    its lines one line ("The CRA and you<br>What the Cyber Resilience Act means":
    joined by a colon, as a title and its subtitle are written); a title struck
    through, alone or with such a word after it, is the talk's title and the talk
    is off ("cancelled" where no word says it)."""
    text = ""
    for line in cell_lines(value):
        text = f"{text}{'' if not text or text[-1] in ':.?!' else ':'} {line}".strip()
    m = _STRUCK.match(text)
    if m:
        struck, rest = (
            inline(m.group(1) or m.group(3)),
            inline(m.group(4)).strip(" *_()[]-\u2013\u2014"),
        )
        if struck and (not rest or cancelled_state(rest)):
            return struck, rest or "cancelled"
    return text, ""


def _format(value: object, column: str | None) -> str | None:
    """A session type as written; an API's tag of its record under "kind"
    ("calendar#event": Google's) is none ("Talk#1" under "type" is one)."""
    text = inline(text_of(value))
    tagged = norm(column or "") == "kind" and re.fullmatch(r"[a-z]+#[a-z]+", text)
    return None if not text or tagged else text


# a numbered day: one word and a number ("Day 1", "Tag 2", "Jour 3")
_DAY_NUMBER = re.compile(r"([^\W\d_]+)\.?\s*(\d{1,2})")
# a day's noun, in the languages programs are written in: a date column's names of one
# word ("Day", "Jour", "Tarehe" and "Siku") and `terms.DAY_NOUNS` ("Tag")
_DAY_WORDS = frozenset(
    {n for n in FIELDS["date"] if "_" not in n} | {w for ws in DAY_NOUNS.values() for w in ws}
)
# a range of days written once with their month ("3–4 June 2026", "June 3-4, 2026"):
# its first day and its last's number
_DAY_RANGE = re.compile(r"(?<![\d:.])(\d{1,2})\.?\s*[-\u2013\u2014]\s*(\d{1,2})(?![\d:])")


def numbered_days(text: str, years: tuple[int, ...] = ()) -> tuple[date | None, int]:
    """The first day a text beside a table names and how many days from it it names
    ("AfricaDevCon 2026 — 3–4 June 2026 (all times EAT)": 3 June 2026, 2 days), read
    in its parts between spaced dashes, an aside in parentheses left out, a range of
    day numbers as its first; (None, 0) where it names no date."""
    bare = " ".join(re.sub(r"\([^()]*\)", " ", text).split())
    for part in re.split(r"\s[-\u2013\u2014|\u00b7]\s", bare):
        span = _DAY_RANGE.search(part)
        single = _DAY_RANGE.sub(lambda m: m.group(1), part, count=1) if span else part
        found = when.parse_date(single) or date_in_words(single.strip(), years)
        if found is not None:
            days = int(span.group(2)) - int(span.group(1)) + 1 if span else 1
            return found, max(days, 1)
    return None, 0


_T = TypeVar("_T")  # (what a reader's `in_order` reads)


class _Reader:
    def __init__(
        self,
        document: str,
        parser: str,
        mapping: dict[str, str] | None,
        default_tz: str,
        conference: str | None,
    ) -> None:
        unknown = sorted(set(mapping or {}) - set(FIELDS))
        if unknown:
            raise InputError(
                document,
                "unknown field(s) in the column mapping: "
                f"{', '.join(unknown)}; known: {', '.join(FIELDS)}",
            )
        self.document, self.parser, self.mapping = document, parser, mapping
        self.fallback = when.zone(default_tz) or UTC
        self.conference = conference or when.document_stem(document)
        self.named = bool(conference)  # by the user: over the document's own name for it
        self.seen: dict[str, int] = {}
        self.warnings: list[str] = []
        self.unread_language: list[tuple[str, str]] = []  # (`stated_language`)
        self.columns: dict[frozenset[str], dict[str, str]] = {}
        self.day_first: dict[str, bool] = {}  # by date column: its order (`date_order`)
        self.per: dict[str, timedelta] = {}  # by duration column: its unit (`duration_per`)
        self.org_after_comma: set[str] = set()  # speaker columns of "Name, Organisation"
        self.own_orgs: set[str] = set()  # speaker columns giving each their own "(Org)"
        self.family_first: set[str] = set()  # speaker columns of "Family, Given"
        # speaker columns that write a name and its organisation on two lines
        self.org_after_break: set[str] = set()
        self.numbered: dict[str, list[str]] = {}  # a field's first numbered column: all
        self.family: dict[str, str] = {}  # a given name's column: the family name's
        self.unpaired: set[str] = set()  # given names' columns warned of (`_whole_names`)
        self.more: dict[str, list[str]] = {}  # a speaker column: the others (`more_columns`)
        # text that states the year beside the cells (a title above the header), and
        # the years the document names, most named first: of dates that give none
        self.stated = conference or ""
        self.years: tuple[int, ...] = ()
        self.era = 0  # the years its era counts past the Common Era's (`when.era_of`)
        # by date column of numbered days ("Day 1", "Day 2"): each cell's date, or None
        # where no text beside the table names the first day (`numbered_days`)
        self.ordinal: dict[str, dict[str, date | None]] = {}
        # a table whose clocks are written the 12-hour way without am or pm
        # (`when.twelve_hour`, `decide_dates`): the days whose rows are read with their
        # afternoon (`when.afternoon`; None: every day, on trial: `talks`), each day's
        # first start and the start before as read, and whether that was said
        self.twelve = False
        # a table that writes am or pm beside some of its clocks, all its others on a
        # 12-hour clock: its written times' earliest and latest (`when.half_span`)
        self.half_span: when.Span | None = None
        self.half_days: set[date] | None = None
        self.clocks: dict[date, tuple[datetime, datetime]] = {}
        self.half_told = False
        # the warning of the first row whose program_day cell is no night of its start
        # (its place in `warnings`) and how many more rows were so (`listed_night`)
        self.unlisted_night: tuple[int, int] | None = None
        # each status value no word known says (`unread_status`): its warning's place
        # in `warnings`, and how many more rows wrote it
        self.unread_states: dict[str, tuple[int, int]] = {}
        self.kinds: dict[tuple[str, bool], str] = {}  # a cell's kind of value (`kind`)
        self.said_ragged: set[str] = set()  # rows realigned (`realigned`), by place
        # realigned rows whose time or date cell the realignment left unread: never
        # given the row above's (`carry_times`, `carry_dates`), by place
        self.uncarried: set[str] = set()
        # the places of rows whose start cell is a clock time alone, dated by the row's
        # date (`tablenight.nights`), and whether a row had a program_day column
        self.clock_only: set[str] = set()
        self.lists_nights = False
        # a CSV talkbase's own export wrote (`exportcsv.own_export`): its cells read
        # back as it wrote them (`row_of`, `speakers`)
        self.own = False
        # a talk of talkbase's own export was read (its CSV, or a record of its JSON
        # lines): said to ingest/detect.py (`registry.OwnExport`, `parse`)
        self.restored = False

    def row_of(self, header: Sequence[str], cells: Iterable[str]) -> dict[str, Any]:
        """A row of a delimited table: {column: cell}, the first of two columns of one
        name kept. Of talkbase's own export (`own`): each cell without the guard the
        export put before a formula's first sign (`present.spreadsheet_text`), and no
        `id`: that is the base's number of the talk, no program's id (its `uid` is)."""
        row: dict[str, Any] = {}
        for name, cell in zip(header, cells, strict=False):
            row.setdefault(name, cell)
        if self.own:
            return {k: spreadsheet_text(v) for k, v in row.items() if k.lstrip("\ufeff") != "id"}
        return row

    def kind(self, cell: str, words: bool = True) -> str:
        """The kind of value a cell holds, for `ragged`: "clock" (a clock time or a
        range of two, `when.clocks`), "date" (a day, `day_of`), "moment" (a day and its
        time) or "text". Without `words` (a column of no times: its names, titles,
        abstracts), a day is looked for only in numbers or a month's name, as
        `when.parse_when` reads it (`date_in_words` is too slow for every cell)."""
        if (cell, words) not in self.kinds:
            said = " ".join(cell.split())
            day = (
                None
                if when.clocks(said) or not (words or re.search(r"\d", said))
                else self.day_of(said, None)
                if words
                else when.parse_when(said, None, self.fallback)[0]
            )
            self.kinds[cell, words] = (
                "clock"
                if day is None and when.clocks(said)
                else "text"
                if day is None
                else "moment"
                if mdparts.HAS_CLOCK.search(said)
                else "date"
            )
        return self.kinds[cell, words]

    def realigned(
        self,
        rows: list[tuple[dict[str, Any], str]],
        header: list[str],
        cols: dict[str, str],
        whole: list[list[str]],
        uneven: dict[str, list[str]],
        broken: frozenset[str] | set[str] = frozenset(),
        delimiter: str = "",
    ) -> list[tuple[dict[str, Any], str]]:
        """A delimited table's rows, those of other than its header's number of cells
        (`uneven`, by place) read as `ragged.realign` does, by the kinds of values its
        rows of the header's length (`whole`) hold in each column; each warned of
        where it is not read by position. A row whose quoting is broken (`broken`, by
        place: a stray quote ran its cells together) and whose cells no reading places
        is skipped, said as a record not read (`registry.Unreadable`)."""
        timed = {cols[f] for f in ("date", "start", "end") if f in cols}

        def kind(cell: str, i: int) -> str:  # (the same reading for a column and its cells)
            return self.kind(cell, header[i] in timed)

        kinds = ragged.column_kinds(header, whole, kind)
        title = header.index(cols["title"])
        out: list[tuple[dict[str, Any], str]] = []
        for row, where in rows:
            if where in uneven:
                read = ragged.realign(
                    uneven[where], header, kinds, kind, title, f"{self.document} {where}", delimiter
                )
                if read.unplaced and where in broken:
                    self.said_ragged.add(where)
                    cells = uneven[where]
                    self.warnings.append(
                        registry.Unreadable(
                            f"{self.document} {where}: {ragged.length(cells, len(header))} "
                            f"cells where the header has {len(header)}, run together by a "
                            "quote in the row (a stray quote?): no reading of it puts them "
                            "under their columns, so the row is skipped "
                            f"({', '.join(repr(c.strip()[:40]) for c in cells[:2])})"
                        )
                    )
                    continue
                if read.warning:
                    row = self.row_of(header, (read.cells.get(i, "") for i in range(len(header))))
                    self.said_ragged.add(where)
                    unread = sorted({header[i] for i in read.blanked} & timed)
                    if unread:
                        self.uncarried.add(where)
                    self.warnings.append(
                        read.warning
                        + (
                            f"; kept without its {' and '.join(map(repr, unread))} "
                            "(none taken from the row above)"
                            if unread
                            else ""
                        )
                    )
            out.append((row, where))
        return out

    def cols_of(self, row: dict[str, Any]) -> dict[str, str]:
        """Which key of a row holds which field, resolved once per set of keys."""
        key = frozenset(row)
        if key not in self.columns:
            cols = resolve(row, self.mapping)
            for header, (english, other) in TWO_WAYS.items():
                col = cols.get(english)
                if col is None or norm(col) != header or other in cols:
                    continue
                if self.day_of(str(row.get(col) or ""), None) is not None:
                    cols[other] = cols.pop(english)  # German "Tag" holding dates: the day
            for fld, numbered_cols in numbered(k for k in row if k not in cols.values()).items():
                if fld == "speakers" and fld in cols:  # beside a "Moderator" or "Host"
                    # column: its people too, after the numbered ones (no company of theirs)
                    numbered_cols = [*numbered_cols, cols.pop(fld)]
                if fld not in cols:  # "Speaker 1", "Speaker 2": the speakers, in order
                    cols[fld] = numbered_cols[0]
                    # (records of other keys add theirs: a JSON record without "Host")
                    known = dict.fromkeys([*self.numbered.get(cols[fld], []), *numbered_cols])
                    self.numbered[cols[fld]] = sorted(known, key=lambda c: column_number(c) is None)
            parts = name_parts(k for k in row if k not in cols.values())
            if "speakers" not in cols and parts:  # "First Name", "Last Name": one person
                cols["speakers"], self.family[parts[0]] = parts
            elif "speakers" in cols and (more := more_columns(row, cols, "speakers")):
                self.more[cols["speakers"]] = more  # (read where the first is empty)
            # a zone said in the header of the times ("Start (CEST)", "Time (UTC+2)"):
            # the table's times are in it (review: read in the default zone, unsaid)
            for fld in ("start", "end", "date"):
                aside = _HEADER_ZONE.search(str(cols.get(fld) or ""))
                if aside and (said := when.zone(aside.group(1).strip())) is not None:
                    self.fallback = said
            self.columns[key] = cols
        return self.columns[key]

    def day_of(self, text: str, tz: tzinfo | None) -> datetime | None:
        """The day a date cell names, at its midnight: in numbers or ISO, or in words
        in any language programs are written in (`date_in_words`)."""
        day, _ = when.parse_when(text, tz, self.fallback)
        words = " ".join(text.split())
        if day is not None and wrong_weekday(words) is not None:
            return None  # ("Sat 3 Feb 2026", a Tuesday: which of the two is meant?)
        if day is None and (spoken := date_in_words(words, self.years)) is not None:
            day = when.localise(datetime.combine(spoken, time()), tz, self.fallback)
        return day

    def decide_dates(self, rows: Sequence[tuple[dict[str, Any], str]]) -> None:
        """The order of each date column's dates, from all its values (`date_order`),
        and the unit of each duration column's numbers (`duration_per`); a column
        that gives durations in a unit this reader does not know is said to be left
        out. Also whether a speaker column writes "Name, Organisation"
        (`comma_affiliation`, said with what tells it) where no column gives the
        affiliations, or "Family, Given" (`family_first`), and the years the document
        names (in its date cells and the text `stated` beside them), for dates in words
        that give none. A column of affiliations beside the speakers' leaves "Name,
        Organisation" to be told by the rows whose affiliation cell is empty ("Bruce
        Momjian, EDB"), where none of the rows it serves separates two people with a
        comma. And whether its start and end cells write their clocks the 12-hour way
        without am or pm (`when.twelve_hour`)."""
        seen: dict[str, DateColumn] = {}
        lengths: dict[str, list[tuple[object, str]]] = {}
        unknown: dict[str, str] = {}
        people: dict[str, list[str]] = {}  # by speaker column: its cells
        # its cells of rows with no affiliation (no column, or an empty cell), and of
        # rows with one
        unaffiliated: dict[str, list[str]] = {}
        affiliated: dict[str, list[str]] = {}
        years: dict[int, int] = {}
        day_cells: dict[str, list[str]] = {}  # by date column: its cells
        clocks: list[tuple[time | None, int]] = []  # of its start and end cells, as read
        written: list[time] = []  # of those cells that write am or pm (`when.half_written`)
        raw: dict[str, list[str]] = {}  # by speaker column: its cells as written
        objects: dict[str, list[object]] = {}  # by speaker key: its person objects
        zones: set[str] = set()  # the zones a timezone column names
        for y in when.YEAR.findall(self.stated):
            years[int(y)] = years.get(int(y), 0) + 1
        for row, where in rows:
            cols = self.cols_of(row)
            for fld in ("date", "start", "end"):
                for y in when.YEAR.findall(text_of(row.get(cols[fld])) if fld in cols else ""):
                    years[int(y)] = years.get(int(y), 0) + 1
            if "speakers" in cols and not self.own:  # (the export's: `speakers`)
                cell = row.get(cols["speakers"])
                if isinstance(cell, str) and cell.strip():
                    raw.setdefault(cols["speakers"], []).append(cell)
                if isinstance(cell, list):  # (person objects: `family_first_objects`)
                    objects.setdefault(cols["speakers"], []).extend(cell)
                if isinstance(cell, str) and "|" not in cell:  # ("|": Mini-Conf's names)
                    people.setdefault(cols["speakers"], []).append(inline(cell))
                    org = text_of(row.get(cols["affiliation"])) if "affiliation" in cols else ""
                    split = affiliated if org.strip() else unaffiliated
                    split.setdefault(cols["speakers"], []).append(inline(cell))
            for fld in ("date", "start", "end"):
                if fld not in cols:
                    continue  # (a record may hold a key "", never a column of dates)
                value = row.get(cols[fld])
                if isinstance(value, str) and value:
                    seen.setdefault(cols[fld], DateColumn()).see(value, where)
                    if fld == "date":
                        day_cells.setdefault(cols[fld], []).append(value)
            if "timezone" in cols and (named := when.zone(text_of(row.get(cols["timezone"])))):
                zones.add(getattr(named, "key", ""))
            if "duration" in cols and text_of(row.get(cols["duration"])).strip():
                lengths.setdefault(cols["duration"], []).append((row[cols["duration"]], where))
            for fld in ("start", "end"):
                cell = text_of(row.get(cols[fld])) if fld in cols else ""
                if when.half_written(cell):
                    written.extend(c for c, _ in _clocks(cell) if c is not None)
                else:
                    clocks.extend(_clocks(cell))
        self.half_span = when.half_span(clocks, written)
        self.twelve = not written and when.twelve_hour(clocks)
        for keys, cols in self.columns.items():  # (each set of keys once)
            for key in sorted(keys) if "duration" not in cols else ():
                if (unit := duration_unit(key)) and unit not in ("hours", "minutes"):
                    unknown.setdefault(key, unit)
        self.years = tuple(sorted(years, key=lambda y: -years[y]))
        # a Thai table's Buddhist-era years ("14/11/2569"), its headers or cells Thai
        self.era = when.era_of(text_of(t) for row, _ in rows for t in (*row, *row.values()))
        for column, cells in day_cells.items():
            self._numbered_days(column, cells)
        for column, cells in raw.items():
            if _names_over_orgs(cells):
                self.org_after_break.add(column)
        for column, persons in objects.items():
            if family_first_objects(persons):  # ("Dubois, Luc" beside "Keller, Anna"
                self.family_first.add(column)  # whose own given and family names tell it)
        for column, cells in people.items():
            if own_affiliations(cells):
                self.own_orgs.add(column)
            if sign := family_first(cells):
                self.family_first.add(column)
                self.warnings.append(
                    f'{self.document}: column {column!r} reads as "Family, Given" ({sign}): '
                    "each speaker is named given name first"
                )
            elif sign := comma_affiliation(
                unaffiliated.get(column, []), affiliated.get(column, [])
            ):
                self.org_after_comma.add(column)
                where = " where no affiliation is given" if column in affiliated else ""
                self.warnings.append(
                    f'{self.document}: column {column!r} reads as "Name, Organisation"{where} '
                    f"({sign}): the part after the comma is taken as the speaker's affiliation"
                )
        for column, values in lengths.items():
            self.per[column], warning = duration_per(column, values, self.document)
            self.warnings.extend([warning] if warning else [])
        for column, unit in unknown.items():
            self.warnings.append(
                f"{self.document}: column {column!r} seems to give each talk's duration, "
                f"in {unit!r}, a unit this reader does not know; left out (name it in "
                "minutes or hours)"
            )
        # headers in a language that writes dates day first, or the rows' zones where
        # they are so written (Swapcard's "Europe/Paris" beside "08/10/2026": CLDR's
        # short date of the zone's country)
        by_language = any(
            said_in_another_language(c, f)
            for cols in self.columns.values()
            for f, c in cols.items()
        )
        by_zones = sorted(zones) if zones and not by_language and all(map(day_first, zones)) else []
        for column, told in seen.items():
            first, warning = date_order(
                column, told, by_language or bool(by_zones), self.document, by_zones
            )
            self.day_first[column] = first
            if warning:
                self.warnings.append(warning)

    def _numbered_days(self, column: str, cells: list[str]) -> None:
        """A date column of numbered days, each cell a day's noun and a number, the
        same noun in every cell and no cell a date ("Day 1", "Day 2"; "Tag 1"), read as
        the days from the first one the text above the table names (`numbered_days`):
        Day 1 its first, Day 2 the next; where it names none, said once, each talk
        then kept without a time, its day's label in its notes."""
        labels = {" ".join(c.split()) for c in cells if c.strip()}
        found = [_DAY_NUMBER.fullmatch(c) for c in labels]
        words = {norm(m.group(1)) for m in found if m}
        if not labels or None in found or len(words) != 1 or not words <= _DAY_WORDS:
            return
        if any(self.day_of(c, None) is not None for c in labels):
            return
        numbers = {c: int(m.group(2)) for c, m in zip(labels, found, strict=True) if m}
        first, days = numbered_days(self.stated, self.years)
        known = first is not None and max(numbers.values()) <= days
        self.ordinal[column] = {
            c: first + timedelta(days=n - 1) if known and first else None
            for c, n in numbers.items()
        }
        shown = ", ".join(repr(c) for c in sorted(labels, key=numbers.__getitem__)[:4])
        if known and first:
            self.warnings.append(
                f"{self.document}: column {column!r} numbers the days ({shown}): day 1 read "
                f"as {first.isoformat()}, the first day the title above the table names"
            )
        else:
            self.warnings.append(
                f"{self.document}: column {column!r} numbers the days ({shown}) and nothing "
                "names their dates (a title row above the header naming the first, or "
                "the days, would): its talks are kept without a time, each day's label in "
                "its notes"
            )

    def day_rows(
        self,
        rows: Sequence[tuple[dict[str, Any], str]],
        cols: dict[str, str],
        first: date | None = None,
    ) -> list[tuple[dict[str, Any], str, date | None]]:
        """A table's rows, each with the day it is on where it gives no date: the one
        the last day row above it names (a row without a title whose one filled cell
        is a date, "THURSDAY, 5 MARCH 2026": a spreadsheet's day heading inside its
        table), else `first` (a day heading or title above the table). The day rows
        are no talks: left out, named in one warning."""
        out: list[tuple[dict[str, Any], str, date | None]] = []
        day, heads = first, []
        for row, where in rows:
            filled = [v for v in row.values() if text_of(v).strip()]
            said = text_of(filled[0]) if len(filled) == 1 else ""
            named = (
                self.day_of(said, None)
                if said and not text_of(row.get(cols.get("title", ""))).strip()
                else None
            )
            if named is not None and named.time() == time():
                day = named.date()
                heads.append((where, said.strip()))
                continue
            out.append((row, where, day))
        if heads:
            shown = ", ".join(f"{w} ({s[:40]!r})" for w, s in heads[:4])
            self.warnings.append(
                f"{self.document}: {len(heads)} row(s) name a day and no talk: {shown}; "
                "each is the date of the talks below it that give none"
            )
        return out

    def talk(
        self,
        row: dict[str, Any],
        where: str,
        cols: dict[str, str] | None = None,
        on_day: date | None = None,
    ) -> Talk | None:
        """The talk of one row; `on_day` is its date where no cell gives one (a
        Markdown table's, from the day heading above it)."""
        cols = self.cols_of(row) if cols is None else cols

        def get(fld: str) -> Any:
            return row.get(cols[fld]) if fld in cols else None

        title, struck = _title(get("title"))
        if not title:
            if any(text_of(v).strip() for v in row.values()):
                untitled = f"{self.document} {where}: a row without a title; skipped"
                # a talk may stand in it (a speaker, an abstract): a re-ingest that loses
                # a talk is then refused (`Unreadable`); a slot (a time, a room) holds none
                talk = any(text_of(get(f)).strip() for f in ("speakers", "abstract"))
                self.warnings.append(registry.Unreadable(untitled) if talk else untitled)
            return None
        # a date-time may be an object ({"date", "time", "tz"}): its text, its zone
        moments = {f: when.moment_text(get(f)) for f in ("date", "start", "end")}
        said = {
            f: m[0]
            if m
            else when.iso_dates(
                moment_cell(text_of(get(f))), self.day_first.get(cols.get(f, ""), False), self.era
            )
            for f, m in moments.items()
        }
        numbered_day = self.ordinal.get(cols.get("date", ""), {})
        label = " ".join(said["date"].split()) if numbered_day else ""
        # "Day 2": the date it stands for; else no date, the label kept in a note and
        # its time's loss said once (`_numbered_days`)
        undated_day = label if label in numbered_day and numbered_day[label] is None else ""
        if label in numbered_day:
            said["date"] = (d := numbered_day[label]) and d.isoformat() or ""
        # a start that is a date alone ("2026-09-11"): the talk's day, at no time
        alone = when.day_alone(said["start"])
        if alone is not None and not undated_day and when.day_alone(said["date"]) in (None, alone):
            said["date"], said["start"] = said["start"], ""
        if on_day is not None and not said["date"].strip() and not undated_day:
            said["date"] = on_day.isoformat()  # the day a heading above the table names
        named = next((m[1] for m in moments.values() if m and m[1]), "")
        tz = when.zone(text_of(get("timezone"))) or when.zone(named)
        day = self.day_of(said["date"], tz)
        on = day.date() if day else None
        # a start or an end under a name that says UTC ("startTimeUtc": `in_utc`): an
        # instant, without an offset too, shown in the talk's zone where one is named
        utc = {f for f in ("start", "end") if in_utc(cols.get(f))}
        if "start" in utc:  # (its offset, where it writes one, kept)
            start, end = when.parse_when(said["start"], None, UTC, on)
            start, end = (m and when.localise(m, tz, UTC) for m in (start, end))
        else:
            start, end = when.parse_when(said["start"], tz, self.fallback, on)
        lost = f"cannot read the date {said['date'][:40]!r} of {title!r}"
        if why := yearless(" ".join(said["date"].split()), self.years):
            lost = f"the date {said['date'][:40]!r} of {title!r} {why}"
        elif calendar := when.hijri_calendar(said["date"]):
            lost = (
                f"the date {said['date'][:40]!r} of {title!r} is of {calendar}, which "
                "talkbase does not read"
            )
        lost = lost if day is None and said["date"].strip() else ""
        timeless = False  # the row's day is read, its time is not (no end then)
        only_day = None  # the day of a talk whose time the row does not give or is unread
        if start is None and not said["start"].strip():
            if day is not None and day.time() != time():
                # a date cell that gives the time too ("2024-05-02T10:00+02:00"), or a
                # range ("October 20, 2026 9:00 AM (CEST) → 9:40 AM": its end too)
                start, end = when.parse_when(said["date"], tz, self.fallback)
                start = start or day
            else:
                only_day = on  # only a date: the talk is on that day, at no time said
            if lost:
                self.warnings.append(f"{self.document} {where}: {lost}; kept without a day")
        elif start is None and undated_day and _undated(said["start"], self.fallback):
            pass  # (a numbered day no text dates: said once, `_numbered_days`)
        elif start is None and _undated(said["start"], self.fallback):
            self.warnings.append(
                f"{self.document} {where}: {lost}, so its start time ({said['start'][:40]!r}) "
                "has no day; kept without a time"
                if lost
                else f"{self.document} {where}: {title!r} gives a start time "
                f"({said['start'][:40]!r}) but no date; kept without a time"
            )
        elif start is None:
            kept = f"kept on its day ({on:%Y-%m-%d}) without a time" if on else "kept without one"
            # ("11:00 IST": a zone of several, none assumed)
            several = when.ambiguous_in(said["start"])
            why = f": it writes {several}, and none of them is assumed" if several else ""
            self.warnings.append(
                f"{self.document} {where}: cannot read the start time "
                f"{said['start'][:40]!r} of {title!r}{why}; {kept}"
                + (f" (and {lost})" if lost else "")
            )
            only_day, timeless = on, True  # the row's date is kept: only its time is unread
        # a start written past 24:00 ("25:30") on the row's day: the next day's
        # clock, in the night of the row's day (its program day)
        night = (
            on
            if start and on and start.date() > on and when.written_past_24(said["start"])
            else None
        )
        if start is not None and _undated(said["start"], self.fallback):
            self.clock_only.add(where)
        self.lists_nights = self.lists_nights or "program_day" in cols
        if night is None and start is not None and "program_day" in cols:
            night = self.listed_night(text_of(get("program_day")), start, tz, where, title)
        if start is not None and not timeless:  # (an end with its own zone is read in it)
            own = UTC if "end" in utc else when.zone(moments["end"][1]) if moments["end"] else None
            # (an end past 24:00 too is on the row's day's clock: "24:00" to "25:00")
            base = night if night and when.written_past_24(said["end"]) else start.date()
            end_at, _ = when.parse_when(said["end"], own or tz, self.fallback, base)
            end_at = when.instant(end_at.astimezone(start.tzinfo)) if end_at and own else end_at
            if _undated(said["end"], self.fallback):  # 22:00 to 02:00: the next day's
                end_at = end_at and when.past_midnight(start, end_at)
            end = end and when.past_midnight(start, end)
            per = self.per.get(cols.get("duration", ""), when.MINUTE)
            length = when.parse_duration(get("duration"), per)
            if of_other_tools(cols.get("end")) and (end is not None or length is not None):
                end_at = None  # ("Ends" of another tool: the row's range or duration first)
            cells = (said["start"], said["end"] if end_at else said["start"])
            start, end = self.afternoon(start, end_at or end, where, title, cells)
            end, problem = when.talk_end(start, end, length)
            if problem:
                self.warnings.append(f"{self.document} {where}: {title!r} {problem}")
            elif end is None and length is None and (cell := inline(text_of(get("duration")))):
                self.warnings.append(
                    f"{self.document} {where}: cannot read the duration {cell[:40]!r} of "
                    f"{title!r}; kept without an end"
                )
        else:
            end = None
        ident = inline(text_of(get("uid")))
        uid, repeated = when.unique_uid(ident, self.seen)
        if repeated:
            self.warnings.append(
                f"{self.document} {where}: the id {ident!r} is used again; kept as {uid!r}"
            )
        status = status_note(get("status")) or struck
        if not status:
            self.unread_status(inline(text_of(get("status"))), where, title)
        keywords = re.split(r"\s*[|;,]\s*", inline(text_of(get("keywords"))))
        notes = [
            (label, value)
            for label, value in (
                ("Subtitle", inline(text_of(get("subtitle")))),
                ("Keywords", ", ".join(k for k in keywords if k)),
                ("URL", inline(text_of(get("url")))),
                ("Status", status),
                ("Day", undated_day),
            )
            if value
        ]
        old = get("notes")  # talkbase's own export: {"Why": ..., "What": ...}
        if isinstance(old, str) and old.startswith("{"):
            with contextlib.suppress(ValueError, RecursionError):
                old = json.loads(old)
        if isinstance(old, dict):
            notes = [(str(k), plain(v)) for k, v in old.items() if plain(v)] + notes
        track = inline(text_of(get("track"))) or None
        # "Session 1|Session 3" (paper lists): the first is the track, all are kept
        parts = [p for p in (inline(x) for x in re.split(r"\s*\|\s*", text_of(get("track")))) if p]
        track = parts[0] if len(parts) > 1 else track
        sessions = (parts if len(parts) > 1 else []) + [  # a session column besides the track
            inline(text_of(v))
            for k, v in row.items()
            if norm(k) in ("session", "sessions") and k not in cols.values()
        ]
        sessions = list(dict.fromkeys(x for x in sessions if x))
        if sessions:
            notes.append(("Sessions", ", ".join(sessions)))
        on_day = start.date() if start else only_day
        section = track or (on_day.isoformat() if on_day else None)
        url = get("url")
        if self.own and "links" not in cols and isinstance(old, dict):
            url = old.get("URL")  # (an earlier export, with no links column: its page)
        links, refused = link_pairs(_links(url, get("links")))
        if refused:
            self.warnings.append(
                f"{self.document} {where}: {refused} link(s) of {title!r} not a web address "
                "(http/https); left out"
            )
        # talkbase's own export (its CSV, a record of its JSON lines) carries what a talk
        # of the base holds besides: its conflicts, its track's description, its venue
        mine = self.own or own_record(row)
        self.restored = self.restored or mine
        return Talk(
            title=title,
            speakers=self.speakers(row, cols),
            start=start,
            end=end,
            room=inline(text_of(get("room"))) or None,
            track=track,
            track_description=(mine and inline(text_of(row.get("track_description")))) or None,
            format=_format(get("format"), cols.get("format")),
            abstract=plain(text_of(get("abstract"))),
            notes=tuple(notes),
            # (the digest's "from abstract only" mark, as talkbase's own exports say it)
            abstract_only=mine and row.get("abstract_only") in ("True", True),
            conference=inline(text_of(get("conference"))) or self.conference,
            sources=(Source(self.document, self.parser, where, section),),
            conflicts=conflicts_of(row.get("conflicts")) if mine else (),
            uid=uid,
            program_day=night if start else only_day,
            language=stated_language(inline(text_of(get("language"))), where, self.unread_language),
            links=links,
            venue=(mine and inline(text_of(row.get("venue")))) or None,
        )

    def unread_status(self, said: str, where: str, title: str) -> None:
        """Warns of a status cell that says neither that the talk is off nor that it
        takes place in words talkbase knows (`terms.taking_place_state`: "confirmed",
        "Bestätigt"; "postponed", a word of a language it never saw) is warned of,
        once a value, with the count of the other rows like it: the talk is kept as
        taking place, which it may not."""
        if not said or status_note(said) or taking_place_state(said):
            return
        key = " ".join(fold(said).split())
        first, more = self.unread_states.get(key, (len(self.warnings), -1))
        if more < 0 and postponed_state(said):
            self.warnings.append(
                f"{self.document} {where}: the status {said[:40]!r} of {title!r} puts it off to "
                "a time not given yet: kept at the time the program gives, which may not hold"
            )
        elif more < 0:
            self.warnings.append(
                f"{self.document} {where}: the status {said[:40]!r} of {title!r} is no word "
                "talkbase knows for a talk called off or taking place; kept as taking place"
            )
        else:
            self.warnings[first] = self.warnings[first].split(" (and ", 1)[0] + (
                f" (and {more + 1} more row{'s' if more else ''} like it)"
            )
        self.unread_states[key] = (first, more + 1)

    def listed_night(
        self, cell: str, start: datetime, tz: tzinfo | None, where: str, title: str
    ) -> date | None:
        """The day of the program a row's `program_day` cell names (talkbase's own
        export writes one) for a talk after midnight listed under the day before, by
        frab's rule (`frab.program_day`); None where it is the start's own date or
        empty or no date. A date that cannot be the talk's night is said and left out."""
        said = inline(cell)
        listed = self.day_of(said, tz) if said else None
        night = frab.program_day(start, listed.date(), None) if listed else None
        if listed is not None and night is None and listed.date() != start.date():
            # said once per document, with the count of the other rows like it (a
            # foreign table's "program_day" column may hold other days on every row)
            first, more = self.unlisted_night or (len(self.warnings), 0)
            said_first = (
                f"{self.document} {where}: the program day {said[:40]!r} of {title!r} is not "
                f"the day before its start ({start:%Y-%m-%d %H:%M}) in the night; left out"
            )
            if first == len(self.warnings):
                self.warnings.append(said_first)
            else:
                more += 1
                self.warnings[first] = (
                    self.warnings[first].split(" (and ", 1)[0]
                    + f" (and {more} more row{'s' if more > 1 else ''} like it)"
                )
            self.unlisted_night = (first, more)
        return night

    def afternoon(
        self,
        start: datetime,
        end: datetime | None,
        where: str,
        title: str,
        cells: tuple[str, str] = ("", ""),
    ) -> tuple[datetime, datetime | None]:
        """A row's start and end, read with the afternoon of a 12-hour clock
        (`when.afternoon`: "1:00" after "11:00") on a day of `half_days`, against the
        day's first start and the start of the row before it; in a table that writes
        am or pm beside some clocks (`half_span`), those of its `cells` (the start's,
        the end's) that write a clock alone without it placed (`when.half_placed`);
        said once."""
        if self.half_span is not None:
            bare = tuple(_undated(c, self.fallback) and not when.half_written(c) for c in cells)
            placed = self.half_days is None or start.date() in self.half_days
            span = self.half_span if placed else None  # (else as written: `talks`)
            read = when.half_placed(start, end, (bare[0], bare[1]), span)
            if read != (start, end) and not self.half_told:
                self.half_told = True
                self.warnings.append(
                    when.half_placed_said(f"{self.document} {where}", title, read[0], read[1])
                )
            return read
        day = start.date()
        if not self.twelve or (self.half_days is not None and day not in self.half_days):
            return start, end
        first, previous = self.clocks.get(day, (start, start))
        read = when.afternoon(start, end, first, previous) if day in self.clocks else (start, end)
        self.clocks[day] = (first, read[0])
        if read != (start, end) and not self.half_told:
            self.half_told = True
            self.warnings.append(
                when.afternoon_said(f"{self.document} {where}", title, read[0], read[1])
            )
        return read

    def said(self) -> list[str]:
        """The table's warnings, with the one of its unread language values."""
        return [*self.warnings, *unread_languages(self.document, self.unread_language)]

    def talks(
        self, dated: Sequence[tuple[dict[str, Any], str, date | None]], cols: dict[str, str] | None
    ) -> list[Talk]:
        """The talks of a table's rows (each with its place and the day it is on where
        it gives none), in order, its clocks read as `in_order` says."""

        def read() -> list[Talk]:
            talks = [t for row, where, on in dated if (t := self.talk(row, where, cols, on))]
            if self.lists_nights:  # (the table's own program days: as it says)
                return talks
            talks, said = tablenight.nights(talks, self.clock_only, self.document)
            self.warnings.extend(said)
            return talks

        return self.in_order(read, lambda t: t)

    def in_order(self, read: Callable[[], list[_T]], talk: Callable[[_T], Talk | None]) -> list[_T]:
        """What `read` reads (`talk`: the talk of each thing it returns), read so that
        each day's rows run in time order where a reading of its clocks gives that: a
        table written the 12-hour way (`twelve`) is read first on trial with every
        day's afternoon, the days whose rows stay in time order so (not a table sorted
        by room, whose second room starts earlier) read with it (`afternoon`), the
        others as written; a table that writes am or pm beside some clocks
        (`half_span`) places its bare ones on every day but one whose rows run in
        order only as written ("9:05", "10:00", "11:00" before "7:30 PM": a 24-hour
        morning, no evening's)."""

        def ordered(days: set[date] | None) -> dict[date, bool]:
            warnings, seen = list(self.warnings), dict(self.seen)
            self.half_days = days
            by_day: dict[date, list[datetime]] = {}
            for t in map(talk, read()):
                if t is not None and t.start is not None:
                    by_day.setdefault(t.start.date(), []).append(t.start)
            self.warnings, self.seen, self.clocks, self.half_told = warnings, seen, {}, False
            return {d: s == sorted(s) for d, s in by_day.items()}

        if self.half_span is not None:
            placed, written = ordered(None), ordered(set())
            self.half_days = {d for d, yes in placed.items() if yes or not written.get(d)}
        elif self.twelve:
            self.half_days = {d for d, yes in ordered(None).items() if yes}
        return read()

    def speakers(self, row: dict[str, Any], cols: dict[str, str]) -> tuple[Speaker, ...]:
        """A row's speakers: of its speaker column (else of the next column naming the
        speakers, `more`: Whova's "Authors" where "Speakers" is empty), of its given and
        family names' columns (`family`: "First Name", "Last Name"), or of its numbered
        ones in order ("Speaker 1", "Speaker 2"), each with the affiliation of the same
        number ("Company 1", "Speaker 1 Company") where numbered columns give them."""
        column = cols.get("speakers", "")
        if self.own:  # (as the export joined them: `exportcsv.speakers_cell`)
            return cell_speakers(inline(text_of(row.get(column))))
        if column in self.family:
            whole = _whole_names(row.get(column), row.get(self.family[column]))
            if whole is None and column not in self.unpaired:
                self.unpaired.add(column)
                self.warnings.append(
                    f"{self.document}: the columns {column!r} and {self.family[column]!r} "
                    "list different numbers of names in a row: its speakers are not read"
                )
            return speakers_of(whole or "", row.get(cols.get("affiliation", "")))
        if column not in self.numbered:
            said: tuple[Speaker, ...] = ()
            for one in (column, *self.more.get(column, ())):
                read = speakers_of(
                    row.get(one),
                    row.get(cols.get("affiliation", "")),
                    one in self.org_after_comma,
                    one in self.family_first,
                    one in self.org_after_break,
                    one in self.own_orgs,
                )
                if one != column:  # an authors' column: people's names only ("Various authors")
                    read = tuple(s for s in read if name_shaped(s.name))
                said = said or read
            return said
        orgs = self.numbered.get(cols.get("affiliation", ""), [])
        by_number = {column_number(c): c for c in orgs}
        found: list[Speaker] = []
        for c in self.numbered[column]:
            org = (
                row.get(by_number.get(column_number(c), ""))
                if by_number
                else row.get(cols.get("affiliation", ""))
            )
            found.extend(speakers_of(row.get(c), org if text_of(row.get(c)).strip() else None))
        once = {fold(s.name): s for s in reversed(found)}  # (named twice: the first, once)
        return tuple(s for s in found if once.pop(fold(s.name), None) is s)


_SOME_DAY = date(2000, 1, 3)  # (a day to read a cell's clocks on)
_PARTS_SEP = re.compile(r"\s*[;|\n,]\s*")


def _whole_names(given: object, family: object) -> str | None:
    """The speakers' names of a given name's and a family name's cells ("Sofia",
    "Marques": "Sofia Marques"); cells listing as many of each ("Ana; Bo", "Lima;
    Chen", or with commas) name as many people, in order; None where they list
    different numbers (which name goes with which cannot be known)."""
    firsts, lasts = (
        _PARTS_SEP.split(text_of(given).strip()),
        _PARTS_SEP.split(text_of(family).strip()),
    )
    if len(firsts) != len(lasts):
        return None
    return "; ".join(" ".join(f"{a} {b}".split()) for a, b in zip(firsts, lasts, strict=True))


def _clocks(cell: str) -> list[tuple[time | None, int]]:
    """The clock times of a start or end cell, a range's two, as `when.twelve_hour`
    reads them (the clock, the days past the cell's day: a date of its own is none's);
    none of a cell that shows no clock (a day written in the time column)."""
    start, end = when.parse_when(cell, UTC, UTC, _SOME_DAY)
    if not mdparts.HAS_CLOCK.search(cell):
        return []
    return [
        (m.time(), (m.date() - _SOME_DAY).days)
        for m in (start, end)
        if m is not None and (m is start or end != start)
    ]


def _names_over_orgs(cells: list[str]) -> bool:
    """Whether a speaker column writes a person's organisation on a line under their
    name: its cells of two lines are each a name over no person's name, or each
    hold no separator of people while its one-line cells separate people with one
    ("Dawn Foster (CHAOSS), Brian Proffitt" beside "Ruth Suehle<br>Apache Software
    Foundation": a line break is no separator of people there)."""
    broken = [cell_lines(c) for c in cells if _BREAK.search(c)]
    if not broken or any(len(b) != 2 or _PEOPLE_SEP.search(" ".join(b)) for b in broken):
        return False
    if not all(name_shaped(b[1]) for b in broken):
        return True
    return any(_PEOPLE_SEP.search(c) for c in cells if not _BREAK.search(c))


_HEADER_ZONE = re.compile(r"\(([^()]{1,40})\)\s*$")  # a header's aside at its end


def _undated(value: str, fallback: tzinfo) -> bool:
    """Whether a cell is a clock time (or a range) that gives no date of its own, so
    that it reads only with a date from elsewhere (a date column, a day heading)."""
    if when.parse_when(value, None, fallback)[0] is not None:
        return False
    return when.parse_when(value, None, fallback, date(2000, 1, 1))[0] is not None


def carry_times(
    rows: list[tuple[dict[str, Any], str]],
    cols: dict[str, str],
    uncarried: set[str] | frozenset[str] = frozenset(),
) -> tuple[list[tuple[dict[str, Any], str]], list[str], list[str]]:
    """The rows of a spreadsheet that merges the time cells of parallel sessions
    (Google Sheets writes a merged cell's value in its first row only, the rows below
    it blank), each blank one with the start and end of its time slot: a talk's row
    (it has a title) whose start, end and date cells are blank, whose room is named
    and is none of its slot's yet (a session beside the one above, not after it).
    Also the places of the rows so filled, and of the talks' rows left with neither
    a start nor a date where other rows give starts (to be warned of). The rows at
    `uncarried` places are not filled."""
    start, end, room = cols.get("start"), cols.get("end"), cols.get("room")
    title, day = cols.get("title"), cols.get("date")
    if start is None or title is None:
        return rows, [], []

    def cell(row: dict[str, Any], column: str | None) -> str:
        return text_of(row.get(column)).strip() if column is not None else ""

    out: list[tuple[dict[str, Any], str]] = []
    filled: list[str] = []
    untimed: list[str] = []
    slot: dict[str, Any] | None = None  # the row that starts the time slot
    rooms: set[str] = set()  # the rooms of its sessions
    for row, where in rows:
        here = cell(row, room)
        if cell(row, start):
            slot, rooms = row, {here}
        elif cell(row, title) and not cell(row, end) and not cell(row, day):
            if slot is not None and here and here not in rooms and where not in uncarried:
                row = {**row, start: slot[start], **({end: slot.get(end)} if end else {})}
                rooms.add(here)
                filled.append(where)
            else:
                slot = None
                untimed.append(where)
        else:
            slot = None
        out.append((row, where))
    if not any(cell(r, start) for r, _ in rows):
        untimed = []  # (a table of talks without times)
    return out, filled, untimed


def carry_dates(
    rows: list[tuple[dict[str, Any], str]],
    cols: dict[str, str],
    uncarried: set[str] | frozenset[str] = frozenset(),
) -> list[tuple[dict[str, Any], str]]:
    """The rows of a spreadsheet that writes a day's date only on its first row, the
    rows below left blank (Google Sheets programs), with that date carried down: to
    each row whose date cell is blank and whose start cell is not, until the next
    date (not to the rows at `uncarried` places). Only the date column is filled; a
    table without a date column, or a start column, is as it was."""
    column, start = cols.get("date"), cols.get("start")
    if column is None or start is None or column == start:
        return rows
    out: list[tuple[dict[str, Any], str]] = []
    last = ""
    for row, where in rows:
        own = text_of(row.get(column)).strip()
        if own:
            last = own
        elif last and text_of(row.get(start)).strip() and where not in uncarried:
            row = {**row, column: last}
        out.append((row, where))
    return out


def _links(url: object, listed: object) -> list[tuple[object, object]]:
    """(label, address) pairs of a url column and a links column: talkbase's own
    export ([{"label", "url"}]), frab's ([{"title", "url"}]), a list of addresses,
    or addresses in one cell separated by "|" or whitespace."""
    found: list[tuple[object, object]] = [("Program page", text_of(url).strip() or None)]
    if isinstance(listed, str):
        with contextlib.suppress(ValueError, RecursionError):
            listed = json.loads(listed) if listed.lstrip().startswith("[") else listed
    if isinstance(listed, str):
        return found + [("Link", u) for u in re.split(r"[|\s]+", listed) if u]
    for item in listed if isinstance(listed, list) else []:
        if isinstance(item, dict):
            address = item.get("url") or item.get("href")
            found.append((text_of(item.get("label") or item.get("title")), address))
        elif isinstance(item, str):
            found.append(("Link", item))
    return found


PREAMBLE = 5  # the lines of title a table's header row may sit under


def _cells(line: str, delimiter: str | None) -> tuple[str, list[str]]:
    """The delimiter of a line (as given, else the most used of "," ";" and tab) and
    its cells."""
    if delimiter is None:
        delimiter = max((",", ";", "\t"), key=line.count)
    try:
        cells = next(csv.reader([line], delimiter=delimiter), [])
    except csv.Error:
        cells = []
    return delimiter, [c.strip() for c in cells]


_LONGEST_NAME = 60  # the most characters of a column's name in a header row


def _named(line: str, delimiter: str | None, mapping: dict[str, str] | None) -> list[str]:
    """The fields a header line names (`columns.resolve`): by its short cells only
    (a header names its columns in a few words; a long cell is a row's data)."""
    cells = [c for c in _cells(line, delimiter)[1] if c and len(c) <= _LONGEST_NAME]
    return [f for f, c in resolve(cells, mapping).items() if c in cells]


def group_row(
    above: str, line: str, delimiter: str | None, mapping: dict[str, str] | None = None
) -> bool:
    """Whether `above` is a row of group headings over the header row `line`
    ("Session", "", "", "Schedule", "" over "Title", "Track", "Abstract", "Date",
    "Start"): it has two cells or more, fewer than `line` (a heading spans
    columns), and names a field, fewer than `line`, which names the title and two
    more. A row of data above a header names no field; a header above a row of
    data names more fields than the row does."""
    cells = [c for c in _cells(above, delimiter)[1] if c]
    if len(cells) < 2 or len(cells) >= len([c for c in _cells(line, delimiter)[1] if c]):
        return False
    below = _named(line, delimiter, mapping)
    if "title" not in below or len(below) < 3:
        return False
    return 0 < len(_named(above, delimiter, mapping)) < len(below)


def under_groups(
    header: list[str], groups: list[str], mapping: dict[str, str] | None = None
) -> list[str]:
    """A header row under a row of group headings (`group_row`), each column that
    names no field on its own named with the heading of its group in front where
    that names one no other column does ("Name" under "Speaker": "Speaker Name",
    the speakers; "Company" under it: "Speaker Company", the affiliation). A group
    heading stands over its column and the ones right of it with no heading of
    their own. Columns the mapping names stay as written."""
    cols = resolve([h for h in header if h], mapping)
    taken = set(cols.values()) | set((mapping or {}).values())
    out = list(header)
    group = ""
    for i, name in enumerate(header):
        group = (groups[i].strip() if i < len(groups) else "") or group
        if not name or name in taken or not group or norm(group) == norm(name):
            continue
        joined = f"{group} {name}"
        fld = next(iter(resolve([joined])), None)
        if fld is not None and fld not in cols and joined not in header:
            out[i] = joined
            cols[fld] = joined
    return out


def header_row(
    lines: Sequence[str], delimiter: str | None, mapping: dict[str, str] | None = None
) -> int | None:
    """Which of a table's first non-blank `lines` is its header row: the first when
    it names two known columns, unless it is a row of group headings over the header
    (`group_row`: the next then); else the first of the next `PREAMBLE` naming the
    title and another column, under lines of one or two cells each (a title row,
    "DevOpsDays Amsterdam 2024 – Programma", a version or a date); None when none is.
    A line holding every column `mapping` names is the header row too, whatever
    else it names (`--map title=Pealkiri` over "Pealkiri,Kuupäev,Algus")."""
    head = lines[: PREAMBLE + 1]
    for i, line in enumerate(head):
        if i + 1 < len(head) and group_row(line, head[i + 1], delimiter, mapping):
            return i + 1
        cells = [c for c in _cells(line, delimiter)[1] if c]
        if mapping and set(mapping.values()) <= {c.lstrip("\ufeff") for c in cells}:
            return i
        cols = resolve(cells, mapping)
        named = [f for f, c in cols.items() if c in cells]
        if len(named) >= 2 and (i == 0 or "title" in named):
            return i
        if len(cells) > 2:  # a row of a table, not a title above one
            return None
    return None


def header_again(cells: Sequence[str], header: Sequence[str]) -> bool:
    """Whether a row below a table's header repeats it as written, and so is no talk
    (a spreadsheet writes it again under each day heading): two cells or more filled,
    each cell the header's above it once case and spaces are folded (`columns.norm`),
    blank where the header is, trailing blank cells aside. A row that writes any other
    word ("Keynote,Speaker,Room" under "Title,Speaker,Room": a talk whose speaker and
    room are still to come) or leaves a named column blank is a row of data."""
    said = [norm(c) for c in cells]
    above = [norm(h) for h in header]
    for row in (said, above):
        while row and not row[-1]:
            row.pop()
    return sum(bool(c) for c in said) >= 2 and said == above


def repeats_said(document: str, places: Sequence[str]) -> list[str]:
    """The warning of the rows that repeat a table's header (`header_again`), at their
    places ("line 7"; a workbook's "sheet 'Day 1' row 7"); none where there are none."""
    if not places:
        return []
    lined = all(p.startswith("line ") for p in places)
    where = _lines(list(places)) if lined else ", ".join(places[:10])
    return [f"{document} {where}: the header row again, not a talk; skipped"]


# the most a C long holds everywhere (a field limit past it is an OverflowError)
_LONGEST_FIELD = 2**31 - 1


def wide_fields() -> None:
    """Let the csv module read a cell as long as a program file may be (the file's
    size: TALKBASE_MAX_FILE_MB), so that one long abstract is cut with a warning, as
    every format's is (`limits.limit_fields`), not the whole table refused at the
    module's own limit (131,072 characters). The limit is the process's: only raised."""
    wanted = min(settings.max_file_bytes(), _LONGEST_FIELD)
    if csv.field_size_limit() < wanted:
        csv.field_size_limit(wanted)


def _delimited(lines: Iterable[str], reader: _Reader, delimiter: str | None) -> list[Talk]:
    wide_fields()
    it = iter(lines)
    read: list[str] = []  # the lines read to find the header row
    head: list[tuple[int, int]] = []  # the non-blank ones: (index in read, line number)
    for raw in it:
        read.append(raw)
        if not raw.strip():
            continue
        if not head and (m := re.match(r"^\s*sep=(.)\s*$", raw)):
            delimiter = m.group(1)
            continue
        head.append((len(read) - 1, len(read)))
        if len(head) > PREAMBLE:
            break
    if not head:
        raise InputError(reader.document, "the table is empty", "line 1")
    found = header_row([read[i] for i, _ in head], delimiter, reader.mapping) or 0
    at, header_line = head[found]
    delimiter = _cells(read[at], delimiter)[0]
    groups: list[str] = []  # a row of group headings right above the header row
    if found and group_row(read[head[found - 1][0]], read[at], delimiter, reader.mapping):
        groups = [c.lstrip("\ufeff") for c in _cells(read[head[found - 1][0]], delimiter)[1]]
        named = ", ".join(repr(c) for c in groups if c)
        reader.warnings.append(
            f"{reader.document} line {head[found - 1][1]}: a row of group headings "
            f"({named[:160]}) above the header row (line {header_line}), which names the "
            "columns: it is not the header, nor a talk"
        )
    titled_day: date | None = None  # the day a title row above the header names
    if found - bool(groups):
        titled = head[: found - bool(groups)]
        above = " / ".join(
            " ".join(c for c in _cells(read[i], delimiter)[1] if c) for i, _ in titled
        )
        top, bottom = titled[0][1], (head[found - 1][1] if groups else header_line) - 1
        place = f"lines {top}-{bottom}" if bottom > top else f"line {top}"
        reader.stated += f" {above}"
        title_row = " ".join(c for c in _cells(read[titled[0][0]], delimiter)[1] if c)
        if not reader.named and (conference := title_conference(title_row)):
            reader.conference = conference  # ("DevFest İstanbul 2026 (tüm saatler TRT)")
        # ("DevConf 2026 (all times EAT)": the zone a title states, as a workbook's)
        if stated := mdparts.stated_zone([above]):
            if str(stated) != str(reader.fallback):  # (said: a title's words moved them)
                reader.warnings.append(
                    f"{reader.document} {place}: the title above the header row states the "
                    f"zone {stated}: the times of its rows are read in it, not in "
                    f"{reader.fallback}: {above[:120]!r}"
                )
            reader.fallback = stated
        elif several := mdparts.ambiguous_zone([above]):  # ("All times IST")
            reader.warnings.append(registry.ZoneUnknown(several))
        # ("Day 1 — Thursday 5 March 2026": the day of rows that give none, as a
        # workbook's title rows name it; not a span of days, "3–4 June 2026")
        years = tuple(dict.fromkeys(int(y) for y in when.YEAR.findall(above)))
        if numbered_days(above, years)[1] == 1:
            titled_day = day_named(above, years) or numbered_days(above, years)[0]
        on = f"; rows that give no date are on {titled_day.isoformat()}" if titled_day else ""
        reader.warnings.append(
            f"{reader.document} {place}: not the table but a title above its header row "
            f"(line {header_line}), skipped: {above[:160]!r}{on}"
        )
    record: list[str] = []  # the raw lines of the row being read
    source = itertools.chain(read[at:], it)
    again: list[str] = []  # lines to read again (a stray quote's), the next one last
    reread = 0  # how many lines were read again: the csv reader counts them twice

    def kept() -> Iterator[str]:
        while (raw := _next_line(again, source)) is not None:
            record.append(raw)
            yield raw

    rows = csv.reader(kept(), delimiter=delimiter)
    found_rows: list[tuple[dict[str, Any], str]] = []
    repeated: list[str] = []  # the places of the header row said again below it
    broken: set[str] = set()  # the places of rows whose quoting is broken (a stray quote)
    cut_short = ""
    try:
        header = [h.strip() for h in next(rows)]
        record.clear()  # (the header's lines are no row's: a first row's own are its)
        header = under_groups(header, groups, reader.mapping) if groups else header
        reader.own = reader.parser == "csv" and delimiter == "," and own_export(header)
        cols = resolve(header, reader.mapping)
        if "title" not in cols:
            raise InputError(
                reader.document,
                "no title column (looked for: "
                + ", ".join(FIELDS["title"])
                + "); header: "
                + ", ".join(header)[:200]
                + ". Name the column with a mapping.",
                f"line {header_line}",
            )
        missing = [c for c in (reader.mapping or {}).values() if c not in header]
        if missing:
            raise InputError(
                reader.document,
                f"the mapping names column(s) missing from the header: {', '.join(missing)}",
                f"line {header_line}",
            )
        done = rows.line_num
        longer: list[str] = []  # rows with more filled cells than the header has columns
        whole: list[list[str]] = []  # the cells of rows of the header's length
        uneven: dict[str, list[str]] = {}  # by place, the cells of rows of other lengths
        last: list[str] = []
        last_where, last_found = "", False
        # the fewest fields of a row so far, the header's (to its last named column)
        # the first: a last row shorter than all of them, with no end of line, is cut
        fewest, last_fields = len(header), 0
        while fewest and not header[fewest - 1]:
            fewest -= 1

        def take(cells: list[str], where: str) -> None:
            found_rows.append((reader.row_of(header, cells), where))
            if any(c.strip() for c in cells[len(header) :]):
                longer.append(where)
            if ragged.length(cells, len(header)) == len(header):
                whole.append(cells)
            else:
                uneven[where] = cells

        for cells in rows:
            if last_found:  # (the row before this one)
                fewest = min(fewest, last_fields)
            first = header_line + done - reread
            last, last_where = record[:], f"line {first}"
            record.clear()
            done = rows.line_num
            last_found, last_fields = any(c.strip() for c in cells), len(cells)
            if last_found and header_again(cells, header):
                repeated.append(last_where)  # (no talk: the header row again)
                last_found = False
                continue
            if last_found and _swallowed(last, delimiter, fewest, source, again):
                # (no row: the lines after its first are read again as rows, quotes kept,
                # a quoted cell of several lines in them one cell)
                last_found = False
                again.extend(reversed(last[1:]))
                reread += len(last) - 1
                reader.warnings.append(
                    registry.Unreadable(
                        _mangled_said(reader.document, last, cells, len(header), first)
                    )
                )
                continue
            if last_found:
                if _broken_quoting(last, delimiter):
                    broken.add(last_where)  # (skipped where no reading places its cells)
                timed = [header.index(cols[f]) for f in ("date", "start") if f in cols]
                if other := _other_delimiter(cells, delimiter, len(header), timed, reader.kind):
                    cells = other[1]  # (a row pasted from a table of another separator)
                    reader.warnings.append(
                        f"{reader.document} {last_where}: its cells are separated by "
                        f"{other[0]!r}, not the header's {delimiter!r}: read so"
                    )
                take(cells, last_where)
        if last and _unclosed_quote(last, delimiter):
            if last_found:
                found_rows.pop()
            after = _whole_rows(last[1:], delimiter, fewest)
            at = int(last_where.removeprefix("line "))
            if after is not None:
                # a stray quote, not a cut: the lines after its row are whole rows
                reader.warnings.append(
                    registry.Unreadable(
                        f"{reader.document} {last_where}: a quote opened in this row is never "
                        "closed, but the lines after it are whole rows: this row is dropped "
                        f"({last[0].strip()[:60]!r}), "
                        + (
                            "the row after it is read"
                            if len(after) == 1
                            else f"the {len(after)} rows after it are read"
                        )
                    )
                )
                for k, cells in enumerate(after, start=1):
                    if any(c.strip() for c in cells):
                        found_rows.append((reader.row_of(header, cells), f"line {at + k}"))
            else:
                spans = f" (it runs over {len(last)} lines to the end)" if len(last) > 1 else ""
                cut_short = registry.CutShort(
                    f"{reader.document} {last_where}: a quoted field opened in this row is "
                    f"never closed{spans}; the file looks cut short, so the row is dropped"
                )
        elif last_found and last_fields < fewest and not last[-1].endswith(("\n", "\r")):
            found_rows.pop()
            cut_short = registry.CutShort(
                f"{reader.document} {last_where}: the last row stops after {last_fields} of "
                f"the header's {len(header)} columns, with no end of line; the file looks cut "
                "short, so the row is dropped"
            )
    except csv.Error as exc:
        raise InputError(
            reader.document,
            f"malformed {reader.parser.upper()} ({exc})",
            f"line {header_line + rows.line_num - 1}",
        ) from exc
    reader.warnings.extend(repeats_said(reader.document, repeated))
    if uneven:  # (`ragged`: rows of a cell missing or too many, realigned)
        found_rows = reader.realigned(found_rows, header, cols, whole, uneven, broken, delimiter)
        longer = [w for w in longer if w not in reader.said_ragged]
    if longer:
        # (one cell too many: a title's delimiter left unquoted may have cut it there)
        title = header.index(cols["title"]) if "title" in cols and delimiter != "\t" else None
        one_more = [
            (w, cells[title])
            for w in longer
            if title is not None
            and (cells := uneven.get(w, []))
            and ragged.length(cells, len(header)) == len(header) + 1
            and title + 1 < len(header)
        ]
        cut = (
            f"; if a {delimiter!r} inside a title was left unquoted, the title was cut "
            f"there: {one_more[0][0]} is read with the title {one_more[0][1].strip()[:80]!r}"
            if one_more
            else ""
        )
        reader.warnings.append(
            f"{reader.document} {_lines(longer)}: more cells than the header's {len(header)} "
            "columns: the cells past them are not read, and a cell missing before them "
            f"would put this row's other cells under the wrong columns; check the row{cut}"
        )
    if found_rows:  # as the rows read them (`cols_of`: a German "Tag" holding dates)
        cols = reader.cols_of(found_rows[0][0])
    found_rows, below = footer(found_rows, reader.document)
    reader.warnings.extend(below)
    found_rows, carried = _carried(
        found_rows, cols, reader.document, titled_day is not None, reader.uncarried
    )
    reader.decide_dates(found_rows)
    talks = reader.talks(reader.day_rows(found_rows, cols, titled_day), cols)
    reader.warnings.extend(carried)
    reader.warnings.extend([cut_short] if cut_short else [])
    return talks


def _footer_row(row: dict[str, Any]) -> bool:
    """Only the first cell filled, with a digit or a colon in it ("Total: 3 sessions")."""
    first, *rest = list(row.values()) or [""]
    said = text_of(first).strip()
    return all(not text_of(v).strip() for v in rest) and bool(re.search(r"[\d:]", said))


def footer(
    rows: list[tuple[dict[str, Any], str]], document: str
) -> tuple[list[tuple[dict[str, Any], str]], list[str]]:
    """The rows of a table less its footer, and what to warn of that: its last rows
    that fill only their first cell ("Total: 3 sessions", "Generated by ... on
    2026-03-01") below talk rows that each fill a column these leave blank (every
    talk above has its time, or its speaker: these are no talks of that table), and
    that say a count or a label (a digit or a colon: a footer's words, never
    "Closing remarks"). A last talk that lacks what talks above it lack too is a talk."""
    end = len(rows)
    while end and _footer_row(rows[end - 1][0]):
        end -= 1
    if end == len(rows) or end < 2:  # (one talk above tells too little)
        return rows, []
    filled = [{k for k, v in row.items() if text_of(v).strip()} for row, _ in rows[:end]]
    shared = set.intersection(*filled) - {next(iter(rows[0][0]), "")}
    if not shared:
        return rows, []
    dropped = rows[end:]
    said = " / ".join(text_of(next(iter(r.values()), "")).strip()[:60] for r, _ in dropped[:3])
    named = ", ".join(repr(c.lstrip("\ufeff")) for c in sorted(shared)[:3])
    return rows[:end], [
        f"{document} {_lines([w for _, w in dropped])}: not talks but a footer below the "
        f"table (only the first cell filled, where every talk above fills {named}); "
        f"dropped: {said!r}"
    ]


def _carried(
    rows: list[tuple[dict[str, Any], str]],
    cols: dict[str, str],
    document: str,
    dated: bool = False,
    uncarried: set[str] | frozenset[str] = frozenset(),
) -> tuple[list[tuple[dict[str, Any], str]], list[str]]:
    """The rows of a table (a CSV's, a Markdown pipe table's) with the time of
    sessions side by side (`carry_times`) and a day's date (`carry_dates`) carried
    down where only the first of their rows writes it, and what to warn of that;
    `dated`: the rows have a day without a date cell (a day heading above them);
    `uncarried`: the places of rows given neither."""
    rows, filled, untimed = carry_times(rows, cols, uncarried)
    rows = carry_dates(rows, cols, uncarried)
    said: list[str] = []
    if filled:
        said.append(
            f"{document} {_lines(filled)}: {len(filled)} talk(s) with blank time "
            "cells, each in a room other than the talks above it, are read at the time of "
            "the row above (a spreadsheet's merged cells: sessions side by side)"
        )
    if untimed:
        said.append(
            f"{document} {_lines(untimed)}: {len(untimed)} talk(s) with blank time "
            + (
                "cells are kept on their day without a time"
                if dated
                else "and date cells are kept without a day and a time"
            )
        )
    return rows, said


def _lines(places: list[str]) -> str:
    """ "line 4", "lines 4, 5, 7" (the first ten) from places "line 4", "line 5"..."""
    numbers = [p.removeprefix("line ") for p in places]
    more = f" and {len(numbers) - 10} more" if len(numbers) > 10 else ""
    return ("line " if len(numbers) == 1 else "lines ") + ", ".join(numbers[:10]) + more


def _whole_rows(lines: list[str], delimiter: str, fewest: int) -> list[list[str]] | None:
    """The rows of `lines`, one per line, where each is a whole row of its own (no
    quote left open, at least `fewest` fields): then a quote left open above them was
    a stray one, not a file cut short. None otherwise, or with no lines."""
    if not lines:
        return None
    rows: list[list[str]] = []
    for line in lines:
        if not line.strip():
            rows.append([])
            continue
        if _unclosed_quote([line], delimiter):
            return None
        cells = next(csv.reader([line], delimiter=delimiter), [])
        if len(cells) < fewest:
            return None
        rows.append(cells)
    return rows


def _other_delimiter(
    cells: list[str], delimiter: str, width: int, timed: list[int], kind: Callable[[str], str]
) -> tuple[str, list[str]] | None:
    """A row whose line is the header's number of cells, all but one at most filled,
    by another of the separators a table's cells are written with ("," ";"
    and tab), with a date or a time (`kind`) under the date's or the start's column
    (`timed`, their indexes), each of those cells filled a date or a time: a row pasted
    from a table written with that separator (its whole line would be one talk's
    title). That separator and its cells; None otherwise (a day heading, a footer, a
    title or a note with a semicolon in it)."""
    filled = [k for k, c in enumerate(cells) if c.strip()]
    if not filled or not timed or any(k in filled and kind(cells[k]) != "text" for k in timed):
        return None  # (a row whose date or time the header's separator reads already)
    # its cells joined back as its line was: one of them may hold the header's separator
    # ("Sharding, replicas and pools" of a row pasted with ";" in a file of ",")
    line = delimiter.join(cells[: filled[-1] + 1])
    for other in (",", ";", "\t"):
        if other == delimiter or other not in cells[filled[0]]:
            continue
        try:
            split = next(csv.reader([line], delimiter=other, strict=True), [])
        except csv.Error:
            continue
        said = [split[i] for i in timed if len(split) == width and split[i].strip()]
        if said and all(kind(c) != "text" for c in said):
            if sum(bool(c.strip()) for c in split) >= width - 1:
                return other, split
    return None


def _whole_line(line: str, delimiter: str, fewest: int) -> list[str] | None:
    """The cells of one line where it is a whole row of its own (its quotes kept to
    the rules, at least `fewest` cells; a blank line: none), else None."""
    if not line.strip():
        return []
    try:
        rows = list(csv.reader([line], delimiter=delimiter, strict=True))
    except csv.Error:
        return None
    return rows[0] if len(rows) == 1 and len(rows[0]) >= fewest else None


def _broken_quoting(lines: list[str], delimiter: str) -> bool:
    """Whether a row's raw `lines` break CSV's quoting: a quote closed where no
    separator follows it, which the lenient reader reads on from, through separators
    and lines (a stray quote). A quote left open at the file's end is not told here
    (a file cut short: `_unclosed_quote`)."""
    if not any('"' in line for line in lines):
        return False
    try:
        list(csv.reader(lines, delimiter=delimiter, strict=True))
    except csv.Error as exc:
        return "unexpected end of data" not in str(exc)
    return False


def _swallowed(
    lines: list[str], delimiter: str, fewest: int, source: Iterator[str], again: list[str]
) -> bool:
    """Whether a row of several lines is whole rows a stray quote ran together: its
    quoting broken (`_broken_quoting`), and lines after its first whole rows of their
    own, or the first of them beginning a whole row, read as CSV (quotes kept: a quoted
    abstract of two lines is one cell), the lines after `lines` it needs taken from
    `source` (after those of `again`, the lines to read again, the next one last) and
    put back into `again`. An abstract's second line begins no whole row."""
    if len(lines) < 2 or not _broken_quoting(lines, delimiter):
        return False
    if any(_whole_line(line, delimiter, fewest) for line in lines[1:]):
        return True
    taken: list[str] = []

    def more() -> Iterator[str]:
        yield from lines[1:]
        while (raw := _next_line(again, source)) is not None:
            taken.append(raw)
            yield raw

    try:
        cells = next(csv.reader(more(), delimiter=delimiter, strict=True), [])
    except csv.Error:
        cells = []
    again.extend(reversed(taken))
    return len(cells) >= max(fewest, 2)


def _next_line(again: list[str], source: Iterator[str]) -> str | None:
    """The next line of a table: the last of the lines to read again, else the source's."""
    return again.pop() if again else next(source, None)


def _mangled_said(document: str, lines: list[str], cells: list[str], width: int, first: int) -> str:
    """The warning of a row a stray quote ran together (`_swallowed`), skipped: the
    lines after its first are read again as rows of their own."""
    said = (
        f"{document} line {first}: a quote in this row breaks its cells "
        f"({len(cells)} cells where the header has {width}: {lines[0].strip()[:60]!r}), "
        "so they cannot be placed under their columns; skipped"
    )
    if len(lines) > 1:
        last = first + len(lines) - 1
        said += (
            f" (the quote ran on to line {last}: the lines from line {first + 1} on are "
            "read again as rows, their quotes kept)"
        )
    return said


def _unclosed_quote(lines: list[str], delimiter: str) -> bool:
    """Does this row end inside a quoted field (a file cut in the middle of a row,
    or a quote never closed)? The lenient reader would keep it silently."""
    try:
        list(csv.reader(lines, delimiter=delimiter, strict=True))
    except csv.Error as exc:
        return "unexpected end of data" in str(exc)
    return False


def _jsonl(lines: Iterable[str], reader: _Reader) -> list[Talk]:
    found: list[tuple[dict[str, Any], str]] = []
    titled = False
    for no, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            why = _json_error(exc, raw)
            reader.warnings.append(
                registry.Unreadable(f"{reader.document} line {no}: not valid JSON ({why}); skipped")
                if raw.endswith(("\n", "\r"))
                else registry.CutShort(  # the last line, with no end of line: a file cut short
                    f"{reader.document} line {no}: the last line, with no end of line, is not "
                    f"valid JSON ({why}); the file looks cut short, so the record is dropped"
                )
            )
            continue
        if not isinstance(obj, dict):
            reader.warnings.append(
                registry.Unreadable(f"{reader.document} line {no}: not a JSON object; skipped")
            )
            continue
        titled = titled or _has_title(obj, reader.mapping)
        found.append((obj, f"line {no}"))
    if not titled:
        raise InputError(
            reader.document,
            "no record has a title field (looked for: " + ", ".join(FIELDS["title"]) + ")",
            "line 1",
        )
    reader.decide_dates(found)
    return reader.in_order(
        lambda: [t for obj, where in found if (t := reader.talk(obj, where)) is not None],
        lambda t: t,
    )


def _json_error(exc: ValueError | RecursionError, line: str) -> str:
    """What is wrong with one JSON Lines line, placed by its column alone: the
    decoder counts the line's own end as a line of its text ("line 2 column 1"),
    which a person would take for the file's line."""
    if not isinstance(exc, json.JSONDecodeError):
        return "it nests too deeply" if isinstance(exc, RecursionError) else str(exc)
    text = line.rstrip("\r\n")
    if exc.pos >= len(text):  # (at the line's end: a string or an object left open)
        if exc.msg.startswith("Invalid control character"):
            return "the line ends inside a string"
        return f"{exc.msg.removesuffix(' at')} at the end of the line"
    return f"{exc.msg.removesuffix(' at')} at column {exc.pos + 1}"


def _has_title(obj: object, mapping: dict[str, str] | None = None) -> bool:
    return isinstance(obj, dict) and resolve(obj, mapping).get("title") in obj


def _json(text: str, reader: _Reader) -> list[Talk]:
    body = text.lstrip("\ufeff")
    items: list[tuple[str, object]]
    if body.lstrip().startswith("["):
        items = [(where, plain_tree(o)) for where, o in array_items(body, reader.document)]
        holding = any(isinstance(o, dict) and jsontree.holds_talks(o) for _, o in items)
        if items and (holding or not any(_has_title(o, reader.mapping) for _, o in items)):
            # Sessionize's groups ([{"groupName", "sessions": [...]}]) or its grid
            # ([{"date", "rooms": [{"name", "sessions": [...]}], "timeSlots": [...]}]),
            # or a titled conference or block holding its talks: talks deeper in a
            # tree (`jsontree`)
            return _objects(_tree(body, reader), reader, body)
        if not reader.mapping:  # a list of rooms or people is no program
            gate = jsontree.find([o for _, o in items], _other_formats())
            if gate.refused:
                raise InputError(reader.document, gate.refused, "line 1")
    else:
        items = _tree(body, reader)
    return _objects(items, reader, body)


def _no_title(items: list[tuple[str, object]], whole: object = None, shown: int = 12) -> str:
    """Why a JSON document's objects are no talks, in one sentence: the keys they hold
    (those of its longest list of objects where none was taken for a talk; the first
    `shown`), so the person can name the title's with --map; the names looked for
    where they hold none. `whole`: the document's text, or its tree."""
    objects = [o for _, o in items if isinstance(o, dict)]
    if not objects and whole is not None:
        with contextlib.suppress(ValueError, RecursionError):
            tree = json.loads(whole) if isinstance(whole, str) else whole
            objects = jsontree.listed_objects(tree)
    keys = list(dict.fromkeys(k for o in objects for k in o))
    if not keys:
        names = FIELDS["title"]
        return f"no object has a title field (looked for {', '.join(names[:4])} and {len(names) - 4} other names)"

    def listed(keys: list[str]) -> str:
        more = f" and {len(keys) - shown} more" if len(keys) > shown else ""
        return f"{', '.join(map(str, keys[:shown]))}{more}"

    below = ""
    if (inner := jsontree.inner_objects(objects)) is not None:
        under, held = inner
        inner_keys = list(dict.fromkeys(k for o in held for k in o))
        if inner_keys:
            below = f", and those of the objects in their {under!r} lists are {listed(inner_keys)}"
    return (
        f"no object has a title field; its objects' keys are {listed(keys)}"
        f"{below}: name the title's with --map title=KEY"
    )


def _objects(items: list[tuple[str, object]], reader: _Reader, whole: object = None) -> list[Talk]:
    """The talks of a JSON document's talk objects, each with its place (`whole`: the
    document's text or tree, to say what it holds where no object is a talk)."""
    if not any(_has_title(o, reader.mapping) for _, o in items):
        raise InputError(reader.document, _no_title(items, whole), "line 1")
    objects: list[tuple[dict[str, Any], str]] = []
    for where, obj in items:
        if not isinstance(obj, dict):
            reader.warnings.append(
                registry.Unreadable(f"{reader.document} {where}: not an object; skipped")
            )
        else:
            objects.append((obj, where))
    reader.decide_dates(objects)
    read = reader.in_order(
        lambda: [(obj, reader.talk(obj, where)) for obj, where in objects], lambda r: r[1]
    )
    if unread := _unread_moments([(o, t) for o, t in read if t is not None], reader):
        reader.warnings.append(
            f"{reader.document}: {unread[0]} talk(s) have no time, and key(s) that hold "
            f"date-times are not read: {', '.join(map(repr, unread[1]))} (name the start's "
            "with --map start=KEY)"
        )
    return described(
        [
            (t, norm(reader.cols_of(obj).get("speakers", "")) in ("host", "hosts"))
            for obj, t in read
            if t is not None
        ]
    )


def _unread_moments(
    read: list[tuple[dict[str, Any], Talk]], reader: _Reader
) -> tuple[int, list[str]] | None:
    """The talks of JSON records that come without a time (no start, no day), and the
    keys of theirs no field is read from whose values are date-times (ISO 8601, or a
    date-time object: `when.moment_text`), where there are any: a start's or an
    end's under a name not known here, which tables name as columns not read (not a
    key of when the record was made or changed: `jsontree.life_key`)."""
    timeless = [(o, t) for o, t in read if t.start is None and t.program_day is None]
    keys: dict[str, None] = {}
    for obj, _ in timeless:
        used = set(reader.cols_of(obj).values())
        for key, value in obj.items():
            moment = when.moment_text(value)
            said = moment[0] if moment else value
            if (
                key not in used
                and not jsontree.life_key(key)  # ("created_at": when the record was made)
                and when.parse_datetime(said, None, UTC) is not None
            ):
                keys.setdefault(str(key), None)
    return (len(timeless), list(keys)) if keys else None


def described(talks: list[tuple[Talk, bool]]) -> list[Talk]:
    """The talks with the speakers their descriptions name, read as a calendar's
    DESCRIPTION is (`icalnames.split_description`: "Speaker: Dario Nieuwenhuis", its
    first or last labelled lines), those lines leaving the abstract: each talk's whose
    record names no speakers, or names its people as its hosts (each talk's flag: a
    Meetup event's "hosts", whoever runs it, a talk's speaker only where no one else is
    named); a talk whose description names no one keeps its record's people."""
    out: list[Talk] = []
    for t, hosted in talks:
        abstract, people, _ = split_description(t.abstract)
        if people and (hosted or not t.speakers):
            t = replace(t, speakers=people, abstract=abstract)
        out.append(t)
    return out


def _other_formats() -> str:
    """What a refusal of a JSON file suggests: the other formats that read JSON files."""
    others = [f.name for f in registry.formats() if ".json" in f.suffixes and f.name != "json"]
    return f"try --format {' or '.join(others)}, or name its title field with --map title=FIELD"


def _tree(body: str, reader: _Reader) -> list[tuple[str, object]]:
    """The talk objects of a JSON object, wherever they sit (`jsontree`), each with
    its line."""
    return _found(frab.load_json(body, reader.document), reader, body)


def _found(root: object, reader: _Reader, body: str | None) -> list[tuple[str, object]]:
    """The talk objects of a tree, each with its line in `body` (its JSON text) or,
    without one (a YAML document's tree), its place in the tree; refused in one
    sentence when what it holds looks like no talks. The tree is first read as the
    plain one it stands for (`plain_tree`: JSON:API joined, prefixed keys)."""
    root = plain_tree(root)
    if reader.mapping or (
        isinstance(root, dict)
        and _has_title(root)
        and jsontree.level(root) in ("strong", "weak")
        and not jsontree.holds_program(root)
    ):
        # one talk, or fields named by the user: the largest list of records, as told
        refs = references(root)
        found = []
        for n, o in enumerate(records(root, lambda o: _has_title(o, reader.mapping)), start=1):
            gone: list[str] = []
            found.append(refs(o, gone) if isinstance(o, dict) else o)
            reader.warnings += [f"{reader.document} item {n}: {w}; left out" for w in gone]
        deeper = None
        if reader.mapping and not any(_has_title(o, reader.mapping) for o in found):
            # the talks named sit below lists of lists: found where they sit, as if
            # they said the fields' own names
            deeper = jsontree.named_as(root, reader.mapping)
        if deeper is None:
            if body is None:
                return [(f"item {n}", o) for n, o in enumerate(found, start=1)]
            return located(body, found, "item")
        root = deeper
    gate = jsontree.find(root, _other_formats())
    if gate.refused:
        raise InputError(reader.document, gate.refused, "line 1")
    if not reader.named:  # (`--conference` names it over what the document says)
        said = jsontree.conference(root, [path for path, _ in gate.talks])
        reader.conference = said or reader.conference
    if left := page_left(root, reader.document, len(gate.talks)):
        reader.warnings.append(left)
    for path, _ in jsontree.untitled(root, gate.talks):
        reader.warnings.append(
            registry.Unreadable(
                f"{reader.document} {jsontree.where(path)}: a record without a title; skipped"
            )
        )
    refs = references(root)
    tables = jsontree.tables(root)
    locate = frab.id_locator(body) if body is not None else lambda obj, nth: None
    seen: dict[str, int] = {}
    kept: dict[tuple[str, ...], dict[str, Any]] = {}
    out: list[tuple[str, object]] = []
    for path, obj in gate.talks:
        lost: list[str] = []
        resolved = refs(obj, lost)
        if lost:  # (ids its tables do not hold: said with the session's place and id)
            own = next((text_of(obj[k]) for k in ("id", "guid", "code", "uid") if obj.get(k)), "")
            at = f"{jsontree.where(path)}" + (f" (id {own!r})" if own else "")
            reader.warnings += [f"{reader.document} {at}: {w}; left out" for w in lost]
        for ev in jsontree.events(path, resolved, root, tables):
            cols = resolve(ev)
            same = tuple(
                text_of(ev.get(cols.get(f, ""))) for f in ("uid", "title", "start", "room")
            )
            if same in kept:  # one talk listed twice (a tree and a list of the same talks,
                jsontree.join_people(kept[same], ev, path, root, tables)  # or under each speaker)
                continue
            kept[same] = ev
            ident = next((text_of(obj[k]) for k in ("guid", "code", "id", "uid") if obj.get(k)), "")
            seen[ident] = seen.get(ident, 0) + 1
            line = locate(obj, seen[ident]) if ident else None
            out.append((f"line {line}" if line else jsontree.where(path), ev))
    for key, kind, n in unread_lists(root, [ev for _, ev in out if isinstance(ev, dict)]):
        reader.warnings.append(
            f"{reader.document}: its list {key!r} ({n} {kind} record(s)) is named by none of"
            f" its talks as their {kind}; left unread (its talks name their {kind} by a"
            f" key talkbase does not join to it)"
        )
    return out


def parse_tree(
    root: object,
    document: str,
    parser: str,
    mapping: dict[str, str] | None = None,
    default_tz: str = "UTC",
) -> tuple[list[Talk], list[str]]:
    """The talks of a program already read into a tree (YAML's), as of a JSON one."""
    reader = _Reader(document, parser, mapping, default_tz, None)
    try:
        return _objects(_found(root, reader, None), reader, root), reader.said()
    except RecursionError as exc:
        raise InputError(document, "a record nests too deeply to read") from exc


def read_rows(
    rows: list[tuple[dict[str, Any], str]],
    document: str,
    parser: str,
    fallback: tzinfo,
    conference: str,
    on_day: date | None = None,
    years: tuple[int, ...] = (),
    mapping: dict[str, str] | None = None,
) -> tuple[list[Talk], list[str]]:
    """The talks of rows another format found (a Markdown pipe table's, a workbook
    sheet's, each {header: cell} with its place), read as a CSV's are: columns by the
    same names (`columns.FIELDS`) or `mapping`'s, times in `fallback` where they name
    no zone, dated `on_day` where no cell gives a date (the day heading above the
    table); `years`: those the document names, for a date cell in words that gives
    none. Blank time cells of sessions side by side are carried down as a CSV's are
    (`_carried`)."""
    reader = _Reader(document, parser, mapping, "UTC", conference)
    reader.fallback = fallback
    reader.stated += "".join(f" {y}" for y in years)
    rows, carried = footer(rows, document)
    if rows:  # (merged time cells of sessions side by side, as a CSV's: `_carried`)
        rows, said = _carried(rows, reader.cols_of(rows[0][0]), document, on_day is not None)
        carried += said
    reader.decide_dates(rows)
    talks = reader.talks(
        reader.day_rows(rows, reader.cols_of(rows[0][0]) if rows else {}, on_day), None
    )
    return talks, reader.said() + carried


def parse_lines(
    lines: Iterable[str],
    document: str,
    parser: str = "csv",
    mapping: dict[str, str] | None = None,
    default_tz: str = "UTC",
    conference: str | None = None,
) -> tuple[list[Talk], list[str]]:
    """Stream a CSV, TSV or JSONL table from any iterable of lines."""
    return parse(lines, document, parser, mapping, default_tz, conference)


def parse(
    text: str | Iterable[str],
    document: str,
    parser: str = "csv",
    mapping: dict[str, str] | None = None,
    default_tz: str = "UTC",
    conference: str | None = None,
) -> tuple[list[Talk], list[str]]:
    """A table's talks and warnings; `text` may be a string or (but for JSON) lines."""
    reader = _Reader(document, parser, mapping, default_tz, conference)
    lines = io.StringIO(text, newline="") if isinstance(text, str) else text
    try:
        if parser == "json":
            talks = _json(text if isinstance(text, str) else "".join(text), reader)
        elif parser == "jsonl":
            talks = _jsonl(lines, reader)
        else:
            talks = _delimited(lines, reader, "\t" if parser == "tsv" else None)
    except RecursionError as exc:
        raise InputError(document, "a record nests too deeply to read") from exc
    warnings = reader.said()
    if reader.restored:
        return talks, [*warnings, registry.OwnExport(document)]
    return talks, warnings

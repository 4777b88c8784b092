"""Recognising tables: CSV and TSV by a header row of known column names (under a
few lines of title, if any: `table.header_row`), JSON Lines by a first line that
is a whole JSON object, JSON by its first character; and registering the four
table formats."""

from __future__ import annotations

import csv
import itertools
import json
import re
from collections.abc import Callable, Iterable
from datetime import UTC, time

from ingest import when
from ingest.formats import jsontree, table
from ingest.formats.columns import (
    duration_unit,
    more_columns,
    name_parts,
    norm,
    numbered,
    resolve,
)
from ingest.formats.registry import Format, Options, Result, register
from ingest.speakers import name_shaped, parse_speakers
from talkbase.core.errors import InputError
from talkbase.core.exportcsv import own_export


def _first_lines(text: str) -> list[str]:
    """The first non-blank lines (but a "sep=;" line): a header row and the lines
    of title it may sit under (`table.header_row`)."""
    lines: list[str] = []
    for raw in text[:65536].lstrip("\ufeff").splitlines():
        if raw.strip() and not (not lines and re.match(r"^\s*sep=.\s*$", raw)):
            lines.append(raw)
            if len(lines) > table.PREAMBLE:
                break
    return lines


def _looks_delimited(text: str, delimiter: str) -> bool:
    lines = _first_lines(text)
    found = table.header_row(lines, delimiter)
    if found is None or delimiter not in lines[found]:
        return False
    cells = [c for c in next(csv.reader([lines[found]], delimiter=delimiter), []) if c.strip()]
    return len(cells) >= 2 and not any(len(c) > 60 for c in cells)


def looks_like_tsv(text: str) -> bool:
    return _looks_delimited(text, "\t")


def looks_like_csv(text: str) -> bool:
    return _looks_delimited(text, ",") or _looks_delimited(text, ";")


def looks_like_jsonl(text: str) -> bool:
    """A first line that is a whole JSON object, and a second line after it (a record,
    or a line that is none: `null`, `[1, 2]`, a cut record, each a warning of its own
    where the lines are read, never the whole file refused as one JSON document). The
    first line is read whole, however long (an abstract can make it megabytes)."""
    body = text.lstrip("\ufeff \t\r\n")
    if not body.startswith("{"):
        return False
    end = body.find("\n")
    if end < 0 or not body[end : end + 65536].strip():
        return False
    try:
        return isinstance(json.loads(body[:end]), dict)
    except (ValueError, RecursionError):
        return False


def looks_like_json(text: str) -> bool:
    return text[:1024].lstrip("\ufeff \t\r\n")[:1] in ("[", "{")


SAMPLE_LINES = 2000  # the first lines of a table its columns are judged by


def _header_and_rows(
    lines: list[str], kind: str, mapping: dict[str, str] | None = None
) -> tuple[list[str], list[list[str]]]:
    """A delimited table's header (`table.header_row`, under its lines of title) and
    the rows after it among `lines`, its first (the last row left out where the
    lines stop inside the table: it may be cut)."""
    body = [ln for ln in lines if ln.strip()]
    delimiter: str | None = "\t" if kind == "tsv" else None
    if body and (m := re.match(r"^\s*sep=(.)\s*$", body[0].lstrip("\ufeff"))):
        delimiter, body = m.group(1), body[1:]
    heads = [ln.lstrip("\ufeff").rstrip("\r\n") for ln in body[: table.PREAMBLE + 1]]
    found = table.header_row(heads, delimiter, mapping)
    if found is None:
        return [], []
    if delimiter is None:  # (as the table reader tells it: the most used of the three)
        delimiter = max((",", ";", "\t"), key=heads[found].count)
    at = lines.index(body[found])
    table.wide_fields()  # (a long abstract among them: the table reader cuts it)
    # (the cells as the table reader reads them, a byte order mark and all: the
    # columns told are named to it as it names them)
    rows = list(csv.reader(lines[at:], delimiter=delimiter))
    if len(lines) >= SAMPLE_LINES:
        rows = rows[:-1]
    header = [h.strip() for h in rows[0]] if rows else []
    if found and header and table.group_row(heads[found - 1], heads[found], delimiter, mapping):
        # (its columns named as the table reader names them: `table.under_groups`)
        groups = next(csv.reader([heads[found - 1]], delimiter=delimiter), [])
        header = table.under_groups(header, [g.strip() for g in groups], mapping)
    return header, rows[1:]


def _clock_or_span(value: str) -> bool:
    return when.clocks(value) is not None


def _span(value: str) -> bool:
    """A range of two clock times ("09.00–09.45")."""
    return bool((m := when.clocks(value)) and m.group(2))


def _said(value: str) -> bool:
    """A speakers' cell as programs write one: an organisation in parentheses, or
    two people ("Karin Lindström (Spotify)", "Ada Lovelace & Grace Hopper")."""
    found = parse_speakers(value)
    return len(found) > 1 or any(s.affiliation for s in found)


def _people(value: str) -> bool:
    """A cell naming people only, each by a whole name ("Karin Lindström (Spotify)",
    "Ada Lovelace & Grace Hopper": `speakers.name_shaped`)."""
    found = parse_speakers(value)
    return bool(found) and all(name_shaped(s.name) for s in found)


def _prose(values: list[str], titles: list[str]) -> bool:
    """A column of text longer than the titles, written in sentences (half its
    cells end as a sentence does, or run over lines): the talks' descriptions."""
    if not values or not titles:
        return False
    longer = sum(map(len, values)) / len(values) > sum(map(len, titles)) / len(titles)
    sentences = sum(1 for v in values if v.rstrip()[-1:] in ".!?…" or "\n" in v)
    return longer and sentences * 2 >= len(values)


# what an unnamed column's values show it holds (each value, or all of them beside
# the titles), asked where no column is named for the field (`by_values`)
_VALUE_FIELDS: tuple[tuple[str, Callable[[list[str], list[str]], bool]], ...] = (
    ("date", lambda vs, _: all(when.parse_date(v) is not None for v in vs)),
    # (most cells differing: a column of rooms or tracks says a few names again; one
    # cell at least naming an organisation or two people: speakers are said so, a
    # column of contacts or sponsors names one each, bare)
    (
        "speakers",
        lambda vs, _: len(set(vs)) * 2 > len(vs) and all(map(_people, vs)) and any(map(_said, vs)),
    ),
    ("abstract", _prose),
)


def _clock_columns(
    header: list[str],
    rows: list[list[str]],
    values: dict[str, list[str]],
    taken: set[str],
    cols: dict[str, str],
) -> dict[str, str]:
    """The start (and the end) told by values where no column is named the start: the
    one column of clock times with a range in one cell at least ("09.00–09.45"),
    where no end or duration is named; else the one column of single clock times
    before the named end's in each row ("Başlangıç": "10:15", beside "Bitiş":
    "11:00"), or two such columns, the start and the end after it, where no end or
    duration is named, each start as a start behaves (`_starts`). A lone column of
    single clocks is none (a talk's submission, the doors' opening), nor is one
    after the end's column or stamped to the second ("Submitted"), nor is any where
    more columns fit: {}; a column not read so is said unread (`by_values`)."""
    clocked = [
        c
        for c in dict.fromkeys(header)
        if c in values and c not in taken and all(map(_clock_or_span, values[c]))
    ]
    spans = [c for c in clocked if any(map(_span, values[c]))]
    timed = "end" in cols or "duration" in cols
    if spans:
        return {"start": spans[0]} if len(spans) == 1 and not timed else {}
    if (
        len(clocked) == 1
        and "end" in cols
        and _starts(header, rows, values, clocked[0], cols["end"])
    ):
        return {"start": clocked[0]}
    if len(clocked) == 2 and not timed and _starts(header, rows, values, *clocked):
        return {"start": clocked[0], "end": clocked[1]}
    return {}


def _starts(
    header: list[str], rows: list[list[str]], values: dict[str, list[str]], first: str, then: str
) -> bool:
    """Whether the clock times of column `first` behave as the starts of the talks that
    column `then` gives the ends of: written before it, as a program writes a talk's
    start before its end; each on the minute, as a program's times are (a clock with
    its seconds, "14:22:31", stamps when something was sent or changed); and before
    the end in its row (`_ordered`). A column of when each proposal was submitted,
    after the end's or stamped to the second, is none."""
    if header.index(first) > header.index(then):
        return False
    stamps = any(map(when.stamped, values.get(first, [])))
    return not stamps and _ordered(header, rows, first, then)


def _ordered(header: list[str], rows: list[list[str]], first: str, then: str) -> bool:
    """Whether the clock time of column `first` comes before that of column `then` in
    the rows that give both (nine of ten at least: a talk's start before its end)."""
    i, j = header.index(first), header.index(then)
    pairs = [
        (when.parse_clock(r[i].strip()), when.parse_clock(r[j].strip()))
        for r in rows
        if len(r) > max(i, j)
    ]
    known = [(a, b) for a, b in pairs if a is not None and b is not None]
    return bool(known) and sum(a < b for a, b in known) * 10 >= len(known) * 9


# how the sentence naming a table's columns not read begins (`by_values`)
UNREAD_COLUMNS = "column(s) not read, as no field is named so: "


def by_values(
    header: list[str], rows: list[list[str]], mapping: dict[str, str] | None
) -> tuple[dict[str, str], list[str]]:
    """The fields of a table's columns that no header names (`columns.resolve`), told
    by their values: the start's and the end's columns of clock times
    (`_clock_columns`: "Tid": "09.00–09.45"; "Başlangıç": "10:15"), one of dates the date,
    one of people's whole names the speakers (`_people`), one at least with an
    organisation or two people (`_said`), one of sentences longer than the titles
    the abstract (`_prose`), where no column is named so and one column only shows
    it (a column of rooms named as people are, "Aula Magna", beside the speakers':
    neither); and what is said of them: each column
    read so, the columns still unread that hold something (named, never dropped
    unsaid), and a table with dates but no times (its talks kept on their day
    without a time). Returns (field -> column, the sentences)."""
    cols = resolve(header, mapping)
    taken = set(cols.values()) | {c for cs in numbered(header).values() for c in cs}
    parts = name_parts(c for c in header if c not in taken)  # ("First Name", "Last Name")
    if parts and "speakers" not in cols:
        cols, taken = {**cols, "speakers": parts[0]}, taken | set(parts)
    taken |= set(more_columns(header, cols, "speakers"))  # (read where the first is empty)
    values: dict[str, list[str]] = {}
    for row in rows:
        for name, cell in zip(header, row, strict=False):
            if name and cell.strip():
                values.setdefault(name, []).append(cell.strip())
    out: dict[str, str] = {}
    said: list[str] = []
    if "start" not in cols:  # (a column of clock times, or two: the start and the end)
        out = _clock_columns(header, rows, values, taken, cols)
    for fld, c in out.items():
        said.append(
            f"column {c.lstrip(chr(0xFEFF))!r} read as the {VALUE_WORDS[fld]} by its values"
        )
    for fld, shown in _VALUE_FIELDS:
        if fld in cols:
            continue
        start = out.get("start") or cols.get("start")
        if fld == "date" and start and not all(map(_clock_or_span, values.get(start, []))):
            continue  # (its starts say their dates)
        titles = values.get(cols.get("title", ""), [])
        fits = [
            c
            for c, vs in values.items()
            if c not in taken and c not in out.values() and shown(vs, titles)
        ]
        if len(fits) == 1:
            out[fld] = fits[0]
            shown_as = fits[0].lstrip("\ufeff")
            said.append(f"column {shown_as!r} read as the {VALUE_WORDS[fld]} by its values")
    unread = [  # (but a session's column, kept in the notes, and a duration's in
        # a unit not known, which the reader names itself)
        c
        for c in values
        if c not in taken
        and c not in out.values()
        and norm(c) not in ("session", "sessions")
        and duration_unit(c) is None
    ]
    if unread:
        said.append(
            UNREAD_COLUMNS + f"{', '.join(repr(c.lstrip(chr(0xFEFF))) for c in unread)} "
            "(name each with --map FIELD=COLUMN)"
        )
    day = out.get("date") or cols.get("date")
    timed = "start" in {*cols, *out} or any(_timed(v) for v in values.get(day or "", []))
    ends = out.get("end") or cols.get("end")
    if not timed and ends in values:  # (an end is read only after its talk's start)
        said.append(
            f"it gives end times (column {ends.lstrip(chr(0xFEFF))!r}) but no column of start "
            "times: no talk has a time, its end is not read (name the start's column with "
            "--map start=COLUMN)"
        )
    elif day and not timed:
        said.append(
            "it gives dates but no times (no column of start times): its talks are kept on "
            "their day without a time"
        )
    return out, said


VALUE_WORDS = {  # what a column read by its values holds, in words
    "start": "start times",
    "end": "end times",
    "date": "dates",
    "speakers": "speakers",
    "abstract": "descriptions",
}


def _timed(value: str) -> bool:
    """A date cell that gives a time of day too ("2026-09-08 09:00")."""
    at, _ = when.parse_when(table.moment_cell(value), None, UTC)
    return at is not None and at.time() != time()


def _with_columns(
    lines: list[str], kind: str, document: str, mapping: dict[str, str] | None
) -> tuple[dict[str, str] | None, list[str]]:
    """The mapping to read a delimited table with (`mapping`, and the columns told by
    their values: `by_values`) and what is said of its columns, as warnings."""
    if kind not in ("csv", "tsv"):
        return mapping, []
    try:
        header, rows = _header_and_rows(lines, kind, mapping)
    except csv.Error:  # (the table reader says what is wrong with it)
        return mapping, []
    if not header or (kind == "csv" and own_export(header)):
        # (talkbase's own export names every column it writes: none is told by its
        # values, none is left unread; `table._Reader.own`)
        return mapping, []
    found, said = by_values(header, rows, mapping)
    if not mapping and (why := _records(header, rows, found)):
        raise InputError(
            document,
            f"{why}: no program. If it is a program, name its columns with --map FIELD=COLUMN",
            "line 1",
        )
    return ({**found, **(mapping or {})} or None), [f"{document}: {s}" for s in said]


def _records(header: list[str], rows: list[list[str]], found: dict[str, str]) -> str | None:
    """Why a table's rows are records of something else (an issue tracker's, a
    library's loans), judged as a JSON list of records is (`jsontree.not_sessions`):
    each row a record of its header's columns, those told by their values (`found`)
    with them; None where they may be talks."""
    records = [
        ((f"row {n}",), {h: c for h, c in zip(header, row, strict=False) if h and c.strip()})
        for n, row in enumerate(rows, start=1)
        if any(c.strip() for c in row)
    ]
    return jsontree.not_sessions(records, dict(found)) if records else None


def _table(kind: str) -> Callable[[str, str, Options], Result]:
    def parse_table(text: str, document: str, options: Options) -> Result:
        first = text[: 1 << 20].splitlines(keepends=True)[:SAMPLE_LINES]
        mapping, said = _with_columns(first, kind, document, options.mapping)
        talks, warnings = table.parse(text, document, kind, mapping, options.default_tz)
        return talks, [*said, *warnings]

    return parse_table


def _lines(kind: str) -> Callable[[Iterable[str], str, Options], Result]:
    def parse_lines(lines: Iterable[str], document: str, options: Options) -> Result:
        it = iter(lines)
        first = list(itertools.islice(it, SAMPLE_LINES))
        mapping, said = _with_columns(first, kind, document, options.mapping)
        talks, warnings = table.parse_lines(
            itertools.chain(first, it), document, kind, mapping, options.default_tz
        )
        return talks, [*said, *warnings]

    return parse_lines


# The tables (ingest/formats/table.py reads them all), registered here beside how
# each is recognised.
for _name, _rank, _looks_like, _suffixes, _streams in (
    ("jsonl", 40, looks_like_jsonl, (".jsonl", ".ndjson"), True),
    ("json", 50, looks_like_json, (".json",), False),
    ("tsv", 80, looks_like_tsv, (".tsv", ".tab"), True),
    ("csv", 90, looks_like_csv, (".csv",), True),
):
    register(
        Format(
            _name,
            _rank,
            _looks_like,
            _table(_name),
            suffixes=_suffixes,
            table=True,
            parse_lines=_lines(_name) if _streams else None,
        )
    )

"""Excel workbooks (.xlsx, .xlsm): each sheet that holds a table of talks is read as
its CSV export is (ingest/formats/table.py, `table.read_rows`: the same column
names, clock times, dates, carried cells and warnings).

A workbook is told by its bytes, not its name (`is_workbook`: a zip whose content
types name SpreadsheetML, or a zip that names workbook parts but cannot be opened,
cut short or damaged: refused in one sentence naming the file). It is opened with
openpyxl read-only, cell values as last computed (never formulas). A cell Excel
stores as a date, a time or a date-time is given to the table reader in ISO
("2024-10-07", "09:30", "2024-10-07T09:30"), never in a display format whose day
and month order is the locale's; a whole number stored as a float reads as one. A
number in a date, start or end column (a cell of General format, as scripts and CSV
imports write them) is Excel's serial date or a day's fraction (`serial`: "46059" is
2026-02-06, "0.3958333333333333" 09:30). A
range merged over two rows or more gives each of its rows its value (`_filled_down`:
a room merged over two sessions is both's).

In each sheet the header row is found as a CSV's is (`table.header_row`): under a
few rows of title (a merged title cell), which are skipped with a warning. The day
of a sheet's rows that give no date is the one its name or a title row above the
header names ("Mon 7 Oct", "Friday 4 October 2024": `mdparts.date_of`, its year
from the workbook's names and titles where it gives none), as a day heading above a
Markdown table gives it; their zone, where no cell names one, the one those title
rows state ("times in Europe/Dublin": `mdparts.stated_zone`), else the default. A
sheet whose rows name no room and whose name names one ("Saal Wien": a room word,
`mdparts.room_named`) holds that room's talks.

A sheet with no header row naming a title column (notes, a budget) is ignored with
a warning; so, where some sheet's table gives times or dates, is a sheet whose table
gives none (a list of speakers: "Name, Company, Bio"). A workbook with no table of
talks is refused in one sentence naming the file. Hidden sheets are not read (a
warning names them). Old binary .xls and OpenDocument .ods stay refused
(`limits.spreadsheet_kind`), saying to export them as CSV.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections import Counter
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any

from ingest import when
from ingest.formats.columns import resolve
from ingest.formats.mdparts import ambiguous_zone, document_years, room_named, stated_zone
from ingest.formats.registry import Format, Options, Result, Unreadable, ZoneUnknown, register
from ingest.formats.table import (
    PREAMBLE,
    day_named,
    group_row,
    header_again,
    header_row,
    read_rows,
    repeats_said,
    title_conference,
    under_groups,
    yearless,
)
from ingest.formats.tablesniff import by_values
from ingest.limits import spreadsheet_kind
from talkbase.core.errors import InputError
from talkbase.core.records import Talk

NAME = "xlsx"
# the kind `limits.spreadsheet_kind` tells an Excel workbook by
_EXCEL = "a spreadsheet (Excel .xlsx)"
# the most cells read from one workbook (a sheet's XML may expand a thousandfold)
MAX_CELLS = 5_000_000
# the first bytes of a zip in which a workbook's part names ("xl/...") are looked for
_HEAD = 64 * 1024
# the days Excel counts from: a date-time on one of them is a time of day only
_EPOCHS = (date(1899, 12, 30), date(1899, 12, 31), date(1900, 1, 1), date(1904, 1, 1))


def is_workbook(data: bytes) -> bool:
    """Whether `data` is an Excel workbook: a zip declaring SpreadsheetML content
    (`limits.spreadsheet_kind`), or one that cannot be opened (cut short or
    damaged) whose first entries are a workbook's parts ("xl/...")."""
    if not data.startswith(b"PK\x03\x04"):
        return False
    return spreadsheet_kind(data) == _EXCEL or (b"xl/" in data[:_HEAD] and not _opens_as_zip(data))


def _opens_as_zip(data: bytes) -> bool:
    try:
        with zipfile.ZipFile(io.BytesIO(data)):
            return True
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError):
        return False


def cell_text(value: object) -> str:
    """A cell's value as the table reader reads cells: dates and times in ISO, a
    duration as "H:MM", a whole number without ".0", text as it is."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, datetime):
        if value.date() in _EPOCHS and value.year < 1905:
            return _clock(value.time())
        if value.time() == time():
            return value.date().isoformat()
        return f"{value.date().isoformat()}T{_clock(value.time())}"
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, time):
        return _clock(value)
    if isinstance(value, timedelta):
        minutes = round(value.total_seconds() / 60)
        return f"{minutes // 60}:{minutes % 60:02d}"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _clock(t: time) -> str:
    return t.strftime("%H:%M:%S" if t.second else "%H:%M")


@dataclass(frozen=True)
class Sheet:
    """One sheet's name and its rows of cell texts, numbered as Excel numbers them."""

    name: str
    rows: tuple[tuple[int, tuple[str, ...]], ...]  # (row number, cells): non-blank rows only
    hidden: bool = False
    # the cells (row, column) holding a formula with no value saved (`_unsaved`)
    unsaved: frozenset[tuple[int, int]] = frozenset()
    epoch: date = _EPOCHS[0]  # the day its workbook counts serial dates from (1904's too)
    # the cells holding Excel's error values (`EXCEL_ERRORS`), read as empty:
    # (row, column number, the error as shown)
    errors: tuple[tuple[int, int, str], ...] = ()


# Excel's error values, as a cell whose formula failed shows (and keeps) them: no data
EXCEL_ERRORS = frozenset(
    ("#REF!", "#N/A", "#VALUE!", "#DIV/0!", "#NAME?", "#NULL!", "#NUM!", "#GETTING_DATA")
)


def column_letters(number: int) -> str:
    """A column's letters as Excel shows them (1 -> "A", 28 -> "AB")."""
    out = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        out = chr(65 + rest) + out
    return out


def sheets(data: bytes, document: str) -> list[Sheet]:
    """The sheets of a workbook, in order; an InputError naming the file where it
    cannot be opened (not a zip, cut short, a part missing or malformed) or holds
    more than `MAX_CELLS` cells."""
    from openpyxl import load_workbook  # (loaded only where a workbook is read)

    found: list[Sheet] = []
    cells = 0
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            for ws in book.worksheets:
                ws.reset_dimensions()  # (the size it declares may be wrong: read every row)
                rows: list[tuple[int, tuple[str, ...]]] = []
                errors: list[tuple[int, int, str]] = []
                merged = _merged_down(data, getattr(ws, "_worksheet_path", ""))
                for number, values in enumerate(ws.iter_rows(values_only=True), start=1):
                    cells += len(values)
                    if cells > MAX_CELLS:
                        raise InputError(
                            document,
                            f"the workbook holds more than {MAX_CELLS:,} cells, more than "
                            "a program has; export the sheet of talks as CSV and ingest that",
                            f"sheet {ws.title!r}",
                        )
                    texts = tuple(cell_text(v).strip() for v in values)
                    if EXCEL_ERRORS.intersection(texts):  # (a failed formula: no data)
                        errors += [
                            (number, n, c) for n, c in enumerate(texts, 1) if c in EXCEL_ERRORS
                        ]
                        texts = tuple("" if c in EXCEL_ERRORS else c for c in texts)
                    rows.append((number, texts))
                rows = [r for r in _filled_down(rows, merged) if any(r[1])]
                unsaved = _unsaved(data, getattr(ws, "_worksheet_path", ""))
                hidden = ws.sheet_state != "visible"
                epoch = getattr(book, "epoch", None)
                counted = epoch.date() if isinstance(epoch, datetime) else _EPOCHS[0]
                found.append(Sheet(ws.title, tuple(rows), hidden, unsaved, counted, tuple(errors)))
        finally:
            book.close()
    except InputError:
        raise
    except Exception as exc:  # (openpyxl on a damaged file: zip, XML, key and value errors)
        raise InputError(
            document,
            "an Excel workbook that cannot be read; it looks cut short or damaged "
            f"({type(exc).__name__}: {str(exc)[:120]})",
        ) from exc
    return found


# a merged range of a sheet's XML ("<mergeCell ref="E3:E4"/>")
_MERGE = re.compile(rb'<(?:\w+:)?mergeCell\b[^>]*?\bref="([A-Z]{1,3}\d+:[A-Z]{1,3}\d+)"')


def _merged_down(data: bytes, part: str) -> list[tuple[int, int, int, int]]:
    """The ranges of a sheet (its part of the workbook's zip) merged over two rows or
    more, as (first column, first row, last column, last row), 1-based; [] where it
    has none or the part cannot be read (openpyxl read-only gives no merges)."""
    from openpyxl.utils.cell import range_boundaries

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            xml = z.read(part.lstrip("/"))
    except (KeyError, zipfile.BadZipFile, OSError, ValueError):
        return []
    spans = []
    for ref in _MERGE.findall(xml):
        try:
            c1, r1, c2, r2 = range_boundaries(ref.decode())
        except ValueError:
            continue
        if c1 and r1 and c2 and r2 and r2 > r1:
            spans.append((c1, r1, c2, r2))
    return spans


# a cell of a sheet's XML, its attributes and what it holds
_CELL = re.compile(rb"<(?:\w+:)?c\b([^>]*?)(?:/>|>(.*?)</(?:\w+:)?c>)", re.S)
_REF = re.compile(rb'\br="([A-Z]{1,3})(\d+)"')
_SAVED = re.compile(rb"<(?:\w+:)?(?:v|is)\b[^>]*>\s*[^<\s]")


def _unsaved(data: bytes, part: str) -> frozenset[tuple[int, int]]:
    """The cells (row, column) of a sheet (its part of the workbook's zip) that hold a
    formula with no value saved: a workbook written by a program that computes no
    formulas (a script's, not Excel's) keeps "=CONCATENATE(...)" and nothing that
    openpyxl reads as its value."""
    if not part:
        return frozenset()
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            xml = z.read(part.lstrip("/"))
    except (KeyError, zipfile.BadZipFile, OSError):
        return frozenset()
    if b"<f" not in xml and b":f" not in xml:
        return frozenset()
    found: set[tuple[int, int]] = set()
    for m in _CELL.finditer(xml):
        body = m.group(2) or b""
        ref = _REF.search(m.group(1))
        if ref and re.search(rb"<(?:\w+:)?f\b", body) and not _SAVED.search(body):
            column = 0
            for letter in ref.group(1):
                column = column * 26 + letter - 64
            found.add((int(ref.group(2)), column))
    return frozenset(found)


def _filled_down(
    rows: list[tuple[int, tuple[str, ...]]], merged: list[tuple[int, int, int, int]]
) -> list[tuple[int, tuple[str, ...]]]:
    """A sheet's rows with each cell a range merged over rows covers given that range's
    value (Excel keeps it in the first row only): a room or a date merged down over
    the sessions it holds is each one's. The first row's cells are copied down their
    own columns, so a range merged across columns too stays one cell wide."""
    if not merged:
        return rows
    at = {number: n for n, (number, _) in enumerate(rows)}
    out = [list(cells) for _, cells in rows]
    for c1, r1, c2, r2 in merged:
        if r1 not in at:
            continue
        top = out[at[r1]]
        for r in range(r1 + 1, r2 + 1):
            if r not in at:
                continue
            row = out[at[r]]
            row.extend([""] * (c2 - len(row)))
            for c in range(c1, min(c2, len(top)) + 1):
                if not row[c - 1]:
                    row[c - 1] = top[c - 1]
    return [(number, tuple(cells)) for (number, _), cells in zip(rows, out, strict=True)]


def _line(cells: tuple[str, ...]) -> str:
    """A row written as a CSV line, for `table.header_row`."""
    out = io.StringIO()
    csv.writer(out).writerow(cells)
    return out.getvalue().rstrip("\r\n")


@dataclass(frozen=True)
class _Table:
    """A sheet's table of talks: its title rows above the header, its header's row
    number and the rows below it as {header: cell} with their places."""

    sheet: Sheet
    titles: tuple[tuple[int, str], ...]  # (row number, its text)
    header_at: int
    rows: tuple[tuple[dict[str, Any], str], ...]
    timed: bool  # its header names a start, end or date column
    grouped: tuple[int, str] | None = None  # a row of group headings above the header
    repeated: tuple[str, ...] = ()  # the places of the header row said again below it
    # the rows skipped whose title cell is a formula with no value saved (`_unsaved`)
    formulas: tuple[int, ...] = ()
    # the mapping its rows are read with: the user's, and the columns told by their
    # values (`tablesniff.by_values`, as a CSV's), and what is said of its columns
    mapping: dict[str, str] | None = None
    said: tuple[str, ...] = ()


def _table(sheet: Sheet, mapping: dict[str, str] | None) -> _Table | None:
    """The table of talks a sheet holds (its header row found as a CSV's is), or None
    where no header row names a title column."""
    head = sheet.rows[: PREAMBLE + 1]
    if not head:
        return None
    at = header_row([_line(cells) for _, cells in head], ",", mapping) or 0
    header_at, header = head[at]
    names = [h.strip() for h in header]
    grouped = None
    if at and group_row(_line(head[at - 1][1]), _line(header), ",", mapping):
        # ("Session" over "Title", "Track"; "Speaker" over "Name": `table.group_row`)
        number, groups = head[at - 1]
        names = under_groups(names, [g.strip() for g in groups], mapping)
        grouped = (number, ", ".join(repr(g.strip()) for g in groups if g.strip()))
    if any(c not in names for c in (mapping or {}).values()):
        return None
    # (the columns no header names, told by their values, as a CSV's are)
    found, said = by_values(names, [list(cells) for _, cells in sheet.rows[at + 1 :]], mapping)
    mapping = {**found, **(mapping or {})} or None
    cols = resolve([n for n in names if n], mapping)
    if "title" not in cols:
        return None
    rows: list[tuple[dict[str, Any], str]] = []
    timed = {cols[f]: f for f in ("date", "start", "end") if f in cols}  # (`serial`)
    repeated: list[str] = []  # the header row said again below it: no talk
    titled = names.index(cols["title"]) if cols["title"] in names else -1
    formulas: list[int] = []  # rows whose title is a formula with no value saved
    for number, cells in sheet.rows[at + 1 :]:
        if header_again(cells, names):
            repeated.append(f"sheet {sheet.name!r} row {number}")
            continue
        if (number, titled + 1) in sheet.unsaved and not "".join(cells[titled : titled + 1]):
            formulas.append(number)
            continue
        row: dict[str, Any] = {}
        for name, cell in zip(names, cells, strict=False):
            if name:
                row.setdefault(name, serial(cell, timed.get(name), sheet.epoch))
        rows.append((row, f"sheet {sheet.name!r} row {number}"))
    above = head[: at - 1] if grouped else head[:at]
    titles = tuple((n, " ".join(c for c in cells if c)) for n, cells in above)
    return _Table(
        sheet,
        titles,
        header_at,
        tuple(rows),
        bool(timed),
        grouped,
        tuple(repeated),
        tuple(formulas),
        mapping,
        tuple(said),
    )


# a number as a cell of General format shows one (a serial date "46059", a day's
# fraction "0.3958333333333333"), and the serial dates a program's days are among
_NUMBER = re.compile(r"\d{1,5}(?:\.\d+)?|\.\d+")
SERIAL_DAYS = (20_000, 80_000)  # 1954-10-03 to 2119-01-10


def serial(cell: str, fld: str | None, epoch: date = _EPOCHS[0]) -> str:
    """A date, start or end cell (`fld`) that holds a number, as a script or a CSV
    import writes Excel's dates and times in cells of General format, in ISO: in a
    date column a serial date ("46059": "2026-02-06"), in a start or end column a
    day's fraction ("0.3958333333333333": "09:30") or a serial date-time
    ("46059.395833": "2026-02-06T09:30"; a whole one is its day), counted from the workbook's `epoch`; any
    other cell as it is."""
    if fld is None or not _NUMBER.fullmatch(cell):
        return cell
    number = float(cell)
    if SERIAL_DAYS[0] <= number <= SERIAL_DAYS[1]:
        moment = datetime.combine(epoch, time()) + timedelta(minutes=round(number * 1440))
        if fld == "date" or moment.time() == time():
            return moment.date().isoformat()
        return f"{moment.date().isoformat()}T{_clock(moment.time())}"
    if fld != "date" and "." in cell and 0 <= number < 1:
        minutes = round(number * 1440)
        return _clock(time(minutes // 60, minutes % 60)) if minutes < 1440 else cell
    return cell


def read_workbook(data: bytes, document: str, options: Options) -> Result:
    """The talks of a workbook's tables, sheet by sheet, and the warnings."""
    book = sheets(data, document)
    warnings: list[str] = []
    tables: list[_Table] = []
    for sheet in book:
        if sheet.hidden:
            warnings.append(f"{document} sheet {sheet.name!r}: a hidden sheet; not read")
            continue
        found = _table(sheet, options.mapping)
        if found is None:
            if sheet.rows:
                warnings.append(
                    f"{document} sheet {sheet.name!r}: no table of talks (no header row "
                    "naming a title column); ignored"
                )
            continue
        tables.append(found)
    if any(t.timed for t in tables):
        for t in [t for t in tables if not t.timed]:
            warnings.append(
                f"{document} sheet {t.sheet.name!r}: its table gives no session times or "
                "dates, unlike the program's other sheets; ignored"
            )
        tables = [t for t in tables if t.timed]
    if not tables:
        named = ", ".join(repr(s.name) for s in book[:5]) + (", …" if len(book) > 5 else "")
        raise InputError(
            document,
            f"no sheet of this workbook ({named}) holds a table of talks: a header row "
            "naming a title column (Title, Session, Talk…); where a sheet names it "
            "otherwise, name the columns with --map FIELD=COLUMN (--map title=COLUMN)",
        )
    texts = [s.name for s in book] + [text for t in tables for _, text in t.titles]
    years = document_years(texts)  # (of a day named without its year)
    default = when.zone(options.default_tz) or UTC
    anywhere = stated_zone([text for t in tables for _, text in t.titles])
    fallback = anywhere or default
    if anywhere is None and (
        several := ambiguous_zone([text for t in tables for _, text in t.titles])
    ):
        warnings.append(ZoneUnknown(several))  # ("All times IST": no zone guessed)
    dated = [_day_named(t, years) for t in tables]
    # the conference the first title row names, as a CSV's (`table.title_conference`)
    first = next((t.titles[0][1] for t in tables if t.titles), "")
    named = title_conference(first, years) or ""
    days, weekdays = _weekday_sheets(tables, dated, document, options, years, fallback)
    talks: list[Talk] = []
    for t, day, weekday in zip(tables, days, weekdays, strict=True):
        read, said = _read(t, day, document, years, fallback, named)
        talks.extend(read)
        warnings.extend([weekday] if weekday else [])
        warnings.extend(said)
    return talks, warnings


def _day_named(t: _Table, years: tuple[int, ...]) -> date | None:
    """The day a sheet's title rows or its name name (`table.day_named`)."""
    titles = [text for _, text in t.titles]
    return next((d for text in [*titles, t.sheet.name] if (d := day_named(text, years))), None)


def _weekday_sheets(
    tables: list[_Table],
    days: list[date | None],
    document: str,
    options: Options,
    years: tuple[int, ...],
    fallback: tzinfo,
) -> tuple[list[date | None], list[str]]:
    """`days` (each sheet's, where its name or title names one) with the sheets named
    for a weekday alone ("Zaterdag", "Sunday": `when.weekday_named`) dated where the
    workbook's own dates anchor them, and what is said of each so dated. A sheet whose
    name or title names its day, or whose rows give dates on its weekday, is on that
    day; the other weekday sheets, in the
    workbook's order, are the days around it: a sheet after it the first day of its
    weekday after the sheet before, a sheet before it the last one before the sheet
    after ("Zaterdag" before "Zondag", whose row is dated Sunday 15 November, is
    Saturday 14 November). Only a sheet with a row that would read without its time
    is said; a workbook whose weekday sheets give no date keeps them undated."""
    weekdays = [
        when.weekday_named(t.sheet.name) if d is None else d.weekday()
        for t, d in zip(tables, days, strict=True)
    ]
    said = [""] * len(tables)
    if all(w is None or d for w, d in zip(weekdays, days, strict=True)):
        return days, said
    own: list[date | None] = []  # a weekday sheet's date, as its own rows give it
    lost: list[bool] = []  # whether a row of it reads without a time, undated
    for t, w, d in zip(tables, weekdays, days, strict=True):
        read = (
            []
            if w is None or d
            else read_rows(
                list(t.rows), document, NAME, fallback, "", None, years, mapping=t.mapping
            )[0]
        )
        dated = Counter(x.start.date() for x in read if x.start and x.start.weekday() == w)
        own.append(d or (dated.most_common(1)[0][0] if dated else None))
        lost.append(any(x.start is None for x in read))
    anchor = next((i for i, d in enumerate(own) if d is not None), None)
    if anchor is None:
        return days, said
    out = list(days)
    for step in (1, -1):
        near, by, i = own[anchor], tables[anchor].sheet.name, anchor
        while 0 <= i < len(tables) and near is not None:
            w = weekdays[i]
            if w is not None:
                gap = ((w - near.weekday()) * step - 1) % 7 + 1
                day = own[i] or near + timedelta(days=gap * step)
                how = (
                    "the day its own dated rows give"
                    if own[i]
                    else f"the {day:%A} {'after' if step > 0 else 'before'} sheet {by!r} "
                    f"({near:%Y-%m-%d})"
                )
                if lost[i] and days[i] is None:
                    said[i] = (
                        f"{document} sheet {tables[i].sheet.name!r}: named for a weekday "
                        f"({day:%A}); its rows that give no date are on {day:%Y-%m-%d}, {how}"
                    )
                out[i], near, by = day, day, tables[i].sheet.name
            i += step
    return out, said


def _read(
    t: _Table,
    day: date | None,
    document: str,
    years: tuple[int, ...],
    fallback: tzinfo,
    conference: str,
) -> tuple[list[Talk], list[str]]:
    """One sheet's talks (`table.read_rows`), on `day` (the one its name or a title
    row names, `_day_named`, or its weekday's, `_weekday_sheets`) where a row gives no
    date, in the zone its title rows state, of `conference` ("": the file's name)."""
    warnings = [f"{document} sheet {t.sheet.name!r}: {s}" for s in t.said]
    titles = [text for _, text in t.titles]
    if t.titles:
        first, last = t.titles[0][0], t.titles[-1][0]
        place = f"rows {first}-{last}" if last > first else f"row {first}"
        above = " / ".join(titles)
        on = f"; rows that give no date are on {day.isoformat()}" if day else ""
        warnings.append(
            f"{document} sheet {t.sheet.name!r} {place}: not the table but a title above "
            f"its header row (row {t.header_at}), skipped: {above[:160]!r}{on}"
        )
    if t.grouped:
        warnings.append(
            f"{document} sheet {t.sheet.name!r} row {t.grouped[0]}: a row of group headings "
            f"({t.grouped[1][:160]}) above the header row (row {t.header_at}), which names "
            "the columns: it is not the header, nor a talk"
        )
    if day is None and (why := yearless(t.sheet.name, years)):
        warnings.append(
            f"{document} sheet {t.sheet.name!r}: its name reads as a day but {why}; "
            "its rows' dates are their own"
        )
    warnings.extend(repeats_said(document, t.repeated))
    for number, column, error in t.sheet.errors:
        warnings.append(
            f"{document} sheet {t.sheet.name!r} row {number} column {column_letters(column)}: "
            f"Excel's error value {error!r} (a formula that failed); read as an empty cell"
        )
    for number in t.formulas:
        warnings.append(
            Unreadable(
                f"{document} sheet {t.sheet.name!r} row {number}: its title cell holds a formula "
                "with no value saved (the workbook was written by a program that does not "
                "compute formulas); open and save it in a spreadsheet program, then ingest "
                "again; skipped"
            )
        )
    zone = stated_zone([t.sheet.name, *titles]) or fallback
    read, said = read_rows(
        list(t.rows), document, NAME, zone, conference, day, years, mapping=t.mapping
    )
    if read and not any(x.room for x in read) and room_named(t.sheet.name):
        # a sheet per room ("Saal Wien", "Raum Graz"): its name is its talks' room
        read = [replace(x, room=t.sheet.name.strip()) for x in read]
        warnings.append(
            f"{document} sheet {t.sheet.name!r}: its rows name no room, and the sheet's "
            "name is one: its talks are in that room"
        )
    return read, warnings + said


def _text(text: str, document: str, options: Options) -> Result:
    """A workbook is read from its file's bytes (`read_workbook`), never as text."""
    raise InputError(
        document, "an Excel workbook is read from its file (talkbase ingest FILE.xlsx), not text"
    )


register(
    Format(
        NAME,
        5,
        lambda text: False,  # (told by its bytes: `is_workbook`)
        _text,
        suffixes=(".xlsx", ".xlsm"),
        table=True,
        looks_like_bytes=is_workbook,
        parse_bytes=read_workbook,
    )
)

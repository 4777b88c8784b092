"""Rows of a delimited table (CSV, TSV) whose cells are not as many as its header's
columns: a cell left out, or one too many, puts every cell after it under the wrong
column when the row is read by position.

Such a row is read by position where that puts each cell under a column that holds
its kind of value in the table's rows of the header's length (`column_kinds`: a date
column dates, a clock column clock times, a column of names or rooms neither), as a
row that leaves its last cells out does. Otherwise it is realigned (`realign`): the
one way of reading it with a cell or two missing or too many (`_placements`) that
puts each cell under a column of its kind is taken, and said; where none or several
fit, the cells every fitting reading places alike (by column name) are read, and
where they differ (or none fits) its cells of their column's kind where they stand;
the others are said not read. Its title cell as written is always its title (never a
cell missing or too many, whatever it reads as); the columns it leaves unread are
said (`Realigned.blanked`: the reader gives them no time or date from the row above).
A row of one filled cell (a day heading, a footer) is read as it is. The kinds of
values are told by the table reader's own readers of dates and clock times (`kind`,
passed in), a cell's as its column's.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

# the most cells missing and too many, together, a realigned row is read with
MOST = 2
# a reading of a row: the columns whose cell is missing, the cells too many
Reading = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Realigned:
    """A ragged row as read: the header's column indexes and their cells, and what to
    warn of it ("" where it is read by position and nothing is to be said)."""

    cells: dict[int, str]
    warning: str
    # the columns the realignment leaves blank where the row as written fills them, or
    # whose cell it reads as missing: their values are not read (nor taken from elsewhere)
    blanked: frozenset[int] = frozenset()
    # no reading with up to MOST cells missing or too many fits: read as written
    unplaced: bool = False


def column_kinds(
    header: Sequence[str], rows: Sequence[Sequence[str]], kind: Callable[[str, int], str]
) -> list[frozenset[str]]:
    """Per column, the kinds of the values its filled cells hold in `rows` (those of
    the header's length; `kind` of a cell and its column's index); an empty set where
    none is filled (any value fits it)."""
    seen: list[set[str]] = [set() for _ in header]
    for cells in rows:
        for i, cell in enumerate(cells[: len(header)]):
            if cell.strip():
                seen[i].add(kind(cell, i))
    return [frozenset(s) for s in seen]


def length(cells: Sequence[str], width: int) -> int:
    """How many cells a row has, less the blank ones after the header's last column
    (asked of every row of a table: no copy)."""
    n = len(cells)
    while n > width and not cells[n - 1].strip():
        n -= 1
    return n


def trimmed(cells: Sequence[str], width: int) -> list[str]:
    """A row's cells less the blank ones after the header's last column."""
    return list(cells[: length(cells, width)])


def _placements(n: int, width: int, title: int) -> Iterator[Reading]:
    """The ways of reading a row of `n` cells under `width` columns with up to `MOST`
    of its cells missing (column indexes, never the title's) or, in a row longer than
    the header, too many (cell indexes, never the title's own cell); the cells past the
    last column are not read.
    (A row shorter than the header has none too many: a cell that does not read as its
    column's kind there is a value of its own, "TBD".)"""
    columns = [c for c in range(width) if c != title]
    for gaps in range(MOST + 1):
        for drops in range(MOST + 1 - gaps if n > width else 1):
            for missing in itertools.combinations(columns, gaps):
                for extra in itertools.combinations((i for i in range(n) if i != title), drops):
                    if missing or extra:
                        yield missing, extra


def _laid(
    cells: Sequence[str], width: int, missing: tuple[int, ...], extra: tuple[int, ...]
) -> dict[int, str]:
    kept = [c for i, c in enumerate(cells) if i not in extra]
    columns = [c for c in range(width) if c not in missing]
    return dict(zip(columns, kept, strict=False))


def _fits(
    laid: dict[int, str], kinds: list[frozenset[str]], kind: Callable[[str, int], str]
) -> bool:
    return all(
        not cell.strip() or not kinds[c] or kind(cell, c) in kinds[c] for c, cell in laid.items()
    )


def _by_name(laid: dict[int, str], header: Sequence[str]) -> dict[str, str]:
    """A reading's values by column name (the first filled one of columns of one name)."""
    named: dict[str, str] = {}
    for c, cell in sorted(laid.items()):
        if cell.strip():
            named.setdefault(header[c], cell)
    return named


def realign(
    cells: Sequence[str],
    header: Sequence[str],
    kinds: list[frozenset[str]],
    kind: Callable[[str, int], str],
    title: int,
    place: str,
    delimiter: str = "",
) -> Realigned:
    """A row of other than the header's number of cells as read (see the module's
    text); `place` begins its warning ("prog.tsv line 9"), `title` is the title
    column's index: its cell as written stays its title, whatever it reads as
    ("2038-01-19"); `kind` of a cell and the index of the column it is judged for.
    A row of one cell too many whose cells are of their columns' kinds only with
    its title's cell and the next joined by the `delimiter` ("Scaling Postgres,
    replicas and pools": a title's comma left unquoted), the next going on in lower
    case or with a number and of no kind the column after the title holds (its dates,
    its clock times: never a column of text, whose cell it may be), is read so, and
    said; any other row of one cell too many says its title may have been cut."""
    width = len(header)
    row = trimmed(cells, width)
    as_written = dict(zip(range(width), row, strict=False))
    kinds = [frozenset() if c == title else k for c, k in enumerate(kinds)]
    titled = as_written.get(title, "")
    filled = sum(bool(c.strip()) for c in row)
    if filled < 2 or _fits(as_written, kinds, kind):
        # (one filled cell: a day heading, a footer or a note, read as they are)
        return Realigned(as_written, "")
    said = f"{place}: {len(row)} cells where the header has {width}"
    delimiter = delimiter if delimiter != "\t" else ""  # (titles hold no tab)
    if delimiter and len(row) == width + 1 and title + 1 < len(row):
        joined = [*row[:title], row[title] + delimiter + row[title + 1], *row[title + 2 :]]
        laid = dict(enumerate(joined))
        # (only where what follows the cut goes on as a title's words do, in lower case
        # or with a number: "…, replicas and pools", and can be no value of the column
        # after the title, one of dates or clock times: a cell of text may as well be
        # the next column's, an abstract or a speaker cut at its comma, "Rust basics,an
        # intro to ownership, borrowing…", "Keynote,danah boyd, bell hooks": only said)
        goes_on = row[title + 1].strip()[:1]
        after = kinds[title + 1] if title + 1 < width else frozenset()
        if (
            (goes_on.islower() or goes_on.isdigit())
            and after
            and kind(row[title + 1], title + 1) not in after
            and _fits(laid, kinds, kind)
        ):
            return Realigned(
                laid,
                f"{said}: read with the title's cell and the next joined, a {delimiter!r} "
                f"inside the title left unquoted: {joined[title].strip()[:80]!r} (quote "
                "such a title to be sure)",
            )
    # (a row of one cell too many that is not read so: its title may be cut there)
    cut = (
        f"; if a {delimiter!r} inside the title was left unquoted, the title was cut: "
        f"it is read as {titled.strip()[:80]!r}"
        if delimiter and len(row) == width + 1 and titled.strip()
        else ""
    )
    # the readings that put each cell under a column of its kind, by what they cost:
    # the cells missing or too many, then the filled cells they leave unread
    fits: dict[tuple[int, int], dict[tuple[tuple[int, str], ...], Reading]] = {}
    for missing, extra in _placements(len(row), width, title):
        laid = _laid(row, width, missing, extra)
        unread = filled - sum(bool(c.strip()) for c in laid.values())
        if len(row) <= width and unread:
            continue  # (a short row's cells are all read: none is past the last column)
        if (laid.get(title) == titled if titled.strip() else laid.get(title, "").strip()) and _fits(
            laid, kinds, kind
        ):
            cost = (len(missing) + len(extra), unread)
            fits.setdefault(cost, {}).setdefault(tuple(sorted(laid.items())), (missing, extra))
    fitting = fits[min(fits)] if fits else {}
    if len(fitting) == 1:
        (laid_items, (missing, extra)), *_ = fitting.items()
        laid = dict(laid_items)
        assumed = [f"the {header[c]!r} cell were missing" for c in missing]
        assumed += [f"the cell {row[i]!r} were one too many" for i in extra]
        kept = [c for i, c in enumerate(row) if i not in extra]
        past = [c for c in kept[width - len(missing) :] if c.strip()]
        left = f"; the cells past the header's columns are not read: {_shown(past)}" if past else ""
        return Realigned(
            laid,
            f"{said}: read as if {' and '.join(assumed)}{left}"
            + (cut if title + 1 in extra else ""),
            _blanked(laid, as_written, missing),
        )
    if fitting:
        named = [_by_name(dict(k), header) for k in fitting]
        laid = {}
        for c, name in enumerate(header):
            values = {n.get(name, "") for n in named}
            if len(values) == 1 and name not in {header[d] for d in laid}:
                laid[c] = values.pop()
        for c, cell in as_written.items():  # (where they disagree: the cell where it stands)
            if c not in laid and header[c] not in {header[d] for d in laid}:
                if cell not in laid.values() and _fits({c: cell}, kinds, kind):
                    laid[c] = cell
        why = (
            f"{len(fitting)} readings of it with a cell or two missing or too many put each "
            "date and clock time under a column of its kind; the cells they all place alike "
            "are read, and where they differ the cells of their column's kind where they stand"
        )
    else:
        laid = {c: v for c, v in as_written.items() if _fits({c: v}, kinds, kind)}
        why = (
            f"no reading of it with up to {MOST} cells missing or too many puts each date "
            "and clock time under a column of its kind; it is read as written, but for "
            "the cells not of their column's kind"
        )
    if not laid.get(title, "").strip() and as_written.get(title, "").strip():
        laid[title] = as_written[title]  # (the talk is kept, under its title as written)
    left_out = list(row)
    for value in laid.values():
        if value in left_out:
            left_out.remove(value)
    shown = _shown([c for c in left_out if c.strip()])
    unsaid = f"; not read: {shown}" if shown else ""
    return Realigned(
        laid, f"{said}: {why}{cut}{unsaid}", _blanked(laid, as_written, ()), unplaced=not fitting
    )


def _blanked(
    laid: dict[int, str], as_written: dict[int, str], missing: tuple[int, ...]
) -> frozenset[int]:
    return frozenset(
        c
        for c in set(as_written) | set(missing)
        if not laid.get(c, "").strip() and (c in missing or as_written.get(c, "").strip())
    )


def _shown(cells: Sequence[str]) -> str:
    return ", ".join(repr(c.strip()[:40]) for c in cells[:6]) + (", …" if len(cells) > 6 else "")

"""Reading program documents: decoding, format detection and dispatch.

Every format is registered in ingest/formats/registry.py by its own module
(`looks_like(text)`, `parse(text, document, options) -> (talks, warnings)`,
suffixes). Detection asks each in turn;
`--format` overrides it. Problems that stop a file raise `InputError` naming the
file and the place; problems with one talk become warnings and the rest of the
file still ingests. A file that looks cut short (a format's `CutShort` warning, or
a last character left incomplete) is still read, and its `ParsedDocument` says so
(`cut_short`), and so does one of which a record could not be read and was skipped
(a format's `Unreadable` warning: `unreadable`): what that means for a stored
version of it is the index's to decide.
A document that is one page of a paginated list says so too (`page`): the pages of
one list read together are one program (`join_pages`).
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from ingest.compressed import compression_of, inner_name, unpacked
from ingest.formats import registry
from ingest.formats.ical import mend_split_characters
from ingest.formats.jsonrecords import PageLeft
from ingest.formats.registry import (
    CutShort,
    Options,
    OwnExport,
    Unreadable,
    ZoneUnknown,
    ZoneUnread,
)
from ingest.language import program_language, title_tags
from ingest.limits import (
    REFUSED_SUFFIXES,
    archive_kind,
    cap_warnings,
    check_file,
    document_kind,
    limit_fields,
    mb,
    read_bytes,
    spreadsheet_kind,
    text_name,
    valid_error,
    valid_str,
)
from ingest.mixedbytes import Mixed, mostly_utf8
from ingest.proposals import on_program
from ingest.text import clean
from ingest.when import document_stem
from talkbase.core import settings
from talkbase.core.errors import InputError
from talkbase.core.records import Talk
from talkbase.core.terms import called_off, called_off_ahead, cancelled_in, format_label

# (importing ingest.formats.registry first imports ingest.formats, which registers
# the built-in formats)
STREAM_BYTES = 32 * 1024 * 1024
_HEAD_BYTES = 256 * 1024


@dataclass(frozen=True)
class ParsedDocument:
    path: str
    name: str  # file name, used as the document's identity in provenance
    format: str
    sha256: str
    talks: tuple[Talk, ...]
    warnings: tuple[str, ...]
    # the warning that the file looks cut short, where the reading noticed it (a row or
    # a character left incomplete at its end, a quote or a code block never closed)
    cut_short: str = ""
    # the warning of the first record the reading could not read and skipped (a
    # format's `Unreadable`: a line that is no JSON, a record without a title)
    unreadable: str = ""
    # the warning that it is one page of a paginated list, with what the page says of
    # the list (`PageLeft`), where the reading found one
    page: PageLeft | None = None
    # its conference is named after the files of the pages read with it (`join_pages`)
    from_file_names: bool = False
    # its text ends with no line's end: a file cut short may, a saved file seldom does
    # (index/build/identity.py reads it with the file's last talk: `trails_off`)
    ends_open: bool = False
    # the number of the ingest that stored this version of it (index/build/delta.py
    # `numbered`: each ingest one more; 0 in a base from before they were kept): where
    # documents disagree on a talk's time or room, the latest's win (ingest.merge.precedence
    # `SCHEDULE`, `_latest`); its title, speakers and the rest keep the present order
    ingested: int = 0
    # what it was read with besides its bytes (index/build/reading.py: the time zone,
    # conference, column map and format given); "" where not known (a base from before)
    read_with: str = ""

    @property
    def conferences(self) -> tuple[str, ...]:
        """The conference names its talks carry, first seen first."""
        return tuple(dict.fromkeys(t.conference for t in self.talks if t.conference))

    @property
    def from_stdin(self) -> bool:
        """Whether it was read from standard input (`parse_stdin`), not a file."""
        return self.path == STDIN_PATH

    @property
    def conference_from_file_name(self) -> bool:
        """True when the only name talkbase found is the file's own ("papers"), or
        the files' of the pages of one list read together (`join_pages`)."""
        return self.from_file_names or self.conferences == (document_stem(self.name),)


_BOMS = (  # longest first: the UTF-32-LE mark begins with the UTF-16-LE one
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def wide_encoding(data: bytes) -> tuple[str, int] | None:
    """(encoding, BOM length) of UTF-16 or UTF-32 text (Excel's "Unicode Text"),
    from its byte-order mark or, without one, from where its zero bytes fall."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return (name, len(bom)) if name != "utf-8" else None
    head = data[:4096]
    n = len(head) - len(head) % 4
    if n < 8:
        return None
    zeros = [head[i:n:4].count(0) / (n // 4) for i in range(4)]
    if zeros[0] < 0.1 and min(zeros[1:]) > 0.9:
        return "utf-32-le", 0
    if zeros[3] < 0.1 and min(zeros[:3]) > 0.9:
        return "utf-32-be", 0
    odd, even = (zeros[1] + zeros[3]) / 2, (zeros[0] + zeros[2]) / 2
    if odd > 0.6 and even < 0.1:
        return "utf-16-le", 0
    if even > 0.6 and odd < 0.1:
        return "utf-16-be", 0
    return None


def decode(data: bytes, path: str, mixed: list[Mixed] | None = None) -> str:
    """The text of a file's bytes; where it is UTF-8 but for a few lines, those lines
    read in a one-byte encoding, the lines and encoding put in `mixed` (`mostly_utf8`)."""
    if not data.strip():
        raise InputError(path, "the file is empty")
    wide = wide_encoding(data)
    if wide is not None:
        encoding, skip = wide
        try:
            text = data[skip:].decode(encoding)
        except UnicodeDecodeError as exc:
            raise InputError(
                path,
                f"the text looks like {encoding.upper()} but is not valid {encoding.upper()}",
                f"byte {exc.start + skip}",
            ) from exc
        if not text.strip():
            raise InputError(path, "the file is empty")
        return text
    if kind := spreadsheet_kind(data):
        raise InputError(
            path, f"{kind}, which talkbase does not read: export it as CSV and ingest that"
        )
    if kind := document_kind(data):
        raise InputError(
            path,
            f"{kind}, which talkbase does not read: save the program as HTML, Markdown or "
            "CSV and ingest that",
        )
    if kind := archive_kind(data):
        raise InputError(path, f"{kind}; unpack it and ingest the files inside")
    if b"\x00" in data[:4096]:
        raise InputError(path, "this is a binary file, not a program document")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.start >= len(data) - 3 and exc.reason == "unexpected end of data":
            # the file ends inside a character: cut short, not another encoding
            return data[: exc.start].decode("utf-8-sig")
        line = data[: exc.start].count(b"\n") + 1
        body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data  # (a UTF-8 mark, then not)
        if (lines := mostly_utf8(body, legacy_encoding)) is not None:
            if mixed is not None:
                mixed.append(lines)
            return lines.text
        legacy = legacy_encoding(body)
        if legacy is None:
            raise InputError(
                path, "the text is neither UTF-8 nor an encoding of one language", f"line {line}"
            ) from exc
        return body.decode(legacy)


# a text read as Windows-1252 whose letters are mostly outside ASCII is another
# alphabet's ("Äîêëàä÷èê" is Russian written in Windows-1251): Western European text
# writes most of its letters in ASCII, an accent here and there
FOREIGN_LETTERS = 0.5
# and a sign of Latin-1's between two letters ("Tytu³", "Za¿ó³æ": Polish in Windows-1250
# read as 1252) is another alphabet's letter; not the soft hyphen, the middle dot of
# "l·l", the ordinal marks or the micro sign, which words hold
_SIGN_IN_A_WORD = re.compile(
    r"(?<=[^\W\d_])[\u00a1-\u00a9\u00ab\u00ac\u00ae-\u00b4\u00b6\u00b8\u00b9\u00bb-\u00bf](?=[^\W\d_])"
)


def legacy_encoding(data: bytes) -> str | None:
    """The one-byte encoding a text that is no UTF-8 is written in: Windows-1252,
    unless most of the letters it reads are outside ASCII (FOREIGN_LETTERS) or a sign
    stands between two letters (`_SIGN_IN_A_WORD`), where the
    likeliest encoding whose text reads as a language is (charset-normalizer's:
    Windows-1251 for Russian, 1250 for Polish, 1253 for Greek), Windows-1252 still
    where none is or the guess reads the text as it does; None where no encoding
    reads it."""
    try:
        western = data.decode("cp1252")
    except UnicodeDecodeError:
        western = None
    if western is not None:
        letters = [c for c in western if c.isalpha()]
        foreign = sum(not c.isascii() for c in letters)
        mostly_ascii = not letters or foreign < FOREIGN_LETTERS * len(letters)
        if mostly_ascii and not _SIGN_IN_A_WORD.search(western):
            return "mac_roman" if _mac_roman(data, western) else "cp1252"
    from charset_normalizer import from_bytes  # (a file in UTF-8 never needs it)

    best = from_bytes(data).best()
    if best is None:
        return "cp1252" if western is not None else None
    if western is not None and str(best) == western:
        return "cp1252"
    return best.encoding


def _capital_in_a_word(text: str) -> bool:
    """Whether a capital outside ASCII stands right after a small letter ("CafŽ",
    "numŽrique": Mac Roman's é read as Windows-1252's Ž), where Western text writes
    its capitals first in a word."""
    return any(
        b.isupper() and not b.isascii() and a.islower()
        for a, b in zip(text, text[1:], strict=False)
    )


def _mac_roman(data: bytes, western: str) -> bool:
    """Whether a mostly-ASCII text no UTF-8 is in Mac Roman (old Excel for Mac's
    "CSV (Macintosh)"), not Windows-1252: read as Windows-1252 a capital outside ASCII
    stands right after a small letter somewhere (`_capital_in_a_word`), read as Mac
    Roman none does and every character outside ASCII is a letter ("Café"). Anything
    else (a quote, a dash, a text either reading leaves odd) stays Windows-1252."""
    if not _capital_in_a_word(western):
        return False
    mac = data.decode("mac_roman")
    return not _capital_in_a_word(mac) and all(c.isalpha() for c in mac if not c.isascii())


def cut_inside_character(data: bytes) -> bool:
    """Does UTF-8 `data` end in the middle of a character (a file cut short)?"""
    for back in range(1, min(4, len(data)) + 1):
        byte = data[-back]
        if byte < 0x80:
            return False
        if byte >= 0xC0:  # the lead byte of the last character
            return (2 if byte < 0xE0 else 3 if byte < 0xF0 else 4) > back
    return False


def detect(text: str, document: str = "") -> str | None:
    """The format of the data language `document`'s name says where it accepts `text`,
    else the first format whose `looks_like` accepts `text`, in detection order."""
    return registry.detect(text, document)


def parse_text(
    text: str,
    document: str,
    fmt: str | None = None,
    mapping: dict[str, str] | None = None,
    conference: str | None = None,
) -> tuple[str, list[Talk], list[str]]:
    """Parse one document's text; returns (format, talks, warnings).

    `mapping` names table columns for talkbase fields ({"title": "Paper Name"});
    `conference` names the conference of every talk (`ingest --conference`), over
    the document's own name for it. Fields over their limits are cut and the
    warnings capped (ingest/limits.py).
    """
    fmt, talks, warnings, *_ = _read(text, document, fmt, mapping, conference)
    return fmt, talks, warnings


def _read(
    text: str,
    document: str,
    fmt: str | None = None,
    mapping: dict[str, str] | None = None,
    conference: str | None = None,
) -> tuple[str, list[Talk], list[str], str, PageLeft | None, str]:
    """`parse_text`'s (format, talks, warnings), the format's warning that the text
    looks cut short ("" if none: see `_cut`), its warning that the text is one page
    of a paginated list (None if none), and its first warning of a record it could
    not read ("" if none: `_unreadable`)."""
    document = text_name(document)
    text = valid_str(text)  # a lone surrogate is no text (it never comes from a file)
    told = fmt is None
    if fmt is None:
        fmt = detect(text, document)
        table = _table_shape(text) if fmt is None else None
        if fmt is None and table is not None and mapping:
            named, header, _ = table
            if set(mapping.values()) <= set(header):  # --map names its columns: a table
                fmt = named
        if fmt is None:  # (a ".yml" that is no YAML: where its syntax breaks, as JSON's)
            registry.syntax_error(text, document)
        if fmt is None and table is not None:
            raise InputError(document, _unread_table(*table), "line 1")
        if fmt is None:
            raise InputError(
                document,
                "not a program format talkbase knows (looked for: "
                + ", ".join(f.name for f in registry.formats() if f.parse_bytes is None)
                + "); name one with --format",
                "line 1",
            )
    found = _format(fmt, document, mapping)
    try:
        return _parsed(
            found,
            lambda o: found.parse(text, document, o),
            len(text),
            document,
            mapping,
            conference,
        )
    except InputError:
        if told:  # (a ".toml" opening as JSON does, JSON's reader refusing it: TOML's error)
            registry.syntax_error(text, document)
        raise


def _table_shape(text: str) -> tuple[str, list[str], list[list[str]]] | None:
    """("csv" or "tsv", the header's cells, the first rows' cells) of a text whose
    first lines are rows of one delimiter (",", ";" or a tab) with the same count of
    cells, three or more; None for any other text. For a table no table format
    reads (its header names fewer than two known columns): to say so."""
    lines = [ln for ln in text.lstrip("\ufeff").splitlines()[:12] if ln.strip()]
    if len(lines) < 2:
        return None
    for delimiter, name in (("\t", "tsv"), (";", "csv"), (",", "csv")):
        try:
            rows = list(csv.reader(lines[:6], delimiter=delimiter))
        except csv.Error:
            continue
        counts = {len(r) for r in rows}
        if len(counts) == 1 and min(counts) >= 3:
            return name, [c.strip() for c in rows[0]], [[c.strip() for c in r] for r in rows[1:]]
    return None


def _grid(header: list[str], rows: list[list[str]]) -> bool:
    """Whether a table is a grid of rooms by times: its first column named a start
    ("Time") and holding clock times or ranges of two only, maybe each after its date
    ("2026-05-13 09:00-09:45"), each other column named nothing talkbase knows (a
    room's name: "Hall A") and its cells not clock times too ("Time,UTC,CET" converts
    times between zones)."""
    from ingest.formats.columns import resolve  # (the formats load after this module)
    from ingest.when import clocks, parse_date

    def timed(cell: str) -> bool:
        day, _, clock = cell.partition(" ")
        return bool(clocks(cell) or (clock and parse_date(day) and clocks(clock)))

    times = [r[0] for r in rows if r and r[0]]
    cells = [c for r in rows for c in r[1:] if c]
    return (
        list(resolve(header[:1])) == ["start"]
        and bool(times)
        and all(map(timed, times))
        and not all(map(timed, cells))
        and all(c and not resolve([c]) for c in header[1:])
    )


def _unread_table(kind: str, header: list[str], rows: list[list[str]]) -> str:
    """Why a table-shaped text is no table talkbase reads, truly: a grid of rooms by
    times (`_grid`); a header naming no column it knows; or one naming a single one
    ("Title"), where two are needed. The columns it does not know are named, and
    the --map example is one their values show (a column of dates: date=), else
    the title's where no column names it."""
    from ingest.formats.columns import resolve
    from ingest.formats.tablesniff import VALUE_WORDS, by_values

    table = kind.upper()
    if _grid(header, rows):
        rooms = ", ".join(repr(c) for c in header[1:6]) + (", ..." if len(header) > 6 else "")
        return (
            f"a grid of rooms by times ({table}: the rooms {rooms} as columns, the times of "
            f"column {header[0]!r} as rows), which talkbase does not read: write it as a "
            "table of one talk a row (title, start, room, ...)"
        )
    known = resolve(header)
    unknown = [c for c in header if c and c not in known.values()]
    listed = ", ".join(repr(c) for c in unknown[:6]) + (", ..." if len(unknown) > 6 else "")
    shown, _ = by_values(header, rows, None)
    example = ("title", unknown[0]) if "title" not in known and unknown else None
    example = example or next(iter(shown.items()), None)
    how = "name its columns with --map FIELD=COLUMN (title, start, date, speakers, room, ...)"
    how += f", e.g. --map {example[0]}={example[1]!r}" if example else ""
    if example and example[0] in VALUE_WORDS:
        how += f" (its cells are {VALUE_WORDS[example[0]]})"
    if not known:
        return f"a table ({table}) whose header names no column talkbase knows ({listed}): {how}"
    said = ", ".join(f"{c!r} (the {f})" for f, c in known.items())
    return (
        f"a table ({table}) whose header names only {said} of the columns talkbase knows, "
        f"where it reads a table by two at least; it does not know {listed}"
        + ("" if "title" in known else ", nor which is the title")
        + f": {how}"
    )


def _format(fmt: str, document: str, mapping: dict[str, str] | None) -> registry.Format:
    """The format named `fmt`, where it takes `mapping`; else an InputError."""
    found = registry.get(fmt)
    if found is None:
        raise InputError(document, f"unknown format {fmt!r}; known: {', '.join(registry.names())}")
    if mapping and not found.table:
        raise InputError(
            document,
            f"a column mapping applies to tables ({', '.join(registry.tables())}), not to {fmt!r}",
        )
    return found


def _parsed(
    found: registry.Format,
    parse: Callable[[Options], registry.Result],
    size: int,
    document: str,
    mapping: dict[str, str] | None,
    conference: str | None,
) -> tuple[str, list[Talk], list[str], str, PageLeft | None, str]:
    """`_read`'s result of a document of `size` characters (or bytes) that `parse`
    reads in the options given: the format's talks, checked for a zone assumed."""
    options = _options(mapping)
    try:
        talks, warnings = parse(options)
        if size <= ZONE_CHECK_CHARS and not settings.is_set("timezone"):
            # (first: it speaks of the whole document, and the cap keeps the first)
            warnings = [*_zone_assumed(parse, document, options, talks, warnings), *warnings]
    except InputError as exc:
        raise valid_error(exc) from exc.__cause__
    page = next((w for w in warnings if isinstance(w, PageLeft)), None)
    fmt = found.name
    cut, unread = _cut(warnings), _unreadable(warnings)
    return fmt, *finish(talks, warnings, document, fmt, conference), cut, page, unread


def _cut(warnings: list[str]) -> str:
    """The first of a format's warnings that says the document looks cut short (a
    `CutShort`, told before the warnings are capped), or ""."""
    return next((w for w in warnings if isinstance(w, CutShort)), "")


def _unreadable(warnings: list[str]) -> str:
    """The first of a format's warnings that says a record could not be read and was
    skipped (an `Unreadable`, told before the warnings are capped), or ""."""
    return next((str(w) for w in warnings if isinstance(w, Unreadable)), "")


def _options(mapping: dict[str, str] | None = None) -> Options:
    return Options(default_tz=settings.timezone(), mapping=mapping or None)


# A document is read a second time, in another zone, to tell whether it names its
# own (up to this size: a larger one, or one read line by line, is not checked)
ZONE_CHECK_CHARS = 20_000_000
# the zone of that second reading, 14 hours from UTC: never the default's (the check
# runs only where the user set no zone, so the first reading is in the default's)
_OTHER_ZONE = "Pacific/Kiritimati"


def _zone_assumed(
    parse: Callable[[Options], registry.Result],
    document: str,
    options: Options,
    talks: list[Talk],
    warnings: Sequence[str] = (),
) -> list[str]:
    """A warning where the document names no time zone for (some of) its times, so
    that they were read in TALKBASE_TIMEZONE's default: told by reading it again in
    another zone and finding its talks at other instants. Names how many talks that
    is, and what the document seems to say of its zone that was not read as one (its
    reading's `ZoneUnread` warning), where it says something. (A zone the user set is
    the one they chose: no warning then.)"""
    starts = [t.start for t in talks]
    if not any(starts):
        return []
    again, _ = parse(replace(options, default_tz=_OTHER_ZONE))
    if len(again) != len(talks):
        return []  # (a reading that depends on the zone in other ways: not compared)
    moved = sum(
        1
        for a, b in zip(starts, (t.start for t in again), strict=True)
        if a is not None and b is not None and a != b
    )
    if not moved:
        return []
    some = "its times" if moved == len(talks) else f"the times of {moved} of its {len(talks)} talks"
    said = next((w for w in warnings if isinstance(w, ZoneUnread)), None)
    names = f"{_NO_ZONE}{some}" if said is None else f"{_UNREAD}{some} ({said!r})"
    if isinstance(said, ZoneUnknown):
        names = f"{_UNKNOWN}{said}, for {some}"
    return [
        f"{document}{names}; they were read in {options.default_tz}, "
        "the default: if the conference is elsewhere, set TALKBASE_TIMEZONE to its zone "
        "and ingest again"
    ]


_NO_ZONE = ": names no time zone for "  # (the warnings `_zone_assumed` gives)
_UNREAD = ": says something talkbase cannot read as the time zone of "
_UNKNOWN = ": names the time zone "  # (of a `ZoneUnknown`)
_BORROWED = ", the zone of "  # (`zone_borrowed`'s)
_READ_IN = re.compile(
    f"(?:{re.escape(_NO_ZONE)}|{re.escape(_UNREAD)}|{re.escape(_UNKNOWN)})"
    + rf".*?; they were read in (\S+)(?:, the default|{re.escape(_BORROWED)})"
)


def zone_borrowed(document: str, zone: str, other: str) -> str:
    """The warning of a document naming no zone for its times, read in the zone of
    `other`, which holds the same program (index/build/kindred.py): in place of the
    default's (`_zone_assumed`), and read by `zone_assumed` as it is."""
    return (
        f"{document}{_NO_ZONE}its times; they were read in {zone}{_BORROWED}{other}, "
        "which holds the same program"
    )


def zone_of_conference(document: str, zone: str, conference: str) -> str:
    """The warning of a document naming no zone for its times, read in `zone`, the one
    zone of every talk the base holds of its `conference` (index/build/kindred.py): a
    supplement to a stored program is on its clock, not the default's; read by
    `zone_assumed` as the others are."""
    return (
        f"{document}{_NO_ZONE}its times; they were read in {zone}{_BORROWED}the conference "
        f"{conference!r}, whose other talks are all in it"
    )


def zone_assumed(warnings: Sequence[str]) -> str | None:
    """The zone a document's times were read in for want of one it names (the
    default's, as its warning says: `_zone_assumed`, or that of another document of
    the same program: `zone_borrowed`); None where it names its own."""
    for w in warnings:
        if (found := _READ_IN.search(w)) is not None:
            return found.group(1)
    return None


def finish(
    talks: list[Talk], warnings: list[str], document: str, fmt: str, conference: str | None = None
) -> tuple[list[Talk], list[str]]:
    """What every parser's result goes through: limits, conference, warning cap."""
    if not talks:  # (where its only rows were cut off, the place they were cut)
        where, _, said = _cut(warnings).removeprefix(document).strip().partition(": ")
        if said and where.startswith("line"):
            raise InputError(document, f"no talks found when read as {fmt!r}: {said}", where)
        raise InputError(document, f"no talks found when read as {fmt!r}")
    talks, unlisted = on_program(talks, document)  # (a CfP's proposals left out)
    ahead = [called_off_ahead(t.title) if not t.cancelled else "" for t in talks]
    titles = [t.title for t in talks]  # (as written, for what is said of them)
    talks = [_led(_off(t)) for t in talks]
    heads = [w and o[: o.rfind(t.title)] for w, o, t in zip(ahead, titles, talks, strict=True)]
    restored = any(isinstance(w, OwnExport) for w in warnings)  # (languages as the base's)
    warnings = [w for w in warnings if not isinstance(w, ZoneUnread | OwnExport)] + unlisted
    if not restored:
        talks = program_language(title_tags(talks))
    if any(ahead):
        talks = _off_ahead(talks, list(zip(ahead, heads, titles, strict=True)), document, warnings)
    talks = [limit_fields(t, document, warnings) for t in talks]
    name = clean(conference or "")
    if name:
        talks = [replace(t, conference=name) for t in talks]
    return talks, cap_warnings(warnings, document)


def _off_ahead(
    talks: list[Talk], ahead: list[tuple[str, str, str]], document: str, warnings: list[str]
) -> list[Talk]:
    """The talks whose title began with a word for cancelled (`ahead`: each one's word,
    the words before its title read and its title as written, "Batal", "Batal: ",
    "Batal: a new language": `terms.called_off_ahead`), a word that may be the title's
    own: called off where it is English's or in a language the program's talks are in,
    or where no talk's language is known, said so; else kept as taking place, the
    title whole, said so too (sweep 24). A word in brackets ("[Batal] …") or a status
    says it as no title does, unsaid."""
    known = {t.language for t in talks if t.language}
    out = []
    for talk, (word, head, title) in zip(talks, ahead, strict=True):
        if not word:
            out.append(talk)
            continue
        where = f"{document} {talk.sources[0].location}" if talk.sources else document
        if not known or cancelled_in(word) & (known | {"en"}):
            warnings.append(
                f"{where}: {title!r} is read as cancelled: its title begins with {word!r}"
            )
            out.append(talk)
            continue
        warnings.append(
            f"{where}: {title!r} begins with {word!r}, a word for cancelled in no language "
            f"of this program: kept as taking place (a status column, or '[{word}]' before "
            "the title, calls it off)"
        )
        notes = tuple(n for n in talk.notes if n[0] != "Status")
        out.append(replace(talk, title=head + talk.title, notes=notes))
    return out


def _off(talk: Talk) -> Talk:
    """A talk whose title calls it off (`terms.called_off`: "[CANCELLED] Kafka",
    "Abgesagt – Rust", "~~Vue 4~~"), in whatever format, as one whose status does:
    its title without the word, the word its "Status" note."""
    title, word = called_off(talk.title)
    if not word or talk.cancelled:
        return talk
    notes = tuple(n for n in talk.notes if n[0] != "Status")
    return replace(talk, title=title, notes=(*notes, ("Status", word)))


def _led(talk: Talk) -> Talk:
    """A talk of no format whose title's label before a colon names one
    (`terms.format_label`: "Workshop: Rust", "Työpaja: Docker", "Радионица: Kubernetes"),
    in whatever format, as one of that format; its title kept whole, as written."""
    if talk.format:
        return talk
    fmt = format_label(talk.title)
    return replace(talk, format=fmt) if fmt else talk


def parse_path(
    path: str | Path,
    fmt: str | None = None,
    mapping: dict[str, str] | None = None,
    conference: str | None = None,
) -> ParsedDocument:
    """Read one program file: a regular file within the size limit (else an
    InputError naming it, without opening it), decompressed where it is compressed
    (ingest/compressed.py), decoded, detected and parsed. `STDIN` ("-") reads standard
    input (`parse_stdin`)."""
    if str(path) == STDIN:
        return parse_stdin(fmt, mapping, conference)
    p = Path(path)
    shown, name = text_name(p), text_name(p.name)
    size = check_file(p)
    if size > STREAM_BYTES:
        try:
            streamed = _parse_streaming(p, fmt, mapping, conference)
        except OSError as exc:
            raise InputError(shown, f"cannot read the file ({exc.strerror})") from exc
        if streamed is not None:
            return streamed
    return _document(unpacked(read_bytes(p), shown), shown, name, fmt, mapping, conference)


# The path that names standard input (the Unix convention: `talkbase ingest -`), and
# the path its document is stored with: no file's, so that no file is ever taken for
# it (index/build/identity.py tells its versions apart by their programs only)
STDIN = "-"
STDIN_PATH = "<stdin>"
STDIN_NAME = "stdin"


def stdin_name(conference: str | None = None) -> str:
    """The name of the document read from standard input: "stdin", or where the
    conference is named (`ingest --conference`), "stdin (NAME)", so that programs of
    several conferences piped in one after another are documents of their own names
    (a "/" in it written "-": a document's name is a file name)."""
    name = clean(conference or "").replace("/", "-")
    return f"{STDIN_NAME} ({name})" if name else STDIN_NAME


def parse_stdin(
    fmt: str | None = None,
    mapping: dict[str, str] | None = None,
    conference: str | None = None,
    stream: io.BufferedIOBase | BinaryIO | None = None,
) -> ParsedDocument:
    """Read one program from standard input (or `stream`), as `parse_path` reads a
    file: within the size limit, decompressed where it is compressed, its format told
    by what it holds (or `fmt`); the document named `stdin_name`, stored with the path
    `STDIN_PATH`."""
    source = stream if stream is not None else sys.stdin.buffer
    limit = settings.max_file_bytes()
    try:
        data = source.read(limit + 1)
    except OSError as exc:
        raise InputError(STDIN_PATH, f"cannot read standard input ({exc.strerror})") from exc
    if len(data) > limit:
        raise InputError(
            STDIN_PATH, f"the input is over the limit of {mb(limit)} (TALKBASE_MAX_FILE_MB)"
        )
    data = unpacked(data, STDIN_PATH)
    return _document(data, STDIN_PATH, stdin_name(conference), fmt, mapping, conference)


def _document(
    data: bytes,
    shown: str,
    name: str,
    fmt: str | None,
    mapping: dict[str, str] | None,
    conference: str | None,
) -> ParsedDocument:
    """The document of `data`, the bytes read from `shown` (a path), named `name`."""
    binary = _binary(data, shown, fmt, mapping)
    if binary is not None:  # (an Excel workbook: read from its bytes, never decoded)
        read = binary.parse_bytes or (lambda *_: ([], []))
        found, talks, warnings, cut, page, unread = _parsed(
            binary, lambda o: read(data, name, o), len(data), name, mapping, conference
        )
    else:
        mixed: list[Mixed] = []
        text = decode(mend_split_characters(data), shown, mixed)
        found, talks, warnings, cut, page, unread = _read(text, name, fmt, mapping, conference)
        warnings += [m.warning(name) for m in mixed]
        if wide_encoding(data) is None and cut_inside_character(data):
            warnings.append(
                f"{name}: the file ends in the middle of a character; it looks cut "
                "short, so its last talk may be incomplete"
            )
            cut = cut or warnings[-1]
    return ParsedDocument(
        path=shown,
        name=name,
        format=found,
        sha256=hashlib.sha256(data).hexdigest(),
        talks=tuple(talks),
        warnings=tuple(warnings),
        cut_short=cut,
        unreadable=unread,
        page=page,
        ends_open=not data.endswith((b"\n", b"\r")),
    )


def join_pages(parsed: list[ParsedDocument]) -> list[ParsedDocument]:
    """The documents read together, the pages of one paginated list among them read
    as one program: pages of one format whose links name the same list
    (`PageLeft.listing`, the same address without the query) and that count the same
    number of records. Each page loses its warning; the pages together hold the
    list, or the last of them warns once, naming the next pages they link to. Their
    conference, where each was named after its own file, is named after the files
    together: the start of their names they share ("talks_page1", "talks_page2":
    "talks_page"), else the first page's; a conference a page names (or
    `--conference`) is kept. Any other document is returned as it is."""
    groups: dict[tuple[str, str | None, int], list[int]] = {}
    for n, doc in enumerate(parsed):
        if doc.page is not None:
            groups.setdefault((doc.format, doc.page.listing, doc.page.total), []).append(n)
    out = list(parsed)
    for (_, listing, total), members in groups.items():
        docs = [parsed[n] for n in members]
        pages = {d.sha256: d.page for d in docs if d.page is not None}  # (a page given twice)
        if len(pages) < 2:
            continue
        held = sum(p.held for p in pages.values())
        named = [d for d in docs if d.conference_from_file_name]
        by_file = {id(d) for d in named}
        stems = [document_stem(d.name) for d in named]
        shared = os.path.commonprefix(stems).rstrip("0123456789 _-.") if stems else ""
        name = shared if len(shared) >= 3 else stems[0] if stems else ""
        nexts = list(dict.fromkeys(p.next for p in pages.values() if p.next))
        left = (
            f"{', '.join(d.name for d in docs)}: pages of one paginated list"
            f"{f' ({listing})' if listing else ''} holding {held} of the {total} records its "
            f"API counts; the pages not given among those they link to as next "
            f"({', '.join(nexts) or 'none named'}) must be fetched and ingested too"
        )
        for n, doc in zip(members, docs, strict=True):
            warnings = [w for w in doc.warnings if w != doc.page]
            if n == members[-1] and held < total:
                warnings.append(left)
            talks = doc.talks
            if id(doc) in by_file and name:
                talks = tuple(replace(t, conference=name) for t in talks)
            out[n] = replace(
                doc, talks=talks, warnings=tuple(warnings), from_file_names=id(doc) in by_file
            )
    return out


def _binary(
    data: bytes, shown: str, fmt: str | None, mapping: dict[str, str] | None
) -> registry.Format | None:
    """The binary format a file is read in (an Excel workbook: told by its bytes, or
    named), or None for a text file; an InputError where the format named is not the
    file's (a workbook named as 'csv', a text named as 'xlsx')."""
    told = registry.detect_bytes(data)
    if told is not None and fmt not in (None, told):
        raise InputError(
            shown,
            f"this file is {told!r} (told by its bytes), not {fmt!r}: ingest it without --format",
        )
    named = registry.get(fmt or told or "")
    if named is None or named.parse_bytes is None:
        return None  # (a text file: an unknown format is `_read`'s to refuse)
    if told is None:
        raise InputError(shown, f"not a {fmt!r} file: name another format with --format, or none")
    return _format(named.name, shown, mapping)


def expand(paths: Iterable[str | Path]) -> list[Path]:
    """Files named, and the program files inside folders named (sorted, no hidden)."""
    return expand_all(paths)[0]


def expand_all(
    paths: Iterable[str | Path],
    follow_links: bool | None = None,
    notices: list[str] | None = None,
) -> tuple[list[Path], list[InputError]]:
    """(files to read, files skipped with the reason). A file named is read whatever
    its name, and `STDIN` ("-") stands for standard input, read once however often it is
    named; inside a folder only files with a program suffix are, compressed
    too ("p.csv.gz": ingest/compressed.py; not hidden ones,
    not extensionless ones, not README.md), and a symbolic link that leads out of the
    folder is skipped unless `follow_links` (default: TALKBASE_FOLLOW_LINKS). A file
    named twice, or named beside a folder that holds it, is read once: it is one
    document (read twice, it was stored as two, "x.csv (2)" and "x.csv (3)", and the
    one a later ingest of the file did not replace kept its old times and speakers).
    Likewise a symbolic link inside a folder to a file the folder holds too is read
    once, as that file, and `notices` says so; a link to nothing is skipped, named."""
    follow = settings.follow_links() if follow_links is None else follow_links
    suffixes = registry.suffixes()
    out: list[Path] = []
    skipped: list[InputError] = []
    seen: set[Path] = set()

    def add(f: Path) -> None:
        if (where := Path(os.path.abspath(f))) not in seen:  # (a link is a file of its own)
            seen.add(where)
            out.append(f)

    for raw in paths:
        p = Path(raw)
        if str(raw) == STDIN:  # (standard input: `parse_path` reads it)
            if STDIN not in {str(f) for f in out}:
                out.append(p)
        elif p.is_dir():
            root = p.resolve()
            found: list[tuple[Path, bool]] = []  # (file, whether it is reached by a link)
            unread: list[str] = []  # (files of no program suffix: named in `notices`)
            for f in sorted(p.rglob("*")):
                rel = f.relative_to(p)
                suffix = Path(inner_name(f.name)).suffix.lower()  # ("p.csv.gz": ".csv")
                if any(part.startswith(".") for part in rel.parts) or f.name.lower() in {
                    "readme.md",
                    "source.md",
                }:
                    continue
                if suffix not in suffixes and suffix not in REFUSED_SUFFIXES:
                    if f.is_file():  # (a zip, an .ods: read as named, to say why not)
                        unread.append(text_name(rel))
                    continue
                linked = any(
                    (p / Path(*rel.parts[:k])).is_symlink() for k in range(1, len(rel.parts) + 1)
                )
                if linked and not f.exists():
                    skipped.append(
                        InputError(text_name(f), f"a symbolic link to {_link_target(f)}; not read")
                    )
                    continue
                if not follow and linked:
                    target = f.resolve()
                    if not target.is_relative_to(root):
                        skipped.append(
                            InputError(
                                text_name(f),
                                "a symbolic link that leads "
                                "out of the folder; not followed (set "
                                "TALKBASE_FOLLOW_LINKS=yes to follow it)",
                            )
                        )
                        continue
                if f.is_dir():
                    continue
                if not f.is_file():
                    skipped.append(
                        InputError(
                            text_name(f), "not a regular file (a FIFO, device or socket); not read"
                        )
                    )
                    continue
                found.append((f, linked))
            if unread and notices is not None:
                shown = ", ".join(unread[:8]) + (
                    f" and {len(unread) - 8} more" if len(unread) > 8 else ""
                )
                notices.append(
                    f"{text_name(p)}: left out {len(unread)} file(s) whose names end in no"
                    f" program file's extension ({shown}); name a file to read it"
                )
            # a file reached both as itself and by a link (or by two links) is one document
            held: dict[Path, Path] = {}
            for f, _ in sorted(found, key=lambda fl: fl[1]):  # files first, then links
                held.setdefault(f.resolve(), f)
            for f, _ in found:
                kept = held[f.resolve()]
                if kept == f:
                    add(f)
                elif notices is not None:
                    notices.append(
                        f"{text_name(f)}: a symbolic link to {text_name(kept)}, which is "
                        "read in this folder too: read once, as that file"
                    )
        elif p.exists() or p.is_symlink():
            add(p)
        else:
            raise InputError(text_name(p), "no such file or folder")
    return out, skipped


def _link_target(f: Path) -> str:
    """What a link that leads to nothing names, said: "a missing file (nowhere.csv)"."""
    try:
        return f"a missing file ({text_name(os.readlink(f))})"
    except OSError:  # a folder on its way is the dangling link
        return "a missing file"


def _hashed_lines(f: io.BufferedReader, update: Callable[[bytes], object]) -> Iterator[str]:
    """Decode UTF-8 lines as they are read, hashing the bytes on the way."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    for raw in f:
        update(raw)
        yield decoder.decode(raw)
    tail = decoder.decode(b"", final=True)
    if tail:
        yield tail


def _parse_streaming(
    p: Path, fmt: str | None, mapping: dict[str, str] | None = None, conference: str | None = None
) -> ParsedDocument | None:
    """Read a large line-based table without loading it whole; None if it is not one."""
    name = text_name(p.name)
    with p.open("rb") as f:
        head = f.read(_HEAD_BYTES)
    if b"\x00" in head[:4096] or registry.detect_bytes(head) or compression_of(head):
        return None
    found = fmt or detect(head.decode("utf-8-sig", errors="ignore"))
    reader = registry.get(found) if found else None
    if reader is None or reader.parse_lines is None:
        return None
    digest_ = hashlib.sha256()
    with p.open("rb") as f:
        try:
            talks, warnings = reader.parse_lines(
                _hashed_lines(f, digest_.update), name, _options(mapping)
            )
        except UnicodeDecodeError:
            return None  # not UTF-8: read it whole, with the Windows-1252 fallback
    cut, unread = _cut(warnings), _unreadable(warnings)
    talks, warnings = finish(talks, warnings, name, reader.name, conference)
    return ParsedDocument(
        path=text_name(p),
        name=name,
        format=reader.name,
        sha256=digest_.hexdigest(),
        talks=tuple(talks),
        warnings=tuple(warnings),
        cut_short=cut,
        unreadable=unread,
        ends_open=_ends_open(p),
    )


def _ends_open(p: Path) -> bool:
    """Whether a file's last byte is no line's end."""
    with p.open("rb") as f:
        f.seek(0, io.SEEK_END)
        if f.tell() == 0:
            return False
        f.seek(-1, io.SEEK_END)
        return f.read(1) not in (b"\n", b"\r")

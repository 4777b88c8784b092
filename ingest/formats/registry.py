"""The program formats, by name: each format module registers one `Format` (or,
for tables, several) when it is imported; `ingest/formats/__init__.py` imports
the built-in ones. Detection asks each format in `rank` order, lowest first:
the structured formats (a JSON schedule, <schedule>, BEGIN:VCALENDAR, a JSON
Lines record, JSON, YAML) first, each needing its own syntax (YAML: key lines
and no prose at the margin, so never Markdown); then the digest and the blog
post; then tables by their header row; Markdown, the loosest, last.

A binary format (an Excel workbook: ingest/formats/xlsx.py) is told by a file's
bytes (`looks_like_bytes`) and read from them (`parse_bytes`), before the file is
decoded as text.

To add a format: write `ingest/formats/<name>.py` with `looks_like(text)` and
`parse(...)`, end it with `register(Format(...))`, import it in
`ingest/formats/__init__.py`, and add its row to the README's table of formats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ingest.compressed import inner_name
from talkbase.core.records import Talk

Result = tuple[list[Talk], list[str]]  # the talks of a document, and warnings


class CutShort(str):
    """A warning that the document looks cut short (a download or a save that
    stopped in the middle): a format says so by giving its warning as this type, and
    the parsed document is then marked as looking cut short
    (ingest/detect.py `ParsedDocument.cut_short`)."""

    __slots__ = ()


def cut_short(document: str, line: int, left_open: str, last: str | None) -> CutShort:
    """The warning that `document` looks cut short, where a reading keeps what it read:
    `left_open` says what is left open at `line` ("a code block opened here is never
    closed", "the page ends inside a table"); `last` is the title of its last talk,
    which may be incomplete (None: the file may lack its last talks)."""
    kept = f"the last talk ({last[:60]!r}) may be incomplete" if last else "it may lack talks"
    return CutShort(f"{document} line {line}: {left_open}; the file looks cut short, so {kept}")


def not_valid(language: str, why: str, text: str, line: int) -> str:
    """The refusal of a document its data language cannot parse (JSON, XML), where
    it breaks at `line` (`why`: the parser's words): one whose text ends there (its
    last line with text) stops before it closes, so says it looks cut short."""
    if line >= len(text.rstrip().splitlines()):
        return (
            f"the {language} stops before it closes (the file ends there): it looks cut "
            "short; download or save it again"
        )
    return f"not valid {language} ({why})"


class Unreadable(str):
    """A warning that a record of the document could not be read and was skipped (a
    JSON Lines line that is no JSON, a record or row without a title, a CSV row a
    stray quote mangled): a format says so by giving its warning as this type, and
    the parsed document then names the first (ingest/detect.py
    `ParsedDocument.unreadable`): a new version of a stored program is not let remove
    stored talks that such a record may hold (index/build/identity.py `_cut`)."""

    __slots__ = ()


class ZoneUnread(str):
    """What a document says of its times' zone that no reading of it reads as one
    ("All times Central Daylight": `mdparts.zone_said`), given as a warning of this
    type: ingest/detect.py names it in its warning that the times were read in the
    default zone, and drops it otherwise."""

    __slots__ = ()


class ZoneUnknown(ZoneUnread):
    """A zone a document names for its times by a name that neither the tz database
    nor the document itself defines (an iCalendar TZID "Mars/Olympus" without its
    VTIMEZONE), given as a `ZoneUnread` whose text is that name and why it is
    unknown ("'Mars/Olympus', which neither the tz database nor a VTIMEZONE in it
    defines"): ingest/detect.py says the document names that zone, not none."""

    __slots__ = ()


class OwnExport(str):
    """Given among a document's warnings, never shown: the document is talkbase's own
    export (its CSV, its JSON lines: `exportcsv.own_export`, `own_record`), whose
    talks are as the base held them, their languages decided in their programs
    (ingest/detect.py `finish` reads none into those the base knew none of), so that
    a base restored from its export holds what it held."""

    __slots__ = ()


@dataclass(frozen=True)
class Options:
    """What every parse is given: the time zone of times that name none
    (TALKBASE_TIMEZONE), and for tables the column mapping (`--map`)."""

    default_tz: str = "UTC"
    mapping: dict[str, str] | None = None


@dataclass(frozen=True)
class Format:
    name: str  # the `--format` name, and what a document's provenance records
    rank: int  # detection order: lower is asked first
    looks_like: Callable[[str], bool]
    parse: Callable[[str, str, Options], Result]  # (text, document name, options)
    suffixes: tuple[str, ...] = ()  # of the files read from inside a folder
    table: bool = False  # takes a column mapping (--map)
    # reads a large file line by line instead of whole (CSV, TSV, JSON Lines)
    parse_lines: Callable[[Iterable[str], str, Options], Result] | None = None
    # a binary format (an Excel workbook): told by its file's bytes, before any text
    # format is asked (its `looks_like` accepts no text), and read from them
    looks_like_bytes: Callable[[bytes], bool] | None = None
    parse_bytes: Callable[[bytes, str, Options], Result] | None = None
    # a data language's reader (YAML's, TOML's: (text, document name) -> its tree), which
    # raises an InputError naming the line and column where a text breaks its syntax: a
    # file of one of `suffixes` that no format recognises is read with it, so that a
    # broken one is refused with what is wrong there (`syntax_error`)
    syntax: Callable[[str, str], object] | None = None


_FORMATS: dict[str, Format] = {}


def register(fmt: Format) -> Format:
    if fmt.name in _FORMATS:
        raise ValueError(f"the format {fmt.name!r} is registered twice")
    if any(f.rank == fmt.rank for f in _FORMATS.values()):
        raise ValueError(f"the format {fmt.name!r} takes a rank already taken ({fmt.rank})")
    _FORMATS[fmt.name] = fmt
    return fmt


def formats() -> tuple[Format, ...]:
    """Every registered format, in detection order."""
    return tuple(sorted(_FORMATS.values(), key=lambda f: f.rank))


def names() -> tuple[str, ...]:
    """The `--format` names, in detection order."""
    return tuple(f.name for f in formats())


def get(name: str) -> Format | None:
    return _FORMATS.get(name)


def detect(text: str, document: str = "") -> str | None:
    """The format of the data language `document`'s name says (`_named`: a ".toml" file
    opening with `[[talks]]` is TOML, not a JSON list), where it accepts `text`; else the
    first format (in rank order) whose `looks_like` accepts `text`; or None."""
    named = _named(document)
    if named is not None and named.looks_like(text):
        return named.name
    return next((f.name for f in formats() if f.looks_like(text)), None)


def _named(document: str) -> Format | None:
    """The format of a data language (one with a `syntax` reader: YAML, TOML) that
    alone reads files of `document`'s suffix (of the document inside, for a compressed
    file's name: "talks.yml.gz" is read as "talks.yml"); None for any other name."""
    document = inner_name(document)
    suffix = "." + document.rpartition(".")[2].lower() if "." in document else ""
    claimed = [f for f in formats() if suffix in f.suffixes]
    return claimed[0] if len(claimed) == 1 and claimed[0].syntax is not None else None


def detect_bytes(data: bytes) -> str | None:
    """The first binary format (in rank order) that tells `data` as its own, or None."""
    return next(
        (f.name for f in formats() if f.looks_like_bytes and f.looks_like_bytes(data)), None
    )


def syntax_error(text: str, document: str) -> None:
    """Where `document`'s name ends in the suffix of a data language (".yml", ".toml")
    that only one format reads: that format's `syntax` reader's InputError, if the
    text breaks its syntax (JSON's readers take any text that opens as JSON does and
    say so themselves). Nothing otherwise."""
    named = _named(document)
    if named is not None and named.syntax is not None:
        named.syntax(text, document)


def suffixes() -> frozenset[str]:
    """The file suffixes read from inside a folder (lowercase, with the dot)."""
    return frozenset(s for f in formats() for s in f.suffixes)


def tables() -> tuple[str, ...]:
    """The formats a column mapping applies to, as told (the most common first)."""
    return tuple(f.name for f in reversed(formats()) if f.table)


def streaming() -> tuple[str, ...]:
    """The formats a large file of is read line by line."""
    return tuple(f.name for f in formats() if f.parse_lines is not None)

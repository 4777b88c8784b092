"""Limits on untrusted input, checked where it enters (settings in talkbase/core/settings.py).

- a program file is a regular file no bigger than TALKBASE_MAX_FILE_MB; FIFOs,
  devices and sockets are refused by name after a `stat`, without being opened
  (opening a FIFO blocks; reading /dev/zero never ends);
- an abstract or note longer than TALKBASE_MAX_FIELD_CHARS is cut at a sentence
  boundary with a warning (never rejected); titles and other short fields stop at
  SHORT_FIELD characters;
- a file keeps at most TALKBASE_MAX_WARNINGS warnings, then one "… and N more" line;
- an end before the start or more than a day after it is dropped with a warning;
- a date beyond any program's (a placeholder's "9999-12-31") is no time of a talk:
  the talk is kept without one, with a warning;
- a file name that is not valid text (bytes that are not UTF-8) is shown and stored
  with U+FFFD in place of each bad byte;
- a spreadsheet (Excel .xlsx, OpenDocument .ods) is told by its zip signature and the
  content type inside, not its name (`spreadsheet_kind`): an Excel workbook is read
  (ingest/formats/xlsx.py), an .ods refused saying what it is and to export it as CSV;
  a PDF, Word or OpenDocument text is refused so, saying to save it as HTML, Markdown
  or CSV (`document_kind`).
"""

from __future__ import annotations

import io
import os
import re
import stat
import zipfile
from dataclasses import replace
from pathlib import Path

from ingest import when
from talkbase.core import settings
from talkbase.core.errors import InputError
from talkbase.core.records import Speaker, Talk
from talkbase.core.when import PROGRAM_YEARS, program_date

SHORT_FIELD = 1000

_KINDS = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a folder"),
)


def text_name(name: str | os.PathLike[str]) -> str:
    """A path as valid text: undecodable bytes (kept by Python as lone surrogates)
    become U+FFFD, so the name can be printed and written to the database."""
    raw = os.fspath(name)
    try:
        raw.encode("utf-8")
        return raw
    except UnicodeEncodeError:
        pass
    try:
        data = raw.encode("utf-8", "surrogateescape")  # the bytes the name had on disk
    except UnicodeEncodeError:
        data = raw.encode("utf-8", "replace")  # a surrogate that was never a byte
    return data.decode("utf-8", "replace")


def check_file(path: Path) -> int:
    """The size of `path` if it is a regular file within the size limit; else an
    InputError naming it. Nothing is opened."""
    shown = text_name(path)
    try:
        info = path.stat()
    except OSError as exc:
        raise InputError(shown, f"cannot read the file ({exc.strerror})") from exc
    if not stat.S_ISREG(info.st_mode):
        kind = next((label for test, label in _KINDS if test(info.st_mode)), "not a regular file")
        raise InputError(
            shown, f"this is {kind}, not a program file; talkbase reads only regular files"
        )
    limit = settings.max_file_bytes()
    if info.st_size > limit:
        raise InputError(
            shown,
            f"the file is {mb(info.st_size)}, over the limit of {mb(limit)} (TALKBASE_MAX_FILE_MB)",
        )
    return info.st_size


def read_bytes(path: Path) -> bytes:
    """The file's bytes, checked first, never more than the limit (a file that
    grows while it is read is refused too)."""
    check_file(path)
    limit = settings.max_file_bytes()
    try:
        with path.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise InputError(text_name(path), f"cannot read the file ({exc.strerror})") from exc
    if len(data) > limit:
        raise InputError(
            text_name(path), f"the file is over the limit of {mb(limit)} (TALKBASE_MAX_FILE_MB)"
        )
    return data


# The content types of the zip-packaged spreadsheets, and what a person calls each
_SPREADSHEETS = (
    ("application/vnd.oasis.opendocument.spreadsheet", "a spreadsheet (OpenDocument .ods)"),
    ("spreadsheetml", "a spreadsheet (Excel .xlsx)"),
)


def spreadsheet_kind(data: bytes) -> str | None:
    """What spreadsheet `data` is ("a spreadsheet (Excel .xlsx)"), from its zip
    signature and the content type it declares inside (an .ods's "mimetype" entry,
    an .xlsx's "[Content_Types].xml"), whatever the file is named; None for
    anything else. Told apart so that the refusal says what to do: export it as CSV."""
    declared = _declared(data)
    return next((kind for t, kind in _SPREADSHEETS if t.encode() in declared), None)


def _declared(data: bytes) -> bytes:
    """The content type a zip-packaged document declares inside (an OpenDocument's
    "mimetype" entry, an Office file's "[Content_Types].xml"); b"" for no such zip."""
    if not data.startswith(b"PK\x03\x04"):
        return b""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = set(z.namelist())
            return b"".join(  # (never more than 64 KiB of each: a zip may bomb)
                z.open(n).read(65536) for n in ("mimetype", "[Content_Types].xml") if n in names
            )
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError):
        return b""


# The content types of the zip-packaged text documents, and what a person calls each
_DOCUMENTS = (
    ("wordprocessingml", "a Word document (.docx)"),
    ("application/vnd.oasis.opendocument.text", "a text document (OpenDocument .odt)"),
)


def document_kind(data: bytes) -> str | None:
    """What page-layout document `data` is, a program's that no format here reads: a
    PDF ("%PDF-" at its start), a Word or OpenDocument text (told as a spreadsheet
    is, `spreadsheet_kind`); None for anything else. Told apart so that the refusal
    says what helps: saving the program as HTML, Markdown or CSV."""
    if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"%PDF-"):
        return "a PDF document"
    declared = _declared(data)
    return next((kind for t, kind in _DOCUMENTS if t.encode() in declared), None)


def archive_kind(data: bytes) -> str | None:
    """A zip archive that is no packaged document (`spreadsheet_kind`,
    `document_kind`), said with what it holds ("a zip archive (holding prog.csv)"),
    else None: a refusal that says to unpack it (gzip, bzip2 and xz files are read:
    ingest/compressed.py)."""
    if not data.startswith(b"PK\x03\x04") or _declared(data):
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = [n for n in z.namelist() if not n.endswith("/")]
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError):
        return "a zip archive"
    shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
    return f"a zip archive (holding {shown})" if names else "an empty zip archive"


# the suffixes of the files a folder may hold that talkbase refuses, named or found in
# a folder, with a sentence saying what to do (a zip to unpack, a spreadsheet to export
# as CSV: `archive_kind`, `spreadsheet_kind`): read from a folder as if named, so that
# the refusal is said; an .xls that is an Excel workbook inside is read as one
REFUSED_SUFFIXES = (".zip", ".ods", ".xls", ".xlsb", ".numbers", ".fods")


def mb(size: int) -> str:
    return f"{size / 1024 / 1024:,.1f} MB" if size >= 1024 * 1024 else f"{size:,} bytes"


# ---- field lengths ------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"[.!?\u3002][\"'\u201d\u2019)\]]*(?=\s|$)")


def cut_at_sentence(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, at the last sentence end before it
    (else the last space, else exactly at the limit)."""
    if len(text) <= limit:
        return text
    head = text[: limit - 2]  # room for the " …" of a cut inside a sentence
    ends = [m.end() for m in _SENTENCE_END.finditer(head)]
    if ends and ends[-1] >= limit // 4:  # not when that would lose most of the text
        return head[: ends[-1]].rstrip()
    space = head.rfind(" ", limit // 2)
    return (head[:space] if space > 0 else head).rstrip() + " …"


def _short(value: str | None, label: str, talk: str, warnings: list[str], where: str) -> str | None:
    if value is None or len(value) <= SHORT_FIELD:
        return value
    warnings.append(
        f"{where}: the {label} of {talk[:60]!r} is {len(value):,} characters; "
        f"cut to {SHORT_FIELD:,}"
    )
    return cut_at_sentence(value, SHORT_FIELD)


_SURROGATE = re.compile("[\ud800-\udfff]")


def valid_str(text: str) -> str:
    """`text` with each lone surrogate replaced by U+FFFD."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


_valid = valid_str


def valid_text(talk: Talk) -> Talk:
    """The talk with every lone surrogate (a JSON "\\ud800" escape decodes to one; it is
    not text and cannot be stored) replaced by U+FFFD."""
    fields = [
        talk.title,
        talk.abstract,
        talk.room,
        talk.track,
        talk.track_description,
        talk.format,
        talk.conference,
        talk.uid,
        *(x for pair in talk.notes for x in pair),
        *(x for s in talk.speakers for x in (s.name, s.affiliation)),
        *(x for s in talk.sources for x in (s.location, s.section)),
        *(label for label, _ in talk.links),
    ]
    if not any(x and _SURROGATE.search(x) for x in fields):
        return talk

    def fix(x: str | None) -> str | None:
        return _valid(x) if x else x

    return replace(
        talk,
        title=_valid(talk.title),
        abstract=_valid(talk.abstract),
        room=fix(talk.room),
        track=fix(talk.track),
        track_description=fix(talk.track_description),
        format=fix(talk.format),
        conference=_valid(talk.conference),
        uid=fix(talk.uid),
        notes=tuple((_valid(k), _valid(v)) for k, v in talk.notes),
        speakers=tuple(Speaker(_valid(s.name), fix(s.affiliation)) for s in talk.speakers),
        sources=tuple(
            replace(s, location=_valid(s.location), section=fix(s.section)) for s in talk.sources
        ),
        links=tuple((_valid(label), url) for label, url in talk.links),
    )


def limit_times(talk: Talk, where: str, warnings: list[str]) -> Talk:
    """The talk without an end that is before its start or more than a day after it
    (`when.LONGEST_TALK`), and without a time or day beyond any program's dates (a
    placeholder's "9999-12-31": `program_date`), each with a warning naming the talk:
    what every parser's talks go through, whatever the parser did with its times."""
    talk = _on_the_clock(_on_program_dates(talk, where, warnings), where, warnings)
    if talk.start is None or talk.end is None:
        return talk
    try:
        problem = when.end_problem(talk.start, talk.end)
    except TypeError:  # one naive, one aware: no instant to compare
        problem = "has an end that cannot be compared with its start"
    if problem is None:
        return talk
    warnings.append(f"{where}: {talk.title[:60]!r} {problem}; kept without an end")
    return replace(talk, end=None)


def _on_the_clock(talk: Talk, where: str, warnings: list[str]) -> Talk:
    """The talk's start and end as its program's wall clock times mean them on a night
    its zone's clocks change (`when.on_the_clock`), with a warning where a start the
    clocks skip was moved ("02:30" the night summer time begins is "03:30"); its times
    then plain instants (`when.instant`). Times the document gave as instants are
    as read."""
    if talk.start is None:
        return talk
    start, end, moved = when.on_the_clock(talk.start, talk.end)
    if moved:
        read = f"{start:%H:%M}" + (f"–{end:%H:%M}" if end else "")
        warnings.append(
            f"{where}: {talk.title[:60]!r} starts at {talk.start:%H:%M} on "
            f"{talk.start:%Y-%m-%d}, a time the clocks of {talk.zone} skip (summer time "
            f"begins); read as {read}"
        )
    start, end = when.instant(start), when.instant(end) if end is not None else None
    if start is talk.start and end is talk.end:
        return talk  # (the common case: plain instants, as read)
    return replace(talk, start=start, end=end)


def _on_program_dates(talk: Talk, where: str, warnings: list[str]) -> Talk:
    """The talk without its start, end and day where its day is beyond any program's
    dates (`program_date`: "9999-12-31", a date to be announced), said in a warning; an
    end beyond them after a start within them is judged by `end_problem` (too late)."""
    beyond = next(
        (d for d in (talk.start, talk.program_day) if d is not None and not program_date(d)), None
    )
    if beyond is None:
        return talk
    # (a year of another calendar, not read in it here: "2569", "1405": `other_calendar`)
    calendar = when.other_calendar(beyond.year)
    guess = f"a {calendar} year?" if calendar else "a placeholder?"
    warnings.append(
        f"{where}: {talk.title[:60]!r} is dated {beyond.isoformat()[:10]}, beyond any "
        f"program's dates (the years {PROGRAM_YEARS[0]} to {PROGRAM_YEARS[-1]}: {guess}); "
        "kept without a time"
    )
    return replace(talk, start=None, end=None, program_day=None)


def limit_fields(talk: Talk, document: str, warnings: list[str]) -> Talk:
    """The talk as valid text with every field within its limit and an end that can be
    its end (`limit_times`); each cut is a warning."""
    talk = valid_text(talk)
    limit = settings.max_field_chars()
    where = f"{document} {talk.sources[0].location}" if talk.sources else document
    talk = limit_times(talk, where, warnings)
    if (
        len(talk.abstract) <= limit
        and len(talk.title) <= SHORT_FIELD
        and all(len(v) <= limit for _, v in talk.notes)
        and all(len(x or "") <= SHORT_FIELD for x in (talk.room, talk.track, talk.format))
        and all(len(s.name) + len(s.affiliation or "") <= SHORT_FIELD for s in talk.speakers)
        and len(talk.track_description or "") <= limit
    ):
        return talk  # the common case: nothing to do
    title = _short(talk.title, "title", talk.title, warnings, where) or talk.title
    abstract = talk.abstract
    if len(abstract) > limit:
        abstract = cut_at_sentence(abstract, limit)
        warnings.append(
            f"{where}: the abstract of {title[:60]!r} is {len(talk.abstract):,} "
            f"characters; cut at a sentence end to {len(abstract):,} "
            "(TALKBASE_MAX_FIELD_CHARS)"
        )
    notes = []
    for label, text in talk.notes:
        if len(text) > limit:
            warnings.append(
                f"{where}: the note {label!r} of {title[:60]!r} is {len(text):,} "
                "characters; cut at a sentence end (TALKBASE_MAX_FIELD_CHARS)"
            )
            text = cut_at_sentence(text, limit)
        notes.append((label[:SHORT_FIELD], text))
    speakers = tuple(
        Speaker(
            _short(s.name, "speaker name", title, warnings, where) or s.name,
            _short(s.affiliation, "affiliation", title, warnings, where),
        )
        for s in talk.speakers
    )
    description = talk.track_description
    if description and len(description) > limit:
        description = cut_at_sentence(description, limit)
    return replace(
        talk,
        title=title,
        abstract=abstract,
        notes=tuple(notes),
        speakers=speakers,
        room=_short(talk.room, "room", title, warnings, where),
        track=_short(talk.track, "track", title, warnings, where),
        format=_short(talk.format, "format", title, warnings, where),
        track_description=description,
    )


def cap_warnings(warnings: list[str], document: str) -> list[str]:
    """At most TALKBASE_MAX_WARNINGS warnings, then one line counting the rest."""
    limit = settings.max_warnings()
    kept = [_valid(w) for w in warnings[:limit]]
    if len(warnings) <= limit:
        return kept
    return [
        *kept,
        f"{document}: … and {len(warnings) - limit:,} more warnings (TALKBASE_MAX_WARNINGS)",
    ]


def valid_error(exc: InputError) -> InputError:
    """The error with its text made valid (it may quote the document)."""
    problem, where = _valid(exc.problem), _valid(exc.where) if exc.where else exc.where
    if problem == exc.problem and where == exc.where:
        return exc
    return InputError(_valid(exc.path), problem, where)

"""Reading program documents: decoding, format detection and dispatch.

Every parser is a module with `NAME`, `looks_like(text)` and
`parse(text, document, ...) -> (talks, warnings)`. Detection asks each in turn;
`--format` overrides it. Problems that stop a file raise `InputError` naming the
file and the place; problems with one talk become warnings and the rest of the
file still ingests.
"""

from __future__ import annotations

import codecs
import hashlib
import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, cast

from ingest import blog, digest, frab, frabxml, ical, markdown, table
from talkbase import settings
from talkbase.errors import InputError
from talkbase.records import Talk

Parser = Callable[[str, str], tuple[list[Talk], list[str]]]


def _parse_blog(text: str, document: str) -> tuple[list[Talk], list[str]]:
    return blog.parse(text, document, default_tz=settings.get("timezone"))


def _parse_digest(text: str, document: str) -> tuple[list[Talk], list[str]]:
    return digest.parse(text, document)


def _with_tz(parse: Callable[..., tuple[list[Talk], list[str]]], text: str, document: str,
             **kw: str) -> tuple[list[Talk], list[str]]:
    return parse(text, document, default_tz=settings.get("timezone"), **kw)


# Order matters: the first format whose `looks_like` accepts a text wins. The structured
# formats come first: each needs its own syntax (a JSON schedule, <schedule>, BEGIN:VCALENDAR,
# a header row of known column names); Markdown, the loosest, comes last.
PARSERS: dict[str, tuple[Callable[[str], bool], Parser]] = {
    frab.NAME: (frab.looks_like, partial(_with_tz, frab.parse)),
    frabxml.NAME: (frabxml.looks_like, partial(_with_tz, frabxml.parse)),
    ical.NAME: (ical.looks_like, partial(_with_tz, ical.parse)),
    "jsonl": (table.looks_like_jsonl, partial(_with_tz, table.parse, parser="jsonl")),
    "json": (table.looks_like_json, partial(_with_tz, table.parse, parser="json")),
    digest.NAME: (digest.looks_like, _parse_digest),
    blog.NAME: (blog.looks_like, _parse_blog),
    "tsv": (table.looks_like_tsv, partial(_with_tz, table.parse, parser="tsv")),
    "csv": (table.looks_like_csv, partial(_with_tz, table.parse, parser="csv")),
    markdown.NAME: (markdown.looks_like, partial(_with_tz, markdown.parse)),
}

# Formats read line by line: a large file of these streams instead of loading whole.
STREAMING = ("jsonl", "tsv", "csv")
STREAM_BYTES = 32 * 1024 * 1024
_HEAD_BYTES = 256 * 1024

SUFFIXES = {".txt", ".md", ".markdown", ".text", "", ".json", ".jsonl", ".ndjson", ".xml",
            ".ics", ".ical", ".csv", ".tsv"}


@dataclass(frozen=True)
class ParsedDocument:
    path: str
    name: str  # file name, used as the document's identity in provenance
    format: str
    sha256: str
    talks: tuple[Talk, ...]
    warnings: tuple[str, ...]


def decode(data: bytes, path: str) -> str:
    if not data.strip():
        raise InputError(path, "the file is empty")
    if b"\x00" in data[:4096]:
        raise InputError(path, "this is a binary file, not a program document")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            raise InputError(
                path, "the text is neither UTF-8 nor Windows-1252", f"line {line}"
            ) from exc


def detect(text: str) -> str | None:
    for name, (looks_like, _) in PARSERS.items():
        if looks_like(text):
            return name
    return None


TABLES = ("csv", "tsv", "json", "jsonl")


def parse_text(text: str, document: str, fmt: str | None = None,
               mapping: dict[str, str] | None = None) -> tuple[str, list[Talk], list[str]]:
    """Parse one document's text; returns (format, talks, warnings).

    `mapping` names table columns for talkbase fields ({"title": "Paper Name"}).
    """
    if fmt is None:
        fmt = detect(text)
        if fmt is None:
            raise InputError(
                document,
                "not a program format talkbase knows (looked for: "
                + ", ".join(PARSERS) + "); name one with --format",
                "line 1",
            )
    if fmt not in PARSERS:
        raise InputError(document, f"unknown format {fmt!r}; known: {', '.join(PARSERS)}")
    parser = PARSERS[fmt][1]
    if mapping:
        if fmt not in TABLES:
            raise InputError(document, f"a column mapping applies to tables "
                             f"({', '.join(TABLES)}), not to {fmt!r}")
        parser = partial(cast(Any, parser), mapping=mapping)
    talks, warnings = parser(text, document)
    if not talks:
        raise InputError(document, f"no talks found when read as {fmt!r}")
    return fmt, talks, warnings


def parse_path(path: str | Path, fmt: str | None = None,
               mapping: dict[str, str] | None = None) -> ParsedDocument:
    p = Path(path)
    try:
        if p.stat().st_size > STREAM_BYTES:
            streamed = _parse_streaming(p, fmt, mapping)
            if streamed is not None:
                return streamed
        data = p.read_bytes()
    except OSError as exc:
        raise InputError(str(p), f"cannot read the file ({exc.strerror})") from exc
    text = decode(data, str(p))
    found, talks, warnings = parse_text(text, p.name, fmt, mapping)
    return ParsedDocument(
        path=str(p),
        name=p.name,
        format=found,
        sha256=hashlib.sha256(data).hexdigest(),
        talks=tuple(talks),
        warnings=tuple(warnings),
    )


def expand(paths: Iterable[str | Path]) -> list[Path]:
    """Files named, and the program files inside folders named (sorted, no hidden)."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(
                f for f in sorted(p.rglob("*"))
                if f.is_file() and not any(part.startswith(".") for part in f.relative_to(p).parts)
                and f.suffix.lower() in SUFFIXES and f.name.lower() not in {"readme.md", "source.md"}
            )
        elif p.exists():
            out.append(p)
        else:
            raise InputError(str(p), "no such file or folder")
    return out


def _hashed_lines(f: io.BufferedReader, update: Callable[[bytes], object]) -> Iterator[str]:
    """Decode UTF-8 lines as they are read, hashing the bytes on the way."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    for raw in f:
        update(raw)
        yield decoder.decode(raw)
    tail = decoder.decode(b"", final=True)
    if tail:
        yield tail


def _parse_streaming(p: Path, fmt: str | None,
                     mapping: dict[str, str] | None = None) -> ParsedDocument | None:
    """Read a large line-based table without loading it whole; None if it is not one."""
    with p.open("rb") as f:
        head = f.read(_HEAD_BYTES)
    if b"\x00" in head[:4096]:
        return None
    found = fmt or detect(head.decode("utf-8-sig", errors="ignore"))
    if found not in STREAMING:
        return None
    digest_ = hashlib.sha256()
    with p.open("rb") as f:
        try:
            talks, warnings = table.parse_lines(
                _hashed_lines(f, digest_.update), p.name, parser=found, mapping=mapping,
                default_tz=settings.get("timezone"))
        except UnicodeDecodeError:
            return None  # not UTF-8: read it whole, with the Windows-1252 fallback
    if not talks:
        raise InputError(p.name, f"no talks found when read as {found!r}")
    return ParsedDocument(path=str(p), name=p.name, format=found, sha256=digest_.hexdigest(),
                          talks=tuple(talks), warnings=tuple(warnings))

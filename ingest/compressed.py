"""Compressed program files: a program saved gzip-, bzip2- or xz-compressed
("schedule.csv.gz", "talks.json.xz") is read as the document inside it.

A compression is told by the bytes a file opens with (`COMPRESSIONS`: its signatures),
never by its name, so a ".gz" of plain text is read as text and a compressed file
named ".csv" is decompressed all the same. What comes out is held to the size limit
of a program file (TALKBASE_MAX_FILE_MB: `limits.check_file`), decompressed no
further than that, so a small file that would unpack to gigabytes is refused by name
without ever being unpacked whole; a file that cannot be decompressed (corrupt, or
cut short in a download) is refused in one sentence naming it.

The document keeps the name of its file ("p.csv.gz": a file of another name than
"p.csv" beside it, index/build/identity.py), and its format is told from the name
without the compression's suffix (`inner_name`: "talks.yml.gz" is YAML's where
YAML reads it) and from what it holds.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from ingest.limits import mb
from talkbase.core import settings
from talkbase.core.errors import InputError


@dataclass(frozen=True)
class Compression:
    name: str  # as a person calls it: "gzip"
    suffixes: tuple[str, ...]  # the file name's last suffix it gives (lowercase, dot)
    signatures: tuple[bytes, ...]  # the bytes its files open with (any of them)
    opened: Callable[[io.BytesIO], io.BufferedIOBase]  # a reader of the decompressed bytes


# (gzip's with its one method, deflate; bzip2's "BZh", its block size and the magic of
# a block or of the stream's end: a text may open with "BZh")
_BZIP2 = tuple(
    b"BZh" + bytes([size]) + magic
    for size in b"123456789"
    for magic in (b"1AY&SY", b"\x17rE8P\x90")
)
COMPRESSIONS = (
    Compression("gzip", (".gz",), (b"\x1f\x8b\x08",), lambda f: gzip.GzipFile(fileobj=f)),
    Compression("bzip2", (".bz2",), _BZIP2, lambda f: bz2.BZ2File(f)),
    Compression("xz", (".xz",), (b"\xfd7zXZ\x00",), lambda f: lzma.LZMAFile(f)),
)


def compression_of(data: bytes) -> Compression | None:
    """The compression `data` is written in, by its signature; None for any other."""
    return next((c for c in COMPRESSIONS if data.startswith(c.signatures)), None)


def inner_name(name: str) -> str:
    """The name of the document inside a compressed file of that name: the name
    without the compression's suffix ("p.csv.gz" -> "p.csv"); any other name as it is."""
    stem, dot, suffix = name.rpartition(".")
    known = {s for c in COMPRESSIONS for s in c.suffixes}
    return stem if dot and stem and f".{suffix.lower()}" in known else name


def unpacked(data: bytes, shown: str) -> bytes:
    """The bytes of the document `data` holds compressed, where it is compressed
    (`compression_of`), else `data` itself; an InputError naming `shown` where it cannot
    be decompressed or decompresses past the size limit of a program file."""
    found = compression_of(data)
    if found is None:
        return data
    limit = settings.max_file_bytes()
    try:
        with found.opened(io.BytesIO(data)) as f:
            out = f.read(limit + 1)  # (never more: a small file may unpack to gigabytes)
    except (OSError, EOFError, zlib.error, lzma.LZMAError) as exc:
        raise InputError(
            shown,
            f"the file is {found.name}-compressed but cannot be decompressed: it is "
            f"corrupt or cut short ({exc})",
        ) from exc
    if len(out) > limit:
        raise InputError(
            shown,
            f"the file is {found.name}-compressed and decompresses to over the limit of "
            f"{mb(limit)} (TALKBASE_MAX_FILE_MB)",
        )
    return out

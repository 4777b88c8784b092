"""A text in UTF-8 but for a few lines written in a one-byte encoding (a Windows-1252
row pasted into a UTF-8 CSV): read as UTF-8, those lines alone in the one-byte
encoding they read in, with a warning naming them (`Mixed.warning`). Read whole as
one one-byte encoding, its UTF-8 lines would all be garbled ("Café" as "CafÃ©").

A file is so mixed where some of its lines are UTF-8 that only UTF-8 reads (a letter
outside ASCII written in two to four bytes: `_shows_utf8`) and no more of its lines
fail to read as UTF-8 than do so. A file in one one-byte encoding throughout seldom
holds a line that reads as UTF-8 with a letter outside ASCII ("Ã©" in Windows-1252
is "é" in UTF-8), and never as many as the lines that do not: it is read as before
(ingest/detect.py `legacy_encoding`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_LINES = re.compile(rb"[^\r\n]*(?:\r\n|\n|\r|$)")
_C1 = re.compile("[\u0080-\u009f]")  # (control characters: no text's letters)
_NAMED = 5  # the lines a warning names, at most


@dataclass(frozen=True)
class Mixed:
    """A text read as UTF-8 but for its `lines` (numbered from 1), read in `encoding`."""

    text: str
    lines: tuple[int, ...]
    encoding: str

    def warning(self, document: str) -> str:
        named = ", ".join(map(str, self.lines[:_NAMED]))
        more = f" and {len(self.lines) - _NAMED} more" if len(self.lines) > _NAMED else ""
        one = len(self.lines) == 1
        which, are, they = ("line", "is", "it") if one else ("lines", "are", "they")
        return (
            f"{document}: {which} {named}{more} {are} not UTF-8, as the rest of the file "
            f"is; {they} {'was' if one else 'were'} read as {self.encoding.upper()}: "
            f"check {'its' if one else 'their'} accented letters"
        )


def _shows_utf8(line: bytes) -> bool:
    """Does a line that reads as UTF-8 hold a character outside ASCII, no control?"""
    if line.isascii():
        return False
    return not _C1.search(line.decode("utf-8"))


def mostly_utf8(data: bytes, one_byte: Callable[[bytes], str | None]) -> Mixed | None:
    """`data` (no UTF-8 text: it has a byte UTF-8 does not read) read as UTF-8 but for
    its lines that are not, those in the one-byte encoding `one_byte` gives them
    together; None where it is not so mixed (see above) or no encoding reads them."""
    lines = [m.group() for m in _LINES.finditer(data) if m.group()]
    bad: list[int] = []
    shown = 0  # the lines only UTF-8 reads
    for n, line in enumerate(lines):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            bad.append(n)
            continue
        shown += _shows_utf8(line)
    if not bad or shown < len(bad):
        return None
    encoding = one_byte(b"".join(lines[n] for n in bad))
    if encoding is None:
        return None
    unread = set(bad)
    text = "".join(
        line.decode(encoding if n in unread else "utf-8") for n, line in enumerate(lines)
    )
    return Mixed(text, tuple(n + 1 for n in bad), encoding)

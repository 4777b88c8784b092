"""Line numbers for warnings, found in one pass over the text.

A warning names the line of the record it is about. Finding that line by
searching the text once per warning makes a file with many warnings quadratic;
`IdLines` scans the text once, on the first question, for every place an id is
written, and answers each question from that index (bisect over line starts).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable


class IdLines:
    """Where each (key, value) occurs: `pattern` has groups "key" and "value"."""

    def __init__(
        self,
        text: str,
        pattern: re.Pattern[str],
        value_of: Callable[[re.Match[str]], str] | None = None,
    ) -> None:
        self._text = text
        self._pattern = pattern
        self._value_of = value_of or (lambda m: m.group("value"))
        self._where: dict[tuple[str, str], list[int]] | None = None
        self._starts: list[int] | None = None

    def _index(self) -> dict[tuple[str, str], list[int]]:
        if self._where is None:
            where: dict[tuple[str, str], list[int]] = {}
            for m in self._pattern.finditer(self._text):
                value = self._value_of(m)
                if value is not None:
                    where.setdefault((m.group("key"), value), []).append(m.start())
            self._where = where
        return self._where

    def line_at(self, offset: int) -> int:
        if self._starts is None:
            self._starts = [0] + [m.end() for m in re.finditer("\n", self._text)]
        return bisect.bisect_right(self._starts, offset)

    def line(self, key: str, value: str, nth: int = 1) -> int | None:
        """The line of the nth place `key` has `value`, or None."""
        found = self._index().get((key, value))
        if not found:
            return None
        return self.line_at(found[min(nth, len(found)) - 1])

    def first_after(self, key: str, value: str, offset: int) -> int | None:
        """The first offset at or after `offset` where `key` has `value`, or None."""
        found = self._index().get((key, value))
        if not found:
            return None
        at = bisect.bisect_left(found, offset)
        return found[at] if at < len(found) else None

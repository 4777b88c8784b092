"""Speaker lists as program documents write them.

Shapes handled (and mixed):
  "Tristan Rice, Kapil Sharma — Meta (PyTorch Distributed)"  one affiliation for all
  "Ke Wen (NVIDIA), Natalia Gimelshein, Kapil Sharma (Meta)" a trailing "(Org)"
      applies to the names before it that have none of their own
  "Bob Ren; Aaron Orenstein (Meta)"                          ";" separates names too
  "Kuntai Du (Tensormesh, Inc.)"                             commas inside "(...)"
"""

from __future__ import annotations

import re
from typing import Any

from ingest.html import inline, text_of
from talkbase.core.records import Speaker
from talkbase.core.terms import placeholder_speaker

_AFFIL_DASH = re.compile(r"\s+[\u2014\u2013]\s+|\s+--\s+")

# the keys of a person's name, as exports spell them (case and "_" ignored): the
# whole name, or its given and family parts
_NAME_KEYS = ("publicname", "name", "fullname", "displayname")
_GIVEN_KEYS = ("firstname", "givenname")
_FAMILY_KEYS = ("lastname", "familyname", "surname")


def person_name(person: dict[str, Any]) -> str:
    """A person's name as it is said, "Given Family": the whole name where one is
    written (pretalx's public_name, Sessionize's fullName, "displayName"), else the
    given and family names; a whole name written "Family, Given" (Indico's) beside
    them is said in their order instead."""
    keys = {re.sub(r"[\W_]+", "", str(k)).lower(): v for k, v in person.items()}

    def first(names: tuple[str, ...]) -> str:
        return next((inline(text_of(keys[n])) for n in names if text_of(keys.get(n))), "")

    whole, given, family = first(_NAME_KEYS), first(_GIVEN_KEYS), first(_FAMILY_KEYS)
    parts = inline(f"{given} {family}")
    if whole and not ("," in whole and given and family):
        return whole
    return parts


def split_top_level(text: str, seps: str = ",;") -> list[str]:
    """Split at separators that are not inside parentheses."""
    parts: list[str] = []
    depth = 0
    buf: list[str] = []
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        if ch in seps and depth == 0:
            parts.append("".join(buf))
            buf = []
        else:
            buf.append(ch)
    parts.append("".join(buf))
    return [p.strip() for p in parts if p.strip()]


def _name_and_affiliation(item: str) -> tuple[str, str | None]:
    m = re.match(r"^(.*?)\s*\((.*)\)\s*$", item)
    if m and m.group(1).strip():
        return m.group(1).strip(), m.group(2).strip() or None
    return item.strip(), None


def parse_speakers(text: str) -> tuple[Speaker, ...]:
    """Parse one speaker line into speakers with affiliations; a stand-in for a
    name ("TBA", "N.N.", "Varios": `terms.PLACEHOLDER_SPEAKERS`) is no speaker."""
    text = text.strip()
    if not text:
        return ()
    shared: str | None = None
    pieces = _AFFIL_DASH.split(text, maxsplit=1)
    if len(pieces) == 2:
        text, shared = pieces[0].strip(), pieces[1].strip() or None
    items = [_name_and_affiliation(p) for p in split_top_level(text)]
    names = [n for n, _ in items]
    affs = [a for _, a in items]
    # A trailing "(Org)" applies to the names before it that have none of their own.
    pending: str | None = None
    for i in range(len(affs) - 1, -1, -1):
        if affs[i] is not None:
            pending = affs[i]
        elif pending is not None:
            affs[i] = pending
    return tuple(
        Speaker(name=n, affiliation=a if a is not None else shared)
        for n, a in zip(names, affs, strict=True)
        if n and not placeholder_speaker(n)
    )

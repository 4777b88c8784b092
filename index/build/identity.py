"""Which stored document a parsed file is: the same program again, or another one.

A document is named by its file name ("schedule.xml") as long as that is enough to
tell it apart. frab and pretalx export every conference as `schedule.xml`, so a
file name alone would let one conference's program replace another's. A parsed file
replaces the stored document of its name only when it is that document again:

1. read from the same path, or
2. holding the same program: at least SAME_SHARE of the talks of the smaller of the
   two share a title (a new version of a program keeps most of its talks; another
   year or another conference keeps few).

Otherwise it is another document, kept beside the stored one and named by the
shortest end of its path that no other document has ("2019/schedule.xml",
"fosdem/2019/schedule.xml"). Files of one name given in one command are named
the same way, each by the shortest end of its path the others do not share.

A file that replaces a stored document but holds far fewer talks (fewer than
KEEP_SHARE of them, and at least MIN_LOST fewer) looks cut short: a download or a
save still in progress. So does one whose reading found it cut short (a last row
left incomplete, a quote never closed: `ParsedDocument.cut_short`), and then
removing any stored talk is enough (fewer talks, or a stored title it lacks). Either
is refused, so the program it would replace is kept, unless the person says the
shrink is meant (`--shrink`, or `--replace`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import PurePath

from ingest.detect import ParsedDocument
from ingest.text import title_key
from talkbase.core.errors import InputError
from talkbase.core.records import Talk

SAME_SHARE = 0.5  # of the smaller program's titles, shared: the same program again
KEEP_SHARE = 0.7  # of the stored version's talks a new version keeps, at the least...
MIN_LOST = 5  # ...unless it loses fewer talks than this


@dataclass(frozen=True)
class Stored:
    """A stored document, as far as telling its identity needs."""

    name: str
    path: str
    talks: tuple[Talk, ...]


@dataclass(frozen=True)
class Named:
    """The parsed documents under the names they are stored as, and what was said."""

    documents: list[ParsedDocument]
    notices: list[str]
    refused: list[InputError]


def base_name(name: str) -> str:
    """The file name a stored document's name ends in ("2019/schedule.xml" -> "schedule.xml")."""
    return name.rsplit("/", 1)[-1]


def _same_path(a: str, b: str) -> bool:
    return a == b or os.path.abspath(a) == os.path.abspath(b)


def _titles(talks: Sequence[Talk]) -> set[str]:
    return {k for k in (title_key(t.title) for t in talks) if k}


def same_program(old: Sequence[Talk], new: Sequence[Talk]) -> bool:
    """True when `new` is a version of the program `old` holds (see the module's rule 2)."""
    a, b = _titles(old), _titles(new)
    if not a or not b:
        return True  # nothing to tell them apart by: the name decides, as it always did
    return len(a & b) >= SAME_SHARE * min(len(a), len(b))


def _removed(old: Sequence[Talk], new: Sequence[Talk]) -> int:
    """How many talks `new`, replacing `old`, would remove: as many as it has fewer,
    or as many titles of `old` as it lacks, whichever is more."""
    return max(len(old) - len(new), len(_titles(old) - _titles(new)))


def _ends(path: str) -> list[str]:
    """The ends of a path, shortest first: "a/b/c.xml" -> ["c.xml", "b/c.xml", "a/b/c.xml"]."""
    parts = [p for p in PurePath(path).parts if p not in ("/", "\\")]
    return ["/".join(parts[-n:]) for n in range(1, len(parts) + 1)] or [path]


def _distinct(path: str, taken: set[str], others: Sequence[str]) -> str:
    """The shortest end of `path` not in `taken` and not an end of any path in `others`."""
    theirs = {e for o in others for e in _ends(o)}
    ends = _ends(path)
    for end in ends:
        if end not in taken and end not in theirs:
            return end
    n = 2
    while f"{ends[-1]} ({n})" in taken:
        n += 1
    return f"{ends[-1]} ({n})"


def _renamed(doc: ParsedDocument, name: str) -> ParsedDocument:
    if name == doc.name:
        return doc
    talks = tuple(
        replace(
            t,
            sources=tuple(
                replace(s, document=name) if s.document == doc.name else s for s in t.sources
            ),
        )
        for t in doc.talks
    )
    return replace(doc, name=name, talks=talks)


def name_documents(
    parsed: Sequence[ParsedDocument],
    stored: Mapping[str, Stored],
    shrink: bool = False,
) -> Named:
    """Each parsed document under the name of the stored document it is again, or under
    a name of its own; a new version that looks cut short goes to `refused` (unless
    `shrink`). `stored` holds every stored document whose base name a parsed one has.
    A stored document is claimed by one parsed file at most: by path first, then by
    program."""
    notices: list[str] = []
    claimed: dict[int, Stored] = {}  # position in `parsed` -> the stored document it is
    free = dict(stored)
    for rule in ("path", "program"):
        for i, doc in enumerate(parsed):
            if i in claimed:
                continue
            for s in free.values():
                if base_name(s.name) != doc.name:
                    continue
                if (
                    _same_path(s.path, doc.path)
                    if rule == "path"
                    else same_program(s.talks, doc.talks)
                ):
                    claimed[i] = free.pop(s.name)
                    if rule == "program" and not _same_path(s.path, doc.path):
                        notices.append(
                            f"{doc.path}: a new version of the program read from {s.path} "
                            "(most of its talks are the same): it replaces it"
                        )
                    break
    out: list[ParsedDocument] = []
    refused: list[InputError] = []
    taken = set(stored)
    for i, doc in enumerate(parsed):
        again = claimed.get(i)
        if again is not None:
            lost = len(again.talks) - len(doc.talks)
            gone = _removed(again.talks, doc.talks)
            if not shrink and doc.cut_short and gone:
                said = doc.cut_short.removeprefix(doc.name).lstrip(": ")
                refused.append(
                    InputError(
                        doc.path,
                        f"{said}; it would remove {gone} of the {len(again.talks)} talks of "
                        f"the version stored as {again.name}, so that version is kept (pass "
                        "--shrink if the program really lost those talks)",
                    )
                )
                continue
            if not shrink and lost >= MIN_LOST and len(doc.talks) < KEEP_SHARE * len(again.talks):
                refused.append(
                    InputError(
                        doc.path,
                        f"holds {len(doc.talks)} talks where the version stored as "
                        f"{again.name} holds {len(again.talks)}: it looks cut short (a "
                        "download or a save still in progress?), so the stored program "
                        "is kept; pass --shrink if the program really lost those talks",
                    )
                )
                continue
            out.append(_renamed(doc, again.name))
            continue
        peers = [d.path for j, d in enumerate(parsed) if j != i and d.name == doc.name]
        name = (
            doc.name if doc.name not in taken and not peers else _distinct(doc.path, taken, peers)
        )
        mine = [s for s in stored.values() if base_name(s.name) == doc.name]
        if mine:
            others = ", ".join(f"{s.name} (from {s.path})" for s in mine)
            notices.append(
                f"{doc.path}: another program than the stored {others}: kept beside it as {name}"
            )
        taken.add(name)
        out.append(_renamed(doc, name))
    return Named(out, notices, refused)

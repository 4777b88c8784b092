"""Documents of other names that hold the same program as a document ingested now.

A document's name says which stored document it replaces (index/build/identity.py);
one of another name is kept beside the others, never replacing one. Where it holds
the same program as another document, stored or given in the same command (most of
the same talks by title, on a day they share: `identity.resemblance` at least
SAME_SHARE, session titles such as "Lunch" left out), the two are told apart by the
conference names they state:

- where one of them names its conference after its file (it states none: "program",
  "all-data"), its talks are of the other's conference, so ingest/merge/ makes each
  talk they share one talk, every disagreement kept as a conflict, and a talk only
  one of them holds stays. Where both are named after their files, the later (a
  stored document before one given now, then the command's order) takes the
  earlier's name. A stored document that takes a name renames stored talks: a whole
  build follows (`Kin.renamed`);
- where both state names that are not one conference, they stay two conferences, as
  their own names say, and a notice names both documents.

Where one of two documents of one program names no zone for its times (read in the
default's) and the other's talks are all in one zone the tz database names, the first
is read in the other's zone (`in_zone`; a stored one in a whole build: `Kin.rezoned`).
A document given now that names no zone and holds talks of a conference the base (or
another document given) holds all in one such zone is read in it too, though it holds
other talks (a supplement: `_in_conference_zone`).

Each case is said in a notice naming both documents. A document holding the same
talks as another on other days only (a program moved a week, or given again) is
kept beside it, both dates kept, with a notice (`identity.other_days`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from index.build.identity import (
    SAME_SHARE,
    Stored,
    other_days,
    resemblance,
    speaker_keys,
    stated_conferences,
)
from ingest.detect import ParsedDocument, zone_assumed, zone_borrowed, zone_of_conference
from ingest.merge.precedence import on_clock
from ingest.merge.same import canonical_conferences
from ingest.text import generic_title, title_key
from ingest.when import named_zone
from talkbase.core.records import Talk


@dataclass
class Kin:
    """The documents given, their conferences as they relate, and what was said."""

    documents: list[ParsedDocument]
    notices: list[str] = field(default_factory=list)
    renamed: dict[str, str] = field(default_factory=dict)  # stored document -> its conference
    # stored document -> the zone its times are read in, and the document it took it from
    rezoned: dict[str, tuple[str, str]] = field(default_factory=dict)


@dataclass
class _Doc:
    name: str
    path: str
    talks: tuple[Talk, ...]
    at: int | None  # position among the documents given; None: stored
    from_file: bool  # its conference is named after its file
    # the zone its times were read in for want of one it names (the default's:
    # `detect.zone_assumed`); None where it names its own
    assumed: str | None = None


def specific(talks: Sequence[Talk]) -> list[Talk]:
    """The talks whose title names one talk (not "Lunch", "Welcome", "C#")."""
    return [t for t in talks if not generic_title(title_key(t.title))]


def _conference(talks: Sequence[Talk]) -> str:
    """The one conference the talks are of; "" where they are of several or none."""
    names = {t.conference for t in talks if t.conference}
    return names.pop() if len(names) == 1 else ""


def _of_conference(talks: Sequence[Talk], name: str) -> tuple[Talk, ...]:
    return tuple(replace(t, conference=name) for t in talks)


def _one_conference(a: str, b: str) -> bool:
    if title_key(a) == title_key(b):
        return True
    canon = canonical_conferences([a, b])
    return canon[a] == canon[b]


def _shared(a: Sequence[Talk], b: Sequence[Talk]) -> int:
    """How many of the talks of `a` have a title `b` holds."""
    theirs = {title_key(t.title) for t in b}
    return sum(1 for t in a if title_key(t.title) in theirs)


def _alike(doc: _Doc, others: Sequence[_Doc], spread: Mapping[str, int]) -> _Doc | None:
    """The document among `others` that holds the same program as `doc`, the most
    alike; None where none does."""
    mine = specific(doc.talks)
    keys = {title_key(t.title) for t in mine}
    best: tuple[float, _Doc] | None = None
    for other in others:
        theirs = specific(other.talks)
        if not mine or not theirs:
            continue
        small = mine if len(mine) <= len(theirs) else theirs
        again = keys & {title_key(t.title) for t in theirs}
        if sum(1 for t in small if title_key(t.title) in again) < SAME_SHARE * len(small):
            continue  # (a bound: fewer shared titles than the rule needs)
        score = resemblance(theirs, mine, spread)
        if score < SAME_SHARE or _slots_shared(mine, theirs) < SAME_SHARE * len(small):
            continue
        if best is None or score > best[0]:
            best = (score, other)
    return best[1] if best else None


def _slots_shared(a: Sequence[Talk], b: Sequence[Talk]) -> int:
    """How many talks of the smaller of `a` and `b` the other holds as the same talk:
    its title on the same day, given by a speaker they share, or at the same start in
    the same room. Titles alone are no evidence here (review: two years' undated
    programs of one workshop series, or two cities' events of one global day, share
    their titles and are two programs)."""
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    by_key: dict[tuple[str, object], list[Talk]] = {}
    for t in large:
        if t.day:
            by_key.setdefault((title_key(t.title), t.day), []).append(t)
    found = 0
    for t in small:
        for o in by_key.get((title_key(t.title), t.day), []) if t.day else ():
            people = speaker_keys(t) & speaker_keys(o)
            if people or (t.start and t.start == o.start and t.room and t.room == o.room):
                found += 1
                break
    return found


def related(
    parsed: Sequence[ParsedDocument],
    stored: Mapping[str, Stored],
    spread: Mapping[str, int] | None = None,
    held: Mapping[str, frozenset[str]] | None = None,
) -> Kin:
    """The documents given (under their stored names, identity.name_documents), each
    of the conference of the document of another name it holds the same program as,
    where one of the two names its conference after its file (see the module's
    docstring); `stored`: the stored documents that may hold the same program, under
    other names than those given; `held`: conference -> the zones the stored documents
    that name their own give its talks (`in_conference_zone`)."""
    spread = spread or {}
    given = {d.name for d in parsed}
    docs = [
        _Doc(
            s.name,
            s.path,
            s.talks,
            None,
            not stated_conferences(s.talks, s.name),
            zone_assumed(s.warnings),
        )
        for s in stored.values()
        if s.name not in given
    ] + [
        _Doc(d.name, d.path, d.talks, n, d.conference_from_file_name, zone_assumed(d.warnings))
        for n, d in enumerate(parsed)
    ]
    out = list(parsed)
    kin = Kin(out)
    alone: list[_Doc] = []  # the documents given holding no other's program
    for doc in docs:
        if doc.at is None:
            continue
        others = [d for d in docs if d is not doc]
        other = _alike(doc, others, spread)
        if other is None:
            kin.notices += _moved(doc, others)
            alone.append(doc)
            continue
        mine, theirs = _conference(doc.talks), _conference(other.talks)
        if not mine or not theirs:
            continue
        if _one_conference(mine, theirs):
            _in_zone_of(doc, other, out, kin)
            _in_zone_of(other, doc, out, kin)
            continue
        said = (
            f"{doc.path}: holds {_shared(doc.talks, other.talks)} of the "
            f"{len(other.talks)} talks of {other.name} (from {other.path}) under another name"
        )
        if doc.from_file and (not other.from_file or other.at is None or other.at < doc.at):
            _take(doc, theirs, out)
            _in_zone_of(doc, other, out, kin)
            kin.notices.append(f"{said}: {_joined(theirs)}")
        elif other.from_file and not doc.from_file:
            _take(other, mine, out)
            _in_zone_of(other, doc, out, kin)
            if other.at is None:
                kin.renamed[other.name] = mine
            kin.notices.append(f"{said}: {_joined(mine)}")
        elif not doc.from_file and not other.from_file:
            kin.notices.append(
                f"{said}, but names another conference ({mine!r}, where it names "
                f"{theirs!r}): kept as two conferences, so each talk they share is in "
                "the base twice; if they are one conference, ingest both with "
                "--conference NAME"
            )
    for doc in alone:  # (holding no other document's program: a supplement to one)
        if doc.at is not None and doc.assumed == zone_assumed(parsed[doc.at].warnings):
            _in_conference_zone(doc, docs, held or {}, out)  # (unless one took its zone)
    return kin


def _take(doc: _Doc, name: str, out: list[ParsedDocument]) -> None:
    """`doc`'s talks are of the conference `name` from now on."""
    doc.talks = _of_conference(doc.talks, name)
    doc.from_file = False
    if doc.at is not None:
        out[doc.at] = replace(out[doc.at], talks=doc.talks)


def _one_zone(talks: Sequence[Talk]) -> str | None:
    """The one tz database zone all the timed talks are in ("Europe/Oslo": a place's
    clock, not UTC nor an offset: `when.named_zone`); None where they are in several,
    or in none such."""
    zones = {
        getattr(t.start.tzinfo, "key", None) if named_zone(t.start) else None
        for t in talks
        if t.start
    }
    return zones.pop() if len(zones) == 1 else None


def _in_zone_of(doc: _Doc, other: _Doc, out: list[ParsedDocument], kin: Kin) -> None:
    """`doc`'s times read in the zone of `other`, of the same program, where `doc` names
    none (they were read in the default's: `_Doc.assumed`) and `other`'s talks are all
    in one zone the tz database names (`in_zone`); a stored `doc` in a whole build
    (`Kin.rezoned`)."""
    zone = _one_zone(other.talks)
    if doc.assumed is None or zone is None or zone == doc.assumed:
        return
    if not _same_clocks(doc.talks, other.talks):
        return  # (its clock times are not the other's: no sign they are in its zone)
    clock = ZoneInfo(zone)
    doc.talks = tuple(on_clock(t, doc.assumed, clock) for t in doc.talks)
    doc.assumed = zone
    if doc.at is None:
        kin.rezoned[doc.name] = (zone, other.name)
    else:
        out[doc.at] = in_zone(out[doc.at], zone, other.name)


def _in_conference_zone(
    doc: _Doc, docs: Sequence[_Doc], held: Mapping[str, frozenset[str]], out: list[ParsedDocument]
) -> None:
    """`doc`'s times read in the zone of its conference, where `doc` holds no other
    document's program (a document that does takes that one's zone where their clocks
    agree, or none: `_in_zone_of`), names no zone (its times were read in the
    default's: `_Doc.assumed`) and every talk of that conference the
    base holds, and every other document given of it, is in that one zone the tz
    database names (a supplement with no zone column to a program in New York is in
    New York's time, not 3 hours off in the default's); where they are in several,
    the default's warning stands."""
    name = _conference(doc.talks)
    if doc.assumed is None or not name:
        return
    zones = {z for conf, zs in held.items() if _one_conference(conf, name) for z in zs}
    zones |= {
        t.zone
        for other in docs
        if other is not doc and other.at is not None and other.assumed is None
        if (theirs := _conference(other.talks)) and _one_conference(theirs, name)
        for t in other.talks
        if t.zone
    }
    zone = zones.pop() if len(zones) == 1 else None
    if zone is None or zone == doc.assumed or not _place(zone):
        return
    assert doc.at is not None
    clock = ZoneInfo(zone)
    doc.talks = tuple(on_clock(t, doc.assumed, clock) for t in doc.talks)
    doc.assumed = zone
    out[doc.at] = in_zone(out[doc.at], zone, name, zone_of_conference(out[doc.at].name, zone, name))


def _place(zone: str) -> bool:
    """Whether `zone` names a place's clock in the tz database (`when.named_zone`), not
    UTC nor an offset ("UTC+01:00")."""
    try:
        return named_zone(datetime(2000, 1, 1, tzinfo=ZoneInfo(zone)))
    except (ZoneInfoNotFoundError, ValueError):
        return False


def _same_clocks(mine: Sequence[Talk], theirs: Sequence[Talk]) -> bool:
    """Whether the talks `mine` shares with `theirs` (a title on the same day) mostly
    start at the same clock time in both (`SAME_SHARE` of them): the sign that `mine`'s
    times, which name no zone, are on the clock of `theirs` (a CSV written in UTC beside
    its conference's calendar in Oslo, two hours apart, is not in Oslo's time)."""
    clocks: dict[tuple[str, object], set[object]] = {}
    for t in theirs:
        if t.start is not None:
            clocks.setdefault((title_key(t.title), t.day), set()).add(t.start.time())
    shared = [
        t.start.time() in clocks[key]
        for t in mine
        if t.start is not None and (key := (title_key(t.title), t.day)) in clocks
    ]
    return bool(shared) and sum(shared) >= SAME_SHARE * len(shared)


def in_zone(doc: ParsedDocument, zone: str, other: str, said: str | None = None) -> ParsedDocument:
    """`doc` with its times read in `zone`, that of the document `other` of the same
    program, where it names none (its warning says they were read in the default's,
    `detect.zone_assumed`): its clock times kept, as the conference's clock says them
    (a CSV beside the same conference's calendar in Europe/Oslo is in Oslo's time, no
    longer 9 hours off in the default's, each of its talks a false conflict); its
    warning then says whose zone it took (`detect.zone_borrowed`, or `said`), which
    the merge still ranks below a zone a document names."""
    assumed = zone_assumed(doc.warnings)
    if assumed is None or assumed == zone:
        return doc
    clock = ZoneInfo(zone)
    said = said or zone_borrowed(doc.name, zone, other)
    return replace(
        doc,
        talks=tuple(on_clock(t, assumed, clock) for t in doc.talks),
        warnings=tuple(said if zone_assumed([w]) else w for w in doc.warnings),
    )


def _joined(name: str) -> str:
    return (
        f"read as one conference, {name!r}: each talk they share is one talk (where they "
        "disagree, every value is kept as a conflict), and neither replaces the other"
    )


def _moved(doc: _Doc, others: Sequence[_Doc]) -> list[str]:
    """A notice where `doc` holds the talks of a stored document of another file name
    on other days only (one of its own name: identity.name_documents says it)."""
    for other in others:
        if other.at is not None or other.name.rsplit("/", 1)[-1] == doc.name.rsplit("/", 1)[-1]:
            continue
        said = other_days(other.talks, doc.talks, other.name)
        mine, theirs = _conference(doc.talks), _conference(other.talks)
        if said and not doc.from_file and not other.from_file and mine and theirs:
            if not _one_conference(mine, theirs):  # (two conferences named: no move)
                return [
                    f"{doc.path}: {said} (from {other.path}), but names another conference "
                    f"({mine!r}, where it names {theirs!r}): kept as two conferences, so each "
                    "talk they share is in the base twice; if they are one conference, "
                    "ingest both with --conference NAME"
                ]
        if said:
            return [
                f"{doc.path}: {said} (from {other.path}): kept beside it, each such talk at "
                f"both dates; if the program was moved, remove the old one: talkbase remove "
                f"{other.name}"
            ]
    return []

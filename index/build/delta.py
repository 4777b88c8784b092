"""What a build must write: every talk (a whole build), or only the talks an
ingest touches (a change to the build in use); and the talks' ids.

An ingest that brings new or changed documents touches the talks of the
documents it replaces and the stored talks its records may merge with or share
an identity with (same title key or source uid in a conference of the same
`conference_key`, a nearly equal title with a shared speaker surname in the
same conference, the title with its session format after it or without it
(`merge.format_added`: looked up by the title's key without the format's name,
`_unmarked`, on either side), or with a speaker's name after a dash or without
it: `merge.named_keys`), and so on for the records of those talks. Those talks are
merged again from all their records; every other talk keeps its rows, vectors
and postings. Anything that would rename talks outside that set (a document
naming a conference more fully) needs a whole build, and so does a new talk
whose id an untouched talk holds (`stable_ids`; the ids: index/build/ids.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import duckdb
import numpy as np

from index.build import reading
from index.build.changes import Changes, compare
from index.build.ids import (
    Clash,
    Taken,
    conference_key,
    displaced,
    stable_ids,
)
from index.store import candidates as maybe
from index.store import tables
from ingest.detect import ParsedDocument, zone_assumed
from ingest.merge import merge_grouped
from ingest.merge.people import surname
from ingest.merge.precedence import room_names
from ingest.merge.same import FUZZY_TITLE, canonical_conferences, titles_close
from ingest.merge.titles import FORMAT_KEYS, named_keys
from ingest.text import generic_title, loose_key, title_key
from talkbase.core.errors import InputError
from talkbase.core.records import Talk

LENGTH_SLACK = 1.09  # titles whose lengths differ more cannot be FUZZY_TITLE alike
PREFILTER = FUZZY_TITLE - 1e-9  # quick_ratio's own bound, less rounding
SURNAME_BATCH = 5_000  # records whose surname candidates are looked up at a time
PAIRS_AT_ONCE = 200_000  # (record, talk) pairs bounded at a time
_BUCKET = np.full(256, 37, dtype=np.int64)  # a-z 0-25, 0-9 26-35, space 36, else 37
_BUCKET[np.frombuffer(b"abcdefghijklmnopqrstuvwxyz0123456789 ", np.uint8)] = np.arange(37)


@dataclass
class Plan:
    """The talks to write and what they replace."""

    talks: list[Talk]  # merged talks with their ids: all (whole), or new and changed
    records: tables.Rows  # (document, position, talk id, parsed record) to store
    documents: list[ParsedDocument]  # documents to list (all, or the new ones)
    all_documents: list[str]  # names of every document of the next build
    delta: bool = False  # True: apply to a copy of the previous database
    removed: set[int] = field(default_factory=set)  # talk ids whose rows go (delta)
    removed_documents: list[str] = field(default_factory=list)  # replaced documents (delta)
    old: dict[int, Talk] = field(default_factory=dict)  # the removed talks as they were
    changes: Changes = field(default_factory=Changes)
    total: int = 0  # talks in the next build
    notices: list[str] = field(default_factory=list)


def numbered(
    parsed: Iterable[ParsedDocument], stored: Mapping[str, tuple[str, str, int]]
) -> list[ParsedDocument]:
    """`parsed` with the number of the ingest storing them (`ParsedDocument.ingested`):
    one more than any stored document's (`stored`: name -> (sha256, what it was read
    with, number)); a document stored again as it is keeps its number (the same content
    is no news; so too where how it was read before is unknown), one read another way
    (index/build/reading.py: another time zone, conference, column map) is news."""
    following = max((n for *_, n in stored.values()), default=0) + 1
    return [
        replace(d, ingested=stored[d.name][2])
        if d.name in stored
        and reading.same(stored[d.name][0], stored[d.name][1] or d.read_with, d.sha256, d.read_with)
        else replace(d, ingested=following)
        for d in parsed
    ]


def whole(docs: dict[str, ParsedDocument], old: dict[int, Talk]) -> Plan:
    """Every talk of these documents, merged in the order of their names (where records
    of equal standing disagree on a title, the first gives it: the documents' order,
    never the order they came in, as a change merges them); `old`: the talks of the
    build in use."""
    records = [(n, pos, rec) for n in sorted(docs) for pos, rec in enumerate(docs[n].talks)]
    talks, rows = _merged(
        [r for _, _, r in records],
        [(d, p) for d, p, _ in records],
        set(),
        old=old,
        guessed=_guessed((d.name, d.warnings) for d in docs.values()),
        ingested={d.name: d.ingested for d in docs.values()},
    )
    return Plan(
        talks,
        rows,
        list(docs.values()),
        sorted(docs),
        changes=compare(old, {t.id: t for t in talks}),
        total=len(talks),
    )


def _merged(
    inputs: Sequence[Talk],
    origin: Sequence[tuple[str, int]],
    taken: set[int] | Taken,
    as_read: Sequence[Talk] | None = None,
    old: Mapping[int, Talk] | None = None,
    guessed: Mapping[str, str] | None = None,
    ingested: Mapping[str, int] | None = None,
    rooms: Mapping[str, frozenset[str]] | None = None,
) -> tuple[list[Talk], tables.Rows]:
    """Merge `inputs`; give each talk its id (`stable_ids`; `old`: the talks
    they replace); the records rows to store (the records `as_read`, when the
    inputs were renamed for merging); `guessed`: document -> the zone its times were
    read in for want of one it names; `ingested`: document -> its ingest number;
    `rooms`: document -> the rooms all its records name (by default those of `inputs`)."""
    stored = inputs if as_read is None else as_read
    grouped = merge_grouped(inputs, guessed, ingested, rooms)
    ids = stable_ids([_identified(t, [inputs[m] for m in ms]) for t, ms in grouped], taken, old)
    talks: list[Talk] = []
    rows: tables.Rows = []
    for (merged, members), tid in zip(grouped, ids, strict=True):
        talk = replace(merged, id=tid)
        talks.append(talk)
        rows += [(origin[m][0], origin[m][1], talk.id, stored[m]) for m in members]
    return talks, rows


def _guessed(documents: Iterable[tuple[str, Sequence[str]]]) -> dict[str, str]:
    """document -> the zone its times were read in for want of one it names, from each
    document's warnings (ingest.detect.zone_assumed)."""
    return {name: zone for name, said in documents if (zone := zone_assumed(said))}


def _identified(merged: Talk, records: Sequence[Talk]) -> Talk:
    """The merged talk with the uid and title its id is made from, chosen among
    its records by what they hold and by document name, never by the order the
    documents came in: a timed record first, then one with an abstract."""

    def rank(r: Talk) -> tuple[int, int, str, str]:
        doc = r.sources[0] if r.sources else None
        where = (doc.document, doc.location) if doc else ("", "")
        return (0 if r.start else 1, 0 if r.abstract else 1, *where)

    ranked = sorted(records, key=rank)
    uid = next((r.uid for r in ranked if r.uid), None)
    return replace(merged, uid=uid, title=ranked[0].title)


def _rooms(
    con: duckdb.DuckDBPyConnection,
    docs: Sequence[ParsedDocument],
    replaced: Sequence[str],
    merging: Iterable[Talk],
) -> dict[str, frozenset[str]]:
    """document -> the rooms all its records name, stored or given now, as a whole
    build's merge sees them (`merge.room_names`), though a delta merges a few talks:
    for the documents of the records it merges (`merging`), the only ones the merge
    asks about (a record's document: its first source), from all their records, those
    of the talks it leaves alone too."""
    asked = {t.sources[0].document for t in merging if t.sources} - set(replaced)
    return room_names(
        tables.rooms_named(con, asked) + [(d.name, t.room) for d in docs for t in d.talks]
    )


def change(
    con: duckdb.DuckDBPyConnection,
    parsed: Sequence[ParsedDocument],
    dropped: Sequence[str] = (),
) -> Plan | None:
    """The plan that adds `parsed` to the base read through `con` (and removes the
    documents named in `dropped`), touching only the talks it must; None when a
    whole build is needed."""
    stored = tables.stored_documents(con)
    unknown = [n for n in dropped if n not in stored]
    if unknown:
        raise InputError(
            unknown[0],
            "no such document in the knowledge base; known: " + ", ".join(sorted(stored)),
        )
    numbers, read = tables.ingest_numbers(con), tables.readings(con)
    docs = [d for d in parsed if not _stored_as_is(d, stored, read)]
    docs = numbered(
        docs, {n: (s[2], read.get(n, ""), numbers.get(n, 0)) for n, s in stored.items()}
    )
    replaced = [d.name for d in docs if d.name in stored] + list(dropped)
    # (a new version's own notice is identity.py's; the same bytes read another way, here)
    notices = reading.read_again(docs, {n: (s[2], read.get(n, "")) for n, s in stored.items()})
    named = maybe.conferences_named(con, replaced)  # (as a record says, as stored)
    canon = canonical_conferences(
        [raw for raw, _ in named] + [t.conference for d in docs for t in d.talks]
    )
    if any(canon.get(raw, raw) != kept for raw, kept in named if raw):
        return None  # a fuller conference name comes or goes: stored talks are renamed

    def canonical(t: Talk) -> Talk:  # as a whole build's merge names it
        return replace(t, conference=canon.get(t.conference, t.conference))

    new = [(d.name, pos, t) for d in docs for pos, t in enumerate(d.talks)]
    looked_up = [(d, p, canonical(t)) for d, p, t in new]
    removed = tables.talks_of_documents(con, replaced) | _matches(con, looked_up, set(replaced))
    # the touched talks' own records may merge with, or share an identity with,
    # other stored talks: those are merged again too, until none is left out
    checked: set[int] = set()
    while removed - checked:
        todo = removed - checked
        checked |= todo
        theirs = [(d, p, canonical(t)) for d, p, _, t in tables.records_of(con, todo)]
        removed |= _matches(con, theirs, set(replaced))
    kept = [(d, p, t) for d, p, _, t in tables.records_of(con, removed) if d not in replaced]
    # the order a whole build merges in: the documents' names
    rank = {name: i for i, name in enumerate(sorted(set(stored) | {d.name for d in parsed}))}
    entries = sorted(kept + new, key=lambda e: (rank[e[0]], e[1]))
    ids = tables.all_ids(con)
    untouched = ids[~np.isin(ids, np.fromiter(removed, np.int64, len(removed)))]
    old = tables.talks_by_id(con, removed)
    try:
        talks, rows = _merged(
            [canonical(t) for _, _, t in entries],
            [(d, p) for d, p, _ in entries],
            Taken(untouched),
            [t for _, _, t in entries],
            old,
            _guessed(
                [(n, stored[n][3]) for n in stored if n not in replaced]
                + [(d.name, d.warnings) for d in docs]
            ),
            numbers | {d.name: d.ingested for d in docs},
            _rooms(con, docs, replaced, (t for _, _, t in entries)),
        )
    except Clash:
        return None  # a new talk's id is held by an untouched talk: a whole build decides
    if displaced(removed - {t.id for t in talks}, untouched, lambda i: tables.talks_by_id(con, i)):
        return None
    changes = compare(old, {t.id: t for t in talks})
    total = len(ids) - len(removed) + len(talks)
    changes = replace(changes, unchanged=changes.unchanged + len(ids) - len(removed))
    return Plan(
        talks,
        rows,
        docs,
        sorted((set(stored) - set(dropped)) | {d.name for d in docs}),
        delta=True,
        removed=removed,
        removed_documents=replaced,
        old=old,
        changes=changes,
        total=total,
        notices=notices,
    )


def _stored_as_is(
    doc: ParsedDocument,
    stored: Mapping[str, tuple[str, str, str, list[str]]],
    read: Mapping[str, str],
) -> bool:
    """Whether `doc` is stored as it is: its bytes, read the same way (reading.py)."""
    return doc.name in stored and reading.same(
        stored[doc.name][2], read.get(doc.name, ""), doc.sha256, doc.read_with
    )


def _unmarked(key: str) -> set[str]:
    """A title's key without the session format's name it ends in ("graph databases"
    for "graph databases workshop"; two where one format's name ends another's:
    "x lightning" and "x" for "x lightning talk") or begins with ("x" for "panel x",
    "Panel: X"); none when it ends and begins with none."""
    return {
        stem for end in FORMAT_KEYS if key.endswith(f" {end}") and (stem := key[: -len(end) - 1])
    } | {stem for end in FORMAT_KEYS if key.startswith(f"{end} ") and (stem := key[len(end) + 1 :])}


def _counts(keys: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Each key's characters counted by kind (38 kinds), and its length."""
    lengths = np.fromiter((len(k) for k in keys), dtype=np.int64, count=len(keys))
    chars = np.frombuffer("".join(keys).encode("utf-32-le"), dtype=np.uint32)
    kind = _BUCKET[np.minimum(chars, 255)]
    kind[chars > 127] = 37  # every other character in one kind: counts only grow
    rows = np.repeat(np.arange(len(keys), dtype=np.int64), lengths)
    counts = np.bincount(rows * 38 + kind, minlength=len(keys) * 38)
    return np.minimum(counts, 65535).astype(np.uint16).reshape(len(keys), 38), lengths


def _maybe_close(
    a: Sequence[str], b: Sequence[str], ia: np.ndarray | None = None, ib: np.ndarray | None = None
) -> np.ndarray:
    """For the pairs (a[ia[n]], b[ib[n]]) (default: a[n], b[n]), whether they may be
    FUZZY_TITLE alike: an upper bound on difflib's quick_ratio from the characters
    both share, for all pairs at once (the exact test follows). Each key is
    counted once, however many pairs it is in; pairs go a slice at a time."""
    ia = np.arange(len(a)) if ia is None else ia
    ib = np.arange(len(b)) if ib is None else ib
    ca, la = _counts(a)
    cb, lb = _counts(b)
    out = np.zeros(len(ia), dtype=bool)
    for lo in range(0, len(ia), PAIRS_AT_ONCE):
        x, y = ia[lo : lo + PAIRS_AT_ONCE], ib[lo : lo + PAIRS_AT_ONCE]
        shared = np.minimum(ca[x], cb[y]).sum(axis=1, dtype=np.int64)
        out[lo : lo + PAIRS_AT_ONCE] = 2 * shared >= PREFILTER * (la[x] + lb[y])
    return out


def _matches(
    con: duckdb.DuckDBPyConnection, new: list[tuple[str, int, Talk]], replaced: set[str]
) -> set[int]:
    """Stored talks that records of `new` may merge with or share an identity
    with (a superset: the merge decides): the same title key (as stored by an
    older build too, without "+"/"#") or the same source uid, in a conference of
    the same `conference_key`; or a nearly equal title with a shared speaker
    surname, in the same conference, not holding a record of the same document."""
    if not new:
        return set()
    keys = [title_key(t.title) for _, _, t in new]
    confs = [conference_key(t.conference) if t.conference else "" for _, _, t in new]
    out: set[int] = set()
    by_key: dict[str, list[tuple[int, str]]] = {}
    # "x (Workshop)" or "Panel: x" for "x", and back (`merge.format_added`, by the same
    # speaker): the stored titles of this key and a format's name after or before it, and
    # of this key without one
    stems = list(dict.fromkeys(k for k, (_, _, t) in zip(keys, new, strict=True) if t.speakers))
    bare = {key: _unmarked(key) for key in stems}
    named = [named_keys(t) for _, _, t in new]  # "x - Jane Doe" for "x" by her, and back
    variants = [v for vs in (*bare.values(), *named) for v in vs]
    unmarked: dict[str, list[tuple[int, str]]] = {}  # a stored title's key without its format
    for tid, key, conf in maybe.same_title(
        con, keys + [loose_key(k) for k in keys] + variants, stems, sorted(FORMAT_KEYS)
    ):
        hit = (int(tid), conference_key(conf) if conf else "")
        by_key.setdefault(key, []).append(hit)
        for stem in _unmarked(key) if not generic_title(key) else ():
            unmarked.setdefault(stem, []).append(hit)
    uids = [t.uid for _, _, t in new if t.uid]
    by_uid: dict[str, list[tuple[int, str]]] = {}
    for tid, uid, conf in maybe.same_uid(con, uids) if uids else []:
        by_uid.setdefault(uid, []).append((int(tid), conference_key(conf) if conf else ""))
    want: list[tuple[Any, ...]] = []
    for i, ((_, _, rec), key, mine) in enumerate(zip(new, keys, confs, strict=True)):
        found = by_key.get(key, []) + (
            by_key.get(loose_key(key), []) if "+" in key or "#" in key else []
        )
        found += by_uid.get(rec.uid, []) if rec.uid else []
        if rec.speakers:
            found += unmarked.get(key, [])  # stored with a format after this title
            found += [hit for v in bare[key] if not generic_title(v) for hit in by_key.get(v, [])]
        found += [hit for v in named[i] for hit in by_key.get(v, [])]
        out |= {tid for tid, conf in found if not mine or not conf or mine == conf}
        lo, hi = int(len(key) / LENGTH_SLACK), int(len(key) * LENGTH_SLACK) + 1
        for name in {surname(s.name) for s in rec.speakers} - {""}:
            want.append((i, name, rec.conference or "", lo, hi))
    candidates: dict[int, set[int]] = {}  # record index -> talk ids
    for lo in range(0, len(want), SURNAME_BATCH):  # bounded memory for many records
        which, tids = maybe.same_surname(con, want[lo : lo + SURNAME_BATCH])
        if not len(which):
            continue
        theirs = maybe.title_keys(con, tids)
        talk_ids = np.fromiter(theirs, dtype=np.int64, count=len(theirs))
        order = np.argsort(talk_ids)
        at = order[np.searchsorted(talk_ids[order], tids)]  # pair -> row of its talk
        texts = list(theirs.values())
        alike = _maybe_close(keys, texts, which, at)
        for i, row in zip(which[alike].tolist(), at[alike].tolist(), strict=True):
            if titles_close(keys[i], texts[row]):
                candidates.setdefault(i, set()).add(int(talk_ids[row]))
    found_ids = {tid for ids in candidates.values() for tid in ids} - out
    docs_of = maybe.documents_of(con, found_ids)
    for i, ids in candidates.items():
        doc = new[i][0]
        out |= {tid for tid in ids - out if doc not in docs_of.get(tid, set()) - replaced}
    return out

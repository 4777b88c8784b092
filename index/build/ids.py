"""Talk ids (index/build/delta.py decides which talks a build writes): a talk's id is
the hash of its identity (`identity`: conference key and source uid, or conference
key and title key; talks sharing one are told apart by their conference, start
and room, the earliest keeping the plain identity), so the same talks get the same
ids whatever order their documents came in, were removed in or came back in; an
id in use moves a new talk to the next free number. A base built by an earlier
talkbase keeps its ids (`_legacy`), and so does a talk it stored with the label
naming its format cut off its title ("Panel: X" as "X": `_unlabelled`), and so
does a talk whose identity a new version of its document changed, where the data
says plainly it is the same talk (`_successors`: a fixed title, a renamed
conference): it is then retitled, not one talk removed and another added.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from ingest.merge.people import surname
from ingest.merge.same import titles_close
from ingest.text import generic_title, name_key, title_key
from talkbase.core.records import Talk
from talkbase.core.terms import format_labelled

ID_SPACE = 10**9
PROBE_WINDOW = 64  # an id this close after its identity's hash came from a clash


class Taken:
    """Ids in use: a large base's as one sorted array, new ones in a set."""

    def __init__(self, ids: np.ndarray) -> None:
        self._ids = np.sort(ids)
        self._new: set[int] = set()

    def __contains__(self, n: object) -> bool:
        if not isinstance(n, int):
            return False
        at = int(np.searchsorted(self._ids, n))
        return n in self._new or (at < len(self._ids) and int(self._ids[at]) == n)

    def add(self, n: int) -> None:
        self._new.add(n)

    def stored(self, n: int) -> bool:
        """Held by a stored talk (not one given in this change)."""
        at = int(np.searchsorted(self._ids, n))
        return at < len(self._ids) and int(self._ids[at]) == n


def conference_key(name: str) -> str:
    """The part of a conference's name a talk id is made from: it stays the same
    when another document names the conference more fully.

    `canonical_conferences` renames only names holding a four-digit number, to a
    name holding all their words ("PyTorch Conference 2026" -> "PyTorch
    Conference North America 2026"), and such a name names the event from its
    first words on. So a name with a number is keyed by its first word that is
    no number and its four-digit numbers ("pytorch|2026"); a name without one is
    never renamed and is keyed by all its words."""
    words = title_key(name).split()
    if not re.search(r"\d{4}", name):
        return " ".join(words)
    head = next((w for w in words if not w.isdigit()), "")
    years = re.findall(r"\d{4}", name)
    return f"{head}|{'-'.join(years)}"


def identity(talk: Talk) -> str:
    """A talk's own identity: its conference (`conference_key`) and its source
    uid, or, without one, its title key. Talks sharing one are told apart by
    `qualified`."""
    conf = conference_key(talk.conference)
    return f"{conf}|uid:{talk.uid}" if talk.uid else f"{conf}|title:{title_key(talk.title)}"


def qualified(talk: Talk) -> str:
    """`identity` with what tells talks of one identity apart: the conference as
    named, the start and the room."""
    start = talk.start.isoformat() if talk.start else ""
    return f"{identity(talk)}|{title_key(talk.conference)}|{start}|{title_key(talk.room or '')}"


def _hash(text: str) -> int:
    return int.from_bytes(hashlib.sha1(text.encode()).digest()[:8], "big") % ID_SPACE or 1


def _order(talk: Talk) -> tuple[str, str, str, str, str]:
    """The total order of talks sharing an identity: the first keeps it plain."""
    start = talk.start.isoformat() if talk.start else "~"  # untimed last
    names = ";".join(name_key(s.name) for s in talk.speakers)
    return (title_key(talk.conference), start, title_key(talk.room or ""), talk.title, names)


def identities(talks: Sequence[Talk]) -> list[str]:
    """Each talk's identity string, distinct within `talks`: the first of several
    talks of one `identity` (in `_order`, so: the earliest) keeps it, the others
    take `qualified` (and a count, when even that is shared). A function of the
    set of talks, never of their order."""
    groups: dict[str, list[int]] = {}
    for i, t in enumerate(talks):
        groups.setdefault(identity(t), []).append(i)
    out = [""] * len(talks)
    for ident, members in groups.items():
        members = sorted(members, key=lambda i: _order(talks[i]))
        out[members[0]] = ident
        seen: dict[str, int] = {}
        for i in members[1:]:
            q = qualified(talks[i])
            seen[q] = seen.get(q, 0) + 1
            out[i] = q if seen[q] == 1 else f"{q}#{seen[q]}"
    return out


def _legacy(old: Mapping[int, Talk]) -> dict[str, int]:
    """The ids of `old` talks given before ids came from `identities` (a base
    built by an earlier talkbase), by identity, to be kept: an id that is neither
    the hash of the talk's identity nor a few steps after it."""
    out: dict[str, int] = {}
    shared: set[str] = set()
    for tid, t in old.items():
        if any(0 <= tid - _hash(x) < PROBE_WINDOW for x in (identity(t), qualified(t))):
            continue  # given by this scheme: it is given again, the same way
        for key in (qualified(t), identity(t)):
            if key in out:
                shared.add(key)
            out[key] = tid
    return {k: v for k, v in out.items() if k not in shared}


def stable_ids(
    talks: Sequence[Talk], taken: set[int] | Taken, old: Mapping[int, Talk] | None = None
) -> list[int]:
    """Ids for `talks` that survive re-ingests and never depend on the order of
    ingests: the hash of each talk's identity string (`identities`), taken in
    the order of those strings; on a clash with an id in use, the next free
    number. A talk of a base built by an earlier talkbase keeps its id (`old`:
    the talks being replaced; `_legacy`)."""
    names = identities(talks)
    ids = [0] * len(talks)
    order = sorted(range(len(talks)), key=lambda i: names[i])
    kept = _legacy(old or {})
    for i, n in _unlabelled(talks, names, old or {}).items():
        if n not in taken:  # (a talk read before with its format's label cut off)
            ids[i] = n
            taken.add(n)
    for i, n in _successors(talks, names, old or {}).items():
        if not ids[i] and n not in taken:  # (the same talk, its identity changed)
            ids[i] = n
            taken.add(n)
    for key_of in (qualified, identity) if kept else ():  # the closest match first
        for i in order:
            n = 0 if ids[i] else kept.pop(key_of(talks[i]), 0)
            if n and n not in taken:
                ids[i] = n
                taken.add(n)
    for i in order:
        if ids[i]:
            continue
        n = _hash(names[i])
        if isinstance(taken, Taken) and taken.stored(n):
            raise Clash(n)
        while n in taken:
            n = n % (ID_SPACE - 1) + 1
        taken.add(n)
        ids[i] = n
    return ids


def _unlabelled(
    talks: Sequence[Talk], names: Sequence[str], old: Mapping[int, Talk]
) -> dict[int, int]:
    """Position -> the id of the `old` talk that is the same talk with the session
    format's label cut off its title ("Mesa redonda: restauración y ética" stored as
    "restauración y ética", Panel, by a talkbase that cut it; `terms.format_labelled`),
    of the same conference and format, where no talk of `talks` holds that old identity itself:
    such a talk read again keeps its id, its title changed, not one talk gone and
    another come."""
    if not old:
        return {}
    held = set(names)
    gone: dict[tuple[str, str | None], int] = {}
    for tid, t in old.items():
        if not t.uid and t.format and (ident := identity(t)) not in held:
            gone[ident, t.format] = tid
    out = {}
    for i, t in enumerate(talks):
        led = format_labelled(t.title) if not t.uid and names[i] == identity(t) else None
        if led and (tid := gone.pop((identity(replace(t, title=led[1])), t.format), 0)):
            out[i] = tid
    return out


def _successors(
    talks: Sequence[Talk], names: Sequence[str], old: Mapping[int, Talk]
) -> dict[int, int]:
    """Position -> the id of the `old` talk whose identity no talk of `talks` holds any
    more and that is plainly the same talk as the one at that position, whose identity
    no old talk held: one read from the same document (a new version of it replaced the
    old), with the same source uid where both have one, or, where neither has, at the
    same start and in the same room (or none), under the same title (its conference
    renamed), or, a timed talk in a room, given by the same speakers, or under a nearly equal
    title (`same.titles_close`, not a title several sessions share) with no speakers or
    a speaker's surname in common. A title's typo fixed or the conference renamed
    keeps the talk's id. Only pairs that are each other's one match count: where two
    could be the same talk, both stay apart (an id kept for another talk would be
    worse than one lost)."""
    if not old:
        return {}
    held = set(names)
    olds = list(old.items())
    before = identities([t for _, t in olds])
    gone = [(tid, t) for (tid, t), n in zip(olds, before, strict=True) if n not in held]
    if not gone:
        return {}
    had = set(before)
    slots: dict[tuple[str, str], list[tuple[int, Talk]]] = {}
    for tid, t in gone:
        for doc in {s.document for s in t.sources}:
            slots.setdefault((doc, _slot(t)), []).append((tid, t))
    pairs: dict[int, set[int]] = {}
    for i, t in enumerate(talks):
        if names[i] in had:
            continue
        for doc in {s.document for s in t.sources}:
            for tid, o in slots.get((doc, _slot(t)), ()):
                if _same_talk(o, t):
                    pairs.setdefault(i, set()).add(tid)
    claims: dict[int, int] = {}
    for tids in pairs.values():
        for tid in tids:
            claims[tid] = claims.get(tid, 0) + 1
    return {
        i: tid
        for i, tids in pairs.items()
        if len(tids) == 1 and claims[tid := next(iter(tids))] == 1
    }


def _slot(talk: Talk) -> str:
    """What a talk and its successor share: its source uid, or its start and room."""
    if talk.uid:
        return f"uid:{talk.uid}"
    return f"{talk.start.isoformat() if talk.start else ''}|{title_key(talk.room or '')}"


def _same_talk(a: Talk, b: Talk) -> bool:
    """Whether `b`, of `a`'s slot (`_slot`), is plainly `a` under another title or
    conference."""
    ka, kb = title_key(a.title), title_key(b.title)
    if a.uid or ka == kb:
        return True  # the same uid, or title, in the same document: its conference renamed
    if a.start is None or not a.room:
        return False  # an untimed or unplaced talk's slot tells nothing
    sa = {name_key(s.name) for s in a.speakers}
    sb = {name_key(s.name) for s in b.speakers}
    if sa and sa == sb:
        return True
    if generic_title(ka) or generic_title(kb) or not titles_close(ka, kb):
        return False
    shared = {surname(s.name) for s in a.speakers} & {surname(s.name) for s in b.speakers}
    return not (sa and sb) or bool(shared - {""})


class Clash(Exception):
    """A new talk's id is held by a stored talk the change does not touch: only a
    whole build gives every talk the id its identity gets."""


def displaced(freed: set[int], ids: np.ndarray, talks_of: Any) -> bool:
    """Whether a stored talk got its id only because one of `freed` was taken
    (a whole build would give it the freed one)."""
    if not freed or not len(ids):
        return False
    ordered = np.sort(ids)
    near: set[int] = set()
    for f in freed:
        at = int(np.searchsorted(ordered, f, side="right"))
        while at < len(ordered) and int(ordered[at]) - f <= PROBE_WINDOW:
            near.add(int(ordered[at]))
            at += 1
    if not near:
        return False
    for tid, t in talks_of(near).items():
        starts = [_hash(x) for x in (identity(t), qualified(t))]
        if any(h <= f < tid for h in starts for f in freed):
            return True
    return False

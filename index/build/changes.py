"""What changed between two versions of a knowledge base (pure functions).

Talks are matched by their stable id. A talk present in both can be retimed
(start or end moved), moved (room changed) or kept in its room where a document names
another the merge does not take (`room_kept`: the other kept as a conflict), retitled (its title changed: it kept
its id, index/build/ids.py), re-described (abstract or notes changed) and/or have new speakers; each is reported once per kind. A talk
whose program now says it will not take place (`Talk.cancelled`) is reported
cancelled, not re-described for its "Status" note; one whose cancellation was
lifted, reinstated. An added talk already cancelled says so in its detail.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from talkbase.core import present
from talkbase.core.records import Talk


@dataclass(frozen=True)
class Change:
    id: int
    title: str
    detail: str = ""


@dataclass(frozen=True)
class Changes:
    added: tuple[Change, ...] = ()
    removed: tuple[Change, ...] = ()
    retimed: tuple[Change, ...] = ()
    moved: tuple[Change, ...] = ()
    redescribed: tuple[Change, ...] = ()
    respeakered: tuple[Change, ...] = ()  # someone new among the speakers
    unchanged: int = 0
    kinds: tuple[str, ...] = field(
        default=(
            "added",
            "removed",
            "retimed",
            "retitled",
            "moved",
            "redescribed",
            "respeakered",
            "unspeakered",
            "cancelled",
            "reinstated",
            "room_kept",
        ),
        repr=False,
    )
    unspeakered: tuple[Change, ...] = ()  # only lost speakers (e.g. a document was removed)
    cancelled: tuple[Change, ...] = ()  # the program now says it will not take place
    reinstated: tuple[Change, ...] = ()  # cancelled before, no longer
    retitled: tuple[Change, ...] = ()  # the same talk (its id kept) under a new title
    room_kept: tuple[Change, ...] = ()  # a room a document names set aside (a conflict)

    @property
    def empty(self) -> bool:
        return not any(getattr(self, k) for k in self.kinds)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            k: [{"id": c.id, "title": c.title, "detail": c.detail} for c in getattr(self, k)]
            for k in self.kinds
        }
        out["unchanged"] = self.unchanged
        return out


def _when(t: Talk, zoned: bool = False) -> str:
    """When the talk is, on its own clock (`zoned`: with its zone's name)."""
    when = present.when(t, year=True)
    return f"{when} {t.zone}" if zoned and t.zone else when


def _described(t: Talk, status: bool) -> tuple[object, ...]:
    """The parts of a talk whose change makes it re-described: its abstract and notes
    (without the "Status" note, where `status` is False: its change is said apart)."""
    notes = t.notes if status else tuple(n for n in t.notes if n[0] != "Status")
    return (t.abstract, notes)


def _room_set_aside(a: Talk, b: Talk) -> str:
    """Where the talk stays in its room while a document names another that is not
    taken (the merge's rule: ingest/merge/precedence.py, a room of another vocabulary
    than the older document's), what the summary says: "stays in Hall B: other.csv
    says Hall D (kept as a conflict)"; "" where no new room was set aside."""
    before = {v for c in a.conflicts if c.field == "room" for v in c.values}
    aside = [
        (doc, room)
        for c in b.conflicts
        if c.field == "room"
        for doc, room in c.values
        if (doc, room) not in before and room != b.room
    ]
    if not aside:
        return ""
    said = "; ".join(f"{doc} says {room}" for doc, room in aside)
    return f"stays in {b.room or '?'}: {said} (kept as a conflict)"


def compare(old: Mapping[int, Talk], new: Mapping[int, Talk]) -> Changes:
    added = [Change(i, new[i].title, "cancelled" * new[i].cancelled) for i in new if i not in old]
    removed = [Change(i, old[i].title) for i in old if i not in new]
    retimed, moved, redescribed, respeakered, unspeakered = [], [], [], [], []
    cancelled: list[Change] = []
    reinstated: list[Change] = []
    retitled: list[Change] = []
    room_kept: list[Change] = []
    unchanged = 0
    for i in new:
        if i not in old:
            continue
        a, b = old[i], new[i]
        changed = False
        if (a.start, a.end) != (b.start, b.end):
            zoned = a.zone != b.zone  # (the same clock times in another zone)
            retimed.append(Change(i, b.title, f"{_when(a, zoned)} -> {_when(b, zoned)}"))
            changed = True
        if a.title != b.title:
            retitled.append(Change(i, b.title, f"was: {a.title}"))
            changed = True
        if a.room != b.room:
            moved.append(Change(i, b.title, f"{a.room or '?'} -> {b.room or '?'}"))
            changed = True
        elif set_aside := _room_set_aside(a, b):
            room_kept.append(Change(i, b.title, set_aside))
            changed = True
        flipped = a.cancelled != b.cancelled
        if flipped:
            where = " · ".join(x for x in (_when(b), b.room) if x)
            (cancelled if b.cancelled else reinstated).append(Change(i, b.title, where))
            changed = True
        if _described(a, not flipped) != _described(b, not flipped):
            redescribed.append(Change(i, b.title))
            changed = True
        if a.speakers != b.speakers:
            before = {s.name for s in a.speakers}
            if any(s.name not in before for s in b.speakers):
                names = ", ".join(s.name for s in b.speakers)
                respeakered.append(Change(i, b.title, names))
            else:  # nobody new: the talk lost speakers or their affiliations changed
                after = {s.name for s in b.speakers}
                lost = ", ".join(s.name for s in a.speakers if s.name not in after)
                unspeakered.append(Change(i, b.title, lost))
            changed = True
        unchanged += not changed
    return Changes(
        tuple(added),
        tuple(removed),
        tuple(retimed),
        tuple(moved),
        tuple(redescribed),
        tuple(respeakered),
        unchanged,
        unspeakered=tuple(unspeakered),
        cancelled=tuple(cancelled),
        reinstated=tuple(reinstated),
        retitled=tuple(retitled),
        room_kept=tuple(room_kept),
    )

"""What changed between two versions of a knowledge base (pure functions).

Talks are matched by their stable id. A talk present in both can be retimed
(start or end moved), moved (room changed), re-described (title or abstract or
notes changed) and/or have new speakers; each is reported once per kind.
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
            "moved",
            "redescribed",
            "respeakered",
            "unspeakered",
        ),
        repr=False,
    )
    unspeakered: tuple[Change, ...] = ()  # only lost speakers (e.g. a document was removed)

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


def _when(t: Talk) -> str:
    return present.when(t, year=True)


def compare(old: Mapping[int, Talk], new: Mapping[int, Talk]) -> Changes:
    added = [Change(i, new[i].title) for i in new if i not in old]
    removed = [Change(i, old[i].title) for i in old if i not in new]
    retimed, moved, redescribed, respeakered, unspeakered = [], [], [], [], []
    unchanged = 0
    for i in new:
        if i not in old:
            continue
        a, b = old[i], new[i]
        changed = False
        if (a.start, a.end) != (b.start, b.end):
            retimed.append(Change(i, b.title, f"{_when(a)} -> {_when(b)}"))
            changed = True
        if a.room != b.room:
            moved.append(Change(i, b.title, f"{a.room or '?'} -> {b.room or '?'}"))
            changed = True
        if (a.title, a.abstract, a.notes) != (b.title, b.abstract, b.notes):
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
    )

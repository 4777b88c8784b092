"""A building named in a query's words: "talks in building K", "the H building on
Sunday", "what's on in the UB building". A venue's room codes often start with their
building's letters ("K.3.201", "H.2215 (Ferrer)", "UB2.252A (Lameere)", "AW1.120" at
FOSDEM's ULB campus): the building is those letters, before a digit or a dot. A
building the words name is a limit to any of its rooms (`Words.rooms`, read as
`Understood.any_rooms`); a letter no room code starts with names no building and
stays a word. A reader over a query's `Words` (index/search/read/whenwords.py), called by
index/search/read/understand.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from index.search.read import lexicon
from index.search.read.whenwords import Words
from talkbase.core.timetable import building_of

__all__ = ["BUILDING_WORDS", "building_of", "read", "rooms_in"]

BUILDING_WORDS = ("building", "bldg", "block", "wing")


def rooms_in(rooms: Iterable[str], building: str) -> tuple[str, ...]:
    """The rooms of `rooms` in `building` (any case), sorted."""
    wanted = building.upper()
    return tuple(sorted({r for r in rooms if building_of(r) == wanted}))


def read(r: Words, i: int) -> bool:
    """ "building K", "the K building", "in building UB": read into `r` as the
    building's rooms (any of them)."""
    if r.low(i) not in BUILDING_WORDS or not r.vocab.rooms:
        return False
    rooms = set(r.vocab.rooms.values())
    for j in (i + 1, i - 1):  # "building K", else "K building"
        if not r.free(j) or not re.fullmatch(r"[a-z]{1,3}", r.low(j)):
            continue
        found = rooms_in(rooms, r.low(j))
        if not found:
            continue
        first = min(i, j)
        cue = 1 if r.free(first - 1) and r.low(first - 1) in lexicon.PLACE_CUES else 0
        if cue and r.low(first - 1) == "the" and r.low(first - 2) in lexicon.AT_PLACE:
            cue = 2
        label = f"building: {r.low(j).upper()}"
        r.take(first, 2, "room", found[0], label, cue)
        r.building_rooms[(r.chips[-1].start, r.chips[-1].end)] = found
        if r.values.get("room") == found[0]:
            del r.values["room"]
        r.rooms = list(dict.fromkeys([*r.rooms, *found]))
        return True
    return False

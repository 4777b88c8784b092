"""Which talks pass a query's limits: its filters (one value each), and what its words
ask beyond them: a talk of any of several people, organisations, tracks or rooms
("by A or B", "the Rust and Go devrooms", "in building K", "in room 2 or room 3",
"sat and sun": `Understood.any_of`), of none of the tracks left out ("not in the Go
devroom"), passing none of the limits left out ("not on Saturday", "not before
10am"), holding every quoted phrase and none of the words left out. The open base
(index/search/kb.py's KnowledgeBase) reads the ids each filter lets through
(`allowed`, remembered) and keeps what this finds per query reading. What a query
leaves out that no talk of the base holds is named (`held_by_none`), so an answer
can say that nothing was left out ("not in the evening" at a conference that ends
at five)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from index.search.limits import phrases
from index.search.limits.filters import Filters
from index.search.read.understand import Understood
from talkbase.core.errors import BadQuery

# the filters a list of values may be given for beside a query (the CLI's repeated
# `--room`), each with the field of `Understood` that holds such a list its words say
LISTED = {
    "speaker": "any_speakers",
    "org": "any_orgs",
    "track": "any_tracks",
    "room": "any_rooms",
    "day": "any_days",
}


def given(u: Understood, any_of: Mapping[str, Sequence[str]] | None) -> Understood:
    """`u` with the lists given beside its query (`--room A --room B`: a talk in any of
    them, `Understood.any_of`) in place of what its words said of those filters, as a
    filter given replaces the one read; a list of one value is that filter. A name that
    is no filter a list is given for is a BadQuery."""
    if not any_of:
        return u
    unknown = sorted(set(any_of) - set(LISTED))
    if unknown:
        raise BadQuery(
            f"several values are taken for {', '.join(LISTED)}, not {', '.join(unknown)}"
        )
    filters, lists = u.filters, dict[str, Any]()
    for name, values in any_of.items():
        said = tuple(dict.fromkeys(v for v in values if v))
        if not said:
            continue
        one = said[0] if len(said) == 1 else None
        filters = replace(filters, **{name: one})
        lists[LISTED[name]] = () if one else said
    return replace(u, filters=filters, **lists)


def key(filters: Filters, u: Understood) -> tuple[Any, ...]:
    """What `ids` depends on, to remember its answer by."""
    return (
        filters,
        u.any_speakers,
        u.any_orgs,
        u.any_tracks,
        u.excluded_tracks,
        u.any_rooms,
        u.any_days,
        u.phrases,
        u.excluded,
        u.excluded_limits,
    )


def ids(base: Any, filters: Filters, u: Understood) -> set[int] | None:
    """The ids of the talks passing `filters` and what `u` asks; None: every talk."""
    allowed = base.allowed(filters)
    found = None if allowed is None else set(allowed)
    for name, values in u.any_of.items():
        union: set[int] = set()
        for value in values:
            union.update(base.allowed(Filters(**{name: value})) or ())
        found = union if found is None else found & union
    if u.excluded_tracks:  # "not in the Go devroom": the talks of every other track
        left_out: set[int] = set()
        for track in u.excluded_tracks:
            left_out.update(base.allowed(Filters(track=track)) or ())
        found = (set(base.talks.ids.tolist()) if found is None else found) - left_out
    if u.excluded_limits:  # "not on Saturday": the talks of any limit left out go
        gone: set[int] = set()
        for limit in u.excluded_limits:
            if limit.active():
                gone.update(base.allowed(limit) or ())
        found = (set(base.talks.ids.tolist()) if found is None else found) - gone
    if u.phrases or u.excluded:
        everyone = base.talks.ids
        found = phrases.limit(base.con, base.bm25, everyone, u.phrases, u.excluded, found)
    return found


def held_by_none(base: Any, u: Understood) -> tuple[str, ...]:
    """What `u` leaves out that no talk of the base holds, as its chip says it less its
    "not" ("evening", "room: Level 9", "Saturday · Sunday"), or a word in quotes
    ("“kubernetes”": a word the lexical index finds in no talk): leaving it out left
    nothing out. A chip whose limits are left out together or alone is named where
    each of its limits passes no talk; every chip is, where none of the query's does."""
    out: list[str] = []
    limits = [f for f in u.excluded_limits if f.active()]
    empty = [f for f in limits if base.allowed(f) == []]
    chips = [c for c in u.chips if c.field == "not"]
    for chip in chips:
        own = [f for f in limits if chip.value in f.active().values()]
        alone = " · not " not in chip.label  # (one limit, or several said together)
        if (empty and len(empty) == len(limits)) or (
            alone and own and all(f in empty for f in own)
        ):
            out.append(_unnegated(chip.label))
    for word in u.excluded:
        found = phrases.holding(base.bm25, word.split())
        if found is not None and len(found) == 0:
            out.append(f"“{word}”")
    return tuple(dict.fromkeys(out))


def _unnegated(label: str) -> str:
    """A "not" chip's label less its "not": "not (in English · Friday)" is "in
    English · Friday", "not Saturday · not Sunday" is "Saturday · Sunday"."""
    if label.startswith("not (") and label.endswith(")"):
        return label[5:-1]
    return " · ".join(part.removeprefix("not ") for part in label.split(" · "))

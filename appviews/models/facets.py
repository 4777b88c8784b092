"""The facets that narrow a search's result set.

The *result set* is the talks the search says match the query (`why.match`, the
one rule the CLI and the API use too: `talkbase.service`). Facets (day, time of
day, track, organization, speaker, room, conference) count, for each value, how
many talks of the result set that value would leave given the other choices,
and, when nothing is left, which single choice to drop to get talks back.

Counting goes through the same `allowed(Filters)` the search uses (SQL), so
a count always equals what choosing the value shows.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date

from appviews.models import people
from talkbase.core.filters import Filters
from talkbase.core.records import Hit, Talk
from talkbase.core.when import PARTS_OF_DAY


@dataclass(frozen=True)
class FacetSpec:
    name: str  # key in a Selection and in the URL
    label: str  # what a person reads


FACETS: tuple[FacetSpec, ...] = (
    FacetSpec("day", "Day"),
    FacetSpec("time", "Time of day"),
    FacetSpec("track", "Track"),
    FacetSpec("org", "Organization"),
    FacetSpec("speaker", "Speaker"),
    FacetSpec("room", "Room"),
    FacetSpec("conference", "Conference"),
)
LABELS = {f.name: f.label for f in FACETS}


# Time-of-day choices as Filters: the parts of the day a query's words name too
# (talkbase.core.when), each by when a talk starts.
def _said(limits: tuple[tuple[str, str], ...]) -> str:
    bounds = dict(limits)
    if "after" in bounds and "starts_before" in bounds:
        return f"starts {bounds['after']}–{bounds['starts_before']}"
    if "after" in bounds:
        return f"starts at {bounds['after']} or later"
    return f"starts before {bounds['starts_before']}"


TIMES_OF_DAY: dict[str, tuple[str, dict[str, str]]] = {
    name: (f"{name.title()} ({_said(limits)})", dict(limits))
    for name, limits in PARTS_OF_DAY.items()
}


@dataclass(frozen=True)
class Selection:
    """The value chosen for each facet (facet name -> value); absent means any."""

    chosen: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, values: Mapping[str, str | None]) -> Selection:
        known = [f.name for f in FACETS]
        return cls(tuple((k, str(values[k])) for k in known if values.get(k)))

    def get(self, name: str) -> str | None:
        return dict(self.chosen).get(name)

    def with_(self, name: str, value: str | None) -> Selection:
        values: dict[str, str | None] = dict(self.chosen)
        values[name] = value
        return Selection.of(values)

    def without(self, name: str) -> Selection:
        return self.with_(name, None)

    def filters(self) -> Filters:
        values = dict(self.chosen)
        extra = TIMES_OF_DAY.get(values.get("time", ""), ("", {}))[1]
        return Filters(
            day=values.get("day"),
            track=values.get("track"),
            org=values.get("org"),
            speaker=values.get("speaker"),
            room=values.get("room"),
            conference=values.get("conference"),
            **extra,
        )

    def __bool__(self) -> bool:
        return bool(self.chosen)


Allowed = Callable[[Filters], frozenset[int]]


@dataclass(frozen=True)
class Option:
    value: str
    label: str  # the value as a person reads it, without the count
    count: int


@dataclass(frozen=True)
class Facet:
    name: str
    label: str
    options: tuple[Option, ...]  # by count, then label; the chosen value always kept


@dataclass(frozen=True)
class Relaxation:
    facet: str  # the facet to clear
    count: int  # talks of the result set shown once it is cleared


@dataclass
class AllowedCache:
    """`allowed(Filters)` of a knowledge base as sets, each computed once."""

    lookup: Callable[[Filters], list[int] | None]
    everything: frozenset[int]
    _seen: dict[Filters, frozenset[int]] = field(default_factory=dict)

    def __call__(self, filters: Filters) -> frozenset[int]:
        if filters not in self._seen:
            ids = self.lookup(filters)
            self._seen[filters] = self.everything if ids is None else frozenset(ids)
        return self._seen[filters]


Lookup = Callable[[Filters], "list[int] | None"]


def canonical_orgs(lookup: Lookup, talks: Iterable[Talk]) -> Lookup:
    """`lookup` with the organization condition answered by canonical names (any
    spelling of an organization finds all of its talks), together with the speaker
    when both are chosen (the same person's affiliation); the rest stays SQL."""
    talks = list(talks)

    def answer(f: Filters) -> list[int] | None:
        if not f.org:
            return lookup(f)
        name = people.canonical_name(f.org)
        who = f.speaker.strip().casefold() if f.speaker else None
        ids = {
            t.id
            for t in talks
            for s in t.speakers
            if (who is None or s.name.casefold() == who)
            and any(o.name == name for o in people.organizations_of(s.affiliation))
        }
        rest = lookup(replace(f, org=None, speaker=None))
        return sorted(ids if rest is None else ids & set(rest))

    return answer


def result_set(hits: Sequence[Hit], loose: bool = False) -> list[Hit]:
    """The hits that make a search's result set, in their order: those the search
    marks as matching (`why.match`); with `loose`, every hit it ranked."""
    return list(hits) if loose else [h for h in hits if h.why.match]


def candidates(talks: Iterable[Talk]) -> dict[str, list[tuple[str, str]]]:
    """Every (value, label) each facet can take in these talks."""
    talks = list(talks)
    days = sorted({t.day for t in talks if t.day})
    orgs = set(people.by_organization(talks))  # canonical: "AWS" is "Amazon Web Services"
    return {
        "day": [(d.isoformat(), _day_label(d)) for d in days],
        "time": [(k, label) for k, (label, _) in TIMES_OF_DAY.items()],
        "track": _plain(t.track for t in talks),
        "org": _plain(orgs),
        "speaker": _plain(s.name for t in talks for s in t.speakers),
        "room": _plain(t.room for t in talks),
        "conference": _plain(t.conference for t in talks),
    }


def _plain(values: Iterable[str | None]) -> list[tuple[str, str]]:
    return [(v, v) for v in sorted({v for v in values if v}, key=str.casefold)]


def _day_label(d: date) -> str:
    return f"{d:%a} {d.day} {d:%b}"


def facet_counts(
    results: Collection[int],
    selection: Selection,
    options: Mapping[str, Sequence[tuple[str, str]]],
    allowed: Allowed,
) -> list[Facet]:
    """For each facet, how many results each of its values would show.

    A facet's own choice is ignored when counting its values (choosing another
    day replaces the chosen day), every other choice applies.
    """
    results = frozenset(results)
    out = []
    for spec in FACETS:
        base = results & allowed(selection.without(spec.name).filters())
        # speaker and organization are one condition in SQL (the same person's
        # affiliation): with the other one chosen, count on the full filters.
        joint = {"speaker": "org", "org": "speaker"}.get(spec.name)
        exact = joint is not None and selection.get(joint) is not None
        opts = []
        for value, label in options.get(spec.name, ()):
            if exact:
                n = len(results & allowed(selection.with_(spec.name, value).filters()))
            else:
                n = len(base & allowed(Selection.of({spec.name: value}).filters()))
            if n or value == selection.get(spec.name):
                opts.append(Option(value, label, n))
        if spec.name not in ("day", "time"):  # those keep calendar order
            opts.sort(key=lambda o: (-o.count, o.label.casefold()))
        out.append(Facet(spec.name, spec.label, tuple(opts)))
    return out


def relaxations(
    results: Collection[int], selection: Selection, allowed: Allowed
) -> list[Relaxation]:
    """The choices which, cleared alone, bring results back; most results first."""
    results = frozenset(results)
    out = []
    for name, _ in selection.chosen:
        n = len(results & allowed(selection.without(name).filters()))
        if n:
            out.append(Relaxation(name, n))
    out.sort(key=lambda r: (-r.count, r.facet))
    return out


def narrow(hits: Sequence[Hit], selection: Selection, allowed: Allowed) -> list[Hit]:
    """The hits passing every chosen facet, in rank order."""
    if not selection:
        return list(hits)
    keep = allowed(selection.filters())
    return [h for h in hits if h.talk.id in keep]

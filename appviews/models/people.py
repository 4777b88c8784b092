"""Speakers and organizations: one canonical name per organization, and what the
speaker and organization pages show.

Organization names come from the alias table of `talkbase.core.orgs` ("AWS", "Amazon"
and "Amazon Web Services" are one organization; "IBM Research" is IBM with the
unit "Research"). Every list, facet and count of the app goes through
`organizations_of`, so they all agree; the affiliation as the document wrote it
stays on the talk.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from talkbase.core.orgs import Org, canonical_org, orgs_of
from talkbase.core.records import Talk


def organizations_of(affiliation: str | None) -> tuple[Org, ...]:
    """The organizations an affiliation names (canonical names), none for no text."""
    if not affiliation or not affiliation.strip():
        return ()
    return orgs_of(affiliation)


def canonical_name(text: str) -> str:
    """The canonical name of the organization `text` names ("AWS" -> "Amazon Web Services")."""
    return canonical_org(text).name if text.strip() else ""


def organization_names(talks: Iterable[Talk]) -> dict[str, str]:
    """Each affiliation in `talks` -> the canonical name of its (first) organization."""
    out: dict[str, str] = {}
    for t in talks:
        for s in t.speakers:
            if s.affiliation and s.affiliation not in out:
                found = organizations_of(s.affiliation)
                if found:
                    out[s.affiliation] = found[0].name
    return out


def talk_organizations(talk: Talk) -> set[str]:
    """The canonical names of every organization a talk's speakers come from."""
    return {o.name for s in talk.speakers for o in organizations_of(s.affiliation)}


def by_organization(talks: Iterable[Talk]) -> dict[str, frozenset[int]]:
    """Canonical organization name -> ids of the talks with a speaker from it."""
    out: dict[str, set[int]] = {}
    for t in talks:
        for name in talk_organizations(t):
            out.setdefault(name, set()).add(t.id)
    return {k: frozenset(v) for k, v in out.items()}


def speaker_names(talks: Iterable[Talk]) -> list[str]:
    """Every speaker name, sorted without case."""
    return sorted({s.name for t in talks for s in t.speakers}, key=str.casefold)


def speakers_line(talk: Talk) -> str:
    """ "Name (Affiliation), Name" as the program gives them, or a plain sentence."""
    return ", ".join(s.label for s in talk.speakers) or "Speakers not given"


def _timed_first(talks: Iterable[Talk]) -> tuple[Talk, ...]:
    return tuple(
        sorted(
            talks,
            key=lambda t: (
                t.start is None,
                t.start.timestamp() if t.start else 0.0,
                t.title.casefold(),
            ),
        )
    )


@dataclass(frozen=True)
class SpeakerPage:
    name: str
    talks: tuple[Talk, ...]  # in time order
    affiliations: tuple[str, ...]  # as the documents wrote them
    organizations: tuple[str, ...]  # canonical names
    co_speakers: tuple[tuple[str, int], ...]  # (name, talks together), most first


def speaker_page(talks: Iterable[Talk], name: str) -> SpeakerPage | None:
    """Everything about one speaker (name compared without case), None if unknown."""
    key = name.strip().casefold()
    mine = [t for t in talks if any(s.name.casefold() == key for s in t.speakers)]
    if not key or not mine:
        return None
    selves = [s for t in mine for s in t.speakers if s.name.casefold() == key]
    affiliations = tuple(dict.fromkeys(s.affiliation for s in selves if s.affiliation))
    orgs = tuple(dict.fromkeys(o.name for a in affiliations for o in organizations_of(a)))
    co: Counter[str] = Counter()
    for t in mine:
        co.update({s.name for s in t.speakers if s.name.casefold() != key})
    return SpeakerPage(
        selves[0].name,
        _timed_first(mine),
        affiliations,
        orgs,
        tuple(sorted(co.items(), key=lambda kv: (-kv[1], kv[0].casefold()))),
    )


@dataclass(frozen=True)
class Person:
    name: str
    units: tuple[str, ...]  # teams within the organization, as given
    talks: int


@dataclass(frozen=True)
class OrgPage:
    name: str  # canonical
    people: tuple[Person, ...]  # most talks first
    talks: tuple[Talk, ...]  # in time order
    spellings: tuple[str, ...]  # the affiliation texts that name it, as written


def org_page(talks: Iterable[Talk], name: str) -> OrgPage | None:
    """Everyone from one organization (any spelling of it) and their talks."""
    canonical = canonical_name(name)
    if not canonical:
        return None
    units: dict[str, list[str]] = {}
    counts: Counter[str] = Counter()
    spellings: list[str] = []
    found: list[Talk] = []
    for t in talks:
        hit = False
        for s in t.speakers:
            for o in organizations_of(s.affiliation):
                if o.name != canonical:
                    continue
                hit = True
                counts[s.name] += 1
                units.setdefault(s.name, [])
                if o.unit and o.unit not in units[s.name]:
                    units[s.name].append(o.unit)
                if o.original not in spellings:
                    spellings.append(o.original)
        if hit:
            found.append(t)
    if not found:
        return None
    people = tuple(
        Person(n, tuple(units[n]), c)
        for n, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0].casefold()))
    )
    return OrgPage(canonical, people, _timed_first(found), tuple(spellings))

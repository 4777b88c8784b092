"""One merged talk from the records of one talk (`_merge_group`): each field's
value as `precedence` decides, each speaker once, each link once, and every disagreement
kept as a `Conflict`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from ingest.language import guess as guess_language
from ingest.merge.people import _person
from ingest.merge.precedence import (
    SCHEDULE,
    _disagree,
    _latest,
    _on_named_clock,
    _one_vocabulary,
    _priority,
)
from ingest.merge.revisions import Moves, outdated, replaced
from ingest.merge.same import minutes_apart
from ingest.merge.titles import format_added, named_after
from ingest.text import org_key, same_org
from talkbase.core.records import Conflict, Speaker, Talk


def _speaker_text(speakers: Sequence[Speaker]) -> str:
    return "; ".join(s.label for s in speakers)


def _merge_speakers(
    records: Sequence[Talk], moves: Moves
) -> tuple[tuple[Speaker, ...], list[Conflict]]:
    """Every record's speakers, each person once (`_person`: "Dr. Lena Fischer" in one,
    "Lena Fischer" in another is one person; with the affiliation any record
    gives), but none that only a record a newer revision replaced names (`replaced`: a
    higher SEQUENCE in one numbering, never a later stamp alone), unless no current
    record names any; every list that
    differs, and every other affiliation, kept as a `Conflict`."""
    merged: dict[str, Speaker] = {}
    seen_aff: dict[str, list[tuple[str, str]]] = {}
    names: dict[str, str] = {}  # (of a speaker only an outdated record names too)
    current = [r for r in records if r.speakers and not replaced(r, records, moves)]
    kept = {_person(s.name) for r in current or records for s in r.speakers}
    for rec in records:
        doc = rec.sources[0].document if rec.sources else "?"
        for sp in rec.speakers:
            key = _person(sp.name)
            names.setdefault(key, sp.name)
            if sp.affiliation:
                seen_aff.setdefault(key, []).append((doc, sp.affiliation))
            if key not in kept:
                continue
            old = merged.get(key)
            if old is None:
                merged[key] = sp
            elif sp.affiliation and (
                not old.affiliation
                or (
                    (org_key(old.affiliation) == org_key(sp.affiliation) or old.org == sp.org)
                    and len(sp.affiliation) > len(old.affiliation)
                )
            ):
                merged[key] = Speaker(old.name, sp.affiliation)
    conflicts: list[Conflict] = []
    lists = {
        rec.sources[0].document: rec.speakers for rec in records if rec.sources and rec.speakers
    }
    if len({frozenset(_person(s.name) for s in v) for v in lists.values()}) > 1:
        conflicts.append(
            Conflict("speakers", tuple((d, _speaker_text(v)) for d, v in lists.items()))
        )
    for key, values in seen_aff.items():
        if any(not same_org(values[0][1], a) for _, a in values[1:]):
            who = merged[key].name if key in merged else names[key]
            conflicts.append(Conflict(f"affiliation of {who}", tuple(dict.fromkeys(values))))
    return tuple(merged.values()), conflicts


def _merge_links(records: Sequence[Talk]) -> tuple[tuple[str, str], ...]:
    """Every record's links, each URL once with the first label it was given."""
    first: dict[str, str] = {}
    for rec in records:
        for label, url in rec.links:
            first.setdefault(url, label)
    return tuple((label, url) for url, label in first.items())


def _merge_group(
    records: list[Talk],
    conference: dict[str, str],
    guessed: Mapping[str, str],
    moves: Moves,
    ingested: Mapping[str, int],
    rooms: Mapping[str, frozenset[str]],
) -> Talk:
    every = tuple(records)
    rank = {id(r): _priority(r, every, guessed, moves) for r in every}
    records = sorted(every, key=lambda r: rank[id(r)])
    first = records[0]
    if len(records) == 1:
        merged = first
        conflicts: list[Conflict] = []
    else:
        speakers, conflicts = _merge_speakers(records, moves)
        fields: dict[str, object] = {}
        later: Talk | None = None  # the record of a later document whose start is kept
        clocks = _on_named_clock(records, guessed, ingested)  # (guessed zones, read anew)

        def timed(r: Talk) -> Talk:
            return clocks.get(id(r), r)

        alike = _one_vocabulary(rooms)
        for name in ("title", "start", "end", "room", "track", "track_description", "format"):
            given = [(r, v) for r in records if (v := getattr(r, name)) not in (None, "")]
            present = [(r, getattr(timed(r), name)) for r, _ in given]
            if name == "end" and later is not None:  # the end that goes with that start
                at = timed(later).start
                present = [(r, v) for r, v in present if minutes_apart(timed(r).start, at) == 0]
            kept = (
                _latest(
                    present,
                    rank,
                    ingested if name in SCHEDULE else {},
                    alike if name == "room" else None,
                    clocks if name in ("start", "end") else None,
                )
                if present
                else None
            )
            fields[name] = kept[1] if kept else None
            if name == "start" and kept and kept[0] is not present[0][0]:
                later = kept[0]
            if _disagree([v for _, v in given]):
                conflicts.append(
                    Conflict(name, tuple((r.sources[0].document, str(v)) for r, v in given))
                )
        described = [(r.sources[0].document, r.abstract) for r in records if r.abstract]
        if _disagree([a for _, a in described]):  # (an English and a German version)
            conflicts.append(Conflict("abstract", tuple(described)))
        bare = next((o.title for r in records for o in records if named_after(r, o)), None)
        if bare is not None and fields["title"] != bare:
            fields["title"] = bare  # "Title - Speaker" beside "Title": the title without him
        if fields["format"] is None:  # "X (Workshop)" beside "X": one talk, a Workshop
            fields["format"] = next(
                (f for r in records for o in records if (f := format_added(r.title, o.title))),
                None,
            )
        start, end = fields["start"], fields["end"]
        if (
            isinstance(start, datetime)
            and isinstance(end, datetime)
            and start.tzinfo
            and end.tzinfo
        ):
            fields["end"] = end.astimezone(start.tzinfo)  # one clock: the start's zone
        notes: dict[str, str] = {}
        for r in records:
            if outdated(r, every, moves):
                continue  # an older revision's notes (a cancellation since lifted) say nothing now
            for label, text in r.notes:
                notes.setdefault(label, text)
        merged = replace(
            first,
            title=str(fields["title"]),
            speakers=speakers,
            start=fields["start"],  # type: ignore[arg-type]
            end=fields["end"],  # type: ignore[arg-type]
            room=fields["room"],  # type: ignore[arg-type]
            track=fields["track"],  # type: ignore[arg-type]
            track_description=fields["track_description"],  # type: ignore[arg-type]
            format=fields["format"],  # type: ignore[arg-type]
            abstract=next((r.abstract for r in records if r.abstract), ""),
            notes=tuple(notes.items()),
            abstract_only=any(r.abstract_only for r in records),
            sources=tuple(s for r in records for s in r.sources),
            language=next((r.language for r in records if r.language), None),
            links=_merge_links(records),
            venue=next((r.venue for r in records if r.venue), None),
            # the program day that goes with the start kept (a day change is frab's word)
            program_day=next(
                (
                    r.program_day
                    for r in records
                    if r.program_day and timed(r).start == fields["start"]
                ),
                None,
            ),
        )
    abstract = merged.abstract or (merged.note("What") or "")
    return replace(
        merged,
        abstract=abstract,
        language=merged.language or guess_language(merged.title, abstract),
        conference=conference.get(merged.conference, merged.conference),
        conflicts=_with_carried(conflicts, records),
    )


def _with_carried(found: Sequence[Conflict], records: Sequence[Talk]) -> tuple[Conflict, ...]:
    """The conflicts the merge found, with those its records carry (a record of
    talkbase's own export keeps the conflicts of the base it was exported from:
    `exportcsv.conflicts_of`): the values of one field's joined, each (document,
    value) once, so a base restored from its export keeps every disagreement it held."""
    carried = [c for r in records for c in r.conflicts]
    if not carried:
        return tuple(found)
    by_field: dict[str, dict[tuple[str, str], None]] = {}
    for c in [*found, *carried]:
        by_field.setdefault(c.field, {}).update(dict.fromkeys(c.values))
    return tuple(Conflict(f, tuple(values)) for f, values in by_field.items())

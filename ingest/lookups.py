"""A site's data files that name what a program refers to by id (Jekyll's
`_data/speakers.yml` for the `speakers: [kaarel]` of `_data/schedule.yml`): given in
one command with the programs, they name the ids the programs' talks give
(`named_by_tables`); the tables themselves are found by ingest/formats/yamltree.py
(`reference_tables`)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ingest.detect import ParsedDocument
from ingest.formats.yamltree import reference_tables
from ingest.html import inline, text_of
from ingest.sections import one_per_section
from ingest.speakers import ORG_KEYS, person_name
from talkbase.core.errors import InputError
from talkbase.core.records import Speaker, Talk


def named_by_tables(
    parsed: Sequence[ParsedDocument], refused: Sequence[tuple[Path, InputError]]
) -> tuple[list[ParsedDocument], list[InputError], list[str]]:
    """The documents read in one command, their talks' speakers, rooms and tracks
    given by an id of a reference table (`reference_tables`) among the files
    refused beside them named as the table names them (a speaker with their
    organisation); the refusals left (a table is told in a notice, not as a failure,
    where a program was read beside it); and the notices. A document's field is
    named only where most of the values it gives are ids of the tables. A static
    site's section of talk pages is read as one program first (`one_per_section`)."""
    # (first a static site's section: its talk pages one program, its list page no
    # failure: ingest/sections.py)
    parsed, refused, notices = one_per_section(parsed, refused)
    tables: dict[str, dict[str, dict[str, Any]]] = {}
    named_in: list[str] = []  # the tables' files
    digests: list[str] = []  # and their sha256s
    failed: list[InputError] = []
    for path, error in refused:
        found, digest = reference_tables(path) if parsed else ({}, "")
        if not found:
            failed.append(error)
            continue
        for kind, ids in found.items():
            tables.setdefault(kind, {}).update(ids)
        named_in.append(error.path)
        digests.append(digest)
        counts = ", ".join(f"{len(t)} {kind}s" for kind, t in found.items())
        notices.append(
            f"{error.path}: a table of {counts} by id, no program; read as the "
            "reference table of the programs given with it"
        )
    out = []
    for doc in parsed:
        talks, said = _named(doc.talks, tables)
        if said:
            notices.append(
                f"{doc.name}: {said} are given by id; named as {' and '.join(named_in)} "
                + ("name them" if len(named_in) > 1 else "names them")
            )
            # (what it holds is read with the tables: their bytes are part of its own)
            mixed = hashlib.sha256("\0".join([doc.sha256, *digests]).encode()).hexdigest()
            doc = replace(doc, talks=talks, sha256=mixed)
        if said := ids_for_names(doc.talks):
            doc = replace(doc, warnings=(*doc.warnings, f"{doc.name}: {said}"))
        out.append(doc)
    return out, failed, notices


def _named(
    talks: tuple[Talk, ...], tables: dict[str, dict[str, dict[str, Any]]]
) -> tuple[tuple[Talk, ...], str]:
    """`talks` with the ids they give named (`named_by_tables`), and what was named
    ("the speakers and rooms"); ('', ) where nothing was."""
    people = tables.get("speaker", {})
    fields = {"room": tables.get("room", {}), "track": tables.get("track", {})}
    speaks = _mostly_ids([s.name for t in talks for s in t.speakers], people)
    named = [f for f, table in fields.items() if _mostly_ids([getattr(t, f) for t in talks], table)]
    if not speaks and not named:
        return talks, ""
    out = []
    for talk in talks:
        changed: dict[str, Any] = {f: _name_of(getattr(talk, f), fields[f]) for f in named}
        if speaks:
            changed["speakers"] = tuple(_person(s, people) for s in talk.speakers)
        out.append(replace(talk, **changed))
    what = (["speakers"] if speaks else []) + [f"{f}s" for f in named]
    return tuple(out), "the " + " and ".join(what)


def _mostly_ids(values: list[str | None], table: dict[str, dict[str, Any]]) -> bool:
    """Whether most of the distinct values a document gives a field are ids of `table`."""
    said = {v for v in values if v}
    return bool(table) and bool(said) and 2 * len(said & table.keys()) > len(said)


def _name_of(value: str | None, table: dict[str, dict[str, Any]]) -> str | None:
    """The name of what an id stands for in `table`; the value itself if it is none."""
    entry = table.get(value or "")
    return (inline(text_of(entry)) or value) if entry is not None else value


def _person(speaker: Speaker, people: dict[str, dict[str, Any]]) -> Speaker:
    """The person a speaker's id stands for, with their organisation where it says one."""
    entry = people.get(speaker.name)
    name = person_name(entry) if entry is not None else ""
    if entry is None or not name:
        return speaker
    org = next((inline(text_of(entry[k])) for k in ORG_KEYS if text_of(entry.get(k))), "")
    return Speaker(name, org or speaker.affiliation)


# an id written where a name belongs: a slug of lower-case letters, digits, "-", "_"
# or "." ("pradyun", "ruta", "jane-doe", "42"), never a person's name as written
_ID_SHAPED = re.compile(r"[a-z0-9][a-z0-9._-]*")


def ids_for_names(talks: Sequence[Talk]) -> str:
    """What to warn of a program whose speakers are ids, not names: every speaker it
    gives, two distinct at least, an id (`_ID_SHAPED`), as a site's schedule gives
    them where a table beside it (its `speakers.yml`) names them, and no such table
    was read with it (`named_by_tables`); "" for any other."""
    said = list(dict.fromkeys(s.name for t in talks for s in t.speakers))
    if len(said) < 2 or not all(_ID_SHAPED.fullmatch(n) for n in said):
        return ""
    shown = ", ".join(repr(n) for n in said[:3]) + (", ..." if len(said) > 3 else "")
    return (
        f"its speakers are ids, not names ({shown}), as a site's schedule gives them "
        "where a table beside it (its speakers.yml) names them; no such table was read "
        "with it, so the ids are kept as the names: ingest the site's data folder, or "
        "the table with the program"
    )

"""talkbase's own CSV export (`talkbase export --format csv`), as it is written and as
ingest reads it back: its columns, how it tells itself from anyone else's CSV, and
how its speakers cell joins and splits a talk's people; and what of a talk both
exports (CSV and JSON lines) carry that ingest reads back from them alone: its
conflicts (`conflicts_of`), links, track description and venue, so that a base
restored from its export holds what the base held.

The export writes a talk's speakers in one cell, each "Name (Affiliation)" or the
name alone, joined by "; " (`speakers_cell`), and guards every text cell against
running as a spreadsheet formula (`present.spreadsheet_cell`). Read back, a file is
the export's own only where its header is the export's columns in their order
(`own_export`): then, and only then, the reader undoes those two conventions
(`cell_speakers`, `present.spreadsheet_text`), so that "García, José" stays one
person and a title "-O3 considered harmful" loses the guard the export gave it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence

from talkbase.core.records import Conflict, Speaker

# The columns the export writes, in order. A later talkbase adds columns at the end
# only (`language` and `cancelled`, then `program_day`, then `uid`), so the export of
# an earlier one writes the first of them: `own_export` reads it as the export too.
EXPORT_COLUMNS = (
    "id",
    "title",
    "speakers",
    "day",
    "start",
    "end",
    "timezone",
    "room",
    "track",
    "format",
    "conference",
    "abstract",
    "notes",
    "abstract_only",
    "sources",
    "conflicts",
    "language",
    "cancelled",
    "program_day",
    # the program's own id of the talk (a frab guid, an iCal UID), of which, as of its
    # conference and title, the base makes the talk's `id`: read back, it gives the
    # talk the id it had, as the JSON lines' "uid" does (the `id` column is the base's
    # own number, never a program's id)
    "uid",
    # what a talk holds that the columns before did not carry (read back only from a
    # file that is the export's own): its links as a JSON list of {"label", "url"}
    # (the JSON lines' "links"), its track's description, where its conference is held
    "links",
    "track_description",
    "venue",
)
FIRST_EXPORT = 16  # the columns the first export wrote (`id` to `conflicts`)

SPEAKERS_JOIN = "; "  # between two people in the export's speakers cell


def own_export(header: Sequence[str]) -> bool:
    """Whether a CSV header is the one talkbase's export writes: its columns, in its
    order, every one up to `conflicts` at least (an earlier talkbase's export wrote
    fewer), no other. A table of anyone else never names its columns so ("abstract_only",
    "sources", "conflicts" side by side after the notes)."""
    cells = [h.strip().lstrip("\ufeff") for h in header]
    return (
        FIRST_EXPORT <= len(cells) <= len(EXPORT_COLUMNS)
        and tuple(cells) == (EXPORT_COLUMNS[: len(cells)])
    )


# The keys of a record of the JSON lines export (`Talk.to_dict`) that no one else's
# table writes side by side: a record holding them all is the export's own
# (`own_record`), an earlier talkbase's too (they were there from the first).
_RECORD_KEYS = frozenset(("title", "start_iso", "end_iso", "abstract_only", "sources", "conflicts"))


def own_record(record: Mapping[str, object]) -> bool:
    """Whether a JSON object is a talk as talkbase's JSON lines export writes it
    (`Talk.to_dict`): its conflicts, its track's description and its venue are read
    back from it then, and only then (`conflicts_of`), as from the CSV export's own
    columns (`own_export`)."""
    return record.keys() >= _RECORD_KEYS


def conflicts_of(said: object) -> tuple[Conflict, ...]:
    """The conflicts an export wrote of a talk (`Conflict.to_dict`, a JSON list: the
    CSV's `conflicts` cell is its text), each with its values and the documents
    that gave them, read back so that a base restored from its export keeps them;
    () for anything else (a cell edited into no such list)."""
    if isinstance(said, str):
        try:
            said = json.loads(said) if said.strip() else []
        except (ValueError, RecursionError):
            return ()
    if not isinstance(said, list):
        return ()
    out: list[Conflict] = []
    for c in said:
        values = c.get("values") if isinstance(c, dict) else None
        if not isinstance(c, dict) or not isinstance(c.get("field"), str) or not values:
            return ()
        if not isinstance(values, list) or not all(
            isinstance(v, dict)
            and isinstance(v.get("document"), str)
            and isinstance(v.get("value"), str)
            for v in values
        ):
            return ()
        out.append(Conflict(c["field"], tuple((v["document"], v["value"]) for v in values)))
    return tuple(out)


def speakers_cell(people: Iterable[Speaker]) -> str:
    """The export's speakers cell: "Name (Affiliation)" or the name alone, joined by
    "; " (`cell_speakers` reads it back); a name that ends in a parenthesis of its own
    and has no affiliation (a pretalx public name, "Jane Doe (ACME, Inc.)") says so
    with an empty one after it ("Jane Doe (ACME, Inc.) ()"), or it would read back
    as Jane Doe of ACME. A person that would not read back so (a name or an
    affiliation holding "; ", "Acme (Labs" with its parenthesis left open) is written
    with a backslash before each of its backslashes, semicolons and parentheses
    (`_ESCAPED`: "Jane Doe (A\\; B)" is Jane Doe of "A; B")."""
    return SPEAKERS_JOIN.join(_person(s) for s in people)


_ESCAPED = "\\;()"  # the characters a backslash before them makes plain text
_CHECK = Speaker("x")  # (the person either side of one, in `_person`'s check)


def _person(s: Speaker) -> str:
    """One person of the speakers cell: as written for people, or escaped where that
    does not read back as this person between two others (`speakers_cell`)."""
    plain = s.label if s.affiliation or not s.name.endswith(")") else f"{s.name} ()"
    if not any(c in _ESCAPED for c in s.name + (s.affiliation or "")):
        return plain
    if cell_speakers(SPEAKERS_JOIN.join(("x", plain, "x"))) == (_CHECK, s, _CHECK):
        return plain
    name = _escape(s.name)
    return f"{name} ({_escape(s.affiliation)})" if s.affiliation else name


def _escape(text: str) -> str:
    return "".join("\\" + c if c in _ESCAPED else c for c in text)


def cell_speakers(cell: str) -> tuple[Speaker, ...]:
    """The speakers of the export's speakers cell (`speakers_cell`), as it wrote them:
    split at "; " only (a name "García, José" is one person), each with the
    affiliation of its last parenthesis, balanced ("Ann Lee (Meta (FAIR))" is Ann Lee
    of "Meta (FAIR)"; "Jo Ng (Acme) (IBM)" is "Jo Ng (Acme)" of IBM; "Jane Doe
    (ACME, Inc.) ()" is "Jane Doe (ACME, Inc.)" of none). A character after a
    backslash is plain text (`_ESCAPED`): it neither splits nor opens nor closes."""
    out: list[Speaker] = []
    for person in _people(cell):
        while person and person[0] == (" ", False):
            person = person[1:]
        while person and person[-1] == (" ", False):
            person = person[:-1]
        if person:
            out.append(Speaker(*_last_parenthesis(person)))
    return tuple(out)


_Chars = list[tuple[str, bool]]  # each character, and whether a backslash escaped it


def _people(cell: str) -> list[_Chars]:
    """The cell's people, split at each "; " no backslash escapes."""
    out: list[_Chars] = [[]]
    i = 0
    while i < len(cell):
        c = cell[i]
        if c == "\\" and cell[i + 1 : i + 2] and cell[i + 1] in _ESCAPED:
            out[-1].append((cell[i + 1], True))
            i += 2
        elif cell.startswith(SPEAKERS_JOIN, i):
            out.append([])
            i += len(SPEAKERS_JOIN)
        else:
            out[-1].append((c, False))
            i += 1
    return out


def _text(chars: _Chars) -> str:
    return "".join(c for c, _ in chars)


def _last_parenthesis(person: _Chars) -> tuple[str, str | None]:
    """("Name", "Affiliation") of "Name (Affiliation)", the parenthesis closing the
    text and the one that opens it balanced (escaped ones are text); (person, None)
    for any other text."""
    whole = _text(person)
    if person[-1] != (")", False):
        return whole, None
    depth = 0
    for i in range(len(person) - 1, -1, -1):
        c, escaped = person[i]
        depth += 0 if escaped else {")": 1, "(": -1}.get(c, 0)
        if depth == 0:
            name, said = person[:i], _text(person[i + 1 : -1])
            if name and name[-1] == (" ", False) and _text(name).strip():
                return _text(name[:-1]), said or None
            return whole, None
    return whole, None

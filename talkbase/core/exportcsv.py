"""talkbase's own CSV export (`talkbase export --format csv`), as it is written and as
ingest reads it back: its columns, how it tells itself from anyone else's CSV, and
how its speakers cell joins and splits a talk's people.

The export writes a talk's speakers in one cell, each "Name (Affiliation)" or the
name alone, joined by "; " (`speakers_cell`), and guards every text cell against
running as a spreadsheet formula (`present.spreadsheet_cell`). Read back, a file is
the export's own only where its header is the export's columns in their order
(`own_export`): then, and only then, the reader undoes those two conventions
(`cell_speakers`, `present.spreadsheet_text`), so that "García, José" stays one
person and a title "-O3 considered harmful" loses the guard the export gave it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from talkbase.core.records import Speaker

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


def speakers_cell(people: Iterable[Speaker]) -> str:
    """The export's speakers cell: "Name (Affiliation)" or the name alone, joined by
    "; " (`cell_speakers` reads it back); a name that ends in a parenthesis of its own
    and has no affiliation (a pretalx public name, "Jane Doe (ACME, Inc.)") says so
    with an empty one after it ("Jane Doe (ACME, Inc.) ()"), or it would read back
    as Jane Doe of ACME."""
    return SPEAKERS_JOIN.join(
        s.label if s.affiliation or not s.name.endswith(")") else f"{s.name} ()" for s in people
    )


def cell_speakers(cell: str) -> tuple[Speaker, ...]:
    """The speakers of the export's speakers cell (`speakers_cell`), as it wrote them:
    split at "; " only (a name "García, José" is one person), each with the
    affiliation of its last parenthesis, balanced ("Ann Lee (Meta (FAIR))" is Ann Lee
    of "Meta (FAIR)"; "Jo Ng (Acme) (IBM)" is "Jo Ng (Acme)" of IBM; "Jane Doe
    (ACME, Inc.) ()" is "Jane Doe (ACME, Inc.)" of none)."""
    out: list[Speaker] = []
    for person in cell.split(SPEAKERS_JOIN):
        if person.strip():
            out.append(Speaker(*_last_parenthesis(person.strip())))
    return tuple(out)


def _last_parenthesis(person: str) -> tuple[str, str | None]:
    """("Name", "Affiliation") of "Name (Affiliation)", the parenthesis closing the
    text and the one that opens it balanced; (person, None) for any other text."""
    if not person.endswith(")"):
        return person, None
    depth = 0
    for i in range(len(person) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(person[i], 0)
        if depth == 0:
            name, said = person[:i], person[i + 1 : -1]
            if name.endswith(" ") and name.strip():
                return name[:-1], said or None
            return person, None
    return person, None

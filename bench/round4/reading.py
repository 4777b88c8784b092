"""Issue 35's reading attack: a limit said to be left out is never applied."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import attack as a

from round4 import attack

SAT, SUN = "2024-02-03", "2024-02-04"
Hit = dict[str, object]
CASES: tuple[tuple[str, Callable[[Hit], bool]], ...] = (
    ("rust talks not on saturday", lambda h: h["day"] != SAT),
    ("not before 10am", lambda h: str(h["start"]) >= "10:00"),
    ("not between 9 and 12", lambda h: str(h["end"]) > "12:00"),
    ("not in the morning", lambda h: str(h["start"]) >= "12:00"),
    ("avoid saturday", lambda h: h["day"] != SAT),
    ("I can't make saturday", lambda h: h["day"] != SAT),
    ("no rust talks on sunday", lambda h: h["day"] != SUN),
    ("not in building K", lambda h: not str(h["room"]).upper().startswith("K")),
    ("not by Lennart", lambda h: "lennart" not in json.dumps(h["speakers"]).lower()),
)


@attack(
    "reading.negated", "'rust talks not on saturday' and eight more negations list no such talk"
)
def negated(work: Path) -> a.Row:
    row = a.Row("35.reading.negated")
    program = a.SCHEDULES / "fosdem2024.xml"
    if not program.exists():
        row.notes.append(f"{program} is not here; skipped")
        return row
    home = work / "home"
    a.cli(home, "ingest", str(program))
    for query, fine in CASES:
        row.tried += 1
        r = a.cli(home, "search", query, "--json", "--limit", "30")
        hits = json.loads(r.out) if r.rc == 0 else []
        wrong = [h for h in hits if not fine(h)]
        if r.rc != 0 or not hits or wrong:
            row.fail(f"{query!r}: {len(wrong)} of {len(hits)} talks break it ({r.brief()})")
    return row

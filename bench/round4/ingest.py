"""Issue 35's ingest attacks: JSON programs of an unknown shape (a pretalx-fed
schedule.json keyed by day, minute and room id) read right or refused, never
ingested as their rooms list with the talks dropped."""

from __future__ import annotations

import json
from pathlib import Path

import attack as a

from round4 import attack

FIX = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "formats"


def _talk_count(home: Path) -> int | None:
    r = a.cli(home, "export", "--format", "jsonl")
    return len([x for x in r.out.splitlines() if x.strip()]) if r.rc == 0 else None


@attack(
    "ingest.pretalx-json",
    "a pretalx-fed schedule.json (two years) ingests every talk, not its rooms",
)
def pretalx_json(work: Path) -> a.Row:
    row = a.Row("35.ingest.pretalx-json")
    for name in ("community2023_schedule.json", "community2024_schedule.json"):
        root = json.loads((FIX / name).read_text(encoding="utf-8"))
        want = sum(  # one talk per place in the tree (a workshop given twice is there twice)
            len(by_room) for minutes in root["schedule"].values() for by_room in minutes.values()
        )
        home = work / name.replace(".json", "")
        f = a.write(work / f"in-{name}", "schedule.json", (FIX / name).read_text(encoding="utf-8"))
        r = a.cli(home, "ingest", str(f))
        row.tried += 1
        got = _talk_count(home) if r.rc == 0 else 0
        rooms = {str(x["name"]) for x in root["rooms"] if isinstance(x["name"], str)}
        titles = [json.loads(x)["title"] for x in a.cli(home, "export").out.splitlines() if x]
        if r.rc != 0 or got != want or rooms & set(titles):
            row.fail(f"{name}: rc {r.rc}, {got} talks of {want}: {r.out.strip()[:100]}")
            row.lost += max(0, want - (got or 0))
    return row


@attack(
    "ingest.rooms-only-json",
    "a JSON file of only rooms, or only people, is refused, nothing written",
)
def rooms_only(work: Path) -> a.Row:
    row = a.Row("35.ingest.rooms-only-json")
    for n, body in enumerate(
        (
            {"rooms": [{"id": "r1", "name": "B003"}, {"id": "r2", "name": "B411"}]},
            {"speakers": [{"code": "A1", "name": "Ann Lee", "biography": "Writes code."}]},
            [{"name": "B003"}, {"name": "B411"}],
        )
    ):
        home = work / f"home{n}"
        f = a.write(work / f"in{n}", "schedule.json", json.dumps(body))
        r = a.cli(home, "ingest", str(f))
        row.tried += 1
        if r.rc == 0:
            row.fail(f"case {n + 1}: exit 0: {r.out.strip()[:120]}")
        elif "schedule.json" not in r.err or "look like rooms" not in r.err:
            row.fail(
                f"case {n + 1}: the refusal does not say what was found: {r.err.strip()[:120]}"
            )
    return row


MOCA = Path(__file__).resolve().parents[3] / "shared" / "schedules" / "moca2024.ics"


@attack("ingest.moca-names", "co-speakers in one iCal CN are two people; no name keeps a '\\n'")
def moca_names(work: Path) -> a.Row:
    row = a.Row("35.ingest.moca-names")
    if not MOCA.exists():
        row.notes.append(f"{MOCA} is not here; skipped")
        return row
    home = work / "home"
    a.cli(home, "ingest", str(MOCA))
    names = {
        s["name"]
        for line in a.cli(home, "export").out.splitlines()
        if line.strip()
        for s in json.loads(line)["speakers"]
    }
    row.tried += 2
    if "Gregorio Palamà, Luca Di Vita" in names or "Luca Di Vita" not in names:
        row.fail("'CN=Gregorio Palamà, Luca Di Vita' is not two speakers")
    leaked = sorted(n for n in names if "\\" in n or "\n" in n)
    if leaked:
        row.fail(f"names keep an escape or a line break: {leaked[:3]}")
    return row

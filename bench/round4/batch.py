"""Issue 35's batch attack: one line no search can run never sinks the others."""

from __future__ import annotations

import json
from pathlib import Path

import attack as a

from round4 import attack


@attack("batch.bad-line", "a batch with a 1,406-character and a bad line answers every good one")
def bad_line(work: Path) -> a.Row:
    row = a.Row("35.batch.bad-line")
    home = work / "home"
    a.cli(home, "ingest", str(a.PROGRAMS))
    long = ("what articles exist which deal with the recovery of data after a crash " * 21)[:1406]
    queries = [
        "kernels",
        "compilers",
        long,
        "kernels " + " ".join(f"-w{i}" for i in range(30)),
        "serving",
    ]
    path = a.write(work / "q", "queries.txt", "\n".join(queries) + "\n")
    r = a.cli(home, "search", "--batch", str(path), "--limit", "3")
    row.tried += 1
    try:
        lines = [json.loads(x) for x in r.out.splitlines() if x.strip()]
    except ValueError:
        lines = []
    answered = [x.get("line") for x in lines if "results" in x]
    if answered != [1, 2, 3, 5]:
        row.fail(f"answered lines {answered}, wanted [1, 2, 3, 5]: {r.brief()}")
    row.tried += 1
    said = [x.get("line") for x in lines if "error" in x]
    if said != [4] or r.rc != 1:
        row.fail(f"the bad line: lines with an error {said}, exit {r.rc} (wanted [4], 1)")
    return row

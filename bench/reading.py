"""How limits said in plain words are read: each query of
bench/data/constraint_phrasings.json (90 ways FOSDEM attendees say a day, a part of
the day, a time or a devroom, on the FOSDEM 2019 and 2024 programs, each with the
reading its writer meant) read by `index.search.read.understand`, and compared with that
reading: the day (or none), the time limits, the tracks (one or any of several)
and the tracks left out (and the rooms, where the file says which). Prints a table
per program and each query read otherwise. A file whose queries say no day
(bench/data/topical_phrasings.json: topics only, in words that look like limits:
"short-lived containers", "early boot", "python 3.12", "langchain from 0 to 1")
counts the queries read with no limit.

    python bench/reading.py                # needs ../shared/schedules/fosdem20{19,24}.xml
    python bench/reading.py --quiet        # the table only
    python bench/reading.py --file bench/data/constraint_phrasings_2.json
    python bench/reading.py --file bench/data/topical_phrasings.json

No model and no base: the programs' vocabularies are read from the XML. How the
queries were written: bench/data/README.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from index.search.read.understand import Understood, Vocab, understand  # noqa: E402
from ingest.detect import parse_path  # noqa: E402

PHRASINGS = ROOT / "bench" / "data" / "constraint_phrasings.json"
PROGRAMS = {
    year: ROOT.parent / "shared" / "schedules" / f"fosdem{year}.xml" for year in (2019, 2024)
}


def reading(u: Understood) -> dict[str, Any]:
    """What a query was read as, in the phrasings file's terms."""
    f = u.filters
    day = f.day
    if day and len(day) == 10:
        day = date.fromisoformat(day).strftime("%a")
    return {
        "day": day,
        "after": f.after,
        "before": f.before or f.starts_before,
        "at": f.at,
        "tracks": sorted(set(u.any_tracks) | ({f.track} if f.track else set())),
        "tracks_not": sorted(u.excluded_tracks),
        "rooms": sorted(set(u.any_rooms) | ({f.room} if f.room else set())),
    }


def limits(u: Understood) -> list[str]:
    """The limits a query was read with (not the words said back as none)."""
    return [f"{c.field}: {c.value}" for c in u.chips if c.field not in ("unclear", "absent")]


def differences(got: dict[str, Any], meant: dict[str, Any]) -> list[str]:
    """The parts of a reading that differ from what the writer meant."""
    out = []
    for key in ("day", "after", "before", "at", "tracks", "tracks_not", "rooms"):
        if key not in meant:  # (a file that does not say which rooms)
            continue
        want = sorted(meant[key]) if isinstance(meant[key], list) else meant[key]
        if got[key] != want:
            out.append(f"{key} {got[key]!r}, meant {want!r}")
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quiet", action="store_true", help="print the table only")
    p.add_argument("--file", type=Path, default=PHRASINGS, help="phrasings to read")
    args = p.parse_args()
    missing = [str(path) for path in PROGRAMS.values() if not path.is_file()]
    if missing:
        print(f"needs {', '.join(missing)}", file=sys.stderr)
        return 2
    vocabs = {year: Vocab.from_talks(parse_path(path).talks) for year, path in PROGRAMS.items()}
    queries = json.loads(args.file.read_text(encoding="utf-8"))
    tally: dict[int, list[int]] = {year: [0, 0] for year in PROGRAMS}
    lines = []
    for q in queries:
        u = understand(q["query"], vocabs[q["program"]])
        topical = "day" not in q  # a file of topics only: no limit is meant
        wrong = [f"read with {', '.join(limits(u))}"] if topical and limits(u) else []
        wrong = wrong if topical else differences(reading(u), q)
        tally[q["program"]][0] += not wrong
        tally[q["program"]][1] += 1
        if wrong:
            lines.append(f"[{q['program']}] {q['query']!r}: " + "; ".join(wrong))
    print("program | queries | read as meant")
    print("--- | --- | ---")
    for year, (right, n) in tally.items():
        print(f"FOSDEM {year} | {n} | {right}")
    if not args.quiet:
        print("\n".join(["", *lines]) if lines else "")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

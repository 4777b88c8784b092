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
from ingest.merge import merge_talks  # noqa: E402
from talkbase.core.filters import Filters  # noqa: E402
from talkbase.core.languages import language_code  # noqa: E402

PHRASINGS = ROOT / "bench" / "data" / "constraint_phrasings.json"
SCHEDULES = ROOT.parent / "shared" / "schedules"
# a file names its program by year (the FOSDEM files) or by name
PROGRAMS: dict[int | str, Path] = {
    2019: SCHEDULES / "fosdem2019.xml",
    2024: SCHEDULES / "fosdem2024.xml",
    "fosdem2024": SCHEDULES / "fosdem2024.xml",
    "moca2024": SCHEDULES / "moca2024.ics",
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
        "language": language_code(f.language) if f.language else None,
        "left_out": sorted(_limit(x) for x in u.excluded_limits),
    }


def _weekday(day: str) -> str:
    return date.fromisoformat(day).strftime("%a") if len(day) == 10 else day[:3].title()


def _limit(f: Filters | dict[str, str]) -> str:
    """One limit left out, in the file's terms, as a comparable string: "morning" is
    a `before` as the file writes it, a day its weekday, a speaker their surname."""
    given = f.active() if isinstance(f, Filters) else dict(f)
    if "starts_before" in given:
        given["before"] = given.pop("starts_before")
    if "day" in given:
        given["day"] = _weekday(given["day"])
    if "speaker" in given:
        given["speaker"] = given["speaker"].split()[-1].lower()
    if "language" in given:
        given["language"] = language_code(given["language"]) or given["language"]
    return json.dumps(given, sort_keys=True)


def limits(u: Understood) -> list[str]:
    """The limits a query was read with (not the words said back as none)."""
    return [f"{c.field}: {c.value}" for c in u.chips if c.field not in ("unclear", "absent")]


def differences(got: dict[str, Any], meant: dict[str, Any]) -> list[str]:
    """The parts of a reading that differ from what the writer meant."""
    out = []
    for key in ("day", "after", "before", "at", "tracks", "tracks_not", "rooms", "language"):
        if key not in meant:  # (a file that does not say which rooms)
            continue
        want = sorted(meant[key]) if isinstance(meant[key], list) else meant[key]
        if got.get(key) != want:
            out.append(f"{key} {got.get(key)!r}, meant {want!r}")
    if "left_out" in meant:  # (a file of limits left out too)
        want = sorted(_limit(x) for x in meant["left_out"])
        if got["left_out"] != want:
            out.append(f"left out {got['left_out']!r}, meant {want!r}")
    return out


def read_file(path: Path) -> tuple[dict[int | str, list[int]], list[str]]:
    """Each program's [read as meant, queries] for the phrasings in `path`, and a line
    per query read otherwise. FileNotFoundError names a program file that is missing."""
    queries = json.loads(path.read_text(encoding="utf-8"))
    used = list(dict.fromkeys(q["program"] for q in queries))
    missing = [str(PROGRAMS[k]) for k in used if not PROGRAMS[k].is_file()]
    if missing:
        raise FileNotFoundError(", ".join(missing))
    # (merged as ingest merges them: a talk's language read where the program names none)
    vocabs = {k: Vocab.from_talks(merge_talks(parse_path(PROGRAMS[k]).talks)) for k in used}
    tally: dict[int | str, list[int]] = {k: [0, 0] for k in used}
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
    return tally, lines


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quiet", action="store_true", help="print the table only")
    p.add_argument("--file", type=Path, default=PHRASINGS, help="phrasings to read")
    args = p.parse_args()
    try:
        tally, lines = read_file(args.file)
    except FileNotFoundError as exc:
        print(f"needs {exc}", file=sys.stderr)
        return 2
    print("program | queries | read as meant")
    print("--- | --- | ---")
    for year, (right, n) in tally.items():
        print(f"{f'FOSDEM {year}' if isinstance(year, int) else year} | {n} | {right}")
    if not args.quiet:
        print("\n".join(["", *lines]) if lines else "")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

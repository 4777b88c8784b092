"""How long an ingest takes to add or change one small document in a big base.

    python bench/delta.py --base /tmp/tb-100k/home    # a base bench/scale.py kept (copied)
    python bench/delta.py --talks 20000               # a base of bench/scale.py's program
    python bench/delta.py --base ... --code /work/main  # another checkout's talkbase

Builds or copies the base (a base given is copied, never changed), then times, with
hashing vectors (TALKBASE_MODEL=hashing: no model in the way), in one table:
  `talkbase ingest small.jsonl`: a new document of --small talks, in a new process;
  `talkbase ingest small.jsonl` again, one talk of it changed (room and abstract);
  the plan of such a change alone (index/build/delta.py `change`, in this process, the
  median of --repeat): what an incremental ingest reads of the base to decide which
  talks it merges again, apart from parsing, embedding and writing.
Timings on a shared machine are noisy: compare runs made together, on one machine.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from scale import _run, generate, talks, write_jsonl  # noqa: E402


def _changed(path: Path, rows: list[dict[str, object]], n: int) -> None:
    """`rows` written to `path` with the first talk moved to another room and described anew."""
    first = {**rows[0], "room": f"Room {n}", "abstract": f"{rows[0]['abstract']} (update {n})"}
    write_jsonl(path, [first, *rows[1:]])


def _plan_s(home: Path, small: Path, repeat: int) -> tuple[float, int]:
    """Median seconds of `delta.change` for `small` against the build in use, and the
    number of talks the plan writes."""
    from index.build import delta
    from index.build.builder import Report, parse_all
    from index.store import disk as store

    parsed = parse_all([small], None, Report(home=str(home)))
    build = store.require(home)
    times, written = [], 0
    with store.reading(build):
        con = store.connect(build.db_path)
        try:
            for _ in range(repeat):
                t0 = time.perf_counter()
                plan = delta.change(con, parsed)
                times.append(time.perf_counter() - t0)
                if plan is None:
                    raise SystemExit("the change needs a whole build: nothing to time")
                written = len(plan.talks)
        finally:
            con.close()
    return statistics.median(times), written


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", help="a talkbase home to copy (bench/scale.py --keep DIR: DIR/home)")
    ap.add_argument("--talks", type=int, default=20_000, help="without --base: the base's size")
    ap.add_argument("--small", type=int, default=20, help="talks of the small document")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--code", default=str(ROOT), help="the checkout whose talkbase is timed")
    args = ap.parse_args()
    code = str(Path(args.code).resolve())
    sys.path.insert(0, code)
    env = {**os.environ, "TALKBASE_MODEL": "hashing", "PYTHONPATH": code}
    cli = [sys.executable, "-m", "talkbase.cli"]
    work = Path(tempfile.mkdtemp(prefix="talkbase-delta-"))
    os.chdir(work)  # (`python -m` would put the folder it runs in first on the path)
    try:
        home = work / "home"
        env["TALKBASE_HOME"] = os.environ["TALKBASE_HOME"] = str(home)
        t0 = time.perf_counter()
        if args.base:
            shutil.copytree(args.base, home, symlinks=True)
            base = f"a copy of {args.base}"
        else:
            program = work / "program.jsonl"
            write_jsonl(program, generate(args.talks, args.seed))
            _run([*cli, "ingest", str(program), "--json"], env)
            base = f"{args.talks:,} generated talks (bench/scale.py's program)"
        ready_s = time.perf_counter() - t0
        with open(home / "CURRENT") as fh:
            manifest = home / "builds" / fh.read().strip() / "manifest.json"
        stored = json.loads(manifest.read_text())["counts"]["talks"]
        small = work / "small.jsonl"
        rows = talks(args.small, args.seed + 2, start_uid=10**8)
        write_jsonl(small, rows)
        add_s, add_mb = _run([*cli, "ingest", str(small), "--json"], env)
        _changed(small, rows, 1)
        change_s, change_mb = _run([*cli, "ingest", str(small), "--json"], env)
        _changed(small, rows, 2)
        plan_s, written = _plan_s(home, small, args.repeat)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"base: {base} ({stored:,} talks stored; ready in {ready_s:.1f} s); code: {code}")
    print("| step | wall s | peak RSS MB |")
    print("|---|---:|---:|")
    print(
        f"| `talkbase ingest` a new document of {args.small} talks | {add_s:.2f} | {add_mb:.0f} |"
    )
    print(f"| `talkbase ingest` it again, one talk changed | {change_s:.2f} | {change_mb:.0f} |")
    print(
        f"| plan of such a change alone (`delta.change`, median of {args.repeat}; "
        f"{written} talks written) | {plan_s:.2f} | |"
    )


if __name__ == "__main__":
    main()

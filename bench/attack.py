"""Re-run issue 11's attack experiments and issue 17's attacks against the real `talkbase` CLI.

    .venv/bin/python bench/attack.py [--kills 12] [--reingests 14] [--readers 3] ...
    .venv/bin/python bench/attack.py --only issue17        # or --only 17.1 17.9 ...

Every step runs `python -m talkbase.cli --home HOME ...` in a subprocess with
TALKBASE_MODEL=hashing (the built-in hashing embedder: no model to load), in
temporary homes under --workdir. Experiments:

  kill-9      kill -9 an ingest at a random moment; the base must then answer with
              a whole version (the old or the new talk count), pass `check`, and
              keep every earlier talk;
  readers     readers loop `search --json` / `stats --json` while re-ingests swap
              versions; every answer must be exactly one version's answer;
  damaged     each file of a build (and CURRENT) truncated, emptied, replaced by
              garbage, overwritten inside, deleted: search gives a one-sentence
              error or the right answer, ingest refuses or loses nothing, and
              `check --repair` brings back every talk;
  hostile     damaged program files in every format: ingest exits 0 or 1 without a
              traceback and leaves the base as it was when it fails; hostile query
              and filter strings through search, filters, show and similar;
  quadratic   the issue's inputs at n and 2n: the CPU time (less the time of a
              one-unit input) may grow at most RATIO times, and each run finishes.

Issue 17's attacks (17.1 ... 17.19, and 17.1+2 on ../shared/schedules/fosdem2024.xml
split by day) are each that issue's one-command reproduction in a scratch home, with a
check of the behaviour the issue asks for: talks of one title on other days stay
apart, ids do not depend on ingest order, Markdown days, now & next per time zone,
ends far from the start, inverted time ranges, NFC names, no close match for `²`, no
terminal control characters in CLI output, capped queries (CLI and app, headless),
read-only `tb.sql`, line separators in .ics, non-UTF-8 query bytes (real model), a
read-only mount and a full disk (a private mount namespace, `unshare -m`; skipped
without it), TALKBASE_HOME a file, a 1 MB API filter, the manifest's format version,
and `nan` / unknown setting values. The browser's Back button is tested by the
browser test, not here.

It prints `experiment | tried | failures | data lost` and every failure found.
The machine is shared: times are CPU times of the child, compared within a run.
"""

from __future__ import annotations

import argparse
import functools
import html
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "data" / "programs"
SCHEDULES = ROOT.parent / "shared" / "schedules"  # real programs, outside the repository
ISSUE11 = ("kills", "readers", "damaged", "hostile", "quadratic")
RATIO = 2.5
Arg = str | bytes


@dataclass
class Result:
    rc: int
    out: str
    err: str
    cpu: float = 0.0
    timed_out: bool = False

    @property
    def traceback(self) -> bool:
        return "Traceback" in self.err or "Traceback" in self.out

    def one_sentence(self) -> bool:
        lines = [line for line in self.err.strip().splitlines() if line.strip()]
        return self.rc == 1 and len(lines) == 1 and not self.traceback

    def brief(self) -> str:
        tail = (self.err.strip().splitlines() or ["(no stderr)"])[-1]
        return f"rc {self.rc}{' (timed out)' if self.timed_out else ''}: {tail[:160]}"


@dataclass
class Row:
    name: str
    tried: int = 0
    failures: list[str] = field(default_factory=list)
    lost: int = 0
    notes: list[str] = field(default_factory=list)

    def fail(self, text: str) -> None:
        self.failures.append(text)


def _env(home: Path | None = None) -> dict[str, str]:
    env = dict(os.environ, TALKBASE_MODEL="hashing", HF_HUB_OFFLINE="1", PYTHONUNBUFFERED="1")
    if home is not None:
        env["TALKBASE_HOME"] = str(home)
    return env


def _command(home: Path, args: Sequence[Arg], home_flag: bool = True) -> list[Arg]:
    where: list[Arg] = ["--home", str(home)] if home_flag else []
    return [sys.executable, "-m", "talkbase.cli", *where, *args]


def cli(
    home: Path,
    *args: Arg,
    timeout: float = 180,
    env: Mapping[str, str] | None = None,
    home_flag: bool = True,
) -> Result:
    """Run the CLI; the result carries the child's CPU time (user + system). `env`
    adds or replaces variables; without `home_flag` only TALKBASE_HOME names the home."""
    proc = subprocess.Popen(
        _command(home, args, home_flag),
        cwd=ROOT,
        env={**_env(home), **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        out, err = proc.communicate(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        timed_out = True
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Result(
        proc.returncode,
        out.decode("utf-8", "replace"),
        err.decode("utf-8", "replace"),
        cpu,
        timed_out,
    )


def ids(home: Path) -> set[int] | None:
    """Every talk id of the base (via `export`), or None if it does not answer."""
    r = cli(home, "export")
    if r.rc != 0:
        return None
    return {json.loads(line)["id"] for line in r.out.splitlines() if line.strip()}


def search_ids(home: Path, query: str = "kernels") -> list[int] | None:
    r = cli(home, "search", query, "--json", "--limit", "20")
    if r.rc != 0:
        return None
    return [hit["id"] for hit in json.loads(r.out)]


def snapshot(home: Path) -> dict[str, tuple[int, int]]:
    """What must not change when an ingest fails: every file of the home (not hidden
    ones such as .lock), by size and modification time."""
    out = {}
    for path in home.rglob("*"):
        rel = path.relative_to(home)
        if path.is_file() and not any(part.startswith(".") for part in rel.parts):
            info = path.stat()
            out[str(rel)] = (info.st_size, info.st_mtime_ns)
    return out


def fresh(ctx: Context, name: str) -> Path:
    home = ctx.work / name
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(ctx.template, home)
    return home


@dataclass
class Context:
    work: Path
    rng: random.Random
    template: Path = Path()
    modified: Path = Path()  # a changed copy of a program: new talks
    old_ids: set[int] = field(default_factory=set)
    new_count: int = 0
    ingest_secs: float = 1.0
    ref_search: list[int] = field(default_factory=list)


def prepare(ctx: Context) -> None:
    """A base as a user has it: two ingests, so two builds; and a modified program."""
    inputs = ctx.work / "inputs"
    inputs.mkdir(parents=True, exist_ok=True)
    first, second = sorted(PROGRAMS.iterdir())[:2]
    text = first.read_text(encoding="utf-8").replace("PyTorch", "Torchlight")
    ctx.modified = inputs / "modified_program.txt"
    ctx.modified.write_text(text, encoding="utf-8")
    ctx.template = ctx.work / "template"
    shutil.rmtree(ctx.template, ignore_errors=True)
    for path in (first, second):
        r = cli(ctx.template, "ingest", str(path))
        if r.rc != 0:
            raise SystemExit(f"cannot build the base: {r.brief()}")
    ctx.old_ids = ids(ctx.template) or set()
    ctx.ref_search = search_ids(ctx.template) or []
    probe = fresh(ctx, "probe")
    t0 = time.perf_counter()
    r = cli(probe, "ingest", str(PROGRAMS), str(ctx.modified))
    ctx.ingest_secs = time.perf_counter() - t0
    ctx.new_count = len(ids(probe) or ())
    if r.rc != 0 or not ctx.old_ids or ctx.new_count <= len(ctx.old_ids):
        raise SystemExit(f"the re-ingest does not add talks: {r.brief()}")


# 1. kill -9 during ingest ---------------------------------------------------------


def exp_kills(ctx: Context, kills: int) -> Row:
    row = Row("kill -9 during ingest")
    old, new = len(ctx.old_ids), ctx.new_count
    outcomes = {"old": 0, "new": 0, "finished before the kill": 0}
    home = ctx.work / "kills"
    for i in range(kills):
        home = fresh(ctx, "kills")
        delay = ctx.rng.uniform(0.15, 1.0) * ctx.ingest_secs
        proc = subprocess.Popen(
            _command(home, ["ingest", str(PROGRAMS), str(ctx.modified)]),
            cwd=ROOT,
            env=_env(home),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        time.sleep(delay)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            outcomes["finished before the kill"] += 1
        proc.wait()
        row.tried += 1
        now = ids(home)
        found = search_ids(home)
        check = cli(home, "check")
        what = f"kill {i + 1} at {delay:.2f}s"
        if now is None or found is None:
            row.fail(f"{what}: the base does not answer")
            continue
        if len(now) not in (old, new):
            row.fail(f"{what}: {len(now)} talks, neither the old {old} nor the new {new}")
        else:
            outcomes["old" if len(now) == old else "new"] += 1
        if check.rc != 0:
            row.fail(f"{what}: check fails: {check.brief()}")
        row.lost += len(ctx.old_ids - now)
    after = cli(home, "ingest", str(PROGRAMS), str(ctx.modified))
    left = [p.name for p in (home / "builds").glob(".partial-*")]
    if after.rc != 0 or len(ids(home) or ()) != new or left:
        row.fail(f"ingest after the kills: {after.brief()}, leftovers {left}")
    row.notes.append(f"whole versions seen after the kills: {outcomes}")
    return row


# 2. concurrent readers during re-ingests ----------------------------------------


def _version(home: Path) -> tuple[tuple[int, tuple[str, ...]], frozenset[int]] | None:
    stats, found = cli(home, "stats", "--json"), search_ids(home)
    if stats.rc != 0 or found is None:
        return None
    s = json.loads(stats.out)
    return (s["talks"], tuple(d["name"] for d in s["documents"])), frozenset(found)


def exp_readers(ctx: Context, reingests: int, readers: int) -> Row:
    row = Row("concurrent readers during re-ingest")
    home = fresh(ctx, "readers")
    version_a = ["ingest", "--replace", str(PROGRAMS)]
    version_b = ["ingest", "--replace", str(PROGRAMS), str(ctx.modified)]
    refs = []
    for args in (version_b, version_a):
        r = cli(home, *args)
        ref = _version(home)
        if r.rc != 0 or ref is None:
            row.fail(f"setting up the versions: {r.brief()}")
            return row
        refs.append(ref)
    stats_ok = {ref[0] for ref in refs}
    search_ok = {ref[1] for ref in refs}
    stop = threading.Event()
    lock = threading.Lock()
    answers = [0]

    def reader(n: int) -> None:
        turn = n
        while not stop.is_set():
            turn += 1
            if turn % 2:
                r = cli(home, "search", "kernels", "--json", "--limit", "20")
                ok = r.rc == 0 and frozenset(h["id"] for h in json.loads(r.out)) in search_ok
            else:
                r = cli(home, "stats", "--json")
                s = json.loads(r.out) if r.rc == 0 else {}
                ok = (
                    r.rc == 0 and (s["talks"], tuple(d["name"] for d in s["documents"])) in stats_ok
                )
            with lock:
                answers[0] += 1
                if not ok:
                    row.fail(
                        f"reader {n}: {'search' if turn % 2 else 'stats'} answered no "
                        f"whole version: {r.brief()}"
                    )

    threads = [threading.Thread(target=reader, args=(n,)) for n in range(readers)]
    for t in threads:
        t.start()
    try:
        for i in range(reingests):
            r = cli(home, *(version_b if i % 2 == 0 else version_a))
            if r.rc != 0:
                row.fail(f"re-ingest {i + 1}: {r.brief()}")
    finally:
        stop.set()
        for t in threads:
            t.join()
    row.tried = answers[0]
    final = ids(home) or set()
    row.lost = len(ctx.old_ids - final)
    row.notes.append(
        f"{answers[0]} reader answers during {reingests} re-ingests ({readers} readers)"
    )
    return row


# 3. damaged files --------------------------------------------------------------


def _damage(path: Path, how: str, rng: random.Random) -> None:
    data = path.read_bytes()
    if how == "truncate":
        path.write_bytes(data[: len(data) // 2])
    elif how == "zero bytes":
        path.write_bytes(b"")
    elif how == "garbage":
        path.write_bytes(b"this is not what was written here\n" * 8)
    elif how == "random bytes inside":
        width = min(64, max(1, len(data) // 4))
        start = len(data) // 2 - width // 2
        path.write_bytes(data[:start] + rng.randbytes(width) + data[start + width :])
    elif how == "delete":
        path.unlink()


DAMAGES = ("truncate", "zero bytes", "garbage", "random bytes inside", "delete")


def exp_damaged(ctx: Context) -> Row:
    row = Row("damaged files")
    current = (ctx.template / "CURRENT").read_text().strip()
    files = sorted(p.name for p in (ctx.template / "builds" / current).iterdir()) + ["CURRENT"]
    row.notes.append("files damaged: " + ", ".join(files))
    for name in files:
        for how in DAMAGES:
            row.tried += 1
            case = f"{name} {how}"
            home = fresh(ctx, "damaged")
            target = home / name if name == "CURRENT" else home / "builds" / current / name
            _damage(target, how, ctx.rng)
            before = snapshot(home)
            r = cli(home, "search", "kernels", "--json", "--limit", "20")
            if r.rc == 0:
                if [h["id"] for h in json.loads(r.out)] != ctx.ref_search:
                    row.fail(f"{case}: search gives a wrong answer, no error")
            elif not r.one_sentence():
                row.fail(f"{case}: search: not a one-sentence error: {r.brief()}")
            r = cli(home, "ingest", str(ctx.modified))
            if r.rc == 0:
                after = ids(home)
                if after is None or ctx.old_ids - after:
                    row.fail(f"{case}: ingest succeeded and lost earlier talks")
            elif not r.one_sentence() or snapshot(home) != before:
                row.fail(f"{case}: ingest refused badly or changed the base: {r.brief()}")
            elif "check" not in r.err:
                row.fail(f"{case}: the refusal does not name `talkbase check`: {r.brief()}")
            fix = cli(home, "check", "--repair")
            after = ids(home)
            check = cli(home, "check")
            if fix.traceback:
                row.fail(f"{case}: check --repair: {fix.brief()}")
            if after is None:
                row.fail(f"{case}: after check --repair the base does not answer: {fix.brief()}")
                row.lost += len(ctx.old_ids)
            elif ctx.old_ids - after:
                missing = len(ctx.old_ids - after)
                row.fail(
                    f"{case}: after check --repair {missing} earlier talks are missing "
                    f"({fix.out.strip().splitlines()[0] if fix.out.strip() else fix.brief()})"
                )
                row.lost += missing
            if check.rc != 0 and after is not None:
                row.fail(f"{case}: check after repair fails: {check.out.strip()[-160:]}")
    return row


# 4. hostile inputs ------------------------------------------------------------------


def _small_sources() -> dict[str, tuple[str, bytes]]:
    """One small program per format (name, bytes), besides data/programs."""
    people = ["Ada Byron", "Dara O’Brien", "Li Wei", "Jürgen Groß", "Noor Haddad"]
    talks = [
        (
            f"Talk {i} on fused kernels and RDMA",
            people[i],
            f"1{i}:00",
            f"We explain topic {i}. Kernels matter. It ends well.",
        )
        for i in range(5)
    ]
    events = [
        {
            "guid": f"g{i}",
            "id": i,
            "title": t,
            "room": "Saal 1",
            "start": s,
            "date": f"2024-12-27T{s}:00+01:00",
            "duration": "00:30",
            "abstract": a,
            "persons": [{"public_name": p}],
            "track": "Systems",
        }
        for i, (t, p, s, a) in enumerate(talks)
    ]
    frab = json.dumps(
        {
            "schedule": {
                "version": "1",
                "conference": {
                    "title": "Attack Conf",
                    "days": [{"index": 1, "date": "2024-12-27", "rooms": {"Saal 1": events}}],
                },
            }
        },
        indent=1,
    )
    xml_events = "".join(
        f'<event guid="g{i}" id="{i}"><date>2024-12-27T{s}:00+01:00</date><start>{s}</start>'
        f"<duration>00:30</duration><room>Saal 1</room><title>{t}</title><track>Systems</track>"
        f'<abstract>{a}</abstract><persons><person id="{i}">{p}</person></persons></event>\n'
        for i, (t, p, s, a) in enumerate(talks)
    )
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<schedule><conference><title>Attack Conf'
        '</title></conference><day date="2024-12-27" index="1"><room name="Saal 1">\n'
        f"{xml_events}</room></day></schedule>\n"
    )
    ics = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        + "".join(
            f"BEGIN:VEVENT\r\nUID:u{i}\r\nDTSTART:20241027T{s.replace(':', '')}00Z\r\n"
            f"SUMMARY:{t}\r\nDESCRIPTION:{a}\r\nLOCATION:Saal 1\r\nEND:VEVENT\r\n"
            for i, (t, p, s, a) in enumerate(talks)
        )
        + "END:VCALENDAR\r\n"
    )
    header = ["title", "speakers", "date", "start", "room", "abstract"]
    rows = [[t, p, "2026-10-20", s, "Room 2", a] for t, p, s, a in talks]
    csv = "\n".join(",".join(f'"{c}"' for c in r) for r in [header, *rows]) + "\n"
    tsv = "\n".join("\t".join(r) for r in [header, *rows]) + "\n"
    jsonl = "".join(
        json.dumps(dict(zip(header, r, strict=True)), ensure_ascii=False) + "\n" for r in rows
    )
    md = "# Attack Conf 2025\n\n## Tuesday, 9 September 2025\n\n" + "".join(
        f"### {s}–{s[:2]}:45 {t}\n**Speakers:** {p} (Org)\n\n{a}\n\n" for t, p, s, a in talks
    )
    sources = {
        "frab JSON": ("schedule.json", frab),
        "frab XML": ("schedule.xml", xml),
        "ics": ("program.ics", ics),
        "csv": ("program.csv", csv),
        "tsv": ("program.tsv", tsv),
        "jsonl": ("talks.jsonl", jsonl),
        "markdown": ("program.md", md),
    }
    out = {k: (n, v.encode("utf-8")) for k, (n, v) in sources.items()}
    for i, path in enumerate(sorted(PROGRAMS.iterdir())[:2]):
        out[f"data/programs {i}"] = (path.name, path.read_bytes())
    return out


def _hostile_damages(rng: random.Random) -> dict[str, Callable[[bytes], bytes]]:
    def flip(b: bytes) -> bytes:
        data = bytearray(b)
        for _ in range(max(1, len(data) // 100)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)

    def block(b: bytes) -> bytes:
        mid = len(b) // 2
        return b[:mid] + rng.randbytes(64) + b[mid + 64 :]

    def sprinkle(b: bytes, what: bytes) -> bytes:
        cuts = sorted(rng.randrange(len(b)) for _ in range(5))
        parts, last = [], 0
        for c in cuts:
            parts += [b[last:c], what]
            last = c
        return b"".join([*parts, b[last:]])

    return {
        "intact": lambda b: b,
        "truncated at 1/3": lambda b: b[: len(b) // 3],
        "truncated at 2/3": lambda b: b[: 2 * len(b) // 3],
        "zero bytes": lambda b: b"",
        "1% bytes flipped": flip,
        "64 random bytes inside": block,
        "invalid UTF-8": lambda b: sprinkle(b, b"\xff\xfe\x80"),
        "NUL bytes": lambda b: sprinkle(b, b"\x00\x00"),
        "UTF-16": lambda b: b.decode("utf-8", "replace").encode("utf-16"),
    }


HOSTILE = [
    "O’Reilly",
    "AI–Infra",
    "Hall·B",
    "€uro",
    "zero\u200bwidth",
    "\u202eevil",
    "שלום עולם",
    "e\u0301\u0301\u0301",
    ".*+?[](){}|^$\\",
    "'; DROP TABLE talks; --",
    "²",
    "9" * 5000,
    "x" * 100_000,
    "   ",
]


def exp_hostile(ctx: Context) -> Row:
    row = Row("hostile inputs")
    home = fresh(ctx, "hostile")
    folder = ctx.work / "hostile-files"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    files = 0
    for fmt, (name, data) in _small_sources().items():
        for how, damage in _hostile_damages(ctx.rng).items():
            path = folder / name
            path.write_bytes(damage(data))
            files += 1
            row.tried += 1
            before = snapshot(home)
            r = cli(home, "ingest", str(path), timeout=120)
            case = f"{fmt} {how}"
            if r.rc not in (0, 1) or r.traceback:
                row.fail(f"ingest {case}: {r.brief()}")
            elif r.rc == 1 and snapshot(home) != before:
                row.fail(f"ingest {case}: failed and changed the base")
            elif how == "intact" and r.rc != 0:
                row.fail(f"ingest {case}: a valid file is refused: {r.brief()}")
    bad = os.fsencode(str(folder)) + b"/bad\xff\xfename.tsv"
    with open(bad, "wb") as fh:
        fh.write(_small_sources()["tsv"][1])
    r = cli(home, "ingest", bad)
    row.tried += 1
    if r.rc != 0 or r.traceback:
        row.fail(f"ingest of a file named with invalid UTF-8 bytes: {r.brief()}")
    batch = folder / "batch.txt"
    batch.write_bytes(b"kernels\n\xff\xfe rdma\n")
    queries: list[list[Arg]] = [
        ["search", "--batch", str(batch)],
        ["search", "--", os.fsencode("\udcff\udcfe kernels")],
    ]
    for text in HOSTILE:
        queries += [
            ["search", "--", text],
            ["search", "kernels", f"--org={text}"],
            ["search", "kernels", f"--track={text}"],
            ["search", "kernels", f"--room={text}"],
            ["search", "kernels", f"--speaker={text}"],
            ["show", "--", text],
            ["similar", "--", text],
        ]
    for args in queries:
        row.tried += 1
        r = cli(home, *args)
        if r.rc not in (0, 1) or r.traceback:
            shown = [a if isinstance(a, str) else repr(a) for a in args]
            row.fail(f"{' '.join(s[:40] for s in shown)}: {r.brief()}")
    final = ids(home)
    row.lost = len(ctx.old_ids - (final or set()))
    row.notes.append(
        f"{files + 1} damaged or hostile program files, {len(queries)} hostile queries and filters"
    )
    return row


# 5. quadratic inputs -----------------------------------------------------------------


def _frab_no_start(n: int) -> tuple[str, str]:
    events = [
        {
            "guid": f"g{i}",
            "id": i,
            "title": f"Talk {i}",
            "room": "R",
            "start": "",
            "duration": "00:30",
            "persons": [{"public_name": f"Person {i}"}],
        }
        for i in range(n)
    ]
    day = {"index": 1, "date": "2024-02-03", "rooms": {"R": events}}
    return "schedule.json", json.dumps(
        {"schedule": {"conference": {"title": "C", "days": [day]}}}, indent=1
    )


def _frabxml_no_start(n: int) -> tuple[str, str]:
    events = "".join(
        f'<event guid="g{i}" id="{i}"><title>Talk {i}</title><start></start>'
        f"<duration>00:30</duration><room>R</room></event>\n"
        for i in range(n)
    )
    return "schedule.xml", (
        '<?xml version="1.0"?>\n<schedule><conference><title>C</title></conference>'
        f'<day date="2024-02-03" index="1"><room name="R">\n{events}</room></day></schedule>'
    )


def _ical(before: str, inside: str) -> str:
    event = "BEGIN:VEVENT\r\nUID:u0\r\nDTSTART:20240203T100000Z\r\nSUMMARY:Talk 0\r\n"
    return (
        f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n{before}{event}{inside}END:VEVENT\r\nEND:VCALENDAR\r\n"
    )


def _ical_folded(n: int) -> tuple[str, str]:
    return "program.ics", _ical(
        "", "DESCRIPTION:start\r\n" + "".join(f" word{i} and more text here\r\n" for i in range(n))
    )


def _ical_unmatched(n: int) -> tuple[str, str]:
    return "program.ics", _ical("BEGIN:VFOO\r\n" * n + "END:VBAR\r\n" * n, "")


def _abstract(n: int) -> tuple[str, str]:
    """One talk whose abstract is one line of n MB."""
    words = "Kernels fuse compute and communication, and every word here is long enough "
    line = (words * (n * 1_000_000 // len(words) + 1))[: n * 1_000_000]
    return "program.md", (
        "# Big Conf 2025\n\n## Tuesday, 9 September 2025\n\n"
        f"### 09:00–09:45 One long talk\n**Speakers:** Ada Byron (Org)\n\n"
        f"{line}\n"
    )


QUADRATIC: dict[str, tuple[Callable[[int], tuple[str, str]], int]] = {
    "frab JSON events without start": (_frab_no_start, 10_000),
    "frab XML events without start": (_frabxml_no_start, 10_000),
    "iCal folded lines": (_ical_folded, 100_000),
    "iCal unmatched BEGIN/END": (_ical_unmatched, 50_000),
    "one-line abstract (MB)": (_abstract, 25),
}


def exp_quadratic(ctx: Context, scale: float, repeats: int) -> Row:
    """Sizes 1, n, 2n in turns, `repeats` times; the least CPU time of each counts."""
    row = Row("quadratic inputs")
    folder = ctx.work / "quadratic"
    for case, (make, base_n) in QUADRATIC.items():
        n = max(1, int(base_n * scale))
        shutil.rmtree(folder, ignore_errors=True)
        inputs = {}
        for size in (1, n, 2 * n):
            name, text = make(size)
            inputs[size] = folder / str(size) / name
            inputs[size].parent.mkdir(parents=True)
            inputs[size].write_text(text, encoding="utf-8")
        times: dict[int, float] = {}
        for _ in range(repeats):
            for size, path in inputs.items():
                shutil.rmtree(folder / "home", ignore_errors=True)
                r = cli(folder / "home", "ingest", str(path), timeout=300)
                times[size] = min(times.get(size, r.cpu), r.cpu)
                if r.rc not in (0, 1) or r.traceback or r.timed_out:
                    row.fail(f"{case} n={size}: {r.brief()}")
        row.tried += 1
        ratio = (times[2 * n] - times[1]) / max(times[n] - times[1], 1e-3)
        row.notes.append(
            f"{case}: n={n} {times[n]:.2f}s CPU, 2n {times[2 * n]:.2f}s, "
            f"one unit {times[1]:.2f}s -> ratio {ratio:.2f}"
        )
        if ratio > RATIO:
            row.fail(f"{case}: doubling the input multiplied the time by {ratio:.2f}")
    return row


# 6. issue 17: the third pass's defects, one attack each --------------------------------
#
# Each attack is the issue's one-command reproduction in a scratch home (the hashing
# embedder unless the defect is in the real model's path) with a check of the behaviour
# the issue asks for. Until an item is fixed its attack fails.


@dataclass
class Ctx17:
    work: Path
    demo: Path = Path()  # data/programs, one ingest, hashing embedder: copy before writing
    demo_ids: set[int] = field(default_factory=set)
    demo_search: list[int] = field(default_factory=list)
    schedules: Path = SCHEDULES


ERRNO = re.compile(r"\[Errno \d+\]")


def sentence_problem(r: Result, *needles: str, where: str = "err") -> str | None:
    """None when `r` is one plain sentence on stderr with exit status 1 (no traceback,
    no raw "[Errno N]") that matches every regex in `needles` (case-insensitive);
    else what is wrong. `where="all"` looks for the needles in stdout too."""
    if r.timed_out:
        return "timed out"
    if r.traceback:
        last = (r.err.strip().splitlines() or [""])[-1]
        return f"traceback: {last[:160]}"
    lines = [line for line in r.err.strip().splitlines() if line.strip()]
    if r.rc != 1 or len(lines) != 1:
        return f"not a one-sentence error: {r.brief()}"
    if ERRNO.search(lines[0]):
        return f"a raw OS error, not a sentence: {lines[0][:160]}"
    text = r.err + (r.out if where == "all" else "")
    for needle in needles:
        if not re.search(needle, text, re.IGNORECASE):
            return f"the sentence does not say /{needle}/: {lines[0][:200]}"
    return None


def write(folder: Path, name: str, data: str | bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path


def jsonl(records: Sequence[Mapping[str, object]]) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)  # ASCII: escapes travel as written


def exported(home: Path) -> list[dict[str, Any]] | None:
    """Every talk of the base as `export` gives it, or None if it does not answer."""
    r = cli(home, "export")
    if r.rc != 0:
        return None
    return [json.loads(line) for line in r.out.splitlines() if line.strip()]


def scratch(ctx: Ctx17, name: str, base: Path | None = None) -> Path:
    """An empty folder, or a copy of `base`, under the work folder."""
    home = ctx.work / name
    shutil.rmtree(home, ignore_errors=True)
    if base is None:
        home.mkdir(parents=True)
    else:
        shutil.copytree(base, home)
    return home


def py(home: Path, code: str, *args: str, stdin: str = "", timeout: float = 300) -> Any:
    """Run `code` in a fresh interpreter with the CLI's environment; it prints one JSON
    value on its last line. Returns that value, or a `Result` when the child failed."""
    try:
        proc = subprocess.run(
            [sys.executable, "-c", code, *args],
            cwd=ROOT,
            env=_env(home),
            input=stdin.encode("utf-8"),
            capture_output=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return Result(124, "", "timed out", timed_out=True)
    out, err = proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")
    lines = out.strip().splitlines()
    if proc.returncode != 0 or not lines:
        return Result(proc.returncode, out, err)
    try:
        return json.loads(lines[-1])
    except json.JSONDecodeError:
        return Result(proc.returncode, out, err)


def prepare17(ctx: Ctx17) -> None:
    ctx.work.mkdir(parents=True, exist_ok=True)
    ctx.demo = scratch(ctx, "demo")
    r = cli(ctx.demo, "ingest", str(PROGRAMS))
    ctx.demo_ids = ids(ctx.demo) or set()
    ctx.demo_search = search_ids(ctx.demo) or []
    if r.rc != 0 or not ctx.demo_ids or not ctx.demo_search:
        raise SystemExit(f"cannot build the demo base: {r.brief()}")


# 17.1 different talks merge on the title key alone


def _day_files() -> dict[str, list[dict[str, str]]]:
    def talk(title: str, day: str, start: str, end: str, room: str, who: str, text: str) -> dict:
        return {
            "title": title,
            "date": day,
            "start": start,
            "end": end,
            "room": room,
            "speakers": who,
            "abstract": text,
        }

    mon, tue = "2025-03-03", "2025-03-04"
    return {
        "day1.jsonl": [
            talk(
                "C++ in Production",
                mon,
                "10:00",
                "10:45",
                "Room 1",
                "Alice Martin",
                "Templates, RAII and the C++ toolchain in large production services.",
            ),
            talk(
                "🔥🔥🔥", mon, "11:00", "11:30", "Room 2", "Bob Stone", "Incident response on call."
            ),
            talk("Lunch", mon, "12:30", "13:30", "Foyer", "", ""),
            talk("Lightning talks", mon, "17:00", "18:00", "Room 1", "", "Short talks, day one."),
        ],
        "day2.jsonl": [
            talk(
                "C# in Production",
                tue,
                "10:00",
                "10:45",
                "Room 1",
                "Carol Diaz",
                "LINQ, async await and the .NET runtime in large production services.",
            ),
            talk("🚀🚀🚀", tue, "11:00", "11:30", "Room 2", "Dan Okafor", "Rockets and telemetry."),
            talk("Lunch", tue, "12:30", "13:30", "Foyer", "", ""),
            talk("Lightning talks", tue, "17:00", "18:00", "Room 1", "", "Short talks, day two."),
        ],
        # the same talk published again (a corrected abstract): this one must merge
        "day1-update.jsonl": [
            talk(
                "C++ in production",
                mon,
                "10:00",
                "10:45",
                "Room 1",
                "Alice Martin",
                "Templates, RAII and the C++ toolchain in large production services, revised.",
            )
        ],
    }


def attack_merge(ctx: Ctx17) -> Row:
    row = Row("17.1 different talks merge on the title key")
    folder, home = ctx.work / "merge-files", scratch(ctx, "merge")
    files = {name: write(folder, name, jsonl(recs)) for name, recs in _day_files().items()}
    conf = ["--conference", "DevConf 2025"]
    for name in ("day1.jsonl", "day2.jsonl"):
        row.tried += 1
        r = cli(home, "ingest", str(files[name]), *conf)
        if r.rc != 0:
            row.fail(f"ingest {name}: {r.brief()}")
    talks = exported(home) or []
    wanted = [
        (r["title"], r["date"]) for n in ("day1.jsonl", "day2.jsonl") for r in _day_files()[n]
    ]
    have = sorted((t["title"], t["day"]) for t in talks)
    row.tried += 1
    if have != sorted(wanted):
        row.fail(f"after ingest day1; ingest day2: {len(talks)} talks, not 8: {have}")
        row.lost = len(set(wanted) - set(have))
    row.tried += 1
    r = cli(home, "search", "LINQ async await .NET runtime", "--mode", "lexical", "--json")
    found = [h["title"] for h in json.loads(r.out)] if r.rc == 0 else None
    if not found or found[0] != "C# in Production":
        row.fail(f'search "LINQ async await .NET runtime" --mode lexical finds {found}')
    row.tried += 1
    for t in talks:
        names = [s["name"] for s in t["speakers"]]
        if t["title"] in ("C++ in Production", "C# in Production") and len(names) != 1:
            row.fail(f"{t['title']} has the speakers {names}")
    row.tried += 1
    r = cli(home, "ingest", str(files["day1-update.jsonl"]), *conf)
    again = exported(home) or []
    cpp = [t for t in again if t["title"].casefold() == "c++ in production"]
    if r.rc != 0 or len(again) != 8 or len(cpp) != 1 or len(cpp[0]["sources"]) != 2:
        row.fail(
            "the same talk published again (same title, day, time, room, speaker) does not "
            f"merge: {len(again)} talks, {len(cpp)} 'C++ in production' "
            f"({[len(t['sources']) for t in cpp]} sources)"
        )
    return row


# 17.1 + 17.2 on a real program: FOSDEM 2024 ingested day by day


def _split_days(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    head = text[: text.index("<day ")]
    return [f"{head}  {day}\n</schedule>\n" for day in re.findall(r"<day .*?</day>", text, re.S)]


def attack_fosdem_days(ctx: Ctx17) -> Row:
    row = Row("17.1+2 FOSDEM 2024 ingested day by day")
    source = ctx.schedules / "fosdem2024.xml"
    if not source.is_file():
        row.notes.append(f"skipped: {source} is missing")
        return row
    folder = ctx.work / "fosdem-days"
    days = [
        write(folder, f"fosdem2024-day{i}.xml", t) for i, t in enumerate(_split_days(source), 1)
    ]
    whole = scratch(ctx, "fosdem-whole")
    r = cli(whole, "ingest", str(source))
    ref = {t["id"]: (t["title"], t["day"], t["start"], t["room"]) for t in exported(whole) or []}
    if r.rc != 0 or len(ref) != 674:
        row.fail(f"one ingest of fosdem2024.xml: {len(ref)} talks ({r.brief()})")
        return row
    for order in (days, days[::-1]):
        row.tried += 1
        home = scratch(ctx, "fosdem-by-day")
        what = " then ".join(p.name for p in order)
        for path in order:
            r = cli(home, "ingest", str(path))
            if r.rc != 0:
                row.fail(f"{what}: ingest {path.name}: {r.brief()}")
        got = {t["id"]: (t["title"], t["day"], t["start"], t["room"]) for t in exported(home) or []}
        if got != ref:
            moved = sum(1 for i, v in got.items() if i in ref and ref[i] != v)
            missing = len(set(ref.values()) - set(got.values()))
            row.fail(
                f"{what}: {len(got)} talks, not 674; {missing} of one ingest's talks missing, "
                f"{len(set(ref) - set(got))} ids not found, {moved} ids on another talk"
            )
            row.lost = max(row.lost, missing)
    return row


# 17.2 ids move between talks


def _conf_files() -> dict[str, list[dict[str, str]]]:
    def talk(uid: str, title: str, day: str, start: str, room: str, who: str) -> dict:
        return {
            "id": uid,
            "title": title,
            "date": day,
            "start": start,
            "end": start[:3] + "45",
            "room": room,
            "speakers": who,
            "abstract": f"{title}: what we built and what we learned.",
        }

    return {
        "confA.jsonl": [
            talk("101", "Rust in the Linux kernel", "2025-05-10", "10:00", "Aula", "Mira Ortiz"),
            talk("102", "eBPF for observability", "2025-05-10", "11:00", "Aula", "Hana Sato"),
        ],
        "confB.jsonl": [
            talk("101", "Kubernetes operators", "2025-09-20", "10:00", "Hall B", "Omar Diaz"),
            talk("103", "Postgres replication", "2025-09-20", "11:00", "Hall B", "Ines Costa"),
        ],
    }


def attack_ids(ctx: Ctx17) -> Row:
    row = Row("17.2 ids move between talks")
    folder = ctx.work / "ids-files"
    a, b = (write(folder, n, jsonl(recs)) for n, recs in _conf_files().items())
    conf = {a: "ConfA 2025", b: "ConfB 2025"}
    plans: dict[str, list[list[Arg]]] = {
        "ingest confA; ingest confB": [["ingest", str(a)], ["ingest", str(b)]],
        "ingest confB; ingest confA": [["ingest", str(b)], ["ingest", str(a)]],
        "ingest confA; ingest confB; remove confA; ingest confA": [
            ["ingest", str(a)],
            ["ingest", str(b)],
            ["remove", a.name],
            ["ingest", str(a)],
        ],
    }
    seen: dict[str, dict[str, int]] = {}
    for plan, steps in plans.items():
        row.tried += 1
        home = scratch(ctx, "ids")
        for step in steps:
            path = Path(str(step[1]))
            extra = ["--conference", conf[path]] if step[0] == "ingest" else []
            r = cli(home, *step, *extra)
            if r.rc != 0:
                row.fail(f"{plan}: {' '.join(map(str, step[:1]))} {path.name}: {r.brief()}")
        talks = exported(home) or []
        seen[plan] = {t["title"]: t["id"] for t in talks}
        if len(set(seen[plan].values())) != 4 or len(talks) != 4:
            row.fail(f"{plan}: {len(talks)} talks with {len(set(seen[plan].values()))} ids, not 4")
    first_plan, first = next(iter(seen.items()))
    for plan, got in seen.items():
        moved = sorted(t for t in first if got.get(t) != first[t])
        if moved:
            row.fail(
                f"after {plan!r} these talks have other ids than after {first_plan!r}: {moved}"
            )
    return row


# 17.3 a Markdown program whose talk headings repeat per day

MARKDOWN_DAYS = """# DevConf 2025

## Monday, 3 March 2025

### 10:00–10:45 Scaling Postgres for write-heavy workloads
**Speakers:** Alice Martin (Acme)

Partitioning, vacuum tuning and connection pooling for busy databases.

### 17:00–18:00 Lightning talks
**Speakers:** Various

Five-minute talks from attendees, first day.

## Tuesday, 4 March 2025

### 10:00–10:45 Observability with OpenTelemetry
**Speakers:** Carol Diaz (Globex)

Traces, metrics and logs from one instrumentation library.

### 17:00–18:00 Lightning talks
**Speakers:** Various

Five-minute talks from attendees, second day.
"""


def attack_markdown_days(ctx: Ctx17) -> Row:
    row = Row("17.3 Markdown talk headings repeated per day")
    home = scratch(ctx, "markdown")
    path = write(ctx.work / "markdown-files", "program.md", MARKDOWN_DAYS)
    row.tried += 1
    r = cli(home, "ingest", str(path))
    talks = exported(home) or []
    want = {
        ("Scaling Postgres for write-heavy workloads", "2025-03-03", "10:00", "10:45"),
        ("Lightning talks", "2025-03-03", "17:00", "18:00"),
        ("Observability with OpenTelemetry", "2025-03-04", "10:00", "10:45"),
        ("Lightning talks", "2025-03-04", "17:00", "18:00"),
    }
    got = {(t["title"], t["day"], t["start"], t["end"]) for t in talks}
    if r.rc != 0 or got != want or len(talks) != 4:
        row.fail(f"ingest program.md: {len(talks)} talks {sorted(got, key=str)} ({r.brief()})")
        row.lost = len(want - got)
    return row


# 17.4 now & next in each conference's own time zone (the app, headless)

APP_SCRIPT = r"""
import html, json, re, sys, time
from streamlit.testing.v1 import AppTest

out = []
for params in json.loads(sys.stdin.read()):
    t0 = time.perf_counter()
    at = AppTest.from_file(sys.argv[1], default_timeout=300)
    for key, value in params.items():
        at.query_params[key] = value
    error = None
    try:
        at.run()
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"[:300]
    items = []
    for kind in ("html", "caption", "info", "warning", "error", "markdown", "text", "success",
                 "toast"):
        try:
            elements = list(at.get(kind))
        except Exception:
            continue
        for el in elements:
            value = str(getattr(el, "value", "") or getattr(el, "body", ""))
            if kind == "html":
                value = html.unescape(re.sub(r"<[^>]+>", "", value))
            items.append([kind, value.strip()[:2000]])
    try:  # pages drawn by a component (Now & next's rows) keep their markup
        for el in at.get("bidi_component"):
            items.append(["component", str(json.loads(el.proto.json))[:200000]])
    except Exception:
        pass
    if at.exception and not error:
        error = str(at.exception[0].value)[:300]
    out.append({"secs": time.perf_counter() - t0, "error": error, "items": items})
print(json.dumps(out))
"""


def app_views(home: Path, runs: Sequence[Mapping[str, str]]) -> list[dict[str, Any]] | str:
    """Each set of URL parameters rendered by the app (streamlit's AppTest, one process,
    so the knowledge base opens once): seconds, error, and the texts shown in order."""
    got = py(home, APP_SCRIPT, str(ROOT / "app.py"), stdin=json.dumps(list(runs)), timeout=600)
    if isinstance(got, Result):
        return f"the app harness failed: {got.brief()}"
    return list(got)


ITALIAN_ICS = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:PyCon Italia 2026\r\n"
    "X-WR-TIMEZONE:Europe/Rome\r\n"
    "BEGIN:VEVENT\r\nUID:pyit-1\r\nDTSTART;TZID=Europe/Rome:20261105T120000\r\n"
    "DTEND;TZID=Europe/Rome:20261105T130000\r\nSUMMARY:Keynote di apertura\r\n"
    "DESCRIPTION:Il futuro di Python nella scienza dei dati.\r\nLOCATION:Sala Tevere\r\n"
    "END:VEVENT\r\n"
    "BEGIN:VEVENT\r\nUID:pyit-2\r\nDTSTART;TZID=Europe/Rome:20261105T210000\r\n"
    "DTEND;TZID=Europe/Rome:20261105T220000\r\nSUMMARY:Serata di lightning talk\r\n"
    "DESCRIPTION:Interventi brevi dopo cena.\r\nLOCATION:Sala Arno\r\nEND:VEVENT\r\n"
    "END:VCALENDAR\r\n"
)


def _on_now(view: Mapping[str, Any]) -> list[str]:
    """The titles the Now & next view lists as on at the chosen time: the middle
    column of its rows (one row per room: room, on now, next)."""
    pages = [text for kind, text in view["items"] if kind == "component" and "tb-nn-row" in text]
    titles = []
    for page in pages:
        for row in page.split('class="tb-nn-row" role="row"')[1:]:
            cells = row.split('role="cell">')
            if len(cells) > 2:
                titles += [
                    html.unescape(t) for t in re.findall(r'class="tb-nn-t">([^<]*)<', cells[2])
                ]
    return titles


def attack_now_next(ctx: Ctx17) -> Row:
    row = Row("17.4 now & next in each conference's zone")
    home = scratch(ctx, "now-next", ctx.demo)
    ics = write(ctx.work / "now-next-files", "pyitalia.ics", ITALIAN_ICS)
    r = cli(home, "ingest", str(ics))
    la = next(
        (t for t in sorted(exported(home) or [], key=lambda t: t["start_iso"] or "~") if t["end"]),
        None,
    )
    if r.rc != 0 or la is None:
        row.fail(f"setting up demo + an Italian iCal program: {r.brief()}")
        return row
    runs = [
        {"view": "now", "date": "2026-11-05", "at": "12:00"},
        {"view": "now", "date": la["day"], "at": la["start"]},
    ]
    views = app_views(home, runs)
    row.tried += 2
    if isinstance(views, str):
        row.fail(views)
        return row
    rome, here = views
    on = _on_now(rome)
    if rome["error"] or "Keynote di apertura" not in on or "Serata di lightning talk" in on:
        row.fail(
            f"At 12:00 on Thu 5 Nov (Europe/Rome program) 'On now' lists {on}, not the 12:00 "
            f"keynote{': ' + rome['error'] if rome['error'] else ''}"
        )
    if here["error"] or la["title"] not in _on_now(here):
        row.fail(
            f"At {la['start']} on {la['day']} (America/Los_Angeles demo) 'On now' lists "
            f"{_on_now(here)}, not {la['title']!r}"
        )
    return row


# 17.5 an explicit end years after the start (or before it)


def _end_files() -> dict[str, str]:
    rows = [
        {
            "title": "Endless table talk",
            "start": "2026-10-21T10:00:00-07:00",
            "end": "2029-10-21T10:00:00-07:00",
            "room": "Room 1",
            "speakers": "Ada Byron",
            "abstract": "It never ends.",
        },
        {
            "title": "Backwards table talk",
            "start": "2026-10-21T15:00:00-07:00",
            "end": "2026-10-21T14:00:00-07:00",
            "room": "Room 1",
            "speakers": "Li Wei",
            "abstract": "It ends before it starts.",
        },
        {
            "title": "Ordinary table talk",
            "start": "2026-10-21T11:00:00-07:00",
            "end": "2026-10-21T12:00:00-07:00",
            "room": "Room 1",
            "speakers": "Noor Haddad",
            "abstract": "One hour.",
        },
    ]

    def event(uid: str, title: str, start: str, end: str) -> str:
        return (
            f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTART:{start}\r\nDTEND:{end}\r\nSUMMARY:{title}\r\n"
            "LOCATION:Room 2\r\nDESCRIPTION:An iCal talk.\r\nEND:VEVENT\r\n"
        )

    ics = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Ends Conf\r\n"
        + event("e1", "Endless ical talk", "20261022T170000Z", "20291022T170000Z")
        + event("e2", "Backwards ical talk", "20261022T200000Z", "20261022T190000Z")
        + event("e3", "Ordinary ical talk", "20261022T180000Z", "20261022T190000Z")
        + "END:VCALENDAR\r\n"
    )
    return {"ends.jsonl": jsonl(rows), "ends.ics": ics}


GRID_SCRIPT = r"""
import json, sys
import talkbase
from appviews.models import program
tb = talkbase.open(sys.argv[1])
talks = list(tb.kb.talks.values())
out = {}
for day in program.program_days(talks):
    grid = program.time_grid(talks, day)
    out[day.isoformat()] = grid.rows * grid.step if grid else 0
print(json.dumps(out))
"""


def attack_ends(ctx: Ctx17) -> Row:
    row = Row("17.5 explicit end years after the start")
    from datetime import datetime

    home = scratch(ctx, "ends")
    for name, text in _end_files().items():
        path = write(ctx.work / "ends-files", name, text)
        r = cli(home, "ingest", str(path))
        said = (r.out + r.err).splitlines()
        for title in ("Endless", "Backwards"):
            row.tried += 1
            kind = "table" if name.endswith("jsonl") else "ical"
            talk = f"{title} {kind} talk"
            if r.rc != 0 or not any(name in line and talk in line for line in said):
                row.fail(f"ingest {name}: no warning naming the file and {talk!r} ({r.brief()})")
    for t in exported(home) or []:
        row.tried += 1
        start, end = t["start_iso"], t["end_iso"]
        if start and end:
            hours = (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()
            hours /= 3600
            if t["title"].startswith("Ordinary") and hours != 1:
                row.fail(f"{t['title']}: its one-hour end is not kept ({start} -> {end})")
            elif not 0 <= hours <= 24:
                row.fail(f"{t['title']}: the end {end} is kept ({hours:.0f} hours after {start})")
        elif t["title"].startswith("Ordinary"):
            row.fail(f"{t['title']}: its end is lost")
    grid = py(home, GRID_SCRIPT, str(home))
    row.tried += 1
    if isinstance(grid, Result):
        row.fail(f"the program grid: {grid.brief()}")
    else:
        for day, minutes in grid.items():
            if minutes > 25 * 60:
                row.fail(f"the Program grid of {day} spans {minutes // 60} hours")
    return row


# 17.6 inverted time ranges


INVERTED = {  # as typed -> as a clock reads it
    ("3pm", "2pm"): ("15:00", "14:00"),
    ("15:00", "14:00"): ("15:00", "14:00"),
    ("5pm", "9am"): ("17:00", "09:00"),
    ("11am", "10am"): ("11:00", "10:00"),
}


def attack_inverted(ctx: Ctx17) -> Row:
    row = Row("17.6 inverted time ranges")
    queries = [f"kernels between {a} and {b}" for a, b in INVERTED]
    batch = write(ctx.work / "inverted-files", "queries.txt", "\n".join(queries) + "\n")
    r = cli(ctx.demo, "search", "--batch", str(batch), "--limit", "3")
    answers = [json.loads(line) for line in r.out.splitlines() if line.strip()] if r.rc == 0 else []
    for ((a, b), (clock_a, clock_b)), query in zip(INVERTED.items(), queries, strict=True):
        row.tried += 1
        answer = next((x for x in answers if x["query"] == query), None)
        if answer is None:
            row.fail(f"search --batch: no answer for {query!r} ({r.brief()})")
            continue
        times = _times_read(answer)
        if times:
            row.fail(f"{query!r} is read as {' '.join(times)}")
        said = cli(ctx.demo, "search", query, "--limit", "3")
        named = all(
            typed in said.err or clock in said.err for typed, clock in ((a, clock_a), (b, clock_b))
        )
        if said.rc not in (0, 1) or said.traceback or not named:
            row.fail(
                f"search {query!r} does not say back that it did not understand "
                f"'between {a} and {b}': {' / '.join(said.err.strip().splitlines())[:200] or '(nothing)'}"
            )
    row.tried += 1  # a range the right way round is still read
    ok = cli_batch(ctx.demo, "kernels between 2pm and 3pm")
    if ok != {"after 14:00", "before 15:00"}:
        row.fail(f"'kernels between 2pm and 3pm' is read as {ok}, not after 14:00, before 15:00")
    return row


def cli_batch(home: Path, query: str) -> set[str] | None:
    """The time limits `search --batch` reads out of one query."""
    path = write(home.parent / "batch-queries", "one.txt", query + "\n")
    r = cli(home, "search", "--batch", str(path), "--limit", "1")
    if r.rc != 0 or not r.out.strip():
        return None
    return set(_times_read(json.loads(r.out.splitlines()[0])))


def _times_read(answer: Mapping[str, Any]) -> list[str]:
    """The time filters a `search --batch` answer read out of its query."""
    filters = answer["understood"]["filters"]
    return [f"{name} {filters[name]}" for name in ("after", "before") if filters.get(name)]


# 17.7 NFC and NFD spellings are one speaker


def attack_unicode_forms(ctx: Ctx17) -> Row:
    import unicodedata

    row = Row("17.7 NFC / NFD names are one speaker")
    nfc = "José Núñez"
    nfd = unicodedata.normalize("NFD", nfc)
    room = "Sala Núñez"
    recs = [
        {
            "title": "Diseño de compiladores",
            "date": "2025-06-12",
            "start": "10:00",
            "end": "10:45",
            "room": room,
            "speakers": nfc,
            "abstract": "Compiladores.",
        },
        {
            "title": unicodedata.normalize("NFD", "Diseño de intérpretes"),
            "date": "2025-06-12",
            "start": "11:00",
            "end": "11:45",
            "room": unicodedata.normalize("NFD", room),
            "speakers": nfd,
            "abstract": "Intérpretes.",
        },
    ]
    home = scratch(ctx, "unicode")
    r = cli(home, "ingest", str(write(ctx.work / "unicode-files", "talks.jsonl", jsonl(recs))))
    talks = exported(home) or []
    row.tried += 1
    if r.rc != 0 or len(talks) != 2:
        row.fail(f"ingest: {len(talks)} talks ({r.brief()})")
        return row
    texts = [t["title"] for t in talks] + [t["room"] for t in talks]
    texts += [s["name"] for t in talks for s in t["speakers"]]
    row.tried += 1
    odd = [x for x in texts if x and unicodedata.normalize("NFC", x) != x]
    if odd:
        row.fail(f"not NFC after ingest: {[ascii(x) for x in odd]}")
    row.tried += 1
    stats = cli(home, "stats", "--json")
    n = json.loads(stats.out)["speakers"] if stats.rc == 0 else None
    if n != 1 or len(json.loads(stats.out)["rooms"]) != 1:
        row.fail(f"stats: {n} speakers and rooms {json.loads(stats.out)['rooms']}, not 1 and 1")
    row.tried += 1
    r = cli(home, "search", "", "--speaker", nfc, "--json")
    hits = [h["title"] for h in json.loads(r.out)] if r.rc == 0 else r.brief()
    if not isinstance(hits, list) or len(hits) != 2:
        row.fail(f"search --speaker {nfc!r} finds {hits}, not both talks")
    return row


# 17.8 `show ²` opens a talk


def attack_no_match(ctx: Ctx17) -> Row:
    row = Row("17.8 an argument with no real match")
    for args in (["show", "²"], ["show", "³"], ["similar", "²"]):
        row.tried += 1
        r = cli(ctx.demo, *args)
        problem = sentence_problem(r)
        if problem:
            first = r.out.strip().splitlines()[0][:80] if r.out.strip() else ""
            row.fail(f"{' '.join(args)}: {problem}{' (opened ' + first + ')' if first else ''}")
    row.tried += 1
    r = cli(ctx.demo, "show", "Monarch")
    if r.rc != 0 or "Monarch" not in r.out.split("\n", 1)[0]:
        row.fail(f"show Monarch (a real prefix) no longer opens the talk: {r.brief()}")
    return row


# 17.9 terminal control sequences in program text


def controls(text: str) -> list[str]:
    """The control characters a terminal would act on: C0 but newline and tab, ESC, C1."""
    bad = {
        ch
        for ch in text
        if (ord(ch) < 0x20 and ch not in "\n\t") or 0x7F <= ord(ch) <= 0x9F or ch == "\x1b"
    }
    return sorted(ascii(ch) for ch in bad)


def attack_terminal(ctx: Ctx17) -> Row:
    row = Row("17.9 terminal control sequences printed raw")
    recs = [
        {
            "title": "Clipboard \x1b]52;c;ZWNobyBwd25lZA==\x07 tricks \x1b]0;pwned\x07 for kernels",
            "date": "2026-10-21",
            "start": "11:00",
            "end": "11:30",
            "room": "Room \x1b[8mhidden\x1b[0m 7",
            "speakers": "Eve \x1b[2JMallory",
            "track": "Red \x9b31m track",
            "abstract": (
                "See \x1b]8;;http://evil.example/\x1b\\this link\x1b]8;;\x1b\\ about kernels. "
                "A bell\x07, a backspace\x08, a carriage return\r and \x1bc a reset."
            ),
        },
        {
            "title": "Plain kernels talk",
            "date": "2026-10-21",
            "start": "12:00",
            "end": "12:30",
            "room": "Room 8",
            "speakers": "Ada Byron",
            "track": "Systems",
            "abstract": "Fused kernels and clipboard managers.",
        },
    ]
    home = scratch(ctx, "terminal")
    path = write(ctx.work / "terminal-files", "evil.jsonl", jsonl(recs))
    runs: list[list[str]] = [
        ["ingest", str(path), "--conference", "Evil\x1b[5m Conf 2026"],
        ["search", "clipboard kernels"],
        ["search", "kernels", "--mode", "lexical"],
        ["show", "Clipboard"],
        ["similar", "Plain kernels talk"],
        ["stats"],
    ]
    for args in runs:
        row.tried += 1
        r = cli(home, *args)
        bad = controls(r.out + r.err)
        if r.rc != 0 or bad:
            row.fail(
                f"{' '.join(Path(a).name if '/' in a else a[:24] for a in args[:2])}: prints {bad} "
                f"({r.brief()})"
            )
        if args[0] == "show" and "Clipboard" not in r.out:
            row.fail(f"show Clipboard does not show the talk: {r.brief()}")
    return row


# 17.10 unbounded queries


CAPPED = (  # how a sentence says a query was capped (not "without these limits")
    r"too long|too many|at most|longer than|more than \d|shortened|truncat|cut (to|at|after)"
    r"|only the first|TALKBASE_MAX_QUERY"
)


def _operators(n: int) -> str:
    return " ".join(f"-w{i}" if i % 2 else f'"w{i}"' for i in range(n))


def attack_unbounded(ctx: Ctx17) -> Row:
    row = Row("17.10 unbounded queries")
    base = cli(ctx.demo, "search", "kernels")
    long_word = "x" * 120_000  # the longest one argument can be is 128 KiB
    batch = write(ctx.work / "unbounded-files", "long.txt", "y" * 200_000 + "\n")
    cases: dict[str, list[Arg]] = {
        "a 120,000-character word": ["search", long_word],
        "a 200,000-character line in --batch": ["search", "--batch", str(batch)],
        "8,000 operators": ["search", _operators(8000)],
    }
    for what, args in cases.items():
        row.tried += 1
        r = cli(ctx.demo, *args, timeout=120)
        said = r.err
        if args[1] == "--batch" and r.rc == 0 and r.out.strip():
            answer = json.loads(r.out.splitlines()[0])
            said += json.dumps({k: v for k, v in answer.items() if k not in ("query", "results")})
        if r.timed_out or r.traceback or r.rc not in (0, 1):
            row.fail(f"search with {what}: {r.brief()}")
        elif r.rc == 1 and sentence_problem(r, CAPPED):
            row.fail(f"search with {what}: {sentence_problem(r, CAPPED)}")
        elif r.rc == 0 and not re.search(CAPPED, said, re.IGNORECASE):
            row.fail(f"search with {what} runs without saying it was capped")
        if r.cpu > base.cpu + 2.5:
            row.fail(f"search with {what}: {r.cpu:.1f}s CPU (a plain query {base.cpu:.1f}s)")
    row.tried += 1
    listed = cli(ctx.demo, "settings")
    if not re.search(r"TALKBASE_\w*(QUERY|OPERATOR)\w*", listed.out):
        row.fail("no setting caps the query (no TALKBASE_*QUERY* / *OPERATOR* in `settings`)")
    runs = [{"q": "kernels"}, {"q": "fused kernels"}, {"q": "z" * 200_000}, {"q": _operators(8000)}]
    views = app_views(ctx.demo, runs)  # the first run opens the base: the second is the yardstick
    row.tried += 2
    if isinstance(views, str):
        row.fail(views)
        return row
    plain = views[1]
    for what, view in zip(("a 200,000-character word", "8,000 operators"), views[2:], strict=True):
        shown = "\n".join(text for kind, text in view["items"] if kind != "html" or len(text) < 400)
        if view["error"]:
            row.fail(f"app ?q= with {what}: {view['error']}")
        elif not re.search(CAPPED, shown, re.IGNORECASE):
            row.fail(f"app ?q= with {what}: nothing says the query was capped")
        if view["secs"] > plain["secs"] + 3:
            row.fail(
                f"app ?q= with {what}: {view['secs']:.1f}s to render (?q=kernels "
                f"{plain['secs']:.1f}s)"
            )
    return row


# 17.11 tb.sql() is read-only

SQL_SCRIPT = r"""
import json, sys
import talkbase
from talkbase.core.errors import TalkbaseError

home, cases = sys.argv[1], json.loads(sys.stdin.read())

def state(tb):
    hits = tb.search("kernels", k=10, mode="lexical")
    return [tb.talks().to_json(), tb.speakers().to_json(), [h.talk.id for h in hits]]

with talkbase.open(home) as tb:
    before = state(tb)
out = []
for query, params in cases:
    with talkbase.open(home) as tb:
        try:
            tb.sql(query, *params)
            said = "ran"
        except TalkbaseError as exc:
            said = "refused"
        except Exception as exc:
            said = f"raised {type(exc).__name__}: {str(exc)[:120]}"
        try:
            same = state(tb) == before
        except Exception as exc:
            same = f"{type(exc).__name__}: {str(exc)[:160]}"
    out.append([query, said, same])
print(json.dumps(out))
"""

SQL_WRITES = (  # must be refused, and change nothing
    "CREATE TEMP TABLE talks AS SELECT * FROM main.talks LIMIT 0",
    "CREATE TEMP VIEW talks AS SELECT * FROM main.talks LIMIT 1",
    "CREATE TEMP VIEW speakers AS SELECT * FROM main.speakers WHERE false",
    "  create temp view talks as select * from main.talks limit 1",
    "/* a comment */ CREATE TEMP VIEW talks AS SELECT * FROM main.talks LIMIT 1",
    "-- a comment\nSET default_order = 'DESC'",
    "SET default_null_order = 'nulls_first'",
    "SET default_order = 'DESC'",
    "PRAGMA default_null_order = 'nulls_first'",
    "ATTACH ':memory:' AS elsewhere",
)
SQL_SNEAKY = (  # look like reads: refused or not, they must change nothing
    "SELECT 1; CREATE TEMP VIEW talks AS SELECT * FROM main.talks LIMIT 1",
    "SELECT 1; SET default_order = 'DESC'",
    "WITH x AS (SELECT 1) SELECT * FROM x; SET default_null_order = 'nulls_first'",
    "EXPLAIN ANALYZE CREATE TEMP TABLE talks AS SELECT * FROM main.talks LIMIT 0",
)
SQL_READS: tuple[tuple[str, list[str]], ...] = (  # must run
    ("SELECT count(*) AS n FROM talks", []),
    ("select title from talks where room = ? order by title", ["210BF"]),
    ("WITH t AS (SELECT id FROM talks) SELECT count(*) FROM t", []),
    ("DESCRIBE talks", []),
    ("SHOW TABLES", []),
    ("EXPLAIN SELECT * FROM talks", []),
    ("SUMMARIZE talks", []),
)


def attack_sql(ctx: Ctx17) -> Row:
    row = Row("17.11 tb.sql() is read-only")
    cases = [[q, []] for q in SQL_WRITES + SQL_SNEAKY] + [[q, p] for q, p in SQL_READS]
    got = py(ctx.demo, SQL_SCRIPT, str(ctx.demo), stdin=json.dumps(cases))
    if isinstance(got, Result):
        row.fail(f"the SQL harness failed: {got.brief()}")
        return row
    for query, said, same in got:
        row.tried += 1
        shown = " ".join(query.split())[:70]
        if same is not True:
            row.fail(f"tb.sql({shown!r}) {said} and changed the session: {same}")
        if query in SQL_WRITES and said != "refused":
            row.fail(f"tb.sql({shown!r}) {said}, not refused")
        elif query in SQL_SNEAKY and said.startswith("raised"):
            row.fail(f"tb.sql({shown!r}) {said}, not a BadQuery")
        elif query in dict(SQL_READS) and said != "ran":
            row.fail(f"tb.sql({shown!r}), a read, {said}")
    return row


# 17.12 line separators in .ics descriptions

ICS_SCRIPT = r"""
import json, sys
import talkbase
from appviews.models import ics
with talkbase.open(sys.argv[1]) as tb:
    print(json.dumps(ics.calendar(list(tb.kb.talks.values()))))
"""


def attack_ics_lines(ctx: Ctx17) -> Row:
    row = Row("17.12 U+2028/2029/0085 in .ics export")
    inject = "END:VEVENT{0}BEGIN:VEVENT{0}UID:evil{0}SUMMARY:Injected{0}DTSTART:20261021T100000Z"
    recs = [
        {
            "title": "Safe title\u2028BEGIN:VEVENT\u2029SUMMARY:Injected title",
            "date": "2026-10-21",
            "start": "10:00",
            "end": "10:30",
            "room": "Room 1\u0085X-INJECTED:room",
            "speakers": "Ada Byron",
            "track": "Systems\u2029X-INJECTED:track",
            "abstract": " ".join(
                ["Opening words."]
                + [inject.format(sep) for sep in ("\u2028", "\u2029", "\u0085")]
                + ["Closing words."]
            ),
        },
        {
            "title": "Plain talk",
            "date": "2026-10-21",
            "start": "11:00",
            "end": "11:30",
            "room": "Room 1",
            "speakers": "Li Wei",
            "abstract": "Nothing odd here.",
        },
    ]
    home = scratch(ctx, "ics-lines")
    r = cli(home, "ingest", str(write(ctx.work / "ics-files", "separators.jsonl", jsonl(recs))))
    text = py(home, ICS_SCRIPT, str(home))
    row.tried += 1
    if r.rc != 0 or not isinstance(text, str):
        row.fail(
            f"ingest or export: {r.brief()} / {text.brief() if isinstance(text, Result) else ''}"
        )
        return row
    lines = text.splitlines()
    events = sum(1 for line in lines if line == "BEGIN:VEVENT")
    injected = [line for line in lines if re.match(r"(UID:evil|SUMMARY:Injected|X-INJECTED)", line)]
    if events != 2 or injected:
        row.fail(f"splitlines() on the .ics finds {events} events (not 2), and lines {injected}")
    return row


# 17.13 a non-UTF-8 byte in the query (the real model's tokenizer)


def attack_bad_bytes(ctx: Ctx17) -> Row:
    row = Row("17.13 a non-UTF-8 byte in the query")
    real = {"TALKBASE_MODEL": "", "TALKBASE_ENCODER": ""}  # the defaults: the bundled model
    home = scratch(ctx, "real-model")
    recs = _conf_files()["confA.jsonl"]
    r = cli(home, "ingest", str(write(ctx.work / "real-files", "a.jsonl", jsonl(recs))), env=real)
    if r.rc != 0:
        row.fail(f"building a base with the real model: {r.brief()}")
        return row
    queries: list[list[Arg]] = [
        ["search", b"\xff kernels"],
        ["search", "--", b"\xff kernels"],
        ["search", b"kernels \xfe\xff", "--mode", "dense", "--json"],
    ]
    for args in queries:
        row.tried += 1
        r = cli(home, *args, env=real)
        shown = " ".join(a if isinstance(a, str) else ascii(a)[1:] for a in args)
        if r.rc == 0 and not r.traceback:
            continue  # searched for what could be read
        problem = sentence_problem(r)
        if problem:
            row.fail(f"{shown}: {problem}")
    return row


# 17.14 / 17.15: a read-only mount and a full disk (a private mount namespace)


def in_namespace(setup: str, home: Path, steps: Sequence[Sequence[str]]) -> list[Result] | str:
    """Run `setup` (shell, as root in a private mount namespace), then each CLI step on
    `home` inside it. The results, or why the namespace could not be made."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return "no unshare(1)"
    spec = home.parent / f"{home.name}-steps.json"
    spec.write_text(json.dumps({"home": str(home), "steps": [list(s) for s in steps]}))
    flags = ["-m"] if os.geteuid() == 0 else ["-r", "-m"]
    script = f'{setup} && exec "$0" "$@"'
    cmd = [
        unshare,
        *flags,
        "--",
        "sh",
        "-c",
        script,
        sys.executable,
        __file__,
        "--steps",
        str(spec),
    ]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, timeout=600)
    if proc.returncode != 0:
        return f"cannot make the mount: {proc.stderr.decode('utf-8', 'replace').strip()[-200:]}"
    got = json.loads(proc.stdout.decode("utf-8").strip().splitlines()[-1])
    return [Result(g["rc"], g["out"], g["err"], g["cpu"], g["timed_out"]) for g in got]


def run_steps(spec: Path) -> int:
    """`--steps FILE`: run each CLI step of FILE on its home; print the results as JSON."""
    job = json.loads(spec.read_text())
    home = Path(job["home"])
    out = [vars(cli(home, *step)) for step in job["steps"]]
    print(json.dumps(out))
    return 0


def attack_read_only(ctx: Ctx17) -> Row:
    row = Row("17.14 a read-only base")
    home = scratch(ctx, "read-only", ctx.demo)
    doc = sorted(p.name for p in PROGRAMS.iterdir())[0]
    ics = write(ctx.work / "ro-files", "pyitalia.ics", ITALIAN_ICS)
    setup = f"mount --bind {home} {home} && mount -o remount,bind,ro {home}"
    reads = [["search", "kernels", "--json", "--limit", "20"], ["stats"], ["check"]]
    writes = [["ingest", str(ics)], ["remove", doc], ["check", "--repair"]]
    got = in_namespace(setup, home, [*reads, *writes, reads[0]])
    if isinstance(got, str):
        row.notes.append(f"skipped: {got}")
        return row
    for args, r in zip([*reads, *writes, reads[0]], got, strict=True):
        row.tried += 1
        what = " ".join(args[:2])
        if args in reads:
            if r.rc != 0:
                row.fail(f"{what} on a read-only base: {r.brief()}")
            elif args[0] == "search" and [h["id"] for h in json.loads(r.out)] != ctx.demo_search:
                row.fail(f"{what} on a read-only base gives another answer")
        else:
            problem = sentence_problem(r, r"read-only|read only")
            if problem:
                row.fail(f"{what} on a read-only base: {problem}")
    row.lost = len(ctx.demo_ids - (ids(home) or set()))
    return row


def attack_full_disk(ctx: Ctx17) -> Row:
    row = Row("17.15 a full disk during ingest")
    source = ctx.schedules / "fosdem2024.xml"
    if not source.is_file():
        row.notes.append(f"skipped: {source} is missing")
        return row
    home = scratch(ctx, "full-disk")
    used = sum(p.stat().st_size // 4096 + 2 for p in ctx.demo.rglob("*")) * 4
    setup = f"mount -t tmpfs -o size={used + 768}k tmpfs {home} && cp -a {ctx.demo}/. {home}/"
    steps = [["ingest", str(source)], ["export"], ["check"]]
    got = in_namespace(setup, home, steps)
    if isinstance(got, str):
        row.notes.append(f"skipped: {got}")
        return row
    ingest, export, check = got
    row.tried += 1
    if ingest.rc == 0:
        row.fail("the ingest did not run out of space (the scratch disk is too big)")
    else:
        problem = sentence_problem(ingest, r"full|no space|out of space", re.escape(str(home)))
        if problem:
            row.fail(f"ingest on a full disk: {problem}")
    row.tried += 1
    after = {json.loads(line)["id"] for line in export.out.splitlines() if line.strip()}
    row.lost = len(ctx.demo_ids - after) if export.rc == 0 else len(ctx.demo_ids)
    if export.rc != 0 or check.rc != 0 or row.lost:
        row.fail(
            f"the old base after the full disk: export {export.brief()}, check {check.brief()}"
        )
    return row


# 17.16 TALKBASE_HOME pointing at a regular file


def attack_home_file(ctx: Ctx17) -> Row:
    row = Row("17.16 TALKBASE_HOME is a regular file")
    spot = ctx.work / "home-file"
    shutil.rmtree(spot, ignore_errors=True)
    home = write(spot, "not-a-folder", "my notes\n")
    ics = write(spot, "pyitalia.ics", ITALIAN_ICS)
    runs: list[tuple[list[Arg], bool]] = [
        (["ingest", str(ics)], False),
        (["search", "kernels"], False),
        (["stats"], False),
        (["check"], False),
        (["check", "--repair"], False),
        (["remove", "pyitalia.ics"], False),
        (["export"], False),
        (["ingest", str(ics)], True),
        (["search", "kernels"], True),
    ]
    for args, flag in runs:
        row.tried += 1
        r = cli(home, *args, home_flag=flag)
        where = "--home" if flag else "TALKBASE_HOME"
        problem = sentence_problem(r, re.escape(str(home)), where="all")
        if args[0] == "check" and r.rc == 1 and not r.traceback and not r.err.strip():
            problem = None if str(home) in r.out and not ERRNO.search(r.out) else r.out[-160:]
        if problem:
            row.fail(f"{where}=FILE {' '.join(map(str, args[:2]))}: {problem}")
    row.tried += 1
    if home.read_text() != "my notes\n":
        row.fail("the file TALKBASE_HOME named was changed")
    return row


# 17.17 a 1 MB filter value through the API

FILTER_SCRIPT = r"""
import json, sys, time
import talkbase
from talkbase.api import FILTERS
from talkbase.core.errors import TalkbaseError
big = "x" * 1_000_000
out = []
with talkbase.open(sys.argv[1]) as tb:
    seed = next(iter(tb.kb.talks))
    calls = [(f"search {name}", lambda n=name: tb.search("kernels", **{n: big})) for name in FILTERS]
    calls.append(("similar org", lambda: tb.similar(seed, org=big)))
    for what, call in calls:
        t0 = time.perf_counter()
        try:
            said = f"{len(call())} results"
        except TalkbaseError as exc:
            text = str(exc)
            said = "error" if len(text) < 500 and "\n" not in text else f"error of {len(text)} chars"
        except Exception as exc:
            said = f"raised {type(exc).__module__}.{type(exc).__name__}: {str(exc)[:100]}"
        out.append([what, said, time.perf_counter() - t0])
print(json.dumps(out))
"""


def attack_big_filter(ctx: Ctx17) -> Row:
    row = Row("17.17 a 1 MB filter value through the API")
    got = py(ctx.demo, FILTER_SCRIPT, str(ctx.demo))
    if isinstance(got, Result):
        row.fail(f"the API harness failed: {got.brief()}")
        return row
    for what, said, secs in got:
        row.tried += 1
        if said.startswith(("raised", "error of")):
            row.fail(f"{what}=<1 MB>: {said}")
        if secs > 10:
            row.fail(f"{what}=<1 MB>: {secs:.0f}s")
    return row


# 17.18 the manifest's format version


def _set_format(home: Path, value: object) -> None:
    current = (home / "CURRENT").read_text().strip()
    path = home / "builds" / current / "manifest.json"
    manifest = json.loads(path.read_text())
    manifest["format_version"] = value
    path.write_text(json.dumps(manifest, indent=2, sort_keys=True))


def attack_format_version(ctx: Ctx17) -> Row:
    row = Row("17.18 the manifest's format version")
    ics = write(ctx.work / "format-files", "pyitalia.ics", ITALIAN_ICS)
    home = scratch(ctx, "format-99", ctx.demo)
    _set_format(home, 99)
    before = snapshot(home)
    for args in (["search", "kernels"], ["stats"], ["export"], ["ingest", str(ics)], ["check"]):
        row.tried += 1
        r = cli(home, *args)
        if args[0] == "check":
            said = r.out + r.err
            if r.rc != 1 or r.traceback or not re.search(r"newer talkbase", said, re.I):
                row.fail(f"check of a format-99 build: {r.brief()} {r.out.strip()[-120:]}")
        else:
            problem = sentence_problem(r, r"newer talkbase")
            if problem:
                row.fail(f"{args[0]} on a format-99 build: {problem}")
    if snapshot(home) != before:
        row.fail("a format-99 base was changed")
    for value in ("3", "x", 1):
        home = scratch(ctx, "format-odd", ctx.demo)
        _set_format(home, value)
        row.tried += 3
        search, ingest, check = (
            cli(home, "search", "kernels"),
            cli(home, "ingest", str(ics)),
            cli(home, "check"),
        )
        for what, r in (("search", search), ("ingest", ingest), ("check", check)):
            if r.traceback:
                row.fail(f"{what} with format_version {value!r}: {r.brief()}")
        if value == "x":
            for what, r in (("search", search), ("ingest", ingest)):
                if sentence_problem(r):
                    row.fail(f"{what} with format_version 'x': {sentence_problem(r)}")
        if value == 1:
            for what, r in (("search", search), ("ingest", ingest)):
                if r.rc != 0 and sentence_problem(r, r"rebuild|--replace|ingest"):
                    row.fail(f"{what} with format_version 1: {sentence_problem(r, 'rebuild')}")
        works = ingest.rc == 0 and search.rc == 0
        if (check.rc == 0) != works:
            row.fail(
                f"format_version {value!r}: check says {'whole' if check.rc == 0 else 'damaged'}"
                f" but search {search.brief()}, ingest {ingest.brief()}"
            )
        elif not works and sentence_problem(ingest):
            row.fail(f"ingest with format_version {value!r}: {sentence_problem(ingest)}")
    return row


# 17.19 settings that are not numbers or names


def attack_settings(ctx: Ctx17) -> Row:
    row = Row("17.19 nan and unknown setting values")
    cases = {
        "TALKBASE_LEXICAL_WEIGHT": ("nan", "abc"),
        "TALKBASE_FUSION": ("bogus",),
        "TALKBASE_DENSE_FLOOR": ("nan",),
        "TALKBASE_MATCH_FLOOR": ("nan",),
    }
    for env, values in cases.items():
        for value in values:
            row.tried += 1
            r = cli(ctx.demo, "search", "kernels", env={env: value})
            problem = sentence_problem(r, re.escape(env))
            if problem:
                row.fail(f"{env}={value} search kernels: {problem}")
    return row


ATTACKS17: dict[str, Callable[[Ctx17], Row]] = {
    "17.1": attack_merge,
    "17.1+2": attack_fosdem_days,
    "17.2": attack_ids,
    "17.3": attack_markdown_days,
    "17.4": attack_now_next,
    "17.5": attack_ends,
    "17.6": attack_inverted,
    "17.7": attack_unicode_forms,
    "17.8": attack_no_match,
    "17.9": attack_terminal,
    "17.10": attack_unbounded,
    "17.11": attack_sql,
    "17.12": attack_ics_lines,
    "17.13": attack_bad_bytes,
    "17.14": attack_read_only,
    "17.15": attack_full_disk,
    "17.16": attack_home_file,
    "17.17": attack_big_filter,
    "17.18": attack_format_version,
    "17.19": attack_settings,
}


# ----------------------------------------------------------------------------------------


def _round4() -> dict[str, tuple[str, Callable[[Path], Row]]]:
    """Issue 35's attacks (bench/round4/), by key: 35.AREA.CASE -> (what, attack)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import round4

    return round4.load()


def _areas(keys: Mapping[str, object]) -> list[str]:
    return sorted({".".join(k.split(".")[:2]) for k in keys})


def _scratch(folder: Path) -> Path:
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--kills", type=int, default=12, help="kill -9 points (default 12)")
    p.add_argument("--reingests", type=int, default=14, help="re-ingests under readers (14)")
    p.add_argument("--readers", type=int, default=3, help="concurrent reader processes (3)")
    p.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="size of the quadratic inputs relative to the issue's (1.0)",
    )
    p.add_argument(
        "--repeats",
        type=int,
        default=2,
        help="timings of each quadratic input; the least counts (2)",
    )
    round4 = _round4()
    p.add_argument(
        "--only",
        nargs="+",
        choices=(*ISSUE11, "issue11", "issue17", *ATTACKS17, "issue35", *round4, *_areas(round4)),
        metavar="NAME",
        help="run only these: " + ", ".join(ISSUE11) + " (issue11: all five), "
        "17.1 ... 17.19 and 17.1+2 (issue17: all of them), "
        "35.AREA or 35.AREA.CASE (issue35: all of bench/round4/)",
    )
    p.add_argument(
        "--schedules",
        type=Path,
        default=SCHEDULES,
        help=f"folder with fosdem2024.xml (default {SCHEDULES})",
    )
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--workdir", type=Path, default=Path("/tmp/attack/run"))
    p.add_argument("--steps", type=Path, help=argparse.SUPPRESS)  # inside a mount namespace
    args = p.parse_args(argv)
    if args.steps:
        return run_steps(args.steps)
    chosen = set(args.only or ("issue11", "issue17", "issue35"))
    old = [k for k in ISSUE11 if k in chosen or "issue11" in chosen]
    new = [k for k in ATTACKS17 if k in chosen or "issue17" in chosen]
    fourth = [
        k
        for k in round4
        if "issue35" in chosen or k in chosen or ".".join(k.split(".")[:2]) in chosen
    ]
    ctx = Context(args.workdir, random.Random(args.seed))
    shutil.rmtree(ctx.work, ignore_errors=True)
    ctx.work.mkdir(parents=True)
    start = time.perf_counter()
    runs: dict[str, Callable[[], Row]] = {
        "kills": lambda: exp_kills(ctx, args.kills),
        "readers": lambda: exp_readers(ctx, args.reingests, args.readers),
        "damaged": lambda: exp_damaged(ctx),
        "hostile": lambda: exp_hostile(ctx),
        "quadratic": lambda: exp_quadratic(ctx, args.scale, args.repeats),
    }
    if old:
        prepare(ctx)
    if new:
        ctx17 = Ctx17(ctx.work / "issue17", schedules=args.schedules)
        prepare17(ctx17)
        for key in new:
            runs[key] = functools.partial(ATTACKS17[key], ctx17)
    for key in fourth:
        runs[key] = functools.partial(round4[key][1], _scratch(ctx.work / "issue35" / key))
    rows = []
    for key in (*old, *new, *fourth):
        t0 = time.perf_counter()
        try:
            rows.append(runs[key]())
        except Exception as exc:  # an attack that breaks is a failure, not the end of the run
            rows.append(Row(key, 1, [f"the attack itself broke: {type(exc).__name__}: {exc}"]))
        rows[-1].notes.append(f"{time.perf_counter() - t0:.0f}s")
        sys.stderr.write(f"{key}: done in {time.perf_counter() - t0:.0f}s\n")
    width = max(len(r.name) for r in rows)
    facts = []
    if old:
        facts.append(
            f"base: {len(ctx.old_ids)} talks in two builds; re-ingest adds "
            f"{ctx.new_count - len(ctx.old_ids)} (ingest {ctx.ingest_secs:.1f}s)"
        )
    print(
        f"\n{'; '.join([*facts, 'TALKBASE_MODEL=hashing'])}; "
        f"{time.perf_counter() - start:.0f}s in all\n"
    )
    print(f"{'experiment':{width}} | {'tried':>5} | {'failures':>8} | data lost")
    print(f"{'-' * width}-|-------|----------|----------")
    for r in rows:
        print(
            f"{r.name:{width}} | {r.tried:5d} | {len(r.failures):8d} | "
            f"{r.lost} talk{'s' * (r.lost != 1)}"
        )
    for r in rows:
        print(f"\n{r.name}: " + "; ".join(r.notes))
        for f in r.failures:
            print(f"  FAIL {f}")
    return 1 if any(r.failures or r.lost for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())

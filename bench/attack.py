"""Re-run issue 11's attack experiments against the real `talkbase` CLI.

    .venv/bin/python bench/attack.py [--kills 12] [--reingests 14] [--readers 3] ...

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

It prints `experiment | tried | failures | data lost` and every failure found.
The machine is shared: times are CPU times of the child, compared within a run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "data" / "programs"
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


def _command(home: Path, args: Sequence[Arg]) -> list[Arg]:
    return [sys.executable, "-m", "talkbase.cli", "--home", str(home), *args]


def cli(home: Path, *args: Arg, timeout: float = 180) -> Result:
    """Run the CLI; the result carries the child's CPU time (user + system)."""
    proc = subprocess.Popen(
        _command(home, args),
        cwd=ROOT,
        env=_env(home),
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


# ----------------------------------------------------------------------------------------


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
    p.add_argument(
        "--only",
        nargs="+",
        choices=("kills", "readers", "damaged", "hostile", "quadratic"),
        help="run only these",
    )
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--workdir", type=Path, default=Path("/tmp/attack/run"))
    args = p.parse_args(argv)
    ctx = Context(args.workdir, random.Random(args.seed))
    shutil.rmtree(ctx.work, ignore_errors=True)
    ctx.work.mkdir(parents=True)
    start = time.perf_counter()
    prepare(ctx)
    runs: dict[str, Callable[[], Row]] = {
        "kills": lambda: exp_kills(ctx, args.kills),
        "readers": lambda: exp_readers(ctx, args.reingests, args.readers),
        "damaged": lambda: exp_damaged(ctx),
        "hostile": lambda: exp_hostile(ctx),
        "quadratic": lambda: exp_quadratic(ctx, args.scale, args.repeats),
    }
    rows = []
    for key, run in runs.items():
        if args.only and key not in args.only:
            continue
        t0 = time.perf_counter()
        rows.append(run())
        rows[-1].notes.append(f"{time.perf_counter() - t0:.0f}s")
        sys.stderr.write(f"{key}: done in {time.perf_counter() - t0:.0f}s\n")
    width = max(len(r.name) for r in rows)
    print(
        f"\nbase: {len(ctx.old_ids)} talks in two builds; re-ingest adds "
        f"{ctx.new_count - len(ctx.old_ids)} (ingest {ctx.ingest_secs:.1f}s); "
        f"TALKBASE_MODEL=hashing; {time.perf_counter() - start:.0f}s in all\n"
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

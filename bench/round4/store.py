"""Issue 35's data-loss attacks on what a base keeps: two programs that share a file
name (frab and pretalx export every conference as schedule.xml) and a program file
cut short (a download or a save in progress) never drop a conference."""

from __future__ import annotations

import shutil
from pathlib import Path

import attack as a

from round4 import attack


def _count(home: Path) -> int | None:
    r = a.cli(home, "export", "--format", "jsonl")
    return len([x for x in r.out.splitlines() if x.strip()]) if r.rc == 0 else None


def _real(name: str) -> Path | None:
    path = a.SCHEDULES / name
    return path if path.exists() else None


@attack("store.same-name", "two programs called schedule.xml from two folders keep both")
def same_name(work: Path) -> a.Row:
    row = a.Row("35.store.same-name")
    old, new = _real("fosdem2019.xml"), _real("fosdem2024.xml")
    if old is None or new is None:
        row.notes.append("needs ../shared/schedules/fosdem2019.xml and fosdem2024.xml; skipped")
        return row
    files = []
    for year, src in (("2019", old), ("2024", new)):
        folder = work / year / "export"
        folder.mkdir(parents=True)
        files.append(shutil.copy(src, folder / "schedule.xml"))
    each: list[int] = []
    for f in files:  # alone first: how many talks each holds
        home = work / f"alone-{len(each)}"
        a.cli(home, "ingest", str(f))
        each.append(_count(home) or 0)
    want = sum(each)
    for how, commands in (
        ("two commands", [[str(files[0])], [str(files[1])]]),
        ("one command", [[str(files[0]), str(files[1])]]),
    ):
        row.tried += 1
        home = work / how.replace(" ", "-")
        rcs = [a.cli(home, "ingest", *c).rc for c in commands]
        got = _count(home) or 0
        if any(rcs) or got != want:
            row.fail(f"{how}: rc {rcs}, {got} talks of {want} ({each[0]} + {each[1]})")
            row.lost += max(0, want - got)
    return row


def _cut(text: str, share: float) -> str:
    """The first `share` of a file's lines, as a download stopped there leaves it."""
    lines = text.splitlines(keepends=True)
    return "".join(lines[: int(len(lines) * share)])


@attack("store.cut-file", "an .ics, JSONL or CSV program cut in half never replaces the program")
def cut_file(work: Path) -> a.Row:
    row = a.Row("35.store.cut-file")
    sources: dict[str, str] = {}
    moca = _real("moca2024.ics")
    if moca is not None:
        sources["program.ics"] = moca.read_text(encoding="utf-8")
    base = work / "jsonl-base"
    demo = a.PROGRAMS
    a.cli(base, "ingest", str(demo))
    sources["program.jsonl"] = a.cli(base, "export", "--format", "jsonl").out
    sources["program.csv"] = a.cli(base, "export", "--format", "csv").out
    for name, text in sources.items():
        row.tried += 1
        home = work / f"home-{name}"
        path = a.write(work / f"in-{name}", name, text)
        if a.cli(home, "ingest", str(path)).rc != 0:
            row.fail(f"{name}: the whole file was not ingested")
            continue
        whole = _count(home) or 0
        path.write_text(_cut(text, 0.5), encoding="utf-8")
        r = a.cli(home, "ingest", str(path))
        got = _count(home) or 0
        if got < whole:
            row.fail(f"{name} cut in half: rc {r.rc}, {whole} -> {got} talks")
            row.lost += whole - got
        elif r.rc == 0:
            row.fail(f"{name} cut in half: accepted with exit 0 and nothing said")
        elif not r.one_sentence():
            row.fail(f"{name} cut in half: not one sentence: {r.brief()}")
    return row

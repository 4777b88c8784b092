"""Two programs of one file name in two folders ("vienna/schedule.csv",
"porto/schedule.csv"), neither naming its conference, are two conferences
("vienna/schedule", "porto/schedule"), never one that merges their talks (sweep 5,
22); a new version of one keeps its conference and its talks' ids."""

from __future__ import annotations

import json
from pathlib import Path

from talkbase.cli import main

HEAD = "title,speakers,date,start,end,room\n"


def _write(folder: Path, rows: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "schedule.csv"
    path.write_text(HEAD + rows, encoding="utf-8")
    return path


def _export(capsys, home: Path) -> list[dict]:
    capsys.readouterr()
    assert main(["--home", str(home), "export"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_two_programs_of_one_file_name_are_two_conferences(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Vienna")
    docs = tmp_path / "docs"
    _write(
        docs / "vienna",
        "Opening keynote,Anna Huber,2026-05-04,09:00,09:30,Saal 1\n"
        "Rust at scale,Max Gruber,2026-05-04,10:00,10:30,Saal 2\n",
    )
    _write(
        docs / "porto",
        "Opening keynote,Rui Costa,2026-05-04,09:00,09:30,Sala 1\n"
        "Serverless na prática,Ana Lima,2026-05-04,10:00,10:30,Sala 2\n",
    )
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(docs)]) == 0
    said = capsys.readouterr().out
    assert 'conference "vienna/schedule" (from the file name' in said
    talks = _export(capsys, home)
    assert len(talks) == 4
    by = {(t["title"], t["conference"]) for t in talks}
    assert ("Opening keynote", "vienna/schedule") in by and (
        "Opening keynote",
        "porto/schedule",
    ) in by
    ids = {t["title"]: t["id"] for t in talks if t["conference"] == "vienna/schedule"}
    # a new version of Vienna's program: its conference and its talks' ids stay
    _write(
        docs / "vienna",
        "Opening keynote,Anna Huber,2026-05-04,09:00,09:30,Saal 1\n"
        "Rust at scale,Max Gruber,2026-05-04,11:00,11:30,Saal 2\n",
    )
    assert main(["--home", str(home), "ingest", str(docs / "vienna" / "schedule.csv")]) == 0
    again = {t["title"]: t for t in _export(capsys, home) if t["conference"] == "vienna/schedule"}
    assert {k: v["id"] for k, v in again.items()} == ids
    assert again["Rust at scale"]["start"] == "11:00"

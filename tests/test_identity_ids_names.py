"""Which talks and documents are one (ingest/merge/same.py, index/build/identity.py): an
id reused by another talk joins nothing, a title twice on two days is two showings,
row numbers are no ids, a conference name with an addition is the same conference,
and a browser's re-download keeps the conference named after the file."""

from __future__ import annotations

import json
from pathlib import Path

from talkbase.cli import main

HEAD = "id,date,time,title,speaker,room\n"


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _ingest(home: Path, *args: object) -> None:
    assert main(["--home", str(home), "ingest", *map(str, args)]) == 0


def _export(capsys, home: Path) -> list[dict]:
    capsys.readouterr()
    assert main(["--home", str(home), "export"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_a_row_id_reused_by_two_day_files_joins_no_two_talks(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    _write(
        tmp_path / "docs" / "day1.csv",
        HEAD + "talk-01,2025-06-10,09:00,Scaling Postgres at work,Jane Doe,Room A\n",
    )
    _write(
        tmp_path / "docs" / "day2.csv",
        HEAD + "talk-01,2025-06-11,09:00,Rust in the kernel,Alice Brown,Room A\n",
    )
    home = tmp_path / "home"
    _ingest(home, tmp_path / "docs", "--conference", "DevConf")
    talks = _export(capsys, home)  # before: one talk, "Rust in the kernel" lost
    assert sorted(t["title"] for t in talks) == ["Rust in the kernel", "Scaling Postgres at work"]
    assert not any(t["conflicts"] for t in talks)


def test_a_stable_id_still_joins_a_talk_moved_to_another_day(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    _write(
        tmp_path / "docs" / "a.csv",
        HEAD + "talk-01,2025-06-10,09:00,Scaling Postgres at work,Jane Doe,Room A\n",
    )
    _write(
        tmp_path / "docs" / "b.csv",
        HEAD + "talk-01,2025-06-11,09:00,Scaling Postgres at work,Jane Doe,Room A\n",
    )
    home = tmp_path / "home"
    _ingest(home, tmp_path / "docs", "--conference", "DevConf")
    talks = _export(capsys, home)
    assert len(talks) == 1 and any(c["field"] == "start" for c in talks[0]["conflicts"])


def test_a_talk_two_track_sheets_put_on_two_days_is_two_showings(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    head = "date,time,title,speaker,room\n"
    _write(
        tmp_path / "docs" / "track-a.csv",
        head + "2025-06-10,09:00,Rust for beginners,Jane Doe,Main Stage\n"
        "2025-06-11,09:00,Typing Python at scale,Ann Lee,Main Stage\n",
    )
    _write(
        tmp_path / "docs" / "track-b.csv",
        head + "2025-06-10,10:00,Accessible web forms,Kim Ng,Side Stage\n"
        "2025-06-11,15:00,Rust for beginners,Jane Doe,Side Stage\n",
    )
    home = tmp_path / "home"
    _ingest(home, tmp_path / "docs", "--conference", "DevConf")
    rust = [t for t in _export(capsys, home) if t["title"] == "Rust for beginners"]
    assert sorted((t["day"], t["start"]) for t in rust) == [
        ("2025-06-10", "09:00"),
        ("2025-06-11", "15:00"),
    ]  # before: one talk, the 11 June showing only a conflict


ROWS = [
    ("2025-06-10", "09:00", "Scaling Postgres at work", "Jane Doe"),
    ("2025-06-10", "10:00", "Observability for humans", "John Smith"),
    ("2025-06-10", "11:00", "Rust in the kernel", "Alice Brown"),
    ("2025-06-10", "12:00", "Typing Python at scale", "Ann Lee"),
    ("2025-06-10", "14:00", "Serverless pitfalls", "Bo Chen"),
    ("2025-06-10", "15:00", "Accessible web forms", "Kim Ng"),
]


def _numbered(path: Path, rows: list[tuple[str, str, str, str]]) -> Path:
    lines = [f"{n},{d},{h},{t},{s},Room A" for n, (d, h, t, s) in enumerate(rows, 1)]
    return _write(path, HEAD + "\n".join(lines) + "\n")


def test_row_numbers_shifted_by_an_inserted_talk_do_not_make_another_program(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    _ingest(home, _numbered(tmp_path / "a" / "schedule.csv", ROWS))
    welcome = ("2025-06-10", "08:30", "Welcome and opening", "Carol King")
    changed = [welcome, *ROWS[:4], ROWS[5]]  # every id shifts; one talk cancelled
    _ingest(home, _numbered(tmp_path / "b" / "schedule.csv", changed))
    titles = sorted(t["title"] for t in _export(capsys, home))
    assert titles == sorted(t for _, _, t, _ in changed)  # before: 7, kept beside


def _markdown(path: Path, heading: str, rows: list[tuple[str, str, str, str]]) -> Path:
    table = "\n".join(f"| {h} | {t} | {s} | Room A |" for _, h, t, s in rows)
    return _write(
        path,
        f"# {heading}\n\n## Tuesday 10 June 2025\n\n"
        "| Time | Title | Speaker | Room |\n|------|-------|---------|------|\n" + table + "\n",
    )


def test_a_conference_name_with_an_addition_is_the_same_conference(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    _ingest(home, _markdown(tmp_path / "a" / "program.md", "DevConf 2025 Programme", ROWS[:4]))
    moved = [*ROWS[:2], ("2025-06-10", "11:30", "Rust in the kernel", "Alice Brown")]
    heading = "DevConf 2025 Programme (updated 3 June)"
    _ingest(home, _markdown(tmp_path / "b" / "program.md", heading, moved))
    talks = _export(capsys, home)  # before: kept beside, 7 talks
    assert sorted(t["title"] for t in talks) == sorted(t for _, _, t, _ in moved)


def test_another_conference_name_is_still_another_program(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    _ingest(home, _markdown(tmp_path / "a" / "program.md", "DevConf 2025 Programme", ROWS[:4]))
    # (one letter apart; not "DevConf 2025 Programmes": the heading's program word is
    # no part of the name, docs/formats.md, Sweep 21, so that is "DevConf 2025" with an
    # addition)
    _ingest(home, _markdown(tmp_path / "b" / "program.md", "DevCon 2025 Programme", ROWS[:4]))
    assert len(_export(capsys, home)) == 8


def test_a_redownload_keeps_the_conference_named_after_the_file(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    _ingest(home, _numbered(tmp_path / "schedule.csv", ROWS[:5]))
    before = {t["title"]: t["id"] for t in _export(capsys, home)}
    _ingest(home, _numbered(tmp_path / "schedule (1).csv", ROWS[:4]))
    talks = _export(capsys, home)
    assert {t["conference"] for t in talks} == {"schedule"}  # before: "schedule (1)"
    assert {t["title"]: t["id"] for t in talks} == {k: before[k] for _, _, k, _ in ROWS[:4]}

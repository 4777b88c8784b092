"""Sweep 9: documents of one program under other names, a zone a document names over
the default one, and what export writes (index/build/kindred.py, identity.other_days,
ingest/merge/precedence.py's `guessed`, talkbase/cli.py's export)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import duckdb

from index.build.builder import ingest
from index.store.disk import current
from talkbase.cli import main

HEAD = "Date,Start,End,Title,Speakers,Room\n"
V1 = HEAD + (
    "2026-09-10,09:00,09:45,The state of WebAssembly,Lin Clark,Auditorium\n"
    "2026-09-10,10:00,10:40,Component model deep dive,Luke Wagner,Room 1\n"
    "2026-09-10,11:00,11:40,Wasm in the browser beyond JS,Surma,Room 1\n"
    "2026-09-10,14:00,14:40,Running Wasm on microcontrollers,Kate Goldenring,Room 2\n"
    "2026-09-11,09:30,10:10,Garbage collection in practice,Andy Wingo,Auditorium\n"
)
# the same program, a week later
LATER = V1.replace("2026-09-10", "2026-09-17").replace("2026-09-11", "2026-09-18")


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _db(home: Path) -> str:
    build = current(home)
    assert build is not None
    return str(build.db_path)


def _talks(home: Path) -> list[tuple[str, str, str]]:
    con = duckdb.connect(_db(home), read_only=True)
    try:
        rows = con.execute("SELECT conference, title, start_time FROM talks ORDER BY ALL")
        return [(str(c), str(t), str(s)) for c, t, s in rows.fetchall()]
    finally:
        con.close()


def test_a_new_version_under_another_name_merges_with_the_stored_one(tmp_path, hashing_embedder):
    home = tmp_path / "kb"
    ingest([_write(tmp_path / "v1", "program.csv", V1)], home, hashing_embedder)
    final = V1.replace("Room 1\n2026-09-10,11:00", "Room 3\n2026-09-10,11:00").replace(
        "11:00,11:40,Wasm", "16:00,16:40,Wasm"
    )
    final = final.replace("Running Wasm on microcontrollers", "WASI and async")
    report = ingest([_write(tmp_path, "program-final.csv", final)], home, hashing_embedder)
    talks = _talks(home)
    # one talk per talk: 5 stored, and the one talk only the new version has
    assert len(talks) == 6 and report.talks == 6
    assert {c for c, _, _ in talks} == {"program"}
    said = [n for n in report.notices if "program-final.csv" in n and "program.csv" in n]
    assert said and "under another name" in said[0] and "neither replaces" in said[0]
    assert report.conflicts >= 2  # the room and the time moved: every value kept


def test_a_program_moved_a_week_in_another_folder_is_kept_and_said(tmp_path, hashing_embedder):
    home = tmp_path / "kb"
    ingest([_write(tmp_path / "berlin", "schedule.csv", V1)], home, hashing_embedder)
    report = ingest(
        [_write(tmp_path / "v3" / "berlin", "schedule.csv", LATER)], home, hashing_embedder
    )
    assert len(_talks(home)) == 10  # both dates kept: a program given twice loses nothing
    said = next(n for n in report.notices if "kept beside it" in n)
    assert "2026-09-17" in said and "2026-09-10" in said
    assert "talkbase remove schedule.csv" in said


def test_a_program_moved_a_week_under_another_name_is_said(tmp_path, hashing_embedder):
    home = tmp_path / "kb"
    ingest([_write(tmp_path, "schedule-v1.csv", V1)], home, hashing_embedder)
    report = ingest([_write(tmp_path, "schedule.csv", LATER)], home, hashing_embedder)
    said = [n for n in report.notices if "schedule-v1.csv" in n]
    assert said and "2026-09-17" in said[0] and "talkbase remove schedule-v1.csv" in said[0]


STATED = (
    "Conference,"
    + HEAD.replace("\n", "")
    + "\n"
    + "".join(f"DevConf 2026,{line}\n" for line in V1.splitlines()[1:4])
)


def test_a_document_named_after_its_file_takes_the_stated_conference(tmp_path, hashing_embedder):
    home = tmp_path / "kb"
    report = ingest(
        [_write(tmp_path, "all-data.csv", V1), _write(tmp_path, "calendar.csv", STATED)],
        home,
        hashing_embedder,
    )
    talks = _talks(home)
    assert len(talks) == 5 and {c for c, _, _ in talks} == {"DevConf 2026"}
    assert report.merged == 3


def test_a_stored_document_named_after_its_file_takes_a_stated_one(tmp_path, hashing_embedder):
    home = tmp_path / "kb"
    ingest([_write(tmp_path, "all-data.csv", V1)], home, hashing_embedder)
    report = ingest([_write(tmp_path, "calendar.csv", STATED)], home, hashing_embedder)
    talks = _talks(home)
    assert len(talks) == 5 and {c for c, _, _ in talks} == {"DevConf 2026"}
    assert report.merged == 3
    # and the next ingest (a change in place) keeps it so
    again = ingest([_write(tmp_path, "extra.csv", STATED)], home, hashing_embedder)
    assert again.talks == 5


def test_two_stated_conferences_stay_two_and_it_is_said(tmp_path, hashing_embedder):
    home = tmp_path / "kb"
    other = STATED.replace("DevConf 2026", "WasmDay 2026")
    report = ingest(
        [_write(tmp_path, "a.csv", STATED), _write(tmp_path, "b.csv", other)],
        home,
        hashing_embedder,
    )
    assert len(_talks(home)) == 6
    assert any("names another conference" in n and "a.csv" in n for n in report.notices)


def test_days_and_session_titles_keep_documents_apart(tmp_path, hashing_embedder):
    home = tmp_path / "kb"
    day2 = HEAD + (
        "2026-09-11,12:00,13:00,Lunch,,Hall\n2026-09-11,14:00,14:40,Other talk,Ana Ruiz,Room 1\n"
    )
    day1 = HEAD + (
        "2026-09-10,12:00,13:00,Lunch,,Hall\n2026-09-10,14:00,14:40,A talk,Bo Li,Room 1\n"
    )
    track = HEAD + "2026-09-10,12:00,13:00,Lunch,,Hall\n2026-09-10,14:00,14:40,B,Cy Do,Room 2\n"
    report = ingest(
        [
            _write(tmp_path, "day1.csv", day1),
            _write(tmp_path, "day2.csv", day2),
            _write(tmp_path, "track.csv", track),
        ],
        home,
        hashing_embedder,
    )
    assert {c for c, _, _ in _talks(home)} == {"day1", "day2", "track"}
    assert not any("under another name" in n for n in report.notices)


ICS = """BEGIN:VCALENDAR
VERSION:2.0
X-WR-CALNAME:InfraConf 2026
BEGIN:VEVENT
UID:infra-rust-path
DTSTART;TZID=Europe/Warsaw:20261118T101500
DTEND;TZID=Europe/Warsaw:20261118T110000
SUMMARY:Rust in the payment path
DESCRIPTION:Speakers: Jonas Berg
LOCATION:Sala Gdansk
END:VEVENT
END:VCALENDAR
"""


def test_a_zone_a_document_names_wins_over_the_default_one(tmp_path, hashing_embedder, monkeypatch):
    monkeypatch.delenv("TALKBASE_TIMEZONE", raising=False)
    plain = HEAD + "2026-11-18,10:15,11:00,Rust in the payment path,Jonas Berg,Sala Gdansk\n"
    for order in ((".csv", ".ics"), (".ics", ".csv")):
        home = tmp_path / f"kb{order[0]}"
        files = {".csv": _write(tmp_path, "all-data.csv", plain), ".ics": tmp_path / "cal.ics"}
        files[".ics"].write_text(ICS, encoding="utf-8")
        for suffix in order:  # stored first, then a change in place
            ingest([files[suffix]], home, hashing_embedder, conference="InfraConf 2026")
        con = duckdb.connect(_db(home), read_only=True)
        (record,) = con.execute("SELECT record FROM talks").fetchone()
        con.close()
        talk = json.loads(record)
        assert talk["start_iso"] == "2026-11-18T10:15:00+01:00", order
        # (sweep 10, W7: the CSV names no zone, and holds the same program as the
        # calendar: its 10:15 is read in the calendar's zone, no longer a conflict
        # 9 hours off in the default's)
        assert not talk["conflicts"], order


def test_export_says_cancelled_and_language(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_HOME", str(tmp_path / "kb"))
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    program = _write(
        tmp_path,
        "p.csv",
        "Date,Start,End,Title,Speakers,Room,Language,Status\n"
        "2026-09-10,09:00,09:45,Sécurité des bacs à sable,Lin Clark,A,fr,cancelled\n",
    )
    assert main(["ingest", str(program)]) == 0
    capsys.readouterr()
    assert main(["export"]) == 0
    (row,) = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert row["cancelled"] is True and row["language"] == "fr"
    assert main(["export", "--format", "csv"]) == 0
    (line,) = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert line["language"] == "fr" and line["cancelled"] == "True"


def test_titles_alone_never_make_two_programs_one(tmp_path, hashing_embedder):
    """Review: two years' undated programs of one workshop series, and two cities'
    events of one global day (same titles, same day, no speakers, other times and
    rooms), were merged into one conference; a talk is the same only by its title on
    the same day with a speaker they share, or at the same start in the same room."""
    years = tmp_path / "years"
    _write(
        years,
        "workshops-2025.csv",
        "Title,Speaker\nPython for absolute beginners,Ana Lima\nData analysis with pandas,"
        "Maria Rossi\nYour first web app with Flask,Julia Souza\nGit and GitHub basics,Nora Klein\n",
    )
    _write(
        years,
        "workshops-2026.csv",
        "Title,Speaker\nPython for absolute beginners,Carla Diaz\nData analysis with pandas,"
        "Maria Rossi\nGit and GitHub basics,Lena Fischer\nMachine learning with scikit-learn,"
        "Priya Nair\n",
    )
    ingest([years], tmp_path / "h1", hashing_embedder)
    rows = _talks(tmp_path / "h1")
    assert len(rows) == 8 and {c for c, _, _ in rows} == {"workshops-2025", "workshops-2026"}
    head = "Date,Start,End,Title,Room\n"
    cities = tmp_path / "cities"
    _write(
        cities,
        "berlin.csv",
        head + "2026-04-25,09:30,10:00,Welcome and introduction,Saal 1\n"
        "2026-04-25,10:00,10:45,Keynote: Azure in 2026,Saal 1\n"
        "2026-04-25,11:00,12:30,Hands-on lab: Azure Functions,Lab A\n",
    )
    _write(
        cities,
        "munich.csv",
        head + "2026-04-25,09:00,09:15,Welcome and introduction,Raum 2\n"
        "2026-04-25,09:15,10:00,Keynote: Azure in 2026,Raum 2\n"
        "2026-04-25,10:15,11:45,Hands-on lab: Azure Functions,Raum 3\n",
    )
    ingest([cities], tmp_path / "h2", hashing_embedder)
    rows = _talks(tmp_path / "h2")
    assert len(rows) == 6 and {c for c, _, _ in rows} == {"berlin", "munich"}

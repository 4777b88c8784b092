"""A record the reader had to skip (a JSON Lines line that is no JSON, a record without a
title, a CSV row a stray quote broke) is an unreadable record: a new version of a stored
program that has one, and would remove stored talks, is refused in one sentence naming
the file and the first such record, and the stored program kept, unless --shrink; other
files of the batch still ingest; a first ingest skips it with a warning (sweep 20,
sweep-shapes F2, F5, F6, F12). Each test ingests through the CLI into a temp home."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from talkbase.cli import main

# (title, speakers, day, start, end, room, track, abstract): a real-looking program
TALKS = [
    ("Rust at scale in payments", ["Jane Doe"], 6, "09:30", "10:15", "Hall A", "Systems",
     "How we rewrote a payment engine in Rust."),
    ("Observability without tears", ["Omar Haddad", "Lena Vogt"], 6, "10:30", "11:15",
     "Hall B", "Ops", "Tracing, metrics and logs that actually help."),
    ("Postgres partitioning war stories", ["Priya Raman"], 6, "11:30", "12:00", "Hall A",
     "Data", "Partitioning a 40 TB table live."),
    ("Designing accessible forms", ["Chloé Martin"], 6, "13:00", "13:45", "Room 3",
     "Frontend", "Labels, errors and focus order."),
    ("Kubernetes cost control", ["Tomasz Nowak"], 6, "14:00", "14:45", "Hall B", "Ops",
     "Right-sizing requests and limits."),
    ("Type-safe SQL in Python", ["Akira Sato"], 6, "15:00", "15:30", "Room 3", "Data",
     "Generating typed queries from schemas."),
    ("Evening panel: the future of open source", ["Maria Garcia", "Femi Adeyemi"], 6,
     "18:00", "19:00", "Hall A", "Community", "A panel on funding maintainers."),
    ("WebAssembly on the server", ["Sven Larsen"], 7, "09:00", "09:45", "Hall A", "Systems",
     "WASI, components and cold starts."),
    ("Feature flags done right", ["Ana Souza"], 7, "10:00", "10:30", "Hall B", "Ops",
     "Flags as code, with expiry dates."),
    ("Vector search in practice", ["Wei Zhang"], 7, "10:45", "11:30", "Room 3", "Data",
     "Choosing an index for 100M embeddings."),
    ("CSS container queries", ["Chloé Martin", "Ben Carter"], 7, "13:30", "14:15", "Room 3",
     "Frontend", "Components that adapt to their slot."),
    ("Closing keynote: software that lasts", ["Grace Okafor"], 7, "16:00", "17:00",
     "Hall A", "Keynote", "What decades-old systems teach us."),
]  # fmt: skip
TITLES = {t[0] for t in TALKS}


def _csv_lines() -> list[str]:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(["Title", "Speakers", "Date", "Start", "End", "Room", "Track", "Abstract",
                "Timezone"])  # fmt: skip
    for title, who, day, start, end, room, track, abstract in TALKS:
        w.writerow([title, ", ".join(who), f"2026-02-0{day}", start, end, room, track,
                    abstract, "Europe/Berlin"])  # fmt: skip
    return out.getvalue().splitlines(keepends=True)


def _jsonl_lines() -> list[str]:
    return [
        json.dumps(
            {"title": title, "speakers": who, "start": f"2026-02-0{day}T{start}:00+01:00",
             "end": f"2026-02-0{day}T{end}:00+01:00", "room": room, "track": track,
             "abstract": abstract, "conference": "DevDays 2026"},
            ensure_ascii=False,
        ) + "\n"
        for title, who, day, start, end, room, track, abstract in TALKS
    ]  # fmt: skip


def _json_program(null_title_at: int | None = None) -> str:
    talks = [
        {"title": None if n == null_title_at else title, "speakers": who,
         "start": f"2026-02-0{day}T{start}:00", "end": f"2026-02-0{day}T{end}:00",
         "room": room, "track": track, "abstract": abstract, "timezone": "Europe/Berlin"}
        for n, (title, who, day, start, end, room, track, abstract) in enumerate(TALKS)
    ]  # fmt: skip
    return json.dumps({"conference": "DevDays 2026", "talks": talks}, indent=1)


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    said = capsys.readouterr()
    return code, said.out, said.err


def _titles(capsys: pytest.CaptureFixture[str], home: Path) -> list[str]:
    code, out, _ = _cli(capsys, "--home", str(home), "export", "--format", "jsonl")
    assert code == 0
    return [json.loads(line)["title"] for line in out.splitlines() if line.strip()]


@pytest.fixture(autouse=True)
def _hashing(monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")


def test_a_jsonl_reexport_with_a_corrupt_middle_line_keeps_the_stored_program(tmp_path, capsys):
    # F6: line 5 (Kubernetes) cut in the middle of the file: before, "removed (1):
    # Kubernetes cost control", exit 0
    home, path = tmp_path / "home", tmp_path / "talks.jsonl"
    lines = _jsonl_lines()
    path.write_text("".join(lines), encoding="utf-8")
    assert _cli(capsys, "--home", str(home), "ingest", str(path))[0] == 0
    lines[4] = lines[4][:60] + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    code, out, err = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 1 and "removed" not in out
    said = err.strip().splitlines()
    assert len(said) == 1, said
    assert str(path) in said[0] and "line 5" in said[0] and "--shrink" in said[0]
    assert "'Kubernetes cost control'" in said[0]
    assert set(_titles(capsys, home)) == TITLES  # the stored program is kept
    # said to be meant: the talk goes
    code, out, _ = _cli(capsys, "--home", str(home), "ingest", str(path), "--shrink")
    assert code == 0 and "Kubernetes cost control" in out
    assert set(_titles(capsys, home)) == TITLES - {"Kubernetes cost control"}


def test_a_bad_line_never_sinks_the_batch(tmp_path, capsys):
    home = tmp_path / "home"
    path, other = tmp_path / "talks.jsonl", tmp_path / "extra.jsonl"
    lines = _jsonl_lines()
    path.write_text("".join(lines), encoding="utf-8")
    assert _cli(capsys, "--home", str(home), "ingest", str(path))[0] == 0
    path.write_text("".join(lines[:4] + ["{not json\n"] + lines[5:]), encoding="utf-8")
    talk = json.loads(lines[0]) | {"title": "Lightning talks", "conference": "Other 2026"}
    other.write_text(json.dumps(talk) + "\n", encoding="utf-8")
    code, _, err = _cli(capsys, "--home", str(home), "ingest", str(path), str(other))
    assert code == 1 and "line 5" in err  # the one file refused, the other ingested
    assert set(_titles(capsys, home)) == TITLES | {"Lightning talks"}


def test_a_first_ingest_skips_the_unreadable_record_and_keeps_the_rest(tmp_path, capsys):
    home, path = tmp_path / "home", tmp_path / "talks.jsonl"
    lines = _jsonl_lines()
    path.write_text("".join(lines[:4] + ["{not json\n"] + lines[5:]), encoding="utf-8")
    code, out, _ = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 0 and "line 5: not valid JSON" in out
    assert set(_titles(capsys, home)) == TITLES - {"Kubernetes cost control"}


def test_an_unreadable_record_that_removes_no_stored_talk_is_no_refusal(tmp_path, capsys):
    # the bad line is a talk added since: nothing stored is lost, the version is taken
    home, path = tmp_path / "home", tmp_path / "talks.jsonl"
    lines = _jsonl_lines()
    path.write_text("".join(lines), encoding="utf-8")
    assert _cli(capsys, "--home", str(home), "ingest", str(path))[0] == 0
    path.write_text("".join([*lines, '{"title": "Added late", \n']), encoding="utf-8")
    code, out, _ = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 0 and "line 13: not valid JSON" in out and "removed" not in out
    assert set(_titles(capsys, home)) == TITLES


def test_a_jsonl_error_names_the_files_line_and_column_only(tmp_path, capsys):
    # F12: "line 6: not valid JSON (Expecting ',' delimiter: line 2 column 1 (char 85))"
    home, path = tmp_path / "home", tmp_path / "talks.jsonl"
    lines = _jsonl_lines()
    lines[5] = lines[5].rsplit(",", 1)[0] + "\n"  # (its last key dropped with its brace)
    lines[2] = lines[2].replace('"room": "Hall A",', '"room": "Hall A"', 1)
    path.write_text("".join(lines), encoding="utf-8")
    code, out, _ = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 0
    said = [ln.strip() for ln in out.splitlines() if "not valid JSON" in ln]
    column = lines[2].index('"track"') + 1
    assert said[0].endswith(
        f"talks.jsonl line 3: not valid JSON (Expecting ',' delimiter at column {column}); skipped"
    )
    assert said[1].endswith(
        "talks.jsonl line 6: not valid JSON (Expecting ',' delimiter at the end of the "
        "line); skipped"
    )
    assert "line 2 column" not in out and "char" not in out


def test_a_json_record_without_a_title_is_said_and_keeps_the_stored_talk(tmp_path, capsys):
    # F5: talks[3]'s title null: before, dropped without a word, and over a stored
    # version "removed (1): Designing accessible forms", exit 0
    home, path = tmp_path / "home", tmp_path / "prog.json"
    path.write_text(_json_program(), encoding="utf-8")
    assert _cli(capsys, "--home", str(home), "ingest", str(path))[0] == 0
    path.write_text(_json_program(null_title_at=3), encoding="utf-8")
    code, out, err = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 1 and "removed" not in out
    said = err.strip().splitlines()
    assert len(said) == 1 and str(path) in said[0], said
    assert "talks.[3]: a record without a title; skipped" in said[0] and "--shrink" in said[0]
    assert set(_titles(capsys, home)) == TITLES
    # a first ingest: the record is skipped with a warning naming it
    code, out, _ = _cli(capsys, "--home", str(tmp_path / "fresh"), "ingest", str(path))
    assert code == 0 and "prog.json talks.[3]: a record without a title; skipped" in out
    assert set(_titles(capsys, tmp_path / "fresh")) == TITLES - {"Designing accessible forms"}


def test_a_csv_row_a_stray_quote_broke_is_skipped_not_stored(tmp_path, capsys):
    # F2: a '"' added at the start of line 5 ran its cells together; before, the row
    # was stored as a talk titled with the whole line, and replaced the stored talk
    home, path = tmp_path / "home", tmp_path / "prog.csv"
    lines = _csv_lines()
    path.write_text("\ufeff" + "".join(lines), encoding="utf-8")
    assert _cli(capsys, "--home", str(home), "ingest", str(path))[0] == 0
    broken = lines[:4] + ['"' + lines[4]] + lines[5:]
    path.write_text("\ufeff" + "".join(broken), encoding="utf-8")
    code, out, err = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 1 and "added" not in out
    said = err.strip().splitlines()
    assert len(said) == 1 and str(path) in said[0] and "line 5" in said[0], said
    assert "'Designing accessible forms'" in said[0] and "--shrink" in said[0]
    assert set(_titles(capsys, home)) == TITLES
    fresh = tmp_path / "fresh"
    code, out, _ = _cli(capsys, "--home", str(fresh), "ingest", str(path))
    assert code == 0 and "prog.csv line 5: 3 cells where the header has 9" in out
    assert set(_titles(capsys, fresh)) == TITLES - {"Designing accessible forms"}


def test_rows_a_stray_quote_swallowed_are_read_not_lost(tmp_path, capsys):
    # the quote opened on line 5 is closed on line 8 (by the panel's quoted speakers):
    # before, lines 5-8 were one talk, and Kubernetes, Type-safe SQL and the panel lost
    home, path = tmp_path / "home", tmp_path / "prog.csv"
    lines = _csv_lines()
    line5 = '"' + lines[4].replace('"Labels, errors and focus order."', "Labels and focus")
    path.write_text("".join(lines[:4] + [line5] + lines[5:]), encoding="utf-8")
    code, out, _ = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 0
    assert "prog.csv line 5: a quote in this row breaks its cells" in out
    assert "to line 8: the lines from line 6 on are read again as rows" in out
    assert set(_titles(capsys, home)) == TITLES - {"Designing accessible forms"}


def test_a_stray_quote_before_a_two_line_abstract_loses_only_its_own_row(tmp_path, capsys):
    # sweep 20 left it: the quote opened on line 5 was closed by the quote that opens
    # the next row's abstract, which spans two lines; the lines were then read one by
    # one: "Kubernetes cost control" was lost and its abstract's second line stored
    # as a talk. They are read again as CSV: that row is one talk, no line is a talk
    home, path = tmp_path / "home", tmp_path / "prog.csv"
    lines = _csv_lines()
    lines[5] = lines[5].replace("Right-sizing requests and limits.", '"Right-sizing requests\r\n')
    lines[5:6] = [lines[5].split("\r\n")[0] + "\r\n", 'and limits.",Europe/Berlin\r\n']
    path.write_text("".join(lines), encoding="utf-8")
    assert _cli(capsys, "--home", str(home), "ingest", str(path))[0] == 0
    assert set(_titles(capsys, home)) == TITLES
    line5 = '"' + lines[4].replace('"Labels, errors and focus order."', "Labels and focus")
    path.write_text("".join(lines[:4] + [line5] + lines[5:]), encoding="utf-8")
    # the broken row is a record not read: the re-ingest is refused, the store kept
    code, out, err = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 1 and "'Designing accessible forms'" in err and "line 5" in err, err
    assert set(_titles(capsys, home)) == TITLES
    # with --shrink only the broken row's talk goes: the two-line row is one talk
    code, out, _ = _cli(capsys, "--home", str(home), "ingest", str(path), "--shrink")
    assert code == 0 and "removed (1):" in out, out
    assert set(_titles(capsys, home)) == TITLES - {"Designing accessible forms"}
    code, out, _ = _cli(capsys, "--home", str(home), "export", "--format", "jsonl")
    (k8s,) = [t for t in map(json.loads, out.splitlines()) if t["title"].startswith("Kub")]
    assert k8s["abstract"].split() == "Right-sizing requests and limits.".split()
    assert k8s["room"] == "Hall B" and "Tomasz Nowak" in json.dumps(k8s)
    # a first ingest of the broken file: the same talks, each where it is written
    fresh = tmp_path / "fresh"
    code, out, _ = _cli(capsys, "--home", str(fresh), "ingest", str(path))
    assert code == 0 and "to line 6: the lines from line 6 on are read again as rows" in out, out
    assert set(_titles(capsys, fresh)) == TITLES - {"Designing accessible forms"}


def test_the_help_of_shrink_names_the_unreadable_record(capsys):
    with pytest.raises(SystemExit):
        main(["ingest", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "a record it could not read" in said


def _ics(without_summary: int | None = None) -> str:
    events = []
    for n, (title, who, day, start, end, room, _, abstract) in enumerate(TALKS):
        summary = "" if n == without_summary else f"SUMMARY:{title}\r\n"
        events.append(
            "BEGIN:VEVENT\r\n"
            f"UID:devdays-2026-{n}@example.org\r\n"
            f"DTSTART;TZID=Europe/Berlin:2026020{day}T{start.replace(':', '')}00\r\n"
            f"DTEND;TZID=Europe/Berlin:2026020{day}T{end.replace(':', '')}00\r\n"
            f"{summary}LOCATION:{room}\r\n"
            f"DESCRIPTION:{abstract.replace(',', chr(92) + ',')} ({', '.join(who)})\r\n"
            "END:VEVENT\r\n"
        )
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//DevDays//EN\r\n"
        "X-WR-CALNAME:DevDays 2026\r\n" + "".join(events) + "END:VCALENDAR\r\n"
    )


def test_a_calendar_event_that_lost_its_summary_keeps_the_stored_talk(tmp_path, capsys):
    # the rule is every format's: a VEVENT without a SUMMARY is a record not read
    home, path = tmp_path / "home", tmp_path / "devdays.ics"
    path.write_text(_ics(), encoding="utf-8")
    assert _cli(capsys, "--home", str(home), "ingest", str(path))[0] == 0
    path.write_text(_ics(without_summary=4), encoding="utf-8")
    code, out, err = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 1 and "removed" not in out
    assert "a VEVENT without a SUMMARY; skipped" in err and "'Kubernetes cost control'" in err
    assert set(_titles(capsys, home)) == TITLES


def test_an_open_slot_row_without_a_title_never_blocks_a_cancellation(tmp_path, capsys):
    """A row with a time and a room and no title is an open slot, no talk: a new version
    that cancels a talk is taken (a review of sweep 20 saw it refused "mend the
    record"); a row without a title that names a speaker may be a talk, and still
    keeps the stored program."""
    home, path = tmp_path / "home", tmp_path / "program.csv"
    head, *rows = _csv_lines()
    slot = ",,2026-02-07,17:00,17:45,Hall B,,,Europe/Berlin\r\n"
    path.write_text("".join([head, *rows, slot]), encoding="utf-8")
    assert _cli(capsys, "--home", str(home), "ingest", str(path))[0] == 0
    path.write_text("".join([head, *rows[:-1], slot]), encoding="utf-8")  # the keynote off
    code, out, err = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code == 0, err
    assert "Closing keynote: software that lasts" not in _titles(capsys, home)
    spoken = ",Ada Byron,2026-02-07,17:00,17:45,Hall B,,,Europe/Berlin\r\n"
    path.write_text("".join([head, *rows[:-2], spoken]), encoding="utf-8")
    code, _, err = _cli(capsys, "--home", str(home), "ingest", str(path))
    assert code != 0 and "a row without a title" in err
    assert "CSS container queries" in _titles(capsys, home)  # the stored program kept

"""A date beyond any program's ("9999-12-31", a date to be announced; "0001-01-01")
never crashes an ingest, never sinks the other files of the batch, and never makes a
later search or export fail while `check` calls the base whole (an outside tester's
C1 and C2): its talk is kept without a time, with a warning naming the file, the
place and the talk (`limits.limit_times`, by the one rule `when.program_date`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from index.check import check
from ingest import detect, limits
from talkbase.cli import main
from talkbase.core import records

NORMAL = "Normal talk"
CALENDAR = (
    "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//x//y//EN\nX-WR-CALNAME:Placeholder Conf\n"
    "BEGIN:VEVENT\nUID:tbd-1\n{lines}\nSUMMARY:Closing party (date TBD)\nEND:VEVENT\n"
    "BEGIN:VEVENT\nUID:c\nDTSTART:20260301T090000Z\nDTEND:20260301T094500Z\n"
    f"SUMMARY:{NORMAL}\nEND:VEVENT\nEND:VCALENDAR\n"
)
CSV_HEAD = "date,start,end,duration,title,speaker\n"
CSV_NORMAL = f"2026-03-01,09:00,09:45,,{NORMAL},Bob Ray\n"


def _json(start: str, extra: str = '"duration":120') -> str:
    return (
        f'{{"talks":[{{"title":"Closing party (date TBD)","start":"{start}",{extra},'
        f'"speaker":"Ann Lee"}},{{"title":"{NORMAL}","start":"2026-03-01T09:00:00+00:00",'
        '"duration":45,"speaker":"Bob Ray"}]}'
    )


# the tester's documents (weird/placeholder_tbd.ics, tbd.csv, tbd.json, tbd2.csv,
# tbd0001.json, year9999.ics), and the shapes whose clock arithmetic ran off the
# calendar's end: a night to the next day, a clock past 24:00, a frab day change
DOCUMENTS = {
    "placeholder.ics": CALENDAR.format(lines="DTSTART:99991231T230000Z\nDURATION:PT2H"),
    "zoned.ics": CALENDAR.format(
        lines="DTSTART;TZID=Europe/Berlin:99991231T090000\nDTEND;TZID=Europe/Berlin:99991231T100000"
    ),
    "first_day.ics": CALENDAR.format(lines="DTSTART:00010101T003000Z\nDURATION:PT2H"),
    "all_day.ics": CALENDAR.format(lines="DTSTART;VALUE=DATE:99991231\nSUMMARY:Workshop: x"),
    "tbd.csv": CSV_HEAD + "9999-12-31,23:00,,120,Closing party (date TBD),Ann Lee\n" + CSV_NORMAL,
    "tbd2.csv": CSV_HEAD
    + "9999-12-31,20:00,20:30,,Closing party (date TBD),Ann Lee\n"
    + CSV_NORMAL,
    "night.csv": CSV_HEAD
    + "9999-12-31,22:00,01:00,,Closing party (date TBD),Ann Lee\n"
    + CSV_NORMAL,
    "past24.csv": CSV_HEAD + "9999-12-31,24:30,25:30,,Closing party (date TBD),Ann\n" + CSV_NORMAL,
    "tbd.json": _json("9999-12-31T23:00:00+00:00"),
    "tbd0001.json": _json("0001-01-01T00:30:00+01:00", '"duration":30'),
    "in_3000.json": _json("3000-06-01T10:00:00+02:00"),
    "tbd.md": (
        "# Conf 2026\n\nAll times UTC.\n\n## 9999-12-31\n\n"
        "- 22:00–01:00 Closing party (date TBD) — Ann Lee\n\n"
        f"## 2026-03-01\n\n- 09:00–09:45 {NORMAL} — Bob Ray\n"
    ),
    "past24.md": (
        "# Conf 2026\n\nAll times UTC.\n\n## 9999-12-31\n\n"
        "- 24:30–25:00 Closing party (date TBD) — Ann Lee\n\n"
        f"## 2026-03-01\n\n- 09:00–09:45 {NORMAL} — Bob Ray\n"
    ),
    "twelve_hour.md": (
        "# Conf 2026\n\nAll times UTC.\n\n## 9999-12-31\n\n"
        "- 11:00–11:45 Closing party (date TBD) — Ann Lee\n"
        "- 1:00–1:45 Closing drinks (date TBD) — Ann Lee\n\n"
        f"## 2026-03-01\n\n- 9:00–9:45 {NORMAL} — Bob Ray\n"
    ),
    "card.html": (
        '<!doctype html><html><body><h1>Conf</h1><article class="talk"><h3>Closing party '
        '(date TBD)</h3><time datetime="9999-12-31T23:00:00+00:00">23:00</time>–<time>01:00'
        '</time><p class="speakers">Ann Lee</p></article><article class="talk"><h3>'
        f'{NORMAL}</h3><time datetime="2026-03-01T09:00:00+00:00">09:00</time><time '
        'datetime="PT45M">45</time><p class="speakers">Bob Ray</p></article></body></html>'
    ),
    "frab.json": json.dumps(
        {
            "schedule": {
                "conference": {
                    "title": "C",
                    "time_zone_name": "Europe/Berlin",
                    "days": [
                        {
                            "index": 1,
                            "date": day,
                            "rooms": {
                                "A": [
                                    {
                                        "guid": f"g{n}",
                                        "date": f"{day}T{at}:00+01:00",
                                        "start": at,
                                        "duration": "02:00",
                                        "room": "A",
                                        "title": title,
                                        "persons": [{"public_name": "Ann"}],
                                    }
                                ]
                            },
                        }
                        for n, (day, at, title) in enumerate(
                            [
                                ("9999-12-31", "23:00", "Closing party (date TBD)"),
                                ("2026-03-01", "09:00", NORMAL),
                            ]
                        )
                    ],
                }
            }
        }
    ),
}


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_a_placeholder_date_keeps_its_talk_without_a_time_and_says_so(
    tmp_path: Path, name: str
) -> None:
    path = tmp_path / name
    path.write_text(DOCUMENTS[name], encoding="utf-8")
    doc = detect.parse_path(path)  # (was an OverflowError: a traceback)
    by_title = {t.title: t for t in doc.talks}
    normal = by_title.pop(NORMAL)
    assert normal.start is not None and normal.end is not None
    assert by_title and all(t.start is None and t.day is None for t in by_title.values())
    said = [w for w in doc.warnings if "beyond any program's dates" in w]
    assert said and said[0].startswith(name) and "kept without a time" in said[0]
    assert any(title in said[0] for title in by_title)  # (the talk, by its title)


def _write(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_text(DOCUMENTS[name], encoding="utf-8")
    return path


def _lines(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line]


@pytest.fixture
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")


@pytest.mark.usefixtures("_hashing")
def test_a_placeholder_sinks_neither_its_file_nor_the_batch(tmp_path: Path, capsys) -> None:
    home = tmp_path / "home"
    other = tmp_path / "other.csv"
    other.write_text(
        "date,start,end,title,speaker\n2026-05-02,10:00,10:30,Other conference talk,Cy Dee\n",
        encoding="utf-8",
    )
    args = ["--home", str(home), "ingest", str(other), str(_write(tmp_path, "placeholder.ics"))]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "placeholder.ics line 5: 'Closing party (date TBD)' is dated 9999-12-31" in out
    assert main(["--home", str(home), "export", "--format", "jsonl"]) == 0
    titles = {str(t["title"]): t for t in _lines(capsys)}
    assert set(titles) == {"Other conference talk", NORMAL, "Closing party (date TBD)"}
    assert titles["Closing party (date TBD)"]["start_iso"] is None


@pytest.mark.usefixtures("_hashing")
def test_a_base_with_a_placeholder_searches_and_exports(tmp_path: Path, capsys) -> None:
    """The tester's tbd2.csv ingested with exit 0, then every search and export failed."""
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(_write(tmp_path, "tbd2.csv"))]) == 0
    for command in (["search", "party"], ["search", "talk", "--json"], ["export"]):
        capsys.readouterr()
        assert main(["--home", str(home), *command]) == 0, command
    assert main(["--home", str(home), "export", "--format", "csv"]) == 0
    assert check(home).ok


def _stored_as_older_talkbase(home: Path, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`path` ingested as a talkbase before the rule did: its placeholder's time stored."""
    with monkeypatch.context() as m:
        m.setattr(limits, "_on_program_dates", lambda talk, *_: talk)
        assert main(["--home", str(home), "ingest", str(path)]) == 0


@pytest.mark.usefixtures("_hashing")
def test_a_placeholder_an_older_talkbase_stored_is_read_without_its_time(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    _stored_as_older_talkbase(home, _write(tmp_path, "tbd2.csv"), monkeypatch)
    capsys.readouterr()
    assert main(["--home", str(home), "search", "party", "--json"]) == 0
    capsys.readouterr()
    assert main(["--home", str(home), "export"]) == 0
    party = next(t for t in _lines(capsys) if t["title"] == "Closing party (date TBD)")
    assert party["start_iso"] is None and party["day"] is None
    assert check(home).ok


@pytest.mark.usefixtures("_hashing")
def test_check_finds_a_stored_value_that_breaks_reading(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a stored talk cannot be read back (here: a placeholder's moment, stored by
    an older talkbase and read by a reader without the rule), every search fails:
    `check` must not call such a base whole, nor offer to rebuild it from those records."""
    home = tmp_path / "home"
    _stored_as_older_talkbase(home, _write(tmp_path, "tbd2.csv"), monkeypatch)
    monkeypatch.setattr(records, "program_date", lambda day: True)
    report = check(home)
    assert not report.ok
    assert "cannot be read back" in report.problems[0] and "OverflowError" in report.problems[0]
    assert "rebuilds the base from" not in report.advice


@pytest.mark.usefixtures("_hashing")
def test_an_end_just_past_the_program_years_is_kept_as_ingest_read_it(
    tmp_path: Path, capsys
) -> None:
    """A review's R3: a talk from 2099-12-31 23:00 to 2100-01-01 01:00 is ingested with
    its end, and search and export show that end too (it was read back without it)."""
    path = tmp_path / "century.csv"
    path.write_text(
        CSV_HEAD + "2099-12-31,23:00,01:00,,New century party,Ann Lee\n" + CSV_NORMAL,
        encoding="utf-8",
    )
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(path)]) == 0
    capsys.readouterr()
    assert main(["--home", str(home), "export"]) == 0
    party = next(t for t in _lines(capsys) if t["title"] == "New century party")
    assert party["start_iso"].startswith("2099-12-31T23:00")
    assert party["end_iso"] is not None and party["end_iso"].startswith("2100-01-01T01:00")
    assert check(home).ok

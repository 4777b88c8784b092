"""A file that names no zone, ingested for a conference the base holds all in one zone
(sweep 21, durable F4: a table of two more talks with `--conference "DevConf 2026"`,
a conference whose talks are all in America/New_York), is read on that conference's
clock, saying so in one line, no longer in the default's (America/Los_Angeles, 3 hours
off); where the conference's talks are in several zones, the default's warning stands
(`kindred._in_conference_zone`). Through the CLI, on a real base."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from talkbase.cli import main

PROGRAM = (
    "title,speakers,day,start,end,room,timezone\n"
    "Rust for kernel drivers,Ana Silva,2026-03-10,10:00,10:30,Hall B,America/New_York\n"
    "Vector databases explained,Li Wei,2026-03-11,14:00,14:30,Hall B,America/New_York\n"
)
EXTRA = (
    "title,speakers,day,start,end,room,abstract\n"
    "New talk one,Zed Alpha,2026-03-12,09:00,09:30,Hall A,A new talk about compilers.\n"
    "New talk two,Yan Beta,2026-03-12,10:00,10:30,Hall B,Databases at the edge.\n"
)
ELSEWHERE = (
    "title,speakers,day,start,end,room,timezone\n"
    "Remote keynote,Ann Lee,2026-03-11,18:00,19:00,Online,Europe/Berlin\n"
)


@pytest.fixture(autouse=True)
def _default_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TALKBASE_TIMEZONE", raising=False)
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")


def _ingest(home: Path, path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["--home", str(home), "ingest", str(path), "--conference", "DevConf 2026"]) == 0
    said = capsys.readouterr()
    return said.out + said.err


def _starts(home: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, tuple[str, str]]:
    capsys.readouterr()
    assert main(["--home", str(home), "export"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    return {t["title"]: (t["start_iso"], t["timezone"]) for t in lines}


def test_a_supplement_naming_no_zone_takes_its_stored_conferences_zone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "conf_a.csv").write_text(PROGRAM, encoding="utf-8")
    (tmp_path / "extra1.csv").write_text(EXTRA, encoding="utf-8")
    home = tmp_path / "home"
    _ingest(home, tmp_path / "conf_a.csv", capsys)
    said = _ingest(home, tmp_path / "extra1.csv", capsys)
    starts = _starts(home, capsys)
    assert starts["New talk one"] == ("2026-03-12T09:00:00-04:00", "America/New_York")
    assert starts["New talk two"] == ("2026-03-12T10:00:00-04:00", "America/New_York")
    assert starts["Rust for kernel drivers"] == ("2026-03-10T10:00:00-04:00", "America/New_York")
    told = [line for line in said.splitlines() if "extra1.csv" in line and "zone" in line]
    assert len(told) == 1, said
    assert "America/New_York" in told[0] and "DevConf 2026" in told[0], told
    assert "the default" not in said


def test_a_supplement_to_a_conference_of_several_zones_keeps_the_default_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, text in (("conf_a.csv", PROGRAM), ("remote.csv", ELSEWHERE), ("extra1.csv", EXTRA)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    home = tmp_path / "home"
    _ingest(home, tmp_path / "conf_a.csv", capsys)
    _ingest(home, tmp_path / "remote.csv", capsys)
    said = _ingest(home, tmp_path / "extra1.csv", capsys)
    assert _starts(home, capsys)["New talk one"] == (
        "2026-03-12T09:00:00-07:00",
        "America/Los_Angeles",
    )
    assert "names no time zone" in said and "the default" in said


def test_a_supplement_given_with_its_program_in_one_command_takes_its_zone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "conf_a.csv").write_text(PROGRAM, encoding="utf-8")
    (tmp_path / "extra1.csv").write_text(EXTRA, encoding="utf-8")
    home = tmp_path / "home"
    capsys.readouterr()
    argv = [
        "--home",
        str(home),
        "ingest",
        str(tmp_path / "conf_a.csv"),
        str(tmp_path / "extra1.csv"),
    ]
    assert main([*argv, "--conference", "DevConf 2026"]) == 0
    assert _starts(home, capsys)["New talk one"] == (
        "2026-03-12T09:00:00-04:00",
        "America/New_York",
    )

"""`talkbase stats` lists the tracks of a base of several conferences under each
conference (sweep 21, durable F5: two conferences' "Systems" were listed twice, with
nothing to tell which was whose); `stats --json` names each track's conference. A
base of one conference lists its tracks as before. Through the CLI, on a real base."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from talkbase.cli import main

HEADER = "title,speakers,day,start,end,room,track,timezone\n"
DEVCONF = HEADER + (
    "Fault tolerant collectives,Jane Doe,2026-03-10,09:00,09:45,Hall A,Systems,America/New_York\n"
    "GPU scheduling,Priya Nair,2026-03-11,14:15,15:00,Hall C,Systems,America/New_York\n"
    "Vector databases,Li Wei,2026-03-11,14:00,14:30,Hall B,Data,America/New_York\n"
)
KIEL = HEADER + (
    "Segeln mit Sensoren,Jo Ng,2026-06-20,10:00,10:45,Saal 1,Systems,Europe/Berlin\n"
    "Ostsee-Daten,Ann Lee,2026-06-20,11:00,11:45,Saal 1,Data,Europe/Berlin\n"
)


@pytest.fixture(autouse=True)
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")


def _stats(home: Path, capsys: pytest.CaptureFixture[str], *more: str) -> str:
    capsys.readouterr()
    assert main(["--home", str(home), "stats", *more]) == 0
    return capsys.readouterr().out


def test_tracks_of_one_name_in_two_conferences_are_told_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    for name, text, conference in (
        ("devconf.csv", DEVCONF, "DevConf 2026"),
        ("kiel.csv", KIEL, "Kieler Tage 2026"),
    ):
        (tmp_path / name).write_text(text, encoding="utf-8")
        argv = ["--home", str(home), "ingest", str(tmp_path / name), "--conference", conference]
        assert main(argv) == 0
    tracks = _stats(home, capsys).split("\ntracks:\n", 1)[1]
    assert tracks.splitlines() == [
        "  DevConf 2026:",
        "      2  Systems",
        "      1  Data",
        "  Kieler Tage 2026:",
        "      1  Data",
        "      1  Systems",
    ]
    listed = json.loads(_stats(home, capsys, "--json"))["tracks"]
    assert {(t["track"], t["conference"], t["talks"]) for t in listed} == {
        ("Systems", "DevConf 2026", 2),
        ("Data", "DevConf 2026", 1),
        ("Systems", "Kieler Tage 2026", 1),
        ("Data", "Kieler Tage 2026", 1),
    }


def test_the_tracks_of_one_conference_are_listed_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    (tmp_path / "devconf.csv").write_text(DEVCONF, encoding="utf-8")
    argv = ["--home", str(home), "ingest", str(tmp_path / "devconf.csv")]
    assert main([*argv, "--conference", "DevConf 2026"]) == 0
    tracks = _stats(home, capsys).split("\ntracks:\n", 1)[1]
    assert tracks.splitlines() == ["    2  Systems", "    1  Data"]

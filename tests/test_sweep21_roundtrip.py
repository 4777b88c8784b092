"""A base read back from its own export holds what it held (sweep 21, durable F1):
the conflicts it kept where two documents disagreed (on a room, on a speaker list),
each with its values and the documents that gave them, the talks' links with their
labels, their track descriptions and their venue, through the CSV export as through
the JSON lines. Built from real documents through the CLI, exported both ways,
ingested into fresh homes and exported again: every field the same (the sources
alone name the export, the document the restored base read)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from ingest.detect import parse_text
from talkbase.cli import _write_talks, main
from talkbase.core.exportcsv import EXPORT_COLUMNS
from talkbase.core.records import Conflict, Source, Speaker, Talk

HEADER = "title,speakers,day,start,end,room,track,abstract,timezone,language,url\n"
ROWS = [
    "Fault tolerant collectives at scale,Jane Doe; Bob Roe,2026-03-10,09:00,09:45,Hall A,"
    "Systems,How we made all-reduce survive node failures.,America/New_York,en,"
    "https://example.org/t1",
    "Rust for kernel drivers,Ana Silva,2026-03-10,10:00,10:30,Hall B,Languages,"
    "Writing Linux drivers in Rust.,America/New_York,en,https://example.org/t2",
    "Vector databases explained,Li Wei,2026-03-11,14:00,14:30,Hall B,Data,"
    "Approximate nearest neighbour search.,America/New_York,en,https://example.org/t4",
]
FRAB = {
    "schedule": {
        "conference": {
            "title": "Kieler Tage 2026",
            "venue": "Audimax",
            "city": "Kiel",
            "time_zone_name": "Europe/Berlin",
            "days": [
                {
                    "index": 1,
                    "date": "2026-06-20",
                    "rooms": {
                        "Saal 1": [
                            {
                                "guid": f"7c1f{n}-guid",
                                "id": n,
                                "title": title,
                                "date": f"2026-06-20T{10 + n}:00:00+02:00",
                                "start": f"{10 + n}:00",
                                "duration": "00:45",
                                "room": "Saal 1",
                                "persons": [{"public_name": "Jo Ng"}],
                                "abstract": "A talk.",
                                "url": f"https://kiel.example.org/talk/{n}",
                                "links": [
                                    {"title": "Slides", "url": f"https://kiel.example.org/s{n}"}
                                ],
                            }
                            for n, title in enumerate(["Segeln mit Sensoren", "Ostsee-Daten"])
                        ]
                    },
                }
            ],
        }
    }
}


@pytest.fixture
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")


def _export(home: Path, capsys: pytest.CaptureFixture[str]) -> dict[int, dict[str, Any]]:
    capsys.readouterr()
    assert main(["--home", str(home), "export"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    return {t["id"]: {k: v for k, v in t.items() if k != "sources"} for t in lines}


@pytest.mark.usefixtures("_hashing")
@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_a_base_read_back_from_its_export_keeps_its_conflicts_and_links(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = tmp_path / "conf_a.csv"
    first.write_text(HEADER + "\n".join(ROWS) + "\n", encoding="utf-8")
    second = tmp_path / "v2" / "conf_a_v2.csv"  # one room and one speaker list differ
    second.parent.mkdir()
    second.write_text(
        HEADER
        + "\n".join(
            r.replace("Hall B,Languages", "Room 101,Languages").replace(
                "Li Wei", "Li Wei; Ann Other"
            )
            for r in ROWS
        )
        + "\n",
        encoding="utf-8",
    )
    frab = tmp_path / "kiel.json"
    frab.write_text(json.dumps(FRAB), encoding="utf-8")
    home = tmp_path / "home"
    for doc in (first, second):
        assert main(["--home", str(home), "ingest", str(doc), "--conference", "DevConf 2026"]) == 0
    assert main(["--home", str(home), "ingest", str(frab)]) == 0
    before = _export(home, capsys)
    conflicts = {c["field"]: c["values"] for t in before.values() for c in t["conflicts"]}
    assert conflicts["room"] == [
        {"document": "conf_a.csv", "value": "Hall B"},
        {"document": "conf_a_v2.csv", "value": "Room 101"},
    ]
    assert "speakers" in conflicts
    assert sum(bool(t["links"]) for t in before.values()) == 5
    assert {t["venue"] for t in before.values()} == {None, "Audimax, Kiel"}

    out = tmp_path / f"talks.{fmt}"
    assert main(["--home", str(home), "export", "--format", fmt, "-o", str(out)]) == 0
    again = tmp_path / "again"
    assert main(["--home", str(again), "ingest", str(out)]) == 0
    after = _export(again, capsys)
    assert after.keys() == before.keys()
    for tid, talk in before.items():
        assert after[tid] == talk, talk["title"]


ZONE = ZoneInfo("Europe/Berlin")
EVERYTHING = Talk(
    title="A talk holding every field",
    speakers=(Speaker("Ann Lee", "Meta (FAIR)"), Speaker("García, José")),
    start=datetime(2026, 10, 20, 9, tzinfo=ZONE),
    end=datetime(2026, 10, 20, 9, 45, tzinfo=ZONE),
    room="Saal 1",
    track="Systems",
    track_description="Kernels, schedulers and the like.",
    format="Workshop",
    abstract="About everything.",
    notes=(("Why", "Because."), ("URL", "https://example.org/t")),
    abstract_only=True,
    conference="Tricky Conf 2026",
    sources=(Source("a.csv", "csv", "line 2"),),
    conflicts=(
        Conflict("room", (("a.csv", "Saal 1"), ("b.csv", "Saal 2"))),
        Conflict("affiliation of Ann Lee", (("a.csv", "Meta (FAIR)"), ("b.csv", "Meta"))),
    ),
    uid="guid-1",
    language="de",
    links=(("Program page", "https://example.org/t"), ("Slides", "https://example.org/s.pdf")),
    venue="Audimax, Kiel",
)


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_every_field_a_talk_holds_reads_back_from_the_export(fmt: str) -> None:
    out = io.StringIO()
    _write_talks(
        out, [EVERYTHING, dataclasses.replace(EVERYTHING, title="Another", uid="guid-2")], fmt
    )
    _, talks, warnings = parse_text(out.getvalue(), f"talks.{fmt}")
    assert not warnings
    want = {k: v for k, v in EVERYTHING.to_dict().items() if k not in ("id", "sources")}
    got = {k: v for k, v in talks[0].to_dict().items() if k not in ("id", "sources")}
    assert got == want


# Fields of a talk that the CSV export gives in other columns, or that are not the
# talk's own: its start and end (`day`, `start`, `end`, `timezone`), its id (the
# base's number, made again from `uid`, conference and title), its sources (the
# restored base's is the export it read)
_OTHERWISE = {"start", "end", "id", "sources"}


def test_the_csv_export_has_a_column_for_every_field_of_a_talk() -> None:
    """A field added to `Talk` without a column of the CSV export would not travel."""
    fields = {f.name for f in dataclasses.fields(Talk)} - _OTHERWISE
    assert fields <= set(EXPORT_COLUMNS), fields - set(EXPORT_COLUMNS)


def test_anyone_elses_conflicts_and_venue_columns_are_not_read_as_the_exports() -> None:
    text = (
        "title,room,venue,conflicts\n"
        'Talk,Hall A,Big Center,"[{""field"": ""room"", ""values"": '
        '[{""document"": ""x"", ""value"": ""y""}]}]"\n'
    )
    _, (talk,), _ = parse_text(text, "theirs.csv")
    assert (talk.room, talk.venue, talk.conflicts) == ("Hall A", None, ())


def test_an_earlier_csv_export_gives_each_talk_its_program_page_from_its_url_note() -> None:
    """An export written before the `links` column (its columns up to `uid`) keeps a
    talk's page in its notes ({"URL": ...}), as a table's url column gives it."""
    out = io.StringIO()
    _write_talks(out, [EVERYTHING], "csv")
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    earlier = io.StringIO()
    csv.writer(earlier).writerows(r[: EXPORT_COLUMNS.index("uid") + 1] for r in rows)
    _, (talk,), _ = parse_text(earlier.getvalue(), "talks.csv")
    assert talk.links == (("Program page", "https://example.org/t"),)
    assert talk.note("URL") == "https://example.org/t"

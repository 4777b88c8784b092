"""talkbase's own CSV export reads back as it was written, as its JSON lines do
(sweep 18 F1-F4, F8): a title the export guarded against running as a formula
("'-O3 considered harmful") loses the guard, a speaker "García, José" stays one
person and keeps no one else's affiliation, the talks keep their ids, and nothing is
said of columns that are read. Only a file whose header is the export's own is read
so: anyone else's "'" stays. A CSV field longer than the csv module's own limit is cut
with a warning, as every format's is, never the whole file refused; and in anyone's
speaker cell "García, José; Carla Ruiz (AWS)" the organisation stays with Carla Ruiz."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from ingest import parse_path
from ingest.detect import parse_text
from ingest.speakers import parse_speakers
from talkbase.cli import _write_talks, main
from talkbase.core.exportcsv import EXPORT_COLUMNS
from talkbase.core.records import Speaker, Talk

ZONE = ZoneInfo("Europe/Berlin")


def _at(hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 10, 20, hour, minute, tzinfo=ZONE)


def _talks() -> list[Talk]:
    people = (
        Speaker("García, José"),
        Speaker("Jane Doe (ACME, Inc.)"),  # (a pretalx public name: no affiliation)
        Speaker("Ann Lee", "Meta (FAIR)"),
        Speaker("Bo Ray", "ACME, Inc."),
    )
    titles = (
        "-O3 considered harmful",
        "@scale: serving billions",
        "+1 for Rust",
        "=cmd|' /C calc'!A0",
        "'-- force' considered harmful",  # a quote of its own, then a formula's sign
        "'Twas the night before release",
    )
    return [
        Talk(
            title=title,
            speakers=people[i % 2 * 2 : i % 2 * 2 + 2],
            start=_at(9 + i),
            end=_at(9 + i, 45),
            room="-1 floor" if i == 0 else "Room A",
            track="Compilers",
            abstract=f"About {title}.",
            conference="Tricky Conf 2026",
            uid=f"guid-{i}" if i % 3 else None,
            id=100 + i,
        )
        for i, title in enumerate(titles)
    ]


def _exported(talks: list[Talk]) -> str:
    out = io.StringIO()
    _write_talks(out, talks, "csv")
    return out.getvalue()


def _read(text: str, name: str = "export.csv") -> tuple[list[Talk], list[str]]:
    fmt, talks, warnings = parse_text(text, name)
    assert fmt == "csv"
    return talks, warnings


def test_titles_and_rooms_come_back_without_the_formula_guard() -> None:
    text = _exported(_talks())
    assert "'-O3 considered harmful" in text and "'=cmd|" in text  # (the guard is kept)
    talks, _ = _read(text)
    assert [t.title for t in talks] == [t.title for t in _talks()]
    assert talks[0].room == "-1 floor"


def test_speakers_come_back_as_they_were() -> None:
    talks, warnings = _read(_exported(_talks()))
    assert [t.speakers for t in talks] == [t.speakers for t in _talks()]
    assert not [w for w in warnings if "Family, Given" in w or "Name, Organisation" in w]


def test_the_program_ids_come_back_so_the_talks_keep_their_ids() -> None:
    """The export's `id` is the base's own number; its `uid` the program's id, which
    (with the conference and the title) makes the talk's id, as JSON lines keep it."""
    talks, _ = _read(_exported(_talks()))
    assert [t.uid for t in talks] == [t.uid for t in _talks()]


def test_an_earlier_export_without_a_uid_column_takes_no_id_for_one() -> None:
    """An export an earlier talkbase wrote (no `uid` column): its `id` column is the
    base's number, no program's id (which would give every talk a new id)."""
    rows = list(csv.reader(io.StringIO(_exported(_talks()))))
    old = io.StringIO()
    before_uid = EXPORT_COLUMNS.index("uid")  # (the columns an earlier export wrote)
    csv.writer(old, lineterminator="\n").writerows(r[:before_uid] for r in rows)
    talks, warnings = _read(old.getvalue())
    assert [t.uid for t in talks] == [None] * len(_talks())
    assert [t.title for t in talks] == [t.title for t in _talks()]
    assert not [w for w in warnings if "not read" in w]


def test_reading_the_export_back_says_nothing_of_its_columns() -> None:
    talks = [
        Talk("Cancelled one", start=_at(9), notes=(("Status", "cancelled"),), abstract_only=True),
        Talk("Kept one", start=_at(10)),
    ]
    read, warnings = _read(_exported(talks))
    assert not [w for w in warnings if "not read" in w], warnings
    assert [(t.cancelled, t.abstract_only) for t in read] == [(True, True), (False, False)]


def test_anyone_elses_csv_keeps_its_quotes_and_its_id_column() -> None:
    text = "id,title,speakers,room\n7,'-O3 considered harmful,\"García, José\",'-1 floor\n"
    (talk,), _ = _read(text, "theirs.csv")
    assert (talk.title, talk.room, talk.uid) == ("'-O3 considered harmful", "'-1 floor", "7")


def test_an_export_with_a_column_of_its_own_added_is_anyone_elses() -> None:
    text = _exported(_talks()[:1])
    header, rest = text.split("\r\n", 1)
    (talk,), _ = _read(f"{header},mine\r\n{rest.rstrip()},x\r\n", "edited.csv")
    assert talk.title == "'-O3 considered harmful"


@pytest.fixture
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")


FRAB = {
    "schedule": {
        "conference": {
            "title": "Tricky Conf 2026",
            "time_zone_name": "Europe/Berlin",
            "days": [
                {
                    "index": 1,
                    "date": "2026-10-20",
                    "rooms": {
                        "Saal 1": [
                            {
                                "guid": f"6b0e{n}-guid",
                                "id": n,
                                "title": title,
                                "date": f"2026-10-20T{10 + n}:00:00+02:00",
                                "start": f"{10 + n}:00",
                                "duration": "00:45",
                                "room": "Saal 1",
                                "persons": [{"public_name": "García, José"}],
                                "abstract": "A talk.",
                            }
                            for n, title in enumerate(["-O3 considered harmful", "Plain talk"])
                        ]
                    },
                }
            ],
        }
    }
}
TABLE = "title,speakers,date,start,end,room\nTable talk,Ann Lee (AWS),2026-10-21,09:00,09:30,B\n"


@pytest.mark.usefixtures("_hashing")
def test_a_base_read_back_from_its_csv_keeps_every_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "conf.json").write_text(json.dumps(FRAB), encoding="utf-8")
    (tmp_path / "table.csv").write_text(TABLE, encoding="utf-8")
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(tmp_path / "conf.json")]) == 0
    assert main(["--home", str(home), "ingest", str(tmp_path / "table.csv")]) == 0

    def ids(where: Path) -> dict[str, tuple[int, list[str]]]:
        capsys.readouterr()
        assert main(["--home", str(where), "export"]) == 0
        lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
        return {t["title"]: (t["id"], [s["name"] for s in t["speakers"]]) for t in lines}

    before = ids(home)
    out = tmp_path / "talks.csv"
    assert main(["--home", str(home), "export", "--format", "csv", "-o", str(out)]) == 0
    again = tmp_path / "again"
    assert main(["--home", str(again), "ingest", str(out)]) == 0
    assert ids(again) == before
    capsys.readouterr()
    assert main(["--home", str(home), "ingest", str(out)]) == 0  # into the same base
    said = capsys.readouterr()
    assert "removed" not in said.out + said.err and "added" not in said.out + said.err
    assert ids(home) == before


def test_a_field_past_the_csv_modules_limit_is_cut_not_the_file_refused(tmp_path: Path) -> None:
    long = "A sentence of the abstract. " * 6000  # 168,000 characters
    path = tmp_path / "long.csv"
    path.write_text(
        f'title,abstract\nLong talk,"{long}"\nShort talk,A short one.\n', encoding="utf-8"
    )
    doc = parse_path(path)
    assert [t.title for t in doc.talks] == ["Long talk", "Short talk"]
    assert 0 < len(doc.talks[0].abstract) < len(long.strip())
    assert any(w.startswith("long.csv line 2: the abstract of 'Long talk'") for w in doc.warnings)


@pytest.mark.parametrize(
    ("cell", "people"),
    [
        # (sweep 18 F4) the ";" separates what its parts' commas list
        (
            "García, José; Carla Ruiz (AWS)",
            [("García", None), ("José", None), ("Carla Ruiz", "AWS")],
        ),
        (
            "Ana Lima, Bo Ray; Cy Dee (AWS)",
            [("Ana Lima", None), ("Bo Ray", None), ("Cy Dee", "AWS")],
        ),
        # a part of its own shares the trailing organisation, as before
        ("Bob Ren; Aaron Orenstein (Meta)", [("Bob Ren", "Meta"), ("Aaron Orenstein", "Meta")]),
        ("Ana Lima, Bo Ray (Meta)", [("Ana Lima", "Meta"), ("Bo Ray", "Meta")]),
        ("Jane Roe, PhD; Bo Ray (Meta)", [("Jane Roe", "Meta"), ("Bo Ray", "Meta")]),
    ],
)
def test_a_trailing_organisation_stays_within_its_part(
    cell: str, people: list[tuple[str, str | None]]
) -> None:
    assert [(s.name, s.affiliation) for s in parse_speakers(cell)] == people


def test_a_family_first_column_keeps_each_organisation_with_its_person() -> None:
    text = (
        "title,speakers,date,start\n"
        'One,"Doe, Jane; Smith, John (ACME)",2026-10-20,09:00\n'
        'Two,"van Rossum, Guido",2026-10-20,10:00\n'
    )
    talks, _ = _read(text, "conftool.csv")
    assert [(s.name, s.affiliation) for s in talks[0].speakers] == [
        ("Jane Doe", None),
        ("John Smith", "ACME"),
    ]


# People whose names or organisations hold the speakers cell's own signs: "; " between
# two people, parentheses around an organisation (sweep 19)
ODD_PEOPLE = (
    (Speaker("Ann; Bob"),),  # one person whose public name holds "; "
    (Speaker("Cy Day", "Lab A; Lab B"), Speaker("Name (X)")),
    (Speaker("Di Eck", "Acme (Labs"), Speaker("Ed Fox", "Acme) B")),
    (Speaker("Fay (", None), Speaker("Gus )", "Y"), Speaker("Hal\\")),
    (Speaker("Ivy Jo", "Q\\"), Speaker("Jo (X) ()"), Speaker("Kim Li", "(Z)")),
    (Speaker("Lu;Ma", "O;P"), Speaker("Name (X)", "Org"), Speaker("A\\(b")),
)


def _odd_talks() -> list[Talk]:
    return [
        Talk(
            title=f"Odd people {n}",
            speakers=people,
            start=_at(9 + n),
            end=_at(9 + n, 45),
            room="Room A",
            conference="Tricky Conf 2026",
            uid=f"odd-{n}",
        )
        for n, people in enumerate(ODD_PEOPLE)
    ]


def test_people_with_the_cells_own_signs_come_back_as_they_were() -> None:
    talks, _ = _read(_exported(_odd_talks()))
    assert [t.speakers for t in talks] == list(ODD_PEOPLE)


def test_plain_people_are_written_as_before() -> None:
    text = _exported(_talks())
    assert "García, José; Jane Doe (ACME, Inc.) ()" in text and "\\" not in text


def test_any_name_and_organisation_come_back_from_the_speakers_cell() -> None:
    import random

    from talkbase.core.exportcsv import cell_speakers, speakers_cell

    pick = random.Random(19)
    signs = ["a", "Bo", "(", ")", ";", "; ", "\\", "()", ",", "x)"]

    def text() -> str:
        return " ".join("".join(pick.choices(signs, k=pick.randint(1, 4))).split())

    for _ in range(3000):
        people = tuple(
            Speaker(name, (text() or None) if pick.random() < 0.6 else None)
            for name in (text() for _ in range(pick.randint(1, 3)))
            if name
        )
        assert cell_speakers(speakers_cell(people)) == people, speakers_cell(people)


@pytest.mark.usefixtures("_hashing")
def test_a_base_of_odd_people_read_back_from_its_csv_into_a_fresh_home_keeps_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    program = tmp_path / "odd.jsonl"
    program.write_text(
        "".join(json.dumps(t.to_dict(), ensure_ascii=False) + "\n" for t in _odd_talks()),
        encoding="utf-8",
    )
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(program)]) == 0

    def people(where: Path) -> dict[str, list[tuple[str, str | None]]]:
        capsys.readouterr()
        assert main(["--home", str(where), "export"]) == 0
        lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
        return {
            t["title"]: [(s["name"], s.get("affiliation")) for s in t["speakers"]] for t in lines
        }

    before = people(home)
    assert before == {
        f"Odd people {n}": [(s.name, s.affiliation) for s in ppl]
        for n, ppl in enumerate(ODD_PEOPLE)
    }
    out = tmp_path / "talks.csv"
    assert main(["--home", str(home), "export", "--format", "csv", "-o", str(out)]) == 0
    again = tmp_path / "again"
    assert main(["--home", str(again), "ingest", str(out)]) == 0
    assert people(again) == before

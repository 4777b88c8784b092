"""What the review of sweep 9's fixes left (docs/formats.md, "Left from the review"),
each reduced to a small document: a Hugo list page naming the programs beside it, an
Excel title merged over two rows, `<br>` between two speakers, a Sessionize tag line
of one organisation's name, "Name, Org" in one speaker cell, and a city that is a
common word in a conference's title."""

from __future__ import annotations

from pathlib import Path

from index.build.builder import Report, parse_all


def _program(heading: str, year: int) -> str:
    return (
        f"# {heading}\n\n## Friday, 4 October {year}\n\n"
        "- 09:00–09:45 Opening keynote — Ana Lima\n"
        "- 10:00–10:45 Scaling Postgres — João Souza\n"
    )


def test_a_section_list_page_does_not_name_the_programs_beside_it(tmp_path: Path) -> None:
    """Hugo's `_index.md` titled "Past programs" renamed the programs of its folder whose
    heading repeats their file's name: each became the conference "Past programs"."""
    past = tmp_path / "site" / "content" / "past"
    past.mkdir(parents=True)
    (past / "_index.md").write_text('---\ntitle: "Past programs"\n---\n\nEarlier years.\n')
    (past / "devconf2023.md").write_text(_program("devconf2023", 2023))
    (past / "rustday.md").write_text(_program("Rust Day Lisbon", 2024))
    report = Report()
    docs = parse_all([tmp_path / "site"], None, report)
    assert sorted(t.conference for d in docs for t in d.talks) == [
        "Rust Day Lisbon",
        "Rust Day Lisbon",
        "devconf2023",
        "devconf2023",
    ]
    assert not report.failed  # (the list page is told in a notice, as beside talk pages)
    assert any("_index.md" in n and "2 programs" in n for n in report.notices)


def test_a_section_list_page_still_names_its_talk_pages_beside_a_program(tmp_path: Path) -> None:
    """The talk pages of the section keep the section's name; a program beside them
    keeps its own."""
    talks = tmp_path / "content" / "talks"
    talks.mkdir(parents=True)
    (talks / "_index.md").write_text('---\ntitle: "GopherCon Lisbon 2026"\n---\n')
    (talks / "generics.md").write_text(
        '---\ntitle: "Generics in practice"\ndate: 2026-10-08T10:00:00+01:00\n'
        'duration: 45\nroom: "Auditorium 1"\nspeakers: ["Ana Lima"]\n---\n\nText.\n'
    )
    (talks / "meetup2025.md").write_text(_program("meetup2025", 2025))
    docs = parse_all([talks], None, Report())
    got = {d.name: {t.conference for t in d.talks} for d in docs}
    assert got == {"generics.md": {"GopherCon Lisbon 2026"}, "meetup2025.md": {"meetup2025"}}


def _sheet(path: Path, rows: list[tuple[object, ...]], merges: list[str]) -> Path:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Wednesday 21 Oct 2026"
    for row in rows:
        ws.append(list(row))
    for ref in merges:
        ws.merge_cells(ref)
    wb.save(path)
    return path


_HEADER = ("Start", "End", "Title", "Speaker", "Room")


def _read(path: Path) -> list[tuple[str, str, str, list[str]]]:
    from ingest.detect import parse_path

    return [
        (
            t.title,
            t.start.strftime("%H:%M") if t.start else "",
            t.end.strftime("%H:%M") if t.end else "",
            [s.name for s in t.speakers],
        )
        for t in parse_path(path).talks
    ]


def test_an_excel_title_merged_over_two_rows_is_one_talk(tmp_path: Path) -> None:
    """A long title merged over two rows (the second row empty but for it) was read
    as two talks, the second without a time."""
    from datetime import time

    long = "GitOps at the edge: what we learned running Flux on a thousand stores"
    rows = [
        _HEADER,
        (time(9, 0), time(9, 45), long, "Ana Lima", "Aula"),
        (None, None, None, None, None),
        (time(10, 0), time(10, 30), "Chaos engineering", "João Souza", "Room E12"),
    ]
    assert _read(_sheet(tmp_path / "p.xlsx", rows, ["C2:C3"])) == [
        (long, "09:00", "09:45", ["Ana Lima"]),
        ("Chaos engineering", "10:00", "10:30", ["João Souza"]),
    ]


def test_the_rows_of_a_merged_title_give_one_talk_their_speakers_and_last_end(
    tmp_path: Path,
) -> None:
    """A second speaker on the merged title's second row is the talk's; a workshop
    merged over two time slots ends with the second."""
    from datetime import time

    rows = [
        _HEADER,
        (time(9, 0), time(10, 0), "Kubernetes workshop", "Ana Lima", "Lab"),
        (time(10, 0), time(11, 0), None, "João Souza", None),
        (time(11, 0), time(11, 30), "Chaos engineering", "Kim Min-jun", "Room E12"),
    ]
    # (the second row's time in merged cells: its speaker is the talk's second)
    merged = _sheet(tmp_path / "a.xlsx", rows, ["A2:A3", "B2:B3", "C2:C3", "E2:E3"])
    assert _read(merged)[0] == ("Kubernetes workshop", "09:00", "10:00", ["Ana Lima", "João Souza"])
    # (the second row's own slot, no speaker of its own: the workshop runs on in it)
    rows[2] = (time(10, 0), time(11, 0), None, None, None)
    slots = _sheet(tmp_path / "b.xlsx", rows, ["C2:C3", "D2:D3", "E2:E3"])
    assert _read(slots)[:2] == [
        ("Kubernetes workshop", "09:00", "11:00", ["Ana Lima"]),
        ("Chaos engineering", "11:00", "11:30", ["Kim Min-jun"]),
    ]


def test_a_blocks_title_merged_over_its_own_talks_stays_each_rows(tmp_path: Path) -> None:
    """Rows under a merged title that each give a time and a speaker of their own are
    talks of their own (lightning talks under one block's name), as before."""
    from datetime import time

    rows = [
        _HEADER,
        (time(9, 0), time(9, 10), "Lightning talks", "Ana Lima", "Aula"),
        (time(9, 10), time(9, 20), None, "João Souza", None),
    ]
    assert _read(_sheet(tmp_path / "p.xlsx", rows, ["C2:C3", "E2:E3"])) == [
        ("Lightning talks", "09:00", "09:10", ["Ana Lima"]),
        ("Lightning talks", "09:10", "09:20", ["João Souza"]),
    ]


_TABLE = """# DevConf 2026

## Friday, 4 September 2026

| Time | Title | Speakers | Room |
| --- | --- | --- | --- |
| 09:00–09:45 | Opening keynote | Ana Lima<br>João Souza | Aula |
| 10:00–10:45 | Scaling Postgres | Kim Min-jun, Elif Şahin | Aula |
| 11:00–11:45 | Rust at work | Maria Rossi<br>*Acme Corp* | Aula |
"""


def test_two_names_on_two_lines_beside_comma_separated_cells_are_two_people() -> None:
    """`Ana Lima<br>João Souza` in a column whose other cells separate people with a
    comma was read as Ana Lima of the organisation "João Souza"; a name over an
    organisation stays one person with an affiliation."""
    from ingest.detect import parse_text

    csv = (
        "Date,Time,Title,Speakers,Room\n"
        '2026-09-04,09:00-09:45,Opening keynote,"Ana Lima\nJoão Souza",Aula\n'
        '2026-09-04,10:00-10:45,Scaling Postgres,"Kim Min-jun, Elif Şahin",Aula\n'
        '2026-09-04,11:00-11:45,Rust at work,"Maria Rossi\nAcme Corp",Aula\n'
    )
    for text, name in ((_TABLE, "devconf.md"), (csv, "devconf.csv")):
        _, talks, _ = parse_text(text, name)
        assert [[(s.name, s.affiliation) for s in t.speakers] for t in talks] == [
            [("Ana Lima", None), ("João Souza", None)],
            [("Kim Min-jun", None), ("Elif Şahin", None)],
            [("Maria Rossi", "Acme Corp")],
        ], name


def _sessionize(speakers: list[dict[str, object]]) -> str:
    import json

    sessions = [
        {
            "id": str(100 + n),
            "title": f"Talk {n}",
            "startsAt": f"2026-05-20T{9 + n:02d}:00:00",
            "endsAt": f"2026-05-20T{9 + n:02d}:40:00",
            "speakers": [s["id"]],
            "roomId": 1,
        }
        for n, s in enumerate(speakers)
    ]
    rooms = [{"id": 1, "name": "Hall A"}]
    return json.dumps({"sessions": sessions, "speakers": speakers, "rooms": rooms})


def _speaker(n: int, name: str, tag: str, **more: object) -> dict[str, object]:
    return {"id": f"s{n}", "fullName": name, "tagLine": tag, **more}


def _affiliations(text: str) -> dict[str, str | None]:
    from ingest.detect import parse_text

    _, talks, _ = parse_text(text, "sessionize.json")
    return {s.name: s.affiliation for t in talks for s in t.speakers}


def test_a_one_word_tag_line_the_program_shows_to_be_a_company_is_the_affiliation() -> None:
    """A Sessionize tag line of one name ("Adyen") gave no affiliation, also where the
    program says it is a company: another speaker's ("Backend Engineer at Adyen"), the
    speaker's bio ("at Adyen"), the site of their link titled as their company's."""
    colleague = [
        _speaker(1, "Ana Lima", "Adyen"),
        _speaker(2, "João Souza", "Backend Engineer at Adyen"),
        _speaker(3, "Kim Min-jun", "Developer"),
        _speaker(4, "Elif Şahin", "Speaker"),
        _speaker(5, "Pedro Alves", "Speaker at KubeCon"),
    ]
    assert _affiliations(_sessionize(colleague)) == {
        "Ana Lima": "Adyen",
        "João Souza": "Adyen",
        "Kim Min-jun": None,  # (a role's word)
        "Elif Şahin": None,  # (a role in the program: "Speaker at KubeCon")
        "Pedro Alves": "KubeCon",
    }
    site = {"title": "Company Website", "url": "https://www.adyen.com/", "linkType": "Company"}
    profile = {"title": "LinkedIn", "url": "https://www.freelancer.com/u/kim"}
    linked = [
        _speaker(1, "Ana Lima", "Adyen", links=[site]),
        _speaker(2, "Kim Min-jun", "Freelancer", links=[profile]),
    ]
    assert _affiliations(_sessionize(linked)) == {"Ana Lima": "Adyen", "Kim Min-jun": None}
    bio = [
        _speaker(1, "Ana Lima", "Adyen", bio="Ana leads the payments team at Adyen."),
        _speaker(2, "Kim Min-jun", "Mentor", bio="A mentor at heart."),
    ]
    assert _affiliations(_sessionize(bio)) == {"Ana Lima": "Adyen", "Kim Min-jun": None}


def test_a_one_word_tag_line_nothing_shows_to_be_a_company_stays_none() -> None:
    """Alone, "Adyen" cannot be told from "Freelancer" or "DevRel": no affiliation."""
    alone = [
        _speaker(1, "Ana Lima", "Adyen", bio="Payments."),
        _speaker(2, "Kim Min-jun", "Freelancer"),
        _speaker(3, "Elif Şahin", "DevRel"),
    ]
    assert set(_affiliations(_sessionize(alone)).values()) == {None}


def _people_of(text: str, name: str) -> list[list[tuple[str, str | None]]]:
    from ingest.detect import parse_text

    _, talks, _ = parse_text(text, name)
    return [[(s.name, s.affiliation) for s in t.speakers] for t in talks]


def test_a_name_and_an_organisation_after_its_comma_are_one_person() -> None:
    """ "Dr. Kim, KAIST" was two people, "Dr. Kim" and "KAIST"; so was "Elif Şahin,
    Nubank" where the program gives Nubank as another speaker's organisation. Two
    names after one another stay two people."""
    csv = (
        "Date,Time,Title,Speakers,Affiliation,Room\n"
        '2026-09-04,09:00-09:45,Opening keynote,"Dr. Kim, KAIST",,Aula\n'
        '2026-09-04,10:00-10:45,Scaling Postgres,"Ana Lima, João Souza",,Aula\n'
        '2026-09-04,11:00-11:45,Go at work,"Elif Şahin, Nubank",,Aula\n'
        "2026-09-04,12:00-12:45,Rust at work,Maria Rossi,Nubank,Aula\n"
        '2026-09-04,13:00-13:45,Pairing,"Ana, Bob",,Aula\n'
    )
    assert _people_of(csv, "program.csv") == [
        [("Dr. Kim", "KAIST")],
        [("Ana Lima", None), ("João Souza", None)],
        [("Elif Şahin", "Nubank")],
        [("Maria Rossi", "Nubank")],
        [("Ana", None), ("Bob", None)],
    ]
    md = (
        "# DevConf 2026\n\n## Friday, 4 September 2026\n\n"
        "### 09:00–09:45 Opening keynote\nSpeakers: Dr. Kim, KAIST\n\n"
        "### 10:00–10:45 Scaling Postgres\nSpeakers: Ana Lima, João Souza\n\n"
        "### 11:00–11:45 Databases\nSpeakers: Pedro Alves, Universidad de Chile\n"
    )
    assert _people_of(md, "devconf.md") == [
        [("Dr. Kim", "KAIST")],
        [("Ana Lima", None), ("João Souza", None)],
        [("Pedro Alves", "Universidad de Chile")],
    ]


def test_two_names_stay_two_people_in_a_column_of_names_and_organisations() -> None:
    """A column most of whose cells are "Name, Organisation" read "Ana Lima, João
    Souza" as Ana Lima of the organisation "João Souza"."""
    import json

    talks = [
        ("Opening keynote", "Dr. Kim, KAIST"),
        ("Scaling Postgres", "Ana Lima, João Souza"),
        ("Gophers", "Elif Şahin, Universidad de Chile"),
    ]
    text = json.dumps(
        {
            "talks": [
                {"title": t, "start": f"2026-09-04T{9 + n}:00:00+02:00", "speakers": s}
                for n, (t, s) in enumerate(talks)
            ]
        }
    )
    assert _people_of(text, "program.json") == [
        [("Dr. Kim", "KAIST")],
        [("Ana Lima", None), ("João Souza", None)],
        [("Elif Şahin", "Universidad de Chile")],
    ]
    csv = (
        "Date,Time,Title,Speakers\n"
        '2026-09-04,09:00,Opening keynote,"Kim Min-jun, KAIST"\n'
        '2026-09-04,10:00,Scaling Postgres,"Ana Lima, João Souza"\n'
        '2026-09-04,11:00,Rust at work,"Maria Rossi, Acme Corp"\n'
    )
    assert _people_of(csv, "program.csv") == [
        [("Kim Min-jun", "KAIST")],
        [("Ana Lima", None), ("João Souza", None)],
        [("Maria Rossi", "Acme Corp")],
    ]


def test_a_common_word_city_inside_a_titles_name_moves_no_program() -> None:
    """(A guard, not a fix: the review's examples read no city at the head either.) A
    city's name inside a title's name, not beside its year nor a part of its own, is
    no zone: "Project Phoenix Summit", "Jersey Dev Day 2026"."""
    from ingest.formats.mdparts import title_zone

    assert title_zone("Project Phoenix Summit") is None
    assert title_zone("Project Phoenix Summit 2026 — Schedule") is None
    assert title_zone("Jersey Dev Day 2026") is None
    assert str(title_zone("PyData Amsterdam 2026")) == "Europe/Amsterdam"

"""Speaker columns that write "Family, Given" (academic exports: "Smith, John (ACME);
Doe, Jane") name one person per entry, given name first, with a warning saying so;
whole names on both sides of a comma stay two people, a name and an organisation
stay what `comma_affiliation` says, and a column mostly of plain names keeps its
comma entries as written."""

from __future__ import annotations

import pytest

from ingest import parse_text
from ingest.speakers import family_first, parse_speakers

CSV_HEAD = "Title,Speakers,Date,Start,End,Room\n"


def _csv(*rows: tuple[str, str]) -> str:
    body = "".join(
        f'{title},"{who}",2025-05-12,{9 + i}:00,{9 + i}:30,Aula {i}\n'
        for i, (title, who) in enumerate(rows)
    )
    return CSV_HEAD + body


def _names(talks) -> dict[str, list[tuple[str, str | None]]]:
    return {t.title: [(s.name, s.affiliation) for s in t.speakers] for t in talks}


def test_a_family_first_column_names_each_person_once():
    text = _csv(
        ("Rust in the kernel", "Smith, John (ACME); Doe, Jane"),
        ("Graph databases", "van Rossum, Guido"),
        ("Opening", "Müller-Lüdenscheidt, Hans-Peter"),
        ("Proofs", "Knuth, D. E."),
    )
    _, talks, warnings = parse_text(text, "conftool.csv")
    assert _names(talks) == {
        "Rust in the kernel": [("John Smith", "ACME"), ("Jane Doe", None)],
        "Graph databases": [("Guido van Rossum", None)],
        "Opening": [("Hans-Peter Müller-Lüdenscheidt", None)],
        "Proofs": [("D. E. Knuth", None)],
    }
    said = [w for w in warnings if "Family, Given" in w]
    assert len(said) == 1 and "column 'Speakers'" in said[0], warnings


def test_with_an_affiliation_column_too():
    text = (
        "Title,Speaker,Organisation,Date,Start\n"
        'Sensor fusion,"Okafor, Chidi",TU Delft,2025-05-12,09:00\n'
        'Edge inference,"Lindqvist, Maja K.",KTH,2025-05-12,10:00\n'
    )
    _, talks, _ = parse_text(text, "sessions.csv")
    assert _names(talks) == {
        "Sensor fusion": [("Chidi Okafor", "TU Delft")],
        "Edge inference": [("Maja K. Lindqvist", "KTH")],
    }


@pytest.mark.parametrize(
    "cells",
    [
        ["Ada Lovelace, Grace Hopper", "Alan Turing"],  # two whole names: two people
        ["Li Wei, Mozilla", "Ana Pérez, Code for Ghana"],  # name and organisation
        ["Jane Doe", "John Roe", "Mary Major", "Smith, John"],  # mostly plain names
        ["Smith, John, Doe, Jane"],  # a list of people
        ["Smith, Acme Corporation"],  # an organisation after the comma
    ],
)
def test_what_is_no_family_first_column(cells):
    assert family_first(cells) is None


def test_shape_alone_cannot_tell_family_first_from_two_first_names():
    """ "Smith, John" alone and "Alice, Bob" look alike: the column must say more (a
    ";" between people who each hold a comma, a particle, initials)."""
    assert family_first(["Smith, John"]) is None
    assert family_first(["Alice, Bob", "Carol, Dave"]) is None
    assert family_first(["Smith, John", "van Rossum, Guido"])
    assert [s.name for s in parse_speakers("Smith, John", family_names_first=True)] == [
        "John Smith"
    ]


def test_plain_names_keep_their_reading():
    text = _csv(("Rust in the kernel", "Ada Lovelace, Grace Hopper"), ("Graphs", "Alan Turing"))
    _, talks, warnings = parse_text(text, "plain.csv")
    assert _names(talks)["Rust in the kernel"] == [("Ada Lovelace", None), ("Grace Hopper", None)]
    assert not [w for w in warnings if "Family, Given" in w]


def test_a_calendar_whose_speaker_lines_are_family_first():
    events = "".join(
        "BEGIN:VEVENT\r\n"
        f"UID:ev{i}@conf.example\r\n"
        f"DTSTART;TZID=Europe/Prague:20251205T{9 + i:02d}0000\r\n"
        "DURATION:PT45M\r\n"
        f"SUMMARY:{title}\r\n"
        f"DESCRIPTION:Speakers: {who}\\nAbout {title.lower()}.\r\n"
        "END:VEVENT\r\n"
        for i, (title, who) in enumerate(
            [("Typed Python", "Novák, Jan; Dvořák, Eva"), ("Fuzzing", "Svoboda, Petr")]
        )
    )
    text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events + "END:VCALENDAR\r\n"
    _, talks, warnings = parse_text(text, "prague.ics")
    assert {t.title: [s.name for s in t.speakers] for t in talks} == {
        "Typed Python": ["Jan Novák", "Eva Dvořák"],
        "Fuzzing": ["Petr Svoboda"],
    }
    assert any("Family, Given" in w for w in warnings), warnings


def test_a_sched_column_of_name_role_organisation():
    """Sched's CSV: "Name, Role, Organisation", people joined by " & " (sweep 5)."""
    text = _csv(
        (
            "Zero-downtime upgrades",
            "Ines Carvalho, Staff Engineer, Fintrail & Marek Nowak, DBA, Allegro",
        ),
        ("Query planners", "Hannah Schulz, Researcher, TU Berlin"),
        ("Observability", "Deepak Iyer, SRE, Zomato"),
        ("Ice cream at scale", "Ana Lima, Head of Data, Ben & Jerry's"),
        ("Billing", "Tom Berg, CTO, Acme, Inc."),
    )
    _, talks, warnings = parse_text(text, "sched.csv")
    assert _names(talks) == {
        "Zero-downtime upgrades": [("Ines Carvalho", "Fintrail"), ("Marek Nowak", "Allegro")],
        "Query planners": [("Hannah Schulz", "TU Berlin")],
        "Observability": [("Deepak Iyer", "Zomato")],
        "Ice cream at scale": [("Ana Lima", "Ben & Jerry's")],
        "Billing": [("Tom Berg", "Acme, Inc.")],
    }
    assert any('"Name, Organisation"' in w for w in warnings), warnings


def test_three_whole_names_stay_three_people():
    text = _csv(("Panel", "Ada Lovelace, Grace Hopper, Alan Turing"), ("Solo", "Edsger Dijkstra"))
    _, talks, _ = parse_text(text, "panel.csv")
    assert [n for n, _ in _names(talks)["Panel"]] == ["Ada Lovelace", "Grace Hopper", "Alan Turing"]


def test_two_whole_names_joined_by_an_ampersand_are_two_people():
    assert [s.name for s in parse_speakers("Kenji Mori & Dana Whitfield")] == [
        "Kenji Mori",
        "Dana Whitfield",
    ]
    assert [s.name for s in parse_speakers("Ben & Jerry")] == ["Ben & Jerry"]


@pytest.mark.parametrize(
    ("cell", "people"),
    [
        ("Alice Smith and Bob Jones", ["Alice Smith", "Bob Jones"]),
        ("Hans Meier und Petra Schulz", ["Hans Meier", "Petra Schulz"]),
        ("Jean Dupont et Marie Curie", ["Jean Dupont", "Marie Curie"]),
        ("Li Wei, Zhang San, and Wang Wu", ["Li Wei", "Zhang San", "Wang Wu"]),
        ("Li Wei, Zhang San and Wang Wu", ["Li Wei", "Zhang San", "Wang Wu"]),
        ("Lars Ulrich / James Hetfield", ["Lars Ulrich", "James Hetfield"]),
        # a side that is no whole name, a surname's "y" or "e", a capitalised word
        ("Marie and Pierre Curie", ["Marie and Pierre Curie"]),
        ("Simon and Garfunkel", ["Simon and Garfunkel"]),
        ("José Ortega y Gasset", ["José Ortega y Gasset"]),
        ("Maria Sousa e Silva", ["Maria Sousa e Silva"]),
        ("Research and Development", ["Research and Development"]),
        ("Alice Smith AND Bob Jones", ["Alice Smith AND Bob Jones"]),
    ],
)
def test_a_list_of_whole_names_joined_by_its_languages_and_is_its_people(cell, people):
    # sweep 11 F28: "Bob Jones and Carol White" was one speaker, "and Wang Wu" another
    assert [s.name for s in parse_speakers(cell)] == people


def test_an_and_list_in_a_table_gives_each_person_and_the_trailing_organisation():
    _, talks, _ = parse_text(
        _csv(("Proof repair", "Alice Smith, Bob Jones and Carol White (Acme)")), "p.csv"
    )
    assert [(s.name, s.affiliation) for s in talks[0].speakers] == [
        ("Alice Smith", "Acme"),
        ("Bob Jones", "Acme"),
        ("Carol White", "Acme"),
    ]

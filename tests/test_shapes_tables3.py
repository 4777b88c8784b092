"""Programs of shapes a third outside sweep found misread: a speaker column that
writes "Name, Organisation" (read as two people before), told from the column
itself, never from a list of company words."""

from __future__ import annotations

from ingest.speakers import comma_affiliation, parse_speakers
from tests.test_shapes_tables import _read

NAME_COMPANY = (
    "Date,Start,End,Title,Speaker,Room\n"
    '2024-03-07,9:00 AM,9:45 AM,Opening Keynote,"Dana Whitfield, Open Knowledge Foundation",A\n'
    '2024-03-07,10:00 AM,10:40 AM,Privacy Analytics,"Li Wei, Mozilla",A\n'
    '2024-03-07,11:00 AM,11:40 AM,Serverless Data,"Marcus Lee, Amazon Web Services",B\n'
)


def _people(talk) -> list[tuple[str, str | None]]:
    return [(s.name, s.affiliation) for s in talk.speakers]


def test_a_column_of_name_comma_company_gives_one_speaker_with_an_affiliation(monkeypatch):
    _, talks, warnings = _read(NAME_COMPANY, "sheet.csv", "America/New_York", monkeypatch)
    assert [_people(t) for t in talks] == [
        [("Dana Whitfield", "Open Knowledge Foundation")],
        [("Li Wei", "Mozilla")],
        [("Marcus Lee", "Amazon Web Services")],
    ]
    assert len(warnings) == 1 and "'Speaker'" in warnings[0] and "'Mozilla'" in warnings[0]


def test_two_names_separated_by_a_comma_stay_two_speakers(monkeypatch):
    text = (
        "Date,Start,Title,Speaker\n"
        '2024-03-07,09:00,Pioneers,"Ada Lovelace, Grace Hopper"\n'
        "2024-03-07,10:00,Machines,Alan Turing\n"
    )
    _, talks, warnings = _read(text, "pairs.csv", "Europe/London", monkeypatch)
    assert _people(talks[0]) == [("Ada Lovelace", None), ("Grace Hopper", None)]
    assert warnings == []


def test_the_column_tells_it_by_separators_repeats_and_names_seen_alone():
    # people separated by ";" elsewhere: the comma is the organisation's
    told = comma_affiliation(
        ["Dana Whitfield, Open Knowledge Foundation", "Ana Pérez; Kwame Mensah"]
    )
    assert told and '";"' in told
    # one organisation after several people
    told = comma_affiliation(["Marcus Lee, Open Data Institute", "Ana Pérez, Open Data Institute"])
    assert told and "several speakers" in told
    # the same person alone in another row
    told = comma_affiliation(["Dana Whitfield, Civic Data Group", "Dana Whitfield"])
    assert told and "'Dana Whitfield'" in told
    # no telling: two people, "Family, Given", lists of three
    assert comma_affiliation(["Ada Lovelace, Grace Hopper", "Alan Turing"]) is None
    assert comma_affiliation(["Lovelace, Ada", "Hopper, Grace"]) is None
    assert comma_affiliation(["Ada Lovelace, Grace Hopper, Alan Turing", "Li Wei, Mozilla"]) is None
    # a cell of several people, each with an organisation
    assert parse_speakers("Li Wei, Mozilla; Ana Pérez (Code for Ghana)", True) == parse_speakers(
        "Li Wei (Mozilla); Ana Pérez (Code for Ghana)"
    )

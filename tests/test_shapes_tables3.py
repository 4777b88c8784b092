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
    assert len(warnings) == 1 and "'Speaker'" in warnings[0] and "2 more of 3" in warnings[0]


def test_two_names_separated_by_a_comma_stay_two_speakers(monkeypatch):
    text = (
        "Date,Start,Title,Speaker\n"
        '2024-03-07,09:00,Pioneers,"Ada Lovelace, Grace Hopper"\n'
        "2024-03-07,10:00,Machines,Alan Turing\n"
    )
    _, talks, warnings = _read(text, "pairs.csv", "Europe/London", monkeypatch)
    assert _people(talks[0]) == [("Ada Lovelace", None), ("Grace Hopper", None)]
    assert warnings == []


def test_the_column_tells_it_only_by_most_parts_after_a_comma_naming_no_person():
    # people separated by ";" elsewhere tell nothing: programs mix separators
    pair = "Mathieu Lefort, Inès Benali"
    assert comma_affiliation([pair, "Amélie Girard ; Hugo Faure", "Claire Dubois"]) is None
    # organisations after most names
    told = comma_affiliation(["Marcus Lee, Open Data Institute", "Ana Pérez, Code for Ghana"])
    assert told and "'Open Data Institute'" in told
    assert comma_affiliation(["Eva Hoffmann, SAP SE", "Jan Vogel, Zalando"])
    # a name after the comma in two cells, or a person named alone elsewhere: no telling
    assert comma_affiliation(["Jane Doe, John Smith", "Ann Lee, John Smith", "Alice Brown"]) is None
    assert comma_affiliation(["Jane Doe, John Smith", "Jane Doe", "Alice Brown"]) is None
    # one organisation or degree among cells of two people: no telling
    two = ["Ada Lovelace, Grace Hopper", "Jane Doe, John Smith", "Alice Brown, Bob Stone"]
    assert comma_affiliation([*two, "Ann Lee, Carol King", "Tim Berners-Lee, W3C"]) is None
    assert comma_affiliation([*two, "Ann Lee, Carol King", "Dr. Jane Roe, PhD"]) is None
    # no telling: two people, "Family, Given", lists of three
    assert comma_affiliation(["Ada Lovelace, Grace Hopper", "Alan Turing"]) is None
    assert comma_affiliation(["Lovelace, Ada", "Hopper, Grace"]) is None
    assert comma_affiliation(["Ada Lovelace, Grace Hopper, Alan Turing", "Li Wei, Mozilla"]) is None
    # a cell of several people, each with an organisation
    assert parse_speakers("Li Wei, Mozilla; Ana Pérez (Code for Ghana)", True) == parse_speakers(
        "Li Wei (Mozilla); Ana Pérez (Code for Ghana)"
    )


# ---- noon as CLDR's day periods name it; dates in words without a year ---------------------

GERMAN = (
    "Datum;Beginn;Ende;Titel;Referent\n"
    "16.11.2024;09:00;09:45;Eröffnung;Anna Schmidt\n"
    "Samstag, 16. November;Mittag;12:45;Mittagsvortrag;Bo Chen\n"
    "16. November;12 Uhr mittags;13:30;Zweiter Vortrag;Bo Chen\n"
)


def test_german_noon_and_a_date_without_its_year_take_the_documents(monkeypatch):
    _, talks, warnings = _read(GERMAN, "programm.csv", "Europe/Berlin", monkeypatch)
    assert warnings == []
    assert [(t.start.isoformat(), t.end.isoformat()) for t in talks[1:]] == [
        ("2024-11-16T12:00:00+01:00", "2024-11-16T12:45:00+01:00"),
        ("2024-11-16T12:00:00+01:00", "2024-11-16T13:30:00+01:00"),
    ]


def test_a_year_stated_in_a_title_above_the_table_dates_the_rows(monkeypatch):
    text = "Rencontres 2025\n" + "Date;Horaire;Titre\nsamedi 5 avril;9h30;Ouverture\n"
    _, talks, warnings = _read(text, "programme.csv", "Europe/Paris", monkeypatch)
    assert talks[0].start.isoformat() == "2025-04-05T09:30:00+02:00"
    assert len(warnings) == 1 and "title above its header" in warnings[0]


def test_a_date_without_a_year_the_document_never_states_is_said_not_guessed(monkeypatch):
    text = "Datum;Beginn;Titel\nSamstag, 16. November;10:00;Ohne Jahr\n"
    _, talks, warnings = _read(text, "programm.csv", "Europe/Berlin", monkeypatch)
    assert talks[0].start is None
    assert len(warnings) == 1 and "gives no year, and the document names none" in warnings[0]


def test_a_weekday_tells_the_year_among_several_and_a_wrong_one_is_said(monkeypatch):
    text = (
        "Datum;Beginn;Titel\n"
        "14.11.2025;10:00;Next year\n"
        "16.11.2024;10:00;This year\n"
        "Samstag, 16. November;11:00;Saturday\n"
        "16. November;12:00;No weekday\n"
    )
    _, talks, warnings = _read(text, "programm.csv", "Europe/Berlin", monkeypatch)
    assert talks[2].start.isoformat() == "2024-11-16T11:00:00+01:00"  # a Saturday in 2024
    assert talks[3].start is None
    assert len(warnings) == 1 and "several (2025, 2024)" in warnings[0]


def test_a_markdown_tables_date_in_words_takes_the_year_its_title_states(monkeypatch):
    text = (
        "# Rencontres 2025\n\n## Programme\n\n"
        "| Date | Horaire | Titre | Intervenant |\n|---|---|---|---|\n"
        "| samedi 5 avril | 9h30 | Ouverture | Anne Martin |\n"
    )
    _, talks, warnings = _read(text, "programme.md", "Europe/Paris", monkeypatch)
    assert warnings == [] and talks[0].start.isoformat() == "2025-04-05T09:30:00+02:00"


# ---- merged (blank) time cells of sessions side by side, in a Markdown pipe table ----------


def test_a_markdown_tables_blank_time_cell_beside_another_room_takes_the_slot_above(monkeypatch):
    text = (
        "# Linux-Tage 2025\n\n## Samstag, 14. Juni 2025\n\n"
        "| Zeit | Titel | Referent | Raum |\n|------|-------|----------|------|\n"
        "| 10:30–11:15 | Ansible | Aylin Demir | Saal 1 |\n"
        "|  | Podman | Nils Öhman | Saal 2 |\n"
        "|  | Untimed | Ann Lee | Saal 1 |\n"
    )
    _, talks, warnings = _read(text, "programm.md", "Europe/Berlin", monkeypatch)
    ansible, podman, untimed = talks
    assert (podman.start, podman.end) == (ansible.start, ansible.end)
    assert untimed.start is None and untimed.end is None  # its day, at no time said
    assert untimed.day is not None and untimed.day.isoformat() == "2025-06-14"
    assert len(warnings) == 2 and "line 8" in warnings[0] and "line 9" in warnings[1]


def test_one_cell_in_a_column_of_pairs_does_not_make_the_second_person_an_affiliation(
    monkeypatch,
):
    text = (
        "date,time,title,speaker,room\n"
        '2025-06-10,09:00,Scaling Postgres at work,"Jane Doe, John Smith",Room A\n'
        "2025-06-10,10:00,Observability for humans,Jane Doe,Room A\n"
        '2025-06-10,11:00,Rust in the kernel,"Ada Lovelace, Grace Hopper",Room B\n'
        '2025-06-10,12:00,Typing Python,"Tim Berners-Lee, W3C",Room B\n'
    )
    _, talks, _ = _read(text, "pairs.csv", "Europe/London", monkeypatch)
    assert _people(talks[0]) == [("Jane Doe", None), ("John Smith", None)]
    assert _people(talks[2]) == [("Ada Lovelace", None), ("Grace Hopper", None)]


def test_a_degree_or_suffix_after_the_comma_is_one_speaker_without_an_affiliation(monkeypatch):
    text = (
        "date,time,title,speaker\n"
        '2025-06-10,09:00,Scaling Postgres,"Dr. Jane Roe, PhD"\n'
        '2025-06-10,10:00,Observability,"John Smith, MD"\n'
        '2025-06-10,11:00,Rust in the kernel,"Alice Brown, Jr."\n'
        '2025-06-10,12:00,Typing Python,"Ann Lee, MSc, Li Wei"\n'
    )
    _, talks, _ = _read(text, "deg.csv", "Europe/London", monkeypatch)
    assert [_people(t) for t in talks[:3]] == [
        [("Dr. Jane Roe", None)],
        [("John Smith", None)],
        [("Alice Brown", None)],
    ]
    assert _people(talks[3]) == [("Ann Lee", None), ("Li Wei", None)]

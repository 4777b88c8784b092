"""Programs an outside re-check found misread: durations written "1h30" or "90'"
(and a duration cell no reader can read, warned of); numbered columns of one list
field ("Speaker 1", "Speaker 2"); French and Spanish time headings in Markdown
("14 h 30 – 15 h 15", "de 10:00 a 10:45"); pretalx submissions that were cancelled
or withdrawn; a workbook with one sheet per room."""

from __future__ import annotations

from datetime import timedelta

from ingest import when
from tests.test_shapes_tables import _read


def test_durations_in_hours_and_minutes_as_programs_write_them():
    assert when.parse_duration("1h30") == when.parse_duration("90'") == timedelta(minutes=90)
    assert when.parse_duration("1 h 30") == when.parse_duration("1h30m") == timedelta(minutes=90)
    assert when.parse_duration("45 min") == timedelta(minutes=45)
    assert when.parse_duration("1h75") is None and when.parse_duration("h") is None


def test_a_duration_cell_gives_the_end_or_a_warning(monkeypatch):
    text = (
        "Date,Start,Duration,Title\n"
        "2025-06-12,09:00,1h30,Terraform\n"
        "2025-06-12,09:00,90',Ansible\n"
        "2025-06-12,11:00,a while,Flux\n"
    )
    _, talks, warnings = _read(text, "d.csv", "Europe/Paris", monkeypatch)
    by = {t.title: t for t in talks}
    assert by["Terraform"].end.isoformat() == "2025-06-12T10:30:00+02:00"
    assert by["Ansible"].end.isoformat() == "2025-06-12T10:30:00+02:00"
    assert by["Flux"].end is None
    assert any("line 4" in w and "'a while'" in w and "duration" in w for w in warnings)


def test_numbered_speaker_columns_are_the_speakers_in_order(monkeypatch):
    text = (
        "Day,Time,Session Title,Speaker 1,Speaker 2,Speaker 3,Room\n"
        "2025-09-18,9:30 - 10:15,Keynote,Priya Shah (ODI),,,Main\n"
        "2025-09-18,10:30 - 11:00,dbt,Tom Evans (Monzo),Chloe Martin (Monzo),,Room 2\n"
    )
    _, talks, _ = _read(text, "g.csv", "Europe/London", monkeypatch)
    assert [[(s.name, s.affiliation) for s in t.speakers] for t in talks] == [
        [("Priya Shah", "ODI")],
        [("Tom Evans", "Monzo"), ("Chloe Martin", "Monzo")],
    ]


def test_numbered_referent_columns_take_the_company_of_their_number(monkeypatch):
    text = (
        "Datum,Beginn,Titel,Referent 2,Referent 1,Firma 1,Firma 2\n"
        "2025-09-18,09:30,Rust,Lea Frei,Jan Vogel,SAP,\n"
    )
    _, talks, _ = _read(text, "g.csv", "Europe/Berlin", monkeypatch)
    assert [(s.name, s.affiliation) for s in talks[0].speakers] == [
        ("Jan Vogel", "SAP"),
        ("Lea Frei", None),
    ]

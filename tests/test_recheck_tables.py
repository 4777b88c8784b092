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


def test_a_spanish_de_a_range_heading_gives_time_and_room_over_a_bold_title():
    from ingest.formats import markdown

    text = (
        "# Programa\n\n## Sábado, 4 de octubre de 2025\n\n"
        "### de 10:00 a 10:45 · Sala Tajo\n**Tipado estático**\nPonente: Laura García (BBVA)\n\n"
        "### de 11:00 a 11:30 · Sala Duero\n**Django y HTMX**\nPonente: Javier Martín\n"
    )
    talks, _ = markdown.parse(text, "es.md", "Europe/Madrid")
    assert [(t.title, t.start.isoformat(), t.end.isoformat(), t.room) for t in talks][0] == (
        "Tipado estático",
        "2025-10-04T10:00:00+02:00",
        "2025-10-04T10:45:00+02:00",
        "Sala Tajo",
    )


def test_range_words_and_spaced_hours_are_read_by_the_one_clock_parser():
    from datetime import date

    from ingest.formats.mdparts import CLOCK_RANGE

    day = date(2025, 6, 12)
    for said in ("de 10:00 a 10:45", "von 10:00 bis 10:45", "van 10:00 tot 10:45"):
        start, end = when.parse_when(said, None, when.UTC, day)
        assert (start.hour, start.minute, end.hour, end.minute) == (10, 0, 10, 45), said
    assert CLOCK_RANGE.search("14 h 30 – 15 h 15 · salle Turing").group(2) == "15 h 15"


def test_a_refusal_does_not_deny_the_times_its_headings_name():
    import pytest

    from ingest.formats import markdown
    from talkbase.core.errors import InputError

    text = "# Programme – Sunny Tech 2025\n\nJeudi 12 juin 2025 (heure de Paris)\n\n## 14 h 30 – 15 h 15 · salle Turing\n### Rust pour les développeurs Java\nIntervenant·e : Camille Roux (Clever Cloud)\n\nUne introduction pragmatique.\n\n## 15 h 30 – 16 h 00 · salle Lovelace\n### Accessibilité : les bases\nIntervenant·e : Léa Fontaine (Octo Technology)\n\n## 16 h 15 – 17 h · salle Turing\n### Observabilité avec OpenTelemetry\nIntervenant·es : Paul Mercier (Datadog), Julie Blanc (Grafana Labs)\n"
    with pytest.raises(InputError) as caught:
        markdown.parse(text, "fr.md", "Europe/Paris")
    assert "no session time" not in str(caught.value) and "line 5" in str(caught.value)

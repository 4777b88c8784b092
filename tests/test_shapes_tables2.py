"""Spreadsheets and Markdown programs of shapes a second outside sweep found misread:
a Google Sheets program whose date is written only on each day's first row and whose
title column is "Sesión"; a Markdown program written as pipe tables under day
headings; Excel and OpenDocument spreadsheets refused as "a binary file". Each is now
read right, or refused in one sentence naming the file and saying what to do."""

from __future__ import annotations

import io
import zipfile

import pytest

from ingest.detect import decode, parse_text
from ingest.formats import table
from ingest.limits import spreadsheet_kind
from ingest.speakers import parse_speakers
from talkbase.core.errors import InputError
from talkbase.core.terms import placeholder_speaker
from tests.test_shapes_tables import _read, _when

# modelled on a Google Sheets export of a Latin American open-data meeting
SHEET = (
    "Fecha,Inicio,Fin,Sesión,Ponente(s),Sala,Tipo,Idioma\n"
    "12/03/2025,09:00,09:30,Bienvenida,María José Fernández,Auditorio Ñandú,Plenaria,ES\n"
    ',10:45,11:30,Mapas colaborativos,"Lucía Benítez, Martín Acuña",Sala Güemes,Charla,ES\n'
    "13/03/2025,09:30,10:15,Transparencia municipal,Diego Ramírez,Auditorio Ñandú,Charla,ES\n"
    ",22:00,02:00,Hackatón nocturna,Equipo organizador,Laboratorio 3,Taller,ES\n"
    "14/03/2025,10:00,10:30,Charlas relámpago,Varios,Auditorio Ñandú,Relámpago,ES\n"
)


def test_a_date_written_on_a_days_first_row_carries_down_to_the_rows_below(monkeypatch):
    fmt, talks, warnings = _read(
        SHEET, "gsheets.csv", "America/Argentina/Buenos_Aires", monkeypatch
    )
    assert fmt == "csv" and len(talks) == 5 and warnings == []
    by = {t.title: t for t in talks}
    mapas = by["Mapas colaborativos"]
    assert _when(mapas) == "2025-03-12T10:45:00-03:00 -> 2025-03-12T11:30:00-03:00"
    assert [s.name for s in mapas.speakers] == ["Lucía Benítez", "Martín Acuña"]
    assert (mapas.room, mapas.format, mapas.language) == ("Sala Güemes", "Charla", "es")
    # an evening start and a small hours' end: the next day's, not an end before the start
    assert _when(by["Hackatón nocturna"]) == (
        "2025-03-13T22:00:00-03:00 -> 2025-03-14T02:00:00-03:00"
    )
    assert [s.name for s in by["Hackatón nocturna"].speakers] == ["Equipo organizador"]
    # "Varios" (various) stands in for speakers: none is named
    assert by["Charlas relámpago"].speakers == ()


def test_only_the_date_column_carries_down_and_only_to_rows_with_a_time():
    rows = [
        ({"Fecha": "12/03/2025", "Inicio": "09:00", "Sala": "A"}, "line 2"),
        ({"Fecha": "", "Inicio": "10:00", "Sala": ""}, "line 3"),
        ({"Fecha": "", "Inicio": "", "Sala": ""}, "line 4"),
        ({"Fecha": "13/03/2025", "Inicio": "09:00", "Sala": ""}, "line 5"),
        ({"Fecha": "", "Inicio": "11:00", "Sala": ""}, "line 6"),
    ]
    cols = {"date": "Fecha", "start": "Inicio", "room": "Sala"}
    out = table.carry_dates(rows, cols)
    assert [r["Fecha"] for r, _ in out] == [
        "12/03/2025",
        "12/03/2025",
        "",
        "13/03/2025",
        "13/03/2025",
    ]
    assert [r["Sala"] for r, _ in out] == ["A", "", "", "", ""]
    assert table.carry_dates(rows, {"start": "Inicio"}) == rows  # no date column


def test_a_time_without_any_date_is_said_to_miss_its_date(monkeypatch):
    text = "Fecha,Inicio,Sesión\n,09:30,Apertura\n12/03/2025,10:00,Keynote\n"
    _, talks, warnings = _read(text, "sin_fecha.csv", "Europe/Madrid", monkeypatch)
    assert [t.start.isoformat() if t.start else None for t in talks] == [
        None,
        "2025-03-12T10:00:00+01:00",
    ]
    assert warnings == [
        "sin_fecha.csv line 2: 'Apertura' gives a start time ('09:30') but no date; "
        "kept without a time"
    ]


def test_an_unreadable_time_is_still_said_to_be_unreadable(monkeypatch):
    text = "Date,Start,End,Title\n2025-03-12,soonish,11:00,Opening\n"
    _, talks, warnings = _read(text, "odd.csv", "Europe/Madrid", monkeypatch)
    # the row's date is kept (at its midnight, as a row giving only a date), no end
    assert talks[0].day.isoformat() == "2025-03-12" and talks[0].start is None
    assert talks[0].end is None
    assert "cannot read the start time 'soonish' of 'Opening'; kept on its day" in warnings[0]


def test_an_end_before_a_daytime_start_is_still_refused_not_moved_to_the_next_day(monkeypatch):
    text = "Date,Start,End,Title\n2025-03-12,14:00,13:00,Typo\n"
    _, talks, warnings = _read(text, "typo.csv", "Europe/Madrid", monkeypatch)
    assert talks[0].end is None
    assert "ends (2025-03-12 13:00) before it starts (2025-03-12 14:00)" in warnings[0]


@pytest.mark.parametrize(
    ("name", "placeholder"),
    [
        ("TBA", True),
        ("N. N.", True),
        ("N.N.", True),
        ("Varios", True),
        ("diverse", True),
        ("Various speakers", True),
        ("da confermare", True),
        ("Equipo organizador", False),
        ("Orga-Team", False),
        ("Vari Gomez", False),
    ],
)
def test_placeholder_speakers_in_each_language(name, placeholder):
    assert placeholder_speaker(name) is placeholder
    assert (parse_speakers(name) == ()) is placeholder


def test_a_placeholder_beside_real_names_leaves_the_names():
    assert [s.name for s in parse_speakers("Ada Lovelace, TBA")] == ["Ada Lovelace"]


PIPE = """# Linux-Tage Rhein-Ruhr 2025 – Programm

**Zeitzone:** alle Zeiten in Europe/Berlin (MESZ)

## Samstag, 14. Juni 2025

| Zeit | Titel | Referent | Raum |
|------|-------|----------|------|
| 10:30–12:00 | Workshop: Ansible für Einsteiger | Aylin Demir, Thomas Groß | Übungsraum Ä2 |
| 12:00–13:00 | *Mittagspause* | – | Mensa |
| 14:00–14:30 | Lightning Talks | diverse | Hörsaal Süd |

## Sonntag, 15. Juni 2025

| Zeit | Titel | Referent | Raum |
|------|-------|----------|------|
| 11:00–11:45 | Podman & Quadlet: Container ohne Daemon | Nils Öhman | Raum Ö-104 |
"""


def test_a_markdown_program_of_pipe_tables_under_day_headings(monkeypatch):
    fmt, talks, warnings = _read(PIPE, "programm.md", "America/Los_Angeles", monkeypatch)
    assert fmt == "markdown" and warnings == []
    assert [t.title for t in talks] == [
        "Workshop: Ansible für Einsteiger",
        "Mittagspause",
        "Lightning Talks",
        "Podman & Quadlet: Container ohne Daemon",
    ]
    ansible, pause, lightning, podman = talks
    assert [s.name for s in ansible.speakers] == ["Aylin Demir", "Thomas Groß"]
    assert _when(ansible) == "2025-06-14T10:30:00+02:00 -> 2025-06-14T12:00:00+02:00"
    assert ansible.room == "Übungsraum Ä2"
    assert pause.speakers == () and pause.room == "Mensa"  # "–": no one
    assert lightning.speakers == ()  # "diverse": various
    assert _when(podman) == "2025-06-15T11:00:00+02:00 -> 2025-06-15T11:45:00+02:00"
    assert podman.room == "Raum Ö-104"
    # (the heading's "– Programm" is no part of the name: docs/formats.md, Sweep 21)
    assert {t.conference for t in talks} == {"Linux-Tage Rhein-Ruhr 2025"}
    assert [t.sources[0].location for t in talks] == ["line 9", "line 10", "line 11", "line 17"]


def test_a_table_that_lists_no_talks_is_a_talks_text():
    text = (
        "# Conf 2025\n\n## Opening keynote\n\nSpeakers: Ada Lovelace\n\n"
        "| Tool | Licence |\n|---|---|\n| R | GPL |\n\n## Closing\n\nSpeakers: Bo Chen\n"
    )
    fmt, talks, _ = parse_text(text, "plain.md")
    assert fmt == "markdown"
    assert [t.title for t in talks] == ["Opening keynote", "Closing"]


def test_a_day_heading_over_a_table_without_times_is_refused_naming_tables():
    text = (
        "# Conf 2025\n\n## Friday, 4 October 2024\n\n| Tool | Licence |\n|---|---|\n| R | GPL |\n"
    )
    with pytest.raises(InputError) as err:
        parse_text(text, "tools.md")
    assert str(err.value).startswith("tools.md (line 3): the day heading 'Friday, 4 October 2024'")
    assert "a table with a title column and a time column" in str(err.value)


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return buf.getvalue()


XLSX = _zip(
    {
        "[Content_Types].xml": b'<Types><Override PartName="/xl/workbook.xml" ContentType='
        b'"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
        "xl/workbook.xml": b"<workbook/>",
    }
)
ODS = _zip({"mimetype": b"application/vnd.oasis.opendocument.spreadsheet", "content.xml": b"<x/>"})


def test_spreadsheets_are_told_by_their_content_type_not_their_name():
    assert spreadsheet_kind(XLSX) == "a spreadsheet (Excel .xlsx)"
    assert spreadsheet_kind(ODS) == "a spreadsheet (OpenDocument .ods)"
    assert spreadsheet_kind(_zip({"word/document.xml": b"<w/>"})) is None  # another zip
    assert spreadsheet_kind(b"PK\x03\x04 cut short") is None
    assert spreadsheet_kind(b"Title\nTalk\n") is None


@pytest.mark.parametrize(
    ("data", "name", "kind"),
    [
        (XLSX, "programma.xlsx", "a spreadsheet (Excel .xlsx)"),
        (ODS, "programma.ods", "a spreadsheet (OpenDocument .ods)"),
        (XLSX, "program.csv", "a spreadsheet (Excel .xlsx)"),  # misnamed: told by content
    ],
)
def test_a_spreadsheet_is_refused_saying_what_it_is_and_what_to_do(data, name, kind):
    with pytest.raises(InputError) as err:
        decode(data, name)
    assert str(err.value) == (
        f"{name}: {kind}, which talkbase does not read: export it as CSV and ingest that"
    )


def test_a_plain_text_without_headings_is_refused_as_no_talks_found():
    text = "Hi everyone,\n\nWed, Feb 12, 2025\n6:30 PM   Type hints — Mei Chen\n"
    with pytest.raises(InputError) as err:
        parse_text(text, "digest.txt", "markdown")
    assert str(err.value) == (
        "digest.txt (line 1): no talks found: a text program is read from its headings "
        "('## 10:00 Title'), list lines that start with a time, or a table with a title "
        "column and a time column, and it has none"
    )

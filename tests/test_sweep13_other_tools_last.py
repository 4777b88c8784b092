"""Other tools' key and column names ("Starts", "Ends", "DTSTART", "Scheduled start",
"Auditorium", "Location Name", "Moderator", "Company Name": `columns.OF_OTHER_TOOLS`)
are read only where nothing else names the field, in any language (review of sweep 11's
key vocabulary, R1-R4): a program's own "Time", "Uhrzeit", "To", "Where", "Salle",
"Referent" or "Firma" column keeps its field beside them, as before they were read."""

from __future__ import annotations

import json

import pytest

from ingest.detect import parse_text
from ingest.formats.columns import resolve


def _read(text: str, name: str):
    _, talks, warnings = parse_text(text, name)
    return talks, warnings


def _times(talks) -> list[tuple[str | None, str | None]]:
    return [
        (t.start and t.start.strftime("%m-%d %H:%M"), t.end and t.end.strftime("%H:%M"))
        for t in talks
    ]


@pytest.mark.parametrize(
    ("header", "cells"),
    [
        ("Starts", ("3", "5")),  # a count
        ("Scheduled start", ("yes", "no")),
        ("DTSTART", ("20260101T000000", "20260101T000000")),  # another value
    ],
)
def test_a_time_column_wins_over_a_start_column_of_another_tool(
    header: str, cells: tuple[str, str]
) -> None:
    text = (
        f"Title,Speaker,Date,Time,{header}\n"
        f"Opening,Ana Ruiz,2026-05-04,09:00–09:45,{cells[0]}\n"
        f"Rust,Bo Lin,2026-05-04,10:00–10:45,{cells[1]}\n"
    )
    talks, _ = _read(text, "program.csv")
    assert _times(talks) == [("05-04 09:00", "09:45"), ("05-04 10:00", "10:45")]


def test_a_german_uhrzeit_wins_over_a_dtstart_column() -> None:
    text = (
        "Titel,Referent,Datum,Uhrzeit,DTSTART\n"
        "Eröffnung,Ana Ruiz,2026-05-04,09:00,20260101T000000\n"
    )
    talks, _ = _read(text, "programm.csv")
    assert _times(talks) == [("05-04 09:00", None)]


def test_a_json_time_key_wins_over_starts_and_ends_keys() -> None:
    body = [
        {
            "title": "Opening",
            "speakers": ["Ana Ruiz"],
            "date": "2026-05-04",
            "time": "09:00-09:45",
            "starts": "2026-05-01",
            "ends": "2026-05-03",
        },
        {
            "title": "Rust",
            "speakers": ["Bo Lin"],
            "date": "2026-05-04",
            "time": "10:00",
            "starts": 5,
        },
    ]
    talks, warnings = _read(json.dumps(body), "program.json")
    assert _times(talks) == [("05-04 09:00", "09:45"), ("05-04 10:00", None)]
    assert not [w for w in warnings if "before it starts" in w or "cannot read" in w]


@pytest.mark.parametrize(
    ("text", "times"),
    [
        (
            "Title,Speaker,From,To,Ends\n"
            "Opening,Ana Ruiz,2026-05-04 09:00,2026-05-04 09:45,2026-04-30\n",
            ("05-04 09:00", "09:45"),
        ),
        (
            "Title,Instructor,Date,Time,Duration,Ends\n"
            "Intro to R,Carla Diaz,2026-06-02,09:00,90,2026-05-25\n",
            ("06-02 09:00", "10:30"),
        ),
    ],
)
def test_a_to_column_wins_over_an_ends_column_and_a_duration_over_its_dates(
    text: str, times: tuple[str, str]
) -> None:
    talks, warnings = _read(text, "program.csv")
    assert _times(talks) == [times]
    assert not [w for w in warnings if "before it starts" in w]


@pytest.mark.parametrize(
    ("head", "rooms"),
    [
        ("Title,Speaker,Start,Where,Auditorium", "Room 101,North building"),
        ("Titre,Intervenant,Début,Salle,Auditorium", "Room 101,Amphi Nord"),
        ("Titel,Referent,Beginn,Raum,Location Name", "Room 101,Berlin"),
    ],
)
def test_a_room_column_in_any_language_wins_over_an_auditorium_or_location_name(
    head: str, rooms: str
) -> None:
    talks, _ = _read(f"{head}\nOpening,Ana Ruiz,2026-05-04 09:00,{rooms}\n", "program.csv")
    assert [t.room for t in talks] == ["Room 101"]


@pytest.mark.parametrize(
    "head", ["Titel,Referent,Moderator,Beginn", "Titre,Intervenants,Moderator,Début"]
)
def test_a_speakers_column_in_another_language_wins_over_a_moderator(head: str) -> None:
    text = f'{head}\nTable ronde,"Ana Ruiz, Bo Lin",Carla Diaz,2026-05-04 09:00\n'
    talks, _ = _read(text, "program.csv")
    assert [[s.name for s in t.speakers] for t in talks] == [["Ana Ruiz", "Bo Lin"]]


def test_a_firma_column_wins_over_a_company_name() -> None:
    text = (
        "Titel,Referent,Firma,Company Name,Beginn\n"
        "Eröffnung,Ana Ruiz,Acme GmbH,Sponsor AG,2026-05-04 09:00\n"
    )
    talks, _ = _read(text, "programm.csv")
    assert [[(s.name, s.affiliation) for s in t.speakers] for t in talks] == [
        [("Ana Ruiz", "Acme GmbH")]
    ]


def test_a_header_said_another_way_wins_over_another_tools_name() -> None:
    cols = resolve(["Title", "Time (CEST)", "Starts", "Room (main)", "Auditorium"])
    assert (cols["start"], cols["room"]) == ("Time (CEST)", "Room (main)")
    assert resolve(["Title", "Starts", "Ends", "Auditorium"]) == {
        "title": "Title",
        "start": "Starts",
        "end": "Ends",
        "room": "Auditorium",
    }


def test_a_calendars_moderator_line_beside_its_panelists_line_names_no_one_alone() -> None:
    """A "Moderator: C (Org)" line where a "Panelists:" line names the panel's people
    (in a form not read) does not make the moderator its only speaker."""
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n"
        "BEGIN:VEVENT\r\nUID:1\r\nDTSTART;TZID=Europe/Berlin:20260504T090000\r\n"
        "DTEND;TZID=Europe/Berlin:20260504T094500\r\nSUMMARY:Opening\r\n"
        "DESCRIPTION:Moderator: Carla Diaz (Globex)\\nPanelists: Ana Ruiz, Bo Lin\r\n"
        "END:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    talks, _ = _read(text, "program.ics")
    assert ["Carla Diaz"] not in [[s.name for s in t.speakers] for t in talks]

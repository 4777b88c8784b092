"""Key names of other tools' programs that were silently left unread (sweep 11, F41,
F29, F17): start and end keys ("starts", "beginsAt", "dtstart", "scheduled_start",
"slot_end"), a start or an end given in UTC ("startTimeUtc", "start_utc"), rooms
("location_name", "locationName", "auditorium"), the people who lead a session that
names no speaker ("moderator", "facilitator", "instructor", "trainer"), a speaker's
"company_name", and a Windows zone name in a JSON "timeZone". One vocabulary
(`columns.FIELDS`) serves JSON keys and table headers alike."""

from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from ingest import when
from ingest.detect import parse_text
from ingest.formats.columns import resolve

BERLIN = ZoneInfo("Europe/Berlin")


def _read(body: object, name: str = "program.json"):
    text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
    _, talks, warnings = parse_text(text, name)
    return talks, warnings


@pytest.mark.parametrize(
    ("begins", "ends"),
    [
        ("starts", "ends"),
        ("beginsAt", "endsAt"),
        ("dtstart", "dtend"),
        ("scheduled_start", "scheduled_end"),
        ("slot_start", "slot_end"),
    ],
)
def test_start_and_end_keys_of_other_tools_are_read(begins: str, ends: str) -> None:
    talks, _ = _read(
        {
            "conference": "KeyConf",
            "talks": [
                {
                    "title": "A talk",
                    "speaker": "Ann Lee",
                    begins: "2026-06-10T13:00:00+02:00",
                    ends: "2026-06-10T13:30:00+02:00",
                }
            ],
        }
    )
    assert [(t.start, t.end) for t in talks] == [
        (datetime(2026, 6, 10, 13, tzinfo=BERLIN), datetime(2026, 6, 10, 13, 30, tzinfo=BERLIN))
    ]


def _bizzabo(zone: str | None, **times: str) -> dict:
    event = {"name": "PlatformCon Live 2026", **({"timezone": zone} if zone else {})}
    return {
        "content": [
            {"id": 1, "title": "Platform engineering", "location": {"name": "Hall 1"}, **times},
            {"id": 2, "title": "Developer portals", "location": {"name": "Hall 2"}, **times},
        ],
        "event": event,
    }


def test_a_utc_key_without_an_offset_is_an_instant_shown_in_the_programs_zone() -> None:
    talks, warnings = _read(
        _bizzabo(
            "Europe/Stockholm", startTimeUtc="2026-06-10T07:00:00", endTimeUtc="2026-06-10T07:45:00"
        )
    )
    stockholm = ZoneInfo("Europe/Stockholm")
    assert {(t.start, t.end) for t in talks} == {
        (datetime(2026, 6, 10, 9, tzinfo=stockholm), datetime(2026, 6, 10, 9, 45, tzinfo=stockholm))
    }
    assert str(talks[0].start.tzinfo) == "Europe/Stockholm"
    assert not any("names no time zone" in w for w in warnings)


def test_a_utc_key_where_the_document_names_no_zone_is_read_in_utc_not_the_default() -> None:
    talks, warnings = _read(
        _bizzabo(None, start_utc="2026-06-10T07:00:00", end_utc="2026-06-10T07:45:00")
    )
    assert {(t.start, t.end) for t in talks} == {
        (
            datetime(2026, 6, 10, 7, tzinfo=ZoneInfo("UTC")),
            datetime(2026, 6, 10, 7, 45, tzinfo=ZoneInfo("UTC")),
        )
    }
    assert not any("names no time zone" in w for w in warnings)


def test_a_local_key_wins_over_a_utc_one() -> None:
    talks, _ = _read(
        {
            "conference": "U",
            "timezone": "Europe/Berlin",
            "talks": [
                {
                    "title": "Both",
                    "start_utc": "2026-06-10T05:00:00",  # (disagrees: the local one wins)
                    "start": "2026-06-10T10:00:00",
                    "end": "2026-06-10T10:30:00",
                }
            ],
        }
    )
    assert [(t.start, t.end) for t in talks] == [
        (datetime(2026, 6, 10, 10, tzinfo=BERLIN), datetime(2026, 6, 10, 10, 30, tzinfo=BERLIN))
    ]
    # a column said another way ("Start (local)") wins over a UTC one too
    assert resolve(["Title", "Start UTC", "Start (local)"])["start"] == "Start (local)"


def test_a_table_column_of_utc_times_is_read_as_utc() -> None:
    text = "Title,Start UTC,End UTC\nKeynote,2026-06-10 07:00,2026-06-10 07:30\n"
    talks, warnings = _read(text, "program.csv")
    assert [(t.start, t.end) for t in talks] == [
        (
            datetime(2026, 6, 10, 7, tzinfo=ZoneInfo("UTC")),
            datetime(2026, 6, 10, 7, 30, tzinfo=ZoneInfo("UTC")),
        )
    ]
    assert not any("not read" in w for w in warnings)


@pytest.mark.parametrize("key", ["location_name", "locationName", "auditorium"])
def test_room_keys_of_other_tools_are_read(key: str) -> None:
    talks, _ = _read(
        {"talks": [{"title": "A talk", key: "Aula Magna", "start": "2026-06-10T08:00:00+02:00"}]}
    )
    assert [t.room for t in talks] == ["Aula Magna"]


@pytest.mark.parametrize("key", ["moderator", "facilitator", "instructor", "trainer"])
def test_the_people_who_lead_a_session_that_names_no_speaker_are_its_people(key: str) -> None:
    talks, _ = _read(
        {"talks": [{"title": "A panel", key: "Anna Berg", "start": "2026-06-10T08:00:00+02:00"}]}
    )
    assert [[s.name for s in t.speakers] for t in talks] == [["Anna Berg"]]


def test_a_speakers_key_wins_over_a_moderators_in_json_and_in_a_table() -> None:
    talks, _ = _read(
        {
            "talks": [
                {
                    "title": "A panel",
                    "moderator": "Anna Berg",
                    "panelists": "Bo Chen, Cy Diaz",
                    "start": "2026-06-10T08:00:00+02:00",
                }
            ]
        }
    )
    assert [[s.name for s in t.speakers] for t in talks] == [["Bo Chen", "Cy Diaz"]]
    text = "Title,Trainer,Room\nRust workshop,Eva Hoffmann,Lab 1\n"
    talks, warnings = _read(text, "program.csv")
    assert [([s.name for s in t.speakers], t.room) for t in talks] == [(["Eva Hoffmann"], "Lab 1")]
    assert resolve(["Title", "Speaker", "Moderator"])["speakers"] == "Speaker"


def test_a_speakers_company_name_is_the_affiliation() -> None:
    body = {
        "response": {
            "event": {"name": "MobiSummit 2026", "timezone": "America/Toronto"},
            "data": [
                {
                    "id": 901,
                    "name": "Designing for offline",
                    "start_datetime": "2026-05-05 09:00:00",
                    "location_name": "Room 201",
                    "speakers": [
                        {"first_name": "Maya", "last_name": "Singh", "company_name": "Shopify"}
                    ],
                }
            ],
        }
    }
    talks, _ = _read(body)
    assert [([(s.name, s.affiliation) for s in t.speakers], t.room) for t in talks] == [
        ([("Maya Singh", "Shopify")], "Room 201")
    ]


def test_a_windows_zone_name_in_a_json_time_zone_is_read() -> None:
    body = {
        "eventTitle": "Cvent Summit 2026",
        "sessions": [
            {
                "sessionName": "Keynote",
                "startDateTime": "2026-06-16T09:00:00",
                "endDateTime": "2026-06-16T10:00:00",
                "timeZone": "Eastern Standard Time",
                "locationName": "Ballroom A",
            }
        ],
    }
    talks, warnings = _read(body)
    york = ZoneInfo("America/New_York")
    assert [(t.start, t.end, t.room) for t in talks] == [
        (
            datetime(2026, 6, 16, 9, tzinfo=york),
            datetime(2026, 6, 16, 10, tzinfo=york),
            "Ballroom A",
        )
    ]
    assert not any("names no time zone" in w for w in warnings)
    # one mapping (CLDR's) for calendars and JSON: `when.zone`
    assert when.zone("W. Europe Standard Time") == ZoneInfo("Europe/Berlin")


def test_a_calendars_trainer_line_names_its_people_as_a_trainer_column_does() -> None:
    """One vocabulary: a calendar's labelled line of a word that is a speakers' column
    header ("Trainer: Bo Chen (Initech)") names the talk's people where nothing else
    in the event names anyone, as "Host:" and "Moderation:" lines do."""
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nX-WR-TIMEZONE:Europe/Vienna\r\n"
        "BEGIN:VEVENT\r\nUID:1\r\nDTSTART:20260610T110000\r\nDTEND:20260610T120000\r\n"
        "SUMMARY:Workshop Python\r\n"
        "DESCRIPTION:Trainer: Bo Chen (Initech)\\nBring a laptop.\r\n"
        "END:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    talks, _ = _read(text, "program.ics")
    assert [[(s.name, s.affiliation) for s in t.speakers] for t in talks] == [
        [("Bo Chen", "Initech")]
    ]


def test_json_keys_of_date_times_left_unread_are_named_where_talks_have_no_time() -> None:
    """As a table names its columns not read: a record's keys holding date-times that
    no field is read from, where its talk comes without a time; not a key of when the
    record was made, nor where every talk has its time."""
    body = {
        "conference": "K",
        "talks": [
            {
                "title": "A",
                "kickoff": "2026-06-10T13:00:00+02:00",
                "wrapup": "2026-06-10T13:30:00+02:00",
                "created_at": "2026-01-01T10:00:00Z",
            },
            {"title": "B", "start": "2026-06-10T14:00:00+02:00"},
        ],
    }
    _, warnings = _read(body)
    said = [w for w in warnings if "date-times are not read" in w]
    assert len(said) == 1
    assert "'kickoff', 'wrapup'" in said[0] and "created_at" not in said[0]
    body["talks"][0]["start"] = "2026-06-10T13:00:00+02:00"
    _, warnings = _read(body)
    assert not any("date-times are not read" in w for w in warnings)

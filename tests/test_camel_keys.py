"""A JSON key of data written in camel case is read by its words where each names the
same field ("venueRoom": venue and room, both a room), as "Venue Room" and
"venue_room" are (sweep 13 F8: a meetup's `venueRoom` was left unread, no warning);
a key whose words name two fields ("eventDate", "speakerEmail") names none so."""

from __future__ import annotations

import json

import pytest

from ingest.detect import parse_text
from ingest.formats.columns import other_way, resolve

MEETUP = {
    "meetupName": "Data Night",
    "agenda": [
        {
            "heading": "Streaming joins done right",
            "presenter": {"fullName": "Klara Vogt"},
            "kickoff": "2026-11-12T18:30:00+01:00",
            "venueRoom": "Loft",
        },
        {
            "heading": "DuckDB for analysts",
            "presenter": {"fullName": "Omar Haddad"},
            "kickoff": "2026-11-12T19:00:00+01:00",
            "venueRoom": "Basement",
        },
    ],
}


def test_a_camel_case_room_key_is_read_as_the_room() -> None:
    _, talks, _ = parse_text(json.dumps(MEETUP), "meetup.json", mapping={"title": "heading"})
    assert [(t.title, t.room) for t in talks] == [
        ("Streaming joins done right", "Loft"),
        ("DuckDB for analysts", "Basement"),
    ]


@pytest.mark.parametrize(("key", "field"), [("venueRoom", "room"), ("placeName", None)])
def test_camel_case_keys_by_their_words(key: str, field: str | None) -> None:
    assert resolve(["title", "speaker", key]).get("room") == (key if field else None)


@pytest.mark.parametrize(
    "key", ["eventDate", "speakerEmail", "roomCapacity", "stageName", "iCalUID"]
)
def test_a_camel_case_key_of_two_fields_names_none(key: str) -> None:
    assert other_way(key) is None

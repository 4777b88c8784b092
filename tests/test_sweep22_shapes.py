"""Sweep 22 (odd shapes read right): a program file of a shape organisers really have
is never silently wrong. Every people column of a row counts (a "Moderator" or
"Host" column beside "Speaker 1", "Speaker 2"); the cases each test names."""

from __future__ import annotations

import json

from ingest import parse_text


def _people(talk) -> list[tuple[str, str | None]]:
    return [(s.name, s.affiliation) for s in talk.speakers]


def test_a_moderator_column_beside_numbered_speakers_adds_to_them() -> None:
    for role in ("Moderator", "Host", "Facilitator", "Panelists"):
        text = (
            "Session Title,Date,Start Time,End Time,Room,Speaker 1,Speaker 1 Company,"
            f"Speaker 2,Speaker 2 Company,{role}\n"
            "Panel: Future of Open Source,2026-07-09,14:00,15:00,Main Hall,"
            "Amy Liu,Red Hat,Raj Patel,GitHub,Tom Hanks\n"
            "Solo Talk on Wasm,2026-07-09,15:15,15:45,Room B,Lisa Wong,Fastly,,,\n"
        )
        _, talks, _ = parse_text(text, "program.csv")
        assert [_people(t) for t in talks] == [
            [("Amy Liu", "Red Hat"), ("Raj Patel", "GitHub"), ("Tom Hanks", None)],
            [("Lisa Wong", "Fastly")],
        ], role


def test_an_airtable_host_beside_numbered_speakers_keeps_them() -> None:
    fields = {"Session Title": "Panel: Future of Open Source", "Date": "2026-07-09"}
    records = [
        {"id": "rec1", "fields": {**fields, "Start Time": "14:00", "Speaker 1": "Amy Liu",
                                  "Speaker 2": "Raj Patel", "Host": "Tom Hanks"}},
        {"id": "rec2", "fields": {**fields, "Session Title": "Solo Talk on Wasm",
                                  "Start Time": "15:15", "Speaker 1": "Lisa Wong"}},
    ]
    _, talks, _ = parse_text(json.dumps({"records": records}), "airtable.json")
    assert [[s.name for s in t.speakers] for t in talks] == [
        ["Amy Liu", "Raj Patel", "Tom Hanks"],
        ["Lisa Wong"],
    ]

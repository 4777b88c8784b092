"""JSON program shapes of the second outside sweep: a JSON:API export (Open Event's),
talks nested in a block (Whova's `sub_sessions`), keys prefixed with the record's
name (Sched's API: `event_start`), an OpenAPI spec (refused), and the conference's
name where the document gives one. Small documents modelled on the real exports."""

from __future__ import annotations

import json

import pytest

from ingest.detect import parse_text
from talkbase.core.errors import InputError


def _read(body: object, name: str = "program.json", conference: str | None = None):
    text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
    return parse_text(text, name, conference=conference)


def _rel(kind: str, *ids: str) -> dict[str, object]:
    linkage = [{"type": kind, "id": i} for i in ids]
    return {"data": linkage if len(ids) != 1 else linkage[0]}


def _session(ident: str, title: str, start: str, end: str, **rels: object) -> dict[str, object]:
    return {
        "type": "session",
        "id": ident,
        "attributes": {
            "title": title,
            "short-abstract": f"About {title}.",
            "long-abstract": "",
            "starts-at": start,
            "ends-at": end,
        },
        "relationships": rels,
    }


JSONAPI = {
    "jsonapi": {"version": "1.0"},
    "meta": {"count": 2, "event": "Paris Web Dev Days 2025"},
    "data": [
        _session(
            "102",
            "CSS Container Queries en production",
            "2025-11-20T10:30:00+01:00",
            "2025-11-20T11:10:00+01:00",
            speakers={"data": [{"type": "speaker", "id": "s2"}, {"type": "speaker", "id": "s3"}]},
            microlocation=_rel("microlocation", "r2"),
            track=_rel("track", "t2"),
            **{"session-type": _rel("session-type", "st2")},
        ),
        _session(
            "104",
            "Pause déjeuner",
            "2025-11-20T12:30:00+01:00",
            "2025-11-20T13:45:00+01:00",
            speakers={"data": []},
            microlocation=_rel("microlocation", "r3"),
            track={"data": None},
            **{"session-type": _rel("session-type", "st4")},
        ),
    ],
    "included": [
        {"type": "speaker", "id": "s2", "attributes": {"name": "Julien Lefèvre"}},
        {"type": "speaker", "id": "s3", "attributes": {"name": "Camille Dubois"}},
        {"type": "microlocation", "id": "r2", "attributes": {"name": "Salle Gustave Eiffel"}},
        {"type": "microlocation", "id": "r3", "attributes": {"name": "Espace Café"}},
        {"type": "track", "id": "t2", "attributes": {"name": "Front-end", "color": "#1e88e5"}},
        {"type": "session-type", "id": "st2", "attributes": {"name": "Conférence"}},
        {"type": "session-type", "id": "st4", "attributes": {"name": "Pause"}},
    ],
}


def test_a_jsonapi_document_joins_its_relationships_against_included() -> None:
    fmt, talks, _ = _read(JSONAPI, "jsonapi.json")
    assert fmt == "json"
    assert [t.title for t in talks] == ["CSS Container Queries en production", "Pause déjeuner"]
    css, lunch = talks
    assert [s.name for s in css.speakers] == ["Julien Lefèvre", "Camille Dubois"]
    assert css.start is not None and css.start.isoformat() == "2025-11-20T10:30:00+01:00"
    assert css.room == "Salle Gustave Eiffel"
    assert css.track == "Front-end"
    assert css.format == "Conférence"  # (the resource's own JSON:API type, "session", is not)
    assert css.abstract == "About CSS Container Queries en production."
    assert css.uid == "102"
    assert css.conference == "Paris Web Dev Days 2025"  # its meta's "event"
    assert (lunch.room, lunch.track, lunch.format, lunch.speakers) == (
        "Espace Café",
        None,
        "Pause",
        (),
    )


def test_a_jsonapi_long_abstract_follows_the_short_one_and_a_lost_reference_keeps_its_id() -> None:
    doc = json.loads(json.dumps(JSONAPI))
    doc["data"][0]["attributes"]["long-abstract"] = "Three hundred components, one year."
    doc["included"] = [r for r in doc["included"] if r["id"] != "s3"]
    _, talks, _ = _read(doc, "jsonapi.json")
    assert talks[0].abstract == (
        "About CSS Container Queries en production.\n\nThree hundred components, one year."
    )
    assert [s.name for s in talks[0].speakers] == ["Julien Lefèvre", "s3"]


WHOVA = {
    "event": {
        "id": "hts25",
        "name": "HealthTech Summit Boston 2025",
        "timezone": "America/New_York",
    },
    "agenda": [
        {
            "date": "2025-04-09",
            "sessions": [
                {
                    "session_id": 90013,
                    "title": "FHIR APIs at Scale",
                    "start_time": "9:30 AM",
                    "end_time": "10:15 AM",
                    "location": "Room 201",
                    "tracks": ["Interoperability"],
                    "speakers": [{"name": "Marcus Johnson"}, {"name": "Priya Shah"}],
                },
                {
                    "session_id": 90014,
                    "title": "Lightning Round: Startups",
                    "start_time": "10:30 AM",
                    "end_time": "11:00 AM",
                    "location": "Ballroom A",
                    "speakers": [],
                    "sub_sessions": [
                        {
                            "session_id": 900141,
                            "title": "Remote Cardiac Monitoring for Rural Clinics",
                            "start_time": "10:30 AM",
                            "end_time": "10:40 AM",
                            "speakers": [{"name": "Elena Vasquez"}],
                        },
                        {
                            "session_id": 900142,
                            "title": "LLM Scribes: Accuracy Audit",
                            "start_time": "10:40 AM",
                            "end_time": "10:50 AM",
                            "location": "Room 202",
                            "speakers": [{"name": "Ben Carter"}],
                        },
                    ],
                },
            ],
        }
    ],
}


def test_talks_nested_in_a_block_are_talks_and_the_block_is_their_session() -> None:
    _, talks, _ = _read(WHOVA, "whova.json")
    assert [t.title for t in talks] == [
        "FHIR APIs at Scale",
        "Remote Cardiac Monitoring for Rural Clinics",
        "LLM Scribes: Accuracy Audit",
    ]
    fhir, cardiac, scribes = talks
    assert fhir.track == "Interoperability"
    assert [s.name for s in scribes.speakers] == ["Ben Carter"]
    assert scribes.start is not None and scribes.start.isoformat() == "2025-04-09T10:40:00-04:00"
    assert scribes.end is not None and scribes.end.isoformat() == "2025-04-09T10:50:00-04:00"
    assert cardiac.room == "Ballroom A"  # the block's room, where the talk names none
    assert scribes.room == "Room 202"  # its own
    assert cardiac.track == scribes.track == "Lightning Round: Startups"
    assert {t.conference for t in talks} == {"HealthTech Summit Boston 2025"}


SCHED = [
    {
        "event_key": "8a2b3c",
        "name": "Rust in the Linux Kernel: Two Years Later",
        "event_start": "2025-10-08 10:00",
        "event_end": "2025-10-08 10:40",
        "event_type": "Linux Kernel",
        "event_subtype": "Talk",
        "description": "Drivers, abstractions and the review process.",
        "venue": "G102-103 (Level 1)",
        "id": "b2e8f1",
        "speakers": [{"name": "Maria Lindqvist"}, {"name": "Pieter de Vries"}],
    },
    {
        "event_key": "9c3d4e",
        "name": "Lunch Break",
        "event_start": "2025-10-08 12:30",
        "event_end": "2025-10-08 13:30",
        "event_type": "Breaks & Special Events",
        "event_subtype": "",
        "venue": "Hall 1 Foyer",
        "id": "c3f7a0",
    },
]


def test_keys_prefixed_with_the_records_name_read_as_their_fields(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Amsterdam")
    _, talks, _ = _read(SCHED, "sched_api.json")
    rust, lunch = talks
    assert rust.title == "Rust in the Linux Kernel: Two Years Later"
    assert rust.start is not None and rust.start.isoformat() == "2025-10-08T10:00:00+02:00"
    assert rust.end is not None and rust.end.isoformat() == "2025-10-08T10:40:00+02:00"
    assert [s.name for s in rust.speakers] == ["Maria Lindqvist", "Pieter de Vries"]
    assert rust.room == "G102-103 (Level 1)"
    assert (rust.track, rust.format) == ("Linux Kernel", "Talk")  # the subtype is the kind
    assert rust.uid == "b2e8f1"  # ("event_key" is no second id: "id" names it)
    assert (lunch.track, lunch.format) == (None, "Breaks & Special Events")  # no subtype said


def test_a_lone_prefixed_key_is_not_read_as_the_records() -> None:
    doc = {
        "talks": [
            {
                "title": "A",
                "start": "2025-01-01T10:00:00+00:00",
                "event_end": "2025-01-01T11:00:00+00:00",
                "speakers": ["P"],
            }
        ]
    }
    _, talks, _ = _read(doc)
    assert talks[0].end is None  # (one "event_" key: maybe the conference's end)
    assert talks[0].start is not None and talks[0].start.isoformat() == "2025-01-01T10:00:00+00:00"


OPENAPI = {
    "openapi": "3.0.3",
    "info": {"title": "ConfHub Schedule API", "version": "2.1.0"},
    "paths": {
        "/sessions": {
            "get": {
                "responses": {
                    "200": {
                        "content": {
                            "application/json": {
                                "example": [
                                    {
                                        "id": "s-101",
                                        "title": "Opening Keynote",
                                        "start": "2025-09-10T09:00:00+02:00",
                                        "speakers": [{"name": "Jane Doe"}],
                                    }
                                ]
                            }
                        }
                    }
                }
            }
        }
    },
}


def test_an_openapi_spec_is_refused_in_one_sentence_naming_the_file() -> None:
    with pytest.raises(InputError) as err:
        _read(OPENAPI, "openapi.json")
    said = str(err.value)
    assert said.startswith("openapi.json (line 1): an OpenAPI description of a web API")
    assert "not a program" in said and said.count(". ") == 0


def test_talks_found_only_under_example_keys_are_refused() -> None:
    doc = {"docs": {"examples": [{"title": "Opening Keynote", "speakers": ["Jane Doe"]}]}}
    with pytest.raises(InputError) as err:
        _read(doc, "api.json")
    assert "the only talks found are examples (the first at docs.examples.[0])" in str(err.value)


TALK = {"title": "Keynote", "start": "2025-05-22T09:00:00+02:00", "speakers": ["Lucía Martín"]}


@pytest.mark.parametrize(
    ("doc", "name"),
    [
        (
            {"data": {"event": {"name": "JSConf Madrid 2025", "sessions": {"edges": [TALK]}}}},
            "graphql",
        ),
        (
            {"conference": {"name": "Journées Rust 2025", "city": "Montréal"}, "sessions": [TALK]},
            "obj",
        ),
        ({"event": "Grazer Linuxtage 2025", "slots": [TALK]}, "string"),
        ({"@type": "Event", "name": "Code Europe 2025", "subEvent": [TALK]}, "json-ld"),
    ],
)
def test_the_conference_is_named_as_the_document_names_it(
    doc: dict[str, object], name: str
) -> None:
    _, talks, _ = _read(doc)
    expected = {
        "graphql": "JSConf Madrid 2025",
        "obj": "Journées Rust 2025",
        "string": "Grazer Linuxtage 2025",
        "json-ld": "Code Europe 2025",
    }[name]
    assert [t.conference for t in talks] == [expected]


def test_a_yaml_programs_conference_key_names_it_and_the_user_names_it_over_all() -> None:
    yml = "conference: PyCon Portugal 2025\ntalks:\n  - title: Abertura\n    speakers: [Ana]\n"
    _, talks, _ = parse_text(yml, "schedule.yml")
    assert [t.conference for t in talks] == ["PyCon Portugal 2025"]
    _, talks, _ = _read(JSONAPI, "jsonapi.json", conference="PWDD")
    assert {t.conference for t in talks} == {"PWDD"}


def test_a_document_naming_no_conference_is_named_after_its_file() -> None:
    _, talks, _ = _read({"sessions": [TALK]}, "devfest.json")
    assert [t.conference for t in talks] == ["devfest"]

"""Sweep 11: nested JSON programs whose talks lost what the objects holding them say
(F1, F2, F40, F30, F25). Small documents modelled on the sweep's."""

from __future__ import annotations

import json

from ingest import parse_text


def _read(body: object, name: str = "program.json"):
    _, talks, warnings = parse_text(json.dumps(body), name)
    return talks, warnings


def _people(talk) -> list[tuple[str, str | None]]:
    return [(s.name, s.affiliation) for s in talk.speakers]


def _slot(start: str, end: str, talk: dict[str, object]) -> dict[str, object]:
    return {"start": start, "end": end, "talk": talk}


NESTED = {
    "conference": "NestConf",
    "timezone": "Europe/Berlin",
    "days": [
        {
            "date": "2026-06-10",
            "tracks": [
                {
                    "name": "Systems",
                    "room": "Hall A",
                    "slots": [
                        _slot(
                            "09:00",
                            "09:45",
                            {
                                "title": "Kernel bypass",
                                "speakers": [{"name": "Ada Meyer", "company": "Cloudflare"}],
                            },
                        ),
                        _slot(
                            "10:00",
                            "10:45",
                            {
                                "title": "Its own room",
                                "room": "Hall C",
                                "track": "Security",
                                "speakers": [{"name": "Bruno Costa"}],
                            },
                        ),
                    ],
                },
                {
                    "name": "Data",
                    "room": "Hall B",
                    "slots": [
                        {
                            "start": "11:00",
                            "end": "11:30",
                            "title": "Flat slot",
                            "speakers": ["Chen Wei"],
                        }
                    ],
                },
            ],
        }
    ],
}


def test_a_talk_held_in_a_slot_object_is_read_with_its_speakers_and_the_slot_s_times() -> None:
    """F1: a slot {start, end, talk: {title, speakers}}: the talk is the object under
    its title's key, its times the slot's."""
    talks, _ = _read(NESTED)
    first, second, _ = talks
    assert first.title == "Kernel bypass"
    assert _people(first) == [("Ada Meyer", "Cloudflare")]
    assert first.start is not None and first.start.isoformat() == "2026-06-10T09:00:00+02:00"
    assert first.end is not None and first.end.isoformat() == "2026-06-10T09:45:00+02:00"
    assert _people(second) == [("Bruno Costa", None)]


def test_a_track_object_holding_slots_gives_them_its_name_as_track_and_its_room() -> None:
    """F2: a track object {name, room, slots} (under a key naming tracks) gives its
    talks its name as their track and its room, as a Whova block does; a talk's own
    room and track win."""
    talks, _ = _read(NESTED)
    first, second, flat = talks
    assert (first.room, first.track) == ("Hall A", "Systems")
    assert (second.room, second.track) == ("Hall C", "Security")  # its own
    assert (flat.room, flat.track) == ("Hall B", "Data")
    assert _people(flat) == [("Chen Wei", None)]


def test_a_named_object_holding_talks_elsewhere_gives_them_no_track() -> None:
    """Only a key naming tracks makes a named object holding talks their track: a
    group under another key (Sessionize's day groups) gives none."""
    body = {
        "groups": [
            {
                "name": "Monday",
                "sessions": [{"title": "T", "start": "2026-06-10T09:00:00", "speakers": ["A B"]}],
            }
        ]
    }
    (talk,), _ = _read(body)
    assert talk.track is None


BY_SPEAKER = {
    "conference": "InvertConf",
    "timezone": "Europe/Dublin",
    "speakers": [
        {
            "name": "Aoife Kelly",
            "company": "Stripe",
            "bio": "Payments engineer.",
            "talks": [
                {"title": "Idempotency keys", "start": "2026-04-22T09:00:00", "room": "Room A"},
                {
                    "title": "Its own speaker",
                    "start": "2026-04-22T11:00:00",
                    "speakers": [{"name": "Cara Byrne"}],
                },
            ],
        },
        {
            "name": "Brian Nolan",
            "company": "Intercom",
            "talks": [{"title": "Support bots", "start": "2026-04-22T10:00:00", "room": "Room B"}],
        },
    ],
}


def test_talks_grouped_by_speaker_are_that_speaker_s() -> None:
    """F40: talks under a person in a list of speakers are that person's, where they
    name no speakers of their own."""
    talks, _ = _read(BY_SPEAKER)
    by_title = {t.title: t for t in talks}
    assert _people(by_title["Idempotency keys"]) == [("Aoife Kelly", "Stripe")]
    assert _people(by_title["Support bots"]) == [("Brian Nolan", "Intercom")]
    assert _people(by_title["Its own speaker"]) == [("Cara Byrne", None)]


def test_talks_under_a_room_key_of_a_day_are_in_that_room() -> None:
    """F30: date -> room name -> talks: a key under a day that names a room by room
    words and a number or letter ("Aula 1", "Room B") is the room of the talks under
    it; another key (a part of the day) names none."""
    body = {
        "timezone": "Europe/Madrid",
        "days": {
            "2026-10-23": {
                "Aula 1": [{"start": "09:00", "title": "One", "speaker": "Gema Luz"}],
                "Room B": [{"start": "11:00", "title": "Two", "speaker": "Hugo Mar"}],
                "Morning": [{"start": "10:00", "title": "Three", "speaker": "Iris Sol"}],
                "Sala 3": [
                    {"start": "12:00", "title": "Four", "speaker": "Jon Paz", "room": "Aula 9"}
                ],
            }
        },
    }
    talks, _ = _read(body)
    rooms = {t.title: t.room for t in talks}
    assert rooms == {"One": "Aula 1", "Two": "Room B", "Three": None, "Four": "Aula 9"}


def test_speakers_of_a_graphql_connection_are_read() -> None:
    """F25: a GraphQL (Relay) connection of speakers, {edges: [{node: {...}}]}, is the
    list of its nodes."""
    body = {
        "data": {
            "event": {
                "name": "RelayConf",
                "timezone": "America/Chicago",
                "sessions": {
                    "edges": [
                        {
                            "cursor": "a",
                            "node": {
                                "title": "Schema stitching",
                                "startsAt": "2026-05-20T10:00:00",
                                "speakers": {
                                    "edges": [
                                        {"node": {"name": "Vik Rao", "company": "Apollo"}},
                                        {"node": {"name": "Wen Li", "company": "Hasura"}},
                                    ]
                                },
                            },
                        }
                    ]
                },
            }
        }
    }
    (talk,), _ = _read(body)
    assert _people(talk) == [("Vik Rao", "Apollo"), ("Wen Li", "Hasura")]


def test_a_talk_listed_under_each_of_its_speakers_is_one_talk_of_both() -> None:
    """F40: a co-presented talk under each of its two speakers is one talk of both."""
    talk = {"title": "Pairing", "start": "2026-04-22T12:00:00", "room": "Room C"}
    body = {
        "timezone": "Europe/Dublin",
        "speakers": [
            {"name": "Aoife Kelly", "company": "Stripe", "talks": [dict(talk)]},
            {"name": "Brian Nolan", "company": "Intercom", "talks": [dict(talk)]},
        ],
    }
    (only,), _ = _read(body)
    assert _people(only) == [("Aoife Kelly", "Stripe"), ("Brian Nolan", "Intercom")]


def test_a_slot_s_own_times_and_people_win_over_the_talk_it_holds() -> None:
    """F1 after review (R3, R4, R5): the slot's clock times and its people win over
    what the talk it holds says of them: a paper's authors beside the slot's
    presenter, a bare name beside the slot's person with their company; a held object
    naming a date of its own where the slot names its times (a conference's date) is
    not read as the slot's talk."""
    body = {
        "timezone": "Europe/Berlin",
        "slots": [
            _slot(
                "2026-05-01T09:00", "2026-05-01T09:30", {"title": "Held", "speakers": ["Kai Berg"]}
            ),
            {
                "start": "2026-05-01T10:00",
                "end": "2026-05-01T10:20",
                "presenter": [{"name": "Dana Novak", "company": "TU Wien"}],
                "paper": {
                    "title": "Graph sampling bounds",
                    "authors": [{"name": "Dana Novak"}, {"name": "Eli Sato"}],
                    "abstract": "We bound things.",
                },
            },
            {
                "start": "2026-05-01T11:00",
                "end": "2026-05-01T11:45",
                "event": {"name": "NestConf 2026", "start": "2026-04-20", "speakers": ["Org Team"]},
            },
        ],
    }
    talks, _ = _read(body)
    held, paper, dated = talks
    assert _people(held) == [("Kai Berg", None)]
    assert _people(paper) == [("Dana Novak", "TU Wien")]
    assert paper.abstract == "We bound things."
    assert dated.start is not None and dated.start.isoformat() == "2026-05-01T11:00:00+02:00"
    assert dated.end is not None and dated.end.isoformat() == "2026-05-01T11:45:00+02:00"
    assert _people(dated) == []


def test_only_a_list_under_tracks_gives_a_track_and_only_a_place_is_its_room() -> None:
    """F2 after review (R6, R8): a track object's room is its talks' room where it
    names a place (not a chat URL, not "online"); objects under "topics" (tags a talk
    has several of), "streams" or "areas" give no track."""
    talk = {"title": "Supply chain", "start": "2026-05-01T09:00:00", "speakers": ["Sam Ode"]}
    body = {
        "timezone": "Europe/Berlin",
        "tracks": [
            {"name": "Security", "room": "https://chat.example.org/#sec", "talks": [talk]},
            {"name": "Data", "location": "online", "talks": [{**talk, "title": "Parquet"}]},
        ],
        "topics": [
            {"name": "AI", "talks": [{**talk, "title": "LLM evals"}]},
            {"name": "Ethics", "talks": [{**talk, "title": "LLM evals"}]},
        ],
        "streams": [{"name": "Live stream", "talks": [{**talk, "title": "Streamed"}]}],
    }
    talks, _ = _read(body)
    read = {t.title: (t.room, t.track) for t in talks}
    assert read == {
        "Supply chain": (None, "Security"),
        "Parquet": (None, "Data"),
        "LLM evals": (None, None),
        "Streamed": (None, None),
    }


def test_only_people_listed_as_speakers_hold_their_talks() -> None:
    """F40 after review (R1, R7): a person's name under a list naming speakers holds
    their talks; companies under "hosts", group members under "people", an object
    with no name (a bio only) and a team give no speaker."""
    talk = {"title": "T", "start": "2026-05-01T09:00:00", "room": "R1"}
    body = {
        "timezone": "Europe/Dublin",
        "speakers": [
            {"name": "Aoife Kelly", "company": "Stripe", "talks": [{**talk, "title": "Mine"}]},
            {"id": "s2", "bio": "Keynote speaker", "talks": [{**talk, "title": "Nameless"}]},
        ],
        "panelists": [{"name": "The Rust Team", "talks": [{**talk, "title": "Roadmap"}]}],
        "hosts": [{"name": "Red Hat", "events": [{**talk, "title": "Workshop"}]}],
        "people": [{"name": "Berta Ruiz", "talks": [{**talk, "title": "Infra"}]}],
    }
    talks, _ = _read(body)
    read = {t.title: _people(t) for t in talks}
    assert read == {
        "Mine": [("Aoife Kelly", "Stripe")],
        "Nameless": [],
        "Roadmap": [],
        "Workshop": [],
        "Infra": [],
    }


def test_only_a_copy_under_a_speaker_adds_that_speaker_by_name() -> None:
    """F40 after review (R2): a talk listed twice keeps its first reading's people
    (a second list naming them otherwise adds no one); a copy under a speaker adds
    that speaker where the talk does not name them (compared by name); two different
    talks of one title under two speakers give the first no second speaker."""
    talk = {"id": "t1", "title": "Shared", "start": "2026-05-01T09:00:00", "room": "R1"}
    body = {
        "timezone": "Europe/Dublin",
        "sessions": [{**talk, "speakers": [{"firstName": "Ada", "lastName": "Lovelace"}]}],
        "program": [
            {**talk, "speakers": [{"id": "u1", "fullName": "Ada Lovelace"}, "Lovelace, Ada"]}
        ],
        "speakers": [
            {"name": "Ada Lovelace", "talks": [dict(talk)]},
            {"name": "Grace Hopper", "company": "Navy", "talks": [dict(talk)]},
            {"name": "Mara Holt", "talks": [{"title": "Lightning", "abstract": "On X."}]},
            {"name": "Noel Park", "talks": [{"title": "Lightning", "abstract": "On Y."}]},
        ],
    }
    talks, _ = _read(body)
    read = {t.title: _people(t) for t in talks}
    assert read == {
        "Shared": [("Ada Lovelace", None), ("Grace Hopper", "Navy")],
        "Lightning": [("Mara Holt", None)],
    }


def test_only_a_key_named_as_a_numbered_room_is_a_room_under_a_day() -> None:
    """F30 after review (R9): under a day, a key of room words and one number or
    letter ("Room 101", "Hall 1") is its talks' room; a format's, a track's or a
    notice's name with a room's word in it ("Town Hall", "Growth Stage", "Location
    Based Services", "Room Changes", "Salon Talks") is none."""
    keys = ["Room 101", "Hall 1", "Town Hall", "Growth Stage", "Location Based Services"]
    keys += ["Room Changes", "Salon Talks", "Hall of Fame Awards"]
    day = {
        k: [{"start": f"{9 + n}:00", "title": f"T{n}", "speaker": "Ida Fox"}]
        for n, k in enumerate(keys)
    }
    talks, _ = _read({"timezone": "Europe/Madrid", "days": {"2026-10-23": day}})
    rooms = {t.title: t.room for t in talks}
    assert rooms == {f"T{n}": (k if n < 2 else None) for n, k in enumerate(keys)}

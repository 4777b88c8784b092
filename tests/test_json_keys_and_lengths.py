"""JSON programs an outside sweep fed to ingest (sweep 3): a GraphQL response whose
talks sit under a "schedule" key is no frab schedule; speakers under a key naming them
as a list ("speakerList"); a language named in another language ("inglese",
"Englisch"); an Italian "tema" beside its "titolo"; and a talk's length across the
night summer time ends, counted between its instants."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

import duckdb
import pytest

from ingest.detect import detect, parse_text
from ingest.formats.columns import listed_name, resolve
from talkbase.core.errors import InputError
from talkbase.core.languages import language_code
from talkbase.core.records import Talk
from talkbase.core.timetable import overlap_minutes


def _read(body: object, name: str = "program.json", fmt: str | None = None):
    text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
    return parse_text(text, name, fmt)


# ---- a GraphQL response is not taken for frab -------------------------------------------


def _node(title: str, start: str, end: str, room: str, speakers: list[dict]) -> dict:
    return {
        "node": {
            "__typename": "Session",
            "id": title[:6],
            "title": title,
            "startsAt": start,
            "endsAt": end,
            "room": {"__typename": "Room", "name": room},
            "language": "de",
            "speakers": speakers,
        }
    }


GRAPHQL = {
    "data": {
        "conference": {
            "__typename": "Conference",
            "name": "GraphConf 2024",
            "schedule": {
                "edges": [
                    _node(
                        "Federated Schemas at Scale",
                        "2024-11-14T09:30:00+01:00",
                        "2024-11-14T10:15:00+01:00",
                        "Main Hall",
                        [{"name": "Maartje de Vries", "company": "Booking.com"}],
                    ),
                    _node(
                        "GraphQL im Mittelstand",
                        "2024-11-14T14:00:00+01:00",
                        "2024-11-14T14:45:00+01:00",
                        "Room 2",
                        [{"name": "Jörg Müller", "company": "SAP"}],
                    ),
                ],
                "pageInfo": {"hasNextPage": False},
            },
        }
    }
}


def test_a_graphql_response_with_a_schedule_key_is_read_as_json_not_refused_as_frab() -> None:
    text = json.dumps(GRAPHQL)
    assert detect(text) == "json"
    fmt, talks, _ = parse_text(text, "graphql.json")
    assert fmt == "json"
    assert [(t.title, t.start, t.room) for t in talks] == [
        (
            "Federated Schemas at Scale",
            datetime.fromisoformat("2024-11-14T09:30:00+01:00"),
            "Main Hall",
        ),
        ("GraphQL im Mittelstand", datetime.fromisoformat("2024-11-14T14:00:00+01:00"), "Room 2"),
    ]
    assert talks[0].speakers[0].name == "Maartje de Vries"
    assert talks[0].speakers[0].affiliation == "Booking.com"


def test_frab_named_for_another_shape_says_to_try_json() -> None:
    with pytest.raises(InputError, match="try --format json"):
        _read(GRAPHQL, "graphql.json", "frab")


def test_frab_schedules_and_broken_ones_are_still_frabs() -> None:
    frab = {
        "schedule": {
            "conference": {
                "title": "Camp",
                "time_zone_name": "Europe/Berlin",
                "days": [
                    {
                        "date": "2024-07-17",
                        "rooms": {
                            "Hall": [
                                {
                                    "guid": "g1",
                                    "title": "Opening",
                                    "date": "2024-07-17T10:00:00+02:00",
                                    "duration": "00:30",
                                    "persons": [{"public_name": "Ada"}],
                                }
                            ]
                        },
                    }
                ],
            }
        }
    }
    assert detect(json.dumps(frab)) == "frab"
    fmt, talks, _ = _read(frab)
    assert (fmt, [t.title for t in talks]) == ("frab", ["Opening"])
    # frab's shape with its days broken: frab's reader says what is wrong
    frab["schedule"]["conference"]["days"] = "soon"
    with pytest.raises(InputError, match="days is not a list"):
        _read(frab)
    # cut short: frab's keys, no JSON: frab's reader names the line
    cut = json.dumps(frab)[:60]
    assert detect(cut) == "frab"
    with pytest.raises(InputError, match="the JSON stops before it closes.*looks cut short"):
        parse_text(cut, "cut.json")


def test_a_tree_with_schedule_and_conference_keys_but_no_talks_is_still_refused() -> None:
    rooms = {
        "data": {"conference": {"name": "X", "schedule": {"rooms": [{"name": "A"}, {"name": "B"}]}}}
    }
    with pytest.raises(InputError, match="no talks found|no object has a title"):
        _read(rooms, "rooms.json")


# ---- speakers under a key naming them as a list -----------------------------------------


@pytest.mark.parametrize(
    ("key", "person"),
    [
        ("speakerList", {"fullName": "Ananya Iyer", "designation": "CTO", "company": "NPCI"}),
        ("speakerList", {"name": "Ananya Iyer", "company": "NPCI"}),
        ("speaker_list", {"name": "Ananya Iyer", "organization": "NPCI"}),
        ("presentersArray", {"name": "Ananya Iyer", "affiliation": "NPCI"}),
        ("hosts", {"name": "Ananya Iyer", "company": "NPCI"}),
    ],
)
def test_speakers_under_a_key_naming_them_as_a_list_are_read(key: str, person: dict) -> None:
    body = {
        "event": {"name": "IndiaDevConf 2024", "timezone": "Asia/Kolkata"},
        "agenda": [
            {
                "sessionId": n,
                "sessionTitle": title,
                "startTime": start,
                "hall": "Hall A",
                key: [person],
            }
            for n, (title, start) in enumerate(
                (("Scaling UPI Payments", 1707364800), ("Kotlin at Scale", 1707368400)), 1
            )
        ],
    }
    _, talks, warnings = _read(body)
    assert [(s.name, s.affiliation) for t in talks for s in t.speakers] == [
        ("Ananya Iyer", "NPCI"),
        ("Ananya Iyer", "NPCI"),
    ]
    assert talks[0].start == datetime.fromisoformat("2024-02-08T09:30:00+05:30")


def test_a_list_word_names_its_field_only_as_a_word_of_its_own() -> None:
    assert listed_name("speakerList") == listed_name("Speaker List") == "speaker"
    assert listed_name("presenters_array") == "presenters"
    assert listed_name("tracklist") is None  # one word: no list of tracks
    assert listed_name("list") is None
    assert resolve(["title", "speakerList"])["speakers"] == "speakerList"
    assert resolve(["title", "tagList"]).get("keywords") == "tagList"  # a list of tags
    assert resolve(["title", "colourList"]) == {"title": "title"}  # "colour" names no field
    # a key naming the field plainly wins over one naming it as a list
    assert resolve(["title", "speakerList", "speakers"])["speakers"] == "speakers"
    assert "track" not in resolve(["title", "tracklist"])


# ---- languages named in other languages; a theme beside the title ------------------------


@pytest.mark.parametrize(
    ("said", "code"),
    [
        ("inglese", "en"),
        ("Englisch", "en"),
        ("anglais", "en"),
        ("inglés", "en"),
        ("ingles", "en"),
        ("Engels", "en"),
        ("tedesco", "de"),
        ("Französisch", "fr"),
        ("italiano", "it"),
        ("English", "en"),
        ("en-US", "en"),
    ],
)
def test_a_language_named_in_any_language_known_is_its_code(said: str, code: str) -> None:
    assert language_code(said) == code


@pytest.mark.parametrize(
    # review: short names and places another language calls a language by
    "said",
    ["Python", "Java", "Rust", "Cloud", "Level 2", "", "Japan", "Korea", "Dan", "Tai", "Turks"],
)
def test_words_that_name_no_language_stay_none(said: str) -> None:
    assert language_code(said) is None


def test_an_italian_program_reads_its_lingua_in_italian_and_its_tema_as_the_track() -> None:
    body = [
        {
            "titolo": "Observability with OpenTelemetry",
            "relatore": "Sarah Connor",
            "data": "13/10/2024",
            "inizio": "14:00",
            "fine": "14:40",
            "sala": "Aula Magna",
            "tema": "Cloud",
            "lingua": "inglese",
        },
        {
            "titolo": "Rust per sviluppatori Python",
            "relatore": "Marco Rossi",
            "data": "12/10/2024",
            "inizio": "10:30",
            "fine": "11:15",
            "sala": "Aula 2",
            "tema": "Linguaggi",
            "lingua": "italiano",
        },
    ]
    _, talks, _ = _read(body)
    assert [(t.title, t.track, t.language) for t in talks] == [
        ("Observability with OpenTelemetry", "Cloud", "en"),
        ("Rust per sviluppatori Python", "Linguaggi", "it"),
    ]


def test_a_tema_alone_is_still_the_title() -> None:
    body = [{"tema": "Introduzione a Kubernetes", "relatore": "Giulia Bianchi", "sala": "Aula"}]
    _, talks, _ = _read(body)
    assert [(t.title, t.track) for t in talks] == [("Introduzione a Kubernetes", None)]


# ---- a talk's length across the end of summer time ---------------------------------------

BERLIN = ZoneInfo("Europe/Berlin")
# 01:30+02:00 to 02:30+01:00 on the night summer time ends: two hours, though the wall
# clock says one (both in Europe/Berlin: the second 02:30 is fold=1)
NIGHT = Talk(
    title="Late Night Hacking",
    start=datetime(2024, 10, 27, 1, 30, tzinfo=BERLIN),
    end=datetime(2024, 10, 27, 2, 30, fold=1, tzinfo=BERLIN),
)
MORNING = Talk(
    title="Morning",
    start=datetime(2024, 10, 27, 10, 0, tzinfo=BERLIN),
    end=datetime(2024, 10, 27, 10, 45, tzinfo=BERLIN),
)


def test_a_length_across_the_change_of_summer_time_counts_its_instants() -> None:
    assert NIGHT.duration_minutes == 120
    assert MORNING.duration_minutes == 45
    # an hour-long talk from the second 02:00 shares 30 minutes with it, not 60
    after = Talk(
        title="After",
        start=datetime(2024, 10, 27, 2, 0, fold=1, tzinfo=BERLIN),
        end=datetime(2024, 10, 27, 3, 0, tzinfo=BERLIN),
    )
    assert overlap_minutes(NIGHT, after) == 30


def test_the_length_limits_and_the_talks_table_count_instants() -> None:
    from index.search.limits.filters import Filters, to_sql
    from index.store.schema import DDL
    from index.store.stats import TABLES
    from index.store.tables import insert_talks

    con = duckdb.connect()
    con.execute(DDL)
    insert_talks(con, [replace(NIGHT, id=1), replace(MORNING, id=2)], {})

    def titles(f: Filters) -> list[str]:
        where, params = to_sql(f)
        return [
            r[0] for r in con.execute(f"SELECT title FROM talks t WHERE {where}", params).fetchall()
        ]

    assert titles(Filters(min_minutes="90")) == ["Late Night Hacking"]
    assert titles(Filters(max_minutes="60")) == ["Morning"]
    minutes = dict(con.execute(f"SELECT title, minutes FROM ({TABLES['talks']})").fetchall())
    assert minutes == {"Late Night Hacking": 120, "Morning": 45}

"""JSON (and YAML) program shapes an outside sweep fed to ingest: each is read right
or refused in one sentence naming the file. Small documents modelled on real exports
(npm package.json, GeoJSON, a product list; Unix times; Eventbrite, OpenAgenda,
Sessionize, Indico, a page of the pretalx API; a Jekyll YAML data file)."""

from __future__ import annotations

import json

import pytest

from ingest.detect import parse_text
from talkbase.core.errors import InputError


def _read(body: object, name: str = "program.json"):
    text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
    return parse_text(text, name)


# ---- what is not a program is refused --------------------------------------------------

PACKAGE = {
    "name": "@acme/conference-site",
    "version": "2.4.1",
    "description": "Website for the ACME developer conference",
    "author": "ACME Events <events@acme.example>",
    "scripts": {"dev": "astro dev"},
    "contributors": [{"name": "Jane Doe", "email": "jane@acme.example"}],
}
CAFES = {
    "type": "FeatureCollection",
    "features": [
        {
            "type": "Feature",
            "properties": {
                "name": name,
                "description": "Viennese coffee house.",
                "date": "2024-05-01",
                "room": street,
            },
            "geometry": {"type": "Point", "coordinates": [16.36, 48.2]},
        }
        for name, street in (
            ("Café Sperl", "Gumpendorfer Str. 11"),
            ("Café Prückel", "Stubenring 24"),
        )
    ],
}
PRODUCTS = [
    {
        "name": name,
        "date": "2024-03-01T09:00:00Z",
        "end": "2024-06-01T09:00:00Z",
        "price": 29.99,
        "category": "Peripherals",
        "description": "Vertical design.",
        "location": "Warehouse B",
    }
    for name in ("Wireless Mouse", "Keyboard TKL")
]


@pytest.mark.parametrize(
    ("body", "name", "example"),
    [
        (PACKAGE, "package.json", "Jane Doe"),
        (CAFES, "cafes.geojson", "Café Sperl"),
        (PRODUCTS, "products.json", "Wireless Mouse"),
    ],
)
def test_a_package_places_or_products_are_refused_naming_the_file(body, name, example) -> None:
    with pytest.raises(InputError, match=f"no talks found.*{example}") as err:
        _read(body, name)
    assert err.value.path == name


def test_named_events_at_a_time_of_day_still_read() -> None:
    """A name is a talk's title where the object says when it happens, that day."""
    body = [
        {"name": "Opening keynote", "start": "2024-05-02T09:00:00+02:00", "description": "x"},
        {
            "name": "Tutorial",
            "date": "2024-05-02T10:00:00+02:00",
            "end": "2024-05-02T12:00:00+02:00",
        },
    ]
    _, talks, _ = _read(body)
    assert [(t.title, t.start.isoformat()) for t in talks] == [
        ("Opening keynote", "2024-05-02T09:00:00+02:00"),
        ("Tutorial", "2024-05-02T10:00:00+02:00"),
    ]
    assert talks[1].end.isoformat() == "2024-05-02T12:00:00+02:00"


# ---- times as Unix seconds or milliseconds, speakers as displayName ----------------------


def test_unix_seconds_are_read_in_the_zone_the_document_names() -> None:
    body = {
        "conference": "PyCon JP 2024",
        "timezone": "Asia/Tokyo",
        "generated_at": 1726000000,
        "sessions": [
            {
                "id": 100,
                "title": "Pythonで始める型ヒント入門",
                "speakers": [{"name": "鈴木 一郎"}],
                "start": 1727400600,
                "end": 1727402400,
                "room": "Room Hiyoshi",
            },
            {"id": 101, "title": "LT: fixtures", "start": 1727510400, "end": 1727510700},
        ],
    }
    _, talks, warnings = _read(body)
    assert warnings == []
    assert [(t.start.isoformat(), t.end.isoformat()) for t in talks] == [
        ("2024-09-27T10:30:00+09:00", "2024-09-27T11:00:00+09:00"),
        ("2024-09-28T17:00:00+09:00", "2024-09-28T17:05:00+09:00"),
    ]
    assert [s.name for s in talks[0].speakers] == ["鈴木 一郎"]


def test_unix_milliseconds_and_display_names() -> None:
    body = {
        "event": {"name": "DevFest CDMX 2024", "tz": "America/Mexico_City"},
        "agenda": [
            {
                "sessionId": "s1",
                "title": "Taller: React Native desde cero",
                "speakers": [{"displayName": "Valeria Ortiz"}, {"displayName": "Andrés Ramírez"}],
                "startTime": 1718902800000,
                "endTime": 1718910000000,
                "room": {"name": "Sala Quetzalcóatl"},
            },
            {
                "sessionId": "s3",
                "title": "Cierre y fiesta",
                "speakers": [],
                "startTime": 1718944200000,
                "endTime": 1718953200000,
            },
        ],
    }
    _, talks, warnings = _read(body)
    assert warnings == []
    first, party = talks
    assert [s.name for s in first.speakers] == ["Valeria Ortiz", "Andrés Ramírez"]
    assert (first.start.isoformat(), first.end.isoformat()) == (
        "2024-06-20T11:00:00-06:00",
        "2024-06-20T13:00:00-06:00",
    )
    assert party.end.isoformat() == "2024-06-21T01:00:00-06:00"  # past midnight


def test_a_number_that_is_no_unix_time_is_not_read_as_one() -> None:
    body = [{"title": "A", "start": "2024", "speakers": ["Ann"]}]
    _, (talk,), warnings = _read(body)
    assert talk.start is None and "cannot read the start time '2024'" in warnings[0]


# ---- Eventbrite's time objects --------------------------------------------------------------


def test_eventbrite_local_times_in_their_zone_across_a_dst_change() -> None:
    def event(day: str, utc: str) -> dict[str, object]:
        return {
            "name": {"text": f"NYC Python {day}", "html": f"NYC Python {day}"},
            "start": {
                "timezone": "America/New_York",
                "local": f"{day}T18:30:00",
                "utc": f"{day}T{utc}:30:00Z",
            },
            "end": {"timezone": "America/New_York", "local": f"{day}T20:30:00", "utc": "x"},
            "venue": {"name": "Civic Hall"},
        }

    body = {
        "pagination": {"object_count": 2},
        "events": [event("2024-10-29", "22"), event("2024-11-05", "23")],
    }
    _, talks, warnings = _read(body)
    assert warnings == []
    assert [(t.title, t.start.isoformat(), t.end.isoformat()) for t in talks] == [
        ("NYC Python 2024-10-29", "2024-10-29T18:30:00-04:00", "2024-10-29T20:30:00-04:00"),
        ("NYC Python 2024-11-05", "2024-11-05T18:30:00-05:00", "2024-11-05T20:30:00-05:00"),
    ]


# ---- Indico's people --------------------------------------------------------------------


def test_a_person_written_family_comma_given_is_said_given_family() -> None:
    body = [
        {
            "title": "Timing layers with LGADs",
            "startDate": {"date": "2024-06-11", "time": "10:45:00", "tz": "Europe/Zurich"},
            "presenters": [
                {"firstName": "Nicolò", "familyName": "Cartiglia", "name": "Cartiglia, Nicolò"},
                {"first_name": "Ana", "last_name": "Ventura Barroso"},
                {"name": "Dra. Patricia Vega", "firstName": "Patricia", "familyName": "Vega"},
            ],
        }
    ]
    _, (talk,), _ = _read(body)
    assert [s.name for s in talk.speakers] == [
        "Nicolò Cartiglia",
        "Ana Ventura Barroso",
        "Dra. Patricia Vega",
    ]
    assert talk.start.isoformat() == "2024-06-11T10:45:00+02:00"


# ---- OpenAgenda: every timing is a session; text objects by language ----------------------


def test_openagenda_timings_are_each_a_session_and_french_text_is_read() -> None:
    body = {
        "total": 2,
        "events": [
            {
                "uid": 81234002,
                "title": {"fr": "L'ADN, mode d'emploi", "en": ""},
                "description": {"fr": "Par la biologiste Hélène Mercier (CNRS).", "en": ""},
                "timings": [
                    {"begin": "2024-10-05T14:00:00+02:00", "end": "2024-10-05T15:00:00+02:00"},
                    {"begin": "2024-10-06T14:00:00+02:00", "end": "2024-10-06T15:00:00+02:00"},
                ],
                "firstTiming": {"begin": "2024-10-05T14:00:00+02:00"},
                "location": {"uid": 4411, "name": "Amphithéâtre Marie Curie"},
                "timezone": "Europe/Paris",
            },
            {
                "uid": 81234003,
                "title": {"fr": "Mathématiques et origami"},
                "timings": [
                    {"begin": "2024-10-05T10:00:00+02:00", "end": "2024-10-05T12:00:00+02:00"}
                ],
                "location": {"uid": 4412, "name": "Bibliothèque"},
                "timezone": "Europe/Paris",
            },
        ],
    }
    _, talks, warnings = _read(body)
    assert warnings == []
    assert [(t.title, t.start.isoformat(), t.end.isoformat(), t.room, t.uid) for t in talks] == [
        (
            "L'ADN, mode d'emploi",
            "2024-10-05T14:00:00+02:00",
            "2024-10-05T15:00:00+02:00",
            "Amphithéâtre Marie Curie",
            "81234002",
        ),
        (
            "L'ADN, mode d'emploi",
            "2024-10-06T14:00:00+02:00",
            "2024-10-06T15:00:00+02:00",
            "Amphithéâtre Marie Curie",
            "81234002#2",
        ),
        (
            "Mathématiques et origami",
            "2024-10-05T10:00:00+02:00",
            "2024-10-05T12:00:00+02:00",
            "Bibliothèque",
            "81234003",
        ),
    ]
    assert talks[0].abstract == "Par la biologiste Hélène Mercier (CNRS)."


# ---- Sessionize: the grid, service sessions, categories by their title -----------------------


def _grid_session(ident: str, title: str, start: str, end: str, **more: object) -> dict:
    return {
        "id": ident,
        "title": title,
        "startsAt": start,
        "endsAt": end,
        "isServiceSession": False,
        "speakers": [{"id": f"p{ident}", "name": f"Speaker {ident}"}],
        "categories": [
            {"id": 7001, "name": "Track", "categoryItems": [{"id": 801, "name": "Community"}]},
            {"id": 7002, "name": "Formato", "categoryItems": [{"id": 811, "name": "Keynote"}]},
        ],
        "roomId": 31001,
        **more,
    }


def test_a_sessionize_grid_reads_its_sessions_once_not_its_rooms(monkeypatch) -> None:
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Rome")
    keynote = _grid_session("701", "Apertura", "2024-10-10T09:30:00", "2024-10-10T10:15:00")
    lunch = _grid_session("704", "Pranzo", "2024-10-10T12:30:00", "2024-10-10T13:30:00")
    lunch.update(isServiceSession=True, speakers=[], categories=[])
    body = [
        {
            "date": "2024-10-10T00:00:00",
            "rooms": [{"id": 31001, "name": "Aula Magna", "sessions": [keynote, lunch]}],
            "timeSlots": [
                {
                    "slotStart": "09:30:00",
                    "rooms": [{"id": 31001, "name": "Aula Magna", "session": keynote}],
                }
            ],
        }
    ]
    _, talks, warnings = _read(body, "grid.json")
    assert warnings == []
    assert [(t.title, t.start.isoformat(), t.room, t.track, t.format) for t in talks] == [
        ("Apertura", "2024-10-10T09:30:00+02:00", "Aula Magna", "Community", "Keynote"),
        ("Pranzo", "2024-10-10T12:30:00+02:00", "Aula Magna", None, "break"),
    ]
    assert [s.name for s in talks[0].speakers] == ["Speaker 701"]


def test_sessionize_all_data_categories_go_to_format_language_and_track() -> None:
    body = {
        "sessions": [
            {
                "id": "612301",
                "title": "Plattform-Engineering ohne Plattform-Team",
                "startsAt": "2024-05-16T09:00:00",
                "endsAt": "2024-05-16T09:45:00",
                "isServiceSession": False,
                "speakers": ["5e55"],
                "categoryItems": [20001, 20014, 20021, 20031],
                "roomId": 11001,
            },
            {
                "id": "S1",
                "title": "Kaffeepause",
                "startsAt": "2024-05-16T10:40:00",
                "endsAt": "2024-05-16T11:00:00",
                "isServiceSession": True,
                "speakers": [],
                "categoryItems": [],
                "roomId": 11001,
            },
        ],
        "speakers": [{"id": "5e55", "fullName": "Katrin Schäfer"}],
        "categories": [
            {"id": 5001, "title": "Track", "items": [{"id": 20001, "name": "Cloud"}]},
            {"id": 5002, "title": "Session format", "items": [{"id": 20014, "name": "Keynote"}]},
            {"id": 5003, "title": "Language", "items": [{"id": 20021, "name": "Deutsch"}]},
            {"id": 5004, "title": "Level", "items": [{"id": 20031, "name": "Advanced"}]},
        ],
        "rooms": [{"id": 11001, "name": "Saal Übersee"}],
    }
    _, (talk, coffee), _ = _read(body)
    assert (talk.track, talk.format, talk.language, talk.room) == (
        "Cloud",
        "Keynote",
        "de",
        "Saal Übersee",
    )
    assert [s.name for s in talk.speakers] == ["Katrin Schäfer"]
    # a category naming no field is a note under its title, never a track (outside
    # re-check N08: "Level" was the track where the program had no "Track" category)
    assert ("Level", "Advanced") in talk.notes
    assert all(label != "Sessions" for label, _ in talk.notes)
    del body["categories"][0]
    _, (talk, _), _ = _read(body)
    assert (talk.track, dict(talk.notes).get("Level")) == (None, "Advanced")
    assert (coffee.title, coffee.format) == ("Kaffeepause", "break")


def test_a_sessionize_speakers_tag_line_gives_the_affiliation_it_names() -> None:
    """Sessionize's "all data" speakers say their organisation in their tag line:
    after "at", or after the comma of "Role, Org"; a line alone (a role or an
    organisation?), a role or prose gives none."""
    lines = {
        "a": "Principal Engineer at MPK Kraków",
        "b": "SRE, Allegro",
        "c": "JetBrains",  # (a line alone: a role or an organisation? "Freelancer")
        "d": "Senior Software Engineer",
        "e": "I love building things at scale.",
        "f": "Freelancer",
        "g": "Azure MVP | Speaker | Author",
    }
    body = {
        "sessions": [
            {
                "id": "1",
                "title": "Postgres w MPK",
                "startsAt": "2024-05-16T09:00:00",
                "speakers": list(lines),
            }
        ],
        "speakers": [{"id": k, "fullName": f"Person {k}", "tagLine": v} for k, v in lines.items()],
    }
    _, (talk,), _ = _read(body)
    assert [s.affiliation for s in talk.speakers] == [
        "MPK Kraków",
        "Allegro",
        None,
        None,
        None,
        None,
        None,
    ]
    assert talk.speakers[0].name == "Person a"


def test_a_category_is_the_field_its_title_names() -> None:
    from ingest.formats.jsonrecords import category_field

    said = ["Session format", "Formato", "Language", "Sprache", "Track", "Level", "Type"]
    assert [category_field(t) for t in said] == [
        "format",
        "format",
        "language",
        "language",
        "track",
        None,
        "format",
    ]


# ---- a page of a paginated API ----------------------------------------------------------


def _pretalx_result(n: int) -> dict:
    return {
        "code": f"P{n:05d}",
        "title": f"Talk {n}",
        "speakers": [{"code": f"S{n}", "name": f"Speaker {n}"}],
        "slot": {"room": {"en": "Amphi A"}, "start": f"2024-10-10T{9 + n}:00:00+02:00"},
    }


def test_one_page_of_a_paginated_api_is_read_with_a_warning_naming_what_is_missing() -> None:
    page = {
        "count": 27,
        "next": "https://pretalx.com/api/events/x/talks/?limit=2&offset=2",
        "previous": None,
        "results": [_pretalx_result(1), _pretalx_result(2)],
    }
    fmt, talks, warnings = _read(page, "page1.json")
    assert (fmt, [t.title for t in talks]) == ("frab", ["Talk 1", "Talk 2"])
    assert warnings == [
        "page1.json: holds 2 of the 27 records its API counts, one page of a paginated list "
        "with a next page (https://pretalx.com/api/events/x/talks/?limit=2&offset=2); the "
        "other pages must be fetched and ingested too"
    ]
    whole = dict(page, count=2, next=None)
    assert _read(whole, "all.json")[2] == []


def test_a_page_of_events_read_as_a_tree_is_warned_too() -> None:
    body = {
        "pagination": {"object_count": 40, "has_more_items": True, "page_size": 1},
        "events": [{"title": "Meetup", "start": "2024-10-29T18:30:00-04:00"}],
    }
    _, (talk,), warnings = _read(body, "eventbrite.json")
    assert talk.start.isoformat() == "2024-10-29T18:30:00-04:00"
    assert warnings == [
        "eventbrite.json: holds 1 of the 40 records its API counts, one page of a paginated "
        "list with a next page; the other pages must be fetched and ingested too"
    ]


def _pages(tmp_path, count: int, names: tuple[str, ...]) -> list:
    """Pages of one pretalx talks list of `count`, two talks a page, written as files."""
    from ingest.detect import parse_path

    base = "https://pretalx.com/api/events/x/talks/"
    paths = []
    for n, name in enumerate(names):
        page = {
            "count": count,
            "next": f"{base}?limit=2&offset={2 * n + 2}" if 2 * n + 2 < count else None,
            "previous": (f"{base}?limit=2" + (f"&offset={2 * n - 2}" if n > 1 else ""))
            if n
            else None,
            "results": [_pretalx_result(2 * n + k) for k in (1, 2) if 2 * n + k <= count],
        }
        path = tmp_path / name
        path.write_text(json.dumps(page), encoding="utf-8")
        paths.append(parse_path(path))
    return paths


def test_the_pages_of_one_list_read_together_are_one_program(tmp_path) -> None:
    """Pages whose links name one list and that count the same records are one
    program, named after their files together, with no warning where they hold the
    whole list; a last page read alone warns too."""
    from ingest.detect import join_pages

    first, last = _pages(tmp_path, 3, ("talks_page1.json", "talks_page2.json"))
    assert "with a previous page" in last.warnings[0]  # (alone: the earlier pages are missing)
    joined = join_pages([first, last])
    assert [d.conferences for d in joined] == [("talks_page",), ("talks_page",)]
    assert [d.warnings for d in joined] == [(), ()]
    assert all(d.conference_from_file_name for d in joined)
    # a page read alone, or with a page of another list, keeps its own warning
    other = dict(json.loads((tmp_path / "talks_page2.json").read_text()), count=9)
    (tmp_path / "other.json").write_text(json.dumps(other), encoding="utf-8")
    from ingest.detect import parse_path

    alone = join_pages([first, parse_path(tmp_path / "other.json")])
    assert alone[0].warnings == first.warnings and alone[0].conferences == ("talks_page1",)


def test_pages_read_together_that_miss_one_warn_once_naming_its_link(tmp_path) -> None:
    from ingest.detect import join_pages

    pages = _pages(tmp_path, 7, ("p1.json", "p2.json", "p3.json", "p4.json"))
    joined = join_pages(pages[:2])
    assert joined[0].warnings == ()
    assert joined[1].warnings == (
        "p1.json, p2.json: pages of one paginated list (https://pretalx.com/api/events/x/"
        "talks/) holding 4 of the 7 records its API counts; the pages not given among those "
        "they link to as next (https://pretalx.com/api/events/x/talks/?limit=2&offset=2, "
        "https://pretalx.com/api/events/x/talks/?limit=2&offset=4) must be fetched and "
        "ingested too",
    )
    assert [d.conferences for d in joined] == [("p1",), ("p1",)]  # ("p": too short a name)
    assert [len(d.warnings) for d in join_pages(pages)] == [0, 0, 0, 0]


# ---- YAML programs ------------------------------------------------------------------------

SCHEDULE_YML = """\
# _data/schedule.yml — a Jekyll data file
# All times are local conference time.
conference: PyData Praha 2024
timezone: Europe/Prague
days:
  - date: 2024-07-10
    name: Wednesday
    slots:
      - start: 09:00
        end: 09:45
        sessions:
          - title: "Keynote: small models"
            speakers: [Tereza Nováková]
            room: Forum Hall
      - start: 10:00
        end: 10:30
        sessions:
          - title: Polars internals
            speakers:
              - Jiří Dvořák
              - Laura Fischer
            room: Forum Hall
            track: Data engineering
      - start: 10:30
        end: 11:00
        type: break
        title: Coffee break
  - date: 2024-07-11
    name: Thursday
    slots:
      - start: 17:00
        end: 17:30
        sessions:
          - title: Closing keynote
            speakers: [Václav Procházka]
            room: Forum Hall
"""


def test_a_yaml_schedule_reads_its_talks_with_their_slots_times_and_days() -> None:
    fmt, talks, warnings = parse_text(SCHEDULE_YML, "schedule.yml")
    assert (fmt, warnings) == ("yaml", [])
    assert [(t.title, t.start.isoformat(), t.end.isoformat(), t.room, t.format) for t in talks] == [
        (
            "Keynote: small models",  # (a title's label names its format: sweep 24)
            "2024-07-10T09:00:00+02:00",
            "2024-07-10T09:45:00+02:00",
            "Forum Hall",
            "Keynote",
        ),
        (
            "Polars internals",  # (10:00 unquoted: YAML 1.1 would read 600)
            "2024-07-10T10:00:00+02:00",
            "2024-07-10T10:30:00+02:00",
            "Forum Hall",
            None,
        ),
        ("Coffee break", "2024-07-10T10:30:00+02:00", "2024-07-10T11:00:00+02:00", None, "break"),
        (
            "Closing keynote",
            "2024-07-11T17:00:00+02:00",
            "2024-07-11T17:30:00+02:00",
            "Forum Hall",
            None,
        ),
    ]
    assert [s.name for s in talks[1].speakers] == ["Jiří Dvořák", "Laura Fischer"]
    assert talks[1].track == "Data engineering"


def test_a_yaml_list_of_talks_reads_and_bad_yaml_names_its_line() -> None:
    text = "- title: A\n  start: 2024-07-10 10:00\n  speakers: [Ann]\n- title: B\n  start: x\n"
    fmt, talks, _ = parse_text(text, "talks.yaml")
    assert (fmt, [t.title for t in talks]) == ("yaml", ["A", "B"])
    assert talks[0].start.strftime("%Y-%m-%d %H:%M") == "2024-07-10 10:00"
    with pytest.raises(InputError, match="not valid YAML") as err:
        parse_text("talks:\n  - title: [A\n", "bad.yml", "yaml")
    assert err.value.path == "bad.yml" and "line" in (err.value.where or "")


@pytest.mark.parametrize(
    "text",
    [
        "# Program\n\n## Opening\nSpeaker: Ann\n\nWelcome to all.\n\n## Close\nBye.\n",
        "---\ntitle: PyCon\n---\n# Day 1\n\n## Talk A\nRoom: B\n\n## Talk B\nText.\n",
        "# Programa 2024\n\n## Viernes 4 de octubre\n- 10:00–10:30 · Título — Ponente (Sala)\n"
        "- 11:00–11:30 · Otro — Ponente (Sala)\n\n## Sábado\n- 10:00 · Cierre\n",
        "# Talks\n\n## A talk\nroom: B\n\n## Another\nroom: C\n",
    ],
)
def test_markdown_is_never_taken_for_yaml(text: str) -> None:
    from ingest.formats import yamltree

    assert not yamltree.looks_like(text)
    assert parse_text(text, "program.md")[0] == "markdown"


def test_yaml_is_not_taken_for_markdown() -> None:
    """Its comments are headings to Markdown: detection asks YAML first (rank 55)."""
    from ingest.formats import markdown

    assert markdown.looks_like(SCHEDULE_YML)
    assert parse_text(SCHEDULE_YML, "schedule.txt")[0] == "yaml"


def test_markdown_bullets_of_labels_are_markdown_not_yaml() -> None:
    """Headings are comments to YAML and "- Speaker: Jane Doe" a one-key mapping: a
    page of such bullets was taken for a YAML list and refused."""
    text = (
        "# PyCon Example 2024\n\n## Opening keynote\n\n- Speaker: Jane Doe\n"
        "- When: 2024-10-04 09:00\n\n## Rust for Pythonistas\n\n- Speaker: Max Muster\n"
        "- When: 2024-10-04 10:00\n"
    )
    fmt, talks, _ = parse_text(text, "program.md")
    assert fmt == "markdown"
    assert [(t.title, [s.name for s in t.speakers]) for t in talks] == [
        ("Opening keynote", ["Jane Doe"]),
        ("Rust for Pythonistas", ["Max Muster"]),
    ]


def test_yaml_reads_words_as_words_and_refuses_a_nest_of_aliases(monkeypatch) -> None:
    from ingest.formats import yamltree

    monkeypatch.setattr(yamltree, "MAX_NODES", 100_000)  # (9**7 entries: past it at once)
    text = (
        "talks:\n  - title: No\n    speaker: Jane Doe\n    start: 2024-10-04T09:00:00+02:00\n"
        "  - title: Rust\n    speaker: Max Muster\n    start: 2024-10-04T10:00:00+02:00\n"
    )
    _, talks, _ = parse_text(text, "schedule.yml")
    assert [t.title for t in talks] == ["No", "Rust"]  # YAML 1.1 read "No" as False
    laughs = "l0: &l0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 8)
    )
    laughs += "talks:\n  - title: Hello\n    start: '2024-07-10T10:00:00'\n"
    with pytest.raises(InputError, match="aliases expand to more than"):
        yamltree.load(laughs, "laughs.yml")
    assert not yamltree.looks_like(laughs)


def test_ingest_reads_the_pages_of_one_list_as_one_conference(tmp_path) -> None:
    """The builder joins the pages it is given (index/build/builder.py `parse_all`):
    a pretalx API listing saved page by page is one program, not one per file."""
    from index.build.builder import ingest
    from index.encoders.hashing import HashingEmbedder
    from index.search.kb import KnowledgeBase

    _pages(tmp_path, 3, ("talks_page1.json", "talks_page2.json"))
    home = tmp_path / "home"
    ingest([tmp_path / "talks_page1.json", tmp_path / "talks_page2.json"], home, HashingEmbedder())
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        talks = kb.talks.get_many(kb.talks.ids.tolist())
        assert len(talks) == 3
        assert {t.conference for t in talks} == {"talks_page"}


# ---- a program grouped by days: a day is never the conference --------------------------

_DAY_TALKS = [
    {"title": "Scaling Postgres", "start": "09:00", "speaker": "Jane Doe"},
    {"title": "Rust in the kernel", "start": "10:00", "speaker": "Alice Brown"},
]


def test_a_root_conference_key_wins_over_the_title_of_a_day_and_a_day_is_no_conference():
    named = {
        "conference": "DevConf 2025",
        "schedule": [{"title": "Tuesday", "date": "2025-06-10", "talks": _DAY_TALKS}],
    }
    _, talks, _ = _read(named, "program.json")
    assert [t.conference for t in talks] == ["DevConf 2025"] * 2
    unnamed = {"days": [{"name": "Day 1", "date": "2025-06-10", "sessions": _DAY_TALKS}]}
    _, talks, _ = _read(unnamed, "devconf.json")
    assert [t.conference for t in talks] == ["devconf"] * 2


def test_a_pretalx_submission_canceled_or_withdrawn_keeps_that_status() -> None:
    """Outside re-check N04: pretalx's /submissions with `state` canceled and withdrawn
    were indexed as ordinary talks, with no word of it."""
    from ingest.detect import parse_text

    def item(code: str, title: str, state: str) -> dict:
        return {
            "code": code,
            "title": title,
            "state": state,
            "speakers": [{"code": "S" + code, "name": "Ann Lee"}],
            "slot": {"room": {"en": "K.3.201"}, "start": "2025-02-01T11:00:00+01:00"},
        }

    body = {
        "count": 3,
        "next": None,
        "previous": None,
        "results": [
            item("AB12CD", "Reproducible science with Nix", "confirmed"),
            item("EF34GH", "GNOME on ARM laptops", "canceled"),
            item("IJ56KL", "RISC-V firmware in Rust", "withdrawn"),
        ],
    }
    _, talks, warnings = parse_text(json.dumps(body), "subs.json")
    status = {t.title: dict(t.notes).get("Status") for t in talks}
    assert status == {
        "Reproducible science with Nix": None,
        "GNOME on ARM laptops": "cancelled",
        "RISC-V firmware in Rust": "withdrawn",
    }
    assert sum("is marked" in w for w in warnings) == 2

"""JSON program shapes of the review of the second sweep: objects titled by "name"
read when they name presenters or a clock time (wherever its date is), products
dated by a Unix time refused, ... Small inline documents modelled on the probes."""

from __future__ import annotations

import json

import pytest

from ingest.detect import parse_text
from ingest.formats.jsonrecords import category_field
from talkbase.core.errors import InputError


def _read(body: object, name: str = "program.json"):
    text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
    return parse_text(text, name, conference=None)


def _times(talks) -> list[tuple[str, str | None, str | None]]:
    return [
        (
            t.title,
            t.start.strftime("%Y-%m-%d %H:%M") if t.start else None,
            t.end.strftime("%H:%M") if t.end else None,
        )
        for t in talks
    ]


# --- 1. objects titled by "name": a talk when they name presenters or a clock time


def test_name_with_date_and_time_apart_is_read():
    body = [
        {"name": "Opening keynote", "date": "2024-07-10", "time": "09:00", "speaker": "Ada"},
        {"name": "Rust in production", "date": "2024-07-10", "time": "10:00", "speaker": "Bob"},
    ]
    _, talks, _ = _read(body)
    assert _times(talks) == [
        ("Opening keynote", "2024-07-10 09:00", None),
        ("Rust in production", "2024-07-10 10:00", None),
    ]
    assert [[s.name for s in t.speakers] for t in talks] == [["Ada"], ["Bob"]]


def test_name_with_start_date_and_start_time_is_read():
    body = {
        "events": [
            {"name": "Opening keynote", "startDate": "2024-07-10", "startTime": "09:00"},
            {"name": "Rust in production", "startDate": "2024-07-10", "startTime": "10:00"},
        ]
    }
    _, talks, _ = _read(body)
    assert _times(talks) == [
        ("Opening keynote", "2024-07-10 09:00", None),
        ("Rust in production", "2024-07-10 10:00", None),
    ]


def test_name_with_clock_times_under_a_day_is_read():
    body = {
        "days": [
            {
                "date": "2024-07-10",
                "talks": [
                    {"name": "Opening keynote", "start": "09:00", "end": "09:45"},
                    {"name": "Rust in production", "start": "10:00", "end": "10:30"},
                ],
            }
        ]
    }
    _, talks, _ = _read(body)
    assert _times(talks) == [
        ("Opening keynote", "2024-07-10 09:00", "09:45"),
        ("Rust in production", "2024-07-10 10:00", "10:30"),
    ]


def test_name_with_speakers_and_abstract_and_no_time_is_read():
    body = {
        "talks": [
            {"name": "Opening keynote", "speakers": ["Ada Lovelace"], "abstract": "A look back."},
            {"name": "Rust in production", "speakers": ["Bob Stone"], "abstract": "To Rust."},
        ]
    }
    _, talks, _ = _read(body)
    assert [(t.title, t.speakers[0].name, t.abstract, t.start) for t in talks] == [
        ("Opening keynote", "Ada Lovelace", "A look back.", None),
        ("Rust in production", "Bob Stone", "To Rust.", None),
    ]


def test_yaml_names_with_date_and_time_are_read():
    text = (
        "- name: Opening keynote\n  speakers: [Jane Doe]\n  date: 2024-10-04\n"
        '  time: "09:00"\n'
        "- name: Rust for Pythonistas\n  speakers: [Max Muster]\n  date: 2024-10-04\n"
        '  time: "10:00"\n'
    )
    _, talks, _ = _read(text, "sched.yml")
    assert _times(talks) == [
        ("Opening keynote", "2024-10-04 09:00", None),
        ("Rust for Pythonistas", "2024-10-04 10:00", None),
    ]


@pytest.mark.parametrize(
    "body",
    [
        # a release list: a name, an author, a text and a date-time (no start)
        [
            {"name": "Version 1.0", "published_at": "2024-10-01T09:13:00Z", "author": "octo"},
            {"name": "Version 1.1", "published_at": "2024-11-01T09:13:00Z", "author": "octo"},
        ],
        # packages: a name, authors, a description
        {
            "packages": [
                {"name": "left-pad", "author": "Azer", "description": "Pads a string."},
                {"name": "right-pad", "author": "Azer", "description": "Pads it right."},
            ]
        },
        # a team list: a name and its people
        {"teams": [{"name": "Infra", "people": ["Ada"]}, {"name": "Web", "people": ["Bob"]}]},
    ],
)
def test_names_by_authors_or_members_stay_refused(body):
    with pytest.raises(InputError, match="no talks found"):
        _read(body)


# --- 8. a Unix time at midnight is a date, not a time of day


def test_products_dated_by_a_unix_time_are_refused():
    body = [
        {"name": "Wireless Mouse", "date": 1709251200, "price": 29.99, "location": "B"},
        {"name": "Keyboard TKL", "date": 1709251200, "price": 59.99, "location": "B"},
    ]
    with pytest.raises(InputError, match=r"program\.json.*no talks found"):
        _read(body)


def test_names_at_a_unix_time_of_day_are_read():
    body = {
        "timezone": "Europe/Berlin",
        "sessions": [
            {"name": "Opening keynote", "start": 1720594800, "end": 1720597500},
            {"name": "Rust in production", "start": 1720598400, "end": 1720600200},
        ],
    }
    _, talks, _ = _read(body)
    assert _times(talks) == [
        ("Opening keynote", "2024-07-10 09:00", "09:45"),
        ("Rust in production", "2024-07-10 10:00", "10:30"),
    ]


# --- 6. a talk with its own times and a list of chapter marks is one talk, at its time


def test_a_talk_with_its_own_times_and_chapter_marks_is_one_talk_at_its_time():
    chapters = [
        {"start": "00:00:00", "description": "Intro"},
        {"start": "00:12:30", "description": "Ownership"},
        {"start": "00:30:00", "description": "Q&A"},
    ]
    body = {
        "talks": [
            {
                "title": "Rust for Pythonistas",
                "speaker": "Max Muster",
                "start": "2024-10-04T10:00:00+02:00",
                "end": "2024-10-04T10:45:00+02:00",
                "chapters": chapters,
            },
            {
                "title": "Async all the way",
                "start": "2024-10-04T11:00:00+02:00",
                "end": "2024-10-04T11:45:00+02:00",
            },
        ]
    }
    _, talks, warnings = _read(body)
    assert _times(talks) == [
        ("Rust for Pythonistas", "2024-10-04 10:00", "10:45"),
        ("Async all the way", "2024-10-04 11:00", "11:45"),
    ]
    assert warnings == []


def test_a_talk_without_a_start_is_held_at_each_of_its_times():
    body = {
        "events": [
            {
                "title": "Workshop: Rust",
                "timings": [
                    {"begin": "2024-10-04T10:00:00+02:00", "end": "2024-10-04T12:00:00+02:00"},
                    {"begin": "2024-10-05T10:00:00+02:00", "end": "2024-10-05T12:00:00+02:00"},
                ],
            }
        ]
    }
    _, talks, _ = _read(body)
    assert _times(talks) == [
        ("Workshop: Rust", "2024-10-04 10:00", "12:00"),
        ("Workshop: Rust", "2024-10-05 10:00", "12:00"),
    ]


# --- 7. Sessionize categories: to the field their title names, where the item is one


SESSIONIZE = {
    "sessions": [
        {
            "id": "1",
            "title": "Typing in practice",
            "startsAt": "2024-05-16T09:00:00",
            "endsAt": "2024-05-16T09:45:00",
            "speakers": ["a"],
            "categoryItems": [1, 2, 3, 5],
            "roomId": 9,
        },
        {
            "id": "2",
            "title": "Kotlin coroutines",
            "startsAt": "2024-05-16T10:00:00",
            "speakers": ["a"],
            "categoryItems": [4, 2, 3, 6],
            "roomId": 9,
        },
    ],
    "speakers": [{"id": "a", "fullName": "Jane Doe"}],
    "categories": [
        {
            "id": 1,
            "title": "Programming language",
            "items": [{"id": 1, "name": "Python"}, {"id": 4, "name": "Kotlin"}],
        },
        {"id": 2, "title": "Session Duration", "items": [{"id": 2, "name": "45 minutes"}]},
        {"id": 3, "title": "Type of session", "items": [{"id": 3, "name": "Workshop"}]},
        {
            "id": 7,
            "title": "Language",
            "items": [{"id": 5, "name": "English"}, {"id": 6, "name": "Deutsch"}],
        },
    ],
    "rooms": [{"id": 9, "name": "Hall A"}],
}


def test_sessionize_categories_go_to_the_field_whose_values_they_are():
    _, talks, _ = _read(SESSIONIZE, "sessionize.json")
    assert [(t.title, t.track, t.format, t.language, t.room) for t in talks] == [
        ("Typing in practice", "Python", "Workshop", "en", "Hall A"),
        ("Kotlin coroutines", "Kotlin", "Workshop", "de", "Hall A"),
    ]
    # the duration category gives the end a talk does not say
    assert _times(talks) == [
        ("Typing in practice", "2024-05-16 09:00", "09:45"),
        ("Kotlin coroutines", "2024-05-16 10:00", "10:45"),
    ]


@pytest.mark.parametrize(
    ("title", "field"),
    [
        ("Session format", "format"),
        ("Type of session", "format"),
        ("Language", "language"),
        ("Programming language", "language"),
        ("Session Duration", "duration"),
        ("Track", "track"),
        ("Level", None),
        ("Level of experience", None),
    ],
)
def test_a_categorys_title_names_its_field(title, field):
    assert category_field(title) == field


# --- 9. talks in an object spanning days get none of its days


def _edition(end_date: str) -> dict[str, object]:
    return {
        "editions": [
            {
                "name": "PyCon Example 2024",
                "start_date": "2024-10-04",
                "end_date": end_date,
                "talks": [
                    {
                        "title": "Opening keynote",
                        "start": "09:00",
                        "end": "09:30",
                        "speaker": "Jane",
                    },
                    {"title": "Closing", "start": "17:00", "end": "17:30", "speaker": "Max"},
                ],
            }
        ]
    }


def test_talks_in_an_edition_of_several_days_are_kept_untimed_with_a_warning():
    _, talks, warnings = _read(_edition("2024-10-06"), "conf.json")
    assert _times(talks) == [("Opening keynote", None, None), ("Closing", None, None)]
    assert [[s.name for s in t.speakers] for t in talks] == [["Jane"], ["Max"]]
    assert len(warnings) == 2
    assert all("but no date; kept without a time" in w for w in warnings)


def test_talks_in_an_edition_of_one_day_are_on_its_day():
    _, talks, _ = _read(_edition("2024-10-04"), "conf.json")
    assert _times(talks) == [
        ("Opening keynote", "2024-10-04 09:00", "09:30"),
        ("Closing", "2024-10-04 17:00", "17:30"),
    ]


# --- 14b. a speaker of a Sessionize table is named as any person is (`person_name`)


def test_sessionize_speakers_named_by_their_given_and_family_names():
    body = {
        "sessions": [
            {
                "id": "1",
                "title": "Typing in practice",
                "startsAt": "2024-05-16T09:00:00",
                "speakers": ["a", "b"],
            }
        ],
        "speakers": [
            {"id": "a", "firstName": "Jane", "lastName": "Doe"},
            {"id": "b", "displayName": "Max  Muster"},
        ],
    }
    _, talks, _ = _read(body, "sessionize.json")
    assert [s.name for s in talks[0].speakers] == ["Jane Doe", "Max Muster"]


# --- text_of: an empty name says nothing; an empty English gives way to another language


def test_a_room_with_an_empty_name_is_no_room_and_a_translation_reads_its_language():
    body = {
        "sessions": [
            {
                "title": {"en": "", "fr": "Ouverture"},
                "start": "2024-10-04T09:00:00+02:00",
                "room": {"name": "", "id": "r1", "color": "#ff0000"},
                "track": {"name": "", "slug": "web"},
            }
        ]
    }
    _, talks, _ = _read(body)
    assert [(t.title, t.room, t.track) for t in talks] == [("Ouverture", None, None)]


def test_a_conference_in_a_list_holding_its_talks_is_no_talk_itself() -> None:
    """A list whose one titled object is the conference, its talks under "talks": the
    conference was read as the one talk and its talks lost, silently."""
    body = [
        {
            "title": "PyCon Example 2024",
            "date": "2024-10-04",
            "talks": [
                {
                    "title": "Opening keynote",
                    "start": "2024-10-04T09:00:00+02:00",
                    "speaker": "Jane Doe",
                },
                {"title": "Closing", "start": "2024-10-05T17:00:00+02:00", "speaker": "Max Muster"},
            ],
        }
    ]
    _, talks, _ = parse_text(json.dumps(body), "conf.json")
    assert [(t.title, f"{t.start:%m-%d %H:%M}", [s.name for s in t.speakers]) for t in talks] == [
        ("Opening keynote", "10-04 09:00", ["Jane Doe"]),
        ("Closing", "10-05 17:00", ["Max Muster"]),
    ]

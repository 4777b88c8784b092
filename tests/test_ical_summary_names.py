"""A calendar whose SUMMARYs write "Title - Speaker" has each talk's one speaker split
off its title, as it has two ("Terraform at scale - Anna Koch, Paul Wolf"): one
calendar read with one convention, so its talks join a CSV of the same program
(sweep 13 F7). Where the calendar shows no such convention, a title with a dash
("Rust - the good parts", one "PostgreSQL 17 - What's New") stays whole, and a tail
that is a room or a track is never a speaker."""

from __future__ import annotations

import pytest

from ingest.formats import ical
from ingest.merge import merge_talks
from talkbase.core.records import Source, Speaker, Talk


def calendar(*events: tuple[str, ...]) -> str:
    """A calendar of one event per (SUMMARY[, LOCATION[, CATEGORIES[, extra line]]])."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "X-WR-CALNAME:CalConf"]
    for i, (summary, *more) in enumerate(events):
        lines += [
            "BEGIN:VEVENT",
            f"UID:talk-{i}@calconf",
            f"DTSTART;TZID=Europe/Berlin:202610{20 + i // 8}T{9 + i % 8:02d}0000",
            f"DTEND;TZID=Europe/Berlin:202610{20 + i // 8}T{9 + i % 8:02d}4500",
            f"SUMMARY:{summary}",
            f"LOCATION:{more[0] if more else 'Saal 1'}",
            *([f"CATEGORIES:{more[1]}"] if len(more) > 1 and more[1] else []),
            *(more[2:]),
            "DESCRIPTION:What the session is about.",
            "END:VEVENT",
        ]
    return "\r\n".join([*lines, "END:VCALENDAR", ""])


def read(text: str) -> dict[str, tuple[str, ...]]:
    talks, _ = ical.parse(text, "calconf.ics")
    return {t.title: tuple(s.name for s in t.speakers) for t in talks}


CALCONF = calendar(
    ("Opening keynote - Maria Schmidt",),
    ("Scaling Kafka consumers - Jonas Weber",),
    ("Memory safety in C++ - Lena Fischer",),
    ("Graph databases in practice - Tom Becker",),
    ("Morning lightning talks",),
    ("Terraform at scale - Anna Koch, Paul Wolf",),
)


def test_one_speaker_is_split_off_where_the_calendar_writes_title_dash_speaker() -> None:
    assert read(CALCONF) == {
        "Opening keynote": ("Maria Schmidt",),
        "Scaling Kafka consumers": ("Jonas Weber",),
        "Memory safety in C++": ("Lena Fischer",),
        "Graph databases in practice": ("Tom Becker",),
        "Morning lightning talks": (),
        "Terraform at scale": ("Anna Koch", "Paul Wolf"),
    }


def test_the_calendar_joins_a_table_of_the_same_program() -> None:
    talks, _ = ical.parse(CALCONF, "calconf.ics")
    row = Talk(
        title="Scaling Kafka consumers",
        speakers=(Speaker("Jonas Weber"),),
        start=talks[1].start,
        end=talks[1].end,
        room="Saal 1",
        conference="CalConf",
        sources=(Source("calconf-program.csv", "csv", "line 3"),),
    )
    assert len(merge_talks([*talks, row])) == len(talks)


def test_a_name_the_calendar_gives_elsewhere_is_split_off_alone() -> None:
    text = calendar(
        ("Scaling Kafka consumers - Jonas Weber", "Saal 1", "", "ATTENDEE;CN=Jonas Weber:x@y"),
        ("Morning lightning talks",),
        ("Lunch",),
    )
    assert read(text)["Scaling Kafka consumers"] == ("Jonas Weber",)


TITLES = (
    "Rust - the good parts",
    "Kubernetes - A Practical Guide",
    "Docker - Behind the Scenes",
    "PostgreSQL 17 - What's New",
    "Keynote - Opening",
    "Q&A - Ask Me Anything",
    "Cloud - Native Computing",
)


def test_titles_with_a_dash_stay_whole_in_a_calendar_of_titles() -> None:
    assert read(calendar(*((t,) for t in TITLES))) == {t: () for t in TITLES}


@pytest.mark.parametrize("title", TITLES)
def test_one_dashed_title_among_plain_ones_stays_whole(title: str) -> None:
    text = calendar((title,), ("Morning lightning talks",), ("Lunch",), ("Closing",))
    assert read(text)[title] == ()


def test_a_dashed_title_that_reads_as_words_stays_whole_beside_speakers() -> None:
    """Stop words ("What's", "Me") and words the calendar writes in lower case are
    no one's name, even where its other summaries end in speakers."""
    text = calendar(
        ("Scaling Kafka consumers - Jonas Weber",),
        ("Memory safety in C++ - Lena Fischer",),
        ("Graph databases in practice - Tom Becker",),
        ("PostgreSQL 17 - What's New",),
        ("Q&A - Ask Me Anything",),
        ("Cloud native computing for beginners - Anna Koch",),
        ("Cloud - Native Computing",),
    )
    found = read(text)
    assert found["Scaling Kafka consumers"] == ("Jonas Weber",)
    assert found["PostgreSQL 17 - What's New"] == ()
    assert found["Q&A - Ask Me Anything"] == ()
    assert found["Cloud - Native Computing"] == ()


def test_a_room_or_a_track_after_the_dash_is_no_speaker() -> None:
    text = calendar(
        ("Scaling Kafka consumers - Jonas Weber", "Saal 1", "Data"),
        ("Memory safety in C++ - Lena Fischer", "Main Auditorium"),
        ("Graph databases in practice - Tom Becker", "Saal 1", "Data Science"),
        ("Hands-on session - Main Auditorium",),
        ("Birds of a feather - Data Science",),
    )
    found = read(text)
    assert found["Memory safety in C++"] == ("Lena Fischer",)
    assert found["Hands-on session - Main Auditorium"] == ()
    assert found["Birds of a feather - Data Science"] == ()


def test_one_named_talk_is_no_convention() -> None:
    """A calendar with one "Title - Two Words" among others without a dash keeps it
    whole: one summary is too weak a sign."""
    text = calendar(("Scaling Kafka consumers - Jonas Weber",), ("Lunch",), ("Closing",))
    assert read(text)["Scaling Kafka consumers - Jonas Weber"] == ()


def test_a_kind_of_session_before_the_dash_is_no_title() -> None:
    """Summaries sharing the part before the dash ("Screening - ...") name a kind of
    session and then its title: no speaker."""
    films = (
        "Screening - Tokyo Story",
        "Screening - Bicycle Thieves",
        "Screening - Wild Strawberries",
    )
    assert read(calendar(*((f,) for f in films))) == {f: () for f in films}


def test_a_calendar_of_name_dash_title_is_not_read_the_other_way() -> None:
    """Where as many summaries begin with one name as end with one ("Jane Doe -
    Scaling Kafka"), which side is the speaker the calendar does not show: whole."""
    said = ("Jane Doe - Scaling Kafka", "John Roe - Memory Safety", "Ann Lee - Graph Databases")
    assert read(calendar(*((s,) for s in said))) == {s: () for s in said}

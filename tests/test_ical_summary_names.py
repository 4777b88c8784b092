"""A calendar's SUMMARY "Title - Jane Doe" has its one speaker split off only where
the calendar itself names that person elsewhere (an ATTENDEE, a speaker line): no
count of its summaries decides it, so topic tails ("Python for analysts - Machine
Learning"), "Screening - Wild Strawberries" and a revision adding breaks read as on
main. The same talk in a calendar ("Scaling Kafka consumers - Jonas Weber") and a table
("Scaling Kafka consumers", Jonas Weber) at one slot is joined at merge time instead
(`merge.titles.named_after`), titled without the name (sweep 13 F7)."""

from __future__ import annotations

import pytest

from ingest.detect import parse_text
from ingest.formats import ical
from ingest.merge import merge_talks
from ingest.merge.same import same_talk
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
PROGRAM = (
    "title,speakers,date,start,end,room,timezone\n"
    "Opening keynote,Maria Schmidt,2026-10-20,09:00,09:45,Saal 1,Europe/Berlin\n"
    "Scaling Kafka consumers,Jonas Weber,2026-10-20,10:00,10:45,Saal 1,Europe/Berlin\n"
    "Memory safety in C++,Lena Fischer,2026-10-20,11:00,11:45,Saal 1,Europe/Berlin\n"
    "Graph databases in practice,Tom Becker,2026-10-20,12:00,12:45,Saal 1,Europe/Berlin\n"
    "Terraform at scale,Anna Koch; Paul Wolf,2026-10-20,14:00,14:45,Saal 1,Europe/Berlin\n"
)


def both(calendar_text: str, table: str) -> list[Talk]:
    talks = []
    for text, name in ((calendar_text, "calconf.ics"), (table, "calconf-program.csv")):
        _, found, _ = parse_text(text, name, conference="CalConf")
        talks += found
    return merge_talks(talks)


def test_a_calendar_and_a_table_of_one_program_give_each_talk_once() -> None:
    merged = both(CALCONF, PROGRAM)
    titles = sorted(t.title for t in merged)
    assert titles == sorted(
        [
            "Opening keynote",
            "Scaling Kafka consumers",
            "Memory safety in C++",
            "Graph databases in practice",
            "Morning lightning talks",
            "Terraform at scale",
        ]
    )
    kafka = next(t for t in merged if t.title == "Scaling Kafka consumers")
    assert [s.name for s in kafka.speakers] == ["Jonas Weber"]
    assert any(c.field == "title" for c in kafka.conflicts)  # the calendar's title kept


def test_the_table_first_joins_too() -> None:
    talks = []
    for text, name in ((PROGRAM, "calconf-program.csv"), (CALCONF, "calconf.ics")):
        talks += parse_text(text, name, conference="CalConf")[1]
    assert len(merge_talks(talks)) == 6


def test_a_lone_name_stays_in_the_title_without_other_evidence() -> None:
    """As on main: the calendar alone does not say "Jonas Weber" is a person."""
    found = read(CALCONF)
    assert found["Scaling Kafka consumers - Jonas Weber"] == ()
    assert found["Terraform at scale"] == ("Anna Koch", "Paul Wolf")  # a list, as on main


def test_a_name_the_calendar_gives_elsewhere_is_split_off_alone() -> None:
    text = calendar(
        ("Scaling Kafka consumers - Jonas Weber", "Saal 1", "", "ATTENDEE;CN=Jonas Weber:x@y"),
        ("Morning lightning talks",),
        ("Lunch",),
    )
    assert read(text)["Scaling Kafka consumers"] == ("Jonas Weber",)


NAMED = (
    ("Scaling Kafka consumers in production - Jonas Weber",),
    ("Memory safety in modern C++ - Lena Fischer",),
    ("Graph databases in practice - Tom Becker",),
    ("Opening keynote of the day - Maria Schmidt",),
)


def test_topic_tails_beside_names_are_no_speakers() -> None:
    """Review P1: "Machine Learning", "Deep Dive", "Auf Englisch" are no one."""
    tails = (
        "Python for analysts - Machine Learning",
        "Go concurrency in practice - Deep Dive",
        "Writing a Rust parser - Live Coding",
        "Einführung in Kubernetes - Auf Englisch",
        "Closing Night - Awards Ceremony",
    )
    found = read(calendar(*NAMED, *((t,) for t in tails)))
    assert all(found[t] == () for t in tails)


def test_a_screening_keeps_its_film_beside_named_talks() -> None:
    """Review P2: "Screening - Wild Strawberries" is no talk titled "Screening"."""
    films = ("Screening - Wild Strawberries", "Screening - Bicycle Thieves")
    found = read(calendar(*NAMED, *((f,) for f in films)))
    assert all(found[f] == () for f in films)


def test_a_revision_adding_breaks_reads_the_named_talks_alike() -> None:
    """Review P3: how one event reads does not hang on how many others there are."""
    breaks = (("Lunch",), ("Coffee break",), ("Lightning talks",))
    v1 = read(calendar(*NAMED, *breaks))
    v2 = read(calendar(*NAMED, *breaks, ("Afternoon break",), ("Closing remarks",)))
    assert all(v1[s] == v2[s] for (s,) in NAMED)


def record(title: str, speaker: str, hour: int, end: tuple[int, int], room: str, doc: str) -> Talk:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    zone = ZoneInfo("Europe/Berlin")
    return Talk(
        title=title,
        speakers=(Speaker(speaker),) if speaker else (),
        start=datetime(2026, 10, 20, hour, tzinfo=zone),
        end=datetime(2026, 10, 20, *end, tzinfo=zone),
        room=room,
        conference="K",
        sources=(Source(doc, "csv", "line 2"),),
    )


@pytest.mark.parametrize(
    ("title", "hour", "room"),
    [
        ("Scaling Kafka consumers - Anna Koch", 10, "Saal 1"),  # not his name
        ("Scaling Kafka consumers - Jonas Weber", 14, "Saal 1"),  # another slot
        ("Scaling Kafka consumers - Jonas Weber", 10, "Saal 3"),  # another room
        ("Scaling Kafka - Jonas Weber", 10, "Saal 1"),  # another title
    ],
)
def test_a_dashed_title_joins_only_its_own_speakers_slot(title: str, hour: int, room: str) -> None:
    a = record("Scaling Kafka consumers", "Jonas Weber", 10, (10, 45), "Saal 1", "a.csv")
    b = record(title, "", hour, (hour, 45), room, "b.ics")
    assert not same_talk(a, b)
    assert len(merge_talks([a, b])) == 2


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


def test_a_room_or_a_track_after_the_dash_is_no_speaker() -> None:
    text = calendar(
        ("Scaling Kafka consumers - Jonas Weber", "Saal 1", "Data"),
        ("Memory safety in C++ - Lena Fischer", "Main Auditorium"),
        ("Graph databases in practice - Tom Becker", "Saal 1", "Data Science"),
        ("Hands-on session - Main Auditorium",),
        ("Birds of a feather - Data Science",),
    )
    found = read(text)
    assert found["Hands-on session - Main Auditorium"] == ()
    assert found["Birds of a feather - Data Science"] == ()


def test_a_kind_of_session_before_the_dash_is_no_title() -> None:
    """Summaries sharing the part before the dash ("Screening - ...") name a kind of
    session and then its title: no speaker."""
    films = (
        "Screening - Tokyo Story",
        "Screening - Bicycle Thieves",
        "Screening - Wild Strawberries",
    )
    assert read(calendar(*((f,) for f in films))) == {f: () for f in films}


def test_a_later_ingest_joins_the_stored_talk(tmp_path) -> None:
    """An incremental build finds the stored "Title" for "Title - Speaker" (and back:
    index/build/delta.py), as a whole build of both documents does."""
    from index.build.builder import ingest
    from index.encoders.embed import HashingEmbedder
    from index.search.kb import KnowledgeBase

    cal, table = tmp_path / "calconf.ics", tmp_path / "calconf-program.csv"
    cal.write_text(CALCONF)
    table.write_text(
        PROGRAM.replace("timezone\n", "timezone,conference\n").replace(
            "Europe/Berlin\n", "Europe/Berlin,CalConf\n"
        )
    )
    for first, second in ((cal, table), (table, cal)):
        home = tmp_path / first.suffix.strip(".")
        ingest([first], home, HashingEmbedder())
        ingest([second], home, HashingEmbedder())
        with KnowledgeBase(home, HashingEmbedder()) as kb:
            titles = sorted(t.title for t in kb.talks.values())
        assert titles.count("Scaling Kafka consumers") == 1
        assert "Scaling Kafka consumers - Jonas Weber" not in titles

"""Markdown programs a review found misread: a talk whose body holds a short timed
agenda, a workshop given twice, talk headings that contain a month word ("Mac OS
9", "Vue 3 in May"), "09:00: Title" list lines, "Day 1 — Friday, October 4" day
headings, and "Name, Org (Room)" list lines."""

from __future__ import annotations

from datetime import datetime

from ingest.formats import markdown
from ingest.when import zone
from talkbase.core.records import Speaker

LA = zone("America/Los_Angeles")


def _read(text: str) -> list[tuple[str, str | None, tuple[str, ...], str | None]]:
    talks, _ = markdown.parse(text, "p.md", default_tz="America/Los_Angeles")
    return [
        (
            t.title,
            t.start.isoformat() if t.start else None,
            tuple(s.name for s in t.speakers),
            t.room,
        )
        for t in talks
    ]


AGENDA = """\
# DevConf 2024

## Intro to Rust (workshop)

**When:** 2024-05-10 09:00–12:00 · Room 1
**Speakers:** Jane Doe

A hands-on morning. Agenda:

- 09:00 Setup and hello world
- 09:30 Ownership and borrowing
- 10:30 Traits and generics
- 11:30 Questions

## Rust at scale

**When:** 2024-05-10 13:00–13:30 · Room 1
**Speakers:** Max Muster

Scaling Rust.
"""


def test_a_talk_with_a_timed_agenda_stays_one_talk() -> None:
    talks, _ = markdown.parse(AGENDA, "p.md", default_tz="America/Los_Angeles")
    assert [(t.title, t.track) for t in talks] == [
        ("Intro to Rust (workshop)", None),
        ("Rust at scale", None),
    ]
    assert talks[0].start == datetime(2024, 5, 10, 9, 0, tzinfo=LA)
    assert talks[0].speakers == (Speaker("Jane Doe"),)
    assert "Ownership and borrowing" in talks[0].abstract


TWICE = """\
# DevConf 2024

## Friday, 4 October 2024

### Intro to Rust (workshop)

- 10:00–12:00 · Room 1
- 14:00–16:00 · Room 2

**Speakers:** Jane Doe

### Rust at scale

**When:** 13:00–13:30 · Room 1
**Speakers:** Max Muster
"""


def test_a_workshop_given_twice_keeps_its_title_and_speaker() -> None:
    assert _read(TWICE) == [
        ("Intro to Rust (workshop)", "2024-10-04T10:00:00-07:00", ("Jane Doe",), "Room 1"),
        ("Intro to Rust (workshop)", "2024-10-04T14:00:00-07:00", ("Jane Doe",), "Room 2"),
        ("Rust at scale", "2024-10-04T13:00:00-07:00", ("Max Muster",), "Room 1"),
    ]


MACOS = """\
# RetroConf 2024

## Saturday, 5 October 2024

### Mac OS 9

**When:** 10:00–10:30 · Room 1
**Speakers:** Jane Doe

A look at the classic Mac OS.

### Restoring a Minitel

**When:** 10:30–11:00 · Room 1
**Speakers:** Max Muster
"""

VUE = """\
# DevConf 2024

## Vue 3 in May

**When:** 2024-05-10 10:00–10:30
**Speakers:** Jane Doe

What's new.

## Rust at scale

**When:** 2024-05-10 11:00–11:30
**Speakers:** Max Muster
"""


def test_a_talk_heading_with_a_month_word_is_no_day_heading() -> None:
    # "mac" is March in Malay, not a language of this document; "Vue 3 in May"
    # begins with no part of a date
    assert _read(MACOS) == [
        ("Mac OS 9", "2024-10-05T10:00:00-07:00", ("Jane Doe",), "Room 1"),
        ("Restoring a Minitel", "2024-10-05T10:30:00-07:00", ("Max Muster",), "Room 1"),
    ]
    assert _read(VUE) == [
        ("Vue 3 in May", "2024-05-10T10:00:00-07:00", ("Jane Doe",), None),
        ("Rust at scale", "2024-05-10T11:00:00-07:00", ("Max Muster",), None),
    ]


def test_a_day_in_the_documents_language_is_still_a_day() -> None:
    text = (
        "# PyConES 2024\n\n## Viernes 4 de octubre\n\n"
        "- 10:00–10:30 · Apertura — Ana Martínez\n- 11:00–11:30 · Cierre — Luis Gómez\n"
    )
    assert _read(text) == [
        ("Apertura", "2024-10-04T10:00:00-07:00", ("Ana Martínez",), None),
        ("Cierre", "2024-10-04T11:00:00-07:00", ("Luis Gómez",), None),
    ]


def test_list_lines_with_a_colon_after_the_time() -> None:
    text = (
        "# PyCon Example 2024\n\n## Friday, October 4, 2024\n\n"
        "- 09:00: Opening keynote — Jane Doe\n- 10:00: Rust for Pythonistas — Max Muster\n"
    )
    assert _read(text) == [
        ("Opening keynote", "2024-10-04T09:00:00-07:00", ("Jane Doe",), None),
        ("Rust for Pythonistas", "2024-10-04T10:00:00-07:00", ("Max Muster",), None),
    ]


def test_numbered_english_day_headings() -> None:
    text = (
        "# PyCon Example 2024\n\n## Day 1 — Friday, October 4\n\n"
        "- 09:00–09:30 · Opening keynote — Jane Doe (Main Hall)\n"
        "- 09:30–10:00 · Rust for Pythonistas — Max Muster (Room 2)\n\n"
        "## Day 2 — Saturday, October 5\n\n"
        "- 09:00–09:30 · Async all the way — Ada Lovelace (Main Hall)\n"
    )
    talks, warnings = markdown.parse(text, "p.md", default_tz="America/Los_Angeles")
    assert [(t.title, t.start, t.room, t.track) for t in talks] == [
        ("Opening keynote", datetime(2024, 10, 4, 9, 0, tzinfo=LA), "Main Hall", None),
        ("Rust for Pythonistas", datetime(2024, 10, 4, 9, 30, tzinfo=LA), "Room 2", None),
        ("Async all the way", datetime(2024, 10, 5, 9, 0, tzinfo=LA), "Main Hall", None),
    ]
    assert not any("kept without a time" in w for w in warnings)


def test_an_affiliation_after_a_comma_is_no_speaker() -> None:
    text = (
        "# PyCon Example 2024\n\n## Friday, October 4\n\n"
        "- 10:30 AM Building APIs with FastAPI — Max Muster, Acme Corp (Room 2)\n"
        "- 11:30 AM Types — Ada Lovelace, Bob Stone\n"
    )
    talks, _ = markdown.parse(text, "p.md", default_tz="America/Los_Angeles")
    assert [(t.title, t.speakers, t.room) for t in talks] == [
        ("Building APIs with FastAPI", (Speaker("Max Muster", "Acme Corp"),), "Room 2"),
        ("Types", (Speaker("Ada Lovelace"), Speaker("Bob Stone")), None),
    ]

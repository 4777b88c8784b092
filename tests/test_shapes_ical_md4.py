"""Shapes an outside sweep fed the iCalendar and Markdown readers: a calendar folded
in the middle of a UTF-8 character; speakers named in a DESCRIPTION's sentence; a
German Markdown program with room headings and "10.00 Uhr" times; a zone named by a
city in a sentence; and a README, which is no program."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from ingest import when
from ingest.detect import parse_path
from ingest.formats import ical, markdown
from ingest.formats.ical import mend_split_characters
from ingest.formats.icalnames import split_description
from ingest.formats.mdparts import CLOCK_RANGE, names_line, stated_zone
from talkbase.core.errors import InputError
from talkbase.core.records import Speaker

BERLIN = when.zone("Europe/Berlin")


def _folded(line: str, width: int = 75) -> bytes:
    """`line` folded every `width` octets, as a simple writer folds it: inside a
    character where one falls on the boundary (RFC 5545 3.1 folds octets)."""
    data = line.encode("utf-8")
    parts = [data[i : i + width] for i in range(0, len(data), width)]
    return b"\r\n ".join(parts)


def _calendar(*props: bytes) -> bytes:
    head = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-TIMEZONE:Europe/Zurich\r\nBEGIN:VEVENT\r\n"
    event = b"UID:a@x\r\nDTSTART:20240918T091500\r\nDTEND:20240918T100000\r\n"
    return head + event + b"\r\n".join(props) + b"\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"


def test_a_fold_inside_a_character_is_mended_before_decoding(tmp_path: Path) -> None:
    title = "SUMMARY:Latency budgets in distributed systems and estimates in Zürich Größenordnungen"
    assert title.encode()[74:76] == "ö".encode()  # the fold at 75 octets splits the ö
    path = tmp_path / "folded.ics"
    path.write_bytes(_calendar(_folded(title), b"LOCATION:Saal Z\xc3\xbcrich"))
    talk = parse_path(path).talks[0]
    assert talk.title.endswith("Zürich Größenordnungen")  # not read as Windows-1252
    assert talk.room == "Saal Zürich"


def test_a_fold_inside_a_cjk_character_is_no_refusal(tmp_path: Path) -> None:
    title = "SUMMARY:" + "日本語のトーク：分散システムにおける合意アルゴリズムの実装と検証について"
    path = tmp_path / "folded.ics"
    path.write_bytes(_calendar(_folded(title, 20), b"DESCRIPTION:" + _folded("説明" * 40, 31)))
    talk = parse_path(path).talks[0]
    assert talk.title == title.removeprefix("SUMMARY:")
    assert talk.abstract == "説明" * 40


def test_mending_keeps_line_numbers_and_leaves_other_text_alone(tmp_path: Path) -> None:
    folded = _folded("SUMMARY:" + "ö" * 50)
    path = tmp_path / "folded.ics"
    path.write_bytes(_calendar(folded, b"not a line"))
    # the SUMMARY is physical lines 8 and 9: the bad line is still line 10
    assert parse_path(path).warnings == (
        "folded.ics line 10: not an iCalendar line ('not a line'); skipped",
    )
    mended = mend_split_characters(b"BEGIN:VCALENDAR\r\n" + folded)
    assert mended.count(b"\r\n") == 2  # the fold moved after the ö, not taken out
    assert ical.unfold(mended.decode())[1] == (2, "SUMMARY:" + "ö" * 50)
    assert mend_split_characters(folded) is folded  # it begins "SUMMARY": no calendar
    markdown_text = b"# Title\n\n- item \xc3\n \xb6\n"  # indented text is no fold
    assert mend_split_characters(markdown_text) is markdown_text


@pytest.mark.parametrize(
    ("description", "speakers", "abstract"),
    [
        (
            "Speaker: Bronwyn Clarke. Connectivity when the nearest tower is 200 km away.",
            (Speaker("Bronwyn Clarke"),),
            "Connectivity when the nearest tower is 200 km away.",
        ),
        (
            "Speaker: Bronwyn Clarke (Telstra) \u2013 Connectivity when the nearest tower "
            "is 200 km away.",
            (Speaker("Bronwyn Clarke", "Telstra"),),
            "Connectivity when the nearest tower is 200 km away.",
        ),
        (
            "Connectivity when the nearest tower is 200 km away.\n\nSpeaker: Bronwyn Clarke",
            (Speaker("Bronwyn Clarke"),),
            "Connectivity when the nearest tower is 200 km away.",
        ),
        (
            "Speaker: Dr. Jane Doe. She shows how the towers were planned.",
            (Speaker("Dr. Jane Doe"),),
            "She shows how the towers were planned.",
        ),
        (  # an organisation after a dash is no abstract
            "Speakers: Ann Lee, Bo Chen \u2014 Acme Research\n\nThe abstract.",
            (Speaker("Ann Lee", "Acme Research"), Speaker("Bo Chen", "Acme Research")),
            "The abstract.",
        ),
        (  # a last line of prose after a "Speakers:" label names nobody
            "The abstract.\nSpeakers: all of you are welcome to stay for questions",
            (),
            "The abstract.\nSpeakers: all of you are welcome to stay for questions",
        ),
    ],
)
def test_a_speaker_in_a_description_ends_where_its_sentence_does(
    description: str, speakers: tuple[Speaker, ...], abstract: str
) -> None:
    rest, found, _ = split_description(description)
    assert (found, rest) == (speakers, abstract)


def test_a_calendar_keeps_the_abstract_after_the_speakers_name() -> None:
    text = _calendar(
        b"SUMMARY:Keynote: Building for the Outback",
        b"DESCRIPTION:Speaker: Bronwyn Clarke. Connectivity when the nearest tower is far.",
    ).decode()
    talk = ical.parse(text, "cal.ics")[0][0]
    assert talk.speakers == (Speaker("Bronwyn Clarke"),)
    assert talk.abstract == "Connectivity when the nearest tower is far."


def _program(clock: tuple[str, str, str, str], opening: str = "") -> str:
    first, second, third, fourth = clock
    return f"""\
# Programm – Linuxtage Nord 2024

{opening}

## Samstag, 16. November 2024

### Saal 1

- **{first}**: *Eröffnungsvortrag: Freie Software in Schulen* – Henrike Albers (Landesschulamt)
- **{second}**: *Btrfs im Alltag* – Dr. Sabine Rüdiger, Anna-Lena Hoffmann

### Saal 2

- **{third}**: *Einstieg in Ansible* – Cem Aydın

## Sonntag, 17. November 2024

### Saal 1

- **{fourth}**: *Rust im Kernel* – Jakob Weber
"""


COLON = ("10:00 – 10:45", "14:30", "10:00 – 10:45", "9:30 – 10:15")
UHR = ("10.00 Uhr – 10.45 Uhr", "14.30 Uhr", "10.00 – 10.45 Uhr", "9.30 Uhr – 10.15 Uhr")


def _rows(talks: list) -> list[tuple[str, str | None, str | None, str]]:
    return [(t.title, t.room, t.start and t.start.isoformat(), t.speakers[0].name) for t in talks]


EXPECTED = [
    ("Eröffnungsvortrag: Freie Software in Schulen", "Saal 1", "2024-11-16T10:00:00+01:00"),
    ("Btrfs im Alltag", "Saal 1", "2024-11-16T14:30:00+01:00"),
    ("Einstieg in Ansible", "Saal 2", "2024-11-16T10:00:00+01:00"),
    ("Rust im Kernel", "Saal 1", "2024-11-17T09:30:00+01:00"),
]
SPEAKERS = ["Henrike Albers", "Dr. Sabine Rüdiger", "Cem Aydın", "Jakob Weber"]


def test_room_headings_hold_the_timed_talks_below_them() -> None:
    talks, warnings = markdown.parse(_program(COLON), "p.md", "Europe/Berlin")
    assert warnings == []
    assert _rows(talks) == [(*e, s) for e, s in zip(EXPECTED, SPEAKERS, strict=True)]


def test_a_time_that_cannot_be_read_leaves_its_line_a_talk_under_its_room() -> None:
    clocks = ("37:00 – 37:45", "14:30", "10:00 – 10:45", "9:30 – 10:15")
    talks, warnings = markdown.parse(_program(clocks), "p.md", "Europe/Berlin")
    assert [(t.title, t.room) for t in talks] == [(e[0], e[1]) for e in EXPECTED]
    assert talks[0].start is None and talks[1].start is not None
    assert warnings == [
        "p.md line 9: 'Eröffnungsvortrag: Freie Software in Schulen': the time '37:00' "
        "cannot be read; kept without a time"
    ]


def test_german_clock_times_are_found_in_a_line() -> None:
    found = [CLOCK_RANGE.search(t) for t in ("11.00 – 11.45 Uhr: x", "9 Uhr: y", "am 16.11.")]
    assert [m.group(1, 2) if m else None for m in found] == [
        ("11.00", "11.45 Uhr"),
        ("9 Uhr", None),
        None,  # a date is no time
    ]


def test_uhr_times_under_room_headings() -> None:
    opening = "Alle Zeiten in Mitteleuropäischer Zeit (Berlin)."
    talks, warnings = markdown.parse(_program(UHR, opening), "p.md", "America/Los_Angeles")
    assert warnings == []
    assert _rows(talks) == [(*e, s) for e, s in zip(EXPECTED, SPEAKERS, strict=True)]


def test_uhr_times_in_a_flat_list_under_day_headings() -> None:
    text = """\
# Programm – Linuxtage Nord 2024

## Samstag, 16. November 2024

- 10.00 Uhr – 10.45 Uhr: Eröffnungsvortrag – Henrike Albers (Saal 1)
- 11.00 – 11.45 Uhr: systemd für Skeptiker – Bernd Kowalski (Saal 1)

## Sonntag, 17. November 2024

- 9.30 Uhr – 10.15 Uhr: Rust im Kernel – Jakob Weber (Saal 1)
"""
    talks, _ = markdown.parse(text, "p.md", "Europe/Berlin")
    assert [(t.title, t.start, t.end) for t in talks] == [
        ("Eröffnungsvortrag", datetime(2024, 11, 16, 10, 0, tzinfo=BERLIN),
         datetime(2024, 11, 16, 10, 45, tzinfo=BERLIN)),
        ("systemd für Skeptiker", datetime(2024, 11, 16, 11, 0, tzinfo=BERLIN),
         datetime(2024, 11, 16, 11, 45, tzinfo=BERLIN)),
        ("Rust im Kernel", datetime(2024, 11, 17, 9, 30, tzinfo=BERLIN),
         datetime(2024, 11, 17, 10, 15, tzinfo=BERLIN)),
    ]  # fmt: skip


def test_a_flat_list_with_a_clock_the_parser_cannot_read_is_no_refusal() -> None:
    text = """\
# Programm – Linuxtage Nord 2024

## Samstag, 16. November 2024

- 10:00 – 10:45: Eröffnungsvortrag – Henrike Albers (Saal 1)
- 37:00 – 37:45: Nachtschicht – Bernd Kowalski (Saal 1)
"""
    talks, warnings = markdown.parse(text, "p.md", "Europe/Berlin")
    assert [(t.title, t.room, t.start is None) for t in talks] == [
        ("Eröffnungsvortrag", "Saal 1", False),
        ("Nachtschicht", "Saal 1", True),
    ]
    assert len(warnings) == 1 and "'37:00' cannot be read" in warnings[0]


@pytest.mark.parametrize(
    "line",
    [
        "Alle Zeiten in Mitteleuropäischer Zeit (Berlin).",
        "All times are Berlin time (CET).",
        "Alle Zeiten in Berliner Zeit (MEZ).",
        "Toutes les heures sont à l’heure de Berlin.",
    ],
)
def test_a_city_named_in_a_sentence_about_time_is_the_zone(line: str) -> None:
    assert stated_zone([line]) == BERLIN
    talks, warnings = markdown.parse(_program(COLON, line), "p.md", "America/Los_Angeles")
    assert talks[0].start == datetime(2024, 11, 16, 10, 0, tzinfo=BERLIN)


@pytest.mark.parametrize(
    ("line", "zone"),
    [
        ("All times are UTC.", "UTC"),
        ("Todas las horas en hora peninsular (CEST, UTC+2).", "UTC+02:00"),
        ("Join us in Victoria for a week of talks!", None),  # no sentence about time
        # CLDR's name of US Eastern time, not the city Easter (in the Pacific): sweep 9, B11
        ("All times are Eastern Time.", "America/New_York"),
        # German's abbreviation, stating the times: CLDR's Central European clocks
        # (sweep 10, W5; see test_zone_words), no longer "several zones share it"
        ("Alle Zeiten in MESZ.", "Europe/Warsaw"),
        ("All times MESZ, as in German", None),  # (German's, in an English line)
    ],
)
def test_what_a_sentence_about_time_states_and_does_not(line: str, zone: str | None) -> None:
    found = stated_zone([line])
    assert (str(found) if found else None) == zone


README = """\
# fastcache

A tiny in-memory cache for Python with TTLs.

## Installation

    pip install fastcache

## Usage

Create a cache and set values in it.

## Changelog

### 1.2.0 (2024-03-14)

- Added `Cache.clear()`

## License

MIT
"""


def test_a_readme_is_no_program() -> None:
    with pytest.raises(InputError) as caught:
        markdown.parse(README, "README.md")
    assert str(caught.value).startswith("README.md (line 1): no program found")
    assert "'Installation'" in str(caught.value)


def test_talks_with_speakers_and_no_times_are_still_a_program() -> None:
    text = """\
# Papers

## Making caches forget

Speakers: Jane Doe

Caches that forget on time.

## Sorting in linear time

Max Muster, Erika Musterfrau

How to sort faster.
"""
    talks, _ = markdown.parse(text, "papers.md")
    assert [(t.title, [s.name for s in t.speakers]) for t in talks] == [
        ("Making caches forget", ["Jane Doe"]),
        ("Sorting in linear time", ["Max Muster", "Erika Musterfrau"]),
    ]


def test_an_acronym_alone_is_no_line_of_names() -> None:
    assert not names_line("MIT")
    assert names_line("Jane Doe")
    assert names_line("Jane DOE, Max Muster")


@pytest.mark.parametrize(
    ("line", "zone"),
    [  # review: a city named in passing, or a word that only begins like "ora", "saa"
        ("All times are UTC+2 (Phoenix and Nerves tracks in Hall B).", "UTC+02:00"),
        ("All times are CET; our speakers fly in from London and Paris.", "CET"),
        ("Oracle Day Austin: all sessions in CET", None),
        ("Horario: Victoria Hall", None),
    ],
)
def test_a_city_in_passing_or_a_look_alike_word_states_no_zone(line, zone):
    from ingest.formats.mdparts import stated_zone

    found = stated_zone([line])
    assert (str(found) if found is not None else None) == zone


def test_a_speakers_job_title_after_a_dash_stays_out_of_the_abstract():
    """Review: "Jane Doe - Head of the platform team at the University of Oslo" read
    the job title as prose and moved it into the abstract above the real one."""
    from ingest.formats.icalnames import split_description

    text = "Speakers: Jane Doe - Head of the platform team at the University of Oslo\nThe talk."
    abstract, speakers, _ = split_description(text)
    assert abstract == "The talk."
    assert "Head of the platform team" in " ".join(f"{s.name} {s.affiliation}" for s in speakers)

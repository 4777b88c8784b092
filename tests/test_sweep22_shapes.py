"""Sweep 22 (odd shapes read right): a program file of a shape organisers really have
is never silently wrong. Every people column of a row counts (a "Moderator" or
"Host" column beside "Speaker 1", "Speaker 2"); the cases each test names."""

from __future__ import annotations

import json
import zipfile

import pytest

from ingest import parse_text
from ingest.detect import parse_path
from talkbase.core.errors import InputError


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
        {
            "id": "rec1",
            "fields": {
                **fields,
                "Start Time": "14:00",
                "Speaker 1": "Amy Liu",
                "Speaker 2": "Raj Patel",
                "Host": "Tom Hanks",
            },
        },
        {
            "id": "rec2",
            "fields": {
                **fields,
                "Session Title": "Solo Talk on Wasm",
                "Start Time": "15:15",
                "Speaker 1": "Lisa Wong",
            },
        },
    ]
    _, talks, _ = parse_text(json.dumps({"records": records}), "airtable.json")
    assert [[s.name for s in t.speakers] for t in talks] == [
        ["Amy Liu", "Raj Patel", "Tom Hanks"],
        ["Lisa Wong"],
    ]


MORNING_THEN_EVENING = (
    "Date,Start,End,Title,Room\n"
    "2026-12-03,9:05,9:50,Engines of Thought,Great Hall\n"
    "2026-12-03,10:00,10:45,Packets Everywhere,Great Hall\n"
    "2026-12-03,11:00,11:45,Tapes and Disks,Great Hall\n"
    "2026-12-03,7:30 PM,9:00 PM,Evening Social,Pub\n"
)


def test_one_pm_row_leaves_a_24_hour_morning_in_the_morning() -> None:
    _, talks, warnings = parse_text(MORNING_THEN_EVENING, "program.csv")
    assert [(f"{t.start:%H:%M}", f"{t.end:%H:%M}") for t in talks] == [
        ("09:05", "09:50"),
        ("10:00", "10:45"),
        ("11:00", "11:45"),
        ("19:30", "21:00"),
    ]
    assert not any("am or pm" in w for w in warnings)


def test_one_pm_record_leaves_a_yaml_morning_in_the_morning() -> None:
    text = (
        "talks:\n"
        "  - {title: Engines of Thought, date: 2026-12-03, start: '9:05', end: '9:50'}\n"
        "  - {title: Packets Everywhere, date: 2026-12-03, start: '10:00', end: '10:45'}\n"
        "  - {title: Evening Social, date: 2026-12-03, start: 7:30 PM, end: 9:00 PM}\n"
    )
    _, talks, _ = parse_text(text, "schedule.yaml")
    assert [f"{t.start:%H:%M}" for t in talks] == ["09:05", "10:00", "19:30"]


def test_speaker_and_affiliation_cells_with_line_breaks_pair_by_line() -> None:
    text = (
        "Date,Start,End,Title,Speakers,Affiliation,Room\n"
        '2026-09-24,09:00,09:30,Soil Sensors on LoRa,"Aoife Byrne\nCian Walsh","Teagasc\nUCD",'
        "Lab A\n"
        "2026-09-24,09:30,10:15,Drones for Crop Health,Niamh Kelly,DCU,Lab B\n"
    )
    _, talks, _ = parse_text(text, "program.csv")
    assert _people(talks[0]) == [("Aoife Byrne", "Teagasc"), ("Cian Walsh", "UCD")]
    assert _people(talks[1]) == [("Niamh Kelly", "DCU")]


def _page(rows: str, head: str = "<tr><th>Time</th><th>Talk</th><th>Room</th></tr>") -> str:
    return (
        '<!DOCTYPE html><html lang="en"><head><title>DataFest Tallinn 2026</title></head>'
        f"<body><h1>DataFest Tallinn 2026</h1><h2>Thursday 21 May 2026</h2><table>{head}"
        f"{rows}</table></body></html>"
    )


def test_a_br_in_an_html_title_cell_parts_title_speaker_and_abstract() -> None:
    page = _page(
        "<tr><td>09:00 - 09:40</td><td><b>Streaming ETL with Flink</b><br><i>Kadri Tamm</i>"
        "</td><td>Main stage</td></tr>"
        "<tr><td>10:00 - 10:40</td><td><b>dbt Beyond the Basics</b><br><i>Mart Kask</i><br>"
        "Macros, packages and tests that scale.</td><td>Room 2</td></tr>"
    )
    _, talks, _ = parse_text(page, "program.html")
    assert [(t.title, [s.name for s in t.speakers], t.abstract) for t in talks] == [
        ("Streaming ETL with Flink", ["Kadri Tamm"], ""),
        ("dbt Beyond the Basics", ["Mart Kask"], "Macros, packages and tests that scale."),
    ]


def test_a_br_in_an_html_speaker_cell_is_a_line_break() -> None:
    page = _page(
        "<tr><td>09:00–09:30</td><td>Heat Pumps at Scale</td>"
        "<td>Siobhán Nolan<br>ESB Networks</td><td>Liffey Hall</td></tr>"
        "<tr><td>09:30–10:00</td><td>Carbon Accounting for Cloud</td>"
        "<td>Brian Kehoe<br>Aoife Lynch</td><td>Liffey Hall</td></tr>",
        "<tr><th>Time</th><th>Title</th><th>Speaker</th><th>Room</th></tr>",
    )
    _, talks, _ = parse_text(page, "program.html")
    assert [_people(t) for t in talks] == [
        [("Siobhán Nolan", "ESB Networks")],
        [("Brian Kehoe", None), ("Aoife Lynch", None)],
    ]


def test_a_title_that_calls_its_talk_off_is_cancelled_in_every_format() -> None:
    text = (
        "Date,Start,End,Title,Speaker,Room\n"
        "2026-05-12,09:00,09:45,[CANCELLED] Kafka Streams Deep Dive,Omar Sy,Room 1\n"
        "2026-05-12,10:00,10:30,CANCELED: GraphQL Federation,Ivy Chen,Room 2\n"
        "2026-05-12,12:00,12:30,Abgesagt – Rust im Backend,Jan Koch,Room 2\n"
        "2026-05-12,15:00,15:30,Postgres Tuning,Raj Iyer,Room 1\n"
    )
    _, talks, _ = parse_text(text, "program.csv")
    assert [(t.title, t.cancelled) for t in talks] == [
        ("Kafka Streams Deep Dive", True),
        ("GraphQL Federation", True),
        ("Rust im Backend", True),
        ("Postgres Tuning", False),
    ]
    ics = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Sched//EN\r\nBEGIN:VEVENT\r\nUID:a1\r\n"
        "DTSTAMP:20260101T000000Z\r\nDTSTART:20260512T070000Z\r\nDTEND:20260512T074500Z\r\n"
        "SUMMARY:CANCELLED: Kafka Streams Deep Dive\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    _, talks, _ = parse_text(ics, "sched.ics")
    assert [(t.title, t.cancelled) for t in talks] == [("Kafka Streams Deep Dive", True)]


def test_a_talk_struck_through_on_a_page_is_cancelled_as_in_markdown() -> None:
    for tag in ("del", "s"):
        page = _page(
            f"<tr><td>09:00-09:30</td><td><{tag}>Vue 4 Preview</{tag}></td><td>Eva Gruber</td>"
            "<td>HS A</td></tr><tr><td>09:30-10:00</td><td>Svelte Runes</td><td>Max Huber</td>"
            "<td>HS A</td></tr>",
            "<tr><th>Time</th><th>Title</th><th>Speaker</th><th>Room</th></tr>",
        )
        _, talks, _ = parse_text(page, "program.html")
        assert [(t.title, t.cancelled) for t in talks] == [
            ("Vue 4 Preview", True),
            ("Svelte Runes", False),
        ], tag


def test_indico_family_given_names_are_flipped_over_the_document() -> None:
    def person(whole: str, org: str, **split: str) -> dict[str, str]:
        return {
            "_type": "ContributionParticipation",
            "fullName": whole,
            "affiliation": org,
            **split,
        }

    contributions = [
        {
            "_type": "Contribution",
            "id": "11",
            "title": "GPU Direct Storage at Scale",
            "startDate": {"date": "2026-09-14", "time": "09:00:00", "tz": "Europe/Zurich"},
            "speakers": [person("Keller, Anna", "ETH", first_name="Anna", last_name="Keller")],
        },
        {
            "_type": "Contribution",
            "id": "12",
            "title": "Checkpointing with SCR",
            "startDate": {"date": "2026-09-14", "time": "09:30:00", "tz": "Europe/Zurich"},
            "speakers": [person("Dubois, Luc", "CEA"), person("Ng, Wei", "LLNL")],
        },
    ]
    export = {
        "_type": "HTTPAPIResult",
        "results": [
            {
                "_type": "Conference",
                "title": "Alpine HPC Workshop 2026",
                "contributions": contributions,
            }
        ],
    }
    _, talks, _ = parse_text(json.dumps(export), "indico.json")
    assert [_people(t) for t in talks] == [
        [("Anna Keller", "ETH")],
        [("Luc Dubois", "CEA"), ("Wei Ng", "LLNL")],
    ]


def _session(sid: str, title: str, at: str, **more: object) -> dict[str, object]:
    return {
        "id": sid,
        "title": title,
        "startsAt": f"2026-11-12T{at}:00",
        "endsAt": f"2026-11-12T{at[:2]}:45:00",
        "isServiceSession": False,
        "room": "Hall Aurora",
        **more,
    }


def test_sessionize_sessions_grouped_by_track_keep_the_group_s_track() -> None:
    groups = [
        {
            "groupId": 1,
            "groupName": "Data & Ops",
            "isDefault": False,
            "sessions": [
                _session(
                    "1",
                    "Scaling Postgres Replicas",
                    "09:00",
                    speakers=[{"name": "Ingrid Solberg"}],
                    categories=[
                        {
                            "id": 20,
                            "name": "Level",
                            "categoryItems": [{"id": 3, "name": "Advanced"}],
                        }
                    ],
                )
            ],
        },
        {
            "groupId": 2,
            "groupName": "Hardware",
            "isDefault": False,
            "sessions": [
                _session(
                    "2",
                    "Rust for Embedded Sensors",
                    "10:00",
                    speakers=[{"name": "Mei Tanaka"}],
                    categories=[],
                )
            ],
        },
    ]
    _, talks, _ = parse_text(json.dumps(groups), "sessions.json")
    assert [(t.title, t.track) for t in talks] == [
        ("Scaling Postgres Replicas", "Data & Ops"),
        ("Rust for Embedded Sensors", "Hardware"),
    ]
    assert talks[0].note("Level") == "Advanced"


def test_sessionize_company_answer_is_the_speaker_s_affiliation() -> None:
    data = {
        "sessions": [_session("1", "Rust for Embedded Sensors", "10:00", speakers=["s1"])],
        "speakers": [
            {
                "id": "s1",
                "fullName": "Mei Tanaka",
                "tagLine": "Firmware lead",
                "questionAnswers": [{"questionId": 77, "answerValue": "Kaze Robotics"}],
            }
        ],
        "questions": [{"id": 77, "question": "Company", "questionType": "Short_Text"}],
        "categories": [],
        "rooms": [],
    }
    _, talks, _ = parse_text(json.dumps(data), "sessionize.json")
    assert _people(talks[0]) == [("Mei Tanaka", "Kaze Robotics")]


def test_a_card_s_line_of_parts_after_its_times_gives_room_and_track() -> None:
    def card(title: str, at: str, room: str, track: str) -> str:
        return (
            f'<article class="session">\n  <h3>{title}</h3>\n  <p class="meta">'
            f'<time datetime="2026-06-02T{at}:00+02:00">{at}:00</time>–'
            f'<time datetime="2026-06-02T{at}:45+02:00">{at}:45</time> · {room} · '
            f'Track: {track}</p>\n  <p class="speakers">Ola Nordmann</p>\n'
            "  <p>What it is about.</p>\n</article>\n"
        )

    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><title>SecDays Oslo 2026</title></head><body>\n'
        '<main>\n<section class="day"><h2>Tuesday 2 June</h2>\n'
        + card("Threat Modelling for Startups", "09", "Sal 1", "AppSec")
        + card("Passkeys in Production", "10", "Sal 2", "Identity")
        + "</section>\n</main></body></html>\n"
    )
    _, talks, _ = parse_text(page, "cards.html")
    assert [(t.room, t.track) for t in talks] == [("Sal 1", "AppSec"), ("Sal 2", "Identity")]


def test_a_toml_file_cut_inside_a_string_is_refused_at_its_last_line() -> None:
    text = (
        "".join(f'[[talks]]\ntitle = "Talk {n}"\n\n' for n in range(8)) + '[[talks]]\ntitle = "Clo'
    )
    with pytest.raises(InputError) as err:
        parse_text(text, "program.toml")
    assert err.value.where == "line 26"


def test_a_pdf_or_word_program_is_refused_saying_what_helps(tmp_path) -> None:
    pdf = tmp_path / "program.pdf"
    pdf.write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n")
    docx = tmp_path / "program.docx"
    with zipfile.ZipFile(docx, "w") as z:
        z.writestr(
            "[Content_Types].xml",
            '<Types><Override ContentType="application/'
            'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        )
        z.writestr("word/document.xml", "<w:document/>")
    for path, kind in ((pdf, "a PDF document"), (docx, "a Word document (.docx)")):
        with pytest.raises(InputError) as err:
            parse_path(path)
        assert err.value.problem.startswith(f"{kind}, which talkbase does not read")
        assert "save the program as HTML, Markdown or CSV" in err.value.problem


def test_markdown_sub_bullets_and_grids_are_refused_for_what_stops_them() -> None:
    nested = (
        "# Civic Hack Day 2026\n\n## Saturday 14 November 2026\n\n"
        "- 09:00–09:30 Welcome and team forming\n  - Room: Atrium\n"
        "- 09:30–10:15 Open Transit Data\n  - Speaker: Noor Rahman\n"
    )
    with pytest.raises(InputError) as err:
        parse_text(nested, "program.md")
    assert err.value.where == "line 6"
    assert "indented list lines ('- Room: Atrium')" in err.value.problem
    grid = (
        "# FrontConf Zagreb 2026\n\n## Friday 9 October 2026\n\n| Time | Hall A | Hall B |\n"
        "|------|--------|--------|\n| 09:00–09:45 | Keynote — Ivana Horvat | |\n"
        "| 10:00–10:40 | Signals — Marko Babić | Tokens — Petra Kovač |\n"
    )
    with pytest.raises(InputError) as err:
        parse_text(grid, "grid.md")
    assert err.value.where == "line 5"
    assert (
        "a grid of rooms by times (its columns 'Hall A', 'Hall B' are rooms)" in err.value.problem
    )


def test_a_title_that_only_begins_with_a_proposal_s_word_is_kept() -> None:
    from talkbase.core.terms import called_off

    assert called_off("Rejected: a history of RFCs") == ("Rejected: a history of RFCs", "")
    assert called_off("Cancel culture: a talk") == ("Cancel culture: a talk", "")
    assert called_off("Rust im Backend (entfällt)") == ("Rust im Backend", "entfällt")

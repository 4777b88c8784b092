"""Sweep 20, refs-clock: clock times written without am/pm in a program that writes
them beside others (ingest/when.py `half_span`, `half_placed`; ingest/formats/table.py),
a range whose end follows its start's am/pm (`when.range_clocks`), a date in words
whose weekday its year contradicts (table.py `wrong_weekday`), Sessionize ids its
tables do not hold (ingest/formats/jsonrecords.py `references`), an Indico session
block's room (ingest/formats/jsontree.py `_session_title`) and a TZID no zone defines
(ingest/formats/ical.py, ingest/detect.py)."""

from __future__ import annotations

import json

from ingest.detect import parse_path, parse_text
from talkbase.cli import main


def _times(talks):
    return [(t.title, t.start and f"{t.start:%d %H:%M}", t.end and f"{t.end:%H:%M}") for t in talks]


# -- F3: bare afternoon clocks beside clocks written with am/pm ------------------------

US_RANGES = """Date,Time,Title,Speaker,Room,Timezone
2026-02-06,9:30-10:15,Rust at scale in payments,Jane Doe,Hall A,America/Chicago
2026-02-06,1:00-1:45,Designing accessible forms,Chloé Martin,Room 3,America/Chicago
2026-02-06,11:30 - 12:15,Postgres partitioning war stories,Priya Raman,Hall A,America/Chicago
2026-02-06,2:30-3:15 PM,Kubernetes cost control,Tomasz Nowak,Hall B,America/Chicago
"""


def test_a_bare_afternoon_range_beside_ranges_written_with_pm_is_the_afternoon_s():
    _, talks, warnings = parse_text(US_RANGES, "schedule.csv")
    assert _times(talks) == [
        ("Rust at scale in payments", "06 09:30", "10:15"),
        ("Designing accessible forms", "06 13:00", "13:45"),
        ("Postgres partitioning war stories", "06 11:30", "12:15"),
        ("Kubernetes cost control", "06 14:30", "15:15"),
    ]
    said = [w for w in warnings if "am or pm" in w]
    assert said == [
        "schedule.csv line 3: 'Designing accessible forms': the program writes am or pm "
        "beside some of its clock times but not beside this one; read as 13:00–13:45, "
        "where its other times place it, as are the others written so"
    ]


TIMES12 = """Date,Start,Duration,Title,Speaker,Room,Timezone
Fri 6 Feb 2026,9:30am,45,Rust at scale in payments,Jane Doe,Hall A,Europe/Berlin
Fri 6 Feb 2026,2:30 p.m.,1:15,Kubernetes cost control,Tomasz Nowak,Hall A,Europe/Berlin
Sat 7 Feb 2026,2:30,45 min,CSS container queries,Ben Carter,Hall A,Europe/Berlin
Sat 7 Feb 2026,11:45 AM,PT45M,Vector search in practice,Wei Zhang,Hall A,Europe/Berlin
Sat 7 Feb 2026,4 PM,1 hour,Closing keynote: software that lasts,Grace Okafor,Hall A,Europe/Berlin
Sat 7 Feb 2026,10:00,90',Feature flags done right,Ana Souza,Hall A,Europe/Berlin
"""


def test_a_bare_start_with_a_duration_among_am_pm_starts_is_placed_by_them():
    _, talks, warnings = parse_text(TIMES12, "times.csv")
    assert _times(talks)[2:] == [
        ("CSS container queries", "07 14:30", "15:15"),
        ("Vector search in practice", "07 11:45", "12:30"),
        ("Closing keynote: software that lasts", "07 16:00", "17:00"),
        ("Feature flags done right", "07 10:00", "11:30"),
    ]
    assert sum("not beside this one; read as 14:30" in w for w in warnings) == 1


def test_an_evening_program_s_bare_clock_is_placed_in_its_evening():
    # (its written times run from 6 PM to 9 PM: "8:00" is 20:00, "6:30" 18:30)
    text = (
        "Date,Start,End,Title,Room\n"
        "2026-03-12,6:00 PM,6:25 PM,Doors and pizza,Hall\n"
        "2026-03-12,6:30,7:15,Rust on microcontrollers,Hall\n"
        "2026-03-12,8:00,8:45,Lightning talks,Hall\n"
        "2026-03-12,8:45 PM,9:00 PM,Wrap-up,Hall\n"
    )
    _, talks, _ = parse_text(text, "meetup.csv")
    assert [(t.start and f"{t.start:%H:%M}", t.end and f"{t.end:%H:%M}") for t in talks] == [
        ("18:00", "18:25"),
        ("18:30", "19:15"),
        ("20:00", "20:45"),
        ("20:45", "21:00"),
    ]


def test_a_24_hour_table_with_one_pm_cell_keeps_its_bare_clocks():
    text = US_RANGES.replace("11:30 - 12:15", "13:30 - 14:15")
    _, talks, warnings = parse_text(text, "schedule.csv")
    assert f"{talks[1].start:%H:%M}" == "01:00"
    assert not any("am or pm" in w for w in warnings)


# -- F13: a range whose end has no am/pm follows its start's --------------------------


def test_a_range_with_pm_only_after_its_start_ends_in_the_afternoon():
    text = """Date,Time,Title,Speaker,Room,Timezone
2026-02-06,11:45-12:30 PM,Rust at scale in payments,Jane Doe,Hall A,America/Chicago
2026-02-06,2:30 PM - 3:15,Designing accessible forms,Chloé Martin,Room 3,America/Chicago
2026-02-06,11:30 AM - 12:15,Postgres partitioning war stories,Priya Raman,Hall A,America/Chicago
2026-02-06,10:30 PM - 12:15,Night owls,Akira Sato,Room 3,America/Chicago
"""
    _, talks, warnings = parse_text(text, "ranges.csv")
    assert [(f"{t.start:%d %H:%M}", t.end and f"{t.end:%d %H:%M}") for t in talks] == [
        ("06 11:45", "06 12:30"),
        ("06 14:30", "06 15:15"),
        ("06 11:30", "06 12:15"),
        ("06 22:30", "07 00:15"),
    ]
    assert not any("before it starts" in w for w in warnings)


# -- F4: a date in words whose weekday its written year contradicts --------------------


def test_a_date_whose_weekday_its_year_contradicts_is_no_date():
    text = (
        "Date,Start,End,Title,Speaker,Room,Timezone\n"
        "Fri 6 Feb 2026,09:30,10:15,Rust at scale in payments,Jane Doe,Hall A,Europe/Berlin\n"
        "Sat 3 Feb 2026,10:00,10:30,Feature flags done right,Ana Souza,Hall B,Europe/Berlin\n"
        "Samstag 7. Februar 2026,11:00,11:30,Vector search,Wei Zhang,Hall B,Europe/Berlin\n"
    )
    _, talks, warnings = parse_text(text, "program.csv")
    assert [t.start and f"{t.start:%Y-%m-%d %H:%M}" for t in talks] == [
        "2026-02-06 09:30",
        None,
        "2026-02-07 11:00",
    ]
    assert warnings == [
        "program.csv line 3: the date 'Sat 3 Feb 2026' of 'Feature flags done right' names "
        "a weekday that date is not in 2026, so its start time ('10:00') has no day; kept "
        "without a time"
    ]


# -- F1: Sessionize ids its tables do not hold ----------------------------------------

SESSIONIZE = {
    "sessions": [
        {
            "id": "5000",
            "title": "Rust at scale in payments",
            "startsAt": "2026-02-06T09:30:00",
            "endsAt": "2026-02-06T10:15:00",
            "isServiceSession": False,
            "speakers": ["3f2504e0-4f89-11d3-9a0c-0305e82c3301", "a1b2c3d4-0001"],
            "categoryItems": [105],
            "roomId": 10,
        },
        {
            "id": "5001",
            "title": "Observability without tears",
            "startsAt": "2026-02-06T10:30:00",
            "endsAt": "2026-02-06T11:15:00",
            "isServiceSession": False,
            "speakers": ["a1b2c3d4-0002"],
            "categoryItems": [777, 104],
            "roomId": 99,
        },
    ],
    "speakers": [
        {"id": "a1b2c3d4-0001", "firstName": "Jane", "lastName": "Doe", "fullName": "Jane Doe"},
        {
            "id": "a1b2c3d4-0002",
            "firstName": "Omar",
            "lastName": "Haddad",
            "fullName": "Omar Haddad",
        },
    ],
    "categories": [
        {
            "id": 1,
            "title": "Track",
            "items": [{"id": 104, "name": "Ops"}, {"id": 105, "name": "Systems"}],
        }
    ],
    "rooms": [{"id": 10, "name": "Hall A"}, {"id": 11, "name": "Hall B"}],
}


def test_sessionize_ids_its_tables_do_not_hold_are_left_out_and_said(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")
    path = tmp_path / "sessionize.json"
    path.write_text(json.dumps(SESSIONIZE, indent=1))
    doc = parse_path(path)
    assert [(t.title, [s.name for s in t.speakers], t.room, t.track) for t in doc.talks] == [
        ("Rust at scale in payments", ["Jane Doe"], "Hall A", "Systems"),
        ("Observability without tears", ["Omar Haddad"], None, "Ops"),
    ]
    assert [w for w in doc.warnings if "is not in" in w] == [
        "sessionize.json sessions.[0] (id '5000'): speaker id "
        "'3f2504e0-4f89-11d3-9a0c-0305e82c3301' is not in speakers; left out",
        "sessionize.json sessions.[1] (id '5001'): room id '99' is not in rooms; left out",
        "sessionize.json sessions.[1] (id '5001'): category item id '777' is not in "
        "categories; left out",
    ]


def test_the_cli_stores_no_speaker_named_by_a_dangling_id(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")
    path = tmp_path / "sessionize.json"
    path.write_text(json.dumps(SESSIONIZE, indent=1))
    home = str(tmp_path / "home")
    assert main(["--home", home, "ingest", str(path)]) == 0
    said = capsys.readouterr().out
    assert (
        "warning: sessionize.json sessions.[0] (id '5000'): speaker id "
        "'3f2504e0-4f89-11d3-9a0c-0305e82c3301' is not in speakers; left out"
    ) in said
    assert main(["--home", home, "export", "--format", "jsonl"]) == 0
    out = capsys.readouterr().out
    assert "3f2504e0" not in out
    rust = next(json.loads(x) for x in out.splitlines() if "Rust at scale" in x)
    assert [s["name"] for s in rust["speakers"]] == ["Jane Doe"]


# -- F7: an Indico session block's room is its contributions' ---------------------------


def _contribution(ident: str, title: str, start: str, end: str, who: str) -> dict:
    return {
        "_type": "ContributionEntry",
        "entryType": "Contribution",
        "id": ident,
        "title": title,
        "startDate": {"date": "2026-02-06", "time": start, "tz": "Europe/Zurich"},
        "endDate": {"date": "2026-02-06", "time": end, "tz": "Europe/Zurich"},
        "room": "",
        "presenters": [{"name": who}],
    }


INDICO = {
    "count": 1,
    "results": {
        "7": {
            "20260206": {
                "s0": {
                    "_type": "SessionEntry",
                    "entryType": "Session",
                    "id": "s0",
                    "title": "Data session",
                    "startDate": {"date": "2026-02-06", "time": "11:00:00", "tz": "Europe/Zurich"},
                    "endDate": {"date": "2026-02-06", "time": "13:00:00", "tz": "Europe/Zurich"},
                    "room": "Hall A",
                    "entries": {
                        "c0": _contribution(
                            "c0", "Rust at scale in payments", "11:00:00", "11:30:00", "Jane Doe"
                        ),
                        "c1": {
                            **_contribution(
                                "c1", "Columnar storage", "12:00:00", "12:30:00", "Omar Haddad"
                            ),
                            "room": "Room 3",
                        },
                    },
                }
            }
        }
    },
}


def test_indico_contributions_in_a_session_block_take_its_room(tmp_path):
    path = tmp_path / "timetable.json"
    path.write_text(json.dumps(INDICO, indent=1))
    doc = parse_path(path)
    assert [(t.title, t.room, t.track) for t in doc.talks] == [
        ("Rust at scale in payments", "Hall A", "Data session"),
        ("Columnar storage", "Room 3", "Data session"),  # (its own room first)
    ]


# -- F10: a TZID that no zone defines --------------------------------------------------


def test_an_unknown_tzid_is_said_to_name_a_zone_nothing_defines(tmp_path, monkeypatch):
    monkeypatch.delenv("TALKBASE_TIMEZONE", raising=False)
    events = "".join(
        f"BEGIN:VEVENT\r\nUID:u{n}\r\nDTSTAMP:20260110T000000Z\r\n"
        f"DTSTART;TZID=Mars/Olympus:20260206T{h:02d}3000\r\n"
        f"DTEND;TZID=Mars/Olympus:20260206T{h + 1:02d}0000\r\nSUMMARY:Talk {n}\r\nEND:VEVENT\r\n"
        for n, h in enumerate((9, 11))
    )
    path = tmp_path / "mars.ics"
    path.write_text(
        f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\n{events}END:VCALENDAR\r\n"
    )
    doc = parse_path(path)
    said = [w for w in doc.warnings if "time zone" in w]
    assert len(said) == 1 and said[0].startswith(
        "mars.ics: names the time zone 'Mars/Olympus', which neither the tz database nor a "
        "VTIMEZONE in it defines, for its times; they were read in "
    )
    assert "names no time zone" not in said[0]


# -- F8: Excel's serial dates and day fractions in cells of General format --------------


def test_excel_numbers_in_date_and_time_columns_are_dates_and_times(tmp_path, monkeypatch):
    from openpyxl import Workbook

    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")
    book = Workbook()
    sheet = book.active
    sheet.append(["Date", "Start", "End", "Title", "Speakers", "Room"])
    sheet.append([46059, 0.3958333333333333, 0.4270833333333333, "Rust at scale", "Jane Doe", "A"])
    sheet.append([46060, 0.5, 0.53125, "Vector search in practice", "Wei Zhang", "B"])
    sheet.append(["2026-02-07", 46060.6875, None, "Closing keynote", "Grace Okafor", "A"])
    path = tmp_path / "numbers.xlsx"
    book.save(path)
    doc = parse_path(path)
    assert [
        (t.start and f"{t.start:%Y-%m-%d %H:%M}", t.end and f"{t.end:%H:%M}") for t in doc.talks
    ] == [
        ("2026-02-06 09:30", "10:15"),
        ("2026-02-07 12:00", "12:45"),
        ("2026-02-07 16:30", None),
    ]
    assert not any("cannot read" in w for w in doc.warnings)


MORNING_FIRST = """Date,Start,Title,Speaker,Room,Timezone
2026-02-06,7:30,Registration and coffee,,Lobby,America/Chicago
2026-02-06,9:00 AM,Opening keynote,Jane Doe,Hall A,America/Chicago
2026-02-06,1:00,Designing accessible forms,Chloé Martin,Room 3,America/Chicago
2026-02-06,4:30 PM,Closing panel,Priya Raman,Hall A,America/Chicago
"""


def test_a_bare_clock_before_the_written_ones_stays_in_the_morning():
    """Neither reading of a bare "7:30" lies between the written 9:00 AM and 4:30 PM:
    it is the one nearer them, the morning's registration (a review of sweep 20 saw
    it moved to 19:30), while a bare "1:00" between them is 13:00."""
    _, talks, _ = parse_text(MORNING_FIRST, "schedule.csv")
    starts = {t.title: f"{t.start:%H:%M}" for t in talks}
    assert starts["Registration and coffee"] == "07:30"
    assert starts["Designing accessible forms"] == "13:00"
    assert starts["Opening keynote"] == "09:00" and starts["Closing panel"] == "16:30"

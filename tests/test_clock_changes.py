"""Talks on the night a zone's clocks change (an outside tester's S3): a start the
clocks skip ("02:30" the night summer time begins) is read as RFC 5545 reads it, an
hour later, and the talk keeps the length its clock times say, with a warning, never
an end before its start; a time the clocks show twice (the hour summer time ends) is
the one that gives the talk the length its clock times say ("02:30–03:00" is 30
minutes, not 90) (`when.on_the_clock`, applied by `limits.limit_times`). Only times
read as wall clock, written without an offset, are read so: a time the document gave
as an instant ("…Z", "+02:00") stays the instant it names (a review's R1), and a
duration is never shortened (R2)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from ingest import detect, when
from talkbase.core.records import Talk, talk_from_dict

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")

# the tester's 36_dst_night.csv (sweep 10, S3): an overnight hackathon across both changes of 2026
HACKATHON = """date,start,end,title,speaker,room,timezone
2026-03-28,22:00,23:30,Night hack kickoff,Lena Roth,Lounge,Europe/Berlin
2026-03-29,01:30,02:00,Lightning talks round 1,Tim Vogt,Lounge,Europe/Berlin
2026-03-29,02:30,03:15,Retro gaming on FPGAs,Ina Kraus,Lounge,Europe/Berlin
2026-03-29,03:30,04:00,Sunrise demo session,Max Peters,Lounge,Europe/Berlin
2026-10-25,01:30,02:00,Autumn night: shaders,Ola Berg,Lounge,Europe/Berlin
2026-10-25,02:30,03:00,Autumn night: chiptune live,Nils Aas,Lounge,Europe/Berlin
"""


def _read(tmp_path: Path, name: str, text: str) -> tuple[dict[str, Talk], list[str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    doc = detect.parse_path(path)
    # (as stored and read back: what search, export and the app show)
    talks = {t.title: talk_from_dict(t.to_dict()) for t in doc.talks}
    return talks, list(doc.warnings)


def _shown(talk: Talk) -> tuple[str, str | None, int | None]:
    assert talk.start is not None
    end = talk.end.isoformat() if talk.end else None
    return talk.start.isoformat(), end, talk.duration_minutes


def test_the_testers_hackathon_across_both_changes(tmp_path: Path) -> None:
    talks, warnings = _read(tmp_path, "dst_night.csv", HACKATHON)
    retro = _shown(talks["Retro gaming on FPGAs"])
    assert retro == ("2026-03-29T03:30:00+02:00", "2026-03-29T04:15:00+02:00", 45)
    said = [w for w in warnings if "Retro gaming" in w]
    assert said and "02:30" in said[0] and "skip" in said[0] and "03:30–04:15" in said[0]
    chiptune = _shown(talks["Autumn night: chiptune live"])
    assert chiptune == ("2026-10-25T02:30:00+01:00", "2026-10-25T03:00:00+01:00", 30)
    assert all(t.duration_minutes == 30 for n, t in talks.items() if "round 1" in n or "shad" in n)
    assert not any("Autumn" in w for w in warnings)  # (a time shown twice is no news)


def _calendar(zone: str, *events: tuple[str, str, str]) -> str:
    body = "".join(
        f"BEGIN:VEVENT\nUID:{n}@x\nDTSTART;TZID={zone}:{start}\n{end}\nSUMMARY:{title}\n"
        "END:VEVENT\n"
        for n, (title, start, end) in enumerate(events)
    )
    return f"BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//x//y//EN\n{body}END:VCALENDAR\n"


def test_a_calendar_on_the_night_new_york_falls_back(tmp_path: Path) -> None:
    """01:00 to 01:59 is shown twice in New York on 1 November 2026."""
    text = _calendar(
        "America/New_York",
        ("Second hour talk", "20261101T013000", "DTEND;TZID=America/New_York:20261101T020000"),
        ("Across the change", "20261101T004500", "DTEND;TZID=America/New_York:20261101T011500"),
        ("Hour by duration", "20261101T013000", "DURATION:PT1H"),
    )
    talks, _ = _read(tmp_path, "nyc.ics", text)
    # 01:30-02:00: thirty minutes, its 01:30 the second one (EST)
    assert _shown(talks["Second hour talk"])[2] == 30
    assert _shown(talks["Across the change"])[2] == 30  # (00:45 EDT to 01:15, the first)
    # a duration is time that passes: one hour from the first 01:30 is the second 01:30
    start, end, minutes = _shown(talks["Hour by duration"])
    assert minutes == 60 and start.endswith("-04:00") and end.endswith("-05:00")


def test_a_calendar_start_the_clocks_skip(tmp_path: Path) -> None:
    text = _calendar(
        "Europe/Berlin",
        ("Skipped start", "20260329T023000", "DTEND;TZID=Europe/Berlin:20260329T031500"),
        ("Skipped with a duration", "20260329T021000", "DURATION:PT40M"),
        ("Ends in the gap", "20260329T013000", "DTEND;TZID=Europe/Berlin:20260329T023000"),
    )
    talks, warnings = _read(tmp_path, "berlin.ics", text)
    assert _shown(talks["Skipped start"])[1:] == ("2026-03-29T04:15:00+02:00", 45)
    assert _shown(talks["Skipped with a duration"]) == (
        "2026-03-29T03:10:00+02:00",
        "2026-03-29T03:50:00+02:00",
        40,
    )
    assert _shown(talks["Ends in the gap"])[2] == 60  # (01:30 CET to 03:30 CEST)
    assert sum("skip" in w for w in warnings) == 2


def test_a_markdown_list_on_the_night_summer_time_begins(tmp_path: Path) -> None:
    text = (
        "# Nachtkonferenz 2026\n\nAlle Zeiten in Europe/Berlin.\n\n## 2026-03-29\n\n"
        "- 01:30–02:00 Vor der Umstellung — Tim Vogt\n"
        "- 02:30–03:15 In der Lücke — Ina Kraus\n"
    )
    talks, _ = _read(tmp_path, "nacht.md", text)
    for talk in talks.values():
        assert talk.end is not None and talk.start is not None
        assert talk.end > talk.start and talk.duration_minutes in (30, 45)


def test_utc_times_across_the_repeated_hour_stay_the_instants_written(tmp_path: Path) -> None:
    """The review's R1: 00:00Z-01:30Z is 02:00+02:00 to 02:30+01:00 in Berlin, 90 minutes;
    its start is an instant, never the second 02:00."""
    body = "".join(
        f"BEGIN:VEVENT\nUID:{n}@x\nDTSTART:{start}\n{end}\nSUMMARY:{title}\nEND:VEVENT\n"
        for n, (title, start, end) in enumerate(
            [
                ("Utc span", "20261025T000000Z", "DTEND:20261025T013000Z"),
                ("Utc two hours", "20261025T003000Z", "DTEND:20261025T023000Z"),
                ("Utc with a duration", "20261101T050000Z", "DURATION:PT1H30M"),
            ]
        )
    )
    text = (
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//x//y//EN\nX-WR-TIMEZONE:Europe/Berlin\n"
        f"{body}END:VCALENDAR\n"
    )
    talks, warnings = _read(tmp_path, "utc.ics", text)
    assert _shown(talks["Utc span"]) == (
        "2026-10-25T02:00:00+02:00",
        "2026-10-25T02:30:00+01:00",
        90,
    )
    assert _shown(talks["Utc two hours"]) == (
        "2026-10-25T02:30:00+02:00",
        "2026-10-25T03:30:00+01:00",
        120,
    )
    utc_start = talks["Utc with a duration"].start
    assert utc_start is not None and utc_start.astimezone(UTC) == datetime(
        2026, 11, 1, 5, tzinfo=UTC
    )
    assert not any("skip" in w for w in warnings)


def test_offsets_across_the_repeated_hour_stay_as_written(tmp_path: Path) -> None:
    """The review's R1 in JSON, a CSV and frab: times with an offset are instants."""
    talks, _ = _read(
        tmp_path,
        "p.json",
        '{"conference":"Offset Conf 2026","timezone":"America/New_York","talks":['
        '{"title":"Demo block","start":"2026-11-01T01:00:00-04:00",'
        '"end":"2026-11-01T01:30:00-05:00"},'
        '{"title":"Late show","start":"2026-11-01T01:15:00-04:00",'
        '"end":"2026-11-01T02:15:00-05:00"}]}',
    )
    assert _shown(talks["Demo block"]) == (
        "2026-11-01T01:00:00-04:00",
        "2026-11-01T01:30:00-05:00",
        90,
    )
    assert _shown(talks["Late show"])[0] == "2026-11-01T01:15:00-04:00"
    assert _shown(talks["Late show"])[2] == 120
    talks, _ = _read(
        tmp_path,
        "conf.csv",
        "Title,Start,End,Timezone\n"
        "Ninety over the change,2026-10-25T02:00:00+02:00,2026-10-25T02:30:00+01:00,"
        "Europe/Berlin\n",
    )
    assert _shown(talks["Ninety over the change"]) == (
        "2026-10-25T02:00:00+02:00",
        "2026-10-25T02:30:00+01:00",
        90,
    )
    events = ",".join(
        f'{{"id":{n},"guid":"g{n}","date":"{d}","start":"{d[11:16]}","duration":"{length}",'
        f'"room":"Hall","title":"{title}","persons":[],"links":[]}}'
        for n, (d, length, title) in enumerate(
            [
                ("2026-10-25T02:00:00+02:00", "01:30", "Night session"),
                ("2026-10-25T02:30:00+01:00", "00:30", "Second pass"),
            ]
        )
    )
    frab = (
        '{"schedule":{"version":"1","conference":{"acronym":"nc","title":"Night Congress",'
        '"start":"2026-10-25","end":"2026-10-25","time_zone_name":"Europe/Berlin","days":['
        '{"index":0,"date":"2026-10-25","rooms":{"Hall":[' + events + "]}}]}}}"
    )
    talks, _ = _read(tmp_path, "schedule.json", frab)
    night, second = talks["Night session"], talks["Second pass"]
    assert _shown(night)[0] == "2026-10-25T02:00:00+02:00"
    assert (_shown(night)[2] or 0) >= 90  # (a duration never shortened)
    assert _shown(second)[0] == "2026-10-25T02:30:00+01:00"


def test_a_duration_past_the_repeated_hour_is_time_that_passes(tmp_path: Path) -> None:
    """The review's R2: a CSV naming no zone (Los Angeles, the default), a 90-minute
    talk from 01:00 the night summer time ends: 90 minutes from the first 01:00, never
    30 (its start moved to the second) nor 150 (a wall clock's 02:30)."""
    talks, _ = _read(
        tmp_path,
        "conf.csv",
        "Date,Start,Duration,Title,Speaker,Room\n"
        "2026-10-31,10:00,45,Opening keynote,Jan Weber,A\n"
        "2026-11-01,01:00,90,Ninety minutes from 1am,Lena Vogel,A\n"
        "2026-11-01,01:30,30,Half hour at 1:30,Tim Roth,B\n",
    )
    ninety = _shown(talks["Ninety minutes from 1am"])
    assert ninety == ("2026-11-01T01:00:00-07:00", "2026-11-01T01:30:00-08:00", 90)
    assert _shown(talks["Half hour at 1:30"])[2] == 30


@pytest.mark.parametrize(
    ("start", "end", "minutes"),
    [
        ((2026, 10, 25, 2, 30), (2026, 10, 25, 3, 0), 30),
        ((2026, 10, 25, 1, 30), (2026, 10, 25, 2, 30), 60),
        ((2026, 10, 25, 2, 15), (2026, 10, 25, 2, 45), 30),
        ((2026, 10, 25, 2, 45), (2026, 10, 25, 2, 15), 30),  # (the first to the second)
        ((2026, 3, 29, 2, 30), (2026, 3, 29, 3, 15), 45),
        ((2026, 3, 29, 1, 30), (2026, 3, 29, 2, 30), 60),
        ((2026, 6, 1, 10, 0), (2026, 6, 1, 10, 45), 45),
    ],
)
def test_on_the_clock_gives_the_length_the_clock_times_say(
    start: tuple[int, ...], end: tuple[int, ...], minutes: int
) -> None:
    s, e = (when.wall_clock(datetime(*moment), BERLIN) for moment in (start, end))
    shown_start, shown_end, _ = when.on_the_clock(s, e)
    assert shown_end is not None
    assert Talk("x", start=shown_start, end=shown_end).duration_minutes == minutes
    assert when.end_problem(shown_start, shown_end) is None


def test_an_end_before_its_start_by_the_instants_is_one() -> None:
    """Two moments of one zone compare by their wall clocks in Python: 02:45 (the first)
    and 02:15 (the second) are 30 minutes apart, in order, not an end before a start."""
    first = datetime(2026, 10, 25, 2, 45, tzinfo=BERLIN)
    assert when.end_problem(first, first.replace(hour=2, minute=15, fold=1)) is None
    skipped = datetime(2026, 3, 29, 2, 30, tzinfo=BERLIN)  # (03:30 as the clocks show it)
    assert when.on_the_clock(skipped, None) == (skipped, None, False)  # (an instant)
    assert when.end_problem(skipped, skipped + timedelta(minutes=45)) is not None


def test_a_day_long_event_over_the_night_the_clocks_go_back_keeps_its_end(
    tmp_path: Path,
) -> None:
    """The review's N1: 12:00 to 12:00 the next day, the night summer time ends, is a
    day (25 hours pass): its end is kept, as main kept it, in a calendar with TZID, in
    JSON written naive and in JSON with the offsets given; a day and an hour is not."""
    text = _calendar(
        "America/New_York",
        ("NY hackathon", "20261031T120000", "DTEND;TZID=America/New_York:20261101T120000"),
        ("Midnight to midnight", "20261101T000000", "DTEND;TZID=America/New_York:20261102T000000"),
        ("A day and an hour", "20261031T120000", "DTEND;TZID=America/New_York:20261101T130000"),
    )
    talks, warnings = _read(tmp_path, "hack.ics", text)
    assert _shown(talks["NY hackathon"])[1] == "2026-11-01T12:00:00-05:00"
    assert _shown(talks["Midnight to midnight"])[1] == "2026-11-02T00:00:00-05:00"
    assert _shown(talks["A day and an hour"])[1] is None
    assert [w for w in warnings if "more than a day" in w and "A day and an hour" in w]
    assert not [w for w in warnings if "hackathon" in w or "Midnight" in w]
    talks, warnings = _read(
        tmp_path,
        "p.json",
        '{"conference":"Offset Hack 2026","timezone":"Europe/Berlin","talks":['
        '{"title":"Offsets","start":"2026-10-24T12:00:00+02:00",'
        '"end":"2026-10-25T12:00:00+01:00"},'
        '{"title":"Naive","start":"2026-10-24T12:00:00","end":"2026-10-25T12:00:00"}]}',
    )
    assert _shown(talks["Offsets"])[1] == "2026-10-25T12:00:00+01:00"
    assert _shown(talks["Naive"])[1] == "2026-10-25T12:00:00+01:00"
    assert not warnings


def test_a_day_in_a_duration_is_the_same_clock_time_the_next_day(tmp_path: Path) -> None:
    """The review's N2: RFC 5545 §3.3.6 reads a duration's days as days on the
    calendar ("P1D" is the same clock time the next day) and its hours as time that
    passes ("PT24H" from 12:00 the night the clocks go back ends at 11:00)."""
    text = _calendar(
        "Europe/Berlin",
        ("One day", "20261024T120000", "DURATION:P1D"),
        ("Twenty-four hours", "20261024T120000", "DURATION:PT24H"),
        ("A day and two hours", "20261024T120000", "DURATION:P1DT2H"),
    )
    talks, _ = _read(tmp_path, "days.ics", text)
    assert _shown(talks["One day"])[1] == "2026-10-25T12:00:00+01:00"
    assert _shown(talks["Twenty-four hours"])[1] == "2026-10-25T11:00:00+01:00"
    start = when.wall_clock(datetime(2026, 10, 24, 12), BERLIN)
    assert when.later(start, when.parse_duration("P1DT2H") or timedelta(0)) == datetime(
        2026, 10, 25, 14, tzinfo=BERLIN
    )
    assert when.later(start, when.parse_duration("P1W") or timedelta(0)) == datetime(
        2026, 10, 31, 12, tzinfo=BERLIN
    )

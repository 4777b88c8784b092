"""A calendar's VTIMEZONE under a name the tz database does not know (an outside
tester's S1): a Windows name is the zone CLDR maps it to ("Cen. Australia Standard
Time": Australia/Adelaide, `languages.windows_zones`); any other ("Custom Time Zone
1") is read by its own STANDARD and DAYLIGHT rules (`icalzone.own_zone`), its summer
time included, no longer as its standard offset all year."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from ingest import detect
from ingest.formats import ical
from talkbase.core.records import Talk

ADELAIDE_RULES = """BEGIN:VTIMEZONE
TZID:{tzid}
BEGIN:STANDARD
DTSTART:16010407T030000
RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4
TZOFFSETFROM:+1030
TZOFFSETTO:+0930
TZNAME:ACST
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:16011006T020000
RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=10
TZOFFSETFROM:+0930
TZOFFSETTO:+1030
TZNAME:ACDT
X-MICROSOFT-ODD-LINE:1
END:DAYLIGHT
END:VTIMEZONE
"""


def _calendar(tzid: str, zone: str, *events: str) -> str:
    return (
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\n"
        + zone.format(tzid=tzid)
        + "".join(events)
        + "END:VCALENDAR\n"
    )


def _event(n: int, start: str, end: str, title: str, extra: str = "") -> str:
    return (
        f"BEGIN:VEVENT\nUID:e{n}@x\nDTSTART{start}\nDTEND{end}\nSUMMARY:{title}\n{extra}"
        "END:VEVENT\n"
    )


def _talks(tmp_path: Path, text: str) -> dict[str, list[Talk]]:
    path = tmp_path / "program.ics"
    path.write_text(text, encoding="utf-8")
    out: dict[str, list[Talk]] = {}
    for talk in detect.parse_path(path).talks:
        out.setdefault(talk.title, []).append(talk)
    return out


def _offset(talk: Talk) -> timedelta | None:
    assert talk.start is not None
    return talk.start.utcoffset()


def test_a_custom_zone_is_read_by_its_own_summer_time(tmp_path: Path) -> None:
    """The tester's 06_adelaide_customtz.ics: a January conference in Adelaide."""
    tzid = "Custom Time Zone 1"
    text = _calendar(
        tzid,
        ADELAIDE_RULES,
        _event(1, f";TZID={tzid}:20270118T093000", f";TZID={tzid}:20270118T101500", "Keynote"),
        _event(2, ":20270119T003000Z", ":20270119T011000Z", "In UTC"),
        _event(3, f";TZID={tzid}:20270712T093000", f";TZID={tzid}:20270712T101500", "Winter"),
        _event(
            4,
            ";TZID=/mozilla.org/20050126_1/Australia/Adelaide:20270118T133000",
            ";TZID=/mozilla.org/20050126_1/Australia/Adelaide:20270118T141000",
            "Named zone",
        ),
    )
    talks = _talks(tmp_path, text)
    summer, winter = timedelta(hours=10, minutes=30), timedelta(hours=9, minutes=30)
    assert _offset(talks["Keynote"][0]) == summer  # (was +09:30, an hour off)
    assert _offset(talks["Named zone"][0]) == summer
    assert _offset(talks["Winter"][0]) == winter
    in_utc = talks["In UTC"][0]
    assert in_utc.start is not None and f"{in_utc.start:%H:%M}" == "11:00"  # (Adelaide's clock)
    assert talks["Keynote"][0].zone == "UTC+10:30" and talks["Keynote"][0].duration_minutes == 45


def test_a_weekly_event_in_a_custom_zone_keeps_its_clock_across_the_change(
    tmp_path: Path,
) -> None:
    tzid = "Lab Zone"
    start, end = f";TZID={tzid}:20260920T090000", f";TZID={tzid}:20260920T100000"
    text = _calendar(
        tzid, ADELAIDE_RULES, _event(1, start, end, "Weekly lab", "RRULE:FREQ=WEEKLY;COUNT=4\n")
    )
    labs = _talks(tmp_path, text)["Weekly lab"]
    assert [f"{t.start:%m-%d %H:%M}" for t in labs if t.start] == [
        "09-20 09:00",
        "09-27 09:00",
        "10-04 09:00",
        "10-11 09:00",
    ]
    assert [_offset(t) for t in labs] == [timedelta(hours=9.5)] * 2 + [timedelta(hours=10.5)] * 2
    assert all(t.duration_minutes == 60 for t in labs)


@pytest.mark.parametrize(
    ("tzid", "zone", "offset"),
    [
        ("Cen. Australia Standard Time", "Australia/Adelaide", 10.5),
        ("New Zealand Standard Time", "Pacific/Auckland", 13),
        ("Pacific SA Standard Time", "America/Santiago", -3),
    ],
)
def test_a_windows_name_is_the_zone_cldr_maps_it_to(
    tmp_path: Path, tzid: str, zone: str, offset: float
) -> None:
    """A January conference under Outlook's names of southern zones (were +09:30,
    +12:00 and -04:00: their standard offsets)."""
    text = _calendar(
        tzid,
        ADELAIDE_RULES,  # (the rules do not matter: the name is a zone's)
        _event(1, f';TZID="{tzid}":20270120T090000', f';TZID="{tzid}":20270120T094500', "Talk"),
    )
    talk = _talks(tmp_path, text)["Talk"][0]
    assert talk.zone == zone and _offset(talk) == timedelta(hours=offset)


@pytest.mark.parametrize(
    ("tzid", "zone"),
    [
        ("Pacific Standard Time", "America/Los_Angeles"),
        ("W. Europe Standard Time", "Europe/Berlin"),
        ("GMT Standard Time", "Europe/London"),
        ("India Standard Time", "Asia/Kolkata"),
        ("China Standard Time", "Asia/Shanghai"),
        ("AUS Eastern Standard Time", "Australia/Sydney"),
        ("central europe standard time", "Europe/Budapest"),
    ],
)
def test_the_windows_names_read_before_read_as_before(tzid: str, zone: str) -> None:
    found = ical.resolve_tzid(tzid, {})
    assert found is not None and getattr(found, "key", None) == zone


def test_a_zone_of_its_own_keeps_the_clocks_of_the_zone_it_copies() -> None:
    """Every instant of eight years, and every wall time either way of a change, as
    the tz database's Australia/Adelaide keeps them (PEP 495's folds included)."""
    cal = ical._scan(_calendar("Copy", ADELAIDE_RULES), "copy.ics")
    own, named = cal.offsets["Copy"], ZoneInfo("Australia/Adelaide")
    pick = random.Random(7)
    for _ in range(3000):
        moment = datetime(2020, 1, 1, tzinfo=UTC) + timedelta(minutes=pick.randrange(4_200_000))
        a, b = moment.astimezone(own), moment.astimezone(named)
        assert (a.replace(tzinfo=None), a.fold, a.utcoffset()) == (
            b.replace(tzinfo=None),
            b.fold,
            b.utcoffset(),
        )
        for fold in (0, 1):
            wall = b.replace(tzinfo=None, fold=fold)
            assert wall.replace(tzinfo=own).utcoffset() == wall.replace(tzinfo=named).utcoffset()


def test_a_zone_without_summer_time_is_its_offset(tmp_path: Path) -> None:
    plain = (
        "BEGIN:VTIMEZONE\nTZID:{tzid}\nBEGIN:STANDARD\nDTSTART:16010101T000000\n"
        "TZOFFSETFROM:+0530\nTZOFFSETTO:+0530\nEND:STANDARD\nEND:VTIMEZONE\n"
    )
    tzid = "My India"
    text = _calendar(
        tzid,
        plain,
        _event(1, f";TZID={tzid}:20261203T091500", f";TZID={tzid}:20261203T100000", "Talk"),
    )
    talk = _talks(tmp_path, text)["Talk"][0]
    assert talk.zone == "UTC+05:30" and talk.duration_minutes == 45


@pytest.mark.parametrize(
    ("declared", "named"),
    [('"My Office"', '"My Office"'), ('"My Office"', "My Office"), ("My Office", '"My Office"')],
)
def test_a_quoted_tzid_is_its_own_zone(tmp_path: Path, declared: str, named: str) -> None:
    """Sweep 17 F2: `TZID="My Office"` (a quoted parameter value, RFC 5545 3.1) names
    the VTIMEZONE whose TZID reads "My Office", quoted or not (was: the fallback zone,
    with a warning that the file names no zone)."""
    plain = (
        "BEGIN:VTIMEZONE\nTZID:{tzid}\nBEGIN:STANDARD\nDTSTART:19700101T000000\n"
        "TZOFFSETFROM:-0330\nTZOFFSETTO:-0330\nEND:STANDARD\nEND:VTIMEZONE\n"
    )
    other = plain.replace("-0330", "+0530").replace("{tzid}", "Other Office")
    text = _calendar(  # (two zones: not the calendar's one zone, taken for every time)
        declared,
        plain + other,
        _event(1, f";TZID={named}:20261113T090000", f";TZID={named}:20261113T094500", "Talk"),
        _event(2, ":20261113T120000Z", ":20261113T130000Z", "In UTC"),
    )
    path = tmp_path / "program.ics"
    path.write_text(text, encoding="utf-8")
    result = detect.parse_path(path)
    talk = next(t for t in result.talks if t.title == "Talk")
    assert talk.zone == "UTC-03:30" and _offset(talk) == -timedelta(hours=3.5)
    assert not [w for w in result.warnings if "names no time zone" in w]

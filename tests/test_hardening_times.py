"""Issue 17, times and text: Markdown programs with talk headings repeated per day,
Now & next across time zones, ends far from their start, inverted time ranges in
queries, and line separators in the .ics export."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import pytest

from appviews.models import ics, program
from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from ingest import detect
from ingest.formats import markdown
from talkbase.core.present import minutes
from talkbase.core.records import Talk

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "data" / "programs" / "001_8fbb4517d0e7d07e.txt"
ROME = ZoneInfo("Europe/Rome")
LA = ZoneInfo("America/Los_Angeles")


# -- item 3: a Markdown program whose talk headings repeat under each day ----------------

DAYS = [("Monday 20 Oct 2026", date(2026, 10, 20)), ("Tuesday 21 Oct 2026", date(2026, 10, 21))]
DAYS.append(("Wednesday 22 Oct 2026", date(2026, 10, 22)))
# (title, time, room) per day; "Lightning talks" and "Lunch" under every day
PER_DAY = [
    [("Opening keynote", "09:00–09:45", "Main Hall"), ("Lunch", "12:00–13:00", "Foyer")],
    [("Compilers in practice", "10:00–10:45", "Room 2"), ("Lunch", "12:30–13:30", "Foyer")],
    [("Closing panel", "15:00–16:00", "Main Hall"), ("Lunch", "12:00–13:00", "Foyer")],
]
LIGHTNING = ["16:00–16:30"] * len(DAYS)  # the same heading, time and all, every day


def _program(time_in_heading: bool) -> str:
    out = ["# DevConf 2026", "", "Three days of talks; all times are local.", ""]
    for (heading, _), talks, flash in zip(DAYS, PER_DAY, LIGHTNING, strict=True):
        out += [f"## {heading}", ""]
        for title, clock, room in [*talks, ("Lightning talks", flash, "Main Hall")]:
            if time_in_heading:
                out += [f"### {clock.split('–')[0]} {title}", f"**Room:** {room}", ""]
            else:
                out += [f"### {title}", f"**When:** {clock} · {room}", ""]
            out += [f"About {title.lower()}, on {heading.split()[0]}.", ""]
    return "\n".join(out)


@pytest.mark.parametrize("time_in_heading", [False, True], ids=["time-line", "time-in-heading"])
def test_markdown_talk_headings_repeated_per_day_are_talks_with_their_day_and_time(
    time_in_heading: bool,
) -> None:
    talks, warnings = markdown.parse(_program(time_in_heading), "devconf.md")
    day_titles = {h for h, _ in DAYS}
    assert not [t for t in talks if t.title in day_titles]
    want = [
        (title, datetime.combine(on, datetime.strptime(clock[:5], "%H:%M").time(), UTC), room)
        for (_, on), day_talks, flash in zip(DAYS, PER_DAY, LIGHTNING, strict=True)
        for title, clock, room in [*day_talks, ("Lightning talks", flash, "Main Hall")]
    ]
    assert [(t.title, t.start, t.room) for t in talks] == want
    assert sum(t.title == "Lightning talks" for t in talks) == len(DAYS)
    assert all(t.conference == "DevConf 2026" for t in talks)
    assert not [w for w in warnings if "no date" in w]
    if not time_in_heading:  # the When line gives the end too
        assert all(t.end and t.end > t.start for t in talks if t.start)


def test_markdown_labels_repeated_under_each_talk_stay_labels() -> None:
    text = "\n".join(
        [
            "## Monday 20 Oct 2026",
            "",
            "### Talk one",
            "#### Speakers",
            "Ada Lovelace",
            "#### Abstract",
            "First.",
            "",
            "## Tuesday 21 Oct 2026",
            "",
            "### Talk two",
            "#### Speakers",
            "Grace Hopper",
            "#### Abstract",
            "Second.",
        ]
    )
    talks, _ = markdown.parse(text, "labels.md")
    assert [(t.title, t.abstract, [s.name for s in t.speakers]) for t in talks] == [
        ("Talk one", "First.", ["Ada Lovelace"]),
        ("Talk two", "Second.", ["Grace Hopper"]),
    ]


# -- item 4: Now & next reads the chosen time in each conference's own zone ----------------

ITALIAN_ICS = "\r\n".join(
    [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//example//pycon-it//IT",
        "X-WR-CALNAME:PyCon Italia 2026",
        "X-WR-TIMEZONE:Europe/Rome",
        "BEGIN:VEVENT",
        "UID:it-1@example.org",
        "DTSTART;TZID=Europe/Rome:20261020T120000",
        "DTEND;TZID=Europe/Rome:20261020T124500",
        "SUMMARY:Keynote di apertura",
        "LOCATION:Sala Verde",
        "DESCRIPTION:Benvenuti a PyCon Italia.",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:it-2@example.org",
        "DTSTART;TZID=Europe/Rome:20261020T210000",
        "DTEND;TZID=Europe/Rome:20261020T214500",
        "SUMMARY:Serata Python",
        "LOCATION:Sala Verde",
        "DESCRIPTION:Una serata di talk brevi.",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
    ]
)


def _two_conferences() -> list[Talk]:
    demo = detect.parse_path(DEMO).talks
    _, italian, _ = detect.parse_text(ITALIAN_ICS, "pycon-it.ics")
    talks = [*demo, *italian]
    return [replace(t, id=i) for i, t in enumerate(talks, start=1)]


def test_now_and_next_reads_the_chosen_time_in_each_conferences_zone() -> None:
    talks = _two_conferences()
    assert {t.start.tzinfo for t in talks if t.start} >= {LA, ROME}
    at = datetime(2026, 10, 20, 12, 0)  # 12:00 as the person chose it: no zone
    rows = program.now_and_next(talks, at)
    on_now = {t.title for n in rows for t in n.now}
    assert "Keynote di apertura" in on_now
    assert "Serata Python" not in on_now
    verde = next(n for n in rows if n.room == "Sala Verde")
    assert verde.next is not None and verde.next.title == "Serata Python"
    assert program.minutes_until(verde.next, at) == 9 * 60
    # every talk on now runs at 12:00 by its own conference's clock
    for n in rows:
        for t in n.now:
            assert t.start and t.end
            assert t.start.replace(tzinfo=None) <= at < t.end.replace(tzinfo=None)
    want = {
        t.title
        for t in talks
        if t.start
        and t.end
        and t.start.tzinfo == LA
        and t.start.replace(tzinfo=None) <= at < t.end.replace(tzinfo=None)
    }
    assert want and want <= on_now  # the demo's 12:00 talks are on too


def test_now_and_next_with_an_aware_time_still_compares_instants() -> None:
    talks = _two_conferences()
    noon_rome = datetime(2026, 10, 20, 12, 10, tzinfo=ROME)
    on_now = {t.title for n in program.now_and_next(talks, noon_rome) for t in n.now}
    assert "Keynote di apertura" in on_now


def test_now_and_next_time_choices_are_wall_clock_times_of_every_conference() -> None:
    from appviews import nownext

    talks = _two_conferences()
    choices = nownext._times(talks, date(2026, 10, 20))
    assert choices[0] == "10:00" and "12:00" in choices and "21:00" in choices
    assert choices == sorted(choices) and len(choices) == len(set(choices))
    assert choices[-1] <= "21:45"


@pytest.mark.model
def test_now_and_next_view_at_noon_with_the_demo_and_an_italian_program(
    demo_home: Path, real_embedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import html
    import re
    import shutil

    from streamlit.testing.v1 import AppTest

    from index.build.builder import ingest

    home = tmp_path / "home"
    shutil.copytree(demo_home, home)
    (tmp_path / "pycon-it.ics").write_text(ITALIAN_ICS, encoding="utf-8")
    ingest([tmp_path / "pycon-it.ics"], home, real_embedder)
    monkeypatch.setenv("TALKBASE_HOME", str(home))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for key, value in {"view": "now", "date": "2026-10-20", "at": "12:00"}.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    (component,) = [c for c in at.get("bidi_component") if "talkbase_now" in str(c.proto)]
    page = json.loads(component.proto.json)
    rows = page.split('class="tb-nn-row" role="row"')[1:]
    (row,) = [r for r in rows if 'class="tb-nn-room" role="cell">Sala Verde<' in r]
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " | ", row)).split())
    now, later = text.split("Serata Python", 1)[0], text.split("Keynote di apertura", 1)[1]
    assert "Keynote di apertura" in now and "45 min left" in now  # 12:00 in Rome: it is on
    assert "at 21:00" in later and minutes(9 * 60) in later  # the evening is next, in 9 h


# -- item 5: an end before the start or more than a day after it is dropped, with a warning --


def _frab(end: str, duration: str | None = None) -> str:
    event = {
        "guid": "e-1",
        "title": "Endless keynote",
        "date": "2026-10-20T10:00:00+02:00",
        "end": end,
        "room": "Hall A",
    }
    if duration:
        event["duration"] = duration
    return json.dumps(
        {
            "schedule": {
                "conference": {
                    "title": "Long Conf",
                    "time_zone_name": "Europe/Berlin",
                    "days": [{"date": "2026-10-20", "rooms": {"Hall A": [event]}}],
                }
            }
        }
    )


def _ics(dtend: str) -> str:
    return "\r\n".join(
        [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "X-WR-CALNAME:Long Conf",
            "BEGIN:VEVENT",
            "UID:x-1",
            "DTSTART:20261020T100000Z",
            f"DTEND:{dtend}",
            "SUMMARY:Endless keynote",
            "END:VEVENT",
            "END:VCALENDAR",
            "",
        ]
    )


def _csv(end: str) -> str:
    return f"title,date,start,end,room\nEndless keynote,2026-10-20,10:00,{end},Hall A\n"


def _md(clock: str) -> str:
    return (
        "# Long Conf 2026\n\n## Tuesday 20 October 2026\n\n"
        f"### Endless keynote\n**When:** {clock} · Hall A\n\nIt goes on.\n\n"
        "### Short talk\n**When:** 11:00–11:30 · Hall A\n\nBrief.\n"
    )


BAD_ENDS = [
    ("frab-years-later", "schedule.json", _frab("2029-10-20T11:00:00+02:00")),
    ("frab-before-start", "schedule.json", _frab("2026-10-20T09:00:00+02:00")),
    ("frab-long-duration", "schedule.json", _frab("", "PT72H")),
    ("ical-years-later", "long.ics", _ics("20291020T110000Z")),
    ("ical-before-start", "long.ics", _ics("20261020T090000Z")),
    ("csv-years-later", "long.csv", _csv("2029-10-20 11:00")),
    ("csv-before-start", "long.csv", _csv("09:00")),
    ("markdown-before-start", "long.md", _md("10:00–09:00")),
]


@pytest.mark.parametrize(("doc", "text"), [b[1:] for b in BAD_ENDS], ids=[b[0] for b in BAD_ENDS])
def test_an_end_before_the_start_or_over_a_day_after_it_is_dropped_with_a_warning(
    tmp_path: Path, doc: str, text: str
) -> None:
    path = tmp_path / doc
    path.write_text(text, encoding="utf-8")
    parsed = detect.parse_path(path)
    talk = next(t for t in parsed.talks if t.title == "Endless keynote")
    assert talk.start is not None
    assert talk.end is None
    said = [w for w in parsed.warnings if "Endless keynote" in w and doc in w]
    assert said, parsed.warnings
    assert any("end" in w for w in said)


@pytest.mark.parametrize(
    ("doc", "text"),
    [
        ("schedule.json", _frab("2026-10-20T11:30:00+02:00")),
        ("schedule.json", _frab("", "PT23H")),
        ("long.ics", _ics("20261021T100000Z")),  # exactly a day
        ("long.csv", _csv("11:00")),
        ("long.md", _md("10:00–11:00")),
    ],
)
def test_an_end_within_a_day_of_the_start_is_kept(tmp_path: Path, doc: str, text: str) -> None:
    path = tmp_path / doc
    path.write_text(text, encoding="utf-8")
    parsed = detect.parse_path(path)
    talk = next(t for t in parsed.talks if t.title == "Endless keynote")
    assert talk.start and talk.end and timedelta(0) < talk.end - talk.start <= timedelta(days=1)
    assert not [w for w in parsed.warnings if "Endless keynote" in w]


def test_the_shared_rule_drops_what_a_parser_left(tmp_path: Path) -> None:
    start = datetime(2026, 10, 20, 10, 0, tzinfo=UTC)
    long = Talk(title="Hackathon", start=start, end=start + timedelta(days=3))
    talks, warnings = detect.finish([long], [], "hack.jsonl", "jsonl")
    assert talks[0].end is None and talks[0].start == start
    assert any("hack.jsonl" in w and "Hackathon" in w for w in warnings)


def test_the_program_grid_stays_bounded_for_a_talk_that_ends_years_later() -> None:
    start = datetime(2026, 10, 20, 10, 0, tzinfo=UTC)
    talks = [
        Talk(title="Endless", start=start, end=start + timedelta(days=3 * 365), room="A", id=1),
        Talk(title="Normal", start=start, end=start + timedelta(minutes=25), room="B", id=2),
    ]
    grid = program.time_grid(talks, start.date())
    assert grid is not None
    assert grid.rows * grid.step <= 24 * 60
    assert all(b.rows * grid.step <= 24 * 60 for b in grid.blocks)


# -- item 6: an inverted time range is said back as not understood ---------------------------


@pytest.fixture(scope="module")
def demo_vocab() -> Vocab:
    return Vocab.from_talks(detect.parse_path(DEMO).talks)


INVERTED = [
    "between 3pm and 2pm",
    "kernels between 3pm and 2pm",
    "from 14:00 to 10:00",
    "after 5pm before 9am",
    "from 3pm till 2pm",
    "between 9pm and 1am",
    "between 3pm and 3pm",
    "morning after 2pm",
    "after:17:00 before:09:00",
]


@pytest.mark.parametrize("query", INVERTED)
def test_an_inverted_time_range_is_not_understood_and_sets_no_time_filter(
    demo_vocab: Vocab, query: str
) -> None:
    u = understand(query, demo_vocab)
    assert u.filters.after is None and u.filters.before is None
    unclear = [c for c in u.chips if c.field == "unclear"]
    assert unclear
    assert all("not understood" in c.label for c in unclear)
    assert u.not_understood and all("not understood" in s for s in u.not_understood)
    # each chip points at words of the query, so dropping it searches without them
    for c in unclear:
        assert c.source and query[c.start : c.end] == c.source
    assert all(c.field not in ("after", "before") for c in u.chips)
    if query.startswith("kernels"):
        assert u.topic == "kernels"


RANGES = [
    ("between 2 and 4pm", "14:00", "16:00"),
    ("between 6 and 8am", "06:00", "08:00"),  # "6" was only a guess at the afternoon
    ("between 11 and 1", "11:00", "13:00"),
    ("from 10:00 to 12:00", "10:00", "12:00"),
    ("from 2pm until 4pm", "14:00", "16:00"),
    ("from 9am - 11am", "09:00", "11:00"),
    ("after 2pm before 5pm", "14:00", "17:00"),
]


@pytest.mark.parametrize(("query", "after", "before"), RANGES)
def test_ranges_in_order_are_read_as_both_limits(
    demo_vocab: Vocab, query: str, after: str, before: str
) -> None:
    u = understand(query, demo_vocab)
    assert (u.filters.after, u.filters.before) == (after, before)
    assert not u.not_understood and u.topic == ""


# -- item 12: line separators in .ics text are folded like CR/LF -----------------------------

SEPARATORS = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]


def test_ics_text_has_no_line_break_but_its_crlf() -> None:
    start = datetime(2026, 10, 20, 10, 0, tzinfo=timezone(timedelta(hours=2)))
    injected = (
        "END:VEVENT{sep}BEGIN:VEVENT{sep}UID:evil{sep}SUMMARY:Injected{sep}DTSTART:20261020T100000Z"
    )
    talks = [
        Talk(
            title=f"Title{sep}SUMMARY:bad",
            abstract="Intro." + injected.format(sep=sep),
            room=f"Room{sep}LOCATION:elsewhere",
            track=f"Track{sep}CATEGORIES:x",
            start=start + timedelta(hours=i),
            end=start + timedelta(hours=i, minutes=30),
            id=i + 1,
        )
        for i, sep in enumerate(SEPARATORS)
    ]
    text = ics.calendar(talks, name="My\u2028agenda", stamp=datetime(2026, 9, 1, tzinfo=UTC))
    lines = text.splitlines()
    assert text.split("\r\n")[:-1] == lines  # splitlines() finds only the CRLFs
    assert sum(line == "BEGIN:VEVENT" for line in lines) == len(talks)
    assert not [line for line in lines if line.startswith(("UID:evil", "SUMMARY:Injected"))]
    events = list(icalendar.Calendar.from_ical(text).walk("VEVENT"))
    assert [str(e["UID"]) for e in events] == [ics.event_uid(t) for t in talks]
    for e, t in zip(events, talks, strict=True):
        assert str(e["SUMMARY"]) == "Title\nSUMMARY:bad"
        assert str(e["LOCATION"]) == "Room\nLOCATION:elsewhere"
        assert "Intro.END:VEVENT\nBEGIN:VEVENT\nUID:evil" in str(e["DESCRIPTION"])
        assert e.decoded("DTSTART") == t.start


def test_ics_escape_folds_every_line_separator_and_drops_other_controls() -> None:
    for sep in SEPARATORS:
        assert ics.escape_text(f"a{sep}b") == "a\\nb"
    assert ics.escape_text("a\x80b\x9fc\x1fd") == "abcd"
    assert ics.escape_text("a\r\n\u2028b") == "a\\n\\nb"

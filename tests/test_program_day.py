"""A talk after midnight that the program lists under the day before belongs to that
day (issue 37: "late on day 2" means that night): read from frab's days, kept in the
record, and the base's day and clock limits read it on its program day."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import date, time
from pathlib import Path

import pytest

from index.search.kb import KnowledgeBase
from index.search.limits.filters import Filters
from ingest.formats import frab, frabxml
from talkbase.core.records import talk_from_dict
from tests.conftest import program_kb

NIGHT = (
    "<schedule><conference><title>Congress</title><time_zone_name>Europe/Berlin"
    "</time_zone_name></conference>"
    "<day date='2024-12-27' index='1' start='2024-12-27T10:00:00+01:00' "
    "end='2024-12-28T04:00:00+01:00'><room name='Ada'>"
    "<event guid='a'><date>2024-12-27T11:00:00+01:00</date><start>11:00</start>"
    "<duration>00:40</duration><room>Ada</room><title>Morning talk about radios</title></event>"
    "<event guid='b'><date>2024-12-27T23:30:00+01:00</date><start>23:30</start>"
    "<duration>01:00</duration><room>Ada</room><title>Late talk about radios</title></event>"
    "<event guid='c'><date>2024-12-28T00:50:00+01:00</date><start>00:50</start>"
    "<duration>00:40</duration><room>Ada</room><title>Night talk about radios</title></event>"
    "</room></day>"
    "<day date='2024-12-28' index='2' start='2024-12-28T10:00:00+01:00' "
    "end='2024-12-29T04:00:00+01:00'><room name='Ada'>"
    "<event guid='d'><date>2024-12-28T10:30:00+01:00</date><start>10:30</start>"
    "<duration>00:40</duration><room>Ada</room><title>Second morning about radios</title>"
    "</event></room></day></schedule>"
)
DAY1, DAY2 = date(2024, 12, 27), date(2024, 12, 28)


def test_a_talk_after_midnight_is_on_the_day_the_program_lists_it_under() -> None:
    talks = {t.title: t for t in frabxml.parse(NIGHT, "schedule.xml")[0]}
    night = talks["Night talk about radios"]
    assert night.start is not None and night.start.date() == DAY2  # the clock's date
    assert night.day == DAY1 and night.program_day == DAY1  # the program's day
    assert talks["Late talk about radios"].program_day is None  # its own date: nothing to say
    assert talks["Second morning about radios"].day == DAY2
    back = talk_from_dict(json.loads(json.dumps(night.to_dict())))
    assert back == night and back.day == DAY1
    old = {k: v for k, v in night.to_dict().items() if k != "program_day"}  # stored before
    assert talk_from_dict(old).day == DAY2


def test_only_a_night_talk_moves_to_the_day_before() -> None:
    start = frabxml.parse(NIGHT, "schedule.xml")[0][2].start
    assert start is not None
    assert frab.program_day(start, DAY1, time(4, 0)) == DAY1
    assert frab.program_day(start, DAY1, time(0, 30)) is None  # the day changed before it
    assert frab.program_day(start, DAY1, None) == DAY1  # no change named: the night ends by 06:00
    assert frab.program_day(start, DAY2, None) is None  # listed under its own date
    assert frab.program_day(start, date(2024, 12, 26), None) is None  # two days apart
    assert frab.program_day(None, DAY1, None) is None


@pytest.fixture(scope="module")
def night_kb(tmp_path_factory: pytest.TempPathFactory, hashing_embedder):
    folder = tmp_path_factory.mktemp("night")
    with program_kb(folder, hashing_embedder, "schedule.xml", NIGHT) as kb:
        yield kb


def _titles(kb: KnowledgeBase, **limits: str) -> set[str]:
    allowed = kb.allowed(Filters(**limits))
    return {kb.talks[t].title for t in (allowed if allowed is not None else kb.talks.ids)}


def test_the_base_lists_the_night_talk_on_its_program_day(night_kb) -> None:
    first = {"Morning talk about radios", "Late talk about radios", "Night talk about radios"}
    assert _titles(night_kb, day=DAY1.isoformat()) == first
    assert _titles(night_kb, day="Sat") == {"Second morning about radios"}
    assert _titles(night_kb, day="Fri", after="22:00") == {
        "Late talk about radios",
        "Night talk about radios",
    }
    # a 23:30 talk ending at 00:30 does not end "before noon"
    assert _titles(night_kb, day="Fri", before="12:00") == {"Morning talk about radios"}
    assert _titles(night_kb, day="Sat", before="12:00") == {"Second morning about radios"}


def test_late_at_night_on_the_first_day_reads_that_night(night_kb) -> None:
    hits = night_kb.search("radios late at night on friday", k=5)
    titles = [h.talk.title for h in hits if h.why.match]
    assert "Night talk about radios" in titles
    assert "Second morning about radios" not in titles and "Morning talk about radios" not in titles


def test_the_static_site_puts_the_night_talk_on_its_program_day(night_kb, tmp_path: Path) -> None:
    from index.site.export import export_site

    export_site(night_kb, tmp_path / "site")
    talks = json.loads((tmp_path / "site" / "data" / "talks.json").read_text())
    night = next(t for t in talks if t["title"] == "Night talk about radios")
    assert night["day"] == DAY1.isoformat() and night["start"].startswith("2024-12-28T00:50")
    if shutil.which("node") is None:
        pytest.skip("needs node (the site's search runs under Node here)")
    runner = Path(__file__).resolve().parents[1] / "bench" / "site_search.mjs"
    asked = ["radios friday night", "radios saturday morning"]
    run = subprocess.run(
        ["node", str(runner), str(tmp_path / "site")],
        input="".join(json.dumps(q) + "\n" for q in asked),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    by_id = {t["id"]: t["title"] for t in talks}
    friday_night, saturday_morning = (
        [by_id[i] for i in json.loads(line)["words"]] for line in run.stdout.splitlines()
    )
    assert "Night talk about radios" in friday_night
    assert saturday_morning == ["Second morning about radios"]


def test_the_apps_grids_put_the_night_talk_last_on_its_program_day() -> None:
    from appviews.models import program

    talks = [
        t.__class__(**{**t.__dict__, "id": n})
        for n, t in enumerate(frabxml.parse(NIGHT, "schedule.xml")[0], 1)
    ]
    first = next(g for g in program.grids(talks) if g.day == DAY1)
    assert first.slots == ("11:00", "23:30", "00:50")
    grid = program.time_grid(talks, DAY1)
    assert grid is not None
    night = next(b for b in grid.blocks if b.talks == (3,))
    assert night.row == max(b.row for b in grid.blocks)  # below the 23:30 talk
    assert program.program_days(talks) == [DAY1, DAY2]


def test_a_tree_program_s_minute_past_midnight_is_the_next_date(tmp_path: Path) -> None:
    """A program keyed by day and minute of the day ({"schedule": {"2024-07-17":
    {"1490": {room: talk}}}}): minute 1490 is 00:50 of the next date, and the talk's
    slot on that date fits its place."""
    from ingest.detect import parse_path

    talk = {"code": "N1", "title": "Night radio session", "abstract": "Radios at night."}
    slotted = dict(
        talk,
        code="N2",
        title="Night session with slots",
        slots=[
            {
                "room": "r2",
                "start": "2024-07-18T00:50:00+02:00",
                "end": "2024-07-18T01:30:00+02:00",
            },
            {
                "room": "r2",
                "start": "2024-07-19T10:00:00+02:00",
                "end": "2024-07-19T10:40:00+02:00",
            },
        ],
    )
    doc = {
        "schedule": {
            "2024-07-17": {
                "600": {"r1": {**talk, "code": "D1", "title": "Day radio session"}},
                "1490": {"r1": talk, "r2": slotted},
            }
        },
        "rooms": [{"id": "r1", "name": "Main"}, {"id": "r2", "name": "Side"}],
        "timezone": "Europe/Rome",
    }
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    by_title = {t.title: t for t in parse_path(path).talks}
    night, slotted_night = by_title["Night radio session"], by_title["Night session with slots"]
    assert night.start is not None and night.start.isoformat().startswith("2024-07-18T00:50")
    assert slotted_night.start is not None
    assert slotted_night.start.isoformat().startswith("2024-07-18T00:50")  # the slot that fits
    assert by_title["Day radio session"].start.isoformat().startswith("2024-07-17T10:00")


def test_midnight_in_the_words_is_the_end_of_the_program_day(night_kb) -> None:
    def matched(query: str) -> tuple[list[str], list[str]]:
        answer = night_kb.answer(query, 5)
        chips = [c.label for c in answer.understood.chips]
        return chips, [h.talk.title for h in answer.hits if h.why.match]

    assert matched("radios after midnight on friday") == (
        ["after midnight", "Friday"],
        ["Night talk about radios"],
    )
    assert matched("radios past midnight")[1] == ["Night talk about radios"]
    chips, titles = matched("radios at midnight")
    assert chips == ["at midnight"] and titles == ["Late talk about radios"]  # 23:30-00:30
    assert "Night talk about radios" not in matched("radios before midnight on friday")[1]


def test_a_clock_limit_counts_on_past_midnight_and_no_further() -> None:
    from index.search.limits.filters import to_sql
    from talkbase.core.errors import BadQuery

    assert to_sql(Filters(after="24:00"))[1] == [24 * 60]
    assert to_sql(Filters(before="25:30"))[1] == [25 * 60 + 30]
    assert to_sql(Filters(after="3pm"))[1] == [15 * 60]
    for bad in ("48:00", "25pm", "24:60"):
        with pytest.raises(BadQuery, match="wants a time like 14:30"):
            to_sql(Filters(after=bad))

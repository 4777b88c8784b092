"""A night talk has one day everywhere a person meets it (sweep 15, F4 and F8): the day
the day filter files it under (`KnowledgeBase.nights`: the filter's own rule, frab's
day change or the night of a program that names none) is the day its CLI line, its
card, the Program grid and the agenda name; the clock's date and time stay in the
label; the agenda's axis runs on past midnight so a night talk is a box of its length."""

from __future__ import annotations

import html
import json
import re
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from appviews.models import agenda, program
from talkbase.core import present
from talkbase.core.filters import Filters
from talkbase.core.records import Talk
from talkbase.core.timetable import program_day
from tests.test_night_gaps import CAMP
from tests.test_program_day import NIGHT

CET = timezone(timedelta(hours=1))
THU, FRI = date(2030, 3, 14), date(2030, 3, 15)
HEAD = "title,speaker,abstract,start,end,room\n"
CONGRESS = HEAD + "".join(  # a table names no change of day: the night rule reads it
    f"{title},{who},{text}.,{start},{end},{room}\n"
    for title, who, text, start, end, room in (
        ("Heart failure treatments", "Ada Lee", "New drugs for the failing heart", "2030-03-14T09:00", "2030-03-14T09:45", "Amphi A"),
        ("Evening debate on ethics", "Bo Chan", "Ethics of care at the end of life", "2030-03-14T22:30", "2030-03-14T23:30", "Amphi A"),
        ("Night shift: paediatric emergencies", "Cy Diaz", "Emergencies of children at night", "2030-03-15T00:15", "2030-03-15T01:00", "Amphi A"),
        ("Vaccination in children", "Cy Diaz", "Talking with parents about vaccines", "2030-03-15T09:00", "2030-03-15T09:45", "Amphi A"),
        ("Stroke care in the first hour", "Di Ray", "Thrombectomy and the time to treat", "2030-03-15T14:00", "2030-03-15T15:00", "Salle B"),
    )
)  # fmt: skip
NIGHT_SHIFT = "Night shift: paediatric emergencies"


@pytest.fixture(scope="module")
def homes(tmp_path_factory: pytest.TempPathFactory, real_embedder) -> dict[str, Path]:
    """Three programs: a table (the night rule), a frab XML (its day change), an iCal
    whose sunrise class is no night talk."""
    from index.build.builder import ingest

    folder = tmp_path_factory.mktemp("nights")
    out = {}
    for name, text, suffix in (
        ("congress", CONGRESS, "csv"),
        ("frab", NIGHT, "xml"),
        ("camp", CAMP, "ics"),
    ):
        doc = folder / f"{name}.{suffix}"
        doc.write_text(text, encoding="utf-8")
        ingest([doc], folder / name, real_embedder)
        out[name] = folder / name
    return out


def _kb(home: Path, embedder):
    from index.search.kb import KnowledgeBase

    return KnowledgeBase(home, embedder)


@pytest.mark.model
@pytest.mark.parametrize("name", ["congress", "frab", "camp"])
def test_every_view_s_day_is_the_day_the_filter_finds_a_talk_on(homes, real_embedder, name) -> None:
    with _kb(homes[name], real_embedder) as kb:
        talks = list(kb.talks.values())
        nights = kb.nights
        days = {t.start.date() for t in talks if t.start} | set(program.program_days(talks))
        for d in sorted(days):
            found = set(kb.allowed(Filters(day=d.isoformat())) or ())
            assert found == {t.id for t in talks if program_day(t, nights) == d}, d
        assert program.program_days(talks, nights) == sorted(
            {d for t in talks if (d := program_day(t, nights))}
        )
        titles = {kb.talks[i].title: d for i, d in nights.items()}
    assert (
        titles
        == {
            "congress": {NIGHT_SHIFT: THU},
            "frab": {"Night talk about radios": date(2024, 12, 27)},
            "camp": {},  # the 05:30 yoga hours after the concert is Saturday's own
        }[name]
    )


def test_a_night_talk_is_named_by_its_night_with_its_own_date_and_clock() -> None:
    start = datetime(2026, 2, 14, 1, 45, tzinfo=CET)
    film = Talk("The Thing", start=start, end=start + timedelta(minutes=110))
    listed = Talk("The Thing", start=film.start, end=film.end, program_day=date(2026, 2, 13))
    assert present.when(film) == "Sat 14 Feb 01:45–03:35"  # a day talk, as before
    assert present.when(listed) == "Fri 13 Feb night, Sat 14 Feb 01:45–03:35"
    assert present.when(film, day=date(2026, 2, 13)) == present.when(listed)
    assert present.when(listed, year=True) == "Fri 2026-02-13 night, Sat 2026-02-14 01:45–03:35"
    late = Talk("Doc", start=start.replace(hour=23), end=start + timedelta(days=1))
    assert present.when(late) == "Sat 14 Feb 23:45–Sun 01:45"  # its own day: unchanged


@pytest.mark.model
def test_the_cli_names_a_night_talk_by_the_day_its_day_filter_uses(
    homes, real_embedder, monkeypatch, capsys
) -> None:
    from talkbase.cli import main

    with _kb(homes["congress"], real_embedder) as kb:
        night = next(t for t in kb.talks.values() if t.title == NIGHT_SHIFT)
    label = "Thu 2030-03-14 night, Fri 2030-03-15 00:15–01:00"
    assert main(["--home", str(homes["congress"]), "show", str(night.id)]) == 0
    assert f"  when: {label}\n" in capsys.readouterr().out
    assert main(["--home", str(homes["congress"]), "similar", "Evening debate on ethics"]) == 0
    assert f"Cy Diaz · {label} · Amphi A" in capsys.readouterr().out
    import talkbase as api  # the notebooks' table says it as the app does, escaped

    with api.open(homes["congress"], embedder=real_embedder) as tb:
        shown = tb.similar("Evening debate on ethics")._repr_html_()
    assert html.escape("Thu 14 Mar night, Fri 15 Mar 00:15–01:00 · Amphi A") in shown


def test_the_grid_puts_a_night_talk_after_its_day_s_evening() -> None:
    start = datetime(2030, 3, 15, 0, 15, tzinfo=CET)
    debate = Talk("Debate", start=start - timedelta(minutes=105), end=start - timedelta(minutes=45), room="A", id=1)  # fmt: skip
    night = Talk("Night", start=start, end=start + timedelta(minutes=45), room="A", id=2)
    morning = Talk("Morning", start=start + timedelta(hours=9), end=start + timedelta(hours=10), room="A", id=3)  # fmt: skip
    talks, nights = [debate, night, morning], {2: THU}
    assert program.program_days(talks, nights) == [THU, FRI]
    thu = program.time_grid(talks, THU, nights=nights)
    fri = program.time_grid(talks, FRI, nights=nights)
    assert thu is not None and fri is not None
    (box,) = [b for b in thu.blocks if b.talks == (2,)]
    assert thu.time_at(box.row) == start and box.minutes == 45  # after 22:30, its length
    assert [b.talks for b in fri.blocks] == [(3,)] and f"{fri.start:%H:%M}" == "09:00"
    assert [(g.day, g.slots) for g in program.grids(talks, nights)] == [
        (THU, ("22:30", "00:15")),
        (FRI, ("09:15",)),
    ]


def test_the_agenda_axis_runs_past_midnight_to_draw_night_talks() -> None:
    """A day holding only a 00:00–01:35 film was an empty area; a 00:30–02:24 film after
    a 20:00 one was a thin strip below a 23:00 axis end."""
    fri, sat = date(2026, 2, 13), date(2026, 2, 14)
    at = datetime(2026, 2, 14, 0, 0, tzinfo=CET)
    alone = Talk("Nosferatu", start=at, end=at + timedelta(minutes=95), program_day=fri, id=1)
    lo, hi = agenda.day_span(fri, [alone])
    assert (lo, hi) == (at, at + timedelta(hours=2))
    evening = Talk("Wings", start=at.replace(day=14, hour=20), end=at.replace(day=14, hour=22), id=2)  # fmt: skip
    doc = at + timedelta(days=1, minutes=30)
    late = Talk("Citizenfour", start=doc, end=doc + timedelta(minutes=114), id=3)
    plan = agenda.timeline([alone, evening, late], {3: sat})
    assert [(d.day, [s.talk.id for s in d.slots]) for d in plan.days] == [(fri, [1]), (sat, [2, 3])]
    lo, hi = agenda.day_span(sat, [evening, late], {3: sat})
    assert lo == evening.start and hi == doc.replace(hour=3, minute=0)
    assert late.end and lo <= late.start and late.end <= hi  # a box of its whole length


@pytest.mark.model
@pytest.mark.usefixtures("_keep_mplbackend")
def test_the_app_names_and_places_a_night_talk_by_its_night(
    homes, real_embedder, monkeypatch
) -> None:
    from tests.test_app import htmls, plain, run_app
    from tests.test_app_agenda_gone import component_html

    home = homes["congress"]
    with _kb(home, real_embedder) as kb:
        night = next(t for t in kb.talks.values() if t.title == NIGHT_SHIFT)
    label = "Thu 14 Mar night, Fri 15 Mar 00:15–01:00"
    # search with the day filter: found on Thursday, and its card says Thursday
    at = run_app(home, monkeypatch, q="paediatric emergencies", day=THU.isoformat())
    metas = htmls(at, "tb-meta")
    assert f'<div class="tb-meta">{html.escape(label)} · Amphi A</div>' in metas
    # the Program grid: Thursday's, after the debate; Friday's starts at 09:00
    at = run_app(home, monkeypatch, view="program", date=THU.isoformat())
    thursday = component_html(at, "talkbase_grid")
    assert html.escape(NIGHT_SHIFT) in thursday and "00:15–01:00" in thursday
    at = run_app(home, monkeypatch, view="program", date=FRI.isoformat())
    friday = component_html(at, "talkbase_grid")
    assert html.escape(NIGHT_SHIFT) not in friday
    first = re.search(r'class="tb-t"[^>]*>(\d\d:\d\d)<', friday)
    assert first and first.group(1) == "09:00"
    # the agenda: on Thursday, its axis past midnight, its card as the search's
    at = run_app(home, monkeypatch, view="agenda", saved=str(night.id))
    assert [h.value for h in at.subheader][0] == "Thursday 14 March 2030"
    (chart,) = at.get("vega_lite_chart")
    spec = json.loads(chart.proto.spec)
    assert spec["layer"][0]["encoding"]["y"]["scale"]["domain"] == [
        "2030-03-15T00:00:00",
        "2030-03-15T02:00:00",
    ]
    card, *recommended = [plain(v) for v in htmls(at, "tb-meta")]  # (then "For you")
    assert card == f"{label} · Amphi A"

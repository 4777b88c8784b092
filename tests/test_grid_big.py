"""The Program's grid on a big program: 36 rooms, a talk that "ends" days later, a
talk late at night; its HTML stays bounded, every room is a column, and the phone's
list by time holds the same talks. Also Now & next's compact rows and honest words."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace
from typing import Any

from appviews import agendaview, grid, nownext
from appviews.models import agenda as agenda_mod
from appviews.models import program
from talkbase.core.records import Speaker, Talk

TZ = timezone(timedelta(hours=1))
DAY = datetime(2024, 2, 3, tzinfo=TZ)
ROOMS = [f"Room {n}" for n in range(1, 37)]


def _program() -> dict[int, Talk]:
    talks: dict[int, Talk] = {}
    tid = 1
    for r, room in enumerate(ROOMS):
        for slot in range(16):  # 09:00 to 17:00, half-hour talks
            start = DAY.replace(hour=9) + timedelta(minutes=30 * slot + 5 * (r % 3))
            talks[tid] = Talk(
                f"Talk {tid} <b>in</b> {room}",
                (Speaker("Ada & Co"),),
                start,
                start + timedelta(minutes=25),
                room,
                f"Track {r % 5}",
                id=tid,
            )
            tid += 1
    start = DAY.replace(hour=10)  # ends three days later: a mistake in the program
    talks[tid] = Talk("Runaway", (), start, start + timedelta(days=3), ROOMS[0], id=tid)
    late = DAY.replace(hour=23, minute=55)
    talks[tid + 1] = Talk("Midnight", (), late, late + timedelta(hours=20), ROOMS[1], id=tid + 1)
    return talks


def _lib(talks: dict[int, Talk]) -> Any:
    return SimpleNamespace(talks=talks)


def test_the_grid_of_36_rooms_is_bounded_whatever_the_ends() -> None:
    talks = _program()
    g = program.time_grid(talks.values(), DAY.date())
    assert g is not None and len(g.rooms) == len(ROOMS)
    page = grid.grid_html(_lib(talks), g, {1}, {2})
    heads = re.findall(r'role="columnheader"[^>]*>([^<]*)<', page)
    assert heads == ROOMS  # every room a column, in natural order, a header each
    assert g.rows <= grid.MAX_ROWS
    # O(talks + rows), never O(rows x rooms) nor days of rows
    assert len(page) < 1_200 * len(talks) + 200 * grid.MAX_ROWS, len(page)
    assert page.count('class="tb-li ') == len(talks)  # the phone's list holds them all
    assert "<b>" not in page and "&lt;b&gt;in&lt;/b&gt;" in page
    assert 'class="tb-h tb-corner"' in page and "min-width: calc(3.4rem + 36 * 12rem)" in page
    # (its box's place, or that of the talks it overlaps, side by side: Sweep 22)
    runaway = re.search(r'data-talk="577"[^>]*style="grid-row:(\d+) / span (\d+);', page) or (
        re.search(
            r'class="tb-bs" style="grid-row:(\d+) / span (\d+);[^<]*(?:<(?!div class="tb-bs")[^<]*)*data-talk="577"',
            page,
        )
    )
    assert runaway and int(runaway.group(2)) * g.step <= 60  # shown as a short talk


def test_the_phone_list_is_capped_and_says_so(monkeypatch) -> None:
    talks = _program()
    g = program.time_grid(talks.values(), DAY.date())
    assert g is not None
    monkeypatch.setattr(grid, "MAX_LIST", 50)
    page = grid.list_html(_lib(talks), g, set(), set())
    assert page.count('class="tb-li ') == 50 and "more: pick fewer rooms above." in page


def test_now_and_next_is_one_compact_row_per_room_in_honest_words() -> None:
    talks = list(_program().values())
    at = datetime(2024, 2, 3, 11, 10)
    rows = program.now_and_next(talks, at, [1])
    page = nownext.rows_html(rows, at, False, {1})
    assert page.count('class="tb-nn-row"') == len(rows) == len(ROOMS)
    assert "On at 11:10" in page and "On now" not in page
    assert "left</span>" in page and "at 11:30 · in 20 min" in page
    span = nownext._span(talks)
    assert span is not None
    last_end = span[1]
    assert nownext.headline(last_end + timedelta(minutes=5), False, span) == (
        f"This conference ended on {last_end:%a} {last_end.day} {last_end:%b %Y} "
        f"at {last_end:%H:%M}."
    )
    early = nownext.headline(datetime(2024, 2, 3, 7, 0), False, span)
    assert early == "Before the conference: it starts on Sat 3 Feb 2024 at 09:00."
    assert nownext.headline(at, True, span).startswith("What is on now")


def test_the_agenda_day_as_a_phone_list_says_clashes_in_words() -> None:
    talks = _program()
    a, b, c = talks[1], talks[17], talks[3]  # 1 and 17 (next room, +5 min) overlap
    plan = agenda_mod.timeline([a, b, c])
    page = agendaview.day_list_html(plan.days[0], {t.id: t for t in (a, b, c)})
    assert page.count('class="tb-ag-item') == 3
    assert "⚠ overlaps" in page and "✓ saved" in page
    assert "<b>" not in page

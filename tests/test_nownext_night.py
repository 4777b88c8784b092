"""Now & next on a festival night (sweep 19, F2): the night rule the Program grid
follows (`KnowledgeBase.nights`) is the one Now & next follows: a 00:15 concert filed
under Friday is Friday's next at 23:45, a room of only night talks is listed, a
cancelled show is never "next", and `at=24:30` (the README's night notation) is
Friday's half past midnight."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from appviews import state
from appviews.models import program
from talkbase.core.records import Talk
from tests.test_app import htmls, plain, run_app
from tests.test_app_agenda_gone import component_html
from tests.test_views_model import KNOWN

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

WEST = timezone(timedelta(hours=1))
FRI, SAT = date(2030, 7, 19), date(2030, 7, 20)


def show(tid: int, start: str, end: str, room: str, title: str, off: bool = False) -> Talk:
    return Talk(
        title=title,
        start=datetime.fromisoformat(start).replace(tzinfo=WEST),
        end=datetime.fromisoformat(end).replace(tzinfo=WEST),
        room=room,
        id=tid,
        notes=(("Status", "cancelled"),) if off else (),
    )


FESTIVAL = [
    show(1, "2030-07-19T22:30", "2030-07-20T00:00", "Main Stage", "Electronic nights"),
    show(2, "2030-07-20T00:15", "2030-07-20T01:30", "Main Stage", "Midnight concert"),
    show(3, "2030-07-20T01:45", "2030-07-20T03:00", "Night Tent", "Late jam session"),
    show(4, "2030-07-20T16:00", "2030-07-20T17:00", "Main Stage", "Afternoon choir"),
    show(5, "2030-07-20T21:30", "2030-07-20T23:00", "Main Stage", "Gala", off=True),
    show(6, "2030-07-20T23:30", "2030-07-21T00:30", "Main Stage", "Samba after dark"),
]
# what the day filter's night rule files under Friday (KnowledgeBase.nights)
NIGHTS = {2: FRI, 3: FRI}


def rows(at: datetime, day: date) -> dict[str, program.NowNext]:
    return {r.room: r for r in program.now_and_next(FESTIVAL, at, (), NIGHTS, day)}


def test_the_night_s_first_act_is_next_at_a_quarter_to_midnight() -> None:
    got = rows(datetime(2030, 7, 19, 23, 45), FRI)
    assert [t.title for t in got["Main Stage"].now] == ["Electronic nights"]
    assert got["Main Stage"].next is not None and got["Main Stage"].next.title == "Midnight concert"
    # a room of only night talks is listed, its talk next
    assert got["Night Tent"].next is not None and got["Night Tent"].next.title == "Late jam session"


def test_half_past_midnight_of_friday_s_night() -> None:
    got = rows(datetime(2030, 7, 20, 0, 30), FRI)
    assert [t.title for t in got["Main Stage"].now] == ["Midnight concert"]
    assert got["Main Stage"].next is None  # Saturday's choir is Saturday's, not the night's
    assert got["Night Tent"].next is not None and got["Night Tent"].next.id == 3


def test_a_cancelled_show_is_never_next_and_a_running_night_talk_is_on() -> None:
    got = rows(datetime(2030, 7, 20, 0, 30), SAT)
    main = got["Main Stage"]
    assert main.next is not None and main.next.title == "Afternoon choir"
    assert [t.title for t in main.now] == ["Midnight concert"]  # on, whatever day it is filed under
    got = rows(datetime(2030, 7, 20, 17, 30), SAT)
    main = got["Main Stage"]
    assert main.next is not None and main.next.title == "Samba after dark"
    assert [t.title for t in main.called_off] == ["Gala"]  # said, never next


def test_a_link_may_name_a_night_time_past_24_00() -> None:
    p = state.parse({"at": ["24:30"], "date": ["2026-10-20"]}, KNOWN)
    assert (p.at, p.notices) == ("24:30", ())
    p = state.parse({"at": ["48:00"]}, KNOWN)
    assert p.at is None and "24:30" in p.notices[0]  # says what it wants


HEAD = "title,speaker,abstract,start,end,room,status\n"


@pytest.fixture(scope="module")
def festival_home(tmp_path_factory: pytest.TempPathFactory, real_embedder) -> Path:
    """FESTIVAL as a table, which names no change of day: the base's night rule files
    the 00:15 and 01:45 shows under Friday."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    folder = tmp_path_factory.mktemp("festival")
    doc = folder / "festival.csv"
    doc.write_text(
        HEAD
        + "".join(
            f"{t.title},Band {t.id},Live music.,{t.start:%Y-%m-%dT%H:%M},"
            f"{t.end:%Y-%m-%dT%H:%M},{t.room},{'cancelled' if t.cancelled else ''}\n"
            for t in FESTIVAL
            if t.start and t.end
        ),
        encoding="utf-8",
    )
    ingest([doc], folder / "home", real_embedder)
    with KnowledgeBase(folder / "home", real_embedder) as kb:
        night = {kb.talks[i].title for i, d in kb.nights.items() if d == FRI}
    assert night == {"Midnight concert", "Late jam session"}
    return folder / "home"


def _rows(at: AppTest) -> str:
    return plain(component_html(at, "talkbase_now"))


@pytest.mark.model
@pytest.mark.usefixtures("_keep_mplbackend")
def test_the_app_s_now_and_next_follows_the_night_rule(festival_home, monkeypatch) -> None:
    at = run_app(festival_home, monkeypatch, view="now", date=FRI.isoformat(), at="23:45")
    rows = _rows(at)
    assert "Midnight concert" in rows and "Night Tent" in rows and "nothing more today" not in rows
    at = run_app(festival_home, monkeypatch, view="now", date=FRI.isoformat(), at="24:30")
    assert not htmls(at, "tb-warn")  # no "Ignored the time" notice
    assert "the night of Friday 19 July" in " ".join(c.value for c in at.caption)
    rows = _rows(at)
    assert "Midnight concert" in rows and "Late jam session" in rows
    at = run_app(festival_home, monkeypatch, view="now", date=SAT.isoformat(), at="17:30")
    rows = _rows(at)
    assert "Samba after dark" in rows and "Gala Cancelled · at 21:30" in rows
    assert "Gala Cancelled · at 21:30 · in" not in rows  # not offered as next

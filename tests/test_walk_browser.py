"""Sweep 22, attendee walk, in real Chromium: a base of two conferences (a late-night
one in Tokyo, a day one in Brussels), ingested with the hashing encoder.

- #1 the app's link `?view=program&date=D` opens the conference whose day D is, and
  says so where no conference has D (it opened the first conference's first day,
  silently);
- #9 Now & next at 00:15 of a day whose program runs past midnight is that night
  (it said "Before the conference");
- #6 two talks overlapping in a room of the Program grid sit side by side (one was
  drawn over the other, a sliver of it left);
- #2, #7 the offline site's talk page shows no "null" and names the talk's
  conference; its header names each conference, readable on its blue."""

from __future__ import annotations

from types import SimpleNamespace
from urllib.parse import parse_qs, urlparse

import pytest

from tests.test_browser import BROWSER_MARKS, STEP_S, chromium, streamlit_server, wait
from tests.test_site_browser import _free_port, _ready, _serve

pytestmark = BROWSER_MARKS

By = pytest.importorskip("selenium.webdriver.common.by").By

HEAD = "date,start,end,title,speaker,room,track,abstract,timezone\n"
NIGHT = [
    "2025-03-14,22:00,23:00,Late Night Rust Compilers,Aiko Tanaka,Hall Kumo,Systems,"
    "Rust lowers code to LLVM IR.,Asia/Tokyo",
    "2025-03-14,22:30,23:30,Overlapping Kernel Scheduling,Kenji Sato,Hall Kumo,Systems,"
    "How schedulers pick the next task.,Asia/Tokyo",
    "2025-03-14,23:30,00:30,Midnight Vector Databases,Yuki Mori,Hall Hoshi,Data,"
    "Vector search with graphs.,Asia/Tokyo",
    "2025-03-15,00:45,01:30,After Midnight GPU Kernels,Hiro Ito,Hall Hoshi,Systems,"
    "Fast kernels for attention.,Asia/Tokyo",
    "2025-03-15,10:00,10:45,Morning Coffee and Types,Aiko Tanaka,Hall Kumo,Languages,"
    "Gradual typing compared.,Asia/Tokyo",
]
DAY = [
    "2024-02-03,10:00,10:45,Opening the day,Ada Lovelace,Janson,Main,Welcome.,Europe/Brussels",
    "2024-02-04,11:00,11:45,Closing the day,Grace Hopper,Janson,Main,Goodbye.,Europe/Brussels",
]


@pytest.fixture(scope="module")
def walk(tmp_path_factory) -> dict[str, object]:
    """The two conferences' base, and their site, exported; title -> id."""
    import json

    from talkbase.cli import main

    tmp = tmp_path_factory.mktemp("walk")
    (tmp / "nightconf.csv").write_text(HEAD + "\n".join(NIGHT) + "\n", encoding="utf-8")
    (tmp / "dayconf.csv").write_text(HEAD + "\n".join(DAY) + "\n", encoding="utf-8")
    home = tmp / "home"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TALKBASE_MODEL", "hashing")
        assert (
            main(
                [
                    "--home",
                    str(home),
                    "ingest",
                    str(tmp / "dayconf.csv"),
                    str(tmp / "nightconf.csv"),
                ]
            )
            == 0
        )
        assert (
            main(["--home", str(home), "export", "--format", "site", "-o", str(tmp / "site")]) == 0
        )
    talks = json.loads((tmp / "site" / "data" / "talks.json").read_text(encoding="utf-8"))
    return {
        "home": home,
        "site": tmp / "site",
        "ids": {t["title"]: t["id"] for t in talks},
    }


def _params(d) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlparse(d.current_url).query).items()}


def _settled(d, key: str, value: str) -> None:
    wait(d, lambda d: _params(d).get(key) == value, STEP_S, f"the URL never got {key}={value}")


def test_a_date_link_opens_its_conference_or_says_it_has_none(walk, tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    night = "nightconf"  # (a program's conference is named after its file)
    with streamlit_server(walk["home"], tmp_path / "app.log") as url, chromium(tmp_path) as d:
        d.get(url + "?view=program&date=2025-03-14")
        _settled(d, "shown", night)  # not the first conference's
        assert _params(d)["date"] == "2025-03-14"
        wait(d, lambda d: "Midnight Vector Databases" in d.page_source, why="not its grid")
        # #8: the tab names the view (every page was "talkbase")
        wait(d, lambda d: d.title == "Program · talkbase", why=f"the tab says {d.title!r}")
        # #6: the two talks of Hall Kumo at 22:00 and 22:30 side by side, each readable
        boxes = wait(
            d,
            lambda d: [
                b
                for b in d.find_elements(By.CSS_SELECTOR, "[data-talk]")
                if b.is_displayed() and ("Rust" in b.text or "Scheduling" in b.text)
            ],
            why="no boxes",
        )
        assert len(boxes) == 2
        a, b = sorted((x.rect for x in boxes), key=lambda r: r["x"])
        assert a["x"] + a["width"] <= b["x"] + 1, (a, b)  # not drawn over each other
        assert abs(a["width"] - b["width"]) <= 2 and a["width"] >= 60, (a, b)
        # a date no conference has: said on the page, never another day in silence
        d.get(url + "?view=program&date=2099-01-01")
        notice = wait(
            d,
            lambda d: [
                e
                for e in d.find_elements(By.CSS_SELECTOR, ".st-key-link-notices")
                if "2099" in e.text
            ],
            why="no notice for a date no conference has",
        )
        assert "No conference of this base has a program on Thu 1 Jan 2099" in notice[0].text
        # #9: Friday 00:15 is Friday night's, as the Program counts it
        d.get(url + "?view=now&date=2025-03-14&at=00:15")
        _settled(d, "at", "24:15")
        assert _params(d)["shown"] == night
        wait(
            d,
            lambda d: "the night of Friday 14 March" in d.find_element(By.TAG_NAME, "body").text,
            why="not read as Friday's night",
        )
        body = d.find_element(By.TAG_NAME, "body").text
        assert "Before the conference" not in body


def test_the_site_talk_page_names_its_conference_and_never_null(walk, tmp_path):
    port = _free_port()
    server = _serve(walk["site"], port)
    try:
        with chromium(tmp_path) as d:
            tid = walk["ids"]["After Midnight GPU Kernels"]
            d.get(f"http://127.0.0.1:{port}/#talk={tid}")
            _ready(d)
            view = wait(d, lambda d: d.find_element(By.ID, "talk-view").text, why="no talk page")
            assert "null" not in view.split()
            assert view.splitlines()[1] == "nightconf", view
            # #7: the header names both conferences, in white on its blue
            venue = d.find_element(By.ID, "venue")
            assert "nightconf" in venue.text and "dayconf" in venue.text, venue.text
            # the program's day headings give the year and, here, whose day it is
            d.get(f"http://127.0.0.1:{port}/#program")
            heads = wait(
                d,
                lambda d: [
                    h.text for h in d.find_elements(By.CSS_SELECTOR, "#program-view h2.day")
                ],
                why="no program days",
            )
            assert "Friday 14 March 2025 · nightconf" in heads, heads
            assert "Saturday 3 February 2024 · dayconf" in heads, heads
            assert venue.value_of_css_property("color") in (
                "rgba(255, 255, 255, 1)",
                "rgb(255, 255, 255)",
            )
    finally:
        server.kill()


def test_the_grid_lays_overlapping_talks_side_by_side_in_chromium(tmp_path):
    """#6 without a server: the grid's own HTML and CSS in Chromium."""
    from datetime import datetime, timedelta, timezone

    from appviews import grid
    from appviews.models import program
    from talkbase.core.records import Talk

    tz = timezone(timedelta(hours=9))
    talks = [
        Talk(
            title=f"Talk {n}",
            id=n,
            room="Hall",
            start=datetime(2025, 3, 14, h, m, tzinfo=tz),
            end=datetime(2025, 3, 14, h + 1, m, tzinfo=tz),
        )
        for n, (h, m) in enumerate(((22, 0), (22, 30)), start=1)
    ]
    g = program.time_grid(talks, talks[0].day)
    assert g is not None
    page = tmp_path / "grid.html"
    page.write_text(
        f"<html><head><style>{grid._CSS}</style></head><body style='width:900px'>"
        f"<div class='tb-grid'>{grid.grid_html(SimpleNamespace(talks={t.id: t for t in talks}), g, set(), set())}"
        "</div></body></html>",
        encoding="utf-8",
    )
    with chromium(tmp_path) as d:
        d.get(page.as_uri())
        one, two = (
            d.find_element(By.CSS_SELECTOR, f".tb-g [data-talk='{n}']").rect for n in (1, 2)
        )
    assert one["x"] + one["width"] <= two["x"] + 1, (one, two)
    assert abs(one["width"] - two["width"]) <= 2

"""A friend's share link (`?saved=1-2#agenda`, the app's form) in the static site, in real
Chromium: the page shows the shared agenda, named as shared, and the visitor's own
agenda (localStorage) is not touched until they ask: one talk saved from it, or all
added, or back to their own. Before, opening the link merged the friend's talks into
the visitor's agenda, silently and for good. The .ics downloaded from the page is
folded at 75 octets."""

from __future__ import annotations

import json

import pytest

from tests.test_browser import BROWSER_MARKS, STEP_S, chromium, wait
from tests.test_site_agenda_browser import _ics, _site
from tests.test_site_browser import _free_port, _ready, _serve

pytestmark = BROWSER_MARKS

By = pytest.importorskip("selenium.webdriver.common.by").By

LONG = "A talk on kernels, drivers; and the long road from a first patch to a maintainer"
ROWS = {
    "mine": "Kernel work in Rust,Ada Lovelace,2026-09-12,10:00,10:45,Hall A,Europe/Berlin,"
    "confirmed,Kernel topics.",
    "a": "Async embedded,Grace Hopper,2026-09-12,11:00,11:45,Hall B,Europe/Berlin,"
    "confirmed,Executors without a heap.",
    "b": "Compilers for fun,Alan Turing,2026-09-12,12:00,12:45,Hall A,Europe/Berlin,"
    "confirmed,Parsing and code generation.",
    "long": f'"{LONG}",Linus T,2026-09-12,14:00,14:45,Hall B,Europe/Berlin,confirmed,Patches.',
}


def _kept(d, key_part: str = "talkbase-agenda:") -> list[str]:
    """The ids of the visitor's own agenda, as this browser keeps them."""
    entries = d.execute_script(
        "return Object.keys(localStorage).filter(k => k.startsWith(arguments[0]))"
        ".map(k => localStorage.getItem(k))",
        key_part,
    )
    assert len(entries) == 1, entries
    return [i for i in json.loads(entries[0])["saved"].split("-") if i]


def test_a_shared_link_shows_their_agenda_and_leaves_mine_as_it_is(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    site = tmp_path / "site"
    ids = _site(tmp_path, ROWS, site)
    mine, a, b = ids["Kernel work in Rust"], ids["Async embedded"], ids["Compilers for fun"]
    port = _free_port()
    server = _serve(site, port)
    url = f"http://127.0.0.1:{port}/"
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(url + f"#talk={mine}")
            _ready(d)
            d.find_element(By.CSS_SELECTOR, "#talk-view button").click()  # my own agenda
            wait(d, lambda d: d.find_element(By.ID, "count").text == "(1)", why="not saved")
            d.get(url + f"?saved={a}-{b}-999999#agenda")  # a friend's link
            _ready(d)
            assert _kept(d) == [mine]  # opening it changed nothing of mine
            wait(d, lambda d: d.find_elements(By.ID, "shared"), why="no shared agenda shown")
            view = d.find_element(By.ID, "agenda-view").text
            assert "An agenda shared with you: 2 talks" in view
            assert "Async embedded" in view and "Compilers for fun" in view
            assert "Kernel work in Rust" not in view  # theirs, not mine
            assert "1 talk of the link this program does not hold" in view
            assert d.find_element(By.ID, "count").text == "(1)"
            d.refresh()
            _ready(d)
            assert _kept(d) == [mine]  # nor did opening it again
            # one of their talks saved: mine gets that one alone
            card = next(
                c
                for c in d.find_elements(By.CSS_SELECTOR, "#agenda-view .card")
                if "Async embedded" in c.text
            )
            card.find_element(By.TAG_NAME, "button").click()
            wait(d, lambda d: d.find_element(By.ID, "count").text == "(2)", why="not added")
            assert _kept(d) == [mine, a]
            assert "An agenda shared with you" in d.find_element(By.ID, "agenda-view").text
            d.find_element(By.ID, "my-agenda").click()  # back to mine
            wait(d, lambda d: not d.find_elements(By.ID, "shared"), STEP_S, "still theirs")
            assert "saved=" not in d.current_url
            view = d.find_element(By.ID, "agenda-view").text
            assert "Kernel work in Rust" in view and "Compilers for fun" not in view
            # the link again, and all of it added
            d.get(url + f"?saved={a}-{b}#agenda")
            _ready(d)
            wait(d, lambda d: d.find_elements(By.ID, "add-shared"), why="no way to add")
            d.find_element(By.ID, "add-shared").click()
            wait(d, lambda d: d.find_element(By.ID, "count").text == "(3)", why="not added")
            assert _kept(d) == [mine, a, b]
            assert not d.find_elements(By.ID, "shared")  # mine is shown, with them in it
            assert "Compilers for fun" in d.find_element(By.ID, "agenda-view").text
    finally:
        server.kill()


def test_the_sites_ics_from_the_page_is_folded_and_escaped(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    site = tmp_path / "site"
    ids = _site(tmp_path, ROWS, site)
    downloads = tmp_path / "downloads"
    port = _free_port()
    server = _serve(site, port)
    url = f"http://127.0.0.1:{port}/"
    try:
        with chromium(downloads) as d:
            d.get(url + f"#talk={ids[LONG]}")
            _ready(d)
            d.find_element(By.CSS_SELECTOR, "#talk-view button").click()
            wait(d, lambda d: d.find_element(By.ID, "count").text == "(1)", why="not saved")
            d.get(url + "#agenda")
            _ready(d)
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#agenda-view .card"))
            _ics(d, downloads)
            raw = next(downloads.glob("talkbase-agenda*.ics")).read_bytes()
            lines = raw.split(b"\r\n")
            assert lines[-1] == b"" and all(len(x) <= 75 for x in lines), lines
            unfolded = raw.decode("utf-8").replace("\r\n ", "")
            assert "SUMMARY:" + LONG.replace(",", "\\,").replace(";", "\\;") + "\r\n" in unfolded
    finally:
        server.kill()

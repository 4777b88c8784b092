"""The site's talk page leads to the other talks in its room, its track and by its
speakers (sweep 24, F6), in real Chromium: each is a link (Enter follows it too) that
opens the search with that filter alone, the words and other filters cleared; a
speaker's name is searched for (the site has no speaker page)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from talkbase.cli import main
from tests.test_browser import BROWSER_MARKS, chromium, wait
from tests.test_site_browser import _free_port, _ready, _serve

pytestmark = BROWSER_MARKS

By = pytest.importorskip("selenium.webdriver.common.by").By

HEAD = "title,speakers,date,start,end,room,track,timezone,status,abstract\n"
ROWS = (
    "Kernel work in Rust,Ada Lovelace,2026-09-12,10:00,10:45,Hall A,Systems,Europe/Berlin,"
    "confirmed,Kernel topics.",
    "Kernel memory tricks,Grace Hopper,2026-09-12,11:00,11:45,Hall B,Systems,Europe/Berlin,"
    "confirmed,Allocators in the kernel.",
    "Compilers for fun,Alan Turing,2026-09-13,12:00,12:45,Hall A,Languages,Europe/Berlin,"
    "confirmed,Parsing and code generation.",
    "Engines of thought,Ada Lovelace,2026-09-13,14:00,14:45,Hall C,Languages,Europe/Berlin,"
    "confirmed,Analytical engines.",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    tmp = tmp_path_factory.mktemp("places")
    program = tmp / "program.csv"
    program.write_text(HEAD + "".join(r + "\n" for r in ROWS), encoding="utf-8")
    home, out = str(tmp / "home"), tmp / "site"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TALKBASE_MODEL", "hashing")
        assert main(["--home", home, "ingest", str(program)]) == 0
        assert main(["--home", home, "export", "--format", "site", "-o", str(out)]) == 0
    talks = json.loads((out / "data" / "talks.json").read_text(encoding="utf-8"))
    return out, {t["title"]: t["id"] for t in talks}


def _results(d) -> set[str]:
    return {e.text for e in d.find_elements(By.CSS_SELECTOR, "#results .card h2 a")}


@pytest.mark.parametrize(
    "label, shown",
    [
        ("Talks in room Hall A", {"Kernel work in Rust", "Compilers for fun"}),
        ("Talks in track Systems", {"Kernel work in Rust", "Kernel memory tricks"}),
        ("Talks by Ada Lovelace", {"Kernel work in Rust", "Engines of thought"}),
    ],
)
def test_a_talk_page_links_its_room_track_and_speaker(site, tmp_path, label, shown):
    folder, ids = site
    port = _free_port()
    server, url = _serve(folder, port), f"http://127.0.0.1:{port}/"
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(url + "?q=parsing#search")  # words typed before: a link clears them
            _ready(d)
            d.get(url + f"?q=parsing#talk={ids['Kernel work in Rust']}")
            _ready(d)
            wait(d, lambda d: d.find_element(By.ID, "talk-view").is_displayed(), why="no talk")
            link = d.find_element(By.CSS_SELECTOR, f'#talk-view a[aria-label="{label}"]')
            link.send_keys("\n")  # Enter, from the keyboard
            wait(d, lambda d: d.find_element(By.ID, "search-view").is_displayed(), why="no search")
            wait(d, lambda d: _results(d) == shown, why=f"{label}: {_results(d)}")
            assert d.current_url.endswith("#search")
    finally:
        server.kill()

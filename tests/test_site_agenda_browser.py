"""The static site's agenda in real Chromium across a new export (sweep 14 F3, F5, F11):
a cancelled talk is said to be cancelled wherever it is listed, ranks below the talks
that take place and is STATUS:CANCELLED in the .ics; a saved talk the program no longer
holds is listed under the title it had when saved, with a way to remove it; a saved
talk whose time or room changed says so; a talk with a day and no time is that day's
all-day event, and the page names what the calendar cannot hold. An agenda kept by an
older site (ids only) is read."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from talkbase.cli import main
from tests.test_browser import BROWSER_MARKS, STEP_S, chromium, wait
from tests.test_site_browser import _controlled, _free_port, _ready, _serve

pytestmark = BROWSER_MARKS

By = pytest.importorskip("selenium.webdriver.common.by").By

HEAD = "title,speakers,date,start,end,room,timezone,status,abstract\n"
ROWS = {
    "kernel": "Kernel work in Rust,Ada Lovelace,2026-09-12,10:00,10:45,Hall A,Europe/Berlin,"
    "confirmed,Some drivers among other kernel topics and much more besides.",
    "async": "Async embedded,Grace Hopper,2026-09-12,11:00,11:45,Hall B,Europe/Berlin,"
    "confirmed,Executors without a heap.",
    "gone": "Compilers for fun,Alan Turing,2026-09-12,12:00,12:45,Hall A,Europe/Berlin,"
    "confirmed,Parsing and code generation.",
    "lightning": "Lightning talks,Various,2026-09-12,,,Hall A,Europe/Berlin,confirmed,"
    "Five minute talks; times to be announced.",
    "hallway": "Hallway mentoring,Linus T,,,,Room B,Europe/Berlin,confirmed,Mentoring.",
    "off": "Rust drivers,Barbara Liskov,2026-09-12,14:00,14:45,Hall B,Europe/Berlin,"
    "withdrawn,Rust drivers.",
}


def _site(tmp_path: Path, rows: dict[str, str], site: Path) -> dict[str, str]:
    """The program of `rows` ingested and exported as a site into `site`; title -> id."""
    program = tmp_path / "program.csv"
    program.write_text(HEAD + "".join(r + "\n" for r in rows.values()), encoding="utf-8")
    home = str(tmp_path / "home")
    assert main(["--home", home, "ingest", str(program)]) == 0
    assert main(["--home", home, "export", "--format", "site", "-o", str(site)]) == 0
    talks = json.loads((site / "data" / "talks.json").read_text(encoding="utf-8"))
    return {t["title"]: t["id"] for t in talks}


def _ics(d, downloads: Path) -> str:
    for old in downloads.glob("*.ics"):
        old.unlink()
    d.find_element(By.XPATH, "//button[text()='Download .ics']").click()
    wait(d, lambda d: list(downloads.glob("talkbase-agenda*.ics")), why="no .ics downloaded")
    time.sleep(0.3)
    return next(downloads.glob("talkbase-agenda*.ics")).read_text(encoding="utf-8")


def _events(ics: str) -> dict[str, str]:
    """Each VEVENT of `ics` by its SUMMARY."""
    out = {}
    for block in ics.split("BEGIN:VEVENT")[1:]:
        summary = next(x for x in block.splitlines() if x.startswith("SUMMARY:"))
        out[summary[len("SUMMARY:") :]] = block
    return out


def _agenda(d) -> str:
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#agenda-view .card"), why="no agenda")
    return d.find_element(By.ID, "agenda-view").text


def test_the_agenda_says_what_a_new_program_cancelled_removed_and_changed(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    site = tmp_path / "site"
    ids = _site(tmp_path, ROWS, site)
    off = ids["Rust drivers"]
    downloads = tmp_path / "downloads"
    port = _free_port()
    server = _serve(site, port)
    url = f"http://127.0.0.1:{port}/"
    try:
        with chromium(downloads) as d:
            d.get(url + "data/meta.json")  # (no page of the site has run yet)
            old_form = json.dumps({"saved": "-".join(ids.values())})  # an older site's agenda
            d.execute_script(f"localStorage.setItem('talkbase-agenda', {json.dumps(old_form)})")
            d.get(url)
            _ready(d)
            found = d.execute_script("return window.talkbaseSearch('rust drivers')")
            assert found[-1] == off and ids["Kernel work in Rust"] in found  # below, kept
            d.get(url + "#talk=" + off)
            _ready(d)
            assert "Cancelled" in d.find_element(By.ID, "talk-view").text
            d.get(url + "#agenda")
            _ready(d)
            assert d.find_element(By.ID, "count").text == "(6)"
            cards = d.find_elements(By.CSS_SELECTOR, "#agenda-view .card")
            assert len(cards) == 6
            assert "Cancelled" in next(c.text for c in cards if "Rust drivers" in c.text)
            assert "1 saved talk is not in the calendar" in _agenda(d)
            assert "Hallway mentoring" in d.find_element(By.ID, "not-in-calendar").text
            events = _events(_ics(d, downloads))
            assert "STATUS:CANCELLED" in events["Rust drivers"]
            assert "DTSTART;VALUE=DATE:20260912" in events["Lightning talks"]
            assert "STATUS:CANCELLED" not in events["Async embedded"]
            assert "Hallway mentoring" not in events
            d.execute_async_script(  # the old build out of the way (F4 is another matter)
                "const done = arguments[0];"
                "navigator.serviceWorker.getRegistrations()"
                ".then(rs => Promise.all(rs.map(r => r.unregister())))"
                ".then(() => caches.keys()).then(ks => Promise.all(ks.map(k => caches.delete(k))))"
                ".then(() => done(true), () => done(false));"
            )
            newer = dict(ROWS)
            del newer["gone"]
            newer["async"] = newer["async"].replace("11:00,11:45,Hall B", "15:00,15:45,Hall C")
            _site(tmp_path, newer, site)  # the same folder, served meanwhile
            d.execute_cdp_cmd("Network.clearBrowserCache", {})
            d.refresh()
            _ready(d)
            text = _agenda(d)
            assert d.find_element(By.ID, "count").text == "(6)"
            assert "No longer in the program (1)" in text and "Compilers for fun" in text
            changed = next(
                c.text
                for c in d.find_elements(By.CSS_SELECTOR, "#agenda-view .card")
                if "Async embedded" in c.text
            )
            assert "Changed since you saved it" in changed
            assert "11:00" in changed and "room was Hall B" in changed
            assert "STATUS:CANCELLED" in _events(_ics(d, downloads))["Compilers for fun"]
            d.find_element(By.XPATH, "//button[text()='Remove']").click()
            wait(d, lambda d: d.find_element(By.ID, "count").text == "(5)", STEP_S, "kept")
            assert "No longer in the program" not in _agenda(d)
    finally:
        server.kill()


def test_an_open_page_takes_a_new_export_and_says_so(tmp_path, monkeypatch):
    """Sweep 14 F4: a browser that had the site open (its files a day old, so its HTTP
    cache holds them as fresh) gets the new export's program once its worker takes
    over: the open page says the program was updated, and a reload shows the new one."""
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    site = tmp_path / "site"
    _site(tmp_path, ROWS, site)
    day_ago = time.time() - 86400
    for path in site.rglob("*"):
        os.utime(path, (day_ago, day_ago))
    port = _free_port()
    server = _serve(site, port)
    url = f"http://127.0.0.1:{port}/#program"
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(url)
            _ready(d)
            _controlled(d)
            newer = dict(ROWS)
            newer["async"] = newer["async"].replace("Async embedded", "Async on microcontrollers")
            _site(tmp_path, newer, site)
            d.refresh()  # served by the old worker; the new one takes over meanwhile
            _ready(d)
            wait(d, lambda d: d.find_elements(By.ID, "updated"), STEP_S, "no notice of the update")
            d.find_element(By.XPATH, "//p[@id='updated']/button").click()
            _ready(d)
            wait(
                d,
                lambda d: "Async on microcontrollers" in d.find_element(By.ID, "program-view").text,
                STEP_S,
                "the old program after a reload",
            )
    finally:
        server.kill()


def test_two_sites_of_one_host_keep_two_agendas(tmp_path, monkeypatch):
    """Sweep 14 F13: two sites served from one host (conf-a/, conf-b/) each keep their
    own agenda; the one entry sites kept before, shared by both, gives each a copy of
    its own talks and stays as it is: adding on one site never takes the other's."""
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    root = tmp_path / "host"
    root.mkdir()
    made = {}
    film = "Silent films,Mary Pickford,2026-10-01,20:00,21:30,Kino,Europe/Paris,confirmed,Reels."
    for name, rows in (
        ("conf-a", ROWS),
        ("conf-b", {"film": film, "x": film.replace("Si", "Lou")}),
    ):
        (tmp_path / name).mkdir()
        made[name] = _site(tmp_path / name, rows, root / name)
    a, b = (list(made[n].values()) for n in ("conf-a", "conf-b"))
    assert not set(a) & set(b)
    port = _free_port()
    server = _serve(root, port)
    host = f"http://127.0.0.1:{port}/"

    def count(d, site: str) -> str:
        d.get(host + site + "/#agenda")
        d.refresh()
        _ready(d)
        return d.find_element(By.ID, "count").text

    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(host)  # (the host's folder listing: no site has run yet)
            dropped = "999"  # saved on an older site; no program holds it now
            old = [a[0], a[1], b[0], b[1], dropped]
            shared = json.dumps({"saved": "-".join(old)})
            d.execute_script(f"localStorage.setItem('talkbase-agenda', {json.dumps(shared)})")
            assert count(d, "conf-a") == "(2)"
            assert not d.find_elements(By.ID, "other-saved")  # B's talks are not offered to A
            assert count(d, "conf-b") == "(2)"  # A took nothing of B's
            legacy = "return localStorage.getItem('talkbase-agenda')"
            assert d.execute_script(legacy) == shared  # left as it was, for every site
            d.find_element(By.CSS_SELECTOR, "#agenda-view .card button.on").click()  # one of B's
            wait(d, lambda d: d.find_element(By.ID, "count").text == "(1)", STEP_S, "kept")
            assert count(d, "conf-b") == "(1)" and not d.find_elements(By.ID, "other-saved")
            # an open page of an earlier version saves one more of A's in the shared entry
            later = json.dumps({"saved": "-".join([*old, a[2]])})
            d.execute_script(f"localStorage.setItem('talkbase-agenda', {json.dumps(later)})")
            assert count(d, "conf-a") == "(2)"
            assert "1 more of this program" in d.find_element(By.ID, "other-saved").text
            d.find_element(By.XPATH, "//p[@id='other-saved']/button").click()
            wait(d, lambda d: d.find_element(By.ID, "count").text == "(3)", STEP_S, "not added")
            assert count(d, "conf-a") == "(3)" and not d.find_elements(By.ID, "other-saved")
            assert count(d, "conf-b") == "(1)" and d.execute_script(legacy) == later
            d.get(host + "conf-b/index.html#program")  # the same site as conf-b/
            _ready(d)
            d.find_element(By.CSS_SELECTOR, "#program-view .card button:not(.on)").click()
            wait(d, lambda d: d.find_element(By.ID, "count").text == "(2)", STEP_S, "not saved")
            assert count(d, "conf-a") == "(3)" and count(d, "conf-b") == "(2)"
    finally:
        server.kill()

"""The static site in real Chromium, as the attendee of sweep 19 met it: opened from
disk it says to serve it over http (it was an empty shell); its Save buttons name their
talk and keep the focus when pressed; the Day filter names its days; a talk link of
the app (`?talk=ID`) opens that talk, and one it cannot follow is said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_browser import BROWSER_MARKS, STEP_S, chromium, wait
from tests.test_site_agenda_browser import _site
from tests.test_site_browser import _free_port, _ready, _serve

pytestmark = BROWSER_MARKS

By = pytest.importorskip("selenium.webdriver.common.by").By

ROWS = {
    "a": "Kernel work in Rust,Ada Lovelace,2026-09-12,10:00,10:45,Hall A,Europe/Berlin,"
    "confirmed,Kernel topics.",
    "b": "Kernel memory tricks,Grace Hopper,2026-09-12,11:00,11:45,Hall B,Europe/Berlin,"
    "confirmed,Allocators in the kernel.",
    "c": "Compilers for fun,Alan Turing,2026-09-13,12:00,12:45,Hall A,Europe/Berlin,"
    "confirmed,Parsing and code generation.",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    tmp = tmp_path_factory.mktemp("attendee")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TALKBASE_MODEL", "hashing")
        ids = _site(tmp, ROWS, tmp / "site")
    return tmp / "site", ids


def _active(d) -> dict:
    return d.execute_script(
        "const a = document.activeElement;"
        "return { tag: a.tagName, label: a.getAttribute('aria-label'),"
        " pressed: a.getAttribute('aria-pressed') };"
    )


def test_opened_from_disk_the_site_says_to_serve_it_over_http(site, tmp_path):
    """Sweep 19 F5: from file:// the browser runs no module script (CORS) and the page
    stayed an empty shell, saying nothing. The page's own words say what to do; over
    http the script runs and takes them away."""
    folder, _ = site
    port = _free_port()
    server = _serve(folder, port)
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get((folder / "index.html").as_uri())
            note = wait(d, lambda d: d.find_elements(By.ID, "needs-http"), why="nothing said")
            assert note[0].is_displayed()
            assert "python -m http.server" in note[0].text
            assert "served over http" in note[0].text
            d.get(f"http://127.0.0.1:{port}/")
            _ready(d)
            assert not d.find_elements(By.ID, "needs-http")
    finally:
        server.kill()


def test_over_http_the_from_disk_notice_never_shows(site, tmp_path):
    """The notice for file:// stayed on the page over http until the module script had
    loaded (a flash on a slow network). With site.js held back (blocked), the page over
    http shows no such notice: it is taken away before the first paint."""
    folder, _ = site
    port = _free_port()
    server = _serve(folder, port)
    try:
        with chromium(tmp_path / "downloads") as d:
            d.execute_cdp_cmd("Network.enable", {})
            d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*site.js*"]})
            d.get(f"http://127.0.0.1:{port}/")
            wait(d, lambda d: d.find_elements(By.ID, "search-view"), why="no page")
            shown = [e for e in d.find_elements(By.ID, "needs-http") if e.is_displayed()]
            assert not shown, "the file:// notice shows over http"
            d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
            d.get((folder / "index.html").as_uri())  # from disk it is still said
            note = wait(d, lambda d: d.find_elements(By.ID, "needs-http"), why="nothing said")
            assert note[0].is_displayed()
    finally:
        server.kill()


def _open(folder: Path, tmp_path: Path):
    """Chromium on the site served over http: (driver, url), and the server to kill."""
    port = _free_port()
    return _serve(folder, port), f"http://127.0.0.1:{port}/"


def test_the_sites_save_buttons_name_their_talk_and_keep_the_focus(site, tmp_path):
    """Sweep 19 F8/F9: every Save button was named "Save", and pressing one threw the
    focus to the page's body (the list is drawn anew)."""
    folder, ids = site
    server, url = _open(folder, tmp_path)
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(url + "?q=kernel#search")
            _ready(d)
            wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#results .card")) >= 2)
            buttons = d.find_elements(By.CSS_SELECTOR, "#results .card > button")
            labels = {b.get_attribute("aria-label") for b in buttons}
            assert {"Save: Kernel work in Rust", "Save: Kernel memory tricks"} <= labels
            second = buttons[1]
            label = second.get_attribute("aria-label")
            second.send_keys("\n")  # Enter, from the keyboard
            wait(d, lambda d: d.find_element(By.ID, "count").text == "(1)", why="not saved")
            wait(d, lambda d: _active(d)["pressed"] == "true", STEP_S, "focus lost")
            saved = label.replace("Save:", "Saved:", 1)  # (the word it shows, then its title)
            assert _active(d) == {"tag": "BUTTON", "label": saved, "pressed": "true"}
            # on the talk's page too, where the page's title took the focus
            d.get(url + f"#talk={ids['Compilers for fun']}")
            _ready(d)
            page = d.find_element(By.CSS_SELECTOR, "#talk-view > button")
            assert page.get_attribute("aria-label") == "Save: Compilers for fun"
            page.send_keys("\n")
            wait(d, lambda d: d.find_element(By.ID, "count").text == "(2)", why="not saved")
            assert _active(d)["label"] == "Saved: Compilers for fun"
    finally:
        server.kill()


def test_the_sites_day_filter_names_its_days(site, tmp_path):
    """Sweep 19 F12: the Day filter listed "2026-09-12"; the site names its days as its
    program's headings do, and the filter's values stay the dates."""
    folder, _ = site
    server, url = _open(folder, tmp_path)
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(url)
            _ready(d)
            options = d.find_elements(By.CSS_SELECTOR, "#f-day option")
            assert [(o.get_attribute("value"), o.text) for o in options] == [
                ("", "Any"),
                ("2026-09-12", "Saturday 12 September"),
                ("2026-09-13", "Sunday 13 September"),
            ]
    finally:
        server.kill()


def test_the_apps_talk_link_opens_the_talk_in_the_site(site, tmp_path):
    """Sweep 19 F11: the app's talk link `?talk=ID` (appviews/urlstate.py) opened the
    site's search, unsaid; an id no talk has is said, as the app says it."""
    folder, ids = site
    server, url = _open(folder, tmp_path)
    try:
        with chromium(tmp_path / "downloads") as d:
            talk = ids["Kernel memory tricks"]
            d.get(url + f"?talk={talk}")
            _ready(d)
            wait(d, lambda d: d.find_element(By.ID, "talk-view").is_displayed(), why="no talk")
            assert d.find_element(By.ID, "talk-title").text == "Kernel memory tricks"
            assert d.current_url.endswith(f"/#talk={talk}")
            d.get(url + "?talk=999999")
            _ready(d)
            assert d.find_element(By.ID, "link-note").text == "No talk has the id “999999”."
            d.get(url + "?view=program")
            _ready(d)
            assert d.find_element(By.ID, "program-view").is_displayed()
    finally:
        server.kill()

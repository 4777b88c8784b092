"""A talk in a right-to-left language in the offline site, in real Chromium (sweep 20,
an Arabic program): its title and abstract are laid out right to left and carry their
language (a screen reader's voice), the English talks beside it and the page's own
words stay left to right, and the search box follows what is typed in it."""

from __future__ import annotations

import pytest

from tests.test_browser import BROWSER_MARKS, chromium, wait
from tests.test_site_agenda_browser import _site
from tests.test_site_browser import _free_port, _ready, _serve

pytestmark = BROWSER_MARKS

By = pytest.importorskip("selenium.webdriver.common.by").By

ARABIC = "التعرف على الكلام باللهجات العربية"
ROWS = {
    "ar": f"{ARABIC},سارة المطيري,2026-12-15,10:00,10:45,القاعة أ,Asia/Riyadh,confirmed,"
    "نماذج للتعرف على الكلام تفهم اللهجات الخليجية والمصرية والشامية.",
    "en": "Zero Trust Networking in Practice,Omar Haddad,2026-12-15,11:00,11:45,Hall B,"
    "Asia/Riyadh,confirmed,Segmenting a network without slowing teams down.",
}


def _direction(d, css: str) -> str:
    return d.execute_script(
        "return getComputedStyle(document.querySelector(arguments[0])).direction", css
    )


def test_an_arabic_talk_reads_right_to_left_beside_english_ones(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    site = tmp_path / "site"
    ids = _site(tmp_path, ROWS, site)
    port = _free_port()
    server = _serve(site, port)
    url = f"http://127.0.0.1:{port}/"
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(url)
            _ready(d)
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#results .card"), why="no cards")
            cards = {
                c.find_element(By.CSS_SELECTOR, "a.open").text: c
                for c in d.find_elements(By.CSS_SELECTOR, "#results .card")
            }
            heading = (
                cards[ARABIC].find_element(By.CSS_SELECTOR, "a.open").find_element(By.XPATH, "..")
            )
            assert heading.get_attribute("lang") == "ar"
            assert d.execute_script("return getComputedStyle(arguments[0]).direction", heading) == (
                "rtl"
            )
            english = cards["Zero Trust Networking in Practice"].find_element(
                By.CSS_SELECTOR, "a.open"
            )
            assert d.execute_script("return getComputedStyle(arguments[0]).direction", english) == (
                "ltr"
            )
            assert _direction(d, "body") == "ltr"  # the page's own words
            d.get(url + f"#talk={ids[ARABIC]}")
            wait(d, lambda d: d.find_elements(By.ID, "talk-title"), why="no talk page")
            assert _direction(d, "#talk-title") == "rtl"
            assert _direction(d, "#talk-view .abstract") == "rtl"
            d.get(url)
            _ready(d)
            box = d.find_element(By.ID, "q")
            box.send_keys("اللهجات")
            assert d.execute_script("return getComputedStyle(arguments[0]).direction", box) == (
                "rtl"
            )
    finally:
        server.kill()

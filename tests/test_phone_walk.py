"""Sweep 19 in a real Chromium (390×844 and a desktop): on a festival night Now & next
lists the act after midnight, its first row in the top half of a phone's screen; a
card's buttons name their talk, and Enter on "Save to agenda" leaves the focus on the
button that replaced it, Enter on "Not interested" on the Undo it left; the offline
site's share link (`?saved=…#agenda`) opens My agenda. Uses test_browser.py's server
and browser (skipped without Chromium)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import (
    SERVER_START_S,
    STEP_S,
    idle,
    pytestmark,  # noqa: F401  (browser marks and the skip without Chromium)
    streamlit_server,
    wait,
)
from test_nownext_night import FRI, festival_home  # noqa: F401  (the module's fixture)
from test_phone import DESKTOP, PHONE, browser, visible

from index.search.kb import KnowledgeBase

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


@pytest.fixture(scope="module")
def festival(festival_home: Path, real_embedder, tmp_path_factory) -> Iterator[tuple[str, Any]]:  # noqa: F811
    with KnowledgeBase(festival_home, real_embedder) as kb:
        talks = {t.title: t.id for t in kb.talks.values()}
    log = tmp_path_factory.mktemp("festival-log") / "streamlit.log"
    with streamlit_server(festival_home, log) as url:
        yield url, talks


def test_now_and_next_on_a_festival_night_on_a_phone(festival, tmp_path) -> None:
    url, _ = festival
    with browser(tmp_path, PHONE) as d:
        d.get(f"{url}?view=now&date={FRI.isoformat()}&at=23:45")
        wait(d, lambda d: visible(d, ".tb-nn-row"), SERVER_START_S, "no rows")
        idle(d)
        text = " ".join(e.text for e in visible(d, ".tb-nn-row"))
        assert "Midnight concert" in text and "Night Tent" in text
        assert visible(d, ".tb-nn-row")[0].rect["y"] < PHONE[1] / 2


def test_card_buttons_name_their_talk_and_keep_the_focus(festival, tmp_path) -> None:
    url, _ = festival
    with browser(tmp_path, DESKTOP) as d:
        d.get(f"{url}?q=midnight+concert")
        save = wait(
            d,
            lambda d: next(
                (
                    b
                    for b in d.find_elements(By.CSS_SELECTOR, "[data-tb-row] button")
                    if (b.get_attribute("aria-label") or "").startswith("Save to agenda: ")
                    # (drawn and live: a button of a page still being drawn is found
                    # before it takes keys, "element not interactable" in a busy run)
                    and b.is_displayed()
                    and b.is_enabled()
                ),
                None,
            ),
            SERVER_START_S,
            "no named Save button",
        )
        title = save.get_attribute("aria-label").removeprefix("Save to agenda: ")
        assert title and title in d.find_element(By.TAG_NAME, "body").text
        d.execute_script("arguments[0].focus()", save)
        save.send_keys(Keys.ENTER)
        wait(
            d,
            lambda d: (
                (d.switch_to.active_element.get_attribute("aria-label") or "")
                == f"Remove from agenda: {title}"
            ),
            STEP_S,
            "the focus left the card's row",
        )


def test_not_interested_leaves_the_focus_on_its_undo(festival, tmp_path) -> None:
    """ "Not interested" hides its talk, so its card (and the button) went away and the
    keyboard's focus fell to the page's start; it lands on the Undo the click left."""
    url, _ = festival
    with browser(tmp_path, DESKTOP) as d:
        d.get(f"{url}?q=midnight+concert")
        skip = wait(
            d,
            lambda d: next(
                (
                    b
                    for b in d.find_elements(By.CSS_SELECTOR, "[data-tb-row] button")
                    if (b.get_attribute("aria-label") or "").startswith("Not interested: ")
                ),
                None,
            ),
            SERVER_START_S,
            "no named Not interested button",
        )
        title = skip.get_attribute("aria-label").removeprefix("Not interested: ")
        d.execute_script("arguments[0].focus()", skip)
        skip.send_keys(Keys.ENTER)
        wait(
            d,
            lambda d: (
                d.switch_to.active_element.text.strip() == "Undo"
                and f"Hidden: {title}" in d.find_element(By.TAG_NAME, "body").text
            ),
            STEP_S,
            "the focus fell out of the list",
        )
        d.switch_to.active_element.send_keys(Keys.ENTER)  # Undo: back on the talk's row
        wait(
            d,
            lambda d: (
                (d.switch_to.active_element.get_attribute("aria-label") or "")
                == f"Not interested: {title}"
            ),
            STEP_S,
            "Undo dropped the focus",
        )


def test_the_site_s_share_link_opens_my_agenda(festival, tmp_path) -> None:
    url, talks = festival
    with browser(tmp_path, DESKTOP) as d:
        d.get(f"{url}?saved={talks['Midnight concert']}#agenda")
        wait(d, lambda d: "view=agenda" in d.current_url, SERVER_START_S, "Search, not the agenda")
        idle(d)
        assert "#" not in d.current_url
        assert "Midnight concert" in d.find_element(By.TAG_NAME, "body").text

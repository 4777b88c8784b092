"""Search in a real Chromium, at a phone's 390×844 and a desktop's 1400×1000, on the
demo knowledge base: the "Filters (n)" control, one chip per filter, a corrected
query and its "search instead for" link, and an agenda that Back does not empty.

One `streamlit run` serves every test of this module; each test opens its own
browser (a fresh profile: nothing kept in local storage from another test). Uses
test_browser.py's server and browser; skipped, saying why, without Chromium.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import (
    SERVER_START_S,
    _search_open_and_back,
    idle,
    pytestmark,  # noqa: F401  (browser marks and the skip without Chromium)
    streamlit_server,
    titles,
    wait,
)
from test_phone import DESKTOP, PHONE, agenda_comes_back, browser, shot, visible

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

TYPO = "distribted chekpointing"
CONTROL = ".st-key-filters-open button.tb-filters-btn"
CHIP = 'button:not([aria-label^="Help for"])'  # a chip of a pills group (not its help)
SIDEBAR = '[data-testid="stSidebar"]'


@pytest.fixture(scope="module")
def app(demo_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app serving the demo knowledge base, once for the module."""
    log = tmp_path_factory.mktemp("phone-search-log") / "streamlit.log"
    with streamlit_server(demo_home, log) as url:
        yield url


def body(d: Any) -> str:
    return str(d.find_element(By.TAG_NAME, "body").text)


def chips(d: Any, key: str) -> list[str]:
    """The labels of the chips of the pills group `key`, without their close icon."""
    return [
        e.text.replace("close", "").strip()
        for e in d.find_elements(By.CSS_SELECTOR, f".st-key-{key} {CHIP}")
    ]


def open_page(d: Any, url: str) -> None:
    d.get(url)
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".st-key-q input"), SERVER_START_S)
    idle(d)


def matching(d: Any) -> int:
    """The number in "N talks match, best first." (0 when nothing matches)."""
    found = re.search(r"(\d+) talks? match", body(d))
    return int(found.group(1)) if found else 0


def choose(d: Any, label: str, option: str) -> None:
    """Pick the option starting with `option` in the sidebar's select box `label`."""
    box = wait(
        d,
        lambda d: next(
            (
                b
                for b in d.find_elements(By.CSS_SELECTOR, f'{SIDEBAR} [data-testid="stSelectbox"]')
                if b.is_displayed() and b.text.split("\n")[0] == label
            ),
            None,
        ),
        why=f"no {label} box in the sidebar",
    )
    box.find_element(By.CSS_SELECTOR, '[role="combobox"], input').click()
    wait(
        d,
        lambda d: next(
            (o for o in visible(d, '[role="option"]') if o.text.startswith(option)), None
        ),
        why=f"no option {option!r}",
    ).click()


def test_filters_control_on_a_phone_opens_the_sidebar_and_counts(app, tmp_path) -> None:
    with browser(tmp_path, PHONE) as d:
        open_page(d, f"{app}?q=kernels")
        control = wait(d, lambda d: visible(d, CONTROL), why="no Filters control")[0]
        assert control.text == "Filters" and control.rect["height"] >= 44
        first = wait(d, lambda d: visible(d, ".tb-title"), why="no result drawn")[0]
        assert control.rect["y"] < first.rect["y"]
        assert not visible(d, f'{SIDEBAR} [data-testid="stSelectbox"]')  # folded away
        before = matching(d)
        shot(d, "filters-phone-closed")
        control.click()
        wait(
            d,
            lambda d: len(visible(d, f'{SIDEBAR} [data-testid="stSelectbox"]')) >= 4,
            why="tapping Filters did not show the filter boxes",
        )
        # the keyboard's focus moved into the sidebar, to its first control
        wait(
            d,
            lambda d: d.execute_script(f"return !!document.activeElement.closest('{SIDEBAR}')"),
            why="the focus stayed behind the sidebar",
        )
        shot(d, "filters-phone-open")
        choose(d, "Day", "Tue 20 Oct")
        wait(d, lambda d: "day=2026-10-20" in d.current_url, why="the day did not take")
        idle(d)
        wait(d, lambda d: chips(d, "filter-chips") == ["Day: Tue 20 Oct"], why="no day chip")
        assert 0 < matching(d) < before  # the results are that day's only
        assert d.find_element(By.CSS_SELECTOR, CONTROL).text == "Filters (1)"
        d.find_element(By.CSS_SELECTOR, '[data-testid="stSidebarCollapseButton"] button').click()
        wait(
            d,
            lambda d: not visible(d, SIDEBAR) and visible(d, f".st-key-filter-chips {CHIP}"),
            why="the sidebar did not fold away over the chip",
        )
        shot(d, "filters-phone-chosen")
    with browser(tmp_path, DESKTOP) as d:  # beside an open sidebar, no control
        open_page(d, f"{app}?q=kernels&day=2026-10-20")
        assert chips(d, "filter-chips") == ["Day: Tue 20 Oct"]
        assert not visible(d, CONTROL)


def test_a_day_in_the_words_and_the_sidebar_is_one_chip_removed_from_both(app, tmp_path) -> None:
    with browser(tmp_path, PHONE) as d:
        open_page(d, f"{app}?q=kernels+on+tuesday&day=2026-10-20")
        wait(d, lambda d: chips(d, "filter-chips") == ["Day: Tue 20 Oct"], why="no one chip")
        assert chips(d, "chips") == []  # the words' day is that chip, not a second one
        assert d.find_element(By.CSS_SELECTOR, CONTROL).text == "Filters (1)"
        shot(d, "one-chip-phone")
        d.find_element(By.CSS_SELECTOR, f".st-key-filter-chips {CHIP}").click()
        wait(
            d,
            lambda d: "day=" not in d.current_url and re.search(r"q=kernels(&|$)", d.current_url),
            why="removing the chip left the day in the words or the sidebar",
        )
        idle(d)
        assert d.find_element(By.CSS_SELECTOR, ".st-key-q input").get_attribute("value") == (
            "kernels"
        )
        assert not chips(d, "filter-chips") and not chips(d, "chips")
        assert d.find_element(By.CSS_SELECTOR, CONTROL).text == "Filters"


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_typo_is_searched_corrected_with_a_tap_back_to_the_words_typed(
    app, demo_kb, tmp_path, size
) -> None:
    corrected = demo_kb.answer(TYPO, k=len(demo_kb.talks))
    literal = demo_kb.answer(TYPO, k=len(demo_kb.talks), literal=True)
    assert corrected.searched_instead == "distributed checkpointing"
    with browser(tmp_path, size) as d:
        open_page(d, f"{app}?q={TYPO.replace(' ', '+')}")
        wait(d, lambda d: titles(d), why="no results for the typo")
        assert "Showing results for distributed checkpointing" in body(d)
        assert matching(d) == corrected.matches
        first = [h.talk.title for h in corrected.hits if h.why.match][:3]
        assert titles(d)[:3] == first
        link = wait(d, lambda d: visible(d, ".st-key-instead button"), why="no link back")[0]
        assert link.text == f"Search instead for “{TYPO}”"
        assert link.rect["height"] >= (44 if size == PHONE else 30)
        shot(d, f"typo-{size[0]}")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
        link.click()
        wait(d, lambda d: "literal=1" in d.current_url, why="the link did not search as typed")
        idle(d)
        assert matching(d) == literal.matches
        if not literal.matches:  # none of the words typed is in any talk: said so
            assert "No talk matches your search" in body(d) and not titles(d)
        # and the correction is a tap away again
        again = wait(d, lambda d: visible(d, ".st-key-did-you-mean button"), why="no correction")
        assert again[0].text == "Did you mean: distributed checkpointing?"


def _stored(d: Any) -> str:
    return str(d.execute_script("return localStorage.getItem('talkbase-agenda') || '';"))


def test_back_to_a_page_before_the_save_keeps_the_stored_agenda(app, demo_kb, tmp_path) -> None:
    mccl = next(t for t in demo_kb.talks.values() if t.title.startswith("MCCL"))
    with browser(tmp_path, DESKTOP) as d:
        open_page(d, f"{app}?q=fault-tolerant+collectives")
        wait(d, lambda d: titles(d) and titles(d)[0].startswith("MCCL"), why="no results")
        before = d.current_url
        save = d.find_element(By.CSS_SELECTOR, f".st-key-result-save-{mccl.id} button")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'});", save)
        save.click()
        wait(d, lambda d: f"saved={mccl.id}" in d.current_url, why="saving did not take")
        idle(d)
        wait(d, lambda d: str(mccl.id) in _stored(d), why="the agenda was not stored")
        d.find_element(By.CSS_SELECTOR, f".st-key-result-open-{mccl.id} button").click()
        wait(d, lambda d: f"talk={mccl.id}" in d.current_url, why="the talk did not open")
        idle(d)
        d.back()
        d.back()  # past the save: the page as it was before it, without saved=
        wait(
            d,
            lambda d: (
                "talk=" not in d.current_url and titles(d) and titles(d)[0].startswith("MCCL")
            ),
            why="Back did not return to the results",
        )
        idle(d)
        assert d.current_url.split("&saved=")[0] == before
        # the agenda stays: in the session (back in this URL) and in the browser
        wait(d, lambda d: f"saved={mccl.id}" in d.current_url, why="Back emptied the agenda")
        assert str(mccl.id) in _stored(d)
        agenda_comes_back(d, app, mccl.id, "the stored agenda did not come back after Back")


def test_back_on_a_phone_restores_show_more_depth_and_scroll(app, tmp_path) -> None:
    """test_browser.py's long session does this at a desktop's size; here once on a
    phone: "Show more" pressed, a result far down opened, Back."""
    with browser(tmp_path, PHONE) as d:
        open_page(d, app)
        _search_open_and_back(d, 0, "PyTorch", more=True)

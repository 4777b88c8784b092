"""Now & next in a base of several conferences, in a real Chromium at a phone's 390×844
and a desktop's 1400×1000: the conference and the time share a line (the conference
chooser pushed the rows below half a phone's screen), the days under them, the first
room's row in the top half of the screen as in a base of one (test_phone.py). Uses
test_browser.py's server and browser (skipped without Chromium)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import (
    SERVER_START_S,
    idle,
    pytestmark,  # noqa: F401  (browser marks and the skip without Chromium)
    streamlit_server,
    wait,
)
from test_multi_conf_views import homes  # noqa: F401  (the module's fixture)
from test_phone import DESKTOP, PHONE, browser, shot, visible

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

CONFERENCE = '[class*="st-key-conference-choice"]'
TIME = '[class*="st-key-at-box"]'
DAYS = ".st-key-date"


@pytest.fixture(scope="module")
def several(homes: dict[str, Path], tmp_path_factory) -> Iterator[str]:  # noqa: F811
    """The app serving a base of three conferences."""
    log = tmp_path_factory.mktemp("several-log") / "streamlit.log"
    with streamlit_server(homes["three"], log) as url:
        yield url


def _now(d: Any, url: str) -> None:
    """Madrid's Now & next at 09:30 on its first day, once its rows are drawn."""
    d.get(f"{url}?view=now&shown=Simposio+Madrid&date=2030-11-14&at=09:30")
    wait(d, lambda d: visible(d, ".tb-nn-row"), SERVER_START_S, "no rows")
    idle(d)


def _box(d: Any, css: str) -> dict[str, float]:
    (element,) = visible(d, css)
    return dict(element.rect)


def test_now_and_next_of_several_conferences_starts_in_a_phone_s_top_half(
    several, tmp_path
) -> None:
    with browser(tmp_path, PHONE) as d:
        _now(d, several)
        shot(d, "now-several-phone")
        text = " ".join(e.text for e in visible(d, ".tb-nn-row"))
        assert "Aula Magna" in text and "Hall A" not in text  # Madrid's rooms only
        first = visible(d, ".tb-nn-row")[0].rect["y"]
        assert first < PHONE[1] / 2, f"the first room's row starts {first:.0f} px down"
        # the conference and the time on one line, each whole on the screen; the days under
        conference, time, days = _box(d, CONFERENCE), _box(d, TIME), _box(d, DAYS)
        assert abs(conference["y"] - time["y"]) < 4
        assert conference["x"] + conference["width"] <= time["x"]
        assert time["x"] + time["width"] <= PHONE[0] and time["width"] >= 90
        assert days["y"] >= conference["y"] + conference["height"]
        # the time box still says what it is to a screen reader, and shows the time
        field = d.find_element(By.CSS_SELECTOR, f"{TIME} input")
        assert field.get_attribute("aria-label") == "Time"
        assert field.get_attribute("value") == "09:30"
    with browser(tmp_path, DESKTOP) as d:
        _now(d, several)
        shot(d, "now-several-desktop")
        # a desktop: the conference, the time and the days on one line, the Time labelled
        conference, time, days = _box(d, CONFERENCE), _box(d, TIME), _box(d, DAYS)
        bottoms = [b["y"] + b["height"] for b in (conference, time, days)]
        assert max(bottoms) - min(bottoms) < 16, bottoms
        label = d.find_element(By.CSS_SELECTOR, f'{TIME} [data-testid="stWidgetLabel"]')
        assert label.is_displayed() and label.text.startswith("Time")

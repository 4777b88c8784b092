"""My agenda restored from this browser stays My agenda when "Only talks that fit my
agenda" is clicked (sweep 24, F1), in a real Chromium against a real
`streamlit run app.py`: the agenda is this browser's (local storage), the link names
only the view, and each round opens `/?view=agenda`, waits until the stored agenda
was read (its talks in the link) and the page settled, then clicks the toggle.

Before the fix a click sent the page to Search (`view=agenda` gone) in some rounds
only: whether the page mounted the view control before the stored agenda's run began
is a race in the page (tests/test_app_view_held.py pins both halves of it without a
browser); several rounds make it likely to show."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.test_browser import (
    BROWSER_MARKS,
    SERVER_START_S,
    chromium,
    idle,
    press,
    streamlit_server,
    wait,
)

pytestmark = BROWSER_MARKS

from selenium.webdriver.common.by import By  # noqa: E402

ROUNDS = 4


def _query(d: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(d.current_url).query)


def _toggle(d: Any) -> Any:
    return next(
        (
            e
            for e in d.find_elements(By.CSS_SELECTOR, ".st-key-fits label")
            if "fit my agenda" in e.text and e.is_displayed()
        ),
        None,
    )


def test_the_fits_toggle_on_a_stored_agenda_stays_on_my_agenda(demo_home, demo_kb, tmp_path):
    ids = sorted(t.id for t in demo_kb.talks.values() if t.start is not None)[:3]
    saved = "-".join(str(i) for i in ids)
    with (
        streamlit_server(demo_home, tmp_path / "streamlit.log") as url,
        chromium(tmp_path / "downloads") as d,
    ):
        d.get(url)  # the app's origin, for its local storage
        d.execute_script(
            "localStorage.setItem('talkbase-agenda', JSON.stringify({saved: arguments[0]}))",
            saved,
        )
        for n in range(ROUNDS):
            d.get(url + "?view=agenda")
            wait(  # the stored agenda was read: its talks are in the link
                d,
                lambda d: _query(d).get("saved") == [saved] and _toggle(d) is not None,
                timeout=SERVER_START_S,
                why="the stored agenda was not read",
            )
            idle(d)
            time.sleep(1.0 + n)  # settled, as a person reads before clicking
            press(d, _toggle(d))
            wait(d, lambda d: _query(d).get("fits") == ["1"], why="the toggle did not take")
            idle(d)
            q = _query(d)
            assert q.get("view") == ["agenda"], f"round {n}: {d.current_url}"
            assert d.find_elements(By.CSS_SELECTOR, ".st-key-print"), f"round {n}: not My agenda"

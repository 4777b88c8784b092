"""My agenda after the program changed, in a real Chromium against a real
`streamlit run app.py`: the page script keeps each saved talk as saved beside its id
in this browser's local storage (`appviews/storage.py`), the app says what the
program changed since (old → new) and names a dropped talk by its saved title, OK
keeps the talk as it is now in the browser too, and an agenda an earlier version kept
(ids only) loads, says no change and gains the talks as they are now. Every step
waits for what it needs; the server and the browser are stopped however it ends."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import icalendar

from appviews import storage
from appviews.models import agenda as agenda_mod
from appviews.models.agenda import Agenda
from tests.test_app_agenda_changed import changed_home  # noqa: F401  (the fixture)
from tests.test_browser import BROWSER_MARKS, SERVER_START_S, chromium, streamlit_server, wait

pytestmark = [*BROWSER_MARKS, __import__("pytest").mark.model]

from selenium.webdriver.common.by import By  # noqa: E402


def _body(d: Any) -> str:
    return str(d.find_element(By.TAG_NAME, "body").text)


def _entry(d: Any) -> dict[str, Any]:
    text = d.execute_script(f"return window.localStorage.getItem({storage.KEY!r});")
    return json.loads(text) if text else {}


def _press(d: Any, key: str) -> None:
    """Click the shown button of the widget made with `key=`, again if Streamlit drew
    it anew meanwhile (a stale element)."""

    def attempt(d: Any) -> bool:
        for b in d.find_elements(By.CSS_SELECTOR, f".st-key-{key} button"):
            if b.is_displayed():
                d.execute_script("arguments[0].scrollIntoView({block: 'center'});", b)
                b.click()
                return True
        return False

    wait(d, attempt, why=f"no button {key}")


def test_the_browser_keeps_saved_talks_as_saved_and_the_agenda_says_what_changed(
    changed_home,  # noqa: F811
    tmp_path,
) -> None:
    home, ids, was = changed_home
    mine = Agenda(tuple(ids.values()))
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    link = f"?view=agenda&saved={agenda_mod.encode_ids(mine.saved)}"
    moved = (
        "Changed since you saved it: time Wed 13 Feb 20:00–21:30 → Wed 13 Feb 20:30–22:00; "
        "room Kino 1 → Kino 2."
    )
    with (
        streamlit_server(home, tmp_path / "streamlit.log") as url,
        chromium(downloads) as d,
    ):
        d.get(url)  # the app's origin, for its local storage
        d.execute_script(
            "localStorage.setItem(arguments[0], arguments[1]);",
            storage.KEY,
            storage.encode(mine, was),
        )
        d.get(url + link)
        said = (
            moved,
            "title “Short flims from Lagos” → “Short films from Lagos”",
            "status on the program → cancelled",
            "Late screening",
            "When you saved it: Wed 13 Feb 22:00–23:30",
        )
        wait(  # (the page is drawn part by part: all of it)
            d,
            lambda d: all(x in _body(d) for x in said),
            timeout=SERVER_START_S,
            why="the changes are not all said",
        )
        d.save_screenshot(str(tmp_path / "agenda-changed.png"))
        # sweep 24: the calendar writes the dropped talk as saved, cancelled (as the
        # offline site's does), and the moved one at its new time
        _press(d, "dl-ics")
        path = downloads / "talkbase-agenda.ics"
        wait(
            d,
            lambda d: path.exists() and not list(downloads.glob("*.crdownload")),
            why="the .ics never arrived",
        )
        events = {
            str(e["UID"]): e for e in icalendar.Calendar.from_ical(path.read_bytes()).walk("VEVENT")
        }
        late = events[f"talk-{ids['late']}@talkbase"]
        assert str(late["SUMMARY"]) == "Late screening" and late["STATUS"] == "CANCELLED"
        assert late.decoded("DTSTART") == was[ids["late"]].start
        opening = events[f"talk-{ids['opening']}@talkbase"]
        assert opening.decoded("DTSTART") == was[ids["opening"]].start + timedelta(minutes=30)
        # sweep 24: on a phone's width the day's compact list says the change too
        d.set_window_size(420, 1100)
        wait(
            d,
            lambda d: any(
                moved in e.text
                for e in d.find_elements(By.CSS_SELECTOR, ".tb-aglist")
                if e.is_displayed()
            ),
            why="the phone's day list does not say the change",
        )
        d.save_screenshot(str(tmp_path / "agenda-changed-phone.png"))
        d.set_window_size(1400, 1100)
        # OK: the talk is kept as it is now, in this browser's agenda too
        _press(d, f"agenda-ack-{ids['opening']}")
        wait(
            d,
            lambda d: (
                _entry(d).get("seen", {}).get(str(ids["opening"]), {}).get("room") == "Kino 2"
            ),
            why="OK was not kept in the browser",
        )
        wait(d, lambda d: moved not in _body(d), why="the change is still said after OK")
        assert _entry(d)["saved"] == agenda_mod.encode_ids(mine.saved)
        kept = storage.decode_seen(json.dumps(_entry(d)), mine)
        assert kept[ids["shorts"]].title == "Short flims from Lagos"  # the others as saved

        # an agenda an earlier version kept: its ids only
        d.execute_script(
            "localStorage.setItem(arguments[0], arguments[1]);",
            storage.KEY,
            json.dumps({"saved": agenda_mod.encode_ids(mine.saved)}),
        )
        d.get(url + link)
        held = {str(i) for i in mine.saved if i != ids["late"]}
        wait(
            d,
            lambda d: set(_entry(d).get("seen", {})) == held,
            timeout=SERVER_START_S,
            why="the app did not keep the saved talks as they are now",
        )
        # known by its id only, still named (drawn after the talks the base holds)
        wait(d, lambda d: f"A talk saved as {ids['late']}" in _body(d), why="not named")
        assert "Changed since you saved it" not in _body(d)
        assert _entry(d)["saved"] == agenda_mod.encode_ids(mine.saved)

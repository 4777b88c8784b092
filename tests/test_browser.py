"""The app in a real browser: Debian's chromium driven by Selenium against a real
`streamlit run app.py` on localhost, with the demo knowledge base (real model).

Run `sh scripts/ensure-chromium.sh` (or `make browser`) once to install chromium
and chromium-driver; without them these tests are skipped, saying why.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import icalendar
import pytest

from talkbase.serve import app_command

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
EVIL = ROOT / "tests" / "data" / "evil_program.txt"
SERVER_START_S = 90  # starting streamlit, opening the knowledge base and the model
STEP_S = 30  # any one step of a person's path through the app

if os.environ.get("CI") and not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
    # In CI the browser must be there (`make test` installs it): never skip silently.
    raise RuntimeError(
        "CI: /usr/bin/chromium and /usr/bin/chromedriver are missing; "
        "scripts/ensure-chromium.sh should have installed them"
    )

# the marks of every test that drives Chromium (the app's here, the offline site's in
# tests/test_site_*browser.py, which import them): skipped, saying why, without it
BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
        reason="needs Debian's chromium and chromium-driver "
        "(/usr/bin/chromium, /usr/bin/chromedriver): run "
        "`sh scripts/ensure-chromium.sh` or `make browser`",
    ),
]
pytestmark = BROWSER_MARKS

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def until_healthy(proc: subprocess.Popen[bytes], url: str, log: Path, what: str) -> None:
    """Wait until `url` answers its health check; fail with the log's tail if the
    process `what` exits first, or after SERVER_START_S."""
    deadline = time.monotonic() + SERVER_START_S
    while True:
        if proc.poll() is not None:
            pytest.fail(f"{what} exited with {proc.returncode}: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url + "_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not answer within {SERVER_START_S}s")
        time.sleep(0.25)


@contextmanager
def streamlit_server(home: Path, log: Path) -> Iterator[str]:
    """`streamlit run app.py` on a free localhost port; always stopped afterwards."""
    port = free_port()
    env = {**os.environ, "TALKBASE_HOME": str(home), "HF_HUB_OFFLINE": "1"}
    cmd = app_command("127.0.0.1", port, watch_files=False)
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        until_healthy(proc, url, log, "streamlit")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)


@contextmanager
def chromium(downloads: Path) -> Iterator[Any]:
    profile = tempfile.mkdtemp(prefix="talkbase-chromium-")
    opts = Options()
    opts.binary_location = str(CHROMIUM)
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--window-size=1400,1100",
        f"--user-data-dir={profile}",
    ):
        opts.add_argument(arg)
    opts.add_experimental_option(
        "prefs",
        {"download.default_directory": str(downloads), "download.prompt_for_download": False},
    )
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=opts)
    try:
        driver.set_page_load_timeout(STEP_S * 2)
        driver.execute_cdp_cmd(
            "Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
        )
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait(driver: Any, what: Callable[[Any], Any], timeout: float = STEP_S, why: str = "") -> Any:
    def attempt(d: Any) -> Any:
        try:
            return what(d)
        except StaleElementReferenceException:  # streamlit re-rendered it meanwhile
            return None

    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(attempt, message=why)


def idle(driver: Any) -> None:
    """Wait until the script run is over (no "Running..." status, nothing stale)."""
    time.sleep(0.3)
    wait(
        driver,
        lambda d: (
            not d.find_elements(By.CSS_SELECTOR, '[data-testid="stStatusWidget"]')
            and not d.find_elements(By.CSS_SELECTOR, '[data-stale="true"]')
        ),
        why="app stays busy",
    )


def own_agenda(driver: Any, link: str) -> None:
    """Open an agenda link as the person whose agenda it is: the agenda this browser
    keeps holds the link's talks (else the app shows the link's as shared with them)."""
    from urllib.parse import parse_qs, urlsplit

    saved = parse_qs(urlsplit(link).query).get("saved", [""])[0]
    driver.get(link)  # (the app's origin, for its local storage)
    driver.execute_script(
        "localStorage.setItem('talkbase-agenda', JSON.stringify({saved: arguments[0]}))", saved
    )
    driver.get(link)


def titles(driver: Any) -> list[str]:
    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".tb-title, .tb-title-big")]


def press(driver: Any, element: Any) -> None:
    """Click like a person: scrolled into the middle of the window first (not under the
    app's header)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
    element.click()


def click_key(driver: Any, key: str) -> None:
    """Click the button of the widget created with `key=` (Streamlit adds st-key-<key>)."""
    press(
        driver,
        wait(
            driver,
            lambda d: next(
                (
                    b
                    for b in d.find_elements(By.CSS_SELECTOR, f".st-key-{key} button")
                    if b.is_displayed()  # on a phone a button with help has a hidden twin
                ),
                None,
            ),
            why=f"no button {key}",
        ),
    )


def nav(driver: Any, view: str) -> None:
    press(
        driver,
        wait(
            driver,
            lambda d: next(
                (
                    b
                    for b in d.find_elements(By.CSS_SELECTOR, ".st-key-view button")
                    if b.text.startswith(view)
                ),
                None,
            ),
            why=f"no {view} button",
        ),
    )


def search(driver: Any, query: str, expect: str) -> float:
    box = wait(
        driver,
        lambda d: d.find_element(By.CSS_SELECTOR, 'input[aria-label="Search talks"]'),
        why="no search box",
    )
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(query, Keys.ENTER)
    t0 = time.perf_counter()
    wait(
        driver,
        lambda d: titles(d) and titles(d)[0].startswith(expect),
        why=f"{expect!r} not first for {query!r}",
    )
    return time.perf_counter() - t0


def test_search_open_save_and_download_the_calendar(demo_home, demo_kb, tmp_path) -> None:
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    mccl = next(t for t in demo_kb.talks.values() if t.title.startswith("MCCL"))
    t_spawn = time.perf_counter()
    with streamlit_server(demo_home, tmp_path / "streamlit.log") as url, chromium(downloads) as d:
        d.get(url)
        wait(
            d,
            lambda d: d.find_elements(By.CSS_SELECTOR, 'input[aria-label="Search talks"]'),
            timeout=SERVER_START_S,
            why="the app never showed its search box",
        )
        cold_ready = time.perf_counter() - t_spawn
        first = search(d, "fault-tolerant collectives", "MCCL: Fault-Tolerant Collective")
        cold_first_result = time.perf_counter() - t_spawn
        idle(d)
        assert "q=fault-tolerant+collectives" in d.current_url
        marks = [m.text.lower() for m in d.find_elements(By.CSS_SELECTOR, ".tb-title mark")]
        assert "fault" in marks and "collective" in marks
        assert (
            "Found by your words and by meaning" in d.find_element(By.CSS_SELECTOR, ".tb-why").text
        )
        d.save_screenshot(str(tmp_path / "search.png"))
        warm = search(d, "running PyTorch on Google TPUs", "TorchTPU")
        idle(d)
        search(d, "fault-tolerant collectives", "MCCL")
        idle(d)

        click_key(d, f"result-open-{mccl.id}")
        wait(
            d,
            lambda d: any(
                mccl.abstract in e.text
                for e in d.find_elements(By.CSS_SELECTOR, '[data-testid="stText"]')
            ),
            why="the talk page shows no abstract",
        )
        # the abstract can be on screen a moment before the heading: wait for both
        wait(d, lambda d: titles(d)[:1] == [mccl.title], why="the talk page has no title")
        idle(d)
        click_key(d, f"page-save-{mccl.id}")
        wait(
            d,
            lambda d: d.find_elements(By.CSS_SELECTOR, f".st-key-page-remove-{mccl.id}"),
            why="saving did not take",
        )
        idle(d)
        assert f"saved={mccl.id}" in d.current_url  # the URL is the share link

        assert "My agenda (1)" in [
            b.text for b in d.find_elements(By.CSS_SELECTOR, ".st-key-view button")
        ]
        nav(d, "My agenda")
        wait(
            d,
            lambda d: d.find_elements(By.CSS_SELECTOR, ".st-key-dl-ics button"),
            why="no calendar download on My agenda",
        )
        idle(d)
        click_key(d, "dl-ics")
        path = downloads / "talkbase-agenda.ics"
        wait(
            d,
            lambda d: path.exists() and not list(downloads.glob("*.crdownload")),
            why="the .ics never arrived",
        )
        d.save_screenshot(str(tmp_path / "agenda.png"))

        # Browse > Topic map: dragging over dots lists those talks
        nav(d, "Browse")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "table.tb-byday"), why="no tracks")
        press(
            d,
            wait(
                d,
                lambda d: next(
                    (
                        t
                        for t in d.find_elements(By.CSS_SELECTOR, ".st-key-browse-view button")
                        if t.text == "Topic map"
                    ),
                    None,
                ),
                why="no Topic map choice",
            ),
        )
        chart = wait(
            d,
            lambda d: d.find_element(By.CSS_SELECTOR, ".st-key-topic-map .vega-embed"),
            why="no topic map",
        )
        idle(d)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'});", chart)
        width, height = chart.rect["width"], chart.rect["height"]
        ActionChains(d).move_to_element_with_offset(
            chart, -int(width * 0.45), -int(height * 0.45)
        ).click_and_hold().move_by_offset(int(width * 0.9), int(height * 0.8)).release().perform()
        wait(
            d,
            lambda d: d.find_elements(By.CSS_SELECTOR, '[class*="st-key-card-map-"]'),
            why="selecting dots on the topic map listed no talks",
        )
        idle(d)
        listed = d.find_elements(By.CSS_SELECTOR, '[class*="st-key-card-map-"]')
        assert (
            f"{len(listed)} talks in the selected area." in d.find_element(By.TAG_NAME, "body").text
        )

    calendar = icalendar.Calendar.from_ical(path.read_bytes())
    (event,) = calendar.walk("VEVENT")
    assert str(event["UID"]) == f"talk-{mccl.id}@talkbase"
    assert str(event["SUMMARY"]) == mccl.title
    assert event.decoded("DTSTART") == mccl.start and event.decoded("DTEND") == mccl.end
    assert (tmp_path / "agenda.png").stat().st_size > 10_000
    timings = (
        f"cold start: search box after {cold_ready:.1f}s, first result after "
        f"{cold_first_result:.1f}s (that search: {first:.2f}s); warm search {warm:.2f}s"
    )
    (tmp_path / "timings.txt").write_text(timings + "\n")
    print("\n" + timings + f"\nscreenshots: {tmp_path / 'search.png'}, {tmp_path / 'agenda.png'}")


def _inert(d: Any) -> str:
    """Checks that nothing from the program ran or restyled the page; returns its text."""
    assert d.execute_script("return window.pwned === undefined")
    # the app's own title (a page names itself first, as text: Sweep 22), never the program's
    assert d.title == "talkbase" or d.title.endswith(" · talkbase"), d.title
    assert d.find_element(By.TAG_NAME, "body").is_displayed()
    assert not d.find_elements(By.CSS_SELECTOR, "img[src='x'], iframe[src*='example.com']")
    assert not d.execute_script(
        "return [...document.querySelectorAll('script')].some(s => s.text.includes('pwned'))"
    )
    assert not d.find_elements(By.XPATH, "//a[contains(@href, 'javascript')]")
    return d.find_element(By.TAG_NAME, "body").text


def test_program_text_never_runs_or_restyles_the_page(evil_home, tmp_path) -> None:
    home, evil_id = evil_home
    with streamlit_server(home, tmp_path / "streamlit.log") as url, chromium(tmp_path) as d:
        d.get(url + "?q=collective")
        wait(
            d,
            lambda d: any("pwned" in t for t in titles(d)),
            timeout=SERVER_START_S,
            why="the malicious talk is not listed",
        )
        idle(d)
        text = _inert(d)
        assert "<script>window.pwned=1</script> **Bold** [click](javascript:alert(1))" in text
        assert 'Mallory <img src=x onerror="window.pwned=2">' in text
        click_key(d, f"result-open-{evil_id}")
        wait(
            d,
            lambda d: d.find_elements(By.CSS_SELECTOR, ".tb-title-big"),
            why="the talk page did not open",
        )
        idle(d)
        text = _inert(d)
        assert "<style>body{display:none}</style>" in text
        assert '<iframe src="https://example.com"></iframe> ~~strike~~ `code` :smile:' in text
        d.save_screenshot(str(tmp_path / "malicious-talk.png"))


def _boxes(d: Any) -> list[Any]:
    return d.find_elements(By.CSS_SELECTOR, ".tb-grid [data-talk]")


def _timed(d: Any, action: Callable[[], None], done: Callable[[Any], Any], why: str) -> float:
    """Seconds from a person's click to the new screen being there."""
    t0 = time.perf_counter()
    action()
    wait(d, done, why=why)
    return time.perf_counter() - t0


def test_back_people_pages_program_grid_and_agenda_axis(demo_home, demo_kb, tmp_path) -> None:
    mccl = next(t for t in demo_kb.talks.values() if t.title.startswith("MCCL"))
    day = mccl.day.isoformat()
    other = next(
        t
        for t in sorted(demo_kb.talks.values(), key=lambda t: t.id)
        if t.day == mccl.day and t.start and t.end and t.id != mccl.id and t.room != mccl.room
    )
    shots, times = tmp_path, {}
    with streamlit_server(demo_home, tmp_path / "streamlit.log") as url, chromium(tmp_path) as d:
        # Back returns from a talk page to the same results
        d.get(url + "?q=fault-tolerant+collectives")
        wait(
            d,
            lambda d: titles(d) and titles(d)[0].startswith("MCCL"),
            timeout=SERVER_START_S,
            why="no results for the deep link",
        )
        idle(d)
        before = titles(d)
        d.save_screenshot(str(shots / "search.png"))
        times["open a talk"] = _timed(
            d,
            lambda: click_key(d, f"result-open-{mccl.id}"),
            lambda d: d.find_elements(By.CSS_SELECTOR, ".tb-title-big"),
            "the talk did not open",
        )
        idle(d)
        assert f"talk={mccl.id}" in d.current_url
        d.save_screenshot(str(shots / "talk.png"))
        d.back()
        wait(
            d,
            lambda d: not d.find_elements(By.CSS_SELECTOR, ".tb-title-big") and titles(d) == before,
            why="Back did not return to the same results",
        )
        idle(d)
        assert "talk=" not in d.current_url and "q=fault-tolerant+collectives" in d.current_url
        d.forward()
        wait(
            d,
            lambda d: d.find_elements(By.CSS_SELECTOR, ".tb-title-big"),
            why="Forward did not reopen the talk",
        )
        idle(d)

        # switching views, each a history entry
        times["switch to Program"] = _timed(
            d, lambda: nav(d, "Program"), _boxes, "the program grid did not show"
        )
        idle(d)
        times["switch to Now & next"] = _timed(
            d,
            lambda: nav(d, "Now & next"),
            lambda d: "rooms with a saved talk first" in d.find_element(By.TAG_NAME, "body").text,
            "Now & next did not show",
        )
        idle(d)
        d.save_screenshot(str(shots / "now.png"))
        d.back()
        wait(d, _boxes, why="Back did not return to the program grid")
        idle(d)

        # the grid shows durations and marks a saved talk; a click opens the talk
        own_agenda(d, url + f"?view=agenda&saved={mccl.id}")  # (added: now the browser's)
        d.get(url + f"?view=program&date={day}&saved={mccl.id}")
        wait(d, _boxes, timeout=SERVER_START_S, why="no grid")
        idle(d)
        box = d.find_element(By.CSS_SELECTOR, f'.tb-grid [data-talk="{mccl.id}"]')
        assert "tb-saved" in box.get_attribute("class") and "✓ saved" in box.text
        assert f"· {mccl.duration_minutes} min" in box.text and "Ben Carver" in box.text
        heights = {
            t: d.find_element(By.CSS_SELECTOR, f'.tb-grid [data-talk="{t.id}"]').rect["height"]
            for t in (mccl, other)
        }
        assert heights[mccl] > 40 and heights[other] > 20  # boxes span their duration
        rooms = [e.text for e in d.find_elements(By.CSS_SELECTOR, ".tb-grid .tb-h")][1:]
        assert sorted(rooms) == sorted(
            {t.room for t in demo_kb.talks.values() if t.day == mccl.day}
        )
        d.save_screenshot(str(shots / "program.png"))
        target = d.find_element(By.CSS_SELECTOR, f'.tb-grid [data-talk="{other.id}"]')
        d.execute_script(
            "arguments[0].scrollIntoView({block: 'center', inline: 'center'});", target
        )
        times["open a talk from the grid"] = _timed(
            d, target.click, lambda d: titles(d)[:1] == [other.title], "the grid did not open it"
        )
        idle(d)
        d.back()
        wait(d, _boxes, why="Back did not return to the grid")
        idle(d)

        # speaker and organization pages
        d.get(url + "?speaker=Ben+Carver")
        wait(
            d,
            lambda d: mccl.title in titles(d),
            timeout=SERVER_START_S,
            why="the speaker page does not list the MCCL talk",
        )
        idle(d)
        d.save_screenshot(str(shots / "speaker.png"))
        aws = sorted(
            t.title
            for t in demo_kb.talks.values()
            if any(s.affiliation in ("AWS", "Amazon", "Amazon Web Services") for s in t.speakers)
        )
        pages = []
        for name in ("AWS", "Amazon+Web+Services"):
            # the agenda saved above is kept in this browser and would come back into
            # the URL (appviews/storage.py): this checks the organization's own link
            d.execute_script("window.localStorage.clear();")
            d.get(url + f"?org={name}")
            wait(
                d,
                lambda d: titles(d)[:1] == ["Amazon Web Services"] and set(aws) <= set(titles(d)),
                timeout=SERVER_START_S,
                why=f"the page of {name} does not list every AWS talk",
            )
            idle(d)
            pages.append((titles(d), d.current_url.split("?", 1)[1]))
        assert pages[0] == pages[1] and pages[0][1] == "org=Amazon+Web+Services"
        d.save_screenshot(str(shots / "organization.png"))

        # the agenda's axis spans the saved talks (from the hour of the first), hour ticks
        own_agenda(d, url + f"?view=agenda&saved={mccl.id}")
        labels = wait(
            d,
            lambda d: [
                e.text for e in d.find_elements(By.CSS_SELECTOR, f".st-key-day-{day} svg text")
            ],
            timeout=SERVER_START_S,
            why="no agenda timeline",
        )
        idle(d)
        labels = [e.text for e in d.find_elements(By.CSS_SELECTOR, f".st-key-day-{day} svg text")]
        hours = [x for x in labels if len(x) == 5 and x.endswith(":00")]
        first = f"{mccl.start:%H}:00"
        assert hours[0] == first and len(hours) >= 2, hours  # not an empty morning (issue 39)
        assert any(mccl.title[:20] in x for x in labels)  # the bar is labelled
        assert "1 saved talk." in d.find_element(By.TAG_NAME, "body").text
        d.save_screenshot(str(shots / "agenda-axis.png"))
    report = "; ".join(f"{k}: {v:.2f}s" for k, v in times.items())
    (tmp_path / "timings.txt").write_text(report + "\n")
    print(f"\nclick to screen: {report}\nscreenshots in {shots}")


LONG = "x" * 5000


@pytest.fixture(scope="module")
def long_home(tmp_path_factory: pytest.TempPathFactory, real_embedder) -> Path:
    """A knowledge base of one talk whose title and notes hold a 5,000-character word."""
    from index.build.builder import ingest

    folder = tmp_path_factory.mktemp("long-docs")
    (folder / "long.txt").write_text(
        "Long Words Conference 2026#\nA digest with one very long word.\nCore#\n"
        f"Collective {LONG} Communication#\nAlice Example — Good Org\n"
        f"- Why: Collective communication {LONG} for training.\n- What: Plain words.\n",
        encoding="utf-8",
    )
    home = tmp_path_factory.mktemp("long-home")
    ingest([folder], home, real_embedder)
    return home


def _overflow(d: Any) -> int:
    """How far the page reaches past the window sideways (0: nothing does)."""
    return int(
        d.execute_script(
            "const main = document.querySelector('[data-testid=\"stMain\"]') || document.body;"
            "return Math.max(document.documentElement.scrollWidth - window.innerWidth,"
            " main.scrollWidth - main.clientWidth, 0);"
        )
    )


def test_a_5000_character_word_wraps_inside_the_card(long_home, tmp_path) -> None:
    with streamlit_server(long_home, tmp_path / "streamlit.log") as url, chromium(tmp_path) as d:
        d.get(url + "?q=collective")
        wait(
            d,
            lambda d: any("xxxx" in t for t in titles(d)),
            timeout=SERVER_START_S,
            why="the long-word talk is not listed",
        )
        idle(d)
        card = d.find_element(By.CSS_SELECTOR, '[class*="st-key-card-result-"]')
        title = card.find_element(By.CSS_SELECTOR, ".tb-title")
        assert title.rect["width"] <= card.rect["width"] and title.rect["height"] > 60
        assert _overflow(d) == 0
        d.save_screenshot(str(tmp_path / "long-word-results.png"))
        click_key(
            d,
            card.get_attribute("class")
            .split("st-key-card-result-")[1]
            .split()[0]
            .join(("result-open-", "")),
        )
        wait(
            d,
            lambda d: d.find_elements(By.CSS_SELECTOR, ".tb-title-big"),
            why="the talk page did not open",
        )
        idle(d)
        assert _overflow(d) == 0
        d.save_screenshot(str(tmp_path / "long-word-talk.png"))


def _result_cards(d: Any) -> list[Any]:
    return d.find_elements(By.CSS_SELECTOR, '[class*="st-key-card-result-"]')


def _scroll_y(d: Any) -> int:
    """How far the results are scrolled (Streamlit scrolls its main block, not the window)."""
    return int(
        d.execute_script(
            "const main = document.querySelector('[data-testid=\"stMain\"]');"
            "return Math.round(Math.max(window.scrollY, main ? main.scrollTop : 0));"
        )
    )


def _card_id(card: Any) -> str:
    return str(card.get_attribute("class").split("st-key-card-result-")[1].split()[0])


def _type_query(d: Any, query: str) -> None:
    """Type a new query in the search box and press Enter, as a person would."""

    def typed(d: Any) -> bool:
        box = d.find_element(By.CSS_SELECTOR, 'input[aria-label="Search talks"]')
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(query, Keys.ENTER)
        return True

    wait(d, typed, why=f"could not type {query!r}")


def _search_open_and_back(d: Any, n: int, query: str, more: bool) -> None:
    """One round: type `query`, maybe press "Show more", open a result far down the
    list, press Back once the talk shows; the same list must come back, as deep and
    scrolled as far as it was."""
    in_url = "q=" + query.replace(" ", "+")
    _type_query(d, query)
    wait(
        d,
        lambda d: in_url in d.current_url and _result_cards(d),
        why=f"round {n}: no results for {query!r}",
    )
    idle(d)
    depth = len(_result_cards(d))
    if more:
        assert depth == 10, f"round {n}: {query!r} has too few results to show more"
        click_key(d, "more")
        wait(d, lambda d: len(_result_cards(d)) > 10, why=f"round {n}: no more results")
        idle(d)
        depth = len(_result_cards(d))
    before = titles(d)
    card = _result_cards(d)[min(depth - 1, 6 + n)]
    talk = _card_id(card)
    button = next(
        b
        for b in card.find_elements(By.CSS_SELECTOR, f".st-key-result-open-{talk} button")
        if b.is_displayed()  # not the hidden twin a phone's layout gives it
    )
    d.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    time.sleep(0.3)
    scrolled = _scroll_y(d)
    assert scrolled > 200, f"round {n}: the list is too short to scroll"
    button.click()
    wait(
        d,
        lambda d: d.find_elements(By.CSS_SELECTOR, ".tb-title-big"),
        why=f"round {n}: the talk did not open",
    )
    # a person presses Back once the page shows, while the app may still be drawing it:
    # by then the page must have its own history entry
    assert f"talk={talk}" in d.current_url, f"round {n}: {d.current_url}"
    d.back()
    wait(
        d,
        lambda d: not d.find_elements(By.CSS_SELECTOR, ".tb-title-big") and titles(d) == before,
        timeout=40,
        why=f"round {n}: Back did not return to the results of {query!r}",
    )
    idle(d)
    assert in_url in d.current_url and "talk=" not in d.current_url, d.current_url
    assert len(_result_cards(d)) == depth, f"round {n}: Show more depth lost"
    wait(
        d,
        lambda d: abs(_scroll_y(d) - scrolled) <= 40,
        timeout=10,
        why=f"round {n}: Back did not scroll the results back to {scrolled}",
    )
    box = 'input[aria-label="Search talks"]'
    wait(
        d,
        lambda d: d.find_element(By.CSS_SELECTOR, box).get_attribute("value") == query,
        why=f"round {n}: the search box lost {query!r}",
    )


def test_back_returns_to_the_results_every_time_in_a_long_session(demo_home, tmp_path) -> None:
    """One tab, several searches in a row: type a query, open a result, Back; each Back
    shows that query's results again, scrolled where they were, "Show more" as deep."""
    rounds = [
        ("GPU kernels", False),
        ("PyTorch", True),  # many results: "Show more" pressed once before opening one
        ("fault tolerant collectives", False),
        ("inference serving", False),
        ("compiler", True),
        ("distributed training", False),
    ]
    with streamlit_server(demo_home, tmp_path / "streamlit.log") as url, chromium(tmp_path) as d:
        d.get(url)
        wait(
            d,
            lambda d: d.find_elements(By.CSS_SELECTOR, 'input[aria-label="Search talks"]'),
            timeout=SERVER_START_S,
            why="the app never showed its search box",
        )
        idle(d)
        for n, (query, more) in enumerate(rounds):
            _search_open_and_back(d, n, query, more)


@contextmanager
def replicated_server(home: Path, log: Path) -> Iterator[str]:
    """`talkbase app --replicas 2`: two app processes behind HAProxy on a free port;
    SIGTERM to `talkbase app` afterwards stops them all."""
    port = free_port()
    env = {**os.environ, "TALKBASE_HOME": str(home), "HF_HUB_OFFLINE": "1"}
    cmd = [sys.executable, "-m", "talkbase.cli", "app", "--port", str(port), "--replicas", "2"]
    with open(log, "w") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=log.parent,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        until_healthy(proc, url, log, "talkbase app (through the proxy)")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=15)


@pytest.mark.skipif(
    shutil.which("haproxy", path=os.environ.get("PATH", "") + ":/usr/sbin") is None,
    reason="needs Debian's haproxy: run `make serve-deps`",
)
def test_back_forward_and_deep_links_through_the_proxy(demo_home, demo_kb, tmp_path) -> None:
    mccl = next(t for t in demo_kb.talks.values() if t.title.startswith("MCCL"))
    with replicated_server(demo_home, tmp_path / "app.log") as url, chromium(tmp_path) as d:
        d.get(url + "?q=fault-tolerant+collectives")  # a deep link, through HAProxy
        wait(
            d,
            lambda d: titles(d) and titles(d)[0].startswith("MCCL"),
            timeout=SERVER_START_S,
            why="no results for the deep link through the proxy",
        )
        idle(d)
        assert any(c["name"] == "TALKBASE_REPLICA" for c in d.get_cookies())  # sticky
        before = titles(d)
        click_key(d, f"result-open-{mccl.id}")
        wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, ".tb-title-big"), why="no talk page")
        idle(d)
        assert f"talk={mccl.id}" in d.current_url
        d.back()
        wait(
            d,
            lambda d: not d.find_elements(By.CSS_SELECTOR, ".tb-title-big") and titles(d) == before,
            why="Back did not return to the same results through the proxy",
        )
        idle(d)
        d.forward()
        wait(
            d,
            lambda d: d.find_elements(By.CSS_SELECTOR, ".tb-title-big"),
            why="Forward did not reopen the talk through the proxy",
        )
        idle(d)
        d.get(url + f"?talk={mccl.id}")  # a deep link to the talk page, a fresh page load
        wait(
            d,
            lambda d: any(t.startswith("MCCL") for t in titles(d)),
            timeout=SERVER_START_S,
            why="the talk's deep link did not open it through the proxy",
        )
        idle(d)
        body = d.find_element(By.TAG_NAME, "body").text
        assert "Traceback" not in body and str(demo_home) not in body


def test_the_first_tab_is_a_skip_link_to_the_search_box(demo_home, tmp_path) -> None:
    with streamlit_server(demo_home, tmp_path / "streamlit.log") as url, chromium(tmp_path) as d:
        d.get(url)
        box = wait(
            d,
            lambda d: d.find_element(By.CSS_SELECTOR, 'input[aria-label="Search talks"]'),
            timeout=SERVER_START_S,
            why="the app never showed its search box",
        )
        idle(d)
        link = wait(d, lambda d: d.find_elements(By.ID, "tb-skip"), why="no skip link")[0]
        assert link.text == "" or link.rect["x"] < 0  # hidden until it has the focus
        d.execute_script("document.activeElement && document.activeElement.blur();")
        ActionChains(d).send_keys(Keys.TAB).perform()
        focused = d.switch_to.active_element
        assert focused.get_attribute("id") == "tb-skip"
        assert focused.text == "Skip to search" and focused.rect["x"] >= 0  # shown when focused
        ActionChains(d).send_keys(Keys.ENTER).perform()
        wait(d, lambda d: d.switch_to.active_element == box, why="Enter left the focus elsewhere")


_OUTSIDE_JS = """
const width = document.documentElement.clientWidth;
return [...document.querySelectorAll(arguments[0])].filter(e => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && (r.left < -1 || r.right > width + 1);
}).map(e => e.textContent.trim().slice(0, 60));
"""


def test_on_a_phone_the_views_and_the_share_link_fit_the_screen(
    demo_home, demo_kb, tmp_path
) -> None:
    """At 390 px (sweep 15, F10): every view of the top bar is on screen (they wrap
    instead of scrolling out of sight), and My agenda's share link wraps inside its
    box, its copy button copying the whole link."""
    mccl = next(t for t in demo_kb.talks.values() if t.title.startswith("MCCL"))
    with streamlit_server(demo_home, tmp_path / "streamlit.log") as url, chromium(tmp_path) as d:
        d.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
        )
        d.execute_cdp_cmd(
            "Browser.grantPermissions",
            {
                "origin": url.rstrip("/"),
                "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"],
            },
        )
        own_agenda(d, url + f"?view=agenda&saved={mccl.id}")
        wait(
            d,
            lambda d: d.find_elements(By.CSS_SELECTOR, '[data-testid="stCode"] code'),
            timeout=SERVER_START_S,
            why="My agenda shows no share link",
        )
        idle(d)
        views = [b.text for b in d.find_elements(By.CSS_SELECTOR, ".st-key-view button")]
        assert [v for v in views if v] == [
            "Search",
            "Program",
            "Now & next",
            "My agenda (1)",
            "Browse",
        ]
        assert d.execute_script(_OUTSIDE_JS, ".st-key-view button") == []
        d.save_screenshot(str(tmp_path / "phone-top.png"))
        code = d.find_element(By.CSS_SELECTOR, '[data-testid="stCode"] code')
        d.execute_script("arguments[0].scrollIntoView({block: 'center'});", code)
        link = code.text.replace("\n", "")
        assert link.endswith(f"?view=agenda&saved={mccl.id}")
        assert d.execute_script(_OUTSIDE_JS, '[data-testid="stCode"] *') == []
        d.save_screenshot(str(tmp_path / "phone-share.png"))
        ActionChains(d).move_to_element(code).perform()  # the copy button shows on hover
        copy = wait(
            d,
            lambda d: next(
                (
                    b
                    for b in d.find_elements(
                        By.CSS_SELECTOR,
                        '[data-testid="stCode"] button[aria-label="Copy to clipboard"]',
                    )
                    if b.is_displayed()
                ),
                None,
            ),
            why="the share link has no copy button",
        )
        copy.click()
        read = (
            "const done = arguments[0];"
            "navigator.clipboard.readText().then(done, (e) => done('refused: ' + e));"
        )
        wait(
            d,
            lambda d: d.execute_async_script(read) == link,
            why="the copy button did not copy the whole link",
        )
    print(f"\nscreenshots: {tmp_path / 'phone-top.png'}, {tmp_path / 'phone-share.png'}")

"""The offline site reads a clock time, a day by its order and a language typed into its
search box, in real Chromium (sweep 21, site-limits): "kernel nach 14 Uhr auf Deutsch"
shows the one talk in German after 14:00 and says what it read; the site showed every
talk holding "kernel" (tests/test_site_limits.py: the same reading as the server's)."""

from __future__ import annotations

import pytest

from talkbase.cli import main
from tests.test_browser import BROWSER_MARKS, chromium, wait
from tests.test_site_browser import _ready, _serve

pytestmark = BROWSER_MARKS

By = pytest.importorskip("selenium.webdriver.common.by").By

PORT = 8641  # (this work's ports: 8640-8649)
NOTE_PORT = 8621  # (site-parity's: 8620-8629)
PROGRAM = (
    "title,speakers,date,start,end,room,timezone,language,abstract\n"
    "Speicherverwaltung im Kernel,Anna Schmidt,2026-11-15,09:00,09:45,Saal 1,Europe/Berlin,de,"
    "Seiten und Slabs im Kernel.\n"
    "Kernel-Scheduler von innen,Karl Weber,2026-11-15,15:00,15:45,Saal 1,Europe/Berlin,de,"
    "Wie der Kernel plant.\n"
    "Kernel memory management,Mia Wong,2026-11-15,16:00,16:45,Saal 2,Europe/Berlin,en,"
    "Pages and slabs in the kernel.\n"
)


def test_the_site_reads_a_time_and_a_language_typed_into_its_box(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    (tmp_path / "program.csv").write_text(PROGRAM, encoding="utf-8")
    home, site = str(tmp_path / "home"), tmp_path / "site"
    assert main(["--home", home, "ingest", str(tmp_path / "program.csv")]) == 0
    assert main(["--home", home, "export", "--format", "site", "-o", str(site)]) == 0
    server = _serve(site, PORT)
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(f"http://127.0.0.1:{PORT}/")
            _ready(d)
            d.find_element(By.ID, "q").send_keys("kernel nach 14 Uhr auf Deutsch")

            def titles(d):
                found = [
                    c.find_element(By.CSS_SELECTOR, "a.open").text
                    for c in d.find_elements(By.CSS_SELECTOR, "#results .card")
                ]
                if "Deutsch" not in d.current_url:  # (the search not run yet)
                    return None
                none = "No talk matches" in d.find_element(By.ID, "results").text
                return found or (["(none)"] if none else None)

            shown = wait(d, titles, why="no results for the question")
            assert shown == ["Kernel-Scheduler von innen"]
            read = d.find_element(By.ID, "read").text
            assert read == "Read from your words: after 14:00 · in German"
    finally:
        server.kill()
        server.wait(timeout=10)


def test_the_site_says_back_a_weekday_its_program_does_not_hold(tmp_path, monkeypatch):
    """'talks on Wednesday' of a program on a Sunday: the site says "No talks on
    Wednesday at …: showing all days." where it says what it read, and lists every talk,
    as the app and the CLI do (sweep 23, site-parity); it said nothing and searched
    "Wednesday" as a word."""
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    (tmp_path / "program.csv").write_text(PROGRAM, encoding="utf-8")
    home, site = str(tmp_path / "home"), tmp_path / "site"
    assert main(["--home", home, "ingest", str(tmp_path / "program.csv")]) == 0
    assert main(["--home", home, "export", "--format", "site", "-o", str(site)]) == 0
    server = _serve(site, NOTE_PORT)
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(f"http://127.0.0.1:{NOTE_PORT}/")
            _ready(d)
            d.find_element(By.ID, "q").send_keys("talks on Wednesday")

            def said(d):
                read = d.find_element(By.ID, "read").text
                cards = d.find_elements(By.CSS_SELECTOR, "#results .card")
                return read if "Wednesday" in d.current_url and read and cards else None

            read = wait(d, said, why="no note for a weekday the program does not hold")
            assert read.startswith("No talks on Wednesday at ")
            assert read.endswith(": showing all days.")
            assert len(d.find_elements(By.CSS_SELECTOR, "#results .card")) == 3
    finally:
        server.kill()
        server.wait(timeout=10)


INFLECTED_PORT = 8661  # (siteleft's: 8660-8669)
INFLECTED = (
    "title,speakers,date,start,end,room,timezone,language,abstract\n"
    "Bezpečnost webu,Jan Novák,2026-11-15,09:00,09:45,Místnost 102,Europe/Prague,cs,"
    "Webové aplikace.\n"
    "Umělá inteligence,Jana Veselá,2026-11-15,11:00,11:45,Místnost 103,Europe/Prague,cs,"
    "Modely.\n"
    "Rust for embedded devices,Ann Lee,2026-11-15,13:00,13:45,K.1.105,Europe/Prague,en,"
    "Writing safe firmware in Rust.\n"
)


def test_the_site_reads_a_room_in_another_case_and_lists_talks_not_on_a_day_said_back(
    tmp_path, monkeypatch
):
    """Czech "v místnosti 102" (in room 102, "Místnost 102" in the locative) typed into
    the box shows that room's talk and says so, and "not on Wednesday" of a program on a
    Sunday lists every talk as the nearest under its note (Sweep 24, siteleft): the site
    read no room and listed no talk."""
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    (tmp_path / "program.csv").write_text(INFLECTED, encoding="utf-8")
    home, site = str(tmp_path / "home"), tmp_path / "site"
    assert main(["--home", home, "ingest", str(tmp_path / "program.csv")]) == 0
    assert main(["--home", home, "export", "--format", "site", "-o", str(site)]) == 0
    server = _serve(site, INFLECTED_PORT)
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(f"http://127.0.0.1:{INFLECTED_PORT}/")
            _ready(d)

            def results(d, said):
                read = d.find_element(By.ID, "read").text
                cards = d.find_elements(By.CSS_SELECTOR, "#results .card")
                if said not in read:
                    return None
                return [c.find_element(By.CSS_SELECTOR, "a.open").text for c in cards] or None

            d.find_element(By.ID, "q").send_keys("v místnosti 102")
            shown = wait(d, lambda d: results(d, "room Místnost 102"), why="no room read")
            assert shown == ["Bezpečnost webu"]
            box = d.find_element(By.ID, "q")
            box.clear()
            box.send_keys("not on Wednesday")
            shown = wait(d, lambda d: results(d, "No talks on Wednesday"), why="no talks listed")
            assert len(shown) == 3
            assert d.find_element(By.ID, "nearest").text
    finally:
        server.kill()
        server.wait(timeout=10)


LEFT_PORT = 8751  # (siteparity2's: 8750-8759)
LEFT = (
    "title,speakers,date,start,end,room,timezone,language,abstract\n"
    "Rust in production,Ann Lee,2026-11-15,09:00,09:45,Level 2,Europe/Berlin,en,Safe services.\n"
    "Rust async,Bob Stone,2026-11-15,11:00,11:45,Level 1,Europe/Berlin,en,Futures.\n"
    "Robotics lab for kids,Mia Wong,2026-11-15,13:00,13:45,Lab,Europe/Berlin,en,Robots.\n"
    "Open lab night,Karl Weber,2026-11-15,15:00,15:45,Main Hall,Europe/Berlin,en,Hardware.\n"
)


def test_the_site_says_a_room_read_for_another_word_and_what_left_out_nothing(
    tmp_path, monkeypatch
):
    """ "rust in room 2 but not kubernetes" where the rooms are "Level 1", "Level 2":
    the site says the room was read for "room 2", and that no talk says "kubernetes",
    so nothing was left out; "in Main Hall or Lab" lists both rooms' talks (Sweep 24,
    siteparity2): the site said "room Level 2" alone, nothing of the word left out,
    and read Main Hall only."""
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    (tmp_path / "program.csv").write_text(LEFT, encoding="utf-8")
    home, site = str(tmp_path / "home"), tmp_path / "site"
    assert main(["--home", home, "ingest", str(tmp_path / "program.csv")]) == 0
    assert main(["--home", home, "export", "--format", "site", "-o", str(site)]) == 0
    server = _serve(site, LEFT_PORT)
    try:
        with chromium(tmp_path / "downloads") as d:
            d.get(f"http://127.0.0.1:{LEFT_PORT}/")
            _ready(d)

            def results(d, said):
                read = d.find_element(By.ID, "read").text
                cards = d.find_elements(By.CSS_SELECTOR, "#results .card")
                if said not in read:
                    return None
                return [c.find_element(By.CSS_SELECTOR, "a.open").text for c in cards] or None

            d.find_element(By.ID, "q").send_keys("rust in room 2 but not kubernetes")
            shown = wait(d, lambda d: results(d, "kubernetes"), why="no room read")
            assert shown == ["Rust in production"]
            read = d.find_element(By.ID, "read").text
            assert "No talk matches “kubernetes”, so nothing was left out for it." in read
            assert "room Level 2 (for “room 2”)" in read
            box = d.find_element(By.ID, "q")
            box.clear()
            box.send_keys("in Main Hall or Lab")
            shown = wait(d, lambda d: results(d, "room Lab"), why="no second room read")
            assert sorted(shown) == ["Open lab night", "Robotics lab for kids"]
    finally:
        server.kill()
        server.wait(timeout=10)

"""A talk its program calls off (iCal STATUS:CANCELLED, pretalx "withdrawn", a
status saying "abgesagt") is kept, and said to be cancelled everywhere: `Talk.cancelled`,
search (text and --json), `show`, the app's card, the ingest's change summary;
a search ranks it below the talks that take place (sweep 5, 05a -> 05b)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from appviews import cardhtml
from index.build.changes import compare
from talkbase.cli import main
from talkbase.core.records import Talk
from talkbase.core.terms import cancelled_state

KERNEL = "Rust in the Linux Kernel: Year Five"
DRIVERS = "Writing Kernel Drivers in Rust"


@pytest.fixture(autouse=True)
def _hashing(monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")


def _event(uid: str, start: str, title: str, room: str, text: str, status: str) -> str:
    return (
        f"BEGIN:VEVENT\r\nUID:{uid}\r\nSEQUENCE:{int(status == 'CANCELLED')}\r\n"
        f"DTSTART;TZID=Europe/Lisbon:20261113T{start}00\r\n"
        f"DTEND;TZID=Europe/Lisbon:20261113T{int(start[:2]) + 1:02d}{start[2:]}00\r\n"
        f"STATUS:{status}\r\nSUMMARY:{title}\r\nLOCATION:{room}\r\n"
        f"DESCRIPTION:{text}\r\nEND:VEVENT\r\n"
    )


def _calendar(path: Path, kernel_status: str) -> Path:
    """RustConf's calendar: the kernel talk with `kernel_status`, two that take place."""
    path.write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:RustConf Lisboa 2026\r\n"
        + _event(
            "k1@x", "1400", KERNEL, "Sala Tejo", "Rust kernel modules, upstream.", kernel_status
        )
        + _event("d2@x", "1500", DRIVERS, "Sala Tejo", "Kernel drivers in safe Rust.", "CONFIRMED")
        + _event("a3@x", "1600", "Async Embedded", "Sala Douro", "Executors, no heap.", "CONFIRMED")
        + "END:VCALENDAR\r\n",
        encoding="utf-8",
    )
    return path


def _home(tmp_path: Path, capsys, *statuses: str) -> tuple[Path, str]:
    """A base from the calendar, ingested once per status of the kernel talk; the last
    ingest's output."""
    home = tmp_path / "home"
    ics = tmp_path / "rustconf.ics"
    for status in statuses:
        capsys.readouterr()
        assert main(["--home", str(home), "ingest", str(_calendar(ics, status))]) == 0
    return home, capsys.readouterr().out


def _search(home: Path, capsys, query: str) -> list[dict]:
    capsys.readouterr()
    assert main(["--home", str(home), "search", "--json", query]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_change_summary_says_cancelled_not_re_described(tmp_path, capsys):
    _, out = _home(tmp_path, capsys, "CONFIRMED", "CANCELLED")
    assert "cancelled (1):" in out and KERNEL in out
    assert "re-described" not in out


def test_a_cancellation_lifted_is_said_so(tmp_path, capsys):
    _, out = _home(tmp_path, capsys, "CANCELLED", "CONFIRMED")
    assert "no longer cancelled (1):" in out and "re-described" not in out


def test_search_json_marks_the_cancelled_talk_and_ranks_it_below(tmp_path, capsys):
    home, _ = _home(tmp_path, capsys, "CANCELLED")
    found = _search(home, capsys, "rust linux kernel year five")
    titles = [t["title"] for t in found]
    assert KERNEL in titles, "a cancelled talk is kept, never dropped"
    assert titles.index(DRIVERS) < titles.index(KERNEL)
    assert {t["title"]: t["cancelled"] for t in found}[KERNEL] is True
    assert all(t["cancelled"] is False for t in found if t["title"] != KERNEL)


def test_the_same_search_without_the_cancellation_ranks_by_the_words(tmp_path, capsys):
    home, _ = _home(tmp_path, capsys, "CONFIRMED")
    titles = [t["title"] for t in _search(home, capsys, "rust linux kernel year five")]
    assert titles[0] == KERNEL  # the ranking of talks that take place is untouched


def test_search_text_and_show_say_cancelled(tmp_path, capsys):
    home, _ = _home(tmp_path, capsys, "CANCELLED")
    capsys.readouterr()
    assert main(["--home", str(home), "search", "kernel"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(KERNEL in ln and "[CANCELLED]" in ln for ln in lines)
    assert not any(DRIVERS in ln and "CANCELLED" in ln for ln in lines)
    tid = next(t["id"] for t in _search(home, capsys, "kernel") if t["title"] == KERNEL)
    assert main(["--home", str(home), "show", str(tid)]) == 0
    assert "[CANCELLED]" in capsys.readouterr().out.splitlines()[1]
    assert main(["--home", str(home), "show", "--json", str(tid)]) == 0
    assert json.loads(capsys.readouterr().out)["cancelled"] is True


def test_the_words_for_a_talk_that_will_not_take_place():
    for said in ("cancelled", "CANCELED", "Withdrawn", " abgesagt ", "Annulé", "cancelado"):
        assert cancelled_state(said), said
    for said in ("postponed", "moved online", "confirmed", "scheduled", ""):
        assert not cancelled_state(said), said
    assert Talk("A", notes=(("Status", "withdrawn"),)).cancelled
    assert not Talk("A", notes=(("Why", "cancelled"),)).cancelled
    assert not Talk("A").cancelled


def test_the_apps_card_says_cancelled():
    off = Talk("Called off", notes=(("Status", "cancelled"),), id=1)
    assert "Cancelled" in cardhtml.block(off)
    assert "Cancelled" not in cardhtml.block(Talk("Takes place", id=2))


def test_an_added_talk_already_cancelled_says_so_and_a_status_change_alone_is_no_redescription():
    before = Talk("A", id=1, notes=(("Status", "postponed"),))
    after = Talk("A", id=1, notes=(("Status", "cancelled"),))
    changes = compare({1: before}, {1: after, 2: after})
    assert [c.id for c in changes.cancelled] == [1] and not changes.redescribed
    assert [(c.id, c.detail) for c in changes.added] == [(2, "cancelled")]
    # a status that stays short of cancelled is a re-description, as any note's
    moved_online = Talk("A", id=1, notes=(("Status", "moved online"),))
    assert [c.id for c in compare({1: before}, {1: moved_online}).redescribed] == [1]


def test_similar_talks_leave_the_cancelled_one_out_while_others_are_near(tmp_path, capsys):
    home, _ = _home(tmp_path, capsys, "CANCELLED")
    tid = next(t["id"] for t in _search(home, capsys, "drivers") if t["title"] == DRIVERS)
    argv = ["--home", str(home), "similar", "--json", str(tid)]
    assert main([*argv, "--limit", "1"]) == 0
    assert [h["title"] for h in json.loads(capsys.readouterr().out)["results"]] != [KERNEL]
    assert main([*argv, "--limit", "2"]) == 0  # too few others: kept, last
    results = json.loads(capsys.readouterr().out)["results"]
    assert [h["title"] for h in results][-1] == KERNEL and results[-1]["cancelled"]


def test_recommend_never_suggests_a_cancelled_talk(tmp_path, capsys):
    home, _ = _home(tmp_path, capsys, "CANCELLED")
    argv = ["--home", str(home), "recommend", "--json", "--saved", DRIVERS, "--limit", "5"]
    capsys.readouterr()
    assert main(argv) == 0
    titles = [h["title"] for h in json.loads(capsys.readouterr().out)]
    assert titles == ["Async Embedded"]  # the only other talk that takes place
    (tmp_path / "again").mkdir()
    home2, _ = _home(tmp_path / "again", capsys, "CONFIRMED")
    capsys.readouterr()
    assert main(["--home", str(home2), *argv[2:]]) == 0
    assert KERNEL in [h["title"] for h in json.loads(capsys.readouterr().out)]


def test_a_tables_status_column_that_calls_a_talk_off(tmp_path, capsys):
    """A CSV's status column: "cancelled" (or "Abgesagt") is the talk's Status note,
    "confirmed" is no news (sweep 5, 32a -> 32b)."""
    csv = tmp_path / "devday.csv"
    head = "id,title,speakers,date,start,end,room,status\n"
    rows = [
        "dd-1,Edge Functions Explained,Paula Méndez,2026-03-12,09:00,09:40,Neptune,confirmed\n",
        "dd-3,Testing with Testcontainers,Ana Lima,2026-03-12,11:00,11:40,Venus,{}\n",
    ]
    home = tmp_path / "home"
    for status in ("confirmed", "Abgesagt"):
        csv.write_text(head + rows[0] + rows[1].format(status), encoding="utf-8")
        capsys.readouterr()
        assert main(["--home", str(home), "ingest", str(csv)]) == 0
    said = capsys.readouterr().out
    assert "cancelled (1)" in said and "Testing with Testcontainers" in said
    found = {t["title"]: t for t in _search(home, capsys, "testing")}
    assert found["Testing with Testcontainers"]["cancelled"] is True
    assert found["Testing with Testcontainers"]["notes"] == {"Status": "Abgesagt"}
    assert found.get("Edge Functions Explained", {"notes": {}})["notes"] == {}

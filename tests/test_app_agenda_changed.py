"""My agenda after the program changed (headless Streamlit, AppTest): a saved talk
whose time, room or title the program changed, or that it called off, says what
changed since it was saved (old → new), from what the agenda this browser keeps
holds beside its ids (`agenda.SavedAs`), until the person's OK; one the program no
longer holds is named by its title and time as saved. An agenda kept before these
were (ids only) loads as it did, says no change, and keeps them from then on."""

from __future__ import annotations

import html
import json
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import icalendar
import pytest

from appviews import agendaview, state, storage
from appviews.models import agenda as agenda_mod
from appviews.models.agenda import Agenda
from talkbase.core import present
from tests.test_app import downloads, plain, run_app  # noqa: F401  (a fixture)

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

pytestmark = [pytest.mark.model, pytest.mark.usefixtures("_keep_mplbackend")]

HEAD = "title,speaker,abstract,start,end,room,status\n"
BEFORE = {
    "opening": "Opening night film,Ada Lee,A film about a city at night.,"
    "2030-02-13T20:00,2030-02-13T21:30,Kino 1,",
    "late": "Late screening,Bo Chan,A silent film with live music.,"
    "2030-02-13T22:00,2030-02-13T23:30,Kino 1,",
    "quiz": "Quiz in the foyer,Cy Diaz,Questions about films.,"
    "2030-02-13T22:00,2030-02-13T23:00,Foyer,",
    "shorts": "Short flims from Lagos,Dee Eze,Five short films from Nigeria.,"
    "2030-02-14T10:00,2030-02-14T11:00,Kino 2,",
    "talk": "A director on her work,Eli Fox,A conversation about making films.,"
    "2030-02-14T12:00,2030-02-14T13:00,Kino 2,",
}
AFTER = {  # moved to another time and room, dropped, called off, its typo fixed, as it was
    "opening": "Opening night film,Ada Lee,A film about a city at night.,"
    "2030-02-13T20:30,2030-02-13T22:00,Kino 2,",
    "quiz": BEFORE["quiz"] + "cancelled",
    "shorts": BEFORE["shorts"].replace("flims", "films", 1),
    "talk": BEFORE["talk"],
}


@pytest.fixture(scope="module")
def changed_home(
    tmp_path_factory: pytest.TempPathFactory, real_embedder
) -> tuple[Path, dict[str, int], dict[int, agenda_mod.SavedAs]]:
    """A program ingested, its talks kept as saved then, and the program updated: the
    home, the ids of its talks by key, and the talks as they were saved."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    folder = tmp_path_factory.mktemp("changed")
    home = folder / "home"
    doc = folder / "program.csv"
    doc.write_text(HEAD + "\n".join(BEFORE.values()) + "\n", encoding="utf-8")
    ingest([doc], home, real_embedder)
    with KnowledgeBase(home, real_embedder) as kb:
        by_title = {t.title: t for t in kb.talks.values()}
    talks = {k: by_title[row.split(",")[0]] for k, row in BEFORE.items()}
    doc.write_text(HEAD + "\n".join(AFTER.values()) + "\n", encoding="utf-8")
    ingest([doc], home, real_embedder)
    ids = {k: t.id for k, t in talks.items()}
    with KnowledgeBase(home, real_embedder) as kb:
        assert ids["late"] not in kb.talks
        assert kb.talks[ids["shorts"]].title == "Short films from Lagos"  # (the id kept)
    return home, ids, {t.id: agenda_mod.SavedAs.of(t) for t in talks.values()}


def with_stored(at: AppTest, entry: str) -> AppTest:
    """The page sent the agenda this browser keeps (what appviews.storage's script does)."""
    at.session_state[storage._KEY] = {"stored": json.dumps({"entry": entry, "applied": 0})}
    at.run()
    assert not at.exception, at.exception
    return at


def card(at: AppTest, key: str) -> str:
    (found,) = [c for c in at.get("flex_container") if c.key == key]
    return (
        " ".join(plain(h.value) for h in found.get("html"))
        + " "
        + " ".join(c.value for c in found.get("caption"))
    )


def said(at: AppTest) -> str:
    return " ".join(
        [plain(h.value) for h in at.get("html")]
        + [c.value for c in at.caption]
        + [w.value for w in at.warning]
    )


def test_my_agenda_says_what_changed_since_each_talk_was_saved(changed_home, monkeypatch) -> None:
    home, ids, was = changed_home
    mine = Agenda(tuple(ids.values()))
    at = run_app(home, monkeypatch, view="agenda", saved=agenda_mod.encode_ids(mine.saved))
    assert "Changed since you saved it" not in said(at)  # (the kept agenda not read yet)
    with_stored(at, storage.encode(mine, was))
    assert at.session_state["agenda"] == mine  # the person's own (not shown as shared)
    assert at.query_params["saved"] == agenda_mod.encode_ids(mine.saved)  # ids only
    assert any(
        "The program changed 3 saved talks since you saved them" in w.value for w in at.warning
    )
    opening = card(at, f"agenda-agenda-{ids['opening']}")
    assert (
        "Changed since you saved it: time Wed 13 Feb 20:00–21:30 → Wed 13 Feb 20:30–22:00; "
        "room Kino 1 → Kino 2." in opening
    )
    assert "status on the program → cancelled" in card(at, f"agenda-agenda-{ids['quiz']}")
    assert (
        "Changed since you saved it: title “Short flims from Lagos” → “Short films from Lagos”."
        in card(at, f"agenda-agenda-{ids['shorts']}")
    )
    assert "Changed" not in card(at, f"agenda-agenda-{ids['talk']}")
    gone = card(at, f"agenda-gone-{ids['late']}")  # dropped: named as it was saved
    assert "Late screening" in gone and "When you saved it: Wed 13 Feb 22:00–23:30, Kino 1." in gone
    assert present.gone_title(ids["late"]) not in said(at)
    # OK: the change is read, the talk kept as it is now, in this browser too
    at.button(key=f"agenda-ack-{ids['opening']}").click()
    at.run()
    assert not at.exception, at.exception
    assert "Changed" not in card(at, f"agenda-agenda-{ids['opening']}")
    assert "The program changed 2 saved talks" in said(at)
    (last,) = [op for _, op in at.session_state[state.AGENDA_OPS]][-1:]
    assert last[0] == agenda_mod.ACK_OP and list(last[1]) == [ids["opening"]]
    assert at.query_params["saved"] == agenda_mod.encode_ids(mine.saved)
    # the printable page says it too
    at.toggle(key="print").set_value(True)
    at.run()
    assert not at.exception, at.exception
    page = " ".join(plain(h.value) for h in at.get("html"))
    assert "title “Short flims from Lagos” → “Short films from Lagos”" in page
    assert "Late screening" in page


def test_an_agenda_kept_before_says_no_change_and_keeps_its_talks_from_now_on(
    changed_home, monkeypatch
) -> None:
    home, ids, _ = changed_home
    mine = Agenda(tuple(ids.values()))
    at = run_app(home, monkeypatch, view="agenda", saved=agenda_mod.encode_ids(mine.saved))
    with_stored(at, json.dumps({"saved": agenda_mod.encode_ids(mine.saved)}))  # ids only
    assert at.session_state["agenda"] == mine
    assert "Changed since you saved it" not in said(at)
    assert "The program changed" not in said(at)
    assert present.gone_title(ids["late"]) in said(at)  # known by its id only, still named
    kept = at.session_state[state.SAVED_AS]
    assert set(kept) == set(mine.saved) - {ids["late"]}  # the talks as they are now
    ops = [op for _, op in at.session_state[state.AGENDA_OPS]]
    assert [op[0] for op in ops] == [agenda_mod.SEEN_OP]  # for the page to keep


MOVED = (
    "Changed since you saved it: time Wed 13 Feb 20:00–21:30 → Wed 13 Feb 20:30–22:00; "
    "room Kino 1 → Kino 2."
)


def test_the_phone_list_of_my_agenda_says_what_changed(changed_home, monkeypatch) -> None:
    """Sweep 24: every view that lists a saved talk the program changed says so, in
    the words of its agenda card (`agenda.change_note`): My agenda's compact list for
    a phone (a list per day)."""
    home, ids, was = changed_home
    mine = Agenda(tuple(ids.values()))
    at = run_app(home, monkeypatch, view="agenda", saved=mine_ids(mine))
    with_stored(at, storage.encode(mine, was))
    lists = [plain(h.value) for h in at.get("html") if h.value.startswith('<div class="tb-aglist"')]
    assert len(lists) == 2
    phone = " ".join(lists)
    assert MOVED in phone and "status on the program → cancelled" in phone
    assert phone.count("Changed since you saved it") == 3


def test_a_search_result_says_what_changed_of_a_saved_talk(changed_home, monkeypatch) -> None:
    """Sweep 24: a search result's card of a saved talk the program changed says so,
    as its agenda card does; one saved and unchanged, or not saved, says no change."""
    home, ids, was = changed_home
    mine = Agenda(tuple(i for k, i in ids.items() if k != "shorts"))
    at = run_app(home, monkeypatch, q="films", saved=mine_ids(mine))
    with_stored(at, storage.encode(mine, was))
    found = card(at, f"card-result-{ids['opening']}")
    assert "✓ In your agenda" in found and MOVED in found
    assert "Changed" not in card(at, f"card-result-{ids['talk']}")  # (saved, unchanged)
    assert "Changed" not in card(at, f"card-result-{ids['shorts']}")  # (changed, not saved)


def test_the_program_grid_and_its_list_say_what_changed(changed_home, monkeypatch) -> None:
    """Sweep 24: the Program's grid (in the box, and in its title where the box is too
    short to show it) and its list for a phone say what changed of a saved talk."""
    home, ids, was = changed_home
    mine = Agenda(tuple(ids.values()))
    at = run_app(home, monkeypatch, view="program", date="2030-02-13", saved=mine_ids(mine))
    page = grid_shown(with_stored(at, storage.encode(mine, was)), ids["opening"])
    for cls in ("tb-b", "tb-li"):  # the desktop grid's box, the narrow screen's line
        assert MOVED in page[cls][1]
    assert f'title="{html.escape(MOVED)}"' in page["tb-b"][0]


def test_now_and_next_says_what_changed_of_a_saved_talk(changed_home, monkeypatch) -> None:
    """Sweep 24: Now & next says it too, under the saved talk that is on."""
    home, ids, was = changed_home
    mine = Agenda(tuple(ids.values()))
    at = run_app(home, monkeypatch, view="now", date="2030-02-13", at="20:45", saved=mine_ids(mine))
    with_stored(at, storage.encode(mine, was))
    from tests.test_app_agenda_gone import component_html, shown

    page = component_html(at, "talkbase_now")
    assert MOVED in shown(page, ids["opening"])["tb-nn-talk"][1]
    assert "status on the program → cancelled" in shown(page, ids["quiz"])["tb-nn-talk"][1]


def test_the_calendar_writes_a_dropped_talk_cancelled_and_a_moved_one_at_its_new_time(
    changed_home,
    monkeypatch,
    downloads,  # noqa: F811
) -> None:
    """Sweep 24: as the offline site's export: a saved talk the program no longer holds
    is in the calendar as saved, cancelled (its UID: a calendar that imported it drops
    or marks it), not left out; a moved one at its new time."""
    home, ids, was = changed_home
    mine = Agenda(tuple(ids.values()))
    at = run_app(home, monkeypatch, view="agenda", saved=mine_ids(mine))
    with_stored(at, storage.encode(mine, was))
    cal = icalendar.Calendar.from_ical(downloads[agendaview.ICS_NAME])
    by_uid = {str(e["UID"]): e for e in cal.walk("VEVENT")}
    late = by_uid[f"talk-{ids['late']}@talkbase"]
    assert str(late["SUMMARY"]) == "Late screening" and str(late["LOCATION"]) == "Kino 1"
    assert late.decoded("DTSTART") == was[ids["late"]].start and late["STATUS"] == "CANCELLED"
    opening = by_uid[f"talk-{ids['opening']}@talkbase"]
    assert opening.decoded("DTSTART") == was[ids["opening"]].start + timedelta(minutes=30)
    assert "STATUS" not in opening
    assert (
        "1 saved talk is not in this program, so the calendar writes it as cancelled"
        in " ".join(c.value for c in at.caption)
    )
    assert "the calendar leaves it out" not in " ".join(c.value for c in at.caption)


def mine_ids(ag: Agenda) -> str:
    return agenda_mod.encode_ids(ag.saved)


def grid_shown(at: AppTest, talk_id: int) -> dict[str, tuple[str, str]]:
    """The Program grid's elements that open `talk_id` (`test_app_agenda_gone.shown`)."""
    from tests.test_app_agenda_gone import component_html, shown

    return shown(component_html(at, "talkbase_grid"), talk_id)

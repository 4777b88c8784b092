"""A friend's agenda link in the app (headless Streamlit, AppTest), as the offline site
shows one: "An agenda shared with you", with "Add all" and "Back to my agenda", never
taken as the visitor's own unasked, also when their own agenda is empty; a link that
is the visitor's own (a reload: the agenda this browser keeps holds its talks) stays
theirs. The page's stored agenda arrives as the storage component's `stored` value."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from appviews import state, storage
from appviews.models import agenda as agenda_mod
from appviews.models.agenda import Agenda
from tests.test_app import plain, rerun, run_app, same_slot_pair, titles

if TYPE_CHECKING:
    from streamlit.testing.v1 import AppTest

pytestmark = [pytest.mark.model, pytest.mark.usefixtures("_keep_mplbackend")]


def arrive(at: AppTest, kept: Agenda) -> AppTest:
    """The page sends the agenda this browser keeps (as its script does, one run on)."""
    entry = json.dumps({"entry": storage.encode(kept), "applied": 0})
    at.session_state[storage._KEY] = {"stored": entry}
    return rerun(at)


def link_of(at: AppTest) -> Agenda:
    return agenda_mod.from_query(dict(at.query_params))


def written(at: AppTest) -> list[agenda_mod.Op]:
    """The operations the session has for the page to apply to the stored agenda's
    talks (not those that keep a saved talk as it was saved: `kept`)."""
    return [op for op in _ops(at) if op[0] not in (agenda_mod.SEEN_OP, agenda_mod.ACK_OP)]


def kept(at: AppTest) -> set[int]:
    """The saved talks the session has the page keep as they are now."""
    return {int(i) for op in _ops(at) if op[0] == agenda_mod.SEEN_OP for i in op[1]}


def _ops(at: AppTest) -> list[agenda_mod.Op]:
    return [op for _, op in at.session_state[state.AGENDA_OPS]] if _has_ops(at) else []


def _has_ops(at: AppTest) -> bool:
    try:
        at.session_state[state.AGENDA_OPS]
    except KeyError:
        return False
    return True


def heads(at: AppTest) -> list[str]:
    return [h.value for h in at.subheader]


def test_a_friends_link_in_an_empty_browser_is_shown_as_shared(
    demo_home, demo_kb, monkeypatch
) -> None:
    """The sweep's finding: with no agenda of their own, the visitor's agenda silently
    became the friend's (stored in the browser, counted in the top bar)."""
    first, second = same_slot_pair(demo_kb)
    at = run_app(demo_home, monkeypatch, view="agenda", saved=f"{first}-{second}")
    arrive(at, Agenda())
    assert at.session_state["agenda"] == Agenda()  # the visitor's own: still empty
    assert written(at) == [] and kept(at) == set()  # nothing for the browser to store
    assert "An agenda shared with you: 2 talks" in heads(at)
    assert {demo_kb.talks[first].title, demo_kb.talks[second].title} <= set(titles(at))
    assert link_of(at).saved == (first, second)  # a reload shows it again
    add = at.button(key="shared-add")
    assert add.label == "Add all 2 to my agenda"
    add.click()
    rerun(at)
    assert at.session_state["agenda"].saved == (first, second)
    assert written(at) == [("save", first), ("save", second)]
    assert kept(at) == {first, second}  # each as it is when saved
    assert "An agenda shared with you: 2 talks" not in heads(at)
    assert link_of(at).saved == (first, second)


def test_a_friends_link_beside_an_own_agenda_leaves_it_as_it_is(
    demo_home, demo_kb, monkeypatch
) -> None:
    first, second = same_slot_pair(demo_kb)
    mine = next(i for i in demo_kb.talks if i not in (first, second))
    at = run_app(demo_home, monkeypatch, saved=f"{first}-{mine}")  # no view: My agenda
    arrive(at, Agenda((mine,)))
    assert at.session_state["view"] == "My agenda"
    assert at.session_state["agenda"] == Agenda((mine,))
    assert "An agenda shared with you: 2 talks" in heads(at)
    add = at.button(key="shared-add")
    assert add.label == "Add the 1 I have not saved to my agenda"
    back = at.button(key="shared-back")
    assert back.label == "Back to my agenda (1)"
    back.click()
    rerun(at)
    assert at.session_state["agenda"] == Agenda((mine,))
    assert link_of(at) == Agenda((mine,))
    assert written(at) == []
    assert kept(at) == {mine}  # (the stored agenda held its id only): never the friend's
    page = " ".join(plain(h.value) for h in at.get("html"))
    assert "shared with you" not in " ".join(heads(at)) + page


def test_the_visitors_own_link_stays_theirs(demo_home, demo_kb, monkeypatch) -> None:
    """A reload (or a bookmark) of the visitor's own agenda: the browser keeps all its
    talks, so it is theirs, not shared."""
    first, second = same_slot_pair(demo_kb)
    at = run_app(demo_home, monkeypatch, q="kernels", saved=str(first))
    arrive(at, Agenda((first, second)))
    assert at.session_state["agenda"] == Agenda((first, second))
    assert at.session_state["view"] == "Search"  # no page was asked for by the agenda
    assert link_of(at) == Agenda((first, second))
    assert not [n for n in at.session_state["notices"] if "shared" in n]
    at.session_state["view"] = "My agenda"
    rerun(at)
    assert not any("shared with you" in h for h in heads(at))


def test_a_shared_link_on_another_page_says_so(demo_home, demo_kb, monkeypatch) -> None:
    first, _ = same_slot_pair(demo_kb)
    at = run_app(demo_home, monkeypatch, view="program", saved=str(first))
    arrive(at, Agenda())
    assert at.session_state["view"] == "Program"
    said = " ".join(plain(h.value) for h in at.get("html"))
    assert "This link brought an agenda shared with you" in said
    assert at.session_state["agenda"] == Agenda()

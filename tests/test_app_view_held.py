"""The view control keeps its view however the page's runs interleave (sweep 24, F1).

On My agenda restored from this browser, the page asks for the stored agenda's run at
once; where it had not mounted the view control before that run began, the control
mounted at its default (no view) and the next click ("Only talks that fit my agenda")
sent that back: the page fell to Search and the link lost `view=agenda`. Each run now
gives the control its view anew, and a control that comes back without one keeps the
last run's view (`appviews.state._hold`). The browser walk is in
tests/test_app_view_held_browser.py."""

from __future__ import annotations

import pytest

from tests.test_app import rerun, run_app

pytestmark = [pytest.mark.model, pytest.mark.usefixtures("_keep_mplbackend")]


def _view(at):
    (control,) = [b for b in at.button_group if b.key == "view"]
    return control


def _agenda(demo_home, demo_kb, monkeypatch):
    mccl = next(t for t in demo_kb.talks.values() if t.title.startswith("MCCL"))
    return run_app(demo_home, monkeypatch, view="agenda", saved=str(mccl.id))


def test_a_run_the_view_control_missed_still_tells_it_the_view(
    demo_home, demo_kb, monkeypatch
) -> None:
    at = _agenda(demo_home, demo_kb, monkeypatch)
    # the next run, asked for before the page had mounted the control: its state is not sent
    states = at._tree.get_widget_states()
    kept = [w for w in states.widgets if w.id != _view(at).id]
    del states.widgets[:]
    states.widgets.extend(kept)
    at._run(states)
    assert not at.exception, at.exception
    control = _view(at)
    assert control.proto.set_value  # the page is told the view, not left at its default
    assert control.value == "My agenda"


def test_a_view_control_that_comes_back_empty_keeps_my_agenda(
    demo_home, demo_kb, monkeypatch
) -> None:
    at = _agenda(demo_home, demo_kb, monkeypatch)
    _view(at).set_value(None)  # what a control mounted at its default sends back
    (fits,) = [t for t in at.toggle if t.key == "fits"]
    fits.set_value(True)
    at = rerun(at)
    assert at.session_state["view"] == "My agenda"
    assert at.query_params.get("view") in ("agenda", ["agenda"])
    assert at.query_params.get("fits") in ("1", ["1"])
    assert _view(at).value == "My agenda"

"""The app shows the limits read from new ways of asking as chips, and lists only the
talks that pass them (the demo program, headless through streamlit.testing)."""

from __future__ import annotations

import pytest

from tests.test_app import _chip_labels, run_app, titles

pytestmark = [pytest.mark.model, pytest.mark.usefixtures("_keep_mplbackend")]


def test_a_talks_length_and_a_track_left_out_are_chips(demo_home, demo_kb, monkeypatch) -> None:
    at = run_app(demo_home, monkeypatch, q="short talks about kernels")
    assert _chip_labels(at, "chips") == ["short (≤ 20 min)"]
    shown = titles(at)
    short = {
        t.title
        for t in (demo_kb.talks[i] for i in demo_kb.talks.ids.tolist())
        if t.duration_minutes is not None and t.duration_minutes <= 20
    }
    assert shown and set(shown) <= short

    track = "Kernel Engineering & Domain-Specific Languages"
    at = run_app(demo_home, monkeypatch, q="kernels not in the kernel engineering track")
    assert _chip_labels(at, "filter-chips") + _chip_labels(at, "chips") == [f"not track: {track}"]
    kept = {
        demo_kb.talks[i].title
        for i in demo_kb.talks.ids.tolist()
        if demo_kb.talks[i].track != track
    }
    assert titles(at) and set(titles(at)) <= kept

"""A talk page's room and track are one click from the other talks there (sweep 24,
F6): chips under the talk's time that open Search with that filter alone, its words
and other filters cleared, kept in the link. (The speakers' chips open their pages
already: tests/test_app.py.)"""

from __future__ import annotations

import pytest

from tests.test_app import rerun, run_app, titles

pytestmark = [pytest.mark.model, pytest.mark.usefixtures("_keep_mplbackend")]


def _places(at, tid):
    (chips,) = [b for b in at.button_group if b.key == f"page-where-{tid}"]
    return chips


@pytest.mark.parametrize("facet, param", [("room", "room"), ("track", "track")])
def test_a_talk_page_opens_the_talks_in_its_room_and_track(
    demo_home, demo_kb, monkeypatch, facet, param
) -> None:
    talk = next(
        t
        for t in demo_kb.talks.values()
        if t.room
        and t.track
        and sum(getattr(o, facet) == getattr(t, facet) for o in demo_kb.talks.values()) > 1
    )
    value = getattr(talk, facet)
    at = run_app(demo_home, monkeypatch, talk=str(talk.id), q="anything", day="")
    chips = _places(at, talk.id)
    assert [o.split(":")[-1].split()[0] for o in chips.options] == ["Room", "Track"]
    chips.set_value({"room": "r:", "track": "t:"}[facet] + value)
    at = rerun(at)
    assert at.query_params.get(param) in (value, [value])
    assert not at.query_params.get("talk") and not at.query_params.get("q")
    there = {t.title for t in demo_kb.talks.values() if getattr(t, facet) == value}
    shown = titles(at)
    assert len(shown) > 1 and set(shown) <= there

""" "For you" in the app: a saved talk (from the share link) brings recommendation
cards with their reason and a Save button; saving one updates the list."""

from __future__ import annotations

import pytest

from tests.test_app import htmls, plain, rerun, run_app

pytestmark = [pytest.mark.model, pytest.mark.usefixtures("_keep_mplbackend")]


def test_a_saved_talk_brings_for_you_cards_with_reasons(demo_home, demo_kb, monkeypatch):
    mccl = next(t for t in demo_kb.talks.values() if t.title.startswith("MCCL"))
    at = run_app(demo_home, monkeypatch, saved=str(mccl.id))
    assert any(s.value == "For you" for s in at.subheader)
    reasons = [plain(v) for v in htmls(at, "tb-fy-why") if "Because you saved" in plain(v)]
    assert reasons and all("MCCL" in r for r in reasons)
    saves = [b for b in at.button if b.key and b.key.startswith("foryou-search-save-")]
    assert saves and not any(str(mccl.id) in b.key for b in saves)
    first = int(saves[0].key.rsplit("-", 1)[1])
    saves[0].click()
    at = rerun(at)
    assert first in at.session_state["agenda"].saved
    after = [b.key for b in at.button if b.key and b.key.startswith("foryou-search-save-")]
    assert f"foryou-search-save-{first}" not in after  # a saved talk is no longer offered


def test_no_for_you_without_a_saved_talk(demo_home, monkeypatch):
    at = run_app(demo_home, monkeypatch)
    assert not any(s.value == "For you" for s in at.subheader)


def test_my_agenda_shows_for_you_below_the_saved_talks(demo_home, demo_kb, monkeypatch):
    mccl = next(t for t in demo_kb.talks.values() if t.title.startswith("MCCL"))
    at = run_app(demo_home, monkeypatch, view="agenda", saved=str(mccl.id))
    assert any(s.value == "For you" for s in at.subheader)
    saves = [b for b in at.button if b.key and b.key.startswith("foryou-agenda-save-")]
    assert saves and all(str(mccl.id) not in b.key for b in saves)
    fits = [t for t in at.toggle if t.key == "fits"]
    assert fits
    fits[0].set_value(True)
    at = rerun(at)
    clash = [plain(v) for v in htmls(at, "tb-fy-note") if "Clashes with your agenda" in plain(v)]
    assert not clash  # with "only talks that fit", nothing clashing is offered
    assert at.query_params.get("fits") in (
        "1",
        ["1"],
    )  # in the link, like every such toggle (issue 38)


def test_a_link_with_fits_opens_with_the_toggle_on(demo_home, demo_kb, monkeypatch):
    mccl = next(t for t in demo_kb.talks.values() if t.title.startswith("MCCL"))
    at = run_app(demo_home, monkeypatch, view="agenda", saved=str(mccl.id), fits="1")
    (fits,) = [t for t in at.toggle if t.key == "fits"]
    assert fits.value is True
    clash = [plain(v) for v in htmls(at, "tb-fy-note") if "Clashes with your agenda" in plain(v)]
    assert not clash


def test_a_program_without_times_has_no_fits_toggle_and_still_recommends(
    tmp_path, real_embedder, monkeypatch
):
    from index.build.builder import ingest

    papers = tmp_path / "papers.csv"
    rows = [f"Parsing paper {n},Fast parsing of grammars with tables {n}." for n in range(5)]
    papers.write_text("title,abstract\n" + "\n".join(rows) + "\n", encoding="utf-8")
    home = tmp_path / "home"
    ingest([papers], home, real_embedder)
    from index.search.kb import KnowledgeBase

    with KnowledgeBase(home, real_embedder) as kb:
        first = kb.talks.ids.tolist()[0]
    at = run_app(home, monkeypatch, view="agenda", saved=str(first), fits="1")
    assert not at.exception
    assert not [t for t in at.toggle if t.key == "fits"]  # nothing has a time to fit
    assert any(s.value == "For you" for s in at.subheader)
    saves = [b for b in at.button if b.key and b.key.startswith("foryou-agenda-save-")]
    assert saves  # the link's fits=1 asks nothing the program can answer: ignored

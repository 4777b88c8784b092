"""App details from a black-box sweep (sweep 15, F10), headless (AppTest): a search
whose only matches are marked not interested says so and offers them back; a link's
notice ("No talk has the id …") stays on the page until the person moves on."""

from __future__ import annotations

from pathlib import Path

import pytest

from appviews import search
from tests.test_app import click, htmls, plain, rerun, run_app, titles

pytestmark = [pytest.mark.model, pytest.mark.usefixtures("_keep_mplbackend")]

PROGRAM = [  # title, abstract, start and end on February 2030
    ("Quiet cinema", "A silent film with live music.", "13T20:00", "13T21:30"),
    ("Silent shorts", "Five silent shorts with a pianist.", "14T20:00", "14T21:30"),
    ("Sound design", "How effects and music shape a scene.", "14T10:00", "14T11:00"),
]


@pytest.fixture(scope="module")
def small_home(tmp_path_factory: pytest.TempPathFactory, real_embedder) -> tuple[Path, dict]:
    """A three-talk program: the home and the ids of its talks by title."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    folder = tmp_path_factory.mktemp("details")
    lines = [
        f"{t},Speaker {n},{a},2030-02-{s},2030-02-{e},Kino"
        for n, (t, a, s, e) in enumerate(PROGRAM)
    ]
    (folder / "program.csv").write_text(
        "title,speaker,abstract,start,end,room\n" + "\n".join(lines) + "\n", encoding="utf-8"
    )
    ingest([folder / "program.csv"], folder / "home", real_embedder)
    with KnowledgeBase(folder / "home", real_embedder) as kb:
        return folder / "home", {t.title: t.id for t in kb.talks.values()}


def _said(at) -> str:
    return " ".join([i.value for i in at.info] + [c.value for c in at.caption])


def test_a_search_whose_matches_are_all_hidden_says_so_and_shows_them_again(
    small_home, monkeypatch
) -> None:
    home, ids = small_home
    both = "-".join(str(ids[title]) for title in ("Quiet cinema", "Silent shorts"))
    at = run_app(home, monkeypatch, q="silent", skip=both)  # every match hidden
    assert not titles(at)
    said = _said(at)
    assert search.hidden_sentence(2) in said and "No talk matches your search" not in said
    click(at, "show-hidden")
    assert sorted(titles(at)) == ["Quiet cinema", "Silent shorts"]
    assert "skip" not in at.query_params


def test_one_hidden_match_beside_results_is_counted_and_offered_back(
    small_home, monkeypatch
) -> None:
    home, ids = small_home
    at = run_app(home, monkeypatch, q="silent", skip=str(ids["Quiet cinema"]))
    assert titles(at) == ["Silent shorts"]
    assert search.hidden_sentence(1) in _said(at)
    assert at.button(key="show-hidden").label == "Show it again"
    # a hidden talk the search does not find is not counted as a match
    at = run_app(home, monkeypatch, q="silent", skip=str(ids["Sound design"]))
    assert "hidden" not in _said(at) and not [b for b in at.button if b.key == "show-hidden"]


def test_right_after_hiding_the_only_match_the_undo_is_not_offered_twice(
    small_home, monkeypatch
) -> None:
    home, ids = small_home
    at = run_app(home, monkeypatch, q="silent", skip=str(ids["Quiet cinema"]))
    click(at, f"result-skip-{ids['Silent shorts']}")
    assert not titles(at) and search.hidden_sentence(2) in _said(at)
    # the notice of the hide offers its Undo; "Show it again" offers the other one
    assert at.button(key="undo") and at.button(key="show-hidden").label == "Show it again"


def _notices(at) -> list[str]:
    return [plain(v) for v in htmls(at, "tb-warn") if "No talk has the id" in v]


def test_a_link_to_an_unknown_talk_says_so_until_the_person_moves_on(
    small_home, monkeypatch
) -> None:
    home, ids = small_home
    at = run_app(home, monkeypatch, talk="999999")
    assert _notices(at) == ["No talk has the id “999999”."]
    assert at.button_group(key="view").value == "Search" and "talk" not in at.query_params
    # a run nobody asked for (the agenda this browser keeps arriving) keeps the notice
    rerun(at)
    assert _notices(at)
    click(at, f"result-save-{ids['Sound design']}")  # the agenda changes, the page stays
    assert _notices(at) and at.query_params["saved"] == str(ids["Sound design"])
    at.button_group(key="view").set_value("Program")  # moving on ends it
    rerun(at)
    assert not _notices(at)
    at.button_group(key="view").set_value("Search")
    rerun(at)
    assert not _notices(at)


def test_a_link_notice_can_be_dismissed(small_home, monkeypatch) -> None:
    home, _ = small_home
    at = run_app(home, monkeypatch, talk="999999")
    assert _notices(at)
    click(at, "dismiss-notices")
    assert not _notices(at)
    rerun(at)
    assert not _notices(at)

"""A query too long, or with too many operators, is refused by the library with a
sentence that says so and names the setting: the CLI, the API and the app (the
search box and `?q=`) all say it, fast, and run nothing."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

import talkbase
from index.search.kb import KnowledgeBase
from talkbase.cli import main
from talkbase.core import settings
from talkbase.core.errors import QueryTooLarge
from tests.conftest import PROGRAMS, ROOT

APP = ROOT / "app.py"
CHARS = int(settings.SETTINGS["max_query_chars"].default)
OPERATORS = int(settings.SETTINGS["max_query_operators"].default)


@pytest.fixture(scope="module")
def _master(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("limits") / "home"
    mp = pytest.MonkeyPatch()
    mp.setenv("TALKBASE_MODEL", "hashing")
    try:
        assert main(["--home", str(home), "ingest", str(PROGRAMS)]) == 0
    finally:
        mp.undo()
    return home


@pytest.fixture
def home(_master, tmp_path, monkeypatch) -> Path:
    copy = tmp_path / "home"
    shutil.copytree(_master, copy)
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_HOME", str(copy))
    return copy


def _excluding(n: int) -> str:
    return "kernels " + " ".join(f"-word{i}" for i in range(n))


def test_the_library_refuses_a_query_past_either_limit_and_says_which(home):
    with KnowledgeBase(home) as kb:
        kb.search("k" * CHARS)  # at the limit: runs
        kb.search(_excluding(OPERATORS))
        with pytest.raises(QueryTooLarge) as info:
            kb.search("k" * (CHARS + 1))
        assert info.value.setting == "TALKBASE_MAX_QUERY_CHARS" and info.value.limit == CHARS
        assert f"{CHARS + 1:,} characters" in info.value.sentence()
        for query in (
            _excluding(OPERATORS + 1),
            " ".join(f"speaker:n{i}" for i in range(OPERATORS + 1)),
            " ".join(f'"phrase {i}"' for i in range(OPERATORS + 1)),
            " ".join(f"Org:x{i} day:y{i} room:z{i}" for i in range(OPERATORS)),
        ):
            with pytest.raises(QueryTooLarge) as info:
                kb.answer(query)
            assert info.value.setting == "TALKBASE_MAX_QUERY_OPERATORS"
            assert "operators" in info.value.sentence()
            with pytest.raises(QueryTooLarge):
                kb.understand(query)
        # taken literally, a query reads no operators: only its length counts
        kb.search(_excluding(OPERATORS + 1), literal=True)
        with pytest.raises(QueryTooLarge):
            kb.search("k" * (CHARS + 1), literal=True)


def test_the_limits_are_settings(home, monkeypatch):
    monkeypatch.setenv("TALKBASE_MAX_QUERY_CHARS", "20")
    monkeypatch.setenv("TALKBASE_MAX_QUERY_OPERATORS", "1")
    with KnowledgeBase(home) as kb:
        kb.search("fault tolerant")
        with pytest.raises(QueryTooLarge, match="20"):
            kb.search("fault tolerant collectives")
        kb.search("kernels -cuda")
        with pytest.raises(QueryTooLarge, match="TALKBASE_MAX_QUERY_OPERATORS"):
            kb.search("kernels -cuda -rocm")


def test_a_huge_query_is_refused_at_once(home):
    with KnowledgeBase(home) as kb:
        kb.search("warm up")
        for query in ("a" * 200_000, " ".join(f"-w{i}x" for i in range(8_000))):
            t0 = time.perf_counter()
            with pytest.raises(QueryTooLarge):
                kb.search(query)
            assert time.perf_counter() - t0 < 0.5


def test_the_api_refuses_it_too(home):
    tb = talkbase.open(home)
    assert tb.search("kernels", k=2)
    with pytest.raises(QueryTooLarge):
        tb.search("x" * (CHARS + 1))
    with pytest.raises(QueryTooLarge):
        tb.search(_excluding(OPERATORS + 1), day="Tue")


def test_the_cli_says_so_in_one_sentence(home, tmp_path, capsys):
    for query, setting in (
        ("w" * 200_000, "TALKBASE_MAX_QUERY_CHARS"),
        (_excluding(8_000 // 8), "TALKBASE_MAX_QUERY_CHARS"),
        (_excluding(OPERATORS + 1), "TALKBASE_MAX_QUERY_OPERATORS"),
    ):
        for extra in ((), ("--json",)):
            assert main(["search", query, *extra]) == 1
            out, err = capsys.readouterr()
            assert out == "" and err.startswith("talkbase: ") and setting in err
            assert len(err.strip().splitlines()) == 1
    batch = tmp_path / "queries.txt"
    batch.write_text(f"kernels\ncompilers\n{'x' * (CHARS + 1)}\n", encoding="utf-8")
    assert main(["search", "--batch", str(batch)]) == 1
    out, err = capsys.readouterr()
    assert out == ""  # checked before any query runs
    assert "line 3" in err and "TALKBASE_MAX_QUERY_CHARS" in err
    assert len(err.strip().splitlines()) == 1


# -- the app: the search box and ?q= --------------------------------------------------


def _app(home: Path, **params: str):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(APP), default_timeout=120)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def _errors(at) -> list[str]:
    return [e.value for e in at.error]


@pytest.mark.usefixtures("_keep_mplbackend")
def test_the_app_says_so_for_a_link_and_for_the_search_box(home):
    # (a link's query is cut to appviews.state.MAX_TEXT characters before any search:
    # within that, its operators still count)
    at = _app(home, q=_excluding(OPERATORS + 5))
    (sentence,) = _errors(at)
    assert "TALKBASE_MAX_QUERY_OPERATORS" in sentence and "operators" in sentence
    assert at.text_input(key="q")  # the box stays, to shorten the query in

    at = _app(home)
    assert not _errors(at)
    at.text_input(key="q").input("w" * 200_000).run()
    assert not at.exception, at.exception
    (sentence,) = _errors(at)
    assert "TALKBASE_MAX_QUERY_CHARS" in sentence and "200,000 characters" in sentence
    at.text_input(key="q").input(_excluding(OPERATORS + 1)).run()
    (sentence,) = _errors(at)
    assert "TALKBASE_MAX_QUERY_OPERATORS" in sentence
    at.text_input(key="q").input("kernels").run()  # and a sane query works again
    assert not at.exception and not _errors(at)
    assert any("best first" in c.value for c in at.caption)


@pytest.mark.usefixtures("_keep_mplbackend")
def test_a_link_with_a_query_past_the_limit_says_it_was_cut(home):
    at = _app(home, q="kernels " + "w" * 200_000)
    notes = " ".join(h.value for h in at.get("html") if 'class="tb-warn"' in h.value)
    assert "TALKBASE_MAX_QUERY_CHARS" in notes and f"{CHARS:,}" in notes
    assert len(at.text_input(key="q").value) == CHARS
    assert not _errors(at)


@pytest.mark.usefixtures("_keep_mplbackend")
def test_a_damaged_base_is_one_sentence_in_the_app_not_a_traceback(home):
    for build in (home / "builds").iterdir():
        manifest = json.loads((build / "manifest.json").read_text())
        (build / "manifest.json").write_text(json.dumps({**manifest, "format_version": 99}))
    at = _app(home)
    (sentence,) = _errors(at)
    assert "newer talkbase" in sentence


def test_limits_are_listed_by_talkbase_settings(capsys):
    assert main(["settings"]) == 0
    out = capsys.readouterr().out
    assert "TALKBASE_MAX_QUERY_CHARS = 1000" in out
    assert "TALKBASE_MAX_QUERY_OPERATORS = 20" in out

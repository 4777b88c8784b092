"""A query with too many operators is refused by the library with a sentence that
says so and names the setting. A query too long is cut at a word boundary and read
that far, with a note (the library, the CLI, the API, a batch line: issue 35); the
app's search box keeps its cap and says so, and a link's query is cut."""

from __future__ import annotations

import json
import shutil
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


def test_the_library_refuses_too_many_operators_and_cuts_a_long_query(home):
    with KnowledgeBase(home) as kb:
        assert not kb.answer("k" * CHARS).cut_from  # at the limit: read whole
        kb.search(_excluding(OPERATORS))
        answer = kb.answer("k" * (CHARS + 1))  # one word past the cap: cut at the cap
        assert answer.cut_from == CHARS + 1 and len(answer.understood.query) == CHARS
        words = "fault tolerant collectives " * (CHARS // 10)
        answer = kb.answer(words)
        kept = answer.understood.query
        assert len(kept) <= CHARS and words.startswith(kept) and words[len(kept)] == " "
        assert answer.cut_from == len(words)
        assert any(
            "TALKBASE_MAX_QUERY_CHARS" in n and f"{len(words):,}" in n for n in answer.notes()
        )
        assert answer.to_dict()["cut_from"] == len(words)
        assert kb.answer("kernels").to_dict()["cut_from"] is None
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
        assert kb.answer("k" * (CHARS + 1), literal=True).cut_from == CHARS + 1
        with pytest.raises(QueryTooLarge) as info:  # the reader itself reads no more
            kb.understand("k" * (CHARS + 1))
        assert info.value.setting == "TALKBASE_MAX_QUERY_CHARS"


def test_the_limits_are_settings(home, monkeypatch):
    monkeypatch.setenv("TALKBASE_MAX_QUERY_CHARS", "20")
    monkeypatch.setenv("TALKBASE_MAX_QUERY_OPERATORS", "1")
    with KnowledgeBase(home) as kb:
        assert not kb.answer("fault tolerant").cut_from
        answer = kb.answer("fault tolerant collectives")
        assert answer.understood.query == "fault tolerant" and answer.cut_from == 26
        kb.search("kernels -cuda")
        with pytest.raises(QueryTooLarge, match="TALKBASE_MAX_QUERY_OPERATORS"):
            kb.search("kernels -cuda -rocm")


def test_a_huge_query_is_cut_or_refused_never_read_whole(home):
    with KnowledgeBase(home) as kb:
        answer = kb.answer("a" * 200_000)
        assert answer.cut_from == 200_000 and len(answer.understood.query) == CHARS
        with pytest.raises(QueryTooLarge):  # its first 1,000 characters hold 100+ operators
            kb.search(" ".join(f"-w{i}x" for i in range(8_000)))


def test_the_api_cuts_it_too_and_says_so(home):
    tb = talkbase.open(home)
    assert tb.search("kernels", k=2)
    results = tb.search("kernels " * CHARS)
    assert results.understood.query.startswith("kernels kernels")
    assert len(results.understood.query) <= CHARS
    assert any("TALKBASE_MAX_QUERY_CHARS" in n for n in results.notes)
    with pytest.raises(QueryTooLarge):
        tb.search(_excluding(OPERATORS + 1), day="Tue")


def test_the_cli_cuts_a_long_query_and_refuses_too_many_operators(home, capsys):
    for extra in ((), ("--json",)):
        assert main(["search", "kernels " + "w" * 200_000, *extra]) == 0
        out, err = capsys.readouterr()
        assert "TALKBASE_MAX_QUERY_CHARS" in (err if extra else out + err)
        assert "Traceback" not in err
        assert main(["search", _excluding(OPERATORS + 1), *extra]) == 1
        out, err = capsys.readouterr()
        assert out == "" and err.startswith("talkbase: ") and "TALKBASE_MAX_QUERY_OPERATORS" in err
        assert len(err.strip().splitlines()) == 1


def test_a_batch_answers_every_line_it_can_in_order(home, tmp_path, capsys):
    """Issue 35: five queries, the third a 1,406-character paragraph and the fourth
    past the operator limit: every line gets a JSON line in order; the long one is cut
    and answered, the bad one says why; the exit status says a line failed."""
    long = ("How do distributed systems recover from the failure of one node " * 22)[:1406]
    batch = tmp_path / "queries.txt"
    batch.write_text(
        f"kernels\ncompilers\n{long}\n\n{_excluding(OPERATORS + 1)}\nscheduling\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert main(["search", "--batch", str(batch)]) == 1
    out, err = capsys.readouterr()
    lines = [json.loads(x) for x in out.splitlines()]
    assert [x["line"] for x in lines] == [1, 2, 3, 5, 6]
    assert [x["query"][:9] for x in lines] == [
        "kernels",
        "compilers",
        long[:9],
        "kernels -",
        "schedulin",
    ]
    assert lines[2]["cut_from"] == 1406 and "results" in lines[2] and "error" not in lines[2]
    assert "TALKBASE_MAX_QUERY_OPERATORS" in lines[3]["error"] and "results" not in lines[3]
    assert all("results" in x for i, x in enumerate(lines) if i != 3)
    assert "line 5" in err and "1 of the lines" in err and "Traceback" not in err


# -- the app: the search box and ?q= --------------------------------------------------


def _app(home: Path, **params: str):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(APP), default_timeout=120)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def _from_a_newer_talkbase(home: Path) -> None:
    """Every build of `home` marked as written by a newer talkbase: it cannot be read."""
    for build in (home / "builds").iterdir():
        manifest = json.loads((build / "manifest.json").read_text())
        (build / "manifest.json").write_text(json.dumps({**manifest, "format_version": 99}))


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
    _from_a_newer_talkbase(home)
    at = _app(home)
    (sentence,) = _errors(at)
    assert "newer talkbase" in sentence


def test_limits_are_listed_by_talkbase_settings(capsys):
    assert main(["settings"]) == 0
    out = capsys.readouterr().out
    assert "TALKBASE_MAX_QUERY_CHARS = 1000" in out
    assert "TALKBASE_MAX_QUERY_OPERATORS = 20" in out


@pytest.mark.usefixtures("_keep_mplbackend")
def test_a_base_damaged_while_served_keeps_serving_the_build_open(home):
    """Issue 35 (leak): while the base is damaged, mid-repair or of another model, a
    visitor keeps the program the app already had open, told it is being updated; a
    visitor of a base never opened reads a sentence without the server's folders."""
    at = _app(home, q="kernels")
    assert not _errors(at) and any("best first" in c.value for c in at.caption)
    _from_a_newer_talkbase(home)
    (home / "CURRENT").touch()  # (what a swap does: the app checks the build again)
    at = _app(home, q="kernels")
    assert not _errors(at), _errors(at)
    notes = " ".join(h.value for h in at.get("html") if 'class="tb-warn"' in h.value)
    assert "being updated" in notes
    assert any("best first" in c.value for c in at.caption)


@pytest.mark.usefixtures("_keep_mplbackend")
def test_a_visitor_never_reads_the_servers_folders(home):
    _from_a_newer_talkbase(home)
    at = _app(home)
    (sentence,) = _errors(at)
    assert str(home) not in sentence and "the server's knowledge base" in sentence

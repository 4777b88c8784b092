"""The CLI, the Python API and the app give the same matches for the same query: the
same talk ids in the same order (`talkbase search --json`, `talkbase.open().search`
and the app's result cards), because all three ask `talkbase.service` and only the
search decides what matches (`why.match`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import talkbase
from talkbase import service
from talkbase.cli import main

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app.py"
PAGE = 10  # cards the app shows before "Show more" (appviews.state.PAGE)
pytestmark = pytest.mark.usefixtures("_keep_mplbackend")


def queries(home: Path) -> dict[str, str]:
    """Topical queries (one narrow, one broad), plain words with a day and a time, a
    person, a typo, and one that matches nothing."""
    with service.Service(home) as svc:
        talk = next(t for t in svc.talks.values() if "Fault-Tolerant" in t.title)
    return {
        "topical": "fault-tolerant collectives",
        "broad": "distributed training",
        "words with a day and a time": "kernels on wednesday afternoon",
        "a person": f"talks by {talk.speakers[0].name}",
        "a typo": "fualt tolerant colectives",
        "no match": "xyzzy plugh",
    }


def cli(home: Path, query: str, capsys: pytest.CaptureFixture[str], *limit: str) -> list:
    capsys.readouterr()
    assert main(["--home", str(home), "search", query, "--json", *limit]) == 0
    return [(h["id"], h["why"]["match"]) for h in json.loads(capsys.readouterr().out)]


def api(home: Path, query: str, k: int = 10) -> list:
    with talkbase.open(home) as tb:
        return [(h.talk.id, h.why.match) for h in tb.search(query, k=k)]


def app(home: Path, query: str, monkeypatch: pytest.MonkeyPatch, pages: int = 99) -> list[int]:
    """The talk ids of the app's result cards, in order, over `pages` pages."""
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("TALKBASE_HOME", str(home))
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params["q"] = query
    at.run()
    assert not at.exception, at.exception
    for _ in range(pages - 1):
        if not any(b.key == "more" for b in at.button):
            break
        at.button(key="more").click().run()
        assert not at.exception, at.exception
    opened = [str(b.key) for b in at.button if str(b.key).startswith("result-open-")]
    return [int(key.rsplit("-", 1)[1]) for key in opened]


def matched(hits: list) -> list[int]:
    return [tid for tid, match in hits if match]


def same_everywhere(home: Path, capsys, monkeypatch) -> dict[str, list[int]]:
    with service.Service(home) as svc:
        everyone = str(len(svc.talks))
    found = {}
    for name, query in queries(home).items():
        every_cli = cli(home, query, capsys, "--limit", everyone)
        every_api = api(home, query, int(everyone))
        assert every_cli == every_api, name
        cards = app(home, query, monkeypatch)
        assert cards == matched(every_cli), name
        # the first page: the CLI's and the API's default ten, the app's first ten cards
        first_cli, first_api = cli(home, query, capsys), api(home, query)
        assert first_cli == first_api == every_cli[:PAGE], name
        assert app(home, query, monkeypatch, pages=1) == matched(first_cli), name
        found[name] = cards
    assert all(found[name] for name in ("topical", "words with a day and a time", "a person"))
    assert found["no match"] == []
    return found


@pytest.mark.model
def test_the_cli_the_api_and_the_app_agree_on_the_demo_base(demo_home, capsys, monkeypatch):
    found = same_everywhere(demo_home, capsys, monkeypatch)
    assert len(found["broad"]) > PAGE  # several pages of cards, read to the end


def test_the_cli_the_api_and_the_app_agree_on_a_hashing_base(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")  # no model: meaning by shared words
    home = tmp_path / "home"
    service.ingest([ROOT / "data" / "programs"], home)
    same_everywhere(home, capsys, monkeypatch)

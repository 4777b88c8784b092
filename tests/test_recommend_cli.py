"""`talkbase recommend` and `tb.recommend`: the same recommender through the CLI
and the API, printed like search (same JSON fields), never a saved or hidden talk."""

from __future__ import annotations

import json

import pytest

import talkbase
from talkbase.cli import main
from talkbase.core import timetable


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def home(demo_home, monkeypatch):
    monkeypatch.setenv("TALKBASE_HOME", str(demo_home))
    return demo_home


def _ids(capsys, query: str, n: int) -> list[int]:
    code, out, _ = run(capsys, "search", query, "--json", "-n", str(n))
    assert code == 0
    return [h["id"] for h in json.loads(out)]


def test_recommend_json_is_search_json_and_never_returns_its_inputs(home, capsys):
    saved = _ids(capsys, "fault-tolerant collectives", 2) + _ids(capsys, "agent sandboxing", 1)
    hidden = _ids(capsys, "vendor product pitch", 1)
    hidden = [h for h in hidden if h not in saved]
    argv = ["recommend", "--saved", ",".join(map(str, saved)), "--json", "-n", "8"]
    if hidden:
        argv += ["--avoid", str(hidden[0])]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    hits = json.loads(out)
    _, searched, _ = run(capsys, "search", "kernels", "--json", "-n", "1")
    first = json.loads(searched)[0]
    assert set(hits[0]) == set(first) and set(hits[0]["why"]) >= set(first["why"])
    assert len(hits) == 8
    got = [h["id"] for h in hits]
    assert not set(got) & set(saved) and not set(got) & set(hidden)
    assert len(set(got)) == len(got)
    assert all(h["why"]["reason"].startswith("because you saved") for h in hits)
    assert all(h["why"]["because"] and set(h["why"]["because"]) <= set(saved) for h in hits)


def test_recommend_fits_leaves_out_every_clash(home, capsys):
    tb = talkbase.open(home)
    saved = [h.talk for h in tb.search("fault-tolerant collectives", k=3)]
    hits = tb.recommend([t.id for t in saved], k=10, fits=True)
    assert hits and all(timetable.fits(h.talk, saved) for h in hits)
    loose = tb.recommend([t.id for t in saved], k=10)
    marked = [h for h in loose if h.why.clashes]
    assert all(timetable.clashes(h.talk, saved) for h in marked)
    assert all(not timetable.clashes(h.talk, saved) for h in loose if not h.why.clashes)


def test_recommend_takes_titles_and_says_an_unknown_talk_in_one_sentence(home, capsys):
    code, out, _ = run(capsys, "recommend", "--saved", "MCCL", "-n", "3")
    assert code == 0 and out.startswith("For you, from 1 saved talk:")
    assert "because you saved MCCL" in out
    code, _, err = run(capsys, "recommend", "--saved", "no such talk at all xyz")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    code, _, err = run(capsys, "recommend")
    assert code == 1 and "--saved" in err


def test_a_talk_between_two_saved_talks_in_their_room_is_offered_and_says_so(home, capsys):
    """Issue 38: the attendee sits in that room anyway; the talk between two saved
    talks comes back, with the reason naming the two, through the CLI's JSON."""
    tb = talkbase.open(home)
    every = [tb.talk(int(i)) for i in tb.talks()["id"]]
    talks = sorted((t for t in every if t.start and t.end and t.room), key=lambda t: t.start)
    rows = {}
    for t in talks:
        rows.setdefault((t.room, t.day), []).append(t)
    first, middle, last = next(r[:3] for r in rows.values() if len(r) >= 3)
    assert timetable.between(middle, [first, last]) == (first, last)
    code, out, err = run(capsys, "recommend", "--saved", f"{first.id},{last.id}", "--json")
    assert code == 0, err
    hits = {h["id"]: h for h in json.loads(out)}
    assert middle.id in hits
    reason = hits[middle.id]["why"]["reason"]
    assert reason.endswith(f"in the same room between {first.title} and {last.title}")

"""The recommender (index/search/recommend.py): interests, quotas, hidden talks, the
timetable, diversity and reasons, on hand-made vectors and talks; then on the demo base
built with the hashing embedder."""

from __future__ import annotations

import itertools
import json
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import numpy as np
import pytest

from index.search import reasons
from index.search import recommend as rec
from talkbase.core import timetable
from talkbase.core.errors import BadQuery, TalkNotFound
from talkbase.core.records import Because, Hit, Talk

BRUSSELS = ZoneInfo("Europe/Brussels")


def unit(*xs: float) -> np.ndarray:
    v = np.asarray(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def near(axis: int, wobble: float, dim: int = 6, other: int | None = None) -> np.ndarray:
    v = np.zeros(dim, dtype=np.float32)
    v[axis] = 1.0
    v[other if other is not None else (axis + 1) % dim] = wobble
    return v / np.linalg.norm(v)


def talk(tid: int, start: str | None = None, minutes: int = 30, **kw: object) -> Talk:
    begin = datetime.fromisoformat(start).replace(tzinfo=BRUSSELS) if start else None
    end = begin + timedelta(minutes=minutes) if begin else None
    return Talk(title=str(kw.pop("title", f"talk {tid}")), start=begin, end=end, id=tid, **kw)  # type: ignore[arg-type]


# -- interests ----------------------------------------------------------------------


def test_saved_talks_on_two_topics_make_two_interests_largest_first() -> None:
    saved = np.vstack([near(0, 0.1), near(3, 0.2), near(0, 0.2), near(0, -0.1), near(3, 0.1)])
    assert rec.interests(saved, 0.5) == [(0, 2, 3), (1, 4)]


def test_one_talk_is_one_interest_and_nothing_is_none() -> None:
    assert rec.interests(np.vstack([near(0, 0.1)]), 0.5) == [(0,)]
    assert rec.interests(np.zeros((0, 6), dtype=np.float32), 0.5) == []


def test_the_threshold_decides_what_is_one_interest() -> None:
    saved = np.vstack([unit(1, 0), unit(1, 1)])  # cosine 0.71
    assert rec.interests(saved, 0.7) == [(0, 1)]
    assert rec.interests(saved, 0.75) == [(0,), (1,)]


def test_average_linkage_does_not_chain_distant_talks() -> None:
    # a-b and b-c are alike, a and c are not: one step of the chain each side of b
    a, b, c = unit(1, 0, 0), unit(1, 1, 0), unit(0, 1, 0)
    groups = rec.interests(np.vstack([a, b, c]), 0.6)
    assert len(groups) == 2 and sorted(len(g) for g in groups) == [1, 2]


# -- quotas and drawing ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sizes", "k", "expected"),
    [
        ([4, 2], 10, [7, 3]),
        ([9, 1], 10, [9, 1]),  # the small interest is not drowned
        ([20, 1, 1], 10, [8, 1, 1]),
        ([1, 1, 1], 10, [4, 3, 3]),
        ([3, 2, 1], 2, [1, 1, 0]),  # fewer slots than interests: the largest first
        ([5], 3, [3]),
    ],
)
def test_quotas_are_proportional_with_one_slot_each(sizes, k, expected) -> None:
    got = rec.quotas(sizes, k)
    assert got == expected and sum(got) == k


def test_quotas_always_fill_k_and_give_everyone_a_slot() -> None:
    for sizes in itertools.product(range(1, 6), repeat=3):
        for k in range(3, 13):
            got = rec.quotas(list(sizes), k)
            assert sum(got) == k and min(got) >= 1


def _two_topics(n: int = 12) -> tuple[np.ndarray, np.ndarray, list[tuple[int, ...]]]:
    """Four saved talks on axis 0, one on axis 3; candidates around both."""
    saved = np.vstack([near(0, w) for w in (0.1, 0.2, -0.1, 0.15)] + [near(3, 0.1)])
    cands = np.vstack(
        [near(0, 0.05 * i, other=1 + i % 2) for i in range(n)]
        + [near(3, 0.1 * i, other=4) for i in range(4)]
    )
    return saved, cands, rec.interests(saved, 0.5)


def test_a_small_second_interest_is_served() -> None:
    saved, cands, groups = _two_topics()
    rel = rec.relevance(cands, saved, groups)
    picks = rec.draw(rel, cands, rec.quotas([len(g) for g in groups], 5), 5, 0.0)
    by_interest = [g for _, g in picks]
    assert by_interest.count(0) == 4 and by_interest.count(1) == 1
    # the centroid alone (one average) would take the five nearest to axis 0
    centre = saved.mean(axis=0)
    assert all(i < 12 for i in np.argsort(-(cands @ centre))[:5])
    assert any(c >= 12 for c, _ in picks)


def test_interests_take_turns_by_their_quota() -> None:
    saved, cands, groups = _two_topics()
    rel = rec.relevance(cands, saved, groups)
    picks = rec.draw(rel, cands, [3, 2], 5, 0.0)
    assert [g for _, g in picks] == [0, 1, 0, 1, 0]


def test_slots_an_interest_cannot_fill_go_to_the_others() -> None:
    saved, cands, groups = _two_topics()
    rel = rec.relevance(cands, saved, groups)
    usable = np.arange(len(cands)) < 12  # nothing left near the second interest
    picks = rec.draw(rel, cands, [3, 2], 5, 0.0, usable)
    assert len(picks) == 5 and all(c < 12 for c, _ in picks)
    assert len(rec.draw(rel, cands, [3, 2], 50, 0.0)) == len(cands)  # all, once each


def test_a_saved_talk_the_draw_missed_gets_its_own_best_in_place_of_the_last_picks() -> None:
    # three saved talks, one interest; candidates 0-4 are what the draw took
    drawn = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
    solo = np.array(
        [
            [0.9, 0.1, 0.1, 0.1, 0.1, 0.2, 0.1],  # its best (0) is drawn: nothing to do
            [0.1, 0.1, 0.1, 0.1, 0.1, 0.8, 0.3],  # its best (5) was missed
            [0.1, 0.1, 0.1, 0.1, 0.1, 0.2, 0.7],  # and so was this one's (6)
        ]
    )
    groups = [(0, 1, 2)]
    assert rec.cover(drawn, solo, groups, 2) == [(0, 0), (1, 0), (2, 0), (6, 0), (5, 0)]
    assert rec.cover(drawn, solo, groups, 1) == [(0, 0), (1, 0), (2, 0), (3, 0), (5, 0)]
    assert rec.cover(drawn, solo, groups, 0) == drawn
    usable = np.array([True] * 5 + [False, True])  # 5 clashes: the next best that fits
    # 1's next best is 6, which then serves 2 too
    assert rec.cover(drawn, solo, groups, 2, usable) == [(0, 0), (1, 0), (2, 0), (3, 0), (6, 0)]


def test_cover_never_pushes_out_a_saved_talks_own_best() -> None:
    """Review: the last pick was replaced even when it was an earlier saved talk's best."""
    solo = np.zeros((2, 10))
    solo[0, 5], solo[1, 9] = 1.0, 1.0  # talk 0's best (5) was drawn last; talk 1's (9) not
    drawn = [(0, 0), (1, 0), (2, 0), (5, 0)]
    assert rec.cover(drawn, solo, [(0, 1)], 2) == [(0, 0), (1, 0), (9, 0), (5, 0)]


def test_cover_replaces_the_pick_no_saved_talk_holds_dear_not_the_last() -> None:
    """Issue 38: the last pick was a saved talk's second best (its topic's one voice);
    the pick that makes way is the one every saved talk ranks low."""
    drawn = [(0, 0), (1, 0), (2, 0), (3, 0)]
    solo = np.array(
        [
            [0.9, 0.5, 0.1, 0.2, 0.0],  # best 0 drawn
            [0.1, 0.0, 0.0, 0.0, 0.8],  # best 4 missed
            [0.0, 0.1, 0.2, 0.8, 0.9],  # best 4 too; 3 is its second: the last pick
        ]
    )
    assert rec.dearest_rank(solo, np.ones(5, bool)).tolist() == [0, 1, 2, 1, 0]
    assert rec.cover(drawn, solo, [(0, 1, 2)], 1) == [(0, 0), (1, 0), (4, 0), (3, 0)]


def test_between_names_the_saved_talks_around_a_talk_that_fills_the_hole() -> None:
    room = "K.1.105"
    first = talk(1, "2024-02-03T10:00", room=room)  # 10:00-10:30
    last = talk(2, "2024-02-03T11:30", room=room)  # a 60-minute hole before it
    elsewhere = talk(3, "2024-02-03T13:00", room="H.1302")
    middle = talk(4, "2024-02-03T10:35", 50, room=room)
    assert timetable.between(middle, [last, elsewhere, first]) == (first, last)
    # the nearest saved talk on each side
    early = talk(5, "2024-02-03T09:00", room=room)
    assert timetable.between(middle, [early, last, first]) == (first, last)
    # another room, after the last, the next day, no time or no room: nothing around it
    assert timetable.between(talk(6, "2024-02-03T10:35", 50, room="H.1302"), [first, last]) is None
    assert timetable.between(talk(7, "2024-02-03T12:00", 50, room=room), [first, last]) is None
    assert timetable.between(talk(8, "2024-02-04T10:35", 50, room=room), [first, last]) is None
    assert timetable.between(talk(9, room=room), [first, last]) is None
    assert timetable.between(talk(10, "2024-02-03T10:35", 50), [first, last]) is None
    # overlapping a saved talk is not between it and the next
    assert timetable.between(talk(11, "2024-02-03T10:15", 50, room=room), [first, last]) is None
    # a hole another talk as long would fit in beside it is no hole it fills
    assert timetable.between(talk(12, "2024-02-03T10:30", 30, room=room), [first, last]) is None
    assert timetable.between(talk(13, "2024-02-03T10:30", 31, room=room), [first, last])


def test_fill_gaps_gives_a_slot_to_the_talk_between_two_saved_talks() -> None:
    """Issue 38: two saved talks in one room, of two interests, with a talk between
    them the draw left out: it takes the place of the pick no saved talk holds dear."""
    picked = [(0, 0), (1, 1), (2, 0), (3, 1)]
    solo = np.array([[0.9, 0.1, 0.5, 0.1, 0.2, 0.3], [0.1, 0.9, 0.1, 0.4, 0.2, 0.3]])
    rel = solo.copy()
    gaps = np.array([False, False, False, False, True, True])
    # 5 is the closer gap (to interest 0 or 1 alike: the first); 2 and 3 are second
    # bests, the later of equals makes way
    assert rec.fill_gaps(picked, gaps, rel, solo, 1) == [(0, 0), (1, 1), (2, 0), (5, 0)]
    assert rec.fill_gaps(picked, gaps, rel, solo, 2) == [(0, 0), (1, 1), (4, 0), (5, 0)]
    assert rec.fill_gaps(picked, gaps, rel, solo, 0) == picked
    usable = np.array([True] * 5 + [False])  # 5 clashes: the other gap
    assert rec.fill_gaps(picked, gaps, rel, solo, 1, usable) == [(0, 0), (1, 1), (2, 0), (4, 0)]
    # a gap already picked, or a showing of one, is there; saved talks' bests stay
    assert rec.fill_gaps([(0, 0), (1, 1), (5, 0)], gaps, rel, solo, 1) == [(0, 0), (1, 1), (5, 0)]
    label = np.array([0, 1, 2, 3, 4, 3])  # 5 is another showing of 3
    assert rec.fill_gaps(picked, gaps, rel, solo, 1, label=label) == [
        (0, 0),
        (1, 1),
        (4, 0),
        (3, 1),
    ]
    assert rec.fill_gaps([(0, 0), (1, 1)], gaps, rel, solo, 1) == [(0, 0), (1, 1)]


def test_mmr_skips_near_duplicates_within_an_interest() -> None:
    saved = np.vstack([unit(1, 0, 0, 0)])
    dup = unit(1, 0.3, 0, 0)
    cands = np.vstack([dup, dup, dup, unit(1, 0, 0.45, 0)])  # three copies, one other
    rel = rec.relevance(cands, saved, [(0,)])
    plain = [c for c, _ in rec.draw(rel, cands, [2], 2, 0.0)]
    varied = [c for c, _ in rec.draw(rel, cands, [2], 2, 0.3)]
    assert plain == [0, 1]  # the nearest twice over
    assert varied == [0, 3]


def test_a_hidden_talk_pushes_its_neighbours_down() -> None:
    saved = np.vstack([unit(1, 0, 0)])
    cands = np.vstack([unit(1, 0.5, 0), unit(1, 0, 0.55)])  # the first is a bit nearer
    hidden = np.vstack([unit(0.2, 1, 0)])  # ...and next to the hidden talk
    rel = rec.relevance(cands, saved, [(0,)])
    assert rel[0, 0] > rel[0, 1]
    pushed = rel - rec.penalty(cands, hidden)[None, :]
    assert pushed[0, 0] < pushed[0, 1]
    assert not rec.penalty(cands, np.zeros(0)).any()
    assert (rec.penalty(cands, np.vstack([unit(0, 0, -1)])) >= 0).all()  # never a bonus


def test_words_and_tracks_of_an_interest() -> None:
    df = {"rdma": 2, "nccl": 2, "sandbox": 2, "agents": 3}
    a = reasons.word_weights(["rdma"], ["rdma", "nccl", "the"], df, 100)
    assert set(a) == {"rdma", "nccl"} and a["rdma"] == 2 * a["nccl"]  # titles count twice
    b = reasons.word_weights([], ["sandbox", "agents"], df, 100)
    assert set(b) == {"sandbox", "agent"}  # plurals folded
    rel = rec.word_relevance([a, b], [(0,), (1,)], [a, b, {}])
    assert rel[0, 0] == pytest.approx(1.0) and rel[0, 1] == 0 and rel[1, 1] == pytest.approx(1.0)
    assert not rel[:, 2].any()  # a talk without words is near nothing
    tracks = rec.track_relevance(["HPC", "HPC", "Security"], [(0, 1, 2)], ["HPC", None, "Go"])
    assert tracks.tolist() == [[pytest.approx(2 / 3), 0.0, 0.0]]


# -- the timetable -------------------------------------------------------------------


def test_touching_talks_do_not_clash() -> None:
    a = talk(1, "2024-02-03 10:00", 30)
    assert timetable.clashes(talk(2, "2024-02-03 10:30"), [a]) == []
    assert [t.id for t in timetable.clashes(talk(3, "2024-02-03 10:29"), [a])] == [1]
    assert not timetable.fits(talk(4), [a])  # no time: fits no slot, as in the agenda


# -- reasons --------------------------------------------------------------------------


def test_shared_terms_are_distinctive_words_and_phrases() -> None:
    df = {"rank": 3, "failures": 2, "communicator": 2, "open": 60, "source": 70, "talk": 50}
    hit = "communicator reconfiguration after rank failures in open source".split()
    saved = "fault tolerant communicator and rank failures of open source".split()
    assert reasons.shared_terms(hit, saved, df, 1000) == ("rank failures", "communicator")
    # a word in 3% of the talks is named only from a title
    assert reasons.shared_terms(hit, saved, {**df, "rank": 30, "failures": 30}, 1000) == (
        "communicator",
    )
    titles = (["rank", "failures"], ["rank"])
    assert reasons.shared_terms(hit, saved, {**df, "rank": 30}, 1000, titles)[0] == "rank failures"


def test_shared_terms_leave_out_words_far_weaker_than_the_best() -> None:
    hit, saved = ["unikernel", "and", "additional"], ["unikernels", "with", "additional"]
    df = {"unikernel": 3, "additional": 9}
    titles = (["unikernel"], ["unikernels"])
    assert reasons.shared_terms(hit, saved, df, 1000, titles) == ("unikernel",)
    assert reasons.shared_terms(hit, saved, df, 1000) == ("unikernel", "additional")


def test_shared_terms_fold_plurals_and_skip_stopwords() -> None:
    hit = ["the", "collective", "rdma", "and"]
    saved = ["collectives", "over", "the", "rdma"]
    assert set(reasons.shared_terms(hit, saved, {}, 100)) == {"collective", "rdma"}
    assert reasons.shared_terms(["about", "the"], ["about", "the"], {}, 100) == ()


def test_reason_text() -> None:
    assert (
        reasons.reason_text(["MCCL: Fault-Tolerant Collective Communication"], ["rank failures"])
        == "because you saved MCCL: Fault-Tolerant Collective Communication"
        " — both about rank failures"
    )
    two = reasons.reason_text(["A", "B"], ["rdma", "nccl", "collectives"], clashes=["C"])
    assert (
        two
        == "because you saved A and B — all about rdma, nccl and collectives; at the same time as C"
    )
    sat = reasons.reason_text(["A"], ["rust"], between=("A", "B"))
    assert sat == "because you saved A — both about rust; in the same room between A and B"
    said = reasons.reason_text(["A"], [], "Sandboxes keep agents   from the host. " * 10)
    assert said.startswith("because you saved A — close to “Sandboxes keep agents from the host.")
    assert said.endswith("…”") and len(said) < 200


def test_because_carries_the_fields_into_json() -> None:
    why = Because(because=[3], clashes=(4,), reason="because", matched_terms=("x",))
    out = why.to_dict()
    assert out["because"] == [3] and out["clashes"] == [4] and out["reason"] == "because"
    assert out["matched_terms"] == ["x"] and json.dumps(out)
    assert hash(why) == hash(
        Because(because=[3], clashes=(4,), reason="because", matched_terms=("x",))
    )


# -- on a knowledge base (the demo corpus, hashing embedder) ------------------------


@pytest.fixture
def kb(fake_home, hashing_embedder):
    from index.search.kb import KnowledgeBase

    with KnowledgeBase(fake_home, hashing_embedder) as base:
        yield base


def _ids(kb) -> list[int]:
    return sorted(kb.talks.ids.tolist())


def test_never_returns_what_was_saved_or_hidden(kb) -> None:
    ids = _ids(kb)
    saved, avoid = ids[:3], ids[3:5]
    hits = rec.recommend(kb, saved, avoid, k=len(ids))
    got = [h.talk.id for h in hits]
    assert got and not set(got) & (set(saved) | set(avoid))
    assert len(got) == len(set(got))


def test_each_hit_says_why(kb) -> None:
    saved = _ids(kb)[:2]
    hits = rec.recommend(kb, saved, k=5)
    assert len(hits) == 5
    for h in hits:
        why = h.why
        assert isinstance(why, Because)
        assert why.because and set(why.because) <= set(saved)
        named = [kb.talks[i].title for i in why.because]
        assert why.reason.startswith("because you saved " + named[0])
        assert h.why.best_sentence
        for term in h.why.matched_terms:
            assert term.split()[0] in (h.talk.title + " " + h.talk.abstract).lower()
        json.dumps(h.to_dict())


def test_fits_leaves_out_every_clash_and_otherwise_marks_them(kb) -> None:
    talks = [t for t in kb.talks.values() if t.start and t.end]
    saved = [t.id for t in talks[:6]]
    saved_talks = [kb.talks[i] for i in saved]
    marked = rec.recommend(kb, saved, k=len(kb.talks))
    for h in marked:
        assert _clashes(h) == tuple(t.id for t in timetable.clashes(h.talk, saved_talks))
        assert ("; at the same time as " in _reason(h)) == bool(_clashes(h))
    assert any(_clashes(h) for h in marked), "the demo program has clashes to mark"
    fitting = rec.recommend(kb, saved, k=len(kb.talks), fits=True)
    assert fitting and all(timetable.fits(h.talk, saved_talks) for h in fitting)
    assert not any(_clashes(h) for h in fitting)


def _clashes(hit: Hit) -> tuple[int, ...]:
    assert isinstance(hit.why, Because)
    return hit.why.clashes


def _reason(hit: Hit) -> str:
    assert isinstance(hit.why, Because)
    return hit.why.reason


def test_fits_on_a_program_without_times_is_refused_in_words(tmp_path, hashing_embedder) -> None:
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    papers = tmp_path / "papers.csv"
    papers.write_text(
        "title,abstract\n"
        + "".join(f"Paper {n} on parsing,Parsing grammars fast {n}.\n" for n in range(6)),
        encoding="utf-8",
    )
    ingest([papers], tmp_path / "home", hashing_embedder)
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as base:
        saved = _ids(base)[:2]
        assert len(rec.recommend(base, saved, k=3)) == 3  # without --fits: recommended
        with pytest.raises(BadQuery, match="no times"):  # not "nothing more to recommend"
            rec.recommend(base, saved, k=3, fits=True)


def test_fits_on_a_program_with_times_never_refuses(tmp_path, hashing_embedder) -> None:
    """Review: the refusal looked at the candidates, not the program: saved talks of
    an untimed part of a program with times drew only untimed candidates."""
    from dataclasses import replace

    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    rows = ["title,abstract,start,end"]
    rows += [
        f"Timed {n},Sessions about welding {n}.,2030-01-0{n}T10:00,2030-01-0{n}T11:00"
        for n in (1, 2)
    ]
    rows += [f"Paper {n} on parsing,Parsing grammars fast {n}.,," for n in range(6)]
    (tmp_path / "p.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    ingest([tmp_path / "p.csv"], tmp_path / "home", hashing_embedder)
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as base:
        papers = [t.id for t in base.talks.values() if t.title.startswith("Paper")]
        narrow = replace(rec.TUNING, pool_per_query=2)  # only untimed papers come near
        assert rec.recommend(base, papers[:2], k=3, fits=True, tuning=narrow) == []


def test_unknown_ids_and_bad_limits_are_domain_errors(kb) -> None:
    ids = _ids(kb)
    with pytest.raises(TalkNotFound):
        rec.recommend(kb, [ids[0], 123456789012])
    with pytest.raises(TalkNotFound):
        rec.recommend(kb, [ids[0]], avoid=[-4])
    with pytest.raises(BadQuery):
        rec.recommend(kb, [ids[0]], k=0)
    assert rec.recommend(kb, []) == []


def test_a_talk_saved_and_hidden_counts_as_saved(kb) -> None:
    ids = _ids(kb)
    both = rec.recommend(kb, [ids[0], ids[0]], avoid=[ids[0]], k=4)
    alone = rec.recommend(kb, [ids[0]], k=4)
    assert [h.talk.id for h in both] == [h.talk.id for h in alone]


def test_hiding_a_talk_pushes_its_neighbours_down_by_their_closeness(kb) -> None:
    ids = _ids(kb)
    saved, hidden = ids[:1], ids[2]  # one interest: each score is its relevance to it
    everything = len(ids)
    plain = {h.talk.id: h.why.relevance for h in rec.recommend(kb, saved, k=everything)}
    pushed = {h.talk.id: h.why.relevance for h in rec.recommend(kb, saved, [hidden], k=everything)}
    assert hidden in plain and hidden not in pushed and set(pushed) == set(plain) - {hidden}
    near = kb.vectors.vector(hidden)
    for tid, score in pushed.items():
        closeness = max(0.0, float(kb.vectors.vector(tid) @ near))
        assert score == pytest.approx(plain[tid] - rec.TUNING.avoid_weight * closeness, abs=1e-5)


def test_recommendations_come_sorted_by_score_in_the_order_drawn(fake_home) -> None:
    from index.encoders.hashing import HashingEmbedder
    from index.search.kb import KnowledgeBase

    with KnowledgeBase(fake_home, HashingEmbedder()) as kb:
        ids = sorted(kb.talks)
        hits = rec.recommend(kb, [ids[0], ids[len(ids) // 2], ids[-1]], k=10)
    scores = [h.score for h in hits]
    assert len(hits) == 10 and scores == sorted(scores, reverse=True)


def test_in_score_order_caps_a_rising_score_and_keeps_the_order() -> None:
    a, b, c = (Hit(talk(i), s, Because()) for i, s in ((1, 0.9), (2, 0.95), (3, 0.5)))
    got = rec.in_score_order([a, b, c])
    assert [h.talk.id for h in got] == [1, 2, 3] and [h.score for h in got] == [0.9, 0.9, 0.5]


# -- when saved talks fall apart into interests (issue 38) ---------------------------


def test_two_topics_fall_apart_and_one_spread_topic_does_not() -> None:
    two = np.vstack([near(0, 0.1), near(0, -0.1), near(3, 0.1), near(3, -0.1)])
    groups = rec.interests(two, 0.5)
    assert groups == [(0, 1), (2, 3)] and rec.explained(two, groups) > 0.9
    assert rec.apart(two, groups, 0.3)
    # one topic whose talks the clustering still cuts in two: a split explains little
    # more than cutting four talks at random would (1/3), so it is one interest
    one = np.vstack([unit(1, a, b, 0) for a in (0.4, -0.4) for b in (0.4, -0.4)])
    cut = [(0, 1), (2, 3)]
    assert rec.explained(one, cut) == pytest.approx(0.5, abs=0.01) and not rec.apart(one, cut, 0.3)
    assert not rec.apart(one, [(0, 1, 2, 3)], 0.0)  # one group is never apart


def test_a_signal_is_weighed_in_the_vectors_spread_whatever_its_own_scale() -> None:
    """Words' cosines run higher on long abstracts than on one-liners: weighed in the
    vectors' spread over the same candidates, a weight means the same on both."""
    dense = np.array([[0.9, 0.5, 0.1, 0.3], [0.2, 0.2, 0.6, 0.2]], dtype=np.float32)
    words = np.array([[0.4, 0.0, 0.2, 0.2], [0.0, 0.0, 0.0, 0.0]], dtype=np.float32)
    got = rec.in_spread_of(words, dense)
    assert got[0].mean() == pytest.approx(0.0, abs=1e-6)
    assert got[0].std() == pytest.approx(dense[0].std(), rel=1e-5)
    assert list(np.argsort(got[0])) == list(np.argsort(words[0], kind="stable"))
    assert np.all(got[1] == 0.0)  # a signal that does not vary adds nothing
    assert np.allclose(rec.in_spread_of(10 * words, dense), got, atol=1e-6)


# -- showings: a talk the program runs more than once ---------------------------


def test_showings_are_one_talk_when_title_speakers_and_abstract_agree() -> None:
    from index.search import showings
    from talkbase.core.records import Speaker

    ada = (Speaker(name="Ada L"),)
    lab = talk(1, "2030-01-01T10:00", title="Soldering Lab", speakers=ada, abstract="Solder.")
    again = talk(2, "2030-01-02T10:00", title="soldering lab!", speakers=ada, abstract="Solder.")
    other = talk(3, "2030-01-02T12:00", title="Soldering Lab", abstract="Something else.")
    empty = [talk(i, f"2030-01-0{i}T09:00", title="Lightning talks", speakers=ada) for i in (4, 5)]
    assert showings.key(lab) == showings.key(again) != showings.key(other)
    assert showings.key(empty[0]) is None  # no abstract, even with a host: never one talk
    assert showings.collapse([again, other, *empty], held=[lab]) == [False, True, True, True]
    assert showings.collapse([lab, again, other]) == [True, False, True]


def test_draw_takes_one_showing_of_a_talk() -> None:
    vecs = np.vstack([near(0, 0.1), near(0, 0.1), near(0, 0.3), near(1, 0.1)])
    rel = np.array([[0.9, 0.9, 0.8, 0.1]], dtype=np.float32)
    assert [c for c, _ in rec.draw(rel, vecs, [3], 3, 0.0)] == [0, 1, 2]
    label = np.array([7, 7, 8, 9])  # 0 and 1: showings of one talk
    assert [c for c, _ in rec.draw(rel, vecs, [3], 3, 0.0, label=label)] == [0, 2, 3]


def test_no_other_showing_of_a_saved_talk_and_one_of_each_other(showings_kb) -> None:
    """Review of MOCA 2024 (a lab for children runs three times a day): having saved
    its first showing, the recommendations held its two others and two showings of
    another lab."""
    first = min(t.id for t in showings_kb.talks.values() if t.title == "3D printing lab")
    titles = [h.talk.title for h in rec.recommend(showings_kb, [first], k=10)]
    assert "3D printing lab" not in titles
    assert titles.count("Robot lab") == 1 and len(titles) == 5, titles


def test_the_hole_filler_clashes_with_no_saved_talk_and_is_no_chore(tmp_path, hashing_embedder):
    """Review: the talk between two saved talks in their room was offered while it ran
    at the same time as a third saved talk, or when it was the lunch."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    rows = [
        ("Rust ownership in depth", "09:00", "09:50", "Room 3"),
        ("Lunch", "10:00", "10:50", "Room 3"),
        ("Async Rust with Tokio", "11:00", "11:50", "Room 3"),
        ("Sponsor pitch: CloudCorp", "12:00", "12:50", "Room 3"),
        ("Rust macros tutorial", "12:00", "12:50", "Room 1"),
        ("Embedded Rust on microcontrollers", "13:00", "13:50", "Room 3"),
    ]
    doc = tmp_path / "program.csv"
    lines = ["title,date,start,end,room"] + [f"{t},2026-05-04,{a},{b},{r}" for t, a, b, r in rows]
    doc.write_text("\n".join(lines) + "\n", encoding="utf-8")
    ingest([doc], tmp_path / "home", hashing_embedder)
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as kb:
        by_title = {t.title: t.id for t in kb.talks.values()}
        saved = [by_title[t] for t in ("Rust ownership in depth", "Async Rust with Tokio")]
        saved += [by_title["Rust macros tutorial"], by_title["Embedded Rust on microcontrollers"]]
        hits = rec.recommend(kb, saved, k=2)
        said = {h.talk.title: h.why.reason for h in hits}
        # both holes' talks are there to see, but neither is said to fill a hole
        assert set(said) == {"Lunch", "Sponsor pitch: CloudCorp"}
        assert not any("in the same room between" in r for r in said.values())
        assert "at the same time as Rust macros tutorial" in said["Sponsor pitch: CloudCorp"]
        assert rec.fill_gaps(
            [(0, 0)], np.array([False, True]), np.ones((1, 2)), np.ones((1, 2)), 1
        ) == [(0, 0)]


def test_fits_keeps_to_the_conferences_of_the_agenda(tmp_path, hashing_embedder) -> None:
    """Sweep 16 F3: a base holding a Seoul summit and a Madrid symposium; an agenda of
    Seoul talks "fits" no Madrid talk, however free its hour (another city), while
    without `--fits` the Madrid talks may come, as talks like the saved ones."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    head = "title,abstract,start,end,conference\n"
    seoul = "".join(
        f"Netcode rollback {n},Rollback netcode for fighting games {n}.,"
        f"2026-11-14T{9 + n:02d}:00+09:00,2026-11-14T{9 + n:02d}:45+09:00,Seoul Games Summit\n"
        for n in range(4)
    )
    madrid = "".join(
        f"Rollback netcode en Madrid {n},Rollback netcode for fighting games {n}.,"
        f"2026-11-20T{9 + n:02d}:00+01:00,2026-11-20T{9 + n:02d}:45+01:00,Madrid Games Days\n"
        for n in range(4)
    )
    (tmp_path / "seoul.csv").write_text(head + seoul, encoding="utf-8")
    (tmp_path / "madrid.csv").write_text(head + madrid, encoding="utf-8")
    ingest([tmp_path / "seoul.csv", tmp_path / "madrid.csv"], tmp_path / "home", hashing_embedder)
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as base:
        saved = [t.id for t in base.talks.values() if t.title.endswith(" 0")]
        saved = [i for i in saved if base.talks[i].conference == "Seoul Games Summit"]
        anywhere = rec.recommend(base, saved, k=6)
        assert {h.talk.conference for h in anywhere} == {"Seoul Games Summit", "Madrid Games Days"}
        fitting = rec.recommend(base, saved, k=6, fits=True)
        assert fitting and {h.talk.conference for h in fitting} == {"Seoul Games Summit"}

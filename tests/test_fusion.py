"""Fusion and diversification on hand-made lists."""

from __future__ import annotations

import numpy as np
import pytest

from index.search.rank.fusion import fuse, minmax, mmr, relative_score, rrf, scaled_score


def test_rrf_rewards_agreement():
    fused = rrf([["a", "b", "c"], ["b", "a", "d"]], k=60)
    assert [x for x, _ in fused] == ["a", "b", "c", "d"]  # a and b tie; a seen first
    assert fused[0][1] == pytest.approx(1 / 61 + 1 / 62)
    assert fused[2][1] == pytest.approx(1 / 63)


def test_rrf_weights_and_k():
    fused = rrf([["a", "b"], ["b", "a"]], k=1, weights=[2.0, 1.0])
    assert fused[0] == ("a", pytest.approx(2 / 2 + 1 / 3))
    with pytest.raises(ValueError):
        rrf([["a"]], weights=[1.0, 2.0])


def test_minmax():
    assert minmax([("a", 3.0), ("b", 1.0), ("c", 2.0)]) == {"a": 1.0, "b": 0.0, "c": 0.5}
    assert minmax([("a", 5.0)]) == {"a": 1.0}
    assert minmax([]) == {}


def test_relative_score_keeps_score_gaps():
    lexical = [("a", 10.0), ("b", 1.0), ("c", 0.9)]
    dense = [("c", 0.9), ("b", 0.85), ("a", 0.1), ("d", 0.0)]
    fused = relative_score([lexical, dense], [0.5, 0.5])
    assert [x for x, _ in fused][:2] == ["c", "a"] or [x for x, _ in fused][:2] == ["a", "c"]
    scores = dict(fused)
    assert scores["a"] == pytest.approx(0.5 * 1 + 0.5 * (0.1 / 0.9))
    assert scores["d"] == pytest.approx(0.0)  # in one list only, at its bottom
    assert list(scores) == [x for x, _ in sorted(fused, key=lambda kv: -kv[1])]


def test_relative_score_lexical_weight_wins_when_high():
    lexical = [("a", 2.0), ("b", 1.0)]
    dense = [("b", 0.9), ("a", 0.1)]
    assert relative_score([lexical, dense], [0.9, 0.1])[0][0] == "a"
    assert relative_score([lexical, dense], [0.1, 0.9])[0][0] == "b"


def test_mmr_avoids_near_copies():
    q = np.array([1.0, 0.0, 0.0], dtype=np.float32)
    vecs = {
        "a": np.array([0.9, 0.43, 0.0]),
        "a2": np.array([0.9, 0.43, 0.0]),  # a near-copy of a
        "b": np.array([0.8, 0.0, 0.6]),
    }
    vecs = {k: (v / np.linalg.norm(v)).astype(np.float32) for k, v in vecs.items()}
    plain = mmr(q, ["a", "a2", "b"], vecs, 2, lambda_=1.0)
    diverse = mmr(q, ["a", "a2", "b"], vecs, 2, lambda_=0.5)
    assert [x for x, _ in plain] == ["a", "a2"]
    assert [x for x, _ in diverse] == ["a", "b"]
    assert mmr(q, [], vecs, 3) == []


def test_scaled_score_keeps_credit_for_the_last_match():
    lexical = [("a", 8.0), ("b", 6.0), ("c", 4.0), ("d", 2.0)]  # d: the last word match
    dense = [("x", 0.60), ("y", 0.35), ("a", 0.30), ("d", 0.21)]
    fused = dict(scaled_score([lexical, dense], [0.6, 0.4], [0.0, 0.2]))
    assert fused["d"] == pytest.approx(0.6 * 2 / 8 + 0.4 * 0.01 / 0.4)
    assert fused["d"] > fused["y"]  # a word match outranks a talk only near in meaning
    # min-max gave the same talk nothing for its words, and put it behind y
    rel = dict(relative_score([lexical, dense], [0.6, 0.4]))
    assert rel["d"] < rel["y"]


def test_scaled_score_floor_and_edge_cases():
    assert scaled_score([[("a", 0.1), ("b", 0.5)]], [1.0], [0.2]) == [("b", 1.0), ("a", 0.0)]
    assert scaled_score([[], [("a", 0.3)]], [0.5, 0.5], [0.0, 0.2]) == [("a", 0.5)]
    assert scaled_score([[("a", 2.0), ("b", 2.0)]]) == [("a", 1.0), ("b", 1.0)]  # ties: first seen
    with pytest.raises(ValueError):
        scaled_score([[("a", 1.0)]], [0.5, 0.5])


# -- any number of ranked lists ------------------------------------------------------
WORDS = [("a", 8.0), ("b", 6.0), ("c", 4.0)]
MEANING = [("c", 0.7), ("d", 0.5), ("a", 0.3)]
TITLES = [("d", 3.0), ("e", 1.0)]


def test_fuse_of_two_lists_is_the_two_list_fusion_it_names():
    """The fusion search has always done with two lists, by each `how`."""
    lists = [WORDS, MEANING]
    assert fuse(lists, [0.6, 0.4], [0.0, 0.2]) == scaled_score(lists, [0.6, 0.4], [0.0, 0.2])
    assert fuse(lists, [0.6, 0.4], how="relative") == relative_score(lists, [0.6, 0.4])
    assert fuse(lists, [0.6, 0.4], how="rrf", k=60) == rrf([["a", "b", "c"], ["c", "d", "a"]])


def test_fuse_weighs_each_of_three_lists():
    fused = dict(fuse([WORDS, MEANING, TITLES], [0.6, 0.4, 0.5], [0.0, 0.2, 0.0]))
    assert fused["a"] == pytest.approx(0.6 * 8 / 8 + 0.4 * 0.1 / 0.5)
    assert fused["d"] == pytest.approx(0.4 * 0.3 / 0.5 + 0.5 * 3 / 3)
    assert fused["e"] == pytest.approx(0.5 * 1 / 3)  # in the third list only
    # a heavier third list puts its best first; without it, it counts for nothing
    assert fuse([WORDS, MEANING, TITLES], [0.6, 0.4, 10.0])[0][0] == "d"
    two = fuse([WORDS, MEANING], [0.6, 0.4], [0.0, 0.2])
    none = fuse([WORDS, MEANING, TITLES], [0.6, 0.4, 0.0], [0.0, 0.2, 0.0])
    assert [(x, pytest.approx(s)) for x, s in two] == [(x, s) for x, s in none if x in dict(two)]
    assert dict(none)["e"] == 0.0


def test_fuse_by_rank_counts_every_list_once():
    fused = fuse([WORDS, MEANING, TITLES], [0.6, 0.4, 9.0], how="rrf", k=1)
    assert dict(fused)["d"] == pytest.approx(1 / 3 + 1 / 2)  # weights are not read
    assert [x for x, _ in fused] == ["d", "a", "c", "b", "e"]  # a and c tie: a seen first
    relative = dict(fuse([WORDS, MEANING, TITLES], [1.0, 1.0, 1.0], how="relative"))
    assert relative["c"] == pytest.approx(0.0 + 1.0)  # min-max per list: floors not read


def test_fuse_refuses_what_it_cannot_do():
    with pytest.raises(ValueError, match="one weight"):
        fuse([WORDS, MEANING], [1.0])
    with pytest.raises(ValueError, match="fusion must be"):
        fuse([WORDS], [1.0], how="average")
    assert fuse([], []) == []

"""Where words and meaning disagree, meaning leads (index/search/rank/agreement.py):
the rule on hand-made vectors, and on the demo programs with the real model."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from index.search.rank import agreement, signals
from index.search.rank.ranking import Query, Ranking
from index.store.vectors import NumpyIndex


def _base(vectors: dict[int, list[float]]) -> SimpleNamespace:
    index = NumpyIndex(2)
    ids = np.array(list(vectors), dtype=np.int64)
    rows = np.array([np.asarray(v) / np.linalg.norm(v) for v in vectors.values()], np.float32)
    index.add(ids, rows)
    return SimpleNamespace(vectors=index)


def _rankings(base, by_words, by_meaning, qvec=(1.0, 0.0), more=None):
    query = Query(base, "q", "q", None, 10, 100)
    out = {
        "lexical": Ranking([(t, 1.0) for t in by_words], query=query),
        "dense": Ranking([(t, 1.0) for t in by_meaning], vector=np.array(qvec, np.float32)),
    }
    out.update(more or {})
    return out


# talks 1-5 point the query's way; 6-10 at right angles to it
BASE = _base({**{i: [1.0, 0.0] for i in range(1, 6)}, **{i: [0.0, 1.0] for i in range(6, 11)}})
WEIGHTS = {"lexical": 0.6, "dense": 0.4}


def test_agreement_is_the_words_first_talks_closeness_over_the_meanings():
    assert agreement.agreement(_rankings(BASE, [1, 2, 3, 4, 5], [1, 2, 3, 4, 5])) == 1.0
    assert agreement.agreement(_rankings(BASE, [6, 7, 8, 9, 10], [1, 2, 3, 4, 5])) == 0.0
    # two of the words' first five point the query's way: 2/5 of the meaning's closeness
    got = agreement.agreement(_rankings(BASE, [1, 6, 2, 7, 8], [1, 2, 3, 4, 5]))
    assert got == pytest.approx(0.4)
    # only the first AGREEMENT_TALKS count
    assert agreement.agreement(_rankings(BASE, [1, 2, 3, 4, 5, 6, 7], [1, 2, 3])) == 1.0


def test_nothing_to_compare_is_no_agreement():
    assert agreement.agreement(_rankings(BASE, [], [1, 2])) is None
    assert agreement.agreement(_rankings(BASE, [1, 2], [])) is None
    # the meaning's first talks no closer than at right angles: no ratio to take
    assert agreement.agreement(_rankings(BASE, [1, 2], [6, 7])) is None
    no_vector = _rankings(BASE, [1], [1])
    no_vector["dense"] = Ranking([(1, 1.0)])
    assert agreement.agreement(no_vector) is None


def test_disagreeing_rankings_move_a_quarter_of_the_lexical_weight_to_meaning():
    far = _rankings(BASE, [6, 7, 8, 9, 10], [1, 2, 3, 4, 5])
    got = agreement.reweighed(WEIGHTS, far, ["dense"])
    assert got["lexical"] == pytest.approx(0.6 * agreement.FAR_KEEPS) == pytest.approx(0.45)
    assert got["dense"] == pytest.approx(0.55)
    assert sum(got.values()) == pytest.approx(1.0)  # moved, never added


def test_agreeing_rankings_keep_their_weights():
    near = _rankings(BASE, [1, 2, 3, 6, 7], [1, 2, 3, 4, 5])  # 3/5 = 0.6: below the floor
    assert agreement.reweighed(WEIGHTS, near, ["dense"]) != WEIGHTS
    near = _rankings(BASE, [1, 2, 3, 4, 6], [1, 2, 3, 4, 5])  # 4/5 = 0.8: above it
    assert agreement.reweighed(WEIGHTS, near, ["dense"]) == WEIGHTS
    assert agreement.AGREEMENT_FLOOR == 0.7


def test_the_weight_is_shared_among_the_signals_of_meaning_that_ranked():
    query = Query(BASE, "q", "q", None, 10, 100)
    ranked = {"multilingual": Ranking([(1, 0.5)], query=query)}
    far = _rankings(BASE, [6, 7, 8, 9, 10], [1, 2, 3, 4, 5], more=ranked)
    weights = {"lexical": 0.6, "dense": 0.2, "multilingual": 0.8, "toy": 1.0}
    got = agreement.reweighed(weights, far, ["dense", "multilingual"])
    assert got["lexical"] == pytest.approx(0.45)
    assert got["dense"] == pytest.approx(0.2 + 0.15 * 0.2)  # by their weights: 1/5, 4/5
    assert got["multilingual"] == pytest.approx(0.8 + 0.15 * 0.8)
    assert got["toy"] == 1.0  # a signal not of meaning is left alone
    # a signal of meaning that ranked nothing (no vectors on this base) takes no share
    ranked["multilingual"] = Ranking([], query=query)
    far = _rankings(BASE, [6, 7, 8, 9, 10], [1, 2, 3, 4, 5], more=ranked)
    got = agreement.reweighed(weights, far, ["dense", "multilingual"])
    assert got["dense"] == pytest.approx(0.35) and got["multilingual"] == 0.8
    # and with no signal of meaning, nothing moves
    assert agreement.reweighed(WEIGHTS, far, []) == WEIGHTS


def test_the_registry_names_its_signals_of_meaning():
    assert [s.name for s in signals.SIGNALS.values() if s.meaning] == ["dense", "multilingual"]


@pytest.mark.model
def test_a_question_in_everyday_words_is_led_by_meaning_on_the_demo(demo_kb):
    """The real model on the demo programs: a question whose words bring up talks on
    something else gives meaning more weight; one naming its topic keeps the
    configured weights."""
    chosen = signals.chosen("hybrid")

    def weights(text: str) -> tuple[float | None, list[float]]:
        found = signals.rank(Query(demo_kb, text, text, None, 10, 100), chosen)
        return agreement.agreement(found), signals.weighed(chosen, found)

    share, vague = weights("how do I make my model smaller")  # a sentence, far too
    assert share is not None and share < agreement.AGREEMENT_FLOOR
    assert vague[:2] == pytest.approx([0.6 * agreement.SENTENCE_KEEPS, 0.7])
    share, named = weights("running PyTorch on Google TPUs")
    assert share is not None and share >= agreement.AGREEMENT_FLOOR
    assert named[:2] == pytest.approx([0.6, 0.4])


@pytest.mark.parametrize(
    ("said", "sentence"),
    [
        ("how do databases make sure nothing is lost when a server dies", True),
        ("who pays free software developers?", False),  # four words: too few to tell
        ("comment rendre les villes moins bruyantes pour mieux dormir", True),
        ("mainline Linux on smartphones and tablets", False),
        ("kubernetes operators", False),
    ],
)
def test_a_question_put_as_a_sentence(said, sentence):
    assert agreement.as_a_sentence(said) is sentence


def test_a_sentence_leans_on_meaning_where_words_are_not_as_close():
    def ranked(by_words, by_meaning, said):
        query = Query(BASE, said, said, None, 10, 100, whole=said)
        out = _rankings(BASE, by_words, by_meaning)
        out["lexical"] = Ranking([(t, 1.0) for t in by_words], query=query)
        return out

    said = "how do I keep my talks from being lost when the server dies"
    near = ranked([1, 2, 3, 4, 6], [1, 2, 3, 4, 5], said)  # 0.8: above the far floor
    got = agreement.reweighed(WEIGHTS, near, ["dense"])
    assert got["lexical"] == pytest.approx(0.6 * agreement.SENTENCE_KEEPS)
    assert sum(got.values()) == pytest.approx(1.0)
    close = ranked([1, 2, 3, 4, 5], [1, 2, 3, 4, 5], said)  # as close as meaning's own
    assert agreement.reweighed(WEIGHTS, close, ["dense"]) == WEIGHTS
    topic = ranked([1, 2, 3, 4, 6], [1, 2, 3, 4, 5], "kubernetes operators")
    assert agreement.reweighed(WEIGHTS, topic, ["dense"]) == WEIGHTS

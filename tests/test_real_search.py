"""The real path: real model, real FAISS, real DuckDB file, on the demo corpus."""

from __future__ import annotations

import pytest

from index.evaluate import load_judgments, ndcg_at, recall_at
from index.filters import Filters
from ingest.text import title_key
from tests.conftest import DEV_QUERIES

pytestmark = pytest.mark.model

MCCL = "MCCL: Fault-Tolerant Collective Communication for Large-Scale GPU Training"
FUTURE = "Future of Distributed Communication in PyTorch: New APIs for Fault Tolerance, RDMA and Extensibility"


def test_fault_tolerant_collectives_top3(demo_kb):
    top3 = [h.talk.title for h in demo_kb.search("talks about fault-tolerant collectives", 3)]
    assert MCCL in top3 and FUTURE in top3


SCRATCH = "From Scratch to PyTorch: Demystifying ML Frameworks by Building Your Own"


def test_semantic_match_without_shared_words(demo_kb):
    # no word of this question is in the talk's title; meaning carries it
    dense = demo_kb.search("teaching people how deep learning libraries work inside", 3, mode="dense")
    assert SCRATCH in [h.talk.title for h in dense]
    (top,) = demo_kb.search("educational tool for understanding autograd", 1)
    assert top.talk.title == SCRATCH


def test_filtered_real_search(demo_kb):
    hits = demo_kb.search("compiler", 10, Filters(day="Wed", after="16:00"))
    assert hits and all(h.talk.start.strftime("%a") == "Wed" for h in hits)
    assert all(h.talk.start.strftime("%H:%M") >= "16:00" for h in hits)


def test_similar_is_diverse_and_excludes_seed(demo_kb):
    seed = demo_kb.talk("MCCL")
    hits = demo_kb.similar(seed, 5)
    titles = [h.talk.title for h in hits]
    assert seed.title not in titles and len(titles) == 5
    assert any("Communication" in t or "Collective" in t for t in titles)


def test_hybrid_beats_lexical_and_dense_on_dev_queries(demo_kb):
    judged = load_judgments(DEV_QUERIES)
    scores = {}
    for mode in ("lexical", "dense", "hybrid"):
        nd = rc = 0.0
        for j in judged:
            ranked = [title_key(h.talk.title) for h in demo_kb.search(j.query, 10, mode=mode)]
            nd += ndcg_at(ranked, j.relevant, 10)
            rc += recall_at(ranked, j.relevant, 5)
        scores[mode] = (nd / len(judged), rc / len(judged))
    for other in ("lexical", "dense"):
        assert scores["hybrid"][0] > scores[other][0], scores
        assert scores["hybrid"][1] > scores[other][1], scores

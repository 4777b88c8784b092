"""Late chunking (issue 21): sentence vectors from their talk's own pass, and
vectors that do not depend on their batch-mates."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from index.build.builder import Report, ingest, parse_all
from index.build.texts import embedding_text, late_docs, sentence_hashes, sentence_mode
from index.encoders import embed, late
from index.encoders.embed import HashingEmbedder, LazyEmbedder
from index.search.kb import KnowledgeBase
from index.store import disk as store
from ingest.merge import merge_talks
from ingest.text import sentence_spans, sentences, talk_sentences
from talkbase.core.errors import TalkbaseError
from tests.conftest import PROGRAMS

MINILM = "sentence-transformers/all-MiniLM-L6-v2"


def demo_talks():
    docs = parse_all([PROGRAMS], None, Report())
    return merge_talks(t for d in docs for t in d.talks)


def test_sentence_spans_are_where_the_sentences_are():
    text = "  Hello there.  We use e.g. Rust! A. Turing wrote it.\n(Yes) it works. "
    spans = sentence_spans(text)
    assert [text[a:b] for a, b in spans] == sentences(text)
    assert sentences(text)[0] == "Hello there." and sentence_spans("  ") == []


def test_every_sentence_of_a_talk_has_a_pass():
    for talk in demo_talks():
        docs = late_docs(talk)
        assert docs[0][0] == embedding_text(talk)  # the talk's own text comes first
        sents = talk_sentences(talk)
        placed = sorted(p for _, _, positions in docs for p in positions)
        assert placed == list(range(len(sents)))
        for text, spans, positions in docs:
            for (a, b), p in zip(spans, positions, strict=True):
                assert text[a:b] == sents[p]


@dataclass(frozen=True)
class FakeEncoding:
    ids: list[int]
    offsets: list[tuple[int, int]]
    special_tokens_mask: list[int]


def fake_encoding(text: str) -> FakeEncoding:
    """One token per word, [CLS] and [SEP] around, as the tokenizer gives them."""
    words, at = [], 0
    for w in text.split():
        at = text.index(w, at)
        words.append((at, at + len(w)))
        at += len(w)
    return FakeEncoding(
        [101] + [1000 + i for i in range(len(words))] + [102],
        [(0, 0), *words, (0, 0)],
        [1] + [0] * len(words) + [1],
    )


def test_long_texts_are_covered_by_windows_that_hold_every_sentence():
    text = " ".join(f"Sentence {i} has some words in it." for i in range(60))  # 420 tokens
    spans = sentence_spans(text)
    lay = late.layout([fake_encoding(text)], [(text, spans)], max_tokens=64)
    assert len(lay.windows) > 7 and all(len(w.ids) <= 64 for w in lay.windows)
    assert lay.windows[0].ids[0] == 101 and lay.windows[0].ids[-1] == 102
    for (w, a, b), (s, e) in zip(lay.places[0], spans, strict=True):
        window = lay.windows[w]
        assert b - a == 7  # the whole sentence, from one window
        assert [1000 + window.start + i - 1 for i in range(a, b)] == list(window.ids[a:b])
        words = text[s:e].split()
        assert len(words) == 7
    starts = [w.start for w in lay.windows]
    assert starts == sorted(set(starts)) and starts[0] == 0
    assert late.window_starts(10, 62) == [0]


def test_the_setting_is_checked_and_hashing_keeps_separate_vectors(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_SENTENCE_VECTORS", "sometimes")
    with pytest.raises(TalkbaseError):
        sentence_mode(LazyEmbedder(MINILM))
    monkeypatch.setenv("TALKBASE_SENTENCE_VECTORS", "late")
    assert sentence_mode(HashingEmbedder()) == "separate"
    assert LazyEmbedder(MINILM).sentence_vectors == "late"  # known without loading
    assert not LazyEmbedder(MINILM).loaded
    ingest([PROGRAMS], tmp_path / "h", HashingEmbedder())
    assert store.require(tmp_path / "h").manifest.encoder_info["sentence_vectors"] == "separate"


def test_late_keys_name_the_talk_and_the_place():
    talks = demo_talks()[:5]
    late_keys, separate = sentence_hashes(talks, "late"), sentence_hashes(talks, "separate")
    assert len(late_keys) == len(separate) == sum(len(talk_sentences(t)) for t in talks)
    assert len(set(late_keys)) == len(late_keys) and not set(late_keys) & set(separate)


# -- the real model --------------------------------------------------------------------


def mixed_texts() -> list[str]:
    talks = demo_talks()
    texts = [embedding_text(t) for t in talks[:12]] + [
        s for t in talks[:3] for s in talk_sentences(t)
    ]
    return texts + ["x", "word " * 400]


@pytest.mark.model
@pytest.mark.parametrize("encoder", ["onnx-int8", "onnx"])
def test_a_vector_does_not_depend_on_its_batch_mates(encoder):
    e = embed._load(MINILM, "cpu", encoder)
    texts = mixed_texts()
    alone = np.vstack([e.embed([t]) for t in texts])
    rng = np.random.default_rng(7)
    for _ in range(2):
        order = rng.permutation(len(texts))
        together = np.zeros_like(alone)
        together[order] = e.embed([texts[i] for i in order])
        assert np.sum(alone * together, axis=1).min() >= 0.9999
    docs = [(t, sentence_spans(t)) for t in texts]
    tv, sv = e.embed_late(docs)  # the talk vector of one pass is what embed gives
    assert np.sum(alone * tv, axis=1).min() >= 0.9999
    tv1, sv1 = e.embed_late(docs[:1])
    assert np.sum(sv1[0] * sv[0], axis=1).min() >= 0.9999  # sentences too
    long = docs[-1]
    assert len(sv[-1]) == len(long[1]) and np.allclose(np.linalg.norm(sv[-1], axis=1), 1, atol=1e-5)


@pytest.mark.model
def test_a_base_built_with_separate_vectors_still_opens_and_searches(tmp_path, monkeypatch):
    e = embed.load()
    home = tmp_path / "home"
    monkeypatch.setenv("TALKBASE_SENTENCE_VECTORS", "separate")
    ingest([PROGRAMS], home, e)
    assert store.require(home).manifest.encoder_info["sentence_vectors"] == "separate"
    monkeypatch.setenv("TALKBASE_SENTENCE_VECTORS", "late")
    with KnowledgeBase(home, e) as kb:
        assert kb.search("fault-tolerant collectives", 3)[0].why.best_sentence
    report = ingest([PROGRAMS], home, e, rebuild=True)
    assert store.require(home).manifest.encoder_info["sentence_vectors"] == "late"
    assert report.written
    with KnowledgeBase(home, e) as kb:
        assert kb.search("fault-tolerant collectives", 3)[0].why.best_sentence

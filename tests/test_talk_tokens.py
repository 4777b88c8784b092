"""A talk's own vector reads the first TALKBASE_TALK_TOKENS tokens of its title and
abstract (index/encoders/cut.py): cut on the text, at a word's end, so the text
hashed is the text embedded, and a base keeps its value while it grows."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from index.build.builder import ingest
from index.build.texts import embedding_text, talk_texts
from index.encoders import cut as cut_module
from index.encoders import embed
from index.encoders.base import resolve_model_path
from index.encoders.cut import cut, tokenizer
from index.search.kb import KnowledgeBase
from index.store import disk as store
from talkbase.core.records import Talk

MINILM = "sentence-transformers/all-MiniLM-L6-v2"
# A long abstract (~330 tokens) and a short one
LONG = " ".join(
    f"Sentence {i} explains how the scheduler places collective operations on "
    f"accelerators, overlapping communication with computation{'s' if i % 2 else ''}."
    for i in range(1, 19)
)
SHORT = "A short abstract about checkpointing."


def tokens(text: str) -> int:
    return len(tokenizer(resolve_model_path(MINILM)).encode(text).ids)


@pytest.mark.parametrize("limit", [16, 64, 128])
def test_a_long_text_is_cut_at_a_word_to_the_limit(limit: int) -> None:
    assert tokens(LONG) > 256
    (cut_text,) = cut([LONG], MINILM, limit)
    assert LONG.startswith(cut_text) and tokens(cut_text) <= limit
    assert tokens(cut_text) >= limit - 8  # no more than a word short of it
    after = LONG[len(cut_text) : len(cut_text) + 1]
    assert after in ("", " ") or not after.isalnum()  # ends where a word ends


def test_many_texts_are_cut_a_chunk_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [LONG, SHORT, LONG[7:], "", LONG[40:]]
    one_by_one = [cut([t], MINILM, 64)[0] for t in texts]
    monkeypatch.setattr(cut_module, "CHUNK", 2)
    assert cut(texts, MINILM, 64) == one_by_one


def test_short_texts_and_no_limit_keep_the_whole_text() -> None:
    assert cut([SHORT, ""], MINILM, 128) == [SHORT, ""]
    assert cut([LONG], MINILM, 0) == [LONG]
    assert cut([LONG], "hashing", 16) == [LONG]  # no tokenizer to count with
    assert cut([LONG], "/nonexistent/model-folder", 16) == [LONG]


def test_only_separate_sentence_vectors_cut_the_talk_text() -> None:
    class Named:
        name = MINILM

    talk = Talk(id=1, title="Collectives", abstract=LONG)
    (separate,) = talk_texts([talk], Named(), "separate", 64)  # type: ignore[arg-type]
    assert separate == cut([embedding_text(talk)], MINILM, 64)[0] != embedding_text(talk)
    assert talk_texts([talk], Named(), "late", 64) == [embedding_text(talk)]  # type: ignore[arg-type]


def program(folder: Path, extra: bool = False) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    rows = [
        {"uid": "a", "title": "Scheduling collectives", "abstract": LONG},
        {"uid": "b", "title": "Checkpoints", "abstract": SHORT},
    ]
    if extra:
        rows.append({"uid": "c", "title": "Profilers", "abstract": "Finding slow kernels."})
    path = folder / "p.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def talk_vector(home: Path, e, title: str) -> np.ndarray:
    with KnowledgeBase(home, e) as kb:
        return kb.vectors.vector(kb.talk(title).id)


@pytest.mark.model
def test_a_base_keeps_its_talk_tokens_until_rebuilt(tmp_path: Path, monkeypatch) -> None:
    e = embed.load()
    home, docs = tmp_path / "home", tmp_path / "docs"
    whole = f"Scheduling collectives\n{LONG}"
    first = cut([whole], MINILM, 128)[0]
    ingest([program(docs)], home, e)
    assert store.require(home).manifest.encoder_info["talk_tokens"] == "128"
    got = talk_vector(home, e, "Scheduling collectives")
    assert float(got @ e.embed([first])[0]) >= 0.9999
    assert float(got @ e.embed([whole])[0]) < 0.9999  # the cut changed the vector
    short = talk_vector(home, e, "Checkpoints")

    # the setting changes, the base grows: it keeps 128 and embeds only the new talk
    monkeypatch.setenv("TALKBASE_TALK_TOKENS", "0")
    report = ingest([program(docs, extra=True)], home, e)
    assert store.require(home).manifest.encoder_info["talk_tokens"] == "128"
    assert report.embedded == 2  # the new talk and its one sentence
    assert float(talk_vector(home, e, "Scheduling collectives") @ got) >= 0.9999

    # rebuilt, it takes the setting: the long talk's vector reads its whole text, the
    # short talk's stays (the cut never touched its text)
    report = ingest([docs], home, e, rebuild=True)
    assert store.require(home).manifest.encoder_info["talk_tokens"] == "0"
    again = talk_vector(home, e, "Scheduling collectives")
    assert float(again @ e.embed([whole])[0]) >= 0.9999
    assert float(talk_vector(home, e, "Checkpoints") @ short) >= 0.9999

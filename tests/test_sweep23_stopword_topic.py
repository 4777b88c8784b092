"""A function word of one language the program is in is no function word of a query
said in another (sweep 23, finding 15, docs/formats.md "Sweep 23"): Vietnamese "ai"
(who) is the English topic "AI" in "AI talks after 9:00". Before, the query read as
limits only and listed the talks in time order, lunch first, all scored 0."""

from __future__ import annotations

import pytest

from index.build.builder import ingest
from index.encoders.hashing import HashingEmbedder
from index.search.kb import KnowledgeBase
from tests.test_multilingual import write_program

# (a Vietnamese abstract says "Ai nên tham dự" (who should attend): "ai" is common in
# its talks, a stop word of the index)
VIETNAMESE = [
    ("Nghỉ trưa", "Ai cũng được mời: cơm và cà phê.", "vi"),
    ("Bảo mật ứng dụng web", "Ai nên tham dự: lập trình viên web.", "vi"),
    ("AI tạo sinh trong doanh nghiệp", "Ai nên tham dự: kỹ sư AI và dữ liệu.", "vi"),
    ("Cơ sở dữ liệu phân tán", "Ai nên tham dự: quản trị viên cơ sở dữ liệu.", "vi"),
]


@pytest.fixture(autouse=True)
def _no_multilingual_model(monkeypatch):
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")  # (about words)


def test_a_vietnamese_function_word_is_an_english_topic(tmp_path):
    home, embedder = tmp_path / "home", HashingEmbedder()
    ingest([write_program(tmp_path / "hoi-nghi.csv", VIETNAMESE)], home, embedder)
    with KnowledgeBase(home, embedder) as kb:
        assert "ai" in kb.stopwords  # (the index leaves it out: the premise)
        answer = kb.answer("AI talks after 9:00", k=4)
        assert answer.understood.filters.after == "09:00"
        titles = [h.talk.title for h in answer.hits]
        assert titles[0] == "AI tạo sinh trong doanh nghiệp", titles


def test_a_vietnamese_query_of_function_words_still_lists_in_time_order(tmp_path):
    """Said with another Vietnamese function word, "ai" is one: "ai nên sau 9:00" (who
    should, after 9:00) lists the talks in time order, as before."""
    home, embedder = tmp_path / "home", HashingEmbedder()
    ingest([write_program(tmp_path / "hoi-nghi.csv", VIETNAMESE)], home, embedder)
    with KnowledgeBase(home, embedder) as kb:
        answer = kb.answer("ai nên sau 9:00", k=4)
        starts = [h.talk.start for h in answer.hits]
        assert answer.understood.filters.after == "09:00" and starts == sorted(starts)
        assert answer.hits[0].talk.title == "Nghỉ trưa"

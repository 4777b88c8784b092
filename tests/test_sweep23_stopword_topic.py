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


FRENCH = [
    ("Pause déjeuner", "Le buffet est servi dans le hall.", "fr"),
    ("Îlots de chaleur urbains", "Le climat de la ville et le rôle des arbres.", "fr"),
    ("Mobilités actives", "Le vélo et la marche dans le quartier.", "fr"),
    ("Santé mentale en ville", "Le bruit, le stress et les espaces verts.", "fr"),
]


def test_one_function_word_of_the_talks_language_in_a_query_not_in_english(tmp_path):
    """A query of limits and one function word of the talks' language, with no English
    function word ("le jeudi", as "tables rondes le samedi" on the French program of
    bench villes2025), says nothing but its limits: its talks are listed in time
    order. The first version of the rule above wanted two such words: "le" was then
    searched for, found by words in no talk (villes2025 lexical 0.620 to 0.592)."""
    home, embedder = tmp_path / "home", HashingEmbedder()
    ingest([write_program(tmp_path / "programme.csv", FRENCH)], home, embedder)
    with KnowledgeBase(home, embedder) as kb:
        assert "le" in kb.stopwords  # (the premise)
        answer = kb.answer("le jeudi", k=4, mode="lexical")
        assert [h.talk.title for h in answer.hits] == [t for t, _, _ in FRENCH]

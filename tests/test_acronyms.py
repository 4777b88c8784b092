"""Acronyms a program defines (talkbase/core/acronyms.py): found in real FOSDEM 2024
abstracts, counted by the build as talks come and go (index/store/counts.py), and
searched when a query says their long form (index/search/wordparts.expand)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from index.build import write
from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from index.search.rank import wordparts
from index.search.read.vocab import Vocab
from index.store import counts, reads, tables
from index.store import disk as store
from index.store.schema import ACRONYMS_DDL, DDL
from talkbase.core import acronyms as A

# sentences of FOSDEM 2024 abstracts, as the program writes them
UKI = (
    "An UKI (Unified Kernel Image) is a single executable which can be booted directly "
    "from UEFI firmware."
)
SBOM = "The Software Bill of Materials (SBOM) has frequently been cited as a crucial component."
LLMS = "As researchers continue to explore the utility of large language models (LLMs) for tasks."
RAG = "Retrieval-Augmented Generation (RAG) is an incredibly powerful technique."
RTOS = "Zephyr is a real time operating system (RTOS) for small devices."


def test_acronyms_defined_either_way_round_on_real_abstracts():
    assert A.pairs(UKI) == {("uki", ("unified", "kernel", "image"))}
    assert A.pairs(SBOM) == {("sbom", ("software", "bill", "of", "material"))}
    assert A.pairs(LLMS) == {("llm", ("large", "language", "model"))}  # plural on both sides
    assert A.pairs(RAG) == {("rag", ("retrieval", "augmented", "generation"))}
    assert A.pairs(RTOS) == {("rtos", ("real", "time", "operating", "system"))}  # S is a letter
    dpdk = "DPDK (the Data Plane Development Kit) is a set of libraries."  # FOSDEM 2019
    assert A.pairs(dpdk) == {("dpdk", ("data", "plane", "development", "kit"))}


@pytest.mark.parametrize(
    "text",
    [
        "Kubernetes (K8s) runs it all.",  # no initials
        "A look at the looks of something created (mostly) by hand.",  # not an acronym
        "Talk by Alexios Zavras (zvr) on licences.",  # lower case
        "See the Deuxfleurs homepage (fr) for more.",
        "The German Cancer Research Center (DKFZ) uses it.",  # initials of other words
        "A unified approach (UKI) to something else.",  # letters not in order
    ],
)
def test_brackets_that_define_no_acronym(text):
    assert A.pairs(text) == set()


def shorts(known: A.LongForms, words: list[str]) -> list[str]:
    return [short for short, _ in known.stood_for(words)]


def test_a_query_saying_a_long_form_also_asks_for_its_acronym_not_the_other_way():
    known = A.LongForms.of(A.table(Counter(p for t in (UKI, SBOM, LLMS, RAG) for p in A.pairs(t))))
    assert known.stood_for(["unified", "kernel", "images"]) == [
        ("uki", ("unified", "kernel", "image"))
    ]
    assert shorts(known, "unified kernel images tpm".split()) == ["uki"]
    assert shorts(known, "the software bill of materials".split()) == ["sbom"]
    assert shorts(known, ["retrieval-augmented", "generation"]) == ["rag"]
    assert shorts(known, ["UKIs"]) == []  # "kernel" and "image": every talk's words
    assert shorts(known, "uki unified kernel image".split()) == []  # already asked
    assert shorts(known, "kernel image".split()) == []


def test_the_long_form_most_talks_give_wins_and_two_letters_need_two_talks():
    counted = Counter(
        {
            ("llm", ("large", "language", "model")): 6,
            ("llm", ("language", "model", "model")): 1,
            ("os", ("open", "source")): 1,
            ("ml", ("machine", "learning")): 2,
        }
    )
    assert A.table(counted) == {
        "llm": ("large", "language", "model"),
        "ml": ("machine", "learning"),
    }


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _acronyms(home: Path) -> Counter:
    build = store.require(home)
    con = store.connect(build.db_path)
    try:
        return counts.acronym_counts(con)
    finally:
        con.close()


def test_the_build_counts_acronyms_as_talks_come_change_and_go(tmp_path, hashing_embedder):
    a = _write(tmp_path / "a.jsonl", [{"uid": "a", "title": "Booting UKIs", "abstract": UKI}])
    b = _write(tmp_path / "b.jsonl", [{"uid": "b", "title": "UKI addons", "abstract": UKI}])
    home = tmp_path / "home"
    ingest([a, b], home, hashing_embedder)
    uki = ("uki", ("unified", "kernel", "image"))
    assert _acronyms(home) == Counter({uki: 2})
    _write(b, [{"uid": "b", "title": "Supply chains", "abstract": SBOM}])  # b changes
    ingest([b], home, hashing_embedder)
    assert _acronyms(home) == Counter({uki: 1, ("sbom", ("software", "bill", "of", "material")): 1})
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert kb.vocab.acronyms == Vocab.from_talks(kb.talks.values()).acronyms
        assert set(kb.vocab.acronyms) == {"uki", "sbom"}


def test_a_base_built_before_the_table_gets_it_counted_when_it_grows(
    tmp_path, hashing_embedder, monkeypatch
):
    a = _write(tmp_path / "a.jsonl", [{"uid": "a", "title": "Booting UKIs", "abstract": UKI}])
    home = tmp_path / "home"
    with monkeypatch.context() as m:  # built as before 2026-12: no acronyms table
        m.setattr(tables, "DDL", DDL.replace(ACRONYMS_DDL + ";", ""))
        m.setattr(write, "add_acronyms", lambda con, change: None)
        ingest([a], home, hashing_embedder)
    con = store.connect(store.require(home).db_path)
    try:
        assert not reads.has_table(con, "acronyms")
    finally:
        con.close()
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert kb.vocab.acronyms == {}  # opened as it is: nothing found, nothing broken
    b = _write(tmp_path / "b.jsonl", [{"uid": "b", "title": "Models", "abstract": LLMS}])
    ingest([b], home, hashing_embedder)
    assert store.require(home).manifest.format_version == store.FORMAT_VERSION
    assert set(_acronyms(home)) == {
        ("uki", ("unified", "kernel", "image")),
        ("llm", ("large", "language", "model")),
    }


def test_a_fosdem_query_saying_unified_kernel_images_finds_the_talks_saying_uki(fosdem_kb):
    v = fosdem_kb.vocab
    assert v.acronyms["uki"] == ("unified", "kernel", "image")
    assert v.acronyms["sbom"] == ("software", "bill", "of", "material")
    assert v.acronyms["llm"] == ("large", "language", "model")
    assert "os" not in v.acronyms  # one talk's "open source (OS)" is not enough
    query = "unified kernel images"
    words = wordparts.expand(query, v.words, v.long_forms)
    assert words.split()[-1] == "uki"
    ukis = {tid for tid, t in fosdem_kb.talks.items() if re.search(r"\bukis?\b", t.title.lower())}
    assert len(ukis) >= 3  # "systemd-boot, systemd-stub, UKIs", "UKI addons ...", ...
    plain = {tid for tid, _ in fosdem_kb.bm25.search(query)[:15]}
    expanded = {tid for tid, _ in fosdem_kb.bm25.search(words)[:15]}
    assert ukis <= expanded and not ukis <= plain
    hits = fosdem_kb.search(query, 15, mode="lexical")
    assert ukis <= {h.talk.id for h in hits}

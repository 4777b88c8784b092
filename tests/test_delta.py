"""A build that changes a few talks (index/build/delta.py) gives the base a whole build
gives, shares the unchanged files with the build before it, and writes only
what is new. Postings BM25 (index/store/postings.py) scores as BM25 written out by hand
and ranks as DuckDB's FTS index."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path

import numpy as np
import pytest

from index.build import builder as build_mod
from index.build.builder import ingest
from index.encoders.embed import HashingEmbedder
from index.search.kb import KnowledgeBase
from index.search.rank import lexical
from index.store import disk as store
from index.store import files as sf
from index.store.postings import Postings, build_segment
from tests.conftest import BLOG, DIGEST, ROOT, fts_index

FOSDEM = Path(ROOT).parent / "shared" / "schedules"
QUERIES = ["fault tolerant collectives", "kernels", "NCCL", "compiler", "inference serving"]


def _base(home: Path) -> dict[int, dict]:
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        return {tid: kb.talks[tid].to_dict() for tid in kb.talks}


def _table(home: Path, sql: str) -> list[tuple]:
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        return sorted(kb.sql(sql).fetchall(), key=repr)


def _lexical(home: Path, query: str) -> list[tuple[int, float]]:
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        index = lexical.open_index(kb.build, kb.con)
        return [(i, round(s, 9)) for i, s in index.search(query)]


def _vectors(home: Path) -> dict[int, np.ndarray]:
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        ids, vecs = kb.vectors.all_vectors()  # type: ignore[attr-defined]
        return dict(zip(ids.tolist(), vecs, strict=True))


def _same_base(a: Path, b: Path) -> None:
    assert _base(a) == _base(b)
    for sql in (
        "SELECT talk_id, position, text FROM sentences",
        "SELECT s.name, ts.talk_id, ts.position, ts.org, ts.surname FROM talk_speakers ts "
        "JOIN speakers s ON s.id = ts.speaker_id",
        "SELECT * FROM tracks",
        "SELECT * FROM conferences",
        "SELECT word, df FROM words",
        "SELECT document, position, talk_id FROM records",
        "SELECT name, path, format, sha256, talks FROM documents",
        "SELECT talk_id, field, document, value FROM conflicts",
    ):
        assert _table(a, sql) == _table(b, sql), sql
    for q in QUERIES:
        assert _lexical(a, q) == _lexical(b, q), q
    va, vb = _vectors(a), _vectors(b)
    assert va.keys() == vb.keys()
    assert all(np.allclose(va[i], vb[i], atol=1e-6) for i in va)


def test_adding_a_document_gives_what_a_whole_build_gives(tmp_path):
    one_by_one, together = tmp_path / "a", tmp_path / "b"
    # the blog names the conference more fully: after it, the digest is a change
    ingest([BLOG], one_by_one, HashingEmbedder())
    report = ingest([DIGEST], one_by_one, HashingEmbedder())
    assert len(store.require(one_by_one).manifest.sentence_chunks) == 2  # a change
    assert store.require(one_by_one).manifest.counts["talks"] == 71
    assert report.merged > 0  # digest and blog share talks: the change merged them
    ingest([BLOG, DIGEST], together, HashingEmbedder())
    _same_base(one_by_one, together)


def test_a_fuller_conference_name_needs_a_whole_build(tmp_path):
    home = tmp_path / "home"
    ingest([DIGEST], home, HashingEmbedder())
    ingest([BLOG], home, HashingEmbedder())  # renames the digest's conference
    build = store.require(home)
    assert len(build.manifest.sentence_chunks) == 1
    assert build.manifest.conferences == ("PyTorch Conference North America 2026",)


@pytest.mark.skipif(not FOSDEM.is_dir(), reason="needs ../shared/schedules")
def test_two_fosdem_programs_one_by_one_or_together(tmp_path):
    files = sorted(FOSDEM.glob("fosdem*.xml"))
    one_by_one, together = tmp_path / "a", tmp_path / "b"
    for f in files:
        ingest([f], one_by_one, HashingEmbedder())
    ingest(files, together, HashingEmbedder())
    _same_base(one_by_one, together)


def test_a_change_shares_unchanged_files_and_adds_only_new_ones(tmp_path):
    home = tmp_path / "home"
    ingest([BLOG], home, HashingEmbedder())
    first = store.require(home)
    ingest([DIGEST], home, HashingEmbedder())
    second = store.require(home)
    shared = [
        *first.manifest.chunk_names(),
        *(r for n in first.manifest.lexical["segments"] for r in sf.segment_files(n)),
        *first.manifest.document_files.values(),
    ]
    for rel in shared:  # one file on disk, two names
        assert (first.path / rel).stat().st_ino == (second.path / rel).stat().st_ino, rel
    assert len(second.manifest.sentence_chunks) == 2
    assert second.manifest.counts["sentence_rows"] > second.manifest.counts["sentences"] - 1
    # the manifest's checksums hold for the shared files too
    assert not store.verify_files(second, hashes=True)
    assert all(isinstance(n, int) for n in second.manifest.counts.values())


def test_a_changed_talk_is_replaced_and_its_old_text_is_gone(tmp_path):
    talks = [
        {"title": f"Talk {i} on {w}", "abstract": f"All about {w} and more {w}.", "uid": str(i)}
        for i, w in enumerate(["schedulers", "compilers", "allocators"])
    ]
    path = tmp_path / "prog.jsonl"
    path.write_text("\n".join(json.dumps(t) for t in talks))
    home = tmp_path / "home"
    ingest([path], home, HashingEmbedder())
    talks[1]["abstract"] = "Now about garbage collectors instead."
    path.write_text("\n".join(json.dumps(t) for t in talks))
    report = ingest([path], home, HashingEmbedder())
    assert [c.title for c in report.changes.redescribed] == ["Talk 1 on compilers"]
    assert report.embedded == 2  # the talk's text and its one sentence; nothing else
    build = store.require(home)
    assert build.manifest.lexical["dead"] >= 1
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        assert [h.talk.title for h in kb.search("garbage collectors", 3, mode="lexical")] == [
            "Talk 1 on compilers"
        ]
        assert kb.search("compilers", 3, mode="lexical")[0].talk.title == "Talk 1 on compilers"
        assert kb.search("and more compilers", 3, mode="lexical")[0].talk.abstract.startswith("Now")
        assert len(kb.talks) == 3
    # a whole build of the same document gives the same base
    again = tmp_path / "again"
    ingest([path], again, HashingEmbedder())
    assert _base(home) == _base(again)


def test_piled_up_files_are_folded_by_a_whole_build(tmp_path, monkeypatch):
    monkeypatch.setattr(build_mod, "MAX_CHUNKS", 2)
    home = tmp_path / "home"
    ingest([BLOG], home, HashingEmbedder())
    ingest([DIGEST], home, HashingEmbedder())
    assert len(store.require(home).manifest.sentence_chunks) == 2
    copy = tmp_path / "more.txt"
    shutil.copyfile(BLOG, copy)  # a new document name: one more change is due
    ingest([copy], home, HashingEmbedder())
    build = store.require(home)
    assert len(build.manifest.sentence_chunks) == 1  # folded
    assert build.manifest.lexical["dead"] == 0
    assert build.sentence_rows() == build.count("sentences")


# -- postings -----------------------------------------------------------------------


def _bm25_by_hand(docs: dict[int, list[int]], query: list[int]) -> dict[int, float]:
    n = len(docs)
    avg = sum(len(d) for d in docs.values()) / n
    out: dict[int, float] = {}
    for term in set(query):
        df = sum(term in d for d in docs.values())
        if not df:
            continue
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        for tid, d in docs.items():
            tf = d.count(term)
            if tf:
                norm = 1.2 * (0.25 + 0.75 * len(d) / avg)
                out[tid] = out.get(tid, 0.0) + idf * tf / (norm + tf)
    return out


def test_postings_score_as_bm25_by_hand_with_dead_talks():
    first = {10: [0, 1, 1, 2], 11: [1, 3], 12: [2, 2, 2, 0, 4], 13: [4]}
    second = {11: [3, 3, 5], 14: [5, 0]}  # 11 changed: its first version is dead
    segs = [build_segment(list(first), list(first.values()), 5)]
    segs.append(build_segment(list(second), list(second.values()), 6))
    postings = Postings(segs, dead=np.array([1]))  # position of 11 in the first segment
    live = {**{k: v for k, v in first.items() if k != 11}, **second}
    for query in ([0], [1], [3, 5], [2, 4, 0], [9]):
        ids, scores = postings.ranked(query)
        want = _bm25_by_hand(live, query)
        assert dict(zip(ids.tolist(), scores.tolist(), strict=True)) == pytest.approx(want)
        assert list(scores) == sorted(scores, reverse=True)
    ids, _ = postings.ranked([0], allowed=[12, 14, 99])
    assert sorted(ids.tolist()) == [12, 14]


def test_postings_know_which_talks_hold_a_term_without_scoring_the_base():
    first = {10: [0, 1, 1, 2], 11: [1, 3], 12: [2, 2, 2, 0, 4], 13: [4]}
    second = {11: [3, 3, 5], 14: [5, 0]}
    segs = [build_segment(list(first), list(first.values()), 5)]
    segs.append(build_segment(list(second), list(second.values()), 6))
    postings = Postings(segs, dead=np.array([1]))
    sorted_ids, at = postings.lookup()
    assert sorted_ids.tolist() == [10, 11, 12, 13, 14]
    assert postings.ids[at].tolist() == sorted_ids.tolist()  # 11: its live position (4)
    assert at.tolist()[1] == 4
    for terms in ([0], [1], [3, 5], [4, 2], [9], []):
        held = postings.holding(terms, at)
        dense = postings.dense(terms)
        assert held.tolist() == (dense[at] > 0).tolist(), terms
    assert postings.df(1) == 1  # 10 only: 11's first version, which held it, is dead
    assert postings.df(3) == 1 and postings.df(0) == 3 and postings.df(9) == 0


def test_lexical_index_ranks_as_duckdb_fts(fake_home, tmp_path):
    build = store.require(fake_home)
    copy = tmp_path / "fts.duckdb"
    shutil.copyfile(build.db_path, copy)
    con = store.connect(copy, read_only=False)
    try:
        fields = ", ".join(
            f"'{f}'" for f in ("title", "abstract", "speakers_text", "track", "notes_text")
        )
        index = lexical.open_index(build, con)
        assert isinstance(index, lexical.LexicalIndex)
        assert "go" not in index.stopwords and "the" in index.stopwords
        fts_index(con, fields, index.stopwords)
        queries = [
            q["query"] for q in json.loads((ROOT / "tests/data/dev_queries.json").read_text())
        ]
        for q in queries[:25] + QUERIES:
            ref = lexical.bm25(con, q)
            got = index.search(q)
            dense = index.scores(q)  # every talk's score, in the order of `ids`
            assert list(index.ids) == sorted(index.ids)
            assert {int(i): s for i, s in zip(index.ids, dense, strict=True) if s > 0} == dict(got)
            assert [i for i, _ in got] == [i for i, _ in ref], q
            if got:  # the same scores up to one factor (fusion divides by the best)
                top_got, top_ref = got[0][1], ref[0][1]
                assert [s / top_got for _, s in got] == pytest.approx(
                    [s / top_ref for _, s in ref], rel=1e-6
                ), q
    finally:
        con.close()


def test_the_title_prefilter_never_drops_a_close_pair():
    """`_maybe_close` (counted bytes, all pairs at once) may let through pairs the
    exact test rejects, never the other way round."""
    import random

    from index.build.delta import _maybe_close
    from ingest.merge.same import titles_close
    from ingest.text import title_key

    rng = random.Random(4)
    alphabet = "abcdefghij klmnop0123ßæøキー東京éü"
    a, b = [], []
    for _ in range(4000):
        x = "".join(rng.choice(alphabet) for _ in range(rng.randint(8, 60)))
        y = list(x)
        for _ in range(rng.randint(0, 4)):  # a few edits: often still close
            y[rng.randrange(len(y))] = rng.choice(alphabet)
        a.append(title_key(x))
        b.append(title_key("".join(y)))
    keep = _maybe_close(a, b)
    close = [titles_close(x, y) for x, y in zip(a, b, strict=True)]
    assert sum(close) > 500  # the test holds close pairs to check
    assert all(k for k, c in zip(keep, close, strict=True) if c)
    assert sum(keep) < len(keep)  # and it does reject some


def test_removing_a_document_gives_what_building_the_rest_gives(tmp_path):
    from index.build.builder import remove

    # the digest shares talks with the blog, and the blog names the conference
    # more fully: removing it renames the digest's talks (a whole build does)
    both, digest = tmp_path / "both", tmp_path / "digest"
    ingest([BLOG, DIGEST], both, HashingEmbedder())
    remove(both, HashingEmbedder(), [BLOG.name])
    ingest([DIGEST], digest, HashingEmbedder())
    _same_base(both, digest)


@pytest.mark.skipif(not FOSDEM.is_dir(), reason="needs ../shared/schedules")
def test_removing_a_fosdem_program_is_a_change(tmp_path):
    from index.build.builder import remove

    first, second = sorted(FOSDEM.glob("fosdem*.xml"))
    both, alone = tmp_path / "both", tmp_path / "alone"
    ingest([first, second], both, HashingEmbedder())
    report = remove(both, HashingEmbedder(), [first.name])
    build = store.require(both)
    assert len(build.manifest.sentence_chunks) == 1  # the surviving rows: shared, not rewritten
    assert build.manifest.lexical["dead"] == len(report.changes.removed) > 0
    ingest([second], alone, HashingEmbedder())
    assert _base(both) == _base(alone)
    for q in QUERIES:
        assert _lexical(both, q) == _lexical(alone, q), q


# -- found in review: a change must merge as a whole build does -----------------------


def _json(path: Path, rows: list[dict]) -> Path:
    path.write_text(json.dumps(rows))
    return path


def test_a_change_merges_records_in_the_order_a_whole_build_does(tmp_path):
    """The first record of a merged talk gives its title: a change must take the
    records in document order, as a whole build does, not stored ones first."""
    common = dict(conference="DemoConf 2025", start="2025-03-01T10:00:00", speakers="Ada Lovelace")
    other = dict(title="Other talk A", conference="DemoConf 2025", speakers="Bob Smith")
    a = _json(
        tmp_path / "a.json",
        [
            dict(title="Scaling the compiler pipeline", abstract="From A.", **common),
            dict(abstract="x y z", **other),
        ],
    )
    b = _json(
        tmp_path / "b.json",
        [dict(title="Scaling the compiler pipelines", abstract="From B.", **common)],
    )
    changed, whole = tmp_path / "changed", tmp_path / "whole"
    ingest([a, b], changed, HashingEmbedder())
    _json(
        a,
        [
            dict(title="Scaling the compiler pipeline", abstract="From A.", **common),
            dict(abstract="changed", **other),
        ],
    )
    ingest([a], changed, HashingEmbedder())  # a change: the shared talk is re-merged
    assert len(store.require(changed).manifest.sentence_chunks) == 2
    ingest([a, b], whole, HashingEmbedder())
    assert _base(changed) == _base(whole)


def test_records_keep_the_conference_they_name(tmp_path):
    """A change names merged talks by the fullest conference name, as a whole build,
    but stores each record as read: removing the fuller document renames them back."""
    both = tmp_path / "both"
    ingest([BLOG], both, HashingEmbedder())
    ingest([DIGEST], both, HashingEmbedder())  # a change (the blog names it more fully)
    stored = _table(
        both, "SELECT DISTINCT conference FROM records WHERE document = '" + DIGEST.name + "'"
    )
    assert stored == [("PyTorch Conference 2026",)]
    from index.build.builder import remove

    remove(both, HashingEmbedder(), [BLOG.name])
    alone = tmp_path / "alone"
    ingest([DIGEST], alone, HashingEmbedder())
    assert _base(both) == _base(alone)


@pytest.mark.skipif(not FOSDEM.is_dir(), reason="needs ../shared/schedules")
def test_an_open_base_still_answers_after_its_build_is_pruned(tmp_path):
    home = tmp_path / "home"
    ingest([sorted(FOSDEM.glob("fosdem*.xml"))[0]], home, HashingEmbedder())
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        for i in range(2):  # two more builds: the one this reader holds is pruned
            extra = _json(
                tmp_path / f"extra{i}.json", [dict(title=f"Extra talk {i}", abstract="New.")]
            )
            ingest([extra], home, HashingEmbedder())
        assert not kb.build.path.exists()
        hits = kb.search("rust memory safety", 5)
        assert len(hits) == 5 and all(h.talk.title for h in hits)

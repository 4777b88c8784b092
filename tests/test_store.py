"""The knowledge base on disk: atomic builds, manifest, bad input never loses data."""

from __future__ import annotations

import json

import duckdb
import pytest

from index import build as build_mod
from index import store
from index.build import ingest
from index.embed import HashingEmbedder
from index.search import KnowledgeBase
from talkbase.errors import InputError, KnowledgeBaseMissing, ModelMismatch
from tests.conftest import BLOG, DIGEST, PROGRAMS


def _count(home):
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        return len(kb.talks)


def test_manifest_records_model_dimension_counts_versions(fake_home):
    b = store.require(fake_home)
    m = b.manifest
    assert m["model"] == "test-hashing" and m["dimension"] == 256
    assert m["counts"]["talks"] == 71 and m["counts"]["documents"] == 2
    assert m["counts"]["merged"] == 10
    assert {"duckdb", "numpy", "talkbase"} <= set(m["versions"])


def test_faiss_ids_are_duckdb_ids(fake_kb):
    ids = [r[0] for r in fake_kb.sql("SELECT id FROM talks ORDER BY id").fetchall()]
    assert len(ids) == len(fake_kb.vectors) == 71
    for tid in ids[:5]:
        (hit, score), *_ = fake_kb.vectors.search(fake_kb.vectors.vector(tid), 1)
        assert hit == tid and score == pytest.approx(1.0, abs=1e-5)


def test_normalised_tables_answer_plain_sql(fake_home):
    con = duckdb.connect(str(store.require(fake_home).db_path), read_only=True)
    n_shared = con.execute(
        "SELECT count(*) FROM (SELECT talk_id FROM sources GROUP BY talk_id HAVING count(*) = 2)"
    ).fetchone()[0]
    assert n_shared == 10
    meta = con.execute(
        "SELECT count(DISTINCT t.id) FROM talks t JOIN talk_speakers ts ON ts.talk_id = t.id "
        "WHERE ts.affiliation ILIKE 'Meta%'"
    ).fetchone()[0]
    assert meta > 20
    assert con.execute("SELECT count(*) FROM tracks").fetchone()[0] == 12
    assert con.execute("SELECT count(DISTINCT talk_id) FROM conflicts").fetchone()[0] == 3
    assert con.execute("SELECT count(*) FROM documents").fetchone()[0] == 2
    con.close()


def test_interrupted_build_leaves_previous_intact(fake_home, monkeypatch):
    before = store.require(fake_home)

    def boom(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(build_mod.FaissIndex, "save", boom)
    with pytest.raises(RuntimeError):
        ingest([DIGEST], fake_home, HashingEmbedder(), replace_all=True)
    after = store.require(fake_home)
    assert after.path == before.path
    assert _count(fake_home) == 71
    leftovers = [p.name for p in (fake_home / "builds").iterdir() if p.name.startswith(".partial")]
    assert leftovers == []


def test_rebuild_swaps_in_new_build_and_prunes(fake_home):
    first = store.require(fake_home).path
    ingest([DIGEST], fake_home, HashingEmbedder(), replace_all=True)
    assert _count(fake_home) == 19
    ingest([BLOG], fake_home, HashingEmbedder())  # adds to what is there
    assert _count(fake_home) == 71
    builds = [p for p in (fake_home / "builds").iterdir() if not p.name.startswith(".")]
    assert len(builds) <= store.KEEP_BUILDS and first not in builds


def test_reingest_reuses_embeddings_and_keeps_ids(fake_home):
    with KnowledgeBase(fake_home, HashingEmbedder()) as kb:
        ids = {t.title: t.id for t in kb.talks.values()}
    report = ingest([PROGRAMS], fake_home, HashingEmbedder())
    assert report.embedded == 0 and report.reused > 71
    with KnowledgeBase(fake_home, HashingEmbedder()) as kb:
        assert {t.title: t.id for t in kb.talks.values()} == ids


@pytest.mark.parametrize(
    "content, problem",
    [
        (b"", "empty"),
        (b"\x00\x01\x02binary", "binary"),
        (b"Just a shopping list\nmilk\neggs\n", "not a program format"),
    ],
)
def test_bad_file_is_a_clear_error_and_changes_nothing(fake_home, tmp_path, content, problem):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    before = store.require(fake_home).path
    with pytest.raises(InputError) as err:
        ingest([bad], fake_home, HashingEmbedder())
    assert "bad.txt" in str(err.value) and problem in str(err.value)
    assert store.require(fake_home).path == before and _count(fake_home) == 71


def test_good_and_bad_files_together(fake_home, tmp_path):
    (tmp_path / "empty.txt").write_bytes(b"   \n")
    report = ingest([DIGEST, tmp_path / "empty.txt"], fake_home, HashingEmbedder())
    assert [e.path for e in report.failed] == [str(tmp_path / "empty.txt")]
    assert report.talks == 71


def test_missing_path_names_it(fake_home):
    with pytest.raises(InputError, match="no-such-file.txt"):
        ingest(["no-such-file.txt"], fake_home, HashingEmbedder())


def test_talk_with_missing_field_is_a_warning_naming_the_place(fake_home, tmp_path):
    text = (
        "Example Summit 2030 program. Register. "
        "A Talk Without Speakers Mon 4 Mar, 09:00–09:30, B12 Abstract one. "
        "Second Talk Title Ann Smith (Org) Mon 4 Mar, 10:00–10:30, B12 Abstract two."
    )
    doc = tmp_path / "post.txt"
    doc.write_text(text, encoding="utf-8")
    report = ingest([doc], fake_home, HashingEmbedder())
    assert report.documents[0].format == "blog"
    assert any("post.txt char" in w and "no speakers" in w for w in report.warnings)
    assert report.talks == 73


def test_model_mismatch_is_a_clear_error(fake_home):
    other = HashingEmbedder(name="another-model")
    with pytest.raises(ModelMismatch, match="test-hashing"):
        KnowledgeBase(fake_home, other)
    with pytest.raises(ModelMismatch):
        ingest([DIGEST], fake_home, other)
    report = ingest([DIGEST], fake_home, other, rebuild=True)
    assert report.embedded > 0 and report.talks == 71  # re-embedded, no document lost
    assert (
        json.loads((store.require(fake_home).path / "manifest.json").read_text())["model"]
        == "another-model"
    )


def test_missing_knowledge_base(tmp_path):
    with pytest.raises(KnowledgeBaseMissing, match="talkbase ingest"):
        KnowledgeBase(tmp_path / "nothing-here")


def test_same_file_name_in_two_folders_is_two_documents(fake_home, tmp_path):
    docs = tmp_path / "docs"
    for folder in ("a", "b"):
        (docs / folder).mkdir(parents=True)
    (docs / "a" / "program.txt").write_bytes(DIGEST.read_bytes())
    text = (
        "Other Summit 2031 in Berlin. Register. One Talk Ann Smith (Org) Mon 3 Mar, "
        "09:00–09:30, B1 Text one. Second Talk Bob Jones (Org) Mon 3 Mar, 10:00–10:30, B1 Two."
    )
    (docs / "b" / "program.txt").write_text(text, encoding="utf-8")
    report = ingest([docs], fake_home, HashingEmbedder(), replace_all=True)
    assert sorted(d.name for d in report.documents) == ["a/program.txt", "b/program.txt"]
    assert report.talks == 21 and not report.failed
    # a later single file of a stored name replaces that document, and says so
    (docs / "c").mkdir()
    later = docs / "c" / "sched.txt"
    first = docs / "a" / "sched.txt"
    first.write_text(text.replace("One Talk", "Early Talk"), encoding="utf-8")
    ingest([first], fake_home, HashingEmbedder())
    later.write_text(text.replace("One Talk", "Another Talk"), encoding="utf-8")
    report = ingest([later], fake_home, HashingEmbedder())
    assert any(
        "replaces the document of the same name" in w and str(first) in w for w in report.warnings
    )
    titles = {c.title for c in report.changes.added} | {c.title for c in report.changes.removed}
    assert titles == {"Early Talk", "Another Talk"}

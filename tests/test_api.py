"""The Python API (talkbase.api): plumbing against the fast hashing build, meaning against the real one."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import date, time
from pathlib import Path

import duckdb
import numpy as np
import pandas as pd
import pytest

import talkbase
from talkbase import service
from talkbase.api import RESULT_COLUMNS, Results, Talkbase
from talkbase.core.errors import BadQuery, KnowledgeBaseDamaged, KnowledgeBaseMissing, TalkNotFound
from talkbase.core.records import Hit, Speaker, Talk, Why

PROGRAMS = Path(__file__).resolve().parent.parent / "data" / "programs"


@pytest.fixture
def tb(fake_home: Path, hashing_embedder) -> Iterator[Talkbase]:
    with talkbase.open(fake_home, embedder=hashing_embedder) as opened:
        yield opened


# -- opening ----------------------------------------------------------------------
def test_open_reads_the_knowledge_base(tb: Talkbase, fake_home: Path) -> None:
    count = int(tb.sql("SELECT count(*) AS n FROM talks")["n"][0])
    assert len(tb) == count > 50
    assert tb.home == fake_home
    assert tb.model == "test-hashing"
    assert f"{count} talks" in repr(tb)


def test_open_defaults_to_talkbase_home(
    fake_home: Path, hashing_embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TALKBASE_HOME", str(fake_home))
    with talkbase.open(embedder=hashing_embedder) as opened:
        assert opened.home == fake_home


def test_open_an_empty_folder_says_so(tmp_path: Path) -> None:
    with pytest.raises(KnowledgeBaseMissing):
        talkbase.open(tmp_path / "nothing-here")


def test_open_with_build_from_builds_a_missing_knowledge_base(
    tmp_path: Path, hashing_embedder, fake_kb
) -> None:
    home = tmp_path / "fresh"
    with talkbase.open(home, build_from=PROGRAMS, embedder=hashing_embedder) as opened:
        assert len(opened) == len(fake_kb.talks)
        assert (home / "CURRENT").exists()


def test_open_with_build_from_keeps_an_existing_knowledge_base(
    fake_home: Path, hashing_embedder
) -> None:
    before = (fake_home / "CURRENT").read_text()
    with talkbase.open(fake_home, build_from=[PROGRAMS], embedder=hashing_embedder):
        pass
    assert (fake_home / "CURRENT").read_text() == before


def test_closing_closes_the_database(fake_home: Path, hashing_embedder) -> None:
    with talkbase.open(fake_home, embedder=hashing_embedder) as opened:
        assert len(opened.sql("SELECT 1 AS one")) == 1
    with pytest.raises(BadQuery):
        opened.sql("SELECT 1 AS one")


# -- search -------------------------------------------------------------------------
def test_search_returns_the_same_hits_as_the_library(tb: Talkbase, fake_kb) -> None:
    hits = tb.search("GPU kernels", k=5)
    assert isinstance(hits, Results) and isinstance(hits, list)
    assert all(isinstance(h, Hit) for h in hits)
    assert hits.query == "GPU kernels" and hits.mode == "hybrid"
    assert hits.ids == [h.talk.id for h in fake_kb.search("GPU kernels", 5)]
    assert 0 < len(hits) <= 5


@pytest.mark.parametrize("mode", ["lexical", "dense", "hybrid"])
def test_search_modes(tb: Talkbase, fake_kb, mode: str) -> None:
    hits = tb.search("dynamic shapes", k=3, mode=mode)
    assert hits.mode == mode
    assert hits.ids == [h.talk.id for h in fake_kb.search("dynamic shapes", 3, mode=mode)]


def test_search_filters_narrow_the_talks(tb: Talkbase) -> None:
    tuesday = tb.search("training", k=50, day="Tue")
    assert tuesday and all(h.talk.day == date(2026, 10, 20) for h in tuesday)
    assert tb.search("training", k=50, day=date(2026, 10, 20)).ids == tuesday.ids
    late = tb.search("training", k=50, after=time(16, 0))
    assert late and all(h.talk.start and h.talk.start.time() >= time(16, 0) for h in late)
    nvidia = tb.search("GPU", k=50, org="nvidia")
    assert nvidia and all(
        any("nvidia" in (s.affiliation or "").lower() for s in h.talk.speakers) for h in nvidia
    )
    assert len(nvidia) < len(tb.search("GPU", k=50, mode="dense"))


def test_search_names_a_filter_no_talk_holds(tb: Talkbase) -> None:
    """An empty result says which filter no talk holds at all, as the CLI does: never a
    silent empty list (sweep 19 F10, from the service for every entry point)."""
    nope = tb.search("x", conference="Nope")
    assert list(nope) == [] and "No talk's conference matches 'Nope'." in nope.notes
    assert "No talk's conference matches 'Nope'." in repr(nope)
    assert "No talk&#x27;s conference matches &#x27;Nope&#x27;." in nope._repr_html_()
    both = tb.search("x", room="Moon Base", org="nvidia")  # NVIDIA alone gives talks
    assert "No talk's room matches 'Moon Base'." in both.notes
    assert not any("org" in n for n in both.notes)
    assert not any("No talk's" in n for n in tb.search("GPU", org="nvidia").notes)


def test_search_rejects_bad_requests(tb: Talkbase) -> None:
    with pytest.raises(BadQuery, match="unknown filter colour"):
        tb.search("x", colour="red")
    with pytest.raises(BadQuery):
        tb.search("x", mode="fuzzy")
    with pytest.raises(BadQuery):
        tb.search("x", k=0)
    with pytest.raises(BadQuery):
        tb.search("x", day="someday")


def test_a_bad_filter_value_names_the_keyword_not_the_cli_flag(tb: Talkbase) -> None:
    """Sweep 16 (F11): "--day wants a date ..." named the CLI's flag in Python."""
    for call, said in (
        (lambda: tb.search("x", day="Caturday"), "day= wants a date like 2026-10-20"),
        (lambda: tb.search("x", day="2026-02-30"), "day= '2026-02-30' is not a real date"),
        (lambda: tb.search("x", starts_before="noonish"), "starts_before= wants a time"),
        (lambda: tb.search("x", max_minutes="long"), "max_minutes= wants a number of minutes"),
        (lambda: tb.similar(tb.talks()["id"][0], after="later"), "after= wants a time"),
    ):
        with pytest.raises(BadQuery) as caught:
            call()
        assert str(caught.value).startswith(said) and "--" not in str(caught.value)


def test_a_talk_not_found_is_advised_in_python_not_for_the_cli(tb: Talkbase) -> None:
    """Sweep 19 (F10): "Try 'talkbase search' to find its id." in a notebook."""
    from talkbase.core.errors import TalkNotFound

    for call in (
        lambda: tb.talk("no such talk zzzz"),
        lambda: tb.similar("no such talk zzzz"),
        lambda: tb.recommend(["no such talk zzzz"]),
    ):
        with pytest.raises(TalkNotFound) as caught:
            call()
        said = str(caught.value)
        assert "tb.search(" in said and "talkbase search" not in said, said


def test_none_filters_are_ignored(tb: Talkbase) -> None:
    assert tb.search("compiler", k=5, day=None, track=None).ids == tb.search("compiler", k=5).ids


# -- results ------------------------------------------------------------------------
def test_results_to_frame_has_one_row_per_hit(tb: Talkbase) -> None:
    hits = tb.search("compiler", k=4, mode="lexical")
    frame = hits.to_frame()
    assert list(frame.columns) == list(RESULT_COLUMNS)
    assert frame["rank"].tolist() == list(range(1, len(hits) + 1))
    assert frame["id"].tolist() == hits.ids
    assert frame["title"].tolist() == [t.title for t in hits.talks]
    assert frame["lexical_rank"].dtype == "Int64"
    assert frame["carried_by"].eq("lexical").all()


def test_empty_results_still_have_columns() -> None:
    frame = Results().to_frame()
    assert frame.empty and list(frame.columns) == list(RESULT_COLUMNS)
    assert "0 results" in Results(query="q")._repr_html_()


def test_slicing_results_keeps_the_type(tb: Talkbase) -> None:
    hits = tb.search("training", k=6)
    head = hits[:2]
    assert isinstance(head, Results) and head.query == hits.query
    assert head.ids == hits.ids[:2]
    assert isinstance(hits[0], Hit)


def test_results_display_escapes_html() -> None:
    talk = Talk(title="<script>x</script> & more", speakers=(Speaker("A <b>", "Org"),), id=7)
    hit = Hit(talk, 0.5, Why(matched_terms=("x",), best_sentence="a < b", carried_by="both"))
    shown = Results([hit], query="<q>", mode="hybrid")._repr_html_()
    assert "<script>" not in shown and "&lt;script&gt;" in shown
    assert "&lt;q&gt;" in shown and "a &lt; b" in shown and "<table>" in shown
    assert "<script>x</script>" in repr(Results([hit]))  # plain text stays as is


# -- similar and talk ---------------------------------------------------------------
def test_similar_accepts_any_reference_and_never_returns_the_talk(tb: Talkbase) -> None:
    seed = tb.search("dynamic shapes", k=1)[0]
    by_hit = tb.similar(seed, k=4)
    assert len(by_hit) == 4 and seed.talk.id not in by_hit.ids
    assert tb.similar(seed.talk.id, k=4).ids == by_hit.ids
    assert tb.similar(seed.talk, k=4).ids == by_hit.ids
    assert tb.similar(seed.talk.title, k=4).ids == by_hit.ids
    assert by_hit.mode == "similar"


def test_similar_filters_and_diversity(tb: Talkbase, monkeypatch) -> None:
    import index.search.similar as similar_mod

    # without the program's structure leaning in, diversity 0 is the plain nearest
    monkeypatch.setattr(similar_mod, "TRACK_WEIGHT", 0.0)
    monkeypatch.setattr(similar_mod, "SPEAKER_WEIGHT", 0.0)
    seed = tb.search("dynamic shapes", k=1)[0]
    wednesday = tb.similar(seed, k=5, day="Wed")
    assert wednesday and all(h.talk.day == date(2026, 10, 21) for h in wednesday)
    plain = tb.similar(seed, k=5, diversity=0.0).ids
    nearest = [
        i
        for i, _ in tb.kb.vectors.search(tb.kb.vectors.vector(seed.talk.id), 6)
        if i != seed.talk.id
    ][:5]
    assert set(plain) == set(nearest)
    with pytest.raises(BadQuery):
        tb.similar(seed, k=5, diversity=1.5)
    with pytest.raises(BadQuery):
        tb.similar(seed, k=0)


def test_talk_by_id_title_or_hit(tb: Talkbase) -> None:
    first = tb.talks().iloc[0]
    talk = tb.talk(int(first["id"]))
    assert talk.title == first["title"]
    assert tb.talk(first["title"]).id == talk.id
    assert tb.talk(Hit(talk, 1.0)).id == talk.id
    with pytest.raises(TalkNotFound):
        tb.talk("a talk nobody gave about nothing at all")


# -- tables and SQL -----------------------------------------------------------------
def test_talks_table(tb: Talkbase) -> None:
    talks = tb.talks()
    assert isinstance(talks, pd.DataFrame)
    assert len(talks) == len(tb) and talks["id"].is_unique
    assert {
        "title",
        "day",
        "start",
        "end",
        "minutes",
        "room",
        "track",
        "speakers",
        "sources",
        "conflicts",
        "timezone",
    } <= set(talks.columns)
    # each talk's clock is named (sweep 16: a base of several conferences has several)
    zones = tb.sql("SELECT id, timezone FROM talks")
    assert dict(zip(talks["id"], talks["timezone"], strict=True)) == dict(
        zip(zones["id"], zones["timezone"], strict=True)
    )
    assert talks["timezone"].notna().any()
    timed = talks["start"].dropna()
    assert timed.is_monotonic_increasing
    assert talks["start"].isna().sum() == len(talks) - len(timed)
    assert talks.loc[talks["start"].isna()].index.min() > timed.index.max()  # untimed last
    assert (talks["sources"] >= 1).all()
    with_time = talks.dropna(subset=["start", "end"])
    assert (with_time["minutes"] > 0).all()


def test_speakers_tracks_and_conflicts_tables(tb: Talkbase) -> None:
    speakers = tb.speakers()
    pairs = tb.sql("SELECT count(DISTINCT (talk_id, speaker_id)) AS n FROM talk_speakers")
    assert speakers["talks"].sum() == pairs["n"][0]
    assert speakers["talks"].is_monotonic_decreasing
    tracks = tb.tracks()
    assert tracks["talks"].sum() == tb.talks()["track"].notna().sum()
    assert {"track", "description", "talks"} <= set(tracks.columns)
    conflicts = tb.conflicts()
    assert len(conflicts) == tb.sql("SELECT count(*) AS n FROM conflicts")["n"][0] > 0
    for row in conflicts.itertuples():
        assert tb.talk(int(row.talk_id)).title == row.title
        assert any(c.field == row.field for c in tb.talk(int(row.talk_id)).conflicts)


def test_sql_with_parameters(tb: Talkbase) -> None:
    frame = tb.sql(
        "SELECT id, title FROM talks WHERE room = ? AND day = ?", "LL20AB", date(2026, 10, 21)
    )
    assert len(frame) > 0
    assert all(tb.talk(int(i)).room == "LL20AB" for i in frame["id"])


def test_sql_is_read_only_and_errors_are_bad_queries(tb: Talkbase) -> None:
    before = len(tb)
    with pytest.raises(BadQuery, match="read-only"):
        tb.sql("DELETE FROM talks")
    with pytest.raises(BadQuery):
        tb.sql("SELEC nothing")
    assert int(tb.sql("SELECT count(*) AS n FROM talks")["n"][0]) == before


# -- embeddings ---------------------------------------------------------------------
def test_embeddings_are_aligned_with_their_ids(tb: Talkbase) -> None:
    ids, matrix = tb.embeddings()
    assert ids.dtype == np.int64 and list(ids) == sorted(tb.kb.talks)
    assert matrix.shape == (len(tb), tb.kb.manifest.dimension)
    assert np.allclose(np.linalg.norm(matrix, axis=1), 1.0, atol=1e-5)
    for row in (0, len(ids) // 2, len(ids) - 1):
        assert np.array_equal(matrix[row], tb.kb.vectors.vector(int(ids[row])))


# -- the package entry point -------------------------------------------------------
def test_import_talkbase_stays_light() -> None:
    code = (
        "import sys, talkbase; heavy = ('pandas', 'duckdb', 'numpy', 'torch', 'talkbase.api');"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_package_exports_the_api() -> None:
    from talkbase import api

    assert talkbase.open is api.open and talkbase.Talkbase is api.Talkbase
    assert talkbase.Results is api.Results
    assert {"open", "Talkbase", "Results"} <= set(dir(talkbase))
    with pytest.raises(AttributeError):
        _ = talkbase.no_such_thing


# -- with the real model ----------------------------------------------------------
@pytest.mark.model
def test_real_model_search_through_the_api(demo_home: Path, demo_kb) -> None:
    with talkbase.open(demo_home) as opened:
        hits = opened.search("running PyTorch on Google TPUs", k=3)
        assert "TorchTPU: Running PyTorch Natively on Google TPUs" in [t.title for t in hits.talks]
        assert hits.ids == [h.talk.id for h in demo_kb.search("running PyTorch on Google TPUs", 3)]
        dense = opened.search("4-bit training", k=5, mode="dense")
        assert any("NVFP4" in t.title or "HiFloat" in t.title for t in dense.talks)
        frame = dense.to_frame()
        assert frame["dense_rank"].tolist() == list(range(1, 6))
        assert frame["best_sentence"].str.len().gt(0).all()
        seed = opened.talk("TorchTPU: Running PyTorch Natively")
        like = opened.similar(seed, k=5)
        assert seed.id not in like.ids
        assert "Integrating TorchTPU into TorchTitan and Optimizing Models for TPUs" in [
            t.title for t in like.talks
        ]


def test_an_open_handle_answers_from_the_build_a_reingest_swapped_in(
    tmp_path: Path, hashing_embedder
) -> None:
    # sweep 23 (loss) F1: a handle kept answering from the build it opened, even once
    # that build was deleted: removed talks, old titles, no conflicts, TalkNotFound
    program = tmp_path / "conf.csv"
    header = "title,speakers,start,end,date,room,track,abstract\n"
    rust = "Jane Doe,09:00,09:45,2026-05-20,Hall A,Kernels,How Rust drivers land in Linux.\n"
    quantum = "Q Person,10:00,10:45,2026-05-20,Hall B,Physics,Compilers for quantum machines.\n"
    program.write_text(header + "Rust in the Linux kernel," + rust + "Quantum compilers," + quantum)
    home = tmp_path / "home"
    with talkbase.open(home, build_from=program, embedder=hashing_embedder) as tb:
        first = tb.service.build_name
        assert {t.title for t in tb.service.talks.values()} == {
            "Rust in the Linux kernel",
            "Quantum compilers",
        }
        program.write_text(header + "Rust for Linux kernel drivers," + rust)
        service.ingest([program], home, embedder=hashing_embedder)  # retitled, one removed
        program.write_text(header + "Rust for Linux kernel drivers," + rust.replace("A,", "C,"))
        service.ingest([program], home, embedder=hashing_embedder)  # moved to Hall C
        assert not (home / "builds" / first).exists()
        assert tb.talk("Rust for Linux kernel drivers").room == "Hall C"
        with pytest.raises(TalkNotFound):
            tb.talk("Quantum compilers")
        assert tb.talks()["title"].tolist() == ["Rust for Linux kernel drivers"]
        assert [h.talk.title for h in tb.search("rust kernel", k=3)] == [
            "Rust for Linux kernel drivers"
        ]
        assert tb.embeddings()[1].shape[0] == 1
        assert tb.service.build_name == service.current_build(home) != first


def test_a_build_swapped_out_serves_the_calls_begun_on_it_and_one_thread_opens_the_new(
    tmp_path: Path, hashing_embedder
) -> None:
    """The build before a swap stays open until the swap after (or the service's
    close): a `kb` taken before an ingest still answers (it was closed at once, and a
    query another thread ran on it failed as a damaged base); threads that notice the
    swap together share the one build opened (each opened its own, and those leaked)."""
    program = tmp_path / "conf.csv"
    header = "title,speakers,start,end,date,room,track,abstract\n"
    row = "Jane Doe,09:00,09:45,2026-05-20,Hall A,Kernels,How Rust drivers land in Linux.\n"
    program.write_text(header + "Rust in the kernel," + row)
    home = tmp_path / "home"
    service.ingest([program], home, embedder=hashing_embedder)
    with service.Service(home, hashing_embedder) as svc:
        kept = svc.kb
        program.write_text(header + "Rust in Linux," + row)
        service.ingest([program], home, embedder=hashing_embedder)
        seen: list[object] = []
        threads = [threading.Thread(target=lambda: seen.append(svc.kb)) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len({id(kb) for kb in seen}) == 1 and seen[0] is not kept
        assert [h.talk.title for h in kept.answer("rust", 3).hits] == ["Rust in the kernel"]
        assert [h.talk.title for h in svc.search("rust", k=3)] == ["Rust in Linux"]
        program.write_text(header + "Rust everywhere," + row)
        service.ingest([program], home, embedder=hashing_embedder)
        assert [h.talk.title for h in svc.search("rust", k=3)] == ["Rust everywhere"]
        # two swaps later, the first is closed
        with pytest.raises((KnowledgeBaseDamaged, duckdb.ConnectionException)):
            kept.answer("rust", 3)


def test_a_call_that_spans_an_ingest_reads_one_build(
    tmp_path: Path, hashing_embedder, monkeypatch
) -> None:
    """Sweep 24: `recommend` looks its saved talks up, then ranks: an ingest (a real
    one, in another thread) that drops a saved talk between the two made the call read
    two builds and fail (TalkNotFound for a talk it had just found). Each call reads the
    build in use when it began (`Service.one_build`); the next call, the new one."""
    from index.search.kb import KnowledgeBase

    program = tmp_path / "conf.csv"
    header = "title,speakers,start,end,date,room,track,abstract\n"
    rows = {
        "rust": "Rust in the Linux kernel,Jane Doe,09:00,09:45,2026-05-20,Hall A,Kernels,"
        "How Rust drivers land in Linux.\n",
        "ebpf": "eBPF for kernel tracing,Li Wei,10:00,10:45,2026-05-20,Hall A,Kernels,"
        "Tracing the Linux kernel with eBPF programs.\n",
        "quantum": "Quantum compilers,Q Person,11:00,11:45,2026-05-20,Hall B,Physics,"
        "Compilers for quantum machines.\n",
    }
    program.write_text(header + "".join(rows.values()))
    home = tmp_path / "home"
    with talkbase.open(home, build_from=program, embedder=hashing_embedder) as tb:
        rust = tb.talk("Rust in the Linux kernel").id
        first = tb.service.build_name
        looked_up = KnowledgeBase.talk
        swapped: list[str] = []

        def talk_then_ingest(kb: KnowledgeBase, ref: int | str) -> Talk:
            found = looked_up(kb, ref)
            if not swapped:  # the first look-up: the program drops the saved talk now
                program.write_text(header + rows["ebpf"] + rows["quantum"])
                worker = threading.Thread(
                    target=service.ingest,
                    args=([program], home),
                    kwargs={"embedder": hashing_embedder},
                )
                worker.start()
                worker.join()
                swapped.append(service.current_build(home) or "")
            return found

        monkeypatch.setattr(KnowledgeBase, "talk", talk_then_ingest)
        hits = tb.recommend([rust], k=2)
        assert swapped and swapped[0] != first  # the ingest swapped a build in mid-call
        assert rust not in hits.ids and hits.talks[0].title == "eBPF for kernel tracing"
        assert not hits.notes  # it was held when the call began
        # the next call reads the new build: the saved talk is gone, said so
        again = tb.recommend([rust], k=2)
        assert str(rust) in " ".join(again.notes) and tb.service.build_name == swapped[0]

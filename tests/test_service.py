"""The one service every entry point asks: the read side answers what the knowledge
base answers, the write side builds, diffs, removes, checks and repairs, and a
domain error comes through as it was raised."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from talkbase import service
from talkbase.core.errors import (
    BadQuery,
    InputError,
    KnowledgeBaseMissing,
    QueryTooLarge,
    TalkbaseError,
    TalkNotFound,
)
from talkbase.core.filters import Filters
from tests.conftest import BLOG, DIGEST, PROGRAMS, ROOT


@pytest.fixture
def svc(fake_home: Path, hashing_embedder):
    with service.Service(fake_home, hashing_embedder) as opened:
        yield opened


def ids(hits) -> list[tuple[int, bool]]:
    return [(h.talk.id, h.why.match) for h in hits]


def test_nothing_is_opened_until_asked(tmp_path: Path) -> None:
    lazy = service.Service(tmp_path / "nothing-here")  # no error yet: nothing is read
    with pytest.raises(KnowledgeBaseMissing):
        lazy.open()
    with pytest.raises(KnowledgeBaseMissing):
        lazy.search("kernels")
    assert service.current_build(tmp_path / "nothing-here") is None


def test_the_read_side_answers_what_the_knowledge_base_answers(svc, fake_kb) -> None:
    for query, filters in (
        ("distributed training", None),
        ("kernels", Filters(day="Tue")),
        ("", Filters(track="Kernels")),
    ):
        assert ids(svc.search(query, 7, filters)) == ids(fake_kb.search(query, 7, filters))
        said = svc.answer(query, 7, filters).to_dict()
        # ...and, besides, names a limit no talk of the base holds at all (the service's)
        held = said.pop("held_by_no_talk", None)
        assert said == fake_kb.answer(query, 7, filters).to_dict()
        if held is not None:
            assert said["matches"] == 0 and filters is not None
            assert held.items() <= filters.active().items()
    seed = next(iter(fake_kb.talks))
    assert ids(svc.similar(seed, 4)) == ids(fake_kb.similar(seed, 4))
    assert ids(svc.similar(seed, 4, {"day": "Tue"})) == ids(
        fake_kb.similar(seed, 4, Filters(day="Tue"))
    )
    talk = fake_kb.talks[seed]
    assert svc.talk(seed) == svc.talk(talk) == svc.talk(talk.title) == talk
    assert svc.allowed(Filters(day="Tue")) == fake_kb.allowed(Filters(day="Tue"))
    assert svc.allowed(Filters()) is None
    assert svc.model_name == fake_kb.model_name and svc.build_name == fake_kb.build.path.name
    assert dict(svc.talks) == dict(fake_kb.talks)


def test_matches_ranks_every_talk_matches_first(svc) -> None:
    found = svc.matches("fault tolerant collectives")
    assert len(found.hits) == len(svc.talks)
    flags = [h.why.match for h in found.hits]
    assert any(flags) and not all(flags)
    assert flags == sorted(flags, reverse=True)  # the matches, then the nearest talks
    top = svc.search("fault tolerant collectives", k=3)
    assert ids(found.hits[:3]) == ids(top)


def test_domain_errors_pass_through_unchanged(svc) -> None:
    with pytest.raises(TalkNotFound) as missing:
        svc.talk("no talk is called this at all")
    assert missing.value.sentence()
    with pytest.raises(BadQuery):
        svc.search("kernels", 0)
    with pytest.raises(QueryTooLarge):
        service.check_query("x" * 100_000)
    with pytest.raises(BadQuery):
        service.check_query("\udcff")
    with pytest.raises(BadQuery, match="unknown filter"):
        svc.similar(next(iter(svc.talks)), 3, {"weekday": "Tue"})


def test_stats_tables_and_sql(svc, fake_kb) -> None:
    stats = svc.stats()
    assert list(stats) == [
        "home",
        "model",
        "dimension",
        "built_at",
        "talks",
        "speakers",
        "documents",
        "merged",
        "conflicts",
        "days",
        "tracks",
        "rooms",
    ]
    assert stats["talks"] == len(fake_kb.talks) and stats["home"] == str(fake_kb.home)
    assert stats["dimension"] == fake_kb.vectors.dim
    assert sorted(d["name"] for d in stats["documents"]) == sorted(
        p.name for p in PROGRAMS.iterdir() if p.is_file()
    )
    for name in service.TABLES:
        assert len(svc.table(name).columns) >= 4
    assert len(svc.table("talks")) == stats["talks"]
    with pytest.raises(BadQuery):
        svc.table("documents; DROP TABLE talks")
    assert svc.sql("SELECT count(*) AS n FROM talks")["n"][0] == stats["talks"]
    assert svc.sql("SELECT title FROM talks WHERE id = ?", [next(iter(svc.talks))]).shape == (1, 1)
    with pytest.raises(BadQuery, match="read-only"):
        svc.sql("DELETE FROM talks")
    assert svc.stats()["talks"] == stats["talks"]


def test_vectors_stems_and_terms(svc, fake_kb) -> None:
    found, matrix = svc.embeddings()
    assert list(found) == sorted(fake_kb.talks) and matrix.shape == (len(found), svc.kb.vectors.dim)
    assert np.array_equal(matrix[3], fake_kb.vectors.vector(int(found[3])))
    assert svc.query_vector("kernels").shape == (svc.kb.vectors.dim,)
    assert svc.stems(["communicating", "kernels"]) == {
        "communicating": "commun",
        "kernels": "kernel",
    }
    assert service.query_terms("fault-tolerant and the collectives") == [
        "fault-tolerant",
        "fault",
        "tolerant",
        "collectives",
    ]


def test_closed_means_closed(fake_home: Path, hashing_embedder) -> None:
    svc = service.Service(fake_home, hashing_embedder).open()
    svc.close()
    with pytest.raises(BadQuery):  # not opened again behind the caller's back
        svc.sql("SELECT 1")


def test_the_write_side_builds_diffs_removes_checks_and_repairs(
    tmp_path: Path, hashing_embedder, monkeypatch
) -> None:
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    with pytest.raises(TalkbaseError, match="engine must be one of local, ray"):
        service.ingest([DIGEST], home, engine="spark")
    built = service.ingest([DIGEST], home)
    assert built.written and not built.failed and built.talks > 0
    first = service.current_build(home)
    assert first is not None
    plan = service.diff([DIGEST, BLOG], home)
    assert plan.changes.added and not plan.written
    assert service.current_build(home) == first  # a dry run writes nothing
    grown = service.ingest([BLOG], home)
    assert grown.talks > built.talks and service.current_build(home) != first
    with pytest.raises(TalkbaseError, match="Name documents to remove"):
        service.remove(home)
    smaller = service.remove(home, [BLOG.name])
    assert smaller.removed_documents == [BLOG.name] and smaller.talks == built.talks
    report = service.check(home)
    assert report.ok
    assert service.repair(home).ok
    with pytest.raises(InputError):
        service.ingest([tmp_path / "missing.csv"], home)


def test_a_diff_before_any_base_lists_every_talk_as_new_and_writes_nothing(
    tmp_path: Path, monkeypatch
) -> None:
    # the dry run of a first ingest (sweep 17 F8): it used to refuse ("No knowledge base")
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "not yet"
    plan = service.diff([DIGEST], home)
    assert not plan.written and not home.exists()
    built = service.ingest([DIGEST], home)
    assert sorted(t.id for t in plan.changes.added) == sorted(t.id for t in built.changes.added)
    assert len(plan.changes.added) == built.talks > 0


def test_importing_the_service_loads_no_index(tmp_path: Path) -> None:
    code = (
        "import sys, talkbase.service; "
        "print([m for m in sys.modules if m.split('.')[0] in ('index', 'ingest', 'duckdb')])"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_modes_and_engines_the_cli_offers_are_the_registered_ones():
    # the CLI builds its choices before any index module loads (a fast --help), from
    # names on the ground: they must stay the registries' own
    from index.encoders import engines
    from index.search.rank import signals

    assert signals.modes() == service.MODES
    assert tuple(engines.ENGINES) == service.ENGINES


def test_a_following_service_keeps_its_loaded_model_and_a_pinned_one_its_build(
    tmp_path: Path, monkeypatch
) -> None:
    # sweep 23 (loss) F1: the service follows a new build without loading the model again;
    # the app's Library (follow=False) keeps the build it opened, and says which
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    service.ingest([DIGEST], home)
    following, pinned = service.Service(home).open(), service.Service(home, follow=False).open()
    following.load_model()
    loaded, first = following.kb.embedder, following.build_name
    service.ingest([BLOG], home)
    assert following.build_name != first and following.kb.embedder is loaded
    assert len(following.talks) > len(pinned.talks) and pinned.build_name == first
    following.close()
    pinned.close()

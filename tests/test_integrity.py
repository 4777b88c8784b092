"""A damaged knowledge base is never read as empty, never a traceback, never a
silent wrong answer; `talkbase check` says what is wrong and `--repair` recovers."""

from __future__ import annotations

import json
import os
import stat

import numpy as np
import pytest

from index.build.builder import ingest
from index.check import check, repair
from index.encoders.embed import HashingEmbedder
from index.search.kb import KnowledgeBase
from index.store import disk as store
from index.store import files as sf
from talkbase.cli import main
from talkbase.core.errors import KnowledgeBaseDamaged, KnowledgeBaseMissing
from tests.conftest import BLOG, DIGEST


def _talks(home) -> int:
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        return len(kb.talks)


def _data_file(home, name):
    """A data file of the build in use: the sentence vectors are its first chunk."""
    folder = _build_dir(home)
    if name == store.SENTENCES_FILE:
        manifest = json.loads((folder / store.MANIFEST_FILE).read_text())
        return folder / sf.chunk_names(manifest.get("sentence_chunks"))[0]
    return folder / name


def _lose_document_copies(folder):
    """Delete (unlink: other builds keep their links) the document copies of a build."""
    for path in (folder / sf.DOCUMENTS_DIR).glob("*"):
        path.unlink()


def _build_dir(home):
    return store.require(home).path


def _truncate(path, keep=0.5):
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * keep)])


def _scribble(path, at=0.6, n=4096):
    """Random bytes inside the file, same size (what a bad disk or a stray write does)."""
    data = bytearray(path.read_bytes())
    lo = int(len(data) * at)
    rng = np.random.default_rng(7)
    data[lo : lo + n] = rng.integers(0, 256, size=min(n, len(data) - lo), dtype=np.uint8).tobytes()
    path.write_bytes(bytes(data))


# -- the base in use cannot be found whole: damaged, not empty -----------------------


def _no_manifest(home):
    (_build_dir(home) / store.MANIFEST_FILE).unlink()


def _bad_json_manifest(home):
    (_build_dir(home) / store.MANIFEST_FILE).write_text("{not json", encoding="utf-8")


def _empty_current(home):
    (home / "CURRENT").write_text("", encoding="utf-8")


def _current_names_missing_build(home):
    (home / "CURRENT").write_text("20990101T000000-1-abcdef\n", encoding="utf-8")


def _current_deleted(home):
    (home / "CURRENT").unlink()


POINTER_DAMAGE = [
    _no_manifest,
    _bad_json_manifest,
    _empty_current,
    _current_names_missing_build,
    _current_deleted,
]


@pytest.mark.parametrize("damage", POINTER_DAMAGE, ids=lambda f: f.__name__.strip("_"))
def test_ingest_refuses_a_damaged_base_and_loses_nothing(fake_home, damage):
    damage(fake_home)
    with pytest.raises(KnowledgeBaseDamaged) as err:
        ingest([DIGEST], fake_home, HashingEmbedder())
    sentence = err.value.sentence()
    assert "talkbase" in sentence and "check" in sentence and "--replace" in sentence
    with pytest.raises(KnowledgeBaseDamaged):
        store.current(fake_home)
    # the 71 talks can still be recovered
    report = repair(fake_home, HashingEmbedder())
    assert report.ok and report.repaired
    assert _talks(fake_home) == 71


def test_replace_is_a_deliberate_fresh_start_over_a_damaged_base(fake_home):
    _no_manifest(fake_home)
    ingest([DIGEST], fake_home, HashingEmbedder(), replace_all=True)
    assert _talks(fake_home) == 19 and check(fake_home).ok


def test_an_empty_home_is_still_empty_not_damaged(tmp_path):
    assert store.current(tmp_path / "nothing") is None
    with pytest.raises(KnowledgeBaseMissing):
        check(tmp_path / "nothing")


# -- damaged files: one sentence, never a traceback or a wrong answer ----------------

FILE_DAMAGE = [
    (store.VECTORS_FILE, _truncate),
    (store.VECTORS_FILE, _scribble),
    (store.VECTORS_FILE, lambda p: p.write_bytes(os.urandom(p.stat().st_size))),
    (store.DB_FILE, _truncate),
    (store.DB_FILE, lambda p: p.write_bytes(b"")),
    (store.DB_FILE, _scribble),
    (store.SENTENCES_FILE, _truncate),
    (store.SENTENCES_FILE, _scribble),
]


@pytest.mark.parametrize(
    ("name", "damage"), FILE_DAMAGE, ids=[f"{n}-{i}" for i, (n, _) in enumerate(FILE_DAMAGE)]
)
def test_damaged_file_is_one_sentence_everywhere(fake_home, capsys, name, damage):
    damage(_data_file(fake_home, name))
    with pytest.raises(KnowledgeBaseDamaged):
        KnowledgeBase(fake_home, HashingEmbedder())
    assert main(["--home", str(fake_home), "search", "kernels"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("talkbase: The knowledge base in") and "damaged" in err
    assert "Traceback" not in err and err.count("\n") == 1
    with pytest.raises(KnowledgeBaseDamaged):
        ingest([DIGEST], fake_home, HashingEmbedder())
    report = check(fake_home)
    assert not report.ok and any(name in p for p in report.problems)


@pytest.mark.parametrize(
    ("name", "damage"),
    [
        (store.VECTORS_FILE, _scribble),
        (store.DB_FILE, _scribble),
        (store.SENTENCES_FILE, _scribble),
    ],
)
def test_same_size_damage_in_a_large_base_is_found_by_check(fake_home, monkeypatch, name, damage):
    """Above TALKBASE_VERIFY_MB opening checks sizes only; `check` reads everything."""
    monkeypatch.setenv("TALKBASE_VERIFY_MB", "0")
    damage(_data_file(fake_home, name))
    store.current(fake_home)  # sizes agree: opening the pointer is cheap and succeeds
    report = check(fake_home)
    assert not report.ok and any(name in p for p in report.problems)
    assert "--repair" in report.advice


def test_counts_that_disagree_are_damage(fake_home):
    folder = _build_dir(fake_home)
    manifest = json.loads((folder / store.MANIFEST_FILE).read_text())
    manifest["counts"]["talks"] = 70
    (folder / store.MANIFEST_FILE).write_text(json.dumps(manifest))
    with pytest.raises(KnowledgeBaseDamaged, match="70"):
        KnowledgeBase(fake_home, HashingEmbedder())


def test_manifest_records_size_and_sha256_of_every_file(fake_home):
    build = store.require(fake_home)
    files = build.manifest.files
    on_disk = {
        p.relative_to(build.path).as_posix()
        for p in build.path.rglob("*")
        if p.is_file() and p.name != store.MANIFEST_FILE
    }
    assert set(files) == on_disk and set(store.DATA_FILES) <= on_disk
    assert any(n.startswith(sf.DOCUMENTS_DIR + "/") for n in files)
    for name, meta in files.items():
        assert meta["bytes"] == (build.path / name).stat().st_size
        assert meta["sha256"] == sf.file_digest(build.path / name)
    assert check(fake_home).ok


# -- check and repair --------------------------------------------------------------


def test_check_cli_says_whole_or_what_is_wrong(fake_home, capsys):
    assert main(["--home", str(fake_home), "check"]) == 0
    assert "whole" in capsys.readouterr().out
    _truncate(_build_dir(fake_home) / store.VECTORS_FILE)
    assert main(["--home", str(fake_home), "check", "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert not out["ok"] and "vectors.faiss" in out["problems"][0] and "--repair" in out["advice"]


def test_repair_rebuilds_from_stored_documents_when_vectors_are_damaged(fake_home):
    _scribble(_build_dir(fake_home) / store.VECTORS_FILE)
    report = repair(fake_home, HashingEmbedder())
    assert report.ok and "rebuilt 71 talks" in report.repaired
    assert _talks(fake_home) == 71


def _two_builds(tmp_path):
    """A base built like a user's: the digest (19 talks), then the blog (71 in all)."""
    home = tmp_path / "home"
    ingest([DIGEST], home, HashingEmbedder())
    ingest([BLOG], home, HashingEmbedder())
    assert len(store.builds(home)) == 2 and _talks(home) == 71
    return home


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.write_bytes(b""),
        lambda p: _truncate(p, 0.5),
        lambda p: p.write_bytes(b"garbage" * 1000),
        lambda p: p.unlink(),
    ],
    ids=["zero", "half", "garbage", "deleted"],
)
def test_a_lost_database_is_rebuilt_from_the_documents_copy_losing_nothing(tmp_path, damage):
    home = _two_builds(tmp_path)
    damage(_build_dir(home) / store.DB_FILE)
    report = check(home)
    assert "rebuilds the base from the 2 document(s)" in report.advice
    report = repair(home, HashingEmbedder())
    assert report.ok and "rebuilt 71 talks" in report.repaired
    assert _talks(home) == 71  # not the 19 of the build before


def test_repair_goes_back_to_the_previous_build_when_nothing_rebuilds_the_current(tmp_path):
    home = _two_builds(tmp_path)
    folder = _build_dir(home)
    (previous,) = [p.name for p in store.builds(home) if p.name != folder.name]
    (folder / store.DB_FILE).write_bytes(b"")
    _lose_document_copies(folder)
    report = check(home)
    assert f"goes back to build {previous}" in report.advice
    report = repair(home, HashingEmbedder())
    assert report.ok and store.require(home).path.name == previous
    assert _talks(home) == 19


def test_repair_without_anything_readable_says_ingest_again(fake_home, capsys):
    for b in store.builds(fake_home):
        (b / store.DB_FILE).write_bytes(b"")
        _lose_document_copies(b)
    assert main(["--home", str(fake_home), "check", "--repair"]) == 1
    assert "--replace" in capsys.readouterr().err


@pytest.mark.parametrize(
    "text", ["x" * 5000 + "\n" + "y" * 5000, "a\nb\nc", "../../etc", "build\x00name"]
)
def test_a_garbled_current_is_damage_not_a_traceback(fake_home, capsys, text):
    (fake_home / "CURRENT").write_text(text, encoding="utf-8")
    with pytest.raises(KnowledgeBaseDamaged):
        store.current(fake_home)
    assert main(["--home", str(fake_home), "stats"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "talkbase" in err and "check" in err
    assert repair(fake_home, HashingEmbedder()).ok and _talks(fake_home) == 71


# -- leftovers and modes -----------------------------------------------------------


def test_next_ingest_removes_crash_leftovers(fake_home):
    partial = fake_home / "builds" / ".partial-dead01"
    partial.mkdir()
    (partial / "talks.duckdb").write_bytes(b"x" * 1000)
    (fake_home / ".CURRENT.ab12cd").write_bytes(b"")
    # an ingest killed midway (sweep 18 F7): check and the next ingest say so
    advice = check(fake_home).advice
    assert check(fake_home).ok and "An unfinished build" in advice, advice
    report = ingest([BLOG], fake_home, HashingEmbedder())
    assert not partial.exists() and not (fake_home / ".CURRENT.ab12cd").exists()
    assert any("stopped before it finished" in n for n in report.notices), report.notices
    assert "unfinished" not in check(fake_home).advice
    again = ingest([DIGEST], fake_home, HashingEmbedder())
    assert not any("stopped before it finished" in n for n in again.notices)
    assert [p.name for p in (fake_home / "builds").iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize(
    ("mask", "file_mode", "dir_mode"), [(0o022, 0o644, 0o755), (0o077, 0o600, 0o700)]
)
def test_builds_honour_the_umask(tmp_path, mask, file_mode, dir_mode):
    old = os.umask(mask)
    try:
        ingest([DIGEST], tmp_path / "home", HashingEmbedder())
    finally:
        os.umask(old)
    home = tmp_path / "home"
    build = store.require(home).path
    assert stat.S_IMODE(build.stat().st_mode) == dir_mode
    for path in [home / "CURRENT", *(build / n for n in (*store.DATA_FILES, store.MANIFEST_FILE))]:
        assert stat.S_IMODE(path.stat().st_mode) == file_mode, path.name


# -- the manifest's format version ----------------------------------------------------


def _set_format(home, value):
    folder = _build_dir(home)
    manifest = json.loads((folder / store.MANIFEST_FILE).read_text())
    manifest["format_version"] = value
    (folder / store.MANIFEST_FILE).write_text(json.dumps(manifest), encoding="utf-8")


def test_a_base_of_a_newer_format_is_refused_everywhere_and_left_alone(fake_home, capsys):
    from talkbase.core.errors import NewerFormat

    folder = _build_dir(fake_home)
    _set_format(fake_home, store.FORMAT_VERSION + 96)
    manifest_before = (folder / store.MANIFEST_FILE).read_bytes()
    with pytest.raises(NewerFormat) as err:
        KnowledgeBase(fake_home, HashingEmbedder())
    assert "built by a newer talkbase" in err.value.sentence()
    assert err.value.found == store.FORMAT_VERSION + 96
    with pytest.raises(NewerFormat):
        ingest([DIGEST], fake_home, HashingEmbedder())
    with pytest.raises(NewerFormat):
        check(fake_home)
    with pytest.raises(NewerFormat):
        repair(fake_home, HashingEmbedder())
    for argv in (["search", "kernels"], ["ingest", str(DIGEST)], ["check"], ["stats"]):
        assert main(["--home", str(fake_home), *argv]) == 1
        err_text = capsys.readouterr().err
        assert "built by a newer talkbase" in err_text and "Traceback" not in err_text
        assert err_text.count("\n") == 1
    assert (folder / store.MANIFEST_FILE).read_bytes() == manifest_before
    # the deliberate way out still works
    ingest([DIGEST], fake_home, HashingEmbedder(), replace_all=True)
    assert _talks(fake_home) == 19


@pytest.mark.parametrize("value", ["3", 3.0, True, None, [3], {"v": 3}])
def test_a_format_version_that_is_not_a_whole_number_is_damage(fake_home, capsys, value):
    _set_format(fake_home, value)
    with pytest.raises(KnowledgeBaseDamaged, match="format_version"):
        KnowledgeBase(fake_home, HashingEmbedder())
    with pytest.raises(KnowledgeBaseDamaged, match="format_version"):
        ingest([DIGEST], fake_home, HashingEmbedder())
    report = check(fake_home)
    assert not report.ok and any("format_version" in p for p in report.problems)
    assert main(["--home", str(fake_home), "check"]) == 1
    out = capsys.readouterr().out
    assert "format_version" in out and "--repair" in out
    for argv in (["search", "kernels"], ["ingest", str(DIGEST)]):
        assert main(["--home", str(fake_home), *argv]) == 1
        err_text = capsys.readouterr().err
        assert "format_version" in err_text and err_text.count("\n") == 1
    assert repair(fake_home, HashingEmbedder()).ok and _talks(fake_home) == 71


def test_a_format_older_than_any_readable_says_how_to_rebuild(fake_home):
    from talkbase.core.errors import OlderFormat

    _set_format(fake_home, 0)
    with pytest.raises(OlderFormat) as err:
        KnowledgeBase(fake_home, HashingEmbedder())
    sentence = err.value.sentence()
    assert "older" in sentence and "ingest --replace" in sentence
    ingest([DIGEST], fake_home, HashingEmbedder(), replace_all=True)
    assert _talks(fake_home) == 19


def test_an_older_readable_format_is_upgraded_by_the_next_ingest(fake_home):
    _set_format(fake_home, 2)
    assert _talks(fake_home) == 71  # still opens
    ingest([DIGEST], fake_home, HashingEmbedder())
    assert store.require(fake_home).manifest.format_version == store.FORMAT_VERSION
    assert _talks(fake_home) == 71 and check(fake_home).ok


def test_an_interrupted_command_is_one_sentence(fake_home, monkeypatch, capsys):
    # Ctrl-C printed a 53-line traceback (sweep 18 F6); what it wrote is whole or none
    from talkbase import service

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(service, "ingest", stopped)
    assert main(["--home", str(fake_home), "ingest", str(BLOG)]) == 130
    err = capsys.readouterr().err
    assert (
        "Traceback" not in err and err.startswith("talkbase: interrupted") and err.count("\n") == 1
    )


def test_an_export_to_a_read_only_file_system_is_one_sentence(
    fake_home, fake_kb, tmp_path, monkeypatch, capsys
):
    # two chained tracebacks (sweep 18 F5): the temp file could neither be made nor removed
    import errno
    import tempfile
    from pathlib import Path

    from index.site.export import export_site
    from talkbase import cli
    from talkbase.core.errors import InputError

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(tempfile, "mkdtemp", read_only)
    with pytest.raises(InputError, match=r"cannot write the site \(Read-only file system\)"):
        export_site(fake_kb, tmp_path / "site")
    monkeypatch.setattr(cli, "_write_talks", read_only)
    monkeypatch.setattr(Path, "unlink", read_only)
    assert main(["--home", str(fake_home), "export", "-o", str(tmp_path / "x.jsonl")]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "x.jsonl" in err and "Read-only file system" in err

"""The knowledge base on disk: atomic builds, manifest, bad input never loses data."""

from __future__ import annotations

import json

import duckdb
import pytest

from index.build.builder import ingest
from index.encoders.embed import HashingEmbedder
from index.search.kb import KnowledgeBase
from index.store import disk as store
from index.store.manifest import Manifest, render
from index.store.vectors import FaissIndex
from talkbase.core.errors import InputError, KnowledgeBaseMissing, ModelMismatch
from tests.conftest import BLOG, DIGEST, PROGRAMS


def _count(home):
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        return len(kb.talks)


def test_manifest_records_model_dimension_counts_versions(fake_home):
    b = store.require(fake_home)
    m = b.manifest
    assert m.model == "test-hashing" and m.dimension == 256
    assert m.counts["talks"] == 71 and m.counts["documents"] == 2
    assert m.counts["merged"] == 10
    assert {"duckdb", "numpy", "talkbase"} <= set(m.versions)


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

    monkeypatch.setattr(FaissIndex, "save", boom)
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
    assert any("a new version of the program" in w and str(first) in w for w in report.warnings)
    # the same speaker in the same slot and room: the talk retitled, its id kept (sweep 21)
    said = [(c.title, c.detail) for c in report.changes.retitled]
    assert said == [("Another Talk", "was: Early Talk")]
    assert not report.changes.added and not report.changes.removed


# -- a base that cannot be written: read-only, or a full disk ---------------------------

import errno  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

from talkbase.cli import main  # noqa: E402
from talkbase.core.errors import BaseReadOnly, DiskFull  # noqa: E402

TALKBASE = str(Path(sys.executable).parent / "talkbase")


@pytest.fixture(scope="module")
def _cli_master(tmp_path_factory):
    """The demo corpus built as `TALKBASE_MODEL=hashing talkbase ingest` builds it."""
    home = tmp_path_factory.mktemp("cli-master") / "home"
    mp = pytest.MonkeyPatch()
    mp.setenv("TALKBASE_MODEL", "hashing")
    try:
        assert main(["--home", str(home), "ingest", str(PROGRAMS)]) == 0
    finally:
        mp.undo()
    return home


@pytest.fixture
def cli_home(_cli_master, tmp_path, monkeypatch):
    """A private copy of it (writable); the CLI of this test uses the same model."""
    home = tmp_path / "home"
    shutil.copytree(_cli_master, home)
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    return home


def _cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_sentence(err):
    assert err.startswith("talkbase: ") and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1, err


def _answers(capsys, home):
    code, out, err = _cli(capsys, "--home", str(home), "search", "kernels", "--json", "-n", "20")
    assert code == 0, err
    return [(h["id"], h["title"], h["score"]) for h in json.loads(out)]


@pytest.mark.parametrize("code", [errno.EROFS, errno.EACCES, errno.EPERM])
def test_a_read_only_base_says_so_and_still_searches(cli_home, monkeypatch, capsys, code):
    before = _answers(capsys, cli_home)
    real_open = os.open

    def refusing(path, flags, *args, **kwargs):
        if str(path).endswith(".lock") or flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(code, os.strerror(code), str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)  # every module's os.open
    for argv in (["ingest", str(DIGEST)], ["remove", DIGEST.name], ["check", "--repair"]):
        code_, out, err = _cli(capsys, "--home", str(cli_home), *argv)
        assert code_ == 1 and out == ""
        _one_sentence(err)
        assert "read-only" in err and str(cli_home) in err, err
    with pytest.raises(BaseReadOnly) as info:
        ingest([DIGEST], cli_home, HashingEmbedder(name="hashing"))
    assert info.value.home == str(cli_home)
    assert _answers(capsys, cli_home) == before  # searching keeps working
    assert _cli(capsys, "--home", str(cli_home), "check")[0] == 0


@pytest.mark.parametrize("how", ["oserror", "duckdb"])
def test_a_full_disk_elsewhere_is_named_not_the_homes(cli_home, monkeypatch, capsys, tmp_path, how):
    """A temporary folder or the encoder cache filling up is that disk's fault: the
    sentence names where, and says the knowledge base is unchanged."""
    elsewhere = tmp_path / "spill" / "duckdb_temp_block-1.block"

    def full(self, vectors):
        if how == "duckdb":
            raise duckdb.IOException(f'Could not write file "{elsewhere}": No space left on device')
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(elsewhere))

    in_use = store.require(cli_home).path
    _ingest_fails_midway(monkeypatch, full)
    code, out, err = _cli(capsys, "--home", str(cli_home), "ingest", str(BLOG), "--rebuild")
    assert code == 1, (out, err)
    _one_sentence(err)
    assert f"disk holding {elsewhere.parent} is full" in err, err
    assert "unchanged" in err and str(cli_home) in err, err
    assert (cli_home / "CURRENT").read_text().strip() == in_use.name


def _ingest_fails_midway(monkeypatch, raiser):
    """Make the next build's sentence-vector writes fail the way a full disk does."""
    from index.store import files as storefiles

    monkeypatch.setattr(storefiles.ChunkWriter, "append", raiser)


@pytest.mark.parametrize("how", ["oserror", "duckdb", "quota"])
def test_a_full_disk_during_ingest_says_so_and_where_and_keeps_the_base(
    cli_home, monkeypatch, capsys, how
):
    in_use = store.require(cli_home).path

    def full(self, vectors):
        path = str(in_use.parent / ".partial-x" / "sentences" / "a.f16")
        if how == "duckdb":
            raise duckdb.IOException(f'Could not write file "{path}": No space left on device')
        code = errno.EDQUOT if how == "quota" else errno.ENOSPC
        raise OSError(code, os.strerror(code), path)

    _ingest_fails_midway(monkeypatch, full)
    with pytest.raises(DiskFull) as info:
        ingest([BLOG], cli_home, HashingEmbedder(name="hashing"), rebuild=True)
    assert info.value.home == str(cli_home)
    for argv in (
        ["ingest", str(BLOG), "--rebuild"],
        ["remove", DIGEST.name],
        ["check", "--repair"],
    ):
        if argv[0] == "check":  # a repair only writes when something is wrong
            (in_use / store.VECTORS_FILE).write_bytes(b"broken")
        code, out, err = _cli(capsys, "--home", str(cli_home), *argv)
        assert code == 1, (out, err)
        _one_sentence(err)
        assert "full" in err and str(cli_home) in err, err
        assert ".partial-x" not in err, err  # a build being written is the home, not its file
        assert (cli_home / "CURRENT").read_text().strip() == in_use.name
        leftovers = [p.name for p in (cli_home / "builds").iterdir() if p.name.startswith(".")]
        assert leftovers == [] and store.builds(cli_home)[-1] == in_use


def test_a_full_disk_leaves_the_previous_build_answering_identically(cli_home, monkeypatch, capsys):
    before = _answers(capsys, cli_home)

    def full(self, vectors):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    _ingest_fails_midway(monkeypatch, full)
    code, _, err = _cli(capsys, "--home", str(cli_home), "ingest", str(PROGRAMS), "--rebuild")
    assert code == 1 and "full" in err
    monkeypatch.undo()
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    assert _answers(capsys, cli_home) == before


# The same, for real: a read-only bind mount and a small tmpfs, in a private mount
# namespace (needs util-linux unshare and user namespaces; skipped where there are none).


def _namespace_ok() -> bool:
    if shutil.which("unshare") is None:
        return False
    p = subprocess.run(
        [
            "unshare",
            "-rm",
            "sh",
            "-c",
            "mount -t tmpfs -o size=1m tmpfs /mnt 2>/dev/null || "
            "mount -t tmpfs -o size=1m tmpfs /tmp",
        ],
        capture_output=True,
        timeout=30,
    )
    return p.returncode == 0


needs_namespace = pytest.mark.skipif(
    not _namespace_ok(), reason="no private mount namespace (unshare -rm) here"
)


def _in_namespace(script: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["unshare", "-rm", "sh", "-c", script],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


@needs_namespace
def test_a_read_only_mount_for_real(cli_home, tmp_path):
    env = {**os.environ, "TALKBASE_MODEL": "hashing", "TALKBASE_HOME": str(cli_home)}
    search = f"{TALKBASE} search kernels --json -n 20"
    before = subprocess.run(search.split(), capture_output=True, text=True, env=env, check=True)
    script = f"""
mount --bind -o ro "{cli_home}" "{cli_home}" || exit 99
for cmd in "ingest {BLOG}" "remove {DIGEST.name}" "check --repair"; do
  {TALKBASE} $cmd > /dev/null 2> "{tmp_path}/err"; echo "rc=$?"; cat "{tmp_path}/err"
done
{search} > "{tmp_path}/after.json" || echo "search failed"
{TALKBASE} check > /dev/null || echo "check failed"
"""
    p = _in_namespace(script, env)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0::2] == ["rc=1"] * 3, p.stdout
    for line in lines[1::2]:
        assert line.startswith("talkbase: ") and "read-only" in line and str(cli_home) in line
    assert len(lines) == 6, p.stdout
    assert json.loads((tmp_path / "after.json").read_text()) == json.loads(before.stdout)


@needs_namespace
def test_a_full_disk_for_real(cli_home):
    scratch = Path(tempfile.mkdtemp(prefix="talkbase-full-"))
    try:
        env = {**os.environ, "TALKBASE_MODEL": "hashing", "TALKBASE_HOME": str(scratch)}
        before, err = (
            scratch.parent / f"{scratch.name}.before",
            scratch.parent / f"{scratch.name}.err",
        )
        script = f"""
mount -t tmpfs -o size=12m tmpfs "{scratch}" || exit 99
cp -a "{cli_home}/." "{scratch}/"
{TALKBASE} search kernels --json -n 20 > "{before}"
free=$(df -k --output=avail "{scratch}" | tail -1)
dd if=/dev/zero of="{scratch}/filler" bs=1k count=$((free - 1500)) 2>/dev/null
{TALKBASE} ingest "{BLOG}" "{DIGEST}" --rebuild > /dev/null 2> "{err}"
echo "rc=$?"
cat "{err}"
{TALKBASE} search kernels --json -n 20 | cmp - "{before}" && echo same
"""
        p = _in_namespace(script, env)
        assert p.returncode == 0, p.stderr
        lines = p.stdout.splitlines()
        assert lines[0] == "rc=1", p.stdout
        assert lines[1].startswith("talkbase: ") and "full" in lines[1], p.stdout
        assert str(scratch) in lines[1] and lines[2:] == ["same"], p.stdout
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        for leftover in scratch.parent.glob(f"{scratch.name}.*"):
            leftover.unlink()


def test_the_typed_manifest_round_trips_the_file_byte_for_byte(fake_home):
    build = store.require(fake_home)
    text = (build.path / store.MANIFEST_FILE).read_text(encoding="utf-8")
    typed = Manifest.from_dict(json.loads(text))
    assert render(typed) == text and typed == build.manifest
    assert typed.to_dict() == json.loads(text)
    assert typed.model == "test-hashing" and typed.dimension == 256
    assert typed.files and typed.sentence_chunks and typed.lexical is not None
    assert isinstance(typed.documents, tuple) and typed.extra == {}


def test_a_manifest_keeps_keys_it_does_not_know_as_they_were():
    raw = {
        "format_version": 1,
        "model": "m",
        "dimension": 4,
        "counts": {"talks": 2},
        "documents": "not a list",  # of another kind: kept, not read
        "encoder": None,
        "from_the_future": {"x": [1, 2]},
    }
    typed = Manifest.from_dict(raw)
    assert typed.documents is None and typed.encoder is None
    assert typed.to_dict() == raw
    assert render(typed) == json.dumps(raw, indent=2, sort_keys=True) + "\n"
    with pytest.raises(ValueError, match="model"):
        Manifest.from_dict({**raw, "model": None})


def test_an_ingest_waiting_for_another_says_so_once_then_goes_on(
    tmp_path, capsys, monkeypatch
) -> None:
    # sweep 23 (loss) F7: a second ingest into the same home waited without a word
    import fcntl
    import os
    import threading

    from talkbase.cli import main

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    home.mkdir()
    fd = os.open(home / ".lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)  # another ingest, process 4242, holds the base
    os.pwrite(fd, b"4242", 0)
    # let go once the other is seen waiting (or after 20 s on code that never looks)
    from index.store import writing

    holder = getattr(writing, "_holder", None)
    if holder is not None:

        def seen(at: int) -> int | None:
            pid = holder(at)
            os.close(fd)
            return pid

        monkeypatch.setattr(writing, "_holder", seen)
    else:
        threading.Timer(20.0, os.close, (fd,)).start()
    assert main(["--home", str(home), "ingest", str(DIGEST)]) == 0
    err = capsys.readouterr().err
    assert err.count("waiting for another ingest, remove or repair of") == 1
    assert "(process 4242)" in err
    capsys.readouterr()
    assert main(["--home", str(home), "ingest", str(BLOG)]) == 0  # nobody holds it now
    assert "waiting" not in capsys.readouterr().err

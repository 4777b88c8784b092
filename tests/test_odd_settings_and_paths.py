"""Issue 35's odd arguments and settings: each is one sentence naming what is wrong,
never a traceback, a hang or a base overwritten."""

from __future__ import annotations

import json
import os
import time

import pytest

import talkbase
from index.build.builder import ingest
from index.encoders.hashing import HashingEmbedder
from talkbase.cli import main
from talkbase.core import settings
from talkbase.core.errors import BadQuery, TalkbaseError
from tests.conftest import DIGEST, PROGRAMS


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(PROGRAMS)]) == 0
    return home


def _one_sentence(capsys, argv, *words):
    capsys.readouterr()
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err
    return err


def test_export_never_writes_into_the_base_a_device_or_a_pipe(home, tmp_path, capsys):
    current = (home / "CURRENT").read_text()
    _one_sentence(capsys, ["--home", str(home), "export", "-o", str(home / "CURRENT")], "inside")
    assert (home / "CURRENT").read_text() == current
    _one_sentence(capsys, ["--home", str(home), "export", "-o", "/dev/full"], "regular file")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    t0 = time.monotonic()
    _one_sentence(capsys, ["--home", str(home), "export", "-o", str(fifo)], "regular file")
    assert time.monotonic() - t0 < 30  # (it blocked forever before)
    _one_sentence(capsys, ["--home", str(home), "export", "-o", str(tmp_path)], "regular file")


def test_an_export_replaces_a_file_whole(home, tmp_path, capsys):
    out = tmp_path / "talks.jsonl"
    out.write_text("old\n")
    assert main(["--home", str(home), "export", "-o", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) > 10 and all(json.loads(x)["title"] for x in lines)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_misspelt_timezone_is_refused_not_read_as_utc(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    for zone in ("Europe/Brussel", "Mars/Olympus"):
        monkeypatch.setenv("TALKBASE_TIMEZONE", zone)
        with pytest.raises(TalkbaseError, match="TALKBASE_TIMEZONE"):
            settings.timezone()
        _one_sentence(
            capsys,
            ["--home", str(tmp_path / "h"), "ingest", str(DIGEST)],
            "TALKBASE_TIMEZONE",
            zone,
        )
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Brussels")
    assert settings.timezone() == "Europe/Brussels"


def test_a_huge_number_setting_is_one_sentence(home, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MAX_FILE_MB", "99999999999999999999")
    _one_sentence(capsys, ["--home", str(home), "ingest", str(DIGEST)], "TALKBASE_MAX_FILE_MB")


def test_index_threshold_zero_on_a_small_base_stays_exact(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_INDEX_THRESHOLD", "0")
    report = ingest([DIGEST], tmp_path / "h", HashingEmbedder())  # (FAISS crashed training)
    assert report.talks > 0


def test_an_encoder_cache_that_is_a_file_is_one_sentence(tmp_path, capsys, monkeypatch):
    from index.encoders import embed

    monkeypatch.delenv("TALKBASE_MODEL", raising=False)
    # (an encoder this process loaded before needs no cache: load it anew, as a CLI does)
    embed._load.cache_clear()
    embed._identity.cache_clear()
    monkeypatch.setenv("TALKBASE_ENCODER_CACHE", "/etc/hostname")
    _one_sentence(
        capsys, ["--home", str(tmp_path / "h"), "ingest", str(DIGEST)], "TALKBASE_ENCODER_CACHE"
    )


def test_the_api_says_what_is_wrong_with_k_and_sql(home, monkeypatch):
    tb = talkbase.open(home)
    tid = tb.search("kernels")[0].talk.id
    for call in (
        lambda: tb.search("kernels", k="5"),
        lambda: tb.similar(tid, k="3"),
        lambda: tb.recommend([tid], k=2.0),
        lambda: tb.sql(None),
    ):
        with pytest.raises(BadQuery):
            call()
    monkeypatch.setenv("TALKBASE_SQL_SECONDS", "1")
    t0 = time.monotonic()
    with pytest.raises(BadQuery, match="TALKBASE_SQL_SECONDS"):
        tb.sql(
            "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r"
        )
    assert time.monotonic() - t0 < 20
    assert int(tb.sql("SELECT count(*) AS n FROM talks")["n"][0]) > 10  # and it still reads

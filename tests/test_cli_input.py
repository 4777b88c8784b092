"""Bytes a person's tools may produce reach the CLI as one sentence, never a traceback."""

from __future__ import annotations

import pytest

from talkbase.cli import main
from tests.conftest import DIGEST


@pytest.fixture
def hashing_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(DIGEST)]) == 0
    return home


def test_batch_file_that_is_not_utf8_names_the_file_and_line(hashing_home, tmp_path, capsys):
    batch = tmp_path / "queries.txt"
    batch.write_bytes(b"kernels\ncompilers\n\xff\xfe inference\n")
    capsys.readouterr()
    assert main(["--home", str(hashing_home), "search", "--batch", str(batch)]) == 1
    out, err = capsys.readouterr()
    assert out == ""  # checked before any query runs
    assert "queries.txt (line 3)" in err and "UTF-8" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_batch_file_in_utf8_with_a_bom_runs_every_query(hashing_home, tmp_path, capsys):
    batch = tmp_path / "queries.txt"
    batch.write_bytes("\ufeffkernels\n\ncompilers O’Reilly\n".encode())
    capsys.readouterr()
    assert main(["--home", str(hashing_home), "search", "--batch", str(batch)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and '"query": "kernels"' in lines[0]

"""Bytes a person's tools may produce reach the CLI as one sentence, never a traceback."""

from __future__ import annotations

import json

import pytest

from talkbase.cli import main
from tests.conftest import DIGEST


@pytest.fixture
def hashing_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(DIGEST)]) == 0
    return home


def test_a_batch_line_that_is_not_utf8_is_answered_with_why_and_the_rest_run(
    hashing_home, tmp_path, capsys
):
    batch = tmp_path / "queries.txt"
    batch.write_bytes(b"kernels\ncompilers\n\xff\xfe inference\nscheduling\n")
    capsys.readouterr()
    assert main(["--home", str(hashing_home), "search", "--batch", str(batch)]) == 1
    out, err = capsys.readouterr()
    lines = [json.loads(x) for x in out.splitlines()]
    assert [x["line"] for x in lines] == [1, 2, 3, 4]
    assert "UTF-8" in lines[2]["error"] and lines[2]["query"] is None
    assert all("results" in x for i, x in enumerate(lines) if i != 2)
    assert "queries.txt, line 3" in err and "UTF-8" in err and "Traceback" not in err


def test_batch_file_in_utf8_with_a_bom_runs_every_query(hashing_home, tmp_path, capsys):
    batch = tmp_path / "queries.txt"
    batch.write_bytes("\ufeffkernels\n\ncompilers O’Reilly\n".encode())
    capsys.readouterr()
    assert main(["--home", str(hashing_home), "search", "--batch", str(batch)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and '"query": "kernels"' in lines[0]


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_query_that_is_not_utf8_is_one_sentence(hashing_home, capsys):
    # what Python makes of `talkbase search $'\xff kernels'`: the byte as a lone surrogate
    query = b"\xff kernels".decode("utf-8", "surrogateescape")
    for extra in ((), ("--json",), ("--mode", "lexical")):
        code, out, err = _run(capsys, "--home", str(hashing_home), "search", query, *extra)
        assert code == 1 and out == ""
        assert err.startswith("talkbase: ") and "UTF-8" in err and "0xff" in err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_query_that_is_not_utf8_is_a_bad_query_in_the_library(hashing_home):
    from index.search.kb import KnowledgeBase
    from talkbase.core.errors import BadQuery

    with KnowledgeBase(hashing_home) as kb:
        with pytest.raises(BadQuery, match="UTF-8"):
            kb.search("kernels \udcff\udcfe")
        with pytest.raises(BadQuery, match="UTF-8"):
            kb.search("lone \ud800 surrogate")


def test_the_console_script_takes_a_non_utf8_argument_as_one_sentence(hashing_home):
    import os
    import subprocess
    import sys
    from pathlib import Path

    talkbase = str(Path(sys.executable).parent / "talkbase")
    env = {**os.environ, "TALKBASE_MODEL": "hashing", "TALKBASE_HOME": str(hashing_home)}
    p = subprocess.run(
        [talkbase.encode(), b"search", b"\xff kernels"], capture_output=True, env=env, timeout=120
    )
    assert p.returncode == 1 and p.stdout == b""
    assert p.stderr.startswith(b"talkbase: ") and b"UTF-8" in p.stderr
    assert b"Traceback" not in p.stderr and p.stderr.count(b"\n") == 1


@pytest.mark.parametrize("ref", ["²", "2", "x", "C", "a", "\u00a0", "🔥", "-"])
def test_show_with_no_real_match_is_one_sentence(fake_home, capsys, ref):
    # the demo program: "²" once opened "From Bytes to Tensors ... in 2026"
    code, out, err = _run(capsys, "--home", str(fake_home), "show", ref)
    assert code == 1 and out == "", out
    assert err.startswith("talkbase: ") and len(err.strip().splitlines()) == 1


def test_show_still_opens_real_matches(fake_home, capsys):
    from index.search.kb import KnowledgeBase

    with KnowledgeBase(fake_home) as kb:
        talk = kb.talk("Monarch")
        numbered = kb.talk(str(talk.id))
    assert "Monarch" in talk.title and numbered == talk
    code, out, _ = _run(capsys, "--home", str(fake_home), "show", "monarch")
    assert code == 0 and out.startswith(talk.title)
    code, out, _ = _run(capsys, "--home", str(fake_home), "show", talk.title.upper())
    assert code == 0 and out.startswith(talk.title)


def test_a_short_title_is_found_when_given_whole(tmp_path, monkeypatch, capsys):
    import json

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    program = tmp_path / "p.jsonl"
    rows = [
        {"title": "Go", "abstract": "The Go language.", "start": "2026-10-20T10:00:00"},
        {"title": "Going further with Go 2", "abstract": "More.", "start": "2026-10-20T11:00:00"},
    ]
    program.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(program)]) == 0
    capsys.readouterr()
    code, out, _ = _run(capsys, "--home", str(home), "show", "go")
    assert code == 0 and out.startswith("Go  [id")
    code, out, err = _run(capsys, "--home", str(home), "show", "2")
    assert code == 1 and out == "" and "No talk matches '2'" in err


@pytest.mark.parametrize("command", [["search", "kernels"], ["ingest", str(DIGEST)], ["stats"]])
def test_a_home_that_is_a_regular_file_is_one_sentence(tmp_path, monkeypatch, capsys, command):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    not_a_folder = tmp_path / "kb"
    not_a_folder.write_text("I am a file\n", encoding="utf-8")
    monkeypatch.setenv("TALKBASE_HOME", str(not_a_folder))
    code, out, err = _run(capsys, *command)
    assert code == 1 and out == ""
    assert err.startswith("talkbase: ") and str(not_a_folder) in err and "not a folder" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not_a_folder.read_text(encoding="utf-8") == "I am a file\n"  # left alone
    code, out, err = _run(capsys, "--home", str(not_a_folder / "below"), *command)
    assert code == 1 and "not a folder" in err and len(err.strip().splitlines()) == 1


def test_a_batch_line_of_one_overlong_word_is_echoed_as_read_and_its_cut_said(
    hashing_home, tmp_path, capsys
) -> None:
    # sweep 23 (loss) F8: a 200,000-character word was echoed back whole, and the
    # README's "up to its last whole word" did not say how one long word is cut
    batch = tmp_path / "queries.txt"
    batch.write_text(
        "kernels\n" + "x" * 200_000 + "\nscheduling " + "io " * 200 + "y" * 3000 + "\n"
    )
    capsys.readouterr()
    assert main(["--home", str(hashing_home), "search", "--batch", str(batch)]) == 0
    short, word, words = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert short["query"] == "kernels" and short["cut_from"] is None
    assert word["cut_from"] == 200_000 and word["query"] == "x" * 1000  # cut at the cap
    assert words["cut_from"] == 3611  # read up to its last whole word
    assert words["query"] == "scheduling" + " io" * 200
    code, _, err = _run(capsys, "--home", str(hashing_home), "search", "z" * 5000)
    assert code == 0 and "a last word longer than 500 is cut there" in err

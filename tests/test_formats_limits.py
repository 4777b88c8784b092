"""Ingest hardening: limits on untrusted input, detection, file names, truncation
(issue 11 items 5, 7, 9)."""

from __future__ import annotations

import codecs
import json
import os
import threading
import time
from pathlib import Path

import pytest

from ingest import limits
from ingest.detect import decode, expand_all, parse_path, parse_text
from talkbase.core.errors import InputError

CSV = "title,speakers,abstract\nVector search,Ada Byron (Acme),About vectors.\nGPUs,Bob Ray,Fast.\n"


def _returns_quickly(fn, seconds: float = 10.0) -> BaseException | None:
    """Run fn in a thread; fail if it is still running after `seconds`."""
    caught: list[BaseException] = []

    def target() -> None:
        try:
            fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            caught.append(exc)

    t = threading.Thread(target=target, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "blocked on a special file"
    return caught[0] if caught else None


def _returns_quickly_value(fn):
    out: list = []
    assert _returns_quickly(lambda: out.append(fn())) is None
    return out[0]


# ---- special files and size ---------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_by_name_without_reading_it() -> None:
    exc = _returns_quickly(lambda: parse_path("/dev/zero"))
    assert isinstance(exc, InputError)
    assert exc.path == "/dev/zero" and "character device" in exc.problem


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_opening_it(tmp_path: Path) -> None:
    fifo = tmp_path / "talks.csv"
    os.mkfifo(fifo)
    exc = _returns_quickly(lambda: parse_path(fifo))
    assert isinstance(exc, InputError) and "FIFO" in exc.problem
    assert str(fifo) in exc.sentence()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_cli_ingest_of_a_device_returns_at_once_with_one_sentence(
    tmp_path, monkeypatch, capsys
) -> None:
    from talkbase.cli import main

    monkeypatch.setenv("TALKBASE_HOME", str(tmp_path / "kb"))
    t0 = time.monotonic()
    code = main(["ingest", "/dev/zero"])
    err = capsys.readouterr().err
    assert code != 0 and time.monotonic() - t0 < 30
    assert "/dev/zero" in err and "character device" in err and "Traceback" not in err


def test_a_file_over_the_size_limit_is_refused_naming_file_and_limit(tmp_path, monkeypatch):
    big = tmp_path / "big.csv"
    big.write_text(CSV + "x,y,z\n" * 1000)
    monkeypatch.setenv("TALKBASE_MAX_FILE_MB", "0.001")  # about 1 KB
    with pytest.raises(InputError) as caught:
        parse_path(big)
    assert caught.value.path == str(big)
    assert "over the limit of 1,048 bytes" in caught.value.problem
    assert "TALKBASE_MAX_FILE_MB" in caught.value.problem
    monkeypatch.delenv("TALKBASE_MAX_FILE_MB")
    assert len(parse_path(big).talks) >= 2


# ---- field lengths and warnings ------------------------------------------------------------


def test_a_long_abstract_is_cut_at_a_sentence_end_with_a_warning(monkeypatch) -> None:
    monkeypatch.setenv("TALKBASE_MAX_FIELD_CHARS", "1000")
    sentence = "Kernels run fast on GPUs today. "
    text = "# Conf 2025\n\n## A talk\nBy Ada Byron\n\n" + sentence * 2000 + "\n"
    _, talks, warnings = parse_text(text, "long.md", "markdown")
    abstract = talks[0].abstract
    assert len(abstract) <= 1000 and abstract.endswith("today.")
    assert any("abstract" in w and "cut at a sentence end" in w for w in warnings)


def test_a_fifty_megabyte_one_line_abstract_is_bounded() -> None:
    text = (
        json.dumps({"title": "T", "abstract": "word " * 10_000_000})
        + "\n"
        + json.dumps({"title": "U"})
        + "\n"
    )
    _, talks, warnings = parse_text(text, "huge.jsonl")
    assert len(talks[0].abstract) <= 20_000 and talks[1].title == "U"
    assert any("characters; cut" in w for w in warnings)


def test_cut_at_sentence() -> None:
    assert limits.cut_at_sentence("Short.", 100) == "Short."
    assert limits.cut_at_sentence("One two. Three four five six.", 20) == "One two."
    cut = limits.cut_at_sentence("word " * 100, 50)
    assert len(cut) <= 52 and cut.endswith("…")


def test_warnings_are_capped_per_file(monkeypatch) -> None:
    monkeypatch.setenv("TALKBASE_MAX_WARNINGS", "5")
    rows = "".join(f"Talk {i},Ann,not a time\n" for i in range(40))
    _, talks, warnings = parse_text("title,speakers,start\n" + rows, "w.csv", "csv")
    assert len(talks) == 40
    assert (
        len(warnings) == 6
        and warnings[-1] == "w.csv: … and 35 more warnings (TALKBASE_MAX_WARNINGS)"
    )


def test_ical_unmatched_begin_end_warnings_are_capped() -> None:
    body = "BEGIN:VFOO\r\n" * 5000 + "END:VBAR\r\n" * 5000
    text = (
        f"BEGIN:VCALENDAR\r\n{body}BEGIN:VEVENT\r\nUID:1\r\nSUMMARY:Talk\r\n"
        "DTSTART:20240203T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    _, talks, warnings = parse_text(text, "u.ics", "ical")
    assert [t.title for t in talks] == ["Talk"]
    assert len(warnings) <= 51 and "more" in warnings[-1]


# ---- file names that are not text ----------------------------------------------------------


@pytest.mark.skipif(os.name == "nt", reason="POSIX file names are bytes")
def test_a_file_name_with_invalid_bytes_is_ingested_under_a_text_name(
    tmp_path: Path, hashing_embedder
) -> None:
    import duckdb

    from index.build.builder import ingest

    folder = tmp_path / "in"
    folder.mkdir()
    raw = os.path.join(os.fsencode(folder), b"bad\xff\xfename.tsv")
    with open(raw, "wb") as f:
        f.write(b"title\tspeakers\nVector search\tAda Byron\n")
    home = tmp_path / "kb"
    report = ingest([folder], home, hashing_embedder)
    assert not report.failed
    [doc] = report.documents
    assert doc.name == "bad\ufffd\ufffdname.tsv"
    db = next(home.glob("builds/*/talks.duckdb"))
    con = duckdb.connect(str(db), read_only=True)
    names = [r[0] for r in con.execute("SELECT document FROM sources").fetchall()]
    assert names == ["bad\ufffd\ufffdname.tsv"]


def test_text_name() -> None:
    assert limits.text_name("plain.csv") == "plain.csv"
    assert limits.text_name(os.fsdecode(b"a\xffb.csv")) == "a\ufffdb.csv"
    assert limits.text_name("lone\ud800.csv") == "lone?.csv"


# ---- detection -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"]
)
def test_utf16_and_utf32_files_are_decoded(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "talks.tsv"  # Excel's "Unicode Text" is UTF-16 with tabs
    path.write_bytes(CSV.replace(",", "\t").encode(encoding))
    doc = parse_path(path)
    assert [t.title for t in doc.talks] == ["Vector search", "GPUs"]
    assert doc.talks[0].speakers[0].affiliation == "Acme"


def test_utf16_with_bom_and_non_latin_text() -> None:
    data = codecs.BOM_UTF16_LE + "title\tspeakers\nКернелы\tЖанна\n".encode("utf-16-le")
    assert decode(data, "x.tsv").startswith("title\tspeakers\nКернелы")


def test_binary_is_still_binary() -> None:
    with pytest.raises(InputError, match="binary"):
        decode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4, "x.png")


def test_a_jsonl_file_with_a_first_line_over_64_kb_is_jsonl(tmp_path: Path) -> None:
    path = tmp_path / "talks.jsonl"
    first = {"title": "Long", "abstract": "An abstract. " * 10_000}
    path.write_text(json.dumps(first) + "\n" + json.dumps({"title": "Short"}) + "\n")
    doc = parse_path(path)
    assert doc.format == "jsonl" and [t.title for t in doc.talks] == ["Long", "Short"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_folder_ingest_stays_inside_the_folder(tmp_path: Path, monkeypatch) -> None:
    outside = tmp_path / "outside.csv"
    outside.write_text(CSV)
    folder = tmp_path / "programs"
    (folder / "sub").mkdir(parents=True)
    (folder / "talks.csv").write_text(CSV)
    (folder / "notes").write_text("root:x:0:0:root:/root:/bin/bash\n")  # extensionless
    (folder / "escape.csv").symlink_to(outside)
    (folder / "passwd.txt").symlink_to("/etc/passwd")
    (folder / "inside.csv").symlink_to(folder / "talks.csv")
    (folder / "sub" / "away").symlink_to(tmp_path, target_is_directory=True)
    os.mkfifo(folder / "pipe.csv")
    notices: list[str] = []
    files, skipped = _returns_quickly_value(lambda: expand_all([folder], notices=notices))
    # a link to a file of the folder is that file: read once (sweep 23, lossfix)
    assert sorted(f.name for f in files) == ["talks.csv"]
    linked = [n for n in notices if "symbolic link" in n]
    assert [n.split(":")[0] for n in linked] == [str(folder / "inside.csv")]
    # a file of no program extension is named as left out (sweep 24, shapesfix)
    assert any("left out" in n and "notes" in n for n in notices), notices
    reasons = {Path(e.path).name: e.problem for e in skipped}
    assert "leads out of the folder" in reasons["escape.csv"]
    assert "passwd.txt" in reasons
    assert "not a regular file" in reasons["pipe.csv"]
    monkeypatch.setenv("TALKBASE_FOLLOW_LINKS", "yes")
    files, skipped = expand_all([folder])
    assert {"escape.csv", "passwd.txt"} <= {f.name for f in files}
    # a file named on purpose is read whatever its name
    assert expand_all([folder / "notes"])[0] == [folder / "notes"]


def test_skipped_files_are_reported_on_stderr(
    tmp_path: Path, monkeypatch, capsys, hashing_embedder
) -> None:
    import argparse

    from index.build.builder import ingest
    from talkbase import output

    folder = tmp_path / "programs"
    folder.mkdir()
    (folder / "talks.csv").write_text(CSV)
    (folder / "escape.csv").symlink_to(tmp_path / "nowhere.csv")
    report = ingest([folder], tmp_path / "kb", hashing_embedder)
    output.print_report(report, argparse.Namespace(json=False))
    out, err = capsys.readouterr()
    assert "skipped" in err and "escape.csv" in err
    assert "skipped:" not in out and "talks.csv: 2 talks (csv)" in out


# ---- truncated files -----------------------------------------------------------------------


def test_a_csv_cut_inside_a_quoted_field_drops_its_last_row_with_a_warning() -> None:
    text = CSV + 'Cut short,"Carol Dee (Acme), and then the file st'
    _, talks, warnings = parse_text(text, "cut.csv", "csv")
    assert [t.title for t in talks] == ["Vector search", "GPUs"]
    assert any("line 4" in w and "never closed" in w and "cut short" in w for w in warnings)


def test_a_quoted_newline_is_not_truncation() -> None:
    text = CSV + 'Multi,"Ann Lee","Line one.\nLine two."\n'
    _, talks, warnings = parse_text(text, "ok.csv", "csv")
    assert talks[-1].abstract.startswith("Line one.") and not warnings


def test_a_markdown_file_cut_inside_a_code_block_or_link_warns() -> None:
    head = "# Conf 2025\n\n## First\nBy Ada Byron\n\nAbout it.\n\n## Second\nBy Bob Ray\n\n"
    for tail, what in (
        ("```python\nimport torch\n", "code block"),
        ("See the [slides](https://exa", "link"),
        ("<!-- a comment that goes on", "HTML comment"),
    ):
        _, talks, warnings = parse_text(head + tail, "cut.md", "markdown")
        assert [t.title for t in talks] == ["First", "Second"]
        assert any(what in w and "'Second'" in w for w in warnings), (what, warnings)
    _, _, warnings = parse_text(head + "The end, without a newline", "ok.md", "markdown")
    assert not warnings


def test_a_file_cut_inside_a_character_warns(tmp_path: Path) -> None:
    path = tmp_path / "cut.csv"
    path.write_bytes((CSV + "Überblick,Jürgen Groß,Ein Überblick über Groß").encode()[:-1])
    doc = parse_path(path)
    assert doc.talks[-1].title == "Überblick"  # not read as Windows-1252 mojibake
    assert any("middle of a character" in w for w in doc.warnings)

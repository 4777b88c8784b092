"""A file cut short (a download or a save that stopped in the middle): its cut last
row is dropped with a warning, never read as a talk ("Green s"), the parsed document
says it looks cut short (ingest/detect.py), and such a file never replaces a stored
version of itself when that would remove talks, however few (index/build/identity.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from index.build.builder import ingest
from index.encoders.hashing import HashingEmbedder
from index.search.kb import KnowledgeBase
from ingest.detect import parse_path, parse_text
from talkbase.cli import main
from talkbase.core.errors import InputError

HEADER = "date,start,end,title,speaker,room,abstract"
TITLES = [
    "Vector search at scale",
    "Rust async runtimes",
    "Postgres vacuum explained",
    "Zero trust networking",
    "WebAssembly on the server",
    "Feature flags done right",
    "Chaos engineering 101",
    "Green software metrics",
    "Edge functions compared",
    "SQLite in production",
]


def _row(i: int, title: str, sep: str = ",", quoted: bool = False) -> str:
    abstract = f"All about {title.lower()}."
    cells = [
        f"2031-06-{11 + i // 5}",
        f"{9 + i % 5:02d}:00",
        f"{9 + i % 5:02d}:45",
        title,
        f"Speaker {i}",
        f"Room {1 + i % 2}",
        f'"{abstract}"' if quoted else abstract,
    ]
    return sep.join(cells)


def program(path: Path, titles: list[str] = TITLES, quoted: bool = False) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = [_row(i, t, quoted=quoted) for i, t in enumerate(titles)]
    path.write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    return path


def cut_program(path: Path, keep: int, quoted: bool = False) -> Path:
    """The program with its first `keep` rows, then the next one cut in the middle
    (in its title, or inside its quoted abstract), with no final newline."""
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = [_row(i, t, quoted=quoted) for i, t in enumerate(TITLES[:keep])]
    full = _row(keep, TITLES[keep], quoted=quoted)
    cut = full[: full.index('"') + 12] if quoted else full[: full.index(TITLES[keep]) + 7]
    path.write_text("\n".join([HEADER, *rows, cut]), encoding="utf-8")
    return path


def titles_of(home: Path) -> set[str]:
    return {t.title for t in KnowledgeBase(home, embedder=HashingEmbedder()).talks.values()}


# ---- reading: the cut last row -------------------------------------------------------------


@pytest.mark.parametrize("sep", [",", ";", "\t"])
def test_a_last_row_short_of_columns_with_no_final_newline_is_dropped(sep):
    head = HEADER.replace(",", sep)
    text = "\n".join([head, _row(0, "Full row one", sep), "2031-06-11" + sep + "10:00" + sep])
    text += "10:30" + sep + "Cut row thr"
    _, talks, warnings = parse_text(text, "cut.csv", "tsv" if sep == "\t" else "csv")
    assert [t.title for t in talks] == ["Full row one"]  # before: also "Cut row thr"
    [warning] = [w for w in warnings if "cut short" in w]
    assert warning.startswith("cut.csv line 3:") and "4 of the header's 7 columns" in warning


def test_a_short_last_row_ending_its_line_is_a_row_that_leaves_out_empty_cells():
    text = "\n".join([HEADER, _row(0, "Full row one"), "2031-06-11,10:00,10:30,Short row"]) + "\n"
    _, talks, warnings = parse_text(text, "ok.csv", "csv")
    assert [t.title for t in talks] == ["Full row one", "Short row"]
    assert not any("cut short" in w for w in warnings)


def test_a_file_whose_rows_leave_out_empty_cells_keeps_its_short_last_row():
    rows = [_row(0, "Full row one"), "2031-06-11,10:00,10:30,Short one", "2031-06-11,11:00"]
    text = "\n".join([HEADER, *rows]) + ",11:30,Short two"  # no final newline
    _, talks, warnings = parse_text(text, "ragged.csv", "csv")
    assert [t.title for t in talks] == ["Full row one", "Short one", "Short two"]
    assert not any("cut short" in w for w in warnings)


def test_a_whole_last_row_without_a_final_newline_is_read():
    text = "\n".join([HEADER, _row(0, "Full row one"), _row(1, "Full row two")])
    _, talks, warnings = parse_text(text, "whole.csv", "csv")
    assert [t.title for t in talks] == ["Full row one", "Full row two"]
    assert not any("cut short" in w for w in warnings)


def test_the_parsed_document_says_it_looks_cut_short(tmp_path):
    assert not parse_path(program(tmp_path / "whole.csv")).cut_short
    for quoted in (False, True):
        doc = parse_path(cut_program(tmp_path / f"cut{quoted}.csv", 7, quoted))
        assert len(doc.talks) == 7
        assert doc.cut_short.startswith(f"cut{quoted}.csv line 9:")
        assert doc.cut_short in doc.warnings
    jsonl = tmp_path / "cut.jsonl"
    jsonl.write_text('{"title": "One talk"}\n{"title": "Two t', encoding="utf-8")
    doc = parse_path(jsonl)
    assert [t.title for t in doc.talks] == ["One talk"] and "cut short" in doc.cut_short
    md = tmp_path / "cut.md"
    md.write_text("# Conf 2031\n\n## First\nBy Ada Byron\n\n```\ncode", encoding="utf-8")
    assert "code block" in parse_path(md).cut_short
    inside = tmp_path / "char.csv"
    inside.write_bytes(f"{HEADER}\n{_row(0, 'Zürich')}".encode()[:-1] + "é".encode()[:1])
    assert "middle of a character" in parse_path(inside).cut_short


# ---- storing: a cut copy never replaces the stored program ---------------------------------


@pytest.mark.parametrize("quoted", [False, True])
def test_a_cut_copy_is_refused_even_when_it_loses_few_talks(tmp_path, quoted):
    home = tmp_path / "home"
    ingest([program(tmp_path / "program.csv", quoted=quoted)], home, HashingEmbedder())
    cut = cut_program(tmp_path / "v2" / "program.csv", 7, quoted)  # 3 talks short of 10
    with pytest.raises(InputError, match="looks cut short") as refused:
        ingest([cut], home, HashingEmbedder())
    said = str(refused.value)
    assert said.startswith(str(cut)) and "line 9" in said and "--shrink" in said
    assert "3 of the 10 talks" in said and "so that version is kept" in said
    assert titles_of(home) == set(TITLES)  # before: the last three removed
    report = ingest([cut], home, HashingEmbedder(), shrink=True)  # said to be meant
    assert report.talks == 7 and titles_of(home) == set(TITLES[:7])


@pytest.mark.parametrize("field", ["abstract", "title"])
def test_a_copy_cut_inside_its_last_whole_looking_row_is_refused(tmp_path, field):
    """Sweep 7: a copy cut inside the last (unquoted) field of a row, with no final
    newline, left a whole-looking row ("...,Main,Screen") and replaced the stored
    program, two talks lost and an abstract cut: its last talk is the beginning of
    a stored one, so it looks cut short."""
    home = tmp_path / "home"
    ingest([program(tmp_path / "program.csv")], home, HashingEmbedder())
    full = _row(8, TITLES[8])
    if field == "abstract":  # the file ends inside the abstract, the row's last field
        last = full[: full.index("All about") + 5]
    else:  # a record whose title is cut, its other fields after it (as JSON may order them)
        last = full.replace(TITLES[8], TITLES[8][:8])
    rows = [_row(i, t) for i, t in enumerate(TITLES[:8])]
    cut = tmp_path / "v2" / "program.csv"
    cut.parent.mkdir()
    cut.write_text("\n".join([HEADER, *rows, last]), encoding="utf-8")
    with pytest.raises(InputError, match="looks cut short") as refused:
        ingest([cut], home, HashingEmbedder())
    assert "--shrink" in str(refused.value) and "Edge fun" in str(refused.value)
    assert titles_of(home) == set(TITLES)
    # the same rows whole, the last two talks really gone: a new version
    whole = tmp_path / "v3" / "program.csv"
    whole.parent.mkdir()
    whole.write_text("\n".join([HEADER, *rows, full]) + "\n", encoding="utf-8")
    assert not ingest([whole], home, HashingEmbedder()).failed
    assert titles_of(home) == set(TITLES[:9])


def test_a_cut_copy_at_the_same_path_is_refused_too(tmp_path):
    home = tmp_path / "home"
    path = program(tmp_path / "program.csv")
    ingest([path], home, HashingEmbedder())
    cut_program(path, 8)
    with pytest.raises(InputError, match="looks cut short"):
        ingest([path], home, HashingEmbedder())
    assert titles_of(home) == set(TITLES)


def test_a_cut_file_is_read_when_it_replaces_nothing_or_removes_nothing(tmp_path):
    home = tmp_path / "home"
    first = ingest([cut_program(tmp_path / "program.csv", 5)], home, HashingEmbedder())
    assert first.talks == 5 and any("cut short" in w for w in first.warnings)
    # a later copy, cut further on: it removes no stored talk, so it replaces the first
    later = ingest([cut_program(tmp_path / "v2" / "program.csv", 8)], home, HashingEmbedder())
    assert not later.failed and titles_of(home) == set(TITLES[:8])


def test_the_cli_refuses_a_cut_copy_in_one_sentence(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = str(tmp_path / "home")
    assert main(["--home", home, "ingest", str(program(tmp_path / "program.csv"))]) == 0
    cut = cut_program(tmp_path / "v2" / "program.csv", 7)
    capsys.readouterr()
    assert main(["--home", home, "ingest", str(cut)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(cut) in err[0] and "cut short" in err[0], err
    assert main(["--home", home, "export"]) == 0
    exported = [json.loads(line)["title"] for line in capsys.readouterr().out.splitlines()]
    assert sorted(exported) == sorted(TITLES)

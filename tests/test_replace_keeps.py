"""Nothing lost on `ingest --replace` (sweep 22): `--replace` forgets the stored
documents *not given*; a file given that cannot be read keeps its stored version,
a given file that looks cut short is refused as a plain ingest refuses it (only
`--shrink` says a loss is meant), and one page of a paginated list saved over
another page of it is refused, not read as the program losing the other page's talks.
Each runs a real DuckDB/FAISS base in a temporary home (the hashing model)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cut_short import TITLES, cut_program, program

from index.build.builder import ingest
from index.encoders.hashing import HashingEmbedder
from index.search.kb import KnowledgeBase
from talkbase.cli import main

TSV = "title\tspeaker\troom\tstart\n" + "".join(
    f"{t}\tSpeaker {i}\tHall {i}\t2031-07-0{i}T10:00:00+02:00\n"
    for i, t in enumerate(["Caching at the edge", "Tests that lie", "Accessibility first"], 1)
)
RECORDS = [
    {"title": t, "speaker": f"Person {i}", "room": "Aula", "start": f"2031-08-01T1{i}:00:00+02:00"}
    for i, t in enumerate(["Scaling replicas", "Rust for sensors", "Vendor-free tracing"])
]


def _titles(home: Path) -> set[str]:
    return {t.title for t in KnowledgeBase(home).talks.values()}


def _given(folder: Path) -> tuple[Path, Path]:
    """A TSV program and a JSON one, in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    a, b = folder / "a.tsv", folder / "b.json"
    a.write_text(TSV, encoding="utf-8")
    b.write_text(json.dumps(RECORDS, indent=1), encoding="utf-8")
    return a, b


def _cut_json(b: Path) -> None:
    text = b.read_text(encoding="utf-8")
    b.write_text(text[: len(text) // 2], encoding="utf-8")  # a download that stopped


@pytest.mark.parametrize("as_folder", [False, True])
def test_a_given_file_that_cannot_be_read_keeps_its_stored_talks_on_replace(
    tmp_path, capsys, monkeypatch, as_folder
):
    """Sweep 22 #1: `ingest --replace a.tsv b.json` (or the folder), b.json now cut
    short: it is skipped, and its stored talks stay (it was "b.json: removed")."""
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = str(tmp_path / "home")
    a, b = _given(tmp_path / "r")
    assert main(["--home", home, "ingest", str(a), str(b)]) == 0
    before = _titles(Path(home))
    assert len(before) == 6
    _cut_json(b)
    capsys.readouterr()
    given = [str(tmp_path / "r")] if as_folder else [str(a), str(b)]
    assert main(["--home", home, "ingest", "--replace", *given]) == 1
    out, err = capsys.readouterr()
    assert "b.json: removed" not in out
    assert "skipped: b.json" in err
    assert "b.json: its file was given but not read (skipped), so --replace keeps" in out
    assert "1 file skipped (above), 1 file read and ingested" in err
    assert _titles(Path(home)) == before


def test_replace_still_forgets_the_documents_not_given(tmp_path):
    """What --replace promises stays: a stored document whose file is not given goes."""
    home = tmp_path / "home"
    a, b = _given(tmp_path / "r")
    ingest([a, b], home, HashingEmbedder())
    report = ingest([a], home, HashingEmbedder(), replace_all=True)
    assert report.removed_documents == ["b.json"]
    assert _titles(home) == {"Caching at the edge", "Tests that lie", "Accessibility first"}


def test_replace_does_not_imply_shrink_for_a_cut_file_given(tmp_path):
    """Sweep 22 #2: a cut CSV that a plain ingest refuses ("pass --shrink") was read
    with --replace and removed a stored talk; now refused the same, stored kept, and
    --replace --shrink accepts it."""
    home = tmp_path / "home"
    a, _ = _given(tmp_path / "r")
    csv = program(tmp_path / "r" / "program.csv")
    ingest([a, csv], home, HashingEmbedder())
    cut_program(csv, keep=len(TITLES) - 1)
    report = ingest([a, csv], home, HashingEmbedder(), replace_all=True)
    assert [e.path for e in report.failed] == [str(csv)]
    assert "pass --shrink" in report.failed[0].sentence()
    assert set(TITLES) <= _titles(home)
    assert any("so --replace keeps its stored version" in n for n in report.notices)
    ingest([a, csv], home, HashingEmbedder(), replace_all=True, shrink=True)
    assert TITLES[-1] not in _titles(home) and set(TITLES[:-1]) <= _titles(home)


def _talk(code: str, title: str, hour: int) -> dict:
    return {
        "code": code,
        "title": title,
        "speakers": [{"code": f"S{code}", "name": f"Speaker {code}"}],
        "state": "confirmed",
        "abstract": f"All about {title.lower()}.",
        "slot": {
            "room": {"en": "Aula Magna"},
            "start": f"2031-05-23T{hour:02d}:00:00+02:00",
            "end": f"2031-05-23T{hour:02d}:30:00+02:00",
        },
    }


API = "https://pretalx.example.org/api/events/x-2031/talks/"
PAGE_1 = {
    "count": 5,
    "next": f"{API}?limit=3&offset=3",
    "previous": None,
    "results": [
        _talk("AAA111", "Pandas to Polars", 9),
        _talk("BBB222", "Static types a year on", 10),
        _talk("CCC333", "Async Django in production", 11),
    ],
}
PAGE_2 = {
    "count": 5,
    "next": None,
    "previous": f"{API}?limit=3",
    "results": [
        _talk("DDD444", "Packaging with uv", 14),
        _talk("EEE555", "Python for farmers", 15),
    ],
}


def test_a_page_of_a_list_saved_over_another_page_is_refused(tmp_path, capsys, monkeypatch):
    """Sweep 22 #14: page 2 of a pretalx API list downloaded to the path of the stored
    page 1 replaced it at exit 0, removing its 3 talks; now refused naming the file
    and both pages, page 1 kept, unless --shrink."""
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = str(tmp_path / "home")
    talks = tmp_path / "pg" / "talks.json"
    talks.parent.mkdir()
    talks.write_text(json.dumps(PAGE_1), encoding="utf-8")
    assert main(["--home", home, "ingest", str(talks)]) == 0
    talks.write_text(json.dumps(PAGE_2), encoding="utf-8")
    capsys.readouterr()
    assert main(["--home", home, "ingest", str(talks)]) == 1
    err = capsys.readouterr().err
    assert str(talks) in err and "another page of that list" in err
    assert "offset=3" in err and "?limit=3)" in err  # both pages named by their links
    assert _titles(Path(home)) == {t["title"] for t in PAGE_1["results"]}
    assert main(["--home", home, "ingest", "--shrink", str(talks)]) == 0
    assert _titles(Path(home)) == {t["title"] for t in PAGE_2["results"]}


def test_a_page_downloaded_again_still_replaces_its_stored_self(tmp_path):
    """The same page again, one talk retitled: the same program, read as before."""
    home = tmp_path / "home"
    talks = tmp_path / "talks.json"
    talks.write_text(json.dumps(PAGE_1), encoding="utf-8")
    ingest([talks], home, HashingEmbedder())
    again = json.loads(json.dumps(PAGE_1))
    again["results"][2]["title"] = "Async Django at scale"
    talks.write_text(json.dumps(again), encoding="utf-8")
    report = ingest([talks], home, HashingEmbedder())
    assert not report.failed
    assert "Async Django at scale" in _titles(home)


def test_a_partial_ingest_says_what_was_ingested_and_what_was_kept(tmp_path, capsys, monkeypatch):
    """Sweep 22 #12: one bad file beside a good one: the good one is ingested, the
    command exits 1, and one line says so (a script reading exit 1 as "nothing
    changed" was misled)."""
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = str(tmp_path / "home")
    a, b = _given(tmp_path / "r")
    _cut_json(b)
    assert main(["--home", home, "ingest", str(a), str(b)]) == 1
    err = capsys.readouterr().err
    assert "1 file skipped (above), 1 file read and ingested" in err
    assert "is kept as it was" in err
    assert _titles(Path(home)) == {"Caching at the edge", "Tests that lie", "Accessibility first"}

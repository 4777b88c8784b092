"""Which stored document a file is (index/build/identity.py): two programs of one file
name are two documents, a new version of a program replaces it, and a version far
smaller than the stored one is refused as cut short (issue 35)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from index.build.builder import ingest
from index.build.identity import Stored, name_documents, same_program
from index.encoders.hashing import HashingEmbedder
from index.search.kb import KnowledgeBase
from ingest.detect import parse_path
from talkbase.cli import main
from talkbase.core.errors import InputError
from talkbase.core.records import Talk


def program(path: Path, conference: str, titles: list[str]) -> Path:
    """A JSONL program: one talk a line, each on its own half hour of 2031-03-03."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [
        json.dumps(
            {
                "title": t,
                "speakers": f"Speaker {i}",
                "start": f"2031-03-03T{9 + i // 2:02d}:{30 * (i % 2):02d}:00+01:00",
                "room": "B1",
                "abstract": f"All about {t.lower()}.",
                "conference": conference,
            }
        )
        for i, t in enumerate(titles)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


TITLES_A = [f"Alpha topic {i}" for i in range(12)]
TITLES_B = [f"Beta subject {i}" for i in range(10)]


def titles_of(home: Path) -> set[str]:
    kb = KnowledgeBase(home, embedder=HashingEmbedder())
    return {t.title for t in kb.talks.values()}


def test_two_programs_of_one_file_name_in_two_commands_keep_both(tmp_path):
    home = tmp_path / "home"
    first = program(tmp_path / "2030" / "export" / "schedule.jsonl", "Conf 2030", TITLES_A)
    second = program(tmp_path / "2031" / "export" / "schedule.jsonl", "Conf 2031", TITLES_B)
    ingest([first], home, HashingEmbedder())
    report = ingest([second], home, HashingEmbedder())
    assert titles_of(home) == set(TITLES_A) | set(TITLES_B)  # before: TITLES_B only
    assert sorted(d.name for d in report.documents) == ["export/schedule.jsonl"]
    assert any("another program than the stored schedule.jsonl" in w for w in report.warnings)
    # each is found again by its path: re-ingesting either changes nothing
    for path in (first, second):
        again = ingest([path], home, HashingEmbedder())
        assert not again.changes.added and not again.changes.removed
    assert titles_of(home) == set(TITLES_A) | set(TITLES_B)


def test_two_programs_of_one_name_in_one_command_keep_both(tmp_path):
    """2030/export/schedule.jsonl and 2031/export/schedule.jsonl: the folders' own
    names are alike, so each is named by the shortest end of its path that differs."""
    home = tmp_path / "home"
    first = program(tmp_path / "2030" / "export" / "schedule.jsonl", "Conf 2030", TITLES_A)
    second = program(tmp_path / "2031" / "export" / "schedule.jsonl", "Conf 2031", TITLES_B)
    report = ingest([first, second], home, HashingEmbedder())
    assert sorted(d.name for d in report.documents) == [
        "2030/export/schedule.jsonl",
        "2031/export/schedule.jsonl",
    ]
    assert report.talks == len(TITLES_A) + len(TITLES_B)


def test_a_new_version_moved_elsewhere_replaces_the_program(tmp_path):
    home = tmp_path / "home"
    ingest([program(tmp_path / "old" / "p.jsonl", "Conf", TITLES_A)], home, HashingEmbedder())
    changed = [*TITLES_A[:-1], "A late addition"]
    report = ingest(
        [program(tmp_path / "new" / "p.jsonl", "Conf", changed)], home, HashingEmbedder()
    )
    assert titles_of(home) == set(changed)
    assert any("a new version of the program" in w for w in report.warnings)


def test_a_version_cut_short_is_refused_and_the_program_kept(tmp_path):
    home = tmp_path / "home"
    path = program(tmp_path / "p.jsonl", "Conf", TITLES_A)
    ingest([path], home, HashingEmbedder())
    program(path, "Conf", TITLES_A[:5])  # the file as a download half done leaves it
    with pytest.raises(InputError, match="looks cut short"):
        ingest([path], home, HashingEmbedder())
    assert titles_of(home) == set(TITLES_A)
    assert ingest([path], home, HashingEmbedder(), shrink=True).talks == 5


def test_the_cli_refuses_a_cut_version_in_one_sentence(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    path = program(tmp_path / "p.jsonl", "Conf", TITLES_A)
    assert main(["--home", str(home), "ingest", str(path)]) == 0
    program(path, "Conf", TITLES_A[:5])
    capsys.readouterr()
    assert main(["--home", str(home), "ingest", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "p.jsonl" in err[0] and "--shrink" in err[0], err
    assert main(["--home", str(home), "search", "alpha", "--json", "--limit", "20"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == len(TITLES_A)
    # said to be meant: accepted
    assert main(["--home", str(home), "ingest", str(path), "--shrink"]) == 0
    capsys.readouterr()
    assert main(["--home", str(home), "search", "alpha", "--json", "--limit", "20"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 5


def test_a_cut_file_among_good_ones_is_refused_alone(tmp_path):
    home = tmp_path / "home"
    a = program(tmp_path / "a.jsonl", "Conf A", TITLES_A)
    ingest([a], home, HashingEmbedder())
    program(a, "Conf A", TITLES_A[:3])
    b = program(tmp_path / "b.jsonl", "Conf B", TITLES_B)
    report = ingest([a, b], home, HashingEmbedder())
    assert [e.path for e in report.failed] == [str(a)]
    assert titles_of(home) == set(TITLES_A) | set(TITLES_B)


def _talks(titles: list[str]) -> tuple[Talk, ...]:
    return tuple(Talk(title=t) for t in titles)


def test_same_program_by_shared_titles():
    assert same_program(_talks(TITLES_A), _talks(TITLES_A[:4]))  # a subset: the same program
    assert same_program(_talks(TITLES_A), _talks([*TITLES_A[:6], *TITLES_B]))
    assert not same_program(_talks(TITLES_A), _talks(TITLES_B))
    assert not same_program(_talks(TITLES_A), _talks([*TITLES_A[:2], *TITLES_B]))


def test_naming_rules(tmp_path):
    doc = parse_path(program(tmp_path / "x" / "export" / "schedule.jsonl", "C", TITLES_B))
    stored = {"schedule.jsonl": Stored("schedule.jsonl", "/else/schedule.jsonl", _talks(TITLES_A))}
    named = name_documents([doc], stored)
    assert [d.name for d in named.documents] == ["export/schedule.jsonl"]
    assert all(
        s.document == "export/schedule.jsonl" for t in named.documents[0].talks for s in t.sources
    )
    # read from the stored path: it is that document, whatever it holds now
    stored = {"schedule.jsonl": Stored("schedule.jsonl", doc.path, _talks(TITLES_B[:8]))}
    assert [d.name for d in name_documents([doc], stored).documents] == ["schedule.jsonl"]
    # a stored document is claimed by one file at most
    twin = parse_path(program(tmp_path / "y" / "export" / "schedule.jsonl", "C", TITLES_B))
    names = [d.name for d in name_documents([doc, twin], stored).documents]
    assert names[0] == "schedule.jsonl" and names[1] not in (
        "schedule.jsonl",
        "export/schedule.jsonl",
    )

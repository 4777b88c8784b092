"""Which stored document a file is (index/build/identity.py): two programs of one file
name are two documents, a new version of a program replaces it, and a version far
smaller than the stored one is refused as cut short (issue 35)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from index.build.builder import ingest
from index.build.identity import KEEP_SHARE, MIN_LOST, Stored, name_documents, same_program
from index.encoders.hashing import HashingEmbedder
from index.search.kb import KnowledgeBase
from ingest.detect import parse_path
from ingest.text import title_key
from talkbase.cli import main
from talkbase.core.errors import InputError
from talkbase.core.records import Speaker, Talk


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


@pytest.mark.parametrize("copy", ["p (1).jsonl", "p(2).jsonl"])
def test_a_second_download_beside_the_first_is_a_new_version(tmp_path, copy):
    """A browser saves the same file downloaded again as "p (1).jsonl": it was kept
    beside the first, so a cancelled talk stayed and a moved one was there twice."""
    home = tmp_path / "home"
    ingest([program(tmp_path / "p.jsonl", "Conf", TITLES_A)], home, HashingEmbedder())
    changed = [*TITLES_A[:-1], "A late addition"]
    report = ingest([program(tmp_path / copy, "Conf", changed)], home, HashingEmbedder())
    assert titles_of(home) == set(changed)
    assert any("a new version of the program" in w for w in report.warnings)


def test_a_numbered_file_of_another_program_stays_beside_it(tmp_path):
    home = tmp_path / "home"
    ingest([program(tmp_path / "p.jsonl", "Conf", TITLES_A)], home, HashingEmbedder())
    ingest([program(tmp_path / "p (1).jsonl", "Other", TITLES_B)], home, HashingEmbedder())
    assert titles_of(home) == set(TITLES_A) | set(TITLES_B)


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
    # a stored document is claimed by one file at most (the twin is a version of the
    # stored program but not of `doc`'s: two files of one program given together are
    # read as one, identity.one_per_program)
    others = [*TITLES_B[:4], *(f"Gamma item {i}" for i in range(6))]
    twin = parse_path(program(tmp_path / "y" / "export" / "schedule.jsonl", "C", others))
    names = [d.name for d in name_documents([doc, twin], stored).documents]
    assert names[0] == "schedule.jsonl" and names[1] not in (
        "schedule.jsonl",
        "export/schedule.jsonl",
    )


# -- another conference that shares a few generic titles is never "a new version" -----
# (sweep 4, #29/#31: two conferences' schedule.json files shared "Opening", "Closing"
# and "Lightning Talks", and the second deleted the first)

GENERIC = [("Opening", "Orga"), ("Closing", "Orga"), ("Lightning Talks", "Various")]
OWN_A = [("Rust on the ESP32", "Jana Voss"), ("Mesh networks", "Tim Roth")]
OWN_B = [("Postgres internals", "Lea Brandt"), ("Vintage modems", "Ole Hansen")]


def rows_file(
    path: Path,
    rows: list[tuple[str, str]],
    conference: str | None = None,
    day: str = "2031-03-03",
    ids: str | None = None,
) -> Path:
    """A JSONL program of (title, speaker) rows on `day`, each on its own hour; with
    a stated `conference` name or none (then talkbase names it by the file), and each
    talk's own id `{ids}-{n}` where `ids` is given."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for i, (title, speaker) in enumerate(rows):
        row = {"title": title, "speakers": speaker, "start": f"{day}T{9 + i:02d}:00:00+01:00"}
        if conference:
            row["conference"] = conference
        if ids:
            row["id"] = f"{ids}-{i}"
        lines.append(json.dumps(row))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_two_conferences_of_one_file_name_sharing_generic_titles_both_stay(tmp_path):
    """They name different conferences: never versions of one another, though 3 of
    their 5 titles are the same (before: the second replaced the first)."""
    home = tmp_path / "home"
    first = rows_file(
        tmp_path / "x" / "schedule.jsonl", GENERIC + OWN_A, "Gulaschprogrammiernacht 22"
    )
    second = rows_file(tmp_path / "y" / "schedule.jsonl", GENERIC + OWN_B, "Easterhegg 21")
    ingest([first], home, HashingEmbedder())
    report = ingest([second], home, HashingEmbedder())
    assert not report.changes.removed
    assert any("another program than the stored schedule.jsonl" in w for w in report.warnings)
    kb = KnowledgeBase(home, embedder=HashingEmbedder())
    assert len(kb.talks) == 10
    assert {t.conference for t in kb.talks.values()} == {
        "Gulaschprogrammiernacht 22",
        "Easterhegg 21",
    }


def test_different_conference_names_given_on_the_command_line_are_two_programs(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = str(tmp_path / "home")
    first = rows_file(tmp_path / "x" / "schedule.jsonl", GENERIC + OWN_A)
    second = rows_file(tmp_path / "y" / "schedule.jsonl", GENERIC + OWN_B)
    assert main(["--home", home, "ingest", str(first), "--conference", "GPN 22"]) == 0
    # diff previews the ingest as it will be given: with its conference (sweep 13: rc 2)
    capsys.readouterr()
    assert main(["--home", home, "diff", str(second), "--conference", "Easterhegg 21"]) == 0
    said = capsys.readouterr().out
    assert "removed" not in said and "a new version" not in said
    assert main(["--home", home, "ingest", str(second), "--conference", "Easterhegg 21"]) == 0
    capsys.readouterr()
    assert main(["--home", home, "export"]) == 0
    exported = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(exported) == 10
    assert {t["conference"] for t in exported} == {"GPN 22", "Easterhegg 21"}


def test_unnamed_programs_on_other_days_are_two_programs(tmp_path):
    """No name stated (both are "schedule"): another program's days tell it apart."""
    home = tmp_path / "home"
    ingest([rows_file(tmp_path / "x" / "schedule.jsonl", GENERIC + OWN_A)], home, HashingEmbedder())
    second = rows_file(tmp_path / "y" / "schedule.jsonl", GENERIC + OWN_B, day="2031-05-30")
    assert not ingest([second], home, HashingEmbedder()).changes.removed
    assert titles_of(home) == {t for t, _ in GENERIC + OWN_A + OWN_B}


def test_unnamed_programs_whose_talks_have_other_ids_are_two_programs(tmp_path):
    """Same day, no name: "Opening" under two different ids of their own is two talks."""
    home = tmp_path / "home"
    first = rows_file(tmp_path / "x" / "schedule.jsonl", GENERIC + OWN_A, ids="gpn")
    ingest([first], home, HashingEmbedder())
    second = rows_file(tmp_path / "y" / "schedule.jsonl", GENERIC + OWN_B, ids="eh20")
    report = ingest([second], home, HashingEmbedder())
    assert not report.changes.removed
    assert [d.name for d in report.documents] == ["y/schedule.jsonl"]
    assert titles_of(home) == {t for t, _ in GENERIC + OWN_A + OWN_B}


def test_a_title_many_stored_conferences_hold_counts_little(tmp_path):
    """With no name, no ids and one day, only the titles are left; those that the
    knowledge base already holds in several conferences count by how rare they are."""
    home = tmp_path / "home"
    for n in range(2):
        other = [(f"Talk {n} {i}", f"Person {n} {i}") for i in range(3)]
        ingest(
            [rows_file(tmp_path / f"c{n}.jsonl", GENERIC + other, f"Conf {n}")],
            home,
            HashingEmbedder(),
        )
    ingest([rows_file(tmp_path / "x" / "schedule.jsonl", GENERIC + OWN_A)], home, HashingEmbedder())
    second = rows_file(tmp_path / "y" / "schedule.jsonl", GENERIC + OWN_B)
    report = ingest([second], home, HashingEmbedder())
    assert not report.changes.removed
    assert {t for t, _ in OWN_A + OWN_B} <= titles_of(home)


def test_a_new_version_keeps_its_ids_and_replaces_the_program(tmp_path):
    """The same conference again, one talk renamed (its id kept), one cancelled: it
    replaces the stored version and says what changed."""
    home = tmp_path / "home"
    rows = GENERIC + OWN_A
    ingest(
        [rows_file(tmp_path / "v1" / "schedule.jsonl", rows, "GPN 22", ids="gpn")],
        home,
        HashingEmbedder(),
    )
    changed = [("Opening words", "Orga"), *rows[1:4]]  # renamed; "Mesh networks" cancelled
    report = ingest(
        [rows_file(tmp_path / "v2" / "schedule.jsonl", changed, "GPN 22", ids="gpn")],
        home,
        HashingEmbedder(),
    )
    assert any("a new version of the program" in w for w in report.warnings)
    assert titles_of(home) == {t for t, _ in changed}
    assert "Mesh networks" in {c.title for c in report.changes.removed}


def test_resemblance_counts_ids_and_rare_titles():
    # stable ids (ingest.merge.revisions.stable_uid): "a0", "b1" may only number rows
    a = tuple(Talk(title=t, uid=f"talk-a{i}") for i, t in enumerate(TITLES_A))
    renamed = tuple(Talk(title=f"New title {i}", uid=f"talk-a{i}") for i in range(12))
    assert not same_program(a, renamed)  # an id alone, with nothing else alike
    spoken = tuple(replace(t, speakers=(Speaker("Ann Lee"),)) for t in a)
    assert same_program(spoken, tuple(replace(t, speakers=(Speaker("Ann Lee"),)) for t in renamed))
    assert not same_program(a, tuple(replace(t, uid=f"talk-b{i}") for i, t in enumerate(a)))
    generic = {title_key(t): 3 for t in TITLES_A[:8]}  # held by 3 conferences each
    assert same_program(_talks(TITLES_A), _talks([*TITLES_A[:8], *TITLES_B[:4]]))
    assert not same_program(_talks(TITLES_A), _talks([*TITLES_A[:8], *TITLES_B[:4]]), generic)
    named = tuple(replace(t, conference="Conf A") for t in _talks(TITLES_A))
    other = tuple(replace(t, conference="Conf B") for t in named)
    assert not same_program(named, other) and same_program(named, named)


# -- far fewer talks, in small programs too (sweep 4, #34) ---------------------------


@pytest.mark.parametrize(("before", "after"), [(5, 2), (6, 2), (10, 6)])
def test_a_small_program_cut_to_far_fewer_talks_is_refused(tmp_path, before, after):
    home = tmp_path / "home"
    path = program(tmp_path / "p.jsonl", "Conf", TITLES_A[:before])
    ingest([path], home, HashingEmbedder())
    program(path, "Conf", TITLES_A[:after])  # cut at a row boundary: nothing looks cut
    with pytest.raises(InputError, match="looks cut short.*--shrink"):
        ingest([path], home, HashingEmbedder())
    assert titles_of(home) == set(TITLES_A[:before])
    assert ingest([path], home, HashingEmbedder(), shrink=True).talks == after


@pytest.mark.parametrize(("before", "after"), [(5, 3), (3, 1), (12, 10), (10, 7)])
def test_one_or_two_cancelled_talks_are_accepted(tmp_path, before, after):
    home = tmp_path / "home"
    path = program(tmp_path / "p.jsonl", "Conf", TITLES_A[:before])
    ingest([path], home, HashingEmbedder())
    program(path, "Conf", TITLES_A[:after])
    assert ingest([path], home, HashingEmbedder()).talks == after


def test_the_help_of_shrink_says_what_far_fewer_is(capsys):
    with pytest.raises(SystemExit):
        main(["ingest", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "--shrink" in said and f"at least {MIN_LOST} talks fewer" in said
    assert f"under {KEEP_SHARE:.0%} of them" in said


SLOTS = [("Opening", ""), ("Coffee break", ""), ("Lunch", ""), ("Lightning talks", "")]


def _day_program(path: Path, keynote: str, own: list[tuple[str, str]]) -> Path:
    """A one-day CSV: the slots every conference has, a keynote and two talks of its own."""
    rows = [*SLOTS, ("Keynote", keynote), *own, ("Closing", "")]
    path.parent.mkdir(parents=True, exist_ok=True)
    body = "".join(f"{t},{who},2026-10-20,{9 + i:02d}:00,Main\n" for i, (t, who) in enumerate(rows))
    path.write_text("title,speakers,date,start,room\n" + body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("first_named", "second_named"), [(None, None), (None, "RustDay"), ("PyDay", None)]
)
def test_another_conference_of_one_file_name_sharing_only_its_breaks_is_kept_beside(
    tmp_path, first_named, second_named
):
    # sweep 13 F1: RustDay's schedule.csv replaced PyDay's (all its talks removed, exit 0):
    # Opening, Coffee break, Lunch, Closing and an unnamed "Keynote" made them alike
    py = _day_program(
        tmp_path / "pyday" / "schedule.csv",
        "Guido Rossum",
        [("Typing in Python", "Lukas Lang"), ("Asyncio deep dive", "Yuri Sel")],
    )
    rust = _day_program(
        tmp_path / "rustday" / "schedule.csv",
        "Niko Mats",
        [("Borrow checker tales", "Mara Bos"), ("Embedded Rust", "Jorge Ap")],
    )
    home = tmp_path / "home"
    ingest([py], home, HashingEmbedder(), conference=first_named)
    report = ingest([rust], home, HashingEmbedder(), conference=second_named)
    assert not any("a new version of the program" in w for w in report.warnings)
    kb = KnowledgeBase(home, embedder=HashingEmbedder())
    titles = [t.title for t in kb.talks.values()]
    assert {"Typing in Python", "Asyncio deep dive", "Borrow checker tales"} <= set(titles)
    assert titles.count("Keynote") == 2 and len(titles) == 16


def test_a_new_version_with_its_breaks_moved_still_replaces_the_program(tmp_path):
    own = [("Typing in Python", "Lukas Lang"), ("Asyncio deep dive", "Yuri Sel")]
    first = _day_program(tmp_path / "a" / "schedule.csv", "Guido Rossum", own)
    home = tmp_path / "home"
    ingest([first], home, HashingEmbedder())
    second = _day_program(
        tmp_path / "b" / "schedule.csv", "Guido Rossum", [*own, ("Pattern matching", "Ann Lee")]
    )
    report = ingest([second], home, HashingEmbedder())
    assert any("a new version of the program" in w for w in report.warnings)
    assert len(KnowledgeBase(home, embedder=HashingEmbedder()).talks) == 9


@pytest.mark.parametrize(
    ("column", "renamed"), [("speakers", "Who presents"), ("room", "Venue area")]
)
def test_a_new_version_that_loses_a_whole_column_is_refused_and_the_stored_one_kept(
    tmp_path, column, renamed
):
    # sweep 13 F3: a re-export whose header said "Who presents" wiped every speaker, exit 0
    path = _day_program(
        tmp_path / "schedule.csv",
        "Guido Rossum",
        [("Typing in Python", "Lukas Lang"), ("Asyncio deep dive", "Yuri Sel")],
    )
    home = tmp_path / "home"
    ingest([path], home, HashingEmbedder())
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(column, renamed, 1), encoding="utf-8")
    with pytest.raises(InputError) as err:
        ingest([path], home, HashingEmbedder())
    assert f"--map {column}=COLUMN" in err.value.problem and "is kept" in err.value.problem
    kb = KnowledgeBase(home, embedder=HashingEmbedder())
    keynote = next(t for t in kb.talks.values() if t.title == "Keynote")
    assert keynote.room == "Main" and [s.name for s in keynote.speakers] == ["Guido Rossum"]
    ingest([path], home, HashingEmbedder(), shrink=True)  # the person says it is meant
    keynote = next(
        t
        for t in KnowledgeBase(home, embedder=HashingEmbedder()).talks.values()
        if t.title == "Keynote"
    )
    assert not (keynote.speakers if column == "speakers" else keynote.room)


def test_a_new_version_that_drops_a_field_from_some_talks_only_is_taken(tmp_path):
    own = [("Typing in Python", "Lukas Lang"), ("Asyncio deep dive", "Yuri Sel")]
    path = _day_program(tmp_path / "schedule.csv", "Guido Rossum", own)
    home = tmp_path / "home"
    ingest([path], home, HashingEmbedder())
    _day_program(path, "", own)  # the keynote's speaker is not known yet
    ingest([path], home, HashingEmbedder())
    keynote = next(
        t
        for t in KnowledgeBase(home, embedder=HashingEmbedder()).talks.values()
        if t.title == "Keynote"
    )
    assert keynote.speakers == ()


def test_two_programs_of_one_file_name_are_named_apart_and_a_shared_talk_names_its_document(
    tmp_path: Path,
) -> None:
    # sweep 23 (loss) F3/F5: warnings named both files "schedule.csv", and a program
    # sharing a talk at the same time with b/schedule.csv named only a/schedule.csv
    head = "title,speakers,start,end,date,room,track,abstract\n"
    rust = "Rust in the Linux kernel,Jane Doe (Google),09:00,09:45,{},Hall A,Kernels,Rust.\n"
    tree = tmp_path / "tree"
    for sub, lines in {
        "a": [
            rust.format("2026-05-20"),
            "Fault tolerance,Ahmed Ali,10:00,10:45,2026-05-20,B,D,x\n",
        ],
        "b": [rust.format("2025-05-21"), "eBPF tracing,Sam Lee,10:00,10:45,2025-05-21,B,O,y\n"],
        "t2/b": [rust.format("2025-05-21"), "Live patching,Ann Kim,11:00,11:45,2025-05-21,A,K,z\n"],
    }.items():
        (tmp_path / sub if sub.startswith("t2") else tree / sub).mkdir(parents=True)
        where = tmp_path / sub if sub.startswith("t2") else tree / sub
        (where / "schedule.csv").write_text(head + "".join(lines))
    home = tmp_path / "home"
    first = ingest([tree], home, HashingEmbedder())
    zones = [w for w in first.warnings if "names no time zone" in w]
    assert sorted(w.split(":")[0] for w in zones) == ["a/schedule.csv", "b/schedule.csv"]
    again = ingest([tmp_path / "t2" / "b" / "schedule.csv"], home, HashingEmbedder())
    said = " ".join(again.warnings)
    assert "1 of its 2 talks are also in b/schedule.csv at the same date and time" in said
    assert "talkbase remove b/schedule.csv" in said
    # named by its folders too, beside a/schedule.csv and b/schedule.csv: not "schedule.csv"
    assert [d.name for d in again.documents] == ["t2/b/schedule.csv"]

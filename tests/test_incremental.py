"""Incremental updates: only what changed is re-embedded; diff; removing cleanly."""

from __future__ import annotations

import pytest

from index.build.builder import ingest, remove
from index.build.changes import compare
from index.encoders.embed import HashingEmbedder
from index.search.kb import KnowledgeBase
from talkbase.core.errors import InputError
from talkbase.core.records import Talk
from tests.conftest import BLOG, DIGEST, PROGRAMS


def _changed_blog(tmp_path):
    text = BLOG.read_text(encoding="utf-8")
    text = text.replace("Wed 21 Oct, 17:30–17:55, 210AE", "Wed 21 Oct, 09:00–09:25, 210BF")
    text = text.replace(
        "This talk includes a quick tutorial for deploying it on Kubernetes.",
        "This talk includes a live demo on Kubernetes.",
    )
    path = tmp_path / BLOG.name  # same document name: a new version of it
    path.write_text(text, encoding="utf-8")
    return path


def test_compare_kinds():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    tz = ZoneInfo("UTC")
    a = Talk(title="A", room="R1", start=datetime(2026, 1, 1, 9, tzinfo=tz), id=1)
    b = Talk(title="B", abstract="x", id=2)
    c = Talk(title="C", id=3)
    new = {
        1: Talk(title="A", room="R2", start=datetime(2026, 1, 1, 10, tzinfo=tz), id=1),
        2: Talk(title="B", abstract="y", id=2),
        4: Talk(title="D", id=4),
    }
    ch = compare({1: a, 2: b, 3: c}, new)
    assert [c.id for c in ch.added] == [4] and [c.id for c in ch.removed] == [3]
    assert [c.id for c in ch.retimed] == [1] and "09:00 -> Thu 2026-01-01 10:00" in ch.retimed[
        0
    ].detail
    assert [c.id for c in ch.moved] == [1] and ch.moved[0].detail == "R1 -> R2"
    assert [c.id for c in ch.redescribed] == [2]
    assert not ch.empty and compare(new, new).empty and compare(new, new).unchanged == 3


def test_changed_program_reembeds_only_what_changed(fake_home, tmp_path):
    with KnowledgeBase(fake_home, HashingEmbedder()) as kb:
        ids = {t.title: t.id for t in kb.talks.values()}
    report = ingest([_changed_blog(tmp_path)], fake_home, HashingEmbedder())
    ch = report.changes
    mccl = "MCCL: Fault-Tolerant Collective Communication for Large-Scale GPU Training"
    assert [c.title for c in ch.retimed] == [mccl] and [c.title for c in ch.moved] == [mccl]
    assert [c.title for c in ch.redescribed] == [
        "LMCache: A Cluster-Wide Open-Source Solution for LLM Prompt Caching"
    ]
    assert not ch.added and not ch.removed
    # one talk text and one sentence are new; everything else comes from the cache
    assert report.embedded == 2
    with KnowledgeBase(fake_home, HashingEmbedder()) as kb:
        assert {t.title: t.id for t in kb.talks.values()} == ids
        assert kb.talk(mccl).room == "210BF"


def test_dry_run_writes_nothing(fake_home, tmp_path):
    from index.store import disk as store

    before = store.require(fake_home).path
    report = ingest([_changed_blog(tmp_path)], fake_home, HashingEmbedder(), dry_run=True)
    assert report.changes.retimed and not report.written and report.embedded == 0
    assert store.require(fake_home).path == before


def test_remove_document_and_conference(fake_home):
    report = remove(fake_home, HashingEmbedder(), [DIGEST.name])
    assert len(report.changes.removed) == 9  # digest-only talks
    with KnowledgeBase(fake_home, HashingEmbedder()) as kb:
        assert len(kb.talks) == 62
        assert all(len(t.sources) == 1 for t in kb.talks.values())
    with pytest.raises(InputError, match="no such conference"):
        remove(fake_home, HashingEmbedder(), conference="FOSDEM 1999")
    ingest([DIGEST], fake_home, HashingEmbedder())
    report = remove(
        fake_home, HashingEmbedder(), conference="PyTorch Conference North America 2026"
    )
    assert set(report.removed_documents) == {DIGEST.name, BLOG.name}
    assert len(report.changes.removed) == 71


def test_remove_unknown_document(fake_home):
    with pytest.raises(InputError, match="no such document"):
        remove(fake_home, HashingEmbedder(), ["nope.txt"])


def test_cli_diff_with_column_mapping(fake_home, tmp_path, capsys):
    from talkbase.cli import main

    papers = tmp_path / "papers.csv"
    papers.write_text(
        "Paper Name,Who,When,Where\nA Study of Things,Ann Smith|Bob Lee,2026-10-20 10:00,Hall 1\n",
        encoding="utf-8",
    )
    code = main(
        [
            "--home",
            str(fake_home),
            "diff",
            str(papers),
            "--map",
            "title=Paper Name",
            "--map",
            "speakers=Who",
            "--map",
            "start=When",
            "--map",
            "room=Where",
            "--json",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    import json

    data = json.loads(out)
    assert [c["title"] for c in data["changes"]["added"]] == ["A Study of Things"]
    assert data["written"] is False
    # (sweep 9: a header that names the title with a word before it, "Paper Name", is
    # the title: read without --map too, as the map reads it)
    code = main(["--home", str(fake_home), "diff", str(papers), "--json"])
    unmapped = json.loads(capsys.readouterr().out)
    assert code == 0 and [c["title"] for c in unmapped["changes"]["added"]] == ["A Study of Things"]
    code = main(["--home", str(fake_home), "diff", str(papers), "--map", "title"])
    assert code == 1 and "FIELD=COLUMN" in capsys.readouterr().err


def test_ids_from_source_uids_survive_a_conference_rename(fake_home, tmp_path):
    ics = tmp_path / "cal.ics"
    ics.write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:PyTorch Conference 2026\r\n"
        "BEGIN:VEVENT\r\nUID:x1\r\nSUMMARY:A Calendar Only Talk\r\n"
        "DTSTART:20261020T170000Z\r\nDTEND:20261020T173000Z\r\nLOCATION:Hall\r\n"
        "END:VEVENT\r\nEND:VCALENDAR\r\n",
        encoding="utf-8",
    )
    ingest([ics], fake_home, HashingEmbedder(), replace_all=True)
    with KnowledgeBase(fake_home, HashingEmbedder()) as kb:
        before = kb.talk("A Calendar Only Talk").id
    report = ingest([BLOG], fake_home, HashingEmbedder())  # names the conference more fully
    with KnowledgeBase(fake_home, HashingEmbedder()) as kb:
        talk = kb.talk("A Calendar Only Talk")
    assert talk.id == before and talk.conference == "PyTorch Conference North America 2026"
    assert not report.changes.removed


def test_replace_names_every_document_it_forgets(fake_home, tmp_path, capsys):
    """`--replace` keeps only the documents given now: the summary names each stored
    document it forgets (a whole program may go), never only the talks (sweep 13 F8)."""
    import argparse

    from talkbase.output import print_report

    stored = sorted(p.name for p in PROGRAMS.iterdir())
    assert len(stored) >= 2
    ics = tmp_path / "cal.ics"
    ics.write_text(
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x1\r\nSUMMARY:Only This\r\n"
        "DTSTART:20261020T170000Z\r\nDTEND:20261020T173000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
        encoding="utf-8",
    )
    report = ingest([ics], fake_home, HashingEmbedder(), replace_all=True)
    assert report.removed_documents == stored
    again = ingest([ics], fake_home, HashingEmbedder(), replace_all=True)
    assert again.removed_documents == []  # nothing left to forget
    print_report(
        ingest([BLOG], fake_home, HashingEmbedder(), replace_all=True),
        argparse.Namespace(json=False),
    )
    assert "cal.ics: removed" in capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(
    ("update", "retimed"),
    [("10:30,11:15", True), ("10:00,10:45", False)],  # retimed too, or the room alone
)
def test_a_room_set_aside_by_the_merge_is_said_in_the_summary(tmp_path, update, retimed):
    # sweep 23 (loss) F2: a second document naming a room the first never names keeps
    # the old room (the documented rule) and the summary said nothing of it
    head = "title,speakers,start,end,date,room,track,abstract\n"
    first = tmp_path / "conf.csv"
    first.write_text(
        head
        + "Rust in the kernel,Jane Doe,09:00,09:45,2026-05-20,Hall A,Kernels,Rust.\n"
        + "Fault tolerant collectives,Ahmed Ali,10:00,10:45,2026-05-20,Hall B,Dist,NCCL.\n"
    )
    other = tmp_path / "other.csv"
    other.write_text(
        head + f"Fault tolerant collectives,Ahmed Ali,{update},2026-05-20,Hall D,Dist,NCCL.\n"
    )
    home = tmp_path / "home"
    ingest([first], home, HashingEmbedder(), conference="TestConf 2026")
    report = ingest([other], home, HashingEmbedder(), conference="TestConf 2026")
    changes = report.changes
    assert not changes.moved and bool(changes.retimed) is retimed
    assert [(c.title, c.detail) for c in changes.room_kept] == [
        (
            "Fault tolerant collectives",
            "stays in Hall B: other.csv says Hall D (kept as a conflict)",
        )
    ]
    again = ingest([other], home, HashingEmbedder(), conference="TestConf 2026")
    assert not again.changes.room_kept  # said once, when it is new

"""What a document is read with besides its bytes (index/build/reading.py: the time zone
TALKBASE_TIMEZONE gives, `--conference`, `--map`, `--format`) is part of what makes a
stored document the same: the same file given again another way is read again, its
talks changed as by a new version of the file, keeping their ids where their identity
stays (sweep 16, F1: the warning's own advice, "set TALKBASE_TIMEZONE and ingest
again", used to say "no changes")."""

from __future__ import annotations

from pathlib import Path

import pytest

from index.build.builder import ingest
from index.search.kb import KnowledgeBase

ROWS = [  # (a column the reader does not know: "Artiest", read only with --map)
    ("Opening concert", "Stadsorkest Utrecht", "2026-11-13", "20:00", "21:00", "Grote Zaal"),
    ("Modular synth improvisation", "Femke de Vries", "2026-11-13", "21:30", "22:30", "Kleine"),
    ("Minimal techno night", "Noor Bakker", "2026-11-13", "23:00", "23:45", "Grote Zaal"),
    ("Bach cantatas", "Nederlands Kamerkoor", "2026-11-14", "20:00", "21:30", "Grote Zaal"),
]


@pytest.fixture(autouse=True)
def _default_zone(monkeypatch):
    monkeypatch.delenv("TALKBASE_TIMEZONE", raising=False)  # America/Los_Angeles


def _csv(path: Path) -> Path:
    lines = [f"{t},{a},{d},{s},{e},{r},About {t.lower()}." for t, a, d, s, e, r in ROWS]
    head = "title,Artiest,date,start,end,room,abstract\n"
    path.write_text(head + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def _talks(home: Path, embedder) -> dict[str, tuple[int, str | None, str, tuple[str, ...]]]:
    """title -> (id, zone, conference, speakers)."""
    with KnowledgeBase(home, embedder) as kb:
        return {
            t.title: (t.id, t.zone, t.conference, tuple(s.name for s in t.speakers))
            for t in kb.talks.values()
        }


def _said(report) -> str:
    return "\n".join(report.notices)


def test_ingesting_again_in_the_zone_the_warning_names_retimes_the_talks(
    tmp_path, hashing_embedder, monkeypatch
):
    home, path = tmp_path / "home", _csv(tmp_path / "nachtklank.csv")
    ingest([path], home, hashing_embedder)
    before = _talks(home, hashing_embedder)
    assert {zone for _, zone, _, _ in before.values()} == {"America/Los_Angeles"}
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Amsterdam")
    diff = ingest([path], home, hashing_embedder, dry_run=True)  # (`talkbase diff`)
    assert len(diff.changes.retimed) == len(ROWS)
    assert _talks(home, hashing_embedder) == before  # (a diff writes nothing)
    report = ingest([path], home, hashing_embedder)
    after = _talks(home, hashing_embedder)
    assert {zone for _, zone, _, _ in after.values()} == {"Europe/Amsterdam"}
    assert {t: v[0] for t, v in after.items()} == {t: v[0] for t, v in before.items()}
    assert len(report.changes.retimed) == len(ROWS) and not report.changes.added
    assert "Europe/Amsterdam" in report.changes.retimed[0].detail  # (the same clock times)
    for said in (_said(diff), _said(report)):
        assert "nachtklank.csv: read again: time zone now Europe/Amsterdam" in said
    again = ingest([path], home, hashing_embedder)  # read the same way: nothing new
    assert again.changes.empty and "read again" not in _said(again)


def test_a_column_map_given_for_the_same_file_is_read(tmp_path, hashing_embedder):
    home, path = tmp_path / "home", _csv(tmp_path / "nachtklank.csv")
    ingest([path], home, hashing_embedder)
    before = _talks(home, hashing_embedder)
    assert all(not speakers for *_, speakers in before.values())
    report = ingest([path], home, hashing_embedder, mapping={"speakers": "Artiest"})
    after = _talks(home, hashing_embedder)
    assert after["Bach cantatas"][3] == ("Nederlands Kamerkoor",)
    assert {t: v[0] for t, v in after.items()} == {t: v[0] for t, v in before.items()}
    assert len(report.changes.respeakered) == len(ROWS)
    assert "column map now speakers=Artiest (was none)" in _said(report)


@pytest.mark.parametrize("name", ["Nachtklank", "Nachtklank Festival 2026"])
def test_a_conference_named_for_the_same_file_names_its_talks(tmp_path, hashing_embedder, name):
    home, path = tmp_path / "home", _csv(tmp_path / "nachtklank.csv")
    ingest([path], home, hashing_embedder)
    before = _talks(home, hashing_embedder)
    report = ingest([path], home, hashing_embedder, conference=name)
    after = _talks(home, hashing_embedder)
    assert {conf for _, _, conf, _ in after.values()} == {name}
    assert f"conference now {name}" in _said(report)
    # the talks keep their ids, whether the conference's key stays (the file's own name,
    # capitalised) or not (docs/design.md "Talk ids": an edit keeps the id, sweep 21)
    assert after == {t: (i, z, name, s) for t, (i, z, _, s) in before.items()}
    assert not report.changes.added and not report.changes.removed


def test_a_base_that_kept_no_options_reads_the_file_again(tmp_path, hashing_embedder, monkeypatch):
    from index.store import schema, tables

    home, path = tmp_path / "home", _csv(tmp_path / "nachtklank.csv")
    keeps = tables.insert_documents

    def older(con, docs) -> None:  # what a talkbase from before the table writes
        keeps(con, docs)
        con.execute("DROP TABLE readings")

    with monkeypatch.context() as m:  # a base from before the options were kept
        m.setattr(tables, "DDL", schema.DDL.replace(schema.READINGS_DDL + ";", ""))
        m.setattr(tables, "insert_documents", older)
        ingest([path], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert not kb.sql("SELECT * FROM duckdb_tables() WHERE table_name = 'readings'").fetchall()
    before = _talks(home, hashing_embedder)
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Amsterdam")
    report = ingest([path], home, hashing_embedder)
    assert "were not kept by the talkbase that stored it" in _said(report)
    after = _talks(home, hashing_embedder)
    assert {zone for _, zone, _, _ in after.values()} == {"Europe/Amsterdam"}
    assert {t: v[0] for t, v in after.items()} == {t: v[0] for t, v in before.items()}

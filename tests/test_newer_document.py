"""Where stored documents of one talk disagree, the document ingested last gives its
values (ingest.merge.precedence `_latest`, the ingest numbers of index/build/delta.py `numbered`),
after the revision rules; documents of one ingest decide as before (sweep 13, F2)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from index.store import disk as store
from ingest.merge import merge_grouped
from ingest.text import title_key
from talkbase.cli import _write_talks
from talkbase.core.records import Source, Talk

HEADER = "title,speakers,date,start,end,room,abstract\n"
ROWS = [
    ("Rust async runtimes", "Ana Lima", "2026-10-20", "09:00", "09:45", "Hall A"),
    ("eBPF tracing in production", "Bo Chen", "2026-10-20", "10:00", "10:45", "Hall B"),
    ("Kubernetes operators", "Dmitri Ivanov", "2026-10-20", "12:00", "12:45", "Hall B"),
    ("Fuzzing C parsers", "Hiro Tanaka", "2026-10-21", "10:00", "10:45", "Hall B"),
    ("GPU scheduling", "Ines Costa", "2026-10-21", "11:00", "11:45", "Hall A"),
]
EBPF = "eBPF tracing in production"
MOVED = (EBPF, "Bo Chen", "2026-10-20", "16:00", "16:45", "Hall C")


def _csv(path: Path, rows) -> Path:
    lines = [",".join(r) + f",A talk about {r[0].lower()}." for r in rows]
    path.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def _updated() -> list[tuple[str, ...]]:
    return [MOVED if r[0] == EBPF else r for r in ROWS]


def _ebpf(home: Path, embedder) -> Talk:
    with KnowledgeBase(home, embedder) as kb:
        return next(t for t in kb.talks.values() if t.title == EBPF)


def _shows_the_update(home: Path, embedder, report) -> None:
    talk = _ebpf(home, embedder)
    assert (talk.start.hour, talk.end.hour, talk.room) == (16, 16, "Hall C")
    assert [c.title for c in report.changes.retimed] == [EBPF]
    assert [c.title for c in report.changes.moved] == [EBPF]


@pytest.mark.parametrize("names", [("day1", "day2", "full"), ("zday1", "zday2", "all")])
def test_a_corrected_full_program_wins_over_the_per_day_files(tmp_path, hashing_embedder, names):
    home = tmp_path / "home"
    d1, d2, full = (tmp_path / f"{n}.csv" for n in names)
    _csv(d1, [r for r in ROWS if r[2] == "2026-10-20"])
    _csv(d2, [r for r in ROWS if r[2] == "2026-10-21"])
    ingest([d1, d2, _csv(full, ROWS)], home, hashing_embedder, conference="DevConf")
    assert _ebpf(home, hashing_embedder).room == "Hall B"
    report = ingest([_csv(full, _updated())], home, hashing_embedder, conference="DevConf")
    assert len(store.require(home).manifest.sentence_chunks or ()) > 1  # a change
    _shows_the_update(home, hashing_embedder, report)
    before = _ebpf(home, hashing_embedder).to_dict()
    ingest([full], home, hashing_embedder, rebuild=True, conference="DevConf")  # a whole build
    assert _ebpf(home, hashing_embedder).to_dict() == before


def test_an_update_after_a_backup_round_trip_wins(tmp_path, hashing_embedder):
    home = tmp_path / "home"
    schedule = _csv(tmp_path / "schedule.csv", ROWS)
    ingest([schedule], home, hashing_embedder, conference="DevConf")
    backup = tmp_path / "backup.jsonl"
    with KnowledgeBase(home, hashing_embedder) as kb, open(backup, "w", encoding="utf-8") as out:
        _write_talks(out, list(kb.talks.values()), "jsonl")  # `talkbase export -o backup.jsonl`
    ingest([backup], home, hashing_embedder)
    report = ingest([_csv(schedule, _updated())], home, hashing_embedder, conference="DevConf")
    _shows_the_update(home, hashing_embedder, report)


def _frab(path: Path, rows) -> Path:
    events: dict[str, list[dict]] = {}
    for n, (title, who, day, start, _, room) in enumerate(rows):
        events.setdefault(day, []).append(
            {
                "id": 1000 + n,
                "guid": f"guid-{n}",
                "title": title,
                "date": f"{day}T{start}:00-07:00",
                "start": start,
                "duration": "00:45",
                "room": room,
                "persons": [{"public_name": who}],
                "type": "talk",
            }
        )
    days = [
        {"index": i, "date": day, "rooms": {"Main": evs}}
        for i, (day, evs) in enumerate(sorted(events.items()), start=1)
    ]
    conference = {"acronym": "devconf", "title": "DevConf", "time_zone_name": "America/Los_Angeles"}
    schedule = {"version": "2", "conference": {**conference, "days": days}}
    path.write_text(json.dumps({"schedule": schedule}), encoding="utf-8")
    return path


def test_a_csv_update_wins_over_a_frab_program_ingested_before(tmp_path, hashing_embedder):
    home = tmp_path / "home"
    ingest([_frab(tmp_path / "zz_program.json", ROWS)], home, hashing_embedder)
    assert _ebpf(home, hashing_embedder).room == "Hall B"
    update = _csv(tmp_path / "aa_update.csv", _updated())
    report = ingest([update], home, hashing_embedder, conference="DevConf")
    _shows_the_update(home, hashing_embedder, report)


@pytest.mark.parametrize("first", ["a.csv", "b.csv"])
def test_documents_of_one_ingest_decide_by_name_whatever_order_they_are_given(
    tmp_path, hashing_embedder, first
):
    """Two documents of one ingest disagree: the first by name decides, given first or
    last, and a `--rebuild` (which reads them by name) keeps what the ingest showed."""
    home = tmp_path / "home"
    given = {"a.csv": ROWS, "b.csv": _updated()}
    paths = [_csv(tmp_path / n, given[n]) for n in sorted(given, key=lambda n: n != first)]
    ingest(paths, home, hashing_embedder, conference="DevConf")
    talk = _ebpf(home, hashing_embedder)
    wanted = next(r for r in given["a.csv"] if r[0] == EBPF)
    assert (talk.start.strftime("%H:%M"), talk.room) == (wanted[3], wanted[5])
    assert {c.field for c in talk.conflicts} >= {"start", "room"}
    ingest([paths[-1]], home, hashing_embedder, rebuild=True, conference="DevConf")
    again = _ebpf(home, hashing_embedder)
    assert (again.start, again.room) == (talk.start, talk.room)


BERLIN = ZoneInfo("Europe/Berlin")


def _record(doc: str, start: datetime, room: str, end: datetime | None = None, **kw) -> Talk:
    return Talk(
        title=EBPF,
        speakers=(),
        start=start,
        end=end,
        room=room,
        conference="DevConf",
        sources=(Source(doc, "csv", "line 2", **kw),),
    )


def _merged(*records: Talk, ingested: dict[str, int]) -> Talk:
    # (the documents name their rooms in one vocabulary: each names all these rooms,
    # as two versions of one program's full schedule do)
    every = frozenset(title_key(r.room) for r in records if r.room)
    rooms = {r.sources[0].document: every for r in records}
    [(talk, _)] = merge_grouped(records, ingested=ingested, rooms=rooms)
    return talk


def test_the_latest_document_gives_the_time_and_room_that_disagree():
    older = _record("a.csv", datetime(2026, 10, 20, 10, tzinfo=BERLIN), "Hall B")
    newer = _record("b.csv", datetime(2026, 10, 20, 10, 20, tzinfo=BERLIN), "Hall C")
    assert _merged(older, newer, ingested={"a.csv": 1, "b.csv": 2}).room == "Hall C"
    assert _merged(older, newer, ingested={"a.csv": 2, "b.csv": 1}).room == "Hall B"
    same = _merged(older, newer, ingested={"a.csv": 1, "b.csv": 1})
    assert same == _merged(older, newer, ingested={}) and same.room == "Hall B"
    # a title (track, format) is no schedule: two languages' versions of one program
    translated = replace(newer, title="eBPF-Tracing in Produktion", uid="ebpf-1@devconf")
    talk = _merged(replace(older, uid="ebpf-1@devconf"), translated, ingested={"b.csv": 2})
    assert (talk.title, talk.room) == (EBPF, "Hall C")


def test_an_instant_both_give_keeps_the_zone_a_document_names():
    named = _record("a.csv", datetime(2026, 10, 20, 10, tzinfo=BERLIN), "Hall B")
    in_utc = _record("b.csv", datetime(2026, 10, 20, 8, tzinfo=UTC), "Hall C")
    talk = _merged(named, in_utc, ingested={"a.csv": 1, "b.csv": 2})
    assert talk.start.tzinfo == BERLIN and talk.start.hour == 10 and talk.room == "Hall C"


def test_a_later_start_takes_no_older_end():
    older = _record(
        "a.csv",
        datetime(2026, 10, 20, 10, tzinfo=BERLIN),
        "Hall B",
        end=datetime(2026, 10, 20, 10, 45, tzinfo=BERLIN),
    )
    newer = _record("b.csv", datetime(2026, 10, 20, 10, 20, tzinfo=BERLIN), "Hall B")
    talk = _merged(older, newer, ingested={"a.csv": 1, "b.csv": 2})
    assert talk.start.minute == 20 and talk.end is None


def test_a_revision_stamp_outranks_the_ingest_order():
    uid = "ebpf-talk@devconf.example"
    revised = _record("a.ics", datetime(2026, 10, 20, 16, tzinfo=BERLIN), "Hall C", sequence=2)
    stale = _record("b.ics", datetime(2026, 10, 20, 10, tzinfo=BERLIN), "Hall B", sequence=1)
    talk = _merged(
        replace(revised, uid=uid), replace(stale, uid=uid), ingested={"a.ics": 1, "b.ics": 2}
    )
    assert (talk.start.hour, talk.room) == (16, "Hall C")


def test_a_base_from_before_ingest_numbers_counts_its_documents_oldest(
    tmp_path, hashing_embedder, monkeypatch
):
    from index.store import schema, tables

    def older(con, docs) -> None:  # what a talkbase from before the table writes
        rows = [(d.name, d.path, d.format, d.sha256, len(d.talks), "[]") for d in docs]
        tables.bulk(con, "documents", rows)

    home = tmp_path / "home"
    d1 = _csv(tmp_path / "day1.csv", [r for r in ROWS if r[2] == "2026-10-20"])
    full = _csv(tmp_path / "full.csv", ROWS)
    with monkeypatch.context() as m:
        m.setattr(tables, "DDL", schema.DDL.replace(schema.INGESTS_DDL + ";", ""))
        m.setattr(tables, "insert_documents", older)
        ingest([d1, full], home, hashing_embedder, conference="DevConf")
    with KnowledgeBase(home, hashing_embedder) as kb:
        assert not kb.sql("SELECT * FROM duckdb_tables() WHERE table_name = 'ingests'").fetchall()
    report = ingest([_csv(full, _updated())], home, hashing_embedder, conference="DevConf")
    _shows_the_update(home, hashing_embedder, report)
    with KnowledgeBase(home, hashing_embedder) as kb:
        rows = kb.sql("SELECT document, number FROM ingests ORDER BY document").fetchall()
    assert rows == [("full.csv", 1)]  # (day1.csv, stored before: none, so 0)


def test_the_copy_beside_the_database_keeps_the_ingest_number():
    from index.build.previous import documents_from
    from index.build.write import document_rows
    from ingest.detect import ParsedDocument

    doc = ParsedDocument("/x/a.csv", "a.csv", "csv", "0" * 64, (), (), ingested=3)
    assert documents_from(document_rows([doc]))["a.csv"].ingested == 3  # check --repair
    older = {k: v for k, v in document_rows([doc])[0].items() if k != "ingested"}
    assert documents_from([older])["a.csv"].ingested == 0  # a copy from before: the oldest

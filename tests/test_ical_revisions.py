"""A newer revision of a calendar's event moves the talk (RFC 5545 SEQUENCE, then
LAST-MODIFIED or DTSTAMP): the re-downloaded export ingested beside the old one gives
the talk its new time whatever the two files are called, the old time kept as a
conflict; one calendar holding two revisions of one UID keeps the newer, with a
warning; revisions of one UID in documents that keep none change nothing. A newer
SEQUENCE of one UID is one talk however short its UID, renamed, moved and its speaker
replaced at once, and its speakers are the newer revision's (the older ones kept as a
conflict)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest import merge_talks
from ingest import parse_text as _parse
from talkbase.cli import main

HEAD = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Data Days 2025\r\n"
ZONE = "Europe/Vienna"


def _event(
    uid: str,
    title: str,
    start: str,
    *,
    sequence: int | None,
    stamp: str | None,
    speaker: str = "Ines Gruber",
    room: str = "Saal 2",
) -> str:
    lines = [
        "BEGIN:VEVENT",
        f"UID:{uid}",
        f"DTSTART;TZID={ZONE}:{start}",
        "DURATION:PT30M",
        f"SUMMARY:{title}",
        f"LOCATION:{room}",
        f"DESCRIPTION:Speaker: {speaker}",
    ]
    if sequence is not None:
        lines.append(f"SEQUENCE:{sequence}")
    if stamp is not None:
        lines.append(f"DTSTAMP:{stamp}")
    return "\r\n".join([*lines, "END:VEVENT"]) + "\r\n"


def _calendar(*events: str) -> str:
    return HEAD + "".join(events) + "END:VCALENDAR\r\n"


OLD = _calendar(
    _event(
        "dd25-1@pretix.example",
        "Vector search in Postgres",
        "20250512T100000",
        sequence=0,
        stamp="20250401T080000Z",
    ),
    _event(
        "dd25-2@pretix.example",
        "Lakehouse formats compared",
        "20250512T110000",
        sequence=0,
        stamp="20250401T080000Z",
    ),
)
NEW = _calendar(
    _event(
        "dd25-1@pretix.example",
        "Vector search in Postgres",
        "20250512T150000",
        sequence=1,
        stamp="20250420T080000Z",
    ),
    _event(
        "dd25-2@pretix.example",
        "Lakehouse formats compared",
        "20250512T110000",
        sequence=0,
        stamp="20250420T080000Z",
    ),
)


def parse_text(text: str, document: str) -> tuple[list, list[str]]:
    _, talks, warnings = _parse(text, document)
    return talks, warnings


def _export(capsys, home: Path) -> dict[str, dict]:
    capsys.readouterr()
    assert main(["--home", str(home), "export"]) == 0
    return {t["title"]: t for t in map(json.loads, capsys.readouterr().out.splitlines())}


@pytest.mark.parametrize(
    ("old_name", "new_name"),
    [("datadays.ics", "datadays-update.ics"), ("zz-datadays.ics", "aa-datadays.ics")],
)
def test_the_newer_export_gives_the_talk_its_time_whatever_the_names(
    tmp_path, capsys, monkeypatch, old_name, new_name
):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / old_name).write_text(OLD, encoding="utf-8")
    (docs / new_name).write_text(NEW, encoding="utf-8")
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(docs)]) == 0
    talks = _export(capsys, home)
    assert set(talks) == {"Vector search in Postgres", "Lakehouse formats compared"}
    moved = talks["Vector search in Postgres"]
    assert (moved["start"], moved["end"], moved["timezone"]) == ("15:00", "15:30", ZONE)
    start = next(c for c in moved["conflicts"] if c["field"] == "start")
    assert [v["document"] for v in start["values"]] == [new_name, old_name]
    assert talks["Lakehouse formats compared"]["start"] == "11:00"
    assert [s["sequence"] for s in moved["sources"]] == [1, 0]


def test_the_older_export_ingested_later_changes_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = tmp_path / "home"
    new, old = tmp_path / "a.ics", tmp_path / "b.ics"
    new.write_text(NEW, encoding="utf-8")
    old.write_text(OLD, encoding="utf-8")
    assert main(["--home", str(home), "ingest", str(new)]) == 0
    assert main(["--home", str(home), "ingest", str(old)]) == 0
    assert _export(capsys, home)["Vector search in Postgres"]["start"] == "15:00"


def test_at_one_sequence_the_later_stamp_wins():
    old = parse_text(OLD, "one.ics")[0]
    later = _calendar(
        _event(
            "dd25-1@pretix.example",
            "Vector search in Postgres",
            "20250512T090000",
            sequence=0,
            stamp="20250402T080000Z",
        )
    )
    merged = merge_talks(parse_text(later, "two.ics")[0] + old)
    vector = next(t for t in merged if t.title == "Vector search in Postgres")
    assert vector.start is not None and vector.start.hour == 9
    merged = merge_talks(old + parse_text(later, "two.ics")[0])
    vector = next(t for t in merged if t.title == "Vector search in Postgres")
    assert vector.start is not None and vector.start.hour == 9


def test_one_calendar_with_two_revisions_of_one_uid_keeps_the_newer():
    both = _calendar(
        _event(
            "dd25-1@pretix.example",
            "Vector search in Postgres",
            "20250512T100000",
            sequence=0,
            stamp="20250401T080000Z",
        ),
        _event(
            "dd25-1@pretix.example",
            "Vector search in Postgres",
            "20250512T150000",
            sequence=2,
            stamp="20250401T080000Z",
        ),
    )
    talks, warnings = parse_text(both, "appended.ics")
    assert [(t.start.hour, t.uid) for t in talks if t.start] == [(15, "dd25-1@pretix.example")]
    assert any(
        w.startswith("appended.ics line 4:") and "revised at line 14" in w for w in warnings
    ), warnings


def test_one_uid_twice_at_one_revision_stays_two_showings():
    twice = _calendar(
        _event(
            "dd25-9@pretix.example",
            "Hands-on: dbt",
            "20250512T100000",
            sequence=0,
            stamp="20250401T080000Z",
        ),
        _event(
            "dd25-9@pretix.example",
            "Hands-on: dbt",
            "20250513T100000",
            sequence=0,
            stamp="20250401T080000Z",
        ),
    )
    talks, _ = parse_text(twice, "twice.ics")
    assert sorted(t.start.day for t in talks if t.start) == [12, 13]


def test_documents_without_revisions_keep_the_old_order():
    strip = lambda text: "".join(  # noqa: E731
        line
        for line in text.splitlines(keepends=True)
        if not line.startswith(("SEQUENCE", "DTSTAMP"))
    )
    first = parse_text(strip(OLD), "a.ics")[0]
    second = parse_text(strip(NEW), "b.ics")[0]
    merged = merge_talks(first + second)
    vector = next(t for t in merged if t.title == "Vector search in Postgres")
    assert vector.start is not None and vector.start.hour == 10  # the first document's
    assert any(c.field == "start" for c in vector.conflicts)


def test_a_cancellation_a_newer_revision_lifts_is_no_longer_said():
    cancelled = OLD.replace(
        "SEQUENCE:0\r\nDTSTAMP:20250401", "STATUS:CANCELLED\r\nSEQUENCE:0\r\nDTSTAMP:20250401", 1
    )
    merged = merge_talks(parse_text(cancelled, "old.ics")[0] + parse_text(NEW, "new.ics")[0])
    vector = next(t for t in merged if t.title == "Vector search in Postgres")
    assert not vector.cancelled and vector.note("Status") is None
    merged = merge_talks(parse_text(NEW, "new.ics")[0] + parse_text(OLD, "old.ics")[0])
    assert next(t for t in merged if t.title == "Vector search in Postgres").start.hour == 15


def test_one_uid_on_two_days_stamped_apart_stays_two_showings():
    """Stamps alone tell no revision inside one calendar: a workshop on two days
    exported a second apart, and an exporter giving every event one UID, keep all."""
    twice = _calendar(
        _event("ws@x", "Hands-on: dbt", "20250512T100000", sequence=0, stamp="20250401T080000Z"),
        _event("ws@x", "Hands-on: dbt", "20250513T100000", sequence=0, stamp="20250401T080001Z"),
    )
    assert sorted(t.start.day for t in parse_text(twice, "t.ics")[0] if t.start) == [12, 13]
    one_uid = _calendar(
        _event(
            "all@x", "Intro to Rust", "20250512T090000", sequence=None, stamp="20250401T080000Z"
        ),
        _event("all@x", "Advanced Go", "20250512T100000", sequence=None, stamp="20250401T090000Z"),
    )
    assert [t.title for t in parse_text(one_uid, "u.ics")[0]] == ["Intro to Rust", "Advanced Go"]


def _revisions(uid: str, *also: str, **newer: str) -> tuple[str, str]:
    """Two exports of one calendar: the event `uid` as first published (SEQUENCE 0), and
    revised (SEQUENCE 1, a later stamp) with the fields `newer` gives, and shown again
    at each start of `also`; a second event stays as it was."""
    was = {"title": "Vector search in Postgres", "start": "20250512T100000"}
    was |= {"speaker": "Ines Gruber", "room": "Saal 2"}
    now = was | newer
    stable = _event(
        "dd25-2@pretix.example",
        "Lakehouse formats compared",
        "20250512T110000",
        sequence=0,
        stamp="20250401T080000Z",
    )

    def event(fields: dict[str, str], start: str, sequence: int, stamp: str) -> str:
        title, speaker, room = fields["title"], fields["speaker"], fields["room"]
        return _event(uid, title, start, sequence=sequence, stamp=stamp, speaker=speaker, room=room)

    old = event(was, was["start"], 0, "20250401T080000Z")
    new = [event(now, start, 1, "20250420T080000Z") for start in (now["start"], *also)]
    return _calendar(old, stable), _calendar(*new, stable)


def _merged(old: str, new: str, order: str = "old first") -> list:
    o, n = parse_text(old, "program.ics")[0], parse_text(new, "program (1).ics")[0]
    return merge_talks(o + n if order == "old first" else n + o)


@pytest.mark.parametrize("order", ["old first", "new first"])
def test_a_short_uid_revised_moves_the_talk(order):
    """A UID of four characters ("v1@x") is the calendar's own id all the same: the
    higher SEQUENCE says the event was revised."""
    old, new = _revisions("v1@x", start="20250512T150000")
    merged = _merged(old, new, order)
    assert len(merged) == 2
    vector = next(t for t in merged if t.uid == "v1@x")
    assert vector.start is not None and vector.start.hour == 15
    start = next(c for c in vector.conflicts if c.field == "start")
    assert [d for d, _ in start.values] == ["program (1).ics", "program.ics"]


@pytest.mark.parametrize("uid", ["v1@x", "dd25-1@pretix.example"])
@pytest.mark.parametrize("order", ["old first", "new first"])
def test_a_replaced_speaker_is_no_longer_the_talks(uid, order):
    old, new = _revisions(uid, speaker="Nina Neumann")
    (vector,) = [t for t in _merged(old, new, order) if t.uid == uid]
    assert [s.name for s in vector.speakers] == ["Nina Neumann"]
    (speakers,) = [c for c in vector.conflicts if c.field == "speakers"]
    assert speakers.values == (("program (1).ics", "Nina Neumann"), ("program.ics", "Ines Gruber"))


def test_a_newer_revision_naming_no_speaker_keeps_the_older_ones():
    old, new = _revisions("v1@x", start="20250512T150000")
    new = new.replace("DESCRIPTION:Speaker: Ines Gruber\r\nSEQUENCE:1", "SEQUENCE:1")
    (vector,) = [t for t in _merged(old, new) if t.uid == "v1@x"]
    assert vector.start is not None and vector.start.hour == 15
    assert [s.name for s in vector.speakers] == ["Ines Gruber"]


@pytest.mark.parametrize("order", ["old first", "new first"])
def test_a_renamed_moved_talk_with_a_new_speaker_is_one_talk(order):
    old, new = _revisions(
        "v1@x", title="Vector search, revisited", start="20250512T150000", speaker="Nina Neumann"
    )
    merged = _merged(old, new, order)
    assert len(merged) == 2
    (vector,) = [t for t in merged if t.uid == "v1@x"]
    assert vector.title == "Vector search, revisited"
    assert vector.start is not None and vector.start.hour == 15
    assert [s.name for s in vector.speakers] == ["Nina Neumann"]
    assert vector.room == "Saal 2"
    assert [s.document for s in vector.sources] == ["program (1).ics", "program.ics"]
    assert {c.field for c in vector.conflicts} >= {"title", "start", "speakers"}


def test_at_one_sequence_other_talks_under_one_uid_stay_two():
    """No revision said (equal SEQUENCEs): one UID with another title, another time
    and another speaker is two talks, as before."""
    old, new = _revisions(
        "v1@x", title="Vector search, revisited", start="20250512T150000", speaker="Nina Neumann"
    )
    new = new.replace("SEQUENCE:1", "SEQUENCE:0")
    assert len(_merged(old, new)) == 3


def test_a_second_showing_of_a_revised_uid_stays_a_showing():
    """The newer export shows the revised event twice: its first showing revises the
    older record (a document's second use of a UID is "UID#2"), the second stays."""
    old, new = _revisions(
        "v1@x",
        "20250513T150000",
        title="Vector search, revisited",
        start="20250512T150000",
        speaker="Nina Neumann",
    )
    merged = [t for t in _merged(old, new) if t.title == "Vector search, revisited"]
    assert sorted((t.start.day, t.start.hour) for t in merged if t.start) == [(12, 15), (13, 15)]
    assert [len(t.sources) for t in merged] == [2, 1]


@pytest.mark.parametrize("together", [False, True])
def test_the_newer_export_wins_through_the_cli(tmp_path, capsys, monkeypatch, together):
    """Ingested in one command or two into one home, under other names; the older
    export ingested again afterwards (re-downloaded: its bytes changed) brings nothing
    back."""
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    old, new = _revisions(
        "v1@x", title="Vector search, revisited", start="20250512T150000", speaker="Nina Neumann"
    )
    first, second = tmp_path / "datadays.ics", tmp_path / "export-2.ics"
    first.write_text(old, encoding="utf-8")
    second.write_text(new, encoding="utf-8")
    home = tmp_path / "home"

    def ingest(*files: Path) -> None:
        assert main(["--home", str(home), "ingest", *map(str, files)]) == 0

    def newer_is_the_talks() -> None:
        talks = _export(capsys, home)
        assert sorted(talks) == ["Lakehouse formats compared", "Vector search, revisited"]
        vector = talks["Vector search, revisited"]
        assert vector["start"] == "15:00"
        assert [s["name"] for s in vector["speakers"]] == ["Nina Neumann"]
        assert [s["document"] for s in vector["sources"]] == ["export-2.ics", "datadays.ics"]
        assert {"title", "start", "speakers"} <= {c["field"] for c in vector["conflicts"]}

    if together:
        ingest(first, second)
    else:
        ingest(first)
        ingest(second)
    newer_is_the_talks()
    first.write_text(old + "\r\n", encoding="utf-8")  # other bytes: read again
    ingest(first)
    newer_is_the_talks()

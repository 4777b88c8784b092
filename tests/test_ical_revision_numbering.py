"""A higher SEQUENCE joins two records of one uid that otherwise contradict only where
the two documents demonstrably number their events alike: a uid both give at one
SEQUENCE is the same talk in the two (its title or a speaker), and none is another.
Files of one conference numbered on their own ("1", "2" per room, per day, per track,
per year) keep every talk, and a later DTSTAMP alone (the export time) drops no
speaker. (Guards from the review of the first fix: each passes on main too.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest import merge_talks, parse_path
from talkbase.core.records import Talk

C = "FooConf 2025"
S0, S1 = "20250401T080000Z", "20250420T080000Z"


def _ev(
    uid: str,
    title: str,
    start: str,
    speaker: str,
    room: str,
    seq: int | None,
    stamp: str,
) -> str:
    lines = [
        "BEGIN:VEVENT",
        f"UID:{uid}",
        f"DTSTART;TZID=Europe/Vienna:{start}",
        "DURATION:PT30M",
        f"SUMMARY:{title}",
        f"LOCATION:{room}",
        f"DESCRIPTION:Speaker: {speaker}",
        f"DTSTAMP:{stamp}",
    ]
    if seq is not None:
        lines.append(f"SEQUENCE:{seq}")
    return "\r\n".join([*lines, "END:VEVENT"]) + "\r\n"


def _cal(name: str | None, *events: str) -> str:
    head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hand//EN\r\n"
    head += f"X-WR-CALNAME:{name}\r\n" if name else ""
    return head + "".join(events) + "END:VCALENDAR\r\n"


def _numbered(*rows: tuple[str, str, str, str, int | None, str]) -> str:
    """One file of `C` numbering its events "1", "2"... in its own order."""
    return _cal(C, *(_ev(str(n), *row) for n, row in enumerate(rows, 1)))


def _merge(tmp_path: Path, files: dict[str, str], conference: str | None = None) -> list[Talk]:
    talks: list[Talk] = []
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        talks += parse_path(tmp_path / name, conference=conference).talks
    return merge_talks(talks)


def _shown(talks: list[Talk]) -> dict[str, list[str]]:
    return {t.title: sorted(s.name for s in t.speakers) for t in talks}


# per-file numbering of one conference: (a file's events, the other file's events)
NUMBERED = {
    "rooms": (  # room B's "1" edited once (SEQUENCE:1); their "2" another talk
        [
            ("Rust in the kernel", "20250512T100000", "Anna Adler", "Room A", 0, S0),
            ("Zig for C people", "20250512T110000", "Bert Bauer", "Room A", 0, S0),
        ],
        [
            ("Kubernetes operators", "20250512T100000", "Carl Cramer", "Room B", 1, S1),
            ("Postgres tuning", "20250512T110000", "Dora Dietz", "Room B", 0, S1),
        ],
    ),
    "days": (  # day 2's events edited
        [
            ("Opening keynote", "20250512T090000", "Anna Adler", "Hall", 0, S0),
            ("Rust in the kernel", "20250512T100000", "Bert Bauer", "Hall", 0, S0),
        ],
        [
            ("Closing keynote", "20250513T090000", "Carl Cramer", "Hall", 1, S1),
            ("Zig for C people", "20250513T100000", "Dora Dietz", "Hall", 2, S1),
        ],
    ),
}


@pytest.mark.parametrize("kind", sorted(NUMBERED))
@pytest.mark.parametrize("newer_first", [False, True])
def test_files_numbered_alike_keep_every_talk(tmp_path, kind, newer_first):
    """A "1" edited once in one file is not the other file's "1": their "2" at one
    SEQUENCE is another talk, so the files number on their own (either order)."""
    older, newer = NUMBERED[kind]
    files = {"a.ics": _numbered(*older), "b.ics": _numbered(*newer)}
    if newer_first:
        files = dict(reversed(files.items()))
    merged = _merge(tmp_path, files)
    assert _shown(merged) == {row[0]: [row[2]] for row in older + newer}


def test_a_file_without_sequence_is_not_older_than_one_with(tmp_path):
    """Track A's tool writes no SEQUENCE, track B's writes SEQUENCE:1 everywhere: a
    missing SEQUENCE is no 0, so no uid of A is revised by B."""
    track_a = _numbered(
        ("Rust in the kernel", "20250512T100000", "Anna Adler", "A", None, S0),
        ("Zig", "20250512T110000", "Bert Bauer", "A", None, S0),
    )
    track_b = _numbered(
        ("Kubernetes operators", "20250512T100000", "Carl Cramer", "B", 1, S1),
        ("Postgres tuning", "20250512T110000", "Dora Dietz", "B", 1, S1),
    )
    assert len(_merge(tmp_path, {"track-a.ics": track_a, "track-b.ics": track_b})) == 4


def test_a_series_calendar_of_two_years_keeps_both_talks(tmp_path):
    name = "Python Meetup Vienna"
    y24 = _cal(name, _ev("1", "Async in depth", "20240312T190000", "Anna Adler", "Hub", 0, S0))
    y25 = _cal(name, _ev("1", "Typing tricks", "20250311T190000", "Carl Cramer", "Hub", 1, S1))
    merged = _merge(tmp_path, {"meetup-2024.ics": y24, "meetup-2025.ics": y25})
    assert sorted(t.title for t in merged) == ["Async in depth", "Typing tricks"]


def test_a_long_uid_reused_per_room_file_keeps_both_talks(tmp_path):
    uid = "slot-1@fooconf.example"
    a = _cal(C, _ev(uid, "Rust in the kernel", "20250512T100000", "Anna Adler", "Room A", 0, S0))
    b = _cal(C, _ev(uid, "Kubernetes operators", "20250512T100000", "Carl Cramer", "Room B", 1, S1))
    assert len(_merge(tmp_path, {"a.ics": a, "b.ics": b})) == 2


def test_a_csv_and_two_room_calendars_keep_their_own_talks(tmp_path):
    """The CSV's talk and room A's record of it stay one talk; room B's "1" its own."""
    csv = (
        "id,title,speaker,date,start,end,room\n"
        "1,Rust in the kernel,Anna Adler,2025-05-12,10:00,10:30,Room A\n"
    )
    a = _cal(C, _ev("1", "Rust in the kernel", "20250512T100000", "Anna Adler", "Room A", 0, S0))
    b = _cal(C, _ev("1", "Kubernetes operators", "20250512T100000", "Carl Cramer", "Room B", 1, S1))
    merged = _merge(tmp_path, {"talks.csv": csv, "a.ics": a, "b.ics": b}, conference=C)
    rust = next(t for t in merged if t.title == "Rust in the kernel")
    kube = next(t for t in merged if t.title == "Kubernetes operators")
    assert sorted(s.document for s in rust.sources) == ["a.ics", "talks.csv"]
    assert [s.document for s in kube.sources] == ["b.ics"]
    assert not kube.conflicts


def test_a_later_stamp_at_one_sequence_drops_no_speaker(tmp_path):
    uid = "vector-1@conf.example"
    a = _cal(
        C, _ev(uid, "Vector search", "20250512T100000", "Ines Gruber, Max Moser", "Saal 2", 0, S0)
    )
    b = _cal(C, _ev(uid, "Vector search", "20250512T100000", "Ines Gruber", "Saal 2", 0, S1))
    (talk,) = _merge(tmp_path, {"a.ics": a, "b.ics": b})
    assert sorted(s.name for s in talk.speakers) == ["Ines Gruber", "Max Moser"]


def test_a_later_stamp_without_sequence_drops_no_speaker(tmp_path):
    uid = "vector-1@conf.example"
    a = _cal(C, _ev(uid, "Vector search", "20250512T100000", "Max Moser", "Saal 2", None, S1))
    b = _cal(C, _ev(uid, "Vector search", "20250512T100000", "Ines Gruber", "Saal 2", None, S0))
    (talk,) = _merge(tmp_path, {"a.ics": a, "b.ics": b})
    assert sorted(s.name for s in talk.speakers) == ["Ines Gruber", "Max Moser"]


def test_a_revision_joins_nothing_where_another_shared_uid_is_another_talk(tmp_path):
    """Two files share one unchanged event (uid "2") — evidence of one numbering — but
    their "3" at one SEQUENCE is another talk: no numbering is shared, so the renamed,
    moved "1" with another speaker stays its own talk (main's rule)."""
    old = _numbered(
        ("Vector search", "20250512T100000", "Ines Gruber", "Saal 2", 0, S0),
        ("Lakehouse formats", "20250512T110000", "Olga Ott", "Saal 2", 0, S0),
        ("Rust in the kernel", "20250512T120000", "Anna Adler", "Saal 2", 0, S0),
    )
    new = _numbered(
        ("Vector search, revisited", "20250512T150000", "Nina Neumann", "Saal 3", 1, S1),
        ("Lakehouse formats", "20250512T110000", "Olga Ott", "Saal 2", 0, S1),
        ("Kubernetes operators", "20250512T120000", "Carl Cramer", "Saal 3", 0, S1),
    )
    merged = _merge(tmp_path, {"old.ics": old, "new.ics": new})
    assert {"Vector search", "Vector search, revisited"} <= {t.title for t in merged}
    assert {"Rust in the kernel", "Kubernetes operators"} <= {t.title for t in merged}

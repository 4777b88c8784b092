"""A UID that a calendar's events of other titles share names none of them (sweep 14
F2: a camp's export gives all its 88 events UID 46939; kept as "46939#2", "#3"... in
the events' order, deleting one event gave 65 talks another talk's id, and saved
agendas and share links pointed at other talks)."""

from __future__ import annotations

from pathlib import Path

from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from ingest.detect import parse_text

EVENTS = [
    ("Opening", "20260814T100000", "Main"),
    ("Digital forensics", "20260814T110000", "Lab"),
    ("Curious minds", "20260814T120000", "Main"),
    ("Satellites on a budget", "20260814T140000", "Lab"),
    ("Closing", "20260814T180000", "Main"),
]


def _calendar(events: list[tuple[str, str, str]], uids: list[str] | None = None) -> str:
    body = "".join(
        "BEGIN:VEVENT\r\n"
        f"UID:{uid}\r\nSUMMARY:{title}\r\nDTSTART;TZID=Europe/Rome:{start}\r\n"
        f"DURATION:PT45M\r\nLOCATION:{room}\r\nEND:VEVENT\r\n"
        for (title, start, room), uid in zip(events, uids or ["46939"] * len(events), strict=True)
    )
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//camp//EN\r\nX-WR-CALNAME:Camp\r\n"
        f"X-WR-TIMEZONE:Europe/Rome\r\n{body}END:VCALENDAR\r\n"
    )


def test_a_uid_all_events_share_is_read_as_none_with_a_warning() -> None:
    _, talks, warnings = parse_text(_calendar(EVENTS), "camp.ics")
    assert [t.uid for t in talks] == [None] * len(EVENTS)
    assert any("5 events share the UID '46939'" in w for w in warnings)


def test_a_uid_of_one_event_each_is_kept() -> None:
    uids = [f"talk-{i}" for i in range(len(EVENTS))]
    _, talks, warnings = parse_text(_calendar(EVENTS, uids), "camp.ics")
    assert [t.uid for t in talks] == uids
    assert not any("share the UID" in w for w in warnings)


def _ids(home: Path, embedder) -> dict[str, int]:
    with KnowledgeBase(home, embedder) as kb:
        return {t.title: tid for tid, t in kb.talks.items()}


def _ingested_twice(
    tmp_path: Path, embedder, then: list[tuple[str, str, str]]
) -> tuple[dict[str, int], dict[str, int]]:
    """Each talk's id after ingesting `EVENTS`, and after ingesting `then` over them."""
    doc, home = tmp_path / "camp.ics", tmp_path / "home"
    ids = []
    for events in (EVENTS, then):
        doc.write_text(_calendar(events))
        ingest([doc], home, embedder)
        ids.append(_ids(home, embedder))
    return ids[0], ids[1]


def test_deleting_one_event_keeps_every_other_talks_id(tmp_path: Path, hashing_embedder) -> None:
    kept = [e for e in EVENTS if e[0] != "Digital forensics"]
    before, after = _ingested_twice(tmp_path, hashing_embedder, kept)
    assert set(after) == set(before) - {"Digital forensics"}
    assert {t: before[t] for t in after} == after


def test_swapping_two_events_keeps_their_ids(tmp_path: Path, hashing_embedder) -> None:
    swapped = [EVENTS[0], EVENTS[2], EVENTS[1], *EVENTS[3:]]
    before, after = _ingested_twice(tmp_path, hashing_embedder, swapped)
    assert after == before

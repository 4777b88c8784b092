"""Sweep 7 (calendars, site data, one program under two names): all-day workshops
in a calendar of timed talks (report 17), a Jekyll site's speakers given by ids
(report 14), and one file saved twice by a browser and ingested in one command
(report 24)."""

from __future__ import annotations

import hashlib
from datetime import date

import pytest

from ingest.formats import ical
from talkbase.core.errors import InputError
from talkbase.core.records import Speaker

ALLDAY = """\
BEGIN:VCALENDAR
X-WR-CALNAME:KubeDays Warsaw 2026
BEGIN:VEVENT
UID:ws-cka
DTSTART;VALUE=DATE:20260908
DTEND;VALUE=DATE:20260910
SUMMARY:Workshop: CKA preparation bootcamp (two days)
LOCATION:Training room 1
DESCRIPTION:Speakers: Marek Nowak
END:VEVENT
BEGIN:VEVENT
UID:ws-ebpf
DTSTART;VALUE=DATE:20260909
SUMMARY:eBPF for operators
DESCRIPTION:Speakers: Anna Wiśniewska
END:VEVENT
BEGIN:VEVENT
UID:desk
DTSTART;VALUE=DATE:20260908
DTEND;VALUE=DATE:20260911
SUMMARY:Registration desk open
LOCATION:Foyer
END:VEVENT
BEGIN:VEVENT
UID:kind
DTSTART;VALUE=DATE:20260910
SUMMARY:Hands-on lab
CATEGORIES:Workshop
END:VEVENT
BEGIN:VEVENT
UID:talk-1
DTSTART;TZID=Europe/Warsaw:20260910T093000
DTEND;TZID=Europe/Warsaw:20260910T101500
SUMMARY:Scaling etcd beyond 10k nodes
DESCRIPTION:Speakers: Piotr Zieliński
END:VEVENT
END:VCALENDAR
"""


def test_all_day_event_naming_its_speakers_is_kept_on_its_first_day() -> None:
    """An all-day event whose own text says it is a session (speakers, a session
    kind in CATEGORIES or leading its title) is kept on its first day with no time;
    a frame of the days (a registration desk naming nobody) is still skipped."""
    talks, warnings = ical.parse(ALLDAY, "k.ics")
    by = {t.title: t for t in talks}
    assert list(by) == [
        "Workshop: CKA preparation bootcamp (two days)",
        "eBPF for operators",
        "Hands-on lab",
        "Scaling etcd beyond 10k nodes",
    ]
    cka = by["Workshop: CKA preparation bootcamp (two days)"]
    assert (cka.start, cka.end, cka.day, cka.room) == (
        None,
        None,
        date(2026, 9, 8),
        "Training room 1",
    )
    assert cka.speakers == (Speaker("Marek Nowak"),)
    assert cka.notes == (("Days", "2026-09-08 to 2026-09-09"),)
    assert cka.sources[0].section == "2026-09-08"
    ebpf = by["eBPF for operators"]
    assert (ebpf.start, ebpf.day, ebpf.notes) == (None, date(2026, 9, 9), ())
    assert by["Hands-on lab"].day == date(2026, 9, 10)
    assert warnings == [
        "k.ics line 3: 'Workshop: CKA preparation bootcamp (two days)' is an all-day event "
        "of 2 days (2026-09-08 to 2026-09-09); kept on its first day with no time",
        "k.ics line 17: 'Registration desk open' is an all-day event (DTSTART;VALUE=DATE), "
        "not a session; skipped",
    ]


def test_all_day_event_attended_but_not_given_stays_no_session() -> None:
    """An ATTENDEE is invited, not a speaker: a birthday with guests is no session,
    and a calendar of nothing else is refused as before."""
    text = (
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:b\nDTSTART;VALUE=DATE:20260915\n"
        "SUMMARY:Mum birthday\nATTENDEE;CN=Ann Lee:mailto:a@example.org\nEND:VEVENT\n"
        "END:VCALENDAR\n"
    )
    with pytest.raises(InputError, match="all-day"):
        ical.parse(text, "p.ics")


SCHEDULE = """\
conference: PyCon Estonia 2026
timezone: Europe/Tallinn
days:
  - date: 2026-10-01
    slots:
      - start: "09:30"
        end: "10:15"
        sessions:
          - title: "Pythoni tüübid: mypy ja pyright"
            speakers: [kaarel]
            room: saal-a
          - title: "Async Django in production"
            speakers: [liis, mart]
            room: saal-b
"""


def _site(tmp_path, **files: str):
    data = tmp_path / "_data"
    data.mkdir()
    for name, text in files.items():
        (data / name.replace("_yml", ".yml").replace("_json", ".json")).write_text(text)
    return tmp_path


def test_site_data_names_the_ids_its_program_gives(tmp_path) -> None:
    """A Jekyll site's `_data/schedule.yml` names speakers and rooms by ids that
    `_data/speakers.yml` (a list with ids) and `_data/rooms.json` (a mapping of ids)
    define: read together, the talks get the names and organisations; the tables are
    told in notices, not as failures, and a file that is neither stays a failure."""
    from index.build.builder import parse_all
    from index.build.report import Report

    site = _site(
        tmp_path,
        schedule_yml=SCHEDULE,
        speakers_yml="- id: kaarel\n  name: Kaarel Tamm\n  company: Bolt\n"
        "- id: liis\n  name: Liis Kask\n- id: mart\n  first_name: Mart\n  last_name: Saar\n",
        rooms_json='{"saal-a": {"name": "Saal A"}, "saal-b": {"name": "Saal B"}}',
        notes_yml="just: text\n",
    )
    report = Report()
    (doc,) = parse_all([site], None, report)
    assert [(t.title, t.speakers, t.room) for t in doc.talks] == [
        ("Pythoni tüübid: mypy ja pyright", (Speaker("Kaarel Tamm", "Bolt"),), "Saal A"),
        ("Async Django in production", (Speaker("Liis Kask"), Speaker("Mart Saar")), "Saal B"),
    ]
    assert [e.path for e in report.failed] == ["notes.yml"]
    assert report.notices == [
        "rooms.json: a table of 2 rooms by id, no program; read as the reference table "
        "of the programs given with it",
        "speakers.yml: a table of 3 speakers by id, no program; read as the reference table "
        "of the programs given with it",
        "schedule.yml: the speakers and rooms are given by id; named as rooms.json and "
        "speakers.yml name them",
    ]


def test_a_table_alone_is_still_refused_and_names_stay_names(tmp_path) -> None:
    """A table of people read with nothing else is no program (the command fails as
    before); a program whose speakers are names is left as it is, and is stored
    under its own bytes' digest."""
    from index.build.builder import parse_all
    from index.build.report import Report

    people = "- id: kaarel\n  name: Kaarel Tamm\n"
    site = _site(tmp_path, speakers_yml=people)
    with pytest.raises(InputError, match="no talks found"):
        parse_all([site / "_data" / "speakers.yml"], None, Report())
    named = SCHEDULE.replace("[kaarel]", "[Kaarel Tamm]").replace("[liis, mart]", "[Liis Kask]")
    (site / "_data" / "schedule.yml").write_text(named)
    report = Report()
    (doc,) = parse_all([site], None, report)
    assert [t.speakers for t in doc.talks] == [(Speaker("Kaarel Tamm"),), (Speaker("Liis Kask"),)]
    assert len(report.notices) == 1 and not report.failed
    assert doc.sha256 == hashlib.sha256(named.encode()).hexdigest()


CSV = "Title,Speaker,Date,Start,End,Room\n" + "".join(
    f"Talk number {n},Speaker {n},2026-04-14,{9 + n}:00,{9 + n}:45,Zaal 1\n" for n in range(6)
)


def _ingest(home, *files):
    from index.build.builder import ingest
    from index.encoders.hashing import HashingEmbedder

    return ingest(list(files), home, HashingEmbedder())


def _stored(home) -> list[tuple[str, str]]:
    from index.encoders.hashing import HashingEmbedder
    from index.search.kb import KnowledgeBase

    kb = KnowledgeBase(home, embedder=HashingEmbedder())
    return sorted((t.title, t.conference or "") for t in kb.talks.values())


def test_one_file_saved_twice_is_one_program_in_one_command_as_in_two(tmp_path) -> None:
    """ "schedule.csv" and its second download "schedule (1).csv" given in one command
    are read once, as two commands read them (the second a new version of the first):
    the same talks, the same conference, one notice."""
    first, copy = tmp_path / "schedule.csv", tmp_path / "schedule (1).csv"
    first.write_text(CSV)
    copy.write_text(CSV)
    report = _ingest(tmp_path / "one", first, copy)
    assert [d.name for d in report.documents] == ["schedule.csv"]
    assert [n for n in report.notices if "given with it" in n] == [
        f"{copy}: the same file as {first}, given with it: read once, as schedule.csv"
    ]
    _ingest(tmp_path / "two", first)
    _ingest(tmp_path / "two", copy)
    assert _stored(tmp_path / "one") == _stored(tmp_path / "two")
    assert {c for _, c in _stored(tmp_path / "one")} == {"schedule"}


def test_the_newer_copy_is_the_version_read_unless_it_looks_cut_short(tmp_path) -> None:
    """Of two copies that differ, the one written last is the new version; one that
    lost most talks beside the other is refused as cut short, as a second command
    would refuse it, and the other is read."""
    import os

    old, new = tmp_path / "schedule.csv", tmp_path / "schedule (1).csv"
    old.write_text(CSV)
    new.write_text(CSV.replace("Talk number 5", "Talk number five"))
    os.utime(old, (1_000_000, 1_000_000))
    report = _ingest(tmp_path / "h", new, old)
    assert [d.name for d in report.documents] == ["schedule.csv"]
    assert "Talk number five" in {t for t, _ in _stored(tmp_path / "h")}
    assert any("the newest version of the program in" in n for n in report.notices)
    cut = tmp_path / "cut" / "schedule (2).csv"
    cut.parent.mkdir()
    cut.write_text("".join(CSV.splitlines(keepends=True)[:3]))
    report = _ingest(tmp_path / "h2", old, cut)
    assert [d.path for d in report.documents] == [str(old)]
    assert [e.path for e in report.failed] == [str(cut)]
    assert "the version given as schedule.csv" in str(report.failed[0])


def test_two_programs_of_one_file_name_in_one_command_stay_two(tmp_path) -> None:
    """Two files of one name holding different programs (other talks, other days)
    are still both read, each named by its path's end."""
    a, b = tmp_path / "2025" / "schedule.csv", tmp_path / "2026" / "schedule.csv"
    a.parent.mkdir()
    b.parent.mkdir()
    a.write_text(CSV.replace("Talk number", "Old talk").replace("2026-04-14", "2025-04-14"))
    b.write_text(CSV)
    report = _ingest(tmp_path / "h", a, b)
    assert sorted(d.name for d in report.documents) == ["2025/schedule.csv", "2026/schedule.csv"]

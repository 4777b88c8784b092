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

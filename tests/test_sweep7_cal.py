"""Sweep 7 (calendars, site data, one program under two names): all-day workshops
in a calendar of timed talks (report 17), a Jekyll site's speakers given by ids
(report 14), and one file saved twice by a browser and ingested in one command
(report 24)."""

from __future__ import annotations

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

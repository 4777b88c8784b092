"""Sweep 11: program documents whose shape the readers got wrong silently."""

from __future__ import annotations

from datetime import date

import pytest

from ingest import parse_text

DATE_ONLY = {
    "csv": (
        "program.csv",
        "Title,Speaker,Start,Room,Timezone\n"
        "Date only,Toni Date,2026-09-11,Saal 1,Europe/Vienna\n"
        "At midnight,Uli Time,2026-09-11 00:00,Saal 1,Europe/Vienna\n",
    ),
    "json": (
        "program.json",
        '{"conference": "C", "timezone": "Europe/Vienna", "talks": ['
        '{"title": "Date only", "speaker": "Sepp Maier", "start": "2026-09-11"},'
        '{"title": "At midnight", "speaker": "Uli Time", "start": "2026-09-11T00:00:00"}]}',
    ),
    "yaml": (
        "program.yml",
        "conference: C\ntimezone: Europe/Vienna\ntalks:\n"
        "  - title: Date only\n    speaker: Quirin Lang\n    start: 2026-09-11\n"
        "  - title: At midnight\n    speaker: Rosa Klein\n    start: '2026-09-11 00:00'\n",
    ),
    "toml": (
        "program.toml",
        'title = "C"\ntimezone = "Europe/Vienna"\n'
        '[[talks]]\ntitle = "Date only"\nspeaker = "Nico Bauer"\nstart = 2026-09-11\n'
        '[[talks]]\ntitle = "At midnight"\nspeaker = "Uli Time"\nstart = 2026-09-11T00:00:00\n',
    ),
}


@pytest.mark.parametrize("kind", sorted(DATE_ONLY))
def test_a_start_that_is_a_date_alone_is_its_day_at_no_time(kind):
    """F36: "2026-09-11" as a start is the talk's day and no time (program_day),
    never 00:00; a written 00:00 stays midnight."""
    name, text = DATE_ONLY[kind]
    _, talks, _ = parse_text(text, name)
    by = {t.title: t for t in talks}
    assert by["Date only"].start is None
    assert by["Date only"].program_day == date(2026, 9, 11)
    midnight = by["At midnight"].start
    assert midnight is not None and (midnight.hour, midnight.minute) == (0, 0)
    assert midnight.date() == date(2026, 9, 11)

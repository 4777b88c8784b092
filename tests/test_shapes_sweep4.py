"""Shapes of sweep 4: an Outlook calendar in German, Portuguese, Polish and Dutch
Markdown programs, a pipe table dated by its title, CJK dates in a table."""

from __future__ import annotations

from ingest.formats import ical

OUTLOOK = """\
BEGIN:VCALENDAR
PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN
VERSION:2.0
BEGIN:VEVENT
DESCRIPTION:Sprecher: Eva Hoffmann\\, SAP SE\\n\\nWie wir ABAP modernisieren.
DTSTART;TZID="W. Europe Standard Time":20240918T110000
DTEND;TZID="W. Europe Standard Time":20240918T113000
LOCATION:Raum Berlin
SUMMARY;LANGUAGE=de:ABAP Cloud in der Praxis
UID:o1
END:VEVENT
BEGIN:VEVENT
DESCRIPTION:Sprecher: Jan Vogel\\, Zalando
DTSTART;TZID="W. Europe Standard Time":20240918T133000
DTEND;TZID="W. Europe Standard Time":20240918T140000
SUMMARY;LANGUAGE=de:Event Sourcing mit Kafka
UID:o2
END:VEVENT
END:VCALENDAR
"""


def test_ics_speaker_label_in_another_language_name_org_and_language_parameter() -> None:
    """ "Sprecher:" is a speaker's label as "Speaker:" is (the labels of
    ingest/formats/columns.py); "Name, Org" in every speaker line is a name and its
    organisation; SUMMARY;LANGUAGE=de is the talk's language."""
    talks, warnings = ical.parse(OUTLOOK, "o.ics")
    assert [(t.speakers[0].name, t.speakers[0].affiliation) for t in talks] == [
        ("Eva Hoffmann", "SAP SE"),
        ("Jan Vogel", "Zalando"),
    ]
    assert [len(t.speakers) for t in talks] == [1, 1]
    assert talks[0].abstract == "Wie wir ABAP modernisieren."
    assert [t.language for t in talks] == ["de", "de"]
    assert talks[0].start is not None and talks[0].start.isoformat() == "2024-09-18T11:00:00+02:00"
    assert any('"Name, Organisation"' in w for w in warnings)

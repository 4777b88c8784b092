"""Shapes of sweep 4: an Outlook calendar in German, Portuguese, Polish and Dutch
Markdown programs, a pipe table dated by its title, CJK dates in a table."""

from __future__ import annotations

from ingest.formats import ical, markdown

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


def _md(text: str) -> tuple[list, list[str]]:
    return markdown.parse(text, "p.md", default_tz="UTC")


PORTUGUESE = """\
# Python Brasil 2024 — Programação

Horário de Brasília (America/Sao_Paulo).

## Sábado, 5 de outubro de 2024

**14h30 – 15h10 — Auditório Principal**
### Django assíncrono na prática
Palestrante: Ana Beatriz Souza (Globo)
Como migramos para ASGI.

**15h20 – 15h50 — Sala 2**
### Pandas para jornalistas de dados
Palestrante: Carlos Eduardo Lima (Folha de S.Paulo)
"""


def test_md_time_line_right_above_each_talk_heading_and_a_label_in_portuguese() -> None:
    """ "14h30" read by the one clock parser (ingest/when.py); the time line over
    each heading is that talk's, not the end of the talk before; "Palestrante:" is
    a speaker's label."""
    talks, warnings = _md(PORTUGUESE)
    assert [(t.start.isoformat(), t.end.isoformat()) for t in talks if t.start and t.end] == [
        ("2024-10-05T14:30:00-03:00", "2024-10-05T15:10:00-03:00"),
        ("2024-10-05T15:20:00-03:00", "2024-10-05T15:50:00-03:00"),
    ]
    assert [t.room for t in talks] == ["Auditório Principal", "Sala 2"]
    assert [(s.name, s.affiliation) for t in talks for s in t.speakers] == [
        ("Ana Beatriz Souza", "Globo"),
        ("Carlos Eduardo Lima", "Folha de S.Paulo"),
    ]
    assert talks[0].abstract == "Como migramos para ASGI."
    assert warnings == []


POLISH = """\
# Program konferencji 2024

Wszystkie godziny w czasie lokalnym (Europe/Warsaw).

## Sobota, 5 października 2024

### 09:00–09:45 · Sala Wawel
**Architektura heksagonalna w praktyce**
Prelegent: Katarzyna Lewandowska (Comarch)

Jak oddzielić domenę od infrastruktury.

### 10:00–10:30 · Sala Sukiennice
**Testy kontraktowe z Pactem**
Prelegent: Paweł Kamiński (Allegro)
"""


def test_md_heading_of_time_and_room_over_a_bold_title() -> None:
    talks, _ = _md(POLISH)
    assert [t.title for t in talks] == [
        "Architektura heksagonalna w praktyce",
        "Testy kontraktowe z Pactem",
    ]
    assert [t.room for t in talks] == ["Sala Wawel", "Sala Sukiennice"]
    assert [(s.name, s.affiliation) for s in talks[0].speakers] == [
        ("Katarzyna Lewandowska", "Comarch")
    ]
    assert talks[0].start is not None and talks[0].start.isoformat() == "2024-10-05T09:00:00+02:00"
    assert talks[0].abstract == "Jak oddzielić domenę od infrastruktury."


def test_md_list_line_parts_between_bars_time_room_title_speaker() -> None:
    text = (
        "# Devoxx 2024\n\n## Donderdag 10 oktober 2024\n\n"
        "- **09:30 – 10:15** | Zaal 8 | *Quarkus in de praktijk* — Jan De Vries (ING)\n"
        "- **10:30 – 11:00** | Zaal 5 | *Veilig omgaan met secrets* — Eva Janssens (Belfius)\n"
    )
    talks, _ = _md(text)
    assert [(t.title, t.room) for t in talks] == [
        ("Quarkus in de praktijk", "Zaal 8"),
        ("Veilig omgaan met secrets", "Zaal 5"),
    ]
    assert [(s.name, s.affiliation) for s in talks[0].speakers] == [("Jan De Vries", "ING")]

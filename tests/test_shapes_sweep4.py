"""Shapes of sweep 4: an Outlook calendar in German, Portuguese, Polish and Dutch
Markdown programs, a pipe table dated by its title, CJK dates in a table."""

from __future__ import annotations

from datetime import date

from ingest import when
from ingest.detect import parse_path
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


def test_ics_plural_speakers_label_lists_people_not_an_organisation() -> None:
    text = OUTLOOK.replace("Sprecher: Eva Hoffmann\\, SAP SE", "Speakers: Ann Lee\\, Bo Chen")
    talks, _ = ical.parse(text, "o.ics")
    assert [(s.name, s.affiliation) for s in talks[0].speakers] == [
        ("Ann Lee", None),
        ("Bo Chen", None),
    ]


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


MD_TABLE = """\
# SREcon23 EMEA — Day 1 (Tuesday 24 October 2023, Dublin, IST/UTC+1)

| Time        | Room       | Talk                                   | Speaker(s)            |
|-------------|------------|----------------------------------------|-----------------------|
| 09:30–10:15 | Liffey A   | The SRE I aspire to be                 | Yury Niño (Google)    |
| 10:45–11:30 | Liffey B   | Incident review: a 14-hour outage      | Laura Nolan (Slack)   |
"""


def test_md_pipe_table_under_one_heading_is_detected_and_dated_by_it(tmp_path) -> None:
    """One heading over a table of talks is a Markdown program; the date in its
    parentheses is the talks' day, its "UTC+1" their zone."""
    path = tmp_path / "day1.md"
    path.write_text(MD_TABLE, encoding="utf-8")
    doc = parse_path(path)
    assert [(t.title, t.start.isoformat() if t.start else None) for t in doc.talks] == [
        ("The SRE I aspire to be", "2023-10-24T09:30:00+01:00"),
        ("Incident review: a 14-hour outage", "2023-10-24T10:45:00+01:00"),
    ]
    assert [t.room for t in doc.talks] == ["Liffey A", "Liffey B"]
    assert not any("no date" in w for w in doc.warnings)


def test_table_dates_with_year_month_day_characters(tmp_path) -> None:
    """ "2024年10月5日" (Japanese, Chinese; Korean "2024년 10월 5일") is read by the one
    date parser (ingest/when.py), so the talks keep their times."""
    path = tmp_path / "jp.tsv"
    path.write_text(
        "title\tspeaker\tdate\tstart\tend\troom\n"
        "型安全なRustでWebサーバーを書く\t山田 太郎\t2024年10月5日\t10:00\t10:40\tホールA\n"
        "フロントエンドのアクセシビリティ\t鈴木 一郎\t2024年10月6日（日）\t13:30\t14:00\tホールA\n",
        encoding="utf-8",
    )
    doc = parse_path(path)
    assert [f"{t.start:%Y-%m-%d %H:%M}-{t.end:%H:%M}" for t in doc.talks if t.start and t.end] == [
        "2024-10-05 10:00-10:40",
        "2024-10-06 13:30-14:00",
    ]
    assert not any("cannot read the date" in w for w in doc.warnings)
    assert when.parse_date("2024년 10월 5일") == date(2024, 10, 5)
    assert when.parse_date("2024年2月30日") is None

"""Sweep 9's table, spreadsheet and JSON shapes (an outside tester's documents, cut
down): a Markdown table's "<br>" and struck-through talk, Notion's relation links and
date ranges, a Google Sheet's day rows, a CSV title row naming the day, an Excel room
merged over two rows, form and Airtable headers ("Time End", "Room/Location
(Optional)", "Room (from Rooms)"), headers of two words naming the title in Turkish
and Russian, WordPress posts and a GeoJSON map refused, a site's schedule whose
speakers are ids warned of."""

from __future__ import annotations

from datetime import datetime, time
from pathlib import Path

import pytest
from openpyxl import Workbook

from index.build.builder import parse_all
from index.build.report import Report
from ingest import parse_text
from ingest.detect import parse_path
from ingest.formats.columns import resolve
from talkbase.core.errors import InputError


def _people(talk) -> list[tuple[str, str | None]]:
    return [(s.name, s.affiliation) for s in talk.speakers]


MD_TABLE = """# FOSS Backstage 2026 — Schedule

All times are Berlin time (CEST).

## Monday, 9 March 2026

| Time | Session | Speaker(s) | Room |
|------|---------|------------|------|
| 09:00 – 09:45 | **Opening keynote**<br>Open source in 2026 | Ruth Suehle<br>*Apache Software Foundation* | Hall |
| 10:00 – 10:30 | Governance | Dawn Foster (CHAOSS), Brian Proffitt | Room 1 |
| 10:00 – 10:30 | SBOMs | Ana Jiménez Santamaría<br>OpenSSF | Room 2 |
| 11:30 – 12:00 | ~~Community metrics that matter~~ *cancelled* | Georg Link | Room 2 |
"""


def test_a_markdown_table_cell_of_two_lines_and_a_struck_talk():
    _, talks, _ = parse_text(MD_TABLE, "README.md")
    by = {t.title: t for t in talks}
    assert set(by) == {
        "Opening keynote: Open source in 2026",
        "Governance",
        "SBOMs",
        "Community metrics that matter",
    }
    assert _people(by["Opening keynote: Open source in 2026"]) == [
        ("Ruth Suehle", "Apache Software Foundation")
    ]
    assert _people(by["SBOMs"]) == [("Ana Jiménez Santamaría", "OpenSSF")]
    assert _people(by["Governance"]) == [("Dawn Foster", "CHAOSS"), ("Brian Proffitt", None)]
    assert by["Community metrics that matter"].cancelled
    assert not by["SBOMs"].cancelled


def test_two_names_on_two_lines_are_two_people():
    text = 'Title,Date,Start,Speakers\nPairing,2026-03-09,10:00,"Alice Smith\nBob Jones"\n'
    _, talks, _ = parse_text(text, "p.csv")
    assert _people(talks[0]) == [("Alice Smith", None), ("Bob Jones", None)]


NOTION = (
    "\ufeffName,Date,Stage,Speaker(s),Status\n"
    'Offline-first,"October 20, 2026 9:00 AM (CEST) → 9:40 AM",Stage A,'
    '"Lea Fischer (https://www.notion.so/Lea-Fischer-8d1e0b3c2a7f)",Confirmed\n'
    'State machines,"October 20, 2026 2:00 PM (CEST) → 2:40 PM",Stage B,'
    '"Omar Haddad (https://www.notion.so/Omar-1a2b), Julia Santos (https://www.notion.so/J-0f9e)"'
    ",Cancelled\n"
)


def test_notion_links_are_no_affiliation_and_its_date_ranges_are_read():
    _, talks, warnings = parse_text(NOTION, "Talks 3f9a2c.csv")
    assert [_people(t) for t in talks] == [
        [("Lea Fischer", None)],
        [("Omar Haddad", None), ("Julia Santos", None)],
    ]
    first, second = talks
    assert first.start.replace(tzinfo=None) == datetime(2026, 10, 20, 9, 0)
    assert first.end.replace(tzinfo=None) == datetime(2026, 10, 20, 9, 40)
    assert first.start.utcoffset().total_seconds() == 2 * 3600  # CEST
    assert (second.start.time(), second.end.time()) == (time(14, 0), time(14, 40))
    assert second.cancelled
    assert not any("without a day" in w or "without a time" in w for w in warnings)


def test_an_arrow_range_whose_end_repeats_the_date():
    text = 'Title,Date\nTalk,"October 20, 2026 9:00 AM → October 20, 2026 9:40 AM"\n'
    _, talks, _ = parse_text(text, "n.csv")
    assert (talks[0].start.time(), talks[0].end.time()) == (time(9, 0), time(9, 40))


GSHEET = """,Time,Session,Speaker,Room
,"THURSDAY, 5 MARCH 2026",,,
,9:00 - 9:30,Registration,,Foyer
,10:30 - 11:15,Building FHIR APIs with Go,Lars Eriksen,Room 1
,"FRIDAY, 6 MARCH 2026",,,
,9:30 - 10:15,Clinical NLP in 2026,Hannah Schwartz,Main stage
"""


def test_day_rows_inside_a_table_date_the_rows_below():
    _, talks, warnings = parse_text(GSHEET, "agenda.csv")
    assert [(t.title, t.start.date().isoformat(), t.start.time()) for t in talks] == [
        ("Registration", "2026-03-05", time(9, 0)),
        ("Building FHIR APIs with Go", "2026-03-05", time(10, 30)),
        ("Clinical NLP in 2026", "2026-03-06", time(9, 30)),
    ]
    assert any("2 row(s) name a day" in w for w in warnings)
    assert not any("without a title" in w for w in warnings)


@pytest.mark.parametrize(
    "title", ["Day 1 — Thursday 5 March 2026", "ConfettiConf 2026 – Thursday 5 March 2026"]
)
def test_a_csv_title_row_naming_the_day_dates_its_rows(title: str):
    text = f"{title},,,\nTime,Title,Speakers,Room\n09:00-09:30,Welcome,Organisers,Hall A\n"
    _, talks, warnings = parse_text(text, "day1.csv")
    assert talks[0].start.date().isoformat() == "2026-03-05"
    assert any("rows that give no date are on 2026-03-05" in w for w in warnings)


def test_a_csv_title_row_naming_two_days_dates_no_row():
    text = "Conf 2026 — 3–4 June 2026,,\nTime,Title,Room\n09:00-09:30,Welcome,Hall A\n"
    _, talks, _ = parse_text(text, "p.csv")
    assert talks[0].start is None


def test_an_excel_cell_merged_over_two_rows_is_each_rows(tmp_path: Path):
    wb = Workbook()
    ws = wb.active
    ws.title = "Wednesday 21 Oct 2026"
    for row in [
        ("Start", "End", "Title", "Room"),
        (time(9, 0), time(9, 45), "GitOps at the edge", "Aula"),
        (time(10, 0), time(10, 30), "Chaos engineering", "Room E12"),
        (time(10, 0), time(10, 30), "Open spaces", None),
    ]:
        ws.append(list(row))
    ws.merge_cells("D3:D4")
    wb.save(tmp_path / "p.xlsx")
    talks = parse_path(tmp_path / "p.xlsx").talks
    assert [t.room for t in talks] == ["Aula", "Room E12", "Room E12"]


@pytest.mark.parametrize(
    ("header", "field"),
    [
        ("Time End", "end"),
        ("Time Start", "start"),
        ("Room/Location (Optional)", "room"),
        ("Speakers (Optional)", "speakers"),
        ("Tracks (Optional)", "track"),
        ("Room (from Rooms)", "room"),
        ("Presenter Company (from Presenters)", "affiliation"),
        ("Oturum Başlığı", "title"),
        ("Название доклада", "title"),
    ],
)
def test_headers_said_another_way(header: str, field: str):
    assert resolve(["Name of nothing", header]).get(field) == header


def test_a_forms_speakers_before_its_authors_whatever_their_order():
    cols = resolve(["Session Title", "Authors (Optional)", "Speakers (Optional)"])
    assert cols["speakers"] == "Speakers (Optional)"


def test_an_aside_naming_an_unknown_unit_is_still_no_duration():
    assert "duration" not in resolve(["Title", "Duration (slots)"])


def test_airtable_lookups_give_the_room_and_each_presenters_company():
    text = (
        "Session Name,Start Time,Room (from Rooms),Presenter Names (from Presenters),"
        "Presenter Company (from Presenters)\n"
        'RISC-V,2026-05-12T17:00:00.000Z,Hall 2,"Bruno Costa,Helena Sousa",'
        '"University of Porto,INESC TEC"\n'
    )
    _, talks, _ = parse_text(text, "Sessions-Grid view.csv")
    assert talks[0].room == "Hall 2"
    assert _people(talks[0]) == [
        ("Bruno Costa", "University of Porto"),
        ("Helena Sousa", "INESC TEC"),
    ]


def test_turkish_and_russian_title_headers_of_two_words():
    tr = "Tarih;Saat;Oturum Başlığı;Konuşmacı;Salon\n21.10.2026;09:30 - 10:15;Açılış;Ayşe Demir;Salon A\n"
    _, talks, _ = parse_text(tr, "program.csv")
    assert [(t.title, t.room) for t in talks] == [("Açılış", "Salon A")]
    ru = "Дата;Время;Название доклада;Докладчик;Зал\n14.05.2026;10:00–10:45;Открытие;Оргкомитет;Зал 2\n"
    _, talks, _ = parse_text(ru, "raspisanie.csv")
    assert [(t.title, t.room, t.start.time()) for t in talks] == [("Открытие", "Зал 2", time(10))]


WP_POSTS = """[{"id": 101, "date": "2026-03-02T08:15:00", "slug": "autovacuum", "status": "publish",
 "type": "post", "title": {"rendered": "What I learnt tuning autovacuum"},
 "content": {"rendered": "<p>Autovacuum is not the enemy.</p>"}, "author": 1, "categories": [3]},
 {"id": 102, "date": "2026-02-14T19:40:00", "slug": "rust-errors", "status": "publish",
 "type": "post", "title": {"rendered": "Error handling in Rust"},
 "content": {"rendered": "<p>thiserror.</p>"}, "author": 1, "categories": [4]}]"""

GEOJSON = """{"type": "FeatureCollection", "features": [
 {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.40, 52.52]},
  "properties": {"name": "Main Hall", "title": "Keynote stage", "description": "Ground floor."}},
 {"type": "Feature", "geometry": {"type": "Point", "coordinates": [13.41, 52.52]},
  "properties": {"name": "Lab", "title": "Hands-on room", "description": "Second floor."}}]}"""


def test_wordpress_posts_are_refused():
    with pytest.raises(InputError, match="status of publication"):
        parse_text(WP_POSTS, "wp-posts.json")


def test_a_program_of_published_sessions_with_rooms_is_read():
    text = WP_POSTS.replace('"categories"', '"room": "Hall 1", "categories"')
    _, talks, _ = parse_text(text, "sessions.json")
    assert len(talks) == 2


def test_published_sessions_of_one_day_are_a_program_not_posts():
    """Review: sessions with "status": "published" and nothing but a title and a start
    were refused as a blog's posts; posts are dated a day each, sessions share days."""
    text = (
        '{"conference": "Open Data Day 2026", "sessions": ['
        '{"id": 1, "title": "Dados abertos na prefeitura", '
        '"start": "2026-03-07T09:00:00-03:00", "status": "published"},'
        '{"id": 2, "title": "Transparência orçamentária com Python", '
        '"start": "2026-03-07T10:00:00-03:00", "status": "published"},'
        '{"id": 3, "title": "Mapeamento colaborativo", '
        '"start": "2026-03-07T11:00:00-03:00", "state": "published"}]}'
    )
    _, talks, _ = parse_text(text, "sessions.json")
    assert len(talks) == 3


def test_a_geojson_map_is_refused():
    with pytest.raises(InputError, match="GeoJSON map"):
        parse_text(GEOJSON, "venues.geojson", "json")


SCHEDULE = """timezone: Europe/Vilnius
days:
  - date: 2026-03-07
    slots:
      - time: "9:30"
        end: "10:15"
        title: Packaging, finally boring
        speakers: [pradyun]
        room: Main Hall
      - time: "10:30"
        end: "11:00"
        title: Typing NumPy code
        speakers: [ruta, jonas]
        room: Main Hall
"""


def test_a_schedule_whose_speakers_are_ids_is_warned_of_without_its_table(tmp_path: Path):
    (tmp_path / "schedule.yml").write_text(SCHEDULE, encoding="utf-8")
    (doc,) = parse_all([tmp_path / "schedule.yml"], None, Report())
    assert any("speakers are ids" in w and "'pradyun'" in w for w in doc.warnings)
    people = "- id: pradyun\n  name: Pradyun Gedam\n- id: ruta\n  name: Ruta K\n- id: jonas\n  name: Jonas P\n"
    (tmp_path / "speakers.yml").write_text(people, encoding="utf-8")
    (doc,) = parse_all([tmp_path], None, Report())
    assert not any("speakers are ids" in w for w in doc.warnings)
    assert _people(doc.talks[0]) == [("Pradyun Gedam", None)]


def test_speakers_with_names_are_no_ids(tmp_path: Path):
    (tmp_path / "schedule.yml").write_text(
        SCHEDULE.replace("[pradyun]", "[Pradyun Gedam]").replace("[ruta, jonas]", "[Ruta K]"),
        encoding="utf-8",
    )
    (doc,) = parse_all([tmp_path / "schedule.yml"], None, Report())
    assert not any("speakers are ids" in w for w in doc.warnings)


def test_a_zone_said_in_the_header_of_the_times_is_the_tables():
    """Review: "Start (CEST)" was read once its aside was set aside, but in the default
    zone, without a word; the zone the header says is the one its times are in."""
    text = (
        "Title,Speaker,Date,Start (CEST),Room\n"
        "Keynote: Open source in 2026,Anna Schmidt,2026-06-09,09:00,Main Hall\n"
        "Secure supply chains,Jonas Weber,2026-06-09,10:00,Track B\n"
    )
    _, talks, _ = parse_text(text, "program.csv")
    assert [t.start.isoformat() for t in talks if t.start] == [
        "2026-06-09T09:00:00+02:00",
        "2026-06-09T10:00:00+02:00",
    ]

"""Sweep 10, speakers and columns: who presents a talk as the program's own markup,
fields and columns say it (microdata's properties, a grid cell's "Title — Speaker
(Org)", a chair's label, a Meetup host who is no speaker, numbered and split name
columns), and a workbook's sheet named for a day."""

from __future__ import annotations

import json
from datetime import date, time
from pathlib import Path

import pytest
from openpyxl import Workbook

from ingest import parse_path
from ingest.detect import parse_text
from ingest.formats.columns import resolve
from ingest.formats.table import unlabelled

MICRODATA = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Frontend Nordic 2026</title></head>
<body><h1>Frontend Nordic 2026</h1>
<div itemscope itemtype="https://schema.org/Event">
  <h3 itemprop="name">CSS anchor positioning in practice</h3>
  <time itemprop="startDate" datetime="2026-10-08T09:30:00+02:00">09:30</time>–<time itemprop="endDate" datetime="2026-10-08T10:10:00+02:00">10:10</time>
  <span itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">Main Stage</span></span>
  <span itemprop="performer" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Elin Andersson</span> (<span itemprop="affiliation">Spotify</span>)</span>
  <p itemprop="description">Tooltips and popovers without JavaScript.</p>
</div>
<div itemscope itemtype="https://schema.org/Event">
  <h3 itemprop="name">Signals in every framework</h3>
  <time itemprop="startDate" datetime="2026-10-08T10:30:00+02:00">10:30</time>–<time itemprop="endDate" datetime="2026-10-08T11:10:00+02:00">11:10</time>
  <span itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">Studio</span>
    <span itemprop="address">Kungsgatan 1</span></span>
  <span itemprop="performer" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Sofie Nielsen</span></span>
  <span itemprop="performer" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Jonas Berg</span>,
    <span itemprop="worksFor" itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Klarna</span></span></span>
  <p itemprop="description">Comparing reactivity models.</p>
</div>
<div itemscope itemtype="https://schema.org/Event">
  <h3 itemprop="name">Web components at IKEA scale</h3>
  <time itemprop="startDate" datetime="2026-10-08T13:00:00+02:00">13:00</time>–<time itemprop="endDate" datetime="2026-10-08T13:40:00+02:00">13:40</time>
  <span itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">Studio</span></span>
  <span itemprop="performer" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Karin Lund</span> (<span itemprop="affiliation">IKEA</span>)</span>
  <p itemprop="description">A design system shared by 40 teams.</p>
</div>
</body></html>"""


def test_microdata_cards_say_which_part_is_the_room_and_which_the_performers():
    fmt, talks, warnings = parse_text(MICRODATA, "19_microdata.html")
    assert fmt == "html" and not warnings
    assert [(t.title, t.room, [(s.name, s.affiliation) for s in t.speakers]) for t in talks] == [
        ("CSS anchor positioning in practice", "Main Stage", [("Elin Andersson", "Spotify")]),
        (
            "Signals in every framework",
            "Studio",  # (a room with no room word, its address no part of its name)
            [("Sofie Nielsen", None), ("Jonas Berg", "Klarna")],
        ),
        ("Web components at IKEA scale", "Studio", [("Karin Lund", "IKEA")]),
    ]
    assert [t.abstract for t in talks][1] == "Comparing reactivity models."


GRID = """<!DOCTYPE html>
<html><head><title>DevDays Kraków 2026 — Agenda</title></head><body>
<h1>DevDays Kraków 2026</h1>
<h2>Wednesday, 13 May 2026</h2>
<table>
<tr><th>Time</th><th>Hall A</th><th>Hall B</th><th>Room 3</th></tr>
<tr><td>09:00–09:45</td><td colspan="3">Keynote: Thirty years of Java — Anna Kowalska (Oracle)</td></tr>
<tr><td>10:00–10:45</td><td>Virtual threads in Spring — Piotr Nowak (VMware)</td><td>Kotlin coroutines — Marta Wiśniewska (JetBrains)</td><td>GraalVM native images — Tomasz Zieliński</td></tr>
<tr><td>11:00–11:45</td><td colspan="3">Lunch</td></tr>
</table></body></html>"""


def test_a_grid_cell_of_title_and_speaker_is_split_as_a_list_line_is():
    fmt, talks, _ = parse_text(GRID, "45_html_grid.html")
    assert fmt == "html"
    assert [
        (t.title, [(s.name, s.affiliation) for s in t.speakers], t.room, t.format) for t in talks
    ] == [
        (
            "Keynote: Thirty years of Java",  # (the label stays: sweep 16, F10)
            [("Anna Kowalska", "Oracle")],
            "Hall A, Hall B, Room 3",
            "Keynote",
        ),
        ("Virtual threads in Spring", [("Piotr Nowak", "VMware")], "Hall A", None),
        ("Kotlin coroutines", [("Marta Wiśniewska", "JetBrains")], "Hall B", None),
        ("GraalVM native images", [("Tomasz Zieliński", None)], "Room 3", None),
        ("Lunch", [], "Hall A, Hall B, Room 3", None),
    ]


def test_a_grid_of_titles_alone_keeps_a_dashed_title_whole():
    page = GRID.replace(" — Anna Kowalska (Oracle)", "").replace(" — Piotr Nowak (VMware)", "")
    page = page.replace(" — Marta Wiśniewska (JetBrains)", "")
    page = page.replace("GraalVM native images — Tomasz Zieliński", "Q&amp;A - Open Floor")
    _, talks, _ = parse_text(page, "grid_titles.html")
    assert [(t.title, t.speakers) for t in talks][1:4] == [
        ("Virtual threads in Spring", ()),
        ("Kotlin coroutines", ()),
        ("Q&A - Open Floor", ()),
    ]


MEETUP = """{"data": {"groupByUrlname": {"id": "3012345", "name": "Berlin Rust Hack and Learn",
 "timezone": "Europe/Berlin", "upcomingEvents": {"count": 3, "edges": [
  {"node": {"id": "301000001", "title": "Rust Talks: Embedded async with Embassy",
   "dateTime": "2026-03-05T19:00+01:00", "endTime": "2026-03-05T21:30+01:00",
   "description": "Dario Nieuwenhuis shows Embassy on an nRF52.\\n\\nSpeaker: Dario Nieuwenhuis",
   "venue": {"name": "c-base", "city": "Berlin"}, "hosts": [{"id": "1", "name": "Florian Gilcher"}]}},
  {"node": {"id": "301000002", "title": "Hack and Learn",
   "dateTime": "2026-03-19T19:00+01:00", "endTime": "2026-03-19T22:00+01:00",
   "description": "Bring your project.",
   "venue": {"name": "Mozilla Berlin Office", "city": "Berlin"}, "hosts": [{"id": "1", "name": "Florian Gilcher"}]}},
  {"node": {"id": "301000003", "title": "Rust Talks: Bevy 0.16",
   "dateTime": "2026-04-02T19:00+02:00", "endTime": "2026-04-02T21:00+02:00",
   "description": "What is new in Bevy.\\n\\nSpeaker: Alice Cecile",
   "venue": {"name": "c-base", "city": "Berlin"}, "hosts": [{"id": "1", "name": "Florian Gilcher"}]}}
 ]}}}}"""


def test_a_meetup_host_of_every_event_is_no_speaker_where_descriptions_name_them():
    fmt, talks, _ = parse_text(MEETUP, "32_meetup_graphql.json")
    assert fmt == "json"
    assert [(t.title, [s.name for s in t.speakers], t.abstract) for t in talks] == [
        (
            "Rust Talks: Embedded async with Embassy",
            ["Dario Nieuwenhuis"],
            "Dario Nieuwenhuis shows Embassy on an nRF52.",
        ),
        ("Hack and Learn", ["Florian Gilcher"], "Bring your project."),  # (no one else named)
        ("Rust Talks: Bevy 0.16", ["Alice Cecile"], "What is new in Bevy."),
    ]


def test_a_host_named_on_every_event_stays_where_no_description_names_anyone():
    quiet = MEETUP.replace("\\n\\nSpeaker: Dario Nieuwenhuis", "").replace(
        "\\n\\nSpeaker: Alice Cecile", ""
    )
    assert "Speaker:" not in quiet
    _, talks, _ = parse_text(quiet, "meetup.json")
    assert [[s.name for s in t.speakers] for t in talks] == [["Florian Gilcher"]] * 3


WHOVA = """Date,Time Start,Time End,Tracks (Optional),Session Title,Room/Location (Optional),Description (Optional),Speakers (Optional),Authors (Optional),Session or Sub-session(Sub) (Optional)
04/14/2026,09:00 AM,10:00 AM,Plenary,Opening Keynote: Care at the Edge,Ballroom A,How rural hospitals adopt telehealth.,Dr. Keisha Brown,,Session
04/14/2026,10:30 AM,12:00 PM,Research,Paper Session 1: Clinical NLP,Room 204,,Chair: Samuel Ortiz,,Session
04/14/2026,10:30 AM,10:52 AM,Research,Extracting medication timelines from discharge notes,Room 204,,,Wei Chen; Maria Gonzalez,Sub
04/14/2026,10:52 AM,11:14 AM,Research,Bias audits of triage models,Room 204,,,Aisha Khan,Sub
04/14/2026,12:00 PM,01:00 PM,,Lunch,Exhibit Hall,,,,Session
04/14/2026,01:00 PM,02:30 PM,Workshop,FHIR for Data Scientists,Room 210,Bring a laptop.,Moderation: Rachel Adams (HL7); Panel: Tom Nguyen,,Session
"""


def test_a_label_before_a_speaker_cell_s_people_is_no_part_of_a_name():
    _, talks, _ = parse_text(WHOVA, "12_whova_agenda.csv")
    said = {t.title: [(s.name, s.affiliation) for s in t.speakers] for t in talks}
    assert said["Paper Session 1: Clinical NLP"] == [("Samuel Ortiz", None)]
    assert said["FHIR for Data Scientists"] == [("Rachel Adams", "HL7"), ("Tom Nguyen", None)]
    assert said["Opening Keynote: Care at the Edge"] == [("Dr. Keisha Brown", None)]


@pytest.mark.parametrize(
    ("cell", "read"),
    [
        ("Keynote Speaker: Jane Doe", "Jane Doe"),  # (a label naming the speakers)
        ("登壇者：山田太郎", "山田太郎"),
        ("Jane Doe: CTO", "Jane Doe: CTO"),  # (a person's name is no label)
    ],
)
def test_a_speaker_cell_s_label_is_one_that_is_no_person_s_name(cell, read):
    assert unlabelled(cell) == read


SWAPCARD = """Planning ID,Title,Type,Description,Begins at,Ends at,Timezone,Place,Speakers,Tags
UGxhbm5pbmdfMQ==,Opening keynote,Keynote,Welcome to VivaData,08/10/2026 09:00,08/10/2026 09:30,Europe/Paris,Main stage,Claire Martin (VivaData),Plenary
UGxhbm5pbmdfMg==,Data mesh in retail,Talk,How Carrefour organised data domains,08/10/2026 09:45,08/10/2026 10:15,Europe/Paris,Main stage,Paul Durand (Carrefour),Data
UGxhbm5pbmdfNA==,Privacy engineering,Talk,GDPR by design,09/10/2026 09:00,09/10/2026 09:30,Europe/Paris,Main stage,Sophie Laurent (CNIL),Privacy
"""


def test_a_begins_at_column_is_the_start_and_a_paris_zone_writes_the_day_first():
    _, talks, warnings = parse_text(SWAPCARD, "31_swapcard_export.csv")
    assert [(f"{t.start:%Y-%m-%d %H:%M%z}", f"{t.end:%H:%M}") for t in talks if t.start] == [
        ("2026-10-08 09:00+0200", "09:30"),
        ("2026-10-08 09:45+0200", "10:15"),
        ("2026-10-09 09:00+0200", "09:30"),
    ]
    assert not any("Begins at" in w and "not read" in w for w in warnings)
    assert any("read day first" in w and "Europe/Paris" in w for w in warnings)


def test_a_new_york_zone_keeps_the_us_order():
    text = SWAPCARD.replace("Europe/Paris", "America/New_York")
    _, talks, _ = parse_text(text, "swapcard_ny.csv")
    assert [t.start.date() for t in talks] == [date(2026, 8, 10)] * 2 + [date(2026, 9, 10)]


@pytest.mark.parametrize(
    ("header", "field"),
    [("Begins at", "start"), ("Starts at", "start"), ("Ends at", "end"), ("Created at", None)],
)
def test_a_moment_s_name_and_at_names_its_column(header, field):
    found = resolve(["Title", header])
    assert found.get(field or "start", None) == (header if field else None)


def test_first_and_last_name_columns_name_one_speaker_with_their_company():
    text = (
        "Title,Start,End,First Name,Last Name,Company,Room\n"
        "Edge AI on microcontrollers,2026-09-16 09:00,2026-09-16 09:40,Sofia,Marques,Bosch,Hall 1\n"
        "TinyML benchmarks,2026-09-16 09:50,2026-09-16 10:30,Daniel,Okoye,Arm,Hall 1\n"
    )
    _, talks, warnings = parse_text(text, "57_first_last.csv")
    assert [[(s.name, s.affiliation) for s in t.speakers] for t in talks] == [
        [("Sofia Marques", "Bosch")],
        [("Daniel Okoye", "Arm")],
    ]
    assert not any("not read" in w for w in warnings)


def test_numbered_speakers_company_columns_give_each_speaker_their_own():
    text = (
        "Session Title,Date,Start,End,Room,Speaker 1,Speaker 1 Company,Speaker 2,"
        "Speaker 2 Company\n"
        "Zero trust for hospitals,2026-09-15,09:00,09:40,Room A,Lena Hoffmann,Charité,,\n"
        "Panel: health data,2026-09-15,10:00,11:00,Room A,Marco Rossi,Philips,Aisha Bello,"
        "NHS Digital\n"
    )
    _, talks, warnings = parse_text(text, "56_speaker_columns.csv")
    assert [[(s.name, s.affiliation) for s in t.speakers] for t in talks] == [
        [("Lena Hoffmann", "Charité")],
        [("Marco Rossi", "Philips"), ("Aisha Bello", "NHS Digital")],
    ]
    assert not any("not read" in w for w in warnings)


def test_whova_s_authors_are_the_papers_speakers_where_the_speakers_cell_is_empty():
    _, talks, warnings = parse_text(WHOVA, "12_whova_agenda.csv")
    said = {t.title: [s.name for s in t.speakers] for t in talks}
    assert said["Extracting medication timelines from discharge notes"] == [
        "Wei Chen",
        "Maria Gonzalez",
    ]
    assert said["Bias audits of triage models"] == ["Aisha Khan"]
    assert said["Lunch"] == []
    assert not any("Authors" in w for w in warnings)


def test_an_institution_column_in_spanish_and_an_end_in_vietnamese_are_read():
    es = "Fecha;Hora;Título;Ponente;Institución;Sala\n12/11/2026;9:00;Inauguración;José Núñez;Universidad de Sevilla;Aula 1\n"
    _, talks, _ = parse_text(es, "13_jornadas.csv")
    assert [(s.name, s.affiliation) for s in talks[0].speakers] == [
        ("José Núñez", "Universidad de Sevilla")
    ]
    vi = "Ngày\tBắt đầu\tKết thúc\tTiêu đề\tDiễn giả\tPhòng\n2026-11-07\t08:30\t09:00\tKhai mạc hội nghị\tNguyễn Văn An\tHội trường A\n"
    _, talks, _ = parse_text(vi, "14_vietnam.tsv")
    assert talks[0].end is not None and f"{talks[0].end:%H:%M}" == "09:00"


def _workbook(path: Path, sheets: list[str], title: str | None) -> Path:
    wb = Workbook()
    for n, name in enumerate(sheets):
        ws = wb.active if n == 0 else wb.create_sheet()
        ws.title = name
        if title and n == 0:
            ws.append([title])
            ws.append([])
        ws.append(["Beginn", "Ende", "Titel", "Referent", "Saal"])
        ws.append([time(9, 0), time(9, 45), f"Vortrag {n + 1}", "Nina Gerber", "Aula"])
    wb.save(path)
    return path


@pytest.mark.parametrize(
    ("sheets", "title"),
    [
        (["Di 9 Juni 2026", "Mi 10 Juni 2026"], None),  # (CLDR's German weekdays, abbreviated)
        (["Di 9 Juni", "Mi 10 Juni"], "GeoForum Zürich 2026 — Programm"),
        (["Tue 9 June", "Wed 10 June"], "GeoForum 2026"),  # (the year in the title row)
    ],
)
def test_a_sheet_named_for_a_day_with_a_weekday_abbreviated_dates_its_rows(
    tmp_path: Path, sheets: list[str], title: str | None
):
    parsed = parse_path(_workbook(tmp_path / "geoforum.xlsx", sheets, title))
    assert [t.start and t.start.date() for t in parsed.talks] == [
        date(2026, 6, 9),
        date(2026, 6, 10),
    ]
    assert not any("but no date" in w for w in parsed.warnings)


# --- the review of sweep 10's speakers (R1-R10): what the first readings got wrong


@pytest.mark.parametrize(
    ("cell", "read"),
    [
        ("Samuel Chair: Acme Corp", "Samuel Chair: Acme Corp"),  # (a surname, no label)
        ("Jane Host: Google", "Jane Host: Google"),
        ("Tom Lead: Red Hat", "Tom Lead: Red Hat"),
        ("山田太郎：株式会社ABC", "山田太郎：株式会社ABC"),
        ("김민수: 네이버", "김민수: 네이버"),
        ("Ng: Acme", "Ng: Acme"),
        ("Chair: Samuel Ortiz", "Samuel Ortiz"),
        ("Session Chair: Kim Lee", "Kim Lee"),
        ("Moderation: Anna Berg; Podium: Jan Ott, Eva Roth", "Anna Berg; Jan Ott, Eva Roth"),
    ],
)
def test_a_label_comes_off_only_where_all_its_words_are_a_role_s(cell, read):
    assert unlabelled(cell) == read


def test_a_speaker_s_numbered_title_column_is_their_job_no_speaker():
    text = (
        "Session Title,Date,Start,End,Room,Speaker 1,Speaker 1 Title,Speaker 1 Company,"
        "Speaker 2,Speaker 2 Title,Speaker 2 Company\n"
        "Zero trust,2026-09-15,09:00,09:40,Room A,Lena Hoffmann,CISO,Charité,,,\n"
        "Panel: health data,2026-09-15,10:00,11:00,Room A,Marco Rossi,VP Engineering,Philips,"
        "Aisha Bello,Head of Data,NHS Digital\n"
    )
    _, talks, _ = parse_text(text, "speaker_n_title.csv")
    assert [[(s.name, s.affiliation) for s in t.speakers] for t in talks] == [
        [("Lena Hoffmann", "Charité")],
        [("Marco Rossi", "Philips"), ("Aisha Bello", "NHS Digital")],
    ]


def test_a_host_column_beside_the_speakers_gives_no_speakers_and_is_said_unread():
    text = (
        "Title,Date,Start,End,Room,Speakers,Host\n"
        "Welcome,2026-09-15,09:00,09:15,Main,,Conference Team\n"
        "Keynote,2026-09-15,09:15,10:00,Main,Grace Hopper,Jane Roe\n"
    )
    _, talks, warnings = parse_text(text, "speakers_and_host.csv")
    assert [[s.name for s in t.speakers] for t in talks] == [[], ["Grace Hopper"]]
    assert any("not read" in w and "'Host'" in w for w in warnings)


def test_an_authors_column_gives_people_only_where_it_names_people():
    text = (
        "Title,Date,Start,End,Speaker,Author\n"
        "Paper: X,2026-09-15,09:30,09:50,,Bo Chen; Cy Park\n"
        "Poster session,2026-09-15,10:00,11:00,,Various authors\n"
    )
    _, talks, _ = parse_text(text, "speakers_and_authors.csv")
    assert [[s.name for s in t.speakers] for t in talks] == [["Bo Chen", "Cy Park"], []]


def test_first_and_last_name_cells_listing_people_pair_only_as_many_of_each():
    text = (
        "Title,Start,End,First Name,Last Name,Company,Room\n"
        'Panel,2026-09-16 09:00,2026-09-16 09:40,"Ana, Bo","Lima, Chen",Nubank,Hall 1\n'
        'Duo,2026-09-16 09:50,2026-09-16 10:30,"Ana, Bo",Lima,Nubank,Hall 1\n'
    )
    _, talks, warnings = parse_text(text, "first_last_multi.csv")
    assert [[s.name for s in t.speakers] for t in talks] == [["Ana Lima", "Bo Chen"], []]
    assert any("different numbers of names" in w for w in warnings)


def test_a_grid_cell_after_a_hyphen_or_naming_no_person_keeps_its_title():
    page = GRID.replace(" — Piotr Nowak (VMware)", " - Hands On")
    page = page.replace("Kotlin coroutines — Marta Wiśniewska (JetBrains)", "Demo — Live")
    page = page.replace("GraalVM native images — Tomasz Zieliński", "Opening — Warsaw Stage")
    _, talks, _ = parse_text(page, "grid_subtitles.html")
    assert [(t.title, t.speakers) for t in talks][1:4] == [
        ("Virtual threads in Spring - Hands On", ()),
        ("Demo — Live", ()),
        ("Opening — Warsaw Stage", ()),
    ]


def test_a_meetup_host_stays_the_speaker_of_events_whose_descriptions_name_no_one():
    series = MEETUP.replace("\\n\\nSpeaker: Dario Nieuwenhuis", "")
    _, talks, _ = parse_text(series, "series.json")
    assert [[s.name for s in t.speakers] for t in talks] == [
        ["Florian Gilcher"],
        ["Florian Gilcher"],
        ["Alice Cecile"],
    ]


def test_a_speakers_field_of_every_record_is_no_host():
    records = [
        {
            "title": f"Workshop: Rust {n}",
            "start": f"2026-05-0{n + 3}T09:00:00+02:00",
            "speakers": ["Marta Ruiz"],
            "description": "Day two.\n\nSpeaker: Ben Ortiz" if n == 2 else "A day.",
        }
        for n in (1, 2, 3)
    ]
    _, talks, _ = parse_text(json.dumps(records), "series.json")
    assert [[s.name for s in t.speakers] for t in talks] == [["Marta Ruiz"]] * 3


META_CARDS = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>KernelConf 2026</title></head><body><h1>KernelConf 2026</h1>
<div class="talk" itemscope itemtype="https://schema.org/Event">
 <meta itemprop="location" content="Hall B"><meta itemprop="performer" content="Ana Lima">
 <h3 itemprop="name">Rust in the kernel</h3>
 <p class="time">2026-10-08 09:30–10:10</p>
 <p class="room">Hall B</p>
 <p class="speakers">Ana Lima (Nubank), Bo Chen (Ant Group)</p>
 <p itemprop="description">Drivers in Rust.</p></div>
<div class="talk" itemscope itemtype="https://schema.org/Event">
 <link itemprop="location" href="https://example.org/venue/hall-c">
 <h3 itemprop="name">Go in the kernel</h3>
 <p class="time">2026-10-08 10:30–11:10</p>
 <p class="room">Hall C</p>
 <p class="speakers">Cy Park (Google)</p>
 <p itemprop="description">Not really.</p></div>
<div class="talk" itemscope itemtype="https://schema.org/Event">
 <h3 itemprop="name">Signals everywhere</h3>
 <p class="time">2026-10-08 11:30–12:10</p>
 <p class="room">Studio</p>
 <div class="speakers"><span itemprop="performer" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Sofie Nielsen</span></span>, <span itemprop="performer" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Jonas Berg</span></span></div>
 <div class="speaker-bio" itemprop="performer" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Sofie Nielsen</span> is a developer at <span itemprop="affiliation">Vercel</span>.</div>
</div>
<div class="talk" itemscope itemtype="https://schema.org/Event">
 <h3 itemprop="name">Green IT</h3>
 <p class="time">2026-10-08 13:30–14:10</p>
 <div itemprop="location" itemscope itemtype="https://schema.org/Place"><div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="streetAddress">Kungsgatan 12</span>, <span itemprop="addressLocality">Stockholm</span></div></div>
 <span itemprop="performer" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Elin Andersson</span></span>
</div>
</body></html>"""


def test_microdata_meta_tags_and_addresses_leave_the_visible_parts_to_read():
    _, talks, _ = parse_text(META_CARDS, "meta_cards.html")
    assert [(t.room, [(s.name, s.affiliation) for s in t.speakers]) for t in talks] == [
        ("Hall B", [("Ana Lima", "Nubank"), ("Bo Chen", "Ant Group")]),
        ("Hall C", [("Cy Park", "Google")]),
        ("Studio", [("Sofie Nielsen", None), ("Jonas Berg", None)]),  # (each once)
        (None, [("Elin Andersson", None)]),  # (a street address is no room)
    ]


def test_dates_read_day_first_by_the_zone_column_alone_are_said_so():
    text = (
        "Title,Date,Start Time,End Time,Timezone,Speaker\n"
        "Opening,09/07/2026,9:00 AM,9:30 AM,Europe/Dublin,Ciara Walsh\n"
    )
    _, talks, warnings = parse_text(text, "dublin.csv")
    assert talks[0].start is not None and talks[0].start.date() == date(2026, 7, 9)
    assert any("day first" in w and "Europe/Dublin" in w for w in warnings)


# ---- S18: the Slovak speakers' label -------------------------------------------------------

SLOVAK = """BEGIN:VCALENDAR
VERSION:2.0
X-WR-CALNAME:OSS Konferencia 2026
X-WR-TIMEZONE:Europe/Bratislava
BEGIN:VEVENT
UID:sk-1
DTSTART;TZID=Europe/Bratislava:20260916T090000
DTEND;TZID=Europe/Bratislava:20260916T094500
SUMMARY:Budúcnosť otvoreného softvéru
DESCRIPTION:Prednášajúci: Ľubomír Šťastný (Žilinská univerzita)\\nČo čaká komunitu?
END:VEVENT
BEGIN:VEVENT
UID:sk-2
DTSTART;TZID=Europe/Bratislava:20260916T100000
DTEND;TZID=Europe/Bratislava:20260916T104500
SUMMARY:Kubernetes v štátnej správe
DESCRIPTION:Prednášajúca: Mária Kováčová\\nPraktické skúsenosti.
END:VEVENT
END:VCALENDAR
"""


def test_the_slovak_speakers_label_names_the_speakers():
    _, talks, _ = parse_text(SLOVAK, "oss.ics")
    assert [[s.name for s in t.speakers] for t in talks] == [
        ["Ľubomír Šťastný"],
        ["Mária Kováčová"],
    ]
    assert talks[0].speakers[0].affiliation == "Žilinská univerzita"
    assert all("Predn" not in (t.abstract or "") for t in talks)

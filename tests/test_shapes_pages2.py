"""Web pages whose program is a room x time grid, a table under a day stated in a
paragraph, a list of articles with labelled parts beside a sidebar, or schema.org
data naming its parent event, affiliations (`worksFor`) and a cancelled talk
(ingest/formats/htmlpage.py, ingest/formats/jsonld.py)."""

from __future__ import annotations

import json

from ingest.detect import parse_text
from ingest.formats.htmlpage import to_markdown

GRID = """<!DOCTYPE html><html><head><title>RustFest Lyon 2025 – Friday 6 June</title></head>
<body><h1>RustFest Lyon 2025</h1><h2>Friday, 6 June 2025 (all times are Paris time)</h2>
<table>
<thead><tr><th></th><th>Salle Lumière</th><th>Salle Jacquard</th></tr></thead>
<tbody>
<tr><td>09:00–09:40</td><td colspan="2"><b>Opening keynote: Ten years of Rust</b><br>
  Camille Durand (Mozilla)</td></tr>
<tr><td>10:00–10:30</td><td><b>Embedded async</b><br>Hugo Martin (Ferrous)<br>No heap needed.</td>
  <td rowspan="2"><b>Workshop: WebAssembly</b><br>Léa Petit</td></tr>
<tr><td>10:30–11:00</td><td>Pause café</td></tr>
<tr><td>11:00–11:30</td><td></td><td><b>Traits in depth</b><br>Noé Bernard</td></tr>
</tbody></table></body></html>"""


def test_a_room_by_time_grid_is_read_cell_by_cell():
    fmt, talks, warnings = parse_text(GRID, "grid.html")
    assert fmt == "html" and not warnings  # (the zone is the one the day heading states)
    got = [
        (t.title, t.room, f"{t.start:%Y-%m-%d %H:%M%z}", f"{t.end:%H:%M}", t.speakers)
        for t in talks
    ]
    assert [(title, room, start, end) for title, room, start, end, _ in got] == [
        (
            "Opening keynote: Ten years of Rust",
            "Salle Lumière, Salle Jacquard",  # one talk in both rooms it spans
            "2025-06-06 09:00+0200",
            "09:40",
        ),
        ("Embedded async", "Salle Lumière", "2025-06-06 10:00+0200", "10:30"),
        ("Workshop: WebAssembly", "Salle Jacquard", "2025-06-06 10:00+0200", "11:00"),
        ("Pause café", "Salle Lumière", "2025-06-06 10:30+0200", "11:00"),
        ("Traits in depth", "Salle Jacquard", "2025-06-06 11:00+0200", "11:30"),
    ]  # (the empty cell at 11:00 is no talk)
    keynote, embedded = talks[0], talks[1]
    assert [(s.name, s.affiliation) for s in keynote.speakers] == [("Camille Durand", "Mozilla")]
    assert [s.name for s in embedded.speakers] == ["Hugo Martin"]
    assert embedded.abstract == "No heap needed."
    assert {t.conference for t in talks} == {"RustFest Lyon 2025"}


def test_a_table_of_days_or_of_fields_is_no_room_grid():
    days = (
        "<!DOCTYPE html><html><body><table><tr><th>Time</th><th>Monday 3 March</th>"
        "<th>Tuesday 4 March</th></tr><tr><td>09:00</td><td>A</td><td>B</td></tr></table>"
    )
    assert "| Time | Monday 3 March | Tuesday 4 March |" in to_markdown(days)
    fields = days.replace("Monday 3 March", "Title").replace("Tuesday 4 March", "Speaker")
    assert "| Time | Title | Speaker |" in to_markdown(fields)
    weekdays = days.replace("<html>", '<html lang="de">')
    weekdays = weekdays.replace("Monday 3 March", "Montag").replace("Tuesday 4 March", "Dienstag")
    assert "| Time | Montag | Dienstag |" in to_markdown(weekdays)


def test_a_day_in_a_paragraph_above_a_list_is_its_day(monkeypatch):
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Oslo")
    page = (
        "<!DOCTYPE html><html><head><title>Program – NDC Oslo 2025</title></head><body>"
        "<h1>Program</h1><p>Wednesday 21 May 2025</p>"
        "<ul><li>09:00–10:00 Keynote: Software at scale — Kari Nordmann</li>"
        "<li>10:20–11:20 Testing in production — Ola Hansen</li></ul></body></html>"
    )
    _, talks, _ = parse_text(page, "program.html")
    assert [(t.title, f"{t.start:%Y-%m-%d %H:%M}") for t in talks] == [
        ("Keynote: Software at scale", "2025-05-21 09:00"),
        ("Testing in production", "2025-05-21 10:20"),
    ]
    assert {t.conference for t in talks} == {"NDC Oslo 2025"}


AGENDA = """<!doctype html><html><head><title>Schedule | GopherCon Lisboa 2025</title></head>
<body><div class="banner">We use cookies. <button>OK</button></div>
<h1>Schedule</h1><p>Wednesday 8 October 2025 · times in Europe/Lisbon</p>
<table>
<tr><th>Time</th><th>Talk</th><th>Speaker</th><th>Room</th></tr>
<tr><td>09:00 - 09:40</td><td>Generics in practice</td><td>Rita Sousa (Talkdesk)</td><td>Main hall</td></tr>
<tr><td>10:00 - 10:40</td><td>Profiling Go services</td><td>Tiago Reis</td><td>Room 2</td></tr>
</table></body></html>"""


def test_a_day_stated_above_a_table_dates_its_rows_and_the_title_names_the_conference(
    monkeypatch,
):
    monkeypatch.setenv("TALKBASE_TIMEZONE", "America/New_York")
    fmt, talks, warnings = parse_text(AGENDA, "agenda.html")
    assert fmt == "html" and not warnings
    assert [(t.title, f"{t.start:%Y-%m-%d %H:%M%z}", t.zone) for t in talks] == [
        ("Generics in practice", "2025-10-08 09:00+0100", "Europe/Lisbon"),
        ("Profiling Go services", "2025-10-08 10:00+0100", "Europe/Lisbon"),
    ]
    # the title's part that is no heading of the page, not the page's heading "Schedule"
    assert {t.conference for t in talks} == {"GopherCon Lisboa 2025"}


def test_the_site_name_names_the_conference_where_the_title_does_not():
    page = AGENDA.replace(
        "<title>Schedule | GopherCon Lisboa 2025</title>",
        '<title>Schedule</title><meta property="og:site_name" content="GopherCon PT">',
    )
    _, talks, _ = parse_text(page, "agenda.html")
    assert {t.conference for t in talks} == {"GopherCon PT"}


ARTICLES = """<!DOCTYPE html><html lang="de"><head><title>Vorträge | Chemnitzer Linux-Tage 2025</title></head>
<body><nav><a href="/">Start</a></nav><main>
<h1>Vorträge – Samstag, 22. März 2025</h1>
<article><h2>Btrfs im Alltag</h2><p>10:00–10:45 · Raum V1 · Track: Dateisysteme</p>
<p>Ines Krause (SUSE)</p><p>Schnappschüsse und Subvolumes.</p>
<aside>Folien folgen.</aside></article>
<article><h2>Mesh-VPN mit WireGuard</h2><p>11:00–11:45 · Thema: Netze · Raum: V2</p>
<p>Tobias Lang</p><p>Ein Netz aus Tunneln.</p></article>
</main><aside><p>Unsere Sponsoren: danke!</p></aside><footer><p>Impressum</p></footer></body></html>"""


def test_labelled_parts_are_read_by_their_label_and_the_sidebar_is_no_abstract(monkeypatch):
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")
    _, talks, _ = parse_text(ARTICLES, "vortraege.html")
    assert [(t.title, t.room, t.track) for t in talks] == [
        ("Btrfs im Alltag", "Raum V1", "Dateisysteme"),
        ("Mesh-VPN mit WireGuard", "V2", None),  # ("Thema" names no field a column takes)
    ]
    btrfs, vpn = talks
    assert [(s.name, s.affiliation) for s in btrfs.speakers] == [("Ines Krause", "SUSE")]
    # an aside inside a talk's article is its own; the page's sidebar is no talk's
    assert "Folien folgen." in btrfs.abstract
    assert "Sponsoren" not in vpn.abstract and "Impressum" not in vpn.abstract
    assert {t.conference for t in talks} == {"Chemnitzer Linux-Tage 2025"}
    assert f"{btrfs.start:%Y-%m-%d %H:%M}" == "2025-03-22 10:00"


def _ld(*blocks: object) -> str:
    scripts = "".join(
        f'<script type="application/ld+json">{json.dumps(b)}</script>' for b in blocks
    )
    return f"<!DOCTYPE html><html><head><title>Talks</title>{scripts}</head><body></body></html>"


TALK_A = {
    "@type": "Event",
    "@id": "#a",
    "name": "State machines in the browser",
    "startDate": "2025-05-22T10:00:00+03:00",
    "endDate": "2025-05-22T10:30:00+03:00",
    "location": {"@type": "Place", "name": "Hall 1"},
    "performer": {
        "@type": "Person",
        "name": "Aino Virtanen",
        "worksFor": {"@type": "Organization", "name": "Supercell"},
    },
}
TALK_B = {
    "@type": "Event",
    "@id": "#b",
    "name": "Signals everywhere",
    "startDate": "2025-05-22T11:00:00+03:00",
    "endDate": "2025-05-22T11:30:00+03:00",
    "location": {"@type": "Place", "name": "Hall 1"},
    "performer": [{"@type": "Person", "name": "Eero Laine"}],
    "eventStatus": "https://schema.org/EventCancelled",
}


def test_schema_org_works_for_and_a_cancelled_status_are_kept():
    fmt, talks, _ = parse_text(_ld([TALK_A, TALK_B]), "talks.html")
    assert fmt == "jsonld"
    a, b = talks
    assert [(s.name, s.affiliation) for s in a.speakers] == [("Aino Virtanen", "Supercell")]
    assert a.note("Status") is None
    assert b.note("Status") == "cancelled"  # as the iCal reader notes STATUS:CANCELLED


def test_the_parent_event_of_a_graph_names_the_conference():
    parent = {
        "@type": "Event",
        "name": "JSWorld Helsinki 2025",
        "startDate": "2025-05-22",
        "location": {"@type": "Place", "name": "Messukeskus, Helsinki"},
        "subEvent": [TALK_A, TALK_B],
    }
    _, talks, _ = parse_text(
        _ld({"@context": "https://schema.org", "@graph": [{"@type": "Organization"}, parent]}),
        "talks.html",
    )
    assert [t.title for t in talks] == ["State machines in the browser", "Signals everywhere"]
    assert {(t.conference, t.venue) for t in talks} == {
        ("JSWorld Helsinki 2025", "Messukeskus, Helsinki")
    }
    # the talks beside their parent in the graph, which names them by their @id
    by_id = dict(parent, subEvent=[{"@id": "#a"}, {"@id": "#b"}])
    _, talks, _ = parse_text(_ld({"@graph": [by_id, TALK_A, TALK_B]}), "talks.html")
    assert [(t.title, t.conference) for t in talks] == [
        ("State machines in the browser", "JSWorld Helsinki 2025"),
        ("Signals everywhere", "JSWorld Helsinki 2025"),
    ]
    # each talk naming its superEvent
    parent_ref = {"@type": "Event", "name": "JSWorld Helsinki 2025"}
    _, talks, _ = parse_text(
        _ld([dict(TALK_A, superEvent=parent_ref), dict(TALK_B, superEvent=parent_ref)]),
        "talks.html",
    )
    assert {t.conference for t in talks} == {"JSWorld Helsinki 2025"}


# a program table whose breaks and days are rows of one cell spanning the table
ACROSS = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Schedule | RustConf Lite 2026</title></head>
<body><nav><a href="/">Home</a></nav><main>
<h1>RustConf Lite 2026</h1>
<h2>Saturday 17 October 2026 · all times CEST</h2>
<table class="schedule">
<thead><tr><th>Session</th><th>Speaker</th><th>Start</th><th>End</th><th>Room</th></tr></thead>
<tbody>
<tr><td>Async Rust without tears</td><td>Carol Nichols</td><td>09:00</td><td>09:40</td>
  <td>Main Hall</td></tr>
<tr><td colspan="5">Coffee break</td></tr>
<tr><td>Unsafe code, audited</td><td>Lena Park</td><td>10:10</td><td>10:50</td>
  <td>Main Hall</td></tr>
<tr class="section"><th colspan="5">Sunday 18 October 2026</th></tr>
<tr><td>Bevy game jam recap</td><td>Sam Lee</td><td>10:00</td><td>10:40</td><td>Room B</td></tr>
<tr><td colspan="5"><strong>Closing drinks</strong></td></tr>
</tbody></table></main></body></html>"""


def test_a_row_of_one_cell_across_a_table_is_no_talk_and_a_day_one_dates_the_rows_below():
    """A break ("Coffee break") or any heading spanning the table is no talk; one that is
    a day is the day of the rows below it, as a day line above a table is (before: three
    talks "Coffee break", "Sunday 18 October 2026" and "Closing drinks", without a time)."""
    fmt, talks, warnings = parse_text(ACROSS, "schedule.html")
    assert fmt == "html" and not warnings
    assert [(t.title, f"{t.start:%Y-%m-%d %H:%M%z}", t.room) for t in talks] == [
        ("Async Rust without tears", "2026-10-17 09:00+0200", "Main Hall"),
        ("Unsafe code, audited", "2026-10-17 10:10+0200", "Main Hall"),
        ("Bevy game jam recap", "2026-10-18 10:00+0200", "Room B"),
    ]
    # a room x time grid keeps being one around a row across it (before: the whole
    # page refused, its caption row taken for the table's header)
    grid = GRID.replace("<thead>", '<thead><tr><th colspan="3">Friday</th></tr>').replace(
        "<tr><td>11:00", '<tr><td colspan="3">Lunch</td></tr><tr><td>11:00'
    )
    _, talks, _ = parse_text(grid, "grid.html")
    assert [t.title for t in talks] == [t.title for t in parse_text(GRID, "grid.html")[1]]


def test_a_grid_whose_every_cell_is_a_title_and_its_speaker_keeps_the_speakers():
    """Where no cell is of one line, a cell's second line of names is its speakers
    (before: the one-line reading of its title dropped them)."""
    page = (
        "<!DOCTYPE html><html><head><title>DevDays Oslo 2026</title></head><body>"
        "<h2>Tuesday 6 October 2026</h2><table>"
        "<tr><th>Time</th><th>Hall A</th><th>Hall B</th></tr>"
        "<tr><td>09:00–09:45</td><td>Observability 101<br>Kari Nordmann</td>"
        "<td>Rust at scale<br>Ola Hansen</td></tr>"
        "<tr><td>10:00–10:45</td><td>Postgres tuning<br>Ingrid Berg</td>"
        "<td>Edge AI<br>Lars Dahl</td></tr></table></body></html>"
    )
    _, talks, _ = parse_text(page, "grid.html")
    assert [(t.title, t.room, [s.name for s in t.speakers]) for t in talks] == [
        ("Observability 101", "Hall A", ["Kari Nordmann"]),
        ("Rust at scale", "Hall B", ["Ola Hansen"]),
        ("Postgres tuning", "Hall A", ["Ingrid Berg"]),
        ("Edge AI", "Hall B", ["Lars Dahl"]),
    ]

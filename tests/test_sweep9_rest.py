"""Sweep 9, the items left: a card's time written before its title is the card's
(ingest/formats/htmlcards.py); 12-hour clocks without am/pm in tables; Turkish
speakers and "saat 14.00"; zones a document names in words; Polish "godz. 9.00";
a Sessionize tagLine's organisation."""

from __future__ import annotations

from ingest.detect import parse_text

META_FIRST = """<!DOCTYPE html>
<html lang="en"><head><title>Agenda – NDC Oslo 2026</title></head><body><main>
<h1>Agenda</h1>
<section class="day"><h2>Wednesday 10 June 2026</h2>
<div class="session">
  <div class="meta"><span class="time">09:00 - 10:00</span> <span class="room">Room 1</span></div>
  <h3><a href="/k">Keynote: The mythical AI engineer</a></h3>
  <p class="speaker">Scott Hanselman</p>
</div>
<div class="session">
  <div class="meta"><span class="time">10:20 - 11:20</span> <span class="room">Room 2</span></div>
  <h3><a href="/n">What's new in .NET 11</a></h3>
  <p class="speaker">Damian Edwards, David Fowler</p>
  <p class="abstract">A tour of the runtime.</p>
</div>
</section>
<section class="day"><h2>Thursday 11 June 2026</h2>
<div class="session">
  <div class="meta"><span class="time">13:40 - 14:40</span> <span class="room">Room 1</span></div>
  <h3><a href="/s">Hacking your CI pipeline</a></h3>
  <p class="speaker">Troy Hunt</p>
</div>
</section></main></body></html>"""


def test_a_card_s_time_and_room_before_its_title_are_its_own(monkeypatch):
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Oslo")
    fmt, talks, _ = parse_text(META_FIRST, "agenda.html")
    assert fmt == "html"
    assert [
        (t.title, t.format, f"{t.start:%Y-%m-%d %H:%M}", f"{t.end:%H:%M}", t.room) for t in talks
    ] == [
        ("Keynote: The mythical AI engineer", "Keynote", "2026-06-10 09:00", "10:00", "Room 1"),
        ("What's new in .NET 11", None, "2026-06-10 10:20", "11:20", "Room 2"),
        ("Hacking your CI pipeline", None, "2026-06-11 13:40", "14:40", "Room 1"),
    ]
    assert [s.name for s in talks[1].speakers] == ["Damian Edwards", "David Fowler"]
    assert talks[1].abstract == "A tour of the runtime."


US12H = """Date,Time,Title,Speaker,Room
9/24/2026,9:00 - 9:45,Opening keynote: Software that lasts,Hillel Wayne,Grand Ballroom
9/24/2026,11:00 - 11:40,The joy of SQLite,Ben Johnson,Room 210
9/24/2026,12:00 - 1:00,Lunch,,
9/24/2026,1:00 - 1:40,Formal methods for the working programmer,Marianne Bellotti,Grand Ballroom
9/24/2026,4:30 - 5:15,Closing keynote: Why we build,Julia Evans,Grand Ballroom
"""

SHEET = """,Time,Session,Speaker,Room
,"THURSDAY, 5 MARCH 2026",,,
,9:30 - 10:15,Opening keynote,Amara Okafor,Main stage
,10:30 - 11:15,Building FHIR APIs with Go,Lars Eriksen,Room 1
,1:00 - 1:45,Privacy-preserving analytics,Mei Lin,Room 2
,"FRIDAY, 6 MARCH 2026",,,
,9:30 - 10:15,Clinical NLP in 2026,Hannah Schwartz,Main stage
,12:30 - 1:15,Closing panel,"Amara Okafor, Lars Eriksen",Main stage
"""


def _clocks(talks):
    return [(t.title, f"{t.start:%d %H:%M}", f"{t.end:%H:%M}" if t.end else None) for t in talks]


def test_a_table_s_12_hour_clocks_without_am_or_pm_read_the_afternoon():
    _, talks, warnings = parse_text(US12H, "schedule.csv")
    assert _clocks(talks) == [
        ("Opening keynote: Software that lasts", "24 09:00", "09:45"),
        ("The joy of SQLite", "24 11:00", "11:40"),
        ("Lunch", "24 12:00", "13:00"),
        ("Formal methods for the working programmer", "24 13:00", "13:40"),
        ("Closing keynote: Why we build", "24 16:30", "17:15"),
    ]
    said = [w for w in warnings if "without am or pm" in w]
    assert said == [
        "schedule.csv line 4: 'Lunch': the program writes its clock times without am or pm, "
        "and this time runs back past noon; read as 12:00–13:00, as are the times after it "
        "that do"
    ]


def test_a_sheet_s_days_inside_its_table_each_read_their_afternoon():
    _, talks, warnings = parse_text(SHEET, "agenda.csv")
    assert _clocks(talks) == [
        ("Opening keynote", "05 09:30", "10:15"),
        ("Building FHIR APIs with Go", "05 10:30", "11:15"),
        ("Privacy-preserving analytics", "05 13:00", "13:45"),
        ("Clinical NLP in 2026", "06 09:30", "10:15"),
        ("Closing panel", "06 12:30", "13:15"),
    ]
    assert sum("without am or pm" in w for w in warnings) == 1


def test_a_24_hour_table_sorted_by_room_keeps_its_morning_clocks():
    # (room B starts before room A: read with the afternoon, its day would run back)
    text = (
        "Date,Start,End,Title,Room\n"
        "2026-05-04,10:00,10:45,A one,A\n2026-05-04,11:00,11:45,A two,A\n"
        "2026-05-04,9:00,9:45,B one,B\n2026-05-04,10:00,10:45,B two,B\n"
    )
    _, talks, warnings = parse_text(text, "rooms.csv")
    assert [f"{t.start:%H:%M}" for t in talks] == ["10:00", "11:00", "09:00", "10:00"]
    assert not any("without am or pm" in w for w in warnings)


def test_a_table_that_writes_13_00_keeps_every_clock_as_written():
    text = US12H.replace("4:30 - 5:15", "13:30 - 14:15")
    _, talks, _ = parse_text(text, "schedule.csv")
    assert f"{talks[3].start:%H:%M}" == "01:00"


TURKISH = """Tarih;Saat;Başlık;Konuşmacı;Salon
21 Ekim 2026 Çarşamba;10:30 - 11:15;Go ile API'ler;Mehmet Öztürk (Trendyol);Salon A
21 Ekim 2026 Çarşamba;13:00 - 13:45;Kubernetes Üzerinde Veri Tabanı;Can Yıldız, Elif Şahin (Getir);Salon A
22 Ekim 2026 Perşembe;saat 14.00 - 14.45;Yapay Zekâ ve KVKK;Burak Aydın;Büyük Salon
"""


def test_a_second_person_with_her_organisation_is_no_affiliation_and_saat_is_the_hour():
    _, talks, warnings = parse_text(TURKISH, "program.csv")
    assert [s.name for s in talks[1].speakers] == ["Can Yıldız", "Elif Şahin"]
    assert talks[1].speakers[1].affiliation == "Getir"
    assert not any("no person's name" in w for w in warnings)
    assert (f"{talks[2].start:%Y-%m-%d %H:%M}", f"{talks[2].end:%H:%M}") == (
        "2026-10-22 14:00",
        "14:45",
    )


POLISH = """# 4Developers Wrocław 2026 — Program

## Wtorek, 21 kwietnia 2026

- godz. 9.00–9.45 — Otwarcie konferencji — Jakub Nabrdalik (Allegro), Sala Główna
- godz. 10.00–10.45 — Testy kontraktowe w mikroserwisach — Magdalena Kowalczyk, Sala 2

## Środa, 22 kwietnia 2026

- godz. 14.00–14.45 — Jak prowadzić rekrutację techniczną — Tomasz Kamiński, Sala 2
"""


def test_godz_before_a_polish_list_line_s_clock_is_the_hour():
    _, talks, _ = parse_text(POLISH, "program.md")
    assert [(t.title, f"{t.start:%d %H:%M}", f"{t.end:%H:%M}", t.room) for t in talks] == [
        ("Otwarcie konferencji", "21 09:00", "09:45", "Sala Główna"),
        ("Testy kontraktowe w mikroserwisach", "21 10:00", "10:45", "Sala 2"),
        ("Jak prowadzić rekrutację techniczną", "22 14:00", "14:45", "Sala 2"),
    ]


def test_a_tagline_beginning_with_a_role_names_the_organisation_after_its_last_comma():
    from ingest.formats.jsonrecords import tagline_affiliation

    assert tagline_affiliation("SRE, Grafana Labs") == "Grafana Labs"
    assert tagline_affiliation("Senior Engineer, Platform, Grafana Labs") == "Grafana Labs"
    assert tagline_affiliation("Google, Staff Engineer") is None
    assert tagline_affiliation("SRE, Lead Engineer") is None

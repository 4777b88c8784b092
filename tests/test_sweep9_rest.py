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
        ("The mythical AI engineer", "Keynote", "2026-06-10 09:00", "10:00", "Room 1"),
        ("What's new in .NET 11", None, "2026-06-10 10:20", "11:20", "Room 2"),
        ("Hacking your CI pipeline", None, "2026-06-11 13:40", "14:40", "Room 1"),
    ]
    assert [s.name for s in talks[1].speakers] == ["Damian Edwards", "David Fowler"]
    assert talks[1].abstract == "A tour of the runtime."

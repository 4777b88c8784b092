"""Sweep 7, web pages: an agenda saved from a browser whose talks are cards holding a
heading and a `<time datetime>` (ingest/formats/htmlcards.py). Each card is one talk
at the moment its datetime says, offset included; its speakers and their
organisations are what the card marks; nothing is taken from the card before or
after it, and what cannot be read is warned about by the card's line."""

from __future__ import annotations

import pytest

from ingest.detect import parse_text

CARDS = """<!DOCTYPE html>
<html lang="en"><head><title>Schedule · JSConf Budapest 2026</title></head>
<body><nav><a href="/">Home</a></nav><main><h1>Schedule</h1>
<section class="day"><h2>Thursday, September 24, 2026</h2>
<article class="session">
  <time datetime="2026-09-24T09:30:00+02:00">09:30</time>–<time datetime="2026-09-24T10:15:00+02:00">10:15</time>
  <h3>The state of JavaScript bundlers</h3>
  <p class="speakers"><a href="/s/t">Tobias Koppers</a>, Vercel</p>
  <p class="room">Main Stage</p>
</article>
<article class="session">
  <time datetime="2026-09-24T10:30:00+02:00">10:30</time>–<time datetime="2026-09-24T11:00:00+02:00">11:00</time>
  <h3>Signals everywhere</h3>
  <p class="speakers"><a href="/s/r">Ryan Carniato</a>, Netlify</p>
  <p class="room">Main Stage</p>
</article>
</section>
<section class="day"><h2>Friday, September 25, 2026</h2>
<article class="session">
  <time datetime="2026-09-25T09:30:00+02:00">09:30</time>–<time datetime="2026-09-25T10:15:00+02:00">10:15</time>
  <h3>Temporal is here</h3>
  <p class="speakers"><a href="/s/u">Ujjwal Sharma</a>, Igalia &amp; <a href="/s/p">Philipp Dunkel</a>, Bloomberg</p>
  <p class="room">Workshop Room</p>
  <p>Dates in JavaScript, finally.</p>
</article>
</section></main><footer><p>© 2026</p></footer></body></html>"""


def _said(talks):
    return [
        (
            t.title,
            f"{t.start:%Y-%m-%d %H:%M%z}" if t.start else None,
            f"{t.end:%H:%M}" if t.end else None,
            [(s.name, s.affiliation) for s in t.speakers],
            t.room,
        )
        for t in talks
    ]


def test_each_card_is_one_talk_at_its_machine_readable_time():
    fmt, talks, warnings = parse_text(CARDS, "30_saved_cards.html")
    assert fmt == "html" and not warnings  # (every time names its offset)
    assert _said(talks) == [
        (
            "The state of JavaScript bundlers",
            "2026-09-24 09:30+0200",
            "10:15",
            [("Tobias Koppers", "Vercel")],
            "Main Stage",
        ),
        (
            "Signals everywhere",
            "2026-09-24 10:30+0200",
            "11:00",
            [("Ryan Carniato", "Netlify")],
            "Main Stage",
        ),
        (
            "Temporal is here",
            "2026-09-25 09:30+0200",
            "10:15",
            [("Ujjwal Sharma", "Igalia"), ("Philipp Dunkel", "Bloomberg")],
            "Workshop Room",
        ),
    ]
    assert talks[2].abstract == "Dates in JavaScript, finally."
    assert not talks[0].abstract  # (no card's time lands in another's abstract)
    assert {t.conference for t in talks} == {"JSConf Budapest 2026"}
    assert [t.sources[0].location for t in talks] == ["line 5", "line 11", "line 19"]


MINIMAL = """<!DOCTYPE html><html><body>
<h1>JSConf 2026</h1>
<h2>Thursday, September 24, 2026</h2>
<div><time datetime="2026-09-24T09:30:00+02:00">09:30</time>–<time>10:15</time><h3>Bundlers</h3><p>Tobias Koppers</p></div>
<div><time datetime="2026-09-24T10:30:00+02:00">10:30</time>–<time>11:00</time><h3>Signals</h3><p>Ryan Carniato</p></div>
</body></html>"""


def test_an_end_without_its_datetime_is_its_clock_on_the_start_s_day_and_offset():
    # (the first card's time was the second's, in the default zone, with an untrue warning)
    _, talks, warnings = parse_text(MINIMAL, "cards_min.html")
    assert not warnings
    assert _said(talks) == [
        ("Bundlers", "2026-09-24 09:30+0200", "10:15", [("Tobias Koppers", None)], None),
        ("Signals", "2026-09-24 10:30+0200", "11:00", [("Ryan Carniato", None)], None),
    ]
    assert {t.conference for t in talks} == {"JSConf 2026"}


def _page(*cards: str, above: str = "") -> str:
    return (
        "<!DOCTYPE html><html><body><h1>DevConf 2026</h1>"
        + above
        + "".join(f'<li class="talk">{c}</li>' for c in cards)
        + "</body></html>"
    )


def test_a_card_whose_time_cannot_be_read_is_warned_about_and_takes_no_neighbour_s():
    page = _page(
        '<time datetime="soon">09:30</time><h3>First</h3>',
        '<time datetime="2026-05-04T10:30+03:00">10:30</time><h3>Second</h3>',
    )
    _, talks, warnings = parse_text(page, "soon.html")
    assert [(t.title, t.start) for t in talks][0] == ("First", None)
    assert f"{talks[1].start:%H:%M%z}" == "10:30+0300"
    assert any("line 1" in w and "'soon'" in w and "First" in w for w in warnings)


def test_a_clock_only_datetime_takes_the_day_heading_above_and_a_duration_ends_it(monkeypatch):
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Vienna")
    page = _page(
        '<time datetime="09:30">9:30</time> <time datetime="PT45M">45 min</time><h3>One</h3>',
        '<time datetime="2026-05-05">11:00–11:30</time><h3>Two</h3><p>Room: Saal 2</p>',
        above="<h2>Monday, 4 May 2026</h2>",
    )
    _, talks, warnings = parse_text(page, "vienna.html")
    assert not warnings
    assert _said(talks) == [
        ("One", "2026-05-04 09:30+0200", "10:15", [], None),
        ("Two", "2026-05-05 11:00+0200", "11:30", [], "Saal 2"),
    ]


def test_clock_times_without_an_offset_are_in_the_zone_the_page_states():
    page = _page(
        '<time datetime="2026-05-04T09:30">09:30</time><h3>One</h3><p>Ada Lovelace</p>',
        '<time datetime="2026-05-04T10:30">10:30</time><h3>Two</h3><p>Alan Turing</p>',
        above="<p>All times are in Europe/Helsinki time.</p>",
    )
    _, talks, warnings = parse_text(page, "helsinki.html")
    assert not warnings
    assert [f"{t.start:%H:%M%z}" for t in talks] == ["09:30+0300", "10:30+0300"]
    assert [t.speakers[0].name for t in talks] == ["Ada Lovelace", "Alan Turing"]


def test_speakers_marked_by_their_class_keep_their_organisation_elements():
    page = _page(
        '<time datetime="2026-05-04T09:30+02:00">09:30</time><h3>One</h3><div class="people">'
        '<span class="speaker">Ada Lovelace</span> (Analytical Engines) and '
        '<span class="speaker">Alan Turing</span></div>',
        '<time datetime="2026-05-04T10:30+02:00">10:30</time><h3>Two</h3>',
    )
    _, talks, _ = parse_text(page, "people.html")
    assert [(s.name, s.affiliation) for s in talks[0].speakers] == [
        ("Ada Lovelace", "Analytical Engines"),
        ("Alan Turing", None),
    ]


BLOG = """<!DOCTYPE html><html><body><h1>Our blog</h1>
<article class="post"><h2>Release 2.0</h2><time datetime="2026-03-01T10:22:31+00:00">March 1, 2026</time>
<p>We released it.</p></article>
<article class="post"><h2>Release 2.1</h2><time datetime="2026-04-01T08:00:00+00:00">April 1, 2026</time>
<p>Another one.</p></article></body></html>"""


def test_a_list_of_posts_dated_without_a_clock_is_no_program_of_cards():
    # (the posts show the day they were posted: no session time, as before)
    with pytest.raises(Exception, match="no program found"):
        parse_text(BLOG, "blog.html")


def test_a_lone_card_is_no_program_of_cards():
    page = """<!DOCTYPE html><html><body><h1>Meetup 2026</h1>
<h2>Monday, 4 May 2026</h2><ul><li>18:00 Doors open</li><li>18:30 Talk one — Ada Lovelace</li></ul>
<article class="next"><h3>Next meetup</h3><time datetime="2026-06-01T18:00+02:00">18:00</time></article>
</body></html>"""
    _, talks, _ = parse_text(page, "meetup.html")
    # (read as before, as Markdown: its list lines are talks)
    assert [t.title for t in talks][:2] == ["Doors open", "Talk one"]


DAY_SECTIONS = """<!DOCTYPE html><html><body><h1>DevConf 2026</h1>
<section class="day"><h2>Morning</h2><ul>
<li><time datetime="2026-05-04T09:00+02:00">09:00</time> Opening — Ada Lovelace</li>
<li><time datetime="2026-05-04T10:00+02:00">10:00</time> Engines — Alan Turing</li></ul></section>
<section class="day"><h2>Afternoon</h2><ul>
<li><time datetime="2026-05-04T14:00+02:00">14:00</time> Closing — Grace Hopper</li></ul></section>
</body></html>"""


def test_a_section_holding_its_talks_lines_is_no_card():
    # (each section holds one heading and timed <time>s, but in list items of their own:
    # its lines are the talks, read as the Markdown list they stand for)
    _, talks, _ = parse_text(DAY_SECTIONS, "sections.html")
    assert [t.title for t in talks] == ["Opening", "Engines", "Closing"]

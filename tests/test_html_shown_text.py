"""Sweep 17 F6: a web page's text is read as the page shows it. Its markup is read
once, by the page reader; what is left is text, so an escaped tag name the page
shows ("Why &lt;div&gt; soup hurts") stays in the title (was: "Why soup hurts",
the decoded "<div>" taken for markup a second time), while real markup is still
left out and entities decoded once."""

from __future__ import annotations

from pathlib import Path

from ingest import detect
from ingest.html import as_shown, inline, plain

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Frontend Day</title></head>
<body>
<h1>Frontend Day 2026</h1>
<h2>Friday, 13 November 2026</h2>
<table>
<tr><th>Time</th><th>Title</th><th>Speaker</th><th>Room</th></tr>
<tr><td>09:00–09:45</td><td>Why &lt;div&gt; soup hurts &amp; what to do</td><td>Bo Kim</td><td>Room 2</td></tr>
<tr><td>10:00–10:30</td><td>Accessibility &lt;b&gt;first&lt;/b&gt;</td><td>Ann Lee</td><td>Main Hall</td></tr>
<tr><td>10:30–11:00</td><td>CSS <em>grid</em> deep dive</td><td>Cy Ng</td><td>Room 2</td></tr>
</table>
</body></html>
"""


def test_escaped_tag_names_on_a_page_stay_in_its_titles(tmp_path: Path) -> None:
    path = tmp_path / "program.html"
    path.write_text(PAGE, encoding="utf-8")
    titles = [t.title for t in detect.parse_path(path).talks]
    assert titles == [
        "Why <div> soup hurts & what to do",
        "Accessibility <b>first</b>",
        "CSS grid deep dive",  # (the page's own markup: left out, as before)
    ]


def test_fields_elsewhere_still_read_their_markup() -> None:
    """Outside a page (a feed's escaped HTML abstract, a CSV cell) nothing changes."""
    assert plain("&lt;p&gt;We show&lt;/p&gt;") == "We show"
    assert inline("Why <div> soup hurts") == "Why soup hurts"
    with as_shown():
        assert inline("Why <div> soup hurts") == "Why <div> soup hurts"
    assert inline("Why <div> soup hurts") == "Why soup hurts"

"""Programs published as a web page's schema.org data (ingest/formats/jsonld.py)
and as TOML (ingest/formats/tomltree.py): both were refused as no program."""

from __future__ import annotations

import json

import pytest

from ingest.detect import detect, parse_text
from talkbase.core.errors import InputError


def _event(name: str, start: str, end: str, room: str, people: list[str], lang: str) -> dict:
    return {
        "@type": "Event",
        "name": name,
        "startDate": start,
        "endDate": end,
        "location": {"@type": "Place", "name": room},
        "performer": [{"@type": "Person", "name": p} for p in people],
        "inLanguage": lang,
    }


def _page(*blocks: object) -> str:
    scripts = "".join(
        f'<script type="application/ld+json">\n{json.dumps(b, indent=1)}\n</script>\n'
        for b in blocks
    )
    return f"<!DOCTYPE html>\n<html><head><title>Programma</title>\n{scripts}</head><body></body></html>"


FESTIVAL = {
    "@context": "https://schema.org",
    "@type": "Event",
    "name": "Festival dell'Innovazione 2024",
    "startDate": "2024-03-21",
    "endDate": "2024-03-22",
    "location": {"@type": "Place", "name": "Palazzo delle Stelline"},
    "subEvent": [
        _event(
            "Open data in Lombardia",
            "2024-03-21T10:30:00+01:00",
            "2024-03-21T11:15:00+01:00",
            "Chiostro Piccolo – Aula 2",
            ["Martina Colombo", "Paolo Rizzi"],
            "it",
        ),
        _event(
            "Building EU-compliant AI products",
            "2024-03-21T14:00:00+01:00",
            "2024-03-21T14:45:00+01:00",
            "Sala Volta",
            ["Hannah Becker"],
            "en",
        ),
    ],
}
CRUMBS = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    "itemListElement": [{"@type": "ListItem", "position": 1, "name": "Home"}],
}


def test_a_pages_schema_org_events_are_its_program():
    fmt, talks, warnings = parse_text(_page(CRUMBS, FESTIVAL), "programma.html")
    assert fmt == "jsonld" and not warnings
    assert [t.title for t in talks] == [
        "Open data in Lombardia",
        "Building EU-compliant AI products",
    ]
    a, b = talks
    assert [s.name for s in a.speakers] == ["Martina Colombo", "Paolo Rizzi"]
    assert (f"{a.start:%Y-%m-%d %H:%M %z}", f"{a.end:%H:%M}") == ("2024-03-21 10:30 +0100", "11:15")
    assert (a.room, a.language, b.room, b.language) == (
        "Chiostro Piccolo – Aula 2",
        "it",
        "Sala Volta",
        "en",
    )


def test_a_block_that_is_no_json_is_skipped_with_its_line():
    page = _page(FESTIVAL).replace(
        "</head>", '<script type="application/ld+json">{"@type": "Event", oops</script></head>'
    )
    _, talks, warnings = parse_text(page, "p.html")
    assert len(talks) == 2
    assert (
        len(warnings) == 1 and warnings[0].startswith("p.html line ") and "no JSON" in warnings[0]
    )


def test_a_page_naming_only_its_conference_is_no_schema_org_program():
    one = dict(FESTIVAL, subEvent=[])
    assert detect(_page(CRUMBS, one)) != "jsonld"
    with pytest.raises(InputError):
        parse_text(_page(CRUMBS, one), "home.html")


TOML = """# program.toml
[conference]
name = "Python Brasil 2024"
timezone = "America/Sao_Paulo"

[[talks]]
title = "Tipagem estática com mypy"
speakers = ["Rafael Souza", "Juliana Lima"]
start = 2024-10-17T10:00:00
end = 2024-10-17T10:40:00
room = "Auditório Paulo Freire"
track = "Boas práticas"
language = "pt-BR"
abstract = \"\"\"
Como adotamos tipagem gradual.
\"\"\"

[[talks]]
title = "Scientific Python on GPUs"
speakers = ["Emily Chen"]
start = 2024-10-17T14:00:00
end = 2024-10-17T14:40:00
room = "Sala Araucária"
"""


def test_a_toml_program_reads_its_talks_in_its_own_zone():
    fmt, talks, warnings = parse_text(TOML, "program.toml")
    assert fmt == "toml" and not warnings
    a, b = talks
    assert (a.title, [s.name for s in a.speakers]) == (
        "Tipagem estática com mypy",
        ["Rafael Souza", "Juliana Lima"],
    )
    assert f"{a.start:%Y-%m-%d %H:%M %z}" == "2024-10-17 10:00 -0300"
    assert (a.room, a.track, a.language, a.abstract) == (
        "Auditório Paulo Freire",
        "Boas práticas",
        "pt",
        "Como adotamos tipagem gradual.",
    )
    assert (b.title, f"{b.end:%H:%M}") == ("Scientific Python on GPUs", "14:40")


def test_toml_look_alikes_are_not_toml():
    for text in (
        "# Program\n\n## Talk A\nroom = B\n\nSome words.\n",  # Markdown with an '=' line
        "title,room\nA,B\n",
        "key = value\nother = 2\n",  # flat settings: no table of talks
    ):
        assert detect(text) != "toml", text


def test_a_broken_toml_program_is_refused_naming_its_line():
    with pytest.raises(InputError) as err:
        parse_text(TOML.replace('room = "Sala Araucária"', 'room = "Sala'), "program.toml", "toml")
    assert "program.toml" in str(err.value) and "line" in str(err.value)


PAGE = """<!DOCTYPE html>
<html lang="en"><head><title>Programme</title><style>h2 {color: red}</style></head>
<body>
<header><nav><a href="/">Home</a> · <a href="/cfp">CfP</a></nav></header>
<main>
<h1>Programme — PyCon Example 2025</h1>
<h2>Saturday 8 November 2025</h2>
<ul>
  <li><span>09:15–10:00</span> <strong>Keynote: Python in Public Services</strong> —
      <span>Aoife Byrne</span></li>
  <li><span>10:15–10:45</span> <strong>Async Django in Production</strong> —
      <span>Ciarán Walsh</span>, <span>Emma Byrne</span></li>
</ul>
<h2>Sunday 9 November 2025</h2>
<ul>
  <li><span>10:00–10:30</span> <strong>Type-Safe Config with Pydantic</strong> —
      <span>Róisín Walsh</span></li>
</ul>
</main>
<footer><p>© 2025 Example. <script>track()</script></p></footer>
</body></html>
"""


def test_a_web_page_of_day_headings_and_timed_lists_is_read_as_its_markdown(monkeypatch):
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Dublin")
    fmt, talks, warnings = parse_text(PAGE, "programme.html")
    assert fmt == "html" and not warnings
    assert [t.title for t in talks] == [
        "Keynote: Python in Public Services",  # (the label stays: sweep 16, F10)
        "Async Django in Production",
        "Type-Safe Config with Pydantic",
    ]
    keynote, django, pydantic = talks
    assert keynote.format == "Keynote" and [s.name for s in keynote.speakers] == ["Aoife Byrne"]
    assert [s.name for s in django.speakers] == ["Ciarán Walsh", "Emma Byrne"]
    assert f"{django.start:%Y-%m-%d %H:%M %z}-{django.end:%H:%M}" == "2025-11-08 10:15 +0000-10:45"
    assert f"{pydantic.start:%Y-%m-%d %H:%M}" == "2025-11-09 10:00"


def test_a_web_page_holding_no_program_is_refused_naming_it():
    page = "<!DOCTYPE html><html><body><h1>About us</h1><p>We are a club.</p></body></html>"
    with pytest.raises(InputError) as err:
        parse_text(page, "about.html")
    assert str(err.value).startswith("about.html") and "read as Markdown" in str(err.value)
    # a page whose program is its schema.org data is read by that first
    assert detect(_page(CRUMBS, FESTIVAL)) == "jsonld"


def test_a_record_holding_an_empty_key_is_read_without_it():
    """(found by the fuzz test: a key "" beside a title was looked up as a column of
    dates)"""
    body = json.dumps(
        [{"title": "A", "": "0", "start": "2024-05-01T10:00:00+02:00"}, {"title": "B"}]
    )
    _, talks, _ = parse_text(body, "p.json")
    assert [t.title for t in talks] == ["A", "B"]
    assert f"{talks[0].start:%H:%M %z}" == "10:00 +0200"


def test_a_markdown_program_naming_a_tag_stays_markdown():
    text = (
        "# DevConf 2025\n\n## Saturday 8 November 2025\n\n- 09:00 Opening — Jane Doe\n"
        "- 10:00 Styling the `<body>` element — John Smith\n"
    )
    fmt, talks, _ = parse_text(text, "program.md")
    assert fmt == "markdown"
    assert [(t.title, f"{t.start:%H:%M}") for t in talks] == [
        ("Opening", "09:00"),
        ("Styling the <body> element", "10:00"),  # (code marks dropped, as ever)
    ]


@pytest.mark.parametrize(
    "program",
    [
        # a table whose cells and rows end where the next begins (end tags left out)
        "<table><tr><th>Time<th>Title<th>Speaker"
        "<tr><td>09:00<td>Opening<td>Jane Doe<tr><td>10:00<td>Modern CSS<td>John Smith</table>",
        # a preformatted program
        "<pre>\n09:00 Opening — Jane Doe\n10:00 Modern CSS — John Smith\n</pre>",
        # each talk an article whose header holds its title
        "<article><header><h3>Opening</h3></header><p>09:00 · Jane Doe</p></article>"
        "<article><header><h3>Modern CSS</h3></header><p>10:00 · John Smith</p></article>",
    ],
)
def test_pages_of_other_markup_read_their_talks(program, monkeypatch):
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Dublin")
    page = (
        "<!DOCTYPE html><html><body><h1>DevConf 2025</h1>"
        f"<h2>Saturday 8 November 2025</h2>\n{program}</body></html>"
    )
    fmt, talks, _ = parse_text(page, "p.html")
    assert fmt == "html"
    assert [t.title for t in talks] == ["Opening", "Modern CSS"]
    assert [f"{t.start:%Y-%m-%d %H:%M}" for t in talks] == ["2025-11-08 09:00", "2025-11-08 10:00"]

"""Sweep 17, what it left: a talk's language from its own letters before its program's
majority (F5), a bare JSON-LD file (F4), a TOML file told by its name and its own errors
(F3), Mac Roman (F7), a page's conference named by its heading (F8). Each test names
what was read wrong before."""

from __future__ import annotations

import json

import pytest

from ingest.detect import decode, parse_text
from talkbase.core.errors import InputError


def test_a_latin_letter_talk_is_never_given_its_programs_language_of_another_script() -> None:
    """F5: an English program with one Arabic talk: the short English talks took the
    language of the program's short texts together (Arabic, the identifier's pick from
    the one Arabic talk's letters), so "talks in English" dropped them and a search
    limited to Arabic found them. Too unsure alone, they are left without a language."""
    text = (
        "uid,title,speakers,date,start,abstract\n"
        "o1,Forty speakers panel,Ann Lee,2026-11-13,09:00,Forty again.\n"
        "o2,Duplicate A,Dup One,2026-11-13,10:00,first\n"
        "o3,Duplicate B different,Dup Two,2026-11-13,11:00,second\n"
        "o4,مقدمة في التعلم الآلي,محمد أحمد,2026-11-13,12:00,شرح مبسط للتعلم الآلي\n"
        "o5,Semicolon forty,Bob Roe,2026-11-13,13:00,Forty again.\n"
    )
    _, talks, _ = parse_text(text, "odd.csv")
    language = {t.title: t.language for t in talks}
    assert language["مقدمة في التعلم الآلي"] == "ar"
    assert all(
        language[t] != "ar" for t in ("Duplicate A", "Duplicate B different", "Semicolon forty")
    )


EVENT = {
    "@context": "https://schema.org",
    "@type": "Event",
    "name": "LD Conf 2026",
    "location": {"@type": "Place", "name": "Congress Center"},
    "subEvent": [
        {
            "@type": "Event",
            "name": "Linked data for humans",
            "startDate": "2026-11-13T09:00:00+01:00",
            "performer": {"@type": "Person", "name": "Tim B"},
        },
        {
            "@type": "Event",
            "name": "Schema.org deep dive",
            "startDate": "2026-11-13T10:00:00+01:00",
            "eventStatus": "https://schema.org/EventCancelled",
        },
    ],
}


def test_a_bare_json_ld_document_is_read_as_json_ld() -> None:
    """F4: a `.jsonld` file (a schema.org Event and its subEvents, no page around it)
    was read as plain JSON, its `eventStatus` lost, and `--format jsonld` refused it
    ("its schema.org blocks hold no JSON to read"). It reads as the same JSON in a page
    does: the cancelled talk noted so, the Event holding them the conference."""
    text = json.dumps(EVENT, indent=1)
    page = f'<html><script type="application/ld+json">{text}</script></html>'
    for fmt, read in (
        (None, parse_text(text, "event.jsonld")),
        ("jsonld", parse_text(text, "event.json", "jsonld")),
        (None, parse_text(page, "event.html")),
    ):
        found, talks, _ = read
        assert found == "jsonld", fmt
        assert [dict(t.notes).get("Status") for t in talks] == [None, "cancelled"]
        assert {t.conference for t in talks} == {"LD Conf 2026"}


def test_a_broken_bare_json_ld_document_says_where() -> None:
    text = json.dumps(EVENT, indent=1).replace('"Schema.org deep dive",', '"Schema.org deep dive"')
    with pytest.raises(InputError, match=r"line \d+, column \d+\): not valid JSON"):
        parse_text(text, "event.jsonld")


def test_a_toml_file_opening_with_a_table_of_talks_is_toml() -> None:
    """F3: a `.toml` file whose first line is `[[talks]]` was taken for JSON (it opens
    with "[") and refused as "not valid JSON"; the file's name says TOML, and it reads
    as TOML. Broken there, it is refused with TOML's error and its place."""
    text = (
        '[[talks]]\ntitle = "Ok"\nstart = 2026-11-13T09:00:00+01:00\nspeakers = ["A"]\n\n'
        '[[talks]]\ntitle = "Second"\nstart = 2026-11-13T10:00:00+01:00\n'
    )
    found, talks, _ = parse_text(text, "program.toml")
    assert (found, [t.title for t in talks]) == ("toml", ["Ok", "Second"])
    broken = text.replace('"Second"', '"Second')
    with pytest.raises(InputError, match=r"line 7, column \d+\): not valid TOML"):
        parse_text(broken, "program.toml")


def test_a_mac_roman_file_is_read_as_mac_roman_and_windows_1252_stays() -> None:
    """F7: old Excel for Mac's "CSV (Macintosh)" was read as Windows-1252: "CafŽ
    numŽrique ˆ ZŸrich", "JosŽ Mu–oz". Windows-1252 and Latin-1 files, quotes and
    dashes and all, read as before."""
    text = "title,speakers,date,start,room\nCafé numérique à Zürich,José Muñoz,2026-11-13,09:00,Salle É\n"
    assert decode(text.encode("mac_roman"), "mac.csv") == text
    western = text.replace("Zürich", "Zürich’s “best” – Œuvre")
    assert decode(western.encode("cp1252"), "w.csv") == western
    assert decode(text.encode("latin-1"), "l.csv") == text


def test_a_pages_conference_is_its_heading_where_its_title_adds_words_to_it() -> None:
    """F8: a page titled "WebConf 2026 Schedule" under the heading "WebConf 2026" named
    its conference "WebConf 2026 Schedule"; the heading is the name, the title's other
    words what the page is of it."""
    body = (
        "<h1>{h1}</h1><h2>Friday, 13 November 2026</h2><table><tr><th>Time</th>"
        "<th>Title</th><th>Speaker</th></tr><tr><td>09:00–09:45</td><td>Opening keynote"
        "</td><td>Tim Lee</td></tr><tr><td>10:00–10:30</td><td>CSS grid deep dive</td>"
        "<td>Rachel Andrew</td></tr></table>"
    )
    page = "<html><head><title>{title}</title></head><body>" + body + "</body></html>"
    _, talks, _ = parse_text(
        page.format(title="WebConf 2026 Schedule", h1="WebConf 2026"), "p.html"
    )
    assert {t.conference for t in talks} == {"WebConf 2026"}

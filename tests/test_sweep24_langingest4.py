"""Sweep 24 (langs4): programs in Dutch, Norwegian, Finnish, Hungarian, Romanian,
Serbian, Urdu and Tagalog read as they write them: their words calling a talk off
(`terms.CANCELLED_STATES`), a Markdown "Status:" label, their headers
(`columns.IN_OTHER_LANGUAGES`), label lines under a list line, "various speakers,
Foyer", Filipino as a language, a title's format label in any format and language."""

from __future__ import annotations

import pytest

from ingest.detect import parse_text
from talkbase.core.languages import language_code
from talkbase.core.terms import placeholder_speaker

_ROW = "{title},Ana,2026-10-08,13:00,13:45,Sala 1,{status}\n"
_HEAD = "Title,Speaker,Date,Start,End,Room,Status\n"


def _csv(title: str, status: str = "") -> tuple[list, list[str]]:
    text = (
        _HEAD + _ROW.format(title="Live talk", status="") + _ROW.format(title=title, status=status)
    )
    _, talks, warnings = parse_text(text, "p.csv")
    return talks, warnings


# ---- F1: the words for a talk called off, in a title and in a status cell ----------------


@pytest.mark.parametrize(
    ("title", "bare"),
    [
        ("ОТКАЗАНО: Безбедност мобилних апликација", "Безбедност мобилних апликација"),
        ("Otkazano: Sigurnost", "Sigurnost"),
        ("منسوخ: سائبر سیکیورٹی کی بنیادی باتیں", "سائبر سیکیورٹی کی بنیادی باتیں"),
        ("KINANSELA: Seguridad ng mga mobile app", "Seguridad ng mga mobile app"),
    ],
)
def test_a_title_marked_off_in_serbian_urdu_or_tagalog_is_cancelled(title, bare):
    talks, _ = _csv(title)
    assert [t.title for t in talks if t.cancelled] == [bare]


@pytest.mark.parametrize("word", ["Отказано", "otkazano", "منسوخ", "Kinansela", "Kanselado"])
def test_a_status_cell_in_serbian_urdu_or_tagalog_calls_the_talk_off(word):
    talks, warnings = _csv("Quantum", word)
    assert [t.title for t in talks if t.cancelled] == ["Quantum"]
    assert not any("status" in w for w in warnings)


# ---- F2: a Markdown "Status:" label --------------------------------------------------------

_HEADINGS = """# DevDay 2026

## Thursday 12 March 2026

### 12:45–13:30 Privacy by design

**Speaker:** Sanne Visser
**Room:** Room B
**Status:** {status}

About anonymising patient data.

### 14:00–14:45 Lightning talks

**Speaker:** Jane Doe
**Room:** Foyer

Five minutes each.
"""


@pytest.mark.parametrize("status", ["cancelled", "geannuleerd", "Отказано"])
def test_a_markdown_status_label_calls_the_talk_off_and_leaves_the_abstract(status):
    _, talks, _ = parse_text(_HEADINGS.format(status=status), "p.md")
    off = [t for t in talks if t.cancelled]
    assert [t.title for t in off] == ["Privacy by design"]
    assert off[0].abstract == "About anonymising patient data."


def test_a_markdown_status_label_of_no_known_word_is_warned_and_kept():
    _, talks, warnings = parse_text(_HEADINGS.format(status="wobbly"), "p.md")
    assert not any(t.cancelled for t in talks)
    assert any("'wobbly'" in w and "kept as taking place" in w for w in warnings)
    assert "Status" not in talks[0].abstract


def test_a_markdown_status_label_saying_it_takes_place_is_no_news():
    _, talks, warnings = parse_text(_HEADINGS.format(status="confirmed"), "p.md")
    assert not any(t.cancelled for t in talks) and not any("status" in w for w in warnings)


# ---- F3: headers -------------------------------------------------------------------------


def test_a_norwegian_end_column_slutt_is_read():
    text = "Tittel,Foredragsholder,Dato,Start,Slutt,Sal\nRust,Ola Hansen,2026-09-17,10:00,10:45,Sal 1\n"
    _, talks, warnings = parse_text(text, "no.csv")
    assert talks[0].end is not None and (talks[0].end - talks[0].start).seconds == 45 * 60
    assert not any("not read" in w for w in warnings)


def test_urdu_headers_are_read():
    text = (
        "عنوان,مقرر,تاریخ,آغاز,اختتام,ہال,موضوع,قسم,زبان,خلاصہ,حیثیت\n"
        "اردو کے لیے مشینی ترجمہ,عمران احمد,2026-11-21,10:00,10:45,ہال اے,مصنوعی ذہانت,"
        "لیکچر,اردو,نستعلیق رسم الخط,\n"
        "زرعی شعبے میں ڈرون,نادیہ اقبال,2026-11-21,15:15,16:00,ہال اے,زراعت,لیکچر,اردو,"
        "کسانوں کے لیے ڈرون,منسوخ\n"
    )
    _, talks, warnings = parse_text(text, "ur.csv")
    first = talks[0]
    assert [s.name for s in first.speakers] == ["عمران احمد"]
    assert (first.room, first.track, first.format) == ("ہال اے", "مصنوعی ذہانت", "لیکچر")
    assert first.abstract == "نستعلیق رسم الخط"
    assert [t.cancelled for t in talks] == [False, True]
    assert not any("not read" in w for w in warnings)


def test_a_serbian_table_titled_naslov_is_read_whole():
    text = (
        "Наслов,Предавач,Датум,Почетак,Крај,Сала,Област,Врста,Језик,Опис,Статус\n"
        "Rust у индустрији,Јелена Николић,2026-10-08,10:00,10:45,Сала 1,Програмирање,"
        "Предавање,српски,Искуства.,\n"
    )
    _, talks, warnings = parse_text(text, "sr.csv")
    t = talks[0]
    assert t.title == "Rust у индустрији" and [s.name for s in t.speakers] == ["Јелена Николић"]
    assert (t.room, t.track, t.format, t.language) == ("Сала 1", "Програмирање", "Предавање", "sr")
    assert t.end is not None and t.abstract == "Искуства."
    assert not any("not read" in w for w in warnings)


_PAGE = """<html><body><h1>DevFest Cluj 2026</h1><h2>Joi, 14 mai 2026</h2>
<table><tr><th>Ora</th><th>Titlu</th><th>Vorbitor</th><th>Sala</th><th>Mood</th></tr>
<tr><td>10:00–10:45</td><td>Rust pentru sisteme</td><td>Mihai Ionescu</td><td>Sala 2</td>
<td>calm</td></tr>
<tr><td>11:00–11:45</td><td>Scaling PostgreSQL</td><td>Radu Stan</td><td>Sala 2</td>
<td>calm</td></tr></table>
<h2>Vineri, 15 mai 2026</h2>
<table><tr><th>Ora</th><th>Titlu</th><th>Vorbitor</th><th>Sala</th><th>Mood</th></tr>
<tr><td>10:00–10:45</td><td>Baze de date</td><td>Adrian Rusu</td><td>Sala 2</td>
<td>calm</td></tr></table></body></html>"""


def test_an_html_tables_column_not_read_is_warned_once():
    _, talks, warnings = parse_text(_PAGE, "ro.html")
    assert len(talks) == 3
    said = [w for w in warnings if "not read" in w]
    assert len(said) == 1 and "'Mood'" in said[0]


# ---- F4: label lines under a list line ---------------------------------------------------

_LIST = """# DataDagen 2026

Tijdzone: Europe/Amsterdam

## Donderdag 12 maart 2026

- 09:00–09:45 **De staat van open data** — Marieke de Vries, Grote Zaal
  Track: Open Data · Vorm: keynote · Taal: Nederlands
  Een overzicht van tien jaar open data.
- 10:00–10:45 **Versiebeheer met DVC** — Joost Bakker, Zaal A
  Track: Data Engineering
  Format: workshop
  Language: English
  Hoe je grote datasets beheert.
"""


def test_label_lines_under_a_list_line_are_read_not_left_in_the_abstract():
    _, talks, _ = parse_text(_LIST, "nl.md")
    one, two = talks
    assert (one.track, one.format, one.language) == ("Open Data", "keynote", "nl")
    assert one.abstract == "Een overzicht van tien jaar open data."
    assert (two.track, two.format, two.language) == ("Data Engineering", "workshop", "en")
    assert two.abstract == "Hoe je grote datasets beheert."


def test_dutch_vorm_and_taal_labels_under_a_heading_are_read():
    text = _HEADINGS.format(status="confirmed").replace(
        "**Status:** confirmed", "**Vorm:** lezing\n**Taal:** Nederlands"
    )
    _, talks, _ = parse_text(text, "p.md")
    assert (talks[0].format, talks[0].language) == ("lezing", "nl")
    assert talks[0].abstract == "About anonymising patient data."


# ---- F5: "various speakers, Foyer" -----------------------------------------------------------


@pytest.mark.parametrize("who", ["various speakers", "diverse sprekers", "Flera talare"])
def test_various_speakers_then_a_place_is_a_room_and_no_speaker(who):
    text = (
        "# Day\n\n## Thursday 12 March 2026\n\n"
        "- 15:00–15:45 **Data talk** — Jane Doe, Room A\n"
        f"- 16:30–17:30 **Drinks and lightning talks** — {who}, Foyer\n"
    )
    _, talks, _ = parse_text(text, "p.md")
    last = talks[-1]
    assert (last.title, last.speakers, last.room) == ("Drinks and lightning talks", (), "Foyer")


def test_many_speakers_in_other_languages_are_no_name():
    assert all(map(placeholder_speaker, ["Több előadó", "diverse sprekers", "Flera talare"]))
    assert not placeholder_speaker("Kovács Anna")


# ---- F9: Filipino --------------------------------------------------------------------------


@pytest.mark.parametrize("said", ["fil", "Filipino", "Tagalog", "tgl", "fil-PH"])
def test_filipino_is_tagalog(said):
    assert language_code(said) == "tl"


def test_a_frab_xml_language_fil_is_read_without_a_warning():
    text = """<?xml version="1.0" encoding="UTF-8"?>
<schedule><conference><title>PyCon PH</title><time_zone_name>Asia/Manila</time_zone_name>
</conference><day index="1" date="2026-09-10"><room name="Silid 1">
<event id="503" guid="ph-503"><date>2026-09-10T10:00:00+08:00</date><start>10:00</start>
<duration>00:45</duration><room>Silid 1</room><title>Rust para sa mga sistema</title>
<type>lektyur</type><language>fil</language><abstract>Mga karanasan.</abstract>
<persons><person id="1">Jose Reyes</person></persons></event></room></day></schedule>"""
    _, talks, warnings = parse_text(text, "tl.xml")
    assert talks[0].language == "tl"
    assert not any("fil" in w for w in warnings)


# ---- F15: a title's format label in any language and any format ---------------------------


@pytest.mark.parametrize(
    ("title", "fmt"),
    [
        ("Työpaja: Docker alusta loppuun", "Workshop"),
        ("Радионица: Увод у Kubernetes", "Workshop"),
        ("Palihan: Panimula sa Kubernetes", "Workshop"),
        ("Atelier: Introducere în Kubernetes", "Workshop"),
        ("Pääpuhe: Vihreä ohjelmistokehitys", "Keynote"),
    ],
)
def test_a_titles_format_label_is_the_talks_format_in_a_calendar(title, fmt):
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:1\r\n"
        "DTSTART:20260520T070000Z\r\nDTEND:20260520T090000Z\r\n"
        f"SUMMARY:{title}\r\nLOCATION:Sali 2\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    _, talks, _ = parse_text(text, "fi.ics")
    assert (talks[0].title, talks[0].format) == (title, fmt)


def test_a_type_column_still_wins_over_the_titles_label():
    text = "Title,Date,Start,Type\nWorkshop: Rust,2026-05-01,10:00,Tutorial\n"
    _, talks, _ = parse_text(text, "p.csv")
    assert talks[0].format == "Tutorial"


@pytest.mark.parametrize(("tail", "who"), [("Jane Doe, Foyer", ("Jane Doe",)), ("Foyer", ())])
def test_a_foyer_after_the_speakers_or_alone_is_the_room_never_a_speaker(tail, who):
    text = (
        "# Day\n\n## Thursday 12 March 2026\n\n"
        "- 15:00–15:45 **Data talk** — John Roe, Room A\n"
        f"- 16:30–17:30 **Drinks** — {tail}\n"
    )
    _, talks, _ = parse_text(text, "p.md")
    last = talks[-1]
    assert (last.title, tuple(s.name for s in last.speakers), last.room) == ("Drinks", who, "Foyer")

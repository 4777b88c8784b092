"""A talk's language and links: read from each format that carries them, validated
where they come in, kept through to_dict / talk_from_dict and the store, and an old
record without them still loads."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from ingest.detect import parse_path, parse_text
from ingest.links import link_pairs, web_url
from ingest.merge import merge_talks
from talkbase.core.languages import language_code
from talkbase.core.records import Source, Talk, talk_from_dict
from tests.conftest import FOSDEM_XML, zone_note


def _talk(**kw: object) -> Talk:
    base = dict(
        title="Kernels",
        start=datetime(2024, 2, 3, 10, tzinfo=UTC),
        sources=(Source("a.json", "frab", "event 1"),),
    )
    return Talk(**(base | kw))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("en", "en"),
        ("EN", "en"),
        ("en-US", "en"),
        ("pt_BR", "pt"),
        ("zh-Hant", "zh"),
        ("English", "en"),
        ("english", "en"),
        ("Deutsch", "de"),
        ("Français", "fr"),
        ("francais", "fr"),
        ("Italiano", "it"),
        ("English (US)", "en"),
        ("English, German", "en"),
        ("eng", "en"),
        ("cy", "cy"),  # an ISO 639-1 code without a name in the table
        ("", None),
        ("xx", None),
        ("Klingon", None),
        (None, None),
    ],
)
def test_language_code(text: object, code: str | None) -> None:
    assert language_code(text) == code


@pytest.mark.parametrize(
    "url",
    [
        "https://fosdem.org/2024/",
        "http://example.org:8080/a?b=c#d",
        "https://video.fosdem.org/x.mp4",
    ],
)
def test_web_url_accepts_web_addresses(url: str) -> None:
    assert web_url(url) == url


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "file:///etc/passwd",
        "data:text/html,<script>",
        "ftp://example.org/x",
        "/media/slides.pdf",
        "http://",
        "https://exa mple.org/",
        "https://example.org/\nSet-Cookie",
        "https://example.org:99999/",
        "https://[::1/",
        "",
        None,
        42,
        "https://example.org/" + "a" * 3000,
    ],
)
def test_web_url_refuses_the_rest(url: object) -> None:
    assert web_url(url) is None


def test_link_pairs_counts_other_schemes_not_placeholders() -> None:
    links, refused = link_pairs(
        [
            ("Slides", "https://a.org/s.pdf"),
            ("Again", "https://a.org/s.pdf"),  # one URL once, the first label kept
            ("Evil", "javascript:alert(1)"),
            ("Empty", "http://"),
            ("Relative", "/media/x.pdf"),
            ("", "https://b.org/"),
        ]
    )
    assert links == (("Slides", "https://a.org/s.pdf"), ("Link", "https://b.org/"))
    assert refused == 1


def test_fields_round_trip_and_old_records_load() -> None:
    talk = _talk(language="de", links=(("Slides", "https://a.org/s.pdf"),), venue="ULB, Brussels")
    d = talk.to_dict()
    assert d["language"] == "de" and d["venue"] == "ULB, Brussels"
    assert d["links"] == [{"label": "Slides", "url": "https://a.org/s.pdf"}]
    back = talk_from_dict(json.loads(json.dumps(d)))
    assert back.language == "de" and back.links == talk.links
    assert back == talk
    old = {k: v for k, v in d.items() if k not in ("language", "links", "venue")}  # stored before
    loaded = talk_from_dict(old)
    assert loaded.language is None and loaded.links == () and loaded.venue is None
    assert loaded.title == "Kernels" and loaded.start == talk.start


def test_real_fosdem_xml_has_language_and_attachments() -> None:
    doc = parse_path(FOSDEM_XML)
    assert {t.language for t in doc.talks} == {"en"}
    linked = [t for t in doc.talks if t.links]
    assert linked, "FOSDEM 2024's attachments are links"
    assert all(u.startswith(("http://", "https://")) for t in linked for _, u in t.links)
    assert any(label == "Slides" for t in linked for label, _ in t.links)


def test_frab_json_links_attachments_language() -> None:
    ev = {
        "id": 1,
        "guid": "g1",
        "date": "2024-02-03T10:00:00+01:00",
        "duration": "00:30",
        "room": "Janson",
        "title": "Talk one",
        "language": "English",
        "url": "https://c.example/talk/1/",
        "links": [
            {"title": "Code", "url": "https://git.example/x"},
            {"title": "Bad", "url": "javascript:alert(1)"},
        ],
        "attachments": [{"title": "Slides", "url": "https://c.example/s.pdf"}],
        "persons": [{"public_name": "Ann Lee"}],
    }
    root = {
        "schedule": {
            "conference": {
                "title": "C",
                "days": [{"date": "2024-02-03", "rooms": {"Janson": [ev]}}],
            }
        }
    }
    fmt, (talk,), warnings = parse_text(json.dumps(root), "schedule.json")
    assert fmt == "frab" and talk.language == "en"
    assert talk.links == (
        ("Program page", "https://c.example/talk/1/"),
        ("Code", "https://git.example/x"),
        ("Slides", "https://c.example/s.pdf"),
    )
    assert any("not a web address" in w for w in warnings)


def test_pretalx_content_locale_is_the_language() -> None:
    root = {
        "results": [
            {
                "code": "ABC",
                "title": "Eine Rede",
                "content_locale": "de",
                "slot": {"room": "R1", "start": "2024-05-01T10:00:00+02:00"},
            }
        ]
    }
    _, (talk,), _ = parse_text(json.dumps(root), "talks.json")
    assert talk.language == "de"


def test_ical_url_is_a_link_and_a_bad_one_is_refused() -> None:
    ics = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        "BEGIN:VEVENT\r\nUID:1\r\nDTSTART:20240203T100000Z\r\nSUMMARY:One\r\n"
        "URL:https://c.example/1\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:2\r\nDTSTART:20240203T110000Z\r\nSUMMARY:Two\r\n"
        "URL:javascript:alert(1)\r\nEND:VEVENT\r\n"
        "END:VCALENDAR\r\n"
    )
    _, (one, two), warnings = parse_text(ics, "c.ics")
    assert one.links == (("Program page", "https://c.example/1"),)
    assert two.links == ()
    assert any("line" in w and "not a web address" in w for w in warnings)


def test_jsonl_export_reads_back_language_and_links() -> None:
    talk = _talk(language="fr", links=(("Video", "https://v.example/1.mp4"),), uid="u1")
    line = json.dumps(talk.to_dict())
    _, (back,), _ = parse_text(line + "\n", "export.jsonl")
    assert back.language == "fr"
    assert back.links == (("Video", "https://v.example/1.mp4"),)


def test_csv_language_and_url_columns() -> None:
    text = "title,language,url\nOne,en-GB,https://c.example/1\nTwo,Español,file:///x\n"
    _, (one, two), warnings = parse_text(text, "p.csv")
    assert one.language == "en" and one.links == (("Program page", "https://c.example/1"),)
    assert two.language == "es" and two.links == ()
    assert any("not a web address" in w for w in warnings)


def test_merge_keeps_a_language_and_every_link() -> None:
    a = _talk(links=(("Slides", "https://a.org/s.pdf"),))
    b = _talk(
        language="en",
        links=(("slides", "https://a.org/s.pdf"), ("Video", "https://a.org/v.mp4")),
        sources=(Source("b.json", "frab", "event 1"),),
    )
    (merged,) = merge_talks([a, b])
    assert merged.language == "en"
    assert merged.links == (("Slides", "https://a.org/s.pdf"), ("Video", "https://a.org/v.mp4"))


def test_the_store_keeps_language_and_links(tmp_path, hashing_embedder) -> None:
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    text = (
        "title,language,url,abstract\n"
        "Kernels on GPUs,de,https://c.example/1,Fast kernels.\n"
        "Plain talk,,,\n"
    )
    (tmp_path / "p.csv").write_text(text, encoding="utf-8")
    home = tmp_path / "home"
    ingest([tmp_path / "p.csv"], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        by_title = {t.title: t for t in kb.talks.values()}
    assert by_title["Kernels on GPUs"].language == "de"
    assert by_title["Kernels on GPUs"].links == (("Program page", "https://c.example/1"),)
    assert by_title["Plain talk"].language is None and by_title["Plain talk"].links == ()


def test_the_venue_is_read_from_a_frab_program_and_merged() -> None:
    from ingest.formats import frab, frabxml

    xml = (
        "<schedule><conference><title>Conf</title><venue>ULB (Université Libre de "
        "Bruxelles)</venue><city>Brussels</city><time_zone_name>Europe/Brussels"
        "</time_zone_name></conference><day date='2024-02-03' index='1'><room name='K.1'>"
        "<event guid='g1'><date>2024-02-03T10:00:00+01:00</date><start>10:00</start>"
        "<duration>00:30</duration><room>K.1</room><title>A talk</title></event>"
        "</room></day></schedule>"
    )
    (talk,) = frabxml.parse(xml, "schedule.xml")[0]
    assert talk.venue == "ULB (Université Libre de Bruxelles), Brussels"
    assert frab.venue_of("Hall 1, Leipzig", "Leipzig") == "Hall 1, Leipzig"  # the city once
    assert frab.venue_of("", "Leipzig") == "Leipzig" and frab.venue_of(None, None) is None
    elsewhere = (replace(talk.sources[0], document="other.xml"),)  # the same talk, another file
    (merged,) = merge_talks([replace(talk, venue=None, sources=elsewhere), talk])
    assert merged.venue == talk.venue


@pytest.mark.parametrize(
    ("header", "rows"),
    [
        (
            "Titel;Referent;Datum;Beginn;Ende;Raum;Beschreibung;Sprache",
            ["Datenschutz für alle;Eva Klein;03.02.2024;10:00;10:45;Saal 1;Warum es zählt.;de"],
        ),
        (
            "Titre;Intervenant;Date;Début;Fin;Salle;Résumé;Langue",
            ["Protéger ses données;Eva Klein;03/02/2024;10:00;10:45;Saal 1;Pourquoi.;fr"],
        ),
        (
            "Título;Ponente;Fecha;Inicio;Fin;Sala;Resumen;Idioma",
            ["Proteger tus datos;Eva Klein;2024-02-03;10:00;10:45;Saal 1;Por qué.;es"],
        ),
        (
            "Titolo;Relatore;Data;Inizio;Fine;Sala;Descrizione;Lingua",
            ["Proteggere i dati;Eva Klein;2024-02-03;10:00;10:45;Saal 1;Perché.;it"],
        ),
        (
            "Titel;Spreker;Datum;Begin;Einde;Zaal;Samenvatting;Taal",
            ["Je gegevens beschermen;Eva Klein;2024-02-03;10:00;10:45;Saal 1;Waarom.;nl"],
        ),
    ],
)
def test_a_spreadsheet_with_headers_in_another_language(header, rows):
    """A program exported with its headers in German, French, Spanish, Italian or
    Dutch is read as one in English is (it was refused as no program); its
    "03/02/2024" is 3 February, as dates are written there."""
    _, talks, warnings = parse_text("\n".join([header, *rows]) + "\n", "programm.csv")
    (talk,) = talks
    assert [s.name for s in talk.speakers] == ["Eva Klein"] and talk.room == "Saal 1"
    assert (f"{talk.start:%Y-%m-%d %H:%M}", f"{talk.end:%H:%M}") == ("2024-02-03 10:00", "10:45")
    assert talk.abstract and talk.language == rows[0].rsplit(";", 1)[1]
    assert warnings == [zone_note("programm.csv")]  # (no zone named: the default's)


def test_schema_org_events_keep_their_performers_and_language():
    body = [
        {
            "@context": "https://schema.org",
            "@type": "Event",
            "name": "Datenschutz im Alltag",
            "startDate": "2024-06-10T10:00:00+02:00",
            "endDate": "2024-06-10T10:45:00+02:00",
            "location": {"@type": "Place", "name": "Saal 2"},
            "performer": [{"@type": "Person", "name": "Bernd Müller"}],
            "description": "Wie wir unsere Daten schützen.",
            "inLanguage": "de",
        }
    ]
    _, (talk,), _ = parse_text(json.dumps(body), "events.json")
    assert [s.name for s in talk.speakers] == ["Bernd Müller"]
    assert (talk.room, talk.language, talk.format) == ("Saal 2", "de", None)
    assert f"{talk.start:%H:%M}-{talk.end:%H:%M}" == "10:00-10:45"


def test_a_date_with_slashes_is_us_order_under_english_headers_unless_its_column_says_not():
    """The order is the column's, not the row's: "25/02/2024" makes the "03/02/2024"
    above it 3 February (it was read 2 March, row by row); a column that does not
    tell is read month first, and the warning says so."""
    body = "title,date,start\nA,03/02/2024,10:00\nB,25/02/2024,10:00\n"
    _, talks, warnings = parse_text(body, "program.csv")
    assert [f"{t.start:%m-%d}" for t in talks] == ["02-03", "02-25"]
    assert warnings == [zone_note("program.csv")]
    _, talks, warnings = parse_text("title,date,start\nA,03/02/2024,10:00\n", "program.csv")
    assert [f"{t.start:%m-%d}" for t in talks] == ["03-02"]
    assert warnings == [
        zone_note("program.csv"),
        "program.csv line 2: no date of column 'date' tells whether it is written day or "
        "month first (none is past the 12th) and the headers are in English, so they are "
        "read month first, as in the US: '03/02/2024' is 2 March 2024",
    ]


def test_a_program_that_names_no_zone_says_which_zone_its_times_were_read_in(monkeypatch):
    """Read in the default zone, a program naming none says so (its talks are at
    other instants when read in another zone); one that names its zone, or a zone the
    user set, says nothing of it."""
    body = "title,date,start\nA,2024-10-03,10:00\nB,2024-10-03,11:00\n"
    _, (a, _), warnings = parse_text(body, "program.csv")
    assert f"{a.start:%H:%M %z}" == "10:00 -0700"
    assert warnings == [zone_note("program.csv")]
    named = "title,date,start,timezone\nA,2024-10-03,10:00,Europe/Paris\nB,2024-10-03,11:00,\n"
    _, (a, b), warnings = parse_text(named, "program.csv")
    assert f"{a.start:%z}" == "+0200"
    assert warnings == [zone_note("program.csv", "the times of 1 of its 2 talks")]
    _, talks, warnings = parse_text(FOSDEM_XML.read_text(), "fosdem.xml")
    assert len(talks) > 600 and not [w for w in warnings if "time zone" in w]
    monkeypatch.setenv("TALKBASE_TIMEZONE", "America/Los_Angeles")  # said, not assumed
    _, talks, warnings = parse_text(body, "program.csv")
    assert f"{talks[0].start:%z}" == "-0700" and warnings == []


def test_the_zone_warning_is_kept_when_the_rows_warnings_are_capped():
    """It speaks of the whole document: it comes first, and the cap keeps the first."""
    rows = "".join(f"T{i},2024-10-03,10:00\nB{i},someday,10:00\n" for i in range(80))
    _, _, warnings = parse_text("title,date,start\n" + rows, "program.csv")
    assert warnings[0] == zone_note("program.csv", "the times of 80 of its 160 talks")
    assert warnings[-1].endswith("(TALKBASE_MAX_WARNINGS)")

"""Spreadsheets of shapes an outside sweep found misread: a French program whose
day/month order was guessed row by row, whose "Heure de début"/"Heure de fin",
"Intervenant·e·s" and "Thématique" columns were not read; a Dutch one refused for
the title row above its header. Each is now read right, or refused in one
sentence naming the file and the place."""

from __future__ import annotations

import pytest

from ingest.detect import parse_text
from ingest.formats import table
from ingest.formats.columns import norm, resolve
from talkbase.core.errors import InputError
from tests.conftest import zone_note

# modelled on a French R users' meeting's export (semicolons, "9h45", a BOM)
RENCONTRES = (
    "\ufeffTitre;Intervenant·e·s;Date;Heure de début;Heure de fin;Durée (h);Salle;"
    "Thématique;Format;Langue;Résumé\n"
    "Ouverture;Isabelle Garnier;03/10/2024;9h00;9h30;0,5;Amphi;Plénière;Keynote;fr;Accueil.\n"
    '"R et Python : faut-il choisir ?";Nicolas Lemaire, Aurélie Chevalier;03/10/2024;9h45;'
    '10h30;0,75;Amphi;Interopérabilité;Présentation;fr;"Retour ; reticulate\net Arrow."\n'
    "Pause café;;03/10/2024;10h30;11h00;0,5;Hall;;Pause;;\n"
    "Cartographie avec sf;Gaëlle Rousseau;04/10/2024;09:00;09:45;0,75;Amphi;Spatial;"
    "Présentation;fr;De la donnée à la carte.\n"
)


def _read(text: str, document: str, zone: str, monkeypatch) -> tuple[str, list, list[str]]:
    """A document parsed as `ingest` parses it, its times with no zone in `zone`."""
    monkeypatch.setenv("TALKBASE_TIMEZONE", zone)
    return parse_text(text, document)


def _when(talk) -> str:
    return f"{talk.start.isoformat()} -> {talk.end.isoformat()}"


def test_a_french_program_reads_its_dates_times_speakers_and_tracks(monkeypatch):
    _, talks, warnings = _read(RENCONTRES, "programme.csv", "Europe/Paris", monkeypatch)
    by = {t.title: t for t in talks}
    assert len(talks) == 4 and not warnings
    two = by["R et Python : faut-il choisir ?"]
    assert _when(two) == "2024-10-03T09:45:00+02:00 -> 2024-10-03T10:30:00+02:00"
    assert [s.name for s in two.speakers] == ["Nicolas Lemaire", "Aurélie Chevalier"]
    assert (two.room, two.track, two.format, two.language) == (
        "Amphi",
        "Interopérabilité",
        "Présentation",
        "fr",
    )
    # "09:00" reads as "9h00" does; the next day is 4 October, not 10 April
    assert _when(by["Cartographie avec sf"]) == (
        "2024-10-04T09:00:00+02:00 -> 2024-10-04T09:45:00+02:00"
    )
    assert [s.name for s in by["Ouverture"].speakers] == ["Isabelle Garnier"]
    assert by["Ouverture"].track == "Plénière"


def test_the_order_of_a_date_column_is_decided_once_from_all_its_values(monkeypatch):
    """The sweep's variant: 14/10 (only day first) and 03/10 in one column; 03/10 was
    read as 10 March, row by row. English headers here: the values alone decide."""
    body = (
        "Title;Speakers;Date;Start;End;Room\n"
        "A;Jean Dupont;14/10/2024;9h45;10h30;Amphi\n"
        "B;Marie Curie;03/10/2024;09:45;10:30;Amphi\n"
    )
    _, talks, warnings = _read(body, "dates.csv", "UTC", monkeypatch)
    assert [_when(t) for t in talks] == [
        "2024-10-14T09:45:00+00:00 -> 2024-10-14T10:30:00+00:00",
        "2024-10-03T09:45:00+00:00 -> 2024-10-03T10:30:00+00:00",
    ]
    assert not warnings
    # and a value past the 12th in the second place makes the column month first
    us = "title,date,start\nA,10/03/2024,10:00\nB,10/14/2024,10:00\n"
    _, talks, warnings = parse_text(us, "us.csv")
    assert [f"{t.start:%Y-%m-%d}" for t in talks] == ["2024-10-03", "2024-10-14"]
    assert not warnings


def test_headers_in_a_language_that_writes_the_day_first_decide_an_undecided_column(monkeypatch):
    """No value past the 12th: the French headers say 03/10 is 3 October (even
    though "Date" is English too: the document's headers decide, not the date's)."""
    body = "Titre;Intervenants;Date;Heure de début;Salle\nA;Jean Dupont;03/10/2024;9h45;Amphi\n"
    _, (talk,), warnings = _read(body, "fr.csv", "UTC", monkeypatch)
    assert f"{talk.start:%Y-%m-%d %H:%M}" == "2024-10-03 09:45" and not warnings


def test_an_undecidable_column_under_english_headers_says_which_order_it_assumed():
    body = "title,speaker,date,start\nA,Ann Lee,03/10/2024,10:00\nB,Bo Chen,04/10/2024,10:00\n"
    _, talks, warnings = parse_text(body, "program.csv")
    assert [f"{t.start:%Y-%m-%d}" for t in talks] == ["2024-03-10", "2024-04-10"]
    assert warnings == [
        zone_note("program.csv"),
        "program.csv line 2: no date of column 'date' tells whether it is written day or "
        "month first (none is past the 12th) and the headers are in English, so they are "
        "read month first, as in the US: '03/10/2024' is 10 March 2024",
    ]


def test_a_date_column_written_in_both_orders_is_refused_naming_both_lines():
    body = "title,date,start\nA,03/10/2024,10:00\nB,14/10/2024,10:00\nC,10/13/2024,10:00\n"
    with pytest.raises(InputError) as caught:
        parse_text(body, "mixed.csv")
    assert str(caught.value) == (
        "mixed.csv (line 4): the dates of column 'date' are written day first "
        "('14/10/2024', line 3) and month first ('10/13/2024', line 4); write them in "
        "one order, or as 2024-10-03"
    )


def test_the_order_of_a_json_tables_dates_is_the_columns_too():
    body = '[{"title": "A", "date": "03/10/2024 10:00"}, {"title": "B", "date": "14/10/2024"}]'
    talks, warnings = table.parse(body, "p.json", parser="json")
    assert [f"{t.start:%Y-%m-%d %H:%M}" for t in talks[:1]] == ["2024-10-03 10:00"]
    assert (talks[1].start, f"{talks[1].day:%Y-%m-%d}") == (None, "2024-10-14")  # no time
    assert not warnings


@pytest.mark.parametrize(
    ("header", "plain"),
    [
        ("Intervenant·e·s", "intervenants"),
        ("Intervenant(e)s", "intervenants"),
        ("orateur·rice·s", "orateurs"),
        ("Intervenant•e", "intervenant"),
        ("Referent*innen", "referent"),
        ("Sprecher:innen", "sprecher"),
        ("Spreker(s)", "spreker"),
        ("Talk·Title", "talk_title"),  # a dot between two words is no inclusive ending
        ("Durée (h)", "duree_h"),
    ],
)
def test_inclusive_writing_in_a_header_is_folded_to_its_plain_word(header, plain):
    assert norm(header) == plain


def test_start_and_end_time_headers_in_the_other_languages():
    for start, end in (
        ("Heure de début", "Heure de fin"),
        ("Hora de inicio", "Hora de fin"),
        ("Ora di inizio", "Ora di fine"),
        ("Begintijd", "Eindtijd"),
    ):
        assert resolve(["Titel", start, end]) == {"title": "Titel", "start": start, "end": end}
    assert resolve(["Titre", "Thématique"])["track"] == "Thématique"


# modelled on a DevOpsDays export: a title row (tabs after it) and a blank row above
DEVOPSDAYS = (
    "DevOpsDays Amsterdam 2024 – Programma (versie 3)\t\t\t\t\t\t\n"
    "\t\t\t\t\t\t\n"
    "Datum\tBegin\tEinde\tZaal\tTitel\tSpreker(s)\tTaal\n"
    "20-06-2024\t09:45\t10:15\tZaal Rietveld\tKubernetes-kosten omlaag\t"
    "Fatima El Amrani; Joost Bakker\tNL\n"
    "21-06-2024\t09:00\t09:30\tGrote Zaal\tPlatform teams are product teams\tLisa Meijer\tEN\n"
)


def test_a_title_row_above_the_header_row_is_skipped_with_a_warning(monkeypatch):
    fmt, talks, warnings = _read(DEVOPSDAYS, "programma.tsv", "Europe/Amsterdam", monkeypatch)
    assert fmt == "tsv" and len(talks) == 2
    first, second = talks
    assert _when(first) == "2024-06-20T09:45:00+02:00 -> 2024-06-20T10:15:00+02:00"
    assert [s.name for s in first.speakers] == ["Fatima El Amrani", "Joost Bakker"]
    assert (first.room, first.language, first.sources[0].location) == (
        "Zaal Rietveld",
        "nl",
        "line 4",
    )
    assert _when(second) == "2024-06-21T09:00:00+02:00 -> 2024-06-21T09:30:00+02:00"
    assert warnings == [
        "programma.tsv lines 1-2: not the table but a title above its header row (line 3), "
        "skipped: 'DevOpsDays Amsterdam 2024 – Programma (versie 3)'"
    ]


def test_the_header_row_is_looked_for_only_under_lines_of_title():
    """A first line naming no columns over a row that happens to (a data row saying
    "Talk"): no header found there, so the table is refused at its first line."""
    assert table.header_row(["Program 2024", "title;speaker;room"], ";") == 1
    assert table.header_row(["a;b;c;d", "title;speaker;room"], ";") is None
    assert table.header_row(["title;speaker", "x;y"], ";") == 0
    body = "Foo,Bar,Baz\nTalk,Room,Keynote\n"
    with pytest.raises(InputError) as caught:
        table.parse(body, "odd.csv")
    assert caught.value.where == "line 1" and "no title column" in caught.value.problem

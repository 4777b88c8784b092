"""Outside test, sweep 5: programs whose keys and headers are in other languages
or several words ("zona_horaria", `ponentes[{nombre}]`, "Event Date", "Session
Category", headers no language list names: Finnish "Puhuja", "Sali", "Tid")."""

from __future__ import annotations

import json

from ingest.detect import parse_text

_NESTED = {
    "congreso": "JSConf Chile 2026",
    "zona_horaria": "America/Santiago",
    "jornadas": [
        {
            "fecha": "2026-11-20",
            "salas": [
                {
                    "nombre_sala": "Sala Andes",
                    "sesiones": [
                        {
                            "titulo": "Deno 3 en producción",
                            "ponentes": [{"nombre": "Camila Rojas", "empresa": "Cornershop"}],
                            "hora_inicio": "09:30",
                            "hora_fin": "10:10",
                        },
                        {
                            "titulo": "Accesibilidad con ARIA",
                            "ponentes": [{"nombre": "Tomás"}],
                            "hora_inicio": "10:30",
                            "hora_fin": "11:00",
                        },
                    ],
                }
            ],
        }
    ],
}


def test_a_zone_name_under_any_key_is_the_documents_zone() -> None:
    _, talks, warnings = parse_text(json.dumps(_NESTED), "p.json")
    assert talks[0].start is not None
    assert talks[0].start.isoformat() == "2026-11-20T09:30:00-03:00"
    assert not any("no time zone" in w for w in warnings)


def test_two_zone_names_at_the_root_name_no_zone() -> None:
    doc = {**_NESTED, "otra_zona": "Europe/Madrid"}
    _, talks, warnings = parse_text(json.dumps(doc), "p.json")
    assert any("no time zone" in w for w in warnings)


def test_speaker_objects_named_under_another_languages_key() -> None:
    _, talks, _ = parse_text(json.dumps(_NESTED), "p.json")
    people = {t.title: [(s.name, s.affiliation) for s in t.speakers] for t in talks}
    assert people["Deno 3 en producción"] == [("Camila Rojas", "Cornershop")]
    assert people["Accesibilidad con ARIA"] == [("Tomás", None)]


def test_a_header_of_several_words_names_a_field_by_its_last_words() -> None:
    from ingest.formats.columns import head_field, resolve

    assert head_field("Event Date") == "date"
    assert head_field("Session Category") == "track"
    assert head_field("Event Start Date") == "date"
    # the words before name another thing's: a person's, an end's, a record's
    for other in ("Presenter Name", "Speaker Description", "Finish Date", "Created Date"):
        assert head_field(other) is None
    assert head_field("Main Hall") is None  # (a grid's room)
    # a column that names the field exactly claims it first
    cols = resolve(["Title", "Category", "Session Category", "Event Date"])
    assert cols["track"] == "Category" and cols["date"] == "Event Date"
    assert resolve(["Event Date"]) == {}  # (a label alone, no header among others)


def test_event_date_and_session_category_columns_are_read() -> None:
    text = (
        "Event Date,Start,End,Session,Presenter,Stage,Session Category\n"
        '"Fri Oct 16, 2026",11:30 PM,12:30 AM,Midnight Jam,Kenji Mori,Main Stage,Music\n'
    )
    _, talks, warnings = parse_text(text, "night.csv")
    (talk,) = talks
    assert talk.start is not None and talk.end is not None
    assert f"{talk.start:%Y-%m-%d %H:%M}" == "2026-10-16 23:30"
    assert f"{talk.end:%Y-%m-%d %H:%M}" == "2026-10-17 00:30"
    assert talk.track == "Music"
    assert not any("no date" in w for w in warnings)


def test_a_key_of_data_is_no_header_of_words() -> None:
    from ingest.formats.columns import head_field

    assert head_field("event_date") is None and head_field("eventDate") is None


_SWEDISH = (
    "Titel\tPuhuja\tDatum\tTid\tSali\n"
    "Hållbar mjukvara\tKarin Lindström\t2026-09-08\t09.00–09.45\tAula Magna\n"
    'Grafdatabaser\tAmira Haddad\t2026-09-09\t"13.15–14.00"\tSal 2\n'
)


def test_a_column_of_clock_times_is_the_start_by_its_values() -> None:
    _, talks, warnings = parse_text(_SWEDISH, "p.tsv")
    assert [f"{t.start:%m-%d %H:%M}" for t in talks if t.start] == ["09-08 09:00", "09-09 13:15"]
    assert [f"{t.end:%H:%M}" for t in talks if t.end] == ["09:45", "14:00"]
    assert "p.tsv: column 'Tid' read as the start times by its values" in warnings


def test_unread_columns_are_named_never_dropped_unsaid() -> None:
    _, _, warnings = parse_text(_SWEDISH, "p.tsv")
    (said,) = [w for w in warnings if "not read" in w]
    assert "'Sali'" in said and "--map" in said


def test_columns_of_people_and_of_sentences_are_speakers_and_abstracts() -> None:
    text = (
        "Titel\tDatum\tPuhuja\tTid\tAihe\tKuvaus\n"
        "Hållbar mjukvara\t2026-09-08\tKarin Lindström (Spotify)\t09:00\tData Science\t"
        '"Hur vi mätte energin.\nDel två."\n'
        "Grafdatabaser\t2026-09-08\tAmira Haddad\t10:00\tData Science\tEn introduktion till Cypher.\n"
        "Typer\t2026-09-08\tOskar Berg\t11:00\tData Science\tOm typer och annat.\n"
    )
    _, talks, warnings = parse_text(text, "p.tsv")
    assert [s.name for t in talks for s in t.speakers] == [
        "Karin Lindström",
        "Amira Haddad",
        "Oskar Berg",
    ]
    assert talks[0].speakers[0].affiliation == "Spotify"
    assert talks[1].abstract == "En introduktion till Cypher."
    # the track's few names, said again, are no people
    assert any("'Aihe'" in w and "not read" in w for w in warnings)


def test_a_table_with_dates_and_no_times_says_so() -> None:
    text = "Title,Date,Notes2\nA,2026-09-08,x\n"
    _, talks, warnings = parse_text(text, "p.csv")
    assert any("dates but no times" in w for w in warnings)
    assert any("'Notes2'" in w for w in warnings)
    text = "Title,Date,Time\nA,2026-09-08,10:00\n"
    _, _, warnings = parse_text(text, "p.csv")
    assert not any("not read" in w or "no times" in w or "by its values" in w for w in warnings)


def test_a_range_of_clock_times_takes_the_date_of_its_day_above() -> None:
    text = (
        "timezone: Europe/Athens\n"
        "days:\n"
        "  - date: 2026-10-17\n"
        "    halls:\n"
        "      - hall: Main\n"
        "        slots:\n"
        '          - time: "10:30-11:15"\n'
        "            title: Building CLIs with Typer\n"
        '            speakers: ["Nikos Georgiou"]\n'
    )
    _, talks, warnings = parse_text(text, "p.yaml")
    (talk,) = talks
    assert talk.start is not None and talk.end is not None
    assert talk.start.isoformat() == "2026-10-17T10:30:00+03:00"
    assert f"{talk.end:%H:%M}" == "11:15"
    assert not any("no date" in w for w in warnings)


def test_a_column_told_by_its_values_after_a_byte_order_mark() -> None:
    _, talks, warnings = parse_text(
        "\ufeffTid\tTitel\tDatum\n09:00-09:45\tA\t2026-09-08\n", "p.tsv"
    )
    assert talks[0].start is not None and f"{talks[0].start:%H:%M}" == "09:00"
    assert "p.tsv: column 'Tid' read as the start times by its values" in warnings


def test_a_broken_table_is_left_to_the_reader_to_judge() -> None:
    from ingest.formats.tablesniff import _with_columns

    lines = ["Title,Date,Tid\n", "A,2026-09-08,\x00\n"]
    assert _with_columns(lines, "csv", "p.csv", None)[0] in (None, {})


def test_a_speaker_objects_only_line_is_its_name_unless_it_is_a_sentence() -> None:
    from ingest.formats.jsontree import _person

    assert _person({"nombre": "Tomás"}) == {"nombre": "Tomás", "name": "Tomás"}
    assert _person({"bio": "Loves Rust."}) == {"bio": "Loves Rust."}
    assert _person({"name": "Ada Lovelace"}) == {"name": "Ada Lovelace"}


def test_swedish_headers_are_read_by_their_names() -> None:
    text = (
        "Titel\tTalare\tDatum\tStarttid\tRum\tSpår\tBeskrivning\n"
        "Hållbar mjukvara\tKarin Lindström (Spotify)\t2026-09-08\t09:00\tAula Magna\tHållbarhet\t"
        "Hur vi mätte energin.\n"
    )
    _, talks, warnings = parse_text(text, "p.tsv")
    (talk,) = talks
    assert (talk.room, talk.track, talk.abstract) == (
        "Aula Magna",
        "Hållbarhet",
        "Hur vi mätte energin.",
    )
    assert [(s.name, s.affiliation) for s in talk.speakers] == [("Karin Lindström", "Spotify")]
    assert f"{talk.start:%H:%M}" == "09:00" and not [w for w in warnings if "not read" in w]


def test_a_spanish_tree_names_its_conference_and_tracks() -> None:
    body = json.dumps(
        {
            "congreso": "JSConf Chile 2026",
            "zona_horaria": "America/Santiago",
            "jornadas": [
                {
                    "fecha": "2026-11-20",
                    "sesiones": [
                        {"titulo": "Deno 3 en producción", "hora_inicio": "09:30", "eje": "Backend"}
                    ],
                }
            ],
        }
    )
    _, talks, _ = parse_text(body, "jsconf.json")
    (talk,) = talks
    assert (talk.conference, talk.track, f"{talk.start:%H:%M%z}") == (
        "JSConf Chile 2026",
        "Backend",
        "09:30-0300",
    )


def test_an_event_object_under_a_longer_key_names_the_conference() -> None:
    body = {
        "event_info": {"name": "GreenOps Summit 2026", "timezone": "America/Chicago"},
        "event_end": "2026-09-15",
        "agenda": [
            {
                "date": "2026-09-14",
                "sessions": [{"name": "Carbon-aware computing", "start_time": "09:00"}],
            }
        ],
    }
    _, talks, _ = parse_text(json.dumps(body), "whova.json")
    assert [(t.conference, f"{t.start:%H:%M%z}") for t in talks] == [
        ("GreenOps Summit 2026", "09:00-0500")
    ]


def test_columns_of_single_clocks_or_bare_names_are_not_guessed() -> None:
    """A "Submitted" column of single clocks, a "Contact" or "Sponsor" column of bare
    names: no session's slot, no speakers (review of sweep 5's guesses)."""
    text = (
        "Title,Date,Submitted,Contact\n"
        "Opening,2026-05-20,13:45,Ada Lovelace\n"
        "Deep dive,2026-05-20,02:10,Grace Hopper\n"
        "Closing,2026-05-20,17:22,Alan Turing\n"
    )
    _, talks, warnings = parse_text(text, "p.csv")
    assert all(t.start is None and not t.speakers for t in talks)
    assert any("'Submitted'" in w and "not read" in w for w in warnings)

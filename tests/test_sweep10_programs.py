"""Sweep 10, S4, S16 and S17: what is a talk of the program, and in which language.

- S4: a call for papers' export of its submissions (pretalx's /submissions) lists the
  proposals still under review and the ones turned down beside the talks: they are
  left out, with one notice naming how many and why (ingest/proposals.py); a talk
  called off after it had its slot stays, said to be cancelled. Before, a "submitted"
  proposal was a live talk and a "rejected" one a cancelled talk of the program.
- S16: a table whose rows are records of something else (an issue tracker's export, a
  library's loans) is refused, as the same records in JSON are (`jsontree.not_sessions`),
  where a paper list (title and authors) is still read. Before, both were read as
  talks with exit 0.
- S17: a program whose talks' words are too few, or too unsure, for the identifier
  alone takes the language they are in together, as sure as its languages make it
  (`language._together`). Before, five Spanish titles and six short Spanish abstracts
  had no language, so `--language es` missed them.
"""

from __future__ import annotations

import json

import pytest

from ingest.detect import parse_text
from talkbase.core.errors import InputError


def _submission(code: str, title: str, state: str, slot: bool = True) -> dict:
    slots = [{"room": {"en": "Sali 1"}, "start": f"2026-10-22T{10 + len(code) % 7}:00:00+03:00"}]
    return {
        "code": code,
        "speakers": [{"code": "S" + code, "name": "Hanna Korhonen"}],
        "title": title,
        "submission_type": {"en": "Talk"},
        "state": state,
        "abstract": "An abstract.",
        "slots": slots if slot else [],
    }


SUBMISSIONS = {
    "count": 8,
    "next": None,
    "previous": None,
    "results": [
        _submission("AAA111", "WebAssembly components", "confirmed"),
        _submission("BBB222", "Rust on microcontrollers", "accepted"),
        _submission("CCC333", "Blockchain for sauna booking", "rejected", slot=False),
        _submission("DDD444", "Why we left Kubernetes", "submitted", slot=False),
        _submission("EEE555", "Quantum-safe TLS", "canceled"),
        _submission("FFF666", "Postgres logical decoding", "withdrawn"),
        _submission("GGG777", "My first proposal", "withdrawn", slot=False),
        _submission("HHH888", "A draft", "draft", slot=False),
    ],
}
KEPT = {
    "WebAssembly components": None,
    "Rust on microcontrollers": None,
    "Quantum-safe TLS": "canceled",
    "Postgres logical decoding": "withdrawn",  # (withdrawn once it had its slot)
}


def _statuses(talks) -> dict[str, str | None]:
    return {t.title: dict(t.notes).get("Status") for t in talks}


def test_proposals_not_on_the_program_are_left_out_with_one_notice():
    _, talks, warnings = parse_text(json.dumps(SUBMISSIONS), "submissions.json")
    assert _statuses(talks) == KEPT  # before: 8 talks, "Why we left Kubernetes" live
    assert [t.title for t in talks if t.cancelled] == [
        "Quantum-safe TLS",
        "Postgres logical decoding",
    ]
    said = [w for w in warnings if "left out" in w]
    assert said == [
        "submissions.json: 4 of its 8 records are left out, proposals that their status "
        "says are not on the program (1 rejected, 1 submitted, 1 withdrawn, 1 draft: under "
        "review, turned down, or withdrawn before they had a slot)"
    ]


def test_the_same_in_pretalx_s_older_shape_read_as_a_frab_program():
    """pretalx's submissions with a `slot` object: the frab reader's variant."""
    older = json.loads(json.dumps(SUBMISSIONS))
    for item in older["results"]:
        slots = item.pop("slots")
        item["slot"] = slots[0] if slots else None
    fmt, talks, warnings = parse_text(json.dumps(older), "submissions.json")
    assert fmt == "frab"
    assert {t.title for t in talks} == set(KEPT)
    assert any("4 of its 8 records are left out" in w for w in warnings)
    assert not any("Blockchain" in w and "kept with that status" in w for w in warnings)


def test_a_table_s_status_column_says_the_same():
    table = (
        "Title,Speaker,Status\n"
        "Reproducible builds,Ana Souza,Accepted\n"
        "Sauna on the blockchain,Aino Laine,Rejected\n"
        "Kubernetes exit,Eero Mäkinen,Submitted\n"
        "Mesh networks,Pablo Gil,Cancelled\n"
    )
    _, talks, warnings = parse_text(table, "papers.csv")
    assert _statuses(talks) == {"Reproducible builds": None, "Mesh networks": "Cancelled"}
    assert any("2 of its 4 records are left out" in w for w in warnings)


def test_a_document_of_proposals_only_is_refused_saying_why():
    only = {"count": 2, "next": None, "previous": None, "results": SUBMISSIONS["results"][2:4]}
    with pytest.raises(InputError, match=r"all proposals .* \(1 rejected, 1 submitted\)"):
        parse_text(json.dumps(only), "submissions.json")


# ---- S16: tables of records of something else -----------------------------------------------

JIRA = """Summary,Issue key,Issue Type,Status,Assignee,Reporter,Created,Due Date,Sprint,Description
Migrate CFP form to new backend,CONF-101,Task,In Progress,Laura Vogel,Peter Hall,2026-02-10 09:12,2026-02-20 17:00,Sprint 4,Move the form off the legacy app.
Fix timezone bug on schedule page,CONF-102,Bug,To Do,Maria Rossi,Laura Vogel,2026-02-11 14:30,2026-02-14 12:00,Sprint 4,Times show in UTC.
Add speaker bios to talk pages,CONF-103,Story,Done,Peter Hall,Maria Rossi,2026-02-12 10:00,2026-02-19 17:00,Sprint 4,Show the bio under the abstract.
"""
LOANS = """Title,Author,Checked out,Due,Branch,Patron ID
The Pragmatic Programmer,David Thomas; Andrew Hunt,2026-03-02 10:15,2026-03-23 10:15,Central Library,P-10293
Designing Data-Intensive Applications,Martin Kleppmann,2026-03-02 11:40,2026-03-23 11:40,Central Library,P-20441
Clean Architecture,Robert C. Martin,2026-03-03 16:05,2026-03-24 16:05,Eastside Branch,P-10293
"""


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (JIRA, "3 of its 3 records titled by 'Summary' (the first at row 1: 'Migrate CFP"),
        (LOANS, "3 of its 3 records titled by 'Title' (the first at row 1: 'The Pragmatic"),
    ],
)
def test_a_table_of_records_of_something_else_is_refused(text, said):
    with pytest.raises(InputError) as refused:
        parse_text(text, "export.csv")  # before: 3 talks, exit 0
    message = str(refused.value)
    assert message.startswith(f"export.csv (line 1): {said}") and "no program" in message
    assert "--map" in message
    as_json = json.dumps(list(__import__("csv").DictReader(text.splitlines())))
    with pytest.raises(InputError, match="are no sessions"):
        parse_text(as_json, "export.json")  # (the same records as JSON: refused before too)


def test_a_table_named_with_map_is_read_as_asked():
    _, talks, _ = parse_text(LOANS, "loans.csv", mapping={"title": "Title", "speakers": "Author"})
    assert len(talks) == 3


@pytest.mark.parametrize(
    "table",
    [
        "Title,Authors\nA survey of graph databases,Ana Souza; Jordi Puig\n"
        "Learned indexes revisited,Marta Ruiz\n",
        "Title,Authors,Abstract\nA survey of graph databases,Ana Souza,We compare six systems.\n"
        "Learned indexes revisited,Marta Ruiz,We revisit learned indexes.\n",
        # (one date beside each paper: when it was submitted, no span of days)
        "Title,Authors,Submitted\nA survey of graph databases,Ana Souza,2026-01-10\n"
        "Learned indexes revisited,Marta Ruiz,2026-01-12\n",
    ],
)
def test_a_paper_list_is_still_read(table):
    _, talks, _ = parse_text(table, "papers.csv")
    assert [t.title for t in talks] == ["A survey of graph databases", "Learned indexes revisited"]


# ---- S17: a program's language from its talks' words together -------------------------------

JORNADAS = """Fecha;Hora;Título;Ponente;Sala
12/11/2026;9:00;Inauguración de las Jornadas;José María Núñez;Salón de Actos
12/11/2026;9:30;Análisis de señales con Python;Begoña Ibáñez;Salón de Actos
12/11/2026;11:00;Taller: visualización con Matplotlib;Íñigo Gómez;Aula 3
13/11/2026;9:00;Ciencia de datos en el SAS;Ramón Peña;Salón de Actos
13/11/2026;10:00;Clausura y premios;Ana Torres;Salón de Actos
"""


def test_short_spanish_titles_are_spanish_together():
    _, talks, _ = parse_text(JORNADAS, "jornadas.csv")
    assert [t.language for t in talks] == ["es"] * 5  # before: None for every one


def test_short_abstracts_the_identifier_is_unsure_of_alone_are_read_together():
    talks_json = [
        {
            "title": title,
            "speakers": "Lucía Fernández",
            "start": f"2026-11-07T{h}:00:00+01:00",
            "abstract": abstract,
        }
        for h, (title, abstract) in zip(
            range(9, 15),
            [
                (
                    "Pandas 3.0 en producción",
                    "Cómo migramos nuestros pipelines a pandas 3.0 sin romper nada.",
                ),
                ("DuckDB para analistas", "Consultas analíticas rápidas sin servidor."),
                (
                    "Polars vs Spark: una comparación honesta",
                    "Medimos ambos motores con cargas reales.",
                ),
                (
                    "Tipado gradual con mypy",
                    "Introducir tipos en un código base de 200.000 líneas.",
                ),
                ("Async sin dolor", "Patrones de asyncio para servicios web."),
            ],
            strict=False,
        )
    ]
    _, talks, _ = parse_text(json.dumps({"talks": talks_json}), "pycon.json")
    assert [t.language for t in talks] == ["es"] * 5  # before: None (each alone unsure)


@pytest.mark.parametrize(
    ("titles", "code"),
    [
        # the other languages of the peninsula keep their own
        (
            "Inauguració de les Jornades;Anàlisi de senyals amb Python;Taller: visualització "
            "amb Matplotlib;Ciència de dades a l'hospital;Cloenda i premis",
            "ca",
        ),
        (
            "Inauguración das Xornadas;Análise de sinais con Python;Obradoiro: visualización "
            "con Matplotlib;Ciencia de datos no SERGAS;Peche e premios",
            "gl",
        ),
        (
            "Abertura das Jornadas;Análise de sinais com Python;Oficina: visualização com "
            "Matplotlib;Ciência de dados no SNS;Encerramento e prémios",
            "pt",
        ),
        (
            "Opening of the conference;Signal analysis with Python;Workshop: plotting with "
            "Matplotlib;Data science at the hospital;Closing and awards",
            "en",
        ),
    ],
)
def test_neighbouring_languages_keep_their_own(titles, code):
    rows = "\n".join(f"Ana Torres;{t}" for t in titles.split(";"))
    _, talks, _ = parse_text(f"Speaker;Title\n{rows}\n", "program.csv")
    assert {t.language for t in talks} == {code}

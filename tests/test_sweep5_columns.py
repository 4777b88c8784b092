"""Outside test, sweep 5: programs whose keys and headers are in other languages
or several words ("zona_horaria", `ponentes[{nombre}]`, "Event Date", "Session
Category", Swedish headers)."""

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

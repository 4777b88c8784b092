"""A Markdown program that writes each line's room last, after its speakers (sweep 16's
F10): "— Lola Rey, Alcázar" in a document whose other lines end "…, Salón de Actos",
"…, Aula 2" has the room Alcázar, not a second speaker; a second person's whole name
in that place stays a speaker, and a document with no such rooms reads as before."""

from __future__ import annotations

from ingest.formats import markdown

HEAD = "# Jornadas 2026\n\n## Jueves, 19 de noviembre de 2026\n\n"


def _read(text: str) -> dict[str, tuple[list[str], str | None]]:
    talks, _ = markdown.parse(text, "jornadas.md", "Europe/Madrid")
    return {t.title: ([s.name for s in t.speakers], t.room) for t in talks}


ROOMS = (
    "- 9:30–10:15 **El Barroco** — Ana Ortega (Universidad de Sevilla), Salón de Actos\n"
    "- 10:30–11:15 **Goya** — Tomás Villar, Salón de Actos\n"
)


def test_the_last_part_after_the_speakers_is_a_room_where_the_document_puts_rooms_there() -> None:
    read = _read(
        HEAD + ROOMS + "- 12:00–13:00 **Mesa redonda** — Inés Lara, Marcos Peña, Aula 2\n"
        "- 17:00–18:30 **Visita guiada al Alcázar** — Lola Rey, Alcázar\n"
    )
    assert read["Visita guiada al Alcázar"] == (["Lola Rey"], "Alcázar")
    assert read["Mesa redonda"] == (["Inés Lara", "Marcos Peña"], "Aula 2")


def test_a_second_persons_whole_name_in_that_place_stays_a_speaker() -> None:
    read = _read(HEAD + ROOMS + "- 12:00–13:00 **Diálogo** — Inés Lara, Marcos Peña\n")
    assert read["Diálogo"] == (["Inés Lara", "Marcos Peña"], None)


def test_without_rooms_written_last_a_one_word_part_reads_as_before() -> None:
    read = _read(
        HEAD + "- 9:30–10:15 **El Barroco** — Ana Ortega\n"
        "- 17:00–18:30 **Visita guiada** — Lola Rey, Alcázar\n"
    )
    assert read["Visita guiada"][1] is None

"""Documents of the seventh outside sweep that were read wrong, each reduced to what
it showed: room words of more languages, ..."""

from __future__ import annotations

import pytest

from ingest.formats import markdown
from ingest.formats.mdparts import room_named


@pytest.mark.parametrize(
    "name", ["Зала 2", "Большой зал", "Аудиторія 5", "Αίθουσα Α", "سالن ۲", "ห้อง 3", "会議室"]
)
def test_room_words_of_more_languages_name_rooms(name: str) -> None:
    assert room_named(name)


def test_a_ukrainian_room_word_ends_a_list_line() -> None:
    """Sweep 7: "— Olena Kovalenko — Зала 2" put the speaker and the room in the title."""
    text = (
        "# Conf 2026\n\n## Monday, 12 October 2026\n\n"
        "- 09:30–10:15 Microservices in banking — Олена Коваленко — Hall 1\n"
        "- 10:30–11:00 Kotlin in practice — Olena Kovalenko — Зала 2\n"
    )
    (_, talk), _ = markdown.parse(text, "uk.md", "Europe/Kyiv")
    assert (talk.title, talk.speakers[0].name, talk.room) == (
        "Kotlin in practice",
        "Olena Kovalenko",
        "Зала 2",
    )

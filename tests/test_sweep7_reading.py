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


def test_a_zone_named_after_a_list_lines_clocks_is_read_not_titled() -> None:
    """Sweep 7: "- 14:00 CET – 14:45 CET Webhooks done right" was titled "CET – 14:45
    CET Webhooks done right" with no end; capitals that name no zone stay the title's."""
    text = (
        "# Nordic APIs Summit 2026\n\n## Tuesday, 2 June 2026\n\n"
        "- 14:00 CET – 14:45 CET Webhooks done right — Anders Berg — Main Hall\n"
        "- 15:00 CEST–15:30 CEST Late talk — Erik Johansson\n"
        "- 16:00–16:30 IT Security for all — Sara Nilsson\n"
    )
    talks, _ = markdown.parse(text, "apis.md", "Europe/Stockholm")
    got = [(t.title, t.start.isoformat(), t.end.isoformat()) for t in talks]
    assert got == [
        ("Webhooks done right", "2026-06-02T14:00:00+02:00", "2026-06-02T14:45:00+02:00"),
        ("Late talk", "2026-06-02T15:00:00+02:00", "2026-06-02T15:30:00+02:00"),
        ("IT Security for all", "2026-06-02T16:00:00+02:00", "2026-06-02T16:30:00+02:00"),
    ]
    assert talks[0].start.tzinfo.key == "CET" and talks[2].start.tzinfo.key == "Europe/Stockholm"

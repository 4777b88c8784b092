"""Sweep 24 (review fixes): a Markdown list line's indented lines and last parts read
as what they are. A sentence that mentions a foyer is the abstract, no room; a label
line whose value is a sentence is the abstract, no track or format; "Name, Lobby Labs"
is a speaker's organisation, no room; and a query's room joined to its topic ("in Main
Hall and lab safety") is one room."""

from __future__ import annotations

import pytest

from index.search.read.understand import understand
from ingest.detect import parse_text
from tests.test_sweep24_limitsleft import _vocab

_HEAD = "# DevConf 2026\n\n## Tuesday 2026-10-20\n\n### Main Hall\n\n"


def _one(line: str, under: str = "") -> object:
    text = _HEAD + f"- 09:00 Rust in production — {line}\n" + (f"  {under}\n" if under else "")
    text += "- 10:00 Closing — Sue Smith\n"
    _, talks, _ = parse_text(text, "p.md")
    return talks[0]


@pytest.mark.parametrize(
    "said", ["Coffee is served in the foyer afterwards", "Lunch follows in the lobby"]
)
def test_a_sentence_that_mentions_a_foyer_is_the_abstract_not_the_room(said):
    talk = _one("Anna Kovács", said)
    assert (talk.room, talk.abstract) == ("Main Hall", said)


def test_an_indented_room_name_is_still_the_room():
    assert _one("Anna Kovács", "Room 2").room == "Room 2"


@pytest.mark.parametrize(
    "said",
    [
        "Track: beginners welcome, no Rust needed",
        "Format: bring a laptop with Docker installed",
        "Language: the talk uses Python and Go examples throughout",
        "Status: we are still confirming the last panelist",
        "Room: changed, see the board at the entrance",
    ],
)
def test_a_label_line_whose_value_is_a_sentence_is_the_abstract(said):
    talk = _one("Anna Kovács", said)
    assert talk.abstract == said
    assert (talk.track, talk.format, talk.room) == (None, None, "Main Hall")


@pytest.mark.parametrize(
    ("said", "field", "value"),
    [
        ("Track: Open Data", "track", "Open Data"),
        ("Format: workshop", "format", "workshop"),
        ("Language: English", "language", "en"),
    ],
)
def test_a_label_line_of_a_value_is_still_read(said, field, value):
    talk = _one("Anna Kovács", said)
    assert (getattr(talk, field), talk.abstract or None) == (value, None)


def test_an_organisation_after_the_speaker_is_no_room():
    talk = _one("Bob Brown, Lobby Labs")
    assert talk.room == "Main Hall"
    assert "Lobby Labs" not in (talk.room or "")


def test_a_place_after_the_speaker_is_still_the_room():
    assert _one("Mary Major, Foyer").room == "Foyer"


# ---- a room joined to the topic is one room ---------------------------------------------

_LAB_TITLES = ["Robotics lab for kids", "Open lab night", "Lab safety basics", "Work in the lab"]


@pytest.mark.parametrize(
    "query", ["talks in Main Hall and lab safety", "rust in Main Hall, or lab work"]
)
def test_a_room_joined_to_a_topic_word_is_no_second_room(query):
    u = understand(query, _vocab(_LAB_TITLES, ["Lab", "Studio", "Main Hall"]))
    assert "Lab" not in u.any_of.get("room", ()) and u.filters.room == "Main Hall", u
    assert "lab" in u.topic.lower().split()


@pytest.mark.parametrize("query", ["in Main Hall or Lab", "in Main Hall or Lab on Tuesday"])
def test_a_list_of_rooms_still_reads_both(query):
    u = understand(query, _vocab(_LAB_TITLES, ["Lab", "Studio", "Main Hall"]))
    assert u.any_of == {"room": ("Main Hall", "Lab")}, u

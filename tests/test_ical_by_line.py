"""A calendar DESCRIPTION that names its speakers after a word for "by"
("Presented by Jane Doe", "A talk by: …") gives them as "Speaker: …" does; a "by"
before anything but people's names ("by the community", "by Google") stays text."""

from __future__ import annotations

import pytest

from ingest.formats.icalnames import split_description
from talkbase.core.records import Speaker

ABOUT = "Connectivity when the nearest tower is 200 km away."


@pytest.mark.parametrize(
    ("description", "speakers", "abstract"),
    [
        (f"Presented by Bronwyn Clarke\n{ABOUT}", (Speaker("Bronwyn Clarke"),), ABOUT),
        (f"Presented by: Bronwyn Clarke\n\n{ABOUT}", (Speaker("Bronwyn Clarke"),), ABOUT),
        (
            f"Presented by Bronwyn Clarke (Telstra). {ABOUT}",
            (Speaker("Bronwyn Clarke", "Telstra"),),
            ABOUT,
        ),
        (
            f"A talk by Ann Lee and Bo Chen\n{ABOUT}",
            (Speaker("Ann Lee"), Speaker("Bo Chen")),
            ABOUT,
        ),
        (f"Vortrag von Anna Schmidt\n{ABOUT}", (Speaker("Anna Schmidt"),), ABOUT),
        (f"{ABOUT}\n\nPresented by Bronwyn Clarke", (Speaker("Bronwyn Clarke"),), ABOUT),
        # no names after "by": the line is the abstract's
        (f"Organised by the community.\n{ABOUT}", (), f"Organised by the community.\n{ABOUT}"),
        (f"Brought to you by Google\n{ABOUT}", (), f"Brought to you by Google\n{ABOUT}"),
    ],
)
def test_a_by_line_names_the_speakers(description, speakers, abstract) -> None:
    rest, found, _ = split_description(description)
    assert (found, rest) == (speakers, abstract)


@pytest.mark.parametrize(
    "line",
    [
        "Sponsored by Red Hat",
        "Hosted by Women Who Code",
        "Catering by Pizza Hut",
        "Music by Daft Punk",
        "Supported by Deutsche Bahn",
        "Powered by Open Source",
        "Brought to you by GitHub Sponsors",
        "Inspired by Grace Hopper",
        "Organised by John Smith",
    ],
)
def test_by_after_words_that_are_no_presenting_names_no_speaker(line) -> None:
    description = f"{ABOUT}\n{line}"
    rest, found, _ = split_description(description)
    assert (found, rest) == ((), description)


@pytest.mark.parametrize("lead", ["By", "Talk by", "Given by", "Présenté par"])
def test_a_bare_by_or_a_word_for_presenting_names_the_speaker(lead) -> None:
    rest, found, _ = split_description(f"{ABOUT}\n{lead} Jane Doe")
    assert (found, rest) == ((Speaker("Jane Doe"),), ABOUT)

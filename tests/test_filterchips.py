"""One chip per filter (appviews.filterchips): the limits read from the words and the
sidebar's filters of the same kind are one chip; what it counts and what removing
it takes out of the query. Pure functions, no knowledge base."""

from __future__ import annotations

from dataclasses import dataclass

from appviews import filterbutton
from appviews.filterchips import limits, without_words


@dataclass(frozen=True)
class Chip:
    field: str
    value: str
    label: str
    start: int
    end: int
    more: tuple[tuple[str, str], ...] = ()


QUERY = "kernels on tuesday afternoon in room 210BF -cuda"
CHIPS = (
    Chip("day", "Tue", "Tuesday", 8, 18),
    Chip("after", "12:00", "afternoon", 19, 28, (("starts_before", "18:00"),)),
    Chip("room", "210BF", "room: 210BF", 29, 42),
    Chip("exclude", "cuda", "not cuda", 43, 48),
)


def label_of(name: str, value: str) -> str:
    return f"{name.title()}: {value}"


def test_a_kind_chosen_in_the_sidebar_takes_the_words_of_that_kind_into_its_chip() -> None:
    found = limits(CHIPS, (("day", "2026-10-20"), ("room", "210BF")), label_of)
    assert [(x.facet, x.label, x.words) for x in found.filters] == [
        ("day", "Day: 2026-10-20", (0,)),  # Tuesday 20 Oct: the same day, said once
        ("room", "Room: 210BF", (2,)),
    ]
    assert [x.words for x in found.read_as] == [(1,), (3,)]  # afternoon, not cuda
    assert found.count == 4


def test_words_that_mean_the_sidebars_part_of_the_day_are_said_once() -> None:
    found = limits(CHIPS, (("time", "afternoon"),), label_of)
    assert [(x.facet, x.label, x.words) for x in found.filters] == [
        ("time", "Time: afternoon", (1,))
    ]


def test_words_that_mean_another_value_are_said_in_the_same_chip() -> None:
    found = limits(CHIPS, (("day", "2026-10-21"), ("time", "morning")), label_of)
    labels = {x.facet: x.label for x in found.filters}
    assert labels == {"day": "Day: 2026-10-21 and Tuesday", "time": "Time: morning and afternoon"}
    assert len(found.filters) == 2 and found.count == 4


def test_words_read_as_no_limit_are_neither_chips_nor_counted_filters() -> None:
    said = (Chip("absent", "on Wednesday", "no talks on Wednesday: showing all days", 8, 20),)
    found = limits((*said, CHIPS[3]), (), label_of)
    assert [x.words for x in found.read_as] == [(1,)] and found.count == 1
    assert filterbutton.label(0) == "Filters"
    assert filterbutton.label(2) == "Filters (2)"


def test_removing_a_chip_takes_all_the_words_of_its_kind_out_of_the_query() -> None:
    assert without_words(QUERY, CHIPS, [0]) == "kernels afternoon in room 210BF -cuda"
    assert without_words(QUERY, CHIPS, [2, 0]) == "kernels afternoon -cuda"
    assert without_words(QUERY, CHIPS, [9]) == QUERY  # an index no chip has: nothing

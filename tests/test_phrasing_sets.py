"""The phrasing sets of bench/data/ in `make test` (issue 36): each file's queries read
as meant may not fall below what they are today. They were written by helper sessions
that saw the programs and no code (bench/data/README.md); bench/reading.py prints what
each query was read as."""

from __future__ import annotations

import sys

import pytest

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import reading  # noqa: E402

DATA = ROOT / "bench" / "data"
# file -> program -> queries read as meant, at the least (today's counts)
FLOORS = {
    "constraint_phrasings.json": {2019: 40, 2024: 43},
    "constraint_phrasings_2.json": {2019: 20, 2024: 23},
    "topical_phrasings.json": {2019: 50, 2024: 50},
    "limit_phrasings_heldout.json": {"moca2024": 36, "fosdem2024": 28},
    "limit_phrasings_heldout_2.json": {"moca2024": 40},
    "limit_phrasings_heldout_3.json": {"fosdem2024": 37},
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_read_as_meant_never_falls(name):
    try:
        tally, lines = reading.read_file(DATA / name)
    except FileNotFoundError as exc:
        pytest.skip(f"needs the programs in ../shared/schedules: {exc}")
    got = {program: right for program, (right, _) in tally.items()}
    assert got.keys() == FLOORS[name].keys()
    fell = {p: (got[p], floor) for p, floor in FLOORS[name].items() if got[p] < floor}
    assert not fell, f"{name}: read as meant fell {fell}:\n" + "\n".join(lines)


def test_the_reader_order_is_pinned():
    """The registry's order is the reader's precedence (index/search/read/understand.py):
    a change to it is a change of behaviour, made here on purpose."""
    from index.search.read.understand import READERS, TOKENS

    assert [(r.name, r.phase) for r in READERS] == [
        ("time cues in other languages", "whole"),
        ("frame", "whole"),
        ("leave-out cues", "whole"),
        *(
            (name, TOKENS)
            for name in (
                "now",
                "day",
                "time",
                "clock alone",
                "length",
                "building",
                "room",
                "format",
                "language",
                "track",
                "whole track",
                "person",
            )
        ),
        ("inverted times", "after"),
        ("either day", "after"),
        ("left out", "after"),
        ("either room", "after"),  # (sweep 23: the rooms said, any of them)
    ]
    assert all(r.why for r in READERS)

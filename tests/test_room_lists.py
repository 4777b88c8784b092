"""Rooms said as a list are one limit, a talk in any of them (sweep 23, roomlist):
"talks in room 2 or room 3", "in Janson or K.1.105", "Raum 2 oder Raum 3" showed both
rooms but searched the first alone (a filter holds one room, `Filters.room`, and the
reader kept the first value said); "not in room 2 or room 3" left out room 2 only and
applied room 3. Now the rooms said are `Understood.any_rooms` (index/search/read/
roomlists.py), left out whole, and `any_of` in the JSON; one room stays `filters.room`."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.cli import main
from talkbase.core.records import Talk

ROOMS = ("Room 2", "Room 3", "Room 4", "Janson", "K.1.105", "K.1.106", "H.2215")


@pytest.fixture(scope="module")
def v() -> Vocab:
    talks = [
        Talk(id=n, title=f"Talk {n}", abstract="On kernels.", room=room, language="en")
        for n, room in enumerate(ROOMS)
    ]
    return Vocab.from_talks(talks)


@pytest.mark.parametrize(
    ("query", "rooms"),
    [
        ("talks in room 2 or room 3", ("Room 2", "Room 3")),
        ("in room 2 or 3", ("Room 2", "Room 3")),
        ("kernels in room 2, room 3 or room 4", ("Room 2", "Room 3", "Room 4")),
        ("talks in room 2, room 3", ("Room 2", "Room 3")),  # (no "room 2, room" read as one)
        ("in Janson or K.1.105", ("Janson", "K.1.105")),
        ("in K.1.105 and H.2215", ("K.1.105", "H.2215")),
        ("Vorträge in Raum 2 oder Raum 3", ("Room 2", "Room 3")),  # a list's word of German
        ("in room 2 или 3", ("Room 2", "Room 3")),  # ...of Russian (CLDR's)
        ("in H.2215 or building K", ("K.1.105", "K.1.106", "H.2215")),  # a building's rooms
    ],
)
def test_rooms_said_as_a_list_are_one_limit_any_of_them(v, query, rooms):
    u = understand(query, v)
    assert set(u.any_rooms) == set(rooms) and u.filters.room is None
    assert u.to_dict()["any_of"] == {"room": list(u.any_rooms)}
    assert "room" not in u.to_dict()["filters"]


@pytest.mark.parametrize(
    ("query", "left_out", "room"),
    [
        ("not in room 2 or room 3", ("Room 2", "Room 3"), None),
        ("kernels not in room 2 or 3", ("Room 2", "Room 3"), None),
        ("nicht in Raum 2 oder Raum 3", ("Room 2", "Room 3"), None),
        ("room 2 or room 3 excluded", ("Room 2", "Room 3"), None),
        ("in Janson but not in K.1.105 or H.2215", ("K.1.105", "H.2215"), "Janson"),
    ],
)
def test_a_list_of_rooms_left_out_leaves_out_every_one(v, query, left_out, room):
    u = understand(query, v)
    assert [f.active() for f in u.excluded_limits] == [{"room": r} for r in left_out]
    assert u.filters.room == room and u.any_rooms == ()
    assert " · ".join(f"not room: {r}" for r in left_out) in u.labels


def test_a_building_left_out_with_a_day_leaves_out_each_of_its_rooms_that_day():
    sunday = datetime(2026, 11, 15, 10, tzinfo=UTC)
    talks = [
        Talk(id=n, title=f"Talk {n}", abstract="On kernels.", room=room, start=sunday)
        for n, room in enumerate(ROOMS)
    ]
    u = understand("kernels except building K sunday", Vocab.from_talks(talks))
    assert u.any_rooms == () and u.filters.room is None  # (it was the building applied)
    assert [f.active() for f in u.excluded_limits] == [
        {"day": "Sun", "room": "K.1.105"},
        {"day": "Sun", "room": "K.1.106"},
    ]


@pytest.mark.parametrize("query", ["talks in room 2", "in Janson", "kernels in K.1.105"])
def test_one_room_stays_the_room_filter(v, query):
    u = understand(query, v)
    assert u.filters.room is not None and u.any_rooms == ()
    assert u.to_dict()["any_of"] == {} and u.to_dict()["filters"] == {"room": u.filters.room}


def test_a_list_of_rooms_finds_the_talks_of_each_on_the_demo(demo_kb):
    every = [t for t in demo_kb.talks.values() if t.room in ("210AE", "210BF")]
    a = demo_kb.answer("talks in room 210AE or 210BF", 100)
    assert not a.relaxed and len(a.hits) == len(every) > 0
    assert {h.talk.room for h in a.hits} == {"210AE", "210BF"}
    said = a.to_dict()["understood"]
    assert said["any_of"] == {"room": ["210AE", "210BF"]} and said["filters"] == {}
    # ...ranked by a topic too, and one room is the filter as before
    a = demo_kb.answer("kubernetes in LL21DEF or LL20CD", 100)
    assert a.hits and {h.talk.room for h in a.hits} == {"LL21DEF", "LL20CD"}
    one = demo_kb.answer("talks in room 210AE", 100)
    assert {h.talk.room for h in one.hits} == {"210AE"}
    assert one.to_dict()["understood"]["filters"] == {"room": "210AE"}


def test_a_list_of_rooms_left_out_leaves_out_the_talks_of_each_on_the_demo(demo_kb):
    a = demo_kb.answer("talks not in room 210AE or 210BF", 200)
    rooms = {h.talk.room for h in a.hits}
    assert a.hits and not rooms & {"210AE", "210BF"} and "LL21DEF" in rooms
    said = a.to_dict()["understood"]
    assert said["left_out"] == [{"room": "210AE"}, {"room": "210BF"}]


def test_the_cli_searches_and_says_both_rooms(demo_home, tmp_path, capsys):
    assert main(["--home", str(demo_home), "search", "in 210AE or LL20AB", "--json"]) == 0
    out, err = capsys.readouterr()
    assert {r["room"] for r in json.loads(out)} == {"210AE", "LL20AB"}
    assert "understood: room: 210AE · room: LL20AB" in err
    batch = tmp_path / "queries.txt"
    batch.write_text("in 210AE or LL20AB\nin 210AE\n", encoding="utf-8")
    assert main(["--home", str(demo_home), "search", "--batch", str(batch)]) == 0
    both, one = (json.loads(x) for x in capsys.readouterr().out.splitlines())
    assert both["understood"]["any_of"] == {"room": ["210AE", "LL20AB"]}
    assert {r["room"] for r in both["results"]} == {"210AE", "LL20AB"}
    assert one["understood"]["filters"] == {"room": "210AE"} and one["understood"]["any_of"] == {}

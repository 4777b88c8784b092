"""Sweep 21 (new language families), findings 12, 11 and 22: Thai limits read inside a
run of Thai (written without spaces, as Chinese), a room asked by its number whatever
its word for a room and its ascii_digits, and `similar`'s talk found through a typo."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from index.search.read.whenwords import _cut_at_known
from ingest.detect import parse_path
from ingest.merge import merge_talks
from talkbase.core.terms import ascii_digits, fold

DATA = Path(__file__).parent / "data" / "newlangs"


@cache
def _vocab(name: str) -> Vocab:
    return Vocab.from_talks(merge_talks(list(parse_path(DATA / name).talks)))


def _read(query: str, name: str) -> tuple[str, list[tuple[str, str]]]:
    u = understand(query, _vocab(name))
    return u.topic, [(c.field, c.value) for c in u.chips]


# (glued, the same said with spaces): the limits the spaced query reads, read glued too
GLUED = [
    ("ปัญญาประดิษฐ์วันอาทิตย์", "ปัญญาประดิษฐ์ วันอาทิตย์"),  # AI Sunday
    ("ความปลอดภัยวันเสาร์", "ความปลอดภัย วันเสาร์"),  # security Saturday
    ("วันเสาร์บ่าย", "วันเสาร์ บ่าย"),  # Saturday afternoon
    ("ที่ห้อง 202", "ที่ ห้อง 202"),  # in room 202
]


@pytest.mark.parametrize(("glued", "spaced"), GLUED)
def test_thai_limits_are_read_inside_a_run_as_between_spaces(glued: str, spaced: str) -> None:
    topic, chips = _read(glued, "th-program.csv")
    assert chips and (topic, chips) == _read(spaced, "th-program.csv")


def test_thai_run_keeps_its_topic_and_reads_the_day() -> None:
    topic, chips = _read("ปัญญาประดิษฐ์วันอาทิตย์", "th-program.csv")
    assert topic == "ปัญญาประดิษฐ์" and chips == [("day", "Sun")]


def test_a_known_word_is_never_cut_out_of_a_syllable() -> None:
    # "กร" is no word of "กรัม" (gram): its vowel sign "ั" belongs to the "ร" it follows
    text = "กรัม"
    assert _cut_at_known(text, [(0, len(text))], {"กร"}, ()) == [(0, len(text))]
    # a tone mark (folded away) stays with the word it ends: "พรุ่งนี้" folds to "พรงนี"
    glued = "พรุ่งนี้บ่าย"
    cut = _cut_at_known(glued, [(0, len(glued))], {fold("พรุ่งนี้"), fold("บ่าย")}, ())
    assert [glued[a:b] for a, b in cut] == ["พรุ่งนี้", "บ่าย"]


def test_other_scripts_written_without_spaces_are_cut_too() -> None:
    # Khmer and Lao: the same table (talkbase/core/terms.UNSPACED), no Thai-only branch
    khmer = "សុវត្ថិភាពថ្ងៃសៅរ៍"  # security Saturday
    cut = _cut_at_known(khmer, [(0, len(khmer))], {fold("ថ្ងៃសៅរ៍")}, ())
    assert [khmer[a:b] for a, b in cut] == ["សុវត្ថិភាព", "ថ្ងៃសៅរ៍"]
    lao = "ຄວາມປອດໄພວັນເສົາ"  # security Saturday
    cut = _cut_at_known(lao, [(0, len(lao))], {fold("ວັນເສົາ")}, ())
    assert [lao[a:b] for a, b in cut] == ["ຄວາມປອດໄພ", "ວັນເສົາ"]


def test_any_scripts_digits_fold_to_ascii() -> None:
    assert ascii_digits("اتاق ۲۰۱") == "اتاق 201" and ascii_digits("कक्ष २") == "कक्ष 2"
    assert ascii_digits("ห้อง ๒๐๑") == "ห้อง 201" and ascii_digits("Room 2") == "Room 2"


@pytest.mark.parametrize(
    ("query", "name", "room"),
    [
        ("Kubernetes in room 2", "fa-program.csv", "اتاق ۲"),  # the program writes "۲"
        ("در اتاق 2", "fa-program.csv", "اتاق ۲"),
        ("Kubernetes talks in room 201", "th-program.csv", "ห้อง 201"),
        ("Kubernetes talks in room 2", "hi-program.md", "कक्ष 2"),
        ("in room ๒๐๒", "th-program.csv", "ห้อง 202"),  # Thai digits asked
        ("اتاق 2", "fa-program.csv", "اتاق ۲"),  # the room's own words, ASCII ascii_digits
    ],
)
def test_a_room_asked_by_its_number_is_the_room_of_that_number(
    query: str, name: str, room: str
) -> None:
    _, chips = _read(query, name)
    assert ("room", room) in chips and not any(f == "absent" for f, _ in chips)


def test_a_room_no_program_holds_is_still_said_absent() -> None:
    _, chips = _read("Kubernetes talks in room 909", "th-program.csv")
    assert [f for f, _ in chips] == ["absent"]


def test_a_talk_is_found_through_a_typo_as_search_corrects_it(fake_kb) -> None:
    mccl = fake_kb.talk(
        "MCCL: Fault-Tolerant Collective Communication for Large-Scale GPU Training"
    )
    assert fake_kb.talk("Tolerent") is mccl  # ("tolerant", which one title holds)
    from talkbase.core.errors import TalkNotFound

    with pytest.raises(TalkNotFound, match="No talk matches 'zzzz qqqq'"):
        fake_kb.talk("zzzz qqqq")

"""The limits left by sweep 23 (docs/formats.md, "Sweep 24", "Limits left
(limitsleft)"): several rooms given to the CLI, a day list after "but not", a room
named with another word than its own, "not X" where no talk is X, an hour after a
part of the day said before its cue, an ordinal day in another case, and a room
whose name is a common word after "or"."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.cli import main
from talkbase.core.records import Talk
from tests.conftest import program_kb


def _vocab(titles: list[str], rooms: list[str], language: str | None = None) -> Vocab:
    """Talks on Saturday 7, Sunday 8 and Monday 9 March 2026, one after the other,
    in `rooms` in turn, before five in the afternoon."""
    talks = [
        Talk(
            title=t,
            abstract=t,
            start=datetime(2026, 3, 7 + k % 3, 9 + k),
            end=datetime(2026, 3, 7 + k % 3, 9 + k, 45),
            room=rooms[k % len(rooms)],
            **({"language": language} if language else {}),
        )
        for k, t in enumerate(titles)
    ]
    return Vocab.from_talks(talks)


ENGLISH = ["Rust in production", "Go generics", "Kernel tracing", "Python typing"]
LEVELS = ["Level 1", "Level 2", "Level 3"]


# -- a day list after "but not" ---------------------------------------------------

DAY_LISTS = {
    "en": (ENGLISH, "rust on saturday but not sunday or monday"),
    "it": (
        ["Sicurezza delle reti", "Programmazione funzionale", "Basi di dati", "Reti neurali"],
        "sicurezza sabato ma non domenica o lunedì",
    ),
    "de": (
        ["Sicherheit der Netze", "Funktionale Programmierung", "Verteilte Datenbanken"],
        "Sicherheit am Samstag aber nicht Sonntag oder Montag",
    ),
}


@pytest.mark.parametrize("language", sorted(DAY_LISTS))
def test_a_day_list_left_out_keeps_the_day_said_before_it(language):
    """Before: "rust on saturday but not sunday or monday" joined Sunday and Monday as
    a list of days and dropped the day filter Saturday had set (the label still said
    "Saturday"); in Italian and German "o"/"oder" joined nothing, so Monday was shown
    as asked for and applied nowhere, and the word stayed the topic."""
    titles, query = DAY_LISTS[language]
    u = understand(query, _vocab(titles, ["Room 1"], language))
    assert u.filters.day == "Sat", u
    assert [f.active() for f in u.excluded_limits] == [{"day": "Sun"}, {"day": "Mon"}]
    assert u.label == "Saturday · not Sunday · not Monday"
    assert len(u.topic.split()) == 1, u.topic  # ("rust", "sicurezza": no "o", "oder")


@pytest.mark.parametrize(
    ("language", "query"),
    [("en", "rust on saturday or sunday"), ("it", "sicurezza sabato o domenica")],
)
def test_a_day_list_said_alone_is_still_either_day(language, query):
    titles = DAY_LISTS[language][0]
    u = understand(query, _vocab(titles, ["Room 1"], language))
    assert u.any_of == {"day": ("Sat", "Sun")} and u.filters.day is None
    assert len(u.topic.split()) == 1, u.topic


# -- a room named with another word than its own ----------------------------------


@pytest.mark.parametrize("query", ["in room 2", "room 2", "rust in room 2"])
def test_a_room_read_for_another_word_says_so(query):
    """ "room 2" where the rooms are "Level 1", "Level 2", "Level 3" (no "Room 2"): one
    room ends in 2 and "room" is a word for a room of the lexicon, so Level 2 is read,
    and said back as read for the words typed (before: "room: Level 2" alone, as if
    a room "Room 2" were named)."""
    u = understand(query, _vocab(ENGLISH, LEVELS))
    assert u.filters.room == "Level 2"
    assert "room: Level 2 (for “room 2”)" in u.labels


def test_a_room_said_with_its_own_word_reads_as_before():
    u = understand("in level 2", _vocab(ENGLISH, LEVELS))
    assert u.filters.room == "Level 2" and u.labels == ("room: Level 2",)


def test_a_number_two_rooms_end_in_names_none():
    """ "room 2" where "Level 2" and "Hall 2" both end in 2: no room is guessed."""
    u = understand("in room 2", _vocab(ENGLISH, ["Level 1", "Level 2", "Hall 2", "Hall 3"]))
    assert u.filters.room is None and not u.any_of


# -- a room whose name is a common word, after "or" ---------------------------------

LAB_TITLES = ["Robotics lab for kids", "Studio recording", "Open lab night", "Lab notebooks"]


@pytest.mark.parametrize(
    "query", ["in Main Hall or Lab", "in Main Hall or the Lab", "rust in Main Hall or lab"]
)
def test_a_room_named_by_a_common_word_is_read_after_or(query):
    """ "Lab", a word of the talks, is a room only after a word for a place ("in Lab");
    before, "in Main Hall or Lab" read Main Hall alone and searched "Lab" as the topic."""
    u = understand(query, _vocab(LAB_TITLES, ["Lab", "Studio", "Main Hall"]))
    assert u.any_of == {"room": ("Main Hall", "Lab")}, u
    assert "lab" not in u.topic.lower().split()


@pytest.mark.parametrize("query", ["robotics lab or studio", "in Main Hall, lab safety"])
def test_a_common_word_stays_a_topic_word_elsewhere(query):
    u = understand(query, _vocab(LAB_TITLES, ["Lab", "Studio", "Main Hall"]))
    assert "Lab" not in u.any_of.get("room", ()) and u.filters.room != "Lab"


def test_a_list_of_rooms_left_out_takes_the_common_word_too():
    u = understand("not in Main Hall or Lab", _vocab(LAB_TITLES, ["Lab", "Studio", "Main Hall"]))
    assert [f.active() for f in u.excluded_limits] == [{"room": "Main Hall"}, {"room": "Lab"}]


# -- an hour after a part of the day, before its cue ----------------------------------

MARATHI = ["नेटवर्क सुरक्षा आणि गोपनीयता", "कृत्रिम बुद्धिमत्ता", "डेटाबेस प्रणाली", "वेब विकास"]


HINDI = ["नेटवर्क सुरक्षा", "कृत्रिम बुद्धि", "डेटाबेस प्रणाली", "वेब विकास"]


@pytest.mark.parametrize(
    ("language", "query"),
    [("mr", "दुपारी ३ नंतर"), ("mr", "दुपारी 3 नंतर"), ("hi", "दोपहर 3 के बाद")],
)
def test_an_hour_after_a_part_of_the_day_is_read_with_its_cue(language, query):
    """Marathi "दुपारी ३ नंतर", Hindi "दोपहर 3 के बाद" (after 3 in the afternoon):
    before, only "afternoon" (from 12:00), the hour and its cue left as the topic."""
    titles = {"mr": MARATHI, "hi": HINDI}[language]
    u = understand(query, _vocab(titles, ["Room 1"], language))
    assert u.filters.after == "15:00", u
    assert u.topic == ""


@pytest.mark.parametrize(
    ("query", "said"),
    [("दुपारी १२ नंतर", "afternoon · after 12:00"), ("रात्री ३ नंतर", "night · after 03:00")],
)
def test_an_hour_after_a_part_of_the_day_is_on_that_parts_clock(query, said):
    """The hour on the 24-hour clock as every other hour said with a part of the day
    (timecues.py `in_part`): before, "दुपारी १२ नंतर" (after 12 in the afternoon) read
    "after 00:00", and "रात्री ३ नंतर" (after 3 at night) "after 15:00"."""
    u = understand(query, _vocab(MARATHI, ["Room 1"], "mr"))
    assert u.label == said, u


def test_a_number_after_a_part_of_the_day_without_a_cue_is_no_hour():
    u = understand("दुपारी ३ सत्रे", _vocab(MARATHI, ["Room 1"], "mr"))  # three sessions
    assert u.filters.after == "12:00"


# -- an ordinal day in another case ------------------------------------------------

GREEK = ["Ασφάλεια δικτύων", "Τεχνητή νοημοσύνη", "Βάσεις δεδομένων", "Ανάπτυξη ιστού"]


@pytest.mark.parametrize(
    ("query", "day"),
    [("της τρίτης μέρας", "2026-03-09"), ("ομιλίες της δεύτερης ημέρας", "2026-03-08")],
)
def test_an_ordinal_and_a_day_noun_in_the_genitive_name_that_day(query, day):
    """Greek "της τρίτης μέρας" (of the third day): before, "τρίτης" was read as
    Tuesday, which the program does not hold, and said back."""
    u = understand(query, _vocab(GREEK, ["Room 1"], "el"))
    assert u.filters.day == day, u
    assert not u.not_understood


def test_tuesday_alone_is_still_tuesday():
    u = understand("Τρίτη", _vocab(GREEK, ["Room 1"], "el"))
    assert u.not_understood and "Tuesday" in u.not_understood[0]


# -- "not X" where no talk is X, and several rooms given ------------------------------

CSV = "title,abstract,start,end,room\n" + "".join(
    f"{t},{t} for everyone,2026-03-0{7 + k % 2}T{10 + k}:00,2026-03-0{7 + k % 2}T{10 + k}:45,"
    f"Room {1 + k % 3}\n"
    for k, t in enumerate(
        ["Rust in production", "Rust async", "Rust embedded", "Go generics", "Kernel tracing"]
    )
)


@pytest.fixture(scope="module")
def small_kb(tmp_path_factory, hashing_embedder):
    with program_kb(tmp_path_factory.mktemp("lim"), hashing_embedder, "p.csv", CSV) as kb:
        yield kb


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("rust not in the evening", "evening"),  # (every talk ends by 15:00)
        ("rust but not kubernetes", "“kubernetes”"),  # (no talk says it)
    ],
)
def test_leaving_out_what_no_talk_holds_says_nothing_was_left_out(small_kb, query, said):
    """Before: "not evening" was shown as understood, and nothing said that no talk
    is in the evening, so it left nothing out."""
    answer = small_kb.answer(query, 10)
    assert answer.held_by_none == (said,)
    assert f"No talk matches {said}, so nothing was left out for it." in answer.notes()
    assert answer.to_dict()["left_out_none"] == [said]


@pytest.mark.parametrize("query", ["rust not on sunday", "rust but not async", "rust"])
def test_leaving_out_what_some_talk_holds_says_nothing_more(small_kb, query):
    answer = small_kb.answer(query, 10)
    assert answer.held_by_none == () and "left_out_none" not in answer.to_dict()
    assert not any("nothing was left out" in n for n in answer.notes())


@pytest.fixture
def cli_home(tmp_path: Path, monkeypatch, capsys) -> str:
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    (tmp_path / "p.csv").write_text(CSV, encoding="utf-8")
    home = str(tmp_path / "home")
    assert main(["--home", home, "ingest", str(tmp_path / "p.csv")]) == 0
    capsys.readouterr()
    return home


def test_the_cli_takes_several_rooms(cli_home, capsys):
    """`--room` given twice: a talk in either room (before: the last one given alone)."""
    argv = ["--home", cli_home, "search", "--json", "--limit", "10"]
    assert main([*argv, "rust", "--room", "Room 1", "--room", "Room 2"]) == 0
    rooms = {r["room"] for r in json.loads(capsys.readouterr().out)}
    assert rooms == {"Room 1", "Room 2"}
    assert main([*argv, "rust", "--room", "Room 3"]) == 0  # (once: the one filter, as before)
    assert {r["room"] for r in json.loads(capsys.readouterr().out)} == {"Room 3"}


def test_the_batch_says_the_rooms_given_as_understood_any_of(cli_home, tmp_path, capsys):
    queries = tmp_path / "q.txt"
    queries.write_text("rust\nin room 3\n", encoding="utf-8")
    argv = ["--home", cli_home, "search", "--batch", str(queries)]
    assert main([*argv, "--room", "Room 1", "--room", "Room 2"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for line in lines:  # (the rooms given replace the one the words said, as --room does)
        assert line["understood"]["any_of"] == {"room": ["Room 1", "Room 2"]}
        assert {r["room"] for r in line["results"]} <= {"Room 1", "Room 2"}


def test_a_room_given_that_no_talk_holds_is_named(cli_home, capsys):
    argv = ["--home", cli_home, "search", "rust", "--room", "Moon", "--room", "Mars"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "No talks match with --room Moon, --room Mars." in out
    assert "No talk's room matches 'Moon'" in out and "No talk's room matches 'Mars'" in out


def test_similar_takes_several_rooms(cli_home, capsys):
    argv = ["--home", cli_home, "similar", "Rust in production", "--json", "--limit", "10"]
    assert main([*argv, "--room", "Room 2", "--room", "Room 3"]) == 0
    rooms = {r["room"] for r in json.loads(capsys.readouterr().out)["results"]}
    assert rooms == {"Room 2", "Room 3"}  # (before: the last one given alone)


def test_the_api_takes_a_list_of_rooms(cli_home):
    """`room=[...]` is a talk in any of them (before: the list's text, "['Room 1', ...]",
    was searched as one room name and matched none)."""
    import talkbase
    from talkbase.core.errors import BadQuery

    with talkbase.open(cli_home) as tb:
        hits = tb.search("rust", k=10, room=["Room 1", "Room 2"])
        assert {h.talk.room for h in hits} == {"Room 1", "Room 2"}
        assert hits.understood.any_of == {"room": ("Room 1", "Room 2")}
        like = tb.similar("Rust in production", k=10, room=("Room 2", "Room 3"))
        assert {h.talk.room for h in like} == {"Room 2", "Room 3"}
        with pytest.raises(BadQuery):
            tb.search("rust", after=["10:00", "11:00"])

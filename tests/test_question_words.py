"""How attendees put a question, read as they mean it: the words a question is
asked in ("what can I see", "at FOSDEM", "this weekend") rank nothing; a time said
alone ("Sunday 9am") or led into ("starting at 10:00", "right after lunch") is a
limit; several tracks ("the Rust and Go devrooms") are any of them; a track left
out ("not in the Go devroom") is every other; a word the talks use ("with video")
is no typo of a speaker's name. Pure functions of a `Vocab` with FOSDEM 2019's
real track names, then the same questions on the real FOSDEM 2024 program."""

from __future__ import annotations

import pytest

from index.search.limits import relax
from index.search.read.understand import Vocab, understand
from index.search.read.vocab import word_tuple
from talkbase.core.records import Talk
from tests.conftest import weekend_vocab

TRACKS = ["Go", "Rust", "Python", "Databases", "CAD and Open Hardware", "Online Privacy"]


@pytest.fixture(scope="module")
def v() -> Vocab:
    vocab = weekend_vocab(2019, 2, 2)
    vocab.tracks = {t: word_tuple(t) for t in TRACKS}
    vocab.conference = "FOSDEM 2019"
    for name in ("Lennart Poettering", "Nelson Vides"):
        vocab._add_speaker(name)
    vocab.words = frozenset({"video", "videos", "recordings", "bus", "can"})
    return vocab


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        ("what can I see about Rust", "Rust"),
        ("what should I attend about databases", "databases"),
        ("talks I can catch about postgres", "postgres"),
        ("I want to see talks about Rust", "Rust"),
        ("we'd like to go to something on databases", "databases"),
        ("what's worth seeing about kernels", "kernels"),
        ("Rust talks at FOSDEM", "Rust"),
        ("security talks at FOSDEM 2019", "security"),
        ("is there anything about Nix this weekend", "Nix"),
        ("the best talks of the conference about Go", "best talks about Go"),
    ],
)
def test_the_words_a_question_is_asked_in_rank_nothing(v, query, topic):
    u = understand(query, v)
    assert u.topic == topic and not u.chips


@pytest.mark.parametrize(
    "query",
    [
        "CAN bus talks",  # a modal alone is a word
        "talks about the FOSDEM network",  # the conference as a subject
        "the year of the Linux desktop",
    ],
)
def test_a_framing_word_in_another_shape_stays_a_topic_word(v, query):
    u = understand(query, v)
    assert u.topic.split()[0].lower() in {"can", "fosdem", "year"}


def test_a_long_question_keeps_every_word():
    vocab = Vocab.from_talks([Talk(title="t", id=1)])
    query = "papers on how one can check that a module matches the contexts in which it is used"
    assert "can check" in understand(query, vocab).topic


@pytest.mark.parametrize(
    ("query", "at", "day"),
    [
        ("Sunday 9am", "09:00", "Sun"),
        ("talks on saturday 2pm", "14:00", "Sat"),
        ("2 pm sunday", "14:00", "Sun"),
        ("14:00 talks on saturday", "14:00", "Sat"),
        ("talks at 10h30 on sunday", "10:30", "Sun"),
    ],
)
def test_a_time_said_alone_is_the_talks_under_way_then(v, query, at, day):
    u = understand(query, v)
    assert u.filters.at == at and u.filters.day == day and u.topic == ""


@pytest.mark.parametrize("query", ["Python 3.11 talks", "C++20 modules", "Go 1.22 generics"])
def test_a_version_number_is_no_time(v, query):
    u = understand(query, v)
    assert u.filters.at is None and not u.chips


@pytest.mark.parametrize(
    ("query", "field", "value", "source"),
    [
        ("talks starting at 10:00 on Sunday", "at", "10:00", "starting at 10:00"),
        ("Rust right after lunch", "after", "13:00", "right after lunch"),
        ("databases sometime before noon", "before", "12:00", "sometime before noon"),
        ("Go talks starting after 3pm", "after", "15:00", "starting after 3pm"),
    ],
)
def test_words_leading_into_a_time_are_read_with_it(v, query, field, value, source):
    u = understand(query, v)
    assert getattr(u.filters, field) == value
    chip = next(c for c in u.chips if c.field == field)
    assert chip.source == source
    assert "start" not in u.topic.lower() and "right" not in u.topic.lower()
    assert u.topic.lower() not in {"sometime", "starting"}


@pytest.mark.parametrize(
    ("query", "tracks", "topic"),
    [
        ("talks in the Rust and Go devrooms", ("Rust", "Go"), ""),
        ("Rust or Go devroom talks about testing", ("Rust", "Go"), "testing"),
        ("the Rust, Go or Python devrooms", ("Rust", "Go", "Python"), ""),
        ("talks in the Rust devroom and the Go devroom", ("Rust", "Go"), ""),
        ("the Go devroom or the Rust devroom about testing", ("Go", "Rust"), "testing"),
    ],
)
def test_several_tracks_named_are_any_of_them(v, query, tracks, topic):
    u = understand(query, v)
    assert u.any_tracks == tracks and u.filters.track is None and u.topic == topic
    assert [c.label for c in u.chips if c.field == "track"][-1].startswith("track: ")
    assert relax.without(u, frozenset({"track"})).any_tracks == ()


@pytest.mark.parametrize(
    ("query", "track", "topic"),
    [
        ("Vorträge im Go-Devroom über Testen", "Go", "über Testen"),  # ("Vorträge": "talks")
        ("testing in the go-devroom", "Go", "testing"),
        ("talks in the Online-Privacy devroom", "Online Privacy", ""),
        ("the Online-Privacy-Track", "Online Privacy", ""),
        ("la devroom de Python", "Python", ""),  # and in French, the article before
        ("testing en la devroom de Go", "Go", "testing"),
    ],
)
def test_a_track_and_its_cue_written_with_hyphens(v, query, track, topic):
    u = understand(query, v)
    assert u.filters.track == track and u.topic == topic, u.labels


@pytest.mark.parametrize("query", ["go-kart racing", "hands-on track", "la devroom"])
def test_hyphenated_words_naming_no_track_stay_words(v, query):
    assert understand(query, v).filters.track is None


def test_a_track_name_with_and_is_still_one_track(v):
    u = understand("talks in the CAD and Open Hardware devroom", v)
    assert u.filters.track == "CAD and Open Hardware" and u.any_tracks == ()


@pytest.mark.parametrize(
    "query",
    [
        "talks about testing not in the Go devroom",
        "testing talks but not in the Go devroom",
        "testing outside the Go devroom",
        "testing except the Go devroom",
    ],
)
def test_a_track_left_out_is_every_other_track(v, query):
    u = understand(query, v)
    assert u.excluded_tracks == ("Go",) and u.filters.track is None and u.any_tracks == ()
    assert u.topic == "testing"
    assert "not track: Go" in u.labels
    assert relax.without(u, frozenset({"track"})).excluded_tracks == ()


def test_a_word_the_talks_use_is_no_typo_of_a_speakers_name(v):
    u = understand("talks with video recordings", v)
    assert u.filters.speaker is None and u.topic == "video recordings"
    # a true typo of a surname still names the speaker
    assert understand("talks by Poetering", v).filters.speaker == "Poettering"
    assert understand("talks with Vides", v).filters.speaker == "Vides"


# -- on the real FOSDEM 2024 program ---------------------------------------------


def test_a_track_left_out_drops_its_talks_on_the_real_program(fosdem_kb):
    a = fosdem_kb.answer("testing talks not in the Go devroom", 20)
    assert a.understood.excluded_tracks == ("Go devroom",) and not a.relaxed
    assert len(a.hits) == 20 and all(h.talk.track != "Go devroom" for h in a.hits)
    everywhere = fosdem_kb.answer("testing talks", 40)
    assert any(h.talk.track == "Go devroom" for h in everywhere.hits)


def test_two_devrooms_named_keep_the_talks_of_both_on_the_real_program(fosdem_kb):
    both = {"Rust devroom", "Go devroom"}
    a = fosdem_kb.answer("testing in the Rust and Go devrooms", 10)
    assert set(a.understood.any_tracks) == both and not a.relaxed
    assert len(a.hits) == 10 and {h.talk.track for h in a.hits} == both


def test_a_time_said_alone_limits_the_real_program(fosdem_kb):
    a = fosdem_kb.answer("what can I see sunday 11am", 50)
    assert a.understood.topic == "" and a.understood.filters.at == "11:00"
    assert a.hits and all(
        h.talk.start is not None
        and h.talk.start.strftime("%a") == "Sun"
        and h.talk.start.strftime("%H:%M") <= "11:00"
        and (h.talk.end is None or h.talk.end.strftime("%H:%M") > "11:00")
        for h in a.hits
    )


@pytest.mark.parametrize(
    ("query", "field", "value"),
    [
        ("early talks on sunday", "starts_before", "10:00"),
        ("late sessions about rust", "after", "15:00"),  # as "late on sunday"
    ],
)
def test_early_and_late_talks_are_when_they_start(v, query, field, value):
    u = understand(query, v)
    assert getattr(u.filters, field) == value and "early" not in u.topic
    assert understand("the early days of unix", v).topic == "early days of unix"


def test_the_word_room_after_a_rooms_name_is_read_with_it(fosdem_kb):
    u = fosdem_kb.understand("talks in the Lameere room on sunday")
    assert u.filters.room == "UB2.252A (Lameere)" and u.filters.day == "Sun" and u.topic == ""


def test_a_rooms_building_is_the_letters_of_its_code():
    from index.search.read.buildings import building_of, rooms_in

    rooms = ["K.3.201", "K.4.401", "H.2215 (Ferrer)", "UB2.252A (Lameere)", "UB5.132", "Janson"]
    assert [building_of(r) for r in rooms] == ["K", "K", "H", "UB", "UB", ""]
    assert rooms_in(rooms, "ub") == ("UB2.252A (Lameere)", "UB5.132")
    assert rooms_in(rooms, "J") == ()


@pytest.mark.parametrize(
    ("query", "topic", "day"),
    [
        ("rust talks in building K", "rust", None),
        ("talks in the K building on sunday", "", "Sun"),
        ("what's on in the UB building", "", None),
    ],
)
def test_a_building_named_is_any_of_its_rooms_on_the_real_program(fosdem_kb, query, topic, day):
    u = fosdem_kb.understand(query)
    letters = "UB" if "UB" in query else "K"
    assert u.any_rooms and all(room.startswith(letters) for room in u.any_rooms)
    assert u.topic == topic and u.filters.day == day and u.filters.room is None
    assert f"building: {letters}" in u.labels
    a = fosdem_kb.answer(query, 10)
    assert not a.relaxed and a.hits and all(h.talk.room in u.any_rooms for h in a.hits)
    assert relax.without(u, frozenset({"room"})).any_rooms == ()


@pytest.mark.parametrize("query", ["the building blocks of Rust", "building Z talks"])
def test_words_that_name_no_building_stay_words(fosdem_kb, query):
    u = fosdem_kb.understand(query)
    assert u.any_rooms == () and "building" in u.topic


# -- the ways attendees shorten and misspell, on the real programs' vocabularies ------


@pytest.mark.parametrize(
    ("query", "tracks", "topic"),
    [
        ("dns devrom after 3", {"DNS"}, ""),  # a typo of the cue
        ("monitoring & observability dev room sunday", {"Monitoring and Observability"}, ""),
        ("js devroom after lunch", {"Javascript"}, ""),  # a long word's letters
        ("tool the docs saturday afternoon", {"Tool the Docs"}, ""),  # the whole name, a time
        ("guile minimalistic languages after 3pm", {"Minimalistic Languages"}, "guile"),
    ],
)
def test_devrooms_said_short_or_misspelled_on_fosdem_2019(real2019, query, tracks, topic):
    u = understand(query, real2019)
    assert set(u.any_tracks) | {u.filters.track} - {None} == tracks and u.topic == topic


@pytest.mark.parametrize(
    ("query", "tracks"),
    [
        (
            "what's on in the sdr devroom at noon sunday?",
            {"Software-Defined Radio and Amateur Radio devroom"},
        ),
        ("llm stuff in the ai/ml devroom after lunch", {"AI and Machine Learning devroom"}),
        ("sbom devroom both days", {"Software Bill of Materials devroom"}),  # the acronym
    ],
)
def test_devrooms_by_their_initials_on_fosdem_2024(fosdem_kb, query, tracks):
    u = fosdem_kb.understand(query)
    assert set(u.any_tracks) | {u.filters.track} - {None} == tracks
    assert "devroom" not in u.topic
    assert u.filters.day == ("Sun" if "sunday" in query else None)


def test_a_whole_track_name_without_a_time_is_a_topic(fosdem_kb):
    u = fosdem_kb.understand("remote attestation for confidential computing")
    assert u.filters.track is None and "confidential computing" in u.topic
    u = fosdem_kb.understand("confidential computing on sunday")
    assert u.filters.track == "Confidential Computing devroom" and u.filters.day == "Sun"


@pytest.mark.parametrize(
    ("query", "days"),
    [
        ("burnout community devroom sat and sun", ("Sat", "Sun")),
        ("rust talks on saturday or sunday", ("Sat", "Sun")),
    ],
)
def test_two_days_joined_are_either(v, query, days):
    u = understand(query, v)
    assert u.any_days == days and u.filters.day is None
    assert relax.without(u, frozenset({"day"})).any_days == ()


@pytest.mark.parametrize("query", ["lightning talks both days", "rust all weekend"])
def test_both_days_asks_for_no_day(v, query):
    u = understand(query, v)
    assert u.filters.day is None and u.any_days == () and "day" not in u.topic
    assert "weekend" not in u.topic


@pytest.mark.parametrize(
    ("query", "after", "before"),
    [
        ("containers late on sunday", "15:00", None),
        ("early sunday in the python devroom", None, "10:00"),
        ("the translations room early", None, "10:00"),
        ("bsd devroom sat arvo", "12:00", "18:00"),
        ("contianers devroom lunchtime", "12:00", "14:00"),
        ("rust during lunch", "12:00", "14:00"),
        ("monitoring sunday 9-11", "09:00", "11:00"),
        ("rust or go devrooms sat 10:30-12", "10:30", "12:00"),
        ("wasm 2-4pm", "14:00", "16:00"),
    ],
)
def test_parts_of_a_day_as_attendees_say_them(v, query, after, before):
    u = understand(query, v)
    assert u.filters.after == after
    assert (u.filters.before or u.filters.starts_before) == before
    assert not {"early", "late", "arvo", "lunchtime", "lunch"} & set(u.topic.lower().split())


@pytest.mark.parametrize(
    "query",
    ["version 3-4 compatibility", "the early days of unix", "catching bugs early", "running late"],
)
def test_numbers_and_words_that_are_no_time(v, query):
    u = understand(query, v)
    assert u.filters.after is None and u.filters.starts_before is None


def test_two_days_joined_keep_the_talks_of_both_on_the_real_program(fosdem_kb):
    a = fosdem_kb.answer("rust talks on saturday or sunday", 30)
    assert a.understood.any_days == ("Sat", "Sun") and not a.relaxed
    assert {h.talk.start.strftime("%a") for h in a.hits} == {"Sat", "Sun"}


@pytest.mark.parametrize(
    ("query", "fmt"),
    [("bof rooms sunday afternoon", "bof"), ("the lightning talk room on Sunday", "lightningtalk")],
)
def test_a_formats_room_is_read_with_it(real2019, query, fmt):
    u = understand(query, real2019)
    assert u.filters.format == fmt and u.topic == "" and u.filters.day == "Sun"


@pytest.mark.parametrize(
    ("query", "room"),
    [
        ("talks in h2215", "H.2215 (Ferrer)"),
        ("ub2 252a sunday", "UB2.252A (Lameere)"),
        ("k4201 saturday", "K.4.201"),
    ],
)
def test_a_rooms_code_typed_in_a_hurry(fosdem_kb, query, room):
    u = fosdem_kb.understand(query)
    assert u.filters.room == room and u.topic == ""


@pytest.mark.parametrize(
    ("query", "field", "value", "topic", "day"),
    [
        ("rust sun pm", "after", "12:00", "rust", "Sun"),
        ("sat am databases", "starts_before", "12:00", "databases", "Sat"),
        ("databases 10.30 sunday", "at", "10:30", "databases", "Sun"),
        ("sunday 1030", "at", "10:30", "", "Sun"),
        ("14h sunday", "at", "14:00", "", "Sun"),
        ("noon-ish sunday", "at", "12:00", "", "Sun"),
        ("3pm-ish talks on sunday", "at", "15:00", "", "Sun"),
    ],
)
def test_times_as_typed_on_a_phone(v, query, field, value, topic, day):
    u = understand(query, v)
    assert getattr(u.filters, field) == value and u.topic == topic and u.filters.day == day


@pytest.mark.parametrize(
    "query", ["python 3.11 on sunday", "linux 5.15 sunday", "rust 2024 sunday", "I am new"]
)
def test_versions_years_and_am_are_no_times(v, query):
    u = understand(query, v)
    assert u.filters.at is None and u.filters.after is None and u.filters.starts_before is None


@pytest.mark.parametrize(
    ("query", "day"),
    [("2/3 python", "2019-02-03"), ("3/2 python", "2019-02-03"), ("2/2 rust", "2019-02-02")],
)
def test_a_date_with_a_slash_is_whichever_way_names_a_day_of_the_program(v, query, day):
    u = understand(query, v)
    assert u.filters.day == day and "/" not in u.topic
    assert understand("1/2 rust", v).filters.day is None


@pytest.mark.parametrize(
    ("query", "field", "value"),
    [
        ("kernel talks at half past two", "at", "14:30"),
        ("what's on at half three saturday", "at", "15:30"),  # British: 3:30
        ("rust at quarter past 3", "at", "15:15"),
        ("wasm around quarter to 4 sunday", "at", "15:45"),
        ("email ~10.30", "at", "10:30"),
        ("ada sat 1700-1900", "after", "17:00"),
        ("python room sunday, done by 12", "before", "12:00"),
        ("translations first thing sunday", "starts_before", "10:00"),
        ("rust sat eve", "after", "17:00"),
        ("unikernels saturday night", "after", "17:00"),
    ],
)
def test_more_ways_to_say_when(v, query, field, value):
    u = understand(query, v)
    assert getattr(u.filters, field) == value
    words = set(u.topic.lower().split())
    assert not words & {"half", "quarter", "past", "done", "thing", "eve", "night", "~10.30"}


def test_a_date_last_in_the_query_is_read(v):
    assert understand("rust talks 3/2", v).filters.day == "2019-02-03"
    assert understand("rust talks on 2019-02-02", v).filters.day == "2019-02-02"


def test_tomorrow_said_short_is_tomorrow(v):
    u = understand("postgres tmrw am", v)
    assert "tmrw" not in u.topic and u.filters.starts_before == "12:00"


@pytest.mark.parametrize(
    "query", ["LLM talks that AREN'T in the Go devroom", "testing that isn't in the Go devroom"]
)
def test_aren_t_in_a_devroom_leaves_it_out(v, query):
    u = understand(query, v)
    assert u.excluded_tracks == ("Go",) and u.filters.track is None


@pytest.mark.parametrize(
    "query",
    ["years 2019-2024 of rust", "half of the kernel", "a year 1999-2004", "langchain from 0 to 1"],
)
def test_numbers_and_halves_that_are_no_times(v, query):
    u = understand(query, v)
    assert u.filters.after is None and u.filters.at is None


def test_a_first_name_of_a_name_with_a_two_letter_surname_on_the_real_program(fosdem_kb):
    a = fosdem_kb.answer("anything by Cheuk", 5)
    assert a.understood.filters.speaker == "Cheuk" and a.understood.topic == ""
    assert a.hits and all("Cheuk Ting Ho" in [s.name for s in h.talk.speakers] for h in a.hits)


def test_rooms_after_one_name_are_rooms_of_a_kind(fosdem_kb):
    u = fosdem_kb.understand("scheduling recurring video meetings as matrix rooms")
    assert u.filters.track is None and u.any_tracks == () and "matrix rooms" in u.topic
    assert fosdem_kb.understand("the Rust and Go rooms").any_tracks == (
        "Rust devroom",
        "Go devroom",
    )
    assert fosdem_kb.understand("the matrix room on sunday").filters.track == "Matrix devroom"


@pytest.mark.parametrize(
    ("query", "after", "starts_before"),
    [
        ("sunday afternoon after 2pm", "14:00", "18:00"),  # the time narrows the part
        ("after 2pm sunday afternoon", "14:00", "18:00"),  # said first, it stays
        ("evening after 8pm", "20:00", "24:00"),
        ("afternoon after 11am", "12:00", "18:00"),  # a wider time leaves the part as it is
    ],
)
def test_a_time_said_beside_a_part_of_the_day_narrows_it(v, query, after, starts_before):
    f = understand(query, v).filters
    assert (f.after, f.starts_before) == (after, starts_before), f

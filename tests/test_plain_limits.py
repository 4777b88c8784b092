"""Limits in plain words as attendees of another program say them (FOSDEM 2019's
real track names, which carry no "devroom"): track names with "and" in them, "day
one", "late afternoon", "but not Rust", and a time that is no housekeeping ask
("before lunch"). Pure functions of a `Vocab`, then the exclusion on the real
FOSDEM 2024 program."""

from __future__ import annotations

import re

import pytest

from index.search.limits import relax
from index.search.read.understand import Vocab, understand
from index.search.read.vocab import suggest, word_tuple
from ingest.housekeeping import asks_for_housekeeping, is_housekeeping
from talkbase.core.records import Talk
from tests.conftest import weekend_vocab

TRACKS_2019 = [
    "CAD and Open Hardware",
    "HPC, Big Data and Data Science",
    "Decentralized Internet and Privacy",
    "Online Privacy",
    "MySQL, MariaDB and Friends",
    "Go",
    "Rust",
    "Databases",
    "Javascript",
    "Software Defined Networking",
    "Software Defined Storage",
    "ML on Code",
    "Tool the Docs",
]


@pytest.fixture(scope="module")
def v2019() -> Vocab:
    v = weekend_vocab(2019, 2, 2)
    v.tracks = {t: word_tuple(t) for t in TRACKS_2019}
    for name in ("Lennart Poettering", "Daniel Stenberg", "Jan Smith", "Ann Smyth"):
        v._add_speaker(name)
    v.words = frozenset({"python", "postgres", "container", "containers", "replication"})
    return v


@pytest.mark.parametrize(
    ("query", "track", "topic"),
    [
        ("talks in the CAD and open hardware devroom", "CAD and Open Hardware", ""),
        ("HPC, Big Data and Data Science devroom talks on Spark", TRACKS_2019[1], "Spark"),
        ("talks in the Decentralized Internet and Privacy devroom", TRACKS_2019[2], ""),
        ("MySQL and friends track", "MySQL, MariaDB and Friends", ""),
        ("Spark and Go devroom", "Go", "Spark"),  # (both tracks: tests/test_question_words.py)
        ("the ML on code devroom", "ML on Code", ""),
        ("tool the docs devroom", "Tool the Docs", ""),
        ("the SDN devroom", "Software Defined Networking", ""),
        ("BPF in the SDS room", "Software Defined Storage", "BPF"),
        ("testing in the Go devroom", "Go", "testing"),
    ],
)
def test_a_track_name_with_and_is_read_whole(v2019, query, track, topic):
    u = understand(query, v2019)
    assert u.filters.track == track and u.topic == topic


def test_privacy_alone_names_two_tracks_so_a_talk_of_either(v2019):
    u = understand("talks in the privacy devroom", v2019)
    assert u.filters.track is None and u.topic == ""
    assert u.any_tracks == ("Decentralized Internet and Privacy", "Online Privacy")
    (chip,) = u.chips
    assert chip.label == "track: Decentralized Internet and Privacy or Online Privacy"
    assert relax.without(u, frozenset({"track"})).any_tracks == ()
    # a word more names the one
    assert understand("the online privacy devroom", v2019).filters.track == "Online Privacy"
    # a word five or more tracks share names none of them
    five = Vocab.from_talks([])
    five.tracks = {f"{w} Data": word_tuple(f"{w} Data") for w in "Big Open Geo Graph Time".split()}
    assert understand("the data devroom", five).any_tracks == ()


def test_a_name_two_real_tracks_share_keeps_the_talks_of_both(fosdem_kb):
    mobile = {"FOSS on Mobile Devices devroom", "Embedded, Mobile and Automotive devroom"}
    a = fosdem_kb.answer("talks in the mobile devroom about Linux", 10)
    assert set(a.understood.any_tracks) == mobile and not a.relaxed
    assert len(a.hits) == 10 and {h.talk.track for h in a.hits} == mobile


def test_a_cancelled_talk_is_pushed_down_like_housekeeping():
    for title in (  # FOSDEM 2019's
        "CANCELLED Open and federated identities with ID4me",
        "CANCELED Restoring a 30+ years old Minitel server on Apple II",
        "Full-text Search Tips and Tricks (cancelled)",
        "Full-text Search Tips and Tricks - Canceled",
        "[CANCELLED] Full-text Search Tips and Tricks",
    ):
        assert is_housekeeping(title), title
    assert not is_housekeeping("Cancelling tasks in structured concurrency")
    assert not is_housekeeping("What happens when a request gets cancelled")
    assert asks_for_housekeeping("which talks were cancelled")


@pytest.mark.parametrize(
    ("query", "day"),
    [("talks on day one about privacy", "2019-02-02"), ("day two", "2019-02-03")],
)
def test_a_day_by_its_number_in_words(v2019, query, day):
    u = understand(query, v2019)
    assert u.filters.day == day
    assert "one" not in u.topic.split() and "two" not in u.topic.split()


def test_day_three_of_a_two_day_program_is_said_back(v2019):
    u = understand("talks on day three", v2019)
    assert u.filters.day is None and u.not_understood


def test_late_afternoon_ends_with_the_afternoon_and_early_morning_is_one_limit(v2019):
    u = understand("late afternoon talks about databases", v2019)
    assert u.filters.active() == {"after": "15:00", "starts_before": "18:00"}
    assert u.topic == "databases"
    assert u.labels == ("late afternoon (after 15:00)", "late afternoon (before 18:00)")
    u = understand("early morning Rust talks", v2019)
    assert u.filters.active() == {"starts_before": "10:00"}


def test_early_afternoon_is_two_limits_dropped_together(v2019):
    u = understand("early afternoon in the Go devroom", v2019)
    assert u.filters.active() == {"after": "12:00", "starts_before": "14:00", "track": "Go"}
    assert u.topic == ""
    first, dropped = next(relax.attempts(u))  # the time of day is bent first, whole
    assert first.filters.active() == {"track": "Go"}
    assert dropped == ("early afternoon (after 12:00)", "early afternoon (before 14:00)")


@pytest.mark.parametrize(
    ("query", "topic", "excluded"),
    [
        ("talks about the Linux kernel but not Rust", "Linux kernel", ("Rust",)),
        ("containers except Kubernetes", "containers", ("Kubernetes",)),
        ("machine learning excluding deep learning talks", "machine learning", ("deep learning",)),
        ("databases other than MySQL, on Sunday", "databases", ("MySQL",)),
        ("Rust but not in production", "Rust", ("production",)),
        ("databases but not the MySQL ones", "databases", ("MySQL",)),
        ("containers except Kubernetes stuff", "containers", ("Kubernetes",)),
        ("security talks not about containers", "security", ("containers",)),
        ("Rust talks that aren't about embedded", "Rust", ("embedded",)),
        ("talks that are not about Python", "", ("Python",)),
    ],
)
def test_exclusions_in_plain_words(v2019, query, topic, excluded):
    u = understand(query, v2019)
    assert u.topic == topic and u.excluded == excluded
    assert u.filters.speaker is None  # never the person left out as a speaker filter
    assert f"not {excluded[0]}" in u.labels


def test_a_person_left_out_is_a_speaker_left_out_never_the_filter(v2019):
    u = understand("kernel talks except for Lennart Poettering", v2019)
    assert u.topic == "kernel" and u.filters.speaker is None and u.excluded == ()
    assert [f.active() for f in u.excluded_limits] == [{"speaker": "Lennart Poettering"}]


@pytest.mark.parametrize(
    "query",
    [
        "last but not least",
        "Rust but not only for systems",
        "storage but not exclusively Ceph",
        "I'm interested in mechanisms for communicating between disjoint processes, "
        "possibly, but not exclusively, in a distributed environment",
        "why Go is not about simplicity",  # a talk's title says what it is
    ],
)
def test_a_hedge_or_a_long_question_leaves_nothing_out(v2019, query):
    u = understand(query, v2019)
    assert u.excluded == () and not u.not_understood
    assert "not" in u.topic.split()  # the words stay words to rank by


def test_a_cue_nothing_follows_is_said_back(v2019):
    u = understand("Go but not", v2019)
    assert u.topic == "Go" and u.excluded == ()
    assert u.not_understood == ("not understood: “but not” (nothing to leave out followed it)",)


def test_a_limit_said_to_be_left_out_is_left_out(v2019):
    u = understand("Go but not on Sunday", v2019)
    assert u.filters.day is None and u.topic == "Go" and u.excluded == ()
    assert [f.active() for f in u.excluded_limits] == [{"day": "Sun"}]
    assert u.not_understood == () and u.label == "not Sunday"


@pytest.mark.parametrize(
    ("query", "asks"),
    [
        ("MySQL talks before lunch", False),
        ("Rust talks after lunch on Sunday", False),
        ("lunch", True),
        ("talks after the opening", True),
        ("the closing session on Sunday", True),
    ],
)
def test_a_time_said_by_a_break_asks_for_no_housekeeping(v2019, query, asks):
    u = understand(query, v2019)
    assert asks_for_housekeeping(u.asked) is asks
    assert asks_for_housekeeping(query) is True  # the words as typed would have


def test_excluded_words_drop_talks_on_the_real_program(fosdem_kb):
    def says_rust(talk: Talk) -> bool:
        return re.search(r"\brust\b", f"{talk.title} {talk.abstract}", re.I) is not None

    with_rust = fosdem_kb.answer("Linux kernel", 30)
    assert any(says_rust(h.talk) for h in with_rust.hits)
    a = fosdem_kb.answer("Linux kernel but not Rust", 30)
    assert a.understood.excluded == ("Rust",) and a.understood.topic == "Linux kernel"
    assert len(a.hits) == 30 and not any(says_rust(h.talk) for h in a.hits)


@pytest.mark.parametrize(
    ("query", "asks"),
    [
        ("how do I make my project more welcoming", False),
        ("closing the gap between dev and ops", False),
        ("opening up government data", False),
        ("the closing keynote", True),
        ("welcoming remarks", True),
        ("the opening of the Go devroom", True),
        ("Go devroom closing", True),
    ],
)
def test_opening_and_closing_ask_only_as_a_sessions_name(query, asks):
    assert asks_for_housekeeping(query) is asks


def test_who_is_speaking_is_the_questions_frame(v2019):
    assert understand("who is speaking about Kubernetes", v2019).topic == "Kubernetes"
    assert understand("what is Lennart Poettering talking about", v2019).topic == ""


def test_two_letters_swapped_are_one_typo_and_ss_is_no_plural(v2019):
    assert suggest("pyhton talks", v2019) == {"pyhton": "python"}
    assert suggest("postgress replication", v2019) == {"postgress": "postgres"}
    assert suggest("containers", v2019) == {}  # a plural of a known word


def test_the_singular_of_a_plural_the_base_holds_is_no_typo():
    # a French program says "espaces verts", "capteurs": "vert" was read as "vers"
    v = Vocab(words=frozenset({"verts", "vers", "capteurs", "mentale", "espaces"}))
    assert suggest("santé mentalle et espaces vert", v) == {"mentalle": "mentale"}
    assert suggest("capteur", v) == {}
    assert suggest("capteurx", v) == {"capteurx": "capteurs"}  # a typo still is one


def test_a_typo_reads_as_the_word_more_talks_hold(real2019):
    # one abstract's own typo is as near "kuberntes" as "kubernetes" is
    assert "kuberentes" in real2019.words
    assert real2019.counts["kubernetes"] > real2019.counts["kuberentes"] == 1
    assert suggest("kuberntes networking", real2019) == {"kuberntes": "kubernetes"}


def test_a_plural_typo_reads_through_its_singular(real2019):
    # the program says "compositor" only; "composers" is as many edits from the plural
    assert "compositor" in real2019.words and "compositors" not in real2019.words
    assert suggest("wayland compositers", real2019) == {"compositers": "compositors"}
    assert suggest("libreofice online", real2019) == {"libreofice": "libreoffice"}


def test_a_track_one_typo_away(v2019):
    assert understand("javascrpt devroom", v2019).filters.track == "Javascript"
    assert understand("the datbase devroom", v2019).filters.track == "Databases"
    assert understand("the javscrpt devroom", v2019).filters.track is None  # two edits


@pytest.mark.parametrize(
    "query", ["talks by Lenart Poettering", "talks by Poetering", "by Lennart Poetering"]
)
def test_a_speaker_one_typo_away(v2019, query):
    u = understand(query, v2019)
    assert u.filters.speaker == "Poettering" and u.topic == ""
    assert u.labels == ("speaker: Lennart Poettering",)


def test_a_first_name_after_by_is_anyone_so_named(v2019):
    u = understand("Saturday talks by Lennart", v2019)
    assert u.filters.speaker == "Lennart" and u.labels == ("Saturday", "speaker: Lennart")
    assert understand("DNS talks by daniel", v2019).filters.speaker == "Daniel"
    # only after "by", and only a name's first word
    assert understand("Lennart", v2019).filters.speaker is None
    assert understand("Rust talks with Daniel", v2019).filters.speaker is None
    assert understand("sorted by date", v2019).filters.speaker is None
    assert understand("talks by Smith", v2019).filters.speaker == "Smith"  # a surname first


def test_a_typo_near_two_surnames_names_nobody(v2019):
    assert understand("talks by Smeth", v2019).filters.speaker is None
    assert understand("talks by Stenbreg", v2019).filters.speaker == "Stenberg"


@pytest.mark.parametrize(
    ("query", "order", "topic"),
    [
        ("the first talk in the Rust devroom", "first", ""),
        ("the last talk on Sunday", "last", ""),
        ("latest talks in the Go devroom", "last", ""),
        ("the first steps in Rust", "", "first steps in Rust"),
        ("last but not least", "", "last but not least"),
    ],
)
def test_first_and_last_talk_are_an_order_only_when_nothing_else_is_asked(
    v2019, query, order, topic
):
    u = understand(query, v2019)
    assert u.order == order and u.topic == topic


def test_the_last_and_first_talks_on_the_real_program(fosdem_kb):
    go_saturday = [
        t
        for t in fosdem_kb.talks.values()
        if t.track == "Go devroom" and t.start and t.start.date().isoformat() == "2024-02-03"
    ]
    latest = max(t.start for t in go_saturday if t.start)
    a = fosdem_kb.answer("the last talk on Saturday in the Go devroom", 5)
    assert a.understood.labels[0] == "latest first" and a.understood.topic == ""
    starts = [h.talk.start for h in a.hits]
    assert starts[0] == latest and starts == sorted(starts, reverse=True) and len(starts) == 5
    first = fosdem_kb.answer("the first talk in the Go devroom", 3).hits[0].talk
    assert first.start == min(t.start for t in go_saturday if t.start)


@pytest.mark.parametrize(
    ("query", "limits"),
    [
        # a part of the day has an end (CLDR's afternoon: 12:00-18:00): an 18:50 talk
        # is no afternoon's
        ("rust in the afternoon", {"after": "12:00", "starts_before": "18:00"}),
        # the evening runs to midnight (CLDR's French, German and Italian evenings):
        # a 22:30 debate is an evening's; the night after midnight is not
        ("saturday evening", {"day": "Sat", "after": "17:00", "starts_before": "24:00"}),
        ("talks at night", {"after": "21:00"}),
        ("ctf late at night", {"after": "22:00"}),
        ("late evening", {"after": "19:00", "starts_before": "24:00"}),
        # a day's night and "tonight" run from the evening on, however late
        ("saturday night", {"day": "Sat", "after": "17:00"}),
        ("sat eve", {"day": "Sat", "after": "17:00", "starts_before": "24:00"}),
    ],
)
def test_parts_of_the_day_have_an_end(v2019, query, limits):
    u = understand(query, v2019)
    assert u.filters.active() == limits, u.labels
    assert not {"late", "night", "evening", "afternoon", "eve"} & set(u.topic.split())


def test_a_part_of_the_day_is_one_chip_that_sets_both_ends(v2019):
    u = understand("rust in the afternoon", v2019)
    (chip,) = [c for c in u.chips if c.field == "after"]
    assert (chip.value, chip.more, chip.label) == (
        "12:00",
        (("starts_before", "18:00"),),
        "afternoon",
    )

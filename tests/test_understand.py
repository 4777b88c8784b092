"""Query understanding: limits in plain words read out of the query (no model needed)."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest

from index.search.limits.filters import words_pattern
from index.search.read.understand import Understood, Vocab, literal, understand
from talkbase.core import when as clock
from talkbase.core.records import Speaker, Talk

WED, TUE = "2026-10-21", "2026-10-20"


@pytest.fixture(scope="module")
def vocab(_fake_home_master):
    from index.encoders.embed import HashingEmbedder
    from index.search.kb import KnowledgeBase

    with KnowledgeBase(_fake_home_master, HashingEmbedder()) as kb:
        return kb.vocab


# (query, topic, {filter: value}) on the demo program (Tue 20 and Wed 21 Oct 2026)
PHRASINGS = [
    (
        "what's on Wednesday afternoon about inference",
        "inference",
        {"day": "Wed", "after": "12:00", "starts_before": "18:00"},
    ),
    ("kernels talks in room 210AE", "kernels", {"room": "210AE"}),
    ("kernels in 210AE", "kernels", {"room": "210AE"}),
    ("talks by NVIDIA", "", {"org": "NVIDIA"}),
    ("Meta talks", "", {"org": "Meta"}),
    ("meta-learning", "meta-learning", {}),
    ("NVIDIA's kernels", "kernels", {"org": "NVIDIA"}),
    ("compiler talks from Google", "compiler", {"org": "Google"}),
    ("AWS talks", "", {"org": "Amazon Web Services"}),
    ("talks by Amazon", "", {"org": "Amazon Web Services"}),
    ("Hugging Face talks about agents", "agents", {"org": "Hugging Face"}),
    ("talks by Natalia Gimelshein", "", {"speaker": "Natalia Gimelshein"}),
    ("by Gimelshein", "", {"speaker": "Gimelshein"}),
    ("Will Constable on fault tolerance", "fault tolerance", {"speaker": "Will Constable"}),
    ("quantization on 21 Oct", "quantization", {"day": WED}),
    ("Oct 20 morning", "", {"day": TUE, "starts_before": "12:00"}),
    ("day 2 compilers", "compilers", {"day": WED}),
    ("compilers on the first day", "compilers", {"day": TUE}),
    ("Wed", "", {"day": "Wed"}),
    ("tues evening", "", {"day": "Tue", "after": "17:00", "starts_before": "24:00"}),
    ("before lunch on Tue", "", {"day": "Tue", "before": "12:00"}),
    ("after lunch", "", {"after": "13:00"}),
    ("profiling after 3pm", "profiling", {"after": "15:00"}),
    ("profiling after 15:30", "profiling", {"after": "15:30"}),
    ("sessions before 4 pm", "", {"before": "16:00"}),
    ("between 2 and 4pm on Wed", "", {"day": "Wed", "after": "14:00", "before": "16:00"}),
    ("BoF", "", {"format": "Birds of a Feather"}),
    ("birds of a feather sessions", "", {"format": "Birds of a Feather"}),
    ("demos", "", {"format": "Demo Theater"}),
    ("keynote", "keynote", {}),  # no talk of this program is a keynote
    ("workshop on triton", "workshop on triton", {}),
    (
        "kernel track on Tuesday",
        "",
        {"track": "Kernel Engineering & Domain-Specific Languages", "day": "Tue"},
    ),
    ('speaker:"Will Constable" fault tolerance', "fault tolerance", {"speaker": "Will Constable"}),
    ("org:AWS", "", {"org": "Amazon Web Services"}),
    ("room:210BF day:Tue", "", {"room": "210BF", "day": "Tue"}),
    ("format:demo", "", {"format": "demo"}),
    ("running PyTorch on Google TPUs", "running PyTorch on Google TPUs", {}),
    ("quantization on AMD GPUs", "quantization on AMD GPUs", {}),
    ("distributed training on Friday", "distributed training on Friday", {}),  # no Friday here
    ("room 999 kernels", "room 999 kernels", {}),  # no such room
    ("talks from Google on day 1", "", {"org": "Google", "day": TUE}),
]


@pytest.mark.parametrize(("query", "topic", "want"), PHRASINGS, ids=[p[0] for p in PHRASINGS])
def test_phrasings(vocab: Vocab, query: str, topic: str, want: dict[str, str]) -> None:
    u = understand(query, vocab)
    assert u.topic == topic
    assert u.filters.active() == want


@pytest.mark.parametrize(
    ("now", "query", "day"),
    [
        (date(2026, 10, 20), "kernels tomorrow", WED),
        (date(2026, 10, 21), "what's on today about kernels", WED),
        (date(2026, 10, 22), "kernels yesterday afternoon", WED),
        (date(2026, 10, 19), "kernels today", None),  # the day before: no talks that day
        (date(2026, 12, 1), "kernels tomorrow", None),
    ],
)
def test_today_and_tomorrow_count_from_this_machines_date(
    vocab: Vocab, monkeypatch: pytest.MonkeyPatch, now: date, query: str, day: str | None
) -> None:
    monkeypatch.setattr(clock, "today", lambda zone="": now)
    u = understand(query, vocab)
    assert u.topic == "kernels"  # never a word of the topic
    assert u.filters.day == day
    if day is None:  # said back: the program has no talks that day
        (chip,) = [c for c in u.chips if c.field == "absent"]
        assert f"{now + timedelta(days=1 if 'tomorrow' in query else 0):%a %d %b}" in chip.label
        assert u.not_understood == (chip.label,)


def test_formats_named_as_fosdem_writes_them() -> None:
    """FOSDEM 2019's event types are one word ("lightningtalk", "maintrack"); people
    say "lightning talks" and "the main track"."""
    talks = [
        Talk("Structured Concurrency", format="lightningtalk", id=1),
        Talk("The Current and Future Tor Project", format="maintrack", id=2),
        Talk("Welcome to FOSDEM 2019", format="keynote", id=3),
    ]
    v = Vocab.from_talks(talks)
    u = understand("lightning talks about python", v)
    assert (u.topic, u.filters.active()) == ("python", {"format": "lightningtalk"})
    u = understand("the main track talks about security", v)
    assert (u.topic, u.filters.active()) == ("security", {"format": "maintrack"})
    assert understand("keynotes", v).filters.active() == {"format": "keynote"}
    plain = Vocab.from_talks([Talk("Tor", format="devroom", id=4)])
    assert understand("the main track", plain).filters.active() == {}  # no such format here
    assert understand("maintenance of old code", v).filters.active() == {}


def test_several_organisations_or_people_mean_any_of_them(vocab: Vocab) -> None:
    u = understand("talks from IBM or Intel", vocab)
    assert u.any_orgs == ("IBM", "Intel") and u.filters.org is None
    assert u.label == "org: IBM · org: Intel"


def test_phrases_and_excluded_words(vocab: Vocab) -> None:
    u = understand('"fault tolerance" -meta training', vocab)
    assert u.phrases == ("fault tolerance",)
    assert u.excluded == ("meta",)
    assert u.topic == "training"
    assert [c.field for c in u.chips] == ["phrase", "exclude"]


def test_chips_say_what_was_understood_in_query_order(vocab: Vocab) -> None:
    u = understand("what's on Wednesday afternoon about inference by NVIDIA", vocab)
    assert u.label == "Wednesday · afternoon · org: NVIDIA"
    assert [(c.field, c.value) for c in u.chips] == [
        ("day", "Wed"),
        ("after", "12:00"),
        ("org", "NVIDIA"),
    ]


def test_dropping_a_chip_gives_the_query_without_it(vocab: Vocab) -> None:
    u = understand("inference on Wednesday by NVIDIA", vocab)
    org = next(c for c in u.chips if c.field == "org")
    again = understand(u.without(org), vocab)
    assert again.filters.active() == {"day": "Wed"}
    assert again.topic == "inference"


def test_literal_reads_nothing() -> None:
    u = literal("talks by NVIDIA on Wednesday")
    assert isinstance(u, Understood) and u.literal
    assert u.topic == "talks by NVIDIA on Wednesday" and not u.chips and not u.filters.active()


def test_only_values_of_this_base_count() -> None:
    talk = Talk(
        "A",
        speakers=(Speaker("Ada Lovelace", "Acme Labs"),),
        room="Hall 1",
        track="Compilers",
        id=1,
    )
    v = Vocab.from_talks([talk])
    assert understand("talks by NVIDIA", v).filters.active() == {}
    assert understand("Acme Labs talks", v).filters.active() == {"org": "Acme Labs"}
    assert understand("in Hall 1", v).filters.active() == {"room": "Hall 1"}
    assert understand("Wednesday afternoon", v).filters.active() == {}  # no times at all


def test_any_mix_of_words_reads_without_error_and_chips_point_into_the_query(vocab: Vocab) -> None:
    import random

    words = [
        "on",
        "Wed",
        "after",
        "3pm",
        "by",
        "NVIDIA",
        "'s",
        '"',
        "-",
        "room",
        "210AE",
        "day",
        "2",
        "track",
        "kernel",
        "between",
        "and",
        "4",
        "Oct",
        "21",
        "org:",
        "BoF",
        "’s",
        "before",
        "lunch",
        "-meta",
        "in",
        "the",
        "afternoon",
        "first",
        "Natalia",
        "Gimelshein",
        "?",
        ":",
        "é",
        "日本",
    ]
    rng = random.Random(7)
    for _ in range(500):
        query = " ".join(rng.choice(words) for _ in range(rng.randint(0, 9)))
        u = understand(query, vocab)
        for chip in u.chips:
            assert query[chip.start : chip.end] == chip.source
            assert chip.source not in u.without(chip) or len(u.without(chip)) < len(query)


def test_a_surname_said_alone_is_that_person_unless_talks_use_the_word() -> None:
    """Issue 39: "Poettering" ranked a talk naming him in its title above his own; a
    surname alone now reads as the person, where few talks use it as a word."""
    from talkbase.core.records import Speaker

    talks = [Talk("systemd-boot", speakers=(Speaker("Lennart Poettering"),), id=1)]
    talks += [Talk("What would Poettering do?", id=2)]
    talks += [Talk("Rust in the kernel", speakers=(Speaker("Alex Rust"),), id=3)]
    talks += [Talk(f"Rust talk {i}", abstract="rust", id=10 + i) for i in range(5)]
    v = Vocab.from_talks(talks)
    assert understand("Poettering", v).filters.speaker == "Poettering"
    assert understand("poettering talks", v).filters.speaker == "Poettering"
    assert understand("rust", v).filters.speaker is None  # a topic many talks use
    assert understand("systemd Poettering", v).filters.speaker is None  # not alone


def test_a_name_said_without_the_title_the_program_writes_before_it() -> None:
    """Sweep 12 (Q11): the stored names are "Dr. Sarah Evans", "Dra. Mariana Silva",
    "Prof. Helena Costa"; "talks by Sarah Evans" is that speaker, the limit's value the
    name without its title, which finds it (talkbase/core/names.HONORIFICS), and "by
    Prof. Costa" still is."""
    from talkbase.core.records import Speaker

    people = ["Dr. Sarah Evans", "Dra. Mariana Silva", "Prof. Helena Costa", "Dr.-Ing. Hans Weber"]
    talks = [Talk(f"Talk {i}", speakers=(Speaker(n),), id=i) for i, n in enumerate(people)]
    talks += [Talk("Mr. Bean on film", speakers=(Speaker("Mr. Bean"),), id=9)]
    v = Vocab.from_talks(talks)
    for query, speaker in [
        ("talks by Sarah Evans", "Sarah Evans"),
        ("Mariana Silva", "Mariana Silva"),
        ("talks by Helena Costa", "Helena Costa"),
        ("talks by Hans Weber", "Hans Weber"),
        ("talks by Dr. Sarah Evans", "Dr. Sarah Evans"),
    ]:
        u = understand(query, v)
        assert (u.filters.speaker, u.topic) == (speaker, ""), query
        # (the limit finds the stored name, its title before it)
        assert any(re.search(words_pattern(speaker), n) for n in people), query
    assert understand("talks by Prof. Costa", v).filters.speaker == "Costa"
    assert understand("talks by Sarah", v).filters.speaker == "Sarah"  # a first name
    assert understand("talks by Mr. Bean", v).filters.speaker == "Mr. Bean"


@pytest.mark.parametrize("order", [1, -1])
def test_a_speaker_stored_with_and_without_a_title_is_found_under_both(order) -> None:
    """Review of sweep 12 (R1): with talks by "Mark Lee" and "Dr. Mark Lee", "talks by
    Mark Lee" limited to whichever came last, the titled one, and lost the other's
    talk; said without the title it is the untitled name, which finds both."""
    people = ["Mark Lee", "Dr. Mark Lee", "Dr. Mark Lee"][::order]
    talks = [Talk(f"Talk {i}", speakers=(Speaker(n),), id=i) for i, n in enumerate(people)]
    v = Vocab.from_talks(talks)
    for query in ("talks by Mark Lee", "Mark Lee"):
        value = understand(query, v).filters.speaker
        assert value is not None and all(re.search(words_pattern(value), n) for n in people)
    assert understand("talks by Dr. Mark Lee", v).filters.speaker == "Dr. Mark Lee"


def test_words_of_speakers_names_in_a_row_are_looked_up_once_per_base() -> None:
    """Review of sweep 12 (R5): "talks by José García" went through every speaker's
    name for each two or three words after a cue (60 ms a question on a base of
    40,000 speakers, from 10); the pieces of the names are made once
    (`Vocab.name_pieces`)."""
    people = ["María José García", "José García López", "Kim Lee"]
    talks = [Talk(f"Talk {i}", speakers=(Speaker(n),), id=i) for i, n in enumerate(people)]
    v = Vocab.from_talks(talks)
    assert {("jose", "garcia"), ("maria", "jose"), ("garcia", "lopez")} <= v.name_pieces
    assert ("kim", "lee") not in v.name_pieces  # (a whole name is no piece of one)
    assert understand("talks by José García", v).filters.speaker == "José García"


@pytest.mark.parametrize(
    ("query", "field", "value"),
    [
        ("charlas de la Universidad de Sevilla", "org", "Universidad de Sevilla"),
        ("talks van ING", "org", "ING"),
        ("Vorträge vom CCC Berlin", "org", "CCC Berlin"),
        ("ponencias de García", "speaker", "García"),
        ("ponencias de José García", "speaker", "José García"),
        ("talks by José García", "speaker", "José García"),
        ("charlas de lingüística", None, None),  # no name the base holds
        ("talks van de toekomst", None, None),
        ("historia de la Universidad de Sevilla", None, None),  # no word for talks before
        ("charlas de Rust", None, None),  # a surname many talks use as a word: their topic
        ("charlas de Rost", None, None),  # no typo of a name after "de"
        # one lowercase word a talk uses is its topic, a surname as well
        ("charlas de datos abiertos", None, None),
        ("lezingen van bos en natuur", None, None),
        ("charlas de Datos", "speaker", "Datos"),  # (written as a name)
    ],
)
def test_whose_talks_said_with_a_visitors_word_for_of(query, field, value) -> None:
    """Sweep 12 (Q11): "charlas de la Universidad de Sevilla", "talks van ING" read no
    organisation, "ponencias de José García" (words of two speakers' names) no one; a
    word for "of" after a word for talks cues a name the base holds, as "by" does."""
    from talkbase.core.records import Speaker

    people = [
        ("María José García", "Universidad de Sevilla"),
        ("José García López", "ING"),
        ("Eva Lange", "CCC Berlin"),
        ("Alex Rust", ""),
        ("Ana Datos", ""),
        ("Jan Bos", ""),
    ]
    talks = [
        Talk(f"Talk {n}", speakers=(Speaker(p, affiliation=a),), id=n, language="es")
        for n, (p, a) in enumerate(people)
    ]
    talks += [Talk("Lingüística de corpus", id=9, language="nl")]
    talks += [Talk(f"Rust {n}", abstract="rust", id=10 + n) for n in range(5)]
    talks += [Talk("Datos abiertos en España", id=20), Talk("Bos en natuur", id=21)]
    u = understand(query, Vocab.from_talks(talks))
    read = {c.field: c.value for c in u.chips}
    assert read.get(field) == value if field else not read, (query, read)

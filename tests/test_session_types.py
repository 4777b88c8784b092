"""A program's own session types are limits as it spells them (issue 37: a stage's type
`lightning_talk`, so "lightning talks on day 3" filtered out a lightning talk):
separators and plurals folded, for types few enough talks have, never a type named
only by generic words ("Talk")."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from index.build.builder import ingest
from index.encoders.hashing import HashingEmbedder
from index.search.kb import KnowledgeBase
from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core.records import Talk

TYPES = ["Talk"] * 8 + ["lightning_talk", "lightning_talk", "Concert", "podcast", "Workshop"]


def _talks() -> list[Talk]:
    start = datetime(2031, 12, 27, 10, tzinfo=UTC)
    return [
        Talk(title=f"Item {i}", abstract="Things.", format=f, start=start)
        for i, f in enumerate(TYPES)
    ]


def test_types_are_read_as_the_program_spells_them():
    v = Vocab.from_talks(_talks())
    for query, fmt, topic in (
        ("lightning talks on day 1", "lightning_talk", ""),
        ("concerts", "Concert", ""),
        ("a podcast about privacy", "podcast", "privacy"),
        ("workshops", "Workshop", ""),
    ):
        u = understand(query, v)
        assert (u.filters.format, u.topic) == (fmt, topic), query


def test_a_type_in_another_languages_plural_is_read_by_its_stem():
    """A held-out German program (bench/data/dba2025.xml): "Podiumsdiskussionen am
    ersten Tag" searched "Podiumsdiskussionen" as a topic; German plurals add "-en",
    "-e", an umlaut, not an "s"."""
    kinds = ["Vortrag"] * 8 + ["Podiumsdiskussion", "Führung", "Führung", "Lesung"]
    talks = [
        Talk(title=f"Punkt {i}", abstract="Dinge.", format=f, language="de")
        for i, f in enumerate(kinds)
    ]
    v = Vocab.from_talks(talks)
    assert understand("Podiumsdiskussionen am Freitag", v).filters.format == "Podiumsdiskussion"
    assert understand("Führungen durch das Archiv", v).filters.format == "Führung"
    assert understand("Lesungen", v).filters.format == "Lesung"
    # the same words in a program with no German talk: English rules only, no limit
    english = Vocab.from_talks([Talk(title=t.title, format=t.format) for t in talks])
    assert understand("Podiumsdiskussionen", english).filters.format is None
    assert understand("Lesung", english).filters.format == "Lesung"  # as spelt: always


def test_another_word_of_a_types_stem_is_no_type():
    """Review: "neural networks" was read as the type "Networking", "breaking changes"
    as "Break", "trained models" as "Training", "Vortragende" as "Vortrag"."""
    kinds = ["Talk"] * 8 + ["Networking", "Break", "Training", "Discussion", "Vortrag"]
    talks = [
        Talk(title=f"t{i}", format=f, language="de" if f == "Vortrag" else "en")
        for i, f in enumerate(kinds)
    ]
    v = Vocab.from_talks(talks)
    for query in (
        "neural networks",
        "breaking changes",
        "trained models",
        "discussing technical debt",
        "Vortragende",
    ):
        assert understand(query, v).filters.format is None, query
    assert understand("trainings on monday", v).filters.format == "Training"
    assert understand("discussions", v).filters.format == "Discussion"


def test_a_type_most_talks_have_or_a_generic_one_is_no_limit():
    v = Vocab.from_talks(_talks())
    assert understand("talks about rust", v).filters.format is None
    many = Vocab.from_talks([Talk(title="t", format="devroom")] * 3 + [Talk(title="u")])
    assert understand("devroom talks", many).filters.format is None


def test_a_type_filter_finds_it_whatever_its_separators(tmp_path):
    lines = [
        {
            "title": f"Item {i}",
            "abstract": "Things.",
            "type": f,
            "start": "2031-12-27T10:00:00+01:00",
            "room": "Ada",
        }
        for i, f in enumerate(TYPES)
    ]
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    home = tmp_path / "home"
    ingest([path], home, HashingEmbedder())
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        hits = kb.answer("lightning talks", 20).hits
        assert sorted(h.talk.format for h in hits) == ["lightning_talk", "lightning_talk"]
        from talkbase.core.filters import Filters

        assert len(kb.allowed(Filters(format="Lightning Talk")) or []) == 2


def test_rooms_of_several_words_or_accents_are_rooms():
    """Issue 37: "the Chaos-West Bühne", "OIO stage" were not read as rooms."""
    start = datetime(2031, 12, 27, 10, tzinfo=UTC)
    rooms = ["Chaos-West Bühne", "OIO Stage", "Ada", "Saal 1", "Hall Zuse"]
    v = Vocab.from_talks(
        [
            Talk(title=f"t{i}", abstract="about hacking", room=r, start=start)
            for i, r in enumerate(rooms)
        ]
    )
    for query, room in (
        ("talks on the Chaos-West Bühne", "Chaos-West Bühne"),
        ("in the chaos west buhne", "Chaos-West Bühne"),
        ("on the chaos-west stage", "Chaos-West Bühne"),
        ("whats on the OIO stage", "OIO Stage"),
        ("talks at Zuse", "Hall Zuse"),
        ("in Ada", "Ada"),
        ("talks in Saal 1 saturday", "Saal 1"),
    ):
        assert understand(query, v).filters.room == room, query
    assert understand("hacking", v).filters.room is None
    assert understand("stage fright", v).filters.room is None  # a room word alone is none


def test_rooms_and_languages_said_with_the_programs_own_words():
    """The held-out German/English/Dutch program (bench/data/dba2025.xml): "im
    Lichthof" was no room (only "in"/"at" cued one), "Große Halle" left "Große" in the
    topic where abstracts say "große", and Dutch "in het Engels" was no language."""
    start = datetime(2031, 9, 24, 10, tzinfo=UTC)
    talks = [
        Talk(
            title=f"Vortrag {i}",
            abstract="Große Bestände im Lichthof der Bibliothek.",
            room=room,
            language=lang,
            start=start,
        )
        for i, (room, lang) in enumerate(
            [("Lichthof", "de"), ("Große Halle", "de"), ("Hörsaal A", "en"), ("Raum 2.14", "nl")]
        )
    ]
    v = Vocab.from_talks(talks)
    u = understand("im Lichthof: was gibt es zu Provenienz", v)
    assert u.filters.room == "Lichthof"
    assert understand("Lichthof Geschichte", v).filters.room is None  # a word of abstracts
    u = understand("talks in the Große Halle", v)
    assert (u.filters.room, u.topic) == ("Große Halle", "")
    u = understand("lezingen over webarchivering in het Engels", v)
    # ("lezingen" is "talks": no topic word; lexicon.TALK_NOUNS)
    assert (u.filters.language, u.topic) == ("en", "over webarchivering")
    # English's own article names no language: "the English track" stays words
    assert understand("in the English track", v).filters.language is None

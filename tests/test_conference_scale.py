"""Search at conference scale (issue 22), on real FOSDEM 2024 titles, tracks, rooms
and speakers: track chips, housekeeping sessions, typo correction, speaker names.
Mostly pure functions of a `Vocab`; what is said back about limits the program does
not hold is tested on the real program, ingested with the hashing encoder."""

from __future__ import annotations

import pytest

from index.evaluate import Judged, load_judgments, ndcg_at, recall_at, slot_key
from index.search.evidence.answer import Answer
from index.search.read.understand import Vocab, understand
from index.search.read.vocab import correct, suggest
from ingest.housekeeping import asks_for_housekeeping, is_housekeeping
from tests.conftest import ROOT

TRACKS = [
    "Go devroom",
    "Modern Email devroom",
    "Python Devroom devroom",
    "Rust devroom",
    "Mozilla devroom",
    "Testing and Continuous delivery devroom",
    "Kernel devroom",
    "FOSS on Mobile Devices devroom",
]


def fosdem_vocab() -> Vocab:
    v = Vocab.from_talks([])
    from index.search.read.vocab import word_tuple

    v.tracks = {t: word_tuple(t) for t in TRACKS}
    v.rooms = {word_tuple(r): r for r in ("UB2.252A (Lameere)", "UD2.218A", "K.3.401")}
    v._add_room_names()
    for name in ("Cheuk Ting Ho", "Stéphane Graber", "Lennart Poettering"):
        v._add_speaker(name)
    v.words = frozenset({"kubernetes", "operators", "thunderbird", "android", "raspberry", "pi"})
    return v


def test_devroom_named_in_words_is_a_track_chip():
    u = understand("talks in the Go devroom about testing", fosdem_vocab())
    assert u.filters.track == "Go devroom" and u.topic == "testing"
    (chip,) = u.chips
    assert chip.label == "track: Go devroom"
    assert u.without(chip) == "talks about testing"


def test_track_variants():
    v = fosdem_vocab()
    assert understand("security talks in the Modern Email devroom", v).filters.track == (
        "Modern Email devroom"
    )
    assert understand("Python track", v).filters.track == "Python Devroom devroom"
    assert understand("the Rust room", v).filters.track == "Rust devroom"
    assert understand("in the Mozilla dev-room", v).filters.track == "Mozilla devroom"
    assert understand("talks in the kernel devrooms", v).filters.track == "Kernel devroom"


def test_no_track_when_the_words_name_none():
    v = fosdem_vocab()
    assert understand("talks in the Haskell devroom", v).filters.track is None
    assert understand("escape room puzzles", v).filters.track is None
    assert understand("Rust talks on Saturday morning", v).filters.track is None


def test_room_by_code_or_name():
    v = fosdem_vocab()
    assert understand("talks in UB2.252A", v).filters.room == "UB2.252A (Lameere)"
    assert understand("what is on in Lameere", v).filters.room == "UB2.252A (Lameere)"


def test_housekeeping_from_real_titles():
    for title in (
        "Welcome to the Modern Email DevRoom 💌",
        "Opening Railways and Open Transport devroom",
        "Closing Railways and Open Transport devroom",
        "Open Source Firmware, BMC and Bootloader devroom - outro",
        "Confidential Computing devroom welcome",
        "Community DevRoom Welcoming Remarks Day 1",
        "Welcome to the GCC dev room",
    ):
        assert is_housekeeping(title), title
    for title in (
        "Welcome to Nix!",  # graded a newcomers' talk
        "[JMAP] Intro to Ltt.rs a JMAP client for Android",
        "SemVer in the Rust ecosystem: breakage, tooling, and edge cases",
        'From "Free-Lunch" to Dog-Fooding: A Culinary Journey in Crafting IaC',
    ):
        assert not is_housekeeping(title), title
    assert is_housekeeping("Lunch") and is_housekeeping("Anything", "break")
    assert asks_for_housekeeping("welcome session of the Go devroom")
    assert not asks_for_housekeeping("security talks in the Modern Email devroom")


def test_breaks_and_openings_in_other_languages_are_housekeeping():
    for title in (
        "Kaffeepause",
        "Mittagspause",
        "Pause café",
        "Pause-café",
        "Déjeuner",
        "Pausa café",
        "Comida",
        "Pausa caffè",
        "Pranzo",
        "Koffiepauze",
        "Registrierung",
        "Accueil",
        "Apertura",
    ):
        assert is_housekeeping(title), title
    assert is_housekeeping("Anything", "Pausa")  # a format that names a break
    for title in (
        "Pause and resume training jobs",
        "Comida rápida y software libre",
        "La chiusura dei progetti open source",
        "Apertura dei dati pubblici",
    ):
        assert not is_housekeeping(title), title
    assert asks_for_housekeeping("wann ist die Mittagspause")
    assert asks_for_housekeeping("a che ora è il pranzo")
    assert not asks_for_housekeeping("pause and resume training")


def test_typos_are_corrected():
    v = fosdem_vocab()
    s = suggest("kuberentes operators", v)
    assert s == {"kuberentes": "kubernetes"}
    assert correct("kuberentes operators", s) == "kubernetes operators"
    assert correct("thunderbrid on android", suggest("thunderbrid on android", v)) == (
        "thunderbird on android"
    )
    u = understand("raspbery pi projects", v)
    answer = Answer(u, [], suggestions=suggest(u.topic, v), corrected=True)
    assert answer.searched_instead == "raspberry pi projects"
    assert answer.notes()[-1] == (
        "Showing results for raspberry pi projects — search instead for raspbery pi projects"
    )
    assert answer.to_dict()["corrected"] == "raspberry pi projects"
    assert "did_you_mean" in answer.to_dict()


def test_speaker_names_as_a_unit():
    v = fosdem_vocab()
    u = understand("talks by Cheuk Ting Ho", v)
    assert u.filters.speaker == "Cheuk Ting Ho" and not u.topic
    assert "ting" in v.names_words  # never "corrected" to "tang"
    assert understand("Stephane Graber", v).filters.speaker == "Stéphane Graber"
    assert understand("talks by L. Poettering", v).filters.speaker == "Poettering"


def test_fosdem_judgments_by_slot(tmp_path):
    path = tmp_path / "q.json"
    path.write_text(
        '[{"query": "q", "kind": "typo", "relevant": [{"title": "Hedy", "day": "2024-02-03",'
        ' "start": "10:00", "room": "K", "grade": 2}, {"title": "Hedy", "day": "2024-02-04",'
        ' "start": "10:00", "room": "K", "grade": 1}]}]'
    )
    (j,) = load_judgments(path)
    assert isinstance(j, Judged) and j.by == "slot" and j.kind == "typo"
    first = slot_key("Hedy", "2024-02-03", "10:00")
    assert j.relevant[first] == 2
    assert recall_at([first], j.relevant, 5, graded=True) == 1.0
    assert ndcg_at([slot_key("Hedy", "2024-02-04", "10:00")], j.relevant) < 0.5


@pytest.mark.model
def test_the_app_searches_a_typo_corrected_and_offers_the_words_as_typed(demo_home, monkeypatch):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("TALKBASE_HOME", str(demo_home))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["q"] = "distribted chekpointing"
    at.run()
    assert not at.exception, at.exception
    notes = " ".join(h.value for h in at.get("html") if 'class="tb-why"' in h.value)
    assert "Showing results for" in notes and "checkpointing" in notes
    (instead,) = [b for b in at.button if b.key == "instead"]
    assert "distribted chekpointing" in instead.label
    instead.click()
    at.run()
    assert not at.exception and at.session_state["literal"] is True
    assert not [b for b in at.button if b.key == "instead"]


@pytest.mark.parametrize(
    ("query", "said", "topic"),
    [
        ("talks on Wednesday", "No talks on Wednesday at FOSDEM 2024: showing all days.", ""),
        (
            "Rust talks on Wednesday",
            "No talks on Wednesday at FOSDEM 2024: showing all days.",
            "Rust",
        ),
        ("Rust talks on 5 Feb", "No talks on Mon 05 Feb at FOSDEM 2024: showing all days.", "Rust"),
        ("rust on day 3", "No talks on day 3 at FOSDEM 2024: showing all days.", "rust"),
        (
            "Rust talks in room K.9.999",
            "No talks in room K.9.999 at FOSDEM 2024: showing all rooms.",
            "Rust",
        ),
    ],
)
def test_a_day_or_room_the_program_lacks_is_said_back_not_applied(fosdem_kb, query, said, topic):
    answer = fosdem_kb.answer(query)
    assert said in answer.notes()
    assert not answer.understood.filters.active()
    # the words stay words to rank by (a talk may be about "Friday"), unless all there is
    assert answer.understood.said_back_only == (topic == "")
    assert answer.understood.label == ""  # no chip of a limit set
    assert len(answer.hits) == 10  # every day's (room's) talks, not an empty filter
    if topic:
        assert any("rust" in h.talk.title.lower() for h in answer.hits[:3])


def test_a_day_the_program_holds_is_a_filter_and_says_nothing(fosdem_kb):
    answer = fosdem_kb.answer("Rust talks on Sunday")
    assert answer.understood.filters.day == "Sun" and answer.notes() == []
    assert {h.talk.start.strftime("%a") for h in answer.hits if h.talk.start} == {"Sun"}


def test_morning_is_when_a_talk_starts_on_the_real_program(fosdem_kb):
    """ "Saturday morning" holds the Rust devroom's 11:40-12:10 talk (it starts in the
    morning), and no talk that starts at noon or later; "before 12:00" (how a talk
    ends) still leaves it out."""
    u = understand("Rust talks on Saturday morning", fosdem_kb.vocab)
    assert u.filters.starts_before == "12:00" and u.filters.before is None
    hits = fosdem_kb.search("Rust talks on Saturday morning", k=50)
    titles = {h.talk.title for h in hits}
    assert "The plan for gccrs" in titles
    assert all(h.talk.start.strftime("%a") == "Sat" for h in hits)
    assert all(h.talk.start.hour < 12 for h in hits)
    ended = fosdem_kb.search("Rust talks on Saturday before 12:00", k=50)
    assert "The plan for gccrs" not in {h.talk.title for h in ended}
    assert ended and all((h.talk.end or h.talk.start).strftime("%H:%M") <= "12:00" for h in ended)


FOSDEM_EVENT = """<?xml version="1.0" encoding="UTF-8"?>
<schedule><conference><title>FOSDEM 2024</title></conference>
<day index="1" date="2024-02-03"><room name="J.1.106">
<event id="10528"><start>10:30</start><duration>01:00</duration><room>J.1.106</room>
<title>Creative Coding with TurtleStitch</title><subtitle></subtitle>
<track>FOSS Educational Programming Languages devroom</track><type>devroom</type>
<language>en</language><url>https://fosdem.org/2024/schedule/event/turtlestitch/</url>
<abstract>&lt;p&gt;Turtlestitch is based on a browser-based educational programming
language (Snap!) to generate patterns for embroidery machines. It is easy to use.&lt;/p&gt;
</abstract><description></description>
<persons><person id="1774">Pauline Maas</person></persons></event>
<event id="10566"><start>11:40</start><duration>01:00</duration><room>J.1.106</room>
<title>MicroBlocks</title><track>FOSS Educational Programming Languages devroom</track>
<language>en</language><abstract></abstract><description></description>
<persons><person id="1">Someone</person></persons></event>
</room></day></schedule>"""


def test_field_notes_are_kept_but_never_quoted_or_embedded():
    """Every FOSDEM 2024 talk has the note Language: en; its "en" (and a URL) was a
    sentence of each talk: embedded, and quotable as why a talk matched."""
    from index.build.texts import sentence_hashes
    from ingest.detect import parse_text
    from ingest.text import talk_sentences

    _fmt, talks, _warnings = parse_text(FOSDEM_EVENT, "fosdem2024.xml")
    stitch, blocks = talks
    assert dict(stitch.notes)["Language"] == "en" and "URL" in dict(stitch.notes)
    assert talk_sentences(stitch) == [
        "Turtlestitch is based on a browser-based educational programming language "
        "(Snap!) to generate patterns for embroidery machines.",
        "It is easy to use.",
    ]
    assert talk_sentences(blocks) == ["MicroBlocks"]  # no prose: the title, as before
    assert len(sentence_hashes([stitch, blocks], "separate")) == 3


def test_go_is_a_word_of_the_index_and_a_verb_only_in_questions(fosdem_kb):
    """DuckDB's English stopwords hold "go": a base built before this indexed no
    talk by it, so "Go talks" shared no word with the Go devroom."""
    from index.search.rank import lexical

    assert "go" not in fosdem_kb.bm25.stopwords and fosdem_kb.bm25.doc_freq("go") > 0
    a = fosdem_kb.answer("Go generics on Saturday", 10)
    by_words = [h for h in a.hits if h.why.match and "go" in h.why.matched_terms]
    assert len(by_words) >= 3 and all("Go" in (h.talk.track or "") for h in by_words[:3])
    assert lexical.lexical_query("where should I go for security") == "should for security"
    assert lexical.lexical_query("Go for beginners") == "Go for beginners"


def test_a_word_standing_for_a_phrase_weighs_no_more_than_the_phrase(fosdem_kb):
    """One FOSDEM 2024 talk writes "opensource": asked as an alternative spelling of
    "open source", that rare word outweighed every talk saying "open source"."""
    from index.search.rank import wordparts

    index = fosdem_kb.bm25
    alts = wordparts.alternatives("open source AI", fosdem_kb.vocab.words)
    assert alts == [("opensource", ("open", "source"))]
    (weight,) = wordparts.alternative_weights(index, alts).values()
    assert index.idf("opensource") * weight == pytest.approx(
        index.idf("open") + index.idf("source")
    )
    assert weight < 1
    first = fosdem_kb.search("what does open source AI actually mean", 3, mode="lexical")
    # first was "The API Landscape: mapping the 2000+ API and opensource tooling"
    assert "opensource" not in first[0].talk.title.lower()
    assert all("open source" in f"{h.talk.title} {h.talk.abstract}".lower() for h in first)
    # a word the query does not hold is no cap: "cudagraphs" asked as "cuda graphs" keeps its weight
    assert wordparts.alternative_weights(index, [("cuda", ("cudagraphs",))]) == {}


def test_a_numeronym_asks_for_the_word_it_stands_for(fosdem_kb):
    """FOSDEM 2024 writes "K8s" in four talks and "Kubernetes" in many more."""
    from index.search.rank import wordparts

    v = fosdem_kb.vocab
    assert wordparts.numeronyms("k8s", v.words, v.counts) == ["kubernetes"]
    assert wordparts.numeronyms("kubernetes", v.words) == []  # (BM25 would count both)
    assert wordparts.numeronyms("e2e", v.words, v.counts) == []  # a word of its own
    hits = fosdem_kb.search("k8s operators", 5, mode="lexical")
    (found,) = [h for h in hits if h.talk.title.startswith("Kubernetes Operators")]
    assert "k8s" not in f"{found.talk.title} {found.talk.abstract}".lower()
    assert found.why.matched_terms == ("operators", "kubernetes")


def _rooms_vocab(*rooms: str, language: str = "en") -> Vocab:
    from talkbase.core.records import Talk

    return Vocab.from_talks(
        Talk(title=f"t{k}", abstract="a", room=room, language=language, id=k)
        for k, room in enumerate(rooms)
    )


@pytest.mark.parametrize(
    ("query", "room"),
    [
        ("talks in room 2 on Thursday", "Sala 2"),
        ("room 12", "Sala 12"),
        ("sala 20", "Sala 20"),
        ("im Saal 3", "Sala 3"),
        ("Aula Magna", "Aula Magna"),
        ("talks about room acoustics", None),  # no number after the word for a room
        ("2", None),  # a number alone is no room
        ("room 5", None),  # no room's name ends in 5
    ],
)
def test_a_numbered_room_is_named_by_any_word_for_a_room_and_its_number(query, room):
    v = _rooms_vocab("Sala 2", "Sala 12", "Sala 20", "Sala 3", "Aula Magna", language="es")
    assert understand(query, v).filters.room == room


@pytest.mark.parametrize("query", ["in Salle 2", "dans la salle 2", "room 2", "au Royal"])
def test_a_room_is_named_by_the_last_part_of_its_name(query):
    v = _rooms_vocab("Cinéma Le Royal – Salle 2", "Grand Théâtre", "Salle Lumière", language="fr")
    u = understand(query, v)
    assert u.filters.room == "Cinéma Le Royal – Salle 2" and u.topic == "", u.label


def test_numbered_rooms_are_told_apart_and_codes_read_as_before():
    v = _rooms_vocab("Room 1", "Room 10", "Hall B", "Auditorium A", "H.1302 (Depage)", "K.3.201")
    assert understand("Room 1", v).filters.room == "Room 1"
    assert understand("room 10 tomorrow", v).filters.room == "Room 10"
    assert understand("in hall B", v).filters.room == "Hall B"
    assert understand("talks in H.1302", v).filters.room == "H.1302 (Depage)"
    assert understand("room K.3.201", v).filters.room == "K.3.201"
    assert understand("a room a beginner can find", v).filters.room is None  # "a" is no letter


@pytest.mark.parametrize(
    "query",
    [
        # a stage's number or letter is a phase, never a room's
        "stage 2 breast cancer",
        "stage 3 melanoma treatment",
        "CKD stage 3 sessions",
        "stage 1 hypertension",
        "Stage B heart failure",
        "stage A heart failure",
        "patients in stage 2",
        "stage 1",
        # the base's own rooms are called "Room", "Hall", "Auditorium": no other's
        "hall 2",
        "auditorium 1",
        "Room A",
        "in room B",
        "Hall A",
        "sala 1",
        # a word for a room and a number that stand as no room
        "sala 2 patients",
    ],
)
def test_a_number_after_a_stage_or_another_of_the_bases_room_words_names_no_room(query):
    v = _rooms_vocab("Room 1", "Room 2", "Room 3", "Room 10", "Hall B", "Auditorium A")
    assert understand(query, v).filters.room is None, understand(query, v).label


def test_a_stage_word_names_no_lettered_room():
    v = _rooms_vocab("ルーム A", "ルーム C", language="ja")
    assert understand("Stage C", v).filters.room is None
    assert understand("in room C", v).filters.room == "ルーム C"


def test_no_other_word_for_a_room_where_the_base_calls_its_rooms_several_ways():
    v = _rooms_vocab("ルーム C", "ホールA", "メインホール", language="ja")
    assert understand("hall C", v).filters.room is None  # (a hall C it has not)
    assert understand("in room C", v).filters.room is None  # (nor a "room" of that word)


@pytest.mark.parametrize(
    ("query", "rooms"),
    [
        ("in room 2 or room 3", ["Sala 2", "Sala 3"]),
        ("in room 12 or room 20", ["Sala 12", "Sala 20"]),
        ("talks in room 3 or room 12 on Thursday", ["Sala 3", "Sala 12"]),
        ("in room 2 or 3", ["Sala 2", "Sala 3"]),
        ("in room 2 and 3", ["Sala 2", "Sala 3"]),
        ("in room 2 or in room 3", ["Sala 2", "Sala 3"]),
    ],
)
def test_a_list_of_numbered_rooms_reads_every_room(query, rooms):
    v = _rooms_vocab("Sala 2", "Sala 12", "Sala 20", "Sala 3", language="es")
    u = understand(query, v)
    assert [c.value for c in u.chips if c.field == "room"] == rooms, u.label
    assert not [c for c in u.chips if c.field == "absent"], u.label

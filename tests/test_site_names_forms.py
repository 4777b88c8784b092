"""The offline site reads what its server reads of a program whose languages inflect
(docs/formats.md, "Sweep 23: what is left", the offline site; Sweep 24, siteleft): a
room, a speaker or a track said in another case ("v místnosti 102" of "Místnost 102",
"доповіді Ірини Коваленко" of "Ірина Коваленко", "Jana Nováka" of Jan Novák), a
building ("talks in building K"), a Swahili hour with its minutes ("saa 4:30 asubuhi":
10:30), and lists the talks, not none, for "not on Wednesday" where no talk is on a
Wednesday. The site read none of them: it had no speaker's full name, no forms, no
buildings, and the hour from dawn only without minutes ("saa 4:30 asubuhi" was 04:30
in the morning). The forms, the buildings and the hour are the server's own, written
by the export (index/site/export.py `names`, `_dawn`), never a second rule in
search.mjs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_site_limits import (
    NODE,
    PROGRAM,
    _node,
    _program_and_site,
    _same_on_both,
    _site_limits,
    _titles,
)

pytestmark = pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs here)")

INFLECTED = (
    "title,speaker,abstract,language,start,end,room,track\n"
    "Безпека застосунків,Ірина Коваленко,Захист застосунків.,uk,"
    "2026-11-14T09:00,2026-11-14T09:45,Зала Б,Хмарна безпека\n"
    "Машинне навчання,Олег Петренко,Моделі.,uk,"
    "2026-11-15T09:00,2026-11-15T09:45,Велика аудиторія,Дані\n"
    "Bezpečnost webu,Jan Novák,Webové aplikace.,cs,"
    "2026-11-14T15:00,2026-11-14T15:45,Místnost 102,Web\n"
    "Umělá inteligence,Jana Veselá,Modely.,cs,"
    "2026-11-15T15:00,2026-11-15T15:45,Místnost 103,Web\n"
    "Usalama,Amani Juma,Usalama wa programu.,sw,2026-11-15T10:30,2026-11-15T11:15,K.3.201,Web\n"
    "Rust for embedded devices,Ann Lee,Writing safe firmware in Rust.,en,"
    "2026-11-14T13:00,2026-11-14T13:45,K.1.105,Web\n"
    "Kafka at scale,Bob Stone,Streams.,en,2026-11-14T14:00,2026-11-14T14:45,H.2215,Web\n"
)

LONG_UNCUED = (
    "what are the most interesting things that Ann Lee has ever said about firmware in rust"
)
LONG_BY = "what are the most interesting things said by Ann Lee about firmware in rust and go"
QUESTIONS = [
    # a room said in another case, after the language's word for "in"
    "v místnosti 102",
    "webu v místnosti 102",
    "в Залі Б",
    "у Великій аудиторії",
    "Místnost 103",
    # a speaker's full name, in another case, or as written; a form two first names
    # share told apart by the surname ("Jana": Jan's, or Jana's)
    "доповіді Ірини Коваленко",
    "Олега Петренка",
    "přednášky Jana Nováka",
    "přednášky Jany Veselé",
    "Ірина Коваленко",
    "by Ann Lee",
    "Ann Lee",
    # (in a long question, a name only after "by", as the server's `person`)
    LONG_UNCUED,
    LONG_BY,
    # a building, by the letters its rooms' codes start with
    "talks in building K",
    "the K building",
    "in the K building",
    "rust in building H",
    "building Z",
    "block chain",
    # a Swahili hour counted from dawn with its minutes
    "saa 4:30 asubuhi",
    "usalama saa 4:30 asubuhi",
    "saa 4:30",
    "baada ya saa 9:30",
    "saa 2:15 usiku",
    "saa 12:00",
    "saa 15:00",
]


@pytest.fixture(scope="module")
def inflected(tmp_path_factory):
    """A program in Ukrainian, Czech, Swahili and English, rooms with building codes."""
    yield from _program_and_site(tmp_path_factory, "inflected", INFLECTED)


def test_the_site_reads_names_in_another_case_buildings_and_dawn_minutes_as_its_server(
    inflected,
):
    kb, site = inflected
    server = _same_on_both(kb, site, QUESTIONS)
    # (the server reads them: the list is no list of nothing read)
    assert server["v místnosti 102"]["rooms"] == ["Místnost 102"]
    assert server["в Залі Б"]["rooms"] == ["Зала Б"]
    assert server["у Великій аудиторії"]["rooms"] == ["Велика аудиторія"]
    assert server["доповіді Ірини Коваленко"]["speaker"] == "Ірина Коваленко"
    assert server["Олега Петренка"]["speaker"] == "Олег Петренко"
    assert server["přednášky Jana Nováka"]["speaker"] == "Jan Novák"
    assert server["přednášky Jany Veselé"]["speaker"] == "Jana Veselá"
    assert server[LONG_UNCUED]["speaker"] is None and server[LONG_BY]["speaker"] == "Ann Lee"
    assert server["talks in building K"]["rooms"] == ["K.1.105", "K.3.201"]
    assert server["the K building"]["rooms"] == server["in the K building"]["rooms"]
    assert server["rust in building H"]["rooms"] == ["H.2215"]
    assert server["building Z"]["rooms"] == server["block chain"]["rooms"] == []
    assert server["saa 4:30 asubuhi"]["at"] == server["saa 4:30"]["at"] == "10:30"
    assert server["baada ya saa 9:30"]["after"] == "15:30"
    assert server["saa 2:15 usiku"]["at"] == "20:15"
    assert server["saa 12:00"]["at"] == "12:00" and server["saa 15:00"]["at"] == "15:00"
    # the site lists those talks: the room's, the speaker's, the building's
    room, person, building, hour = _titles(
        site, ["v místnosti 102", "доповіді Ірини Коваленко", "talks in building K", "saa 4:30"]
    )
    assert room["titles"] == ["Bezpečnost webu"] and room["said"] == ["room Místnost 102"]
    assert person["titles"] == ["Безпека застосунків"]
    assert building["titles"] == ["Rust for embedded devices", "Usalama"]
    assert building["said"] == ["building K"]
    assert hour["titles"] == ["Usalama"]
    # a surname alone in another case after "by": hers (the server's filter holds the
    # surname, "Коваленко"; the site's her name, as for any "by" and a surname)
    from index.search.read.understand import understand

    said = understand("by Коваленка", kb.vocab)
    assert [c.label for c in said.chips] == ["speaker: Ірина Коваленко"]
    (surname,) = _titles(site, ["by Коваленка"])
    assert surname["titles"] == ["Безпека застосунків"]
    assert surname["said"] == ["by Ірина Коваленко"]


def test_the_site_reads_a_track_in_another_case_and_leaves_out_a_building(inflected):
    from index.search.read.understand import understand

    kb, site = inflected
    asks = [
        "Хмарної безпеки в суботу",
        "Хмарної безпеки track",
        "rust except building K",
        "not in building K",
    ]
    body = (
        f"const qs = {json.dumps(asks)};"
        "console.log(JSON.stringify(qs.map(q => { const l = engine.readLimits(q).limits;"
        " return [l.track, l.not.flatMap(n => n.rooms).sort()]; })));"
    )
    offline = dict(zip(asks, _node(site, body), strict=True))
    server = {}
    for q in asks:
        u = understand(q, kb.vocab)
        left = sorted({f.room for f in u.excluded_limits if f.room})
        server[q] = [u.filters.track, left]
    assert server["Хмарної безпеки в суботу"] == ["Хмарна безпека", []]
    assert server["Хмарної безпеки track"] == ["Хмарна безпека", []]
    assert server["rust except building K"] == [None, ["K.1.105", "K.3.201"]]
    assert offline == server


def test_the_site_lists_the_talks_for_a_weekday_said_back_with_its_words_kept(inflected):
    kb, site = inflected
    asks = ["not on Wednesday", "rust not on Wednesday", "talks not on Wednesday"]
    for q in asks:  # (the server: its words the topic, every talk listed, the nearest)
        answer = kb.answer(q)
        assert answer.understood.topic and not answer.understood.said_back_only
        assert len(answer.hits) == len(kb.talks)
    alone, rust, talks = _titles(site, asks)
    said = "No talks on Wednesday at program: showing all days."
    assert alone["note"] == rust["note"] == talks["note"] == said
    assert len(alone["titles"]) == len(talks["titles"]) == len(kb.talks)
    assert rust["titles"][0] == "Rust for embedded devices" and len(rust["titles"]) == len(kb.talks)
    # (they follow the matches as the nearest, as the server sets them apart)
    body = (
        "const r = engine.search('rust not on Wednesday', null, {}, 20);"
        "console.log(JSON.stringify(r.hits.map(h => h.match ?? null)));"
    )
    marks = _node(site, body)
    assert marks[0] is not False and set(marks[1:]) == {False}


def test_the_language_after_a_word_for_talks_is_one_rule_the_export_reads(
    tmp_path_factory, monkeypatch
):
    """The export writes the words for talks a language is said after and before from
    the reader's own rule (understand.py `talks_before_language`,
    `talks_after_language`), not a copy of its line: a change there reaches the site."""
    from index.search.read import understand as reader

    monkeypatch.setattr(reader, "talks_before_language", lambda asked: frozenset({"reihe"}))
    monkeypatch.setattr(reader, "talks_after_language", lambda asked: frozenset({"folge"}))
    for kb, site in _program_and_site(tmp_path_factory, "onerule", PROGRAM):
        meta = json.loads((Path(site) / "data" / "meta.json").read_text(encoding="utf-8"))
        languages = meta["reading"]["languages"]
        assert languages["after_noun"] == ["reihe"] and languages["before"] == ["folge"]
        asks = ["kernel reihe German", "kernel German folge"]
        assert [reader.understand(q, kb.vocab).filters.language for q in asks] == ["de", "de"]
        assert [lim["language"] for lim in _site_limits(site, asks)] == ["de", "de"]

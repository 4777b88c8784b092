"""How long a talk is, as attendees ask it: "short talks", "long talks", "30 minute
talks", "under half an hour", "45 minutes or less" read as the filters
`max_minutes` / `min_minutes` (CLI `--max-minutes`, `--min-minutes`); words that
only look like a length ("long term support", "in 30 minutes") stay what they were.
Pure functions of a `Vocab`, then the filters on the real FOSDEM 2024 program and
through the CLI."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest

from index.search.limits import relax
from index.search.limits.filters import Filters, to_sql
from index.search.read.lengthwords import LONG_MINUTES, SHORT_MINUTES
from index.search.read.understand import Vocab, understand
from talkbase.cli import main
from talkbase.core.errors import BadQuery
from tests.conftest import weekend_vocab


@pytest.fixture(scope="module")
def v() -> Vocab:
    return weekend_vocab(2024, 2, 3)


@pytest.mark.parametrize(
    ("query", "most", "least", "topic"),
    [
        ("short talks about databases", SHORT_MINUTES, None, "databases"),
        ("quick talks on sunday", SHORT_MINUTES, None, ""),
        ("long talks about compilers", None, LONG_MINUTES, "compilers"),
        ("30 minute talks about Kubernetes", 33, 27, "Kubernetes"),
        ("50-minute talks", 55, 45, ""),
        ("hour-long talks", 66, 54, ""),
        ("talks lasting 25 minutes", 27, 23, ""),
        ("a 2 hour workshop on kicad", 132, 108, "kicad"),
        ("talks shorter than 20 minutes", 19, None, ""),
        ("talks under half an hour about Rust", 29, None, "Rust"),
        ("half hour talks on rust", 33, 27, "rust"),
        ("talks up to 15 min", 15, None, ""),
        ("45 minutes or less", 45, None, ""),
        ("talks of at least an hour", None, 60, ""),
        ("talks over 40 minutes about security", None, 41, "security"),
    ],
)
def test_a_length_in_words_is_a_filter(v, query, most, least, topic):
    u = understand(query, v)
    wanted = (str(most) if most else None, str(least) if least else None)
    assert (u.filters.max_minutes, u.filters.min_minutes) == wanted
    assert u.topic.replace("workshop on ", "") == topic
    length = [c for c in u.chips if c.field in ("max_minutes", "min_minutes")]
    assert len(length) == 1  # one chip; relaxing drops every limit on length
    kind = next(k for k in relax.KINDS if length[0].field in k)
    dropped = relax.without(u, frozenset(kind))
    assert (dropped.filters.max_minutes, dropped.filters.min_minutes) == (None, None)


@pytest.mark.parametrize(
    "query",
    [
        "long term support",
        "short-lived containers",
        "the short history of unix",
        "what's on in 30 minutes",
        "talks in the next hour",
        "Python 3.11 talks",
    ],
)
def test_words_that_only_look_like_a_length_are_none(v, query):
    u = understand(query, v)
    assert u.filters.max_minutes is None and u.filters.min_minutes is None


@pytest.mark.parametrize("value", ["abc", "0", "-5", "30.5", "99999999"])
def test_a_length_filter_that_is_no_number_of_minutes_is_refused(value):
    with pytest.raises(BadQuery, match="--max-minutes wants a number of minutes"):
        to_sql(Filters(max_minutes=value))


def test_short_talks_on_the_real_program(fosdem_kb):
    a = fosdem_kb.answer("short talks about databases", 10)
    assert a.understood.filters.max_minutes == str(SHORT_MINUTES) and not a.relaxed
    assert len(a.hits) == 10
    assert all(h.talk.duration_minutes <= SHORT_MINUTES for h in a.hits)
    every = fosdem_kb.answer("talks about databases", 30)
    assert any(h.talk.duration_minutes > SHORT_MINUTES for h in every.hits)


def test_a_length_no_talk_has_is_the_first_limit_dropped(fosdem_kb):
    a = fosdem_kb.answer("3 hour talks about Kubernetes on Sunday", 5)
    assert a.relaxed and a.dropped == ("3 h long",)
    assert a.hits and all(h.talk.start.strftime("%a") == "Sun" for h in a.hits)


@pytest.mark.model
def test_the_cli_takes_a_length(demo_home, monkeypatch, capsys):
    monkeypatch.setenv("TALKBASE_HOME", str(demo_home))
    code = main(["search", "training", "--max-minutes", "30", "--json", "-n", "20"])
    out, err = capsys.readouterr()
    assert code == 0, err
    hits = json.loads(out)
    assert hits
    for hit in hits:
        start, end = (
            datetime.fromisoformat(hit["start_iso"]),
            datetime.fromisoformat(hit["end_iso"]),
        )
        assert end - start <= timedelta(minutes=30)
    code = main(["search", "training", "--max-minutes", "soon"])
    out, err = capsys.readouterr()
    assert code != 0 and "--max-minutes wants a number of minutes like 30" in err


def _base(language: str, formats: tuple[str, ...] = (), speakers: tuple[str, ...] = ()) -> Vocab:
    """A base whose talks are in `language`, of the session types `formats`, given by
    `speakers`, with a few words of substance in their abstracts."""
    from talkbase.core.records import Speaker, Talk

    abstract = "métrages records covid start circuit film history tradition termijn einführung"
    talks = [
        Talk(title=f"t{k}", abstract=abstract, language=language, format=f, id=k)
        for k, f in enumerate(formats or (None,))
    ]
    talks += [
        Talk(title="s", abstract="a", language=language, id=100 + k, speakers=(Speaker(name),))
        for k, name in enumerate(speakers)
    ]
    return Vocab.from_talks(talks)


@pytest.mark.parametrize(
    ("language", "query", "most", "least"),
    [
        ("nl", "korte talks", SHORT_MINUTES, None),
        ("nl", "talks korter dan 15 minuten", 14, None),
        ("nl", "talks langer dan een uur", None, 61),
        ("de", "kurze Vorträge", SHORT_MINUTES, None),
        ("de", "Kurzvorträge", SHORT_MINUTES, None),
        ("de", "Vorträge kürzer als eine halbe Stunde", 29, None),
        ("en", "long workshops", None, LONG_MINUTES),
        ("es", "charlas cortas", SHORT_MINUTES, None),
        ("es", "ponencias largas sobre traducción", None, LONG_MINUTES),
        ("es", "talleres de más de una hora", None, 61),
        ("it", "interventi brevi", SHORT_MINUTES, None),
        ("it", "sessione corta", SHORT_MINUTES, None),
        ("it", "sessioni lunghe", None, LONG_MINUTES),
        ("fr", "exposé court", SHORT_MINUTES, None),
        ("fr", "séances de moins d'une heure", 59, None),
        ("fr", "films de moins de 100 minutes", 99, None),
    ],
)
def test_a_length_in_other_languages_words_is_a_filter(language, query, most, least):
    u = understand(query, _base(language))
    wanted = (str(most) if most else None, str(least) if least else None)
    assert (u.filters.max_minutes, u.filters.min_minutes) == wanted, u.label


def test_a_length_word_one_word_before_a_talk_where_that_word_is_a_session_types():
    u = understand("short oral presentations on the last day", _base("en", ("Oral communication",)))
    assert u.filters.max_minutes == str(SHORT_MINUTES), u.label


def test_japanese_short_and_long_talks():
    ja = _base("ja")
    assert understand("短いトーク", ja).filters.max_minutes == str(SHORT_MINUTES)
    assert understand("長いトーク", ja).filters.min_minutes == str(LONG_MINUTES)


@pytest.mark.parametrize(
    ("language", "query"),
    [
        ("fr", "short films"),
        ("fr", "courts métrages"),
        ("de", "Langzeitarchivierung"),
        ("fr", "moins d'argent"),
        ("fr", "Supreme Court talks"),
        # a length word and a word for a talk with another word between: a topic
        ("en", "long COVID talks"),
        ("en", "quick start workshop"),
        ("en", "short circuit talks"),
        ("en", "brief history talk"),
        ("fr", "short film sessions"),
        ("de", "lange Tradition Vortrag"),
        ("nl", "lange termijn sessies"),
        # another language's length words in a base whose talks are not in it
        ("en", "go lang talks"),
        ("en", "lang sessions"),
        ("en", "kort talks"),
        ("en", "session corto"),
        ("en", "talks Largo"),
        ("en", "workshop court records"),
        ("es", "kurze Vorträge"),
        # German's bare "kurz" before a noun is no adjective
        ("de", "Kurz Vortrag"),
        ("de", "Sebastian Kurz Vortrag"),
        # an adjective said after its noun, before a word of substance
        ("fr", "séances longs métrages"),
        ("fr", "séance courts métrages"),
        ("es", "sesión cortos"),  # (short films: a plural adjective has a plural noun)
        # English's "over" before another language's number ("over een uur": in an hour)
        ("nl", "lezingen over een uur"),
        # a capitalised length word is a name; Italian "corte" is a court
        ("it", "talk Corte costituzionale"),
        ("it", "Corte dei conti"),
        ("it", "workshop corte"),
        ("it", "intervento corte dei conti"),
        # an adjective of a language said after its noun only after its own nouns
        ("fr", "workshop court"),
        ("fr", "workshop court records"),
        ("fr", "talks court of appeal"),
        # in the number of its noun, by the language's plural ending
        ("it", "intervento brevi"),
        ("it", "sessioni corta"),
        ("es", "charlas corta"),
    ],
)
def test_other_languages_words_that_only_look_like_a_length_are_none(language, query):
    u = understand(query, _base(language, ("Oral communication", "Workshop")))
    assert u.filters.max_minutes is None and u.filters.min_minutes is None, u.label


@pytest.mark.parametrize(
    ("language", "query", "name"),
    [
        ("en", "Matthias Lange talks", "Matthias Lange"),
        ("de", "Eva Lange Workshops", "Eva Lange"),
        ("de", "Lange talks", "Eva Lange"),
    ],
)
def test_a_speakers_name_is_no_length(language, query, name):
    u = understand(query, _base(language, speakers=(name,)))
    assert u.filters.min_minutes is None and u.label == f"speaker: {name}", u.label

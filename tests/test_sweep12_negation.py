"""Limits left out and lengths as an outside tester read them wrong in sweep 12: a
negation in a Spanish or Portuguese relative clause applied the limit it negated
(Q1), "not in English on Friday" left out Friday's English talks only (Q2), an
exclusion naming the program's own track or language became a phrase no talk holds
(Q5), "menos de 20 minutos" left out "de 20 minutos" (Q6), and "short talks under 20
minutes" applied the looser of its two lengths (Q13). Pure functions of a `Vocab`
of a small program in Spanish, Portuguese and English."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from index.search.read.understand import Vocab, understand
from talkbase.core.records import Speaker, Talk

MADRID = timezone(timedelta(hours=2))
_ROWS = [  # (day, hour, minutes, room, type, track, language, title, speaker)
    (22, 10, 20, "Sala 2", "Comunicación", "Léxico", "es", "Corpus del español", "Ana Ruiz"),
    (22, 11, 20, "Sala 3", "Comunicación", "Léxico", "en", "Corpus methods", "Emily Clarke"),
    (23, 10, 90, "Sala 2", "Taller", "Didáctica", "es", "Escritura académica", "Luis Gómez"),
    (23, 12, 20, "Sala 3", "Comunicación", "Didáctica", "pt", "Ensino de línguas", "Rita Sousa"),
    (24, 10, 30, "Sala 2", "Comunicación", "Léxico", "en", "Grammar teaching", "John Smith"),
    (24, 11, 60, "Sala 3", "Taller", "Didáctica", "pt", "Oficina de tradução", "Ana Costa"),
]


@pytest.fixture(scope="module")
def v() -> Vocab:
    talks = []
    for i, (d, h, m, room, kind, track, lang, title, who) in enumerate(_ROWS):
        start = datetime(2026, 10, d, h, tzinfo=MADRID)
        end = start + timedelta(minutes=m)
        talks.append(
            Talk(
                title=title,
                start=start,
                end=end,
                room=room,
                format=kind,
                track=track,
                language=lang,
                speakers=(Speaker(who),),
                id=i,
            )
        )
    return Vocab.from_talks(talks)


def _left(u) -> list[dict[str, str]]:
    return [f.active() for f in u.excluded_limits]


@pytest.mark.parametrize(
    ("query", "left"),
    [
        ("comunicaciones que no sean en inglés", {"language": "en"}),
        ("charlas que no son en inglés", {"language": "en"}),
        ("talleres que no sean el sábado", {"day": "Sat"}),
        ("comunicaciones que no sean en la sala 2", {"room": "Sala 2"}),
        ("ponencias que no sean de Emily Clarke", {"speaker": "Emily Clarke"}),
        ("sessões que não sejam em inglês", {"language": "en"}),
        ("comunicações que não são em português", {"language": "pt"}),
    ],
)
def test_a_negation_in_a_relative_clause_leaves_its_limit_out(v, query, left):
    """Q1: the verb between the negation and its limit ("no sean", "não são") made the
    limit a positive one: the talks listed were exactly those excluded."""
    u = understand(query, v)
    assert _left(u) == [left], (query, u.label, u.filters.active())
    assert not any(k in u.filters.active() for k in left), u.filters.active()
    assert not {"no", "sean", "son", "nao", "sejam", "sao"} & set(u.topic.lower().split())


@pytest.mark.parametrize(
    ("query", "day", "left"),
    [
        ("talks not in English on Friday", "Fri", {"language": "en"}),
        ("talks not in Sala 2 on Friday", "Fri", {"room": "Sala 2"}),
        ("talks not by Emily Clarke on Thursday", "Thu", {"speaker": "Emily Clarke"}),
        ("everything except talleres on Saturday", "Sat", {"format": "Taller"}),
    ],
)
def test_a_limit_with_its_own_cue_ends_what_a_negation_leaves_out(v, query, day, left):
    """Q2: "on Friday" was left out with the language ("the English talks of Friday")
    under the same label as the reading taken now."""
    u = understand(query, v)
    assert u.filters.day == day, (query, u.label)
    assert _left(u) == [left], u.label


def test_limits_left_out_together_say_so_in_their_label(v):
    """Q2: a group left out together reads apart from one left out beside one applied."""
    together = understand("except Saturday morning", v)
    assert _left(together) == [{"day": "Sat", "starts_before": "12:00"}]
    assert "not (Saturday · morning)" in together.label, together.label
    apart = understand("talks not in English on Friday", v)
    assert "not in English · Friday" in apart.label, apart.label


@pytest.mark.parametrize(
    ("query", "left", "tracks"),
    [
        ("comunicaciones salvo las de inglés", [{"language": "en"}], ()),
        ("todo salvo el léxico", [], ("Léxico",)),
        ("everything except the lexico", [], ("Léxico",)),
        ("everything except the Didáctica track", [], ("Didáctica",)),
    ],
)
def test_an_exclusion_naming_the_programs_own_value_leaves_it_out(v, query, left, tracks):
    """Q5: "salvo las de inglés" left out the phrase "las de inglés", which no talk
    holds, under a label saying it was applied."""
    u = understand(query, v)
    assert _left(u) == left, u.label
    assert tuple(u.excluded_tracks) == tracks, u.label
    assert not u.excluded, u.excluded


def test_an_excluded_phrase_makes_no_claim_about_the_talks(v):
    """R1 (review of sweep 12): a label "(no talk holds it)" was decided from the
    titles' and abstracts' words, while the exclusion tests the speakers and tracks
    too ("except Ruiz" left out Ana Ruiz's talk under it)."""
    for query, phrase in (
        ("everything except Ruiz", "Ruiz"),
        ("talks except tutorials", "tutorials"),  # (a kind no type here is of)
    ):
        u = understand(query, v)
        assert u.excluded == (phrase,), u.label
        assert "no talk holds it" not in u.label, u.label
    # "workshops" is the kind of this program's "Taller" (sweep 12, Q7): that type
    u = understand("talks except workshops", v)
    assert (u.excluded, u.label) == ((), "not format: Taller"), u.label


def test_a_track_named_bare_is_left_out_as_words(v):
    """R3: a bare word equal to a track's name is a topic word too ("the Linux kernel
    but not Rust"): the talks saying it are left out, as before; named with an article
    ("todo salvo el léxico") it is the track."""
    u = understand("everything except lexico", v)
    assert u.excluded == ("lexico",) and not u.excluded_tracks, u.label


@pytest.mark.parametrize(
    ("query", "language"),
    [
        ("charlas no solo en inglés", "en"),
        ("charlas no sólo en inglés", "en"),
        ("comunicaciones que no son solo en inglés", "en"),
        ("sessões não só em inglês", "en"),
        ("sessões que não são apenas em português", "pt"),
    ],
)
def test_not_only_never_leaves_its_limit_out(v, query, language):
    """R2: "no solo en inglés" ("not only in English") left the English talks out:
    the word for "only" hedges (`lexicon.LeaveOut.only`) and no clause bridges it."""
    u = understand(query, v)
    assert {"language": language} not in _left(u), (query, u.label)


def test_a_part_of_the_day_after_a_day_is_left_out_with_it(v):
    """R4: "in the morning" has a cue of its own, and "except Saturday in the morning"
    left out Saturday and applied the morning (the other days' mornings only)."""
    u = understand("everything except Saturday in the morning", v)
    assert _left(u) == [{"day": "Sat", "starts_before": "12:00"}], u.label
    assert not u.filters.active(), u.filters.active()


def test_days_left_out_each_on_its_own_are_labelled_so(v):
    """R5: brackets say "left out together"; "not on Thursday or Saturday" is two."""
    u = understand("talks not on Thursday or Saturday", v)
    assert _left(u) == [{"day": "Thu"}, {"day": "Sat"}], u.label
    assert "not Thursday · not Saturday" in u.label, u.label


@pytest.mark.parametrize(
    ("query", "most"),
    [
        ("comunicaciones cortas de menos de 20 minutos", 19),
        ("charlas de menos de 30 minutos", 29),
        ("sessões de menos de 1 hora", 59),
    ],
)
def test_a_bound_of_a_length_in_the_talks_language_is_a_length(v, query, most):
    """Q6: "menos" is "except" too; before a length it is "less than"."""
    u = understand(query, v)
    assert u.filters.max_minutes == str(most), (query, u.label)
    assert not u.excluded, u.excluded


def test_a_more_than_in_the_talks_language_is_a_least_length(v):
    u = understand("talleres de más de 60 minutos", v)
    assert u.filters.min_minutes == "61", u.label


def test_two_lengths_apply_the_tighter(v):
    """Q13: "short (≤ 20 min) · ≤ 19 min" applied 20."""
    u = understand("short talks under 20 minutes", v)
    assert u.filters.max_minutes == "19", u.label
    assert understand("talks under 20 minutes that are short", v).filters.max_minutes == "19"

"""Similar talks lean on the program's own structure when a talk says little (issue
39: a one-line eBPF abstract got RISC-V, KiCad and Nix while its own devroom had 11
eBPF talks): the seed's track-mates and its speakers' other talks get a bonus that
is TRACK_WEIGHT / SPEAKER_WEIGHT for a talk with no text, shrinking to nothing at
SHORT_WORDS words. Measured on the judged programs: docs/quality.md."""

from __future__ import annotations

from dataclasses import replace

import index.search.similar as similar
from talkbase.core.records import Speaker


def test_a_short_talk_leans_on_its_track_and_speakers(fake_kb):
    seed = next(t for t in fake_kb.talks.values() if t.track)
    short = replace(seed, abstract="One line.")
    prior = similar._structure(fake_kb, short, [], None)
    mates = {t.id for t in fake_kb.talks.values() if t.track == seed.track and t.id != seed.id}
    assert mates and mates <= set(prior)
    assert all(0 < v <= similar.TRACK_WEIGHT + similar.SPEAKER_WEIGHT for v in prior.values())
    assert seed.id not in prior


def test_a_talk_that_says_enough_gets_no_lean(fake_kb):
    seed = next(t for t in fake_kb.talks.values() if t.track)
    long = replace(seed, abstract=" ".join(["word"] * similar.SHORT_WORDS))
    assert similar._structure(fake_kb, long, [], None) == {}


def test_the_lean_stays_within_a_filter(fake_kb):
    seed = next(t for t in fake_kb.talks.values() if t.track)
    short = replace(seed, abstract="", speakers=(Speaker("Nobody Known"),))
    allowed = [t.id for t in fake_kb.talks.values()][:5]
    assert set(similar._structure(fake_kb, short, [], allowed)) <= set(allowed)


def test_similar_talks_never_list_another_showing_of_the_talk(showings_kb):
    """A lab the program runs each day is one talk: its other showings are not "talks
    like it", and another lab shown three times is listed once."""
    seed = min(t.id for t in showings_kb.talks.values() if t.title == "3D printing lab")
    titles = [h.talk.title for h in showings_kb.similar(seed, 10)]
    assert "3D printing lab" not in titles
    assert titles.count("Robot lab") == 1 and len(titles) == 5, titles


def test_a_title_shown_several_times_is_told_apart_by_when(showings_kb):
    """`show "3D printing lab"` listed three ids with the same title and asked for "a
    longer title", which cannot tell them apart: each candidate now says when it is."""
    import pytest

    from talkbase.core.errors import TalkNotFound

    with pytest.raises(TalkNotFound) as caught:
        showings_kb.talk("3D printing lab")
    listed = caught.value.candidates
    assert len(listed) == 3 and len(set(listed)) == 3
    assert all("3D printing lab (" in c and "10:00" in c for c in listed), listed
    with pytest.raises(TalkNotFound) as caught:
        showings_kb.talk("Printing")  # different titles: as before, no times
    assert all("(" not in c for c in caught.value.candidates), caught.value.candidates

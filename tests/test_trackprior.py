"""The track prior (index/search/rank/trackprior.py): the talks of the tracks a hybrid
search's first talks gather in are raised, on real FOSDEM 2024 titles and tracks."""

from __future__ import annotations

import pytest

from index.search.kb import KnowledgeBase
from index.search.rank import signals, trackprior
from index.search.rank.trackprior import lift, shares

FOSDEM = "FOSDEM 2024"
RETRO = (FOSDEM, "Retrocomputing devroom")
EMBEDDED = (FOSDEM, "Embedded, Mobile and Automotive devroom")
NETWORK = (FOSDEM, "Network devroom")
CONTAINERS = (FOSDEM, "Containers devroom")

# "8-bit retro computers", fused as hybrid search fused it before the prior
# (id: title, track, score)
RETRO_QUERY = {
    1: ("Neo6502 in the Matrix - open source hardware and software", RETRO, 1.137),
    2: ("The Small Device C Compiler (SDCC)", EMBEDDED, 0.844),
    3: ("Running DOS & Unix on an 8-bit Commodore", RETRO, 0.835),
    4: ("A journey documenting the Sanco 8003 computer", RETRO, 0.711),
    5: ("Flying higher: hardware offloading with BIRD", NETWORK, 0.414),
    6: ("Introducing Incus", CONTAINERS, 0.332),
    7: ("Controlling a 6 degree Robot Arm using a 48K ZX Spectrum", RETRO, 0.297),
}


def retro() -> tuple[list[tuple[int, float]], dict[int, tuple[str, str]]]:
    scored = [(tid, score) for tid, (_, _, score) in RETRO_QUERY.items()]
    return scored, {tid: track for tid, (_, track, _) in RETRO_QUERY.items()}


def title(tid: int) -> str:
    return RETRO_QUERY[tid][0]


def test_a_track_the_first_talks_gather_in_lifts_its_other_talks():
    scored, tracks = retro()
    prior = shares(scored, tracks)
    assert max(prior, key=lambda t: prior[t]) == RETRO
    assert sum(prior.values()) == pytest.approx(1.0)
    lifted = [title(tid) for tid, _ in lift(scored, tracks)]
    assert lifted[0] == title(1)
    spectrum = lifted.index(title(7))
    assert spectrum < lifted.index(title(6)) and spectrum < lifted.index(title(5))
    # a retrocomputing talk now ranks above the C compiler of the embedded devroom
    assert lifted.index(title(3)) < lifted.index(title(2))


def test_no_talk_gains_more_than_the_bonus_and_a_track_outside_the_window_nothing():
    scored, tracks = retro()
    before = dict(scored)
    after = dict(lift(scored, tracks, bonus=0.2, window=4))
    best = scored[0][1]
    for tid, score in after.items():
        assert before[tid] <= score <= before[tid] + 0.2 * best + 1e-12
    # the first four talks are retro and embedded: the network and containers talks gain nothing
    assert after[5] == before[5] and after[6] == before[6]
    assert after[7] > before[7]


def test_without_tracks_or_bonus_the_list_stays_as_it_was():
    scored, tracks = retro()
    assert lift(scored, {}) == scored
    assert lift(scored, tracks, bonus=0.0) == scored
    assert lift([], tracks) == []
    untracked = {tid: tracks[tid] for tid in (5, 6)}  # the first talks have none
    assert shares(scored, untracked, window=4) == {}
    assert lift(scored, untracked, window=4) == scored


def test_talks_without_a_track_count_towards_the_whole_but_lend_nothing():
    scored, tracks = retro()
    some = {tid: t for tid, t in tracks.items() if tid != 1}  # the best talk has no track
    prior, full = shares(scored, some), shares(scored, tracks)
    assert sum(prior.values()) < 1.0 and prior[RETRO] < full[RETRO]
    assert dict(lift(scored, some))[1] == scored[0][1]  # it gains nothing


def test_tracks_of_two_conferences_are_two_tracks():
    scored = [(1, 1.0), (2, 0.9), (3, 0.5), (4, 0.5)]
    tracks = {
        1: ("PyTorch Conference 2025", "Keynotes"),
        2: ("PyTorch Conference 2025", "Keynotes"),
        3: ("FOSDEM 2024", "Keynotes"),
        4: ("PyTorch Conference 2025", "Keynotes"),
    }
    lifted = dict(lift(scored, tracks, window=2))
    assert lifted[4] > lifted[3] == 0.5


def top_tracks(kb: KnowledgeBase, query: str, mode: str = "hybrid") -> list[str]:
    return [h.talk.track or "" for h in kb.search(query, 10, mode=mode)]


def test_a_hybrid_search_of_the_real_program_weighs_tracks(fosdem_kb, monkeypatch):
    query = "tools for writing technical documentation"
    docs = "Tool the docs devroom"
    with_prior = top_tracks(fosdem_kb, query)
    lexical, dense = top_tracks(fosdem_kb, query, "lexical"), top_tracks(fosdem_kb, query, "dense")
    monkeypatch.setattr(trackprior, "TRACK_BONUS", 0.0)
    without = top_tracks(fosdem_kb, query)
    assert with_prior.count(docs) > without.count(docs)
    # the single-signal modes fuse nothing: the prior leaves them as they were
    assert top_tracks(fosdem_kb, query, "lexical") == lexical
    assert top_tracks(fosdem_kb, query, "dense") == dense


def test_each_ranking_names_the_query_it_answered(fosdem_kb):
    from index.search.rank.ranking import Query

    query = Query(fosdem_kb, "unikernels", "unikernels", None, 10, 50)
    rankings = signals.rank(query, signals.chosen("hybrid"))
    assert all(r.query is query for r in rankings.values())
    fused = signals.fuse(signals.chosen("hybrid"), rankings)
    assert {tid for tid, _ in fused} == {t for r in rankings.values() for t, _ in r.scored}


@pytest.mark.parametrize("fusion", ["rrf", "relative"])
def test_only_scaled_fusion_weighs_tracks(fosdem_kb, monkeypatch, fusion):
    monkeypatch.setenv("TALKBASE_FUSION", fusion)
    query = "tools for writing technical documentation"
    before = [h.talk.id for h in fosdem_kb.search(query, 10)]
    monkeypatch.setattr(trackprior, "TRACK_BONUS", 0.0)
    assert [h.talk.id for h in fosdem_kb.search(query, 10)] == before
    monkeypatch.setenv("TALKBASE_FUSION", "scaled")
    without = [h.talk.id for h in fosdem_kb.search(query, 10)]
    monkeypatch.setattr(trackprior, "TRACK_BONUS", 0.2)
    assert [h.talk.id for h in fosdem_kb.search(query, 10)] != without


def test_the_track_table_reads_each_talks_track_once(fosdem_kb):
    first = trackprior.table(fosdem_kb)
    assert trackprior.table(fosdem_kb) is first  # read once per open base
    ids = fosdem_kb.talks.ids.tolist()
    talks = {t.id: t for t in fosdem_kb.talks.get_many(ids)}
    got = first.of(ids + [max(ids) + 1])  # an id the base lacks has no track
    assert got == {tid: (t.conference, t.track) for tid, t in talks.items() if t.track}
    assert ("FOSDEM 2024", "Retrocomputing devroom") in set(got.values())
    assert first.of([]) == {}

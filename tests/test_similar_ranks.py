"""Sweep 22, attendee walk #3: "Similar talks" gave several talks the same rank,
"#21 nearest" (app) and "(meaning #21)" (CLI). The rank was the talk's place among
the nearest by the model's vectors, and a talk that the multilingual vectors or the
program's structure (a track or speaker mate) brought in from beyond them got one
past the end of that list, the same for each. Now a rank is only ever a real place
in a list, each list's ranks distinct, and a mate by structure says so instead."""

from __future__ import annotations

import random
from pathlib import Path

from appviews import cards
from talkbase.core.records import Speaker, Talk, Why


def _program(path: Path) -> None:
    rng = random.Random(7)
    words = [f"w{n}x" for n in range(400)]
    rows = ["title,speaker,abstract,start,track"]
    # the seed: no abstract (its track leans in), and its track mates share no word
    rows.append("Quasar lattices,Ada,,2030-01-01T09:00,Alpha")
    for n in range(4):
        rows.append(
            f"{' '.join(rng.sample(words, 3))},Mate {n},"
            f"{' '.join(rng.sample(words, 12))},2030-01-03T1{n}:00,Alpha"
        )
    for n in range(150):
        rows.append(
            f"{' '.join(rng.sample(words, 3))},Other {n},"
            f"{' '.join(rng.sample(words, 12))},2030-01-02T{8 + n % 10:02d}:{n % 6}0,Beta"
        )
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


def test_similar_ranks_are_real_places_never_one_past_the_list(
    tmp_path: Path, hashing_embedder
) -> None:
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    _program(tmp_path / "p.csv")
    ingest([tmp_path / "p.csv"], tmp_path / "kb", hashing_embedder)
    with KnowledgeBase(tmp_path / "kb", hashing_embedder) as kb:
        (seed,) = [t for t in kb.talks.values() if t.title == "Quasar lattices"]
        hits = kb.similar(seed, 10)
        order = [tid for tid, _ in kb.vectors.search(kb.vectors.vector(seed.id), 41)]
    near = [t for t in order if t != seed.id][:40]  # the nearest `similar` ranks (4 * k)
    beyond = [h for h in hits if h.talk.id not in near]
    assert len(beyond) >= 2 and all(h.talk.track == "Alpha" for h in beyond)  # track mates
    dense = [h.why.dense_rank for h in hits if h.why.dense_rank is not None]
    assert len(dense) == len(set(dense)), dense  # never the same rank twice (was 41, 41)
    for h in hits:
        if h.talk.id in near:
            assert h.why.dense_rank == near.index(h.talk.id) + 1
        else:  # brought by the program's structure: no rank by meaning to give
            assert h.why.ranks == {}, (h.talk.title, h.why.ranks)


def test_the_app_says_what_brought_a_similar_talk() -> None:
    seed = Talk(title="Quasar lattices", id=1, track="Alpha", speakers=(Speaker("Ada"),))
    mate = Talk(title="Other", id=2, track="Alpha", speakers=(Speaker("Bo"),))
    said = cards.similar_reason(seed, mate, Why(ranks={}), shared=())
    assert said == "Close in meaning to this talk (same track)"
    assert "#3 nearest)" in cards.similar_reason(seed, mate, Why(dense_rank=3), shared=())
    far = Why(ranks={"multilingual": 2})
    assert "(#2 nearest in any language)" in cards.similar_reason(seed, mate, far, shared=())

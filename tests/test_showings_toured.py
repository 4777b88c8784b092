"""The same talk given at another conference of one base (sweep 16, F3): a speaker
gives "Procedural dungeon generation" at a Seoul summit (with an abstract) and in
Madrid (a CSV with no abstracts). `similar` listed the Madrid copy first among talks
like the Seoul one and `recommend` offered it to whoever saved the Seoul one: it
counted as another talk, not as another showing (index/search/showings.py)."""

from __future__ import annotations

import csv
from datetime import datetime
from pathlib import Path

import pytest

from index.search import recommend as rec
from index.search import showings
from talkbase.core.records import Speaker, Talk

KIM = (Speaker(name="Kim Min-jun", affiliation="Nexon"),)
DUNGEONS = "How we generate endless dungeons using wave function collapse in Unity."
TITLE = "Procedural dungeon generation with wave function collapse"


def talk(tid: int, conference: str, title: str = TITLE, **kw: object) -> Talk:
    fields: dict[object, object] = {"speakers": KIM, "abstract": DUNGEONS}
    fields.update(kw)
    start = datetime(2026, 11, 14, 9 + tid)
    return Talk(title=title, id=tid, start=start, conference=conference, **fields)  # type: ignore[arg-type]


def test_the_same_talk_at_another_conference_is_a_showing_of_it() -> None:
    seoul = talk(1, "Seoul GameDev Summit 2026")
    madrid = talk(2, "Games Madrid 2026", title=TITLE.lower() + "!", abstract="")
    lisbon = talk(3, "Games Lisbon 2026")  # the same abstract word for word
    assert showings.collapse([madrid, lisbon], held=[seoul]) == [False, False]
    assert len(set(showings.labels([seoul, madrid, lisbon]))) == 1


def test_another_talk_of_one_title_at_another_conference_stays_apart() -> None:
    seoul = talk(1, "Seoul GameDev Summit 2026")
    cases = [
        talk(2, "Games Madrid 2026", speakers=(Speaker(name="Laura Gil"),), abstract=""),
        talk(3, "Games Madrid 2026", speakers=()),  # nobody named: can't tell
        talk(4, "Games Madrid 2026", abstract="Dungeons, again: what we learnt in a year."),
        talk(5, "Games Madrid 2026", title="Keynote", abstract=""),  # a title many bear
        talk(6, "Games Madrid 2026", title="Procedural dungeon generation, part 2"),
    ]
    assert showings.collapse(cases, held=[seoul]) == [True] * len(cases)
    assert showings.collapse(
        [talk(7, "Games Madrid 2026", title="Keynote")],
        held=[talk(8, "Seoul GameDev Summit 2026", title="Keynote")],
    ) == [True]


def test_a_conference_that_keeps_two_talks_of_the_title_apart_keeps_them_apart() -> None:
    """Two sessions of one title by one speaker at one conference, no abstract to tell
    them one (a talk and its sequel under one name?): a tour joins neither of them."""
    seoul = talk(1, "Seoul GameDev Summit 2026")
    monday, tuesday = (talk(i, "Games Madrid 2026", abstract="") for i in (2, 3))
    assert len(set(showings.labels([seoul, monday, tuesday]))) == 3
    assert len(set(showings.labels([monday, tuesday]))) == 2  # as before: told apart


OTHERS = [
    ("Shader graph tricks for stylized water", "Jung Hae-won", "Stylized water and foam."),
    ("Netcode for fighting games", "Lee Ji-ho", "Rollback netcode and input delay."),
    ("Level design for dungeon crawlers", "Oh Seung-woo", "Rooms, keys and dungeon loops."),
]


@pytest.fixture
def tour(tmp_path: Path, hashing_embedder):
    """Two conferences in one base: the Seoul summit with abstracts, Madrid's with none,
    the same talk by the same speaker in both."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    docs = []
    for conference, rows in (
        ("Seoul GameDev Summit 2026", [(TITLE, "Kim Min-jun (Nexon)", DUNGEONS), *OTHERS]),
        (
            "Games Madrid 2026",
            [(TITLE, "Kim Min-jun (Nexon)", ""), ("Diseño de niveles", "Laura Gil", "")],
        ),
    ):
        doc = tmp_path / f"{conference.split()[-2].lower()}.csv"
        with doc.open("w", newline="", encoding="utf-8") as f:
            out = csv.writer(f)
            out.writerow(["title", "speaker", "abstract", "conference", "start", "end"])
            for n, row in enumerate(rows):
                out.writerow(
                    [*row, conference, f"2026-11-14T{9 + n:02d}:00", f"2026-11-14T{9 + n:02d}:50"]
                )
        docs.append(doc)
    ingest(docs, tmp_path / "home", hashing_embedder)
    kb = KnowledgeBase(tmp_path / "home", hashing_embedder)
    assert len({t.conference for t in kb.talks.values()}) == 2
    yield kb
    kb.close()


def _ids(kb) -> tuple[int, int]:
    both = sorted((t for t in kb.talks.values() if t.title == TITLE), key=lambda t: t.abstract)
    assert len(both) == 2 and both[0].conference != both[1].conference
    return both[1].id, both[0].id  # (with its abstract, without)


def test_similar_never_lists_the_same_talk_at_another_conference(tour) -> None:
    seoul, madrid = _ids(tour)
    for seed, copy in ((seoul, madrid), (madrid, seoul)):
        found = [h.talk.id for h in tour.similar(seed, 10)]
        assert found and copy not in found, found


@pytest.mark.parametrize("fits", [False, True])
def test_recommend_never_offers_the_saved_talk_given_at_another_conference(tour, fits) -> None:
    seoul, madrid = _ids(tour)
    found = [h.talk.id for h in rec.recommend(tour, [seoul], k=10, fits=fits)]
    assert found and madrid not in found, found

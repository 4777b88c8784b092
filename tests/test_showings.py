"""Showings under a labelled title (sweep 15, F5): a festival opened with "Eröffnung:
Der Himmel über Berlin" and showed "Der Himmel über Berlin" again on Saturday, one
director, one abstract. `similar` listed the opening showing first among films like
the Saturday one, and `recommend` offered it to whoever saved the other, though the
README promises never another showing of a saved talk (index/search/showings.py)."""

from __future__ import annotations

import csv
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from index.search import recommend as rec
from index.search import showings
from talkbase.core.records import Speaker, Talk

WENDERS = (Speaker(name="Wim Wenders"),)
ANGELS = "Zwei Engel wandern durch das geteilte Berlin. Restaurierte Fassung."


def film(tid: int, title: str, **kw: object) -> Talk:
    fields: dict[object, object] = {"speakers": WENDERS, "abstract": ANGELS}
    fields.update(kw)
    start = datetime(2026, 2, 13 + tid % 3, 19 + tid % 4)
    return Talk(title=title, id=tid, start=start, **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "title",
    [
        "Eröffnung: Der Himmel über Berlin",
        "Workshop: Der Himmel über Berlin",
        "Open Air | Der Himmel über Berlin",
        "Wiederholung – Der Himmel über Berlin",
        "[Encore] Der Himmel über Berlin",
        "【再演】Der Himmel über Berlin",
        "Gala-Abend: eröffnung: Der Himmel über Berlin",
    ],
)
def test_a_title_with_a_label_before_it_is_the_same_title(title: str) -> None:
    assert showings.labelled(title, "Der Himmel über Berlin")
    assert not showings.labelled("Der Himmel über Berlin", title)  # (the other way round)


@pytest.mark.parametrize(
    ("title", "other"),
    [
        ("Part 2: Der Himmel über Berlin", "Der Himmel über Berlin"),  # a series' next part
        ("Teil II – Der Himmel über Berlin", "Der Himmel über Berlin"),
        ("第二部：Der Himmel über Berlin", "Der Himmel über Berlin"),
        ("Day 1: Der Himmel über Berlin", "Der Himmel über Berlin"),
        ("Wenders Der Himmel über Berlin", "Der Himmel über Berlin"),  # no label set off
        ("Self-hosting Kubernetes", "hosting Kubernetes"),  # a dash inside a word
        ("Opening: Welcome", "Welcome"),  # a title many sessions may bear
        ("Der Himmel über Berlin: Restaurierte Fassung", "Der Himmel über Berlin"),
        ("Eröffnung: Der Himmel über Berlin", "Himmel über Berlin"),  # not the whole title
        ("Intro to Rust: Part 1", "Intro to Rust: Part 2"),
    ],
)
def test_a_numbered_part_or_a_mere_word_in_common_is_no_label(title: str, other: str) -> None:
    assert not showings.labelled(title, other)


def test_the_opening_showing_under_a_label_is_a_showing_of_the_film() -> None:
    opening = film(1, "Eröffnung: Der Himmel über Berlin")
    saturday = film(2, "Der Himmel über Berlin")
    encore = film(3, "Encore: Der Himmel über Berlin")
    assert showings.collapse([opening, encore], held=[saturday]) == [False, False]
    assert showings.collapse([opening, saturday, encore]) == [True, False, False]
    # joined through the bare title: the two labelled showings are one film too
    assert len(set(showings.labels([opening, saturday, encore]))) == 1


def test_a_labelled_title_is_another_talk_unless_speakers_and_abstract_agree() -> None:
    bare = film(1, "Der Himmel über Berlin")
    cases = [
        film(2, "Eröffnung: Der Himmel über Berlin", abstract="Ein anderer Film."),
        film(3, "Eröffnung: Der Himmel über Berlin", speakers=(Speaker(name="Peter Falk"),)),
        film(4, "Eröffnung: Der Himmel über Berlin", abstract=""),  # nothing said: can't tell
        film(5, "Part 2: Der Himmel über Berlin"),  # one series' abstract for every part
        film(6, "Der Himmel über Berlin: Part 2"),
        film(7, "Masterclass", abstract=ANGELS),  # the same boilerplate, another title
    ]
    assert showings.collapse(cases, held=[bare]) == [True] * len(cases)
    assert len(set(showings.labels([bare, *cases]))) == len(cases) + 1


def test_labels_keep_the_showings_of_one_title_and_number_in_order() -> None:
    ada = (Speaker(name="Ada L"),)
    lab = film(1, "Soldering Lab", speakers=ada, abstract="Solder.")
    again = film(2, "soldering lab!", speakers=ada, abstract="Solder.")
    other = film(3, "Soldering Lab", abstract="Something else.")
    empty = [film(i, "Lightning talks", speakers=ada, abstract="") for i in (4, 5)]
    assert showings.labels([lab, other, again, *empty]) == [0, 1, 0, 2, 3]


FILMS = [
    ("Eröffnung: Der Himmel über Berlin", "Wim Wenders", ANGELS, "2026-02-13T19:00"),
    ("Der Himmel über Berlin", "Wim Wenders", ANGELS, "2026-02-14T20:00"),
    ("Part 2: Paris, Texas", "Wim Wenders", "Ein Mann wandert aus der Wüste.", "2026-02-14T15:00"),
    ("Paris, Texas", "Wim Wenders", "Ein Mann wandert aus der Wüste.", "2026-02-13T15:00"),
    ("Nosferatu", "F. W. Murnau", "Ein Vampir reist nach Wisborg.", "2026-02-14T23:00"),
    ("Metropolis", "Fritz Lang", "Eine Stadt der Maschinen und Arbeiter.", "2026-02-15T11:00"),
    ("Lola rennt", "Tom Tykwer", "Zwanzig Minuten durch Berlin, dreimal.", "2026-02-15T14:00"),
]


@pytest.fixture
def festival(tmp_path: Path, hashing_embedder):
    """A festival whose opening night shows a film again under "Eröffnung:"; the
    second part of another film has that film's abstract (`FILMS`)."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    doc = tmp_path / "festival.csv"
    with doc.open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["title", "speaker", "abstract", "start", "end"])
        for *row, start in FILMS:  # each film runs an hour and a half
            end = datetime.fromisoformat(start) + timedelta(minutes=90)
            out.writerow([*row, start, end.isoformat(timespec="minutes")])
    ingest([doc], tmp_path / "home", hashing_embedder)
    kb = KnowledgeBase(tmp_path / "home", hashing_embedder)
    yield kb
    kb.close()


def _id(kb, title: str) -> int:
    return next(t.id for t in kb.talks.values() if t.title == title)


@pytest.mark.parametrize("seed", ["Der Himmel über Berlin", "Eröffnung: Der Himmel über Berlin"])
def test_similar_never_lists_the_film_shown_again_under_a_label(festival, seed: str) -> None:
    titles = [h.talk.title for h in festival.similar(_id(festival, seed), 10)]
    assert not [t for t in titles if "Himmel" in t], titles
    assert "Part 2: Paris, Texas" in titles and "Paris, Texas" in titles  # a part is no showing


@pytest.mark.parametrize("fits", [False, True])
@pytest.mark.parametrize("seed", ["Der Himmel über Berlin", "Eröffnung: Der Himmel über Berlin"])
def test_recommend_never_offers_the_saved_film_shown_again_under_a_label(
    festival, seed: str, fits: bool
) -> None:
    hits = rec.recommend(festival, [_id(festival, seed)], k=10, fits=fits)
    titles = [h.talk.title for h in hits]
    assert titles and not [t for t in titles if "Himmel" in t], titles


def test_recommend_offers_a_labelled_showing_once_and_a_part_on_its_own(festival) -> None:
    """Saving another film: the film shown twice comes once, under either title; a
    film and its second part are two talks."""
    hits = rec.recommend(festival, [_id(festival, "Lola rennt")], k=10)
    titles = [h.talk.title for h in hits]
    assert sum("Himmel" in t for t in titles) == 1, titles
    assert "Part 2: Paris, Texas" in titles and "Paris, Texas" in titles, titles

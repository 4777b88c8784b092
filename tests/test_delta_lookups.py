"""What a change (index/build/delta.py) reads of the base to merge a few talks gives
what a whole build gives: the rooms of only the documents it merges records of, but
all of their records (a room named only by a talk it leaves alone still says two
documents name rooms alike), and the stored titles with a session format after the
title or without it, looked up through the title without the format's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from index.build import delta
from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from index.store import disk as store
from ingest.merge.titles import FORMAT_KEYS
from ingest.text import generic_title

HEAD = "uid,title,speakers,date,start,end,room,conference\n"
PROGRAM = (  # uid, title, speaker, start, end, room
    ("dc-1", "Rust async runtimes", "Ana Lima", "09:00", "09:45", "Hall A"),
    ("dc-2", "eBPF tracing in production", "Bo Chen", "10:00", "10:45", "Hall B"),
    ("dc-3", "Kubernetes operators", "Dmitri Ivanov", "12:00", "12:45", "Hall B"),
)


def _csv(path: Path, rows) -> Path:
    lines = [f"{u},{t},{s},2026-10-20,{a},{b},{r},DevConf" for u, t, s, a, b, r in rows]
    path.write_text(HEAD + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def _talks(home: Path, embedder) -> dict[str, tuple[str | None, str | None, int]]:
    """title -> (room, format, number of sources) of each talk of the base."""
    with KnowledgeBase(home, embedder) as kb:
        return {t.title: (t.room, t.format, len(t.sources)) for t in kb.talks.values()}


def _one_by_one(tmp_path: Path, embedder, first: Path, second: Path) -> Path:
    home = tmp_path / "one-by-one"
    ingest([first], home, embedder)
    ingest([second], home, embedder)
    assert len(store.require(home).manifest.sentence_chunks) == 2  # a change
    return home


def _rebuilt(home: Path, embedder, last: Path) -> dict[str, tuple[str | None, str | None, int]]:
    """The talks of a whole build of the same documents, ingested when they were
    (`last`, the document ingested last, given again as it is)."""
    ingest([last], home, embedder, rebuild=True)
    assert len(store.require(home).manifest.sentence_chunks) == 1  # a whole build
    return _talks(home, embedder)


def test_a_room_named_only_by_a_talk_the_change_leaves_alone_still_counts(
    tmp_path, hashing_embedder
):
    """update.csv moves one talk to "Hall A", a room the program names only for a
    talk the update does not list: the two documents name rooms alike, so the newer
    room is kept, by a change as by a whole build."""
    program = _csv(tmp_path / "program.csv", PROGRAM)
    moved = PROGRAM[1][:5] + ("Hall A",)
    update = _csv(tmp_path / "update.csv", [moved])
    home = _one_by_one(tmp_path, hashing_embedder, program, update)
    changed = _talks(home, hashing_embedder)
    assert changed["eBPF tracing in production"] == ("Hall A", None, 2)
    assert changed == _rebuilt(home, hashing_embedder, update)


def test_a_room_of_another_vocabulary_moves_no_talk_in_a_change(tmp_path, hashing_embedder):
    """The same with a room the program never names: no room is shared, the talk stays."""
    program = _csv(tmp_path / "program.csv", PROGRAM)
    update = _csv(tmp_path / "update.csv", [PROGRAM[1][:5] + ("Saal C",)])
    home = _one_by_one(tmp_path, hashing_embedder, program, update)
    changed = _talks(home, hashing_embedder)
    assert changed["eBPF tracing in production"] == ("Hall B", None, 2)
    assert changed == _rebuilt(home, hashing_embedder, update)


@pytest.mark.parametrize(
    ("said", "joined"),
    [
        ("Graph databases in practice (Workshop)", True),
        ("Graph databases in practice (Lightning Talk)", True),  # "talk" ends "lightning talk"
        ("Graph databases in practice (Taller)", True),
        ("Graph databases in practice (Workshop) (Tutorial)", False),  # a format, then another
    ],
)
@pytest.mark.parametrize("marked_first", [True, False])
def test_a_change_joins_the_stored_title_with_or_without_its_format(
    tmp_path, hashing_embedder, said: str, joined: bool, marked_first: bool
) -> None:
    """(The documents are named in the order they are ingested: a whole build takes
    the records of stored documents by name, and the first gives the title.)"""
    plain = ("g1", "Graph databases in practice", "Tom Becker", "12:00", "12:45", "Saal 2")
    marked, bare = [(plain[0] + "x", said, *plain[2:])], [plain]
    first = _csv(tmp_path / "a.csv", marked if marked_first else bare)
    second = _csv(tmp_path / "b.csv", bare if marked_first else marked)
    home = _one_by_one(tmp_path, hashing_embedder, first, second)
    changed = _talks(home, hashing_embedder)
    assert len(changed) == (1 if joined else 2)
    assert changed == _rebuilt(home, hashing_embedder, second)


def format_keys(key: str) -> set[str]:
    """The relation the incremental build looks partners up by, written out over every
    format's name (49 keys a title before `_unmarked`): the title's key with a format's
    name after it or before it ("panel x", "Panel: X"), or without the one it ends or
    begins with, none generic. The reference `_unmarked` must relate exactly as. (The
    leading name was added to `_unmarked` after this reference was written; the cases
    met it only when a sampled format's name led a stem that is a format's name too:
    "ワークショッフ ワークショッフ atelier".)"""
    out = {f"{key} {f}" for f in FORMAT_KEYS} | {f"{f} {key}" for f in FORMAT_KEYS}
    out |= {key[: -len(f) - 1] for f in FORMAT_KEYS if key.endswith(f" {f}")}
    out |= {key[len(f) + 1 :] for f in FORMAT_KEYS if key.startswith(f"{f} ")}
    return {k for k in out if k and not generic_title(k)}


def _relation_cases() -> list[str]:
    stems = ["graph databases", "x", "intro", "lunch", "x lightning", "go 1 2", "ワークショッフ"]
    ends = sorted(FORMAT_KEYS)
    keys = set(stems)
    for s in stems:
        keys |= {f"{s} {e}" for e in ends}
        keys |= {f"{s} {e} {f}" for e in ends[::7] for f in ends[::5]}
    return sorted(keys)


def test_the_lookup_without_the_format_relates_the_titles_format_keys_relates():
    """`delta._unmarked` on both sides finds exactly the stored titles that
    `format_keys` (the relation before it) lists: the title with a format's name after it, or without it."""
    keys = _relation_cases()
    for k in keys:
        mine = {
            s
            for s in keys
            if s and not generic_title(s) and (s in delta._unmarked(k) or k in delta._unmarked(s))
        }
        assert mine == format_keys(k) & set(keys), k


def test_documents_merge_in_name_order_whatever_order_they_came_in(tmp_path, hashing_embedder):
    """Two documents name one talk with and without its session format: the title the
    talk keeps is the one of the document whose name sorts first, whether the documents
    came one by one, together in any order, or were built again (`--rebuild`)."""
    marked = _csv(
        tmp_path / "marked.csv",
        [
            PROGRAM[0],
            (
                "gd-1",
                "Graph databases in practice (Workshop)",
                "Eva Ruiz",
                "14:00",
                "15:30",
                "Hall A",
            ),
        ],
    )
    bare = _csv(
        tmp_path / "bare.csv",
        [("gd-2", "Graph databases in practice", "Eva Ruiz", "14:00", "15:30", "Hall A")],
    )
    home = _one_by_one(tmp_path, hashing_embedder, marked, bare)
    one_by_one = _talks(home, hashing_embedder)
    assert "Graph databases in practice" in one_by_one  # bare.csv sorts first
    together = tmp_path / "together"
    ingest([marked, bare], together, hashing_embedder)
    assert _talks(together, hashing_embedder) == one_by_one
    assert _rebuilt(home, hashing_embedder, bare) == one_by_one

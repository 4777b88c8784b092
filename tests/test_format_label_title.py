"""A title led by a label naming its session format (sweep 16, F10): "Mesa redonda:
restauración y ética" was stored as "restauración y ética" (format Panel), the
program's title cut short. The label still gives the format; the title is kept as
the program spells it. A base that stored the cut title keeps the talk's id when the
document is read again (its title re-described, not one talk removed and another
added), and a record of the cut title in another document is the same talk."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from index.build.ids import stable_ids
from ingest.detect import parse_text
from ingest.merge.titles import format_added
from talkbase.core.records import Speaker, Talk

HEAD = "# Jornadas 2026\n\n## Jueves, 19 de noviembre de 2026\n\n"
TITLE = "Mesa redonda: restauración y ética"


@pytest.mark.parametrize(
    ("text", "title", "fmt"),
    [
        (
            HEAD + f"- 12:00–13:00 **{TITLE}** — Inés Lara, Marcos Peña, Aula 2\n",
            TITLE,
            "Panel",
        ),
        (
            HEAD
            + "### 10:00 Keynote: The state of the art\n\nSpeakers: Ana Ortega\n\nAbout art.\n",
            "Keynote: The state of the art",
            "Keynote",
        ),
        (
            HEAD + "- 10:00–10:45 ワークショップ：Rustで作るWebサーバー — Taro Yamada, Aula 2\n",
            "ワークショップ：Rustで作るWebサーバー",
            "Workshop",
        ),
    ],
)
def test_a_format_label_before_the_title_stays_in_the_title(
    text: str, title: str, fmt: str
) -> None:
    _, talks, _ = parse_text(text, "jornadas.md")
    assert [(t.title, t.format) for t in talks] == [(title, fmt)]


def test_a_label_naming_no_format_or_a_generic_title_adds_no_format() -> None:
    assert format_added("Mesa redonda: restauración y ética", "restauración y ética") == "Panel"
    assert format_added("restauración y ética", "Taller: restauración y ética") == "Workshop"
    assert format_added("Parte 2: restauración y ética", "restauración y ética") is None
    assert format_added("Panel: Lunch", "Lunch") is None


def _talk(title: str, **kw: object) -> Talk:
    fields: dict[str, object] = {
        "speakers": (Speaker(name="Inés Lara"), Speaker(name="Marcos Peña")),
        "start": datetime(2026, 11, 19, 12),
        "end": datetime(2026, 11, 19, 13),
        "room": "Aula 2",
        "conference": "Jornadas 2026",
    }
    fields.update(kw)
    return Talk(title=title, **fields)  # type: ignore[arg-type]


def test_a_talk_stored_with_its_label_cut_off_keeps_its_id_read_again_whole() -> None:
    cut = _talk("restauración y ética", format="Panel")
    (stored,) = stable_ids([cut], set())
    whole = _talk(TITLE, format="Panel")
    assert stable_ids([whole], set(), {stored: cut}) == [stored]
    # ... and not where another talk of the program holds the cut title itself
    other = _talk("restauración y ética", room="Aula 3", start=datetime(2026, 11, 20, 9))
    ids = stable_ids([whole, other], set(), {stored: cut})
    assert ids[1] == stored and ids[0] != stored


def test_reading_again_a_document_that_cut_the_label_re_describes_the_talk(
    tmp_path: Path, hashing_embedder
) -> None:
    """A base that stored the title cut, with its format (as an earlier talkbase read
    "Panel: restauración y ética"): the document read again, the talk keeps its id
    and its whole title."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    doc, home = tmp_path / "jornadas.md", tmp_path / "home"
    block = "\n\n{}Speakers: Inés Lara, Marcos Peña\n\nRestaurar sin traicionar.\n"
    doc.write_text(
        HEAD + "### 12:00–13:00 restauración y ética" + block.format("Format: Panel\n"), "utf-8"
    )
    ingest([doc], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        ((cut, fmt),) = [(t.id, t.format) for t in kb.talks.values()]
    assert fmt == "Panel"
    doc.write_text(HEAD + "### 12:00–13:00 Panel: restauración y ética" + block.format(""), "utf-8")
    ingest([doc], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        found = [(t.id, t.title, t.format) for t in kb.talks.values()]
    assert found == [(cut, "Panel: restauración y ética", "Panel")]


@pytest.mark.parametrize("together", [True, False])
def test_a_record_of_the_title_without_its_label_is_the_same_talk(
    tmp_path: Path, hashing_embedder, together: bool
) -> None:
    """The Markdown program's "Mesa redonda: X" and a table's "X" in its slot, by its
    speakers: one talk, ingested together or the table first."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    doc, home = tmp_path / "jornadas.md", tmp_path / "home"
    doc.write_text(HEAD + f"- 12:00–13:00 **{TITLE}** — Inés Lara, Marcos Peña, Aula 2\n", "utf-8")
    csv = tmp_path / "aulas.csv"
    csv.write_text(
        "title,speaker,start,end,room,conference\n"
        "restauración y ética,Inés Lara; Marcos Peña,2026-11-19T12:00,2026-11-19T13:00,"
        "Aula 2,Jornadas 2026\n",
        encoding="utf-8",
    )
    for docs in [[doc, csv]] if together else [[csv], [doc]]:
        ingest(docs, home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        found = [(t.format, len(t.sources)) for t in kb.talks.values()]
    assert found == [("Panel", 2)]


def test_an_untimed_record_of_the_title_without_its_label_is_the_same_talk() -> None:
    """A digest's "Demo Theater: X" (no time, as digests give none) and a page's "X":
    one talk, either first, as when the digest's reader cut the label."""
    from ingest.merge import merge_talks
    from talkbase.core.records import Source

    digest = Talk(
        title="Demo Theater: OpenCLIC: Open Communication",
        speakers=(Speaker(name="Jesse Treger"),),
        format="Demo Theater",
        sources=(Source("digest.txt", "digest", "line 3", None),),
    )
    page = _talk("OpenCLIC: Open Communication", sources=(Source("page.html", "blog", "", None),))
    for records in ([digest, page], [page, digest]):
        assert [(t.format, len(t.sources)) for t in merge_talks(records)] == [("Demo Theater", 2)]

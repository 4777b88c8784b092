"""What the review of sweep 9's fixes left (docs/formats.md, "Left from the review"),
each reduced to a small document: a Hugo list page naming the programs beside it, an
Excel title merged over two rows, `<br>` between two speakers, a Sessionize tag line
of one organisation's name, "Name, Org" in one speaker cell, and a city that is a
common word in a conference's title."""

from __future__ import annotations

from pathlib import Path

from index.build.builder import Report, parse_all


def _program(heading: str, year: int) -> str:
    return (
        f"# {heading}\n\n## Friday, 4 October {year}\n\n"
        "- 09:00–09:45 Opening keynote — Ana Lima\n"
        "- 10:00–10:45 Scaling Postgres — João Souza\n"
    )


def test_a_section_list_page_does_not_name_the_programs_beside_it(tmp_path: Path) -> None:
    """Hugo's `_index.md` titled "Past programs" renamed the programs of its folder whose
    heading repeats their file's name: each became the conference "Past programs"."""
    past = tmp_path / "site" / "content" / "past"
    past.mkdir(parents=True)
    (past / "_index.md").write_text('---\ntitle: "Past programs"\n---\n\nEarlier years.\n')
    (past / "devconf2023.md").write_text(_program("devconf2023", 2023))
    (past / "rustday.md").write_text(_program("Rust Day Lisbon", 2024))
    report = Report()
    docs = parse_all([tmp_path / "site"], None, report)
    assert sorted(t.conference for d in docs for t in d.talks) == [
        "Rust Day Lisbon",
        "Rust Day Lisbon",
        "devconf2023",
        "devconf2023",
    ]
    assert not report.failed  # (the list page is told in a notice, as beside talk pages)
    assert any("_index.md" in n and "2 programs" in n for n in report.notices)


def test_a_section_list_page_still_names_its_talk_pages_beside_a_program(tmp_path: Path) -> None:
    """The talk pages of the section keep the section's name; a program beside them
    keeps its own."""
    talks = tmp_path / "content" / "talks"
    talks.mkdir(parents=True)
    (talks / "_index.md").write_text('---\ntitle: "GopherCon Lisbon 2026"\n---\n')
    (talks / "generics.md").write_text(
        '---\ntitle: "Generics in practice"\ndate: 2026-10-08T10:00:00+01:00\n'
        'duration: 45\nroom: "Auditorium 1"\nspeakers: ["Ana Lima"]\n---\n\nText.\n'
    )
    (talks / "meetup2025.md").write_text(_program("meetup2025", 2025))
    docs = parse_all([talks], None, Report())
    got = {d.name: {t.conference for t in d.talks} for d in docs}
    assert got == {"generics.md": {"GopherCon Lisbon 2026"}, "meetup2025.md": {"meetup2025"}}

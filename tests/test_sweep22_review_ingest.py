"""Sweep 22, the review of the ingest (REPORT-review #2, #4, #7, #9): a length in
hours before a zone's abbreviation states no zone, and a title row that moves the
times from the default zone says so; a CSV row of one cell too many is joined into its
title only where the cell can be no value of the column after it; a date of numbers
whose year is a Hijri one is never read as a Gregorian date; the build takes only
the store's word that a stored base is damaged."""

from __future__ import annotations

import pytest

from ingest import when
from ingest.detect import parse_text
from ingest.formats import markdown, mdparts
from tests.conftest import DIGEST

# ---- #2: "dauert 3 Stunden CET" is a length, not "all times CET" -------------------


def test_a_length_in_hours_before_a_zone_abbreviation_states_no_zone():
    text = (
        "# PyCon Lisboa 2026\n\nDer Remote-Workshop dauert 3 Stunden CET oder WET, je nach "
        "Ort.\n\n## 2026-11-14\n\n- 10:00 Rust — Ana Lima\n"
    )
    talks, _ = markdown.parse(text, "p.md", "Europe/Lisbon")
    assert [t.start.isoformat() for t in talks] == ["2026-11-14T10:00:00+00:00"]
    for line in (
        "Ein Workshop von 3 Stunden CET",
        "Workshop: 3 hours CET first",
        "Workshop: drei Stunden CET",
        "Atölye 3 saat TRT",
    ):
        assert mdparts.stated_zone([line]) is None, line
    # (all the hours, in a plural no count is written with, still state it)
    assert str(mdparts.stated_zone(["DevFest 2026 — tüm saatler TRT"])) == "Europe/Istanbul"


def test_a_title_row_s_zone_that_moves_the_times_from_the_default_is_said():
    _, talks, warnings = parse_text(
        "DevFest İstanbul 2026 — tüm saatler TRT\ntitle,speaker,date,start,room\n"
        "Rust in production,Bo Chen,2026-11-14,11:00,Room 2\n",
        "program.csv",
    )
    assert f"{talks[0].start:%H:%M%z}" == "11:00+0300"
    assert any(
        w.startswith(
            "program.csv line 1: the title above the header row states the zone Europe/Istanbul"
        )
        for w in warnings
    )


# ---- #4: a comma in an abstract or a speaker's cell is never glued onto the title ---


def _csv(header: str, rows: str) -> tuple[list, list[str]]:
    _, talks, warnings = parse_text(f"{header}\n{rows}", "program.csv")
    return [(t.title, tuple(s.name for s in t.speakers)) for t in talks], warnings


@pytest.mark.parametrize(
    ("header", "row", "title"),
    [
        (
            "title,abstract,speaker,date,start,end,room",
            "Rust basics,an intro to ownership, borrowing and lifetimes,Ana Lima,2026-11-14,"
            "10:00,10:45,Room 1\nGo,Concurrency,Bo Chen,2026-11-14,11:00,11:45,Room 2",
            "Rust basics",
        ),
        (
            "title,speaker,date,start,end,room",
            "Keynote,danah boyd, bell hooks,2026-11-14,10:00,10:45,Room 1\n"
            "Go,Bo Chen,2026-11-14,11:00,11:45,Room 2",
            "Keynote",
        ),
    ],
)
def test_a_cell_too_many_that_may_be_the_next_column_s_is_not_glued_to_the_title(
    header, row, title
):
    talks, warnings = _csv(header, row)
    assert talks[0][0] == title
    assert not any("joined" in w for w in warnings)
    assert any(w.startswith("program.csv line 2:") and "the title was cut" in w for w in warnings)


def test_a_title_cut_before_a_column_of_dates_is_joined_and_said():
    talks, warnings = _csv(
        "title,date,start,end,speaker,room",
        "Scaling Postgres, replicas and pools,2026-11-14,10:00,10:45,Ana Lima,Room 1\n"
        "Rust in production,2026-11-14,11:00,11:45,Bo Chen,Room 2",
    )
    assert talks[0] == ("Scaling Postgres, replicas and pools", ("Ana Lima",))
    assert any("line 2" in w and "joined" in w for w in warnings)


# ---- #7: a date of numbers of a Hijri year is no Gregorian date --------------------


def test_a_numeric_date_of_a_hijri_year_is_never_read_as_gregorian():
    for text in ("١٥/٠٩/١٤٤٨", "15/09/1448", "1448-09-15", "١٤٤٨/٠٩/١٥"):
        assert when.parse_date(text) is None, text
    assert when.lunar_hijri("١٥/٠٩/١٤٤٨")
    # (Persian digits write the Solar Hijri calendar's, read as before)
    assert str(when.parse_date("۱۵/۰۹/۱۴۰۴")) == "2025-12-06"
    assert not when.lunar_hijri("۱۵/۰۹/۱۴۰۴")
    _, talks, warnings = parse_text(
        "title,date,start\nOpening talk,١٥/٠٩/١٤٤٨,09:00\n", "program.csv"
    )
    assert talks[0].start is None
    assert any("line 2" in w and "lunar Hijri" in w for w in warnings)
    assert not any("dated 1448" in w for w in warnings)
    # (in ASCII digits, no calendar said: named as a Hijri one, the line too)
    _, talks, warnings = parse_text("# Conf\n\n## 15/09/1448\n\n- 10:00 Security\n", "p.md")
    assert talks[0].start is None
    assert any("line 3" in w and "a Hijri calendar (lunar or Solar)" in w for w in warnings)


# ---- #9: the build takes only the store's word that a base is damaged -------------


def test_replace_over_an_unreadable_database_starts_afresh_and_says_so(fake_home, monkeypatch):
    import duckdb

    from index.build.builder import ingest
    from index.encoders.embed import HashingEmbedder
    from index.store import tables

    def unreadable(*_: object) -> object:
        raise duckdb.IOException("the database file is damaged")

    monkeypatch.setattr(tables, "stored_documents", unreadable)
    report = ingest([DIGEST], fake_home, HashingEmbedder(), replace_all=True)
    assert any("the stored base cannot be read" in n for n in report.notices)


def test_a_runtime_error_outside_the_store_is_no_damaged_base(fake_home, monkeypatch):
    # (before, --replace took any RuntimeError for a damaged base and started afresh)
    from index.build import builder, identity
    from index.encoders.embed import HashingEmbedder

    def broken(*_: object) -> object:
        raise RuntimeError("a bug, not a damaged base")

    builder.ingest([DIGEST], fake_home, HashingEmbedder())  # (stored: read again below)
    monkeypatch.setattr(identity, "Stored", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        builder.ingest([DIGEST], fake_home, HashingEmbedder(), replace_all=True)

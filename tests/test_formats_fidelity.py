"""Fidelity on real exports (issue 11 item 11) and the real FOSDEM programs, plus the
canonical organisation stored at ingest (issue 12, organizations)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import pytest

from ingest.detect import parse_path, parse_text
from ingest.formats.registry import names as format_names
from talkbase.core.errors import InputError

SCHEDULES = Path(__file__).resolve().parents[2] / "shared" / "schedules"
FOSDEM = {"fosdem2019.xml": 775, "fosdem2024.xml": 674}


def _calendar(head: str, events: list[str]) -> str:
    body = "".join(
        f"BEGIN:VEVENT\r\nUID:u{i}\r\nDTSTART:20240203T100000\r\nSUMMARY:Talk {i}\r\n"
        f"{extra}END:VEVENT\r\n"
        for i, extra in enumerate(events)
    )
    return f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n{head}{body}END:VCALENDAR\r\n"


# ---- iCalendar ------------------------------------------------------------------------------


def test_ical_organizer_is_the_speaker_when_nothing_else_names_one() -> None:
    text = _calendar(
        "X-WR-CALNAME:DevConf 2024\r\n",
        [
            "ORGANIZER;CN=Jane Doe:mailto:jane@example.org\r\n",
            'ORGANIZER;CN="Max Muster":mailto:max@example.org\r\n',
            "ORGANIZER;CN=DevConf 2024:mailto:team@devconf.org\r\n",  # the calendar's own name
            "ORGANIZER;CN=Jane Doe:mailto:j@x\r\nATTENDEE;CN=Bo Li:mailto:bo@x\r\n",
        ],
    )
    _, talks, _ = parse_text(text, "cal.ics", "ical")
    assert [[s.name for s in t.speakers] for t in talks] == [
        ["Jane Doe"],
        ["Max Muster"],
        [],
        ["Bo Li"],
    ]


def test_ical_organizer_on_every_event_is_the_organisation() -> None:
    text = _calendar("", ["ORGANIZER;CN=Acme Events:mailto:events@acme.org\r\n"] * 3)
    _, talks, _ = parse_text(text, "cal.ics", "ical")
    assert all(t.speakers == () for t in talks)


@pytest.mark.parametrize(
    "line",
    ["X-WR-TIMEZONE:Europe/Rome", "VTIMEZONE: Europe/Rome", "X-WR-TIMEZONE;VALUE=TEXT:Europe/Rome"],
)
def test_ical_zone_named_only_by_the_calendar(line: str) -> None:
    _, talks, _ = parse_text(_calendar(line + "\r\n", [""]), "cal.ics", "ical")
    assert str(talks[0].start.tzinfo) == "Europe/Rome"
    assert talks[0].start.isoformat() == "2024-02-03T10:00:00+01:00"


# ---- tables ---------------------------------------------------------------------------------

PAPERS = (
    "title,authors,sessions,abstract\n"
    "Paper A,Ann Lee|Bob Ray,Session 1|Session 3,About A.\n"
    "Paper B,Cy Dee,Session 2,About B.\n"
)


def test_paper_list_sessions_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text(PAPERS)
    doc = parse_path(path)
    a, b = doc.talks
    assert a.track == "Session 1" and a.note("Sessions") == "Session 1, Session 3"
    assert b.track == "Session 2" and b.note("Sessions") is None


def test_a_session_column_beside_a_track_column_is_kept() -> None:
    text = "title,track,session\nPaper A,Vision,Poster Session 2\n"
    _, [talk], _ = parse_text(text, "p.csv", "csv")
    assert talk.track == "Vision" and talk.note("Sessions") == "Poster Session 2"


def test_conference_name_from_argument_column_or_file_name(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text(PAPERS)
    doc = parse_path(path)
    assert doc.conferences == ("papers",) and doc.conference_from_file_name
    doc = parse_path(path, conference="  ICLR   2020 ")
    assert doc.conferences == ("ICLR 2020",) and not doc.conference_from_file_name
    path.write_text("title,conference\nPaper A,NeurIPS 2019\n")
    assert parse_path(path).conferences == ("NeurIPS 2019",)


def test_ingest_summary_names_the_conference(tmp_path: Path, capsys, hashing_embedder) -> None:
    from index.build.builder import ingest
    from talkbase import output

    path = tmp_path / "papers.csv"
    path.write_text(PAPERS)
    report = ingest([path], tmp_path / "kb", hashing_embedder)
    output.print_report(report, argparse.Namespace(json=False))
    out = capsys.readouterr().out
    assert (
        'papers.csv: 2 talks (csv), conference "papers" (from the file name; name it with '
        "--conference NAME)" in out
    )
    report = ingest([path], tmp_path / "kb", hashing_embedder, conference="ICLR 2020")
    output.print_report(report, argparse.Namespace(json=False))
    assert 'conference "ICLR 2020"\n' in capsys.readouterr().out
    assert output.report_json(report)["documents"][0]["conferences"] == ["ICLR 2020"]


def test_cli_ingest_takes_a_conference_name() -> None:
    from talkbase.cli import parser

    args = parser().parse_args(["ingest", "papers.csv", "--conference", "ICLR 2020"])
    assert args.conference == "ICLR 2020"


# ---- organisations at ingest ----------------------------------------------------------------


def test_speakers_carry_their_canonical_organisation(tmp_path: Path, hashing_embedder) -> None:
    import duckdb

    from index.build.builder import ingest
    from talkbase.core.records import Speaker, talk_from_dict

    path = tmp_path / "talks.csv"
    path.write_text(
        "title,speakers\nA,Ann Lee (AWS)\nB,Bob Ray (Amazon Web Services)\n"
        "C,Cy Dee (IBM Research)\nD,Di Eve (Meta (PyTorch Distributed))\nE,Ed Fox\n"
    )
    home = tmp_path / "kb"
    ingest([path], home, hashing_embedder)
    con = duckdb.connect(str(next(home.glob("builds/*/talks.duckdb"))), read_only=True)
    rows = con.execute(
        "SELECT s.name, ts.affiliation, ts.org FROM talk_speakers ts "
        "JOIN speakers s ON s.id = ts.speaker_id ORDER BY s.name"
    ).fetchall()
    assert rows == [
        ("Ann Lee", "AWS", "Amazon Web Services"),
        ("Bob Ray", "Amazon Web Services", "Amazon Web Services"),
        ("Cy Dee", "IBM Research", "IBM"),
        ("Di Eve", "Meta (PyTorch Distributed)", "Meta"),
        ("Ed Fox", None, None),
    ]
    # the record keeps the text as written; an old record without "org" still loads
    assert Speaker("Ann Lee", "AWS").to_dict() == {
        "name": "Ann Lee",
        "affiliation": "AWS",
        "org": "Amazon Web Services",
    }
    old = talk_from_dict({"title": "T", "speakers": [{"name": "X", "affiliation": "Nvidia"}]})
    assert old.speakers[0].org == "NVIDIA" and old.speakers[0].label == "X (Nvidia)"


# ---- the real FOSDEM programs ---------------------------------------------------------------


@pytest.mark.skipif(not SCHEDULES.is_dir(), reason="../shared/schedules is not beside the clone")
@pytest.mark.parametrize("name", sorted(FOSDEM))
def test_real_fosdem_program_parses_fully(name: str) -> None:
    doc = parse_path(SCHEDULES / name)
    assert doc.format == "frabxml" and len(doc.talks) == FOSDEM[name]
    assert doc.warnings == ()
    assert doc.conferences == (f"FOSDEM {name[6:10]}",)
    assert all(t.title and t.start and t.end and t.room for t in doc.talks)
    assert {str(t.start.tzinfo) for t in doc.talks} == {"Europe/Brussels"}  # from <city>
    assert sum(bool(t.speakers) for t in doc.talks) > 0.95 * len(doc.talks)
    assert len({t.uid for t in doc.talks}) == len(doc.talks)
    assert "<p>" not in " ".join(t.abstract for t in doc.talks)
    if name == "fosdem2024.xml":
        names = {s.name for t in doc.talks for s in t.speakers}
        assert {"Tanguy ⧓ Herrmann", 'Richard "RichiH" Hartmann'} <= names


@pytest.mark.skipif(not SCHEDULES.is_dir(), reason="../shared/schedules is not beside the clone")
@pytest.mark.parametrize("fmt", sorted(format_names()))
def test_every_parser_on_a_real_program_gives_talks_or_one_error(fmt: str) -> None:
    text = (SCHEDULES / "fosdem2024.xml").read_text(encoding="utf-8")
    t0 = time.process_time()
    try:
        _, talks, warnings = parse_text(text, "fosdem2024.xml", fmt)
    except InputError as exc:
        assert exc.path == "fosdem2024.xml"
        return
    finally:
        assert time.process_time() - t0 < 60  # a generous bound: a hang fails, noise does not
    assert talks and len(warnings) <= 51

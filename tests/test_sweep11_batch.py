"""Sweep 11, F34 and F33. F34: a file named twice in one command (or beside a folder that holds it)
is one document. Before, it was stored as two ("twice.csv (2)", "twice.csv (3)"), and a
later ingest of the changed file replaced only one of them: the stale copy kept the
talk's old time and its replaced speaker as conflicts, for good."""

from __future__ import annotations

from pathlib import Path

import pytest

from index.build.builder import ingest, parse_all
from index.build.report import Report
from index.encoders.embed import HashingEmbedder
from index.search.kb import KnowledgeBase
from ingest.detect import expand_all, parse_text

HEAD = "Date,Start,End,Title,Speaker,Room\n"
BEFORE = (
    HEAD
    + "2026-06-10,09:00,09:30,Batch talk alpha,Person Alpha,Room 1\n"
    + "2026-06-10,10:00,10:30,Batch talk beta,Person Beta,Room 1\n"
)
AFTER = (
    HEAD
    + "2026-06-10,13:00,13:30,Batch talk alpha,Person Alpha,Room 1\n"
    + "2026-06-10,10:00,10:30,Batch talk beta,Replaced Speaker,Room 1\n"
)


def _program(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "twice.csv"
    path.write_text(BEFORE, encoding="utf-8")
    return path


def test_a_file_named_twice_is_read_once(tmp_path):
    path = _program(tmp_path / "fold")
    assert expand_all([path, path])[0] == [path]
    assert expand_all([tmp_path / "fold", path])[0] == [path]
    assert expand_all([path, tmp_path / "fold" / ".." / "fold" / "twice.csv"])[0] == [path]
    docs = parse_all([path, path], None, Report())
    assert len(docs) == 1


def test_two_files_of_one_name_in_two_folders_stay_two(tmp_path):
    one, two = _program(tmp_path / "a"), _program(tmp_path / "b")
    assert expand_all([one, two])[0] == [one, two]


def test_a_file_named_twice_then_changed_leaves_no_stale_copy(tmp_path):
    home = tmp_path / "home"
    path = _program(tmp_path / "fold")
    ingest([path, path], home, HashingEmbedder())
    path.write_text(AFTER, encoding="utf-8")
    ingest([path], home, HashingEmbedder())
    with KnowledgeBase(home, HashingEmbedder()) as kb:
        talks = {t.title: t for t in kb.talks.values()}
        assert len(kb.talks) == 2
    alpha, beta = talks["Batch talk alpha"], talks["Batch talk beta"]
    assert alpha.start is not None and alpha.start.hour == 13
    assert [s.name for s in beta.speakers] == ["Replaced Speaker"]
    assert not alpha.conflicts and not beta.conflicts


# ---- F33: one line of a JSON Lines file that is JSON but no record sinks no other line ---

GOOD_ONE = '{"title": "Good one", "speaker": "Ann G", "start": "2026-05-01T09:00:00+02:00"}'
GOOD_TWO = '{"title": "Good two", "speaker": "Bob G", "start": "2026-05-01T10:00:00+02:00"}'


@pytest.mark.parametrize("line", ["null", "[1, 2, 3]", '"just a string"', "42", "{cut"])
def test_a_json_lines_line_that_is_no_record_is_skipped_alone(line):
    fmt, talks, warnings = parse_text(f"{GOOD_ONE}\n{line}\n{GOOD_TWO}\n", "talks.jsonl")
    assert fmt == "jsonl"
    assert [t.title for t in talks] == ["Good one", "Good two"]
    assert [w for w in warnings if "line 2" in w], warnings


def test_one_object_on_one_line_is_still_json():
    fmt, talks, _ = parse_text(GOOD_ONE + "\n\n", "talk.json")
    assert fmt == "json" and [t.title for t in talks] == ["Good one"]

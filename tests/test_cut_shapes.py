"""Sweep 16 F2, F7, F8: a YAML, TOML or Markdown program cut short (a download that
stopped inside its last record) says so, as a cut CSV does, and never replaces the
stored version unless `--shrink`; a broken `.yml`/`.toml` is refused with its
reader's error and place, a CSV quote never closed names its line; a JSON program
of an unknown shape names the keys of the objects its lists hold, and `--map`
reaches the talks that sit below lists of lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from index.build.builder import ingest
from index.encoders.hashing import HashingEmbedder
from ingest.detect import parse_path
from talkbase.core.errors import InputError
from tests.test_cut_short import titles_of

# a medical congress's program, as a site's data file holds it
YAML = """\
congress: Cardiology Update 2031
timezone: Europe/Vienna
sessions:
  - title: Heart failure with preserved ejection fraction
    speaker: Dr. Anna Huber
    date: 2031-03-12
    time: "09:00"
    duration: 45
    room: Saal Wien
  - title: Atrial fibrillation after cardiac surgery
    speaker: Dr. Jonas Weber
    date: 2031-03-12
    time: "10:00"
    duration: 40
    room: Saal Graz
  - title: Imaging the coronary microcirculation
    speaker: Dr. Lea Gruber
    date: 2031-03-12
    time: "11:00"
    duration: 30
    room: Saal Wien
"""
CUT_YAML = YAML[: YAML.index("duration: 40") + len("duration: 4")]  # "40" cut to "4"


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_yaml_program_cut_inside_its_last_record_looks_cut_short(tmp_path):
    """Before: read as a whole program with exit 0, a talk lost and one retimed."""
    cut = parse_path(_write(tmp_path / "congress.yml", CUT_YAML))
    assert "looks cut short" in cut.cut_short and "'room'" in cut.cut_short
    assert "Atrial fibrillation" in cut.cut_short  # the last talk, that may be incomplete
    assert cut.cut_short.startswith("congress.yml line 14:")
    assert not parse_path(_write(tmp_path / "whole" / "congress.yml", YAML)).cut_short


def test_a_cut_yaml_copy_never_replaces_the_stored_program_unless_shrink(tmp_path):
    home = tmp_path / "home"
    ingest([_write(tmp_path / "congress.yml", YAML)], home, HashingEmbedder())
    cut = _write(tmp_path / "v2" / "congress.yml", CUT_YAML)
    with pytest.raises(InputError, match="looks cut short") as refused:
        ingest([cut], home, HashingEmbedder())
    assert "--shrink" in str(refused.value) and str(refused.value).startswith(str(cut))
    assert len(titles_of(home)) == 3
    report = ingest([cut], home, HashingEmbedder(), shrink=True)
    assert report.talks == 2


@pytest.mark.parametrize(
    "text",
    [
        YAML.rstrip("\n"),  # whole, without a final newline
        # the last talk gives no speaker, a key the others give before its own: no cut
        YAML.replace("    speaker: Dr. Lea Gruber\n", "").rstrip("\n"),
        # the last talk gives no room, with its line ended: a saved file
        YAML[: YAML.rindex("    room: Saal Wien")],
    ],
    ids=["no-final-newline", "closing-without-speaker", "last-without-room-ended"],
)
def test_a_whole_yaml_program_is_no_cut(tmp_path, text):
    assert not parse_path(_write(tmp_path / "congress.yaml", text)).cut_short


def test_a_toml_program_cut_inside_its_last_table_looks_cut_short(tmp_path):
    rows = [
        ("Opening of the film week", "2031-05-02T18:00:00+09:00", "Hall 1"),
        ("Shorts from Hokkaido", "2031-05-02T20:00:00+09:00", "Hall 2"),
    ]
    whole = 'name = "Film Week 2031"\n\n' + "".join(
        f'[[talks]]\ntitle = "{t}"\nstart = "{s}"\nroom = "{r}"\n\n' for t, s, r in rows
    )
    cut = whole[: whole.rindex('room = "Hall 2"') - 1]
    assert "looks cut short" in parse_path(_write(tmp_path / "films.toml", cut)).cut_short
    assert not parse_path(_write(tmp_path / "whole" / "films.toml", whole)).cut_short


MD = """\
# Film Festival 2031

## Friday, 2 May 2031

- 18:00–19:30 **Opening night: the restored silent classics** — Mei Tanaka, Hall 1
- 21:00–23:00 **Midnight documentaries from the north** — Kenji Sato, Hall 2
"""


def test_a_markdown_program_cut_inside_a_bold_title_looks_cut_short(tmp_path):
    """Before: accepted silently, its last talk titled "Midnight documentaries"."""
    cut = MD[: MD.index("from the north")]
    doc = parse_path(_write(tmp_path / "festival.md", cut))
    assert "looks cut short" in doc.cut_short and "bold" in doc.cut_short
    assert doc.cut_short.startswith("festival.md line 6:")


@pytest.mark.parametrize(
    "text",
    [MD, MD.rstrip("\n"), MD + "\n```\nnotes\n```", MD.replace("Hall 2", "`Hall` 2")],
    ids=["whole", "no-final-newline", "closed-fence-last", "code-span"],
)
def test_a_whole_markdown_program_is_no_cut(tmp_path, text):
    assert not parse_path(_write(tmp_path / "festival.md", text)).cut_short


def test_a_cut_markdown_copy_that_loses_a_talk_is_refused(tmp_path):
    home = tmp_path / "home"
    ingest([_write(tmp_path / "festival.md", MD)], home, HashingEmbedder())
    cut = _write(tmp_path / "v2" / "festival.md", MD[: MD.index("Midnight") + 8])
    with pytest.raises(InputError, match="looks cut short"):
        ingest([cut], home, HashingEmbedder())
    assert "Midnight documentaries from the north" in titles_of(home)


def test_a_broken_yml_file_is_refused_with_yamls_error_and_place(tmp_path):
    """Before: "not a program format talkbase knows" unless --format yaml."""
    bad = _write(tmp_path / "bad.yml", 'talks:\n  - title: "Unclosed\n    time: 10:00\n')
    with pytest.raises(InputError) as refused:
        parse_path(bad)
    said = str(refused.value)
    assert said.startswith("bad.yml (line 2, column 12): not valid YAML")
    assert "quoted scalar that starts here" in said


def test_a_broken_toml_file_is_refused_with_tomls_error_and_place(tmp_path):
    bad = _write(tmp_path / "bad.toml", 'name = "X"\n[[talks]]\ntitle = "Unclosed\nroom = "A"\n')
    with pytest.raises(InputError, match=r"bad\.toml \(line 3, column \d+\): not valid TOML"):
        parse_path(bad)


def test_a_csv_quote_never_closed_in_its_first_row_names_that_row(tmp_path):
    """Before: "no talks found when read as 'csv'", with no line: the header's line
    was counted as the first row's, so the rows after it did not read as whole."""
    doc = parse_path(
        _write(tmp_path / "q.csv", 'title,start\n"Open quote talk,10:00\nOther,11:00\n')
    )
    assert [t.title for t in doc.talks] == ["Other"]
    assert any(w.startswith("q.csv line 2: a quote opened in this row") for w in doc.warnings)


def test_a_csv_whose_only_row_is_cut_is_refused_naming_its_line(tmp_path):
    with pytest.raises(InputError) as refused:
        parse_path(_write(tmp_path / "q.csv", 'title,start\n"Open quote talk,10:00\n'))
    said = str(refused.value)
    assert said.startswith("q.csv (line 2): no talks found when read as 'csv'")
    assert "never closed" in said


JAZZ = {
    "festival": {
        "name": "Jazz by the Lake 2031",
        "stages": [
            {
                "stage": "Lakeside",
                "acts": [
                    {
                        "act": "Trio North",
                        "when": "2031-07-03T21:00:00+02:00",
                        "ends": "2031-07-03T22:15:00+02:00",
                    },
                    {
                        "act": "Late Big Band",
                        "when": "2031-07-04T00:30:00+02:00",
                        "ends": "2031-07-04T01:45:00+02:00",
                    },
                ],
            },
            {
                "stage": "Dune tent",
                "acts": [
                    {
                        "act": "Sax Quartet",
                        "when": "2031-07-04T15:00:00+02:00",
                        "ends": "2031-07-04T16:00:00+02:00",
                    }
                ],
            },
        ],
    }
}


def test_an_unknown_json_shape_names_the_keys_of_the_objects_its_lists_hold(tmp_path):
    """Before: only "stage, acts", the outer objects' keys."""
    with pytest.raises(InputError) as refused:
        parse_path(_write(tmp_path / "jazz.json", json.dumps(JAZZ)))
    said = str(refused.value)
    assert "stage, acts" in said and "'acts' lists are act, when, ends" in said
    assert "--map title=KEY" in said


def test_a_mapping_reaches_talks_below_lists_of_lists(tmp_path):
    """Before: `--map title=act` was refused as if nothing was named; now the acts
    read as a program that says "title" reads (their stage as the room)."""
    path = _write(tmp_path / "jazz.json", json.dumps(JAZZ))
    doc = parse_path(path, mapping={"title": "act"})
    got = [(t.title, t.room, t.start.isoformat() if t.start else None) for t in doc.talks]
    assert got == [
        ("Trio North", "Lakeside", "2031-07-03T21:00:00+02:00"),
        ("Late Big Band", "Lakeside", "2031-07-04T00:30:00+02:00"),
        ("Sax Quartet", "Dune tent", "2031-07-04T15:00:00+02:00"),
    ]
    assert {t.conference for t in doc.talks} == {"Jazz by the Lake 2031"}
    titled = json.dumps(JAZZ).replace('"act"', '"title"')
    named = parse_path(_write(tmp_path / "t" / "jazz.json", titled), mapping={"start": "when"})
    assert [t.title for t in named.talks] == ["Trio North", "Late Big Band", "Sax Quartet"]

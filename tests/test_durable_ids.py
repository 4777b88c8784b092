"""Ids that survive edits (sweep 21, durable-ids): a talk whose new version of its
document fixes its title's typo, or renames its conference, keeps its id (reported
"retitled"; index/build/ids.py `_successors`), two different talks of one slot never
share one, and `recommend` leaves out a saved id the base no longer holds and says so."""

from __future__ import annotations

import json
from pathlib import Path

import talkbase
from index.build.changes import compare
from talkbase.cli import main
from talkbase.core.records import Talk

HEAD = "title,speakers,day,start,end,room,track,abstract,timezone\n"
ROWS = [
    ("Fault tolerant collectives at scale", "Jane Doe; Bob Roe", "09:00", "09:45", "Hall A",
     "How we made all-reduce survive node failures in large training jobs."),
    ("Rust for kernel drivers", "Ana Silva", "10:00", "10:30", "Hall B",
     "Writing Linux drivers in Rust: the state of things."),
    ("Vector databases explained", "Li Wei", "11:00", "11:30", "Hall B",
     "An overview of approximate nearest neighbour search structures."),
    ("Scheduling GPUs in Kubernetes", "Priya Nair", "12:00", "12:45", "Hall A",
     "Sharing accelerators between many tenants."),
]  # fmt: skip


def _csv(path: Path, rows=ROWS) -> Path:
    path.write_text(
        HEAD
        + "".join(
            f'{t},{s},2026-03-10,{a},{b},{r},Systems,"{x}",America/New_York\n'
            for t, s, a, b, r, x in rows
        ),
        encoding="utf-8",
    )
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _ids(home: Path, capsys) -> dict[str, int]:
    code, out, err = run(capsys, "--home", str(home), "export", "--format", "jsonl")
    assert code == 0, err
    return {t["title"]: t["id"] for t in map(json.loads, out.splitlines())}


def _home(tmp_path: Path, capsys, conference: str = "DevConf 2026") -> tuple[Path, Path]:
    home, csv = tmp_path / "home", _csv(tmp_path / "program.csv")
    code, _, err = run(capsys, "--home", str(home), "ingest", str(csv), "--conference", conference)
    assert code == 0, err
    return home, csv


def test_a_fixed_title_keeps_its_id_and_is_said_retitled(tmp_path, capsys):
    home, csv = _home(tmp_path, capsys)
    before = _ids(home, capsys)
    rows = [r for r in ROWS]
    rows[1] = ("Rust for Linux kernel drivers", *ROWS[1][1:])  # the typo fixed
    rows[2] = (*ROWS[2][:2], "14:00", "14:30", *ROWS[2][4:])  # and one retimed
    _csv(csv, rows)
    argv = ["--home", str(home)]
    code, said, err = run(capsys, *argv, "diff", str(csv), "--conference", "DevConf 2026")
    assert code == 0, err
    assert "retitled (1)" in said and "was: Rust for kernel drivers" in said, said
    assert "removed" not in said and "added" not in said, said
    code, said, err = run(capsys, *argv, "ingest", str(csv), "--conference", "DevConf 2026")
    assert code == 0 and "retitled (1)" in said, said + err
    after = _ids(home, capsys)
    assert after["Rust for Linux kernel drivers"] == before["Rust for kernel drivers"]
    assert after["Vector databases explained"] == before["Vector databases explained"]
    # the saved agenda of before still names it, and gets recommendations
    old = before["Rust for kernel drivers"]
    code, out, err = run(capsys, *argv, "show", str(old), "--json")
    assert code == 0 and json.loads(out)["title"] == "Rust for Linux kernel drivers"
    # read again as it is: the kept id stays (the next build keeps it too)
    code, said, err = run(capsys, *argv, "ingest", str(csv), "--conference", "DevConf 2026")
    assert code == 0, err
    assert _ids(home, capsys) == after


def test_another_talk_in_the_same_slot_is_never_given_the_old_ones_id(tmp_path, capsys):
    home, csv = _home(tmp_path, capsys)
    before = _ids(home, capsys)
    rows = [r for r in ROWS]
    rows[1] = ("Memory safety in C++ 26", "Carl Berg", *ROWS[1][2:5], "Another talk.")
    _csv(csv, rows)
    code, said, err = run(
        capsys, "--home", str(home), "diff", str(csv), "--conference", "DevConf 2026"
    )
    assert code == 0, err
    assert "removed (1)" in said and "added (1)" in said and "retitled" not in said, said
    code, _, err = run(
        capsys, "--home", str(home), "ingest", str(csv), "--conference", "DevConf 2026"
    )
    assert code == 0, err
    assert _ids(home, capsys)["Memory safety in C++ 26"] != before["Rust for kernel drivers"]


def test_a_renamed_conference_keeps_its_talks_ids(tmp_path, capsys):
    home, csv = _home(tmp_path, capsys, "Kieler Tage 2026")
    before = _ids(home, capsys)
    argv = ["--home", str(home)]
    code, said, err = run(capsys, *argv, "diff", str(csv), "--conference", "KielConf 2026")
    assert code == 0, err
    assert "removed" not in said and "added" not in said, said
    assert "conference now KielConf 2026 (was Kieler Tage 2026)" in said + err
    code, said, err = run(capsys, *argv, "ingest", str(csv), "--conference", "KielConf 2026")
    assert code == 0, err
    assert _ids(home, capsys) == before
    code, out, _ = run(capsys, *argv, "show", str(before["Rust for kernel drivers"]), "--json")
    assert json.loads(out)["conference"] == "KielConf 2026"


def test_recommend_leaves_out_an_id_no_longer_held_and_says_so(tmp_path, capsys):
    home, _ = _home(tmp_path, capsys)
    ids = _ids(home, capsys)
    gone = next(n for n in range(1, 10**6) if n not in ids.values())
    kept = ids["Vector databases explained"]
    argv = ["--home", str(home), "recommend", "--saved", f"{gone},{kept}", "--json"]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    hits = json.loads(out)
    assert hits and all(h["why"]["because"] == [kept] for h in hits)
    assert f"No talk has the id {gone}" in err and "left out" in err
    code, out, err = run(capsys, "--home", str(home), "recommend", "--saved", str(gone))
    assert code == 0 and str(gone) in err, err
    tb = talkbase.open(home)
    results = tb.recommend([gone, kept], k=2)
    assert len(results) == 2 and any(str(gone) in n for n in results.notes)
    assert not tb.recommend([kept], k=2).notes


def test_a_title_change_is_retitled_not_redescribed():
    a, b = (
        Talk(title="Rust for kernel drivers", id=7),
        Talk(title="Rust for Linux kernel drivers", id=7),
    )
    ch = compare({7: a}, {7: b})
    assert [(c.id, c.detail) for c in ch.retitled] == [(7, "was: Rust for kernel drivers")]
    assert not ch.redescribed and not ch.added and not ch.removed
    assert ch.to_dict()["retitled"] == [
        {
            "id": 7,
            "title": "Rust for Linux kernel drivers",
            "detail": "was: Rust for kernel drivers",
        }
    ]


def test_a_talk_that_could_succeed_two_keeps_neither_id():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from index.build.ids import stable_ids
    from talkbase.core.records import Source, Speaker

    at = datetime(2026, 3, 10, 10, tzinfo=ZoneInfo("America/New_York"))
    src = (Source("program.csv", "csv", "line 2"),)

    def talk(title: str, tid: int = 0) -> Talk:
        return Talk(
            title=title, speakers=(Speaker("Ana Silva"),), start=at, room="Hall B",
            conference="DevConf 2026", sources=src, id=tid,
        )  # fmt: skip

    # two lightning talks of one slot by one speaker, both renamed: which is which?
    old = {11: talk("Lightning talk A", 11), 12: talk("Lightning talk B", 12)}
    ids = stable_ids([talk("Rust in ten minutes")], set(), old)
    assert ids[0] not in old
    # one of them alone: plainly the same talk
    assert stable_ids([talk("Rust in ten minutes")], set(), {11: old[11]}) == [11]
    # another document's talk of that slot is no successor
    other = Talk(
        **{**talk("Rust in ten minutes").__dict__, "sources": (Source("b.csv", "csv", "1"),)}
    )
    assert stable_ids([other], set(), {11: old[11]}) != [11]


def test_a_file_read_again_another_way_leaves_a_whole_base(tmp_path, capsys):
    """The same bytes read with another conference: the new copy of the document has
    the previous copy's file name and here (the name chosen so) its size; its checksum
    is its own (the previous copy's was recorded, and the base said it was damaged)."""
    import gzip

    home, csv = _home(tmp_path, capsys, "Kieler Tage 2026")
    (copy,) = home.glob("builds/*/documents/*.json.gz")
    row = json.loads(gzip.decompress(copy.read_bytes()))

    def packed(data: dict) -> int:
        return len(gzip.compress(json.dumps(data, ensure_ascii=False).encode(), 3, mtime=0))

    header = copy.stat().st_size - packed(row)  # (the file's name in the gzip header)

    def size(name: str) -> int:  # of the copy that reading it as `name` writes
        again = json.loads(json.dumps(row).replace("Kieler Tage 2026", name))
        return header + packed({**again, "ingested": 2})

    names = [f"Kiel{a}{b} 2026" for a in "aeiouy" for b in ("", "er", "Conf", "Con", "Tag", "Tage")]
    same = [n for n in names if size(n) == copy.stat().st_size]
    assert same, "no name of a copy of the same size"
    code, _, err = run(capsys, "--home", str(home), "ingest", str(csv), "--conference", same[0])
    assert code == 0, err
    sizes = {p.stat().st_size for p in home.glob("builds/*/documents/*.json.gz")}
    assert len(sizes) == 1  # (what the test is about: the two copies look alike)
    code, out, err = run(capsys, "--home", str(home), "check")
    assert code == 0 and "damaged" not in out + err, out + err

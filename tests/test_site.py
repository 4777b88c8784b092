"""The program as a static site (issue 40): `talkbase export --format site -o DIR`
writes HTML, CSS, JavaScript and data that search by words with no server; with the
base's own int8 MiniLM, by meaning too (tests/test_site_browser.py drives it in real
Chromium). The site's search.mjs runs under Node here, as bench/site.py runs it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from index.site.export import SITE_MARK, export_site
from talkbase.cli import main
from talkbase.core.errors import InputError
from tests.conftest import ROOT

NODE = shutil.which("node")
RUNNER = ROOT / "bench" / "site_search.mjs"


@pytest.fixture(scope="module")
def site(tmp_path_factory, fake_kb_module) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    report = export_site(fake_kb_module, out)
    assert report.talks == len(fake_kb_module.talks) and not report.meaning
    return out


@pytest.fixture(scope="module")
def fake_kb_module(tmp_path_factory, hashing_embedder):
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase
    from tests.conftest import PROGRAMS

    home = tmp_path_factory.mktemp("site-home")
    ingest([PROGRAMS], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        yield kb


def test_the_site_holds_every_talk_and_what_a_page_shows(site, fake_kb_module):
    talks = json.loads((site / "data" / "talks.json").read_text(encoding="utf-8"))
    assert {t["id"] for t in talks} == {str(i) for i in fake_kb_module.talks}
    meta = json.loads((site / "data" / "meta.json").read_text(encoding="utf-8"))
    assert meta["meaning"] is False and meta["dim"] > 0 and meta["days"]
    assert (site / "data" / "vectors.bin").stat().st_size == len(talks) * meta["dim"]
    some = talks[0]
    assert {"title", "speakers", "abstract", "start", "room", "links", "similar"} <= set(some)
    assert all(len(t["similar"]) == 5 and t["id"] not in t["similar"] for t in talks)
    by_id = {str(i): t for i, t in fake_kb_module.talks.items()}
    assert all(t["cancelled"] is by_id[t["id"]].cancelled for t in talks)  # as the CLI says
    for name in (
        "index.html",
        "site.js",
        "search.mjs",
        "style.css",
        "sw.js",
        "manifest.webmanifest",
    ):
        assert (site / name).is_file(), name
    sw = (site / "sw.js").read_text(encoding="utf-8")
    assert meta["version"] in sw and "__VERSION__" not in sw  # a new export, a new cache
    assert not (site / "model").exists()  # a hashing base: words only, and said so
    site_js = (site / "site.js").read_text(encoding="utf-8")
    assert "innerHTML" not in site_js  # program text is set as text, never as HTML


def test_a_folder_that_is_no_site_is_never_overwritten(tmp_path, fake_kb_module):
    other = tmp_path / "mine"
    other.mkdir()
    (other / "notes.txt").write_text("keep me")
    with pytest.raises(InputError, match="not a talkbase site"):
        export_site(fake_kb_module, other)
    assert (other / "notes.txt").read_text() == "keep me"
    again = tmp_path / "site"
    export_site(fake_kb_module, again)
    export_site(fake_kb_module, again)  # a site it wrote before: replaced whole
    assert (again / SITE_MARK).exists() and not list(tmp_path.glob(".site.*"))


def test_a_new_export_keeps_what_the_site_did_not_write(tmp_path, fake_kb_module):
    """Sweep 14 F1: a site published from a git checkout with a CNAME, .nojekyll and the
    owner's own pages keeps all of them on a new export; only the previous export's own
    files that the new one does not write go (one listed in its mark here); a mark
    from before the list keeps whatever is not a site's; a file of the owner's where
    the site writes is refused, and nothing changes."""
    site = tmp_path / "site"
    export_site(fake_kb_module, site)
    mine = {
        "CNAME": "program.example.org",
        ".nojekyll": "",
        ".git/HEAD": "ref: refs/heads/main",
        ".git/objects/ab/cdef": "history",
        "custom.html": "<p>keep me</p>",
        "extra/y.txt": "y",
        "data/mine.csv": "a,b",
    }
    for rel, text in mine.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text)
    (site / "gone.js").write_text("an asset of an older talkbase")
    with open(site / SITE_MARK, "a", encoding="utf-8") as mark:
        mark.write("gone.js\n")
    export_site(fake_kb_module, site)
    assert {rel: (site / rel).read_text() for rel in mine} == mine
    assert not (site / "gone.js").exists() and (site / "data" / "talks.json").is_file()
    assert not list(tmp_path.glob(".site.*"))
    (site / SITE_MARK).write_text("0123456789abcdef\n")  # a mark from before the list
    export_site(fake_kb_module, site)
    assert {rel: (site / rel).read_text() for rel in mine} == mine
    listed = (site / SITE_MARK).read_text().splitlines()
    assert "data/talks.json" in listed and "CNAME" not in listed
    (site / "sw.js").unlink()
    (site / "sw.js").mkdir()  # the owner's folder where the site writes a file
    (site / "sw.js" / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="site writes there"):
        export_site(fake_kb_module, site)
    assert (site / "sw.js" / "notes.txt").read_text() == "mine" and (site / "CNAME").exists()
    assert not list(tmp_path.glob(".site.*"))


def test_the_cli_writes_the_site_and_says_what_it_holds(tmp_path, capsys, monkeypatch):
    from tests.conftest import PROGRAMS

    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    home = str(tmp_path / "home")
    assert main(["--home", home, "ingest", str(PROGRAMS)]) == 0
    capsys.readouterr()
    assert main(["--home", home, "export", "--format", "site"]) == 1
    assert "-o FOLDER" in capsys.readouterr().err
    assert main(["--home", home, "export", "--format", "site", "-o", str(tmp_path / "s")]) == 0
    err = capsys.readouterr().err
    assert "by words only" in err and "first visit loads" in err


def _node_search(site: Path, queries: list[str]) -> list[dict]:
    lines = "".join(json.dumps(q) + "\n" for q in queries)
    run = subprocess.run(
        ["node", str(RUNNER), str(site)], input=lines, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return [json.loads(x) for x in run.stdout.splitlines() if x.strip()]


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_sites_own_search_finds_by_words_forgives_typos_and_reads_days(site):
    talks = {t["id"]: t for t in json.loads((site / "data" / "talks.json").read_text())}
    mccl = next(i for i, t in talks.items() if t["title"].startswith("MCCL"))
    words, typo, day = _node_search(
        site, ["fault-tolerant collectives", "fault tolerant colectives", "kernels on Tuesday"]
    )
    assert words["words"][0] == mccl
    assert mccl in typo["words"][:3]
    assert day["words"] and all(talks[i]["start"].startswith("2026-10-20") for i in day["words"])


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_sites_parts_of_the_day_are_the_servers(site):
    """One table of the parts of the day (talkbase/core/when.py): the site reads the
    windows the export wrote, never a copy of its own."""
    from talkbase.core.when import PARTS_OF_DAY

    meta = json.loads((site / "data" / "meta.json").read_text())
    assert set(meta["parts"]) == set(PARTS_OF_DAY) and "venue" in meta
    assert meta["parts"]["afternoon"] == [
        dict(PARTS_OF_DAY["afternoon"])["after"],
        dict(PARTS_OF_DAY["afternoon"])["starts_before"],
    ]
    assert "'12:00'" not in (site / "search.mjs").read_text()
    talks = {t["id"]: t for t in json.loads((site / "data" / "talks.json").read_text())}
    (afternoon,) = _node_search(site, ["talks tuesday afternoon"])
    starts = [talks[i]["start"][11:16] for i in afternoon["words"]]
    assert starts and all("12:00" <= s < meta["parts"]["afternoon"][1] for s in starts), starts


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_reads_a_part_of_the_day_that_is_also_tomorrow_only_by_a_day(site):
    """An English program's site reads "Dienstag Nachmittag", but not the "morgen" of
    "von morgen" (tomorrow's: no day beside it), as the server does."""
    meta = json.loads((site / "data" / "meta.json").read_text())
    assert "morgen" in meta["ambiguous_parts"] and "nachmittag" not in meta["ambiguous_parts"]
    talks = {t["id"]: t for t in json.loads((site / "data" / "talks.json").read_text())}
    by_day, alone = _node_search(site, ["kernels Dienstag Nachmittag", "kernels von morgen"])
    starts = [talks[i]["start"] for i in by_day["words"]]
    assert starts and all(s.startswith("2026-10-20") and s[11:16] >= "12:00" for s in starts)
    assert any(talks[i]["start"][11:16] >= "12:00" for i in alone["words"])


def test_the_site_leaves_out_the_function_words_its_server_does(tmp_path, monkeypatch):
    """Issue 37 on the static site: an Italian program's "per", "della" are no words to
    match there either; an English program's site gets none of them."""
    from index.build.builder import ingest
    from index.encoders.hashing import HashingEmbedder
    from index.search.kb import KnowledgeBase
    from tests.test_multilingual import write_program
    from tests.test_own_stopwords import ENGLISH, ITALIAN

    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    embedder = HashingEmbedder()
    ingest([write_program(tmp_path / "camp.csv", ITALIAN + ENGLISH[:1])], tmp_path / "h", embedder)
    with KnowledgeBase(tmp_path / "h", embedder) as kb:
        export_site(kb, tmp_path / "site")
    meta = json.loads((tmp_path / "site" / "data" / "meta.json").read_text())
    assert {"per", "della", "che"} <= set(meta["stopwords"]) and "bambini" not in meta["stopwords"]
    if NODE is not None:
        words, titles = _node_engine(
            tmp_path / "site",
            "const r = engine.search('laboratorio per bambini della casa', null, {}, 3);"
            "console.log(JSON.stringify([r.words, r.hits.map(h => h.talk.title)]));",
        )
        assert not {"per", "della"} & set(words) and "bambini" in words
        assert titles[0] == "Laboratorio di robotica per bambini"
    ingest([write_program(tmp_path / "conf.csv", ENGLISH)], tmp_path / "e", embedder)
    with KnowledgeBase(tmp_path / "e", embedder) as kb:
        export_site(kb, tmp_path / "english")
    assert json.loads((tmp_path / "english" / "data" / "meta.json").read_text())["stopwords"] == []


def test_a_changed_setting_makes_a_new_version_and_the_same_base_the_same(
    tmp_path, fake_kb_module, monkeypatch
):
    """The service worker keeps what the version names: a re-export of the same base
    keeps it, one whose meta.json says something else (a fusion weight) gets a new one."""

    def version(out: Path) -> str:
        export_site(fake_kb_module, out)
        return json.loads((out / "data" / "meta.json").read_text())["version"]

    first, again = version(tmp_path / "a"), version(tmp_path / "b")
    monkeypatch.setenv("TALKBASE_LEXICAL_WEIGHT", "0.5")
    assert first == again != version(tmp_path / "c")


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_corrects_no_word_its_model_knows_once_it_has_loaded(site):
    """As on the server: "audio" is no typo of the demo's "audit" once the model's
    vocabulary is there (site.js hands it over when the model loads)."""
    before, after = _node_engine(
        site,
        "const before = engine.search('audio models', null, {}, 3).fixes;"
        "engine.knowWords(wholeWords('[CLS]\\n##ing\\naudio\\nmodels\\n'));"
        "const after = engine.search('audio models', null, {}, 3).fixes;"
        "console.log(JSON.stringify([before, after]));",
    )
    assert before == [["audio", "audit"]] and after == []


def _node_engine(site: Path, body: str):
    """What `body` prints (JSON) run under Node beside the site's own search engine
    (`engine`, made from the site's data, and `wholeWords`, from its search.mjs)."""
    script = (
        "import { readFileSync } from 'node:fs';"
        f"const site = {json.dumps(str(site))};"
        "const { createSearch, wholeWords } = await import(site + '/search.mjs');"
        "const read = f => readFileSync(site + '/data/' + f);"
        "const engine = createSearch(JSON.parse(read('talks.json')),"
        " JSON.parse(read('meta.json')), new Int8Array(read('vectors.bin').buffer.slice(0)));"
        + body
    )
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_reads_a_visitors_day_only_with_another_word_of_its_language(site):
    """As the server: "kernels martes" (Spanish, no other Spanish word) is words; "kernels
    el martes" is Tuesday (the demo's first day)."""
    meta = json.loads((site / "data" / "meta.json").read_text())
    assert meta["foreign_words"]["martes"] == "es" and "el" in meta["visitor_words"]["es"]
    talks = {t["id"]: t for t in json.loads((site / "data" / "talks.json").read_text())}
    alone, said = _node_search(site, ["kernels martes", "kernels el martes"])
    assert said["words"] and all(talks[i]["start"].startswith("2026-10-20") for i in said["words"])
    assert any(not talks[i]["start"].startswith("2026-10-20") for i in alone["words"])


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_sites_search_keeps_a_talk_given_a_day_and_no_time_on_its_day(
    tmp_path, hashing_embedder
):
    """A talk the program puts on a day at no time: the site's day limits keep it, its
    parts of the day never (as the server's do: tests/test_day_without_time.py)."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    doc = tmp_path / "program.csv"
    doc.write_text(
        "Title,Speaker,Date,Start,End,Room\n"
        "Schema migrations at scale,Tunde Bakare,2026-05-20,,,Room 1\n"
        "Reliable schema webhooks,Ana Lima,2026-05-20,09:30,10:00,Room 2\n",
        encoding="utf-8",
    )
    home = tmp_path / "home"
    ingest([doc], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        export_site(kb, tmp_path / "site")
    talks = {
        t["id"]: t for t in json.loads((tmp_path / "site" / "data" / "talks.json").read_text())
    }
    dayonly = next(i for i, t in talks.items() if t["title"].startswith("Schema migrations"))
    assert (talks[dayonly]["start"], talks[dayonly]["day"]) == (None, "2026-05-20")
    wednesday, morning = _node_search(
        tmp_path / "site", ["schema on Wednesday", "schema in the morning"]
    )
    assert dayonly in wednesday["words"]
    assert dayonly not in morning["words"] and morning["words"]


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_sites_search_finds_a_word_inside_a_japanese_title(tmp_path, hashing_embedder):
    """As the server's index (index/search/rank/tokens.py): Chinese and Japanese cut by
    kind of character, Chinese characters in pairs; offline, "形態素解析" found nothing in
    "日本語の形態素解析入門" (one run, one word)."""
    import csv

    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    path = tmp_path / "conf.csv"
    with open(path, "w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["title", "abstract", "language", "start", "end"])
        out.writerow(["日本語の形態素解析入門", "MeCab と辞書。", "ja", "2026-10-17T10:00", ""])
        out.writerow(["Kubernetes の運用", "クラスタの監視。", "ja", "2026-10-17T11:00", ""])
        out.writerow(
            ["Rust で組込み開発", "マイコンのファームウェア。", "ja", "2026-10-17T12:00", ""]
        )
    ingest([path], tmp_path / "home", hashing_embedder)
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as kb:
        export_site(kb, tmp_path / "site")
    talks = {
        t["id"]: t["title"] for t in json.loads((tmp_path / "site/data/talks.json").read_text())
    }
    found, inside = _node_search(tmp_path / "site", ["形態素解析", "組込み"])
    assert [talks[i] for i in found["words"]] == ["日本語の形態素解析入門"]
    assert [talks[i] for i in inside["words"]] == ["Rust で組込み開発"]


@pytest.fixture(scope="module")
def weekend(tmp_path_factory, hashing_embedder) -> Path:
    """A small weekend program: two rooms whose names differ by a letter alone, a talk
    on each day and part of the day, and a Friday film titled with a day and a time."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    tmp = tmp_path_factory.mktemp("weekend")
    doc = tmp / "program.csv"
    doc.write_text(
        "Title,Speaker,Date,Start,End,Room\n"
        "Saturday night fever screening,Ana Lima,2026-05-22,18:00,19:30,Hall A\n"
        "Kernel scheduling deep dive,Tunde Bakare,2026-05-23,10:00,10:45,Hall A\n"
        "Kernel night hack,Mia Wong,2026-05-23,21:30,22:30,Hall B\n"
        "Kernel memory management,Mia Wong,2026-05-24,14:00,14:45,Hall B\n"
        "Rust in the kernel,Tunde Bakare,2026-05-24,09:00,09:45,Hall A\n",
        encoding="utf-8",
    )
    ingest([doc], tmp / "home", hashing_embedder)
    with KnowledgeBase(tmp / "home", hashing_embedder) as kb:
        export_site(kb, tmp / "site")
    return tmp / "site"


def _node_read(site: Path, queries: list[str]) -> list[dict]:
    """Each query's reading by the site's search: what it read (`said`), its note where
    it gave limits up, and the titles it shows."""
    body = (
        f"const qs = {json.dumps(queries)};"
        "console.log(JSON.stringify(qs.map(q => { const r = engine.search(q, null, {}, 10);"
        " return { said: r.said, note: r.note ?? null, titles: r.hits.map(h => h.talk.title) }; })));"
    )
    return _node_engine(site, body)


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_leaves_out_what_it_is_asked_to_leave_out(weekend):
    """As the server (index/search/read/negation.py), with its cues: "not on Saturday",
    "except Sunday", "avoid ...", "not by ...", "but not in the morning" leave those
    talks out; the site showed only them (sweep 14 F6)."""
    saturday, sunday, avoid, opening, speaker, morning, applied, hedged = _node_read(
        weekend,
        [
            "kernel not on saturday",
            "kernel except sunday",
            "avoid sunday kernel talks",
            "no kernel talks on sunday",
            "kernel not by Bakare",
            "kernel but not in the morning",
            "kernel on saturday",
            "kernel but not only on saturday",
        ],
    )
    assert saturday["said"] == ["not saturday"]
    assert set(saturday["titles"]) == {"Kernel memory management", "Rust in the kernel"}
    assert (
        set(sunday["titles"])
        == set(avoid["titles"])
        == {
            "Kernel scheduling deep dive",
            "Kernel night hack",
        }
    )
    assert speaker["said"] == ["not by Tunde Bakare"]
    assert set(speaker["titles"]) == {"Kernel night hack", "Kernel memory management"}
    assert set(morning["titles"]) == {"Kernel night hack", "Kernel memory management"}
    assert set(applied["titles"]) == {"Kernel scheduling deep dive", "Kernel night hack"}
    assert hedged["said"] == ["saturday"]  # "not only": nothing left out
    meta = json.loads((weekend / "data" / "meta.json").read_text())  # the server's cues
    assert ["not"] in meta["leave_out"]["limits"] and ["except"] in meta["leave_out"]["words"]


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_gives_up_limits_that_leave_no_talk_and_says_which(weekend):
    """As the server (index/search/limits/relax.py and titlewords.py): where no talk
    passes every limit, the fewest given up ("showing results without evening"); a day
    and time said in words of a title that they would leave out are words (the site
    said "No talk matches": sweep 14 F10)."""
    evening, film, kept = _node_read(
        weekend,
        ["kernel on sunday evening", "saturday night fever screening", "kernel saturday night"],
    )
    assert evening["note"] == ("No talk matches sunday · evening; showing results without evening.")
    assert set(evening["titles"]) == {"Kernel memory management", "Rust in the kernel"}
    assert film["titles"][0] == "Saturday night fever screening" and film["said"] == []
    assert kept["said"] == ["saturday", "night"] and kept["titles"] == ["Kernel night hack"]


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_reads_a_room_said_in_full_as_that_room_alone(weekend):
    """ "Hall A" and "Hall B" have the same words (a letter alone is none): the room said
    in full is read, not both (the site read both and kept the other: sweep 14 F9)."""
    hall_a, hall_b = _node_read(weekend, ["kernel in Hall A", "kernel in hall b"])
    assert hall_a["said"] == ["room Hall A"]
    assert set(hall_a["titles"]) == {"Kernel scheduling deep dive", "Rust in the kernel"}
    assert hall_b["said"] == ["room Hall B"]
    assert set(hall_b["titles"]) == {"Kernel night hack", "Kernel memory management"}


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_reads_a_part_of_the_day_said_in_two_words(tmp_path):
    """ "après-midi" is the afternoon on a French program, as the server reads it (the
    site cut it at the hyphen and searched "apres" and "midi" as words)."""
    _site_of(
        tmp_path,
        "title,abstract,language,start,end\n"
        "Atelier de doublage,Voix et cinéma.,fr,2026-06-06T10:00,\n"
        "Atelier de montage,Le film coupé.,fr,2026-06-06T15:00,\n",
    )
    (afternoon,) = _node_read(tmp_path / "site", ["atelier samedi après-midi"])
    assert afternoon["said"] == ["saturday", "afternoon"]
    assert afternoon["titles"] == ["Atelier de montage"]


def _site_of(tmp_path: Path, program_csv: str) -> Path:
    """The site of the program written as `program_csv`, built with hashing vectors."""
    from index.build.builder import ingest
    from index.encoders.hashing import HashingEmbedder
    from index.search.kb import KnowledgeBase

    (tmp_path / "program.csv").write_text(program_csv, encoding="utf-8")
    embedder = HashingEmbedder()
    ingest([tmp_path / "program.csv"], tmp_path / "home", embedder)
    with KnowledgeBase(tmp_path / "home", embedder) as kb:
        export_site(kb, tmp_path / "site")
    return tmp_path / "site"


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_lets_an_article_stand_between_a_cue_and_its_limit(weekend, tmp_path):
    """As the server's negation.py lets its function words stand between a cue and the
    limit it leaves out ("sauf le samedi", "pero no el sábado", "niet op zaterdag"):
    the site read "not le", left out the talks holding "le", and applied the day."""
    said = [
        r["said"]
        for r in _node_read(
            weekend,
            [
                "kernel excepto el sábado",
                "kernel pero no el sábado",
                "kernel niet op zaterdag",
                "kernel sauf le samedi",
                "kernel aber nicht die am Samstag",
            ],
        )
    ]
    assert said == [["not saturday"]] * 5
    _site_of(
        tmp_path,
        "title,language,start,end,room\n"  # (no abstract: too few words to tell their stop-words)
        "Film: le voyage dans la lune,fr,2026-06-05T18:00,,Salle Méliès\n"
        "Film: la grande illusion,fr,2026-06-05T21:00,,Salle Méliès\n"
        "Film: les enfants du paradis,fr,2026-06-06T18:00,,Salle Lumière\n"
        "Film: le salaire de la peur,fr,2026-06-06T21:00,,Salle Lumière\n",
    )
    friday = {"Film: le voyage dans la lune", "Film: la grande illusion"}
    for read in _node_read(
        tmp_path / "site", ["film sauf le samedi", "film mais pas le samedi", "pas le samedi"]
    ):
        assert read["said"] == ["not saturday"]
        assert set(read["titles"]) == friday


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_reads_a_room_said_in_full_only_as_whole_words(weekend):
    """ "hall and" is no "Hall A": the name said in full ends where a word does (the site
    compared the query with its spaces taken out: "hallandonline" holds "halla")."""
    anywhere, hall_a = _node_read(weekend, ["kernel in hall and online", "kernel in hall a"])
    assert anywhere["said"] == []
    assert hall_a["said"] == ["room Hall A"]


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_a_query_opening_with_words_of_a_title_starting_no_leaves_nothing_out(tmp_path):
    """ "no batteries included on saturday" asks for the talk "No Batteries Included" on
    Saturday, as a cue of words said in a row of a title stays words; the site read
    "not saturday" and showed the other days' talks."""
    _site_of(
        tmp_path,
        "Title,Speaker,Date,Start,End,Room\n"
        "Kubernetes networking: no batteries included,Ana Lima,2026-05-23,10:00,10:45,Hall A\n"
        "Batteries for embedded boards,Mia Wong,2026-05-24,10:00,10:45,Hall A\n"
        "Rust in the kernel,Tunde Bakare,2026-05-24,11:00,11:45,Hall A\n",
    )
    titled, opening = _node_read(
        tmp_path / "site", ["no batteries included on saturday", "no rust talks on saturday"]
    )
    assert titled["said"] == ["saturday"]
    assert titled["titles"] == ["Kubernetes networking: no batteries included"]
    assert opening["said"] == ["not saturday"]


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


@pytest.mark.parametrize(
    ("failing", "error", "raised"),
    [(2, OSError("disk gone"), InputError), ("last", KeyboardInterrupt(), KeyboardInterrupt)],
)
def test_an_export_stopped_during_the_swap_moves_every_file_back(
    tmp_path, fake_kb_module, monkeypatch, failing, error, raised
):
    """A rename that fails (an error, a Ctrl-C) while the owner's files are being moved
    into the new site, or as it takes the old one's place: the folder is as before."""
    site = tmp_path / "site"
    export_site(fake_kb_module, site)
    for rel, text in {"CNAME": "x.example.org", ".git/HEAD": "ref", "extra/y.txt": "y"}.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text)
    before = _tree(site)
    renames = []
    real = Path.rename

    def rename(self, target):
        renames.append(self)
        last = Path(target) == site and self.name.endswith(".tmp")
        if (failing == "last" and last) or failing == len(renames):
            raise error
        return real(self, target)

    monkeypatch.setattr(Path, "rename", rename)
    with pytest.raises(raised):
        export_site(fake_kb_module, site)
    monkeypatch.setattr(Path, "rename", real)
    assert _tree(site) == before and not list(tmp_path.glob(".site.*"))


def test_a_folder_left_by_an_unfinished_export_is_never_deleted(tmp_path, fake_kb_module):
    """Such a folder may hold the owner's files: the export refuses, naming it."""
    site = tmp_path / "site"
    export_site(fake_kb_module, site)
    left = tmp_path / f".site.{os.getpid()}.tmp"
    (left / ".git").mkdir(parents=True)
    (left / ".git" / "HEAD").write_text("ref")
    with pytest.raises(InputError, match="did not finish"):
        export_site(fake_kb_module, site)
    assert (left / ".git" / "HEAD").read_text() == "ref" and (site / SITE_MARK).exists()


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_sites_matches_follow_the_servers_rule_on_a_small_program(tmp_path, hashing_embedder):
    """On a program mostly not in English the site sets the talks only nearest apart by
    the server's rule (sweep 14 F12): in a base under the server's `COMMON_MIN_TALKS`
    every word a talk holds makes a match, however many talks hold it; and a search with
    limits lists the talks that pass them as before, unmarked."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    rows = [
        ("Herzinsuffizienz heute", "Kardiologie", "2026-03-13"),
        ("Vorhofflimmern behandeln", "Kardiologie", "2026-03-13"),
        ("Bluthochdruck im Alter", "Kardiologie", "2026-03-14"),
        ("Schlaganfall akut", "Neurologie", "2026-03-14"),
        ("Migräne verstehen", "Neurologie", "2026-03-13"),
        ("Diabetes und Ernährung", "Innere Medizin", "2026-03-14"),
    ]
    doc = tmp_path / "kongress.csv"
    doc.write_text(
        "title,track,date,start,end,room,language,abstract\n"
        + "".join(
            f"{t},{k},{d},{9 + n}:00,{9 + n}:45,Saal 1,de,Ein Vortrag über {t}.\n"
            for n, (t, k, d) in enumerate(rows)
        ),
        encoding="utf-8",
    )
    home = tmp_path / "home"
    ingest([doc], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        export_site(kb, tmp_path / "site")
    assert json.loads((tmp_path / "site" / "data" / "meta.json").read_text())["languages"][
        "several"
    ]
    track, limited = _node_engine(
        tmp_path / "site",
        # (a query vector far from every talk: meaning ranks all, makes no match)
        "const qv = new Float32Array(JSON.parse(read('meta.json')).dim);"
        "const f = q => engine.search(q, qv, {}, 10).hits.map(h => [h.talk.title, h.match]);"
        "console.log(JSON.stringify([f('Kardiologie'), f('Ophthalmologie am Freitag')]));",
    )
    assert [t for t, match in track if match] == [r[0] for r in rows[:3]]  # 3 of 6: matches
    assert len(limited) == 3 and all(match is None for _, match in limited)  # Friday's three


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_reads_a_japanese_day_left_out_as_the_cli_does(tmp_path):
    """Sweep 15: "土曜日以外" (other than Saturday) was read as Saturday: the site cut
    "土曜日以外" in pairs, "日以" stood between the day and its cue "以外", and "曜日" was
    left as a topic no talk holds (so "土曜日" alone found nothing by words). Read as the
    server reads it (whenwords.py `_cut_before_cues`), each cue of the export's lexicon
    said after a day or a room ("以外", "を除く", "じゃない")."""
    site = _site_of(
        tmp_path,
        "title,language,start,end,room\n"
        "日本語の形態素解析入門,ja,2026-06-06T10:00,2026-06-06T10:45,ホールA\n"
        "セキュリティの話,ja,2026-06-06T11:00,2026-06-06T11:45,ホールB\n"
        "Rustで作るWebサーバー,ja,2026-06-07T10:00,2026-06-07T10:45,ホールB\n"
        "量子コンピュータ入門,ja,2026-06-07T11:00,2026-06-07T11:45,ホールA\n",
    )
    sunday = ["Rustで作るWebサーバー", "量子コンピュータ入門"]
    reads = _node_read(
        site,
        [
            "土曜日以外",
            "土曜以外",
            "土曜日を除く",
            "土曜日じゃない",
            "土曜日",
            "ホールAを除く",
            "土曜日の午前",
        ],
    )
    for r in reads[:4]:
        assert r["said"] == ["not saturday"] and r["titles"] == sunday, r
    assert reads[4]["said"] == ["saturday"]
    assert reads[4]["titles"] == ["日本語の形態素解析入門", "セキュリティの話"]
    assert reads[5]["said"] == ["not room ホールA"]
    assert reads[5]["titles"] == ["セキュリティの話", "Rustで作るWebサーバー"]
    assert reads[6]["said"] == ["saturday", "morning"]


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_site_reads_a_chinese_question_as_the_cli_does(tmp_path):
    """Sweep 19 F3: "周六上午的人工智能演讲" (Saturday-morning AI talks) read no day on
    the site ("周六" was no weekday), and "不在周六" (not on Saturday) nothing left out:
    its pairs ran across the words ("在周"). The site cuts a run of Chinese characters
    at the words the server cuts it at (the export's `run_words`)."""
    site = _site_of(
        tmp_path,
        "title,language,start,end,room,track\n"
        "大模型推理优化实践,zh,2026-11-14T10:00,2026-11-14T10:45,分会场A,人工智能\n"
        "开源大模型的安全对齐,zh,2026-11-14T14:00,2026-11-14T14:45,分会场A,人工智能\n"
        "智能体的工程实践,zh,2026-11-15T10:00,2026-11-15T10:45,分会场B,人工智能\n"
        "供应链安全与软件物料清单,zh,2026-11-14T11:00,2026-11-14T11:45,分会场B,安全\n"
        "向量数据库的工程实践,zh,2026-11-15T15:00,2026-11-15T15:45,分会场C,数据库\n",
    )
    question, not_saturday, except_saturday = _node_read(
        site, ["周六上午的人工智能演讲", "不在周六的人工智能", "星期六以外"]
    )
    assert question["said"] == ["saturday", "morning", "track 人工智能"]
    assert question["titles"] == ["大模型推理优化实践"]
    assert not_saturday["said"][0] == "not saturday"
    assert "智能体的工程实践" in not_saturday["titles"]
    assert not {"大模型推理优化实践", "开源大模型的安全对齐"} & set(not_saturday["titles"])
    assert except_saturday["said"] == ["not saturday"]


@pytest.mark.skipif(NODE is None, reason="needs node (the site's search runs under Node here)")
def test_the_sites_nearest_talks_are_listed_nearest_first(weekend):
    """Sweep 16 F11: with one talk matching the words and the others below the dense
    floor (all scored 0), the site listed the others in the program's order; the
    server's fusion keeps its ties in the order it first saw them, closest in meaning
    first. Each talk's vector is set here to a known closeness to the query's."""
    body = (
        "const talks = JSON.parse(read('talks.json')), meta = JSON.parse(read('meta.json'));"
        "const dim = meta.dim, n = talks.length;"
        "const near = talks.map((t, i) => meta.dense_floor * ((i * 7) % n + 1) / (n + 1));"
        "const vecs = new Int8Array(n * dim);"
        "near.forEach((c, i) => { vecs[i * dim] = Math.round(c * 127);"
        " vecs[i * dim + 1 + i] = Math.round(Math.sqrt(1 - c * c) * 127); });"
        "const e = createSearch(talks, meta, vecs);"
        "const qv = new Float32Array(dim); qv[0] = 1;"
        "const hits = e.search('screening', qv, {}, 10).hits;"
        "console.log(JSON.stringify({ hits: hits.map(h => h.talk.title),"
        " near: Object.fromEntries(talks.map((t, i) => [t.title, near[i]])) }));"
    )
    got = _node_engine(weekend, body)
    hits, near = got["hits"], got["near"]
    assert hits[0] == "Saturday night fever screening"  # the words' match first
    rest = hits[1:]
    assert len(rest) == len(near) - 1
    assert rest == sorted(rest, key=lambda t: -near[t])  # then the nearest first

"""Shared fixtures.

`demo_home` is the demo corpus built once per test session with the real model
(real sentence-transformers, FAISS, DuckDB file) in a temporary folder.
`fake_home` is the same corpus built with the deterministic HashingEmbedder:
fast, for tests that are about plumbing rather than meaning.
"""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "data" / "programs"
DIGEST = PROGRAMS / "000_3ed018f1c49838da.txt"
BLOG = PROGRAMS / "001_8fbb4517d0e7d07e.txt"
DEV_QUERIES = ROOT / "tests" / "data" / "dev_queries.json"
EVIL = ROOT / "tests" / "data" / "evil_program.txt"  # a digest full of markup and script
FOSDEM_XML = ROOT.parent / "shared" / "schedules" / "fosdem2024.xml"  # a real program

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def weekend_vocab(year: int, month: int, first: int):
    """The vocabulary of a two-day program in Brussels (days `first` and `first` + 1
    of `month`, talks at 10:00 and 15:00, then 09:00): what a reader of a query's
    words needs to know of days and times. Tests add tracks, people and words."""
    from datetime import datetime, timedelta, timezone

    from index.search.read.vocab import Vocab
    from talkbase.core.records import Talk

    brussels = timezone(timedelta(hours=1))
    slots = [(first, 10), (first, 15), (first + 1, 9)]
    talks = [
        Talk(title=f"t{i}", start=datetime(year, month, d, h, tzinfo=brussels), id=i)
        for i, (d, h) in enumerate(slots)
    ]
    return Vocab.from_talks(talks)


@pytest.fixture(autouse=True)
def _isolated_settings(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """No test reads or writes the user's real knowledge base."""
    monkeypatch.setenv("TALKBASE_HOME", str(tmp_path_factory.getbasetemp() / "default-home"))
    for name in (
        "TALKBASE_MODEL",
        "TALKBASE_ENCODER",
        "TALKBASE_FUSION",
        "TALKBASE_LEXICAL_WEIGHT",
        "TALKBASE_RRF_K",
        "TALKBASE_DENSE_FLOOR",
        "TALKBASE_MATCH_FLOOR",
        "TALKBASE_MULTILINGUAL",
        "TALKBASE_MULTILINGUAL_WEIGHT",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def real_embedder():
    from index.encoders.embed import load

    return load()


@pytest.fixture(scope="session")
def hashing_embedder():
    from index.encoders.embed import HashingEmbedder

    return HashingEmbedder()


@pytest.fixture(scope="session")
def demo_home(tmp_path_factory: pytest.TempPathFactory, real_embedder) -> Path:
    """The demo corpus, built with the real model. Treat as read-only."""
    from index.build.builder import ingest

    home = tmp_path_factory.mktemp("demo-home")
    ingest([PROGRAMS], home, real_embedder)
    return home


@pytest.fixture(scope="session")
def _fake_home_master(tmp_path_factory: pytest.TempPathFactory, hashing_embedder) -> Path:
    from index.build.builder import ingest

    home = tmp_path_factory.mktemp("fake-home-master")
    ingest([PROGRAMS], home, hashing_embedder)
    return home


@pytest.fixture
def fake_home(_fake_home_master: Path, tmp_path: Path) -> Path:
    """A private copy of the demo corpus built with the HashingEmbedder (writable)."""
    home = tmp_path / "home"
    shutil.copytree(_fake_home_master, home)
    return home


@pytest.fixture
def showings_kb(tmp_path: Path, hashing_embedder):
    """A program running two labs three times each (same title, speaker and abstract:
    showings of one talk, index/search/showings.py) and four talks shown once."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    rows = ["title,speaker,abstract,start"]
    for day in (1, 2, 3):
        rows.append(f"3D printing lab,Ada,Print and model in 3D for kids.,2030-01-0{day}T10:00")
        rows.append(f"Robot lab,Bob,Build robots with kids in 3D.,2030-01-0{day}T12:00")
    rows += [
        f"Printing {n},Cy {n},Printing and modelling in 3D {n}.,2030-01-04T1{n}:00"
        for n in range(4)
    ]
    (tmp_path / "labs.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    ingest([tmp_path / "labs.csv"], tmp_path / "labs", hashing_embedder)
    kb = KnowledgeBase(tmp_path / "labs", hashing_embedder)
    yield kb
    kb.close()


@pytest.fixture(scope="session")
def demo_kb(demo_home: Path, real_embedder):
    from index.search.kb import KnowledgeBase

    kb = KnowledgeBase(demo_home, real_embedder)
    yield kb
    kb.close()


@pytest.fixture
def fake_kb(fake_home: Path, hashing_embedder):
    from index.search.kb import KnowledgeBase

    kb = KnowledgeBase(fake_home, hashing_embedder)
    yield kb
    kb.close()


@pytest.fixture(scope="session")
def evil_home(tmp_path_factory: pytest.TempPathFactory, real_embedder) -> tuple[Path, int]:
    """A knowledge base of one talk whose text is full of HTML, script and markdown;
    returns its home and the talk's id."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    folder = tmp_path_factory.mktemp("evil-docs")
    shutil.copy(EVIL, folder / "evil.txt")
    home = tmp_path_factory.mktemp("evil-home")
    ingest([folder], home, real_embedder)
    with KnowledgeBase(home, real_embedder) as kb:
        (evil_id,) = [i for i, t in kb.talks.items() if "pwned" in t.title]
    return home, evil_id


@pytest.fixture(scope="session")
def fosdem_kb(tmp_path_factory: pytest.TempPathFactory, hashing_embedder):
    """The real FOSDEM 2024 program (674 talks on Sat 3 and Sun 4 Feb, its devrooms
    as tracks), built once per session with the hashing encoder."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    if not FOSDEM_XML.is_file():
        pytest.skip("needs ../shared/schedules/fosdem2024.xml")
    home = tmp_path_factory.mktemp("fosdem2024")
    ingest([FOSDEM_XML], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        yield kb


@pytest.fixture(scope="session")
def real2019():
    """The vocabulary of the real FOSDEM 2019 program (775 talks), read from its XML
    (no base, no model)."""
    from index.search.read.vocab import Vocab
    from ingest.detect import parse_path

    path = ROOT.parent / "shared" / "schedules" / "fosdem2019.xml"
    if not path.is_file():
        pytest.skip("needs ../shared/schedules/fosdem2019.xml")
    return Vocab.from_talks(parse_path(path).talks)


@pytest.fixture
def _keep_mplbackend():
    """Importing streamlit sets MPLBACKEND=Agg for the whole process; app tests import
    it, and this puts the variable back, so processes other tests start (notebook
    kernels) still draw inline."""
    before = os.environ.get("MPLBACKEND")
    yield
    if before is None:
        os.environ.pop("MPLBACKEND", None)
    else:
        os.environ["MPLBACKEND"] = before


REAL_MODEL_FIXTURES = {"real_embedder", "demo_home", "demo_kb", "evil_home"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that uses the real model is marked `model` (make test-fast skips them)."""
    for item in items:
        if REAL_MODEL_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.model)


def fts_index(con, fields: str, stopwords) -> None:
    """DuckDB's FTS index over `fields` of the talks table, built as the base's own
    lexical index is (Porter stems, its build's `stopwords`): the reference the
    stored postings must rank as."""
    con.execute("CREATE OR REPLACE TABLE build_stopwords (sw VARCHAR)")
    con.executemany("INSERT INTO build_stopwords VALUES (?)", [[w] for w in sorted(stopwords)])
    con.execute(
        f"PRAGMA create_fts_index('talks', 'id', {fields}, stemmer='porter', "
        "stopwords='build_stopwords', ignore='[^\\p{L}\\p{N}]+', strip_accents=1, lower=1)"
    )


def zone_note(document: str, some: str = "its times", zone: str = "America/Los_Angeles") -> str:
    """The warning of a document that names no time zone for `some` of its times,
    read in TALKBASE_TIMEZONE's default (ingest/detect.py)."""
    return (
        f"{document}: names no time zone for {some}; they were read in {zone}, the default: "
        "if the conference is elsewhere, set TALKBASE_TIMEZONE to its zone and ingest again"
    )


def workbook(path: Path, sheets: dict[str, list[tuple[object, ...]]], merge: str = "") -> Path:
    """An Excel workbook at `path` with a sheet of `rows` for each name in `sheets`;
    `merge` (like "A1:F1") merged on a sheet whose first row is one cell."""
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(list(row))
        if merge and rows and len(rows[0]) == 1:
            ws.merge_cells(merge)
    wb.save(path)
    return path


def vevent(uid: str, start: str, end: str, title: str, *, zone: str, description: str) -> str:
    """One iCalendar event (CRLF line ends) from `start` to `end`, local times like
    "20260213T193000" in the time zone `zone`."""
    return (
        f"BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTART;TZID={zone}:{start}\r\n"
        f"DTEND;TZID={zone}:{end}\r\nSUMMARY:{title}\r\n"
        f"DESCRIPTION:{description}\r\nEND:VEVENT\r\n"
    )


def calendar(*events: str, name: str = "Festival") -> str:
    """An iCalendar holding `events` (`vevent`), named `name` (no name: "")."""
    return (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        + (f"X-WR-CALNAME:{name}\r\n" if name else "")
        + "".join(events)
        + "END:VCALENDAR\r\n"
    )


@contextmanager
def program_kb(folder: Path, embedder, document: str, text: str):
    """A knowledge base of one program document (`document`, its file name, holding
    `text`) ingested with `embedder` into `folder`, open."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    (folder / "docs").mkdir()
    (folder / "docs" / document).write_text(text, encoding="utf-8")
    ingest([folder / "docs"], folder / "home", embedder)
    with KnowledgeBase(folder / "home", embedder) as kb:
        yield kb

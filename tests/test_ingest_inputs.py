"""Programs that come compressed or on standard input (sweep 19).

A gzip-, bzip2- or xz-compressed program ("p.csv.gz") is read as the document
inside, within the size limit, refused in one sentence where it is corrupt or
unpacks past it; it is a document of its own name, so a "p.csv" of another program
beside it keeps its conference. `talkbase ingest -` reads the program on standard
input, stored as "stdin" ("stdin (NAME)" with --conference): piped in twice, it adds
nothing; another program piped in is kept beside it."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ingest import detect
from ingest.compressed import compression_of, inner_name
from ingest.detect import expand_all, parse_path
from ingest.formats import registry
from talkbase.cli import main
from talkbase.core.errors import InputError

PROGRAM = (
    "title,speakers,date,start,end,room\n"
    "Compilers for everyone,Ana Pereira,2026-10-20,09:00,09:30,Room A\n"
    "Quantisation in practice,Li Wei,2026-10-20,10:00,10:30,Room A\n"
    "Kernels at scale,Sam Roe,2026-10-20,11:00,11:30,Room B\n"
)
OTHER = (
    "title,speakers,date,start,end,room\n"
    "Gardening with robots,Pat Poe,2026-11-03,09:00,09:30,Hall 1\n"
    "Soil sensors,Jo Ng,2026-11-03,10:00,10:30,Hall 1\n"
    "Compost analytics,Kim Li,2026-11-03,11:00,11:30,Hall 2\n"
)
PACKERS: dict[str, Callable[[bytes], bytes]] = {
    ".gz": gzip.compress,
    ".bz2": bz2.compress,
    ".xz": lzma.compress,
}


@pytest.fixture(autouse=True)
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    monkeypatch.setenv("TALKBASE_MULTILINGUAL", "off")
    monkeypatch.setenv("TALKBASE_TIMEZONE", "Europe/Berlin")


def _titles(doc: object) -> list[str]:
    return [t.title for t in doc.talks]  # type: ignore[attr-defined]


@pytest.mark.parametrize("suffix", sorted(PACKERS))
def test_a_compressed_program_is_read_as_the_document_inside(tmp_path: Path, suffix: str) -> None:
    plain = tmp_path / "p.csv"
    plain.write_text(PROGRAM, encoding="utf-8")
    packed = tmp_path / f"p.csv{suffix}"
    packed.write_bytes(PACKERS[suffix](PROGRAM.encode()))
    doc, was = parse_path(packed), parse_path(plain)
    assert (doc.format, doc.name, _titles(doc)) == ("csv", f"p.csv{suffix}", _titles(was))
    assert doc.sha256 == was.sha256  # (of the document: a new compression changes nothing)
    assert [t.start for t in doc.talks] == [t.start for t in was.talks]


def test_a_compressed_file_is_told_by_its_bytes_and_its_format_by_the_inner_name(
    tmp_path: Path,
) -> None:
    named = tmp_path / "program.csv"  # (compressed, whatever its name says)
    named.write_bytes(gzip.compress(PROGRAM.encode()))
    assert _titles(parse_path(named))[0] == "Compilers for everyone"
    assert inner_name("talks.yml.GZ") == "talks.yml" and inner_name("p.csv") == "p.csv"
    assert compression_of(b"BZhack Days 2026\n\n## Opening\n") is None  # (text, not bzip2)
    toml = '[[talks]]\ntitle = "Opening"\nstart = "2026-10-20T09:00:00+02:00"\n'
    assert registry.detect(toml, "talks.toml.gz") == registry.detect(toml, "talks.toml")


def test_a_corrupt_or_too_big_compressed_file_is_refused_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cut = tmp_path / "cut.csv.gz"
    cut.write_bytes(gzip.compress(PROGRAM.encode() * 50)[:60])
    with pytest.raises(InputError) as said:
        parse_path(cut)
    assert str(said.value).startswith(f"{cut}: the file is gzip-compressed but cannot be")
    assert "\n" not in str(said.value)
    monkeypatch.setenv("TALKBASE_MAX_FILE_MB", "0.01")  # (10 KiB)
    bomb = tmp_path / "bomb.csv.gz"
    bomb.write_bytes(gzip.compress(PROGRAM.encode() + b"x," * 1_000_000))
    assert bomb.stat().st_size < 10_000
    with pytest.raises(InputError, match="decompresses to over the limit.*TALKBASE_MAX_FILE_MB"):
        parse_path(bomb)


def test_a_folder_holds_its_compressed_programs(tmp_path: Path) -> None:
    (tmp_path / "p.csv.gz").write_bytes(gzip.compress(PROGRAM.encode()))
    (tmp_path / "notes.gz").write_bytes(gzip.compress(b"x"))  # (no program suffix inside)
    files, _ = expand_all([tmp_path])
    assert [f.name for f in files] == ["p.csv.gz"]


def _conferences(home: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    capsys.readouterr()
    assert main(["--home", str(home), "export"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert len({t["title"] for t in lines}) == len(lines)  # (no talk twice)
    return {t["title"]: t["conference"] for t in lines}


def test_a_compressed_program_beside_its_plain_name_keeps_each_conference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "p.csv").write_text(PROGRAM, encoding="utf-8")
    (tmp_path / "p.csv.gz").write_bytes(gzip.compress(OTHER.encode()))
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(tmp_path / "p.csv")]) == 0
    assert main(["--home", str(home), "ingest", str(tmp_path / "p.csv.gz")]) == 0
    held = _conferences(home, capsys)
    assert len(held) == 6
    assert {held["Compilers for everyone"], held["Soil sensors"]} == {"p", "p.csv"}
    # the same program under another name joins the compressed one's conference
    (tmp_path / "q.csv").write_text(OTHER, encoding="utf-8")
    assert main(["--home", str(home), "ingest", str(tmp_path / "q.csv")]) == 0
    assert _conferences(home, capsys) == held


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_a_program_on_standard_input_is_read_once_however_often_it_is_piped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "home"
    for _ in range(2):
        _stdin(monkeypatch, PROGRAM.encode())
        assert main(["--home", str(home), "ingest", "-"]) == 0
        assert 'conference "stdin" (standard input names none;' in capsys.readouterr().out
        assert _conferences(home, capsys) == dict.fromkeys(
            ["Compilers for everyone", "Quantisation in practice", "Kernels at scale"], "stdin"
        )
    _stdin(monkeypatch, gzip.compress(OTHER.encode()))  # another program, compressed
    assert main(["--home", str(home), "ingest", "-"]) == 0
    said = capsys.readouterr().out
    assert "stdin (2): 3 talks (csv)" in said
    held = _conferences(home, capsys)
    assert len(held) == 6 and held["Soil sensors"] == "stdin (2)"
    # named by its conference, and --replace keeps only what is piped in then
    _stdin(monkeypatch, OTHER.encode())
    assert (
        main(["--home", str(home), "ingest", "-", "--conference", "Garden/Con", "--replace"]) == 0
    )
    assert "stdin (Garden-Con): 3 talks (csv)" in capsys.readouterr().out
    assert set(_conferences(home, capsys).values()) == {"Garden/Con"}


def test_standard_input_is_read_by_its_content_and_named_once() -> None:
    doc = detect.parse_stdin(stream=io.BytesIO(PROGRAM.encode()), conference="DevConf 2026")
    assert (doc.name, doc.path, doc.format) == ("stdin (DevConf 2026)", "<stdin>", "csv")
    assert not doc.conference_from_file_name
    files, _ = expand_all(["-", "-"])
    assert [str(f) for f in files] == ["-"]
    with pytest.raises(InputError, match="^<stdin>: the file is empty"):
        detect.parse_stdin(stream=io.BytesIO(b""))


def test_links_in_a_folder_are_said_as_links_and_a_file_is_read_once(tmp_path: Path) -> None:
    # sweep 23 (loss) F4: a dangling link was "a FIFO, device or socket"; F6: a link to
    # a file of the same folder was stored as a second document of that file
    folder = tmp_path / "tree"
    (folder / "a").mkdir(parents=True)
    (folder / "misc").mkdir()
    (folder / "a" / "schedule.csv").write_text(PROGRAM)
    (folder / "misc" / "link.csv").symlink_to("../a/schedule.csv")
    (folder / "misc" / "again.csv").symlink_to("link.csv")
    (folder / "misc" / "dangling.csv").symlink_to("nowhere.csv")
    notices: list[str] = []
    files, skipped = expand_all([folder], notices=notices)
    assert files == [folder / "a" / "schedule.csv"]
    assert [str(e) for e in skipped] == [
        f"{folder / 'misc' / 'dangling.csv'}: a symbolic link to a missing file "
        "(nowhere.csv); not read"
    ]
    assert len(notices) == 2 and all(
        f"a symbolic link to {folder / 'a' / 'schedule.csv'}, which is read in this folder "
        "too: read once, as that file" in n
        for n in notices
    )

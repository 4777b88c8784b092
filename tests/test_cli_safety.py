"""Program text never drives the terminal: whatever control characters and escape
sequences a program holds, every text the CLI prints is stripped of them (JSON
keeps the text whole, escaped), and the words around them stay readable."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from talkbase import output
from talkbase.cli import main

TALKBASE = str(Path(sys.executable).parent / "talkbase")

TITLE = "Kernels \x1b]0;pwned-title\x07for everyone"
SPEAKER = "Eve \x1b[8mhidden\x1b[0m Hacker"
ABSTRACT = (
    "Clipboard \x1b]52;c;ZWNobyBwd25lZA==\x07write. "
    "A \x1b]8;;http://evil.example/\x1b\\link text\x1b]8;;\x1b\\ here. "
    "Clear \x1b[2J\x1b[H screen. Eight-bit \x9b31m red \x9d0;t\x9c done. "
    "Bell \x07 back\x08space \x7f and \x1bc reset."
)
ROOM = "Room \x1b[31m1"
TRACK = "Sec\x96track"  # a lone C1 control

# What a terminal would act on: ESC, the other C0 controls but newline and tab, DEL, C1.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@pytest.fixture
def evil_home(tmp_path, monkeypatch):
    """A base of one talk whose every field carries terminal control sequences."""
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    program = tmp_path / "evil.jsonl"
    row = {
        "title": TITLE,
        "speakers": SPEAKER,
        "abstract": ABSTRACT,
        "room": ROOM,
        "track": TRACK,
        "start": "2026-10-20T10:00:00-07:00",
        "end": "2026-10-20T10:30:00-07:00",
    }
    program.write_text(json.dumps(row, ensure_ascii=False) + "\n", encoding="utf-8")
    home = tmp_path / "home"
    monkeypatch.setenv("TALKBASE_HOME", str(home))
    return home, program


def _printed(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _safe(text):
    assert not CONTROL.search(text), repr(CONTROL.findall(text))


def test_clean_strips_every_sequence_and_keeps_the_words():
    cases = {
        "a\x1b]0;title\x07b": "ab",  # window title (OSC 0, BEL)
        "a\x1b]52;c;ZWNobw==\x07b": "ab",  # clipboard write (OSC 52)
        "a\x1b]2;title\x1b\\b": "ab",  # OSC ended by ST
        "\x1b]8;;http://x.example/\x1b\\link\x1b]8;;\x1b\\": "link",  # OSC 8 hyperlink
        "a\x1b[2Jb\x1b[1;1Hc": "abc",  # clear screen, cursor home (CSI)
        "x \x1b[8mhidden\x1b[28m y": "x hidden y",  # concealed text shows
        "a\x9b2Jb": "ab",  # eight-bit CSI
        "a\x9d0;t\x9cb": "ab",  # eight-bit OSC ended by eight-bit ST
        "a\x1bPq#0\x1b\\b": "ab",  # DCS (sixel)
        "a\x1bcb\x1b7c": "abc",  # reset, save cursor
        "a\rb\x08c\x07d\x00e\x7ff\x85g": "abcdefg",  # lone controls (C0, DEL, C1)
        "line one\n\tline two": "line one\n\tline two",  # newline and tab stay
        "a\x1b]0;never ended": "a0;never ended",  # an unended OSC loses its ESC only
        "José Núñez — “quoted” 東京": "José Núñez — “quoted” 東京",
    }
    for raw, want in cases.items():
        assert output.clean(raw) == want, raw


def test_ingest_search_show_stats_print_no_control_sequence(evil_home, capsys):
    home, program = evil_home
    printed = []
    for argv in (
        ["ingest", str(program)],
        ["search", "kernels"],
        ["search", "clipboard", "--mode", "lexical"],
        ["show", "Kernels"],
        ["similar", "Kernels"],
        ["stats"],
        ["export", "--format", "csv"],
        ["show", "nothing like this at all"],  # the error sentence too
    ):
        code, out, err = _printed(capsys, *argv)
        _safe(out)
        _safe(err)
        printed.append(out + err)
    ingest_out, search_out, _, show_out, _, stats_out, export_out, _ = printed
    assert "Kernels 0;pwned-title" not in ingest_out and "Kernels for everyone" in ingest_out
    assert "Kernels for everyone" in search_out and "Eve hidden Hacker" in search_out
    for text in (
        "Clipboard write.",
        "A link text here.",
        "Clear  screen.",
        "Eight-bit  red  done.",
    ):
        assert text in show_out, text
    assert "room: Room 1" in show_out and "track: Sectrack" in show_out
    assert "rooms: Room 1" in stats_out and "Sectrack" in stats_out
    assert "Kernels for everyone" in export_out


def test_json_output_keeps_the_text_whole_and_escaped(evil_home, capsys):
    home, program = evil_home
    assert main(["ingest", str(program)]) == 0
    capsys.readouterr()
    for argv in (["show", "Kernels", "--json"], ["search", "kernels", "--json"]):
        code, out, err = _printed(capsys, *argv)
        assert code == 0
        _safe(out)
        _safe(err)
        found = json.loads(out)
        talk = found if isinstance(found, dict) else found[0]
        assert talk["title"] == TITLE and talk["track"] == TRACK  # nothing lost
        assert talk["abstract"].startswith("Clipboard \x1b]52;")
    code, out, _ = _printed(capsys, "export")  # jsonl
    _safe(out)
    assert json.loads(out.splitlines()[0])["room"] == ROOM


def test_the_console_script_prints_no_control_sequence(evil_home):
    home, program = evil_home
    env = {**os.environ, "TALKBASE_HOME": str(home), "TALKBASE_MODEL": "hashing"}
    for argv in (["ingest", str(program)], ["search", "kernels"], ["show", "Kernels"], ["stats"]):
        p = subprocess.run(
            [TALKBASE, *argv], capture_output=True, env=env, timeout=120, check=False
        )
        assert p.returncode == 0, p.stderr
        for stream in (p.stdout, p.stderr):
            text = stream.decode("utf-8")
            _safe(text)
    assert b"Sectrack" in p.stdout  # (the last: stats)

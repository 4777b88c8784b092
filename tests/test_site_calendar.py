"""The static site's .ics (index/site/assets/calendar.mjs, run under Node) follows the
rules the app's writer follows (appviews/models/ics.py, RFC 5545 3.1 and 3.3.11): every
line at most 75 octets, folded without splitting a UTF-8 character, ended by CRLF; a
TEXT value's \\ ; , and newlines escaped. Before, the site wrote a long title on one line
and a carriage return as it was."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from appviews.models import ics

ASSETS = Path(__file__).resolve().parents[1] / "index" / "site" / "assets"
NODE = shutil.which("node")

# titles at and around the fold: ASCII, a 3-octet character and a 4-octet one across
# the 75th octet, every character the escaping concerns, line ends of every kind
TITLES = [
    "A talk whose title is long enough to run well past the seventy-five octets of a line",
    "x" * 66 + "日本語の形態素解析入門と実践的な応用について語ります",
    "y" * 67 + "🦀 Rust 🦀 on embedded 🦀 boards 🦀 and more crabs 🦀🦀🦀🦀🦀🦀🦀🦀",
    "Commas, semicolons; back\\slashes and\nnew lines\r\nand carriage\rreturns\u2028too",
    "Short",
    "é" * 80,
]


def _site_calendar(events: list[dict]) -> str:
    script = (
        f"const {{ calendar }} = await import({json.dumps(str(ASSETS / 'calendar.mjs'))});"
        f"process.stdout.write(JSON.stringify(calendar({json.dumps(events)}, 0)));"
    )
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)


@pytest.mark.skipif(NODE is None, reason="needs node (the site's calendar runs under Node here)")
def test_the_sites_ics_lines_are_folded_at_75_octets_and_escaped_as_the_apps():
    events = [
        {
            "id": str(i + 1),
            "title": title,
            "start": "2026-09-12T08:00:00Z",
            "end": "2026-09-12T08:45:00Z",
            "room": "Hall A, level 2; east wing",
            "speakers": ["Ada Lovelace", "日本 太郎"],
        }
        for i, title in enumerate(TITLES)
    ]
    text = _site_calendar(events)
    raw = text.encode("utf-8")
    assert raw.endswith(b"\r\n")
    lines = raw[:-2].split(b"\r\n")
    for line in lines:
        assert len(line) <= ics.FOLD_AT, line
        line.decode("utf-8")  # no character split between two lines
        assert b"\n" not in line and b"\r" not in line
    assert any(len(line) == ics.FOLD_AT for line in lines)  # (long lines were folded)
    # each property, unfolded, is the app's escaping of the value; folded as the app folds
    for title in TITLES:
        line = "SUMMARY:" + ics.escape_text(title)
        assert ics.fold(line) + "\r\n" in text, title
    assert "LOCATION:Hall A\\, level 2\\; east wing\r\n" in text
    assert "DESCRIPTION:Ada Lovelace\\, 日本 太郎\r\n" in text
    assert text.count("BEGIN:VEVENT") == len(TITLES)

"""Sweep 24 (walk F3): an agenda's calendar, the app's (appviews/models/ics.py) and the
offline site's (index/site/assets/calendar.mjs), gives every event a SEQUENCE (RFC
5545 3.8.7.4), the build's (talkbase/core/present.py `calendar_sequence`): a calendar
exported after an update moved or cancelled a talk carries a higher one than the one
exported before it, so a calendar app that imported the older file takes the revision.
Before, neither wrote a SEQUENCE line."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from appviews.models import ics
from appviews.models.agenda import SavedAs
from index.build.builder import ingest
from index.search.kb import KnowledgeBase
from index.site.export import export_site
from talkbase.core import present

ASSETS = Path(__file__).resolve().parents[1] / "index" / "site" / "assets"
NODE = shutil.which("node")
HEAD = "title,speaker,abstract,start,end,room\n"
TALK = "Kernel work in Rust,Ada,Rust in the kernel,2030-01-02T{}:00,2030-01-02T{}:45,{}\n"
OTHER = "Cooking with Go,Bob,Go in the kitchen,2030-01-02T09:00,2030-01-02T09:30,Hall B\n"


def _sequences(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"^SEQUENCE:(\d+)\r$", text, re.M)]


def _site_calendar(events: list[dict], sequence: int) -> str:
    script = (
        f"const {{ calendar }} = await import({json.dumps(str(ASSETS / 'calendar.mjs'))});"
        f"process.stdout.write(JSON.stringify(calendar({json.dumps(events)}, 0, {sequence})));"
    )
    run = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)


def _build(tmp: Path, rows: str, embedder) -> tuple[list, int, int]:
    """The program `rows` ingested into tmp/home: (its talks, the app's sequence of
    the build, the sequence the site exported from it writes into meta.json)."""
    (tmp / "prog").mkdir(exist_ok=True)
    (tmp / "prog" / "talks.csv").write_text(HEAD + rows, encoding="utf-8")
    ingest([tmp / "prog"], tmp / "home", embedder)
    with KnowledgeBase(tmp / "home", embedder) as kb:
        talks = sorted(kb.talks.values(), key=lambda t: t.title)
        app = present.calendar_sequence(kb.manifest.built_at)
        site = tmp / f"site-{app}"
        export_site(kb, site)
    meta = json.loads((site / "data" / "meta.json").read_text(encoding="utf-8"))
    return talks, app, meta["sequence"]


def test_the_sequence_is_the_builds_and_later_builds_have_higher_ones():
    assert present.calendar_sequence(None) == 0
    assert present.calendar_sequence("not a time") == 0
    assert present.calendar_sequence("2020-01-01T00:00:00+0000") == 0
    earlier = present.calendar_sequence("2026-12-07T23:31:19+0000")
    assert earlier == int((datetime(2026, 12, 7, 23, 31, 19, tzinfo=UTC)).timestamp()) - int(
        present.SEQUENCE_EPOCH.timestamp()
    )
    # the same instant on another clock is the same sequence; a second later, higher
    assert present.calendar_sequence("2026-12-08T00:31:19+0100") == earlier
    assert present.calendar_sequence("2026-12-07T23:31:20+0000") == earlier + 1
    assert earlier < 2**31  # (a calendar app's 32-bit integer)


@pytest.mark.skipif(NODE is None, reason="needs node (the site's calendar runs under Node here)")
def test_a_moved_and_a_dropped_talk_raise_the_sequence_in_the_app_and_the_site(
    tmp_path, hashing_embedder
):
    before, app1, site1 = _build(tmp_path, TALK.format(10, 10, "Hall A") + OTHER, hashing_embedder)
    saved = {t.id: SavedAs.of(t) for t in before}
    time.sleep(1.1)  # (a build's stamp is to the second)
    after, app2, site2 = _build(tmp_path, TALK.format(16, 16, "Hall C"), hashing_embedder)
    assert app1 == site1 > 0 and app2 == site2 > app1  # one rule, app and site

    gone = {i: was for i, was in saved.items() if i not in {t.id for t in after}}
    assert len(gone) == 1  # "Cooking with Go" dropped: kept as saved, written cancelled
    first = ics.calendar(before, stamp=datetime(2029, 1, 1, tzinfo=UTC), sequence=app1)
    second = ics.calendar(after, stamp=datetime(2029, 1, 2, tzinfo=UTC), gone=gone, sequence=app2)
    assert _sequences(first) == [app1, app1]
    assert _sequences(second) == [app2, app2]  # the moved talk and the cancelled one
    starts = [re.findall(r"^DTSTART:(\S+)\r$", text, re.M) for text in (first, second)]
    assert "STATUS:CANCELLED" in second and set(starts[0]) != set(starts[1])  # (moved)

    # the site's calendar writes the same SEQUENCE line the app writes, for each event
    def events(talks: list, off: bool = False) -> list[dict]:
        return [
            {"id": str(t.id), "title": t.title, "start": t.start.isoformat(),
             "end": t.end.isoformat(), "room": t.room, "cancelled": off}
            for t in talks
        ]  # fmt: skip

    site_first = _site_calendar(events(before), site1)
    site_second = _site_calendar(events(after) + events(ics.dropped(gone), True), site2)
    assert _sequences(site_first) == _sequences(first)
    assert _sequences(site_second) == _sequences(second)
    for text in (first, second, site_first, site_second):  # after the UID, as RFC 5545 lists
        for block in text.split("BEGIN:VEVENT")[1:]:
            lines = block.split("\r\n")
            assert lines[1].startswith("UID:") and lines[2].startswith("SEQUENCE:"), lines

"""A keynote shown in two rooms at once (a hall and its live-stream room) is one talk
to a person: `recommend` after saving one never offers the other, `similar` of one
never lists the other (sweep 6, 18); with no abstract, one title and speakers at
one instant tell it, never a generic title ("Lightning talks")."""

from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

from index.search import showings
from talkbase.cli import main
from talkbase.core.records import Speaker, Talk

CSV = (
    "id,title,speakers,date,start,end,room,track\n"
    "k1,Opening Keynote: The Next Decade of Open Source,Linus Berg (OSI),2026-05-12,09:00,09:45,"
    "Hall A,Keynote\n"
    "k1s,Opening Keynote: The Next Decade of Open Source,Linus Berg (OSI),2026-05-12,09:00,09:45,"
    "Hall B (live stream),Keynote\n"
    "t2,Supply-Chain Security with Sigstore,Maya Patel,2026-05-12,10:00,10:40,Hall A,Security\n"
    "t3,Rust for Python Developers,Ola Nowak,2026-05-12,10:00,10:40,Hall B,Languages\n"
)


def test_recommend_and_similar_never_offer_the_other_room(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TALKBASE_MODEL", "hashing")
    doc = tmp_path / "program.csv"
    doc.write_text(CSV, encoding="utf-8")
    home = tmp_path / "home"
    assert main(["--home", str(home), "ingest", str(doc)]) == 0
    capsys.readouterr()
    assert main(["--home", str(home), "search", "--json", "opening keynote"]) == 0
    keynotes = [h["id"] for h in json.loads(capsys.readouterr().out) if "Keynote" in h["title"]]
    assert len(keynotes) == 2  # search lists each room
    saved, other = keynotes
    assert main(["--home", str(home), "recommend", "--json", "--saved", str(saved)]) == 0
    assert other not in [h["id"] for h in json.loads(capsys.readouterr().out)]
    assert main(["--home", str(home), "similar", "--json", str(saved)]) == 0
    assert other not in [h["id"] for h in json.loads(capsys.readouterr().out)["results"]]


def test_what_tells_a_simulcast():
    at = datetime(2026, 5, 12, 9, tzinfo=ZoneInfo("Europe/Berlin"))
    title = "Opening Keynote: The Next Decade of Open Source"
    talk = Talk(title, (Speaker("Linus Berg"),), at, room="Hall A", conference="C")
    assert showings.key(talk) == showings.key(Talk(**{**talk.__dict__, "room": "Hall B"}))
    later = Talk(**{**talk.__dict__, "start": at.replace(hour=14)})
    assert showings.key(talk) != showings.key(later)  # another time, no abstract: can't tell
    lightning = Talk("Lightning talks", (Speaker("Ana Host"),), at, conference="C")
    assert showings.key(lightning) is None

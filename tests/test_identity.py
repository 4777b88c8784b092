"""Which records are one talk, and which id a talk has (issue 17, items 1, 2, 7).

Two records are one talk only on evidence: the same title key *and* nothing
contradicting it (another day, another start, other speakers elsewhere), or the
same source uid in one conference. A talk's id is a function of its own identity,
never of the order its documents were ingested, removed or ingested again.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import unicodedata
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from index.build import delta, ids
from index.build.builder import ingest, remove
from index.search.kb import KnowledgeBase
from ingest.detect import parse_path
from ingest.merge import merge_talks
from ingest.merge.same import same_talk
from ingest.text import clean, title_key
from talkbase.core.records import Source, Speaker, Talk
from tests.conftest import BLOG, DIGEST, ROOT

FOSDEM_2024 = Path(ROOT).parent / "shared" / "schedules" / "fosdem2024.xml"
CONF = "DevConf 2025"


def _jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n")
    return path


def _days(tmp_path: Path) -> tuple[Path, Path]:
    """The issue's conference published as one file per day."""
    mon, tue = "2025-03-03", "2025-03-04"
    day1 = [
        dict(
            title="C++ in Production",
            start=f"{mon}T10:00:00+01:00",
            room="Room 1",
            speakers="Alice Martin",
            abstract="Templates, allocators and undefined behaviour in a large C++ codebase.",
        ),
        dict(
            title="🔥🔥🔥", start=f"{mon}T11:00:00+01:00", abstract="A hot take on build systems."
        ),
        dict(title="Lunch", start=f"{mon}T12:00:00+01:00", abstract="Food on the first floor."),
        dict(title="Lightning talks", abstract="Five minutes each, about anything."),
    ]
    day2 = [
        dict(
            title="C# in Production",
            start=f"{tue}T10:00:00+01:00",
            room="Room 1",
            speakers="Carol Zhang",
            abstract="LINQ, async await and the .NET runtime under real load.",
        ),
        dict(title="🚀🚀🚀", start=f"{tue}T11:00:00+01:00", abstract="Rockets, launched by CI."),
        dict(title="Lunch", start=f"{tue}T12:00:00+01:00", abstract="Food on the second floor."),
        dict(
            title="Lightning talks",
            start=f"{tue}T16:00:00+01:00",
            abstract="Another round of five-minute talks.",
        ),
    ]
    for rows in (day1, day2):
        for r in rows:
            r["conference"] = CONF
    return _jsonl(tmp_path / "day1.jsonl", day1), _jsonl(tmp_path / "day2.jsonl", day2)


def _ids(home: Path, hashing_embedder) -> dict[tuple[str, str, str], int]:
    """(conference, title, start) -> id of every talk of the base."""
    with KnowledgeBase(home, hashing_embedder) as kb:
        out = {
            (t.conference, t.title, t.start.isoformat() if t.start else ""): tid
            for tid, t in kb.talks.items()
        }
        assert len(out) == len(kb.talks)
        return out


# -- item 1: different talks never merge on the title key alone -----------------------


def test_a_conference_in_one_file_per_day_keeps_every_talk(tmp_path, hashing_embedder):
    day1, day2 = _days(tmp_path)
    home, together = tmp_path / "home", tmp_path / "together"
    ingest([day1], home, hashing_embedder)
    report = ingest([day2], home, hashing_embedder)
    assert report.talks == 8 and report.merged == 0
    with KnowledgeBase(home, hashing_embedder) as kb:
        titles = sorted(t.title for t in kb.talks.values())
        hits = kb.search("LINQ async await .NET runtime", 3, mode="lexical")
    assert titles == sorted(
        ["C++ in Production", "C# in Production", "🔥🔥🔥", "🚀🚀🚀"]
        + ["Lunch", "Lunch", "Lightning talks", "Lightning talks"]
    )
    assert hits and hits[0].talk.title == "C# in Production"
    ingest([day1, day2], together, hashing_embedder)
    assert _ids(home, hashing_embedder) == _ids(together, hashing_embedder)


def _talk(title: str, doc: str, start: datetime | None = None, **kw) -> Talk:
    return Talk(
        title,
        start=start,
        conference=CONF,
        sources=(Source(doc, "json", "line 1"),),
        **kw,
    )


MON = datetime(2025, 3, 3, 10, 0, tzinfo=UTC)


def test_same_talk_needs_evidence_beyond_the_title_key():
    tue = MON + timedelta(days=1)
    assert title_key("C++ in Production") != title_key("C# in Production")
    assert title_key("C++ in production.") == title_key("c++ in Production")
    # emoji-only and one-letter titles never match on the title alone
    assert not same_talk(_talk("🔥🔥🔥", "a"), _talk("🚀🚀🚀", "b"))
    assert not same_talk(_talk("R", "a"), _talk("R", "b"))
    # a repeated session on two days, or with one side untimed, stays two sessions
    assert not same_talk(_talk("Lunch", "a", MON), _talk("Lunch", "b", tue))
    assert not same_talk(_talk("Lightning talks", "a"), _talk("Lightning talks", "b", tue))
    assert same_talk(_talk("Lunch", "a", MON), _talk("Lunch", "b", MON))
    # a specific title: untimed joins timed, two days do not, nor a start 2 h later
    title = "Scaling the compiler pipeline"
    assert same_talk(_talk(title, "a"), _talk(title, "b", MON))
    assert not same_talk(_talk(title, "a", MON), _talk(title, "b", tue))
    assert not same_talk(_talk(title, "a", MON), _talk(title, "b", MON + timedelta(hours=2)))
    # other speakers in another room: another talk; the same speaker: one talk
    ann, bob = (Speaker("Ann Smith"),), (Speaker("Bob Jones"),)
    assert not same_talk(
        _talk(title, "a", speakers=ann, room="A"), _talk(title, "b", speakers=bob, room="B")
    )
    assert same_talk(_talk("Lunch", "a", speakers=ann), _talk("Lunch", "b", speakers=ann))
    # the same source uid in one conference, though the title changed
    assert same_talk(
        _talk(title, "a", MON, uid="x-17"), _talk(title + " (updated)", "b", MON, uid="x-17")
    )


def test_a_record_joins_a_talk_only_when_it_contradicts_none_of_its_records():
    title = "Scaling the compiler pipeline"
    untimed, mon = _talk(title, "a"), _talk(title, "b", MON)
    tue = _talk(title, "c", MON + timedelta(days=1))
    merged = merge_talks([untimed, mon, tue])
    assert sorted(len(t.sources) for t in merged) == [1, 2]


def test_the_demo_still_merges_ten_talks():
    talks = [t for p in (DIGEST, BLOG) for t in parse_path(p).talks]
    merged = merge_talks(talks)
    assert len(merged) == 71
    assert sum(len(t.sources) == 2 for t in merged) == 10


# -- item 7: one spelling of a name, whichever Unicode form it came in ----------------


def test_nfc_and_nfd_spellings_are_one_speaker_one_room(tmp_path, hashing_embedder):
    name, room = "José Núñez", "Salle Étoile"
    nfd = unicodedata.normalize("NFD", name)
    assert nfd != name and unicodedata.normalize("NFC", nfd) == name
    a = _jsonl(
        tmp_path / "a.jsonl",
        [
            dict(title="Kernels at scale", speakers=name, room=room, conference=CONF),
            dict(title="Schedulers", speakers=nfd, room=unicodedata.normalize("NFD", room)),
        ],
    )
    home = tmp_path / "home"
    ingest([a], home, hashing_embedder)
    with KnowledgeBase(home, hashing_embedder) as kb:
        names = [r[0] for r in kb.sql("SELECT DISTINCT name FROM speakers").fetchall()]
        rooms = {t.room for t in kb.talks.values()}
    assert names == [name]
    assert rooms == {room}
    assert clean(nfd) == name


# -- item 2: ids are the talks' own, whatever the order of ingests --------------------


def _conference(tmp_path: Path, name: str, conference: str, title: str) -> Path:
    return _jsonl(
        tmp_path / name,
        [dict(uid="101", title=title, conference=conference, abstract=f"{title}, in full.")],
    )


def test_two_conferences_sharing_a_uid_keep_their_ids(tmp_path, hashing_embedder):
    a = _conference(tmp_path, "a.jsonl", "RustConf 2025", "Borrowing without tears")
    b = _conference(tmp_path, "b.jsonl", "GopherCon 2025", "Channels all the way down")
    home, fresh = tmp_path / "home", tmp_path / "fresh"
    ingest([a], home, hashing_embedder)
    first = _ids(home, hashing_embedder)
    ingest([b], home, hashing_embedder)
    assert first.items() <= _ids(home, hashing_embedder).items()  # adding moves nothing
    remove(home, hashing_embedder, [a.name])
    ingest([a], home, hashing_embedder)
    ingest([a, b], fresh, hashing_embedder)
    assert _ids(home, hashing_embedder) == _ids(fresh, hashing_embedder)
    assert len(set(_ids(home, hashing_embedder).values())) == 2


def test_every_order_of_ingests_gives_the_same_ids(tmp_path, hashing_embedder):
    day1, day2 = _days(tmp_path)
    third = _jsonl(
        tmp_path / "day3.jsonl",
        [
            dict(title="Lunch", start="2025-03-05T12:00:00+01:00", conference=CONF),
            dict(title="C++ in Production", speakers="Alice Martin", conference=CONF),
            dict(title="Closing", conference=CONF, abstract="Goodbye."),
        ],
    )
    docs = [day1, day2, third]
    seen = []
    for n, order in enumerate(itertools.permutations(docs)):
        home = tmp_path / f"home{n}"
        for doc in order:
            ingest([doc], home, hashing_embedder)
        seen.append(_ids(home, hashing_embedder))
    home = tmp_path / "churn"  # remove one and bring it back
    ingest(docs, home, hashing_embedder)
    remove(home, hashing_embedder, [day1.name])
    ingest([day1], home, hashing_embedder)
    seen.append(_ids(home, hashing_embedder))
    assert all(s == seen[0] for s in seen)
    assert len(seen[0]) == 10  # the untimed "C++ in Production" joins day 1's


def _split_by_day(source: Path, folder: Path) -> list[Path]:
    """The pentabarf file as one file per <day>, each with the <conference> header."""
    text = source.read_text(encoding="utf-8")
    days = re.findall(r"  <day .*?</day>\n", text, flags=re.S)
    head = text[: text.index(days[0])]
    tail = text[text.index(days[-1]) + len(days[-1]) :]
    out = []
    for n, day in enumerate(days, start=1):
        path = folder / f"fosdem2024-day{n}.xml"
        path.write_text(head + day + tail, encoding="utf-8")
        out.append(path)
    return out


@pytest.mark.skipif(not FOSDEM_2024.is_file(), reason="needs ../shared/schedules")
def test_fosdem_ingested_day_by_day_is_fosdem_ingested_at_once(tmp_path, hashing_embedder):
    days = _split_by_day(FOSDEM_2024, tmp_path)
    assert len(days) == 2
    by_day, at_once = tmp_path / "by-day", tmp_path / "at-once"
    for path in days:
        ingest([path], by_day, hashing_embedder)
    ingest([FOSDEM_2024], at_once, hashing_embedder)
    ids = _ids(by_day, hashing_embedder)
    assert len(ids) == 674
    assert ids == _ids(at_once, hashing_embedder)


def _ids_as_before(talks, taken, old=None):
    """Ids as talkbase gave them before ids came from the identity: the year and
    the uid (or the title), the next free number on a clash, in ingest order."""
    out = []
    for t in talks:
        m = re.search(r"\b(19|20)\d\d\b", t.conference)
        year = m.group(0) if m else (str(t.start.year) if t.start else "")
        ident = f"uid:{year}|{t.uid}" if t.uid else f"{year}|{title_key(t.title)}"
        n = int.from_bytes(hashlib.sha1(ident.encode()).digest()[:8], "big") % ids.ID_SPACE
        while n in taken:
            n = n % (ids.ID_SPACE - 1) + 1
        taken.add(n)
        out.append(n)
    return out


def test_a_base_built_before_keeps_its_ids(tmp_path, hashing_embedder, monkeypatch):
    day1, day2 = _days(tmp_path)
    home = tmp_path / "home"
    with monkeypatch.context() as m:
        m.setattr(delta, "stable_ids", _ids_as_before)
        ingest([day1], home, hashing_embedder)
    before = _ids(home, hashing_embedder)
    ingest([day2], home, hashing_embedder)  # a change: day 2's "Lunch" touches day 1's
    assert before.items() <= _ids(home, hashing_embedder).items()
    ingest([day1, day2], home, hashing_embedder, rebuild=True)  # a whole build
    assert before.items() <= _ids(home, hashing_embedder).items()
    remove(home, hashing_embedder, [day2.name])
    assert _ids(home, hashing_embedder) == before

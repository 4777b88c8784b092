"""The same talk in both documents becomes one talk; conflicts are kept."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from ingest.detect import parse_path
from ingest.merge import merge_talks
from ingest.merge.same import canonical_conferences, same_talk
from ingest.text import same_org, title_key
from talkbase.core.records import Source, Speaker, Talk
from tests.conftest import BLOG, DIGEST

SHARED = {
    "Future of Distributed Communication in PyTorch: New APIs for Fault Tolerance, RDMA and Extensibility",
    "Introducing NCCL Extensions: Communication Patterns for Modern AI",
    "Beyond Collectives: Building Fused Compute-Communication Kernels with PyTorch Symmetric Memory",
    "rocSHMEM Symmetric Memory in PyTorch for AMD GPUs",
    "MCCL: Fault-Tolerant Collective Communication for Large-Scale GPU Training",
    "EP-Overlap: Hiding Expert-Parallel Communication in MoE Training",
    "Five Bottlenecks, Five Fixes: Systematic Performance Diagnosis for PyTorch Distributed Training",
    "XCCL: Scaling PyTorch Collectives to Exascale on Intel GPUs with TorchComms",
    "Monarch – Single-Machine DevX at Distributed Scale",
    "Precompile for Training",
}


@pytest.fixture(scope="module")
def merged():
    talks = [t for p in (DIGEST, BLOG) for t in parse_path(p).talks]
    return {t.title: t for t in merge_talks(talks)}


def test_seventy_one_distinct_talks_ten_merged(merged):
    assert len(merged) == 71
    both = {title for title, t in merged.items() if len(t.sources) == 2}
    assert both == SHARED


def test_merged_talk_has_schedule_and_notes(merged):
    t = merged["MCCL: Fault-Tolerant Collective Communication for Large-Scale GPU Training"]
    assert t.room == "210AE" and t.start.strftime("%H:%M") == "17:30"
    assert t.note("Why") and t.abstract.startswith("The Meta Collective Communication Library")
    assert {s.parser for s in t.sources} == {"digest", "blog"}
    assert t.conflicts == ()


def test_dash_difference_still_merges(merged):
    assert "Monarch - Single-Machine DevX at Distributed Scale" not in merged
    assert "Monarch – Single-Machine DevX at Distributed Scale" in merged


def test_speaker_list_conflicts_are_kept_with_their_source(merged):
    t = merged["Monarch – Single-Machine DevX at Distributed Scale"]
    (c,) = [c for c in t.conflicts if c.field == "speakers"]
    values = dict(c.values)
    assert values[BLOG.name] == "Marius Eriksen (Meta)"
    assert values[DIGEST.name] == "Thomas Wang (Meta); Zach DeVito (Meta)"
    assert {s.name for s in t.speakers} == {"Marius Eriksen", "Thomas Wang", "Zach DeVito"}


def test_affiliation_conflict(merged):
    t = merged["EP-Overlap: Hiding Expert-Parallel Communication in MoE Training"]
    fields = {c.field: dict(c.values) for c in t.conflicts}
    assert fields["affiliation of Sanket Jayant Purandare"] == {
        BLOG.name: "Meta",
        DIGEST.name: "PyTorch Distributed and Compilers",
    }
    assert "speakers" in fields  # Syed Ahmed is only in the digest


def test_same_org_detail_is_merged_not_conflicting(merged):
    t = merged[
        "Future of Distributed Communication in PyTorch: New APIs for Fault Tolerance, RDMA and Extensibility"
    ]
    assert t.conflicts == ()
    assert {s.affiliation for s in t.speakers} == {"Meta (PyTorch Distributed)"}
    five = merged[
        "Five Bottlenecks, Five Fixes: Systematic Performance Diagnosis for PyTorch Distributed Training"
    ]
    assert not any(
        c.field.startswith("affiliation") for c in five.conflicts
    )  # AWS = Amazon Web Services


def test_digest_only_talk_gets_what_note_as_abstract(merged):
    t = merged["Who Owns Production When the Agent Does the Fixing? Governance in AI-Assisted SRE"]
    assert t.start is None and t.abstract == t.note("What")


def test_one_conference(merged):
    assert {t.conference for t in merged.values()} == {"PyTorch Conference North America 2026"}


def _talk(title, doc, speakers=("Ann Smith",)):
    return Talk(
        title=title,
        speakers=tuple(Speaker(s) for s in speakers),
        sources=(Source(doc, "test", "line 1"),),
    )


def test_no_false_merges():
    a = _talk("Scaling Training on GPUs", "a.txt")
    b = _talk("Scaling Inference on GPUs", "b.txt")
    c = _talk("Scaling Training on GPUs", "a.txt")  # same document: two sessions, not merged
    assert not same_talk(a, b)
    assert len(merge_talks([a, b, c])) == 3


def test_near_identical_titles_merge_only_with_a_shared_speaker():
    a = _talk("Fast kernels for everyone, everywhere", "a.txt", ("Ann Smith",))
    b = _talk("Fast kernels for everyone everywhere!", "b.txt", ("Bob Jones",))
    assert same_talk(a, b)  # equal after title_key
    c = _talk("Fast kernel for everyone, everywhere", "c.txt", ("Bob Jones",))
    d = _talk("Fast kernel for everyone, everywhere", "d.txt", ("Carl Z",))
    assert same_talk(a, _talk("Fast kernel for everyone, everywhere", "e.txt", ("Ann Smith",)))
    assert not same_talk(a, d) and not same_talk(a, c)


def test_title_key_and_orgs():
    assert title_key("Monarch – Single-Machine DevX") == title_key("monarch - single machine devx")
    assert same_org("AWS", "Amazon Web Services")
    assert same_org("Meta", "Meta (PyTorch Distributed)")
    assert not same_org("Meta", "Google")
    assert same_org("Amazon", "AWS") and same_org("Facebook", "Meta AI")  # talkbase/core/orgs.py
    assert same_org("Nvidia", "NVIDIA Corporation") and not same_org("Amazon", "Anyscale")


def test_merged_speaker_keeps_the_fullest_spelling_of_one_organisation():
    a = Talk(title="T", speakers=(Speaker("Ann Lee", "AWS"),), sources=(Source("a", "t", "1"),))
    b = Talk(
        title="T",
        speakers=(Speaker("Ann Lee", "Amazon Web Services"),),
        sources=(Source("b", "t", "1"),),
    )
    [t] = merge_talks([a, b])
    assert t.speakers == (Speaker("Ann Lee", "Amazon Web Services"),)
    assert not any(c.field.startswith("affiliation") for c in t.conflicts)


def test_canonical_conferences():
    names = ["PyTorch Conference 2026", "PyTorch Conference North America 2026", "FOSDEM 2026"]
    out = canonical_conferences(names)
    assert out["PyTorch Conference 2026"] == "PyTorch Conference North America 2026"
    assert out["FOSDEM 2026"] == "FOSDEM 2026"


def test_same_title_in_two_conferences_is_two_talks():
    a = replace(_talk("Opening Keynote", "fosdem.ics"), conference="FOSDEM 2026")
    b = replace(_talk("Opening Keynote", "pycon.ics"), conference="PyCon US 2026")
    merged = merge_talks([a, b])
    assert len(merged) == 2 and {t.conference for t in merged} == {"FOSDEM 2026", "PyCon US 2026"}


def test_timezone_names_survive_a_round_trip():
    from talkbase.core.records import talk_from_dict

    (t, *_) = parse_path(BLOG).talks
    back = talk_from_dict(t.to_dict())
    assert back == t and str(back.start.tzinfo) == "America/Los_Angeles"
    assert t.to_dict()["timezone"] == "America/Los_Angeles"


def test_two_tracks_panels_of_one_generic_title_and_time_with_their_own_panellists_stay_two():
    # sweep 13 F4: per-track files, no room, each a "Panel discussion" at 16:00: joined into
    # one panel of four panellists, one abstract lost
    at = datetime(2026, 9, 10, 16, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    data = replace(
        _talk("Panel discussion", "track-data.csv", ("Nina Cole", "Tom Reyes")),
        start=at,
        abstract="Data leaders discuss the year.",
    )
    security = replace(
        _talk("Panel discussion", "track-security.csv", ("Ivy Moss", "Raj Patel")),
        start=at,
        abstract="Security leaders discuss the year.",
    )
    merged = merge_talks([data, security])
    assert sorted(t.abstract for t in merged) == [
        "Data leaders discuss the year.",
        "Security leaders discuss the year.",
    ]
    # one panel, a panellist shared or one file naming nobody: one talk, as before
    assert len(merge_talks([data, replace(security, speakers=data.speakers[:1])])) == 1
    assert len(merge_talks([data, replace(security, speakers=())])) == 1


def test_one_speaker_with_and_without_a_title_before_the_name_is_one_person():
    # sweep 13 F7: "Memory safety in C++" merged from two files kept "Lena Fischer" and
    # "Dr. Lena Fischer" as two speakers
    a = _talk("Memory safety in C++", "a.csv", ("Lena Fischer",))
    b = _talk("Memory Safety in C++ ", "b.csv", ("Dr. Lena Fischer",))
    (one,) = merge_talks([a, b])
    assert len(one.speakers) == 1 and "speakers" not in [c.field for c in one.conflicts]
    c = _talk("Memory safety in C++", "c.csv", ("Lena Fischer", "Ravi Rao"))
    (two,) = merge_talks([a, c])
    assert [s.name for s in two.speakers] == ["Lena Fischer", "Ravi Rao"]

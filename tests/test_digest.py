"""The curated digest (000_*.txt): every talk, every field."""

from __future__ import annotations

import pytest

from ingest.detect import parse_path
from ingest.formats import digest
from tests.conftest import DIGEST


@pytest.fixture(scope="module")
def talks():
    doc = parse_path(DIGEST)
    assert doc.format == "digest"
    return {t.title: t for t in doc.talks}


def test_counts_and_sections(talks):
    assert len(talks) == 19
    sections = [t.sources[0].section for t in talks.values()]
    assert sections.count("Core") == 9
    assert sections.count("Adjacent") == 8
    assert sections.count("Wildcard") == 2
    # The Themes section and the trailer are not talks.
    assert not any(t.startswith(("Themes", "About", "Communication is")) for t in talks)


def test_speakers_with_shared_affiliation(talks):
    t = talks[
        "Future of Distributed Communication in PyTorch: New APIs for Fault Tolerance, RDMA and Extensibility"
    ]
    assert [(s.name, s.affiliation) for s in t.speakers] == [
        ("Tristan Rice", "Meta (PyTorch Distributed)"),
        ("Kapil Sharma", "Meta (PyTorch Distributed)"),
    ]


def test_speakers_with_own_affiliations_containing_commas(talks):
    t = talks["State-of-the-Art KV Transfer for Disaggregated LLM Serving in vLLM"]
    assert [(s.name, s.affiliation) for s in t.speakers] == [
        ("Nicolò Lucchesi", "Mistral AI, vLLM maintainer"),
        ("Sunita Nadampalli", "Amazon"),
        ("Zhanqiu Hu", "Red Hat"),
    ]


def test_semicolon_speaker_group_shares_trailing_affiliation(talks):
    t = talks["Precompile for Training"]
    assert [(s.name, s.affiliation) for s in t.speakers] == [
        ("Bob Ren", "Meta"),
        ("Aaron Orenstein", "Meta"),
    ]


def test_speaker_without_affiliation(talks):
    t = talks["Demo Theater: OpenCLIC: Open Communication for Distributed Inference"]
    assert [(s.name, s.affiliation) for s in t.speakers] == [("Jesse Treger", None)]


def test_format_prefix_gives_the_format_and_stays_in_the_title(talks):
    t = talks["Demo Theater: OpenCLIC: Open Communication for Distributed Inference"]
    assert t.format == "Demo Theater"  # (sweep 16, F10: the title as the program spells it)


def test_notes_are_separate_fields_and_marker_becomes_flag(talks):
    t = talks["MCCL: Fault-Tolerant Collective Communication for Large-Scale GPU Training"]
    labels = [label for label, _ in t.notes]
    assert labels == ["Why", "What", "How", "Where applicable"]
    assert t.abstract_only is True
    assert all("from abstract only" not in text for _, text in t.notes)
    assert t.note("What").startswith(
        "MCCL, Meta's open-source fault-tolerant C++ collective library"
    )


def test_code_spans_that_lost_spaces_are_repaired(talks):
    t = talks[
        "Future of Distributed Communication in PyTorch: New APIs for Fault Tolerance, RDMA and Extensibility"
    ]
    assert t.note("Why").startswith("torch.distributed is the layer")
    assert "torch.distributed.reconfigure() for live process-group" in t.note("What")
    sym = talks[
        "Beyond Collectives: Building Fused Compute-Communication Kernels with PyTorch Symmetric Memory"
    ]
    assert "torch.distributed window APIs" in sym.note("Why")
    assert "torch.distributed.TokenSwitch supporting" in sym.note("What")
    five = talks[
        "Five Bottlenecks, Five Fixes: Systematic Performance Diagnosis for PyTorch Distributed Training"
    ]
    assert "torch.profiler signatures" in five.note("What")


def test_repair_leaves_unsafe_splits_alone():
    vocab = {"is", "the"}
    assert digest.repair_code_spans("torch.fooxyz bar", vocab) == "torch.fooxyz bar"
    assert digest.repair_code_spans("plain words here", vocab) == "plain words here"
    assert (
        digest.repair_code_spans("torch.nn.Module()is fine", vocab) == "torch.nn.Module() is fine"
    )


def test_provenance(talks):
    t = talks["Precompile for Training"]
    (src,) = t.sources
    assert src.document == DIGEST.name and src.parser == "digest"
    assert src.location.startswith("line ")
    assert t.conference == "PyTorch Conference 2026"

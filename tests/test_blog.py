"""The flattened blog post (001_*.txt): 62 talks under 12 tracks, every field."""

from __future__ import annotations

from datetime import date

import pytest

from ingest.detect import parse_path
from ingest.formats import blog
from tests.conftest import BLOG

TRACKS = [
    "Compilers, Graph Capture & Dynamic Shapes",
    "Kernel Engineering & Domain-Specific Languages",
    "Distributed Training, Parallelism & Systems",
    "Communication & Collective Libraries",
    "Quantization & Low-Precision Training",
    "Optimizers & Multi-Loss Training",
    "Reinforcement Learning Systems",
    "Inference & Serving Optimization",
    "Hardware Portability & Accelerator Backends",
    "Profiling, Observability & Performance Diagnostics",
    "Data Loading, Storage & Media Pipelines",
    "AI Agents, Open-Source Community & Release Engineering",
]


@pytest.fixture(scope="module")
def doc():
    d = parse_path(BLOG)
    assert d.format == "blog"
    return d


@pytest.fixture(scope="module")
def talks(doc):
    return {t.title: t for t in doc.talks}


def _row(t):
    return (
        [(s.name, s.affiliation) for s in t.speakers],
        t.start.strftime("%a %Y-%m-%d %H:%M"),
        t.end.strftime("%H:%M"),
        t.room,
        t.track,
    )


def test_counts(doc):
    assert len(doc.talks) == 62
    assert doc.warnings == ()


def test_twelve_tracks_in_order_with_descriptions(doc):
    seen = list(dict.fromkeys(t.track for t in doc.talks))
    assert seen == TRACKS
    desc = {t.track: t.track_description for t in doc.talks}
    assert desc["Reinforcement Learning Systems"].startswith("Open frameworks and infrastructure")
    assert desc["Compilers, Graph Capture & Dynamic Shapes"].startswith(
        "Everything to do with torch.compile"
    )
    assert desc["Compilers, Graph Capture & Dynamic Shapes"].endswith(
        "artifacts for later execution"
    )
    assert all(d and len(d.split()) > 8 for d in desc.values())


@pytest.mark.parametrize(
    "title, expected",
    [
        # first talk after each track heading
        (
            "Beyond Size and Stride: Unleash Performance with Device-Aware Tensor Layouts",
            (
                [("Olivier Tardieu", "IBM"), ("Matthew Arnold", "IBM")],
                "Tue 2026-10-20 16:20",
                "16:30",
                "LL20AB",
                TRACKS[0],
            ),
        ),
        (
            "Extending TorchInductor with FlyDSL: A New MLIR-Native Backend for High-Performance GEMMs",
            ([("Liz Li", "AMD")], "Tue 2026-10-20 11:10", "11:35", "210BF", TRACKS[1]),
        ),
        (
            "Monarch – Single-Machine DevX at Distributed Scale",
            ([("Marius Eriksen", "Meta")], "Tue 2026-10-20 11:10", "11:35", "LL20CD", TRACKS[2]),
        ),
        (
            "EP-Overlap: Hiding Expert-Parallel Communication in MoE Training",
            (
                [("Sanket Jayant Purandare", "Meta")],
                "Tue 2026-10-20 15:25",
                "15:35",
                "LL21DEF",
                TRACKS[3],
            ),
        ),
        (
            "HiFloat: Democratizing Ultra-Low Precision Training and Inference in PyTorch Ecosystems",
            (
                [("Yun Zhao", "Huawei"), ("Haonan Zhang", "Huawei")],
                "Wed 2026-10-21 14:50",
                "15:00",
                "LL20AB",
                TRACKS[4],
            ),
        ),
        (
            "Beyond AdamW: A Practical PyTorch Walkthrough of Muon, Dion, and Orthogonalized Optimizer Variants",
            (
                [("Jennifer Wei", "Bird of Paradise AI")],
                "Wed 2026-10-21 14:50",
                "15:15",
                "LL21DEF",
                TRACKS[5],
            ),
        ),
        (
            "Open Source Reinforcement Learning with Agent Harnesses",
            (
                [("Ben Burtenshaw", "Hugging Face")],
                "Tue 2026-10-20 17:30",
                "17:55",
                "210AE",
                TRACKS[6],
            ),
        ),
        (
            "Faster LLM Serving Startup with fastsafetensors",
            ([("Takeshi Yoshimura", "IBM")], "Tue 2026-10-20 15:25", "15:35", "LL20CD", TRACKS[7]),
        ),
        (
            "Unlocking PyTorch for Dataflow Accelerators: An Open-Source Kernel Tile IR and Dataflow Scheduler",
            (
                [
                    ("Prasanth Chatarasi", "IBM"),
                    ("Bardia Mahjour", "IBM"),
                    ("Viji Srinivasan", "IBM"),
                ],
                "Tue 2026-10-20 16:55",
                "17:20",
                "210BF",
                TRACKS[8],
            ),
        ),
        (
            "What You Cannot Profile, You Cannot Optimize: Learning to Read PyTorch Traces",
            (
                [
                    ("Aritra Roy Gosthipaty", "Hugging Face"),
                    ("Suvaditya Mukherjee", "Hugging Face"),
                ],
                "Tue 2026-10-20 14:50",
                "15:15",
                "LL20AB",
                TRACKS[9],
            ),
        ),
        (
            "Keeping GPUs Busy: High-Speed Storage for PyTorch via fsspec",
            (
                [("Ankita Luthra", "Google"), ("Trinadh Kotturu", "Google")],
                "Tue 2026-10-20 15:40",
                "15:50",
                "LL21DEF",
                TRACKS[10],
            ),
        ),
        # a room name with spaces; the parenthesis is the session format
        (
            "Contributing to PyTorch with AI Agents",
            (
                [("Edward Yang", "Meta")],
                "Tue 2026-10-20 10:35",
                "11:05",
                "Community Expo",
                TRACKS[11],
            ),
        ),
        # semicolon-separated groups, affiliations with commas
        (
            "Unlocking the Full Potential of TorchDynamo: Accelerating, Comparing, and Debugging ML Systems",
            (
                [
                    ("Yi Pan", "UC Berkeley"),
                    ("Megan Frisella", "University of Washington"),
                    ("Stephanie Wang", "Paul Allen School, University of Washington"),
                ],
                "Wed 2026-10-21 17:30",
                "17:55",
                "LL21ABC",
                TRACKS[0],
            ),
        ),
        (
            "LMCache: A Cluster-Wide Open-Source Solution for LLM Prompt Caching",
            (
                [("Kuntai Du", "Tensormesh, Inc.")],
                "Tue 2026-10-20 15:40",
                "15:50",
                "LL20CD",
                TRACKS[7],
            ),
        ),
        # a trailing (Org) applies to the names before it that have none of their own
        (
            "Beyond Collectives: Building Fused Compute-Communication Kernels with PyTorch Symmetric Memory",
            (
                [("Ke Wen", "NVIDIA"), ("Natalia Gimelshein", "Meta"), ("Kapil Sharma", "Meta")],
                "Wed 2026-10-21 11:45",
                "12:10",
                "210BF",
                TRACKS[3],
            ),
        ),
        (
            "Scaling PyTorch on Intel XPU: Field Notes from AI for Science on Aurora",
            (
                [
                    ("Sam Foreman", "Argonne National Laboratory"),
                    ("Panagiotis Kourdis", "Intel"),
                    ("Tanima Dey", "Intel"),
                ],
                "Wed 2026-10-21 17:30",
                "17:55",
                "LL20CD",
                TRACKS[8],
            ),
        ),
        # titles whose last words look like names, and a lowercase title start
        (
            "Static Tensor Shape Checking for PyTorch with Pyrefly",
            (
                [("Steven Troxler", "Meta"), ("Avik Chaudhuri", "Meta")],
                "Tue 2026-10-20 17:30",
                "17:55",
                "LL20AB",
                TRACKS[0],
            ),
        ),
        (
            "rocSHMEM Symmetric Memory in PyTorch for AMD GPUs",
            ([("Prachi Gupta", "AMD")], "Tue 2026-10-20 16:35", "16:45", "LL21DEF", TRACKS[3]),
        ),
        (
            "Scaling PyTorch Dataloaders 10x: A Case Study",
            (
                [
                    ("Ian Stenbit", "NVIDIA"),
                    ("Christine Cheng", "NVIDIA"),
                    ("Dylan Doblar", "NVIDIA"),
                ],
                "Wed 2026-10-21 16:55",
                "17:20",
                "210BF",
                TRACKS[10],
            ),
        ),
        (
            "From Scratch to PyTorch: Demystifying ML Frameworks by Building Your Own",
            (
                [
                    ("Andrea Mattia Garavagno", "University of Genoa"),
                    ("Vijay Janapa Reddi", "Harvard University"),
                ],
                "Tue 2026-10-20 14:15",
                "14:40",
                "LL20AB",
                TRACKS[11],
            ),
        ),
        (
            "Scaling PyTorch’s Compatibility Promise: A Tiered Cross-Repository CI Relay for Out-of-Tree Backends",
            (
                [("Subin George", "Red Hat"), ("Jewel K M", "Red Hat")],
                "Tue 2026-10-20 12:00",
                "12:10",
                "LL21DEF",
                TRACKS[11],
            ),
        ),
        (
            "TorchInsights: Zero-GPU Memory & Runtime Estimation for Distributed Training and Agentic Research",
            (
                [("Sanket Jayant Purandare", "Meta"), ("Aditya Venkataraman", "Meta")],
                "Tue 2026-10-20 17:45",
                "17:55",
                "LL21ABC",
                TRACKS[9],
            ),
        ),
    ],
)
def test_talk_fields(talks, title, expected):
    assert title in talks, f"missing title {title!r}"
    assert _row(talks[title]) == expected


def test_times_are_timezone_aware_los_angeles(doc):
    for t in doc.talks:
        assert str(t.start.tzinfo) == "America/Los_Angeles"
        assert t.start < t.end
        assert t.day in (date(2026, 10, 20), date(2026, 10, 21))


def test_abstract_boundaries(talks):
    t = talks["Nested Graph Breaks: Reducing the Cost of Graph Breaks in torch.compile"]
    assert t.abstract.startswith("New Dynamo support reduces the cost")
    assert t.abstract.endswith("faster, more debuggable compilation.")
    future = talks[
        "Future of Distributed Communication in PyTorch: New APIs for Fault Tolerance, RDMA and Extensibility"
    ]
    assert future.abstract.endswith("zero migration cost for existing users.")
    # the abstract before a track heading does not swallow the heading
    lm = talks["LMCache: A Cluster-Wide Open-Source Solution for LLM Prompt Caching"]
    assert lm.abstract.endswith("deploying it on Kubernetes.")
    # the last talk's abstract stops before the post's conclusion
    last = talks["From Scratch to PyTorch: Demystifying ML Frameworks by Building Your Own"]
    assert last.abstract.endswith("using a framework and understanding it.")
    assert all(t.abstract and "Speakers" not in t.abstract for t in talks.values())


def test_format_from_room_and_conference(talks):
    assert talks["Contributing to PyTorch with AI Agents"].format == "Birds of a Feather"
    assert {t.conference for t in talks.values()} == {"PyTorch Conference North America 2026"}


def test_no_hard_coded_titles_synthetic_post():
    text = (
        "Intro to the Example Summit 2031 in Berlin. Register now. "
        "Tensors & Friends How we use tensors for everything, in one sentence. "
        "Fast Things for Everyone Ada Lovelace (Analytical Engines, Ltd.) Mon 3 Mar, 09:00–09:30, "
        "Hall A The first abstract. It has two sentences. "
        "Second Talk on Scaling Grace Hopper; Alan Turing (Navy) Tue 4 Mar, 10:00–10:45, B12 "
        "Another abstract here."
    )
    talks, warnings = blog.parse(text, "post.txt")
    assert [t.title for t in talks] == ["Fast Things for Everyone", "Second Talk on Scaling"]
    assert talks[0].track == "Tensors & Friends"
    assert [(s.name, s.affiliation) for s in talks[0].speakers] == [
        ("Ada Lovelace", "Analytical Engines, Ltd.")
    ]
    assert talks[0].room == "Hall A"
    assert talks[0].abstract == "The first abstract. It has two sentences."
    assert [(s.name, s.affiliation) for s in talks[1].speakers] == [
        ("Grace Hopper", "Navy"),
        ("Alan Turing", "Navy"),
    ]
    assert talks[1].room == "B12"
    assert str(talks[0].start.tzinfo) == "Europe/Berlin"
    assert talks[0].start.year == 2031

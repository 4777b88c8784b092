"""Organisation names: one canonical name per organisation, units kept apart."""

from __future__ import annotations

import pytest

from talkbase.core.orgs import Org, aliases, canonical_org, orgs_of


@pytest.mark.parametrize(
    ("text", "name", "unit"),
    [
        ("AWS", "Amazon Web Services", None),
        ("Amazon", "Amazon Web Services", None),
        ("Amazon Web Services", "Amazon Web Services", None),
        ("amazon web  services", "Amazon Web Services", None),
        ("IBM Research", "IBM", "Research"),
        ("Meta (PyTorch Distributed)", "Meta", "PyTorch Distributed"),
        ("Meta, PyTorch Distributed", "Meta", "PyTorch Distributed"),
        ("Facebook", "Meta", None),
        ("FAIR", "Meta", "FAIR"),
        ("Meta AI", "Meta", "AI"),
        ("Google DeepMind", "Google", "DeepMind"),
        ("DeepMind", "Google", "DeepMind"),
        ("Microsoft Research", "Microsoft", "Research"),
        ("MSFT", "Microsoft", None),
        ("Nvidia", "NVIDIA", None),
        ("NVIDIA Corporation", "NVIDIA", None),
        ("NVIDIA, PyTorch Core", "NVIDIA", "PyTorch Core"),
        ("HuggingFace", "Hugging Face", None),
        ("Intel Labs", "Intel", "Labs"),
        ("Advanced Micro Devices, Inc.", "AMD", None),
        ("Google, Kubernetes & GKE", "Google", "Kubernetes & GKE"),
        (
            "Paul Allen School, University of Washington",
            "University of Washington",
            "Paul Allen School",
        ),
        ("University of California, Berkeley", "UC Berkeley", None),
    ],
)
def test_known_spellings_share_one_canonical_name(text: str, name: str, unit: str | None) -> None:
    org = canonical_org(text)
    assert (org.name, org.unit) == (name, unit)
    assert org.original == text  # the text shown on the talk is untouched


def test_unknown_organisations_are_only_tidied() -> None:
    assert canonical_org("  Clockwork   Systems ") == Org(
        "Clockwork Systems", None, "  Clockwork   Systems "
    )
    assert canonical_org("acme labs").name == "Acme Labs"
    assert canonical_org("UCSD").name == "UCSD"  # acronyms keep their case
    assert canonical_org("Procter and Gamble").name == "Procter and Gamble"
    assert canonical_org("Metabase").name == "Metabase"  # "Meta" only as a whole word
    assert canonical_org("Acme (research team)") == Org(
        "Acme", "research team", "Acme (research team)"
    )


def test_several_organisations_in_one_affiliation() -> None:
    found = orgs_of("Anyscale / UC Berkeley")
    assert [o.name for o in found] == ["Anyscale", "UC Berkeley"]
    found = orgs_of("Microsoft Azure (product) and Clockwork Systems")
    assert [(o.name, o.unit) for o in found] == [
        ("Microsoft", "Azure, product"),
        ("Clockwork Systems", None),
    ]
    assert canonical_org("Anyscale / UC Berkeley").name == "Anyscale"
    assert orgs_of("") == () and orgs_of("  ") == ()


def test_aliases_list_every_spelling_of_the_canonical_name() -> None:
    spellings = aliases("AWS")
    assert spellings[0] == "Amazon Web Services"
    assert {"AWS", "Amazon", "Amazon Web Services"} <= set(spellings)
    assert aliases("Amazon") == spellings == aliases("Amazon Web Services")
    assert "FAIR" in aliases("Meta") and "Facebook" in aliases("Meta")
    assert all(canonical_org(s).name == "Meta" for s in aliases("Meta"))
    assert aliases("Clockwork Systems") == ("Clockwork Systems",)
    assert aliases("") == ()


def test_label_shows_the_unit() -> None:
    assert canonical_org("IBM Research").label == "IBM (Research)"
    assert canonical_org("IBM").label == "IBM"

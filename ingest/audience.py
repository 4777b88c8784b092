"""Talks for newcomers: an introduction, a beginner's guide, a talk for new
contributors, a first contributor's own journey. A search that asks where to start
("getting started with Nix", "how do I start contributing to open source") raises
them among its first results (index/search/reorder.py); any other search ranks
them as it ranks every talk.

`is_introductory(title, abstract)` reads it from the title and the abstract alone,
so it is derived wherever a talk is, with nothing stored. The title says it in
more ways than the abstract may: an abstract's "introduction" is as often that of
a feature ("the introduction of v2"), so only the plainer words count there.

    >>> is_introductory("A beginner's guide to Backports", "")
    True
    >>> is_introductory("GCC for new contributors", "")
    True
    >>> is_introductory("Go proposals", "This talk wants to demystify the process.")
    True
    >>> is_introductory("Introducing Incus", "")  # a project's launch, for anyone
    False
    >>> asks_for_introductions("getting started with Nix")
    True
    >>> asks_for_introductions("fast start-up of JVM containers")
    False
"""

from __future__ import annotations

import re
import unicodedata

from ingest.housekeeping import is_housekeeping

# What an introductory talk says in its abstract, and its title
_PLAIN = (
    r"beginners?|beginner's|newcomers?|newbies?|new contributors?|first[- ]time contributors?"
    r"|getting started|get started|first steps|gentle introduction|no prior (?:knowledge|experience)"
    r"|get involved|demystif\w*"
)
IN_ABSTRACT = re.compile(rf"\b(?:{_PLAIN})\b")
IN_TITLE = re.compile(
    rf"\b(?:{_PLAIN}|introduction|introductory|intro to|101|gentle|primer|basics|crash course"
    r"|my (?:\w+ )?journey|my first)\b"
)
# What a query that asks where to start says
ASKING = re.compile(
    r"\b(?:get(?:ting)? started|start(?:ing)? (?:with|to|contributing|using|learning|out)"
    r"|how (?:do|can|should|would) (?:i|we|you|one) (?:get )?(?:start|begin)"
    r"|beginners?|newbies?|newcomers?|new to|first steps|introductions? to|intro to"
    r"|introductory|basics of|101)\b"
)


def _plain(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'").split())


def is_introductory(title: str, abstract: str | None = None) -> bool:
    """Whether a talk of this title and abstract is for newcomers (a housekeeping
    session, "Introduction to the Go devroom", is none)."""
    if is_housekeeping(title):
        return False
    if IN_TITLE.search(_plain(title)):
        return True
    return bool(abstract) and bool(IN_ABSTRACT.search(_plain(abstract or "")))


def asks_for_introductions(query: str) -> bool:
    """Whether a query asks where to start ("getting started with Nix")."""
    return bool(ASKING.search(_plain(query)))

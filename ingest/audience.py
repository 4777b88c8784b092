"""Talks for newcomers: an introduction, a beginner's guide, a talk for new
contributors, a first contributor's own journey. A search that asks where to start
("getting started with Nix", "how do I start contributing to open source") raises
them among its first results (index/search/rank/reorder.py); any other search ranks
them as it ranks every talk.

`is_introductory(title)` reads it from the title alone, so it is derived wherever
a talk is, with nothing stored. Abstracts were read too and left out: they say
"how to get started using it" or "for beginners and advanced users alike" of
talks for anyone (FOSDEM 2019 had a dozen such), and on FOSDEM 2024 they raised
no judged talk the titles did not.

    >>> is_introductory("A beginner's guide to Backports")
    True
    >>> is_introductory("GCC for new contributors")
    True
    >>> is_introductory("Advanced eBPF: beyond the basics")
    False
    >>> is_introductory("Introducing Incus")  # a project's launch, for anyone
    False
    >>> asks_for_introductions("getting started with Nix")
    True
    >>> asks_for_introductions("fast start-up of JVM containers")
    False
    >>> asks_for_introductions("I'm new, how do I get involved in an open source community")
    True
    >>> without_starter_words("Python for beginners")
    'Python for'

"""

from __future__ import annotations

import re
import unicodedata

from ingest.housekeeping import is_housekeeping
from talkbase.core.terms import fold

# The same in the other languages the query reader has words for (lexicon.ASKED_IN),
# accents folded: what a title for newcomers says, and a query asking for one
NEWCOMERS_IN: dict[str, tuple[str, ...]] = {
    "de": (
        r"neulinge?",
        r"(?:neu)?einsteiger(?:innen|\*innen|:innen)?",
        r"anfanger(?:innen|\*innen|:innen)?",
        r"erste schritte",
        r"erstbesucher(?:innen)?",
    ),
    "es": (r"principiantes?", r"novatos", r"primeros pasos", r"recien llegad[oa]s"),
    "fr": (r"debutants?", r"premiers pas", r"nouveaux (?:venus|arrivants|contributeurs)"),
    "it": (r"principianti", r"neofiti", r"primi passi", r"alle prime armi", r"nuovi arrivati"),
    "nl": (r"nieuwkomers", r"eerste stappen", r"voor beginners"),
    "ru": (r"новичк(?:ов|ам|и|а)?", r"для начинающих", r"первые шаги"),
    "ar": (r"(?:لل|ال)?مبتديين", r"الخطوات الاولى"),  # (as folded: "مبتدئين", "الأولى")
}
# ...and an introduction, in a title only ("Einführung in Nix", "introduzione a Rust")
INTRODUCTION_IN: dict[str, tuple[str, ...]] = {
    "de": (r"einfuhrung",),
    "es": (r"introduccion",),
    # French "introduction" is English's; "initiation" is a protocol's too ("Session
    # Initiation Protocol")
    "fr": (),
    "it": (r"introduzione",),
    "nl": (r"inleiding", r"introductie", r"kennismaking"),
    "ru": (r"введение",),
    "ar": (r"مقدمة في",),  # ("مقدمة" alone is any preface)
}
_OWN = "|".join(w for words in NEWCOMERS_IN.values() for w in words)
_OWN_INTRO = "|".join(w for words in INTRODUCTION_IN.values() for w in words)
# What an introductory talk's title says (and a query asking for one)
_PLAIN = (
    r"beginners?|beginner's|newcomers?|newbies?|new contributors?"
    r"|first[- ]timers?|first[- ]time contributors?"
    r"|getting started|get started|first steps|gentle intro(?:duction)?"
    rf"|no prior (?:knowledge|experience)|{_OWN}"
)
# ...and what only a query says ("The novice programmer's mind" is research on them)
_ASKED_ONLY = r"novices?|first[- ]time (?:attendees?|visitors?)"
_NUMBER = r"(?<![.\w])(?<!room )101(?! lines)"  # "Rust 101", not room 101, "H.101"
IN_TITLE = re.compile(
    rf"\b(?:{_PLAIN}|introduction(?! of)|introductory|intro to|{_OWN_INTRO}|{_NUMBER}|primer|basics"
    r"|crash course|for dummies|demystif\w*|my (?:\w+ )?journey|my first)\b"
)
# What a query that asks where to start says
ASKING = re.compile(
    r"\b(?:get(?:ting)?[- ]started|start (?:with|contributing|using|learning)|starting out"
    r"|how (?:do|can|should|would) (?:i|we|you|one) (?:get )?start(?:ed)?"
    r"|where (?:do|should|can|to) (?:i |we |you |one )?start|getting into"
    r"|get(?:ting)? involved|(?:i'm|i am|im) (?:new|a newcomer|a beginner)"
    r"|how (?:to|do i|can i|do you|can you|do we|can we|does one|can one) get into"
    rf"|{_PLAIN}|{_ASKED_ONLY}|(?<!what's )(?<!whats )(?<!what is )new to|introductions? to|intro to"
    rf"|introductory|basics|for dummies|{_NUMBER})\b"
)
# ...unless the words just before it say the opposite ("not for beginners")
_NOT = re.compile(r"(?:\bnot (?:for|a|an)|\bbeyond(?: the)?|\bno longer|\bpast the) $")


def _said(pattern: re.Pattern[str], text: str) -> bool:
    """Whether `pattern` is in `text`, other than right after a word that negates it."""
    return any(
        not _NOT.search(text[max(0, m.start() - 12) : m.start()]) for m in pattern.finditer(text)
    )


def _plain(text: str) -> str:
    """Case and accents folded ("Einführung": "einfuhrung"), one space between words."""
    return " ".join(fold(unicodedata.normalize("NFKC", text)).replace("\u2019", "'").split())


def is_introductory(title: str) -> bool:
    """Whether a talk of this title is for newcomers (a housekeeping session,
    "Introduction to the Go devroom", is none)."""
    return not is_housekeeping(title) and _said(IN_TITLE, _plain(title))


# The words of such a query that say where to start, not what about
STARTER_WORDS = frozenset(
    "start starting begin beginner beginners newbie newbies newcomer newcomers intro "
    "introduction introductions introductory 101 basics dummies new involved novice novices "
    "first-timer first-timers neuling neulinge einsteiger einsteigerinnen "
    "anfanger anfangerinnen principiante principiantes novato novatos debutant debutants "
    "principianti neofiti nieuwkomers".split()
)


def subject_words(text: str) -> list[str]:
    """The words of `text` that are no starter words: what it asks about ([] for
    "first-timers")."""
    return [w for w in text.split() if _plain(w).strip("?.,!:;'\"") not in STARTER_WORDS]


def without_starter_words(text: str) -> str:
    """`text` without the words that say where to start ("where do I start with Go":
    "where do I with Go"), for a search that raises the talks for newcomers instead
    of asking BM25 for "start"; `text` itself when nothing else is left."""
    kept = subject_words(text)
    return " ".join(kept) if kept else text


def asks_for_introductions(query: str) -> bool:
    """Whether a query asks where to start ("getting started with Nix")."""
    return _said(ASKING, _plain(query))

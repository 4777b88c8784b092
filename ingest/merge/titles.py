"""A title that names one talk in another form: with one of its speakers after a
dash ("Scaling Kafka consumers - Jonas Weber": `named_after`) or with its session format
after or before it ("Graph databases in practice (Workshop)", "Panel: X": `format_added`); and the title keys an
incremental build looks such partners up by (`named_keys`; `FORMAT_KEYS`, the ends a
title's key is looked up without: index/build/delta.py `_unmarked`)."""

from __future__ import annotations

import re

from ingest.merge.people import _person
from ingest.text import generic_title, title_key
from talkbase.core.records import Talk
from talkbase.core.terms import FORMAT_NAMES, format_labelled, format_suffix

# a dash between blanks: what separates a calendar's title from the speaker after it
_DASH = re.compile(r"\s[-\u2013\u2014]\s")


def _dashed(title: str) -> tuple[str, str] | None:
    """(the title before its last dash between blanks, the text after it), or None."""
    seps = list(_DASH.finditer(title))
    if not seps:
        return None
    return title[: seps[-1].start()].strip(), title[seps[-1].end() :].strip()


def named_keys(talk: Talk) -> set[str]:
    """The title keys of the records this one may be `named_after` or named by: its
    title with one of its speakers after a dash, and its title before its last dash.
    What an incremental build looks a talk's stored partners up by."""
    said = _dashed(talk.title)
    out = {title_key(f"{talk.title} - {s.name}") for s in talk.speakers}
    return (out | ({title_key(said[0])} if said else set())) - {""}


def named_after(a: Talk, b: Talk) -> bool:
    """`a`'s title is `b`'s title, a dash and one of `b`'s speakers
    ("Scaling Kafka consumers - Jonas Weber" beside "Scaling Kafka consumers" by Jonas
    Weber: a calendar that writes its speaker after the title, `_person` compared)."""
    said = _dashed(a.title)
    if said is None or not b.speakers or not (key := title_key(b.title)):
        return False
    return title_key(said[0]) == key and _person(said[1]) in {_person(s.name) for s in b.speakers}


def format_added(a: str, b: str) -> str | None:
    """The session format one title adds to the other, where it is the other's specific
    title with its format after it ("Graph databases in practice (Workshop)" and
    "Graph databases in practice": "Workshop"; `terms.format_suffix`) or with a label
    naming it before ("Mesa redonda: restauración y ética" and "restauración y ética":
    "Panel"; `terms.format_labelled`); None otherwise ("Intro (Part 1)" and "Intro
    (Part 2)", or a generic title: "Lunch (Talk)")."""
    for said, bare in ((a, b), (b, a)):
        if generic_title(key := title_key(bare)):
            continue
        if (found := format_suffix(said)) and title_key(found[0]) == key:
            return found[1]
        if (led := format_labelled(said)) and title_key(led[1]) == key:
            return led[0]
    return None


def format_labelled_as(a: str, b: str) -> bool:
    """One title is the other with a label naming its session format before it ("Mesa
    redonda: restauración y ética" and "restauración y ética": `terms.format_labelled`),
    the one title a reader that cut the label read it as."""
    return any(
        (led := format_labelled(said)) is not None and title_key(led[1]) == title_key(bare)
        for said, bare in ((a, b), (b, a))
    )


# the title keys of the session formats' names ("workshop", "lightning talk", "taller")
FORMAT_KEYS = frozenset(k for k in (title_key(n) for n in FORMAT_NAMES) if k)

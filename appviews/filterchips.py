"""Every active filter as one removable chip above the results, whether it was chosen
in the sidebar or read from the words of the query, and the two kept in step.

A limit read from the words (a day, a time, a room, a track, a speaker, an
organization) and a sidebar filter of the same kind are one chip, under "Filters":
removing it takes those words out of the query and empties the sidebar's box. The
other limits read from the words (a phrase, a format, a word to leave out) are
chips of their own, under "Read as"; words read as no limit (a day the program does
not hold) are said back in a sentence, not as a chip. Choosing a
value in the sidebar replaces the words of the same kind in the query, and typing
words of a kind empties the sidebar's box of that kind: one source for each kind.

`limits` is the pure part (tested on its own); `draw` shows the chips and the
callbacks keep the session's query and sidebar in step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol

import streamlit as st

from appviews import render, state
from appviews.library import Library
from appviews.models import facets
from talkbase.core.errors import TalkbaseError

# the sidebar filter each kind of limit read from the words is the same kind as
KIND = {
    "day": "day",
    "after": "time",
    "before": "time",
    "starts_before": "time",
    "at": "time",
    "room": "room",
    "track": "track",
    "speaker": "speaker",
    "org": "org",
}
SAID_BACK = ("unclear", "absent")  # words read as no limit: said in a sentence, no chip
WORDS_KEY = "chips"  # the "Read as" chips (values: indexes into understood.chips)
FILTERS_KEY = "filter-chips"  # the "Filters" chips (values: facet names)


class Chip(Protocol):
    """What a limit read from the words is (index.search.read.understand.Chip)."""

    @property
    def field(self) -> str: ...
    @property
    def value(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def more(self) -> tuple[tuple[str, str], ...]: ...


@dataclass(frozen=True)
class Limit:
    """One chip: the sidebar filter it stands for (if any) and the query's chips whose
    words it takes out when removed."""

    label: str  # Markdown (program text escaped)
    facet: str | None = None
    words: tuple[int, ...] = ()  # indexes into understood.chips


@dataclass(frozen=True)
class Limits:
    read_as: tuple[Limit, ...] = ()  # chips of the words alone
    filters: tuple[Limit, ...] = ()  # one per sidebar filter, with the words of its kind

    @property
    def count(self) -> int:
        """How many filters are in force: the "n" of "Filters (n)"."""
        return len(self.read_as) + len(self.filters)


def _agrees(name: str, chosen: str, chip: Chip) -> bool:
    """Whether a limit read from the words means what the sidebar's value means."""
    word_value = chip.value
    if name == "day":
        try:
            day = date.fromisoformat(chosen)
        except ValueError:
            return False
        return word_value in (chosen, f"{day:%a}")
    if name == "time":  # the same part of the day ("morning"), or a clock time
        said = {chip.field: word_value, **dict(chip.more)}
        return facets.TIMES_OF_DAY.get(chosen, ("", {}))[1] == said
    return word_value.casefold() == chosen.casefold()


def limits(
    chips: Sequence[Chip],
    chosen: Sequence[tuple[str, str]],
    label_of: Callable[[str, str], str],
) -> Limits:
    """The chips to show for the query's `chips` (understood.chips) and the sidebar's
    `chosen` filters; `label_of(name, value)` labels a sidebar filter."""
    mine: dict[str, list[int]] = {}
    read_as: list[Limit] = []
    chosen_names = {name for name, _ in chosen}
    for i, chip in enumerate(chips):
        kind = KIND.get(chip.field)
        if kind is not None and kind in chosen_names:
            mine.setdefault(kind, []).append(i)
            continue
        if chip.field not in SAID_BACK:  # those are said in a sentence, not a chip
            read_as.append(Limit(render.md_label(chip.label), None, (i,)))
    out: list[Limit] = []
    for name, value in chosen:
        words = tuple(mine.get(name, ()))
        label = label_of(name, value)
        differing = [
            render.md_label(chips[i].label) for i in words if not _agrees(name, value, chips[i])
        ]
        if differing:
            label = " and ".join([label, *differing])
        out.append(Limit(label, name, words))
    return Limits(tuple(read_as), tuple(out))


def without_words(query: str, chips: Sequence[Chip], picked: Sequence[int]) -> str:
    """`query` with the words of the chips `picked` taken out (their offsets are in
    `query`, as understood.chips give them)."""
    spans = sorted(
        {(chips[i].start, chips[i].end) for i in picked if 0 <= i < len(chips)},
        reverse=True,
    )
    for start, end in spans:
        if start >= 0:
            query = query[:start] + " " + query[end:]
    return " ".join(query.split())


def filter_label(lib: Library, name: str, value: str) -> str:
    """A sidebar filter as a chip's Markdown label: "Day: Sat 3 Feb" (the value,
    program text, escaped)."""
    shown = dict(lib.candidates.get(name, ())).get(value, value)
    return f"{facets.LABELS[name]}: {render.md_label(shown)}"


def _understood(lib: Library) -> tuple[str, tuple[Chip, ...]]:
    """The query as understood now (its text and chips), none with Exact words on."""
    ss = st.session_state
    query = ss.get("q", "")
    if not query.strip() or ss.get("literal"):
        return query, ()
    try:
        understood = lib.answer(query, False).understood
    except TalkbaseError:  # a query past a limit: the page says so, no chips to read
        return query, ()
    return understood.query, tuple(understood.chips)


def current(lib: Library) -> Limits:
    """The chips for the session's query and sidebar filters."""
    _, chips = _understood(lib)
    return limits(
        chips, state.selection().chosen, lambda name, value: filter_label(lib, name, value)
    )


@dataclass(frozen=True)
class Named:
    """A kind of sidebar filter the words of the query name."""

    labels: tuple[str, ...]  # the chips' labels, as read ("Tuesday")
    rest: str  # the query without those words


def named_kinds(lib: Library) -> dict[str, Named]:
    """Each sidebar filter's kind the words name, with the query left without them:
    its box counts the talks of that query (the words' day is not the only day on
    offer; choosing another replaces it)."""
    query, chips = _understood(lib)
    out: dict[str, Named] = {}
    for kind in dict.fromkeys(KIND[c.field] for c in chips if c.field in KIND):
        picked = [i for i, c in enumerate(chips) if KIND.get(c.field) == kind]
        out[kind] = Named(
            tuple(chips[i].label for i in picked), without_words(query, chips, picked)
        )
    return out


def _drop_words(lib: Library, kind: str) -> None:
    query, chips = _understood(lib)
    picked = [i for i, c in enumerate(chips) if KIND.get(c.field) == kind]
    if picked:
        st.session_state["q"] = without_words(query, chips, picked)


# -- callbacks (run before the script) ------------------------------------------------


def sidebar_changed(lib: Library, name: str) -> None:
    """A sidebar box changed: its value replaces the words of the same kind."""
    _drop_words(lib, name)
    state.reset_limit()


def typed(lib: Library) -> None:
    """A new query: each kind its words name empties the sidebar's box of that kind."""
    _, chips = _understood(lib)
    for kind in {KIND[c.field] for c in chips if c.field in KIND}:
        state.clear_facet(kind)
    state.reset_limit()


def _drop_read_as(lib: Library) -> None:
    picked = st.session_state.get(WORDS_KEY)
    st.session_state[WORDS_KEY] = None
    query, chips = _understood(lib)
    if picked is None or not 0 <= picked < len(chips):
        return
    st.session_state["q"] = without_words(query, chips, [picked])
    state.reset_limit()


def _drop_filter(lib: Library) -> None:
    picked = st.session_state.get(FILTERS_KEY)
    st.session_state[FILTERS_KEY] = None
    if picked:
        _drop_words(lib, picked)  # the words of its kind go with it
        state.clear_facet(picked)  # and the sidebar's box shows "Any" again


# -- drawing ----------------------------------------------------------------------------


def draw_read_as(lib: Library, found: Limits) -> None:
    """The limits read from the words alone, as chips that remove their words."""
    if not found.read_as:
        return
    labels = {lim.words[0]: lim.label for lim in found.read_as}
    st.pills(
        "Read as",
        list(labels),
        key=WORDS_KEY,
        format_func=lambda i: labels.get(i, str(i)) + " :material/close:",
        on_change=_drop_read_as,
        args=(lib,),
        help="Limits read from your words; click one to drop it",
    )


def draw_filters(lib: Library, found: Limits) -> None:
    """Each sidebar filter, with the words of its kind, as one chip that removes both."""
    if not found.filters:
        return
    labels: dict[str, str] = {lim.facet: lim.label for lim in found.filters if lim.facet}
    st.pills(
        "Filters",
        list(labels),
        key=FILTERS_KEY,
        format_func=lambda n: labels.get(str(n), str(n)) + " :material/close:",
        on_change=_drop_filter,
        args=(lib,),
        help="Filters from the sidebar and from your words; click one to remove it "
        "(here and in the sidebar)",
    )

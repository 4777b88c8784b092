"""Search: one box, facet filters with live counts in the sidebar, result cards."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from appviews import cards, filterbutton, filterchips, foryou, render, state
from appviews.library import Library
from appviews.models import facets
from talkbase.core.present import NEAREST, plural
from talkbase.core.records import Hit

HELD_CLASS = "tb-held"  # a line naming a conference the base holds


def matches(lib: Library, query: str, loose: bool, literal: bool = False) -> list[Hit]:
    """The talks the search says match, best first (with `loose`, every talk ranked;
    all talks in time order for an empty query), those marked not interested too."""
    if query.strip():
        return facets.result_set(lib.answer(query, literal).hits, loose)
    return lib.in_time_order()


def results(lib: Library, query: str, loose: bool, literal: bool = False) -> list[Hit]:
    """The result set before facets: `matches` without those marked not interested."""
    skipped = set(state.agenda().skipped)
    return [h for h in matches(lib, query, loose, literal) if h.talk.id not in skipped]


def hidden_matches(lib: Library, query: str, literal: bool = False) -> list[int]:
    """The talks marked not interested that the search and the filters would show."""
    skipped = set(state.agenda().skipped)
    if not skipped:
        return []
    mine = matches(lib, query, bool(st.session_state.get("loose")), literal)
    passing = facets.narrow(
        [h for h in mine if h.talk.id in skipped], state.selection(), lib.allowed
    )
    return [h.talk.id for h in passing]


def hidden_sentence(n: int) -> str:
    """How many matching talks "Not interested" hides."""
    are = "is" if n == 1 else "are"
    them = "it" if n == 1 else "them"
    return f"{plural(n, 'matching talk')} {are} hidden: you marked {them} not interested."


def _show_hidden(ids: list[int]) -> None:
    for tid in ids:
        state.unskip(tid)


def hidden_note(hidden: list[int], alone: bool = False) -> None:
    """The matching talks "Not interested" hides (`alone`: said as the answer, no
    other talk matching), and a button that shows them again (but the one the notice
    of the hide just done already offers to undo)."""
    if not hidden:
        return
    (st.info if alone else st.caption)(hidden_sentence(len(hidden)))
    offer = [i for i in hidden if i != st.session_state.get("undo_talk")]
    if offer:
        st.button(
            "Show it again" if len(offer) == 1 else f"Show them again ({len(offer)})",
            key="show-hidden",
            on_click=_show_hidden,
            args=(offer,),
            help="Take these talks off your not-interested list (kept in the link)",
        )


def _labeller(labels: dict[str, str]) -> Callable[[str], str]:
    return lambda value: labels.get(value, value) if value else "Any"


def _counted(lib: Library, found: list[Hit]) -> list[facets.Facet]:
    """The sidebar's facets with their counts; a kind the words of the query name is
    counted over the query without those words (choosing a value replaces them)."""
    sel = state.selection()
    counted = lib.facet_counts([h.talk.id for h in found], sel)
    named = filterchips.named_kinds(lib)
    if not named:
        return counted
    ss = st.session_state
    out = []
    for facet in counted:
        if facet.name in named:
            rest = results(lib, named[facet.name].rest, bool(ss.get("loose")), False)
            others = lib.facet_counts([h.talk.id for h in rest], sel)
            facet = next(f for f in others if f.name == facet.name)
        out.append(facet)
    return out


def sidebar(lib: Library, found: list[Hit]) -> None:
    """One select box per facet; every option shows how many results it leaves."""
    sel = state.selection()
    counted = _counted(lib, found)
    named = filterchips.named_kinds(lib)
    with st.sidebar:
        st.header("Filters", anchor=False)
        for facet in counted:
            if facet.name == "conference" and lib.conferences < 2:
                continue
            if not lib.candidates.get(facet.name) and not sel.get(facet.name):
                continue  # a kind the program gives no value of (no affiliations): no box
            labels = {o.value: f"{o.label} ({o.count})" for o in facet.options}
            st.selectbox(
                facet.label,
                ["", *labels],
                key=state.facet_key(facet.name),
                format_func=_labeller(labels),
                on_change=filterchips.sidebar_changed,  # replaces words of its kind
                args=(lib, facet.name),
                persist_state="session",
            )
            if facet.name in named and not sel.get(facet.name):
                said = " · ".join(named[facet.name].labels)
                st.caption(f"From your words: {render.md_label(said)} (choose one to replace it)")
        if sel:
            st.button(
                "Clear all filters",
                on_click=state.clear_facets,
                key="clear-all",
                help="Remove every filter chosen above",
            )
        st.toggle(
            "Include loosely related talks",
            key="loose",
            on_change=state.reset_limit,
            persist_state="session",
            help="Also list talks that share no word with your search and are "
            "only distantly related in meaning (kept in the link).",
        )


def nothing_found(lib: Library, query: str, found: list[Hit], hidden: list[int]) -> None:
    sel = state.selection()
    if not found and hidden:
        hidden_note(hidden, alone=True)
        return
    if not found:
        st.info(
            "No talk matches your search. Try other or fewer words, or turn on "
            "“Include loosely related talks” in the sidebar."
        )
        return
    hints = facets.relaxations({h.talk.id for h in found}, sel, lib.allowed)
    st.warning(f"None of the {len(found)} matching talks passes all your filters.")
    if hints:
        for h in hints:
            label = facets.LABELS[h.facet].lower()
            st.button(
                f"Clear the {label} filter ({plural(h.count, 'talk')})",
                key=f"relax-{h.facet}",
                on_click=state.clear_facet,
                args=(h.facet,),
                help=f"Show the matching talks of any {label}",
            )
    else:
        st.button(
            f"Clear all filters ({plural(len(found), 'talk')})",
            key="relax-all",
            on_click=state.clear_facets,
            help="Remove every filter",
        )
    hidden_note(hidden)


def chips(lib: Library, query: str, literal: bool, found: filterchips.Limits) -> None:
    """What the search read from the query ("Wednesday · afternoon · org: NVIDIA") as
    chips that remove themselves (those of a sidebar filter's kind are that filter's
    chip: `filterchips`), the notes on it, and the switch to exact words."""
    answer = lib.answer(query, literal)
    left, right = st.columns([3, 1], vertical_alignment="center")
    with left:
        filterchips.draw_read_as(lib, found)
    right.toggle(
        "Exact words",
        key="literal",
        persist_state="session",
        on_change=state.reset_limit,
        help="Search your words as typed, without reading days, times, rooms, "
        "speakers or organizations out of them (kept in the link)",
    )
    suggested = getattr(answer, "did_you_mean", None)
    corrected = getattr(answer, "searched_instead", None) and not literal
    loose = bool(st.session_state.get("loose"))
    for note in answer.notes():
        if suggested and not corrected and note.startswith(DID_YOU_MEAN):
            continue  # the button below says it, and searches it
        if note == NEAREST and not loose:
            continue  # only matches are listed: "No talk matches your search" says it
        if corrected:  # "… — search instead for …" is the button below
            note = note.split(" — search instead for ")[0]
        st.html(render.line_html(note, "tb-why"))
    if corrected:
        st.button(
            f"Search instead for “{render.md_label(answer.understood.query)}”",
            key="instead",
            on_click=_search_as_typed,
            help="Search the words exactly as you typed them, without correcting them",
        )
    elif suggested:  # a correction not searched (exact words): one tap searches it
        st.button(
            f"{DID_YOU_MEAN} {render.md_label(suggested)}?",
            key="did-you-mean",
            on_click=_search_for,
            args=(suggested,),
            help="Search these words instead of the ones typed",
        )


DID_YOU_MEAN = "Did you mean:"  # how the answer's note on a correction begins


def _search_for(words: str) -> None:
    st.session_state["q"] = words
    state.reset_limit()


def _search_as_typed() -> None:
    st.session_state["literal"] = True
    state.reset_limit()


def show(lib: Library) -> None:
    ss = st.session_state
    st.text_input(
        "Search talks",
        key="q",
        on_change=filterchips.typed,  # empties the sidebar's boxes of the kinds typed
        args=(lib,),
        persist_state="session",
        placeholder=lib.placeholder,  # from the program's own tracks
        help="Plain words; press Enter. Finds talks by shared words and by meaning.",
    )
    query = ss.get("q", "")
    literal = bool(ss.get("literal"))
    found_limits = filterchips.current(lib)
    filterbutton.show(found_limits.count)  # "Filters (n)", on a phone
    if query.strip():
        chips(lib, query, literal, found_limits)
    filterchips.draw_filters(lib, found_limits)
    cards.undo_notice(lib.talks)
    found = results(lib, query, bool(ss.get("loose")), literal)
    sidebar(lib, found)
    shown = facets.narrow(found, state.selection(), lib.allowed)
    hidden = hidden_matches(lib, query, literal)
    if not shown:
        nothing_found(lib, query, found, hidden)
        return
    saved = state.saved_talks(lib.talks)
    what = "talk matches" if len(shown) == 1 else "talks match"
    if query.strip():
        st.caption(f"{len(shown)} {what}, best first.")
        hidden_note(hidden)
    else:
        for line in lib.held:  # which conferences, their dates and time zone
            st.html(render.line_html(line, HELD_CLASS))
        st.caption(
            f"{len(lib.talks)} talks in the knowledge base; {len(shown)} shown in time "
            "order. Type what you care about in plain words."
        )
    if not query.strip() and not state.selection():
        foryou.show(lib, "foryou-search", k=3)
    limit = ss.get("limit", state.PAGE)
    for hit in shown[:limit]:
        cards.card(hit.talk, "result", saved, hit.why if query.strip() else None)
    if len(shown) > limit:
        st.button(
            f"Show more ({len(shown) - limit} left)",
            on_click=state.show_more,
            key="more",
            help="List the next results",
        )

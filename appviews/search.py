"""Search: one box, facet filters with live counts in the sidebar, result cards."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from appviews import cards, state
from appviews.library import Library
from talkbase import facets
from talkbase.records import Hit


def results(lib: Library, query: str, loose: bool) -> list[Hit]:
    """The result set before facets: matching talks, best first (all talks, in time
    order, for an empty query), without those marked not interested."""
    if query.strip():
        hits, sims = lib.ranked(query)
        if not loose:
            hits = facets.matching(hits, sims)
    else:
        hits = lib.in_time_order()
    skipped = set(state.agenda().skipped)
    return [h for h in hits if h.talk.id not in skipped]


def _labeller(labels: dict[str, str]) -> Callable[[str], str]:
    return lambda value: labels.get(value, value) if value else "Any"


def sidebar(lib: Library, found: list[Hit]) -> None:
    """One select box per facet; every option shows how many results it leaves."""
    sel = state.selection()
    counted = facets.facet_counts({h.talk.id for h in found}, sel, lib.candidates, lib.allowed)
    with st.sidebar:
        st.header("Filters", anchor=False)
        for facet in counted:
            if facet.name == "conference" and lib.conferences < 2:
                continue
            labels = {o.value: f"{o.label} ({o.count})" for o in facet.options}
            st.selectbox(facet.label, ["", *labels], key=state.facet_key(facet.name),
                         format_func=_labeller(labels),
                         on_change=state.reset_limit, persist_state="session")
        if sel:
            st.button("Clear all filters", on_click=state.clear_facets, key="clear-all")
        st.toggle("Include loosely related talks", key="loose", on_change=state.reset_limit,
                  persist_state="session",
                  help="Also list talks that share no word with your search and are "
                       "only distantly related in meaning.")


def nothing_found(lib: Library, query: str, found: list[Hit]) -> None:
    sel = state.selection()
    hidden = len(state.agenda().skipped)
    if not found:
        st.info("No talk matches your search. Try other or fewer words, or turn on "
                "“Include loosely related talks” in the sidebar.")
        return
    hints = facets.relaxations({h.talk.id for h in found}, sel, lib.allowed)
    st.warning(f"None of the {len(found)} matching talks passes all your filters.")
    if hints:
        for h in hints:
            label = facets.LABELS[h.facet].lower()
            st.button(f"Clear the {label} filter ({h.count} talk{'s' * (h.count != 1)})",
                      key=f"relax-{h.facet}", on_click=state.clear_facet, args=(h.facet,))
    else:
        st.button(f"Clear all filters ({len(found)} talks)", key="relax-all",
                  on_click=state.clear_facets)
    if hidden:
        st.caption(f"{hidden} talk(s) you marked not interested are hidden.")


def show(lib: Library) -> None:
    ss = st.session_state
    st.text_input("Search talks", key="q", on_change=state.reset_limit, persist_state="session",
                  placeholder="e.g. fault-tolerant collectives, running PyTorch on TPUs",
                  help="Plain words; press Enter. Finds talks by shared words and by meaning.")
    query = ss.get("q", "")
    found = results(lib, query, bool(ss.get("loose")))
    sidebar(lib, found)
    shown = facets.narrow(found, state.selection(), lib.allowed)
    if not shown:
        nothing_found(lib, query, found)
        return
    saved = [lib.talks[i] for i in state.agenda().saved if i in lib.talks]
    what = "talk matches" if len(shown) == 1 else "talks match"
    if query.strip():
        st.caption(f"{len(shown)} {what}, best first.")
    else:
        st.caption(f"{len(lib.talks)} talks in the knowledge base; {len(shown)} shown in time "
                   "order. Type what you care about in plain words.")
    limit = ss.get("limit", state.PAGE)
    for hit in shown[:limit]:
        cards.card(hit.talk, "result", saved, hit.why if query.strip() else None)
    if len(shown) > limit:
        st.button(f"Show more ({len(shown) - limit} left)", on_click=state.show_more,
                  key="more")


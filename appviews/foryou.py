""" "For you": talks recommended from the agenda (the service's `recommend`), each
card with its reason and the usual Save / Not interested buttons. Shown on My
agenda once a talk is saved, and on the search page before anything is typed."""

from __future__ import annotations

import streamlit as st

from appviews import cards, render, state
from appviews.library import Library
from talkbase.core import timetable

SHOWN = 6  # recommendations listed
FITS = "fits"  # the toggle's key, and its link parameter (appviews.urlstate.TOGGLES)


def show(lib: Library, ctx: str, k: int = SHOWN) -> None:
    """The "For you" list for the agenda in this session (nothing when none is saved)."""
    ag = state.agenda()
    saved = state.saved_talks(lib.talks)
    if not saved:
        return
    timed = bool(lib.days)  # a program without times: nothing can fit, no toggle
    fits = timed and bool(st.session_state.get(FITS))
    hits = lib.for_you(ag.saved, ag.skipped, k, fits)
    st.subheader("For you", anchor=False)
    st.caption(
        f"From the {len(saved)} talk{'s' * (len(saved) != 1)} you saved: more of each "
        "interest, nothing you saved or marked not interested."
    )
    if timed:
        st.toggle(
            "Only talks that fit my agenda",
            key=FITS,
            persist_state="session",
            help="Leave out talks that run at the same time as a saved one (kept in the link)",
        )
    if not hits:
        st.info("Nothing more to recommend for these talks.")
        return
    for hit in hits:
        talk = hit.talk
        with st.container(border=True, key=f"card-{ctx}-{talk.id}"):
            # classes of their own (tb-fy-*): a recommendation is no search result or
            # agenda entry, and what reads those (tests, styles) tells them apart
            st.html(render.title_html(talk.title, hit.why.matched_terms, cls="tb-fy-title"))
            st.text(render.speakers_line(talk.speakers))
            st.html(render.meta_html(talk))
            reason = getattr(hit.why, "reason", "")
            if reason:
                st.html(render.line_html(reason[:1].upper() + reason[1:], "tb-fy-why"))
            clash = timetable.clashes(talk, saved)
            if clash:
                names = "; ".join(t.title for t in clash[:2]) + ("…" if len(clash) > 2 else "")
                st.html(render.line_html(f"⚠ Clashes with your agenda: {names}", "tb-fy-note"))
            cards.actions(talk, ctx)

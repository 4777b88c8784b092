"""A talk as a card: what it is, why it matched, how it sits with my agenda, actions."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from appviews import render, state
from talkbase import agenda as agenda_mod
from talkbase import evidence
from talkbase.records import Talk, Why


def agenda_note(talk: Talk, saved: Sequence[Talk], mark_fit: bool) -> str:
    """One line of HTML on how `talk` sits with the saved talks ("" when nothing to say)."""
    if any(t.id == talk.id for t in saved):
        return render.line_html("✓ In your agenda", "tb-ok")
    clash = agenda_mod.clashes(talk, saved)
    if clash:
        names = "; ".join(t.title for t in clash[:2]) + ("…" if len(clash) > 2 else "")
        return render.line_html(f"⚠ Clashes with your agenda: {names}", "tb-warn")
    if mark_fit and agenda_mod.fits(talk, saved):
        return render.line_html("Fits a free slot in your agenda", "tb-ok")
    return ""


def actions(talk: Talk, ctx: str, open_button: bool = True) -> None:
    """Open / save or remove / not interested, keyed by context so a talk can appear twice."""
    ag = state.agenda()
    cols = st.columns([1, 1.4, 1.4, 3] if open_button else [1.4, 1.4, 4])
    i = 0
    if open_button:
        cols[0].button("Open", key=f"{ctx}-open-{talk.id}", on_click=state.open_talk,
                       args=(talk.id,), help="Abstract, notes, sources and similar talks")
        i = 1
    if talk.id in ag.saved:
        cols[i].button("Remove from agenda", key=f"{ctx}-remove-{talk.id}",
                       on_click=state.remove, args=(talk.id,))
    else:
        cols[i].button("Save to agenda", key=f"{ctx}-save-{talk.id}", type="primary",
                       on_click=state.save, args=(talk.id,))
    if talk.id in ag.skipped:
        cols[i + 1].button("Interested again", key=f"{ctx}-unskip-{talk.id}",
                           on_click=state.unskip, args=(talk.id,))
    else:
        cols[i + 1].button("Not interested", key=f"{ctx}-skip-{talk.id}",
                           on_click=state.skip, args=(talk.id,),
                           help="Hide it from results; undo under My agenda")


def card(talk: Talk, ctx: str, saved: Sequence[Talk], why: Why | None = None,
         mark_fit: bool = False) -> None:
    terms = why.matched_terms if why else ()
    with st.container(border=True, key=f"card-{ctx}-{talk.id}"):
        st.html(render.title_html(talk.title, terms))
        st.text(render.speakers_line(talk.speakers))
        st.html(render.meta_html(talk))
        if why and why.best_sentence:
            st.html(render.quote_html(why.best_sentence, terms))
        if why and why.carried_by:
            words = f" · matched: {', '.join(why.matched_terms)}" if why.matched_terms else ""
            st.html(render.line_html(evidence.signal(why) + words, "tb-why"))
        note = agenda_note(talk, saved, mark_fit)
        if note:
            st.html(note)
        actions(talk, ctx)

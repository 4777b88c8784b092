"""A talk's page: everything known about it, where that came from, similar talks."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from appviews import cards, render, state
from appviews.library import Library
from appviews.models import people
from talkbase.core.records import Talk

SIMILAR = 5


# notes a talk page leaves out: the language is said in words in the meta line, and a
# program's own page for the talk is a link (`links_html`), not a note to read
_NOTES_SHOWN_ELSEWHERE = frozenset(("language", "url"))


def links_html(talk: Talk) -> str:
    """The talk's links (the program's page for it, video, slides, attachments) as
    links that open in a new tab; only http(s) addresses (ingest/links.py keeps no
    other), every label and address escaped."""
    items = [
        f'<li><a href="{render.esc(url)}" target="_blank" rel="noopener noreferrer">'
        f"{render.esc(label or url)}</a></li>"
        for label, url in talk.links
        if url.startswith(("https://", "http://"))
    ]
    return f'<ul class="tb-links">{"".join(items)}</ul>' if items else ""


def _sources(talk: Talk) -> None:
    """Where the talk was read, and any disagreement between documents: behind a
    disclosure (open when the documents disagree), after what an attendee needs."""
    with st.expander(
        "Sources: the documents this talk was read from", expanded=bool(talk.conflicts)
    ):
        _source_tables(talk)


def _source_tables(talk: Talk) -> None:
    st.dataframe(
        pd.DataFrame(
            [
                {
                    "document": s.document,
                    "read as": s.parser,
                    "where": s.location,
                    "section": s.section or "",
                }
                for s in talk.sources
            ],
            columns=["document", "read as", "where", "section"],
        ),
        hide_index=True,
    )
    if not talk.conflicts:
        if len(talk.sources) > 1:
            st.caption("The documents agree on everything they both give.")
        return
    st.subheader("Where the documents disagree", anchor=False)
    for i, c in enumerate(talk.conflicts):
        st.html(
            render.line_html(
                f"{c.field.capitalize()}: the documents give different values", "tb-warn"
            )
        )
        st.dataframe(
            pd.DataFrame(
                [{"document": d, "value": v} for d, v in c.values], columns=["document", "value"]
            ),
            hide_index=True,
            key=f"conflict-{i}",
        )


def _similar(lib: Library, talk: Talk, saved: list[Talk]) -> None:
    st.subheader("Similar talks", anchor=False)
    skipped = set(state.agenda().skipped)
    hits = [h for h in lib.similar(talk.id, SIMILAR + len(skipped)) if h.talk.id not in skipped]
    if not hits:
        st.caption("No other talk to compare with.")
        return
    st.caption(
        "Nearest in meaning, picked to differ from each other"
        + ("; those marked fit a free slot in your agenda." if saved else ".")
    )
    for hit in hits[:SIMILAR]:
        cards.card(hit.talk, "similar", saved, hit.why, mark_fit=True, seed=talk)


def _speakers(talk: Talk) -> None:
    """The speakers once each, as chips that open their pages; a line of text only for
    a speaker whose affiliation says more (as the program wrote it, and the canonical
    organization it counts under)."""
    for s in talk.speakers:
        if not s.affiliation:
            continue
        orgs = people.organizations_of(s.affiliation)
        canon = ", ".join(o.label for o in orgs)
        same = not orgs or canon == s.affiliation
        st.text(s.label if same else f"{s.label} · counted as {canon}")
    cards.people_links(talk, "page")


def show(lib: Library, talk_id: int) -> None:
    st.button(
        "← Back",
        on_click=state.close_talk,
        key="back",
        help="Back to the list (the browser's Back button works too)",
    )
    talk = lib.talks.get(talk_id)
    if talk is None:
        st.warning(
            "This talk is not in the knowledge base (it may have been removed by a later ingest)."
        )
        return
    render.scroll_top(f"talk-{talk.id}")
    saved = state.saved_talks(lib.talks)
    st.html(render.title_html(talk.title, big=True))
    if talk.cancelled:
        st.html(render.cancelled_html(talk))
    if talk.speakers:
        _speakers(talk)
    else:
        st.text(render.speakers_line(talk.speakers))
    st.html(render.meta_html(talk))
    cards.place_links(talk, "page", conference=lib.conferences > 1)
    if talk.format:
        st.text(f"Format: {talk.format}")
    if talk.conference:
        st.text(talk.conference)
    note = cards.agenda_note(talk, saved, mark_fit=True)
    if note:
        st.html(note)
    cards.actions(talk, "page", open_button=False)

    links = links_html(talk)
    if links:
        st.subheader("Links", anchor=False)
        st.html(links)
    st.subheader("Abstract", anchor=False)
    st.text(talk.abstract or "The program gives no abstract for this talk.")
    notes = [
        (label, text) for label, text in talk.notes if label.lower() not in _NOTES_SHOWN_ELSEWHERE
    ]
    if notes:
        st.subheader("Digest notes", anchor=False)
        for label, text in notes:
            st.html(f"<strong>{render.esc(label)}</strong>")
            st.text(text)
        if talk.abstract_only:
            st.caption("The digest wrote these notes from the abstract only.")
    if talk.track and talk.track_description:
        st.subheader("About the track", anchor=False)
        st.text(f"{talk.track}: {talk.track_description}")
    _sources(talk)
    _similar(lib, talk, saved)

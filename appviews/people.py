"""A speaker's page (?speaker=NAME) and an organization's page (?org=NAME)."""

from __future__ import annotations

import streamlit as st

from appviews import cards, render, state
from appviews.library import Library
from appviews.models import people
from talkbase.core.present import plural


def _back() -> None:
    st.button(
        "← Back",
        on_click=state.close_talk,
        key="back",
        help="Back to the list (the browser's Back button works too)",
    )


def _saved(lib: Library) -> list:
    return state.saved_talks(lib.talks)


def speaker(lib: Library, name: str) -> None:
    _back()
    page = people.speaker_page(lib.talks.values(), name)
    if page is None:
        st.warning("No speaker by that name in the knowledge base.")
        return
    render.scroll_top(f"speaker-{page.name}")
    st.html(f'<div class="tb-kind">Speaker</div>{render.title_html(page.name, big=True)}')
    if page.affiliations:
        st.text("Affiliation: " + "; ".join(page.affiliations))
    if page.organizations:
        st.caption("Organizations (open one for everyone from it):")
        key = "speaker-orgs"
        st.pills(
            "Organizations",
            list(page.organizations),
            key=key,
            label_visibility="collapsed",
            format_func=render.md_label,
            on_change=_open,
            args=(key, state.open_org),
            help="Open the organization's page",
        )
    if page.co_speakers:
        st.subheader("Speaks with", anchor=False)
        key = "speaker-co"
        st.pills(
            "Co-speakers",
            [n for n, _ in page.co_speakers],
            key=key,
            label_visibility="collapsed",
            format_func=lambda n: render.md_label(f"{n} ({dict(page.co_speakers)[n]})"),
            on_change=_open,
            args=(key, state.open_speaker),
            help="Open the co-speaker's page",
        )
    st.subheader(plural(len(page.talks), "talk"), anchor=False)
    saved = _saved(lib)
    for t in page.talks:
        cards.card(t, "speaker", saved)


def organization(lib: Library, name: str) -> None:
    _back()
    page = people.org_page(lib.talks.values(), name)
    if page is None:
        st.warning("No organization by that name in the knowledge base.")
        return
    render.scroll_top(f"org-{page.name}")
    st.html(f'<div class="tb-kind">Organization</div>{render.title_html(page.name, big=True)}')
    others = [s for s in page.spellings if s != page.name]
    if others:
        st.text("Written in the program as: " + "; ".join(page.spellings))
    st.subheader(f"{plural(len(page.people), 'person', 'people')}", anchor=False)
    key = "org-people"
    st.pills(
        "People",
        [p.name for p in page.people],
        key=key,
        label_visibility="collapsed",
        format_func=lambda n: render.md_label(_person(page, n)),
        on_change=_open,
        args=(key, state.open_speaker),
        help="Open the speaker's page",
    )
    st.subheader(plural(len(page.talks), "talk"), anchor=False)
    saved = _saved(lib)
    for t in page.talks:
        cards.card(t, "org", saved)


def _person(page: people.OrgPage, name: str) -> str:
    p = next(p for p in page.people if p.name == name)
    unit = f", {'; '.join(p.units)}" if p.units else ""
    return f"{p.name}{unit} ({p.talks})"


def _open(key: str, action) -> None:  # noqa: ANN001 - a state callback
    picked = st.session_state.get(key)
    st.session_state[key] = None
    if picked:
        action(picked)

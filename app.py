"""talkbase web app (Streamlit). Thin: every decision lives in the library.

Run with `talkbase app` or `make run`. Binds to localhost by default.

Views: Search (one box, facet filters with live counts), Program (the time grid),
Now & next, My agenda (timeline, overlaps, .ics/.csv, share link) and Browse (topic
map, tracks and organizations); pages for a talk (?talk=ID), a speaker
(?speaker=NAME) and an organization (?org=NAME). The URL mirrors the state, and
Back/Forward move through it: /?q=fault-tolerant+collectives opens with results,
?saved=ID-ID restores an agenda.
"""

from __future__ import annotations

import streamlit as st

from appviews import agendaview, browse, grid, nownext, people, render, search, state, talkpage
from appviews.library import Library, current_build
from talkbase.core import settings
from talkbase.core.errors import TalkbaseError

st.set_page_config(page_title="talkbase", page_icon="🎤", layout="wide")


@st.cache_resource(show_spinner="Opening the knowledge base…", max_entries=2)
def open_library(home: str, build: str) -> Library:
    """The knowledge base and the model, once per process (and per build of it)."""
    return Library(home)


def _missing(home: str) -> None:
    st.title("talkbase")
    st.info(
        f"No knowledge base in `{home}` yet. Build the demo one with "
        "`talkbase ingest data/programs` (or `make run`), then reload this page."
    )


def _settle(lib: Library) -> None:
    """Fill in what the view shows by default (the Program's day, Now & next's time)
    before the URL is written, so a view is one history entry."""
    ss = st.session_state
    if any(ss.get(name) for name in state.PAGE_PARAMS):
        return
    if ss.get("view") == "Program":
        grid.settle(lib)
    elif ss.get("view") == "Now & next":
        nownext.settle(lib)


def main() -> None:
    try:
        home = str(settings.home())
        build = current_build(home)
        if build is None:
            _missing(home)
            return
        lib = open_library(home, build)
    except TalkbaseError as exc:
        st.title("talkbase")
        st.error(exc.sentence())
        return
    render.style()
    render.use_stems(lib.stems)
    state.start(lib.known)
    _settle(lib)
    state.sync_url()  # before the page is drawn: see `state.sync_url`
    n_saved = len(state.agenda().saved)
    top = st.columns([1, 3], vertical_alignment="center")
    top[0].title("talkbase", anchor=False)
    with top[1]:
        st.segmented_control(
            "View",
            state.VIEWS,
            key="view",
            required=True,
            on_change=state.close_talk,
            format_func=lambda v: f"{v} ({n_saved})" if v == "My agenda" and n_saved else v,
            label_visibility="collapsed",
            help="Switch views (each view has its own link)",
        )
    for notice in state.notices():
        st.html(render.line_html(notice, "tb-warn"))
    ss = st.session_state
    try:
        view = ss.get("view") or "Search"
        if ss.get("talk"):
            talkpage.show(lib, ss["talk"])
        elif ss.get("speaker"):
            people.speaker(lib, ss["speaker"])
        elif ss.get("org"):
            people.organization(lib, ss["org"])
        elif view == "My agenda":
            agendaview.show(lib)
        elif view == "Program":
            grid.show(lib)
        elif view == "Now & next":
            nownext.show(lib)
        elif view == "Browse":
            browse.show(lib)
        else:
            search.show(lib)
    except TalkbaseError as exc:
        st.error(exc.sentence())
    state.sync_url()  # in case drawing the page changed the state (a chip dropped)
    render.keep_scroll()


main()

"""One run of the app (Streamlit reruns it on every interaction): open the
knowledge base, draw the top bar, then the page `appviews.pages` chooses.

The script Streamlit runs is `appviews/script/app.py` in the installed package
(`talkbase app`) or `app.py` at the top of a checkout (`streamlit run app.py`);
both call `main()`.
"""

from __future__ import annotations

import streamlit as st

from appviews import pages, render, state, storage
from appviews.library import Library, current_build
from talkbase.core import settings
from talkbase.core.errors import TalkbaseError


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


def _top_bar(n_saved: int) -> None:
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


def main() -> None:
    st.set_page_config(page_title="talkbase", page_icon="🎤", layout="wide")
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
    render.skip_link()  # the first stop of Tab: straight to the search box
    render.use_stems(lib.stems)
    state.start(lib.known)
    # the agenda this browser keeps, when the link brings none (before the URL is written)
    storage.keep(lib.talks)
    ss = st.session_state
    # the page's defaults (the Program's day) before the URL is written: one history entry
    pages.choose(ss).settle(lib)
    state.sync_url()  # before the page is drawn: see `state.sync_url`
    _top_bar(len(state.agenda().saved))
    for notice in state.notices():
        st.html(render.line_html(notice, "tb-warn"))
    storage.offer()
    page = pages.choose(ss)
    try:
        page.draw(lib, ss)
    except TalkbaseError as exc:
        st.error(exc.sentence())
    state.sync_url()  # in case drawing the page changed the state (a chip dropped)
    render.keep_scroll()
    lib.drawn(page.name)

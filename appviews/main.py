"""One run of the app (Streamlit reruns it on every interaction): open the
knowledge base, draw the top bar, then the page `appviews.pages` chooses.

The script Streamlit runs is `appviews/script/app.py` in the installed package
(`talkbase app`) or `app.py` at the top of a checkout (`streamlit run app.py`);
both call `main()`.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import streamlit as st

from appviews import actionnames, fragment, pages, render, state, storage
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


# the library each home last opened whole, kept serving while its base is missing,
# damaged, mid-repair or of another model (a visitor never loses the program)
_last_good: dict[str, Library] = {}
_last_good_lock = threading.Lock()


def visitor_sentence(exc: TalkbaseError, home: str) -> str:
    """What a visitor reads when the base cannot be opened: the sentence without the
    server's folders (an administrator reads it whole in the server's log)."""
    text = exc.sentence()
    for form in {home, str(Path(home).resolve())}:
        text = text.replace(form, "the server's knowledge base")
    return text


UPDATING = "The program is being updated; showing the version loaded before until it is done."


def _library() -> tuple[Library | None, bool]:
    """The library to serve this page run, or None (the page then says why), and
    whether it is the one opened last, served while the current build cannot be."""
    home = str(settings.home())
    try:
        build = current_build(home)
        if build is not None:
            lib = open_library(home, build)
            with _last_good_lock:
                _last_good[home] = lib
            return lib, False
        problem: TalkbaseError | None = None
    except TalkbaseError as exc:
        problem = exc
        print(f"talkbase app: {exc.sentence()}", file=sys.stderr, flush=True)
    with _last_good_lock:
        kept = _last_good.get(home)
    if kept is not None:
        return kept, True
    if problem is None:
        _missing(home)
    else:
        st.title("talkbase")
        st.error(visitor_sentence(problem, home))
    return None, False


def _link_notices(said: list[str]) -> None:
    """What the link asked for that could not be shown, above the page it opened
    (which is the way on), until the person moves on or dismisses it."""
    if not said:
        return
    with st.container(border=True, key="link-notices"):
        for notice in said:
            st.html(render.line_html(notice, "tb-warn"))
        st.button(
            "Dismiss",
            key="dismiss-notices",
            on_click=state.dismiss_notices,
            help="Hide this notice; the page below stays as it is",
        )


def main() -> None:
    st.set_page_config(page_title="talkbase", page_icon="🎤", layout="wide")
    lib, stale = _library()
    if lib is None:
        return
    render.style()
    render.skip_link()  # the first stop of Tab: straight to the search box
    render.use_stems(lib.stems)
    render.use_nights(lib.nights)
    render.use_conferences(lib.conferences > 1)
    state.start(lib.known)
    # the agenda this browser keeps, when the link brings none (before the URL is written)
    storage.keep(lib.talks)
    fragment.read(lib.talks)  # the link's #agenda or #talk=ID (the offline site's links)
    ss = st.session_state
    # the page's defaults (the Program's day) before the URL is written: one history entry
    pages.choose(ss).settle(lib)
    state.sync_url()  # before the page is drawn: see `state.sync_url`
    st.set_page_config(page_title=pages.title(ss, lib))  # (each page names itself)
    _top_bar(len(state.agenda().saved))
    _link_notices(state.notices())
    if stale:
        st.html(render.line_html(UPDATING, "tb-warn"))
    page = pages.choose(ss)
    try:
        page.draw(lib, ss)
    except TalkbaseError as exc:
        st.error(visitor_sentence(exc, str(settings.home())))
    state.sync_url()  # in case drawing the page changed the state (a chip dropped)
    actionnames.draw()  # the talk's title in its buttons' names, the focus kept
    render.keep_scroll()
    lib.drawn(page.name)

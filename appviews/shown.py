"""The conference a view shows, in a base of several (the Program grid and Now & next,
each on its own clock; Browse's topic map and its tracks and organizations, a track
or a count of one conference never mixed with another's): one at a time, the first
by default, the choice shared by these views and kept in the link (?shown=). A base
of one has no choice."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from appviews import state
from appviews.library import Library
from talkbase.core.records import Talk

KEY = state.GRID_SHOWN  # the choice, kept while a view without it is shown
_WIDGET = "conference-choice"  # the box or buttons (Streamlit forgets an unshown widget's)


def conferences(lib: Library) -> list[str]:
    """The conferences to choose between: none in a base of one (its views show all
    its talks), else each conference."""
    names = [v for v, _ in lib.candidates["conference"]]
    return names if len(names) > 1 else []


def chosen() -> str | None:
    """The conference shown, in a base of several (None in a base of one)."""
    return st.session_state.get(KEY) or None


def talks(lib: Library) -> list[Talk]:
    """The talks shown: the chosen conference's, in a base of several."""
    shown = chosen()
    return [t for t in lib.talks.values() if not shown or t.conference == shown]


def own_key(lib: Library, key: str) -> str:
    """`key` made the shown conference's own, in a base of several (a widget's or a
    chart's: what is chosen in one conference's is not carried to another's); `key`
    itself in a base of one."""
    shown, names = chosen(), conferences(lib)
    return f"{key}-{names.index(shown)}" if shown in names else key


def settle(lib: Library) -> None:
    """The first conference where the link names none (or one the base lacks)."""
    ss = st.session_state
    names = conferences(lib)
    if names and ss.get(KEY) not in names:
        ss[KEY] = names[0]
    elif not names:
        ss[KEY] = None


def changed() -> None:
    """Another conference chosen: its own day and time (now, on its clock) are
    chosen again, and no room or track of the other stays chosen."""
    ss = st.session_state
    ss[KEY] = ss[_WIDGET]
    ss.pop("date", None)
    ss.pop("at", None)
    ss["rooms"], ss[state.GRID_TRACKS] = [], []


def choice(lib: Library, what: str, compact: bool = False) -> None:
    """The Conference choice above a view, in a base of several (`what`: "program"…);
    `compact`: a one-line box, its label said to a screen reader only (on a phone the
    buttons of long names would take a line each)."""
    names = conferences(lib)
    if not names:
        return
    st.session_state[_WIDGET] = st.session_state.get(KEY)
    helps = f"Which conference's {what} to show, one at a time; kept in the link"
    if compact:
        st.selectbox(
            "Conference",
            names,
            key=_WIDGET,
            on_change=changed,
            help=helps,
            label_visibility="collapsed",
        )
    else:
        st.segmented_control(
            "Conference", names, key=_WIDGET, required=True, on_change=changed, help=helps
        )


def keep_own(rooms: Sequence[str], tracks: Sequence[str]) -> None:
    """In a base of several, a link's rooms and tracks of another conference are not
    the shown one's: only its own `rooms` and `tracks` stay chosen."""
    ss = st.session_state
    if ss.get(KEY):
        ss["rooms"] = [r for r in ss.get("rooms") or () if r in rooms]
        ss[state.GRID_TRACKS] = [k for k in ss.get(state.GRID_TRACKS) or () if k in tracks]

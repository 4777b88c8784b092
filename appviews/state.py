"""Session state and the URL: what the person is looking at, their filters and agenda.

The URL always mirrors the state (query, filters, open talk, view, agenda), so
a reload keeps everything and the address bar is a share link. On the first run
of a session the state is read back from the URL.
"""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st

from talkbase import agenda as agenda_mod
from talkbase.agenda import Agenda
from talkbase.facets import FACETS, Selection

VIEWS = ("Search", "My agenda", "Browse")
VIEW_PARAM = {"Search": "", "My agenda": "agenda", "Browse": "browse"}
PAGE = 10  # results shown at a time
FALLBACK_URL = "http://localhost:8501/"

_MANAGED = ("q", "view", "talk", *(f.name for f in FACETS), agenda_mod.SAVED_PARAM,
            agenda_mod.SKIPPED_PARAM)


def facet_key(name: str) -> str:
    return f"f_{name}"


def start(known_ids: set[int] | frozenset[int],
          candidates: dict[str, list[tuple[str, str]]]) -> None:
    """Fill the session state from the URL, once per session."""
    ss = st.session_state
    if ss.get("_started"):
        return
    params = st.query_params
    ss["_started"] = True
    ss["q"] = params.get("q", "")
    view = params.get("view", "")
    ss["view"] = next((v for v, p in VIEW_PARAM.items() if p and p == view), "Search")
    talk = params.get("talk", "")
    ss["talk"] = int(talk) if talk.isdigit() and int(talk) in known_ids else None
    for f in FACETS:
        value = params.get(f.name, "")
        allowed = {v for v, _ in candidates.get(f.name, ())}
        ss[facet_key(f.name)] = value if value in allowed else ""
    shared = agenda_mod.from_query({k: params.get_all(k) for k in
                                    (agenda_mod.SAVED_PARAM, agenda_mod.SKIPPED_PARAM)})
    ss["agenda"] = shared.keep_known(known_ids)
    ss["limit"] = PAGE


def agenda() -> Agenda:
    return st.session_state.get("agenda", Agenda())


def set_agenda(new: Agenda) -> None:
    st.session_state["agenda"] = new


def selection() -> Selection:
    ss = st.session_state
    return Selection.of({f.name: ss.get(facet_key(f.name), "") for f in FACETS})


def desired_params() -> dict[str, str]:
    ss = st.session_state
    out: dict[str, str] = {}
    if ss.get("q", "").strip():
        out["q"] = ss["q"].strip()
    out.update(dict(selection().chosen))
    if ss.get("talk"):
        out["talk"] = str(ss["talk"])
    if VIEW_PARAM.get(ss.get("view", "Search")):
        out["view"] = VIEW_PARAM[ss["view"]]
    out.update(agenda_mod.to_query(agenda()))
    return out


def sync_url() -> None:
    """Make the URL's query parameters mirror the state (only what changed)."""
    want = desired_params()
    params = st.query_params
    for key in _MANAGED:
        if key in want:
            if params.get(key) != want[key]:
                params[key] = want[key]
        elif key in params:
            del params[key]


def base_url() -> str:
    url = st.context.url or FALLBACK_URL
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", "", ""))


def share_link(a: Agenda) -> str:
    """The link that opens this agenda in a fresh browser."""
    return base_url() + "?" + urlencode({"view": "agenda", **agenda_mod.to_query(a)})


# -- callbacks (run before the script, so widgets see the new state) -----------------

def open_talk(talk_id: int) -> None:
    st.session_state["talk"] = talk_id


def close_talk() -> None:
    st.session_state["talk"] = None


def go(view: str, **facet_values: str) -> None:
    ss = st.session_state
    ss["talk"] = None
    ss["view"] = view
    for name, value in facet_values.items():
        ss[facet_key(name)] = value


def save(talk_id: int) -> None:
    set_agenda(agenda().save(talk_id))


def remove(talk_id: int) -> None:
    set_agenda(agenda().remove(talk_id))


def skip(talk_id: int) -> None:
    set_agenda(agenda().skip(talk_id))


def unskip(talk_id: int) -> None:
    set_agenda(agenda().unskip(talk_id))


def clear_facet(name: str) -> None:
    st.session_state[facet_key(name)] = ""
    st.session_state["limit"] = PAGE


def clear_facets() -> None:
    for f in FACETS:
        clear_facet(f.name)


def show_more() -> None:
    st.session_state["limit"] = st.session_state.get("limit", PAGE) + PAGE


def reset_limit() -> None:
    st.session_state["limit"] = PAGE

"""A link's `#` part, which the browser never sends to the server: the offline site's
links end in one (`…?saved=1-2#agenda`, `#talk=123`). A small st.components.v2
component reads it in the page once per session and sends it back; the app opens
what it names (a view, a talk) and says in a notice what it could not follow, then
the script takes it off the address (a reload does not follow it again).

Only the page can see it, so it is followed one run after the link's query, and not
at all where Streamlit rewrote the address before the page read it (a link whose
query the app corrects): a link that must open a view says so in its query
(`?view=agenda&saved=…`, the app's share link)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import streamlit as st

from appviews import state
from appviews.models import agenda as agenda_mod
from appviews.urlstate import VIEW_PARAM, clean

_KEY = "link-hash"  # the component's key (st-key-link-hash, hidden)
_DONE = "_link_hash_done"
_TALK = "talk="  # the site's talk page: #talk=ID
_SEARCH = "search"  # the site's name for its search page (the app's has none)

_JS = """
export default function(component) {
  const { data, setStateValue } = component;
  if (!data || data.done) { return; }
  const hash = (window.location.hash || '').slice(0, 400);
  if (hash) {  // (none: nothing sent, no run)
    setStateValue('hash', hash);
    try { history.replaceState(history.state, '', location.pathname + location.search); }
    catch (e) { /* the address keeps it: the session follows it once all the same */ }
  }
}
"""
_component = st.components.v2.component("talkbase_hash", js=_JS, isolate_styles=False)


def follow(hash_: str, talks: Collection[int]) -> list[str]:
    """Open what a link's `#` part names (in the session) and return the notices for
    what it could not: "#agenda", "#program", "#now", "#search", "#talk=ID"."""
    ss = st.session_state
    name = clean(hash_.removeprefix("#"), 60)
    if not name:
        return []
    if name.startswith(_TALK):
        tid = agenda_mod.parse_id(name[len(_TALK) :])
        if tid is None or tid not in talks:
            return [f"No talk has the id “{name[len(_TALK) :]}” (the link's “#{name}”)."]
        ss["talk"] = tid
        return []
    view = (
        "Search" if name == _SEARCH else next((v for v, p in VIEW_PARAM.items() if p == name), None)
    )
    if view is None:
        return [f"Ignored the link's “#{name}”: the app has no page of that name."]
    if not any(ss.get(n) for n in state.PAGE_PARAMS):  # the link's own page wins
        ss["view"] = view
    return []


def read(talks: Collection[int]) -> None:
    """Follow the `#` part of the link that opened the session, once: drawn (hidden)
    until the page has sent one (a link without one sends nothing); before the URL is written, so the view it opens is
    the one the address shows."""
    ss = st.session_state
    if ss.get(_DONE):
        return
    value: Any = ss.get(_KEY)
    got = value.get("hash") if hasattr(value, "get") else None
    if isinstance(got, str):
        ss[_DONE] = True
        said = follow(got, talks)
        if said:
            state.add_notices(said)
        return
    _component(data={"done": False}, key=_KEY, on_hash_change=lambda: None)

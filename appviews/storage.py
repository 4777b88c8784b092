"""The agenda kept in the browser: saved and not-interested talks in the browser's
local storage, one entry per knowledge base, restored when the app is opened
without an agenda in its link. Nothing is stored on the server.

The URL still carries the agenda (a share link opens it anywhere) and wins over the
stored one: when a link brings an agenda that differs from the stored one, the app
offers to merge them, and writes nothing until the person has chosen.

A small st.components.v2 component (plain JS, run in the page, so its local storage
is the app's own origin's) reads the stored entry once per session and sends it back
as its `stored` state; on every later run it writes the agenda an action last set
(`state.set_agenda`: save, remove, hide, clear, merge, the restore itself), never
one a URL brought in on its own.
The entry is keyed by the knowledge base's conference names, which do not change
when the base is rebuilt (its build name does, on every ingest).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

import streamlit as st

from appviews import state
from appviews.models import agenda as agenda_mod
from appviews.models.agenda import Agenda

PREFIX = "talkbase-agenda:"
PARAMS = (agenda_mod.SAVED_PARAM, agenda_mod.SKIPPED_PARAM)
MAX_STORED = 20_000  # characters of a stored entry read back (an agenda is far less)
_KEY = "agenda-store"  # the component's widget key (st-key-agenda-store, hidden)
_SEEN = "_store_seen"  # the stored entry as read at the session's start, once read
_URL_AGENDA = "_store_url_agenda"  # the agenda the first URL of the session carried
_OFFER = "_store_offer"  # a stored agenda differing from the link's: merge it?

_JS = """
export default function(component) {
  const { data, setStateValue } = component;
  if (!data || !data.key) { return; }
  let store = null;
  try { store = window.localStorage; } catch (e) { store = null; }
  if (!data.seen) {
    let found = '';
    try { found = (store && store.getItem(data.key)) || ''; } catch (e) { found = ''; }
    setStateValue('stored', found);
    return;
  }
  if (data.write === null || data.write === undefined || !store) { return; }
  try {
    if (data.write === '') { store.removeItem(data.key); }
    else if (store.getItem(data.key) !== data.write) { store.setItem(data.key, data.write); }
  } catch (e) { /* storage full or refused: the URL still carries the agenda */ }
}
"""
_component = st.components.v2.component("talkbase_storage", js=_JS, isolate_styles=False)


def storage_key(conferences: Iterable[str]) -> str:
    """The local-storage key of a knowledge base: its conference names, which a
    rebuild keeps (the build name changes on every ingest)."""
    names = "\n".join(sorted({" ".join(c.split()) for c in conferences}))
    return PREFIX + hashlib.sha256(names.encode("utf-8")).hexdigest()[:16]


def encode(ag: Agenda) -> str:
    """An agenda as its stored entry ('' for an empty one)."""
    return json.dumps(agenda_mod.to_query(ag), sort_keys=True) if ag else ""


def decode(text: object, known: Iterable[int]) -> Agenda:
    """A stored entry read back; anything that is not one is an empty agenda."""
    if not isinstance(text, str) or not text or len(text) > MAX_STORED:
        return Agenda()
    try:
        raw = json.loads(text)
    except ValueError:
        return Agenda()
    if not isinstance(raw, dict):
        return Agenda()
    parts = {k: v for k, v in raw.items() if k in PARAMS and isinstance(v, str)}
    return agenda_mod.from_query(parts).keep_known(frozenset(known))


def merge(first: Agenda, second: Agenda) -> Agenda:
    """Both agendas: `first`'s talks, then `second`'s; a talk saved in either is saved."""
    out = first
    for tid in second.saved:
        if tid not in out.skipped:
            out = out.save(tid)
    for tid in second.skipped:
        if tid not in out.saved:
            out = out.skip(tid)
    return out


def _url_agenda() -> bool:
    params = st.query_params
    return any(params.get(k) for k in PARAMS)


def restore(from_url: Agenda, stored: Agenda, url_had_agenda: bool) -> tuple[Agenda, Agenda | None]:
    """What the session's agenda becomes once the stored one is known, and the stored
    agenda to offer to merge (None: nothing to ask). The link's agenda wins."""
    if not url_had_agenda:  # a talk saved before the stored entry was read is kept too
        return merge(stored, from_url), None
    if not stored or merge(from_url, stored) == from_url:
        return from_url, None
    return from_url, stored


def keep(conferences: Iterable[str], known: Iterable[int]) -> None:
    """Once per run, after `state.start` and before the URL is written: restore the
    stored agenda when the session has just begun without one in its link, then keep
    the stored entry equal to the session's agenda (drawn as a hidden element)."""
    ss = st.session_state
    key = storage_key(conferences)
    if _URL_AGENDA not in ss:
        ss[_URL_AGENDA] = _url_agenda()
    value: Any = ss.get(_KEY)
    got = value.get("stored") if hasattr(value, "get") else None
    if _SEEN not in ss and isinstance(got, str):
        stored = decode(got, known)
        ss[_SEEN] = encode(stored)
        new, offer = restore(state.agenda(), stored, bool(ss[_URL_AGENDA]))
        state.set_agenda(new)
        if offer is not None:
            ss[_OFFER] = encode(offer)
    seen = _SEEN in ss
    # only what an action set is written: never the agenda of a URL Back landed on
    acted = ss.get(state.AGENDA_SET)
    write = encode(acted) if seen and acted is not None and not ss.get(_OFFER) else None
    _component(
        data={"key": key, "seen": seen, "write": write},
        key=_KEY,
        on_stored_change=lambda: None,
    )


def offer() -> None:
    """The stored agenda a link's agenda overrode, with the choice to merge it."""
    ss = st.session_state
    if not ss.get(_OFFER):
        return
    other = _checked(ss[_OFFER])
    with st.container(border=True, key="store-offer"):
        st.html(
            '<div class="tb-warn">This link brought its own agenda; this browser keeps '
            f"another one ({len(other.saved)} saved). The link's agenda is shown.</div>"
        )
        c1, c2, _ = st.columns([1.4, 1.6, 3])
        c1.button(
            "Merge them",
            key="store-merge",
            on_click=_merge_stored,
            args=(ss[_OFFER],),
            help="Keep the link's talks and add the ones this browser kept",
        )
        c2.button(
            "Keep the link's only",
            key="store-keep-link",
            on_click=_drop_offer,
            help="Replace the agenda this browser kept with the link's",
        )


def _merge_stored(text: str) -> None:
    state.set_agenda(merge(state.agenda(), _checked(text)))
    _drop_offer()


def _checked(text: str) -> Agenda:
    """An offer's entry: read back from the storage and checked when it was offered."""
    try:
        raw = json.loads(text)
    except ValueError:
        return Agenda()
    return agenda_mod.from_query({k: v for k, v in raw.items() if k in PARAMS})


def _drop_offer() -> None:
    st.session_state[_OFFER] = None


def clear() -> None:
    """Forget the agenda, in the session, the URL and this browser."""
    state.set_agenda(Agenda())
    st.session_state[_OFFER] = None


def note() -> None:
    """The words under My agenda: where the agenda is kept, and a Clear."""
    c1, c2 = st.columns([4, 1.3], vertical_alignment="center")
    c1.caption(
        "Your agenda is kept in this browser (nothing is stored on the server) and in "
        "this page's link: open the app here again and it is back."
    )
    c2.button(
        "Clear agenda",
        key="store-clear",
        on_click=clear,
        help="Remove every saved and not-interested talk, here and in this browser",
    )

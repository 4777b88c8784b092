"""The agenda kept in the browser: saved and not-interested talks in the browser's
local storage, restored when the app is opened without an agenda in its link.
Nothing is stored on the server.

One entry per app origin (`KEY`), whatever the knowledge base holds: a conference
added or renamed does not hide it. It keeps talk ids the base does not hold (a talk
briefly out of the base during a re-ingest, another base served here before), as
they were; a page shows the ones its base holds, and My agenda names a saved
one it no longer holds until the person removes it.

The URL carries the agenda too (the address is a share link). A link whose saved talks
the stored agenda all holds is the person's own (a reload, a bookmark): the stored
agenda is theirs. A link that saves a talk the stored agenda lacks is someone else's
agenda shared with them (or theirs from another browser): shown as shared
(`state.shared`), with "Add all" and "Back to my agenda", and never written into the
stored agenda unasked, whether or not this browser keeps one (as the offline site).

A small st.components.v2 component (plain JS, run in the page, so its local storage
is the app's own origin's) reads the stored entry once per session and sends it back
as its `stored` state. The entry is never rewritten from what a page saw: each
action (`state.set_agenda`: save, remove, hide, unhide, clear, merge, replace) is an
operation, and the JS applies the operations not yet applied to the entry as it
reads it at write time, so two tabs add up (tab 1 saves X, tab 2 saves Y: both are
kept) and a page that did not see a talk leaves it stored. A change another tab
makes to the entry (the `storage` event) comes back as `stored` too, and the
session's agenda follows it.

Beside the ids the entry keeps each saved talk as it was when saved (`seen`: id ->
`agenda.SavedAs`, its title, time, day, room and whether it was called off, as the
offline site keeps them), so My agenda says what the program changed since. They
are operations too: "seen" keeps the talks the session holds as they are now where
the entry keeps none (taken once the entry is read, never before, so what was kept
stands), "ack" anew (the person's OK); a talk no longer saved loses its. An entry an
earlier version wrote has none: it loads as before, says no change, and gains them.
The share link keeps ids only.

The entry is validated where it is read (JS and Python): ids of 1-18 digits, each
list at most `agenda.MAX_IDS` long once written, the ids the base holds kept first
when a list is cut; JSON of any depth or size never raises. Entries an earlier
version kept under `PREFIX` + a hash of the conference names are merged in once.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Collection, Iterable, Mapping
from typing import Any

import streamlit as st

from appviews import state
from appviews.models import agenda as agenda_mod
from appviews.models.agenda import Agenda, SavedAs
from talkbase.core.records import Talk

KEY = "talkbase-agenda"  # the one entry of this origin
PREFIX = KEY + ":"  # entries of earlier versions (one per set of conference names)
MAX_READ = 6_000_000  # characters of `stored` read (more than a browser's local storage)
MAX_OPS = 100  # operations a session keeps for the page to apply (one per action)
_KEY = "agenda-store"  # the component's widget key (st-key-agenda-store, hidden)
_SEEN = "_store_seen"  # `stored` as last read (the session's start, or another tab)
_TOKEN = "_store_token"  # this session's name for its operations in the page
_URL_AGENDA = "_store_url_agenda"  # the agenda the first URL of the session carried
_ID = re.compile(r"[0-9]{1,18}")
_SPLIT = re.compile(r"[\s,.;_~+-]+")

_JS = """
const ID = /^[0-9]{1,18}$/;
function ids(v) {
  const parts = typeof v === 'string' ? v.split(/[\\s,.;_~+-]+/) : (Array.isArray(v) ? v : []);
  const out = [], seen = new Set();
  for (const p of parts) {
    let s = typeof p === 'string' ? p : (Number.isSafeInteger(p) ? String(p) : '');
    if (!ID.test(s)) { continue; }
    s = s.replace(/^0+/, '');
    if (s && !seen.has(s)) { seen.add(s); out.push(s); }
  }
  return out;
}
const TEXT = 1000;  // UTF-16 units of agenda.MAX_SAVED_TEXT characters, at most
function was(v) {  // a saved talk as it was when saved (agenda.SavedAs), or null
  if (!v || typeof v !== 'object' || Array.isArray(v) || typeof v.title !== 'string') { return null; }
  const o = {};
  for (const k of ['title', 'start', 'end', 'day', 'room']) {
    if (typeof v[k] === 'string' && v[k].length <= TEXT) { o[k] = v[k]; }
  }
  if (v.off === true) { o.off = true; }
  return o.title === v.title ? o : null;
}
function seenOf(raw, saved) {  // the kept ones of saved talks only
  const out = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) { return out; }
  for (const id of saved) {
    const w = Object.prototype.hasOwnProperty.call(raw, id) ? was(raw[id]) : null;
    if (w) { out[id] = w; }
  }
  return out;
}
function parse(text) {
  const e = { saved: [], skip: [], seen: {} };
  if (typeof text !== 'string' || !text) { return e; }
  let raw = null;
  try { raw = JSON.parse(text); } catch (err) { return e; }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) { return e; }
  e.saved = ids(raw.saved);
  const s = new Set(e.saved);
  e.skip = ids(raw.skip).filter(i => !s.has(i));
  e.seen = seenOf(raw.seen, e.saved);
  return e;
}
function encode(e) {
  const o = {};
  if (e.saved.length) { o.saved = e.saved.join('-'); }
  if (e.skip.length) { o.skip = e.skip.join('-'); }
  const seen = seenOf(e.seen, e.saved);
  if (Object.keys(seen).length) { o.seen = seen; }
  return Object.keys(o).length ? JSON.stringify(o) : '';
}
function merge(a, b) {  // a's talks, then b's; saved in either is saved
  const saved = a.saved.concat(b.saved.filter(i => !a.saved.includes(i)));
  const s = new Set(saved);
  const skip = a.skip.concat(b.skip).filter((i, n, all) => !s.has(i) && all.indexOf(i) === n);
  return { saved: saved, skip: skip, seen: Object.assign({}, b.seen, a.seen) };
}
function apply(e, op) {  // (a talk no longer saved loses its kept one in encode)
  const kind = op[0], id = String(op[1]), seen = e.seen || {};
  const no = (list) => list.filter(i => i !== id);
  if (kind === 'save') { return { saved: e.saved.includes(id) ? e.saved : e.saved.concat([id]), skip: no(e.skip), seen: seen }; }
  if (kind === 'remove') { return { saved: no(e.saved), skip: e.skip, seen: seenOf(seen, no(e.saved)) }; }
  if (kind === 'skip') { return { saved: no(e.saved), skip: e.skip.includes(id) ? e.skip : e.skip.concat([id]), seen: seenOf(seen, no(e.saved)) }; }
  if (kind === 'unskip') { return { saved: e.saved, skip: no(e.skip), seen: seen }; }
  if (kind === 'clear') { return { saved: [], skip: [], seen: {} }; }
  if (kind === 'seen' || kind === 'ack') {  // {id: as saved}: kept where none is (seen), or anew (ack)
    const got = seenOf(op[1], e.saved.filter(i => kind === 'ack' || !seen[i]));
    return { saved: e.saved, skip: e.skip, seen: Object.assign({}, seen, got) };
  }
  const other = { saved: ids(op[1]), skip: ids(op[2]), seen: {} };
  if (kind === 'merge') { return merge(e, other); }
  if (kind === 'replace') { return merge(other, { saved: [], skip: [], seen: seenOf(seen, other.saved) }); }
  return e;
}
function bound(list, keep, cap) {  // at most cap ids: others' oldest go first, then the oldest
  let out = list;
  while (out.length > cap) {
    const i = out.findIndex(x => !keep.has(x));
    out = i >= 0 ? out.slice(0, i).concat(out.slice(i + 1)) : out.slice(1);
  }
  return out;
}
function read(store, key, prefix) {  // the entry, with any earlier version's merged in
  let e = { saved: [], skip: [], seen: {} }, old = [];
  try { e = parse(store.getItem(key)); } catch (err) { return e; }
  try {
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i);
      if (k && k.startsWith(prefix)) { old.push(k); }
    }
    if (old.length) {
      for (const k of old) { e = merge(e, parse(store.getItem(k))); }
      const text = encode(e);
      if (text) { store.setItem(key, text); }
      for (const k of old) { store.removeItem(k); }
    }
  } catch (err) { /* storage refused: what was read stands */ }
  return e;
}
export default function(component) {
  const { data, setStateValue } = component;
  if (!data || !data.key || !data.token) { return; }
  let store = null;
  try { store = window.localStorage; } catch (e) { store = null; }
  const applied = (window.__talkbaseAgendaApplied = window.__talkbaseAgendaApplied || {});
  const tok = data.token;
  const send = () => {
    const e = store ? read(store, data.key, data.prefix) : { saved: [], skip: [], seen: {} };
    return JSON.stringify({ entry: encode(e), applied: applied[tok] || 0 });
  };
  window.__talkbaseAgendaSend = () => setStateValue('stored', send());
  if (!window.__talkbaseAgendaListens) {
    window.__talkbaseAgendaListens = true;
    window.addEventListener('storage', (ev) => {
      if ((ev.key === null || ev.key === data.key) && window.__talkbaseAgendaSend) {
        window.__talkbaseAgendaSend();
      }
    });
  }
  if (!data.seen) { setStateValue('stored', send()); return; }
  const ops = (data.ops || []).filter(o => Array.isArray(o) && o[0] > (applied[tok] || 0));
  if (!ops.length || !store) { return; }
  try {
    let e = read(store, data.key, data.prefix);
    for (const o of ops) { e = apply(e, o.slice(1)); }
    const keep = new Set((data.keep || []).map(String));
    e = { saved: bound(e.saved, keep, data.cap), skip: bound(e.skip, keep, data.cap), seen: e.seen };
    const text = encode(e);
    if (text) { store.setItem(data.key, text); } else { store.removeItem(data.key); }
    applied[tok] = ops[ops.length - 1][0];
  } catch (e) { /* storage full or refused: the URL still carries the agenda */ }
}
"""
_component = st.components.v2.component("talkbase_storage", js=_JS, isolate_styles=False)


def _ids(value: object, known: Collection[int] | None, cap: int = agenda_mod.MAX_IDS) -> list[int]:
    """Ids of one stored list ("1-2-3", or a list of ids), the ones `known` holds
    (all when None), each once, at most `cap` of them."""
    parts: Iterable[object]
    if isinstance(value, str):
        parts = _SPLIT.split(value)
    elif isinstance(value, list):
        parts = value
    else:
        return []
    out: list[int] = []
    seen: set[int] = set()
    for p in parts:
        text = str(p) if isinstance(p, int) and not isinstance(p, bool) else p
        if not isinstance(text, str) or not _ID.fullmatch(text):
            continue
        i = int(text)
        if i > 0 and i not in seen and (known is None or i in known):
            seen.add(i)
            out.append(i)
            if len(out) >= cap:
                break
    return out


def _saved(value: object, known: Collection[int] | None) -> list[int]:
    """The saved ids of a stored list, in their order, those the base no longer holds
    too (My agenda names them until the person removes them); when more than
    `agenda.MAX_IDS`, the ones `known` holds are kept first."""
    if known is None:
        return _ids(value, None)
    return list(agenda_mod.held_first(_ids(value, None, cap=MAX_READ), known))


def _entry(text: object) -> dict[str, Any]:
    """A stored entry's JSON object ({} for anything else; never raises)."""
    if not isinstance(text, str) or not text or len(text) > MAX_READ:
        return {}
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    return raw if isinstance(raw, dict) else {}


def decode(text: object, known: Collection[int] | None = None) -> Agenda:
    """A stored entry read back: its saved talks (those `known` does not hold too,
    named as no longer in the program), its hidden ones `known` holds (every id when
    None); anything
    that is not an entry (not JSON, too deep, too long, the wrong shape) is an empty
    agenda, never an error. Ids the base does not hold before its own never push them
    out: the cut to `agenda.MAX_IDS` comes after the unknown ones are left out."""
    raw = _entry(text)
    if not raw:
        return Agenda()
    saved = _saved(raw.get(agenda_mod.SAVED_PARAM), known)
    chosen = set(saved)
    skipped = [i for i in _ids(raw.get(agenda_mod.SKIPPED_PARAM), known) if i not in chosen]
    return Agenda(tuple(saved), tuple(skipped))


def decode_seen(text: object, ag: Agenda) -> dict[int, SavedAs]:
    """The stored entry's saved talks as they were when saved (`agenda.SavedAs`), of
    `ag`'s saved talks only: {} for an entry an earlier version wrote (it kept ids
    only) and for anything that is not an entry."""
    kept = _entry(text).get("seen")
    if not isinstance(kept, dict):
        return {}
    return agenda_mod.kept_for(agenda_mod.apply_seen({}, (agenda_mod.SEEN_OP, kept)), ag)


def encode(ag: Agenda, seen: Mapping[int, SavedAs] | None = None) -> str:
    """An agenda as its stored entry ('' for an empty one), with its saved talks as
    they were when saved (`seen`), where it has them."""
    if not ag:
        return ""
    out: dict[str, Any] = dict(agenda_mod.to_query(ag))
    kept = agenda_mod.kept_for(seen or {}, ag)
    if kept:
        out["seen"] = {str(i): w.to_json() for i, w in kept.items()}
    return json.dumps(out, sort_keys=True)


Op = agenda_mod.Op


def _wire(op: Op) -> list[Any]:
    """An operation as the page reads it: ids as strings (JS numbers stop at 2**53)."""
    kind, *rest = op
    if kind in (agenda_mod.SEEN_OP, agenda_mod.ACK_OP):  # {id: as saved}
        return [kind, {str(i): w for i, w in rest[0].items()}]
    if kind in ("merge", "replace"):
        return [kind, [str(i) for i in rest[0]], [str(i) for i in rest[1]]]
    return [kind, *(str(i) for i in rest)]


def _read(got: object) -> tuple[str, int]:
    """`stored` as the page sent it: the entry's text and the last operation applied."""
    if not isinstance(got, str) or len(got) > MAX_READ:
        return "", 0
    try:
        raw = json.loads(got)
    except (ValueError, RecursionError):
        return "", 0
    if not isinstance(raw, dict):
        return "", 0
    entry, applied = raw.get("entry"), raw.get("applied")
    seq = applied if isinstance(applied, int) and not isinstance(applied, bool) else 0
    return (entry if isinstance(entry, str) else ""), seq


def restore(
    stored: Agenda, done: Iterable[tuple[int, Op]], link: Agenda
) -> tuple[Agenda, Agenda | None]:
    """What the session's agenda becomes once the stored one is known: the stored
    agenda with what this session `done` before (a talk saved before the entry was
    read is kept); and the agenda the session's first link brought when it is
    someone else's (None: no link, or the person's own), to show as shared."""
    own = stored
    for _, op in done:
        own = agenda_mod.apply(own, op)
    theirs = any(i not in stored.saved for i in link.saved)
    return own, (link if theirs else None)


def page_data(
    token: str, seen: bool, ops: Iterable[tuple[int, Op]], mine: Agenda
) -> dict[str, Any]:
    """What the page script is given on a run: the entry's key, this session's token,
    whether the stored entry was read, the operations to apply (numbered) and the
    session's own ids (kept first when a list must be cut)."""
    return {
        "key": KEY,
        "prefix": PREFIX,
        "token": token,
        "seen": seen,
        "ops": [[n, *_wire(op)] for n, op in ops],
        "keep": [str(i) for i in (*mine.saved, *mine.skipped)],
        "cap": agenda_mod.MAX_IDS,
    }


def keep(known: Mapping[int, Talk]) -> None:
    """Once per run, after `state.start` and before the URL is written: restore the
    stored agenda when the session has just begun without one in its link, follow a
    change another tab made, keep each saved talk the base holds as it is now where
    none is kept of it yet (`agenda.SavedAs`: once the stored agenda is read, so a
    talk changed by an update is never taken as it is now over what was kept), and
    have the page apply this session's operations to the stored entry (drawn as a
    hidden element)."""
    ss = st.session_state
    if _URL_AGENDA not in ss:  # (the first run: the agenda is the link's, from state.start)
        ss[_URL_AGENDA] = state.agenda()
    token = ss.setdefault(_TOKEN, secrets.token_hex(8))
    value: Any = ss.get(_KEY)
    got = value.get("stored") if hasattr(value, "get") else None
    if isinstance(got, str) and got != ss.get(_SEEN):
        entry, applied = _read(got)
        stored = decode(entry, known)
        kept = decode_seen(entry, stored)
        if _SEEN not in ss:  # the session's start
            own, theirs = restore(stored, state.agenda_ops(), ss[_URL_AGENDA])
            state.set_agenda(own.held_first(known), ())
            if theirs is not None:
                _share(theirs)
        else:  # another tab changed it: what it stores, and ours
            for _, op in state.agenda_ops(after=applied):
                stored = agenda_mod.apply(stored, op)
                kept = agenda_mod.apply_seen(kept, op)
            state.set_agenda(stored, ())
        state.set_saved_as(kept)
        ss[_SEEN] = got
    seen = _SEEN in ss
    if seen:
        had = state.saved_as()
        now = {i: SavedAs.of(known[i]) for i in state.agenda().saved if i in known and i not in had}
        if now:
            state.keep_saved_as(now)
    ops = state.agenda_ops() if seen else []
    _component(
        data=page_data(token, seen, ops, state.agenda()),
        key=_KEY,
        on_stored_change=lambda: None,
    )


def _share(link: Agenda) -> None:
    """Show the link's agenda as shared: on My agenda when the link asked for no other
    page, else said in a notice on the page it asked for."""
    ss = st.session_state
    state.show_shared(link)
    if not ss.get("q") and not any(ss.get(n) for n in state.PAGE_PARAMS):
        if ss.get("view") in (None, "Search"):
            ss["view"] = "My agenda"
    if ss.get("view") != "My agenda":
        state.add_notices(
            [
                "This link brought an agenda shared with you: My agenda shows it (yours is unchanged)."
            ]
        )


def clear() -> None:
    """Forget the agenda, in the session, the URL and this browser."""
    state.set_agenda(Agenda(), [("clear",)])


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

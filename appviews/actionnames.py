"""Buttons that say which talk they act on (sweep 19, F8 and F9): a card's "Open",
"Save to agenda" and "Not interested" are one of many alike on a page, so each gets
the talk's title in its accessible name ("Save to agenda: <title>", the visible words
first, as WCAG's label-in-name asks), while the card shows the short words. And a
button that a click replaces ("Save to agenda" becomes "Remove from agenda") gives
its place in the focus order to the one that replaced it, instead of dropping the
focus to the page's start; a row that a click takes away ("Not interested" hides the
talk) gives it to the Undo that click left (`UNDO_KEY`), else to the row after it.

Streamlit gives a button no accessible name of its own (`help=` is a hover tooltip,
not in the accessibility tree), so a small st.components.v2 script, drawn last on
every run, names the buttons of the rows the run drew (`name`), by their widget keys
(`st-key-…` classes in the page)."""

from __future__ import annotations

import streamlit as st

_ROWS = "_action_rows"  # this run's {widget or container key: talk title}
_KEY = "action-names"  # the component's key (st-key-action-names, hidden)
UNDO_KEY = "undo"  # the Undo of "Not interested" (`cards.undo_notice`): where its focus goes

_JS = """
export default function(component) {
  const { data } = component;
  const kept = (window.__talkbaseActions = window.__talkbaseActions || { last: null });
  if (!kept.listens) {
    kept.listens = true;
    document.addEventListener('focusin', (e) => {
      const b = e.target.closest && e.target.closest('button');
      const row = b && b.closest('[data-tb-row]');
      if (row) {
        const all = [...row.querySelectorAll('button')];
        const rows = [...document.querySelectorAll('[data-tb-row]')];
        const next = rows[rows.indexOf(row) + 1] || rows[rows.indexOf(row) - 1];
        kept.last = { row: row.getAttribute('data-tb-row'), i: all.indexOf(b), at: Date.now(),
                      next: next ? next.getAttribute('data-tb-row') : null };
      }
    }, true);
  }
  const apply = () => {
    for (const [key, title] of Object.entries((data && data.rows) || {})) {
      const row = document.querySelector('.st-key-' + CSS.escape(key));
      if (!row) { continue; }
      row.setAttribute('data-tb-row', key);
      for (const b of row.querySelectorAll('button')) {
        const words = (b.innerText || '').trim();
        if (words) { b.setAttribute('aria-label', words + ': ' + title); }
      }
    }
    const was = kept.last;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (was && lost && Date.now() - was.at < 15000) {
      const find = (key) => key && document.querySelector('[data-tb-row="' + CSS.escape(key) + '"]');
      const row = find(was.row);
      const all = row ? [...row.querySelectorAll('button')] : [];
      // the row gone (its talk hidden by "Not interested"): the Undo it left, else the
      // row that followed it, at the same place
      const undo = row ? null : document.querySelector('.st-key-' + CSS.escape(data.undo) + ' button');
      const after = row || undo ? null : find(was.next);
      const there = all.length ? all : after ? [...after.querySelectorAll('button')] : [];
      const to = undo || (there.length ? there[Math.min(was.i, there.length - 1)] : null);
      if (to) { to.focus({ preventScroll: true }); }
    }
  };
  apply();
  setTimeout(apply, 150);  // (a row React draws a moment after the script's run)
}
"""
_component = st.components.v2.component("talkbase_action_names", js=_JS, isolate_styles=False)


def name(key: str, title: str) -> None:
    """The buttons under widget or container `key` act on the talk titled `title`."""
    st.session_state.setdefault(_ROWS, {})[key] = title


def draw() -> None:
    """Name this run's buttons in the page (drawn last, once the rows are there)."""
    ss = st.session_state
    rows = ss.pop(_ROWS, {})
    runs = ss["_action_runs"] = ss.get("_action_runs", 0) + 1
    _component(data={"rows": rows, "run": runs, "undo": UNDO_KEY}, key=_KEY)

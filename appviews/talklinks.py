"""Talks drawn as HTML by a component (the Program grid, Now & next's rows) that
open on a click or Enter: the component's script, and opening what it names."""

from __future__ import annotations

from typing import Any

import streamlit as st

from appviews import state
from appviews.models import agenda as agenda_mod
from talkbase.core.records import Talk

_SCRIPT = """
export default function(component) {
  const { data, setTriggerValue, parentElement } = component;
  let box = parentElement.querySelector('.BOX');
  if (!box) { box = document.createElement('div'); box.className = 'BOX';
              parentElement.appendChild(box); }
  box.innerHTML = data;
  // its own scroll kept per page address (view, day, rooms): Back to the grid finds the
  // place it was left at, not 09:00 and the first room
  const key = 'tb-scroll:BOX:' + window.location.search;
  const pane = box.querySelector('.BOX') || box;
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(key) || 'null');
    if (kept) { pane.scrollLeft = kept[0]; pane.scrollTop = kept[1]; }
  } catch (e) {}
  pane.onscroll = () => {
    try { window.sessionStorage.setItem(key, JSON.stringify([pane.scrollLeft, pane.scrollTop])); }
    catch (e) {}
  };
  box.querySelectorAll('[data-jump]').forEach((el) => {
    el.onclick = () => { const to = box.querySelector('#' + el.getAttribute('data-jump'));
                         if (to) { to.scrollIntoView({block: 'start'}); } };
  });
  box.querySelectorAll('[data-talk]').forEach((el) => {
    const open = (e) => { e.preventDefault();
                          setTriggerValue('open', el.getAttribute('data-talk')); };
    el.onclick = open;
    el.onkeydown = (e) => { if (e.key === 'Enter' || e.key === ' ') open(e); };
  });
}
"""


def script(box_class: str) -> str:
    """The component's script: draw `data` in a box of `box_class`, and send back the
    id (`data-talk`) of the talk clicked or opened with Enter as the trigger 'open'."""
    return _SCRIPT.replace("BOX", box_class)


def open_picked(value: object, talks: dict[int, Talk]) -> bool:
    """Open the talk the page named, checked like an id from a URL; False if none."""
    picked = agenda_mod.parse_id(str(value or ""))
    if picked is None or picked not in talks:
        return False
    state.open_talk(picked)
    return True


def opened(key: str, talks: dict[int, Talk]) -> None:
    """The click on a talk of component `key`, before the script runs (one run, no rerun)."""
    value: Any = st.session_state.get(key)
    open_picked(value.get("open") if hasattr(value, "get") else None, talks)

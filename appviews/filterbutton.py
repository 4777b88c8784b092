"""The "Filters (n)" control of a phone: below ~700 px wide Streamlit folds the sidebar
away behind a small arrow at the top corner, so the filters sit behind a labelled
button above the results instead, which opens that same sidebar. The select boxes
stay the sidebar's own: a filter chosen after tapping it is the sidebar's state (one
source), and the chip above the results shows it. Hidden on a wide screen, where the
sidebar is open beside the results.

A small st.components.v2 component (plain JS in the page) draws the button and, on
a tap, presses Streamlit's own "expand sidebar" control, then moves the keyboard's
focus into the sidebar.
"""

from __future__ import annotations

import streamlit as st

from talkbase.core.present import plural

KEY = "filters-open"  # st-key-filters-open: the element, hidden on a wide screen
BUTTON_CLASS = "tb-filters-btn"

_JS = """
export default function(component) {
  const { data, parentElement } = component;
  let button = parentElement.querySelector('button.tb-filters-btn');
  if (!button) {
    button = document.createElement('button');
    button.type = 'button';
    button.className = 'tb-filters-btn';
    button.addEventListener('click', () => {
      const open = document.querySelector('[data-testid="stExpandSidebarButton"]');
      if (open) { open.click(); }
      let tries = 0;
      const focus = () => {
        const bar = document.querySelector('[data-testid="stSidebar"]');
        const first = bar && bar.querySelector('input, button');
        const shown = bar && bar.getBoundingClientRect();
        if (first && shown.width > 0 && shown.right > 0) {
          first.focus({ preventScroll: true });
        } else if (++tries < 20) { setTimeout(focus, 50); }
      };
      setTimeout(focus, 50);
    });
    parentElement.appendChild(button);
  }
  button.textContent = data.label;
  button.title = data.hint;
  button.setAttribute('aria-label', data.label + ': ' + data.hint);
}
"""

_CSS = """
.tb-filters-btn { min-height: 44px; min-width: 44px; padding: .4rem 1rem; width: 100%;
  font: inherit; font-weight: 600; color: #1f3b8f; background: #fff;
  border: 1px solid #9fb0d9; border-radius: .5rem; cursor: pointer; }
.tb-filters-btn:focus-visible { outline: 2px solid #1f3b8f; outline-offset: 2px; }
.st-key-filters-open { display: none; }
@media (max-width: 700px) { .st-key-filters-open { display: block; } }
"""

_component = st.components.v2.component("talkbase_filters", js=_JS, css=_CSS, isolate_styles=False)


def label(count: int) -> str:
    """ "Filters", or "Filters (2)" with two in force."""
    return f"Filters ({count})" if count else "Filters"


def hint(count: int) -> str:
    words = f"{plural(count, 'filter')} in force" if count else "none chosen"
    return f"show the filters ({words})"


def show(count: int) -> None:
    """The button, above the results (a phone only: its element is hidden on a wide
    screen by the component's style sheet, which applies to the whole page)."""
    _component(data={"label": label(count), "hint": hint(count)}, key=KEY)

"""Safe building blocks: program text only ever reaches the page escaped.

- `st.text` and dataframes show text verbatim, nothing is interpreted;
- the `*_html` helpers build HTML from `html.escape`d text (and <mark> around
  matched words) for st.html, which also sanitises what it receives;
- Markdown elements (captions, labels, headers) only ever carry the app's own
  words and numbers.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Collection, Iterable, Mapping
from datetime import date

import streamlit as st

from appviews.models import evidence
from appviews.models.agenda import SAVED_PARAM, SKIPPED_PARAM
from talkbase.core import present, timetable
from talkbase.core.records import Speaker, Talk

CSS = """<style>
/* a 5,000-character word in a title or abstract wraps inside its card */
.tb-title, .tb-title-big, .tb-meta, .tb-quote, .tb-why, .tb-warn, .tb-ok, .tb-speakers,
.tb-held, .tb-chart-text,
.tb-fy-title, .tb-fy-why, .tb-fy-note,
[data-testid="stText"], [data-testid="stVerticalBlockBorderWrapper"], .stButton button p {
  overflow-wrap: anywhere; word-break: break-word; min-width: 0; max-width: 100%; }
[data-testid="stText"], .tb-speakers { white-space: pre-wrap; }
.tb-title { font-size: 1.15rem; font-weight: 600; margin: 0 0 .15rem 0; line-height: 1.35; }
.tb-fy-title { font-size: 1.15rem; font-weight: 600; margin: 0 0 .15rem 0; line-height: 1.35; }
.tb-title-big { font-size: 1.7rem; font-weight: 700; margin: 0 0 .3rem 0; line-height: 1.25; }
.tb-meta { color: rgba(49, 51, 63, .75); font-size: .92rem; }
.tb-badge { display: inline-block; padding: 0 .5rem; border-radius: .6rem; font-size: .8rem;
            background: #e8eefc; color: #1f3b8f; margin-left: .35rem; }
.tb-quote { border-left: 3px solid #d0d7e5; padding-left: .6rem; margin: .3rem 0;
            font-size: .95rem; }
.tb-why { color: rgba(49, 51, 63, .7); font-size: .85rem; }
.tb-held { font-weight: 600; font-size: .95rem; }
.tb-chart-text { color: rgba(49, 51, 63, .75); font-size: .88rem; }
.tb-warn { color: #9a3412; font-size: .9rem; }
.tb-ok { color: #166534; font-size: .9rem; }
.tb-fy-why { color: rgba(49, 51, 63, .7); font-size: .85rem; }
.tb-fy-note { color: #9a3412; font-size: .9rem; }
mark { background: #fde68a; padding: 0 .1rem; border-radius: .15rem; }
/* contrast: captions at least 4.5:1 on white (Streamlit draws them at opacity .6,
   3.9:1), and a focus ring a keyboard user sees (issue 39) */
[data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] * {
  color: #4b5060 !important; opacity: 1 !important; }
:focus-visible { outline: 3px solid #1d4ed8 !important; outline-offset: 2px !important; }
/* the chosen option of a segmented control: Streamlit's red on its pink is 4.48:1 */
button[data-variant="segmented_control"][aria-checked="true"],
button[data-variant="segmented_control"][aria-checked="true"] * { color: #b42335 !important; }
.tb-kind { color: #4b5060; font-size: .8rem; text-transform: uppercase;
           letter-spacing: .05em; }
.tb-print { border-collapse: collapse; width: 100%; margin-bottom: 1rem; table-layout: fixed; }
.tb-print td:first-child { width: 8rem; }
.tb-print td:last-child { width: 12rem; }
.tb-print td { border-top: 1px solid #d0d7e5; padding: .3rem .5rem; vertical-align: top; }
.tb-grid { overflow-x: auto; max-width: 100%; }
.tb-grid table { border-collapse: collapse; table-layout: fixed; font-size: .82rem; }
.tb-grid th { position: sticky; top: 0; background: #f3f5f9; padding: .25rem .4rem;
              min-width: 11rem; text-align: left; border-bottom: 1px solid #d0d7e5; }
.tb-grid th.tb-time, .tb-grid td.tb-time { min-width: 3.2rem; width: 3.2rem; color: #555;
              vertical-align: top; position: sticky; left: 0; background: #fff; }
.tb-grid td { border-top: 1px dotted #e3e7ef; vertical-align: top; padding: 0 .2rem; }
.tb-grid td.tb-cell { background: #eef3fd; border: 1px solid #b9c8ec; border-radius: .3rem;
              padding: .2rem .35rem; overflow-wrap: anywhere; }
.tb-grid td.tb-saved { background: #dcfce7; border-color: #16a34a; }
.tb-grid td.tb-clash { background: #fee2e2; border-color: #dc2626; }
.tb-grid .tb-dur { color: #555; font-size: .75rem; }
.tb-grid .tb-who { color: #333; font-size: .76rem; }
.st-key-scroll-keeper, .st-key-agenda-store, .st-key-skip-link, .st-key-link-hash,
.st-key-action-names { display: none; }
/* a share link wraps inside its box at any width (its copy button stays on it) */
.st-key-share-link code { overflow-wrap: anywhere; word-break: break-all; }
/* My agenda on a phone: a compact list per day instead of the calendar column */
.tb-aglist { display: none; }
.tb-ag-item { border: 1px solid #d0d7e5; border-radius: .4rem; padding: .35rem .55rem;
              margin: 0 0 .35rem 0; background: #f5f8ff; min-width: 100px; }
.tb-ag-item.tb-ag-clash { background: #fff1f1; border-color: #f1a5a5; }
.tb-ag-when { color: rgba(49, 51, 63, .75); font-size: .85rem; }
.tb-ag-title { font-weight: 600; line-height: 1.3; overflow-wrap: anywhere; }
/* a day of several conferences' talks: a part per conference, named with its clock */
.tb-ag-conf { font-weight: 700; font-size: 1.05rem; margin: .3rem 0 .2rem; overflow-wrap: anywhere; }
/* the skip link: off screen until it has the keyboard's focus */
.tb-skip { position: absolute; left: -10000px; top: 0; z-index: 1000; background: #fff;
           padding: .4rem .8rem; border: 2px solid #1f3b8f; border-radius: .3rem; }
.tb-skip:focus { left: .5rem; top: .5rem; }
@media (max-width: 700px) {
  .tb-aglist { display: block; }
  [class*="st-key-day-"] { display: none; }
  /* tap targets of at least 44 px: the view switcher and every button */
  .st-key-view button, .stButton button, [data-testid="stDownloadButton"] button,
  [data-testid="stBaseButton-segmented_control"],
  [data-testid="stBaseButton-segmented_controlActive"] { min-height: 44px; }
  .st-key-view button { min-width: 44px; }
  /* the view switcher wraps onto a second line instead of scrolling out of sight */
  .st-key-view [data-testid="stButtonGroup"] > div { flex-wrap: wrap; overflow-x: visible;
    gap: .25rem; }
  .st-key-view [data-testid="stButtonGroup"] button { border-radius: .5rem !important;
    margin: 0 !important; padding: .2rem .35rem !important; }
  /* (compact: the five views fit one line of a 390 px phone, wrapping only if narrower) */
  .st-key-view [data-testid="stButtonGroup"] button p { font-size: .85rem; }
  /* the "?" of a control's help and the sidebar's "»": 16 and 28 px drawn, 44 px to tap */
  [data-testid="stTooltipHoverTarget"]:has([data-testid="stTooltipIcon"]),
  [data-testid="stTooltipIcon"] { min-width: 44px; min-height: 44px; display: inline-flex;
    align-items: center; justify-content: center; }
  [data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapseButton"] button {
    min-width: 44px; min-height: 44px; }
  /* Now & next in a base of several (nownext.WHEN_KEY): the conference and the time
     share a line (the time's label said to a screen reader only), the days the next,
     so the rows start in the top half of the screen */
  .st-key-now-when [data-testid="stHorizontalBlock"] { flex-wrap: wrap; }
  .st-key-now-when [data-testid="stColumn"] { min-width: 0 !important; }
  .st-key-now-when [data-testid="stColumn"]:nth-child(1) { flex: 1 1 0 !important; }
  .st-key-now-when [data-testid="stColumn"]:nth-child(2) { flex: 0 0 6.5rem !important; }
  .st-key-now-when [data-testid="stColumn"]:nth-child(2) [data-testid="stWidgetLabel"] {
    display: none; }
  .st-key-now-when [data-testid="stColumn"]:nth-child(3) { flex: 1 0 100% !important; }
  h1 { font-size: 1.6rem !important; padding: .2rem 0 !important; }
  /* the page starts under the header bar, not 6rem down the screen */
  [data-testid="stMainBlockContainer"] { padding-top: 3.5rem !important; }
}
.tb-skip { position: absolute; left: -10000px; top: 0; z-index: 1000001; }
.tb-skip:focus { left: .5rem; top: .5rem; padding: .6rem 1rem; background: #fff;
                 color: #1f3b8f; border: 2px solid #1f3b8f; border-radius: .4rem; }
@media print {
  header, [data-testid="stSidebar"], .stButton, [data-testid="stSegmentedControl"],
  .st-key-view, [data-testid="stDownloadButton"], .tb-noprint { display: none !important; }
  .tb-day { break-before: page; }
  .tb-day:first-of-type { break-before: auto; }
}
</style>"""

_TOP_JS = """
export default function(component) {
  const main = document.querySelector('[data-testid="stMain"]')
            || document.querySelector('[data-testid="stAppViewContainer"]');
  if (main) { main.scrollTo(0, 0); }
  window.scrollTo(0, 0);
  // the keyboard's focus goes to the new page's title (a screen reader says it), once
  // per page opened: not again when the same page redraws after a button on it
  if (window.__talkbaseTop === component.data) { return; }
  window.__talkbaseTop = component.data;
  let tries = 0;
  const focus = () => {
    const title = document.querySelector('[data-testid="stMain"] .tb-title-big');
    if (title) {
      title.setAttribute('tabindex', '-1');
      title.focus({ preventScroll: true });
    } else if (++tries < 40) { setTimeout(focus, 50); }
  };
  focus();
}
"""
_top = st.components.v2.component("talkbase_top", js=_TOP_JS, isolate_styles=False)


def scroll_top(page: str) -> None:
    """Show a newly opened page from its top (the app keeps the list's scroll position
    otherwise), the keyboard's focus on its big title; runs once per page, named by
    `page`."""
    _top(data=page, key="scroll-top")


# Back and Forward return to a list scrolled where it was. Streamlit scrolls its main
# block, not the window, and redraws a page after the browser has moved through its
# history, so the browser's own scroll restoration cannot do it. This script, installed
# once per tab, remembers each URL's scroll position (fixed at the click or Enter that
# leaves it: what the page does after that click is not the person scrolling) and, when
# a Back or Forward run has drawn its page, scrolls there again as soon as the page is
# tall enough. Touching the page (a wheel, a click, a key) stops it trying.
_SCROLL_JS = """
export default function(component) {
  if (!window.__talkbaseScroll) {
    const keeper = { saved: new Map(), frozen: null, pending: null };
    // the agenda's parameters are not where a list is: Back past a save comes to
    // a URL that gets its saved= back, and is still the same list
    const agenda = new Set(AGENDA_PARAMS);
    const norm = (search) => JSON.stringify([...new URLSearchParams(search)]
      .filter(([k]) => !agenda.has(k)).sort());
    const here = () => norm(window.location.search);
    const scroller = () => {
      const main = document.querySelector('[data-testid="stMain"]');
      return main && main.scrollHeight > main.clientHeight
        ? main : (document.scrollingElement || document.documentElement);
    };
    const expired = () => keeper.pending && Date.now() - keeper.pending.since > 40000;
    const remember = () => {
      const key = here();
      keeper.saved.delete(key);
      keeper.saved.set(key, scroller().scrollTop);
      if (keeper.saved.size > 200) { keeper.saved.delete(keeper.saved.keys().next().value); }
    };
    const fix = () => { keeper.pending = null; remember(); keeper.frozen = here(); };
    const free = () => { keeper.pending = null; keeper.frozen = null; };
    const moves = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);
    document.addEventListener('scroll', () => {
      if (expired()) { keeper.pending = null; }
      if (!keeper.pending && keeper.frozen !== here()) { remember(); }
    }, true);
    document.addEventListener('pointerdown', fix, true);
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { fix(); } else if (moves.has(e.key)) { free(); }
    }, true);
    window.addEventListener('wheel', free, { capture: true, passive: true });
    window.addEventListener('touchmove', free, { capture: true, passive: true });
    window.addEventListener('popstate', () => {
      keeper.frozen = null;
      keeper.pending = { key: here(), y: keeper.saved.get(here()) || 0, since: Date.now() };
    });
    keeper.drawn = () => {
      const wanted = keeper.pending;
      if (!wanted || wanted.key !== here()) { return; }
      let steady = 0;
      const step = () => {
        if (keeper.pending !== wanted) { return; }
        if (wanted.key !== here() || expired()) { keeper.pending = null; return; }
        const box = scroller();
        const drawing = document.querySelector('[data-stale="true"]');
        if (!drawing && box.scrollHeight - box.clientHeight >= wanted.y - 1) {
          if (Math.abs(box.scrollTop - wanted.y) > 1) { box.scrollTop = wanted.y; steady = 0; }
          else if (++steady >= 5) { keeper.pending = null; return; }
        }
        setTimeout(step, 100);
      };
      step();
    };
    window.__talkbaseScroll = keeper;
  }
  window.__talkbaseScroll.drawn();
}
"""
_scroll = st.components.v2.component(
    "talkbase_scroll",
    js=_SCROLL_JS.replace("AGENDA_PARAMS", json.dumps([SAVED_PARAM, SKIPPED_PARAM])),
    isolate_styles=False,
)


# A skip link, the first thing Tab reaches on every page: it moves the focus to the
# search box (or, on a view without one, to the page's content). It is put at the top
# of the document, before Streamlit's own header and sidebar controls, once per tab;
# hidden until focused (.tb-skip in CSS).
SKIP_ID = "tb-skip"  # the link's id, as in _SKIP_JS
_SKIP_JS = """
export default function(component) {
  if (document.getElementById('tb-skip')) { return; }
  const link = document.createElement('a');
  link.id = 'tb-skip';
  link.className = 'tb-skip';
  link.href = '#';
  link.textContent = 'Skip to search';
  link.addEventListener('click', (e) => {
    e.preventDefault();
    const box = document.querySelector('.st-key-q input');
    const main = document.querySelector('[data-testid="stMain"]');
    const target = box || main;
    if (!target) { return; }
    if (!box) { target.setAttribute('tabindex', '-1'); }
    target.focus();
    target.scrollIntoView({ block: 'center' });
  });
  document.body.insertBefore(link, document.body.firstChild);
}
"""
_skip = st.components.v2.component("talkbase_skip", js=_SKIP_JS, isolate_styles=False)


def skip_link() -> None:
    """The skip link to the search box (see _SKIP_JS)."""
    _skip(key="skip-link")


def keep_scroll() -> None:
    """Back and Forward return to the scroll position each URL was left at (see
    _SCROLL_JS); drawn last on every run, so it runs once the page above is there."""
    runs = st.session_state["_runs"] = st.session_state.get("_runs", 0) + 1
    _scroll(data=runs, key="scroll-keeper")


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def style() -> None:
    st.html(CSS)


def speakers_line(speakers: Iterable[Speaker]) -> str:
    return present.speakers_line(speakers)


_NIGHTS: list[Mapping[int, date]] = []  # the base's night talks, once the app has them


def use_nights(nights: Mapping[int, date]) -> None:
    """Name a night talk by the day whose night it is, as the day filter reads it
    (`Library.nights`: the search's own rule; set once per run by the app, as the stems)."""
    _NIGHTS[:] = [nights]


_SEVERAL: list[bool] = []  # whether the base holds several conferences, once the app knows


def use_conferences(several: bool) -> None:
    """Name each talk's conference on its card where the base holds `several` (two
    showings of one talk at two conferences told apart; set once per run, as the nights)."""
    _SEVERAL[:] = [several]


def conference_named(t: Talk) -> str:
    """The conference a card names: the talk's, in a base of several (`use_conferences`)."""
    return t.conference if _SEVERAL and _SEVERAL[0] else ""


def several_conferences(talks: Iterable[Talk]) -> bool:
    """Whether these talks (an agenda's) are of several conferences."""
    return len({t.conference for t in talks}) > 1


def conference_clock(t: Talk) -> str:
    """The conference a talk is at and the clock its times are on ("Seoul Summit,
    Asia/Seoul"): beside a time where talks of several conferences are listed together."""
    return ", ".join(x for x in (t.conference, t.zone) if x)


def program_day(t: Talk) -> date | None:
    """The day of the program `t` is on, as the day filter reads it (`use_nights`)."""
    return timetable.program_day(t, _NIGHTS[0] if _NIGHTS else timetable.NO_NIGHTS)


def when(t: Talk) -> str:
    """`present.when`, a night talk told by the day whose night it is (`program_day`)."""
    return present.when(t, day=program_day(t))


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~:$&=\"'])")


def md_label(text: str) -> str:
    """Program text for a widget label (labels are Markdown): every Markdown
    character backslash-escaped, so a name is shown as written and never runs."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def meta_html(t: Talk) -> str:
    """Day, time, room, and the track as a badge; first the conference, in a base of
    several (`use_conferences`)."""
    parts = [esc(x) for x in (conference_named(t), when(t), t.room or "Room not given") if x]
    badge = f'<span class="tb-badge">{esc(t.track)}</span>' if t.track else ""
    return f'<div class="tb-meta">{" · ".join(parts)}{badge}</div>'


_STEMS: list[evidence.Stems] = []  # the knowledge base's stemmer, once the app has one


def use_stems(stems: evidence.Stems) -> None:
    """Highlight with the search's own stemmer (set once per run by app.py)."""
    _STEMS[:] = [stems]


def highlight(text: str, terms: Iterable[str]) -> tuple[evidence.Span, ...]:
    """`evidence.highlight` with the knowledge base's stemmer: the marked words are
    the words search matched."""
    return evidence.highlight(text, list(terms), _STEMS[0] if _STEMS else None)


def word_stems(words: Collection[str]) -> Mapping[str, str]:
    """Lower-case words -> their stems, as `highlight` compares them (the knowledge
    base's stemmer once the app has one, else the light built-in one)."""
    if _STEMS:
        table = _STEMS[0](words)
        return {w: table.get(w, w) for w in words}
    return {w: evidence.stem(w) for w in words}


def title_html(
    title: str, terms: Iterable[str] = (), big: bool = False, cls: str | None = None
) -> str:
    cls = cls or ("tb-title-big" if big else "tb-title")
    heading = ' role="heading" aria-level="1"' if big else ""  # a page's own title
    return f'<div class="{cls}"{heading}>{evidence.as_html(highlight(title, terms))}</div>'


def quote_html(sentence: str, terms: Iterable[str]) -> str:
    return f'<div class="tb-quote">{evidence.as_html(highlight(sentence, terms))}</div>'


def line_html(text: str, cls: str) -> str:
    return f'<div class="{cls}">{esc(text)}</div>'


CANCELLED = "Cancelled"  # the word every view that lists a talk shows for one called off
CANCELLED_LINE = f"{CANCELLED}: the program says this talk will not take place"


def cancelled_flag(t: Talk) -> str:
    """ "Cancelled · " before a cancelled talk's time where a view lists it in one line
    (the Program grid, its list, Now & next); "" for one that takes place."""
    return f"{CANCELLED} · " if t.cancelled else ""


def open_label(t: Talk) -> str:
    """What a screen reader says for a clickable talk: its title, and that it is
    cancelled when it is."""
    return f"Open {t.title}" + (f" ({CANCELLED.lower()})" if t.cancelled else "")


def cancelled_html(t: Talk) -> str:
    """The line that says a talk is cancelled (`Talk.cancelled`), "" for one that
    takes place: under its title on its card and on its page."""
    return line_html(CANCELLED_LINE, "tb-warn") if t.cancelled else ""


CHANGED_CLASS = "tb-warn tb-changed"  # the line saying what changed of a saved talk


def changed_html(note: str) -> str:
    """The line that says what the program changed of a saved talk since it was saved
    (`note`: `agenda.change_note`'s sentence), "" where nothing changed."""
    return line_html(note, CHANGED_CLASS) if note else ""

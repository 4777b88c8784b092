"""Session state and the URL: what the person is looking at, their filters and agenda.

The URL mirrors the state (query, filters, open talk, speaker or organization
page, view, agenda, toggles), so a reload keeps everything and the address bar
is a share link. The agenda is the person's, not the page's: Back or Forward to a
URL without it (or with an older one) keeps the session's agenda and writes it back
into that URL. A link that brings someone else's agenda (one this browser's does not
hold, `appviews.storage`) is shown as shared (`shared`), beside the person's own, and
never becomes theirs unasked: its ids stay in the URL while it is shown, and
"Add all" or "Back to my agenda" end it. Each change of the state writes the URL once (one browser
history entry), early in the run, before the page is drawn, so the browser's Back
and Forward move through views and pages however soon they are pressed. How many
results "Show more" had shown is kept per URL for the session, and the scroll
position per URL in the tab (`render.keep_scroll`): Back returns to a list as it was.

`appviews.urlstate.parse` is the one place a URL's text enters the app (every
parameter checked; its names are re-exported here). On the first run of a
session, on every run Back or Forward starts, and whenever the URL differs from
the one the app last wrote (an edited address), the state is read back from the URL.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from urllib.parse import urlencode, urlsplit, urlunsplit

import streamlit as st

from appviews.models import agenda as agenda_mod
from appviews.models.agenda import Agenda
from appviews.models.facets import FACETS, Selection
from appviews.urlstate import (  # the URL's names, known to the app from here too
    FACET_PARAM,
    MAX_NOTICES,  # noqa: F401  (re-exported: tests read the limits from here)
    MAX_TEXT,  # noqa: F401
    PAGE_PARAMS,
    ROOM_SEP,
    TOGGLES,
    VIEW_PARAM,
    Known,
    parse,
)
from talkbase.core.records import Talk

VIEWS = ("Search", "Program", "Now & next", "My agenda", "Browse")
PAGE = 10  # results shown at a time
FALLBACK_URL = "http://localhost:8501/"
MAX_REMEMBERED = 200  # URLs whose "Show more" depth a session remembers for Back
AGENDA_OPS = "_agenda_ops"  # [(number, op)]: what actions did, for appviews.storage
_AGENDA_SEQ = "_agenda_seq"  # the number of the last operation
MAX_OPS = 100  # operations kept for the page to apply to the stored agenda
GRID_TRACKS = "grid_tracks"  # the Program grid's track preset (appviews.grid.TRACKS_KEY)
GRID_SHOWN = "grid_shown"  # the conference some views show, in a base of several:
SHOWN_VIEWS = ("Program", "Now & next", "Browse")  # these (`appviews.shown`)
SHARED = "shared_agenda"  # an agenda a link shared (someone else's), while it is shown
SAVED_AS = "_agenda_saved_as"  # {id: agenda.SavedAs}: saved talks as they were when saved


def facet_key(name: str) -> str:
    return f"f_{name}"


def current_params() -> dict[str, list[str]]:
    params = st.query_params
    return {k: params.get_all(k) for k in params}


def _url_key(params: Mapping[str, Sequence[str]]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """One URL's parameters, in a fixed order: what the depth memory is keyed by."""
    return tuple(sorted((k, tuple(v)) for k, v in params.items()))


def _history_navigation() -> bool:
    """Whether this run was started by the browser's Back or Forward button."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    return bool(getattr(get_script_run_ctx(), "is_history_navigation", False))


def start(known: Known) -> None:
    """Fill the session state from the URL on a session's first run, on every run the
    browser's Back or Forward started, and whenever the URL is not the one the app
    wrote last (an edited address). "Show more" is not in the URL: how far a URL's
    results had been shown is remembered in the session and comes back with it."""
    ss = st.session_state
    url = current_params()
    moved = _history_navigation()
    if ss.get("_started") and url == ss.get("_url") and not moved:
        _hold()
        return
    started = bool(ss.get("_started"))
    resumed = started and moved
    p = parse(url, known)
    ss["_started"] = True
    # the URL now read: a run stopped early (the person typed before it ended) must not
    # make the next run read the URL again over what they typed
    ss["_url"] = url
    ss["q"] = p.q
    ss["view"] = p.view
    for name in PAGE_PARAMS:
        ss[name] = getattr(p, name)
    for f in FACETS:
        ss[facet_key(f.name)] = p.facets.get(f.name, "")
    for t in TOGGLES:
        ss[t] = p.toggles.get(t, False)
    # Back and Forward keep the agenda: it changes only by an action; nor does a URL
    # that carries the shared agenda being shown become the person's
    if not resumed and not (started and p.agenda == shared()):
        ss["agenda"] = p.agenda
    ss["date"] = p.date
    ss["at"] = p.at
    ss["rooms"] = list(p.rooms)
    ss[GRID_TRACKS] = list(p.tracks)
    ss[GRID_SHOWN] = p.shown
    ss["limit"] = _depths().get(_url_key(url), PAGE)
    ss["notices"] = list(p.notices)
    ss.pop(_NOTICES_PAGE, None)
    ss["undo_talk"] = None
    _hold()


HELD = ("view", *TOGGLES)  # widgets the URL sets, given their value anew every run
_VIEW_HELD = "_view_held"  # the view the last run showed


def _hold() -> None:
    """Give the view control and the URL's toggles their values anew on every run, so
    each run's widget tells the page its value. A widget drawn with a value the script
    set only once (`start`) is told it on that run only: where the page had not
    mounted it before the next run began (the stored agenda's run, which the page
    asks for at once), it mounted at its default, no view, and the next click sent
    that back: My agenda fell to Search. The view control requires a view, so one
    that comes back without any is that, never the person's choice: the last run's
    view stands."""
    ss = st.session_state
    if ss.get("view") is None:
        ss["view"] = ss.get(_VIEW_HELD) or VIEWS[0]
    ss[_VIEW_HELD] = ss["view"]
    for key in HELD:
        if key in ss:
            ss[key] = ss[key]


_NOTICES_PAGE = "_notices_page"  # the page the link's notices are about


def _page() -> tuple[tuple[str, str], ...]:
    """The page the session shows: its URL's parameters but the agenda's (the agenda
    restored from this browser, or a talk saved, leaves a person on the same page)."""
    agenda_params = {agenda_mod.SAVED_PARAM, agenda_mod.SKIPPED_PARAM}
    return tuple(sorted((k, v) for k, v in desired_params().items() if k not in agenda_params))


def notices() -> list[str]:
    """What the link asked for that could not be shown: said on the page the link
    opened for as long as it stays there (page runs that are no one's action, like the
    agenda this browser keeps arriving, keep them), until the person moves on or
    dismisses them."""
    ss = st.session_state
    said = ss.get("notices") or []
    if not said:
        return []
    page = _page()
    if ss.setdefault(_NOTICES_PAGE, page) != page:
        ss["notices"] = []
        return []
    return list(said)


def add_notices(more: list[str]) -> None:
    """Notices about the link found after the run that read it (its `#` part, which
    only the page sees): said on the page the session shows next."""
    ss = st.session_state
    ss["notices"] = [*(ss.get("notices") or []), *more][:MAX_NOTICES]
    ss.pop(_NOTICES_PAGE, None)


def dismiss_notices() -> None:
    st.session_state["notices"] = []


def agenda() -> Agenda:
    return st.session_state.get("agenda", Agenda())


def shared() -> Agenda | None:
    """The agenda a link shared, while it is shown (None: the person's own is)."""
    found: Agenda | None = st.session_state.get(SHARED)
    return found


def show_shared(link: Agenda) -> None:
    """Show the agenda a link brought as shared with the person (their own unchanged)."""
    st.session_state[SHARED] = link


def back_to_mine() -> None:
    """Leave the shared agenda: My agenda and the URL show the person's own again."""
    st.session_state[SHARED] = None


def add_shared(known: Collection[int]) -> None:
    """Save the shared agenda's talks the base holds to the person's own (the ones
    they saved already stay where they are), and show their own again."""
    link = shared()
    if link is not None:
        new = agenda()
        for tid in link.saved:
            if tid in known:
                new = new.save(tid)
        set_agenda(new.held_first(known))
    back_to_mine()


def saved_talks(talks: Mapping[int, Talk]) -> list[Talk]:
    """The saved talks the knowledge base still holds, in the order they were saved:
    the one list every view shows and checks clashes against."""
    return [talks[i] for i in agenda().saved if i in talks]


def set_agenda(
    new: Agenda, ops: Sequence[agenda_mod.Op] | None = None, superseding: bool = False
) -> None:
    """The agenda changed by an action (save, remove, hide, clear, merge, or the one
    kept in this browser restored), and what it did as operations (by default the
    difference from the agenda before), numbered, for `appviews.storage` to apply to
    the entry this browser keeps. `superseding`: the operations not yet sent are
    replaced by these (a choice that settles the whole agenda)."""
    made = agenda_mod.ops_of(agenda(), new) if ops is None else list(ops)
    st.session_state["agenda"] = new
    _log(made, superseding)


def _log(made: Sequence[agenda_mod.Op], superseding: bool = False) -> None:
    """Operations numbered into the session's log, for `appviews.storage`."""
    ss = st.session_state
    log = [] if superseding else list(ss.get(AGENDA_OPS, ()))
    number = int(ss.get(_AGENDA_SEQ, 0))
    for op in made:
        number += 1
        log.append((number, op))
    ss[_AGENDA_SEQ] = number
    ss[AGENDA_OPS] = log[-MAX_OPS:]


def saved_as() -> dict[int, agenda_mod.SavedAs]:
    """The saved talks as they were when saved, those this browser keeps it of (an
    agenda kept before these were, or a talk saved from a shared link before the
    stored agenda was read, has none until `appviews.storage` takes it)."""
    return agenda_mod.kept_for(st.session_state.get(SAVED_AS, {}), agenda())


def set_saved_as(kept: Mapping[int, agenda_mod.SavedAs]) -> None:
    """The saved talks as they were when saved, as the stored agenda keeps them."""
    st.session_state[SAVED_AS] = agenda_mod.kept_for(kept, agenda())


def keep_saved_as(found: Mapping[int, agenda_mod.SavedAs], anew: bool = False) -> None:
    """Keep these saved talks as they are now: those not kept yet (or all, `anew`:
    the person read what changed), in the session and, by an operation, in the
    stored agenda."""
    op = agenda_mod.ACK_OP if anew else agenda_mod.SEEN_OP
    kept = agenda_mod.apply_seen(saved_as(), (op, {i: w.to_json() for i, w in found.items()}))
    set_saved_as(kept)
    _log([(op, {i: w.to_json() for i, w in found.items()})])


def change_notes(saved: Sequence[Talk]) -> dict[int, str]:
    """What the program changed of each of the `saved` talks since it was saved
    (`agenda.change_note`), by id, of those it changed: for a view that lists many."""
    kept = saved_as()
    return {t.id: note for t in saved if (note := agenda_mod.change_note(kept, t))}


def acknowledge(talk_id: int, now: agenda_mod.SavedAs) -> None:
    """The person read what the program changed of a saved talk: it is kept as it is
    now, and the change is no longer said."""
    keep_saved_as({talk_id: now}, anew=True)


def agenda_ops(after: int = 0) -> list[tuple[int, agenda_mod.Op]]:
    """The numbered operations of this session after number `after`, oldest first."""
    return [(n, op) for n, op in st.session_state.get(AGENDA_OPS, ()) if n > after]


def selection() -> Selection:
    ss = st.session_state
    return Selection.of({f.name: ss.get(facet_key(f.name), "") for f in FACETS})


def desired_params() -> dict[str, str]:
    ss = st.session_state
    out: dict[str, str] = {}
    if VIEW_PARAM.get(ss.get("view") or "Search"):
        out["view"] = VIEW_PARAM[ss["view"]]
    if ss.get("q", "").strip():
        out["q"] = ss["q"].strip()
    for name, value in selection().chosen:
        out[FACET_PARAM[name]] = value
    for t in TOGGLES:
        if ss.get(t):
            out[t] = "1"
    for name in PAGE_PARAMS:
        if ss.get(name) not in (None, ""):
            out[name] = str(ss[name])
    page = any(ss.get(n) for n in PAGE_PARAMS)
    timed_view = not page and ss.get("view") in ("Program", "Now & next")
    if timed_view and ss.get("date"):
        out["date"] = ss["date"]
    if timed_view and ss.get("view") == "Now & next" and ss.get("at"):
        out["at"] = ss["at"]
    if timed_view and ss.get("rooms"):  # (the Program's and Now & next's filters)
        out["rooms"] = ROOM_SEP.join(ss["rooms"])
    if timed_view and ss.get(GRID_TRACKS):
        out["tracks"] = ROOM_SEP.join(ss[GRID_TRACKS])
    if not page and ss.get("view") in SHOWN_VIEWS and ss.get(GRID_SHOWN):  # (several)
        out["shown"] = ss[GRID_SHOWN]
    link = shared()  # (shown as shared: the URL carries it, so a reload shows it again)
    out.update(agenda_mod.to_query(agenda() if link is None else link))
    return out


def _depths() -> dict[tuple[tuple[str, tuple[str, ...]], ...], int]:
    """How many results were shown ("Show more") under each URL of this session."""
    found: dict[tuple[tuple[str, tuple[str, ...]], ...], int] = st.session_state.setdefault(
        "_depths", {}
    )
    return found


def sync_url() -> None:
    """Write the state into the URL in one step (one history entry) when it changed.

    app.py calls this as soon as a run knows its state, before it draws the page: a
    page a person can see already has its URL, so Back pressed while it is still
    drawing leaves that page, not the one before it (a URL written at the end of a
    long run arrived after the Back and pushed a page over the one Back went to)."""
    want = desired_params()
    if current_params() != {k: [v] for k, v in want.items()}:
        st.query_params.from_dict(want)
    url = current_params()
    st.session_state["_url"] = url
    depths = _depths()
    depths.pop(_url_key(url), None)  # most recent last
    depths[_url_key(url)] = int(st.session_state.get("limit", PAGE))
    while len(depths) > MAX_REMEMBERED:
        depths.pop(next(iter(depths)))


def base_url() -> str:
    url = st.context.url or FALLBACK_URL
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", "", ""))


def share_link(a: Agenda) -> str:
    """The link that opens this agenda in a fresh browser."""
    return base_url() + "?" + urlencode({"view": "agenda", **agenda_mod.to_query(a)})


def page_link(**params: str) -> str:
    """A relative link to a page of the app, e.g. page_link(speaker="Ben Carver")."""
    return "?" + urlencode(params)


# -- callbacks (run before the script, so widgets see the new state) -----------------


def _close_pages() -> None:
    for name in PAGE_PARAMS:
        st.session_state[name] = None


def open_talk(talk_id: int) -> None:
    _close_pages()
    st.session_state["talk"] = talk_id


def open_speaker(name: str) -> None:
    _close_pages()
    st.session_state["speaker"] = name


def open_org(name: str) -> None:
    _close_pages()
    st.session_state["org"] = name


def close_talk() -> None:
    """Leave a talk, speaker or organization page for the view under it."""
    _close_pages()


def go(view: str, **facet_values: str) -> None:
    ss = st.session_state
    _close_pages()
    ss["view"] = view
    for name, value in facet_values.items():
        ss[facet_key(name)] = value


def open_facet(name: str, value: str, conference: str | None = None) -> None:
    """The talks of one value of a facet (a talk's room, its track): Search with that
    filter alone (and the talk's conference, in a base of several), no words."""
    ss = st.session_state
    _close_pages()
    ss["view"] = "Search"
    ss["q"] = ""
    for f in FACETS:
        ss[facet_key(f.name)] = ""
    ss[facet_key(name)] = value
    if conference:
        ss[facet_key("conference")] = conference
    ss["limit"] = PAGE


def save(talk_id: int) -> None:
    set_agenda(agenda().save(talk_id))


def remove(talk_id: int) -> None:
    set_agenda(agenda().remove(talk_id))


def skip(talk_id: int) -> None:
    set_agenda(agenda().skip(talk_id))
    st.session_state["undo_talk"] = talk_id  # a notice with Undo shows until the next action


def undo_skip() -> None:
    tid = st.session_state.get("undo_talk")
    if tid is not None:
        set_agenda(agenda().unskip(tid))
    st.session_state["undo_talk"] = None


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

"""Program: the day as a true time grid (rows by time, a talk spans its duration),
every room a column in one stable order (scroll sideways), speakers shown, saved
talks and clashes marked, room and track presets; clicking a talk opens it.

The grid scrolls inside a box of its own, both ways, with the room names stuck to
its top and the times to its left, so a program of 30 rooms keeps both axes in
view. Below ~700 px wide (CSS, so right on the first paint) the same component
shows a list by time instead, for the rooms picked above it.

The grid is HTML built here from escaped program text, shown by a small
st.components.v2 component whose only script sends the clicked talk's id back
(no page reload, so opening a talk costs one script run).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

import streamlit as st

from appviews import cards, render, state, talklinks
from appviews import shown as shown_mod
from appviews.library import Library
from appviews.models import agenda as agenda_mod
from appviews.models import program
from talkbase.core import present
from talkbase.core.records import Talk

ROW_PX = 16  # height of one row of the grid (its step in minutes)
TRACKS_KEY = state.GRID_TRACKS  # the track preset (in the URL, as the rooms)
SHOWN_KEY = shown_mod.KEY  # the conference shown, in a base of several (in the URL)

_JS = talklinks.script("tb-grid")

MAX_ROWS = 2 * 24 * 60 // 5  # rows of a day's grid at most (time_grid's bound: two days)
MAX_LIST = 600  # talks of a day the phone's list shows at most
NO_NOTES: Mapping[int, str] = {}  # no saved talk the program changed

_CSS = f"""
.tb-grid {{ overflow: auto; max-width: 100%; max-height: 78vh; font-family: inherit;
           font-size: .8rem; color: #1f2937; border: 1px solid #e2e8f0; border-radius: .3rem;
           overscroll-behavior: contain; }}
.tb-g {{ display: grid; grid-auto-rows: minmax({ROW_PX}px, auto); position: relative; }}
.tb-h {{ position: sticky; top: 0; background: #f3f5f9; font-weight: 600; padding: .3rem .4rem;
        border-bottom: 1px solid #cbd5e1; z-index: 3; overflow-wrap: anywhere; }}
.tb-h.tb-corner {{ left: 0; z-index: 4; }}
.tb-t {{ color: #475569; font-size: .75rem; padding-right: .3rem;
        position: sticky; left: 0; background: #fff; z-index: 2;
        border-right: 1px solid #e2e8f0; }}
.tb-list {{ display: none; }}
.tb-jump {{ display: flex; flex-wrap: wrap; gap: .3rem; margin: 0 0 .5rem 0;
           position: sticky; top: 0; background: #fff; padding: .3rem 0; z-index: 1; }}
.tb-jump-h {{ min-width: 44px; min-height: 44px; border: 1px solid #94a3b8; border-radius: .3rem;
             background: #f8fafc; font-size: .85rem; }}
.tb-lt {{ font-weight: 700; margin: .6rem 0 .2rem 0; color: #334155; }}
.tb-li {{ display: block; margin: 0 0 .3rem 0; padding: .45rem .55rem; min-height: 44px;
         border-radius: .35rem; background: #e8eefc; border: 1px solid #b9c8ec;
         cursor: pointer; overflow-wrap: anywhere; box-sizing: border-box; }}
.tb-li.tb-saved {{ background: #dcfce7; border-color: #16a34a; }}
.tb-li.tb-clash {{ background: #fee2e2; border-color: #dc2626; }}
.tb-li .tb-lr {{ color: #475569; font-size: .75rem; display: block; }}
.tb-li .tb-n {{ font-weight: 600; }}
.tb-off .tb-n {{ text-decoration: line-through; }}
@media (max-width: 700px) {{
  .tb-grid {{ max-height: none; overflow: visible; border: none; }}
  .tb-g {{ display: none; }}
  .tb-list {{ display: block; }}
}}
.tb-line {{ border-top: 1px solid #eef2f7; }}
.tb-b {{ margin: 1px 2px; padding: .15rem .35rem; border-radius: .35rem; background: #e8eefc;
        border: 1px solid #b9c8ec; overflow: hidden; cursor: pointer; overflow-wrap: anywhere; }}
.tb-bs {{ display: flex; min-width: 0; }}
.tb-bs .tb-b {{ flex: 1 1 0; min-width: 0; }}
.tb-b:hover, .tb-b:focus {{ outline: 2px solid #1f3b8f; }}
.tb-b.tb-saved {{ background: #dcfce7; border-color: #16a34a; }}
.tb-b.tb-clash {{ background: #fee2e2; border-color: #dc2626; }}
.tb-b .tb-n {{ font-weight: 600; line-height: 1.2; }}
.tb-b .tb-d {{ color: #475569; font-size: .72rem; }}
.tb-b .tb-w {{ color: #334155; font-size: .72rem; }}
.tb-b .tb-changed, .tb-li .tb-changed {{ font-size: .72rem; }}
"""

_component = st.components.v2.component("talkbase_grid", js=_JS, css=_CSS, isolate_styles=False)


def _off(t: Talk) -> str:
    """The class of a cancelled talk's box or line (its title struck through)."""
    return " tb-off" if t.cancelled else ""


def _talk_html(t: Talk, mark: str, note: str = "") -> str:
    esc = render.esc
    dur = f" · {present.minutes(t.duration_minutes)}" if t.duration_minutes else ""
    flag = {"tb-saved": "✓ saved · ", "tb-clash": "⚠ saved, clashes · "}.get(mark, "")
    flag = esc(render.cancelled_flag(t)) + flag
    return (
        f'<div class="tb-n">{esc(t.title)}</div>'
        f'<div class="tb-d">{flag}{esc(f"{t.start:%H:%M}")}–'
        f"{esc(f'{t.end:%H:%M}') if t.end else '?'}{esc(dur)}</div>"
        f'<div class="tb-w">{esc(present.speakers(t.speakers))}</div>'
        f"{render.changed_html(note)}"
    )


def grid_html(
    lib: Library,
    grid: program.TimeGrid,
    saved: set[int],
    clashing: set[int],
    notes: Mapping[int, str] = NO_NOTES,
) -> str:
    """The grid as HTML: every bit of program text escaped. `notes`: what the program
    changed of a saved talk since it was saved (`agenda.change_note`), said in its box
    (and its title, where the box is too short) and on its line of the phone's list."""
    cols = len(grid.rooms)
    parts = [
        f'<div class="tb-g" role="grid" style="grid-template-columns: 3.4rem '
        f"repeat({cols}, minmax(12rem, 1fr)); grid-template-rows: auto "
        f"repeat({min(grid.rows, MAX_ROWS)}, minmax({ROW_PX}px, auto)); "
        # as wide as its columns, so the sticky time column stays in view to the end
        f'min-width: calc(3.4rem + {cols} * 12rem);">',
        '<div class="tb-h tb-corner" style="grid-row:1;grid-column:1">Time</div>',
    ]
    for c, room in enumerate(grid.rooms, start=2):
        parts.append(
            f'<div class="tb-h" role="columnheader" style="grid-row:1;grid-column:{c}">'
            f"{render.esc(room)}</div>"
        )
    per_hour = max(1, 60 // grid.step)
    for r in range(min(grid.rows, MAX_ROWS)):
        at = grid.time_at(r)
        label = f"{at:%H:%M}" if at.minute in (0, 30) or grid.step >= 30 else ""
        parts.append(f'<div class="tb-t" style="grid-row:{r + 2};grid-column:1">{label}</div>')
        if r % per_hour == 0 or label:
            parts.append(
                f'<div class="tb-line" style="grid-row:{r + 2};grid-column:2 / {cols + 2}"></div>'
            )
    column = {room: c for c, room in enumerate(grid.rooms, start=2)}
    for b in grid.blocks:
        talks = [lib.talks[i] for i in b.talks]
        mark = ""
        if any(t.id in clashing for t in talks):
            mark = "tb-clash"
        elif any(t.id in saved for t in talks):
            mark = "tb-saved"
        # talks overlapping in a room share its block side by side, each as wide as
        # the others and clickable (one drawn over the other hid all but a sliver)
        place = f"grid-row:{b.row + 2} / span {b.rows};grid-column:{column[b.room]}"
        boxes = [
            f'<div class="tb-b {mark}{_off(t)}" role="button" tabindex="0" '
            f'data-talk="{t.id}" aria-label="{render.esc(render.open_label(t))}"'
            + (f' title="{render.esc(notes[t.id])}"' if notes.get(t.id) else "")
            + (f' style="{place}"' if len(talks) == 1 else "")
            + f">{_talk_html(t, mark, notes.get(t.id, ''))}</div>"
            for t in talks
        ]
        if len(talks) == 1:
            parts += boxes
        else:
            parts.append(f'<div class="tb-bs" style="{place}">{"".join(boxes)}</div>')
    parts.append("</div>")
    parts.append(list_html(lib, grid, saved, clashing, notes))
    return "".join(parts)


def list_html(
    lib: Library,
    grid: program.TimeGrid,
    saved: set[int],
    clashing: set[int],
    notes: Mapping[int, str] = NO_NOTES,
) -> str:
    """The day as a list by start time (the phone's view of the grid): time, room,
    title, ✓/⚠ in words, what changed of a saved talk (`notes`, as `grid_html`); at
    most MAX_LIST talks."""
    esc = render.esc
    talks = sorted(
        (lib.talks[i] for b in grid.blocks for i in b.talks),
        key=lambda t: (t.start, t.room or "", t.title),
    )
    hours = list(dict.fromkeys(f"{t.start:%H}" for t in talks[:MAX_LIST] if t.start))
    # a row of the day's hours: one tap jumps down the list to that hour (issue 39)
    jump = "".join(
        f'<button type="button" class="tb-jump-h" data-jump="tb-at-{h}">{h}:00</button>'
        for h in hours
    )
    parts = [
        '<div class="tb-list" role="list">',
        f'<nav class="tb-jump" aria-label="Jump to a time">{jump}</nav>' if len(hours) > 1 else "",
    ]
    last, seen = "", set()
    for t in talks[:MAX_LIST]:
        at = f"{t.start:%H:%M}" if t.start else ""
        if at != last:
            hour = at[:2]
            anchor = f' id="tb-at-{hour}"' if hour and hour not in seen else ""
            seen.add(hour)
            parts.append(f'<div class="tb-lt"{anchor}>{esc(at)}</div>')
            last = at
        mark = "tb-clash" if t.id in clashing else "tb-saved" if t.id in saved else ""
        flag = {"tb-saved": "✓ saved · ", "tb-clash": "⚠ saved, clashes · "}.get(mark, "")
        flag = render.cancelled_flag(t) + flag
        end = f"{t.end:%H:%M}" if t.end else "?"
        parts.append(
            f'<div class="tb-li {mark}{_off(t)}" role="button" tabindex="0" '
            f'data-talk="{t.id}" aria-label="{esc(render.open_label(t))}">'
            f'<span class="tb-lr">{esc(flag)}{esc(at)}–{esc(end)} · '
            f"{esc(t.room or program.NO_ROOM)}</span>"
            f'<span class="tb-n">{esc(t.title)}</span>'
            f"{render.changed_html(notes.get(t.id, ''))}</div>"
        )
    if len(talks) > MAX_LIST:
        parts.append(
            f'<div class="tb-lt">{len(talks) - MAX_LIST} more: pick fewer rooms above.</div>'
        )
    parts.append("</div>")
    return "".join(parts)


def _default_day(days: list[date]) -> date:
    today = date.today()
    return today if today in days else days[0]


def _talks(lib: Library) -> list[Talk]:
    return shown_mod.talks(lib)


def _days(lib: Library) -> list[date]:
    if not st.session_state.get(SHOWN_KEY):
        return list(lib.days)
    return program.program_days(_talks(lib), lib.nights)


def settle(lib: Library) -> None:
    """Choose the conference (in a base of several) and the day the grid shows when the
    URL names none: done before the run writes the URL, so the view, its conference and
    its day are one history entry."""
    ss = st.session_state
    shown_mod.settle(lib)
    days = _days(lib)
    if days and ss.get("date") not in [d.isoformat() for d in days]:
        ss["date"] = _default_day(days).isoformat()


def show(lib: Library) -> None:
    ss = st.session_state
    settle(lib)
    shown_mod.choice(lib, "program")
    shown = ss.get(SHOWN_KEY)
    talks = _talks(lib)
    days = _days(lib)
    if not days:
        st.info("The program gives no times, so there is no time grid.")
        _untimed(lib)
        return
    iso = [d.isoformat() for d in days]
    all_rooms = list(lib.room_order) if not shown else program.room_order(talks)
    all_tracks = sorted({t.track for t in talks if t.track}, key=str.casefold)
    shown_mod.keep_own(all_rooms, all_tracks)
    c1, c2, c3 = st.columns([2, 3, 3], vertical_alignment="bottom")
    with c1:
        st.segmented_control(
            "Day",
            iso,
            key="date",
            required=True,
            format_func=lambda d: f"{date.fromisoformat(d):%a %d %b}",
            help="Which day of the program to show",
        )
    with c2:
        st.multiselect(
            "Rooms",
            list(all_rooms),
            key="rooms",
            placeholder="All rooms",
            help="Show only these rooms (none chosen: every room); kept in the link",
        )
    with c3:
        if all_tracks:
            st.multiselect(
                "Tracks",
                all_tracks,
                key=TRACKS_KEY,
                placeholder="All tracks",
                help="Show only the talks of these tracks (none chosen: every track); "
                "kept in the link",
            )
    day = date.fromisoformat(ss.get("date") or iso[0])
    chosen = [r for r in all_rooms if r in (ss.get("rooms") or all_rooms)]
    tracks = set(ss.get(TRACKS_KEY) or ())
    grid = lib.kept(
        ("time_grid", shown, day, tuple(chosen), tuple(sorted(tracks))),
        lambda: program.time_grid(
            [t for t in talks if not tracks or t.track in tracks], day, chosen, nights=lib.nights
        ),
    )
    saved_talks = state.saved_talks(lib.talks)
    saved_ids = [t.id for t in saved_talks]
    saved = set(saved_ids)
    clashing = {
        i for o in agenda_mod.overlaps(lib.talks[i] for i in saved_ids) for i in (o.first, o.second)
    }
    notes = state.change_notes(saved_talks)
    if grid is None:
        st.info("No talk with a time in these rooms on this day.")
    else:
        n = sum(len(b.talks) for b in grid.blocks)
        st.caption(
            f"{present.plural(n, 'talk')} in {present.plural(len(grid.rooms), 'room')}; "
            f"each row is {grid.step} minutes and a talk's box spans its duration. "
            "Green: saved; red: saved and clashing. Scroll the grid down and sideways "
            "(room names and times stay in view); click a talk to open it. On a narrow "
            "screen the day is a list by time, with its hours at the top to jump to."
        )
        key = shown_mod.own_key(lib, f"grid-{day.isoformat()}")
        result = _component(
            data=lib.kept(
                (
                    "grid",
                    shown,
                    day,
                    tuple(chosen),
                    tuple(sorted(tracks)),
                    frozenset(saved),
                    frozenset(clashing),
                    tuple(sorted(notes.items())),
                ),
                lambda: grid_html(lib, grid, saved, clashing, notes),
            ),
            key=key,
            on_open_change=lambda: talklinks.opened(key, lib.talks),
        )
        if talklinks.open_picked(result.open, lib.talks):  # the callback missed it: open it now
            st.rerun()
    _untimed(lib)


def _untimed(lib: Library) -> None:
    untimed = program.unscheduled(_talks(lib))
    if untimed:
        saved = state.saved_talks(lib.talks)
        with st.expander(f"{present.plural(len(untimed), 'talk')} without a time in the program"):
            for t in untimed:
                cards.compact(t, "untimed", saved)

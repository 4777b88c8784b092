"""Now & next: for a chosen day and time (now, when inside the conference), what is
on in each room and what starts next there, rooms with a saved talk first.

One compact row per room (room, what is on with the time left, what is next with
its start), filterable by room and track, in one small st.components.v2 component
whose only script sends a clicked talk's id back (as the Program's grid does). The
words say whether the time is now or a chosen one, and whether the conference is
over by then or not begun."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, time, timedelta

import streamlit as st

from appviews import render, shown, state, talklinks
from appviews.library import Library
from appviews.models import program
from talkbase.core.present import minutes, plural
from talkbase.core.records import Talk
from talkbase.core.timetable import NO_NIGHTS, program_day
from talkbase.core.when import LAST_HOUR

STEP = 15  # minutes between the times to choose from
# the room and track filters: the Program grid's, in the link too (one preset of the
# rooms and tracks a person follows, for both timed views)
ROOMS_KEY = "rooms"
TRACKS_KEY = state.GRID_TRACKS
_KEY = "now-rows"
WHEN_KEY = "now-when"  # the conference, time and day boxes, in a base of several
_NOTHING_ON = '<span class="tb-nn-w">nothing on</span>'
_NOTHING_NEXT = '<span class="tb-nn-w">nothing more today</span>'

_JS = talklinks.script("tb-nn-box")

_CSS = """
.tb-nn-box { font-family: inherit; font-size: .88rem; color: #1f2937; }
.tb-nn-row { display: grid; grid-template-columns: minmax(8rem, 14rem) 1fr 1fr; gap: .6rem;
             padding: .3rem .2rem; border-top: 1px solid #e2e8f0; align-items: start; }
.tb-nn-head { font-weight: 700; color: #475569; font-size: .8rem; border-top: none; }
.tb-nn-room { font-weight: 600; overflow-wrap: anywhere; }
.tb-nn-talk { cursor: pointer; overflow-wrap: anywhere; line-height: 1.3; border-radius: .25rem; }
.tb-nn-talk:hover, .tb-nn-talk:focus { outline: 2px solid #1f3b8f; }
.tb-nn-talk .tb-nn-t { color: #1f3b8f; }
.tb-nn-saved .tb-nn-t { color: #166534; font-weight: 600; }
.tb-nn-w { color: #64748b; font-size: .8rem; white-space: nowrap; }
@media (max-width: 700px) {
  .tb-nn-row { grid-template-columns: 1fr; gap: .1rem; }
  .tb-nn-head { display: none; }
  .tb-nn-talk { min-height: 44px; padding: .25rem 0; }
}
"""
_component = st.components.v2.component("talkbase_now", js=_JS, css=_CSS, isolate_styles=False)


def _wall(moment: datetime) -> datetime:
    """A moment as the clock of its own zone shows it (no zone attached)."""
    return moment.replace(tzinfo=None)


def clock(day: date, at: datetime) -> str:
    """`at` as a clock time of program day `day`: "23:45", and "24:15" for a quarter
    past midnight of its night (as `--at` and the Program grid read a night)."""
    past = int((at - datetime.combine(day, time(0))).total_seconds() // 60)
    return f"{past // 60:02d}:{past % 60:02d}"


def moment(day: date, hm: str) -> datetime:
    """The wall-clock moment of clock time `hm` ("24:15" too) on program day `day`."""
    hh, mm = (int(x) for x in hm.split(":"))
    return datetime.combine(day, time(0)) + timedelta(hours=hh, minutes=mm)


def _times(talks: list[Talk], day: date, nights: Mapping[int, date] = NO_NIGHTS) -> list[str]:
    """The times to choose from on program day `day`, as clock times of that day: from
    the first start to the last end by the conference's own clock (in a base of
    several, the one shown: `appviews.shown`; a chosen time is read in its zone, see
    `program.at_talk`), its night's talks (a talk's `day` is its night's) past 24:00."""
    timed = [t for t in talks if t.start and program_day(t, nights) == day]
    starts = [_wall(t.start) for t in timed if t.start]
    ends = [_wall(t.end if t.end and t.end > t.start else t.start) for t in timed if t.start]
    lo = min(starts).replace(minute=0) if starts else datetime.combine(day, time(8))
    hi = max(ends) if ends else datetime.combine(day, time(18))
    hi = min(hi, moment(day, f"{LAST_HOUR}:59"))
    out: list[str] = []
    at = lo
    while at <= hi and len(out) < (LAST_HOUR + 1) * 60 // STEP:
        out.append(clock(day, at))
        at += timedelta(minutes=STEP)
    return out


def _now(talks: list[Talk]) -> datetime:
    """Now, on the clock of the talks' conference (the one shown, in a base of several)."""
    tz = next((t.start.tzinfo for t in talks if t.start), None)
    return datetime.now(tz)


def settle(lib: Library) -> None:
    """Choose the day and time shown when the URL names none (today and now, inside
    the conference): done before the run writes the URL, so the view, its day and
    its time are one history entry."""
    ss = st.session_state
    shown.settle(lib)
    talks = shown.talks(lib)
    days = program.program_days(talks, lib.nights)
    if not days:
        return
    now = _now(talks)
    inside = now.date() in days
    iso = [d.isoformat() for d in days]
    if ss.get("date") not in iso:
        ss["date"] = now.date().isoformat() if inside else iso[0]
    day = date.fromisoformat(ss["date"])
    choices = _times(talks, day, lib.nights)
    if ss.get("at"):  # a time on the day as the Program counts it: 00:15 of its night
        ss["at"] = program.day_clock(talks, day, ss["at"], lib.nights)
    if ss.get("at") and ss["at"] not in choices:  # a time from a link (checked as HH:MM)
        choices = sorted({*choices, ss["at"]})
    if ss.get("at") not in choices:
        here = f"{now:%H:%M}" if inside and day == now.date() else None
        if here and here not in choices:
            choices = sorted({*choices, here})
        ss["at"] = here if here in choices else choices[0]


def _time_chosen(box: str) -> None:
    """The Time box changed: its time is the one shown (the next run opens its own box)."""
    ss = st.session_state
    ss["at"] = ss.pop(box)


def _day_words(d: date) -> str:
    return f"{d:%a} {d.day} {d:%b %Y}"


def _span(talks: list[Talk]) -> tuple[datetime, datetime] | None:
    """The first start and the last end of the program, by its own wall clock."""
    timed = [t for t in talks if t.start]
    if not timed:
        return None
    first = min(_wall(t.start) for t in timed if t.start)
    last = max(_wall(t.end if t.end and t.end > t.start else t.start) for t in timed if t.start)
    return first, last


def headline(at: datetime, is_now: bool, span: tuple[datetime, datetime] | None) -> str:
    """What the chosen time is, in honest words: "now", "at 09:00", and whether the
    conference has not begun yet or is over by then."""
    when = "now" if is_now else f"at {at:%H:%M}"
    if span is not None and at >= span[1]:
        return f"This conference ended on {_day_words(span[1].date())} at {span[1]:%H:%M}."
    if span is not None and at < span[0]:
        return (
            f"Before the conference: it starts on {_day_words(span[0].date())} at {span[0]:%H:%M}."
        )
    return f"What is on {when}, and what starts next in each room."


def rows_html(
    rows: list[program.NowNext],
    at: datetime,
    is_now: bool,
    saved: set[int],
    notes: Mapping[int, str] | None = None,
) -> str:
    """One compact row per room: the room, what is on (with the time left), what is
    next (with its start time), what the program changed of a saved talk since it was
    saved (`notes`: `state.change_notes`); every bit of program text escaped."""
    notes = notes or {}
    esc = render.esc
    on_label = "On now" if is_now else f"On at {at:%H:%M}"
    out = [
        '<div class="tb-nn" role="table">',
        '<div class="tb-nn-row tb-nn-head" role="row"><div role="columnheader">Room</div>'
        f'<div role="columnheader">{esc(on_label)}</div>'
        '<div role="columnheader">Next</div></div>',
    ]

    def talk(t: Talk, words: str) -> str:
        mark = " tb-nn-saved" if t.id in saved else ""
        flag = "✓ " if t.id in saved else ""
        off = render.cancelled_flag(t)
        return (
            f'<div class="tb-nn-talk{mark}" role="button" tabindex="0" data-talk="{t.id}" '
            f'aria-label="{esc(render.open_label(t))}">{esc(flag)}<span class="tb-nn-t">'
            f'{esc(t.title)}</span> <span class="tb-nn-w">{esc(off + words)}</span>'
            f"{render.changed_html(notes.get(t.id, ''))}</div>"
        )

    for n in rows:
        now_cells = []
        for t in n.now:
            end = t.end or t.start
            assert end
            left = int((end - program.at_talk(at, t)).total_seconds() // 60)
            now_cells.append(talk(t, f"until {end:%H:%M} · {minutes(max(0, left))} left"))
        nxt = "".join(  # a cancelled talk due first: said, never offered as next
            talk(t, f"at {t.start:%H:%M}") for t in n.called_off if t.start
        )
        if n.next is not None and n.next.start:
            wait = program.minutes_until(n.next, at)
            nxt += talk(n.next, f"at {n.next.start:%H:%M} · in {minutes(wait)}")
        elif nxt:
            nxt += _NOTHING_NEXT
        out.append(
            '<div class="tb-nn-row" role="row">'
            f'<div class="tb-nn-room" role="cell">{esc(n.room)}'
            + (f'<div class="tb-nn-w">{esc(n.track)}</div>' if n.track else "")
            + "</div>"
            f'<div role="cell">{"".join(now_cells) or _NOTHING_ON}</div>'
            f'<div role="cell">{nxt or _NOTHING_NEXT}</div>'
            "</div>"
        )
    out.append("</div>")
    return "".join(out)


def show(lib: Library) -> None:
    ss = st.session_state
    settle(lib)
    talks = shown.talks(lib)
    days = program.program_days(talks, lib.nights)
    if not days:
        st.info("The program gives no times, so there is nothing on now or next.")
        return
    now = _now(talks)
    iso = [d.isoformat() for d in days]
    day = date.fromisoformat(ss["date"])
    choices = _times(talks, day, lib.nights)
    if ss["at"] not in choices:  # a time from a link, or now
        choices = sorted({*choices, ss["at"]})
    all_rooms = program.room_order(talks)
    all_tracks = sorted({t.track for t in talks if t.track}, key=str.casefold)
    shown.keep_own(all_rooms, all_tracks)
    if shown.conferences(lib):  # a base of several: the conference and the time side by
        # side, on a phone too (render.CSS, WHEN_KEY), the days under them: the rows stay
        # in the top half of a phone's screen
        with st.container(key=WHEN_KEY):
            c0, c2, c1 = st.columns([2, 1, 2], vertical_alignment="bottom")
        with c0:
            shown.choice(lib, "rooms", compact=True)
    else:
        c1, c2 = st.columns([2, 1], vertical_alignment="bottom")
    c1.segmented_control(
        "Day",
        iso,
        key="date",
        required=True,
        format_func=lambda d: f"{date.fromisoformat(d):%a %d %b}",
        help="Which day of the program",
        label_visibility="collapsed",  # the days say what they are; a reader still hears "Day"
    )
    # a box of its own for each time shown, opened at that time: a box bound to the
    # session's "at" showed its first choice on a session's first page (Streamlit 1.67)
    box = f"at-box-{ss['at'].replace(':', '')}"
    c2.selectbox(
        "Time",
        choices,
        index=choices.index(ss["at"]),
        key=box,
        on_change=_time_chosen,
        args=(box,),
        help="Show what is on at this time",
    )
    chosen = len(ss.get(ROOMS_KEY) or ()) + len(ss.get(TRACKS_KEY) or ())
    # rooms and tracks folded away until wanted: on a phone the rows start on the
    # first screen (two open boxes pushed them ~635 px down an 844 px screen)
    folded = st.expander(
        "Rooms and tracks" + (f" ({chosen} chosen)" if chosen else ""), expanded=bool(chosen)
    )
    f1, f2 = folded.columns(2)
    f1.multiselect(
        "Rooms",
        list(all_rooms),
        key=ROOMS_KEY,
        placeholder="All rooms",
        help="Show only these rooms (none chosen: every room)",
    )
    if all_tracks:
        f2.multiselect(
            "Tracks",
            all_tracks,
            key=TRACKS_KEY,
            placeholder="All tracks",
            help="Show only the talks of these tracks (none chosen: every track)",
        )
    at = moment(day, ss["at"])  # a wall-clock time, read in each talk's zone
    is_now = abs((_wall(now) - at).total_seconds()) < STEP * 60
    rooms = set(ss.get(ROOMS_KEY) or ())
    tracks = set(ss.get(TRACKS_KEY) or ())
    kept = [
        t
        for t in talks
        if (not rooms or (t.room or program.NO_ROOM) in rooms) and (not tracks or t.track in tracks)
    ]
    saved_talks = state.saved_talks(lib.talks)
    saved_ids = [t.id for t in saved_talks]
    rows = program.now_and_next(kept, at, saved_ids, lib.nights, day)
    st.caption(
        f"At {at:%H:%M} on {at:%A %d %B}"
        + (f", the night of {day:%A %d %B}" if at.date() != day else "")
        + (" (now)" if is_now else "")
        + f": {plural(len(rows), 'room')} with something on or coming up; rooms "
        "with a saved talk first."
    )
    said = headline(at, is_now, _span(talks))
    if not said.startswith("What is on"):  # before or after the conference: say so
        st.html(render.line_html(said, "tb-why"))
    if not rows:
        where = " in these rooms and tracks" if rooms or tracks else ""
        st.info(f"Nothing is on or still to come at this time{where}.")
        return
    result = _component(
        data=rows_html(rows, at, is_now, set(saved_ids), state.change_notes(saved_talks)),
        key=_KEY,
        on_open_change=lambda: talklinks.opened(_KEY, lib.talks),
    )
    if talklinks.open_picked(result.open, lib.talks):
        st.rerun()

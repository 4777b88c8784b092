"""Now & next: for a chosen day and time (now, when inside the conference), what is
on in each room and what starts next there, rooms with a saved talk first."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import streamlit as st

from appviews import cards, render, state
from appviews.library import Library
from appviews.models import program
from talkbase.core.present import minutes, plural
from talkbase.core.records import Talk

STEP = 15  # minutes between the times to choose from


def _wall(moment: datetime) -> datetime:
    """A moment as the clock of its own zone shows it (no zone attached)."""
    return moment.replace(tzinfo=None)


def _times(lib: Library, day: date) -> list[str]:
    """The times to choose from on `day`, as wall-clock times: from the first start to
    the last end by each conference's own clock (a chosen time is read in each
    conference's zone, see `program.at_talk`)."""
    timed = [t for t in lib.talks.values() if t.start and t.day == day]
    starts = [_wall(t.start) for t in timed if t.start]
    ends = [_wall(t.end if t.end and t.end > t.start else t.start) for t in timed if t.start]
    lo = min(starts).replace(minute=0) if starts else datetime.combine(day, time(8))
    hi = max(ends) if ends else datetime.combine(day, time(18))
    hi = min(hi, datetime.combine(day, time(23, 59)))
    out: list[str] = []
    at = lo
    while at <= hi and len(out) < 24 * 60 // STEP:
        out.append(f"{at:%H:%M}")
        at += timedelta(minutes=STEP)
    return out


def _now(talks: list[Talk]) -> datetime:
    tz = next((t.start.tzinfo for t in talks if t.start), None)
    return datetime.now(tz)


def settle(lib: Library) -> None:
    """Choose the day and time shown when the URL names none (today and now, inside
    the conference): done before the run writes the URL, so the view, its day and
    its time are one history entry."""
    ss = st.session_state
    talks = list(lib.talks.values())
    days = program.program_days(talks)
    if not days:
        return
    now = _now(talks)
    inside = now.date() in days
    iso = [d.isoformat() for d in days]
    if ss.get("date") not in iso:
        ss["date"] = now.date().isoformat() if inside else iso[0]
    day = date.fromisoformat(ss["date"])
    choices = _times(lib, day)
    if ss.get("at") and ss["at"] not in choices:  # a time from a link (checked as HH:MM)
        choices = sorted({*choices, ss["at"]})
    if ss.get("at") not in choices:
        here = f"{now:%H:%M}" if inside and day == now.date() else None
        if here and here not in choices:
            choices = sorted({*choices, here})
        ss["at"] = here if here in choices else choices[0]


def show(lib: Library) -> None:
    ss = st.session_state
    talks = list(lib.talks.values())
    days = program.program_days(talks)
    if not days:
        st.info("The program gives no times, so there is nothing on now or next.")
        return
    settle(lib)
    now = _now(talks)
    inside = now.date() in days
    iso = [d.isoformat() for d in days]
    day = date.fromisoformat(ss["date"])
    choices = _times(lib, day)
    if ss["at"] not in choices:  # a time from a link, or now
        choices = sorted({*choices, ss["at"]})
    c1, c2 = st.columns([2, 1], vertical_alignment="bottom")
    c1.segmented_control(
        "Day",
        iso,
        key="date",
        required=True,
        format_func=lambda d: f"{date.fromisoformat(d):%a %d %b}",
        help="Which day of the program",
    )
    c2.selectbox("Time", choices, key="at", help="Show what is on at this time")
    hh, mm = (int(x) for x in ss["at"].split(":"))
    at = datetime.combine(day, time(hh, mm))  # a wall-clock time, read in each talk's zone
    saved_ids = [t.id for t in state.saved_talks(lib.talks)]
    rows = program.now_and_next(talks, at, saved_ids)
    st.caption(
        f"At {at:%H:%M} on {at:%A %d %B}"
        + (" (now)" if inside and abs((_wall(now) - at).total_seconds()) < STEP * 60 else "")
        + f": {plural(len(rows), 'room')} with something on or coming up; rooms "
        "with a saved talk first."
    )
    if not rows:
        st.info("Nothing is on or still to come at this time.")
        return
    saved = [lib.talks[i] for i in saved_ids]
    for n in rows:
        with st.container(border=True, key=f"room-{abs(hash(n.room))}"):
            st.html(render.line_html(n.room, "tb-title"))
            if n.now:
                for t in n.now:
                    st.html(render.line_html("On now", "tb-ok"))
                    cards.compact(t, "now", saved)
            else:
                st.html(render.line_html("Nothing on right now", "tb-why"))
            if n.next:
                wait = program.minutes_until(n.next, at)
                st.html(
                    render.line_html(
                        f"Next, in {minutes(wait)} (at {n.next.start:%H:%M})"
                        if n.next.start
                        else "Next",
                        "tb-why",
                    )
                )
                cards.compact(n.next, "next", saved)

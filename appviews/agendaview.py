"""My agenda: a timeline per day with overlaps flagged, exports, a share link."""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from appviews import render, state
from appviews.library import Library
from talkbase import agenda as agenda_mod
from talkbase import ics
from talkbase.records import Talk

ICS_NAME = "talkbase-agenda.ics"
CSV_NAME = "talkbase-agenda.csv"


def _chart(day: agenda_mod.Day) -> alt.Chart:
    rows = []
    for slot in day.slots:
        t = slot.talk
        assert t.start and t.end
        rows.append({
            "talk": t.title if len(t.title) <= 60 else t.title[:57] + "…",
            "title": t.title,
            # wall-clock times of the program, shown as such whatever the browser's zone
            "start": t.start.replace(tzinfo=None), "end": t.end.replace(tzinfo=None),
            "time": f"{t.start:%H:%M}–{t.end:%H:%M}", "room": t.room or "",
            "status": "overlaps another talk" if slot.overlaps_with else "no overlap",
        })
    df = pd.DataFrame(rows)
    return alt.Chart(df).mark_bar(cornerRadius=3).encode(
        x=alt.X("start:T", title=None, axis=alt.Axis(format="%H:%M")),
        x2="end:T",
        y=alt.Y("talk:N", sort=None, title=None, axis=alt.Axis(labelLimit=320)),
        color=alt.Color("status:N", title=None, legend=alt.Legend(orient="top"),
                        scale=alt.Scale(domain=["no overlap", "overlaps another talk"],
                                        range=["#4c78a8", "#e45756"])),
        tooltip=["title:N", "time:N", "room:N"],
    )


def _row(t: Talk, partners: list[Talk], ctx: str) -> None:
    with st.container(border=True, key=f"agenda-{ctx}-{t.id}"):
        st.html(render.title_html(t.title))
        st.text(render.speakers_line(t.speakers))
        st.html(render.meta_html(t))
        for other in partners:
            st.html(render.line_html(
                f"⚠ Overlaps with {other.title} ({render.when(other)}, "
                f"{other.room or 'room not given'})", "tb-warn"))
        c1, c2, _ = st.columns([1, 1.6, 4])
        c1.button("Open", key=f"{ctx}-open-{t.id}", on_click=state.open_talk, args=(t.id,))
        c2.button("Remove from agenda", key=f"{ctx}-remove-{t.id}", on_click=state.remove,
                  args=(t.id,))


def _exports(talks: list[Talk]) -> None:
    st.subheader("Take it with you", anchor=False)
    timed, untimed = ics.exportable(talks)
    c1, c2 = st.columns(2)
    c1.download_button("Download calendar (.ics)", data=ics.calendar(talks), file_name=ICS_NAME,
                       mime="text/calendar", key="dl-ics", disabled=not timed,
                       help="One event per talk; importing a newer file updates the events.")
    c2.download_button("Download spreadsheet (.csv)", data=agenda_mod.to_csv(talks),
                       file_name=CSV_NAME, mime="text/csv", key="dl-csv")
    if untimed:
        st.caption(f"{len(untimed)} saved talk(s) have no time in the program, so the "
                   "calendar leaves them out (the spreadsheet lists them).")


def _share(ag: agenda_mod.Agenda) -> None:
    st.subheader("Share", anchor=False)
    st.caption("This link opens this agenda, saved and not-interested talks, in any browser:")
    st.code(state.share_link(ag), language=None)


def _skipped(lib: Library, ag: agenda_mod.Agenda) -> None:
    if not ag.skipped:
        return
    with st.expander(f"Not interested ({len(ag.skipped)})"):
        for tid in ag.skipped:
            if tid not in lib.talks:  # gone in a newer build of the knowledge base
                continue
            t = lib.talks[tid]
            c1, c2 = st.columns([5, 1.4])
            c1.text(f"{t.title} · {render.when(t)}")
            c2.button("Interested again", key=f"skipped-unskip-{tid}", on_click=state.unskip,
                      args=(tid,))


def show(lib: Library) -> None:
    ag = state.agenda()
    talks = [lib.talks[i] for i in ag.saved if i in lib.talks]
    if not talks:
        st.info("Your agenda is empty. Save talks from Search or Browse and they appear "
                "here, day by day.")
        _skipped(lib, ag)
        if ag:
            _share(ag)
        return
    plan = agenda_mod.timeline(talks)
    by_id = {t.id: t for t in talks}
    st.caption(f"{len(talks)} saved talk(s).")
    if plan.overlaps:
        n = len(plan.overlaps)
        st.warning(f"{n} pair{'s' * (n != 1)} of saved talks overlap; they are marked ⚠ below.")
    for day in plan.days:
        st.subheader(f"{day.day:%A %d %B %Y}", anchor=False)
        st.altair_chart(_chart(day), key=f"timeline-{day.day.isoformat()}",
                        height=90 + 32 * len(day.slots))
        for slot in day.slots:
            _row(slot.talk, [by_id[i] for i in slot.overlaps_with], "agenda")
    if plan.unscheduled:
        st.subheader("Time not given", anchor=False)
        for t in plan.unscheduled:
            _row(t, [], "agenda")
    _exports(talks)
    _share(ag)
    _skipped(lib, ag)

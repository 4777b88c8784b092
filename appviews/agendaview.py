"""My agenda: a timeline per day with overlaps flagged, exports, a share link.

On a wide screen each day is a calendar column (an Altair chart); below ~700 px
wide the chart gives way to a compact list per day (time, room, title, ✓/⚠ in
words), shown and hidden by the CSS in `render.CSS`, so the right one is there on
the first paint. The agenda is kept in this browser too (`appviews.storage`). An agenda
a link shared (`state.shared`) is shown instead, as shared, until the person adds its
talks or goes back to their own."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

import altair as alt
import pandas as pd
import streamlit as st

from appviews import actionnames, cards, foryou, render, state, storage
from appviews.library import Library
from appviews.models import agenda as agenda_mod
from appviews.models import ics
from talkbase.core import present
from talkbase.core.records import Talk

ICS_NAME = "talkbase-agenda.ics"
CSV_NAME = "talkbase-agenda.csv"
HOUR_PX = 96  # height of an hour on the day's axis: a 10-minute talk fits its label
CONF_CLASS = "tb-ag-conf"  # the line naming the conference and clock of a day's part


def _chart(
    day: agenda_mod.Day, span: tuple[datetime, datetime], now: datetime | None
) -> alt.LayerChart:
    """The day as a calendar column: time runs down from the first to the last saved
    talk of the day, hour ticks, overlapping talks side by side in lanes."""
    lanes = day.lanes
    rows = []
    for slot in day.slots:
        t = slot.talk
        assert t.start and t.end
        rows.append(
            {
                "lane": slot.lane,
                "lane_end": slot.lane + 1,
                "label": render.cancelled_flag(t)
                + f"{t.start:%H:%M} {t.title}"
                + (f" · {t.room}" if t.room else ""),
                "title": t.title,
                # wall-clock times of the program, shown as such whatever the browser's zone
                "start": t.start.replace(tzinfo=None),
                "end": t.end.replace(tzinfo=None),
                "time": f"{t.start:%H:%M}–{t.end:%H:%M}",
                "room": t.room or "",
                "status": "overlaps another saved talk" if slot.overlaps_with else "saved",
            }
        )
    df = pd.DataFrame(rows)
    lo, hi = (x.replace(tzinfo=None) for x in span)
    hours = (hi - lo).total_seconds() / 3600
    # (a tickCount of {"interval": "hour"} breaks the Vega that Streamlit ships: a number)
    scale = alt.Scale(domain=[lo.isoformat(), hi.isoformat()], reverse=True)
    y = alt.Y(
        "start:T",
        title=None,
        scale=scale,
        axis=alt.Axis(
            format="%H:%M", tickCount=int(hours), labelFontSize=13, grid=True, orient="left"
        ),
    )
    x = alt.X("lane:Q", axis=None, scale=alt.Scale(domain=[0, lanes]))
    base = alt.Chart(df)
    boxes = base.mark_rect(cornerRadius=4, stroke="white", strokeWidth=2).encode(
        x=x,
        x2="lane_end:Q",
        y=y,
        y2="end:T",
        color=alt.Color(
            "status:N",
            title=None,
            legend=alt.Legend(orient="top", labelFontSize=13),
            scale=alt.Scale(
                domain=["saved", "overlaps another saved talk"], range=["#4c78a8", "#e45756"]
            ),
        ),
        tooltip=["title:N", "time:N", "room:N"],
    )
    labels = base.mark_text(
        align="left",
        baseline="top",
        dx=6,
        dy=2,
        color="white",
        fontSize=12,
        fontWeight="bold",
        limit=max(120, 900 // lanes),
    ).encode(x=x, y=y, text="label:N")
    layers = [boxes, labels]
    if now is not None and lo <= now.replace(tzinfo=None) <= hi:
        rule = alt.Chart(pd.DataFrame([{"now": now.replace(tzinfo=None), "what": "now"}]))
        layers.append(
            rule.mark_rule(color="#dc2626", strokeWidth=2).encode(
                y=alt.Y("now:T", scale=scale), tooltip=["what:N"]
            )
        )
    # SVG: crisp when printed, and the axis and labels are text a screen reader finds
    chart: alt.LayerChart = alt.layer(*layers).properties(  # type: ignore[assignment]
        height=int(HOUR_PX * hours),
        width="container",
        usermeta={"embedOptions": {"renderer": "svg"}},
    )
    return chart


def day_list_html(
    day: agenda_mod.Day,
    by_id: dict[int, Talk],
    kept: Mapping[int, agenda_mod.SavedAs] | None = None,
) -> str:
    """The day as a compact list for a phone: one line per saved talk, a clash said
    in words (✓ saved, ⚠ overlaps …), and what the program changed since it was saved
    (`kept`: the saved talks as saved, `agenda.change_note`); every bit of program
    text escaped."""
    esc = render.esc
    kept = kept or {}
    several = render.several_conferences(by_id.values())
    rows = []
    for slot in day.slots:
        t = slot.talk
        assert t.start and t.end
        clash = [by_id[i].title for i in slot.overlaps_with if i in by_id]
        cue = (
            f'<span class="tb-warn">⚠ overlaps {esc(", ".join(clash))}</span>'
            if clash
            else '<span class="tb-ok">✓ saved</span>'
        )
        note = agenda_mod.change_note(kept, t)
        rows.append(
            f'<div class="tb-ag-item{" tb-ag-clash" if clash else ""}">'
            f'<div class="tb-ag-when">{esc(render.cancelled_flag(t))}'
            f"{esc(f'{t.start:%H:%M}–{t.end:%H:%M}')} · "
            f"{esc(t.room or 'room not given')}"
            f"{esc(' · ' + render.conference_clock(t)) if several else ''}</div>"
            f'<div class="tb-ag-title">{esc(t.title)}</div>{cue}'
            f"{render.changed_html(note)}</div>"
        )
    return f'<div class="tb-aglist">{"".join(rows)}</div>'


def _row(t: Talk, partners: list[Talk], ctx: str) -> None:
    with st.container(border=True, key=f"agenda-{ctx}-{t.id}"):
        st.html(render.title_html(t.title) + render.cancelled_html(t))
        st.text(render.speakers_line(t.speakers))
        st.html(render.meta_html(t))
        note = agenda_mod.change_note(state.saved_as(), t)
        if note:  # what the program changed since it was saved, until the person's OK
            c1, c2 = st.columns([6, 1], vertical_alignment="center")
            c1.html(render.changed_html(note))
            c2.button(
                "OK",
                key=f"{ctx}-ack-{t.id}",
                on_click=state.acknowledge,
                args=(t.id, agenda_mod.SavedAs.of(t)),
                help="I have seen the change: stop saying it",
            )
        for other in partners:
            st.html(
                render.line_html(
                    f"⚠ Overlaps with {other.title} ({render.when(other)}, "
                    f"{other.room or 'room not given'})",
                    "tb-warn",
                )
            )
        actionnames.name(f"agenda-{ctx}-{t.id}", t.title)  # its Open and Remove
        c1, c2, _ = st.columns([1, 1.6, 4])
        c1.button(
            "Open",
            key=f"{ctx}-open-{t.id}",
            on_click=state.open_talk,
            args=(t.id,),
            help="Abstract, notes, sources and similar talks",
        )
        c2.button(
            "Remove from agenda",
            key=f"{ctx}-remove-{t.id}",
            on_click=state.remove,
            args=(t.id,),
            help="Take this talk out of My agenda",
        )


def _gone_title(tid: int, was: agenda_mod.SavedAs | None) -> str:
    """A saved talk the program does not hold: its title as saved, else its id."""
    return was.title if was else present.gone_title(tid)


def _gone(ids: list[int]) -> None:
    """Saved ids the program does not hold (dropped by an update, or saved from another
    program): named, never dropped silently, each with its Remove (the link and this
    browser keep them until then); by its title, time and room as saved, where this
    browser kept them."""
    if not ids:
        return
    kept = state.saved_as()
    st.subheader(f"{present.UNHELD} ({len(ids)})", anchor=False)
    for tid in ids:
        was = kept.get(tid)
        with st.container(border=True, key=f"agenda-gone-{tid}"):
            st.html(render.title_html(_gone_title(tid, was)))
            st.html(render.line_html(f"{present.UNHELD}: {present.UNHELD_WHY}.", "tb-warn"))
            if was:
                where = was.room or "room not given"
                st.caption(f"When you saved it: {present.when(was)}, {where}.")
            else:
                st.caption(
                    "This app kept only its id when it was saved, so it cannot say "
                    "its title or time."
                )
            st.button(
                "Remove",
                key=f"agenda-gone-remove-{tid}",
                on_click=state.remove,
                args=(tid,),
                help="Take this talk out of My agenda",
            )


def _gone_as_saved(gone: list[int]) -> dict[int, agenda_mod.SavedAs]:
    """The saved talks the program does not hold that this browser kept as saved."""
    kept = state.saved_as()
    return {i: kept[i] for i in gone if i in kept}


def _exports(talks: list[Talk], gone: list[int], sequence: int) -> None:
    """The calendar and the spreadsheet; a saved talk the program no longer holds is
    in the calendar as cancelled, at its time as saved, where this browser kept it
    (`ics.dropped`: as the offline site's export writes it)."""
    st.subheader("Take it with you", anchor=False)
    timed, untimed = ics.exportable(talks)
    was = _gone_as_saved(gone)
    off = ics.dropped(was)
    c1, c2 = st.columns(2)
    c1.download_button(
        "Download calendar (.ics)",
        data=ics.calendar(talks, gone=was, sequence=sequence),
        file_name=ICS_NAME,
        mime="text/calendar",
        key="dl-ics",
        disabled=not (timed or off),
        help="One event per talk; importing a newer file updates the events.",
    )
    c2.download_button(
        "Download spreadsheet (.csv)",
        data=agenda_mod.to_csv(talks),
        file_name=CSV_NAME,
        mime="text/csv",
        key="dl-csv",
    )
    if untimed:
        st.caption(
            f"{present.plural(len(untimed), 'saved talk')} "
            f"{'has' if len(untimed) == 1 else 'have'} no time in the program, so the "
            "calendar leaves them out (the spreadsheet lists them)."
        )
    if off:
        one = len(off) == 1
        it, its = ("it", "its") if one else ("them", "their")
        st.caption(
            f"{present.plural(len(off), 'saved talk')} {'is' if one else 'are'} not in "
            f"this program, so the calendar writes {it} as cancelled, at {its} time as "
            f"you saved {it}: a calendar app that imported {it} before marks {it} "
            f"cancelled or removes {it}."
        )
    left = [i for i in gone if i not in {t.id for t in off}]
    if left:
        one = len(left) == 1
        it, its = ("it", "its time") if one else ("them", "their times")
        unknown = any(i not in was for i in left)
        why = f" (this app does not know {its})" if unknown else ""
        st.caption(
            f"{present.plural(len(left), 'saved talk')} {'is' if one else 'are'} not in "
            f"this program, so the calendar leaves {it} out{why}. "
            f"If you imported {it} into your calendar app before, delete {it} there."
        )


def _share(ag: agenda_mod.Agenda) -> None:
    st.subheader("Share", anchor=False)
    st.caption("This link opens this agenda, saved and not-interested talks, in any browser:")
    with st.container(key="share-link"):
        st.code(state.share_link(ag), language=None, wrap_lines=True)


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
            c2.button(
                "Interested again",
                key=f"skipped-unskip-{tid}",
                on_click=state.unskip,
                args=(tid,),
                help="Show this talk in results again",
            )


def _printable(plan: agenda_mod.Timeline, gone: list[int]) -> None:
    """One plain page per day for printing (the browser's Print keeps the page breaks)."""
    st.caption("Printable view: use your browser's Print; each day starts a new page.")
    parts = []
    several = render.several_conferences(s.talk for day in plan.days for s in day.slots)
    kept = state.saved_as()

    def changed(t: Talk) -> str:
        said = agenda_mod.change_note(kept, t)
        return f"<br><em>{render.esc(said)}</em>" if said else ""

    for day in plan.days:
        rows = "".join(
            f"<tr><td>{render.esc(f'{s.talk.start:%H:%M}–{s.talk.end:%H:%M}')}"
            f"{'<br>' + render.esc(render.conference_clock(s.talk)) if several else ''}</td>"
            f"<td>{render.esc(render.cancelled_flag(s.talk))}"
            f"<strong>{render.esc(s.talk.title)}</strong><br>"
            f"{render.esc(present.speakers(s.talk.speakers))}{changed(s.talk)}</td>"
            f"<td>{render.esc(s.talk.room or '')}"
            f"{' ⚠ overlaps' if s.overlaps_with else ''}</td></tr>"
            for s in day.slots
            if s.talk.start and s.talk.end
        )
        parts.append(
            f'<div class="tb-day"><div class="tb-title-big">'
            f"{render.esc(f'{day.day:%A %d %B %Y}')}</div>"
            f'<table class="tb-print">{rows}</table></div>'
        )
    if plan.unscheduled:
        rows = "".join(
            f"<tr><td></td><td>{render.esc(render.cancelled_flag(t))}"
            f"<strong>{render.esc(t.title)}</strong>{changed(t)}</td><td></td></tr>"
            for t in plan.unscheduled
        )
        parts.append(
            f'<div class="tb-day"><div class="tb-title-big">Time not given</div>'
            f'<table class="tb-print">{rows}</table></div>'
        )
    if gone:
        rows = "".join(
            f"<tr><td>{render.esc(present.when(kept[tid]) if tid in kept else '')}</td>"
            f"<td><strong>{render.esc(_gone_title(tid, kept.get(tid)))}</strong></td>"
            f"<td>{render.esc(kept[tid].room if tid in kept else '')}</td></tr>"
            for tid in gone
        )
        parts.append(
            f'<div class="tb-day"><div class="tb-title-big">'
            f"{render.esc(f'{present.UNHELD} ({len(gone)})')}</div>"
            f"<p>{render.esc(f'{present.UNHELD_WHY[0].upper()}{present.UNHELD_WHY[1:]}.')}</p>"
            f'<table class="tb-print">{rows}</table></div>'
        )
    st.html("".join(parts))


def _day_part(
    lib: Library, day: agenda_mod.Day, by_id: dict[int, Talk], key: str, named: bool
) -> None:
    """One day's saved talks (of one conference, where `named`: said above them, with
    its clock): the list for a phone, the calendar column, a card per talk."""
    first = day.slots[0].talk
    assert first.start
    if named:
        st.html(
            render.line_html(f"{render.conference_clock(first)}: times on its clock", CONF_CLASS)
        )
    # shown below ~700 px wide, instead of the chart
    st.html(day_list_html(day, by_id, state.saved_as()))
    span = agenda_mod.day_span(day.day, [slot.talk for slot in day.slots], lib.nights)
    now = datetime.now(first.start.tzinfo)  # on the clock of these talks
    with st.container(key=f"day-{key}"):  # st-key-day-… in the page
        st.altair_chart(_chart(day, span, agenda_mod.now_line(day.day, now)), key=f"timeline-{key}")
    for slot in day.slots:
        _row(slot.talk, [by_id[i] for i in slot.overlaps_with], "agenda")


def _shared(lib: Library, link: agenda_mod.Agenda) -> None:
    """An agenda a link shared (someone else's): shown by day as cards with their Save,
    with "Add all" and "Back to my agenda"; the person's own agenda is unchanged."""
    mine = state.agenda()
    theirs = [lib.talks[i] for i in link.saved if i in lib.talks]
    more = [t for t in theirs if t.id not in mine.saved]
    unheld = len(link.saved) - len(theirs)
    st.subheader(f"An agenda shared with you: {present.plural(len(theirs), 'talk')}", anchor=False)
    st.caption(
        "Your own agenda is unchanged: press Save on a talk to add it to yours."
        if theirs
        else "None of its talks is in this program."
    )
    c1, c2, _ = st.columns([1.8, 1.6, 2], vertical_alignment="center")
    if more:
        c1.button(
            f"Add all {len(more)} to my agenda"
            if len(more) == len(theirs)
            else f"Add the {len(more)} I have not saved to my agenda",
            key="shared-add",
            type="primary",
            on_click=state.add_shared,
            args=(lib.talks,),
            help="Save these talks to your own agenda",
        )
    else:
        c1.caption("All of them are in your agenda.")
    c2.button(
        f"Back to my agenda ({len(mine.saved)})" if mine.saved else "Back to my agenda",
        key="shared-back",
        on_click=state.back_to_mine,
        help="Show your own agenda; the shared one is left as it is",
    )
    if unheld:
        st.caption(f"{present.plural(unheld, 'talk')} of the link this program does not hold.")
    plan = agenda_mod.timeline(theirs, lib.nights)
    saved = state.saved_talks(lib.talks)
    for day in plan.days:
        st.subheader(f"{day.day:%A %d %B %Y}", anchor=False)
        for slot in day.slots:
            cards.card(slot.talk, "shared", saved)
    if plan.unscheduled:
        st.subheader("Time not given", anchor=False)
        for t in plan.unscheduled:
            cards.card(t, "shared", saved)


def show(lib: Library) -> None:
    link = state.shared()
    if link is not None:
        _shared(lib, link)
        return
    ag = state.agenda()
    talks = state.saved_talks(lib.talks)
    gone = [i for i in ag.saved if i not in lib.talks]
    if not talks:
        if not gone:
            st.info(
                "Your agenda is empty. Save talks from Search or the Program and they "
                "appear here, day by day."
            )
        _gone(gone)
        if ics.dropped(_gone_as_saved(gone)):  # a calendar to write them in, cancelled
            _exports([], gone, lib.sequence)
        storage.note()
        _skipped(lib, ag)
        if ag:
            _share(ag)
        return
    plan = agenda_mod.timeline(talks, lib.nights)
    by_id = {t.id: t for t in talks}
    top = st.columns([3, 1], vertical_alignment="center")
    top[0].caption(
        f"{present.plural(len(talks), 'saved talk')}."
        + (f" {present.UNHELD}: {len(gone)}, listed below." if gone else "")
    )
    top[1].toggle(
        "Printable view",
        key="print",
        persist_state="session",
        help="A plain list, one page per day, for printing",
    )
    if st.session_state.get("print"):
        _printable(plan, gone)
        return
    if plan.overlaps:
        n = len(plan.overlaps)
        st.warning(f"{present.plural(n, 'pair')} of saved talks overlap; they are marked ⚠ below.")
    changed = state.change_notes(talks)
    if changed:
        one = len(changed) == 1
        st.warning(
            f"The program changed {present.plural(len(changed), 'saved talk')} since you "
            f"saved {'it' if one else 'them'}: {'its' if one else 'their'} cards below say "
            "what changed."
        )
    several = render.several_conferences(talks)
    for day in plan.days:
        st.subheader(f"{day.day:%A %d %B %Y}", anchor=False)
        # talks of several conferences: a part per conference, each on its own clock
        parts = agenda_mod.by_conference(day) if several else [("", day)]
        for n, (_, part) in enumerate(parts):
            _day_part(lib, part, by_id, f"{day.day.isoformat()}{f'-{n}' if n else ''}", several)
    if plan.unscheduled:
        st.subheader("Time not given", anchor=False)
        for t in plan.unscheduled:
            _row(t, [], "agenda")
    _gone(gone)
    _exports(talks, gone, lib.sequence)
    _share(ag)
    storage.note()
    _skipped(lib, ag)
    foryou.show(lib, "foryou-agenda")

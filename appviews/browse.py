"""Browse: tracks by day (to plan with: when and where each track runs), the topic
map, tracks and organizations (the time grid is the Program view). In a base of
several conferences tracks by day is a table per conference, and the topic map and
the tracks and organizations show one conference at a time (`appviews.shown`): a
track of the same name at two conferences is two tracks, their counts never mixed."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from urllib.parse import urlencode

import altair as alt
import pandas as pd
import streamlit as st

from appviews import cards, render, shown, state
from appviews.library import Library
from appviews.models import program
from talkbase.core.present import plural
from talkbase.core.records import Talk

NO_TRACK = "(no track)"
SUMMARY_CLASS = "tb-chart-text"  # a chart's text alternative, under it
LEADING = 3  # bars or topics a summary names


def map_summary(tm: program.TopicMap) -> str:
    """The topic map in words: "Topic map: 71 talks in 6 topics; largest: a (20), b (15)…"."""
    sizes: dict[int, int] = {}
    for p in tm.points:
        sizes[p.topic] = sizes.get(p.topic, 0) + 1
    labels = {t.id: t.label for t in tm.topics}
    top = sorted(sizes.items(), key=lambda kv: (-kv[1], labels.get(kv[0], "")))[:LEADING]
    largest = ", ".join(f"{labels.get(i, '?')} ({n})" for i, n in top)
    return (
        f"Topic map: {plural(len(tm.points), 'talk')} in {plural(len(sizes), 'topic')}"
        + (f"; largest: {largest}" if largest else "")
        + "."
    )


def bars_summary(what: str, rows: list[tuple[str, int]], total: int) -> str:
    """A bar chart in words: "Tracks: 12 in all; most talks: A (9), B (7), C (5)."."""
    top = ", ".join(f"{name} ({n})" for name, n in rows[:LEADING])
    return f"{what}: {total} in all" + (f"; most talks: {top}" if top else "") + "."


def _say(text: str) -> None:
    """A chart's text alternative, as escaped text (names are program text)."""
    st.html(render.line_html(text, SUMMARY_CLASS))


def _saved(lib: Library) -> list[Talk]:
    return state.saved_talks(lib.talks)


def settle(lib: Library) -> None:
    """The conference shown (a base of several), before the run writes the URL."""
    shown.settle(lib)


def topic_map(lib: Library) -> None:
    shown.choice(lib, "topic map")
    tm = lib.topic_map(shown.chosen())
    if not tm.points:
        st.info("No talks to map.")
        return
    labels = {t.id: t.label for t in tm.topics}
    colour = (
        st.segmented_control(
            "Colour by", ["Topic", "Track"], key="map-colour", default="Topic", required=True
        )
        or "Topic"
    )
    df = pd.DataFrame(
        [
            {
                "talk_id": p.talk_id,
                "x": p.x,
                "y": p.y,
                "title": lib.talks[p.talk_id].title,
                "speakers": ", ".join(s.name for s in lib.talks[p.talk_id].speakers),
                "track": lib.talks[p.talk_id].track or NO_TRACK,
                "topic": labels[p.topic],
            }
            for p in tm.points
        ]
    )
    area = alt.selection_interval(name="area")
    field = "topic" if colour == "Topic" else "track"
    points = (
        alt.Chart(df)
        .mark_circle(size=110)
        .encode(
            x=alt.X("x:Q", axis=None),
            y=alt.Y("y:Q", axis=None),
            color=alt.Color(
                f"{field}:N",
                title=colour,
                legend=alt.Legend(orient="bottom", columns=2, labelLimit=360),
            ),
            opacity=alt.condition(area, alt.value(0.9), alt.value(0.25)),
            tooltip=["title:N", "speakers:N", "track:N", "topic:N"],
        )
        .add_params(area)
    )
    names = alt.Chart(pd.DataFrame([{"x": t.x, "y": t.y, "label": t.label} for t in tm.topics]))
    text = names.mark_text(fontWeight="bold", fontSize=13, dy=-12).encode(
        x="x:Q", y="y:Q", text="label:N"
    )
    st.caption(
        "Each dot is a talk, placed by the meaning of its title and abstract (a 2-D "
        "projection of the embeddings); nearby dots are about similar things. Topics "
        "are discovered clusters, named by their most distinctive words. Drag over "
        "dots to list those talks."
    )
    summary = map_summary(tm)
    event = st.altair_chart(
        alt.layer(points, text).properties(height=520, description=summary),
        key=shown.own_key(lib, "topic-map"),
        on_select="rerun",
        selection_mode="area",
    )
    _say(summary)
    picked = _in_area(df, event.selection.get("area", {}) if event else {})
    topic = st.selectbox(
        "Or list the talks of one topic",
        ["", *labels.values()],
        key=shown.own_key(lib, "map-topic"),
        format_func=lambda v: v or "Choose a topic",
    )
    if topic:
        picked = [int(i) for i in df[df["topic"] == topic]["talk_id"]]
        st.caption(f"{len(picked)} talks in this topic.")
    elif picked:
        st.caption(f"{len(picked)} talks in the selected area.")
    for tid in picked:
        cards.card(lib.talks[tid], "map", _saved(lib))


def _in_area(df: pd.DataFrame, area: dict) -> list[int]:
    if not area or "x" not in area or "y" not in area:
        return []
    (x0, x1), (y0, y1) = sorted(area["x"]), sorted(area["y"])
    inside = df[(df.x >= x0) & (df.x <= x1) & (df.y >= y0) & (df.y <= y1)]
    return [int(i) for i in inside["talk_id"]]


def overview(lib: Library) -> None:
    shown.choice(lib, "tracks and organizations")
    talks = shown.talks(lib)
    summaries = program.tracks(talks)
    orgs = program.organizations(talks)
    conference = shown.chosen()  # a track's talks are searched at its own conference

    def key(name: str) -> str:
        return shown.own_key(lib, name)

    left, right = st.columns(2)
    with left:
        st.subheader("Tracks", anchor=False)
        if summaries:
            tdf = pd.DataFrame(
                [
                    {
                        "track": s.name,
                        "talks": s.talks,
                        "leading organizations": ", ".join(
                            f"{o} ({n})" for o, n in s.organizations
                        ),
                        "about": s.description,
                    }
                    for s in summaries
                ]
            )
            said = bars_summary("Tracks", [(x.name, x.talks) for x in summaries], len(summaries))
            st.altair_chart(_bars(tdf, "track", said), key=key("tracks-chart"))
            _say(said)
            st.dataframe(tdf, hide_index=True, key=key("tracks-table"))
            pick = st.selectbox(
                "Search within a track",
                ["", *tdf["track"]],
                key=key("ov-track"),
                format_func=lambda v: v or "Choose a track",
            )
            st.button(
                "Show its talks",
                key=key("ov-track-go"),
                disabled=not pick,
                on_click=state.go,
                args=("Search",),
                kwargs={"track": pick} | ({"conference": conference} if conference else {}),
                help="Search with this track chosen",
            )
        else:
            st.caption("The program names no tracks.")
    with right:
        st.subheader("Organizations", anchor=False)
        if orgs:
            odf = pd.DataFrame([{"organization": o, "talks": n} for o, n in orgs])
            said = bars_summary("Organizations", list(orgs), len(orgs))
            st.altair_chart(_bars(odf.head(15), "organization", said), key=key("orgs-chart"))
            _say(said)
            st.dataframe(odf, hide_index=True, key=key("orgs-table"))
            pick = st.selectbox(
                "Open an organization",
                ["", *odf["organization"]],
                key=key("ov-org"),
                format_func=lambda v: v or "Choose one",
            )
            st.button(
                "Open its page",
                key=key("ov-org-go"),
                disabled=not pick,
                on_click=state.open_org,
                args=(pick,),
                help="Its people and their talks",
            )
        else:
            st.caption("The program names no organizations.")


def _bars(df: pd.DataFrame, field: str, description: str) -> alt.Chart:
    return (
        alt.Chart(df, description=description)
        .mark_bar()
        .encode(
            x=alt.X("talks:Q", title="talks"),
            y=alt.Y(f"{field}:N", sort="-x", title=None, axis=alt.Axis(labelLimit=300)),
            tooltip=[f"{field}:N", "talks:Q"],
        )
    )


def by_day_html(parts: Sequence[program.TrackDay], shown: str = "") -> str:
    """Tracks by day as an HTML table (program text escaped): a row per track, the
    talks without one last ("(no track)"), a column per day, each part "10:30–18:00 ·
    H.2215 · 12 talks" linking to the Program view on that day with that track chosen
    (`shown`: the conference it opens, in a base of several)."""
    days = sorted({p.day for p in parts})
    rows: dict[str, dict[date, program.TrackDay]] = {}
    for p in parts:
        rows.setdefault(p.track, {})[p.day] = p
    head = "".join(f'<th scope="col">{render.esc(f"{d:%a %d %b}")}</th>' for d in days)
    body = []
    for track, by_day in rows.items():
        cells = []
        for d in days:
            part = by_day.get(d)
            if part is None:
                cells.append('<td class="tb-none">–</td>')
                continue
            query = {"view": "program", "date": d.isoformat()}
            query |= {"tracks": track} if track else {}
            query |= {"shown": shown} if shown else {}
            link = "?" + urlencode(query)
            rooms = ", ".join(part.rooms[:2]) + (" …" if len(part.rooms) > 2 else "")
            said = f"{part.first:%H:%M}–{part.last:%H:%M}" + (f" · {rooms}" if rooms else "")
            cells.append(
                f'<td><span class="tb-daylabel">{render.esc(f"{d:%a}")}: </span>'
                f'<a href="{render.esc(link)}" target="_self">{render.esc(said)}</a>'
                f" · {render.esc(plural(part.talks, 'talk'))}</td>"
            )
        body.append(
            f'<tr><th scope="row">{render.esc(track or NO_TRACK)}</th>{"".join(cells)}</tr>'
        )
    return (
        f"<style>{BY_DAY_CSS}</style>"
        '<table class="tb-byday"><caption>Tracks by day: when each runs, where, and how '
        "many talks; a time opens that day's program with the track chosen</caption>"
        f'<thead><tr><th scope="col">Track</th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )


BY_DAY_CSS = """
.tb-byday { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
.tb-byday caption { text-align: left; padding: 0 0 0.5rem; }
.tb-byday th, .tb-byday td { text-align: left; vertical-align: top;
  padding: 0.35rem 0.5rem; border-bottom: 1px solid rgba(128,128,128,0.3); }
.tb-byday a { display: inline-block; min-height: 24px; }
.tb-byday .tb-daylabel { display: none; }
@media (max-width: 640px) {
  .tb-byday thead { display: none; }
  .tb-byday tr, .tb-byday th, .tb-byday td { display: block; border: 0; padding: 0.2rem 0; }
  .tb-byday tr { border-bottom: 1px solid rgba(128,128,128,0.3); padding: 0.4rem 0; }
  .tb-byday .tb-daylabel { display: inline; }
  .tb-byday .tb-none { display: none; }
  .tb-byday a { min-height: 44px; line-height: 44px; }
}
"""


def by_day(lib: Library) -> None:
    parts = program.tracks_by_day(lib.talks.values())
    if not parts:
        st.caption("The program gives no times.")
        return
    names = shown.conferences(lib)
    if not names:  # a base of one conference: its table
        st.html(by_day_html(parts))
        return
    # a base of several: a table per conference, each on its own clock and days
    first: dict[str, Talk] = {}  # a timed talk of each conference: its clock
    for t in lib.talks.values():
        if t.start:
            first.setdefault(t.conference, t)
    for name in [*names, *sorted({p.conference for p in parts} - set(names))]:
        mine = [p for p in parts if p.conference == name]
        if mine:
            st.subheader(render.md_label(render.conference_clock(first[name])), anchor=False)
            st.html(by_day_html(mine, name))


VIEWS = {  # Browse's views, the first shown first: the quickest to draw and to plan with
    "Tracks by day": by_day,
    "Topic map": topic_map,
    "Tracks & organizations": overview,
}


def show(lib: Library) -> None:
    settle(lib)
    # one view drawn at a time (tabs would draw the topic map on every visit)
    chosen = st.segmented_control(
        "Browse by", list(VIEWS), key="browse-view", default=next(iter(VIEWS)), required=True
    )
    VIEWS[chosen or next(iter(VIEWS))](lib)

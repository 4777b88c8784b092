"""Browse: the topic map, tracks and organizations (the time grid is the Program view)."""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

from appviews import cards, state
from appviews.library import Library
from appviews.models import program
from talkbase.core.records import Talk

NO_TRACK = "(no track)"


def _saved(lib: Library) -> list[Talk]:
    return state.saved_talks(lib.talks)


def topic_map(lib: Library) -> None:
    tm = lib.topic_map()
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
    event = st.altair_chart(
        alt.layer(points, text).properties(height=520),
        key="topic-map",
        on_select="rerun",
        selection_mode="area",
    )
    picked = _in_area(df, event.selection.get("area", {}) if event else {})
    topic = st.selectbox(
        "Or list the talks of one topic",
        ["", *labels.values()],
        key="map-topic",
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
    summaries = program.tracks(lib.talks.values())
    orgs = program.organizations(lib.talks.values())
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
            st.altair_chart(_bars(tdf, "track"), key="tracks-chart")
            st.dataframe(tdf, hide_index=True, key="tracks-table")
            pick = st.selectbox(
                "Search within a track",
                ["", *tdf["track"]],
                key="ov-track",
                format_func=lambda v: v or "Choose a track",
            )
            st.button(
                "Show its talks",
                key="ov-track-go",
                disabled=not pick,
                on_click=state.go,
                args=("Search",),
                kwargs={"track": pick},
                help="Search with this track chosen",
            )
        else:
            st.caption("The program names no tracks.")
    with right:
        st.subheader("Organizations", anchor=False)
        if orgs:
            odf = pd.DataFrame([{"organization": o, "talks": n} for o, n in orgs])
            st.altair_chart(_bars(odf.head(15), "organization"), key="orgs-chart")
            st.dataframe(odf, hide_index=True, key="orgs-table")
            pick = st.selectbox(
                "Open an organization",
                ["", *odf["organization"]],
                key="ov-org",
                format_func=lambda v: v or "Choose one",
            )
            st.button(
                "Open its page",
                key="ov-org-go",
                disabled=not pick,
                on_click=state.open_org,
                args=(pick,),
                help="Its people and their talks",
            )
        else:
            st.caption("The program names no organizations.")


def _bars(df: pd.DataFrame, field: str) -> alt.Chart:
    return (
        alt.Chart(df)
        .mark_bar()
        .encode(
            x=alt.X("talks:Q", title="talks"),
            y=alt.Y(f"{field}:N", sort="-x", title=None, axis=alt.Axis(labelLimit=300)),
            tooltip=[f"{field}:N", "talks:Q"],
        )
    )


def show(lib: Library) -> None:
    tabs = st.tabs(["Topic map", "Tracks & organizations"])
    with tabs[0]:
        topic_map(lib)
    with tabs[1]:
        overview(lib)

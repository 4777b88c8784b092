"""Schedule grids, track and organization overviews, the topic map."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import numpy as np

from appviews.models import program
from talkbase.core.records import Speaker, Talk

PDT = timezone(timedelta(hours=-7))


def talk(tid: int, start: str | None, room: str | None = None, **kw) -> Talk:
    begin = datetime.fromisoformat(start).replace(tzinfo=PDT) if start else None
    end = begin + timedelta(minutes=25) if begin else None
    kw.setdefault("title", f"Talk {tid}")
    return Talk(start=begin, end=end, room=room, id=tid, **kw)


def test_grid_has_a_row_per_start_and_a_column_per_room() -> None:
    talks = [
        talk(1, "2026-10-20T10:00", "A"),
        talk(2, "2026-10-20T10:00", "B"),
        talk(3, "2026-10-20T11:00", "A"),
        talk(4, "2026-10-21T09:00"),
        talk(5, None, "A"),
        talk(6, "2026-10-20T11:00", "A"),
    ]
    g1, g2 = program.grids(talks)
    assert g1.slots == ("10:00", "11:00") and g1.rooms == ("A", "B")
    assert g1.at("10:00", "B") == (2,) and g1.at("11:00", "A") == (3, 6)
    assert g1.at("11:00", "B") == ()
    assert g2.rooms == (program.NO_ROOM,)
    assert [t.id for t in program.unscheduled(talks)] == [5]


def test_organizations_group_spellings_and_count_talks_once() -> None:
    talks = [
        talk(1, None, speakers=(Speaker("a", "Meta"), Speaker("b", "Meta (PyTorch)"))),
        talk(2, None, speakers=(Speaker("c", "Meta, PyTorch Distributed"),)),
        talk(3, None, speakers=(Speaker("d", "IBM"), Speaker("e"))),
    ]
    assert program.organizations(talks) == [("Meta", 2), ("IBM", 1)]


def test_tracks_summary(demo_kb) -> None:
    summaries = program.tracks(demo_kb.talks.values())
    kernels = next(s for s in summaries if s.name.startswith("Kernel Engineering"))
    assert kernels.talks == 12 and summaries[0] == kernels  # the biggest track first
    assert kernels.description and kernels.organizations[0][0] == "Meta"
    assert sum(s.talks for s in summaries) == sum(1 for t in demo_kb.talks.values() if t.track)


def test_projection_is_deterministic_and_keeps_the_main_direction() -> None:
    rng = np.random.default_rng(0)
    base = rng.normal(size=(40, 8))
    base[:20, 0] += 6  # two well separated groups along the first axis
    coords = program.project_2d(base)
    assert coords.shape == (40, 2)
    assert np.array_equal(coords, program.project_2d(base))
    assert abs(coords[:20, 0].mean() - coords[20:, 0].mean()) > 4
    assert program.project_2d(base[:1]).shape == (1, 2)


def test_topic_map_on_real_embeddings_has_readable_distinct_labels(demo_kb) -> None:
    ids = list(demo_kb.talks)
    vecs = np.vstack([demo_kb.vectors.vector(i) for i in ids])
    texts = [f"{demo_kb.talks[i].title}. {demo_kb.talks[i].abstract}" for i in ids]
    tm = program.topic_map(ids, vecs, texts)
    assert len(tm.points) == len(ids) and {p.talk_id for p in tm.points} == set(ids)
    assert 2 <= len(tm.topics) <= 8
    labels = [t.label for t in tm.topics]
    assert len(set(labels)) == len(labels)
    for label in labels:
        words = label.split(" · ")
        assert 1 <= len(words) <= 3 and all(w.isascii() and len(w) > 1 for w in words)
        assert not {"pytorch", "the", "and"} & set(words)
    assert sum(t.size for t in tm.topics) == len(ids)
    # talks of one topic are closer in meaning to each other than to the other talks
    topic = np.array([p.topic for p in tm.points])
    sims = vecs @ vecs.T
    same = topic[:, None] == topic[None, :]
    np.fill_diagonal(same, False)
    other = topic[:, None] != topic[None, :]
    assert sims[same].mean() > sims[other].mean() + 0.05
    again = program.topic_map(ids, vecs, texts)
    assert again == tm  # seeded: the same map every time


def test_topic_map_handles_tiny_inputs() -> None:
    tm = program.topic_map([7], np.ones((1, 4)), ["Kernels for GPUs"])
    assert tm.points[0].talk_id == 7 and len(tm.topics) == 1
    assert program.topic_map([], np.zeros((0, 4)), []) == program.TopicMap((), ())


def test_tracks_by_day_say_when_where_and_how_many() -> None:
    talks = [
        talk(1, "2026-10-20T14:00", "H.2215", track="Rust"),
        talk(2, "2026-10-20T10:30", "H.2215", track="Rust"),
        talk(3, "2026-10-20T16:00", "K.1.105", track="Rust"),
        talk(4, "2026-10-21T09:00", "AW1.120", track="rust"),  # another track, as written
        talk(5, "2026-10-21T11:00", "Janson", track="Go"),
        talk(6, None, "Janson", track="Go"),  # untimed: no day to plan on
        talk(7, "2026-10-21T12:00", "Janson"),  # no track: planned too (last)
    ]
    got = [
        (p.track, f"{p.day}", f"{p.first:%H:%M}", f"{p.last:%H:%M}", p.rooms, p.talks)
        for p in program.tracks_by_day(talks)
    ]
    assert got == [
        ("Go", "2026-10-21", "11:00", "11:25", ("Janson",), 1),
        ("Rust", "2026-10-20", "10:30", "16:25", ("H.2215", "K.1.105"), 3),
        ("rust", "2026-10-21", "09:00", "09:25", ("AW1.120",), 1),
        ("", "2026-10-21", "12:00", "12:25", ("Janson",), 1),  # no track: a part, last
    ]


def test_tracks_by_day_as_html_escape_the_program_and_link_the_day() -> None:
    from appviews import browse

    parts = program.tracks_by_day([talk(1, "2026-10-20T10:30", "<b>", track="A & <i>B</i>")])
    page = browse.by_day_html(parts)
    assert "<i>" not in page and "<b>" not in page
    assert "A &amp; &lt;i&gt;B&lt;/i&gt;" in page and "&lt;b&gt;" in page
    assert 'href="?view=program&amp;date=2026-10-20&amp;tracks=A+%26+%3Ci%3EB%3C%2Fi%3E"' in page

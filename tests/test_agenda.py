"""The agenda model: saving, not interested, overlaps, free slots, timelines, links, CSV."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from urllib.parse import parse_qs, urlencode

from hypothesis import given
from hypothesis import strategies as st

from appviews.models import agenda
from appviews.models.agenda import Agenda
from talkbase.core import timetable
from talkbase.core.records import Speaker, Talk

PDT = timezone(timedelta(hours=-7))


def talk(tid: int, start: str | None, minutes: int = 25, title: str | None = None, **kw) -> Talk:
    begin = datetime.fromisoformat(start).replace(tzinfo=PDT) if start else None
    end = begin + timedelta(minutes=minutes) if begin else None
    return Talk(title=title or f"Talk {tid}", start=begin, end=end, id=tid, **kw)


def test_save_skip_and_undo_keep_a_talk_in_one_list_only() -> None:
    a = Agenda().save(1).save(2).save(1)
    assert a.saved == (1, 2)
    a = a.skip(1)
    assert a.saved == (2,) and a.skipped == (1,)
    a = a.save(1)
    assert a.saved == (2, 1) and a.skipped == ()
    a = a.skip(3).unskip(3).remove(2)
    assert a == Agenda(saved=(1,))
    assert not Agenda() and Agenda(skipped=(5,))


def test_keep_known_drops_ids_the_knowledge_base_lost() -> None:
    assert Agenda((1, 2, 3), (4, 5)).keep_known({1, 3, 5}) == Agenda((1, 3), (5,))


def test_overlaps_find_every_pair_and_ignore_talks_that_only_touch() -> None:
    a = talk(1, "2026-10-20T10:00", 30)
    b = talk(2, "2026-10-20T10:20", 25)  # overlaps a by 10 minutes
    c = talk(3, "2026-10-20T10:30", 10)  # starts when a ends: overlaps b only
    d = talk(4, "2026-10-20T11:00", 25)  # clear of all
    e = talk(5, None)
    found = agenda.overlaps([d, c, b, a, e])
    assert [(o.first, o.second, o.minutes) for o in found] == [(1, 2, 10), (2, 3, 10)]
    assert timetable.overlap_minutes(a, c) == 0
    assert timetable.overlap_minutes(a, e) == 0


def test_overlaps_across_timezones_compare_instants() -> None:
    a = talk(1, "2026-10-20T10:00", 60)
    utc_b = datetime(2026, 10, 20, 17, 30, tzinfo=UTC)  # 10:30 PDT
    b = Talk("B", start=utc_b, end=utc_b + timedelta(minutes=30), id=2)
    assert timetable.overlap_minutes(a, b) == 30


def test_fits_and_clashes() -> None:
    saved = [talk(1, "2026-10-20T10:00", 30), talk(2, "2026-10-21T14:00", 25)]
    clash = talk(3, "2026-10-20T10:15", 25)
    free = talk(4, "2026-10-20T10:30", 25)
    assert [t.id for t in timetable.clashes(clash, saved)] == [1]
    assert not timetable.fits(clash, saved)
    assert timetable.fits(free, saved)
    assert not timetable.fits(talk(5, None), saved)  # no time, no slot to fit
    assert timetable.fits(saved[0], saved)  # a saved talk does not clash with itself


def test_timeline_groups_by_day_and_puts_overlaps_on_separate_lanes() -> None:
    talks = [
        talk(1, "2026-10-20T10:00", 30),
        talk(2, "2026-10-20T10:10", 30),
        talk(3, "2026-10-20T10:45", 20),
        talk(4, "2026-10-21T09:00", 25),
        talk(5, None, title="Untimed"),
    ]
    plan = agenda.timeline(talks)
    assert [d.day.isoformat() for d in plan.days] == ["2026-10-20", "2026-10-21"]
    first = plan.days[0]
    assert [(s.talk.id, s.lane, s.overlaps_with) for s in first.slots] == [
        (1, 0, (2,)),
        (2, 1, (1,)),
        (3, 0, ()),
    ]
    assert first.lanes == 2 and plan.days[1].lanes == 1
    assert [t.id for t in plan.unscheduled] == [5]
    assert len(plan.overlaps) == 1


def test_share_link_round_trip_and_tolerance() -> None:
    a = Agenda((15183178, 20235778), (22513969,))
    params = agenda.to_query(a)
    assert params == {"saved": "15183178-20235778", "skip": "22513969"}
    url_query = urlencode(params)
    assert "%" not in url_query  # readable: nothing needs escaping
    parsed = {k: v[0] for k, v in parse_qs(url_query).items()}
    assert agenda.from_query(parsed) == a
    assert agenda.from_query({"saved": "3, 1,x,-2,3,0", "skip": "1-4"}) == Agenda((3, 1, 2), (4,))
    assert agenda.from_query({"saved": ["5", "6-7"]}) == Agenda((5, 6, 7))
    assert agenda.from_query({}) == Agenda()
    assert agenda.to_query(Agenda()) == {}
    many = "-".join(str(i) for i in range(1, 2000))
    assert len(agenda.from_query({"saved": many}).saved) == agenda.MAX_IDS


@given(
    st.lists(st.integers(min_value=1, max_value=10**9), max_size=30),
    st.lists(st.integers(min_value=1, max_value=10**9), max_size=30),
)
def test_share_link_round_trip_any_ids(saved: list[int], skipped: list[int]) -> None:
    a = Agenda()
    for i in saved:
        a = a.save(i)
    for i in skipped:
        a = a.skip(i)
    assert agenda.from_query(agenda.to_query(a)) == a


def test_csv_lists_talks_in_time_order_with_overlaps_and_no_formulas() -> None:
    talks = [
        talk(
            2,
            "2026-10-20T10:10",
            30,
            title='=HYPERLINK("x")',
            speakers=(Speaker("Ann", "Meta"), Speaker("Bo")),
        ),
        talk(1, "2026-10-20T10:00", 30, title="First, with comma"),
        talk(3, None, title="No time"),
    ]
    rows = list(csv.DictReader(io.StringIO(agenda.to_csv(talks))))
    assert [r["talk_id"] for r in rows] == ["1", "2", "3"]
    assert rows[0]["title"] == "First, with comma"
    assert rows[0]["start"] == "10:00" and rows[0]["timezone"] == "UTC-07:00"
    assert rows[0]["overlaps_with"] == '\'=HYPERLINK("x")'
    assert rows[1]["title"].startswith("'=")  # a spreadsheet shows it, never runs it
    assert rows[1]["speakers"] == "Ann (Meta); Bo"
    assert rows[2]["day"] == "" and rows[2]["title"] == "No time"


def test_real_program_overlaps_are_found(demo_kb) -> None:
    """Two talks of the demo program in the same slot are flagged, with their ids."""
    by_slot: dict[datetime, list[Talk]] = {}
    for t in demo_kb.talks.values():
        if t.start:
            by_slot.setdefault(t.start, []).append(t)
    same = next(ts for ts in by_slot.values() if len(ts) >= 2)
    found = agenda.overlaps(same[:2])
    assert len(found) == 1 and {found[0].first, found[0].second} == {same[0].id, same[1].id}
    assert not timetable.fits(same[1], [same[0]])


def test_csv_says_which_talk_is_cancelled_as_the_cli_export_does() -> None:
    """Sweep 19 F1: the agenda's spreadsheet has `talkbase export --format csv`'s
    `cancelled` column, with its values (the csv module's True/False)."""
    from talkbase.cli import EXPORT_COLUMNS

    off = talk(1, "2026-10-20T09:00", title="Called off", notes=(("Status", "Cancelled"),))
    on = talk(2, "2026-10-20T10:00", title="Takes place")
    rows = list(csv.DictReader(io.StringIO(agenda.to_csv([off, on]))))
    assert "cancelled" in EXPORT_COLUMNS
    assert {r["title"]: r["cancelled"] for r in rows} == {
        "Called off": "True",
        "Takes place": "False",
    }


# -- what the program changed of a saved talk since it was saved --------------------


def test_a_saved_talk_moved_renamed_or_called_off_says_what_changed_old_to_new() -> None:
    was = talk(7, "2026-10-20T09:00", title="Tensor parallelism", room="Room A")
    kept = agenda.SavedAs.of(was)
    assert agenda.changes(kept, was) == ()  # unchanged: nothing said
    moved = talk(7, "2026-10-21T14:00", minutes=40, title="Tensor parallelism", room="Hall 2")
    said = agenda.changes(kept, moved)
    assert [str(c) for c in said] == [
        "time Tue 20 Oct 09:00–09:25 → Wed 21 Oct 14:00–14:40",
        "room Room A → Hall 2",
    ]
    assert agenda.changes_said(said) == (
        "Changed since you saved it: time Tue 20 Oct 09:00–09:25 → Wed 21 Oct 14:00–14:40; "
        "room Room A → Hall 2."
    )
    renamed = talk(7, "2026-10-20T09:00", title="Tensor parallelism at scale", room="Room A")
    assert [str(c) for c in agenda.changes(kept, renamed)] == [
        "title “Tensor parallelism” → “Tensor parallelism at scale”"
    ]
    off = talk(7, "2026-10-20T09:00", title="Tensor parallelism", room="Room A")
    off = replace(off, notes=(("Status", "cancelled"),))
    assert [str(c) for c in agenda.changes(kept, off)] == ["status on the program → cancelled"]
    unroomed = talk(7, "2026-10-20T09:00", title="Tensor parallelism")
    assert [str(c) for c in agenda.changes(kept, unroomed)] == ["room Room A → not given"]
    # the same moment on another clock is no change; an agenda kept before: none said
    assert was.start and was.end
    same = replace(was, start=was.start.astimezone(UTC), end=was.end.astimezone(UTC))
    assert agenda.changes(kept, same) == ()
    assert agenda.changes(None, moved) == ()


def test_a_kept_talk_travels_as_json_and_junk_is_never_one() -> None:
    kept = agenda.SavedAs.of(talk(7, "2026-10-20T09:00", title="T", room="R"))
    assert agenda.SavedAs.from_json(kept.to_json()) == kept
    untimed = agenda.SavedAs.of(talk(8, None, title="Untimed"))
    assert agenda.SavedAs.from_json(untimed.to_json()) == untimed
    for junk in (None, [], "T", {"title": 5}, {"title": "x" * 10_000}, {"room": "R"}):
        assert agenda.SavedAs.from_json(junk) is None
    odd = agenda.SavedAs.from_json({"title": "T", "start": "not a time", "day": 3})
    assert odd == agenda.SavedAs("T")
    long = agenda.SavedAs.of(talk(9, None, title="y" * 5000))
    assert agenda.SavedAs.from_json(long.to_json()) == long  # (cut, and compared cut)
    assert agenda.changes(long, talk(9, None, title="y" * 5000)) == ()


def test_kept_talks_follow_the_operations_as_the_page_applies_them() -> None:
    a, b = (agenda.SavedAs.of(talk(i, "2026-10-20T09:00")) for i in (1, 2))
    seen = agenda.apply_seen({}, ("seen", {1: a.to_json(), "2": b.to_json(), "x": {}}))
    assert seen == {1: a, 2: b}
    later = agenda.SavedAs.of(talk(1, "2026-10-20T11:00"))
    assert agenda.apply_seen(seen, ("seen", {1: later.to_json()}))[1] == a  # kept first
    assert agenda.apply_seen(seen, ("ack", {1: later.to_json()}))[1] == later  # read anew
    assert agenda.apply_seen(seen, ("save", 3)) == seen
    assert agenda.kept_for(seen, Agenda((2, 3))) == {2: b}  # a removed talk's goes

"""What the app's views are computed from, without the app: the URL boundary, the time
grid, now & next, the agenda axis, speakers and organizations, the shared wording."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from appviews import state
from appviews.models import agenda, facets, people, program
from index.build.changes import compare
from talkbase.core import present
from talkbase.core.filters import Filters
from talkbase.core.records import Speaker, Talk

PDT = timezone(timedelta(hours=-7))
DAY = date(2026, 10, 20)


def talk(
    tid: int,
    start: str | None,
    minutes: int = 25,
    room: str | None = "Room 1",
    speakers: tuple[Speaker, ...] = (),
    title: str | None = None,
) -> Talk:
    begin = datetime.fromisoformat(f"2026-10-20T{start}").replace(tzinfo=PDT) if start else None
    end = begin + timedelta(minutes=minutes) if begin else None
    return Talk(
        title=title or f"Talk {tid}", start=begin, end=end, room=room, id=tid, speakers=speakers
    )


# -- the URL boundary ----------------------------------------------------------------


def known(talks: list[Talk]) -> state.Known:
    orgs = people.by_organization(talks)
    return state.Known(
        talks=frozenset(t.id for t in talks),
        candidates=facets.candidates(talks),
        speakers={n.casefold(): n for n in people.speaker_names(talks)},
        org=lambda text: (lambda n: n if n in orgs else None)(people.canonical_name(text)),
        rooms=frozenset(t.room or program.NO_ROOM for t in talks),
    )


TALKS = [
    talk(11, "09:00", speakers=(Speaker("Ben Carver", "Meta"),)),
    talk(
        12,
        "09:00",
        room="Room 10",
        speakers=(Speaker("Ana Ruiz", "AWS"), Speaker("Ben Carver", "Meta")),
    ),
    talk(13, "10:30", 50, room="Room 2", speakers=(Speaker("Cy Po", "Amazon"),)),
    talk(14, None, room=None, speakers=(Speaker("Di Lu", "IBM Research"),)),
]
KNOWN = known(TALKS)


def test_hostile_ids_are_notices_not_exceptions() -> None:
    for value in ("²", "٣", "9" * 5000, "-1", "1e3", " 12 ", "０１"):
        p = state.parse({"talk": [value]}, KNOWN)
        assert p.talk in (None, 12)
        assert p.talk == 12 or p.notices
    assert state.parse({"talk": [" 12 "]}, KNOWN).talk == 12
    p = state.parse({"saved": ["²"], "view": ["agenda"]}, KNOWN)
    assert p.agenda.saved == () and p.view == "My agenda"
    assert agenda.parse_id("²") is None and agenda.parse_id("9" * 5000) is None
    assert agenda.decode_ids("²-11-9999999999999999999999") == (11,)


def test_unknown_values_are_ignored_with_a_notice() -> None:
    p = state.parse(
        {
            "view": ["nope"],
            "speaker": ["Nobody"],
            "org": ["Acme"],
            "day": ["2026-13-40"],
            "date": ["2026-02-30"],
            "at": ["48:00"],  # past the night after the day (24:30 is that night)
            "zzz": ["1"],
        },
        KNOWN,
    )
    assert p.view == "Search" and p.speaker is None and p.org is None and not p.facets
    assert p.date is None and p.at is None
    assert len(p.notices) == state.MAX_NOTICES  # capped
    assert any("unknown link parameter" in n for n in p.notices)


def test_names_are_recognised_in_any_case_and_spelling() -> None:
    p = state.parse(
        {
            "speaker": ["ben CARVER"],
            "org": ["Amazon"],
            "from": ["Amazon Web Services"],
            "loose": ["1"],
            "date": ["2026-10-20"],
            "at": ["09:10"],
            "rooms": ["Room 2|Nowhere"],
        },
        KNOWN,
    )
    assert p.speaker == "Ben Carver" and p.org == "Amazon Web Services"
    assert p.facets == {"org": "Amazon Web Services"} and p.toggles["loose"]
    assert (p.date, p.at, p.rooms, p.notices) == ("2026-10-20", "09:10", ("Room 2",), ())


def test_a_track_preset_keeps_the_known_tracks_once_in_link_order() -> None:
    tracked = [
        replace(t, track=name) for t, name in zip(TALKS, ("ML", "HPC", "ML", "Web"), strict=True)
    ]
    base = replace(known(tracked), tracks=frozenset(t.track for t in tracked))
    p = state.parse({"view": ["program"], "tracks": ["Web|Nope|ML|Web"]}, base)
    assert p.tracks == ("Web", "ML") and p.notices == ()
    assert state.parse({"tracks": [""]}, base).tracks == ()
    assert state.parse({"tracks": ["ML"]}, KNOWN).tracks == ()  # a base without tracks


def test_the_home_page_names_each_conference_with_its_dates_and_zone() -> None:
    from zoneinfo import ZoneInfo

    from appviews import home

    brussels = ZoneInfo("Europe/Brussels")

    def at(conf: str, day: str) -> Talk:
        begin = datetime.fromisoformat(f"{day}T10:00").replace(tzinfo=brussels)
        return Talk(title="t", start=begin, end=begin + timedelta(minutes=30), conference=conf)

    talks = [
        at("FOSDEM 2024", "2024-02-04"),
        at("FOSDEM 2024", "2024-02-03"),
        at("Later", "2024-11-30"),
        at("Later", "2024-12-01"),
        Talk(title="untimed", conference="Later", venue="ULB, Brussels"),
    ]
    assert home.conference_lines(talks) == [
        "FOSDEM 2024 · Sat 3 – Sun 4 Feb 2024 · Europe/Brussels",
        "Later · ULB, Brussels · Sat 30 Nov – Sun 1 Dec 2024 · Europe/Brussels",
    ]
    assert (
        home.date_range(date(2023, 12, 30), date(2024, 1, 1)) == "Sat 30 Dec 2023 – Mon 1 Jan 2024"
    )
    assert home.date_range(DAY, DAY) == "Tue 20 Oct 2026"
    assert home.conference_lines([Talk(title="x")]) == [home.NO_NAME]


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(st.text(max_size=12), st.lists(st.text(max_size=300), max_size=3), max_size=8),
    st.sampled_from(
        [
            "talk",
            "saved",
            "skip",
            "speaker",
            "org",
            "date",
            "at",
            "rooms",
            "tracks",
            "day",
            "from",
            "by",
            "view",
            "q",
        ]
    ),
)
def test_any_query_string_parses(params: dict[str, list[str]], name: str) -> None:
    params = {**params, name: params.get(name) or ["²"]}
    p = state.parse(params, KNOWN)
    assert p.talk is None or p.talk in KNOWN.talks
    assert set(p.agenda.saved) <= KNOWN.talks and len(p.q) <= state.MAX_TEXT
    assert len(p.notices) <= state.MAX_NOTICES


# -- organizations and speakers ------------------------------------------------------


def test_one_canonical_name_for_every_spelling() -> None:
    assert people.canonical_name("AWS") == people.canonical_name("Amazon") == "Amazon Web Services"
    assert program.organizations(TALKS)[0] == ("Amazon Web Services", 2)
    assert dict(program.organizations(TALKS))["IBM"] == 1
    orgs = [v for v, _ in facets.candidates(TALKS)["org"]]
    assert "AWS" not in orgs and "Amazon" not in orgs and "Amazon Web Services" in orgs
    by_text = {"AWS": [12], "Amazon": [13]}

    def sql(f: Filters) -> list[int] | None:  # a text match, as the SQL filter does
        return by_text.get(f.org or "", []) if f.org else None

    lookup = facets.canonical_orgs(sql, TALKS)
    assert lookup(Filters(org="AWS")) == lookup(Filters(org="Amazon Web Services")) == [12, 13]
    assert lookup(Filters(org="Meta", speaker="Ana Ruiz")) == []  # same person's org
    assert lookup(Filters(org="Meta", speaker="Ben Carver")) == [11, 12]


def test_speaker_and_organization_pages() -> None:
    page = people.speaker_page(TALKS, "ben carver")
    assert page and page.name == "Ben Carver" and [t.id for t in page.talks] == [11, 12]
    assert page.affiliations == ("Meta",) and page.co_speakers == (("Ana Ruiz", 1),)
    a, b = people.org_page(TALKS, "AWS"), people.org_page(TALKS, "Amazon Web Services")
    assert a == b and a is not None
    assert [p.name for p in a.people] == ["Ana Ruiz", "Cy Po"] and a.spellings == ("AWS", "Amazon")
    ibm = people.org_page(TALKS, "IBM")
    assert ibm and ibm.people[0].units == ("Research",)
    assert people.org_page(TALKS, "Nowhere Inc") is None
    assert people.speaker_page(TALKS, "") is None


# -- the time grid, now & next, the agenda axis ---------------------------------------


def test_time_grid_spans_durations_in_a_stable_room_order() -> None:
    grid = program.time_grid(TALKS, DAY)
    assert grid is not None
    assert grid.rooms == ("Room 1", "Room 2", "Room 10")  # natural order, not by size
    assert grid.step == 5 and f"{grid.start:%H:%M}" == "09:00"
    long = next(b for b in grid.blocks if b.talks == (13,))
    assert long.minutes == 50 and long.rows == 10 and f"{grid.time_at(long.row):%H:%M}" == "10:30"
    assert next(b for b in grid.blocks if b.talks == (11,)).rows == 5
    assert program.time_grid(TALKS, DAY, ["Room 2"]).rooms == ("Room 2",)
    assert program.time_grid(TALKS, date(2026, 10, 21)) is None


def test_now_and_next_puts_saved_rooms_first() -> None:
    at = datetime(2026, 10, 20, 9, 10, tzinfo=PDT)
    rows = program.now_and_next(TALKS, at, saved=[13])
    assert [r.room for r in rows] == ["Room 2", "Room 1", "Room 10"]
    assert rows[0].now == () and rows[0].next and rows[0].next.id == 13
    assert [t.id for t in rows[1].now] == [11] and rows[1].next is None


def test_agenda_axis_is_cropped_to_the_saved_talks() -> None:
    """Issue 39: with the first saved talk at 15:20 the first screen was an empty
    08:00-14:00 axis; the axis now starts at the hour of the first saved talk."""
    lo, hi = agenda.day_span(DAY, TALKS)
    assert (f"{lo:%H:%M}", f"{hi:%H:%M}") == ("09:00", "12:00")  # 09:00 .. 10:30+50
    afternoon = [talk(15, "15:20", 30), talk(16, "16:00", 20)]
    lo, hi = agenda.day_span(DAY, afternoon)
    assert (f"{lo:%H:%M}", f"{hi:%H:%M}") == ("15:00", "17:00")
    late = [*TALKS, talk(15, "19:10", 30), talk(16, "07:30", 20)]
    lo, hi = agenda.day_span(DAY, late)
    assert (f"{lo:%H:%M}", f"{hi:%H:%M}") == ("07:00", "20:00")
    now = datetime(2026, 10, 20, 12, 0, tzinfo=PDT)
    assert agenda.now_line(DAY, now) == now and agenda.now_line(date(2026, 10, 21), now) is None


# -- one wording everywhere ---------------------------------------------------------------


def test_when_and_plurals() -> None:
    t = TALKS[0]
    assert present.when(t) == "Tue 20 Oct 09:00–09:25"
    assert present.when(t, year=True) == "Tue 2026-10-20 09:00–09:25"
    assert present.when(TALKS[3]) == "Time not given"
    assert present.plural(1, "saved talk") == "1 saved talk"
    assert present.plural(3, "saved talk") == "3 saved talks"
    assert present.plural(2, "person", "people") == "2 people"
    assert [present.minutes(m) for m in (25, 60, 415)] == ["25 min", "1 h", "6 h 55 min"]
    from talkbase import output

    assert output.when(t) == present.when(t, year=True)
    from talkbase.api import Results
    from talkbase.core.records import Hit

    assert present.when(t) in Results([Hit(t, 1.0)], query="x")._repr_html_()


def test_a_talk_that_only_lost_speakers_has_no_new_speakers() -> None:
    before = {12: TALKS[1]}
    after = {
        12: Talk(
            title="Talk 12",
            start=TALKS[1].start,
            end=TALKS[1].end,
            room="Room 10",
            id=12,
            speakers=(Speaker("Ana Ruiz", "AWS"),),
        )
    }
    changes = compare(before, after)
    assert not changes.respeakered and changes.unspeakered[0].detail == "Ben Carver"
    assert compare(after, before).respeakered  # someone new: new speakers


# -- the CLI and the API on the same hostile ids ------------------------------------------


def test_cli_and_api_refuse_unicode_digits_in_one_sentence(
    fake_home, hashing_embedder, monkeypatch, capsys, tmp_path
) -> None:
    import talkbase as api
    from talkbase.cli import main
    from talkbase.core.errors import TalkNotFound

    monkeypatch.setenv("TALKBASE_HOME", str(fake_home))
    for argv in (["show", "²"], ["similar", "²"], ["show", "9" * 5000]):
        code = main(argv)  # an answer (a title lookup) or one sentence, never a traceback
        err = capsys.readouterr().err
        assert code in (0, 1) and "Traceback" not in err and len(err.strip().splitlines()) <= 6
    with api.open(fake_home, embedder=hashing_embedder) as tb:
        try:
            found = tb.talk("²")  # not an id: looked up as a title
        except TalkNotFound as exc:
            assert exc.sentence()
        else:
            assert found.title  # before: int("²") raised ValueError
    target = tmp_path / "talks.csv"
    assert main(["export", "--format", "csv", "-o", str(target)]) == 0
    err = capsys.readouterr().err
    assert f"Wrote 71 talks (csv) to {target}" in err and target.stat().st_size > 1000


def test_the_agenda_chart_spans_the_day_and_draws_now_only_today() -> None:
    from appviews.agendaview import _chart

    plan = agenda.timeline([TALKS[0], TALKS[1]])
    span = agenda.day_span(DAY, TALKS)
    now = datetime(2026, 10, 20, 10, 0, tzinfo=PDT)
    spec = _chart(plan.days[0], span, agenda.now_line(DAY, now)).to_dict()
    marks = [layer["mark"]["type"] for layer in spec["layer"]]
    assert marks == ["rect", "text", "rule"]  # overlapping talks in lanes, labels, now
    scale = spec["layer"][0]["encoding"]["y"]["scale"]
    assert scale["domain"] == ["2026-10-20T09:00:00", "2026-10-20T12:00:00"]
    later = _chart(plan.days[0], span, agenda.now_line(DAY, now + timedelta(days=1))).to_dict()
    assert [layer["mark"]["type"] for layer in later["layer"]] == ["rect", "text"]
    lanes = {row["lane"] for row in spec["datasets"][next(iter(spec["datasets"]))]}
    assert lanes == {0, 1}  # the two 09:00 talks side by side


def test_fits_leaves_time_to_change_buildings() -> None:
    """Issue 38: a talk starting when a saved one in another building ends does not fit
    (CHANGE_MINUTES to walk); in the same building, or rooms naming no building, it does."""
    from talkbase.core import timetable

    saved = talk(21, "10:00", 30, room="H.2215 (Ferrer)")
    right_after_k = talk(22, "10:30", 25, room="K.3.201")
    right_after_h = talk(23, "10:30", 25, room="H.1302 (Depage)")
    later_k = talk(24, "10:40", 25, room="K.3.201")
    named = talk(25, "10:30", 25, room="Janson")
    assert not timetable.fits(right_after_k, [saved])
    assert timetable.fits(right_after_h, [saved]) and timetable.fits(later_k, [saved])
    assert timetable.fits(named, [saved])
    assert timetable.clashes(right_after_k, [saved]) == []  # tight, but no overlap


def test_now_and_next_names_the_devroom_a_room_holds() -> None:
    """Issue 39: room codes shown without the devroom's name."""
    from dataclasses import replace as _replace

    rust = [
        _replace(talk(30 + i, f"{9 + i:02d}:00", room="K.4.401"), track="Rust devroom")
        for i in range(3)
    ]
    mixed = [
        _replace(talk(40, "09:00", room="Janson"), track="Keynotes"),
        _replace(talk(41, "10:00", room="Janson"), track="Main track"),
    ]
    at = datetime(2026, 10, 20, 9, 30)
    rows = {r.room: r for r in program.now_and_next([*rust, *mixed], at)}
    assert rows["K.4.401"].track == "Rust devroom"
    assert rows["Janson"].track == ""  # a room of several tracks: no one name

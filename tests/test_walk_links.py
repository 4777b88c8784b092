"""Sweep 22, attendee walk: the app's link `?view=program&date=D` (the README's form)
and the day a chosen time of Now & next belongs to, without the app.

#1: in a base of several conferences the date alone opened the first conference's
first day, whatever the date, with no notice. A date now names the conference whose
program holds it where exactly one does; where none does, or several do, or the
conference the link names has no program that day, one sentence says so.
#9: Now & next read 00:15 on a Friday whose talks run 22:00 to 02:15 as the morning
before ("Before the conference"), where the Program counts that night to Friday."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from appviews import state
from appviews.models import facets, program
from talkbase.core.records import Talk

BRU = timezone(timedelta(hours=1))
TYO = timezone(timedelta(hours=9))


def _talk(tid: int, conf: str, start: datetime, minutes: int = 45) -> Talk:
    return Talk(
        title=f"Talk {tid}",
        id=tid,
        conference=conf,
        start=start,
        end=start + timedelta(minutes=minutes),
        room="Hall",
    )


NIGHT = [  # a late-night conference: Friday 22:00 to Saturday 02:15, and Saturday 10:00
    _talk(1, "nightconf", datetime(2025, 3, 14, 22, 0, tzinfo=TYO), 60),
    _talk(2, "nightconf", datetime(2025, 3, 14, 23, 30, tzinfo=TYO), 60),
    _talk(3, "nightconf", datetime(2025, 3, 15, 0, 45, tzinfo=TYO), 45),
    _talk(4, "nightconf", datetime(2025, 3, 15, 1, 30, tzinfo=TYO), 45),
    _talk(5, "nightconf", datetime(2025, 3, 15, 10, 0, tzinfo=TYO), 45),
]
NIGHTS = {3: date(2025, 3, 14), 4: date(2025, 3, 14)}  # (the base's night rule)
TALKS = [
    _talk(10, "FOSDEM 2024", datetime(2024, 2, 3, 10, 0, tzinfo=BRU)),
    _talk(11, "FOSDEM 2024", datetime(2024, 2, 4, 10, 0, tzinfo=BRU)),
    _talk(20, "MOCA 2024", datetime(2024, 9, 14, 10, 0, tzinfo=BRU)),
    _talk(21, "Other 2024", datetime(2024, 9, 14, 11, 0, tzinfo=BRU)),
    *NIGHT,
]


def _known(talks: list[Talk]) -> state.Known:
    return state.Known(
        talks=frozenset(t.id for t in talks),
        candidates=facets.candidates(talks),
        speakers={},
        org=lambda text: None,
        days=program.days_by_conference(talks, NIGHTS),
    )


KNOWN = _known(TALKS)


def _open(**params: str) -> state.Parsed:
    return state.parse({k: [v] for k, v in params.items()}, KNOWN)


def test_a_date_only_one_conference_holds_opens_that_conference() -> None:
    for day, conf in (
        ("2025-03-14", "nightconf"),
        ("2024-02-04", "FOSDEM 2024"),
        ("2025-03-15", "nightconf"),
    ):
        p = _open(view="program", date=day)
        assert (p.shown, p.date, p.notices) == (conf, day, ())
    p = _open(view="now", date="2025-03-14", at="00:15")
    assert (p.shown, p.date) == ("nightconf", "2025-03-14")


def test_a_date_no_conference_holds_is_said_never_another_day_in_silence() -> None:
    p = _open(view="program", date="2099-01-01")
    assert p.date is None and p.shown is None
    assert p.notices == (
        "No conference of this base has a program on Thu 1 Jan 2099; showing another day.",
    )


def test_a_date_several_conferences_hold_shows_one_of_them_and_says_so() -> None:
    p = _open(view="program", date="2024-09-14")
    assert (p.shown, p.date) == ("MOCA 2024", "2024-09-14")
    assert p.notices == (
        "2 conferences have a program on Sat 14 Sep 2024 (MOCA 2024, Other 2024); "
        "showing MOCA 2024's: choose another above.",
    )


def test_a_named_conference_without_that_date_is_said() -> None:
    p = _open(view="program", date="2025-03-14", shown="FOSDEM 2024")
    assert p.shown == "FOSDEM 2024" and p.date is None
    assert p.notices == (
        "FOSDEM 2024 has no program on Fri 14 Mar 2025; showing another of its days.",
    )
    p = _open(view="program", date="2025-03-14", shown="nightconf")  # the app's own form
    assert (p.shown, p.date, p.notices) == ("nightconf", "2025-03-14", ())


def test_a_base_of_one_names_no_conference_but_says_a_date_it_lacks() -> None:
    one = _known(NIGHT)
    p = state.parse({"view": ["program"], "date": ["2025-03-14"]}, one)
    assert (p.shown, p.date, p.notices) == (None, "2025-03-14", ())
    p = state.parse({"view": ["program"], "date": ["2025-03-20"]}, one)
    assert p.date is None and "nothing on Thu 20 Mar 2025" in p.notices[0]


def test_a_time_after_midnight_is_the_night_of_the_program_day_that_holds_it() -> None:
    fri, sat = date(2025, 3, 14), date(2025, 3, 15)
    # Friday's program runs 22:00 to 02:15: 00:15 and 02:00 on Friday are its night
    assert program.day_clock(NIGHT, fri, "00:15", NIGHTS) == "24:15"
    assert program.day_clock(NIGHT, fri, "02:15", NIGHTS) == "26:15"
    # ...past its end, or during its evening, a time is what it says
    assert program.day_clock(NIGHT, fri, "03:00", NIGHTS) == "03:00"
    assert program.day_clock(NIGHT, fri, "23:00", NIGHTS) == "23:00"
    assert program.day_clock(NIGHT, fri, "24:30", NIGHTS) == "24:30"
    # Saturday's own program starts at 10:00 and has no night: 00:15 stays Saturday's
    assert program.day_clock(NIGHT, sat, "00:15", NIGHTS) == "00:15"
    # and what Now & next shows at Friday 24:15 is what runs then: the 23:30 talk
    at = datetime(2025, 3, 15, 0, 15)
    rows = program.now_and_next(NIGHT, at, (), NIGHTS, fri)
    assert [t.id for r in rows for t in r.now] == [2]


def test_each_page_names_itself_in_the_tab() -> None:
    """#8: every page of the app was titled "talkbase"."""
    from types import SimpleNamespace

    from appviews import pages

    lib = SimpleNamespace(talks={t.id: t for t in TALKS})
    assert pages.title({"talk": 3}, lib) == "Talk 3 · talkbase"  # type: ignore[arg-type]
    assert pages.title({"view": "Program"}, lib) == "Program · talkbase"  # type: ignore[arg-type]
    assert pages.title({"q": "rust"}, lib) == "“rust” · talkbase"  # type: ignore[arg-type]
    assert pages.title({"speaker": "Ada"}, lib) == "Ada · talkbase"  # type: ignore[arg-type]
    assert pages.title({}, lib) == "talkbase"  # type: ignore[arg-type]

""" "What's on now" and "coming up", by the conference's own clock (a fixed moment
swapped in for talkbase/core/when.py's `now`), on a Vocab and on the real FOSDEM 2024 program."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from index.search.read import nowwords
from index.search.read.understand import Vocab, understand
from index.search.read.vocab import word_tuple
from talkbase import service
from talkbase.core import when as clock
from talkbase.core.records import Talk

BRUSSELS = ZoneInfo("Europe/Brussels")


@pytest.fixture
def vocab() -> Vocab:
    plus1 = timezone(timedelta(hours=1))
    talks = [Talk(title="t", start=datetime(2019, 2, d, 10, tzinfo=plus1)) for d in (2, 3)]
    v = Vocab.from_talks([replace(t, conference="FOSDEM 2019") for t in talks])
    assert v.timezone == "UTC+01:00"  # the offset the talks' starts give
    v.tracks = {t: word_tuple(t) for t in ("Go", "Rust")}
    v.timezone, v.conference = "Europe/Brussels", ""
    return v


def at(monkeypatch, moment: datetime) -> None:
    def fixed(zone: str = "") -> datetime:
        return moment.astimezone(ZoneInfo(zone)) if zone else moment

    monkeypatch.setattr(clock, "now", fixed)


@pytest.mark.parametrize(
    ("query", "topic", "want"),
    [
        ("what's on now", "", {"day": "2019-02-02", "at": "15:10"}),
        ("Rust talks right now", "Rust", {"day": "2019-02-02", "at": "15:10"}),
        ("coming up in the Go devroom", "", {"day": "2019-02-02", "after": "15:10", "track": "Go"}),
        ("what is starting soon", "", {"day": "2019-02-02", "after": "15:10"}),
    ],
)
def test_now_and_coming_up_on_a_conference_day(vocab, monkeypatch, query, topic, want):
    at(monkeypatch, datetime(2019, 2, 2, 14, 10, tzinfo=UTC))  # 15:10 in Brussels
    u = understand(query, vocab)
    assert u.filters.active() == want and u.topic == topic
    assert "today (Sat 02 Feb)" in u.labels


def test_now_on_no_day_of_the_program_is_said_back_and_sets_no_limit(vocab, monkeypatch):
    at(monkeypatch, datetime(2026, 12, 2, 9, 5, tzinfo=BRUSSELS))
    u = understand("what's on now", vocab)
    assert u.filters.active() == {} and u.topic == ""
    assert u.not_understood == ("no talks now (Wed 02 Dec 09:05): showing all talks",)


def test_words_like_now_are_no_moment(vocab, monkeypatch):
    at(monkeypatch, datetime(2019, 2, 2, 15, 10, tzinfo=BRUSSELS))
    assert understand("nowhere to hide", vocab).filters.active() == {}
    assert understand("up and coming languages", vocab).filters.active() == {}
    assert not nowwords.says_a_moment("nowhere to hide")
    assert nowwords.says_a_moment("What's on NOW?") and nowwords.says_a_moment("coming up")


def test_an_unknown_zone_falls_back_to_this_machines_clock_and_an_offset_is_read():
    assert clock.now("Not/AZone").tzinfo is not None
    assert clock.now("UTC+01:00").utcoffset() == timedelta(hours=1)
    assert clock.now("UTC-05:30").utcoffset() == -timedelta(hours=5, minutes=30)


def test_the_apps_answers_are_kept_per_quarter_hour_and_per_minute_for_moments():
    """A conference's date turns at its midnight, a quarter hour of UTC in every zone."""
    before = datetime.now(UTC)
    day, minute = service.moment_of("Rust talks this afternoon"), service.moment_of("right now")
    after = datetime.now(UTC)  # (the clock may pass a minute or a quarter in between)
    assert day in {f"{t:%Y-%m-%d %H}:{t.minute // 15 * 15:02d}" for t in (before, after)}
    assert minute in {f"{t:%Y-%m-%d %H:%M}" for t in (before, after)}


def test_today_is_the_conferences_date_as_now_is_its_minute(vocab, monkeypatch):
    """Past midnight in Brussels and before it in UTC, "today" is the conference's
    Sunday, as "now" reads it, not this machine's Saturday."""
    at(monkeypatch, datetime(2019, 2, 2, 23, 30, tzinfo=UTC))
    assert understand("Rust talks today", vocab).filters.day == "2019-02-03"
    assert understand("Rust talks tomorrow", vocab).not_understood  # Monday: said back
    assert understand("what's on now", vocab).filters.day == "2019-02-03"
    vocab.timezone = ""  # a program without a zone: this machine's clock
    at(monkeypatch, datetime(2019, 2, 2, 23, 30).astimezone())
    assert understand("Rust talks today", vocab).filters.day == "2019-02-02"


def test_on_now_on_the_real_program(fosdem_kb, monkeypatch):
    assert fosdem_kb.vocab.timezone == "Europe/Brussels"
    at(monkeypatch, datetime(2024, 2, 3, 15, 10, tzinfo=BRUSSELS))
    a = fosdem_kb.answer("what's on now", 200)
    assert 20 <= len(a.hits) < 200  # one talk or none per room
    for h in a.hits:
        start, end = h.talk.start, h.talk.end
        assert start is not None and end is not None
        assert start.date().isoformat() == "2024-02-03"
        assert f"{start:%H:%M}" <= "15:10" < f"{end:%H:%M}"


def test_this_afternoon_at_the_conference_is_todays(vocab, monkeypatch):
    from datetime import date

    monkeypatch.setattr(clock, "today", lambda zone="": date(2019, 2, 3))
    afternoon = {"after": "12:00", "starts_before": "18:00"}
    assert understand("Rust talks this afternoon", vocab).filters.active() == {
        **afternoon,
        "day": "2019-02-03",
    }
    assert understand("Rust talks in the afternoon", vocab).filters.active() == afternoon
    no_day = date(2026, 12, 2)  # no day of the program
    monkeypatch.setattr(clock, "today", lambda zone="": no_day)
    assert understand("Rust talks this afternoon", vocab).filters.active() == afternoon

"""The night talks are read by the store (`reads.night_days`), by the day filter's own
rule (`filters.PROGRAM_DAY`, defined once): the SQL runs in index/store, not in the
search layer that asks for it (`KnowledgeBase.nights`)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import duckdb
import pytest

from index.search.limits.filters import PROGRAM_DAY, Filters, to_sql
from index.store import reads, tables
from index.store.sql import inline
from talkbase.core.records import Talk

CET = timezone(timedelta(hours=1))
THU, FRI = date(2030, 3, 14), date(2030, 3, 15)


def _at(day: date, hour: int, minute: int) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=CET)


def _talk(tid: int, title: str, start: datetime, minutes: int, conference: str = "") -> Talk:
    return Talk(
        title=title,
        start=start,
        end=start + timedelta(minutes=minutes),
        room="Amphi A",
        conference=conference,
        id=tid,
    )


@pytest.fixture
def con() -> duckdb.DuckDBPyConnection:
    """A program that names no change of day: a debate to 23:30, a talk at 00:15 after
    it (that night's), a morning talk; and another conference's lone 00:15 talk, which
    no evening runs on to."""
    db = duckdb.connect(":memory:")
    tables.create(db)
    talks = [
        _talk(1, "Heart failure treatments", _at(THU, 9, 0), 45),
        _talk(2, "Evening debate on ethics", _at(THU, 22, 30), 60),
        _talk(3, "Night shift: paediatric emergencies", _at(FRI, 0, 15), 45),
        _talk(4, "Vaccination in children", _at(FRI, 9, 0), 45),
        _talk(5, "Early bird session", _at(FRI, 0, 15), 45, conference="Other"),
    ]
    tables.insert_talks(db, talks, {})
    yield db
    db.close()


def test_the_store_reads_the_night_talks_by_the_day_filter_s_rule(con) -> None:
    nights = reads.night_days(con, PROGRAM_DAY)
    assert nights == {3: THU}
    # the same rule the day filter reads: Thursday's talks are its own and that night's
    thursday = reads.ids_where(con, inline(*to_sql(Filters(day=THU.isoformat()))))
    assert thursday.tolist() == [1, 2, 3]


def test_a_program_without_night_talks_has_none(con) -> None:
    con.execute("DELETE FROM talks WHERE id = 2")  # no evening runs on past midnight
    assert reads.night_days(con, PROGRAM_DAY) == {}

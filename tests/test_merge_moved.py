"""A talk a later document of the same conference moves to another time is one
talk, the two times kept as a conflict; a talk one document runs twice, or two
documents of other days each list once, stays two showings."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from ingest.merge import merge_talks
from talkbase.core.records import Source, Speaker, Talk

MADRID = ZoneInfo("Europe/Madrid")


def _at(title: str, doc: str, day: int, hour: int, who: str = "Hana Person") -> Talk:
    start = datetime(2024, 6, day, hour, tzinfo=MADRID)
    return Talk(
        title=title,
        speakers=(Speaker(who),),
        start=start,
        conference="SummitX",
        sources=(Source(doc, "csv", f"line {hour}"),),
    )


def _program(doc: str, moved_to: int | None = None) -> list[Talk]:
    return [
        _at("Feature flags done right", doc, 12, 9, "Fay Person"),
        _at("Green software metrics", doc, 12, moved_to or 11),
        _at("SQLite in production", doc, 12, 13, "Jo Person"),
    ]


def test_a_talk_a_later_sheet_moves_is_one_talk_with_its_times_in_conflict():
    merged = merge_talks(_program("program.csv") + _program("day2_update.csv", moved_to=16))
    green = [t for t in merged if t.title == "Green software metrics"]
    assert len(merged) == 3 and len(green) == 1
    start = next(c for c in green[0].conflicts if c.field == "start")
    assert [d for d, _ in start.values] == ["program.csv", "day2_update.csv"]
    assert {v[11:16] for _, v in start.values} == {"11:00", "16:00"}


def test_a_talk_one_document_runs_twice_stays_two_showings():
    twice = _program("program.csv") + [_at("Green software metrics", "program.csv", 12, 16)]
    merged = merge_talks(twice + _program("day2_update.csv", moved_to=16))
    green = sorted(t.start.hour for t in merged if t.title == "Green software metrics")
    assert green == [11, 16]


def test_a_talk_listed_once_in_each_of_two_day_files_stays_two_showings():
    day1 = [_at("Green software metrics", "day1.csv", 11, 11), _at("Other", "day1.csv", 11, 9)]
    day2 = [_at("Green software metrics", "day2.csv", 12, 16), _at("More", "day2.csv", 12, 9)]
    merged = merge_talks(day1 + day2)
    assert sorted(t.start.day for t in merged if t.title == "Green software metrics") == [11, 12]


def test_two_abstracts_of_one_talk_are_both_kept():
    """An English and a German program of one conference: the merged talk shows one
    abstract and keeps the other as a conflict (sweep 6, 19)."""
    en = _at("Green software metrics", "program_en.csv", 12, 11)
    de = _at("Green software metrics", "programm_de.csv", 12, 11)
    en = Talk(**{**en.__dict__, "abstract": "How to measure the energy of software."})
    de = Talk(**{**de.__dict__, "abstract": "Wie man den Energieverbrauch von Software misst."})
    (merged,) = merge_talks([en, de])
    (said,) = [c for c in merged.conflicts if c.field == "abstract"]
    assert {d for d, _ in said.values} == {"program_en.csv", "programm_de.csv"}
    assert merged.abstract in {v for _, v in said.values}
    same = Talk(**{**de.__dict__, "abstract": "How to measure the energy of software!"})
    assert not [c for c in merge_talks([en, same])[0].conflicts if c.field == "abstract"]

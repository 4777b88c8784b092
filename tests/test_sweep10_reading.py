"""Documents an outside tester read wrong after the ninth session, each reduced to
what it showed: a language named in traditional Chinese characters, the half of the
day written before both clocks of a Korean cell's range, ..."""

from __future__ import annotations

import pytest

from ingest.formats import table
from talkbase.core.languages import language_code


@pytest.mark.parametrize(
    ("said", "code"),
    [
        ("英文", "en"),
        ("英語", "en"),
        ("日本語", "ja"),
        ("中文", "zh"),
        ("영어", "en"),
        ("한국어", "ko"),
    ],
)
def test_a_language_column_written_in_another_script_is_its_code(said: str, code: str) -> None:
    """A language column's "英文" (English as Chinese in traditional characters writes
    it: CLDR's zh_Hant) was no language."""
    assert language_code(said) == code


def test_a_korean_cell_with_the_half_of_the_day_before_both_clocks_is_a_range() -> None:
    text = (
        "제목,발표자,날짜,시간,장소\n"
        "기조연설,김민준,2026-10-17,오전 10:00~오전 11:30,그랜드볼룸\n"
        "Rust 입문,이서연,2026-10-17,오후 2:00 - 오후 3:00,세미나실 1\n"
        "오후 세션,박지훈,2026-10-17,오전 11:30 - 오후 12:30,세미나실 1\n"
    )
    talks, _ = table.parse(text, "seoul.csv", "csv", default_tz="Asia/Seoul")
    got = [(t.start.strftime("%H:%M"), t.end.strftime("%H:%M")) for t in talks]
    assert got == [("10:00", "11:30"), ("14:00", "15:00"), ("11:30", "12:30")]

"""Limits said in Chinese, which writes no spaces and, unlike Japanese, never changes
script between its words: a run of Chinese characters is cut at the words the reader
knows in it (the base's weekdays, parts of the day, rooms, tracks, languages and the
lexicon's Chinese words: whenwords._cut_at_known), longest first, the rest kept as
the topic (sweep 19 F3, F1, F2, F4, F6, F12: the program of
/tmp/s19/sweep-scripts/oscd2026_schedule.json, two days in Shanghai, talks in
Chinese and English)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core import languages
from talkbase.core.records import Talk

SHANGHAI = ZoneInfo("Asia/Shanghai")


def _talk(title: str, day: int, hour: int, room: str, track: str, language: str) -> Talk:
    start = datetime(2026, 11, day, hour, tzinfo=SHANGHAI)
    return Talk(
        title=title,
        start=start,
        room=room,
        track=track,
        format="演讲",
        language=language,
        abstract=title,
        conference="2026 中国开源开发者大会",
    )


@pytest.fixture(scope="module")
def vocab() -> Vocab:
    return Vocab.from_talks(
        [
            _talk("大模型推理优化实践", 14, 10, "分会场A", "人工智能", "zh"),
            _talk("开源大模型的安全对齐", 14, 14, "分会场A", "人工智能", "zh"),
            _talk("AI Agents in Production", 15, 10, "分会场B", "人工智能", "en"),
            _talk("向量数据库的工程实践", 15, 15, "分会场C", "数据库", "zh"),
            _talk("供应链安全与软件物料清单", 14, 11, "分会场B", "安全", "zh"),
            _talk("Open Source Vector Databases", 15, 16, "主会场", "数据库", "en"),
            _talk("前端框架的演进", 15, 9, "分会场C", "前端", "zh"),
        ]
    )


def _read(vocab: Vocab, query: str) -> tuple[set[tuple[str, str]], str, list[dict]]:
    u = understand(query, vocab)
    chips = {(c.field, c.value) for c in u.chips if c.field != "not"}
    return chips, u.topic, [f.active() for f in u.excluded_limits]


def test_chinese_weekdays_come_from_cldr() -> None:
    """CLDR's abbreviated Chinese weekdays are the everyday ones ("周六"): read where
    Chinese talks are, as its full names are ("星期六")."""
    assert languages.weekday_names("zh", "abbreviated")["周六"] == 5


@pytest.mark.parametrize(
    ("query", "chips", "topic"),
    [
        # a question as a Chinese speaker writes it: Saturday-morning AI talks
        (
            "周六上午的人工智能演讲",
            {("day", "Sat"), ("starts_before", "12:00"), ("track", "人工智能")},
            "",
        ),
        ("周六", {("day", "Sat")}, ""),
        ("周日 下午", {("day", "Sun"), ("after", "12:00")}, ""),
        ("礼拜六", {("day", "Sat")}, ""),
        ("星期天", {("day", "Sun")}, ""),
        (
            "周六 上午 人工智能",
            {("day", "Sat"), ("starts_before", "12:00"), ("track", "人工智能")},
            "",
        ),
        ("下午的数据库", {("after", "12:00"), ("track", "数据库")}, ""),
        ("周六下午在分会场A的演讲", {("day", "Sat"), ("after", "12:00"), ("room", "分会场A")}, ""),
        ("第一天下午", {("day", "2026-11-14"), ("after", "12:00")}, ""),
        (
            "第二天上午 前端",
            {("day", "2026-11-15"), ("starts_before", "12:00"), ("track", "前端")},
            "",
        ),
        ("11月15日的演讲", {("day", "2026-11-15")}, ""),
        ("11月14号 安全", {("day", "2026-11-14"), ("track", "安全")}, ""),
        ("英文演讲", {("language", "en")}, ""),
        ("英语的演讲", {("language", "en")}, ""),
        ("用英语讲的人工智能", {("language", "en")}, "人工智能"),
        ("中文演讲", {("language", "zh")}, ""),
        # no limit said: the words stay as written
        ("向量数据库", set(), "向量数据库"),
        ("大模型推理优化", set(), "大模型推理优化"),
    ],
)
def test_limits_said_in_chinese_are_read(vocab, query, chips, topic) -> None:
    got, said, left_out = _read(vocab, query)
    assert (got, said, left_out) == (chips, topic, [])


@pytest.mark.parametrize(
    ("query", "chips", "left_out", "topic"),
    [
        ("不在周六的安全话题", {("track", "安全")}, [{"day": "Sat"}], "话题"),
        ("人工智能 不在周六", {("track", "人工智能")}, [{"day": "Sat"}], ""),
        ("除了周六 人工智能", {("track", "人工智能")}, [{"day": "Sat"}], ""),
        ("不是星期六", set(), [{"day": "Sat"}], ""),
        ("星期六以外", set(), [{"day": "Sat"}], ""),
        ("周日 不在分会场A", {("day", "Sun")}, [{"room": "分会场A"}], ""),
        ("除了周六上午", set(), [{"day": "Sat", "starts_before": "12:00"}], ""),
    ],
)
def test_what_chinese_leaves_out_is_left_out(vocab, query, chips, left_out, topic) -> None:
    """ "不在" (not on), "除了" (except), "不是" (is not) before a limit, "以外" after it:
    its talks left out, never the limit applied; a space parts words written without
    ("除了周六 人工智能": all but Saturday, of the AI track)."""
    got, said, out = _read(vocab, query)
    assert (got, out, said) == (chips, left_out, topic)


@pytest.mark.parametrize(
    ("query", "chips"),
    [
        ("15:00 以后", {("after", "15:00")}),
        ("15:00之后的演讲", {("after", "15:00")}),
        ("周日 15:00 之后", {("day", "Sun"), ("after", "15:00")}),
        ("15:00 以前", {("before", "15:00")}),
        ("15:00之前", {("before", "15:00")}),
    ],
)
def test_a_time_limit_said_after_the_time_is_read(vocab, query, chips) -> None:
    """Chinese says "after 15:00" after the time ("15:00 以后"): read as after, not as
    the talks under way at 15:00."""
    got, said, _ = _read(vocab, query)
    assert (got, said) == (chips, "")
    chip = next(c for c in understand(query, vocab).chips if c.field in ("after", "before"))
    assert chip.source.replace(" ", "").endswith(("以后", "之后", "以前", "之前"))


def test_a_japanese_query_is_not_cut_as_chinese() -> None:
    """Japanese is cut where its script changes only: a base of Japanese talks cuts no
    run at its words, and a query with kana is Japanese even where Chinese talks are."""
    tokyo = datetime(2026, 11, 14, 10, tzinfo=ZoneInfo("Asia/Tokyo"))
    talk = Talk(title="人工知能の安全性", start=tokyo, track="人工知能", language="ja")
    jp = Vocab.from_talks([talk, Talk(title="安全", start=tokyo, track="安全", language="ja")])
    assert jp.run_words == (frozenset(), frozenset())
    u = understand("土曜 人工知能安全", jp)
    assert (u.topic, [c.field for c in u.chips]) == ("人工知能安全", ["day"])

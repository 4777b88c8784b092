"""Limits said in Japanese, which writes no spaces between its words: a query is
cut into words where its script changes (Chinese characters, hiragana, katakana),
Japanese weekdays are read as its speakers say them ("土曜" of "土曜日"), its parts of
the day as CLDR abbreviates them ("午前", "午後", "夜"), a language before "の" and a
word for talks is a limit, and the topic keeps its words as written (ninth session:
the Tokyo program of bench/data/osc_tokyo_2026.json)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from index.search.read.whenwords import _tokens
from talkbase.core import languages
from talkbase.core.records import Talk

TOKYO = ZoneInfo("Asia/Tokyo")


def _talk(title: str, day: int, hour: int, room: str, fmt: str, language: str) -> Talk:
    start = datetime(2026, 10, day, hour, tzinfo=TOKYO)
    return Talk(title=title, start=start, room=room, format=fmt, language=language, abstract=title)


@pytest.fixture(scope="module")
def vocab() -> Vocab:
    return Vocab.from_talks(
        [
            _talk("セキュリティインシデント対応訓練", 17, 10, "ホールB", "講演", "ja"),
            _talk("Rust for Pythonistas", 16, 14, "ホールA", "講演", "en"),
            _talk("kind で始める Kubernetes 入門", 17, 13, "会議室201", "ワークショップ", "ja"),
            _talk("MeCab の辞書", 16, 18, "ルーム C", "ライトニングトーク", "ja"),
        ]
    )


def test_a_text_without_spaces_is_cut_where_its_script_changes() -> None:
    cut = [t.text for t in _tokens("土曜の午前のセキュリティの話")]
    assert cut == ["土曜", "の", "午前", "の", "セキュリティ", "の", "話"]
    assert [t.text for t in _tokens("ホールAで午後")] == ["ホールA", "で", "午後"]
    assert [t.text for t in _tokens("kubernetes operators")] == ["kubernetes", "operators"]


def test_japanese_weekdays_and_parts_of_the_day_come_from_cldr() -> None:
    assert languages.weekday_names("ja")["土曜"] == 5 == languages.weekday_names("ja")["土曜日"]
    parts = languages.day_part_names("ja")
    assert (parts["午前"], parts["午後"], parts["夜"]) == ("morning", "afternoon", "night")
    assert "am" not in languages.day_part_names("en")  # "AM" is no word of English


@pytest.mark.parametrize(
    ("query", "topic", "chips"),
    [
        (
            "土曜の午前のセキュリティの話",
            "セキュリティの話",
            {("day", "Sat"), ("starts_before", "12:00")},
        ),
        ("土曜日のワークショップ", "", {("day", "Sat"), ("format", "ワークショップ")}),
        ("ホールAで午後", "", {("room", "ホールA"), ("after", "12:00")}),
        ("英語のトーク", "", {("language", "en")}),
        ("会議室201 の英語セッション", "", {("room", "会議室201"), ("language", "en")}),
        ("Rust で組込み", "Rust で組込み", set()),  # (a word's kana ending stays with it)
        ("日本語の全文検索", "日本語の全文検索", set()),
    ],
)
def test_limits_said_in_japanese_are_read(vocab, query, topic, chips) -> None:
    u = understand(query, vocab)
    assert u.topic == topic
    assert {(c.field, c.value) for c in u.chips} == chips

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


# Japanese says what it leaves out after it (lexicon.LEAVE_OUT["ja"]): a day, a part of
# a day, a room, a language, a format before the cue, its talks left out
@pytest.mark.parametrize(
    ("query", "left_out"),
    [
        ("土曜日以外", [{"day": "Sat"}]),  # (Chinese characters run on: "土曜日" + "以外")
        ("土曜以外のトーク", [{"day": "Sat"}]),
        ("土曜日じゃない", [{"day": "Sat"}]),
        ("土曜日を除く", [{"day": "Sat"}]),
        ("土曜日除く", [{"day": "Sat"}]),
        ("土曜日の午後以外", [{"day": "Sat", "after": "12:00", "starts_before": "18:00"}]),
        ("ホールA以外", [{"room": "ホールA"}]),
        ("英語以外のトーク", [{"language": "en"}]),
        ("ワークショップ以外", [{"format": "ワークショップ"}]),
    ],
)
def test_a_limit_said_before_a_japanese_cue_is_left_out(vocab, query, left_out) -> None:
    u = understand(query, vocab)
    assert [f.active() for f in u.excluded_limits] == left_out
    assert u.topic == "" and not u.filters.active()


def test_a_japanese_cue_with_no_limit_before_it_stays_a_word(vocab) -> None:
    assert [t.text for t in _tokens("土曜日以外")] == ["土曜日以外"]  # (no cue given)
    u = understand("Python以外", vocab)
    assert (u.topic, u.excluded_limits) == ("Python以外", ())
    assert understand("日本語以外", vocab).topic == "日本語以外"  # (a language alone: words)


def test_a_topic_of_one_kana_word_is_never_taken_for_a_particle(vocab) -> None:
    """ "うたの発表" (talks on songs): the word for talks goes, the topic "うたの" stays
    (a review of sweep 20 saw it emptied, "うた" taken for a particle beside the word
    for talks); a particle beside a limit still goes ("土曜の午後": no topic)."""
    assert understand("うたの発表", vocab).topic == "うたの"
    assert understand("Rustの発表", vocab).topic == "Rust"
    assert understand("土曜の午後", vocab).topic == ""

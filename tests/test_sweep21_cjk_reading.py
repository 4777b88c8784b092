"""Limits said in Korean, Chinese and Japanese that sweep 20 left unread (docs/formats.md
"Sweep 21", cjk-clock): Korean postpositions glued to a limit ("토요일에", "101호에서",
"영어로"), clock times said with a word for the hour ("오후 3시 이후", "下午3点以后",
"15時以降"), a weekday inside a longer word of the base ("周日志分析": weekly log
analysis) and a speaker of one word ("김민준의 발표", "王伟的演讲", "佐藤さんの発表").
The bases are those of the Korean, Chinese and Japanese reader tests."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from test_chinese_queries import _talk as _zh_talk
from test_chinese_queries import vocab as chinese  # noqa: F401 (a fixture)
from test_japanese_queries import vocab as japanese  # noqa: F401 (a fixture)
from test_ko_tr_he_queries import korean as korean_base  # noqa: F401 (a fixture)

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from index.search.read.whenwords import Words
from talkbase.core.records import Speaker, Talk


def _read(vocab: Vocab, query: str) -> tuple[dict[str, str], str]:
    u = understand(query, vocab)
    assert not u.excluded_limits
    return u.filters.active(), u.topic


@pytest.mark.parametrize(
    ("query", "filters", "topic"),
    [
        ("토요일에", {"day": "Sat"}, ""),
        ("토요일에 AI", {"day": "Sat"}, "AI"),
        ("101호에서", {"room": "101호"}, ""),
        ("그랜드볼룸에서 보안", {"room": "그랜드볼룸"}, "보안"),
        ("오후에 보안", {"after": "12:00", "starts_before": "18:00"}, "보안"),
        ("영어로", {"language": "en"}, ""),
        ("첫째 날에", {"day": "2026-11-14"}, ""),  # (the program's first day)
        ("2일차에 AI", {"day": "2026-11-15"}, "AI"),
        ("영어로 하는 세션", {"language": "en"}, "하는"),
        # no word the base or the reader knows before it: the word stays as typed
        ("서비스에", {}, "서비스에"),
    ],
)
def test_a_korean_postposition_glued_to_a_limit_is_read(request, query, filters, topic):
    """Before, "토요일에" (on Saturday) was a topic word and no limit."""
    assert _read(request.getfixturevalue("korean_base"), query) == (filters, topic)


@pytest.mark.parametrize(
    ("fixture", "query", "filters"),
    [
        ("korean_base", "오후 3시 이후", {"after": "15:00"}),
        ("korean_base", "3시 이후", {"after": "15:00"}),
        ("korean_base", "오전 10시 전", {"before": "10:00"}),
        ("korean_base", "3시부터", {"after": "15:00"}),
        ("korean_base", "10시 30분 이후", {"after": "10:30"}),
        ("korean_base", "3시 이후에", {"after": "15:00"}),
        ("korean_base", "오후 3시에", {"at": "15:00"}),
        ("korean_base", "일요일 오후 3시 이후", {"day": "Sun", "after": "15:00"}),
        ("chinese", "下午3点以后", {"after": "15:00"}),
        ("chinese", "3点后", {"after": "15:00"}),
        ("chinese", "上午10点前", {"before": "10:00"}),
        ("chinese", "15点以后", {"after": "15:00"}),
        ("chinese", "下午三点", {"at": "15:00"}),
        ("chinese", "两点以后", {"after": "14:00"}),
        ("chinese", "3点半以后", {"after": "15:30"}),
        ("chinese", "周日下午3点以后的演讲", {"day": "Sun", "after": "15:00"}),
        ("japanese", "15時以降", {"after": "15:00"}),
        ("japanese", "午後3時から", {"after": "15:00"}),
        ("japanese", "10時まで", {"before": "10:00"}),
        ("japanese", "10時前", {"before": "10:00"}),
    ],
)
def test_a_clock_time_said_with_a_word_for_the_hour_is_read(request, fixture, query, filters):
    """Before, the hour's word ("시", "点", "時") kept it a topic word, and a part of the
    day before it ("오후", "下午") was read as the whole afternoon."""
    assert _read(request.getfixturevalue(fixture), query) == (filters, "")


@pytest.mark.parametrize(
    ("fixture", "query"),
    [
        ("korean_base", "3D 프린팅"),
        ("korean_base", "5G 네트워크"),
        ("korean_base", "Python 3 이후"),
        ("korean_base", "3시간"),  # (hours)
        ("chinese", "3D打印"),
        ("chinese", "3点建议"),  # (three suggestions)
        ("chinese", "5G网络"),
        ("japanese", "3時間"),
    ],
)
def test_a_number_of_a_topic_is_no_clock_time(request, fixture, query) -> None:
    filters, topic = _read(request.getfixturevalue(fixture), query)
    assert (filters, topic) == ({}, query)


@pytest.fixture(scope="module")
def logs() -> Vocab:
    """The Chinese program with a talk on log analysis ("日志分析")."""
    return Vocab.from_talks(
        [
            _zh_talk("大模型推理优化实践", 14, 10, "分会场A", "人工智能", "zh"),
            _zh_talk("大规模日志分析实践", 15, 11, "分会场B", "运维", "zh"),
            _zh_talk("智能客服系统", 15, 14, "分会场B", "运维", "zh"),
        ]
    )


def test_a_weekday_inside_a_longer_word_of_the_base_is_no_day(logs) -> None:
    """ "周日志分析" is weekly log analysis: before, it was cut at "周日" and read as
    Sunday's talks about "志分析"."""
    assert _read(logs, "周日志分析") == ({}, "周日志分析")
    assert _read(logs, "周日的日志分析") == ({"day": "Sun"}, "日志分析")
    # a track's name is the base's own word: cut at, whatever its text says ("智能客服")
    assert [t.low for t in Words("人工智能客服", logs).toks] == ["人工智能", "客服"]
    assert _read(logs, "周日上午的人工智能") == (
        {"day": "Sun", "starts_before": "12:00", "track": "人工智能"},
        "",
    )


def _speakers(zone: str, language: str, rows: list[tuple[str, str]]) -> Vocab:
    start = datetime(2026, 11, 14, 10, tzinfo=ZoneInfo(zone))
    return Vocab.from_talks(
        Talk(title=t, speakers=(Speaker(s),), start=start, language=language, abstract=t)
        for t, s in rows
    )


@pytest.mark.parametrize(
    ("zone", "language", "rows", "query", "speaker", "topic"),
    [
        ("Asia/Seoul", "ko", [("온디바이스 AI", "김민준")], "김민준의 발표", "김민준", ""),
        ("Asia/Seoul", "ko", [("온디바이스 AI", "김민준")], "김민준 발표", "김민준", ""),
        ("Asia/Seoul", "ko", [("보안", "이서연")], "이서연의 AI", "이서연", "AI"),
        ("Asia/Shanghai", "zh", [("大模型推理优化实践", "王伟")], "王伟的演讲", "王伟", ""),
        ("Asia/Shanghai", "zh", [("安全", "李娜")], "李娜的大模型", "李娜", "大模型"),
        ("Asia/Tokyo", "ja", [("セキュリティ", "佐藤")], "佐藤さんの発表", "佐藤", ""),
        ("Asia/Tokyo", "ja", [("セキュリティ", "佐藤")], "佐藤の発表", "佐藤", ""),
    ],
)
def test_a_speaker_of_one_word_is_read_in_a_question(zone, language, rows, query, speaker, topic):
    """A name of one word in East Asian script the base holds, said as a person's
    ("의", "的", "さん"), is the speaker limit, as `--speaker` reads it; before, it
    was a topic word."""
    u = understand(query, _speakers(zone, language, rows))
    assert (u.filters.speaker, u.topic) == (speaker, topic)


def test_a_name_the_base_does_not_hold_stays_a_topic() -> None:
    vocab = _speakers("Asia/Shanghai", "zh", [("安全", "李娜")])
    u = understand("王伟的演讲", vocab)
    assert u.filters.speaker is None and u.topic == "王伟"


def test_a_speaker_of_one_word_is_read_on_a_built_base(tmp_path, hashing_embedder) -> None:
    """The base's vocabulary as search makes it (`Vocab.from_store`) holds the names of
    one word too."""
    from index.build.builder import ingest
    from index.search.kb import KnowledgeBase

    rows = [
        "title,speaker,abstract,start,language",
        "大模型推理优化实践,王伟,大模型推理的工程实践。,2030-01-05T10:00,zh",
        "供应链安全,李娜,软件物料清单。,2030-01-05T14:00,zh",
    ]
    (tmp_path / "talks.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    ingest([tmp_path / "talks.csv"], tmp_path / "home", hashing_embedder)
    with KnowledgeBase(tmp_path / "home", hashing_embedder) as kb:
        u = understand("王伟的演讲", Vocab.from_store(kb.con))
    assert (u.filters.speaker, u.topic) == ("王伟", "")


@pytest.mark.parametrize(
    ("zone", "language", "rows", "query", "speaker"),
    [
        # a talk's own title: "高峰" (peak) is cut out of "流量高峰", no person's name there
        (
            "Asia/Shanghai",
            "zh",
            [("分布式数据库", "高峰"), ("流量高峰的应对", "李娜")],
            "流量高峰的应对",
            None,
        ),
        (
            "Asia/Shanghai",
            "zh",
            [("分布式数据库", "高峰"), ("流量高峰的应对", "李娜")],
            "应对高峰的架构",
            None,
        ),
        # a name that is a word of the talks: a person's only with a person word after it
        (
            "Asia/Shanghai",
            "zh",
            [("分布式数据库", "张力"), ("表面张力与流体", "李娜")],
            "张力",
            None,
        ),
        (
            "Asia/Shanghai",
            "zh",
            [("分布式数据库", "张力"), ("表面张力与流体", "李娜")],
            "张力的演讲",
            "张力",
        ),
        (
            "Asia/Seoul",
            "ko",
            [("보안 자동화", "하늘"), ("하늘 위의 드론", "김민준")],
            "하늘의 드론",
            None,
        ),
        (
            "Asia/Seoul",
            "ko",
            [("보안 자동화", "하늘"), ("하늘 위의 드론", "김민준")],
            "하늘의 발표",
            "하늘",
        ),
        (
            "Asia/Tokyo",
            "ja",
            [("セキュリティ", "中村"), ("中村の歴史", "佐藤")],
            "中村の歴史",
            None,
        ),
        (
            "Asia/Tokyo",
            "ja",
            [("セキュリティ", "中村"), ("中村の歴史", "佐藤")],
            "中村さんの発表",
            "中村",
        ),
    ],
)
def test_a_one_word_name_that_is_a_topic_word_is_no_speaker(
    zone, language, rows, query, speaker
) -> None:
    """Before, a name of one word was cut out of any run ("流量高峰的应对", a talk's
    exact title, read as 高峰's talks) and read before any "of" ("中村の歴史")."""
    assert understand(query, _speakers(zone, language, rows)).filters.speaker == speaker


@pytest.mark.parametrize(
    ("zone", "language", "query", "filters"),
    [
        ("Asia/Shanghai", "zh", "早上7点以后", {"after": "07:00"}),
        ("Asia/Shanghai", "zh", "早7点以后", {"after": "07:00"}),
        ("Asia/Shanghai", "zh", "周六晚8点", {"day": "Sat", "at": "20:00"}),
        ("Asia/Tokyo", "ja", "朝7時", {"at": "07:00"}),
        ("Asia/Tokyo", "ja", "朝7時から", {"after": "07:00"}),
        ("Asia/Tokyo", "ja", "夜中2時", {"at": "02:00"}),
        ("Asia/Seoul", "ko", "아침 7시 이후", {"after": "07:00"}),
    ],
)
def test_a_part_of_the_day_before_an_hour_decides_its_half(zone, language, query, filters):
    """Before, "早上" (not among CLDR's wide names) and parts of one character ("朝",
    "晚") were not read before an hour, and an hour 1 to 7 with no part is an
    afternoon's: "早上7点以后" was after 19:00, "朝7時" the morning and 19:00."""
    u = understand(query, _speakers(zone, language, [("安全", "李娜")]))
    assert u.filters.active() == filters


@pytest.mark.parametrize(
    ("zone", "language", "query", "filters"),
    [
        ("Asia/Shanghai", "zh", "2点到4点", {"after": "14:00", "before": "16:00"}),
        ("Asia/Shanghai", "zh", "从2点到4点", {"after": "14:00", "before": "16:00"}),
        ("Asia/Shanghai", "zh", "下午3点到5点", {"after": "15:00", "before": "17:00"}),
        ("Asia/Shanghai", "zh", "晚上7点到9点", {"after": "19:00", "before": "21:00"}),
        ("Asia/Shanghai", "zh", "周六3点", {"day": "Sat", "at": "15:00"}),
        ("Asia/Tokyo", "ja", "15時から17時まで", {"after": "15:00", "before": "17:00"}),
        ("Asia/Tokyo", "ja", "15時～17時", {"after": "15:00", "before": "17:00"}),
        ("Asia/Seoul", "ko", "오후 3시부터 5시까지", {"after": "15:00", "before": "17:00"}),
    ],
)
def test_a_range_of_hours_said_with_hour_words_is_read_whole(zone, language, query, filters):
    """Before, a range of hours glued together kept its end only ("2点到4点": at 16:00,
    "15時から17時まで": before 17:00), and "周六3点" lost its hour (六 read as a number)."""
    u = understand(query, _speakers(zone, language, [("安全", "李娜")]))
    assert u.filters.active() == filters

"""Limits said in Korean, Turkish and Hebrew (sweep 20, F3, F5: the programs of
/tmp/s19/sweep-langs/). Korean and Turkish say what they leave out after it ("토요일
빼고", "cumartesi hariç": but Saturday) and a time limit after the time ("15:00 이후",
"15:00'ten sonra": after 15:00); Hebrew says the time limit before it ("אחרי 15:00").
Before, the negated limit was applied (only Saturday's talks) and "after 15:00" read as
"under way at 15:00"."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from index.search.read.understand import understand
from index.search.read.vocab import Vocab
from talkbase.core.records import Talk


def _talks(zone: str, language: str, days: tuple[int, int], rows) -> list[Talk]:
    """Talks of a two-day program in November 2026: (title, day 0/1, hour, room, track),
    and one in English."""
    tz = ZoneInfo(zone)
    out = [
        Talk(
            title=title,
            start=datetime(2026, 11, days[day], hour, tzinfo=tz),
            room=room,
            track=track,
            language=language,
            abstract=title,
        )
        for title, day, hour, room, track in rows
    ]
    english = datetime(2026, 11, days[1], 16, tzinfo=tz)
    out.append(Talk(title="Zero Trust in Practice", start=english, language="en", room=rows[0][3]))
    return out


@pytest.fixture(scope="module")
def korean() -> Vocab:  # Saturday 14 and Sunday 15 November
    return Vocab.from_talks(
        _talks(
            "Asia/Seoul",
            "ko",
            (14, 15),
            [
                ("온디바이스 AI", 0, 10, "그랜드볼룸", "AI/ML"),
                ("쿠버네티스 운영", 0, 15, "101호", "인프라"),
                ("공급망 보안", 1, 11, "그랜드볼룸", "보안"),
                ("언어 모델 서빙", 1, 16, "101호", "AI/ML"),
            ],
        )
    )


@pytest.fixture(scope="module")
def turkish() -> Vocab:
    return Vocab.from_talks(
        _talks(
            "Europe/Istanbul",
            "tr",
            (14, 15),
            [
                ("Öneri Sistemleri", 0, 13, "Ana Salon", "Yapay Zeka"),
                ("Siber Güvenlik", 0, 15, "Salon B", "Güvenlik"),
                ("Kubernetes ile DevOps", 1, 10, "Ana Salon", "DevOps"),
                ("Büyük Dil Modelleri", 1, 16, "Salon B", "Yapay Zeka"),
            ],
        )
    )


@pytest.fixture(scope="module")
def hebrew() -> Vocab:  # Sunday 22 and Monday 23 November
    return Vocab.from_talks(
        _talks(
            "Asia/Jerusalem",
            "he",
            (22, 23),
            [
                ("מודלי שפה גדולים", 0, 10, "אולם ראשי", "בינה מלאכותית"),
                ("קוברנטיס לצוותי פייתון", 0, 15, "חדר 2", "תשתיות"),
                ("מערכות המלצה", 1, 11, "אולם ראשי", "דאטה"),
                ("FastAPI בייצור", 1, 16, "חדר 2", "ווב"),
            ],
        )
    )


def _read(vocab: Vocab, query: str) -> tuple[dict[str, str], list[dict], str]:
    u = understand(query, vocab)
    return u.filters.active(), [f.active() for f in u.excluded_limits], u.topic


@pytest.mark.parametrize(
    ("query", "filters", "left_out", "topic"),
    [
        ("토요일 빼고 AI", {}, [{"day": "Sat"}], "AI"),
        ("토요일 제외 보안 세션", {}, [{"day": "Sat"}], "보안"),
        ("영어 세션 빼고", {}, [{"language": "en"}], ""),
        ("일요일 제외하고", {}, [{"day": "Sun"}], ""),
    ],
)
def test_what_korean_leaves_out_is_left_out(korean, query, filters, left_out, topic) -> None:
    assert _read(korean, query) == (filters, left_out, topic)


@pytest.mark.parametrize(
    ("query", "filters", "left_out", "topic"),
    [
        ("cumartesi hariç yapay zeka", {"track": "Yapay Zeka"}, [{"day": "Sat"}], ""),
        ("cumartesi değil", {}, [{"day": "Sat"}], ""),
        ("cumartesi olmayan konuşmalar", {}, [{"day": "Sat"}], ""),
        ("pazar hariç devops", {}, [{"day": "Sun"}], "devops"),
    ],
)
def test_what_turkish_leaves_out_is_left_out(turkish, query, filters, left_out, topic) -> None:
    assert _read(turkish, query) == (filters, left_out, topic)


@pytest.mark.parametrize(
    ("fixture", "query", "filters"),
    [
        ("korean", "15:00 이후 세션", {"after": "15:00"}),
        ("korean", "15:00 이후", {"after": "15:00"}),
        ("korean", "15:00 이전", {"before": "15:00"}),
        ("turkish", "15:00'ten sonra", {"after": "15:00"}),
        ("turkish", "15.00'dan sonra", {"after": "15:00"}),
        ("turkish", "12:00’den önce", {"before": "12:00"}),
        ("hebrew", "אחרי 15:00", {"after": "15:00"}),
        ("hebrew", "אחרי השעה 15:00", {"after": "15:00"}),
        ("hebrew", "לפני 12:00", {"before": "12:00"}),
    ],
)
def test_a_time_limit_said_natively_is_read(request, fixture, query, filters) -> None:
    """Never "under way at 15:00" (Korean, Hebrew), nor words (Turkish)."""
    assert _read(request.getfixturevalue(fixture), query) == (filters, [], "")


@pytest.mark.parametrize(
    ("query", "filters", "left_out", "topic"),
    [
        ("הרצאות ביום ראשון", {"day": "Sun"}, [], ""),
        ("יום שני", {"day": "Mon"}, [], ""),
        ("בינה מלאכותית ביום שני", {"day": "Mon", "track": "בינה מלאכותית"}, [], ""),
        ("לא ביום ראשון", {}, [{"day": "Sun"}], ""),
        ("חוץ מיום ראשון", {}, [{"day": "Sun"}], ""),
    ],
)
def test_hebrew_weekdays_of_two_words_are_read(hebrew, query, filters, left_out, topic) -> None:
    """CLDR's Hebrew weekdays are two words, the shared "יום" (day) first ("יום ראשון":
    Sunday), said with "on" glued to it ("ביום ראשון"); before, no Hebrew weekday was
    read at all; "לא" (not) and "חוץ מ" (but) leave the day out."""
    assert _read(hebrew, query) == (filters, left_out, topic)


def test_a_hebrew_ordinal_alone_is_no_weekday(hebrew) -> None:
    """ "ראשון" (first) names Sunday only after "יום": "the first day" is no Sunday."""
    assert "day" not in _read(hebrew, "מודל ראשון")[0]


@pytest.mark.parametrize(
    ("fixture", "query"),
    [
        ("korean", "Python 3.11 이전 버전 마이그레이션"),
        ("korean", "쿠버네티스 1.28 이후"),
        ("turkish", "python 3.12'den sonra"),
        ("hebrew", "python before 3.11"),
    ],
)
def test_a_version_number_is_no_clock_time(request, fixture, query) -> None:
    """A number written with a dot that falls on no five minutes ("3.11", "1.28") is a
    version, not a time: before, "Python 3.11 이전" read "before 03:11" and emptied the
    results (review of sweep 20); "15.00'dan sonra" above is still a time."""
    filters, left_out, _ = _read(request.getfixturevalue(fixture), query)
    assert not {"before", "after", "at"} & set(filters) and not left_out


# ---- sweep 21 (tr-he-days): ordinal days, Turkish "saat", Hebrew days and afternoon ----


@pytest.mark.parametrize(
    ("fixture", "query", "day"),
    [
        ("korean", "첫째 날", "2026-11-14"),
        ("korean", "첫날", "2026-11-14"),
        ("korean", "둘째 날", "2026-11-15"),
        ("korean", "2일차", "2026-11-15"),
        ("korean", "마지막 날", "2026-11-15"),
        ("turkish", "ilk gün", "2026-11-14"),
        ("turkish", "ikinci gün", "2026-11-15"),
        ("turkish", "2. gün", "2026-11-15"),
        ("turkish", "İKİNCİ GÜN", "2026-11-15"),
        ("turkish", "son gün", "2026-11-15"),
        ("hebrew", "היום הראשון", "2026-11-22"),
        ("hebrew", "ביום השני", "2026-11-23"),
        ("hebrew", "היום האחרון", "2026-11-23"),
    ],
)
def test_an_ordinal_day_is_the_programs_day(request, fixture, query, day) -> None:
    """ "The second day" in Korean, Turkish and Hebrew is the program's second day, as
    "day 2", "第一天", "первый день" and "اليوم الأول" are; before, the words stayed the
    topic."""
    assert _read(request.getfixturevalue(fixture), query) == ({"day": day}, [], "")


def test_the_hebrew_article_tells_the_second_day_from_monday(hebrew) -> None:
    """ "יום שני" is Monday (CLDR's weekday, no article on "שני"); "ביום השני", with the
    article "ה" on the ordinal, is the program's second day (here a Monday too, so the
    two are told by the value: a date, not a weekday)."""
    assert _read(hebrew, "ביום שני")[0] == {"day": "Mon"}
    assert _read(hebrew, "ביום השני")[0] == {"day": "2026-11-23"}


@pytest.mark.parametrize(("fixture", "query"), [("turkish", "5. gün"), ("korean", "5일차")])
def test_a_numbered_day_past_the_program_is_said_back(request, fixture, query) -> None:
    u = understand(query, request.getfixturevalue(fixture))
    assert not u.filters.active()
    assert [c.label for c in u.chips] == ["no talks on day 5: showing all days"]


@pytest.mark.parametrize(
    ("query", "filters", "topic"),
    [
        ("saat 14:00", {"at": "14:00"}, ""),
        ("saat 14.30", {"at": "14:30"}, ""),
        ("saat 10'da", {"at": "10:00"}, ""),
        ("saat 15:00'ten sonra", {"after": "15:00"}, ""),
        ("saat 10'dan sonra yapay zeka", {"after": "10:00", "track": "Yapay Zeka"}, ""),
        ("saat kaçta", {}, "saat kaçta"),
    ],
)
def test_turkish_saat_before_a_time_is_no_topic(turkish, query, filters, topic) -> None:
    """ "saat" (o'clock) said before a time is part of it, as "Uhr" after one: before,
    "saat" stayed the topic (no talk holds it) and "saat 10'da" was not read."""
    assert _read(turkish, query) == (filters, [], topic)


def test_hebrew_saturday_said_with_on_is_said_back(hebrew) -> None:
    """ "בשבת" (on Saturday) on a program of Sunday and Monday: no talks then, said
    back, as "on Saturday" is; before, nothing was said."""
    u = understand("הרצאות בשבת", hebrew)
    assert not u.filters.active()
    assert [c.label for c in u.chips] == ["no talks on Saturday: showing all days"]


def test_the_hebrew_afternoon_in_two_words_is_read_whole(hebrew) -> None:
    """ "אחר הצהריים" (afternoon): before, "אחר" (after, other) stayed the topic."""
    assert _read(hebrew, "אחר הצהריים") == ({"after": "12:00", "starts_before": "18:00"}, [], "")


def test_every_language_with_ordinal_days_has_its_day_noun_in_the_one_list() -> None:
    """One list of the words for a day (terms.DAY_NOUNS), read by every reader path:
    before, Chinese "天" stood in a second list of the reader's own."""
    from index.search.read import lexicon
    from talkbase.core.terms import DAY_NOUNS

    assert lexicon.DAY_NOUNS is DAY_NOUNS
    assert set(lexicon.DAY_ORDINALS) <= set(DAY_NOUNS)
    assert not hasattr(lexicon, "DAY_NOUNS_AFTER")


@pytest.mark.parametrize("query", ["İngilizce sunumlar", "İNGİLİZCE SUNUMLAR"])
def test_turkish_capitals_name_the_language(turkish, query) -> None:
    """Turkish's dotted capital "İ" (terms.lower): the English talks, in capitals too.
    (A guard: read so already when sweep 21 began.)"""
    assert _read(turkish, query) == ({"language": "en"}, [], "")


def test_a_number_glued_to_chinese_day_counts_days() -> None:
    """Only Korean glues a number to its day as an ordinal ("2일차", lexicon.NUMBER_GLUED):
    Chinese "2天" is two days, no day of the program; "第二天" is the second."""
    from tests.test_chinese_queries import _talk

    vocab = Vocab.from_talks(
        [
            _talk("大模型推理优化实践", 14, 10, "分会场A", "人工智能", "zh"),
            _talk("前端框架的演进", 15, 9, "分会场C", "前端", "zh"),
        ]
    )
    assert "day" not in understand("2天", vocab).filters.active()
    assert understand("第二天", vocab).filters.active() == {"day": "2026-11-15"}

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

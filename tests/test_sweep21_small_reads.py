"""Hours and ranges the reader read wrong or not at all before sweep 21's small-reads
(docs/formats.md "Sweep 21", "Hours and ranges"): a Turkish time with its case ending
and no cue after it ("15:00'te": at 15:00), a range written with a hyphen before the
hour word ("2-4点", "15-17時"), Korean ranges ("3시부터 5시까지", "오후 2시~4시") and
Korean native-number hours ("세 시"). The bases are those of the Korean, Turkish,
Chinese and Japanese reader tests."""

from __future__ import annotations

import pytest
from test_chinese_queries import vocab as chinese  # noqa: F401 (a fixture)
from test_japanese_queries import vocab as japanese  # noqa: F401 (a fixture)
from test_ko_tr_he_queries import korean, turkish  # noqa: F401 (fixtures)

from index.search.read.understand import understand


def _read(request: pytest.FixtureRequest, fixture: str, query: str) -> tuple[dict, str]:
    u = understand(query, request.getfixturevalue(fixture))
    assert not u.excluded_limits
    return u.filters.active(), u.topic


@pytest.mark.parametrize(
    ("query", "filters", "topic"),
    [
        ("15:00'te çekirdek", {"at": "15:00"}, "çekirdek"),
        ("15:00'te", {"at": "15:00"}, ""),
        ("14:30'da", {"at": "14:30"}, ""),
        ("15:00\u2019te", {"at": "15:00"}, ""),
    ],
)
def test_a_turkish_time_with_its_ending_and_no_cue_is_at_that_time(
    request, query, filters, topic
) -> None:
    """Before, "15:00'te" (at 15:00) was a topic word: its ending was cut only before a
    cue ("15:00'ten sonra") or after "saat"."""
    assert _read(request, "turkish", query) == (filters, topic)


@pytest.mark.parametrize(
    ("query", "filters"),
    [
        ("15:00'ten sonra", {"after": "15:00"}),
        ("saat 10'da", {"at": "10:00"}),
    ],
)
def test_turkish_times_read_before_still_are(request, query, filters) -> None:
    assert _read(request, "turkish", query) == (filters, "")


@pytest.mark.parametrize("query", ["Python 3'te", "3.12'de"])
def test_a_number_with_an_ending_but_no_minutes_stays_as_typed(request, query) -> None:
    filters, topic = _read(request, "turkish", query)
    assert not {"at", "after", "before"} & set(filters)


@pytest.mark.parametrize(
    ("fixture", "query", "filters"),
    [
        ("chinese", "2-4点", {"after": "14:00", "before": "16:00"}),
        ("chinese", "下午2-4点", {"after": "14:00", "before": "16:00"}),
        ("chinese", "晚上7-9点", {"after": "19:00", "before": "21:00"}),
        ("japanese", "15-17時", {"after": "15:00", "before": "17:00"}),
        ("japanese", "15～17時", {"after": "15:00", "before": "17:00"}),
        ("korean", "오후 2~4시", {"after": "14:00", "before": "16:00"}),
    ],
)
def test_a_range_with_one_hour_word_is_the_range(request, fixture, query, filters) -> None:
    """Before, "2-4点" was read at 16:00 and "2-" kept as a topic word."""
    assert _read(request, fixture, query) == (filters, "")


@pytest.mark.parametrize(
    ("query", "filters"),
    [
        ("오후 2시~4시", {"after": "14:00", "before": "16:00"}),
        ("3시~5시", {"after": "15:00", "before": "17:00"}),
        ("3시부터 5시까지", {"after": "15:00", "before": "17:00"}),
    ],
)
def test_a_korean_range_is_the_range(request, query, filters) -> None:
    """Before, "오후 2시~4시" was the whole afternoon and at 16:00, "2시~" a topic word."""
    assert _read(request, "korean", query) == (filters, "")


@pytest.mark.parametrize(("fixture", "query"), [("chinese", "v2-4点"), ("chinese", "1.2-4点")])
def test_a_number_glued_before_the_hyphen_is_no_first_hour(request, fixture, query) -> None:
    filters, _ = _read(request, fixture, query)
    assert "after" not in filters


@pytest.mark.parametrize(
    ("query", "filters", "topic"),
    [
        ("세 시", {"at": "15:00"}, ""),
        ("오후 세 시 이후", {"after": "15:00"}, ""),
        ("오전 열 시 전", {"before": "10:00"}, ""),
        ("열두 시", {"at": "12:00"}, ""),
        ("오후 두 시부터 네 시까지", {"after": "14:00", "before": "16:00"}, ""),
    ],
)
def test_a_korean_hour_in_native_numerals_is_read(request, query, filters, topic) -> None:
    """Before, "세 시" (three o'clock) was two topic words, and "오후 세 시 이후" the
    whole afternoon."""
    assert _read(request, "korean", query) == (filters, topic)


@pytest.mark.parametrize("query", ["세 시간", "두 시간 세션", "한 시간"])
def test_korean_hours_counted_in_native_numerals_are_no_clock_time(request, query) -> None:
    filters, topic = _read(request, "korean", query)
    assert not {"at", "after", "before"} & set(filters)
    assert topic

from __future__ import annotations

import pytest

from talkbase.core.lru import Bounded


def test_the_least_recently_used_entry_goes_first():
    cache: Bounded[str, int] = Bounded(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recent
    cache.put("c", 3)
    assert "b" not in cache and list(cache) == ["a", "c"]
    assert cache.get("b") is None and len(cache) == 2


def test_get_or_make_makes_once():
    made = []
    cache: Bounded[int, int] = Bounded(4)

    def make() -> int:
        made.append(1)
        return 7

    assert cache.get_or_make(1, make) == 7 and cache.get_or_make(1, make) == 7
    assert made == [1]


def test_a_cache_holds_at_least_one_entry():
    with pytest.raises(ValueError):
        Bounded(0)

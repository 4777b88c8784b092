"""One bounded cache for the whole code base: the least recently used entry goes
first once `limit` entries are held. Not thread-safe on its own: callers that
share one across threads hold their own lock, as they do for what it caches."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Bounded(Generic[K, V]):
    """A mapping that keeps at most `limit` entries, dropping the least recently used."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("a bounded cache holds at least one entry")
        self.limit = limit
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value kept for `key` (now the most recently used), or None."""
        if key not in self._items:
            return None
        self._items.move_to_end(key)
        return self._items[key]

    def put(self, key: K, value: V) -> V:
        """Keep `value` for `key`; return it."""
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.limit:
            self._items.popitem(last=False)
        return value

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for `key`, made by `make()` and kept when there is none."""
        if key in self._items:
            self._items.move_to_end(key)
            return self._items[key]
        return self.put(key, make())

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def clear(self) -> None:
        self._items.clear()

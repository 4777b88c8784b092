"""One opened knowledge base shared by every session of the app process.

Wraps the `talkbase.service.Service` with a lock (one DuckDB connection serves all
sessions, and a connection is not safe to use from two threads at once) and with
the per-process caches the views need: answers per query, facet id sets, similar
talks, the topic map. Which talks match a query is the service's answer
(`why.match`), the same the CLI and the API give.
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from pathlib import Path
from typing import Any

from appviews import state
from appviews.models import facets, people, program
from talkbase import service
from talkbase.core.filters import Filters
from talkbase.core.lru import Bounded
from talkbase.core.records import Hit, Talk

CACHED_QUERIES = 256


class Library:
    def __init__(self, home: str | Path) -> None:
        self.service = service.Service(home).open()
        self.service.load_model()  # once per process, before the first query waits for it
        self.build = self.service.build_name
        self.talks: dict[int, Talk] = dict(self.service.talks)  # one conference: read once
        self._lock = threading.RLock()
        self.allowed = facets.AllowedCache(
            facets.canonical_orgs(self._lookup, self.talks.values()), frozenset(self.talks)
        )
        self.candidates = facets.candidates(self.talks.values())
        self.orgs = people.by_organization(self.talks.values())  # canonical name -> talk ids
        speakers = {n.casefold(): n for n in people.speaker_names(self.talks.values())}
        self.known = state.Known(
            talks=frozenset(self.talks),
            candidates=self.candidates,
            speakers=speakers,
            org=lambda text: (lambda n: n if n in self.orgs else None)(people.canonical_name(text)),
            rooms=frozenset(t.room or program.NO_ROOM for t in self.talks.values()),
        )
        self.conferences = len(self.candidates["conference"])
        self._answers: Bounded[tuple[str, bool], Any] = Bounded(CACHED_QUERIES)
        self._similar: Bounded[tuple[int, int], list[Hit]] = Bounded(CACHED_QUERIES)
        self._for_you: Bounded[tuple[object, ...], list[Hit]] = Bounded(CACHED_QUERIES)
        self._map: program.TopicMap | None = None

    def _lookup(self, f: Filters) -> list[int] | None:
        with self._lock:
            return self.service.allowed(f)

    def answer(self, query: str, literal: bool = False) -> Any:
        """Every talk ranked for `query` with what the query was read as (the service's
        `Answer`: `.hits`, the matches first with `why.match` true; `.understood`;
        `.notes()`), cached per query."""
        key = " ".join(query.split())
        with self._lock:
            return self._answers.get_or_make(
                (key, literal), lambda: self.service.matches(key, literal)
            )

    def stems(self, words: Collection[str]) -> dict[str, str]:
        """Porter stems of lower-case words, from the search's own lexical index (so
        what the app highlights is what search matched)."""
        with self._lock:
            return self.service.stems(words)

    def in_time_order(self) -> list[Hit]:
        """Every talk, timed ones first by start (what an empty search lists)."""
        with self._lock:
            return self.service.search("", k=max(1, len(self.talks)))

    def similar(self, talk_id: int, k: int) -> list[Hit]:
        with self._lock:
            return self._similar.get_or_make((talk_id, k), lambda: self.service.similar(talk_id, k))

    def for_you(
        self, saved: Collection[int], hidden: Collection[int], k: int, fits: bool = False
    ) -> list[Hit]:
        """Recommendations for an agenda (the service's `recommend`): talks of the base
        only, so a share link naming talks the base lacks still gets an answer."""
        mine = tuple(sorted(t for t in set(saved) if t in self.talks))
        avoid = tuple(sorted(t for t in set(hidden) if t in self.talks and t not in mine))
        if not mine:
            return []
        with self._lock:
            return self._for_you.get_or_make(
                (mine, avoid, k, fits), lambda: self.service.recommend(mine, avoid, k, fits)
            )

    def topic_map(self) -> program.TopicMap:
        """The topic map, made once. It is made outside the lock, so other sessions'
        searches do not wait for it; two sessions may make it at once, and one is kept."""
        if self._map is None:
            with self._lock:
                ids, matrix = self.service.embeddings()  # ascending ids, as self.talks
            talks = [self.talks[i] for i in ids.tolist()]
            texts = [f"{t.title}. {t.title}. {t.abstract}" for t in talks]
            made = program.topic_map([t.id for t in talks], matrix, texts)
            with self._lock:
                if self._map is None:
                    self._map = made
        return self._map


def current_build(home: str | Path) -> str | None:
    """The name of the build in use in `home`, or None when there is none."""
    return service.current_build(home)

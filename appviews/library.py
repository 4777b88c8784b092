"""One opened knowledge base shared by every session of the app process.

Wraps `KnowledgeBase` with a lock (one DuckDB connection serves all sessions,
and a connection is not safe to use from two threads at once) and with the
per-process caches the views need: ranked hits per query, facet id sets,
similar talks, the topic map.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

import numpy as np

from index import store
from index.embed import load as load_embedder
from index.search import KnowledgeBase
from talkbase import facets, program
from talkbase.records import Hit, Talk

CACHED_QUERIES = 256


class Library:
    def __init__(self, home: str | Path) -> None:
        self.kb = KnowledgeBase(home, load_embedder())
        self.build = self.kb.build.path.name
        self.talks: dict[int, Talk] = self.kb.talks
        self._lock = threading.RLock()
        self._ids = list(self.talks)
        self._matrix = np.vstack([self.kb.vectors.vector(i) for i in self._ids]) if self._ids \
            else np.zeros((0, 1), dtype=np.float32)
        self.allowed = facets.AllowedCache(self._lookup, frozenset(self.talks))
        self.candidates = facets.candidates(self.talks.values())
        self.conferences = len(self.candidates["conference"])
        self._ranked: OrderedDict[str, tuple[list[Hit], dict[int, float]]] = OrderedDict()
        self._similar: dict[tuple[int, int], list[Hit]] = {}
        self._map: program.TopicMap | None = None

    def _lookup(self, f: facets.Filters) -> list[int] | None:
        with self._lock:
            return self.kb.allowed(f)

    def ranked(self, query: str) -> tuple[list[Hit], dict[int, float]]:
        """Every talk ranked for `query`, and each talk's cosine to the query."""
        key = " ".join(query.split())
        with self._lock:
            if key in self._ranked:
                self._ranked.move_to_end(key)
                return self._ranked[key]
            hits = self.kb.search(key, k=max(1, len(self.talks)))
            qvec = self.kb.query_vector(key)
            sims = dict(zip(self._ids, (self._matrix @ qvec).tolist(), strict=True))
            self._ranked[key] = (hits, sims)
            while len(self._ranked) > CACHED_QUERIES:
                self._ranked.popitem(last=False)
            return hits, sims

    def in_time_order(self) -> list[Hit]:
        """Every talk, timed ones first by start (what an empty search lists)."""
        with self._lock:
            return self.kb.search("", k=max(1, len(self.talks)))

    def similar(self, talk_id: int, k: int) -> list[Hit]:
        with self._lock:
            if (talk_id, k) not in self._similar:
                self._similar[(talk_id, k)] = self.kb.similar(talk_id, k)
            return self._similar[(talk_id, k)]

    def topic_map(self) -> program.TopicMap:
        with self._lock:
            if self._map is None:
                texts = [f"{t.title}. {t.title}. {t.abstract}" for t in self.talks.values()]
                self._map = program.topic_map(self._ids, self._matrix, texts)
            return self._map


def current_build(home: str | Path) -> str | None:
    """The name of the build in use in `home`, or None when there is none."""
    build = store.current(Path(home))
    return build.path.name if build else None

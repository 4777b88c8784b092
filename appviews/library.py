"""One opened knowledge base shared by every session of the app process.

Wraps `KnowledgeBase` with a lock (one DuckDB connection serves all sessions,
and a connection is not safe to use from two threads at once) and with the
per-process caches the views need: ranked hits per query, facet id sets,
similar talks, the topic map.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Collection
from pathlib import Path
from typing import Any

import numpy as np

from appviews import state
from appviews.models import facets, people, program
from index.encoders.embed import load as load_embedder
from index.search.kb import KnowledgeBase
from index.store import disk as store
from talkbase.core.records import Hit, Talk

CACHED_QUERIES = 256


class Library:
    def __init__(self, home: str | Path) -> None:
        self.kb = KnowledgeBase(home, load_embedder())
        self.build = self.kb.build.path.name
        self.talks: dict[int, Talk] = dict(self.kb.talks)  # one conference: read once
        self._lock = threading.RLock()
        self._ids = list(self.talks)
        self._matrix = (
            np.vstack([self.kb.vectors.vector(i) for i in self._ids])
            if self._ids
            else np.zeros((0, 1), dtype=np.float32)
        )
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
        self._ranked: OrderedDict[tuple[str, bool], tuple[list[Hit], dict[int, float], Any]] = (
            OrderedDict()
        )
        self._similar: dict[tuple[int, int], list[Hit]] = {}
        self._map: program.TopicMap | None = None

    def _lookup(self, f: facets.Filters) -> list[int] | None:
        with self._lock:
            return self.kb.allowed(f)

    def ranked(self, query: str, literal: bool = False) -> tuple[list[Hit], dict[int, float]]:
        """Every talk ranked for `query`, and each talk's cosine to what it is about."""
        hits, sims, _ = self.answer(query, literal)
        return hits, sims

    def answer(self, query: str, literal: bool = False) -> tuple[list[Hit], dict[int, float], Any]:
        """`ranked` with what the query was read as (index.search.understand's `Understood`,
        None when the search has no query understanding), cached per query."""
        key = " ".join(query.split())
        with self._lock:
            if (key, literal) in self._ranked:
                self._ranked.move_to_end((key, literal))
                return self._ranked[(key, literal)]
            understood = None
            if hasattr(self.kb, "answer"):
                found = self.kb.answer(key, k=max(1, len(self.talks)), literal=literal)
                hits, understood = found.hits, found
            else:
                hits = self.kb.search(key, k=max(1, len(self.talks)))
            topic = getattr(getattr(understood, "understood", None), "topic", "") or key
            qvec = self.kb.query_vector(topic)
            sims = dict(zip(self._ids, (self._matrix @ qvec).tolist(), strict=True))
            self._ranked[(key, literal)] = (hits, sims, understood)
            while len(self._ranked) > CACHED_QUERIES:
                self._ranked.popitem(last=False)
            return hits, sims, understood

    def stems(self, words: Collection[str]) -> dict[str, str]:
        """Porter stems of lower-case words, from the search's own lexical index (so
        what the app highlights is what search matched)."""
        with self._lock:
            table = self.kb.bm25.stem_all(words)
            return {w: table.get(w, w) for w in words}

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

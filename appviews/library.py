"""One opened knowledge base shared by every session of the app process.

Wraps the `talkbase.service.Service` with a lock (one DuckDB connection serves all
sessions, and a connection is not safe to use from two threads at once) and with
the per-process caches the views need: answers per query, the talks in time order,
facet id sets and counts per result set and selection, word stems, similar talks,
the topic map. A Library serves one build of the base (app.py opens a new one for a
new build), so what depends only on the base is computed once per process. Which talks match a query is the service's answer
(`why.match`), the same the CLI and the API give.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, TypeVar, cast

from appviews import home as home_page
from appviews import state
from appviews.facettable import FacetTable
from appviews.models import facets, people, program
from talkbase import service
from talkbase.core import present
from talkbase.core.filters import Filters
from talkbase.core.lru import Bounded
from talkbase.core.records import Hit, Talk

V = TypeVar("V")
CACHED_QUERIES = 256
CACHED_STEMS = 100_000  # words (a conference's vocabulary, and what people type)
CACHED_VIEWS = 512  # drawn pieces of pages (a day of the program grid...)


class Library:
    def __init__(self, home: str | Path) -> None:
        # pinned: app.py opens a new Library for a new build, and its caches are this one's
        self.service = service.Service(home, follow=False).open()
        self.service.load_model()  # once per process, before the first query waits for it
        self.build = self.service.build_name
        # every event's SEQUENCE in this build's agenda calendars (appviews/models/ics.py)
        self.sequence = present.calendar_sequence(self.service.kb.manifest.built_at)
        self.talks: dict[int, Talk] = dict(self.service.talks)  # one conference: read once
        self._lock = threading.RLock()
        self.allowed = facets.AllowedCache(
            facets.canonical_orgs(self._lookup, self.talks.values()), frozenset(self.talks)
        )
        self.candidates = facets.candidates(self.talks.values())
        self.facets = FacetTable(self.candidates, self.allowed)  # each value's talks once
        self.orgs = people.by_organization(self.talks.values())  # canonical name -> talk ids
        speakers = {n.casefold(): n for n in people.speaker_names(self.talks.values())}
        self.known = state.Known(
            talks=frozenset(self.talks),
            candidates=self.candidates,
            speakers=speakers,
            org=lambda text: (lambda n: n if n in self.orgs else None)(people.canonical_name(text)),
            rooms=frozenset(t.room or program.NO_ROOM for t in self.talks.values()),
            tracks=frozenset(t.track for t in self.talks.values() if t.track),
            days=program.days_by_conference(self.talks.values(), self.service.nights),
        )
        self.conferences = len(self.candidates["conference"])
        self.placeholder = placeholder(self.talks.values())
        # what the home page names: each conference, its dates and time zone
        self.held = tuple(home_page.conference_lines(self.talks.values()))
        self._answers: Bounded[tuple[str, bool, str], Any] = Bounded(CACHED_QUERIES)
        self._similar: Bounded[tuple[int, int], list[Hit]] = Bounded(CACHED_QUERIES)
        self._for_you: Bounded[tuple[object, ...], list[Hit]] = Bounded(CACHED_QUERIES)
        self._counts: Bounded[tuple[frozenset[int], facets.Selection], list[facets.Facet]]
        self._counts = Bounded(CACHED_QUERIES)
        self._stems: Bounded[str, str] = Bounded(CACHED_STEMS)
        self._in_time_order: tuple[Hit, ...] | None = None
        self._kept: Bounded[tuple[object, ...], Any] = Bounded(CACHED_VIEWS)
        # the night talks, each with the day whose night it is, as the day filter reads
        # them: the cards, the Program grid and the agenda name and place them so
        self.nights = self.service.nights
        timed = list(self.talks.values())
        self.days = tuple(program.program_days(timed, self.nights))  # the program's days
        self.room_order = tuple(program.room_order(timed))  # the grid's rooms, in order
        self._maps: dict[str | None, program.TopicMap] = {}  # per conference shown
        self._drawn: set[str] = set()  # the pages drawn once in this process
        # Streamlit collects garbage after every page run (runner.postScriptGC); the
        # model, the base and the modules, made once and kept for the process, need
        # not be searched again each time: without this a full collection cost about
        # 100 ms of every run. Objects made later are collected as before.
        gc.collect()
        gc.freeze()

    def drawn(self, page: str) -> None:
        """Called after each page run with the page's name. After the first run of
        each page (the warm-up's, `talkbase.warmup`) what that run made for good (the
        charts' schemas, modules imported on first use, the topic map, caches) is
        frozen as the base was, so the collector does not search it again; what
        sessions make later is collected as before."""
        with self._lock:
            if page in self._drawn:
                return
            self._drawn.add(page)
        gc.collect()
        gc.freeze()

    def _lookup(self, f: Filters) -> list[int] | None:
        with self._lock:
            return self.service.allowed(f)

    def answer(self, query: str, literal: bool = False) -> Any:
        """Every talk ranked for `query` with what the query was read as (the service's
        `Answer`: `.hits`, the matches first with `why.match` true; `.understood`;
        `.notes()`), cached per query. The search box keeps its cap: a query past
        TALKBASE_MAX_QUERY_CHARS is refused here in a sentence (the box is there to
        shorten it in), where the CLI and the API cut it and say so."""
        service.check_query(query, literal)
        key = " ".join(query.split())
        moment = "" if literal else service.moment_of(key)  # this quarter hour's ("now": minute's)
        with self._lock:
            return self._answers.get_or_make(
                (key, literal, moment), lambda: self.service.matches(key, literal)
            )

    def stems(self, words: Collection[str]) -> dict[str, str]:
        """Porter stems of lower-case words, from the search's own lexical index (so
        what the app highlights is what search matched), each word's kept."""
        with self._lock:
            found = {w: self._stems.get(w) for w in words}
            missing = [w for w, s in found.items() if s is None]
            if missing:
                for w, s in self.service.stems(missing).items():
                    found[w] = self._stems.put(w, s)
        return {w: s or w for w, s in found.items()}

    def in_time_order(self) -> list[Hit]:
        """Every talk, timed ones first by start (what an empty search lists)."""
        with self._lock:
            if self._in_time_order is None:
                hits = self.service.search("", k=max(1, len(self.talks)))
                self._in_time_order = tuple(hits)
            return list(self._in_time_order)

    def kept(self, key: tuple[object, ...], make: Callable[[], V]) -> V:
        """What `make()` returns, kept per `key` for this build of the base: for a view's
        piece that depends only on the base and on `key` (e.g. one day of the program
        grid for a set of rooms, tracks and saved talks). `make` runs outside the lock;
        two sessions may make the same piece at once, and one is kept."""
        with self._lock:
            if key in self._kept:
                return cast(V, self._kept.get(key))
        made = make()
        with self._lock:
            self._kept.put(key, made)
        return made

    def facet_counts(self, results: Collection[int], sel: facets.Selection) -> list[facets.Facet]:
        """`facets.facet_counts` for this base (`FacetTable.counts`: the talks of each
        value looked up once per base), kept per result set and selection."""
        key = (frozenset(results), sel)
        with self._lock:
            return self._counts.get_or_make(key, lambda: self.facets.counts(key[0], sel))

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

    def topic_map(self, conference: str | None = None) -> program.TopicMap:
        """The topic map of one conference's talks (every talk: None), made once each.
        It is made outside the lock, so other sessions' searches do not wait for it;
        two sessions may make the same map at once, and one is kept."""
        if conference not in self._maps:
            with self._lock:
                ids, matrix = self.service.embeddings()  # ascending ids, as self.talks
            mine = [conference in (None, self.talks[i].conference) for i in ids.tolist()]
            talks = [self.talks[i] for i in ids[mine].tolist()]
            texts = [f"{t.title}. {t.title}. {t.abstract}" for t in talks]
            stop = service.function_words(t.language for t in talks)
            made = program.topic_map([t.id for t in talks], matrix[mine], texts, stop=stop)
            with self._lock:
                self._maps.setdefault(conference, made)
        return self._maps[conference]


def current_build(home: str | Path) -> str | None:
    """The name of the build in use in `home`, or None when there is none. Every page
    run asks (`service.build_in_use`: a stat of CURRENT, the build verified again when
    it changed and at least every `service.BUILD_RECHECK_S` seconds)."""
    return service.build_in_use(home)


def placeholder(talks: Collection[Talk]) -> str:
    """The search box's example, from the program's own tracks: its two largest, in
    lower case without the words most tracks share ("e.g. rust, containers"); a
    program without tracks gets an example of the kinds of words a search reads."""
    counts: dict[str, int] = {}
    for t in talks:
        if t.track:
            counts[t.track] = counts.get(t.track, 0) + 1
    if not counts:
        return "e.g. a topic, a speaker's name, a day"
    names = [n for n, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    words: dict[str, int] = {}
    for n in names:
        for w in set(n.lower().split()):
            words[w] = words.get(w, 0) + 1
    shared = {w for w, c in words.items() if len(names) > 2 and c > len(names) / 2}
    plain = [" ".join(w for w in n.lower().split() if w not in shared) or n.lower() for n in names]
    return "e.g. " + ", ".join(dict.fromkeys(plain[:2]))

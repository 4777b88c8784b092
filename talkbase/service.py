"""One service for every entry point: the CLI, the Python API and the app ask the
knowledge base everything through here, and never import `index` or `ingest`.

Read side: `Service`, one per home, opened on first use: answers and searches,
similar talks, talks and lookups, the filters' talk sets, stems for highlighting,
query vectors and the embedding matrix, SQL, tables, stats and evaluation.
Write side: module functions on a home: `ingest`, `diff` (a dry run), `remove`,
`check` and `repair`. Errors are the domain's own (`talkbase.core.errors`) and pass
through unchanged: each entry point says them as one sentence.

Which talks match a query is decided once, by the search (`why.match` on each hit):
an entry point that lists matches keeps the hits with `why.match` true, in order.

The index is imported where it is first needed, not at the top: `talkbase --help`
loads no DuckDB (tests/test_cli.py::test_help_is_fast_and_imports_nothing_heavy),
and every index module imports DuckDB or numpy on its way in.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import date
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any

from talkbase.core import settings, terms
from talkbase.core.errors import BadQuery, InputError, TalkbaseError, TalkNotFound
from talkbase.core.filters import NAMED_LIMITS, Filters
from talkbase.core.records import Hit, Talk

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from index.build.builder import Report
    from index.check import CheckReport
    from index.encoders.embed import Embedder
    from index.search.evidence.answer import Answer
    from index.search.kb import KnowledgeBase

__all__ = [
    "ENGINES",
    "MODES",
    "TABLES",
    "Service",
    "check",
    "check_query",
    "build_in_use",
    "current_build",
    "diff",
    "function_words",
    "ingest",
    "query_terms",
    "remove",
    "repair",
]

Home = str | PathLike[str] | None
Progress = Callable[[str, int, int], None]
Waiting = Callable[[int | None], None]

MODES: tuple[str, ...] = terms.MODES
"""Search modes: words and meaning fused, words only, meaning only."""
ENGINES: tuple[str, ...] = ("local", "ray")
"""Where `ingest` embeds: in this process, or on Ray workers (the [ray] extra)."""
TABLES: tuple[str, ...] = ("talks", "speakers", "tracks", "conflicts")
"""The tables `Service.table` gives as DataFrames."""
BUILD_RECHECK_S = 2.0
"""`build_in_use` verifies the build in use again at least this often (seconds)."""


class Service:
    """The read side of the knowledge base in `home` (default: TALKBASE_HOME).

    Nothing is opened until asked (`open()`, or the first question). With `follow`
    (the default: the CLI and the Python API) each question is answered from the build
    in use when it is asked: when an ingest, a remove or a repair has swapped in a new
    build since (`build_in_use`, one stat of CURRENT), the new one is opened (by one
    thread, the others waiting for it) and the old one closed at the swap after, or with
    the service: a call another thread began on it finishes there, and no answer begun
    after the swap comes from a build the base no longer holds. Without it the
    service is a snapshot of the build it opened, for its whole life (the app's `Library`,
    which keeps caches per build and opens a new one for a new build: `build_name` says
    which). `embedder` replaces the configured model (tests pass a fast one); it must be
    the one the base was built with. One question reads one build (`one_build`), the
    one in use when it was asked, whatever an ingest swaps in while it is answered.
    """

    def __init__(
        self, home: Home = None, embedder: Embedder | None = None, *, follow: bool = True
    ) -> None:
        self.home = settings.home(home)
        self.follow = follow
        self._embedder = embedder
        self._kb: KnowledgeBase | None = None
        self._retired: KnowledgeBase | None = None  # the build before, until the next
        self._switch = threading.Lock()  # one thread opens a new build, the others wait
        self._closed = False
        self._held = threading.local()  # `kb`: the build this thread's question reads

    def open(self) -> Service:
        """Open the base now (a missing or damaged one raises here), and return self."""
        _ = self.kb
        return self

    @property
    def kb(self) -> KnowledgeBase:
        """The opened `index.search.kb.KnowledgeBase` of the build in use (see `follow`),
        for what the service does not cover; within `one_build`, that block's build."""
        held: KnowledgeBase | None = getattr(self._held, "kb", None)
        if held is not None:
            return held
        kb = self._kb
        if kb is not None and (not self.follow or self._closed):
            return kb
        with self._switch:
            if self._kb is None:
                from index.search.kb import KnowledgeBase

                self._kb = KnowledgeBase(self.home, self._embedder)
            elif self.follow and not self._closed:
                name = build_in_use(self.home)  # raises on a damaged base, as opening does
                if name != self._kb.build.path.name:
                    # the build before is closed one swap later (or with the service),
                    # not now: a call another thread began on it, or a `kb` kept from
                    # it, finishes there
                    if self._retired is not None:
                        self._retired.close()
                    self._retired = self._kb
                    self._kb = self._retired.reopened(self._embedder)
            return self._kb

    @contextmanager
    def one_build(self) -> Iterator[KnowledgeBase]:
        """Everything asked of this service in this thread within the block reads one
        build: the one in use when the block began (a block within it, the same). A
        question that looks the base up more than once (`recommend` finds its saved
        talks, then ranks; `answer` ranks, then names the limits no talk holds) is
        answered from one build, though an ingest swap another in meanwhile: never
        part from one, part from the other. The build is kept open until the swap
        after the next (`kb`), so one block spanning two swaps finds it closed."""
        held: KnowledgeBase | None = getattr(self._held, "kb", None)
        if held is not None:
            yield held
            return
        self._held.kb = kb = self.kb
        try:
            yield kb
        finally:
            self._held.kb = None

    def load_model(self) -> None:
        """Load the query encoder now rather than on the first query (the app does, once)."""
        _ = self.kb.embedder

    def close(self) -> None:
        """Close the base; what is asked of it afterwards fails (it is not opened again)."""
        self._closed = True
        with self._switch:
            for kb in (self._kb, self._retired):
                if kb is not None:
                    kb.close()

    def __enter__(self) -> Service:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- what the base is ---------------------------------------------------------
    @property
    def model_name(self) -> str:
        """The embedding model the base was built with."""
        return self.kb.model_name

    @property
    def build_name(self) -> str:
        """The name of the build this service reads."""
        return self.kb.build.path.name

    @property
    def talks(self) -> Mapping[int, Talk]:
        """Every talk by id, read from the database when asked for."""
        return self.kb.talks

    @property
    def nights(self) -> Mapping[int, date]:
        """The night talks by id, each with the day whose night it is, as the day
        filter reads them (`KnowledgeBase.nights`); every other talk is on its `day`.
        What a view says of a talk's day (`present.when`, `timetable.program_day`)."""
        return self.kb.nights

    @property
    def several_conferences(self) -> bool:
        """Whether the base holds several conferences (`KnowledgeBase.several_conferences`):
        a listed talk then names its own."""
        return self.kb.several_conferences

    # -- search -------------------------------------------------------------------
    def answer(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        mode: str = "hybrid",
        literal: bool = False,
        any_of: Mapping[str, Sequence[str]] | None = None,
    ) -> Answer:
        """The `k` best talks for `query` with what the query was read as: matches first
        (`why.match`), then the nearest talks when fewer match. See `KnowledgeBase.answer`
        (`any_of`: several values of a filter, a talk passing by any one: the CLI's
        repeated `--room`). Where none passes `filters`, `unheld` names those no talk
        holds at all, so every entry point says "No talk's conference matches 'Nope'."
        (`Answer.notes`)."""
        with self.one_build() as kb:
            answer = kb.answer(query, k, filters, mode, literal, any_of)  # type: ignore[arg-type]
            if answer.hits or (filters is None and not any_of):
                return answer
            return replace(answer, unheld=self.unheld(filters or Filters(), any_of))

    def unheld(
        self, filters: Filters, any_of: Mapping[str, Sequence[str]] | None = None
    ) -> tuple[tuple[str, str], ...]:
        """The (name, value) of each filter among `NAMED_LIMITS` that alone matches no
        talk of the base (a misspelt or unknown name), where all of them gave none; and
        of each value of the lists `any_of` gives (`--room A --room B`)."""
        said = [(name, value) for name, value in filters.active().items()]
        said += [(name, v) for name, values in (any_of or {}).items() for v in values if v]
        return tuple(
            (name, value)
            for name in NAMED_LIMITS
            for named, value in dict.fromkeys(said)
            if named == name and self.allowed(Filters(**{name: value})) == []
        )

    def search(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        mode: str = "hybrid",
        literal: bool = False,
    ) -> list[Hit]:
        """`answer`'s hits; an empty query lists talks in time order."""
        return self.answer(query, k, filters, mode, literal).hits

    def matches(self, query: str, literal: bool = False) -> Answer:
        """Every talk ranked for `query` (`k` is the number of talks): the hits with
        `why.match` true are the talks that match, the rest only come near."""
        with self.one_build() as kb:
            return self.answer(query, k=max(1, len(kb.talks)), literal=literal)

    def similar(
        self,
        ref: int | str | Talk | Hit,
        k: int = 5,
        filters: Filters | Mapping[str, Any] | None = None,
        diversity: float = 0.3,
        any_of: Mapping[str, Sequence[str]] | None = None,
    ) -> list[Hit]:
        """Talks nearest to `ref` in meaning, never `ref` itself, diversified by MMR
        (`diversity` 0: the plain nearest). `filters` may be keyword values (`Filters.of`),
        made once `ref` is found; `any_of` as `answer` takes it."""
        with self.one_build() as kb:
            seed = self.talk(ref)
            if filters is not None and not isinstance(filters, Filters):
                filters = Filters.of(filters)
            return kb.similar(seed, k, filters, diversity=diversity, any_of=any_of)

    def recommend(
        self,
        saved: Sequence[int | str | Talk | Hit],
        avoid: Sequence[int | str | Talk | Hit] = (),
        k: int = 10,
        fits: bool = False,
    ) -> list[Hit]:
        """Talks for an agenda: more of each interest among the `saved` talks, in
        proportion, none of `saved` or `avoid` (whose neighbours are pushed down); with
        `fits`, none overlapping a saved talk, else clashes are marked. Each hit's `why`
        is a `Because` (the saved talks it follows from, what they share, the reason).
        Talks are named as `talk` takes them; an unknown one is TalkNotFound, but for an
        id the base does not hold (a talk of a saved agenda since removed from the
        program): it is left out, and `not_held` names it."""
        from index.search.recommend import recommend

        with self.one_build() as kb:
            gone = set(self.not_held([*saved, *avoid]))
            return recommend(
                kb,
                [self.talk(r).id for r in saved if not _named(r, gone)],
                [self.talk(r).id for r in avoid if not _named(r, gone)],
                k=k,
                fits=fits,
            )

    def not_held(self, refs: Sequence[int | str | Talk | Hit]) -> list[str]:
        """The talk ids among `refs` (numbers, or text of digits alone) that name no
        talk of the base, once each, in their order: talks an agenda saved that the
        program no longer holds."""
        out: list[str] = []
        with self.one_build():
            for ref in refs:
                if isinstance(ref, bool) or not isinstance(ref, int | str):
                    continue
                text = str(ref).strip()
                if not re.fullmatch(r"[0-9]{1,18}", text) or text in out:
                    continue
                try:
                    self.talk(text)
                except TalkNotFound:
                    out.append(text)
        return out

    def talk(self, ref: int | str | Talk | Hit) -> Talk:
        """One talk by id, exact title, unique title prefix or close title match
        (TalkNotFound, with candidates, otherwise)."""
        if isinstance(ref, Hit):
            ref = ref.talk
        if isinstance(ref, Talk):
            ref = ref.id
        return self.kb.talk(ref)

    def allowed(self, filters: Filters | None) -> list[int] | None:
        """Ids of the talks passing `filters`, ascending; None when no filter is set."""
        return self.kb.allowed(filters)

    def stems(self, words: Collection[str]) -> dict[str, str]:
        """Porter stems of lower-case words, from the search's own lexical index, so
        what is highlighted is what search matched."""
        table = self.kb.bm25.stem_all(words)
        return {w: table.get(w, w) for w in words}

    # -- vectors ------------------------------------------------------------------
    def query_vector(self, text: str) -> np.ndarray:
        """The unit vector of `text` by the base's encoder (loads it on first use)."""
        return self.kb.query_vector(text)

    def embeddings(self) -> tuple[np.ndarray, np.ndarray]:
        """(ids, matrix): talk ids ascending and their unit vectors, row for row."""
        import numpy as np

        kb = self.kb  # one build for both
        vectors = kb.vectors
        ids = np.array(sorted(kb.talks), dtype=np.int64)
        matrix = np.zeros((len(ids), vectors.dim), dtype=np.float32)
        for row, tid in enumerate(ids):
            matrix[row] = vectors.vector(int(tid))
        return ids, matrix

    # -- tables and SQL -----------------------------------------------------------
    def sql(self, query: str, params: Sequence[Any] = ()) -> pd.DataFrame:
        """One reading statement as a DataFrame; any failure (or any other statement)
        is a BadQuery. See `KnowledgeBase.sql`."""
        import duckdb

        from index.search.limits.filters import one_line

        if not isinstance(query, str):
            raise BadQuery(f"sql() takes one statement as text, not {type(query).__name__}")
        try:
            return self.kb.sql(query, params).df()
        except duckdb.InterruptException as exc:
            raise BadQuery(
                f"SQL ran past {settings.sql_seconds():g} s (TALKBASE_SQL_SECONDS) and was "
                "stopped; a recursive query needs a condition that ends it"
            ) from exc
        except duckdb.Error as exc:
            raise BadQuery(f"SQL failed: {one_line(str(exc))}") from exc

    def export_site(self, out: str | Path) -> Any:
        """The program as a static site in the folder `out` (index/site/export.py): it
        searches by words and by meaning with no server, works offline, keeps the
        agenda in the browser. Returns what was written (`SiteReport`)."""
        from index.site.export import export_site

        return export_site(self.kb, Path(out))

    def table(self, name: str) -> pd.DataFrame:
        """One of TABLES as a DataFrame (`index.store.stats.TABLES` says what each holds)."""
        from index.store import stats

        if name not in TABLES:
            raise BadQuery(f"there is no table {name!r}; use {', '.join(TABLES)}")
        with self.one_build() as kb:
            frame = stats.table(kb.con, name).df()
            if name == "talks" and kb.nights:
                # a night talk's day is the one the day filter finds it on, as its `Talk.day`
                import pandas as pd

                night = frame["id"].map(kb.nights)
                frame.loc[night.notna(), "day"] = pd.to_datetime(night[night.notna()])
            return frame

    def stats(self) -> dict[str, Any]:
        """What the base holds: where, which model, when built, then the counts, the
        documents, days, tracks and rooms (`talkbase stats --json`)."""
        from index.store import stats

        kb = self.kb
        return {
            "home": str(kb.home),
            "model": kb.model_name,
            "dimension": kb.manifest.dimension,
            "built_at": kb.manifest.built_at,
            **stats.summary(kb.con),
        }

    def evaluate(self, judgments: str | Path, modes: Sequence[str]) -> list[dict[str, Any]]:
        """nDCG@10 and Recall@5 per mode against a judgments file (`index.evaluate`)."""
        from index.evaluate import evaluate, load_judgments

        judged = load_judgments(judgments)
        if not judged:
            raise InputError(str(judgments), "holds no judged queries")
        return evaluate(self.kb, judged, modes)


def check_query(query: str, literal: bool = False) -> None:
    """BadQuery when no search should run `query` (not text, too long, too many operators)."""
    from index.search.read.querycheck import check_query as check

    check(query, literal)


def read_query(query: str) -> str:
    """What a search reads of `query`: all of it, or up to its last whole word within
    TALKBASE_MAX_QUERY_CHARS (a last word longer than half of that cut at it), as
    `Answer.cut_from` says; what a batch line echoes, never more."""
    from index.search.read.querycheck import cut

    return cut(query)[0]


def moment_of(query: str) -> str:
    """What an answer for `query` depends on besides the base and the words: the
    conference's date ("today", "this afternoon" are read by its clock), which turns
    at its midnight, a quarter hour of UTC in every zone, so the quarter hour of UTC;
    and the minute for a query saying "now" or "coming up" (index/search/read/nowwords.py).
    A cache of answers keys by it, so an answer kept yesterday is not today's."""
    from datetime import UTC, datetime

    from index.search.read.nowwords import says_a_moment

    t = datetime.now(UTC)
    return (
        f"{t:%Y-%m-%d %H:%M}"
        if says_a_moment(query)
        else f"{t:%Y-%m-%d %H}:{t.minute // 15 * 15:02d}"
    )


def query_terms(text: str, languages: Iterable[str | None] = ()) -> list[str]:
    """The words of `text` search shows as evidence ("fault-tolerant" also gives its
    parts), but the function words of `languages` besides English ("de", "na")."""
    from index.search.rank.lexical import query_terms as terms
    from index.search.rank.stopwords import language_list

    codes = {c for c in languages if c and c != "en"}
    return terms(text, frozenset().union(*(language_list(c) for c in codes)))


def function_words(languages: Iterable[str | None]) -> frozenset[str]:
    """The function words (the index's lists: "de", "van", "een") of the languages
    besides English that a tenth or more of `languages`, talks' languages, are in
    (`languages.own_languages`): no topic's label is made of them."""
    from collections import Counter

    from index.search.rank.stopwords import language_list
    from talkbase.core.languages import own_languages

    counts = Counter(c for c in languages if c)
    return frozenset().union(*(language_list(c) for c in own_languages(counts.items())))


def current_build(home: Home = None) -> str | None:
    """The name of the build in use in `home`, or None when there is none yet."""
    from index.store import disk

    build = disk.current(settings.home(home))
    return build.path.name if build else None


_builds: dict[str, tuple[object, float, str | None]] = {}
_builds_lock = threading.Lock()


def build_in_use(home: Home = None) -> str | None:
    """`current_build`, asked often and cheaply: the manifest is read and the files
    checked when CURRENT changed (an ingest swaps a build in by renaming it: one stat
    tells) and at least every BUILD_RECHECK_S seconds, otherwise the last answer
    stands. What the app asks on every page run and a following `Service` on every
    question, so both pick up a new build the same way."""
    import time

    from index.store import disk

    where = settings.home(home)
    key, now = str(where), time.monotonic()
    marker = disk.current_marker(where)
    with _builds_lock:
        known = _builds.get(key)
    if known is not None and known[0] == marker and now - known[1] < BUILD_RECHECK_S:
        return known[2]
    name = current_build(where)  # raises on a damaged base: nothing kept
    with _builds_lock:
        _builds[key] = (marker, now, name)
    return name


# -- the write side ---------------------------------------------------------------------


def ingest(
    paths: Sequence[str | Path],
    home: Home = None,
    *,
    fmt: str | None = None,
    rebuild: bool = False,
    replace: bool = False,
    shrink: bool = False,
    mapping: Mapping[str, str] | None = None,
    conference: str | None = None,
    engine: str = "local",
    ray_actors: int | None = None,
    ray_batch_size: int = 64,
    ray_gpus: float = 0.0,
    progress: Progress | None = None,
    embedder: Embedder | None = None,
    waiting: Waiting | None = None,
) -> Report:
    """Read program files or folders into the base in `home` (made when there is none).

    The encoder loads only once every file is read and something new needs embedding;
    `engine` "ray" embeds on Ray workers instead (`ray_*`: workers, batch, GPUs each).
    `replace` forgets the documents not given now, `rebuild` embeds every text again,
    `mapping` names a table's columns, `conference` names the program the files are.
    A new version of a stored program with far fewer talks, or one that looks cut
    short (a last row stopping early, a quote never closed) and would remove stored
    talks, is refused unless `shrink` (`replace` too: it forgets only the documents
    not given, and keeps the stored version of a file given that cannot be read).
    `waiting` is told, with the other's process id when known, when another ingest,
    remove or repair holds the base: this one then waits for it (and loses nothing).
    """
    from index.build.builder import ingest as build
    from index.encoders import engines

    if engine not in ENGINES:
        raise TalkbaseError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    made = None
    if embedder is None:
        options = engines.EngineOptions(ray_actors, ray_batch_size, ray_gpus)
        embedder = made = engines.make(engine, options)
    try:
        return build(
            list(paths),
            settings.home(home),
            embedder,
            fmt=fmt,
            rebuild=rebuild,
            progress=progress,
            mapping=dict(mapping) if mapping is not None else None,
            replace_all=replace,
            conference=conference,
            shrink=shrink,
            waiting=waiting,
        )
    finally:
        if made is not None:
            engines.close(made)


def diff(
    paths: Sequence[str | Path],
    home: Home = None,
    *,
    fmt: str | None = None,
    mapping: Mapping[str, str] | None = None,
    conference: str | None = None,
    shrink: bool = False,
) -> Report:
    """What ingesting `paths` (with the same `conference` and `shrink`) would change in
    the base in `home`; writes nothing. With no base there yet, every talk is new:
    the dry run of a first ingest."""
    from index.build.builder import ingest as build
    from index.encoders.embed import HashingEmbedder
    from index.store.disk import current

    where = settings.home(home)
    base = current(where)
    # Nothing is embedded in a dry run: a stand-in with the same name is enough.
    if base is None:
        stand_in = HashingEmbedder(name=settings.model_name())
    else:
        stand_in = HashingEmbedder(name=base.manifest.model, identity=base.manifest.encoder)
    return build(
        list(paths),
        where,
        stand_in,
        fmt=fmt,
        dry_run=True,
        mapping=dict(mapping) if mapping is not None else None,
        conference=conference,
        shrink=shrink,
    )


def remove(
    home: Home = None,
    documents: Sequence[str] = (),
    conference: str | None = None,
    waiting: Waiting | None = None,
) -> Report:
    """Forget documents (by file name) or every talk of a conference (`waiting`: as
    `ingest`'s)."""
    from index.build.builder import remove as forget
    from index.encoders.embed import LazyEmbedder

    if not documents and not conference:
        raise TalkbaseError("Name documents to remove, or --conference NAME")
    return forget(settings.home(home), LazyEmbedder(), list(documents), conference, waiting=waiting)


def check(home: Home = None) -> CheckReport:
    """Verify every file of the base in `home`; the report says how to recover."""
    from index.check import check as verify

    return verify(settings.home(home))


def repair(home: Home = None) -> CheckReport:
    """Recover the base in `home`: rebuild it from the stored documents, or go back
    to the previous build."""
    from index.check import repair as recover
    from index.encoders.embed import LazyEmbedder

    return recover(settings.home(home), LazyEmbedder())


def _named(ref: object, ids: set[str]) -> bool:
    """Whether `ref` is one of these ids (as `Service.not_held` gives them)."""
    return isinstance(ref, int | str) and not isinstance(ref, bool) and str(ref).strip() in ids


def not_held_note(ids: Sequence[str]) -> str:
    """What to say of saved talk ids the base no longer holds (`Service.not_held`)."""
    many = len(ids) != 1
    return (
        f"No talk has the id{'s' * many} {', '.join(ids)} (no longer in the program?): "
        f"left out of the saved talks."
    )

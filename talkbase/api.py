"""The Python API: a knowledge base for notebooks and scripts.

The same library the CLI and the app use, with answers shaped for analysis:
search results are `Results` (a list of the CLI's `Hit`s that turns into a
DataFrame and shows as a table in Jupyter), tables come back as pandas
DataFrames straight from DuckDB, and the embedding matrix comes with its ids.

    import talkbase
    tb = talkbase.open()                      # TALKBASE_HOME, or a folder
    hits = tb.search("fault tolerant training", k=5, day="Tue")
    hits[0].talk.title, hits[0].why.carried_by
    hits.to_frame()[["title", "room", "score"]]
    tb.similar(hits[0], k=3)
    tb.talks().groupby("track").size()
    tb.sql("SELECT room, count(*) AS talks FROM talks GROUP BY room")
    ids, matrix = tb.embeddings()

The knowledge base is opened read-only: nothing here changes it.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any, SupportsIndex, overload

from talkbase import service
from talkbase.core import present
from talkbase.core.errors import BadFilter, BadQuery, TalkNotFound
from talkbase.core.filters import FILTER_NAMES, Filters
from talkbase.core.records import Hit, Talk

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from talkbase.service import Embedder

__all__ = ["FILTERS", "Results", "Talkbase", "open"]

FILTERS: tuple[str, ...] = FILTER_NAMES
"""Keyword filters `search` and `similar` take; see `talkbase.core.filters.Filters`."""

RESULT_COLUMNS: tuple[str, ...] = (
    "rank",
    "score",
    "id",
    "title",
    "speakers",
    "day",
    "start",
    "end",
    "room",
    "track",
    "carried_by",
    "matched_terms",
    "best_sentence",
    "lexical_rank",
    "dense_rank",
    "match",
)


def open(
    home: str | PathLike[str] | None = None,
    *,
    build_from: str | PathLike[str] | Sequence[str | PathLike[str]] | None = None,
    embedder: Embedder | None = None,
) -> Talkbase:
    """Open the knowledge base in `home` (default: TALKBASE_HOME or the user data folder).

    With `build_from` (program files or folders), a home that holds no knowledge
    base yet is first built from them, as `talkbase ingest` would; an existing
    one is opened as it is. `embedder` replaces the configured model (tests pass
    a fast fake one); it must be the one the knowledge base was built with.

        tb = talkbase.open("~/talks", build_from="data/programs")
    """
    where = Path(home).expanduser() if home is not None else None
    if build_from is not None and service.current_build(where) is None:
        paths = [build_from] if isinstance(build_from, str | PathLike) else list(build_from)
        service.ingest([Path(p) for p in paths], where, embedder=embedder)
    return Talkbase(where, embedder)


@contextmanager
def _keywords() -> Iterator[None]:
    """A filter's value that cannot be read, named as this API's keyword ("day= wants a
    date ...": `BadFilter.keyword`), not as the command line's flag ("--day"); a talk
    not found, with this API's advice (`TalkNotFound.in_python`)."""
    try:
        yield
    except BadFilter as exc:
        raise exc.keyword() from None
    except TalkNotFound as exc:
        raise exc.in_python() from None


def _lists(filters: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The keyword filters given one value each, and those given a list or tuple of
    values, a talk passing by any one (`room=["Room 2", "Room 3"]`: the command line's
    repeated `--room`)."""
    lists = {n: [str(x) for x in v] for n, v in filters.items() if isinstance(v, list | tuple)}
    return {n: v for n, v in filters.items() if n not in lists}, lists


def _count(k: object, what: str = "k") -> int:
    """`k` as a whole number of results, or BadQuery in a sentence ("k='5'" is not one)."""
    if isinstance(k, bool) or not isinstance(k, int):
        raise BadQuery(f"{what} must be a whole number of results, not {type(k).__name__} {k!r}")
    return k


class Results(list[Hit]):
    """Search or similar-talk results: a list of `Hit`s, best first, as the CLI prints them.

    Each hit has `.talk` (a `Talk`), `.score` and `.why` (matched_terms,
    best_sentence, lexical_rank, dense_rank, carried_by). In Jupyter a
    `Results` shows as a table; `to_frame()` gives every field as a DataFrame.

        hits = tb.search("prompt caching")
        [h.talk.title for h in hits[:3]]
        hits.to_frame().set_index("rank")["title"]
    """

    def __init__(
        self,
        hits: Iterable[Hit] = (),
        query: str = "",
        mode: str = "",
        nights: Mapping[int, date] | None = None,
    ) -> None:
        super().__init__(hits)
        self.query = query
        self.mode = mode
        self.nights = nights or {}  # the base's night talks, named by their night (`when`)
        self.understood: Any = None  # what search read out of the query (index.search.read)
        self.notes: list[str] = []  # e.g. "No close match; nearest talks:"

    @overload
    def __getitem__(self, index: SupportsIndex) -> Hit: ...

    @overload
    def __getitem__(self, index: slice) -> Results: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Hit | Results:
        if isinstance(index, slice):
            return Results(super().__getitem__(index), self.query, self.mode, self.nights)
        return super().__getitem__(index)

    @property
    def talks(self) -> list[Talk]:
        """The talks, in result order."""
        return [h.talk for h in self]

    @property
    def ids(self) -> list[int]:
        """The talk ids, in result order."""
        return [h.talk.id for h in self]

    def to_frame(self) -> pd.DataFrame:
        """One row per hit with the talk's schedule fields, the score and the evidence."""
        import pandas as pd

        rows = []
        for rank, hit in enumerate(self, start=1):
            t, why = hit.talk, hit.why
            rows.append(
                {
                    "rank": rank,
                    "score": hit.score,
                    "id": t.id,
                    "title": t.title,
                    "speakers": ", ".join(s.name for s in t.speakers),
                    "day": t.day,
                    "start": t.start.strftime("%H:%M") if t.start else None,
                    "end": t.end.strftime("%H:%M") if t.end else None,
                    "room": t.room,
                    "track": t.track,
                    "carried_by": why.carried_by or None,
                    "matched_terms": ", ".join(why.matched_terms),
                    "best_sentence": why.best_sentence,
                    "lexical_rank": why.lexical_rank,
                    "dense_rank": why.dense_rank,
                    "match": why.match,
                }
            )
        frame = pd.DataFrame(rows, columns=list(RESULT_COLUMNS))
        for column in ("lexical_rank", "dense_rank"):
            frame[column] = frame[column].astype("Int64")
        return frame

    def _repr_html_(self) -> str:
        head = []
        if self.query:
            head.append(f"<b>{html.escape(self.query)}</b>")
        if self.mode:
            head.append(f"mode {html.escape(self.mode)}")
        head.append(f"{len(self)} result{'s' if len(self) != 1 else ''}")
        caption = "<p>" + " · ".join(head) + "</p>"
        caption += "".join(f"<p><i>{html.escape(n)}</i></p>" for n in self.notes)
        if not self:
            return caption
        rows = []
        for n, hit in enumerate(self, start=1):
            t = hit.talk
            # the app's and the CLI's wording, a night talk told by its night
            when = present.when(t, day=self.nights.get(t.id)) if t.start else ""
            cells = [
                str(n),
                f"{html.escape(t.title)}<br><small>{html.escape(_speakers(t))}</small>",
                html.escape(" · ".join(x for x in (when, t.room or "", t.track or "") if x)),
                f"{hit.score:.3f}",
                _why_html(hit),
            ]
            rows.append(
                "<tr>" + "".join(f"<td style='text-align:left'>{c}</td>" for c in cells) + "</tr>"
            )
        header = "".join(
            f"<th style='text-align:left'>{h}</th>"
            for h in ("#", "talk", "when · room · track", "score", "why")
        )
        return f"{caption}<table><thead><tr>{header}</tr></thead><tbody>{''.join(rows)}</tbody></table>"

    def __repr__(self) -> str:
        lines = [f"Results({self.query!r}, mode={self.mode!r}, {len(self)} hits)"]
        lines.extend(f"     {note}" for note in self.notes)  # what to tell the reader
        for n, hit in enumerate(self, start=1):
            lines.append(f"{n:3d}. {hit.score:.3f}  {hit.talk.title}  [id {hit.talk.id}]")
        return "\n".join(lines)


def _speakers(t: Talk) -> str:
    return present.speakers(t.speakers)


def _why_html(hit: Hit) -> str:
    why = hit.why
    bits = []
    if why.carried_by:
        bits.append(f"<i>{html.escape(why.carried_by)}</i>")
    if why.matched_terms:
        bits.append("matched " + html.escape(", ".join(why.matched_terms)))
    sentence = why.best_sentence
    if sentence:
        sentence = sentence if len(sentence) <= 160 else sentence[:157] + "..."
        bits.append(f"“{html.escape(sentence)}”")
    return "<br>".join(bits)


class Talkbase:
    """An open knowledge base. Make one with `talkbase.open(...)`.

    Each call answers from the build in use when it is asked: after a re-ingest the
    next call reads the new build (`talkbase.service.Service`, `follow`).

    Lookups (`talk`, `talks`, `sql`...) never load the embedding model; the
    first `search` in hybrid or dense mode does (a few seconds, once).
    """

    def __init__(
        self, home: str | PathLike[str] | None = None, embedder: Embedder | None = None
    ) -> None:
        where = Path(home).expanduser() if home is not None else None
        self.service = service.Service(where, embedder).open()
        """The `talkbase.service.Service` every entry point asks."""

    @property
    def kb(self) -> Any:
        """The underlying `index.search.kb.KnowledgeBase`, for what this API does not cover."""
        return self.service.kb

    @property
    def home(self) -> Path:
        return self.service.home

    @property
    def model(self) -> str:
        """The embedding model the knowledge base was built with."""
        return self.service.model_name

    def __len__(self) -> int:
        return len(self.service.talks)

    def __repr__(self) -> str:
        return f"<Talkbase {len(self)} talks in {self.home} (model {self.model})>"

    def close(self) -> None:
        self.service.close()

    def __enter__(self) -> Talkbase:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- search -------------------------------------------------------------------
    def search(
        self, query: str, k: int = 10, mode: str = "hybrid", literal: bool = False, **filters: Any
    ) -> Results:
        """The `k` best talks for `query`; mode "hybrid" (default), "lexical", "dense"
        or "multilingual" (a base with multilingual vectors).

        Filters narrow the talks before ranking: day ("2026-10-20", "Tue" or a
        date), after / before ("14:30" or a time), and substrings of track,
        room, speaker, org, conference and format; a list of rooms (speakers, orgs,
        tracks, days) is a talk passing by any one (room=["Room 2", "Room 3"]). An
        empty query lists talks by time.
        Limits in the query's own words ("on Wednesday afternoon", "by NVIDIA",
        "in room 210AE") are read too, unless `literal`; `results.understood`
        says what was read, `results.notes` what to tell the reader, and hits
        with `why.match` False are only the nearest talks, not matches.

            tb.search("dynamic shapes", k=3, mode="lexical")
            tb.search("GPU kernels", track="kernel", after="14:00")
            tb.search("GPU kernels by NVIDIA on Wednesday")
        """
        one, lists = _lists(filters)
        with _keywords(), self.service.one_build() as kb:  # (one build: `Service.one_build`)
            answer = self.service.answer(query, _count(k), Filters.of(one), mode, literal, lists)
            results = Results(answer.hits, query, mode, kb.nights)
        results.understood = answer.understood
        results.notes = answer.notes()
        return results

    def similar(
        self, talk: int | str | Talk | Hit, k: int = 5, diversity: float = 0.3, **filters: Any
    ) -> Results:
        """Talks most like `talk` (an id, a title, a `Talk` or a `Hit`), never the talk itself.

        Nearest by embedding, re-ranked by maximal marginal relevance: `diversity`
        0 keeps the plain nearest neighbours, higher values skip near-duplicates.
        Takes the same filters as `search`.

            tb.similar("TorchTPU", k=3)
            tb.similar(hits[0], k=5, day="Wed")
        """
        if _count(k) < 1:
            raise BadQuery("the number of results must be at least 1")
        if isinstance(diversity, bool) or not isinstance(diversity, int | float):
            raise BadQuery(f"diversity must be a number between 0 and 1, not {diversity!r}")
        if not 0.0 <= diversity <= 1.0:
            raise BadQuery(f"diversity must be between 0 and 1, not {diversity}")
        one, lists = _lists(filters)
        with _keywords(), self.service.one_build() as kb:
            hits = self.service.similar(talk, k, one, diversity, lists)
            seed = self.service.talk(talk)
            return Results(hits, f"like: {seed.title}", "similar", kb.nights)

    def recommend(
        self,
        saved: Sequence[int | str | Talk | Hit],
        avoid: Sequence[int | str | Talk | Hit] = (),
        k: int = 10,
        fits: bool = False,
    ) -> Results:
        """More talks for an agenda: each interest among the `saved` talks gets its
        share, nothing saved or in `avoid` comes back, and with `fits` nothing that
        overlaps a saved talk. Each hit's `why.reason` says which saved talk it follows
        from and what they share (`why.because`, `why.clashes` hold the ids). An id the
        base no longer holds (a talk of a saved agenda since gone from the program) is
        left out, and `results.notes` names it.

            tb.recommend(["MCCL", "agent sandboxing"], k=5)[0].why.reason
        """
        if _count(k) < 1:
            raise BadQuery("the number of results must be at least 1")
        with _keywords(), self.service.one_build() as kb:
            hits = self.service.recommend(saved, avoid, k, fits)
            gone = self.service.not_held([*saved, *avoid])
            results = Results(hits, "for you", "recommend", kb.nights)
        if gone:  # (an id of a saved agenda the program no longer holds: left out, said)
            results.notes = [service.not_held_note(gone)]
        return results

    def export_site(self, folder: str | Path) -> Any:
        """Write the program as a static site into `folder` (as `talkbase export
        --format site -o FOLDER`): search by words and meaning, talk pages, the agenda,
        all offline once opened. Returns what was written (`.talks`, `.meaning`,
        `.first_visit_bytes`, `.model_bytes`).

            tb.export_site("site/")
        """
        return self.service.export_site(folder)

    def talk(self, ref: int | str | Talk | Hit) -> Talk:
        """One talk by id, exact title, unique title prefix or close title match.

        Raises `talkbase.core.errors.TalkNotFound` (with `.candidates`) otherwise.

            tb.talk("LMCache").speakers
        """
        with _keywords():
            return self.service.talk(ref)

    # -- tables -------------------------------------------------------------------
    def talks(self) -> pd.DataFrame:
        """Every talk, one row each, by start time (talks without a time last).

        Columns: id, title, day, start, end (the talk's local clock),
        timezone (that clock's zone, "Europe/Madrid": each conference's own),
        minutes, room, track, format, speakers, conference, abstract,
        abstract_only, sources (how many documents describe it) and conflicts
        (fields they disagree on).
        """
        return self.service.table("talks")

    def speakers(self) -> pd.DataFrame:
        """Every speaker with their affiliations and number of talks, busiest first."""
        return self.service.table("speakers")

    def tracks(self) -> pd.DataFrame:
        """Every track with its conference, description and number of talks."""
        return self.service.table("tracks")

    def conflicts(self) -> pd.DataFrame:
        """Where the program documents disagree: one row per (talk, field, document)."""
        return self.service.table("conflicts")

    def sql(self, query: str, *params: Any) -> pd.DataFrame:
        """Run one read-only statement on the DuckDB database; `?` placeholders take `params`.

        SELECT, WITH, DESCRIBE, SHOW, EXPLAIN and SUMMARIZE run, one statement at a
        time, on a connection of their own: nothing run here changes what the other
        methods answer. Tables: talks, conferences, speakers, talk_speakers, tracks,
        notes, sources, conflicts, documents, sentences (see `index.store.schema`). Errors,
        including any other statement, raise `talkbase.core.errors.BadQuery`.

            tb.sql("SELECT title FROM talks WHERE room = ? ORDER BY start_time", "LL20AB")
        """
        return self.service.sql(query, params)

    # -- vectors ------------------------------------------------------------------
    def embeddings(self) -> tuple[np.ndarray, np.ndarray]:
        """(ids, matrix): talk ids in ascending order and their unit vectors, row for row.

        Cosine similarity is a dot product: `matrix @ matrix.T`.

            ids, X = tb.embeddings()
            X.shape == (len(ids), tb.kb.manifest.dimension)
        """
        return self.service.embeddings()

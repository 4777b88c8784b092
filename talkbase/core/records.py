"""The typed records every stage passes around.

Parsers produce `Talk`s with one `Source`; merging joins talks seen in several
documents and records `Conflict`s where they disagree. Search returns `Hit`s.
All are frozen: a stage that changes a record makes a new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, tzinfo
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


@dataclass(frozen=True)
class Speaker:
    name: str
    affiliation: str | None = None

    @property
    def label(self) -> str:
        """ "Name (Affiliation)", or the name alone."""
        return f"{self.name} ({self.affiliation})" if self.affiliation else self.name

    @property
    def org(self) -> str | None:
        """The canonical organisation of the affiliation ("AWS" -> "Amazon Web
        Services", "IBM Research" -> "IBM"); `affiliation` keeps the text as written."""
        if not self.affiliation:
            return None
        from talkbase.core.orgs import canonical_org  # derived, so old records need no field

        return canonical_org(self.affiliation).name or None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "affiliation": self.affiliation, "org": self.org}


@dataclass(frozen=True)
class Source:
    document: str  # file name of the program document
    parser: str  # which parser read it ("digest", "blog", ...)
    location: str  # where in the document, e.g. "line 4" or "char 1200"
    section: str | None = None  # the document's own grouping, e.g. "Core"


@dataclass(frozen=True)
class Conflict:
    """Two documents disagree on one field; every value is kept with its source."""

    field: str
    values: tuple[tuple[str, str], ...]  # (document, value as text)

    def to_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "values": [{"document": d, "value": v} for d, v in self.values],
        }


@dataclass(frozen=True)
class Talk:
    title: str
    speakers: tuple[Speaker, ...] = ()
    start: datetime | None = None  # timezone-aware
    end: datetime | None = None
    room: str | None = None
    track: str | None = None
    track_description: str | None = None
    format: str | None = None
    abstract: str = ""
    notes: tuple[tuple[str, str], ...] = ()  # ("Why", text), ("What", text)...
    abstract_only: bool = False  # the digest's "(from abstract only)" marker
    conference: str = ""
    sources: tuple[Source, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    uid: str | None = None  # the source's own id for the talk (frab guid, iCal UID...)
    id: int = 0  # assigned when the knowledge base is built

    @property
    def day(self) -> date | None:
        return self.start.date() if self.start else None

    @property
    def duration_minutes(self) -> int | None:
        if self.start and self.end:
            return int((self.end - self.start).total_seconds() // 60)
        return None

    def note(self, label: str) -> str | None:
        for name, text in self.notes:
            if name == label:
                return text
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "speakers": [s.to_dict() for s in self.speakers],
            "day": self.day.isoformat() if self.day else None,
            "start": self.start.strftime("%H:%M") if self.start else None,
            "end": self.end.strftime("%H:%M") if self.end else None,
            "start_iso": self.start.isoformat() if self.start else None,
            "end_iso": self.end.isoformat() if self.end else None,
            "timezone": _zone_name(self.start),
            "room": self.room,
            "track": self.track,
            "track_description": self.track_description,
            "format": self.format,
            "abstract": self.abstract,
            "notes": {label: text for label, text in self.notes},
            "abstract_only": self.abstract_only,
            "conference": self.conference,
            "sources": [asdict(s) for s in self.sources],
            "conflicts": [c.to_dict() for c in self.conflicts],
            "uid": self.uid,
        }


# How each signal is named in ranks and in words; a new signal adds one entry.
SIGNALS: dict[str, str] = {"lexical": "by words", "dense": "by meaning"}
CLOSE_RANK = 10  # ranks up to this count as a signal finding the talk on its own


def carried_by(ranks: Mapping[str, int]) -> str:
    """Which signal carried a hit, from its ranks alone, so the two can never disagree:
    "both" when every signal ranks it within CLOSE_RANK, else the signal ranking it
    best ("lexical" or "semantic"); "" when no signal ranked it."""
    lex, dense = ranks.get("lexical"), ranks.get("dense")
    if lex is None and dense is None:
        return ""
    if lex is not None and dense is not None:
        if lex <= CLOSE_RANK and dense <= CLOSE_RANK:
            return "both"
        return "lexical" if lex < dense else "semantic"
    return "lexical" if lex is not None else "semantic"


@dataclass(frozen=True, init=False)
class Why:
    """Why a talk matched: the evidence shown to the person.

    `ranks` holds the 1-based rank each signal gave the talk ("lexical", "dense", ...);
    `lexical_rank`, `dense_rank` and `carried_by` are read from it.
    """

    matched_terms: tuple[str, ...]
    best_sentence: str
    ranks: dict[str, int]
    sentence_source: str  # "title", "abstract", or "notes in <document>"
    match: bool  # False: one of the nearest talks, not a match for the query

    def __init__(
        self,
        matched_terms: tuple[str, ...] = (),
        best_sentence: str = "",
        ranks: Mapping[str, int] | None = None,
        sentence_source: str = "",
        match: bool = True,
        *,
        lexical_rank: int | None = None,
        dense_rank: int | None = None,
        carried_by: str | None = None,
    ) -> None:
        merged = dict(ranks or {})
        if lexical_rank is not None:
            merged["lexical"] = lexical_rank
        if dense_rank is not None:
            merged["dense"] = dense_rank
        # `carried_by` is accepted for older callers and ignored: it is read from the ranks.
        object.__setattr__(self, "matched_terms", tuple(matched_terms))
        object.__setattr__(self, "best_sentence", best_sentence)
        object.__setattr__(self, "ranks", merged)
        object.__setattr__(self, "sentence_source", sentence_source)
        object.__setattr__(self, "match", match)

    def __hash__(self) -> int:
        return hash(
            (
                self.matched_terms,
                self.best_sentence,
                tuple(sorted(self.ranks.items())),
                self.sentence_source,
                self.match,
            )
        )

    @property
    def lexical_rank(self) -> int | None:
        return self.ranks.get("lexical")

    @property
    def dense_rank(self) -> int | None:
        return self.ranks.get("dense")

    @property
    def carried_by(self) -> str:
        return carried_by(self.ranks)

    def to_dict(self) -> dict[str, Any]:
        return {
            "matched_terms": list(self.matched_terms),
            "best_sentence": self.best_sentence,
            "sentence_source": self.sentence_source,
            "ranks": dict(self.ranks),
            "lexical_rank": self.lexical_rank,
            "dense_rank": self.dense_rank,
            "carried_by": self.carried_by,
            "match": self.match,
        }


@dataclass(frozen=True)
class Hit:
    """One search or similar-talk result. Lists of hits are sorted by score."""

    talk: Talk
    score: float
    why: Why = field(default_factory=Why)

    def to_dict(self) -> dict[str, Any]:
        out = self.talk.to_dict()
        out["score"] = round(self.score, 6)
        out["why"] = self.why.to_dict()
        return out


def _zone_name(moment: datetime | None) -> str | None:
    if moment is None or moment.tzinfo is None:
        return None
    return getattr(moment.tzinfo, "key", None) or str(moment.tzinfo)


@lru_cache(maxsize=512)  # a failed lookup searches the disk each time: remember it
def _zone(name: str | None) -> tzinfo | None:
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None  # a fixed offset such as "UTC-07:00": the ISO string carries it


def _aware(iso: str | None, zone: tzinfo | None) -> datetime | None:
    """An ISO timestamp back in its named timezone (America/Los_Angeles, not -07:00)."""
    if not iso:
        return None
    moment = datetime.fromisoformat(iso)
    return moment.astimezone(zone) if zone is not None and moment.tzinfo else moment


def talk_from_dict(d: dict[str, Any]) -> Talk:
    """Inverse of `Talk.to_dict` (extra keys such as score are ignored)."""
    zone = _zone(d.get("timezone"))
    start = _aware(d.get("start_iso"), zone)
    end = _aware(d.get("end_iso"), zone)
    return Talk(
        id=int(d.get("id") or 0),
        uid=d.get("uid"),
        title=d["title"],
        speakers=tuple(Speaker(s["name"], s.get("affiliation")) for s in d.get("speakers", [])),
        start=start,
        end=end,
        room=d.get("room"),
        track=d.get("track"),
        track_description=d.get("track_description"),
        format=d.get("format"),
        abstract=d.get("abstract") or "",
        notes=tuple((k, v) for k, v in (d.get("notes") or {}).items()),
        abstract_only=bool(d.get("abstract_only")),
        conference=d.get("conference") or "",
        sources=tuple(Source(**s) for s in d.get("sources", [])),
        conflicts=tuple(
            Conflict(c["field"], tuple((v["document"], v["value"]) for v in c["values"]))
            for c in d.get("conflicts", [])
        ),
    )

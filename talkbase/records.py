"""The typed records every stage passes around.

Parsers produce `Talk`s with one `Source`; merging joins talks seen in several
documents and records `Conflict`s where they disagree. Search returns `Hit`s.
All are frozen: a stage that changes a record makes a new one.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date, datetime, tzinfo
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

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "affiliation": self.affiliation}


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


@dataclass(frozen=True)
class Why:
    """Why a talk matched: the evidence shown to the person."""

    matched_terms: tuple[str, ...] = ()
    best_sentence: str = ""
    lexical_rank: int | None = None  # 1-based rank in the BM25 list, None if absent
    dense_rank: int | None = None  # 1-based rank in the embedding list
    carried_by: str = ""  # "lexical", "semantic" or "both"

    def to_dict(self) -> dict[str, Any]:
        return {
            "matched_terms": list(self.matched_terms),
            "best_sentence": self.best_sentence,
            "lexical_rank": self.lexical_rank,
            "dense_rank": self.dense_rank,
            "carried_by": self.carried_by,
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

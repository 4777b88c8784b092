"""The typed records every stage passes around.

Parsers produce `Talk`s with one `Source`; merging joins talks seen in several
documents and records `Conflict`s where they disagree. Search returns `Hit`s.
All are frozen: a stage that changes a record makes a new one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime, tzinfo
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from talkbase.core.orgs import canonical_org
from talkbase.core.terms import cancelled_state
from talkbase.core.when import program_date


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
        Services", "IBM Research" -> "IBM"); `affiliation` keeps the text as written.
        Derived, not stored, so old records need no field."""
        if not self.affiliation:
            return None
        return canonical_org(self.affiliation).name or None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "affiliation": self.affiliation, "org": self.org}


@dataclass(frozen=True)
class Source:
    document: str  # file name of the program document
    parser: str  # which parser read it ("digest", "blog", ...)
    location: str  # where in the document, e.g. "line 4" or "char 1200"
    section: str | None = None  # the document's own grouping, e.g. "Core"
    # the document's own revision stamp of the record, where it keeps one: iCal's
    # SEQUENCE (how often the event was revised) and its LAST-MODIFIED, else DTSTAMP
    # (an ISO instant in UTC); a newer revision of one event outranks an older one
    sequence: int | None = None
    revised: str | None = None

    @property
    def revision(self) -> tuple[int, str] | None:
        """What orders two revisions of one record: (SEQUENCE, stamp), a missing
        SEQUENCE counting 0 (RFC 5545's default); None when the document keeps none."""
        if self.sequence is None and self.revised is None:
            return None
        return (self.sequence or 0, self.revised or "")


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
    language: str | None = None  # ISO 639-1 code ("en") where the program says it
    links: tuple[tuple[str, str], ...] = ()  # (label, http(s) URL) from the program
    venue: str | None = None  # where the conference is held, as its program says
    # the day of the program the talk belongs to where that is not its start's date:
    # a talk at 00:50 that the program lists under the day before (frab's day change),
    # or a talk the program puts on a day at no time it says (start None)
    program_day: date | None = None

    @property
    def day(self) -> date | None:
        """The day of the program the talk is on: its start's date, or the program's
        own day for a talk after midnight listed under the day before or for a talk
        whose day the program gives but not its time."""
        if self.program_day is not None:
            return self.program_day
        return self.start.date() if self.start else None

    @property
    def calendar_day(self) -> date | None:
        """The date the talk starts on, by the clock of its zone (with `start`, the
        moment a calendar or a spreadsheet reads): the day after its `day` for a talk
        after midnight the program lists under the day before; the program's day for a
        talk it gives no time."""
        return self.start.date() if self.start else self.day

    @property
    def zone(self) -> str | None:
        """The name of the zone the talk's start is in ("Europe/Brussels", or an
        offset such as "UTC+01:00"), as its record writes it; None when untimed."""
        return _zone_name(self.start)

    @property
    def duration_minutes(self) -> int | None:
        """How long the talk lasts, in whole minutes: between its instants (in UTC: a
        talk from 01:30+02:00 to 02:30+01:00, the night summer time ends, lasts 120
        minutes, though its wall clock says 60); None without an end."""
        if self.start and self.end:
            length = self.end.astimezone(UTC) - self.start.astimezone(UTC)
            return int(length.total_seconds() // 60)
        return None

    def note(self, label: str) -> str | None:
        for name, text in self.notes:
            if name == label:
                return text
        return None

    @property
    def cancelled(self) -> bool:
        """Whether the program says the talk will not take place: its "Status" note
        is a word for that (`terms.cancelled_state`). The talk stays in the base."""
        status = self.note("Status")
        return status is not None and cancelled_state(status)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "speakers": [s.to_dict() for s in self.speakers],
            "day": self.day.isoformat() if self.day else None,
            "date": self.calendar_day.isoformat() if self.calendar_day else None,
            "start": self.start.strftime("%H:%M") if self.start else None,
            "end": self.end.strftime("%H:%M") if self.end else None,
            "start_iso": self.start.isoformat() if self.start else None,
            "end_iso": self.end.isoformat() if self.end else None,
            "timezone": self.zone,
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
            "language": self.language,
            "links": [{"label": label, "url": url} for label, url in self.links],
            "venue": self.venue,
            "program_day": self.program_day.isoformat() if self.program_day else None,
        }


# The ranking signals by the name their ranks carry, and how each is said in words.
# The ground holds this vocabulary because `Why`, `carried_by` and the app's evidence
# sentence read it and may import nothing above the ground. The scorers live above:
# index/search/rank/signals.py registers one under each name; registering a signal this
# table does not list adds its entry here (`name_signal`), so a new signal is written
# down once, in the index. The built-in names are the CLI contract (`ranks`,
# `lexical_rank`, `dense_rank`), so they are listed here, in the order they rank.
SIGNALS: dict[str, str] = {
    "lexical": "by words",
    "dense": "by meaning",
    "multilingual": "by meaning in any language",
}
BUILT_IN_SIGNALS: tuple[str, ...] = tuple(SIGNALS)
CLOSE_RANK = 10  # ranks up to this count as a signal finding the talk on its own


def name_signal(name: str, label: str) -> None:
    """Add a signal's name and label to `SIGNALS` (index/search/signals.register calls
    it). A name already listed keeps its label: another one is a ValueError."""
    if not name or not name.isidentifier():
        raise ValueError(f"a signal's name is one word, not {name!r}")
    known = SIGNALS.get(name)
    if known is not None and known != label:
        raise ValueError(f"the signal {name!r} is already said {known!r}, not {label!r}")
    SIGNALS[name] = label


def unname_signal(name: str) -> None:
    """Take a registered signal's name out of `SIGNALS` (the built-in ones stay)."""
    if name not in BUILT_IN_SIGNALS:
        SIGNALS.pop(name, None)


def carried_by(ranks: Mapping[str, int]) -> str:
    """Which of words and meaning carried a hit, from its ranks alone, so the two can
    never disagree: "both" when the lexical and the dense signal each rank it within
    CLOSE_RANK, else the one ranking it best ("lexical" or "semantic": the dense or
    the multilingual signal, whichever ranks it better); "" when none ranked it. Other registered signals show in `ranks`, not here: the
    values of this field are the CLI contract."""
    lex = ranks.get("lexical")
    meaning = [r for n in ("dense", "multilingual") if (r := ranks.get(n)) is not None]
    dense = min(meaning) if meaning else None  # meaning in English or in any language
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

    `ranks` holds the 1-based rank each registered signal gave the talk, by its name
    in `SIGNALS` ("lexical", "dense", ...), in the order they are registered;
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
        out["cancelled"] = self.talk.cancelled
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


def _aware(iso: str | None, zone: tzinfo | None, start: datetime | None = None) -> datetime | None:
    """An ISO timestamp back in its named timezone (America/Los_Angeles, not -07:00);
    None for a moment beyond any program's dates (`when.program_date`), which an older
    talkbase stored ("9999-12-31T20:00:00-08:00"): no clock arithmetic can run on it;
    but the end of a talk whose `start` is within them, a day after it at most, as
    ingest kept it ("2099-12-31 23:00" to "2100-01-01 01:00")."""
    if not iso:
        return None
    moment = datetime.fromisoformat(iso)
    after = start is not None and 0 <= (moment.date() - start.date()).days <= 1
    if not program_date(moment) and not after:
        return None
    return moment.astimezone(zone) if zone is not None and moment.tzinfo else moment


def _links(value: object) -> tuple[tuple[str, str], ...]:
    """`links` as `to_dict` writes them ([{"label", "url"}]; [label, url] pairs read too)."""
    out: list[tuple[str, str]] = []
    for item in value if isinstance(value, list) else []:
        if isinstance(item, dict) and item.get("url"):
            out.append((str(item.get("label") or ""), str(item["url"])))
        elif isinstance(item, list | tuple) and len(item) == 2:
            out.append((str(item[0]), str(item[1])))
    return tuple(out)


def talk_from_dict(d: dict[str, Any]) -> Talk:
    """Inverse of `Talk.to_dict` (extra keys such as score are ignored; a record
    stored before a field existed reads with the field's default)."""
    zone = _zone(d.get("timezone"))
    start = _aware(d.get("start_iso"), zone)
    end = _aware(d.get("end_iso"), zone, start)
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
        language=d.get("language") or None,
        links=_links(d.get("links")),
        venue=d.get("venue") or None,
        program_day=_date_or_none(d.get("program_day")),
    )


def _date_or_none(value: Any) -> date | None:
    """An ISO date from a stored record; None for none or one unreadable."""
    try:
        day = date.fromisoformat(value) if isinstance(value, str) and value else None
    except ValueError:
        return None
    return day if day is not None and program_date(day) else None


@dataclass(frozen=True, init=False)
class Because(Why):
    """A recommendation's evidence: `Why` (matched_terms = the shared words, best_sentence
    = the hit's sentence closest to the saved talk) and `because` (the saved talks it
    follows from), `clashes` (saved talks running at the same time), `reason` (one line),
    `relevance` (how close it is to its interest; the hit's score is capped so that the
    list, in the order drawn, is sorted by score)."""

    because: tuple[int, ...]
    clashes: tuple[int, ...]
    reason: str
    relevance: float

    def __init__(
        self,
        because: Iterable[int] = (),
        clashes: Iterable[int] = (),
        reason: str = "",
        matched_terms: tuple[str, ...] = (),
        best_sentence: str = "",
        ranks: Mapping[str, int] | None = None,
        sentence_source: str = "",
        relevance: float = 0.0,
    ) -> None:
        super().__init__(matched_terms, best_sentence, ranks, sentence_source)
        object.__setattr__(self, "relevance", float(relevance))
        object.__setattr__(self, "because", tuple(because))
        object.__setattr__(self, "clashes", tuple(clashes))
        object.__setattr__(self, "reason", reason)

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.because, self.clashes, self.reason, self.relevance))

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = dict(super().to_dict())
        out.update(because=list(self.because), clashes=list(self.clashes), reason=self.reason)
        out["relevance"] = round(self.relevance, 6)
        return out

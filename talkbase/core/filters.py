"""Search filters as entry points take them: a frozen record, checked where a person's
text comes in (the CLI's options, the API's keywords, the app's facets).

`index.search.limits.filters` turns them into SQL; here they are only values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import date, datetime, time
from typing import Any

from talkbase.core.errors import BadQuery

# Longest filter value taken (characters). No stored name, room, track or title is
# longer (ingest stops short fields at 1,000), so a longer value could match nothing:
# it is refused at once, before it becomes a regex DuckDB chokes on.
MAX_FILTER_CHARS = 1000


def clean_text(value: str) -> str:
    """Text a person typed, made safe to hand to DuckDB: lone surrogates (from
    undecodable bytes) and NULs cannot cross into a UTF-8 query, so they go."""
    value = value.encode("utf-8", "replace").decode("utf-8")
    return value.replace("\x00", "")


def shown(value: object, width: int = 40) -> str:
    """A value for an error sentence: quoted, on one line, and short."""
    text = " ".join(clean_text(str(value)).split())
    return repr(text if len(text) <= width else text[: width - 1] + "…")


@dataclass(frozen=True)
class Filters:
    day: str | None = None  # ISO date ("2026-10-20") or weekday ("Tue", "tuesday")
    after: str | None = None  # talks starting at or after HH:MM
    before: str | None = None  # talks ending at or before HH:MM
    starts_before: str | None = None  # talks starting before HH:MM ("morning": 12:00)
    at: str | None = None  # talks under way at HH:MM: started by then, not yet over
    track: str | None = None  # substring, case-insensitive
    room: str | None = None
    speaker: str | None = None
    org: str | None = None
    conference: str | None = None
    format: str | None = None  # session format ("Birds of a Feather", "Demo Theater")
    max_minutes: str | None = None  # talks lasting at most this many minutes ("short")
    min_minutes: str | None = None  # talks lasting at least this many minutes ("long")
    language: str | None = None  # the talk's language: an ISO 639-1 code or a name ("de", "German")

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            if not isinstance(value, str):
                raise BadQuery(
                    f"the {f.name} filter wants text, not {type(value).__name__} {shown(value)}"
                )
            if len(value) > MAX_FILTER_CHARS:
                raise BadQuery(
                    f"the {f.name} filter is {len(value):,} characters long; "
                    f"a filter takes at most {MAX_FILTER_CHARS:,} characters"
                )

    def active(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name)}

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> Filters:
        """Filters from keyword values (the API's `day=date(...)`, `after=time(...)` or
        text); None is no filter, and a name that is no filter is a BadQuery."""
        unknown = sorted(set(values) - set(FILTER_NAMES))
        if unknown:
            raise BadQuery(f"unknown filter {', '.join(unknown)}; use {', '.join(FILTER_NAMES)}")
        return cls(**{name: _as_text(v) for name, v in values.items() if v is not None})


FILTER_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Filters))
# the limits that are a time of day (a clock time, or a part of the day's bounds)
CLOCK_LIMITS: tuple[str, ...] = ("after", "before", "starts_before", "at")
# the limits that are a name a talk holds: each one alone can match no talk at all (a
# misspelt or unknown name, "--conference Nope"), which an empty result then names
NAMED_LIMITS: tuple[str, ...] = ("conference", "track", "room", "format", "speaker", "org")


def _as_text(value: Any) -> str:
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, time):
        return value.strftime("%H:%M")
    return str(value)

"""Search filters, validated where a person's text comes in, turned into SQL."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, fields
from datetime import date, time
from typing import Any

from talkbase.errors import BadQuery

_WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


@dataclass(frozen=True)
class Filters:
    day: str | None = None  # ISO date ("2026-10-20") or weekday ("Tue", "tuesday")
    after: str | None = None  # talks starting at or after HH:MM
    before: str | None = None  # talks ending at or before HH:MM
    track: str | None = None  # substring, case-insensitive
    room: str | None = None
    speaker: str | None = None
    org: str | None = None
    conference: str | None = None
    format: str | None = None  # session format ("Birds of a Feather", "Demo Theater")

    def active(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name)}


def _hm(value: str, name: str) -> time:
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?", value.strip().lower())
    if not m:
        raise BadQuery(f"--{name} wants a time like 14:30, not {value!r}")
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3) == "pm" and hour < 12:
        hour += 12
    if m.group(3) == "am" and hour == 12:
        hour = 0
    if hour > 23 or minute > 59:
        raise BadQuery(f"--{name} wants a time like 14:30, not {value!r}")
    return time(hour, minute)


# The characters RE2 (DuckDB's regex engine) gives a meaning to. Only these are
# escaped: RE2 rejects a backslash before any other character, so escaping
# "’", "–" or "·" would turn a person's filter into an error.
_RE2_SPECIAL = frozenset(r"\.^$*+?{}[]|()")


def clean_text(value: str) -> str:
    """Text a person typed, made safe to hand to DuckDB: lone surrogates (from
    undecodable bytes) and NULs cannot cross into a UTF-8 query, so they go."""
    value = value.encode("utf-8", "replace").decode("utf-8")
    return value.replace("\x00", "")


def words_pattern(value: str) -> str:
    """A case- and accent-insensitive regex for `value` as whole words: "Intel"
    matches "Intel" and "Intel Labs" but not "Artificial Intelligence".
    Every character but RE2's own metacharacters is matched literally."""
    plain = "".join(
        c
        for c in unicodedata.normalize("NFKD", clean_text(value).strip())
        if not unicodedata.combining(c)
    )
    escaped = "".join("\\" + c if c in _RE2_SPECIAL else c for c in plain)
    return rf"(?i)(^|[^\w]){escaped}($|[^\w])"


def org_pattern(value: str) -> str:
    """Like `words_pattern`, for an organisation under any of its spellings:
    "AWS" matches "Amazon Web Services" and "Amazon" (ingest.orgs holds the table)."""
    from ingest.orgs import aliases

    spellings = [a for a in dict.fromkeys((value.strip(), *aliases(value))) if a.strip()]
    if len(spellings) <= 1:
        return words_pattern(value)
    parts = []
    for s in spellings:
        plain = "".join(
            c
            for c in unicodedata.normalize("NFKD", clean_text(s).strip())
            if not unicodedata.combining(c)
        )
        parts.append("".join("\\" + c if c in _RE2_SPECIAL else c for c in plain))
    return rf"(?i)(^|[^\w])({'|'.join(parts)})($|[^\w])"


def sql_literal(value: Any) -> str:
    """`value` written as a DuckDB SQL literal. The query path inlines its few values
    this way because binding Python parameters makes DuckDB import pandas (over a
    second in a new process). Strings are quoted by the SQL standard (a quote
    doubled; backslashes have no meaning there) after `clean_text`."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, date):
        return f"DATE '{value.isoformat()}'"
    if isinstance(value, time):
        return f"TIME '{value.isoformat()}'"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(sql_literal(v) for v in value) + "]"
    return "'" + clean_text(str(value)).replace("'", "''") + "'"


def inline(where: str, params: list[Any]) -> str:
    """A clause from `to_sql` with its parameters written in (see `sql_literal`)."""
    pieces = where.split("?")
    if len(pieces) != len(params) + 1:
        raise ValueError("one parameter per placeholder")
    return "".join(p + sql_literal(v) for p, v in zip(pieces, params, strict=False)) + pieces[-1]


def _text_filter(f: Filters, name: str) -> str | None:
    """A text filter's value. Whitespace alone would match nearly every talk,
    so it is refused rather than silently treated as a filter."""
    value = getattr(f, name)
    if value is None or value == "":
        return None
    value = clean_text(value)
    if not value.strip():
        raise BadQuery(f"--{name} needs something to match, not only spaces")
    return value


def to_sql(f: Filters) -> tuple[str, list[Any]]:
    """A WHERE clause over the `talks` table (alias t) and its parameters."""
    clauses: list[str] = []
    params: list[Any] = []
    if f.day:
        d = f.day.strip().lower()
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", d):
            try:
                clauses.append("t.day = ?")
                params.append(date.fromisoformat(d))
            except ValueError as exc:
                raise BadQuery(f"--day {f.day!r} is not a real date") from exc
        elif d[:3] in _WEEKDAYS and (len(d) == 3 or "day" in d or d.endswith(".")):
            clauses.append("isodow(t.day) = ?")
            params.append(_WEEKDAYS.index(d[:3]) + 1)
        else:
            raise BadQuery(
                f"--day wants a date like 2026-10-20 or a weekday like Tue, not {f.day!r}"
            )
    if f.after:
        clauses.append("CAST(t.start_time AS TIME) >= ?")
        params.append(_hm(f.after, "after"))
    if f.before:  # a talk without an end time ends, for this purpose, when it starts
        clauses.append("CAST(coalesce(t.end_time, t.start_time) AS TIME) <= ?")
        params.append(_hm(f.before, "before"))
    for name, column in (
        ("track", "t.track"),
        ("room", "t.room"),
        ("conference", "t.conference"),
        ("format", "t.format"),
    ):
        value = _text_filter(f, name)
        if value:
            clauses.append(f"regexp_matches(strip_accents({column}), ?)")
            params.append(words_pattern(value))
    speaker, org = _text_filter(f, "speaker"), _text_filter(f, "org")
    if speaker or org:
        sub = ["ts.talk_id = t.id"]
        if speaker:
            sub.append("regexp_matches(strip_accents(s.name), ?)")
            params.append(words_pattern(speaker))
        if org:
            sub.append("regexp_matches(strip_accents(ts.affiliation), ?)")
            params.append(org_pattern(org))
        clauses.append(
            "EXISTS (SELECT 1 FROM talk_speakers ts JOIN speakers s ON s.id = ts.speaker_id WHERE "
            + " AND ".join(sub)
            + ")"
        )
    return (" AND ".join(clauses) or "TRUE"), params

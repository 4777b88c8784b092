"""Search filters (`talkbase.core.filters.Filters`, checked where a person's text comes
in) turned into SQL, and the check that a statement only reads."""

from __future__ import annotations

import re
import unicodedata
from datetime import date, timedelta
from typing import Any

from index.store.schema import LENGTH_MINUTES
from talkbase.core.errors import BadFilter, BadQuery
from talkbase.core.filters import CLOCK_LIMITS, MAX_FILTER_CHARS, Filters, clean_text
from talkbase.core.filters import shown as _shown
from talkbase.core.languages import language_code
from talkbase.core.orgs import aliases
from talkbase.core.terms import WEEKDAY_ABBREVIATIONS
from talkbase.core.when import LAST_HOUR, NIGHT_ENDS, NIGHT_GAP

_WEEKDAYS = WEEKDAY_ABBREVIATIONS

__all__ = [
    "MAX_FILTER_CHARS",
    "Filters",
    "clean_text",
    "one_line",
    "org_pattern",
    "read_only_sql",
    "to_sql",
    "words_pattern",
]


def _hm(value: str, name: str) -> int:
    """A clock time as minutes from the program day's midnight: "14:30", "3pm", and
    past midnight as the day's night goes on ("24:00" is midnight, "25:30" half past
    one that night: a talk a program lists under the day before), or BadQuery."""
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?", value.strip().lower())
    if not m:
        raise BadFilter(name, f"wants a time like 14:30, not {_shown(value)}")
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3) and hour > 23:  # "3pm" and (as ever) "13pm"; never "25pm"
        raise BadFilter(name, f"wants a time like 14:30, not {_shown(value)}")
    if m.group(3) == "pm" and hour < 12:
        hour += 12
    if m.group(3) == "am" and hour == 12:
        hour = 0
    if hour > LAST_HOUR or minute > 59:
        raise BadFilter(name, f"wants a time like 14:30, not {_shown(value)}")
    return hour * 60 + minute


MOST_MINUTES = 7 * 24 * 60  # a week: no talk lasts longer


def _minutes(value: str | None, name: str) -> int | None:
    """A limit on a talk's length in whole minutes (None: no limit), or BadQuery."""
    if value is None or value == "":
        return None
    text = value.strip()
    if not re.fullmatch(r"[0-9]{1,6}", text) or not 1 <= int(text) <= MOST_MINUTES:
        raise BadFilter(name, f"wants a number of minutes like 30, not {_shown(value)}")
    return int(text)


# The characters RE2 (DuckDB's regex engine) gives a meaning to. Only these are
# escaped: RE2 rejects a backslash before any other character, so escaping
# "’", "–" or "·" would turn a person's filter into an error.
_RE2_SPECIAL = frozenset(r"\.^$*+?{}[]|()")


def unmarked(value: str) -> str:
    """`value` as DuckDB's `strip_accents` writes a column it is matched against: its
    marks (Unicode's categories Mn, Mc, Me) dropped and the rest composed again, so a
    Hangul syllable stays whole ("그랜드볼룸", never its jamo) as it does in the column.
    (Compatibility forms are read as their plain letters too: "ﬁ" is "fi".)"""
    decomposed = unicodedata.normalize("NFKD", clean_text(value).strip())
    kept = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
    return unicodedata.normalize("NFC", kept)


def words_pattern(value: str) -> str:
    """A case- and accent-insensitive regex for `value` as whole words: "Intel"
    matches "Intel" and "Intel Labs" but not "Artificial Intelligence".
    Every character but RE2's own metacharacters is matched literally."""
    escaped = "".join("\\" + c if c in _RE2_SPECIAL else c for c in unmarked(value))
    return rf"(?i)(^|[^\w]){escaped}($|[^\w])"


def speaker_pattern(value: str) -> str:
    """Like `words_pattern`, for a person's name of two words in either order: "Anna
    Kovács" matches "Kovács Anna", as a program that writes the family name first
    (Hungarian, Chinese, Japanese) has it, and as the query reader reads it."""
    said = unmarked(value).split()
    if len(said) != 2:
        return words_pattern(value)
    parts = ["\\s+".join(_escaped(w) for w in ws) for ws in (said, said[::-1])]
    return rf"(?i)(^|[^\w])({'|'.join(parts)})($|[^\w])"


def _escaped(text: str) -> str:
    """`text` with RE2's metacharacters escaped."""
    return "".join("\\" + c if c in _RE2_SPECIAL else c for c in text)


def org_pattern(value: str) -> str:
    """Like `words_pattern`, for an organisation under any of its spellings:
    "AWS" matches "Amazon Web Services" and "Amazon" (talkbase.core.orgs holds the table)."""
    spellings = [a for a in dict.fromkeys((value.strip(), *aliases(value))) if a.strip()]
    if len(spellings) <= 1:
        return words_pattern(value)
    parts = []
    for s in spellings:
        parts.append("".join("\\" + c if c in _RE2_SPECIAL else c for c in unmarked(s)))
    return rf"(?i)(^|[^\w])({'|'.join(parts)})($|[^\w])"


def _text_filter(f: Filters, name: str) -> str | None:
    """A text filter's value. Whitespace alone would match nearly every talk,
    so it is refused rather than silently treated as a filter."""
    value = getattr(f, name)
    if value is None or value == "":
        return None
    value = clean_text(value)
    if not value.strip():
        raise BadFilter(name, "needs something to match, not only spaces")
    return value


# The talk's program day: `talks.day`, or, where the program gives no day of its own to
# any talk after midnight, the day before for a talk that starts after midnight and
# before `NIGHT_ENDS` when that day's night runs on to it without a break: its talks,
# each followed by at most `NIGHT_GAP`, cover the time from midnight to the talk's start
# (talkbase/core/when.py says the rule). Such a span has no gap when midnight is covered
# and every end of a talk's cover before the talk's start lies in another talk's cover.
_NIGHT_TALKS = (
    "FROM talks {a} WHERE {a}.conference IS NOT DISTINCT FROM t.conference"
    " AND {a}.start_time < t.start_time"
    " AND {a}.start_time >= CAST(t.day AS TIMESTAMP) - INTERVAL 1 DAY"
    " AND t.start_hm < '{ends}'"  # (only a talk before the night's end asks: fast)
)
_REACH = "(coalesce({a}.end_time, {a}.start_time) + INTERVAL {gap} MINUTE)"
# The store lists the talks it files under an earlier day than the date they start on
# (`reads.night_days`): what the day filter reads is what every view says
# (`KnowledgeBase.nights`): a card's day, the Program grid's and the agenda's days.
PROGRAM_DAY = (
    "(CASE WHEN t.start_hm < '{ends}' AND t.day = CAST(t.start_time AS DATE)"
    " AND EXISTS (SELECT 1 {e} AND e.day = t.day - 1 AND {reach_e} >= CAST(t.day AS TIMESTAMP))"
    " AND NOT EXISTS (SELECT 1 {g} AND {reach_g} >= CAST(t.day AS TIMESTAMP)"
    " AND {reach_g} < t.start_time AND NOT EXISTS (SELECT 1 {f}"
    " AND f.start_time <= {reach_g} AND {reach_f} > {reach_g}))"
    " AND NOT EXISTS (SELECT 1 FROM talks o WHERE o.conference IS NOT DISTINCT FROM"
    " t.conference AND o.day < CAST(o.start_time AS DATE))"
    " THEN t.day - 1 ELSE t.day END)"
).format(
    ends=NIGHT_ENDS.strftime("%H:%M"),
    **{f"{a}": _NIGHT_TALKS.format(a=a, ends=NIGHT_ENDS.strftime("%H:%M")) for a in "egf"},
    **{f"reach_{a}": _REACH.format(a=a, gap=NIGHT_GAP // timedelta(minutes=1)) for a in "egf"},
)
# minutes from the midnight that begins the talk's program day (`PROGRAM_DAY`) to a time
_ON_DAY = f"date_diff('minute', CAST({PROGRAM_DAY} AS TIMESTAMP), {{}})"
# ...and from the midnight of the talk's own date, for a clock time before `NIGHT_ENDS`
# ("after 03:00", "before 05:00 on Saturday": that date's small hours, by its clock)
_OWN_DATE = "coalesce(CAST(t.start_time AS DATE), t.day)"
_NIGHT_MINUTES = NIGHT_ENDS.hour * 60 + NIGHT_ENDS.minute
_ON_DATE = f"date_diff('minute', CAST({_OWN_DATE} AS TIMESTAMP), {{}})"


def to_sql(f: Filters) -> tuple[str, list[Any]]:
    """A WHERE clause over the `talks` table (alias t) and its parameters."""
    clauses: list[str] = []
    params: list[Any] = []
    # the day, and the day before it (for a talk of that day still under way: `at`)
    day: tuple[str, Any, Any] | None = None
    # a clock time before the night's end names that date's small hours: the query's day
    # and clock limits are then read on each talk's own date, not its program day
    small = any(
        getattr(f, name) and _hm(getattr(f, name), name) < _NIGHT_MINUTES for name in CLOCK_LIMITS
    )
    on_day, on_clock = (_OWN_DATE, _ON_DATE) if small else (PROGRAM_DAY, _ON_DAY)
    if f.day:
        d = f.day.strip().lower()
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", d):
            try:
                on = date.fromisoformat(d)
            except ValueError as exc:
                raise BadFilter("day", f"{_shown(f.day)} is not a real date") from exc
            day = (f"{on_day} = ?", on, on - timedelta(days=1))
        elif d[:3] in _WEEKDAYS and (len(d) == 3 or "day" in d or d.endswith(".")):
            number = _WEEKDAYS.index(d[:3]) + 1
            day = (f"isodow({on_day}) = ?", number, (number - 2) % 7 + 1)
        else:
            raise BadFilter(
                "day", f"wants a date like 2026-10-20 or a weekday like Tue, not {_shown(f.day)}"
            )
        if not f.at:
            clauses.append(day[0])
            params.append(day[1])
    # clock times are read on the talk's program day: a talk at 00:50 that the program
    # lists under the day before is "after 22:00" on that day, and a 23:30 talk ending
    # at 00:30 does not end "before 12:00" (minutes from the program day's midnight)
    starts, ends = (
        on_clock.format("t.start_time"),
        on_clock.format("coalesce(t.end_time, t.start_time)"),
    )
    if f.after:
        clauses.append(f"{starts} >= ?")
        params.append(_hm(f.after, "after"))
    if f.before:  # a talk without an end time ends, for this purpose, when it starts
        clauses.append(f"{ends} <= ?")
        params.append(_hm(f.before, "before"))
    if f.starts_before:
        clauses.append(f"{starts} < ?")
        params.append(_hm(f.starts_before, "starts_before"))
    if f.at:  # under way: started by then and ending later (or starting then, no end known)
        at = _hm(f.at, "at")
        ends_at = on_clock.format("t.end_time")
        under = f"{starts} <= ? AND ({ends_at} > ? OR {starts} = ?)"
        # ...or a talk of the day before still under way then (a night that runs into
        # the next day: Thursday 18:00 to Friday 12:00 is under way on Friday at 10:00)
        still = f"{starts} <= ? AND {ends_at} > ?"
        later = at + 24 * 60
        if day is None:
            clauses.append(f"(({under}) OR ({still}))")
            params += [at, at, at, later, later]
        else:
            clauses.append(f"(({day[0]} AND {under}) OR ({day[0]} AND {still}))")
            params += [day[1], at, at, at, day[2], later, later]
    for name, bound in (("max_minutes", "<="), ("min_minutes", ">=")):
        minutes = _minutes(getattr(f, name), name)
        if minutes is not None:  # a talk of unknown length passes no limit on its length
            clauses.append(f"{LENGTH_MINUTES} {bound} ?")  # (from its instants)
            params.append(minutes)
    for name, column in (
        ("track", "t.track"),
        ("room", "t.room"),
        ("conference", "t.conference"),
        # a session type as programs spell it: "Lightning Talk" is "lightning_talk"
        ("format", "regexp_replace(t.format, '[_-]+', ' ', 'g')"),
    ):
        value = _text_filter(f, name)
        if value:
            if name == "format":
                value = re.sub(r"[_-]+", " ", value)
            clauses.append(f"regexp_matches(strip_accents({column}), ?)")
            params.append(words_pattern(value))
    language = _text_filter(f, "language")
    if language:  # as the program says it, or as ingest read it (ingest/language.py)
        code = language_code(language)
        if code is None:
            raise BadFilter(
                "language", f"wants a language like en, de or Italian, not {_shown(language)}"
            )
        clauses.append("json_extract_string(t.record, '$.language') = ?")
        params.append(code)
    speaker, org = _text_filter(f, "speaker"), _text_filter(f, "org")
    if speaker or org:
        sub = ["ts.talk_id = t.id"]
        if speaker:
            sub.append("regexp_matches(strip_accents(s.name), ?)")
            params.append(speaker_pattern(speaker))
        if org:
            sub.append("regexp_matches(strip_accents(ts.affiliation), ?)")
            params.append(org_pattern(org))
        clauses.append(
            "EXISTS (SELECT 1 FROM talk_speakers ts JOIN speakers s ON s.id = ts.speaker_id WHERE "
            + " AND ".join(sub)
            + ")"
        )
    return (" AND ".join(clauses) or "TRUE"), params


# -- read-only SQL ------------------------------------------------------------------

READING_STATEMENTS = ("SELECT", "WITH", "DESCRIBE", "SHOW", "EXPLAIN", "SUMMARIZE")
# what may come before a statement's first word: whitespace, comments, open parentheses
_LEADING = re.compile(r"(?:\s+|--[^\n]*|/\*.*?\*/|\()*", re.DOTALL)
_WORD = re.compile(r"[A-Za-z_]+")
_EXPLAIN = re.compile(r"EXPLAIN(?:\s+ANALY[SZ]E)?\b", re.IGNORECASE)


def _first_word(text: str) -> tuple[str, str]:
    """The first keyword of `text` past comments, whitespace and parentheses
    (upper case; "" when there is none), and the text from that word on."""
    rest = text[_LEADING.match(text).end() :]  # type: ignore[union-attr]  # always matches
    word = _WORD.match(rest)
    return (word.group(0).upper() if word else ""), rest


def read_only_sql(query: str, parser: Any = None) -> str:
    """The one reading statement in `query`, or BadQuery. Two checks must agree:
    DuckDB's own parser (`parser`, a connection; an in-memory one by default) finds
    exactly one statement and calls it a SELECT (or an EXPLAIN of one), and its first
    word past comments and parentheses is SELECT, WITH, DESCRIBE, SHOW, EXPLAIN or
    SUMMARIZE. So a comment, a second statement after ";", a PRAGMA (which DuckDB
    rewrites into a SELECT) or `WITH ... INSERT` never passes for a read."""
    import duckdb

    query = clean_text(query)
    con = parser if parser is not None else duckdb.connect()
    try:
        statements = con.extract_statements(query)
    except duckdb.Error as exc:
        raise BadQuery(f"SQL failed: {one_line(str(exc))}") from exc
    finally:
        if parser is None:
            con.close()
    if not statements:
        raise BadQuery("there is no SQL statement to run, only spaces or comments")
    if len(statements) > 1:
        raise BadQuery(
            f"sql() is read-only and runs one statement at a time, not {len(statements)}"
        )
    kind = statements[0].type
    word, rest = _first_word(query)  # the text as given: DuckDB rewrites a PRAGMA
    if kind == duckdb.StatementType.EXPLAIN and word == "EXPLAIN":
        inner = _EXPLAIN.match(rest)
        if inner is not None:  # EXPLAIN ANALYZE runs what it explains: that must read too
            read_only_sql(rest[inner.end() :], parser)
            return query
    if kind != duckdb.StatementType.SELECT or word not in READING_STATEMENTS:
        shown = word or str(kind).rsplit(".", 1)[-1]
        raise BadQuery(
            f"sql() is read-only: it runs one {', '.join(READING_STATEMENTS[:-1])} or "
            f"{READING_STATEMENTS[-1]} statement, not {shown}"
        )
    return query


def one_line(message: str) -> str:
    """The first line of a (DuckDB) error message, for a one-sentence error."""
    return next((line.strip() for line in message.splitlines() if line.strip()), message)

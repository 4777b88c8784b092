"""The parts a Markdown or plain-text program is read from (ingest/formats/markdown.py
puts them together): headings, ATX or setext, outside code fences (`headings`);
the level the talks are at (`talk_level`); and a talk's block under its heading,
labelled lines ("**When:** 16:20", "Speakers: ...") and paragraphs (`read_block`),
with the clock times and dates in its lines (`times`, `date_of`: a day heading in
words, "Viernes 4 de octubre", in any language CLDR names days and months in, its
year from the document where it gives none); a program's talks as timed list lines
("- 10:00–10:30 · Title — Speaker (Room)": `timed_bullet`, `read_bullet`) or as
pipe tables ("| Zeit | Titel | Referent | Raum |": `pipe_tables`); and the time zone
a document's opening lines state (`stated_zone`: a zone's name, a city, an offset).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, tzinfo
from functools import cache

from ingest import when
from ingest.formats.columns import said_in_another_language, words_label
from ingest.formats.icalnames import people
from ingest.speakers import name_shaped, parse_speakers
from talkbase.core import languages
from talkbase.core.names import PARTICLES, ROLE_OR_ORG
from talkbase.core.orgs import names_organisation
from talkbase.core.records import Speaker
from talkbase.core.terms import (
    EAST_ASIAN,
    OFF_TAIL,
    PROGRAM_WORDS,
    ROOM_WORDS,
    cancelled_state,
    fold,
    format_label,
    placeholder_speaker,
)

ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
FENCE = re.compile(r"^ {0,3}(```|~~~)")
LABEL = re.compile(
    r"^(speakers?|presenters?|authors?|by|with|time|when|date|schedule|room|where|location|"
    r"venue|track|topic|format|type|language|abstract|description|summary|tags|keywords|url|link)"
    r"\s*[:\uff1a]\s*(.*)$",
    re.IGNORECASE,
)
FIELD = {
    "speaker": "speakers",
    "speakers": "speakers",
    "presenter": "speakers",
    "presenters": "speakers",
    "author": "speakers",
    "authors": "speakers",
    "by": "speakers",
    "with": "speakers",
    "time": "when",
    "when": "when",
    "date": "when",
    "schedule": "when",
    "room": "room",
    "where": "room",
    "location": "room",
    "venue": "room",
    "track": "track",
    "topic": "track",
    "format": "format",
    "type": "format",
    "language": "language",
    "abstract": "abstract",
    "description": "abstract",
    "summary": "abstract",
    "tags": "keywords",
    "keywords": "keywords",
    "url": "url",
    "link": "url",
    # whether the talk takes place ("Status: cancelled": `terms.cancelled_state`)
    "status": "status",
}
# the fields a label in another language names (ingest/formats/columns.py, the one
# list of them: "Palestrante:", "Prelegent:", "Sprecher:", "Raum:", "Zeit:") -> the
# field of `FIELD` it gives
_THEIR_FIELDS = {
    "speakers": "speakers",
    "room": "room",
    "start": "when",
    "date": "when",
    "track": "track",
    "format": "format",
    "language": "language",
    "abstract": "abstract",
    "status": "status",
}
_OTHER_LABEL = re.compile(rf"^([^\W\d_][\w\-{languages.MARKS}]{{1,30}})\s*[:\uff1a]\s*(.*)$")


def label_field(word: str) -> str | None:
    """The field of `FIELD` a label names: English's ("Speakers", "When"), or a
    field's name in another language ("Palestrante", "Sprecher", "Sala")."""
    low = word.strip().lower()
    if low in FIELD:
        return FIELD[low]
    return next(
        (mine for theirs, mine in _THEIR_FIELDS.items() if said_in_another_language(low, theirs)),
        None,
    )


def labelled(line: str) -> tuple[str, str] | None:
    """(field, value) of a labelled line ("Speakers: Jane Doe", "Palestrante: Ana
    Souza"), the value maybe empty (the field's text below it); None for any other."""
    m = LABEL.match(line) or _OTHER_LABEL.match(line) or words_label(line)
    fld = label_field(m.group(1)) if m else None
    return (fld, m.group(2)) if m and fld else None


# A clock time needs its minutes, am/pm, an "h" ("14h") or a clock word ("10.00 Uhr",
# "9 Uhr"), so that dates ("20 Oct", "2026-10-20", "16.11.") are not times; a dotted
# one ("10.00") needs am/pm or "Uhr" after it or after the range it begins ("11.00 –
# 11.45 Uhr"). This finds a clock time; `when.parse_clock` reads it.
_AMPM = r"[AaPp]\.?[Mm]\.?"


def _clock_pattern(bare_h: str) -> str:
    return (
        rf"(?<![\d:.])\d{{1,2}}(?:(?::|\s?h\s?)\d{{2}}(?::\d{{2}})?(?:\s*{_AMPM})?|\.\d{{2}}\s*{_AMPM}"
        rf"|\s*{_AMPM}|{bare_h}"
        rf"|(?:\.\d{{2}})?(?=(?:{when.RANGE_SEP}\d{{1,2}}(?:[.:]\d{{2}})?)?\s*Uhr\b)(?:\s*Uhr\b)?)"
        r"(?!\w|:\d)"  # "09:00: Title" is a time and a colon
    )


# an hour alone with its "h" ("14h") begins a range only ("14h - 14h45"; "3h workshop"
# is a length), and ends one
_CLK = _clock_pattern(rf"h(?={when.RANGE_SEP}\d)")
_CLK_END = _clock_pattern("h")
CLOCK_RANGE = re.compile(rf"({_CLK})(?:{when.RANGE_SEP}({_CLK_END}))?")
HAS_CLOCK = re.compile(
    r"\b\d{1,2}(?:[:.]|\s?h\s?)\d{2}\b|\b\d{1,2}\s*[ap]\.?m\b|\b\d{1,2}\s*Uhr\b", re.IGNORECASE
)


@dataclass
class Heading:
    line: int  # 1-based
    level: int
    text: str
    body: int  # 0-based index of the first line under it


@dataclass
class Block:
    fields: dict[str, str] = field(default_factory=dict)
    abstract: list[str] = field(default_factory=list)


def strip_markup(text: str) -> str:
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", text)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)([^*]+?)\*(?![\w*])", r"\1", text)
    text = re.sub(r"(?<![\w_])_(?!\s)([^_]+?)_(?![\w_])", r"\1", text)
    return text.strip()


def headings(lines: list[str]) -> list[Heading]:
    out: list[Heading] = []
    fenced = False
    for i, line in enumerate(lines):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        if m := ATX.match(line):
            if m.group(2).strip():
                out.append(Heading(i + 1, len(m.group(1)), strip_markup(m.group(2)), i + 1))
        elif (
            (m := SETEXT.match(line))
            and i > 0
            and lines[i - 1].strip()
            and (i < 2 or not lines[i - 2].strip())
            and not ATX.match(lines[i - 1])
            and not re.match(r"^\s*(?:[-*+>]|\d+[.)])\s", lines[i - 1])
        ):
            out.append(
                Heading(i, 1 if m.group(1)[0] == "=" else 2, strip_markup(lines[i - 1]), i + 1)
            )
    return out


def talk_level(
    heads: list[Heading], years: tuple[int, ...] = (), langs: tuple[str, ...] = ("en",)
) -> int | None:
    """The level with the most distinct headings (labels such as "Abstract" repeat).

    A heading counts once per day it is under: "Lightning talks" or "Lunch" under
    each day heading are different talks. A level of nothing but day headings is
    not the talk level while deeper headings exist."""
    keys: list[tuple[int, tuple[date | None, str]]] = []
    days: list[date | None] = []  # the date of each day heading
    scope: list[tuple[int, date | None]] = []  # (level, day) of the headings above
    for h in heads:
        while scope and scope[-1][0] >= h.level:
            scope.pop()
        text = h.text.lower()
        label = label_field(text.rstrip(" :")) is not None  # labels stay labels whatever the day
        day = None if label else next((d for _, d in reversed(scope) if d), None)
        keys.append((h.level, (day, text)))
        days.append(date_of(h.text, years, langs) if not HAS_CLOCK.search(h.text) else None)
        scope.append((h.level, days[-1]))
    deepest = max((h.level for h in heads), default=0)
    best: tuple[int, int] | None = None
    for level in sorted({h.level for h in heads}):
        mine = [k for lv, k in keys if lv == level]
        distinct = len(set(mine))
        if distinct < 0.8 * len(mine):
            continue
        only_days = all(d for h, d in zip(heads, days, strict=True) if h.level == level)
        if level < deepest and only_days:
            continue
        if best is None or distinct >= best[1]:
            best = (level, distinct)
    return best[0] if best else None


def _candidates(text: str) -> tuple[str, ...]:
    """A heading and its parts between spaced dashes or after a colon: "Day 1 —
    Friday, October 4" is a day by its second part; and what it says in parentheses,
    whole or up to one of its commas: "Day 1 (Tuesday 24 October 2023, Dublin)" is a
    day by "Tuesday 24 October 2023"."""
    inner: list[str] = []
    for said in re.findall(r"\(([^()]{6,80})\)", text):
        parts = said.split(", ")
        inner += [", ".join(parts[:k]) for k in range(len(parts), 0, -1)]
    return (text, *re.split(r"\s[\u2013\u2014-]\s|:\s", text), *inner)


def date_of(
    text: str, years: tuple[int, ...] = (), langs: tuple[str, ...] = ("en",)
) -> date | None:
    """The date a heading or a line is (or begins with); a day in words without a year
    ("Viernes 4 de octubre") takes the first of `years` (the document's) it falls on,
    read in the languages `langs` (the document's, `day_languages`)."""
    for candidate in _candidates(text):
        found = when.parse_date(strip_markup(candidate))
        if found:
            return found
    m = re.search(r"\d{4}-\d{2}-\d{2}", text)
    if m and when.parse_date(m.group()):
        return date.fromisoformat(m.group())
    cjk = when.cjk_date(when.CJK_MONTH_DAY, strip_markup(text))
    if cjk:  # "10月17日（六）": its month and day, on the document's year
        return _on((None, int(cjk.group(2)), int(cjk.group(1)), None), years)
    spoken = spoken_in(text, langs)
    if spoken:
        return _on(spoken, years)
    # (a date of the Ethiopian calendar that names its year: "ቅዳሜ፣ ነሐሴ 16 ቀን 2018 ዓ.ም.")
    return next(filter(None, map(when.ethiopian_date, _candidates(strip_markup(text)))), None)


def other_calendar_day(text: str) -> str | None:
    """The calendar a heading's date is of where this reader does not read it as a
    day: "the Ethiopian calendar" for one that names no year ("ቅዳሜ፣ ነሐሴ 16"), or
    whose weekday is another day (`when.ethiopian_date`); None for any other text."""
    said = any(when.ethiopian_day(c) for c in _candidates(strip_markup(text)))
    return "the Ethiopian calendar" if said and date_of(text) is None else None


MARKS = languages.MARKS
# a number, or a word with its inner hyphens and its combining marks: Portuguese
# weekdays are one word ("quinta-feira", as CLDR writes them), Thai months too
# ("พฤศจิกายน", its vowel signs marks)
_LETTERS = languages.LETTERS
_TOKEN = re.compile(rf"\d{{1,4}}|{_LETTERS}(?:-{_LETTERS})*")
# a date's word may hold dots between its letters too: Thai's abbreviated months as
# CLDR writes them ("พ.ย.", "ธ.ค.": `_calendar_words`)
_DATE_TOKEN = re.compile(rf"\d{{1,4}}|{_LETTERS}(?:[-.]{_LETTERS})*")
_FILLER = 3  # the longest small word between a spoken date's parts: "de", "of", "den", "th"


@dataclass(frozen=True)
class _Calendar:
    """A language's words of a date: its months and weekdays (`languages.month_names`,
    `weekday_names`), the first words of those written in two ("tháng 11", "thứ bảy"
    in Vietnamese), and the words it may put between a date's parts beyond small ones
    (`languages.date_unit_names`: "ngày 7 tháng 11 năm 2026", in a language whose
    months are counted)."""

    months: dict[str, int]
    weekdays: dict[str, int]
    firsts: frozenset[str]
    units: frozenset[str]

    def joined(self, tokens: list[str]) -> list[str]:
        """`tokens` with each two that make one month or weekday name one token."""
        if not self.firsts.intersection(tokens):
            return tokens
        out: list[str] = []
        k = 0
        while k < len(tokens):
            pair = " ".join(tokens[k : k + 2])
            if k + 1 < len(tokens) and (pair in self.months or pair in self.weekdays):
                out.append(pair)
                k += 2
            else:
                out.append(tokens[k])
                k += 1
        return out


@cache
def _calendar_words(code: str) -> _Calendar:
    months, weekdays = languages.month_names(code), languages.weekday_names(code)
    # a month abbreviated as CLDR abbreviates it ("Oct 17", "18. Okt"), three letters
    # or more, where it is no other month's name
    short = languages.month_names(code, "abbreviated").items()
    months = {**{a: m for a, m in short if len(a) >= 3 and months.get(a, m) == m}, **months}
    # a weekday abbreviated as CLDR abbreviates it ("Di 9 Juni 2026", "Tue 9 June"), two
    # letters or more, where it is no month's name nor another weekday's
    named = languages.weekday_names(code, "abbreviated").items()
    weekdays = {
        **{a: d for a, d in named if len(a) >= 2 and a not in months and a not in weekdays},
        **weekdays,
    }
    if glued := languages.weekday_glued(code):  # "วันเสาร์ที่": the weekday and "ที่"
        weekdays = {**weekdays, **{f"{w}{glued}": d for w, d in weekdays.items()}}
    if glued := languages.month_glued(code):  # "בנובמבר": "ב" and the month
        months = {**months, **{f"{glued}{w}": m for w, m in months.items()}}
    firsts = frozenset(n.split()[0] for n in [*months, *weekdays] if " " in n)
    # the words for day and year go between a date's parts only in a language that
    # counts its months ("tháng 11": "ngày 7 tháng 11 năm 2026"); English's "Day 1 · May
    # 2026" is a program's first day, no 1 May
    counted = any(re.search(r"\d", m) for m in months)
    return _Calendar(
        months, weekdays, firsts, languages.date_unit_names(code) if counted else frozenset()
    )


Spoken = tuple[int | None, int, int, int | None]


def _readings(text: str, langs: tuple[str, ...]) -> list[tuple[str, Spoken, bool]]:
    """(language, (weekday or None, day, month, year or None), whether it names a
    weekday) for each of `langs` in which `text` is nothing but a date in words: it
    begins with a weekday, its day or its month, ends with its day, month, year or
    weekday (or an ordinal's ending, "4th"), and any other word between is a small one
    ("de", "of") or the language's word for a day, month or year ("ngày 7 tháng 11
    năm 2026"). A month or weekday name of two words is one ("tháng 11", "thứ bảy")."""
    split = _DATE_TOKEN.findall(fold(text))
    if not 2 <= len(split) <= 10:
        return []
    out: list[tuple[str, Spoken, bool]] = []
    for code in langs:
        calendar = _calendar_words(code)
        months, weekdays, units = calendar.months, calendar.weekdays, calendar.units
        tokens = calendar.joined(split)
        # (a year of the era the language counts in, as the Gregorian calendar counts
        # it: Thai "14 พฤศจิกายน 2569" is 14 November 2026, `when.ERAS`)
        era = when.ERAS.get(code, 0)
        numbers = [when.common_year(int(t), era) for t in tokens if t.isdigit()]
        words = [t for t in tokens if not t.isdigit()]
        days = [n for n in numbers if 1 <= n <= 31]
        years = [n for n in numbers if 1900 <= n <= 2100]
        if len(tokens) > 8 or len(days) != 1 or len(days) + len(years) != len(numbers):
            continue
        month = [months[w] for w in words if w in months]
        weekday = [weekdays[w] for w in words if w in weekdays and w not in months]
        rest = [w for w in words if w not in months and w not in weekdays]
        first, last = tokens[0], tokens[-1]
        opens = first.isdigit() or first in months or first in weekdays or first in units
        ends = opens and (
            last.isdigit()
            or last in months
            or last in weekdays  # "5 Aralık 2026, Cumartesi"
            or (len(tokens) > 1 and tokens[-2].isdigit())
        )
        small = all(len(w) <= _FILLER or w in units for w in rest)
        if ends and len(month) == 1 and len(weekday) <= 1 and small:
            out.append(
                (
                    code,
                    (
                        weekday[0] if weekday else None,
                        days[0],
                        month[0],
                        years[0] if years else None,
                    ),
                    bool(weekday),
                )
            )
    return out


def spoken_day(text: str, langs: tuple[str, ...] = ("en",)) -> Spoken | None:
    """(weekday 0-6 or None, day, month, year or None) of a text that is nothing but
    a date in words of one of `langs` ("Viernes 4 de octubre", "Samstag, 5. Oktober
    2024", "Friday, October 4"): months and weekdays as CLDR writes them
    (talkbase/core/languages.py), small words between; None for anything else ("Mac
    OS 9" is no day in English, "Vue 3 in May" begins with no part of a date)."""
    found = _readings(text, langs)
    return found[0][1] if found else None


def spoken_in(text: str, langs: tuple[str, ...] = ("en",)) -> Spoken | None:
    """`spoken_day` of a heading or of one of its parts (`_candidates`)."""
    for candidate in _candidates(strip_markup(text)):
        if found := spoken_day(candidate, langs):
            return found
    return None


def day_languages(heads: list[Heading], text: str) -> tuple[str, ...]:
    """The languages a document's day headings are read in: English, each language in
    which one of its headings names a weekday and a month ("Viernes 4 de octubre"),
    and the language its text is written in (`ingest.language.guess`). A word that is
    a month only in some other language ("mac", Malay for March) names no day."""
    found: list[str] = ["en"]
    for h in heads:
        first = _TOKEN.findall(fold(strip_markup(h.text)))[:1]
        for candidate in _candidates(strip_markup(h.text)):
            found += [
                code
                for code, _, weekday in _readings(candidate, languages.written_in())
                # (or a numbered day in that language's word for a day and its date:
                # "Tag 2 (18. Okt)")
                if weekday or (candidate != h.text and first and _day_noun(first[0], code))
            ]
    if len(set(found)) == 1 and any(
        _readings(c, languages.written_in())
        for h in heads
        for c in _candidates(strip_markup(h.text))
    ):
        from ingest.language import guess  # the identifier loads only where it may matter

        if (code := guess("", " ".join(text[:20000].split()))) and code in languages.written_in():
            found.append(code)
    return tuple(dict.fromkeys(found))


def _day_noun(word: str, code: str) -> bool:
    """Whether a folded word is `code`'s word for a day ("tag", "dag", "jour": CLDR's
    unit name, three letters or more)."""
    return len(word) >= 3 and word in {fold(n) for n in languages.unit_names(code, "duration-day")}


def _on(spoken: Spoken, years: tuple[int, ...]) -> date | None:
    weekday, day, month, year = spoken
    for candidate in (year,) if year else years:
        try:
            found = date(candidate, month, day)
        except ValueError:
            continue
        if weekday is None or found.weekday() == weekday:
            return found
    return None


def day_problem(text: str, years: tuple[int, ...], langs: tuple[str, ...] = ("en",)) -> str | None:
    """Why a heading that is a day in words is no date (no year in it nor in the
    document, or its weekday falls on no year the document names); None otherwise."""
    spoken = spoken_in(text, langs)
    if spoken is None or _on(spoken, years) is not None:
        return None
    if any(when.parse_date(strip_markup(c)) for c in _candidates(text)):
        return None  # ("Monday 20 Oct 2026": a date its numbers and month give, as read)
    if spoken[3] is None and not years:
        return f"the day heading {text!r} gives no year, and the document names none"
    said = (spoken[3],) if spoken[3] else years
    return f"the day heading {text!r} names a weekday that date is not in {said[0]}"


def document_years(lines: list[str]) -> tuple[int, ...]:
    """The years a document names in its headings and opening lines (front matter, a
    title "PyConES 2024"), most named first: the year of its day headings that give none."""
    found: dict[int, int] = {}
    era = when.era_of(lines)  # (a Thai document's Buddhist-era years: "ThaiDev 2569")
    for no, line in enumerate(lines):
        if no < 30 or ATX.match(line):  # (in any digits: "همایش ۲۰۲۶")
            for y in when.YEAR.findall(when.common_years(line, era)):
                found[int(y)] = found.get(int(y), 0) + 1
    return tuple(sorted(found, key=lambda y: -found[y]))


_STATED_OFFSET = re.compile(r"\b(?:UTC|GMT)\s*([+\-\u2212]\s*\d{1,2}(?::?\d{2})?)(?![\d:])")
_STATED_NAME = re.compile(r"\b[A-Z][a-z]+/[A-Z][A-Za-z_]+(?:/[A-Z][A-Za-z_]+)?\b")
_WORD = languages.WORD  # (a word with its combining marks: "में" is one, no "म")
_ABBREVIATION = re.compile(r"\b[A-Z]{3,4}\b")
# the tz database's areas where people live: a zone of a city is in one
# ("Canada/Eastern" names none, nor do the research stations "Antarctica/Davis")
_AREAS = frozenset(
    ["Africa", "America", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian"]
    + ["Pacific"]
)


@cache
def _time_words() -> frozenset[str]:
    """The word each language talkbase reads days in says a clock's "time" with
    (`languages.time_word`: "time", "zeit", "heure"), folded to lower case."""
    return frozenset(
        {"time"} | {w for c in languages.written_in() if (w := languages.time_word(c))}
    )


@cache
def _hour_words() -> frozenset[str]:
    """Each language's names of the hour of four letters or more (`languages.unit_names`:
    "saat", "hours", "stunden"), with which some say "all times" before a zone's
    abbreviation ("tüm saatler TRT"): read so only there (`_states_time`), as "a
    3-hour workshop" speaks of no zone."""
    return frozenset(
        n
        for c in languages.written_in()
        for n in languages.unit_names(c, "duration-hour")
        if len(n) >= 4 and " " not in n
    )


def _states_time(line: str, name: str) -> bool:
    """Whether a line states its times in the abbreviation `name` it writes: it speaks
    of time (`_says_time`), or says the hour (`_hour_words`) `_CITY_REACH` words before
    it at most in a plural no count is written with ("tüm saatler TRT"; not a length,
    "dauert 3 Stunden CET", "3 hours CET": `_counted_hour_words`, nor after a number)."""
    if _says_time(line):
        return True
    words = _WORD.findall(line)
    hours = _hour_words()
    return any(
        _time_word(w, hours)
        and w.casefold() not in _counted_hour_words()
        and not (k and any(c.isdigit() for c in words[k - 1]))
        and name in words[k + 1 : k + 1 + _CITY_REACH]
        for k, w in enumerate(words)
    )


@cache
def _counted_hour_words() -> frozenset[str]:
    """The names of the hour each language writes after a count
    (`languages.counted_unit_names`: "3 Stunden", "drei Stunden", "3 hours", "3 saat"):
    a length, which states no zone ("dauert 3 Stunden CET" is no "tüm saatler TRT")."""
    return frozenset(
        n for c in languages.written_in() for n in languages.counted_unit_names(c, "duration-hour")
    )


# the endings a word for time takes in a plural ("times", "Zeiten", "heures"), after a
# word of four letters or more: a shorter one ("ora", "tid") is read only whole, so
# that "Oracle", "SaaS" and "Tidal" speak of no time
_PLURAL = ("s", "n", "en", "e", "ler", "lar")  # (Turkish's: "saatler")


# the letters a word of a script without case may join to a word for time before it
# or after it: Arabic's "ب" (by) and "ال" (the) in "بتوقيت", "التوقيت"; Korean's
# particles after it, "시간은", "시간의"
_JOINED = 2


def _time_word(said: str, words: frozenset[str] | None = None) -> bool:
    """Whether a word is a language's word for time (`_time_words`, or one of
    `words`), whole or with a plural's ending ("times", "Zeiten"), or, in a script
    without case, with up to two letters joined before or after it ("بتوقيت", "시간은")."""
    words = _time_words() if words is None else words
    w = said.casefold()
    if w in words:
        return True
    if len(w) > 4 and any(w[: -len(e)] in words for e in _PLURAL if w.endswith(e)):
        return True
    return _caseless(w) and any(
        0 < len(w) - len(t) <= _JOINED and (w.startswith(t) or w.endswith(t))
        for t in words
        if _caseless(t)
    )


def _caseless(word: str) -> bool:
    """Whether a word is of a script without case (Arabic, Korean, Chinese)."""
    return word[:1].isalpha() and word[:1].lower() == word[:1].upper()


def _says_time(line: str) -> bool:
    """Whether a line speaks of time ("All times are…", "Alle Zeiten in…")."""
    return any(_time_word(w) for w in _WORD.findall(line))


# a city names the zone only this many words from a word for time at most ("Berlin
# time", "heure de Paris"; not "…in CET; our speakers fly in from London")
_CITY_REACH = 2


def _stated(near: list[int], i: int, n: int) -> bool:
    """Whether the `n` words from the `i`th state the times: a word for time (at one of
    `near`) stands `_CITY_REACH` words from them at most, outside them ("Alle Zeiten in
    MESZ"; not "Zeit der Übertragung aus Athen: OEZ", nor "…at 14:30 Indian Standard
    Time", whose only word for time is the name's own)."""
    return any(i - _CITY_REACH <= j < i + n + _CITY_REACH and not i <= j < i + n for j in near)


def _city_zone(line: str) -> tzinfo | None:
    """The zone of a city a line names beside its word for time ("Berlin time", "New
    York time"), or of a word made of a city's name and an ending of two letters
    ("Berliner Zeit")."""
    words = _WORD.findall(line)
    near = [j for j, w in enumerate(words) if _time_word(w)]
    for n in (3, 2, 1):
        for i in range(len(words) - n + 1):
            if not _stated(near, i, n):
                continue
            said = " ".join(words[i : i + n])
            if not capitalised(said):  # (a name: "Berlin", "الرياض", "Αθήνα")
                continue
            forms = [said, said[:-2]] if n == 1 and len(said) >= 7 else [said]
            for form in forms:
                name = when.city_zone(form) or ""
                if name.split("/")[0] in _AREAS and (found := when.zone(name)):
                    return found
    return None


# the most words a zone's name has as CLDR writes it ("Central European Summer Time",
# "التوقيت الصيفي المركزي لأمريكا الشمالية")
_NAME_WORDS = 6
_EAST_ASIAN_WORD = re.compile(f"[{languages.UNSPACED}]+")  # (and Thai's: no spaces)


# the letters an inflection adds to a word of a zone's name that CLDR writes in its
# plain form: German's adjective endings ("mitteleuropäischer Sommerzeit", "Indischer
# Normalzeit" for "Mitteleuropäische Sommerzeit", "Indische Normalzeit"), English's
# "Indian Standard Time" for CLDR's "India Standard Time"
_INFLECTED = 2


def _inflected(words: list[str], names: dict[str, str]) -> str | None:
    """The zone of a name of two words or more (`names`: CLDR's, keyed by
    `languages.name_key`) that `words` say with an ending of up to `_INFLECTED`
    letters on its words but the last, each of four letters or more as written; None
    where they say none."""
    if len(words) < 2:
        return None
    forms: list[list[str]] = [[]]
    for word in (w.casefold() for w in words[:-1]):
        cut = [word[: len(word) - k] for k in range(1, _INFLECTED + 1) if len(word) - k >= 4]
        forms = [f + [w] for f in forms for w in (word, *cut)]
    last = words[-1].casefold()
    return next((z for f in forms[1:] if (z := names.get(" ".join([*f, last])))), None)


def _named_zone(line: str) -> tzinfo | None:
    """The zone a line names as CLDR names zones in a language programs are read in
    (`languages.zone_names`): "Central Time", "Korean Standard Time", "한국 표준시",
    ("韓国標準時": in East Asian characters written without spaces, anywhere in a run
    of them); or by such a name without its word for time, beside a word for time and
    begun with a capital ("All times Central", "Eastern time"). A longer name is
    read first."""
    words = _WORD.findall(line)
    full, bare = languages.zone_names(), languages.zone_names(bare=True)
    near = [j for j, w in enumerate(words) if _time_word(w)]
    for n in range(_NAME_WORDS, 0, -1):
        for i in range(len(words) - n + 1):
            key = languages.name_key(" ".join(words[i : i + n]))
            inflected = _inflected(words[i : i + n], full) if _stated(near, i, n) else None
            named = full.get(key) or inflected
            beside = any(j in (i - 1, i + n) for j in near) and capitalised(words[i])
            named = named or (bare.get(key) if beside else None)
            if named and (found := when.zone(named)):
                return found
    runs = [w for w in words if _EAST_ASIAN_WORD.fullmatch(w)]
    for name, named in full.items() if runs else ():
        if len(name) > 2 and _EAST_ASIAN_WORD.fullmatch(name) and any(name in r for r in runs):
            return when.zone(named)
    return None


def _abbreviated_zone(line: str) -> tzinfo | None:
    """The zone of an abbreviation CLDR writes in a language other than English
    ("MESZ", "SEČ", "IST" in Hindi: `languages.zone_abbreviations`), in a line that
    states the times in that language, its word for time beside it (`_stated`: "Alle
    Zeiten in MESZ", "सभी समय IST में हैं"; not "Zeit der Übertragung aus Athen: OEZ")."""
    words = _WORD.findall(line)
    for code, named in languages.zone_abbreviations().items():
        time = languages.time_word(code)
        near = [j for j, w in enumerate(words) if time and _time_word(w, frozenset({time}))]
        said = [w for i, w in enumerate(words) if w in named and _stated(near, i, 1)]
        if said:
            return when.zone(named[said[0]])
    return None


def stated_zone(lines: list[str]) -> tzinfo | None:
    """The time zone a document's opening lines state for its times, in this order:
    an IANA name ("Europe/Madrid", "timezone: Europe/Madrid"); a city beside a word
    for time ("All times are Berlin time", "Alle Zeiten in Berliner Zeit", "بتوقيت
    الرياض"); CLDR's name of a zone ("Central Time", "All times Central", "한국
    표준시": `_named_zone`); an offset ("CEST, UTC+2"); the tz database's name of a
    zone in a line that speaks of time
    ("All times are UTC", "… in CET"). An abbreviation that the database does not
    name ("MESZ", "CEST") says no zone: several share it."""
    for line in lines:
        for name in _STATED_NAME.findall(line):
            if found := when.zone(name):
                return found
    for line in lines:  # (a city beside a word for time: one named in passing says none)
        if found := _city_zone(line):
            return found
    for line in lines:
        if found := _named_zone(line):
            return found
    for line in lines:
        if offset := _STATED_OFFSET.search(line):
            sign = "-" if offset.group(1).lstrip()[:1] in "-\u2212" else "+"
            if found := when.zone(sign + re.sub(r"[^\d:]", "", offset.group(1))):
                return found
    for line in lines:
        for name in _ABBREVIATION.findall(line):
            if (found := when.zone(name)) and _states_time(line, name):
                return found
    for line in lines:
        if found := _abbreviated_zone(line):
            return found
    return None


def ambiguous_zone(lines: list[str]) -> str | None:
    """Where a line that speaks of time (`_says_time`) states the times in an
    abbreviation of several zones (`when.AMBIGUOUS_ZONES`: "All times IST"), which
    `stated_zone` reads as none of them: the abbreviation and the zones it names, for
    a `registry.ZoneUnknown` ("'IST', which names several zones (Asia/Kolkata, …)":
    none is guessed); None where no line does."""
    for line in lines:
        for name in _ABBREVIATION.findall(line):
            if name in when.AMBIGUOUS_ZONES and _states_time(line, name):
                return when.several_zones(name)
    return None


# the parts of a program's title ("PyData Amsterdam 2026 — Programme", "Agenda | NDC
# Oslo 2026", "DevOpsDays, Zürich 2026")
_TITLE_PART = re.compile(r"\s+[|\u2013\u2014\u00b7-]\s+|[,:]\s+")
_CITY_WORDS = 3  # ("Rio de Janeiro", "Ho Chi Minh")


def title_parts(title: str) -> list[str]:
    """A program's title cut into its parts (`_TITLE_PART`)."""
    return [p for p in _TITLE_PART.split(title) if p.strip()]


@cache
def _program_words() -> frozenset[str]:
    """The words a program's title calls it (`terms.PROGRAM_WORDS`), folded."""
    return frozenset(fold(w) for ws in PROGRAM_WORDS.values() for w in ws)


_TITLE_WORD = re.compile(r"[^\s|\u2013\u2014\u00b7:,-][^\s|\u2013\u2014\u00b7:,]*")


def program_word_off(title: str) -> str:
    """A heading that names a conference without the word after its name that calls
    it a program, in any language `terms.PROGRAM_WORDS` holds ("PyCon India 2026 —
    Programme", "पायकॉन इंडिया 2026 — कार्यक्रम", "DevConf 2026 Schedule": "PyCon India
    2026", ...), and the separator before it; the heading as it is where no such word
    ends it, or where no separator ("—", ":", "|") nor year comes before it, so that
    it may be part of the name ("Conference Agenda", "Programme")."""
    words = list(_TITLE_WORD.finditer(title))
    for k in (2, 1):  # (a word of two first: "chương trình", "לוח זמנים")
        if len(words) > k and fold(" ".join(w.group() for w in words[-k:])) in _program_words():
            rest = title[: words[-k].start()].rstrip()
            name = rest.rstrip(" |\u2013\u2014\u00b7:,-")
            if name != rest or when.YEAR.search(name[-4:]):
                return name
    return title


def title_zone(title: str) -> tzinfo | None:
    """The zone of the city a program's title names where conferences name theirs:
    the words right before its year ("PyData Amsterdam 2026", "DevFest Αθήνα 2026"),
    those right after it that end its part ("EuroPython 2026 Prague"), or a part of
    its own ("PyCon 2026 — Lisbon"); a city CLDR names (`when.city_zone`'s
    exemplar: never a tz database link's name, "North" of Australia/North), of an area
    where people live. A city named anywhere else names none."""
    for part in _TITLE_PART.split(title):
        year = when.YEAR.search(part)
        before = _WORD.findall(part[: year.start()] if year else part)
        after = _WORD.findall(part[year.end() :]) if year else []
        for n in range(_CITY_WORDS, 0, -1):
            for said in (before[-n:] if year or len(before) == n else [], after):
                if len(said) != n or not all(capitalised(w) for w in said):
                    continue
                name = when.city_zone(" ".join(said), exemplar=True) or ""
                if name.split("/")[0] in _AREAS and (found := when.zone(name)):
                    return found
    return None


def zone_said(lines: list[str]) -> str | None:
    """The first of a document's opening lines that seems to say the zone of its
    times where `stated_zone` reads none, as written (without its Markdown marks):
    one that speaks of time (`_says_time`), holds no clock time and names something
    after its first word, a word begun with a capital or of a script without case
    ("All times Central Daylight", "بتوقيت الرياض"); None where none does."""
    for line in lines:
        text = strip_markup(line).strip("#*_ \t")
        if not text or text.startswith("|") or HAS_CLOCK.search(text) or not _says_time(text):
            continue
        if any(capitalised(w) and not _time_word(w) for w in _WORD.findall(text)[1:]):
            return text[:120]
    return None


def times(
    text: str, day: date | None, fallback: tzinfo
) -> tuple[datetime | None, datetime | None, str]:
    """Start, end and whatever else the line says (a room, usually)."""
    m = CLOCK_RANGE.search(text)
    if not m or when.late_clock(m.group(1))[0] is None:
        return None, None, text
    before, after = text[: m.start()], text[m.end() :]
    on = date_of(before.strip(" ,|\u00b7-")) if before.strip(" ,|\u00b7-") else None
    rest = after if on is not None or not before.strip(" ,|\u00b7-") else before + " " + after
    on = on or day
    if on is None:
        return None, None, rest
    (first, late), (second, later) = when.late_clock(m.group(1)), when.late_clock(m.group(2) or "")
    if first is None:
        return None, None, rest
    if second is not None and not late and not later:  # "2:00 - 2:45 PM": the PM of both
        first, second = when.range_clocks(m.group(1), m.group(2))
        if first is None:
            return None, None, rest
    start = when.wall_clock(datetime.combine(when.days_on(on, late), first), fallback)
    end = (
        when.wall_clock(datetime.combine(when.days_on(on, later), second), fallback)
        if second
        else None
    )
    # ("22:00–01:00": the night's end, `when.past_midnight`; any other end before the
    # start is judged by `when.talk_end`)
    return start, end and when.past_midnight(start, end), rest


def capitalised(word: str) -> bool:
    """Whether a word begins as a name does: with a capital, or with a letter of a
    script that has no case (Thai "สมชาย", Arabic, Chinese)."""
    first = word[:1]
    return first.isupper() or (first.isalpha() and first.lower() == first.upper())


def names_line(line: str) -> bool:
    """Whether a line is nothing but people's names: one to five capitalised words
    each (or words of a script without case), no digits, no label's colon; a lone
    word in capitals is an acronym ("MIT", "IBM"), no name."""
    people = parse_speakers(line)
    return (
        bool(people)
        and len(line) < 200
        and all(
            1 <= len(s.name.split()) <= 5
            and not (" " not in s.name and s.name.isupper())
            and all(
                capitalised(w)
                or w.lower() in ("de", "van", "von", "der", "da", "di", "la", "le", "du")
                for w in s.name.split()
            )
            and not re.search(r"[\d:\uff1a]", s.name)
            for s in people
        )
    )


def read_block(lines: list[str]) -> Block:
    block = Block()
    pending: str | None = None
    para: list[str] = []

    def flush() -> None:
        nonlocal pending
        if para:
            text = " ".join(para)
            if pending and pending != "abstract":
                block.fields.setdefault(pending, text)
            else:
                block.abstract.append(text)
            pending = None
            para.clear()

    for raw in lines:
        line = strip_markup(re.sub(r"^\s*(?:[-*+>]|\d+[.)])\s+", "", raw)).strip()
        if not line:
            flush()
            continue
        if m := ATX.match(raw):  # a sub-heading inside a talk works as a label
            flush()
            label = strip_markup(m.group(2)).rstrip(":").lower()
            pending = label_field(label) or "abstract"
            continue
        if (said := labelled(line)) and not para:
            fld, value = said
            if value.strip():
                block.fields.setdefault(fld, value.strip())
            else:
                pending = fld
            continue
        if not para and not block.abstract and pending is None:
            names = re.sub(r"^(?:by|with)\s+", "", line, flags=re.IGNORECASE)
            if "speakers" not in block.fields and names_line(names):
                block.fields["speakers"] = names
                continue
            if "when" not in block.fields and HAS_CLOCK.search(line) and len(line) < 120:
                block.fields["when"] = line
                continue
        para.append(line)
    flush()
    return block


# A list line that starts with a clock time or a range ("- 10:00–10:30 · ...", "* 14:00-14:45
# ...", "- **10:00** ..."): a talk of a program written as lists under day headings
_BULLET = re.compile(r"^ {0,3}[-*+][ \t]+(\S.*)$")


@cache
def _leading_time() -> re.Pattern[str]:
    """A list line's leading clock time or range, with the word written after it and
    the separator after that; its groups: "range", its "first" time, its "second". The
    word: "Uhr" ("09:30–10:15 Uhr: Title"), or another word written after a clock
    (`when.clock_suffixes`), as written there, in lower case: one of one letter after a
    clock where a spaced separator or the line's end follows it ("9:00 a 9:30 h ·
    Bienvenida", "11:00 h · Pausa"), a longer one after a range only, where a colon
    may follow it too ("09.00 - 09.30 uur: Welkom"); "09:00 Giờ cao điểm", "10:00–10:30
    Gio — a toolkit", "9:30 h-index", "10:30–11:00 h: the Planck constant" keep theirs,
    and so does "10:00–10:30 gio: setting up Gio" (a word's copy without its accents,
    "gio" of "giờ", is no word written there). A word written after both clocks of a
    range is theirs wherever it stands ("14:00 น.–14:30 น. Title", "14:00 giờ – 15:00
    giờ Title", "11:00 Uhr - 12:00 Uhr Title"); after a lone clock, before a title,
    even with a dot, it may be the title's ("10:00 ч. Ошибки в кэше"), but for one of
    a script written without spaces with its dot and a space ("10:00 น. ชื่อเรื่อง",
    "10:00–10:45 น. ชื่อเรื่อง": Thai's, whose titles run on without spaces)."""
    said = when.clock_suffixes()
    words = [w for w in said if not any(o != w and fold(o) == w for o in said)]
    letters = "|".join(re.escape(w) for w in words if len(w) == 1)
    longer = "|".join(re.escape(w) for w in words if len(w) > 1)
    units = "|".join(re.escape(w) for w in words)
    # a word of a script written without spaces (`languages.UNSPACED`: Thai "น.") with
    # its dot and a space after it begins no title, whose words run on unspaced
    unspaced = (
        "|".join(re.escape(w) for w in words if re.fullmatch(f"[{languages.UNSPACED}]+", w))
        or "(?!)"
    )
    spaced = r"\s+[|\u00b7\u2022\u2013\u2014-]\s|\s*$"
    ends = rf"(?![\w{MARKS}])"  # (no word goes on after it: "14:30 นักพัฒนา" is a title's)
    return re.compile(
        rf"^\(?{when.RANGE_FROM}?(?P<range>(?P<first>{_CLK})"
        rf"(?:\s*(?P<unit>(?i:{units}))\.?{ends}(?={when.RANGE_SEP}\d))?"
        rf"(?:{when.RANGE_SEP}(?P<second>{_CLK_END}))?)\)?"
        rf"(?:(?(unit)\s*(?i:{units})\.?{ends}|(?!))|\s*(?i:uhr)\b|\s*(?:{unspaced})\.(?=\s)"
        rf"|\s+(?:{letters})\.?(?={spaced})|(?(second)\s+(?:{longer})\.?(?={spaced}|:\s)|(?!)))?"
        r"(?:\s*[|\u00b7\u2022:\u2013\u2014-])?\s*"
    )


def _clocks_of(lead: re.Match[str]) -> str:
    """A list line's leading clock time or range (`_leading_time`) without the word
    written after its first clock ("14:00 น.–14:30": "14:00–14:30"), as `times` reads it."""
    if lead.group("unit") and lead.group("second"):
        return f"{lead.group('first')}\u2013{lead.group('second')}"
    return lead.group("range")


_SYMBOLS = re.compile(r"^[^\w(\[\u00bf\u00a1\"\u201c']+")  # "☕ ", "⚡ ", "🍽️ "
_SPEAKERS_AFTER = re.compile(
    # (the bullet " • " parts a line as the middle dot does: sweep 24)
    rf"\s+[\u2013\u2014|\u00b7\u2022-]\s+|\s+--\s+"
    # (beside a character of a script written without spaces, a dash stands bare:
    # "张伟（阿里巴巴）— 主会场")
    rf"|(?<=[{EAST_ASIAN}\uff09])\s*\u2014\s*|\s*\u2014\s*(?=[{EAST_ASIAN}\uff08])"
)
_ROOM_CODE = re.compile(r"^[A-Z]{0,3}[ .-]?\d[\w.\-/]*$")


# the spaced bars and middle dots between a list line's parts ("Zaal 8 | Title")
SEPARATED = re.compile(r"\s+[|\u00b7\u2022]\s+")


# a zone named after a list line's first clock time, then a range ("14:00 CET – 14:45
# CET Title"): one the tz database names by its abbreviation (CET, EET, WET, GMT, UTC,
# EST, MST, HST), the summer time of one (CEST, EEST, WEST) or one of
# `when.ABBREVIATED_ZONES` (JST, EAT), the line read in that zone
_ZONE = rf"({when.ZONE_ABBREVIATION})"
_ZONED_RANGE = re.compile(
    rf"^(\(?\s*\d{{1,2}}[:.h]?\d{{0,2}}\s*(?:[AaPp]\.?[Mm]\.?)?)[ \t]+{_ZONE}"
    rf"(?=\s*{when.RANGE_SEP}\d)"
)
_ZONE_AFTER_END = re.compile(
    rf"^({when.RANGE_SEP}\d{{1,2}}[:.h]?\d{{0,2}}\s*(?:[AaPp]\.?[Mm]\.?)?)[ \t]+{_ZONE}\b(?![-+])"
)
# after a lone clock, or after a range's end alone, a capital word may begin the title
# ("10:00–10:45 UTC Time in Rust", "10:00 EST-based billing"): a zone there only where
# a separator follows it ("11:00–11:45 JST  Title", "10:00 JST · Title", "13:00 JST")
# or the same word stands there on other timed lines of its section (`zones_said`)
_CLOCKS = r"\(?\s*\d{1,2}[:.h]?\d{0,2}\s*(?:[AaPp]\.?[Mm]\.?)?"
_ZONE_AFTER_CLOCKS = re.compile(
    rf"^((?:{when.RANGE_FROM})?{_CLOCKS}(?:{when.RANGE_SEP}{_CLOCKS})?)[ \t]+{_ZONE}\b(?![-+])"
)


def zones_said(texts: list[str]) -> frozenset[str]:
    """The zones' abbreviations that stand after the clock times of most of a
    section's timed list lines, two at least (`timed_bullet`'s texts): "11:00–11:45
    JST Title" on each of them says the zone, not a title's first word; a word that
    begins a few titles ("SAST: …", "CAT tools", "WIT: Women in Tech") says none."""
    counts: dict[str, int] = {}
    for text in texts:
        if (m := _ZONE_AFTER_CLOCKS.match(when.halves_after(text))) and when.zone(m.group(2)):
            counts[m.group(2)] = counts.get(m.group(2), 0) + 1
    return frozenset(z for z, n in counts.items() if n >= 2 and n > len(texts) / 2)


# an abbreviation of several zones after a list line's clock times ("11:00 IST · Title":
# `when.AMBIGUOUS_ZONES`), which no zone is read from
_SEVERAL_AFTER_CLOCKS = re.compile(
    rf"^((?:{when.RANGE_FROM})?{_CLOCKS}(?:{when.RANGE_SEP}{_CLOCKS})?)[ \t]+"
    rf"({'|'.join(when.AMBIGUOUS_ZONES)})\b(?![-+])"
)


def several_said(texts: list[str]) -> frozenset[str]:
    """The abbreviations of several zones (`when.AMBIGUOUS_ZONES`) that stand after
    the clock times of most of a section's timed list lines, two at least, as
    `zones_said` counts those of one zone."""
    counts: dict[str, int] = {}
    for text in texts:
        if m := _SEVERAL_AFTER_CLOCKS.match(when.halves_after(text)):
            counts[m.group(2)] = counts.get(m.group(2), 0) + 1
    return frozenset(z for z, n in counts.items() if n >= 2 and n > len(texts) / 2)


def several_zones(text: str, said: frozenset[str] = frozenset()) -> tuple[str, str | None, bool]:
    """A timed list line's text and the abbreviation of several zones written after its
    clock times (`_SEVERAL_AFTER_CLOCKS`: "11:00 IST · Title"), or None; and whether
    it is taken off the text, as the time's: where a spaced separator or the line's
    end follows it, or most lines of its section write it there (`said`:
    `several_said`). Elsewhere it may begin the title ("10:00 CST tools"), and stays."""
    m = _SEVERAL_AFTER_CLOCKS.match(when.halves_after(text))
    if m is None:
        return text, None, False
    rest = when.halves_after(text)[m.end() :]
    if m.group(2) in said or re.match(r"\s+[|\u00b7\u2013\u2014-]\s|\s*$", rest):
        return m.group(1) + rest, m.group(2), True
    return text, m.group(2), False


def _zoned(text: str, zones: frozenset[str] = frozenset()) -> tuple[str, tzinfo | None]:
    """A list line's text without the zone named after its first clock time (and
    again after the range's end), or after its clock times where it is one of `zones`
    (`zones_said`: most lines of its section name it there), and the zone it names;
    the text as it is and None where it names none there."""
    text = when.halves_after(text)
    m = _ZONED_RANGE.match(text)
    if not m:
        after = _ZONE_AFTER_CLOCKS.match(text)
        rest = text[after.end() :] if after else ""
        if after and after.group(2) in zones:
            if (found := when.zone(after.group(2))) is not None:
                return after.group(1) + rest, found
        return text, None
    name = m.group(2)
    zone = when.zone(name)
    if zone is None:
        return text, None
    rest = text[m.end() :]
    end = _ZONE_AFTER_END.match(rest)
    if end and end.group(2) == name:
        rest = end.group(1) + rest[end.end() :]
    return m.group(1) + rest, zone


def timed_bullet(line: str) -> str | None:
    """The text of a list line that starts with a clock time, its markup off; None
    for any other line. A clock time found is enough: a list of them is a program's
    talks even where one cannot be read (`unread_clocks`)."""
    m = _BULLET.match(line)
    if not m:
        return None
    text = strip_markup(m.group(1))
    return text if _leading_time().match(_zoned(text)[0]) else None


def leading_clocks(text: str) -> list[tuple[time | None, int]]:
    """The clock times a timed list line's text (`timed_bullet`) starts with, as read
    (`when.late_clock`: the clock and the days it runs past its day)."""
    lead = _leading_time().match(_zoned(text)[0])
    return [when.late_clock(c) for c in (lead.group("first", "second") if lead else ()) if c]


def unread_clocks(text: str) -> list[str]:
    """The clock times a timed list line's text (`timed_bullet`) starts with that
    `when.parse_clock` cannot read ("25:00"), as written."""
    lead = _leading_time().match(_zoned(text)[0])
    found = [lead.group("first"), lead.group("second")] if lead else []
    return [c for c in found if c and when.late_clock(c)[0] is None]


def names_its_talk(own: list[str]) -> bool:
    """Whether a heading's own lines give a talk's speakers or its time by label
    ("**Speakers:** Jane Doe", "**When:** 2024-05-10 09:00–12:00"): then it is a
    talk, and its timed list lines are its agenda or its sessions, not talks."""
    for raw in own:
        if timed_bullet(raw) is not None:
            continue
        line = strip_markup(re.sub(r"^\s*(?:[-*+>]|\d+[.)])\s+", "", raw)).strip()
        if (said := labelled(line)) and said[1].strip():
            fld, value = said
            if fld == "speakers" or (fld == "when" and HAS_CLOCK.search(value)):
                return True
    return False


def sessions(own: list[str]) -> tuple[list[tuple[str, str | None]], list[str]]:
    """A talk's timed list lines that give nothing but a time and maybe a room ("-
    10:00–12:00 · Room 1": a workshop given twice), as (time, room), and its other
    lines; a timed line with words of its own ("- 09:00 Setup") is its agenda."""
    found: list[tuple[str, str | None]] = []
    rest: list[str] = []
    for raw in own:
        text = timed_bullet(raw)
        text = _zoned(text)[0] if text is not None else None
        lead = _leading_time().match(text) if text is not None else None
        if text is not None and lead is not None:
            place = text[lead.end() :].strip(" |\u00b7,;-\u2013\u2014()")
            if not place or room_named(place):
                found.append((_clocks_of(lead), place or None))
                continue
        rest.append(raw)
    return found, rest


def room_named(text: str) -> bool:
    """Whether a heading or a "(...)" names a room: a room word in any language
    ("Sala Álvaro Cunqueiro", "Auditorio Abanca", "Main Hall", Vietnamese's two words
    "Hội trường A"), or a room's code ("F1.24")."""
    tokens = _TOKEN.findall(fold(text))
    nouns, phrases = _room_nouns()
    said = f" {' '.join(tokens)} "
    return (
        bool(set(tokens) & nouns)
        or any(p in said for p in phrases)
        or bool(_ROOM_CODE.match(text.strip()))
        # in a script written without spaces a room word stands inside the name
        # ("主会场", "ホールA", "그랜드볼룸", Thai "ห้องประชุมใหญ่"): one of two
        # characters or more
        or any(n in run for run in _UNSPACED_RUN.findall(text) for n in _asian_nouns())
    )


def room_name(text: str) -> bool:
    """Whether a short text is a room's name, not words that mention one: it names a
    room (`room_named`) and has a name's shape, no label's colon and no word but room
    words, capitalised words (or of a script without case), numbers and codes, and
    name particles ("Room Copacabana", "salle Turing", "Sala de Grados", "K.1.105");
    "Chair: Jane Room", "Room for discussion", "streamed from Room 101 to Hall B"
    only mention a room."""
    words = _room_words()
    return (
        room_named(text)
        and ":" not in text
        and all(
            capitalised(w) or not w[:1].isalpha() or w.lower() in PARTICLES or fold(w) in words
            for w in text.split()
        )
    )


@cache
def _room_words() -> frozenset[str]:
    """Every word of the room words (`terms.ROOM_WORDS`), folded: "trường" of "hội trường"."""
    return frozenset(t for ws in ROOM_WORDS.values() for w in ws for t in _TOKEN.findall(fold(w)))


# a run of a script written without spaces (`languages.UNSPACED`: East Asian, Thai)
_UNSPACED_RUN = re.compile(f"[{languages.UNSPACED}]+")


@cache
def _asian_nouns() -> tuple[str, ...]:
    """The room words of two characters or more of a script written without spaces
    (East Asian, Thai: `_UNSPACED_RUN`), as written (their marks are no accents:
    `fold` would take kana's voicing marks, Hangul and Thai's tone marks apart)."""
    words = (w for ws in ROOM_WORDS.values() for w in ws)
    return tuple(w for w in words if len(w) >= 2 and _UNSPACED_RUN.fullmatch(w))


@cache
def _room_nouns() -> tuple[frozenset[str], tuple[str, ...]]:
    """The room words (`terms.ROOM_WORDS`) of one word, folded, and those of several,
    as " word word " (so that they are found among a text's words)."""
    folded = [" ".join(_TOKEN.findall(fold(w))) for ws in ROOM_WORDS.values() for w in ws]
    return (
        frozenset(w for w in folded if " " not in w),
        tuple(f" {w} " for w in folded if " " in w),
    )


@dataclass
class Bullet:
    title: str
    speakers: tuple[Speaker, ...]
    start: datetime | None
    end: datetime | None
    room: str | None
    format: str | None
    status: str = ""  # what calls it off, as the line says it ("ODWOŁANE", "entfällt")
    # (a line of its document's shape, `ListShape`, whose parts after the title were not
    # told as speakers and room: kept whole as its title, said once by the document)
    unsplit: bool = False
    # its last parts that are labelled lines ("· Chủ đề: AI · Loại: Bài nói · Ngôn ngữ:
    # Tiếng Việt": `labelled`), as (field of `FIELD`, value), in the line's order
    labels: tuple[tuple[str, str], ...] = ()


def _people(text: str, caseless: bool = False) -> tuple[Speaker, ...]:
    """The speakers of a list line's tail ("Luis Gómez y Carmen Ruiz", "Jane Doe
    (Acme), Max Muster"), or () when it is no list of names. Names in a script with no
    capitals count only where the line says so beyond their shape (`caseless`: a room
    named after them, "— สมชาย ใจดี — ห้อง A"): "基調講演 — 機械学習の未来" is a
    title and its subtitle."""
    found: list[Speaker] = []
    for s in parse_speakers(text):
        for p in people(s.name):
            if found and not found[-1].affiliation and names_organisation(p.name):
                # "Max Muster, Acme Corp": the organisation is the speaker's affiliation
                found[-1] = replace(found[-1], affiliation=p.name)
            else:
                found.append(replace(p, affiliation=s.affiliation))
    out = tuple(found)
    ok = all(
        1 <= len(s.name.split()) <= 5
        and all(
            (capitalised(w) if caseless else w[:1].isupper()) or w.lower() in PARTICLES
            for w in s.name.split()
        )
        and not re.search(r"\d", s.name)
        for s in out
    )
    return out if out and ok and len(text) < 200 else ()


def rooms_said(texts: list[str]) -> frozenset[str]:
    """The last parts of a section's timed list lines of three parts or more (`timed_bullet`'s
    texts: "Title — Speaker — Grand Ballroom") said on two lines or more, after two
    different parts: a place the talks share, a room, though it has no room word (a
    speaker's talks are seldom all last)."""
    before: dict[str, set[str]] = {}  # each last part -> the parts said before it
    for text in texts:
        plain = _zoned(text)[0]
        lead = _leading_time().match(plain)
        rest = plain[lead.end() :] if lead else plain
        if len(cuts := list(_SPEAKERS_AFTER.finditer(rest))) >= 2:
            last = rest[cuts[-1].end() :].strip()
            said = rest[cuts[-2].end() : cuts[-1].start()].strip()
            before.setdefault(last, set()).add(said)
    # (after two different parts at least: "Title — Workshop — Ana Lima" twice has its
    # speaker last, the kind of session before her; review)
    return frozenset(part for part, said in before.items() if len(said) >= 2 and len(part) <= 40)


def rooms_after_speakers(texts: list[str]) -> bool:
    """Whether a document's timed list lines (`timed_bullet`'s texts) write a room as
    the last comma's part after their speakers ("— Rafael Cano, Salón de Actos"): two
    lines or more end so with a part that names a room (`room_named`), more than half
    of those with a part after a spaced dash. In such a document that last part is the
    room though it has no room word ("— Lola Rey, Alcázar"), where it is no person's
    whole name nor an organisation's (`read_bullet`)."""
    tails = rooms = 0
    for text in texts:
        plain = _zoned(text)[0]
        lead = _leading_time().match(plain)
        cuts = list(_SPEAKERS_AFTER.finditer(rest := plain[lead.end() :] if lead else plain))
        if cuts:
            tails += 1
            place = _place_after_comma().search(rest[cuts[-1].end() :])
            rooms += bool(place and room_named(place.group(1)))
    return rooms >= 2 and 2 * rooms > tails


@dataclass(frozen=True)
class ListShape:
    """The shape most of a document's timed list lines share (`list_shape`): so many
    parts (three or more), joined by one separator ("—"); `told` where a line of that
    shape was split by a room word ("Title — Speaker — কক্ষ ১": its last part names a
    room, the one before it is nothing but names), so that the others' parts are read
    by position too ("Title — Speaker — সেমিনার রুম এ")."""

    parts: int
    joint: str
    told: bool


def _line_parts(text: str) -> tuple[list[str], set[str]]:
    """A timed list line's parts after its time (`timed_bullet`'s text), between its
    spaced dashes (or " | ", " · "), and the separators that join them."""
    plain = _zoned(text)[0]
    lead = _leading_time().match(plain)
    rest = _called_off(plain[lead.end() :] if lead else plain)[0]
    joints = {c.group().strip() for c in _SPEAKERS_AFTER.finditer(rest)}
    return [p.strip() for p in _SPEAKERS_AFTER.split(rest)], joints


def list_shape(texts: list[str]) -> ListShape | None:
    """The document's own shape of its timed list lines (`timed_bullet`'s texts): the
    number of parts (three or more) and the one separator that more than half of them,
    two at least, share ("Title — Speaker — Room"); None where no shape is most lines'.
    A line of it is read by position where its parts are not told otherwise
    (`read_bullet`), as a line of it whose last part is a room word was."""
    counts: dict[tuple[int, str], int] = {}
    told: set[tuple[int, str]] = set()
    for text in texts:
        parts, joints = _line_parts(text)
        if len(parts) >= 3 and len(joints) == 1:
            key = (len(parts), next(iter(joints)))
            counts[key] = counts.get(key, 0) + 1
            if room_named(parts[-1]) and len(parts[-1]) <= 40 and _people(parts[-2], True):
                told.add(key)
    if not counts:
        return None
    key, most = max(counts.items(), key=lambda kv: kv[1])
    return ListShape(*key, key in told) if most >= 2 and 2 * most > len(texts) else None


def _by_position(rest: str, shape: ListShape) -> tuple[str, tuple[Speaker, ...], str] | None:
    """A list line's rest (after its time) of its document's shape (`_of_shape`) read by
    position: its title, its speakers (the part before the last) and its room (the last
    part), where the shape was told by a room word and that part is nothing but names;
    else None."""
    cuts = list(_SPEAKERS_AFTER.finditer(rest))
    last = rest[cuts[-1].end() :].strip()
    if not shape.told or len(last) > 40:
        return None
    found = _people(rest[cuts[-2].end() : cuts[-1].start()], True)
    return (rest[: cuts[-2].start()].strip(), found, last) if found else None


def _of_shape(rest: str, shape: ListShape) -> bool:
    """Whether a list line's rest (after its time) has its document's shape."""
    cuts = list(_SPEAKERS_AFTER.finditer(rest))
    return len(cuts) + 1 == shape.parts and {c.group().strip() for c in cuts} == {shape.joint}


def _room_after(part: str, rooms_last: bool) -> bool:
    """Whether a list line's last comma's part after its speakers is its room: it names
    one, or the document writes its rooms there (`rooms_after_speakers`) and it is no
    person's whole name ("Marcos Peña") nor an organisation's; an organisation's name
    with a room word ("Bob Brown, Lobby Labs": a company's word, `ROLE_OR_ORG`, that
    is no room word) is none."""
    words = part.split()
    if names_organisation(part.strip()) or (
        words
        and (last := words[-1].lower().strip(".,()")) in ROLE_OR_ORG
        and fold(last) not in _room_words()
    ):
        return False
    if room_named(part):
        return True
    return rooms_last and not name_shaped(part.strip())


def read_bullet(
    text: str,
    day: date | None,
    fallback: tzinfo,
    zones: frozenset[str] = frozenset(),
    rooms: frozenset[str] = frozenset(),
    rooms_last: bool = False,
    shape: ListShape | None = None,
) -> Bullet:
    """A timed list line as a talk: "10:00–10:30 · Keynote: Title — Speaker (Room)",
    "10:00 Title, Speaker", "14:00-14:45 Title (Room)", "10:00 | Zaal 8 | Title". A
    last "(...)", or a part at either end between " | " or " · ", or the last comma's
    part after the speakers ("— Elif Şahin (Papara), Salon A"), is its room when
    it names one (`room_named`); the part after the last spaced dash (or " · ",
    " | ", else the first comma) its speakers when it is nothing but names; "Taller:"
    or "Keynote:" before the title its format (talkbase/core/terms.py). A zone named
    after its clock times ("14:00 CET – 14:45 CET") is the one they are read in
    (`_zoned`, `zones`: those its section's lines name there, `zones_said`); a last
    part its section's lines repeat (`rooms`: `rooms_said`) is a room too, and so is
    the last comma's part after the speakers where the document writes its rooms there
    (`rooms_last`: `rooms_after_speakers`). A line of its document's shape (`shape`:
    `list_shape`) whose parts are told no other way is read by position, as a line of
    that shape with a room word was; where they cannot be, it is kept whole and marked
    `unsplit` (a name in a script without capitals is told only beside a room)."""
    text, zone = _zoned(text, zones)
    lead = _leading_time().match(text)
    start, end, _ = times(_clocks_of(lead), day, zone or fallback) if lead else (None, None, "")
    rest = text[lead.end() :].strip() if lead else text
    rest, status = _called_off(rest)
    rest, labels = _labelled_tail(rest)
    room = next((v for f, v in labels if f == "room"), None)
    if room is None and (m := re.search(r"\s*\(([^()]+)\)\s*$", rest)) and room_named(m.group(1)):
        room, rest = m.group(1).strip(), rest[: m.start()].strip()
    cuts = list(_SPEAKERS_AFTER.finditer(rest))
    if room is None and len(cuts) >= 2 and len(last := rest[cuts[-1].end() :]) <= 40:
        if room_named(last) or last.strip() in rooms:
            # "Title | Speaker | Room", "Title — Speaker — Hall 1": the last part names
            # a room, before any speakers
            room, rest = last.strip(), rest[: cuts[-1].start()]
    speakers: tuple[Speaker, ...] = ()
    dashes = list(_SPEAKERS_AFTER.finditer(rest))[-1:]  # the last dash; else the first comma
    for cut in dashes or list(re.finditer(r",\s+|\s+by\s+", rest)):
        tail = rest[cut.end() :]
        # "— Elif Şahin (Papara), Salon A": the last comma's part names the room, where
        # speakers come before it
        place = _place_after_comma().search(tail) if room is None else None
        here = place.group(1).strip() if place and _room_after(place.group(1), rooms_last) else None
        if room is None and fold(tail.strip()) in _room_nouns()[0]:
            # "— Foyer": a room word alone is a place, never a person's name
            room, rest = tail.strip(), rest[: cut.start()].strip()
            break
        if placeholder_speaker(tail[: place.start()] if place else tail):
            # "— various speakers, Foyer": no person named, the part after them a place
            speakers, rest = (), rest[: cut.start()].strip()
            room = room or (place.group(1).strip() if place else None)
            break
        if found := _people(tail[: place.start()] if place and here else tail, bool(room or here)):
            speakers, rest, room = found, rest[: cut.start()].strip(), room or here
            break
    if room is None and len(parts := SEPARATED.split(rest)) > 1:
        # "Zaal 8 | Title": the part at either end that names a room is the room
        for k in (0, len(parts) - 1):
            if room_named(parts[k]) and len(parts[k]) <= 40:
                room, rest = parts[k].strip(), " | ".join(parts[:k] + parts[k + 1 :])
                break
    unsplit = False
    if shape and room is None and not speakers and _of_shape(rest, shape):
        # "Title — Speaker — সেমিনার রুম এ" where another line ends "— কক্ষ ২"
        if read := _by_position(rest, shape):
            rest, speakers, room = read
        else:
            unsplit = True
    rest = _SYMBOLS.sub("", rest).strip()
    fmt = format_label(rest)  # ("Mesa redonda: X": a Panel, its title kept whole)
    return Bullet(rest.strip(), speakers, start, end, room, fmt, status, unsplit, labels)


def _labelled_tail(rest: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A list line's rest (after its time) without its last parts that are labelled
    lines (`labelled`: "Title — Speaker · Room · Track: AI · Type: Talk", "· Chủ đề: AI
    · Loại: Bài nói · Ngôn ngữ: Tiếng Việt", any language's labels the one list holds),
    and those parts as (field, value); never the line's first part (a title may hold a
    colon: "Hội thảo thực hành: Rust")."""
    cuts = list(_SPEAKERS_AFTER.finditer(rest))
    found: list[tuple[str, str]] = []
    end = len(rest)
    for cut in reversed(cuts):
        read = labelled(rest[cut.end() : end].strip())
        if read is None or not read[1].strip() or read[0] in ("when", "abstract"):
            break
        found.append((read[0], read[1].strip()))
        end = cut.start()
    return rest[:end], tuple(reversed(found))


def label_line(line: str) -> tuple[tuple[str, str], ...]:
    """A line of nothing but labelled parts (`labelled`, any language's labels the one
    list holds: "Track: Open Data · Vorm: keynote · Taal: Nederlands", "Format: talk"),
    as (field of `FIELD`, value) in the line's order; () for any other line (a part not
    labelled, or labelling a time or an abstract: the talk's text)."""
    found: list[tuple[str, str]] = []
    start = 0
    for cut in [*_SPEAKERS_AFTER.finditer(line), None]:
        read = labelled(line[start : cut.start() if cut else len(line)].strip())
        if read is None or not read[1].strip() or read[0] in ("when", "abstract"):
            return ()
        found.append((read[0], read[1].strip()))
        start = cut.end() if cut else start
    return tuple(found)


@cache
def _place_after_comma() -> re.Pattern[str]:
    """A list line's last part after a comma ("— Elif Şahin (Papara), Salon A"), or
    after the list comma of a script that writes its own (CLDR's: Arabic's "،" in "—
    سارة العتيبي، القاعة الرئيسية", Chinese's "、"); its group: the part."""
    commas = "".join(sorted(languages.list_commas()))
    return re.compile(rf"(?:,\s+|[{commas}]\s*)([^,{commas}()]{{1,40}})$")


def _called_off(text: str) -> tuple[str, str]:
    """A list line's text without the word that calls its talk off, and that word
    (`terms.cancelled_state`: "ODWOŁANE", "entfällt", "cancelled"), or "" for a line
    that says none; a title struck through ("~~Title~~ — Speaker") is called off too."""
    m = OFF_TAIL.search(text)  # (what may end a list line to say so: `terms`)
    said = (m.group(1) or m.group(2) or "").strip(" *_") if m else ""
    if m and said and cancelled_state(said):
        return text[: m.start()].rstrip(), said
    struck = re.match(r"^~~(.+?)~~(.*)$", text.strip())
    if struck:
        return (struck.group(1) + struck.group(2)).strip(), "cancelled"
    return text, ""


# A pipe table (GitHub's Markdown): a header row, a rule of dashes under it
# ("|------|:---:|"), then rows, each cell between "|"s
_RULE = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
_EMPTY_CELL = re.compile(r"^[-\u2013\u2014\s]*$")  # "–", "—", "-": nothing said


@dataclass
class PipeTable:
    line: int  # of its header row, 1-based
    header: list[str]
    rows: list[tuple[int, list[str]]]  # (line, cells)


def _pipe_cells(line: str) -> list[str]:
    """The cells of one pipe-table row, their markup off; an escaped "\\|" is text,
    and a cell of nothing but a dash ("–") is empty."""
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    cells = [c.replace("\\|", "|") for c in re.split(r"(?<!\\)\|", body)]
    return ["" if _EMPTY_CELL.match(c) else strip_markup(c) for c in cells]


def pipe_tables(lines: list[str], first: int) -> list[PipeTable]:
    """The pipe tables among `lines` (the first of them line `first`, 1-based): a row
    with a "|", a rule under it with as many cells, and the rows below up to the
    first line without a "|"."""
    out: list[PipeTable] = []
    i = 0
    while i + 1 < len(lines):
        head, rule = lines[i], lines[i + 1]
        if "|" not in head or "-" not in rule or not _RULE.match(rule):
            i += 1
            continue
        header = _pipe_cells(head)
        if len(_pipe_cells(rule)) != len(header):
            i += 1
            continue
        table = PipeTable(first + i, header, [])
        i += 2
        while i < len(lines) and "|" in lines[i] and lines[i].strip():
            table.rows.append((first + i, _pipe_cells(lines[i])))
            i += 1
        out.append(table)
    return out

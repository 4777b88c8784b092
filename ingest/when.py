"""Dates, times, durations and timezones as schedule exports write them.

Shared by the schedule parsers (frab, frabxml, ical, table, markdown), plus
the small record helpers they all use (repeated uids, list fields, file stems).
Clock times are read in the forms of the languages programs are written in
(`parse_clock`: "14h30", "10:00 Uhr", "9 a.m.", noon and midnight in words, as CLDR
writes them: talkbase/core/languages.py); a date may follow a weekday in any of them
("Sa, 16.11.2024": `parse_date`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from functools import lru_cache
from pathlib import PurePath
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from talkbase.core import languages
from talkbase.core.terms import ARABIC_DIGITS, PERSIAN_DIGITS, ascii_digits, fold
from talkbase.core.when import LONGEST_TALK, elapsed

_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)
_ISO_DURATION = re.compile(r"^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$")
# hours and minutes in words or signs: "2h", "1.5 hrs", "45 min", "1h 30m", "1h30" (the
# minutes after an "h" need no unit), "90'" (a prime for minutes)
_WORDS_DURATION = re.compile(
    r"^(?:(\d+(?:\.\d+)?)\s*h(?:ours?|rs?)?\s*(?:([0-5]\d)(?!\d))?)?"
    r"\s*(?:(\d+)\s*(?:m(?:in(?:utes?|s)?)?|['\u2032]))?$"
)
MAX_DURATION = timedelta(days=31)
# what joins the two clock times of a range: a dash, or the word of a language programs
# are written in ("10:00 to 10:45", "von 10 bis 11 Uhr", "de 10:00 a 10:45", "dalle 10
# alle 11", "van 10:00 tot 10:45", "od 10:00 do 10:45", "das 10h até 11h"); and the word
# that may open such a range (`RANGE_FROM`: "from", "von", "de", "dalle", "van", "od")
RANGE_SEP = (  # (the wave dash and tildes of Japanese, Chinese and Korean: "10:00〜10:45")
    r"(?:\s*(?:-|\u2013|\u2014|\u301c|\uff5e|~|to|bis)\s*"
    r"|\s+(?:a|\u00e0|al|alle|tot|do|at\u00e9|till|until)\s+)"
)
RANGE_FROM = r"(?:(?i:from|von|de|des|dalle|dal|van|od|das|desde)\s+)"
_AM_PM = r"[AaPp]\.?\s?[Mm]\.?"
_DATE_FORMATS = (
    "%d.%m.%Y",
    "%Y/%m/%d",
    "%d %b %Y",
    "%d %B %Y",
    "%b %d %Y",
    "%B %d %Y",
    "%Y-%m-%d",
    "%d-%b-%Y",
)


# Conference cities whose zone is not named after them (the tz database names the rest:
# "Brussels" -> Europe/Brussels, "Tokyo" -> Asia/Tokyo).
CITY_ZONES = {
    "San Jose": "America/Los_Angeles",
    "San Francisco": "America/Los_Angeles",
    "Seattle": "America/Los_Angeles",
    "Portland": "America/Los_Angeles",
    "San Diego": "America/Los_Angeles",
    "Boston": "America/New_York",
    "Washington": "America/New_York",
    "Austin": "America/Chicago",
    "Hamburg": "Europe/Berlin",
    "Munich": "Europe/Berlin",
    "Barcelona": "Europe/Madrid",
    "Milan": "Europe/Rome",
    "Geneva": "Europe/Zurich",
    "Beijing": "Asia/Shanghai",
    "Bangalore": "Asia/Kolkata",
    "Bengaluru": "Asia/Kolkata",
    "Mumbai": "Asia/Kolkata",
    "Osaka": "Asia/Tokyo",
    "Hanoi": "Asia/Ho_Chi_Minh",  # (Vietnam's capital; its zone is named after Saigon)
}


@lru_cache(maxsize=1)
def _zones_by_city() -> dict[str, str]:
    out: dict[str, str] = {}
    for name in sorted(available_timezones()):
        if "/" in name and not name.startswith(("Etc/", "SystemV/", "US/", "posix/", "right/")):
            out.setdefault(name.rsplit("/", 1)[1].replace("_", " ").casefold(), name)
    out.update({city.casefold(): name for city, name in CITY_ZONES.items()})
    for city, name in languages.zone_cities().items():  # ("Αθήνα", "الرياض", "Wien")
        out.setdefault(city, name)
    return out


def city_zone(city: object, exemplar: bool = False) -> str | None:
    """The IANA zone of a city as a schedule names it ("Brussels", "San Jose, CA"), in
    any language CLDR names the cities of zones in ("Αθήνα": `languages.zone_cities`),
    or written with the accents and spaces its own language writes where those names
    have none ("Hà Nội": Hanoi, "Ciudad de México", "Ho-Chi-Minh": `_city_key`).
    `exemplar`: only a city CLDR or `CITY_ZONES` names, never the name of a tz
    database link ("North" of Australia/North, "Victoria")."""
    if not isinstance(city, str) or not city.strip():
        return None
    head = re.split(r"[,(/]", city, maxsplit=1)[0].strip().casefold()
    if exemplar:
        named = {c.casefold(): z for c, z in CITY_ZONES.items()}.get(head)
        found = named or languages.zone_cities().get(languages.name_key(head))
    else:
        found = _zones_by_city().get(head)
    return found or _folded_cities(exemplar).get(_city_key(head))


def _city_key(name: str) -> str:
    """A city's name in the Latin script as `city_zone` compares it last: accents,
    case, spaces, hyphens and underscores left out ("Hà Nội" and "Hanoi" are
    "hanoi"); "" for a name in another script, whose marks may be letters (Hindi's
    "में हैं" is no "माहे")."""
    if not _LATIN_NAME.fullmatch(name):
        return ""
    return re.sub(r"[\W_]+", "", fold(name))


# a name written in the Latin script, its accents and the Vietnamese letters included
_LATIN_NAME = re.compile(r"(?:[^\w]|[0-9_A-Za-z\u00c0-\u024f\u1e00-\u1eff]|[\u0300-\u036f])+")


@lru_cache(maxsize=2)
def _folded_cities(exemplar: bool) -> dict[str, str]:
    """The cities `city_zone` knows (`exemplar`: those CLDR or `CITY_ZONES` names), by
    `_city_key`; a key two zones' cities share names neither."""
    names: dict[str, str] = {
        **languages.zone_cities(),
        **({} if exemplar else _zones_by_city()),
        **{c: z for c, z in CITY_ZONES.items()},
    }
    out: dict[str, str | None] = {}
    for name, zone in names.items():
        if (key := _city_key(name)) and out.setdefault(key, zone) != zone:
            out[key] = None
    return {k: z for k, z in out.items() if z}


# Zone abbreviations the tz database does not name, each said of one place only (those
# that name several are `AMBIGUOUS_ZONES`): "10:00 JST", "all times TRT"; each is the
# one the tz database writes for its zone's clocks (EAT: Nairobi's, and the zones
# linked to it: Kampala, Addis Ababa), or its summer time's (PDT, the Pacific's)
ABBREVIATED_ZONES = {
    "TRT": "Europe/Istanbul",
    "MSK": "Europe/Moscow",
    "IDT": "Asia/Jerusalem",
    "NPT": "Asia/Kathmandu",
    "ICT": "Asia/Bangkok",
    "AWST": "Australia/Perth",
    "ACDT": "Australia/Adelaide",
    "EDT": "America/New_York",
    "MDT": "America/Denver",
    "PDT": "America/Los_Angeles",
    "AKST": "America/Anchorage",
    "AKDT": "America/Anchorage",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "EAT": "Africa/Nairobi",
    "CAT": "Africa/Maputo",
    "WAT": "Africa/Lagos",
    "SAST": "Africa/Johannesburg",
    "PKT": "Asia/Karachi",
    "JST": "Asia/Tokyo",
    "KST": "Asia/Seoul",
    "HKT": "Asia/Hong_Kong",
    "SGT": "Asia/Singapore",
    "WIB": "Asia/Jakarta",
    "WITA": "Asia/Makassar",
    "WIT": "Asia/Jayapura",
    "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney",
    "NZST": "Pacific/Auckland",
    "NZDT": "Pacific/Auckland",
    "CEST": "CET",
    "EEST": "EET",
    "WEST": "WET",
}
# Zone abbreviations that name several zones, and the zones each is written for: a
# program that states its times in one is read in none of them (a warning says so)
AMBIGUOUS_ZONES = {
    "IST": ("Asia/Kolkata", "Asia/Jerusalem", "Europe/Dublin"),
    "CST": ("America/Chicago", "Asia/Shanghai", "America/Havana"),
    "CDT": ("America/Chicago", "America/Havana"),
    "BST": ("Europe/London", "Asia/Dhaka"),
    "AST": ("America/Halifax", "Asia/Riyadh"),
    "PST": ("America/Los_Angeles", "Asia/Manila"),
    "GST": ("Asia/Dubai", "Atlantic/South_Georgia"),
}


def several_zones(name: str) -> str:
    """What an abbreviation of several zones (`AMBIGUOUS_ZONES`) names, for a warning:
    "'IST', which names several zones (India: Asia/Kolkata, Israel: Asia/Jerusalem,
    Ireland: Europe/Dublin)", each zone with its country's English name (CLDR's, where
    Babel is there)."""
    zones = ", ".join(
        f"{country}: {z}" if (country := languages.zone_country(z)) else z
        for z in AMBIGUOUS_ZONES[name]
    )
    return f"{name!r}, which names several zones ({zones})"


_AMBIGUOUS_AFTER = re.compile(rf"(?<![A-Za-z])({'|'.join(AMBIGUOUS_ZONES)})(?![A-Za-z])")


def ambiguous_in(value: str) -> str | None:
    """`several_zones` of an abbreviation of several zones a time's text writes ("11:00
    IST"), which `zone` reads as none of them; None where it writes none."""
    m = _AMBIGUOUS_AFTER.search(value)
    return several_zones(m.group(1)) if m else None


@lru_cache(maxsize=1)
def _windows_zones() -> dict[str, str]:
    """Windows' names of time zones, folded ("w. europe standard time") -> the tz
    database zone CLDR maps each to (`languages.windows_zones`)."""
    return {name.casefold(): zone for name, zone in languages.windows_zones().items()}


def zone(name: object) -> tzinfo | None:
    """A timezone from an IANA name, "UTC", an offset such as "+02:00", an
    abbreviation of one place (`ABBREVIATED_ZONES`) or a name Windows gives a zone
    ("Eastern Standard Time", as Outlook and Cvent write it: America/New_York, by
    CLDR's mapping); None if unknown."""
    if not isinstance(name, str) or not name.strip():
        return None
    name = name.strip()
    if name.upper() in ("UTC", "GMT", "Z", "ETC/UTC"):
        return UTC
    name = ABBREVIATED_ZONES.get(name, name)
    m = _OFFSET.match(name)
    if m:
        hours, minutes = int(m.group(2)), int(m.group(3) or 0)
        if hours > 14 or minutes > 59:
            return None
        sign = -1 if m.group(1) == "-" else 1
        return timezone(sign * timedelta(hours=hours, minutes=minutes))
    windows = _windows_zones().get(name.casefold())
    try:
        return ZoneInfo(windows or name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


# a zone's abbreviation as programs write it after a clock time: one the tz database
# names (CET, EET, WET, GMT, UTC, EST, MST, HST), a summer time of one (CEST), or one
# of `ABBREVIATED_ZONES` ("JST", "EAT"); `zone` reads it
ZONE_ABBREVIATION = "|".join(
    [r"[A-Z]{1,3}S?T", "UTC", *sorted(ABBREVIATED_ZONES, key=lambda a: (-len(a), a))]
)
# a cell's date or clock times, then the zone they are in ("10:00 JST", "9:00–9:45
# CEST", "2026-10-17 10:00 UTC")
_CELL_ZONE = re.compile(rf"^(.*\d(?:\s*{_AM_PM})?)\s+({ZONE_ABBREVIATION})$")


def cell_zone(text: str) -> tuple[str, tzinfo | None]:
    """A cell's text without the zone named after its clock times, and that zone
    ("10:00 JST" -> "10:00", Asia/Tokyo); the text as it is and None where it ends in
    no zone."""
    m = _CELL_ZONE.match(text)
    found = zone(m.group(2)) if m else None
    return (m.group(1), found) if m and found else (text, None)


# The tz database's names of UTC itself, and its fixed offsets (Etc/GMT-1)
_UTC_ALIASES = frozenset(
    {"UTC", "UCT", "GMT", "GMT0", "GMT+0", "GMT-0", "ZULU", "UNIVERSAL", "GREENWICH"}
)


def named_zone(moment: datetime | None) -> bool:
    """`moment` is in a named IANA zone ("Europe/Copenhagen"): the place's own clock,
    its summer time included. UTC ("Z", "Etc/UTC") and a bare offset ("+01:00",
    "Etc/GMT-1") say only how far from UTC a clock was at that instant."""
    key = getattr(moment.tzinfo, "key", None) if moment is not None else None
    if not isinstance(key, str):
        return False
    return key.upper() not in _UTC_ALIASES and not key.upper().startswith("ETC/")


class WallClock(datetime):
    """A moment read as its program's wall clock shows it, written without an offset
    ("02:30" in the program's zone): on the night its zone's clocks change, which
    moment it means is decided with its talk's end (`on_the_clock`). A moment the
    document gave as an instant ("…Z", "+02:00", a Unix time) is a plain datetime,
    never moved; `limits.limit_times` leaves every talk's times plain."""


def wall_clock(moment: datetime, zone: tzinfo) -> datetime:
    """`moment`'s date and clock time (naive, as written) in `zone`, as its wall clock
    shows it (`WallClock`)."""
    return WallClock.combine(moment.date(), moment.time(), zone)


def instant(moment: datetime) -> datetime:
    """`moment` as the plain datetime of the instant it is, its fold kept."""
    if type(moment) is datetime:
        return moment
    return datetime.combine(moment.date(), moment.timetz())


def localise(when: datetime, tz: tzinfo | None, fallback: tzinfo) -> datetime:
    """Naive times are in `tz` (else `fallback`), as its wall clock shows them
    (`wall_clock`); aware times are instants, shown in `tz`."""
    if when.tzinfo is None:
        return wall_clock(when, tz or fallback)
    if tz is not None:
        try:
            return instant(when.astimezone(tz))
        except (OverflowError, ValueError):
            return when
    return when


def parse_datetime(value: object, tz: tzinfo | None, fallback: tzinfo) -> datetime | None:
    """An ISO 8601 date-time ("2024-02-03T10:00:00+01:00", "...Z", "2024-02-03 10:00")."""
    if not isinstance(value, str) or not re.match(r"^\s*\d{4}-?\d{2}-?\d{2}[T ]\d", value):
        return None
    if _PERSIAN.search(value) or _THAI.search(value):
        return None  # (its date maybe of another calendar: `parse_date` reads it)
    try:
        when = datetime.fromisoformat(ascii_digits(value.strip()))
    except ValueError:
        return None
    return localise(when, tz, fallback)


# Unix time, as APIs write it: seconds (10 digits) or milliseconds (13) since 1970,
# read only from 2000 to 2100 so that no other number (a year, an id, a price) is
_EPOCH = re.compile(r"\d{9,10}|\d{12,13}")
_EPOCH_SPAN = (946684800, 4102444800)  # 2000-01-01, 2100-01-01


def parse_epoch(value: str, tz: tzinfo | None, fallback: tzinfo) -> datetime | None:
    """A Unix time in seconds or milliseconds ("1727400600", "1718899200000"), shown
    in `tz` (else `fallback`): it names an instant, so no zone is assumed for it."""
    text = value.strip()
    if not _EPOCH.fullmatch(text):
        return None
    seconds = int(text) / (1000 if len(text) > 10 else 1)
    if not _EPOCH_SPAN[0] <= seconds < _EPOCH_SPAN[1]:
        return None
    return datetime.fromtimestamp(seconds, UTC).astimezone(tz or fallback)


# the keys of a date-time written as an object: Indico's {"date", "time", "tz"},
# Google Calendar's {"dateTime", "timeZone"} (or {"date"} for a whole day),
# Eventbrite's {"timezone", "local", "utc"} (the wall time where it happens first)
_OBJECT_DATE = ("date",)
_OBJECT_TIME = ("time",)
_OBJECT_WHOLE = ("datetime", "date_time", "iso", "value", "local", "utc")
_OBJECT_ZONE = ("tz", "timezone", "time_zone", "zone")


def moment_text(value: object) -> tuple[str, str] | None:
    """A date-time written as an object, as one text and its zone's name ("" where it
    names none): {"date": "2024-06-10", "time": "09:00:00", "tz": "Europe/Zurich"} is
    ("2024-06-10 09:00:00", "Europe/Zurich"); None for anything else."""
    if not isinstance(value, dict):
        return None
    keys = {re.sub(r"[\W_]+", "", str(k)).lower(): v for k, v in value.items()}

    def first(names: tuple[str, ...]) -> str:
        found = (keys.get(n.replace("_", "")) for n in names)
        return next((v.strip() for v in found if isinstance(v, str) and v.strip()), "")

    whole = first(_OBJECT_WHOLE)
    on, at = first(_OBJECT_DATE), first(_OBJECT_TIME)
    at = at if parse_clock(at) is not None else ""  # ({"time": "morning"}: the date alone)
    text = whole or " ".join(x for x in (on, at) if x)
    return (text, first(_OBJECT_ZONE)) if text else None


@lru_cache(maxsize=1)
def _clock_words() -> tuple[dict[str, time], tuple[str, ...]]:
    """Noon and midnight in words, lowercase, with and without accents -> their time
    ("noon", "midi", "mezzanotte", "mediodía", "mediodia"),
    and the words written after a clock time ("Uhr", "h"), longest first: CLDR's, in
    every language programs are read in (`languages.written_in`). A name of noon or
    midnight of under four letters is left out ("dél", Hungarian noon, folds to a
    Spanish word)."""
    said: dict[str, time] = {"noon": time(12), "midnight": time(0)}
    after: set[str] = set()
    for code in languages.written_in():
        for word, period in languages.noon_midnight_names(code).items():
            if len(fold(word)) >= 4:
                said.setdefault(word, time(12) if period == "noon" else time(0))
        after |= languages.clock_suffixes(code)
    return said, tuple(sorted(after, key=lambda w: (-len(w), w)))


def clock_suffixes() -> tuple[str, ...]:
    """The words written after a clock time ("uhr", "uur", "giờ", "h": `_clock_words`),
    folded, longest first."""
    return _clock_words()[1]


@lru_cache(maxsize=1)
def _clock_pattern() -> str:
    """A clock time as a regular expression, its groups: hour, minute, second, am/pm,
    the word after it ("Uhr"), noon or midnight in words (after "12" or "12 Uhr" too:
    "12 Uhr mittags")."""
    said, after = _clock_words()
    words = "|".join(re.escape(w) for w in sorted(said, key=lambda w: (-len(w), w)))
    suffix = "|".join(re.escape(w) for w in after)
    return (
        rf"(?:(\d{{1,2}})(?:(?:[:.]|\s?h\s?)(\d{{2}}))?(?::(\d{{2}}))?"
        rf"(?:\s*({_AM_PM}))?(?:\s*(?i:({suffix}))\.?)?"
        rf"|(?:12(?:[:.]00)?\s*(?:(?i:{suffix})\.?\s*)?)?(?i:({words}))(?!\w))"
    )


@lru_cache(maxsize=1)
def _hour_words() -> frozenset[str]:
    """The words for an hour a program may write before a clock time ("saat 14.00",
    "godz. 9.00", "ore 10.00"): CLDR's names of the unit hour, long and short, in the
    languages programs are written in (`languages.unit_names`), of three letters or more
    (a narrow "h" or "s" is no word), folded, without their dot."""
    return frozenset(
        n
        for code in languages.written_in()
        for n in languages.unit_names(code, "duration-hour")
        if len(n) >= 3 and " " not in n
    )


_WORD_BEFORE_CLOCK = re.compile(r"([^\W\d_]+)\.?\s+(?=\d)")


def hour_word_off(text: str) -> str:
    """A time's text without the word for an hour written before its clock ("saat
    14.00 - 14.45" is "14.00 - 14.45", "godz. 9.00" is "9.00": `_hour_words`); any other
    text as it is."""
    m = _WORD_BEFORE_CLOCK.match(text)
    if m is None or fold(m.group(1)) not in _hour_words():
        return text
    return text[m.end() :]


@lru_cache(maxsize=1)
def clock_span() -> str:
    """A clock time or a range of two ("9:30 – 10:15", "14h-15h30") as a regular
    expression, its groups: the first time, the second."""
    clock = re.sub(r"\((?!\?)", "(?:", _clock_pattern())  # (its groups left out)
    return rf"{RANGE_FROM}?({clock})(?:{RANGE_SEP}({clock}))?"


# The half of the day Japanese, Chinese and Korean write before a clock time ("午後",
# "下午", "오전"), as the AM or PM it stands for: the one list of them
HALF_OF_DAY = {"午前": "AM", "上午": "AM", "早上": "AM", "오전": "AM"}
HALF_OF_DAY |= {"午後": "PM", "下午": "PM", "晚上": "PM", "오후": "PM"}
_MORNING = "|".join(w for w, half in HALF_OF_DAY.items() if half == "AM")
_AFTERNOON = "|".join(w for w, half in HALF_OF_DAY.items() if half == "PM")

# the half of the day written before a range's clocks, read as written after them
_HALF = "|".join(HALF_OF_DAY)
_HALF_RANGE = re.compile(
    rf"^({_HALF})\s*(\d{{1,2}}(?::\d{{2}})?)(?:({RANGE_SEP})(?:({_HALF})\s*)?(\d{{1,2}}(?::\d{{2}})?))?"
)


def halves_after(text: str) -> str:
    """A text with the half of the day written before its clocks written after them,
    as this module reads a clock: "下午2:00–2:45 Title" is "2:00–2:45 PM Title",
    "上午11:30–下午12:30" is "11:30 AM–12:30 PM", "오후 2:00 - 오후 3:00" is "2:00 - 3:00
    PM" (a list line's or a cell's); any other text as it is."""
    m = _HALF_RANGE.match(text)
    if not m:
        return text
    first, start, sep, second, end = m.groups()
    if end is None:
        said = f"{start} {HALF_OF_DAY[first]}"
    elif second and second != first:
        said = f"{start} {HALF_OF_DAY[first]}{sep}{end} {HALF_OF_DAY[second]}"
    else:
        said = f"{start}{sep}{end} {HALF_OF_DAY[first]}"
    return said + text[m.end() :]


# A clock time in Japanese, Chinese or Korean: "午後2時40分", "下午2点", "오후 2시 40분",
# "14時30分" (the half of the day before it, the hour and its minutes after them)
_CJK_CLOCK = re.compile(
    rf"\s*(?:({_MORNING})|({_AFTERNOON}))?\s*(\d{{1,2}})\s*[時时点點시]"
    r"\s*(?:(\d{1,2})\s*[分분]|半)?\s*"
    # (or a clock with a colon after the half of the day: "오전 10:00", "下午2:30")
    rf"|\s*(?:({_MORNING})|({_AFTERNOON}))\s*(\d{{1,2}}):(\d{{2}})\s*"
)


def _cjk_clock(value: str) -> str | None:
    """A Japanese, Chinese or Korean clock time written as this module reads one
    ("午後2時40分" -> "2:40 PM", "14時" -> "14:00"); None for any other text."""
    m = _CJK_CLOCK.fullmatch(value)
    if not m:
        return None
    groups = m.groups()
    morning, afternoon, hour, minute = groups[:4] if groups[2] else groups[4:]
    minutes = minute or ("30" if value.rstrip().endswith("半") else "00")
    half = " AM" if morning else " PM" if afternoon else ""
    return f"{int(hour)}:{int(minutes):02d}{half}"


def clocks(value: str) -> re.Match[str] | None:
    """A value that is a clock time or a range of two ("09.00–09.45", "4:20 PM",
    "14h-15h30"), its first readable (`parse_clock`): its match of `clock_span`
    (the first time, the second); None for any other value."""
    m = re.fullmatch(clock_span(), cell_zone(halves_after(" ".join(value.split())))[0])
    return m if m and parse_clock(m.group(1)) is not None else None


def parse_clock(value: object) -> time | None:
    """A time of day: "10:00", "9:30:00", "10h30", "14h", "4:20 PM", "10am", "9 a.m.",
    "10:00 Uhr", "14.30 Uhr", "9 Uhr", "noon", "midi", "Mitternacht" (`_clock_words`),
    "午後2時40分" (`_cjk_clock`).
    A bare number is none: it needs its minutes, am/pm or a word after it."""
    if not isinstance(value, str):
        return None
    value = _cjk_clock(value) or value
    m = re.fullmatch(_clock_pattern(), " ".join(value.split()))
    if not m:
        return None
    hour_, minute_, second, ampm, after, word = m.groups()
    if word:
        said = _clock_words()[0]
        return said.get(word.casefold()) or said.get(fold(word))
    if minute_ is None and ampm is None and after is None:
        return None
    hour, minute = int(hour_), int(minute_ or 0)
    if ampm:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if ampm[0] in "Pp" else 0)
    if hour > 23 or minute > 59 or int(second or 0) > 59:
        return None
    return time(hour, minute)


def stamped(value: str) -> bool:
    """A clock time written to the second, other than on the minute ("14:22:31"): a
    stamp of when something was sent or changed, never a program's time ("09:30:00")."""
    m = re.fullmatch(_clock_pattern(), " ".join(value.split()))
    return bool(m and m.group(3) and int(m.group(3)))


def range_clocks(first: str, second: str) -> tuple[time | None, time | None]:
    """The clock times of a range; am/pm written only after the second ("9:00 - 9:50
    AM", "11:30 - 1 PM") holds for the first too where it keeps the range in order;
    written only after the first ("2:30 PM - 3:15", "11:30 AM - 12:15"), the second
    is the one of its two readings that comes first after the start (past midnight
    too: "11:30 PM - 12:15" ends at 00:15)."""
    start, end = parse_clock(first), parse_clock(second) if second else None
    marked = re.search(rf"{_AM_PM}\s*$", second or "")
    if start is not None and end is not None and not marked and re.search(_AM_PM, first):
        ends = [e for half in ("AM", "PM") if (e := parse_clock(f"{second} {half}"))]
        return start, min(ends, key=lambda e: _ahead(start, e), default=end)
    if end is None or not marked or re.search(_AM_PM, first):
        return start, end
    ampm = marked.group(0).strip()
    same = parse_clock(f"{first} {ampm}")
    other = parse_clock(f"{first} {'AM' if ampm[0] in 'Pp' else 'PM'}")
    if same is not None and same <= end:
        return same, end
    return (other or start), end


def _ahead(start: time, clock: time) -> timedelta:
    """How long after `start` a clock time next comes round (a whole day for itself)."""
    on = datetime.combine(date.min, start)
    return (datetime.combine(date.min, clock) - on) % timedelta(days=1) or timedelta(days=1)


# A clock past midnight written on the clock of the day before, as programs of late
# events write them: "24:00", "25:30", "26h15" (the next day's 00:00, 01:30, 02:15).
# With a dot its minutes cannot be a month ("24.00", "25.30"; "24.07" is a date).
_PAST_24 = re.compile(r"(2[4-9])(?:(?:\s?h\s?|:)([0-5]\d)|\.(00|1[3-9]|[2-5]\d))(?!\d)")


def past_24(value: str) -> tuple[str, int]:
    """A clock time written past 24:00 ("25:30", "24:00 Uhr") as the next day's
    clock ("01:30", "00:00 Uhr") and 1, the days it runs over; any other text as
    it is, and 0."""
    m = _PAST_24.match(value)
    if m is None:
        return value, 0
    minutes = m.group(2) or m.group(3)
    return f"{int(m.group(1)) - 24:02d}:{minutes}{value[m.end() :]}", 1


def late_clock(value: str) -> tuple[time | None, int]:
    """A clock time and the days it runs past its day: "25:30" is 01:30 of the next
    (`past_24`), "10:00" of its own (0)."""
    plain, days = past_24(value.strip())
    return parse_clock(plain), days


def written_past_24(value: str) -> bool:
    """Whether a cell's time is written past 24:00 ("25:30", "24:00-25:00")."""
    m = re.fullmatch(clock_span(), " ".join(value.split()))
    return m is not None and past_24(m.group(1) or "")[1] == 1


# a year as programs name theirs ("PyCon JP 2026", "2026-03-01"), not part of a longer number
YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")

MINUTE, HOUR = timedelta(minutes=1), timedelta(hours=1)
BARE_NUMBER = re.compile(r"\d{1,6}(?:[.,]\d+)?")  # "90", "1.5", "1,5" (a decimal comma)


def bare_number(value: object) -> float | None:
    """A number written alone ("1,5" with a decimal comma, as a semicolon table
    writes it), or given as one; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and BARE_NUMBER.fullmatch(value.strip()):
        return float(value.strip().replace(",", "."))
    return None


class Nominal(timedelta):
    """A duration with whole days ("P1D", "P1W", "P1DT2H"): its `calendar` days and
    weeks are days as the calendar counts them, the same clock time the next day
    (RFC 5545 §3.3.6), however many hours pass the night the clocks change; the rest
    is time that passes (`later`)."""

    calendar: timedelta

    def __new__(cls, calendar: timedelta, exact: timedelta) -> Nominal:
        self = super().__new__(cls, days=calendar.days, seconds=exact.total_seconds())
        self.calendar = calendar
        return self

    def __reduce__(self) -> tuple[type[Nominal], tuple[timedelta, timedelta]]:
        return Nominal, (self.calendar, timedelta(seconds=(self - self.calendar).total_seconds()))


def parse_duration(value: object, per: timedelta = MINUTE) -> timedelta | None:
    """ "00:30", "1:30:00", "PT45M", "90", 90, "1h 30m", "1h30", "90'"; a bare number counts `per`
    (minutes, unless a table's column says hours: "1,5" is then 90 minutes); None
    when unreadable or absurd."""
    out: timedelta | None = None
    if isinstance(value, bool) or value is None:
        return None
    if (number := bare_number(value)) is not None:
        out = per * number if 0 <= number < 1e6 else None
    elif isinstance(value, str):
        text = value.strip()
        if re.fullmatch(r"\d{1,2}(?::\d{2}){1,2}", text):
            parts = [int(p) for p in text.split(":")] + [0]
            out = timedelta(hours=parts[0], minutes=parts[1], seconds=parts[2])
        elif m := _ISO_DURATION.match(text.upper()):
            w, d, h, mi, s = (int(g or 0) for g in m.groups())
            days = timedelta(weeks=min(w, 99), days=min(d, 999))
            exact = timedelta(hours=h, minutes=mi, seconds=s)
            out = Nominal(days, exact) if days else exact
        elif (m := _WORDS_DURATION.match(text.lower())) and text:
            hours, after_h, minutes = m.groups()
            if not (after_h and minutes):  # ("1h30 45m" is no duration)
                out = timedelta(hours=float(hours or 0), minutes=int(after_h or minutes or 0))
    if out is None or out <= timedelta(0) or out > MAX_DURATION:
        return None
    return out


# a date as Chinese, Japanese and Korean write it: year, month and day, each with its
# character ("2024年10月5日", "2024년 10월 5일"), maybe a weekday after, in parentheses
# ("2024年10月5日（土）") or as CLDR names it, after a space or not ("2026年11月21日
# 星期六", "2024년 10월 5일 토요일", "2024年10月5日土曜日": `cjk_date`)
_CJK_WEEKDAY = r"\s*(?:[(（][^()（）]{1,4}[)）]|(?P<weekday>[^\W\d_]{2,4}))?"
_CJK_DATE = re.compile(
    r"(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?" + _CJK_WEEKDAY
)
# the same without its year ("10月17日（六）", "10월 17일 (토)"): a day of the document's year
CJK_MONTH_DAY = re.compile(r"(?<!\d)(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]" + _CJK_WEEKDAY)


def cjk_date(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """`text` as a whole matched by `_CJK_DATE` or `CJK_MONTH_DAY`, where a weekday
    written after it without parentheses is one as CLDR names it (`_weekdays`:
    "星期六", "土曜日", "토요일"); None otherwise."""
    m = pattern.fullmatch(text.strip())
    said = m.group("weekday") if m else None
    return m if m and (said is None or fold(said) in _weekdays()) else None


# The calendars a program may count its years in besides the Gregorian one, each by
# the years it names now, where no Gregorian year of a program is (`PROGRAM_YEARS`):
# the Buddhist era of Thai programs (its months and days the Gregorian calendar's, its
# years `BUDDHIST_ERA` more: 2569 is 2026), read where Thai is written beside the date
# (its script: `era_of`; or a Thai month's name: ingest/formats/mdparts.py), and the
# Solar Hijri calendar of Iran and Afghanistan (1405/08/20 is 2026-11-11:
# `solar_hijri`), read where its date is written year first in Persian digits. A
# date of such a year read neither way is beyond any program's dates, which
# `limits.limit_times` says naming the calendar (`other_calendar`).
OTHER_CALENDARS = {"Buddhist-era": range(2400, 2700), "Solar Hijri": range(1300, 1500)}
BUDDHIST_ERA = 543
ERAS = {"th": BUDDHIST_ERA}  # the languages whose dates count the years of an era
_THAI = re.compile("[\u0e00-\u0e7f]")
_PERSIAN = re.compile(f"[{PERSIAN_DIGITS}]")
_ARABIC = re.compile(f"[{ARABIC_DIGITS}]")


def era_of(texts: Iterable[str]) -> int:
    """How many years past the Common Era's the era of a document counts whose texts
    are `texts`: `BUDDHIST_ERA` where one of them is written in Thai (its letters or
    its digits), else 0."""
    return BUDDHIST_ERA if any(_THAI.search(t) for t in texts) else 0


def common_year(year: int, era: int) -> int:
    """A year of a date written in a document whose era counts `era` years past the
    Common Era's (`era_of`), as the Gregorian calendar counts it: a Buddhist-era year
    (`OTHER_CALENDARS`) less the era; any other year as it is."""
    return year - era if era and year in OTHER_CALENDARS["Buddhist-era"] else year


def other_calendar(year: int) -> str | None:
    """The calendar (`OTHER_CALENDARS`) whose years `year` is among, beyond any
    program's Gregorian ones ("Buddhist-era" of 2569); None for any other year."""
    return next((name for name, years in OTHER_CALENDARS.items() if year in years), None)


def _farvardin_first(year: int) -> date:
    """The Gregorian date of the first day (1 Farvardin) of a Solar Hijri year, by the
    arithmetic of Borkowski's leap-year breaks (as jalaali-js computes it, exact for
    the years 1 to 3177), for the years of `OTHER_CALENDARS` only."""
    breaks = (-61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097)
    leaps, before, jump = -14, breaks[0], 0
    for at in breaks[1:]:
        jump = at - before
        if year < at:
            break
        leaps += jump // 33 * 8 + jump % 33 // 4
        before = at
    n = year - before
    leaps += n // 33 * 8 + (n % 33 + 3) // 4
    if jump % 33 == 4 and jump - n == 4:
        leaps += 1
    gregorian = year + 621
    gregorian_leaps = gregorian // 4 - (gregorian // 100 + 1) * 3 // 4 - 150
    return date(gregorian, 3, 1) + timedelta(days=19 + leaps - gregorian_leaps)


def solar_hijri(year: int, month: int, day: int) -> date | None:
    """The Gregorian date of a Solar Hijri one (1405/08/20 is 2026-11-11): its first
    six months of 31 days, the next five of 30, the last of 29 or, in a leap year,
    30; None for a day no such month has, or a year beyond `OTHER_CALENDARS`."""
    if year not in OTHER_CALENDARS["Solar Hijri"] or not 1 <= month <= 12:
        return None
    first = _farvardin_first(year)
    length = (
        31 if month <= 6 else 30 if month <= 11 else (_farvardin_first(year + 1) - first).days - 336
    )
    if not 1 <= day <= length:
        return None
    return first + timedelta(days=(month - 1) * 31 - max(month - 7, 0) + day - 1)


# The Ethiopian calendar, Ethiopia's civil one, in which its programs may date their
# days ("ቅዳሜ፣ ነሐሴ 16 ቀን 2018 ዓ.ም.": Saturday 22 August 2026). It is arithmetic:
# every year twelve months of 30 days, then Pagume (ጳጉሜን) of 5 days, of 6 in a year
# before a leap year of the Julian calendar (year % 4 == 3); year 1 began on 29 August
# of the year 8 of the Julian calendar, the Gregorian ordinal `_ETHIOPIAN_EPOCH`
# (Dershowitz and Reingold, Calendrical Calculations). Its months as Amharic writes
# them, 1 (መስከረም) to 13 (ጳጉሜን), compared with the letters of one sound as one
# (`_ethiopic_plain`: "ህዳር" is "ኅዳር"); beside them a date may say the words for day
# and for the era ("ቀን", "ዓ.ም.", "ዓመተ ምሕረት"). A date of it is read only where it
# names its year (a program's year in another calendar is no guess to make), and
# its weekday, where it names one, is that date's.
ETHIOPIAN_MONTHS = (
    "መስከረም",
    "ጥቅምት",
    "ኅዳር",
    "ታኅሣሥ",
    "ጥር",
    "የካቲት",
    "መጋቢት",
    "ሚያዝያ",
    "ግንቦት",
    "ሰኔ",
    "ሐምሌ",
    "ነሐሴ",
    "ጳጉሜን",
)
_ETHIOPIAN_EPOCH = 2796
_ETHIOPIAN_WORDS = ("ቀን", "ዓ.ም", "ዓም", "ዓመተ", "ምሕረት")
# the Ethiopic letters of one sound, each series (of seven forms) as the one written
# most: ሐ and ኀ as ሀ, ሠ as ሰ, ዐ as አ, ፀ as ጸ
_ETHIOPIC_SAME = {0x1210: 0x1200, 0x1280: 0x1200, 0x1220: 0x1230, 0x12D0: 0x12A0, 0x1340: 0x1338}
_ETHIOPIC_PLAIN = {base + k: to + k for base, to in _ETHIOPIC_SAME.items() for k in range(7)} | {
    0x1203: 0x1200,
    0x12A3: 0x12A0,
}  # (ሃ, ኣ: said as ሀ, አ)
_ETHIOPIC_TOKEN = re.compile(r"\d+|[^\W\d_]+(?:\.[^\W\d_]+)*")


def _ethiopic_plain(word: str) -> str:
    """An Amharic word with its letters of one sound written as one (`_ETHIOPIC_SAME`)."""
    return word.translate(_ETHIOPIC_PLAIN)


@lru_cache(maxsize=1)
def _ethiopian_words() -> tuple[dict[str, int], dict[str, int], frozenset[str]]:
    """The Ethiopian months -> 1..13 (ጳጉሜ too), Amharic's weekdays (CLDR's) -> 0..6,
    and the other words of such a date, all as `_ethiopic_plain` writes them."""
    months = {_ethiopic_plain(m): k for k, m in enumerate(ETHIOPIAN_MONTHS, start=1)}
    months[_ethiopic_plain("ጳጉሜ")] = 13
    months[_ethiopic_plain("ሚያዚያ")] = 8
    weekdays = {_ethiopic_plain(w): d for w, d in languages.weekday_names("am").items()}
    return months, weekdays, frozenset(_ethiopic_plain(w) for w in _ETHIOPIAN_WORDS)


def ethiopian(year: int, month: int, day: int) -> date | None:
    """The Gregorian date of a date of the Ethiopian calendar (`ETHIOPIAN_MONTHS`:
    16 ነሐሴ 2018 is 2026-08-22); None for a day no such month has."""
    length = 30 if month < 13 else 6 if year % 4 == 3 else 5
    if not 1 <= year <= 9999 or not 1 <= month <= 13 or not 1 <= day <= length:
        return None
    return date.fromordinal(
        _ETHIOPIAN_EPOCH - 1 + 365 * (year - 1) + year // 4 + 30 * (month - 1) + day
    )


def ethiopian_day(text: str) -> tuple[int | None, int, int, int | None] | None:
    """(year or None, month, day, weekday or None) of a text that is nothing but a
    date of the Ethiopian calendar ("ቅዳሜ፣ ነሐሴ 16 ቀን 2018 ዓ.ም.", "ነሐሴ 16"): one of
    its months, one day's number, at most a year's and a weekday, and the words for
    day and era; None for any other text."""
    months, weekdays, words = _ethiopian_words()
    tokens = [_ethiopic_plain(t.rstrip(".")) for t in _ETHIOPIC_TOKEN.findall(ascii_digits(text))]
    numbers = [int(t) for t in tokens if t.isdecimal()]
    month = [months[t] for t in tokens if t in months]
    weekday = [weekdays[t] for t in tokens if t in weekdays]
    rest = [t for t in tokens if not t.isdecimal() and t not in months and t not in weekdays]
    days = [n for n in numbers if 1 <= n <= 30]
    years = [n for n in numbers if n >= 1000]
    if len(month) != 1 or len(weekday) > 1 or any(t not in words for t in rest):
        return None
    if len(days) != 1 or len(years) > 1 or len(days) + len(years) != len(numbers):
        return None
    return (years[0] if years else None, month[0], days[0], weekday[0] if weekday else None)


def ethiopian_date(text: str) -> date | None:
    """The Gregorian date of a text that is nothing but a date of the Ethiopian calendar
    (`ethiopian_day`) that names its year, on the weekday it names if it names one;
    None for any other text."""
    said = ethiopian_day(text)
    if said is None or said[0] is None:
        return None
    found = ethiopian(said[0], said[1], said[2])
    return found if found and said[3] in (None, found.weekday()) else None


# the Solar Hijri calendar's months as Persian writes them (Farvardin .. Esfand), for a
# date in words ("۱۵ آذر ۱۴۰۵": 15 Azar 1405, `parse_date`)
SOLAR_HIJRI_MONTHS = (
    "فروردین",
    "اردیبهشت",
    "خرداد",
    "تیر",
    "مرداد",
    "شهریور",
    "مهر",
    "آبان",
    "آذر",
    "دی",
    "بهمن",
    "اسفند",
)
_SOLAR_WORDS = re.compile(
    rf"(?<!\d)(\d{{1,2}})\s+({'|'.join(SOLAR_HIJRI_MONTHS)})\s+(\d{{4}})(?!\d)"
)
_DAY_FIRST = re.compile(r"(?<!\d)(\d{1,2})([/.\-])(\d{1,2})\2(\d{4})(?!\d)")
# the lunar Hijri (Islamic) calendar's months, as Arabic and Persian write them, and the
# mark after its year ("١٥ رمضان ١٤٤٨ هـ"): a date of it is not read (`lunar_hijri`)
_LUNAR_HIJRI = re.compile(
    r"(?<!\w)(?:محرم|صفر|ربيع|ربیع|جمادى|جمادي|جمادی|رجب|شعبان|رمضان|شوال|ذو القعدة"
    r"|ذو الحجة|ذي القعدة|ذي الحجة|ذی‌القعده|ذی‌الحجه)(?!\w)"
)
_LUNAR_YEAR = re.compile(r"(?<!\d)1[34]\d\d\s*(?:هـ|ه‍|ق|AH)(?!\w)")


def lunar_hijri(text: str) -> bool:
    """Whether `text` writes a date of the lunar Hijri (Islamic) calendar, which talkbase
    does not read (its months are seen, not computed: no arithmetic calendar is assumed):
    a day and a month of it with a year ("15 رمضان 1448"), a year with its mark
    ("1448 هـ"), or a date of numbers in Arabic-Indic digits whose year is a Hijri
    one ("١٥/٠٩/١٤٤٨": `hijri_numbers`; Persian digits write the Solar Hijri calendar's)."""
    plain = ascii_digits(text)
    if _LUNAR_YEAR.search(plain) or (_ARABIC.search(text) and hijri_numbers(plain)):
        return True
    return bool(_LUNAR_HIJRI.search(plain)) and bool(re.search(r"(?<!\d)1[34]\d\d(?!\d)", plain))


def hijri_numbers(text: str) -> bool:
    """Whether `text` (in ASCII digits) holds a date of numbers, day or year first,
    whose year is a Hijri one (`OTHER_CALENDARS`' 1300 to 1499: "15/09/1448",
    "1448/09/15"), no Gregorian year of a program: `parse_date` reads it only as the
    Solar Hijri calendar's where its Persian digits say so, never as a Gregorian date."""
    return any(
        int(m.group(g)) in OTHER_CALENDARS["Solar Hijri"]
        for pattern, g in ((_DAY_FIRST, 4), (_YEAR_FIRST, 1))
        for m in pattern.finditer(text)
    )


def hijri_calendar(text: str) -> str | None:
    """The calendar a date of `text` that talkbase does not read is of, as a warning
    names it: "the lunar Hijri (Islamic) calendar" (`lunar_hijri`), "a Hijri calendar
    (lunar or Solar)" for a date of numbers of a Hijri year written with no calendar
    said ("15/09/1448": `hijri_numbers`); None for any other text."""
    if lunar_hijri(text):
        return "the lunar Hijri (Islamic) calendar"
    return "a Hijri calendar (lunar or Solar)" if hijri_numbers(ascii_digits(text)) else None


# A date of numbers whose order (day or month first) its numbers may not tell:
# "03/10/2024", "20-06-2024" (a dotted "03.10.2024" is day first wherever it is written:
# `parse_date`); a table decides it per column (ingest/formats/table.py, `date_order`),
# a document's day headings all together (`headings_day_first`)
NUMERIC_DATE = re.compile(r"(?<!\d)(\d{1,2})([/-])(\d{1,2})\2(\d{4})(?!\d)")


def iso_dates(value: str, day_first: bool, era: int = 0) -> str:
    """`value` with its dates of numbers written as ISO dates, in the order decided,
    a year of the document's era (`when.era_of`: "14/11/2569" in a Thai table) as
    the Gregorian calendar counts it."""

    def iso(m: re.Match[str]) -> str:
        a, b, year = int(m.group(1)), int(m.group(3)), m.group(4)
        year = str(common_year(int(year), era)) if era else year
        day, month = (a, b) if day_first else (b, a)
        return f"{year}-{month:02d}-{day:02d}" if month <= 12 and day <= 31 else m.group(0)

    return NUMERIC_DATE.sub(iso, value)


# the most days apart two day headings of one program are taken to be (`headings_day_first`)
PROGRAM_DAYS = 14


def headings_day_first(
    texts: Iterable[str], era: int, written: Callable[[], bool | None]
) -> tuple[bool, str | None]:
    """Whether a document's day headings write their dates of numbers day first,
    decided once for all of them, and what to warn: a number past the 12th tells;
    else the order in which their days fall within `PROGRAM_DAYS` of each other (on
    "07/11/2026" and "08/11/2026", day first: a day apart, not a month), where only
    one does; else `written()` (`languages.day_first`, where the document's zone is or
    in its language), where its days then fall so; else the US order is assumed, and
    said. `era`: the document's (`era_of`)."""
    found = [m for t in texts for m in NUMERIC_DATE.finditer(ascii_digits(t))]
    if any(int(m.group(1)) > 12 for m in found) or not found:
        return bool(found), None
    if any(int(m.group(3)) > 12 for m in found) or all(m.group(1) == m.group(3) for m in found):
        return False, None

    def within(day_first: bool) -> bool:
        try:
            read = [date.fromisoformat(iso_dates(m.group(0), day_first, era)) for m in found]
        except ValueError:  # ("31/04/2026": no such day)
            return False
        return (max(read) - min(read)).days <= PROGRAM_DAYS

    plausible = [order for order in (True, False) if within(order)]
    if len(plausible) == 1:
        return plausible[0], None
    if (said := written()) is not None:
        return said, None
    value = found[0].group(0)
    read = date.fromisoformat(iso_dates(value, False, era))
    return False, (
        f"no date of numbers in its day headings or talks' lines tells whether it is "
        f"written day or month first (none is past the 12th, the days they give do not "
        f"tell, and the document's zone and language do not say); they are read "
        f"month first, as in the US: {value!r} is {read.day} {read:%B %Y} (write "
        f"{read.isoformat()} to be sure)"
    )


_YEAR_FIRST = re.compile(r"(\d{4})\s*([/.\-])\s*(\d{1,2})\s*\2\s*(\d{1,2})")


def parse_date(value: str) -> date | None:
    """A date as programs write it; "03/02/2024" is 2 March (US order) unless the
    first number is over 12. A table decides its column's order from all its values
    and hands this ISO dates (ingest/formats/table.py, `date_order`). Year, month and
    day with their characters ("2024年10月5日": `_CJK_DATE`) are read too. Its digits
    may be of any script ("۲۰۲۶-۱۱-۱۱", "๑๔/๑๑/๒๐๒๖": `terms.ascii_digits`); one
    written year first in Persian digits, its year a Solar Hijri one ("۱۴۰۵/۰۸/۲۰"),
    is read in that calendar (`solar_hijri`), and a Buddhist-era year beside Thai
    ("๑๔/๑๑/๒๕๖๙", "14 ก.ย. 2569") in that era (`OTHER_CALENDARS`)."""
    text = ascii_digits(value)
    # (in words, "۱۵ آذر ۱۴۰۵"; day first in Persian digits, "۱۵/۰۹/۱۴۰۵")
    words = _SOLAR_WORDS.search(text)
    if words and int(words.group(3)) in OTHER_CALENDARS["Solar Hijri"]:
        month = SOLAR_HIJRI_MONTHS.index(words.group(2)) + 1
        day = solar_hijri(int(words.group(3)), month, int(words.group(1)))
        # (a weekday named beside it that the day is not on: no day is read, never a
        # wrong one)
        named = {_weekday_numbers().get(fold(w)) for w in text[: words.start()].split()}
        return day if day and not (named - {None, day.weekday()}) else None
    first = _DAY_FIRST.search(text) if _PERSIAN.search(value) else None
    if first and int(first.group(4)) in OTHER_CALENDARS["Solar Hijri"]:
        return solar_hijri(int(first.group(4)), int(first.group(3)), int(first.group(1)))
    hijri = _YEAR_FIRST.search(text) if _PERSIAN.search(value) else None
    if hijri and int(hijri.group(1)) in OTHER_CALENDARS["Solar Hijri"]:
        whole = not re.search(r"\d", text[: hijri.start()] + text[hijri.end() :])
        numbers = (int(hijri.group(k)) for k in (1, 3, 4))
        return solar_hijri(*numbers) if whole else None
    if hijri_numbers(text):  # ("١٥/٠٩/١٤٤٨", "15/09/1448": a Hijri year, no Gregorian one)
        return None
    return _gregorian(common_years(value))


def common_years(text: str, era: int | None = None) -> str:
    """`text` with its digits ASCII ones (`terms.ascii_digits`) and, where it is
    written in Thai (`era_of`; or in a document whose `era` is said), its Buddhist-era
    years the Common Era's ("วันที่ ๑๔/๑๑/๒๕๖๙": "วันที่ 14/11/2026")."""
    plain = ascii_digits(text)
    if era := era_of((text,)) if era is None else era:
        return re.sub(r"(?<!\d)\d{4}(?!\d)", lambda m: str(common_year(int(m[0]), era)), plain)
    return plain


def _gregorian(value: str) -> date | None:
    """`parse_date` of a date of the Gregorian calendar in ASCII digits."""
    if m := cjk_date(_CJK_DATE, value):
        try:
            return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return None
    text = re.sub(r"(\d)(?:st|nd|rd|th)\b", r"\1", value.strip().replace(",", " "))
    text = re.sub(r"^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s+", "", text, flags=re.I)
    text = " ".join(text.split())
    words = text.split(" ")
    for k in (3, 2, 1):  # (a weekday of several words: Vietnamese "Thứ Bảy 14.11.2026")
        head = " ".join(words[:k])
        if len(words) > k and head[:1].isalpha() and fold(head).rstrip(".") in _weekdays():
            text = " ".join(words[k:])  # "Sa 16.11.2024", "samedi 05/04/2025"
            break
    if m := re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", text):
        a, b, year = (int(g) for g in m.groups())
        month, day = (a, b) if a <= 12 else (b, a)
        try:
            return date(year, month, day)
        except ValueError:
            return None
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(
                text.replace(".", " ").strip() if "%b" in fmt or "%B" in fmt else text, fmt
            ).date()
        except ValueError:
            continue
    return None


@lru_cache(maxsize=1)
def _weekdays() -> frozenset[str]:
    """The weekdays, wide and abbreviated, in every language programs are read in
    (CLDR's: "samstag", "sa", "samedi", "sam"), folded."""
    return frozenset(
        fold(name)
        for code in languages.written_in()
        for width in ("wide", "abbreviated")
        for name in languages.weekday_names(code, width)
    )


@lru_cache(maxsize=1)
def _weekday_numbers() -> dict[str, int | None]:
    """The weekdays' wide names in every language programs are read in, folded -> 0
    (Monday) .. 6; None for a name two languages give to different days."""
    out: dict[str, int | None] = {}
    for code in languages.written_in():
        for name, day in languages.weekday_names(code).items():
            key = fold(name)
            out[key] = day if out.get(key, day) == day else None
    return out


def weekday_named(text: str) -> int | None:
    """The weekday (0: Monday .. 6) `text` is nothing but the full name of, in any
    language programs are read in, as CLDR writes it ("Zaterdag", "Samstag",
    "Saturday": 5); None for any other text, a date or a name two languages give to
    different days."""
    words = " ".join(text.split())
    return _weekday_numbers().get(fold(words)) if 2 <= len(words) <= 30 else None


def _moment(when: datetime) -> str:
    return f"{when:%Y-%m-%d %H:%M}"


def end_problem(start: datetime, end: datetime) -> str | None:
    """Why `end` cannot be the end of a talk starting at `start` (before it, as time
    passes: `elapsed`, or more than LONGEST_TALK after it, a day as the calendar counts
    one: the hour the clocks go back between them is allowed, so that 12:00 to 12:00
    the next day, the night summer time ends, is a day though 25 hours pass); None when
    it can. An end equal to the start is no end."""
    length = elapsed(start, end)
    if length < timedelta(0):
        return f"ends ({_moment(end)}) before it starts ({_moment(start)})"
    turned = (start.utcoffset() or timedelta(0)) - (end.utcoffset() or timedelta(0))
    if length - max(turned, timedelta(0)) > LONGEST_TALK:
        return f"ends ({_moment(end)}) more than a day after it starts ({_moment(start)})"
    return None


def _as_shown(moment: datetime) -> datetime:
    """`moment` as the clocks of its zone show it: a time they skip, the night summer
    time begins ("02:30" in Berlin on 2026-03-29), is read with the offset before the
    change, as RFC 5545 reads one, and shown as the clocks then say ("03:30+02:00");
    any other moment as it is."""
    try:
        return moment.astimezone(UTC).astimezone(moment.tzinfo)
    except OverflowError:  # (a placeholder at the calendar's end: `limit_times` drops it)
        return moment


def _changing(moment: datetime) -> bool:
    """Whether `moment`'s wall time is one its zone's clocks skip or show twice: its
    offset depends on its fold."""
    return moment.utcoffset() != moment.replace(fold=1 - moment.fold).utcoffset()


def _skipped(moment: datetime) -> bool:
    """Whether the clocks of `moment`'s zone skip its wall time that day."""
    return _as_shown(moment).replace(tzinfo=None) != moment.replace(tzinfo=None)


def _twice(moment: datetime) -> bool:
    """Whether `moment` is a wall clock time (`WallClock`) its zone's clocks show twice
    that day (the hour summer time ends), nothing yet saying which (its fold is 0)."""
    wall = isinstance(moment, WallClock) and moment.fold == 0
    return wall and _changing(moment) and not _skipped(moment)


def on_the_clock(start: datetime, end: datetime | None) -> tuple[datetime, datetime | None, bool]:
    """A talk's start and end on the night its zone's clocks change, as its program's
    wall clock times mean them (`WallClock`), and whether its start was `moved`: a
    wall time shown twice (the hour summer time ends) is the one that gives the talk
    the length its clock times say ("02:30–03:00" is 30 minutes, not 90), else the
    first (RFC 5545's); a start the clocks skip is read as RFC 5545 reads it
    (`_as_shown`: "02:30" is "03:30"), its talk keeping the length its clock times
    say where its written end would come before it ("02:30–03:15" is "03:30–04:15";
    `moved` says so). A start the document gave as an instant ("Z", an offset), and an
    end it gave so or that its duration gives (`later`), are as they are: an instant
    is never moved, and a duration never shortened."""
    if not isinstance(start, WallClock) or start.utcoffset() is None:
        return start, end, False
    wall_end = end if isinstance(end, WallClock) and end.utcoffset() is not None else None
    if not _changing(start) and (wall_end is None or not _changing(wall_end)):
        return start, end, False  # (the common case: a night the clocks keep)
    if wall_end is not None:
        wall = wall_end.replace(tzinfo=None) - start.replace(tzinfo=None)
        starts = [start, start.replace(fold=1)] if _twice(start) else [start]
        ends = [wall_end, wall_end.replace(fold=1)] if _twice(wall_end) else [wall_end]
        after = [(s, e) for s in starts for e in ends if elapsed(s, e) > timedelta(0)]
        start, wall_end = next(
            (p for p in after if elapsed(*p) == wall), after[0] if after else (start, wall_end)
        )
        end = _as_shown(wall_end)
    shown, moved = _as_shown(start), _skipped(start)
    if moved and wall_end is not None and end is not None and elapsed(shown, end) <= timedelta(0):
        end = later(shown, wall) if wall > timedelta(0) else end
    return shown, end, moved


# An evening start and an end in the small hours, its clock before the start's: the
# end is the next day's ("Hackatón nocturna", 22:00 to 02:00), not an end before the start
_EVENING, _SMALL_HOURS = time(18), time(8)


def past_midnight(start: datetime, end: datetime) -> datetime:
    """`end` moved to the next day when it is a small hours' clock time on the day of
    an evening `start` (an end written without a date of its own); else as it is."""
    overnight = end.date() == start.date() and end.timetz() < start.timetz()
    if overnight and start.time() >= _EVENING and end.time() <= _SMALL_HOURS:
        return plus(end, timedelta(days=1))
    return end


def plus(moment: datetime, length: timedelta) -> datetime:
    """`moment` `length` later on its wall clock (the next day's "02:00", the
    afternoon's "1:00"); `moment` itself where the calendar ends before (a
    placeholder's "9999-12-31": beyond any program's dates, which
    `limits.limit_times` says of its talk)."""
    try:
        return moment + length
    except OverflowError:
        return moment


def days_on(day: date, days: int) -> date:
    """The day `days` after `day`; `day` itself where the calendar ends before
    ("9999-12-31": a placeholder, beyond any program's dates, which `limits.limit_times`
    says of its talk)."""
    try:
        return day + timedelta(days=days)
    except OverflowError:
        return day


def later(moment: datetime, length: timedelta) -> datetime | None:
    """`moment` plus `length`; None past the calendar's last day or before its first
    (a placeholder's "9999-12-31 23:00" plus two hours: no clock time at all, which
    `limits.limit_times` then says of the talk, beyond any program's dates). From a
    wall clock time (`WallClock`) it is time that passes, an instant: a 90-minute
    talk from the first 01:00 the night summer time ends ends at the second 01:30;
    a duration's days (`Nominal`) are the same clock time a day later."""
    try:
        if isinstance(moment, WallClock) and moment.utcoffset() is not None:
            days = length.calendar if isinstance(length, Nominal) else timedelta(0)
            on_day = moment + days  # (the same clock time, days later)
            return instant((on_day.astimezone(UTC) + length - days).astimezone(moment.tzinfo))
        return moment + length
    except OverflowError:
        return None


# Half a day: a 12-hour clock's afternoon, its morning's reading moved on
HALF_DAY = timedelta(hours=12)


# the hours a 12-hour clock without am or pm reads in the afternoon and early evening
# ("1:00" to "7:59"): "8:30" or "9:00" after "10:00" is a morning listed out of order
AFTERNOON_HOURS = (1, 7)
Span = tuple[time, time]  # the earliest and the latest of some clock times


def twelve_hour(clocks: Iterable[tuple[time | None, int]]) -> bool:
    """Whether a program writes its clock times the 12-hour way without saying am or
    pm: of its clocks as read (`late_clock`'s (time, days past the day)), none is
    past 12:59, in the hour after midnight or written past 24:00, and one is read at
    all. A 24-hour program's afternoon ("13:00") or night ("00:30") says it is not."""
    read = [(c, days) for c, days in clocks if c is not None]
    return bool(read) and all(days == 0 and 1 <= c.hour <= 12 for c, days in read)


def afternoon(
    start: datetime, end: datetime | None, first: datetime, previous: datetime
) -> tuple[datetime, datetime | None]:
    """A talk's start and end in a day's list written the 12-hour way (`twelve_hour`),
    `first` the day's first start and `previous` the start before it (as read here):
    a start before both, on the clock's first round, between 1:00 and 7:59 after a
    start of 10:00 or later ("1:00" after "11:00" in a day begun at "9:00"), is the
    afternoon's, its end with it; an end before its start whose afternoon reading
    follows it ("12:00–1:00") is the afternoon's. Any other start and end as they are
    (review: a 24-hour morning listed out of order, "8:30" after "10:00", is no
    evening)."""
    back = start < previous and start.time() < first.time()
    if back and AFTERNOON_HOURS[0] <= start.hour <= AFTERNOON_HOURS[1] and previous.hour >= 10:
        start, end = plus(start, HALF_DAY), (plus(end, HALF_DAY) if end is not None else None)
    if end is not None and end < start and end.hour < 12 and start < plus(end, HALF_DAY):
        end = plus(end, HALF_DAY)
    return start, end


# a clock written with the half of the day it is in ("2:30 PM", "9:30am", "4 p.m.")
_HALF_WRITTEN = re.compile(rf"\d\s*{_AM_PM}(?![A-Za-z])")


def half_written(cell: str) -> bool:
    """Whether a start or end cell writes am or pm beside its clock ("2:30-3:15 PM",
    "下午2:00": `halves_after`)."""
    text = " ".join(cell.split())
    return bool(_HALF_WRITTEN.search(_cjk_clock(text) or halves_after(text)))


def half_span(bare: Iterable[tuple[time | None, int]], written: Iterable[time]) -> Span | None:
    """Of a program that writes am or pm beside some of its clock times (`written`,
    as read) and not beside others (`bare`, as `twelve_hour` takes them) that are
    all on a 12-hour clock (none past 12:59 or in the hour after midnight): the
    earliest and the latest of its written times, where `half_placed` puts the
    bare ones; None for a program with no bare clock to place or no written one, or
    one on a 24-hour clock ("13:00" bare beside "2 PM")."""
    told = sorted(written)
    return (told[0], told[-1]) if told and twelve_hour(bare) else None


def half_placed(
    start: datetime, end: datetime | None, bare: tuple[bool, bool], span: Span | None
) -> tuple[datetime, datetime | None]:
    """A talk's start and end in a program that writes am or pm beside some of its
    clock times (`half_span`), `bare` saying which of the two it writes without: a
    bare start from 1:00 to 11:59 is read in the half of the day its own end places
    it ("1:00" before "1:45 PM"), else the program's written times (the one reading
    between their earliest and latest, else the one nearer them: "7:30" before a
    first "9:00 AM" is a morning's registration), else in the
    afternoon from 1:00 to 7:59 (`AFTERNOON_HOURS`) and in the morning after; with
    no `span` (a day whose rows run in time order only as written: "9:05", "10:00"
    before "7:30 PM"), a bare start only by its own end, else as written, on the
    24-hour clock; a bare end is the first of its two readings after its start
    (`end_after`)."""
    if bare[0] and 1 <= start.hour <= 11:
        later = plus(start, HALF_DAY)
        inside = [span is not None and span[0] <= m.time() <= span[1] for m in (start, later)]
        if end is not None and not bare[1]:
            start = later if later < end else start
        elif span is None:
            pass  # (as written)
        elif inside[0] != inside[1]:
            start = later if inside[1] else start
        elif not any(inside):  # (both outside: the one nearer them, "7:30" before 9 AM)
            away = [_outside(m.time(), span) for m in (start, later)]
            if away[0] != away[1]:
                start = later if away[1] < away[0] else start
            elif AFTERNOON_HOURS[0] <= start.hour <= AFTERNOON_HOURS[1]:
                start = later
        elif AFTERNOON_HOURS[0] <= start.hour <= AFTERNOON_HOURS[1]:
            start = later
    if end is not None and bare[1]:
        end = end_after(start, end)
    return start, end


def _outside(at: time, span: Span) -> int:
    """How many minutes `at` lies before the first or after the last of `span`."""
    m = at.hour * 60 + at.minute
    first, last = (s.hour * 60 + s.minute for s in span)
    return max(first - m, m - last, 0)


def end_after(start: datetime, end: datetime) -> datetime:
    """Of an end written on a 12-hour clock without am or pm, its reading and the
    one 12 hours later, the first after `start`; the end as it is where neither is."""
    return next((m for m in (end, plus(end, HALF_DAY)) if m > start), end)


def half_placed_said(place: str, title: str, start: datetime, end: datetime | None) -> str:
    """The one warning that a program's clock time written without am or pm beside
    others written with it was placed (`half_placed`), at `place`, said once per
    table."""
    return (
        f"{place}: {title!r}: the program writes am or pm beside some of its clock times "
        f"but not beside this one; read as {start:%H:%M}{f'–{end:%H:%M}' if end else ''}, "
        "where its other times place it, as are the others written so"
    )


def afternoon_said(place: str, title: str, start: datetime, end: datetime | None) -> str:
    """The one warning that a program's 12-hour clock was read as the afternoon's
    (`afternoon`), at `place` ("program.md line 12"), said once per list or table."""
    return (
        f"{place}: {title!r}: the program writes its clock times without am or pm, and "
        f"this time runs back past noon; read as {start:%H:%M}"
        f"{f'–{end:%H:%M}' if end else ''}, as are the times after it that do"
    )


def talk_end(
    start: datetime | None, end: datetime | None, length: timedelta | None = None
) -> tuple[datetime | None, str | None]:
    """The end to keep for a talk from its explicit `end` and its `length` (a duration),
    and, when one of them was dropped, what to say about it ("... ; kept without an
    end"): an end before the start or more than a day after it is dropped, the
    duration then used when it is at most a day."""
    if start is None:
        return None, None
    problem = None
    if end is not None and end != start:
        # (judged as the clocks mean them; `limits.limit_times` moves them and says so)
        shown, shown_end, _ = on_the_clock(start, end)
        problem = end_problem(shown, shown_end or end)
        if problem is None:
            return end, None
    if length is not None:
        if length <= LONGEST_TALK:
            return later(start, length), (f"{problem}; its duration is used" if problem else None)
        problem = problem or f"lasts {length.total_seconds() / 3600:,.0f} hours, more than a day"
    return None, (f"{problem}; kept without an end" if problem else None)


def parse_when(
    value: str,
    tz: tzinfo | None,
    fallback: tzinfo,
    day: date | None = None,
) -> tuple[datetime | None, datetime | None]:
    """A start (and an end, for ranges) from one cell; `day` completes bare clock times.
    A clock written past 24:00 ("24:00", "25:30") is that day's next day's ("00:00",
    "01:30": `past_24`). The end is as written, even before the start: see `talk_end`."""
    text = hour_word_off(" ".join(value.split()))  # ("saat 14.00": "14.00")
    if not text or len(text) > 80:  # no date or time is that long; spare the regexes
        return None, None
    text = _cjk_clock(text) or halves_after(text)  # "午後2時" alone: "2:00 PM"
    text, own = cell_zone(text)  # ("10:00 JST": the zone the cell names is its own)
    tz = own or tz
    iso = parse_datetime(text, tz, fallback) or parse_epoch(text, tz, fallback)
    if iso is not None:
        return iso, None
    # a clock time or a range alone, else after a date ("9:30 – 10:15" is no date
    # "9:30" and a time "10:15")
    m = re.fullmatch(clock_span(), text) or re.fullmatch(rf"(.*?)[ ,T]+{clock_span()}", text)
    if m:
        said, one, two = m.groups() if m.re.groups == 3 else (None, *m.groups())
        on = parse_date(said) if said else day
        one, late = past_24(one or "")  # ("25:30": the next day's 01:30)
        two, days = past_24(two or "")
        first, second = range_clocks(one, two)
        if on is not None and first is not None:
            # (an end after a start past 24:00 is on its day too: "24:00–01:00")
            begins, after = days_on(on, late), days_on(on, late or days)
            start = localise(datetime.combine(begins, first), tz, fallback)
            end = localise(datetime.combine(after, second), tz, fallback) if second else None
            return start, end
    on = parse_date(text)
    if on is not None:
        return localise(datetime.combine(on, datetime.min.time()), tz, fallback), None
    return None, None


def day_alone(value: str) -> date | None:
    """The day a cell writes with no time of day ("2026-09-11", "Fri 11 Sep 2026"),
    which `parse_when` reads as the day's midnight; None for a cell that gives a clock
    time, even "00:00" (docs/formats.md, "A day and no time": a talk's start that is
    its date alone keeps it on that day at no time, never at midnight)."""
    start, _ = parse_when(value, UTC, UTC)
    text, _ = cell_zone(hour_word_off(" ".join(value.split())))
    return start.date() if start is not None and parse_date(text) == start.date() else None


def unique_uid(uid: str | None, seen: dict[str, int]) -> tuple[str | None, bool]:
    """The uid, suffixed "#2", "#3"... when the document already used it; (uid, repeated)."""
    if not uid:
        return None, False
    seen[uid] = seen.get(uid, 0) + 1
    return (uid, False) if seen[uid] == 1 else (f"{uid}#{seen[uid]}", True)


def as_list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def document_stem(document: str) -> str:
    return PurePath(document).stem or document


def iso_date(value: object) -> date | None:
    try:
        return date.fromisoformat(value[:10]) if isinstance(value, str) else None
    except ValueError:
        return None

"""Clock times in a query's words: "3pm", "3 pm", "15:00", "10h30", a bare "3" after
"after" (an afternoon hour), and the ones that stand alone ("Sunday 9am", "14:00
talks": the talks under way then, as "at 9am"). The words that lead into a time
("starting at 10:00", "right after lunch") are read with it, never as a topic.
index/search/read/whenwords.py reads the limits these make.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

TIME = re.compile(r"^(\d{1,2})(?:[:.h](\d{2})|h)?\s*(am|pm|a\.m\.|p\.m\.)?$")
_HALVES = ("am", "pm", "a.m", "p.m", "a.m.", "p.m.")
# words that lead into a time limit: "starting at 10:00", "right after lunch",
# "sometime before noon", "anytime after 3pm"
LEAD_INS = frozenset(
    "starting starts start beginning begins begin right just straight shortly soon sometime "
    "anytime".split()
)


# a clock time that says it is one with no word before it: with am/pm, or its hours and
# minutes by a colon or "h" ("9am", "14:00", "10h30", "14h"; not "3", "3.11")
EXPLICIT = re.compile(r"\d{1,2}([:h]\d{2}|h)?\s*(am|pm|a\.m\.?|p\.m\.?)|\d{1,2}([:h]\d{2}|h)")


class _Low(Protocol):
    low: str


def clock(tokens: Sequence[_Low], i: int) -> tuple[str, int, bool] | None:
    """A clock time at tokens[i] ("3pm", "3 pm", "15:00", "3"): ("15:00", tokens used,
    whether the hour was a guess: a bare "3" taken as 15:00)."""
    if i >= len(tokens):
        return None
    said = spoken(tokens, i)
    if said is not None:
        return said[0], said[1], False
    text, used = _rough(tokens[i].low), 1
    if i + 1 < len(tokens) and tokens[i + 1].low in _HALVES:
        text, used = text + tokens[i + 1].low, 2
    m = TIME.match(text.replace("a.m", "am").replace("p.m", "pm").rstrip("."))
    if not m:
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), m.group(3)
    if hour == 0 and not half and not m.group(2):  # "from 0 to 1" counts, never a time
        return None
    guessed = False
    if half and half.startswith("p") and hour < 12:
        hour += 12
    elif half and half.startswith("a") and hour == 12:
        hour = 0
    elif not half and not m.group(2) and 1 <= hour <= 7:
        hour, guessed = hour + 12, True  # "after 3": conference hours are afternoon hours
    if hour > 23 or minute > 59:
        return None
    if not half and "." in text and minute % 5:  # "before 3.11", "1.28 이후": a version
        return None  # (a program's clock said with a dot falls on five minutes: "14.30")
    return f"{hour:02d}:{minute:02d}", used, guessed


def _rough(word: str) -> str:
    """ "3pm-ish", "noonish", "~10.30": the time without its "ish" or "~"."""
    word = word.lstrip("~")
    return word[:-4] if word.endswith("-ish") else word[:-3] if word.endswith("ish") else word


_HOURS = {
    w: n
    for n, w in enumerate(
        "one two three four five six seven eight nine ten eleven twelve".split(), 1
    )
}
# "half two" (British: 2:30), "half past two", "quarter past 3", "quarter to 4"
_SPOKEN = {("half", "past"): 30, ("quarter", "past"): 15, ("quarter", "to"): -15, ("half",): 30}


def spoken(tokens: Sequence[_Low], i: int) -> tuple[str, int] | None:
    """A time said in words at tokens[i]: "half past two", "half two" (14:30, as
    British English says it), "quarter past 3", "quarter to 4": ("HH:MM", tokens
    used). Hours 1 to 7 are afternoon hours, as a bare "3" is."""
    low = [t.low for t in tokens[i : i + 3]]
    for words, shift in _SPOKEN.items():
        n = len(words)
        if tuple(low[:n]) != words or len(low) <= n:
            continue
        hour = _HOURS.get(low[n]) or (int(low[n]) if low[n].isdigit() else 0)
        if not 1 <= hour <= 12:
            return None
        hour += 12 if hour <= 7 else 0
        total = hour * 60 + shift
        return f"{total // 60:02d}:{total % 60:02d}", n + 1
    return None


def standalone(tokens: Sequence[_Low], i: int, by_a_day: bool = False) -> tuple[str, int] | None:
    """A clock time at tokens[i] that says it is one without a word before it: with
    "am"/"pm" ("9am", "2 pm") or hours and minutes by a colon or "h" ("14:00",
    "10h30", "14h"), "noon"; never a bare number or a dotted one ("Python 3.11", "C++
    20"), unless `by_a_day` (next to a day's name: "sunday 10.30", "sunday 1030")."""
    by_a_day = by_a_day or tokens[i].low.startswith("~")  # "~10.30": a time, roughly
    said = _rough(tokens[i].low)
    if said in ("noon", "midday"):
        return "12:00", 1
    compact = re.fullmatch(r"([01]\d|2[0-3])([0-5]\d)", said) if by_a_day else None
    if compact and 7 <= int(compact.group(1)) <= 18:  # "1030"; "2024" is a year
        return f"{compact.group(1)}:{compact.group(2)}", 1
    words = spoken(tokens, i)
    if words is not None:
        return words
    found = clock(tokens, i)
    if found is None:
        return None
    said += tokens[i + 1].low if found[1] == 2 else ""
    explicit = EXPLICIT.fullmatch(said) or (
        by_a_day and re.fullmatch(r"([7-9]|1\d|2[0-2])\.[0-5]\d", said)
    )  # not "5.15"
    return (found[0], found[1]) if explicit and not found[2] else None


def minutes(value: str) -> int | None:
    """Minutes since midnight of an "HH:MM" (or "3pm", as an operator may give it)."""
    m = TIME.match(value.strip().lower().replace("a.m.", "am").replace("p.m.", "pm"))
    if not m:
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), m.group(3)
    if half:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half.startswith("p") else 0)
    return hour * 60 + minute if hour <= 23 and minute <= 59 else None


_SPAN = re.compile(r"(\d{4}|\d{1,2}(?:[:h]\d{2})?)-(\d{4}|\d{1,2}(?:[:h]\d{2})?)(am|pm)?")


def span(word: str) -> tuple[str, str] | None:
    """A range of clock times in one word ("9-11", "10:30-12", "2-4pm"): its start and
    end ("HH:MM"), when both are times of a conference day and it ends after it
    starts; a bare "3-4" (a count, a version) is none."""
    m = _SPAN.fullmatch(word)
    if m is None:
        return None
    a, b, half = (_colon(m.group(1), 18), _colon(m.group(2), 22), m.group(3) or "")
    if a is None or b is None:
        return None
    said = half or ":" in a or "h" in word
    ends = [minutes(x.replace("h", ":") + half) for x in (a, b)]
    if half == "pm" and ends[0] is not None and ends[1] is not None and ends[0] > ends[1]:
        ends[0] = minutes(a.replace("h", ":") + "am")  # "11-1pm": 11:00 to 13:00
    start, end = ends
    if start is None or end is None or start >= end:
        return None
    if not said and not (start >= 8 * 60 and end <= 20 * 60):
        return None
    return f"{start // 60:02d}:{start % 60:02d}", f"{end // 60:02d}:{end % 60:02d}"


def _colon(side: str, latest: int) -> str | None:
    """One end of a range: "1030" as "10:30", for hours 7 to `latest` ("2019-2024"
    is years: no range starts at 20:19)."""
    if len(side) != 4:
        return side
    hour, minute = int(side[:2]), int(side[2:])
    return f"{side[:2]}:{side[2:]}" if 7 <= hour <= latest and minute < 60 else None

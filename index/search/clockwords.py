"""Clock times in a query's words: "3pm", "3 pm", "15:00", "10h30", a bare "3" after
"after" (an afternoon hour), and the ones that stand alone ("Sunday 9am", "14:00
talks": the talks under way then, as "at 9am"). The words that lead into a time
("starting at 10:00", "right after lunch") are read with it, never as a topic.
index/search/whenwords.py reads the limits these make.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

TIME = re.compile(r"^(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$")
_HALVES = ("am", "pm", "a.m", "p.m", "a.m.", "p.m.")
# words that lead into a time limit: "starting at 10:00", "right after lunch",
# "sometime before noon", "anytime after 3pm"
LEAD_INS = frozenset(
    "starting starts start beginning begins begin right just straight shortly soon sometime "
    "anytime".split()
)


class _Low(Protocol):
    low: str


def clock(tokens: Sequence[_Low], i: int) -> tuple[str, int, bool] | None:
    """A clock time at tokens[i] ("3pm", "3 pm", "15:00", "3"): ("15:00", tokens used,
    whether the hour was a guess: a bare "3" taken as 15:00)."""
    if i >= len(tokens):
        return None
    text, used = tokens[i].low, 1
    if i + 1 < len(tokens) and tokens[i + 1].low in _HALVES:
        text, used = text + tokens[i + 1].low, 2
    m = TIME.match(text.replace("a.m", "am").replace("p.m", "pm").rstrip("."))
    if not m:
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), m.group(3)
    guessed = False
    if half and half.startswith("p") and hour < 12:
        hour += 12
    elif half and half.startswith("a") and hour == 12:
        hour = 0
    elif not half and not m.group(2) and 1 <= hour <= 7:
        hour, guessed = hour + 12, True  # "after 3": conference hours are afternoon hours
    if hour > 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}", used, guessed


def standalone(tokens: Sequence[_Low], i: int) -> tuple[str, int] | None:
    """A clock time at tokens[i] that says it is one without a word before it: with
    "am"/"pm" ("9am", "2 pm") or hours and minutes by a colon or "h" ("14:00",
    "10h30"); never a bare number or a dotted one ("Python 3.11", "C++ 20")."""
    found = clock(tokens, i)
    if found is None:
        return None
    said = tokens[i].low + (tokens[i + 1].low if found[1] == 2 else "")
    explicit = re.fullmatch(r"\d{1,2}([:h]\d{2})?\s*(am|pm|a\.m\.?|p\.m\.?)|\d{1,2}[:h]\d{2}", said)
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


_SPAN = re.compile(r"(\d{1,2}(?:[:h]\d{2})?)-(\d{1,2}(?:[:h]\d{2})?)(am|pm)?")


def span(word: str) -> tuple[str, str] | None:
    """A range of clock times in one word ("9-11", "10:30-12", "2-4pm"): its start and
    end ("HH:MM"), when both are times of a conference day and it ends after it
    starts; a bare "3-4" (a count, a version) is none."""
    m = _SPAN.fullmatch(word)
    if m is None:
        return None
    a, b, half = m.group(1), m.group(2), m.group(3) or ""
    said = half or ":" in word or "h" in word
    ends = [minutes(x.replace("h", ":") + half) for x in (a, b)]
    if half == "pm" and ends[0] is not None and ends[1] is not None and ends[0] > ends[1]:
        ends[0] = minutes(a.replace("h", ":") + "am")  # "11-1pm": 11:00 to 13:00
    start, end = ends
    if start is None or end is None or start >= end:
        return None
    if not said and not (start >= 8 * 60 and end <= 20 * 60):
        return None
    return f"{start // 60:02d}:{start % 60:02d}", f"{end // 60:02d}:{end % 60:02d}"

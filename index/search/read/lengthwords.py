"""How long a talk is, in a query's words: "short talks" (at most SHORT_MINUTES),
"long talks" (at least LONG_MINUTES), "30 minute talks", "hour-long talks" (within
a tenth of that), "talks under 30 minutes", "at least an hour", "45 minutes or
less", and in the talks' languages where index/search/read/lexicon.py has their words
("menos de 20 minutos": `lexicon.LENGTH_BOUNDS`, with CLDR's names of the units).
Each becomes the filters `max_minutes` / `min_minutes` (a talk whose end the
program does not give passes none) and one chip; the words around it that say a
length ("lasting", "long") are read with it. A reader over a query's `Words`
(index/search/read/whenwords.py), called by index/search/read/understand.py. Two
limits of one kind ("short talks under 20 minutes") apply the tighter, as their chips
say.
"""

from __future__ import annotations

import re

from index.search.read import lexicon
from index.search.read.whenwords import Words

SHORT_MINUTES = 20  # "short talks": lightning talks and short slots
LONG_MINUTES = 50  # "long talks": a full lecture slot, workshops
EXACT_SHARE = 0.1  # "30 minute talks": 27 to 33 minutes (slots and their talks differ)
TALK_NOUNS = frozenset("talk talks session sessions presentation presentations ones".split())
SAID_AFTER = TALK_NOUNS | {"long", "workshop", "workshops", "slot", "slots", "lecture"}
SHORT_WORDS = frozenset("short shorter quick brief".split())
LONG_WORDS = frozenset("long longer lengthy".split())
# comparisons before a length: (words, bound, strict)
AT_MOST = (
    (("shorter", "than"), "max", True),
    (("less", "than"), "max", True),
    (("under",), "max", True),
    (("at", "most"), "max", False),
    (("up", "to"), "max", False),
    (("no", "more", "than"), "max", False),
    (("no", "longer", "than"), "max", False),
    (("longer", "than"), "min", True),
    (("more", "than"), "min", True),
    (("over",), "min", True),
    (("at", "least"), "min", False),
)
OR_SO = {"less": "max", "shorter": "max", "under": "max", "more": "min", "longer": "min"}
_UNITS = {"m": 1, "min": 1, "mins": 1, "minute": 1, "minutes": 1, "h": 60, "hr": 60}
_UNITS |= {"hrs": 60, "hour": 60, "hours": 60}
_NUMBER = {"a": 1.0, "an": 1.0, "one": 1.0, "two": 2.0}
_JOINED = re.compile(r"(\d+(?:\.\d+)?)-?(m|min|mins|minute|minutes|h|hr|hrs|hour|hours)")


def read(r: Words, i: int) -> bool:
    """Read a limit on the length of a talk starting at token `i` into `r`."""
    w = r.low(i)
    if w in SHORT_WORDS | LONG_WORDS and r.low(i + 1) in TALK_NOUNS:  # "short talks"
        short = w in SHORT_WORDS
        fld, n = ("max_minutes", SHORT_MINUTES) if short else ("min_minutes", LONG_MINUTES)
        sign = "≤" if short else "≥"
        _take(r, i, 1, fld, n, f"{'short' if short else 'long'} ({sign} {n} min)")
        return True
    compared = _compared(r, i)
    if compared is not None:
        n, bound, minutes = compared
        _bound(r, i, n, bound, minutes)
        return True
    found = length(r, i)
    if found is None or _counts_talks(r, i):
        return False
    minutes, used = found
    after = r.low(i + used)
    if after == "or" and r.low(i + used + 1) in OR_SO:  # "45 minutes or less"
        _bound(r, i, used + 2, OR_SO[r.low(i + used + 1)], minutes)
        return True
    said = r.low(i + used) in SAID_AFTER or r.low(i - 1) in ("lasting", "of")
    if not said:  # "30 minutes" alone may be when ("in 30 minutes"), not how long
        return False
    lead = int(r.free(i - 1) and r.low(i - 1) == "lasting")
    n = used + int(r.free(i + used) and r.low(i + used) == "long")
    spread = max(1, round(minutes * EXACT_SHARE))
    r.take(i, n, "max_minutes", str(minutes + spread), f"{_said(minutes)} long", lead)
    r.values["min_minutes"] = str(max(1, minutes - spread))
    return True


def compared(r: Words, i: int) -> bool:
    """Whether a bound and a length are said from token `i` ("less than 20 minutes",
    "menos de 20 minutos"): a reader of other words ("menos" as "except") leaves them."""
    return _compared(r, i) is not None


def _compared(r: Words, i: int) -> tuple[int, str, int] | None:
    """A bound and a length from token `i`: (tokens used, "max" or "min", minutes)."""
    languages = r.vocab.spoken | r.vocab.asked_in
    for words, bound, strict in (*AT_MOST, *lexicon.length_bounds(languages)):
        if all(r.free(i + k) and r.low(i + k) == x for k, x in enumerate(words)):
            found = length(r, i + len(words))
            if found is None:
                continue
            minutes, used = found
            minutes += (1 if bound == "min" else -1) if strict else 0
            return len(words) + used, bound, minutes
    return None


def length(r: Words, i: int) -> tuple[int, int] | None:
    """A length said from token `i` ("30 minutes", "30-minute", "90min", "an hour",
    "half an hour", "hour-long", "1.5 hours"): (minutes, tokens used)."""
    w = r.low(i)
    if not r.free(i):
        return None
    if w in ("hour-long", "hour-length"):
        return 60, 1
    if w in ("half-hour", "half-an-hour"):
        return 30, 1
    joined = _JOINED.fullmatch(w)
    if joined:
        return round(float(joined.group(1)) * _UNITS[joined.group(2)]), 1
    if w == "half" and r.low(i + 1) == "hour":  # "half hour talks"
        return (30, 2) if r.free(i + 1) else None
    if w == "half" and r.low(i + 1) in ("an", "a") and r.low(i + 2) == "hour":
        return (30, 3) if r.free(i + 1) and r.free(i + 2) else None
    number = _NUMBER.get(w)
    if number is None and re.fullmatch(r"\d{1,3}(\.\d+)?", w):
        number = float(w)
    said = r.low(i + 1).rstrip("-")
    unit = _UNITS.get(said) or lexicon.length_units(r.vocab.spoken | r.vocab.asked_in).get(said)
    if number is None or unit is None or not r.free(i + 1) or (unit == 1 and number < 1):
        return None
    return round(number * unit), 2


def _counts_talks(r: Words, i: int) -> bool:
    """Whether the length at `i` is when, not how long: "in 30 minutes", "next hour"."""
    return r.low(i - 1) in ("in", "next", "within", "past", "last", "every")


def _bound(r: Words, i: int, n: int, bound: str, minutes: int) -> None:
    fld, sign = ("max_minutes", "≤") if bound == "max" else ("min_minutes", "≥")
    lead = int(r.free(i - 1) and r.low(i - 1) == "lasting")
    _take(r, i, n, fld, max(1, minutes), f"{sign} {_said(max(1, minutes))}", lead)


def _take(r: Words, i: int, n: int, fld: str, minutes: int, label: str, lead: int = 0) -> None:
    """The length limit taken as `r.take` does, the tighter applied where the query
    said one of its kind already ("short talks under 20 minutes": 19, not 20)."""
    before = r.values.get(fld)
    r.take(i, n, fld, str(minutes), label, lead)
    if before is not None:
        tighter = min if fld == "max_minutes" else max
        r.values[fld] = str(tighter(int(before), minutes))


def _said(minutes: int) -> str:
    """ "30 min", "1 h", "1 h 30 min"."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h" + (f" {rest} min" if rest else "")

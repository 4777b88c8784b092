"""Days in a query's words: weekday names and their short forms ("sat", "Tues"),
"today"/"tomorrow", "day 2", "the second day", dates ("Feb 3", "3rd feb",
"2024-02-03", "2/3": day/month or month/day, whichever names a day of the
program; "11月15日"). index/search/read/whenwords.py reads them with the other limits on when a
talk is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date

from talkbase.core.terms import WEEKDAYS

DAY_WORDS: dict[str, int] = {}
for _i, _name in enumerate(WEEKDAYS):
    for _w in (_name, _name + "s", _name[:3], _name[:3] + "."):
        DAY_WORDS[_w] = _i
for _w, _i in (("tues", 1), ("weds", 2), ("thur", 3), ("thurs", 3)):
    DAY_WORDS[_w] = _i
# The words that name a weekday whatever the program holds ("sun", "wed" may be words)
DAY_NAMES = {w: i for w, i in DAY_WORDS.items() if w.rstrip("s") in WEEKDAYS}
RELATIVE = {"today": 0, "tomorrow": 1, "tmrw": 1, "yesterday": -1}  # days from today
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
ORDINALS = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "fifth": 5,
    "5th": 5,
    "last": -1,
}
# a date as Chinese and Japanese write it, each number with its character, the year
# left out or not ("11月15日", "2026年11月15日", and Chinese's spoken "11月15号"), as
# the programs' dates are read (ingest/when.py `_CJK_DATE`)
CJK_DATE = re.compile(r"(?:(\d{4})年)?(\d{1,2})月(\d{1,2})[日号號]")
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def _real(year: int, month: int, day: int) -> date | None:
    """The date, or None when there is no such day."""
    try:
        return date(year, month, day)
    except ValueError:
        return None


def date_of(
    a: str, b: str, days: Sequence[date], months: Mapping[str, int] | None = None
) -> date | None:
    """The date the words `a` (and `b`, the next word, "" for none) say, in the year
    of the program's `days` (this year's without days): "2024-02-03", "3 feb", "feb
    3rd", "2/3" (whichever way is one of `days`), or with a month's name of `months`
    (a language of the program's, whole: "20 ноября", "16 ديسمبر"); None when they
    say none."""
    months = months or {}
    if not (a[:1].isdigit() or a[:3] in MONTHS or a in months):
        return None
    years = sorted({d.year for d in days}) or [date.today().year]
    cjk = CJK_DATE.fullmatch(a) if not b else None
    if cjk:  # "11月15日": in the program's year where none is said
        year = int(cjk.group(1)) if cjk.group(1) else years[0]
        return _real(year, int(cjk.group(2)), int(cjk.group(3)))
    slashed = re.fullmatch(r"(\d{1,2})/(\d{1,2})", a) if not b else None
    if slashed:  # "2/3": day/month or month/day, whichever is a day of the program
        x, y = int(slashed.group(1)), int(slashed.group(2))
        found = {_real(year, m, d) for year in years for m, d in ((y, x), (x, y))}
        held = found & set(days)
        return next(iter(held)) if len(held) == 1 else None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", a) and not b:
        try:
            return date.fromisoformat(a)
        except ValueError:
            return None
    day_s, month_s = (a, b) if a[:1].isdigit() else (b, a)
    m = re.fullmatch(r"(\d{1,2})(st|nd|rd|th)?", day_s)
    if not m or not b or (month_s[:3] not in MONTHS and month_s not in months):
        return None
    month = months.get(month_s) or MONTHS.index(month_s[:3]) + 1
    return _real(years[0], month, int(m.group(1)))

""" "Now" and "next" in a query's words, by the conference's own clock: "what's on
now" is the talks under way at this minute of today, "coming up in the Go devroom"
those starting from this minute on. Read by index/search/read/understand.py's reader;
on a day the program holds no talks, the words are said back ("no talks now (Wed
02 Dec 10:05) at FOSDEM 2019: showing all talks") and set no limit.

The moment is this machine's clock in the zone the program gives (`Vocab.timezone`,
"Europe/Brussels"), else the machine's own zone (talkbase/core/when.py's `now`, which "today"
reads too; a test swaps it).
"""

from __future__ import annotations

from index.search.read.whenwords import Words
from talkbase.core import when as zoned

# the words, and whether they mean the talks under way ("at") or those to come ("after")
MOMENTS: dict[tuple[str, ...], str] = {
    ("right", "now"): "at",
    ("now",): "at",
    ("currently",): "at",
    ("coming", "up"): "after",
    ("up", "next"): "after",
    ("starting", "soon"): "after",
    ("later", "today"): "after",
}
_LONGEST = max(len(k) for k in MOMENTS)


def says_a_moment(query: str) -> bool:
    """Whether `query` holds words of `MOMENTS`: its answer holds for this minute
    only (a cache of answers keys it by the minute too)."""
    said = [w.strip("?!.,;:").lower() for w in query.split()]
    return any(
        tuple(said[i : i + n]) in MOMENTS for i in range(len(said)) for n in range(1, _LONGEST + 1)
    )


def read(r: Words, i: int) -> bool:
    """A moment at token `i` of `r`: a day chip (today) and an "at" or "after" chip of
    this minute, or the words said back when today is no day of the program.
    True when it took the tokens."""
    if not r.vocab.timed:
        return False
    for n in range(_LONGEST, 0, -1):
        words = tuple(r.low(j) for j in range(i, i + n))
        if words in MOMENTS and all(r.free(j) for j in range(i, i + n)):
            break
    else:
        return False
    when = zoned.now(r.vocab.timezone)
    hm = f"{when:%H:%M}"
    if when.date() not in r.vocab.days:
        r.absent(i, n, 0, f"now ({when:%a %d %b} {hm})", "talks")
        for j in range(i, i + n):
            r.toks[j].used = True
        return True
    r.take(i, n, "day", when.date().isoformat(), f"today ({when:%a %d %b})")
    field = MOMENTS[words]
    r.take(i, n, field, hm, f"now ({hm})" if field == "at" else f"from now ({hm})")
    return True

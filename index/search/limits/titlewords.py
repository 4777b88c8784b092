"""Words of a day or a time that are a talk's own title: "la fièvre du samedi soir",
asked at a program whose film of that title screens on Friday, is that film, not
Saturday evening's talks. A day or time limit read from a query's words is read as
words again when those words, with at least `NEIGHBOURS` more of the query's words
beside them (no limit's words), are words in a row of a talk's title, and the limit
would leave that very talk out. "Talks on Saturday" at a program with a talk titled
"Saturday keynote" keeps its day: the title holds no more of the question's words
than the day's. Called by index/search/kb.py before the limits are applied.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from index.search.limits.relax import without
from index.search.read.understand import Understood
from index.search.read.whenwords import WHEN_FIELDS
from talkbase.core.terms import fold

NEIGHBOURS = 2  # words of the query beside a limit's that a title must hold too
_WORD = re.compile(r"\w+(?:['’]\w+)*")


def words(text: str) -> list[str]:
    """The words of `text`, folded as a query's tokens are (no case, no accents)."""
    return [fold(m.group()) for m in _WORD.finditer(text)]


def read_as_words(
    u: Understood,
    titles: Callable[[list[str], list[str], int], Iterable[tuple[int, str]]],
    passing: Callable[[Understood], list[int] | None],
) -> Understood:
    """`u` with the day and time limits that are words of an excluded talk's title
    read as words (their words put back in the topic); `u` itself when there are none.
    `titles(some, others, least)` gives (id, title) of the talks whose titles may hold
    one of the words `some` and `least` of the words `others` (every talk's will do:
    the words are checked here); `passing` the ids a reading lets through."""
    when = [c for c in u.chips if c.field in WHEN_FIELDS and c.start >= 0]
    if not when:
        return u
    spans = [(m.start(), m.end(), fold(m.group())) for m in _WORD.finditer(u.query)]
    limit_words = {
        i for i, (s, _, _) in enumerate(spans) if any(c.start <= s < c.end for c in when)
    }
    if not limit_words:
        return u
    said = [w for i, (_, _, w) in enumerate(spans) if i in limit_words]
    rest = [w for i, (_, _, w) in enumerate(spans) if i not in limit_words]
    held = _held_runs(spans, limit_words, titles(said, rest, NEIGHBOURS))
    if not held:
        return u
    allowed = passing(u)
    if allowed is None:
        return u
    kept = set(allowed)
    runs = [(first, last) for first, last, ids in held if not ids <= kept]
    if not runs:
        return u
    inside = [
        c
        for c in when
        if any(spans[first][0] <= c.start and c.end <= spans[last][1] for first, last in runs)
    ]
    fields = frozenset(c.field for c in inside) | {f for c in inside for f, _ in c.more}
    if any(c.field in fields for c in when if c not in inside):
        return u  # the same kind of limit said elsewhere too: left as read
    fewer = without(u, fields)
    others = [c for c in u.chips if c not in inside]
    return replace(
        fewer, chips=tuple(others), topic=replace(u, chips=tuple(others))._without(others)
    )


def _held_runs(
    spans: list[tuple[int, int, str]], limit_words: set[int], titles: Iterable[tuple[int, str]]
) -> list[tuple[int, int, set[int]]]:
    """Each run of the query's words (first, last index) that holds limit words and at
    least `NEIGHBOURS` others and that is words in a row of some titles, with their ids."""
    query = [w for _, _, w in spans]
    found: dict[tuple[int, int], set[int]] = {}
    for tid, title in titles:
        have = words(title)
        if not limit_words & {i for i, w in enumerate(query) if w in have}:
            continue
        for first, last in _runs_in(query, have):
            own = set(range(first, last + 1))
            if own & limit_words and len(own - limit_words) >= NEIGHBOURS:
                found.setdefault((first, last), set()).add(tid)
    return [(first, last, ids) for (first, last), ids in found.items()]


def _runs_in(query: list[str], title: list[str]) -> list[tuple[int, int]]:
    """The longest runs of `query`'s words that stand in a row in `title`."""
    runs = []
    for a in range(len(query)):
        for b in range(len(title)):
            if query[a] != title[b] or (a and b and query[a - 1] == title[b - 1]):
                continue
            n = 0
            while a + n < len(query) and b + n < len(title) and query[a + n] == title[b + n]:
                n += 1
            runs.append((a, a + n - 1))
    return runs

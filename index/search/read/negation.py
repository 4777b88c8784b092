"""Words a query leaves out, in plain words: "the Linux kernel but not Rust",
"containers except Kubernetes", "excluding machine learning" (as "-rust" does; a
matching talk holds none of them), and a limit said to be left out ("Go but not on
Sunday", "rust talks not on saturday", "not before 10am", "avoid saturday", "I
can't make saturday", "not by Lennart", "no rust talks on sunday"): the talks
passing that limit are left out (`Words.left_out`, read as
`Understood.excluded_limits`), never the limit applied. Readers over a query's `Words` (index/search/read/whenwords.py), called by
index/search/read/understand.py; `frame` is its words of the question's frame ("talks",
"on", "the")."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from index.search.read import tracknames
from index.search.read.whenwords import Chip, Words
from talkbase.core.filters import FILTER_NAMES, Filters

_EXCEPT = (
    ("but", "not"),
    ("except", "for"),
    ("except",),
    ("excluding",),
    ("other", "than"),
    ("not", "about"),  # "security talks not about containers"
    ("aren't", "about"),  # "Rust talks that aren't about embedded"
    ("arent", "about"),
)
# Words that leave out the limit said right after them, and otherwise nothing: "not
# on Saturday", "avoid saturday", "can't make saturday" ("not rust" stays a topic)
_LIMIT_CUES = (
    ("cannot", "make"),
    ("can't", "make"),
    ("cant", "make"),
    ("can't", "do"),
    ("not",),
    ("avoid",),
    ("avoiding",),
)
# A query that opens with this leaves out the first limit it says, wherever it stands:
# "no rust talks on sunday" (rust talks, none on Sunday)
_OPENING = ("no",)
EXCLUDED_WORDS = 3  # the most words read as one excluded phrase
# after a cue, words that hedge rather than leave out ("but not only", "but not
# limited to", "last but not least"); so does any word in -ly ("but not exclusively")
HEDGES = frozenset("only just limited least necessarily all always entirely solely".split())
PLACEHOLDERS = frozenset("one ones stuff things".split())  # "but not the MySQL ones"
# "X is not about Y" says what a talk is ("Why Go is not about simplicity"), unless
# it is the query's own clause ("talks that are not about Rust")
_COPULAS = frozenset("is are was were it's that's".split())
_CLAUSE = frozenset("that which who".split())


def exclusions(r: Words, frame: Collection[str]) -> tuple[list[str], list[tuple[int, int]]]:
    """ "the Linux kernel but not Rust", "except Kubernetes", "excluding machine
    learning": the words after the cue, up to a word of the frame or a comma, a talk
    must not hold (as "-rust"; a chip "not rust"), and where the cues no such word
    follows stand ("but not on Sunday": for `negated`, once the other limits are read).
    Read before names and tracks, so "except for Lennart Poettering" is never a
    speaker filter. Nothing is read in a long question (`Words.long`: "... possibly,
    but not exclusively, in a distributed environment" is prose) nor after a hedge
    (`HEDGES`)."""
    stops = {*frame, ""}
    out: list[str] = []
    unsaid: list[tuple[int, int]] = []  # (first token, length) of cues no word followed
    if r.long:  # a long question's "but not" is prose, as its quotes are quotation
        return out, unsaid
    for i in range(len(r.toks)):
        cue = _cue_at(r, i, _EXCEPT)
        if cue is None:
            soft = _cue_at(r, i, _LIMIT_CUES) or (_OPENING if i == 0 and r.low(0) == "no" else None)
            if soft is not None:  # a limit after it is left out; else it stays a word
                unsaid.append((i, -len(soft)))
            continue
        if _hedged(r, i + len(cue)) or _a_statement(r, i, cue):
            continue
        words = _words_from(r, i + len(cue), stops)
        if words:
            out.append(_leave_out(r, i, words))
        else:  # "but not on Sunday": a limit said to be left out
            for t in r.toks[i : i + len(cue)]:
                t.used = True
            unsaid.append((i, len(cue)))
    return out, unsaid


def _cue_at(r: Words, i: int, cues: Sequence[tuple[str, ...]]) -> tuple[str, ...] | None:
    """The first of `cues` whose words stand free from token `i` on."""
    return next(
        (c for c in cues if all(r.free(i + j) and r.low(i + j) == w for j, w in enumerate(c))),
        None,
    )


def _a_statement(r: Words, i: int, cue: tuple[str, ...]) -> bool:
    """Whether the cue `cue` at token `i` ("not about") says what something is rather
    than what to leave out: "Go is not about simplicity", not "talks that are not
    about Rust"."""
    return cue[0] == "not" and r.low(i - 1) in _COPULAS and r.low(i - 2) not in _CLAUSE


def negated(r: Words, cues: Sequence[tuple[int, int]], frame: Collection[str]) -> list[str]:
    """After the other limits are read, what each cue no word followed leaves out
    (`cues`: its first token and length, negative for a cue that leaves out only a
    limit): a limit read right after it ("Go but not on Sunday", "not before 10am";
    for a query opening with "no", its first limit) is left out: the talks passing it
    go (`Words.left_out`), a track left out is any other track; else, for a cue of
    words, the words after the frame's ("Rust but not in production": "production")
    are left out, as returned; else the cue is said back. A cue of limits with no
    limit after it stays a word of the topic."""
    out: list[str] = []
    for i, n in cues:
        soft, n = n < 0, abs(n)
        if soft and not all(r.free(j) for j in range(i, i + n)):
            continue  # (read as part of a limit already: "not in the Go devroom")
        start, end = r.toks[i].start, r.toks[i + n - 1].end
        after = [c for c in r.chips if c.start >= end and c.field in _LIMITS]
        chip = min(after, key=lambda c: c.start, default=None)
        opening = soft and i == 0 and r.low(0) == "no"
        if chip is not None and (
            opening or all(w in frame for w in r.query[end : chip.start].lower().split())
        ):
            for t in r.toks[i : i + n]:
                t.used = True
            if chip.field == "track":  # "but not in the Go devroom": any other track
                tracknames.leave_out(r, chip, start)
            else:
                _leave_out_limit(r, chip, start, end if opening else chip.start)
            continue
        if soft:
            continue
        j = i + n
        while j < i + n + 2 and r.free(j) and r.low(j) in frame:
            j += 1
        words = [] if _hedged(r, j) else _words_from(r, j, {*frame, ""})
        if words:
            out.append(_leave_out(r, i, words))
        else:
            said = r.query[start:end]
            label = f"not understood: “{said}” (nothing to leave out followed it)"
            r.chips.append(Chip("unclear", said, label, said, start, end))
    return out


# the chips of limits a cue can leave out: every filter's (a track's goes its own way)
_LIMITS = frozenset(FILTER_NAMES)


def _leave_out_limit(r: Words, chip: Chip, start: int, cut: int) -> None:
    """The limit of `chip` (and of the chips read from the same words: "lunchtime" is
    two) left out rather than applied: its values taken back, the talks passing it
    added to `Words.left_out` (each room of a building, each day of "sat or sun", on
    its own), and one chip "not ..." for the words from character `start` (the cue)
    through the limit's; a cue away from its limit ("no rust talks on sunday") keeps
    the words between (`cut`: where the cue's words end) for the topic."""
    group = [
        c for c in r.chips if (c.start, c.end) == (chip.start, chip.end) and c.field in _LIMITS
    ]
    values: dict[str, str] = {}
    for c in group:
        values.setdefault(c.field, c.value)
        values.update(c.more)
    if chip.field == "room" and chip.value in r.rooms:  # "not in building K"
        left = [Filters(room=room) for room in r.rooms]
        r.rooms = []
    elif chip.field == "day" and chip.value in r.days:  # "not on sat or sun"
        group += [c for c in r.chips if c.field == "day" and c.value in r.days and c not in group]
        left = [Filters(day=day) for day in r.days]
        r.days = []
    else:
        left = [Filters(**{k: v for k, v in values.items() if k in _LIMITS})]
    for c in group:
        _unsay(r, c)
        for fld, value in c.more:
            if r.values.get(fld) == value:
                del r.values[fld]
    r.left_out += [f for f in left if f.active() and f not in r.left_out]
    label = "not " + " · ".join(dict.fromkeys(c.label for c in group))
    if cut < chip.start:  # the words between stay the topic's: the chip is the limit's words
        start = chip.start
    said = r.query[start : chip.end]
    r.chips.append(Chip("not", chip.value, label, said, start, chip.end))


def _hedged(r: Words, j: int) -> bool:
    """Whether token `j` hedges rather than leaves out ("but not only", "but not
    exclusively")."""
    return r.low(j) in HEDGES or r.low(j).endswith("ly")


def _words_from(r: Words, j: int, stops: Collection[str]) -> list[int]:
    """The free tokens from `j` on, in a row, that name what is left out: at most
    EXCLUDED_WORDS, up to a word of `stops` or a placeholder, or a comma's word."""
    out: list[int] = []
    ends = {*stops, *PLACEHOLDERS}
    while len(out) < EXCLUDED_WORDS and r.free(j) and r.low(j) not in ends:
        out.append(j)
        if r.toks[j].text[-1:] in ",;.?!":
            break
        j += 1
    return out


def _leave_out(r: Words, i: int, words: list[int]) -> str:
    """The phrase of the tokens `words`, taken from token `i` (the cue) through them
    and a placeholder after them ("Kubernetes stuff") as one "exclude" chip."""
    phrase = " ".join(r.toks[k].text.strip(",;.?!()") for k in words)
    last = words[-1] + int(r.free(words[-1] + 1) and r.low(words[-1] + 1) in PLACEHOLDERS)
    r.take(i, last - i + 1, "exclude", phrase, f"not {phrase}")
    return phrase


def _unsay(r: Words, chip: Chip) -> None:
    """`chip` and the value it set taken back."""
    r.chips.remove(chip)
    if r.values.get(chip.field) == chip.value:
        del r.values[chip.field]
    for names in (r.speakers, r.orgs):
        if chip.value in names:
            names.remove(chip.value)

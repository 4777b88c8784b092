"""Words a query leaves out, in plain words: "the Linux kernel but not Rust",
"containers except Kubernetes", "excluding machine learning" (as "-rust" does; a
matching talk holds none of them), and a limit said to be left out ("Go but not on
Sunday"), which is no limit: said back as not understood, never applied as the
opposite. Readers over a query's `Words` (index/search/read/whenwords.py), called by
index/search/read/understand.py; `frame` is its words of the question's frame ("talks",
"on", "the")."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from index.search.read import tracknames
from index.search.read.whenwords import Chip, Words

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
        cue = next(
            (
                c
                for c in _EXCEPT
                if all(r.free(i + j) and r.low(i + j) == w for j, w in enumerate(c))
            ),
            None,
        )
        if cue is None:
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


def _a_statement(r: Words, i: int, cue: tuple[str, ...]) -> bool:
    """Whether the cue `cue` at token `i` ("not about") says what something is rather
    than what to leave out: "Go is not about simplicity", not "talks that are not
    about Rust"."""
    return cue[0] == "not" and r.low(i - 1) in _COPULAS and r.low(i - 2) not in _CLAUSE


def negated(r: Words, cues: Sequence[tuple[int, int]], frame: Collection[str]) -> list[str]:
    """After the other limits are read, what each cue no word followed leaves out
    (`cues`: its first token and length): a limit read right after it ("Go but not
    on Sunday") is no limit (a day filter would list the very talks left out), so
    it is dropped and its words said back as not understood; else the words after
    the frame's ("Rust but not in production": "production") are left out, as
    returned; else the cue is said back."""
    out: list[str] = []
    for i, n in cues:
        start, end = r.toks[i].start, r.toks[i + n - 1].end
        after = [c for c in r.chips if c.start >= end and c.field not in ("unclear", "absent")]
        chip = min(after, key=lambda c: c.start, default=None)
        if chip is not None and all(w in frame for w in r.query[end : chip.start].lower().split()):
            if chip.field == "track":  # "but not in the Go devroom": any other track
                tracknames.leave_out(r, chip, start)
                continue
            _unsay(r, chip)
            said = r.query[start : chip.end]
            label = f"not understood: “{said}” (a limit to leave out; none set)"
            r.chips.append(Chip("unclear", said, label, said, start, chip.end))
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

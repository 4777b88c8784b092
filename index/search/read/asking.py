"""The words a question is asked in, apart from its topic and its limits: "what can
I see", "should I attend", "which talks are worth seeing", "this weekend", "at
FOSDEM", "of the conference". They name no subject, so neither BM25 nor the
query's vector should rank by them ("attend", "watch" and "FOSDEM" are words of
many abstracts). `frame` marks them read, before the limits are read, so "at
FOSDEM" is never taken for an organisation either; "both days" and "all weekend"
ask for no day. Each needs its whole shape: "CAN bus talks" keeps "CAN", "talks
about the FOSDEM network" keeps "FOSDEM".
"""

from __future__ import annotations

from index.search.read.vocab import word_tuple
from index.search.read.whenwords import Words

MODALS = frozenset("can could should shall may might will would must".split())
ASKERS = frozenset("i we you i'd we'd you'd i'll we'll".split())
# what an attendee does with a talk: "should I attend", "can we catch"
ATTEND = frozenset(
    "see attend watch catch hear visit join go check expect find pick choose".split()
)
_AFTER_ATTEND = frozenset({"to", "out"})  # "go to", "check out"
WISHES = frozenset("want wanna like love need plan going".split())  # "want to see"
# after "worth": "worth seeing", "worth attending", "worth a visit"
WORTH_WHAT = frozenset(
    "seeing attending watching catching hearing visiting going checking it a visit".split()
)
# the gathering itself: "at the conference", "this weekend", "this year's"
GATHERING = frozenset("conference event weekend year edition festival summit".split())
_INTO = frozenset({"at", "of", "during", "for", "in", "this"})


def frame(r: Words) -> None:
    """Mark the question's framing words in `r` read (not chips: no limit is set);
    none in a long question (`Words.long`), whose words are prose to rank by."""
    if r.long:
        return
    name = word_tuple(r.vocab.conference) if r.vocab.conference else ()
    for i in range(len(r.toks)):
        if not r.free(i):
            continue
        n = _asking(r, i) or _worth(r, i) or _gathering(r, i, name) or _any_day(r, i)
        for j in range(i, i + n):
            r.toks[j].used = True


def _asking(r: Words, i: int) -> int:
    """ "can I see", "should we attend", "I can catch", "I want to see", "we'd like to
    go to": the words it takes (who may be said before or after the wish)."""
    j = i + (r.low(i) in ASKERS)
    if r.low(j) in MODALS:
        j += 1 + (r.low(j + 1) in ASKERS and j == i)
    elif r.low(j) in WISHES and r.low(j + 1) == "to":
        j += 2
    else:
        return 0
    if j == i + 1 or r.low(j) not in ATTEND:  # a modal alone ("CAN bus") is no question
        return 0
    n = j - i + 1 + (r.low(j + 1) in _AFTER_ATTEND)
    return n if all(r.free(k) for k in range(i, i + n)) else 0


def _worth(r: Words, i: int) -> int:
    """ "worth seeing", "worth a visit": the words it takes."""
    if r.low(i) != "worth" or r.low(i + 1) not in WORTH_WHAT:
        return 0
    n = 3 if r.low(i + 1) == "a" and r.low(i + 2) == "visit" else 2
    return n if all(r.free(j) for j in range(i, i + n)) else 0


def _gathering(r: Words, i: int, name: tuple[str, ...]) -> int:
    """ "at the conference", "this weekend", "this year's", "at FOSDEM 2024", "at
    FOSDEM": a word into it ("at", "of", "this"...), then the gathering's own name or
    a word for it. The words it takes."""
    if r.low(i) not in _INTO:
        return 0
    j = i + 1 + (r.low(i + 1) == "the" and r.low(i) != "this")
    if r.low(j) in GATHERING and r.free(j):
        return j - i + 1
    if name and r.low(j) == name[0] and r.free(j):  # "at FOSDEM", "at FOSDEM 2024"
        n = 1
        while n < len(name) and r.low(j + n) == name[n] and r.free(j + n):
            n += 1
        # (not a part of it that names a language of the talks: "in Hungarian" of
        # "Hungarian DevDays" is the language limit)
        if n < len(name) and name[:n] in r.vocab.languages:
            return 0
        return j - i + n
    return 0


def _any_day(r: Words, i: int) -> int:
    """ "both days", "either day", "all weekend", "the whole weekend": no day limit.
    The words it takes."""
    if r.low(i) in ("both", "either", "all", "any", "every") and r.low(i + 1) in ("day", "days"):
        return 2 if r.free(i + 1) else 0
    if r.low(i) in ("all", "whole") and r.low(i + 1) == "weekend":
        return 2 if r.free(i + 1) else 0
    return 0

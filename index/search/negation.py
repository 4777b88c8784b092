"""Words a query leaves out, in plain words: "the Linux kernel but not Rust",
"containers except Kubernetes", "excluding machine learning" (as "-rust" does; a
matching talk holds none of them), and a limit said to be left out ("Go but not on
Sunday"), which is no limit: said back as not understood, never applied as the
opposite. Readers over a query's `Words` (index/search/whenwords.py), called by
index/search/understand.py; `frame` is its words of the question's frame ("talks",
"on", "the")."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from index.search.whenwords import Chip, Words

_EXCEPT = (("but", "not"), ("except", "for"), ("except",), ("excluding",), ("other", "than"))
EXCLUDED_WORDS = 3  # the most words read as one excluded phrase
# after a cue, words that hedge rather than leave out ("but not only", "but not
# limited to", "last but not least"); so does any word in -ly ("but not exclusively")
HEDGES = frozenset("only just limited least necessarily all always entirely solely".split())


def exclusions(r: Words, frame: Collection[str]) -> tuple[list[str], list[tuple[int, int]]]:
    """ "the Linux kernel but not Rust", "except Kubernetes", "excluding machine
    learning": the words after the cue, up to a word of the frame or a comma, a talk
    must not hold (as "-rust"; a chip "not rust"), and the spans of the cues no such
    word follows ("but not on Sunday": for `negated`, once the other limits are read).
    Read before names and tracks, so "except for Lennart Poettering" is never a
    speaker filter. Nothing is read in a long question (`Words.long`: "... possibly,
    but not exclusively, in a distributed environment" is prose) nor after a hedge
    (`HEDGES`)."""
    stops = {*frame, ""}
    out: list[str] = []
    unsaid: list[tuple[int, int]] = []  # cues no word followed
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
        j = i + len(cue)
        if r.low(j) in HEDGES or r.low(j).endswith("ly"):  # "but not exclusively"
            continue
        words: list[str] = []
        while len(words) < EXCLUDED_WORDS and r.free(j) and r.low(j) not in stops:
            words.append(r.toks[j].text.strip(",;.?!()"))
            if r.toks[j].text[-1:] in ",;.?!":
                break
            j += 1
        if words:
            phrase = " ".join(words)
            r.take(i, len(cue) + len(words), "exclude", phrase, f"not {phrase}")
            out.append(phrase)
        else:  # "but not on Sunday": a limit said to be left out
            for t in r.toks[i : i + len(cue)]:
                t.used = True
            unsaid.append((r.toks[i].start, r.toks[i + len(cue) - 1].end))
    return out, unsaid


def negated(r: Words, cues: Sequence[tuple[int, int]], frame: Collection[str]) -> None:
    """A limit read right after an exclusion cue ("Go but not on Sunday") is no limit
    (a day filter would list the very talks left out): dropped, and its words said
    back as not understood."""
    for start, end in cues:
        after = [c for c in r.chips if c.start >= end and c.field not in ("unclear", "absent")]
        chip = min(after, key=lambda c: c.start, default=None)
        if chip is None or any(w not in frame for w in r.query[end : chip.start].lower().split()):
            continue
        r.chips.remove(chip)
        if r.values.get(chip.field) == chip.value:
            del r.values[chip.field]
        for names in (r.speakers, r.orgs):
            if chip.value in names:
                names.remove(chip.value)
        said = r.query[start : chip.end]
        label = f"not understood: “{said}” (a limit to leave out; none set)"
        r.chips.append(Chip("unclear", said, label, said, start, chip.end))

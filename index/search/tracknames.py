"""A track named in a query's words, against the tracks a base holds: "the Go
devroom", "Python track", "the CAD and Open Hardware devroom" (a name's "and", "on",
"the" read with it), "the SDN devroom" (by its initials), "the javascrpt devroom"
(one typo away); several ("the Rust and Go devrooms", "Rust or Go devroom talks",
"the Rust devroom or the Go devroom": a talk of any of them); and left out ("not in
the Go devroom", "outside the Go devroom": a talk of any other track). `read`
reads the words next to a cue (`TRACK_CUES`) for index/search/understand.py and
asks `tracks_named` which tracks they name."""

from __future__ import annotations

from collections.abc import Collection

from rapidfuzz.distance import OSA

from index.search.whenwords import Chip, Words

# between the words of a track's name ("": a lone "&"; "ML on Code", "Tool the Docs")
JOINS = ("and", "&", "", "on", "of", "the", "in", "for")
TRACK_WORDS = 5  # the most words of a track's name read next to a cue
TRACK_CUES = frozenset(
    "track tracks devroom devrooms dev-room dev-rooms room rooms stream streams".split()
)


MOST_TRACKS = 4  # the most tracks one name may stand for ("the privacy devroom")
EITHER = ("and", "or", "&", "")  # between names of several tracks ("": a lone comma)
_IN = ("in", "at")
NOT_IN = ("not", "outside")  # "not in the Go devroom", "outside the Go devroom"


def read(r: Words, i: int, frame: Collection[str]) -> bool:
    """Read the track(s) the words next to the cue at token `i` name into `r` (a
    query's `Words`; `frame`: the words a question is framed in, which end a name):
    one track sets the filter; a name several tracks share, or several names, sets
    `r.tracks` (a talk of any of them); after "not"/"outside", `r.tracks_not`."""
    if r.low(i) not in TRACK_CUES or not r.vocab.tracks:
        return False
    for step in (-1, 1):  # the words right before the cue, else right after it
        cand: list[int] = []
        splits: list[int] = []  # where "and"/"or" stood between the words read
        j = i + step
        while len(cand) < TRACK_WORDS and r.free(j):
            if (r.low(j) in JOINS or r.low(j) == "or") and r.free(j + step) and cand:
                splits += [j] if r.low(j) in EITHER else []  # "CAD and Open Hardware
                j += step  # devroom": a name's "and" is no word of it
                continue
            if r.low(j) in frame or r.low(j) in TRACK_CUES:
                break
            cand.append(j)
            splits += [j + 1] if r.toks[j].text.endswith(",") else []  # "Rust, Go"
            j += step
        cand.sort()
        while cand:
            names = tracks_named(r.vocab.tracks, [r.low(j) for j in cand]) or _each_named(
                r, cand, splits
            )
            if names:
                _take(r, i, cand, names)
                return True
            cand = cand[1:] if step < 0 else cand[:-1]
    return False


def _each_named(r: Words, cand: list[int], splits: list[int]) -> tuple[str, ...]:
    """ "Rust and Go", "Rust, Go or Python": the tracks each part between the joins
    names, when every part names some (at most MOST_TRACKS in all); else none."""
    cuts = sorted({s for s in splits if cand[0] < s <= cand[-1]})
    if not cuts:
        return ()
    parts, start = [], 0
    for cut in cuts:
        parts.append([j for j in cand[start:] if j < cut])
        start += len(parts[-1])
    parts.append(cand[start:])
    found: list[str] = []
    for part in parts:
        named = tracks_named(r.vocab.tracks, [r.low(j) for j in part]) if part else ()
        if not named:
            return ()
        found += [n for n in named if n not in found]
    return tuple(found) if len(found) <= MOST_TRACKS else ()


def _take(r: Words, i: int, cand: list[int], names: tuple[str, ...]) -> None:
    """The words from the first of `cand` to the cue `i` (and "in the" before them)
    read as the tracks `names`: a filter, any of several, or left out."""
    first, last = min(cand[0], i), max(cand[-1], i)
    cue = 1 if r.free(first - 1) and r.low(first - 1) in (*_IN, *NOT_IN) else 0
    if not cue and r.low(first - 1) == "the" and r.low(first - 2) in (*_IN, *NOT_IN):
        cue = 2
    lead = first - cue
    left_out = r.low(lead) in NOT_IN or (r.low(lead - 1) == "not" and r.free(lead - 1))
    cue += int(r.low(lead) not in NOT_IN and left_out)
    had = "track" in r.values  # (a track named before stays the filter)
    joined = _joined_to_last(r, r.toks[first - cue].start)
    word = "not track" if left_out else "track"
    r.take(first, last - first + 1, "track", names[0], f"{word}: {' or '.join(names)}", cue)
    if left_out:
        r.tracks_not += [n for n in names if n not in r.tracks_not]
    elif joined:  # "the Rust devroom or the Go devroom": a talk of either
        r.tracks = [*dict.fromkeys([*(r.tracks or [r.values["track"]]), *names])]
    elif len(names) > 1:  # a talk of any of them (`Understood.any_tracks`)
        r.tracks = list(names)
    if (left_out or joined or len(names) > 1) and "track" in r.values and (joined or not had):
        del r.values["track"]


def _joined_to_last(r: Words, start: int) -> bool:
    """Whether a track read before ends right before `start`, joined by "and"/"or"."""
    before = [c for c in r.chips if c.field == "track" and c.end <= start]
    before = [c for c in before if not c.label.startswith("not ")]
    if not before:
        return False
    between = r.query[before[-1].end : start].lower().replace(",", " , ").split()
    return any(w in ("and", "or", ",") for w in between) and all(
        w in ("and", "or", ",", "the", "in", "at") for w in between
    )


def tracks_named(tracks: dict[str, tuple[str, ...]], want: list[str]) -> tuple[str, ...]:
    """The tracks whose names hold every word of `want` (as a word, else as the
    start of one: "kernel" of "Kernel devroom", else one typo away: "javascrpt" of
    "Javascript", for words of five letters or more, else a lone word as its
    initials: "sdn"), not counting words like "devroom": one, or the few a name
    shared by several stands for (FOSDEM 2019's "the privacy devroom": "Online
    Privacy" and "Decentralized Internet and Privacy"); none when more share it."""
    stems = [_stem(w) for w in want]
    for how in ("word", "start", "typo", "initials"):
        names = [
            t
            for t, ws in tracks.items()
            if (
                len(want) == 1 and _initials(ws) == want[0]
                if how == "initials"
                else all(any(_fits(_stem(x), w, how) for x in ws) for w in stems)
            )
        ]
        if names:
            return tuple(names) if len(names) <= MOST_TRACKS else ()
    return ()


def _initials(words: tuple[str, ...]) -> str:
    """ "sdn" of "Software Defined Networking (devroom)": a track by its initials,
    when its name has three words or more."""
    kept = [w for w in words if w not in JOINS and w not in TRACK_CUES]
    return "".join(w[0] for w in kept) if len(kept) >= 3 else ""


def _fits(name_word: str, want: str, how: str) -> bool:
    if how == "word":
        return name_word == want
    if how == "start":
        return name_word.startswith(want)
    fuzzy = len(want) >= 5 and OSA.distance(name_word, want, score_cutoff=1) <= 1
    return fuzzy or name_word.startswith(want)


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def leave_out(r: Words, chip: Chip, start: int) -> None:
    """The track `chip` (read after a cue like "but not" at character `start`: "Go
    talks but not in the Go devroom") turned into tracks left out."""
    names = [chip.value] if r.values.get("track") == chip.value else list(r.tracks)
    r.chips.remove(chip)
    if r.values.get("track") == chip.value:
        del r.values["track"]
    else:
        r.tracks = []
    r.tracks_not += [n for n in names if n not in r.tracks_not]
    said = r.query[start : chip.end]
    r.chips.append(
        Chip("track", names[0], f"not track: {' or '.join(names)}", said, start, chip.end)
    )

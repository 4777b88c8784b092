"""A track named in a query's words, against the tracks a base holds: "the Go
devroom", "Python track", "the CAD and Open Hardware devroom" (a name's "and", "on",
"the" read with it), "the SDN devroom" (by its initials), "the javascrpt devroom"
(one typo away). index/search/understand.py reads the words next to a cue
(`TRACK_CUES`) and asks `one_track` which track they name."""

from __future__ import annotations

from rapidfuzz.distance import OSA

# between the words of a track's name ("": a lone "&"; "ML on Code", "Tool the Docs")
JOINS = ("and", "&", "", "on", "of", "the", "in", "for")
TRACK_WORDS = 5  # the most words of a track's name read next to a cue
TRACK_CUES = frozenset(
    "track tracks devroom devrooms dev-room dev-rooms room rooms stream streams".split()
)


def one_track(tracks: dict[str, tuple[str, ...]], want: list[str]) -> str | None:
    """The one track whose name holds every word of `want` (as a word, else as the
    start of one: "kernel" of "Kernel devroom", else one typo away: "javascrpt" of
    "Javascript", for words of five letters or more, else a lone word as its
    initials: "sdn"), not counting words like "devroom"."""
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
        if len(names) == 1:
            return names[0]
        if names:
            return None
    return None


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

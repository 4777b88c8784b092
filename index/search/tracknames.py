"""A track named in a query's words, against the tracks a base holds: "the Go
devroom", "Python track", "the CAD and Open Hardware devroom" (a name's "and", "on",
"the" read with it), "the SDN devroom" (by its initials), "the javascrpt devroom"
(one typo away). index/search/understand.py reads the words next to a cue
(`TRACK_CUES`) and asks `tracks_named` which tracks they name."""

from __future__ import annotations

from rapidfuzz.distance import OSA

# between the words of a track's name ("": a lone "&"; "ML on Code", "Tool the Docs")
JOINS = ("and", "&", "", "on", "of", "the", "in", "for")
TRACK_WORDS = 5  # the most words of a track's name read next to a cue
TRACK_CUES = frozenset(
    "track tracks devroom devrooms dev-room dev-rooms room rooms stream streams".split()
)


MOST_TRACKS = 4  # the most tracks one name may stand for ("the privacy devroom")


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

"""Which of a base's tracks a few words name, the way people shorten a track's name:
"kernel" ("Kernel devroom": a word's start), "javascrpt" (one typo away), "SDN"
(initials of the whole name), "SDR" ("Software-Defined Radio and Amateur Radio":
initials of its first words), "ML" ("AI and Machine Learning": of some of its words),
"JS" ("JavaScript": one word's letters, in order). index/search/tracknames.py reads
the words next to a cue ("devroom", "track", "room") and asks `tracks_named`."""

from __future__ import annotations

from rapidfuzz.distance import OSA

# between the words of a track's name ("": a lone "&"; "ML on Code", "Tool the Docs")
JOINS = ("and", "&", "", "on", "of", "the", "in", "for")
TRACK_CUES = frozenset(
    "track tracks devroom devrooms dev-room dev-rooms room rooms stream streams".split()
)
MOST_TRACKS = 4  # the most tracks one name may stand for ("the privacy devroom")
# the ways words may name a track, tried in this order: the first that names any wins
WAYS = ("word", "start", "typo", "initials", "short")


def is_cue(word: str) -> bool:
    """ "devroom", "track", "room", or one typo from "devroom" ("devrom", "devrooom")."""
    if word in TRACK_CUES:
        return True
    return len(word) >= 6 and min(OSA.distance(word, c) for c in ("devroom", "devrooms")) <= 1


def tracks_named(tracks: dict[str, tuple[str, ...]], want: list[str]) -> tuple[str, ...]:
    """The tracks whose names hold every word of `want`, read in the first of
    `WAYS` that names any: as a word, else as the start of one ("kernel" of "Kernel
    devroom"), else one typo away ("javascrpt" of "Javascript", for words of five
    letters or more), else a lone word as the initials of the whole name ("sdn"),
    else each word as a word or short for some ("sdr", "ai ml", "js"). Not counting
    words like "devroom". One track, or the few a name shared by several stands for
    (FOSDEM 2019's "the privacy devroom": "Online Privacy" and "Decentralized
    Internet and Privacy"); none when more share it."""
    if not want:
        return ()
    stems = [_stem(w) for w in want]
    for how in WAYS[:-1]:
        names = [t for t, ws in tracks.items() if _names(ws, want, stems, how)]
        if names:
            return tuple(names) if len(names) <= MOST_TRACKS else ()
    strength = {t: _short_strength(ws, want) for t, ws in tracks.items()}
    best = max(strength.values(), default=0)
    names = [t for t, n in strength.items() if n == best and best > 0]
    return tuple(names) if len(names) <= MOST_TRACKS else ()


def _names(ws: tuple[str, ...], want: list[str], stems: list[str], how: str) -> bool:
    if how == "initials":
        return len(want) == 1 and _initials(ws) == want[0]
    return all(any(_fits(_stem(x), w, how) for x in ws) for w in stems)


def _short_strength(ws: tuple[str, ...], want: list[str]) -> int:
    """How well a name's words `ws` fit `want` said short ("ai ml", "sdr", "js"): 3
    for each word it holds (or one typo away), 2 for each word that is the initials
    of some of its words in a row, 1 for the letters of one word in order; 0 when a
    word fits none of these. The tracks that fit best are named."""
    kept = _kept(ws)
    total = 0
    for w in want:
        if any(_fits(_stem(x), _stem(w), "typo") for x in ws):
            total += 3
        elif _initials_of_run(w, kept):
            total += 2
        elif _letters_of_one(w, kept):
            total += 1
        else:
            return 0
    return total


def _kept(words: tuple[str, ...]) -> list[str]:
    """A name's words that say something (no joins, no "devroom"), hyphens split."""
    return [p for w in words if w not in JOINS and w not in TRACK_CUES for p in w.split("-") if p]


def _initials(words: tuple[str, ...]) -> str:
    """ "sdn" of "Software Defined Networking (devroom)": a track by its initials,
    when its name has three words or more."""
    kept = [w for w in words if w not in JOINS and w not in TRACK_CUES]
    return "".join(w[0] for w in kept) if len(kept) >= 3 else ""


def _initials_of_run(want: str, kept: list[str]) -> bool:
    """Whether `want` (two to four letters) is the initials of two or more of a
    name's `kept` words in a row ("sdr" of "software defined radio", "ml" of
    "machine learning")."""
    n = len(want)
    if not 2 <= n <= 4 or not want.isalpha():
        return False
    letters = "".join(w[0] for w in kept)
    return any(letters[k : k + n] == want for k in range(len(letters) - n + 1))


def _letters_of_one(want: str, kept: list[str]) -> bool:
    """Whether `want` (two to four letters) is the letters of one long word of a
    name, in order, from its first ("js" of "javascript")."""
    if not 2 <= len(want) <= 4 or not want.isalpha():
        return False
    return any(len(w) >= 6 and w[0] == want[0] and _in_order(want[1:], w[1:]) for w in kept)


def _in_order(letters: str, word: str) -> bool:
    rest = iter(word)
    return all(ch in rest for ch in letters)


def _fits(name_word: str, want: str, how: str) -> bool:
    if how == "word":
        return name_word == want
    if how == "start":
        return name_word.startswith(want)
    fuzzy = len(want) >= 5 and OSA.distance(name_word, want, score_cutoff=1) <= 1
    return fuzzy or name_word.startswith(want)


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word

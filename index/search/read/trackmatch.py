"""Which of a base's tracks a few words name, the way people shorten a track's name:
"kernel" ("Kernel devroom": a word's start), "javascrpt" (one typo away), "SDN"
(initials of the whole name), "SDR" ("Software-Defined Radio and Amateur Radio":
initials of its first words), "ML" ("AI and Machine Learning": of some of its words),
"JS" ("JavaScript": one word's letters, in order). index/search/read/tracknames.py reads
the words next to a cue ("devroom", "track", "room") and asks `tracks_named`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz.distance import OSA

# between the words of a track's name ("": a lone "&"; "ML on Code", "Tool the Docs")
JOINS = ("and", "&", "", "on", "of", "the", "in", "for")
TRACK_CUES = frozenset(
    "track tracks devroom devrooms dev-room dev-rooms room rooms stream streams".split()
)
MOST_TRACKS = 4  # the most tracks one name may stand for ("the privacy devroom")
# the ways words may name a track, tried in this order: the first that names any wins
WAYS = ("word", "start", "typo", "initials", "short")


@lru_cache(maxsize=4096)
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
    names_of = _table(tracks).names
    stems = [_stem(w) for w in want]
    for how in WAYS[:-1]:
        names = [n.track for n in names_of if n.named(want, stems, how)]
        if names:
            return tuple(names) if len(names) <= MOST_TRACKS else ()
    strength = {n.track: _short_strength(n, want) for n in names_of}
    best = max(strength.values(), default=0)
    names = [t for t, n in strength.items() if n == best and best > 0]
    return tuple(names) if len(names) <= MOST_TRACKS else ()


@dataclass(frozen=True)
class _Name:
    """A track's name as `tracks_named` compares words with it, worked out once."""

    track: str
    stems: frozenset[str]  # its words without a plural "s"
    initials: str  # of the whole name ("sdn"), "" when it has under three words
    kept: tuple[str, ...]  # its words that say something, hyphens split (`_kept`)
    runs: frozenset[str]  # the initials of two to four of those in a row (`_runs`)

    def named(self, want: list[str], stems: list[str], how: str) -> bool:
        if how == "word":
            return all(w in self.stems for w in stems)
        if how == "initials":
            return len(want) == 1 and self.initials == want[0]
        return all(any(_fits(x, w, how) for x in self.stems) for w in stems)


def _name(track: str, words: tuple[str, ...]) -> _Name:
    kept = _kept(words)
    stems = frozenset(_stem(x) for x in words)
    return _Name(track, stems, _initials(words), tuple(kept), _runs(kept))


@dataclass(frozen=True)
class _Table:
    """What matching reads of one base's tracks, worked out once per table: each
    track's `_Name`, and the names of two words or more that say something, by the
    first of those words (`long_names`)."""

    names: tuple[_Name, ...]
    long: dict[str, list[tuple[str, list[str]]]]


_TABLES: dict[int, tuple[dict[str, tuple[str, ...]], _Table]] = {}


def _table(tracks: dict[str, tuple[str, ...]]) -> _Table:
    """The `_Table` of `tracks` (remembered per table, a few tables)."""
    found = _TABLES.get(id(tracks))
    if found is None or found[0] is not tracks or len(found[1].names) != len(tracks):
        if len(_TABLES) > 16:
            _TABLES.clear()
        long: dict[str, list[tuple[str, list[str]]]] = {}
        for track, words in tracks.items():
            said = [w for w in words if w not in JOINS and not is_cue(w)]
            if len(said) >= 2:
                long.setdefault(said[0], []).append((track, said))
        table = _Table(tuple(_name(t, ws) for t, ws in tracks.items()), long)
        found = _TABLES[id(tracks)] = (tracks, table)
    return found[1]


def long_names(tracks: dict[str, tuple[str, ...]]) -> dict[str, list[tuple[str, list[str]]]]:
    """The tracks whose names have two words or more that say something (not joins,
    not "devroom"), as (track, those words), by the first of them: what a name said
    in full with no cue is looked for in (index/search/read/tracknames.py)."""
    return _table(tracks).long


def _short_strength(name: _Name, want: list[str]) -> int:
    """How well a track's `name` fits `want` said short ("ai ml", "sdr", "js"): 3 for
    each word it holds (or one typo away), 2 for each word that is the initials of
    some of its words in a row, 1 for the letters of one word in order; 0 when a
    word fits none of these. The tracks that fit best are named."""
    total = 0
    for w in want:
        stem = _stem(w)
        if stem in name.stems or any(_fits(x, stem, "typo") for x in name.stems):
            total += 3
        elif 2 <= len(w) <= 4 and w.isalpha() and w in name.runs:
            total += 2
        elif _letters_of_one(w, name.kept):
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


def _runs(kept: list[str]) -> frozenset[str]:
    """The initials of two to four of a name's `kept` words in a row ("sdr" of
    "software defined radio", "ml" of "machine learning")."""
    letters = "".join(w[0] for w in kept)
    return frozenset(letters[k : k + n] for n in range(2, 5) for k in range(len(letters) - n + 1))


def _letters_of_one(want: str, kept: tuple[str, ...]) -> bool:
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

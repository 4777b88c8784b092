"""A track named in a query's words, against the tracks a base holds: "the Go
devroom", "Python track", "the CAD and Open Hardware devroom" (a name's "and", "on",
"the" read with it), "the SDN devroom" (by its initials), "the javascrpt devroom"
(one typo away); several ("the Rust and Go devrooms", "Rust or Go devroom talks",
"the Rust devroom or the Go devroom": a talk of any of them); a name and its cue in
one word ("im Go-Devroom"); and left out ("not in the Go devroom", "outside the Go
devroom": a talk of any other track). `read`
reads the words next to a cue ("devroom", "track", "room", "dev room", "devrom")
for index/search/read/understand.py and asks `trackmatch.tracks_named` which tracks they
name; `read_whole` reads a long name said in full with no cue ("tool the docs
saturday afternoon")."""

from __future__ import annotations

from collections.abc import Collection

from index.search.read import lexicon
from index.search.read.lexicon import AT_PLACE, PLACE_CUES
from index.search.read.trackmatch import JOINS, MOST_TRACKS, is_cue, long_names, tracks_named
from index.search.read.whenwords import WHEN_FIELDS, Chip, Words
from talkbase.core.terms import fold

TRACK_WORDS = 5  # the most words of a track's name read next to a cue
EITHER = ("and", "or", "&", "")  # between names of several tracks ("": a lone comma)
_IN = AT_PLACE
NOT_IN = ("not", "outside")  # "not in the Go devroom", "outside the Go devroom"
NEGATIONS = ("not", "aren't", "arent", "isn't", "isnt")  # "talks that aren't in the AI devroom"


def read(r: Words, i: int, frame: Collection[str]) -> bool:
    """Read the track(s) the words next to the cue at token `i` name into `r` (a
    query's `Words`; `frame`: the words a question is framed in, which end a name):
    one track sets the filter; a name several tracks share, or several names, sets
    `r.tracks` (a talk of any of them); after "not"/"outside", `r.tracks_not`."""
    if not r.vocab.tracks:
        return False
    if not is_cue(r.low(i)):
        return _hyphenated(r, i)
    lo = i - 1 if r.free(i - 1) and r.low(i - 1) == "dev" else i  # "dev room"
    articles = _articles(r.vocab.asked_in)  # ("la devroom Rust")
    listed = lexicon.listing(r.vocab.asked_in)  # "or", "oder", "ou": between names
    others_of = lexicon.of_words(r.vocab.asked_in) - lexicon.of_words(frozenset())
    for step in (-1, 1):  # the words right before the cue, else right after it
        if step < 0 and r.free(lo - 1) and r.low(lo - 1) in articles:
            continue  # "IA dans la devroom Mozilla": the name comes after its article
        cand: list[int] = []
        splits: list[int] = []  # where "and"/"or" stood between the words read
        j = (lo if step < 0 else i) + step
        if step > 0 and r.free(j) and r.low(j) in others_of:
            j += 1  # "la devroom de JavaScript" (not English "of": "keeping track of time")
        while len(cand) < TRACK_WORDS and r.free(j):
            joins = r.low(j) in JOINS or r.low(j) in listed
            if joins and r.free(j + step) and cand:
                splits += (
                    [j] if r.low(j) in EITHER or r.low(j) in listed else []
                )  # "CAD and Open Hardware
                j += step  # devroom": a name's "and" is no word of it
                continue
            if r.low(j) in frame or is_cue(r.low(j)):
                break
            cand.append(j)
            splits += [j + 1] if r.toks[j].text.endswith(",") else []  # "Rust, Go"
            j += step
        cand = _trimmed(r, sorted(cand), articles)
        while cand:
            said = _said(r, cand)
            names = (
                tracks_named(r.vocab.tracks, said)
                or _each_named(r, cand, splits)
                or tracks_named(r.vocab.tracks, _spelled_out(r, said))  # "the SBOM devroom"
                or tracks_named(r.vocab.tracks, _unhyphenated(said))  # "Modern-Email devroom"
            )
            if names and not _plain_rooms(r.low(i), cand, splits):
                _take(r, (lo, i), cand, names)
                return True
            cand = _trimmed(r, cand[1:] if step < 0 else cand[:-1], articles)
    return False


def _trimmed(r: Words, cand: list[int], articles: frozenset[str]) -> list[int]:
    """`cand` without the articles at either end ("en la devroom Rust": "la" names no
    track; "Freie Software in der Schule Track" keeps its "der")."""
    while cand and r.low(cand[0]) in articles:
        cand = cand[1:]
    while cand and r.low(cand[-1]) in articles:
        cand = cand[:-1]
    return cand


def _articles(languages: frozenset[str]) -> frozenset[str]:
    """The words before a place in the languages other than English ("la", "im",
    "nella"; English's "in", "the" are joins of names: "Tool the Docs")."""
    return lexicon.place_words(languages) - lexicon.place_words(frozenset()) - set(JOINS)


def _hyphenated(r: Words, i: int) -> bool:
    """A name and its cue written as one word, as German writes them ("im
    Go-Devroom", "Modern-Email-Devroom"; "the go-devroom" too): the track the parts
    before the cue name, read from that one token."""
    *said, cue = r.low(i).split("-")
    if not said or not all(said) or not is_cue(cue) or cue in ("room", "rooms"):
        return False  # ("matrix-room": a room of Matrix's own)
    if all(w in JOINS for w in said):  # "on-track": no name
        return False
    names = tracks_named(r.vocab.tracks, said) or tracks_named(
        r.vocab.tracks,
        _spelled_out(r, said),  # "SBOM-devroom"
    )
    if names:
        _take(r, (i, i), [i], names)
    return bool(names)


def read_whole(r: Words, i: int) -> bool:
    """A track's whole name from token `i` with no cue: "tool the docs saturday
    afternoon", "libreoffice open document editors", "u-boot hardware enablement".
    Only a name of two words or more that say something, written in full (its joins
    may be left out), in a query that also says when (a day or a time: finding
    one's way in the program), is read so. Without one it ranks as words ("remote
    attestation for confidential computing" is a topic, not the Confidential
    Computing devroom), as does a one-word name ("Go", "Containers") with no cue; a
    name in Chinese characters is read whole as one word where a run of them is cut at
    the words the base knows (`Vocab.run_words`: "周六上午的人工智能演讲")."""
    if not r.vocab.tracks or not r.free(i) or not any(c.field in WHEN_FIELDS for c in r.chips):
        return False
    if r.low(i) in r.vocab.run_words[0]:  # a name in Chinese characters, one word ("人工智能")
        named = [t for t in r.vocab.tracks if fold(t) == r.low(i)]
        if len(named) == 1:
            _take(r, (i, i), [i], (named[0],))
            return True
    best: tuple[int, str] | None = None
    for track, kept in long_names(r.vocab.tracks).get(_base(r, r.low(i)), ()):
        j, k = i, 0
        while k < len(kept) and r.free(j):
            if _base(r, r.low(j)) == kept[k]:
                k += 1
            elif r.low(j) not in JOINS or not k:
                break
            j += 1
        if k == len(kept) and (best is None or j > best[0]):
            best = (j, track)
    if best is None:
        return False
    end = best[0] + int(r.free(best[0]) and is_cue(r.low(best[0])))  # "... devroom"
    _take(r, (end - 1, end - 1), list(range(i, end)), (best[1],))
    return True


def _plain_rooms(cue: str, cand: list[int], splits: list[int]) -> bool:
    """Whether "rooms" or "tracks" after one name says rooms of a kind ("Matrix
    rooms", "chat rooms"), not a devroom: a plural cue names devrooms only after
    several names ("the Rust and Go rooms")."""
    several = any(cand[0] < s <= cand[-1] for s in splits)
    return cue in ("rooms", "tracks", "streams") and not several


def _spelled_out(r: Words, words: list[str]) -> list[str]:
    """`words` with each acronym the program defines as its long form ("sbom":
    "software bill of material"); [] when none is one."""
    if not any(w in r.vocab.acronyms for w in words):
        return []
    return [x for w in words for x in r.vocab.acronyms.get(w, (w,))]


def _unhyphenated(words: list[str]) -> list[str]:
    """`words` with their hyphens split, where some has one; else []."""
    if not any("-" in w for w in words):
        return []
    return [part for w in words for part in w.split("-") if part]


def _said(r: Words, cand: list[int]) -> list[str]:
    """The words of the tokens `cand`, "ai/ml" as two, each a word of a track's name
    it is an inflected form of where it is one (`_base`)."""
    return [_base(r, part) for j in cand for part in r.low(j).split("/") if part]


def _base(r: Words, word: str) -> str:
    """The word of the base's rooms, names and tracks `word` is an inflected form of,
    in a language of the talks that inflects (`Vocab.name_forms`: Ukrainian "Штучного
    інтелекту" of "Штучний інтелект"), else `word`."""
    forms = r.vocab.name_forms
    return word if forms is None else forms.get(word, word)


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
        named = tracks_named(r.vocab.tracks, _said(r, part)) if part else ()
        if not named:
            return ()
        found += [n for n in named if n not in found]
    return tuple(found) if len(found) <= MOST_TRACKS else ()


def _take(r: Words, cue_at: tuple[int, int], cand: list[int], names: tuple[str, ...]) -> None:
    """The words from the first of `cand` to the cue's tokens `cue_at` (first, last;
    and "in the" before them) read as the tracks `names`: a filter, any of several,
    or left out."""
    first, last = min(cand[0], cue_at[0]), max(cand[-1], cue_at[1])
    cue = 1 if r.free(first - 1) and r.low(first - 1) in (*_IN, *NOT_IN) else 0
    if not cue and r.low(first - 1) == "the" and r.low(first - 2) in (*_IN, *NOT_IN):
        cue = 2
    places = lexicon.place_words(r.vocab.asked_in)
    if not cue and r.free(first - 1) and r.low(first - 1) in _articles(r.vocab.asked_in):
        cue = 2 if r.free(first - 2) and r.low(first - 2) in places else 1  # "en la", "im"
    lead = first - cue
    left_out = r.low(lead) in NOT_IN or (r.low(lead - 1) in NEGATIONS and r.free(lead - 1))
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
    listed = lexicon.listing(r.vocab.asked_in)
    places = PLACE_CUES | lexicon.place_words(r.vocab.asked_in)
    return any(w in listed for w in between) and all(w in listed or w in places for w in between)


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

"""The program as a static site (`talkbase export --format site -o DIR`): HTML, CSS,
JavaScript and data files any static host can serve, that keep working offline.

What it writes (assets/ and vendor/ beside this module are copied as they are):

    index.html, site.js, search.mjs, style.css   the app (search, talk pages, agenda;
    calendar.mjs                                 the agenda's .ics)
    sw.js, manifest.webmanifest                  offline and "add to home screen"
    data/talks.json      every talk: what a page shows, and its precomputed similar talks
    data/meta.json       the conference, its zone, days, rooms, tracks, the words for
                         days and parts of the day in the talks' languages (and how the
                         server reads their inflected forms: "w środę"), the function
                         words of those languages that search leaves out, the fusion
                         weight, the server's words for clock times, days by their
                         order or date and the talks' languages (`reading`), its
                         rooms by number, one-word speaker names and how a Chinese run
                         is cut, rooms, speakers and tracks said in another case and
                         the buildings (`names`), how its fold and digits differ from the browser's, and
                         the export's version (a new one replaces the cache)
    data/vectors.bin     each talk's vector from the base, int8 (x / 127), in talks order
    model/model.onnx, model/vocab.txt, vendor/ort*   the base's own int8 MiniLM and
                         onnxruntime-web: a query embedded in the browser, so a search
                         by meaning needs no server (loaded after the first search works)

A base built with an encoder that is not the int8 ONNX MiniLM (the hashing one, a
torch model) gets a site that searches by words only, and says so.

The folder is written whole or not at all: into a new folder beside `out`, which
then takes its place. An existing `out` is replaced only when it is empty or a site
this wrote before (it holds SITE_MARK). SITE_MARK lists the files the export wrote:
the next export removes only those (the ones it does not write again), and keeps
everything else in the folder (a .git, a CNAME, the owner's own pages), moved into
the new folder before it takes the old one's place. Stopped on the way (an error, a
Ctrl-C), everything is moved back; a folder left beside `out` by an export that was
killed outright may hold those files, so it is never deleted: a new export refuses,
naming it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
import tempfile
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from index.search.limits import relax, titlewords
from index.search.rank import lexical, tokens
from index.search.rank.stopwords import english_stopwords, language_list, listed
from index.search.rank.tokens import tokenize
from index.search.read import buildings as buildings_read
from index.search.read import (
    inflection,
    lexicon,
    negation,
    roomlists,
    timecues,
    understand,
    visitors,
)
from index.search.read.clockwords import EXPLICIT, TIME
from index.search.read.daywords import CJK_DATE, DAY_WORDS, MONTHS, NUMBERS, ORDINALS
from index.search.read.inflection import Inflected
from index.search.read.vocab import COMMON_MIN_TALKS, COMMON_SHARE, Vocab
from index.search.read.whenwords import (
    _FORMAT_CHARS,
    CLOCK_CUES,
    LONG_WORDS,
    MOMENT_CUES,
    RANGE_JOINS,
    day_joins,
    ends_inside,
    named_in_full,
    short_day_company,
)
from talkbase.core import languages, present, settings, timetable
from talkbase.core.errors import InputError
from talkbase.core.languages import english_name, several_languages
from talkbase.core.when import PARTS_OF_DAY

if TYPE_CHECKING:
    from index.search.kb import KnowledgeBase

HERE = Path(__file__).resolve().parent
SITE_MARK = ".talkbase-site"
SIMILAR = 5  # precomputed similar talks per talk


@dataclass(frozen=True)
class SiteReport:
    out: Path
    talks: int
    meaning: bool  # whether the site searches by meaning (the model went with it)
    first_visit_bytes: int  # what the first visit loads before its first search works
    model_bytes: int  # what loads after, once


def _talk(t: Any, similar: list[int]) -> dict[str, Any]:
    return {
        "id": str(t.id),
        "title": t.title,
        "speakers": [s.name for s in t.speakers],
        "orgs": [s.affiliation or "" for s in t.speakers],
        "abstract": t.abstract or "",
        "start": t.start.isoformat() if t.start else None,
        "end": t.end.isoformat() if t.end else None,
        "day": t.day.isoformat() if t.day else None,  # the program's day (after midnight)
        # its conference's zone ("Asia/Tokyo"; "UTC+01:00" where the program gives only
        # an offset): a site of several conferences shows each talk on its own clock
        "zone": t.zone or "",
        "conference": t.conference or "",  # named on its page in a site of several
        "room": t.room or "",
        "track": t.track or "",
        "format": t.format or "",
        "language": t.language or "",
        "links": [{"label": label, "url": url} for label, url in t.links],
        "similar": [str(i) for i in similar],
        "cancelled": t.cancelled,  # the program says it will not take place
    }


def _version(
    talks_json: str, vectors: np.ndarray, meta: dict[str, Any], model: tuple[Path, Path] | None
) -> str:
    """The export's version: of everything a visitor's browser keeps (the talks, their
    vectors, what meta.json says, the site's own files, the vendored runtime and the
    model where shipped), so that a new talk, a changed setting or a newer talkbase each
    make a new one, and its service worker a new cache."""
    h = hashlib.sha256(talks_json.encode() + vectors.tobytes())
    h.update(json.dumps(meta, sort_keys=True, ensure_ascii=False).encode())
    shipped = [(p.relative_to(HERE).as_posix(), p) for p in sorted((HERE / "assets").rglob("*"))]
    if model is not None:
        shipped += [
            (p.relative_to(HERE).as_posix(), p) for p in sorted((HERE / "vendor").rglob("*"))
        ]
        shipped += [(f"model/{p.name}", p) for p in model]
    for label, path in shipped:
        if not path.is_file():
            continue
        h.update(label.encode())
        try:
            with open(path, "rb") as fh:
                for block in iter(lambda: fh.read(1 << 20), b""):
                    h.update(block)
        except OSError as exc:
            raise InputError(str(path), f"cannot be read for the site ({exc.strerror})") from exc
    return h.hexdigest()[:16]


def _stopwords(kb: KnowledgeBase) -> list[str]:
    """The words the site's search leaves out beside its own short English list: those
    the base's index leaves out, where its program is written in other languages too
    (their function words, and English's); none for an English program, whose site
    searches as it always did."""
    left_out = kb.stopwords
    return sorted(left_out) if left_out - english_stopwords() else []


def _said_in(kb: KnowledgeBase) -> dict[str, Any]:
    """The stop words of the base's index that are a function word of a language of
    the talks and not English's ("ai": Vietnamese "who", English "AI"), each with those
    languages, the function words of those languages (their lists) and English's: the
    server keeps such a word in a query's topic where the query says an English
    function word of none of those languages and fewer than two function words of one
    of them (index/search/kb.py `_left_out`, `_said_in`). Empty where the index leaves
    out no such word (an English program)."""
    spoken = sorted(kb.vocab.spoken - {"en"})
    theirs = {
        w: [c for c in spoken if w in language_list(c)]
        for w in sorted(kb.stopwords - english_stopwords())
    }
    theirs = {w: codes for w, codes in theirs.items() if codes}
    codes = sorted({c for cs in theirs.values() for c in cs})
    return (
        {
            "words": theirs,
            "lists": {c: sorted(language_list(c)) for c in codes},
            "english": sorted(english_stopwords()),
        }
        if theirs
        else {}
    )


def _stopwords_whole(kb: KnowledgeBase) -> list[str]:
    """Those stop words whole, as their languages' lists write them, for a site that
    cuts a word where the server's index does not: the listed words of the program's
    languages (`lexical.index_languages`) that the index leaves out, each of the
    tokens it cuts the word into being one it leaves out ("के", of which an index cut
    before `tokens.TOKENS` 4 keeps "क": the site keeps a letter's vowel sign in its
    word; an index cut since leaves out "के" itself, in `_stopwords`)."""
    left_out = kb.stopwords
    out = {
        word
        for code in lexical.index_languages(kb.build)
        for word in listed(code)
        if (cut := tokenize(word, ())) and all(w in left_out for w in cut) and cut != [word.lower()]
    }
    return sorted(out)


def _unnamed(kb: KnowledgeBase, talks: list[Any]) -> dict[str, list[str]]:
    """For each language of the talks but English, the function words of its list
    (stopwords.listed) that a match never names in its "words:", as the server's
    (index/search/kb.py `unnamed_by`): only those some talk's text holds (a word the
    talks lack is never found in one)."""
    text = "\n".join(
        " ".join((t.title, t.abstract or "", t.track or "", *(s.name for s in t.speakers)))
        for t in talks
    ).casefold()
    codes = sorted(({t.language for t in talks if t.language} | set(kb.vocab.spoken)) - {"en"})
    out = {code: sorted({w for w in listed(code) if w.casefold() in text}) for code in codes}
    return {code: words for code, words in out.items() if words}


def marks() -> str:
    """The combining marks the server's fold takes off (talkbase/core/terms.py `fold`:
    a combining class other than 0), as a regular expression's class of ranges, for
    the site's own fold: a vowel sign of class 0 stays in its word."""
    ranges: list[tuple[int, int]] = []
    for c in range(0x300, 0x10000):
        if unicodedata.combining(chr(c)):
            if ranges and ranges[-1][1] == c - 1:
                ranges[-1] = (ranges[-1][0], c)
            else:
                ranges.append((c, c))
    return "".join(f"\\u{a:04x}" + (f"-\\u{b:04x}" if b > a else "") for a, b in ranges)


def folds() -> dict[str, str]:
    """The letters that are lower case as the site folds (NFKD, marks off, lower case) and
    that the server's fold (talkbase/core/terms.py `fold`: Python's casefold) folds
    further ("ß": "ss", a final "ς": "σ"), each with its fold, for the site's own fold:
    the reader's tables hold "μετα τισ", a question says "μετά τις". (Not the letters
    casefold makes upper case: Cherokee's.)"""
    return {
        c: c.casefold()
        for c in map(chr, range(0x80, 0x20000))
        if unicodedata.normalize("NFKD", c)
        == c
        == c.lower()
        != c.casefold()
        == c.casefold().lower()
    }


def digits() -> str:
    """The zero of each run of decimal digits of a script (Unicode's Nd: "۰", "๐", "０"),
    each run its ten digits in order, for the site to write a digit of any script as
    its ASCII one, as the server's `terms.ascii_digits` does ("اتاق ۲" is room 2)."""
    return "".join(chr(c) for c in range(0x80, 0x20000) if unicodedata.decimal(chr(c), None) == 0)


def numbered_rooms(vocab: Vocab) -> dict[str, Any]:
    """A room asked by the number its name ends in after a word for a room ("ห้อง ๒๐๒",
    "room 202" of "ห้อง 202"), as the server's understand.py `_numbered_room` reads it:
    the base's numbered rooms (`Vocab.numbered_rooms`, by ASCII number), the words for
    a room its names use (`Vocab.room_nouns`), every language's words that name a room
    by its number with their languages (lexicon.numbered_room_words), and the words
    before a place of those languages and the talks' (lexicon.at_place). None where no
    room's name ends in a number or letter."""
    if not vocab.numbered_rooms:
        return {}
    words = lexicon.numbered_room_words()
    codes = sorted({c for cs in words.values() for c in cs} | set(vocab.spoken))
    return {
        "rooms": {n: [list(pair) for pair in pairs] for n, pairs in vocab.numbered_rooms.items()},
        "nouns": sorted(vocab.room_nouns),
        "words": {w: sorted(cs) for w, cs in sorted(words.items())},
        "places": {
            "": sorted(lexicon.at_place(frozenset())),
            **{
                c: sorted(lexicon.at_place(frozenset((c,))) - lexicon.at_place(frozenset()))
                for c in codes
            },
        },
        "spoken": sorted(vocab.spoken),
        # (the words that join a list of rooms: "in room 2 or 3", "Raum 2 oder Raum 3",
        # understand.py `_listed_room`, roomlists.py `joins`)
        "joins": sorted(roomlists.joins(vocab)),
    }


def one_word_names(vocab: Vocab) -> dict[str, Any]:
    """A speaker's name of one word in East Asian script ("王伟", "김민준", "佐藤"), read
    where it stands as a name, as the server's understand.py `person` and `_name_marked`
    read it: the names (`Vocab.one_word_names`), those that are a word of the talks
    (`Vocab.worded_names`) or in more talks than a surname said alone may be
    (`SURNAME_ALONE_TALKS`), the words that mark a person after one ("さん", "的") and
    the plain words for "of" among them, and the words for "by" (with the question's
    frame words: `reading`). None where no speaker has such a name."""
    if not vocab.one_word_names:
        return {}
    asked = vocab.asked_in
    return {
        "names": vocab.one_word_names,
        "worded": sorted(vocab.worded_names),
        "common": sorted(
            n
            for n in vocab.one_word_names
            if vocab.counts.get(n, 0) > understand.SURNAME_ALONE_TALKS
        ),
        "marks": sorted(lexicon.name_marks(asked)),
        "of": sorted(lexicon.name_of(asked)),
        "by": sorted(understand.BY_WORDS),
    }


def names(vocab: Vocab) -> dict[str, Any]:
    """The base's rooms, speakers and tracks said in another case, and its buildings, as
    the server's reader reads them: each word of a name answering for its inflected
    forms where a language of the talks inflects ("v místnosti 102" of "Místnost 102",
    "доповіді Ірини Коваленко" of "Ірина Коваленко": `Vocab.name_forms`, inflection.py's
    rule; a room's case ending glued to its word, "salissa 2": `Vocab.room_forms`, its
    stems as `Inflected.readable` writes them, those two names share too); a
    speaker's full name read where it stands in a question that is not long
    (understand.py `person`: `whenwords.LONG_WORDS`, or after a word for "by":
    `BY_WORDS`); a building named by the letters its rooms' codes start with ("building
    K": buildings.py `read`, `building_of`) with the words before it taken with it
    (`lexicon.PLACE_CUES`, "the" after `lexicon.AT_PLACE`)."""
    forms = vocab.room_forms  # (`name_forms`, and the rooms' case endings: "salissa 2")
    buildings: dict[str, list[str]] = {}
    for room in sorted(set(vocab.rooms.values())):
        if found := timetable.building_of(room):
            buildings.setdefault(found.lower(), []).append(room)
    return {
        "forms": forms.readable(shared=True) if forms is not None else {},
        "by": sorted(understand.BY_WORDS),
        "long": LONG_WORDS,
        "buildings": (
            {
                "words": list(buildings_read.BUILDING_WORDS),
                "rooms": buildings,
                "cues": sorted(lexicon.PLACE_CUES),
                "at_place": list(lexicon.AT_PLACE),
            }
            if buildings
            else {}
        ),
    }


def _model_files(kb: KnowledgeBase) -> tuple[Path, Path] | None:
    """The base's int8 ONNX file and its WordPiece vocabulary, when the base was built
    with the ONNX MiniLM (what the browser can run); else None."""
    plan = getattr(kb.embedder, "plan", None)
    if plan is None or not str(getattr(plan, "quantization", "")).startswith("int8"):
        return None
    onnx, vocab = Path(plan.onnx_path), Path(plan.model_path) / "vocab.txt"
    return (onnx, vocab) if onnx.is_file() and vocab.is_file() else None


def _target(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise InputError(str(out), "is a file, not a folder to write the site into")
    if out.is_dir() and any(out.iterdir()) and not (out / SITE_MARK).exists():
        raise InputError(
            str(out), "holds files that are not a talkbase site; give an empty or new folder"
        )


def _written(folder: Path) -> set[str]:
    """Every file under `folder`, as paths relative to it."""
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir()}


def _own(out: Path, new: set[str]) -> set[str]:
    """The files of `out` the previous export wrote, as its SITE_MARK lists them after
    its version; a mark from before that list: the files this one writes, and the model
    and runtime it writes with a model."""
    mark = out / SITE_MARK
    if not mark.is_file():
        return set()
    listed = mark.read_text(encoding="utf-8").splitlines()[1:]
    if listed:
        return {*listed, SITE_MARK}
    vendor = {f"vendor/{name}" for name in _written(HERE / "vendor")}
    return new | vendor | {"model/model.onnx", "model/vocab.txt"}


def _kept(out: Path, own: set[str], new: set[str]) -> list[str]:
    """What of `out` the previous export did not write, to keep: each path as high up as
    it goes (a whole .git), looking inside only the folders that hold the site's files.
    Refused where the new site would write over one of them."""
    site = own | new
    kept: list[str] = []

    def walk(folder: Path, prefix: str) -> None:
        for p in sorted(folder.iterdir()):
            rel = prefix + p.name
            is_folder = p.is_dir() and not p.is_symlink()
            if is_folder and any(s.startswith(rel + "/") for s in site):
                walk(p, rel + "/")
            elif is_folder or rel not in own:  # (the site writes files, never a folder alone)
                if rel in new or any(s.startswith(rel + "/") for s in new):
                    raise InputError(
                        str(p), "is not the site's, and the site writes there; move it away"
                    )
                kept.append(rel)

    walk(out, "")
    return kept


def _readable(names: dict[str, Any]) -> dict[str, Any]:
    """The inflected forms of `names` as the site reads them (`Inflected.readable`);
    none where `names` reads none."""
    return names.readable() if isinstance(names, Inflected) else {}


def parts_of_day() -> dict[str, list[str]]:
    """Each part of the day as the browser reads it, [from, before) in HH:MM, from the
    one table the server's reader and the app's filter read (talkbase/core/when.py)."""
    out = {}
    for name, limits in PARTS_OF_DAY.items():
        bounds = dict(limits)
        # open at the end: on to the night's talks after midnight, which the browser
        # reads on their program day as 24:50 (search.mjs `clock`)
        out[name] = [bounds.get("after", "00:00"), bounds.get("starts_before", "48:00")]
    return out


def _languages(kb: KnowledgeBase, talks: list[Any]) -> dict[str, Any]:
    """What the talks' languages mean for the site's search by meaning, as the server
    decides it (talkbase/core/languages.py `several_languages`, the rule that gives a
    base its multilingual signal): how many of the talks with a known language are
    not in English, whether that makes several languages, and whether the server
    then counts a talk close in meaning only when its multilingual signal confirms it
    (index/search/rank/match.py `CONFIRMED_FLOOR`): the site has no such signal, so
    there closeness in meaning alone makes no match."""
    counts = Counter(t.language for t in talks if t.language)
    several, other, known = several_languages(counts.items())
    confirmed = several and getattr(kb, "multilingual", None) is not None
    return {"several": several, "not_english": other, "known": known, "confirmed": confirmed}


def matching() -> dict[str, Any]:
    """The server's rule for which listed talks match a query and which are only the
    nearest (index/search/rank/match.py), as the site reads it: a word not in more than
    `common_share` of the talks (in a base of `common_min_talks` or more: in a smaller one
    every word counts), or closeness in meaning of `floor` or more; and the words it says
    before the nearest talks (talkbase/core/present.py)."""
    return {
        "floor": settings.match_floor(),
        "common_share": COMMON_SHARE,
        "common_min_talks": COMMON_MIN_TALKS,
        "nearest": present.NEAREST,
        "nearest_after": present.NEAREST_AFTER,
    }


def limits() -> dict[str, Any]:
    """The server's rules for a query's limits that the site reads the same: the kinds
    given up, in order, where no talk passes every limit, the first `bends` each alone
    first (index/search/limits/relax.py `KINDS`, `BENDS`; the site's part of the day,
    which the server holds as a clock limit, with the clock limits); the query's words
    beside a limit's a title must hold too for its words to stay words
    (titlewords.py `NEIGHBOURS`); the most words left out as one phrase
    (negation.py `EXCLUDED_WORDS`); the sentence said for a limit or words left out
    that no talk holds (present.py `NONE_LEFT_OUT`, index/search/limits/passing.py
    `held_by_none`)."""
    return {
        "give_up": [[*kind, "part"] if "after" in kind else list(kind) for kind in relax.KINDS],
        "bends": relax.BENDS,
        "neighbours": titlewords.NEIGHBOURS,
        "excluded_words": negation.EXCLUDED_WORDS,
        # what is said where a query leaves out what no talk holds (present.py)
        "none_left_out": present.NONE_LEFT_OUT,
    }


def _hours(asked: frozenset[str]) -> dict[str, Any]:
    hours, minutes, halves = lexicon.hour_words(asked)
    froms, joins = lexicon.hour_range(asked)
    return {
        "hours": sorted(hours),
        "minutes": sorted(minutes),
        "halves": sorted(halves),
        "han": lexicon.HAN_HOURS,
        # (a language's own numerals too: Korean "세 시"; only a Chinese numeral may go
        # on a number before it, and only another may stand glued before one)
        "numerals": {
            w: k for w, k in lexicon.hour_numerals(asked).items() if w not in lexicon.HAN_HOURS
        },
        # the words before a range's first hour and between its two ("从", "到", "~")
        "froms": sorted(froms),
        "joins": sorted(joins),
        "particles": sorted(lexicon.of_words(asked) | lexicon.run_particles(asked)),
        "posts": sorted({unicodedata.normalize("NFC", w) for w in lexicon.postpositions(asked)}),
        "pm": list(timecues.PM),
        # (the parts of the day said in one character glued before an hour: "晚8点")
        "parts": lexicon.hour_parts(asked),
    }


def _dawn(spoken: frozenset[str]) -> dict[str, Any]:
    parts: list[str | None] = [None, *PARTS_OF_DAY]
    return {
        "words": sorted(lexicon.hours_from_dawn(spoken)),
        # (the hour said after one: "4", "4:30", its minutes kept: timecues.DAWN_HOUR)
        "hour": timecues.DAWN_HOUR.pattern,
        # (the most digits of an hour with its minutes read with no part of the day after
        # it: "saa 4:30" is 10:30, "saa 12:00" noon on the 24-hour clock)
        "bare_digits": timecues.DAWN_BARE_DIGITS,
        "hours": {p or "": [timecues.from_dawn(h, p) for h in range(1, 13)] for p in parts},
    }


def _absent_days(vocab: Vocab) -> dict[str, Any]:
    """What the site needs to say back a weekday the program holds no talk on ("No talks
    on Wednesday at …: showing all days"), as whenwords.py `Words.day` does: the day
    words that name it short ("sat", "dom": no note; `named_in_full`). (With the frame
    words of a question, `reading`'s, such words alone leave no topic:
    `Understood.said_back_only`.)"""
    said = {*DAY_WORDS, *vocab.day_words, *vocab.short_days}
    return {"short": sorted(w for w in said if not named_in_full(w, vocab.spoken))}


def reading(vocab: Vocab) -> dict[str, Any]:
    """The server's reader's words and rules for clock times, days said by their order or
    date, and the talks' languages (index/search/read/), as the site reads them: the
    same tables, never a second list in the browser.

    clock: the cues before a clock time, English's (whenwords.CLOCK_CUES, MOMENT_CUES)
    and those of the languages a visitor may ask in (lexicon.TIME_CUES: "dopo le",
    "nach"), each with the limit it sets and whether it is of a language some talk is
    in (another's needs a time that can be nothing else: timecues.py `_plainly`); the
    cues said after the time ("以后"); the words after one ("Uhr"); the pattern of a
    clock time (clockwords.TIME).
    days: the words for a day and the ordinals before or after them in the talks'
    languages ("day 2", "primo giorno", "第一天", "اليوم الأول"), the numbers in words;
    the months (English's first three letters, the talks' languages' names: "ноября")
    and a date in Chinese characters (daywords.CJK_DATE).
    languages: each name of the talks' languages (`Vocab.languages`) and the words by
    which one is a limit (understand.py `_Reader.language`): the cues before it ("in",
    "auf", "на"), the words after it ("language", "讲的"), the words for talks, "in" a
    language said in one word ("по-английски") and its adjectives ("englischsprachige").
    article: Arabic's leading article as the word index takes it off (rank/tokens.py)."""
    asked, spoken = vocab.asked_in, vocab.spoken
    theirs = {words for words, _ in lexicon.time_cues(spoken)}
    # ([words], the limit's cue, of a language some talk is in, English's: read before
    # any time, as whenwords.py reads it; another's as timecues.py does)
    english = [[[w], cue, True, True] for w, cue in CLOCK_CUES.items()]
    english += [[[w], w, True, True] for w in (*MOMENT_CUES, *RANGE_JOINS)]
    others = [[list(words), cue, words in theirs, False] for words, cue in lexicon.time_cues(asked)]
    group = understand.GROUP_WORDS | lexicon.talk_nouns(asked)
    codes = sorted(set(vocab.languages.values()) | set(vocab.language_said.values()))
    return {
        "clock": {
            "cues": english + others,
            "after": lexicon.time_cues_after(asked),
            # a time's case ending joined by an apostrophe, off before a cue said after
            # it ("15:00'ten sonra"), and the words said before a time that add nothing
            # to it ("saat"), as timecues.py `_said_before`, `_said_after` read them
            "endings": sorted(lexicon.clock_suffixes(asked)),
            "said_before": sorted(lexicon.clock_before(asked)),
            "units": sorted(lexicon.clock_after(asked)),
            # (a dotted time after a cue of a language no talk is in: its hours, first
            # and last, and its minutes, as timecues.py `_plainly`)
            "dotted": [*timecues.DOTTED_HOURS, list(timecues.QUARTERS)],
            "time": TIME.pattern,
            # a time said alone ("14:00 talks": under way then), and a range's words
            "explicit": EXPLICIT.pattern,
            "ranges": RANGE_JOINS,
            # an hour said by its word ("3시", "下午三点", "15時"), as timecues.py
            # `_hours_said_in_words` reads it: the words after an hour, its minutes and
            # its half, the hours in Chinese numerals, the particles and postpositions
            # that may follow, the parts of the day that are pm
            "hours": _hours(asked),
            # a bare hour with its word after it ("4 மணிக்கு", "৪টায়": timecues.py
            # `_hours_with_their_word`), not before a span ("3 மணி நேரம்": 3 hours)
            "spans": sorted(lexicon.not_a_clock(asked)),
            # an hour counted from dawn after its word, in a language of the talks ("saa 4
            # asubuhi": 10:00; timecues.py `_hours_from_dawn`): the words, and the clock's
            # hour of each hour 1 to 12 said with no part of the day ("") or with one
            **({"dawn": _dawn(spoken)} if lexicon.hours_from_dawn(spoken) else {}),
        },
        # a Korean postposition glued to a limit ("토요일에"), as whenwords.py
        # `_postpositions_off` takes it off
        "postpositions": list(lexicon.postpositions(asked)),
        "days": {
            "nouns": sorted(lexicon.day_nouns(spoken)),
            # (any of them glued after an ordinal, longest first: "第一天", "첫날", as
            # whenwords.ordinal_day reads them)
            "glued": sorted(lexicon.day_nouns(spoken), key=lambda w: (-len(w), w)),
            "ordinals": {**ORDINALS, **lexicon.day_ordinals(spoken)},
            "ordinals_after": lexicon.day_ordinals(spoken, after=True),
            # (and their inflected forms, in a language of the talks that inflects them:
            # Greek "τρίτης" of "τρίτη", as that rule reads them: `Inflected.readable`)
            "ordinal_forms": _readable(lexicon.day_ordinals(spoken)),
            "ordinal_after_forms": _readable(lexicon.day_ordinals(spoken, after=True)),
            # (the nouns a number is glued to as its ordinal: "2일차"; the prefixes glued
            # to the noun before an ordinal said after it: "ביום השני")
            "glued_number": sorted(lexicon.day_nouns(spoken, glued_number=True)),
            # (the nouns for a day in another case, after an ordinal: Greek "της τρίτης
            # μέρας", of the third day; lexicon.day_noun_forms, as `Inflected.readable`)
            "noun_forms": _readable(lexicon.day_noun_forms(spoken)),
            # (the words that make two days said one after the other a list: "sunday or
            # monday", "domenica o lunedì": whenwords.py `day_joins`)
            "joins": sorted(day_joins(vocab)),
            "prefixes": list(lexicon.day_prefixes(spoken)),
            "numbers": NUMBERS,
            "months": list(MONTHS),
            "month_words": vocab.month_words,
            "cjk_date": CJK_DATE.pattern,
            "absent": _absent_days(vocab),
        },
        "languages": {
            # (and each name as written, which the site cuts into its own words: the
            # server's cut "हिंदी" at its letters' marks, ("ह", "द"); the site keeps them)
            "names": [[list(words), code] for words, code in vocab.languages.items()]
            + [
                [[name], code]
                for code in sorted(vocab.spoken)
                for name in languages.names(code, vocab.spoken)
                if not name.isascii()
            ],
            "english": {code: english_name(code) for code in codes},
            "cues": sorted(understand.LANGUAGE_CUES | lexicon.language_cues(asked)),
            "articles": sorted(lexicon.place_words(asked) - lexicon.PLACE_CUES),
            "said": sorted(understand.LANGUAGE_NOUNS | lexicon.language_said(asked)),
            "group": sorted(group),
            # (a word for talks after a language's name, where its language puts the
            # adjective before the noun: "German talks", not "cinéma anglais conférences")
            "before": sorted(understand.talks_after_language(asked)),
            # (a word for talks before it, where its language names a language after
            # its noun and has no adjective for it: "سخنرانی‌های فارسی")
            "after_noun": sorted(understand.talks_before_language(asked)),
            "in_one_word": vocab.language_said,
            "adjectives": {
                w: [code, alone, said_in, said_in in lexicon.ADJECTIVE_AFTER_NOUN]
                for w, (code, alone, said_in) in vocab.language_adjectives.items()
            },
            # (the adjective alone after its own language's "in": "на английском")
            "own_cues": {
                said_in: sorted(lexicon.language_cues(frozenset((said_in,))))
                for said_in in sorted({a[2] for a in vocab.language_adjectives.values()})
            },
            "words": sorted(lexicon.language_words(asked)),
        },
        # (after a speaker's name, words by which it is an example, no limit: "by Salton
        # or others", as understand.py `_others`)
        "others": understand.OTHERS,
        # a question's frame words ("show me talks on …": understand.FRAME), no topic
        # beside a speaker's one-word name or a weekday said back
        "frame": sorted(understand.FRAME),
        # (the characters the server's reader drops inside a word: "سخنرانی‌های" is one)
        "format": _FORMAT_CHARS.pattern,
        "article": {
            "prefixes": list(tokens.ARTICLES),
            "letters": tokens.ARABIC_WORD.pattern,
            "left": tokens.ARTICLE_LEFT,
        },
    }


def export_site(kb: KnowledgeBase, out: Path) -> SiteReport:
    """Write the static site of the base `kb` into the folder `out` (see the module)."""
    out = Path(out).expanduser().resolve()
    _target(out)
    if not out.parent.is_dir():
        raise InputError(str(out), f"cannot be written: the folder {out.parent} does not exist")
    talks = sorted(kb.talks.values(), key=timetable.program_order)
    ids = [t.id for t in talks]
    vectors = np.vstack([kb.vectors.vector(i) for i in ids]).astype(np.float32)
    similar = {t.id: [h.talk.id for h in kb.similar(t, SIMILAR)] for t in talks}
    records = [_talk(t, similar[t.id]) for t in talks]
    vocab = kb.vocab
    model = _model_files(kb)
    talks_json = json.dumps(records, ensure_ascii=False, separators=(",", ":"))
    quantized = np.clip(np.round(vectors * 127), -127, 127).astype(np.int8)
    # where each conference is held, as its program says: the site's one venue, or, in
    # a site of several conferences, each one's (no one conference's venue for all)
    held: dict[str, Counter[str]] = {}
    for t in talks:
        held.setdefault(t.conference or "", Counter()).update([t.venue] if t.venue else ())
    venues = {c: n.most_common(1)[0][0] if n else None for c, n in held.items()}
    rooms = sorted({t.room for t in talks if t.room})
    meta = {
        "conference": vocab.conference,
        "venue": next(iter(venues.values())) if len(venues) == 1 else None,
        # each conference's name and venue, in the program's order (a site of several)
        "conferences": (
            [{"name": c, "venue": v} for c, v in venues.items()] if len(venues) > 1 else []
        ),
        "timezone": vocab.timezone,
        "days": [d.isoformat() for d in vocab.days],
        "rooms": rooms,
        "tracks": sorted({t.track for t in talks if t.track}),
        "day_words": vocab.day_words,
        "part_words": vocab.part_words,
        # ...and their inflected forms, in a language of the talks that inflects them
        # ("w środę": index/search/read/inflection.py), as that rule reads them
        "inflected": {
            "days": _readable(vocab.day_words),
            "parts": _readable(vocab.part_words),
        },
        # where a language of the talks inflects, a word that keeps all of a talk's word
        # but its last letter, and ends in letters of its own, is a form of it, no typo
        # to correct ("безпеки" of "безпека": the server's kb.py `_inflected_form`)
        "forms": (
            {"min": inflection.MIN_NAME, "max_ending": inflection.MAX_ENDING}
            if any(languages.inflects(c) for c in vocab.spoken)
            else {}
        ),
        # a weekday said short ("sexta" of "sexta-feira"), read only where nothing but
        # the words of its language that may stand by one is beside it ("na sexta",
        # not "quarta revolução"): index/search/read/whenwords.py `Words.short_day`
        "short_days": {w: d for w, (d, _) in vocab.short_days.items()},
        "short_day_company": sorted(
            {w for _, code in vocab.short_days.values() for w in short_day_company(vocab, code)}
        ),
        # read only next to a day's name (the server: or after an article): "von morgen"
        "ambiguous_parts": sorted(vocab.ambiguous_parts),
        # a visitor's weekday or part of the day is read where the query says another
        # word of its language (index/search/read/visitors.py)
        "foreign_words": vocab.foreign_words,
        "visitor_words": {
            code: sorted(visitors.words_of(code))
            for code in sorted(set(vocab.foreign_words.values()))
        },
        # the words that leave out what follows them ("not", "except") or what they
        # follow ("excluded"), as the server reads them (index/search/read/negation.py)
        "leave_out": {
            **dataclasses.asdict(lexicon.leave_out(vocab.spoken, vocab.asked_in)),
            # right after a cue, words that hedge rather than leave out ("but not only")
            "only": sorted(negation.HEDGES | lexicon.only_words(vocab.spoken | vocab.asked_in)),
            # rooms left out as a list ("not in room 2 or room 3"): the words joining
            # its rooms, and the words before a place that may stand by them
            # (index/search/read/roomlists.py `listed`)
            "joins": sorted(roomlists.joins(vocab)),
            "places": sorted(roomlists.places(vocab)),
            # the function words that may stand between a cue and its limit ("sauf le
            # samedi", "pero no el sábado"), as negation.py `negated` lets them
            "between": sorted(
                lexicon.place_words(vocab.asked_in)
                | lexicon.of_words(vocab.asked_in)
                | (
                    lexicon.function_words(vocab.spoken)
                    - lexicon.only_words(vocab.spoken | vocab.asked_in)
                )
            ),
        },
        # the words a run of Chinese characters is cut at before it is read, as the
        # server's reader cuts it (index/search/read/whenwords.py `_cut_at_known`)
        "run_words": sorted(vocab.run_words[0]),
        # ...but a weekday or part of the day that ends inside a longer word of the
        # talks ("周日" of "周日志分析": talks say "日志"): the characters after it that
        # make it so (whenwords.py `ends_inside`)
        "run_inside": ends_inside(vocab),
        "run_particles": sorted(vocab.run_words[1]),
        # ...and the words for talks, no topic at a query's ends ("演讲": lexicon.TALK_NOUNS)
        "talk_nouns": sorted(lexicon.talk_nouns(vocab.asked_in)),
        "parts": parts_of_day(),
        # clock times, days by their order or date, the talks' languages, Arabic's
        # article: as the server reads them (`reading`)
        "reading": reading(vocab),
        "dim": int(vectors.shape[1]) if len(vectors) else 0,
        "stopwords": _stopwords(kb),
        "stopwords_whole": _stopwords_whole(kb),
        # (those of them left out only where the query says its language: "ai" is "AI")
        "said_in": _said_in(kb),
        "unnamed": _unnamed(kb, talks),
        "marks": marks(),
        "folds": folds(),
        # (a question's digits of any script: a room "اتاق ۲", a time "১৫:০০")
        "digits": digits(),
        "numbered_rooms": numbered_rooms(vocab),
        "one_word_names": one_word_names(vocab),
        # rooms, speakers and tracks said in another case, full names, buildings (`names`)
        "names": names(vocab),
        "lexical_weight": settings.lexical_weight(),
        "dense_floor": settings.dense_floor(),
        "match": matching(),
        "limits": limits(),
        "languages": _languages(kb, talks),
        "meaning": model is not None,
        "model": "model/model.onnx" if model else None,
    }
    version = _version(talks_json, quantized, meta, model)
    # every agenda calendar event's SEQUENCE (the app's rule): the build's, left out of
    # the version (a build that changed nothing asks no visitor to reload)
    sequence = present.calendar_sequence(kb.manifest.built_at)
    meta = {"version": version, **meta, "sequence": sequence}
    _no_leftover(out)
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent))
    except OSError as exc:  # (a read-only file system, a full disk)
        raise InputError(str(out), f"cannot write the site ({exc.strerror or exc})") from exc
    try:
        # (its mode, not mkdtemp's 0700: the assets folder's, as a new folder had)
        shutil.copytree(HERE / "assets", tmp, dirs_exist_ok=True)
        (tmp / "data").mkdir()
        (tmp / "data" / "talks.json").write_text(talks_json, encoding="utf-8")
        (tmp / "data" / "meta.json").write_text(json.dumps(meta, ensure_ascii=False), "utf-8")
        (tmp / "data" / "vectors.bin").write_bytes(quantized.tobytes())
        model_bytes = 0
        if model is not None:
            shutil.copytree(HERE / "vendor", tmp / "vendor")
            (tmp / "model").mkdir()
            shutil.copy(model[0], tmp / "model" / "model.onnx")
            shutil.copy(model[1], tmp / "model" / "vocab.txt")
            model_bytes = sum(
                p.stat().st_size for d in ("model", "vendor") for p in (tmp / d).iterdir()
            )
        sw = (tmp / "sw.js").read_text(encoding="utf-8").replace("__VERSION__", version)
        (tmp / "sw.js").write_text(sw, encoding="utf-8")
        name = vocab.conference or "Conference program"
        manifest = {
            "name": f"{name} (talkbase)",
            "short_name": name[:12],
            "start_url": "./index.html",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#1f4e79",
            "icons": [{"src": "icon.svg", "sizes": "any", "type": "image/svg+xml"}],
        }
        (tmp / "manifest.webmanifest").write_text(json.dumps(manifest), encoding="utf-8")
        first = sum(p.stat().st_size for p in tmp.iterdir() if p.is_file()) + sum(
            p.stat().st_size for p in (tmp / "data").iterdir()
        )
        new = _written(tmp) | {SITE_MARK}
        (tmp / SITE_MARK).write_text(
            "".join(f"{line}\n" for line in [version, *sorted(new)]), encoding="utf-8"
        )
        kept = _kept(out, _own(out, new), new) if out.is_dir() else []
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise InputError(str(out), f"cannot write the site ({exc.strerror or exc})") from exc
    except BaseException:  # (an InputError, a Ctrl-C): tmp holds only the site's files
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _swap(tmp, out, kept)
    return SiteReport(out, len(talks), model is not None, first, model_bytes)


def _no_leftover(out: Path) -> None:
    """Refuse while a folder of an earlier export of `out` that did not finish is there:
    it may hold the owner's files (moved there before the swap), so it is never deleted."""
    for left in sorted(out.parent.glob(f".{out.name}.*")):
        if left.is_dir() and left.suffix in (".tmp", ".old"):
            raise InputError(
                str(left),
                f"is left by an export of {out} that did not finish, and may hold files of "
                f"that folder (a .git, a CNAME...): move back what you need, delete it, "
                f"then export again",
            )


def _swap(tmp: Path, out: Path, kept: list[str]) -> None:
    """`tmp` takes the place of `out`, with the files of `kept` moved over from `out`
    first; on a failure, everything is moved back where it was and `tmp` is removed."""
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old", dir=out.parent))
    old.rmdir()  # a free name, for `out` to move to
    moved: list[str] = []
    try:
        for rel in kept:
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / rel).rename(tmp / rel)
            moved.append(rel)
        if out.exists():
            out.rename(old)
        tmp.rename(out)
    except BaseException as exc:  # also a Ctrl-C or a kill's exception: never lose a file
        if old.exists() and not out.exists():
            old.rename(out)
        for rel in reversed(moved):
            (tmp / rel).rename(out / rel)
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(exc, OSError):
            raise InputError(str(out), f"cannot write the site ({exc.strerror or exc})") from exc
        raise
    shutil.rmtree(old, ignore_errors=True)  # only the previous export's own files

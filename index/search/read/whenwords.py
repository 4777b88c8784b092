"""The words of a query, and the days and times said in them.

`Words` splits a query into tokens (`_Tok`: as typed, normalised, where it stands)
and reads the limits on when a talk is: a weekday or date ("Wednesday", "Oct 21",
"day 2", "tomorrow"), a part of the day ("morning": starting before noon; "afternoon";
"evening"), a clock limit ("after 3pm", "before lunch"), a moment ("at 10:00",
"around 11am", "at noon": the talks under way then) or a range ("between 2 and
4pm"). A range that ends before it starts is said back as not understood
(`inverted_times`). Each limit is a `Chip` knowing the words it came from. Days'
words and dates: index/search/read/daywords.py; clock times: index/search/read/clockwords.py.
index/search/read/understand.py reads rooms, formats, tracks and people on top of it.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
import unicodedata
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from index.search.rank.stopwords import language_list
from index.search.read import lexicon, visitors
from index.search.read.clockwords import LEAD_INS, clock, minutes, span, standalone
from index.search.read.daywords import (
    CJK_DATE,
    DAY_NAMES,
    DAY_WORDS,
    NUMBERS,
    ORDINALS,
    RELATIVE,
    date_of,
)
from index.search.read.inflection import Inflected
from index.search.read.vocab import Vocab, norm, word_tuple
from talkbase.core import languages
from talkbase.core import when as zoned
from talkbase.core.filters import Filters
from talkbase.core.terms import HAN, UNSPACED_LETTERS, WEEKDAYS, fold
from talkbase.core.when import EARLY, LATE, PARTS_OF_DAY, SHADES_OF_DAY, TONIGHT

# Parts of the day as words (talkbase.core.when: the app's time-of-day filter means
# the same), by when a talk starts
_PARTS: dict[str, tuple[tuple[str, str], ...]] = {
    **{w: part for name, part in PARTS_OF_DAY.items() for w in (name, name + "s")},
    "tonight": TONIGHT,
    "arvo": PARTS_OF_DAY["afternoon"],
}
_EARLY_LATE = {"early": EARLY, "late": LATE}  # alone: "early sunday", "late on Sunday"
_LUNCHTIME = (("after", "12:00"), ("starts_before", "14:00"))  # "lunchtime", "during lunch"
# the limits on when a talk starts or ends that an after-limit can contradict
_UPPER = ("before", "starts_before")
_AROUND = ("at", "during", "over", "around")  # "during lunch"
# a part of the day said short right after a day: "sun pm", "sat eve", "saturday night"
# (a day's night is its evening on, however late: "tonight")
# midnight at the end of a program day (limits count its night on: "24:50", filters.py)
MIDNIGHT = "24:00"
_AFTER_A_DAY = {"am": "morning", "pm": "afternoon", "eve": "evening", "night": "tonight"}
# the English words before a clock time that limit when a talk is, and the limit each
# sets ("after 3pm", "until 10:00"): the other languages' cues say one of these
# (lexicon.TIME_CUES, read by index/search/read/timecues.py), and the offline site
# reads both (index/site/export.py `reading`)
CLOCK_CUES = {
    "after": "after",
    "from": "after",
    "since": "after",
    "before": "before",
    "until": "before",
    "till": "before",
}
# ...and before a moment: the talks under way then ("at 10:00", "around 11am")
MOMENT_CUES = ("at", "around")
# the words that open a range of clock times, and those between its two times
# ("between 2 and 4pm", "from 10:00 to 12:00")
RANGE_JOINS = {"between": ("and", "to", "-"), "from": ("to", "-", "until", "till")}
_DONE = ("done", "finished", "over", "ending", "ends", "end", "wrapped", "out")  # "done by 12"

# In a question longer than this, quotes are quotation rather than a requirement and
# names are limits only after "by"/"from": long questions cite.
LONG_WORDS = 12


@dataclass(frozen=True)
class Chip:
    """One limit read from the query, e.g. Chip("day", "Wed", "Wednesday")."""

    # a Filters field, or "phrase" / "exclude" / "unclear" / "absent" (words read as no limit)
    field: str
    value: str
    label: str
    source: str = ""  # the words of the query it came from
    start: int = -1  # where those words stand in the query (character offsets)
    end: int = -1
    # values the same words set besides `field` ("9-11": after 09:00 and before 11:00)
    more: tuple[tuple[str, str], ...] = ()


WHEN_FIELDS = ("day", "after", "before", "starts_before", "at")  # the chips of a day or a time


@dataclass
class _Tok:
    text: str  # as typed
    low: str  # normalised, punctuation and possessive stripped
    start: int
    end: int
    possessive: bool = False
    used: bool = False
    words: tuple[str, ...] = ()


_FORMAT_CHARS = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")


@functools.cache
def _full_names(code: str) -> frozenset[str]:
    """`code`'s weekdays named in full (CLDR's wide names, folded as a query's words)."""
    return frozenset(norm(w) for w in languages.weekday_names(code))


def _in_full(word: str, spoken: Collection[str]) -> bool:
    """Whether `word` names a weekday in full in a language of `spoken`, however short
    it is (Amharic "ሰኞ", Japanese "月曜日"): a day said, never a short form of one."""
    return any(word in _full_names(code) for code in spoken)


def named_in_full(word: str, spoken: Collection[str]) -> bool:
    """Whether the weekday word `word` (`DAY_WORDS`, `Vocab.day_words`) names its day in
    full, English's or a language's of `spoken` (the talks'), which a program without
    talks on that day says back ("Saturday", "в субботу", "ሰኞ"); not a short form
    ("sat", "dom")."""
    return word in DAY_NAMES or (
        word not in DAY_WORDS and (len(word) > 3 or _in_full(word, spoken))
    )


def misspelt_day(word: str, vocab: Vocab) -> int | None:
    """The weekday whose full name (English's, or of a language of the program) `word`
    misspells by a slip of the fingers: two letters next to each other swapped
    ("firday", "thrusday") or one letter typed twice ("sabbato", "fridday"); None for a
    word the base holds or a name, or one that slips into two days. Not one letter for
    another, nor one left out: "sundae", "tours", "lines", "domino" are words, one
    such edit from "sunday", "thurs", "lunes", "domingo". The day reader asks only
    where a cue or a time of day stands by ("on firday")."""
    if len(word) < 5 or not word.isalpha() or word in vocab.words or word in vocab.names_words:
        return None
    names = {w: i for i, w in enumerate(WEEKDAYS)}
    names.update((w, d) for w, d in vocab.day_words.items() if len(w) >= 5 and w.isalpha())
    near = {d for w, d in names.items() if _slipped(word, w)}
    return near.pop() if len(near) == 1 else None


def short_day_company(vocab: Vocab, code: str) -> frozenset[str]:
    """The words that may stand beside a weekday said short in the language `code`
    (`Vocab.short_days`) for it to be a day (`Words.short_day`; the offline site reads
    them too): the language's function words ("na", "de", "exceto", "sobre": its
    stop-words list) and the first words of the cues said after a limit ("excluída")."""
    said_after = lexicon.leave_out(vocab.spoken, vocab.asked_in).after
    return language_list(code) | {c[0] for c in said_after}


def _slipped(typed: str, name: str) -> bool:
    """Whether `typed` is `name` with two neighbouring letters swapped or a letter doubled."""
    if len(typed) == len(name):
        diff = [k for k in range(len(name)) if typed[k] != name[k]]
        return (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and typed[diff[0]] == name[diff[1]]
            and typed[diff[1]] == name[diff[0]]
        )
    if len(typed) == len(name) + 1:
        return any(
            typed[k] == typed[k - 1] and typed[:k] + typed[k + 1 :] == name
            for k in range(1, len(typed))
        )
    return False


# The runs a text with no spaces between its words is read in: Japanese writes its
# words' stems in Chinese characters and their endings and particles in hiragana, its
# loanwords in katakana ("土曜の午前のセキュリティ" is "土曜", "の", "午前", "の",
# "セキュリティ"); a change of script inside a run of non-spaces is a word's edge there
# (a clock time after the word stays whole: "周日15:00" is "周日", "15:00"); a date
# written with its characters is one word ("11月15日": daywords.CJK_DATE)
_SCRIPT_RUN = re.compile(
    rf"{CJK_DATE.pattern}|[\u3040-\u309f]+|"
    r"(?:[\u30a0-\u30ff\uff66-\uff9f]+|[\u3400-\u9fff\uf900-\ufaff]+)"
    r"(?:[A-Za-z0-9]+(?![:.]?\d))?|[^\s\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]+"
)


def _runs(query: str) -> Iterator[re.Match[str]]:
    """The query's runs of non-spaces, a run cut where its script changes between
    Chinese characters, hiragana and katakana (or from them to another script:
    "ホールAで午後" is "ホールA", "で", "午後": a Latin letter or digit stays with the
    word it ends)."""
    for m in re.finditer(r"\S+", query):
        raw = m.group()
        if raw.isascii() or not _ASIAN.search(raw):
            yield m
            continue
        yield from _SCRIPT_RUN.finditer(query, m.start(), m.end())


_ASIAN = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_HAN = re.compile(f"[{HAN}]+")
_UNSPACED = re.compile(f"[{UNSPACED_LETTERS}]")


def _cut_before_cues(
    query: str, spans: list[tuple[int, int]], cues: Collection[tuple[str, ...]]
) -> list[tuple[int, int]]:
    """The runs `spans` of `query`, a run of Chinese characters that ends in the first
    word of a cue said after a limit (`cues`: lexicon.LeaveOut.after, folded), its
    other words said right after it, cut before that word: "土曜日以外" is "土曜日",
    "以外" (Chinese characters run on from one word into the next)."""
    heads = [c for c in cues if _HAN.fullmatch(c[0])]
    if not heads:
        return spans
    out: list[tuple[int, int]] = []
    for k, (a, b) in enumerate(spans):
        raw = query[a:b]
        rest = [norm(query[x:y]) for x, y in spans[k + 1 : k + 4]]
        for cue in heads:
            head, more = cue[0], list(cue[1:])
            if len(raw) > len(head) and raw.endswith(head) and rest[: len(more)] == more:
                out += [(a, b - len(head)), (b - len(head), b)]
                break
        else:
            out.append((a, b))
    return out


_KANA = re.compile("[\u3040-\u30ff\uff66-\uff9f]")


def _cut_at_known(
    query: str,
    spans: list[tuple[int, int]],
    known: Collection[str],
    particles: Collection[str],
    inside: tuple[str, Collection[str]] = ("", ()),
) -> list[tuple[int, int]]:
    """The runs `spans` of `query`, a run of letters written without spaces (Chinese
    characters, Thai...: terms.UNSPACED) cut at the words of `known` in it (folded, two
    letters or more: a language's words that `lexicon.CUT_IN_RUNS` holds, which never
    changes script between words), the longest first from its start, and a particle
    (`particles`: "的") cut off beside such a word; the rest kept whole
    ("周六上午的人工智能演讲" is "周六", "上午", "的", "人工智能", "演讲";
    "ปัญญาประดิษฐ์วันอาทิตย์" is "ปัญญาประดิษฐ์", "วันอาทิตย์"). A word is matched folded,
    as the run's letters fold one by one (a Thai tone mark folds away, and goes with
    the letter before it), and never ends before a mark of the letter it ends on (a
    Thai vowel sign: no word cut out of a syllable); a weekday or part of the day
    that ends inside a longer word of the base's own text (`inside`: "周日" of
    "周日志分析", where talks say "日志") is not cut at."""
    if not known:
        return spans
    longest = max(map(len, known))
    out: list[tuple[int, int]] = []
    for a, b in spans:
        raw = query[a:b]
        if not _UNSPACED.search(raw):
            out.append((a, b))
            continue
        low, at = _folded(raw)  # at[j]: where the letter folded to low[j] stands in raw
        pieces: list[tuple[int, int, bool]] = []  # (from, to, a known word), in low
        p = rest = 0
        while p < len(low):
            n = next(
                (
                    n
                    for n in range(min(longest, len(low) - p), 1, -1)
                    if low[p : p + n] in known
                    and not (p + n < len(low) and unicodedata.category(low[p + n])[0] == "M")
                ),
                0,
            )
            if not n or _inside_a_word(low, p, n, known, particles, inside):
                p += 1
                continue
            if rest < p:
                pieces.append((rest, p, False))
            pieces.append((p, p + n, True))
            p = rest = p + n
        if rest < len(low):
            pieces.append((rest, len(low), False))
        ends = [*at, len(raw)]
        for k, (x, y, word) in enumerate(pieces):
            if word:
                out.append((a + ends[x], a + ends[y]))
                continue
            head = k > 0 and y - x > 1 and low[x] in particles  # ("的" of "的数据库")
            tail = k + 1 < len(pieces) and y - x > 1 and low[y - 1] in particles
            cuts = sorted({x, y, *([x + 1] if head else []), *([y - 1] if tail else [])})
            out += [(a + ends[c], a + ends[d]) for c, d in itertools.pairwise(cuts) if c < d]
    return out


def _inside_a_word(
    low: str,
    p: int,
    n: int,
    known: Collection[str],
    particles: Collection[str],
    inside: tuple[str, Collection[str]],
) -> bool:
    """Whether the known word low[p:p+n] of a run, a weekday or part of the day
    (`inside`: the base's text and those words), ends inside a longer word the base's
    own text says: its last character and the next one are written together there
    other than after it ("日志" of "周日志分析": weekly log analysis, no Sunday), and
    no known word nor particle starts right after it ("周日上午", "周日的日志"). (A
    track's or room's name is the base's own word: always cut at.)"""
    text, loose = inside
    nxt = low[p + n : p + n + 1]
    if low[p : p + n] not in loose or not _HAN.fullmatch(nxt) or nxt in particles:
        return False
    if any(low.startswith(w, p + n) for w in known):
        return False
    return low[p + n - 1 : p + n + 1] in text.replace(low[p : p + n + 1], " ")


def ends_inside(v: Vocab) -> dict[str, str]:
    """Each weekday or part of the day of `Vocab.run_text` -> the characters after it
    that make it end inside a longer word of the base's own text, as `_inside_a_word`
    reads a run (no particle; "周日" -> "志", where talks say "日志"): a reader that
    cuts runs elsewhere (the offline site) checks only that no known word starts
    after it. Empty where no run is cut."""
    text, loose = v.run_text
    particles = v.run_words[1]
    out: dict[str, str] = {}
    for w in sorted(loose):
        after = {text[k + 1] for k in range(len(text) - 1) if text[k] == w[-1]}
        inside = (text, loose)
        chars = [c for c in after if _inside_a_word(w + c, 0, len(w), (), particles, inside)]
        if chars:
            out[w] = "".join(sorted(chars))
    return out


def _folded(raw: str) -> tuple[str, list[int]]:
    """`raw` folded letter by letter (`norm`), and where each folded letter stands in
    `raw` (a letter that folds to nothing, a Thai tone mark, stays with the one before)."""
    low: list[str] = []
    at: list[int] = []
    for k, ch in enumerate(raw):
        for c in norm(ch):
            low.append(c)
            at.append(k)
    return "".join(low), at


def _tokens(
    query: str,
    cues: Collection[tuple[str, ...]] = (),
    known: tuple[Collection[str], Collection[str]] = ((), ()),
    inside: tuple[str, Collection[str]] = ("", ()),
) -> list[_Tok]:
    out = []
    spans = _cut_before_cues(query, [m.span() for m in _runs(query)], cues)
    if not _KANA.search(query):  # (Japanese, which cuts its runs where its script changes)
        spans = _cut_at_known(query, spans, *known, inside)
    for a, b in spans:
        raw = query[a:b]
        # (a zero-width space or a direction mark inside a word is no part of it)
        low = norm(_FORMAT_CHARS.sub("", raw)).strip('?!,;:()[]{}"“”')
        low = low.rstrip(".") if not re.fullmatch(r"[a-z]{3}\.", low) else low
        possessive = False
        for suffix in ("'s", "’s", "s'", "’"):
            if low.endswith(suffix) and len(low) > len(suffix) + 1:
                low, possessive = low[: -len(suffix)] + ("s" if suffix == "s'" else ""), True
                break
        out.append(_Tok(raw, low, a, b, possessive, words=word_tuple(low)))
    return out


def _postpositions_off(toks: list[_Tok], v: Vocab) -> list[_Tok]:
    """The tokens, one that ends in a postposition its language glues to the word
    before (`lexicon.POSTPOSITIONS`: "토요일에", "101호에서", "영어로") read as that word
    where it is one the base or the reader knows (a weekday, a part of the day, a
    room, a language, a track's, a speaker's or a talk's word) and the whole is none;
    the chip of a limit read from it shows the whole as typed."""
    ends = lexicon.postpositions(v.asked_in)
    if not ends:
        return toks

    nouns = lexicon.day_nouns(v.asked_in)  # ("첫째 날에", "첫날에", "2일차에")
    ordinals = lexicon.day_ordinals(v.asked_in)

    def a_day(w: str) -> bool:
        noun = next((n for n in nouns if w.endswith(n)), "")
        first = w[: len(w) - len(noun)]
        return bool(noun) and (not first or first.isdigit() or first in ordinals)

    def known(w: str) -> bool:
        return (
            a_day(w)
            or w in v.day_words
            or w in v.part_words
            or (w,) in v.rooms
            or (w,) in v.languages
            or w in v.words
            or w in v.name_words
            or w in v.language_said
            or w in lexicon.time_cues_after(v.asked_in)  # ("이후에")
            or any(w in words for words in v.tracks.values())
        )

    out = []
    for t in toks:
        end = next((e for e in ends if t.low.endswith(e) and len(t.low) > len(e)), "")
        if end and not known(t.low) and known(stem := t.low[: -len(end)]):
            raw = t.text[: len(t.text) - len(unicodedata.normalize("NFC", end))]
            said = dataclasses.replace(t, text=raw, low=stem, words=word_tuple(stem))
            t = dataclasses.replace(said, possessive=end == fold("의"))  # ("김민준의")
        out.append(t)
    return out


_FIRSTS: dict[int, tuple[dict[tuple[str, ...], str], frozenset[str]]] = {}


def _firsts(table: dict[tuple[str, ...], str]) -> frozenset[str]:
    """The first words of a table's keys (remembered per table)."""
    found = _FIRSTS.get(id(table))
    if found is None or found[0] is not table or len(_FIRSTS) > 64:
        if len(_FIRSTS) > 64:
            _FIRSTS.clear()
        found = _FIRSTS[id(table)] = (table, frozenset(k[0] for k in table if k))
    return found[1]


def match_seq(
    tokens: list[_Tok],
    i: int,
    table: dict[tuple[str, ...], str],
    longest: int = 6,
    forms: Mapping[str, str] | None = None,
) -> tuple[str, int] | None:
    """The longest run of free tokens from i that is a key of `table`; with `forms` (a
    word -> the word of a key it is a form of: `Vocab.name_forms`), also a run whose
    words are forms of a key's, one by one ("в Залі Б" of "Зала Б", "Ірини Коваленко"
    of "Ірина Коваленко"), where none is the key itself."""
    if not table or not tokens[i].words:
        return None
    first = tokens[i].words[0]
    firsts = _firsts(table)
    shared = forms if isinstance(forms, Inflected) else None  # ("Jana": two names' form)
    if first not in firsts and (forms is None or forms.get(first, first) not in firsts):
        if shared is None or not any(f in firsts for f in shared.forms_of(first)):
            return None
    for n in range(min(longest, len(tokens) - i), 0, -1):
        run = tokens[i : i + n]
        if any(t.used for t in run):
            continue
        key = tuple(w for t in run for w in t.words)
        if key in table:
            return table[key], n
        if forms is not None and (base := tuple(forms.get(w, w) for w in key)) in table:
            return table[base], n
        if shared is not None and 2 <= len(key) <= 3:  # ("Jana Nováka": Jan Novák)
            said = {
                table[k]
                for k in itertools.product(*((w, *shared.forms_of(w)) for w in key))
                if k in table
            }
            if len(said) == 1:
                return said.pop(), n
    return None


def _real_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


class Words:
    """A query's tokens, the chips read from them so far and the values they set;
    the day and time readers (index/search/read/understand.py adds the others)."""

    def __init__(self, query: str, vocab: Vocab) -> None:
        self.query, self.vocab = query, vocab
        after = lexicon.leave_out(vocab.spoken, vocab.asked_in).after
        self.toks = _postpositions_off(
            _tokens(query, after, vocab.run_words, vocab.run_text), vocab
        )
        self.chips: list[Chip] = []
        self.values: dict[str, str] = {}
        self.speakers: list[str] = []
        self.tracks: list[str] = []  # the tracks one name stands for, when several
        self.tracks_not: list[str] = []  # tracks left out ("not in the Go devroom")
        # rooms said as any of them: a building's ("building K"), a list ("room 2 or 3")
        self.rooms: list[str] = []
        # the rooms of a building named, by its chip's span (index/search/read/roomlists.py)
        self.building_rooms: dict[tuple[int, int], tuple[str, ...]] = {}
        self.days: list[str] = []  # days joined by "and"/"or" ("sat and sun")
        self.orgs: list[str] = []
        self.left_out: list[Filters] = []  # limits said to be left out ("not on Saturday")
        self.excluded: list[str] = []  # words a matching talk holds none of ("-rust")
        self.cues: list[Any] = []  # where the query says to leave out (negation.Cue)
        self.parted: set[str] = set()  # the values a part of the day set (`_narrows`)
        self.long = len(query.split()) > LONG_WORDS

    def take(self, i: int, n: int, fld: str, value: str, label: str, cue: int = 0) -> None:
        first, last = self.toks[i - cue], self.toks[i + n - 1]
        for t in self.toks[i - cue : i + n]:
            t.used = True
        self.chips.append(
            Chip(fld, value, label, self.query[first.start : last.end], first.start, last.end)
        )
        if fld == "speaker":
            self.speakers.append(value)
        elif fld == "org":
            self.orgs.append(value)
        elif fld not in self.values or self._narrows(fld, value):
            self.values[fld] = value  # (a time said beside a part of the day narrows it)
            self.parted.discard(fld)

    def _narrows(self, fld: str, value: str) -> bool:
        """Whether `value`, said for `fld`, narrows the window a part of the day set
        ("afternoon after 2pm": from 14:00, not 12:00)."""
        if fld not in self.parted:
            return False
        if fld == "after":
            return value > self.values[fld]
        return fld in ("before", "starts_before") and value < self.values[fld]

    def _part(
        self, i: int, n: int, limits: tuple[tuple[str, str], ...], name: str, cue: int
    ) -> None:
        """A part of the day as one chip: where it begins, and where it ends set too."""
        (fld, at), *rest = limits
        had = {f for f, _ in limits if f in self.values}  # (said before it: they stay)
        self.take(i, n, fld, at, name, cue)
        for more, value in rest:
            self.also(more, value)
        self.parted |= {f for f, _ in limits} - had

    def a_day(self, word: str) -> bool:
        """Whether `word` names a weekday, in English or in a language of the talks."""
        return word in DAY_WORDS or word in self.vocab.day_words

    def short_day(self, i: int, cue: int = 0) -> int | None:
        """The weekday token `i` says short (`Vocab.short_days`: "sexta" of "sexta-feira")
        where it stands as a day, not as the word it is too ("segunda": second; "quarta
        revolução": fourth): no word before it but a cue, a function word of its language
        ("na", "de", "exceto": the stop-words list) or a day, and none after it but such
        a word, a cue said after a limit ("excluída"), a day, a part of the day or a
        clock time ("na sexta", "sexta à tarde", "quarta 14h", "exceto sexta", "sexta"
        alone); None elsewhere."""
        found = self.vocab.short_days.get(self.low(i))
        if found is None:
            return None
        day, code = found
        function_words = short_day_company(self.vocab, code)

        def day_like(j: int) -> bool:
            w = self.low(j)
            return self.a_day(w) or w in self.vocab.short_days

        def fits(j: int) -> bool:  # (token j, beside it: none, or a word said by a day)
            w = self.low(j)
            if not w or w in function_words or day_like(j) or not self.free(j):
                return True
            return j > i and (self._when_next(i) or self._a_plain_time(j))

        return day if (cue or fits(i - 1)) and fits(i + 1) else None

    def _when_next(self, i: int) -> bool:
        """Whether the word after `i` says a time of day ("pomeriggio", "morning",
        "after"): what makes a misspelt day name a day rather than a word ("bike lanes"
        is no "lunes")."""
        w = self.low(i + 1)
        part = _PARTS.get(w) or self.vocab.part_words.get(w)
        return bool(part) or w in ("after", "before", "at", "from", "until", "between")

    def _by_a_day(self, i: int) -> bool:
        """Whether a day's name or an article stands next to token `i` ("dimanche
        matin", "matin du dimanche", "am Abend", "por la tarde", "in de ochtend")."""
        before, after = self.low(i - 1), self.low(i + 1)
        if self.a_day(before) or self.a_day(after) or (before and self._said_day(i - 1)):
            return True
        return before in lexicon.place_words(self.vocab.asked_in)

    def _foreign_alone(self, i: int, cue: int = 0) -> bool:
        """Whether token `i` is a weekday or part of the day of a language no talk is in
        (`Vocab.foreign_words`) with nothing by it or in the query to say it is one: no
        day or part of the day beside it, no article of its language before it ("el
        domingo"), no clock time beside it (for a day: in the query), no cue before it,
        no other word of its language (`visitors.evidence`: "talk su Rust domenica",
        "python ce soir" say one; "placido domingo", "the tarde project" none)."""
        w = self.low(i)
        code = self.vocab.foreign_words.get(w)
        if code is None or cue:
            return False
        beside = {self.low(i - 1), self.low(i + 1)} - {w}  # ("que sera sera": the same word)
        if any(self.a_day(x) or x in self.vocab.part_words or x in _PARTS for x in beside):
            return False
        if self.low(i - 1) in lexicon.own_words(code):
            return False
        if self._a_plain_time(i + 1) or self._a_plain_time(i - 1):
            return False
        if w in self.vocab.day_words and any(map(self._a_plain_time, range(len(self.toks)))):
            return False  # "dimanche à 15h": a day and a time
        return visitors.evidence(code, self.query, self.vocab, {w}) == 0

    def _a_plain_time(self, j: int) -> bool:
        """Whether token `j` starts a clock time that is no bare number ("15h", "3pm",
        "14 Uhr")."""
        found = clock(self.toks, j) if 0 <= j < len(self.toks) else None
        if found is None or found[2]:
            return False
        unit = self.low(j + 1) in lexicon.clock_after(self.vocab.asked_in)
        return not self.low(j).isdigit() or unit

    def _said_day(self, j: int) -> bool:
        """Whether token `j` was read as a day already."""
        t = self.toks[j]
        return any(c.field == "day" and c.start <= t.start < c.end for c in self.chips)

    def _day_and_part(self, word: str) -> tuple[int, str] | None:
        """A weekday and a part of the day written as one word, as German and Dutch
        write them ("sonntagnachmittag", "zaterdagochtend", "saturday-evening"):
        (weekday, part), or None."""
        v = self.vocab
        for cut in range(3, len(word) - 3):
            head, tail = word[:cut], word[cut:].removeprefix("-")  # "saturday-evening"
            d = DAY_WORDS.get(head, v.day_words.get(head))
            part = v.part_words.get(tail) or (tail if tail in PARTS_OF_DAY else None)
            if d is not None and part in PARTS_OF_DAY:
                return d, part
        return None

    def also(self, fld: str, value: str) -> None:
        """The last chip taken sets `fld` to `value` too ("9-11": before 11:00)."""
        last = self.chips[-1]
        self.chips[-1] = dataclasses.replace(last, more=(*last.more, (fld, value)))
        self.values[fld] = value

    def free(self, i: int) -> bool:
        return 0 <= i < len(self.toks) and not self.toks[i].used

    def low(self, i: int) -> str:
        return self.toks[i].low if 0 <= i < len(self.toks) else ""

    # each reader tries to read a limit at token i; returns True when it took tokens
    def _ordinal_after(self, i: int) -> tuple[int, int]:
        """The ordinal said at token `i`, after the day's noun, in a language that says
        it so (`lexicon.ORDINAL_AFTER_NOUN`: "اليوم الأول", "hari kedua"), in one word
        or two ("ngày thứ hai"): (the ordinal, the tokens from the noun on), (0, 0) for
        none. Not where its words name a weekday the program has talks on (Vietnamese
        "thứ hai" is Monday too: "ngày thứ hai" is Monday's in a program with talks on
        a Monday, its second day in one without)."""
        ordinals = lexicon.day_ordinals(self.vocab.spoken, after=True)
        for n in (2, 1):
            if not all(self.free(j) for j in range(i, i + n)):
                continue
            found = ordinals.get(" ".join(self.low(j) for j in range(i, i + n)), 0)
            weekday = self.vocab.day_words.get(" ".join(self.low(j) for j in range(i, i + n)))
            if weekday is not None and weekday in {d.weekday() for d in self.vocab.days}:
                return 0, 0
            if found:
                return found, n + 1
        return 0, 0

    def _day_of_two(self, i: int) -> tuple[int, int] | None:
        """(weekday, tokens) of a weekday CLDR names in two words, the shared word
        first (Hebrew "יום ראשון": Sunday), or of one word, after a prefix of the
        talks' language glued to it (`lexicon.DAY_PREFIXES`: "ביום ראשון": on
        Sunday; "בשבת": on Saturday)."""
        w, v = self.low(i), self.vocab
        prefixes = lexicon.day_prefixes(v.spoken)
        firsts = [w, *(w[len(p) :] for p in prefixes if w.startswith(p) and len(w) > len(p))]
        if self.free(i + 1):
            for first in firsts:
                d = v.day_words.get(f"{first} {self.low(i + 1)}")
                if d is not None:
                    return d, 2
        d = next((v.day_words[f] for f in firsts[1:] if f in v.day_words), None)
        return None if d is None else (d, 1)

    def ordinal_day(self, i: int) -> tuple[int, int, str] | None:
        """(n, tokens, how a number said it) of the program's n-th day said at `i` (-1:
        its last), from the one lexicon (lexicon.DAY_NOUNS, DAY_ORDINALS): the noun and
        a number after it ("day 2", "giorno 2": "after"), an ordinal and the noun after
        it ("first day", "ikinci gün", "둘째 날"; "2. gün", written with the ordinal dot:
        "before"), the two glued ("第一天", "첫날"; "2일차" in the languages of
        lexicon.NUMBER_GLUED), or the noun and an ordinal after it in the languages of
        lexicon.ORDINAL_AFTER_NOUN ("اليوم الأول", "ביום השני": a prefix of the talks'
        language glued to the noun, lexicon.DAY_PREFIXES); "" where no number said it."""
        v, w, after = self.vocab, self.low(i), self.low(i + 1)
        nouns = lexicon.day_nouns(v.spoken)
        theirs = lexicon.day_ordinals(v.spoken)  # (an inflected form too: "τρίτης")

        def ordinal(word: str) -> int | None:  # ("first" over "primo")
            return ORDINALS[word] if word in ORDINALS else theirs.get(word)

        if w in nouns and self.free(i + 1) and (after.isdigit() or after in NUMBERS):
            return (int(after) if after.isdigit() else NUMBERS[after]), 2, "after"
        # (the noun in another form too: Greek "τρίτης μέρας", of the third day)
        noun_after = after in nouns or after in lexicon.day_noun_forms(v.spoken)
        if noun_after and self.free(i + 1):
            if (n := ordinal(w)) is not None:
                return n, 2, ""
            if w.isdigit() and self.toks[i].text.endswith("."):  # ("2. gün", "2. Tag")
                return int(w), 2, "before"
        for noun in sorted(nouns, key=len, reverse=True):  # glued: "第一天", "2일차"
            head = w[: -len(noun)] if w.endswith(noun) else ""
            if head and (n := ordinal(head)) is not None:
                return n, 1, ""
            if head.isdigit() and noun in lexicon.day_nouns(v.spoken, glued_number=True):
                return int(head), 1, "before"
        prefixes = lexicon.day_prefixes(v.spoken)  # ("ביום": on the day)
        bare = [w, *(w[len(p) :] for p in prefixes if w.startswith(p))]
        if any(b in nouns for b in bare) and self.free(i + 1):
            n, k = self._ordinal_after(i + 1)  # (in two words too: "ngày thứ hai")
            if n:
                return n, k, ""
        return None

    def day(self, i: int) -> bool:
        v, w = self.vocab, self.low(i)
        # (and a word before a place or day of a language of the talks: "på torsdag", "у
        # петак", "sa Huwebes"; not English's "in", "the": lexicon.PLACE_WORDS)
        on = {fold(w) for w in lexicon.place_words(v.spoken) - lexicon.PLACE_CUES}
        said_on = self.low(i - 1) in ("on", "this", "next") or self.low(i - 1) in on
        cue = 1 if self.free(i - 1) and said_on else 0
        if w in RELATIVE and v.days:  # "today", "tomorrow": by the conference's date
            when = zoned.today(v.timezone) + timedelta(days=RELATIVE[w])
            if when in v.days:
                self.take(i, 1, "day", when.isoformat(), f"{w} ({when:%a %d %b})", cue)
            else:  # said back, and no word of the topic: no talk is about "tomorrow"
                self.absent(i, 1, cue, f"{w} ({when:%a %d %b})", "days")
                self.toks[i].used = True
            return True
        # "day 2", "first day", "第一天", "היום הראשון"; before a weekday of that name
        # (Greek "τρίτη μέρα" is the third day, "Τρίτη" alone Tuesday)
        ordinal = self.ordinal_day(i)
        if ordinal is not None:
            n, k, numbered = ordinal
            if v.days and -1 <= n <= len(v.days) and n != 0:
                day = v.days[n if n < 0 else n - 1]
                typed = " ".join(
                    t.text.lower().strip('?!,;:()[]{}"“”.') for t in self.toks[i : i + k]
                )
                label = (
                    f"{w} {n}" if numbered == "after" else typed if k >= 2 else self.toks[i].text
                )
                self.take(i, k, "day", day.isoformat(), label, cue)  # ("первый день", as typed)
                return True
            if n >= 1 and v.days:  # "day 9", "third day" of a program of two days
                self.absent(i, k, cue, f"on day {n}", "days")
                return True
        paired = self._day_of_two(i)  # "יום ראשון", "ביום ראשון": Sunday
        if paired is not None and paired[0] in v.weekdays():
            name = WEEKDAYS[paired[0]]
            self.take(i, paired[1], "day", name[:3].title(), name.title(), cue)
            return True
        if paired is not None and v.days:  # "בשבת" where no talk is on a Saturday
            self.absent(i, paired[1], cue, f"on {WEEKDAYS[paired[0]].title()}", "days")
            return True
        d = DAY_WORDS.get(w, v.day_words.get(w))  # "saturday", "sabato"
        if d is not None and w not in DAY_WORDS and self._foreign_alone(i, cue):
            d = None  # "placido domingo": a name, said in no other word of Spanish
        if d is None:  # "na sexta", "sexta à tarde"; not "quarta revolução industrial"
            d = self.short_day(i, cue)
        if d is None and (cue or self._when_next(i)):  # "on firday", "sabbato pomeriggio"
            d = misspelt_day(w, v)
        if d is not None and d in v.weekdays():
            self.take(i, 1, "day", WEEKDAYS[d][:3].title(), WEEKDAYS[d].title(), cue)
            return True
        joined = self._day_and_part(w)  # "sonntagnachmittag": both in one word
        if joined is not None and joined[0] in v.weekdays():
            d, part = joined
            self.take(i, 1, "day", WEEKDAYS[d][:3].title(), WEEKDAYS[d].title(), cue)
            self._part(i, 1, PARTS_OF_DAY[part], part, 0)
            return True
        # a weekday the program has no talks on, named in full in English or a language
        # of the program ("Saturday", "в субботу", "ሰኞ", "月曜日"; not a short form: "sat",
        # "dom")
        if v.days and d is not None and named_in_full(w, v.spoken):
            # (said back with the word for "on" of a language of the talks: "в субботу")
            said_on = self.free(i - 1) and self.low(i - 1) in lexicon.function_words(v.spoken)
            self.absent(i, 1, cue or int(said_on), f"on {WEEKDAYS[d].title()}", "days")
            return True
        for n, found in ((1, self._date(w, "")), (2, self._date(w, self.low(i + 1)))):
            if found and found in v.days and all(self.free(j) for j in range(i, i + n)):
                if n == 1 and self.low(i + 1) and self._date(w, self.low(i + 1)):
                    continue
                self.take(i, n, "day", found.isoformat(), f"{found:%a %d %b}", cue)
                return True
        for n in (2, 1):  # a date the program has no talks on ("5 Feb", "2024-02-05")
            found = self._date(w, self.low(i + 1) if n == 2 else "")
            if found and v.days and all(self.free(j) for j in range(i, i + n)):
                self.absent(i, n, cue, f"on {found:%a %d %b}", "days")
                return True
        slashed = re.fullmatch(r"(\d{1,2})/(\d{1,2})", w)
        if slashed and cue and v.days and not self.low(i + 1):  # "on 1/2", said last
            x, y = int(slashed.group(1)), int(slashed.group(2))
            year = v.days[0].year
            readings = [d for d in (_real_date(year, y, x), _real_date(year, x, y)) if d]
            held = [d for d in readings if d in v.days]
            if len(held) > 1:  # both are days of the program: said back, never guessed
                said = self.query[self.toks[i - cue].start : self.toks[i].end]
                label = (
                    f"not understood: “{said}” (it could be {held[0]:%a %d %b} or "
                    f"{held[1]:%a %d %b}: write the month)"
                )
                self.chips.append(
                    Chip("unclear", said, label, said, self.toks[i - cue].start, self.toks[i].end)
                )
                for t in self.toks[i - cue : i + 1]:
                    t.used = True
                return True
            if readings and not held:
                self.absent(i, 1, cue, "on " + " or ".join(f"{d:%d %b}" for d in readings), "days")
                return True
        return False

    def absent(self, i: int, n: int, cue: int, what: str, kind: str) -> None:
        """Words naming a day (or room) the program does not hold: read as no limit and
        said back ("no talks on Wednesday at FOSDEM 2024: showing all days"). They stay
        words of the topic (a talk may be about "Friday"), unless they are all of it
        (`Understood.said_back_only`)."""
        first, last = self.toks[i - cue], self.toks[i + n - 1]
        at = f" at {self.vocab.conference}" if self.vocab.conference else ""
        source = self.query[first.start : last.end]
        label = f"no talks {what}{at}: showing all {kind}"
        self.chips.append(Chip("absent", source, label, source, first.start, last.end))

    def _date(self, a: str, b: str) -> date | None:
        return date_of(a, b, self.vocab.days, self.vocab.month_words)

    def time(self, i: int) -> bool:
        if not self.vocab.timed:
            return False
        w = self.low(i)
        cue = 1 if self.free(i - 1) and self.low(i - 1) in ("in", "this", "the") else 0
        if cue and self.low(i - 1) == "the" and self.free(i - 2) and self.low(i - 2) == "in":
            cue = 2
        gap = int(self.low(i + 1) == "at" and self.free(i + 1))  # "late at night"
        part_word = self.low(i + 1 + gap).rstrip("s")
        shade = SHADES_OF_DAY.get((w, part_word))
        if shade and self.free(i + 1 + gap):  # "late afternoon": one chip per limit
            for fld, at in shade:
                bound = "before" if fld == "starts_before" else fld
                label = f"{w} {part_word}" + f" ({bound} {at})" * (len(shade) > 1)
                self.take(i, 2 + gap, fld, at, label, cue)
            return True
        if w in _EARLY_LATE and self._said_alone(i):
            fld, at = _EARLY_LATE[w]
            self.take(i, 1, fld, at, f"{w} ({'before' if w == 'early' else 'after'} {at})")
            return True
        if w == "lunchtime" or (w in _AROUND and self.low(i + 1) in ("lunch", "lunchtime")):
            n = 1 + int(w != "lunchtime")
            for fld, at in _LUNCHTIME:
                self.take(i, n, fld, at, "lunchtime" + f" ({fld.split('_')[-1]} {at})")
            return True
        if w in _AFTER_A_DAY and (self.a_day(self.low(i - 1)) or self.low(i - 1) in RELATIVE):
            self._part(i, 1, _PARTS[_AFTER_A_DAY[w]], _AFTER_A_DAY[w], 0)
            return True
        if w == "first" and self.low(i + 1) == "thing" and self.free(i + 1):  # "first thing"
            self.take(i, 2, *EARLY, f"first thing (before {EARLY[1]})")
            return True
        if w == "by" and self.free(i + 1) and self.low(i - 1) in _DONE:  # "done by 12"
            hm = clock(self.toks, i + 1)
            if hm:
                lead = int(self.free(i - 1))
                self.take(i, 1 + hm[1], "before", hm[0], f"before {hm[0]}", lead)
                return True
        for n in (3, 2):  # a part of the day in words: "אחר הצהריים", "بعد از ظهر"
            said = " ".join(self.low(j) for j in range(i, i + n))
            several = self.vocab.part_words.get(said)
            if several in PARTS_OF_DAY and all(self.free(j) for j in range(i + 1, i + n)):
                self._part(i, n, PARTS_OF_DAY[several], several, cue)
                return True
        part = _PARTS.get(w) or PARTS_OF_DAY.get(self.vocab.part_words.get(w, ""))
        if part is not None and w in self.vocab.ambiguous_parts and not self._by_a_day(i):
            part = None  # "Energiesysteme von morgen": tomorrow's, not the morning
        if part is not None and w not in _PARTS and self._foreign_alone(i):
            part = None  # "blood sera analysis": "sera" is English too
        if part is not None:  # "afternoon", "sera"
            self._part(i, 1, part, self.vocab.part_words.get(w) or w.rstrip("s"), cue)
            when = zoned.today(self.vocab.timezone)  # "this afternoon" at the conference: today's
            if (w == "tonight" or self.low(i - cue) == "this") and when in self.vocab.days:
                self.take(i, 1, "day", when.isoformat(), f"today ({when:%a %d %b})", cue)
            return True
        if w in RANGE_JOINS and self.time_range(i):
            return True
        lead = self._lead_in(i)  # "starting at 10:00"
        if w in MOMENT_CUES and self.free(i + 1):  # "at 10:00": what is on then
            noon = self.low(i + 1) in ("noon", "midday")
            found = ("12:00", 1, False) if noon else clock(self.toks, i + 1)
            if self.low(i + 1) == "midnight":  # under way as the program day ends
                found = (MIDNIGHT, 1, False)
            if found and not (w == "around" and found[2]):  # "around 3" may count things
                said = "midnight" if found[0] == MIDNIGHT else found[0]
                self.take(i, 1 + found[1], "at", found[0], f"at {said}", lead)
                return True
        if w in ("after", "past", "before", "until", "till") and self.low(i + 1) == "midnight":
            if self.free(i + 1):  # the night's talks: after 24:00 of the program day
                fld = "after" if w in ("after", "past") else "before"
                self.take(i, 2, fld, MIDNIGHT, f"{w} midnight", lead)
                return True
        if (w in CLOCK_CUES or w == "by") and self.free(i + 1):
            if self.low(i + 1) in ("lunch", "noon", "midday", "lunchtime"):
                lunch_after = "13:00" if self.low(i + 1).startswith("lunch") else "12:00"
                fld, value = (
                    ("before", "12:00")
                    if w in ("before", "until", "till", "by")
                    else ("after", lunch_after)
                )
                self.take(i, 2, fld, value, f"{w} {self.low(i + 1)}", lead)
                return True
            hm = clock(self.toks, i + 1)
            if hm and w != "by":
                fld = CLOCK_CUES[w]
                self.take(i, 1 + hm[1], fld, hm[0], f"{fld} {hm[0]}", lead)
                return True
        return False

    def _lead_in(self, i: int) -> int:
        """1 when the word before `i` leads into a time ("starting", "right"), else 0."""
        return int(self.free(i - 1) and self.low(i - 1) in LEAD_INS)

    def _said_alone(self, i: int) -> bool:
        """Whether "early"/"late" at `i` says when by itself: next to a day ("early
        sunday", "late on Sunday", "sunday late") or last after a room or devroom
        ("the translations room early"); never in a long question, nor last after
        other words ("catching bugs early" is a topic)."""
        after, before = self.low(i + 1), self.low(i - 1)
        by_a_day = self.a_day(after) or after == "on" or self.a_day(before)
        after_a_place = after == "" and before in ("room", "devroom", "track")
        return self.free(i) and not self.long and (by_a_day or after_a_place)

    def clock_alone(self, i: int) -> bool:
        """ "Sunday 9am", "14:00 talks": a time said as one, with no word before it
        (`clockwords.standalone`), is the talks under way then, as "at 9am"."""
        if not self.vocab.timed:
            return False
        between = span(self.low(i))  # "9-11", "10:30-12", "2-4pm"
        if between is not None:
            self.take(i, 1, "after", between[0], f"{between[0]}–{between[1]}")
            self.also("before", between[1])
            return True
        by_a_day = self.a_day(self.low(i - 1)) or self.a_day(self.low(i + 1))
        found = standalone(self.toks, i, by_a_day)
        if found is None or not all(self.free(j) for j in range(i, i + found[1])):
            return False
        self.take(i, found[1], "at", found[0], f"at {found[0]}", self._lead_in(i))
        return True

    def time_range(self, i: int) -> bool:
        """ "between 2 and 4pm", "from 10:00 to 12:00": both limits, or, when the range
        ends before it starts, words said back as not understood (never rewritten)."""
        a = clock(self.toks, i + 1)
        if not a or any(not self.free(j) for j in range(i, i + 2 + a[1])):
            return False
        if self.low(i + 1 + a[1]) not in RANGE_JOINS[self.low(i)]:
            return False
        b = clock(self.toks, i + 2 + a[1])
        if not b or any(not self.free(j) for j in range(i + 2 + a[1], i + 2 + a[1] + b[1])):
            return False
        start, end = a[0], b[0]
        if a[2] and start >= end and f"{int(start[:2]) - 12:02d}{start[2:]}" < end:
            start = f"{int(start[:2]) - 12:02d}{start[2:]}"  # "between 6 and 8am": 06:00
        n = 2 + a[1] + b[1]
        if start >= end:
            self.unclear(i, n, start == end)
            return True
        self.take(i, n, "after", start, f"{start}–{end}")
        self.also("before", end)
        return True

    def unclear(self, i: int, n: int, same: bool) -> None:
        """Words that read as a time range that ends before it starts (or as it starts)."""
        first, last = self.toks[i], self.toks[i + n - 1]
        for t in self.toks[i : i + n]:
            t.used = True
        self.chips.append(_unclear(self.query, first.start, last.end, same))


def _unclear(query: str, start: int, end: int, same: bool, also: tuple[str, ...] = ()) -> Chip:
    """A chip saying back the words query[start:end] (with the words `also` elsewhere in
    the query): a time range that is no range."""
    source = query[start:end]
    why = "ends when it starts" if same else "ends before it starts"
    said = " with ".join(f"“{w}”" for w in (source, *also))
    return Chip(
        "unclear", source, f"not understood: {said} ({why}; no time limit set)", source, start, end
    )


def inverted_times(r: Words) -> None:
    """An after-limit at or past the before-limit, however each was said ("after 5pm
    before 9am", "morning after 2pm", "after:17:00 before:09:00"): both are dropped and
    their words said back as not understood, never silently rewritten."""
    lo = minutes(r.values.get("after") or "")
    uppers = [m for m in (minutes(r.values.get(f) or "") for f in _UPPER) if m is not None]
    hi = min(uppers, default=None)
    if lo is None or hi is None or lo < hi:
        return
    timing = ("after", *_UPPER)
    for f in timing:
        r.values.pop(f, None)
    timed = sorted((c for c in r.chips if c.field in timing), key=lambda c: c.start)
    r.chips = [c for c in r.chips if c.field not in timing]
    spans: list[tuple[int, int]] = []  # chips next to each other become one
    for c in timed:
        if c.start < 0:
            continue
        if spans and not r.query[spans[-1][1] : c.start].strip():
            spans[-1] = (spans[-1][0], max(spans[-1][1], c.end))
        else:
            spans.append((c.start, c.end))
    words = [r.query[a:b] for a, b in spans]
    r.chips += [
        _unclear(r.query, a, b, lo == hi, tuple(w for k, w in enumerate(words) if k != n))
        for n, (a, b) in enumerate(spans)
    ]


def day_joins(vocab: Vocab) -> frozenset[str]:
    """The words that make two days said one after the other a list, folded: a list's
    words of the languages asked in (`lexicon.list_joins`: "and", "o", "oder"), "&", a
    comma and "on" ("saturday, or on sunday"). The static site reads its lists with
    them too (index/site/export.py `reading`)."""
    return frozenset({"&", ",", "on", *lexicon.list_joins(vocab.asked_in)})


def either_days(r: Words) -> None:
    """Two days joined by a list's word ("sat and sun", "Saturday or Sunday", "domenica
    o lunedì": `lexicon.list_joins` of the languages asked in): a talk on either
    (`Words.days`), where the first alone was the filter. A day said before the list
    and apart from it stays the filter ("on saturday but not sunday or monday":
    Saturday, the list left out)."""
    said = sorted((c for c in r.chips if c.field == "day"), key=lambda c: c.start)
    joins = day_joins(r.vocab)
    for a, b in zip(said, said[1:], strict=False):
        between = fold(r.query[a.end : b.start]).replace(",", " , ").split()
        if a.value != b.value and between and set(between) <= joins:
            r.days = list(dict.fromkeys([*(r.days or [a.value]), b.value]))
            for t in r.toks:  # (the list's word is no topic: "oder")
                t.used = t.used or (a.end <= t.start and t.end <= b.start)
    if r.days and r.values.get("day") in r.days:
        r.values.pop("day", None)

"""How long a talk is, in a query's words: "short talks" (at most SHORT_MINUTES),
"long talks" (at least LONG_MINUTES), "30 minute talks", "hour-long talks" (within
a tenth of that), "talks under 30 minutes", "at least an hour", "45 minutes or
less", and in the talks' languages where index/search/read/lexicon.py has their words
("menos de 20 minutos", "moins d'une heure": `lexicon.LENGTH_BOUNDS` and
`LENGTH_NUMBERS`, with CLDR's names of the units; "kurze Vorträge", "charlas
cortas": `lexicon.LENGTH_WORDS`).
Each becomes the filters `max_minutes` / `min_minutes` (a talk whose end the
program does not give passes none) and one chip; the words around it that say a
length ("lasting", "long") are read with it. A reader over a query's `Words`
(index/search/read/whenwords.py), called by index/search/read/understand.py. Two
limits of one kind ("short talks under 20 minutes") apply the tighter, as their chips
say.
"""

from __future__ import annotations

import re

from index.search.rank.stopwords import english_stopwords
from index.search.rank.tokens import marked_words
from index.search.read import lexicon
from index.search.read.whenwords import Words

SHORT_MINUTES = 20  # "short talks": lightning talks and short slots
LONG_MINUTES = 50  # "long talks": a full lecture slot, workshops
EXACT_SHARE = 0.1  # "30 minute talks": 27 to 33 minutes (slots and their talks differ)
TALK_NOUNS = frozenset("talk talks session sessions presentation presentations ones".split())
SAID_AFTER = TALK_NOUNS | {"long", "workshop", "workshops", "slot", "slots", "lecture"}
SHORT_WORDS = frozenset("short shorter quick brief".split())
LONG_WORDS = frozenset("long longer lengthy".split())
# comparisons before a length: (words, bound, strict)
AT_MOST = (
    (("shorter", "than"), "max", True),
    (("less", "than"), "max", True),
    (("under",), "max", True),
    (("at", "most"), "max", False),
    (("up", "to"), "max", False),
    (("no", "more", "than"), "max", False),
    (("no", "longer", "than"), "max", False),
    (("longer", "than"), "min", True),
    (("more", "than"), "min", True),
    (("over",), "min", True),
    (("at", "least"), "min", False),
)
OR_SO = {"less": "max", "shorter": "max", "under": "max", "more": "min", "longer": "min"}
_UNITS = {"m": 1, "min": 1, "mins": 1, "minute": 1, "minutes": 1, "h": 60, "hr": 60}
_UNITS |= {"hrs": 60, "hour": 60, "hours": 60}
_NUMBER = {"a": 1.0, "an": 1.0, "one": 1.0, "two": 2.0}
_JOINED = re.compile(r"(\d+(?:\.\d+)?)-?(m|min|mins|minute|minutes|h|hr|hrs|hour|hours)")


def read(r: Words, i: int) -> bool:
    """Read a limit on the length of a talk starting at token `i` into `r`."""
    kind = _short_or_long(r, i)
    if kind is not None:  # "short talks", "kurze Vorträge", "charlas cortas"
        short, used = kind
        fld, n = ("max_minutes", SHORT_MINUTES) if short else ("min_minutes", LONG_MINUTES)
        sign = "≤" if short else "≥"
        _take(r, i, used, fld, n, f"{'short' if short else 'long'} ({sign} {n} min)")
        return True
    compared = _compared(r, i)
    if compared is not None:
        n, bound, minutes = compared
        _bound(r, i, n, bound, minutes)
        return True
    found = length(r, i)
    if found is None or _counts_talks(r, i):
        return False
    minutes, used = found
    after = r.low(i + used)
    if after == "or" and r.low(i + used + 1) in OR_SO:  # "45 minutes or less"
        _bound(r, i, used + 2, OR_SO[r.low(i + used + 1)], minutes)
        return True
    said = r.low(i + used) in SAID_AFTER or r.low(i - 1) in ("lasting", "of")
    if not said:  # "30 minutes" alone may be when ("in 30 minutes"), not how long
        return False
    lead = int(r.free(i - 1) and r.low(i - 1) == "lasting")
    n = used + int(r.free(i + used) and r.low(i + used) == "long")
    spread = max(1, round(minutes * EXACT_SHARE))
    r.take(i, n, "max_minutes", str(minutes + spread), f"{_said(minutes)} long", lead)
    r.values["min_minutes"] = str(max(1, minutes - spread))
    return True


def _short_or_long(r: Words, i: int) -> tuple[bool, int] | None:
    """A word saying a talk is short or long at token `i`, beside a word for a talk
    (English's or `lexicon.TALK_NOUNS`) or a workshop, lecture, slot: before it, or one
    word of the base's own session types before it ("short oral presentations" where a
    type is "Oral communication"), or after one of its own language's words for a talk
    where the language says it so, in the noun's number, and no word of substance
    follows ("charlas cortas"; not "séances longs métrages", the short films of
    "sesión cortos", "workshop court", "talks court of appeal": `lexicon.said_after`),
    or one word made of both ("Kurzvorträge"): (short, tokens used). The words of other
    languages than English only where talks are in them, never a speaker's name
    ("Eva Lange Workshops") nor capitalised mid-query ("talk Corte costituzionale").
    "short films" is none: a film is no word for a talk."""
    theirs = r.vocab.spoken - {"en"}  # (the languages of the base's talks)
    short, long, after, nouns, joined_short, joined_long = lexicon.length_words(theirs)
    short, long = short | SHORT_WORDS, long | LONG_WORDS
    after -= SHORT_WORDS | LONG_WORDS  # ("long": English's, before; French's, after)
    nouns = (TALK_NOUNS | SAID_AFTER | nouns) - {"long", "ones"}
    w, used = r.low(i), 1
    if r.free(i + 1) and r.toks[i].end == r.toks[i + 1].start and not w.isascii():
        w, used = w + r.low(i + 1), 2  # "短い" of a text without spaces, cut in two
    if used == 2 and w not in short | long:
        w, used = r.low(i), 1
    if w in short | long:
        theirs_only = w not in SHORT_WORDS | LONG_WORDS
        if theirs_only and (_named(r, w) or (i > 0 and r.toks[i].text[:1].isupper())):
            return None  # ("Eva Lange Workshops", "talk Corte costituzionale": names)
        noun = r.low(i - 1)  # (a plural adjective goes with a plural noun: "sesión cortos")
        after_noun = w in after and not _followed(r, i + used) and not _runs_on(r, i + used)
        after_noun = after_noun and lexicon.said_after(w, noun, theirs)
        if (w not in after and _before_noun(r, i + used, nouns)) or after_noun:
            return w in short, used  # ("Supreme Court talks": French's "court" is after)
        return None
    stems = ((short | long | joined_short | joined_long) - after, joined_short | short)
    for stem in sorted(stems[0], key=len, reverse=True):  # "kurzvortrage"
        if w.startswith(stem) and w[len(stem) :] in nouns and not _named(r, w):
            return stem in stems[1], 1
    return None


def _before_noun(r: Words, i: int, nouns: frozenset[str]) -> bool:
    """Whether a word for a talk stands at `i`, or one word after a word of one of the
    base's session types there ("oral" of "Oral communication": "short oral
    presentations"; never "long COVID talks", "quick start workshop")."""
    if r.low(i) in nouns:
        return True
    if not r.free(i) or r.low(i) in nouns or r.low(i + 1) not in nouns:
        return False
    return any(r.low(i) in marked_words(lexicon.fold(f)) for f in r.vocab.formats)


def _followed(r: Words, i: int) -> bool:
    """Whether a word of substance stands at `i` (one of the base's words, not a
    function word of English or of its talks' languages): "métrages" of "séances
    longs métrages", not "sobre" of "charlas cortas sobre Rust"."""
    w = r.low(i)
    if not r.free(i) or w not in r.vocab.words:
        return False
    return w not in english_stopwords() | lexicon.function_words(r.vocab.spoken)


def _runs_on(r: Words, i: int) -> bool:
    """Whether the run of letters a length word was cut from (a language written without
    spaces: Thai "การบรรยายยาวนาน") goes on at `i` with a piece no word the runs are cut
    at starts (`Vocab.run_words`) and no word of the base is: the length word is then
    inside a longer word ("ยาวนาน", long-lasting), not "long" ("การบรรยายยาว วันเสาร์")."""
    if i >= len(r.toks) or not r.free(i) or r.toks[i - 1].end != r.toks[i].start:
        return False
    w = r.low(i)
    known = r.vocab.run_words[0] | r.vocab.words
    return not any(w.startswith(k) for k in known if k)


def _named(r: Words, w: str) -> bool:
    """Whether `w` is a word of a speaker's name in the base ("Lange" of Eva Lange)."""
    return w in r.vocab.name_words


def compared(r: Words, i: int) -> bool:
    """Whether a bound and a length are said from token `i` ("less than 20 minutes",
    "menos de 20 minutos"): a reader of other words ("menos" as "except") leaves them."""
    return _compared(r, i) is not None


def _compared(r: Words, i: int) -> tuple[int, str, int] | None:
    """A bound and a length from token `i`: (tokens used, "max" or "min", minutes)."""
    languages = r.vocab.spoken | r.vocab.asked_in
    bounds = [(*b, False) for b in AT_MOST] + [(*b, True) for b in lexicon.length_bounds(languages)]
    for words, bound, strict, theirs in bounds:
        if not all(r.free(i + k) and r.low(i + k) == x for k, x in enumerate(words[:-1])):
            continue
        last = i + len(words) - 1  # ("moins d'une heure": "de" elided onto the number)
        if r.free(last) and r.low(last) == words[-1]:
            found, said = length(r, last + 1, theirs), len(words)
        elif len(words) > 1 and r.low(last).startswith(words[-1][:-1] + "'"):
            found, said = length(r, last, theirs), len(words) - 1
        else:
            continue
        if found is None:
            continue
        minutes, used = found
        minutes += (1 if bound == "min" else -1) if strict else 0
        return said + used, bound, minutes
    return None


def length(r: Words, i: int, theirs: bool = True) -> tuple[int, int] | None:
    """A length said from token `i` ("30 minutes", "30-minute", "90min", "an hour",
    "half an hour", "hour-long", "1.5 hours"): (minutes, tokens used); with `theirs`,
    also in the number words of the talks' languages ("une heure"; not after an
    English bound: Dutch "over een uur" is "in an hour")."""
    w = r.low(i)
    if not r.free(i):
        return None
    if w in ("hour-long", "hour-length"):
        return 60, 1
    if w in ("half-hour", "half-an-hour"):
        return 30, 1
    joined = _JOINED.fullmatch(w)
    if joined:
        return round(float(joined.group(1)) * _UNITS[joined.group(2)]), 1
    if w == "half" and r.low(i + 1) == "hour":  # "half hour talks"
        return (30, 2) if r.free(i + 1) else None
    if w == "half" and r.low(i + 1) in ("an", "a") and r.low(i + 2) == "hour":
        return (30, 3) if r.free(i + 1) and r.free(i + 2) else None
    languages = r.vocab.spoken | r.vocab.asked_in
    numbers = _NUMBER | (lexicon.length_numbers(r.vocab.spoken - {"en"}) if theirs else {})
    number = numbers.get(w.rsplit("'", 1)[-1])  # ("d'une heure")
    if number is None and re.fullmatch(r"\d{1,3}(\.\d+)?", w):
        number = float(w)
    used = 1
    if number == 1 and numbers.get(r.low(i + 1)) == 0.5 and r.free(i + 1):
        number, used = 0.5, 2  # "eine halbe Stunde", "een half uur" ("half an hour": above)
    said = r.low(i + used).rstrip("-")
    unit = _UNITS.get(said) or lexicon.length_units(languages).get(said)
    if number is None or unit is None or not r.free(i + used) or (unit == 1 and number < 1):
        return None
    return round(number * unit), used + 1


def _counts_talks(r: Words, i: int) -> bool:
    """Whether the length at `i` is when, not how long: "in 30 minutes", "next hour"."""
    return r.low(i - 1) in ("in", "next", "within", "past", "last", "every")


def _bound(r: Words, i: int, n: int, bound: str, minutes: int) -> None:
    fld, sign = ("max_minutes", "≤") if bound == "max" else ("min_minutes", "≥")
    lead = int(r.free(i - 1) and r.low(i - 1) == "lasting")
    _take(r, i, n, fld, max(1, minutes), f"{sign} {_said(max(1, minutes))}", lead)


def _take(r: Words, i: int, n: int, fld: str, minutes: int, label: str, lead: int = 0) -> None:
    """The length limit taken as `r.take` does, the tighter applied where the query
    said one of its kind already ("short talks under 20 minutes": 19, not 20)."""
    before = r.values.get(fld)
    r.take(i, n, fld, str(minutes), label, lead)
    if before is not None:
        tighter = min if fld == "max_minutes" else max
        r.values[fld] = str(tighter(int(before), minutes))


def _said(minutes: int) -> str:
    """ "30 min", "1 h", "1 h 30 min"."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h" + (f" {rest} min" if rest else "")

"""What a query leaves out, in plain words, in English and in the languages of the
talks (index/search/read/lexicon.py):

- words: "the Linux kernel but not Rust", "containers except Kubernetes",
  "excluding machine learning" (as "-rust" does; a matching talk holds none of them);
- limits: "Go but not on Sunday", "rust talks not on saturday", "not before 10am",
  "avoid saturday", "I can't make saturday", "not by Lennart", "no rust talks on
  sunday", "except sunday morning", "stay out of the H building", "sunday
  excluded", "tranne sabato", "ma non in sala MOV", "que no sean en inglés" (the
  verb of a clause is one of the talks' languages' function words): the talks
  passing that limit are left out (`Words.left_out`, read as
  `Understood.excluded_limits`), never the limit applied. Limits said one after the
  other are left out together ("except Sunday morning": the talks of Sunday morning,
  not all of Sunday; labelled "not (Sunday · morning)"), up to one said with a cue
  of its own, which applies ("not in English on Friday": Friday's talks, less the
  English ones), unless it is a time of that day ("except Sunday in the morning");
  limits left out each on its own are labelled apart ("not Saturday · not Sunday").
  After "not only" nothing is left out (`HEDGES`, `lexicon.LeaveOut.only`: "non
  solo in inglese"), and no clause's verb bridges over the word for "only";
- the program's own values said as words: "salvo las de inglés", "todo menos
  talleres" (its articles and words for "of" folded): the session type or language
  they name is left out as that limit is, and a track where an article names it
  ("sauf la compétition", "except the lexico"): a bare track name is a topic word
  too ("the Linux kernel but not Rust"). Words naming none are left out as words.
  A bound before a length ("menos de 20 minutos") is the length reader's, no cue.

`exclusions` finds the cues before the other readers run; `negated` decides, once
every limit is read, what each cue leaves out. Readers over a query's `Words`
(index/search/read/whenwords.py), called by index/search/read/understand.py;
`frame` is its words of the question's frame ("talks", "on", "the").
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from index.search.read import lengthwords, lexicon, roomlists, tracknames
from index.search.read.whenwords import Chip, Words
from talkbase.core.filters import CLOCK_LIMITS, FILTER_NAMES, Filters
from talkbase.core.languages import english_name
from talkbase.core.terms import HAN, fold

EXCLUDED_WORDS = 3  # the most words read as one excluded phrase
# the most words a cue of limits cannot read past before a limit, for the limit to be
# said back rather than applied ("не могу в четверг": `_said_back_near`)
NEAR_WORDS = 1
# after a cue, words that hedge rather than leave out ("but not only", "but not
# limited to", "last but not least"); so does any word in -ly ("but not exclusively")
HEDGES = frozenset("only just limited least necessarily all always entirely solely".split())
PLACEHOLDERS = frozenset("one ones stuff things".split())  # "but not the MySQL ones"
# "X is not about Y" says what a talk is ("Why Go is not about simplicity"), unless
# it is the query's own clause ("talks that are not about Rust")
_COPULAS = frozenset("is are was were it's that's".split())
_CLAUSE = frozenset("that which who".split())
# the chips of limits a cue can leave out: every filter's (a track's goes its own way)
_LIMITS = frozenset(FILTER_NAMES)
# the words a limit is said with in English besides the places' ("on Friday"): a limit
# said with one after a limit left out is a limit of its own
_LEADS = frozenset(("on", "during"))
# the chips of a time of day, which narrow a day said before them ("Sunday in the morning")
_TIMES = frozenset(CLOCK_LIMITS)
_HAN = re.compile(f"[{HAN}]")  # a Chinese character


@dataclass(frozen=True)
class Cue:
    """Where a query says to leave something out: its first token, how many tokens,
    and its kind (`lexicon.LeaveOut`'s: "words", "limits", "after"); `anywhere`: a
    query opening with "no" leaves out its first limit, wherever it stands."""

    i: int
    n: int
    kind: str
    after_too: bool = False  # the cue may also follow its limit ("escluso")
    anywhere: bool = False


def exclusions(r: Words, frame: Collection[str]) -> list[Cue]:
    """The cues of the query, for `negated` once the other limits are read. A cue of
    words takes its tokens now ("except" is no word of the topic); a cue of limits
    only if a limit follows. Nothing is read in a long question (`Words.long`: "...
    possibly, but not exclusively, in a distributed environment" is prose), after a
    hedge (`HEDGES`), nor in a statement ("Go is not about simplicity")."""
    cues: list[Cue] = []
    if r.long:  # a long question's "but not" is prose, as its quotes are quotation
        return cues
    said = lexicon.leave_out(r.vocab.spoken, r.vocab.asked_in)
    for i in range(len(r.toks)):
        cue = _cue_at(r, i, said.words)
        if cue is not None and lengthwords.compared(r, i):
            continue  # a bound of a length ("menos de 20 minutos": less than, no "except")
        if cue is not None:
            if _hedged(r, i + len(cue)) or _a_statement(r, i, cue):
                continue
            for t in r.toks[i : i + len(cue)]:
                t.used = True
            cues.append(Cue(i, len(cue), "words", after_too=cue in said.after))
            continue
        cue = _cue_at(r, i, said.limits)
        # (a cue said before or after a limit, last in the query: after it, "csütörtök nem")
        if cue is not None and not (cue in said.after and i + len(cue) >= len(r.toks)):
            cues.append(Cue(i, len(cue), "limits", anywhere=i == 0 and cue == ("no",)))
            continue
        cue = _cue_at(r, i, said.after)
        if cue is not None:
            cues.append(Cue(i, len(cue), "after"))
    return cues


def _cue_at(r: Words, i: int, cues: Sequence[tuple[str, ...]]) -> tuple[str, ...] | None:
    """The first of `cues` whose words stand free from token `i` on."""
    return next(
        (c for c in cues if all(r.free(i + j) and r.low(i + j) == w for j, w in enumerate(c))),
        None,
    )


def _a_statement(r: Words, i: int, cue: tuple[str, ...]) -> bool:
    """Whether the cue `cue` at token `i` ("not about") says what something is rather
    than what to leave out: "Go is not about simplicity", not "talks that are not
    about Rust"."""
    return cue[0] == "not" and r.low(i - 1) in _COPULAS and r.low(i - 2) not in _CLAUSE


def negated(r: Words, cues: Sequence[Cue], frame: Collection[str]) -> list[str]:
    """After the other limits are read, what each cue leaves out: the limits read
    right after it ("Go but not on Sunday", "not before 10am", "except Sunday
    morning"; only the program's common words, the frame's or words before a place
    between: "ma non nella sala XOR"), or right
    before it for a cue said after ("sunday excluded"), or for a query opening with
    "no" its first limit: their talks go (`Words.left_out`); a track left out is any
    other track. Else, for a cue of words, the words after it ("Rust but not in
    production": "production") are left out, as returned, or the cue is said back.
    A cue of limits with no limit by it stays a word of the topic."""
    out: list[str] = []
    asked = r.vocab.asked_in  # ("ma non di domenica": "di" says "on" there)
    between = {*frame, *r.vocab.common, *lexicon.place_words(asked), *lexicon.of_words(asked)}
    # ...and after the cue, the function words of the talks' languages: the verb of a
    # clause ("que no sean en inglés", "que não sejam em inglês")
    # (never a word for "only": "che non sono solo in inglese" is no left-out limit)
    only = lexicon.only_words(r.vocab.spoken | asked)
    clause = {*between, *(lexicon.function_words(r.vocab.spoken) - only)}
    for cue in cues:
        if cue.kind != "words" and not all(r.free(j) for j in range(cue.i, cue.i + cue.n)):
            continue  # (read as part of a limit already: "not in the Go devroom")
        start, end = r.toks[cue.i].start, r.toks[cue.i + cue.n - 1].end
        chips = [] if cue.kind == "after" else _limits_after(r, end, clause, cue.anywhere)
        if not chips and (cue.kind == "after" or cue.after_too):
            chips = _limits_before(r, start, between)
        if chips:
            for t in r.toks[cue.i : cue.i + cue.n]:
                t.used = True
            if chips[0].field == "track":  # "but not in the Go devroom": any other track
                tracknames.leave_out(r, chips[0], min(start, chips[0].start))
            else:
                first = min(start, chips[0].start)
                away = cue.anywhere and chips[0].start > end  # "no rust talks on sunday"
                if not away:  # the clause's words are the cue's ("que no sean en inglés")
                    _take_between(r, cue.i + cue.n, chips[0].start)
                _leave_out_limit(r, chips, chips[0].start if away else first)
            continue
        if cue.kind == "limits":
            _said_back_near(r, cue, clause, only)
            continue
        if cue.kind != "words":
            continue
        j = cue.i + cue.n
        while j < cue.i + cue.n + 2 and r.free(j) and r.low(j) in frame:
            j += 1
        words = [] if _hedged(r, j) else _words_from(r, j, {*frame, ""})
        named = _unarticled(r, words, between)
        value = _program_value(r, named)
        bare = named == words and j == cue.i + cue.n  # no article before it ("the", "la")
        if value is not None and value[0] == "track" and bare:
            value = None  # a track named bare is a topic word too ("Linux kernel but not Rust")
        words = named
        if value is not None:  # "sauf la compétition", "salvo las de inglés"
            _leave_out_value(r, cue.i, words[-1], *value)
        elif words:
            out.append(_leave_out(r, cue.i, words))
        else:
            said = r.query[start:end]
            label = f"not understood: “{said}” (nothing to leave out followed it)"
            r.chips.append(Chip("unclear", said, label, said, start, end))
    return out


def _said_back_near(r: Words, cue: Cue, between: Collection[str], only: Collection[str]) -> None:
    """A cue of limits with a limit soon after it, but words between that it cannot
    read past ("не могу в четверг", "لا أريد يوم الثلاثاء": at most `NEAR_WORDS` of
    them): the limit is neither applied (the opposite of what was asked) nor left out
    (a guess), but said back with the cue as not understood. Not after a word for
    "only" ("не только в четверг": on Thursday too) nor over a comma."""
    end = r.toks[cue.i + cue.n - 1].end
    after = sorted((c for c in r.chips if c.start >= end and c.field in _LIMITS), key=_at)
    if not after:
        return
    gap = [t for t in r.toks[cue.i + cue.n :] if t.end <= after[0].start]
    unread = [t for t in gap if not t.used and t.low not in between]
    if not unread or len(unread) > NEAR_WORDS or "," in r.query[end : after[0].start]:
        return
    if any(t.low in only or t.low in HEDGES for t in gap):
        return
    chip = after[0]
    _unsay(r, chip)
    for fld, value in chip.more:
        if r.values.get(fld) == value:
            del r.values[fld]
    for t in r.toks[cue.i : cue.i + cue.n]:  # (the words between stay the topic's)
        t.used = True
    start = r.toks[cue.i].start
    said = r.query[start : chip.end]
    label = f"not understood: “{said}” (no limit set: is {chip.label} left out or asked for?)"
    r.chips.append(Chip("unclear", said, label, said, start, chip.end))


def _take_between(r: Words, j: int, start: int) -> None:
    """The free tokens from `j` up to character `start` taken: no words of the topic."""
    while j < len(r.toks) and r.toks[j].end <= start:
        r.toks[j].used = True
        j += 1


def _words_only(r: Words, a: int, b: int, allowed: Collection[str]) -> bool:
    """Whether the query's characters a..b hold only words of `allowed` (and commas)."""
    words = (w.strip("?!.;:") for w in r.query[a:b].lower().replace(",", " ").split())
    return all(w in allowed or fold(w) in allowed for w in words)  # ("são": "sao")


def _limits_after(r: Words, end: int, between: Collection[str], anywhere: bool) -> list[Chip]:
    """The limits read right after character `end` (only words of `between` before the
    first, or anything when `anywhere`), and those said straight after it, no word
    between ("sunday morning"; not "the MOV stage on sunday"), up to one said with a
    cue of its own ("not in English on Friday": the talks of Friday not in English)."""
    after = sorted((c for c in r.chips if c.start >= end and c.field in _LIMITS), key=_at)
    if not after or not (anywhere or _words_only(r, end, after[0].start, between)):
        return []
    out = [after[0]]
    leads = {*_LEADS, *lexicon.at_place(r.vocab.spoken | r.vocab.asked_in)}
    for chip in after[1:]:
        if chip.start < out[-1].end:  # read from the same words ("lunchtime": two)
            out.append(chip)
            continue
        if roomlists.listed(r, out[-1], chip):  # "not in room 2 or room 3": the list whole
            out.append(chip)
            continue
        if r.query[out[-1].end : chip.start].strip():  # said straight after, no word between
            break
        if _spaced_apart(r.query, out[-1].end, chip.start) and not _refines(out[-1], chip):
            break  # "除了周六 人工智能": a space parts words that are written without
        if _lead(chip) in leads and not _refines(out[-1], chip):
            break  # its own cue: a limit of its own ("on Friday")
        out.append(chip)
    return out


def _spaced_apart(query: str, a: int, b: int) -> bool:
    """Whether a space stands between characters `a` and `b` of `query` where Chinese
    characters are on both sides: a text written without spaces between its words
    says with one that what follows is no part of what went before."""
    return a < b and _HAN.match(query, a - 1) is not None and _HAN.match(query, b) is not None


def _refines(day: Chip, chip: Chip) -> bool:
    """Whether `chip` narrows the day `day` to a time of it ("Sunday in the morning")."""
    return day.field == "day" and chip.field in _TIMES


def _lead(chip: Chip) -> str:
    """The first word of what `chip` was read from, folded ("on" of "on Friday")."""
    words = chip.source.split()
    return fold(words[0]) if len(words) > 1 else ""


def _limits_before(r: Words, start: int, between: Collection[str]) -> list[Chip]:
    """The limits read right before character `start` ("sunday morning excluded"), and
    a day a time of it is said of ("土曜日の夜以外": but Saturday night)."""
    before = sorted((c for c in r.chips if c.end <= start and c.field in _LIMITS), key=_at)
    if not before or not _words_only(r, before[-1].end, start, between):
        return []
    out = [before[-1]]
    of = lexicon.of_words(r.vocab.asked_in)
    for chip in reversed(before[:-1]):
        joined = chip.end > out[0].start or not r.query[chip.end : out[0].start].strip()
        if (
            joined
            or roomlists.listed(r, chip, out[0])
            or (_refines(chip, out[0]) and _words_only(r, chip.end, out[0].start, of))
        ):
            out.insert(0, chip)
        else:
            break
    return out


def _at(chip: Chip) -> tuple[int, int]:
    return chip.start, chip.end


def _leave_out_limit(r: Words, chips: Sequence[Chip], start: int) -> None:
    """The limits of `chips` (and of the chips read from the same words: "lunchtime"
    is two) left out together rather than applied: their values taken back, the
    talks passing them all added to `Words.left_out` (each room of a building or a list, each
    day of "sat or sun", on its own), and one chip "not ..." for the words from
    character `start` through the last limit's."""
    spans = {(c.start, c.end) for c in chips}
    group = [c for c in r.chips if (c.start, c.end) in spans and c.field in _LIMITS]
    group.sort(key=_at)
    values: dict[str, str] = {}
    for c in group:
        values.setdefault(c.field, c.value)
        values.update(c.more)
    head = group[0]
    rooms = list(
        dict.fromkeys(x for c in group if c.field == "room" for x in roomlists.rooms_of(r, c))
    )
    if len(rooms) > 1:  # "building K", "room 2 or room 3": a talk in any of them
        others = {k: v for k, v in values.items() if k in _LIMITS and k != "room"}
        left = [Filters(**others, room=room) for room in rooms]
        r.rooms = [room for room in r.rooms if room not in rooms]
    elif len(spans) == 1 and head.field == "day" and head.value in r.days:  # "sat or sun"
        group += [c for c in r.chips if c.field == "day" and c.value in r.days and c not in group]
        left = [Filters(day=day) for day in r.days]
        r.days = []
    else:
        left = [Filters(**{k: v for k, v in values.items() if k in _LIMITS})]
    for c in group:
        _unsay(r, c)
        for fld, value in c.more:
            if r.values.get(fld) == value:
                del r.values[fld]
    r.left_out += [f for f in left if f.active() and f not in r.left_out]
    labels = list(dict.fromkeys(c.label for c in group))
    # several limits left out together say so ("not (in English · Friday)"), unlike
    # one left out beside one applied ("not in English · Friday") and limits left out
    # each on its own ("not Saturday · not Sunday")
    if len(labels) == 1 or (len(left) > 1 and len({c.field for c in group}) == 1):
        label = " · ".join(f"not {said}" for said in labels)
    else:
        label = f"not ({' · '.join(labels)})"
    last = max(c.end for c in group)
    said = r.query[start:last]
    r.chips.append(Chip("not", head.value, label, said, start, last))


def _hedged(r: Words, j: int) -> bool:
    """Whether token `j` hedges rather than leaves out ("but not only", "but not
    exclusively", "nicht nur": `lexicon.LeaveOut.only`)."""
    low = r.low(j)
    only = lexicon.only_words(r.vocab.spoken | r.vocab.asked_in)  # "nicht nur", "non solo"
    return low in HEDGES or low.endswith("ly") or fold(low) in only


def _words_from(r: Words, j: int, stops: Collection[str]) -> list[int]:
    """The free tokens from `j` on, in a row, that name what is left out: at most
    EXCLUDED_WORDS, up to a word of `stops` or a placeholder, or a comma's word."""
    out: list[int] = []
    ends = {*stops, *PLACEHOLDERS}
    while len(out) < EXCLUDED_WORDS and r.free(j) and r.low(j) not in ends:
        out.append(j)
        if r.toks[j].text[-1:] in ",;.?!":
            break
        j += 1
    return out


def _leave_out(r: Words, i: int, words: list[int]) -> str:
    """The phrase of the tokens `words`, taken from token `i` (the cue) through them
    and a placeholder after them ("Kubernetes stuff") as one "exclude" chip."""
    phrase = " ".join(r.toks[k].text.strip(",;.?!()") for k in words)
    last = words[-1] + int(r.free(words[-1] + 1) and r.low(words[-1] + 1) in PLACEHOLDERS)
    r.take(i, last - i + 1, "exclude", phrase, f"not {phrase}")
    return phrase


def _unarticled(r: Words, words: list[int], articles: Collection[str]) -> list[int]:
    """The tokens `words` less the articles and words for "of" they open with, where a
    word follows them ("les ateliers", "las de inglés": "ateliers", "inglés")."""
    k = 0
    while k < len(words) - 1 and r.low(words[k]) in articles:
        k += 1
    return words[k:]


def _program_value(r: Words, words: list[int]) -> tuple[str, str, str] | None:
    """The track, session type or language of the program the tokens `words` name,
    as its own words or their plural ("la compétition", "talleres", "inglés"): its
    field, value and label; None where they name none."""
    if not words:
        return None
    said = tuple(fold(r.low(k)) for k in words)
    forms = {said, tuple(w[:-1] if w.endswith("s") else w for w in said)}
    forms.add(tuple(w[:-2] if w.endswith("es") else w for w in said))
    for track, track_words in r.vocab.tracks.items():
        if track_words in forms:
            return "track", track, f"not track: {track}"
    for format_words, name in r.vocab.format_names.items():
        if format_words in forms:
            return "format", name, f"not format: {name}"
    for language_words, code in r.vocab.languages.items():
        if language_words in forms:
            return "language", code, f"not in {english_name(code)}"
    return None


def _leave_out_value(r: Words, i: int, last: int, fld: str, value: str, label: str) -> None:
    """The program's value `value` of `fld`, said by tokens `i` (the cue) through
    `last`, left out as a limit said so is ("not in English": `_leave_out_limit`)."""
    start, end = r.toks[i].start, r.toks[last].end
    for t in r.toks[i : last + 1]:
        t.used = True
    if fld == "track":  # a track left out goes its own way (tracknames.leave_out)
        r.tracks_not += [value] if value not in r.tracks_not else []
        r.chips.append(Chip("track", value, label, r.query[start:end], start, end))
        return
    left = Filters(**{fld: value})
    r.left_out += [left] if left not in r.left_out else []
    r.chips.append(Chip("not", value, label, r.query[start:end], start, end))


def _unsay(r: Words, chip: Chip) -> None:
    """`chip` and the value it set taken back."""
    r.chips.remove(chip)
    if r.values.get(chip.field) == chip.value:
        del r.values[chip.field]
    for names in (r.speakers, r.orgs):
        if chip.value in names:
            names.remove(chip.value)

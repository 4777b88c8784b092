"""Query understanding: plain-word limits read out of what a person typed.

"what's on Wednesday afternoon about inference" becomes the topic "inference" with
the filters day=Wed and after=12:00. Only values the knowledge base holds count:
"Meta talks" limits to the organisation Meta, "meta-learning" stays a topic word,
"keynote" is a format only where some talk has that format. Explicit operators
(`speaker:`, `org:`, `room:`, `track:`, `day:`, `format:`, `after:`, `before:`),
quoted phrases (the talk must contain them) and `-word` (the talk must not) are
read too. Pure functions of the query and a `Vocab`; no model, no database.

Every limit becomes a `Chip` that knows the text it came from, so a caller can
drop one and search again: `understood.without(chip)` is the query without it.
A time range that ends before it starts ("between 3pm and 2pm", "after 5pm before
9am") sets no time limit: its words become an "unclear" chip said back as not
understood (`Understood.not_understood`), never a rewritten range.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date

from index.search.filters import Filters
from index.search.vocab import Vocab, norm, plain_text, suggest, word_tuple
from talkbase.core.terms import FORMAT_WORDS, WEEKDAYS

__all__ = ["Chip", "Understood", "Vocab", "literal", "plain_text", "suggest", "understand"]

_DAY_WORDS: dict[str, int] = {}
for _i, _name in enumerate(WEEKDAYS):
    for _w in (_name, _name + "s", _name[:3], _name[:3] + "."):
        _DAY_WORDS[_w] = _i
for _w, _i in (("tues", 1), ("weds", 2), ("thur", 3), ("thurs", 3)):
    _DAY_WORDS[_w] = _i
# The words that name a weekday whatever the program holds ("sun", "wed" may be words)
_DAY_NAMES = {w: i for w, i in _DAY_WORDS.items() if w.rstrip("s") in WEEKDAYS}
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_ORDINALS = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "fifth": 5,
    "5th": 5,
    "last": -1,
}
# Parts of the day, by when a talk starts: (filter, HH:MM). A morning talk starts
# before noon, even when it runs past it (11:40-12:10 is a morning talk).
_PARTS: dict[str, tuple[str, str]] = {
    "morning": ("starts_before", "12:00"),
    "mornings": ("starts_before", "12:00"),
    "afternoon": ("after", "12:00"),
    "afternoons": ("after", "12:00"),
    "evening": ("after", "17:00"),
    "evenings": ("after", "17:00"),
    "tonight": ("after", "17:00"),
}
# the limits on when a talk starts or ends that an after-limit can contradict
_UPPER = ("before", "starts_before")
# Session formats people name, and the words a format's own name may use for them.
_FORMATS = FORMAT_WORDS
_FORMAT_FIRST = frozenset(k.split()[0].rstrip("s") for k in _FORMATS)
# Words that introduce a person or organisation, and words that follow one.
_BY = {"by", "from", "at", "with", "featuring"}
_GROUP = {
    "talks",
    "talk",
    "sessions",
    "session",
    "speakers",
    "speaker",
    "people",
    "folks",
    "engineers",
    "team",
    "presentations",
    "papers",
    "articles",
}
# Words that only frame a question; trimmed from the ends of what is left.
FRAME = frozenset(
    """what what's whats which who where when is are there any anything some all list give me show
    find tell looking for want i i'm im interested please talk talks session sessions
    presentation presentations speaker speakers about on in at by from the a an of and or with
    during this next held happening related regarding to do does am either written like
    i'd id would papers articles""".split()
)
# In a question longer than this, quotes are quotation rather than a requirement and
# names are limits only after "by"/"from": long questions cite.
LONG_WORDS = 12
OPERATORS = ("speaker", "org", "room", "track", "day", "format", "after", "before")
_TOKEN = re.compile(r'(\w+):"([^"]*)"|"([^"]*)"|\S+')
_TIME = re.compile(r"^(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$")


_SAID_BACK = ("unclear", "absent")  # chips of words read as no limit


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


@dataclass(frozen=True)
class Understood:
    query: str
    topic: str  # what is left to rank by
    filters: Filters = field(default_factory=Filters)
    chips: tuple[Chip, ...] = ()
    phrases: tuple[str, ...] = ()  # a matching talk contains each
    excluded: tuple[str, ...] = ()  # a matching talk contains none
    any_speakers: tuple[str, ...] = ()  # "by A or B": a talk by any of them
    any_orgs: tuple[str, ...] = ()
    literal: bool = False

    @property
    def not_understood(self) -> tuple[str, ...]:
        """What to say back about words read as no limit, one sentence each: a time range
        that ends before it starts (chips of the field "unclear"), a day or room the
        program does not hold (the field "absent")."""
        return tuple(c.label for c in self.chips if c.field in _SAID_BACK)

    @property
    def said_back_only(self) -> bool:
        """Whether the topic is only the words of days or rooms the program does not hold
        ("talks on Wednesday" at a weekend conference): nothing to rank by."""
        if not self.topic:
            return False
        said = {w for c in self.chips if c.field == "absent" for w in c.source.lower().split()}
        return bool(said) and all(w in said or w in FRAME for w in self.topic.lower().split())

    @property
    def label(self) -> str:
        """ "Wednesday · afternoon · org: NVIDIA" """
        return " · ".join(c.label for c in self.chips if c.field not in _SAID_BACK)

    def without(self, chip: Chip) -> str:
        """The query with the words of one chip taken out: search it again to drop the chip."""
        if chip.start < 0:
            return self.query
        return " ".join((self.query[: chip.start] + " " + self.query[chip.end :]).split())

    def to_dict(self) -> dict[str, object]:
        return {
            "query": self.query,
            "topic": self.topic,
            "label": self.label,
            "filters": self.filters.active(),
            "phrases": list(self.phrases),
            "excluded": list(self.excluded),
            "chips": [
                {"field": c.field, "value": c.value, "label": c.label, "source": c.source}
                for c in self.chips
            ],
        }


@dataclass
class _Tok:
    text: str  # as typed
    low: str  # normalised, punctuation and possessive stripped
    start: int
    end: int
    possessive: bool = False
    used: bool = False
    words: tuple[str, ...] = ()


def _tokens(query: str) -> list[_Tok]:
    out = []
    for m in re.finditer(r"\S+", query):
        raw = m.group()
        low = norm(raw).strip('?!,;:()[]{}"“”')
        low = low.rstrip(".") if not re.fullmatch(r"[a-z]{3}\.", low) else low
        possessive = False
        for suffix in ("'s", "’s", "s'", "’"):
            if low.endswith(suffix) and len(low) > len(suffix) + 1:
                low, possessive = low[: -len(suffix)] + ("s" if suffix == "s'" else ""), True
                break
        out.append(_Tok(raw, low, m.start(), m.end(), possessive, words=word_tuple(low)))
    return out


def _hm(tokens: list[_Tok], i: int) -> tuple[str, int] | None:
    """A clock time at tokens[i] ("3pm", "3 pm", "15:00", "3"): ("15:00", tokens used)."""
    found = _clock(tokens, i)
    return (found[0], found[1]) if found else None


def _clock(tokens: list[_Tok], i: int) -> tuple[str, int, bool] | None:
    """`_hm` and whether the hour was a guess (a bare "3" taken as 15:00)."""
    if i >= len(tokens):
        return None
    text, used = tokens[i].low, 1
    if i + 1 < len(tokens) and tokens[i + 1].low in ("am", "pm", "a.m", "p.m", "a.m.", "p.m."):
        text, used = text + tokens[i + 1].low, 2
    m = _TIME.match(text.replace("a.m", "am").replace("p.m", "pm").rstrip("."))
    if not m:
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), m.group(3)
    guessed = False
    if half and half.startswith("p") and hour < 12:
        hour += 12
    elif half and half.startswith("a") and hour == 12:
        hour = 0
    elif not half and not m.group(2) and 1 <= hour <= 7:
        hour, guessed = hour + 12, True  # "after 3": conference hours are afternoon hours
    if hour > 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}", used, guessed


def _minutes(value: str) -> int | None:
    """Minutes since midnight of an "HH:MM" (or "3pm", as an operator may give it)."""
    m = _TIME.match(value.strip().lower().replace("a.m.", "am").replace("p.m.", "pm"))
    if not m:
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), m.group(3)
    if half:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half.startswith("p") else 0)
    return hour * 60 + minute if hour <= 23 and minute <= 59 else None


_FIRSTS: dict[int, tuple[dict[tuple[str, ...], str], frozenset[str]]] = {}


def _firsts(table: dict[tuple[str, ...], str]) -> frozenset[str]:
    """The first words of a table's keys (remembered per table)."""
    found = _FIRSTS.get(id(table))
    if found is None or found[0] is not table or len(_FIRSTS) > 64:
        if len(_FIRSTS) > 64:
            _FIRSTS.clear()
        found = _FIRSTS[id(table)] = (table, frozenset(k[0] for k in table if k))
    return found[1]


def _match_seq(
    tokens: list[_Tok], i: int, table: dict[tuple[str, ...], str], longest: int = 6
) -> tuple[str, int] | None:
    """The longest run of free tokens from i that is a key of `table`."""
    if not table or not tokens[i].words or tokens[i].words[0] not in _firsts(table):
        return None
    for n in range(min(longest, len(tokens) - i), 0, -1):
        run = tokens[i : i + n]
        if any(t.used for t in run):
            continue
        key = tuple(w for t in run for w in t.words)
        if key in table:
            return table[key], n
    return None


class _Reader:
    def __init__(self, query: str, vocab: Vocab) -> None:
        self.query, self.vocab = query, vocab
        self.toks = _tokens(query)
        self.chips: list[Chip] = []
        self.values: dict[str, str] = {}
        self.speakers: list[str] = []
        self.orgs: list[str] = []
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
        elif fld not in self.values:
            self.values[fld] = value

    def free(self, i: int) -> bool:
        return 0 <= i < len(self.toks) and not self.toks[i].used

    def low(self, i: int) -> str:
        return self.toks[i].low if 0 <= i < len(self.toks) else ""

    # each reader tries to read a limit at token i; returns True when it took tokens
    def day(self, i: int) -> bool:
        v, w = self.vocab, self.low(i)
        cue = 1 if self.free(i - 1) and self.low(i - 1) in ("on", "this", "next") else 0
        if w in _DAY_WORDS and _DAY_WORDS[w] in v.weekdays():
            d = _DAY_WORDS[w]
            self.take(i, 1, "day", WEEKDAYS[d][:3].title(), WEEKDAYS[d].title(), cue)
            return True
        if w in _DAY_NAMES and v.days:  # a weekday the program has no talks on
            self.absent(i, 1, cue, f"on {WEEKDAYS[_DAY_NAMES[w]].title()}", "days")
            return True
        if w == "day" and self.free(i + 1) and self.low(i + 1).isdigit():
            n = int(self.low(i + 1))
            if 1 <= n <= len(v.days):
                self.take(i, 2, "day", v.days[n - 1].isoformat(), f"day {n}", cue)
                return True
            if n >= 1 and v.days:
                self.absent(i, 2, cue, f"on day {n}", "days")
                return True
        if w in _ORDINALS and self.low(i + 1) == "day" and self.free(i + 1):
            n = _ORDINALS[w]
            if v.days and -1 <= n <= len(v.days) and n != 0:
                self.take(i, 2, "day", v.days[n if n < 0 else n - 1].isoformat(), f"{w} day", cue)
                return True
        for n, found in ((1, self._date(w, "")), (2, self._date(w, self.low(i + 1)))):
            if found and found in v.days and all(self.free(j) for j in range(i, i + n)):
                if n == 1 and self._date(w, self.low(i + 1)):
                    continue
                self.take(i, n, "day", found.isoformat(), f"{found:%a %d %b}", cue)
                return True
        for n in (2, 1):  # a date the program has no talks on ("5 Feb", "2024-02-05")
            found = self._date(w, self.low(i + 1) if n == 2 else "")
            if found and v.days and all(self.free(j) for j in range(i, i + n)):
                self.absent(i, n, cue, f"on {found:%a %d %b}", "days")
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
        if not (a[:1].isdigit() or a[:3] in MONTHS):
            return None
        years = sorted({d.year for d in self.vocab.days}) or [date.today().year]
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", a) and not b:
            try:
                return date.fromisoformat(a)
            except ValueError:
                return None
        day_s, month_s = (a, b) if a[:1].isdigit() else (b, a)
        m = re.fullmatch(r"(\d{1,2})(st|nd|rd|th)?", day_s)
        if not m or month_s[:3] not in MONTHS or not b:
            return None
        for year in years:
            try:
                return date(year, MONTHS.index(month_s[:3]) + 1, int(m.group(1)))
            except ValueError:
                return None
        return None

    def time(self, i: int) -> bool:
        if not self.vocab.timed:
            return False
        w = self.low(i)
        cue = 1 if self.free(i - 1) and self.low(i - 1) in ("in", "this", "the") else 0
        if cue and self.low(i - 1) == "the" and self.free(i - 2) and self.low(i - 2) == "in":
            cue = 2
        if w in _PARTS:
            fld, hm = _PARTS[w]
            self.take(i, 1, fld, hm, w.rstrip("s"), cue)
            return True
        if w in ("between", "from") and self.time_range(i):
            return True
        if w in ("after", "before", "from", "since", "until", "till", "by") and self.free(i + 1):
            if self.low(i + 1) in ("lunch", "noon", "midday", "lunchtime"):
                lunch_after = "13:00" if self.low(i + 1).startswith("lunch") else "12:00"
                fld, value = (
                    ("before", "12:00")
                    if w in ("before", "until", "till", "by")
                    else ("after", lunch_after)
                )
                self.take(i, 2, fld, value, f"{w} {self.low(i + 1)}")
                return True
            hm = _hm(self.toks, i + 1)
            if hm and w != "by":
                fld = "before" if w in ("before", "until", "till") else "after"
                self.take(i, 1 + hm[1], fld, hm[0], f"{fld} {hm[0]}")
                return True
        return False

    def time_range(self, i: int) -> bool:
        """ "between 2 and 4pm", "from 10:00 to 12:00": both limits, or, when the range
        ends before it starts, words said back as not understood (never rewritten)."""
        a = _clock(self.toks, i + 1)
        if not a or any(not self.free(j) for j in range(i, i + 2 + a[1])):
            return False
        joins = ("and", "to", "-") if self.low(i) == "between" else ("to", "-", "until", "till")
        if self.low(i + 1 + a[1]) not in joins:
            return False
        b = _clock(self.toks, i + 2 + a[1])
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
        self.values["before"] = end
        return True

    def unclear(self, i: int, n: int, same: bool) -> None:
        """Words that read as a time range that ends before it starts (or as it starts)."""
        first, last = self.toks[i], self.toks[i + n - 1]
        for t in self.toks[i : i + n]:
            t.used = True
        self.chips.append(_unclear(self.query, first.start, last.end, same))

    def room(self, i: int) -> bool:
        rooms = self.vocab.rooms
        if self.low(i) == "room" and self.free(i + 1):
            found = _match_seq(self.toks, i + 1, rooms)
            if found:
                cue = 1 if self.free(i - 1) and self.low(i - 1) in ("in", "at") else 0
                self.take(i + 1, found[1], "room", found[0], f"room: {found[0]}", cue + 1)
                return True
            named = self.toks[i + 1].text.strip("?!,;:()")
            if rooms and any(ch.isdigit() for ch in named):  # "room K.9.999": no such room
                cue = 1 if self.free(i - 1) and self.low(i - 1) in ("in", "at") else 0
                self.absent(i, 2, cue, f"in room {named}", "rooms")
                return True
        found = _match_seq(self.toks, i, rooms)
        if found is None:
            return False
        cued = self.free(i - 1) and self.low(i - 1) in ("in", "at")
        distinctive = any(ch.isdigit() for ch in found[0])
        if cued or distinctive:
            self.take(i, found[1], "room", found[0], f"room: {found[0]}", 1 if cued else 0)
            return True
        return False

    def format(self, i: int) -> bool:
        if not self.vocab.formats or self.low(i).rstrip("s") not in _FORMAT_FIRST:
            return False
        for n in (4, 1):
            words = " ".join(self.low(j) for j in range(i, i + n))
            words = words[:-1] if words.endswith("s") and words[:-1] in _FORMATS else words
            if words not in _FORMATS or not all(self.free(j) for j in range(i, i + n)):
                continue
            for fmt in self.vocab.formats:
                name = norm(fmt)
                if any(re.search(rf"\b{re.escape(s)}\b", name) for s in _FORMATS[words]):
                    self.take(i, n, "format", fmt, f"format: {fmt}")
                    return True
        return False

    def track(self, i: int) -> bool:
        """ "kernel track", "the Go devroom", "Python track", "track kernel", "the Rust
        room": the words next to the cue name one track of the base."""
        if self.low(i) not in _TRACK_CUES or not self.vocab.tracks:
            return False
        for step in (-1, 1):  # the words right before the cue, else right after it
            cand: list[int] = []
            j = i + step
            while len(cand) < 3 and self.free(j) and self.low(j) not in FRAME | _TRACK_CUES:
                cand.append(j)
                j += step
            cand.sort()
            while cand:
                name = _one_track(self.vocab.tracks, [self.low(j) for j in cand])
                if name is not None:
                    first, last = min(cand[0], i), max(cand[-1], i)
                    cue = 1 if self.free(first - 1) and self.low(first - 1) in ("in", "at") else 0
                    if not cue and self.low(first - 1) == "the" and self.low(first - 2) in _IN:
                        cue = 2
                    self.take(first, last - first + 1, "track", name, f"track: {name}", cue)
                    return True
                cand = cand[1:] if step < 0 else cand[:-1]
        return False

    def person(self, i: int) -> bool:
        cued = self.free(i - 1) and self.low(i - 1) in _BY
        cue = 1 if cued else 0
        listed = self.low(i - 1) in ("or", "and", ",")
        found = _match_seq(self.toks, i, self.vocab.speakers)
        # a full name is distinctive wherever it stands, but in a long question only
        # a cue ("by", "from") makes it a limit: there names are often citations
        if found and found[1] >= 2 and (cued or listed or not self.long):
            return self._person(i, found[1], found[0], cue)
        org = _match_seq(self.toks, i, self.vocab.orgs)
        if org:
            end = i + org[1]
            followed = self.free(end) and self.low(end) in _GROUP
            alone = all(
                t.used or t.low in FRAME or j in range(i, end) for j, t in enumerate(self.toks)
            )
            if cued or followed or alone or (listed and self.orgs) or self.toks[end - 1].possessive:
                if not self._others(end):
                    self.take(i, org[1], "org", org[0], f"org: {org[0]}", cue)
                    return True
        if not (cued or self.toks[i].possessive or (listed and self.speakers)):
            return False
        for n in (2, 1):  # "by Gerard Salton", "by Salton", "Salton's"
            if n == 2 and not self.free(i + 1):
                continue
            w = self.low(i + n - 1)
            name = self.vocab.surnames.get(w)
            if name is None or (n == 2 and not _first_fits(self.low(i), name)):
                continue
            surname = next((p for p in re.findall(r"[\w'’-]+", name) if norm(p) == w), w)
            return self._person(i, n, surname, cue, name)
        return False

    def _person(self, i: int, n: int, value: str, cue: int, name: str | None = None) -> bool:
        if self._others(i + n):
            return False
        self.take(i, n, "speaker", value, f"speaker: {name or value}", cue)
        return True

    def _others(self, j: int) -> bool:
        """ "by Salton or others": an example of whom, not a limit."""
        return (
            self.low(j) in ("or", "and", "among", "etc", "etc.")
            and self.low(j + 1) in ("others", "other", "so", "more", "many")
        ) or self.low(j) in ("etc", "etc.")


def _unclear(query: str, start: int, end: int, same: bool, also: tuple[str, ...] = ()) -> Chip:
    """A chip saying back the words query[start:end] (with the words `also` elsewhere in
    the query): a time range that is no range."""
    source = query[start:end]
    why = "ends when it starts" if same else "ends before it starts"
    said = " with ".join(f"“{w}”" for w in (source, *also))
    return Chip(
        "unclear", source, f"not understood: {said} ({why}; no time limit set)", source, start, end
    )


def _inverted_times(r: _Reader) -> None:
    """An after-limit at or past the before-limit, however each was said ("after 5pm
    before 9am", "morning after 2pm", "after:17:00 before:09:00"): both are dropped and
    their words said back as not understood, never silently rewritten."""
    lo = _minutes(r.values.get("after") or "")
    uppers = [m for m in (_minutes(r.values.get(f) or "") for f in _UPPER) if m is not None]
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


def _first_fits(word: str, name: str) -> bool:
    """Whether `word` can be the first name of `name` ("Gerard" of "Salton, G.")."""
    last, comma, first = name.partition(",")
    firsts = word_tuple(first if comma else " ".join(name.split()[:-1]))
    if not firsts:
        return False
    initials = re.fullmatch(r"\w(?:\.\w)*\.?", firsts[0]) is not None  # "U.W.", "G"
    typed_initial = len(word.rstrip(".")) == 1  # "by L. Poettering"
    return firsts[0] == word or ((initials or typed_initial) and word[:1] == firsts[0][:1])


_IN = ("in", "at")
_TRACK_CUES = frozenset(
    "track tracks devroom devrooms dev-room dev-rooms room rooms stream streams".split()
)


def _one_track(tracks: dict[str, tuple[str, ...]], want: list[str]) -> str | None:
    """The one track whose name holds every word of `want` (as a word, or else as the
    start of one: "kernel" of "Kernel devroom"), not counting words like "devroom"."""
    stems = [_stem(w) for w in want]
    for exact in (True, False):
        names = [
            t
            for t, ws in tracks.items()
            if all(
                any(_stem(x) == w if exact else _stem(x).startswith(w) for x in ws) for w in stems
            )
        ]
        if len(names) == 1:
            return names[0]
        if names:
            return None
    return None


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def understand(query: str, vocab: Vocab) -> Understood:
    """Read the limits out of `query`; what is left is the topic."""
    r = _Reader(query, vocab)
    phrases: list[str] = []
    excluded: list[str] = []
    pieces = []  # (start, end) spans of operators and phrases, removed from the topic
    # In a long question quotes cite ("what you see is what you get" systems): they
    # stay words to rank by rather than phrases a talk must contain.
    quoting = len(re.sub(r'"[^"]*"', " ", query).split()) > LONG_WORDS
    for m in _TOKEN.finditer(query):
        op, quoted_value, phrase, raw = m.group(1), m.group(2), m.group(3), m.group()
        if op is None and phrase is None and ":" in raw:
            op, _, quoted_value = raw.partition(":")
        if op is not None and op.lower() in OPERATORS and (quoted_value or "").strip():
            fld, value = op.lower(), (quoted_value or "").strip()
            if fld == "org":
                known = _match_org(value, vocab)
                value = known or value
            r.chips.append(Chip(fld, value, f"{fld}: {value}", raw, m.start(), m.end()))
            if fld == "speaker":
                r.speakers.append(value)
            elif fld == "org":
                r.orgs.append(value)
            else:
                r.values[fld] = value
            pieces.append((m.start(), m.end()))
        elif phrase is not None and phrase.strip() and not quoting:
            phrases.append(" ".join(phrase.split()))
            r.chips.append(Chip("phrase", phrases[-1], f'"{phrases[-1]}"', raw, m.start(), m.end()))
            pieces.append((m.start(), m.end()))
        elif raw.startswith("-") and len(raw) > 2 and raw[1].isalpha():
            word = raw[1:].strip("?!.,;:")
            excluded.append(word)
            r.chips.append(Chip("exclude", word, f"not {word}", raw, m.start(), m.end()))
            pieces.append((m.start(), m.end()))
    for t in r.toks:
        if any(s <= t.start < e for s, e in pieces):
            t.used = True
    for reader in (r.day, r.time, r.room, r.format, r.track, r.person):
        for i in range(len(r.toks)):
            if r.free(i):
                reader(i)
    _inverted_times(r)
    left = [t for t in r.toks if not t.used]
    while left and left[0].low in FRAME:
        left.pop(0)
    while left and left[-1].low in FRAME:
        left.pop()
    topic = " ".join(t.text for t in left).strip(" ?!,;:")
    filters = Filters(**{k: v for k, v in r.values.items() if k in Filters.__dataclass_fields__})
    speakers, orgs = tuple(dict.fromkeys(r.speakers)), tuple(dict.fromkeys(r.orgs))
    if len(speakers) == 1:
        filters = replace(filters, speaker=speakers[0])
    if len(orgs) == 1:
        filters = replace(filters, org=orgs[0])
    return Understood(
        query=query,
        topic=topic,
        filters=filters,
        chips=tuple(sorted(r.chips, key=lambda c: c.start)),
        phrases=tuple(phrases),
        excluded=tuple(excluded),
        any_speakers=speakers if len(speakers) > 1 else (),
        any_orgs=orgs if len(orgs) > 1 else (),
    )


def literal(query: str) -> Understood:
    """The query taken as it is: nothing read out of it."""
    return Understood(query=query, topic=query.strip(), literal=True)


def _match_org(value: str, vocab: Vocab) -> str | None:
    return vocab.orgs.get(word_tuple(value))

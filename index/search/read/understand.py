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

import dataclasses
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from rapidfuzz.distance import OSA

from index.search.read import (
    asking,
    buildings,
    lengthwords,
    lexicon,
    negation,
    nowwords,
    roomlists,
    timecues,
    tracknames,
)
from index.search.read.vocab import Vocab, name_parts, norm, plain_text, suggest, word_tuple
from index.search.read.whenwords import (
    LONG_WORDS,
    WHEN_FIELDS,
    Chip,
    Words,
    either_days,
    inverted_times,
    match_seq,
)
from talkbase.core import languages, stemming
from talkbase.core.filters import Filters
from talkbase.core.languages import english_name
from talkbase.core.names import honorific, without_honorifics
from talkbase.core.terms import FORMAT_WORDS, ascii_digits, fold, type_word

__all__ = ["Chip", "Understood", "Vocab", "literal", "plain_text", "suggest", "understand"]

# Session formats people name, and the words a format's own name may use for them.
_FORMATS = FORMAT_WORDS
_FORMAT_FIRST = frozenset(k.split()[0].rstrip("s") for k in _FORMATS)
# Words that introduce a person or organisation, and words that follow one.
BY_WORDS = {"by", "from", "at", "with", "featuring"}  # (before a name: a speaker)
# "by Salton or others", "by Salton etc.": an example of whom, not a limit (`_others`)
OTHERS = {
    "joins": ("or", "and", "among", "etc", "etc."),
    "others": ("others", "other", "so", "more", "many"),
    "etc": ("etc", "etc."),
}
GROUP_WORDS = {
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
    i'd id would papers articles speaking speaks presenting talking that something""".split()
)
OPERATORS = ("speaker", "org", "room", "track", "day", "format", "after", "before")
# A surname said alone is that person only when at most this many talks use it as a
# word ("Poettering"); a surname that is a topic too ("Rust", "Go") stays a topic
SURNAME_ALONE_TALKS = 3
# a session type's word is matched by its stem only from this many letters: short words
# stem to little ("tour", "talks": Snowball leaves them or cuts them to a stub)
STEMMED_FROM = 5
# Words a language's name follows when it says what the talks are held in ("in
# German", "auf Deutsch", "en français", "em português"), and words that follow it so
LANGUAGE_CUES = frozenset(("in", "auf", "en", "em", "im"))
# (English's word for "language", Italian's and German's: `languages.LANGUAGE_WORDS`)
LANGUAGE_NOUNS = frozenset(
    ("speaking", "spoken", *(languages.LANGUAGE_WORDS[c][0] for c in ("en", "it", "de")))
)
_TOKEN = re.compile(r'(\w+):"([^"]*)"|"([^"]*)"|\S+')


_SAID_BACK = ("unclear", "absent")  # chips of words read as no limit
# "the first talk in the Rust devroom", "the last talk on Sunday": when all that is
# left of a query is one of these, it lists the talks in time order (no topic)
ORDER_WORDS = {
    "first": "first",
    "earliest": "first",
    "last": "last",
    "latest": "last",
    "final": "last",
}


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
    any_tracks: tuple[str, ...] = ()  # "the privacy devroom": a talk of any of them
    excluded_tracks: tuple[str, ...] = ()  # "not in the Go devroom": of none of them
    # "in building K", "in room 2 or room 3": a talk in any of these rooms (one room said
    # is `filters.room`)
    any_rooms: tuple[str, ...] = ()
    any_days: tuple[str, ...] = ()  # "sat and sun": a talk on any of them
    # "not on Saturday", "not before 10am": the talks passing any of these are left out
    excluded_limits: tuple[Filters, ...] = ()
    literal: bool = False
    order: str = ""  # "first" / "last": the talks listed by time, the latest first for "last"
    # the topic as shown (`shown_topic`), where it differs from what is ranked: the
    # search sets it (index/search/kb.py: without the program's function words)
    shown: str | None = field(default=None, repr=False, compare=False)

    @property
    def any_of(self) -> dict[str, tuple[str, ...]]:
        """The limits said as a list, by filter name: a talk passes by any one of its
        values ("by A or B", "in room 2 or room 3", "in building K", "sat and sun")."""
        said = {
            "speaker": self.any_speakers,
            "org": self.any_orgs,
            "track": self.any_tracks,
            "room": self.any_rooms,
            "day": self.any_days,
        }
        return {name: values for name, values in said.items() if values}

    @property
    def shown_topic(self) -> str:
        """The topic as a person is shown it ("नेटवर्क सुरक्षा", not "... को"); what is
        ranked is `topic`."""
        return self.topic if self.shown is None else self.shown

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
    def labels(self) -> tuple[str, ...]:
        """The label of each limit read ("Wednesday", "afternoon", "org: NVIDIA")."""
        return tuple(c.label for c in self.chips if c.field not in _SAID_BACK)

    @property
    def label(self) -> str:
        """ "Wednesday · afternoon · org: NVIDIA" """
        return " · ".join(self.labels)

    @property
    def asked(self) -> str:
        """The query without the words read as a day or a time: what tells whether it
        asks for housekeeping or for talks for newcomers ("MySQL talks before lunch"
        names a time, not the lunch break; "talks after the opening" still asks)."""
        return self._without(c for c in self.chips if c.field in WHEN_FIELDS)

    def without(self, chip: Chip) -> str:
        """The query with the words of one chip taken out: search it again to drop the chip."""
        return self._without([chip])

    def _without(self, chips: Iterable[Chip]) -> str:
        text = self.query
        for chip in sorted((c for c in chips if c.start >= 0), key=lambda c: -c.start):
            text = text[: chip.start] + " " + text[chip.end :]
        return " ".join(text.split())

    def to_dict(self) -> dict[str, object]:
        return {
            "query": self.query,
            "topic": self.shown_topic,
            "label": self.label,
            "filters": self.filters.active(),
            # (a limit said as a list: its values, a talk passing by any one)
            "any_of": {name: list(values) for name, values in self.any_of.items()},
            "phrases": list(self.phrases),
            "excluded": list(self.excluded),
            "left_out": [f.active() for f in self.excluded_limits],
            "chips": [
                {"field": c.field, "value": c.value, "label": c.label, "source": c.source}
                for c in self.chips
            ],
        }


class _Reader(Words):
    def __init__(self, query: str, vocab: Vocab) -> None:
        super().__init__(query, vocab)
        self.kinds_maybe: list[tuple[int, int, str]] = []  # (i, n, type): `kind_alone`

    def room(self, i: int) -> bool:
        rooms, forms = self.vocab.rooms, self.vocab.room_forms  # ("в Залі Б": "Зала Б")
        nouns = lexicon.room_words(self.vocab.spoken)  # "room", "sala", "palco", "stage"
        if not match_seq(self.toks, i, rooms, forms=forms) and self._numbered_room(i):
            return True
        # "room K.3.201", "sala MOV" (unless the room's own name starts so: "Hall 1")
        noun = self.low(i) in nouns or self._room_noun_form(i)  # ("в зале Казань")
        if noun and self.free(i + 1) and not match_seq(self.toks, i, rooms, forms=forms):
            found = match_seq(self.toks, i + 1, rooms, forms=forms)
            if found:
                cue = 1 if self.free(i - 1) and self.low(i - 1) in ("in", "at") else 0
                self.take(i + 1, found[1], "room", found[0], f"room: {found[0]}", cue + 1)
                return True
            named = self.toks[i + 1].text.strip("?!,;:()")
            if rooms and any(ch.isdigit() for ch in named):  # "room K.9.999": no such room
                cue = 1 if self.free(i - 1) and self.low(i - 1) in ("in", "at") else 0
                self.absent(i, 2, cue, f"in room {named}", "rooms")
                return True
        found = match_seq(self.toks, i, rooms, forms=forms)
        if found is None:
            return self._elided_room(i)
        # "in Ada", "im Lichthof", "nella sala XOR": English's words before a place and
        # those of the languages the program is written in (lexicon.PLACE_WORDS)
        cued = self.free(i - 1) and self.low(i - 1) in lexicon.at_place(self.vocab.spoken)
        # ...or the next of a list of rooms ("in Main Hall or Lab": as after "in")
        listed = None if cued else roomlists.after_a_room(self, i, found[1])
        # a code ("K.3.201"), or a name no talk's title or abstract uses whole ("XOR",
        # "MOV" at a camp whose stages are named so; "Große Halle" where abstracts say
        # "große" but never "Halle"): a room wherever it stands
        words = [w for t in self.toks[i : i + found[1]] for w in t.words]
        words = [forms.get(w, w) for w in words] if forms is not None else words  # ("Залі")
        distinctive = any(ch.isdigit() for ch in found[0]) or not all(
            w in self.vocab.words for w in words
        )
        if cued or listed is not None or distinctive:
            end = i + found[1]  # "the Lameere room": the word "room" goes with its name
            # (not over a comma: "in room 2, room 3" is two rooms)
            whole = not self.toks[end - 1].text.endswith(",")
            n = found[1] + int(whole and self.free(end) and self.low(end) in nouns)
            self.take(i, n, "room", found[0], f"room: {found[0]}", 1 if cued else listed or 0)
            return True
        return False

    def _room_noun_form(self, i: int) -> bool:
        """Whether token `i` is a word for a room in another form, in a language of the
        talks that inflects it (`languages.inflects`: Russian "в зале" of "зал")."""
        codes = [c for c in self.vocab.spoken if languages.inflects(c)]
        w = self.low(i)
        return w.isalpha() and any(
            stemming.a_form_of(w, noun, codes)
            for c in codes
            for noun in lexicon.ROOM_WORDS.get(c, ())
        )

    def _elided_room(self, i: int) -> bool:
        """ "dans l'Amphi A", "nell'Aula Magna": a room whose first word follows an
        article elided onto it (`lexicon.PLACE_WORDS` of the talks' languages: "l'",
        "nell'"), read as after a word for a place ("dans la Salle B")."""
        article, _, rest = self.low(i).replace("\u2019", "'").partition("'")
        places = lexicon.at_place(self.vocab.spoken)
        if not rest or f"{article}'" not in places or not self.free(i):
            return False
        toks = [dataclasses.replace(self.toks[i], words=word_tuple(rest)), *self.toks[i + 1 :]]
        found = match_seq(toks, 0, self.vocab.rooms)
        if found is None:
            return False
        cue = int(self.free(i - 1) and self.low(i - 1) in places)  # ("dans")
        self.take(i, found[1], "room", found[0], f"room: {found[0]}", cue)
        return True

    def _numbered_room(self, i: int) -> bool:
        """ "in room 2", "dans la salle 2", "im Saal 12", or "room 2" as the whole query:
        a word for a room of any language (not a stage's: "stage 2 breast cancer") and
        the number or letter that the name of one room ends in after such a word ("Sala
        2", "Cinéma Le Royal – Salle 2"; `Vocab.numbered_rooms`), where one room does
        ("room 1" is never "Room 10"; a number alone is no room). Another word than the
        room's own only where the base calls its rooms with one word ("Sala 2", "Sala
        12"): where it has rooms and halls ("Room 1", "Hall B"), "hall 2" is no "Room
        2" (the absent notice says so), nor where the talks use the word themselves
        (Amharic "ክፍል": a room, a part, a class; "ክፍል 2" is part 2 where the rooms are
        "አዳራሽ 1", "አዳራሽ 2")."""
        word, listed = self.low(i), self._listed_room(i)
        if listed is not None and ascii_digits(self.low(i)) in self.vocab.numbered_rooms:
            word, i = listed, i - 1  # "in room 2 or 3": the number takes the word before
        codes = lexicon.numbered_room_words().get(word)
        own = self._own_room_noun(word) if codes is None else None
        if own is not None:  # ("באולם 2": the base's "אולם", "in" glued before it)
            word, codes = own, frozenset(self.vocab.spoken)
        glued = own is not None  # ("ב": "in", a word for a place of its own)
        if codes is None or not self.free(i + 1):
            return False
        said = self.vocab.numbered_rooms.get(ascii_digits(self.low(i + 1)), ())  # ("۲", "2")
        # (a word the talks' own text uses in their language, "ክፍል" of "… ክፍል 2", part
        # 2, is a room's only where the base's rooms are named with it)
        theirs = word in self.vocab.words and bool(codes & self.vocab.spoken)
        if word in self.vocab.room_nouns or len(self.vocab.room_nouns) > 1 or theirs:
            said = tuple(x for x in said if x[0] == word)
        letter = self.toks[i + 1].text.strip("?!,;:()")
        if len({room for _, room in said}) != 1 or (letter.isalpha() and not letter.isupper()):
            return False  # ("room a" is "a room"; "Room A", "hall B" name one)
        places = lexicon.at_place(self.vocab.spoken | codes)
        # the room named with another word than its own, where its own is no word for
        # a room of the lexicon ("room 2" where the rooms are "Level 1", "Level 2": the
        # base's one word numbering them), says so in its label ("Raum 2" for "Room 2",
        # "sala 2" for "Aula 2" need not: the lexicon's words for a room are one)
        label = f"room: {said[0][1]}"
        if said[0][0] != word and said[0][0] not in lexicon.numbered_room_words():
            label += f" (for “{word} {self.toks[i + 1].text.strip('?!,;:()')}”)"
        if listed is not None:  # "in room 2 or room 3", "in room 2 or 3": the list's cue
            cue = int(word == self.low(i) and fold(self.low(i - 1)) in roomlists.joins(self.vocab))
            self.take(i, 2, "room", said[0][1], label, cue)
            return True
        cue = 0
        while cue < 2 and self.free(i - cue - 1) and self.low(i - cue - 1) in places:
            cue += 1  # "in", "dans la", "im"
        if not cue and not glued and not (i == 0 and len(self.toks) == 2):
            return False  # the words stand as a room only after a word for a place, or alone
        self.take(i, 2, "room", said[0][1], label, cue)
        return True

    def _own_room_noun(self, word: str) -> str | None:
        """The word the base's rooms are numbered with (`Vocab.room_nouns`) that `word`
        says with a preposition of the talks' language glued before it (Hebrew
        "באולם": in the hall; `lexicon.DAY_PREFIXES`); None for any other word. (A
        room's word in another case is read by `Vocab.name_forms`: "v místnosti 102".)"""
        for p in lexicon.day_prefixes(self.vocab.spoken):
            if word.startswith(p) and word[len(p) :] in self.vocab.room_nouns:
                return word[len(p) :]
        return None

    def _listed_room(self, i: int) -> str | None:
        """The word for a room of the room just read by `_numbered_room` where token `i`
        follows it in a list ("in room 2 or room 3", "room 2, room 3", "in room 2 or 3",
        "in Raum 2 oder Raum 3": a list's words of any language asked in,
        `roomlists.joins`): the second takes the first's word for a place. None elsewhere."""
        join = fold(self.low(i - 1)) in roomlists.joins(self.vocab) and self.free(i - 1)
        end = i - 2 if join else i - 1
        if not (join or self.toks[end].text.endswith(",")) or end < 1 or self.free(end):
            return None
        last = self.chips[-1] if self.chips else None
        if last is None or last.field != "room" or last.end != self.toks[end].end:
            return None
        word = self.low(end - 1)
        return word if word in lexicon.numbered_room_words() else None

    def format(self, i: int) -> bool:
        if not self.vocab.formats:
            return False
        if self.low(i).rstrip("s") not in _FORMAT_FIRST:
            return self._own_format(i) or self._kind(i)
        for n in (4, 2, 1):  # "birds of a feather", "main track", "keynote"
            words = " ".join(self.low(j) for j in range(i, i + n))
            words = words[:-1] if words.endswith("s") and words[:-1] in _FORMATS else words
            if words not in _FORMATS or not all(self.free(j) for j in range(i, i + n)):
                continue
            for fmt in self.vocab.formats:
                name = norm(fmt)
                if any(re.search(rf"\b{re.escape(s)}", name) for s in _FORMATS[words]):
                    end = i + n  # "the lightning talk room", "bof rooms": the format's room
                    noun = self.free(end) and self.low(end) in ("talk", "talks", "session")
                    end += int(noun and self.low(end + 1) in ("room", "rooms"))
                    n = end - i + int(self.free(end) and self.low(end) in ("room", "rooms"))
                    self.take(i, n, "format", fmt, f"format: {fmt}")
                    return True
        return self._kind(i)

    def language(self, i: int) -> bool:
        """ "talks in German", "auf Deutsch", "in italiano", "German talks", "English
        security talks": a language some talk is in (`Vocab.languages`), named after a
        cue (`LANGUAGE_CUES`), before a word for talks or "language", or opening a
        query about talks; elsewhere it stays a topic word ("German energy policy")."""
        found = match_seq(self.toks, i, self.vocab.languages)
        if found is None:
            return self._language_compound(i) or self._language_adjective(i)
        code, n = found
        end = i + n
        cues = LANGUAGE_CUES | lexicon.language_cues(self.vocab.asked_in)  # ("用英语", "باللغة")
        cued = self.free(i - 1) and self.low(i - 1) in cues
        # two cues in a row: "in" and the word for "language" ("به زبان فارسی")
        twice = cued and self.free(i - 2) and self.low(i - 2) in cues - {self.low(i - 1)}
        # "in het Engels": a cue, then an article of a language the visitor may ask in
        article = not cued and self.free(i - 2) and self.low(i - 2) in LANGUAGE_CUES
        article = article and self.free(i - 1) and self.low(i - 1) in self._articles()
        cued = cued or article
        said = LANGUAGE_NOUNS | lexicon.language_said(self.vocab.asked_in)  # ("英语讲的")
        named = self.free(end) and self.low(end) in said
        group = GROUP_WORDS | lexicon.talk_nouns(self.vocab.asked_in)
        # a word for talks after it, in a language that puts its adjectives before
        # their noun ("German talks", "Deutsch Vorträge"; not "cinéma anglais conférences")
        before = talks_after_language(self.vocab.asked_in)
        # "英語のトーク": a language, a word for "of", a word for talks (a cue said
        # after it between: "英語以外のトーク", talks not in English)
        k = end + next((c.n for c in self.cues if c.i == end and c.kind == "after"), 0)
        of = self.free(k) and self.low(k) in lexicon.of_words(self.vocab.asked_in)
        followed = named or (self.free(k) and self.low(k) in before)
        followed = followed or (of and self.free(k + 1) and self.low(k + 1) in group)
        opening = i == 0 and any(self.low(j) in group for j in range(end, end + 3))
        # a word for talks before it, in a language that names a language after its noun
        # and has no adjective of its own for it ("سخنرانی‌های فارسی", "sesi bahasa Inggris")
        after_noun = self.free(i - 1) and self.low(i - 1) in talks_before_language(
            self.vocab.asked_in
        )
        # its name said with the word for "language" first, as a cue is ("tiếng Việt":
        # the Vietnamese language; as "bahasa", a cue, reads "bahasa Indonesia")
        worded = n > 1 and self.low(i) in lexicon.language_words(self.vocab.asked_in)
        if not (cued or followed or opening or after_noun or worded):
            return self._language_adjective(i)
        label = f"in {english_name(code)}"
        self.take(i, n + int(named), "language", code, label, int(cued) + int(article) + int(twice))
        return True

    def _articles(self) -> frozenset[str]:
        """The words said before a place in the languages a visitor may ask in, less
        English's ("the English track" names no language)."""
        return lexicon.place_words(self.vocab.asked_in) - lexicon.PLACE_CUES

    def _language_compound(self, i: int) -> bool:
        """ "Spanish-language sessions": a language and its noun written as one word
        (`LANGUAGE_NOUNS`), a limit as "in Spanish" is, as is a word that says "in" a
        language ("по-английски", "بالإنجليزية", "англійською (мовою)": `Vocab.language_said`)."""
        said = self.vocab.language_said.get(self.low(i)) if self.free(i) else None
        if said is not None:  # (the word for "language" after it too: "українською мовою")
            nouns = lexicon.language_words(self.vocab.asked_in)
            after = self.free(i + 1) and self.low(i + 1) in nouns
            # (its language's "in" before it taken too: Czech "v angličtině")
            cues = lexicon.language_cues(self.vocab.asked_in)
            cue = int(self.free(i - 1) and self.low(i - 1) in cues)
            self.take(i, 1 + int(after), "language", said, f"in {english_name(said)}", cue)
            return True
        words = self.low(i).split("-")
        code = self.vocab.languages.get(tuple(words[:-1])) if len(words) > 1 else None
        if code is None or not self.free(i) or words[-1] not in LANGUAGE_NOUNS:
            return False
        self.take(i, 1, "language", code, f"in {english_name(code)}")
        return True

    def _language_adjective(self, i: int) -> bool:
        """ "Engelstalige talks", "englischsprachige Vorträge": a language said as an
        adjective in a language a visitor may ask in (`Vocab.language_adjectives`), a
        limit on the side of a word for talks its language puts it
        (`lexicon.ADJECTIVE_AFTER_NOUN`: "Engelse talks", "conférences anglaises"), or
        with that language's word for "language" after a cue ("en lengua inglesa", "in
        englischer Sprache", "in de Engelse taal"), or, where it says the language alone
        ("-talig", "-sprachig"), opening a query about talks ("Engelstalige security
        talks"); elsewhere a word ("Vorträge Deutsche Bahn", "cocina española charlas",
        "historia de la lengua española", "films met Engelstalige ondertiteling")."""
        found = self.vocab.language_adjectives.get(self.low(i)) if self.free(i) else None
        if found is None:
            return False
        code, alone, said_in = found
        group = GROUP_WORDS | lexicon.talk_nouns(self.vocab.asked_in)
        j = i - 1 if said_in in lexicon.ADJECTIVE_AFTER_NOUN else i + 1  # (its noun)
        noun = self.free(j) and self.low(j) in group
        language = self.free(j) and self.low(j) in lexicon.language_words(self.vocab.asked_in)
        k = min(i, j) - 1  # (the cue before the pair, an article between)
        cued = language and self.free(k) and self.low(k) in LANGUAGE_CUES
        if language and not cued and self.free(k) and self.low(k) in self._articles():
            k -= 1
            cued = self.free(k) and self.low(k) in LANGUAGE_CUES
        # after its own language's "in", the adjective alone ("на английском"), and the
        # word for "language" after it taken too ("на английском языке")
        own = lexicon.language_cues(frozenset((said_in,)))
        if own and self.free(i - 1) and self.low(i - 1) in own:
            after = self.free(i + 1) and self.low(i + 1) in lexicon.language_words(
                frozenset((said_in,))
            )
            self.take(i, 1 + int(after), "language", code, f"in {english_name(code)}", 1)
            return True
        opening = alone and i == 0 and any(self.low(m) in group for m in range(1, 4))
        if not (noun or cued or opening):
            return False
        n = 1 + int(cued and j > i)  # ("englischer Sprache")
        self.take(i, n, "language", code, f"in {english_name(code)}", i - k if cued else 0)
        return True

    def _in_a_track_name(self, i: int, n: int) -> bool:
        """Whether tokens i..i+n are words of a track's name said with a neighbour of
        that name ("FOSDEM junior": the track, not the type "junior")."""
        words = {w for j in range(i, i + n) for w in self.toks[j].words}
        near = {w for j in (i - 1, i + n) if 0 <= j < len(self.toks) for w in self.toks[j].words}
        return any(words <= set(tw) and near & set(tw) for tw in self.vocab.tracks.values())

    def _own_format(self, i: int) -> bool:
        """A session type as the program spells it ("concerts", "lightning talks" for
        `lightning_talk`, "podcast"): its words in a row, plurals folded
        (`Vocab.format_names`), or the same words by their stems in a language the
        program is written in or English ("Podiumsdiskussionen", "Führungen",
        "lezingen": talkbase/core/stemming.py)."""
        names = self.vocab.format_names
        codes = sorted(self.vocab.spoken | {"en"})

        def named(said: list[str], key: tuple[str, ...]) -> tuple[str, bool] | None:
            fmt = names.get(key)
            if fmt is None and all(len(w) >= STEMMED_FROM for w in said):
                fmt = next(
                    (f for k, f in names.items() if stemming.same_words(said, k, codes)), None
                )
            return None if fmt is None else (fmt, True)

        return self._type_said(i, named)

    def _kind(self, i: int) -> bool:
        """A kind of session said in English or a language of that type's talks, where
        the program calls its type of that kind otherwise ("keynotes", "plenarias": its
        "Conferencia plenaria"; "concerts", "Blitzvorträge": its "Konzert",
        "lightning_talk"; "symposia": its "Symposium"): the kind's words
        (lexicon.SESSION_KINDS), plurals folded (`type_word`) or by their stems in the
        kind's language. The type of the very sense said wins ("round tables": a
        "Mesa redonda" before a "Panel"). Said in the singular, the words may be a
        topic's ("reading RFID tags", "panel data", "a concerted effort"): then a type
        only where nothing else but limits is asked (`kind_alone`)."""
        v = self.vocab

        def of_kind(said: list[str], key: tuple[str, ...]) -> tuple[str, bool] | None:
            if any("-" in w for w in said):  # ("бліц-доповіді": its words as a type's are)
                said = [p for w in said for p in w.split("-") if p]
                key = tuple(type_word(w) for w in said)
            stems = all(len(w) >= STEMMED_FROM for w in said)
            found = []  # (type, read at once), a form said in the plural first
            for code, words, folded, sense in lexicon.kind_words(v.spoken):
                if len(words) != len(said):
                    continue
                if key != words and not (stems and stemming.same_words(said, folded, [code])):
                    continue
                fmt = v.format_senses.get(sense) or v.format_kinds.get(lexicon.kind_of(sense))
                if fmt is not None and (code == "en" or code in v.format_languages[fmt]):
                    plural = _plural(said, folded, code) or words in lexicon.kind_plurals()
                    found.append((fmt, plural))
            return max(found, key=lambda f: f[1], default=None)

        return bool(v.format_kinds) and self._type_said(i, of_kind)

    def _type_said(
        self, i: int, find: Callable[[list[str], tuple[str, ...]], tuple[str, bool] | None]
    ) -> bool:
        """The session type `find` names by the words from token i (three, two or one
        of them, free, and not a track's name said with it: `_in_a_track_name`), given
        the words and the same words folded as a type's are (`type_word`), and whether
        it is read at once; where not, it waits for `kind_alone`."""
        for n in (3, 2, 1):
            run = range(i, i + n)
            if not all(self.free(j) for j in run):
                continue
            said = [w for j in run for w in self.toks[j].words]
            found = find(said, tuple(type_word(w) for w in said))
            if found is not None and not self._in_a_track_name(i, n):
                if found[1]:
                    self.take(i, n, "format", found[0], f"format: {found[0]}")
                    return True
                self.kinds_maybe.append((i, n, found[0]))
                return False
        return False

    def kind_alone(self, frame: frozenset[str]) -> None:
        """A kind said in the singular (`_kind`) is the type asked for where it is
        all that is left besides limits, `frame` words and words for "of"
        ("Blitzvortrag am zweiten Tag", "plenary talks"), never beside a topic
        ("reading comprehension")."""
        if len(self.kinds_maybe) != 1 or "format" in self.values:
            return
        i, n, fmt = self.kinds_maybe[0]
        frame = frame | lexicon.of_words(self.vocab.asked_in)  # ("土曜日のワークショップ")
        run = range(i, i + n)
        left = [j for j in range(len(self.toks)) if self.free(j) and j not in run]
        if all(self.free(j) for j in run) and all(self.low(j) in frame for j in left):
            self.take(i, n, "format", fmt, f"format: {fmt}")

    def track(self, i: int) -> bool:
        """ "kernel track", "the Go devroom", "the Rust and Go devrooms", "not in the
        Go devroom" (index/search/read/tracknames.py)."""
        return tracknames.read(self, i, FRAME)

    def whole_track(self, i: int) -> bool:
        """A track's long name in full, with no cue (index/search/read/tracknames.py)."""
        return tracknames.read_whole(self, i)

    def person(self, i: int) -> bool:
        cued = self.free(i - 1) and self.low(i - 1) in BY_WORDS
        of = 0 if cued else self._of_cue(i)  # ("charlas de la", "talks van", "Vorträge vom")
        cue = 1 if cued else of
        cued = cued or bool(of)
        # after a word for "of", one word many talks use is their topic ("charlas de
        # Rust"), and so is one written lowercase that any talk uses ("charlas de datos")
        w = self.low(i)
        lower = self.free(i) and self.toks[i].text.islower() and w in self.vocab.words
        topic = bool(of) and (self.vocab.counts.get(w, 0) > SURNAME_ALONE_TALKS or lower)
        listed = self.low(i - 1) in lexicon.LISTING
        found = match_seq(self.toks, i, self.vocab.speakers, forms=self.vocab.name_forms)
        one = self.vocab.one_word_names.get(w) if self.free(i) and not found else None
        if one and (cued or self._name_marked(i)):  # ("王伟的演讲", "佐藤さんの発表")
            marked = self.free(i + 1) and self.low(i + 1) in lexicon.name_marks(self.vocab.asked_in)
            return self._person(i, 1 + int(marked), one, cue)
        # a full name is distinctive wherever it stands, but in a long question only
        # a cue ("by", "from") makes it a limit: there names are often citations
        if found and found[1] >= 2 and (cued or listed or not self.long):
            return self._person(i, found[1], found[0], cue)
        org = match_seq(self.toks, i, self.vocab.orgs)
        if org:
            end = i + org[1]
            followed = self.free(end) and self.low(end) in GROUP_WORDS
            alone = all(
                t.used or t.low in FRAME or j in range(i, end) for j, t in enumerate(self.toks)
            )
            by = cued and not (topic and org[1] == 1)
            if by or followed or alone or (listed and self.orgs) or self.toks[end - 1].possessive:
                if not self._others(end):
                    self.take(i, org[1], "org", org[0], f"org: {org[0]}", cue)
                    return True
        alone = all(t.used or t.low in FRAME or j == i for j, t in enumerate(self.toks))
        rare = self.vocab.counts.get(self.low(i), 0) <= SURNAME_ALONE_TALKS
        if alone and rare and not self.long and self.low(i) in self.vocab.surnames:
            # a surname said alone ("Poettering"): that person's talks, before a talk
            # that only names them in its title (issue 39)
            full = self.vocab.surnames[self.low(i)]
            written = next((p for p in name_parts(full) if norm(p) == self.low(i)), full)
            return self._person(i, 1, written, 0, full)
        if not (cued or self.toks[i].possessive or (listed and self.speakers)):
            return False
        held = self._within_a_name(i) if cued else 0
        if held:  # "de José García" of "María José García" and "José García López"
            said = " ".join(self.toks[j].text.strip("?!,;:()") for j in range(i, i + held))
            return self._person(i, held, said, cue)
        for n in (2, 1):  # "by Gerard Salton", "by Salton", "Salton's"
            if n == 2 and not self.free(i + 1):
                continue
            w = self.low(i + n - 1)
            if n == 1 and topic:
                continue
            name = self.vocab.surnames.get(w)
            if name is None and of:  # (no typo of a name after "de": "de lingüística")
                continue
            if name is None and not (n == 1 and w in self.vocab.first_names):
                # (a word the talks use is no typo: "with video" is not "with Vides")
                name = None if w in self.vocab.words else _one_typo_from(w, self.vocab.surnames)
            if name is None or (n == 2 and not _first_fits(self.low(i), name)):
                continue
            parts = name_parts(name)
            surname = next((p for p in parts if norm(p) == w), None) or next(
                (p for p in reversed(parts) if OSA.distance(norm(p), w) <= 1), w
            )
            return self._person(i, n, surname, cue, name)
        first = self.vocab.first_names.get(self.low(i))  # "by Lennart": anyone so named
        return bool(first and cued and self.low(i - 1) == "by" and self._person(i, 1, first, cue))

    def _of_cue(self, i: int) -> int:
        """How many words before token i say whose talks follow in a visitor's language:
        a word for "of" other than English's, with an article after it, right after a
        word for talks ("charlas de la", "talks van", "Vorträge vom"); 0 where they are
        not so. What follows is read only where it is a name the base holds."""
        of = lexicon.of_words(self.vocab.asked_in) - lexicon.of_words(frozenset())
        k = 2 if self.low(i - 2) in of and self.low(i - 1) in self._articles() else 1
        if not all(self.free(j) for j in range(i - k, i)) or self.low(i - k) not in of:
            return 0
        group = GROUP_WORDS | lexicon.talk_nouns(self.vocab.asked_in)
        return k if self.free(i - k - 1) and self.low(i - k - 1) in group else 0

    def _within_a_name(self, i: int) -> int:
        """How many tokens from i (two or three) are words of a speaker's name in a row,
        not the whole of it ("José García" of "María José García"): a limit to the
        speakers whose names hold them, as a surname alone is; 0 where none is."""
        for n in (3, 2):
            words = tuple(self.low(j) for j in range(i, i + n))
            if all(self.free(j) for j in range(i, i + n)) and words in self.vocab.name_pieces:
                return n
        return 0

    def _name_marked(self, i: int) -> bool:
        """Whether the one-word name at toks[i] is said as a person's: with a word that
        marks a person after it (`lexicon.NAME_MARKS`: "佐藤さん", "김민준 씨"), or a word
        for a talk, or one for "of" and a word for a talk ("王伟的演讲", "김민준의 발표");
        else, where it is no word of the talks (`Vocab.worded_names`), either at the
        start of its run of letters with a word for "of" after it ("李娜的大模型") or
        alone, or at the end of its run after another word of it, the query's only
        other words ("听王伟": listen to Wang Wei); never inside a run ("高峰" of
        "流量高峰的应对")."""
        asked = self.vocab.asked_in
        plain = lexicon.name_of(asked)
        after = self.low(i + 1) if self.free(i + 1) else ""
        of = self.toks[i].possessive or after in plain
        noun = (
            self.low(i + 1 + int(after in plain)) if self.free(i + 1 + int(after in plain)) else ""
        )
        nouns = lexicon.talk_nouns(asked)  # ("김민준 발표")
        if after in lexicon.name_marks(asked) - plain or after in nouns or (of and noun in nouns):
            return True
        start, end = self.toks[i].start, self.toks[i].end
        cut = start > 0 and self.query[start - 1].isalnum()  # ("流量高峰")
        ends = end == len(self.query) or not self.query[end].isalnum()
        if (cut and not ends) or self.low(i) in self.vocab.worded_names:
            return False
        # (the words glued before it in its run: "听" of "听王伟")
        run = re.search(r"\S*$", self.query[:start]).start()  # type: ignore[union-attr]
        alone = all(
            t.used or t.low in FRAME or j == i or (cut and t.start >= run and t.end <= start)
            for j, t in enumerate(self.toks)
        )
        alone = alone and self.vocab.counts.get(self.low(i), 0) <= SURNAME_ALONE_TALKS
        return (of and not cut) or alone

    def _person(self, i: int, n: int, value: str, cue: int, name: str | None = None) -> bool:
        if self._others(i + n):
            return False
        self.take(i, n, "speaker", value, f"speaker: {name or value}", cue)
        return True

    def _others(self, j: int) -> bool:
        """ "by Salton or others": an example of whom, not a limit (`OTHERS`)."""
        return (self.low(j) in OTHERS["joins"] and self.low(j + 1) in OTHERS["others"]) or self.low(
            j
        ) in OTHERS["etc"]


def talks_after_language(asked: frozenset[str]) -> frozenset[str]:
    """The words for talks that, said right after a language's name, make it a limit
    (`_Reader.language`): English's, and those of the languages asked in that put an
    adjective before its noun ("German talks", "Deutsch Vorträge"; not "cinéma anglais
    conférences": `lexicon.ADJECTIVE_AFTER_NOUN`). The offline site reads these
    (index/site/export.py `reading`)."""
    return frozenset(GROUP_WORDS) | lexicon.talk_nouns(asked - lexicon.ADJECTIVE_AFTER_NOUN)


def talks_before_language(asked: frozenset[str]) -> frozenset[str]:
    """The words for talks that, said right before a language's name, make it a limit
    (`_Reader.language`): those of the languages asked in that name a language after
    its noun and have no adjective of their own for it (`lexicon.ADJECTIVE_AFTER_NOUN`
    less `LANGUAGE_ADJECTIVE_ENDINGS`: "سخنرانی‌های فارسی", "sesi bahasa Inggris"). The
    offline site reads these (index/site/export.py `reading`)."""
    plain = lexicon.ADJECTIVE_AFTER_NOUN - set(lexicon.LANGUAGE_ADJECTIVE_ENDINGS)
    return lexicon.talk_nouns(asked & plain)


def _plural(said: list[str], words: tuple[str, ...], code: str) -> bool:
    """Whether `said` is the kind's `words` in another form than its own: in English a
    plural ("readings", "symposia"; "concerted" is no "concert"), elsewhere any other
    form the stems allow ("Blitzvorträge", "Lesungen")."""
    forms = [fold(w) for w in said]
    if code == "en":
        return any(type_word(w) != w or w.endswith("s") for w in forms)
    return tuple(forms) != words


def _first_fits(word: str, name: str) -> bool:
    """Whether `word` can be the first name of `name` ("Gerard" of "Salton, G.")."""
    last, comma, first = name.partition(",")
    # (the titles before it left out: "Sarah" is the first name of "Dr. Sarah Evans")
    firsts = without_honorifics(word_tuple(f"{first} {last}" if comma else name))[:-1]
    if not firsts:
        return False
    if honorific(word):  # "by Prof. Costa", "by Dr. Evans"
        return True
    initials = re.fullmatch(r"\w(?:\.\w)*\.?", firsts[0]) is not None  # "U.W.", "G"
    typed_initial = len(word.rstrip(".")) == 1  # "by L. Poettering"
    typo = len(word) >= 4 and OSA.distance(firsts[0], word, score_cutoff=1) <= 1  # "Lenart"
    return firsts[0] == word or typo or ((initials or typed_initial) and word[:1] == firsts[0][:1])


def _one_typo_from(word: str, surnames: dict[str, str]) -> str | None:
    """The full name of the one surname a typo away from `word` ("Poetering"), for
    words of five letters or more; None when none is, or several are."""
    if len(word) < 5:
        return None
    near = [
        n
        for s, n in surnames.items()
        if s[:1] == word[:1] and OSA.distance(s, word, score_cutoff=1) <= 1
    ]
    return near[0] if len(set(near)) == 1 else None


# -- the reader, as a declared pipeline -------------------------------------------

WHOLE, TOKENS, AFTER = "whole", "tokens", "after"  # the phases, in this order


@dataclass(frozen=True)
class Reader:
    """One step of reading a query. A `WHOLE` or `AFTER` step reads the whole query
    once (`read(words)`); a `TOKENS` step is tried at each token no earlier step took
    (`read(words, i)`, True when it took tokens), so the first to claim a token wins."""

    name: str
    phase: str
    read: Callable[..., object]
    why: str  # why it stands where it does


def _leave_out_cues(r: _Reader) -> None:
    r.cues = negation.exclusions(r, FRAME)


def _left_out(r: _Reader) -> None:
    # (a word for a talk may stand between a limit and its cue: "영어 세션 빼고", as
    # "saturday talks excluded")
    frame = FRAME | lexicon.talk_nouns(r.vocab.asked_in)
    r.excluded += negation.negated(r, r.cues, frame)


# The order is the precedence: nowhere else is it written.
READERS: tuple[Reader, ...] = (
    Reader(
        "time cues in other languages",
        WHOLE,
        timecues.read,
        "'dopo le 21', 'nach 14 Uhr' made the English cue they say first: it joins "
        "tokens, so no reader may hold a token's place before it",
    ),
    Reader(
        "frame",
        WHOLE,
        asking.frame,
        "the question's own words ('what can I see', 'at "
        "FOSDEM') are no topic and no limit: taken before anything reads them",
    ),
    Reader(
        "leave-out cues",
        WHOLE,
        _leave_out_cues,
        "'but not', 'except', 'tranne' found "
        "first, so no reader takes them; what they leave out is decided AFTER",
    ),
    Reader(
        "now",
        TOKENS,
        lambda r, i: nowwords.read(r, i),
        "'now', 'coming up': before the clock, which would read 'now' as no time",
    ),
    Reader("day", TOKENS, _Reader.day, "a weekday, a date, 'day 2', 'today'"),
    Reader(
        "time",
        TOKENS,
        _Reader.time,
        "parts of the day and clock times with a cue "
        "('after 3pm', 'between 2 and 4'): after the day, which they may follow",
    ),
    Reader(
        "clock alone",
        TOKENS,
        _Reader.clock_alone,
        "'Sunday 9am', '9-11': only once no cue claimed the number",
    ),
    Reader(
        "length",
        TOKENS,
        lambda r, i: lengthwords.read(r, i),
        "'short talks', 'under "
        "30 minutes': after the clock, so '30' after 'under' is minutes, not a time",
    ),
    Reader(
        "building",
        TOKENS,
        lambda r, i: buildings.read(r, i),
        "'in building K': before rooms, which would read 'K' alone",
    ),
    Reader("room", TOKENS, _Reader.room, "a room by its code, name or a room word"),
    Reader(
        "format",
        TOKENS,
        _Reader.format,
        "'keynote', 'lightning talks': a session kind "
        "some talk has, before tracks that may share its name",
    ),
    Reader(
        "language",
        TOKENS,
        _Reader.language,
        "'in German', 'auf Deutsch': before "
        "people, so a surname 'Deutsch' is no speaker after 'auf'",
    ),
    Reader("track", TOKENS, _Reader.track, "'the Go devroom', 'not in the Go devroom'"),
    Reader(
        "whole track",
        TOKENS,
        _Reader.whole_track,
        "a track's long name with no cue: "
        "only once a day or time was read (it looks at their chips)",
    ),
    Reader(
        "person",
        TOKENS,
        _Reader.person,
        "last: a name is read only where nothing "
        "else took its words; its 'alone' test looks at what the others took",
    ),
    Reader(
        "inverted times",
        AFTER,
        inverted_times,
        "a range that ends before it starts is said back, never rewritten: needs every time read",
    ),
    Reader(
        "either day",
        AFTER,
        either_days,
        "'sat and sun': two day chips make one either-day limit: needs every day read",
    ),
    Reader(
        "left out",
        AFTER,
        _left_out,
        "the cues found first leave out the limits read by them, or words: needs every limit read",
    ),
    Reader(
        "either room",
        AFTER,
        roomlists.either_rooms,
        "'in room 2 or room 3': the rooms said make one limit, any of them: "
        "after what was left out, which goes whole and is no room asked for",
    ),
)


# a particle of a text written without spaces (Japanese's "の", "で", "から"): a run of
# one to three hiragana, which a topic neither begins nor ends with once the words
# beside it were read as limits ("土曜の午前のセキュリティの話" is about "セキュリティの話")
_PARTICLE = re.compile(r"[\u3040-\u309f]{1,3}")


def _written(left: list, toks: list, particles: Collection[str] = ()) -> str:
    """The topic's tokens (`left`, of the query's `toks`) as the visitor wrote them: a
    space between two only where one stood between them, not where a text without
    spaces was cut into words (whenwords._runs); a particle at either end left out
    where it goes with a word read as a limit ("土曜の" of "土曜のセキュリティ"; and
    one of a run of Chinese characters, `particles`: "的" of "下午的数据库")."""
    place = {id(t): k for k, t in enumerate(toks)}

    def particle(t: Any) -> bool:
        return bool(_PARTICLE.fullmatch(t.text)) or t.text in particles

    def with_a_limit(t: object, step: int) -> bool:
        k = place[id(t)] + step
        return 0 <= k < len(toks) and toks[k].used

    def a_word(t: Any) -> bool:  # the topic's one word of kana, no particle: "うたの"
        return len(left) == 1 and len(t.text) > 2 and t.text not in particles

    while left and particle(left[0]) and with_a_limit(left[0], -1) and not a_word(left[0]):
        left = left[1:]
    while left and particle(left[-1]) and with_a_limit(left[-1], 1) and not a_word(left[-1]):
        left = left[:-1]
    out = ""
    for k, t in enumerate(left):
        joined = k and left[k - 1].end == t.start and not t.text.isascii()
        out += ("" if joined or not k else " ") + t.text
    return out


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
    r.excluded = excluded
    for reader in READERS:  # in the registry's order: its order is the precedence
        if reader.phase == TOKENS:
            for i in range(len(r.toks)):
                if r.free(i):
                    reader.read(r, i)
        else:
            reader.read(r)
    frame = FRAME | lexicon.talk_nouns(vocab.asked_in)  # ("英語のトーク": no topic "トーク")
    r.kind_alone(frame)
    left = [t for t in r.toks if not t.used]
    while left and left[0].low in frame:
        left.pop(0).used = True  # (no topic: a particle beside it goes too, `_written`)
    while left and left[-1].low in frame:
        left.pop().used = True
    order = ""
    if len(left) == 1 and left[0].low in ORDER_WORDS and r.vocab.timed:  # "the last talk"
        order, t = ORDER_WORDS[left[0].low], left.pop()
        label = "earliest first" if order == "first" else "latest first"
        r.chips.append(Chip("order", order, label, t.text, t.start, t.end))
    topic = _written(left, r.toks, vocab.run_words[1]).strip(" ?!,;:")
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
        any_tracks=tuple(r.tracks),
        excluded_tracks=tuple(r.tracks_not),
        any_rooms=tuple(r.rooms),
        any_days=tuple(r.days),
        excluded_limits=tuple(r.left_out),
        order=order,
    )


def literal(query: str) -> Understood:
    """The query taken as it is: nothing read out of it."""
    return Understood(query=query, topic=query.strip(), literal=True)


def _match_org(value: str, vocab: Vocab) -> str | None:
    return vocab.orgs.get(word_tuple(value))

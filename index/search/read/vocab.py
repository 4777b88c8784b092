"""What a knowledge base holds, for reading queries: its days, rooms, tracks,
formats, people, organisations (under all their spellings) and words, built once
per base from its talks; and "did you mean" for words it does not hold.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from typing import Any

import duckdb
from rapidfuzz import process
from rapidfuzz.distance import OSA

from index.search.rank.stopwords import language_list
from index.search.rank.tokens import kept_marks, marked_words, word_marks
from index.search.read import lexicon
from index.search.read.inflection import MIN_SHORT_NAME, Inflected, fleeting_forms
from index.store import counts, reads
from talkbase.core import acronyms as acronym_pairs
from talkbase.core import languages
from talkbase.core.names import untitled, without_honorifics
from talkbase.core.orgs import aliases, orgs_of
from talkbase.core.records import Talk
from talkbase.core.stemming import ENDING_LETTERS, a_form_of
from talkbase.core.terms import (
    EAST_ASIAN,
    HAN,
    UNSPACED_LETTERS,
    ascii_digits,
    fold,
    singular,
    type_word,
)

# words for a room in any language the lexicon knows: never a room's name alone
_ROOM_NOUNS = frozenset(fold(w) for ws in lexicon.ROOM_WORDS.values() for w in ws)
FORMAT_SHARE = 0.5  # a session type more talks have than this is no limit read from words
COMMON_SHARE = 0.4  # a word in more of the talks than this does not make a match alone
COMMON_MIN_TALKS = 20  # in a smaller base every shared word counts
SUGGESTIONS_KEPT = 4096  # "did you mean" answers remembered per base
_PARTS_SPLIT = re.compile(r"[.+-]")
# the number or letter a room's name ends in after a word for a room: "2", "12b", "a"
_ROOM_NUMBER = re.compile(r"\d{1,4}[a-z]?|[a-z]")
_NUMBERED = re.compile(r"[0-9a-z]")  # (what is left of "ホールA" without its ホール)
_CJK_WORD = re.compile(rf"[{EAST_ASIAN}]{{2,}}")  # (a weekday said short: "周六")
_HAN = re.compile(f"[{HAN}]")  # (a Chinese character)
_ONE_WORD_NAME = re.compile(f"[{EAST_ASIAN}]{{2,4}}")  # ("김민준", "王伟", "佐藤")
_UNSPACED = re.compile(f"[{UNSPACED_LETTERS}]")  # (a letter of a script written so)


norm = fold  # (the name this module's readers use)


@functools.cache
def _word() -> re.Pattern[str]:
    """A word as the reader compares words: letters and digits with "." "+" "-" inside
    ("c++.net", "fp8-e4m3"), going on through the marks after its letters as the word
    index cuts it (index/search/rank/tokens.py `word_marks`: "নিরাপত্তা", "सुरक्षा"
    whole, not "পত", "रकष")."""
    marks = word_marks()
    return re.compile(rf"\w[\w.+\-{marks}]*[\w{marks}]|\w[{marks}]*")


def word_tuple(text: str) -> tuple[str, ...]:
    """`text`'s words, folded (`norm`), as the reader compares them (`_word`)."""
    return tuple(_word().findall(norm(text)))


def name_parts(name: str) -> list[str]:
    """The words of a person's name as written, an apostrophe or a hyphen inside one
    ("O'Neil", "Jean-Luc"), each going on through the marks after its letters
    ("সুলতানা" whole, as `word_tuple` cuts it)."""
    return re.findall(rf"(?:[\w'’-]|[{word_marks()}])+", name)


def lettered(word: str) -> bool:
    """Whether `word` is letters only, the marks after them counted as letters
    (lexicon.letters: "সন্ধ্যায়" is, "c++" and "2024" are not)."""
    return word.isalpha() or lexicon.letters(word)


@dataclass
class Vocab:
    """The values a knowledge base holds, to recognise in queries. Built once per base."""

    days: tuple[date, ...] = ()
    rooms: dict[tuple[str, ...], str] = field(default_factory=dict)  # words -> room
    tracks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # track -> its words
    formats: tuple[str, ...] = ()
    speakers: dict[tuple[str, ...], str] = field(default_factory=dict)  # full name words -> name
    surnames: dict[str, str] = field(default_factory=dict)  # last name -> a full name
    first_names: dict[str, str] = field(default_factory=dict)  # folded -> as a name writes it
    # a name of one word in East Asian script ("김민준", "王伟", "佐藤"), folded -> as
    # written: read as a speaker beside a word that marks a name (lexicon.NAME_MARKS)
    one_word_names: dict[str, str] = field(default_factory=dict)
    orgs: dict[tuple[str, ...], str] = field(default_factory=dict)  # spelling words -> canonical
    timed: bool = False
    words: frozenset[str] = frozenset()  # every word of titles and abstracts
    counts: dict[str, int] = field(default_factory=dict)  # word -> talks holding it
    common: frozenset[str] = frozenset()  # words in over COMMON_SHARE of the talks
    conference: str = ""  # the conference's name where the base holds one ("FOSDEM 2024")
    timezone: str = ""  # its zone where the program gives one ("Europe/Brussels")
    # acronym -> its long form's words, as the talks define them ("uki": unified kernel image)
    acronyms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # a language's names (in English, its own, and each other language the talks are in)
    # -> its code, for the languages some talk is in ("tedesco", "deutsch", "german": de)
    languages: dict[tuple[str, ...], str] = field(default_factory=dict)
    # ...and the adjectives a visitor makes of those names in the languages they may ask
    # in (lexicon.language_adjectives): "engelse" -> ("en", False: beside a word for
    # talks only, "nl": the language it is said in), "engelstalige" -> ("en", True: alone)
    language_adjectives: dict[str, tuple[str, bool, str]] = field(default_factory=dict)
    # ...and the words that say "in" one of them alone (lexicon.language_said_as):
    # "по-английски", "بالإنجليزية" -> "en"
    language_said: dict[str, str] = field(default_factory=dict)
    # weekdays and parts of the day as the talks' other languages write them (CLDR):
    # "sabato" -> 5, "sera" -> "evening"; English's are index/search/read/daywords.py's
    # (and, in a language that inflects them, their inflected forms: inflection.py)
    day_words: dict[str, int] = field(default_factory=Inflected)
    # ...and as a language that writes them in two words says them short, with that
    # language ("sexta" of "sexta-feira" -> (4, "pt"): languages.weekday_short_names):
    # often words of their own too ("segunda": second), read as a day only where one
    # stands (index/search/read/whenwords.py `Words.short_day`)
    short_days: dict[str, tuple[int, str]] = field(default_factory=dict)
    # the months as the talks' other languages write them in a date (CLDR, whole):
    # "ноября" -> 11 ("20 ноября"); English's are daywords.MONTHS
    month_words: dict[str, int] = field(default_factory=dict)
    spoken: frozenset[str] = frozenset()  # the languages some talk is in (ISO 639-1)
    # ...and those a visitor may ask in: where the conference is, and every language the
    # reader has words for (lexicon.ASKED_IN); read where they are no words of the talks
    asked_in: frozenset[str] = frozenset()
    # the parts of the day of `part_words` that are also their language's word for a day
    # from today ("morgen", "mañana": tomorrow too): read next to a day or after an
    # article only ("Sonntag morgen", "am Morgen", "por la mañana"; not "von morgen")
    ambiguous_parts: frozenset[str] = frozenset()
    # the weekdays and parts of the day of `day_words` and `part_words` in a language no
    # talk is in, with it: read by a day, a time or an article beside them, or where
    # the query says another word of that language ("talk su Rust domenica", "python ce
    # soir"; not "placido domingo", "blood sera analysis")
    foreign_words: dict[str, str] = field(default_factory=dict)
    # a session type as the program spells it, its words folded and singular ("lightning
    # talk" of "lightning_talk", "concert" of "Concerts"), for types few enough talks have
    format_names: dict[tuple[str, ...], str] = field(default_factory=dict)
    # a sense of session (lexicon.SESSION_KINDS: "plenary", "concert") -> the session
    # type of `format_names` of that sense ("Conferencia plenaria", "Konzert"), the
    # plainest one (the fewest words: "Symposium" before "Satellite symposium") where
    # several are; and a kind (lexicon.kind_of: "keynote" of a plenary) -> its plainest type
    format_senses: dict[str, str] = field(default_factory=dict)
    format_kinds: dict[str, str] = field(default_factory=dict)
    # each type of `format_kinds` -> the languages its talks are in
    format_languages: dict[str, frozenset[str]] = field(default_factory=dict)
    part_words: dict[str, str] = field(default_factory=Inflected)
    # a room whose name ends in a word for a room and a number or letter ("Sala 2",
    # "Cinéma Le Royal – Salle 2", "Room A", "اتاق ۲"), by that number (in ASCII digits:
    # terms.ascii_digits) or letter -> (the word, the room) of each: "room 2", "salle 2",
    # "Saal 2" name it with another word for a room where the base calls its rooms with
    # one word only (`room_nouns`)
    numbered_rooms: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    room_nouns: frozenset[str] = frozenset()  # the words for a room of those names

    @cached_property
    def name_words(self) -> frozenset[str]:
        """Every word of a speaker's name (full names, surnames, first names), made
        once per base: "Lange" of Eva Lange is no length word there."""
        words = {w for key in self.speakers for w in key} | set(self.one_word_names)
        return frozenset(words | set(self.surnames) | set(self.first_names))

    @cached_property
    def worded_names(self) -> frozenset[str]:
        """The names of one word (`one_word_names`) the talks' titles and abstracts
        write as a word or inside one ("高峰" of "流量高峰的应对": peak; "하늘": sky):
        read as a speaker only with a word that marks a person after them. (Each word's
        pieces of a name's length are gathered once: no scan of every word per name.)"""
        lengths = {len(n) for n in self.one_word_names}
        pieces = {w[i : i + k] for w in self.words for k in lengths for i in range(len(w) - k + 1)}
        return frozenset(n for n in self.one_word_names if n in pieces)

    @cached_property
    def run_words(self) -> tuple[frozenset[str], frozenset[str]]:
        """The words a run of letters written without spaces is cut at where a language
        written so is asked in (`lexicon.CUT_IN_RUNS`: Chinese, Thai...;
        whenwords._cut_at_known), folded: the base's weekdays, parts of the day, rooms,
        tracks, session types and languages written in such letters (terms.UNSPACED),
        and the lexicon's words of those languages; and the particles cut off beside
        them (`lexicon.RUN_PARTICLES`). Empty elsewhere."""
        asked = self.asked_in & lexicon.CUT_IN_RUNS
        if not asked:
            return frozenset(), frozenset()
        names = [*self.day_words, *self.part_words, *self.tracks, *self.formats]
        names += [*self.rooms.values(), *(" ".join(k) for k in self.languages)]
        names += self.one_word_names.values()  # ("王伟的演讲")
        own = {norm(n) for n in names if _UNSPACED.search(n) and " " not in n.strip()}
        return frozenset(own | lexicon.run_words(asked)), lexicon.run_particles(asked)

    @cached_property
    def run_text(self) -> tuple[str, frozenset[str]]:
        """The base's own words written in Chinese characters, one a line, where a
        run of them is cut at known words (`run_words`), and the weekdays and parts of
        the day of those: one of these that ends inside a word of the text is not cut
        at (whenwords._inside_a_word: "周日" of "周日志分析"). Empty elsewhere."""
        if not self.run_words[0]:
            return "", frozenset()
        text = "\n".join(sorted(w for w in self.words if _HAN.search(w)))
        said = {norm(w) for w in (*self.day_words, *self.part_words) if _HAN.search(w)}
        return text, frozenset(said)

    @cached_property
    def name_forms(self) -> Inflected | None:
        """The words of the base's rooms, speakers' names and tracks, each answering for
        its inflected forms by the rule the weekdays are read by (inflection.py: all of
        it but its last letter and an ending of one to three letters; four letters or
        more), where a language of the talks inflects (`languages.inflects`): Ukrainian
        "Залі" of "Зала", "Ірини" of "Ірина", "Петренка" of "Петренко". The reader
        compares a room, a name or a track through them where it is not said as the
        base writes it (whenwords.py `match_seq`). None where no language inflects."""
        if not any(languages.inflects(code) for code in self.spoken):
            return None
        forms = Inflected()
        for key in (*self.rooms, *self.tracks.values()):
            for word in key:
                forms.inflect(word, word)
        for key in self.speakers:  # (a first name of three letters too: Czech "Jana" of Jan)
            for word in key:
                forms.inflect(word, word, shortest=MIN_SHORT_NAME)
        return forms

    @cached_property
    def room_forms(self) -> Inflected | None:
        """`name_forms`, and in a base with talks in a language other than English, the
        words of its rooms answering for a case ending glued to them, whole or less their
        last letter (inflection.py: Finnish "salissa", "Pääsalissa" of "Sali 2",
        "Pääsali"; Hungarian "a B teremben", "Díszteremben"; Serbian "у Сали 2" of "Сала
        2"), where no language of the talks inflects by CLDR's tables too: the ending is
        cut against the base's own few room names, not English's words for a room
        ("rooms"). None in a base all in English."""
        if self.spoken <= {"en"}:
            return self.name_forms
        forms = Inflected()
        english = set(lexicon.ROOM_WORDS["en"])  # ("rooms 2 or 3": English's plural, no case)
        for key in self.rooms:
            for word in key:
                if word not in english:
                    forms.inflect(word, word, whole=True)
        named = self.name_forms
        if named is not None:  # (its tracks and speakers, by their rule)
            for stem, value in named.stems.items():
                forms.stems.setdefault(stem, value)
            for stem, values in named.shared.items():
                forms.shared[stem] = forms.shared.get(stem, frozenset()) | values
        return forms

    @cached_property
    def words_by_start(self) -> dict[str, list[str]]:
        """The known words by all their letters but the last (`language_word`'s
        lookup of the words a form may be of), made once per base."""
        ends: dict[str, list[str]] = {}
        for w in sorted(w for w in self.words if lettered(w)):
            ends.setdefault(w[:-1], []).append(w)
        return ends

    @classmethod
    def from_talks(cls, talks: Iterable[Talk]) -> Vocab:
        v = cls()
        days: set[date] = set()
        vocab_words: set[str] = set()
        org_names: set[str] = set()
        conferences: set[str] = set()
        zones: dict[str, str] = {}  # conference -> the zone of its first timed talk
        df: Counter[str] = Counter()
        defined: Counter[acronym_pairs.Pair] = Counter()
        n = 0
        spoken: set[str] = set()
        formats: Counter[str] = Counter()
        format_languages: dict[str, set[str]] = {}
        for t in talks:
            n += 1
            if t.language:
                spoken.add(t.language)
            defined.update(acronym_pairs.of_talk(t.title, t.abstract))
            if t.start is not None:
                v.timed = True
                days.add(t.start.date())
            if t.conference:
                conferences.add(t.conference)
                if t.conference not in zones and t.zone:
                    zones[t.conference] = t.zone
            if t.room:
                v.rooms[word_tuple(t.room)] = t.room
            if t.track:
                v.tracks[t.track] = word_tuple(t.track)
            if t.format and t.format not in v.formats:
                v.formats += (t.format,)
            if t.format:
                formats[t.format] += 1
                if t.language:
                    format_languages.setdefault(t.format, set()).add(t.language)
            for s in t.speakers:
                v._add_speaker(s.name)
                if s.affiliation:
                    org_names.update(o.name for o in _orgs_of(s.affiliation))
            own = talk_words(t)
            vocab_words |= own
            df.update(own)
        v.days = tuple(sorted(days))
        v._add_format_names(formats, n, format_languages)
        v.conference = next(iter(conferences)) if len(conferences) == 1 else ""
        v.timezone = zones.get(v.conference, "")
        v._add_room_names()
        v._add_orgs(org_names)
        v._add_words(vocab_words, df, n)
        v.acronyms = acronym_pairs.table(defined)
        v._add_languages(spoken)
        v._add_local_words(v.timezone)
        return v

    @classmethod
    def from_store(cls, con: duckdb.DuckDBPyConnection) -> Vocab:
        """The vocabulary of a build's database (a DuckDB connection), read with a few
        aggregate queries: equal to `from_talks` over its talks. The words come from
        the `words` table; a build without one (format 2) has them counted from the
        titles and abstracts, still without reading whole talks."""
        v = cls()
        v.days = tuple(reads.days(con))
        v.timed = bool(v.days)
        v.conference, v.timezone = _one_conference(con)
        v.rooms = _last_wins((word_tuple(r), r, a, b) for r, a, b in reads.spread(con, "room"))
        v._add_room_names()
        v.tracks = {t: word_tuple(t) for t, _, _ in reads.spread(con, "track")}
        v.formats = tuple(f for f, _, _ in reads.spread(con, "format"))
        format_languages: dict[str, set[str]] = {}
        for fmt, code in reads.format_languages(con):
            format_languages.setdefault(fmt, set()).add(code)
        type_counts = Counter(dict(reads.format_counts(con)))
        v._add_format_names(type_counts, reads.talk_count(con), format_languages)
        names = reads.speaker_spread(con)
        v.speakers = _last_wins(
            (key, said, a, b)
            for name, a, b in names
            for key, said in _name_keys(name)
            if _spoken(key)
        )
        for name, _, _ in names:  # by first place: the first full name holding a surname wins
            v._add_names_of(name, _name_keys(name)[-1][0])
        v._add_orgs({o.name for a in reads.affiliations(con) for o in _orgs_of(a)})
        n = reads.talk_count(con)
        # (a table cut at the marks after letters, of a base made before: counted anew)
        if reads.has_table(con, "words") and reads.words_cut_through(con, kept_marks()):
            counted = reads.words(con)
            v._add_words({w for w, _ in counted}, Counter(dict(counted)), n)
        else:
            df: Counter[str] = Counter()
            for rows in reads.titles_and_abstracts(con):
                for title, abstract in rows:
                    df.update(words_of(title, abstract or ""))
            v._add_words(set(df), df, n)
        v.acronyms = acronym_pairs.table(counts.acronym_counts(con))
        v._add_languages(reads.languages(con))
        v._add_local_words(v.timezone)
        return v

    def _add_format_names(
        self, counts: Counter[str], talks: int, spoken_in: Mapping[str, Collection[str]]
    ) -> None:
        """Each session type few enough talks have (at most FORMAT_SHARE of them) by its
        words as the program spells them, separators and plurals folded; not a type
        named only by generic words ("Talk", "Mazungumzo": lexicon.generic_session_words). Each of
        them of a sense of session by its plainest type of that sense and kind, with
        the languages its talks are in (`spoken_in`: type -> languages)."""
        for fmt, n in counts.items():
            key = _type_key(fmt)
            if not key or n > FORMAT_SHARE * max(talks, 1):
                continue
            if all(w in lexicon.generic_session_words() for w in key):
                continue
            self.format_names.setdefault(key, fmt)
            # (and its words as `singular` folds them, for a stem to match: "plenarie",
            # "plenaria" of a "Sessione plenaria", whose `type_word` is "plenarium")
            self.format_names.setdefault(_type_key(fmt, singular), fmt)
            senses = lexicon.senses_of(key)
            if senses:
                self.format_languages[fmt] = frozenset(spoken_in.get(fmt, ()))
            for sense in senses:  # (by fewest words: the plainest type of each)
                for table, said in (
                    (self.format_senses, sense),
                    (self.format_kinds, lexicon.kind_of(sense)),
                ):
                    if said not in table or len(key) < len(_type_key(table[said])):
                        table[said] = fmt

    def _add_languages(self, codes: Collection[str]) -> None:
        """Each name of each language of `codes`, said in English, in its own words or
        in any other of `codes` (talkbase/core/languages.py)."""
        self.spoken = frozenset(codes)
        for code in sorted(codes):
            for name in languages.names(code, codes):
                key = word_tuple(name)
                if key:
                    self.languages.setdefault(key, code)
            if code != "en":
                self._add_when_words(code, theirs=True)

    def _add_local_words(self, zone: str) -> None:
        """The weekdays and parts of the day in the languages spoken where the
        conference is held (its zone's country: talkbase/core/languages.py), then in
        those the reader has words for (lexicon.ASKED_IN), for a visitor who asks in
        them of a program written in another ("am Sonntag" of FOSDEM's English program
        in Brussels, "domenica" there too)."""
        others = dict.fromkeys((*languages.spoken_where(zone), *lexicon.ASKED_IN))
        for code in others:
            if code not in self.spoken and code != "en":  # (read already: English always)
                self._add_when_words(code, theirs=False)
        self.asked_in = self.spoken | frozenset(others)
        for code in sorted(self.spoken):
            for said_in in sorted(self.asked_in):
                for name in languages.names_in(code, said_in):  # ("енглески", "engleski")
                    for word, alone in lexicon.language_adjectives(name, said_in).items():
                        self.language_adjectives.setdefault(word, (code, alone, said_in))
                    for word in lexicon.language_said_as(name, said_in):
                        self.language_said.setdefault(word, code)

    def _add_when_words(self, code: str, theirs: bool) -> None:
        """`code`'s weekdays and parts of the day (CLDR). In a language of the talks
        (`theirs`) every full name and the abbreviations the talks do not use as words
        ("sab", "dom"; "mar" is a sea too); in another, only words the talks do not use
        and no speaker is called ("Domingo")."""

        def free(word: str) -> bool:  # no word of the talks, no name of a speaker
            return theirs or not (
                word in self.words or word in self.first_names or word in self.surnames
            )

        inflects = theirs and languages.inflects(code)  # ("w środę": inflection.py)
        days, said = self.day_words, self.part_words
        if inflects and isinstance(days, Inflected) and isinstance(said, Inflected):
            blocked = self.words | set(self.first_names) | set(self.surnames)
            # (nor the language's ordinals: Greek "δεύτερη μέρα", the second day, is no
            # form of "Δευτέρα", Monday)
            for after in (False, True):
                blocked |= set(lexicon.day_ordinals(frozenset({code}), after))
            # (nor another noun of a weekday's stem less its fleeting vowel: "piątka")
            other = tuple(norm(e) for e in lexicon.FLEETING_OTHER_NOUNS.get(code, ()))
            for word in languages.weekday_names(code):
                blocked |= fleeting_forms(norm(word), other)
            # (added to the other inflecting languages' words: Greek's ordinals stay
            # blocked in a program in Ukrainian too)
            days.blocked = said.blocked = days.blocked | frozenset(blocked)
        for word, day in languages.weekday_names(code).items():
            if free(norm(word)) and norm(word) not in self.day_words:
                self.day_words[norm(word)] = day
                if not theirs:  # (`foreign_words`)
                    self.foreign_words[norm(word)] = code
            # (a query's word is read without its zero-width joiner, as a direction mark:
            # Sinhala "බ්‍රහස්පතින්දා", Thursday, CLDR writes with one)
            joined = norm(word).replace("\u200d", "")
            if joined != norm(word) and free(joined):
                self.day_words.setdefault(joined, day)
            if inflects and isinstance(days, Inflected):
                days.inflect(norm(word), day)
        for word, day in languages.weekday_short_names(code).items():
            key = norm(word)
            if free(key) and key not in self.common and key not in self.day_words:
                self.short_days.setdefault(key, (day, code))
        if theirs:  # (two characters of an East Asian script are a word: "周六")
            for word, month in languages.month_names(code).items():
                self.month_words.setdefault(norm(word), month)
            for word, day in languages.weekday_names(code, "abbreviated").items():
                long = len(norm(word)) >= 3 or _CJK_WORD.fullmatch(norm(word))
                if long and norm(word) not in self.words:
                    self.day_words.setdefault(norm(word), day)
            for word, day in lexicon.WEEKDAYS_MORE.get(code, {}).items():  # ("礼拜六")
                if norm(word) not in self.words:
                    self.day_words.setdefault(norm(word), day)
        # (the lexicon's words over CLDR's: Greek "βράδυ" is CLDR's night, but a Greek
        # asks for the evening with it; Tamil "மாலை" is CLDR's afternoon, said of the evening)
        parts = {**languages.day_part_names(code), **lexicon.DAY_PARTS.get(code, {})}
        relative = languages.relative_day_names(code)
        # ...and the last word of one said in several ("i morgon", "i morgen": tomorrow)
        relative |= {n.split()[-1] for n in relative if " " in n}
        # the language's word for a day (the first of its DAY_NOUNS) is no part of the day,
        # though CLDR names one so (Russian "день": the afternoon; its "дня" said after a
        # time stays one: "во второй половине дня", "3 часа дня")
        day_noun = lexicon.DAY_NOUNS.get(code, ("",))[0]
        for word, part in parts.items():
            key = norm(word).replace("\u2019", "'")  # ("l’après-midi" typed "l'après-midi")
            if key == day_noun:
                continue
            if free(key) and key not in self.part_words:
                self.part_words[key] = part
                if key in relative or word in relative:  # (`ambiguous_parts`)
                    self.ambiguous_parts |= {key}
                if not theirs:
                    self.foreign_words[key] = code
            if inflects and isinstance(said, Inflected):
                said.inflect(key, part)

    def _add_speaker(self, name: str) -> None:
        keys = _name_keys(name)
        for key, said in keys:
            if _spoken(key):
                self.speakers[key] = said
        self._add_names_of(name, keys[-1][0])

    def _add_names_of(self, name: str, key: tuple[str, ...]) -> None:
        """A full name's surname and first name, to read "by Poettering", "by Lennart";
        the first name also of a name whose surname is too short to read alone ("by
        Cheuk" of "Cheuk Ting Ho"); a name of one word in East Asian script as it is
        ("王伟": `one_word_names`)."""
        if _ONE_WORD_NAME.fullmatch(name.strip()):
            self.one_word_names[norm(name.strip())] = name.strip()
        if _surname_key(key):
            self.surnames.setdefault(key[-1], name)
        if _surname_key(key) or _spoken(key):
            if len(key[0]) >= 3 and key[0].isalpha():
                written = next((p for p in name.replace(",", " ").split() if norm(p) == key[0]), "")
                self.first_names.setdefault(key[0], written or key[0])

    def _add_room_names(self) -> None:
        """A room also by its code alone ("UB2.252A" of "UB2.252A (Lameere)"), by its
        name alone ("Lameere"), by its code as typed in a hurry ("ub2 252a", "h2215",
        "k4201": its letters and digits), by its name's words without their hyphens
        ("chaos west buhne"), by any one word of a name of several ("Zuse" of "Hall
        Zuse"; not a word for a room, "hall", "stage") and by its name in ASCII digits
        ("اتاق 2" of "اتاق ۲"), where no other room is called so."""
        extra: dict[tuple[str, ...], set[str]] = {}
        for key, room in self.rooms.items():
            ascii_key = tuple(map(ascii_digits, key))  # "اتاق 2" of "اتاق ۲" (terms.ascii_digits)
            if ascii_key != key:
                extra.setdefault(ascii_key, set()).add(room)
            code = key[0] if key and any(ch.isdigit() for ch in key[0]) else ""
            if len(key) >= 2 and code:
                extra.setdefault(key[:1], set()).add(room)
                extra.setdefault(key[1:], set()).add(room)
            if code:
                extra.setdefault((re.sub(r"[^0-9a-z]", "", code),), set()).add(room)
                extra.setdefault(tuple(p for p in code.split(".") if p), set()).add(room)
            if not code and len(key) >= 1:
                split = tuple(w for part in key for w in part.split("-") if w)
                if split != key:  # "chaos west buhne" of "Chaos-West Bühne"
                    extra.setdefault(split, set()).add(room)
                if len(split) >= 2:  # "Zuse" of "Hall Zuse", "Chaos-West" of the stage
                    for w in {*split, *(p for p in key if "-" in p)}:
                        if len(w) >= 3 and w.replace("-", "").isalpha() and w not in _ROOM_NOUNS:
                            extra.setdefault((w,), set()).add(room)
        for key, rooms in extra.items():
            if len(rooms) == 1 and key not in self.rooms:
                self.rooms[key] = next(iter(rooms))
        numbered: dict[str, set[tuple[str, str]]] = {}
        # a word for a room of the lexicon's, or the base's own: one its rooms name two
        # numbers with ("Místnost 101", "Místnost 102"; "सभागृह २", "सभागृह ३")
        before_numbers: dict[str, set[str]] = {}
        for key, room in self.rooms.items():
            if len(key) >= 2 and _ROOM_NUMBER.fullmatch(ascii_digits(key[-1])):
                before_numbers.setdefault(key[-2], set()).add(room)
        own = {w for w, rooms in before_numbers.items() if len(rooms) >= 2 and lettered(w)}
        for key, room in self.rooms.items():
            number = ascii_digits(key[-1])  # ("اتاق ۲" is room 2: `numbered_rooms`)
            noun = len(key) >= 2 and (key[-2] in _ROOM_NOUNS or key[-2] in own)
            if noun and _ROOM_NUMBER.fullmatch(number):
                numbered.setdefault(number, set()).add((key[-2], room))
        self.numbered_rooms = {n: tuple(sorted(rooms)) for n, rooms in numbered.items()}
        said = {w for key in self.rooms for w in key}  # ("ホールA", "第2会議室": one word)
        self.room_nouns = frozenset(word for pairs in numbered.values() for word, _ in pairs) | {
            n
            for n in _ROOM_NOUNS
            if not n.isascii() and any(n in w and _NUMBERED.search(w.replace(n, "")) for w in said)
        }

    def _add_orgs(self, names: Collection[str]) -> None:
        for name in sorted(names):  # sorted: one order whatever the order they were met in
            for spelling in _aliases(name):
                key = word_tuple(spelling)
                if key:
                    self.orgs.setdefault(key, name)

    def _add_words(self, words: set[str], df: Counter[str], n: int) -> None:
        self.words = frozenset(words)
        self.counts = dict(df)
        if n >= COMMON_MIN_TALKS:
            self.common = frozenset(w for w, c in df.items() if c > COMMON_SHARE * n)

    def weekdays(self) -> set[int]:
        return {d.weekday() for d in self.days}

    @property
    def long_forms(self) -> acronym_pairs.LongForms:
        """The base's acronyms by their long forms (made on first use)."""
        found: acronym_pairs.LongForms | None = self.__dict__.get("_long_forms")
        if found is None:
            found = self.__dict__["_long_forms"] = acronym_pairs.LongForms.of(self.acronyms)
        return found

    @property
    def name_pieces(self) -> frozenset[tuple[str, ...]]:
        """Two or three words in a row from inside a longer speaker's name ("josé garcía"
        of "María José García" and of "José García López"; made on first use)."""
        found: frozenset[tuple[str, ...]] | None = self.__dict__.get("_name_pieces")
        if found is None:
            found = frozenset(
                key[k : k + n]
                for key in self.speakers
                for n in (2, 3)
                if len(key) > n
                for k in range(len(key) - n + 1)
            )
            self.__dict__["_name_pieces"] = found
        return found

    @property
    def names_words(self) -> frozenset[str]:
        """The words of people's, organisations', tracks' and rooms' names: never
        typos to correct ("Cheuk Ting Ho" is no "tang")."""
        found: frozenset[str] | None = self.__dict__.get("_names_words")
        if found is None:
            keys = [*self.speakers, *self.orgs, *self.rooms, *self.tracks.values()]
            found = frozenset(w for key in keys for w in key) | frozenset(self.surnames)
            self.__dict__["_names_words"] = found
        return found


def _one_conference(con: duckdb.DuckDBPyConnection) -> tuple[str, str]:
    """The name and zone of the one conference a build holds ("" for none or several;
    a zone "" where the program gives none)."""
    if not reads.has_table(con, "conferences"):
        return "", ""
    rows = {r for r in con.execute("SELECT name, timezone FROM conferences").fetchall() if r[0]}
    if len(rows) != 1:
        return "", ""
    name, zone = next(iter(rows))
    return name, zone or ""


def talk_words(talk: Talk) -> set[str]:
    """The words of a talk's title and abstract as the vocabulary counts them
    (with the parts of "fp8-e4m3" or "c++.net"). The build stores their
    document frequencies, so opening a large base need not read every talk."""
    return words_of(talk.title, talk.abstract)


def words_of(title: str, abstract: str) -> set[str]:
    """`talk_words` of a title and an abstract."""
    own = set(word_tuple(f"{title} {abstract}"))
    own |= {p for w in own if not w.isalnum() for p in _PARTS_SPLIT.split(w) if p}
    return own


def _name_key(name: str) -> tuple[str, ...]:
    """The words of a speaker's name, first name first ("Salton, G." is G. Salton)."""
    last, comma, first = name.partition(",")
    return word_tuple(f"{first} {last}" if comma else name)


def _name_keys(name: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The words of a speaker's name (`_name_key`) -> the name, and where it has titles
    before it, its words without them -> the name without them ("sarah evans" -> "Sarah
    Evans" of "Dr. Sarah Evans", whose talks that limit finds as it finds a "Sarah
    Evans" stored untitled; talkbase/core/names.py)."""
    key = _name_key(name)
    bare = without_honorifics(key)
    return ((key, name), (bare, untitled(name))) if bare != key else ((key, name),)


def _surname_key(key: tuple[str, ...]) -> bool:
    """A name of two words or more ending in a surname of three letters or more."""
    return len(key) >= 2 and len(key[-1]) >= 3


def _type_key(fmt: str, fold_word: Callable[[str], str] = type_word) -> tuple[str, ...]:
    """A session type's words, separators and plurals folded (`type_word`)."""
    return tuple(fold_word(w) for w in marked_words(norm(fmt)))


def _spoken(key: tuple[str, ...]) -> bool:
    """A name to spot in a query: two words of two letters or more ("I. M." is not),
    ending in a surname of three letters, or three such words ("Cheuk Ting Ho")."""
    if len(key) >= 3 and all(len(w) >= 2 for w in key):
        return True
    return _surname_key(key) and sum(len(w) >= 2 for w in key) >= 2


def _last_wins(
    entries: Iterable[tuple[tuple[str, ...], str, int, int]],
) -> dict[tuple[str, ...], str]:
    """key -> value as filling a dict in one pass would leave it, given each value's
    first and last place in that pass: keys in the order first met, each holding
    the value met last."""
    first: dict[tuple[str, ...], int] = {}
    last: dict[tuple[str, ...], tuple[int, str]] = {}
    for key, value, a, b in entries:
        first[key] = min(a, first.get(key, a))
        if key not in last or b > last[key][0]:
            last[key] = (b, value)
    return {key: last[key][1] for key in sorted(first, key=first.__getitem__)}


def _orgs_of(text: str) -> tuple[Any, ...]:
    return orgs_of(text)


def _aliases(name: str) -> tuple[str, ...]:
    return aliases(name) or (name,)


def plain_text(text: str) -> str:
    """Lower case, no accents, words separated by single spaces: for phrase tests
    (a word going on through its letters' marks, as `word_tuple`'s)."""
    return " ".join(re.findall(rf"\w[\w{word_marks()}]*", norm(text)))


def suggest(text: str, vocab: Vocab, skip: Collection[str] = ()) -> dict[str, str]:
    """ "Did you mean": each word of `text` the base does not know (and not in `skip`)
    that is one edit (two for words of ten letters or more) from a word it does know,
    starting with the same letter; two letters swapped are one edit ("pyhton").
    Of several words as close, the one more talks hold ("kuberntes" is as near
    "kuberentes", one abstract's typo, as "kubernetes"); a plural typo is also read
    through its singular ("compositers": "compositors", by "compositor")."""
    known: dict[str, list[str]] | None = vocab.__dict__.get("_known")
    if known is None:  # the known words by first letter: typos rarely touch the first letter
        known = vocab.__dict__["_known"] = {}
        for w in sorted(w for w in vocab.words if lettered(w)):
            known.setdefault(w[:1], []).append(w)
    seen: dict[str, str | None] = vocab.__dict__.setdefault("_suggested", {})
    if len(seen) > SUGGESTIONS_KEPT:
        seen.clear()
    out: dict[str, str] = {}
    for word in dict.fromkeys(word_tuple(text)):
        if len(word) < 4 or not lettered(word) or word in vocab.words or word in skip:
            continue
        if _known_form(word, vocab.words):
            continue
        if word not in seen:
            # "lightning" is not "fighting": only words with the same first letter
            seen[word] = _closest(word, known.get(word[:1], []), vocab)
        if seen[word]:
            out[word] = seen[word]  # type: ignore[assignment]
    return out


def _closest(word: str, candidates: list[str], vocab: Vocab) -> str | None:
    """The known word `suggest` offers for `word` (of `candidates`), or None: the
    fewest edits away, then the one most talks hold, then the first alphabetically.
    A plural's singular is matched too, and the match said as a plural."""
    limit = 2 if len(word) >= 10 else 1
    best: tuple[int, int, str] | None = None
    forms = [(word, "")]
    if word.endswith("s") and not word.endswith("ss"):
        forms.append((word[:-1], "s"))
    for form, ending in forms:
        found = process.extract(
            form, candidates, scorer=OSA.distance, score_cutoff=limit, limit=None
        )
        for match, distance, _ in found:
            said = match if match.endswith("s") else match + ending
            key = (int(distance), -vocab.counts.get(match, 0), said)
            if said != word and (best is None or key < best):
                best = key
    return best[2] if best else None


def all_suggested(
    text: str, vocab: Vocab, suggestions: dict[str, str], skip: Collection[str]
) -> bool:
    """Whether `suggest` found a known word for every word of `text` the base does not
    hold ("xyzzy plugh" is no typo of "plug", with "xyzzy" left unknown)."""
    unknown = [
        w
        for w in word_tuple(text)
        if len(w) >= 4 and lettered(w) and w not in vocab.words and w not in skip
        if not _known_form(w, vocab.words)
    ]
    return bool(suggestions) and all(w in suggestions for w in unknown)


def correct(text: str, suggestions: dict[str, str]) -> str:
    """`text` with each word `suggest` found a known word for replaced by it."""
    if not suggestions:
        return text
    return _word().sub(lambda m: suggestions.get(norm(m.group()), m.group()), text)


def language_word(word: str, vocab: Vocab, codes: Collection[str]) -> bool:
    """Whether `word`, which the base does not hold, is a word of one of the languages
    `codes` all the same (issue 37): one of its function words (the `stop-words` lists:
    French "tout"), or a form of a word the base holds in it (`stemming.a_form_of`: the
    same stem and letters but for an ending, German "testen" of "test", French "tout"
    of "toute"). "Did you mean" never rewrites it; a typo ("kubernets", "mentalle")
    is no form of any word."""
    if any(word in language_list(code) or word in lexicon.own_words(code) for code in codes):
        return True  # (and a word the reader reads by in it: Persian "ساعت", the hour)
    ends = vocab.words_by_start
    # a form's word is its letters to one before its end or earlier, and one letter
    # more (`a_form_of`: at most ENDING_LETTERS added, the last changed or dropped)
    shortest = max(1, len(word) - ENDING_LETTERS - 1)
    return any(
        a_form_of(word, other, codes)
        for n in range(shortest, len(word) + 1)
        for other in ends.get(word[:n], ())
    )


def _known_form(word: str, words: frozenset[str]) -> bool:
    """A plural or a run of two known words ("cudagraphs") is no typo, nor the
    singular of a plural the base holds (French "vert" where talks say "espaces verts",
    "capteur" beside "capteurs": was "corrected" to "vers"); a word ending in "ss" is
    no plural ("postgress" is a typo of "postgres")."""
    if word.endswith("s") and not word.endswith("ss") and word[:-1] in words:
        return True
    if word + "s" in words:
        return True
    return any(word[:i] in words and word[i:] in words for i in range(3, len(word) - 2))

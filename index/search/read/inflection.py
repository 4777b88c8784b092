"""Weekdays and parts of the day as languages that inflect them say them.

Polish, Russian, Czech, Finnish, Greek and others change a word's ending with its
role: a talk "w środę" is on Wednesday (CLDR names it "środa"), "в пятницу" on Friday
("пятница"), "утром" in the morning ("утро"). Which languages do, the ground's CLDR
tables tell (`talkbase.core.languages.inflects`: their months are written one way in
a date and another standing alone), not a list of languages. For those, a name of
four letters or more also answers for a word that keeps all of it but its last letter
and ends in one to three letters of its own, where no two names share that stem and
the word is none of the talks' own words nor a speaker's name (`Inflected.blocked`).
A name whose last syllable is a consonant, "e" or "o" and a consonant may drop that
vowel before an ending (a fleeting vowel: Polish "wtorek", "we wtorku"; "piątek",
"piątku"; Czech "pátek", "pátku"; Ukrainian "вівторок", "вівторка"): its stem without
the vowel answers too, by the same rule (`FLEETING`), but not with an ending the
language's weekdays never take that makes another noun of it (`lexicon.
FLEETING_OTHER_NOUNS`: Polish "piątka", a five, is no "piątek"; `fleeting_forms`).
"""

from __future__ import annotations

from typing import Any

MIN_NAME = 4  # the shortest name whose inflected forms are read
# ...and the shortest a speaker's name may be, where its forms keep all of it and add
# an ending (Czech "Jan": "Jana", "Janem"; all of it but its last letter would be "Ja")
MIN_SHORT_NAME = 3
MAX_ENDING = 3  # the most letters a form ends in after the name's stem
_AMBIGUOUS = object()  # a stem two names with different values share
# the vowels a last syllable drops before an ending (folded: Latin and Cyrillic "e",
# "o"), where a consonant stands on each side of it, and the vowels that are no consonant
FLEETING = frozenset("eoео")
_VOWELS = frozenset("aeiouyаеёиоуыэюяіїєαεηιουω")


class Inflected(dict[str, Any]):
    """Names (folded) -> their value (a weekday, a part of the day), as a dict, whose
    lookups (`get`, `in`, `[]`) also answer for an inflected form of a name added by
    `inflect` (above); iterating it gives the names alone."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.stems: dict[str, Any] = {}
        self.blocked: frozenset[str] = frozenset()  # words never read as an inflection
        self.shared: dict[str, frozenset[Any]] = {}  # a stem names share -> their values

    def inflect(self, name: str, value: Any, shortest: int = MIN_NAME, whole: bool = False) -> None:
        """Read `name`'s inflected forms as `value` too (a stem two values share: none);
        a name shorter than MIN_NAME, down to `shortest`, only where it ends in a
        consonant, all of it the stem ("Jan" of "Jana"); `whole`: all of a name of
        MIN_NAME letters or more a stem too, its ending glued after it (Finnish "salissa"
        of "sali", Hungarian "teremben" of "terem")."""
        if len(name) < shortest or not name.isalpha():
            return
        if len(name) < MIN_NAME and name[-1] in _VOWELS:
            return
        stems = _stems(name) if len(name) >= MIN_NAME else (name,)
        stems = (*stems, name) if whole and len(name) >= MIN_NAME else stems
        for stem in stems:
            found = self.stems.get(stem, value)
            self.stems[stem] = value if found == value else _AMBIGUOUS
            if found != value:
                self.shared[stem] = self.shared.get(stem, frozenset({found})) | {value}

    def forms_of(self, word: str) -> tuple[Any, ...]:
        """Every value `word` may be an inflected form of, those of a stem names share
        too (Czech "jana": Jana, or Jan said in the genitive), for a reader that tells
        them apart by the words beside it (whenwords.match_seq: "Jana Nováka")."""
        if not self.stems or word in self.blocked or not word.isalpha():
            return ()
        found: dict[Any, None] = {}
        for ending in range(1, MAX_ENDING + 1):
            stem = word[:-ending] if len(word) > ending else ""
            value = self.stems.get(stem)
            if value is _AMBIGUOUS:
                found.update(dict.fromkeys(sorted(self.shared.get(stem, ()))))
            elif value is not None:
                found[value] = None
        return tuple(found)

    def inflected(self, word: object) -> Any:
        """The value of the name `word` is an inflected form of; None for none."""
        if not isinstance(word, str) or not self.stems or word in self.blocked:
            return None
        if not word.isalpha():
            return None
        for ending in range(1, MAX_ENDING + 1):
            value = self.stems.get(word[:-ending]) if len(word) > ending else None
            if value is not None and value is not _AMBIGUOUS:
                return value
        return None

    def readable(self, shared: bool = False) -> dict[str, Any]:
        """What `inflected` reads, as data another reader (the static site's search.mjs)
        applies without a rule of its own: the stems two names do not share, the most
        letters of an ending, and the words never read as an inflection that would be
        read otherwise (of `blocked`, only those: it holds every word of the talks);
        with `shared`, also the stems names share, each with their values, for a
        reader that tells them apart as `forms_of` does ("jana": Jan or Jana)."""
        stems = {stem: value for stem, value in self.stems.items() if value is not _AMBIGUOUS}
        if not stems and not (shared and self.shared):
            return {}
        open_ = Inflected()
        open_.stems = self.stems
        out = {
            "stems": stems,
            "max_ending": MAX_ENDING,
            "blocked": sorted(w for w in self.blocked if open_.inflected(w) is not None),
        }
        if shared:
            out["shared"] = {stem: sorted(values) for stem, values in sorted(self.shared.items())}
        return out

    def get(self, key: Any, default: Any = None) -> Any:
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        found = self.inflected(key)
        return default if found is None else found

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or self.inflected(key) is not None

    def __getitem__(self, key: str) -> Any:
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        found = self.inflected(key)
        if found is None:
            raise KeyError(key)
        return found


def _stems(name: str) -> tuple[str, ...]:
    """The stems of `name` its inflected forms keep: all of it but its last letter, and
    where its last syllable's vowel is fleeting (`FLEETING`: "wtorek"), the name without
    that vowel ("wtork" of "wtorku")."""
    before, vowel, last = name[-3], name[-2], name[-1]
    fleeting = vowel in FLEETING and before not in _VOWELS and last not in _VOWELS
    return (name[:-1], name[:-2] + last) if fleeting else (name[:-1],)


def fleeting_forms(name: str, endings: tuple[str, ...]) -> frozenset[str]:
    """The words `name`'s fleeting-vowel stem (`_stems`) makes with `endings`
    ("piątek", ("a",): {"piątka"}); none where its vowel is not fleeting."""
    if len(name) < MIN_NAME or not name.isalpha():
        return frozenset()
    stems = _stems(name)[1:]
    return frozenset(stem + ending for stem in stems for ending in endings)

"""A talk's language where its program does not say it: read from the talk's own words
(its abstract, or its title and abstract together) by a language identifier
(py3langid, its model shipped in the package), trusted only when the text is long
enough and the identifier sure enough; a talk of too few words (a title alone), from
the words of its program's such talks together (`program_language`). A program's own field
(frab/pretalx `language`, `content_locale`, FOSDEM's `<language>`, a table's
column) always wins: this only fills a gap.

Why: "talks in English" at a camp whose iCalendar export names no language, or a
congress where a third of the talks are German, is a limit only once every talk
has a language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from talkbase.core.languages import (
    CODES,
    english_name,
    language_code,
    latin_letters_only,
    written_in,
    written_in_latin,
)
from talkbase.core.records import Talk

MIN_CHARS = 60  # shorter than this ("Kubernetes", a title alone), no guess
SURE = 0.9  # the identifier's probability a guess needs
# a search query is short: a guess as sure as this says it is not in English (on the
# judged sets no English query is that sure of another language; docs/quality.md)
QUERY_SURE = 0.5


@lru_cache(maxsize=1)
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


@lru_cache(maxsize=1)
def _namer() -> Any:
    """The identifier choosing among the languages a talk can be said to be in (CODES):
    its model also tells varieties ISO 639-1 has no code for (Moroccan and Egyptian
    Arabic, Ancient Greek, Nigerian Pidgin), which would share out the probability of
    the language a program names ("ar", "el", "en") and leave it unsure."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    namer = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    namer.set_languages(sorted(CODES.intersection(namer.nb_classes)))
    return namer


def guess(title: str, abstract: str) -> str | None:
    """The ISO 639-1 code of the language `abstract` (or, when it is short, the title
    and abstract together) is written in; None when there is too little text or the
    identifier is unsure."""
    text = " ".join((abstract or "").split())
    if len(text) < MIN_CHARS:
        text = " ".join(f"{title or ''}. {text}".split())
    if len(text) < MIN_CHARS:
        return None
    code, probability = _namer().classify(text)
    return code if probability >= SURE else None


def query_language(text: str) -> str | None:
    """The ISO 639-1 code of the language a search query is written in, when the
    identifier is at least QUERY_SURE of it; None otherwise."""
    if not text.strip():
        return None
    code, probability = _identifier().classify(text)
    return code if probability >= QUERY_SURE and code in CODES else None


def stated_language(value: str | None, where: str, unread: list[tuple[str, str]]) -> str | None:
    """The ISO 639-1 code of the language a program's own field states (`language_code`:
    "English", "en-US", "Bahasa Inggris"); a value that names none ("Klingon", "??") is
    added with its place to `unread`, for `unread_languages` to say."""
    text = " ".join((value or "").split())
    code = language_code(text)
    if code is None and text:
        unread.append((where, text))
    return code


def unread_languages(document: str, unread: Sequence[tuple[str, str]]) -> list[str]:
    """The one warning of a document's language values that name no language
    (`stated_language`), at the first of them: its talks' languages are read from their
    own words instead, where they say it."""
    unread = list(dict.fromkeys(unread))  # (a row read twice, on trial: once)
    if not unread:
        return []
    where, value = unread[0]
    more = f" (and {len(unread) - 1} more)" if len(unread) > 1 else ""
    return [
        f"{document} {where}: the language {value!r}{more} names no language talkbase "
        "knows; the talk's language is read from its own words where they say it"
    ]


# a language tag at a title's end or start: "(JA)", "[DE]", "[EN/ES]" (codes in capitals)
_TAG = re.compile(r"^[(\[]([A-Z]{2}(?:/[A-Z]{2})*)[)\]]\s+|\s+[(\[]([A-Z]{2}(?:/[A-Z]{2})*)[)\]]$")


def _tag(title: str) -> tuple[str, tuple[str, ...]] | None:
    """(the title without its language tag, the codes the tag names), where it has one
    of languages named here ("IT" names Italian; "(AI)" no language); None else."""
    m = _TAG.search(title)
    if not m:
        return None
    codes = tuple(c.lower() for c in (m.group(1) or m.group(2)).split("/"))
    if not all(c in CODES and english_name(c) != c for c in codes):
        return None
    return title[: m.start()] + title[m.end() :], codes


def title_tags(talks: Sequence[Talk]) -> list[Talk]:
    """A program's talks with the language tags their titles carry ("Scaling Postgres
    (EN)", "Kubernetes の運用 (JA)", "[EN/ES]") read as their language (the first
    named, where the program names none) and taken off the title, as a status or a
    format before it is; only where the talk's own words read as that language, and
    the program tags talks in two languages or more, or names two in one tag: "Retail
    in VR and AR (AR)" alone says no Arabic."""
    found = {n: tag for n, t in enumerate(talks) if (tag := _tag(t.title))}
    # tags are languages where the talks' own words bear out most of them (a title is
    # often too short to be told alone): "(UK)", "(IT)", "(DE)" after English titles
    # are countries, "(LT)" after Japanese ones lightning talks (review)
    borne = [_said_in(title, talks[n].abstract) in codes for n, (title, codes) in found.items()]
    if sum(borne) <= TAGS_BORNE * len(borne):
        return list(talks)
    tagged = found
    named = {c for _, codes in tagged.values() for c in codes}
    if len(named) < 2:
        return list(talks)
    out = list(talks)
    for n, (title, codes) in tagged.items():
        out[n] = replace(talks[n], title=title.strip(), language=talks[n].language or codes[0])
    return out


TAGS_BORNE = 0.5  # more than this share of a program's tagged talks in their tag's language


def _said_in(title: str, abstract: str) -> str:
    """The language a talk's own words (its title without its tag, and its abstract)
    read as most likely, whatever their length; "" for no words."""
    text = " ".join(f"{title} {abstract or ''}".split())
    return str(_namer().classify(text)[0]) if text else ""


# how much of a program's short texts is read for the language they share
PROGRAM_SAMPLE_CHARS = 20_000


def program_language(talks: Sequence[Talk]) -> list[Talk]:
    """A program's talks whose own words `guess` cannot name the language of, given the
    language their program's such words are in together (`_together`), where the
    identifier is SURE of it:

    - a talk whose words are too few (a title alone: "장애 대응 자동화 이야기", "Λήξη"):
      the language of those short texts together, unless the identifier takes its own
      words for another language (QUERY_SURE of it: a German title among English ones);
      that language, where the talk is written wholly in Latin letters and the program's
      short texts in a language that is not ("Testing with pytest at scale" among
      Japanese titles is in English: `_other_script`; so too a talk of more words the
      identifier is unsure of alone, beside what all of them are in together), where it
      is English or a language other talks of the program are in, or SURE of it
      ("Nihongo no hanashi" is no Kinyarwanda talk);
    - where the program's short texts are too few to say their language together (a
      lunch break alone: "Обед"), the language the words of all its talks are in
      together stands for theirs, as above; where they are words enough but in no one
      language together ("Opening Keynote", "Premiazione CTF", "Closing ceremony"), that
      language is a short talk's only where its own words read likeliest as it ("M71A -
      gioco dell'oca hackerato" in an Italian program; "Opening Keynote" stays without);
    - any such talk, too short or leaving the identifier unsure alone ("Polars vs Spark:
      una comparación honesta. Medimos ambos motores con cargas reales."): the language
      all of them are in together, where its own words read likeliest as that one too
      (in a program of two languages, the others stay without);
    - a talk wholly in Latin letters the identifier is unsure of (under QUERY_SURE: "Go
      concurrency patterns", "Scaling Kubernetes at LINE") in a program whose texts are
      mostly in another script and in a language not written in Latin (Thai, Persian):
      the program's language written in Latin letters (English, or one its other talks
      are in) the identifier ranks first for it, where it ranks it among its first
      LATIN_NEAR, else none ("Hacia la nube" in a Japanese program: English is 36th);
    - a talk with no Latin letter left without ("उद्घाटन समारोह", which the identifier
      takes for Nepali): the language of the program's (its talks', theirs together)
      not written in Latin that the identifier ranks among its first NEAR for it.

    A talk `guess` names the language of is left to it (ingest/merge/combine.py), one whose
    program names its language keeps it."""
    short: dict[int, str] = {}
    unsure: dict[int, str] = {}
    guessed: set[str] = set()  # the languages `guess` names talks of this program in
    for n, t in enumerate(talks):
        text = _words(t.title, t.abstract)
        if not t.language and len(text) < MIN_CHARS:
            short[n] = text
        elif not t.language and not (said := guess(t.title, t.abstract)):
            unsure[n] = text
        elif not t.language and said:
            guessed.add(said)
    undecided = dict(sorted({**short, **unsure}.items()))  # (in the program's order)
    few, together = _sample_language(short), _sample_language(undecided)
    mixed: str | None = None  # the whole program's language, where its short texts mix
    if few is None and short:
        whole = _sample_language({n: _words(t.title, t.abstract) for n, t in enumerate(talks)})
        if len(" ".join(short.values())) < MIN_CHARS:
            # too few words to say alone ("Обед" twice): the short texts are in the language
            # the whole program's words are in together, as far as their own words allow
            few = whole
        else:
            # enough words, in no one language ("Opening Keynote", "Closing ceremony",
            # "Premiazione CTF" in an Italian program): a short talk whose own words read
            # likeliest as the whole program's language is in it; the others stay without
            mixed = whole
    out = list(talks)
    # the languages a low-bar guess of a Latin-letter talk may name: English, and those
    # other talks of the program are in ("Nihongo no hanashi" is no Kinyarwanda talk)
    held = {"en"} | {t.language for t in talks if t.language} | guessed
    latin = _mostly_latin(undecided.values())
    for n, text in undecided.items():
        own, sure = _namer().classify(text)
        home = few if few is not None and n in short else together
        likely = sure >= SURE or (sure >= QUERY_SURE and own in held)
        in_latin = _near(text, {c for c in held if written_in_latin(c)}, LATIN_NEAR)
        if (
            home is not None
            and not latin
            and sure < QUERY_SURE
            and _other_script(text, in_latin or "en", home)
        ):
            # "Scaling Kubernetes at LINE" among Thai titles: in no language written in
            # the program's script; the identifier, unsure of so few words ("tl", 0.2),
            # is asked which of the program's languages written in Latin letters it is,
            # and where it ranks none of them near ("Hacia la nube" among Japanese
            # titles), the talk stays without
            if in_latin is not None:
                out[n] = replace(talks[n], language=in_latin)
        elif (
            few is not None
            and n in short
            and (own == few or sure < QUERY_SURE)
            and _in_its_letters(text, few, latin)
        ):
            out[n] = replace(talks[n], language=few)
        elif home is not None and likely and _other_script(text, own, home):
            out[n] = replace(talks[n], language=own)
        elif together is not None and own == together and _in_its_letters(text, together, latin):
            out[n] = replace(talks[n], language=together)
        elif (
            mixed is not None
            and n in short
            and own == mixed
            and _in_its_letters(text, mixed, latin)
        ):
            out[n] = replace(talks[n], language=mixed)
        elif not any(latin_letters_only(c) for c in text if c.isalpha()) and (
            near := _near(
                text, {c for c in {*held, few, together} if c and written_in_latin(c) is False}
            )
        ):
            out[n] = replace(talks[n], language=near)
    return out


NEAR = 3  # a program's language among the identifier's first this many for a text
# ...and for a short title in Latin letters in a program mostly in another script: "Kubernetes
# at Scale" ranks English 5th, "Hacia la nube" 36th (Spanish first, no language of the program)
LATIN_NEAR = 5


def _near(text: str, among: set[str], first: int = NEAR) -> str | None:
    """The language of `among` (a program's languages) the identifier ranks `text`
    likeliest in, where it is among its `first` (NEAR): a short Devanagari title
    ("उद्घाटन समारोह", "Opening ceremony") the identifier takes for Nepali or Marathi,
    in a program whose other talks are in Hindi, is Hindi; one it puts no language of
    the program near (a Devanagari title among Japanese talks) stays without."""
    ranked = [c for c, _ in _namer().rank(text)[:first]]
    return next((c for c in ranked if c in among), None)


def _in_its_letters(text: str, code: str, mostly_latin: bool) -> bool:
    """Whether a talk's own letters allow `code`, the language its program's texts are
    in together (CLDR's script for it). A talk with no Latin letter is not in a language
    written in Latin. A talk all in Latin letters is not in one written in another script
    where most of its program's texts are in Latin letters too: the identifier reading
    them together is swayed by the few in another script ("Duplicate A" is no Arabic
    talk because an English program holds one Arabic talk); where most are not, a title
    left in Latin letters once its format's label is read off it stays the program's
    ("ライトニングトーク：Lightning talk on uv"). One with no letters cannot say."""
    letters = [c for c in text if c.isalpha()]
    latin = written_in_latin(code)
    if not letters or latin is None:
        return True
    if latin:
        return any(latin_letters_only(c) for c in letters)
    return not (mostly_latin and latin_letters_only(text))


def _mostly_latin(texts: Iterable[str]) -> bool:
    """Whether more than half of the texts with letters are all in Latin letters."""
    said = [latin_letters_only(t) for t in texts if any(c.isalpha() for c in t)]
    return sum(said) * 2 > len(said)


def _other_script(text: str, own: str, few: str) -> bool:
    """Whether a short text the identifier takes for `own` (QUERY_SURE of it) cannot be
    in `few`, the language of its program's short texts, by its letters: all Latin
    ones, where `few` is not written in them and `own` is (CLDR's scripts)."""
    return (
        latin_letters_only(text)
        and written_in_latin(few) is False
        and written_in_latin(own) is True
    )


def _sample_language(texts: dict[int, str]) -> str | None:
    """The language `texts` are in together (`_together`: the first PROGRAM_SAMPLE_CHARS
    of them), None where they are too short to say or say none surely."""
    sample = " ".join(texts.values())[:PROGRAM_SAMPLE_CHARS]
    return _together(sample) if len(sample) >= MIN_CHARS else None


def _together(sample: str) -> str | None:
    """The language a program's short or unsure texts, read together, are in: the
    identifier's likeliest, where it is SURE of it among the languages programs are
    held in (`languages.written_in`): the tiny share of a language's probability that
    the model gives its regional neighbours no program is written in (Aragonese and
    Galician beside Spanish: "Inauguración de las Jornadas. Clausura y premios.") leaves
    it as sure as its own programs' texts make it. A language no program is said to be
    held in needs SURE of all the probability, as before. None where it is not so sure."""
    ranked = _namer().rank(sample)
    code, probability = ranked[0]
    held = set(written_in())
    if code not in held:
        return code if probability >= SURE else None
    among = sum(p for c, p in ranked if c in held)
    return code if probability >= SURE * among else None


def _words(title: str, abstract: str | None) -> str:
    """A talk's words as `guess` reads them where its abstract is short."""
    return " ".join(f"{title or ''}. {' '.join((abstract or '').split())}".split())

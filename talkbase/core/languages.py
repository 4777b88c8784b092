"""A talk's language as one ISO 639-1 code ("en"), whatever way a program writes it:
the code itself ("en", "EN"), a tag with a region or script ("en-US", "pt_BR",
"zh-Hant"), the language's English name ("English") or its own ("Deutsch",
"français"), or its name in another language of `_NAMES` ("inglese", "Englisch",
"anglais": CLDR's, through Babel), each also with the word for "language" before or
after it ("Bahasa Inggris", "ภาษาไทย", "English language", "langue française":
`LANGUAGE_WORDS`). Ingest reads programs through it; search and the
app can read a person's words ("talks in German") through the same table.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from talkbase.core.names import PARTICLES
from talkbase.core.terms import EAST_ASIAN

# ISO 639-1 code -> the language's English name and its own names (lowercase, as
# written without accents they are matched too). The languages conference programs
# are held in; a code not listed here is still read when it is one of ISO 639-1's.
_NAMES: dict[str, tuple[str, ...]] = {
    "am": ("amharic", "አማርኛ"),
    "ar": ("arabic", "العربية"),
    "bg": ("bulgarian", "български"),
    "bn": ("bengali", "bangla", "বাংলা"),
    "ca": ("catalan", "català"),
    "cs": ("czech", "čeština", "česky"),
    "da": ("danish", "dansk"),
    "de": ("german", "deutsch"),
    "el": ("greek", "ελληνικά"),
    "en": ("english",),
    "eo": ("esperanto",),
    "es": ("spanish", "español", "castellano"),
    "et": ("estonian", "eesti"),
    "eu": ("basque", "euskara"),
    "fa": ("persian", "farsi", "فارسی"),
    "fi": ("finnish", "suomi"),
    "fr": ("french", "français"),
    "ga": ("irish", "gaeilge"),
    "gl": ("galician", "galego"),
    "he": ("hebrew", "עברית"),
    "hi": ("hindi", "हिन्दी", "हिंदी"),
    "hr": ("croatian", "hrvatski"),
    "hu": ("hungarian", "magyar"),
    "hy": ("armenian", "հայերեն"),  # (sweep 24)
    "id": ("indonesian", "bahasa indonesia"),
    "is": ("icelandic", "íslenska"),
    "it": ("italian", "italiano"),
    "ja": ("japanese", "日本語"),
    "ka": ("georgian", "ქართული"),  # (sweep 24)
    "ko": ("korean", "한국어"),
    "lt": ("lithuanian", "lietuvių"),
    "lv": ("latvian", "latviešu"),
    "mr": ("marathi", "मराठी"),  # (sweep 23)
    "ms": ("malay", "bahasa melayu"),
    "nb": ("norwegian bokmål", "bokmål"),
    "nl": ("dutch", "nederlands", "flemish", "vlaams"),
    "nn": ("norwegian nynorsk", "nynorsk"),
    "no": ("norwegian", "norsk"),
    "pl": ("polish", "polski"),
    "pt": ("portuguese", "português"),
    "ro": ("romanian", "română"),
    "ru": ("russian", "русский"),
    "si": ("sinhala", "sinhalese", "සිංහල"),  # (sweep 24)
    "sk": ("slovak", "slovenčina"),
    "sl": ("slovenian", "slovene", "slovenščina"),
    "sr": ("serbian", "српски", "srpski"),
    "sv": ("swedish", "svenska"),
    "sw": ("swahili", "kiswahili"),
    "ta": ("tamil", "தமிழ்"),
    "te": ("telugu", "తెలుగు"),  # (sweep 23)
    "th": ("thai", "ไทย"),
    "tl": (
        "tagalog",
        "filipino",
        "pilipino",
        "wikang filipino",
    ),  # (sweep 24: CLDR's "fil", `_locale`)
    "tr": ("turkish", "türkçe"),
    "uk": ("ukrainian", "українська"),
    "ur": ("urdu", "اردو"),
    "vi": ("vietnamese", "tiếng việt"),
    "yo": ("yoruba", "yorùbá", "èdè yorùbá"),  # (sweep 24)
    "zh": ("chinese", "mandarin", "中文", "汉语", "漢語"),
}
# The word for "language" in each language, as a program writes it beside a language's
# name ("English language", "Bahasa Inggris", "ภาษาไทย", "زبان فارسی", "langue
# française", "Sprache: Deutsch": `language_code`) and a visitor says it after a cue
# ("in englischer Sprache", "на английском языке", "dalam bahasa Inggris": the query
# reader, index/search/read/lexicon.py, reads these same words)
LANGUAGE_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("language",),
    "de": ("sprache",),
    "nl": ("taal",),
    "fr": ("langue",),
    "es": ("lengua", "idioma"),
    "pt": ("língua", "idioma"),
    "it": ("lingua",),
    "ru": ("язык", "языке", "языка"),
    "uk": ("мова", "мовою", "мові"),
    "pl": ("język",),
    "cs": ("jazyk",),
    "id": ("bahasa",),
    "ms": ("bahasa",),
    "th": ("ภาษา",),
    "vi": ("tiếng",),
    "fa": ("زبان",),
    "ar": ("اللغة", "لغة"),
    "hi": ("भाषा",),
}
# The rest of ISO 639-1's codes: read as codes, without names.
_OTHER_CODES = frozenset(
    "aa ab ae af ak am an as av ay az ba be bh bi bm bn bo br bs ce ch co cr cu cv cy "
    "dv dz ee ff fj fo fy gd gn gu gv ha ho ht hz ia ie ig ii ik io iu jv kg ki "
    "kj kk kl km kn kr ks ku kv kw ky la lb lg li ln lo lu mg mh mi mk ml mn mr mt my "
    "na nd ne ng nr nv ny oc oj om or os pa pi ps qu rm rn rw sa sc sd se sg sm sn "
    "so sq ss st su tg ti tk tn to ts tt tw ty ug uz ve vo wa wo xh yi za zu".split()
)
CODES = frozenset(_NAMES) | _OTHER_CODES


# A program is "in several languages" when at least this share of its talks with a
# known language are not in English: then it gets the multilingual signal
# (index/build/multilingual.py), and every query uses it (index/search/rank/multilingual.py).
SEVERAL_LANGUAGES_SHARE = 0.1


def several_languages(counts: Iterable[tuple[str, int]]) -> tuple[bool, int, int]:
    """(whether the talks are in several languages, how many are not in English, how
    many have a known language) from each language's count of talks."""
    counted = list(counts)
    known = sum(n for _, n in counted)
    other = sum(n for code, n in counted if code != "en")
    return bool(known) and other >= SEVERAL_LANGUAGES_SHARE * known, other, known


def own_languages(counts: Iterable[tuple[str, int]]) -> tuple[str, ...]:
    """The languages other than English a program is written in: each holding at least
    SEVERAL_LANGUAGES_SHARE of its talks with a known language (sorted codes)."""
    counted = list(counts)
    known = sum(n for _, n in counted)
    return tuple(
        sorted(code for code, n in counted if code != "en" and n >= SEVERAL_LANGUAGES_SHARE * known)
    )


# Devanagari writes a nasal before a consonant either as the nasal consonant with a
# virama or as an anusvara ("हिन्दी" and "हिंदी" are one word, Hindi): names compare in
# the anusvara's spelling
_DEVANAGARI_NASAL = re.compile("[\u0919\u091e\u0923\u0928\u092e]\u094d(?=[\u0915-\u0939])")


def _plain(text: str) -> str:
    """Lowercase, accents off, one space between words, no zero-width non-joiner; a
    Devanagari nasal before a consonant written as an anusvara (`_DEVANAGARI_NASAL`)."""
    text = _DEVANAGARI_NASAL.sub("\u0902", unicodedata.normalize("NFC", text))
    text = text.replace("\u200c", "")  # (a zero-width non-joiner is no letter: "سه‌شنبه")
    folded = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())


_BY_NAME: dict[str, str] = {
    form: code for code, names in _NAMES.items() for name in names for form in (name, _plain(name))
}
_TAG = re.compile(r"([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*")
_THREE = {"eng": "en", "deu": "de", "ger": "de", "fra": "fr", "fre": "fr", "spa": "es"}
_THREE |= {"ita": "it", "nld": "nl", "dut": "nl", "por": "pt", "rus": "ru", "zho": "zh"}
_THREE |= {"chi": "zh", "jpn": "ja", "kor": "ko", "pol": "pl", "ces": "cs", "cze": "cs"}
# (sweep 24: Filipino, "fil", as frab's and pentabarf's XML write it: Tagalog as the
# Philippines standardise it; the languages of that sweep's programs)
_THREE |= {"fil": "tl", "tgl": "tl", "swe": "sv", "fin": "fi", "hun": "hu", "ron": "ro"}
_THREE |= {"rum": "ro", "srp": "sr", "urd": "ur", "nor": "no", "nob": "no", "nno": "nn"}


def language_code(text: object) -> str | None:
    """The ISO 639-1 code of the one language `text` names ("English", "en-US",
    "EN", "Deutsch" -> "en", "en", "en", "de"), also said with the word for "language"
    (`LANGUAGE_WORDS`: "Bahasa Inggris", "Sprache: Deutsch", and the name as an
    adjective there: "lingua italiana", `_adjective`); None when it names none this
    module knows, or several ("English, German" names the first)."""
    if not isinstance(text, str):
        return None
    first = re.split(r"[,;/|]| and | & |\+", text.strip(), maxsplit=1)[0].strip()
    first = re.sub(r"\s*\(.*\)\s*$", "", first)  # "English (US)"
    if not first:
        return None
    m = _TAG.fullmatch(first)
    if m:
        code = m.group(1).lower()
        if len(code) == 2 and code in CODES:
            return code
        if code in _THREE:
            return _THREE[code]
    named = _named(first)
    if named is not None:
        return named
    rest = _without_language_word(first)
    return (_named(rest) or _adjective(rest)) if rest else None


def _named(text: str) -> str | None:
    """The code of the language `text` is a name of (`_BY_NAME`, `_named_elsewhere`)."""
    return (
        _BY_NAME.get(text.casefold())
        or _BY_NAME.get(_plain(text))
        or _named_elsewhere().get(text.casefold())
        or _named_elsewhere().get(_plain(text))
    )


# what stands between a word for "language" and the name ("Sprache: Deutsch")
_BETWEEN = re.compile(r"[\s:：\-–—]+")


def _without_language_word(text: str) -> str:
    """`text` without a word for "language" (`LANGUAGE_WORDS`) before or after it,
    folded ("Bahasa Inggris" -> "inggris", "English language" -> "english", "Sprache:
    Deutsch" -> "deutsch"; glued before it in a script written without spaces:
    "ภาษาไทย" -> "ไทย"); "" where it holds no such word, or nothing else."""
    words = [w for w in _BETWEEN.split(_plain(text)) if w]
    if len(words) > 1 and words[0] in _LANGUAGE_WORDS:
        return " ".join(words[1:])
    if len(words) > 1 and words[-1] in _LANGUAGE_WORDS:
        return " ".join(words[:-1])
    glued = words[0] if len(words) == 1 else ""
    word = next((w for w in _LANGUAGE_WORDS if glued.startswith(w) and _UNSPACED.match(w)), "")
    return glued[len(word) :] if word else ""


# the longest first, that a glued one is cut whole
_LANGUAGE_WORDS = tuple(
    sorted({_plain(w) for ws in LANGUAGE_WORDS.values() for w in ws}, key=len, reverse=True)
)


def _adjective(text: str) -> str | None:
    """The code of the language named by the adjective `text`, said with a word for
    "language", where it is a name with an ending ("française", "italiana",
    "española", "deutsche", "englischer": a name of one word less its last letter or
    two, or a name with its last letter changed; `_stems`)."""
    if " " in text or len(text) < 6 or not text.isalpha():
        return None
    for cut in (text[:-1], text[:-2]):
        code = _named(cut) or _stems().get(cut)
        if code is not None:
            return code
    return None


@lru_cache(maxsize=1)
def _stems() -> dict[str, str]:
    """Each name of a language of one word and six letters or more (`_BY_NAME`,
    `_named_elsewhere`) less its last letter ("italian" of "italiano", "spagnol" of
    "spagnolo") -> its code; a stem two languages share is left out."""
    found: dict[str, set[str]] = {}
    for name, code in (*_BY_NAME.items(), *_named_elsewhere().items()):
        if len(name) >= 6 and name.isalpha():
            found.setdefault(name[:-1], set()).add(code)
    return {stem: next(iter(codes)) for stem, codes in found.items() if len(codes) == 1}


@lru_cache(maxsize=1)
def _named_elsewhere() -> dict[str, str]:
    """Each language of `_NAMES` by its name in each of the others (`written_in`), as
    CLDR writes it (through Babel: "inglese", "Englisch", "anglais", "Engels" ->
    "en"), lowercase and without accents; a name two languages share is left out,
    and so are names under five letters (but two Chinese characters, kana or Hangul:
    "英語") and English names of places ("Dan", "Tai",
    "Japan", "Korea": review), which say no language in a field that holds other
    words, but for a language's name in its own ("Indonesia", Indonesian's, as an
    Indonesian program's language column writes it); {} without Babel. Built once, when
    a name is not one of `_BY_NAME`'s."""
    found: dict[str, set[str]] = {}
    own: set[str] = set()  # each language's name in itself
    for said_in in (*written_in(), *_other_scripts()):
        locale = _locale(said_in)
        for code, name in dict(locale.languages if locale is not None else {}).items():
            if code in _NAMES:
                for form in (name.casefold(), _plain(name)):
                    found.setdefault(form, set()).add(code)
                    if code == said_in[:2]:
                        own.add(form)
    english = _locale("en")
    names = dict(english.territories).values() if english else ()
    places = {w for n in names for w in [_plain(n), *_plain(n).split()]}  # "Korea" too
    return {
        form: next(iter(codes))
        for form, codes in found.items()
        if len(codes) == 1
        and (len(form) >= 5 or _CJK_WORD.fullmatch(form))
        and (_plain(form) not in places or form in own)
    }


def _other_scripts() -> tuple[str, ...]:
    """CLDR's locales of the languages of `_NAMES` written in a script of their own
    ("zh_Hant": Chinese in traditional characters, which names English "英文", where
    "zh" writes "英语"; "sr_Latn"); () without Babel."""
    try:
        from babel.localedata import locale_identifiers
    except ImportError:
        return ()
    return tuple(
        sorted(
            i
            for i in locale_identifiers()
            if re.fullmatch(r"[a-z]{2}_[A-Z][a-z]{3}", i) and i[:2] in _NAMES
        )
    )


# a word of Chinese characters, kana or Hangul: two of them name a language ("英語")
_CJK_WORD = re.compile(rf"[{EAST_ASIAN}]{{2,}}")


def english_name(code: str) -> str:
    """ "de" -> "German"; CLDR's English name for a language with no name here ("mr"
    -> "Marathi"), the code itself for one CLDR does not name either (or without Babel)."""
    names = _NAMES.get(code)
    return names[0].title() if names else (name_in(code, "en") or code)


def names(code: str, said_in: Iterable[str] = ()) -> tuple[str, ...]:
    """The names a person may call the language `code` by: its English name, its own
    names, and its name in each language of `said_in` (from CLDR, through Babel:
    "tedesco" is German said in Italian; a language not written in Latin letters, in
    each of its scripts: "英文" of Chinese's traditional characters beside "英语"),
    lowercase, each also without accents."""
    out = list(_NAMES.get(code, ()))
    said = {code, *said_in}
    scripts = {s for s in _other_scripts() if s[:2] in said and written_in_latin(s[:2]) is False}
    for locale in sorted(said | scripts):
        out.extend(_cldr_name(code, locale))
    return tuple(dict.fromkeys(f for n in out for f in (n.casefold(), _plain(n)) if f))


def name_in(code: str, locale: str) -> str:
    """The name of the language `code` in the language `locale` as CLDR writes it
    ("en" in "nl": "Engels"); "" without Babel or the data."""
    return next(iter(_cldr_name(code, locale)), "")


def names_in(code: str, locale: str) -> tuple[str, ...]:
    """The names of the language `code` in the language `locale` (`name_in`), also in
    Latin letters where CLDR writes `locale` in them too (Serbian "енглески",
    "engleski"); () without Babel or the data."""
    latin = [s for s in _other_scripts() if s[:2] == locale and s.endswith("_Latn")]
    return tuple(dict.fromkeys(n for s in (locale, *latin) if (n := name_in(code, s))))


def _cldr_name(code: str, locale: str) -> tuple[str, ...]:
    """The name of `code` in `locale` as CLDR writes it; () without Babel or the data."""
    try:
        from babel import Locale, UnknownLocaleError
    except ImportError:  # (a dependency; a stripped install still reads English names)
        return ()
    try:
        said = _CLDR_CODES.get(locale, locale)
        name = Locale(_CLDR_CODES.get(code, code)).get_display_name(said)
    except (UnknownLocaleError, ValueError):
        return ()
    return (name,) if name else ()


# CLDR's day periods -> the parts of the day search reads (talkbase/core/when.py)
_PERIODS = {"morning1": "morning", "morning2": "morning", "afternoon1": "afternoon"}
_PERIODS |= {"afternoon2": "afternoon", "evening1": "evening", "evening2": "evening"}
_PERIODS |= {"night1": "night", "night2": "night"}
_HALVES = {"am": "morning", "pm": "afternoon"}  # where a language names them in words


# The weekdays, Monday first, in the long form a language's speakers write where CLDR
# gives only the short one: Tamil's name joined to "கிழமை" (weekday), its last letter
# changed by the join ("சனி" -> "சனிக்கிழமை", "ஞாயிறு" -> "ஞாயிற்றுக்கிழமை"; Monday
# also "திங்கள்கிழமை"), as a program's day heading and a visitor write it
WEEKDAYS_IN_FULL: dict[str, tuple[tuple[str, ...], ...]] = {
    "ta": (
        ("திங்கட்கிழமை", "திங்கள்கிழமை"),
        ("செவ்வாய்க்கிழமை",),
        ("புதன்கிழமை",),
        ("வியாழக்கிழமை",),
        ("வெள்ளிக்கிழமை",),
        ("சனிக்கிழமை",),
        ("ஞாயிற்றுக்கிழமை",),
    ),
}


def weekday_names(code: str, width: str = "wide") -> dict[str, int]:
    """The weekdays as `code`'s speakers write them (CLDR, through Babel; `width`
    "wide" or "abbreviated"), folded -> 0 (Monday) .. 6: {"sabato": 5, "domenica": 6,
    ...}, {"sab": 5, "dom": 6, ...}; {} without Babel. A name in an East Asian script
    that ends in the language's word for a day is said without it too ("土曜" of
    "土曜日", as Japanese speakers say it); the wide names add the long forms CLDR
    leaves out (`WEEKDAYS_IN_FULL`: Tamil "சனிக்கிழமை")."""
    locale = _locale(code)
    if locale is None:
        return {}
    day_words = [w for w in unit_names(code, "duration-day") if re.fullmatch(f"[{EAST_ASIAN}]+", w)]
    out: dict[str, int] = {}
    if width == "wide":
        for day, forms in enumerate(WEEKDAYS_IN_FULL.get(code, ())):
            for name in forms:
                out[name.casefold()] = out[_plain(name)] = day
    # (and in Latin letters, where CLDR writes the language in them too: Serbian "четвртак",
    # "četvrtak")
    latin = [_locale(s) for s in _other_scripts() if s[:2] == code and s.endswith("_Latn")]
    for context, said in (
        (context, each) for each in (locale, *latin) for context in ("format", "stand-alone")
    ):
        for day, name in dict(said.days[context][width]).items():
            # (a zero-width non-joiner inside a name is typed as a space as often:
            # Persian "سه‌شنبه", "سه شنبه"; `_plain` drops it)
            spaced = name.casefold().replace("\u200c", " ").rstrip(".")
            for form in (name.casefold().rstrip("."), _plain(name).rstrip("."), spaced):
                if form:
                    out.setdefault(form, int(day))
                    short = next((form[: -len(w)] for w in day_words if form.endswith(w)), "")
                    if len(short) >= 2 and re.fullmatch(f"[{EAST_ASIAN}]+", form):
                        out.setdefault(short, int(day))
    return out


MIN_SHORT_DAY = 4  # the fewest letters of a weekday's name said short (`weekday_short_names`)


def weekday_short_names(code: str) -> dict[str, int]:
    """The weekdays as `code`'s speakers say them short where CLDR writes them in two
    words, the second shared by several of the week's names: the first word alone,
    where no other weekday is called by it ("sexta" of Portuguese "sexta-feira", whose
    "feira" ends five of them), folded -> 0 (Monday) .. 6; {} where the names are
    one word each, as most languages write them, or without Babel. Such a word is often
    a word of its own too ("segunda": second; "quarta": fourth), for the reader to read
    as a day only where it stands as one."""
    locale = _locale(code)
    if locale is None:
        return {}
    heads: dict[str, set[int]] = {}
    whole: set[str] = set()
    for context in ("format", "stand-alone"):
        named = {int(d): _plain(n) for d, n in dict(locale.days[context]["wide"]).items()}
        parts = {d: re.split(r"[\s\-\u2010\u2011]+", n) for d, n in named.items()}
        whole |= {w for n in named.values() for w in (n, n.replace("-", " "))}
        tails = Counter(p[-1] for p in parts.values() if len(p) == 2)
        for day, words in parts.items():
            if len(words) == 2 and tails[words[1]] >= 2:
                heads.setdefault(words[0], set()).add(day)
    return {
        head: next(iter(days))
        for head, days in heads.items()
        if len(days) == 1 and len(head) >= MIN_SHORT_DAY and head.isalpha() and head not in whole
    }


def date_unit_names(code: str) -> frozenset[str]:
    """The words `code`'s speakers may put before a date's day, month or year ("ngày 7
    tháng 11 năm 2026"): its names of the units day, month and year (`unit_names`) of
    one word; empty without Babel."""
    names = (unit_names(code, f"duration-{unit}") for unit in ("day", "month", "year"))
    return frozenset(n for found in names for n in found if " " not in n)


def weekday_glued(code: str) -> str:
    """What `code` writes glued to a weekday's name in a full date, with no space
    between ("ที่" of Thai's "วันเสาร์ที่ 14 พฤศจิกายน": CLDR's full date pattern
    "EEEEที่ d MMMM G y"), folded; "" where nothing is, or without Babel."""
    locale = _locale(code)
    if locale is None:
        return ""
    m = re.search(r"EEEE'?([^\s\W\d_][^\s',.]*)", locale.date_formats["full"].pattern)
    return _plain(m.group(1)) if m else ""


def month_glued(code: str) -> str:
    """What `code` writes glued before a month's name in a date, with no space
    between ("ב" of Hebrew's "10 בנובמבר 2026": CLDR's long date pattern "d בMMMM y"),
    folded; "" where nothing is, or without Babel."""
    locale = _locale(code)
    if locale is None:
        return ""
    # (a literal is quoted, or a run of letters no pattern field is written in)
    m = re.search(r"(?:'([^'\s]+)'|([^\W\d_A-Za-z]+))M{3,4}", locale.date_formats["long"].pattern)
    return _plain(m.group(1) or m.group(2)) if m else ""


def month_names(code: str, width: str = "wide") -> dict[str, int]:
    """The months as `code`'s speakers write them in a date (CLDR, through Babel: the
    wide names, as a date writes them and standing alone: "października",
    "październik"; or `width` "abbreviated": "Oct", "Okt."), folded, without a
    closing dot -> 1 (January) .. 12; {} without Babel."""
    locale = _locale(code)
    if locale is None:
        return {}
    out: dict[str, int] = {}
    for context in ("format", "stand-alone"):
        for month, name in dict(locale.months[context][width]).items():
            for form in (name.casefold().rstrip("."), _plain(name).rstrip(".")):
                if form:
                    out.setdefault(form, int(month))
    return out


_NOON_HOUR = {"from": 12 * 3600, "before": 13 * 3600}  # a day period's rule, in seconds


def noon_midnight_names(code: str) -> dict[str, str]:
    """Noon and midnight as `code`'s speakers write them (CLDR's day periods "noon"
    and "midnight", wide, else abbreviated where a locale writes only those:
    "midi", "minuit", "Mitternacht", "mezzogiorno", "middernacht"), folded -> "noon"
    or "midnight"; a day period CLDR's rules put at the hour from noon, where a
    language names no noon ("Mittag", "mittags": German; "migdia": Catalan), is noon
    too; {} without Babel."""
    locale = _locale(code)
    if locale is None:
        return {}
    rules = dict(locale.day_period_rules.get(None, {}) or {})
    at_noon = [p for p, specs in rules.items() if "noon" not in rules and _NOON_HOUR in specs]
    out: dict[str, str] = {}
    for context in ("format", "stand-alone"):
        widths = locale.day_periods.get(context, {})
        wide, abbreviated = dict(widths.get("wide", {})), dict(widths.get("abbreviated", {}))
        for period in ("noon", "midnight", *at_noon):
            name = wide.get(period) or abbreviated.get(period)
            for form in (name.casefold(), _plain(name)) if name else ():
                out.setdefault(form, "midnight" if period == "midnight" else "noon")
    return out


# The words written after a clock time that CLDR's time patterns do not hold: Dutch
# "9.30 uur" (CLDR writes "HH:mm" for Dutch, where German has "HH 'Uhr'"), Thai
# "14:00 น." (นาฬิกา, "o'clock", and its abbreviation: CLDR writes the word unquoted)
CLOCK_WORDS: dict[str, tuple[str, ...]] = {"nl": ("uur",), "th": ("นาฬิกา", "น")}


def clock_suffixes(code: str) -> frozenset[str]:
    """The words `code`'s speakers write after a clock time's hour ("10 Uhr", "14 giờ",
    "9.30 uur"), as CLDR's patterns for an hour alone write them ("HH 'Uhr'") and
    `CLOCK_WORDS` adds, folded; empty without Babel."""
    locale = _locale(code)
    if locale is None:
        return frozenset(CLOCK_WORDS.get(code, ()))
    patterns = [p.pattern for p in dict(locale.time_formats).values()]
    for skeleton, p in dict(locale._data.get("datetime_skeletons", {})).items():
        if re.fullmatch(r"B?[Hh]", skeleton):
            patterns.append(getattr(p, "pattern", str(p)))
    words = [w.strip(" .") for p in patterns for w in re.findall(r"'([^']+)'", p)]
    words += CLOCK_WORDS.get(code, ())
    return frozenset(form for w in words if w for form in (w.casefold(), _plain(w)))


def unit_names(code: str, unit: str) -> frozenset[str]:
    """The names `code`'s speakers give a unit of time (`unit`: CLDR's "duration-hour",
    "duration-minute") in a column's header or after a number, long, short and narrow
    ("Stunden", "Std.", "h"), folded, without a final dot; empty without Babel."""
    locale = _locale(code)
    if locale is None:
        return frozenset()
    try:
        from babel.units import get_unit_name
    except ImportError:
        return frozenset()
    found: list[str] = []
    for length in ("long", "short", "narrow"):
        found.append(get_unit_name(unit, length=length, locale=locale) or "")
        counted = dict(locale._data.get("unit_patterns", {}).get(unit, {}).get(length, {}))
        found += [p.replace("{0}", "") for k, p in counted.items() if k != "per"]
    return _forms(found)


def _forms(found: Iterable[object]) -> frozenset[str]:
    """Names as `unit_names` gives them: folded, without a final dot, also without marks."""
    names = (n.strip().rstrip(".") for n in found if isinstance(n, str))
    return frozenset(form for n in names if n for form in (n.casefold(), _plain(n)))


def counted_unit_names(code: str, unit: str) -> frozenset[str]:
    """The names of a unit of time `code`'s speakers write after a count, long ("3
    Stunden", "3 hours", "3 saat"), as `unit_names` gives them: a length, where the
    name without a count may say "all the hours" ("tüm saatler")."""
    locale = _locale(code)
    if locale is None:
        return frozenset()
    counted = dict(locale._data.get("unit_patterns", {}).get(unit, {}).get("long", {}))
    return _forms(p.replace("{0}", "") for k, p in counted.items() if k != "per")


def time_word(code: str) -> str | None:
    """The word `code`'s speakers say a clock's "time" with, lower case: the longest of
    the words (three letters or more) that most of CLDR's names of time zones in
    that language hold ("Central European Time", "Mitteleuropäische Zeit", "heure
    d’Europe centrale"; or of two East Asian characters: Korean "시간"); None where
    no word is in four fifths of them, or without Babel."""
    locale = _locale(code)
    if locale is None:
        return None
    names = [n for z in locale.meta_zones.values() if (n := z.get("long", {}).get("generic"))]
    counts: dict[str, int] = {}
    for n in names:
        for w in {w.casefold() for w in WORD.findall(n)}:
            if len(w) >= 3 or (len(w) == 2 and re.fullmatch(f"[{EAST_ASIAN}]+", w)):
                counts[w] = counts.get(w, 0) + 1
    most = max(counts.values(), default=0)
    if not names or most < 0.8 * len(names):
        return None
    return max((w for w, k in counts.items() if k == most), key=len)


# the scripts written without spaces between words: East Asian characters, and Thai,
# Lao, Myanmar and Khmer (their combining marks within their blocks); a zone's name in
# them ("韓国標準時", "เวลาอินโดจีน") is read inside a run of them
UNSPACED = EAST_ASIAN + "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_UNSPACED = re.compile(f"[{UNSPACED}]+")


def _marks() -> str:
    """The combining marks of the Basic Multilingual Plane (Unicode's categories Mn,
    Mc and Me: Thai and Devanagari vowel signs, accents left unfolded) as ranges of a
    regular expression's character class: no word character to `re`, yet part of
    the word they sit in."""
    ranges: list[list[int]] = []
    for code in range(0x300, 0x10000):
        if unicodedata.category(chr(code))[0] == "M":
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])
    return "".join(f"\\u{a:04x}-\\u{b:04x}" if a < b else f"\\u{a:04x}" for a, b in ranges)


MARKS = _marks()
# a word: a letter, then letters and the combining marks inside it ("में", "माहे": a
# Devanagari vowel sign ends no word, so "में हैं", "are in", is no "माहे", Mahé)
LETTERS = rf"[^\W\d_](?:[^\W\d_]|[{MARKS}])*"
WORD = re.compile(LETTERS)


def name_key(text: str) -> str:
    """A name's words, folded to lower case and joined by one space, as `zone_names`
    and `zone_cities` key them ("heure d’Europe centrale": "heure d europe centrale")."""
    return " ".join(WORD.findall(text)).casefold()


def _add(found: dict[str, str | None], name: str, zone: str) -> None:
    """`name` -> `zone`, unless `name` already stands for another zone: then for none."""
    if name and found.setdefault(name, zone) != zone:
        found[name] = None


@lru_cache(maxsize=1)
def windows_zones() -> dict[str, str]:
    """The names Windows gives its time zones ("W. Europe Standard Time", "Cen.
    Australia Standard Time", as Outlook writes them in a calendar's TZID) -> the tz
    database zone CLDR maps each to, by its current name ("India Standard Time":
    Asia/Kolkata, not the link Asia/Calcutta); {} without Babel."""
    try:
        from babel.core import get_global
    except ImportError:
        return {}
    canonical = get_global("zone_aliases")
    return {n: canonical.get(z, z) for n, z in get_global("windows_zone_mapping").items()}


@lru_cache(maxsize=1)
def _metazone_zones() -> dict[str, str]:
    """Each of CLDR's metazones ("America_Central") -> the tz database zone whose
    clocks its names speak of: of the zones in it, those that keep the same UTC
    offsets month by month as most of them do this year, the one of its city
    ("Moscow": Europe/Moscow) or one of its own area first ("Europe_Eastern":
    Europe/…), then one Windows names a zone by (CLDR's Windows
    mapping), the shortest name first; but the zone Windows gives the metazone's
    English name to where it is one of them ("Central Standard Time": America/Chicago,
    not Regina, which keeps no summer time); {} without Babel."""
    try:
        from babel.core import get_global
    except ImportError:
        return {}
    from datetime import datetime
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    year = datetime.now().year
    windows = windows_zones()
    golden = set(windows.values())
    english = _locale("en")
    members: dict[str, dict[tuple[object, ...], list[str]]] = {}
    for zone, metazone in sorted(get_global("meta_zones").items()):
        try:
            tz = ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            continue
        clocks = tuple(tz.utcoffset(datetime(year, m, 15, 12)) for m in range(1, 13))
        members.setdefault(metazone, {}).setdefault(clocks, []).append(zone)
    out: dict[str, str] = {}
    for metazone, by_clocks in members.items():
        standard = english.meta_zones.get(metazone, {}).get("long", {}).get("standard")
        named = windows.get(standard or "")  # ("Central Standard Time": America/Chicago)
        if any(named in zones for zones in by_clocks.values()):
            out[metazone] = str(named)
            continue
        most = max(by_clocks.values(), key=len)  # (the first of as many: sorted by name)
        area = metazone.split("_")[0]  # ("Europe_Eastern": a zone of Europe first)
        out[metazone] = min(
            most,
            key=lambda z: (
                (z.rsplit("/")[-1] != metazone, z.split("/")[0] != area)
                + (z not in golden, len(z), z)
            ),
        )
    return out


@lru_cache(maxsize=1)
def zone_names(bare: bool = False) -> dict[str, str]:
    """The names CLDR gives time zones (its metazones' long names, generic, standard
    and summer) in the languages programs are read in, keyed by `name_key` -> a tz
    database zone of its clocks (`_metazone_zones`): "central time", "korean standard
    time", "한국 시간", "توقيت كوريا", "韓国標準時": those that hold the language's
    word for time (`time_word`; of three words at least in a language without one),
    or in East Asian characters, never a place's name alone. `bare`: those names without the
    language's word for time (`time_word`) where they begin or end with it ("central"
    of "Central Time", "mitteleuropäische" of "Mitteleuropäische Zeit"), of four
    letters or more. A name two zones of other clocks share is left out; {} without
    Babel."""
    zones = _metazone_zones()
    found: dict[str, str | None] = {}
    for code in written_in():
        locale = _locale(code)
        if locale is None:
            continue
        word = time_word(code)
        for metazone, named in locale.meta_zones.items():
            zone = zones.get(metazone)
            if zone is None:
                continue
            for name in dict(named.get("long", {})).values():
                key = name_key(str(name))
                words = key.split()
                if (word not in key if word else len(words) < 3) and not _UNSPACED.fullmatch(key):
                    continue  # (a place's name alone: Bulgarian "Аляска", "Индийски океан")
                if bare:
                    if word is None or len(words) < 2 or word not in (words[0], words[-1]):
                        continue
                    key = " ".join(words[1:] if words[0] == word else words[:-1])
                    key = key if len(key.replace(" ", "")) >= 4 else ""
                _add(found, key, zone)
    return {k: v for k, v in found.items() if v is not None}


@lru_cache(maxsize=1)
def zone_abbreviations() -> dict[str, dict[str, str]]:
    """The abbreviations CLDR writes for time zones in the languages programs are read
    in, but English ("MESZ", "OEZ" in German, "SEČ" in Czech, "IST" in Hindi: its
    metazones' short names), by language -> {abbreviation: a tz database zone of its
    clocks (`_metazone_zones`)}. English's are left out: English is written the world
    over, and there "CST" or "IST" names several zones (the tz database's names of one,
    "EST", "CET", are read as zones anyway: ingest.when.zone). {} without Babel."""
    zones = _metazone_zones()
    out: dict[str, dict[str, str]] = {}
    for code in written_in():
        locale = _locale(code) if code != "en" else None
        for metazone, named in locale.meta_zones.items() if locale is not None else ():
            zone = zones.get(metazone)
            for short in dict(named.get("short", {})).values():
                if zone and isinstance(short, str) and WORD.fullmatch(short):
                    out.setdefault(code, {})[short] = zone
    return out


@lru_cache(maxsize=1)
def zone_cities() -> dict[str, str]:
    """The cities CLDR names its time zones by, in the languages programs are read in
    (its exemplar cities: "Αθήνα", "الرياض", "서울", "Wien"), and in English as the
    tz database's zone names them ("Amsterdam" of Europe/Amsterdam: no link's,
    "North" of Australia/North), keyed by `name_key` -> the zone; a name two zones
    share is left out; {} without Babel."""
    try:
        from babel.core import get_global
    except ImportError:
        return {}
    zones = sorted(z for z in get_global("zone_territories") if "/" in z)
    found: dict[str, str | None] = {}
    for zone in zones:
        _add(found, name_key(zone.rsplit("/", 1)[1].replace("_", " ")), zone)
    for code in written_in():
        locale = _locale(code)
        for zone in zones if locale is not None else ():
            city = dict(locale.time_zones.get(zone, {})).get("city")
            if isinstance(city, str):
                _add(found, name_key(city), zone)
    return {k: v for k, v in found.items() if v is not None}


@lru_cache(maxsize=1)
def list_commas() -> frozenset[str]:
    """The commas other than ","  that the languages programs are read in put between
    the items of a list, as CLDR's list patterns write them ("、" in Japanese and
    Chinese, "،" in Persian and Urdu, the Arabic script's); none without Babel."""
    found: set[str] = set()
    for code in written_in():
        locale = _locale(code)
        middle = locale.list_patterns.get("standard", {}).get("middle", "") if locale else ""
        between = middle.replace("{0}", "").replace("{1}", "")
        found |= {c for c in between if unicodedata.category(c) == "Po" and c != ","}
    return frozenset(found)


@lru_cache(maxsize=1)
def list_ands() -> frozenset[str]:
    """The words the languages programs are read in put before the last item of a list,
    as CLDR's list patterns write them ("and", "und", "et", "og", "и"); words of one
    letter ("y", "e", "i", "a") are left out, as they stand inside surnames too
    ("Ortega y Gasset", "Sousa e Silva", "Puig i Cadafalch"), and so are surnames'
    particles. None without Babel."""
    found: set[str] = set()
    for code in written_in():
        locale = _locale(code)
        end = locale.list_patterns.get("standard", {}).get("end", "") if locale else ""
        for word in end.replace("{0}", " ").replace("{1}", " ").replace(",", " ").split():
            if len(word) > 1 and word.isalpha() and word.lower() not in PARTICLES:
                found.add(word)
    return frozenset(found)


@lru_cache(maxsize=64)
def list_words(code: str) -> frozenset[str]:
    """The words the language `code` puts before the last item of a list, of things
    taken together and of choices, as CLDR's list patterns write them ("and", "or";
    "und", "oder"; "и", "или"; "或", "หรือ", "または"), lower case; one letter too
    ("o", "y", "ή"). None without Babel."""
    locale = _locale(code)
    found: set[str] = set()
    for kind in ("standard", "or"):
        end = locale.list_patterns.get(kind, {}).get("end", "") if locale else ""
        end = "".join(" " if unicodedata.category(c)[0] in "PZ" else c for c in end)
        for word in end.replace("{0}", " ").replace("{1}", " ").split():
            if all(unicodedata.category(c)[0] in "LM" for c in word):  # ("หรือ": its marks)
                found.add(word.lower())
    return frozenset(found)


def written_in() -> tuple[str, ...]:
    """The languages with names here (`_NAMES`), English first: those a program's
    dates are read in."""
    return ("en", *sorted(c for c in _NAMES if c != "en"))


def day_part_names(code: str) -> dict[str, str]:
    """The parts of the day as `code`'s speakers name them (CLDR's day periods, the
    last word of each: "di sera" -> "sera"), folded -> "morning", "afternoon",
    "evening" or "night"; a word CLDR gives to two parts is left out. In the East Asian
    scripts the abbreviated names too (Japanese and Korean have no others; Chinese "早上",
    beside the wide "清晨"), and the names of before and after noon, which speakers say for the morning and the
    afternoon ("午前", "午後", "오전")."""
    locale = _locale(code)
    if locale is None:
        return {}
    found: dict[str, set[str]] = {}
    asian = re.compile(f"[{EAST_ASIAN}]+")
    for context in ("format", "stand-alone"):
        periods = locale.day_periods.get(context, {})
        named = dict(periods.get("wide", {}) or {})
        shorter = dict(periods.get("abbreviated", {}) or {}).items()
        if not named:  # (Babel leaves some languages' wide names to the abbreviated ones)
            named = {p: n for p, n in shorter if asian.fullmatch(n) or not n.endswith(".")}
        # in the East Asian scripts the abbreviated names are the spoken ones too
        # (Chinese "早上": early morning, beside the wide "清晨")
        pairs = [*named.items(), *((p, n) for p, n in shorter if asian.fullmatch(n))]
        for period, name in pairs:
            halves = _HALVES.get(period) if asian.fullmatch(name) else None
            part = _held_in(locale, period, _PERIODS.get(period)) or halves
            words = name.split()
            # the last word, where those before it are a preposition or an article ("w
            # nocy", "de la tarde"); not "sonra" of "öğleden sonra" (after noon)
            if part and words and all(len(w) <= 3 for w in words[:-1]):
                for form in (words[-1].casefold(), _plain(words[-1])):
                    found.setdefault(form, set()).add(part)
    return {w: next(iter(p)) for w, p in found.items() if len(p) == 1}


def _held_in(locale: Any, period: str, part: str | None) -> str | None:
    """The part of the day (talkbase/core/when.PARTS_OF_DAY) CLDR's `period` of
    `locale` is: its own name's part, but an evening whose hours in CLDR lie wholly
    inside the afternoon's, not the evening's, is an afternoon (Indonesian "sore",
    CLDR's "evening1", runs from 15:00 to 18:00, not an evening from 17:00)."""
    from talkbase.core.when import PARTS_OF_DAY  # (the windows, in one place)

    try:
        rules = locale.day_period_rules.get(None, {}).get(period, [])
    except AttributeError:
        return part
    if part is None or len(rules) != 1 or "from" not in rules[0] or "before" not in rules[0]:
        return part
    start, end = rules[0]["from"] // 60, rules[0]["before"] // 60
    if end <= start:  # (across midnight)
        return part

    def holds(name: str) -> bool:
        bounds = dict(PARTS_OF_DAY[name])
        low, high = bounds.get("after", "00:00"), bounds.get("starts_before", "24:00")
        minutes = [int(x[:2]) * 60 + int(x[3:]) for x in (low, high)]
        return minutes[0] <= start and end <= minutes[1]

    # (only an evening that ends by the afternoon's end: a night of CLDR's "from 0 to 6"
    # lies in the morning's hours too, yet is no morning)
    return "afternoon" if part == "evening" and not holds(part) and holds("afternoon") else part


def relative_day_names(code: str) -> frozenset[str]:
    """The words `code`'s speakers say for a day relative to today (CLDR: "morgen",
    "heute", "mañana", "domani"), folded; empty without Babel."""
    locale = _locale(code)
    if locale is None:
        return frozenset()
    try:
        names = dict(locale._data["date_fields"]["day"]["relative"]).values()
    except (KeyError, TypeError):
        return frozenset()
    return frozenset(form for n in names for form in (n.casefold(), _plain(n)) if form)


def spoken_where(zone: str) -> tuple[str, ...]:
    """The languages official where a time zone is (CLDR's country of the zone and
    its official languages, through Babel): ("nl", "fr", "de") for Europe/Brussels,
    ("it",) for Europe/Rome; () for a zone of no one country, an offset, or without
    Babel."""
    try:
        from babel.core import get_global
        from babel.languages import get_official_languages
    except ImportError:
        return ()
    territory = get_global("zone_territories").get(zone) if zone else None
    if not territory or territory == "001":
        return ()
    return tuple(c for c in get_official_languages(territory, de_facto=True) if "_" not in c)


@lru_cache(maxsize=256)
def written_in_latin(code: str) -> bool | None:
    """Whether the language `code` is written in the Latin script (CLDR's likely script
    for it, through Babel: "en" -> Latn, "ja" -> Jpan); None where CLDR does not say, or
    without Babel."""
    try:
        from babel.core import get_global
    except ImportError:
        return None
    likely = str(get_global("likely_subtags").get(code, ""))
    parts = likely.split("_")
    return parts[1] == "Latn" if len(parts) > 1 and len(parts[1]) == 4 else None


def latin_letters_only(text: str) -> bool:
    """Whether every letter of `text` is a Latin one (and it has some): "Testing with
    pytest at scale", not "Kubernetes の運用"."""
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and all(unicodedata.name(c, "").startswith("LATIN") for c in letters)


@lru_cache(maxsize=64)
def zone_country(zone: str) -> str | None:
    """The English name of the country a time zone is of (CLDR's: "Asia/Kolkata" ->
    "India"); None for a zone of no one country, or without Babel."""
    try:
        from babel import Locale
        from babel.core import get_global
    except ImportError:
        return None
    territory = get_global("zone_territories").get(zone)
    name = Locale("en").territories.get(territory) if territory else None
    return str(name) if name and territory != "001" else None


@lru_cache(maxsize=64)
def day_first_where(zone: str) -> bool | None:
    """Whether a date of numbers ("08/10/2026") is written day first where a time zone
    is: CLDR's short date pattern in its country's official languages ("dd/MM/y" for
    Europe/Paris: True; "M/d/yy" for America/New_York: False); None where they write
    the year first ("y-MM-dd", Europe/Stockholm), disagree, or the zone is of no one
    country, or without Babel."""
    try:
        from babel import Locale, UnknownLocaleError
        from babel.core import get_global
    except ImportError:
        return None
    territory = get_global("zone_territories").get(zone) if zone else None
    orders: set[bool | None] = set()
    for code in spoken_where(zone):
        try:
            orders.add(_short_date_order(Locale.parse(f"{code}_{territory}")))
        except (UnknownLocaleError, ValueError, KeyError):
            continue
    return orders.pop() if len(orders) == 1 else None


@lru_cache(maxsize=64)
def day_first_in(code: str) -> bool | None:
    """Whether the language `code` writes a date of numbers day first wherever it is
    written, by CLDR's short date patterns for it in every country ("th": "d/M/yy",
    True); None where its countries differ ("en": "M/d/yy" in the US, "dd/MM/y" in
    Britain), or CLDR does not say, or without Babel. (A country that writes the year
    first, "y-MM-dd" for fr_CA, says nothing of the order of the other two.)"""
    try:
        from babel import Locale, UnknownLocaleError
        from babel.localedata import locale_identifiers
    except ImportError:
        return None
    orders: set[bool] = set()
    for name in (n for n in locale_identifiers() if n == code or n.startswith(f"{code}_")):
        try:
            order = _short_date_order(Locale.parse(name))
        except (UnknownLocaleError, ValueError, KeyError):
            continue
        orders |= {order} if order is not None else set()
    return orders.pop() if len(orders) == 1 else None


def day_first(zone: str = "", code: str = "") -> bool | None:
    """Whether a date of numbers ("07/11/2026") whose numbers alone do not tell is
    day first: as the language `code` writes it wherever it is written (`day_first_in`:
    Thai, Vietnamese), else as it is written where the time zone `zone` is
    (`day_first_where`: English in Asia/Ho_Chi_Minh); None where neither says. The one
    place every reader of such dates (tables, day headings) decides it."""
    by_language = day_first_in(code) if code else None
    if by_language is not None:
        return by_language
    return day_first_where(zone) if zone else None


def _short_date_order(locale: Any) -> bool | None:
    pattern = str(locale.date_formats["short"].pattern)
    d, m, y = (pattern.find(c) for c in "dMy")
    return None if min(d, m, y) < 0 or y < min(d, m) else d < m


# ISO 639-1 codes CLDR keeps its data under another code: Tagalog's is Filipino's ("fil",
# which names the weekdays, the language names: "Huwebes", "Ingles")
_CLDR_CODES = {"tl": "fil"}


def _locale(code: str) -> Any:
    try:
        from babel import Locale, UnknownLocaleError
    except ImportError:
        return None
    try:
        return Locale(_CLDR_CODES.get(code, code))
    except (UnknownLocaleError, ValueError):
        return None


@lru_cache(maxsize=256)
def inflects(code: str) -> bool:
    """Whether `code`'s words change their endings with their role (Polish "środa", "w
    środę"; Russian "пятница", "в пятницу"), as CLDR shows it: most of its months end
    otherwise in a date than standing alone ("stycznia", "styczeń"); False without
    Babel."""
    locale = _locale(code)
    if locale is None:
        return False
    said = {m: str(n) for m, n in dict(locale.months["format"]["wide"]).items()}
    alone = {m: str(n) for m, n in dict(locale.months["stand-alone"]["wide"]).items()}

    def last(name: str) -> str:
        return (name.split() or [""])[-1].casefold()

    differ = [m for m, name in said.items() if last(name) != last(alone.get(m, name))]
    return len(differ) > len(said) // 2

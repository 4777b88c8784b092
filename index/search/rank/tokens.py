"""How the lexical index cuts text into words, in one place: what a build indexes
(index/build/lexicon.py), what a query asks (index/search/rank/lexical.py) and how a
language's stop words are written (index/search/rank/stopwords.py).

Chinese and Japanese write words without spaces between them, so a run of letters
there is a phrase, not a word: "形態素解析の入門" would be one term, and a query for
"形態素解析" would share none with it. Such a run is cut where its kind of character
changes (Chinese characters, hiragana, katakana, other letters: "dbtでデータ品質" is
"dbt", "で", "データ", "品質"), and a run of Chinese characters is indexed as its
overlapping pairs ("形態", "態素", "素解", "解析"), as CJK search engines do without a
dictionary; a lone Chinese character between kana ("話" of "…した話") is left out, too
common a word to tell talks apart. Korean, written with spaces, is cut as before.
Measured (bench/quality.py, docs/quality.md): lexical nDCG@10 on the Tokyo program
0.509 -> 0.683, on the Osaka one 0.462 -> 0.725; no other set changes.

Arabic writes its article, and a preposition or conjunction before it, as one word
with the noun: "الفدية" (the ransomware), "بالفدية", "والفدية", "للفدية" are "فدية",
which a word search must find. A word of Arabic letters loses such a leading article
(`ARTICLES`, a light prefix folding as Arabic search engines do without a dictionary:
Lucene's light stemmer's article prefixes), where three letters or more are left:
"اللغة" is "لغة", "الم" stays. No other script's words change.

A word goes on through the marks written after its letters (Unicode's combining
marks, categories Mn and Mc, but those that only choose how a character is drawn):
the vowel signs of Devanagari, Bengali, Tamil or Thai ("सुरक्षा", "ปลอดภัย") are part
of their word, not where it ends ("स", "रकष" before `TOKENS` 4). The marks of a combining class other than 0 (accents, Thai tone marks, the
virama) are still folded off first, as before; a text is read in its compatibility
decomposition (NFKD), so a letter written with its accent after it ("e" + U+0301) is
the accent-free letter, as the letter written whole.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Collection, Iterable, Iterator

from talkbase.core.terms import HAN

# how text is cut, as a build's lexical index records it (1: before the pairs above);
# an index cut otherwise is made anew at the next ingest (index/build/lexicon.py)
TOKENS = 4  # (2: Arabic's articles kept; 3: a word cut at its letters' marks)

_TOKEN = re.compile(r"[^\W_]+")  # as the FTS index: runs of letters and digits


# the marks that are no part of a word: those that only choose how a character is drawn
# (variation selectors, the grapheme joiner: U+FE0F of the keycap "2️⃣"; its enclosing
# mark U+20E3, of category Me, is none of Mn, Mc)
_DRAWN = re.compile(r"VARIATION SELECTOR|COMBINING GRAPHEME JOINER")


@functools.cache
def word_marks() -> str:
    """The marks a word goes on through (Unicode's categories Mn and Mc, but `_DRAWN`),
    as the ranges of a regular expression's class: the lexical index's words from
    `TOKENS` 4 on (`_marked`), and the matched words a result names on such a base
    (index/search/rank/lexical.py `words_of`: "নিরাপত্তা", not "পত")."""
    return _ranges(_word_mark_chars())


def _word_mark_chars() -> Iterator[int]:
    for c in range(0x300, 0x20000):  # (no mark before U+0300; past U+1FFFF, selectors)
        char = chr(c)
        if unicodedata.category(char) in ("Mn", "Mc") and not _DRAWN.search(
            unicodedata.name(char, "")
        ):
            yield c


def _ranges(chars: Iterable[int]) -> str:
    """Code points, ascending, as the ranges of a regular expression's class."""
    ranges: list[list[int]] = []
    for c in chars:
        if ranges and ranges[-1][1] == c - 1:
            ranges[-1][1] = c
        else:
            ranges.append([c, c])
    return "".join(chr(a) + ("-" + chr(b) if b > a else "") for a, b in ranges)


@functools.cache
def kept_marks() -> str:
    """Of `word_marks`, those a folded word keeps (combining class 0, the vowel signs:
    "া", "ि"; not the virama nor an accent, which folding drops), as a regular
    expression's class (Python's and DuckDB's): what tells a word cut through its marks
    from one cut at them (index/store/reads.py `words_cut_through`)."""
    return _ranges(c for c in _word_mark_chars() if not unicodedata.combining(chr(c)))


@functools.cache
def _marked() -> re.Pattern[str]:
    """A run of letters and digits with the marks after them (`TOKENS` 4 on)."""
    return re.compile(rf"[^\W_](?:[^\W_]|[{word_marks()}])*")


def marked_words(text: str) -> list[str]:
    """`text`'s runs of letters and digits with the marks after them (`_marked`), as
    written (no folding): how a session type's name or a kind of session is cut into
    words where the reader compares them (index/search/read/vocab.py `_type_key`)."""
    return _marked().findall(text)


_HAN = HAN  # (talkbase/core/terms.py)
_HAN_FIRST = re.compile(f"[{_HAN}]")
_KINDS = re.compile(rf"[{_HAN}]+|[\u3040-\u309f]+|[\u30a0-\u30ff]+|[^{_HAN}\u3040-\u30ff]+")


def _pieces(token: str) -> list[str]:
    """A token's terms: itself, or where it holds Chinese characters or kana, its runs
    of one kind of character, those of Chinese characters as overlapping pairs."""
    if token.isascii():
        return [token]
    out: list[str] = []
    for run in _KINDS.findall(token):
        if not _HAN_FIRST.match(run):
            out.append(run)
        elif len(run) > 1:
            out += [run[i : i + 2] for i in range(len(run) - 1)]
    return out


# the article with the prefixes written before it (and "lil", "لل": "ل" and "ال"),
# longest first; a word of Arabic letters only, three letters or more left after one
ARTICLES = ("وال", "بال", "كال", "فال", "لل", "ال")
ARABIC_WORD = re.compile(r"[\u0621-\u064a\u066e-\u06d3]+")
ARTICLE_LEFT = 3


def without_article(token: str) -> str:
    """An Arabic word without its leading article (`ARTICLES`): "بالفدية" -> "فدية"."""
    if not ARABIC_WORD.fullmatch(token):
        return token
    for article in ARTICLES:
        if token.startswith(article) and len(token) - len(article) >= ARTICLE_LEFT:
            return token[len(article) :]
    return token


def tokenize(
    text: str,
    stopwords: Collection[str],
    pairs: bool = True,
    articles: bool = False,
    marks: bool = False,
) -> list[str]:
    """Lower-cased, accent-free runs of letters and digits, without stopwords (as the
    FTS index); Chinese and Japanese cut as above unless `pairs` is False (an index
    made before, `TOKENS` 1); Arabic words without their article where `articles`
    (how the lexical index cuts its words and its queries from `TOKENS` 3 on); a word
    going on through the marks after its letters where `marks` (from `TOKENS` 4 on:
    "सुरक्षा" one word, not "स", "रकष")."""
    text = text.lower()
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    found = (_marked() if marks and not text.isascii() else _TOKEN).findall(text)
    if pairs and not text.isascii():
        found = [w for t in found for w in _pieces(t)]
    if articles and not text.isascii():
        found = [without_article(w) for w in found]
    return [w for w in found if w not in stopwords]

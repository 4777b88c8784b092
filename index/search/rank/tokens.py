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
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

from talkbase.core.terms import HAN

# how text is cut, as a build's lexical index records it (1: before the pairs above);
# an index cut otherwise is made anew at the next ingest (index/build/lexicon.py)
TOKENS = 3  # (2: Arabic's articles kept)

_TOKEN = re.compile(r"[^\W_]+")  # as the FTS index: runs of letters and digits
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
    text: str, stopwords: Collection[str], pairs: bool = True, articles: bool = False
) -> list[str]:
    """Lower-cased, accent-free runs of letters and digits, without stopwords (as the
    FTS index); Chinese and Japanese cut as above unless `pairs` is False (an index
    made before, `TOKENS` 1); Arabic words without their article where `articles`
    (how the lexical index cuts its words and its queries from `TOKENS` 3 on)."""
    text = text.lower()
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    found = _TOKEN.findall(text)
    if pairs and not text.isascii():
        found = [w for t in found for w in _pieces(t)]
    if articles and not text.isascii():
        found = [without_article(w) for w in found]
    return [w for w in found if w not in stopwords]

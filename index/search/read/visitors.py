"""The words that show a query is asked in a language no talk of the program is in:
a visitor's. A weekday or part of the day of such a language with no day, time or
article of its own beside it is read only where the query says another of its words
("talk su Rust domenica": "su"; "placido domingo" none, index/search/read/whenwords.py
`_foreign_alone`), a bare hour after one of its one-word cues likewise
(index/search/read/timecues.py), and its function words leave the search where it
says two (index/search/kb.py)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from index.search.rank.stopwords import english_stopwords, language_list
from index.search.rank.tokens import tokenize, word_marks
from index.search.read import lexicon
from talkbase.core import languages
from talkbase.core.terms import fold

if TYPE_CHECKING:
    from index.search.read.vocab import Vocab


@functools.cache
def words_of(code: str) -> frozenset[str]:
    """The words that show a query is in the language `code`: its function words (the
    `stop-words` lists), weekdays, parts of the day (CLDR and the lexicon's) and the
    lexicon's own words for it (cues, articles, "of"), folded, less English's stop
    words, which show nothing ("on" is French too)."""
    own = set(language_list(code)) | set(lexicon.own_words(code))
    own |= set(languages.weekday_names(code))
    own |= set(languages.day_part_names(code)) | set(lexicon.DAY_PARTS.get(code, {}))
    cut = {t for w in own for t in tokenize(w, (), marks=True)}  # (as the reader cuts)
    return frozenset(cut) - english_stopwords()


def evidence(code: str, query: str, vocab: Vocab, besides: Iterable[str] = ()) -> int:
    """How many words of `query` (as typed, folded) show the language `code`: its
    `words_of` and the weekdays and parts of the day read in it (`Vocab.foreign_words`),
    not counting `besides` nor any word the talks hold ("solo", "con", "die" are in an
    English program's abstracts: they show nothing there)."""
    letters = rf"[^\W\d_](?:[^\W\d_]|[{word_marks()}])*"  # (a word's marks kept)
    said = set(re.findall(letters, fold(query))) - set(besides)
    theirs = words_of(code)
    return sum(
        1
        for x in said
        if (x in theirs or vocab.foreign_words.get(x) == code) and x not in vocab.words
    )

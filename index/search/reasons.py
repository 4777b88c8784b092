"""Why a recommended talk fits an agenda (index/search/recommend.py): the
distinctive words and two-word phrases it shares with the saved talks it follows
from (`shared_terms`, tf-idf over the base's word counts: `word_weights`), the
sentence closest to them, and the one line that says so (`reason_text`). All but
`Words` and `evidence` are pure functions, tested with hand-made words.
"""

from __future__ import annotations

import math
import weakref
from collections import OrderedDict
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np

from index.search.evidence.answer import as_written
from index.search.rank.ranking import best_sentence
from index.search.rank.stopwords import FILLER
from index.search.read.vocab import word_tuple
from index.store import reads
from ingest.text import STOPWORDS
from talkbase.core.records import Talk
from talkbase.core.terms import singular

if TYPE_CHECKING:
    from index.search.kb import KnowledgeBase

MAX_BECAUSE = 2  # saved talks a reason names
MAX_TERMS = 3  # shared words or phrases a reason names
DISTINCTIVE_SHARE = 0.1  # a word in more of the talks than this says nothing about two of them
NAMED_IDF = math.log(100)  # a word named in a reason is in at most 1% of the talks (or in a title)
WEAKEST_TERM = 0.5  # a shared word weighing less than this share of the best is not named
QUOTE_CHARS = 120  # a quoted sentence is cut here


def _key(word: str) -> str:
    """A word and its plural compare equal ("collectives", "collective")."""
    return singular(word)


def _weight(word: str, df: Mapping[str, int], n_talks: int) -> float:
    """How much a word says about a talk: its idf in the base, 0 for a stopword, a
    number, or a word in more than DISTINCTIVE_SHARE of the talks."""
    if word in STOPWORDS or word in FILLER or len(word) < 3:
        return 0.0
    seen = df.get(word, 2)
    if seen > max(2.0, DISTINCTIVE_SHARE * n_talks) or not any(c.isalpha() for c in word):
        return 0.0
    return math.log((n_talks + 1) / seen)


def word_weights(
    title: Sequence[str], abstract: Sequence[str], df: Mapping[str, int], n_talks: int
) -> dict[str, float]:
    """A talk's words as a sparse tf-idf vector: each distinctive word (plurals folded)
    its `_weight`, twice in the title."""
    out: dict[str, float] = {}
    for w in set(title) | set(abstract):
        weight = _weight(w, df, n_talks) * (2 if w in title else 1)
        if weight:
            out[_key(w)] = max(out.get(_key(w), 0.0), weight)
    return out


def shared_terms(
    hit_words: Sequence[str],
    saved_words: Sequence[str],
    df: Mapping[str, int],
    n_talks: int,
    titles: tuple[Collection[str], Collection[str]] = ((), ()),
    limit: int = MAX_TERMS,
    unnamed: Collection[str] = (),
) -> tuple[str, ...]:
    """The distinctive words and two-word phrases two talks' texts share, as the hit
    writes them, best first: a word scores its `_weight`, doubled for each of the two
    `titles` (words of the hit's, the saved talk's) holding it, and is named from
    NAMED_IDF (or a word of two talks in a small base) and from WEAKEST_TERM of the best;
    never a word of `unnamed` (the function words of the two talks' languages: "почему")."""
    theirs = {_key(w) for w in saved_words}
    pairs = {(_key(a), _key(b)) for a, b in zip(saved_words, saved_words[1:], strict=False)}
    in_titles = [{_key(w) for w in t} for t in titles]
    scored: dict[str, float] = {}
    for w in hit_words:
        x = _weight(w, df, n_talks) if _key(w) in theirs and w not in unnamed else 0.0
        scored[w] = x * math.prod(2 if _key(w) in t else 1 for t in in_titles)
    floor = min(NAMED_IDF, math.log((n_talks + 1) / 2))
    best = max(scored.values(), default=0.0)
    scored = {w: x for w, x in scored.items() if x >= max(floor, WEAKEST_TERM * best)}
    for a, b in zip(hit_words, hit_words[1:], strict=False):
        if a in scored and b in scored and (_key(a), _key(b)) in pairs:
            scored.setdefault(f"{a} {b}", scored[a] + scored[b])
    chosen: list[str] = []
    said: set[str] = set()
    for term, _ in sorted(scored.items(), key=lambda kv: (-kv[1], kv[0])):
        keys = {_key(w) for w in term.split()}
        if not keys & said:  # "rank failures" said, "failure" is not said again
            chosen.append(term)
            said |= keys
        if len(chosen) == limit:
            break
    return tuple(chosen)


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _quoted(text: str) -> str:
    text = " ".join(text.split())
    return f"“{text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1] + '…'}”"


def reason_text(
    because: Sequence[str],
    terms: Sequence[str],
    sentence: str = "",
    clashes: Sequence[str] = (),
    between: tuple[str, str] | None = None,
) -> str:
    """One line: the saved talks a hit follows from, what they share (the words, else
    the saved talk's sentence closest to the hit), what it clashes with, and the two
    saved talks it runs between in their room."""
    text = f"because you saved {_listed(because)}" if because else ""
    if terms:
        text += f" — {'both' if len(because) < 2 else 'all'} about {_listed(terms)}"
    elif sentence:
        text += f" — close to {_quoted(sentence)}"
    if clashes:
        text += f"; at the same time as {_listed(clashes)}"
    if between:
        text += f"; in the same room between {between[0]} and {between[1]}"
    return text


class Words:
    """A base's document frequencies (its vocabulary's, `Vocab.counts`) and the
    `word_weights` of the talks last asked for."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.df: Mapping[str, int] = kb.vocab.counts  # (one copy per open base)
        self.n = len(kb.talks)
        self.kept: OrderedDict[int, dict[str, float]] = OrderedDict()

    def of(self, talk: Talk) -> dict[str, float]:
        found = self.kept.get(talk.id)
        if found is None:
            found = self.kept[talk.id] = word_weights(_title(talk), _text(talk), self.df, self.n)
            while len(self.kept) > reads.CACHED_TALKS:
                self.kept.popitem(last=False)
        return found


_WORDS: weakref.WeakKeyDictionary[KnowledgeBase, Words] = weakref.WeakKeyDictionary()


def words_for(kb: KnowledgeBase) -> Words:
    """The base's `Words`, made once per open base."""
    return _WORDS.get(kb) or _WORDS.setdefault(kb, Words(kb))


def _title(talk: Talk) -> tuple[str, ...]:
    return word_tuple(talk.title)


def _text(talk: Talk) -> tuple[str, ...]:
    return word_tuple(f"{talk.title} {talk.abstract}")


def evidence(
    kb: KnowledgeBase, words: Words, talk: Talk, near: list[Talk], near_vec: np.ndarray
) -> tuple[list[int], tuple[str, ...], str, str, str]:
    """What `talk` shares with the saved talks `near` it follows from (closest first):
    the words it shares with the first, or with the first two when they share some;
    the hit's sentence closest to the first and where it comes from; that talk's
    sentence closest to it. Returns (saved ids, terms, sentence, source, closest)."""

    def shared(saved: Talk, limit: int = MAX_TERMS) -> tuple[str, ...]:
        titles = (_title(talk), _title(saved))
        unnamed = kb.unnamed_by(talk, [saved.language] if saved.language else [])
        return shared_terms(_text(talk), _text(saved), words.df, words.n, titles, limit, unnamed)

    because, terms = near[:1], shared(near[0])
    if len(near) > 1:
        also = shared(near[1], limit=100)
        if any(t in also for t in terms):
            because, terms = near[:MAX_BECAUSE], tuple(t for t in terms if t in also)
    sentences = kb.sentences.of([talk, near[0]])
    ours, theirs = sentences.get(talk.id, []), sentences.get(near[0].id, [])
    sims = kb.sentences.sims(near_vec, {talk.id: ours}).get(talk.id) if ours else None
    sentence, source = best_sentence(talk, ours, sims, [w for t in terms for w in t.split()])
    closest = near[0].title
    row = next((r for r, text in ours if text == sentence), None)
    if row is not None and theirs:
        vecs = kb.sentences.rows_vectors(np.array([row, *(r for r, _ in theirs)], dtype=np.int64))
        closest = theirs[int(np.argmax(vecs[1:] @ vecs[0]))][1]
    text = " ".join(f"{t.title} {t.abstract}" for t in (talk, *because))
    said = as_written(terms, text)
    return [t.id for t in because], said, sentence, source, closest

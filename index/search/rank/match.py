"""The one rule that says whether a talk a search lists matches the query.

The rule, in plain words: a talk matches a query when

- it holds a word of the query that is not in most talks of the base (the base's
  common words, `Vocab.common`: in a PyTorch program "pytorch" alone does not make
  a talk a match; words are compared by Porter stem), or
- it is close in meaning: its dense score (the cosine of its talk vector with the
  query's and that of its best sentence, halved) is at least TALKBASE_MATCH_FLOOR
  (0.40), or, where the multilingual signal ranked, its score there (the cosine
  less the query's mean over the base) is at least ANY_LANGUAGE_FLOOR (0.05: on the
  judged sets as precise as the dense floor or more, docs/quality.md). Where the
  multilingual signal ranked, a talk close by the dense score alone must also be
  near in any language, its score there at least CONFIRMED_FLOOR: MiniLM reads
  English, and a question in Japanese finds a quarter of a Japanese program's talks
  "close" to it (a cosine of 0.40 or more) whatever they say. Where the dense model
  cannot read the query at all (`dense.blind_to`: Telugu to MiniLM) and no
  multilingual signal ranked, its closeness makes no match: it is noise; or
- the query asks where to start, no talk listed holds a word of it, and the talk is
  for newcomers (`ingest.audience`: "Rundgang für Neulinge" matches "good talks for
  first-timers"; where words match, "talk facili per chi è alle prime armi", they
  decide).

Every other talk a search lists fills the list up as one of the nearest talks,
after the matches, with `Why.match` False. A search in one mode reads only what
that mode computed: a lexical search has no dense scores (only shared words make
a match), and a dense search has no word scores when every query word is rare (only
closeness makes a match then).

The search decides it once, here, and every hit carries the verdict in
`hit.why.match`: a caller that has hits (the CLI, the API, the app's facets) reads
it there (`matching`, `count`) and never judges again.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from index.search.rank import dense, lexical
from index.search.rank.ranking import LexScores, Ranking
from talkbase.core import settings
from talkbase.core.records import Hit
from talkbase.core.terms import fold

WORDS = "lexical"  # the signal whose scores tell which talks share a word
MEANING = "dense"  # the signal whose scores tell how close in meaning a talk is
ANY_LANGUAGE = "multilingual"  # and the one that tells it in any language
ANY_LANGUAGE_FLOOR = 0.05
# the multilingual score that confirms a talk the dense score finds close (docs/quality.md:
# 0.035 of 0, 0.02, 0.035, 0.05 lowers no judged set; 0.05 lowers MOCA 2024 by 0.008)
CONFIRMED_FLOOR = 0.035


@dataclass(frozen=True)
class Matches:
    """Which talks of one search match its query (the rule of this module): those
    `sharing` a rare word, and those whose closeness in `near` reaches `floor`."""

    sharing: frozenset[int]
    near: Mapping[int, float]
    floor: float
    near_in_any_language: Mapping[int, float] = field(default_factory=dict)
    for_newcomers: frozenset[int] = frozenset()  # when the query asks where to start

    def __call__(self, tid: int) -> bool:
        anywhere = self.near_in_any_language
        close = self.near.get(tid, -1.0) >= self.floor
        if close and anywhere:  # (confirmed in any language where that signal ranked)
            close = anywhere.get(tid, -1.0) >= CONFIRMED_FLOOR
        return (
            tid in self.sharing
            or tid in self.for_newcomers
            or close
            or anywhere.get(tid, -1.0) >= ANY_LANGUAGE_FLOOR
        )

    @classmethod
    def judge(
        cls,
        base: Any,
        words: str,
        tids: Sequence[int],
        rankings: Mapping[str, Ranking],
        newcomers: Iterable[int] = (),
    ) -> Matches:
        """The verdict on `tids` for a query of `words` on the open `base`, from the
        rankings its signals gave (the lexical one's word scores, the dense one's
        closeness; a signal that did not run gives nothing) and, for a query asking
        where to start, the talks for `newcomers` (when none holds a word of it)."""
        by_words, by_meaning = rankings.get(WORDS), rankings.get(MEANING)
        near = dict(by_meaning.scored) if by_meaning is not None else {}
        by_any = rankings.get(ANY_LANGUAGE)
        near_any = dict(by_any.scored) if by_any is not None else {}
        meant = by_meaning.query if by_meaning is not None else None
        if near and not near_any and meant is not None and dense.blind_to(meant):
            near = {}  # (MiniLM's closeness to a query it cannot read, unconfirmed)
        floor = settings.match_floor()
        scores = by_words.scores if by_words is not None else None
        found = frozenset(sharing(base, scores, words, tids))
        asked = frozenset(newcomers) if not found else frozenset()
        return cls(found, near, floor, near_any, asked)


def sharing(base: Any, scores: LexScores | None, words: str, tids: Sequence[int]) -> set[int]:
    """Those of `tids` holding a query word that is not in most talks of `base`.
    With every word rare, the word scores tell (a talk scoring above 0 holds one;
    none without scores); otherwise the rarer words are looked up in the base's
    lexical index (its postings, not a second BM25). The query's words are cut as the
    base's common words are (`vocab.word_tuple`: through the marks after a letter,
    "নিরাপত্তা" whole, not "পতত")."""
    terms = lexical.query_terms(words, marks=True)
    common = base.vocab.common
    kept = [t for t in terms if _as_common(t) not in common]
    if len(kept) == len(terms):
        if scores is None:
            return set()
        held = scores.at(tids) > 0
    elif not kept:
        return set()
    else:
        held = base.bm25.sharing(" ".join(kept), tids)
    return {t for t, h in zip(tids, held.tolist(), strict=True) if h}


def _as_common(term: str) -> str:
    """A query term as `Vocab.common` writes it where it holds its letters' marks
    (folded: "নিরাপত্তা" without its virama, "নিরাপততা"); else as it is. (An accented
    word, "données", is compared as written, as before: folding it would make more
    words common on the judged sets, not measured.)"""
    marked = any(unicodedata.category(c) in ("Mn", "Mc") for c in term)
    return fold(term) if marked else term


def matching(hits: Iterable[Hit]) -> list[Hit]:
    """The hits the rule found to match (the rest are only the nearest talks)."""
    return [h for h in hits if h.why.match]


def count(hits: Iterable[Hit]) -> int:
    """How many of `hits` match the query."""
    return len(matching(hits))

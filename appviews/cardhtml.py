"""A talk card's text as one HTML block: title, speakers, when and where, the best
sentence, why it is listed, how it sits with the agenda.

One `st.html` element per card instead of one element per line (each element is a
message to the browser and work on every run). Every piece of program text is
escaped by `appviews.render`'s helpers, so it stays text; the block uses only
`div`, `span` and `mark`. Blocks are kept (a bounded cache shared by the sessions
of the process): a card's text depends only on the talk and on what is passed in,
and the highlighted words are the search's own Porter stems, the same on every base.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from datetime import date

from appviews import render
from talkbase.core.lru import Bounded
from talkbase.core.records import Talk

CACHED_BLOCKS = 4096  # about 1.5 kB each
SPEAKERS_CLASS = "tb-speakers"

_Key = tuple[Talk, tuple[str, ...], str, str, str, date | None, str]
_blocks: Bounded[_Key, str] = Bounded(CACHED_BLOCKS)
_terms: Bounded[tuple[Talk, Talk], tuple[str, ...]] = Bounded(CACHED_BLOCKS)
_lock = threading.Lock()
_WORD = re.compile(r"\w+")  # as appviews.models.evidence cuts words


def speakers_html(talk: Talk) -> str:
    """The speakers line (names and affiliations as written), escaped."""
    return f'<div class="{SPEAKERS_CLASS}">{render.esc(render.speakers_line(talk.speakers))}</div>'


def _make(talk: Talk, terms: tuple[str, ...], sentence: str, reason: str, note: str) -> str:
    parts = [render.title_html(talk.title, terms), render.cancelled_html(talk)]
    parts += [speakers_html(talk), render.meta_html(talk)]
    if sentence:
        parts.append(render.quote_html(sentence, terms))
    if reason:
        parts.append(render.line_html(reason, "tb-why"))
    if note:
        parts.append(note)  # already escaped HTML (cards.agenda_note)
    # a talk in a right-to-left language reads so (its title sets the card's direction)
    return '<div class="tb-card" dir="auto">' + "".join(parts) + "</div>"


def block(
    talk: Talk,
    terms: Sequence[str] = (),
    sentence: str = "",
    reason: str = "",
    note: str = "",
) -> str:
    """The card's text as one HTML block: `terms` highlighted in the title and in
    `sentence` (the best sentence, "" for none), `reason` (plain text, "" for none) as
    the line on why it is listed, `note` (HTML from `cards.agenda_note`) last."""
    # (the day it names: a night talk's is its base's, `render.program_day`; the
    # conference it names, in a base of several: `render.conference_named`)
    day, conference = render.program_day(talk), render.conference_named(talk)
    key: _Key = (talk, tuple(terms), sentence, reason, note, day, conference)
    with _lock:
        kept = _blocks.get(key)
    if kept is None:
        kept = _make(*key[:5])
        with _lock:
            _blocks.put(key, kept)
    return kept


def shared_terms(seed: Talk, other: Talk, terms: Sequence[str]) -> tuple[str, ...]:
    """Which of `terms` (the words of the seed's title) `other` also uses in its title
    or abstract, matched the way search evidence is highlighted; kept per pair."""
    with _lock:
        kept = _terms.get((seed, other))
    if kept is None:
        # the words of `other`'s text stemmed once, not highlighted again for each term
        words = {w.lower() for w in _WORD.findall(f"{other.title} {other.abstract}")}
        parts = {w: [p for p in _WORD.findall(w.lower()) if len(p) > 1] for w in terms}
        table = render.word_stems(words | {p for ps in parts.values() for p in ps})
        found = {table[w] for w in words}
        kept = tuple(w for w in terms if any(table[p] in found for p in parts[w]))
        with _lock:
            _terms.put((seed, other), kept)
    return kept

"""Why a talk matched, told to a person: highlighted words and which signal found it.

Search reports the query terms a talk contains (compared by Porter stem) and the
rank each signal gave it. This module marks where those terms stand in a text
and says in words whether the words, the meaning, or both carried the hit.
Nothing here renders: `as_html` only escapes and marks, for callers that show HTML.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass

from talkbase.records import Why

_TOKEN = re.compile(r"\w+")
# Longest first; a light English stemmer, enough to find "collective" for "collectives".
_SUFFIXES = ("ational", "ations", "ation", "ances", "ance", "ences", "ence", "ings", "ing",
             "ions", "ion", "ives", "ive", "ants", "ant", "ents", "ent", "ers", "er",
             "ies", "ied", "es", "ed", "ly", "s")


@dataclass(frozen=True)
class Span:
    text: str
    match: bool = False


def stem(word: str) -> str:
    """A rough stem: enough that a word and its usual inflections share it."""
    w = word.lower()
    for suffix in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
            break
    if len(w) > 4 and w.endswith("e"):
        w = w[:-1]
    return w


def highlight(text: str, terms: Iterable[str]) -> tuple[Span, ...]:
    """`text` cut into spans, the words matching a term (or a part of one) marked.

    Joining the spans' text gives `text` back unchanged.
    """
    wanted = {stem(p) for t in terms for p in _TOKEN.findall(t.lower()) if len(p) > 1}
    if not wanted or not text:
        return (Span(text),) if text else ()
    out: list[Span] = []
    last = 0
    for m in _TOKEN.finditer(text):
        if stem(m.group()) in wanted:
            if m.start() > last:
                out.append(Span(text[last:m.start()]))
            out.append(Span(m.group(), True))
            last = m.end()
    if last < len(text):
        out.append(Span(text[last:]))
    return tuple(out)


def as_html(spans: Iterable[Span], mark: str = "mark") -> str:
    """Spans as HTML: every character of the text escaped, matches in <mark>."""
    return "".join(f"<{mark}>{html.escape(s.text)}</{mark}>" if s.match else html.escape(s.text)
                   for s in spans)


def signal(why: Why) -> str:
    """Which signal carried a hit, in words, with each signal's rank; no scores."""
    ranks = []
    if why.lexical_rank:
        ranks.append(f"#{why.lexical_rank} by words")
    if why.dense_rank:
        ranks.append(f"#{why.dense_rank} by meaning")
    detail = f" ({', '.join(ranks)})" if ranks else ""
    if why.carried_by == "both":
        return f"Found by your words and by meaning{detail}"
    if why.carried_by == "lexical":
        return f"Found mostly by your words{detail}"
    if why.carried_by == "semantic":
        if why.lexical_rank is None:
            return f"Found by meaning: it shares none of your words{detail}"
        return f"Found mostly by meaning{detail}"
    return ""

"""Why a talk matched, told to a person: highlighted words and which signal found it.

Search reports the query terms a talk contains (compared by Porter stem) and the
rank each signal gave it. This module marks where those terms stand in a text
and says in words whether the words, the meaning, or both carried the hit.
Nothing here renders: `as_html` only escapes and marks, for callers that show HTML.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass

from talkbase.core.records import SIGNALS, Why

_TOKEN = re.compile(r"\w+")
# Longest first; a light English stemmer, enough to find "collective" for "collectives".
_SUFFIXES = (
    "ational",
    "ations",
    "ation",
    "ances",
    "ance",
    "ences",
    "ence",
    "ings",
    "ing",
    "ions",
    "ion",
    "ives",
    "ive",
    "ants",
    "ant",
    "ents",
    "ent",
    "ers",
    "er",
    "ies",
    "ied",
    "es",
    "ed",
    "ly",
    "s",
)


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


Stems = Callable[[Collection[str]], Mapping[str, str]]  # lower-case words -> their stems


def highlight(text: str, terms: Iterable[str], stems: Stems | None = None) -> tuple[Span, ...]:
    """`text` cut into spans, the words matching a term (or a part of one) marked.

    `stems` is the stemmer of the search that matched (the app passes the knowledge
    base's Porter stems, so the highlighted words are the matched words); without
    it a light built-in stemmer is used. Joining the spans' text gives `text` back.
    """
    parts = [p for t in terms for p in _TOKEN.findall(t.lower()) if len(p) > 1]
    words = list(_TOKEN.finditer(text)) if parts else []
    table = stems({*parts, *(m.group().lower() for m in words)}) if stems and parts else {}

    def stem_of(word: str) -> str:
        return table.get(word.lower(), word.lower()) if stems else stem(word)

    wanted = {stem_of(p) for p in parts}
    if not wanted or not text:
        return (Span(text),) if text else ()
    out: list[Span] = []
    last = 0
    for m in words:
        if stem_of(m.group()) in wanted:
            if m.start() > last:
                out.append(Span(text[last : m.start()]))
            out.append(Span(m.group(), True))
            last = m.end()
    if last < len(text):
        out.append(Span(text[last:]))
    return tuple(out)


def as_html(spans: Iterable[Span], mark: str = "mark") -> str:
    """Spans as HTML: every character of the text escaped, matches in <mark>."""
    return "".join(
        f"<{mark}>{html.escape(s.text)}</{mark}>" if s.match else html.escape(s.text) for s in spans
    )


def signal(why: Why) -> str:
    """Which signal carried a hit, in words, with each signal's rank; no scores.

    The words come from `why.carried_by`, which is read from the same ranks that
    are shown, so the sentence cannot contradict its numbers. Every registered
    signal's rank is listed, in its own words (`SIGNALS`: the ground's names and
    labels, which registering a signal fills in).
    """
    ranks = [f"#{rank} {SIGNALS.get(name, 'by ' + name)}" for name, rank in why.ranks.items()]
    detail = f" ({', '.join(ranks)})" if ranks else ""
    carried = why.carried_by
    if carried == "both":
        return f"Found by your words and by meaning{detail}"
    if carried == "lexical":
        return f"Found mostly by your words{detail}"
    if carried == "semantic":
        if why.lexical_rank is None:
            return f"Found by meaning: it shares none of your words{detail}"
        return f"Found mostly by meaning{detail}"
    return ""


def sentence_label(why: Why) -> str:
    """Where the quoted sentence comes from, when it is not the talk's own text:
    "notes in digest.txt" for a digest's commentary; "" for the title or abstract."""
    source = why.sentence_source
    return source if source.startswith("notes") else ""

"""Text helpers shared by the parsers: cleaning, keys for matching, sentences."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from talkbase.core.orgs import canonical_org
from talkbase.core.records import Speaker, Talk
from talkbase.core.terms import lower

_WS = re.compile(r"\s+")
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"


def nfc(text: str) -> str:
    """`text` in Unicode NFC: "José" typed as one code point or as "e" plus an
    accent are then one string (one speaker, one room, one title)."""
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def nfc_talk(talk: Talk) -> Talk:
    """`talk` with every text field in NFC (the same object when it already is)."""
    fix = lambda s: nfc(s) if s else s  # noqa: E731
    speakers = tuple(Speaker(nfc(s.name), fix(s.affiliation)) for s in talk.speakers)
    fields = dict(
        title=fix(talk.title),
        speakers=speakers,
        room=fix(talk.room),
        track=fix(talk.track),
        track_description=fix(talk.track_description),
        format=fix(talk.format),
        abstract=fix(talk.abstract),
        notes=tuple((fix(label), fix(text)) for label, text in talk.notes),
        conference=fix(talk.conference),
        uid=fix(talk.uid),
    )
    if all(getattr(talk, k) == v for k, v in fields.items()):
        return talk
    return replace(talk, **fields)  # type: ignore[arg-type]


def clean(text: str) -> str:
    """Normalise line endings, odd whitespace and Unicode (NFC); keep every letter."""
    text = nfc(text)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\ufeff", "")
    text = text.replace("\u00a0", " ").replace("\u202f", " ").replace("\u200b", "")
    return _WS.sub(" ", text).strip()


def title_key(title: str) -> str:
    """A key under which two spellings of one title compare equal.

    Case, accents, dashes, quotes and punctuation are ignored; words are kept,
    and so are "+" and "#" ending a word ("C++" and "C#" are two languages, not
    "c"). A key with fewer than three letters or digits (emoji only, "R", "C#")
    is `weak_title`: too little to say two records are one talk.
    """
    text = unicodedata.normalize("NFKD", title)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.lower()
    for d in _DASHES:
        text = text.replace(d, "-")
    text = _KEY_SPLIT.sub(lambda m: m.group(1) or " ", text)
    return _WS.sub(" ", text).strip()


# "+"/"#" right after a word and not before one ("c++ in", "c#,") stay; other
# non-word runs are one space.
_KEY_SPLIT = re.compile(r"(?<=\w)([+#]+)(?!\w)|[^\w]+")


def loose_key(key: str) -> str:
    """A title key without its "+"/"#" marks: the key as builds before they were
    kept stored it (`talks.title_key` of an older base)."""
    return _WS.sub(" ", key.replace("+", " ").replace("#", " ")).strip()


def weak_title(key: str) -> bool:
    """A title key too short to identify a talk on its own (fewer than three
    letters or digits: "", "r", "c#", "go")."""
    return sum(c.isalnum() for c in key) < 3


# Words of the sessions a program repeats (each day has its "Lunch", each room
# its "Welcome"): a title made only of these (and numbers) names no one talk.
_GENERIC = frozenset(
    """a afternoon and announcements ask bof break breakfast breakout closing coffee
    day devroom dinner discussion evening hallway intro introduction keynote keynotes
    lightning lunch morning networking of open opening panel party plenary poster
    posters q qa questions reception registration remarks session sessions social
    talk talks tea the to track welcome words wrap up""".split()
)


def generic_title(key: str) -> bool:
    """A title key a program may give several sessions ("lunch", "lightning talks",
    "welcome", "day 2 opening remarks"), or a `weak_title`."""
    return weak_title(key) or all(w in _GENERIC or w.isdigit() for w in key.split())


def name_key(name: str) -> str:
    return title_key(name)


def org_key(org: str | None) -> str:
    """The organisation itself, without team detail: "Meta (PyTorch Distributed)" -> "meta"."""
    if not org:
        return ""
    head = re.split(r"[(,/;]| and ", org, maxsplit=1)[0]
    return title_key(head)


def same_org(a: str | None, b: str | None) -> bool:
    """One organisation? The same canonical name ("Amazon" and "AWS", see
    talkbase/core/orgs.py), the same head words, or one is the other's initials."""
    ka, kb = org_key(a), org_key(b)
    if not ka or not kb or ka == kb:
        return True
    if a and b and canonical_org(a).name == canonical_org(b).name:
        return True
    for short, long in ((ka, kb), (kb, ka)):
        words = long.split()
        if len(words) > 1 and short.replace(" ", "") == "".join(w[0] for w in words):
            return True
    return False


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'\u201d\u2019)]?\s+(?=[\"'\u201c\u2018(]?[A-Z0-9])")
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|vs|etc|approx|cf|Dr|Mr|Ms|Inc|Jr|Sr|St)\.|\b[A-Z]\.)$")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) character spans of `sentences(text)` in `text`: each
    sentence is `text[start:end]` (what late chunking pools token vectors over)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        piece = text[start : m.start()].rstrip()
        if _ABBREV.search(piece):
            continue
        spans.append(_stripped(text, start, m.start()))
        start = m.end()
    spans.append(_stripped(text, start, len(text)))
    return [(a, b) for a, b in spans if b > a]


def _stripped(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of `text[start:end].strip()`."""
    piece = text[start:end]
    lead = len(piece) - len(piece.lstrip())
    return start + lead, start + len(piece.rstrip()) if piece.strip() else start + lead


def sentences(text: str) -> list[str]:
    """Split prose into sentences, not breaking after common abbreviations."""
    return [text[a:b] for a, b in sentence_spans(text)]


STOPWORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "talk",
        "talks",
        "session",
        "sessions",
        "about",
        "across",
        "via",
        "using",
        "use",
    ]
)


def words(text: str, marks: str = "") -> list[str]:
    """Lower-case word tokens (letters, digits, inner dots/dashes kept); a word goes on
    through the `marks` after its letters (a regular expression's class: the vowel
    signs of Bengali or Devanagari, index/search/rank/tokens.py `word_marks`), where
    given, and is cut at them otherwise ("নিরাপত্তা" is "ন", "র", "পত", "ত")."""
    found = re.findall(rf"[\w](?:[\w.\-+]|[{marks}])*" if marks else r"[\w][\w.\-+]*", lower(text))
    return [w.strip(".-_") for w in found if w.strip(".-_")]


# Notes that hold a field's value, not prose ("Language: en", a link, "Status:
# cancelled"): shown with the talk and searched by BM25, never quoted as the
# sentence a talk matched by, nor embedded (every FOSDEM 2024 talk has "en").
FIELD_NOTES = frozenset({"Language", "URL", "Status"})


def talk_sentences(talk: Talk) -> list[str]:
    """The sentences "why it matched" can quote: abstract first, then the notes
    that are prose (not FIELD_NOTES)."""
    out = sentences(talk.abstract) if talk.abstract else []
    for label, text in talk.notes:
        if label not in FIELD_NOTES:
            out += [s for s in sentences(text) if s not in out]
    return out or [talk.title]

"""Where a speaker list ends and a title begins, in a blog post's flattened text.

The names of a talk's speakers come right before its schedule marker, with no
delimiter on their left: `split_speakers` finds where they start, from the
capitalisation, the words the document uses in lower case (`lowercase_vocab`),
and words that end titles often enough to look like a first name.
"""

from __future__ import annotations

import re

FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "as",
        "at",
        "by",
        "for",
        "from",
        "in",
        "into",
        "of",
        "on",
        "or",
        "over",
        "per",
        "the",
        "to",
        "via",
        "vs",
        "vs.",
        "with",
        "without",
        "through",
        "across",
        "versus",
        "is",
        "not",
        "just",
        "up",
    ]
)
# Words that end titles often enough to be mistaken for a first name.
TITLE_WORDS = frozenset(
    [
        "study",
        "studies",
        "review",
        "reviews",
        "engine",
        "engines",
        "modern",
        "multiple",
        "variant",
        "variants",
        "compromise",
        "scale",
        "scaling",
        "systems",
        "system",
        "production",
        "practice",
        "practices",
        "future",
        "research",
        "lessons",
        "guide",
        "primer",
        "update",
        "updates",
        "overview",
        "introduction",
        "deep",
        "dive",
        "case",
        "cases",
        "edge",
        "hardware",
        "software",
        "models",
        "model",
        "training",
        "inference",
        "serving",
        "performance",
        "pipelines",
        "pipeline",
        "agents",
        "agent",
        "tools",
        "tooling",
        "library",
        "libraries",
        "workloads",
        "workload",
        "compilers",
        "compiler",
        "kernels",
        "kernel",
        "backends",
        "backend",
        "cloud",
        "clusters",
        "cluster",
        "accelerators",
        "accelerator",
        "data",
        "language",
        "languages",
        "python",
        "ecosystem",
        "ecosystems",
        "framework",
        "frameworks",
        "platform",
        "platforms",
        "stack",
        "stacks",
        "world",
        "era",
        "age",
        "way",
        "ways",
        "part",
        "beyond",
        "toward",
        "towards",
        "everyone",
        "everything",
    ]
)
ENGLISH_ENDING = re.compile(
    r"(?:tion|sion|ing|ness|ity|ment|ance|ence|ism|ure|ive|ous|ful|able|ible|ics|ers|ies|ses)$"
)
PARTICLES = frozenset(
    ["de", "da", "di", "del", "der", "van", "von", "la", "le", "bin", "al", "dos", "du"]
)


def tokens(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]


def capitalised(tok: str) -> bool:
    return bool(tok) and tok[0].isupper()


def name_token(tok: str) -> bool:
    tok = tok.rstrip(",;")
    if tok.lower() in PARTICLES:
        return True
    return bool(re.fullmatch(r"[^\W\d_][\w'\u2019.\-]*", tok)) and tok[0].isupper()


def lowercase_vocab(text: str) -> set[str]:
    return {w for w in re.findall(r"(?<![\w.\-])[a-z][a-z\-]+(?![\w.])", text)}


def is_common(tok: str, vocab: set[str]) -> bool:
    low = tok.lower().rstrip(",;:")
    return low in vocab or low.rstrip("s") in vocab or low in FUNCTION_WORDS


def first_name_like(tok: str, rest: str, document: str, vocab: set[str]) -> bool:
    """Could `tok` be the first of three name parts ("Sanket" in "Sanket Jayant Purandare")?

    Only a plainly capitalised word that is no common or title word, has no
    English word ending, and appears nowhere else in the document except
    before the same name.
    """
    if not re.fullmatch(r"[^\W\d_][^\W\d_'\u2019\-]*", tok) or not tok[1:].islower():
        return False
    low = tok.lower()
    if is_common(tok, vocab) or low in TITLE_WORDS or ENGLISH_ENDING.search(low):
        return False
    everywhere = len(re.findall(rf"\b{re.escape(tok)}s?\b", document, re.IGNORECASE))
    as_name = len(re.findall(rf"\b{re.escape(tok)}\s+{re.escape(rest)}", document))
    return everywhere <= as_name


def tail_name(text: str, vocab: set[str], document: str = "") -> int | None:
    """Start of the person's name that ends `text` (undelimited on its left).

    Two name parts are taken; a third only when it passes `first_name_like`.
    """
    toks = tokens(text)
    last_two = [text[s:e] for s, e in toks[-2:]]
    if len(toks) < 2 or not all(name_token(t) for t in last_two):
        return None
    if any(t.lower() in FUNCTION_WORDS or t.lower() in TITLE_WORDS for t in last_two):
        return None  # "... Without Speakers", "... Case Study": title words, not a name
    take = 2
    if len(toks) > 2:
        s, e = toks[-3]
        rest = text[toks[-2][0] :]
        if first_name_like(text[s:e], rest, document, vocab):
            take = 3
    return toks[-take][0]


def is_name(segment: str, vocab: set[str]) -> bool:
    toks = segment.split()
    if not 1 <= len(toks) <= 5 or not all(name_token(t) for t in toks):
        return False
    common = sum(1 for t in toks if is_common(t, vocab) and t.lower() not in PARTICLES)
    return common * 2 < len(toks)


def split_speakers(pre: str, vocab: set[str], document: str = "") -> int:
    """Index in `pre` where the speaker list (which ends `pre`) begins."""
    pos = len(pre.rstrip())
    start = pos
    while pos > 0:
        if pre[pos - 1] == ")":
            depth, i = 0, pos - 1
            while i >= 0:
                depth += {")": 1, "(": -1}.get(pre[i], 0)
                if depth == 0:
                    break
                i -= 1
            if i < 0:
                return start
            pos = len(pre[:i].rstrip())
        # names back to the previous separator
        m = list(re.finditer(r"[,;]\s", pre[:pos]))
        sep = m[-1] if m else None
        segment = pre[sep.end() if sep else 0 : pos]
        if sep is not None and is_name(segment.strip(), vocab) and ")" not in segment:
            start = sep.end()
            pos = sep.start()
            if pre[pos - 1] == ")" or sep is not None:
                continue
        name_at = tail_name(pre[:pos], vocab, document)
        if name_at is None:
            return start if start < len(pre.rstrip()) else len(pre.rstrip())
        return name_at
    return start

"""Organisation names, canonicalised once at ingest.

Program documents spell one organisation many ways ("AWS", "Amazon", "Amazon Web
Services") and mix in the team ("IBM Research", "Meta (PyTorch Distributed)",
"Meta, PyTorch Distributed"). `canonical_org` maps an affiliation to an `Org`: the
canonical name from a built-in alias table, the unit (team, lab, product) kept apart,
and the original text untouched for display. Names not in the table are only tidied
(whitespace collapsed, an all-lower-case name capitalised): nothing is guessed.

Rules, in order, for one affiliation:
  1. a trailing legal suffix is ignored for matching ("NVIDIA Corporation", ", Inc.");
  2. "Org (Unit)" keeps the parenthesis as the unit;
  3. "A, B": when A is a known name, B is the unit; when only B is known (or looks
     like a university or laboratory), B is the name and A the unit;
  4. a known name followed by more words is that organisation with the rest as unit
     ("Intel Labs" -> Intel, unit "Labs");
  5. several organisations ("Anyscale / UC Berkeley", "X and Y" where one side is
     known) are all returned by `orgs_of`; `canonical_org` gives the first.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Org:
    name: str  # canonical name, e.g. "IBM"
    unit: str | None  # team, lab or product, e.g. "Research"
    original: str  # the affiliation text as the document wrote it

    @property
    def label(self) -> str:
        """ "IBM (Research)", or the name alone."""
        return f"{self.name} ({self.unit})" if self.unit else self.name


# canonical name -> other spellings (matched without case, accents, spaces or punctuation)
_NAMES: dict[str, tuple[str, ...]] = {
    "Amazon Web Services": ("AWS", "Amazon", "Amazon.com", "Amazon AWS"),
    "Google": ("Alphabet", "Google LLC"),
    "Meta": ("Facebook", "Meta Platforms"),
    "Microsoft": ("MSFT",),
    "IBM": ("International Business Machines",),
    "NVIDIA": ("Nvidia",),
    "Hugging Face": ("HuggingFace", "Hugging Face Inc"),
    "Red Hat": ("RedHat",),
    "Intel": (),
    "AMD": ("Advanced Micro Devices",),
    "Alibaba": ("Alibaba Group",),
    "Huawei": ("Huawei Technologies",),
    "Apple": (),
    "ByteDance": ("Byte Dance",),
    "Anyscale": (),
    "Arm": ("Arm Holdings", "ARM Ltd"),
    "Mistral AI": ("Mistral",),
    "Crusoe": ("Crusoe AI", "Crusoe Energy", "Crusoe Cloud"),
    "Databricks": (),
    "OpenAI": ("Open AI",),
    "Anthropic": (),
    "Qualcomm": (),
    "Samsung": ("Samsung Electronics",),
    "Tencent": (),
    "Baidu": (),
    "Oracle": (),
    "Cisco": ("Cisco Systems",),
    "Broadcom": (),
    "Cerebras": ("Cerebras Systems",),
    "Groq": (),
    "Modular": (),
    "Lightning AI": ("Lightning",),
    "Linux Foundation": ("The Linux Foundation",),
    "PyTorch Foundation": ("The PyTorch Foundation",),
    "Canonical": (),
    "SUSE": (),
    "Mozilla": ("Mozilla Foundation", "Mozilla Corporation"),
    "Snowflake": (),
    "Pinterest": (),
    "UC Berkeley": (
        "University of California, Berkeley",
        "University of California Berkeley",
        "Berkeley",
        "UCB",
    ),
    "University of Washington": ("UW",),
}

# spellings that name a unit of a canonical organisation on their own
_UNITS: dict[str, tuple[str, str]] = {
    "DeepMind": ("Google", "DeepMind"),
    "Google DeepMind": ("Google", "DeepMind"),
    "Google Brain": ("Google", "Brain"),
    "FAIR": ("Meta", "FAIR"),
    "Facebook AI Research": ("Meta", "FAIR"),
    "Meta FAIR": ("Meta", "FAIR"),
    "Meta AI": ("Meta", "AI"),
    "MSR": ("Microsoft", "Research"),
    "Annapurna Labs": ("Amazon Web Services", "Annapurna Labs"),
    "Habana Labs": ("Intel", "Habana Labs"),
    "GKE": ("Google", "GKE"),
}

_LEGAL = re.compile(
    r"[\s,]+(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|gmbh|ag|sa|plc|bv)\.?$",
    re.IGNORECASE,
)
_INSTITUTION = re.compile(
    r"\b(?:university|universit\w+|institute|college|laboratory|academy)\b", re.IGNORECASE
)
_WS = re.compile(r"\s+")


def _key(text: str) -> str:
    """Case, accents, spaces and punctuation ignored: "Hugging Face" == "huggingface"."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text.casefold() if c.isalnum())


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, str | None]]:
    table: dict[str, tuple[str, str | None]] = {}
    for name, spellings in _NAMES.items():
        for s in (name, *spellings):
            table[_key(s)] = (name, None)
    for spelling, (name, unit) in _UNITS.items():
        table[_key(spelling)] = (name, unit)
    return table


def _squash(text: str) -> str:
    return _WS.sub(" ", text).strip().strip(",;:-").strip()


def _tidy(text: str) -> str:
    text = _squash(text)
    if text and text == text.lower() and any(c.isalpha() for c in text):
        text = " ".join(w[:1].upper() + w[1:] for w in text.split(" "))
    return text


def _lookup(text: str) -> tuple[str, str | None] | None:
    """A known organisation named by the whole text, or by its first words."""
    text = _tidy(text)
    bare = _LEGAL.sub("", text).strip()
    for candidate in (text, bare):
        hit = _table().get(_key(candidate))
        if hit and _key(candidate):
            return hit
    words = bare.split(" ")
    for n in range(len(words) - 1, 0, -1):  # longest known head first
        hit = _table().get(_key(" ".join(words[:n])))
        if hit and _key(" ".join(words[:n])):
            name, unit = hit
            rest = " ".join(words[n:]).strip(" ,-–—:")
            return name, _join(unit, rest or None)
    return None


def _join(*units: str | None) -> str | None:
    parts = [u for u in units if u]
    return ", ".join(dict.fromkeys(parts)) or None


def _top_level(text: str, sep: re.Pattern[str]) -> list[str]:
    """Split at `sep` where it is not inside parentheses."""
    out, depth, start = [], 0, 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            m = sep.match(text, i)
            if m and m.end() > i:
                out.append(text[start:i])
                start = i = m.end()
                continue
        i += 1
    out.append(text[start:])
    return [p.strip() for p in out if p.strip()]


_PAREN = re.compile(r"^(.*?)\s*[(\[](.*)[)\]]\s*$", re.DOTALL)
_COMMA = re.compile(r"\s*[,;]\s*")
_MANY = re.compile(r"\s+/\s+|\s+and\s+", re.IGNORECASE)


def _one(text: str, original: str) -> Org:
    """One organisation, possibly with a unit."""
    text = _squash(text)
    paren: str | None = None
    m = _PAREN.match(text)
    if m and m.group(1).strip():
        text, paren = m.group(1).strip(), _squash(m.group(2)) or None
    exact = _table().get(_key(text)) or _table().get(_key(_LEGAL.sub("", text)))
    if exact:
        return Org(exact[0], _join(exact[1], paren), original)
    text = _LEGAL.sub("", text).strip() if _lookup(text) is None else text
    parts = _top_level(text, _COMMA)
    if len(parts) > 1:
        head, tail = parts[0], ", ".join(parts[1:])
        known = _lookup(head)
        if known:
            return Org(known[0], _join(known[1], _squash(tail), paren), original)
        known = _lookup(parts[-1])
        if known:
            return Org(known[0], _join(known[1], _squash(", ".join(parts[:-1])), paren), original)
        if _INSTITUTION.search(parts[-1]) and not _INSTITUTION.search(head):
            return Org(_tidy(parts[-1]), _join(_squash(", ".join(parts[:-1])), paren), original)
    known = _lookup(text)
    if known:
        return Org(known[0], _join(known[1], paren), original)
    return Org(_tidy(text) or _tidy(original), paren, original)


@lru_cache(maxsize=4096)
def legal_form(text: str) -> bool:
    """Whether `text` is only a company's legal form ("Inc.", "GmbH", "Ltd"): the
    part of an organisation's name that a comma may set apart ("Acme, Inc.")."""
    return bool(_LEGAL.fullmatch(" " + text.strip()))


def names_organisation(text: str) -> bool:
    """Whether a text is an organisation's name by this module's rules, not a
    person's: a known name ("Google", "AWS Labs"), a legal suffix ("Acme Corp",
    "Beispiel GmbH") or an institution's word ("University of Vigo")."""
    text = _squash(text)
    return bool(text) and (
        _lookup(text) is not None or bool(_LEGAL.search(text) or _INSTITUTION.search(text))
    )


def orgs_of(text: str) -> tuple[Org, ...]:
    """Every organisation an affiliation names, first as written first."""
    if not text or not text.strip():
        return ()
    original = text
    pieces = _top_level(_squash(text), _MANY)
    if len(pieces) > 1:
        # "X and Y" splits only where a side is a known organisation ("Procter and
        # Gamble" stays whole); " / " always splits.
        slashed = _top_level(_squash(text), re.compile(r"\s+/\s+"))
        if len(slashed) > 1 or any(_lookup(_PAREN.sub(r"\1", p)) for p in pieces):
            chosen = slashed if len(slashed) > 1 else pieces
            out: list[Org] = []
            for p in chosen:
                out.extend(orgs_of(p) if p != text else (_one(p, original),))
            return tuple(Org(o.name, o.unit, original) for o in out if o.name)
    one = _one(text, original)
    return (one,) if one.name else ()  # punctuation alone names no organisation


def canonical_org(text: str) -> Org:
    """The (first) organisation of an affiliation, canonical name and unit apart.

    >>> canonical_org("IBM Research")
    Org(name='IBM', unit='Research', original='IBM Research')
    """
    found = orgs_of(text)
    return found[0] if found else Org(_tidy(text), None, text)


def aliases(name: str) -> tuple[str, ...]:
    """Every spelling in the table that maps to the canonical name of `name`
    (the canonical name first); an unknown organisation has only its own name."""
    canonical = canonical_org(name).name if name.strip() else ""
    if not canonical:
        return ()
    out = [canonical]
    if canonical in _NAMES:
        out.extend(_NAMES[canonical])
    out.extend(s for s, (n, _) in _UNITS.items() if n == canonical)
    return tuple(dict.fromkeys(out))

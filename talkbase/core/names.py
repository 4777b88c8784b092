"""People's names as the base keeps them: clean of what a source leaks into them
(control characters, a literal "\\n" left by an export), and their surname with its
particles ("Luca Di Vita" -> "Di Vita", "Ludwig van Beethoven" -> "van Beethoven").
Ingest keys speakers by it; the search side reads "talks by Luca Di Vita" by the
same rule."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

# Words that belong to the surname after them (lowercase; "d'" is a prefix of a word).
PARTICLES = frozenset(
    "de da di del della der den van von la le du dos das des bin al ten ter y zu".split()
)
# What follows a name after a comma and is part of neither a person nor an
# organisation: generational suffixes and degrees ("Alice Brown, Jr.", "Jane Roe, PhD"),
# lowercase, dots dropped.
NAME_SUFFIXES = frozenset(
    "jr sr ii iii iv phd md msc mba bsc mphil dphil dds dvm jd llm mfa edd esq cpa".split()
)
# Titles written before a name ("Dr. Sarah Evans", "Dra. Mariana Silva", "Prof.ª Ana
# Lima", "Dr.-Ing. Hans Weber", "Drs. Jan de Vries"): the base keeps them as written, a
# visitor's "talks by Sarah Evans" is the same person (`without_honorifics`); lowercase,
# dots and hyphens dropped.
HONORIFICS = frozenset(
    "dr dra drs dring prof profa profe profdr mr mrs ms mx mme mlle sr sra srta dott "
    "dottssa ing ir mag dipl dipling rev sir herr frau".split()
)
_ESCAPED = re.compile(r"\\[nrt]")
# (the zero-width joiner and non-joiner inside a word are part of its spelling, as
# Sinhala "ප්‍රනාන්දු", Malayalam and Persian "می‌خواهم" write them: kept there; sweep 24)
_CONTROL = re.compile(
    r"[\x00-\x1f\x7f-\x9f\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
    r"|(?<!\S)[\u200c\u200d]|[\u200c\u200d](?!\w)"
)


def clean_name(text: str) -> str:
    """`text` without control characters, escaped "\\n"/"\\t" a source left in it, or
    runs of whitespace; "" when nothing is left."""
    text = _CONTROL.sub(" ", _ESCAPED.sub(" ", text))
    return " ".join(text.split())


def surname_words(words: list[str]) -> list[str]:
    """The last word of a name with the particles before it (never the whole name
    when it has a first name before them): ["luca", "di", "vita"] -> ["di", "vita"]."""
    if not words:
        return []
    at = len(words) - 1
    while at > 1 and words[at - 1].lower() in PARTICLES:
        at -= 1
    return words[at:]


def honorific(word: str) -> bool:
    """Whether `word` is a title said before a name ("Dr.", "Dra.", "Prof.ª", "Dr.-Ing.")."""
    plain = unicodedata.normalize("NFKC", word).casefold()
    return re.sub(r"[.\-]", "", plain) in HONORIFICS


def without_honorifics(words: Sequence[str]) -> tuple[str, ...]:
    """A name's words without the titles before it (`HONORIFICS`): ["dr", "sarah",
    "evans"] -> ("sarah", "evans"); a name left with fewer than two words ("Mr. Bean",
    "Ing Chen") as it is."""
    at = 0
    while at < len(words) - 2 and honorific(words[at]):
        at += 1
    return tuple(words[at:])


def untitled(name: str) -> str:
    """A name as written without the titles before it (`without_honorifics`): "Dr. Sarah
    Evans" -> "Sarah Evans", "Mr. Bean" as it is."""
    words = name.split()
    return " ".join(words[len(words) - len(without_honorifics(words)) :])


def name_suffix(text: str) -> bool:
    """Whether `text` is a name's suffix or degree ("Jr.", "PhD", "M.D.", "MSc")."""
    return text.replace(".", "").strip().lower() in NAME_SUFFIXES


# Words of a job title or a company ("Staff Engineer", "Acme Labs"): never a word of a
# person's name, so "Name, Role, Org" speaker lines (Sched's) tell the person from the rest.
ROLE_OR_ORG = frozenset(
    [
        "director",
        "engineer",
        "manager",
        "ceo",
        "cto",
        "cfo",
        "coo",
        "cio",
        "founder",
        "co-founder",
        "head",
        "lead",
        "vp",
        "president",
        "architect",
        "developer",
        "scientist",
        "professor",
        "researcher",
        "maintainer",
        "chair",
        "officer",
        "evangelist",
        "advocate",
        "consultant",
        "student",
        "fellow",
        "analyst",
        "specialist",
        "principal",
        "staff",
        "senior",
        "chief",
        "executive",
        "product",
        "program",
        "programme",
        "member",
        "partner",
        "owner",
        "contributor",
        "inc",
        "inc.",
        "llc",
        "ltd",
        "gmbh",
        "corp",
        "corporation",
        "foundation",
        "university",
        "institute",
        "labs",
        "lab",
        "technologies",
        "technology",
        "systems",
        "software",
        "group",
        "company",
        "cloud",
        "solutions",
        "network",
        "networks",
        "college",
        "school",
        "ag",
        "sa",
    ]
)

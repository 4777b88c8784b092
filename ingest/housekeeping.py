"""Housekeeping sessions: a devroom's welcome, an opening or closing, an outro, a
break or lunch; and a talk the program marks cancelled ("CANCELLED Full-text
Search Tips and Tricks": nobody can go to it). Kept in the program (people go to
the others), ranked below real talks by search unless the query asks for them
(index/search/kb.py).

`is_housekeeping(title, format)` reads it from the title and the format alone,
so it is derived wherever a talk is, with nothing stored:

    >>> is_housekeeping("Welcome to the Modern Email DevRoom 💌")
    True
    >>> is_housekeeping("Open Source Firmware, BMC and Bootloader devroom - outro")
    True
    >>> is_housekeeping("Opening the black box of LLM inference")
    False
    >>> is_housekeeping("CANCELED Restoring a 30+ years old Minitel server on Apple II")
    True
    >>> is_housekeeping("Pausa café"), is_housekeeping("Kaffeepause")
    (True, True)
"""

from __future__ import annotations

import re
import unicodedata

# What a housekeeping title opens (or ends) with
OPENERS = (
    "welcome",
    "welcoming",
    "opening",
    "closing",
    "intro",
    "introduction",
    "outro",
    "concluding",
    "farewell",
    "wrap up",
    "wrap-up",
)
# ...and what it is about: the room, the track or the event itself
ABOUT = ("devroom", "dev room", "track", "room", "remarks", "announcements", "session")
# Sessions that are no talk by their name alone, in a title or a format
ALONE = (
    "welcome",
    "opening",
    "closing",
    "opening remarks",
    "closing remarks",
    "welcome and opening",
    "outro",
    "break",
    "coffee break",
    "coffee",
    "lunch",
    "lunch break",
    "registration",
    "housekeeping",
)
# ...and as programs in other languages name them ("Kaffeepause", "Pausa café",
# "Pranzo", "Accueil"): a title of only these words is no talk either
ALONE_IN: dict[str, tuple[str, ...]] = {
    "de": (
        "pause",
        "kaffeepause",
        "mittagspause",
        "mittagessen",
        "registrierung",
        "anmeldung",
        "begrüßung",
        "eröffnung",
        "abschluss",
    ),
    "fr": (
        "pause",
        "pause café",
        "pause-café",
        "pause déjeuner",
        "déjeuner",
        "accueil",
        "accueil café",
        "ouverture",
        "clôture",
        "inscription",
        "inscriptions",
    ),
    "es": (
        "pausa",
        "pausa café",
        "pausa para el café",
        "comida",
        "almuerzo",
        "registro",
        "acreditaciones",
        "bienvenida",
        "apertura",
        "clausura",
    ),
    "it": (
        "pausa",
        "pausa caffè",
        "pausa pranzo",
        "pranzo",
        "registrazione",
        "accoglienza",
        "benvenuto",
        "benvenuti",
        "apertura",
        "chiusura",
    ),
    "nl": ("pauze", "koffiepauze", "lunchpauze", "registratie", "welkom", "afsluiting"),
}
_ALONE = frozenset(ALONE).union(*ALONE_IN.values())
# Titles of only these words are housekeeping ("Introductory remarks")
SAID_ONLY = frozenset(
    "welcome welcoming opening closing intro introduction introductory outro concluding "
    "farewell remarks words and".split()
)
# A title the program marks as of a talk that will not take place: "CANCELLED ...",
# "... (cancelled)", "... - Canceled" (not "when requests get cancelled")
CANCELLED = re.compile(r"^\W*cancell?ed\b|(?:[(\[]\s*|\s[-–:]\s*)cancell?ed\W*$", re.IGNORECASE)
# Query words that ask for housekeeping sessions (then nothing is pushed down)
ASKING = frozenset(
    "welcome welcoming opening closing intro outro concluding farewell break lunch coffee "
    "registration housekeeping remarks cancelled canceled "
    # (in other languages, the words that name nothing else)
    "kaffeepause mittagspause mittagessen déjeuner pranzo almuerzo koffiepauze "
    "lunchpauze".split()
)


# Of those, the words that ask only as a session's name ("the opening", "closing
# keynote", "welcoming remarks"), not as a verb or an adjective ("closing the gap",
# "a more welcoming project", "opening up data")
NAMING_ONLY = frozenset("welcoming opening closing concluding".split())
_NAMED_AFTER = frozenset("the a an".split())  # "the closing": a session
_SESSION = frozenset("remarks session sessions keynote keynotes talk words address of".split())
_DESCRIBED_AFTER = frozenset("more most less very so too be is are feel".split())


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(re.findall(r"[^\W_]+(?:-[^\W_]+)*", text))


def is_housekeeping(title: str, format: str | None = None) -> bool:  # noqa: A002
    """Whether a session of this title (and format) is housekeeping, not a talk."""
    if format and _plain(format) in _ALONE:
        return True
    words = _plain(title)
    if not words:
        return False
    if CANCELLED.search(title):
        return True
    said = words.split()
    if words in _ALONE or any(words == f"{a} {b}" for a in OPENERS for b in ABOUT):
        return True
    first = next((o for o in OPENERS if words == o or words.startswith(o + " ")), None)
    last = next((o for o in OPENERS if words.endswith(" " + o)), None)
    about = any(re.search(rf"\b{re.escape(b)}s?\b", words) for b in ABOUT)
    if re.search(r"\b(?:welcoming|welcome|opening|closing|concluding) (?:remarks|words)\b", words):
        return True
    # "Welcome and introduction"
    if set(said) <= SAID_ONLY and set(said) - {"and", "remarks", "words"}:
        return True
    # "Welcome to Nix!" alone is no devroom's welcome: it may be the newcomers' talk
    return bool((first or last) and about)


def asks_for_housekeeping(query: str) -> bool:
    """Whether a query names housekeeping ("the welcome session of the Go devroom",
    "the closing keynote"); "intro to eBPF" asks for a newcomers' talk instead
    (`ingest.audience`), and "how do I make my project more welcoming" or "closing
    the gap" for talks on a subject (`NAMING_ONLY`)."""
    words = re.sub(  # ("intro to the Go devroom" still does)
        r"\bintro to\b(?!(?: \S+){0,5} (?:devroom|dev room|track|room|session)s?\b)",
        " ",
        _plain(query),
    )
    said = words.split()
    for i, w in enumerate(said):
        if w not in ASKING:
            continue
        if w not in NAMING_ONLY:
            return True
        before, after = (said[i - 1] if i else ""), (said[i + 1] if i + 1 < len(said) else "")
        if before in _NAMED_AFTER or after in _SESSION:
            return True
        if not after and before not in _DESCRIBED_AFTER:  # "Go devroom closing"
            return True
    return False

"""Speakers as calendar exports write them: packed into SUMMARY ("Title - Name, Role,
Org & Name2, Org2", Sched), or listed in DESCRIPTION's first or last lines ("Speakers:
...", "Sprecher: …" in another language, "Referent*innen: …" in inclusive writing, or
a word for "by" before names: "Presented by Jane Doe", "A talk by: …"); a line of
another label whose value is a list of people, each with their organisation in
parentheses ("Moderation: Anna Berg (Universität Graz)", "Facilitators: Ann Lee (Acme),
Bo Chen (Initech)"), names the session's people too, in any language, where the
calendar shows that its label's lines name people (`people_labels`).

They are split off only when every part looks like a person's name: two to six
capitalised words, none a job title or a company word.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from ingest.formats.columns import (
    IN_OTHER_LANGUAGES,
    INCLUSIVE,
    inclusive_plural,
    norm,
    of_other_tools,
    resolve,
    said_in_another_language,
    words_label,
)
from ingest.speakers import parse_speakers
from talkbase.core.languages import MARKS
from talkbase.core.names import PARTICLES, ROLE_OR_ORG, clean_name, untitled
from talkbase.core.orgs import names_organisation
from talkbase.core.records import Speaker
from talkbase.core.terms import fold

_PARTICLES = PARTICLES  # talkbase.core.names: one list of surname particles
_NOT_NAMES = frozenset(
    [
        "part",
        "day",
        "session",
        "track",
        "room",
        "hall",
        "keynote",
        "panel",
        "workshop",
        "lunch",
        "break",
        "coffee",
        "registration",
        "remarks",
        "opening",
        "closing",
        "welcome",
        "q&a",
        "introduction",
        "intro",
        "demo",
        "tutorial",
        "lab",
        "lightning",
        "talks",
        "talk",
        "the",
        "a",
        "an",
        "and",
        "of",
        "in",
        "on",
        "for",
        "with",
        "to",
        "sponsored",
        "level",
        "floor",
        "online",
        "virtual",
        "stage",
        "reception",
        "party",
        "meetup",
        "networking",
        "office",
        "hours",
    ]
)
# ROLE_OR_ORG (job titles and company words, never a person's name) lives in
# talkbase.core.names: speaker lines of every format read it
_CORPORATE = re.compile(
    r"^(?:Inc\.?|LLC|Ltd\.?|GmbH|Corp\.?|Co\.?|S\.A\.?|AG|SE|PLC|B\.V\.?|"
    r"L\.P\.?|Pty\.? Ltd\.?|SAS|S\.r\.l\.?)$",
    re.IGNORECASE,
)


def name_like(text: str) -> bool:
    """Two to six capitalised words, none a job title or a company word."""
    words = text.split()
    if not 2 <= len(words) <= 6 or len(text) > 60:
        return False
    for w in words:
        low = w.lower().strip(".,")
        if low in _NOT_NAMES or low in ROLE_OR_ORG or any(c.isdigit() for c in w):
            return False
        if low in _PARTICLES:
            continue
        if not w[0].isupper() or not re.fullmatch(r"[^\W\d_][\w'\u2019.\-]*", w):
            return False
    return True


def _speaker(chunk: str, style: str) -> list[Speaker] | None:
    """One " & "-separated part of the speaker tail: "Name, Role, Org", or "Name, Name"."""
    parts = [p.strip() for p in chunk.split(",") if p.strip()]
    if not parts or not name_like(parts[0]):
        return None
    if style == "pretalx" or (
        style != "sched" and len(parts) > 1 and all(name_like(p) for p in parts)
    ):
        return [Speaker(p) for p in parts] if all(name_like(p) for p in parts) else None
    org = None
    if len(parts) >= 3 and _CORPORATE.match(parts[-1]):
        org = f"{parts[-2]}, {parts[-1]}"
    elif len(parts) >= 2:
        org = parts[-1]
    return [Speaker(parts[0], org)]


def _title_and_tail(summary: str) -> tuple[str, str]:
    """A SUMMARY as (the part before its last dash between blanks, the part after);
    ("", "") where it has no such dash."""
    summary = re.sub(r"\s[-\u2013\u2014]$", "", summary)  # pretalx: "Title - " with nobody
    seps = list(re.finditer(r"\s[-\u2013\u2014]\s", summary))
    if not seps:
        return "", ""
    return summary[: seps[-1].start()].strip(), summary[seps[-1].end() :].strip()


def split_summary(
    summary: str, style: str = "", alone: bool = False
) -> tuple[str, tuple[Speaker, ...]]:
    """ "Title - Name, Role, Org & Name2, Org2" -> (Title, speakers), conservatively.

    `style` is what the calendar's producer says: "sched" (Name, Role, Org), "pretalx"
    (Name, Name, ...) or "" (decided per part: job titles and company words are no names).
    A tail of one name ("Title - Jane Doe") is split off only with `alone`: where the
    calendar names that person elsewhere (`SummaryNames`).
    """
    summary = re.sub(r"\s[-\u2013\u2014]$", "", summary)  # pretalx: "Title - " with nobody
    title, tail = _title_and_tail(summary)
    if not title or not tail:
        return summary, ()
    if alone and not re.search(r",|\s+&\s+|;\s+", tail):
        # the one person the calendar names elsewhere, whatever words their name holds
        # ("Nguyễn Văn An": "an" is no English name's word, yet the calendar says so)
        return title, (Speaker(tail),)
    chunks: list[str] = []
    for piece in re.split(r"\s+&\s+|;\s+", tail):
        if chunks and not name_like(piece.split(",")[0].strip()):
            chunks[-1] += " & " + piece  # "Johnson & Johnson" is an organisation
        else:
            chunks.append(piece)
    found = [_speaker(c, style) for c in chunks]
    if not found or any(s is None for s in found):
        return summary, ()
    if "," not in tail and len(chunks) == 1 and not style and not alone:
        return summary, ()  # "Title - Two Words" alone is too weak a sign
    return title, tuple(s for group in found if group for s in group)


@dataclass(frozen=True)
class SummaryNames:
    """Which one name after a SUMMARY's last dash ("Scaling Kafka consumers - Jonas
    Weber") the calendar itself shows is a speaker's: one it names elsewhere (an
    ATTENDEE, an ORGANIZER, a DESCRIPTION's speaker line: `named`), never one of its
    rooms or tracks (`places`). No count of summaries decides it: "Python for analysts
    - Machine Learning", "Screening - Wild Strawberries" stay whole whatever the
    calendar's other events say (a calendar and a table of one program are joined at
    merge time instead: `merge.titles.named_after`)."""

    places: frozenset[str] = frozenset()  # its rooms and tracks, folded
    named: frozenset[str] = frozenset()  # the people it names elsewhere, folded

    @classmethod
    def of(cls, places: Iterable[str], named: Iterable[Speaker]) -> SummaryNames:
        """The calendar's rooms and tracks, and the people it names elsewhere."""
        return cls(
            places=frozenset(fold(p) for p in places if p),
            named=frozenset(fold(untitled(s.name)) for s in named),
        )

    def alone(self, summary: str) -> bool:
        """Whether the one name after this summary's last dash is its speaker's."""
        tail = _title_and_tail(summary)[1]
        return bool(tail) and fold(tail) not in self.places and fold(untitled(tail)) in self.named


# a labelled line: "Speakers: …", "Track: …", a speaker's label in another language
# ("Sprecher:", "Palestrante:": ingest/formats/columns.py, the one list), written
# inclusively ("Referent*innen:", "Referent:innen:": columns.INCLUSIVE), or any word
_LABELLED = re.compile(rf"^([^\W\d_](?:[\w\-{MARKS}]|{INCLUSIVE.pattern}){{0,30}})\s*:\s*(.+)$")


def _labelled(line: str) -> re.Match[str] | None:
    """A labelled line's match (its label, its value): a label of one word (`_LABELLED`),
    or of a few that name a field in another language ("Diễn giả:": `columns.words_label`)."""
    m = _LABELLED.match(line.strip())
    if m is None and (m := words_label(line)) is not None and not m.group(2).strip():
        return None
    return m


def _plural(word: str) -> bool:
    """Whether a speaker's label is a plural: another speaker's label with an ending
    of one or two letters ("Speakers", "Palestrantes", "Referenten"), or written
    inclusively as a plural ("Referent*innen": `columns.inclusive_plural`)."""
    low = norm(word)
    labels = ("speaker", *IN_OTHER_LANGUAGES["speakers"])
    return inclusive_plural(word) or any(
        low != w and low.startswith(w) and len(low) - len(w) <= 2 for w in labels
    )


# one person of a list of people with their organisations: "Name (Organisation)",
# one pair of parentheses, at the end
_WITH_ORG = re.compile(r"([^()]+?)\s*\(([^()]+)\)")
# what separates people: a comma, "&", "/" or a word for "and" ("und", "et", "y")
_CO_SPEAKERS = re.compile(r"\s*(?:,|&|/|\band\b|\bund\b|\be\b|\bet\b|\by\b)\s*")
# where one person of a list of people with their organisations ends and the next
# begins: after the parentheses, a semicolon or what separates people ("…(Acme) and Bo
# Chen (Initech)")
_AFTER_ORG = re.compile(rf"(?<=\))(?:\s*;\s*|{_CO_SPEAKERS.pattern})")


# words joined by slashes (in lower case): a person's pronouns ("they/them", "sie/ihr")
_PRONOUNS = re.compile(r"[^\W\d_]+(?:/[^\W\d_]+)+")


def _org_like(text: str) -> bool:
    """Whether the text in a person's parentheses may be their organisation: it
    begins with a letter ("Universität Graz", "independent"; not "1. Stock") and is
    no address ("jane@example.org", "https://…") nor pronouns ("they/them")."""
    return (
        text[:1].isalpha()
        and "@" not in text
        and "://" not in text
        and len(text) <= 120
        and not (_PRONOUNS.fullmatch(text) and text.islower())
    )


def listed_people(value: str) -> tuple[Speaker, ...]:
    """The people a line of another label than a speaker's names ("Moderation: …",
    "Facilitators: …", "Podium: …"; whether its label names people, the calendar
    says: `people_labels`), where its value reads as a list of them and nothing
    else: each a person's name (`name_like`, no organisation's) with their organisation in
    parentheses ("Anna Berg (Universität Graz), Bo Chen (Initech)"); none where any
    part is no such person ("Sponsors: Acme (Gold)", "Ort: Aula (1. Stock)",
    "Materials: slides (PDF)", "Hinweis: Bitte Laptop (mit Python 3) mitbringen")."""
    found: list[Speaker] = []
    for part in _AFTER_ORG.split(value.strip()):
        m = _WITH_ORG.fullmatch(part.strip())
        if not m:
            return ()
        name, org = clean_name(m.group(1)), clean_name(m.group(2))
        if not name_like(name) or names_organisation(name) or not _org_like(org):
            return ()
        found.append(Speaker(name, org))
    return tuple(found)


def people_labels(descriptions: Iterable[str], named: Iterable[Speaker]) -> frozenset[str]:
    """The labels, other than a speaker's, whose lines name a session's people in
    this calendar ("Moderation", "Leitung", "Podium", "Chair"), as `norm` writes
    them: the calendar shows it where at least half the people its lines list (each
    with their organisation in parentheses: `listed_people`) are people it names
    elsewhere (`named`, read only where such lines are: in a SUMMARY, on a speaker's
    line, as an ATTENDEE or ORGANIZER), by their name or by their organisation, which
    it gives someone there as an affiliation; or where a table's header of that word
    names the speakers ("Host", "Panelists": columns.resolve). Lines of places,
    sponsors, topics or contacts ("Ort: Großer Saal (Erdgeschoss)", "Sponsor: Acme
    (Gold)") name no one the calendar names, and a label naming another field
    ("Thema", "Track") never names people."""
    lines: list[tuple[str, bool, tuple[Speaker, ...]]] = []  # (label, a header's, people)
    for text in descriptions:
        said = [m.group(1) for line in text.split("\n") if (m := _labelled(line))]
        # another tool's word ("Moderator", "Trainer": `of_other_tools`) names an event's
        # people as a header's would only where no other label of it names its speakers
        # ("Panelists:", "Speaker:"), read or not
        speakers_said = any(
            _label_kind(w) == "speakers" or (not of_other_tools(w) and "speakers" in resolve([w]))
            for w in said
        )
        for line in text.split("\n"):
            m = _labelled(line)
            listed = listed_people(names_and_text(m.group(2))[0]) if m else ()
            if not m or not listed or _label_kind(m.group(1)):
                continue
            fields = resolve([m.group(1)])
            header = bool(fields) and not (speakers_said and of_other_tools(m.group(1)))
            if not any(fld != "speakers" for fld in fields):  # "Thema:" is the title's
                lines.append((norm(m.group(1)), header, listed))
    if not lines:
        return frozenset()
    names, orgs = set(), set()
    for s in named:
        names.add(s.name.casefold())
        if s.affiliation:
            orgs.add(s.affiliation.casefold())
    known: dict[str, list[bool]] = {}  # a label's listed people: is each named elsewhere?
    for label, header, listed in lines:
        known.setdefault(label, []).extend(
            header or s.name.casefold() in names or (s.affiliation or "").casefold() in orgs
            for s in listed
        )
    return frozenset(w for w, said in known.items() if 2 * sum(said) >= len(said))


# the fields besides the speakers a description's labelled line gives ("Track: …",
# "Type: …", "Language: …"; in another language as a table's header names them, the one
# list: "Τύπος:", "రకం:", "భాష:", "Thema:" no, the title's), as `columns.FIELDS` names them
_LINE_FIELDS = ("track", "format", "language")


def _label_kind(word: str) -> str | None:
    """ "speakers", or one of `_LINE_FIELDS`, for a line's label; None for any other
    word."""
    low = word.lower()
    if low in ("speaker", "speakers") or said_in_another_language(word, "speakers"):
        return "speakers"
    if low in ("track", "type", "format", "language"):
        return {"type": "format"}.get(low, low)
    # (the first field the word names: "Thema" is the title's before the track's)
    named = next((f for f in IN_OTHER_LANGUAGES if said_in_another_language(word, f)), None)
    return named if named in _LINE_FIELDS else None


# the words that may lead in a word for "by" before a talk's speakers: words for
# presenting or a talk ("Presented by", "A talk by:", "Vortrag von", "Présenté par",
# "Presentado por", "Gepresenteerd door"); any other ("Sponsored by", "Hosted by",
# "Music by") names no speaker
_BY_LEAD = (
    "a an the ein eine un une una talk session keynote lecture presentation workshop "
    "presented given delivered vortrag gehalten präsentiert présenté présentée "
    "conférence charla ponencia presentado presentada lezing gepresenteerd"
).split()
# a line that names its speakers after a word for "by", bare or led in by up to three
# of `_BY_LEAD`'s words; only names make it one (`_by_names`)
_BY = re.compile(
    rf"^(?:(?:{'|'.join(_BY_LEAD)})\s+){{0,3}}(?:by|von|par|por|door)\s*:?\s+(.+)$",
    re.IGNORECASE,
)
# where a speaker line's names may end and its text go on: a sentence's end (not
# after an initial, "J.", or a title, "Dr."), or a dash between blanks
_NAMES_END = re.compile(
    r"(?:(?<=[^\W\d_]{2})|(?<=\)))[.!?]\s+(?=[^\W_])|\s+(?:[-\u2013\u2014]|--)\s+"
)
_TITLES = frozenset(["dr", "prof", "mr", "mrs", "ms", "mx", "jr", "sr", "st"])


# words in lower case from which a text that ends no sentence still reads as prose
# (a job title runs to seven: "Head of the platform team at the University of Oslo")
_PROSE_WORDS = 10


def _prose(text: str, words: int = _PROSE_WORDS) -> bool:
    """Does `text` read as sentences, not as a name or an organisation? Three words
    or more in lower case where it ends a sentence, `words` where it does not (after
    a speaker's name, "Head of the platform team at the University of Oslo" is an
    affiliation; in place of names, five say no one: "all of you are welcome…")."""
    lower = sum(1 for w in text.split() if w[0].islower())
    ends = bool(re.search(r"[.!?\u2026][\"'\u201d)]*\s*$", text))
    return lower >= words or (lower >= 3 and ends)


def names_and_text(value: str, after: str = "") -> tuple[str, str]:
    """A "Speaker:" line's value as (names, the text that goes on after them): the
    names end at the first sentence end or dash, outside parentheses, after which
    prose follows ("Jane Doe. Her talk is about…", "Jane Doe (Acme) – The talk…");
    `after` is the text on the lines below, which the test of prose reads too. An
    organisation after a dash ("Jane Doe – Acme") is no prose, and stays."""
    for m in _NAMES_END.finditer(value):
        head = value[: m.start()]
        if head.count("(") != head.count(")") or not head.strip():
            continue
        word = re.search(r"(\w+)$", head)
        if m.group().lstrip()[:1] in ".!?" and word and word.group(1).lower() in _TITLES:
            continue
        rest = value[m.end() :].strip()
        if _prose(rest or after.strip()):  # (the lines below only where the line ends)
            return head.strip(), rest
    return value.strip(), ""


def _by_names(names: str) -> tuple[Speaker, ...]:
    """The speakers a "by" line names ("Jane Doe (Acme)", "Ann Lee and Bo Chen"), or
    none where any part is no person's name ("by the community", "by Google")."""
    listed = parse_speakers(names)
    if listed and all(name_like(s.name) for s in listed):
        return listed
    split = people(names)
    return split if split and all(name_like(s.name) for s in split) else ()


def split_description(
    text: str,
    after_comma: bool = False,
    said: list[str] | None = None,
    family: bool = False,
    heard: list[str] | None = None,
    roles: Collection[str] = (),
    fields: dict[str, str] | None = None,
) -> tuple[str, tuple[Speaker, ...], str | None]:
    """ "Speakers: ..." and "Track: ..." lines of a DESCRIPTION, and lines naming the
    speakers after a word for "by" (`_BY`), leading it or ending it, and the rest: a
    speaker line's names end where prose goes on (`names_and_text`), and that prose
    stays in the rest. With `after_comma` (the calendar's speaker lines write "Name,
    Organisation": `speakers.comma_affiliation`) the part after a person's one comma
    is their affiliation, but for a plural label's ("Speakers: A, B"); with `family`
    (they write "Family, Given": `speakers.family_first`) the part before it is their
    family name; a singular speaker line's names as written are added to `said`, and
    every labelled speaker line's to `heard`. A line of one of `roles` (labels the
    calendar shows name people: `people_labels`, as `norm` writes them) names the
    people it lists with their organisations (`listed_people`), and is added to
    neither. A line of a format or a language ("Type: Workshop", "రకం: వర్క్‌షాప్",
    "Τύπος: Εργαστήριο": `_label_kind`) is added to `fields`, the first of each.

    The lines leading the text are read in a row, each one's people in order
    ("Moderation: …" then "Podium: …"), up to the first that is no such line (a line
    of `roles` that lists no people is none); where they name no one, the lines
    ending it are read, up to the first that names people."""
    track = None
    lines = text.split("\n")
    got: tuple[Speaker, ...] = ()  # the speakers of the line `label` read last

    def label(line: str, below: str, last: bool = False) -> str | None:
        """Read one labelled line; None if it is none, else the text it goes on with.
        A last line that names no people ("Speakers: all welcome to stay…") is none.
        The people it names are `got`."""
        nonlocal got, track
        got = ()
        m = _labelled(line)
        kind = _label_kind(m.group(1)) if m else None
        if m and kind is None and norm(m.group(1)) in roles:
            names, rest = names_and_text(m.group(2), below)
            got = listed_people(names)  # "Moderation: Anna Berg (Universität Graz)"
            return rest if got else None
        if kind is None and (by := _BY.match(line.strip())):
            names, rest = names_and_text(by.group(1), below)
            got = _by_names(names)
            return rest if got else None
        if not m or kind is None or (last and kind == "speakers" and _prose(m.group(2), 5)):
            return None
        if kind == "track":
            track = m.group(2).strip()
            return ""
        if kind != "speakers":
            if fields is not None:
                fields.setdefault(kind, m.group(2).strip())
            return ""
        names, rest = names_and_text(m.group(2), below)
        several = _plural(m.group(1))  # "Speakers: A, B" names people, no organisation
        got = parse_speakers(names, after_comma and not several, family)
        if said is not None and not several:
            said.append(names)
        if heard is not None:
            heard.append(names)
        return rest

    speakers: list[Speaker] = []
    while lines and (rest := label(lines[0], "\n".join(lines[1:]))) is not None:
        speakers.extend(got)
        lines.pop(0)
        while lines and not lines[0].strip():
            lines.pop(0)
        if rest:
            lines.insert(0, rest)
            break
    tail: list[str] = []
    while lines and not speakers and len(lines) > 1:
        if not lines[-1].strip():
            lines.pop()
            continue
        rest = label(lines[-1], "", last=True)
        if rest is None:
            break
        speakers.extend(got)
        lines.pop()
        if rest:
            tail.insert(0, rest)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines + tail), _once(speakers), track


def _once(speakers: list[Speaker]) -> tuple[Speaker, ...]:
    """Each person once, where two lines name them (a moderator among the panel),
    first as first named."""
    seen: set[str] = set()
    out: list[Speaker] = []
    for s in speakers:
        if s.name.casefold() not in seen:
            seen.add(s.name.casefold())
            out.append(s)
    return tuple(out)


def people(text: str) -> tuple[Speaker, ...]:
    """The speakers of one CN ("Gregorio Palamà, Luca Di Vita", "Ann Lee & Bo Chen"):
    split where every part looks like a person's full name (two words or more; so
    "Lastname, Firstname" and "Johnson & Johnson" stay whole), each name cleaned."""
    name = clean_name(text)
    parts = [p for p in _CO_SPEAKERS.split(name) if p]
    if len(parts) > 1 and all(name_like(p) for p in parts):
        return tuple(Speaker(p) for p in parts)
    return (Speaker(name),) if name else ()

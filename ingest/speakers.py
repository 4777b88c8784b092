"""Speaker lists as program documents write them.

Shapes handled (and mixed):
  "Tristan Rice, Kapil Sharma — Meta (PyTorch Distributed)"  one affiliation for all
  "Ke Wen (NVIDIA), Natalia Gimelshein, Kapil Sharma (Meta)" a trailing "(Org)"
      applies to the names before it that have none of their own
  "Bob Ren; Aaron Orenstein (Meta)"                          ";" separates names too
  "Kuntai Du (Tensormesh, Inc.)"                             commas inside "(...)"
  "Li Wei, Mozilla"                                          a name and its organisation,
      where the column it stands in says so (`comma_affiliation`)
  "Ines Carvalho, Staff Engineer, Fintrail & Marek Nowak, DBA, Allegro"
      Sched's "Name, Role, Organisation", people joined by " & ", where the column
      says so too: the organisation is the last part (`comma_affiliation`)
  "Smith, John (ACME); van Rossum, Guido"                    family name first, where
      the column it stands in says so (`family_first`): "John Smith", "Guido van Rossum"
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from ingest.html import inline, text_of
from talkbase.core import languages
from talkbase.core.names import PARTICLES, ROLE_OR_ORG, name_suffix
from talkbase.core.orgs import legal_form, names_organisation
from talkbase.core.records import Speaker
from talkbase.core.terms import fold, placeholder_speaker

_AFFIL_DASH = re.compile(r"\s+[\u2014\u2013]\s+|\s+--\s+")

# the keys of a person's name, as exports spell them (case and "_" ignored): the
# whole name, or its given and family parts
_NAME_KEYS = ("publicname", "name", "fullname", "displayname")
_GIVEN_KEYS = ("firstname", "givenname")
_FAMILY_KEYS = ("lastname", "familyname", "surname")
# the keys of a person's organisation, as exports write them (frab's, Sessionize's)
ORG_KEYS = ("affiliation", "organization", "organisation", "company")


def person_name(person: dict[str, Any]) -> str:
    """A person's name as it is said, "Given Family": the whole name where one is
    written (pretalx's public_name, Sessionize's fullName, "displayName"), else the
    given and family names; a whole name written "Family, Given" (Indico's) beside
    them is said in their order instead."""
    keys = {re.sub(r"[\W_]+", "", str(k)).lower(): v for k, v in person.items()}

    def first(names: tuple[str, ...]) -> str:
        return next((inline(text_of(keys[n])) for n in names if text_of(keys.get(n))), "")

    whole, given, family = first(_NAME_KEYS), first(_GIVEN_KEYS), first(_FAMILY_KEYS)
    parts = inline(f"{given} {family}")
    if whole and not ("," in whole and given and family):
        return whole
    return parts


def family_first_objects(people: Iterable[object]) -> bool:
    """Whether a document's person objects write their whole names "Family, Given"
    (Indico's "fullName": "Dubois, Luc"): one whose own given and family names say
    so ("Keller, Anna" beside "Anna" and "Keller"), and every whole name with a
    comma of the family-and-given shape (`_family_part`, `_given_part`); decided
    over the document, as a column's is (`family_first`), to be read by `given_first`."""
    wholes: list[str] = []
    told = False
    for person in people:
        if not isinstance(person, dict):
            continue
        keys = {re.sub(r"[\W_]+", "", str(k)).lower(): v for k, v in person.items()}
        whole = next((inline(text_of(keys[n])) for n in _NAME_KEYS if text_of(keys.get(n))), "")
        given, family = (
            next((inline(text_of(keys[n])) for n in names if text_of(keys.get(n))), "")
            for names in (_GIVEN_KEYS, _FAMILY_KEYS)
        )
        told = told or bool(given and family and fold(whole) == fold(f"{family}, {given}"))
        if "," in whole:
            wholes.append(whole)
    return told and all(_flipped(w) for w in wholes)


def _flipped(whole: str) -> str:
    """A whole name "Family, Given" said "Given Family"; "" for a name not so shaped."""
    parts = _people_parts(whole)
    if len(parts) != 2 or not (_family_part(parts[0], 2) and _given_part(parts[1])):
        return ""
    return f"{parts[1]} {parts[0]}"


def given_first(person: dict[str, Any]) -> dict[str, Any]:
    """A person object of a document whose whole names are "Family, Given"
    (`family_first_objects`) with its name said given name first."""
    name = person_name(person)
    return {**person, "name": flipped} if (flipped := _flipped(name)) else person


def split_top_level(text: str, seps: str = ",;") -> list[str]:
    """Split at separators that are not inside parentheses."""
    parts: list[str] = []
    depth = 0
    buf: list[str] = []
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        if ch in seps and depth == 0:
            parts.append("".join(buf))
            buf = []
        else:
            buf.append(ch)
    parts.append("".join(buf))
    return [p.strip() for p in parts if p.strip()]


def _name_and_affiliation(item: str) -> tuple[str, str | None]:
    m = re.match(r"^(.*?)\s*\((.*)\)\s*$", item)
    if m and m.group(1).strip():
        return m.group(1).strip(), m.group(2).strip() or None
    return item.strip(), None


# a word of a person's name: letters, with inner apostrophes, hyphens or dots
_NAME_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['\u2019.\-])*")
# what separates people in a cell besides ",": ";" and Mini-Conf's "|"
_PEOPLE_SEPS = ";|"


def name_shaped(text: str) -> bool:
    """Whether `text` is shaped as a person's whole name: two to four words of
    letters, the first and the last capitalised, any other either capitalised or a
    surname's particle ("Li Wei", "Ludwig van Beethoven"); one word ("Mozilla"),
    digits or signs ("O2 & Co"), a lowercase word ("Code for Ghana") are not."""
    words = text.split()
    return (
        2 <= len(words) <= 4
        and all(_NAME_WORD.fullmatch(w) for w in words)
        and all(w[0].isupper() or w.lower() in PARTICLES for w in words)
        and words[0][0].isupper()
        and words[-1][0].isupper()
    )


def _people_parts(person: str) -> list[str]:
    """The comma-separated parts of one person's entry, without a name's suffix or
    degree ("Jane Roe, PhD", "Alice Brown, Jr."): that is neither a person nor an
    organisation."""
    parts = split_top_level(person, ",")
    return [p for i, p in enumerate(parts) if not (i and name_suffix(p))]


def no_person(part: str, name: str) -> bool:
    """Whether what follows `name` (after a comma, or on the line under it) is no
    person's name: not shaped as one, an organisation's (`orgs.names_organisation`),
    or holding a word in capitals ("SAP SE", "IBM Research") where the name before it
    is not written in capitals. A name with its own organisation after it in
    parentheses ("Elif Şahin (Getir)") is a person's, and so is a list of whole names
    ("Bob Jones and Carol White": `_joined_people`)."""
    if _joined_people(part) != [part]:
        return False
    part = _name_and_affiliation(part)[0]
    capitals = any(len(w) > 1 and w.isupper() for w in part.split())
    return (
        not name_shaped(part)
        or names_organisation(part)
        or any(w.lower().strip(".,()") in ROLE_OR_ORG for w in part.split())  # "Staff Engineer"
        or (capitals and not any(len(w) > 1 and w.isupper() for w in name.split()))
    )


# " & " between two people of a "Name, Role, Organisation" list (Sched's)
_AMPERSAND = re.compile(r"\s+&\s+")


def _persons(text: str) -> list[str]:
    """One cell's people, for a column of "Name, Organisation": split at ";" and "|",
    and at " & " where a person's name follows it ("Fintrail & Marek Nowak, DBA"),
    never inside an organisation's name ("Ben & Jerry's")."""
    out: list[str] = []
    for person in split_top_level(text, _PEOPLE_SEPS):
        pieces = _AMPERSAND.split(person)
        joined = [pieces[0]]
        for piece in pieces[1:]:
            head = split_top_level(piece, ",")
            if head and name_shaped(head[0]) and "," in joined[-1]:
                joined.append(piece)
            else:
                joined[-1] += " & " + piece
        out.extend(joined)
    return out


@lru_cache(maxsize=1)
def _between_people() -> re.Pattern[str]:
    """ " & ", " / ", " + " and the lists' "and" of the languages programs are read in
    (`languages.list_ands`: "and", "und", "et", "og", ...), lowercase as a list writes
    it: "Dan" or "AND" in a name is no list's word."""
    words = "".join(f"|{re.escape(w)}" for w in sorted(languages.list_ands(), key=len)[::-1])
    return re.compile(rf"\s+(?:[&/+]{words})\s+")


def _joined_people(part: str) -> list[str]:
    """ "Kenji Mori & Dana Whitfield", "Kenji Mori and Dana Whitfield" (or "und",
    "et", ..., " / ", " + ") as two people where every side is a person's whole name (`name_shaped`,
    an "(Org)" after it aside); "Ben & Jerry's", "Simon & Garfunkel", "Marie and Pierre
    Curie" stay one. The last item of "A, B and C" or "A, B, and C" is C."""
    sides = _between_people().split(part)
    if len(sides) > 1 and all(name_shaped(_name_and_affiliation(x)[0]) for x in sides):
        return sides
    lead = _between_people().match(" " + part)
    rest = part[lead.end() - 1 :] if lead and lead.group().strip().isalpha() else ""
    if rest and name_shaped(_name_and_affiliation(rest)[0]):
        return [rest]
    return [part]


def _organisation(parts: list[str]) -> str:
    """The organisation of "Name, Role, Organisation": the last part, with the one
    before it where the last is only a legal form ("Acme, Inc.")."""
    if len(parts) > 2 and legal_form(parts[-1]):
        return f"{parts[-2]}, {parts[-1]}"
    return parts[-1]


def comma_affiliation(cells: Iterable[str], beside: Iterable[str] = ()) -> str | None:
    """Whether the speaker cells of one column write "Name, Organisation" (the comma
    before the speaker's organisation, not between two people), decided from the
    whole column; what tells it, to be said, or None. Each person in a cell (cells
    separate people with ";" or "|" too) then holds at most one comma outside
    parentheses (a name's suffix or degree apart), with a name before it, and most
    of the column's parts after a comma are no person's name: not shaped as one
    ("Li Wei, Mozilla", "Ana Pérez, Code for Ghana"), an organisation's by
    `orgs.names_organisation` ("Marcus Lee, Amazon Web Services") or in capitals
    ("Eva Hoffmann, SAP SE"): `no_person`. One such cell, a
    name after the comma in several cells or a person named alone elsewhere tells
    nothing: "Ada Lovelace, Grace Hopper" is two people whenever the column does not
    clearly say otherwise (a duplicate speaker is better than a lost one).
    `beside`: the column's other cells, those a column of affiliations gives the
    organisations of (`cells` are then the ones whose affiliation cell is empty);
    where one of them separates two people with a comma ("Alice Smith, Bob Jones",
    both shaped as names), the column's commas separate people: None."""
    if any(_comma_people(cell) for cell in beside):
        return None
    pairs: list[tuple[str, str]] = []
    for cell in cells:
        for person in _persons(_AFFIL_DASH.split(cell.strip(), maxsplit=1)[0]):
            parts = _people_parts(person)
            if len(parts) > 2 and not all(no_person(p, parts[0]) for p in parts[1:]):
                return None  # a list of people
            if len(parts) >= 2:
                pairs.append((parts[0], _organisation(parts) if len(parts) > 2 else parts[1]))
    if not pairs or not all(name_shaped(name) for name, _ in pairs):
        return None
    odd = [part for name, part in pairs if no_person(part, name)]
    if 2 * len(odd) <= len(pairs):
        return None
    more = f" (and {len(odd) - 1} more of {len(pairs)})" if len(odd) > 1 else ""
    return f"{odd[0]!r}{more} after a comma is no person's name"


def _comma_people(cell: str) -> bool:
    """Whether a speaker cell separates two people or more with commas, each part
    shaped as a whole name ("Alice Smith, Bob Jones", "Can Yıldız, Elif Şahin (Getir)")."""
    for person in _persons(cell.strip()):
        parts = _people_parts(person)
        if len(parts) > 1 and all(name_shaped(_name_and_affiliation(p)[0]) for p in parts):
            return True
    return False


# a given name's initial, as a family-first list writes it: "J.", "J.R.R.", "A.-M."
_INITIALS = re.compile(r"(?:[^\W\d_]\.-?)+")


def _family_part(part: str, most: int = 1) -> bool:
    """A family name alone: `most` capitalised words (two: "García López"), hyphens
    and apostrophes inside ("Smith", "Müller-Lüdenscheidt", "O'Brien"), with any
    particles before them ("van Rossum", "de la Cruz")."""
    words = part.split()
    core = [w for w in words if w.lower() not in PARTICLES]
    return (
        1 <= len(core) <= most
        and words[-1] == core[-1]
        and all(_NAME_WORD.fullmatch(w) and w[0].isupper() for w in core)
    )


def _given_part(part: str, most: int = 3) -> bool:
    """Given names: one to `most` capitalised words or initials ("John", "Mary Ann",
    "J. R."), no organisation's name."""
    name, _ = _name_and_affiliation(part)
    words = name.split()
    return (
        1 <= len(words) <= most
        and all(
            _INITIALS.fullmatch(w) or (_NAME_WORD.fullmatch(w) and w[0].isupper()) for w in words
        )
        and not names_organisation(name)
    )


def family_first(cells: Iterable[str]) -> str | None:
    """Whether the speaker cells of one column write "Family, Given" ("Smith, John
    (ACME); Doe, Jane"), decided from the whole column; what tells it, to be said, or
    None. Each person in a cell (people separated by ";" or "|") holds at most one
    comma outside parentheses (a name's suffix or degree apart); at least half of
    the column's people hold one; and every one that does puts a family name alone
    before it (`_family_part`: one word, with its particles) and given names or
    initials after it (`_given_part`). "Ada Lovelace, Grace Hopper" (whole names
    on both sides) and "Li Wei, Mozilla" (`comma_affiliation`) are not. Shape alone
    cannot tell "Smith, John" from two people named by their first names ("Alice,
    Bob"), so the column must also say it (`_told`): a cell that separates its people
    by ";" or "|" while each holds a comma, or a name whose parts only a family name
    or given names have (a particle, initials, a hyphen, two family words)."""
    with_comma = alone = told = 0
    people = 0
    example = ""
    for cell in cells:
        persons = split_top_level(_AFFIL_DASH.split(cell.strip(), maxsplit=1)[0], _PEOPLE_SEPS)
        if len(persons) > 1 and all(len(_people_parts(p)) == 2 for p in persons):
            told += 1  # "Müller, Anna; Schmidt, Jonas": the comma is inside each name
        for person in persons:
            parts = _people_parts(person)
            people += 1
            if len(parts) > 2:
                return None  # a list of people
            if len(parts) == 2:
                told += _told(parts[0], parts[1])
                if _family_part(parts[0]) and _given_part(parts[1]):
                    alone += 1  # "Smith, John": a family name alone before the comma
                elif not (_family_part(parts[0], 2) and _given_part(parts[1], 1)):
                    return None  # "García López, María" passes; "Ada Lovelace, Grace Hopper" not
                with_comma += 1
                example = example or person
    if not alone or not told or 2 * with_comma < people:
        return None
    more = f" (and {with_comma - 1} more of {people})" if with_comma > 1 else ""
    return f"{example!r}{more} puts a family name before the comma"


def _told(family: str, given: str) -> bool:
    """Whether "Family, Given" shows itself in one name: a particle before the family
    name ("van Rossum"), a hyphen or two words in it ("García López"), initials in
    the given names ("Knuth, D. E.")."""
    name, _ = _name_and_affiliation(given)
    words = family.split()
    return (
        any(w.lower() in PARTICLES for w in words)
        or len(words) > 1
        or "-" in family
        or any(_INITIALS.fullmatch(w) for w in name.split())
    )


# the commas and parentheses Japanese and Chinese write ("佐藤 花子、鈴木 一郎",
# "山田 太郎（サイボウズ）"), and the list commas of other scripts (CLDR's: the Arabic
# script's "،" in "ليلى حسن، عمر خالد"), as the ones the lists above are split at
@lru_cache(maxsize=1)
def _wide() -> dict[int, str]:
    return str.maketrans(
        {"，": ", ", "；": "; ", "（": " (", "）": ")"} | {c: ", " for c in languages.list_commas()}
    )


def plain_commas(text: str) -> str:
    """`text` with the commas, semicolons and parentheses of other scripts written as
    the ones speaker lists are split at ("王建国、陈静" -> "王建国, 陈静"): one list
    of people, and the column of their affiliations beside it, split alike."""
    return text.translate(_wide())


def _with_organisation(parts: list[str]) -> tuple[str, str] | None:
    """One person's entry of two comma parts as (name, organisation), where the first
    is shaped as a whole name and the second is clearly an organisation's, alone
    (`orgs.names_organisation`: a known name, a legal form, "Acme Corp", "Beispiel
    GmbH", or an institution's word, "University of Vigo"), with no "(Org)" of its own
    ("Ana Silva, Acme Corp"); None for any other ("Ada Lovelace, Grace Hopper": two
    people, as a cell that does not clearly say otherwise is read: sweep 24)."""
    if len(parts) != 2 or not name_shaped(_name_and_affiliation(parts[0])[0]):
        return None
    name, org = (p.strip() for p in parts)
    if _name_and_affiliation(name)[1] or _joined_people(org) != [org]:
        return None
    return (name, org) if names_organisation(org) else None


def own_affiliations(cells: Iterable[str]) -> bool:
    """Whether a speakers column gives each person their own "(Org)": a cell of two
    people or more, each with their own parentheses ("Ana Lima (Acme); José Müller
    (Uni Köln)"). There, a trailing "(Org)" is its last person's alone ("Dan Brown;
    Eve Adams (Contoso)": Dan's is not said), not everyone's before it."""
    for cell in cells:
        parts = [p.strip() for p in split_top_level(plain_commas(cell), ",;") if p.strip()]
        if len(parts) > 1 and all(_OWN_PARENS.search(p) for p in parts):
            return True
    return False


_OWN_PARENS = re.compile(r"\S\s*\([^()]+\)\s*$")


def parse_speakers(
    text: str,
    affiliation_after_comma: bool = False,
    family_names_first: bool = False,
    own_orgs: bool = False,
) -> tuple[Speaker, ...]:
    """Parse one speaker line into speakers with affiliations; a stand-in for a
    name ("TBA", "N.N.", "Varios": `terms.PLACEHOLDER_SPEAKERS`) is no speaker.
    With `affiliation_after_comma` (a column that writes "Name, Organisation":
    `comma_affiliation`) the part after a person's one comma is their affiliation;
    with `family_names_first` (a column that writes "Family, Given": `family_first`)
    the part before it is their family name ("Smith, John (ACME)": John Smith, ACME);
    with `own_orgs` (a column that gives people their own "(Org)": `own_affiliations`)
    a trailing "(Org)" is its last person's only."""
    text = plain_commas(text.strip())
    if not text:
        return ()
    shared: str | None = None
    pieces = _AFFIL_DASH.split(text, maxsplit=1)
    if len(pieces) == 2:
        text, shared = pieces[0].strip(), pieces[1].strip() or None
    items: list[tuple[str, str | None]] = []
    group: list[int] = []  # the part of the cell (between ";") each item is in
    persons = (
        split_top_level(text, _PEOPLE_SEPS)
        if family_names_first
        else _persons(text)
        if affiliation_after_comma
        else split_top_level(text, ";")
    )
    if family_names_first:
        for at, person in enumerate(persons):
            parts = _people_parts(person)
            if len(parts) == 2:
                given, org = _name_and_affiliation(parts[1])
                items.append((f"{given} {parts[0]}", org))
            else:
                items.extend(_name_and_affiliation(p) for p in parts)
            group.extend([at] * (len(items) - len(group)))
    elif affiliation_after_comma:
        for at, person in enumerate(persons):
            parts = _people_parts(person)
            if len(parts) == 2 and name_shaped(parts[0]):
                items.append((parts[0], parts[1]))
            elif (
                len(parts) > 2
                and name_shaped(parts[0])
                and all(no_person(p, parts[0]) for p in parts[1:])
            ):
                items.append((parts[0], _organisation(parts)))  # Sched's "Name, Role, Org"
            else:
                items.extend(_name_and_affiliation(p) for p in parts)
            group.extend([at] * (len(items) - len(group)))
    else:
        for at, person in enumerate(persons):
            if own := _with_organisation(_people_parts(person)):
                items.append(own)  # ("Ana Silva, Acme Corp": one person, and where she works)
            else:
                items.extend(
                    _name_and_affiliation(one)
                    for p in _people_parts(person)
                    for one in _joined_people(p)
                )
            group.extend([at] * (len(items) - len(group)))
    names = [n for n, _ in items]
    affs = [a for _, a in items]
    # A trailing "(Org)" applies to the names before it that have none of their own;
    # where the cell's parts hold commas of their own ("García, José; Carla Ruiz
    # (AWS)"), only within its part: the ";" then separates what the commas list, as
    # in a sentence ("Bob Ren; Aaron Orenstein (Meta)" share theirs).
    layered = len(persons) > 1 and any(len(_people_parts(p)) > 1 for p in persons)
    pending: str | None = None
    for i in range(len(affs) - 1, -1, -1) if not own_orgs else ():
        if layered and i + 1 < len(affs) and group[i] != group[i + 1]:
            pending = None  # (the part after this one's)
        if affs[i] is not None:
            pending = affs[i]
        elif pending is not None:
            affs[i] = pending
    return tuple(
        Speaker(name=n, affiliation=a if a is not None else shared)
        for n, a in zip(names, affs, strict=True)
        if n and not placeholder_speaker(n)
    )

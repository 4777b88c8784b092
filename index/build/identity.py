"""Which stored document a parsed file is: the same program again, or another one.

A document is named by its file name ("schedule.xml") as long as that is enough to
tell it apart. frab and pretalx export every conference as `schedule.xml`, so a
file name alone would let one conference's program replace another's. A parsed file
replaces the stored document of its name only when the evidence says it is that
document again:

1. read from the same path, or
2. holding the same program (`same_program`):
   - the same conference: where both documents state a conference name (their own
     or `--conference`; a name made of the file name states nothing), they share
     one, or one is the other with an addition ("DevConf 2025 Programme" and
     "DevConf 2025 Programme (updated 3 June)", `one_name`). Two different stated
     names are two conferences, however alike their talks;
   - and most of the same talks: at least SAME_SHARE of the talks of the smaller of
     the two recur in the other (a new version of a program keeps most of its talks;
     another year or another conference keeps few). A talk recurs by its own id (a
     frab guid, an iCal UID) where both give it one and its title or a speaker agrees
     too (a renamed talk keeps its id), else by its title, unless both give it ids
     and they differ (two talks that share a title). Only stable ids count
     (`ingest.merge.revisions.stable_uid`): digits or a short code may number the rows, and a
     talk inserted at the top renumbers them all, so such ids are no ids here. A title counts as much as it is
     rare: one that the knowledge base holds in n conferences ("Opening", "Lightning
     Talks") counts 1/n; a title whose talks both name speakers and share none counts
     half. Openings, breaks, lunches and closings (`housekeeping.is_housekeeping`)
     are left out of both programs: every program has them under the same titles. Titles count only where the two programs share a day, or one has no days:
     another year's or another conference's program falls on other days.

A second download of a file ("schedule (1).json") is compared as the file itself
(`file_key`): the same two tests decide whether it is a new version. A new version
whose conference talkbase named after its file ("schedule (1)") takes the stored
document's conference name, so its name and its talks' ids stay.

Otherwise it is another document, kept beside the stored one and named by the
shortest end of its path that no other document has ("2019/schedule.xml",
"fosdem/2019/schedule.xml"), and where talkbase named its conference after its file
("schedule"), its conference is named by that end of its path too ("2019/schedule"):
two programs of one file name never share a conference, so their talks that share a
title, a time and a room (an "Opening", a "Keynote") are never joined into one
(sweep 13 F1, F4). Files of one name given in one command are named
the same way, each by the shortest end of its path the others do not share; but
those of one `file_key` that hold the same program ("schedule.csv" and "schedule
(1).csv") are first read as one, as two commands would read them
(`one_per_program`: the one written last is the new version of the others). A
stored document is claimed by one parsed file at most, by path first, then by the
program it resembles most.

A file that replaces a stored document but holds far fewer talks looks cut short:
a download or a save still in progress. "Far fewer" is at least MIN_LOST talks
fewer and fewer than KEEP_SHARE of the stored talks (5 -> 2, 10 -> 6, 40 -> 27;
one or two cancelled talks never are). So does one whose reading found it cut short
(a last row left incomplete, a quote never closed: `ParsedDocument.cut_short`), or
whose text ends with no line's end and whose last talk is a stored talk cut off (its
title, abstract, room or track the beginning of the stored one's and no more:
`trails_off`, as a file cut inside its last field leaves it; a saved file ends its
last line, and a talk renamed "Closing" from "Closing remarks" is no cut), and then
removing any stored talk is enough (fewer talks, or a stored title it lacks), and so
is taking from the stored talk its last talk is (where the cut falls) a field that
talk gives: its speakers, room, track, abstract, start or end, or all of one but its
beginning (`lessened`).
So does one that gives none of its talks a speaker, a room, a track, a description,
a time or an end time where at least MIN_LOST of the stored talks give one
(`_dropped`: a column renamed, "Who presents", or left out of a re-export, would wipe
it from every talk; sweep 13 F3).
So does one of which a record could not be read and was skipped (a line that is no
JSON, a record without a title, a CSV row a stray quote mangled:
`ParsedDocument.unreadable`) and that would remove a stored talk: the talk that
record holds is not taken as removed (a bad line in the middle of a re-export).
So does one that is one page of a paginated list (`ParsedDocument.page`, read without
the other pages) and not the program of the stored version (`same_program`: another
page of the list saved at the same path) and that would remove a stored talk: the
talks it lacks are on the list's other pages (sweep 22).
Either is refused, so the program it would replace is kept, unless the person says
the shrink is meant (`--shrink`; `--replace`, which forgets the documents not given,
says nothing of those given: sweep 22).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import PurePath

from ingest.detect import STDIN_PATH, ParsedDocument
from ingest.housekeeping import is_housekeeping
from ingest.merge.revisions import stable_uid
from ingest.text import title_key
from ingest.when import document_stem
from talkbase.core.errors import InputError
from talkbase.core.records import Talk

SAME_SHARE = 0.5  # of the smaller program's titles, shared: the same program again
KEEP_SHARE = 0.7  # of the stored version's talks a new version keeps, at the least...
MIN_LOST = 3  # ...unless it loses fewer talks than this


@dataclass(frozen=True)
class Stored:
    """A stored document, as far as telling its identity needs."""

    name: str
    path: str
    talks: tuple[Talk, ...]
    warnings: tuple[str, ...] = ()  # (what its reading said: the zone it took, if any)


@dataclass(frozen=True)
class Named:
    """The parsed documents under the names they are stored as, and what was said."""

    documents: list[ParsedDocument]
    notices: list[str]
    refused: list[InputError]


def base_name(name: str) -> str:
    """The file name a stored document's name ends in ("2019/schedule.xml" -> "schedule.xml")."""
    return name.rsplit("/", 1)[-1]


# what a browser adds to a file it downloads again beside the first: "schedule (1).json"
_COPY = re.compile(r"\s?\(\d{1,3}\)(?=\.[^.]*$|$)")


def file_key(name: str) -> str:
    """A document's file name as it is compared with the stored ones' (`base_name`):
    without the number a browser gives a second download of the same file
    ("osd24_schedule (1).json", "schedule(2).xml" -> "osd24_schedule.json",
    "schedule.xml"), which is a new version like any other, if its program says so."""
    return _COPY.sub("", base_name(name))


def _same_path(a: str, b: str) -> bool:
    """Whether two documents were read from one file. Standard input is no file
    (`detect.STDIN_PATH`): what is piped in one day and the next may be two programs,
    told apart by what they hold (`same_program`), never by where they came from."""
    if STDIN_PATH in (a, b):
        return False
    return a == b or os.path.abspath(a) == os.path.abspath(b)


def _where(doc: ParsedDocument) -> str:
    """The path a document is told apart by from others of its name: its file's, or
    for one read from standard input, its name ("stdin" -> "stdin (2)")."""
    return doc.name if doc.from_stdin else doc.path


def _titles(talks: Sequence[Talk]) -> set[str]:
    return {k for k in (title_key(t.title) for t in talks) if k}


def stated_conferences(talks: Sequence[Talk], name: str) -> set[str]:
    """The conference names (as keys) the talks of the document `name` state: not the
    one talkbase made of its file name."""
    made = title_key(document_stem(base_name(name)))
    return {k for k in (title_key(t.conference) for t in talks) if k and k != made}


def one_name(a: str, b: str) -> bool:
    """Two conference names (as keys) name one conference: equal, or one is the other
    with an addition ("devconf 2025 programme" and "devconf 2025 programme updated 3
    june")."""
    short, long = sorted((a, b), key=len)
    return long == short or long.startswith(short + " ")


def speaker_keys(talk: Talk) -> set[str]:
    """A talk's speakers by their names' keys (`title_key`), the empty ones left out."""
    return {k for k in (title_key(s.name) for s in talk.speakers) if k}


def _stable_ids(talks: Sequence[Talk]) -> list[Talk]:
    """The talks, an id that may only number a document's rows ("3", "T1": not
    `stable_uid`) left out: a talk inserted at the top renumbers every row."""
    return [t if stable_uid(t.uid) else replace(t, uid=None) for t in talks]


def _real(talks: Sequence[Talk]) -> Sequence[Talk]:
    """The talks, an opening, a break, a lunch or a closing left out
    (`housekeeping.is_housekeeping`): every program has them, under the same titles, so
    they tell nothing of which program a file is; all of them where that is all it holds."""
    real = [t for t in talks if not is_housekeeping(t.title, t.format)]
    return real or talks


def resemblance(
    old: Sequence[Talk], new: Sequence[Talk], spread: Mapping[str, int] | None = None
) -> float:
    """The share of the smaller program's talks that recur in the other, each counted
    by how distinctive it is (see the module's rule 2); `spread`: title key -> in how
    many conferences the knowledge base holds it (1 where it is not given)."""
    old, new = _real(old), _real(new)
    small, large = (new, old) if len(new) <= len(old) else (old, new)
    if not small:
        return 0.0
    small, large = _stable_ids(small), _stable_ids(large)
    by_uid = {t.uid: t for t in large if t.uid}
    by_title: dict[str, list[Talk]] = {}
    for t in large:
        by_title.setdefault(title_key(t.title), []).append(t)
    days_a = {t.day for t in small if t.day}
    days_b = {t.day for t in large if t.day}
    titles_count = not days_a or not days_b or bool(days_a & days_b)
    score = 0.0
    for t in small:
        key = title_key(t.title)
        again = by_uid.get(t.uid) if t.uid else None
        if again is not None and (
            title_key(again.title) == key or speaker_keys(t) & speaker_keys(again)
        ):
            score += 1.0
            continue
        if not key or not titles_count:
            continue
        alike = [o for o in by_title.get(key, ()) if not (t.uid and o.uid and o.uid != t.uid)]
        if not alike:
            continue
        weight = 1.0 / max(1, (spread or {}).get(key, 1))
        mine = speaker_keys(t)
        if mine and all(speaker_keys(o) and not mine & speaker_keys(o) for o in alike):
            weight /= 2
        score += weight
    return score / len(small)


def same_program(
    old: Sequence[Talk],
    new: Sequence[Talk],
    spread: Mapping[str, int] | None = None,
    names: tuple[str, str] = ("", ""),
) -> bool:
    """True when `new` is a version of the program `old` holds (see the module's rule
    2); `names`: the two documents' names, to tell a conference name they state from
    one made of the file name."""
    said_old, said_new = stated_conferences(old, names[0]), stated_conferences(new, names[1])
    if said_old and said_new and not any(one_name(a, b) for a in said_old for b in said_new):
        return False  # two conferences, by their own names
    if not _titles(old) or not _titles(new):
        return True  # nothing to tell them apart by: the name decides, as it always did
    return resemblance(old, new, spread) >= SAME_SHARE


def other_days(old: Sequence[Talk], new: Sequence[Talk], theirs: str) -> str:
    """Where `new` holds most of the talks of `old`, the document `theirs` (at least
    SAME_SHARE of the smaller's, each by its title and a shared speaker, or no speakers
    in either) on other days only (a program postponed, or given again at another
    date), what a notice says of it ("3 of its 3 talks are those of X (...) on
    2026-04-21, where X has them on 2026-04-14"); "" where it is not so."""
    days_old, days_new = {t.day for t in old if t.day}, {t.day for t in new if t.day}
    if not days_old or not days_new or days_old & days_new:
        return ""
    small, large = (new, old) if len(new) <= len(old) else (old, new)
    by_title: dict[str, list[Talk]] = {}
    for t in large:
        by_title.setdefault(title_key(t.title), []).append(t)
    again = sum(
        1
        for t in small
        if title_key(t.title)
        and any(
            speaker_keys(t) & speaker_keys(o) or not (speaker_keys(t) or speaker_keys(o))
            for o in by_title.get(title_key(t.title), ())
        )
    )
    if not small or again < SAME_SHARE * len(small):
        return ""
    return (
        f"{again} of its {len(new)} talks are those of {theirs} (the same titles and "
        f"speakers) on {', '.join(map(str, sorted(days_new)))}, where {theirs} has them on "
        f"{', '.join(map(str, sorted(days_old)))}"
    )


def same_times(old: Sequence[Talk], new: Sequence[Talk], theirs: str) -> str:
    """Where talks of `new` are talks of `old`, the document `theirs`, at the same
    instant (by title, and a shared speaker or none in either), what a notice says of
    it ("1 of its 2 talks are also in X at the same date and time"); "" where none is.
    The openings, breaks and closings every program has do not count."""
    held: dict[tuple[str, datetime], list[Talk]] = {}
    for t in old:
        if t.start is not None and title_key(t.title):
            held.setdefault((title_key(t.title), t.start), []).append(t)
    again = sum(
        1
        for t in new
        if t.start is not None
        and not is_housekeeping(t.title, t.format)
        and any(
            speaker_keys(t) & speaker_keys(o) or not (speaker_keys(t) or speaker_keys(o))
            for o in held.get((title_key(t.title), t.start), ())
        )
    )
    if not again:
        return ""
    return f"{again} of its {len(new)} talks are also in {theirs} at the same date and time"


def trails_off(old: Sequence[Talk], new: Sequence[Talk]) -> str:
    """How a new version's last talk (in its file's order) says the file was cut: its
    title, or a field of the stored talk of its title, is the beginning of the stored
    one's and no more ("Screen" of "Screen readers and Orca."), as a file cut inside
    its last record leaves it; "" where it is not so."""
    if not new:
        return ""
    last = new[-1]
    key = title_key(last.title)
    whole = {title_key(t.title) for t in new}
    for t in old:
        if key != title_key(t.title):
            if _begins(last.title, t.title) and title_key(t.title) not in whole:
                return (
                    f"its last talk's title {last.title!r} is the beginning of the stored "
                    f"{t.title!r}: the file looks cut short"
                )
            continue
        for name in ("abstract", "room", "track"):
            mine, theirs = getattr(last, name) or "", getattr(t, name) or ""
            if _begins(mine, theirs):
                return (
                    f"its last talk {last.title!r} ends where the stored version's goes on "
                    f"(its {name} {mine!r} of {theirs!r}): the file looks cut short"
                )
    return ""


_KEPT = ("speakers", "room", "track", "abstract", "start", "end")  # what `lessened` compares


def lessened(old: Sequence[Talk], new: Sequence[Talk]) -> list[str]:
    """What a new version that looks cut short (`ParsedDocument.cut_short`) takes from
    the stored talk its last talk is (in its file's order: where a cut falls; the stored
    talk of its id where both have one, else of its title): the fields of `_KEPT` that
    the stored one gives and it lacks, or gives only the beginning of ("Julie Mor" of
    "Julie Moreau"); none where it lacks none, or is no stored talk."""
    if not new:
        return []
    last = new[-1]
    key = title_key(last.title)
    alike = [t for t in old if last.uid and t.uid == last.uid] or [
        t for t in old if key and title_key(t.title) == key
    ]
    losses = [_lost(t, last) for t in alike]
    return min(losses, key=len) if losses and all(losses) else []


def _lost(was: Talk, now: Talk) -> list[str]:
    """The fields of `_KEPT` that `was` gives and `now` lacks, or gives the beginning of."""
    lost = []
    for name in _KEPT:
        if name == "speakers":
            mine, theirs = [s.name for s in now.speakers], [s.name for s in was.speakers]
            cut = bool(mine) and any(_begins(mine[-1], n) for n in theirs)
            if theirs and (not mine or speaker_keys(now) < speaker_keys(was) or cut):
                lost.append(name)
            continue
        given, kept = getattr(was, name), getattr(now, name)
        if given and (not kept or (isinstance(given, str) and _begins(kept, given))):
            lost.append(name)
    return lost


_FIELD_WORDS = {
    "speakers": "speaker",
    "room": "room",
    "track": "track",
    "abstract": "description",
    "start": "time",
    "end": "end time",
}


def _dropped(old: Sequence[Talk], new: Sequence[Talk]) -> tuple[str, int] | None:
    """The first field of `_KEPT` that at least MIN_LOST of the stored talks give and
    no talk of the new version gives (its column renamed, or left out of the
    export: every talk would lose it), with how many stored talks give it; None."""
    if not new:
        return None
    for name in _KEPT:
        given = sum(1 for t in old if getattr(t, name))
        if given >= MIN_LOST and not any(getattr(t, name) for t in new):
            return name, given
    return None


def _begins(part: str, whole: str) -> bool:
    """Whether `part` is the beginning of `whole` and no more, cut inside a word or
    after one ("Screen" of "Screen readers and Orca.")."""
    part, whole = part.strip(), whole.strip()
    return bool(part) and len(part) < len(whole) and whole.startswith(part)


def _lacking(old: Sequence[Talk], new: Sequence[Talk]) -> list[str]:
    """The titles of `old` that `new` lacks, in `old`'s order."""
    have = _titles(new)
    return [t.title for t in old if title_key(t.title) not in have]


def _shown(titles: Sequence[str], most: int = 3) -> str:
    """Titles quoted, the first `most` of them ("" where none)."""
    more = f" and {len(titles) - most} more" if len(titles) > most else ""
    return ", ".join(repr(t[:60]) for t in titles[:most]) + more


def _removed(old: Sequence[Talk], new: Sequence[Talk]) -> int:
    """How many talks `new`, replacing `old`, would remove: as many as it has fewer,
    or as many titles of `old` as it lacks, whichever is more."""
    return max(len(old) - len(new), len(_titles(old) - _titles(new)))


def _ends(path: str) -> list[str]:
    """The ends of a path, shortest first: "a/b/c.xml" -> ["c.xml", "b/c.xml", "a/b/c.xml"]."""
    parts = [p for p in PurePath(path).parts if p not in ("/", "\\")]
    return ["/".join(parts[-n:]) for n in range(1, len(parts) + 1)] or [path]


def _distinct(path: str, taken: set[str], others: Sequence[str]) -> str:
    """The shortest end of `path` not in `taken` and not an end of any path in `others`."""
    theirs = {e for o in others for e in _ends(o)}
    ends = _ends(path)
    for end in ends:
        if end not in taken and end not in theirs:
            return end
    n = 2
    while f"{ends[-1]} ({n})" in taken:
        n += 1
    return f"{ends[-1]} ({n})"


def _conference(stored: Stored, doc: ParsedDocument) -> str | None:
    """The conference name a new version of `stored` takes: the stored one's, where
    `doc` states none of its own (talkbase named it after its file, "schedule (1)")
    and the stored talks name one conference; else None (its own names stay)."""
    if not doc.conference_from_file_name:
        return None
    names = {t.conference for t in stored.talks if t.conference}
    return names.pop() if len(names) == 1 else None


def _renamed(doc: ParsedDocument, name: str, conference: str | None = None) -> ParsedDocument:
    """`doc` stored as `name`, its talks of the conference `conference` where given."""
    if name == doc.name and (conference is None or doc.conferences == (conference,)):
        return doc
    talks = tuple(
        replace(
            t,
            sources=tuple(
                replace(s, document=name) if s.document == doc.name else s for s in t.sources
            ),
            conference=conference or t.conference,
        )
        for t in doc.talks
    )
    return replace(doc, name=name, talks=talks, warnings=_named_as(doc.warnings, doc.name, name))


def _named_as(warnings: Sequence[str], old: str, new: str) -> tuple[str, ...]:
    """Warnings that begin with the document's old name ("schedule.csv: names no time
    zone ...") begin with its new one ("b/schedule.csv: ..."), so that two documents of
    one file name are told apart; a warning of a type of its own keeps its text."""
    return tuple(
        new + w[len(old) :]
        if type(w) is str and w.startswith(old) and w[len(old) : len(old) + 1] in (":", " ", "")
        else w
        for w in warnings
    )


def _mine(s: Stored, doc: ParsedDocument) -> bool:
    return file_key(s.name) == file_key(doc.name)


def _cut(
    again: Stored, doc: ParsedDocument, shrink: bool, stored: str = "stored"
) -> InputError | None:
    """Why `doc`, a new version of `again`, is refused as cut short (see the module's
    last paragraph); None where it is not, or where `shrink` says the loss is meant.
    `stored`: how the version it would replace is held ("stored", "given")."""
    if shrink:
        return None
    lost = len(again.talks) - len(doc.talks)
    gone = _removed(again.talks, doc.talks)
    cut = doc.cut_short or (doc.ends_open and trails_off(again.talks, doc.talks))
    if cut and gone:
        said = cut.removeprefix(doc.name).lstrip(": ")
        return InputError(
            doc.path,
            f"{said}; it would remove {gone} of the {len(again.talks)} talks of "
            f"the version {stored} as {again.name}, so that version is kept (pass "
            "--shrink if the program really lost those talks)",
        )
    if cut and (taken := lessened(again.talks, doc.talks)):
        said = cut.removeprefix(doc.name).lstrip(": ")
        fields = " and ".join([", ".join(taken[:-1]), taken[-1]] if len(taken) > 1 else taken)
        return InputError(
            doc.path,
            f"{said}; its last talk {doc.talks[-1].title!r} would lose the {fields} that "
            f"the version {stored} as {again.name} gives it, so that version is kept (pass "
            "--shrink if the program really changed so)",
        )
    if doc.unreadable and gone:
        said = doc.unreadable.removeprefix(doc.name).lstrip(": ")
        titles = _shown(_lacking(again.talks, doc.talks))
        return InputError(
            doc.path,
            f"{said}; read without it, this version would remove {gone} of the "
            f"{len(again.talks)} talks of the version {stored} as {again.name}"
            f"{f' ({titles})' if titles else ''}, which that record may hold, so "
            "that version is kept (mend the record, or pass --shrink if the program "
            "really lost those talks)",
        )
    if gone and (page := _other_page(again, doc)):
        titles = _shown(_lacking(again.talks, doc.talks))
        return InputError(
            doc.path,
            f"{page}: read in its place, it would remove {gone} of its {len(again.talks)} "
            f"talks{f' ({titles})' if titles else ''}, so the version {stored} as "
            f"{again.name} is kept (save each page under a name of its own and ingest "
            "them together, or pass --shrink if the program really lost those talks)",
        )
    if dropped := _dropped(again.talks, doc.talks):
        name, given = dropped
        return InputError(
            doc.path,
            f"gives none of its {len(doc.talks)} talks a {_FIELD_WORDS[name]}, where "
            f"the version {stored} as {again.name} gives {given} of its {len(again.talks)} "
            f"talks one (a column or key renamed or left out?), so that version is kept; "
            f"name a table's column with --map {name}=COLUMN, or pass --shrink if the "
            "program really has none",
        )
    if lost >= MIN_LOST and len(doc.talks) < KEEP_SHARE * len(again.talks):
        return InputError(
            doc.path,
            f"holds {len(doc.talks)} talks where the version {stored} as "
            f"{again.name} holds {len(again.talks)}: it looks cut short (a "
            f"download or a save still in progress?), so the {stored} program "
            "is kept; pass --shrink if the program really lost those talks",
        )
    return None


def _other_page(again: Stored, doc: ParsedDocument) -> str:
    """Where `doc` is one page of a paginated list read alone (its warning says so:
    `ParsedDocument.page`, not joined with other pages) and holds another program
    than `again` (another page of the list saved over it), what a refusal says of the
    two pages; "" where it is not so."""
    page = doc.page
    if page is None or page not in doc.warnings or same_program(again.talks, doc.talks):
        return ""
    said = page.removeprefix(doc.name).lstrip(": ").split(";")[0]
    theirs = next(
        (
            w.removeprefix(again.name).lstrip(": ").split(";")[0]
            for w in again.warnings
            if page.listing and page.listing in w
        ),
        "",
    )
    return f"it {said}, and the version stored as {again.name} is another page of " + (
        f"that list (it {theirs})" if theirs else "a list, or another program"
    )


def _modified(doc: ParsedDocument) -> float:
    """When `doc`'s file was last written (0 where that cannot be told)."""
    try:
        return os.stat(doc.path).st_mtime
    except OSError:
        return 0.0


def one_per_program(
    parsed: Sequence[ParsedDocument], shrink: bool = False, spread: Mapping[str, int] | None = None
) -> Named:
    """The documents given in one command, those of one file name (`file_key`) that
    hold the same program (`same_program`: "schedule.csv" and its second download
    "schedule (1).csv") read as one, as two commands would read them: the one
    written last (by its file's time, then the command's order) is a new version of
    the others, replacing them unless it looks cut short beside one (`_cut`: that
    version is kept and it is refused). The one read is named after the file of the
    name without a copy's number where one of them has it, else the first's, and
    takes that one's conference where talkbase named its own after its file. One
    notice says it."""
    groups: list[list[int]] = []
    for i, doc in enumerate(parsed):
        group = next(
            (
                g
                for g in groups
                if _mine(_stored(parsed[g[0]]), doc)
                and not _same_path(parsed[g[0]].path, doc.path)
                and same_program(
                    parsed[g[0]].talks, doc.talks, spread, (parsed[g[0]].name, doc.name)
                )
            ),
            None,
        )
        if group is None:
            groups.append([i])
        else:
            group.append(i)
    out: dict[int, ParsedDocument] = {}
    notices: list[str] = []
    refused: list[InputError] = []
    for group in groups:
        first = parsed[group[0]]
        if len(group) == 1:
            out[group[0]] = first
            continue
        order = sorted(group, key=lambda n: (_modified(parsed[n]), n))
        kept = parsed[order[0]]
        for n in order[1:]:
            if (refusal := _cut(_stored(kept), parsed[n], shrink, "given")) is not None:
                refused.append(refusal)
            else:
                kept = parsed[n]
        named = next(
            (parsed[n] for n in group if file_key(parsed[n].name) == base_name(parsed[n].name)),
            first,
        )
        others = [parsed[n].path for n in group if parsed[n] is not kept]
        same = all(parsed[n].sha256 == kept.sha256 for n in group)
        notices.append(
            f"{kept.path}: "
            + ("the same file as " if same else "the newest version of the program in ")
            + f"{', '.join(others)}, given with it: read once, as {named.name}"
        )
        out[group[0]] = _renamed(kept, named.name, _conference(_stored(named), kept))
    return Named([out[n] for n in sorted(out)], notices, refused)


def _stored(doc: ParsedDocument) -> Stored:
    """A parsed document as a stored one, to compare another with it."""
    return Stored(doc.name, doc.path, doc.talks)


def name_documents(
    parsed: Sequence[ParsedDocument],
    stored: Mapping[str, Stored],
    shrink: bool = False,
    spread: Mapping[str, int] | None = None,
    replacing: bool = False,
) -> Named:
    """Each parsed document under the name of the stored document it is again, or under
    a name of its own; a new version that looks cut short goes to `refused` (unless
    `shrink`). `stored` holds every stored document whose file name (`file_key`) a parsed one has;
    `spread`, in how many conferences the knowledge base holds a title (by title key;
    titles held by one may be left out). A stored document is claimed by one parsed
    file at most: by path first, then by program. `replacing` (`ingest --replace`: the
    stored documents no parsed one claims are forgotten): a parsed document that is no
    stored one's new version keeps its own name, and nothing is said of those it is not."""
    copies = one_per_program(parsed, shrink, spread)
    parsed = copies.documents
    notices: list[str] = list(copies.notices)
    claimed: dict[int, Stored] = {}  # position in `parsed` -> the stored document it is
    free = dict(stored)
    for i, doc in enumerate(parsed):  # 1. by path
        s = next((s for s in free.values() if _same_path(s.path, doc.path) and _mine(s, doc)), None)
        if s is not None:
            claimed[i] = free.pop(s.name)
    for i, doc in enumerate(parsed):  # 2. by program: the one it resembles most
        if i in claimed:
            continue
        alike = [
            (resemblance(s.talks, doc.talks, spread), s.name)
            for s in free.values()
            if _mine(s, doc) and same_program(s.talks, doc.talks, spread, (s.name, doc.name))
        ]
        if alike:
            s = claimed[i] = free.pop(max(alike)[1])
            source = f"stored as {s.name}" if s.path == STDIN_PATH else f"read from {s.path}"
            notices.append(
                f"{doc.path}: a new version of the program {source} "
                "(most of its talks are the same): it replaces it"
            )
    out: list[ParsedDocument] = []
    refused: list[InputError] = []
    taken = {s.name for s in claimed.values()} if replacing else set(stored)
    for i, doc in enumerate(parsed):
        again = claimed.get(i)
        if again is not None:
            if (refusal := _cut(again, doc, shrink)) is not None:
                refused.append(refusal)
                continue
            out.append(_renamed(doc, again.name, _conference(again, doc)))
            continue
        peers = [_where(d) for j, d in enumerate(parsed) if j != i and d.name == doc.name]
        # stored under their folders' names ("a/schedule.csv"): a bare "schedule.csv"
        # beside them would not say which file it is
        peers += [t for t in sorted(taken) if t.endswith(f"/{doc.name}")]
        name = (
            doc.name
            if doc.name not in taken and not peers
            else _distinct(_where(doc), taken, peers)
        )
        mine = [] if replacing else [s for s in stored.values() if _mine(s, doc)]
        if mine:
            others = ", ".join(f"{s.name} (from {s.path})" for s in mine)
            moved = [
                (s.name, said) for s in mine if (said := other_days(s.talks, doc.talks, s.name))
            ]
            # (a program naming its own conference is another conference's, as it says)
            twice = [
                (s.name, said)
                for s in mine
                if doc.conference_from_file_name
                and (said := same_times(s.talks, doc.talks, s.name))
            ]
            notices.append(
                f"{doc.path}: another program than the stored {others}: kept beside it as {name}"
                + (
                    f" ({'; '.join(said for _, said in moved)}: each such talk is kept at both "
                    f"dates; if the program was moved, remove the old one: talkbase remove "
                    f"{moved[0][0]})"
                    if moved
                    else ""
                )
                + (
                    f" ({'; '.join(said for _, said in twice)}: each such talk is listed in both "
                    f"conferences; if this is a new version of {twice[0][0]}, remove that "
                    f"first: talkbase remove {twice[0][0]})"
                    if twice
                    else ""
                )
            )
        taken.add(name)
        own = name != doc.name and doc.conference_from_file_name
        out.append(_renamed(doc, name, str(PurePath(name).with_suffix("")) if own else None))
    return Named(out, notices, copies.refused + refused)

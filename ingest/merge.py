"""One talk per talk: join the records several documents give for the same talk.

Two records are one talk only when the evidence says so (`same_talk`):

- never two records of one document, nor of two conferences;
- never when they contradict each other (`contradict`): starts more than
  TIME_SLACK minutes apart (so: two days), or other speakers at another start
  or in another room;
- the same source uid in one conference, with a matching title key, both
  times known, or a shared speaker;
- the same title key (case, accents, dashes, punctuation ignored; "C++" and
  "C#" kept apart), unless the title names no one talk (`generic_title`: "",
  one letter, "Lunch", "Lightning talks", "Welcome"): such a title needs both
  times known (and no other room, and no other speakers: two tracks' files each
  with a "Panel discussion" at 16:00 of its own panellists are two panels) or a
  shared speaker;
- a nearly equal title (FUZZY_TITLE) with a shared speaker surname;
- one title the other's with its session format after it ("Graph databases in
  practice (Workshop)": `format_added`), a shared speaker surname, and one slot
  (`one_slot`: both timed, at one start or in overlapping spans, no other room; a
  talk 10:00-10:30 and the workshop 10:30-12:00 after it are two, and so are two
  untimed pages' "Intro to Go" and "Intro to Go (Workshop)"); the merged talk keeps
  that format;
- one title the other's, a dash and one of the other's speakers ("Scaling Kafka
  consumers - Jonas Weber", a calendar's, beside a table's "Scaling Kafka
  consumers" by Jonas Weber: `named_after`), in one slot (`one_slot`); the merged
  talk takes the title without the name, the other kept as a conflict.

A record without a time is compatible with any time: a digest without times
joins the schedule that has them. A talk moved is one talk too (`Moves`): the same
specific title with a shared speaker in two documents of one conference, each
document listing it once, both on one day (a later sheet that moves it from 11:00
to 16:00); a talk one document lists twice is two showings, and so is a talk two
documents put on two days (day1.csv and day2.csv, or two tracks' sheets of the same
days): losing a showing is worse than a duplicate. Two documents of one conference
giving one stable id (`stable_uid`: a guid, an iCal UID, a pretalx code) with its
title or a speaker agreeing give one talk, whatever its time (a re-download of a
newer version; a renamed talk keeps its speaker); an id reused for a talk of
another title and other speakers ("talk-01" in each day's file) joins nothing, and
an id of digits or a short code may number one document's rows, so it joins
nothing alone; but one uid that one document gives a higher revision count
(`revises`: iCal's SEQUENCE, both stating one) is one talk in the two, however short
the uid and whatever else changed (renamed, moved, its speaker replaced), where the
two documents demonstrably share one numbering (`one_numbering`: a uid both give at
one SEQUENCE is the same talk, none another; files numbering "1", "2" per room or per
day do not). A record joins a
merged talk when it is the same talk as one of its records and contradicts none.

Where documents disagree, the merged talk keeps every value with its document as a
`Conflict` (its abstract too: an English and a German version of one program);
times are compared as instants (09:00Z is 10:00+01:00), and a record naming no
speaker disagrees with none. Its values are first those of a record with a
time, in a zone the document names ("Europe/Copenhagen", the program's own clock)
rather than one its times were read in for want of one (the default's: `guessed`),
then in a named zone rather than in UTC or a bare offset (an iCal export's "Z"), then
with an abstract (`_priority`); but
first of all not a record that another document revises (`outdated`: the same uid
with a higher SEQUENCE in one numbering, or the same stable uid with a newer revision
stamp, iCal's SEQUENCE then LAST-MODIFIED or DTSTAMP): a
newer export of a calendar ingested beside the old one moves the talk, whatever the
two files are called; and the speakers only a record a higher SEQUENCE in one
numbering replaced names are no longer the talk's (`replaced`; the lists kept as a
conflict), never for a later stamp alone. After those rules, where the records of its
rank (as current, as timed) disagree on a time or room (`SCHEDULE`), the
value of the document ingested last wins (`_latest`; `ingested`: document -> the
number of the ingest that stored it): a corrected program given as a new file, or
replacing one, moves the talk whatever the files are called; documents of one ingest
are equally recent (the order above decides), and a value the latest agrees with is
kept as the first record gives it (the same instant in a zone a document names). A
later record whose times were read in a guessed zone is first read on the clock of the
zone an older record names (`_on_named_clock`: its clock time kept; with no such zone,
as against a UTC export, it overrules no time: `Priority.overrules`); a later room
counts only where the two documents share a room's name (`_one_vocabulary`: a
translated program's "Saal A" is no move from "Hall A"). A
later start takes the end that goes with it, never an older time's end.
Every record's text is NFC-normalised first (`ingest.text.nfc_talk`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from difflib import SequenceMatcher
from typing import NamedTuple
from zoneinfo import ZoneInfo

from ingest.language import guess as guess_language
from ingest.text import generic_title, name_key, nfc_talk, org_key, same_org, title_key, weak_title
from ingest.when import instant, named_zone, on_the_clock, wall_clock
from talkbase.core.names import surname_words, untitled
from talkbase.core.records import Conflict, Speaker, Talk
from talkbase.core.terms import FORMAT_NAMES, format_suffix

FUZZY_TITLE = 0.92
STABLE_UID = 5  # characters, one a letter at least: shorter ids may number rows
TIME_SLACK = 30  # minutes: two starts further apart are two talks
# the fields the document ingested last decides where documents disagree (`_latest`):
# a title, track or format may differ as two languages' versions of one program do
SCHEDULE = ("start", "end", "room")


def _surnames(talk: Talk) -> set[str]:
    return {n for n in (surname(s.name) for s in talk.speakers) if n}


def minutes_apart(a: datetime | None, b: datetime | None) -> float | None:
    """How far apart two starts are (None when either is unknown)."""
    if a is None or b is None:
        return None
    a, b = _comparable(a, b)
    return abs((a - b).total_seconds()) / 60


def _comparable(a: datetime, b: datetime) -> tuple[datetime, datetime]:
    """Two times as they compare: by their clocks where one of them is floating."""
    if (a.tzinfo is None) != (b.tzinfo is None):
        return a.replace(tzinfo=None), b.replace(tzinfo=None)
    return a, b


def _other_rooms(a: Talk, b: Talk) -> bool:
    ra, rb = title_key(a.room or ""), title_key(b.room or "")
    return bool(ra and rb and ra not in rb and rb not in ra)


def contradict(a: Talk, b: Talk) -> bool:
    """The two records cannot be one talk: their starts are more than TIME_SLACK
    minutes apart (two days, or two slots of one day), their days differ (one of
    them given a day but no time), or they have other
    speakers (both lists non-empty, no surname shared) at another start or in
    another room. A record without a time, room or speakers contradicts nothing."""
    apart = minutes_apart(a.start, b.start)
    if apart is not None and apart > TIME_SLACK:
        return True
    if apart is None and a.day and b.day and a.day != b.day:
        return True  # a talk the program puts on a day at no time said, and another day
    sa, sb = _surnames(a), _surnames(b)
    others = bool(sa and sb and not sa & sb)
    return others and ((apart is not None and apart > 0) or _other_rooms(a, b))


def same_talk(a: Talk, b: Talk, conference: dict[str, str] | None = None) -> bool:
    """Same talk, on the evidence (see the module's docstring): not from one
    document, of one conference, not contradicting each other, and the same uid,
    the same specific title, a generic title at one time or with one speaker,
    a nearly equal title with a shared speaker, the title with one of the other's
    speakers after a dash in one slot (`named_after`, `one_slot`), or the title
    with its session format after it, a shared speaker and one slot
    (`format_added`, `one_slot`: never for an untimed record, nor for two slots
    back to back)."""
    if a.sources and b.sources and a.sources[0].document == b.sources[0].document:
        return False
    if conference is not None and a.conference and b.conference:
        if conference.get(a.conference, a.conference) != conference.get(b.conference, b.conference):
            return False  # two "Opening Keynote"s of two conferences
    if contradict(a, b):
        return False
    ka, kb = title_key(a.title), title_key(b.title)
    timed = minutes_apart(a.start, b.start) is not None
    shared = bool(_surnames(a) & _surnames(b))
    if a.uid and a.uid == b.uid and (ka == kb or timed or shared):
        return True
    if ka == kb:
        if not generic_title(ka):
            return True
        others = bool(_surnames(a) and _surnames(b)) and not shared
        return (timed and not _other_rooms(a, b) and not others) or shared
    if (named_after(a, b) or named_after(b, a)) and one_slot(a, b):
        return True  # "Scaling Kafka consumers - Jonas Weber" and his "Scaling Kafka consumers"
    if not shared or weak_title(ka) or weak_title(kb):
        return False
    if titles_close(ka, kb):
        return True
    return bool(format_added(a.title, b.title)) and one_slot(a, b)


def one_slot(a: Talk, b: Talk) -> bool:
    """Both records are timed, at one start or in time spans that overlap (a talk
    10:00-10:30 and a workshop 10:30-12:00 do not), and in no other rooms."""
    if a.start is None or b.start is None or _other_rooms(a, b):
        return False
    if minutes_apart(a.start, b.start) == 0:
        return True
    if a.end is None or b.end is None:
        return False
    return _before(a.start, b.end) and _before(b.start, a.end)


def _before(a: datetime, b: datetime) -> bool:
    """`a` is earlier than `b` (a floating time compared by its clock)."""
    a, b = _comparable(a, b)
    return a < b


# a dash between blanks: what separates a calendar's title from the speaker after it
_DASH = re.compile(r"\s[-\u2013\u2014]\s")


def _dashed(title: str) -> tuple[str, str] | None:
    """(the title before its last dash between blanks, the text after it), or None."""
    seps = list(_DASH.finditer(title))
    if not seps:
        return None
    return title[: seps[-1].start()].strip(), title[seps[-1].end() :].strip()


def named_keys(talk: Talk) -> set[str]:
    """The title keys of the records this one may be `named_after` or named by: its
    title with one of its speakers after a dash, and its title before its last dash.
    What an incremental build looks a talk's stored partners up by."""
    said = _dashed(talk.title)
    out = {title_key(f"{talk.title} - {s.name}") for s in talk.speakers}
    return (out | ({title_key(said[0])} if said else set())) - {""}


def named_after(a: Talk, b: Talk) -> bool:
    """`a`'s title is `b`'s title, a dash and one of `b`'s speakers
    ("Scaling Kafka consumers - Jonas Weber" beside "Scaling Kafka consumers" by Jonas
    Weber: a calendar that writes its speaker after the title, `_person` compared)."""
    said = _dashed(a.title)
    if said is None or not b.speakers or not (key := title_key(b.title)):
        return False
    return title_key(said[0]) == key and _person(said[1]) in {_person(s.name) for s in b.speakers}


def format_added(a: str, b: str) -> str | None:
    """The session format one title adds to the other, where it is the other's specific
    title with its format after it ("Graph databases in practice (Workshop)" and
    "Graph databases in practice": "Workshop"; `terms.format_suffix`); None otherwise
    ("Intro (Part 1)" and "Intro (Part 2)", or a generic title: "Lunch (Talk)")."""
    for said, bare in ((a, b), (b, a)):
        if (found := format_suffix(said)) and not generic_title(key := title_key(bare)):
            if title_key(found[0]) == key:
                return found[1]
    return None


# the title keys of the session formats' names ("workshop", "lightning talk", "taller")
_FORMAT_KEYS = frozenset(k for k in (title_key(n) for n in FORMAT_NAMES) if k)


def format_keys(key: str) -> set[str]:
    """The title keys a title of this key may have with its format after it, or
    without it (`format_added`): "graph databases workshop" for "graph databases",
    and back. What an incremental build looks a talk's stored partners up by."""
    out = {f"{key} {f}" for f in _FORMAT_KEYS}
    out |= {key[: -len(f) - 1] for f in _FORMAT_KEYS if key.endswith(f" {f}")}
    return {k for k in out if k and not generic_title(k)}


def _document(talk: Talk) -> str | None:
    return talk.sources[0].document if talk.sources else None


def stable_uid(uid: str | None) -> bool:
    """An id a program's own system gave the talk, the same in each of its exports:
    a guid, an iCal UID ("osd24-QWE123@pretalx.example"), a pretalx code ("QWE123").
    Digits alone ("12") or a short code ("T1") may number one document's rows: two
    documents' "12"s may be two talks."""
    return bool(uid and len(uid) >= STABLE_UID and re.search(r"[^\W\d_]", uid))


def _one_day(a: datetime, b: datetime) -> bool:
    """Both starts on one day, on the first's clock where both have a zone."""
    if a.tzinfo is not None and b.tzinfo is not None:
        b = b.astimezone(a.tzinfo)
    return a.date() == b.date()


@dataclass(frozen=True)
class Moves:
    """What the documents of one merge say of a talk moved from one time to
    another (see the module's docstring): how many times each document lists
    each title in each conference."""

    listed: Counter[tuple[str, str, str]]  # (document, conference, title key) -> times
    conference: dict[str, str]  # conference name -> its canonical name
    # pairs of documents that demonstrably number their events alike (`one_numbering`)
    numbering: frozenset[frozenset[str]] = frozenset()

    @classmethod
    def of(cls, talks: Sequence[Talk], conference: dict[str, str]) -> Moves:
        listed: Counter[tuple[str, str, str]] = Counter()
        for t in talks:
            if (doc := _document(t)) is not None:
                listed[(doc, conference.get(t.conference, t.conference), title_key(t.title))] += 1
        return cls(listed, conference, one_numbering(talks, conference))

    def revises(self, newer: Talk, older: Talk) -> bool:
        """`newer` `revises` `older` in two documents that share one numbering."""
        return revises(newer, older) and self.shared(newer, older)

    def shared(self, a: Talk, b: Talk) -> bool:
        da, db = _document(a), _document(b)
        return bool(da and db and frozenset((da, db)) in self.numbering)

    def moved(self, a: Talk, b: Talk) -> bool:
        """`a` and `b` are one talk that two documents put at two times: one uid
        that one of them revises (`revises`; a document's uids are its own, a second
        showing's suffixed "#2": `ingest.when.unique_uid`); one stable id with its
        title or a speaker; or, on one day, one specific title with a shared speaker
        listed once by each."""
        da, db = _document(a), _document(b)
        conf = self.conference.get(a.conference, a.conference)
        if not (da and db and da != db and conf):
            return False
        if conf != self.conference.get(b.conference, b.conference):
            return False
        if self.revises(a, b) or self.revises(b, a):
            return True  # a later revision of the event: renamed, moved, its speaker replaced
        key = title_key(a.title)
        shared = bool(_surnames(a) & _surnames(b))
        if a.uid == b.uid and stable_uid(a.uid) and (key == title_key(b.title) or shared):
            return True  # a renamed talk keeps its id and its speaker; a reused row id neither
        return bool(
            a.start is not None
            and b.start is not None
            and _one_day(a.start, b.start)
            and key == title_key(b.title)
            and not generic_title(key)
            and shared
            and self.listed[(da, conf, key)] == 1
            and self.listed[(db, conf, key)] == 1
        )


def titles_close(ka: str, kb: str) -> bool:
    """Two title keys nearly equal (for records sharing a speaker)."""
    m = SequenceMatcher(None, ka, kb)  # the quick ratios are upper bounds: cheap rejections
    return (
        m.real_quick_ratio() >= FUZZY_TITLE
        and m.quick_ratio() >= FUZZY_TITLE
        and m.ratio() >= FUZZY_TITLE
    )


def surname(name: str) -> str:
    """A name's surname, its particles kept ("di vita" of "Luca Di Vita"; the rule is
    talkbase.core.names'), in key form: what fuzzy title matches must share."""
    return " ".join(surname_words(name_key(name).split()))


def canonical_conferences(names: Iterable[str]) -> dict[str, str]:
    """Map each conference name to the fullest name of the same event.

    "PyTorch Conference 2026" and "PyTorch Conference North America 2026" are one
    event: the words of one are all in the other, the year included.
    """
    uniq = sorted({n for n in names if n}, key=len, reverse=True)
    out: dict[str, str] = {}
    for name in uniq:
        words = set(title_key(name).split())
        home = next(
            (
                big
                for big in uniq
                if len(big) >= len(name)
                and words <= set(title_key(big).split())
                and re.search(r"\d{4}", name)
                and out.get(big, big) == big
            ),
            name,
        )
        out[name] = home
    return out


def _revision(talk: Talk) -> tuple[int, str] | None:
    return talk.sources[0].revision if talk.sources else None


def _sequence(talk: Talk) -> int | None:
    return talk.sources[0].sequence if talk.sources else None


def revises(newer: Talk, older: Talk) -> bool:
    """`newer` says it is a later revision of the event `older` is: the same uid in two
    documents, both stating a SEQUENCE (a missing one is no 0 across two tools), the
    newer's higher. Alone it joins nothing: two files may number their events alike
    ("1", "2" per room or per day) for other talks; `Moves.revises` asks the documents
    to share one numbering too (`one_numbering`)."""
    theirs, mine = _sequence(newer), _sequence(older)
    return bool(
        newer.uid
        and newer.uid == older.uid
        and _document(newer) != _document(older)
        and theirs is not None
        and mine is not None
        and theirs > mine
    )


def one_numbering(
    talks: Sequence[Talk], conference: Mapping[str, str]
) -> frozenset[frozenset[str]]:
    """Pairs of documents whose uids demonstrably name the same events: of the uids
    both give (in one conference) at one stated SEQUENCE, at least one has the same
    title or a shared speaker in the two, and none another title and other speakers.
    Only there may a higher SEQUENCE join what else contradicts (`Moves.revises`)."""
    at: dict[tuple[str, str, int], dict[str, Talk]] = {}
    for t in talks:
        doc, seq = _document(t), _sequence(t)
        if doc and t.uid and seq is not None:
            conf = conference.get(t.conference, t.conference)
            at.setdefault((conf, t.uid, seq), {}).setdefault(doc, t)
    agree: set[frozenset[str]] = set()
    differ: set[frozenset[str]] = set()
    for same in at.values():
        docs = sorted(same)
        for i, da in enumerate(docs):
            for db in docs[i + 1 :]:
                a, b = same[da], same[db]
                alike = title_key(a.title) == title_key(b.title) or bool(
                    _surnames(a) & _surnames(b)
                )
                (agree if alike else differ).add(frozenset((da, db)))
    return frozenset(agree - differ)


def outdated(talk: Talk, others: Sequence[Talk], moves: Moves) -> bool:
    """Another document gives a newer revision of the same event: one that revises
    it in one numbering (`Moves.revises`: a higher SEQUENCE), or the same stable uid
    and a later revision stamp (`Source.revision`: iCal's SEQUENCE, then its
    LAST-MODIFIED or DTSTAMP), both documents keeping one."""
    if replaced(talk, others, moves):
        return True
    mine = _revision(talk)
    if mine is None or not stable_uid(talk.uid):
        return False
    return any(
        o.uid == talk.uid
        and _document(o) != _document(talk)
        and (theirs := _revision(o)) is not None
        and theirs > mine
        for o in others
    )


def replaced(talk: Talk, others: Sequence[Talk], moves: Moves) -> bool:
    """Another record revises `talk` in one numbering (`Moves.revises`): what the
    calendar changed since (its speakers) is no longer the talk's."""
    return any(moves.revises(o, talk) for o in others)


def zone_guessed(talk: Talk, guessed: Mapping[str, str]) -> bool:
    """The record's time is in the zone its document's times were read in for want of
    one it names (`guessed`: document -> that zone, the default's)."""
    zone = guessed.get(_document(talk) or "")
    return bool(zone and talk.start and getattr(talk.start.tzinfo, "key", None) == zone)


class Priority(NamedTuple):
    """A record's standing among the records of its talk (`_priority`; less is first)."""

    outdated: int  # another document revises it (`outdated`)
    untimed: int  # it gives no time
    guessed: int  # its time is in the zone its document's times were read in for want of one
    unnamed: int  # its time is in UTC or a bare offset, not a zone the tz database names
    undescribed: int  # it has no abstract

    def overrules(self, first: Priority, read_anew: bool) -> bool:
        """Whether a record of this standing may give its value in place of the `first`
        record's by the ingest order alone (`_latest`): as current a revision, as timed,
        and not a time in a zone guessed against one a document gives, unless it was read
        on the clock of the zone an older record names (`read_anew`: `_on_named_clock`;
        an export in UTC says no clock to read it on; True for a room, of no zone)."""
        return (self.outdated, self.untimed) == (first.outdated, first.untimed) and (
            not self.guessed or bool(first.guessed) or read_anew
        )


def _priority(
    talk: Talk, others: Sequence[Talk], guessed: Mapping[str, str], moves: Moves
) -> Priority:
    # A newer revision of the event (a later export of the calendar) says where it is
    # now; records with a schedule (times, room) speak for the program itself; in a
    # zone a document names more than in the default one a document's times were read
    # in; in the program's own zone more than a UTC export of it.
    return Priority(
        1 if outdated(talk, others, moves) else 0,
        0 if talk.start else 1,
        1 if zone_guessed(talk, guessed) else 0,
        0 if named_zone(talk.start) else 1,
        0 if talk.abstract else 1,
    )


def on_clock(talk: Talk, assumed: str, clock: ZoneInfo) -> Talk:
    """The talk's times in `clock` where they were read in the zone `assumed` (their
    wall clock times kept: `when.on_the_clock` reads them on a day the clocks change)."""
    if talk.start is None or getattr(talk.start.tzinfo, "key", None) != assumed:
        return talk
    start = wall_clock(talk.start.replace(tzinfo=None), clock)
    end = wall_clock(talk.end.replace(tzinfo=None), clock) if talk.end is not None else None
    start, end, _ = on_the_clock(start, end)
    return replace(talk, start=instant(start), end=instant(end) if end is not None else None)


def _on_named_clock(
    records: Sequence[Talk], guessed: Mapping[str, str], ingested: Mapping[str, int]
) -> dict[int, Talk]:
    """The records (by `id`) whose times to read on another clock before the ingest
    order compares them: one whose zone is guessed (`zone_guessed`), of a document
    ingested after that of a record whose time is in a zone a document names (the
    first such, in `records`' order), read on that zone's clock, its wall clock kept
    (`on_clock`: a CSV naming no zone after the conference's calendar in Berlin says
    Berlin's clock times, not the default's)."""
    named = next((r for r in records if named_zone(r.start) and not zone_guessed(r, guessed)), None)
    if named is None or named.start is None:
        return {}
    zone = getattr(named.start.tzinfo, "key", None)
    after = ingested.get(_document(named) or "", 0)
    if not isinstance(zone, str):
        return {}
    clock = ZoneInfo(zone)
    return {
        id(r): on_clock(r, guessed[_document(r) or ""], clock)
        for r in records
        if zone_guessed(r, guessed) and ingested.get(_document(r) or "", 0) > after
    }


def _disagree(values: Sequence[object]) -> bool:
    """The values differ: times as instants (minutes_apart), text by title key."""
    if all(isinstance(v, datetime) for v in values):
        return any(minutes_apart(a, b) for a in values for b in values)  # type: ignore[arg-type]
    return len({title_key(str(v)) for v in values}) > 1


def _speaker_text(speakers: Sequence[Speaker]) -> str:
    return "; ".join(s.label for s in speakers)


def _person(name: str) -> str:
    """A speaker's name as records of one talk are compared: its key, without the titles
    written before it (`names.untitled`: "Dr. Lena Fischer" is "lena fischer")."""
    return name_key(untitled(name))


def _merge_speakers(
    records: Sequence[Talk], moves: Moves
) -> tuple[tuple[Speaker, ...], list[Conflict]]:
    """Every record's speakers, each person once (`_person`: "Dr. Lena Fischer" in one,
    "Lena Fischer" in another is one person; with the affiliation any record
    gives), but none that only a record a newer revision replaced names (`replaced`: a
    higher SEQUENCE in one numbering, never a later stamp alone), unless no current
    record names any; every list that
    differs, and every other affiliation, kept as a `Conflict`."""
    merged: dict[str, Speaker] = {}
    seen_aff: dict[str, list[tuple[str, str]]] = {}
    names: dict[str, str] = {}  # (of a speaker only an outdated record names too)
    current = [r for r in records if r.speakers and not replaced(r, records, moves)]
    kept = {_person(s.name) for r in current or records for s in r.speakers}
    for rec in records:
        doc = rec.sources[0].document if rec.sources else "?"
        for sp in rec.speakers:
            key = _person(sp.name)
            names.setdefault(key, sp.name)
            if sp.affiliation:
                seen_aff.setdefault(key, []).append((doc, sp.affiliation))
            if key not in kept:
                continue
            old = merged.get(key)
            if old is None:
                merged[key] = sp
            elif sp.affiliation and (
                not old.affiliation
                or (
                    (org_key(old.affiliation) == org_key(sp.affiliation) or old.org == sp.org)
                    and len(sp.affiliation) > len(old.affiliation)
                )
            ):
                merged[key] = Speaker(old.name, sp.affiliation)
    conflicts: list[Conflict] = []
    lists = {
        rec.sources[0].document: rec.speakers for rec in records if rec.sources and rec.speakers
    }
    if len({frozenset(_person(s.name) for s in v) for v in lists.values()}) > 1:
        conflicts.append(
            Conflict("speakers", tuple((d, _speaker_text(v)) for d, v in lists.items()))
        )
    for key, values in seen_aff.items():
        if any(not same_org(values[0][1], a) for _, a in values[1:]):
            who = merged[key].name if key in merged else names[key]
            conflicts.append(Conflict(f"affiliation of {who}", tuple(dict.fromkeys(values))))
    return tuple(merged.values()), conflicts


def _merge_links(records: Sequence[Talk]) -> tuple[tuple[str, str], ...]:
    """Every record's links, each URL once with the first label it was given."""
    first: dict[str, str] = {}
    for rec in records:
        for label, url in rec.links:
            first.setdefault(url, label)
    return tuple((label, url) for url, label in first.items())


def _latest(
    present: Sequence[tuple[Talk, object]],
    rank: Mapping[int, Priority],
    ingested: Mapping[str, int],
    alike: Callable[[Talk, Talk], bool] | None = None,
    read_anew: Collection[int] | None = None,
) -> tuple[Talk, object]:
    """Of the records giving a field a value (in `_priority` order; `rank`: each one's,
    by `id`), the one whose value the talk keeps: the first, unless the values disagree
    and a document ingested later (`ingested`: document -> its ingest number, 0 when
    unknown) gives one in a record that `Priority.overrules` the first (`read_anew`, for
    a time: the ids of records whose times were read on a named zone's clock) and, where
    `alike` is given, of the first's kind (rooms named in one vocabulary): then the
    latest's value, as the first record giving it gives it (the same instant in a zone
    a document names rather than a guessed one)."""
    if len(present) < 2 or not _disagree([v for _, v in present]):
        return present[0]
    first = present[0][0]
    peers = [
        p
        for p in present
        if rank[id(p[0])].overrules(rank[id(first)], read_anew is None or id(p[0]) in read_anew)
        and (alike is None or alike(first, p[0]))
    ]
    _, value = max(peers, key=lambda p: ingested.get(_document(p[0]) or "", 0))
    return next(p for p in peers if not _disagree([p[1], value]))


def room_names(named: Iterable[tuple[str | None, str | None]]) -> dict[str, frozenset[str]]:
    """document -> the rooms it names (`named`: (document, room) of its records), by
    title key ("Hall A" is "hall a")."""
    rooms: dict[str, set[str]] = {}
    for doc, room in named:
        if doc is not None and room and (key := title_key(room)):
            rooms.setdefault(doc, set()).add(key)
    return {d: frozenset(r) for d, r in rooms.items()}


def _one_vocabulary(rooms: Mapping[str, frozenset[str]]) -> Callable[[Talk, Talk], bool]:
    """Whether two records' documents name rooms in one vocabulary: they share a room's
    name (`rooms`: document -> its rooms' names). An English and a German version of one
    program ("Hall A", "Saal A") share none: the later is no news of where a talk is."""

    def alike(a: Talk, b: Talk) -> bool:
        da, db = _document(a), _document(b)
        return da == db or bool(rooms.get(da or "", frozenset()) & rooms.get(db or "", frozenset()))

    return alike


def _merge_group(
    records: list[Talk],
    conference: dict[str, str],
    guessed: Mapping[str, str],
    moves: Moves,
    ingested: Mapping[str, int],
    rooms: Mapping[str, frozenset[str]],
) -> Talk:
    every = tuple(records)
    rank = {id(r): _priority(r, every, guessed, moves) for r in every}
    records = sorted(every, key=lambda r: rank[id(r)])
    first = records[0]
    if len(records) == 1:
        merged = first
        conflicts: list[Conflict] = []
    else:
        speakers, conflicts = _merge_speakers(records, moves)
        fields: dict[str, object] = {}
        later: Talk | None = None  # the record of a later document whose start is kept
        clocks = _on_named_clock(records, guessed, ingested)  # (guessed zones, read anew)

        def timed(r: Talk) -> Talk:
            return clocks.get(id(r), r)

        alike = _one_vocabulary(rooms)
        for name in ("title", "start", "end", "room", "track", "track_description", "format"):
            given = [(r, v) for r in records if (v := getattr(r, name)) not in (None, "")]
            present = [(r, getattr(timed(r), name)) for r, _ in given]
            if name == "end" and later is not None:  # the end that goes with that start
                at = timed(later).start
                present = [(r, v) for r, v in present if minutes_apart(timed(r).start, at) == 0]
            kept = (
                _latest(
                    present,
                    rank,
                    ingested if name in SCHEDULE else {},
                    alike if name == "room" else None,
                    clocks if name in ("start", "end") else None,
                )
                if present
                else None
            )
            fields[name] = kept[1] if kept else None
            if name == "start" and kept and kept[0] is not present[0][0]:
                later = kept[0]
            if _disagree([v for _, v in given]):
                conflicts.append(
                    Conflict(name, tuple((r.sources[0].document, str(v)) for r, v in given))
                )
        described = [(r.sources[0].document, r.abstract) for r in records if r.abstract]
        if _disagree([a for _, a in described]):  # (an English and a German version)
            conflicts.append(Conflict("abstract", tuple(described)))
        bare = next((o.title for r in records for o in records if named_after(r, o)), None)
        if bare is not None and fields["title"] != bare:
            fields["title"] = bare  # "Title - Speaker" beside "Title": the title without him
        if fields["format"] is None:  # "X (Workshop)" beside "X": one talk, a Workshop
            fields["format"] = next(
                (f for r in records for o in records if (f := format_added(r.title, o.title))),
                None,
            )
        start, end = fields["start"], fields["end"]
        if (
            isinstance(start, datetime)
            and isinstance(end, datetime)
            and start.tzinfo
            and end.tzinfo
        ):
            fields["end"] = end.astimezone(start.tzinfo)  # one clock: the start's zone
        notes: dict[str, str] = {}
        for r in records:
            if outdated(r, every, moves):
                continue  # an older revision's notes (a cancellation since lifted) say nothing now
            for label, text in r.notes:
                notes.setdefault(label, text)
        merged = replace(
            first,
            title=str(fields["title"]),
            speakers=speakers,
            start=fields["start"],  # type: ignore[arg-type]
            end=fields["end"],  # type: ignore[arg-type]
            room=fields["room"],  # type: ignore[arg-type]
            track=fields["track"],  # type: ignore[arg-type]
            track_description=fields["track_description"],  # type: ignore[arg-type]
            format=fields["format"],  # type: ignore[arg-type]
            abstract=next((r.abstract for r in records if r.abstract), ""),
            notes=tuple(notes.items()),
            abstract_only=any(r.abstract_only for r in records),
            sources=tuple(s for r in records for s in r.sources),
            language=next((r.language for r in records if r.language), None),
            links=_merge_links(records),
            venue=next((r.venue for r in records if r.venue), None),
            # the program day that goes with the start kept (a day change is frab's word)
            program_day=next(
                (
                    r.program_day
                    for r in records
                    if r.program_day and timed(r).start == fields["start"]
                ),
                None,
            ),
        )
    abstract = merged.abstract or (merged.note("What") or "")
    return replace(
        merged,
        abstract=abstract,
        language=merged.language or guess_language(merged.title, abstract),
        conference=conference.get(merged.conference, merged.conference),
        conflicts=tuple(conflicts),
    )


def merge_talks(talks: Iterable[Talk], guessed: Mapping[str, str] | None = None) -> list[Talk]:
    """Merge records of the same talk; keeps first-seen order."""
    return [talk for talk, _ in merge_grouped(talks, guessed)]


def merge_grouped(
    talks: Iterable[Talk],
    guessed: Mapping[str, str] | None = None,
    ingested: Mapping[str, int] | None = None,
    rooms: Mapping[str, frozenset[str]] | None = None,
) -> list[tuple[Talk, list[int]]]:
    """Each merged talk with the positions (in `talks`) of the records it joins;
    `guessed`: document -> the zone its times were read in for want of one it names;
    `ingested`: document -> the number of the ingest that stored it (`_latest`);
    `rooms`: document -> the rooms all its records name (`room_names`; by default those
    of `talks`: a build merging some of a document's records gives them all).

    Candidates are looked up by title key, by source uid and by speaker surname,
    so merging stays close to linear in the number of records. A record joins
    the first candidate it is the same talk as (`same_talk` with one of its
    records) and contradicts none of (`contradict`), or that holds the talk a
    document moved (`Moves`).
    """
    groups: list[list[Talk]] = []
    members: list[list[int]] = []
    docs: list[set[str]] = []
    by_key: dict[str, list[int]] = {}
    by_uid: dict[tuple[str, str], list[int]] = {}
    # by (conference, surname): a common surname across a million talks of many
    # conferences must not make every talk a candidate ("*": any conference)
    by_surname: dict[tuple[str, str], list[int]] = {}
    all_talks = [nfc_talk(t) for t in talks]
    conference = canonical_conferences(t.conference for t in all_talks)
    moves = Moves.of(all_talks, conference)
    vocabulary = room_names((_document(t), t.room) for t in all_talks) if rooms is None else rooms
    for position, talk in enumerate(all_talks):
        key = title_key(talk.title)
        surnames = _surnames(talk)
        conf = conference.get(talk.conference, talk.conference) if talk.conference else ""
        places = [(c, n) for n in sorted(surnames) for c in ((conf, "") if conf else ("*",))]
        uid_at = (conf, talk.uid) if talk.uid else None
        # "Title - Speaker" and "Title" by that speaker (`named_after`), either first
        named = sorted(named_keys(talk))
        candidates = list(
            dict.fromkeys(
                by_key.get(key, [])
                + [g for k in named for g in by_key.get(k, [])]
                + (by_uid.get(uid_at, []) if uid_at else [])
                + [g for p in places for g in by_surname.get(p, [])]
            )
        )
        doc = talk.sources[0].document if talk.sources else None
        home = next(
            (
                g
                for g in candidates
                if doc not in docs[g]
                and not any(contradict(m, talk) and not moves.moved(m, talk) for m in groups[g])
                and any(same_talk(m, talk, conference) or moves.moved(m, talk) for m in groups[g])
            ),
            None,
        )
        if home is None:
            home = len(groups)
            groups.append([])
            members.append([])
            docs.append(set())
        groups[home].append(talk)
        members[home].append(position)
        if doc is not None:
            docs[home].add(doc)
        if home not in by_key.setdefault(key, []):
            by_key[key].append(home)
        if uid_at and home not in by_uid.setdefault(uid_at, []):
            by_uid[uid_at].append(home)
        first = groups[home][0].conference
        group_conf = conference.get(first, first) if first else ""
        for n in surnames:
            for p in ((group_conf, n), ("*", n)):
                listed = by_surname.setdefault(p, [])
                if not listed or listed[-1] != home:  # a repeat is harmless, a scan is not
                    listed.append(home)
    return [
        (_merge_group(g, conference, guessed or {}, moves, ingested or {}, vocabulary), m)
        for g, m in zip(groups, members, strict=True)
    ]

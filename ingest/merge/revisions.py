"""Which record a newer revision of the event replaces: ids a program's own
system gave (`stable_uid`), a higher SEQUENCE in documents of one numbering (`revises`,
`one_numbering`, `replaced`), a later revision stamp (`outdated`); and a talk two documents
put at two times, still one talk (`Moves`)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from ingest.merge.people import _surnames
from ingest.text import generic_title, title_key
from talkbase.core.records import Talk

STABLE_UID = 5  # characters, one a letter at least: shorter ids may number rows


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

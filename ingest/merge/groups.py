"""The records of many documents grouped into talks (`merge_grouped`,
`merge_talks`): candidates looked up by title key, uid and speaker surname, a record joining
the first group it is the same talk as (`same`) or moved from (`revisions.Moves`), each group
merged into one talk (`combine`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ingest.merge.combine import _merge_group
from ingest.merge.people import _surnames
from ingest.merge.precedence import room_names
from ingest.merge.revisions import Moves, _document
from ingest.merge.same import canonical_conferences, contradict, same_talk
from ingest.merge.titles import named_keys
from ingest.text import nfc_talk, title_key
from talkbase.core.records import Talk
from talkbase.core.terms import format_labelled


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
        # "Panel: X" and "X" (`format_labelled_as`), either first: filed under both keys
        keys = [key, *([title_key(led[1])] if (led := format_labelled(talk.title)) else [])]
        candidates = list(
            dict.fromkeys(
                [g for k in keys for g in by_key.get(k, [])]
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
        for k in keys:
            if home not in by_key.setdefault(k, []):
                by_key[k].append(home)
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

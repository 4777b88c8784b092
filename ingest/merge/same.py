"""Which records are one talk (`same_talk`) and which cannot be (`contradict`), on
the evidence the package's docstring lists (ingest/merge/__init__.py): title keys, uids,
shared speakers, one slot; and which conference names are one event
(`canonical_conferences`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from difflib import SequenceMatcher

from ingest.merge.people import _surnames
from ingest.merge.titles import format_added, format_labelled_as, named_after
from ingest.text import generic_title, title_key, weak_title
from talkbase.core.records import Talk

FUZZY_TITLE = 0.92
TIME_SLACK = 30  # minutes: two starts further apart are two talks


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
    the same specific title (a label naming its format before one aside: "Panel: X"
    and "X", `format_labelled_as`), a generic title at one time or with one speaker,
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
    if ka != kb and format_labelled_as(a.title, b.title):
        ka = kb = min(ka, kb, key=len)  # "Panel: X" beside "X": one title, its label aside
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


def titles_close(ka: str, kb: str) -> bool:
    """Two title keys nearly equal (for records sharing a speaker)."""
    m = SequenceMatcher(None, ka, kb)  # the quick ratios are upper bounds: cheap rejections
    return (
        m.real_quick_ratio() >= FUZZY_TITLE
        and m.quick_ratio() >= FUZZY_TITLE
        and m.ratio() >= FUZZY_TITLE
    )


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

"""A person's agenda: the talks they saved and the ones they are not interested in.

Everything here is a pure function of talks and ids, so the app, the CLI and the
tests share one notion of what overlaps, what fits a free slot, how a day looks
on a timeline, and how an agenda travels in a share link.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from talkbase.core import present, timetable
from talkbase.core.present import spreadsheet_cell
from talkbase.core.records import Talk
from talkbase.core.timetable import overlap_minutes
from talkbase.core.when import LONGEST_TALK

# Query-parameter names of a share link, e.g. ?saved=15183178-20235778&skip=22513969
SAVED_PARAM = "saved"
SKIPPED_PARAM = "skip"
SEPARATOR = "-"  # unreserved in URLs, so links stay readable (no %2C)
MAX_IDS = 500  # a share link carrying more than this is not a person's agenda
# an id is 1-18 ASCII digits: "²".isdigit() is true but int("²") fails, and 5,000
# nines are no id (int() refuses strings that long)
_ID = re.compile(r"[0-9]{1,18}")


def parse_id(text: str | None) -> int | None:
    """A talk id from a person's text (URL, command line), None when it is not one."""
    text = (text or "").strip()
    return int(text) if _ID.fullmatch(text) else None


@dataclass(frozen=True)
class Agenda:
    """Saved talk ids in the order they were saved, and ids marked "not interested".

    A talk is never in both: saving a skipped talk un-skips it and vice versa.
    """

    saved: tuple[int, ...] = ()
    skipped: tuple[int, ...] = ()

    def save(self, talk_id: int) -> Agenda:
        saved = self.saved if talk_id in self.saved else (*self.saved, talk_id)
        return Agenda(saved, tuple(i for i in self.skipped if i != talk_id))

    def remove(self, talk_id: int) -> Agenda:
        return Agenda(tuple(i for i in self.saved if i != talk_id), self.skipped)

    def skip(self, talk_id: int) -> Agenda:
        skipped = self.skipped if talk_id in self.skipped else (*self.skipped, talk_id)
        return Agenda(tuple(i for i in self.saved if i != talk_id), skipped)

    def unskip(self, talk_id: int) -> Agenda:
        return Agenda(self.saved, tuple(i for i in self.skipped if i != talk_id))

    def keep_known(self, known: Collection[int]) -> Agenda:
        """The same agenda without ids the knowledge base does not hold."""
        return Agenda(
            tuple(i for i in self.saved if i in known), tuple(i for i in self.skipped if i in known)
        )

    def held_first(self, known: Collection[int]) -> Agenda:
        """The same agenda with at most `MAX_IDS` saved talks, the ones `known` holds
        kept first: ids the base lacks (a junk link, another program's) never push a
        person's real saved talks out."""
        return Agenda(held_first(self.saved, known), self.skipped)

    def __bool__(self) -> bool:
        return bool(self.saved or self.skipped)


def held_first(ids: Sequence[int], known: Collection[int]) -> tuple[int, ...]:
    """`ids` in their order, at most `MAX_IDS` of them, those `known` holds kept first."""
    held = [i for i in ids if i in known][:MAX_IDS]
    others = [i for i in ids if i not in known][: MAX_IDS - len(held)]
    keep = {*held, *others}
    return tuple(i for i in ids if i in keep)


def merge(first: Agenda, second: Agenda) -> Agenda:
    """Both agendas: `first`'s talks, then `second`'s; a talk saved in either is saved."""
    out = first
    for tid in second.saved:
        if tid not in out.skipped:
            out = out.save(tid)
    for tid in second.skipped:
        if tid not in out.saved:
            out = out.skip(tid)
    return out


# -- operations: what an action did, for an agenda kept elsewhere (the browser's) ----

# ("save", id), ("remove", id), ("skip", id), ("unskip", id), ("clear",),
# ("merge", saved ids, skipped ids), ("replace", saved ids, skipped ids); and for the
# saved talks as saved (`apply_seen`): ("seen", {id: SavedAs json}), ("ack", {…})
Op = tuple[Any, ...]


def ops_of(old: Agenda, new: Agenda) -> list[Op]:
    """The operations that turn `old` into `new`, for a copy that holds `old`'s talks
    and maybe others, which they leave as they are."""
    ops: list[Op] = [("remove", i) for i in old.saved if i not in new.saved + new.skipped]
    ops += [("unskip", i) for i in old.skipped if i not in new.skipped + new.saved]
    ops += [("save", i) for i in new.saved if i not in old.saved]
    ops += [("skip", i) for i in new.skipped if i not in old.skipped]
    return ops


def apply(agenda: Agenda, op: Op) -> Agenda:
    """One operation applied to an agenda, as `appviews.storage`'s page script applies
    it to the stored entry (an unknown one changes nothing)."""
    kind, *args = op
    if kind == "clear":
        return Agenda()
    if kind in ("merge", "replace") and len(args) == 2:
        saved = tuple(int(i) for i in args[0])
        other = Agenda(saved, tuple(i for i in map(int, args[1]) if i not in saved))
        return merge(agenda, other) if kind == "merge" else other
    steps = {"save": agenda.save, "remove": agenda.remove, "skip": agenda.skip}
    steps["unskip"] = agenda.unskip
    if kind in steps and len(args) == 1:
        return steps[kind](int(args[0]))
    return agenda


# -- as saved: what a saved talk was, to say what the program changed since ------

MAX_SAVED_TEXT = 500  # characters of a title or room kept (and compared) as saved
SEEN_OP = "seen"  # ("seen", {id: SavedAs.to_json()}): kept where none is yet
ACK_OP = "ack"  # ("ack", {id: SavedAs.to_json()}): kept in place of the one before


def _moment(value: object) -> datetime | None:
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def _day(value: object) -> date | None:
    if not isinstance(value, str) or len(value) > 20:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


@dataclass(frozen=True)
class SavedAs:
    """A saved talk as the program gave it when it was saved (the offline site keeps
    the same beside its ids, index/site/assets/site.js `snapshot`): its title, time,
    day, room and whether it was called off. Kept with the agenda in the browser
    (`appviews.storage`), never in a share link: an agenda saved before these were
    kept has none, and says no change for its talks until they are saved again."""

    title: str
    start: datetime | None = None
    end: datetime | None = None
    day: date | None = None
    room: str = ""
    cancelled: bool = False

    @classmethod
    def of(cls, t: Talk) -> SavedAs:
        return cls(
            t.title[:MAX_SAVED_TEXT],
            t.start,
            t.end,
            t.day,
            (t.room or "")[:MAX_SAVED_TEXT],
            t.cancelled,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"title": self.title}
        for name in ("start", "end", "day"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value.isoformat()
        if self.room:
            out["room"] = self.room
        if self.cancelled:
            out["off"] = True
        return out

    @classmethod
    def from_json(cls, raw: object) -> SavedAs | None:
        """One kept as `to_json` writes it (a field of another kind left out); None
        for anything else (never raises)."""
        if not isinstance(raw, dict):
            return None
        title, room = raw.get("title"), raw.get("room")
        if not isinstance(title, str) or len(title) > MAX_SAVED_TEXT:
            return None
        if not isinstance(room, str) or len(room) > MAX_SAVED_TEXT:
            room = ""  # (a field of the wrong kind is left out, as the page script does)
        return cls(
            title,
            _moment(raw.get("start")),
            _moment(raw.get("end")),
            _day(raw.get("day")),
            room,
            raw.get("off") is True,
        )


@dataclass(frozen=True)
class Change:
    """One thing the program changed of a saved talk since it was saved."""

    what: str  # "title", "time", "room", "status"
    was: str
    now: str

    def __str__(self) -> str:
        return f"{self.what} {self.was} → {self.now}"


CHANGED = "Changed since you saved it"  # as the offline site says it


def changes_said(found: Sequence[Change]) -> str:
    """ "Changed since you saved it: time Tue 20 Oct 09:00–09:25 → Tue 20 Oct
    14:00–14:25; room Kino 1 → Foyer." ("" when nothing changed)."""
    return f"{CHANGED}: {'; '.join(map(str, found))}." if found else ""


def _place(room: str) -> str:
    return room or "not given"


def changes(was: SavedAs | None, talk: Talk) -> tuple[Change, ...]:
    """What the program changed of `talk` since it was saved as `was` (none when the
    agenda kept no `was`: an agenda saved before, or a talk saved from a link)."""
    if was is None:
        return ()
    now = SavedAs.of(talk)
    out: list[Change] = []
    if was.title != now.title:
        out.append(Change("title", f"“{was.title}”", f"“{now.title}”"))
    if (was.start, was.end, was.day) != (now.start, now.end, now.day):
        out.append(Change("time", present.when(was), present.when(now)))
    if was.room != now.room:
        out.append(Change("room", _place(was.room), _place(now.room)))
    if was.cancelled != now.cancelled:
        on, off = "on the program", "cancelled"
        out.append(Change("status", *((on, off) if now.cancelled else (off, on))))
    return tuple(out)


def change_note(kept: Mapping[int, SavedAs], talk: Talk) -> str:
    """What the program changed of a saved `talk` since it was saved, said in one
    sentence (`changes_said`; "" when nothing changed or nothing was kept): the words
    every view that lists a saved talk says it with (its agenda card, the phone's day
    list, the printable page, search and Program cards, the Program's grid). `kept`:
    the saved talks as saved (`appviews.state.saved_as`)."""
    return changes_said(changes(kept.get(talk.id), talk))


def apply_seen(seen: Mapping[int, SavedAs], op: Op) -> dict[int, SavedAs]:
    """One operation applied to the kept `SavedAs` of saved talks, as the page script
    applies it to the stored entry (one that keeps none changes nothing; the ones of
    talks no longer saved are left out by the caller, `kept_for`)."""
    out = dict(seen)
    kind, *args = op
    if kind in (SEEN_OP, ACK_OP) and len(args) == 1 and isinstance(args[0], Mapping):
        for key, raw in args[0].items():
            got = SavedAs.from_json(raw)
            tid = parse_id(str(key))
            if got is not None and tid is not None and (kind == ACK_OP or tid not in out):
                out[tid] = got
    return out


def kept_for(seen: Mapping[int, SavedAs], agenda: Agenda) -> dict[int, SavedAs]:
    """The kept `SavedAs` of the agenda's saved talks only (a removed talk's goes)."""
    return {i: seen[i] for i in agenda.saved if i in seen}


# -- time arithmetic --------------------------------------------------------------


@dataclass(frozen=True)
class Overlap:
    first: int  # talk id that starts first (ties: smaller id)
    second: int
    minutes: int


def overlaps(talks: Iterable[Talk]) -> list[Overlap]:
    """Every pair of talks that run at the same time, in time order."""
    timed = sorted((t for t in talks if timetable.timed(t)), key=_order)
    out: list[Overlap] = []
    for i, a in enumerate(timed):
        for b in timed[i + 1 :]:
            assert a.end and b.start
            if b.start >= a.end:
                break  # sorted by start: nothing later can overlap `a`
            minutes = overlap_minutes(a, b)
            if minutes:
                out.append(Overlap(a.id, b.id, minutes))
    return out


# -- timeline ---------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    talk: Talk
    lane: int  # 0, 1, ...: overlapping talks get different lanes
    overlaps_with: tuple[int, ...]  # ids of saved talks running at the same time


@dataclass(frozen=True)
class Day:
    day: date
    slots: tuple[Slot, ...]  # in time order

    @property
    def lanes(self) -> int:
        return 1 + max((s.lane for s in self.slots), default=0)


@dataclass(frozen=True)
class Timeline:
    days: tuple[Day, ...]
    unscheduled: tuple[Talk, ...]  # saved talks the program gives no time for
    overlaps: tuple[Overlap, ...]


def timeline(talks: Iterable[Talk], nights: Mapping[int, date] = timetable.NO_NIGHTS) -> Timeline:
    """Saved talks laid out per day, overlapping talks on separate lanes; a night talk
    on the day whose night it is (`nights`: `timetable.program_day`)."""
    talks = list(talks)
    pairs = overlaps(talks)
    partners: dict[int, list[int]] = {}
    for p in pairs:
        partners.setdefault(p.first, []).append(p.second)
        partners.setdefault(p.second, []).append(p.first)
    by_day: dict[date, list[Talk]] = {}
    for t in sorted((t for t in talks if timetable.timed(t)), key=_order):
        day = timetable.program_day(t, nights)
        assert day
        by_day.setdefault(day, []).append(t)
    days = [Day(day, _laid(day_talks, partners)) for day, day_talks in sorted(by_day.items())]
    unscheduled = tuple(sorted((t for t in talks if not timetable.timed(t)), key=lambda t: t.title))
    return Timeline(tuple(days), unscheduled, tuple(pairs))


def _laid(talks: Sequence[Talk], partners: Mapping[int, Sequence[int]]) -> tuple[Slot, ...]:
    """Talks (timed, in time order) in lanes: each in the first lane free by its start."""
    lane_ends: list[datetime] = []
    slots = []
    for t in talks:
        assert t.start and t.end
        lane = next((i for i, end in enumerate(lane_ends) if end <= t.start), len(lane_ends))
        if lane == len(lane_ends):
            lane_ends.append(t.end)
        else:
            lane_ends[lane] = t.end
        slots.append(Slot(t, lane, tuple(sorted(partners.get(t.id, ())))))
    return tuple(slots)


def by_conference(day: Day) -> list[tuple[str, Day]]:
    """The day's saved talks per conference (the one whose talk starts first, first),
    each part laid out in lanes of its own, to be drawn on its conference's own clock:
    a 09:00 in Seoul and a 09:30 in Madrid are hours apart, never one axis. A talk's
    `overlaps_with` stays what it is: a clash is one in real time, across conferences."""
    parts: dict[str, list[Slot]] = {}
    for slot in day.slots:
        parts.setdefault(slot.talk.conference, []).append(slot)
    return [
        (
            name,
            Day(
                day.day, _laid([s.talk for s in slots], {s.talk.id: s.overlaps_with for s in slots})
            ),
        )
        for name, slots in parts.items()
    ]


LEAST_HOURS = 2  # the shortest axis a day of the agenda gets


def day_span(
    day: date, talks: Iterable[Talk], nights: Mapping[int, date] = timetable.NO_NIGHTS
) -> tuple[datetime, datetime]:
    """The time axis of one day of the agenda: from the hour the first of `talks` (the
    day's saved talks) starts to the hour after the last ends, at least LEAST_HOURS, so
    the first screen shows the first saved talk, not an empty morning (issue 39). The
    day's night talks (`nights`: `timetable.program_day`) are on it: past midnight the
    axis runs on to the hour after the last of them ends, so each is a box of its
    length (at most `LONGEST_TALK` from the axis' start)."""
    timed = [t for t in talks if timetable.timed(t) and timetable.program_day(t, nights) == day]
    if not timed:
        lo = datetime.combine(day, datetime.min.time()).replace(hour=9)
        return lo, lo + timedelta(hours=LEAST_HOURS)
    first = min(timed, key=lambda t: t.start)  # type: ignore[arg-type,return-value]
    assert first.start is not None
    lo = first.start.replace(minute=0, second=0, microsecond=0)
    hi = lo + timedelta(hours=LEAST_HOURS)
    for t in timed:
        assert t.end is not None
        end = t.end.astimezone(lo.tzinfo) if lo.tzinfo and t.end.tzinfo else t.end
        end_hour = end.replace(minute=0, second=0, microsecond=0)
        hi = max(hi, end_hour if end_hour == end else end_hour + timedelta(hours=1))
    return lo, min(hi, lo + LONGEST_TALK)


def now_line(day: date, now: datetime) -> datetime | None:
    """Where "now" sits on the day's axis, or None when that day is not today."""
    return now if now.date() == day else None


def _order(t: Talk) -> tuple[float, float, int]:
    # timestamps, not ISO strings: strings of two timezones do not sort by time
    return (t.start.timestamp() if t.start else 0.0, t.end.timestamp() if t.end else 0.0, t.id)


# -- share links ------------------------------------------------------------------


def encode_ids(ids: Sequence[int]) -> str:
    return SEPARATOR.join(str(i) for i in ids)


_ID_SEPARATORS = r"[\s,.;_~+-]+"  # between the ids of a share-link value


def decode_ids(text: str | None) -> tuple[int, ...]:
    """Ids from a share-link value; anything that is not a positive id is ignored."""
    out: list[int] = []
    for part in re.split(_ID_SEPARATORS, text or ""):
        if _ID.fullmatch(part) and int(part) > 0 and int(part) not in out:
            out.append(int(part))
        if len(out) >= MAX_IDS:
            break
    return tuple(out)


def to_query(agenda: Agenda) -> dict[str, str]:
    """The query parameters that carry `agenda` (empty parts are left out)."""
    out: dict[str, str] = {}
    if agenda.saved:
        out[SAVED_PARAM] = encode_ids(agenda.saved)
    if agenda.skipped:
        out[SKIPPED_PARAM] = encode_ids(agenda.skipped)
    return out


def not_ids(text: str | None) -> tuple[str, ...]:
    """The parts of a share-link value that `decode_ids` ignores: no positive talk id."""
    parts = re.split(_ID_SEPARATORS, text or "")
    return tuple(p for p in parts if p and not (_ID.fullmatch(p) and int(p) > 0))


def from_query(params: Mapping[str, str | Sequence[str]]) -> Agenda:
    """The agenda a share link carries; tolerant of junk, repeats and missing parts."""

    def values(name: str) -> str:
        raw = params.get(name, "")
        return raw if isinstance(raw, str) else SEPARATOR.join(raw)

    saved = decode_ids(values(SAVED_PARAM))
    skipped = tuple(i for i in decode_ids(values(SKIPPED_PARAM)) if i not in saved)
    return Agenda(saved, skipped)


# -- CSV export -------------------------------------------------------------------

CSV_COLUMNS = (
    "day",
    "start",
    "end",
    "timezone",
    "title",
    "speakers",
    "room",
    "track",
    "conference",
    "overlaps_with",
    "talk_id",
    "program_day",
    "cancelled",  # the column (and its True/False) of `talkbase export --format csv`
)


def to_csv(talks: Iterable[Talk]) -> str:
    """The agenda as CSV, in time order (talks without a time last)."""
    talks = sorted(talks, key=lambda t: (0 if timetable.timed(t) else 1, _order(t), t.title))
    titles = {t.id: t.title for t in talks}
    partners: dict[int, list[int]] = {}
    for p in overlaps(talks):
        partners.setdefault(p.first, []).append(p.second)
        partners.setdefault(p.second, []).append(p.first)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for t in talks:
        writer.writerow(
            [
                t.calendar_day.isoformat() if t.calendar_day else "",  # (with start: when)
                t.start.strftime("%H:%M") if t.start else "",
                t.end.strftime("%H:%M") if t.end else "",
                str(t.start.tzinfo) if t.start and t.start.tzinfo else "",
                spreadsheet_cell(t.title),
                spreadsheet_cell("; ".join(s.label for s in t.speakers)),
                spreadsheet_cell(t.room or ""),
                spreadsheet_cell(t.track or ""),
                spreadsheet_cell(t.conference),
                spreadsheet_cell("; ".join(titles[i] for i in partners.get(t.id, ()))),
                t.id,
                # the program's day, where it lists a talk after midnight under the day before
                t.day.isoformat() if t.day and t.day != t.calendar_day else "",
                t.cancelled,
            ]
        )
    return buf.getvalue()

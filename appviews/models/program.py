"""The program at a glance: day x time-slot x room grids, track and organization
overviews, and a 2-D topic map of the talk embeddings with readable topic labels.

Pure functions of talks (and, for the map, their vectors); the app draws them.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

import numpy as np

from appviews.models import people
from talkbase.core.records import Talk
from talkbase.core.timetable import NO_NIGHTS, program_day
from talkbase.core.when import LONGEST_TALK

NO_ROOM = "(room not given)"


@dataclass(frozen=True)
class DayGrid:
    """One day of the program: rows are start times, columns rooms."""

    day: date
    slots: tuple[str, ...]  # "HH:MM" start times, in order
    rooms: tuple[str, ...]  # busiest room first
    cells: tuple[tuple[str, str, tuple[int, ...]], ...]  # (slot, room, talk ids)

    def at(self, slot: str, room: str) -> tuple[int, ...]:
        for s, r, ids in self.cells:
            if s == slot and r == room:
                return ids
        return ()


def grids(talks: Iterable[Talk], nights: Mapping[int, date] = NO_NIGHTS) -> list[DayGrid]:
    """A grid per day for the talks that have a time (see `unscheduled`), a night talk
    on the day whose night it is (`timetable.program_day`)."""
    by_day: dict[date, list[Talk]] = {}
    for t in talks:
        day = program_day(t, nights)
        if t.start and day:
            by_day.setdefault(day, []).append(t)
    out = []
    for day, day_talks in sorted(by_day.items()):
        day_talks.sort(key=lambda t: (t.start, t.room or "", t.title))
        rooms = Counter(t.room or NO_ROOM for t in day_talks)
        cells: dict[tuple[str, str], list[int]] = {}
        for t in day_talks:
            assert t.start
            cells.setdefault((f"{t.start:%H:%M}", t.room or NO_ROOM), []).append(t.id)
        # slots in time order: a talk after midnight on its program day comes last
        slots = tuple(dict.fromkeys(s for s, _ in cells))
        place = {s: i for i, s in enumerate(slots)}
        out.append(
            DayGrid(
                day=day,
                slots=slots,
                rooms=tuple(sorted(rooms, key=lambda r: (-rooms[r], r.casefold()))),
                cells=tuple(
                    (s, r, tuple(ids))
                    for (s, r), ids in sorted(
                        cells.items(), key=lambda c: (place[c[0][0]], c[0][1])
                    )
                ),
            )
        )
    return out


def room_order(talks: Iterable[Talk]) -> tuple[str, ...]:
    """Every room of the program in one stable order for all days: natural order of
    the names ("Room 2" before "Room 10"), the room not given last."""
    rooms = {t.room or NO_ROOM for t in talks}
    return tuple(sorted(rooms, key=lambda r: (r == NO_ROOM, _natural(r))))


def _natural(text: str) -> tuple[tuple[int, int | str], ...]:
    return tuple(
        (0, int(p)) if p.isascii() and p.isdigit() else (1, p.casefold())
        for p in re.findall(r"\d+|\D+", text)
    )


@dataclass(frozen=True)
class Block:
    """One box of the time grid: a room's talk (or talks sharing the time)."""

    room: str
    talks: tuple[int, ...]
    start: datetime
    end: datetime
    row: int  # first row (0-based)
    rows: int  # rows it spans: its duration

    @property
    def minutes(self) -> int:
        return int((self.end - self.start).total_seconds() // 60)


@dataclass(frozen=True)
class TimeGrid:
    """One day as a true time grid: rows of `step` minutes from `start`, a column per
    room, each talk a block spanning its duration."""

    day: date
    start: datetime
    step: int  # minutes per row
    rows: int
    rooms: tuple[str, ...]
    blocks: tuple[Block, ...]

    def time_at(self, row: int) -> datetime:
        return self.start + timedelta(minutes=self.step * row)


def time_grid(
    talks: Iterable[Talk],
    day: date,
    rooms: Sequence[str] | None = None,
    default_minutes: int = 30,
    nights: Mapping[int, date] = NO_NIGHTS,
) -> TimeGrid | None:
    """The time grid of `day` (None when no talk that day has a time): its talks, and
    the night talks whose night it is (`nights`: `timetable.program_day`), after its
    evening, as the day filter finds them. A talk without
    an end lasts `default_minutes`, and so does one whose end is more than a day after its
    start (ingest drops such ends; an older base may still hold one), so the grid never
    spans more than two days of rows; talks overlapping in one room share a block."""
    talks = list(talks)
    order = tuple(rooms) if rooms is not None else room_order(talks)
    today = [
        t
        for t in talks
        if t.start and program_day(t, nights) == day and (t.room or NO_ROOM) in order
    ]
    if not today:
        return None

    def end_of(t: Talk) -> datetime:
        assert t.start
        if t.end and t.start < t.end <= t.start + LONGEST_TALK:
            return t.end
        return t.start + timedelta(minutes=default_minutes)

    first = min(t.start for t in today if t.start)
    origin = first.replace(minute=0, second=0, microsecond=0)
    offsets = [
        int((x - origin).total_seconds() // 60)
        for t in today
        if t.start
        for x in (t.start, end_of(t))
    ]
    step = math.gcd(*offsets) if any(offsets) else 30
    step = min(30, max(5, step - step % 5 if step >= 5 else 5))
    last = max(end_of(t) for t in today)
    rows = max(1, -(-int((last - origin).total_seconds() // 60) // step))
    blocks: list[Block] = []
    for room in order:
        mine = sorted(
            (t for t in today if (t.room or NO_ROOM) == room), key=lambda t: (t.start, t.title)
        )
        groups: list[tuple[list[int], datetime, datetime]] = []
        for t in mine:
            assert t.start
            if groups and t.start < groups[-1][2]:  # overlaps the previous block
                groups[-1][0].append(t.id)
                groups[-1] = (groups[-1][0], groups[-1][1], max(groups[-1][2], end_of(t)))
            else:
                groups.append(([t.id], t.start, end_of(t)))
        for ids, lo, hi in groups:
            row = int((lo - origin).total_seconds() // 60) // step
            end_row = -(-int((hi - origin).total_seconds() // 60) // step)
            blocks.append(Block(room, tuple(ids), lo, hi, row, max(1, end_row - row)))
    used = tuple(r for r in order if any(b.room == r for b in blocks))
    return TimeGrid(day, origin, step, rows, used, tuple(blocks))


def program_days(talks: Iterable[Talk], nights: Mapping[int, date] = NO_NIGHTS) -> list[date]:
    """The days the program has talks on, in order: a night talk's is the day whose
    night it is (`nights`: `timetable.program_day`)."""
    return sorted({d for t in talks if (d := program_day(t, nights))})


def days_by_conference(
    talks: Iterable[Talk], nights: Mapping[int, date] = NO_NIGHTS
) -> dict[str, frozenset[str]]:
    """Each conference's program days ("2024-02-03", as `program_days` files them), by
    its name ("" for talks that name none): what a link's date names."""
    out: dict[str, set[str]] = {}
    for t in talks:
        day = program_day(t, nights)
        out.setdefault(t.conference or "", set()).update([day.isoformat()] if day else ())
    return {c: frozenset(d) for c, d in out.items()}


def day_clock(
    talks: Iterable[Talk], day: date, hm: str, nights: Mapping[int, date] = NO_NIGHTS
) -> str:
    """Clock time `hm` ("00:15") of program day `day` as the program counts its days
    (the Program grid's rule: a night's talks are the day's whose night it is,
    `program_day`): a time before the day's first talk that its night still reaches
    after midnight is that night's, "24:15" (Friday's talks 22:00 to 02:15: 00:15 on
    Friday is Friday night's, not the morning before); any other time is `hm` itself."""
    hh, mm = (int(x) for x in hm.split(":"))
    mine = [t for t in talks if t.start and program_day(t, nights) == day]
    if hh >= 24 or not mine:
        return hm
    first = min(_wall(t.start) for t in mine if t.start)
    last = max(_wall(t.end if t.end and t.end > t.start else t.start) for t in mine if t.start)
    at = datetime.combine(day, time(hh, mm))
    night = at + timedelta(days=1)
    return f"{hh + 24:02d}:{mm:02d}" if at < first and night <= last else hm


def _wall(moment: datetime) -> datetime:
    """A moment as the clock of its own zone shows it (no zone attached)."""
    return moment.replace(tzinfo=None)


@dataclass(frozen=True)
class NowNext:
    room: str
    now: tuple[Talk, ...]  # running at the moment
    next: Talk | None  # the next one to start in that room
    track: str = ""  # the track the room holds that day, where most of its talks share one
    called_off: tuple[Talk, ...] = ()  # cancelled talks due before `next` (never next)


def at_talk(at: datetime, talk: Talk) -> datetime:
    """`at` as a moment to compare with `talk`: a naive `at` is a wall-clock time, read
    in the talk's own zone (its conference's); an aware one is already a moment."""
    if at.tzinfo is not None or talk.start is None or talk.start.tzinfo is None:
        return at
    return at.replace(tzinfo=talk.start.tzinfo)


def minutes_until(talk: Talk, at: datetime) -> int:
    """Whole minutes from `at` (read as in `at_talk`) to the talk's start; 0 without one."""
    if talk.start is None:
        return 0
    return int((talk.start - at_talk(at, talk)).total_seconds() // 60)


ROOM_TRACK_SHARE = 0.6  # of a room's talks that day that share a track: the room's track


def room_track(talks: Collection[Talk]) -> str:
    """The track a room holds, from its talks (of one day): the one most of them share
    (at least ROOM_TRACK_SHARE: a devroom), else "" (a room of many tracks)."""
    counts: dict[str, int] = {}
    for t in talks:
        if t.track:
            counts[t.track] = counts.get(t.track, 0) + 1
    if not counts:
        return ""
    track, n = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
    return track if n >= ROOM_TRACK_SHARE * len(talks) else ""


def now_and_next(
    talks: Iterable[Talk],
    at: datetime,
    saved: Collection[int] = (),
    nights: Mapping[int, date] = NO_NIGHTS,
    day: date | None = None,
) -> list[NowNext]:
    """For each room with something on or still to come that program day: what runs
    at `at` and what starts next; rooms with a saved talk first, then in room order.

    `day` is the program day (default: `at`'s date); its talks are the ones the Program
    grid puts on it (`program_day` with the base's `nights`), so a 00:15 concert the
    night rule files under Friday is next at 23:45 on Friday, and `at` may be past
    midnight of that day (its night). What runs is what runs at `at`, whatever day it
    is filed under. A cancelled talk is never next (it is listed where it runs).
    A naive `at` is a time a person chose, "12:00 on Tuesday": each conference's talks
    are compared with 12:00 by that conference's own clock (see `at_talk`)."""
    day = day or at.date()
    timed = [t for t in talks if t.start]
    ours = {t.id for t in timed if program_day(t, nights) == day}
    # in the small hours, what the night before still holds comes next ("at 00:30 on
    # Saturday" is Friday's night: its 01:45 set is next, before Saturday's first)
    eve = day - timedelta(days=1)
    ours |= {
        t.id
        for t in timed
        if t.start and program_day(t, nights) == eve and t.start > at_talk(at, t)
    }
    talks = [
        t
        for t in timed
        if t.id in ours or (t.start and t.start <= at_talk(at, t) < (t.end or t.start))
    ]
    out = []
    for room in room_order(talks):
        mine = sorted(
            (t for t in talks if (t.room or NO_ROOM) == room),
            key=lambda t: (t.start - at_talk(at, t) if t.start else timedelta(0), t.title),
        )
        running = tuple(
            t for t in mine if t.start and t.start <= at_talk(at, t) < (t.end or t.start)
        )
        later = [t for t in mine if t.id in ours and t.start and t.start > at_talk(at, t)]
        # (in time order) the first that takes place; the cancelled ones due before it
        due = [t.cancelled for t in later]
        cut = due.index(False) if False in due else len(later)
        upcoming = later[cut] if cut < len(later) else None
        off = tuple(later[:cut])
        if running or upcoming or off:
            out.append(NowNext(room, running, upcoming, room_track(mine), off))

    def mine_first(n: NowNext) -> int:
        ids = {t.id for t in (*n.now, *n.called_off)} | ({n.next.id} if n.next else set())
        return 0 if ids & set(saved) else 1

    return sorted(out, key=mine_first)  # stable: room order within each group


def unscheduled(talks: Iterable[Talk]) -> list[Talk]:
    """Talks the program gives no time for, by title."""
    return sorted((t for t in talks if not t.start), key=lambda t: t.title.casefold())


# -- overviews ------------------------------------------------------------------------


@dataclass(frozen=True)
class TrackSummary:
    name: str
    description: str
    talks: int
    organizations: tuple[tuple[str, int], ...]  # most talks first, at most 3


def organization_names(talks: Iterable[Talk]) -> dict[str, str]:
    """Each affiliation -> the canonical name of its organization (the alias table of
    `talkbase.core.orgs`: "AWS" -> "Amazon Web Services", "Meta (PyTorch Distributed)" -> "Meta")."""
    return people.organization_names(talks)


def organizations(talks: Iterable[Talk]) -> list[tuple[str, int]]:
    """(canonical organization, number of talks with a speaker from it), most talks first."""
    counts: Counter[str] = Counter()
    for t in talks:
        counts.update(people.talk_organizations(t))
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0].casefold()))


def tracks(talks: Iterable[Talk]) -> list[TrackSummary]:
    """Each track with its description, size and leading organizations."""
    talks = list(talks)
    by_track: dict[str, list[Talk]] = {}
    for t in talks:
        if t.track:
            by_track.setdefault(t.track, []).append(t)
    out = []
    for name, members in by_track.items():
        orgs: Counter[str] = Counter()
        for t in members:
            orgs.update(people.talk_organizations(t))
        description = next((t.track_description for t in members if t.track_description), "")
        top = sorted(orgs.items(), key=lambda kv: (-kv[1], kv[0].casefold()))[:3]
        out.append(TrackSummary(name, description or "", len(members), tuple(top)))
    out.sort(key=lambda s: (-s.talks, s.name.casefold()))
    return out


@dataclass(frozen=True)
class TrackDay:
    """One track's part of one day at one conference: when it runs (its first start,
    its last end, on that conference's clock), in which rooms (most talks first) and
    how many talks. The talks without a track are a part of their own (track "")."""

    track: str
    day: date
    first: datetime
    last: datetime
    rooms: tuple[str, ...]
    talks: int
    conference: str = ""


def tracks_by_day(talks: Iterable[Talk]) -> list[TrackDay]:
    """Each track's days, for planning: by conference, then by track name (the talks
    without a track last), then by day. Untimed talks are left out; a track of the same
    name at two conferences is two tracks (each on its own clock)."""
    parts: dict[tuple[str, str, date], list[Talk]] = {}
    for t in talks:
        if t.start and t.day:
            parts.setdefault((t.conference, t.track or "", t.day), []).append(t)
    out = []
    for (conference, track, day), members in parts.items():
        rooms = Counter(t.room for t in members if t.room)
        out.append(
            TrackDay(
                track,
                day,
                min(t.start for t in members if t.start),
                max((t.end or t.start) for t in members if t.start),
                tuple(r for r, _ in sorted(rooms.items(), key=lambda kv: (-kv[1], kv[0]))),
                len(members),
                conference,
            )
        )
    out.sort(key=lambda p: (p.conference, not p.track, p.track.casefold(), p.track, p.day))
    return out


# -- topic map ------------------------------------------------------------------------


@dataclass(frozen=True)
class Point:
    talk_id: int
    x: float
    y: float
    topic: int


@dataclass(frozen=True)
class Topic:
    id: int
    label: str  # the topic's most distinctive words, e.g. "kernels · triton · dsl"
    x: float  # where its talks sit on the map (mean position)
    y: float
    size: int


@dataclass(frozen=True)
class TopicMap:
    points: tuple[Point, ...]
    topics: tuple[Topic, ...]


# Words every talk of a PyTorch-conference-like program shares; they label nothing.
_GENERIC = {
    "pytorch",
    "talk",
    "session",
    "new",
    "using",
    "use",
    "based",
    "open",
    "source",
    "model",
    "models",
    "work",
    "make",
    "makes",
    "across",
    "without",
    "including",
    "first",
    "one",
    "two",
    "also",
    "today",
    "ll",
    "don",
}


def project_2d(vectors: np.ndarray) -> np.ndarray:
    """The first two principal components (PCA by SVD), signs fixed for stable maps."""
    x = np.asarray(vectors, dtype=np.float64)
    if len(x) < 2:
        return np.zeros((len(x), 2))
    x = x - x.mean(axis=0)
    _, _, vt = np.linalg.svd(x, full_matrices=False)
    comps = vt[:2]
    signs = np.sign(comps[np.arange(len(comps)), np.abs(comps).argmax(axis=1)])
    coords = x @ (comps * signs[:, None]).T
    if coords.shape[1] < 2:
        coords = np.hstack([coords, np.zeros((len(x), 2 - coords.shape[1]))])
    return coords


def default_topics(n: int) -> int:
    return max(1, min(8, round((n / 2) ** 0.5)))


def topic_labels(
    texts: Sequence[str], topics: np.ndarray, words: int = 3, stop: Collection[str] = ()
) -> dict[int, str]:
    """Each topic's label: its words whose TF-IDF weight most exceeds the other topics',
    but English's function words and `stop` (those of the talks' other languages:
    `service.function_words`)."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer

    stop = sorted(ENGLISH_STOP_WORDS | _GENERIC | set(stop))
    vec = TfidfVectorizer(
        stop_words=stop,
        token_pattern=r"(?u)\b[a-zA-Z][a-zA-Z0-9]+\b",
        max_df=0.5 if len(texts) > 10 else 1.0,
        sublinear_tf=True,
    )
    try:
        mat = vec.fit_transform(texts)
    except ValueError:  # every word was a stop word
        return {int(k): f"topic {int(k) + 1}" for k in np.unique(topics)}
    vocab = np.array(vec.get_feature_names_out())
    dense = mat.toarray()
    out = {}
    for k in np.unique(topics):
        inside = dense[topics == k].mean(axis=0)
        outside = dense[topics != k].mean(axis=0) if (topics != k).any() else 0.0
        order = np.argsort(-(inside - outside), kind="stable")
        picked = [str(vocab[i]) for i in order[:words] if inside[i] > 0]
        out[int(k)] = " · ".join(picked) or f"topic {int(k) + 1}"
    return out


def topic_map(
    ids: Sequence[int],
    vectors: np.ndarray,
    texts: Sequence[str],
    n_topics: int | None = None,
    seed: int = 0,
    stop: Collection[str] = (),
) -> TopicMap:
    """Talks on a 2-D map (PCA of their embeddings) grouped into KMeans topics, each
    labelled by its words but `stop` (`topic_labels`)."""
    if not len(ids):
        return TopicMap((), ())
    vectors = np.asarray(vectors, dtype=np.float64)
    coords = project_2d(vectors)
    k = min(n_topics or default_topics(len(ids)), len(ids))
    if k > 1:
        from sklearn.cluster import KMeans

        topics = KMeans(n_clusters=k, n_init=10, random_state=seed).fit_predict(vectors)
    else:
        topics = np.zeros(len(ids), dtype=int)
    labels = topic_labels(texts, topics, stop=stop)
    points = tuple(
        Point(int(i), float(x), float(y), int(c))
        for i, (x, y), c in zip(ids, coords, topics, strict=True)
    )
    found = []
    for c in sorted(labels):
        members = coords[topics == c]
        found.append(
            Topic(
                c, labels[c], float(members[:, 0].mean()), float(members[:, 1].mean()), len(members)
            )
        )
    return TopicMap(points, tuple(found))

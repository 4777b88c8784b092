"""Talks for a whole agenda: several interests at once, only talks that fit, and why.

`recommend(kb, saved, avoid, k, fits)` reads the base; what it decides are pure
functions of vectors and talks, which tests drive with hand-made ones: `interests`
groups the saved talks (average-linkage clustering of their vectors), kept apart only
when the groups explain more of the talks' scatter than chance would (`apart`), `quotas` shares
the k slots between interests by size (at least one each), `relevance`,
`word_relevance` and `track_relevance` say how close each candidate is to each
interest (the last two, and the multilingual vectors' `relevance` where the base has
them, weighed in the vectors' spread, `in_spread_of`, so that a weight means the same
on every program), `penalty` pushes down the neighbours of hidden talks, `draw` lets the
interests take turns, each by maximal marginal relevance, and `cover` gives a saved talk
its own nearest candidate where the interest's turns missed it (the picks no saved
talk ranks high make way, `dearest_rank`), and `fill_gaps` a talk that fills the hole
between two saved talks in their room; `talkbase.core.timetable` is the agenda's
overlap rule and says what is between;
index/search/reasons.py says why. Saved and hidden talks never come
back, nor cancelled ones, nor other showings of a saved talk, and of a talk the
program runs several times one showing at most (index/search/showings.py). Hits come in the order drawn (the interests
interleaved), each scored by its relevance to its own interest.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from index.search import showings
from index.search.rank import dense
from index.search.reasons import evidence, reason_text, words_for
from talkbase.core import timetable
from talkbase.core.errors import BadQuery, TalkNotFound
from talkbase.core.records import Because, Hit

if TYPE_CHECKING:
    from index.search.kb import KnowledgeBase


@dataclass(frozen=True)
class Tuning:
    """The recommender's knobs (measured with bench/recommend.py)."""

    threshold: float = 0.3  # mean cosine from which two groups of saved talks are one interest
    # a split into interests is kept only when it explains this share of the scatter
    # left over after what splitting as many talks at random would explain (`apart`)
    split_gain: float = 0.3
    centroid_share: float = 1.0  # cosine with the interest's centre; the rest: its nearest talk
    # plus this times the words' cosine (tf-idf) with the interest's, and the share of the
    # interest in the talk's track, each in the vectors' spread over the candidates
    # (`in_spread_of`): the best mean recall@10 of bench/recommend.py's grid that lowers
    # no program's; the LOPO pick (bench/recommend.py --lopo) differs only in word_weight 1.0
    word_weight: float = 0.5
    track_weight: float = 0.5
    # at most this many slots for a talk that fills the hole between two saved talks in
    # their room (`timetable.between`) the draw left out (`fill_gaps`), whatever the
    # interests of the two: bench/recommend.py, saved talks every other one by time and
    # at random (three seeds), two interests served in 50 of 55 agendas (47 without),
    # no program's recall@10 lower (docs/quality.md)
    gap_slots: int = 1
    # the multilingual vectors' closeness (where the base has them), in the same spread:
    # bench/recommend.py on bases built with them (TALKBASE_MULTILINGUAL=on): 0.5 lowers
    # no program's recall and serves two interests in 30 of 39 agendas (27 without); 1.0
    # lowers two programs' (docs/quality.md)
    any_language_weight: float = 0.5
    avoid_weight: float = 0.5  # how hard the nearest hidden talk pushes a candidate down
    diversity: float = 0.15  # MMR within an interest: 0 plain nearest, higher skips near-duplicates
    pool_per_query: int = 100  # nearest talks fetched per saved talk and per interest centre
    because_margin: float = 0.05  # saved talks this close to the best one are named too
    # at most this share of the k slots goes to saved talks whose own best candidate the
    # draw left out (`cover`): bench/recommend.py, two interests served in 31 of 39
    # agendas (28 without), no program's recall@10 lower
    cover_share: float = 0.3


TUNING = Tuning()


# -- interests and drawing (pure) -------------------------------------------------


def interests(vectors: np.ndarray, threshold: float = TUNING.threshold) -> list[tuple[int, ...]]:
    """Groups of rows of `vectors` (unit vectors of saved talks): average-linkage
    clustering, two groups merged while their mean pairwise cosine is at least
    `threshold`. Largest group first (ties: the one holding the earliest row)."""
    n = len(vectors)
    groups: list[list[int]] = [[i] for i in range(n)]
    if n > 1:
        sums = np.asarray(vectors @ vectors.T, dtype=np.float64)  # pairwise cosine sums
        sizes = np.ones(n)
        alive = np.ones(n, dtype=bool)
        while alive.sum() > 1:
            mean = sums / np.outer(sizes, sizes)
            mean[~alive, :] = mean[:, ~alive] = -np.inf
            np.fill_diagonal(mean, -np.inf)
            a, b = sorted(np.unravel_index(int(np.argmax(mean)), mean.shape))
            if mean[a, b] < threshold:
                break
            sums[a, :] += sums[b, :]
            sums[:, a] += sums[:, b]
            sizes[a] += sizes[b]
            alive[b] = False
            groups[a] += groups[b]
        groups = [sorted(g) for g, keep in zip(groups, alive, strict=True) if keep]
    return sorted((tuple(g) for g in groups), key=lambda g: (-len(g), g[0]))


def explained(vectors: np.ndarray, groups: Sequence[Sequence[int]]) -> float:
    """The share of the saved talks' scatter (squared distances to their mean) that
    `groups` explain: 1 - within-group scatter / total; 0 for one group."""
    total = float(((vectors - vectors.mean(axis=0)) ** 2).sum())
    if len(groups) < 2 or total <= 0:
        return 0.0
    within = sum(
        float(((vectors[list(g)] - vectors[list(g)].mean(axis=0)) ** 2).sum()) for g in groups
    )
    return 1.0 - within / total


def apart(vectors: np.ndarray, groups: Sequence[Sequence[int]], gain: float) -> bool:
    """Whether the saved talks really fall apart into `groups`: the share they explain
    beats what k groups of n talks explain by chance, (k - 1) / (n - 1), by `gain` of
    what is left above it. Each talk alone (k = n) is apart."""
    n, k = len(vectors), len(groups)
    if k < 2:
        return False
    chance = (k - 1) / (n - 1)
    return explained(vectors, groups) >= chance + gain * (1.0 - chance) - 1e-9


def quotas(sizes: Sequence[int], k: int) -> list[int]:
    """Slots per interest: `k` shared in proportion to `sizes` (largest remainders),
    at least one each; when there are more interests than slots, the largest (then
    the first) get one."""
    n = len(sizes)
    order = sorted(range(n), key=lambda i: (-sizes[i], i))
    if k <= n:
        return [1 if i in order[:k] else 0 for i in range(n)]
    total = sum(sizes)
    ideal = [k * s / total for s in sizes]
    got = [max(1, math.floor(x)) for x in ideal]
    while sum(got) > k:  # the floor of one took a slot: from the most over its share
        i = max((i for i in order if got[i] > 1), key=lambda i: got[i] - ideal[i])
        got[i] -= 1
    while sum(got) < k:
        i = max(order, key=lambda i: ideal[i] - got[i])
        got[i] += 1
    return got


def relevance(
    candidates: np.ndarray,
    saved: np.ndarray,
    groups: Sequence[Sequence[int]],
    centroid_share: float = TUNING.centroid_share,
) -> np.ndarray:
    """(interests x candidates): how close each candidate is to each interest, the
    cosine with its centre and with its nearest saved talk, mixed."""
    sims = saved @ candidates.T
    out = np.zeros((len(groups), len(candidates)), dtype=np.float32)
    for g, members in enumerate(groups):
        centre = _centre(saved[list(members)])
        nearest = sims[list(members)].max(axis=0)
        out[g] = centroid_share * (candidates @ centre) + (1 - centroid_share) * nearest
    return out


def penalty(
    candidates: np.ndarray, avoid: np.ndarray, weight: float = TUNING.avoid_weight
) -> np.ndarray:
    """How far each candidate is pushed down: `weight` times its cosine with the
    nearest hidden talk (0 when nothing is hidden, never negative)."""
    if not len(avoid) or not len(candidates):
        return np.zeros(len(candidates), dtype=np.float32)
    return weight * np.maximum(0.0, (avoid @ candidates.T).max(axis=0))


def draw(
    rel: np.ndarray,
    candidates: np.ndarray,
    slots: Sequence[int],
    k: int,
    diversity: float = TUNING.diversity,
    usable: np.ndarray | None = None,
    label: np.ndarray | None = None,
) -> list[tuple[int, int]]:
    """(candidate, interest) pairs in the order drawn. The interest furthest from its
    quota `slots` draws next (ties: the larger quota, then the first); it takes the
    candidate maximising (1 - diversity) * rel - diversity * (its closest cosine with
    the interest's earlier picks). `usable` masks candidates out (e.g. clashes);
    candidates of one `label` are showings of one talk (index/search/showings.py):
    once one is drawn the others are out. Once
    every interest has its quota, or the candidates run out for one, the slots left
    go the same way to the others."""
    n_groups, n = rel.shape
    free = np.ones(n, dtype=bool) if usable is None else np.asarray(usable, dtype=bool).copy()
    redundancy = np.zeros((n_groups, n), dtype=np.float32)
    counts = [0] * n_groups
    out: list[tuple[int, int]] = []
    lam = 1.0 - diversity
    while len(out) < k and free.any():
        g = min(
            range(n_groups),
            key=lambda i: (counts[i] / slots[i] if slots[i] else math.inf, -slots[i], i),
        )
        score = np.where(free, lam * rel[g] - (1 - lam) * redundancy[g], -np.inf)
        best = int(np.argmax(score))
        out.append((best, g))
        free[best] = False
        if label is not None:
            free &= label != label[best]
        counts[g] += 1
        redundancy[g] = np.maximum(redundancy[g], candidates @ candidates[best])
    return out


def cover(
    drawn: Sequence[tuple[int, int]],
    solo: np.ndarray,
    groups: Sequence[Sequence[int]],
    most: int,
    usable: np.ndarray | None = None,
    label: np.ndarray | None = None,
) -> list[tuple[int, int]]:
    """`draw`'s (candidate, interest) pairs with each saved talk's own best candidate
    among them: `solo` (saved talks x candidates) is each saved talk's relevance alone,
    `usable` masks candidates out. A saved talk whose best candidate was not drawn (in
    saved order) puts it, for its interest, in place of a pick that is no saved talk's
    own best, at most `most` times: an interest's turns go to its centre, and a saved
    talk far from it would otherwise go unheard (a second topic merged into the first).
    The pick that makes way is the one no saved talk holds dear: the worst of the
    picks' best ranks (`dearest_rank`), the later of equals; the last pick, whatever it
    was, may be the one that voices a saved talk the centre does not (bench/recommend.py:
    a saved talk's second best replaced by another's best left its topic unserved). A
    best candidate one of whose showings (same `label`) was drawn is there."""
    out = list(drawn)
    label = np.arange(solo.shape[1]) if label is None else np.asarray(label)
    interest_of = {i: g for g, members in enumerate(groups) for i in members}
    allowed = np.ones(solo.shape[1], dtype=bool) if usable is None else np.asarray(usable, bool)
    if not len(out) or not allowed.any():
        return out
    bests = own_bests(solo, allowed)
    free = making_way(out, set(bests), solo, allowed)  # (a saved talk's own best stays)
    placed = 0
    for i, best in enumerate(bests):
        if placed >= min(most, len(out)) or not free:
            break
        if label[best] not in {label[c] for c, _ in out}:
            out[free.pop(0)] = (best, interest_of[i])
            placed += 1
    return out


def own_bests(solo: np.ndarray, allowed: np.ndarray) -> list[int]:
    """Each saved talk's own best candidate among the `allowed`, by `solo`."""
    return [int(np.argmax(np.where(allowed, row, -np.inf))) for row in solo]


def making_way(
    picks: Sequence[tuple[int, int]], held: set[int], solo: np.ndarray, allowed: np.ndarray
) -> list[int]:
    """The places of `picks` that may make way, the first to go first: those whose
    candidate is not `held`, the pick no saved talk holds dear first (the worst of the
    picks' best ranks, `dearest_rank`), the later of equals."""
    dear = dearest_rank(solo, allowed)
    free = (p for p in range(len(picks)) if picks[p][0] not in held)
    return sorted(free, key=lambda p: (-dear[picks[p][0]], -p))


def dearest_rank(solo: np.ndarray, usable: np.ndarray) -> np.ndarray:
    """Per candidate, the best rank any saved talk gives it (0: some saved talk's own
    best) among the `usable` candidates, by `solo` (saved talks x candidates)."""
    scores = np.where(np.asarray(usable, bool)[None, :], solo, -np.inf)
    ranks = np.argsort(np.argsort(-scores, axis=1, kind="stable"), axis=1, kind="stable")
    return ranks.min(axis=0)


def word_relevance(
    saved: Sequence[Mapping[str, float]],
    groups: Sequence[Sequence[int]],
    candidates: Sequence[Mapping[str, float]],
) -> np.ndarray:
    """(interests x candidates): the cosine of each candidate's `word_weights` with its
    interest's (the mean of its saved talks')."""
    out = np.zeros((len(groups), len(candidates)), dtype=np.float32)
    for g, members in enumerate(groups):
        profile: dict[str, float] = {}
        for i in members:
            for w, x in saved[i].items():
                profile[w] = profile.get(w, 0.0) + x / len(members)
        norm = math.sqrt(sum(x * x for x in profile.values()))
        for c, words in enumerate(candidates):
            dot = sum(x * profile.get(w, 0.0) for w, x in words.items())
            size = norm * math.sqrt(sum(x * x for x in words.values()))
            out[g, c] = dot / size if size else 0.0
    return out


def track_relevance(
    saved: Sequence[str | None], groups: Sequence[Sequence[int]], candidates: Sequence[str | None]
) -> np.ndarray:
    """(interests x candidates): the share of an interest's saved talks in the
    candidate's track (devroom); 0 for a talk without one."""
    out = np.zeros((len(groups), len(candidates)), dtype=np.float32)
    for g, members in enumerate(groups):
        for c, track in enumerate(candidates):
            if track:
                out[g, c] = sum(saved[i] == track for i in members) / len(members)
    return out


def fill_gaps(
    picked: Sequence[tuple[int, int]],
    gaps: np.ndarray,
    rel: np.ndarray,
    solo: np.ndarray,
    most: int,
    usable: np.ndarray | None = None,
    label: np.ndarray | None = None,
) -> list[tuple[int, int]]:
    """`picked` (candidate, interest) pairs with up to `most` of the `gaps` (a mask of
    candidates filling a hole between two saved talks in their room, whatever their
    interests: `timetable.between`) the
    picks left out, the closest to an interest first, each for that interest: in place
    of the pick no saved talk holds dear (`dearest_rank`, as `cover`), never a saved
    talk's own best nor a gap (or a showing of one). A gap one of whose showings was
    picked is there."""
    out = list(picked)
    n = solo.shape[1]
    label = np.arange(n) if label is None else np.asarray(label)
    allowed = np.ones(n, dtype=bool) if usable is None else np.asarray(usable, bool)
    gaps = np.asarray(gaps, bool) & allowed
    if not out or most < 1 or not gaps.any():
        return out
    held = set(own_bests(solo, allowed)) | {c for c, _ in out if label[c] in set(label[gaps])}
    free = making_way(out, held, solo, allowed)
    placed = 0
    for c in sorted(np.flatnonzero(gaps).tolist(), key=lambda c: (-float(rel[:, c].max()), c)):
        if placed >= most or not free:
            break
        if label[c] not in {label[p] for p, _ in out}:
            out[free.pop(0)] = (c, int(np.argmax(rel[:, c])))
            placed += 1
    return out


def in_spread_of(signal: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """`signal` (interests x candidates) centred per interest and scaled to
    `reference`'s spread over the same candidates (0 where it does not vary)."""
    centred = signal - signal.mean(axis=1, keepdims=True)
    sd = signal.std(axis=1, keepdims=True)
    scale = np.divide(reference.std(axis=1, keepdims=True), sd, out=np.zeros_like(sd), where=sd > 0)
    return np.asarray(centred * scale, dtype=np.float32)


# -- the knowledge base's part ----------------------------------------------------


def _centre(vectors: np.ndarray) -> np.ndarray:
    centre = vectors.mean(axis=0)
    return np.asarray(centre / (np.linalg.norm(centre) or 1.0), dtype=np.float32)


def _any_language(
    kb: KnowledgeBase, saved: Sequence[int], candidates: Sequence[int]
) -> tuple[np.ndarray, np.ndarray] | None:
    """The multilingual vectors of the saved talks and of the candidates, in their
    order, where the base has one for each, of the talks' whole text
    (index/store/multilingual.py); else None. (A program in English has them of its
    titles alone, for questions in other languages: bench/recommend.py, recall@10 on
    the demo 0.778 -> 0.556 with them.)"""
    vectors = getattr(kb, "multilingual", None)
    if vectors is None or not vectors.whole_text:
        return None
    mine, my_rows = vectors.rows(saved)
    theirs, their_rows = vectors.rows(candidates)
    if len(mine) != len(saved) or len(theirs) != len(candidates):
        return None
    matrix = vectors.vectors  # mapped: only these rows are read
    return np.asarray(matrix[my_rows], np.float32), np.asarray(matrix[their_rows], np.float32)


def _known(kb: KnowledgeBase, ids: Iterable[int]) -> list[int]:
    """The ids in order, once each; one the base does not hold is TalkNotFound."""
    out: list[int] = []
    for ref in ids:
        good = isinstance(ref, int | np.integer) and not isinstance(ref, bool)
        if not good or int(ref) not in kb.talks:
            raise TalkNotFound(str(ref))
        if int(ref) not in out:
            out.append(int(ref))
    return out


def recommend(
    kb: KnowledgeBase,
    saved: Sequence[int],
    avoid: Sequence[int] = (),
    k: int = 10,
    fits: bool = False,
    tuning: Tuning = TUNING,
) -> list[Hit]:
    """Up to `k` talks for someone who saved `saved` and hid `avoid` (talk ids; an
    unknown one is TalkNotFound, one in both counts as saved; no saved talk, no
    hits). With `fits`, only talks that have a time, overlap no saved talk and are at
    a conference of a saved talk (a BadQuery on a program without times); otherwise a
    clash is marked
    (`why.clashes`, and the reason). `why` is a `Because`."""
    if k < 1:
        raise BadQuery("the number of recommendations must be at least 1")
    if fits and not kb.vocab.timed:  # asked of the program: its candidates may all lack one
        raise BadQuery(
            "the talks of this program have no times, so none can be said to fit an agenda"
        )
    saved_ids = _known(kb, saved)
    avoid_ids = [t for t in _known(kb, avoid) if t not in saved_ids]
    if not saved_ids:
        return []
    s_vecs = np.vstack([kb.vectors.vector(t) for t in saved_ids]).astype(np.float32)
    groups = interests(s_vecs, tuning.threshold)
    if not apart(s_vecs, groups, tuning.split_gain):
        groups = [tuple(range(len(saved_ids)))]
    # hidden talks stay in the pool, never drawn: the spread the signals are weighed in
    # is the same whether or not a talk is hidden, so hiding only pushes down
    want = min(len(kb.vectors), tuning.pool_per_query + len(saved_ids))
    pool: dict[int, None] = {}
    for query in [*s_vecs, *(_centre(s_vecs[list(g)]) for g in groups)]:
        pool.update(
            (tid, None) for tid, _ in kb.vectors.search(query, want) if tid not in saved_ids
        )
    ids = list(pool)
    talks, mine = kb.talks.get_many(ids), kb.talks.get_many(saved_ids)
    # another showing of a saved talk is no news (index/search/showings.py), and a talk
    # the program calls off (`Talk.cancelled`) no talk to go to: as hidden
    again = [not keep for keep in showings.collapse(talks, mine)]
    hidden = np.array(
        [
            t in avoid_ids or a or talk.cancelled
            for t, a, talk in zip(ids, again, talks, strict=True)
        ],
        dtype=bool,
    )
    if hidden.all():
        return []
    label = np.array(showings.labels(talks))  # one number for showings of one talk
    c_vecs = np.vstack([kb.vectors.vector(t) for t in ids]).astype(np.float32)
    words = words_for(kb)
    theirs, my_words = [words.of(t) for t in talks], [words.of(t) for t in mine]
    tracks, my_tracks = [t.track for t in talks], [t.track for t in mine]
    inside = [timetable.between(t, mine) for t in talks]  # (the saved talks around it)
    any_language = _any_language(kb, saved_ids, ids)
    # where the multilingual vectors can decide, a talk the dense model cannot read
    # (dense.unread_by_model) gives and gets no closeness from it: a candidate as close
    # as the readable ones on average, an interest of such talks alone weighed in the
    # multilingual vectors' spread (as similar.py; docs/formats.md, Sweep 22)
    blind_c = np.zeros(len(ids), dtype=bool)
    read_s, read_c = s_vecs, c_vecs
    if any_language is not None:
        blind = dense.unread_by_model(kb, [*mine, *talks])
        blind_s = np.array([t in blind for t in saved_ids], dtype=bool)
        blind_c = np.array([t in blind for t in ids], dtype=bool)
        read_s = np.where(blind_s[:, None], 0.0, s_vecs).astype(np.float32)
        read_c = np.where(blind_c[:, None], 0.0, c_vecs).astype(np.float32)

    def signals(groups: Sequence[Sequence[int]]) -> np.ndarray:
        """(interests x candidates) relevance: the vectors', plus the words and the
        track, each in the vectors' spread over these candidates: a weight means the
        same on a program of long abstracts and one of one-liners."""
        rel = relevance(read_c, read_s, groups, tuning.centroid_share)
        if blind_c.any() and (~blind_c).any():
            typical = rel[:, ~blind_c].mean(axis=1, keepdims=True)
            rel = np.where(blind_c[None, :], typical, rel).astype(np.float32)
        spread = rel.copy()
        if any_language is not None:
            closeness = relevance(any_language[1], any_language[0], groups, tuning.centroid_share)
            flat = spread.std(axis=1) == 0  # an interest the dense model reads nothing of
            spread[flat] = closeness[flat]
        if tuning.word_weight:
            w = word_relevance(my_words, groups, theirs)
            rel += tuning.word_weight * in_spread_of(w, spread)
        if tuning.track_weight:
            tr = track_relevance(my_tracks, groups, tracks)
            rel += tuning.track_weight * in_spread_of(tr, spread)
        if tuning.any_language_weight and any_language is not None:
            rel += tuning.any_language_weight * in_spread_of(closeness, spread)
        return rel

    rel = signals(groups)
    solo = signals([(i,) for i in range(len(saved_ids))])  # each saved talk alone: `cover`
    if avoid_ids:
        a_vecs = np.vstack([kb.vectors.vector(t) for t in avoid_ids]).astype(np.float32)
        pushed = penalty(c_vecs, a_vecs, tuning.avoid_weight)[None, :]
        rel, solo = rel - pushed, solo - pushed
    clashing = [tuple(c.id for c in timetable.clashes(t, mine)) for t in talks]
    # (fits: timed, no overlap (`clashing`, computed once), time to change buildings,
    # at a conference of the agenda: another one's free hour is in another place)
    going = {m.conference for m in mine}
    usable = np.array(
        [
            timetable.timed(t)
            and not c
            and t.conference in going
            and not any(timetable.too_tight(t, m) for m in mine)
            for t, c in zip(talks, clashing, strict=True)
        ]
    )
    slots = quotas([len(g) for g in groups], k)
    titles = {t.id: t.title for t in mine}
    hits = []
    drawable = ~hidden & (usable if fits else True)
    drawn = draw(rel, c_vecs, slots, k, tuning.diversity, drawable, label)
    most = int(tuning.cover_share * k + 1e-9)
    picked = cover(drawn, solo, groups, most, drawable, label)
    # a hole's talk clashes with no saved talk and is no chore (a break, a lunch)
    chores = kb.chores.among(ids) if any(inside) else set()
    gaps = np.array(
        [
            pair is not None and not clashing[c] and ids[c] not in chores
            for c, pair in enumerate(inside)
        ],
        dtype=bool,
    )
    for c, g in fill_gaps(picked, gaps, rel, solo, tuning.gap_slots, drawable, label):
        # the saved talks it follows from: those of its interest it is most relevant to
        # each alone (`solo`: the vectors, the words, the track and, where the base has
        # them, the multilingual vectors, as it was drawn), not by the dense vectors
        # alone, which in a language MiniLM reads poorly name the wrong one
        # (docs/formats.md, Sweep 23)
        sims = solo[list(groups[g]), c]
        close = [groups[g][i] for i in np.argsort(-sims, kind="stable")]
        near = [i for i in close if solo[i, c] >= sims.max() - tuning.because_margin]
        because, terms, sentence, source, closest = evidence(
            kb, words, talks[c], [mine[i] for i in near], s_vecs[near[0]]
        )
        clash = [titles[i] for i in clashing[c]]
        around = inside[c] if gaps[c] else None
        why = Because(
            because=because,
            clashes=clashing[c],
            reason=reason_text(
                [titles[i] for i in because],
                terms,
                closest,
                clash,
                (around[0].title, around[1].title) if around else None,
            ),
            matched_terms=terms,
            best_sentence=sentence,
            sentence_source=source,
            ranks={"dense": 1 + int(np.count_nonzero((rel[g] > rel[g, c]) & ~hidden))},
            relevance=float(rel[g, c]),
        )
        hits.append(Hit(talks[c], float(rel[g, c]), why))
    return in_score_order(hits)


def in_score_order(hits: list[Hit]) -> list[Hit]:
    """The hits in the order drawn, scored so that the scores never rise down the list
    (every search function returns hits sorted by score): a hit drawn for a smaller
    interest after a closer one of a larger interest keeps its place, its score capped
    at the one before it."""
    out: list[Hit] = []
    for hit in hits:
        cap = out[-1].score if out else hit.score
        out.append(hit if hit.score <= cap else Hit(hit.talk, cap, hit.why))
    return out

"""Ranking signals as a registry: each signal is one registered `Signal`, and a
search ranks by every registered signal and fuses their lists.

A signal is a name (its key in `Why.ranks`, and a search mode of its own), a label
("by words"), the setting its weight is read from, and a scorer: given the
`Query` (the open base, the query's text, the allowed talk ids, k) it returns a
`Ranking`, its (talk id, score) list best first. Fusion (`fuse`) weighs each
signal's list by its weight; "scaled" fusion then weighs the tracks the first
fused talks gather in (index/search/rank/trackprior.py).

Names and labels are the ground's vocabulary (talkbase.core.records.SIGNALS: `Why`
and the app read them and may import nothing above the ground); this registry
holds the scorers under those names, and registering a signal the ground does not
list adds its name and label there. Built in, in this order (the order ranks are
listed and ties are broken in): "lexical" (BM25, index/search/rank/lexical.py),
"dense" (vectors, index/search/rank/dense.py) and "multilingual" (the vectors of a
second, multilingual encoder, index/search/rank/multilingual.py: only where a base has
them; elsewhere its list is empty and it changes nothing).

Precedence between signals, stated here: a signal may name one it `lowers` and by
how much, applied where its own list is not empty. The multilingual signal leaves the
dense one half its weight: both measure closeness in meaning, and the multilingual
one also reads the languages the dense model cannot (docs/quality.md: the weights
chosen leaving each judged set out in turn); where the lowered signal is `blind` to
the query (MiniLM to a question in Japanese or Telugu: its closeness is noise there),
it is left no weight. Then, for each query, where the first
talks by words are far in meaning from the first talks by meaning, the lexical
signal gives a quarter of its weight to the others: meaning leads where words and
meaning disagree (index/search/rank/agreement.py).

Adding a signal: write its scorer in a module of its own and register it at the
end of this module (or call `register` at run time; `unregister` takes it out).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from index.search.rank import agreement, dense, lexical, multilingual, trackprior
from index.search.rank.fusion import fuse as fuse_lists
from index.search.rank.ranking import Query, Ranking
from talkbase.core import records, settings
from talkbase.core.errors import BadQuery
from talkbase.core.terms import HYBRID  # the mode that fuses every registered signal


def no_floor() -> float:
    """A signal whose scores count from 0 (as BM25's do)."""
    return 0.0


@dataclass(frozen=True)
class Signal:
    """One ranking signal.

    `weight` is read when a query is fused (from the setting named `setting`; None:
    a fixed weight) and weighs the signal's list in "scaled" and "relative" fusion
    ("rrf" counts every list once). `floor` is the score from which "scaled" fusion
    gives it credit. `rank` is the scorer. A signal may also name the part of its
    work that a large base's hybrid query runs on the base's worker thread while
    the other signals score: `ahead(query)` (it must not use the database), whose
    result `finish(query, result)` turns into the signal's ranking. `lowers`: where
    this signal's list is not empty, the weight of the signal it names is multiplied
    by the share given, or by 0 where that signal is `blind` to the query (its model
    cannot read it: index/search/rank/dense.py `blind_to`). `meaning`: it ranks by closeness in meaning, and shares the
    weight the lexical signal gives up where words and meaning disagree
    (index/search/rank/agreement.py).
    """

    name: str
    label: str
    setting: str | None
    weight: Callable[[], float]
    rank: Callable[[Query], Ranking]
    floor: Callable[[], float] = no_floor
    ahead: Callable[[Query], Any] | None = None
    finish: Callable[[Query, Any], Ranking] | None = None
    lowers: tuple[str, float] | None = None  # (a signal, the share of its weight left)
    meaning: bool = False  # ranks by closeness in meaning (index/search/rank/agreement.py)
    blind: Callable[[Query], bool] | None = None  # its model cannot read this query

    def __post_init__(self) -> None:
        if (self.ahead is None) != (self.finish is None):
            raise ValueError(
                f"the signal {self.name!r} names both `ahead` and `finish`, or neither"
            )


SIGNALS: dict[str, Signal] = {}  # by name, in the order they were registered


def register(signal: Signal) -> Signal:
    """Add `signal` to the registry (after those there) and its name and label to
    the ground's vocabulary; returns it. A name taken is a ValueError."""
    if signal.name in SIGNALS or signal.name == HYBRID:
        raise ValueError(f"a signal named {signal.name!r} is already registered")
    records.name_signal(signal.name, signal.label)
    SIGNALS[signal.name] = signal
    return signal


def unregister(name: str) -> Signal:
    """Take the signal `name` out of the registry (and, unless it is built in, its
    name out of the ground's vocabulary); returns it."""
    signal = SIGNALS.pop(name)
    records.unname_signal(name)
    return signal


def modes() -> tuple[str, ...]:
    """The search modes: "hybrid" (every signal, fused), or one signal's list alone."""
    return (HYBRID, *SIGNALS)


def chosen(mode: str) -> list[Signal]:
    """The signals a search in `mode` ranks by (a BadQuery for an unknown mode)."""
    if mode == HYBRID:
        return list(SIGNALS.values())
    if mode not in SIGNALS:
        raise BadQuery(f"mode must be one of {', '.join(modes())}, not {mode!r}")
    return [SIGNALS[mode]]


def rank(
    query: Query, signals: Sequence[Signal], submit: Callable[..., Any] | None = None
) -> dict[str, Ranking]:
    """Each of `signals`' ranking of `query`, by name in their order, each widened by
    the talks the others found. Given `submit` (a worker's), the signals' `ahead`
    parts start on it first and finish once the others have scored."""
    started = {s.name: submit(s.ahead, query) for s in signals if s.ahead} if submit else {}
    found: dict[str, Ranking] = {}
    for s in signals:
        if s.name in started and s.finish is not None:
            found[s.name] = s.finish(query, started[s.name].result())
        else:
            found[s.name] = s.rank(query)
    return {
        name: replace(r.widened(_others(found, name)), query=query) for name, r in found.items()
    }


def _others(found: Mapping[str, Ranking], name: str) -> list[int]:
    """The talks the rankings other than `name` list, in their order, once each."""
    return list(dict.fromkeys(t for n, r in found.items() if n != name for t, _ in r.scored))


def fuse(signals: Sequence[Signal], rankings: Mapping[str, Ranking]) -> list[tuple[int, float]]:
    """The signals' lists fused into one by the configured fusion (TALKBASE_FUSION),
    each weighted by its signal (see talkbase.core.settings). "scaled" fusion then,
    where the rankings name the base they ranked in (`rank` does), raises the
    talks of the tracks the first fused talks gather in (index/search/rank/trackprior.py;
    its bonus is a share of the best score, a unit "scaled" scores keep from query
    to query, where "rrf" and "relative" squeeze or stretch them)."""
    how = settings.fusion()
    lists = [rankings[s.name].scored for s in signals]
    weights = weighed(signals, rankings)
    if how == "rrf":
        return fuse_lists(lists, weights, how=how, k=settings.rrf_k())
    floors = [s.floor() for s in signals] if how == "scaled" else None
    fused = fuse_lists(lists, weights, floors, how)
    query = next((r.query for r in rankings.values() if r.query is not None), None)
    return trackprior.weigh(query.base, fused) if how == "scaled" and query else fused


def weighed(signals: Sequence[Signal], rankings: Mapping[str, Ranking]) -> list[float]:
    """Each signal's weight for this query: its setting's, lowered by a signal that
    `lowers` it and ranked something; then, where the first talks by words are far in
    meaning from the first by meaning, part of the lexical weight moved to the signals
    of meaning (`Signal.meaning`; index/search/rank/agreement.py)."""
    weights = {s.name: s.weight() for s in signals}
    for s in signals:
        if s.lowers is not None and s.lowers[0] in weights and rankings[s.name].scored:
            lowered, query = SIGNALS.get(s.lowers[0]), rankings[s.name].query
            unread = (
                lowered is not None
                and lowered.blind is not None
                and query is not None
                and lowered.blind(query)
            )
            weights[s.lowers[0]] *= 0.0 if unread else s.lowers[1]
    weights = agreement.reweighed(weights, rankings, [s.name for s in signals if s.meaning])
    return [weights[s.name] for s in signals]


def places(rankings: Mapping[str, Ranking], tid: int) -> dict[str, int]:
    """The place each signal gives `tid`, by signal name (those that place it)."""
    out = {}
    for name, ranking in rankings.items():
        place = ranking.place(tid)
        if place is not None:
            out[name] = place
    return out


def _dense_weight() -> float:
    """The dense signal's weight: what the lexical one leaves (1 - its weight)."""
    return 1.0 - settings.lexical_weight()


# -- the built-in signals, in the order they rank --------------------------------
LEXICAL = register(
    Signal(
        "lexical",
        records.SIGNALS["lexical"],
        "lexical_weight",
        settings.lexical_weight,
        lexical.rank,
    )
)
DENSE = register(
    Signal(
        "dense",
        records.SIGNALS["dense"],
        "lexical_weight",
        _dense_weight,
        dense.rank,
        floor=settings.dense_floor,
        ahead=dense.find,
        finish=dense.rank_found,
        meaning=True,
        blind=dense.blind_to,
    )
)
MULTILINGUAL = register(
    Signal(
        "multilingual",
        records.SIGNALS["multilingual"],
        "multilingual_weight",
        settings.multilingual_weight,
        multilingual.rank,
        lowers=("dense", 0.5),
        meaning=True,
    )
)

"""Result sets, facet counts and "which filter to relax"."""

from __future__ import annotations

from appviews.models import facets
from appviews.models.facets import AllowedCache, Selection
from talkbase.core.filters import Filters
from talkbase.core.records import Hit, Talk, Why


def hit(
    tid: int, lexical: int | None = None, terms: tuple[str, ...] = (), match: bool = True
) -> Hit:
    return Hit(
        Talk(f"T{tid}", id=tid), 0.0, Why(matched_terms=terms, lexical_rank=lexical, match=match)
    )


def test_the_result_set_is_the_hits_the_search_marks_as_matching_in_their_order() -> None:
    # the app no longer scores: a hit the search ranked but did not mark as a match
    # (one of the nearest talks) stays out, whatever words or ranks it carries
    hits = [
        hit(3, 1, ("tpu", "pytorch")),
        hit(1, 2, ("pytorch",), match=False),
        hit(6, None),
        hit(2, 4, (), match=False),
        hit(5, None, match=False),
        hit(4, 3, ("pytorch",)),
    ]
    assert [h.talk.id for h in facets.result_set(hits)] == [3, 6, 4]
    # "Include loosely related talks": every talk the search ranked, in its order
    assert [h.talk.id for h in facets.result_set(hits, loose=True)] == [3, 1, 6, 2, 5, 4]
    assert facets.result_set([hit(1, match=False)]) == []


def test_selection_maps_to_filters() -> None:
    sel = Selection.of(
        {
            "day": "2026-10-20",
            "time": "morning",
            "track": "Kernels",
            "org": "Meta",
            "speaker": "",
            "bogus": "x",
        }
    )
    assert sel.filters() == Filters(
        day="2026-10-20", starts_before="12:00", track="Kernels", org="Meta"
    )
    assert sel.get("speaker") is None
    assert sel.without("time").filters().starts_before is None
    assert sel.with_("room", "LL20AB").get("room") == "LL20AB"
    assert not Selection() and sel


def test_the_sidebar_parts_of_the_day_are_the_words_parts() -> None:
    """ "Saturday morning" in the words and Morning in the sidebar hold the same talks:
    both read talkbase.core.when.PARTS_OF_DAY, by when a talk starts."""
    from index.search.read.understand import understand
    from index.search.read.vocab import Vocab

    vocab = Vocab(timed=True)
    for part in ("morning", "afternoon", "evening"):
        words = understand(f"rust talks in the {part}", vocab).filters.active()
        chosen = Selection.of({"time": part}).filters().active()
        assert words == chosen, part
        assert part.title() in dict(facets.candidates([])["time"])[part]


def _fake_allowed() -> AllowedCache:
    """Talks 1-6; day A = {1,2,3}, day B = {4,5,6}; track K = {1,4}, track L = {2,5}."""
    table = {"A": {1, 2, 3}, "B": {4, 5, 6}}
    tracks = {"K": {1, 4}, "L": {2, 5}}

    def lookup(f: Filters) -> list[int] | None:
        if not f.active():
            return None
        ids = {1, 2, 3, 4, 5, 6}
        if f.day:
            ids &= table[f.day]
        if f.track:
            ids &= tracks[f.track]
        return sorted(ids)

    return AllowedCache(lookup, frozenset({1, 2, 3, 4, 5, 6}))


OPTIONS = {"day": [("A", "Day A"), ("B", "Day B")], "track": [("K", "K"), ("L", "L")]}


def test_counts_ignore_the_facets_own_choice_and_apply_the_others() -> None:
    allowed = _fake_allowed()
    results = {1, 2, 4}
    sel = Selection.of({"day": "A"})
    counted = {
        f.name: {o.value: o.count for o in f.options}
        for f in facets.facet_counts(results, sel, OPTIONS, allowed)
    }
    assert counted["day"] == {"A": 2, "B": 1}  # day choice ignored for the day facet
    assert counted["track"] == {"K": 1, "L": 1}  # day A applied
    assert counted["org"] == {}


def test_chosen_value_stays_listed_with_zero() -> None:
    allowed = _fake_allowed()
    sel = Selection.of({"day": "B", "track": "L"})
    counted = {
        f.name: [(o.value, o.count) for o in f.options]
        for f in facets.facet_counts({1}, sel, OPTIONS, allowed)
    }
    assert ("B", 0) in counted["day"] and ("L", 0) in counted["track"]
    assert facets.narrow([hit(1)], sel, allowed) == []


def test_relaxations_name_the_filter_to_clear() -> None:
    allowed = _fake_allowed()
    sel = Selection.of({"day": "B", "track": "K"})
    # results {1, 2}: day B leaves none; clearing the day leaves talk 1 (track K)
    assert facets.relaxations({1, 2}, sel, allowed) == [facets.Relaxation("day", 1)]
    assert facets.relaxations({3}, sel, allowed) == []


def test_counts_equal_what_choosing_shows_on_a_real_knowledge_base(fake_kb) -> None:
    """Every count the sidebar shows is exactly the number of cards choosing it gives."""
    allowed = AllowedCache(fake_kb.allowed, frozenset(fake_kb.talks))
    options = facets.candidates(fake_kb.talks.values())
    hits = fake_kb.search("distributed training collectives", k=len(fake_kb.talks))
    results = [h for h in hits if h.why.lexical_rank]
    ids = {h.talk.id for h in results}
    for base in (Selection(), Selection.of({"org": "Meta"}), Selection.of({"time": "afternoon"})):
        for facet in facets.facet_counts(ids, base, options, allowed):
            for opt in facet.options:
                chosen = base.with_(facet.name, opt.value)
                assert len(facets.narrow(results, chosen, allowed)) == opt.count, (
                    facet.name,
                    opt.value,
                )
    # organizations are grouped: "Meta" also finds "Meta (PyTorch Distributed)"
    assert "Meta" in {v for v, _ in options["org"]}
    assert "Meta (PyTorch Distributed)" not in {v for v, _ in options["org"]}


def test_narrow_filter_still_returns_every_matching_talk(fake_kb) -> None:
    allowed = AllowedCache(fake_kb.allowed, frozenset(fake_kb.talks))
    hits = fake_kb.search("pytorch", k=len(fake_kb.talks))
    track = "Reinforcement Learning Systems"
    shown = facets.narrow(hits, Selection.of({"track": track}), allowed)
    expected = {t.id for t in fake_kb.talks.values() if t.track == track}
    assert {h.talk.id for h in shown} == expected and len(expected) == 3

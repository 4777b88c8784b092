"""The sidebar's facet counts with each value's talks looked up once per base
(appviews/facettable.py) are `facets.facet_counts`' counts, for any result set and
any choice of facets."""

from __future__ import annotations

import random

import pytest

from appviews.facettable import FacetTable
from appviews.models import facets


@pytest.fixture
def counted(fake_kb):
    talks = fake_kb.talks.get_many(sorted(fake_kb.talks))
    options = facets.candidates(talks)
    allowed = facets.AllowedCache(
        facets.canonical_orgs(fake_kb.allowed, talks), frozenset(t.id for t in talks)
    )
    return talks, options, allowed


def selections(talks, options):
    """No choice, each facet's first and last value alone, and some pairs (a speaker
    with their organization: the joint condition; a day with a time of day)."""
    yield facets.Selection()
    for name, values in options.items():
        for value, _ in values[:1] + values[-1:]:
            yield facets.Selection.of({name: value})
    speaker = next(t.speakers[0] for t in talks if t.speakers and t.speakers[0].affiliation)
    org = facets.people.organizations_of(speaker.affiliation)[0].name
    yield facets.Selection.of({"speaker": speaker.name, "org": org})
    yield facets.Selection.of({"speaker": options["speaker"][0][0], "org": org})
    yield facets.Selection.of({"org": org, "day": options["day"][0][0]})
    yield facets.Selection.of({"day": options["day"][-1][0], "time": "afternoon"})
    yield facets.Selection.of({"track": options["track"][0][0], "room": options["room"][-1][0]})


def test_counts_are_facet_counts(counted):
    talks, options, allowed = counted
    table = FacetTable(options, allowed)
    ids = [t.id for t in talks]
    rng = random.Random(19)
    result_sets = [ids, [], ids[:1], *(rng.sample(ids, rng.randint(2, len(ids))) for _ in range(8))]
    compared = 0
    for results in result_sets:
        for sel in selections(talks, options):
            want = facets.facet_counts(results, sel, options, allowed)
            assert table.counts(results, sel) == want, (sel, len(results))
            compared += 1
    assert compared > 100
    # the counts say something: all results, no choice, count each dated talk once
    days = table.counts(ids, facets.Selection())[0]
    dated = [t for t in talks if t.day]
    assert days.name == "day" and sum(o.count for o in days.options) == len(dated) > 0


def test_each_value_is_looked_up_once(counted):
    talks, options, allowed = counted
    asked: list[object] = []

    def counting(f):
        asked.append(f)
        return allowed(f)

    table = FacetTable(options, counting)
    ids = [t.id for t in talks]
    table.counts(ids, facets.Selection())
    first = len(asked)
    values = sum(len(v) for v in options.values())
    assert first == values + len(facets.FACETS)  # each value, and each facet's others
    table.counts(ids[: len(ids) // 2], facets.Selection())
    assert len(asked) == first + len(facets.FACETS)  # a new result set: no value again

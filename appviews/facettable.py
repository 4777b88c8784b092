"""The sidebar's facet counts of one open base, with what depends only on the base
made once: the talks each single facet value leaves (`appviews.models.facets`
counts a value as the results its value alone leaves, within the other choices).

`facets.facet_counts` makes, for every value of every facet (a conference of a
thousand speakers has a thousand), a `Selection` and its `Filters` to look the
value's talks up, on every new result set; here each value's talks are looked up
once per base and kept, and a new result set only intersects them. The counts are
the same (tests/test_facettable.py holds them to `facets.facet_counts`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from appviews.models import facets

# speaker and organization are one condition in SQL (the same person's affiliation):
# with the other one chosen, a value is counted on the full filters, as facets does
JOINT = {"speaker": "org", "org": "speaker"}

Values = tuple[tuple[str, str, frozenset[int]], ...]  # value, label, the talks it leaves


class FacetTable:
    """Facet counts over `options` (`facets.candidates`), looked up by `allowed`."""

    def __init__(
        self, options: Mapping[str, Sequence[tuple[str, str]]], allowed: facets.Allowed
    ) -> None:
        self.options, self.allowed = options, allowed
        self._values: dict[str, Values] = {}

    def values(self, name: str) -> Values:
        """Each value of the facet `name` with its label and the talks it alone leaves."""
        found = self._values.get(name)
        if found is None:
            found = self._values[name] = tuple(
                (value, label, self.allowed(facets.Selection.of({name: value}).filters()))
                for value, label in self.options.get(name, ())
            )
        return found

    def counts(self, results: Collection[int], selection: facets.Selection) -> list[facets.Facet]:
        """`facets.facet_counts(results, selection, options, allowed)`."""
        results = frozenset(results)
        out = []
        for spec in facets.FACETS:
            chosen = selection.get(spec.name)
            joint = JOINT.get(spec.name)
            counted: Iterable[tuple[str, str, frozenset[int]]]
            if joint is not None and selection.get(joint) is not None:
                counted = (
                    (value, label, self.allowed(selection.with_(spec.name, value).filters()))
                    for value, label in self.options.get(spec.name, ())
                )
                within = results
            else:
                counted = self.values(spec.name)
                within = results & self.allowed(selection.without(spec.name).filters())
            opts = []
            for value, label, ids in counted:
                n = len(within & ids)
                if n or value == chosen:
                    opts.append(facets.Option(value, label, n))
            if spec.name not in ("day", "time"):  # those keep calendar order
                opts.sort(key=lambda o: (-o.count, o.label.casefold()))
            out.append(facets.Facet(spec.name, spec.label, tuple(opts)))
        return out

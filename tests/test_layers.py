"""The floor plan holds: the import graph of our packages (imports inside
functions included) has no cycle, and each layer imports only the layers below
it. `make lint` checks the same with `lint-imports` (pyproject.toml)."""

from __future__ import annotations

import grimp
import pytest

PACKAGES = ("talkbase", "ingest", "index", "appviews")
ENTRY_POINTS = (
    "talkbase.cli",
    "talkbase.cliargs",
    "talkbase.warmup",
    "talkbase.api",
    "talkbase.serve",
    "talkbase.proxy",
    "talkbase.output",
    "appviews",
)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, cache_dir=None)


def _imports(graph: grimp.ImportGraph, module: str) -> set[str]:
    return set(graph.find_modules_directly_imported_by(module))


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def strongly_connected(graph: grimp.ImportGraph) -> list[list[str]]:
    """Groups of modules that import each other, directly or through others (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(start: str) -> None:  # iterative, so a long chain cannot hit the recursion limit
        work = [(start, iter(sorted(_imports(graph, start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(_imports(graph, child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.append(top)
                    if top == node:
                        break
                groups.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return groups


def test_the_cycle_finder_finds_a_cycle():
    g = grimp.ImportGraph()
    for m in ("a", "a.x", "a.y", "a.z"):
        g.add_module(m)
    g.add_import(importer="a.x", imported="a.y")
    g.add_import(importer="a.y", imported="a.x")
    g.add_import(importer="a.z", imported="a.x")
    assert [sorted(c) for c in strongly_connected(g) if len(c) > 1] == [["a.x", "a.y"]]


def test_no_import_cycle(graph):
    # a package's __init__ importing its own modules lazily (talkbase.open) is not a cycle
    cycles = [c for c in strongly_connected(graph) if len(c) > 1 and c != ["talkbase"]]
    assert cycles == []


def test_entry_points_import_only_the_service_and_the_ground(graph):
    bad = sorted(
        (m, i)
        for m in graph.modules
        if any(_within(m, e) for e in ENTRY_POINTS)
        for i in _imports(graph, m)
        if _within(i, "index") or _within(i, "ingest")
    )
    assert bad == []


def test_ingest_imports_no_index_and_no_layer_imports_an_entry_point(graph):
    lower = [m for m in graph.modules if _within(m, "ingest") or _within(m, "index")]
    upward = sorted(
        (m, i)
        for m in lower
        for i in _imports(graph, m)
        if (_within(m, "ingest") and _within(i, "index"))
        or any(_within(i, e) for e in (*ENTRY_POINTS, "talkbase.service"))
    )
    assert upward == []


def test_the_ground_imports_nothing_else_of_ours(graph):
    ground = [m for m in graph.modules if _within(m, "talkbase.core")]
    assert (
        sorted(
            (m, i) for m in ground for i in _imports(graph, m) if not _within(i, "talkbase.core")
        )
        == []
    )

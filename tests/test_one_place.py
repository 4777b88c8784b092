"""One idea, one place (issue 36): no list of three or more words is written twice
under index/, and index/search/ keeps its modules in role folders."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def word_lists(text: str) -> list[tuple[frozenset[str], int]]:
    """Every tuple, list or set written in `text` whose items are all string literals,
    three or more of them: (the words, its line)."""
    out = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Tuple | ast.List | ast.Set) and len(node.elts) >= 3:
            words = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if len(words) == len(node.elts) and all(isinstance(w, str) for w in words):
                out.append((frozenset(words), node.lineno))
    return out


def twice(root: Path) -> dict[frozenset[str], list[str]]:
    where: dict[frozenset[str], list[str]] = defaultdict(list)
    for path in sorted(root.rglob("*.py")):
        for words, line in word_lists(path.read_text(encoding="utf-8")):
            where[words].append(f"{path.relative_to(ROOT)}:{line}")
    return {w: places for w, places in where.items() if len(places) > 1}


def test_the_check_finds_a_list_written_twice():
    found = word_lists('A = ("and", "or", ",")\ndef f(w):\n    return w in [",", "or", "and"]\n')
    assert [line for _, line in found] == [1, 3]
    assert found[0][0] == found[1][0]
    assert word_lists('B = ("x", 1, "y")\nC = ("a", "b")\n') == []


def test_no_word_list_is_written_twice_under_index():
    assert twice(ROOT / "index") == {}


def test_index_search_holds_few_modules_directly():
    direct = sorted(p.name for p in (ROOT / "index" / "search").glob("*.py"))
    assert len([n for n in direct if n != "__init__.py"]) <= 8, direct
    roles = {p.name for p in (ROOT / "index" / "search").iterdir() if (p / "__init__.py").exists()}
    assert {"read", "limits", "rank", "evidence"} <= roles

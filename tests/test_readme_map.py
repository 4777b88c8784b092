"""The module map (docs/modules.md, linked from the README) matches the tree: every
module of every package is named in it, and every file it names exists."""

from __future__ import annotations

import re

from tests.conftest import ROOT

PACKAGES = ("talkbase", "ingest", "index", "appviews")


def _section() -> str:
    return (ROOT / "docs" / "modules.md").read_text(encoding="utf-8")


def test_the_readme_points_at_the_map():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/modules.md)" in readme


def test_every_module_is_on_the_map():
    section = _section()
    rows = {
        m.group(1): m.group(2)
        for m in re.finditer(r"^\| `([\w/]+/)` \|[^|]*\|(.*)\|$", section, re.M)
    }
    missing = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.name == "__init__.py":
                continue
            folder = path.parent.relative_to(ROOT).as_posix() + "/"
            if f"`{path.name}`" not in rows.get(folder, ""):
                missing.append(path.relative_to(ROOT).as_posix())
    assert missing == []


def test_every_file_on_the_map_exists():
    section = _section()
    for m in re.finditer(r"^\| `([\w/]+/)` \|[^|]*\|(.*)\|$", section, re.M):
        folder, modules = m.group(1), m.group(2)
        assert (ROOT / folder).is_dir(), folder
        for name in re.findall(r"`([\w]+\.py)`", modules):
            assert (ROOT / folder / name).is_file(), folder + name


def test_every_source_path_the_docs_name_exists():
    """A re-layout moves files: the README and docs/ follow (`NAME` is a placeholder)."""
    named = re.compile(
        r"`((?:index|ingest|talkbase|appviews|bench|tests)/[\w./-]+\.(?:py|mjs|js))`"
    )
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    missing = [
        f"{doc.name}: {m.group(1)}"
        for doc in docs
        for m in named.finditer(doc.read_text(encoding="utf-8"))
        if "NAME" not in m.group(1) and not (ROOT / m.group(1)).exists()
    ]
    assert missing == []

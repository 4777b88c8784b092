"""Each import contract of `make lint` can fail (issue 36): in a scratch copy of the
packages, a forbidden import added to a module the contract covers makes
`lint-imports` refuse it. A contract that passes whatever is imported proves nothing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGES = ("talkbase", "ingest", "index", "appviews")
LINT = Path(sys.executable).with_name("lint-imports")


def _copy(to: Path) -> Path:
    for name in PACKAGES:
        shutil.copytree(ROOT / name, to / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", to / "pyproject.toml")
    return to


def _lint(where: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(where)}
    return subprocess.run(
        [str(LINT), "--no-cache"], cwd=where, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.mark.skipif(not LINT.exists(), reason="needs lint-imports (the [test] extra)")
@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("talkbase/cliargs.py", "import index.search.kb", "only through the service"),
        ("talkbase/warmup.py", "import ingest.merge", "only through the service"),
        ("appviews/models/program.py", "import streamlit", "know nothing of Streamlit"),
        ("talkbase/cli.py", "import appviews.models.agenda", "do not import each other"),
    ],
)
def test_a_forbidden_import_is_refused(tmp_path, module, line, contract):
    where = _copy(tmp_path)
    target = where / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}  # noqa\n", encoding="utf-8")
    result = _lint(where)
    assert result.returncode != 0, result.stdout[-2000:]
    assert "BROKEN" in result.stdout and contract in result.stdout, result.stdout[-2000:]


@pytest.mark.skipif(not LINT.exists(), reason="needs lint-imports (the [test] extra)")
def test_the_copy_itself_keeps_every_contract(tmp_path):
    result = _lint(_copy(tmp_path))
    assert result.returncode == 0, result.stdout[-2000:]

"""The wheel holds the app: `pip wheel --no-deps .` ships the script Streamlit runs,
every page, the view models and HAProxy's template, and once installed `talkbase
app` runs the installed script (so `pip install .` then `talkbase app` works from
any folder). Offline: the wheel is built with the venv's own setuptools."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "talkbase", "ingest", "index", "appviews")
PIP_S = 120


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the sources (setuptools writes build/ in place)."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
    done = subprocess.run(
        [*cmd, "-w", str(out), str(src)], capture_output=True, text=True, timeout=PIP_S
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (whl,) = out.glob("talkbase-*.whl")
    return whl


def test_the_wheel_holds_the_app_its_pages_models_and_the_proxy_template(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "appviews/script/app.py" in names  # what `talkbase app` runs
    assert {"appviews/main.py", "appviews/pages.py"} <= names
    for page in (ROOT / "appviews").glob("*.py"):
        assert f"appviews/{page.name}" in names, page.name
    for model in (ROOT / "appviews" / "models").glob("*.py"):
        assert f"appviews/models/{model.name}" in names, model.name
    assert "talkbase/templates/haproxy.cfg" in names
    assert {"talkbase/serve.py", "talkbase/proxy.py", "talkbase/cli.py"} <= names
    assert not [n for n in names if n.startswith(("tests/", "bench/", "data/"))]


PROBE = """
import json, talkbase.serve as s, talkbase.proxy as p
print(json.dumps({"serve": s.__file__, "cmd": s.app_command("127.0.0.1", 8501),
                  "template": p.template()[:40]}))
"""


def test_installed_talkbase_app_runs_the_installed_script(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    cmd = [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q"]
    done = subprocess.run(
        [*cmd, "--target", str(target), str(wheel)], capture_output=True, text=True, timeout=PIP_S
    )
    assert done.returncode == 0, done.stderr[-2000:]
    elsewhere = tmp_path / "elsewhere"  # not the checkout: nothing found by the current folder
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    probe = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=elsewhere, env=env, capture_output=True, text=True
    )
    assert probe.returncode == 0, probe.stderr[-2000:]
    got = json.loads(probe.stdout)
    assert Path(got["serve"]).is_relative_to(target)
    script = Path(got["cmd"][got["cmd"].index("run") + 1])
    assert script == target / "appviews" / "script" / "app.py" and script.is_file()
    assert "from appviews.main import main" in script.read_text()
    assert got["template"].startswith("# `talkbase app --replicas N`")

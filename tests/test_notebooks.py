"""The notebooks: committed clean and current, and each runs top to bottom on a fresh build."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
DEV_QUERIES = ROOT / "tests" / "data" / "dev_queries.json"
EXPECTED = [
    "01_program_at_a_glance",
    "02_semantic_search",
    "03_topics_and_similarity",
    "04_search_quality",
]
CELL_TIMEOUT_S = 240


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_notebooks", NOTEBOOKS / "make_notebooks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_four_notebooks_are_there() -> None:
    assert sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")) == EXPECTED


@pytest.mark.parametrize("stem", EXPECTED)
def test_notebook_is_committed_without_outputs(stem: str) -> None:
    nb = nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    markdown = [c for c in nb.cells if c.cell_type == "markdown"]
    assert code and len(markdown) >= 4  # a narrative, not a code dump
    assert all(c.outputs == [] and c.execution_count is None for c in code)
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    assert (NOTEBOOKS / f"{stem}.ipynb").stat().st_size < 40_000


@pytest.mark.parametrize("stem", EXPECTED)
def test_notebook_matches_its_generator(stem: str) -> None:
    gen = _generator()
    wanted = gen.render(gen.notebook(stem, gen.NOTEBOOKS[stem]))
    current = (NOTEBOOKS / f"{stem}.ipynb").read_text(encoding="utf-8")
    assert current == wanted, "run: python notebooks/make_notebooks.py"


def test_make_notebooks_installs_jupyter_and_sets_the_home() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    extra = " ".join(project["project"]["optional-dependencies"]["notebooks"])
    assert "jupyterlab" in extra and "ipywidgets" in extra
    make = (ROOT / "Makefile").read_text()
    target = make.split("\nnotebooks:", 1)[1].split("\n\n", 1)[0]
    assert ".[notebooks]" in target and "TALKBASE_HOME=$(HOME_KB)" in target
    assert "jupyter lab notebooks" in target


@pytest.fixture(scope="module")
def kernel_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A python3 kernelspec that runs this interpreter (the venv's), whatever else is installed."""
    from ipykernel.kernelspec import write_kernel_spec

    base = tmp_path_factory.mktemp("jupyter")
    write_kernel_spec(base / "kernels" / "python3")
    return base


def _run(stem: str, home: Path, kernel_dir: Path, monkeypatch: pytest.MonkeyPatch) -> list:
    """The notebook's code cells, run top to bottom on the base at `home`, with no error."""
    from nbclient import NotebookClient

    monkeypatch.setenv("TALKBASE_HOME", str(home))
    monkeypatch.setenv("TALKBASE_JUDGMENTS", str(DEV_QUERIES))
    monkeypatch.setenv("JUPYTER_PATH", str(kernel_dir))
    # importing streamlit anywhere in this process (app tests) sets MPLBACKEND=Agg;
    # the kernel must draw inline whatever ran before
    monkeypatch.delenv("MPLBACKEND", raising=False)
    nb = nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    # a progress bar as the knowledge base's build draws one: a widget, not "IProgress not found"
    nb.cells.append(
        nbformat.v4.new_code_cell("from tqdm.auto import tqdm\nfor _ in tqdm(range(3)):\n    pass")
    )
    nb.cells.append(nbformat.v4.new_code_cell("import sys\nprint(sys.prefix)"))
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=CELL_TIMEOUT_S,
        startup_timeout=120,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    client.execute()  # a failing cell raises CellExecutionError with its traceback

    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code)
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    return code


@pytest.mark.model
@pytest.mark.parametrize("stem", EXPECTED)
def test_notebook_runs_top_to_bottom(
    stem: str, demo_home: Path, kernel_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = _run(stem, demo_home, kernel_dir, monkeypatch)
    outputs = [o for c in code for o in c.outputs]
    streams = " ".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "IProgress not found" not in streams  # ipywidgets (the notebooks extra) is there
    opened = code[0].outputs[0]["data"]["text/plain"]
    assert str(demo_home) in opened and "talks in" in opened
    assert code[-1].outputs[0]["text"].strip() == sys.prefix  # the venv's own kernel
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert images, "each notebook draws at least one chart"


@pytest.mark.parametrize("stem", EXPECTED[:3])
def test_notebook_runs_on_a_program_of_another_kind(
    stem: str, tmp_path: Path, kernel_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The program notebooks assume nothing of the demo program: a Japanese meetup that
    names no tracks runs through them (the search-quality notebook is the demo's own)."""
    from index.build.builder import ingest
    from index.encoders.hashing import HASHING, HashingEmbedder

    home = tmp_path / "meetup"
    ingest([ROOT / "bench" / "data" / "dskansai_2027.json"], home, HashingEmbedder(name=HASHING))
    monkeypatch.setenv("TALKBASE_MODEL", HASHING)  # the kernel's encoder: the base's (no model)
    code = _run(stem, home, kernel_dir, monkeypatch)
    assert str(home) in code[0].outputs[0]["data"]["text/plain"]

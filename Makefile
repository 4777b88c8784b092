# One task runner. `make run` and `make test` work on a fresh clone.
VENV    ?= .venv
PYTHON  ?= python3
PY      := $(VENV)/bin/python
HOME_KB ?= $(CURDIR)/.kb
PORT    ?= 8501

.PHONY: install run ingest app test test-fast browser serve-deps lint bench bench-load eval clean notebooks

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# The CPU build of torch, pinned first: a bare `torch` would pull a CUDA build of several GB.
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e '.[test,ray]'
	# The ONNX encoder files, made once from the installed model (index/encoders/onnx_encoder.py).
	$(PY) -m index.encoders.onnx_encoder
	touch $@

install: $(VENV)/.installed

ingest: install
	TALKBASE_HOME=$(HOME_KB) $(VENV)/bin/talkbase ingest data/programs

app: install
	TALKBASE_HOME=$(HOME_KB) $(VENV)/bin/talkbase app --port $(PORT)

# The main job: build the demo knowledge base, then serve the app on localhost.
run: ingest app

# Debian's chromium + chromium-driver for the real-browser test.
browser:
	@sh scripts/ensure-chromium.sh

# Debian's haproxy for `talkbase app --replicas N` (and its test).
serve-deps:
	@sh scripts/ensure-haproxy.sh

test: install browser serve-deps
	$(PY) -m pytest

test-fast: install
	$(PY) -m pytest -m "not model and not browser"

# The same checks CI runs (.ci/run): lint, formatting, types over every package, the layers.
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# txtai (the [bench] extra) runs beside talkbase on the same collection; never a runtime need.
$(VENV)/.bench: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[bench]'
	touch $@

bench: $(VENV)/.bench
	$(PY) bench/run.py
	$(PY) bench/reading.py --quiet
	$(PY) bench/reading.py --quiet --file bench/data/constraint_phrasings_2.json
	$(PY) bench/reading.py --quiet --file bench/data/topical_phrasings.json

# Many browser tabs at once against a served demo base (bench/load.py --help for the options).
bench-load: install
	$(PY) bench/load.py --serve --users 20 --think 2 --duration 45

# JupyterLab on the notebooks, reading the demo knowledge base (built first if missing).
notebooks: ingest
	$(PY) -m pip install --quiet -e '.[notebooks]'
	TALKBASE_HOME=$(HOME_KB) $(VENV)/bin/jupyter lab notebooks/

eval: ingest
	TALKBASE_HOME=$(HOME_KB) $(VENV)/bin/talkbase eval tests/data/dev_queries.json

clean:
	rm -rf $(VENV) $(HOME_KB) .pytest_cache .mypy_cache .ruff_cache

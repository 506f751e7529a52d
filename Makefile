# Two commands for users: `make run` and `make test`. Everything else is for developers.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint format typecheck bench clean

# `make run HOST=0.0.0.0` lets friends on your network open the invite links;
# PUBLIC_URL=https://… when they reach you through a proxy or tunnel.
HOST ?= 127.0.0.1
PORT ?= 8000
PUBLIC_URL ?=

$(BIN)/python:
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The stamp files make a second `make` fast and re-install when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/spelkvall serve --host $(HOST) --port $(PORT) $(if $(PUBLIC_URL),--public-url $(PUBLIC_URL))

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

# pytest exits 5 when it collected no tests; make treats that as the failure it is.
# The engine, bot, conformance and research tests only compute: they run on both cores (about half the
# suite's time). The server, store and browser tests start servers and browsers, which wait
# on each other more than they compute: they run after them, a file at a time on each of two
# workers (a file's tests share their server and browser).
PARALLEL := tests/core tests/games tests/bots tests/conformance tests/cli tests/research
# The games' kernels are compiled first, a game a core: the two workers would each compile them.
# --durations: the slowest tests in every log, to keep a fresh clone's run under 20 minutes.
test: lint typecheck
	$(BIN)/python -c 'from spelkvall.server.warm import compile_games as c; print(f"kernels: {c():.0f} s")'
	$(BIN)/python -m pytest -n 2 --durations=15 $(PARALLEL)
	$(BIN)/python -m pytest -n 2 --dist loadfile --durations=15 $(addprefix --ignore=,$(PARALLEL))

format: $(VENV)/.installed-test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/fia_random_games.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

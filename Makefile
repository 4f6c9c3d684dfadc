# gamebook-engine: every target bootstraps its own virtual environment in .venv.
# The venv is (re)installed only when pyproject.toml is newer than the stamp file.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench lint docs schema clean

play: $(STAMP)
	$(BIN)/gamebook play

# one worker a core, at most 4 (the heaviest tests hold about 3 GB each); a test file
# stays whole on one worker (its module fixtures are built once, and a test may read
# the cache an earlier test of its file warmed)
test: $(STAMP)
	$(BIN)/python -m pytest -n auto --maxprocesses 4 --dist loadfile

bench: $(STAMP)
	$(BIN)/python -m tools.bench
	$(BIN)/python -m tools.bench_play
	$(BIN)/python -m tools.bench_odds
	$(BIN)/python -m tools.bench_explore
	$(BIN)/python -m tools.bench_compiled
	$(BIN)/python -m tools.bench_lsp
	$(BIN)/python -m tools.bench_deep

lint: $(STAMP)
	$(BIN)/gamebook lint books/*.yaml

docs schema: $(STAMP)
	$(BIN)/python -m tools.gen_docs
	$(BIN)/python -m tools.gen_schema
	$(BIN)/python -m tools.gen_graphs

PLUGIN := tests/plugins/gamebook-rules-kai

$(STAMP): pyproject.toml $(PLUGIN)/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	# The third-party rule module that proves the plugin interface (tests only).
	$(BIN)/python -m pip install --quiet --no-deps -e $(PLUGIN)
	touch $(STAMP)

clean:
	rm -rf $(VENV) bench-out .pytest_cache .hypothesis

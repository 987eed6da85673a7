# The two commands of the README: `make site` builds the site, `make test` runs every check.
# Both set up what they need first (a virtual environment in .venv; for tests also Debian's
# Chromium and the npm tools), so they work on a fresh machine.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: site test quick check lint serve bench clean

site: $(VENV)/.installed
	$(BIN)/digest build

serve: $(VENV)/.installed
	$(BIN)/digest serve

test: $(VENV)/.installed-dev node_modules/.installed
	scripts/install-browser
	$(MAKE) lint
	$(BIN)/pytest -n 2 --durations=15

# The quick subset, for a contributor between edits (CONTRIBUTING.md, "Tests"): every test
# but those that run `generate` or build a site, are slow, or need Chromium
# (tests/pipeline_guard.py keeps the first mark honest). No lint, no browser, no npm.
QUICK := not generate and not slow and not browser
quick: $(VENV)/.installed-dev node_modules/.installed
	$(BIN)/pytest -n 2 -m "$(QUICK)" --durations=5

# What a pull request is checked for, short of the tests: pages and taxonomy, then the strict build.
check: $(VENV)/.installed
	$(BIN)/digest build --check

# The benchmark: `make bench CORPUS=papers.jsonl.gz PAPERS=20000` (see benchmarks/bench.py).
PAPERS ?= 1000
bench: $(VENV)/.installed-dev
	test -n "$(CORPUS)" || { echo "usage: make bench CORPUS=path/to/papers.jsonl.gz [PAPERS=20000]"; exit 2; }
	$(BIN)/python -m benchmarks.bench "$(CORPUS)" --papers $(PAPERS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf site .digest site_src/index.md site_src/tags site_src/browse overrides/generated \
		site_src/stats site_src/map site_src/authors site_src/venues site_src/reading-list \
		site_src/feeds site_src/bib site_src/downloads site_src/papers.json.gz site_src/assets/generated

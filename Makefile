# `make`      : set up (.venv, Python and Debian dependencies), build the site and the sample PDFs
# `make test` : set up, then run the whole test suite (pytest: unit, doctests, Sphinx, PDF, browser)
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
BUILD  ?= build
# exact versions for a reproducible run; `make setup CONSTRAINTS=` installs the newest within pyproject's ranges
CONSTRAINTS ?= constraints.txt
SPHINXOPTS ?= -W --keep-going -q
# the site's public address (`make html SITE_URL=https://example.org/rules/`, or in the environment):
# given, each build gets it as html_baseurl and writes sitemap.xml (the 繁體 one under hant/)
SITE_URL ?=
BASEURL_HANS := $(if $(SITE_URL),-D html_baseurl=$(SITE_URL))
BASEURL_HANT := $(if $(SITE_URL),-D html_baseurl=$(patsubst %/,%,$(SITE_URL))/hant/)
DEB_PACKAGES := chromium chromium-driver fonts-wqy-microhei poppler-utils
# events published beside the rulebook (`make html EVENTS=folder`, or `make events EVENTS=folder`):
# each EVENT.pbn or EVENT.xml there into $(BUILD)/html/events/EVENT/, with the ruling records of the
# folder EVENT-rulings/ and the corrections EVENT-fix.toml when they are there; laws link to this site.
# `make html` gives the folder to both builds as rules_events_dir (instead of conf.py's samples):
# published in both scripts and listed on 赛事成绩 (rules_ext/event_site/sphinx_ext.py)
EVENTS ?=
EVENTS_DIR := $(if $(EVENTS),-D rules_events_dir=$(abspath $(EVENTS)))

.PHONY: all setup system-deps html events doctest pdf lint test test-full bench clean check

all: setup html pdf

setup: $(VENV)/.installed system-deps

$(VENV)/.installed: pyproject.toml $(CONSTRAINTS)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q $(if $(CONSTRAINTS),-c $(CONSTRAINTS)) -e '.[test]'
	touch $@

# Debian packages for the browser test, the PDF font and PDF renderings; installed only when missing.
system-deps:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "missing Debian packages:$$missing (run: sudo apt-get install$$missing)"; fi; \
	fi

# the 简体 site, then the 繁體 site in html/hant/ (the same pages converted: rules_ext/rulebook_site/hant.py);
# the doctrees (Sphinx's cache) stay outside the published folder
html: setup
	$(PY) -m sphinx $(SPHINXOPTS) -c . -b html -d $(BUILD)/doctrees/hans $(BASEURL_HANS) $(EVENTS_DIR) source $(BUILD)/html
	$(PY) -m sphinx $(SPHINXOPTS) -c . -b html -d $(BUILD)/doctrees/hant -D language=zh_TW $(BASEURL_HANT) $(EVENTS_DIR) \
	  source $(BUILD)/html/hant

events: setup
	@test -n "$(EVENTS)" || { echo "events: give the folder of events: make events EVENTS=folder"; exit 1; }
	mkdir -p $(BUILD)/html/events
	@for f in $(EVENTS)/*.pbn $(EVENTS)/*.xml; do \
	  [ -f "$$f" ] || continue; n=$$(basename "$${f%.*}"); set -- "$$f" -o "$(BUILD)/html/events/$$n" --rulebook ../../; \
	  [ -d "$(EVENTS)/$$n-rulings" ] && set -- "$$@" --rulings "$(EVENTS)/$$n-rulings"; \
	  [ -f "$(EVENTS)/$$n-fix.toml" ] && set -- "$$@" --corrections "$(EVENTS)/$$n-fix.toml"; \
	  $(PY) -m rules_ext publish "$$@" || exit 1; \
	done

doctest: setup
	$(PY) -m sphinx $(SPHINXOPTS) -c . -b doctest -d $(BUILD)/doctrees/hans source $(BUILD)/doctest

pdf: setup
	mkdir -p $(BUILD)/html
	$(PY) -m rules_ext samples -o $(BUILD)/html/pdf $(if $(SITE_URL),--site-url $(SITE_URL))

check: setup
	$(PY) -m rules_ext check

lint: setup
	$(PY) -m ruff check rules_ext tests benchmarks conf.py
	$(PY) -m mypy

# two workers (PYTEST_WORKERS=auto for one per core); the tests of one shared build (the site, the
# sample PDFs) run on one worker (tests/conftest.py groups them); the slowest 15 tests are listed, so
# that growth is seen where it happens
PYTEST_WORKERS ?= 2
test: setup lint
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) --dist loadgroup --durations=15 -m "not full"

# the exhaustive checks make test samples (marked `full`: every sample case walked on the site);
# CI runs this target too
test-full: setup
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) --dist loadgroup --durations=15 -m full

# every benchmark runs; the target fails at the end if any missed a goal (each says which)
bench: setup
	@failed=""; for b in benchmarks/bench_*.py; do echo "== $$b"; $(PY) $$b || failed="$$failed $$b"; done; \
	if [ -n "$$failed" ]; then echo "goals missed:$$failed"; exit 1; fi

clean:
	rm -rf $(BUILD)

# The README's two commands: `make run` and `make test`. Both set everything up from nothing
# and are safe to repeat. The virtual environment is stamped with what it was built from, by
# content, never by time: a checkout, a branch switch or a stash that rewrites pyproject.toml
# with the same bytes rebuilds nothing, and the 9-minute llama.cpp build happens again only when
# its own pin or its build flags change.
VENV ?= .venv
PY := $(VENV)/bin/python
# llama-cpp-python compiles llama.cpp from source on a fresh machine; use every core.
export CMAKE_BUILD_PARALLEL_LEVEL ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: setup compiled run test test-fast check lint format bench mutate

# llama.cpp is built for the instructions every x86-64 machine here has (AVX2, FMA, F16C), not
# with -march=native: a host that reports AMX in CPUID but does not let processes use it (seen
# on 2026-11-30) gets a library that dies with SIGILL on the first prompt. pip's wheel cache is
# bypassed for it (the cache does not know the flags it was built with).
LLAMA_CMAKE_ARGS := $(if $(filter x86_64,$(shell uname -m)),-DGGML_NATIVE=OFF,)
LLAMA_FLAGS := $(subst $(eval) ,,$(LLAMA_CMAKE_ARGS))
LLAMA_PIN := $(shell grep -o 'llama-cpp-python==[0-9.]*' pyproject.toml | head -1)
LLAMA_VERSION := $(patsubst llama-cpp-python==%,%,$(LLAMA_PIN))
# The build's stamp names the version and the flags; the install's names a hash of
# pyproject.toml's bytes.
LLAMA_STAMP := $(VENV)/.llama-$(LLAMA_VERSION)$(LLAMA_FLAGS)
PYPROJECT_SHA := $(shell sha256sum pyproject.toml 2>/dev/null | cut -c1-16)
STAMP := $(VENV)/.installed-$(PYPROJECT_SHA)
INSTALLED_LLAMA = $$($(PY) -c 'import importlib.metadata as m; print(m.version("llama-cpp-python"))' 2>/dev/null)

# The build says it is still going every LLAMA_TICK seconds (its ticker sleeps with no output
# open, so nothing waits on it once pip is done).
LLAMA_TICK ?= 60

# A virtual environment stamped the old way (.llama-built<flags>, by time) with this very version
# installed is taken as built, once, rather than rebuilt.
$(LLAMA_STAMP):
	test -x $(PY) || python3 -m venv $(VENV)
	@if [ -e "$(VENV)/.llama-built$(LLAMA_FLAGS)" ] && [ "$(INSTALLED_LLAMA)" = "$(LLAMA_VERSION)" ]; then \
		echo "llama-cpp-python $(LLAMA_VERSION) is built with these flags already"; \
	else \
		set -e; \
		$(PY) -m pip install --quiet --upgrade pip; \
		echo "building llama-cpp-python $(LLAMA_VERSION) ($(or $(LLAMA_CMAKE_ARGS),default flags)):" \
			"pip compiles llama.cpp from source, about 10 minutes on 2 cores, silent but for" \
			"a line every $(LLAMA_TICK) s"; \
		( elapsed=0; while sleep $(LLAMA_TICK) </dev/null >/dev/null 2>&1; do \
			elapsed=$$((elapsed + $(LLAMA_TICK))); \
			echo "  still building llama-cpp-python: $$((elapsed / 60)) min $$((elapsed % 60)) s"; \
		done ) & ticker=$$!; \
		status=0; CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(PY) -m pip install --quiet --no-cache-dir \
			--force-reinstall --no-deps "$(LLAMA_PIN)" || status=$$?; \
		kill $$ticker 2>/dev/null || true; \
		test $$status -eq 0; \
	fi
	rm -f $(VENV)/.llama-built* $(VENV)/.llama-[0-9]*
	touch $(LLAMA_STAMP)

$(STAMP): $(LLAMA_STAMP)
	$(PY) -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

setup: $(STAMP)

# The grader's rules compiled with mypyc into build/compiled/ (grader/compiled.py says when the
# build is used: only while it matches the sources). Quick when nothing changed; where nothing
# can be compiled (no C compiler) it says so and the grader runs as pure Python.
compiled: setup
	$(PY) tools/build_compiled.py

# Opens the review app on the newest run; when runs/ holds none, makes one first (a small
# run of the bundled model over five questions of the finance corpus, of every kind).
run: setup compiled
	@if [ -z "$$(find runs -maxdepth 1 -name '*.jsonl' ! -name '*.grades.jsonl' ! -name '*.marks.jsonl' ! -name '*.grades-history.jsonl' ! -name '*.judgements.jsonl' 2>/dev/null)" ]; then \
		$(VENV)/bin/ragtriage run --corpus finance --config k3-small --sample 5; \
	fi
	$(VENV)/bin/ragtriage review

test: setup compiled
	$(PY) -m pytest

# The grader's and the CLI's tests, less those marked slow: under a minute on this two-core
# machine while it is busy (`make test` runs every test, these and the slow ones). Left out:
# the review app's, the engine's, the importers', the compiled build's and the Makefile's own.
# It builds nothing: where the compiled build is stale the grader runs as pure Python.
NOT_FAST := tui tui_fit tui_blind review_graders review_grading review_judge engine real_model \
	server_backend judge openrag corpora importers imports imports_afternoon marks_forms \
	compare_graders workspace compiled makefile bench_openqa tui_ab_graders
FAST_TESTS := $(filter-out $(NOT_FAST:%=tests/test_%.py),$(wildcard tests/test_*.py tests/rules/test_*.py))

test-fast: setup
	$(PY) -m pytest -n auto -m "not slow and not model" $(FAST_TESTS)

lint: setup
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .
	$(PY) -m mypy grader engine tui corpora

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

check: lint test

bench: setup compiled
	$(PY) bench/bench_declines.py
	$(PY) bench/bench_judge.py --no-judge
	$(PY) bench/bench_grade.py
	$(PY) bench/bench_regex.py
	$(PY) bench/bench_audit.py
	$(PY) bench/bench_review.py
	$(PY) bench/bench_engine.py
	$(PY) bench/bench_server.py
	$(PY) bench/bench_compare.py
	$(PY) bench/bench_ingest.py
	$(PY) bench/bench_prompt.py
	$(PY) bench/bench_measure.py

# Mutation testing of the grader's rules (bench/mutate.py): well over an hour on one core, so
# never part of `make test`.
mutate: setup
	RAGTRIAGE_PURE=1 $(PY) bench/mutate.py

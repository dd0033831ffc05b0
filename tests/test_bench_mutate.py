"""bench/mutate.py runs, for each mutant, the rules' fast tests: every test file of the rules
(tests/rules/) is among them, in the list run for every mutant or in a module's own, so that a
family's cases written after the list was made still kill its mutants (two survivors of one run
were killed by cases in files the list did not name)."""

from __future__ import annotations

import sys

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import mutate


def test_every_rule_test_file_runs_for_the_mutants():
    run = set(mutate.TESTS).union(*mutate.OWN_TESTS.values())
    files = {
        path.relative_to(ROOT).as_posix() for path in (ROOT / "tests" / "rules").glob("test_*.py")
    }
    assert files - run == set(), "name them in bench/mutate.py's TESTS or a module's OWN_TESTS"


def test_every_named_test_file_exists():
    run = set(mutate.TESTS).union(*mutate.OWN_TESTS.values())
    assert {name for name in run if not (ROOT / name).exists()} == set()

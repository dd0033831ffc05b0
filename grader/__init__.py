"""Pure, deterministic grading of RAG answers. Imports no UI code (a test proves it).

The grader is built in four floors; a floor imports only the floors below it (a test checks
every module, `tests/test_boundaries.py`):

1. `grader.schema`, `grader.errors` and `grader.registry`, the ground: the one declaration of
   an answer, its gold and its sources; the error types; looking alternatives up by name.
2. `grader.rules`: the answer read once, and the grading rules over that reading (DESIGN 4).
3. `grader.records`: what lives on disk beside a run: run-file readers, grades of record, marks,
   atomic writes, the scorecard.
4. `grader.audit`: what a rule change would do, and did: collision scan, flip preview,
   rebaseline, strategies, regrade, A/B compare.

The decline list shipped with the grader is data: `grader/needles/declines.json`.
"""

from grader.compiled import install as _install_compiled

_install_compiled()  # the compiled rules, when built from today's sources (grader.compiled)
